"""The grid format: rows of givens, then rows of region labels."""

from __future__ import annotations

import pytest

from squiggly_cp import InputError, Puzzle
from squiggly_cp.formats.grid import read_grid, write_grid

# A 4x4 squiggly drawn by hand:  A A A B
#                                A C B B
#                                C C D B
#                                C D D D
GRID4 = """\
1...
..2.
.3..
...4
AAAB
ACBB
CCDB
CDDD
"""
PUZZLE4 = Puzzle(
    4,
    (1, 0, 0, 0,
     0, 0, 2, 0,
     0, 3, 0, 0,
     0, 0, 0, 4),
    (0, 0, 0, 1,
     0, 2, 1, 1,
     2, 2, 3, 1,
     2, 3, 3, 3),
)  # fmt: skip

GRID6 = """\
1.....
..2...
....3.
.4....
...5..
6.....
AAABBB
AACCBB
ACCCDB
EECDDF
EEDDFF
EEDFFF
"""
PUZZLE6 = Puzzle(
    6,
    (1, 0, 0, 0, 0, 0,
     0, 0, 2, 0, 0, 0,
     0, 0, 0, 0, 3, 0,
     0, 4, 0, 0, 0, 0,
     0, 0, 0, 5, 0, 0,
     6, 0, 0, 0, 0, 0),
    (0, 0, 0, 1, 1, 1,
     0, 0, 2, 2, 1, 1,
     0, 2, 2, 2, 3, 1,
     4, 4, 2, 3, 3, 5,
     4, 4, 3, 3, 5, 5,
     4, 4, 3, 5, 5, 5),
)  # fmt: skip


def test_hand_examples_read() -> None:
    assert read_grid(GRID4) == [PUZZLE4]
    assert read_grid(GRID6) == [PUZZLE6]
    assert read_grid(GRID4 + "\n\n\n" + GRID6) == [PUZZLE4, PUZZLE6]


def test_hand_examples_written() -> None:
    assert write_grid([PUZZLE4]) == GRID4
    assert write_grid([PUZZLE4, PUZZLE6]) == GRID4 + "\n" + GRID6
    assert write_grid([]) == ""


def test_labels_are_any_letters_or_digits_and_zero_is_empty() -> None:
    text = "1000\n0020\n0300\n0004\n\n7770\n7900\n99x0\n9xxx\n"
    assert read_grid(text) == [PUZZLE4]


def test_spaces_inside_rows_and_a_blank_line_between_blocks() -> None:
    text = "1 . . .\n. . 2 .\n. 3 . .\n. . . 4\n\n\nA A A B\nA C B B\nC C D B\nC D D D\n"
    assert read_grid(text) == [PUZZLE4]
    assert read_grid("\r\n".join(GRID4.splitlines()) + "\r\n") == [PUZZLE4]


def test_letter_digits_either_case() -> None:
    # 10x10 with each row a region; 'A' and 'a' both mean 10.
    givens = ["A.........", ".a........"] + ["." * 10] * 8
    labels = [str(r) * 10 for r in range(10)]
    (puzzle,) = read_grid("\n".join(givens + labels))
    assert isinstance(puzzle, Puzzle)
    assert puzzle.givens[0] == 10 and puzzle.givens[11] == 10
    assert puzzle.regions == tuple(i // 10 for i in range(100))


def _only_error(text: str, case: int = 1) -> InputError:
    items = read_grid(text)
    errors = [x for x in items if isinstance(x, InputError)]
    assert len(errors) == 1
    assert errors[0].case == case
    return errors[0]


@pytest.mark.parametrize(
    ("givens", "labels", "row", "col", "words"),
    [
        ("1...\n..2.\n.x..\n...4", "AAAB\nACBB\nCCDB\nCDDD", 3, 2, "'x' is not a given"),
        ("1...\n..2.\n.5..\n...4", "AAAB\nACBB\nCCDB\nCDDD", 3, 2, "above 4"),
        ("1...\n..2.\n.3..\n...4", "AAAB\nAC-B\nCCDB\nCDDD", 2, 3, "'-' is not a region label"),
        ("1...\n..2.\n.3.\n...4", "AAAB\nACBB\nCCDB\nCDDD", 3, None, "has 3 cells, not 4"),
        ("1...\n..2.\n.3..\n...4", "AAAB\nACBB\nCCDB\nCDDDD", 4, None, "region labels has 5 cells"),
        ("1...\n..2.\n.3..\n...4", "AAAB\nACBB\nCCDB\nCDDB", 1, 4, "5 cells, not 4"),
        ("1...\n..2.\n.3..\n...4", "AABB\nCCBB\nCCDD\nAADD", 1, 1, "split into 2 separate parts"),
    ],
)
def test_malformed_puzzle_is_reported_and_the_others_still_read(
    givens: str, labels: str, row: int, col: int | None, words: str
) -> None:
    text = GRID4 + "\n" + givens + "\n" + labels + "\n\n" + GRID6
    items = read_grid(text)
    assert items[0] == PUZZLE4 and items[2] == PUZZLE6 and len(items) == 3
    err = items[1]
    assert isinstance(err, InputError)
    assert (err.case, err.row, err.col) == (2, row, col)
    assert words in str(err)
    assert str(err).startswith(f"case 2, row {row}")


def test_line_numbers_in_messages_and_more_problems_counted() -> None:
    err = _only_error(GRID4 + "\n" + "1...\n..2.\n.x..\n..y4\nAAAB\nACBB\nCCDB\nCDDD\n", case=2)
    assert "(line 12)" in str(err)
    assert err.more == 1 and "(and 1 more problem in this case)" in str(err)


def test_wrong_number_of_rows() -> None:
    err = _only_error("1...\n..2.\n.3..\n...4\nAAAB\nACBB\nCCDB\n\n" + GRID6, case=1)
    assert err.row is None
    assert "has 7 rows, but a 4x4 puzzle has 8" in str(err) and "line 1" in str(err)
    # Two puzzles without a blank line between them.
    err = _only_error(GRID4 + GRID4)
    assert "16 rows" in str(err) and "blank line" in str(err)


def test_givens_block_without_labels_does_not_swallow_the_next_puzzle() -> None:
    items = read_grid("1...\n..2.\n.3..\n...4\n\n" + GRID6)
    assert isinstance(items[0], InputError) and items[1:] == [PUZZLE6]


@pytest.mark.parametrize("n", [3, 17])
def test_size_out_of_range(n: int) -> None:
    text = "\n".join(["." * n] * n + ["A" * n] * n)
    err = _only_error(text + "\n\n" + GRID4)
    assert (err.row, err.col) == (1, None)
    assert f"first row has {n} cells" in str(err)


def test_sixteen_by_sixteen_round_trip() -> None:
    rows = ["." * r + "123456789ABCDEFG"[r] + "." * (15 - r) for r in range(16)]
    labels = ["".join("ABCDEFGHIJKLMNOP"[(r // 4) * 4 + c // 4] for c in range(16)) for r in range(16)]
    text = "\n".join(rows + labels) + "\n"
    (puzzle,) = read_grid(text)
    assert isinstance(puzzle, Puzzle) and puzzle.size == 16
    assert write_grid([puzzle]) == text
