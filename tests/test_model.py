"""sat.model: both CP-SAT models have exactly the puzzle's solutions (brute force),
with full domains and with the domains propagation leaves."""

from __future__ import annotations

import random

import pytest
from ortools.sat.python import cp_model

from bruteforce import first_solutions
from squiggly_cp.core.propagate import candidates
from squiggly_cp.core.puzzle import Grid, Puzzle
from squiggly_cp.make.generate import random_solution
from squiggly_cp.make.regionmaps import random_layout
from squiggly_cp.sat.model import AllDifferent, OneHot, digits, scratch_model, sole_digits

MODELS = (OneHot, AllDifferent)


class _All(cp_model.CpSolverSolutionCallback):
    def __init__(self, built: OneHot | AllDifferent):
        super().__init__()
        self.built = built
        self.found: set[Grid] = set()

    def on_solution_callback(self) -> None:
        self.found.add(self.built.grid(self))


def _solutions(built: OneHot | AllDifferent) -> set[Grid]:
    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    # CP-SAT's own Ctrl-C handler, left in place after the solve, would let a
    # later SIGINT kill the test run (as sat.run, which turns it off, knows).
    solver.parameters.catch_sigint_signal = False
    callback = _All(built)
    solver.solve(built.model, callback)
    return callback.found


def _puzzles() -> list[Puzzle]:
    """Empty 4x4, then puzzles with one or several solutions, and one with none."""
    rng = random.Random(3)
    out = [Puzzle.standard([0] * 16, 4)]
    solutions = []
    for size, share in ((4, 0.2), (5, 0.3), (6, 0.4), (6, 0.7)):
        solution = None
        while solution is None:  # some random layouts admit no completed grid
            layout = random_layout(rng, size)
            solution = random_solution(layout, rng, size)
        out.append(Puzzle(size, tuple(d if rng.random() < share else 0 for d in solution), layout))
        solutions.append(solution)
    # A digit no given forbids, in a cell where the solution has another: no solution.
    last, solution = out[3], solutions[2]
    wrong = list(last.givens)
    for cell in (c for c, d in enumerate(wrong) if not d):
        free = set(range(1, 7)) - {wrong[p] for p in last.peers[cell]} - {solution[cell]}
        if free:
            wrong[cell] = min(free)
            break
    out.append(last.with_givens(wrong))
    return out


@pytest.mark.parametrize("model", MODELS)
@pytest.mark.parametrize("puzzle", _puzzles())
def test_full_domains_give_every_solution(model: type, puzzle: Puzzle) -> None:
    full = (1 << puzzle.size) - 1
    domains = [1 << (g - 1) if g else full for g in puzzle.givens]
    expected = {tuple(s) for s in first_solutions(puzzle, 10**6)}
    assert _solutions(model(puzzle, domains, propagated=False)) == expected


@pytest.mark.parametrize("model", MODELS)
@pytest.mark.parametrize("puzzle", _puzzles())
def test_propagated_domains_give_every_solution(model: type, puzzle: Puzzle) -> None:
    domains = candidates(puzzle)
    expected = {tuple(s) for s in first_solutions(puzzle, 10**6)}
    if domains is None:
        assert expected == set()
        return
    assert _solutions(model(puzzle, domains)) == expected


def test_empty_4x4_has_288_fillings() -> None:
    puzzle = Puzzle.standard([0] * 16, 4)
    assert len(_solutions(OneHot(puzzle, [0b1111] * 16, propagated=False))) == 288


def test_decided_cells_need_no_literals() -> None:
    puzzle = Puzzle.standard([0] * 16, 4)
    domains = [0b0001] + [0b1110] * 3 + [0b1111] * 12
    built = OneHot(puzzle, domains)
    assert 0 not in built.lits and sorted(built.lits[1]) == [2, 3, 4]
    assert built.fixed[0] == 1
    assert sole_digits([0b100, 0b110, 0]) == [3, 0, 0]
    assert digits(0b1011) == [1, 2, 4]


def test_the_puzzles_cover_none_one_and_several_solutions() -> None:
    counts = {min(len(first_solutions(p, 3)), 2) for p in _puzzles()}
    assert counts == {0, 1, 2}


def test_a_scratch_model_reused_gives_every_solution_again() -> None:
    """The spare model is emptied between uses (after a bigger puzzle too), and
    a nested use gets a model of its own."""
    puzzles = _puzzles()
    for puzzle in [*puzzles, *reversed(puzzles)]:
        domains = candidates(puzzle)
        expected = {tuple(s) for s in first_solutions(puzzle, 10**6)}
        if domains is None:
            continue
        with scratch_model() as model:
            assert len(model.proto.variables) == len(model.proto.constraints) == 0
            built = OneHot(puzzle, domains, model=model)
            with scratch_model() as inner:
                assert inner is not model
            assert _solutions(built) == expected


def _by_public_methods(puzzle: Puzzle, domains: list[int], propagated: bool) -> cp_model.CpModel:
    """The one-hot model made with `new_bool_var` and `add_exactly_one` only, the plain way."""
    model = cp_model.CpModel()
    fixed = sole_digits(domains)
    lits = {}
    for i, mask in enumerate(domains):
        if propagated and fixed[i]:
            continue
        lits[i] = {d: model.new_bool_var("") for d in digits(mask)}
        model.add_exactly_one(lits[i].values())
    for house in puzzle.houses:
        settled = {fixed[i] for i in house} if propagated else set()
        for d in range(1, puzzle.size + 1):
            if d not in settled:
                model.add_exactly_one([lits[i][d] for i in house if i in lits and d in lits[i]])
    return model


@pytest.mark.parametrize("propagated", [True, False])
def test_the_bulk_built_model_is_the_plain_one(propagated: bool) -> None:
    """OneHot writes its proto in bulk (variables merged in powers of two, house
    constraints gathered in one pass): the same proto, so the same search, as
    the documented methods make, on sizes 4 to 16 and any number of literals."""
    rng = random.Random(20)
    for size in (4, 5, 6, 7, 8, 9, 12, 16):
        solution = None
        while solution is None:  # some random layouts admit no completed grid
            layout = random_layout(rng, size)
            solution = random_solution(layout, rng, size)
        puzzle = Puzzle(size, tuple(d if rng.random() < 0.35 else 0 for d in solution), layout)
        domains = candidates(puzzle) if propagated else None
        if domains is None:
            full = (1 << size) - 1
            domains = [1 << (g - 1) if g else full for g in puzzle.givens]
        with scratch_model() as model:
            built = OneHot(puzzle, domains, propagated=propagated, model=model)
            assert str(built.model.proto) == str(_by_public_methods(puzzle, domains, propagated).proto)
