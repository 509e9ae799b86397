"""Telling the puzzle formats apart, and reading or writing any of them.

`detect_format` looks at the text and applies these rules in order; the first
that fits decides:

1. ``fpuzzles``: the first non-blank line starts with ``{``, contains
   ``load=`` or ``f-puzzles.com``, or is a base64 string that LZString
   decompresses to text starting ``{"`` (a JSON object).
2. ``hdu``: at least 82 whitespace-separated tokens, the first a whole number
   (T), at least 90% of the rest numbers of one to three digits and at least
   one of them 16 or more (border cells carry wall bits). The 90% lets the
   judge-format reader, not this guess, point at a bad token.
3. ``line``: at least half the non-blank lines not starting with ``#`` have
   more than 16 cells (a grid row has at most 16), spaces ignored, and at
   least one of them is 2·N² cells of ``.``, digits and letters for an N from
   4 to 16. (The reader then reports any other line as a bad puzzle.)
4. ``plain``: exactly nine non-blank lines, each exactly nine digits 0-9.
5. ``grid``: most non-blank lines have at most 16 cells, the first has 4 to
   16 (N) of ``.``, digits and letters, and there are at least 2N rows, since
   a grid puzzle is N rows of givens and N rows of region labels. (The reader
   reports a damaged puzzle and reads the others.)

Anything else is an `InputError` saying what the text looked like, e.g. a lone
N×N block (a classic sudoku with no region block) or a mix of long and short lines.
"""

from __future__ import annotations

import re
import tempfile
from collections import Counter
from collections.abc import Iterable, Iterator

from ..core.case import Case, InputError, excerpt
from ..core.puzzle import MAX_SIZE, MIN_SIZE, Puzzle, PuzzleError, standard_regions
from .fpuzzles import read_fpuzzles, write_fpuzzles
from .grid import read_grid, write_grid
from .hdu import read_hdu, write_hdu
from .line import read_line, write_line
from .lzcodec import DecodeError, decompress_base64
from .plain import read_plain

FORMATS = ("hdu", "grid", "line", "fpuzzles", "plain")

_HDU_TOKENS = 82
_SMALL_NUMBER = re.compile(r"[0-9]{1,3}")
_INTEGER = re.compile(r"-?[0-9]+")
_BASE64 = re.compile(r"[A-Za-z0-9+/=]{16,}")
_PLAIN_ROW = re.compile(r"[0-9]{9}")
_CELLS = re.compile(r"[.0-9A-Za-z]+")
_NOT_CELL = re.compile(r"[^.0-9A-Za-z]")
_LINE_LENGTHS = frozenset(2 * n * n for n in range(MIN_SIZE, MAX_SIZE + 1))


def detect_format(text: str) -> str:
    """The name of the format ``text`` is in (one of `FORMATS`); raises `InputError`
    if it fits none, or could be more than one."""
    raw_lines = [line for line in text.splitlines() if line.strip()]
    if not raw_lines:
        raise InputError("the input is empty: no puzzle to read")
    if _looks_fpuzzles(raw_lines[0].strip()):
        return "fpuzzles"
    if _looks_hdu(text.split()):
        return "hdu"
    rows = ["".join(line.split()) for line in raw_lines]
    content = [row for row in rows if not row.startswith("#")]
    if not content:
        raise InputError("the input holds only '#' comment lines: no puzzle to read")
    long_rows = [row for row in content if len(row) > MAX_SIZE]
    if 2 * len(long_rows) >= len(content):
        if any(len(row) in _LINE_LENGTHS and _CELLS.fullmatch(row) for row in long_rows):
            return "line"
        raise InputError(
            f"cannot tell the format: the lines are too long for grid rows (the first has "
            f"{len(long_rows[0])} cells), but none is a line-format puzzle of 2·N² cells "
            "(., 0-9 and letters only); and not hdu, fpuzzles or plain either"
        )
    if len(raw_lines) == 9 and all(_PLAIN_ROW.fullmatch(line.rstrip()) for line in raw_lines):
        return "plain"
    # Grid rows of the most common length, and most rows made of cells: one
    # damaged row does not decide (the reader reports its puzzle).
    n = Counter(len(row) for row in content).most_common(1)[0][0]
    cell_rows = sum(1 for row in content if _CELLS.fullmatch(row))
    if MIN_SIZE <= n <= MAX_SIZE and len(content) >= 2 * n and 2 * cell_rows > len(content):
        return "grid"
    return _short_grid(rows, raw_lines[0])


def _short_grid(rows: list[str], first_line: str) -> str:
    """"grid" for rows that can only be a grid puzzle; else why they are none."""
    n = len(rows[0])
    if bad := _NOT_CELL.search(rows[0]):
        raise InputError(
            f"cannot tell the format: the first line holds {bad.group()!r}, which no format uses there; "
            "considered hdu, grid, line, fpuzzles and plain"
        )
    if not MIN_SIZE <= n <= MAX_SIZE:
        raise InputError(
            f"cannot tell the format: the first line has {n} cells; considered hdu, grid ({MIN_SIZE} to "
            f"{MAX_SIZE} cells a row), line, fpuzzles and plain"
        )
    if len(rows) == n:
        raise InputError(
            f"cannot tell the format: {n} rows of {n} cells and no region labels; a grid puzzle has "
            f"{n} more rows of region labels, and the plain format (9x9, standard boxes) uses 0-9 only"
        )
    if len(rows) == 1:
        raise InputError(
            f"cannot tell the format: the input is one line, {excerpt(first_line.strip(), 30)}, "
            "which is no puzzle: a grid "
            "puzzle is N rows of givens and N rows of region labels, a line puzzle 2·N² cells, "
            "hdu the case count T and then numbers"
        )
    if len(rows) < 2 * n:
        raise InputError(
            f"cannot tell the format: {len(rows)} row{'s' if len(rows) > 1 else ''}, but a {n}x{n} grid "
            f"puzzle has {2 * n} ({n} rows of givens, then {n} rows of region labels)"
        )
    return "grid"


def _looks_fpuzzles(first: str) -> bool:
    if first.startswith("{") or "load=" in first or "f-puzzles.com" in first:
        return True
    if not _BASE64.fullmatch(first):
        return False
    try:
        decoded = decompress_base64(first, max_chars=64, prefix=True)  # the start tells
    except DecodeError:
        return False
    return decoded.startswith('{"')


def _looks_hdu(tokens: list[str]) -> bool:
    if len(tokens) < _HDU_TOKENS or not _INTEGER.fullmatch(tokens[0]):
        return False
    numbers = [int(t) for t in tokens[1:] if _SMALL_NUMBER.fullmatch(t)]
    return len(numbers) >= 0.9 * (len(tokens) - 1) and max(numbers, default=0) >= 16


def _read_hdu(text: str) -> list[Puzzle | InputError]:
    return [item.puzzle if isinstance(item, Case) else item for item in read_hdu(text)]


def _read_plain(text: str) -> list[Puzzle | InputError]:
    try:
        return [read_plain(text)]
    except PuzzleError as e:
        return [InputError(e.message, 1, e.row, e.col)]


_READERS = {
    "hdu": _read_hdu,
    "grid": read_grid,
    "line": read_line,
    "fpuzzles": read_fpuzzles,
    "plain": _read_plain,
}


def read_puzzles(text: str, fmt: str | None = None) -> list[Puzzle | InputError]:
    """Every puzzle of ``text`` in format ``fmt`` (detected if None), each a
    `Puzzle` or the `InputError` in its place. An unknown format or a failed
    detection raises `InputError`."""
    reader = _READERS.get(fmt or detect_format(text))
    if reader is None:
        raise InputError(f"unknown format {fmt!r}; the formats are {', '.join(FORMATS)}")
    return reader(text)


def iter_write(puzzles: Iterable[Puzzle], fmt: str) -> Iterator[str]:
    """`write_puzzles` a puzzle at a time, each as it comes, so a writer can stop
    as soon as its reader goes away. The judge format's first line counts the
    puzzles: they are held in a temporary file (on disk once over `SPOOL_MEMORY`
    bytes) until the last is known, so memory does not grow with their number."""
    if fmt == "hdu":
        yield from _spooled_hdu(puzzles)
        return
    between = "\n" if fmt == "grid" else ""  # a blank line between puzzles
    for k, puzzle in enumerate(puzzles):
        text = write_puzzles([puzzle], fmt)
        yield between + text if k else text


SPOOL_MEMORY = 8 << 20


def _spooled_hdu(puzzles: Iterable[Puzzle]) -> Iterator[str]:
    with tempfile.SpooledTemporaryFile(SPOOL_MEMORY, "w+", encoding="ascii") as spool:
        count = 0
        for puzzle in puzzles:
            text = write_puzzles([puzzle], "hdu").split("\n", 1)[1]  # T comes at the end
            spool.write("\n" + text if count else text)
            count += 1
        if count:
            yield f"{count}\n"
        spool.seek(0)
        while chunk := spool.read(1 << 16):
            yield chunk


def write_puzzles(puzzles: Iterable[Puzzle], fmt: str) -> str:
    """The puzzles in format ``fmt``. Raises `InputError` (naming the puzzle) when
    a puzzle does not fit: hdu holds only 9x9 puzzles, plain one standard 9x9."""
    puzzles = list(puzzles)
    if fmt == "hdu":
        for number, p in enumerate(puzzles, start=1):
            if p.size != 9:
                raise InputError(f"the hdu format holds only 9x9 puzzles, not {p.size}x{p.size}", number)
        return write_hdu(puzzles)
    if fmt == "grid":
        return write_grid(puzzles)
    if fmt == "line":
        return write_line(puzzles)
    if fmt == "fpuzzles":
        return write_fpuzzles(puzzles)
    if fmt == "plain":
        if len(puzzles) > 1:
            raise InputError(f"the plain format holds one puzzle, not {len(puzzles)}", 2)
        for p in puzzles:
            if p.size != 9 or p.regions != standard_regions(9):
                raise InputError(
                    "the plain format holds only classic 9x9 puzzles (standard 3x3 boxes); "
                    "use grid, line or fpuzzles for this one",
                    1,
                )
            return "".join("".join(str(d) for d in p.givens[r * 9 : (r + 1) * 9]) + "\n" for r in range(9))
        return ""
    raise InputError(f"unknown format {fmt!r}; the formats are {', '.join(FORMATS)}")
