"""The ``grid`` format: N rows of givens, then N rows of region labels.

A 4x4 example (givens, then labels; same label = same region)::

    1...
    ..2.
    .3..
    ...4
    AAAB
    ACBB
    CCDB
    CDDD

Givens: ``.`` or ``0`` for an empty cell, else a digit of `DIGIT_CHARS`
(1-9 then A-G for 10-16, either case), at most N. Region labels: any ASCII
letter or digit, case-sensitive; every cell with the same character is in the
same region. A cell is always one character; spaces and tabs inside a row are
ignored, so ``5 . 3 . 7 ...`` is read like ``5.3.7...``.

Telling puzzles apart: a *block* is a run of non-blank lines. N is the number
of cells in the first row of a puzzle. A puzzle is either one block of 2N rows
(givens directly followed by labels) or a block of N rows of givens, one or
more blank lines, and a block of N rows of labels. Puzzles are separated by
blank lines. A block of any other length is a malformed puzzle by itself.

Every problem comes back as an `InputError` in the puzzle's place, naming the
puzzle (1-based ``case``), the grid row and column (1-based; a labels row ``r``
is grid row ``r``) and the line of the input; the other puzzles are still read.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..core.case import InputError
from ..core.puzzle import DIGIT_CHARS, MAX_SIZE, MIN_SIZE, Puzzle, PuzzleError, digit_char
from ..core.regions import check_regions

LABEL_CHARS = "ABCDEFGHIJKLMNOP"
"""What `write_grid` writes for regions 0, 1, 2, ... (in order of first appearance)."""

_ALNUM = frozenset("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")


def given_value(char: str, size: int) -> int | str:
    """The digit a given character stands for (0 for empty), or what is wrong with it."""
    if char in ".0":
        return 0
    value = DIGIT_CHARS.find(char.upper()) + 1
    if value == 0:
        return f"{char!r} is not a given: use 1-{DIGIT_CHARS[size - 1]}, or '.' or '0' for an empty cell"
    if value > size:
        return f"{char!r} means {value}, above {size} (the largest digit of a {size}x{size} puzzle)"
    return value


def label_problem(char: str) -> str | None:
    """What is wrong with a region-label character, or None if it is fine."""
    if char in _ALNUM:
        return None
    return f"{char!r} is not a region label (use letters or digits)"


@dataclass(frozen=True)
class _Row:
    line: int
    cells: str


def read_grid(text: str) -> list[Puzzle | InputError]:
    """Read every puzzle of ``text``; a malformed one comes back as an `InputError`."""
    blocks: list[list[_Row]] = []
    current: list[_Row] = []
    for line_number, line in enumerate(text.splitlines(), start=1):
        cells = "".join(line.split())
        if cells:
            current.append(_Row(line_number, cells))
        elif current:
            blocks.append(current)
            current = []
    if current:
        blocks.append(current)

    out: list[Puzzle | InputError] = []
    i = 0
    while i < len(blocks):
        rows = blocks[i]
        i += 1
        n = len(rows[0].cells)
        if len(rows) == n and i < len(blocks) and len(blocks[i]) == n:
            rows = rows + blocks[i]
            i += 1
        out.append(_parse_puzzle(len(out) + 1, rows))
    return out


def _parse_puzzle(number: int, rows: list[_Row]) -> Puzzle | InputError:
    n = len(rows[0].cells)
    if not MIN_SIZE <= n <= MAX_SIZE:
        return InputError(
            f"the first row has {n} cells; a puzzle has {MIN_SIZE} to {MAX_SIZE} cells a row "
            f"(line {rows[0].line})",
            number,
            1,
        )
    if len(rows) != 2 * n:
        more = "a row is missing" if len(rows) < 2 * n else "puzzles must be separated by a blank line"
        return InputError(
            f"the puzzle starting at line {rows[0].line} has {len(rows)} rows, but a {n}x{n} puzzle has "
            f"{2 * n}: {n} rows of givens, then {n} rows of region labels ({more})",
            number,
        )
    problems: list[InputError] = []
    givens: list[int] = []
    labels: list[int] = []
    for k, row in enumerate(rows):
        r = k % n + 1
        kind = "givens" if k < n else "region labels"
        if len(row.cells) != n:
            problems.append(
                InputError(
                    f"this row of {kind} has {len(row.cells)} cells, not {n} (line {row.line})", number, r
                )
            )
            continue
        for c, char in enumerate(row.cells, start=1):
            if k < n:
                value = given_value(char, n)
                if isinstance(value, str):
                    problems.append(InputError(f"{value} (line {row.line})", number, r, c))
                else:
                    givens.append(value)
            else:
                problem = label_problem(char)
                if problem:
                    problems.append(InputError(f"{problem} (line {row.line})", number, r, c))
                labels.append(ord(char))
    if not problems:
        try:
            return Puzzle(n, givens, check_regions(labels, n))
        except PuzzleError as e:
            return InputError(f"region labels: {e.message}", number, e.row, e.col)
    return InputError.first_of(problems)


def write_grid(puzzles: Iterable[Puzzle]) -> str:
    """The puzzles in the grid format: givens (``.`` for empty), then region labels
    A, B, C, ... in order of first appearance; a blank line between puzzles."""
    parts = []
    for puzzle in puzzles:
        n = puzzle.size
        lines = ["".join(digit_char(d) for d in puzzle.givens[r * n : (r + 1) * n]) for r in range(n)]
        lines += ["".join(LABEL_CHARS[k] for k in puzzle.regions[r * n : (r + 1) * n]) for r in range(n)]
        parts.append("\n".join(lines) + "\n")
    return "\n".join(parts)
