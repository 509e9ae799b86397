"""A rule read whole inside a dynamic search (logic/rule_chains.py).

What `unit_offs` takes from a thinned grid is checked against brute force
(every digit tuple from the thinned candidates that keeps the rule), a
hand-worked cage of two combinations, and the dynamic chains it lets
finish without trial on stored rule puzzles, step by step against their
solutions.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from logic_check import load_rules
from squiggly_cp.core.puzzle import Puzzle
from squiggly_cp.core.rules import Arrow, Dot, KillerCage, Renban, Rule, Thermometer
from squiggly_cp.logic.potentials import ChainGrid, Node, pot
from squiggly_cp.logic.rule_chains import unit_offs
from squiggly_cp.logic.solver import solve_logic
from squiggly_cp.logic.state import State, digits_of
from test_logic_blocked import _brute

EMPTY9 = Puzzle.standard([0] * 81, 9)


def _thin(grid: ChainGrid, removed: list[tuple[int, int]]) -> dict[int, Node]:
    """Take ``removed`` (cell, digit) out of the grid as a dynamic search does,
    each as an off node with no parents; those nodes by potential."""
    offs: dict[int, Node] = {}
    for cell, digit in removed:
        p = pot(cell, digit - 1, 0)
        offs[p] = (p, ())
        grid.cands[cell] &= ~(1 << (digit - 1))
        grid.where[digit - 1] &= ~(1 << cell)
    return offs


def test_a_cage_of_two_combinations_that_loses_one() -> None:
    # Cage r1c1+r1c2+r1c3 = 8: {1,2,5} or {1,3,4}. With 3 and 4 gone from
    # r1c3 and 3 from r1c1, {1,3,4} needs 3 in r1c2 and 4 in r1c1; gone too
    # from r1c2 (the search's own removal), only {1,2,5} is left: r1c1 and
    # r1c2 lose 4, and nothing else goes.
    puzzle = EMPTY9.with_rules([KillerCage((0, 1, 2), 8)])
    grid = ChainGrid(State.start(puzzle, [0b11111] * 3 + [0b111111111] * 78))
    offs = _thin(grid, [(2, 3), (2, 4), (0, 3), (1, 3)])
    found = unit_offs(grid, grid.cell_units[0], offs)
    assert sorted(node[0] for node in found) == [pot(0, 3, 0), pot(1, 3, 0)]
    for node in found:  # each stands on the removals from the cage's cells
        assert {parent[0] for parent in node[1]} == set(offs)


def test_nothing_without_a_removal_in_the_rule() -> None:
    puzzle = EMPTY9.with_rules([KillerCage((0, 1, 2), 8)])
    grid = ChainGrid(State.start(puzzle, [0b11111] * 3 + [0b111111111] * 78))
    offs = _thin(grid, [(9, 1), (20, 5)])  # cells outside the cage
    assert unit_offs(grid, grid.cell_units[0] | grid.cell_units[9], offs) == []


class _Both(Rule):
    """Two dots that share a cell, as the one rule the search reads them as."""

    def __init__(self, *dots: Dot):
        self.dots = dots

    def holds(self, grid: Sequence[int], board: Any) -> bool:
        return all(dot.holds(grid, board) for dot in self.dots)


def test_what_it_takes_is_what_brute_force_rules_out() -> None:
    # For random start grids and random removals, a candidate goes when some
    # filling of the start grid held it and none of the thinned grid does.
    rng = random.Random(5)
    dots = (Dot("white", (30, 39)), Dot("white", (39, 48)))
    rules: list[Rule] = [
        KillerCage((0, 1, 10, 11), 17),
        Arrow((20,), (21, 31, 41)),
        Thermometer((40, 41, 50, 59)),
        Renban((60, 61, 70)),
    ]
    checked = 0
    for rule in rules:
        puzzle = EMPTY9.with_rules([rule, *dots])
        for _ in range(40):
            start = [rng.randint(1, 511) | rng.randint(1, 511) for _ in range(81)]
            for k in range(2):
                grid = ChainGrid(State.start(puzzle, start))
                unit = grid.rule_units[k]
                whole: Rule = _Both(*dots) if 39 in unit.cells else rule
                before = tuple(grid.cands[c] for c in unit.cells)
                removed = [(c, d) for c in unit.cells for d in digits_of(grid.cands[c]) if rng.random() < 0.3]
                offs = _thin(grid, removed)
                taken = {(node[0] >> 5, (node[0] >> 1 & 15) + 1) for node in unit_offs(grid, 1 << k, offs)}
                masks = tuple(grid.cands[c] for c in unit.cells)
                now = _brute(puzzle, whole, unit.cells, masks)
                then = _brute(puzzle, whole, unit.cells, before)
                expected = {
                    (c, d)
                    for i, c in enumerate(unit.cells)
                    for d in digits_of(masks[i])
                    if all(f[i] != d for f in now) and any(f[i] == d for f in then)
                }
                assert taken == expected, (rule, removed)
                checked += len(expected)
    assert checked > 100


def test_dynamic_chains_read_rules_whole_and_need_no_trial() -> None:
    # Two stored 6x6 puzzles that took trial while the chains read a sum
    # candidate by candidate only (a little killer, a region-sum line).
    rules = list(load_rules())
    for index in (184, 196):
        kind, puzzle, solution = rules[index]
        result = solve_logic(puzzle, unique=True)
        assert result.solved, kind
        assert all(step.technique != "trial" for step in result.steps), kind
        for step in result.steps:
            assert all(solution[c] == d for c, d in step.placements), step.text
            assert all(solution[c] != d for c, d in step.eliminations), step.text
