"""Counting solutions and true candidates, on CP-SAT (the `count` command).

* `count` counts solutions up to a limit, with progress reports.
* `true_candidates` lists, per cell, the digits that occur in some solution.
* `count_answer` is what the command answers for one puzzle.

Both search the one-hot exact-cover model (`squiggly_cp.sat.assumptions.OneHotAssumptions`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..core.limits import Deadline, Undecided, check_time_limit
from ..core.position import candidate_grid
from ..core.propagate import candidates
from ..core.puzzle import Grid, Puzzle
from ..engines.cpsat import listed_solutions
from ..sat.assumptions import OneHotAssumptions, clashing_givens
from ..sat.callbacks import Counter
from ..sat.run import DONE, run

__all__ = ["count", "count_answer", "format_candidates", "true_candidates"]


def count(
    puzzle: Puzzle,
    limit: int,
    *,
    progress: Callable[[int], None] | None = None,
    time_limit: float | None = None,
) -> int:
    """The number of solutions of ``puzzle``, counting no further than ``limit``.

    A count equal to ``limit`` means "``limit`` or more". Raises `Undecided`
    when the time limit (seconds) stops the count first; its ``found`` is the
    count so far, a lower bound. ``progress`` is called with the count so far,
    at most every half second, while solutions keep coming.
    """
    check_time_limit(time_limit)
    if limit <= 0:
        return 0
    if clashing_givens(puzzle) is not None:
        return 0
    onehot = OneHotAssumptions(puzzle)
    onehot.fix_givens()
    counter = Counter(limit, progress)
    _, status = run(onehot.model, time_limit=time_limit, callback=counter)
    if counter.count >= limit or status in DONE:
        return counter.count
    raise Undecided(f"the time limit stopped the count at {counter.count}", found=counter.count)


# Random solutions (CP-SAT's default search, random polarity) mark the most
# pairs per search on a puzzle with many solutions, while they still find new
# ones (measured: benchmarks/RESULTS.md, "Slow corners").
_RANDOM = {"initial_polarity": "POLARITY_RANDOM"}


def true_candidates(puzzle: Puzzle, *, time_limit: float | None = None) -> list[int] | None:
    """Per cell, a bitmask (bit d-1 for digit d) of the digits some solution puts there.

    None if the puzzle has no solution. Raises `Undecided` if ``time_limit``
    (seconds) runs out first.

    Propagation (`squiggly_cp.core.propagate.candidates`) first removes pairs
    no solution can hold. Every solution found marks its (cell, digit)
    pairs, and so does every solution made from it by swapping two digits
    along a Kempe chain free of givens (no search needed). After the first
    solution, each search asks for a solution holding at least one pair not
    yet marked; when there is none, that one search proves every pair left
    unmarked impossible. So a unique puzzle takes at most two searches, and its
    candidates are its solution. On a puzzle with many solutions, random
    solutions mark most pairs first, while each still marks many.

    First, though, one search lists the solutions, up to `FEW`: a puzzle with
    no more (a unique one, or a grid being set) has as candidates the digits
    its solutions hold, with no more searching; one with more starts from
    the pairs of those it listed (benchmarks/RESULTS.md: the workbench).
    """
    n = puzzle.size
    if clashing_givens(puzzle) is not None:
        return None
    domains = candidates(puzzle)
    if domains is None:
        return None
    deadline = Deadline(time_limit)
    masks = [0] * (n * n)
    listed, every = _first_solutions(puzzle, domains, deadline)
    for grid in listed:
        for c, d in enumerate(grid):
            masks[c] |= 1 << (d - 1)
    if every:
        return masks if listed else None
    onehot = OneHotAssumptions(puzzle)
    base: list[Any] = [onehot.lit(g) for g in onehot.givens]
    base += [onehot.lacks(c, d + 1) for c in range(n * n) for d in range(n) if not domains[c] >> d & 1]
    open_pairs = [(c, d) for c in range(n * n) for d in range(n) if domains[c] >> d & 1]
    if _mark_one(onehot, base, deadline, None, puzzle, masks) is None:
        return None
    if not _mark_new(onehot, base, open_pairs, deadline, puzzle, masks):
        return masks
    for seed in range(1, 2 * n + 1):
        random_solution = {**_RANDOM, "random_seed": seed}
        if (_mark_one(onehot, base, deadline, random_solution, puzzle, masks) or 0) < len(open_pairs) // 64:
            break
    while _mark_new(onehot, base, open_pairs, deadline, puzzle, masks):
        pass
    return masks


FEW = 300
"""Solutions of a 9x9 that `true_candidates`' first search lists, at most
(N² cells: 300·81/N², as a solution costs in proportion to its cells).
Measured on 100 9x9 grids being set (benchmarks/RESULTS.md, the workbench),
their true candidates took p50 / p95: 10 / 98 ms with 300, 10 / 131 ms with
200, 10 / 111 ms with 600, 63 / 179 ms without the listing; a blank 16x16
takes 0.26 s (0.17 s without)."""


def _first_solutions(puzzle: Puzzle, domains: list[int], deadline: Deadline) -> tuple[list[Grid], bool]:
    """The solutions of ``puzzle`` one search lists, up to `FEW` (for a 9x9)
    + 1, and whether they are all it has. Raises `Undecided` when the time
    runs out before either is known."""
    left = deadline.left()
    if left is not None and left <= 0:
        raise Undecided("the time limit ran out")
    few = max(1, FEW * 81 // len(domains))
    listed, finished = listed_solutions(puzzle, domains, few + 1, left)
    if len(listed) > few:
        return listed, False
    if not finished:
        raise Undecided("the time limit ran out while listing the solutions")
    return listed, True


def _mark_one(
    onehot: OneHotAssumptions,
    assumed: list,
    deadline: Deadline,
    parameters: dict[str, object] | None,
    puzzle: Puzzle,
    masks: list[int],
) -> int | None:
    """Find a solution under ``assumed`` and mark its pairs and its Kempe
    swaps' (`_mark_kempe`); how many pairs were new, or None if there is no
    such solution. Raises `Undecided` when the time runs out."""
    feasible, found, _ = onehot.solve(assumed, deadline, parameters=parameters, core=False)
    if not feasible:
        return None
    assert found is not None
    before = sum(m.bit_count() for m in masks)
    _mark_kempe(puzzle, found, masks)
    return sum(m.bit_count() for m in masks) - before


def _mark_new(
    onehot: OneHotAssumptions,
    base: list,
    open_pairs: list[tuple[int, int]],
    deadline: Deadline,
    puzzle: Puzzle,
    masks: list[int],
) -> bool:
    """Find a solution holding a pair of ``open_pairs`` not yet marked, and
    mark as `_mark_one` does; False if every pair is marked or no such
    solution exists (which proves the unmarked pairs impossible)."""
    lits = onehot.lits
    unmarked = [lits[c][d + 1] for c, d in open_pairs if not masks[c] >> d & 1]
    if not unmarked:
        return False
    some_new = onehot.some_of(unmarked)
    return _mark_one(onehot, [*base, some_new], deadline, None, puzzle, masks) is not None


def _mark_kempe(puzzle: Puzzle, grid: Grid, masks: list[int]) -> None:
    """Mark in ``masks`` the pairs of ``grid`` (a solution) and of the
    solutions reached from it by swapping digits a and b on a Kempe chain: a
    set of a- and b-cells holding, with each cell, the other digit's cell in
    each of its houses. Swapped, every house still holds each digit once; a
    chain without a given gives another solution, when the puzzle's rules
    other than houses still hold (checked)."""
    n = puzzle.size
    checked = any(not rule.is_house(n) for rule in puzzle.rules)
    current = list(grid)
    for c, d in enumerate(current):
        masks[c] |= 1 << (d - 1)
    houses = puzzle.houses
    houses_of: list[list[int]] = [[] for _ in range(n * n)]
    for u, house in enumerate(houses):
        for c in house:
            houses_of[c].append(u)
    givens = puzzle.givens
    for a in range(1, n + 1):
        for b in range(a + 1, n + 1):
            where: dict[tuple[int, int], int] = {}
            for u, house in enumerate(houses):
                for c in house:
                    if current[c] == a or current[c] == b:
                        where[u, current[c]] = c
            seen: set[int] = set()
            for start in range(n * n):
                if current[start] != a or start in seen:
                    continue
                chain, stack = {start}, [start]
                while stack:
                    c = stack.pop()
                    other = a + b - current[c]
                    for u in houses_of[c]:
                        partner = where[u, other]
                        if partner not in chain:
                            chain.add(partner)
                            stack.append(partner)
                seen |= chain
                if any(givens[c] for c in chain):
                    continue
                for c in chain:
                    current[c] = a + b - current[c]
                if checked and not puzzle.is_solution(tuple(current)):
                    for c in chain:  # a variant's rule (a cage's sum...) broken: undone
                        current[c] = a + b - current[c]
                    continue
                for c in chain:
                    masks[c] |= 1 << (current[c] - 1)


def format_candidates(puzzle: Puzzle, masks: Sequence[int]) -> str:
    """The candidates as text (`core.position.candidate_grid`): for 9x9, a cell
    with candidates 1, 4 and 9 reads ``1..4....9``."""
    return candidate_grid(puzzle.size, masks)


def count_answer(
    puzzle: Puzzle,
    *,
    limit: int,
    candidates: bool,
    time_limit: float | None,
    progress: Callable[[int], None] | None = None,
) -> str | int:
    """What the `count` command answers for one puzzle (in this process or on
    a --cluster worker): with ``candidates`` the true candidates as text,
    else the count of `count`. Raises `Undecided` as they do."""
    if candidates:
        masks = true_candidates(puzzle, time_limit=time_limit)
        return "No solution\n" if masks is None else format_candidates(puzzle, masks)
    return count(puzzle, limit, progress=progress, time_limit=time_limit)
