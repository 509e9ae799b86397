"""f-puzzles JSON and links."""

from __future__ import annotations

import json
import urllib.parse
from pathlib import Path

import pytest
from lzstring import LZString

from squiggly_cp import InputError, Puzzle, read_hdu
from squiggly_cp.core.puzzle import standard_regions
from squiggly_cp.formats.fpuzzles import (
    LINK_PREFIX,
    fpuzzles_link,
    read_fpuzzles,
    to_fpuzzles_json,
    write_fpuzzles,
)
from test_formats_grid import PUZZLE4, PUZZLE6

SAMPLE_IN = Path(__file__).resolve().parent.parent / "data" / "hdu4069-sample.in"


def one_given_doc() -> dict:
    """The spec's real-link fact: a 9x9 with only r1c1 = 1 given."""
    grid = [[{} for _ in range(9)] for _ in range(9)]
    grid[0][0] = {"value": 1, "given": True}
    return {"size": 9, "grid": grid}


ONE_GIVEN = Puzzle.standard((1,) + (0,) * 80)


def test_the_real_link_fact_in_every_spelling() -> None:
    text = json.dumps(one_given_doc())
    b64 = LZString.compressToBase64(text)
    assert LZString.decompressFromBase64(b64) == text
    spellings = [
        LINK_PREFIX + b64,
        LINK_PREFIX + urllib.parse.quote(b64, safe=""),  # %2B, %2F, %3D
        "f-puzzles.com/?load=" + b64 + "&other=1",
        b64,
        b64.replace("+", " "),  # a '+' that went through form decoding
        urllib.parse.quote(b64, safe=""),
        text,
    ]
    assert "%" in spellings[1]
    for spelling in spellings:
        assert read_fpuzzles(spelling) == [ONE_GIVEN], spelling
    assert read_fpuzzles("\n".join(spellings)) == [ONE_GIVEN] * len(spellings)


def test_multi_line_json_between_links() -> None:
    doc = json.dumps(one_given_doc(), indent=2)
    text = fpuzzles_link(PUZZLE4) + "\n\n" + doc + "\n" + fpuzzles_link(PUZZLE6) + "\n"
    assert read_fpuzzles(text) == [PUZZLE4, ONE_GIVEN, PUZZLE6]


def test_value_without_given_is_a_pencil_entry_and_is_ignored() -> None:
    doc = one_given_doc()
    doc["grid"][4][4] = {"value": 5}
    doc["grid"][4][5] = {"value": 6, "given": False, "centerPencilMarks": [1, 2], "highlight": "#ff0000"}
    doc["grid"][4][6] = {"cornerPencilMarks": [3]}
    doc["title"], doc["author"], doc["ruleset"] = "T", "A", "Normal sudoku rules apply."
    assert read_fpuzzles(json.dumps(doc)) == [ONE_GIVEN]


@pytest.mark.parametrize("key", ["killercage", "thermometer", "arrow", "diagonal+"])
def test_unknown_constraints_are_refused_naming_the_key(key: str) -> None:
    doc = one_given_doc()
    doc[key] = True if key == "diagonal+" else [{"cells": ["R1C1", "R1C2"], "value": "3"}]
    items = read_fpuzzles(json.dumps(doc) + "\n" + json.dumps(one_given_doc()))
    err = items[0]
    assert isinstance(err, InputError) and err.case == 1
    assert f"'{key}'" in str(err) and "does not understand" in str(err)
    assert items[1] == ONE_GIVEN


def test_empty_constraint_lists_constrain_nothing() -> None:
    doc = one_given_doc()
    doc["killercage"] = []
    doc["diagonal-"] = False
    assert read_fpuzzles(json.dumps(doc)) == [ONE_GIVEN]


def test_unknown_cell_key_is_refused_naming_key_and_cell() -> None:
    doc = one_given_doc()
    doc["grid"][2][3] = {"givenPencilMarks": [1, 2]}
    (err,) = read_fpuzzles(json.dumps(doc))
    assert isinstance(err, InputError) and (err.case, err.row, err.col) == (1, 3, 4)
    assert "'givenPencilMarks'" in str(err)


def test_six_by_six_default_boxes_are_two_rows_by_three_columns() -> None:
    doc = {"size": 6, "grid": [[{} for _ in range(6)] for _ in range(6)]}
    doc["grid"][5][5] = {"value": 6, "given": True}
    (puzzle,) = read_fpuzzles(json.dumps(doc))
    assert isinstance(puzzle, Puzzle)
    assert puzzle.regions == (
        0, 0, 0, 1, 1, 1,
        0, 0, 0, 1, 1, 1,
        2, 2, 2, 3, 3, 3,
        2, 2, 2, 3, 3, 3,
        4, 4, 4, 5, 5, 5,
        4, 4, 4, 5, 5, 5,
    )  # fmt: skip
    assert puzzle.givens[35] == 6


def test_region_written_only_where_it_differs_from_the_default_box() -> None:
    # The hand-drawn 6x6 (AAABBB / AACCBB / ACCCDB / EECDDF / EEDDFF / EEDFFF)
    # against the boxes: regions A..F take box numbers 0..5, and these cells
    # lie outside their box.
    doc = to_fpuzzles_json(PUZZLE6, title="six")
    assert doc["size"] == 6 and doc["title"] == "six"
    regions = {
        (r, c): cell["region"]
        for r, row in enumerate(doc["grid"])
        for c, cell in enumerate(row)
        if "region" in cell
    }
    assert regions == {
        (1, 2): 2, (1, 3): 2, (2, 0): 0, (2, 3): 2, (2, 5): 1,
        (3, 0): 4, (3, 1): 4, (3, 5): 5, (4, 2): 3, (4, 3): 3, (5, 2): 3,
    }  # fmt: skip
    assert doc["grid"][0][0] == {"value": 1, "given": True}
    assert doc["grid"][0][1] == {}
    standard = to_fpuzzles_json(ONE_GIVEN)
    assert standard == one_given_doc()


def test_sizes_without_boxes_write_and_need_every_region() -> None:
    puzzle = Puzzle(5, (0,) * 25, tuple(i // 5 for i in range(25)))
    doc = to_fpuzzles_json(puzzle)
    assert all("region" in cell for row in doc["grid"] for cell in row)
    assert read_fpuzzles(fpuzzles_link(puzzle)) == [puzzle]
    del doc["grid"][1][2]["region"]
    (err,) = read_fpuzzles(json.dumps(doc))
    assert isinstance(err, InputError) and (err.row, err.col) == (2, 3)
    assert "every cell needs a 'region'" in str(err)


def test_irregular_nine_by_nine_round_trips() -> None:
    puzzles = [case.puzzle for case in read_hdu(SAMPLE_IN)]
    assert all(p.regions != standard_regions(9) for p in puzzles)
    text = write_fpuzzles(puzzles)
    assert text.count("\n") == 3 and all(line.startswith(LINK_PREFIX) for line in text.splitlines())
    assert read_fpuzzles(text) == puzzles
    assert read_fpuzzles("\n".join(json.dumps(to_fpuzzles_json(p)) for p in puzzles)) == puzzles


def first_cell(cell: dict) -> list[list[dict]]:
    """A 4x4 grid, empty but for its first cell."""
    return [[cell, {}, {}, {}]] + [[{}] * 4 for _ in range(3)]


@pytest.mark.parametrize(
    ("doc", "row", "col", "words"),
    [
        ([1, 2], None, None, "expected a JSON object"),
        ({"size": 3, "grid": []}, None, None, "'size' is 3"),
        ({"size": 4, "grid": [[{}] * 4] * 3}, None, None, "list of 4 rows, found 3 rows"),
        ({"size": 4, "grid": [[{}] * 4] * 3 + [[{}] * 5]}, 4, None, "list of 4 cells, found 5"),
        ({"size": 4, "grid": [[{}] * 4] * 3 + [[{}, {}, 7, {}]]}, 4, 3, "must be a JSON object"),
        ({"size": 4, "grid": first_cell({"value": 5, "given": True})}, 1, 1, "not a digit"),
        ({"size": 4, "grid": first_cell({"region": 4})}, 1, 1, "not a whole number from 0"),
        ({"size": 4, "grid": first_cell({"region": 1})}, 1, 1, "5 cells, not 4"),
    ],
)
def test_malformed_json_is_reported_and_the_others_still_read(
    doc: object, row: int | None, col: int | None, words: str
) -> None:
    items = read_fpuzzles(fpuzzles_link(PUZZLE4) + "\n" + json.dumps(doc) + "\n" + fpuzzles_link(PUZZLE6))
    assert items[0] == PUZZLE4 and items[2] == PUZZLE6
    err = items[1]
    assert isinstance(err, InputError) and (err.case, err.row, err.col) == (2, row, col)
    assert words in str(err)


def test_undecodable_inputs() -> None:
    link = fpuzzles_link(PUZZLE4)
    broken_json = '{"size": 4,\n  "grid": [[{}]\n'
    text = "\n".join(["not a link!", link[: len(LINK_PREFIX) + 10], broken_json, link, "[1, 2"])
    items = read_fpuzzles(text)
    assert items[3] == PUZZLE4 and len(items) == 5
    messages = [str(x) for x in items]
    assert messages[0].startswith("case 1: not an f-puzzles link") and "'!'" in messages[0]
    assert messages[1].startswith("case 2: ")
    assert messages[2].startswith("case 3: not valid JSON")
    assert messages[4].startswith("case 5: not valid JSON")
    (err,) = read_fpuzzles("https://f-puzzles.com/?id=abc123")
    assert "without 'load='" in str(err)
    # Text after a JSON document on its line.
    (err,) = read_fpuzzles(json.dumps(one_given_doc()) + " trailing")
    assert "unexpected text after the JSON document" in str(err)


def test_link_is_compact_json() -> None:
    link = fpuzzles_link(PUZZLE4)
    decoded = LZString.decompressFromBase64(link.removeprefix(LINK_PREFIX))
    assert decoded == json.dumps(to_fpuzzles_json(PUZZLE4), separators=(",", ":"))
    assert write_fpuzzles([PUZZLE4]) == link + "\n"


def test_every_unknown_constraint_is_named() -> None:
    doc = one_given_doc()
    doc["killercage"] = [{"cells": ["R1C1", "R1C2"], "value": "3"}]
    doc["thermometer"] = [{"lines": [["R1C1", "R1C2"]]}]
    doc["arrow"] = [{"lines": [["R2C1", "R2C2"]]}]
    (err,) = read_fpuzzles(json.dumps(doc))
    assert "'killercage', 'thermometer' and 'arrow', constraints this tool does not understand" in str(err)
    doc = one_given_doc()
    doc["grid"][0][1] = {"givenPencilMarks": [1], "cage": 3}
    (err,) = read_fpuzzles(json.dumps(doc))
    assert "'givenPencilMarks' and 'cage', constraints" in str(err) and (err.row, err.col) == (1, 2)


def test_echoed_input_is_cut_to_an_excerpt() -> None:
    # Issue 21, item 13: a 1 MB 'size' string made a 1 MB error line.
    (err,) = read_fpuzzles(json.dumps({"size": "9" * 1_000_000, "grid": []}))
    assert isinstance(err, InputError) and len(str(err)) < 120
    assert "'size' is \"999" in str(err) and "..." in str(err)
    doc = one_given_doc()
    for k in range(1000):
        doc[f"constraint{k}" * 50] = [1]
    (err,) = read_fpuzzles(json.dumps(doc))
    assert len(str(err)) < 400 and "and 995 more, constraints" in str(err)
    doc = one_given_doc()
    doc["grid"][0][0] = {"region": "x" * 10_000}
    (err,) = read_fpuzzles(json.dumps(doc))
    assert len(str(err)) < 120 and (err.row, err.col) == (1, 1)


def test_cell_colours_and_a_null_region_are_accepted() -> None:
    # Issue 21, item 16: setters' files carry cell colours and "region": null.
    doc = one_given_doc()
    doc["grid"][0][1] = {"c": "#FF0000", "highlight": "#00FF00", "region": None}
    doc["grid"][1][2] = {"cArray": ["#FF0000", "#0000FF"]}
    assert read_fpuzzles(json.dumps(doc)) == [ONE_GIVEN]
    # A null region is the default box: a size without boxes still needs one.
    doc = {"size": 5, "grid": [[{"region": None}] * 5] * 5}
    (err,) = read_fpuzzles(json.dumps(doc))
    assert isinstance(err, InputError) and "needs a 'region'" in str(err)
