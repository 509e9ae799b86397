"""Benchmark: rating time of the logic solver, per puzzle, in one process.

Uses the stored seeded puzzles of tests/data/logic_unique.txt (made by
benchmarks/make_logic_data.py): all 9x9 minimal-givens puzzles, and the
16x16 ones with 35-45% givens. Prints median and 99th percentile of
`rate(puzzle)` wall time, how many puzzles needed a trial step, and the
level distribution.

    python benchmarks/bench_logic.py            # prints
    python benchmarks/bench_logic.py --write    # also writes benchmarks/RESULTS-logic.md
    python benchmarks/bench_logic.py --limit 100
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))
sys.path.insert(0, str(HERE))

from make_logic_data import UNIQUE_PLAN  # noqa: E402

from logic_check import load_unique  # noqa: E402
from squiggly_cp.logic import rate  # noqa: E402


def groups() -> dict[str, list]:
    puzzles = list(load_unique())
    out: dict[str, list] = {"9x9 minimal": [], "16x16 ~40% givens": []}
    start = 0
    for size, kind, count in UNIQUE_PLAN:
        chunk = puzzles[start : start + count]
        start += count
        if size == 9 and kind == "minimal":
            out["9x9 minimal"] = [p for p, _ in chunk]
        if size == 16:
            out["16x16 ~40% givens"] = [
                p for p, _ in chunk if 0.35 <= sum(1 for d in p.givens if d) / 256 <= 0.45
            ]
    return out


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(puzzles: list) -> dict:
    times = []
    logic_only = []
    levels: Counter = Counter()
    trial = 0
    for puzzle in puzzles:
        start = time.perf_counter()
        rating = rate(puzzle)
        times.append(time.perf_counter() - start)
        levels[rating.level] += 1
        trial += "trial" in rating.counts
        if "trial" not in rating.counts:
            logic_only.append(times[-1])
    return {
        "count": len(puzzles),
        "median": statistics.median(times),
        "median_logic": statistics.median(logic_only) if logic_only else 0.0,
        "p99_logic": percentile(logic_only, 0.99) if logic_only else 0.0,
        "p99": percentile(times, 0.99),
        "max": max(times),
        "total": sum(times),
        "trial": trial,
        "levels": levels,
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--limit", type=int, default=None, help="at most this many puzzles per group")
    parser.add_argument("--write", action="store_true", help="write benchmarks/RESULTS-logic.md")
    args = parser.parse_args()
    rows = []
    for name, puzzles in groups().items():
        chosen = puzzles[: args.limit] if args.limit else puzzles
        result = measure(chosen)
        levels = ", ".join(f"{k} {v}" for k, v in sorted(result["levels"].items()))
        keys = ("median", "p99", "max", "median_logic", "p99_logic")
        ms = {key: f"{result[key] * 1000:.0f} ms" for key in keys}
        share = f"{result['trial']} ({100 * result['trial'] / result['count']:.0f}%)"
        cells = [name, str(result["count"]), ms["median"], ms["p99"], ms["max"], share]
        cells += [ms["median_logic"], ms["p99_logic"], levels]
        row = "| " + " | ".join(cells) + " |"
        print(row, flush=True)
        rows.append(row)
    if args.write:
        text = RESULTS_HEAD.format(python=platform.python_version(), machine=platform.machine())
        (HERE / "RESULTS-logic.md").write_text(text + "\n".join(rows) + "\n" + RESULTS_TAIL)


RESULTS_HEAD = """# Logic solver benchmark

`python benchmarks/bench_logic.py --write`: `rate(puzzle)` wall time per
puzzle, in one process (Python {python}, {machine}, one core of a shared
2-core machine), on the stored seeded puzzles of `tests/data/logic_unique.txt`.

| puzzles | count | median | p99 | max | needing trial | median without trial | p99 without trial | levels |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |
"""

RESULTS_TAIL = """
"Needing trial" counts puzzles whose easiest-first path uses a trial step
(level `beyond`); the "without trial" columns time only the others. The
9x9 minimal-givens puzzles here are random removals down to a minimal set on
random jigsaw layouts, which are much harder than published (hand-set)
jigsaws: most need more than chains and wings, and the trial steps (each
tries every candidate with singles propagation, between full passes over the
other techniques) dominate their time. Timings vary with the load the other
users put on the machine.
"""

if __name__ == "__main__":
    main()
