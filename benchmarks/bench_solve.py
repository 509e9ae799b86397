"""Benchmark: per-case engine time and the whole `squiggly-cp solve` run.

Makes a judge-size input (T = 2500 by default) of hard cases from a seed —
minimal-givens unique puzzles, puzzles with several solutions and puzzles
with no solution (no repeated given, so only search finds the contradiction),
in equal parts — then measures, in one run on one machine:

- each engine's time per case through the library (`get_engine(name)`), as
  median and 99th percentile, plus the total;
- the end-to-end wall time of the installed console script on the whole file
  (process start to exit), the median of several runs.

Every engine's verdicts are compared with each other on every case: a
benchmark of wrong answers is worthless. Results go to benchmarks/RESULTS.md.

    python benchmarks/bench_solve.py               # full run, writes RESULTS.md
    python benchmarks/bench_solve.py --cases 300   # quick look, prints only
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from squiggly_cp import ENGINES, read_hdu, write_hdu
from squiggly_cp.engines import get_engine
from squiggly_cp.generate import make_puzzle

HERE = Path(__file__).resolve().parent
KINDS = ("minimal", "multiple", "none")


def make_cases(path: Path, count: int, seed: int) -> None:
    """Write ``count`` hard cases made from ``seed`` to ``path`` (cached by name)."""
    if path.exists():
        return
    rng = random.Random(seed)
    start = time.perf_counter()
    puzzles = [make_puzzle(rng, KINDS[i % len(KINDS)]) for i in range(count)]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(write_hdu(puzzles))
    print(f"made {count} cases in {time.perf_counter() - start:.0f} s -> {path}", file=sys.stderr)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def time_engines(path: Path, engines: list[str]) -> dict[str, list[float]]:
    """Seconds per case for each engine; verdicts must agree on every case."""
    puzzles = [c.puzzle for c in read_hdu(path)]
    solvers = {name: get_engine(name) for name in engines}
    times: dict[str, list[float]] = {name: [] for name in engines}
    for number, puzzle in enumerate(puzzles, 1):
        verdicts = set()
        for name, solve in solvers.items():
            start = time.perf_counter()
            result = solve(puzzle)
            times[name].append(time.perf_counter() - start)
            verdicts.add((result.verdict, result.solution))
        if len(verdicts) != 1:
            sys.exit(f"engines disagree on case {number}: {verdicts}")
    return times


def time_cli(path: Path, args: list[str], runs: int) -> list[float]:
    exe = shutil.which("squiggly-cp", path=str(Path(sys.executable).parent)) or "squiggly-cp"
    walls = []
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run([exe, *args, str(path)], capture_output=True, check=False)
        walls.append(time.perf_counter() - start)
        if done.returncode != 0:
            sys.exit(f"squiggly-cp {' '.join(args)} failed: {done.stderr.decode()[-500:]}")
    return walls


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    import ortools

    return (
        f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, "
        f"Python {platform.python_version()}, OR-Tools {ortools.__version__}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cases", type=int, default=2500)
    parser.add_argument("--seed", type=int, default=4069)
    parser.add_argument("--cli-runs", type=int, default=3)
    parser.add_argument("--cache", type=Path, default=HERE / ".cache")
    parser.add_argument("--write", action="store_true", help="write benchmarks/RESULTS.md")
    args = parser.parse_args()

    path = args.cache / f"hard-{args.seed}-{args.cases}.txt"
    make_cases(path, args.cases, args.seed)
    engines = list(ENGINES)
    per_case = time_engines(path, engines)
    dlx_median = statistics.median(per_case["dlx"])
    rows = []
    for name in engines:
        t = per_case[name]
        med = statistics.median(t)
        rows.append(
            f"| `{name}` | {med * 1e3:.2f} | {percentile(t, 0.99) * 1e3:.2f} | {sum(t):.2f} "
            f"| {med / dlx_median:.2f} |"
        )
    cli_rows = []
    for name in engines:
        walls = time_cli(path, ["solve", "--engine", name], args.cli_runs)
        cli_rows.append(f"| `squiggly-cp solve --engine {name}` | {statistics.median(walls):.2f} |")

    report = "\n".join(
        [
            "# Benchmark results",
            "",
            f"Made by `python benchmarks/bench_solve.py --write` on {time.strftime('%Y-%m-%d')}.",
            "",
            f"- Machine: {machine()}.",
            f"- Input: {args.cases} cases from seed {args.seed}, in equal parts minimal-givens unique,",
            "  several solutions, and no solution without any repeated given (see the script).",
            "- Per case: `get_engine(name)(puzzle)` timed with `perf_counter` in one process, every",
            "  engine on every case in turn (so machine noise hits all engines alike); the verdicts of",
            "  all engines were compared on every case and agreed.",
            "- End to end: the installed console script on the whole file, wall time from process start",
            f"  to exit, median of {args.cli_runs} runs (includes Python start-up and imports).",
            "",
            "## Per case (milliseconds), ratio = median / DLX median",
            "",
            "| engine | median | p99 | total (s) | ratio to dlx |",
            "|---|---|---|---|---|",
            *rows,
            "",
            "## Whole file, end to end (seconds)",
            "",
            "| command | wall |",
            "|---|---|",
            *cli_rows,
            "",
        ]
    )
    print(report)
    if args.write:
        (HERE / "RESULTS.md").write_text(report)


if __name__ == "__main__":
    main()
