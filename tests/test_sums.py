"""The 45-rule sums of killer cages (`squiggly_cp.sat.sums`) are sound: they
hold on every grid that keeps the houses and the cages, and adding them to
the one-hot model changes no solution count, no solution and no true
candidate (checked against the model without them and, on 4x4, a brute
force). Seeded loops over random small killers: deterministic, a few seconds."""

from __future__ import annotations

import random

import pytest

from bruteforce import first_solutions
from squiggly_cp.ask.count import true_candidates
from squiggly_cp.core.propagate import candidates
from squiggly_cp.core.puzzle import Grid, Puzzle, standard_regions
from squiggly_cp.core.rules import KillerCage, Thermometer
from squiggly_cp.core.rules.killer import combinations_for
from squiggly_cp.engines.cpsat import listed_solutions
from squiggly_cp.make.regionmaps import fill_layout, random_layout
from squiggly_cp.sat import model as sat_model
from squiggly_cp.sat.model import OneHot
from squiggly_cp.sat.sums import leftover_sums


def _cages(rng: random.Random, grid: Grid, size: int, cover: float) -> list[tuple[tuple[int, ...], int]]:
    """Random cages of different digits (1-4 cells, side by side) over about
    ``cover`` of the cells, each with the sum ``grid`` gives it."""
    free = set(range(size * size))
    out = []
    while free and len(free) > (1 - cover) * size * size:
        cage = [rng.choice(sorted(free))]
        free.discard(cage[0])
        for _ in range(rng.choice((0, 1, 1, 2, 2, 3))):
            near = sorted(
                n
                for c in cage
                for n in (c - 1, c + 1, c - size, c + size)
                if n in free and abs(n % size - c % size) <= 1 and grid[n] not in {grid[x] for x in cage}
            )
            if not near:
                break
            cage.append(rng.choice(near))
            free.discard(cage[-1])
        out.append((tuple(sorted(cage)), sum(grid[c] for c in cage)))
    return out


def _grid(rng: random.Random, size: int) -> tuple[Grid, Grid]:
    """A random layout (a jigsaw mostly, sometimes the boxes) and a random
    completed grid of it."""
    while True:
        regions = standard_regions(size) if rng.random() < 0.3 else random_layout(rng, size)
        grid = fill_layout(regions, size, rng)
        if grid is not None:
            return regions, grid


def _houses(size: int, regions: Grid) -> tuple[tuple[int, ...], ...]:
    return Puzzle(size, (0,) * (size * size), regions).layout.houses


def _holds(equations, grid: Grid) -> bool:
    return all(sum(coef * grid[cell] for cell, coef in terms) == total for terms, total in equations)


@pytest.mark.parametrize("size", [4, 6, 9])
def test_every_sum_holds_on_the_grid_its_cages_come_from(size):
    rng = random.Random(size)
    found = 0
    for _ in range({4: 60, 6: 40, 9: 12}[size]):
        regions, grid = _grid(rng, size)
        cages = tuple(_cages(rng, grid, size, rng.choice((0.6, 0.9, 1.0))))
        houses = _houses(size, regions)
        for longest in (4, size * size):
            equations = leftover_sums(size, houses, cages, longest)
            assert _holds(equations, grid)
            found += len(equations)
    assert found > 100  # the loop did test something


def test_an_innie_and_an_outie_worked_by_hand():
    # 4x4 boxes, rows sum to 10. Row 1: the cage r1c1+r1c2 = 3 lies inside,
    # so r1c3 + r1c4 = 7 (innies). With the cage r1c3+r1c4+r2c4 = 9 sticking
    # out below, r2c4 = 9 - 7 = 2 (an outie).
    houses = _houses(4, standard_regions(4))
    innies = leftover_sums(4, houses, (((0, 1), 3), ((2, 6), 7)), 4)
    assert (((2, 1), (3, 1)), 7) in innies
    outie = leftover_sums(4, houses, (((0, 1), 3), ((2, 3, 7), 9)), 4)
    assert (((7, -1),), -2) in outie or (((7, 1),), 2) in outie
    # No equation says what a cage or a house says already.
    for terms, total in innies + outie:
        cells = tuple(cell for cell, _ in terms)
        assert (cells, total) not in (((0, 1), 3), ((2, 6), 7), ((2, 3, 7), 9))


def _random_killer(rng: random.Random, size: int) -> Puzzle:
    """A killer that may have one, several or no solutions: cages from a
    random grid, some without their total, one total sometimes off by one,
    and a few givens."""
    regions, grid = _grid(rng, size)
    rules = []
    for cells, total in _cages(rng, grid, size, rng.choice((0.5, 0.8, 1.0))):
        if rng.random() < 0.1:
            rules.append(KillerCage(cells))
            continue
        off = total + rng.choice((-1, 1))
        if rng.random() < 0.08 and 1 < len(cells) < size and combinations_for(size, len(cells), off):
            total = off
        rules.append(KillerCage(cells, total))
    givens = [grid[c] if rng.random() < 0.05 else 0 for c in range(size * size)]
    return Puzzle(size, tuple(givens), regions, rules=tuple(rules))


def _solutions(puzzle: Puzzle, limit: int) -> tuple[list[Grid], bool]:
    domains = candidates(puzzle)
    if domains is None:
        return [], True
    return listed_solutions(puzzle, domains, limit, None)


def _without_sums(monkeypatch) -> None:
    monkeypatch.setattr(sat_model, "add_leftover_sums", lambda enc, puzzle: 0)


def _equations(puzzle: Puzzle, longest: int = 4):
    cages = tuple((r.cage, r.total) for r in puzzle.rules if r.total is not None)
    return leftover_sums(puzzle.size, puzzle.layout.houses, cages, longest)


def test_4x4_solutions_are_the_brute_forces(monkeypatch):
    rng = random.Random(44)
    counts = set()
    for _ in range(60):
        puzzle = _random_killer(rng, 4)
        plain = Puzzle(4, puzzle.givens, puzzle.regions)
        brute = sorted(g for g in first_solutions(plain, 1000) if puzzle.is_solution(g))
        ours, done = _solutions(puzzle, 1000)
        assert done and sorted(ours) == brute
        assert all(_holds(_equations(puzzle, 16), grid) for grid in brute)
        counts.add(min(len(brute), 3))
    assert counts == {0, 1, 2, 3}


def test_6x6_counts_and_solutions_match_the_model_without_sums(monkeypatch):
    rng = random.Random(66)
    puzzles = [_random_killer(rng, 6) for _ in range(40)]
    with_sums = [_solutions(p, 3) for p in puzzles]
    _without_sums(monkeypatch)
    counts = set()
    for puzzle, (ours, done) in zip(puzzles, with_sums, strict=True):
        theirs, their_done = _solutions(puzzle, 3)
        assert len(ours) == len(theirs)
        if len(ours) < 3:
            # At the limit, whether the search also saw its end depends on
            # OR-Tools' version (9.9 may finish a search its callback stopped).
            assert done == their_done
            assert sorted(ours) == sorted(theirs)
        assert all(_holds(_equations(puzzle, 36), grid) for grid in theirs)
        counts.add(len(ours))
    assert counts == {0, 1, 2, 3}


def test_6x6_true_candidates_match_the_model_without_sums(monkeypatch):
    rng = random.Random(6)
    puzzles = [_random_killer(rng, 6) for _ in range(12)]
    with_sums = [true_candidates(p) for p in puzzles]
    _without_sums(monkeypatch)
    assert [true_candidates(p) for p in puzzles] == with_sums
    assert any(masks is not None and any(m & (m - 1) for m in masks) for masks in with_sums)


def test_no_killer_total_no_change_to_the_model(monkeypatch):
    # A pure jigsaw never reaches the rules (OneHot encodes them only when
    # the puzzle has some); other rules, and cages without totals, add no sum.
    regions = random_layout(random.Random(1), 6)
    sizes = []
    for hook in (True, False):
        if not hook:
            _without_sums(monkeypatch)
        for rules in ((), (Thermometer((0, 1, 2)),), (KillerCage((0, 1, 2)),)):
            proto = OneHot(Puzzle(6, (0,) * 36, regions, rules=rules), [(1 << 6) - 1] * 36).model.proto
            sizes.append((len(proto.variables), len(proto.constraints)))
    assert sizes[:3] == sizes[3:]
