"""Benchmark: proving variant puzzles unique (the first solution and the proof
that there is no other: `engines.cpsat.solve`), set by set, against the same
model without the 45-rule sums (`sat/sums.py`) and a peer solver, in one run.

The sets (benchmarks/variants/, our own one-puzzle-a-line JSON: `variants/sets.py`):

- ``everyday.jsonl``: 100 generated published-style puzzles, killer, arrow,
  thermo, kropki and XV, 10 on the box layout and 10 on jigsaws each
  (`variants/make_sets.py`, seeded).
- ``killer_jigsaw.jsonl``: 30 generated killers on jigsaw layouts, larger
  cages, no givens.
- a file of your own (``--sets path/to/file.jsonl``): our format, or puzzles
  set by others as f-puzzles JSON (`variants/sets.read_any`). Puzzles set by
  others are not kept in this repository; RESULTS.md names the collections
  measured (Tarek's 42 hard killers; 31 published variant puzzles).

Each puzzle is solved ``--repeat`` times by each solver (read afresh, the
sums' cache emptied: every solve pays for its model), the solvers in rotating
order; a puzzle's time is the median of its repetitions, and a set's
figures are the median, p95 and max of those. Every answer is checked:
unique, and the stored (or published) solution.

The peer (``--peer``): pencilmark (`pip install pencilmark`: a C++ engine
for classic and variant sudoku that checks uniqueness, and falls back on
its own CP-SAT model when its search passes its node limit). It is
installed into a temporary folder by name when it is not importable; each
puzzle goes to it through our f-puzzles writer and its own f-puzzles
reader (outside the timing); its time is its load and `decide(limit=2)`,
capped at ``--peer-limit`` seconds. The fastest killer solver known to us,
sigh's Interactive Sudoku Solver (JavaScript), is on no registry and so
cannot be installed here.

    python benchmarks/bench_variants.py                 # ours, with and without the sums
    python benchmarks/bench_variants.py --peer          # and pencilmark (slow on Tarek's: minutes)
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "variants"))

from bench_solve import machine, percentile  # noqa: E402
from sets import Entry, read_any  # noqa: E402

from squiggly_cp.core.puzzle import Grid, Verdict  # noqa: E402
from squiggly_cp.engines import cpsat  # noqa: E402
from squiggly_cp.formats.fpuzzles import to_fpuzzles_json  # noqa: E402
from squiggly_cp.sat import model as sat_model  # noqa: E402
from squiggly_cp.sat import sums  # noqa: E402

Solver = Callable[[Entry], "Grid | str | None"]
"""One solve: the unique solution, None (not unique), or why it was not decided."""


def load_sets(names: list[str]) -> dict[str, list[Entry]]:
    sets: dict[str, list[Entry]] = {}
    for name in names:
        found = read_any(name)
        sets.update({f"everyday {k}" if name == "everyday" else k: v for k, v in found.items()})
    return sets


def ours(entry: Entry) -> Grid | str | None:
    sums.leftover_sums.cache_clear()
    result = cpsat.solve(entry.puzzle)
    return result.solution if result.verdict is Verdict.UNIQUE else None


def without_sums(entry: Entry) -> Grid | str | None:
    hook = sat_model.add_leftover_sums
    sat_model.add_leftover_sums = lambda enc, puzzle: 0  # type: ignore[assignment]
    try:
        return ours(entry)
    finally:
        sat_model.add_leftover_sums = hook


def pencilmark_solver(limit: float) -> Solver:
    """pencilmark, imported from a temporary install if need be."""
    try:
        import pencilmark  # noqa: F401
    except ImportError:
        target = tempfile.mkdtemp(prefix="pencilmark-")
        pip = [sys.executable, "-m", "pip", "install", "-q", "--target", target, "pencilmark"]
        subprocess.run(pip, check=True)
        sys.path.insert(0, target)
    from pencilmark import api, cpsat_verify
    from pencilmark.sources import _fpuz_translate

    translated: dict[int, object] = {}  # by the entry's id: names repeat across sets

    def solve(entry: Entry) -> Grid | str | None:
        if id(entry) not in translated:
            pj, why = _fpuz_translate.translate(to_fpuzzles_json(entry.puzzle))
            translated[id(entry)] = pj if pj is not None else f"not read: {why}"
        pj = translated[id(entry)]
        if isinstance(pj, str):
            return pj
        solutions, decided = cpsat_verify.decide(api.load(pj), limit=2, time_limit=limit)
        if not decided:
            return f"undecided in {limit:g} s"
        return tuple(solutions[0]) if len(solutions) == 1 else None

    return solve


def time_set(entries: list[Entry], solvers: dict[str, Solver], repeat: int) -> dict[str, list[float]]:
    """Per solver, each decided puzzle's median seconds; a wrong answer stops the run."""
    names = list(solvers)
    times: dict[str, list[float]] = {name: [] for name in names}
    for number, entry in enumerate(entries):
        runs: dict[str, list[float]] = {name: [] for name in names}
        for rep in range(repeat):
            for k in range(len(names)):
                name = names[(number + rep + k) % len(names)]
                if name.startswith("peer") and rep:
                    continue  # the peer once a puzzle: it is slow
                start = time.perf_counter()
                answer = solvers[name](entry)
                seconds = time.perf_counter() - start
                if isinstance(answer, str):
                    print(f"  {name}: {entry.name}: {answer}", file=sys.stderr)
                    break
                if answer != entry.solution:
                    sys.exit(f"{name} is wrong on {entry.name}: {answer}")
                runs[name].append(seconds)
        for name, seconds in runs.items():
            if seconds:
                times[name].append(statistics.median(seconds))
    return times


def rows(label: str, times: dict[str, list[float]], count: int) -> list[str]:
    first = next(iter(times))
    base = statistics.median(times[first]) if times[first] else float("nan")
    out = []
    for name, t in times.items():
        if not t:
            out.append(f"| {label} | {name} | 0 of {count} | | | | |")
            continue
        med = statistics.median(t)
        done = f"{len(t)}" if len(t) == count else f"{len(t)} of {count}"
        out.append(
            f"| {label} | {name} | {done} | {med * 1e3:.1f} | {percentile(t, 0.95) * 1e3:.1f} "
            f"| {max(t) * 1e3:.1f} | {med / base:.2f} |"
        )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--sets", nargs="+", default=["everyday", "killer_jigsaw"], help="which sets (names or files)"
    )
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--peer", action="store_true", help="also time pencilmark (installed if need be)")
    parser.add_argument("--peer-limit", type=float, default=30.0, help="seconds a puzzle for the peer")
    args = parser.parse_args()
    solvers: dict[str, Solver] = {"squiggly-cp": ours, "squiggly-cp without the 45-rule sums": without_sums}
    if args.peer:
        solvers["peer: pencilmark"] = pencilmark_solver(args.peer_limit)
    print(f"Machine: {machine()}; {args.repeat} repetitions (the peer: one).\n")
    print("| set | solver | puzzles | median ms | p95 ms | max ms | median / squiggly-cp's |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for label, entries in load_sets(args.sets).items():
        times = time_set(entries, solvers, args.repeat)
        print("\n".join(rows(label, times, len(entries))), flush=True)


if __name__ == "__main__":
    main()
