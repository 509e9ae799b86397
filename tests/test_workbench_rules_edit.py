"""Editing a variant's rules on the workbench (issue 41, part 1) in Chromium
against the real server, with test_workbench_page.py's `Bench`: every rule
drawn is selected and deleted whatever its kind (loaded rules no tool
draws), an arrow gets a bulb of two cells, "Fill layout" keeps the rules and
"New blank" asks before it wipes. What the page says is checked against the
commands on its exported f-puzzles link.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))


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
from squiggly_cp.formats.fpuzzles_rules import fpuzzles_order, read_rules
from squiggly_cp.web.answers import BadRequest, generate_answer, read
from test_workbench_page import (  # noqa: F401 (fixtures)
    Bench,
    _file,
    bench_at,
    browser,
    cell_name,
)
from test_workbench_tools import BOXES, DIAGONAL_FIXES

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
    refusals = [
        ({"difficulty": "easy"}, cage, "not built for puzzles with rules"),
        ({}, {"killercage": [{"cells": ["R1C1", "R9C2"]}]}, 'rules: killer cage 1: "R9C2" is not a cell'),
        ({"regions": list(BOXES)}, {**cage, "thermometer": [{"lines": [["R2C1", "R2C2", "R2C3", "R2C4"]]}]},
         "no completed grid keeping its rules"),
    ]  # fmt: skip
    for extra, rules, said in refusals:
        with pytest.raises(BadRequest, match=said):
            generate_answer({"size": 4, "seed": 3, "rules": rules, **extra}, 10)
