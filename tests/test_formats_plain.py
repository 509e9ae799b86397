"""Tests for the plain 9x9 format of the `hatch` command."""

from __future__ import annotations

import pytest

from squiggly_cp.ask.hatch import HatchResult, format_hatch, hatch
from squiggly_cp.core.puzzle import Puzzle, PuzzleError, standard_regions
from squiggly_cp.formats.plain import read_plain

ROWS = ["370004008", "805700300", "200008609", "908400200", "734920800",
        "000073004", "003100096", "097602000", "080009005"]  # fmt: skip
TEXT = "".join(row + "\n" for row in ROWS)


def test_read_plain() -> None:
    puzzle = read_plain(TEXT)
    assert puzzle.size == 9
    assert puzzle.regions == standard_regions(9)
    assert puzzle.givens[:9] == (3, 7, 0, 0, 0, 4, 0, 0, 8)
    assert puzzle.givens[-1] == 5


@pytest.mark.parametrize(
    "text",
    [
        TEXT.rstrip("\n"),
        TEXT.replace("\n", "\r\n"),
        "\n\n  \n" + TEXT + "\n \t\n",
        "".join(row + "  \t\n" for row in ROWS),
    ],
)
def test_read_plain_tolerates_whitespace(text: str) -> None:
    assert read_plain(text) == read_plain(TEXT)


@pytest.mark.parametrize(
    ("text", "message", "row", "col"),
    [
        (TEXT.replace("805700300", "8057x0300"), "'x' is not a digit", 2, 5),
        (TEXT.replace("805700300", "80570030"), "row has 8 cells, expected 9", 2, None),
        (TEXT.replace("805700300", "8057003000"), "row has 10 cells, expected 9", 2, None),
        (TEXT.replace("805700300", " 805700300"), "' ' is not a digit", 2, 1),
        (TEXT.replace("805700300", "8.5700300"), "'.' is not a digit", 2, 2),
        (TEXT.replace("805700300\n", "805700300\n\n"), "row has 0 cells, expected 9", 3, None),
        ("".join(row + "\n" for row in ROWS[:7]), "expected 9 rows, found 7", 8, None),
        (TEXT + "000000000\n", "expected 9 rows, found 10", 10, None),
        ("\n \n", "expected 9 rows, found none", None, None),
    ],
)
def test_read_plain_errors(text: str, message: str, row: int | None, col: int | None) -> None:
    with pytest.raises(PuzzleError) as caught:
        read_plain(text)
    assert (caught.value.message, caught.value.row, caught.value.col) == (message, row, col)


def test_format_hatch() -> None:
    result = hatch(read_plain(TEXT))
    assert format_hatch(result) == (
        "379264518\n865791342\n241538679\n958416237\n734925861\n612873954\n523187496\n497652183\n186349725\n"
    )
    partial = HatchResult(read_plain(TEXT).givens, (), None)
    assert format_hatch(partial).splitlines()[0] == "37...4..8"
    assert format_hatch(HatchResult(partial.grid, (), "region 1 has no cell for 1")) == "ERROR\n"


def test_format_plain_other_sizes() -> None:
    grid = tuple((4 * (r % 4) + r // 4 + c) % 16 + 1 for r in range(16) for c in range(16))
    puzzle = Puzzle.standard((*grid[:-1], 0), 16)
    out = format_hatch(hatch(puzzle))
    assert out.splitlines()[0] == "123456789ABCDEFG"
    assert len(out.splitlines()) == 16
    assert format_hatch(HatchResult(puzzle.givens, (), None)).endswith(".\n")
