"""Kempe swaps (`ask.kempe.mark_kempe`): the solutions a solution gives for
free, checked against hand-worked 4x4 grids and, from DLX's solutions, the
union of all solutions the brute force of tests/test_generate.py finds."""

from __future__ import annotations

import random

import pytest

from rule_defs import masks_of
from squiggly_cp.ask.kempe import mark_kempe
from squiggly_cp.core.puzzle import Puzzle
from squiggly_cp.core.rules.killer import KillerCage
from squiggly_cp.engines.dlx import iter_solutions
from squiggly_cp.make.generate import make_puzzle
from test_generate import rule_solutions

BOXES = (0, 0, 1, 1) * 2 + (2, 2, 3, 3) * 2
SOLUTION = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
# Given: every 3 and 4. The 1s and 2s form two Kempe chains, {r1c1 r1c2 r3c1
# r3c2} and {r2c3 r2c4 r4c3 r4c4}: each swaps on its own (four solutions).
THREES_AND_FOURS = tuple(d if d > 2 else 0 for d in SOLUTION)
FIRST_CHAIN, SECOND_CHAIN = (0, 1, 8, 9), (6, 7, 14, 15)


def marked(puzzle: Puzzle, grid: tuple[int, ...]) -> list[int]:
    masks = [0] * len(grid)
    mark_kempe(puzzle, grid, masks)
    return masks


def union(puzzle: Puzzle) -> list[int]:
    """The union of all the solutions, by the brute force written from the rules' definitions."""
    masks = masks_of(rule_solutions(puzzle, 10**6))
    assert masks is not None
    return masks


def both_chains(given: dict[int, int], rules: tuple[KillerCage, ...] = ()) -> tuple[Puzzle, list[int]]:
    givens = list(THREES_AND_FOURS)
    for c, d in given.items():
        givens[c] = d
    puzzle = Puzzle(4, tuple(givens), BOXES, rules=rules)
    return puzzle, marked(puzzle, SOLUTION)


def test_each_chain_free_of_givens_is_swapped():
    puzzle, masks = both_chains({})
    assert masks == union(puzzle)
    assert all(masks[c] == 0b11 for c in FIRST_CHAIN + SECOND_CHAIN)


def test_a_chain_holding_a_given_is_not_swapped():
    puzzle, masks = both_chains({0: 1})
    assert masks == union(puzzle)
    assert [masks[c] for c in FIRST_CHAIN] == [1 << (SOLUTION[c] - 1) for c in FIRST_CHAIN]
    assert all(masks[c] == 0b11 for c in SECOND_CHAIN)


def test_a_swap_that_breaks_a_cage_is_undone():
    # r1c1 + r2c1 = 1 + 3: swapped, the first chain would make it 2 + 3.
    puzzle, masks = both_chains({}, (KillerCage((0, 4), 4),))
    assert masks == union(puzzle)
    assert [masks[c] for c in FIRST_CHAIN] == [1 << (SOLUTION[c] - 1) for c in FIRST_CHAIN]
    assert all(masks[c] == 0b11 for c in SECOND_CHAIN)


@pytest.mark.parametrize(("seed", "size"), [(seed, size) for seed in range(4) for size in (5, 6, 7)])
def test_every_pair_marked_is_in_some_solution(seed, size):
    puzzle = make_puzzle(random.Random(f"kempe {seed}"), "multiple", size)
    truth = union(puzzle)
    for grid in list(iter_solutions(puzzle))[:5]:
        masks = marked(puzzle, grid)
        assert all(m & ~t == 0 for m, t in zip(masks, truth, strict=True))
        assert all(m >> (d - 1) & 1 for m, d in zip(masks, grid, strict=True))
