"""SudokuPad puzzles read as they are drawn, with their rules text
(formats/sudokupad_rules.py, formats/sudokupad_text.py): our own writer's
links read back to the same rules, SudokuPad's own conventions (as its
f-puzzles converter draws each rule), the sentences of a rules text, the
refusals, and a carried solution that the reading breaks."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lzstring import LZString

from rule_defs import STYLES
from squiggly_cp.core.puzzle import Puzzle, PuzzleError, standard_regions
from squiggly_cp.core.rules import (
    Apart,
    Arrow,
    Between,
    CellMark,
    Clone,
    CountingCircles,
    Diagonal,
    Dot,
    ExtraRegion,
    FrameSum,
    KillerCage,
    LittleKiller,
    LockoutLine,
    NoOtherDots,
    OutsideClue,
    Palindrome,
    Quadruple,
    RegionSumLine,
    Renban,
    Rule,
    Sandwich,
    SumCage,
    SumLine,
    Thermometer,
    Whispers,
    Windoku,
    XSum,
    ZipperLine,
)
from squiggly_cp.formats.sudokupad import parse_sudokupad, sudokupad_json, sudokupad_link, utf16_units
from squiggly_cp.formats.sudokupad_text import colour_name, read_text
from squiggly_cp.web import answers
from test_rules import make_puzzle


def canonical(rule: Rule, n: int) -> Rule:
    """A clone read with its two shapes the other way round, or its cells in
    another order, is the same clone (each cell still paired with the same
    one); a whispers line with the default gap (half the size, rounded up) given is one without."""
    if isinstance(rule, Whispers) and rule.gap == (n + 1) // 2:
        return Whispers(rule.line)
    if not isinstance(rule, Clone):
        return rule
    forms = []
    for a, b in ((rule.first, rule.second), (rule.second, rule.first)):
        pairs = sorted(zip(a, b, strict=True))
        forms.append((tuple(x for x, _ in pairs), tuple(y for _, y in pairs)))
    first, second = min(forms)
    return Clone(first, second)


def same_rules(read: Puzzle, written: Puzzle) -> bool:
    n = written.size
    return Counter(canonical(r, n) for r in read.rules) == Counter(canonical(r, n) for r in written.rules)


def round_trip(puzzle: Puzzle) -> Puzzle:
    return parse_sudokupad(sudokupad_link(puzzle)).puzzle


# Our own writer's links read back -------------------------------------------------------------


@settings(max_examples=20, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.sampled_from((4, 6, 9)),
    styles=st.lists(st.sampled_from(STYLES), min_size=1, max_size=4, unique=True),
    seed=st.integers(0, 2**16),
)
def test_every_kind_written_reads_back(n: int, styles: list[str], seed: int) -> None:
    rnd = random.Random(seed)
    try:
        puzzle, _ = make_puzzle(styles, n, rnd, rnd.randint(0, n))
        link = sudokupad_link(puzzle)
    except PuzzleError as e:  # a rule no such grid holds, or a drawing that would be misread
        assert "SudokuPad" in str(e) or "\n" not in str(e)
        return
    read = parse_sudokupad(link)
    assert same_rules(read.puzzle, puzzle), (styles, set(read.puzzle.rules) ^ set(puzzle.rules))
    assert read.puzzle.regions == puzzle.regions and read.puzzle.givens == puzzle.givens


def test_windoku_and_a_16x16_read_back() -> None:
    nine = Puzzle.standard((0,) * 81).with_rules([Windoku(), ExtraRegion((0, 1, 2)), Clone((30,), (60,))])
    assert same_rules(round_trip(nine), nine)
    n = 16
    rules: list[Rule] = [
        KillerCage((0, 1, 2), 40), Thermometer((20, 21, 22, 23)), Whispers((40, 41, 42)),
        Arrow((60, 61), (62, 63, 79)), Dot("black", (100, 101), 3), Dot("v", (120, 136)),
        LittleKiller((0, 3), "DR", 50), Sandwich("row", 9, 12), Quadruple((200, 201, 216, 217), (16, 9)),
        CellMark("even", 255), Diagonal("-"), Renban((250, 251)),
    ]  # fmt: skip
    puzzle = Puzzle(n, (0,) * n * n, standard_regions(n), rules=tuple(rules))
    assert same_rules(round_trip(puzzle), puzzle)


def test_frame_sums_and_outside_clues_read_back() -> None:
    nine = Puzzle.standard((0,) * 81).with_rules([FrameSum((0, 1), 6), FrameSum((6, 10), 21)])
    assert same_rules(round_trip(nine), nine)
    clues = (OutsideClue((2, 0), (5, 6, 1)), OutsideClue((7, 3), (4,)))
    six = Puzzle(6, (0,) * 36, standard_regions(6), rules=clues)
    assert same_rules(round_trip(six), six)
    # Past 9x9 the digits are parted by commas: "10,3", and "16" one digit.
    clues = (OutsideClue((0, 1), (10, 3)), OutsideClue((17, 5), (16,)))
    sixteen = Puzzle(16, (0,) * 256, standard_regions(16), rules=clues)
    assert same_rules(round_trip(sixteen), sixteen)


def test_whispers_of_two_gaps_are_drawn_apart_and_read_back() -> None:
    rules: list[Rule] = [Whispers((0, 1)), Whispers((9, 10), 3), Whispers((18, 19), 5), Whispers((27, 28), 4)]
    puzzle = Puzzle.standard((0,) * 81).with_rules(rules)
    text = sudokupad_json(puzzle)
    colours = {line["color"] for line in text["lines"]}
    assert len(colours) == 3  # the default gap and 5 are one sentence on a 9x9
    read = round_trip(puzzle)
    expected = {Whispers((0, 1)), Whispers((9, 10), 3), Whispers((18, 19)), Whispers((27, 28), 4)}
    assert set(read.rules) == expected


def test_the_writer_refuses_what_a_reader_would_misread() -> None:
    backwards = Puzzle.standard((0,) * 81).with_rules([Arrow((1, 0), (2, 3))])
    with pytest.raises(PuzzleError, match="reads left to right"):
        sudokupad_link(backwards)
    two_numbers = Puzzle.standard((0,) * 81).with_rules([Sandwich("row", 1, 0), XSum((0, 1), 6)])
    with pytest.raises(PuzzleError, match="could not tell apart"):
        sudokupad_link(two_numbers)
    touching = Puzzle.standard((0,) * 81).with_rules([Clone((0, 1), (2, 3))])
    with pytest.raises(PuzzleError, match="touches another"):
        sudokupad_link(touching)
    # A minimum cell among minimum cells only: no chevron to draw (as SudokuPad's converter draws them).
    mins = [CellMark("min", 0), CellMark("min", 1), CellMark("min", 9)]
    corner = Puzzle.standard((0,) * 81).with_rules(mins)
    with pytest.raises(PuzzleError, match="the minimum cell r1c1: every neighbour is a minimum cell too"):
        sudokupad_link(corner)


def test_circles_at_a_line_s_end_and_extreme_cells_side_by_side_read_back() -> None:
    """A counting circle's ring on the end of a between line (grey too) or of a
    lockout line is no circle of the line's, nor is the lockout line's circle
    one of the blue region-sum line ending there; a minimum beside a maximum
    has chevrons towards it (as SudokuPad's converter draws them); a clone's
    shade on a minimum cell stays the clone's: all read back."""
    rules: list[Rule] = [
        Between((36, 37, 38)), LockoutLine((60, 61, 62)), RegionSumLine((62, 53)),
        CountingCircles((38, 62, 80)),
        CellMark("min", 0), CellMark("max", 1), CellMark("max", 9), CellMark("min", 30), Clone((30,), (60,)),
    ]  # fmt: skip
    puzzle = Puzzle.standard((0,) * 81).with_rules(rules)
    assert Counter(round_trip(puzzle).rules) == Counter(rules)


def test_the_workbench_export_reads_back_with_its_solution() -> None:
    # A 4x4 with a thermometer, a white dot, a killer cage and a diagonal that CP-SAT finds unique, so
    # the export carries its solution (checked by hand: houses, r2c1<r2c2<r2c3, |r3c1-r4c1| = 1,
    # r4c3+r4c4 = 7, the anti-diagonal 1 3 4 2).
    givens = (4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    rules: list[Rule] = [Thermometer((4, 5, 6)), Dot("white", (8, 12)), KillerCage((14, 15), 7)]
    rules.append(Diagonal("+"))
    puzzle = Puzzle(4, givens, standard_regions(4), rules=tuple(rules))
    fpuzzles = answers.convert({"puzzle": sudokupad_link(puzzle), "to": "fpuzzles"}, 10)["text"]
    link = answers.convert({"puzzle": fpuzzles, "to": "sudokupad"}, 10)["text"].strip()
    read = parse_sudokupad(link)
    assert Counter(read.puzzle.rules) == Counter(rules)
    assert read.solution == (4, 3, 2, 1, 1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3)


# SudokuPad's own conventions (its f-puzzles converter's drawing) ---------------------------------

GREY, ARROW = "#CFCFCF", "#a1a1a1"


def link(rules: str | None = None, n: int = 9, solution: str | None = None, **drawn: Any) -> str:
    doc: dict[str, Any] = {"cells": [[{} for _ in range(n)] for _ in range(n)], **drawn}
    meta = {"rules": rules} if rules else {}
    if solution:
        meta["solution"] = solution
    if meta:
        doc["metadata"] = meta
    return "scl" + LZString.compressToBase64(utf16_units(json.dumps(doc)))


def read(rules: str | None = None, n: int = 9, **drawn: Any) -> set[Rule]:
    return set(parse_sudokupad(link(rules, n, **drawn)).puzzle.rules)


def refused(rules: str | None = None, n: int = 9, **drawn: Any) -> str:
    with pytest.raises(PuzzleError) as caught:
        parse_sudokupad(link(rules, n, **drawn))
    assert "\n" not in str(caught.value)
    return str(caught.value)


def at(cell: int, n: int = 9) -> list[float]:
    return [cell // n + 0.5, cell % n + 0.5]


def circle(centre: list[float], size: float, fill: str, border: str, **more: Any) -> dict[str, Any]:
    return {"center": centre, "width": size, "height": size, "backgroundColor": fill, "borderColor": border,
            "rounded": True, **more}  # fmt: skip


def test_sudokupads_thermometer_palindrome_and_between_line() -> None:
    thermo = {"color": GREY, "thickness": 21, "wayPoints": [at(2), at(1), at(0)]}
    bulb = circle(at(0), 0.85, GREY, GREY)
    palindrome = {"color": GREY, "thickness": 16, "wayPoints": [at(18), at(20)]}  # a straight run, ends only
    # The converter stops a between line 0.4 short of each end's centre, under a circle at each end.
    between = {"color": GREY, "thickness": 2, "wayPoints": [[4.5, 0.9], [4.5, 3.1]]}
    ends = [circle(at(36), 0.8, "#FFFFFF", GREY), circle(at(39), 0.8, "#FFFFFF", GREY)]
    assert read(lines=[thermo, palindrome, between], underlays=[bulb], overlays=ends) == {
        Thermometer((0, 1, 2)), Palindrome((18, 19, 20)), Between((36, 37, 38, 39)),
    }  # fmt: skip


def test_sudokupads_arrows_with_one_and_two_cell_circles() -> None:
    one = {"color": ARROW, "thickness": 5, "headLength": 0.3, "wayPoints": [[0.5, 0.8], at(1), at(2)]}
    side = {"color": ARROW, "thickness": 5, "headLength": 0.3, "wayPoints": [[1.8, 1.5], at(19)]}
    # Two cells corner to corner: a thick grey line under a thinner white one.
    corner = {"color": ARROW, "thickness": 5, "headLength": 0.3, "wayPoints": [[5.7, 1.7], at(56)]}
    drawn = {
        "arrows": [one, side, corner],
        "overlays": [circle(at(0), 0.75, "#ffffff", ARROW),
                     circle([1.0, 1.5], 0.75, "#ffffff", ARROW) | {"height": 1.75}],
        "lines": [{"color": ARROW, "thickness": 45, "opacity": 0.7, "wayPoints": [at(36), at(46)]},
                  {"color": "#ffffff", "thickness": 35, "opacity": 0.8, "wayPoints": [at(36), at(46)]}],
    }  # fmt: skip
    assert read(**drawn) == {Arrow((0,), (1, 2)), Arrow((1, 10), (19,)), Arrow((36, 46), (56,))}


def test_sudokupads_dots_marks_and_clues() -> None:
    small = {"width": 0.3, "height": 0.3, "rounded": True}
    text = {"width": 0.25, "height": 0.25, "backgroundColor": "#FFFFFF", "borderColor": "#FFFFFF"}
    overlays = [
        {"center": [0.5, 1], "backgroundColor": "#FFFFFF", "borderColor": "#000000", **small},
        {"center": [1, 0.5], "backgroundColor": "#000000", "borderColor": "#000000", "text": "3", **small},
        {"center": [2.5, 1], "text": "X", **text},
        {"center": [3, 2.5], "text": "V", **text, "rounded": True},  # on a circle, as SudokuPad draws it
        {"center": [-0.5, 3.5], "text": "15", "fontSize": 32, **text},  # a sandwich sum over column 4
        {"center": [-0.5, -0.5], "text": "20", "fontSize": 28, **text},  # a little killer, with its arrow
        circle([5, 5], 0.7, "#FFFFFF", "#000000", text="1 2\n3"),
    ]
    underlays = [
        {"center": at(80), "width": 0.7, "height": 0.7, "backgroundColor": GREY, "borderColor": GREY,
         "rounded": True},
        {"center": at(79), "width": 0.7, "height": 0.7, "backgroundColor": GREY, "borderColor": GREY},
    ]  # fmt: skip
    arrows = [{"color": "#000000", "thickness": 2, "wayPoints": [[-0.2, -0.2], [-0.02, -0.02]]}]
    # A number beside a column alone could be a sandwich sum, an X-sum or a skyscraper: the text says which.
    assert "could be a sandwich sum or X-sum or skyscraper" in refused(
        overlays=overlays, underlays=underlays, arrows=arrows
    )
    sandwich = "Numbers outside the grid are sandwich sums."
    assert read(sandwich, overlays=overlays, underlays=underlays, arrows=arrows) == {
        Dot("white", (0, 1)), Dot("black", (0, 9), 3), Dot("x", (18, 19)), Dot("v", (20, 29)),
        Sandwich("column", 4, 15), LittleKiller((0, 0), "DR", 20), Quadruple((40, 41, 49, 50), (1, 2, 3)),
        CellMark("odd", 80), CellMark("even", 79),
    }  # fmt: skip


def outside_text(centre: list[float], text: str) -> dict[str, Any]:
    return {"center": centre, "text": text, "fontSize": 28, "width": 0.25, "height": 0.25}


def test_frame_sums_and_outside_clues_read_from_their_sentences() -> None:
    frame = [outside_text([-0.5, 0.5], "6"), outside_text([5.5, 9.5], "21")]  # above column 1; right of row 6
    text = (
        "Normal sudoku rules apply. Each number outside the grid is the sum of the first three digits in "
        "its row or column, counted from the number's side. For example, the top three cells of column 1 "
        "sum to 6."
    )
    assert read(text, overlays=frame) == {FrameSum((0, 1), 6), FrameSum((6, 10), 21)}
    outside = [outside_text([1.5, -0.5], "5789"), outside_text([9.5, 2.5], "3")]  # by row 2; under column 3
    for said in (
        "Digits outside the grid must appear in the first three cells of their row or column, from them.",
        "Clues by a row or column give digits which must appear in the first three cells from that side.",
    ):
        assert read(said, overlays=outside) == {OutsideClue((2, 0), (5, 7, 8, 9)), OutsideClue((10, 3), (3,))}
    # Said of nothing but numbers outside the grid, the number's meaning is open.
    assert "the rules text does not say which" in refused("Normal sudoku rules apply.", overlays=frame)
    # "The first three" where a box spans 2 (4x4) or 2 down a column and 3 along a row (6x6): refused.
    small = [outside_text([-0.5, 0.5], "3")]
    for n in (4, 6):
        assert "counts 3 cells where a" in refused(text.split(" For")[0], n=n, overlays=small)
        ours = f"Normal sudoku rules apply. {FrameSum.styles[''].sentence}"
        assert read(ours, n=n, overlays=small) == {FrameSum((0, 1), 3)}
    # Named alone, the count is a box's: in doubt where boxes are longer one way (6x6), not on 4x4 or 9x9.
    assert "does not say how many first cells" in refused("Frame sudoku rules apply.", n=6, overlays=small)
    for n in (4, 9):
        assert read("Frame sudoku rules apply.", n=n, overlays=small) == {FrameSum((0, 1), 3)}


def test_sudokupads_extra_region_clone_and_minimum() -> None:
    extra = [{"center": at(c), "width": 1, "height": 1, "backgroundColor": "rgba(207, 207, 207, 0.95)"}
             for c in (0, 1)]  # fmt: skip
    clone = [{"center": at(c), "width": 1, "height": 1, "backgroundColor": GREY, "borderColor": GREY}
             for c in (40, 80)]  # fmt: skip
    shade = {"center": at(30), "width": 1, "height": 1, "backgroundColor": "#ccc"}
    chevrons = [  # pointing in, at r4c4 (cell 30), as the converter draws a minimum
        {"color": "#000000", "thickness": 1, "wayPoints": [
            [3.5 + dy * 0.44 + 0.1 * dx, 3.5 + dx * 0.44 + 0.1 * dy],
            [3.5 + dy * 0.39, 3.5 + dx * 0.39],
            [3.5 + dy * 0.44 - 0.1 * dx, 3.5 + dx * 0.44 - 0.1 * dy],
        ]}
        for dy, dx in ((-1, 0), (0, 1), (1, 0), (0, -1))
    ]  # fmt: skip
    drawn = {"underlays": [*extra, *clone, shade], "cages": [{"cells": [[0, 0], [0, 1]]}], "lines": chevrons}
    assert read(**drawn) == {ExtraRegion((0, 1)), Clone((40,), (80,)), CellMark("min", 30)}


def test_setters_chevrons_a_little_wider_and_a_line_drawn_with_an_outline() -> None:
    """Chevrons up to 2 wide (setters draw them 1.92) on a translucent shade
    make the minimum cell a sentence states; a line drawn over a wider one of
    another colour on the same way points is one line, of the top colour (a
    white line with a grey edge). Drawn the other way round, the wide line
    hides the narrow one: two lines, the grey one meant by nothing."""
    shade = {"center": at(30), "width": 1, "height": 1, "backgroundColor": "#0003"}
    chevrons = [  # pointing in, at r4c4 (cell 30)
        {"color": "#000000", "thickness": 1.92, "wayPoints": [
            [3.5 + dy * 0.44 + 0.1 * dx, 3.5 + dx * 0.44 + 0.1 * dy],
            [3.5 + dy * 0.39, 3.5 + dx * 0.39],
            [3.5 + dy * 0.44 - 0.1 * dx, 3.5 + dx * 0.44 - 0.1 * dy],
        ]}
        for dy, dx in ((-1, 0), (0, 1), (1, 0), (0, -1))
    ]  # fmt: skip
    least = "Each digit in a shaded cell is less than its orthogonally adjacent neighbours in unshaded cells."
    assert read(least, underlays=[shade], lines=chevrons) == {CellMark("min", 30)}
    edge, white = line([0, 1, 2], "#aaaf", 9.6), line([0, 1, 2], "#FFFFFF", 5.12)
    tens = "Each white line can be divided into one or more segments that each sum to 10."
    outlined = read(f"{tens} {least}", lines=[edge, *chevrons, white], underlays=[shade])
    assert outlined == {SumLine((0, 1, 2), 10), CellMark("min", 30)}
    assert "(colour #aaaaaa) has no meaning" in refused(tens, lines=[white, edge])


def test_a_minimum_cell_points_at_every_neighbour_not_of_its_kind() -> None:
    """SudokuPad's converter draws a chevron towards each neighbour that is
    not a minimum cell too: two minimum cells side by side have none towards
    each other; a side without one towards a plain cell (a shaded neighbour
    a setter's rule leaves out) is refused, as the rule here would compare them."""

    def minimum(cell: int, sides: list[tuple[int, int]]) -> list[dict[str, Any]]:
        y, x = at(cell)
        return [
            {"color": "#000000", "thickness": 1, "wayPoints": [
                [y + dy * 0.44 + 0.1 * dx, x + dx * 0.44 + 0.1 * dy],
                [y + dy * 0.39, x + dx * 0.39],
                [y + dy * 0.44 - 0.1 * dx, x + dx * 0.44 - 0.1 * dy],
            ]}
            for dy, dx in sides
        ]  # fmt: skip

    up, right, down, left = (-1, 0), (0, 1), (1, 0), (0, -1)
    shades = [{"center": at(c), "width": 1, "height": 1, "backgroundColor": "#ccc"} for c in (30, 31)]
    pair = [*minimum(30, [up, down, left]), *minimum(31, [up, right, down])]  # r4c4 and r4c5
    assert read(underlays=shades, lines=pair) == {CellMark("min", 30), CellMark("min", 31)}
    message = refused(underlays=shades[:1], lines=minimum(30, [right, down, left]))
    assert "the chevrons at r4c4: none points at r3c4" in message


# The rules text --------------------------------------------------------------------------------


def line(cells: list[int], colour: str, thickness: float = 10) -> dict[str, Any]:
    return {"color": colour, "thickness": thickness, "wayPoints": [at(c) for c in cells]}


def test_sentences_give_coloured_lines_their_meaning() -> None:
    text = (
        "Normal sudoku rules apply. Each row, column and box contains 1-9 once.\n"
        "Digits along green lines differ by at least 4. Grey lines are renban lines; "
        "cells separated by an X sum to 10. Digits in cages sum to the total shown.\n"
        "Thanks to the testers, and have fun!"
    )
    drawn = {
        "lines": [line([0, 1, 2], "#00C000"), line([9, 10], "#999999", 12)],
        "overlays": [{"center": [2.5, 1], "text": "X", "width": 0.25, "height": 0.25}],
        "cages": [{"cells": [[8, 8], [8, 7]], "value": 9, "unique": True}],
    }
    assert read(text, **drawn) == {
        Whispers((0, 1, 2), 4), Renban((9, 10)), Dot("x", (18, 19)), KillerCage((80, 79), 9),
    }  # fmt: skip


def test_a_sentence_gives_a_declared_look_another_meaning() -> None:
    # Grey 16-wide lines are palindromes by their look; the text says they are renban lines.
    drawn = {"lines": [line([0, 1], GREY, 16)]}
    assert read(None, **drawn) == {Palindrome((0, 1))}
    assert read("Grey lines are renban lines.", **drawn) == {Renban((0, 1))}


def test_a_sentence_names_a_whole_grid_rule_and_regions_sentences_are_recognised() -> None:
    text = "Jigsaw sudoku: irregular regions. Cells a knight's move apart cannot contain the same digit."
    assert read(text) == {Apart("antiknight")}
    assert read("All possible white dots are given.") == {NoOtherDots("white")}


def test_sentences_read() -> None:
    said = read_text("Blue lines: the digits on a line sum to the same total in each box (region sums).")
    assert [(s.kind, s.colour) for s in said] == [("regionsum", "blue")]
    said = read_text("Adjacent digits along a green whisper line must differ by 3 or more.")
    assert [(s.kind, s.colour, s.value) for s in said] == [("whispers", "green", 3)]
    assert read_text("This puzzle is dedicated to my cat. Enjoy!") == []


def test_colour_names() -> None:
    looks = {"#CFCFCF": "grey", "#A1A1A1": "grey", "#F067F0": "purple", "#67F067": "green", "#2ECBFF": "blue",
             "#000000": "black", "#FFFFFF": "white", "#FF5050": "red", "#FFA040": "orange",
             "#E8D040": "yellow",
             "rgba(207, 207, 207, 0.95)": "grey", "#f00": "red"}  # fmt: skip
    assert {colour: colour_name(colour) for colour in looks} == looks


# Refusals --------------------------------------------------------------------------------------


def test_a_constraint_sentence_naming_no_rule_is_refused_quoting_it() -> None:
    message = refused("Normal sudoku rules apply. Digits in a blue circle must be prime numbers always.")
    assert "the rules sentence 'Digits in a blue circle must be prime numbers always.'" in message


def test_one_look_given_two_meanings_is_refused() -> None:
    text = "Grey lines are renban lines. Grey lines are palindromes."
    message = refused(text, lines=[line([0, 1], "#999")])
    assert "the line through r1c1, r1c2 (colour #999999) could be a renban line or palindrome" in message


def test_a_sentence_about_nothing_drawn_is_refused() -> None:
    message = refused("Digits along green lines differ by at least 5.", lines=[line([0, 1], "#F067F0", 16)])
    assert "'Digits along green lines differ by at least 5.' names nothing drawn" in message


def test_an_element_of_a_colour_no_sentence_names_is_refused() -> None:
    message = refused("Normal sudoku rules apply.", lines=[line([0, 1], "#FF0000")])
    assert message == (
        "SudokuPad: the line through r1c1, r1c2 (colour #ff0000) has no meaning this tool knows: refused"
    )


def test_decoration_is_ignored() -> None:
    overlays = [
        {"center": [-0.5, 4], "text": "Title", "width": 3, "height": 0.5},  # a word above the grid
        {"center": [-0.5, -0.5], "text": "7"},  # a number by no row or column
    ]
    underlays = [{"center": at(5), "width": 1, "height": 1, "backgroundColor": "#FFE0E0"}]  # a cell's colour
    assert read("Have fun!", overlays=overlays, underlays=underlays) == set()


# A carried solution --------------------------------------------------------------------------


def test_a_solution_that_breaks_the_reading_is_a_misread() -> None:
    solution = "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
    good = {"lines": [line([0, 1, 2], GREY, 21)], "underlays": [circle(at(0), 0.85, GREY, GREY)]}
    assert parse_sudokupad(link(None, solution=solution, **good)).puzzle.rules == (Thermometer((0, 1, 2)),)
    backwards = {"lines": [line([2, 1, 0], GREY, 21)], "underlays": [circle(at(2), 0.85, GREY, GREY)]}
    with pytest.raises(PuzzleError, match=r"solution breaks the thermometer .* misread"):
        parse_sudokupad(link(None, solution=solution, **backwards))


def test_a_cage_s_unique_flag_stands_unless_a_sentence_says_digits_may_repeat() -> None:
    """SudokuPad's unique: false is a cage whose digits may repeat; unique: true a
    killer cage, unless the rules text says digits may repeat in cages."""
    flagged = {"cells": [[0, 0], [0, 1]], "value": 7, "unique": False}
    plain = {"cells": [[1, 0], [1, 1]], "value": 9, "unique": True}
    killers = "Digits in cages sum to the small number in the corner."
    assert read(killers, cages=[flagged, plain]) == {SumCage((0, 1), 7), KillerCage((9, 10), 9)}
    repeat = killers + " Digits may repeat in cages."
    assert read(repeat, cages=[flagged, plain]) == {SumCage((0, 1), 7), SumCage((9, 10), 9)}


def test_a_rules_cage_of_several_lines_is_read_whole() -> None:
    """A metadata cage "rules: ..." may run over several lines; the rule named
    on the third (a knight's move, a rule of the whole grid) is read."""
    text = "rules: SUDOKU\n- Normal sudoku rules apply.\n- Cells a knight's move apart cannot hold one digit."
    assert read(cages=[{"value": text}]) == {Apart("antiknight")}


def test_an_f_puzzles_rules_text_is_read_with_its_keys() -> None:
    """Inside a SudokuPad link, f-puzzles' ruleset: a rule of the whole grid it
    names is added; a constraint it states that no rule states, or a sentence
    naming only rules the keys do not hold, is refused by quoting it."""

    def fpuz(ruleset: str, **keys: Any) -> str:
        doc = {"size": 4, "grid": [[{} for _ in range(4)] for _ in range(4)], "ruleset": ruleset, **keys}
        return "fpuz" + LZString.compressToBase64(json.dumps(doc))

    thermo = {"thermometer": [{"lines": [["R1C1", "R1C2"]]}]}
    knights = "Digits along a thermo increase from the bulb. Digits a knight's move apart may not repeat."
    assert set(parse_sudokupad(fpuz(knights, **thermo)).puzzle.rules) == {
        Thermometer((0, 1)), Apart("antiknight")
    }
    with pytest.raises(PuzzleError, match="Every digit/colour pair must appear exactly once"):
        parse_sudokupad(fpuz("Every digit/colour pair must appear exactly once.", **thermo))
    with pytest.raises(PuzzleError, match="names nothing drawn in the puzzle"):
        parse_sudokupad(fpuz("Digits along a renban line are consecutive.", **thermo))


def test_a_rule_named_only_to_be_denied_is_not_read() -> None:
    """ "Not an anti-knight puzzle" names no rule to keep; the next sentence does."""
    assert read("This is not an anti-knight puzzle.") == set()
    assert read("No anti-king here. Digits a king's move apart may not repeat.") == {Apart("antiking")}


def test_the_normal_rules_are_said_many_ways() -> None:
    for said in (
        "Normal sudoku rules apply.",
        "Digits must not repeat within the same row, column, or box.",
        "Each row, column and box contains the digits 1-9 once.",
    ):
        assert read(said) == set(), said


# What setters draw (Sudoku Maker, Penpa), beside the converter's conventions ---------------------


def test_x_and_v_as_setters_draw_them() -> None:
    """An X or V between two cells: on a round white background (Sudoku
    Maker's, 0.35 wide), as a text alone (its box not seen), as an underlay;
    the white background alone draws nothing. "Digits separated by an X sum
    to 10" names the X, not an X-sum."""
    maker = {"width": 0.35, "height": 0.35, "rounded": True, "backgroundColor": "#FFFFFF", "stroke": "#000"}
    overlays = [
        {"center": [0.5, 1], "text": "X", **maker},
        {"center": [1, 0.5], "text": "V", **maker},
        {"center": [2.5, 1], "text": "X", "width": 0, "height": 0.55},  # a text alone
        {"center": [3, 0.5], "width": 0.32, "height": 0.32, "rounded": True, "backgroundColor": "#FFFFFF"},
    ]
    underlays = [{"center": [3, 0.5], "text": "V", "width": 0.3, "height": 0.3}]
    text = "Digits separated by an X sum to 10. Digits separated by a V sum to 5."
    assert read(text, overlays=overlays, underlays=underlays) == {
        Dot("x", (0, 1)), Dot("v", (0, 9)), Dot("x", (18, 19)), Dot("v", (18, 27)),
    }  # fmt: skip
    # A white circle with a black stroke is seen: a white dot.
    stroked = [{"center": [0.5, 1], "width": 0.3, "height": 0.3, "rounded": True, "backgroundColor": "#FFF",
                "stroke": "#000000"}]  # fmt: skip
    assert read("Digits joined by a white dot are consecutive.", overlays=stroked) == {Dot("white", (0, 1))}
    # An X where four cells meet is no X between two: refused, naming where it is.
    corner = [{"center": [1, 1], "text": "X", **maker}]
    message = refused(text, overlays=corner)
    assert "the text 'X' where r1c1 and r2c2 meet (an overlay) has no meaning" in message


def test_a_little_killer_as_sudoku_maker_draws_it() -> None:
    """The clue in the cell beside the grid, a short arrow from its corner
    (0.28 long, 0.23 out of the clue's centre): the sum along that diagonal."""
    clue = {"center": [5.5, -0.5], "width": 1, "height": 1, "text": 9, "fontSize": 32, "rounded": True}
    arrow = {"wayPoints": [[5.734, -0.266], [5.932, -0.068]], "headLength": 0.18, "color": "#000000",
             "thickness": 3}  # fmt: skip
    for text in (
        "Values outside the grid give the sum along the indicated diagonal.",
        "Digits along the diagonal indicated by an arrow sum to the number by the arrow.",
    ):
        assert read(text, overlays=[clue], arrows=[arrow]) == {LittleKiller((6, 0), "DR", 9)}, text
    # A sentence about another rule of the indicated diagonals is no little killer's.
    product = refused("Every indicated diagonal has the same product.", overlays=[clue], arrows=[arrow])
    assert "'Every indicated diagonal has the same product.' says something of it ('product')" in product
    # A clue that is no number: refused, naming it outside the grid.
    unknown = {**clue, "text": "?"}
    message = refused(text, overlays=[unknown], arrows=[arrow])
    assert "the text '?' outside the grid by r6c1 (an overlay) has no meaning" in message


def test_a_colour_is_named_as_it_is_seen() -> None:
    """A translucent colour is named by what it looks like over white paper:
    ``#46386c45`` (dark purple, a quarter opaque) is a light grey line,
    ``#0003`` (black, a fifth opaque) a grey square."""
    drawn = {
        "lines": [line([0, 1, 2], "#46386c45", 12)],
        "underlays": [{"center": at(80), "width": 0.8, "height": 0.8, "backgroundColor": "#0003"}],
    }
    text = "Grey line is a palindrome. Grey square must contain an even digit."
    assert read(text, **drawn) == {Palindrome((0, 1, 2)), CellMark("even", 80)}
    message = refused("Purple lines are palindromes. Grey square must contain an even digit.", **drawn)
    assert message == (
        "SudokuPad: the line through r1c1, r1c2, r1c3 (colour #46386c) "
        "has no meaning this tool knows: refused"
    )


def test_an_arrow_drawn_as_lines_with_a_head() -> None:
    """A line from a circle whose arrowhead is a short line of its own (its
    two arms pointing back along the line's last step, same colour and width)
    is an arrow; a "head" across the line is no arrowhead."""
    grey = "#bbbf"
    shaft = {"wayPoints": [at(0), at(10), at(19)], "color": grey, "thickness": 3.2}
    head = {"wayPoints": [[2.25, 1.25], [2.5, 1.5], [2.25, 1.75]], "color": grey, "thickness": 3.2}
    bulb = circle(at(0), 0.85, "#FFFFFF", grey)
    text = "All digits on the arrow sum to the attached circled cell."
    assert read(text, lines=[shaft, head], overlays=[bulb]) == {Arrow((0,), (10, 19))}
    across = {**head, "wayPoints": [[2.5, 1.167], [2.5, 1.5], [2.5, 1.833]]}  # across the line's end
    assert "has no meaning" in refused(text, lines=[shaft, across], overlays=[bulb])


def test_a_zipper_line_s_centre_dot() -> None:
    """A small dot of a zipper line's colour on its middle cell marks its
    centre (Penpa's zipper): part of the line. On a renban line it has no
    meaning, so it is refused."""
    lavender = "#DFC5FE"
    zipper = line([0, 1, 2, 11, 20], lavender, 11)
    dot = {"backgroundColor": "#DFC5FEFF", "rounded": 1, "center": at(2), "width": 0.44, "height": 0.44}
    text = "Cells on a lavender zipper line the same distance from its centre sum to the centre digit."
    assert read(text, lines=[zipper], underlays=[dot]) == {ZipperLine((0, 1, 2, 11, 20))}
    renban = "Digits on a lavender renban line are consecutive."
    assert "has no meaning" in refused(renban, lines=[zipper], underlays=[dot])


@pytest.mark.parametrize(
    ("n", "ring", "text"),
    [
        (6, [0, 1, 7, 6], "Any three adjacent digits on an entropic line hold a low, a middle and a high."),
        (4, [0, 1, 5, 4], "Adjacent digits along a green whisper line must differ by at least 2."),
    ],
)
def test_a_closed_line_of_a_local_rule(n: int, ring: list[int], text: str) -> None:
    """A line back to its first cell, of a rule about each cell and the next
    one or two: every run of the ring, the closing ones too. Checked against
    the ring's definition over every filling of its four cells."""
    colour = "#67F067" if n == 4 else "#C8A064"
    closed = {"color": colour, "thickness": 10, "wayPoints": [at(c, n) for c in (*ring, ring[0])]}
    rules = read(text, n, lines=[closed])
    assert len(rules) == 2  # the open line and the piece that closes it
    board = Puzzle(n, (0,) * n * n, standard_regions(n), rules=tuple(rules))
    third = [0, *((d - 1) * 3 // n for d in range(1, n + 1))]
    for digits in itertools.product(range(1, n + 1), repeat=len(ring)):
        grid = [0] * n * n
        for cell, d in zip(ring, digits, strict=True):
            grid[cell] = d
        m = len(digits)
        if n == 6:  # each three cyclically consecutive cells: one low, one middle, one high
            cyclic = all(len({third[digits[(k + j) % m]] for j in range(3)}) == 3 for k in range(m))
        else:  # each two cyclically consecutive cells differ by at least 2
            cyclic = all(abs(digits[k] - digits[(k + 1) % m]) >= 2 for k in range(m))
        assert all(rule.holds(grid, board) for rule in rules) == cyclic, digits


def test_a_drawn_loop_of_sum_or_region_sum_line_is_one_rule() -> None:
    """A sum line or region-sum line back to its first cell is a loop (its
    runs or pieces go round it): one rule, written back drawn closed. The
    ring r1c2-r1c3-r2c3-r2c2 crosses from box 1 to box 2 and back."""
    ring = [1, 2, 6, 5]
    for colour, text, rule in (
        ("#33A1A1", "Each teal line can be divided into segments that each sum to 10.",
         SumLine(tuple(ring), closed=True)),
        ("#2ECBFF", "Box borders divide blue lines into segments that sum to the same total.",
         RegionSumLine(tuple(ring), closed=True)),
    ):  # fmt: skip
        loop = {"color": colour, "thickness": 10, "wayPoints": [at(c, 4) for c in (*ring, ring[0])]}
        assert read(text, 4, lines=[loop]) == {rule}
        puzzle = Puzzle(4, (0,) * 16, standard_regions(4), rules=(rule,))
        assert same_rules(round_trip(puzzle), puzzle)
        (drawn,) = sudokupad_json(puzzle)["lines"]
        assert len(drawn["wayPoints"]) == 5 and drawn["wayPoints"][0] == drawn["wayPoints"][-1]


def test_a_sentence_that_all_dots_are_given_is_not_ignored() -> None:
    """ "All possible dots are given" where white dots only are drawn: of
    white dots, or of black too? Refused, never dropped; its negation states none."""
    dot = {"center": [0.5, 1], "width": 0.3, "height": 0.3, "rounded": True, "backgroundColor": "#FFFFFF",
           "borderColor": "#000000"}  # fmt: skip
    said = "Digits joined by a white dot are consecutive."
    message = refused(f"{said} All possible dots are given.", overlays=[dot])
    assert "'All possible dots are given.': the puzzle has only white dots" in message
    assert read(f"{said} Not all possible dots are given.", overlays=[dot]) == {Dot("white", (0, 1))}


def test_f_puzzles_draws_a_plug_in_line_over_its_rule() -> None:
    """In an f-puzzles link, a cosmetic ``line`` marked ``fromConstraint``
    (naming the rule) or ``isNewConstraint`` over the cells of a line a rule
    key holds (either way round) is only its drawing; one that runs
    elsewhere, or is not so marked, is a line of its own: refused, as no
    sentence says what it means."""

    def fpuz(*lines: dict[str, Any]) -> str:
        doc = {"size": 4, "grid": [[{} for _ in range(4)] for _ in range(4)],
               "whispers": [{"lines": [["R1C1", "R1C2", "R1C3"]]}], "line": list(lines)}  # fmt: skip
        return "fpuz" + LZString.compressToBase64(json.dumps(doc))

    drawn = {"outlineC": "#67F067", "width": 0.3}
    named = {"lines": [["R1C1", "R1C2", "R1C3"]], "fromConstraint": "Whispers", **drawn}
    backwards = {"lines": [["R1C3", "R1C2", "R1C1"]], "isNewConstraint": True, **drawn}
    assert parse_sudokupad(fpuz(named, backwards)).puzzle.rules == (Whispers((0, 1, 2)),)
    for other in (
        {**backwards, "lines": [["R2C1", "R2C2"]]},  # runs where no rule is
        {"lines": [["R1C1", "R1C2", "R1C3"]], **drawn},  # names nothing: a line of its own
    ):
        with pytest.raises(PuzzleError, match=r"f-puzzles line .*: no sentence of the rules text says what"):
            parse_sudokupad(fpuz(named, other))


def test_a_small_arrow_inside_a_cell_is_refused_by_name() -> None:
    small = {"wayPoints": [[3.713, 3.5], [3.953, 3.5]], "color": "#000000", "thickness": 3}
    message = refused("Each cell with arrows counts the digits it sees.", arrows=[small])
    assert message == "SudokuPad: the small arrow in r4c4 has no meaning this tool knows: refused"


def test_a_heading_and_a_coloured_sentence_name_the_same_lines() -> None:
    """A heading ("RENBAN") and a sentence naming the kind by its colour are
    both about the lines drawn so; the sentence that gives a value (a
    whisper's gap) gives it, whichever comes first."""
    purple = [line([0, 1], "#F067F0"), line([9, 10], "#F067F0")]
    assert read("RENBAN\n- Digits on a purple renban line are consecutive.", lines=purple) == {
        Renban((0, 1)), Renban((9, 10)),
    }  # fmt: skip
    green = [line([0, 1], "#67F067")]
    assert read("WHISPERS\nAdjacent digits along a green line differ by at least 4.", lines=green) == {
        Whispers((0, 1), 4)
    }
    message = refused("RENBAN\n- Digits on a green renban line are consecutive.", lines=purple)
    assert "'- Digits on a green renban line are consecutive.' names nothing drawn" in message


def test_a_background_picture_is_refused() -> None:
    """A picture under the grid may draw lines this tool cannot see."""
    doc = {"cells": [[{} for _ in range(4)] for _ in range(4)], "metadata": {"bgimage": "https://x.invalid/a.png"}}
    with pytest.raises(PuzzleError, match=r"background picture \(bgimage\)"):
        parse_sudokupad("scl" + LZString.compressToBase64(utf16_units(json.dumps(doc))))


def test_cages_that_may_repeat_and_cages_that_may_not_read_back() -> None:
    """Our sentence for cages whose digits may repeat is about those flagged
    so; a killer cage beside them (with or without a sum) stays one."""
    rules: list[Rule] = [KillerCage((0, 1), 3), SumCage((9, 10), 2), KillerCage((20, 21))]
    puzzle = Puzzle.standard((0,) * 81).with_rules(rules)
    assert Counter(round_trip(puzzle).rules) == Counter(rules)


def test_an_f_puzzles_links_solution_is_checked_against_what_is_read() -> None:
    """A SudokuPad link holding f-puzzles JSON whose solution breaks a rule as
    read is a misreading, as a native link's is: 1 2 3 4 along the top row
    breaks a thermometer from r1c2 (2) to r1c1 (1); one from r1c1 holds."""
    solution = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]

    def fpuz(thermo: list[str]) -> str:
        doc = {"size": 4, "grid": [[{} for _ in range(4)] for _ in range(4)],
               "thermometer": [{"lines": [thermo]}], "solution": solution}  # fmt: skip
        return "fpuz" + LZString.compressToBase64(json.dumps(doc))

    assert parse_sudokupad(fpuz(["R1C1", "R1C2"])).puzzle.rules == (Thermometer((0, 1)),)
    with pytest.raises(PuzzleError, match="the link's solution breaks the thermometer r1c2-r1c1 as read"):
        parse_sudokupad(fpuz(["R1C2", "R1C1"]))


def test_a_shape_turned_off_square_is_refused_not_read_as_a_square() -> None:
    """A square turned by 45 degrees is a diamond, which no look of ours is:
    refused, though a sentence names grey squares; unturned, it is the even mark."""
    square = {"center": at(80), "width": 0.7, "height": 0.7, "backgroundColor": GREY}
    text = "Grey squares must contain even digits."
    assert read(text, underlays=[{**square, "angle": 90}]) == {CellMark("even", 80)}
    message = refused(text, underlays=[{**square, "angle": 45}])
    assert message == (
        "SudokuPad: the shape turned by 45 degrees at r9c9 (an underlay) "
        "has no meaning this tool knows: refused"
    )
