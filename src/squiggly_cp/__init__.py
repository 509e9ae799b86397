"""squiggly-cp: decide squiggly (jigsaw) sudoku with OR-Tools CP-SAT.

from squiggly_cp import read_hdu, classify
for case in read_hdu(open("puzzles.txt", "rb")):
    if isinstance(case, InputError): ...
    else: print(case.number, classify(case.puzzle).verdict)

Names are loaded on first use, so importing the package (as the command line
does first) costs almost nothing.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing itself is not imported: the package must load fast
if TYPE_CHECKING:
    from typing import Any

    from .ask.count import count, true_candidates
    from .ask.crosscheck import Crosscheck
    from .ask.explain import explain
    from .ask.hatch import hatch
    from .ask.hint import hint
    from .core.case import Case, InputError
    from .core.limits import Undecided
    from .core.position import Position
    from .core.propagate import candidates
    from .core.puzzle import Grid, Puzzle, PuzzleError, Result, Verdict, standard_regions
    from .draw.page import logic_page
    from .draw.render import render_svg, render_text
    from .engines.registry import ENGINES, classify
    from .formats.detect import read_puzzles, write_puzzles
    from .formats.hdu import format_result, read_hdu, write_hdu
    from .formats.open import read_positions
    from .logic import rate, solve_logic
    from .logic.assess import assess
    from .make.generate import generate, make_puzzle
    from .make.regionmaps import check_layout_fillable, random_layout
    from .make.targets import rating_target
    from .web.app import create_app

# Each public name and the module it lives in (the layers: docs/architecture.md).
_HOMES = {
    "Case": "core.case",
    "InputError": "core.case",
    "Undecided": "core.limits",
    "Position": "core.position",
    "candidates": "core.propagate",
    "Grid": "core.puzzle",
    "Puzzle": "core.puzzle",
    "PuzzleError": "core.puzzle",
    "Result": "core.puzzle",
    "Verdict": "core.puzzle",
    "standard_regions": "core.puzzle",
    "ENGINES": "engines.registry",
    "classify": "engines.registry",
    "read_puzzles": "formats.detect",
    "write_puzzles": "formats.detect",
    "format_result": "formats.hdu",
    "read_hdu": "formats.hdu",
    "write_hdu": "formats.hdu",
    "read_positions": "formats.open",
    "rate": "logic",
    "solve_logic": "logic",
    "assess": "logic.assess",
    "count": "ask.count",
    "true_candidates": "ask.count",
    "Crosscheck": "ask.crosscheck",
    "explain": "ask.explain",
    "generate": "make.generate",
    "make_puzzle": "make.generate",
    "rating_target": "make.targets",
    "hatch": "ask.hatch",
    "hint": "ask.hint",
    "check_layout_fillable": "make.regionmaps",
    "random_layout": "make.regionmaps",
    "logic_page": "draw.page",
    "render_svg": "draw.render",
    "render_text": "draw.render",
    "create_app": "web.app",
}

__all__ = [
    "ENGINES",
    "Case",
    "Crosscheck",
    "Grid",
    "InputError",
    "Position",
    "Puzzle",
    "PuzzleError",
    "Result",
    "Undecided",
    "Verdict",
    "assess",
    "candidates",
    "check_layout_fillable",
    "classify",
    "count",
    "create_app",
    "explain",
    "format_result",
    "generate",
    "hatch",
    "hint",
    "logic_page",
    "make_puzzle",
    "random_layout",
    "rate",
    "rating_target",
    "read_hdu",
    "read_positions",
    "read_puzzles",
    "render_svg",
    "render_text",
    "solve_logic",
    "standard_regions",
    "true_candidates",
    "write_hdu",
    "write_puzzles",
]


def __getattr__(name: str) -> Any:
    from .core.signals import import_held  # a Ctrl-C in OR-Tools' import would break it

    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_held(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOMES])
