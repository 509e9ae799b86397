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

    from .core.case import Case, InputError
    from .core.puzzle import Grid, Puzzle, PuzzleError, Result, Verdict, standard_regions
    from .engines.registry import ENGINES, classify
    from .formats.hdu import format_result, read_hdu, write_hdu

_HOMES = {
    "ENGINES": "engines.registry",
    "classify": "engines.registry",
    "Case": "core.case",
    "InputError": "core.case",
    "format_result": "formats.hdu",
    "read_hdu": "formats.hdu",
    "write_hdu": "formats.hdu",
    "Grid": "core.puzzle",
    "Puzzle": "core.puzzle",
    "PuzzleError": "core.puzzle",
    "Result": "core.puzzle",
    "Verdict": "core.puzzle",
    "standard_regions": "core.puzzle",
}

__all__ = [
    "ENGINES",
    "Case",
    "Grid",
    "InputError",
    "Puzzle",
    "PuzzleError",
    "Result",
    "Verdict",
    "classify",
    "format_result",
    "read_hdu",
    "standard_regions",
    "write_hdu",
]


def __getattr__(name: str) -> Any:
    import importlib

    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOMES])
