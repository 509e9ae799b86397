"""Editing a variant's rules on the workbench (issue 41, part 1) in Chromium
against the real server, with test_workbench_page.py's `Bench`: every rule
drawn is selected and deleted whatever its kind (loaded rules no tool
draws), an arrow gets a bulb of two cells, "Fill layout" keeps the rules and
"New blank" asks before it wipes. What the page says is checked against the
commands on its exported f-puzzles link.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from playwright.sync_api import expect

from conftest import invoke_cli
from squiggly_cp.core.puzzle import Puzzle
from squiggly_cp.core.rules import (
    Arrow,
    Clone,
    Diagonal,
    ExtraRegion,
    LittleKiller,
    NoOtherDots,
    Quadruple,
    Sandwich,
)
from squiggly_cp.engines.registry import classify
from squiggly_cp.formats.detect import read_puzzles, write_puzzles
from squiggly_cp.formats.fpuzzles import read_fpuzzles
from squiggly_cp.formats.fpuzzles_rules import fpuzzles_order, read_rules
from squiggly_cp.logic import rate
from squiggly_cp.make.targets import level_range
from squiggly_cp.web.answers import BadRequest, generate_answer, read
from test_generate import check_rule_claims
from test_workbench_page import (  # noqa: F401 (fixtures)
    Bench,
    _file,
    bench_at,
    cell_name,
)
from test_workbench_tools import BLANK, BOXES, DIAGONAL_FIXES, cli_answers, drawn, tool

# Several solutions; the little killer 5 at r2c0 (r3c1 + r4c2) makes it unique.
LITTLE_KILLER = DIAGONAL_FIXES.with_rules((LittleKiller((2, 0), "DR", 5),))
# One rule of each kind no tool draws, on cells apart (the verdict does not matter here).
NO_TOOL = Puzzle(4, (0,) * 16, BOXES).with_rules(
    (
        LittleKiller((0, 1), "DR", 3),
        Sandwich("row", 4, 0),
        Clone((0,), (15,)),
        Quadruple((5, 6, 9, 10), (1,)),
        Diagonal("+"),
        ExtraRegion((2, 3, 6, 7)),
        NoOtherDots("xv"),
    )
)
SIX = Puzzle(6, (0,) * 36, tuple((r // 2) * 2 + c // 3 for r in range(6) for c in range(6)))


def link_of(puzzle: Puzzle) -> str:
    return write_puzzles([puzzle], "fpuzzles").strip()


def solved(tmp_path: Path, link: str) -> dict:
    """`solve --json` of the page's exported link."""
    return json.loads(invoke_cli("solve", "--json", _file(tmp_path, link + "\n", "link.txt")).stdout)


def exported_rules(bench: Bench) -> Puzzle:
    """The puzzle the page's f-puzzles link holds."""
    link = bench.attr("export-fpuzzles", "href") or ""
    assert link, bench.tab.locator("[data-role=export-fpuzzles]").get_attribute("title")
    (puzzle,) = read_fpuzzles(link)
    assert isinstance(puzzle, Puzzle), puzzle
    return puzzle


def click_at(bench: Bench, selector: str) -> None:
    """Click the middle of what ``selector`` draws (a clue outside the grid included)."""
    box = bench.tab.locator(selector).first.bounding_box()
    assert box, selector
    bench.tab.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def drawn_now(bench: Bench, count: int) -> None:
    """Wait until the board draws ``count`` rules."""
    expect(bench.tab.locator("#rules-layer > g[data-rule]")).to_have_count(count)


def pressed(bench: Bench) -> dict[str, str]:
    """Each tool's and toggle's aria-pressed."""
    return bench.tab.eval_on_selector_all(
        "[data-role=tool]",
        "bs => Object.fromEntries(bs.map(b => [b.dataset.tool, b.getAttribute('aria-pressed')]))",
    )


def selected(bench: Bench) -> list[str]:
    return bench.tab.eval_on_selector_all(
        "#rules-layer [data-selected]", "gs => gs.map(g => g.getAttribute('data-rule'))"
    )


def test_a_loaded_little_killer_is_selected_by_its_clue_and_deleted(bench_at, tmp_path):  # noqa: F811
    bench = bench_at()
    bench.load(link_of(LITTLE_KILLER))
    assert drawn(bench) == [["littlekiller", "r3c1 r4c2"]] and bench.verdict() == "unique"
    tool(bench, "select")
    click_at(bench, "#rules-layer [data-rule=littlekiller] text")  # its clue, left of the grid
    assert selected(bench) == ["littlekiller"]
    assert "little killer 5" in bench.text("rule-selected")
    bench.tab.keyboard.press("Delete")
    bench.tab.click("[data-role=candidates]")
    bench.idle()
    assert drawn(bench) == [] and not exported_rules(bench).rules
    verdict, fields = cli_answers(tmp_path, bench.attr("export-fpuzzles", "href") or "")
    assert bench.verdict() == verdict == "multiple"
    shown = bench.cells()
    givens = LITTLE_KILLER.givens
    assert [shown[cell_name(i, 4)]["candidates"] for i in range(16)] == [
        "" if givens[i] else field for i, field in enumerate(fields)
    ]
    bench.tab.click("[data-role=undo]")
    bench.idle()
    assert drawn(bench) == [["littlekiller", "r3c1 r4c2"]] and bench.verdict() == "unique"
    assert exported_rules(bench).rules == LITTLE_KILLER.rules
    assert not bench.errors


def test_every_rule_no_tool_draws_is_selected_and_deleted(bench_at):  # noqa: F811
    bench = bench_at()
    bench.load(link_of(NO_TOOL))
    kinds = ["littlekiller", "sandwich", "negative", "clone", "quadruple", "diagonal", "extraregion"]
    assert sorted(kind for kind, _ in drawn(bench)) == sorted(kinds)
    # The global ones show their toggles on (and switch off: the last, below).
    assert {key: pressed(bench).get(key) for key in ("diagonal+", "negative-xv")} == {
        "diagonal+": "true", "negative-xv": "true"
    }
    tool(bench, "select")
    clicks = [
        ("littlekiller", "#rules-layer [data-rule=littlekiller] text"),
        ("sandwich", "#rules-layer [data-rule=sandwich] text"),
        ("clone", "[data-cell=r1c1]"),
        ("quadruple", "[data-cell=r2c2]"),
        ("extraregion", "[data-cell=r2c4]"),
        ("diagonal", "[data-cell=r4c1]"),
    ]
    for kind, where in clicks:
        click_at(bench, where)
        assert selected(bench) == [kind], kind
        bench.tab.click("[data-role=delete-rule]")
        kinds.remove(kind)
        drawn_now(bench, len(kinds))  # the next is selected on this drawing, with no wait for the check
        assert sorted(k for k, _ in drawn(bench)) == sorted(kinds), kind
    bench.idle()
    assert pressed(bench)["diagonal+"] == "false"
    bench.tab.click("[data-tool='negative-xv']")  # the one left: a rule of no cells, by its toggle
    bench.idle()
    assert pressed(bench)["negative-xv"] == "false"
    assert drawn(bench) == []
    assert not exported_rules(bench).rules
    assert not bench.errors


def test_an_arrow_gets_a_bulb_of_two_cells(bench_at, tmp_path):  # noqa: F811
    bench = bench_at(SIX)
    tool(bench, "arrow")
    bench.tab.keyboard.down("Shift")
    bench.drag("r1c2", "r1c1")  # the bulb: r1c2 the tens, r1c1 the units
    bench.tab.keyboard.up("Shift")
    assert bench.tab.locator("#tools-layer .bulb-pending").count() == 2
    assert "Bulb r1c2 r1c1" in bench.text("rule-selected")
    bench.drag("r1c1", "r4c1")  # the line, from the bulb
    bench.idle()
    assert drawn(bench) == [["arrow", "r1c2 r1c1 r2c1 r3c1 r4c1"]]
    assert "the arrow r1c2-r1c1->r2c1-r3c1-r4c1" in bench.text("rules-list")
    (arrow,) = exported_rules(bench).rules
    assert (arrow.bulb, arrow.line) == ((1, 0), (6, 12, 18))
    told = solved(tmp_path, bench.attr("export-fpuzzles", "href") or "")
    assert bench.verdict() == told["verdict"] == "multiple"
    bench.drag("r6c6", "r6c4")  # no bulb waiting: an arrow of one cell, as before
    bench.tab.click("[data-role=arrow-bulb]")  # on a touch screen: the button, then a drag
    bench.drag("r5c5", "r5c6")
    bench.drag("r5c6", "r4c6")
    bench.idle()
    assert ["arrow", "r6c6 r6c5 r6c4"] in drawn(bench) and ["arrow", "r5c5 r5c6 r4c6"] in drawn(bench)
    tool(bench, "select")  # the two-cell bulb's arrow is selected and deleted as any other
    bench.cell("r1c2")
    assert selected(bench) == ["arrow"]
    bench.tab.keyboard.press("Delete")
    bench.idle()
    assert drawn(bench) == [["arrow", "r6c6 r6c5 r6c4"], ["arrow", "r5c5 r5c6 r4c6"]]
    assert "Shift-drag" in (bench.tab.locator("#help").text_content() or "")  # the gesture is told
    assert not bench.errors


def test_fill_layout_keeps_the_rules_and_says_when_they_cannot_stand(bench_at, tmp_path):  # noqa: F811
    bench = bench_at(BLANK)
    tool(bench, "cage")
    bench.drag("r1c1", "r1c2")
    bench.tab.keyboard.type("3")
    bench.tab.fill("[data-role=seed]", "5")
    bench.tab.click("[data-role=generate]")
    bench.idle()
    assert "Made with seed 5" in bench.text("make-status")
    assert drawn(bench) == [["killer", "r1c1 r1c2"]]
    made = bench.attr("export-fpuzzles", "href") or ""
    assert bench.verdict() == solved(tmp_path, made)["verdict"] == "unique"
    assert "killercage" in unquote(bench.tab.evaluate("location.hash"))
    # To a difficulty (on SE's scale, the page's default), rated with the rules.
    bench.tab.select_option("[data-role=difficulty]", "easy")
    bench.tab.fill("[data-role=seed]", "6")
    bench.tab.click("[data-role=generate]")
    bench.idle()
    assert "Made with seed 6" in bench.text("make-status") and drawn(bench) == [["killer", "r1c1 r1c2"]]
    link = _file(tmp_path, (bench.attr("export-fpuzzles", "href") or "") + "\n", "easy.txt")
    (row,) = map(json.loads, invoke_cli("rate", "--json", "--scale", "se", link).stdout.splitlines())
    assert row["verdict"] == "unique" and row["rating"] <= level_range("easy")[1]
    bench.tab.select_option("[data-role=difficulty]", "")
    # Rules the layout cannot keep (1 and 2 in the cage, 1234 on a thermo in the same box): said, kept.
    tool(bench, "thermo")
    bench.drag("r2c1", "r2c4")
    bench.idle()
    before = drawn(bench)
    bench.tab.click("[data-role=generate]")
    bench.idle()
    assert "no completed grid keeping its rules" in bench.text("make-status")
    assert drawn(bench) == before and len(before) == 2
    assert all("status of 400" in error for error in bench.errors)  # the two refusals said above


def test_new_blank_asks_before_it_wipes_and_is_undone(bench_at):  # noqa: F811
    bench = bench_at(DIAGONAL_FIXES)
    asked: list[str] = []
    answer = {"accept": False}

    def on_dialog(dialog) -> None:
        asked.append(dialog.message)
        dialog.accept() if answer["accept"] else dialog.dismiss()

    bench.tab.on("dialog", on_dialog)
    bench.tab.click("[data-role=new]")
    bench.idle()
    assert len(asked) == 1 and "Start a blank 4x4 grid?" in asked[0]
    assert bench.shows(DIAGONAL_FIXES)  # kept
    answer["accept"] = True
    bench.tab.click("[data-role=new]")
    bench.idle()
    assert len(asked) == 2 and bench.shows(BLANK)
    bench.tab.click("[data-role=new]")  # a blank grid: nothing to lose, no question
    bench.idle()
    assert len(asked) == 2
    bench.tab.click("[data-role=undo]")
    bench.idle()
    assert bench.shows(DIAGONAL_FIXES)
    assert not bench.errors


# The server's side, called as its workers call it (`web.answers`): quick, no browser.


def test_read_gives_each_rule_the_keys_the_others_are_read_back_from():
    """The page deletes the k-th rule drawn by sending the others' keys: they read back as the others."""
    for puzzle in (NO_TOOL, LITTLE_KILLER, SIX.with_rules((Arrow((1, 0), (6, 12)), NoOtherDots("white")))):
        listed, rules = read({"puzzle": link_of(puzzle)}, 10)["rules"], fpuzzles_order(puzzle.rules)
        assert [item["kind"] for item in listed] == [rule.kind for rule in rules]
        for k in range(len(listed)):
            keys: dict[str, Any] = {}
            for item in listed[:k] + listed[k + 1 :]:
                for key, entry in item["keys"]:
                    if entry is True:
                        keys[key] = True
                    else:
                        keys.setdefault(key, []).append(entry)
            assert read_rules(keys, puzzle.size) == rules[:k] + rules[k + 1 :]


def test_generate_keeps_the_rules_or_says_why_it_cannot():
    cage = {"killercage": [{"cells": ["R1C1", "R1C2"], "value": "3"}]}
    made = generate_answer({"size": 4, "seed": 3, "rules": cage}, 10)
    (puzzle,) = read_puzzles(made["puzzle"])
    assert isinstance(puzzle, Puzzle) and not puzzle.rules
    assert classify(puzzle.with_rules(read_rules(cage, 4))).verdict.value == made["verdict"] == "unique"
    (whole,) = read_puzzles(made["link"])  # the f-puzzles link holds the rules too
    assert whole == puzzle.with_rules(read_rules(cage, 4))
    assert "link" not in generate_answer({"size": 4, "seed": 3}, 10)
    # To a level, rated with the rules (no time limit: the same puzzle on any machine).
    rated = generate_answer({"size": 6, "seed": 2, "rules": cage, "difficulty": "medium"}, None)
    (whole,) = read_puzzles(rated["link"])
    assert isinstance(whole, Puzzle) and whole.rules == read_rules(cage, 6)
    check_rule_claims(whole, "unique")  # by brute force
    assert rate(whole).level == "medium"
    refusals = [
        ({}, {"killercage": [{"cells": ["R1C1", "R9C2"]}]}, 'rules: killer cage 1: "R9C2" is not a cell'),
        ({}, {"killercage": [{"cells": ["R1C1", "R1C2"], "value": "8"}]},
         r"rules: no completed grid keeps the rules: the killer cage r1c1-r1c2 \(sum 8\) cannot hold: no 2"),
        ({"regions": list(BOXES)}, {**cage, "thermometer": [{"lines": [["R2C1", "R2C2", "R2C3", "R2C4"]]}]},
         "no completed grid keeping its rules"),
    ]  # fmt: skip
    for extra, rules, said in refusals:
        with pytest.raises(BadRequest, match=said):
            generate_answer({"size": 4, "seed": 3, "rules": rules, **extra}, 10)


def test_a_bulb_of_two_cells_is_drawn_as_one_outline():
    """As SudokuPad draws it: one rounded outline round both cells, not two circles."""
    puzzle = SIX.with_rules((Arrow((1, 0), (6, 12)), Arrow((35,), (34,))))
    drawing = read({"puzzle": link_of(puzzle)}, 10)["rules_svg"]
    long_arrow, short_arrow = drawing.split("</g>")[:2]
    assert long_arrow.count("<path") == 1 and "<circle" not in long_arrow
    assert short_arrow.count("<circle") == 1
