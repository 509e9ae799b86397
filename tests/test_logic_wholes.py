"""Steps with a rule read whole (logic/wholes.py): renban and between lines,
quadruples and sandwiches.

The kept fillings are checked against rule-specific counts written apart
from the rules' checks, and the steps against hand-worked positions.
"""

from __future__ import annotations

import random

from squiggly_cp.core.puzzle import Puzzle
from squiggly_cp.core.rules import Between, Quadruple, Renban, Sandwich
from squiggly_cp.logic.links import logic_layout, read_rules
from squiggly_cp.logic.state import State, digits_of
from squiggly_cp.logic.sums import groups_of
from squiggly_cp.logic.wholes import kept_fillings, rule_wholes

EMPTY9 = Puzzle.standard([0] * 81, 9)


def _given(cells_digits: dict[int, int]) -> Puzzle:
    return EMPTY9.with_givens([cells_digits.get(c, 0) for c in range(81)])


def _renban_support(masks: list[int], n: int) -> list[int]:
    """Runs of len(masks) consecutive digits, each matched to the cells (a brute-force matching)."""
    m = len(masks)
    out = [0] * m
    for low in range(1, n - m + 2):
        run = list(range(low, low + m))

        def assign(i: int, left: list[int], chosen: list[int], run: list[int] = run) -> None:
            if i == m:
                for k, d in enumerate(chosen):
                    out[k] |= 1 << (d - 1)
                return
            for d in left:
                if masks[i] >> (d - 1) & 1:
                    assign(i + 1, [x for x in left if x != d], [*chosen, d])

        assign(0, run, [])
    return out


def test_renban_fillings_are_the_runs():
    rng = random.Random(7)
    for _ in range(150):
        length = rng.randint(2, 4)
        line = tuple(range(length))  # r1c1.. along row 1: the cells see each other
        puzzle = EMPTY9.with_rules([Renban(line)])
        layout = logic_layout(puzzle)
        masks = tuple(rng.randint(1, 511) | rng.randint(1, 511) for _ in line)
        found = kept_fillings(Renban(line), line, masks, groups_of(layout, line), layout)
        assert found is not None
        assert list(found[0]) == _renban_support(list(masks), 9)


def test_between_fillings_by_the_ends():
    rng = random.Random(8)
    line = (0, 10, 20, 30)  # a diagonal: the middle cells r2c2 and r3c3 share box 1 only
    puzzle = EMPTY9.with_rules([Between(line)])
    layout = logic_layout(puzzle)
    for _ in range(150):
        masks = tuple(rng.randint(1, 511) for _ in line)
        found = kept_fillings(Between(line), line, masks, groups_of(layout, line), layout)
        assert found is not None
        want = [0, 0, 0, 0]
        for a in digits_of(masks[0]):
            for b in digits_of(masks[3]):
                low, high = sorted((a, b))
                inner = [[d for d in digits_of(m) if low < d < high] for m in masks[1:3]]
                # r2c2 and r3c3 are in box 1: different digits.
                pairs = [(x, y) for x in inner[0] for y in inner[1] if x != y]
                if pairs:
                    want[0] |= 1 << (a - 1)
                    want[3] |= 1 << (b - 1)
                    for x, y in pairs:
                        want[1] |= 1 << (x - 1)
                        want[2] |= 1 << (y - 1)
        assert list(found[0]) == want


def test_a_renban_beside_a_9():
    state = State.start(_given({0: 9}).with_rules([Renban((0, 1, 2))]))
    (step,) = list(rule_wholes(state))
    assert step.technique == "renban line"
    assert sorted(step.eliminations) == [(c, d) for c in (1, 2) for d in range(1, 7)]
    assert "its digits are {7,8,9}" in step.text


def test_a_between_line_with_both_ends_placed():
    state = State.start(_given({0: 3, 2: 7}).with_rules([Between((0, 1, 2))]))
    (step,) = list(rule_wholes(state))
    assert step.difficulty == 1.2  # one cell open
    assert sorted(d for _, d in step.eliminations) == [1, 2, 8, 9]


def test_a_quadruple_with_two_cells_placed():
    state = State.start(_given({0: 3, 1: 4}).with_rules([Quadruple((0, 1, 9, 10), (1, 2))]))
    (step,) = list(rule_wholes(state))
    assert {c for c, _ in step.eliminations} == {9, 10}
    assert {d for _, d in step.eliminations} == {5, 6, 7, 8, 9}


def test_a_sandwich_of_8_puts_the_8_in_the_middle():
    # Row 1 is 2 3 4 5 6 7 and then 1, 8 and 9 in some order: only 1/9, 8, 9/1 sandwiches 8.
    givens = {c: c + 2 for c in range(6)}
    state = State.start(_given(givens).with_rules([Sandwich("row", 1, 8)]))
    (step,) = list(rule_wholes(state))
    assert sorted(step.eliminations) == [(6, 8), (7, 1), (7, 9), (8, 8)]


def test_a_sandwich_on_an_empty_row_waits():
    # 9! fillings is past the limit: no step (none is wrong), until the row narrows.
    assert list(rule_wholes(State.start(EMPTY9.with_rules([Sandwich("row", 1, 0)])))) == []


def test_a_renban_keeps_its_cells_different():
    links, sums, wholes = read_rules(EMPTY9.with_rules([Renban((0, 10, 20))]))
    assert {(a, b) for _, a, b, _ in links} == {(0, 10), (0, 20), (10, 20)} and not sums
    assert [cells for _, cells, _ in wholes] == [(0, 10, 20)]
