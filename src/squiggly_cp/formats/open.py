"""Opening an input: the cases of a file (or standard input), whatever its format.

Problems are items, not exceptions: a file that cannot be read, or whose
format or encoding cannot be told, gives one `InputError` as its only item.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import BinaryIO

from ..core.case import Case, InputError
from ..core.position import Position
from .detect import detect_format, read_puzzles
from .hdu import CHUNK, read_hdu
from .position import has_position_text, read_fpuzzles_positions, read_position_text
from .text import decode, encoding_problem


def load_cases(
    path: str, fmt: str | None, *, judge_default: bool = False
) -> tuple[str | None, Iterator[Case | InputError]]:
    """The format and the cases of ``path`` (``-`` = standard input).

    ``fmt`` None means: detect it; with ``judge_default`` (solve, crosscheck)
    the judge format is assumed unless the input's beginning is clearly in
    another format; without it, an input whose beginning is clearly in the
    judge format is read in it. The judge format streams (memory does not
    grow with the input, the first case is answered at once); the others
    are read whole.
    """
    if fmt == "hdu":
        return fmt, _stream_hdu(path, b"")
    try:
        stream = sys.stdin.buffer if path == "-" else open(path, "rb")  # noqa: SIM115
    except OSError as e:
        return fmt, iter([_unreadable(path, e)])
    if fmt is None:
        try:
            head = stream.read(CHUNK)
        except OSError as e:
            return fmt, iter([_unreadable(path, e)])
        sniffed = _sniff(head)
        if sniffed == "hdu" or (judge_default and sniffed is None):
            return "hdu", _stream_hdu(path, head, stream)
    else:
        head = b""
    try:
        with stream:
            data = head + stream.read()
    except OSError as e:
        return fmt, iter([_unreadable(path, e)])
    return _parsed(data, fmt)


def read_cases(
    path: str, fmt: str | None = None, *, judge_default: bool = False
) -> Iterator[Case | InputError]:
    """The cases of ``path``, as `load_cases` finds them (without the format)."""
    return load_cases(path, fmt, judge_default=judge_default)[1]


def read_positions(path: str, fmt: str | None = None) -> list[tuple[int | None, Position | InputError]]:
    """(case number, position or its problem) of every position in ``path``
    (``-`` = standard input): the text form `logic` prints where it stops,
    f-puzzles JSON or links with entered digits and pencil marks, or a
    puzzle in any other format (the position before any step). A problem
    with the input as a whole has the case number None."""
    try:
        if path == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as stream:
                data = stream.read()
    except OSError as e:
        return [(None, _unreadable(path, e))]
    if problem := encoding_problem(data):
        return [(None, InputError(problem))]
    text = decode(data)
    if fmt is None and has_position_text(text):
        return read_position_text(text)
    fmt, items = _parsed(data, fmt)
    if fmt == "fpuzzles":
        return read_fpuzzles_positions(text)
    return [
        (item.case, item) if isinstance(item, InputError) else (item.number, Position.start(item.puzzle))
        for item in items
    ]


def _parsed(data: bytes, fmt: str | None) -> tuple[str | None, Iterator[Case | InputError]]:
    """The format and the cases of a whole input ``data``, read in format ``fmt`` (None: detect it)."""
    if problem := encoding_problem(data):
        return fmt, iter([InputError(problem)])
    text = decode(data)
    try:
        fmt = fmt or detect_format(text)
    except InputError as e:
        # Naming a format helps only when there is something to read.
        hint = "; name the format with --format" if e.message.startswith("cannot tell") else ""
        return None, iter([InputError(e.message + hint)])
    if fmt == "hdu":
        return fmt, read_hdu(text)
    items = read_puzzles(text, fmt)
    return fmt, (item if isinstance(item, InputError) else Case(k, item) for k, item in enumerate(items, 1))


def _sniff(head: bytes) -> str | None:
    """The format the start of an input is clearly in, else None."""
    if encoding_problem(head):
        return None  # the judge reader (or the whole-input reader) names the problem
    text = decode(head)
    if len(head) == CHUNK:  # the last line may be cut short
        text = text[: text.rfind("\n") + 1]
    try:
        return detect_format(text)
    except InputError:
        return None


def _stream_hdu(path: str, head: bytes, stream: BinaryIO | None = None) -> Iterator[Case | InputError]:
    """The judge format's cases of ``path``, read as they are needed; ``head``
    is what was already read of ``stream``."""
    try:
        if stream is None:
            stream = sys.stdin.buffer if path == "-" else open(path, "rb")  # noqa: SIM115
        with stream:
            yield from read_hdu(_Prefixed(head, stream))
    except OSError as e:
        yield _unreadable(path, e)


class _Prefixed:
    """A binary stream whose first bytes were already read: ``head``, then the rest."""

    def __init__(self, head: bytes, rest: BinaryIO):
        self.head, self.rest = head, rest

    def read(self, size: int = -1) -> bytes:
        if self.head:
            head, self.head = self.head, b""
            return head
        return self.rest.read(size)


def _unreadable(path: str, error: OSError) -> InputError:
    return InputError(f"cannot read {path!r}: {error.strerror or error}")
