"""What `/api/read` gives the workbench page of a pasted puzzle besides its
grid (issue 41, part 3): the setter's title, author and rules text, and the
entered digits and pencil marks of a position; and that the page's exports
(`/api/convert` of the f-puzzles JSON the page sends) carry the metadata.

The answers are called as the server's workers call them (`web.answers`),
without a server: what is tested is the reading and writing, not the transport.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lzstring import LZString

from squiggly_cp.core.position import Position
from squiggly_cp.core.puzzle import DIGIT_CHARS, Meta, Puzzle, PuzzleError, standard_regions
from squiggly_cp.formats.fpuzzles import to_fpuzzles_json
from squiggly_cp.formats.sudokupad import sudokupad_json, utf16_units
from squiggly_cp.formats.sudokupad_text import read_text
from squiggly_cp.make.regionmaps import random_layout
from squiggly_cp.web.answers import BadRequest, convert, read

TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Zl", "Zp")), max_size=12)


def _names_no_rule(text: str) -> bool:
    """Does the rules text name no rule (as "THERMO" does, which a puzzle
    without thermometers is refused for: the sentence names nothing drawn)?"""
    try:
        return not read_text(text)
    except PuzzleError:
        return False


RULES_TEXT = st.lists(TEXT, max_size=3).map("\n".join).filter(_names_no_rule)
METAS = st.builds(Meta, st.none() | TEXT, st.none() | TEXT, st.none() | RULES_TEXT)
"""A title, author and rules text (of several lines, naming no rule), any of them missing."""


@st.composite
def positions(draw: st.DrawFn) -> tuple[Puzzle, list[int], list[int]]:
    """A puzzle with metadata (`METAS`), and a position on it: entered digits
    and centre marks in cells without a given."""
    n = draw(st.sampled_from([4, 6, 8, 9, 12, 16]))
    regions = random_layout(random.Random(draw(st.integers(0, 3))), n) if draw(st.booleans()) else None
    cells = n * n
    givens = draw(st.lists(st.integers(0, n) | st.just(0), min_size=cells, max_size=cells))
    puzzle = Puzzle(n, givens, regions or standard_regions(n)).with_meta(draw(METAS))
    entered = [0 if g else draw(st.integers(0, n) | st.just(0)) for g in givens]
    marks = [
        0 if g or d else draw(st.integers(0, (1 << n) - 1) | st.just(0))
        for g, d in zip(givens, entered, strict=True)
    ]
    return puzzle, entered, marks


def fpuzzles_position(puzzle: Puzzle, entered: list[int], marks: list[int]) -> str:
    """The f-puzzles JSON the page writes: the puzzle, its metadata, the digits and the centre marks."""
    doc = to_fpuzzles_json(puzzle)
    n = puzzle.size
    for i, cell in enumerate(c for row in doc["grid"] for c in row):
        if entered[i]:
            cell["value"] = entered[i]
        elif marks[i]:
            cell["centerPencilMarks"] = [d for d in range(1, n + 1) if marks[i] >> (d - 1) & 1]
    return json.dumps(doc)


def texts(got: dict[str, Any] | Meta | None) -> tuple[str | None, ...]:
    """Title, author and rules text of a read answer or of `Meta` (an empty text is none)."""
    if isinstance(got, dict):
        return got["title"], got["author"], got["rules_text"]
    meta = got or Meta()
    return meta.title or None, meta.author or None, meta.rules or None


def mark_text(mask: int, n: int) -> str:
    return "".join(DIGIT_CHARS[d] for d in range(n) if mask >> d & 1)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_read_keeps_the_metadata_digits_and_marks_of_an_fpuzzles_position(case):
    puzzle, entered, marks = case
    got = read({"puzzle": fpuzzles_position(puzzle, entered, marks)}, None)
    assert texts(got) == texts(puzzle.meta)
    n = puzzle.size
    if any(entered) or any(marks):
        assert got["digits"] == "".join(DIGIT_CHARS[d - 1] if d else "." for d in entered)
        assert got["marks"] == [mark_text(m, n) for m in marks]
    else:
        assert "digits" not in got and "marks" not in got


def sudokupad_expected(text: str | None, title: bool) -> str | None:
    """What a SudokuPad link gives back (as test_formats_sudokupad says): a
    title's line breaks become spaces, blank rules lines go, text is stripped."""
    lines = [line.strip() for line in (text or "").splitlines()]
    return (" ".join(lines).strip() if title else "\n".join(line for line in lines if line)) or None


BLANKS = [Puzzle(n, [0] * (n * n), random_layout(random.Random(n), n)) for n in (4, 6, 9)]
"""Blank jigsaws: the metadata's way through the formats is the same at any
size, and a blank grid's solutions are found at once (`convert` proves its
SudokuPad link's solution: a blank 16x16 jigsaw takes a second)."""


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(BLANKS), METAS)
def test_the_exports_carry_title_author_and_rules(blank, meta):
    """The page sends the puzzle as f-puzzles JSON with its metadata to
    /api/convert; both links read back with them."""
    sent = json.dumps(to_fpuzzles_json(blank.with_meta(meta)))
    fp = read({"puzzle": convert({"puzzle": sent, "to": "fpuzzles"}, None)["text"]}, None)
    assert texts(fp) == texts(meta)
    pad = read({"puzzle": convert({"puzzle": sent, "to": "sudokupad"}, None)["text"]}, None)
    expected = [sudokupad_expected(meta.title, True), sudokupad_expected(meta.author, True)]
    assert [pad["title"], pad["author"]] == expected
    assert pad["rules_text"] == sudokupad_expected(meta.rules, False)


def test_read_keeps_the_centre_marks_of_a_sudokupad_link():
    puzzle = Puzzle(4, [1] + [0] * 15, standard_regions(4))
    doc: dict[str, Any] = sudokupad_json(puzzle, title="Marked", rules="Place 1-4.")
    doc["cells"][0][1] = {"centremarks": [2, 3]}
    doc["cells"][3][3] = {"centremarks": [4]}
    link = "https://sudokupad.app/scl" + LZString.compressToBase64(utf16_units(json.dumps(doc)))
    got = read({"puzzle": link}, None)
    assert (got["title"], got["rules_text"]) == ("Marked", "Place 1-4.")
    assert got["digits"] == "." * 16
    assert got["marks"] == ["", "23"] + [""] * 13 + ["4"]


def test_a_position_written_as_text_marks_every_empty_cell():
    """`logic`'s text form gives every cell's candidates: all are its marks."""
    from squiggly_cp.core.position import position_text

    puzzle = Puzzle(4, [1] + [0] * 15, standard_regions(4))
    start = Position.start(puzzle)
    assert start.marked == frozenset() and start.pencil_marks() == [0] * 16
    got = read({"puzzle": position_text(start)}, None)
    assert got["marks"][0] == "" and got["marks"][1] == "234" and got["marks"][15] == "1234"
    assert read({"puzzle": "1" + "." * 15 + "1122112233443344"}, None).keys().isdisjoint({"digits", "marks"})


def _odd_line_link() -> str:
    """A 4x4 SudokuPad link with one line, r1c1-r1c3, in a colour no rule of
    SudokuPad's or ours is drawn in, and no rules text."""
    line = {"color": "#b7f68c", "thickness": 9.6, "wayPoints": [[0.5, 0.5], [0.5, 1.5], [0.5, 2.5]]}
    doc = {"cells": [[{} for _ in range(4)] for _ in range(4)], "lines": [line]}
    return "https://sudokupad.app/scl" + LZString.compressToBase64(utf16_units(json.dumps(doc)))


def test_read_takes_what_lines_of_a_colour_mean():
    """The workbench's --line-rule: refused, naming the colour; then read as
    the rule the request says, with its gap, and the rule travels as f-puzzles
    keys; a kind that is not a line is one line of error."""
    link = _odd_line_link()
    with pytest.raises(BadRequest) as refused:
        read({"puzzle": link}, None)
    assert "the line through r1c1, r1c2, r1c3 (colour #b7f68c) has no meaning" in str(refused.value)
    got = read({"puzzle": link, "line_rules": ["#B7F68C=whispers:3"]}, None)
    assert got["rule_keys"] == {"whispers": [{"lines": [["R1C1", "R1C2", "R1C3"]], "value": 3}]}
    assert [r["name"] for r in got["rules"]] == [
        "the whispers line r1c1-r1c2-r1c3 (neighbours differ by at least 3)"
    ]
    renban = read({"puzzle": link, "line_rules": ["#b7f68c=renban"]}, None)
    assert list(renban["rule_keys"]) == ["renban"]
    with pytest.raises(BadRequest) as bad:
        read({"puzzle": link, "line_rules": ["#b7f68c=snake"]}, None)
    assert str(bad.value).startswith("line rule '#b7f68c=snake': 'snake' is not a kind of line")
