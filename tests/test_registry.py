"""One source per rule kind (core/rules/registry.py): every kind declares what
is said and drawn of each of its styles, and every table that names kinds
is derived from those declarations, so a kind cannot be missing from one.

* Each `Style` has every field, in the form its users read.
* Every rule the rule tests make (tests/rule_defs.py's styles) has a declared
  style, a logic step name with a score, a rules sentence, an f-puzzles order.
* The drawing tables, the f-puzzles keys, the SudokuPad flags, the logic's
  step names and the workbench's tools are exactly what the styles declare;
  the workbench's script names no line kind itself.
* Where a style is offered (its ``sizes``) agrees with CP-SAT on blank grids.
* What a style's sentence asserts (``says``) is read from its own sentence as
  that style alone, with the number it holds, and from no other style's.
"""

from __future__ import annotations

import random
import re
from importlib import resources

import pytest

from rule_defs import STYLES
from squiggly_cp.core.puzzle import MAX_SIZE, MIN_SIZE, Puzzle, PuzzleError, Verdict
from squiggly_cp.core.rules import RULES, Dot, Windoku
from squiggly_cp.core.rules.registry import LOOK_UNIT, grid_rules, line_kinds, line_looks
from squiggly_cp.draw.rules import LINE_LOOKS
from squiggly_cp.engines.cpsat import solve
from squiggly_cp.formats import fpuzzles_rules, sudokupad_draw, sudokupad_rules
from squiggly_cp.formats.sudokupad_text import asserted
from squiggly_cp.logic.links import RULE_STEP_NAMES, step_name
from squiggly_cp.logic.rating import SCORES
from squiggly_cp.web.page import tool_table
from test_rules import make_puzzle

ELEMENTS = {
    "path",
    "arrow",
    "cage",
    "edge",
    "cell",
    "outside",
    "corner",
    "shade",
    "diagonal",
    "whole",
    "regions",
}
DRAWN_BY_HAND = {"cage", "path", "arrow", "edge", "cell"}
"""Looks a setter draws cell by cell: the workbench has a tool for each."""

ALL = [(kind, key, style) for kind in RULES.values() for key, style in kind.styles.items()]


@pytest.mark.parametrize(("kind", "key", "style"), ALL, ids=[f"{k.kind}:{key}" for k, key, _ in ALL])
def test_every_style_declares_every_field(kind, key, style):
    assert style.label and style.fpuzzles and style.sentence and style.step
    assert style.phrases and all(p == p.lower().strip() and p for p in style.phrases)
    assert style.sentence.endswith(".") and style.sentence[0].isupper()
    style.sentence.format(n=9, gap=5, total=10)  # only the fields the rules text fills
    assert style.look.element in ELEMENTS
    if style.look.element in ("path", "arrow"):
        assert re.fullmatch("#[0-9A-F]{6}", style.look.colour) and 0 < style.look.thickness <= LOOK_UNIT
    if style.look.element in DRAWN_BY_HAND:
        assert style.tool is not None and style.tool.id and style.tool.label
    assert any(style.sizes.allows(n) for n in range(MIN_SIZE, MAX_SIZE + 1))
    for pattern in style.says:
        plain = re.sub(r"\\[A-Z]|\(\?P", "", pattern)  # a sentence is read lower-case
        assert plain == plain.lower()
        # A captured number is the one the kind's f-puzzles value holds (a gap, a total).
        numbers = {kind.fpuzzles_value} if kind.fpuzzles_value else set()
        assert set(re.compile(pattern).groupindex) <= numbers


@pytest.mark.parametrize(("kind", "key", "style"), ALL, ids=[f"{k.kind}:{key}" for k, key, _ in ALL])
def test_a_style_s_own_sentence_asserts_it_alone(kind, key, style):
    """Each style's sentence, read by every style's ``says``, asserts that
    style (with the gap or total written in it) or nothing (a style known by
    name alone): no pattern claims another kind's sentence."""
    said = asserted(style.sentence.format(n=9, gap=3, total=12))
    assert {(k, key_) for k, key_, _, _ in said} == ({(kind.kind, key)} if style.says else set())
    number = {"{gap}": 3, "{total}": 12}
    expected = next((v for field, v in number.items() if field in style.sentence), None)
    assert all(value == expected for _, _, value, _ in said)


def test_tool_ids_and_f_puzzles_keys_name_one_style_each():
    tools = [style.tool.id for _, _, style in ALL if style.tool is not None]
    assert len(tools) == len(set(tools))
    # One key, one kind (X and V share xv, the three negatives share negative; windoku is extra regions).
    kinds: dict[str, set[str]] = {}
    for kind, _, style in ALL:
        kinds.setdefault(style.fpuzzles, set()).add(kind.kind)
    assert {key: names for key, names in kinds.items() if len(names) > 1} == {
        "extraregion": {"extraregion", "windoku"}
    }


def _made_rules():
    """Every rule the rule tests draw, one puzzle per style (windoku on 9x9)."""
    rnd = random.Random(55)
    for style in STYLES:
        puzzle, _ = make_puzzle([style], 6, rnd, 0)
        yield from ((rule, puzzle.size) for rule in puzzle.rules)
    yield Windoku(), 9


def test_every_rule_made_has_its_style_a_step_name_a_sentence_and_an_order():
    seen = set()
    for rule, n in _made_rules():
        style = rule.traits
        seen.add((rule.kind, rule.variety()))
        assert step_name(rule) == style.step and style.step in SCORES and style.step in RULE_STEP_NAMES
        puzzle = Puzzle(n, (0,) * n * n, tuple(r for r in range(n) for _ in range(n)), rules=(rule,))
        text = sudokupad_draw.rules_text(puzzle) or ""
        assert text.splitlines()[1:] == [sudokupad_draw._sentence(rule, n)]
        assert fpuzzles_rules.fpuzzles_order([rule]) == (rule,)
    # The rule tests reach every style of every kind.
    assert seen == {(kind.kind, key) for kind, key, _ in ALL}


def test_the_tables_are_the_declarations():
    lines = {kind.kind: style.look for kind, _, style in ALL if style.look.element in ("path", "arrow")}
    assert line_looks() == lines
    assert {k: v[0] for k, v in LINE_LOOKS.items()} == {k: look.colour.lower() for k, look in lines.items()}
    assert {k: (look.colour, look.thickness) for k, look in lines.items()} == sudokupad_draw._LINES
    assert line_kinds() == {s.fpuzzles: k for k, _, s in ALL if s.look.element == "path"}
    assert line_kinds() == fpuzzles_rules.LINES
    assert set(fpuzzles_rules.ORDER) == set(RULES) and fpuzzles_rules.ORDER[0] == "noregion"
    flags = {
        s.fpuzzles for _, _, s in ALL if s.look.element in ("whole", "diagonal") and s.fpuzzles != "negative"
    }
    assert set(grid_rules()) == flags
    assert set(sudokupad_rules.FLAGS) == {s.fpuzzles for _, _, s in ALL if s.look.element == "whole"} - {
        "negative"
    }
    assert all(rule.traits.fpuzzles == key for key, rule in grid_rules().items())
    assert set(RULE_STEP_NAMES) == {s.step for _, _, s in ALL}


def test_the_workbench_tools_are_the_declared_ones():
    table = tool_table()
    declared = [(k.kind, s) for k, _, s in ALL if s.tool is not None]
    assert [(t["id"], t["label"], t["kind"], t["key"]) for t in table] == [
        (s.tool.id, s.tool.label, kind, s.fpuzzles) for kind, s in declared
    ]
    # The page's script takes its tools from that table: no line kind's key is written in it.
    script = resources.files("squiggly_cp.web").joinpath("tools.js").read_text(encoding="utf-8")
    for key in line_kinds():
        assert f'"{key}"' not in script, key


@pytest.mark.parametrize("style", ["x", "v"])
def test_where_a_dot_is_offered_is_where_it_can_hold(style):
    # An X or a V on a blank grid: offered exactly on the sizes where CP-SAT finds it a solution.
    for n in range(MIN_SIZE, 8):
        blank = Puzzle(n, (0,) * n * n, tuple(r for r in range(n) for _ in range(n)), rules=())
        try:
            puzzle = blank.with_rules((Dot(style, (0, 1)),))
            holds = solve(puzzle).verdict is not Verdict.NONE
        except PuzzleError:  # refused as it cannot hold (issue 55 makes this a verdict)
            holds = False
        assert Dot.styles[style].sizes.allows(n) is holds, n
