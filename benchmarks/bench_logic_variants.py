"""Benchmark: the logic solver on everyday variant puzzles: how many it
solves without any chain or trial, whether every step is sound, and how
long a rating takes.

    python benchmarks/bench_logic_variants.py                     # every set, once
    python benchmarks/bench_logic_variants.py --sets killer_jigsaw --repeat 5

The sets are benchmarks/variants/ (`variants/sets.py`): ``everyday`` (100
generated published-style puzzles: killer, arrow, thermo, kropki and XV, 10
on boxes and 10 on jigsaws each, reported per kind) and ``killer_jigsaw``
(30 killers on jigsaw layouts, no givens); ``book`` (``--sets book``: the
everyday set at a puzzle book's mix of levels, reported per kind and level,
`variants/make_sets.py`); or a file of your own, such as
published puzzles set by others, which stay out of this repository
(`variants.sets.read_any`). Each puzzle is rated as `rate`
rates it (`assess`: CP-SAT proves it unique, then the logic path on the
default scale) ``--repeat`` times; its time is the median, and a set's is
the median of those. Every step is checked against the stored solution (a
placement must be its digit, an elimination must not remove it).

A puzzle counts as solved "without any chain or trial" when no step of its
path is a chain, a forcing chain or net, or trial, and "without forcing
nets or trial" when none is a dynamic or nested forcing chain or trial
(static chains allowed). For those with a chain, the report gives the stuck
position: the step number where the first chain step comes, its
technique, and how many cells were still open.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from variants.sets import Entry, read_any

from squiggly_cp.logic.assess import assess
from squiggly_cp.logic.step import Step

HEAVY = ("chain", "trial", "nishio", "loop", "cycle")
"""A step whose technique names one of these is a chain or trial."""
NETS = ("dynamic", "nested", "(+)", "trial")
"""... and one of these, a forcing net (a dynamic forcing chain, which
follows everything an assumption implies) or trial: what the issue's
target ("solved without trial or forcing nets") leaves out."""


def heavy(step: Step, words: tuple[str, ...] = HEAVY) -> bool:
    name = step.technique.lower()
    return any(word in name for word in words)


def run(entry: Entry, repeat: int) -> dict:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        found = assess(entry.puzzle, unique_only=True)
        times.append(time.perf_counter() - start)
    result = found.logic
    assert result is not None, entry.name
    unsound = [
        step.technique
        for step in result.steps
        if any(entry.solution[c] == d for c, d in step.eliminations)
        or any(entry.solution[c] != d for c, d in step.placements)
    ]
    first = next((k for k, step in enumerate(result.steps) if heavy(step)), None)
    stuck = None
    if first is not None:
        placed = sum(1 for g in entry.puzzle.givens if g)
        placed += sum(len(s.placements) for s in result.steps[:first])
        stuck = (first + 1, result.steps[first].technique, entry.puzzle.size**2 - placed)
    rating = found.rating.rating if found.rating is not None else None
    return {
        "solved": result.solved,
        "unsound": unsound,
        "clean": result.solved and first is None,
        "no nets": result.solved and not any(heavy(step, NETS) for step in result.steps),
        "time": statistics.median(times),
        "stuck": stuck,
        "rating": rating,
    }


def main() -> int:
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=raw)
    parser.add_argument("--sets", nargs="+", default=["everyday", "killer_jigsaw"])
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    groups: dict[str, list[Entry]] = {}
    for name in args.sets:
        groups.update(read_any(name))
    print(
        "| set | puzzles | solved | unsound steps | without any chain or trial "
        "| without forcing nets or trial | median rating time | ratings |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    stuck_lines = []
    failed = False
    for kind, entries in groups.items():
        found = [run(entry, args.repeat) for entry in entries]
        unsound = sum(len(f["unsound"]) for f in found)
        failed |= unsound > 0 or not all(f["solved"] for f in found)
        ratings = sorted(f["rating"] for f in found if f["rating"] is not None)
        spread = f"{ratings[0]}-{ratings[-1]}" if ratings else "-"
        print(
            f"| {kind} | {len(found)} | {sum(f['solved'] for f in found)} | {unsound} | "
            f"{sum(f['clean'] for f in found)} | {sum(f['no nets'] for f in found)} | "
            f"{statistics.median(f['time'] for f in found) * 1000:.0f} ms "
            f"| {spread} |",
            flush=True,
        )
        for entry, f in zip(entries, found, strict=True):
            if f["stuck"] is not None:
                step, technique, left = f["stuck"]
                stuck_lines.append(f"- {entry.name}: step {step}, {technique}, {left} cells open")
    if stuck_lines:
        print("\nStuck without chains or trial (the first such step):\n")
        print("\n".join(stuck_lines))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
