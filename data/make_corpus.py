"""Make the test corpus: data/corpus.in and its expected output data/corpus.out.

From a fixed seed: a third unique puzzles with minimal givens (removing any
given breaks uniqueness), a third with several solutions, a third with no
solution. Of the no-solution third all but a few repeat no given in a row,
column or region, so only search finds the contradiction; the few others do
repeat one, to keep that path tested too. Cases are shuffled so kinds mix.

The expected output is written by the DLX engine, independent of CP-SAT;
CI checks that `squiggly-cp solve data/corpus.in` reproduces it byte for byte.

    python data/make_corpus.py            # rewrites both files (about 3 minutes)
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from squiggly_cp import Puzzle, Verdict, format_result, write_hdu
from squiggly_cp.engines.dlx import solve
from squiggly_cp.make.generate import make_puzzle

HERE = Path(__file__).resolve().parent
REPEATED = 4  # no-solution cases that repeat a given in a region


def with_repeat(rng: random.Random, puzzle: Puzzle) -> Puzzle:
    """``puzzle`` with one given copied into an empty cell of the same region
    that shares neither its row nor its column."""
    n = puzzle.size
    givens = list(puzzle.givens)
    cells = [i for i, g in enumerate(givens) if g]
    rng.shuffle(cells)
    for cell in cells:
        for other in range(n * n):
            if (
                not givens[other]
                and puzzle.regions[other] == puzzle.regions[cell]
                and other // n != cell // n
                and other % n != cell % n
            ):
                givens[other] = givens[cell]
                return puzzle.with_givens(givens)
    raise RuntimeError("no place to repeat a given")


def main() -> None:
    parser = argparse.ArgumentParser(description="Make data/corpus.in and data/corpus.out.")
    parser.add_argument("--seed", type=int, default=4069)
    parser.add_argument("--per-kind", type=int, default=102)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    start = time.perf_counter()
    puzzles = [make_puzzle(rng, "minimal") for _ in range(args.per_kind)]
    puzzles += [make_puzzle(rng, "multiple") for _ in range(args.per_kind)]
    puzzles += [make_puzzle(rng, "none") for _ in range(args.per_kind - REPEATED)]
    puzzles += [with_repeat(rng, make_puzzle(rng, "unique")) for _ in range(REPEATED)]
    rng.shuffle(puzzles)
    (HERE / "corpus.in").write_text(write_hdu(puzzles))
    answers = []
    for number, puzzle in enumerate(puzzles, start=1):
        result = solve(puzzle)
        if result.verdict is Verdict.UNKNOWN:
            raise RuntimeError(f"DLX did not decide case {number}")
        answers.append(format_result(number, result))
    (HERE / "corpus.out").write_text("".join(answers))
    print(f"{len(puzzles)} cases in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
