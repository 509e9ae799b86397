"""Killer cages cut from a completed grid: a seeded random partition of the
whole grid into orthogonally connected cages of 2 to 5 cells (at most the
grid's size), no digit twice in a cage, each with its sum from the grid.

How the cut is made. A cage starts at the free cell with the fewest free
neighbours (ties broken at random) and draws its size; it grows by a free
neighbour whose digit it does not hold yet, again the one with the fewest
free neighbours, so cells on edges and in corners are taken before they are
cut off. A cell left alone (every neighbour taken, or holding its digit)
joins a neighbouring cage that lacks its digit and has room; failing that it
takes a cell from a neighbouring cage of three or more that stays connected
without it. Only if neither can be done does it stay a cage of one (none
in 700 grids of sizes 4 to 16 tried), still a sound cage: its sum is its digit.

The partition depends only on the grid and the random generator, so the
same seed gives the same cages. `killer_cages` draws partitions until the
cages alone make the grid the puzzle's only solution, each draw checked by
one CP-SAT question with a work limit (`squiggly_cp.make.unique`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..core.limits import Deadline, Undecided
from ..core.puzzle import Grid, Puzzle
from ..core.regions import neighbours
from ..core.rules import KillerCage
from ..core.signals import import_held

__all__ = ["CAGE_SIZES", "CAGE_TRIES", "cage_rules", "killer_cages", "random_cages"]

CAGE_SIZES = {2: 3, 3: 4, 4: 3, 5: 1}
"""The cage sizes drawn, and their weights (a size above the grid's is cut to it)."""

_LARGEST = 5  # what a cage may grow to when it takes in a cell left alone
CAGE_TRIES = 20
"""Partitions drawn for one grid before `killer_cages` gives up on cages alone."""
_UNDECIDED = 3  # cage-only checks undecided at the work limit that end the drawing at once
_WORK = 1.0  # a cage-only check's work limit, CP-SAT's deterministic seconds per 81 cells


def killer_cages(
    rng: random.Random, full: Puzzle, deadline: Deadline, *, checked: bool = True
) -> tuple[Puzzle, bool]:
    """``full`` (a completed grid as givens) with killer cages cut from its
    grid added to its rules, and whether the rules alone make that grid the
    only solution, proved. Partitions are drawn until one does, at most
    `CAGE_TRIES` (fewer when `_UNDECIDED` checks reach their work limit);
    the last one drawn is kept otherwise. Not ``checked``: one draw, False."""
    unique = import_held("squiggly_cp.make.unique")
    solution, size = full.givens, full.size
    blank = (0,) * (size * size)
    work = _WORK * size * size / 81
    undecided = 0
    for _ in range(max(CAGE_TRIES, 1) if checked else 1):
        caged = full.with_rules(full.rules + cage_rules(random_cages(rng, solution, size), solution))
        if not checked:
            break
        try:
            other = unique.other_solution(
                caged.with_givens(blank), solution, range(size * size), work, deadline.left_or_raise()
            )
        except Undecided:
            deadline.left_or_raise()
            undecided += 1
            if undecided >= _UNDECIDED:
                break
            continue
        if other is None:
            return caged, True
    return caged, False


def random_cages(rng: random.Random, grid: Grid, size: int) -> list[list[int]]:
    """The cells of each cage (ascending, cages by their first cell): a
    random partition of ``grid``'s cells into connected cages of distinct digits."""
    nbrs = neighbours(size)
    owner = [-1] * (size * size)
    cages: list[list[int]] = []
    sizes, weights = list(CAGE_SIZES), list(CAGE_SIZES.values())

    def free_near(cell: int) -> int:
        return sum(1 for x in nbrs[cell] if owner[x] < 0)

    def fewest_free(cells: Sequence[int]) -> int:
        return min(cells, key=lambda c: (free_near(c), rng.random()))

    while True:
        free = [c for c in range(size * size) if owner[c] < 0]
        if not free:
            break
        cage = [fewest_free(free)]
        owner[cage[0]] = len(cages)
        target = min(rng.choices(sizes, weights)[0], size)
        while len(cage) < target:
            held = {grid[c] for c in cage}
            frontier = sorted({x for c in cage for x in nbrs[c] if owner[x] < 0 and grid[x] not in held})
            if not frontier:
                break
            cell = fewest_free(frontier)
            owner[cell] = len(cages)
            cage.append(cell)
        cages.append(cage)
    for k, cage in enumerate(cages):
        if len(cage) == 1:
            _place_alone(rng, cage[0], k, cages, owner, grid, size)
    kept = [sorted(cage) for cage in cages if cage]
    return sorted(kept)


def _place_alone(
    rng: random.Random, cell: int, k: int, cages: list[list[int]], owner: list[int], grid: Grid, size: int
) -> None:
    """Give the cage of one ``cell`` (cage ``k``) a partner: join a neighbouring
    cage, or take a cell from one; leave it alone if neither can be done."""
    nbrs = neighbours(size)
    largest = min(_LARGEST, size)
    near = sorted({owner[x] for x in nbrs[cell] if owner[x] != k})
    joinable = [j for j in near if len(cages[j]) < largest and all(grid[c] != grid[cell] for c in cages[j])]
    if joinable:
        j = min(joinable, key=lambda j: (len(cages[j]), rng.random()))
        cages[j].append(cell)
        cages[k] = []
        owner[cell] = j
        return
    takeable = [
        x
        for x in nbrs[cell]
        if len(cages[owner[x]]) >= 3
        and grid[x] != grid[cell]
        and _connected_without(cages[owner[x]], x, size)
    ]
    if takeable:
        x = min(takeable, key=lambda x: (len(cages[owner[x]]), rng.random()))
        cages[owner[x]].remove(x)
        owner[x] = k
        cages[k].append(x)


def _connected_without(cage: Sequence[int], gone: int, size: int) -> bool:
    rest = [c for c in cage if c != gone]
    nbrs = neighbours(size)
    seen = {rest[0]}
    stack = [rest[0]]
    while stack:
        c = stack.pop()
        for x in nbrs[c]:
            if x in rest and x not in seen:
                seen.add(x)
                stack.append(x)
    return len(seen) == len(rest)


def cage_rules(cages: Sequence[Sequence[int]], grid: Grid) -> tuple[KillerCage, ...]:
    """A `KillerCage` for each cage, its sum taken from ``grid``."""
    return tuple(KillerCage(tuple(cage), sum(grid[c] for c in cage)) for cage in cages)
