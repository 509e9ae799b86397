"""Format detection, dispatch, and round trips through every format."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from squiggly_cp import InputError, Puzzle, read_hdu
from squiggly_cp.core.puzzle import standard_regions
from squiggly_cp.formats.detect import FORMATS, detect_format, read_puzzles, write_puzzles
from squiggly_cp.formats.fpuzzles import fpuzzles_link, to_fpuzzles_json
from squiggly_cp.make.generate import random_layout
from test_formats_grid import GRID4, GRID6, PUZZLE4, PUZZLE6
from test_formats_line import LINE4, LINE6

SAMPLE_IN = Path(__file__).resolve().parent.parent / "data" / "hdu4069-sample.in"
SAMPLE = [case.puzzle for case in read_hdu(SAMPLE_IN)]

PLAIN = """\
530070000
600195000
098000060
800060003
400803001
700020006
060000280
000419005
000080079
"""

FULL_LINE = "1" * 81 + "".join(str(k + 1) for k in standard_regions(9))


def test_formats_constant() -> None:
    assert FORMATS == ("hdu", "grid", "line", "fpuzzles", "plain", "sudokupad", "solo", "sudokuwiki")


@pytest.mark.parametrize(
    ("text", "fmt"),
    [
        (SAMPLE_IN.read_text(), "hdu"),
        (GRID4 + "\n" + GRID6, "grid"),
        ("\n1...\n..2.\n.3..\n...4\n\n\nAAAB\nACBB\nCCDB\nCDDD\n", "grid"),  # blank lines between blocks
        ("1 . . .\n. . 2 .\n. 3 . .\n. . . 4\nA A A B\nA C B B\nC C D B\nC D D D\n", "grid"),
        (LINE4 + "\n" + LINE6, "line"),
        ("# comment\n\n" + LINE6 + "\n", "line"),
        (FULL_LINE, "line"),  # only digits, like base64, but not an f-puzzle
        (fpuzzles_link(PUZZLE4), "fpuzzles"),
        (fpuzzles_link(PUZZLE4).split("load=")[1], "fpuzzles"),
        (json.dumps(to_fpuzzles_json(PUZZLE6), indent=1), "fpuzzles"),
        (PLAIN, "plain"),
        ("\n" + PLAIN + "\n\n", "plain"),
    ],
)
def test_each_format_is_detected(text: str, fmt: str) -> None:
    assert detect_format(text) == fmt
    items = read_puzzles(text)
    assert items and all(isinstance(x, Puzzle) for x in items)


def test_a_broken_hdu_file_is_still_detected_so_its_reader_can_point_at_the_problem() -> None:
    tokens = SAMPLE_IN.read_text().split()
    tokens[5] = "x"
    text = " ".join(tokens)
    assert detect_format(text) == "hdu"
    items = read_puzzles(text)
    assert isinstance(items[0], InputError) and (items[0].case, items[0].row, items[0].col) == (1, 1, 5)
    assert items[1:] == SAMPLE[1:]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "empty"),
        ("\n  \n", "empty"),
        ("# only a comment\n", "only '#' comment lines"),
        ("hello world", "the input is one line, 'hello world', which is no puzzle"),
        ("hello, world!", "the first line holds ','"),
        ("this is certainly not a puzzle in any format", "too long for grid rows (the first has 36 cells)"),
        ("+" * 20, "too long for grid rows"),
        ("ab", "first line has 2 cells"),
        (PLAIN.replace("0", "."), "9 rows of 9 cells and no region labels"),
        ("1...\n..2.\n.3..\n...4\nAAAB\n", "5 rows, but a 4x4 grid puzzle has 8"),
    ],
)
def test_garbage_and_ambiguous_input_is_refused_clearly(text: str, words: str) -> None:
    with pytest.raises(InputError) as info:
        detect_format(text)
    assert words in str(info.value)
    with pytest.raises(InputError):
        read_puzzles(text)


def test_one_damaged_line_does_not_hide_the_format_or_the_other_puzzles() -> None:
    # A grid file with one long line, and a line file with one short line:
    # the majority decides, and the reader answers every other puzzle.
    grid_items = read_puzzles(GRID4 + "\n" + LINE4 + "\n\n" + GRID6)
    assert detect_format(GRID4 + "\n" + LINE4 + "\n\n" + GRID6) == "grid"
    assert PUZZLE4 in grid_items and PUZZLE6 in grid_items
    assert any(isinstance(x, InputError) for x in grid_items)
    text = "\n".join([LINE4, LINE6[:7], LINE6])
    assert detect_format(text) == "line"
    items = read_puzzles(text)
    assert isinstance(items[1], InputError) and items[0] == PUZZLE4 and items[2] == PUZZLE6
    # A short first row of a grid file.
    lines = GRID6.splitlines()
    lines[0] = lines[0][:3]
    damaged = "\n".join(lines) + "\n\n" + GRID4
    assert detect_format(damaged) == "grid"
    assert PUZZLE4 in read_puzzles(damaged)


def test_unknown_format_name() -> None:
    with pytest.raises(InputError, match="unknown format 'xml'"):
        read_puzzles(GRID4, "xml")
    with pytest.raises(InputError, match="unknown format 'xml'"):
        write_puzzles([PUZZLE4], "xml")


def test_explicit_format_skips_detection() -> None:
    assert read_puzzles(GRID4, "grid") == [PUZZLE4]
    items = read_puzzles(GRID4, "line")
    assert len(items) == 8 and all(isinstance(x, InputError) for x in items)


def test_plain_reader_errors_become_input_errors() -> None:
    (err,) = read_puzzles(PLAIN.replace("530", "5x0"), "plain")
    assert isinstance(err, InputError) and (err.case, err.row, err.col) == (1, 1, 2)


def test_writers_refuse_what_their_format_cannot_hold() -> None:
    with pytest.raises(InputError, match="only 9x9") as info:
        write_puzzles([SAMPLE[0], PUZZLE6], "hdu")
    assert info.value.case == 2
    with pytest.raises(InputError, match="standard 3x3 boxes"):
        write_puzzles([SAMPLE[0]], "plain")
    with pytest.raises(InputError, match="one puzzle"):
        write_puzzles([Puzzle.standard((0,) * 81)] * 2, "plain")
    classic = read_puzzles(PLAIN)[0]
    assert write_puzzles([classic], "plain") == PLAIN
    assert write_puzzles([], "plain") == ""


def test_every_writer_output_is_detected_and_read_back() -> None:
    for fmt in ("hdu", "grid", "line", "fpuzzles"):
        text = write_puzzles(SAMPLE, fmt)
        assert detect_format(text) == fmt
        assert read_puzzles(text) == SAMPLE


def _random_puzzle(seed: int, size: int) -> Puzzle:
    rng = random.Random(seed)
    layout = random_layout(rng, size)
    givens = tuple(rng.randint(1, size) if rng.random() < 0.3 else 0 for _ in range(size * size))
    return Puzzle(size, givens, layout)


NEXT = {"hdu": "grid", "grid": "line", "line": "fpuzzles", "fpuzzles": "hdu"}


@settings(deadline=None, max_examples=25)
@given(st.lists(st.integers(0, 2**32), min_size=1, max_size=3))
def test_round_trip_hdu_grid_line_fpuzzles_hdu(seeds: list[int]) -> None:
    puzzles = [_random_puzzle(seed, 9) for seed in seeds]
    text = write_puzzles(puzzles, "hdu")
    for fmt in ("hdu", "grid", "line", "fpuzzles", "hdu"):
        assert detect_format(text) == fmt
        read = read_puzzles(text)
        assert read == puzzles
        text = write_puzzles(read, NEXT[fmt])


@settings(deadline=None, max_examples=30)
@given(st.lists(st.tuples(st.integers(0, 2**32), st.integers(4, 16)), min_size=1, max_size=3))
def test_round_trip_every_size_grid_line_fpuzzles_grid(specs: list[tuple[int, int]]) -> None:
    puzzles = [_random_puzzle(seed, size) for seed, size in specs]
    text = write_puzzles(puzzles, "grid")
    for fmt, after in (("grid", "line"), ("line", "fpuzzles"), ("fpuzzles", "grid"), ("grid", "grid")):
        assert detect_format(text) == fmt
        read = read_puzzles(text)
        assert read == puzzles
        text = write_puzzles(read, after)


def test_standard_sixteen_by_sixteen_needs_no_regions_in_fpuzzles() -> None:
    puzzle = Puzzle.standard((0,) * 256, 16)
    assert puzzle.regions == standard_regions(16)
    assert all(cell == {} for row in to_fpuzzles_json(puzzle)["grid"] for cell in row)
    assert read_puzzles(write_puzzles([puzzle], "fpuzzles")) == [puzzle]
