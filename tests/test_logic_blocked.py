"""The rule against its houses (logic/blocked.py).

A rule's fillings are checked against brute force (every digit tuple from
the candidates, cells that see each other apart, the rule's own check), the
step against hand-worked positions, and every such step on the stored rule
puzzles' paths against their solutions.
"""

from __future__ import annotations

import functools
import itertools
import random

from logic_check import load_rules
from squiggly_cp.core.puzzle import Puzzle
from squiggly_cp.core.rules import Apart, Arrow, Dot, EntropicLine, KillerCage, Renban, Rule, Thermometer
from squiggly_cp.logic.blocked import Unit, fillings, rule_blocks, rule_links_now, rule_ons_now, units
from squiggly_cp.logic.links import cell_links, logic_layout
from squiggly_cp.logic.potentials import pot
from squiggly_cp.logic.solver import solve_logic
from squiggly_cp.logic.state import State, digits_of
from squiggly_cp.logic.step import Step

EMPTY9 = Puzzle.standard([0] * 81, 9)
EMPTY4 = Puzzle.standard([0] * 16, 4)


def _unit(puzzle: Puzzle) -> Unit:
    [unit] = units(logic_layout(puzzle))
    return unit


def _brute(
    puzzle: Puzzle, rule: Rule, cells: tuple[int, ...], masks: tuple[int, ...], houses: bool = True
) -> set[tuple]:
    peers = puzzle.layout.peer_sets if houses else [frozenset()] * puzzle.size**2
    out = set()
    for digits in itertools.product(*(digits_of(m) for m in masks)):
        if any(
            digits[i] == digits[j] and cells[j] in peers[cells[i]]
            for i in range(len(cells))
            for j in range(i)
        ):
            continue
        grid = [0] * puzzle.size**2
        for c, d in zip(cells, digits, strict=True):
            grid[c] = d
        if rule.holds(grid, puzzle):
            out.add(digits)
    return out


def test_fillings_are_the_brute_force_ones():
    rng = random.Random(11)
    rules: list[Rule] = [
        KillerCage((0, 1, 10), 12),
        KillerCage((3, 4), 9),
        Arrow((20,), (21, 31, 41)),  # bends out of box 1 into box 5
        Arrow((0, 1), (2, 11)),  # a two-cell bulb
        Thermometer((40, 41, 50, 59)),
        Renban((60, 61, 70)),
        Dot("black", (5, 6)),
        Dot("x", (7, 16)),
    ]
    checked = 0
    for _ in range(40):
        for rule in rules:
            puzzle = EMPTY9.with_rules([rule])
            unit = _unit(puzzle)
            masks = tuple(rng.randint(1, 511) | rng.randint(1, 511) for _ in unit.cells)
            found = fillings(unit, masks, logic_layout(puzzle))
            assert found is not None
            assert set(found) == _brute(puzzle, rule, unit.cells, masks), rule
            checked += len(found)
    assert checked > 1000


def test_fillings_by_the_rule_alone_are_the_brute_force_ones():
    # Without the houses: digits may repeat where cells see each other, unless the rule forbids it.
    rng = random.Random(12)
    rules: list[Rule] = [
        KillerCage((0, 1, 10), 12),
        Arrow((20,), (21, 31, 41)),
        Thermometer((40, 41, 50)),
        Dot("white", (5, 6)),
        EntropicLine((60, 61, 62, 71)),
    ]
    repeats = 0
    for _ in range(15):
        for rule in rules:
            puzzle = EMPTY9.with_rules([rule])
            unit = _unit(puzzle)
            masks = tuple(rng.randint(1, 511) | rng.randint(1, 511) for _ in unit.cells)
            found = fillings(unit, masks, logic_layout(puzzle), houses=False)
            assert found is not None
            assert set(found) == _brute(puzzle, rule, unit.cells, masks, houses=False), rule
            repeats += sum(len(set(f)) < len(f) for f in found)
    assert repeats > 0


def test_a_cage_that_would_empty_a_cell_loses_that_combination():
    # 4x4, cage r1c1+r1c2 = 5: {1,4} or {2,3}; r1c3 holds only 1 or 4, so
    # {1,4} in the cage would leave it nothing.
    puzzle = EMPTY4.with_rules([KillerCage((0, 1), 5)])
    cands = [0b1111] * 16
    cands[2] = 0b1001
    state = State.start(puzzle, cands)
    [step] = list(rule_blocks(state))
    assert step.technique == "rule against its houses"
    assert set(step.eliminations) >= {(0, 1), (0, 4), (1, 1), (1, 4)}
    assert "r1c3 no digit" in step.text
    assert "its digits are {2,3}" in step.text
    # every filling left puts 2 and 3 in row 1 and box 1: r1c4, r2c1, r2c2 lose them
    assert {(3, 2), (3, 3), (4, 2), (4, 3), (5, 2), (5, 3)} <= set(step.eliminations)


def test_a_thermometer_that_would_leave_a_house_no_place_for_a_digit():
    # 4x4 thermometer r1c1 < r1c2 in box 1, whose other cells r2c1, r2c2
    # cannot hold 4: a filling without 4 leaves box 1 no place for it, and
    # r1c1 < r1c2 puts it in r1c2: r1c2 = 4 (1-4, 2-4, 3-4 are left).
    puzzle = EMPTY4.with_rules([Thermometer((0, 1))])
    cands = [0b1111] * 16
    cands[4] = cands[5] = 0b0111
    state = State.start(puzzle, cands)
    [step] = list(rule_blocks(state))
    # r1c2 <> 1, 2, 3; r1c1 <> 4; and 4, in r1c2 in every filling left,
    # leaves row 1 (r1c3, r1c4) and column 2 (r3c2, r4c2)
    assert set(step.eliminations) == {(1, 1), (1, 2), (1, 3), (0, 4), (2, 4), (3, 4), (9, 4), (13, 4)}
    assert "region 1 no place for 4" in step.text


def test_no_step_when_every_filling_fits():
    puzzle = EMPTY4.with_rules([KillerCage((0, 1), 5)])
    assert list(rule_blocks(State.start(puzzle))) == []


def test_on_jigsaw_regions_the_houses_are_the_regions():
    # region 0 is r1c1, r1c2, r1c3, r2c1: r2c1 sees the cage r1c2-r1c3 through
    # it alone (on boxes it would not see r1c3), so {1,4} would empty it.
    labels = (0, 0, 0, 1, 0, 2, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3)
    puzzle = Puzzle(4, (0,) * 16, labels).with_rules([KillerCage((1, 2), 5)])
    cands = [0b1111] * 16
    cands[4] = 0b1001
    [step] = list(rule_blocks(State.start(puzzle, cands)))
    assert "r2c1 no digit" in step.text
    assert {(1, 1), (1, 4), (2, 1), (2, 4)} <= set(step.eliminations)
    boxes = EMPTY4.with_rules([KillerCage((1, 2), 5)])
    assert list(rule_blocks(State.start(boxes, cands))) == []


@functools.cache
def _small_paths() -> list[tuple[str, Puzzle, tuple[int, ...], list[Step]]]:
    """The stored rule puzzles up to 6x6, each with its solution and its logic
    path's steps (made once a module: three tests below walk them)."""
    return [
        (kind, puzzle, solution, solve_logic(puzzle, unique=True).steps)
        for kind, puzzle, solution in load_rules()
        if puzzle.size <= 6
    ]


def test_every_step_on_the_stored_rule_puzzles_keeps_the_solution():
    used = 0
    for kind, _, solution, steps in _small_paths():
        for step in steps:
            if step.technique == "rule against its houses":
                used += 1
                assert all(solution[c] != d for c, d in step.eliminations), (kind, step.text)
    assert used > 0


def _along(puzzle: Puzzle, steps: list[Step], every: int):
    """The grids along the puzzle's logic path ``steps``, one every ``every`` steps."""
    state = State.start(puzzle)
    for k, step in enumerate(steps):
        if k % every == 0:
            yield state.copy()
        state.apply(step.placements, step.eliminations)


def test_chain_links_from_sums_hold_in_the_solutions():
    """What `rule_links_now` says of two cells of a sum or a rule read whole
    holds in the solution, on grids part way along each stored path."""
    checked = 0
    for kind, puzzle, solution, steps in _small_paths():
        if kind not in ("killer", "arrow", "renban", "little-killer", "between"):
            continue
        for state in _along(puzzle, steps, 4):
            links = rule_links_now(state)
            if links is None:
                continue
            for a, pairs in enumerate(links):
                for b, table in pairs:
                    assert table[solution[a] - 1] >> (solution[b] - 1) & 1, (kind, a, b)
                    checked += 1
    assert checked > 500


def test_a_cage_tells_a_chain_which_digits_go_together():
    # 4x4 cage r1c1+r2c2 = 5 (they share box 1): 1 there puts 4 in the other.
    puzzle = EMPTY4.with_rules([KillerCage((0, 5), 5)])
    links = rule_links_now(State.start(puzzle))
    assert links is not None
    [table] = [t for b, t in links[0] if b == 5]
    assert table[0] == 0b1000 and table[1] == 0b0100  # 1 -> 4, 2 -> 3


def test_two_dots_on_one_cell_are_read_together():
    # White dots r4c2-r4c3 and r4c3-r4c4 in one row: r4c3 = 3 would need 2 on
    # both sides (r4c2 and r4c4 hold 2, 5, 6 and 2, 7, 8), twice in row 4.
    # Each dot alone allows it. Left: 5-6-7 and 6-7-8, so 6 and 7 are in
    # row 4's three cells in every filling (worked by hand).
    puzzle = EMPTY9.with_rules([Dot("white", (28, 29)), Dot("white", (29, 30))])
    cands = [511] * 81
    cands[28], cands[29], cands[30] = 0b000110010, 0b001100100, 0b011000010
    steps = [s for s in rule_blocks(State.start(puzzle, cands)) if len(s.cells) == 3]
    assert steps, "no step with the two dots"
    elims = set(steps[0].eliminations)
    assert {(29, 3), (28, 2), (30, 2)} <= elims
    assert {(35, 6), (35, 7)} <= elims  # r4c9
    assert "cells that see each other differ" in steps[0].text


def test_a_rule_s_own_links_say_so_when_they_alone_remove_digits():
    # Entropic line r1c1-r1c2-r1c3, r1c1 in {1,4} (low, middle) and r1c2 in
    # {2,5} (low, middle): r1c3 must be the high third, 7-9. Its links are
    # pairwise (different thirds), so no one link says it: the three together
    # do, and no cell seeing another is why (worked by hand).
    cands = [511] * 81
    cands[0], cands[1] = 0b1001, 0b10010
    three = EMPTY9.with_rules([EntropicLine((0, 1, 2))])
    [step] = list(rule_blocks(State.start(three, cands)))
    assert set(step.eliminations) == {(2, d) for d in range(1, 7)}
    assert "no filling of its cells keeps the rule with these digits" in step.text
    assert "see each other" not in step.text
    # On r1c1-...-r1c4, r1c4 takes r1c1's third: 7-9 go by the rule alone,
    # and 1 or 4 because r1c1 holds one of them in the same row (the fillings
    # left are 1-5-7..9-2,3 and 4-2-7..9-5,6).
    four = EMPTY9.with_rules([EntropicLine((0, 1, 2, 3))])
    [step] = list(rule_blocks(State.start(four, cands)))
    assert set(step.eliminations) == {(2, d) for d in range(1, 7)} | {(3, d) for d in (1, 4, 7, 8, 9)}
    assert (
        ": by the rule alone r1c3 <> 1, 2, 3, 4, 5, 6; r1c4 <> 7, 8, 9, and cells that see each other differ"
        in step.text
    )


def test_a_rule_link_ties_a_cell_outside_as_seeing_does():
    # Cage r1c3+r1c4 = 3 is {1,2}. r2c5 is a knight's move from r1c3 and in
    # box 2 with r1c4: with anti-knight it sees both digits' places, and
    # loses 1 and 2; without, it sees r1c4 only and keeps them.
    cage = KillerCage((2, 3), 3)
    knight = EMPTY9.with_rules([cage, Apart("antiknight")])
    steps = list(rule_blocks(State.start(knight)))
    assert any({(13, 1), (13, 2)} <= set(s.eliminations) for s in steps)
    plain = EMPTY9.with_rules([cage])
    assert not any((13, 1) in s.eliminations for s in rule_blocks(State.start(plain)))


def test_a_cage_gives_the_chains_strong_links():
    # Cage r1c1+r1c2+r1c3 = 6 is {1,2,3}; r1c3 holds 2 or 3, so 1 is in r1c1
    # or r1c2: r1c1 <> 1 turns r1c2 = 1 on (row 1's other cells may hold 1:
    # no house gives this link).
    puzzle = EMPTY9.with_rules([KillerCage((0, 1, 2), 6)])
    cands = [511] * 81
    cands[0] = cands[1] = 0b111
    cands[2] = 0b110
    ons = rule_ons_now(State.start(puzzle, cands))
    assert ons is not None
    assert pot(1, 0, 1) in ons[pot(0, 0, 0)]  # r1c1 <> 1 -> r1c2 = 1
    assert pot(0, 0, 1) in ons[pot(1, 0, 0)]  # and the other way round


def test_strong_links_from_sums_hold_in_the_solutions():
    """Each strong link `rule_ons_now` gives is true of the solution: if the
    solution lacks the first digit, it has the second."""
    checked = 0
    for kind, puzzle, solution, steps in _small_paths():
        if kind not in ("killer", "arrow", "renban", "little-killer", "sandwich"):
            continue
        for state in _along(puzzle, steps, 3):
            for off, ons in (rule_ons_now(state) or {}).items():
                if solution[off >> 5] != (off >> 1 & 15) + 1:
                    for on in ons:
                        assert solution[on >> 5] == (on >> 1 & 15) + 1, (kind, off, on)
                        checked += 1
    assert checked > 100


def _naive_elims(state: State, unit: Unit) -> set[tuple[int, int]]:
    """What the step takes for ``unit``, worked out the long way: every filling
    placed in turn, every open cell outside and every house meeting the unit
    checked in full (no cell or house passed over)."""
    layout = state.layout
    links = cell_links(layout) if layout.links else [()] * len(state.cands)
    inside = set(unit.cells)
    masks = tuple(state.cands[c] for c in unit.cells)
    found = fillings(unit, masks, layout)
    assert found is not None
    open_outside = [c for c in range(len(state.cands)) if c not in inside and not state.values[c]]

    def left(cell: int, filling: tuple[int, ...]) -> int:
        mask = state.cands[cell]
        for i, x in enumerate(unit.cells):
            if cell in layout.peer_sets[x]:
                mask &= ~(1 << (filling[i] - 1))
            for other, table in links[x]:
                if other == cell:
                    mask &= table[filling[i] - 1]
        return mask

    houses = {h for x in unit.cells for h in layout.cell_houses[x]}
    kept = []
    for filling in found:
        if any(left(c, filling) == 0 for c in open_outside):
            continue
        fine = True
        for h in houses:
            members = layout.houses[h]
            for d in range(1, layout.size + 1):
                placed = any(state.values[c] == d for c in members)
                held = any(filling[i] == d for i, x in enumerate(unit.cells) if x in members)
                room = any(left(c, filling) >> (d - 1) & 1 for c in members if c in open_outside)
                fine &= placed or held or room
        if fine:
            kept.append(filling)
    elims = {
        (x, d) for i, x in enumerate(unit.cells) for d in digits_of(masks[i]) if all(f[i] != d for f in kept)
    }
    for c in open_outside:
        keeps = 0
        for filling in kept:
            keeps |= left(c, filling)
        elims |= {(c, d) for d in digits_of(state.cands[c] & ~keeps)}
    return elims


def test_the_step_and_its_memo_match_the_long_way_along_stored_paths():
    # Along each path the state keeps the step's memo (a unit that gave no
    # step on the same cells around it is passed over); a fresh state has none.
    # Both must give, unit by unit, what checking every filling in full gives.
    checked = compared = 0
    for kind, puzzle, _ in itertools.islice(load_rules(), 0, None, 12):
        if puzzle.size > 7:
            continue
        state = State.start(puzzle)
        layout = state.layout
        # Nothing past pairs' exclusion: the chains and trial would add minutes, not positions.
        for step in solve_logic(puzzle, unique=True, max_technique="aligned pair exclusion").steps[:40]:
            fresh = State(layout, state.cands.copy(), state.values.copy())
            warm = [(s.cells, set(s.eliminations)) for s in rule_blocks(state)]
            cold = [(s.cells, set(s.eliminations)) for s in rule_blocks(fresh)]
            assert warm == cold, kind
            long_way = []
            for unit in units(layout):
                if all(state.values[c] for c in unit.cells):
                    continue
                if fillings(unit, tuple(state.cands[c] for c in unit.cells), layout) is None:
                    continue
                elims = _naive_elims(state, unit)
                if elims:
                    long_way.append((unit.cells, elims))
            assert cold == long_way, kind
            checked += 1
            compared += len(cold)
            state.apply(step.placements, step.eliminations)
    assert checked > 400 and compared > 50, (checked, compared)
