"""Steps with a variant's rules between two cells (logic/links.py, logic/relations.py).

The links are read from each rule's CP-SAT encoding; here they are checked
against the rule's own `holds` (written from its definition) by brute
force, and the steps against hand-worked positions.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import ClassVar

import pytest

from squiggly_cp.core.puzzle import Puzzle, Unsupported
from squiggly_cp.core.rules import (
    Apart,
    CellMark,
    Clone,
    Dot,
    NoOtherDots,
    Palindrome,
    Rule,
    Thermometer,
    Whispers,
)
from squiggly_cp.core.rules.base import Look, Style
from squiggly_cp.logic import rate
from squiggly_cp.logic.assess import assess
from squiggly_cp.logic.links import cell_links, links_of
from squiggly_cp.logic.potentials import ChainGrid
from squiggly_cp.logic.relations import rule_bans, rule_pairs
from squiggly_cp.logic.state import State
from squiggly_cp.logic.uniqueness import unique_loops

EMPTY4 = Puzzle.standard([0] * 16, 4)
EMPTY9 = Puzzle.standard([0] * 81, 9)


def _pairs_allowed(puzzle: Puzzle, a: int, b: int) -> set[tuple[int, int]]:
    """(x, y) the links between a and b allow, in both directions merged."""
    n = puzzle.size
    allowed = {(x, y) for x in range(1, n + 1) for y in range(1, n + 1)}
    for _, la, lb, table in links_of(puzzle):
        if {la, lb} == {a, b}:
            for x, y in list(allowed):
                here, there = (x, y) if la == a else (y, x)
                if not table[here - 1] >> (there - 1) & 1:
                    allowed.discard((x, y))
    return allowed


@pytest.mark.parametrize(
    "rule",
    [
        Dot("white", (0, 1)),
        Dot("black", (0, 1)),
        Dot("white", (0, 1), 2),
        Dot("x", (0, 1)),
        Dot("v", (0, 1)),
        Whispers((0, 1)),
        Palindrome((0, 10, 1)),
        Clone((0,), (1,)),
        Apart("nonconsecutive"),
    ],
    ids=repr,
)
def test_links_allow_exactly_the_pairs_the_rule_holds_for(rule):
    # Brute force over the two cells' digits, the rest of a grid irrelevant:
    # on 9x9 with r1c1 and r1c2 the cells, `holds` reads only them (and, for
    # non-consecutive, every other neighbour pair, filled to fit).
    puzzle = EMPTY9.with_rules([rule])
    allowed = _pairs_allowed(puzzle, 0, 1)
    for x, y in product(range(1, 10), repeat=2):
        grid = [0] * 81
        grid[0], grid[1] = x, y
        holds = abs(x - y) != 1 if isinstance(rule, Apart) else rule.holds(grid, puzzle)
        assert ((x, y) in allowed) == holds, (rule, x, y)


def test_thermometer_bans_are_the_brute_force_bounds():
    # A 3-cell thermometer on 4x4: every increasing 3-digit run says what each cell can be.
    line = (0, 1, 2)
    puzzle = EMPTY4.with_rules([Thermometer(line)])
    runs = [run for run in product(range(1, 5), repeat=3) if run[0] < run[1] < run[2]]
    state = State.start(puzzle)
    for step in rule_bans(state):
        state.apply(step.placements, step.eliminations)
    for k, cell in enumerate(line):
        possible = {run[k] for run in runs}
        assert {d for d in range(1, 5) if state.cands[cell] >> (d - 1) & 1} == possible


def test_odd_even_bans():
    puzzle = EMPTY4.with_rules([CellMark("odd", 5), CellMark("even", 6)])
    steps = list(rule_bans(State.start(puzzle)))
    assert [(s.technique, s.eliminations) for s in steps] == [
        ("odd/even cell", ((5, 2), (5, 4))),
        ("odd/even cell", ((6, 1), (6, 3))),
    ]
    assert all(s.difficulty == 1.0 for s in steps)


def test_a_placed_neighbour_on_a_white_dot():
    # r1c1 = 4 on 9x9: the white dot leaves r1c2 only 3 or 5 (1.2, the other cell placed).
    puzzle = EMPTY9.with_givens([4] + [0] * 80).with_rules([Dot("white", (0, 1))])
    state = State.start(puzzle)
    steps = [s for s in rule_pairs(state) if s.cells[0] == 1]
    assert len(steps) == 1
    step = steps[0]
    assert step.technique == "kropki dot" and step.difficulty == 1.2
    assert sorted(d for _, d in step.eliminations) == [1, 2, 6, 7, 8, 9]  # 4 already gone (same row)
    assert "r1c2 cannot be 1, 2, 6, 7, 8, 9" in step.text and "r1c1 is 4" in step.text


def test_an_open_neighbour_on_an_x():
    # r1c1 can be only 1 or 2: the X leaves r1c2 only 9 or 8 (1.6).
    masks = [0b11] + [(1 << 9) - 1] * 80
    puzzle = EMPTY9.with_rules([Dot("x", (0, 1))])
    state = State.start(puzzle, masks)
    step = next(s for s in rule_pairs(state) if s.cells[0] == 1)
    assert step.technique == "XV" and step.difficulty == 1.6
    assert sorted(d for _, d in step.eliminations) == [1, 2, 3, 4, 5, 6, 7]


def test_the_negative_constraint_spares_a_dotted_pair():
    puzzle = EMPTY9.with_givens([4] + [0] * 80).with_rules([Dot("white", (0, 1)), NoOtherDots("white")])
    state = State.start(puzzle)
    below = {d for s in rule_pairs(state) if s.cells[0] == 9 for _, d in s.eliminations}
    assert below == {3, 5}  # r2c1 has no dot with r1c1 = 4: not 3, not 5


def test_anti_knight_cells_are_peers():
    # r1c5 = 7: r2c3, r2c7, r3c4 and r3c6 are a knight's move away; r2c3 and r2c7 share no house with it.
    givens = [0] * 81
    givens[4] = 7
    state = State.start(EMPTY9.with_givens(givens).with_rules([Apart("antiknight")]))
    r2c3, r2c7, r4c4 = 11, 15, 30
    assert not state.cands[r2c3] >> 6 & 1 and not state.cands[r2c7] >> 6 & 1
    assert state.cands[r4c4] >> 6 & 1  # neither a knight's move away nor a peer
    assert r2c7 in state.layout.peers[4] and r2c7 not in EMPTY9.layout.peers[4]


def test_chains_follow_rule_links():
    # On -> off through a black dot: r1c1 = 3 turns off r1c2's digits other than 6 (and 3's row peers).
    puzzle = EMPTY9.with_rules([Dot("black", (0, 1))])
    grid = ChainGrid(State.start(puzzle))
    offs = grid.on_to_off(0 << 5 | 2 << 1 | 1, cell_rule=True)
    turned_off_r1c2 = sorted((p >> 1 & 15) + 1 for p in offs if p >> 5 == 1)
    assert turned_off_r1c2 == [1, 2, 3, 4, 5, 7, 8, 9]
    table = dict(cell_links(State.start(puzzle).layout)[1])[0]  # r1c2's digits -> r1c1's
    assert [table[d - 1] for d in (1, 3, 5)] == [0b10, 0b100000, 0]  # 1: 2; 3: 6; 5: none


def test_no_uniqueness_with_rules_between_cells():
    # r1c1, r1c2, r3c1 {1, 2} and r3c2 {1, 2, 3} on a 4x4: two rows, two columns,
    # two boxes, a unique rectangle of type 1 (r3c2 is 3). With a kropki dot
    # elsewhere the swap of 1 and 2 need not keep the rule: no rectangle.
    masks = [0b1111] * 16
    masks[0] = masks[1] = masks[8] = 0b0011
    masks[9] = 0b0111
    plain = State.start(EMPTY4, masks, unique=True)
    ruled = State.start(EMPTY4.with_rules([Dot("white", (14, 15))]), masks, unique=True)
    first = next(unique_loops(plain))
    assert (first.technique, first.eliminations) == ("unique rectangle type 1", ((9, 1), (9, 2)))
    assert list(unique_loops(ruled)) == []


@dataclass(frozen=True)
class _Nowhere(Rule):
    """A rule about no cells that is neither links nor a sum (none of ours is)."""

    kind = "nowhere"
    label = "nowhere rule"
    styles: ClassVar[dict[str, Style]] = {
        "": Style("nowhere rule", "nowhere", Look("whole"), ("nowhere",), "Nowhere.", "nowhere rule")
    }

    def encode(self, enc, board):
        enc.new_bool()


def test_a_rule_about_no_cells_beyond_links_and_sums_is_refused_in_one_line():
    puzzle = EMPTY9.with_rules([_Nowhere()])
    with pytest.raises(Unsupported) as caught:
        links_of(puzzle)
    assert "cannot take the nowhere rule" in str(caught.value) and "\n" not in str(caught.value)


def test_se_exact_says_whose_figures_these_are():
    # A 4x4 with odd/even cells: on the se scale the rule bans come first, rated with our figure.
    grid = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
    givens = [d if i in (0, 7, 10, 13) else 0 for i, d in enumerate(grid)]
    marks = [CellMark("odd" if grid[i] % 2 else "even", i) for i in range(16)]
    se = assess(Puzzle.standard(givens, 4).with_rules(marks), scale="se").rating
    assert se is not None and se.counts["odd/even cell"] >= 1
    assert se.se_exact is False and se.to_json()["se_exact"] is False
    plain = rate(Puzzle.standard([*grid[:15], 0], 4), scale="se")
    assert plain.se_exact is True
    assert "se_exact" not in rate(Puzzle.standard([*grid[:15], 0], 4)).to_json()
