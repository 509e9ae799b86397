"""formats.text: reading lines as text arrives (checked against str.splitlines)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from squiggly_cp.formats.text import Overlong, stream_lines

# Every character str.splitlines splits at, "\r\n", and a little else.
_PIECES = [*"ab \n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029", "\r\n"]
_TEXT = st.lists(st.sampled_from(_PIECES), max_size=40).map("".join)


def _chunked(text: str, cuts: list[int]) -> list[str]:
    marks = sorted({min(c, len(text)) for c in cuts})
    return [text[a:b] for a, b in zip([0, *marks], [*marks, len(text)], strict=True)]


@given(_TEXT, st.lists(st.integers(0, 40), max_size=6))
def test_the_lines_are_those_of_splitlines_however_the_text_is_cut(text: str, cuts: list[int]) -> None:
    # A "\r" at the end of one chunk and a "\n" at the start of the next are one line end.
    assert list(stream_lines(_chunked(text, cuts))) == text.splitlines()


@given(_TEXT, st.lists(st.integers(0, 40), max_size=6), st.integers(0, 4))
def test_a_line_over_the_cap_comes_as_its_start_and_length(text: str, cuts: list[int], cap: int) -> None:
    got = list(stream_lines(_chunked(text, cuts), cap=cap))
    expected = text.splitlines()
    assert len(got) == len(expected)
    for line, whole in zip(got, expected, strict=True):
        if len(whole) > cap:
            assert isinstance(line, Overlong) and line.length == len(whole) and whole.startswith(line)
        else:
            assert not isinstance(line, Overlong) and line == whole


def test_a_giant_line_is_not_held() -> None:
    chunks = ("x" * 65536 for _ in range(512))  # 32 MiB, one line
    (line,) = stream_lines(chunks, cap=1 << 20)
    assert isinstance(line, Overlong) and line.length == 512 * 65536 and line == "x" * 64
