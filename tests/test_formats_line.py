"""The line format: one puzzle a line, N² givens then N² region labels."""

from __future__ import annotations

import pytest

from squiggly_cp import InputError, Puzzle
from squiggly_cp.core.puzzle import standard_regions
from squiggly_cp.formats.line import read_line, write_line
from test_formats_grid import PUZZLE4, PUZZLE6

# The hand-drawn layouts of test_formats_grid, regions written 1, 2, 3, ...
LINE4 = "1.....2..3.....4" + "1112132233423444"
LINE6 = "".join(["1.....", "..2...", "....3.", ".4....", "...5..", "6....."]) + "".join(
    ["111222", "113322", "133342", "553446", "554466", "554666"]
)


def test_hand_examples_read_and_written() -> None:
    assert read_line(LINE4 + "\n" + LINE6 + "\n") == [PUZZLE4, PUZZLE6]
    assert write_line([PUZZLE4, PUZZLE6]) == LINE4 + "\n" + LINE6 + "\n"
    assert write_line([]) == ""


def test_any_labels_zero_empty_spaces_comments_and_blank_lines() -> None:
    text = "# two puzzles\n\n1000002003000004 aaabaxbbxxybxyyy\n   \n# the 6x6\n" + LINE6 + "\r\n"
    assert read_line(text) == [PUZZLE4, PUZZLE6]


def test_sixteen_by_sixteen_labels_use_digits_then_letters() -> None:
    puzzle = Puzzle.standard((1,) + (0,) * 255, 16)
    text = write_line([puzzle])
    labels = text.strip()[256:]
    assert labels[:16] == "1111222233334444"
    assert labels[-16:] == "DDDDEEEEFFFFGGGG"
    assert read_line(text) == [puzzle]
    assert read_line(text)[0].regions == standard_regions(16)


@pytest.mark.parametrize(
    ("line", "row", "col", "words"),
    [
        (LINE4[:-1], None, None, "31 cells, but a puzzle of size N has 2·N²"),
        (LINE4[:5] + "?" + LINE4[6:], 2, 2, "'?' is not a given"),
        (LINE4[:5] + "7" + LINE4[6:], 2, 2, "above 4"),
        (LINE4[:16] + "*" + LINE4[17:], 1, 1, "'*' is not a region label"),
        (LINE4[:31] + "2", 1, 4, "5 cells, not 4"),
    ],
)
def test_malformed_line_is_reported_and_the_others_still_read(
    line: str, row: int | None, col: int | None, words: str
) -> None:
    items = read_line("\n".join([LINE6, line, LINE4]))
    assert items[0] == PUZZLE6 and items[2] == PUZZLE4
    err = items[1]
    assert isinstance(err, InputError)
    assert (err.case, err.row, err.col) == (2, row, col)
    assert words in str(err)
    assert "(line" not in str(err)


def test_wrong_length_suggests_the_nearest_size() -> None:
    (err,) = read_line("1" * 160)
    assert isinstance(err, InputError)
    assert "162 for 9x9" in str(err)
    (err,) = read_line("1" * 1000)
    assert "512 for 16x16" in str(err)


def test_case_counts_puzzles_and_message_names_the_line() -> None:
    text = "# header\n\n" + LINE4 + "\n" + LINE4.replace("3", "x", 1) + "\n"
    items = read_line(text)
    assert items[0] == PUZZLE4
    err = items[1]
    assert isinstance(err, InputError) and err.case == 2
    assert (
        str(err)
        == "case 2, row 3, column 2: 'x' is not a given: use 1-4, or '.' or '0' for an empty cell (line 4)"
    )
    # Without comments or blank lines the case number is the line number, so no line is named.
    (_, err) = read_line(LINE4 + "\n" + LINE4.replace("3", "x", 1))
    assert "(line" not in str(err)
