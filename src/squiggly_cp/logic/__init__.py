"""Human-style logic solving and difficulty rating for squiggly sudoku.

    from squiggly_cp.logic import solve_logic, rate, TECHNIQUES, format_grid

`solve_logic` applies, step by step, the easiest technique that makes
progress (`TECHNIQUES` lists them, easiest first) and returns the steps and
where it stopped; `rate` turns the path into a rating (with pearl and
diamond), score and level. Both take ``scale="se"`` for Sudoku Explainer's
catalogue, grades and order (`SCALES`). Nothing assumes 3x3 boxes: rows,
columns and regions are all houses. A step's houses are indices of its
puzzle's `Layout.houses`; ``puzzle.layout.house_name(h)`` names one.
"""

from __future__ import annotations

from .rating import LEVELS, SCORES, Rating, level_for, rate, rate_result
from .scales import SCALES, Scale
from .solver import BASE_DIFFICULTY, TECHNIQUES, LogicResult, find_step, next_step, solve_logic
from .state import State, format_grid
from .step import Step

__all__ = [
    "BASE_DIFFICULTY",
    "LEVELS",
    "SCALES",
    "SCORES",
    "TECHNIQUES",
    "LogicResult",
    "Rating",
    "Scale",
    "State",
    "Step",
    "find_step",
    "format_grid",
    "level_for",
    "next_step",
    "rate",
    "rate_result",
    "solve_logic",
]
