"""squiggly-cp: decide squiggly (jigsaw) sudoku with OR-Tools CP-SAT.

from squiggly_cp import read_hdu, classify
for case in read_hdu(open("puzzles.txt", "rb")):
    if isinstance(case, InputError): ...
    else: print(case.number, classify(case.puzzle).verdict)
"""

from .engines import ENGINES, classify
from .formats.hdu import Case, InputError, format_result, read_hdu, write_hdu
from .puzzle import Grid, Puzzle, PuzzleError, Result, Verdict, standard_regions

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
