"""The CP-SAT engine: AllDifferent over every row, column and region.

A case goes through three steps:

1. Sound propagation (`hatch.candidates`: placed digits leave their peers,
   naked and hidden singles) shrinks every cell's domain. A contradiction
   proves "no solution"; a grid it fills completely is the only solution, by
   proof, and CP-SAT is not needed. No verdict changes: the corpus and
   crosscheck tests compare with the DLX engine, which does no such thing.
2. The model, over the cells propagation left open: by default the one-hot
   form of AllDifferent (a Boolean per cell and digit still possible,
   ``add_exactly_one`` per cell and per house and digit); ``formulation="int"``
   gives one integer variable per cell and ``add_all_different`` per house.
3. A solution callback records solutions and stops the search at the second;
   ``enumerate_all_solutions`` makes CP-SAT report each one.

The choices were made by measurement (benchmarks/RESULTS.md, 2500 hard
cases, one process): per case, Boolean with propagation 1.5 ms median and
4.9 s in all, integer with propagation 1.75 ms and 6.4 s, either without
propagation 2.8-2.9 ms and 7.9-8.7 s. The solver's parameters are
`squiggly_cp.sat.run`'s, shared with `squiggly_cp.setter.diagnose`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from ortools.sat.python import cp_model

from ..core.limits import check_time_limit
from ..core.propagate import candidates
from ..core.puzzle import Grid, Puzzle, Result, Verdict, verdict_for
from ..sat.run import DONE, run

Reader = Callable[[cp_model.CpSolverSolutionCallback], Grid]
_BOOL = cp_model.Domain(0, 1)


class _FirstTwo(cp_model.CpSolverSolutionCallback):
    def __init__(self, read: Reader):
        super().__init__()
        self._read = read
        self.found: list[Grid] = []

    def on_solution_callback(self) -> None:
        self.found.append(self._read(self))
        if len(self.found) >= 2:
            self.stop_search()


def _digits(mask: int) -> list[int]:
    return [d + 1 for d in range(mask.bit_length()) if mask >> d & 1]


def build_int_model(
    puzzle: Puzzle, domains: list[int], propagated: bool = True
) -> tuple[cp_model.CpModel, Reader]:
    """One integer variable per cell over the digits of its ``domains``
    bitmask, AllDifferent per house.

    With ``propagated`` (no cell's domain holds a digit decided in one of its
    houses), decided cells need no variable: AllDifferent over a house's
    undecided cells is then the same constraint, and nearly solved models
    stay tiny. Otherwise decided cells are constants inside the constraints.
    """
    model = cp_model.CpModel()
    from_values, new_var = cp_model.Domain.from_values, model.new_int_var_from_domain
    fixed = [mask.bit_length() if not mask & (mask - 1) else 0 for mask in domains]
    cells = {i: new_var(from_values(_digits(mask)), "") for i, mask in enumerate(domains) if not fixed[i]}
    if not propagated:
        cells.update((i, model.new_constant(d)) for i, d in enumerate(fixed) if d)
    for unit in puzzle.units:
        open_cells = [cells[i] for i in unit if i in cells]
        if len(open_cells) > 1:
            model.add_all_different(open_cells)

    def read(cb: cp_model.CpSolverSolutionCallback) -> Grid:
        grid = list(fixed)
        for i, var in cells.items():
            grid[i] = cb.value(var)
        return tuple(grid)

    return model, read


def build_bool_model(
    puzzle: Puzzle, domains: list[int], propagated: bool = True
) -> tuple[cp_model.CpModel, Reader]:
    """One Boolean per (cell, digit still possible); exactly one per cell and
    per (house, digit): the one-hot form of the same AllDifferent constraints.
    With ``propagated``, decided cells and the digits they settle drop out as
    in `build_int_model`."""
    n = puzzle.size
    model = cp_model.CpModel()
    fixed = [mask.bit_length() if not mask & (mask - 1) else 0 for mask in domains]
    lits: dict[int, dict[int, cp_model.IntVar]] = {}
    # A 0-1 variable, as new_bool_var makes, less a fresh Domain per call.
    new_bool, exactly_one = partial(model.new_int_var_from_domain, _BOOL, ""), model.add_exactly_one
    for i, mask in enumerate(domains):
        if not fixed[i] or not propagated:
            lits[i] = {d: new_bool() for d in _digits(mask)}
            exactly_one(list(lits[i].values()))
    for unit in puzzle.units:
        settled = {fixed[i] for i in unit} if propagated else set()
        for d in range(1, n + 1):
            if d not in settled:
                exactly_one([lits[i][d] for i in unit if i in lits and d in lits[i]])

    def read(cb: cp_model.CpSolverSolutionCallback) -> Grid:
        grid = list(fixed)
        for i, cell in lits.items():
            grid[i] = next(d for d, lit in cell.items() if cb.boolean_value(lit))
        return tuple(grid)

    return model, read


_BUILDERS = {"int": build_int_model, "bool": build_bool_model}


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
        if not any(mask & (mask - 1) for mask in domains):
            grid = tuple(mask.bit_length() for mask in domains)
            # Every placement was forced, so this is the only possible filling.
            assert puzzle.is_solution(grid)
            return Result(Verdict.UNIQUE, (grid,))
        model, read = _BUILDERS[formulation](puzzle, domains)
    else:
        full = (1 << puzzle.size) - 1
        domains = [1 << (g - 1) if g else full for g in puzzle.givens]
        model, read = _BUILDERS[formulation](puzzle, domains, propagated=False)
    callback = _FirstTwo(read)
    _, status = run(model, time_limit=time_limit, callback=callback)
    # FEASIBLE or UNKNOWN with fewer than two solutions: the time limit cut the search short.
    return verdict_for(callback.found, status in DONE)
