"""Uniqueness checks through CP-SAT, one feasibility question each.

Is there a solution other than the known one? With the known solution S of
a puzzle and a set of cells (an orbit) whose givens are removed, any other
solution must differ from S inside the orbit, so the question is whether
the remaining givens plus "some orbit cell differs from S" is feasible.
Naked and hidden singles (`squiggly_cp.core.propagate.candidates`) settle most
of these at once; the rest go to CP-SAT on the one-hot model
(`squiggly_cp.sat.model.OneHot`) of the cells the singles leave open, and a
one-cell orbit becomes a cut of that cell's domain rather than a constraint.
Work limits are in CP-SAT's deterministic seconds (`squiggly_cp.core.limits`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.propagate import candidates
from ..core.puzzle import Grid, Puzzle
from ..sat.model import OneHot
from ..sat.run import GENERATOR_PARAMETERS


def other_solution(
    puzzle: Puzzle,
    solution: Grid,
    orbit: Sequence[int],
    work_limit: float | None = None,
    time_limit: float | None = None,
) -> Grid | None:
    """A solution of ``puzzle`` other than ``solution`` that differs in ``orbit``,
    or None if there is none.

    ``solution`` must be the only solution of ``puzzle`` plus the givens of
    ``orbit`` (so any other solution differs in the orbit). Raises `Undecided`
    when CP-SAT reaches ``work_limit`` (deterministic seconds) or ``time_limit``
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
    built = OneHot(puzzle, domains)
    # Some cell of the orbit differs from the solution. A cell whose domain
    # lacks its solution digit always differs; then nothing is needed.
    if len(orbit) > 1 and all(domains[cell] >> (solution[cell] - 1) & 1 for cell in orbit):
        built.differ_somewhere(solution, orbit)
    return built.solution(time_limit=time_limit, work_limit=work_limit, parameters=GENERATOR_PARAMETERS)


def has_solution(puzzle: Puzzle, work_limit: float | None = None, time_limit: float | None = None) -> bool:
    """True if ``puzzle`` has a solution; raises `Undecided` at a limit, as `other_solution`."""
    domains = candidates(puzzle)
    if domains is None:
        return False
    built = OneHot(puzzle, domains)
    found = built.solution(time_limit=time_limit, work_limit=work_limit, parameters=GENERATOR_PARAMETERS)
    return found is not None
