"""Why a puzzle is not unique: the setter's diagnosis, on CP-SAT.

* `explain` classifies a puzzle and says why: the solution if it is unique; two
  solutions, the cells where they differ and a given that would make it unique
  if there are several; a minimal set of givens that cannot all hold if there
  is none.
* `count` counts solutions up to a limit, with progress reports.
* `true_candidates` lists, per cell, the digits that occur in some solution.

The model here is the exact-cover one in Boolean form: a literal ``x[c][d]``
for "cell c holds digit d", exactly one per cell and exactly one per (house,
digit). Givens are not constants but assumptions on those literals, so one
model serves every question about a subset of the givens, and CP-SAT can name
the givens an infeasibility proof used.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ortools.sat.python import cp_model

from ..core.limits import Deadline, check_time_limit
from ..core.propagate import candidates
from ..core.puzzle import DIGIT_CHARS, Grid, Puzzle, Verdict, cell_name
from ..sat.run import DONE, run

__all__ = ["Diagnosis", "count", "count_answer", "explain", "format_candidates", "true_candidates"]

Given = tuple[int, int]
"""A given as (0-based cell index, digit)."""

SUGGEST_WORK = 5.0
"""Default budget, in CP-SAT's deterministic seconds (roughly seconds, but the
same on any machine under any load), of `explain`'s search for a given that
makes a puzzle unique: the answer is reproducible unless a time limit decides."""

_PROGRESS_EVERY = 0.5


@dataclass(frozen=True)
class Diagnosis:
    """What `explain` found. Fields that do not apply to the verdict are empty or None.

    ``exhaustive`` is False when a search was cut short after the verdict was
    proved: then ``conflict`` still cannot all hold but may not be minimal, and
    a missing ``suggestion`` only means none was found; ``stopped_by`` says
    what cut it: ``"time limit"`` (wall time, so it may differ run to run) or
    ``"budget"`` (the suggestion search's deterministic budget, reproducible).
    """

    puzzle: Puzzle = field(repr=False)
    verdict: Verdict
    solution: Grid | None = None
    solutions: tuple[Grid, ...] = ()
    differ: tuple[int, ...] = ()
    conflict: tuple[Given, ...] = ()
    suggestion: Given | None = None
    exhaustive: bool = True
    stopped_by: str | None = None

    @property
    def text(self) -> str:
        """The one-line explanation for people."""
        return self.describe()

    def describe(self) -> str:
        """The one-line explanation for people."""
        n = self.puzzle.size
        if self.verdict is Verdict.UNIQUE:
            return "unique solution"
        if self.verdict is Verdict.UNKNOWN:
            return "unknown: the time limit ran out before a verdict"
        if self.verdict is Verdict.MULTIPLE:
            cells = " ".join(cell_name(c, n) for c in self.differ)
            if self.suggestion is not None:
                tail = f"adding the given {_given_name(self.suggestion, n)} makes it unique"
            elif self.exhaustive:
                tail = "no single added given makes it unique"
            elif self.stopped_by == "budget":
                tail = "no single added given making it unique was found within the search budget"
            else:
                tail = "no single added given making it unique was found before the time limit"
            return f"2+ solutions, differing in {cells}; {tail}"
        names = [_given_name(g, n) for g in self.conflict]
        if not names:
            return "no solution: the region layout itself cannot be filled"
        house = _shared_house(self.puzzle, self.conflict)
        if house is not None:
            return f"no solution: {names[0]} and {names[1]} are both in {house}"
        if len(names) == 1:
            return f"no solution: the given {names[0]} cannot hold"
        return f"no solution: these {len(names)} givens cannot all hold: {' '.join(names)}"

    def to_json(self, case_number: int) -> dict[str, Any]:
        """A JSON-ready dict: ``case`` (1-based) and ``verdict``, plus per verdict
        ``solution`` (unique), ``solutions``/``differ``/``suggestion`` (multiple)
        or ``conflict`` (none)."""
        n = self.puzzle.size
        out: dict[str, Any] = {"case": case_number, "verdict": self.verdict.value}
        if self.verdict is Verdict.UNIQUE and self.solution is not None:
            out["solution"] = _grid_string(self.solution)
        elif self.verdict is Verdict.MULTIPLE:
            out["solutions"] = [_grid_string(s) for s in self.solutions]
            out["differ"] = [cell_name(c, n) for c in self.differ]
            out["suggestion"] = None if self.suggestion is None else _given_name(self.suggestion, n)
        elif self.verdict is Verdict.NONE:
            out["conflict"] = [_given_name(g, n) for g in self.conflict]
        return out


def _given_name(given: Given, size: int) -> str:
    cell, digit = given
    return f"{cell_name(cell, size)}={DIGIT_CHARS[digit - 1]}"


def _grid_string(grid: Grid) -> str:
    return "".join(DIGIT_CHARS[d - 1] for d in grid)


def _shared_house(puzzle: Puzzle, conflict: tuple[Given, ...]) -> str | None:
    """``"column 5"`` if the conflict is two equal digits in one house, else None."""
    if len(conflict) != 2 or conflict[0][1] != conflict[1][1]:
        return None
    n = puzzle.size
    (a, _), (b, _) = conflict
    if a // n == b // n:
        return f"row {a // n + 1}"
    if a % n == b % n:
        return f"column {a % n + 1}"
    if puzzle.regions[a] == puzzle.regions[b]:
        return f"region {puzzle.regions[a] + 1}"
    return None


class _Exact:
    """The Boolean model of a puzzle's houses; givens are supplied per solve as assumptions."""

    def __init__(self, puzzle: Puzzle):
        n = puzzle.size
        self.puzzle = puzzle
        self.size = n
        self.model = cp_model.CpModel()
        self.x = [
            [self.model.new_bool_var(f"{cell_name(c, n)}={d}") for d in range(1, n + 1)] for c in range(n * n)
        ]
        for lits in self.x:
            self.model.add_exactly_one(lits)
        for unit in puzzle.units:
            for d in range(n):
                self.model.add_exactly_one(self.x[c][d] for c in unit)
        self.givens: list[Given] = [(c, d) for c, d in enumerate(puzzle.givens) if d]
        self._differs: dict[Grid, cp_model.IntVar] = {}

    def lit(self, given: Given) -> cp_model.IntVar:
        return self.x[given[0]][given[1] - 1]

    def differs_from(self, grid: Grid) -> cp_model.IntVar:
        """A literal that, when true, forbids ``grid`` as the solution."""
        if grid not in self._differs:
            e = self.model.new_bool_var("")
            self.model.add_bool_or([self.x[c][d - 1].Not() for c, d in enumerate(grid)]).only_enforce_if(e)
            self._differs[grid] = e
        return self._differs[grid]

    def solve(
        self,
        assumptions: Iterable[Any],
        deadline: Deadline,
        hint: Grid | None = None,
        budget: _Budget | None = None,
        parameters: dict[str, object] | None = None,
    ) -> tuple[bool | None, Grid | None, set[int]]:
        """(feasible?, a solution, indices of the assumption literals an infeasibility proof used).

        ``feasible?`` is None when the time limit or the ``budget`` ran out
        first. ``hint`` is a grid for the search to try first.
        """
        left = deadline.left()
        if (left is not None and left <= 0) or (budget is not None and budget.spent_out()):
            return None, None, set()
        assumptions = list(assumptions)
        self.model.clear_assumptions()
        self.model.add_assumptions(assumptions)
        self.model.clear_hints()
        if hint is not None:
            for c, d in enumerate(hint):
                for k, lit in enumerate(self.x[c]):
                    self.model.add_hint(lit, int(k == d - 1))
        solver, status = run(
            self.model, time_limit=left, work_limit=budget and budget.left, parameters=parameters
        )
        if budget is not None:
            budget.spend(solver)
        if status in ("OPTIMAL", "FEASIBLE"):
            # OR-Tools 9.9 to 9.11 can answer with the hinted grid even where it
            # breaks the assumptions: such an answer is checked, and replaced.
            if hint is not None and not all(solver.boolean_value(a) for a in assumptions):
                return self.solve(assumptions, deadline, budget=budget)
            return True, self._grid(solver), set()
        if status == "INFEASIBLE":
            core = set(solver.sufficient_assumptions_for_infeasibility())
            # CP-SAT's "sufficient" set is not always sufficient (seen on a 6x6:
            # three givens it named admit two solutions), so it is checked; if
            # it fails, all the assumptions, which are proved infeasible, stand.
            if len(core) < len(assumptions):
                smaller = [a for a in assumptions if a.index in core]
                if self.solve(smaller, deadline)[0] is not False:
                    core = {a.index for a in assumptions}
            return False, None, core
        return None, None, set()

    def _grid(self, solver: cp_model.CpSolver) -> Grid:
        value = solver.boolean_value
        return tuple(next(d for d, lit in enumerate(lits, 1) if value(lit)) for lits in self.x)


def _clash(puzzle: Puzzle) -> tuple[Given, Given] | None:
    """The first two equal givens sharing a house (row-major order), if any."""
    repeat = puzzle.repeated_given()
    if repeat is None:
        return None
    first, second = sorted(repeat[1:])
    digit = puzzle.givens[first]
    return (first, digit), (second, digit)


def explain(
    puzzle: Puzzle, *, time_limit: float | None = None, suggest_work: float | None = SUGGEST_WORK
) -> Diagnosis:
    """Classify ``puzzle`` and explain the verdict (see `Diagnosis`).

    ``time_limit`` (seconds) bounds the whole call; if it runs out before the
    verdict is proved the verdict is UNKNOWN. ``suggest_work`` bounds the
    search for a suggested given in CP-SAT's deterministic seconds (None: no
    bound but ``time_limit``); when it runs out, the diagnosis is not
    ``exhaustive``. Without a time limit the answer is the same on every run.
    """
    deadline = Deadline(time_limit)
    budget = _Budget(check_time_limit(suggest_work))
    exact = _Exact(puzzle)
    clash = _clash(puzzle)
    if clash is None:
        feasible, first, core = exact.solve([exact.lit(g) for g in exact.givens], deadline)
        if feasible is None:
            return Diagnosis(puzzle, Verdict.UNKNOWN)
    else:
        feasible, first, core = False, None, set()
    if not feasible:
        start = list(clash) if clash is not None else [g for g in exact.givens if exact.lit(g).index in core]
        conflict, minimal = _shrink(exact, start, deadline)
        stopped = None if minimal else "time limit"
        return Diagnosis(puzzle, Verdict.NONE, conflict=conflict, exhaustive=minimal, stopped_by=stopped)

    assert first is not None
    givens = [exact.lit(g) for g in exact.givens]
    feasible, second, _ = exact.solve([*givens, exact.differs_from(first)], deadline)
    if feasible is None:
        return Diagnosis(puzzle, Verdict.UNKNOWN)
    if not feasible:
        return Diagnosis(puzzle, Verdict.UNIQUE, solution=first, solutions=(first,))
    assert second is not None
    differ = tuple(c for c in range(len(first)) if first[c] != second[c])
    suggestion, complete = _suggest(exact, first, second, differ, deadline, budget)
    return Diagnosis(
        puzzle,
        Verdict.MULTIPLE,
        solutions=(first, second),
        differ=differ,
        suggestion=suggestion,
        exhaustive=complete,
        stopped_by=None if complete else "time limit" if deadline.passed() else "budget",
    )


class _Budget:
    """Deterministic work left for a search, in CP-SAT's deterministic seconds
    (None: unbounded)."""

    def __init__(self, amount: float | None):
        self.left = amount

    def spent_out(self) -> bool:
        return self.left is not None and self.left <= 0

    def spend(self, solver: cp_model.CpSolver) -> None:
        if self.left is not None:
            self.left -= solver.response_proto.deterministic_time


def _shrink(exact: _Exact, start: list[Given], deadline: Deadline) -> tuple[tuple[Given, ...], bool]:
    """Shrink an infeasible set of givens by deletion until every given is needed.

    Returns the set (row-major) and whether minimality was proved before the
    deadline. A given found needed stays needed in every subset, so one pass suffices.
    """
    current = sorted(start)
    proved = True
    found: list[Grid] = []
    i = 0
    while i < len(current):
        trial = current[:i] + current[i + 1 :]
        # Relabelling the digits of a solution gives a solution; that often proves a
        # sparse set feasible without a search, and otherwise gives the search a good start.
        hint, exact_fit = _best_relabel(found, trial)
        if exact_fit:
            i += 1
            continue
        feasible, grid, core = exact.solve([exact.lit(g) for g in trial], deadline, hint)
        if feasible is False:
            # The proof's core is itself infeasible; it keeps every given already found needed.
            current = [g for g in trial if exact.lit(g).index in core]
        else:
            if grid is not None:
                found.append(grid)
            proved = proved and feasible is True
            i += 1
    return tuple(current), proved


def _best_relabel(grids: Sequence[Grid], givens: Sequence[Given]) -> tuple[Grid | None, bool]:
    """The digit relabelling of one of ``grids`` that keeps the most ``givens``, and
    whether it keeps them all."""
    best: Grid | None = None
    best_kept = -1
    for grid in grids:
        to: dict[int, int] = {}
        taken: set[int] = set()
        kept = 0
        for cell, digit in givens:
            old = grid[cell]
            if to.get(old) == digit:
                kept += 1
            elif old not in to and digit not in taken:
                to[old] = digit
                taken.add(digit)
                kept += 1
        if kept > best_kept:
            digits = sorted(set(grid))
            free = iter(d for d in digits if d not in taken)
            for old in digits:
                if old not in to:
                    to[old] = next(free)
            best = tuple(to[d] for d in grid)
            best_kept = kept
            if kept == len(givens):
                return best, True
    return best, False


def _suggest(
    exact: _Exact,
    first: Grid,
    second: Grid,
    differ: Sequence[int],
    deadline: Deadline,
    budget: _Budget,
) -> tuple[Given | None, bool]:
    """A given that makes the puzzle unique, and whether the search finished.

    Every solution found goes into a pool; a candidate (cell, digit) that two
    pooled solutions share cannot make the puzzle unique. A given that makes it
    unique with solution S must rule out ``first`` or ``second`` unless S is
    neither, so the cells where they differ come first, with either one's digit.
    """
    n = exact.size
    pool = [first, second]
    givens = [exact.lit(g) for g in exact.givens]

    def makes_unique(cell: int, digit: int) -> bool | None:
        """Whether the puzzle plus this given has exactly one solution (None: out of time or budget)."""
        while True:
            matching = [s for s in pool if s[cell] == digit]
            if len(matching) >= 2:
                return False
            feasible, grid, _ = exact.solve(
                [*givens, exact.x[cell][digit - 1], *(exact.differs_from(s) for s in matching)],
                deadline,
                budget=budget,
            )
            if feasible is None:
                return None
            if not feasible:
                return bool(matching)
            assert grid is not None
            pool.append(grid)

    for source in (first, second):
        for cell in differ:
            found = makes_unique(cell, source[cell])
            if found is None:
                return None, False
            if found:
                return (cell, source[cell]), True

    # Only a third solution can be made unique now: the digit must differ from both.
    peers = exact.puzzle.peers
    given_digits = exact.puzzle.givens
    for cell in range(n * n):
        if given_digits[cell]:
            continue
        blocked = {given_digits[p] for p in peers[cell]}
        for digit in range(1, n + 1):
            if digit in blocked or digit in (first[cell], second[cell]):
                continue
            found = makes_unique(cell, digit)
            if found is None:
                return None, False
            if found:
                return (cell, digit), True
    return None, True


class _Counter(cp_model.CpSolverSolutionCallback):
    def __init__(self, limit: int, progress: Callable[[int], None] | None):
        super().__init__()
        self.limit = limit
        self.count = 0
        self._progress = progress
        self._last = time.monotonic()

    def on_solution_callback(self) -> None:
        self.count += 1
        if self.count >= self.limit:
            self.stop_search()
        if self._progress is not None:
            now = time.monotonic()
            if now - self._last >= _PROGRESS_EVERY:
                self._last = now
                self._progress(self.count)


def count(
    puzzle: Puzzle,
    limit: int,
    *,
    progress: Callable[[int], None] | None = None,
    time_limit: float | None = None,
) -> tuple[int, bool]:
    """The number of solutions of ``puzzle``, counting no further than ``limit``.

    Returns ``(count, complete)``; ``complete`` is False when the time limit
    (seconds) stopped the count, which is then only a lower bound. A count equal
    to ``limit`` means "``limit`` or more". ``progress`` is called with the count
    so far, at most every half second, while solutions keep coming.
    """
    check_time_limit(time_limit)
    if limit <= 0:
        return 0, True
    if _clash(puzzle) is not None:
        return 0, True
    exact = _Exact(puzzle)
    for g in exact.givens:
        exact.model.add_bool_and([exact.lit(g)])
    counter = _Counter(limit, progress)
    _, status = run(exact.model, time_limit=time_limit, callback=counter)
    return counter.count, counter.count >= limit or status in DONE


# Finding one solution of a sparse puzzle: CP-SAT's fixed search (first open
# literal, false first, with clause learning) was 3-10 times faster than the
# default here (benchmarks/RESULTS.md, slow corners).
_FIXED_SEARCH = {"search_branching": "FIXED_SEARCH"}


def true_candidates(puzzle: Puzzle, *, time_limit: float | None = None) -> list[int] | None:
    """Per cell, a bitmask (bit d-1 for digit d) of the digits some solution puts there.

    None if the puzzle has no solution. Raises `TimeoutError` if ``time_limit``
    (seconds) runs out first.

    Propagation (`squiggly_cp.core.propagate.candidates`) first removes pairs no
    solution can hold. Every solution found marks all its (cell, digit)
    pairs, and so does every solution made from it by swapping two digits
    along a Kempe chain free of givens (no search needed). Each pair still
    unmarked then gets one solve that assumes it: a solution marks it (and
    many more), infeasibility proves it impossible.
    """
    n = puzzle.size
    if _clash(puzzle) is not None:
        return None
    domains = candidates(puzzle)
    if domains is None:
        return None
    deadline = Deadline(time_limit)
    exact = _Exact(puzzle)
    base = [exact.lit(g) for g in exact.givens]
    base += [exact.x[c][d].Not() for c in range(n * n) for d in range(n) if not domains[c] >> d & 1]
    masks = [0] * (n * n)
    # A first solution with nothing assumed, then one solve for each pair that
    # no solution found so far has marked.
    todo = [None, *((c, d) for c in range(n * n) for d in range(n) if domains[c] >> d & 1)]
    for pair in todo:
        if pair is not None and masks[pair[0]] >> pair[1] & 1:
            continue
        assumed = base if pair is None else [*base, exact.x[pair[0]][pair[1]]]
        feasible, found, _ = exact.solve(assumed, deadline, parameters=_FIXED_SEARCH)
        if feasible is None:
            raise TimeoutError("the time limit ran out before the candidates were complete")
        if feasible:
            assert found is not None
            _mark_kempe(puzzle, found, masks)
        elif pair is None:
            return None
    return masks


def _mark_kempe(puzzle: Puzzle, grid: Grid, masks: list[int]) -> None:
    """Mark in ``masks`` the pairs of ``grid`` (a solution) and of the
    solutions reached from it by swapping digits a and b on a Kempe chain: a
    set of a- and b-cells holding, with each cell, the other digit's cell in
    each of its houses. Swapped, every house still holds each digit once; a
    chain without a given gives another solution."""
    n = puzzle.size
    current = list(grid)
    for c, d in enumerate(current):
        masks[c] |= 1 << (d - 1)
    units = puzzle.units
    houses_of: list[list[int]] = [[] for _ in range(n * n)]
    for u, unit in enumerate(units):
        for c in unit:
            houses_of[c].append(u)
    givens = puzzle.givens
    for a in range(1, n + 1):
        for b in range(a + 1, n + 1):
            where: dict[tuple[int, int], int] = {}
            for u, unit in enumerate(units):
                for c in unit:
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
                    masks[c] |= 1 << (current[c] - 1)


def format_candidates(puzzle: Puzzle, masks: Sequence[int]) -> str:
    """The candidates as text: one line per row (each ending with a newline),
    cells separated by one space.

    Each cell is a field of ``size`` characters; position d-1 shows digit d
    (as in `DIGIT_CHARS`) if it is a candidate, else ``.``. For 9x9, a cell
    with candidates 1, 4 and 9 reads ``1..4....9``.
    """
    n = puzzle.size
    lines = []
    for r in range(n):
        fields = [
            "".join(DIGIT_CHARS[d] if masks[r * n + c] >> d & 1 else "." for d in range(n)) for c in range(n)
        ]
        lines.append(" ".join(fields) + "\n")
    return "".join(lines)


def count_answer(
    puzzle: Puzzle,
    *,
    limit: int,
    candidates: bool,
    time_limit: float | None,
    progress: Callable[[int], None] | None = None,
) -> str | tuple[int, bool] | None:
    """What the `count` command answers for one puzzle (in this process or on
    a --cluster worker): with ``candidates`` the true candidates as text,
    else ``(found, complete)`` of `count`; None when the time limit left
    nothing proved."""
    if candidates:
        try:
            masks = true_candidates(puzzle, time_limit=time_limit)
        except TimeoutError:
            return None
        return "No solution\n" if masks is None else format_candidates(puzzle, masks)
    found, complete = count(puzzle, limit, progress=progress, time_limit=time_limit)
    return None if not complete and not found else (found, complete)
