"""Uniqueness checks through CP-SAT, one feasibility question each.

Is there a solution other than the known one? With the known solution S of
a puzzle and a set of cells (an orbit) whose givens are removed, any other
solution must differ from S inside the orbit, so the question is whether
the remaining givens plus "some orbit cell differs from S" is feasible.
Naked and hidden singles (`candidates.candidates`) settle most of these at once;
the rest go to CP-SAT on a model of the cells the singles leave open, and a
one-cell orbit becomes a cut of that cell's domain rather than a constraint.
"""

from __future__ import annotations

from collections.abc import Sequence

from ortools.sat.python import cp_model

from ..core.propagate import candidates
from ..core.puzzle import Grid, Puzzle
from ..sat.run import run
from .layouts import GENERATOR_PARAMETERS, Undecided

Literals = dict[int, dict[int, cp_model.IntVar]]


def other_solution(
    puzzle: Puzzle,
    solution: Grid,
    orbit: Sequence[int],
    det_limit: float | None = None,
    time_limit: float | None = None,
) -> Grid | None:
    """A solution of ``puzzle`` other than ``solution`` that differs in ``orbit``,
    or None if there is none.

    ``solution`` must be the only solution of ``puzzle`` plus the givens of
    ``orbit`` (so any other solution differs in the orbit). Raises `Undecided`
    when CP-SAT reaches ``det_limit`` (deterministic time) or ``time_limit``
    (seconds) first."""
    domains = candidates(puzzle)
    if domains is None:
        raise AssertionError("the known solution contradicts the givens")
    if len(orbit) == 1:
        cell = orbit[0]
        mask = domains[cell] & ~(1 << (solution[cell] - 1))
        if not mask:
            return None
        if not mask & (mask - 1):
            givens = list(puzzle.givens)
            givens[cell] = mask.bit_length()
            domains = candidates(puzzle.with_givens(givens))
            if domains is None:
                return None
        else:
            domains[cell] = mask
    if not any(mask & (mask - 1) for mask in domains):
        grid = tuple(mask.bit_length() for mask in domains)
        return grid if grid != solution and puzzle.is_solution(grid) else None
    model, lits = open_model(puzzle, domains)
    # Some cell of the orbit differs from the solution. A cell whose domain
    # lacks its solution digit always differs; then nothing is needed.
    if len(orbit) > 1 and all(domains[cell] >> (solution[cell] - 1) & 1 for cell in orbit):
        model.add_bool_or([~lits[cell][solution[cell]] for cell in orbit if cell in lits])
    solver, status = run(model, time_limit=time_limit, work_limit=det_limit, parameters=GENERATOR_PARAMETERS)
    if status == "INFEASIBLE":
        return None
    if status in ("OPTIMAL", "FEASIBLE"):
        grid = [mask.bit_length() for mask in domains]
        for cell, options in lits.items():
            grid[cell] = next(d for d, lit in options.items() if solver.boolean_value(lit))
        return tuple(grid)
    raise Undecided("uniqueness check stopped at its cap")


def open_model(puzzle: Puzzle, domains: list[int]) -> tuple[cp_model.CpModel, Literals]:
    """CP-SAT model of the cells ``domains`` leave open: a Boolean per open
    (cell, digit), exactly one per cell and per house and digit not yet placed.
    ``domains`` must hold no digit placed among a cell's peers."""
    model = cp_model.CpModel()
    lits = {
        cell: {d: model.new_bool_var("") for d in range(1, puzzle.size + 1) if mask >> (d - 1) & 1}
        for cell, mask in enumerate(domains)
        if mask & (mask - 1)
    }
    for options in lits.values():
        model.add_exactly_one(options.values())
    for unit in puzzle.units:
        placed = {domains[cell] for cell in unit if cell not in lits}
        for d in range(1, puzzle.size + 1):
            if 1 << (d - 1) not in placed:
                model.add_exactly_one(lits[cell][d] for cell in unit if d in lits.get(cell, ()))
    return model, lits


def has_solution(puzzle: Puzzle, det_limit: float | None = None, time_limit: float | None = None) -> bool:
    """True if ``puzzle`` has a solution; raises `Undecided` at a limit, as `other_solution`."""
    domains = candidates(puzzle)
    if domains is None:
        return False
    model, _ = open_model(puzzle, domains)
    _, status = run(model, time_limit=time_limit, work_limit=det_limit, parameters=GENERATOR_PARAMETERS)
    if status == "INFEASIBLE":
        return False
    if status in ("OPTIMAL", "FEASIBLE"):
        return True
    raise Undecided("the search for a solution stopped at its cap")
