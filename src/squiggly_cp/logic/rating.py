"""Puzzle rating: the hardest step of the easiest-first path, plus a score and a level.

* ``rating`` is the largest step difficulty on the path (Sudoku Explainer's
  ER). A path that does not finish (stuck, or a contradiction) is rated 20.0.
* ``score`` sums a per-technique base score over every step, HoDoKu style
  (`SCORES`): many easy steps add up, so two puzzles with the same rating
  can still be told apart.
* ``level`` comes from the rating alone (`LEVELS`): ``beyond`` when the path
  needs a trial step or does not finish.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.puzzle import Puzzle
from .solver import FINDERS, LogicResult, solve_logic

SCORES: dict[str, int] = {t.name: t.score for t in FINDERS}
"""Per-step base score, from the family modules' `FINDERS`: the values of
HoDoKu's scale where it has the technique."""

LEVELS: tuple[tuple[str, float], ...] = (
    ("easy", 2.3),
    ("medium", 3.4),
    ("hard", 4.6),
    ("fiendish", 9.9),
)
"""(level, highest rating in it); anything above, or a trial, is ``beyond``.

easy: singles only. medium: adds locked candidates, pairs, one- and two-line
leftovers, X-Wing. hard: triples, swordfish, larger leftovers, wings.
fiendish: quads, jellyfish, chains.
"""

UNFINISHED = 20.0


@dataclass
class Rating:
    """A puzzle's rating; see the module docstring."""

    rating: float
    score: int
    level: str
    hardest: str | None
    counts: dict[str, int]
    solved: bool
    contradiction: str | None = None
    result: LogicResult | None = field(default=None, repr=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "rating": self.rating,
            "score": self.score,
            "level": self.level,
            "hardest": self.hardest,
            "counts": dict(self.counts),
            "solved": self.solved,
            "contradiction": self.contradiction,
        }


def level_for(rating: float, used_trial: bool = False) -> str:
    if used_trial:
        return "beyond"
    for name, top in LEVELS:
        if rating <= top:
            return name
    return "beyond"


def rate_result(result: LogicResult) -> Rating:
    """The rating of a finished `solve_logic` result."""
    counts: dict[str, int] = {}
    hardest = None
    top = 0.0
    for step in result.steps:
        counts[step.technique] = counts.get(step.technique, 0) + 1
        if step.difficulty > top:
            top = step.difficulty
            hardest = step.technique
    score = sum(SCORES[step.technique] for step in result.steps)
    rating = top if result.solved else UNFINISHED
    return Rating(
        rating=rating,
        score=score,
        level=level_for(rating, "trial" in counts),
        hardest=hardest,
        counts=counts,
        solved=result.solved,
        contradiction=result.contradiction,
        result=result,
    )


def rate(puzzle: Puzzle, *, max_technique: str | None = None) -> Rating:
    """Solve ``puzzle`` by logic and rate the path (see the module docstring)."""
    return rate_result(solve_logic(puzzle, max_technique=max_technique))
