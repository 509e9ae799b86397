"""The soundness sweep of the logic solver (the tests run a seeded sample).

    python benchmarks/soundness_logic.py                      # every stored puzzle, both scales
    python benchmarks/soundness_logic.py --scale default      # CI: every puzzle, default scale
    python benchmarks/soundness_logic.py --scale se --ci      # CI: a seeded part, se scale

Solves every stored unique puzzle (tests/data/logic_unique.txt) and every
stored puzzle with several solutions (tests/data/logic_multiple.txt) on the
default scale and on the ``se`` scale, checks every step against the
solution or the true candidates, checks every default-scale path against its
stored digest (tests/data/logic_steps.txt: the steps stay byte-identical),
and prints how often each technique fired, how many puzzles needed a trial
step, and the time. The uniqueness techniques run on the unique puzzles
only, as `rate` allows them only after CP-SAT proved uniqueness; one firing
on a puzzle with several solutions counts as an error. Two worker processes.
Exits with status 1 if any step was unsound or a unique puzzle was not solved.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from make_logic_data import UNIQUE_PLAN

from logic_check import Tally, check_against, load_golden, load_multiple, load_unique, solution_masks
from squiggly_cp.logic import SCALES


def _check(job: tuple) -> Tally:
    puzzle, truth, golden, scale = job
    tally = Tally()
    result = check_against(puzzle, truth, tally, golden if scale == "default" else None, scale)
    unique = all(m and not m & (m - 1) for m in truth)
    if unique and not result.solved:
        tally.errors.append(f"unique {puzzle.size}x{puzzle.size} puzzle not solved ({scale} scale)")
    if not unique and result.solved:
        tally.errors.append(f"a puzzle with several solutions solved ({scale} scale)")
    return tally


def _minimal_9x9() -> list[int]:
    """Indices of the 9x9 minimal-givens puzzles in logic_unique.txt (see make_logic_data.UNIQUE_PLAN)."""
    start = 0
    for size, kind, count in UNIQUE_PLAN:
        if (size, kind) == (9, "minimal"):
            return list(range(start, start + count))
        start += count
    return []


def _merge(tallies: list[Tally]) -> Tally:
    total = Tally()
    for t in tallies:
        total.steps.update(t.steps)
        total.eliminations.update(t.eliminations)
        total.errors += t.errors
        total.solved += t.solved
        total.puzzles += t.puzzles
        total.trial_puzzles += t.trial_puzzles
    return total


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--scale", choices=["default", "se", "both"], default="both")
    parser.add_argument("--minimal", type=int, help="only this many (seeded) of the 900 minimal 9x9 puzzles")
    parser.add_argument("--large", type=int, help="only this many (seeded) puzzles of each size above 9x9")
    parser.add_argument(
        "--multiple", type=int, help="only this many (seeded) of the puzzles with several solutions"
    )
    parser.add_argument("--ci", action="store_true", help="--minimal 60 --large 3 --multiple 100")
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    if args.ci:
        args.minimal, args.large, args.multiple = 60, 3, 100
    golden = load_golden()
    unique = list(load_unique())
    multiple = list(load_multiple())
    goldens = dict(zip(range(len(unique) + len(multiple)), golden, strict=True))
    chosen = list(range(len(unique)))
    if args.minimal is not None:
        minimal = _minimal_9x9()
        keep = set(random.Random(17).sample(minimal, min(args.minimal, len(minimal))))
        minimal = set(minimal)
        chosen = [i for i in chosen if i not in minimal or i in keep]
    if args.large is not None:
        rng = random.Random(19)
        for size in sorted({p.size for p, _ in unique if p.size > 9}):
            of_size = [i for i in chosen if unique[i][0].size == size]
            drop = set(of_size) - set(rng.sample(of_size, min(args.large, len(of_size))))
            chosen = [i for i in chosen if i not in drop]
    kept_multiple = list(range(len(multiple)))
    if args.multiple is not None:
        kept_multiple = sorted(random.Random(23).sample(kept_multiple, min(args.multiple, len(multiple))))
    scales = ["default", "se"] if args.scale == "both" else [args.scale]
    status = 0
    with Pool(args.processes) as pool:
        for scale in scales:
            start = time.monotonic()
            jobs = [(unique[i][0], solution_masks(unique[i][1]), goldens[i], scale) for i in chosen]
            tallies = pool.map(_check, jobs, chunksize=2)
            middle = time.monotonic()
            jobs = [(multiple[k][0], multiple[k][1], goldens[len(unique) + k], scale) for k in kept_multiple]
            many = _merge(pool.map(_check, jobs, chunksize=2))
            end = time.monotonic()
            one = _merge(tallies)
            by_size: Counter = Counter(unique[i][0].size for i in chosen)
            trial_by_size: Counter = Counter(
                unique[i][0].size for i, t in zip(chosen, tallies, strict=True) if t.trial_puzzles
            )
            print(f"== {scale} scale")
            print(
                f"unique: {one.puzzles} puzzles, {one.solved} solved, {len(one.errors)} errors, "
                f"{middle - start:.1f}s"
            )
            print(
                f"multiple: {many.puzzles} puzzles, {many.solved} solved (should be 0), "
                f"{len(many.errors)} errors, {end - middle:.1f}s"
            )
            print(
                "puzzles needing trial, by size: "
                + ", ".join(f"{n}x{n} {trial_by_size[n]}/{by_size[n]}" for n in sorted(by_size))
            )
            print(f"{'technique':40} {'unique steps':>12} {'elims':>8} {'multiple steps':>15} {'elims':>8}")
            for name in SCALES[scale].step_names:
                print(
                    f"{name:40} {one.steps[name]:12} {one.eliminations[name]:8} "
                    f"{many.steps[name]:15} {many.eliminations[name]:8}"
                )
            for error in (one.errors + many.errors)[:20]:
                print("ERROR", error)
            if one.errors or many.errors:
                status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
