"""The full soundness sweep of the logic solver (the tests run a seeded sample).

    python benchmarks/soundness_logic.py

Solves every stored unique puzzle (tests/data/logic_unique.txt) and every
stored puzzle with several solutions (tests/data/logic_multiple.txt), checks
every step against the solution or the true candidates and every path against
its stored digest (tests/data/logic_steps.txt: the steps stay byte-identical),
and prints how often
each technique fired, how many puzzles needed a trial step, and the time.
Exits with status 1 if any step was unsound or a unique puzzle was not solved.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from logic_check import Tally, check_against, load_golden, load_multiple, load_unique, solution_masks
from squiggly_cp.logic import TECHNIQUES


def main() -> int:
    start = time.monotonic()
    unique = Tally()
    by_size: Counter = Counter()
    trial_by_size: Counter = Counter()
    golden = iter(load_golden())
    for puzzle, solution in load_unique():
        before = unique.trial_puzzles
        result = check_against(puzzle, solution_masks(solution), unique, next(golden))
        by_size[puzzle.size] += 1
        trial_by_size[puzzle.size] += unique.trial_puzzles - before
        if not result.solved:
            unique.errors.append(f"unique {puzzle.size}x{puzzle.size} puzzle not solved")
    middle = time.monotonic()
    multiple = Tally()
    for puzzle, masks in load_multiple():
        check_against(puzzle, masks, multiple, next(golden))
    end = time.monotonic()
    print(
        f"unique: {unique.puzzles} puzzles, {unique.solved} solved, {len(unique.errors)} errors, "
        f"{middle - start:.1f}s"
    )
    print(
        f"multiple: {multiple.puzzles} puzzles, {multiple.solved} solved (should be 0), "
        f"{len(multiple.errors)} errors, {end - middle:.1f}s"
    )
    print(
        "puzzles needing trial, by size: "
        + ", ".join(f"{n}x{n} {trial_by_size[n]}/{by_size[n]}" for n in sorted(by_size))
    )
    print(f"{'technique':20} {'unique steps':>12} {'elims':>8} {'multiple steps':>15} {'elims':>8}")
    for name in TECHNIQUES:
        print(
            f"{name:20} {unique.steps[name]:12} {unique.eliminations[name]:8} "
            f"{multiple.steps[name]:15} {multiple.eliminations[name]:8}"
        )
    for error in (unique.errors + multiple.errors)[:20]:
        print("ERROR", error)
    return 1 if unique.errors or multiple.errors or multiple.solved else 0


if __name__ == "__main__":
    sys.exit(main())
