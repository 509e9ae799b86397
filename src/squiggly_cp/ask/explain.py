"""Why a puzzle is not unique: what the `explain` command tells, on CP-SAT.

`explain` classifies a puzzle and says why: the solution if it is unique; two
solutions, the cells where they differ and a given that would make it unique
if there are several; a minimal set of givens that cannot all hold if there
is none. (Counting solutions and true candidates: `squiggly_cp.ask.count`.)

The model is the exact-cover one in Boolean form (`squiggly_cp.sat.assumptions.OneHotAssumptions`),
with the givens as assumptions, so one model serves every question about a
subset of the givens, and CP-SAT can name the givens an infeasibility proof used.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.limits import Deadline, Undecided, WorkBudget
from ..core.puzzle import DIGIT_CHARS, Grid, Puzzle, Verdict, cell_name
from ..engines import cpsat
from ..sat.assumptions import Given, OneHotAssumptions, clashing_givens

__all__ = ["SUGGEST_WORK_LIMIT", "Explanation", "explain"]

SUGGEST_WORK_LIMIT = 5.0
"""Default work limit, in CP-SAT's deterministic seconds (roughly seconds, but
the same on any machine under any load; each search is also charged for loading
its model, `squiggly_cp.sat.run.LOAD_WORK`), of `explain`'s search for a given
that makes a puzzle unique: the answer is reproducible unless a time limit
decides, and the search ends in seconds (about 5 on a sparse 16x16)."""

SHRINK_WORK_LIMIT = 2.0
"""Default work limit, in the same deterministic seconds, of `explain`'s
shrinking of a conflict to a minimal one. Past it the conflict is still one
that cannot all hold, said not to be proved minimal. Rules that break one
another only together (kropki or XV dots with every other dot ruled out)
took up to 30 s to shrink on 9x9s; their first conflict comes at once."""


@dataclass(frozen=True)
class Explanation:
    """What `explain` found. Fields that do not apply to the verdict are empty or None.

    ``exhaustive`` is False when a search was cut short after the verdict was
    proved: then ``conflict`` still cannot all hold but may not be minimal, and
    a missing ``suggestion`` only means none was found; ``stopped_by`` says
    what cut it: ``"time limit"`` (wall time, so it may differ run to run) or
    ``"budget"`` (the suggestion search's work limit, in deterministic seconds: reproducible),
    or ``"not asked"`` (``explain(suggest=False)``).
    """

    puzzle: Puzzle = field(repr=False)
    verdict: Verdict
    solution: Grid | None = None
    solutions: tuple[Grid, ...] = ()
    differ: tuple[int, ...] = ()
    conflict: tuple[Given, ...] = ()
    conflict_rules: tuple[int, ...] = ()
    """With ``conflict``, the variant's rules (indices into ``puzzle.rules``) that cannot all hold with it."""
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
            elif self.stopped_by == "not asked":
                tail = "no added given was looked for"
            elif self.stopped_by == "budget":
                tail = "no single added given making it unique was found within the search budget"
            else:
                tail = "no single added given making it unique was found before the time limit"
            return f"2+ solutions, differing in {cells}; {tail}"
        said = self._conflict_text()
        if self.exhaustive:
            return said
        cut = "the search budget ran out" if self.stopped_by == "budget" else "the time limit ran out"
        return f"{said} (not proved minimal: {cut})"

    def _conflict_text(self) -> str:
        n = self.puzzle.size
        names = [_given_name(g, n) for g in self.conflict]
        if self.conflict_rules:
            rules = "; ".join(self.puzzle.rules[k].describe(n) for k in self.conflict_rules)
            cannot = self.puzzle.impossible_rule()
            if not names and cannot is not None and self.conflict_rules == (cannot[0],):
                return f"no solution: {cannot[1]}"
            if not names:
                return f"no solution: these rules cannot all hold: {rules}"
            return f"no solution: these givens and rules cannot all hold: {' '.join(names)}; {rules}"
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
        ``solution`` (unique), ``solutions``/``differ``/``suggestion`` (multiple;
        with no suggestion, ``exhaustive`` and, when false, ``stopped_by``)
        or ``conflict`` (none; ``exhaustive`` false and ``stopped_by`` when it
        is not proved minimal)."""
        n = self.puzzle.size
        out: dict[str, Any] = {"case": case_number, "verdict": self.verdict.value}
        if self.verdict is Verdict.UNIQUE and self.solution is not None:
            out["solution"] = _grid_string(self.solution)
        elif self.verdict is Verdict.MULTIPLE:
            out["solutions"] = [_grid_string(s) for s in self.solutions]
            out["differ"] = [cell_name(c, n) for c in self.differ]
            out["suggestion"] = None if self.suggestion is None else _given_name(self.suggestion, n)
            if self.suggestion is None:  # none exists, or the search stopped first (and what stopped it)
                out["exhaustive"] = self.exhaustive
                if not self.exhaustive:
                    out["stopped_by"] = self.stopped_by
        elif self.verdict is Verdict.NONE:
            out["conflict"] = [_given_name(g, n) for g in self.conflict]
            if self.puzzle.rules:
                out["conflict_rules"] = [self.puzzle.rules[k].describe(n) for k in self.conflict_rules]
            if not self.exhaustive:  # a conflict, not proved minimal (and what stopped the shrinking)
                out["exhaustive"] = False
                out["stopped_by"] = self.stopped_by
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
    regions = puzzle.region_map
    if regions[a] == regions[b] >= 0:
        return f"region {regions[a] + 1}"
    return None


def explain(
    puzzle: Puzzle,
    *,
    time_limit: float | None = None,
    suggest_work_limit: float | None = SUGGEST_WORK_LIMIT,
    suggest: bool = True,
    shrink_work_limit: float | None = SHRINK_WORK_LIMIT,
) -> Explanation:
    """Classify ``puzzle`` and explain the verdict (see `Explanation`).

    ``time_limit`` (seconds) bounds the whole call; if it runs out before the
    verdict is proved the verdict is UNKNOWN. ``suggest_work_limit`` bounds the
    search for a suggested given in CP-SAT's deterministic seconds, each
    search also charged for loading its model (`squiggly_cp.sat.run.LOAD_WORK`;
    None: no bound but ``time_limit``); when it runs out, the explanation is not
    ``exhaustive``. Without ``suggest`` no given is looked for (``stopped_by``
    is ``"not asked"``). ``shrink_work_limit`` bounds the shrinking of a
    conflict the same way; when it runs out, the conflict is not
    ``exhaustive`` (not proved minimal). Without a time limit the answer is
    the same on every run.
    """
    deadline = Deadline(time_limit)
    budget = WorkBudget(suggest_work_limit)
    clash = clashing_givens(puzzle)
    cannot = puzzle.impossible_rule() if clash is None else None
    if cannot is not None:  # the rule alone: no search, and nothing smaller to shrink to
        return Explanation(puzzle, Verdict.NONE, conflict_rules=(cannot[0],))
    quick = _decided_first(puzzle, deadline) if clash is None else None
    if isinstance(quick, Explanation):
        return quick
    if quick is not None:  # two solutions already: the engine's
        return _multiple(puzzle, *quick, deadline, budget if suggest else None)
    onehot = OneHotAssumptions(puzzle, guarded=True)
    assumed = [*onehot.givens, *_rule_items(onehot)]
    if clash is None:
        try:
            feasible, first, core = onehot.solve([_lit(onehot, g) for g in assumed], deadline)
        except Undecided:
            return _out_of_time(puzzle)
    else:
        feasible, first, core = False, None, set()
    if not feasible:
        used = [g for g in assumed if _lit(onehot, g).index in core]
        return _no_solution(
            onehot, list(clash) if clash is not None else used, deadline, WorkBudget(shrink_work_limit)
        )
    assert first is not None
    try:
        feasible, second, _ = onehot.solve(
            [*(_lit(onehot, g) for g in assumed), onehot.differs_from(first)], deadline
        )
    except Undecided:
        return _out_of_time(puzzle)
    if not feasible:
        return Explanation(puzzle, Verdict.UNIQUE, solution=first, solutions=(first,))
    assert second is not None
    return _multiple(puzzle, first, second, deadline, budget if suggest else None, onehot)


def _multiple(
    puzzle: Puzzle,
    first: Grid,
    second: Grid,
    deadline: Deadline,
    budget: WorkBudget | None,
    onehot: OneHotAssumptions | None = None,
) -> Explanation:
    """The explanation of a puzzle with the solutions ``first`` and
    ``second``: with a ``budget``, the search for a given that makes it
    unique, on ``onehot`` (built here if None: a check without that search
    need not pay for the assumption model)."""
    differ = tuple(c for c in range(len(first)) if first[c] != second[c])
    if budget is None:
        return Explanation(puzzle, Verdict.MULTIPLE, solutions=(first, second), differ=differ,
                           exhaustive=False, stopped_by="not asked")  # fmt: skip
    if _relabelling_keeps_two(puzzle):
        return Explanation(puzzle, Verdict.MULTIPLE, solutions=(first, second), differ=differ)
    if onehot is None:
        onehot = OneHotAssumptions(puzzle, guarded=True)
    suggestion, complete = _suggest(onehot, first, second, differ, deadline, budget)
    return Explanation(
        puzzle,
        Verdict.MULTIPLE,
        solutions=(first, second),
        differ=differ,
        suggestion=suggestion,
        exhaustive=complete,
        stopped_by=None if complete else "time limit" if deadline.passed() else "budget",
    )


def _relabelling_keeps_two(puzzle: Puzzle) -> bool:
    """Whether no single added given can make ``puzzle`` (of several
    solutions) unique, with no search: its rules are all houses, which a
    relabelling of the digits keeps, and its givens lack three digits or more.
    One given added leaves two of them absent, and any solution with those
    two swapped everywhere is another one (a blank grid's answer, at once)."""
    n = puzzle.size
    if not all(rule.is_house(n) for rule in puzzle.rules):
        return False
    return n - len(set(puzzle.givens) - {0}) >= 3


def _out_of_time(puzzle: Puzzle) -> Explanation:
    """The time limit ran out before a verdict: nothing was searched to its
    end, so nothing is exhaustive (no "no given makes it unique" from it)."""
    return Explanation(puzzle, Verdict.UNKNOWN, exhaustive=False, stopped_by="time limit")


def _decided_first(puzzle: Puzzle, deadline: Deadline) -> Explanation | tuple[Grid, Grid] | None:
    """The engine's verdict when it needs no explaining (unique, or unknown
    at the time limit); for a puzzle of several solutions, the two it found;
    else None (no solution: the core needs the assumption model). Most
    puzzles are unique: the assumption model `explain` builds costs several
    times the engine's whole solve, and searching it again for two solutions
    of a sparse 16x16 cost three times what the engine's search had (0.5
    against 0.13 s)."""
    try:
        decided = cpsat.solve(puzzle, time_limit=deadline.left_or_raise())
    except Undecided:
        return _out_of_time(puzzle)
    if decided.verdict is Verdict.UNKNOWN:
        return _out_of_time(puzzle)
    if decided.verdict is Verdict.UNIQUE:
        return Explanation(puzzle, Verdict.UNIQUE, solution=decided.solution, solutions=decided.solutions)
    if decided.verdict is Verdict.MULTIPLE:
        first, second = decided.solutions
        return first, second
    return None


def _no_solution(
    onehot: OneHotAssumptions, start: list[Item], deadline: Deadline, budget: WorkBudget
) -> Explanation:
    """The explanation of a puzzle with no solution: ``start`` (givens and
    rules that cannot all hold) shrunk to a minimal such set, as far as the
    ``budget`` and the ``deadline`` let it go."""
    conflict, minimal = _shrink(onehot, start, deadline, budget)
    return Explanation(
        onehot.puzzle,
        Verdict.NONE,
        conflict=tuple(g for g in conflict if g[0] >= 0),
        conflict_rules=tuple(-1 - k for k, _ in conflict if k < 0),
        exhaustive=minimal,
        stopped_by=None if minimal else "time limit" if deadline.passed() else "budget",
    )


Item = tuple[int, int]
"""What a conflict is made of: a given (cell, digit), or a variant's rule k
as (-1 - k, 0), so that rules sort after nothing and apart from givens."""


def _rule_items(onehot: OneHotAssumptions) -> list[Item]:
    """The rules that can be assumed (all but extra houses, which are houses), as items."""
    return [(-1 - k, 0) for k, guard in enumerate(onehot.rule_guards) if guard is not None]


def _lit(onehot: OneHotAssumptions, item: Item) -> Any:
    """The literal to assume for a given or a rule."""
    return onehot.rule_guards[-1 - item[0]] if item[0] < 0 else onehot.lit(item)


def _shrink(
    onehot: OneHotAssumptions, start: list[Item], deadline: Deadline, budget: WorkBudget
) -> tuple[tuple[Item, ...], bool]:
    """Shrink an infeasible set of givens (and rules) by deletion until every one is needed.

    Returns the set (givens row-major, then rules) and whether minimality was proved
    before the deadline or the work ``budget`` ran out. One needed stays needed in
    every subset, so one pass suffices.
    """
    current = sorted(start, key=lambda item: (item[0] < 0, abs(item[0]), item[1]))
    proved = True
    found: list[Grid] = []
    i = 0
    while i < len(current):
        trial = current[:i] + current[i + 1 :]
        # Relabelling the digits of a solution gives a solution (of the houses:
        # not of a cage's sum, so not while a rule is assumed); that often proves
        # a sparse set feasible without a search, and otherwise gives the search a good start.
        relabelled, exact_fit = _best_relabel(found, [g for g in trial if g[0] >= 0])
        if exact_fit and all(g[0] >= 0 for g in trial):
            i += 1
            continue
        try:
            assumed = [_lit(onehot, g) for g in trial]
            feasible, grid, core = onehot.solve(assumed, deadline, relabelled, budget)
        except Undecided:  # not proved needed: it stays, and minimality is not proved
            proved = False
            i += 1
            continue
        if feasible is False:
            # The proof's core is itself infeasible; it keeps every item already found needed.
            current = [g for g in trial if _lit(onehot, g).index in core]
        else:
            if grid is not None:
                found.append(grid)
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
    onehot: OneHotAssumptions,
    first: Grid,
    second: Grid,
    differ: Sequence[int],
    deadline: Deadline,
    budget: WorkBudget,
) -> tuple[Given | None, bool]:
    """A given that makes the puzzle unique, and whether the search finished.

    Every solution found goes into a pool; a candidate (cell, digit) that two
    pooled solutions share cannot make the puzzle unique. The candidates come
    in `_suggestion_order`.
    """
    pool = [first, second]
    givens = [_lit(onehot, g) for g in [*onehot.givens, *_rule_items(onehot)]]

    def makes_unique(cell: int, digit: int) -> bool:
        """Whether the puzzle plus this given has exactly one solution (raises
        `Undecided` when the time or the budget runs out)."""
        while True:
            matching = [s for s in pool if s[cell] == digit]
            if len(matching) >= 2:
                return False
            feasible, grid, _ = onehot.solve(
                [*givens, onehot.lits[cell][digit], *(onehot.differs_from(s) for s in matching)],
                deadline,
                budget=budget,
            )
            if not feasible:
                return bool(matching)
            assert grid is not None
            pool.append(grid)

    for cell, digit in _suggestion_order(onehot.puzzle, first, second, differ):
        try:
            found = makes_unique(cell, digit)
        except Undecided:
            return None, False
        if found:
            return (cell, digit), True
    return None, True


def _suggestion_order(puzzle: Puzzle, first: Grid, second: Grid, differ: Sequence[int]) -> Iterator[Given]:
    """The givens `_suggest` tries, in order. A given that makes the puzzle
    unique with solution S must rule out ``first`` or ``second`` unless S is
    neither, so the cells where they differ come first, with either one's
    digit; then the digits of empty cells that differ from both."""
    for source in (first, second):
        for cell in differ:
            yield cell, source[cell]
    # Only a third solution can be made unique now: the digit must differ from both.
    peers = puzzle.peers
    given_digits = puzzle.givens
    for cell in range(puzzle.size * puzzle.size):
        if given_digits[cell]:
            continue
        blocked = {given_digits[p] for p in peers[cell]}
        for digit in range(1, puzzle.size + 1):
            if digit not in blocked and digit not in (first[cell], second[cell]):
                yield cell, digit
