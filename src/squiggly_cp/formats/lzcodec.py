"""LZString's base64 decoding (the form inside f-puzzles links), with a bound
on the decompressed size.

The `lzstring` package compresses (`fpuzzles_link`); decompression is done
here because LZString output can grow quadratically in its input: a 44 KB
link can decompress to 615 MB. An f-puzzles 16x16 puzzle is a few KB of
JSON, so decoding stops at `MAX_CHARS` characters with a clear error.
Tests check this decoder against the package's own on random strings.
"""

from __future__ import annotations

from collections.abc import Callable

MAX_CHARS = 1 << 20
_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="
_VALUE = {ch: k for k, ch in enumerate(_ALPHABET)}
# LZString's stream codes: a literal char of 8 or 16 bits follows, or the end.
_CHAR8, _CHAR16, _END = 0, 1, 2


class DecodeError(ValueError):
    """The text is not LZString base64, or decodes to more than the bound."""


class _Bits:
    """The input read bit by bit: 6 bits per base64 character, most significant first."""

    def __init__(self, text: str):
        self.values = [_VALUE.get(ch, 0) for ch in text]
        self.index = 0
        self.mask = 32
        self.exhausted = not self.values

    def read(self, count: int) -> int:
        bits = 0
        for power in range(count):
            if self.index >= len(self.values):
                self.exhausted = True
                raise DecodeError("the base64 string ends in the middle (is the link cut short?)")
            if self.values[self.index] & self.mask:
                bits |= 1 << power
            self.mask >>= 1
            if not self.mask:
                self.mask = 32
                self.index += 1
        return bits


def decompress_base64(text: str, max_chars: int = MAX_CHARS, *, prefix: bool = False) -> str:
    """The text that ``LZString.compressToBase64`` turned into ``text``.

    Raises `DecodeError` for a malformed or truncated string and for one that
    decompresses to more than ``max_chars`` characters; with ``prefix``, the
    first ``max_chars`` or more characters are returned instead of the latter.
    """
    if not text:
        return ""
    bits = _Bits(text)
    return _decompress(bits.read, max_chars, prefix)


def _decompress(read: Callable[[int], int], max_chars: int, prefix: bool) -> str:
    dictionary: list[str] = ["", "", ""]  # codes 0-2 are the stream codes
    width = 3
    enlarge_in = 4
    code = read(2)
    if code == _END:
        return ""
    if code > _CHAR16:
        raise DecodeError("not LZString data")
    word = chr(read(8 if code == _CHAR8 else 16))
    dictionary.append(word)
    out = [word]
    length = 1
    while True:
        code = read(width)
        if code in (_CHAR8, _CHAR16):
            dictionary.append(chr(read(8 if code == _CHAR8 else 16)))
            code = len(dictionary) - 1
            enlarge_in -= 1
            if not enlarge_in:
                enlarge_in = 1 << width
                width += 1
        elif code == _END:
            return _join(out)
        if code < len(dictionary):
            entry = dictionary[code]
        elif code == len(dictionary):
            entry = word + word[0]
        else:
            raise DecodeError("not LZString data (a back-reference to nothing)")
        length += len(entry)
        if length > max_chars:
            if prefix:
                return _join([*out, entry])
            raise DecodeError(
                f"it decompresses to more than {max_chars:,} characters, far more than any "
                "sudoku needs (a 16x16 is a few thousand); refused"
            )
        out.append(entry)
        dictionary.append(word + entry[0])
        enlarge_in -= 1
        word = entry
        if not enlarge_in:
            enlarge_in = 1 << width
            width += 1


def _join(parts: list[str]) -> str:
    # LZString works on UTF-16 code units, as JavaScript strings do: a
    # character outside the BMP (an emoji in a title) arrives as two surrogates.
    text = "".join(parts)
    if any("\ud800" <= ch <= "\udfff" for ch in text):
        text = text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
    return text
