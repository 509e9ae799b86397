"""The CP-SAT engine: one integer variable per cell, AllDifferent per house.

A solution callback records each solution and stops the search at the second,
which is all a none / unique / multiple verdict needs. Enumerating solutions
requires ``enumerate_all_solutions``; the search then runs on one worker, which
is also the fastest setting for models this small (CP-SAT's parallel portfolio
costs more to start than it saves).
"""

from __future__ import annotations

from ortools.sat.python import cp_model

from .puzzle import Grid, Puzzle, Result, Verdict, verdict_for


class _FirstTwo(cp_model.CpSolverSolutionCallback):
    def __init__(self, cells: list[cp_model.IntVar]):
        super().__init__()
        self._cells = cells
        self.found: list[Grid] = []

    def on_solution_callback(self) -> None:
        self.found.append(tuple(self.value(v) for v in self._cells))
        if len(self.found) >= 2:
            self.stop_search()


def build_model(puzzle: Puzzle) -> tuple[cp_model.CpModel, list[cp_model.IntVar]]:
    """The CP-SAT model of ``puzzle`` and its cell variables (row-major)."""
    n = puzzle.size
    model = cp_model.CpModel()
    cells = [
        model.new_constant(g) if g else model.new_int_var(1, n, f"r{i // n + 1}c{i % n + 1}")
        for i, g in enumerate(puzzle.givens)
    ]
    for unit in puzzle.units:
        model.add_all_different(cells[i] for i in unit)
    return model, cells


def solve(puzzle: Puzzle, *, time_limit: float | None = None) -> Result:
    """Classify ``puzzle`` as none / unique / multiple (UNKNOWN if the time limit
    in seconds runs out first)."""
    model, cells = build_model(puzzle)
    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    if time_limit is not None:
        solver.parameters.max_time_in_seconds = time_limit
    callback = _FirstTwo(cells)
    status = solver.solve(model, callback)
    # OPTIMAL / INFEASIBLE mean the enumeration finished; FEASIBLE or UNKNOWN
    # with fewer than two solutions mean it was cut short by the time limit.
    complete = status in (cp_model.OPTIMAL, cp_model.INFEASIBLE)
    if status == cp_model.MODEL_INVALID:
        raise RuntimeError(f"CP-SAT rejected the model: {solver.response_proto.status}")
    result = verdict_for(callback.found, complete)
    assert result.verdict is not Verdict.UNKNOWN or not complete
    return result
