"""The HDU 4069 judge format: T, then T cases of 81 wall-bit numbers.

Each number is a cell's digit (0 = empty) plus 16/32/64/128 for a wall on its
upper/right/lower/left side. The reader streams: it holds one case at a time,
so a file of any length is read in bounded memory, and it never trusts the
data: every problem comes back as an `InputError` in the case's place, and the
cases around it are still read.
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Iterable, Iterator
from typing import IO

from ..core.case import Case, InputError, excerpt
from ..core.puzzle import Puzzle, PuzzleError, Result, Verdict, grid_lines
from ..core.regions import (
    check_regions,
    check_wall_agreement,
    regions_from_walls,
    walls_from_regions,
)
from .rules_check import refuse_any_rule
from .text import NOT_UTF8, Sample, decode_stream, encoding_problem

SIZE = 9
CELLS = SIZE * SIZE
CHUNK = 1 << 16
# A longer token cannot be a valid number; keeping only a prefix bounds memory
# even for a file that is one giant token.
TOKEN_CAP = 40
_NUMBER = re.compile(r"-?[0-9]+")
_PADDED = re.compile(r"(-?)0*([0-9]*)")


Source = IO[str] | IO[bytes] | str | bytes | os.PathLike[str]


_HDU_TOKENS = 82
_SMALL_NUMBER = re.compile(r"[0-9]{1,3}")
_INTEGER = re.compile(r"-?[0-9]+")


def looks_hdu(sample: Sample) -> bool:
    """At least 82 white-space-separated tokens, the first a whole number (T), at
    least 90% of the rest numbers of one to three digits and at least one of
    them 16 or more (border cells carry wall bits). The 90% lets the reader,
    not this guess, point at a bad token."""
    tokens = sample.text.split()
    if len(tokens) < _HDU_TOKENS or not _INTEGER.fullmatch(tokens[0]):
        return False
    numbers = [int(t) for t in tokens[1:] if _SMALL_NUMBER.fullmatch(t)]
    return len(numbers) >= 0.9 * (len(tokens) - 1) and max(numbers, default=0) >= 16


def read_hdu(source: Source) -> Iterator[Case | InputError]:
    """Read the judge format lazily, yielding each case or the problem with it.

    ``source`` is an open file (text or binary), a path (``os.PathLike``), or
    the text itself as ``str``/``bytes``. Problems of the file as a whole (an
    empty input, a bad T, T disagreeing with the data, an encoding other than
    UTF-8) come as `InputError` too, in the place they are noticed. Numbers
    are separated by white space of any kind, Unicode's included.
    """
    chunks = _chunks(source)
    head = next(chunks, b"")
    if problem := encoding_problem(head):
        yield InputError(problem)
        return
    tokens = _tokens(decode_stream(_chain(head, chunks)))
    first = next(tokens, None)
    if first is None:
        yield InputError("the input is empty: expected the number of cases T, then the cases")
        return
    expected = _case_count(first)
    if expected is None:
        yield InputError(f"the case count T is {_show(first)}, not a whole number; reading the cases anyway")
    elif expected < 0:
        yield InputError(f"the case count T is {_show(first)}, too large to be true; reading the cases")
        expected = None
    number = 0
    while True:
        cells = _take(tokens, CELLS)
        if not cells:
            break
        number += 1
        if expected is not None and number == expected + 1:
            if len(cells) < CELLS:
                count = len(cells)
                yield InputError(
                    f"after the {expected} case{'s' if expected != 1 else ''} that T announces, {count} more "
                    f"number{'s follow' if count != 1 else ' follows'} ({_show(cells[0])} first), too few "
                    "for a case; ignored"
                )
                break
            yield InputError(
                f"T says {expected} case{'s' if expected != 1 else ''}, but more numbers follow; "
                "reading them as further cases",
                number,
            )
        if len(cells) < CELLS:
            yield _short_case(number, cells)
            break
        yield _parse_case(number, cells)
    if expected is not None and number < expected:
        yield InputError(f"T says {expected} cases, but the input ends after {number}", number + 1)


def _short_case(number: int, cells: list[str]) -> InputError:
    """The problem of a last case cut short: its first token that is not a
    number, if any (a word is not one of the case's numbers), else where it ends."""
    ending = f"the input ends after {len(cells)} of the case's {CELLS} numbers"
    for index, token in enumerate(cells):
        if isinstance(problem := _value(token), str):
            return InputError(f"{problem}, and {ending}", number, index // SIZE + 1, index % SIZE + 1)
    return InputError(
        f"the input ends here: this case has {len(cells)} of its {CELLS} numbers",
        number,
        len(cells) // SIZE + 1,
        len(cells) % SIZE + 1,
    )


def _case_count(token: str) -> int | None:
    """T from its token: None if it is not a whole number, -1 if it has more
    digits than any input could hold cases (Python refuses to convert numbers
    of thousands of digits)."""
    if not _NUMBER.fullmatch(token) or token.startswith("-"):
        return None
    digits = token.lstrip("0")
    return -1 if len(digits) > 12 else int(digits or "0")


def _parse_case(number: int, tokens: list[str]) -> Case | InputError:
    problems: list[InputError] = []
    values = []
    for index, token in enumerate(tokens):
        row, col = index // SIZE + 1, index % SIZE + 1
        value = _value(token)
        if isinstance(value, str):
            problems.append(InputError(value, number, row, col))
            value = 0
        values.append(value)
    if not problems:
        walls = [v & 0xF0 for v in values]
        for p in check_wall_agreement(walls, SIZE):
            problems.append(InputError(p.message, number, p.row, p.col))
        if not problems:
            try:
                regions = check_regions(regions_from_walls(walls, SIZE), SIZE, known_connected=True)
                return Case(number, Puzzle(SIZE, tuple(v & 15 for v in values), regions), tuple(walls))
            except PuzzleError as e:
                problems.append(InputError(e.message, number, e.row, e.col))
    return InputError.first_of(problems)


def _value(token: str) -> int | str:
    """The token's number, or what is wrong with it."""
    if len(token) <= 3 and token.isdigit() and token.isascii():  # the usual case, checked fast
        value = int(token)
        if value <= 255 and value & 15 <= 9:
            return value
    if not _NUMBER.fullmatch(token):
        why = f" ({NOT_UTF8})" if "\ufffd" in token else ""
        return f"{_show(token)} is not a number{why}"
    digits = token.lstrip("-").lstrip("0") or "0"
    if len(digits) > 3:
        return f"{_show(token)} is outside 0–255"
    value = -int(digits) if token.startswith("-") else int(digits)
    if not 0 <= value <= 255:
        return f"{value} is outside 0–255"
    if value & 15 > 9:
        return f"{value} has digit part {value & 15} (the number minus its wall bits), above 9"
    return value


def _show(token: str) -> str:
    return excerpt(token, TOKEN_CAP)


def _take(tokens: Iterator[str], count: int) -> list[str]:
    out = []
    for token in tokens:
        out.append(token)
        if len(out) == count:
            break
    return out


def _chunks(source: Source) -> Iterator[bytes]:
    if isinstance(source, bytes):
        yield source
    elif isinstance(source, str):
        yield source.encode("utf-8", "surrogatepass")
    elif isinstance(source, os.PathLike):
        with open(source, "rb") as f:
            yield from _chunks(f)
    else:
        while chunk := source.read(CHUNK):
            yield chunk.encode("utf-8", "surrogatepass") if isinstance(chunk, str) else chunk


def _chain(head: bytes, rest: Iterator[bytes]) -> Iterator[bytes]:
    yield head
    yield from rest


def _shorten(token: str) -> str:
    """A bounded stand-in for an over-long token: a number keeps its value
    (leading zeros dropped), anything else its first characters."""
    match = _PADDED.fullmatch(token)
    if match and len(match[2]) <= TOKEN_CAP // 2:
        return match[1] + "0" + match[2]
    return token[: TOKEN_CAP + 1]


def _tokens(chunks: Iterable[str]) -> Iterator[str]:
    carry = ""
    for chunk in chunks:
        parts = chunk.split()
        if carry:
            if parts and not chunk[:1].isspace():
                parts[0] = carry + parts[0]
            else:
                yield carry
            carry = ""
        if parts and not chunk[-1:].isspace():
            carry = parts.pop()
            if len(carry) > TOKEN_CAP:
                carry = _shorten(carry)
        for part in parts:
            yield part if len(part) <= TOKEN_CAP else _shorten(part)
    if carry:
        yield carry


def format_result(number: int, result: Result) -> str:
    """The judge's output for one case, or ``""`` for a verdict that was not proved.

    Puzzles larger than 9x9 write digits above 9 as letters (A = 10).
    """
    if result.verdict is Verdict.UNIQUE:
        return f"Case {number}:\n" + grid_lines(result.solutions[0])
    if result.verdict is Verdict.NONE:
        return f"Case {number}:\nNo solution\n"
    if result.verdict is Verdict.MULTIPLE:
        return f"Case {number}:\nMultiple Solutions\n"
    return ""


def write_hdu(puzzles: Iterable[Puzzle], out: IO[str] | None = None) -> str:
    """Encode 9x9 puzzles in the judge format (nine numbers a line, a blank line
    between cases). Writes to ``out`` if given, else returns the text."""
    puzzles = list(puzzles)
    buffer = io.StringIO() if out is None else out
    buffer.write(f"{len(puzzles)}\n")
    for k, puzzle in enumerate(puzzles):
        if k:
            buffer.write("\n")
        buffer.write(hdu_case(puzzle))
    if out is not None:
        return ""
    assert isinstance(buffer, io.StringIO)
    return buffer.getvalue()


def hdu_case(puzzle: Puzzle) -> str:
    """One 9x9 puzzle's nine lines of the judge format (without T)."""
    refuse_any_rule(puzzle, "hdu")
    if puzzle.size != SIZE:
        raise PuzzleError(f"the hdu format holds only 9x9 puzzles, not {puzzle.size}x{puzzle.size}")
    codes = [g | w for g, w in zip(puzzle.givens, walls_from_regions(puzzle.regions, SIZE), strict=True)]
    return "".join(" ".join(map(str, codes[r * SIZE : (r + 1) * SIZE])) + "\n" for r in range(SIZE))
