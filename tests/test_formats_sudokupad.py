"""SudokuPad links (`formats.sudokupad`): hand-built documents, every link shape,
metadata, marks, refusals, round trips of every size, and garbage."""

from __future__ import annotations

import json
import random
import re
import urllib.parse
from functools import cache
from string import ascii_letters
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lzstring import LZString

from squiggly_cp.core.position import open_candidates
from squiggly_cp.core.puzzle import Meta, Puzzle, PuzzleError, Verdict, standard_regions
from squiggly_cp.core.rules import (
    RULES,
    Apart,
    Arrow,
    Between,
    CellMark,
    Clone,
    CountingCircles,
    Diagonal,
    DisjointGroups,
    Dot,
    EntropicLine,
    ExtraRegion,
    KillerCage,
    LittleKiller,
    LockoutLine,
    ModularLine,
    NabnerLine,
    NoOtherDots,
    NoRegion,
    Palindrome,
    ParityLine,
    Quadruple,
    RegionSumLine,
    Renban,
    Rule,
    Sandwich,
    Skyscraper,
    SlowThermometer,
    SumCage,
    SumLine,
    Thermometer,
    Whispers,
    Windoku,
    XSum,
    ZipperLine,
)
from squiggly_cp.engines.cpsat import solve
from squiggly_cp.formats.fpuzzles import fpuzzles_link, to_fpuzzles_json
from squiggly_cp.formats.sudokupad import (
    LINK_PREFIX,
    SudokuPadPuzzle,
    looks_sudokupad,
    parse_sudokupad,
    parse_sudokupad_puzzle,
    sudokupad_json,
    sudokupad_link,
    unzip_json,
    utf16_units,
)
from squiggly_cp.formats.sudokupad_draw import rules_text
from squiggly_cp.make.regionmaps import random_layout  # what make.generate re-exports

# PuzzleZipper's renames, as SudokuPad's puzzlezipper_lib.js lists them.
SHORT = {
    "color": "c", "cages": "ca", "center": "ct", "borderColor": "c1", "backgroundColor": "c2",
    "cells": "ce", "cellSize": "cs", "arrows": "a", "overlays": "o", "underlays": "u", "width": "w",
    "height": "h", "value": "v", "videos": "vd", "lines": "l", "rounded": "r", "regions": "re",
    "fontSize": "fs", "thickness": "th", "headLength": "hl", "wayPoints": "wp", "title": "t",
    "text": "te", "duration": "d",
}  # fmt: skip


def zip_json(doc: Any) -> str:
    """SudokuPad's zipPuzzle, step by step (a reference independent of the reader)."""

    def clean(o: Any) -> Any:
        if isinstance(o, list):
            return [clean(v) for v in o]
        if isinstance(o, dict):
            return {SHORT.get(k, k): clean(v) for k, v in o.items() if v != []}
        if isinstance(o, str) and re.fullmatch(r"-?(?:0|[1-9][0-9]*)", o) and o != "-0":
            return int(o)
        return o

    text = json.dumps(clean(doc), ensure_ascii=False, separators=(",", ":"))
    text = re.sub(r'([,{\[])"([a-zA-Z0-9]+)":', r"\1\2:", text)
    text = re.sub(r"([,{\[]){}(?=[,}\]])", r"\1", text)
    text = re.sub(r"(:)false([,}\]])", r"\1f\2", text)
    text = re.sub(r"(:)true([,}\]])", r"\1t\2", text)
    text = re.sub(r'(:)"#000000"([,}\]])', r"\1#0\2", text)
    text = re.sub(r'(:)"#FFFFFF"([,}\]])', r"\1#F\2", text)
    text = re.sub(r'(:)"#([0-9a-fA-F]{6})"([,}\]])', r"\1\2\3", text)
    return text.replace("'", "\\'").replace('"', "'")


def scl(doc: Any, prefix: str = "scl") -> str:
    text = doc if isinstance(doc, str) else json.dumps(doc, separators=(",", ":"))
    return prefix + LZString.compressToBase64(utf16_units(text))


def refusal(item: str) -> PuzzleError:
    with pytest.raises(PuzzleError) as caught:
        parse_sudokupad(item)
    assert "\n" not in str(caught.value)
    return caught.value


# The spec's worked example ---------------------------------------------------------------

PLAIN = '{"cells":[[{"value":"1"},{}],[{},{}]],"regions":[[[0,0],[0,1]],[[1,0],[1,1]]]}'
ZIPPED = "{ce:[[{v:1},],[,]],re:[[[0,0],[0,1]],[[1,0],[1,1]]]}"


def test_the_worked_example_zips_and_unzips():
    assert zip_json(json.loads(PLAIN)) == ZIPPED
    # Zipping makes the digit string a number; SudokuPad's unzip keeps it one.
    assert unzip_json(ZIPPED) == json.loads(PLAIN.replace('"1"', "1"))


def test_every_zipping_step_is_undone():
    doc = {
        "cellSize": 50,
        "cells": [[{}, {"value": "7"}, {}], [{"value": 2, "centremarks": [1, 3]}, {}, {}]],
        "underlays": [{"center": [0.5, 0.5], "backgroundColor": "#FFFFFF", "borderColor": "#000000",
                       "color": "#a1B2c3", "rounded": True, "width": 1, "height": 1}],
        "cages": [{"value": "title: it's \"quoted\", a:b {x} [y]"}, {"value": "rules: x,y:z"}],
        "lines": [],
        "arrows": [{"wayPoints": [[0.5, 0.5], [1.5, 1.5]], "headLength": 0.3, "thickness": 5}],
    }  # fmt: skip
    expected = json.loads(json.dumps(doc).replace('"7"', "7"))
    del expected["lines"]  # empty arrays are dropped
    expected["cages"][0]["value"] = "title: it's 'quoted', a:b {x} [y]"  # as SudokuPad, " becomes '
    assert unzip_json(zip_json(doc)) == expected


def test_zipped_shorthands_only_after_a_colon():
    assert unzip_json("{a:t,b:f,c:#0,d:#F,e:00ff00,f:[1,2.5,-3e2],g:null}") == {
        "arrows": True, "b": False, "color": "#000000", "duration": "#FFFFFF",
        "e": "#00ff00", "f": [1, 2.5, -300.0], "g": None,
    }  # fmt: skip
    assert unzip_json("[]") == [{}]  # SudokuPad reads "[]" so too
    assert unzip_json("{d2:1,'quoted key':'\\u00e9\\\\'}") == {"d": 1, "quoted key": "é\\"}
    deep = "[" * 99 + "]" * 99
    for bad in ["[t]", "{a:}", "{a:1", "{a b}", "'open", "[1,2]]", "{a:01}", deep, "{a:'\\x'}"]:
        with pytest.raises(PuzzleError, match=r"zipped JSON|bad string"):
            unzip_json(bad)


# Links of every shape ---------------------------------------------------------------------

GIVENS = (5, 3, 0, 0, 7, 0, 0, 0, 0) + (0,) * 72
SQUIGGLY = Puzzle(9, GIVENS, random_layout(random.Random(7), 9))


def test_a_link_round_trips_with_metadata():
    rules = "Normal rules.\nRegions are jigsaw."
    link = sudokupad_link(SQUIGGLY, title="Twisty 😀", author="Me", rules=rules)
    assert link.startswith(LINK_PREFIX)
    read = parse_sudokupad(link)
    assert read == SudokuPadPuzzle(SQUIGGLY, "Twisty 😀", "Me", rules, None, GIVENS, None)
    assert parse_sudokupad_puzzle(link).meta == Meta("Twisty 😀", "Me", rules, None)


def _shapes() -> list[str]:
    link = sudokupad_link(SQUIGGLY, title="Shapes")
    data = link[len("https://sudokupad.app/") :]
    fpuz = fpuzzles_link(SQUIGGLY).split("load=")[1]
    return [
        link,
        "https://sudokupad.app/ctc" + data[3:],
        "http://www.sudokupad.app/" + data + "?setting-nogrid=1#top",
        "https://beta.sudokupad.app/" + data,
        "https://sudokupad.app/?puzzleid=" + data,
        "https://sudokupad.app/?x=1&puzzleid=" + data + "&y=2",
        "https://app.crackingthecryptic.com/sudoku/" + data,
        "https://test.crackingthecryptic.com/sudoku/" + data,
        urllib.parse.quote(link, safe=""),
        "https://sudokupad.app/scl" + urllib.parse.quote(data[3:], safe=""),
        "https://sudokupad.app/" + data.replace("+", " ").strip(),
        link.replace("https://", "https:/"),
        "  " + data + "  ",
        "fpuzzles" + fpuz,
        "fpuz" + fpuz,
        "https://sudokupad.app/fpuzzles" + fpuz,
        "scl" + urllib.parse.quote(json.dumps(sudokupad_json(SQUIGGLY, title="Shapes"))),
        "ctc" + LZString.compressToBase64(zip_json(sudokupad_json(SQUIGGLY, title="Shapes"))),
    ]


@pytest.mark.parametrize("item", _shapes())
def test_every_link_shape_is_read(item: str):
    assert looks_sudokupad(item) or item.startswith("scl%7B")
    assert parse_sudokupad(item).puzzle == SQUIGGLY


def test_a_collapsed_double_slash_in_the_data_is_repaired():
    # LZString writes "//" (twelve one bits) rarely; a literal U+FFFF is sixteen of them.
    link = sudokupad_link(SQUIGGLY, title="x\uffff")
    scheme, data = link.split("://", 1)
    assert "//" in data
    collapsed = scheme + ":/" + data.replace("//", "/")
    assert parse_sudokupad(collapsed) == parse_sudokupad(link)


@pytest.mark.parametrize(
    "item",
    [
        "." * 162,
        "53..7...." + "." * 72 + "111222333" * 9,
        '{"size": 9, "grid": []}',
        fpuzzles_link(SQUIGGLY),
        fpuzzles_link(SQUIGGLY).split("load=")[1],
        "sclN4Ig",
        "scl is a word",
        "https://f-puzzles.com/?load=sclN4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLrryBdZQmq8l54",
        "",
        "https://example.com/sudokupad.app/scl",
    ],
)
def test_other_formats_do_not_look_like_sudokupad(item: str):
    assert not looks_sudokupad(item)


# Metadata -----------------------------------------------------------------------------------

SOLUTION9 = tuple((3 * (r % 3) + r // 3 + c) % 9 + 1 for r in range(9) for c in range(9))
BOXED = Puzzle.standard(SOLUTION9[:9] + (0,) * 72)


def _doc(**extra: Any) -> dict[str, Any]:
    return {**sudokupad_json(BOXED), **extra}


def test_metadata_from_cages_metadata_object_and_top_level():
    cages = [
        {"value": "title: From a cage"},
        {"value": "author:Setter"},
        {"value": "rules: Line one"},
        {"value": "rules: Line two"},
        {"value": "solution: " + "".join(map(str, SOLUTION9))},
        {"value": "msgcorrect: Well done"},
    ]
    read = parse_sudokupad(scl(_doc(cages=cages)))
    assert (read.title, read.author, read.rules) == ("From a cage", "Setter", "Line one\nLine two")
    assert read.solution == SOLUTION9
    table = {"title": "From the table", "rules": ["A", "B"], "source": "x"}
    read = parse_sudokupad(scl(_doc(cages=cages, metadata=table, author="Top")))
    assert (read.title, read.author, read.rules) == ("From the table", "Setter", "A\nB")
    read = parse_sudokupad(scl(_doc(title="Top", author="Top author")))
    assert (read.title, read.author, read.rules, read.solution) == ("Top", "Top author", None, None)


def test_a_written_solution_reads_back_and_a_malformed_one_is_dropped():
    read = parse_sudokupad(sudokupad_link(BOXED, solution=SOLUTION9))
    assert read.solution == SOLUTION9
    # Keywords left out come from the puzzle's own meta.
    carried = BOXED.with_meta(Meta("Meta title", None, "Meta rules", SOLUTION9))
    assert sudokupad_link(carried, title="Mine") == sudokupad_link(
        BOXED, title="Mine", rules="Meta rules", solution=SOLUTION9
    )
    assert parse_sudokupad_puzzle(sudokupad_link(carried)).meta == carried.meta
    for bad in ["123", "0" * 81, "x" * 81, "1" * 80]:
        assert parse_sudokupad(scl(_doc(cages=[{"value": f"solution: {bad}"}]))).solution is None
    with pytest.raises(PuzzleError, match="81 digits from 1 to 9"):
        sudokupad_json(BOXED, solution=SOLUTION9[:80])


def test_a_16x16_solution_takes_two_digits_a_cell():
    solution = tuple((4 * (r % 4) + r // 4 + c) % 16 + 1 for r in range(16) for c in range(16))
    puzzle = Puzzle.standard(solution[:20] + (0,) * 236, 16)
    cages = sudokupad_json(puzzle, solution=solution)["cages"]
    assert cages == [{"value": "solution: " + "".join(f"{d:02d}" for d in solution)}]
    assert parse_sudokupad(sudokupad_link(puzzle, solution=solution)).solution == solution


def test_fpuzzles_metadata_entered_digits_and_marks():
    doc = to_fpuzzles_json(BOXED, title="F title")
    doc.update(author="F author", ruleset="F rules", solution=list(SOLUTION9))
    doc["cage"] = [{"cells": [], "value": "msgcorrect: yes"}, {"value": "title: ignored, top-level wins"}]
    doc["grid"][1][0].update(value=SOLUTION9[9])  # entered, not given
    doc["grid"][1][1]["centerPencilMarks"] = [1, 2]
    read = parse_sudokupad(scl(doc, "fpuzzles"))
    assert (read.title, read.author, read.rules) == ("F title", "F author", "F rules")
    assert read.solution == SOLUTION9
    assert read.puzzle == BOXED
    assert read.digits[9] == SOLUTION9[9] and read.puzzle.givens[9] == 0
    assert read.candidates is not None and read.candidates[10] == 0b11
    assert read.candidates[9] == 1 << (SOLUTION9[9] - 1)


# Centre marks -----------------------------------------------------------------------------


@pytest.mark.parametrize("zipped", [False, True])
def test_centre_marks_are_the_candidates(zipped: bool):
    doc = _doc()
    doc["cells"][1][0] = {"centremarks": [4, 5, 6]}
    doc["cells"][1][1] = {"centreMarks": ["4", "6"], "pencilMarks": [9]}  # corner marks are ignored
    read = parse_sudokupad("ctc" + LZString.compressToBase64(zip_json(doc)) if zipped else scl(doc))
    expected = open_candidates(BOXED, BOXED.givens)
    expected[9], expected[10] = 0b111000, 0b101000
    assert read.candidates == tuple(expected)
    assert read.digits == BOXED.givens
    assert parse_sudokupad(scl(_doc())).candidates is None


# Refusals ---------------------------------------------------------------------------------

REFUSED = "has no meaning this tool knows: refused"


@pytest.mark.parametrize(
    ("extra", "what"),
    [
        ({"cages": [{"cells": [[r, 8] for r in range(9)]}]},
         "the cage on r1c9, r2c9, r3c9, r4c9 and 5 more (no sum, and not marked unique)"),
        ({"cages": [{"cells": [[0, 0], [0, 1]], "unique": False}]},
         "the cage on r1c1, r1c2 (its digits may repeat, and it has no sum)"),
        ({"cages": [{"cells": [[0, 0], [0, 1]], "value": "x"}]}, "the cage on r1c1, r1c2 with 'x'"),
        ({"cages": [{"cells": [[0, 0], [0, 1]], "value": 7, "sum": "?"}]}, "the cage on r1c1, r1c2 with '?'"),
        ({"cages": [{"cells": [[0, 0], [0, 1]], "unique": True, "hidden": True}]},
         "the cage on r1c1, r1c2 (hidden)"),
        ({"cages": [{"cells": [[0, 0], [0, 1]], "value": 3, "style": "box"}]},
         "the cage on r1c1, r1c2 (style 'box')"),
        ({"cages": [{"cells": [[0, 0], [0, 1]], "value": "3", "outlineC": "#000000"}]},
         "the cage on r1c1, r1c2 (an f-puzzles cosmetic cage)"),
        ({"cages": [[[0, 0], [0, 1]]]}, "the cage '[[0, 0], [0, 1]]'"),
        ({"lines": [{"wayPoints": [[0.5, 0.5], [1.5, 1.5], [2.5, 1.5]], "color": "#CFCFCF"}]},
         "the line through r1c1, r2c2, r3c2 (colour #cfcfcf)"),
        ({"lines": [{"wayPoints": [[0.5, 0.5], [8.5, 8.5]], "thickness": 2}]}, "the line through r1c1, r9c9"),
        ({"lines": [{"wayPoints": [[0, 0], [4.5, 4], [9, 9]], "thickness": 2}]},
         "the line through r1c1, r5c5, r9c9"),
        ({"lines": [{"wayPoints": [[0, 0], [9, 8]]}]}, "the line through r1c1, r9c9"),
        ({"arrows": [{"wayPoints": [[4.5, 4.5], [4.5, 6.5]], "headLength": 0.3}]},
         "the arrow through r5c5, r5c7"),
        ({"overlays": [{"center": [0.5, 0.5], "text": "X", "width": 0.25, "height": 0.25}]},
         "the text 'X' at r1c1 (an overlay)"),
        ({"underlays": [{"center": [2.5, 3.5], "text": 12}]}, "the text '12' at r3c4 (an underlay)"),
        ({"overlays": [{"center": [0.5, 1], "width": 0.3, "height": 0.3, "backgroundColor": "#000000"}]},
         "the square between r1c1 and r1c2 (an overlay)"),
        ({"overlays": [{"center": [1, 0.5], "width": 0.3, "height": 0.3, "rounded": True,
                        "backgroundColor": "#FF0000", "borderColor": "#000000"}]},
         "the circle between r1c1 and r2c1 (an overlay)"),
        # Counting circles, odd/even look-alikes and a thermometer's bulb are no odd or even cell.
        ({"overlays": [{"center": [2.5, 3.5], "width": 0.8, "height": 0.8, "rounded": True,
                        "borderColor": "#000000"}]}, "the ring at r3c4 (an overlay)"),
        ({"overlays": [{"center": [2.5, 3.5], "width": 0.7, "height": 0.7, "rounded": True,
                        "backgroundColor": "#FFA0A0"}]}, "the circle at r3c4 (an overlay)"),
        ({"underlays": [{"center": [0.5, 0.5], "width": 0.85, "height": 0.85, "rounded": True,
                         "backgroundColor": "#CFCFCF", "borderColor": "#CFCFCF"}]},
         "the circle at r1c1 (an underlay)"),
        ({"underlays": [{"center": [4.5, 4.5], "width": 0.7, "height": 0.7, "backgroundColor": "#A0A0A0"}]},
         "the square at r5c5 (an underlay)"),
        ({"underlays": [{"center": [4.5, 4.5], "width": 0.7, "height": 0.7, "backgroundColor": "#CFCFCF",
                         "borderColor": "#000000"}]}, "the square at r5c5 (an underlay)"),
        ({"underlays": [{"center": [4.5, 4.5], "width": 0.7, "height": 0.5, "backgroundColor": "#CFCFCF"}]},
         "the rectangle at r5c5 (an underlay)"),
        ({"underlays": [{"center": [4, 4], "width": 0.7, "height": 0.7, "backgroundColor": "#CFCFCF"}]},
         "the square where r4c4 and r5c5 meet (an underlay)"),
        # Shading with a border marks cells (a clone, an extra region), as SudokuPad's converter draws them:
        # one shaded cell is neither (a clone's shape has a copy, an extra region an outline).
        ({"underlays": [{"center": [1.5, 1.5], "width": 1, "height": 1, "backgroundColor": "#CFCFCF",
                         "borderColor": "#CFCFCF"}]}, "the shaded cells r2c2"),
        ({"underlays": ["dot"]}, "the element '\"dot\"' (an underlay)"),
        ({"overlays": [{"center": "r1c1", "backgroundColor": "#000000"}]},
         "a shape with no place or size '\"r1c1\"' (an overlay)"),
        ({"fogofwar": [[0, 0]]}, "the puzzle's 'fogofwar'"),
        ({"metadata": {"negative": ["ratio", "parity"]}},
         "the negative constraint '[\"ratio\", \"parity\"]'"),
    ],
)  # fmt: skip
def test_elements_without_a_known_meaning_are_refused_by_name(extra: dict[str, Any], what: str):
    error = refusal(scl(_doc(**extra)))
    assert str(error) == f"SudokuPad: {what} {REFUSED}"
    assert refusal("ctc" + LZString.compressToBase64(zip_json(_doc(**extra)))).message == error.message


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"cages": [{"cells": [[0, 0], [0, 1]], "value": 7, "sum": 8}]},
         "SudokuPad: the cage on r1c1, r1c2 gives two sums, 7 and 8"),
        ({"cages": [{"cells": [[0, 0], [0, 1]], "value": 1e308}]},
         "SudokuPad: the cage on r1c1, r1c2: the sum '1e+308' is too large"),
        ({"cages": [{"cells": [[0, 0], [0, 1]], "value": 10**100}]},  # read as infinite
         "SudokuPad: the cage on r1c1, r1c2: the sum 'Infinity' is too large"),
        ({"cages": [{"cells": [[0, 0], [0, 1]], "sum": "1" + "0" * 100}]},
         "SudokuPad: the cage on r1c1, r1c2: the sum '\"10000000000000000000000000000…' is too large"),
        ({"cages": [{"cells": [[0, 0], [0, 1]], "value": 1000000}]},
         "SudokuPad: the cage on r1c1, r1c2: the sum '1000000' is too large"),
        ({"cages": [{"cells": [[0, 0], [1, 2]], "unique": True}]},
         "the killer cage r1c1-r2c3: the cage's cells are not connected"),
        ({"cages": [{"cells": [[0, 0], [0, 9]], "value": 7}]},
         "SudokuPad: a cage has the cell '[0, 9]', outside the 9x9 grid"),
        ({"cages": [{"cells": [[0, 0], "r1c2"], "value": 7}]},
         "SudokuPad: a cage: a cell must be a [row, column] pair, found '\"r1c2\"'"),
    ],
)  # fmt: skip
def test_bad_rules_are_one_line_errors(extra: dict[str, Any], message: str):
    assert str(refusal(scl(_doc(**extra)))) == message


def test_a_cage_no_digits_fill_is_read_and_has_no_solution():
    """A sum past 9 + 8 is not bad input: the puzzle has no solution, as one
    whose givens repeat a digit."""
    puzzle = parse_sudokupad(scl(_doc(cages=[{"cells": [[0, 0], [0, 1]], "value": 30}]))).puzzle
    assert puzzle.rules == (KillerCage((0, 1), 30),)
    why = "the killer cage r1c1-r1c2 (sum 30) cannot hold: no 2 different digits 1-9 sum to 30"
    assert puzzle.impossible_rule() == (0, why)
    assert solve(puzzle).verdict is Verdict.NONE


def test_colour_only_elements_are_ignored():
    extra = {
        "underlays": [
            {"center": [0.5, 0.5], "width": 1, "height": 1, "backgroundColor": "#ffa0a0"},
            {
                "center": [1.5, 1.5],
                "width": 3,
                "height": 3,
                "backgroundColor": "#a0f",
                "borderColor": "#0000",
            },
            {"center": [3.5, 3.5], "width": 0.5, "height": 0.5, "backgroundColor": "rgba(1, 2, 3, 0)"},
        ],
        "overlays": [{"center": [4.5, 4.5], "width": 0.7, "height": 0.7, "rounded": True, "text": ""}],
        "cages": [{"value": "title: T"}, {"cells": [], "value": "a note"}],
        "videos": [],
        "id": "abc",
    }
    assert parse_sudokupad(scl(_doc(cellSize=50, **extra))).puzzle == BOXED


@pytest.mark.parametrize(
    ("item", "message"),
    [
        ("https://sudokupad.app/k4x9q2zt", "a SudokuPad short id ('k4x9q2zt') names a puzzle on SudokuPad's"),
        ("https://app.crackingthecryptic.com/sudoku/jPbnQfbnRB", "short id ('jPbnQfbnRB')"),
        ("https://sudokupad.app/psxpuzzles/the-title", "short id ('psxpuzzles/the-title')"),
        ("scfoooooooooooooooooook", "an 'scf' link packs a classic 9x9"),
        ("https://sudokupad.app/", "a SudokuPad link with no puzzle in it"),
        ("https://sudokupad.app/scl", "the link ends after 'scl'"),
        ("https://sudokupad.app/sclN4Ig!!", "holds '!', which base64 does not use"),
        (sudokupad_link(BOXED)[:60], "does not decode"),
        ("scl" + LZString.compressToBase64("a" * 1_100_000), "more than 1,048,576 characters"),
        ("scl" + LZString.compressToBase64("[1, 2]"), "not a JSON object but list"),
        ("scl" + LZString.compressToBase64('{"cells": [1'), "not JSON"),
        ("fpuzzles" + LZString.compressToBase64("{ce:[]}"), "not JSON"),
        ("scl" + LZString.compressToBase64("{ce:[[,],[,]]}"), "the grid has 2 rows"),
        (scl({"cells": [[{}] * 9] * 8}), "a row of 'cells' must be 8 cells"),
        (scl({"cells": [[{}] * 5] * 5}), "a 5x5 grid has no standard boxes"),
        (
            scl(_doc(regions=[[[0, 0]]] * 10)),
            "'regions' must list at most 9 regions of at most 9 cells, found 10",
        ),
        (scl(_doc(metadata="x")), "'metadata' must be a JSON object"),
        (scl(_doc(regions=[[[0, 0, 0]]] * 9)), "region 1: a cell must be a [row, column] pair"),
        (scl(_doc(regions=[[[0, 9]]] * 9)), "region 1 has the cell '[0, 9]', outside the 9x9 grid"),
        (scl(_doc(regions=[[[0, c] for c in range(9)] + [[1, 0]]])), "region 1 has 10 cells, more than 9"),
        (scl({"cells": [[{}] * 4] * 3 + [[{}, {}, {}, 5]]}), "a cell must be a JSON object, found '5'"),
        (scl({"cells": [[{"centremarks": 3}] * 4] * 4}), "the centre marks are '3', not a list of digits"),
        (scl("[" * 100_000 + "]" * 100_000), "nested too deeply"),
        ("fpuzzles" + fpuzzles_link(SQUIGGLY).split("load=")[1][:-8], "does not decode"),
    ],
)
def test_bad_links_are_one_line_errors(item: str, message: str):
    assert message in refusal(item).message


def test_cells_left_out_of_every_region_are_in_no_region():
    # SudokuPad draws and checks only the regions listed: r1c1 and r9c9 are in none.
    listed = [
        [[r, c] for r in range(9) for c in range(9) if standard_regions(9)[r * 9 + c] == k] for k in range(9)
    ]
    listed[0].remove([0, 0])
    listed[8].remove([8, 8])
    puzzle = parse_sudokupad_puzzle(scl(_doc(regions=listed)))
    labels = list(standard_regions(9))
    labels[0] = labels[80] = -1
    assert puzzle.rules == (NoRegion(tuple(labels)),)
    assert parse_sudokupad_puzzle(sudokupad_link(puzzle)) == puzzle
    assert sudokupad_json(puzzle)["regions"] == listed
    assert "in no region" in (rules_text(puzzle) or "")
    # One region of one cell: the other 80 cells are in no region.
    lone = parse_sudokupad_puzzle(scl(_doc(regions=[[[4, 4]]])))
    assert lone.region_map == (-1,) * 40 + (0,) + (-1,) * 40


def test_cell_and_region_problems_name_the_cell():
    doc = _doc()
    doc["cells"][2][3] = {"value": "10"}
    assert (refusal(scl(doc)).row, refusal(scl(doc)).col) == (3, 4)
    doc = _doc()
    doc["cells"][0][1] = {"centremarks": [0]}
    assert str(refusal(scl(doc))) == "row 1, column 2: a centre mark is '0', not a digit from 1 to 9"
    regions = [[list(pair) for pair in region] for region in _doc()["regions"]]
    regions[0][0], regions[8][8] = regions[8][8], regions[0][0]  # two regions, each in two pieces
    error = refusal(scl(_doc(regions=regions)))
    assert error.message.startswith("regions: the region of this cell is split") and error.row == 1
    regions[0][0] = regions[0][1]
    assert (refusal(scl(_doc(regions=regions))).row, refusal(scl(_doc(regions=regions))).col) == (1, 2)
    fp = to_fpuzzles_json(BOXED)
    fp["notarule"] = [{"cells": ["R1C1", "R1C2"], "value": "7"}]  # the f-puzzles reader's refusal
    assert "'notarule'" in refusal(scl(fp, "fpuzzles")).message
    fp = to_fpuzzles_json(BOXED)
    fp["grid"][8][8]["value"] = 12  # entered, and no digit
    expected = "row 9, column 9: the entered 'value' is '12', not a digit from 1 to 9"
    assert str(refusal(scl(fp, "fpuzzles"))) == expected


# Rules read from SudokuPad's own JSON ------------------------------------------------------

# Odd and even cells as SudokuPad's f-puzzles converter draws them: a grey 0.7 underlay,
# a circle (odd) or a square (even), centred on the cell.
ODD = {"center": [2.5, 3.5], "width": 0.7, "height": 0.7, "rounded": True,
       "backgroundColor": "#CFCFCF", "borderColor": "#CFCFCF"}  # fmt: skip
EVEN = {"center": [8.5, 0.5], "width": 0.7, "height": 0.7, "rounded": False, "backgroundColor": "#cfcfcf"}


def _rules(**extra: Any) -> set[Rule]:
    read = parse_sudokupad(scl(_doc(**extra))).puzzle
    zipped = parse_sudokupad("ctc" + LZString.compressToBase64(zip_json(_doc(**extra)))).puzzle
    assert read == zipped and read.givens == BOXED.givens and read.regions == BOXED.regions
    return set(read.rules)


def test_killer_cages_are_read():
    cages = [
        {"cells": [[0, 0], [1, 0]], "value": 9, "sum": 9, "unique": True},  # as the converter writes one
        {"cells": [[4, 4], [4, 5], [5, 5]], "value": "12"},
        {"cells": [[8, 7], [8, 8]], "sum": 11},
        {"cells": [[6, 0], [7, 0], [7, 1]], "unique": True},  # no sum, but no digit repeats
        {"cells": [[3, 3], [3, 4]], "value": "", "style": "killer", "unique": True},
        {"value": "title: a metadata cage"},
    ]
    assert _rules(cages=cages) == {
        KillerCage((0, 9), 9), KillerCage((40, 41, 50), 12), KillerCage((79, 80), 11),
        KillerCage((54, 63, 64)), KillerCage((30, 31)),
    }  # fmt: skip


@pytest.mark.parametrize(
    ("points", "direction"),
    [
        ([[0, 0], [9, 9]], "-"),
        ([[9, 9], [0, 0]], "-"),
        ([[0, 0], [4.5, 4.5], [9, 9]], "-"),
        ([[0, 9], [9, 0]], "+"),
        ([[9, 0], [3, 6], [0, 9]], "+"),
    ],
)
def test_diagonals_drawn_corner_to_corner_are_read(points: list[list[float]], direction: str):
    line = {"wayPoints": points, "color": "#34BBE6", "thickness": 2}
    assert _rules(lines=[line]) == {Diagonal(direction)}


def test_odd_and_even_cells_are_read():
    assert _rules(underlays=[ODD, EVEN, dict(ODD)]) == {CellMark("odd", 21), CellMark("even", 72)}


def test_whole_grid_rules_switched_on_in_the_metadata_are_read():
    flags = {"antiknight": True, "antiking": "false", "nonconsecutive": "true", "source": "x"}
    assert _rules(metadata=flags) == {Apart("antiknight"), Apart("nonconsecutive")}
    assert _rules(metaData={"antiking": True}) == {Apart("antiking")}  # where the converter puts it
    assert _rules(cages=[{"value": "antiknight: true"}, {"value": "disjointgroups: true"}]) == {
        Apart("antiknight"),
        DisjointGroups(),
    }


def test_a_fpuzzles_link_gets_its_rules_from_the_fpuzzles_reader():
    doc = to_fpuzzles_json(BOXED)
    doc["killercage"] = [{"cells": ["R1C1", "R1C2"], "value": "10"}]
    doc["diagonal+"] = True
    assert set(parse_sudokupad(scl(doc, "fpuzzles")).puzzle.rules) == {KillerCage((0, 1), 10), Diagonal("+")}


# Rules written --------------------------------------------------------------------------------

READABLE = (
    KillerCage((0, 1), 3), KillerCage((2, 11, 12)), KillerCage((78, 79, 80), 24),
    Diagonal("+"), Diagonal("-"), CellMark("odd", 40), CellMark("even", 41), Apart("antiknight"),
    Apart("antiking"), Apart("nonconsecutive"), DisjointGroups(),
)  # fmt: skip


@pytest.mark.parametrize("zipped", [False, True])
def test_readable_rules_round_trip(zipped: bool):
    puzzle = Puzzle.standard(BOXED.givens).with_rules(READABLE)
    doc = sudokupad_json(puzzle)
    link = "ctc" + LZString.compressToBase64(zip_json(doc)) if zipped else sudokupad_link(puzzle)
    read = parse_sudokupad(link)
    assert set(read.puzzle.rules) == set(READABLE) and read.puzzle.givens == puzzle.givens
    assert read.rules == rules_text(puzzle)


def test_rules_are_drawn_as_setters_draw_them():
    doc = sudokupad_json(Puzzle.standard(BOXED.givens).with_rules(READABLE))
    assert doc["cages"][:3] == [
        {"cells": [[0, 0], [0, 1]], "value": "3", "sum": 3, "unique": True},
        {"cells": [[0, 2], [1, 2], [1, 3]], "unique": True},
        {"cells": [[8, 6], [8, 7], [8, 8]], "value": "24", "sum": 24, "unique": True},
    ]
    assert [line["wayPoints"] for line in doc["lines"]] == [[[0, 9], [9, 0]], [[0, 0], [9, 9]]]
    odd, even = doc["underlays"]
    assert odd == {**ODD, "center": [4.5, 4.5]} and even == {**ODD, "center": [4.5, 5.5], "rounded": False}
    flags = [cage["value"] for cage in doc["cages"][3:7]]
    assert flags == ["antiknight: true", "antiking: true", "nonconsecutive: true", "disjointgroups: true"]


def _one_of_each() -> list[Rule]:
    """A rule of every kind on a 9x9 (each valid alone)."""
    return [
        KillerCage((0, 1), 3), LittleKiller((0, 1), "DR", 20), Sandwich("row", 2, 15),
        Sandwich("column", 3, 0), Arrow((10,), (11, 12)), Arrow((20, 21), (30, 40)),
        Arrow((60, 70), (79, 78)), Thermometer((22, 23, 24)),
        Dot("white", (25, 26)), Dot("black", (34, 35), 3), Dot("x", (43, 44)), Dot("v", (52, 53)),
        NoOtherDots("white"), CellMark("odd", 45), CellMark("even", 46), CellMark("min", 47),
        CellMark("max", 56), Apart("antiknight"), Palindrome((63, 64, 65)), Renban((66, 67)),
        Whispers((68, 69)), Between((73, 74, 75)), RegionSumLine((76, 77, 78)), Clone((5, 6), (32, 33)),
        Quadruple((7, 8, 16, 17), (1, 2)), Diagonal("+"), ExtraRegion((48, 49, 58)), Windoku(),
        DisjointGroups(), SlowThermometer((18, 19)), EntropicLine((27, 28, 29)), ModularLine((36, 37, 38)),
        ParityLine((54, 55)), ZipperLine((57, 58, 59)), NabnerLine((61, 62)), LockoutLine((69, 70, 71)),
        SumLine((80, 79)), SumCage((2, 3), 17), XSum((5, 0), 15), Skyscraper((0, 9), 3),
        CountingCircles((27, 28, 29)),
    ]  # fmt: skip


def test_every_kind_is_drawn_and_named_in_the_rules_text():
    rules = _one_of_each()
    # Cells in no region need rows as regions: test_cells_left_out_of_every_region_are_in_no_region.
    # A kind added later is drawn and read back by tests/test_sudokupad_drawn.py's property test
    # (rule_defs' styles), and its sentence checked by tests/test_registry.py: it needs no line here.
    assert {rule.kind for rule in rules} <= set(RULES) - {"noregion"}
    # A sandwich sum, an X-sum and a skyscraper are each a bare number outside the grid: one kind a link.
    with pytest.raises(PuzzleError, match="could not tell apart"):
        sudokupad_json(Puzzle.standard((0,) * 81).with_rules(rules))
    rules = [rule for rule in rules if rule.kind not in ("xsum", "skyscraper")]
    puzzle = Puzzle.standard((0,) * 81).with_rules(rules)
    doc = sudokupad_json(puzzle)
    assert {key for key in doc if key not in ("cells", "regions")} == {
        "cages", "lines", "arrows", "underlays", "overlays",
    }  # fmt: skip
    text = rules_text(puzzle)
    assert text is not None
    assert len(text.splitlines()) == 1 + len({(r.kind, getattr(r, "style", "")) for r in rules})
    named = [
        "cage", "outside the grid", "arrow", "thermometer", "white dot",
        "black dot showing 3, one is 3 times", "an X sum to 10", "a V sum to 5", "All white dots", "odd",
        "even", "inward chevrons", "outward chevrons", "knight", "grey line", "purple line", "at least 5",
        "between two circles", "blue line", "Shaded shapes", "four cells meet", "diagonal", "grey region",
        "windows", "same place in each box",
    ]  # fmt: skip
    for words in named:
        assert words in text, words
    cages = [cage.get("value") for cage in doc["cages"]]
    assert "rules: " + text.splitlines()[0] in cages and "negative: white" in cages


@pytest.mark.parametrize(
    "rule",
    _one_of_each(),
    ids=lambda rule: rule.describe(9),
)
def test_a_rule_written_is_read_back_or_refused_never_lost(rule: Rule):
    """Every rule written is read back (tests/test_sudokupad_drawn.py: with others, every size)."""
    puzzle = Puzzle.standard((0,) * 81).with_rules([rule])
    assert parse_sudokupad(sudokupad_link(puzzle)).puzzle.rules == (rule,)


def test_a_puzzles_own_rules_text_wins():
    puzzle = Puzzle.standard(BOXED.givens).with_rules([Diagonal("-")])
    assert parse_sudokupad(sudokupad_link(puzzle, rules="Mine.")).rules == "Mine."
    carried = puzzle.with_meta(Meta(rules="From the meta."))
    assert parse_sudokupad(sudokupad_link(carried)).rules == "From the meta."
    assert parse_sudokupad(sudokupad_link(puzzle)).rules == (
        "Normal sudoku rules apply: every row, column and outlined region holds the digits 1-9 once.\n"
        "Digits do not repeat on a marked diagonal."
    )
    assert parse_sudokupad(sudokupad_link(BOXED)).rules is None  # no rules, no text


@st.composite
def readable(draw: st.DrawFn) -> Puzzle:
    """A puzzle of any size with random rules the reader takes back."""
    n = draw(st.integers(4, 16))
    rules: list[Rule] = [Diagonal(d) for d in draw(st.sets(st.sampled_from("+-")))]
    cells = draw(st.permutations(range(n * n)))
    for cell in cells[: draw(st.integers(0, 6))]:
        rules.append(CellMark(draw(st.sampled_from(["odd", "even"])), cell))
    for cell in cells[6 : 6 + draw(st.integers(0, 4))]:
        if cell % n + 1 < n:
            pair = (cell, cell + 1)
            rules.append(KillerCage(pair, draw(st.none() | st.integers(3, 2 * n - 1))))
    regions = layout(n, 0) if n in (5, 7, 11, 13) else standard_regions(n)
    return Puzzle(n, (0,) * (n * n), regions, rules=tuple(dict.fromkeys(rules)))


@settings(max_examples=40, deadline=None)
@given(readable())
def test_killer_diagonal_odd_even_round_trip_every_size(puzzle: Puzzle):
    read = parse_sudokupad(sudokupad_link(puzzle)).puzzle
    assert read.regions == puzzle.regions and set(read.rules) == set(puzzle.rules)
    assert len(read.rules) == len(puzzle.rules)


# Round trips of every size, and garbage -----------------------------------------------------


@cache
def layout(size: int, seed: int) -> tuple[int, ...]:
    return random_layout(random.Random(seed), size)


TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Zl", "Zp")), max_size=12)
PROSE = st.text(  # a rules text that names no rule (a rule named with nothing drawn is refused)
    st.characters(
        codec="utf-8", exclude_categories=("Cs", "Cc", "Zl", "Zp"), exclude_characters=ascii_letters
    ),
    max_size=12,
)


@st.composite
def cases(draw: st.DrawFn) -> tuple[Puzzle, dict[str, Any]]:
    n = draw(st.integers(4, 16))
    regions = layout(n, draw(st.integers(0, 1))) if draw(st.booleans()) or n in (5, 7, 11, 13) else None
    givens = draw(st.lists(st.integers(0, n) | st.just(0), min_size=n * n, max_size=n * n))
    puzzle = Puzzle(n, givens, regions or standard_regions(n))
    meta = {
        "title": draw(st.none() | TEXT),
        "author": draw(st.none() | TEXT),
        "rules": draw(st.none() | st.lists(PROSE, max_size=3).map("\n".join)),
        "solution": draw(st.none() | st.lists(st.integers(1, n), min_size=n * n, max_size=n * n)),
    }
    return puzzle, meta


def _expected(meta: dict[str, Any], zipped: bool) -> tuple[Any, ...]:
    """What reading gives back: line breaks in a title become spaces, blank rules
    lines go, and zipping makes every " a ' (as SudokuPad's PuzzleZipper does)."""

    def read(text: str) -> str | None:
        return (text.replace('"', "'") if zipped else text) or None

    title, author = (" ".join((meta[key] or "").splitlines()).strip() for key in ("title", "author"))
    rules = "\n".join(kept for part in (meta["rules"] or "").splitlines() if (kept := part.strip()))
    solution = tuple(meta["solution"]) if meta["solution"] else None
    return read(title), read(author), read(rules), solution


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases())
def test_round_trip_every_size(case: tuple[Puzzle, dict[str, Any]]):
    puzzle, meta = case
    doc = sudokupad_json(puzzle, **meta)
    zipped = "ctc" + LZString.compressToBase64(utf16_units(zip_json(doc)))
    for item in (sudokupad_link(puzzle, **meta), scl(doc), zipped):
        read = parse_sudokupad(item)
        assert read.puzzle == puzzle
        assert (read.title, read.author, read.rules, read.solution) == _expected(meta, item == zipped)
        assert read.digits == puzzle.givens and read.candidates is None


def _mutations(link: str) -> st.SearchStrategy[str]:
    spots = st.integers(0, len(link) - 1)
    chars = st.sampled_from("ABCxyz019+/=%{}'\",:[] ")
    return st.one_of(
        st.builds(lambda i, j: link[:i] + link[j:], spots, spots),
        st.builds(lambda i, ch: link[:i] + ch + link[i + 1 :], spots, chars),
        st.builds(lambda i: link[:i], spots),
    )


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["cells", "regions", "cages", "lines", "value", "cells", "center", "text", "metadata",
                         "solution", "centremarks", "wayPoints", "x", "ce", "v", "re"]), inner, max_size=4),
    max_leaves=20,
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(
        st.text(max_size=60),
        st.text("scltfpuzABCDxyz0189+/=%", max_size=80),
        _mutations(sudokupad_link(SQUIGGLY, title="garbage", solution=SOLUTION9)),
        _mutations(scl(_doc(cages=[{"value": "title: x"}]), "ctc")),
        JSONISH.map(lambda doc: scl(json.dumps(doc))),
        JSONISH.map(lambda doc: "ctc" + LZString.compressToBase64(zip_json(doc))),
        JSONISH.map(lambda doc: scl(json.dumps(doc), "fpuzzles")),
        st.text("{}[],:'\"tf#0Fabc12 ", max_size=40).map(lambda text: scl(text)),
    )
)
def test_garbage_raises_only_puzzle_errors(item: str):
    try:
        read = parse_sudokupad(item)
    except PuzzleError as e:
        assert "\n" not in str(e)
    else:
        assert isinstance(read.puzzle, Puzzle)
    looks_sudokupad(item)
