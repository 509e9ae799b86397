"""The bounded LZString base64 decoder against the lzstring package's encoder."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lzstring import LZString

from squiggly_cp.formats.lzcodec import DecodeError, decompress_base64

# The package mishandles characters outside the BMP, so the comparison keeps to it.
BMP = st.characters(max_codepoint=0xFFFF, exclude_categories=("Cs",))


@settings(max_examples=300, deadline=None)
@given(st.text(BMP, max_size=400))
def test_decodes_what_the_package_encodes(text: str) -> None:
    assert decompress_base64(LZString.compressToBase64(text)) == text


def test_surrogate_pairs_from_javascript_become_one_character() -> None:
    # JavaScript encodes U+1F600 as two UTF-16 code units; the package, given them, does the same.
    encoded = LZString.compressToBase64('{"title":"\ud83d\ude00"}')
    assert decompress_base64(encoded) == '{"title":"\U0001f600"}'


def test_a_decompression_bomb_is_refused_fast() -> None:
    bomb = LZString.compressToBase64("a" * 3_000_000)
    assert len(bomb) < 10_000
    start = time.monotonic()
    with pytest.raises(DecodeError, match="more than 1,048,576 characters"):
        decompress_base64(bomb)
    assert time.monotonic() - start < 5  # generous: the point is it stops at the bound
    assert decompress_base64(bomb, max_chars=100, prefix=True).startswith("a" * 100)


@pytest.mark.parametrize("text", ["AAAA", "N4Ig", "zzzzzzzzzzzzzzzz", LZString.compressToBase64("hello")[:3]])
def test_malformed_and_truncated_strings_are_errors(text: str) -> None:
    with pytest.raises(DecodeError):
        decompress_base64(text)
