"""The CP-SAT engine against the judge's sample and a brute-force counter."""

from __future__ import annotations

import functools

import pytest

from bruteforce import first_solutions
from conftest import SAMPLE_IN
from squiggly_cp import Puzzle, Verdict, classify, read_hdu, standard_regions
from squiggly_cp.engines.cpsat import solve
from squiggly_cp.make.generate import random_puzzles


@functools.cache  # each generated puzzle is asked about twice, below
def brute_verdict(puzzle: Puzzle) -> tuple[Verdict, list]:
    found = first_solutions(puzzle, 2)
    return [Verdict.NONE, Verdict.UNIQUE, Verdict.MULTIPLE][len(found)], found


def test_sample_verdicts() -> None:
    verdicts = [solve(c.puzzle).verdict for c in read_hdu(SAMPLE_IN)]
    assert verdicts == [Verdict.UNIQUE, Verdict.NONE, Verdict.MULTIPLE]


# 105 puzzles: 35 each of unique, multiple and no-solution; the no-solution
# ones repeat no given in a house, so only search can find the contradiction.
COUNT = 105


@functools.cache
def generated() -> list[Puzzle]:
    """Made when first asked for, not at import: every pytest-xdist worker
    imports this module to collect it, and making them takes seconds."""
    return list(random_puzzles(seed=20261129, count=COUNT, kinds=("unique", "multiple", "none")))


def test_generated_puzzles_cover_every_verdict() -> None:
    assert len(generated()) == COUNT
    kinds = [brute_verdict(p)[0] for p in generated()]
    for verdict in (Verdict.UNIQUE, Verdict.MULTIPLE, Verdict.NONE):
        assert kinds.count(verdict) >= 30


@pytest.mark.parametrize("index", range(COUNT))
def test_agrees_with_brute_force(index: int) -> None:
    puzzle = generated()[index]
    verdict, found = brute_verdict(puzzle)
    result = solve(puzzle)
    assert result.verdict is verdict
    if verdict is Verdict.UNIQUE:
        assert result.solution == found[0]
    for grid in result.solutions:
        assert puzzle.is_solution(grid)
    assert len(set(result.solutions)) == len(result.solutions)


def test_repeated_given_in_a_region_only_is_no_solution() -> None:
    # Two 5s in the top-left box that share neither row nor column.
    givens = [0] * 81
    givens[0] = givens[10] = 5
    assert solve(Puzzle.standard(givens)).verdict is Verdict.NONE


def test_hand_worked_4x4() -> None:
    # Standard 2x2 boxes. By hand: row 1 lacks only 4; box 1 lacks only 4
    # (r2c2); row 2 then lacks only 2; column 1 lacks only 4 (r4c1); row 4
    # needs 2 and 3 in c2, c3 but column 2 already has 2, so r4c2 = 3,
    # r4c3 = 2, r3c2 = 1; column 3 gives r3c3 = 4 and r3c4 = 3. One solution.
    givens = (1, 2, 3, 0,
              3, 0, 1, 0,
              2, 0, 0, 0,
              0, 0, 0, 1)  # fmt: skip
    result = solve(Puzzle(4, givens, standard_regions(4)))
    assert result.verdict is Verdict.UNIQUE
    assert result.solution == (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
    # Keeping only row 1 and r4c4 leaves room for several fillings.
    loose = solve(Puzzle(4, (1, 2, 3) + (0,) * 12 + (1,), standard_regions(4)))
    assert loose.verdict is Verdict.MULTIPLE


def test_time_limit_gives_unknown_not_a_guess() -> None:
    empty = Puzzle.standard([0] * 81)
    assert solve(empty, time_limit=1e-9).verdict is Verdict.UNKNOWN
    assert classify(empty, time_limit=5).verdict is Verdict.MULTIPLE


def test_library_classify_picks_engines() -> None:
    case = next(iter(read_hdu(SAMPLE_IN)))
    assert classify(case.puzzle, "cpsat") == classify(case.puzzle, "dlx")
    with pytest.raises(ValueError, match="unknown engine"):
        classify(case.puzzle, "nope")
