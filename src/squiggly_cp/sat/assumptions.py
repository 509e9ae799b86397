"""One CP-SAT model of a puzzle's houses for many questions about its givens.

The model is the one-hot exact cover (`squiggly_cp.sat.model.OneHot`) over
every cell and digit. Givens are not constants but assumptions on its
literals, supplied per solve, so one model serves every question about a
subset of the givens (`squiggly_cp.ask.explain`, `squiggly_cp.ask.count`),
and CP-SAT can name the givens an infeasibility proof used.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ortools.sat.python import cp_model

from ..core.limits import Deadline, Undecided, WorkBudget
from ..core.puzzle import Grid, Puzzle
from .model import OneHot, RuleEncoder
from .run import ask

__all__ = ["Given", "OneHotAssumptions", "clashing_givens"]

Given = tuple[int, int]
"""A given as (0-based cell index, digit)."""


def clashing_givens(puzzle: Puzzle) -> tuple[Given, Given] | None:
    """The first two equal givens sharing a house (row-major order), if any."""
    repeat = puzzle.repeated_given()
    if repeat is None:
        return None
    first, second = sorted(repeat[1:])
    digit = puzzle.givens[first]
    return (first, digit), (second, digit)


class OneHotAssumptions:
    """The one-hot model of ``puzzle``'s houses, every cell open (``lits[cell][digit]``);
    its ``givens`` are supplied per solve as assumptions. A variant's rules
    are in the model; with ``guarded`` each rule holds only under its literal
    of ``rule_guards`` (one per rule of ``puzzle.rules``; a rule that is only
    extra houses has None), which the caller assumes like a given."""

    def __init__(self, puzzle: Puzzle, guarded: bool = False):
        n = puzzle.size
        self.puzzle = puzzle
        self.size = n
        built = OneHot(puzzle, [(1 << n) - 1] * (n * n), propagated=False, rules=not guarded)
        self.rule_guards: list[Any] = []
        if guarded:
            for rule in puzzle.rules:
                guard = None if rule.is_house(n) else built.model.new_bool_var("")
                RuleEncoder(built, guard).rule(rule, puzzle)
                self.rule_guards.append(guard)
        self.model = built.model
        self.lits = built.lits
        self._grid = built.grid
        self.givens: list[Given] = [(c, d) for c, d in enumerate(puzzle.givens) if d]
        self._differs: dict[Grid, cp_model.IntVar] = {}

    def lit(self, given: Given) -> cp_model.IntVar:
        """The literal "the cell holds the digit" of ``given``."""
        return self.lits[given[0]][given[1]]

    def lacks(self, cell: int, digit: int) -> Any:
        """The literal "``cell`` does not hold ``digit``", to assume."""
        return self.lits[cell][digit].Not()

    def fix_givens(self) -> None:
        """Make the givens constraints of the model, not assumptions (for a
        search that enumerates solutions, which takes no assumptions)."""
        for given in self.givens:
            self.model.add_bool_and([self.lit(given)])

    def some_of(self, literals: Sequence[Any]) -> cp_model.IntVar:
        """A new literal that, assumed, asks for at least one of ``literals``."""
        chosen = self.model.new_bool_var("")
        self.model.add_bool_or(literals).only_enforce_if(chosen)
        return chosen

    def differs_from(self, grid: Grid) -> cp_model.IntVar:
        """A literal that, when true, forbids ``grid`` as the solution."""
        if grid not in self._differs:
            e = self.model.new_bool_var("")
            self.model.add_bool_or([self.lits[c][d].Not() for c, d in enumerate(grid)]).only_enforce_if(e)
            self._differs[grid] = e
        return self._differs[grid]

    def solve(
        self,
        assumptions: Iterable[Any],
        deadline: Deadline,
        first_try: Grid | None = None,
        budget: WorkBudget | None = None,
        parameters: Mapping[str, object] | None = None,
        core: bool = True,
    ) -> tuple[bool, Grid | None, set[int]]:
        """(feasible?, a solution, indices of the assumption literals an infeasibility proof used).

        Raises `Undecided` when the time limit or the work ``budget`` runs
        out first. ``first_try`` is a grid for the search to try first (CP-SAT's
        solution hint). Without ``core`` the indices are not asked for (an
        empty set).
        """
        left = deadline.left()
        if (left is not None and left <= 0) or (budget is not None and budget.spent()):
            raise Undecided("the time limit or the work budget ran out")
        assumptions = list(assumptions)
        self.model.clear_assumptions()
        self.model.add_assumptions(assumptions)
        self._try_first(first_try)
        solver, feasible = ask(self.model, time_limit=left, budget=budget, parameters=parameters)
        if feasible:
            # OR-Tools 9.9 to 9.11 can answer with the hinted grid even where it
            # breaks the assumptions: such an answer is checked, and replaced.
            if first_try is not None and not all(solver.boolean_value(a) for a in assumptions):
                return self.solve(assumptions, deadline, budget=budget)
            return True, self._grid(solver), set()
        if not core:
            return False, None, set()
        used = set(solver.sufficient_assumptions_for_infeasibility())
        # CP-SAT's "sufficient" set is not always sufficient (seen on a 6x6:
        # three givens it named admit two solutions), so it is checked; if
        # it fails, all the assumptions, which are proved infeasible, stand.
        if len(used) < len(assumptions):
            smaller = [a for a in assumptions if a.index in used]
            try:
                sufficient = self.solve(smaller, deadline)[0] is False
            except Undecided:
                sufficient = False
            if not sufficient:
                used = {a.index for a in assumptions}
        return False, None, used

    def _try_first(self, grid: Grid | None) -> None:
        self.model.clear_hints()
        if grid is not None:
            for c, d in enumerate(grid):
                for digit, lit in self.lits[c].items():
                    self.model.add_hint(lit, int(digit == d))
