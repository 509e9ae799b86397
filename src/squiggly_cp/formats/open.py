"""Opening an input: the cases of a file (or standard input), whatever its format.

Problems are items, not exceptions: a file that cannot be read, or whose
format or encoding cannot be told, gives one `InputError` as its only item.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterable, Iterator
from typing import BinaryIO

from ..core.case import Case, InputError
from ..core.position import Position
from ..core.puzzle import Puzzle
from .detect import detect_format, read_puzzles
from .hdu import CHUNK
from .position import has_position_text, iter_position_text, near_heading
from .registry import JUDGE, REGISTRY, LineReader, StreamReader
from .text import decode, decode_stream, encoding_problem, stream_lines


def load_cases(
    path: str, fmt: str | None, *, judge_default: bool = False
) -> tuple[str | None, Iterator[Case | InputError]]:
    """The format and the cases of ``path`` (``-`` = standard input).

    ``fmt`` None means: detect it; with ``judge_default`` (solve, crosscheck)
    the judge format is assumed unless the input's beginning is clearly in
    another format; without it, an input whose beginning is clearly in the
    judge format is read in it. The judge format streams (memory does not
    grow with the input, the first case is answered at once), and so does
    every line-based format, a line at a time. Only plain (nine lines) is
    read whole (up to `WHOLE_CAP` bytes), and an input of more than `CHUNK`
    bytes whose beginning fits no format is refused from its beginning.
    """
    try:
        stream = sys.stdin.buffer if path == "-" else open(path, "rb")  # noqa: SIM115
        head = stream.read(CHUNK)
    except OSError as e:
        return fmt, iter([_unreadable(path, e)])
    return _load(path, stream, head, fmt, judge_default)


def _load(
    path: str, stream: BinaryIO, head: bytes, fmt: str | None, judge_default: bool
) -> tuple[str | None, Iterator[Case | InputError]]:
    """`load_cases` of ``stream``, of which ``head`` (up to `CHUNK` bytes) was read."""
    if fmt is None:
        fmt = _sniff(head)
        if fmt == JUDGE or (judge_default and fmt is None):
            judge = REGISTRY[JUDGE].stream
            assert judge is not None  # the judge format streams
            return JUDGE, _stream(path, head, stream, judge)
        if fmt is None and len(head) == CHUNK:
            stream.close()
            problem = encoding_problem(head)
            return None, iter([InputError(problem) if problem else _undetected(decode(head))])
    entry = REGISTRY.get(fmt) if fmt else None  # None: told from the whole input below
    if entry is not None and entry.stream is not None:
        return fmt, _stream(path, head, stream, entry.stream)
    if entry is not None and entry.lines is not None:
        return fmt, _stream_lines(path, head, stream, entry.lines)
    # Only plain comes here with more than `CHUNK` bytes: one puzzle, nine lines.
    try:
        with stream:
            data = head + stream.read(WHOLE_CAP + 1 - len(head))
    except OSError as e:
        return fmt, iter([_unreadable(path, e)])
    if len(data) > WHOLE_CAP:
        too_long = f"the input is over {WHOLE_CAP >> 20} MiB, far more than one {fmt} puzzle"
        return fmt, iter([InputError(too_long)])
    return _parsed(data, fmt)


WHOLE_CAP = 1 << 20
"""Bytes of an input read whole (plain: nine lines of nine digits) that are read at all."""


def read_cases(
    path: str, fmt: str | None = None, *, judge_default: bool = False
) -> Iterator[Case | InputError]:
    """The cases of ``path``, as `load_cases` finds them (without the format)."""
    return load_cases(path, fmt, judge_default=judge_default)[1]


def read_positions(path: str, fmt: str | None = None) -> Iterator[tuple[int | None, Position | InputError]]:
    """(case number, position or its problem) of each position in ``path``
    (``-`` = standard input), as it is read: the text form `logic` prints where
    it stops, f-puzzles JSON or links with entered digits and pencil marks, or
    a puzzle in any other format (the position before any step). A problem
    with the input as a whole has the case number None.

    The text form is recognised by a position heading in the input's first
    `CHUNK` bytes, or by an input whose beginning is in no puzzle format."""
    try:
        stream = sys.stdin.buffer if path == "-" else open(path, "rb")  # noqa: SIM115
        head = stream.read(CHUNK)
    except OSError as e:
        yield None, _unreadable(path, e)
        return
    yield from _positions(path, stream, head, fmt)


def positions_in(data: bytes, fmt: str | None = None) -> Iterator[tuple[int | None, Position | InputError]]:
    """`read_positions` of an input held in memory (a request's text)."""
    stream = io.BytesIO(data)
    return _positions("the text", stream, stream.read(CHUNK), fmt)


def cases_in(data: bytes, fmt: str | None = None) -> Iterator[Case | InputError]:
    """`read_cases` of an input held in memory (a request's text), read as a file is."""
    stream = io.BytesIO(data)
    return _load("the text", stream, stream.read(CHUNK), fmt, judge_default=False)[1]


def _positions(
    path: str, stream: BinaryIO, head: bytes, fmt: str | None
) -> Iterator[tuple[int | None, Position | InputError]]:
    """`read_positions` of ``stream``, of which ``head`` (up to `CHUNK` bytes) was read."""
    if problem := encoding_problem(head):
        stream.close()
        yield None, InputError(problem)
        return
    sniffed = fmt or _sniff(head)
    try:
        if fmt is None and (sniffed is None or has_position_text(decode(head))):
            found = 0
            with stream:
                for item in iter_position_text(_lines(head, stream)):
                    found += 1
                    yield item
            if not found:
                yield None, near_heading(decode(head)) or _undetected(decode(head))
        elif sniffed is not None and (positions := REGISTRY[sniffed].positions) is not None:
            with stream:
                yield from positions(_lines(head, stream))
        else:
            for loaded in _load(path, stream, head, fmt, judge_default=False)[1]:
                yield (
                    (loaded.case, loaded)
                    if isinstance(loaded, InputError)
                    else (loaded.number, Position.start(loaded.puzzle))
                )
    except OSError as e:
        yield None, _unreadable(path, e)


def _parsed(data: bytes, fmt: str | None) -> tuple[str | None, Iterator[Case | InputError]]:
    """The format and the cases of a whole input ``data``, read in format ``fmt`` (None: detect it)."""
    if problem := encoding_problem(data):
        return fmt, iter([InputError(problem)])
    text = decode(data)
    try:
        fmt = fmt or detect_format(text)
    except InputError:
        return None, iter([_undetected(text)])
    if (stream := REGISTRY[fmt].stream) is not None:
        return fmt, stream(text)
    return fmt, _numbered(read_puzzles(text, fmt))


def _undetected(text: str) -> InputError:
    """Why the format of ``text`` cannot be told (`detect_format` failed on it)."""
    try:
        detect_format(text)
    except InputError as e:
        # Naming a format helps only when there is something to read.
        hint = "; name the format with --format" if e.message.startswith("cannot tell") else ""
        return InputError(e.message + hint)
    # Told from the whole of ``text`` but not from its complete lines (the last may be cut short).
    return InputError("cannot tell the format from the input's beginning; name the format with --format")


def _numbered(items: Iterable[Puzzle | InputError]) -> Iterator[Case | InputError]:
    """Each puzzle as the case of its place (problems keep their own numbers)."""
    for number, item in enumerate(items, 1):
        yield item if isinstance(item, InputError) else Case(number, item)


def _stream_lines(
    path: str, head: bytes, stream: BinaryIO, reader: LineReader
) -> Iterator[Case | InputError]:
    """The cases ``reader`` finds in ``path``, read a line at a time; ``head`` is
    what was already read of ``stream``."""
    with stream:
        if problem := encoding_problem(head):
            yield InputError(problem)
            return
        try:
            yield from _numbered(reader(_lines(head, stream)))
        except OSError as e:
            yield _unreadable(path, e)


def _lines(head: bytes, stream: BinaryIO) -> Iterator[str]:
    """The lines of ``stream`` as they arrive; ``head`` is what was already read of it."""
    return stream_lines(decode_stream(_chunks(head, stream)))


def _chunks(head: bytes, stream: BinaryIO) -> Iterator[bytes]:
    """``head``, then the rest of ``stream`` a `CHUNK` at a time."""
    yield head
    while chunk := stream.read(CHUNK):
        yield chunk


def _sniff(head: bytes) -> str | None:
    """The format the start of an input is clearly in, else None."""
    if encoding_problem(head):
        return None  # the judge reader (or the whole-input reader) names the problem
    text = decode(head)
    if len(head) == CHUNK and "\n" in text:  # the last line may be cut short
        text = text[: text.rfind("\n") + 1]
    try:
        return detect_format(text)
    except InputError:
        return None


def _stream(path: str, head: bytes, stream: BinaryIO, reader: StreamReader) -> Iterator[Case | InputError]:
    """The cases ``reader`` finds in ``path``, read as they are needed (a format
    read from bytes, such as the judge's); ``head`` is what was already read of
    ``stream``."""
    try:
        with stream:
            yield from reader(_Prefixed(head, stream))
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
