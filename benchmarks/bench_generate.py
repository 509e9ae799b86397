"""Time `squiggly_cp.make.generate` per puzzle, size by size.

    python benchmarks/bench_generate.py                    # the full table (slow: ~1 hour)
    python benchmarks/bench_generate.py --sizes 9 --seeds 5 --kinds unique
    python benchmarks/bench_generate.py --write benchmarks/RESULTS-generate.md

For each size and kind, puzzles 1..SEEDS of seed 0 are made one after
another (each puzzle has its own seed derivation, so these are independent
draws); the table gives the median and the worst seconds per puzzle and the
median number of givens. One process, no time limit.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from pathlib import Path

from squiggly_cp.make.generate import generate

TARGETS = {
    ("unique", 9): "median < 0.1 s",
    ("minimal", 9): "median < 0.5 s",
    ("minimal", 12): "median < 5 s",
    ("unique", 16): "median < 5 s",
    ("minimal", 16): "median < 60 s, worst < 300 s",
}


def measure(size: int, kind: str, seeds: int, symmetry: str) -> tuple[float, float, float]:
    """(median seconds, worst seconds, median givens) over ``seeds`` puzzles."""
    seconds, givens = [], []
    for outcome in generate(0, seeds, (kind,), size, symmetry=symmetry):
        assert outcome.puzzle is not None, outcome.reason
        seconds.append(outcome.seconds)
        givens.append(sum(1 for d in outcome.puzzle.givens if d))
    return statistics.median(seconds), max(seconds), statistics.median(givens)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(range(4, 17)))
    parser.add_argument("--kinds", nargs="+", default=["unique", "minimal"])
    parser.add_argument("--seeds", type=int, default=20, help="puzzles per size and kind")
    parser.add_argument("--symmetry", default="none", help="clue symmetry")
    parser.add_argument("--write", type=Path, help="also write the table (Markdown) to this file")
    args = parser.parse_args()
    rows = [
        "| size | kind | puzzles | median s | worst s | median givens | target |",
        "| ---: | --- | ---: | ---: | ---: | ---: | --- |",
    ]
    print("\n".join(rows), flush=True)
    next(generate(0, 1, ("unique",), 4))  # loads OR-Tools, which is not what is timed
    start = time.monotonic()
    for size in args.sizes:
        for kind in args.kinds:
            median, worst, givens = measure(size, kind, args.seeds, args.symmetry)
            target = TARGETS.get((kind, size), "")
            row = f"| {size} | {kind} | {args.seeds} | {median:.3f} | {worst:.3f} | {givens:g} | {target} |"
            rows.append(row)
            print(row, flush=True)
    total = time.monotonic() - start
    print(f"total {total:.0f} s")
    if args.write:
        header = (
            "# Generator timings\n\n"
            "`python benchmarks/bench_generate.py` (one process, seed 0, puzzles 1..N, "
            f"clue symmetry {args.symmetry}); Python {platform.python_version()}, "
            f"{platform.machine()}; {total:.0f} s in all.\n\n"
        )
        args.write.write_text(header + "\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
