"""Both engines give the same verdict and the same unique solution."""

from __future__ import annotations

import random
import subprocess
import sys

from hypothesis import assume, given, reject, settings
from hypothesis import strategies as st

from bruteforce import TooLong, first_solutions
from squiggly_cp import ENGINES, Puzzle, Verdict, classify
from squiggly_cp.engines.registry import get_engine
from squiggly_cp.make.generate import random_layout, random_solution


@st.composite
def puzzles(draw: st.DrawFn, sizes: list[int] | None = None) -> Puzzle:
    """A random layout with givens kept from one of its fillings, sometimes
    with one given changed (often making it unsolvable)."""
    size = draw(st.sampled_from(sizes or [4, 5, 6, 9, 9, 9]))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    layout = random_layout(rng, size)
    full = random_solution(layout, rng, size)
    if full is None:  # some layouts have no filling at all
        return Puzzle(size, (0,) * size * size, layout)
    keep = draw(st.floats(0.15, 0.6))
    givens = [d if rng.random() < keep else 0 for d in full]
    if draw(st.booleans()):
        cell = rng.randrange(size * size)
        givens[cell] = rng.randint(1, size)
    return Puzzle(size, tuple(givens), layout)


# 80 draws: the engines are also compared on 210 generated puzzles (test_cpsat)
# and the corpus (test_corpus).
@settings(max_examples=80, deadline=None)
@given(puzzles())
def test_engines_agree(puzzle: Puzzle) -> None:
    # DLX has no learning: on a rare sparse 9x9 whose layout has few fillings
    # it can search for minutes where CP-SAT needs a fraction of a second.
    # Such draws are compared only if DLX decides them in time.
    cpsat, dlx = classify(puzzle, "cpsat"), classify(puzzle, "dlx", time_limit=2)
    assume(dlx.verdict is not Verdict.UNKNOWN)
    assert cpsat.verdict is dlx.verdict
    assert cpsat.solution == dlx.solution
    for result in (cpsat, dlx):
        assert all(puzzle.is_solution(s) for s in result.solutions)
        assert len(set(result.solutions)) == len(result.solutions)


@settings(max_examples=40, deadline=None)
@given(puzzles(sizes=[4, 5, 6]))
def test_engines_agree_with_brute_force(puzzle: Puzzle) -> None:
    # Small sizes only: on a sparse unsolvable 9x9 plain backtracking can run
    # for hours (tests/test_cpsat.py covers 9x9 generated puzzles). Even a
    # 6x6 drawn once took 135 s; a draw past 20,000 nodes (0.15 s) is skipped
    # (one past 200,000 took 5 s of the test's 7; 40 draws are still compared).
    try:
        found = first_solutions(puzzle, 2, node_limit=20_000)
    except TooLong:
        reject()
    expected = [Verdict.NONE, Verdict.UNIQUE, Verdict.MULTIPLE][len(found)]
    for name in ENGINES:
        assert classify(puzzle, name).verdict is expected


def test_every_engine_is_reachable_by_name() -> None:
    for name in ENGINES:
        assert callable(get_engine(name))


def test_the_dlx_engine_never_loads_or_tools() -> None:
    # A fresh interpreter: this test process has OR-Tools loaded already.
    code = (
        "import sys\n"
        "from squiggly_cp import Puzzle, classify, standard_regions\n"
        "puzzle = Puzzle(4, (1, 2, 3, 0) + (0,) * 12, standard_regions(4))\n"
        "print(classify(puzzle, 'dlx', time_limit=float('inf')).verdict.value)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'ortools'))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split("\n")[:2] == ["multiple", "[]"]
