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

import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ..core.case import InputError
from ..core.puzzle import DIGIT_CHARS, MAX_SIZE, MIN_SIZE, Puzzle, PuzzleError, digit_char
from ..core.regions import check_regions
from .rules_check import refuse_any_rule
from .text import Overlong, Sample, stream_lines

LABEL_CHARS = "ABCDEFGHIJKLMNOP"
"""What `write_grid` writes for regions 0, 1, 2, ... (in order of first appearance)."""

_CELLS = re.compile(r"[.0-9A-Za-z]+")


def looks_grid(sample: Sample) -> bool:
    """Most non-blank lines have at most 16 cells, the most common length is 4
    to 16 (N), there are at least 2N rows, and most rows are made of cells, since
    a grid puzzle is N rows of givens and N rows of region labels. (One damaged
    row does not decide: the reader reports its puzzle.)"""
    content = sample.content
    if not content or 2 * len(sample.long_rows) >= len(content):
        return False
    n = Counter(len(row) for row in content).most_common(1)[0][0]
    cell_rows = sum(1 for row in content if _CELLS.fullmatch(row))
    return MIN_SIZE <= n <= MAX_SIZE and len(content) >= 2 * n and 2 * cell_rows > len(content)


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
    overlong: int = 0  # the line's length, when it is over `LINE_CAP` (cells is then its start)


_MOST_ROWS = 2 * MAX_SIZE + 1
"""More rows than any puzzle has: a longer block's further rows are only counted."""


def read_grid(text: str) -> list[Puzzle | InputError]:
    """Read every puzzle of ``text``; a malformed one comes back as an `InputError`."""
    return list(iter_grid(stream_lines([text])))


def iter_grid(lines: Iterable[str]) -> Iterator[Puzzle | InputError]:
    """Each puzzle of ``lines`` (or its problem), as soon as it is read (a block
    of N rows waits for the next block, which may hold its region labels)."""
    number = 0
    pending: tuple[list[_Row], int] | None = None  # a block of N rows of N cells
    for rows, count in _blocks(lines):
        if pending is not None:
            first, n = pending[0], len(pending[0][0].cells)
            pending = None
            number += 1
            if count == n:
                yield _parse_puzzle(number, first + rows, 2 * n)
                continue
            yield _parse_puzzle(number, first, n)
        if count == len(rows[0].cells):
            pending = rows, count
            continue
        number += 1
        yield _parse_puzzle(number, rows, count)
    if pending is not None:
        yield _parse_puzzle(number + 1, *pending)


def _blocks(lines: Iterable[str]) -> Iterator[tuple[list[_Row], int]]:
    """Each run of non-blank lines: its first rows (at most `_MOST_ROWS`) and its length."""
    rows: list[_Row] = []
    count = 0
    for line_number, line in enumerate(lines, start=1):
        cells = "".join(line.split())
        if cells:
            if count < _MOST_ROWS:
                rows.append(_Row(line_number, cells, line.length if isinstance(line, Overlong) else 0))
            count += 1
        elif rows:
            yield rows, count
            rows, count = [], 0
    if rows:
        yield rows, count


def _parse_puzzle(number: int, rows: list[_Row], count: int) -> Puzzle | InputError:
    """The puzzle of ``rows``, the first rows of a run of ``count`` (see `_blocks`)."""
    if long := next((row for row in rows if row.overlong), None):
        return InputError(
            f"line {long.line} is {long.overlong:,} characters long, far more than a grid row's cells",
            number,
        )
    n = len(rows[0].cells)
    if not MIN_SIZE <= n <= MAX_SIZE:
        return InputError(
            f"the first row has {n} cells; a puzzle has {MIN_SIZE} to {MAX_SIZE} cells a row "
            f"(line {rows[0].line})",
            number,
            1,
        )
    if count != 2 * n:
        more = "a row is missing" if count < 2 * n else "puzzles must be separated by a blank line"
        return InputError(
            f"the puzzle starting at line {rows[0].line} has {count} rows, but a {n}x{n} puzzle has "
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
            return Puzzle(n, tuple(givens), check_regions(labels, n))
        except PuzzleError as e:
            return InputError(f"region labels: {e.message}", number, e.row, e.col)
    return InputError.first_of(problems)


def write_grid(puzzles: Iterable[Puzzle]) -> str:
    """The puzzles in the grid format: givens (``.`` for empty), then region labels
    A, B, C, ... in order of first appearance; a blank line between puzzles."""
    return "\n".join(map(grid_text, puzzles))


def grid_text(puzzle: Puzzle) -> str:
    """One puzzle's 2N rows, each with its newline."""
    refuse_any_rule(puzzle, "grid")
    n = puzzle.size
    lines = ["".join(digit_char(d) for d in puzzle.givens[r * n : (r + 1) * n]) for r in range(n)]
    lines += ["".join(LABEL_CHARS[k] for k in puzzle.regions[r * n : (r + 1) * n]) for r in range(n)]
    return "\n".join(lines) + "\n"
