"""What a user would otherwise pick, for `bench_solve.py` to time beside squiggly-cp.

* `textbook`: the model every CP-SAT tutorial writes for sudoku: an integer
  variable per cell, AllDifferent per row, column and region, the givens as
  equalities, and a solution callback that stops at the second solution.
  Written here, for the benchmark only; it decides none / unique / multiple
  like squiggly-cp, with CP-SAT's default parameters.
* `puzzlekit`: the jigsaw sudoku solver of the `puzzlekit` package (a
  published OR-Tools puzzle collection; `pip install puzzlekit`). It looks
  for one solution and does not decide uniqueness, so it answers "some
  solution" or "none" only.
"""

from __future__ import annotations

from ortools.sat.python import cp_model

from squiggly_cp.core.puzzle import Puzzle, Result, Verdict


class _UpToTwo(cp_model.CpSolverSolutionCallback):
    def __init__(self, cells: list[cp_model.IntVar]):
        super().__init__()
        self.cells = cells
        self.found: list[tuple[int, ...]] = []

    def on_solution_callback(self) -> None:
        self.found.append(tuple(self.value(v) for v in self.cells))
        if len(self.found) == 2:
            self.stop_search()


def textbook(puzzle: Puzzle) -> Result:
    """None / unique / multiple, the tutorial way."""
    n = puzzle.size
    model = cp_model.CpModel()
    cells = [model.new_int_var(1, n, f"c{i}") for i in range(n * n)]
    for i, given in enumerate(puzzle.givens):
        if given:
            model.add(cells[i] == given)
    for house in puzzle.houses:
        model.add_all_different([cells[i] for i in house])
    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.catch_sigint_signal = False
    found = _UpToTwo(cells)
    solver.solve(model, found)
    if not found.found:
        return Result(Verdict.NONE)
    if len(found.found) == 1:
        return Result(Verdict.UNIQUE, tuple(found.found))
    return Result(Verdict.MULTIPLE, tuple(found.found))


def puzzlekit_available() -> bool:
    try:
        import puzzlekit  # noqa: F401
    except ImportError:
        return False
    return True


def puzzlekit(puzzle: Puzzle) -> tuple[int, ...] | None:
    """One solution found by puzzlekit's jigsaw solver (digits 1-9 only), or
    None when it reports none."""
    from puzzlekit.solvers.jigsaw_sudoku import JigsawSudokuSolver

    n = puzzle.size
    givens = [[str(puzzle.givens[r * n + c] or "-") for c in range(n)] for r in range(n)]
    regions = [[str(puzzle.regions[r * n + c] + 1) for c in range(n)] for r in range(n)]
    data = JigsawSudokuSolver(n, n, givens, regions).solve().solution_data
    if data["status"] not in ("Optimal", "Feasible"):
        return None
    rows = data["solution_grid"].matrix
    return tuple(int(rows[r][c]) for r in range(n) for c in range(n))
