"""The ``line`` format: one puzzle a line, N² givens then N² region labels.

The size is inferred from the length: a line of 2·N² cells is an N×N puzzle
(32 for 4x4, 72 for 6x6, 162 for 9x9, 512 for 16x16). Cells run row by row.
Givens are read as in the grid format (``.`` or ``0`` empty, 1-9 then A-G,
either case); region labels are any ASCII letters or digits, case-sensitive,
same character = same region. Spaces and tabs inside a line are ignored (so
the givens and the labels may be separated by a space). Blank lines and lines
starting with ``#`` are ignored.

`write_line` writes region ``k`` (0-based, numbered in order of first
appearance) as ``DIGIT_CHARS[k]``: 1-9 then A-G, so a 9x9 layout reads
``111222333...`` as on many puzzle sites, and a 16x16 one uses 1-9, A-G.

Problems come back as an `InputError` in the puzzle's place; ``case`` counts
puzzles, not lines, and the message names the line when the two differ.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator

from ..core.case import InputError
from ..core.puzzle import DIGIT_CHARS, MAX_SIZE, MIN_SIZE, Puzzle, PuzzleError, digit_char
from ..core.regions import check_regions
from .grid import given_value, label_problem
from .rules_check import refuse_any_rule
from .text import Overlong, Sample, stream_lines

_LINE_LENGTHS = frozenset(2 * n * n for n in range(MIN_SIZE, MAX_SIZE + 1))
_CELLS = re.compile(r"[.0-9A-Za-z]+")


def looks_line(sample: Sample) -> bool:
    """At least half the non-blank lines not starting with ``#`` have more than
    16 cells (a grid row has at most 16), spaces ignored, and at least one of
    them is 2·N² cells of ``.``, digits and letters for an N from 4 to 16. (The
    reader then reports any other line as a bad puzzle.)"""
    long_rows = sample.long_rows
    return 2 * len(long_rows) >= len(sample.content) and any(
        len(row) in _LINE_LENGTHS and _CELLS.fullmatch(row) for row in long_rows
    )


def read_line(text: str) -> list[Puzzle | InputError]:
    """Read every puzzle of ``text``; a malformed one comes back as an `InputError`."""
    return list(iter_line(stream_lines([text])))


def iter_line(lines: Iterable[str]) -> Iterator[Puzzle | InputError]:
    """Each puzzle of ``lines`` (or its problem), as soon as its line is read."""
    number = 0
    for line_number, line in enumerate(lines, start=1):
        cells = "".join(line.split())
        if not cells or cells.startswith("#"):
            continue
        number += 1
        where = f" (line {line_number})" if line_number != number else ""
        if isinstance(line, Overlong):
            yield InputError(
                f"the line is {line.length:,} characters long, far more than any puzzle's 2·N² cells{where}",
                number,
            )
            continue
        yield _parse(number, cells, where)


def _parse(number: int, cells: str, where: str) -> Puzzle | InputError:
    length = len(cells)
    n = math.isqrt(length // 2)
    if 2 * n * n != length or not MIN_SIZE <= n <= MAX_SIZE:
        near = min(range(MIN_SIZE, MAX_SIZE + 1), key=lambda k: abs(2 * k * k - length))
        return InputError(
            f"the line has {length} cells, but a puzzle of size N has 2·N² (N² givens, then N² region "
            f"labels; {2 * near * near} for {near}x{near}){where}",
            number,
        )
    area = n * n
    problems: list[InputError] = []
    givens: list[int] = []
    for index, char in enumerate(cells[:area]):
        value = given_value(char, n)
        if isinstance(value, str):
            problems.append(InputError(value + where, number, index // n + 1, index % n + 1))
            value = 0
        givens.append(value)
    for index, char in enumerate(cells[area:]):
        problem = label_problem(char)
        if problem:
            problems.append(
                InputError(f"region labels: {problem}{where}", number, index // n + 1, index % n + 1)
            )
    if not problems:
        try:
            return Puzzle(n, tuple(givens), check_regions([ord(ch) for ch in cells[area:]], n))
        except PuzzleError as e:
            return InputError(f"region labels: {e.message}{where}", number, e.row, e.col)
    return InputError.first_of(problems)


def write_line(puzzles: Iterable[Puzzle]) -> str:
    """One line per puzzle: givens (``.`` for empty), then labels 1-9, A-G."""
    return "".join(map(line_text, puzzles))


def line_text(puzzle: Puzzle) -> str:
    """One puzzle's line, with its newline."""
    refuse_any_rule(puzzle, "line")
    return "".join(map(digit_char, puzzle.givens)) + "".join(DIGIT_CHARS[k] for k in puzzle.regions) + "\n"
