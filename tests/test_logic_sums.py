"""Steps with sums (logic/sums.py): killer cages, arrows, little killers,
region-sum lines and the 45 rule.

The fillings are checked against a brute-force count, the 45 rule's sums
against the solutions of the stored puzzles, and the steps against
hand-worked positions.
"""

from __future__ import annotations

import random
from itertools import product

import pytest

from logic_check import load_rules
from squiggly_cp.core.puzzle import Puzzle
from squiggly_cp.core.rules import Arrow, KillerCage, LittleKiller, RegionSumLine, Renban, SumLine
from squiggly_cp.logic import dynamic, solve_logic
from squiggly_cp.logic.links import logic_layout, read_rules
from squiggly_cp.logic.state import State, digits_of
from squiggly_cp.logic.sums import cage_locks, derived_sums, fillings, innies_outies, less_houses, rule_sums
from squiggly_cp.logic.trial import propagate
from squiggly_cp.logic.uniqueness import deadly_patterns_hold

EMPTY4 = Puzzle.standard([0] * 16, 4)
EMPTY9 = Puzzle.standard([0] * 81, 9)
GRID4 = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]


def _brute(weights, total, masks, groups, n):
    support = [0] * len(masks)
    combos = set()
    for digits in product(*(digits_of(m) for m in masks)):
        if sum(w * d for w, d in zip(weights, digits, strict=True)) != total:
            continue
        seen = [(g, d) for g, d in zip(groups, digits, strict=True) if g >= 0]
        if len(set(seen)) != len(seen):
            continue
        for i, d in enumerate(digits):
            support[i] |= 1 << (d - 1)
        combos.add(sum(1 << (g * n + d - 1) for g, d in seen))
    return tuple(support), tuple(sorted(combos))


def test_fillings_are_the_brute_force_ones():
    rng = random.Random(2026)
    for _ in range(400):
        n = rng.choice((4, 6, 9))
        m = rng.randint(1, 5)
        masks = tuple(rng.randint(1, (1 << n) - 1) for _ in range(m))
        weights = tuple(rng.choice((1, 1, 1, -1, 2, -10)) for _ in range(m))
        groups = tuple(rng.choice((-1, 0, 0, 1)) for _ in range(m))
        pick = [rng.choice(digits_of(x)) for x in masks]
        total = sum(w * d for w, d in zip(weights, pick, strict=True)) + rng.choice((0, 0, 0, 1, -2))
        assert fillings(weights, total, masks, groups, n) == _brute(weights, total, masks, groups, n)


def test_rules_are_read_as_sums():
    two_bulb = Arrow((0, 1), (10, 11))
    puzzle = EMPTY9.with_rules(
        [KillerCage((0, 1), 3), Arrow((20,), (21, 22)), two_bulb, LittleKiller((0, 0), "DR", 21)]
    )
    sums = [(cells, weights, total) for _, cells, weights, total in read_rules(puzzle)[1]]
    assert sums == [
        ((0, 1), (1, 1), 3),
        ((20, 21, 22), (-1, 1, 1), 0),
        ((0, 1, 10, 11), (-10, -1, 1, 1), 0),
        (tuple(range(0, 81, 10)), (1,) * 9, 21),
    ]
    line = RegionSumLine((1, 2, 3, 4))  # r1c2-r1c3 in box 1, r1c4-r1c5 in box 2
    assert [s[1:] for s in read_rules(EMPTY9.with_rules([line]))[1]] == [((1, 2, 3, 4), (1, 1, -1, -1), 0)]
    cage = read_rules(EMPTY9.with_rules([KillerCage((0, 9, 10), 6)]))[0]
    assert {(a, b) for _, a, b, _ in cage} == {(0, 9), (0, 10), (9, 10)}  # a cage's digits differ


def test_loops_are_read_round():
    """A region-sum loop's pieces go round it: r1c3-r1c4-r2c4-r2c3 is r2c3 + r1c3
    (box 1) against r1c4 + r2c4 (box 2). A sum-line loop is read whole."""
    region_loop = RegionSumLine((2, 3, 12, 11), closed=True)
    (read,) = read_rules(EMPTY9.with_rules([region_loop]))[1]
    assert dict(zip(read[1], read[2], strict=True)) == {11: 1, 2: 1, 3: -1, 12: -1} and read[3] == 0
    sum_loop = SumLine((1, 2, 6, 5, 4, 0), 7, closed=True)
    assert [rule for _, _, rule in read_rules(EMPTY4.with_rules([sum_loop]))[2]] == [sum_loop]
    # On the 4x4 1234 / 3412 / 4321 / 2143: the sum loop splits 1 + 2 + 3 + 1 | 4 + 3,
    # the region-sum loop r2c2-r3c2-r3c1-r2c1 is 3 + 4 | 4 + 3; five givens, and logic solves it.
    grid = [1, 2, 3, 4, 3, 4, 1, 2, 4, 3, 2, 1, 2, 1, 4, 3]
    givens = [d if c in (7, 8, 10, 13, 15) else 0 for c, d in enumerate(grid)]
    puzzle = EMPTY4.with_givens(givens).with_rules([sum_loop, RegionSumLine((5, 9, 8, 4), closed=True)])
    result = solve_logic(puzzle)
    assert result.solved and "region-sum line" in {s.technique for s in result.steps}
    placed = dict(zip(range(16), givens, strict=True))
    placed.update(p for s in result.steps for p in s.placements)
    assert [placed[c] for c in range(16)] == grid


def test_the_7_cage_in_two_cells():
    # Row 1 has a 1 already: the cage r1c1-r1c2 (7) is {2,5} or {3,4}.
    puzzle = EMPTY9.with_givens([1 if c == 4 else 0 for c in range(81)]).with_rules([KillerCage((0, 1), 7)])
    state = State.start(puzzle)
    (step,) = list(rule_sums(state))
    assert step.technique == "killer cage" and step.difficulty == 1.6
    assert sorted(step.eliminations) == [(c, d) for c in (0, 1) for d in (6, 7, 8, 9)]
    assert "its digits are {2,5} or {3,4}" in step.text
    assert step.text.startswith("The killer cage r1c1-r1c2 (sum 7): ")


def test_a_cage_with_one_cell_open_is_its_sum():
    givens = [3 if c == 0 else 0 for c in range(81)]
    state = State.start(EMPTY9.with_givens(givens).with_rules([KillerCage((0, 1), 12)]))
    (step,) = list(rule_sums(state))
    assert step.difficulty == 1.2
    assert sorted(d for c, d in step.eliminations if c == 1) == [1, 2, 4, 5, 6, 7, 8]


def test_an_arrow_reads_as_an_equation():
    state = State.start(EMPTY9.with_rules([Arrow((9,), (1, 2))]))  # r2c1 = r1c2 + r1c3
    steps = list(rule_sums(state))
    assert steps and "r1c2 + r1c3 = r2c1" in steps[0].text
    assert {(9, 1), (9, 2)} <= {e for s in steps for e in s.eliminations}  # two different digits: at least 3


def test_cage_locked_digits():
    # The 3-cage r1c1-r1c2 is {1,2}: 1 and 2 leave the rest of row 1 and box 1.
    state = State.start(EMPTY9.with_rules([KillerCage((0, 1), 3)]))
    steps = list(cage_locks(state))
    gone = {e for s in steps for e in s.eliminations}
    assert {(c, d) for c in (*range(2, 9), 9, 10, 11, 18, 19, 20) for d in (1, 2)} == gone
    assert all(s.technique == "cage locked digits" and s.difficulty == 2.2 for s in steps)


def test_innies_and_outies_by_hand():
    # 4x4: row 1 sums to 10. The cage r1c1-r1c2 (3) is inside it; the cage
    # r1c3-r1c4-r2c4 (9) sticks out by r2c4, the outie: r2c4 = 3 + 9 - 10 = 2.
    puzzle = EMPTY4.with_rules([KillerCage((0, 1), 3), KillerCage((2, 3, 7), 9)])
    layout = logic_layout(puzzle)
    found = {(cells, weights, total, kind) for _, cells, weights, total, kind, _, _ in derived_sums(layout)}
    assert ((7,), (1,), 2, "outies") in found
    assert ((2, 3), (1, 1), 7, "innies") in found
    steps = [s for s in innies_outies(State.start(puzzle)) if s.cells == (7,)]
    assert steps and sorted(steps[0].eliminations) == [(7, 1), (7, 3), (7, 4)]
    assert "45 rule on row 1" in steps[0].text and "the outies r2c4 = 2" in steps[0].text


def test_the_45_rule_sums_hold_in_every_stored_solution():
    checked = 0
    for kind, puzzle, solution in load_rules():
        if not kind.startswith("killer"):
            continue
        for _, cells, weights, total, _, _, _ in derived_sums(logic_layout(puzzle)):
            assert sum(w * solution[c] for c, w in zip(cells, weights, strict=True)) == total
            checked += 1
    assert checked > 100


def _one_short(cage_total: int) -> Puzzle:
    """GRID4 with r4c4 open and a cage r4c3-r4c4 of ``cage_total`` (their digits are 2 and 1)."""
    return Puzzle.standard([*GRID4[:15], 0], 4).with_rules([KillerCage((14, 15), cage_total)])


@pytest.mark.parametrize("total", [3, 4])
def test_a_grid_filled_against_a_sum_is_a_contradiction(total):
    # The full house r4c4 = 1 comes before any rule step; the cage is checked at the end.
    result = solve_logic(_one_short(total))
    assert result.solved is (total == 3)
    assert (result.contradiction is None) is (total == 3)
    if total == 4:
        assert result.contradiction == "the grid breaks the killer cage r4c3-r4c4 (sum 4)"


def test_trial_propagation_keeps_the_sums():
    assert propagate(State.start(_one_short(3))) is True
    assert propagate(State.start(_one_short(4))) is False


def test_no_deadly_patterns_or_nested_chains_with_sums_or_rules_read_whole(monkeypatch):
    # A sum or a renban can tell a rectangle's two digits apart; and the
    # nested chains, which follow neither, are not run (trial is).
    ran = []
    monkeypatch.setattr(dynamic, "_multiple", lambda *args, **kwargs: ran.append(1) or iter(()))
    plain = State.start(EMPTY9, unique=True)
    assert deadly_patterns_hold(plain)
    list(dynamic.nested_chains(plain, 2))
    assert ran == [1]
    for rule in (KillerCage((0, 1), 3), Renban((0, 1, 2))):
        state = State.start(EMPTY9.with_rules([rule]), unique=True)
        assert not deadly_patterns_hold(state)
        list(dynamic.nested_chains(state, 2))
        assert ran == [1]


def test_a_line_along_a_whole_row_counts_it_as_its_sum():
    # An arrow from the two-cell bulb r7c1-r7c2 down to r8c1 and along all of
    # row 9: the row sums to 45, so the line is r8c1 + 45 (46-54), and so is
    # the bulb: r7c1 = 4 or 5 (worked by hand).
    line = (63, *range(72, 81))
    puzzle = EMPTY9.with_rules([Arrow((54, 55), line)])
    state = State.start(puzzle)
    [(_, cells, weights, total)] = state.layout.sums
    rest, whole = less_houses(state.layout, cells, weights, total)
    assert whole == (8,)  # row 9
    assert 72 not in rest[0] and 63 in rest[0] and rest[2] == total - 45
    steps = list(rule_sums(state))
    assert steps and "row 9 on it sums to 45" in steps[0].text
    assert {(54, d) for d in (1, 2, 3, 6, 7, 8, 9)} <= set(steps[0].eliminations)
