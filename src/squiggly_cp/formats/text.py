"""Input bytes to text: UTF-8 (ASCII included), a leading byte order mark dropped.

Every reader goes through here, so every command treats encodings alike: a
UTF-8 byte order mark is accepted and ignored; UTF-16 and UTF-32 (told by
their byte order mark, or by the NUL bytes between ASCII characters) are
refused with one clear line; other bytes that are not UTF-8 become U+FFFD,
which no format accepts, so the reader names the token or cell holding them
(`NOT_UTF8` says why).
"""

from __future__ import annotations

import codecs
from collections.abc import Callable, Iterable, Iterator
from functools import cached_property
from typing import TypeVar

from ..core.case import InputError
from ..core.puzzle import MAX_SIZE, PuzzleError

BOM = "\ufeff"
NOT_UTF8 = "the input is not UTF-8 text here; save it as UTF-8 or ASCII"
_WIDE_BOMS = (codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)


def encoding_problem(head: bytes) -> str | None:
    """What is wrong with the encoding, judged from the input's first bytes, or None."""
    if head.startswith(_WIDE_BOMS):
        return "the input is UTF-16 or UTF-32 text; save it as UTF-8 or ASCII"
    sample = head[:4096]
    if len(sample) >= 8:
        # ASCII in UTF-16 puts a NUL in every other byte.
        evens, odds = sample[0::2], sample[1::2]
        if max(evens.count(0) / len(evens), odds.count(0) / len(odds)) > 0.4:
            return "the input looks like UTF-16 text (NUL bytes between letters); save it as UTF-8 or ASCII"
    return None


def decode(data: bytes) -> str:
    """The whole input as text (a leading byte order mark dropped). Check
    `encoding_problem` first."""
    text = data.decode("utf-8", "replace")
    return text[1:] if text.startswith(BOM) else text


def decode_stream(chunks: Iterable[bytes]) -> Iterator[str]:
    """`decode` for an input read in chunks; a character split between two chunks is kept whole."""
    decoder = codecs.getincrementaldecoder("utf-8")("replace")
    first = True
    for chunk in chunks:
        text = decoder.decode(chunk)
        if first and text:
            first = False
            if text.startswith(BOM):
                text = text[1:]
        if text:
            yield text
    tail = decoder.decode(b"", final=True)
    if tail:
        yield tail


LINE_CAP = 4 << 20
"""Characters a line may have. No puzzle of any format needs a line this long
(a 16x16 f-puzzles document with every key is well under 1 MiB); a longer
line is not held, so a file that is one giant line is read in bounded memory."""
_ENDS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"  # where str.splitlines splits
_SHOWN = 64


class Overlong(str):
    """The start of a line longer than `LINE_CAP`; ``length`` is its whole length."""

    length: int

    def __new__(cls, start: str, length: int) -> Overlong:
        line = super().__new__(cls, start)
        line.length = length
        return line


def stream_lines(chunks: Iterable[str], cap: int = LINE_CAP) -> Iterator[str]:
    """The lines of the text that arrives in ``chunks``, split as `str.splitlines`
    splits them (line ends dropped), each yielded as soon as it ends; a line of
    more than ``cap`` characters comes as an `Overlong` holding its start."""
    parts: list[str] = []  # the line so far (only its start once it is over the cap)
    length = 0
    held_cr = False  # the last chunk ended in "\r", which may be half of "\r\n"
    for chunk in chunks:
        if not chunk:
            continue
        if held_cr:
            held_cr = False
            if chunk[0] == "\n":
                chunk = chunk[1:]
            yield _line(parts, length, cap)
            parts, length = [], 0
        pieces = chunk.splitlines(keepends=True)
        for index, piece in enumerate(pieces):
            end = 2 if piece.endswith("\r\n") else int(piece[-1] in _ENDS)
            if length <= cap:
                parts.append(piece[: len(piece) - end])
            length += len(piece) - end
            if length > cap:
                parts = ["".join(parts)[:_SHOWN]]
            if not end:
                continue  # the line goes on in the next chunk
            if piece[-1] == "\r" and index == len(pieces) - 1:
                held_cr = True
                continue
            yield _line(parts, length, cap)
            parts, length = [], 0
    if parts or held_cr:
        yield _line(parts, length, cap)


def _line(parts: list[str], length: int, cap: int) -> str:
    text = "".join(parts)
    return Overlong(text[:_SHOWN], length) if length > cap else text


T = TypeVar("T")


def iter_items(
    lines: Iterable[str], parse: Callable[[str], T], kind: str
) -> Iterator[tuple[int, T | InputError]]:
    """(number, what ``parse`` makes of it) for each item of a format that holds
    one item a line, such as a link (``kind`` names it in messages). Blank lines
    and lines starting with ``#`` are passed over; a `PuzzleError` or
    `ValueError` from ``parse`` becomes the item's `InputError`, naming the line
    where it differs from the item's number."""
    number = 0
    for line_number, line in enumerate(lines, start=1):
        item = line.strip()
        if not item or item.startswith("#"):
            continue
        number += 1
        where = f" (line {line_number})" if line_number != number else ""
        if isinstance(line, Overlong):
            yield (
                number,
                InputError(
                    f"the line is {line.length:,} characters long, far more than any {kind}{where}", number
                ),
            )
            continue
        try:
            yield number, parse(item)
        except PuzzleError as e:
            yield number, InputError(e.message + where, number, e.row, e.col)
        except ValueError as e:
            yield number, InputError(f"{e}{where}", number)


class Sample:
    """The text a format is told from, with the views of it that the formats'
    recognisers look at (each worked out once, when first asked for)."""

    def __init__(self, text: str):
        self.text = text
        self.lines = [line for line in text.splitlines() if line.strip()]
        """The non-blank lines."""

    @cached_property
    def first(self) -> str:
        """The first non-blank line that is no ``#`` comment, stripped ("" if none)."""
        return next((s for line in self.lines if not (s := line.strip()).startswith("#")), "")

    @cached_property
    def rows(self) -> list[str]:
        """The non-blank lines with their white space taken out."""
        return ["".join(line.split()) for line in self.lines]

    @cached_property
    def content(self) -> list[str]:
        """`rows` that are no ``#`` comment."""
        return [row for row in self.rows if not row.startswith("#")]

    @cached_property
    def long_rows(self) -> list[str]:
        """`content` rows too long for a grid row (over 16 cells)."""
        return [row for row in self.content if len(row) > MAX_SIZE]
