"""What a SudokuPad rules sentence means (`sudokupad_text.asserted`, each
style's ``says``), read on hand-made links: a sentence that states a rule
without naming it ("adjacent digits on a green line differ by 3 or more"), a
family name ("thermometer") whose sentence asserts a slow one, colour words
by family (pink, peach, tan), and the refusals: a sentence naming one rule and
stating another's meaning, a colour word fitting two drawn colours, a sentence
about a line only a background picture draws.

The expected rules are worked by hand from each sentence's meaning; the
helpers building the links are test_sudokupad_drawn's."""

from __future__ import annotations

import json
from typing import Any

import pytest
from lzstring import LZString

from squiggly_cp.core.puzzle import PuzzleError
from squiggly_cp.core.rules import (
    Apart,
    CellMark,
    Clone,
    CountingCircles,
    Dot,
    EntropicLine,
    LittleKiller,
    NabnerLine,
    NoOtherDots,
    Palindrome,
    ParityLine,
    Quadruple,
    RegionSumLine,
    Renban,
    Rule,
    SlowThermometer,
    SumCage,
    SumLine,
    Thermometer,
    Whispers,
)
from squiggly_cp.formats.sudokupad import parse_sudokupad, utf16_units
from squiggly_cp.formats.sudokupad_text import asserted, colour_fits, permission
from test_sudokupad_drawn import at, circle, read, refused


def line(cells: list[int], colour: str, thickness: float = 10, n: int = 9) -> dict[str, Any]:
    return {"color": colour, "thickness": thickness, "wayPoints": [at(c, n) for c in cells]}


def thermometer(cells: list[int], colour: str, thickness: float = 19) -> dict[str, Any]:
    """A thermometer as SudokuPad's tool draws it: a line and a circle on its first cell."""
    bulb = circle(at(cells[0]), 0.8, colour, colour)
    return {"lines": [line(cells, colour, thickness)], "underlays": [bulb]}


# What a sentence asserts -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "gap"),
    [
        ("Adjacent digits on a green line differ by 3 or more.", 3),
        ("Adjacent digits on a green line must differ by at least 3.", 3),
        ("Neighbouring cells along green lines have a difference of at least 3.", 3),
    ],
)
def test_a_sentence_stating_a_whisper_s_gap_gives_the_green_lines_it(sentence: str, gap: int) -> None:
    assert read(sentence, lines=[line([0, 1, 2], "#67f067ff", 9.6)]) == {Whispers((0, 1, 2), gap)}


def test_the_predicate_decides_between_a_thermometer_and_a_slow_one() -> None:
    drawn = thermometer([0, 1, 2], "#cccf")
    slow = (
        "Digits along a thermometer must increase or stay the same from the bulb to the end.",
        "Slow thermometer: Digits along a thermometer either increase or stay the same from the bulb end.",
        "Digits never decrease along a thermometer, starting from its bulb.",
    )
    for sentence in slow:
        assert read(sentence, **drawn) == {SlowThermometer((0, 1, 2))}, sentence
    assert read("Digits along thermometers must increase from the bulb end to the tip.", **drawn) == {
        Thermometer((0, 1, 2))
    }


def test_region_sum_lines_are_read_from_what_their_sentences_say() -> None:
    # r1c2, r1c3 in box 1, r1c4 in box 2 of a 6x6; a blue that is no declared look: the sentence decides.
    across = {"lines": [line([1, 2, 3], "#34bbe6", n=6)]}
    for text in (
        "All digits along a blue line must sum to the same total in each 2x3 box the line visits.",
        "Along each blue line, digits in each region must sum to the same total.",
        "Region borders divide the blue line into segments with the same sum.",
        "Box borders separate blue lines into segments. Digits on each segment of the same line sum to the "
        "same value. Different lines may have different segment sums.",
    ):
        assert read(text, 6, **across) == {RegionSumLine((1, 2, 3))}, text
    equal = "Digits along a blue line have an equal sum N within each box it passes through."
    assert read(equal, 6, **across) == {RegionSumLine((1, 2, 3))}


def test_a_literal_line_break_ends_a_sentence() -> None:
    """A rules text copied from JSON keeps "\\n" as two characters: "Region Sum
    Lines" after it is a region-sum line, not a sum line ("sum lines")."""
    text = (
        "Normal sudoku rules apply.\\n\\nRegion Sum Lines: Digits along a blue line have an equal sum N "
        "within each 2x2 box the line passes through. Different lines may have different values for N."
    )
    assert read(text, 4, lines=[line([0, 5, 8], "#34BBE6", n=4)]) == {RegionSumLine((0, 5, 8))}


def test_parity_renban_entropic_sum_line_and_counting_circle_sentences() -> None:
    parity = "Two cells adjacent along a red line must contain one even digit and one odd digit."
    assert read(parity, lines=[line([0, 1, 2], "#ff6b6b")]) == {ParityLine((0, 1, 2))}
    renban = "RENBAN\n- Digits on a purple Renban line must be a set of consecutive, non-repeating digits."
    assert read(renban, lines=[line([0, 1], "#f067f0")]) == {Renban((0, 1))}
    fish = "The fish (pink line) consists of a set of consecutive, non-repeating digits in some order."
    assert read(fish, lines=[line([0, 1], "#ff80ff", 9.6)]) == {Renban((0, 1))}
    entropic = "Every three adjacent digits along a peach line hold one low, one medium and one high digit."
    assert read(entropic, lines=[line([0, 1, 2], "#fcaf")]) == {EntropicLine((0, 1, 2))}
    tens = "Each white line can be divided into one or more segments that each sum to 12."
    assert read(tens, lines=[line([0, 1, 2], "#ffffff")]) == {SumLine((0, 1, 2), 12)}
    ring = {"center": at(4), "width": 0.8, "height": 0.8, "rounded": True, "borderColor": "#000000"}
    counting = "Any digit in a circle indicates exactly how many circles contain that digit."
    assert read(counting, overlays=[ring, ring | {"center": at(9)}]) == {CountingCircles((4, 9))}


def test_a_name_inside_what_a_sentence_asserts_names_nothing() -> None:
    """ "one even digit and one odd digit" asserts a parity line; it names no odd or even cell."""
    said = asserted("Two cells adjacent along a red line must contain one even digit and one odd digit.")
    assert [(kind, value) for kind, _, value, _ in said] == [("parity", None)]
    # The longest of overlapping assertions: a lockout line's, not the whisper's "differ by at least 4" in it.
    lockout = asserted("Its ends differ by at least 4, and no other digit on the line lies between them.")
    assert [(kind, value) for kind, _, value, _ in lockout] == [("lockout", 4)]


def test_a_little_killer_sentence_names_no_diagonal_and_no_arrow() -> None:
    """ "along the diagonal indicated by an arrow" is where a little killer's sum
    runs: neither the rule of a marked diagonal nor an arrow's sum."""
    clue = {"center": [-0.5, -0.5], "text": "20", "fontSize": 28, "width": 0.25, "height": 0.25}
    arrow = {"color": "#000000", "thickness": 2, "wayPoints": [[-0.2, -0.2], [-0.02, -0.02]]}
    for text in (
        "Digits along the diagonal indicated by an arrow sum to the number by the arrow.",
        "Values outside the grid give the sum along the indicated diagonal.",
    ):
        assert read(text, overlays=[clue], arrows=[arrow]) == {LittleKiller((0, 0), "DR", 20)}, text


def test_what_is_stated_of_no_line_gives_no_line_a_meaning() -> None:
    """A nabner line's "no two digits ... consecutive" needs its line; said of
    neighbours anywhere it names no rule, and the palindrome keeps its look."""
    nabner = "No two digits on a brown line may be consecutive."
    assert read(nabner, lines=[line([0, 1, 2], "#c8a064")]) == {NabnerLine((0, 1, 2))}
    grey = {"lines": [line([0, 1], "#CFCFCF", 16)]}
    assert "names no rule" in refused("No two adjacent digits may differ by at least 7.", **grey)
    fortress = asserted("Digits in grey shaded cells must be greater than all neighbouring unshaded cells.")
    assert [(kind, key) for kind, key, _, _ in fortress] == [("cellmark", "max")]


def test_a_fortress_sentence_is_what_an_f_puzzles_maximum_cell_means() -> None:
    """Inside a SudokuPad link, f-puzzles' ruleset: "greater than digits in
    adjacent cells" states the maximum cells its key holds; said of a puzzle
    that holds only thermometers, it is refused."""

    def fpuz(ruleset: str, key: str, entry: dict[str, Any]) -> str:
        grid = [[{} for _ in range(4)] for _ in range(4)]
        doc = {"size": 4, "grid": grid, "ruleset": ruleset, key: [entry]}
        return "fpuz" + LZString.compressToBase64(json.dumps(doc))

    greater = "Fortress: Digits in grey cells must be greater than digits in orthogonally adjacent cells."
    assert parse_sudokupad(fpuz(greater, "maximum", {"cell": "R2C2"})).puzzle.rules == (CellMark("max", 5),)
    with pytest.raises(PuzzleError, match="names nothing drawn in the puzzle"):
        parse_sudokupad(fpuz(greater, "thermometer", {"lines": [["R1C1", "R1C2"]]}))


# Colour words --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("word", "colour", "fits"),
    [
        ("purple", "#f067f0", True), ("pink", "#f067f0", True), ("magenta", "#F067F0FF", True),
        ("peach", "#fcaf", True), ("orange", "#fcaf", True), ("grey", "#cccf", True), ("gray", "#cccf", True),
        ("tan", "#dac391ff", True), ("beige", "#dac391", True), ("blue", "#34BBE6", True),
        ("blue", "#f067f0", False), ("grey", "#f067f0", False), ("green", "#cccf", False),
        ("white", "#cccf", False), ("peach", "#67f067", False), ("purple", "#ff6b6b", False),
    ],
)  # fmt: skip
def test_a_colour_word_fits_colours_of_its_family(word: str, colour: str, fits: bool) -> None:
    assert colour_fits(word, colour) is fits


def test_a_colour_word_finds_its_lines_by_family() -> None:
    """A tan slow thermometer (its word no family name of ours), magenta renban lines."""
    slow = "Digits along the tan thermometers never decrease from the bulb."
    assert read(slow, **thermometer([0, 1, 2], "#dac391ff", 15)) == {SlowThermometer((0, 1, 2))}
    renban = "Digits along magenta lines form a set of consecutive digits in any order."
    assert read(renban, lines=[line([9, 10], "#f067f0")]) == {Renban((9, 10))}


# Refusals ------------------------------------------------------------------------------------------


def test_a_sentence_naming_one_rule_and_stating_another_is_refused() -> None:
    slow = "Digits along a slow thermometer increase from the bulb."
    message = refused(slow, **thermometer([0, 1], "#cccf"))
    assert "names a slow thermometer but says what a thermometer is" in message
    message = refused("Digits on a renban line differ by at least 5.", lines=[line([0, 1], "#f067f0")])
    assert "names a renban line but says what a German whispers line is" in message
    # The name stands though what the sentence asserts begins inside it ("Thermos: ... increase").
    strict = "Slow Thermos: Digits along a gray thermometer must generally increase from bulb to tip."
    message = refused(strict, **thermometer([0, 1], "#cccf"))
    assert "names a slow thermometer but says what a thermometer is" in message


def test_segments_not_cut_by_region_borders_are_no_region_sum() -> None:
    """Straight runs of a line with one sum in each box is another rule: no
    region-sum line is read, and the sentence, naming no rule, is refused."""
    text = "Within each 3x3 box, straight magenta line segments have the same sum."
    assert "names no rule" in refused(text, lines=[line([0, 1, 2], "#f067f0")])


def test_a_colour_word_fitting_two_drawn_colours_is_refused() -> None:
    """Pink is SudokuPad's purple #F067F0 or a red #FF6B6B: which lines are the renban lines?"""
    drawn = {"lines": [line([0, 1], "#f067f0"), line([9, 10], "#ff6b6b", 16)]}
    message = refused("Digits on pink lines form a set of consecutive digits in any order.", **drawn)
    assert "the colour word 'pink'" in message and "#f067f0, #ff6b6b" in message
    # Purple fits only the first: the red line, the text silent on it, keeps its look's meaning.
    assert read("Digits on purple lines form a set of consecutive digits in any order.", **drawn) == {
        Renban((0, 1)), ParityLine((9, 10)),
    }  # fmt: skip


def test_a_colour_word_fitting_colours_the_drawing_tells_apart_is_refused() -> None:
    """SudokuPad draws renban lines #F067F0 and zipper lines #A05AF0, both
    purple: "purple lines" could be either."""
    drawn = {"lines": [line([0, 1], "#F067F0", 16), line([9, 10], "#A05AF0", 16)]}
    assert "the colour word 'purple'" in refused("Purple lines are renban lines.", **drawn)


def test_one_colour_word_for_several_shades_or_forms_of_one_meaning_is_read() -> None:
    """Two greens, both the sentence's whispers; one grey word for circles and
    squares, each form its own rule."""
    greens = {"lines": [line([0, 1], "#67f067", 16), line([9, 10], "#00c000")]}
    assert read("Digits along green lines differ by at least 4.", **greens) == {
        Whispers((0, 1), 4), Whispers((9, 10), 4),
    }  # fmt: skip
    square = circle(at(79), 0.7, "#cccccc", "#cccccc") | {"rounded": False}
    marks = [circle(at(80), 0.7, "#CFCFCF", "#CFCFCF"), square]
    text = "Digits in grey circles are odd, and digits in grey squares are even."
    assert read(text, underlays=marks) == {CellMark("odd", 80), CellMark("even", 79)}


def test_a_dutch_whisper_is_read_by_the_gap_its_sentence_states() -> None:
    """A Dutch whisper names no German whisper of the default gap 5: its
    stated difference is read, and named alone it gives its lines no meaning."""
    orange = {"lines": [line([0, 1], "#ffa500")]}
    stated = "Adjacent digits along an orange Dutch whisper line must have a difference of at least 4."
    assert read(stated, **orange) == {Whispers((0, 1), 4)}
    assert "has no meaning" in refused("Orange lines are Dutch whisper lines.", **orange)


def test_a_puzzle_drawn_on_a_background_picture_is_refused() -> None:
    """The red lines are in the background picture, which is not read: without
    it the sentence names nothing drawn; with it the puzzle is refused whole,
    as the picture may draw rules some drawn element's sentence also names."""
    text = "Two cells adjacent along a red line must contain one even digit and one odd digit."
    doc = {"cells": [[{} for _ in range(9)] for _ in range(9)], "metadata": {"rules": text}}
    assert "names nothing drawn in the puzzle" in refused(text)
    doc["metadata"]["bgimage"] = "picture.png"
    with pytest.raises(PuzzleError, match=r"drawn on a background picture \(bgimage\): refused"):
        parse_sudokupad("scl" + LZString.compressToBase64(utf16_units(json.dumps(doc))))


def test_a_sentence_stating_what_no_rule_states_of_a_named_one_is_refused() -> None:
    """"Digits in a cage sum to a prime" names cages but states what no killer
    cage of ours does: read as a plain cage, the grid would be wrongly judged."""
    cage = {"cells": [[0, 0], [0, 1]], "unique": True}
    message = refused("Digits in a cage sum to a prime number.", n=4, cages=[cage])
    assert "says something of it ('prime') no rule of this tool states" in message
    diagonal = "Every indicated diagonal has the same product."
    assert "('product')" in refused(diagonal, n=4, cages=[cage])
    # A word what a sentence asserts covers is not another rule's: a region-sum line's "same sum".
    text = "Digits on a blue line sum to the same total in each box."
    same = read(text, lines=[line([0, 1, 9], "#2ecbff")])
    assert same == {RegionSumLine((0, 1, 9))}


def test_digits_in_a_cage_may_repeat_in_the_words_setters_use() -> None:
    """The flag says digits differ; the sentence says they may repeat, and wins."""
    cage = {"cells": [[0, 0], [0, 1], [1, 0]], "unique": True, "value": 12}
    for text in ("Digits in a cage MAY repeat.", "Digits can repeat in cages."):
        assert read(text, n=4, cages=[cage]) == {SumCage((0, 1, 4), 12)}


def test_a_heading_in_mathematical_bold_is_read_as_its_letters() -> None:
    """Setters style headings with Unicode's bold letters: "𝗥𝗲𝗻𝗯𝗮𝗻" is "Renban"."""
    text = "\U0001d5e5\U0001d5f2\U0001d5fb\U0001d5ef\U0001d5ee\U0001d5fb lines are blue."
    assert read(text, lines=[line([0, 1, 2], "#2ecbff")]) == {Renban((0, 1, 2))}


# Permissions -------------------------------------------------------------------------------------

WHITE = {"center": [0.5, 1], "width": 0.3, "height": 0.3, "rounded": True, "backgroundColor": "#FFFFFF",
         "borderColor": "#000000"}  # fmt: skip
"""A white kropki dot between r1c1 and r1c2."""


def fpuz(ruleset: str, n: int = 4, **keys: Any) -> tuple[Rule, ...]:
    """The rules of an f-puzzles document in a SudokuPad link: ``keys`` beside the ``ruleset``."""
    doc = {"size": n, "grid": [[{} for _ in range(n)] for _ in range(n)], "ruleset": ruleset, **keys}
    return parse_sudokupad("fpuz" + LZString.compressToBase64(json.dumps(doc))).puzzle.rules


@pytest.mark.parametrize(
    ("sentence", "permits"),
    [
        ("Digits may repeat along a diagonal.", True),
        ("(Digits on a line may repeat, as long as the other rules allow it.)", True),
        ("There are no negative constraints (neighbours without an X may or may not sum to 10.)", True),
        ("Digits with no dot between them may satisfy either condition, or neither.", True),
        ("(No negative constraint - other neighbours may also differ by 1.)", True),
        ("Digits may not repeat in a row.", False),
        ("No digit may repeat on a line.", False),
        ("Digits can only appear once in a cage.", False),
        ("Adjacent digits may never be consecutive.", False),
        ("Digits may repeat in a cage, but must sum to a prime.", False),
        ("Renban lines can be in any order.", False),  # it names a rule, and permits nothing a rule states
        ("Digits on a thermometer can increase or stay the same.", False),  # a slow thermometer's rule
    ],
)
def test_a_permission_is_a_sentence_whose_every_constraint_is_permitted(sentence: str, permits: bool) -> None:
    assert permission(sentence) is permits


@pytest.mark.parametrize(
    "sentence",
    [
        "Digits may repeat along a diagonal.",
        "(Digits on a line may repeat, as long as the other rules allow it.)",
        "There are no negative constraints (digits without a dot may or may not differ by 1.)",
        "Digits with no dot between them may satisfy either condition, or neither.",
        "(No negative constraint - other neighbours may also differ by 1.)",
    ],
)
def test_a_permission_is_read_as_no_rule(sentence: str) -> None:
    """Beside the white dot's sentence, a permission adds no rule (no diagonal,
    no negative constraint) and is not refused."""
    text = f"Digits joined by a white dot differ by 1. {sentence}"
    assert read(text, n=4, overlays=[WHITE]) == {Dot("white", (0, 1))}


def test_a_permission_turns_no_rule_off_and_one_stating_more_is_refused() -> None:
    text = "All white dots are given. (Other neighbours may still differ by 2.)"
    assert read(text, n=4, overlays=[WHITE]) == {Dot("white", (0, 1)), NoOtherDots("white")}
    cage = {"cells": [[0, 0], [0, 1]], "unique": True}
    message = refused("Digits may repeat in a cage, but the cage must sum to a prime.", n=4, cages=[cage])
    assert "('prime')" in message


def test_a_permission_about_what_only_a_look_means_is_refused() -> None:
    """SudokuPad's purple line is a renban line by its look; "digits may repeat
    on a renban line" says it is not quite one. A sentence stating its rule decides."""
    purple = {"lines": [line([0, 1, 2], "#F067F0", 16)]}
    message = refused("Digits may repeat on a renban line.", **purple)
    assert "permits something of the line through r1c1, r1c2, r1c3, whose rule only its look gives" in message
    text = "Purple lines are renban lines. (Digits may repeat on a renban line if other rules allow it.)"
    assert read(text, **purple) == {Renban((0, 1, 2))}


# Rules we have, in the words setters use ---------------------------------------------------------


def test_anti_king_palindrome_and_quadruple_stated_without_their_names() -> None:
    assert read("Digits in diagonally adjacent cells cannot be the same.", n=4) == {Apart("antiking")}
    assert "names no rule" in refused("Diagonally adjacent cells cannot be the same colour.", n=4)
    palindrome = "Digits along a blue line must read the same backwards or forwards."
    assert read(palindrome, lines=[line([0, 1, 10], "#2ecbff")]) == {Palindrome((0, 1, 10))}
    # A circle where r2c2, r2c3, r3c2 and r3c3 of a 4x4 meet.
    quad = circle([2, 2], 0.7, "#FFFFFF", "#000000", text="1 4")
    text = "Where a circle is drawn, digits in the circle must appear in the four cells touching it."
    assert read(text, n=4, overlays=[quad]) == {Quadruple((5, 6, 9, 10), (1, 4))}


def test_an_x_or_v_stated_is_no_x_sum() -> None:
    """ "An X sum to 10" names no X-sum; "an V" and "a 'V'" are a V."""
    drawn = {"overlays": [{"center": [1.5, 1], "text": "X", "width": 0.25, "height": 0.25},
                          {"center": [0.5, 1], "text": "V", "width": 0.25, "height": 0.25}]}  # fmt: skip
    expected = {Dot("x", (6, 7)), Dot("v", (0, 1))}
    for text in (
        "Digits on either side of an X sum to 10. Cells connected by an V must sum to 5.",
        "XV: digits in cells separated by a 'V' must sum to 5; digits separated by an 'X' must sum to 10.",
    ):
        assert read(text, 6, **drawn) == expected, text


@pytest.mark.parametrize(
    ("sentence", "rule"),
    [
        ("Adjacent digits cannot sum to 5 or 10.", NoOtherDots("xv")),
        ("Cells in orthogonally adjacent cells cannot be in a 1:2 ratio.", NoOtherDots("black")),
        ("If two cells are not marked, then they do not contain consecutive digits.", NoOtherDots("white")),
        ("Neighbours without a white dot are never consecutive.", NoOtherDots("white")),
    ],
)
def test_a_negative_constraint_stated_is_all_such_dots_given(sentence: str, rule: Rule) -> None:
    assert read(f"Digits joined by a white dot differ by 1. {sentence}", n=4, overlays=[WHITE]) == {
        Dot("white", (0, 1)), rule,
    }  # fmt: skip


def test_a_negative_constraint_said_of_all_neighbours_or_with_an_exception_is_no_negative() -> None:
    """Without "not marked" it is the non-consecutive rule (the white dot's
    pair too), with "unless there is an X" another rule: neither is read as all dots given."""
    assert "names no rule" in refused("Adjacent digits cannot be consecutive.", n=4, overlays=[WHITE])
    refused("Adjacent digits cannot sum to 5 or 10 unless there is an X.", n=4)


def test_f_puzzles_flags_and_the_sentences_stating_them_give_each_rule_once() -> None:
    assert fpuz("Adjacent digits cannot sum to 5 or 10.", negative=["xv"]) == (NoOtherDots("xv"),)
    assert fpuz("Cells in orthogonally adjacent cells cannot be in a 1:2 ratio.", negative=["ratio"]) == (
        NoOtherDots("black"),
    )
    king = "Digits in diagonally adjacent cells cannot be the same."
    assert fpuz(king, antiking=True) == fpuz(king) == (Apart("antiking"),)


def test_a_semicolon_parts_rules_of_two_forms_but_not_a_named_rule_and_another_s_meaning() -> None:
    drawn = {"lines": [line([0, 1], "#f067f0", n=6)],
             "overlays": [{"center": [1.5, 1], "text": "X", "width": 0.25, "height": 0.25}]}  # fmt: skip
    text = "Purple lines are renban lines; digits separated by an X sum to 10."
    assert read(text, 6, **drawn) == {Renban((0, 1)), Dot("x", (6, 7))}
    message = refused("Purple lines are renban lines; digits on them differ by at least 5.", 6, **drawn)
    assert "names a renban line but says what a German whispers line is" in message


@pytest.mark.parametrize(
    "text",
    [
        "Digits on a thermometer need not increase.",
        "Digits along thermometers do not have to increase.",
        "Digits on a thermometer do not necessarily increase.",
    ],
)
def test_a_rule_said_not_to_hold_in_full_is_refused(text: str) -> None:
    """Read as a thermometer, the grid would be judged by a rule its text waives."""
    message = refused(text, **thermometer([0, 1, 2], "#cccf"))
    assert "no rule of this tool states: refused" in message


def test_a_waiver_that_is_a_permission_stays_one() -> None:
    """'Not all dots are necessarily given' is no waiver of a rule: the dot reads."""
    dot = circle([0.5, 1], 0.3, "#FFFFFF", "#000000")
    assert read("Cells joined by a white dot are consecutive. Not all dots are necessarily given.",
                n=4, overlays=[dot]) == {Dot("white", (0, 1))}  # fmt: skip


def test_a_sentence_changing_how_a_named_rule_counts_is_refused() -> None:
    """Cells whose digits count as negative for the arrows change what an
    arrow means: read as a plain arrow, the grid would be misjudged."""
    text = "Digits in a shaded cell count as negative for the purposes of arrows."
    arrow = {"wayPoints": [[0.5, 0.9], [0.5, 2.5]], "color": "#aaaf", "thickness": 3, "headLength": 0.35}
    bulb = circle([0.5, 0.5], 0.82, "#FFFFFF", "#aaaf")
    assert "('count as')" in refused(text, n=4, arrows=[arrow], overlays=[bulb])


def test_counting_circles_as_setters_draw_them_white_with_a_dark_border() -> None:
    """A white circle with a black border, a little wider than a cell mark
    (0.82), is a ring: the counting circles a sentence names, and nothing
    its look alone gives."""
    white = [circle(at(c, 4), 0.82, "#FFFFFF", "#000000") for c in (0, 6, 13)]  # r1c1, r2c3, r4c2
    told = "A digit in a circle tells how many circles that digit appears in."
    for text in ("Any digit in a circle indicates exactly how many circles contain that digit.", told):
        assert read(text, 4, underlays=white) == {CountingCircles((0, 6, 13))}, text
    unsaid = refused("Normal sudoku rules apply.", 4, underlays=white)
    assert "the ring at r1c1 (an underlay) has no meaning" in unsaid
    # A sentence of another cell mark (grey circles) does not fit a ring.
    assert "the ring at r1c1" in refused("Digits in circles are odd.", 4, underlays=white)
    # One as wide as a cell is no ring.
    assert "the circle at r1c1" in refused(told, 4, underlays=[circle(at(0, 4), 0.95, "#FFFFFF", "#000000")])


BLACK = WHITE | {"center": [1.5, 1], "backgroundColor": "#000000"}
"""A black kropki dot between r2c1 and r2c2."""


def test_all_dots_given_of_no_colour_is_read_only_where_plain_which_dots() -> None:
    """"All possible dots are given": both kropki colours' negative constraints
    where the puzzle has dots of both colours, or none and the sentence says
    kropki; with one colour only, setters mean it alone or both: refused."""
    kropki = "Digits joined by a white dot are consecutive. Digits joined by a black dot are in a 1:2 ratio."
    both = {NoOtherDots("white"), NoOtherDots("black")}
    for said in ("All possible dots are given.", "All dots are given.", "All kropki dots are given."):
        assert read(f"{kropki} {said}", n=4, overlays=[WHITE, BLACK]) == {
            Dot("white", (0, 1)), Dot("black", (4, 5)), *both,
        }, said  # fmt: skip
    assert read("All possible kropki dots are given.", n=4) == both
    assert "has only white dots" in refused(f"{kropki} All possible dots are given.", n=4, overlays=[WHITE])
    assert "has no kropki dots" in refused("All dots are given.", n=4)
    # f-puzzles' keyed dots count too.
    dots = {"difference": [{"cells": ["R1C1", "R1C2"]}], "ratio": [{"cells": ["R2C1", "R2C2"]}]}
    assert set(fpuz(f"{kropki} All possible dots are given.", **dots)) == {
        Dot("white", (0, 1)), Dot("black", (4, 5)), *both,
    }  # fmt: skip


def test_cages_of_one_shape_are_clones_where_a_sentence_says_so() -> None:
    """Outlined cages (no sum, not marked unique) of one shape are clones of
    the first where a sentence names clones and cages: cell for cell in
    reading order, whatever order the cage lists them in. A cage of no
    other's shape (turned) stays refused, and so do cages a sentence about
    clones of shaded shapes does not name."""
    first, backwards, third = ([[0, 0], [0, 1]], [[2, 3], [2, 2]], [[3, 0], [3, 1]])  # r1c12, r3c43, r4c12
    cages = [{"cells": cells} for cells in (first, backwards, third)]
    text = "Cages of the same shape are clones: they hold the same digits in the same places."
    assert read(text, 4, cages=cages) == {Clone((0, 1), (10, 11)), Clone((0, 1), (12, 13))}
    turned = {"cells": [[1, 3], [2, 3]]}  # r2c4, r3c4: the domino stood up
    message = refused(text, 4, cages=[*cages, turned])
    assert "the cage on r2c4, r3c4 (no sum, and not marked unique) has no meaning" in message
    assert "the cage on r1c1, r1c2" in refused("Shaded shapes of the same form are clones.", 4, cages=cages)
