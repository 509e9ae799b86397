"""Counting solutions and true candidates, on CP-SAT (the `count` command).

* `count` counts solutions up to a limit, with progress reports.
* `true_candidates` lists, per cell, the digits that occur in some solution,
  by `candidate_search`, which the workbench also runs a slice at a time.
* `count_answer` is what the command answers for one puzzle.

They search the one-hot exact-cover model (`count`:
`squiggly_cp.sat.assumptions.OneHotAssumptions`; the candidates: the
propagated `squiggly_cp.sat.model.OneHot`).
"""

from __future__ import annotations

import os
import threading
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.limits import Deadline, Undecided, check_time_limit
from ..core.position import candidate_grid
from ..core.propagate import candidates, singles
from ..core.puzzle import Grid, Puzzle, Unsupported
from ..engines.cpsat import listed_solutions
from ..logic import solve_logic
from ..sat.assumptions import OneHotAssumptions, clashing_givens
from ..sat.callbacks import Counter
from ..sat.model import OneHot, digits
from ..sat.run import DONE, Stopper, ask, run, together
from .kempe import mark_kempe

__all__ = ["Progress", "candidate_search", "count", "count_answer", "format_candidates", "true_candidates"]


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


SEARCH: dict[str, object] = {"use_phase_saving": False, "variable_activity_decay": 0.99}
"""CP-SAT's parameters, over the project's, for the candidate search's
searches for a solution (random, or holding a digit of a cell): on the
sparse 16x16s of benchmarks/workbench16_edits.txt a solution took 2,000 to
7,000 conflicts with the defaults. Without phase saving (the last value of
a variable tried first again), and with slower-fading variable activity,
searches asking for a pair took 30 % less on average (benchmarks/RESULTS.md,
"A 16x16 being set"). Not for the searches for any pair left, which it
slowed."""

# Random solutions (the `SEARCH` parameters, random polarity) mark the most
# pairs per search on a puzzle with many solutions, while they still find new
# ones (measured: benchmarks/RESULTS.md, "Slow corners").
_RANDOM = {**SEARCH, "initial_polarity": "POLARITY_RANDOM"}
RANDOM_TRIES = 2
"""Random solutions `candidate_search` asks for at most, per digit of the size."""


@dataclass
class Progress:
    """What `candidate_search` found: per cell, a bitmask of the digits
    known to occur in some solution; whether that is all of them
    (``complete``: every other digit is proved impossible); and the
    ``solutions`` that witness the marks (each added a pair; the rest were
    found in them by Kempe swaps), to seed a later search of the same or a
    more constrained grid; and the pairs ``excluded``, for a later search of
    the same grid, or one with more givens."""

    masks: list[int]
    complete: bool
    solutions: list[Grid] = field(default_factory=list)
    excluded: list[int] = field(default_factory=list)
    """Per cell, the digits proved impossible there by a search (propagation's aside)."""


def true_candidates(puzzle: Puzzle, *, time_limit: float | None = None) -> list[int] | None:
    """Per cell, a bitmask (bit d-1 for digit d) of the digits some solution puts there.

    None if the puzzle has no solution. Raises `Undecided` if ``time_limit``
    (seconds) runs out first. The search is `candidate_search`'s.
    """
    found = candidate_search(puzzle, time_limit=time_limit)
    if found is None:
        return None
    if not found.complete:
        raise Undecided("the time limit ran out before every candidate was decided")
    return found.masks


def candidate_search(
    puzzle: Puzzle,
    *,
    seeds: Sequence[Grid] = (),
    excluded: Sequence[int] = (),
    found: Sequence[int] = (),
    time_limit: float | None = None,
) -> Progress | None:
    """The true candidates of ``puzzle``, as far as ``time_limit`` (seconds)
    lets the search go; None if the puzzle has no solution.

    Propagation (`squiggly_cp.core.propagate.candidates`) first removes pairs
    no solution can hold. Every solution known marks its (cell, digit)
    pairs, and so does every solution made from it by swapping two digits
    along a Kempe chain free of givens (no search needed). Known first are
    the ``seeds`` that are solutions of ``puzzle`` (the rest are ignored):
    a solution of the last grid being set that still fits its givens.
    ``excluded`` (per cell, a bitmask) are pairs an earlier search proved
    impossible (its `Progress.excluded`) on this grid or one with fewer
    givens: taken as proved (but for a pair a seed holds, which disproves it).
    ``found`` (per cell, a bitmask) are pairs an earlier search of this very
    puzzle found in a solution (its `Progress.masks`): taken as found.
    Then, unless there are such pairs (the search went past it before),
    one search lists the solutions, up to `FEW`: a puzzle with no more
    (a unique one) has as candidates the digits they hold. Otherwise logic
    (up to `THINNING`, on grids over `THIN_ABOVE`) rules out what it can, random
    solutions (CP-SAT's random polarity) mark most pairs, while each still
    marks many; then, cell by cell, the digits left unmarked are first
    probed by singles (one placed: a contradiction proves it impossible),
    then asked about together (the cell's other digits assumed out, on the
    propagated model, the last solution as CP-SAT's hint): a solution marks
    one and more, none proves them all impossible. A single search for
    "any unmarked pair" of the grid cost seconds a call on a sparse 16x16
    near uniqueness, where most such pairs are impossible; a cell's fail
    fast (benchmarks/RESULTS.md, a 16x16 being set).
    """
    if clashing_givens(puzzle) is not None:
        return None
    domains = candidates(puzzle)
    if domains is None:
        return None
    deadline = Deadline(time_limit)
    marks = _Marks(puzzle)
    if len(found) == len(domains):
        marks.masks = [f & d for f, d in zip(found, domains, strict=True)]
    for seed in seeds:
        if len(seed) == len(domains) and puzzle.is_solution(tuple(seed)):
            marks.add(tuple(seed), kempe=not found)  # with found, its swaps are marked already
            marks.known = tuple(seed)
    if any(excluded) and len(excluded) == len(domains):
        marks.excluded = [e & d & ~m for e, d, m in zip(excluded, domains, marks.masks, strict=True)]
        domains = [d & ~e for d, e in zip(domains, marks.excluded, strict=True)]
        if _refuted(puzzle, domains):
            return None
    try:
        if _search(puzzle, domains, deadline, marks, listing=not any(excluded), fresh=not any(found)) is None:
            return None
    except Undecided:
        return Progress(marks.masks, False, marks.witnesses, marks.excluded)
    return Progress(marks.masks, True, marks.witnesses, marks.excluded)


class _Marks:
    """The pairs marked so far and the solutions that marked them."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.masks = [0] * len(puzzle.givens)
        self.witnesses: list[Grid] = []
        self.known: Grid | None = None  # a solution given (a seed), if any, marking nothing new or not
        self.excluded = [0] * len(puzzle.givens)
        self._lock = threading.Lock()  # searches in two threads mark at once

    def count(self) -> int:
        return sum(m.bit_count() for m in self.masks)

    def add(self, grid: Grid, kempe: bool = True) -> int:
        """Mark ``grid``'s pairs (and, with ``kempe``, its swaps'); how many were new."""
        with self._lock:
            before = self.count()
            if kempe:
                mark_kempe(self.puzzle, grid, self.masks)
            else:
                for c, d in enumerate(grid):
                    self.masks[c] |= 1 << (d - 1)
            new = self.count() - before
            if new:
                self.witnesses.append(grid)
            return new

    def exclude(self, cell: int, digits: int) -> None:
        """``digits`` (a bitmask) are proved impossible in ``cell``."""
        with self._lock:
            self.excluded[cell] |= digits


def _search(
    puzzle: Puzzle, domains: list[int], deadline: Deadline, marks: _Marks, listing: bool, fresh: bool
) -> bool | None:
    """Mark every pair some solution holds (see `candidate_search`, which
    says whether to start by ``listing`` the first solutions and searching
    for any pair left: not when an earlier search went past both; and
    whether the search is ``fresh``, not going on with this very grid, whose
    random solutions an earlier slice has marked); None if there is no
    solution. Raises `Undecided` when the time runs out."""
    n = puzzle.size
    if listing:
        listed, every = _first_solutions(puzzle, domains, deadline)
        for grid in listed:
            marks.add(grid, kempe=False)  # Kempe swaps of ~100 grids cost more than they find here
        if every:
            return True if listed or marks.witnesses else None
    # A slice going on with this grid (not fresh) has the thinning's work in its excluded pairs.
    if fresh and n > THIN_ABOVE:
        thin = _thinned(puzzle, domains, deadline, marks)
        if thin is None:
            return None
        domains = thin
    built = OneHot(puzzle, domains)
    solver = _PairSolver(puzzle, built, deadline)
    open_pairs = [(c, d) for c, ds in built.lits.items() for d in ds]
    # A seed is a solution too: a slice going on with this grid (its seeds all
    # marked already) needs no search to know one.
    last = marks.witnesses[-1] if marks.witnesses else marks.known or solver.solution([], parameters=SEARCH)
    if last is None:
        return None
    marks.add(last)
    first = last
    team = [solver] + [_PairSolver(puzzle, OneHot(puzzle, domains), deadline) for _ in range(_threads() - 1)]
    if fresh:
        _random_solutions(team, marks, RANDOM_TRIES * n, len(open_pairs) // 64)
    if listing and _ask_all(team, open_pairs, marks):  # not again on the next slices
        return True
    cells = deque(built.lits)

    def by_cell(asker: _PairSolver) -> None:
        take = cells.popleft if asker is solver else cells.pop  # from both ends
        last = first
        while cells:
            try:
                cell = take()
            except IndexError:  # the other thread took the last
                return
            _probe(puzzle, domains, cell, marks)
            last = _ask_cell(asker, cell, marks, last)

    together([(s, s.stopper) for s in team], by_cell)
    return True


THREADS = 2
"""Threads `candidate_search` asks CP-SAT in, at most (one per core): two
searches at once take about what one does on a 2-core machine (more cores
were not measured)."""


def _threads() -> int:
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return max(1, min(THREADS, cores))


def _random_solutions(team: list[_PairSolver], marks: _Marks, tries: int, enough: int) -> None:
    """Mark random solutions (seeds 1 to ``tries``), until one marks fewer
    than ``enough`` new pairs."""
    seeds = deque(range(1, tries + 1))
    done = threading.Event()

    def random_ones(asker: _PairSolver) -> None:
        while seeds and not done.is_set():
            try:
                seed = seeds.popleft()
            except IndexError:
                return
            grid = asker.solution([], parameters={**_RANDOM, "random_seed": seed})
            assert grid is not None
            if marks.add(grid) < enough:
                done.set()

    together([(s, s.stopper) for s in team], random_ones)


THINNING = "hidden triple"
"""The hardest technique `candidate_search` thins the domains with before
its CP-SAT searches (none of the uniqueness techniques, unsound on a puzzle
of several solutions, comes before it). On a 16x16 being set it takes
0.05-0.1 s and rules out 10-60 % of the impossible pairs, each of which
would otherwise cost a search; near uniqueness it halves the time (edit 30
of benchmarks/workbench16_edits.txt: 7.4 -> 4.8 s)."""


THIN_ABOVE = 9
"""Grids of this size or smaller are not thinned: on 9x9s being set the
listing and random solutions leave few pairs, which one search for any
pair left settles, and the logic cost more than it saved (alternating with
and without, true candidates' mean: 68 -> 62 ms on 40 jigsaws with three
givens out, 120 -> 101 ms on the everyday thermos with three clues out,
339 -> 329 ms on the arrows)."""


def _thinned(puzzle: Puzzle, domains: list[int], deadline: Deadline, marks: _Marks) -> list[int] | None:
    """``domains`` less what logic up to `THINNING` rules out (recorded as
    excluded, a proof like any other); None on a contradiction (no solution).
    A rule the logic solver cannot read leaves them as they are."""
    try:
        result = solve_logic(puzzle, candidates=domains, max_technique=THINNING, deadline=deadline)
    except Unsupported:
        return domains
    if result.contradiction is not None:
        return None
    thin = [1 << (v - 1) if v else m for v, m in zip(result.values, result.candidates, strict=True)]
    for c, (before, after) in enumerate(zip(domains, thin, strict=True)):
        marks.excluded[c] |= before & ~after
    return thin


WHOLE_WORK = 0.2
"""CP-SAT's deterministic seconds a search for a solution holding any pair
left gets, before `candidate_search` asks cell by cell instead."""


def _ask_all(team: list[_PairSolver], open_pairs: list[tuple[int, int]], marks: _Marks) -> bool:
    """Ask for a solution holding any pair left, again while one is found
    within `WHOLE_WORK`: True when no pair is left (none existing proves
    every pair left impossible: one proof for all, quick when the marks
    leave few, on a grid near uniqueness), False when the searches ran out
    of work first. Each thread of the ``team`` asks about its share of the
    pairs (on the same pairs, both would find the same solutions)."""
    share = -(-len(open_pairs) // len(team))
    parts = [open_pairs[k * share : (k + 1) * share] for k in range(len(team))]

    def left(pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
        return [(c, d) for c, d in pairs if not (marks.masks[c] | marks.excluded[c]) >> (d - 1) & 1]

    def any_left(job: tuple[_PairSolver, list[tuple[int, int]]]) -> None:
        asker, part = job
        lits, model = asker.built.lits, asker.built.model
        while pairs := left(part):
            some = model.new_bool_var("")
            model.add_bool_or([lits[c][d] for c, d in pairs]).only_enforce_if(some)
            try:
                found = asker.solution([some], work_limit=WHOLE_WORK)
            except Undecided:
                if asker.deadline.passed():
                    raise
                return
            if found is None:
                for c, d in pairs:
                    marks.exclude(c, 1 << (d - 1))
                return
            marks.add(found)

    together([((s, part), s.stopper) for s, part in zip(team, parts, strict=True)], any_left)
    return not left(open_pairs)


def _probe(puzzle: Puzzle, domains: list[int], cell: int, marks: _Marks) -> None:
    """Exclude the unmarked digits of ``cell`` that, placed there, singles
    refute (failed-literal probing: a fraction of a millisecond, where a
    CP-SAT call costs ten or more)."""
    for d in digits(domains[cell] & ~marks.masks[cell] & ~marks.excluded[cell]):
        probe = list(domains)
        probe[cell] = 1 << (d - 1)
        if _refuted(puzzle, probe):
            marks.exclude(cell, 1 << (d - 1))


def _refuted(puzzle: Puzzle, domains: list[int]) -> bool:
    """Whether singles reach a contradiction from ``domains`` (changed in place)."""
    layout = puzzle.layout
    return singles(layout, domains, [0] * len(domains), layout.peer_lists) is not None


def _ask_cell(solver: _PairSolver, cell: int, marks: _Marks, last: Grid) -> Grid:
    """Mark or exclude every digit of ``cell`` left: ask for a solution
    holding one of them (the others of the cell assumed out) until none is
    left, or none exists, which proves them all impossible at once (near
    uniqueness most are). The last solution found (the hint of the next)."""
    lits = solver.built.lits[cell]
    while True:
        left = {d for d in lits if not (marks.masks[cell] | marks.excluded[cell]) >> (d - 1) & 1}
        if not left:
            return last
        found = solver.solution([lits[d].Not() for d in lits if d not in left], cell, left, last, SEARCH)
        if found is None:
            for d in left:
                marks.exclude(cell, 1 << (d - 1))
            return last
        marks.add(found)
        last = found


class _PairSolver:
    """Solutions of the propagated one-hot model, one pair assumed at a time."""

    def __init__(self, puzzle: Puzzle, built: OneHot, deadline: Deadline) -> None:
        self.puzzle, self.built, self.deadline = puzzle, built, deadline
        self.stopper = Stopper()

    def solution(
        self,
        assumed: list[Any],
        cell: int = 0,
        wanted: set[int] | None = None,
        hint: Grid | None = None,
        parameters: dict[str, object] | None = None,
        work_limit: float | None = None,
    ) -> Grid | None:
        """A solution under the ``assumed`` literals if any (one with a digit
        of ``wanted`` in ``cell``), else None; raises `Undecided` at the
        deadline or the ``work_limit`` (CP-SAT's deterministic seconds).
        ``hint``: a grid for CP-SAT to try first."""
        model, lits = self.built.model, self.built.lits
        left = self.deadline.left()
        if left is not None and left <= 0:
            raise Undecided("the time limit ran out")
        model.clear_assumptions()
        model.clear_hints()
        model.add_assumptions(assumed)
        if hint is not None:
            for c, ds in lits.items():
                for d, lit in ds.items():
                    model.add_hint(lit, int(hint[c] == d))
        solver, feasible = ask(
            model, time_limit=left, work_limit=work_limit, parameters=parameters, stopper=self.stopper
        )
        if not feasible:
            return None
        grid = self.built.grid(solver)
        if wanted is not None and grid[cell] not in wanted and hint is not None:
            # OR-Tools 9.9 to 9.11 may answer with the hint itself, whatever the assumptions
            return self.solution(assumed, cell, wanted, None, parameters)
        return grid


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
