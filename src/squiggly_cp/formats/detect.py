"""Telling the puzzle formats apart, and reading or writing any of them.

`detect_format` tries the formats' recognisers (`registry.REGISTRY`, each
described in its module) in the registry's order; the first that fits
decides: a SudokuPad link, a SudokuWiki link or string, a Solo game id, an
f-puzzles link or JSON (each told by the first line), then hdu, line, plain
and grid. Anything else is an `InputError` saying what the text looked like,
e.g. a lone N×N block (a classic sudoku with no region block) or a mix of
long and short lines.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Iterable, Iterator

from ..core.case import Case, InputError, excerpt
from ..core.puzzle import MAX_SIZE, MIN_SIZE, Puzzle, PuzzleError
from .registry import FORMATS, REGISTRY, get_format, write_one
from .text import Sample, stream_lines

__all__ = ["FORMATS", "detect_format", "iter_write", "read_puzzles", "write_puzzles"]

_NOT_CELL = re.compile(r"[^.0-9A-Za-z]")


def detect_format(text: str) -> str:
    """The name of the format ``text`` is in (one of `FORMATS`); raises `InputError`
    if it fits none, or could be more than one."""
    sample = Sample(text)
    if not sample.lines:
        raise InputError("the input is empty: no puzzle to read")
    for name, entry in REGISTRY.items():
        if entry.recognise(sample):
            return name
    if not sample.content:
        raise InputError("the input holds only '#' comment lines: no puzzle to read")
    if 2 * len(sample.long_rows) >= len(sample.content):
        raise InputError(
            f"cannot tell the format: the lines are too long for grid rows (the first has "
            f"{len(sample.long_rows[0])} cells), but none is a line-format puzzle of 2·N² cells "
            "(., 0-9 and letters only); and not hdu, fpuzzles or plain either"
        )
    return _short_grid(sample.rows, sample.lines[0])


def _short_grid(rows: list[str], first_line: str) -> str:
    """ "grid" for rows that can only be a grid puzzle; else why they are none."""
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


def read_puzzles(text: str, fmt: str | None = None) -> list[Puzzle | InputError]:
    """Every puzzle of ``text`` in format ``fmt`` (detected if None), each a
    `Puzzle` or the `InputError` in its place. An unknown format or a failed
    detection raises `InputError`."""
    entry = get_format(fmt or detect_format(text))
    if entry.stream is not None:
        return [item.puzzle if isinstance(item, Case) else item for item in entry.stream(text)]
    if entry.lines is not None:
        return list(entry.lines(stream_lines([text])))
    assert entry.whole is not None
    try:
        return [entry.whole(text)]
    except PuzzleError as e:
        return [InputError(e.message, 1, e.row, e.col)]


def iter_write(puzzles: Iterable[Puzzle], fmt: str) -> Iterator[str]:
    """`write_puzzles` a puzzle at a time, each as it comes, so a writer can stop
    as soon as its reader goes away. A format whose first line counts the
    puzzles (hdu) has them held in a temporary file (on disk once over
    `SPOOL_MEMORY` bytes) until the last is known, so memory does not grow with
    their number; on Ctrl-C the puzzles made so far are written, counted, before
    the KeyboardInterrupt goes on."""
    entry = get_format(fmt)
    if entry.counted:
        yield from _spooled(puzzles, fmt)
        return
    for k, puzzle in enumerate(puzzles):
        text = write_one(puzzle, fmt, k + 1)
        yield entry.between + text if k else text


SPOOL_MEMORY = 8 << 20


def _spooled(puzzles: Iterable[Puzzle], fmt: str) -> Iterator[str]:
    between = get_format(fmt).between
    with tempfile.SpooledTemporaryFile(SPOOL_MEMORY, "w+", encoding="utf-8") as spool:
        count = 0
        interrupted = False
        try:
            for puzzle in puzzles:
                text = write_one(puzzle, fmt, count + 1)
                spool.write(between + text if count else text)
                count += 1
        except KeyboardInterrupt:
            interrupted = True
        if count:  # nothing at all when no puzzle came (or fitted)
            yield f"{count}\n"
        spool.seek(0)
        while chunk := spool.read(1 << 16):
            yield chunk
        if interrupted:
            raise KeyboardInterrupt


def write_puzzles(puzzles: Iterable[Puzzle], fmt: str) -> str:
    """The puzzles in format ``fmt``. Raises `InputError` (naming the puzzle) when
    a puzzle does not fit: hdu holds only 9x9 puzzles, plain one standard 9x9,
    sudokuwiki only 9x9."""
    puzzles = list(puzzles)
    entry = get_format(fmt)
    if entry.holds_one and len(puzzles) > 1:
        raise InputError(f"the {fmt} format holds one puzzle, not {len(puzzles)}", 2)
    texts = [write_one(puzzle, fmt, number) for number, puzzle in enumerate(puzzles, 1)]
    head = f"{len(texts)}\n" if entry.counted else ""
    return head + entry.between.join(texts)
