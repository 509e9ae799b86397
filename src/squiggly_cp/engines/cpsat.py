"""The CP-SAT engine: AllDifferent over every row, column and region.

A case goes through three steps:

1. Sound propagation (`squiggly_cp.core.propagate.candidates`: placed digits
   leave their peers, naked and hidden singles) shrinks every cell's domain.
   A contradiction proves "no solution"; a grid it fills completely is the
   only solution, by proof, and CP-SAT is not needed. No verdict changes: the
   corpus and crosscheck tests compare with the DLX engine, which does no such
   thing.
2. The model (`squiggly_cp.sat.model`), over the cells propagation left open:
   by default the one-hot form of AllDifferent (`OneHot`: a Boolean per cell
   and digit still possible, exactly one per cell and per house and digit);
   ``formulation="int"`` gives one integer variable per cell and
   ``add_all_different`` per house (`AllDifferent`).
3. A solution callback records solutions and stops the search at the second;
   ``enumerate_all_solutions`` makes CP-SAT report each one.

The choices were made by measurement: benchmarks/RESULTS.md compares the two
models, with and without propagation, on 2500 hard cases. The solver's
parameters are `squiggly_cp.sat.run`'s, shared with the setter's tools.
"""

from __future__ import annotations

from ..core.limits import check_time_limit
from ..core.propagate import candidates
from ..core.puzzle import Grid, Puzzle, Result, Verdict, verdict_for
from ..sat.callbacks import Solutions
from ..sat.model import AllDifferent, OneHot, scratch_model
from ..sat.run import DONE, run

_MODELS: dict[str, type[OneHot] | type[AllDifferent]] = {"int": AllDifferent, "bool": OneHot}


def solve(
    puzzle: Puzzle,
    *,
    time_limit: float | None = None,
    formulation: str = "bool",
    propagate: bool = True,
) -> Result:
    """Classify ``puzzle`` as none / unique / multiple (UNKNOWN if the time limit
    in seconds runs out first; None or ``inf``: no limit)."""
    time_limit = check_time_limit(time_limit)
    if propagate:
        domains = candidates(puzzle)
        if domains is None:
            return Result(Verdict.NONE)
        if formulation == "bool" or puzzle.rules or _forced(puzzle, domains) is not None:
            return verdict_for(*listed_solutions(puzzle, domains, 2, time_limit))
        built = _MODELS[formulation](puzzle, domains)
    elif puzzle.rules:  # the integer model has no rules: the one-hot one has them all
        full = (1 << puzzle.size) - 1
        domains = [1 << (g - 1) if g else full for g in puzzle.givens]
        built = OneHot(puzzle, domains, propagated=False)
    else:
        full = (1 << puzzle.size) - 1
        domains = [1 << (g - 1) if g else full for g in puzzle.givens]
        built = _MODELS[formulation](puzzle, domains, propagated=False)
    return _decide(built, time_limit)


def listed_solutions(
    puzzle: Puzzle, domains: list[int], limit: int, time_limit: float | None
) -> tuple[list[Grid], bool]:
    """The first ``limit`` solutions of ``puzzle`` (its propagated
    ``domains``: `core.propagate.candidates`) one search finds, on the
    one-hot model, and whether the search finished (every solution seen, or
    none left: False when ``limit`` or the time limit stopped it)."""
    forced = _forced(puzzle, domains)
    if forced is not None:
        return ([forced] if puzzle.is_solution(forced) else []), True
    with scratch_model() as model:
        built = OneHot(puzzle, domains, model=model)
        listed = Solutions(built.grid, limit)
        _, status = run(built.model, time_limit=time_limit, callback=listed)
    return listed.found, status in DONE


def _forced(puzzle: Puzzle, domains: list[int]) -> Grid | None:
    """The grid, when propagation forced every placement: the only filling."""
    if any(mask & (mask - 1) for mask in domains):
        return None
    grid = tuple(mask.bit_length() for mask in domains)
    # Singles keep the houses; a variant's other rules may still break it.
    assert puzzle.rules or puzzle.is_solution(grid)
    return grid


def _decide(built: OneHot | AllDifferent, time_limit: float | None) -> Result:
    callback = Solutions(built.grid, 2)
    _, status = run(built.model, time_limit=time_limit, callback=callback)
    # FEASIBLE or UNKNOWN with fewer than two solutions: the time limit cut the search short.
    return verdict_for(callback.found, status in DONE)
