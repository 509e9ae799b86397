"""The plain 9x9 format of the `hatch` command (docs/cross-hatching.md).

Input: nine lines of nine digits, ``0`` for an empty cell, standard 3x3 boxes.
Blank lines around the grid, trailing whitespace and ``\\r\\n`` line ends are
tolerated; anything else is a `PuzzleError` naming the (1-based) grid row and
column. (`squiggly_cp.ask.hatch.format_hatch` writes the answer.)
"""

from __future__ import annotations

import re

from ..core.puzzle import Puzzle, PuzzleError, standard_regions
from .rules_check import refuse_any_rule
from .text import Sample

SIZE = 9


_ROW = re.compile(r"[0-9]{9}")


def looks_plain(sample: Sample) -> bool:
    """Exactly nine non-blank lines, each exactly nine digits 0-9."""
    return len(sample.lines) == SIZE and all(_ROW.fullmatch(line.rstrip()) for line in sample.lines)


def write_plain(puzzle: Puzzle) -> str:
    """Nine lines of nine digits; only a classic 9x9 (standard boxes) fits."""
    refuse_any_rule(puzzle, "plain")
    if puzzle.size != SIZE or puzzle.regions != standard_regions(SIZE):
        raise PuzzleError(
            "the plain format holds only classic 9x9 puzzles (standard 3x3 boxes); "
            "use grid, line or fpuzzles for this one"
        )
    return "".join("".join(map(str, puzzle.givens[r * SIZE : (r + 1) * SIZE])) + "\n" for r in range(SIZE))


def read_plain(text: str) -> Puzzle:
    """Parse nine lines of nine digits (0 = empty) into a standard 9x9 puzzle."""
    lines = [line.rstrip() for line in text.splitlines()]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    if not lines:
        raise PuzzleError(f"expected {SIZE} rows, found none")
    givens: list[int] = []
    for r, line in enumerate(lines[:SIZE], start=1):
        for c, char in enumerate(line, start=1):
            if not ("0" <= char <= "9"):
                raise PuzzleError(f"{char!r} is not a digit", r, c)
        if len(line) != SIZE:
            raise PuzzleError(f"row has {len(line)} cells, expected {SIZE}", r)
        givens.extend(int(char) for char in line)
    if len(lines) != SIZE:
        # Name the first missing or extra row.
        row = len(lines) + 1 if len(lines) < SIZE else SIZE + 1
        raise PuzzleError(f"expected {SIZE} rows, found {len(lines)}", row)
    return Puzzle.standard(givens, SIZE)
