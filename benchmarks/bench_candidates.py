"""Time `count --candidates` (`squiggly_cp.ask.count.true_candidates`) where it is slow.

    python benchmarks/bench_candidates.py                  # 5 sparse 16x16, 3 unique 16x16
    python benchmarks/bench_candidates.py --sparse 10 --unique 0

Sparse: a unique 16x16 from the generator (`make_puzzle`, seed k), cut to
15% of its cells given (a seeded choice of its givens): many solutions, and
most pairs of the propagated domains true. Unique: `make_puzzle` 16x16
puzzles that singles do not finish. Per puzzle: the number of true
candidates, the searches made, wall and CPU seconds; then the medians. One
process, no time limit. (Correctness is the tests' job: tests/test_explain.py
compares with brute force.)
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from squiggly_cp.ask.count import true_candidates
from squiggly_cp.core.propagate import candidates
from squiggly_cp.core.puzzle import Puzzle
from squiggly_cp.make.generate import make_puzzle
from squiggly_cp.sat.assumptions import OneHotAssumptions

SHARE = 0.15


def sparse(seed: int) -> Puzzle:
    """A unique 16x16 of ``seed`` with only 15% of its cells given."""
    puzzle = make_puzzle(random.Random(seed), "unique", 16)
    given = [c for c, d in enumerate(puzzle.givens) if d]
    keep = set(random.Random(seed).sample(given, min(len(given), round(SHARE * 256))))
    return puzzle.with_givens([d if c in keep else 0 for c, d in enumerate(puzzle.givens)])


def unique_open(count: int) -> list[Puzzle]:
    """The first ``count`` unique 16x16 puzzles (seeds 0, 1, ...) that singles leave open."""
    found: list[Puzzle] = []
    seed = 0
    while len(found) < count:
        puzzle = make_puzzle(random.Random(seed), "unique", 16)
        if sum(m.bit_count() for m in candidates(puzzle)) > 256:
            found.append(puzzle)
        seed += 1
    return found


def measure(puzzle: Puzzle) -> tuple[int, int, float, float]:
    """(true candidates, searches, wall s, CPU s) of one `true_candidates`."""
    searches = 0
    solve = OneHotAssumptions.solve

    def counted(self, *args, **kwargs):
        nonlocal searches
        searches += 1
        return solve(self, *args, **kwargs)

    OneHotAssumptions.solve = counted
    try:
        wall, cpu = time.perf_counter(), time.process_time()
        masks = true_candidates(puzzle)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    finally:
        OneHotAssumptions.solve = solve
    assert masks is not None
    return sum(m.bit_count() for m in masks), searches, wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sparse", type=int, default=5, help="sparse 16x16 puzzles (seeds 0..N-1)")
    parser.add_argument("--unique", type=int, default=3, help="unique 16x16 puzzles singles leave open")
    args = parser.parse_args()
    for label, puzzles in (
        ("sparse", [sparse(k) for k in range(args.sparse)]),
        ("unique", unique_open(args.unique)),
    ):
        walls, cpus = [], []
        for k, puzzle in enumerate(puzzles):
            true, searches, wall, cpu = measure(puzzle)
            walls.append(wall)
            cpus.append(cpu)
            print(
                f"{label} {k}: {true} true candidates, {searches} searches, {wall:.1f} s, {cpu:.1f} s CPU"
            )
        if puzzles:
            print(
                f"{label}: median {statistics.median(walls):.1f} s wall, {statistics.median(cpus):.1f} s CPU"
            )


if __name__ == "__main__":
    main()
