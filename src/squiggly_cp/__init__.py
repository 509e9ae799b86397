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

    from .case import Case, InputError
    from .engines import ENGINES, classify
    from .formats.hdu import format_result, read_hdu, write_hdu
    from .puzzle import Grid, Puzzle, PuzzleError, Result, Verdict, standard_regions

_HOMES = {
    "ENGINES": "engines",
    "classify": "engines",
    "Case": "case",
    "InputError": "case",
    "format_result": "formats.hdu",
    "read_hdu": "formats.hdu",
    "write_hdu": "formats.hdu",
    "Grid": "puzzle",
    "Puzzle": "puzzle",
    "PuzzleError": "puzzle",
    "Result": "puzzle",
    "Verdict": "puzzle",
    "standard_regions": "puzzle",
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
