"""The HDU judge-format reader and writer."""

from __future__ import annotations

import io

from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import SAMPLE_IN, SAMPLE_OUT, sample_tokens
from squiggly_cp import Case, InputError, Puzzle, Result, Verdict, format_result, read_hdu, write_hdu
from squiggly_cp.formats.hdu import TOKEN_CAP
from squiggly_cp.make.generate import random_layout

# Case 1 of the judge's sample, with its digits read by eye from the input
# (each number minus its wall bits) and its solution from the expected output.
CASE1_GIVENS = [
    0, 2, 0, 0, 0, 9, 6, 0, 0,
    7, 6, 3, 0, 9, 0, 1, 2, 0,
    9, 0, 0, 0, 2, 7, 0, 0, 0,
    0, 4, 0, 0, 0, 0, 7, 0, 5,
    1, 0, 7, 0, 6, 0, 8, 0, 2,
    8, 0, 2, 0, 0, 0, 0, 5, 0,
    0, 0, 0, 6, 7, 0, 0, 0, 9,
    0, 7, 9, 0, 1, 0, 5, 8, 3,
    0, 0, 8, 3, 0, 0, 0, 4, 0,
]  # fmt: skip


def test_sample_reads_three_cases() -> None:
    cases = list(read_hdu(SAMPLE_IN.read_bytes()))
    assert [type(c) for c in cases] == [Case, Case, Case]
    assert [c.number for c in cases] == [1, 2, 3]
    assert list(cases[0].puzzle.givens) == CASE1_GIVENS


def test_sample_regions_match_the_walls() -> None:
    # r1c1 = 144 (walls up and left) and r1c2 = 18: no wall between them, so
    # they share a region; r1c2 has no right wall but r1c3 = 112 has a lower
    # wall, and r2c1 = 135 has no upper wall, so it joins r1c1 too.
    puzzle = next(read_hdu(SAMPLE_IN.read_bytes())).puzzle
    regions = puzzle.regions
    assert regions[0] == regions[1] == regions[2] == regions[9]
    # Every region has nine cells (the Puzzle constructor checks it, but the
    # count here is independent of that check).
    assert sorted(regions.count(k) for k in range(9)) == [9] * 9


def test_text_binary_path_and_string_sources_agree(tmp_path) -> None:
    text = SAMPLE_IN.read_text()
    expected = list(read_hdu(text))
    assert list(read_hdu(text.encode())) == expected
    assert list(read_hdu(io.StringIO(text))) == expected
    assert list(read_hdu(io.BytesIO(text.encode()))) == expected
    assert list(read_hdu(SAMPLE_IN)) == expected


class Trickle(io.RawIOBase):
    """A stream that hands out ``step`` bytes per read and counts what it gave."""

    def __init__(self, data: bytes, step: int):
        self.data, self.step, self.given = data, step, 0

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        chunk = self.data[self.given : self.given + self.step]
        self.given += len(chunk)
        return chunk


def test_tokens_split_across_reads() -> None:
    expected = list(read_hdu(SAMPLE_IN.read_bytes()))
    for step in (1, 2, 3, 7, 64):
        assert list(read_hdu(Trickle(SAMPLE_IN.read_bytes(), step))) == expected


def test_reader_streams_case_by_case() -> None:
    # 2000 cases; the first must come out after only a little of the input
    # has been read.
    body = " ".join(sample_tokens()[1:82])
    data = ("2000\n" + "\n".join([body] * 2000)).encode()
    stream = Trickle(data, 4096)
    first = next(read_hdu(stream))
    assert isinstance(first, Case)
    assert stream.given <= 2 * 65536 < len(data)


def test_whitespace_of_any_kind() -> None:
    tokens = sample_tokens()
    seps = ["\t", "\r\n", "  ", "\n\n\n", "\x0b", "\x0c"]
    data = "".join(t + seps[i % len(seps)] for i, t in enumerate(tokens))
    assert list(read_hdu(data)) == list(read_hdu(SAMPLE_IN.read_bytes()))


def test_leading_zeros_and_signs() -> None:
    tokens = sample_tokens()
    tokens[1] = "0144"
    assert next(read_hdu(" ".join(tokens))) == next(read_hdu(SAMPLE_IN.read_bytes()))
    tokens[1] = "+144"
    err = next(read_hdu(" ".join(tokens)))
    assert isinstance(err, InputError) and (err.case, err.row, err.col) == (1, 1, 1)


def test_giant_token_is_reported_briefly() -> None:
    data = b"1 " + b"7" * 1_000_000 + b" " + b" ".join(t.encode() for t in sample_tokens()[2:82])
    (err,) = list(read_hdu(data))
    assert isinstance(err, InputError) and (err.case, err.row, err.col) == (1, 1, 1)
    assert len(str(err)) < 2 * TOKEN_CAP + 80
    assert "outside 0–255" in str(err)


def test_several_problems_in_one_case_are_counted() -> None:
    tokens = sample_tokens()
    tokens[5], tokens[7], tokens[9] = "a", "b", "c"
    err = next(read_hdu(" ".join(tokens)))
    assert str(err) == "case 1, row 1, column 5: 'a' is not a number (and 2 more problems in this case)"


def test_format_result_matches_the_judge() -> None:
    cases = list(read_hdu(SAMPLE_IN.read_bytes()))
    solution = tuple(int(ch) for line in SAMPLE_OUT.read_text().splitlines()[1:10] for ch in line)
    assert cases[0].puzzle.is_solution(solution)
    text = (
        format_result(1, Result(Verdict.UNIQUE, (solution,)))
        + format_result(2, Result(Verdict.NONE))
        + format_result(3, Result(Verdict.MULTIPLE, (solution, solution)))
    )
    assert text == SAMPLE_OUT.read_text()
    assert format_result(4, Result(Verdict.UNKNOWN)) == ""


def test_write_hdu_reproduces_the_sample_numbers() -> None:
    puzzles = [c.puzzle for c in read_hdu(SAMPLE_IN.read_bytes())]
    assert write_hdu(puzzles).split() == sample_tokens()


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_write_then_read_round_trips(seed: int, data: st.DataObject) -> None:
    import random

    layout = random_layout(random.Random(seed), 9)
    givens = data.draw(st.lists(st.integers(0, 9), min_size=81, max_size=81))
    puzzle = Puzzle(9, tuple(givens), layout)
    (case,) = list(read_hdu(write_hdu([puzzle])))
    assert case == Case(1, puzzle)


TOKENS = st.one_of(
    st.sampled_from(sample_tokens()),
    st.integers(-300, 300).map(str),
    st.text(min_size=1, max_size=6).filter(lambda s: s.split() == [s]),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(TOKENS, max_size=400), st.sampled_from([" ", "\n", "\t"]))
def test_random_tokens_give_cases_or_located_errors(tokens: list[str], sep: str) -> None:
    items = list(read_hdu(sep.join(tokens).encode("utf-8", "surrogatepass")))
    if not items:  # only "T = 0 and nothing else" is a valid, empty input
        assert len(tokens) == 1 and tokens[0].isdigit() and int(tokens[0]) == 0
    numbers = [i.number for i in items if isinstance(i, Case)]
    assert numbers == sorted(set(numbers))
    for item in items:
        if isinstance(item, InputError):
            text = str(item)
            assert "\n" not in text and text
            if item.row is not None:
                assert 1 <= item.row <= 9 and item.col is not None and 1 <= item.col <= 9


def test_a_word_in_a_short_last_case_is_named_not_counted() -> None:
    # Issue 21, item 17: "1\nworld" said the case had 1 of its 81 numbers.
    (err,) = read_hdu("1\nworld")
    assert isinstance(err, InputError) and (err.case, err.row, err.col) == (1, 1, 1)
    assert str(err) == (
        "case 1, row 1, column 1: 'world' is not a number, "
        "and the input ends after 1 of the case's 81 numbers"
    )
    (err,) = read_hdu("1\n1 2 3")
    assert isinstance(err, InputError) and (err.row, err.col) == (1, 4)
    assert "the input ends here: this case has 3 of its 81 numbers" in str(err)
