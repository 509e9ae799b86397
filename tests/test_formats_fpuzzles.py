"""f-puzzles JSON and links."""

from __future__ import annotations

import json
import random
import urllib.parse
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lzstring import LZString

from squiggly_cp import InputError, Puzzle, read_hdu
from squiggly_cp.ask.count import count
from squiggly_cp.core.geometry import box_shape
from squiggly_cp.core.puzzle import PuzzleError, Verdict, standard_regions
from squiggly_cp.core.rules import (
    Apart,
    Arrow,
    Between,
    CellMark,
    Clone,
    CountingCircles,
    Diagonal,
    DisjointGroups,
    Dot,
    ExtraRegion,
    FrameSum,
    KillerCage,
    LittleKiller,
    NoOtherDots,
    NoRegion,
    OutsideClue,
    Palindrome,
    Quadruple,
    RegionSumLine,
    Renban,
    Rule,
    RuleError,
    Sandwich,
    SumLine,
    Thermometer,
    Whispers,
    Windoku,
)
from squiggly_cp.engines.cpsat import solve
from squiggly_cp.formats.fpuzzles import (
    LINK_PREFIX,
    TOP_LEVEL_KEYS,
    fpuzzles_link,
    read_fpuzzles,
    to_fpuzzles_json,
    write_fpuzzles,
)
from squiggly_cp.formats.fpuzzles_rules import RULE_KEYS, fpuzzles_order
from squiggly_cp.formats.line_rules import LINE_RULES, line_rule
from squiggly_cp.formats.registry import REGISTRY, write_one
from squiggly_cp.formats.sudokupad import parse_sudokupad
from squiggly_cp.make.regionmaps import random_layout
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


@pytest.mark.parametrize("key", ["doublearrow", "fogofwar", "cages"])
def test_unknown_constraints_are_refused_naming_the_key(key: str) -> None:
    # Keys this tool does not read are refused when they hold anything.
    doc = one_given_doc()
    doc[key] = True if key == "fogofwar" else [{"cells": ["R1C1", "R1C2"], "value": "3"}]
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
    doc["fogofwar"] = ["R1C1"]
    doc["line"] = [{"lines": [["R1C1", "R1C2"]]}]  # a cosmetic key: read with the rules text
    doc["killercage"] = [{"cells": ["R1C1", "R1C2"], "value": "3"}]  # understood: not named
    doc["doublearrow"] = [{"cells": ["R2C1"]}]
    doc["metadata"] = {"bgimage": "x"}
    (err,) = read_fpuzzles(json.dumps(doc))
    assert "'fogofwar', 'doublearrow' and 'metadata', constraints this tool does not understand" in str(err)
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


def test_cell_colours_are_accepted() -> None:
    # Issue 21, item 16: setters' files carry cell colours.
    doc = one_given_doc()
    doc["grid"][0][1] = {"c": "#FF0000", "highlight": "#00FF00"}
    doc["grid"][1][2] = {"cArray": ["#FF0000", "#0000FF"]}
    assert read_fpuzzles(json.dumps(doc)) == [ONE_GIVEN]


def test_a_null_region_puts_the_cell_in_no_region() -> None:
    # As SudokuPad and the f-puzzles solver read it: box 1 loses r1c1 and box 2
    # (rows 1-3, columns 4-6) loses r3c4, so each keeps 8 cells.
    doc = one_given_doc()
    doc["grid"][0][0] = {"value": 1, "given": True, "region": None}
    doc["grid"][2][3] = {"c": "#FF0000", "region": None}
    (puzzle,) = read_fpuzzles(json.dumps(doc))
    labels = list(standard_regions(9))
    labels[0] = labels[2 * 9 + 3] = -1
    assert puzzle.rules == (NoRegion(tuple(labels)),)
    assert puzzle.region_map == tuple(labels)
    assert puzzle.regions == tuple(i // 9 for i in range(81))  # rows, which add nothing
    assert [name for name in map(puzzle.layout.house_name, range(27, len(puzzle.houses)))] == [
        f"region {k}" for k in range(3, 10)
    ]  # boxes 3-9 are whole, so houses; boxes 1 and 2 only keep their digits apart
    written = to_fpuzzles_json(puzzle)
    assert [
        (r, c) for r, row in enumerate(written["grid"]) for c, cell in enumerate(row) if "region" in cell
    ] == [
        (0, 0),
        (2, 3),
    ]
    assert written["grid"][0][0] == {"value": 1, "given": True, "region": None}
    assert read_fpuzzles(json.dumps(written)) == [puzzle]
    assert read_fpuzzles(fpuzzles_link(puzzle)) == [puzzle]


def test_a_grid_with_no_regions_is_a_latin_square() -> None:
    # Order 4 has exactly 4 reduced Latin squares (first row and column 1 2 3 4).
    doc: dict[str, Any] = {"size": 4, "grid": [[{"region": None} for _ in range(4)] for _ in range(4)]}
    for k in range(4):
        doc["grid"][0][k] = {"value": k + 1, "given": True, "region": None}
        doc["grid"][k][0] = {"value": k + 1, "given": True, "region": None}
    (puzzle,) = read_fpuzzles(json.dumps(doc))
    assert puzzle.region_map == (-1,) * 16
    assert count(puzzle, 10) == 4


def test_a_region_made_too_big_by_labels_is_one_line() -> None:
    doc = one_given_doc()
    doc["grid"][0][0]["region"] = None
    doc["grid"][0][3] = {"region": 0}  # box 1 now has r1c4 and 8 of its own: fine
    doc["grid"][0][4] = {"region": 0}  # and r1c5: ten cells
    (err,) = read_fpuzzles(json.dumps(doc))
    assert isinstance(err, InputError)
    assert str(err) == "case 1: the cells in no region (r1c1): region 1 has 10 cells, more than 9"


# Variant rules ---------------------------------------------------------------------------------
#
# Each key read from a hand-written document to the rules expected of it. Cells
# are 0-based row-major: on a 9x9, RrCc is (r - 1) * 9 + (c - 1), so R1C1 = 0,
# R1C2 = 1, R2C1 = 9, R2C2 = 10, R5C5 = 40, R9C9 = 80.


def read_doc(extra: dict[str, Any], size: int = 9) -> Puzzle | InputError:
    doc: dict[str, Any] = {"size": size, "grid": [[{} for _ in range(size)] for _ in range(size)], **extra}
    (item,) = read_fpuzzles(json.dumps(doc))
    return item


def windows9() -> list[dict[str, Any]]:
    return [
        {"cells": [f"R{top + r}C{left + c}" for r in range(3) for c in range(3)]}
        for top in (2, 6)
        for left in (2, 6)
    ]


KEYS: list[tuple[dict[str, Any], tuple[Rule, ...]]] = [
    (
        {"killercage": [{"cells": ["R1C1", "R2C1"], "value": "7"}, {"cells": ["R5C5"]}]},
        (KillerCage((0, 9), 7), KillerCage((40,))),
    ),
    ({"killercage": [{"cells": ["R1C1", "R1C2"], "value": 3}]}, (KillerCage((0, 1), 3),)),  # a number too
    ({"killercage": [{"cells": ["R1C1", "R1C2"], "value": ""}]}, (KillerCage((0, 1)),)),  # no sum
    (
        {
            "littlekillersum": [
                {"cell": "R0C1", "cells": ["R1C2", "R2C3"], "direction": "DR", "value": "20"},
                {"cell": "R10C5", "direction": "UL", "value": "11"},
                {"cell": "R3C10", "direction": "DL", "value": 30},
            ]
        },
        (LittleKiller((0, 1), "DR", 20), LittleKiller((10, 5), "UL", 11), LittleKiller((3, 10), "DL", 30)),
    ),
    (
        {
            "sandwichsum": [
                {"cell": "R0C3", "value": "10"},
                {"cell": "R4C0", "value": "0"},
                {"cell": "R10C9", "value": "35"},  # below or right of the grid too
                {"cell": "R2C10", "value": 7},
            ]
        },
        (Sandwich("column", 3, 10), Sandwich("row", 4, 0), Sandwich("column", 9, 35), Sandwich("row", 2, 7)),
    ),
    (
        {
            "arrow": [
                {"cells": ["R1C1"], "lines": [["R1C1", "R1C2", "R1C3"], ["R1C1", "R2C1"]]},
                {"cells": ["R5C5", "R5C6"], "lines": [["R5C6", "R6C7"]]},
                {"cells": ["R7C1", "R8C1"], "lines": [["R7C1", "R8C2"]]},  # from the first bulb cell
            ]
        },
        (Arrow((0,), (1, 2)), Arrow((0,), (9,)), Arrow((40, 41), (51,)), Arrow((54, 63), (64,))),
    ),
    (
        {"thermometer": [{"lines": [["R1C1", "R2C2", "R3C3"], ["R9C9", "R9C8"]]}]},
        (Thermometer((0, 10, 20)), Thermometer((80, 79))),
    ),
    (
        {"difference": [{"cells": ["R1C1", "R1C2"]}, {"cells": ["R2C1", "R2C2"], "value": "3"}]},
        (Dot("white", (0, 1)), Dot("white", (9, 10), 3)),
    ),
    (
        {"ratio": [{"cells": ["R1C2", "R1C1"]}, {"cells": ["R2C1", "R3C1"], "value": "3"}]},
        (Dot("black", (1, 0)), Dot("black", (9, 18), 3)),
    ),
    (
        {"xv": [{"cells": ["R1C1", "R1C2"], "value": "X"}, {"cells": ["R1C1", "R2C1"], "value": "V"}]},
        (Dot("x", (0, 1)), Dot("v", (0, 9))),
    ),
    # our keys: frame sums and outside sudoku's digits (one a character, or parted by commas)
    ({"framesum": [{"cell": "R0C3", "value": "15"}, {"cell": "R4C10", "value": 7}]}, (FrameSum((0, 3), 15),
                                                                                      FrameSum((4, 10), 7))),
    ({"outside": [{"cell": "R10C1", "value": "157"}, {"cell": "R2C0", "value": "9, 2"}]},
     (OutsideClue((10, 1), (1, 5, 7)), OutsideClue((2, 0), (9, 2)))),
    ({"negative": ["ratio", "xv"], "ratio": []}, (NoOtherDots("black"), NoOtherDots("xv"))),
    ({"negative": ["difference"]}, (NoOtherDots("white"),)),
    ({"nonconsecutive": True}, (Apart("nonconsecutive"),)),
    # f-puzzles' non-consecutive lets the cells at a white dot be consecutive:
    # with such dots it is the white negative constraint.
    (
        {"nonconsecutive": True, "difference": [{"cells": ["R1C1", "R1C2"]}]},
        (Dot("white", (0, 1)), NoOtherDots("white")),
    ),
    (
        {"odd": [{"cell": "R1C1"}], "even": [{"cell": "R9C9"}], "minimum": [{"cell": "R5C5"}]},
        (CellMark("odd", 0), CellMark("even", 80), CellMark("min", 40)),
    ),
    ({"maximum": [{"cell": "R2C2"}, {"cell": "R2C4"}]}, (CellMark("max", 10), CellMark("max", 12))),
    # Fortress: touching minimum cells are read (f-puzzles does not compare them with each other)
    ({"minimum": [{"cell": "R1C1"}, {"cell": "R1C2"}]}, (CellMark("min", 0), CellMark("min", 1))),
    ({"antiknight": True, "antiking": True}, (Apart("antiknight"), Apart("antiking"))),
    ({"palindrome": [{"lines": [["R1C1", "R1C2", "R1C3"]]}]}, (Palindrome((0, 1, 2)),)),
    (
        {"renban": [{"lines": [["R1C1", "R2C1"], ["R9C9", "R8C8", "R7C7"]]}]},
        (Renban((0, 9)), Renban((80, 70, 60))),
    ),
    ({"whispers": [{"lines": [["R1C1", "R1C2"]]}]}, (Whispers((0, 1)),)),
    ({"whispers": [{"lines": [["R1C1", "R1C2"]], "value": 4}]}, (Whispers((0, 1), 4),)),
    ({"betweenline": [{"lines": [["R1C1", "R1C2", "R1C3", "R2C4"]]}]}, (Between((0, 1, 2, 12)),)),
    ({"regionsumline": [{"lines": [["R3C3", "R3C4"]]}]}, (RegionSumLine((20, 21)),)),
    ({"clone": [{"cells": ["R1C1", "R1C2"], "cloneCells": ["R9C8", "R9C9"]}]}, (Clone((0, 1), (79, 80)),)),
    (
        {"quadruple": [{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": [1, 2]}]},
        (Quadruple((0, 1, 9, 10), (1, 2)),),
    ),
    (
        {"quadruple": [{"cells": ["R8C8", "R8C9", "R9C8", "R9C9"], "values": ["9"]}]},
        (Quadruple((70, 71, 79, 80), (9,)),),
    ),
    ({"diagonal+": True}, (Diagonal("+"),)),
    ({"diagonal-": True, "diagonal+": False}, (Diagonal("-"),)),
    ({"extraregion": [{"cells": ["R1C1", "R1C2", "R2C1"]}]}, (ExtraRegion((0, 1, 9)),)),
    ({"extraregion": windows9()}, (Windoku(),)),  # the four windoku windows
    ({"extraregion": [*windows9()[::-1], {"cells": ["R1C1"]}]}, (Windoku(), ExtraRegion((0,)))),
    ({"disjointgroups": True}, (DisjointGroups(),)),
]


@pytest.mark.parametrize(("extra", "expected"), KEYS)
def test_each_key_reads_to_its_rules(extra: dict[str, Any], expected: tuple[Rule, ...]) -> None:
    puzzle = read_doc(extra)
    assert isinstance(puzzle, Puzzle), str(puzzle)
    assert puzzle.rules == expected
    assert puzzle.regions == standard_regions(9) and puzzle.givens == (0,) * 81


def test_rules_come_in_one_order_whatever_the_key_order() -> None:
    extra = {
        "diagonal+": True,
        "odd": [{"cell": "R1C1"}],
        "killercage": [{"cells": ["R1C1", "R1C2"], "value": "3"}],
        "antiknight": True,
    }
    shuffled = read_doc(dict(reversed(extra.items())))
    assert isinstance(shuffled, Puzzle)
    assert shuffled.rules == (KillerCage((0, 1), 3), CellMark("odd", 0), Apart("antiknight"), Diagonal("+"))
    assert read_doc(extra) == shuffled


def cells(*names: str) -> list[str]:
    return list(names)


REFUSED: list[tuple[dict[str, Any], str]] = [
    (
        {"killercage": [{"cells": ["R1C1", "R2C1"], "value": "abc"}]},
        'the killer cage r1c1-r2c1: the sum "abc" is not a whole number',
    ),
    (
        {"killercage": [{"cells": ["R1C1", "R2C1"], "value": "7.5"}]},
        'the killer cage r1c1-r2c1: the sum "7.5" is not a whole number',
    ),
    (
        {"killercage": [{"cells": ["R1C1", "R2C1"], "value": True}]},
        "the killer cage r1c1-r2c1: the sum true is not a whole number",
    ),
    # A number past any clue is too large, however it is written (JSON refuses 21 digits or more).
    ({"killercage": [{"cells": ["R1C1", "R2C1"], "value": 1e308}]}, "the sum 1e+308 is too large"),
    ({"killercage": [{"cells": ["R1C1", "R2C1"], "value": 10**19}]}, "sum 10000000000000000000 is too large"),
    ({"killercage": [{"cells": ["R1C1", "R2C1"], "value": "1" + "0" * 100}]}, '0... is too large'),
    ({"littlekillersum": [{"cell": "R0C1", "direction": "DR", "value": 10**6}]}, "sum 1000000 is too large"),
    ({"quadruple": [{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": [-1e300]}]}, "is too large"),
    ({"killercage": [{"cells": ["R1X1"]}]}, 'killer cage 1: "R1X1" is not a cell in the 9x9 grid'),
    (
        {"killercage": [{"cells": ["R1C1"]}, {"cells": ["R10C1"]}]},
        'killer cage 2: "R10C1" is not a cell in the 9x9 grid',
    ),
    ({"killercage": [{"cells": []}]}, "killer cage 1: expected a list of cells"),
    ({"killercage": {"cells": ["R1C1"]}}, "the killer cages: expected a list"),
    ({"killercage": ["R1C1"]}, "killer cage 1: expected a JSON object"),
    (
        {"killercage": [{"cells": ["R1C1", "R3C3"]}]},
        "the killer cage r1c1-r3c3: the cage's cells are not connected",
    ),
    (
        {"littlekillersum": [{"cell": "R0C1", "direction": "DD", "value": "5"}]},
        'the little killer at r0c1: the direction "DD" is not one of DR, DL, UR, UL',
    ),
    (
        {"littlekillersum": [{"cell": "R0C1", "direction": ["DR"], "value": "5"}]},
        "the little killer at r0c1: the direction",
    ),
    ({"littlekillersum": [{"cell": "R0C1", "direction": "DR"}]}, "the little killer at r0c1: it has no sum"),
    (
        {"littlekillersum": [{"cell": "R1C1", "direction": "DR", "value": "5"}]},
        "the little killer 5 at r1c1 pointing DR: the clue must be just outside the grid",
    ),
    (
        {"littlekillersum": [{"cell": "R0C9", "direction": "DR", "value": "5"}]},
        "the little killer 5 at r0c9 pointing DR: the diagonal misses the grid",
    ),
    (
        {"sandwichsum": [{"cell": "R0C0", "value": "5"}]},
        "the sandwich sum at r0c0: the clue is not beside a row or a column",
    ),
    ({"sandwichsum": [{"cell": "R0C3"}]}, "the sandwich sum at r0c3: it has no sum"),
    (
        {"arrow": [{"cells": ["R1C1"], "lines": [["R2C2", "R3C3"]]}]},
        "the arrow r1c1: its line starts at r2c2, not in its bulb",
    ),
    ({"arrow": [{"cells": ["R1C1"]}]}, "the arrow at r1c1: its circle has no arrow"),
    ({"arrow": [{"cells": ["R1C1"], "lines": []}]}, "the arrow at r1c1: its circle has no arrow"),
    ({"arrow": [{"cells": ["R1C1"], "lines": [["R1C1"]]}]}, "the arrow at r1c1: its circle has no arrow"),
    (
        {"arrow": [{"cells": ["R1C1"], "lines": [["R1C1", "R3C3"]]}]},
        "the arrow r1c1->r3c3: r1c1-r3c3 are not neighbours",
    ),
    ({"thermometer": [{"lines": [["R1C1"]]}]}, "the thermometer r1c1: a line needs at least 2 cells"),
    ({"thermometer": [{"lines": "R1C1"}]}, "thermometer 1: expected 'lines'"),
    (
        {"difference": [{"cells": ["R1C1", "R1C2", "R1C3"]}]},
        "the white kropki dot at r1c1-r1c2-r1c3: a dot is between two cells",
    ),
    (
        {"difference": [{"cells": ["R1C1", "R2C2"]}]},
        "the white kropki dot at r1c1-r2c2: the cells are not orthogonal neighbours",
    ),
    (
        {"ratio": [{"cells": ["R1C1", "R1C2"], "value": "x2"}]},
        'the black kropki dot at r1c1-r1c2: the value "x2" is not a whole number',
    ),
    (
        {"xv": [{"cells": ["R1C1", "R1C2"], "value": "Y"}]},
        'the XV marker at r1c1-r1c2: its value "Y" is neither X nor V',
    ),
    ({"xv": [{"cells": ["R1C1", "R1C2"]}]}, "the XV marker at r1c1-r1c2: its value null is neither X nor V"),
    (
        {"negative": ["sum"]},
        "the negative constraints: [\"sum\"] is not a list of 'ratio', 'difference' and 'xv'",
    ),
    ({"negative": "ratio"}, 'the negative constraints: "ratio" is not a list'),
    ({"odd": [{"cell": "R0C1"}]}, 'odd cell 1: "R0C1" is not a cell in the 9x9 grid'),
    ({"antiknight": "yes"}, 'the anti-knight constraint: "yes" is neither true nor false'),
    ({"antiking": 1}, "the anti-king constraint: 1 is neither true nor false"),
    ({"nonconsecutive": [1]}, "the non-consecutive constraint: [1] is neither true nor false"),
    ({"diagonal+": "true"}, 'the positive diagonal: "true" is neither true nor false'),
    ({"disjointgroups": 1}, "the disjoint groups: 1 is neither true nor false"),
    (
        {"whispers": [{"lines": [["R1C1", "R1C2"]], "value": "x"}]},
        'the German whispers line r1c1-r1c2: the gap "x" is not a whole number',
    ),
    (
        {"whispers": [{"lines": [["R1C1", "R1C2"]], "value": 0}]},
        "the German whispers line r1c1-r1c2: the gap 0 is not 1 or more",
    ),
    (
        {"betweenline": [{"lines": [["R1C1", "R1C2"]]}]},
        "the between line r1c1-r1c2: a line needs at least 3 cells",
    ),
    (
        {"renban": [{"lines": [["R1C1", "R1C2", "R1C1"]]}]},
        "the renban line r1c1-r1c2-r1c1: the line passes a cell twice",
    ),
    (
        {"sumline": [{"lines": [["R1C1", "R1C2", "R1C3", "R1C1"]], "value": 10}]},
        "the sum line r1c1-r1c2-r1c3-r1c1 (a loop, runs of sum 10): r1c3-r1c1 are not neighbours",
    ),
    (
        {"regionsumline": [{"lines": [["R1C1", "R1C2", "R2C2", "R1C2", "R1C1"]]}]},
        "the region-sum line r1c1-r1c2-r2c2-r1c2-r1c1 (a loop): the line passes a cell twice",
    ),
    (
        {"clone": [{"cells": ["R1C1"], "cloneCells": ["R2C2", "R3C3"]}]},
        "the clone r1c1 = r2c2-r3c3: the two shapes have different numbers of cells",
    ),
    ({"clone": [{"cells": ["R1C1"]}]}, "clone 1: expected a list of cells"),
    ({"quadruple": [{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"]}]}, "quadruple 1: expected 'values'"),
    (
        {"quadruple": [{"cells": ["R1C1", "R1C2", "R2C1", "R3C2"], "values": [1]}]},
        "the quadruple 1 at r1c1-r1c2-r2c1-r3c2: a quadruple is on four cells",
    ),
    (
        {"quadruple": [{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": [1, "a"]}]},
        'the quadruple at r1c1-r1c2-r2c1-r2c2: the digit "a" is not a whole number',
    ),
    (
        {"extraregion": [{"cells": ["R1C1", "R1C1"]}]},
        "the extra region r1c1-r1c1: an extra region has one or more cells, each once",
    ),
    # Where f-puzzles means something else than this tool: refused, not misread.
    (
        {"quadruple": [{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": [1, 1]}]},
        "the quadruple 11 at r1c1-r1c2-r2c1-r2c2: f-puzzles asks a repeated digit once, not twice",
    ),
    (
        {"negative": ["ratio"], "ratio": [{"cells": ["R1C1", "R1C2"], "value": "3"}]},
        "the black kropki dot (3) at r1c1-r1c2: "
        "with the black negative constraint f-puzzles forbids this ratio between other cells too",
    ),
    (
        {"negative": ["difference"], "difference": [{"cells": ["R1C1", "R1C2"], "value": "2"}]},
        "the white kropki dot (2) at r1c1-r1c2: "
        "with the white negative constraint f-puzzles forbids this difference",
    ),
    (
        {"nonconsecutive": True, "ratio": [{"cells": ["R1C1", "R1C2"]}]},
        "the black kropki dot at r1c1-r1c2: "
        "f-puzzles lets a 1 and a 2 sit at a black dot despite its non-consecutive rule",
    ),
]


def test_a_kropki_dot_of_either_colour_exempts_its_pair_from_the_negatives() -> None:
    """f-puzzles reads "all black dots are given" as not applying where a white
    dot is: the pair r1c1-r1c2 may be 1 and 2 (both a difference of 1 and a
    ratio of 2), r1c2-r1c3 without a dot may not be in ratio 2."""
    doc = {"size": 4, "grid": [[{}] * 4 for _ in range(4)], "negative": ["ratio"],
           "difference": [{"cells": ["R1C1", "R1C2"]}]}  # fmt: skip
    (puzzle,) = read_fpuzzles(json.dumps(doc))
    assert isinstance(puzzle, Puzzle)
    assert puzzle.rules == (Dot("white", (0, 1)), NoOtherDots("black"))
    negative = puzzle.rules[1]
    # Rows 1 2 4 3 / 3 4 1 2 / 2 1 3 4 / 4 3 2 1: r1c2-r1c3 (2 and 4) has no dot.
    assert not negative.holds((1, 2, 4, 3, 3, 4, 1, 2, 2, 1, 3, 4, 4, 3, 2, 1), puzzle)
    # The pairs the rule constrains: every orthogonal pair but the dotted one.
    unmarked = {frozenset(pair) for pair, _ in negative._unmarked(puzzle)}
    assert frozenset((0, 1)) not in unmarked and frozenset((1, 2)) in unmarked and len(unmarked) == 23


def test_a_loop_is_written_back_to_its_first_cell_and_read_back() -> None:
    """Our convention for a sum or region-sum line that is a loop: its first
    cell again at the end of its line (as SudokuPad draws one)."""
    loops = (SumLine((0, 1, 5, 4), 12, closed=True), RegionSumLine((1, 2, 6, 5), closed=True))
    puzzle = Puzzle(4, (0,) * 16, standard_regions(4), rules=loops)
    doc = to_fpuzzles_json(puzzle)
    assert doc["sumline"] == [{"lines": [["R1C1", "R1C2", "R2C2", "R2C1", "R1C1"]], "value": 12}]
    assert doc["regionsumline"] == [{"lines": [["R1C2", "R1C3", "R2C3", "R2C2", "R1C2"]]}]
    assert read_fpuzzles(json.dumps(doc)) == [puzzle.with_rules(fpuzzles_order(loops))]
    open_line = puzzle.with_rules([SumLine((0, 1, 5, 4), 12)])
    assert to_fpuzzles_json(open_line)["sumline"][0]["lines"] == [["R1C1", "R1C2", "R2C2", "R2C1"]]


def test_an_arrow_may_leave_a_two_cell_bulb_from_its_first_cell() -> None:
    """As some published puzzles draw it: the bulb r5c5-r5c6 reads 10*r5c5 + r5c6
    whichever cell the line leaves, and the line is written back from there."""
    doc = {"size": 9, "grid": [[{}] * 9 for _ in range(9)],
           "arrow": [{"cells": ["R5C5", "R5C6"], "lines": [["R5C5", "R6C4", "R7C4"]]}]}  # fmt: skip
    (puzzle,) = read_fpuzzles(json.dumps(doc))
    assert isinstance(puzzle, Puzzle)
    (arrow,) = puzzle.rules
    assert arrow == Arrow((40, 41), (48, 57)) and arrow.leaves_from(9) == 40
    assert to_fpuzzles_json(puzzle)["arrow"] == doc["arrow"]


@pytest.mark.parametrize(("extra", "message"), REFUSED)
def test_a_rule_that_cannot_be_read_is_refused_naming_it(extra: dict[str, Any], message: str) -> None:
    text = "\n".join(
        [json.dumps(one_given_doc()), json.dumps({**one_given_doc(), **extra}), fpuzzles_link(PUZZLE4)]
    )
    first, err, last = read_fpuzzles(text)
    assert first == ONE_GIVEN and last == PUZZLE4  # the others still read
    assert isinstance(err, InputError) and err.case == 2
    assert message in err.message, err.message
    assert "\n" not in str(err) and len(str(err)) < 220
    assert not any(f"'{key}'" in err.message for key in extra)  # the rule is named, not the JSON key


CANNOT_HOLD: list[tuple[dict[str, Any], str]] = [
    (
        {"killercage": [{"cells": ["R1C1", "R1C2"], "value": "50"}]},
        "the killer cage r1c1-r1c2 (sum 50) cannot hold: no 2 different digits 1-9 sum to 50",
    ),
    (
        {"sandwichsum": [{"cell": "R0C3", "value": "40"}]},
        "the sandwich sum 40 of column 3 cannot hold: digits between 1 and 9 cannot sum to 40",
    ),
    (
        {"ratio": [{"cells": ["R1C1", "R1C2"], "value": "10"}]},
        "the black kropki dot (10) at r1c1-r1c2 cannot hold: no two digits 1-9 fit it",
    ),
    (
        {"whispers": [{"lines": [["R1C1", "R1C2"]], "value": 9}]},
        "the whispers line r1c1-r1c2 (neighbours differ by at least 9) cannot hold: "
        "no digits 1-9 differ by 9",
    ),
]


@pytest.mark.parametrize(("extra", "sentence"), CANNOT_HOLD)
def test_a_rule_no_digits_keep_is_read_and_has_no_solution(extra: dict[str, Any], sentence: str) -> None:
    """Well placed, but no digits 1-9 keep it (a sum past 9 + 8, a ratio of
    10, a gap of 9): not bad input but a puzzle with no solution."""
    puzzle = read_doc(extra)
    assert isinstance(puzzle, Puzzle)
    assert puzzle.impossible_rule() == (0, sentence)
    assert solve(puzzle).verdict is Verdict.NONE
    assert read_doc(to_fpuzzles_json(puzzle)) == puzzle  # written back as read


def test_a_rule_entry_may_carry_colours_and_other_cosmetic_fields() -> None:
    extra = {
        "killercage": [{"cells": ["R1C1", "R1C2"], "value": "3", "outlineC": "#000000", "fontC": "#123"}]
    }
    puzzle = read_doc(extra)
    assert isinstance(puzzle, Puzzle) and puzzle.rules == (KillerCage((0, 1), 3),)


# Writing rules ---------------------------------------------------------------------------------

BOXED9 = Puzzle.standard((0,) * 81)


def test_rules_are_written_in_the_keys_f_puzzles_writes() -> None:
    rules = (
        KillerCage((0, 1), 3),
        KillerCage((2,)),
        LittleKiller((0, 1), "DR", 20),
        Sandwich("row", 3, 10),
        Sandwich("column", 4, 0),
        Arrow((40, 41), (51, 60)),
        Dot("white", (0, 9)),
        Dot("black", (1, 10), 3),
        Dot("v", (2, 11)),
        NoOtherDots("xv"),
        CellMark("min", 30),
        Apart("antiking"),
        Whispers((70, 71), 4),
        Quadruple((0, 1, 9, 10), (1, 2)),
        Diagonal("+"),
        Windoku(),
    )
    doc = to_fpuzzles_json(BOXED9.with_rules(rules))
    assert doc["killercage"] == [{"cells": ["R1C1", "R1C2"], "value": "3"}, {"cells": ["R1C3"]}]
    assert doc["littlekillersum"] == [
        {
            "cell": "R0C1",
            "cells": ["R1C2", "R2C3", "R3C4", "R4C5", "R5C6", "R6C7", "R7C8", "R8C9"],
            "direction": "DR",
            "value": "20",
        }
    ]
    assert doc["sandwichsum"] == [{"cell": "R3C0", "value": "10"}, {"cell": "R0C4", "value": "0"}]
    assert doc["arrow"] == [{"cells": ["R5C5", "R5C6"], "lines": [["R5C6", "R6C7", "R7C7"]]}]
    assert doc["difference"] == [{"cells": ["R1C1", "R2C1"]}]
    assert doc["ratio"] == [{"cells": ["R1C2", "R2C2"], "value": "3"}]
    assert doc["xv"] == [{"cells": ["R1C3", "R2C3"], "value": "V"}]
    assert doc["negative"] == ["xv"]
    assert doc["minimum"] == [{"cell": "R4C4"}]
    assert doc["whispers"] == [{"lines": [["R8C8", "R8C9"]], "value": 4}]
    assert doc["quadruple"] == [{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": [1, 2]}]
    assert doc["antiking"] is True and doc["diagonal+"] is True
    assert [entry["cells"][0] for entry in doc["extraregion"]] == ["R2C2", "R2C6", "R6C2", "R6C6"]
    assert list(doc)[:2] == ["size", "grid"] and set(doc) <= TOP_LEVEL_KEYS | RULE_KEYS
    (back,) = read_fpuzzles(fpuzzles_link(BOXED9.with_rules(rules)))
    assert back == BOXED9.with_rules(rules)  # already in f-puzzles' order


def test_the_white_negative_constraint_is_written_as_f_puzzles_non_consecutive_too() -> None:
    doc = to_fpuzzles_json(BOXED9.with_rules([NoOtherDots("white"), NoOtherDots("black")]))
    assert doc["negative"] == ["difference", "ratio"] and doc["nonconsecutive"] is True
    assert read_fpuzzles(json.dumps(doc)) == [BOXED9.with_rules([NoOtherDots("white"), NoOtherDots("black")])]
    doc = to_fpuzzles_json(BOXED9.with_rules([Apart("nonconsecutive")]))
    assert doc["nonconsecutive"] is True and "negative" not in doc


CANNOT_WRITE: list[tuple[tuple[Rule, ...], str]] = [
    ((Dot("x", (0, 1), 7),), "the X (7) at r1c1-r1c2: f-puzzles' X and V are sums of 10 and 5 only"),
    (
        (Apart("nonconsecutive"), NoOtherDots("white")),
        "the non-consecutive constraint: f-puzzles writes it and the white negative constraint alike",
    ),
    (
        (Apart("nonconsecutive"), Dot("white", (0, 1))),
        "the white kropki dot at r1c1-r1c2: "
        "with the non-consecutive constraint f-puzzles lets the cells at a white dot be consecutive",
    ),
    (
        (Apart("nonconsecutive"), Dot("black", (0, 1))),
        "the black kropki dot at r1c1-r1c2: f-puzzles lets a 1 and a 2 sit at a black dot",
    ),
    (
        (NoOtherDots("black"), Dot("black", (0, 1), 4)),
        "the black kropki dot (4) at r1c1-r1c2: with the black negative constraint",
    ),
    (
        (Quadruple((0, 1, 9, 10), (2, 2)),),
        "the quadruple 22 at r1c1-r1c2-r2c1-r2c2: f-puzzles asks a repeated digit once",
    ),
]


@pytest.mark.parametrize(("rules", "message"), CANNOT_WRITE)
def test_a_rule_f_puzzles_would_read_otherwise_is_not_written(rules: tuple[Rule, ...], message: str) -> None:
    puzzle = BOXED9.with_rules(rules)
    with pytest.raises(PuzzleError) as caught:
        fpuzzles_link(puzzle)
    assert str(caught.value) == "the fpuzzles format cannot hold " + message or message in str(caught.value)
    assert str(caught.value).startswith("the fpuzzles format cannot hold the ")
    with pytest.raises(InputError, match="cannot hold"):
        write_one(puzzle, "fpuzzles", 3)


@pytest.mark.parametrize("fmt", ["hdu", "line", "grid", "sudokuwiki", "plain"])
def test_formats_without_rules_refuse_to_write_one(fmt: str) -> None:
    puzzle = BOXED9.with_rules([KillerCage((0, 1), 3)])
    with pytest.raises(PuzzleError) as caught:
        REGISTRY[fmt].write(puzzle)
    assert str(caught.value) == f"the {fmt} format cannot hold the killer cage r1c1-r1c2 (sum 3)"
    more = BOXED9.with_rules([Apart("antiknight"), Diagonal("+"), Diagonal("-")])
    with pytest.raises(InputError) as refused:
        write_one(more, fmt, 2)
    assert (
        str(refused.value)
        == f"case 2: the {fmt} format cannot hold the anti-knight constraint (nor 2 more rules)"
    )
    assert REGISTRY[fmt].write(BOXED9)  # without rules, as before


# read(write(p)) == p for random rules on 4x4..9x9, box and jigsaw layouts ----------------------


@cache
def jigsaw(size: int, seed: int) -> tuple[int, ...]:
    return random_layout(random.Random(seed), size)


def touching(cell: int, n: int) -> list[int]:
    r, c = divmod(cell, n)
    near = [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]
    return [nr * n + nc for nr, nc in near if 0 <= nr < n and 0 <= nc < n]


@st.composite
def walks(draw: st.DrawFn, n: int, low: int, high: int, start: int | None = None) -> tuple[int, ...]:
    """A line of ``low``..``high`` cells, each touching the next (shorter where it is boxed in)."""
    cells = [draw(st.integers(0, n * n - 1)) if start is None else start]
    for _ in range(draw(st.integers(low, high)) - 1):
        free = [c for c in touching(cells[-1], n) if c not in cells]
        if not free:
            break
        cells.append(draw(st.sampled_from(free)))
    return tuple(cells)


@st.composite
def cell_rules(draw: st.DrawFn, n: int) -> Rule:
    """One rule about some cells (not a global one), possibly invalid (filtered later)."""
    cell = st.integers(0, n * n - 1)
    kind = draw(
        st.sampled_from(["killer", "little", "sandwich", "arrow", "line", "dot", "mark", "group", "extra"])
    )
    if kind == "killer":
        cage = draw(walks(n, 1, min(n, 5)))
        return KillerCage(cage, draw(st.none() | st.integers(len(cage), n * len(cage))))
    if kind == "little":
        at = draw(
            st.sampled_from(
                [(0, k) for k in range(n + 2)]
                + [(n + 1, k) for k in range(n + 2)]
                + [(k, 0) for k in range(1, n + 1)]
                + [(k, n + 1) for k in range(1, n + 1)]
            )
        )
        return LittleKiller(at, draw(st.sampled_from(["DR", "DL", "UR", "UL"])), draw(st.integers(1, n * n)))
    if kind == "sandwich":
        return Sandwich(
            draw(st.sampled_from(["row", "column"])), draw(st.integers(1, n)), draw(st.integers(0, 40))
        )
    if kind == "arrow":
        bulb = draw(walks(n, 1, 2))
        line = draw(walks(n, 2, 4, start=bulb[-1]))[1:]
        return Arrow(bulb, tuple(c for c in line if c not in bulb))
    if kind == "line":
        make = draw(st.sampled_from([Thermometer, Palindrome, Renban, Between, RegionSumLine, Whispers]))
        line = draw(walks(n, 2, 6))
        return Whispers(line, draw(st.none() | st.integers(1, n - 1))) if make is Whispers else make(line)
    if kind == "dot":
        a = draw(cell)
        pair = (
            a,
            draw(st.sampled_from([b for b in (a + 1, a + n) if b < n * n and (b == a + n or b % n)] or [a])),
        )
        style = draw(st.sampled_from(["white", "black", "x", "v"]))
        value = None if style in ("x", "v") else draw(st.none() | st.integers(1, n))
        return Dot(style, pair if draw(st.booleans()) else pair[::-1], value)
    if kind == "mark":
        return CellMark(draw(st.sampled_from(["odd", "even", "min", "max"])), draw(cell))
    if kind == "group" and draw(st.booleans()):
        k = draw(st.integers(1, 3))
        return Clone(
            tuple(draw(st.lists(cell, min_size=k, max_size=k))),
            tuple(draw(st.lists(cell, min_size=k, max_size=k))),
        )
    if kind == "group":
        top = draw(st.integers(0, (n - 1) * n - 2).filter(lambda i: i % n != n - 1))
        corner = tuple(draw(st.permutations([top, top + 1, top + n, top + n + 1])))
        return Quadruple(
            corner, tuple(draw(st.lists(st.integers(1, n), min_size=1, max_size=4, unique=True)))
        )
    return ExtraRegion(tuple(draw(st.lists(cell, min_size=1, max_size=n, unique=True))))


def valid(rule: Rule, n: int) -> bool:
    try:
        rule.validate(n)
    except RuleError:
        return False
    return True


def f_puzzles_reads_alike(rules: list[Rule], n: int) -> list[Rule]:
    """``rules`` without those that f-puzzles means otherwise (worked out
    here from f-puzzles' solver, apart from the module's own check)."""
    negative = {r.style for r in rules if isinstance(r, NoOtherDots)}
    apart = Apart("nonconsecutive") in rules
    if apart and "white" in negative:
        rules = [r for r in rules if r != Apart("nonconsecutive")]
        apart = False
    kept: list[Rule] = []
    for rule in rules:
        if isinstance(rule, Dot):
            amount = rule.amount
            if rule.style == "black" and (
                ("black" in negative and amount != 2) or (amount == 2 and ("white" in negative or apart))
            ):
                continue
            if rule.style == "white" and (
                ("white" in negative and amount != 1) or ("black" in negative) or (apart and amount == 1)
            ):
                continue
        if isinstance(rule, CellMark) and rule.style in ("min", "max"):
            r, c = divmod(rule.cell, n)
            near = {(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)}
            if any(
                isinstance(o, CellMark) and o.style == rule.style and divmod(o.cell, n) in near for o in kept
            ):
                continue
        kept.append(rule)
    return kept


GLOBALS = [
    *(Apart("antiknight"), Apart("antiking"), Apart("nonconsecutive"), Diagonal("+"), Diagonal("-")),
    *(NoOtherDots("white"), NoOtherDots("black"), NoOtherDots("xv"), DisjointGroups(), Windoku()),
]


@st.composite
def variants(draw: st.DrawFn) -> Puzzle:
    n = draw(st.integers(4, 9))
    boxed = box_shape(n) is not None and draw(st.booleans())
    regions = standard_regions(n) if boxed else jigsaw(n, draw(st.integers(0, 2)))
    givens = [draw(st.integers(0, n)) if draw(st.integers(0, 9)) == 0 else 0 for _ in range(n * n)]
    drawn = [draw(cell_rules(n)) for _ in range(draw(st.integers(0, 14)))]
    drawn += draw(st.lists(st.sampled_from(GLOBALS), unique=True, max_size=4))
    rules = f_puzzles_reads_alike([rule for rule in draw(st.permutations(drawn)) if valid(rule, n)], n)
    return Puzzle(n, tuple(givens), regions, rules=tuple(rules))


@settings(max_examples=150, deadline=None)
@given(variants())
def test_reading_what_was_written_gives_the_puzzle_back(puzzle: Puzzle) -> None:
    ordered = puzzle.with_rules(fpuzzles_order(puzzle.rules))
    assert Counter(ordered.rules) == Counter(puzzle.rules)
    doc = to_fpuzzles_json(puzzle)
    assert set(doc) <= TOP_LEVEL_KEYS | RULE_KEYS
    assert read_fpuzzles(json.dumps(doc)) == [ordered]
    assert read_fpuzzles(fpuzzles_link(puzzle)) == [ordered]
    assert to_fpuzzles_json(ordered) == doc  # the order of the rules is f-puzzles' own


# Hand-made variant puzzles, read and solved ---------------------------------------------------


def fpuzzles_doc(size: int, givens: dict[str, int], **rules: Any) -> str:
    grid: list[list[dict[str, Any]]] = [[{} for _ in range(size)] for _ in range(size)]
    for name, digit in givens.items():
        r, c = (int(part) for part in name[1:].split("C"))
        grid[r - 1][c - 1] = {"value": digit, "given": True}
    return json.dumps({"size": size, "grid": grid, **rules})


def solved(text: str) -> tuple[int, ...]:
    (puzzle,) = read_fpuzzles(text)
    assert isinstance(puzzle, Puzzle), str(puzzle)
    result = solve(puzzle)
    assert result.verdict is Verdict.UNIQUE and result.solution is not None
    assert puzzle.is_solution(result.solution)
    return result.solution


def test_a_hand_made_4x4_killer_solves_to_the_grid_worked_out_by_hand() -> None:
    # Cages: r1c1+r1c2 = 3, r1c3+r1c4 = 7, r2c1+r3c1 = 5, r2c2+r2c3 = 5,
    # r2c4+r3c4 = 5, r3c2+r4c2 = 4, r3c3+r4c3 = 6, r4c1 = 4, r4c4 = 1; no givens.
    # By hand: r4c2, r4c3 are 2 and 3 (row 4 has 4 and 1); r3c2+r4c2 = 4 is 1+3,
    # so r4c2 = 3, r3c2 = 1, r4c3 = 2, r3c3 = 4; the box r3-4 c1-2 then leaves
    # r3c1 = 2, so r2c1 = 3; the box r3-4 c3-4 leaves r3c4 = 3, so r2c4 = 2;
    # column 1 leaves r1c1 = 1, so r1c2 = 2; column 4 leaves r1c4 = 4, r1c3 = 3;
    # r2c2+r2c3 = 5 with 1 and 4 left in row 2, and column 2 holding 1: r2c2 = 4.
    cages = [
        (["R1C1", "R1C2"], "3"), (["R1C3", "R1C4"], "7"), (["R2C1", "R3C1"], "5"),
        (["R2C2", "R2C3"], "5"), (["R2C4", "R3C4"], "5"), (["R3C2", "R4C2"], "4"),
        (["R3C3", "R4C3"], "6"), (["R4C1"], "4"), (["R4C4"], "1"),
    ]  # fmt: skip
    text = fpuzzles_doc(4, {}, killercage=[{"cells": cells, "value": value} for cells, value in cages])
    assert solved(text) == (
        1, 2, 3, 4,
        3, 4, 1, 2,
        2, 1, 4, 3,
        4, 3, 2, 1,
    )  # fmt: skip


def test_a_hand_made_4x4_jigsaw_with_a_thermometer_an_xv_an_arrow_and_an_even_cell() -> None:
    # Regions  A A A B   Every filling of them is, with the digits a, b, c, d:
    #          A C D B     a b c d
    #          C C D B     d a b c
    #          C D D B     c d a b
    #                      b c d a
    # (A and row 1 share r1c1-r1c3, so r2c1 = r1c4 = d; C and column 1 share
    # r3c1, r4c1, so {r2c2, r3c2} = {a, d}, and row 2 makes r2c2 = a; and so on.)
    # The thermometer r4c1-r4c2-r4c3 makes b < c < d; the V between r1c1 and
    # r2c1 makes a + d = 5: a = 1 (else d, the largest of the other three, is 4
    # and a + d > 5), so b, c, d = 2, 3, 4. The arrow r4c4 -> r3c3 (a = a) and
    # the even r1c2 (b = 2) agree.
    regions = "AAAB ACDB CCDB CDDB".replace(" ", "")
    grid = [[{"region": "ABCD".index(regions[r * 4 + c])} for c in range(4)] for r in range(4)]
    doc = {
        "size": 4,
        "grid": grid,
        "thermometer": [{"lines": [["R4C1", "R4C2", "R4C3"]]}],
        "xv": [{"cells": ["R1C1", "R2C1"], "value": "V"}],
        "arrow": [{"cells": ["R4C4"], "lines": [["R4C4", "R3C3"]]}],
        "even": [{"cell": "R1C2"}],
    }
    (puzzle,) = read_fpuzzles(json.dumps(doc))
    assert isinstance(puzzle, Puzzle) and len(puzzle.rules) == 4 and puzzle.regions != standard_regions(4)
    assert solved(json.dumps(doc)) == (
        1, 2, 3, 4,
        4, 1, 2, 3,
        3, 4, 1, 2,
        2, 3, 4, 1,
    )  # fmt: skip


def test_a_hand_made_4x4_with_sandwiches_a_little_killer_and_an_even_cell() -> None:
    # The sandwich 5 of row 1 needs both 2 and 3 between 1 and 4: they are at
    # r1c1 and r1c4; the sandwich 5 of column 1 puts them at r1c1 and r4c1. The
    # little killer 6 from R0C1 pointing DR covers r1c2, r2c3, r3c4; r1c2 is even.
    # If r1c1 = 4: r1c2 = 2, r1c3 = 3, r4c1 = 1, the box gives r2c1 = 3, r2c2 = 1,
    # so r3c1 = 2; then r2c3 + r3c4 = 4 with r2c3 in {2, 4}: r2c3 = 2, r3c4 = 2,
    # a second 2 in row 3. So r1c1 = 1, r1c4 = r4c1 = 4, r1c2 = 2, r1c3 = 3,
    # r2c1 = 3, r2c2 = 4, r3c1 = 2; r2c3 + r3c4 = 4 with r2c3 in {1, 2} and
    # r3c4 not 2: r2c3 = 1, r3c4 = 3, r2c4 = 2; then r3c3 = 4, r3c2 = 1 and
    # row 4 is 4 3 2 1.
    text = fpuzzles_doc(
        4,
        {},
        sandwichsum=[{"cell": "R0C1", "value": "5"}, {"cell": "R1C0", "value": "5"}],
        littlekillersum=[{"cell": "R0C1", "direction": "DR", "value": "6"}],
        even=[{"cell": "R1C2"}],
    )
    assert solved(text) == (
        1, 2, 3, 4,
        3, 4, 1, 2,
        2, 1, 4, 3,
        4, 3, 2, 1,
    )  # fmt: skip


def test_f_puzzles_non_consecutive_with_white_dots_solves_as_f_puzzles_means_it() -> None:
    # The 4x4 with white dots between every consecutive pair of the grid below
    # (drawn from it), and f-puzzles' "nonconsecutive": the dotted pairs differ
    # by 1, every other pair does not. Read as the white negative constraint,
    # not as the non-consecutive rule (which the dots would break), the grid is
    # a solution; with the givens r1c1 = 2 and r2c1 = 4 the solver finds no other.
    grid = (2, 1, 4, 3, 4, 3, 2, 1, 1, 2, 3, 4, 3, 4, 1, 2)
    dots = [
        [f"R{a // 4 + 1}C{a % 4 + 1}", f"R{b // 4 + 1}C{b % 4 + 1}"]
        for a in range(16)
        for b in (a + 1, a + 4)
        if b < 16 and (b == a + 4 or b % 4) and abs(grid[a] - grid[b]) == 1
    ]
    text = fpuzzles_doc(
        4, {"R1C1": 2, "R2C1": 4}, nonconsecutive=True, difference=[{"cells": d} for d in dots]
    )
    (puzzle,) = read_fpuzzles(text)
    assert isinstance(puzzle, Puzzle) and NoOtherDots("white") in puzzle.rules
    assert Apart("nonconsecutive") not in puzzle.rules
    assert solved(text) == grid


# Cosmetic keys, read with the rules text ----------------------------------------------------


def cosmetic(ruleset: str, **keys: Any) -> Puzzle | InputError:
    """A 9x9 f-puzzles document with no givens, ``ruleset`` its rules text and ``keys`` its items."""
    return read_doc({"ruleset": ruleset, **keys})


def line(*cells: str, colour: str = "#67F067", width: float = 0.3, **more: Any) -> dict[str, Any]:
    return {"lines": [list(cells)], "outlineC": colour, "width": width, **more}


def shape(*cells: str, colour: str, size: float, value: str = "") -> dict[str, Any]:
    """A circle or rectangle as f-puzzles writes it (fill and outline alike)."""
    item = {"cells": list(cells), "baseC": colour, "outlineC": colour, "width": size, "height": size}
    return {**item, "value": value} if value else item


NORMAL = "Normal sudoku rules apply. "


@pytest.mark.parametrize(
    ("keys", "ruleset", "rules"),
    [
        # A line of SudokuPad's whispers look, a sentence naming its colour.
        ({"line": [line("R1C1", "R1C2", "R1C3")]}, "Digits along green lines differ by at least 5.",
         {Whispers((0, 1, 2))}),
        # Any colour: the sentence gives it (and a gap other than the default).
        ({"line": [line("R2C1", "R2C2", colour="#CC00CC", width=0.5)]},
         "Along a purple line, adjacent digits differ by at least 4.", {Whispers((9, 10), gap=4)}),
        ({"line": [line("R1C1", "R1C2", colour="#CCCCCC")]}, "Digits on a grey line form a palindrome.",
         {Palindrome((0, 1))}),
        # A sentence wrapped over two lines of the text is one sentence.
        ({"line": [line("R3C1", "R3C2")]}, "Adjacent digits on a green line must differ by\nat least 4.",
         {Whispers((18, 19), gap=4)}),
        # A circle between two cells, a circle and a square in a cell.
        ({"circle": [{**shape("R1C1", "R1C2", colour="#FFFFFF", size=0.3), "outlineC": "#000000"}]},
         "Digits separated by a white dot are consecutive.", {Dot("white", (0, 1))}),
        ({"circle": [shape("R5C5", colour="#CFCFCF", size=0.7)]}, "Digits in grey circles are odd.",
         {CellMark("odd", 40)}),
        ({"rectangle": [shape("R9C9", colour="#CFCFCF", size=0.7)]}, "Digits in grey squares are even.",
         {CellMark("even", 80)}),
        # Counting circles as setters draw them: white, outlined black.
        ({"circle": [{**shape(cell, colour="#FFFFFF", size=0.75), "outlineC": "#000000"}
                     for cell in ("R3C1", "R9C2")]},
         "A digit in a circle tells how many circles that digit appears in.", {CountingCircles((18, 73))}),
        # Cages with no sum of one shape, named clones.
        ({"cage": [{"cells": cells, "outlineC": "#000000"}
                   for cells in (["R1C2", "R1C3"], ["R5C6", "R5C5"])]},
         "Cages of the same shape are clones.", {Clone((1, 2), (40, 41))}),
        # A text between two cells; a word outside the grid is decoration.
        ({"text": [{"cells": ["R3C3", "R3C4"], "value": "X", "fontC": "#000000"},
                   {"cells": ["R0C5"], "value": "Hello", "fontC": "#000000"}]},
         "Digits joined by an X sum to 10.", {Dot("x", (20, 21))}),
        # A number outside a column.
        ({"text": [{"cells": ["R0C2"], "value": "15", "fontC": "#000000", "size": 0.7}]},
         "Clues outside the grid give the sum of the digits sandwiched between the 1 and the 9.",
         {Sandwich("column", 2, 15)}),
        # A cage with its sum.
        ({"cage": [{"cells": ["R1C1", "R1C2"], "value": "3", "outlineC": "#000000", "fontC": "#000000"}]},
         "Digits in cages cannot repeat and sum to the number in the corner.", {KillerCage((0, 1), 3)}),
    ],
)  # fmt: skip
def test_a_cosmetic_item_is_read_by_the_sentence_that_names_it(
    keys: dict[str, Any], ruleset: str, rules: set[Rule]
) -> None:
    puzzle = cosmetic(NORMAL + ruleset, **keys)
    assert isinstance(puzzle, Puzzle), puzzle
    assert set(puzzle.rules) == rules
    assert puzzle.meta is not None and puzzle.meta.rules == NORMAL + ruleset


def test_a_cosmetic_item_is_read_alike_in_a_sudokupad_link() -> None:
    doc = {"size": 9, "grid": [[{} for _ in range(9)] for _ in range(9)], "line": [line("R1C1", "R2C2")]}
    doc["ruleset"] = "Digits along green lines differ by at least 5."
    link = "https://sudokupad.app/fpuzzles" + LZString.compressToBase64(json.dumps(doc))
    assert parse_sudokupad(link).puzzle.rules == (Whispers((0, 10)),)


def test_a_line_f_puzzles_drew_for_a_keyed_rule_is_its_picture() -> None:
    """f-puzzles draws a line for a whispers, renban... it holds (``fromConstraint``,
    ``isNewConstraint``): the key says what it is, even for two kinds on one line."""
    cells = ["R1C1", "R1C2", "R2C3"]
    keys = {
        "whispers": [{"lines": [cells]}],
        "palindrome": [{"lines": [cells]}],
        "line": [line(*cells, fromConstraint="Whispers"), line(*cells[::-1], isNewConstraint=True)],
    }
    puzzle = cosmetic("Green lines are German whispers and palindromes.", **keys)
    assert isinstance(puzzle, Puzzle) and set(puzzle.rules) == {Whispers((0, 1, 11)), Palindrome((0, 1, 11))}
    # Not flagged, or elsewhere: a cosmetic line, which the sentence makes both rules at once.
    keys["line"] = [line(*cells)]
    refused = cosmetic("Green lines are German whispers and palindromes.", **keys)
    assert isinstance(refused, InputError) and "could be a" in str(refused)
    keys["line"] = [line("R5C5", "R5C6", fromConstraint="Whispers")]
    refused = cosmetic("Green lines are German whispers and palindromes.", **keys)
    assert isinstance(refused, InputError) and "could be a" in str(refused)


@pytest.mark.parametrize(
    ("keys", "ruleset", "message"),
    [
        # An item no sentence names, though its look is SudokuPad's whispers'.
        ({"line": [line("R1C1", "R1C2", "R1C3")]}, NORMAL,
         "the f-puzzles line #67f067 through r1c1-r1c2-r1c3: no sentence of the rules text says what it"),
        # A sentence naming no colour names the keyed rules, not the cosmetic line.
        ({"renban": [{"lines": [["R9C1", "R9C2"]]}], "line": [line("R1C1", "R1C2", colour="#CCCCCC")]},
         "Digits on a renban line are a set of consecutive digits.",
         "the f-puzzles line #cccccc through r1c1-r1c2: no sentence"),
        # ... even in the very look of the keyed rule.
        ({"whispers": [{"lines": [["R9C1", "R9C2"]]}], "line": [line("R1C1", "R1C2")]},
         "Adjacent digits on a whisper line differ by at least 5.",
         "the f-puzzles line #67f067 through r1c1-r1c2: no sentence"),
        ({"killercage": [{"cells": ["R9C1", "R9C2"], "value": "3"}],
          "cage": [{"cells": ["R1C1", "R1C2"], "value": "8"}]},
         "Digits in cages sum to the number shown.", "the f-puzzles cage on r1c1, r1c2: no sentence"),
        ({"circle": [shape("R1C1", "R1C2", colour="#FF4043", size=0.3)]},
         "Digits separated by a red dot are 1 apart.",
         "the f-puzzles circle between r1c1 and r1c2: no sentence"),
        # A sentence stating a constraint that names no rule.
        ({"line": [line("R1C1", "R1C2")]},
         "Digits along green lines differ by at least 5. The snake may not touch itself.",
         "'The snake may not touch itself.' names no rule this tool knows"),
        # A sentence naming a look that nothing has.
        ({"line": [line("R1C1", "R1C2")]},
         "Digits along green lines differ by at least 5. Digits on purple renban lines are consecutive.",
         "'Digits on purple renban lines are consecutive.' names nothing drawn in the puzzle"),
        # A cage whose sum is no number, a turned rectangle, an item with no cells.
        ({"cage": [{"cells": ["R1C1", "R1C2"], "value": "?"}]}, "Digits in cages sum to the number shown.",
         "the f-puzzles cage on r1c1, r1c2 with '?' has no meaning this tool knows"),
        ({"cage": [{"cells": ["R1C1", "R1C2"], "value": "8", "outlineC": "#FF0000"}]},
         "Digits in cages sum to the number shown.", "f-puzzles cage 1: a cage drawn in #ff0000"),
        ({"rectangle": [{**shape("R1C1", colour="#CFCFCF", size=0.7), "angle": 45}]},
         "Grey squares are even.",
         "f-puzzles rectangle 1: turned by 45 degrees"),
        ({"text": [{"value": "X"}]}, "Digits joined by an X sum to 10.",
         'f-puzzles text 1: expected a list of cells such as ["R1C1"], found null'),
        ({"circle": [{**shape("R3C1", colour="#FFFFFF", size=0.75), "outlineC": "#000000"}]}, NORMAL,
         "the f-puzzles ring at r3c1: no sentence of the rules text says what it means"),
        ({"line": [line("R1C1", "R1C10")]}, "Green lines are whispers.",
         'f-puzzles line 1: "R1C10" is not a cell in the 9x9 grid'),
    ],
)  # fmt: skip
def test_a_cosmetic_item_or_sentence_not_mapped_is_refused_naming_it(
    keys: dict[str, Any], ruleset: str, message: str
) -> None:
    refused = cosmetic(ruleset, **keys)
    assert isinstance(refused, InputError) and message in str(refused), refused


def test_decoration_is_kept_and_written_back() -> None:
    """A word outside the grid and the line drawn for a keyed rule are
    decoration: written back as they were, the picture only while its rule is there."""
    word = {"cells": ["R0C5"], "value": "Hello", "fontC": "#000000", "size": 0.5}
    picture = line("R1C1", "R1C2", fromConstraint="Renban")
    keys = {"renban": [{"lines": [["R1C1", "R1C2"]]}], "text": [word], "line": [picture]}
    puzzle = cosmetic("Digits on a pink renban line are consecutive.", **keys)
    assert isinstance(puzzle, Puzzle) and puzzle.rules == (Renban((0, 1)),)
    doc = to_fpuzzles_json(puzzle)
    assert doc["text"] == [word] and doc["line"] == [picture]
    assert read_fpuzzles(json.dumps(doc)) == [puzzle]
    bare = to_fpuzzles_json(puzzle.with_rules(()))
    assert bare["text"] == [word] and "line" not in bare and "renban" not in bare
    # Nothing cosmetic, nothing kept.
    plain = cosmetic("Digits on a pink renban line are consecutive.", renban=keys["renban"])
    assert isinstance(plain, Puzzle) and plain.meta is not None and plain.meta.decoration is None


def test_the_user_may_say_what_cosmetic_lines_of_a_colour_mean() -> None:
    """``--line-rule``: over a rules text that does not say (as for SudokuPad's own lines)."""
    keys = {"line": [line("R1C1", "R1C2", "R1C3", colour="#123456")]}
    assert isinstance(cosmetic(NORMAL, **keys), InputError)
    token = LINE_RULES.set((line_rule("#123456=renban"),))
    try:
        puzzle = cosmetic(NORMAL, **keys)
    finally:
        LINE_RULES.reset(token)
    assert isinstance(puzzle, Puzzle) and puzzle.rules == (Renban((0, 1, 2)),)


def test_a_solution_that_breaks_what_the_rules_text_gave_is_a_misreading() -> None:
    """A 4x4 whose solution's top row is 1 2 3 4: a grey line r1c1-r1c2 said
    to be a palindrome breaks it (1 then 2), said to be a renban holds."""
    doc = {
        "size": 4,
        "grid": [[{} for _ in range(4)] for _ in range(4)],
        "line": [line("R1C1", "R1C2", colour="#CCCCCC")],
        "solution": [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1],
    }
    renban = read_doc({**doc, "ruleset": "Digits on a grey line are consecutive, in any order."})
    assert isinstance(renban, Puzzle) and renban.rules == (Renban((0, 1)),)
    wrong = read_doc({**doc, "ruleset": "Digits on a grey line form a palindrome."})
    assert isinstance(wrong, InputError)
    assert "solution breaks the palindrome r1c1-r1c2 as read: its rules text is misread" in wrong.message


def test_outside_clues_past_nine_are_written_with_commas_and_read_back() -> None:
    rules = (OutsideClue((0, 1), (10, 3)), OutsideClue((17, 5), (16,)), FrameSum((1, 17), 40))
    puzzle = Puzzle(16, (0,) * 256, standard_regions(16), rules=rules)
    doc = to_fpuzzles_json(puzzle)
    assert doc["outside"] == [{"cell": "R0C1", "value": "10,3"}, {"cell": "R17C5", "value": "16"}]
    assert doc["framesum"] == [{"cell": "R1C17", "value": "40"}]
    assert read_fpuzzles(json.dumps(doc))[0].rules == (rules[2], rules[0], rules[1])  # RULES' order
