"""Reading positions: a puzzle part way through being solved (`core.position`).

Two sources:

* the text form `core.position.position_text` writes, which is what `logic`
  prints where it stops (`read_position_text`; the lines around a position,
  such as logic's numbered steps, are skipped, and a ``Case k:`` line names
  the case of the position after it);
* f-puzzles JSON or links (`read_fpuzzles_positions`): a ``value`` without
  ``given`` is an entered digit, a cell's centre pencil marks are its
  candidates, and a cell with neither has every digit that no digit in its
  houses (given or entered) excludes.

Any other puzzle file is a position too: the one before any step.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable, Iterator
from itertools import islice

from ..core.case import InputError, excerpt
from ..core.position import Position, open_candidates
from ..core.puzzle import DIGIT_CHARS, MAX_SIZE, MIN_SIZE, Puzzle, PuzzleError
from ..core.regions import check_regions
from .fpuzzles import iter_with_documents
from .grid import given_value, label_problem
from .sudokupad import parse_sudokupad
from .text import iter_items, stream_lines

HEADING = re.compile(r"position(?: (.*))? \(givens, regions, digits\):")
_CASE = re.compile(r"Case ([0-9]{1,9})\b")


_NEAR_HEADING = re.compile(r"\W*position\b.*\(\s*givens\W+regions\W+digits\W*\)\W*", re.IGNORECASE)


def near_heading(text: str) -> InputError | None:
    """What is wrong with the first line of ``text`` that looks like a position
    heading but is not one (a capital, a missing colon), or None."""
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if _NEAR_HEADING.fullmatch(stripped) and not HEADING.fullmatch(stripped):
            return InputError(
                f"line {number}, {excerpt(stripped, 60)}, looks like a position's heading but is not one: "
                "it reads 'position (givens, regions, digits):' or 'position after step K (givens, "
                "regions, digits):', in lower case, with the colon, as `logic` prints it"
            )
    return None


def has_position_text(text: str) -> bool:
    """Does ``text`` hold a position in the text form?"""
    return any(HEADING.fullmatch(line.strip()) for line in text.splitlines())


def read_position_text(text: str) -> list[tuple[int, Position | InputError]]:
    """(case number, position or the problem with it) for every position in ``text``."""
    return list(iter_position_text(text.splitlines()))


_WINDOW = 2 * MAX_SIZE + 1
"""Lines a position takes after its heading, at most: rows, "candidates", candidate rows."""


def iter_position_text(lines: Iterable[str]) -> Iterator[tuple[int, Position | InputError]]:
    """`read_position_text` for text that arrives a line at a time (lines that
    are no part of a position are passed over)."""
    source = iter(lines)
    back: deque[str] = deque()  # lines read ahead but not used
    case = found = 0
    while (line := back.popleft() if back else next(source, None)) is not None:
        line = line.strip()
        if named := _CASE.match(line):
            case = int(named.group(1))
        if HEADING.fullmatch(line):
            window = list(back) + list(islice(source, _WINDOW - len(back)))
            back.clear()
            position, used = _block(window, 0, case or found + 1)
            back.extend(window[used:])
            found += 1
            yield case or found, position
            case = 0


def _block(lines: list[str], k: int, number: int) -> tuple[Position | InputError, int]:
    """The position whose heading is the line before ``lines[k]``, and the line after it."""
    rows: list[list[str]] = []
    while k < len(lines) and len(rows) < MAX_SIZE and len(lines[k].split()) == 3:
        rows.append(lines[k].split())
        k += 1
    n = len(rows)
    if not MIN_SIZE <= n <= MAX_SIZE or any(len(part) != n for row in rows for part in row):
        return InputError(
            "a position needs N rows of three fields of N characters (givens, regions, digits) "
            f"for an N from {MIN_SIZE} to {MAX_SIZE}",
            number,
            min(len(rows) + 1, MAX_SIZE),
        ), k
    if k >= len(lines) or not lines[k].strip().startswith("candidates"):
        return InputError("the position's rows are not followed by its candidates", number), k
    k += 1
    fields = []
    for r in range(n):
        parts = lines[k + r].split() if k + r < len(lines) else []
        if len(parts) != n or any(len(part) != n for part in parts):
            return InputError(f"a candidates row needs {n} fields of {n} characters", number, r + 1), k + r
        fields.append(parts)
    return _position(number, n, rows, fields), k + n


def _position(number: int, n: int, rows: list[list[str]], fields: list[list[str]]) -> Position | InputError:
    givens: list[int] = []
    labels: list[int] = []
    digits: list[int] = []
    cands: list[int] = []
    for r in range(n):
        for c in range(n):
            for kind, char, into in (("given", rows[r][0][c], givens), ("digit", rows[r][2][c], digits)):
                value = given_value(char, n)
                if isinstance(value, str):
                    message = value.replace("is not a given", f"is not a {kind}")
                    return InputError(message, number, r + 1, c + 1)
                into.append(value)
            label = rows[r][1][c]
            problem = label_problem(label)
            if problem:
                return InputError(problem, number, r + 1, c + 1)
            labels.append(ord(label))  # int labels, as `check_regions` takes them (and the grid format)
            mask = 0
            for d, char in enumerate(fields[r][c]):
                if char != ".":
                    if char.upper() != DIGIT_CHARS[d]:
                        return InputError(
                            f"candidate field {fields[r][c]!r}: position {d + 1} holds {char!r}, "
                            f"not {DIGIT_CHARS[d]} or '.'",
                            number,
                            r + 1,
                            c + 1,
                        )
                    mask |= 1 << d
            cands.append(mask)
    try:
        puzzle = Puzzle(n, tuple(givens), check_regions(labels, n))
    except PuzzleError as e:
        return InputError(f"regions: {e.message}", number, e.row, e.col)
    return _checked(number, puzzle, digits, cands)


def _checked(
    number: int, puzzle: Puzzle, digits: list[int], cands: list[int], marked: frozenset[int] | None = None
) -> Position | InputError:
    """The position, or what makes it no position of ``puzzle``; a cell with a
    digit keeps just that digit as its candidate. ``marked``: `Position.marked`."""
    n = puzzle.size
    for cell in range(n * n):
        r, c = divmod(cell, n)
        given, digit = puzzle.givens[cell], digits[cell]
        if given and digit != given:
            shown = DIGIT_CHARS[digit - 1] if digit else "no digit"
            problem = f"the given {DIGIT_CHARS[given - 1]} has {shown} in the digits"
            return InputError(problem, number, r + 1, c + 1)
        if digit:
            if cands[cell] and not cands[cell] >> (digit - 1) & 1:
                problem = f"the digit {DIGIT_CHARS[digit - 1]} is not among the cell's candidates"
                return InputError(problem, number, r + 1, c + 1)
            cands[cell] = 1 << (digit - 1)
    return Position(puzzle, tuple(digits), tuple(cands), marked)


def read_fpuzzles_positions(text: str) -> list[tuple[int, Position | InputError]]:
    """Every f-puzzles puzzle of ``text`` as a position: its entered digits and pencil marks."""
    return list(iter_fpuzzles_positions(stream_lines([text])))


def iter_fpuzzles_positions(lines: Iterable[str]) -> Iterator[tuple[int, Position | InputError]]:
    """`read_fpuzzles_positions` for text that arrives a line at a time."""
    for number, (puzzle, doc) in enumerate(iter_with_documents(lines), 1):
        yield number, puzzle if isinstance(puzzle, InputError) else _fpuzzles_position(number, puzzle, doc)


def _fpuzzles_position(number: int, puzzle: Puzzle, doc: dict) -> Position | InputError:
    n = puzzle.size
    digits = list(puzzle.givens)
    marks: list[int | None] = [None] * (n * n)
    for r, row in enumerate(doc["grid"]):
        for c, cell in enumerate(row):
            index = r * n + c
            value = cell.get("value")
            if value is not None and cell.get("given") is not True:
                if type(value) is not int or not 1 <= value <= n:
                    problem = f"the entered 'value' is {str(value)[:30]!r}, not a digit from 1 to {n}"
                    return InputError(problem, number, r + 1, c + 1)
                digits[index] = value
            centre = cell.get("centerPencilMarks")
            if centre:
                if not isinstance(centre, list) or any(type(d) is not int or not 1 <= d <= n for d in centre):
                    return InputError(
                        f"'centerPencilMarks' must be digits from 1 to {n}, found {str(centre)[:30]}",
                        number,
                        r + 1,
                        c + 1,
                    )
                marks[index] = sum(1 << (d - 1) for d in set(centre))
    return _marked(number, puzzle, digits, marks)


def _marked(number: int, puzzle: Puzzle, digits: list[int], marks: list[int | None]) -> Position | InputError:
    """The position of ``digits`` with the cells' centre ``marks`` as their
    candidates; a cell with no marks (None) has every digit its houses allow."""
    cands = open_candidates(puzzle, digits)
    marked = frozenset(cell for cell, mark in enumerate(marks) if mark is not None and not digits[cell])
    for cell, mark in enumerate(marks):
        if mark is not None and cell in marked:
            cands[cell] = mark
    return _checked(number, puzzle, digits, cands, marked)


def iter_sudokupad_positions(lines: Iterable[str]) -> Iterator[tuple[int, Position | InputError]]:
    """Each SudokuPad link of ``lines`` as a position: its givens, the digits
    entered in its cells, and their centre marks as candidates."""
    for number, item in iter_items(lines, parse_sudokupad, "SudokuPad link"):
        if isinstance(item, InputError):
            yield number, item
            continue
        digits = list(item.digits)
        cands = list(item.candidates) if item.candidates is not None else open_candidates(item.puzzle, digits)
        yield number, _checked(number, item.puzzle, digits, cands, item.marked)
