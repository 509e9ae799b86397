"""A 16x16 being set on the workbench (issue 41, part 2): a recorded
sequence of 60 edits that takes a 16x16 from 40 givens to unique, and per
edit the time to the verdict, to the complete true candidates and of
`count --candidates`.

    python benchmarks/bench_workbench_16.py --make     # (re)write the sequence, from SEED
    python benchmarks/bench_workbench_16.py            # measure it
    python benchmarks/bench_workbench_16.py --edits 10 # the first 10 edits only
    python benchmarks/bench_workbench_16.py --count-every 5  # count on every 5th grid

The sequence (benchmarks/workbench16_edits.txt, one line form a grid: the
40-given start, then one line after each edit) is made by our generator: a
unique 16x16 (`make_puzzle`, seed SEED), its givens taken out at random
while it stays unique down to 100, 40 of those kept, then the other 60
added back one at a time, in random order; the last edit makes it unique.

Measured per grid, in this process, as the workbench's workers answer
(`squiggly_cp.web.answers.answer`, no HTTP):

- verdict: the page's quick analysis (``"fix"``, ``"rate"`` and
  ``"candidates"`` false);
- candidates: from the edit to the complete true candidates, as the page
  gets them: for a unique grid (or none) they come with the verdict; for
  one of several solutions the verdict's time plus /api/candidates asked
  again and again until complete, each time with what the last answer gave
  (its solutions, from the previous grids' too while they fit, its
  excluded digits while givens are only added, its candidates as found);
- count: `count --candidates`' search from nothing (`ask.count.true_candidates`).

Each is reported as p50 / p95 / max over the grids, against the targets:
verdict <= 1 s p95, complete candidates <= 3 s p95, count <= 3 s p50.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path

from squiggly_cp.ask.count import true_candidates
from squiggly_cp.core.puzzle import Puzzle, Verdict
from squiggly_cp.engines.registry import classify
from squiggly_cp.formats.detect import write_puzzles
from squiggly_cp.formats.open import cases_in
from squiggly_cp.make.generate import make_puzzle
from squiggly_cp.web.answers import answer

SEED = 41
DATA = Path(__file__).resolve().parent / "workbench16_edits.txt"
START, END = 40, 100


def make_sequence(seed: int) -> list[str]:
    """The grids of the sequence, line form: the start and one after each edit."""
    rng = random.Random(f"bench_workbench_16 {seed}")
    puzzle = make_puzzle(rng, "unique", 16)
    givens = list(puzzle.givens)
    order = [c for c, d in enumerate(givens) if d]
    rng.shuffle(order)
    for cell in order:
        if sum(1 for d in givens if d) <= END:
            break
        digit, givens[cell] = givens[cell], 0
        if classify(puzzle.with_givens(tuple(givens))).verdict is not Verdict.UNIQUE:
            givens[cell] = digit
    kept = [c for c, d in enumerate(givens) if d]
    rng.shuffle(kept)
    grid = [d if c in kept[:START] else 0 for c, d in enumerate(givens)]
    grids = [grid[:]]
    for cell in kept[START:]:
        grid[cell] = givens[cell]
        grids.append(grid[:])
    return [write_puzzles([puzzle.with_givens(tuple(g))], "line").strip() for g in grids]


def candidates_time(
    line: str, seeds: list[str], excluded: list[str]
) -> tuple[float, int, list[str], list[str]]:
    """Seconds until /api/candidates says complete, how many requests, and
    the solutions known and digits excluded at the end (the page keeps them
    for the next grid: each edit here only adds a given)."""
    start, asked = time.perf_counter(), 0
    known, found = list(seeds), None
    while True:
        asked += 1
        request = {"puzzle": line, "solutions": known, "excluded": excluded, "found": found}
        got = answer("candidates", request, 10.0)
        known, found = list(dict.fromkeys([*known, *got["solutions"]]))[-100:], got["candidates"]
        excluded = got["excluded"] or excluded
        if got["complete"]:
            return time.perf_counter() - start, asked, known, excluded


def fits(grid: str, givens: str) -> bool:
    return all(g == "." or g == s for g, s in zip(givens, grid, strict=True))


def summary(name: str, values: list[float], target: str) -> str:
    values = sorted(values)
    p95 = values[min(len(values) - 1, round(0.95 * (len(values) - 1)))]
    return (f"{name:<12} p50 {statistics.median(values):6.2f} s  p95 {p95:6.2f} s  "
            f"max {values[-1]:6.2f} s   target {target}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--make", action="store_true", help="write the sequence from --seed")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--edits", type=int, default=None, help="measure the first EDITS edits only")
    parser.add_argument("--count-every", type=int, default=1, metavar="K",
                        help="time count --candidates on every K-th grid only (0: none)")
    args = parser.parse_args()
    if args.make:
        DATA.write_text("\n".join(make_sequence(args.seed)) + "\n")
        print(f"wrote {DATA}")
        return
    lines = DATA.read_text().split()
    if args.edits is not None:
        lines = lines[: args.edits + 1]
    verdicts, cands, counts, known, excluded = [], [], [], [], []
    for k, line in enumerate(lines):
        puzzle: Puzzle = next(cases_in(line.encode())).puzzle
        givens = "".join("." if d == 0 else line[c] for c, d in enumerate(puzzle.givens))
        start = time.perf_counter()
        quick = answer("analyse", {"puzzle": line, "fix": False, "rate": False, "candidates": False}, 10.0)
        verdicts.append(time.perf_counter() - start)
        seeds = [g for g in [*known, *quick.get("differences", {}).get("solutions", [])] if fits(g, givens)]
        seconds, asked = verdicts[-1], 0
        if quick["verdict"] == "multiple":
            more, asked, known, excluded = candidates_time(line, seeds, excluded)
            seconds += more
        cands.append(seconds)
        count = float("nan")
        if args.count_every and k % args.count_every == 0:
            start = time.perf_counter()
            true_candidates(puzzle)
            count = time.perf_counter() - start
            counts.append(count)
        print(f"edit {k:2d}: {sum(1 for d in puzzle.givens if d):3d} givens, {quick['verdict']:<8} "
              f"verdict {verdicts[-1]:5.2f} s, candidates {seconds:5.2f} s ({asked} requests), "
              f"count {count:5.2f} s", flush=True)  # fmt: skip
    print(summary("verdict", verdicts, "<= 1 s p95"))
    print(summary("candidates", cands, "<= 3 s p95"))
    if counts:
        print(summary("count", counts, "<= 3 s p50"))


if __name__ == "__main__":
    main()
