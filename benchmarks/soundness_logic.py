"""The soundness sweep of the logic solver (the tests run a smaller seeded sample).

    python benchmarks/soundness_logic.py                   # every stored puzzle, both scales
    python benchmarks/soundness_logic.py --quick           # a seeded part, both scales (~9 minutes)
    python benchmarks/soundness_logic.py --sample 150,50 --seed-from-git   # CI's sample (seed: the commit)
    python benchmarks/soundness_logic.py --record          # store the summaries anew (a few minutes a scale)
    python benchmarks/soundness_logic.py --record-digests old.txt   # at one commit, then at another:
    python benchmarks/soundness_logic.py --digests old.txt          # no path changed, byte for byte

Solves every stored unique puzzle (tests/data/logic_unique.txt, and the
house-variant puzzles of logic_variants.txt: diagonals, windoku, disjoint
groups, asterisk, centre dot, girandola; and the puzzles with rules between
two cells of logic_rules.txt: dots, odd/even, anti-knight, thermometers...) and every
stored puzzle with several solutions (tests/data/logic_multiple.txt) on the
default scale and on the ``se`` scale, checks every step against the
solution or the true candidates, checks the summaries of the about 300
puzzles that have one stored (tests/data/logic_expected.jsonl and
logic_expected_se.jsonl: rating, pearl, diamond, and the count of each
technique, see `logic_check.summary`), and prints how often each technique
fired, how many puzzles needed a trial step or a nested forcing chain (with
their lines), and the time. Each puzzle goes through `assess`, as `rate`
does: CP-SAT decides it first, and the uniqueness techniques run only when
it proved the puzzle unique; a verdict other than the stored one, or a
uniqueness step on a puzzle with several solutions, counts as an error.
Two worker processes. Exits with status 1 if any step was unsound, a
summary (or, with ``--digests``, a path) differs from the stored one, or a
unique puzzle was not solved.

``--record`` solves the puzzles the summaries cover (`expected_choice`,
plain, and `expected_variant_choice`, two of each variant and rule kind) and,
when every step was sound, stores their summaries instead of comparing
them: run it after a change that is meant to change paths, and read the
diff. ``--record-digests FILE`` writes a digest of every path swept
(`logic_check.path_digest`, everything `logic --json` shows) and
``--digests FILE`` compares with them: a refactor that should change no
output is checked this way against the commit before it.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from collections import Counter
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from logic_check import (
    Tally,
    check_against,
    expected_choice,
    expected_key,
    expected_path,
    expected_variant_choice,
    load_expected,
    load_multiple,
    load_rules,
    load_unique,
    load_variants,
    minimal_9x9,
    path_digest,
    solution_masks,
    summary,
    write_expected,
)
from squiggly_cp.logic import SCALES

QUICK_SAMPLE = {"minimal": 60, "large": 3, "multiple": 100}
"""``--quick``: this many (seeded) of the 900 minimal 9x9 puzzles, of each size
above 9x9, and of the 200 with several solutions; every other stored puzzle."""


def _check(job: tuple) -> tuple[Tally, str, dict]:
    puzzle, truth, expected, scale = job
    tally = Tally()
    result = check_against(puzzle, truth, tally, expected, scale)
    unique = all(m and not m & (m - 1) for m in truth)
    if unique and not result.solved:
        tally.errors.append(f"unique {puzzle.size}x{puzzle.size} puzzle not solved ({scale} scale)")
    if not unique and result.solved:
        tally.errors.append(f"a puzzle with several solutions solved ({scale} scale)")
    return tally, path_digest(result, puzzle.size), summary(result)


def _merge(tallies: list[Tally]) -> Tally:
    total = Tally()
    for t in tallies:
        total.steps.update(t.steps)
        total.eliminations.update(t.eliminations)
        total.errors += t.errors
        total.solved += t.solved
        total.puzzles += t.puzzles
        total.trial_puzzles += t.trial_puzzles
        total.nested_puzzles += t.nested_puzzles
    return total


def _seed_from_git() -> int:
    """A seed from the checked-out commit, so that successive commits sweep
    different puzzles; 0 outside a git checkout."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
            cwd=Path(__file__).resolve().parent,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return 0
    return int(head[:8], 16)


NESTED_LINES = (789, 913)
"""The lines of logic_unique.txt whose paths need nested forcing chains
(every full sweep so far: benchmarks/RESULTS-logic.md), about 270 s each on
each scale. A sample (CI's) leaves them out: one drawn took CI's sample from
70 to 278 s a scale, and both would take CI past its 20 minutes. The full
sweep checks them."""


def _chosen(args: argparse.Namespace, unique: list, multiple: list) -> tuple[list[int], list[int]]:
    """Indices of the unique and multiple puzzles to sweep."""
    if args.sample:
        rng = random.Random(args.seed)
        u, m = args.sample
        pool = [i for i in range(len(unique)) if i + 1 not in NESTED_LINES]
        return (
            sorted(rng.sample(pool, min(u, len(pool)))),
            sorted(rng.sample(range(len(multiple)), min(m, len(multiple)))),
        )
    chosen = list(range(len(unique)))
    if args.minimal is not None:
        minimal = list(minimal_9x9())
        keep = set(random.Random(17).sample(minimal, min(args.minimal, len(minimal))))
        minimal_set = set(minimal)
        chosen = [i for i in chosen if i not in minimal_set or i in keep]
    if args.large is not None:
        rng = random.Random(19)
        for size in sorted({p.size for p, _ in unique if p.size > 9}):
            of_size = [i for i in chosen if unique[i][0].size == size]
            drop = set(of_size) - set(rng.sample(of_size, min(args.large, len(of_size))))
            chosen = [i for i in chosen if i not in drop]
    kept_multiple = list(range(len(multiple)))
    if args.multiple is not None:
        kept_multiple = sorted(random.Random(23).sample(kept_multiple, min(args.multiple, len(multiple))))
    return chosen, kept_multiple


def _report(
    scale: str, unique: list, files: list, chosen: list[int], results: list, many: Tally, times: tuple
) -> None:
    """Counts by technique; the lines needing trial or nested chains (``files``:
    (name, first, stop) of each file's puzzles in ``unique``)."""
    tallies = [t for t, *_ in results]
    one = _merge(tallies)
    by_size: Counter = Counter(unique[i][0].size for i in chosen)
    trial_by_size: Counter = Counter(
        unique[i][0].size for i, t in zip(chosen, tallies, strict=True) if t.trial_puzzles
    )
    print(f"== {scale} scale")
    print(f"unique: {one.puzzles} puzzles, {one.solved} solved, {len(one.errors)} errors, {times[0]:.1f}s")
    print(
        f"multiple: {many.puzzles} puzzles, {many.solved} solved (should be 0), "
        f"{len(many.errors)} errors, {times[1]:.1f}s"
    )
    print(
        "puzzles needing trial, by size: "
        + ", ".join(f"{n}x{n} {trial_by_size[n]}/{by_size[n]}" for n in sorted(by_size))
    )
    for what, attr in (("trial", "trial_puzzles"), ("nested forcing chains", "nested_puzzles")):
        for name, first, stop in files:
            hit = [i for i, t in zip(chosen, tallies, strict=True) if getattr(t, attr) and first <= i < stop]
            lines = [i - first + 1 for i in hit]
            if lines:
                print(f"lines of {name} needing {what}: " + ", ".join(map(str, lines)))
    width = max(map(len, SCALES[scale].step_names))
    print(f"{'technique':{width}} {'unique steps':>12} {'elims':>8} {'multiple steps':>15} {'elims':>8}")
    for name in SCALES[scale].step_names:
        print(
            f"{name:{width}} {one.steps[name]:12} {one.eliminations[name]:8} "
            f"{many.steps[name]:15} {many.eliminations[name]:8}"
        )


def _digest_errors(path: Path, scale: str, digests: dict[str, str]) -> list[str]:
    """The paths whose digest differs from the one ``path`` holds for them."""
    stored = {}
    for line in path.read_text().splitlines():
        their_scale, key, digest = line.split()
        if their_scale == scale:
            stored[key] = digest
    return [
        f"{key} ({scale} scale): the path differs from the one in {path.name}"
        for key, digest in digests.items()
        if key in stored and stored[key] != digest
    ] + (
        [f"{path.name} has no path of the {scale} scale swept here"]
        if not stored.keys() & digests.keys()
        else []
    )


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
    parser.add_argument("--quick", action="store_true", help="a seeded part (QUICK_SAMPLE): a quick check")
    parser.add_argument(
        "--lines", help="only these lines of logic_unique.txt (1-based, comma-separated), no multiple ones"
    )
    parser.add_argument(
        "--sample",
        type=lambda text: tuple(int(k) for k in text.split(",")),
        help="U,M: a seeded sample of U unique puzzles and M with several solutions, drawn from all",
    )
    parser.add_argument("--seed", type=int, default=0, help="the seed of --sample")
    parser.add_argument("--seed-from-git", action="store_true", help="--sample's seed from the commit")
    parser.add_argument(
        "--record",
        action="store_true",
        help="store the summaries of the expected puzzles instead of checking",
    )
    parser.add_argument("--digests", type=Path, help="compare every path swept with the digests in this file")
    parser.add_argument("--record-digests", type=Path, help="write every swept path's digest to this file")
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    if args.quick:
        args.minimal, args.large, args.multiple = (QUICK_SAMPLE[k] for k in ("minimal", "large", "multiple"))
    if args.seed_from_git:
        args.seed = _seed_from_git()
    if args.sample:
        print(f"sample of {args.sample[0]} unique and {args.sample[1]} multiple puzzles, seed {args.seed}")
    if args.record and (
        args.sample
        or args.lines
        or args.minimal is not None
        or args.large is not None
        or args.multiple is not None
    ):
        parser.error("--record solves the puzzles the summaries cover: it takes no sample")
    unique = list(load_unique())
    files = [("logic_unique.txt", 0, len(unique))]
    if not args.lines:  # after the plain ones: `_where` names their lines
        for name, more in (
            ("logic_variants.txt", list(load_variants())),
            ("logic_rules.txt", [(p, s) for _, p, s in load_rules()]),
        ):
            files.append((name, len(unique), len(unique) + len(more)))
            unique += more
    multiple = list(load_multiple())
    if args.record:
        chosen, kept_multiple = expected_choice()
        chosen = chosen + expected_variant_choice()
    else:
        chosen, kept_multiple = _chosen(args, unique, multiple)
    if args.lines:
        chosen, kept_multiple = [int(k) - 1 for k in args.lines.split(",")], []
    scales = ["default", "se"] if args.scale == "both" else [args.scale]
    status = 0
    written_digests: list[str] = []
    with Pool(args.processes) as pool:
        for scale in scales:
            stored = {} if args.record or not expected_path(scale).exists() else load_expected(scale)
            keys = [expected_key("unique", i) for i in chosen] + [
                expected_key("multiple", k) for k in kept_multiple
            ]
            start = time.monotonic()
            jobs = [
                (unique[i][0], solution_masks(unique[i][1]), stored.get(key), scale)
                for i, key in zip(chosen, keys, strict=False)
            ]
            results = pool.map(_check, jobs, chunksize=1)
            middle = time.monotonic()
            jobs = [
                (multiple[k][0], multiple[k][1], stored.get(key), scale)
                for k, key in zip(kept_multiple, keys[len(chosen) :], strict=True)
            ]
            results_many = pool.map(_check, jobs, chunksize=1)
            end = time.monotonic()
            many = _merge([t for t, *_ in results_many])
            _report(scale, unique, files, chosen, results, many, (middle - start, end - middle))
            everything = results + results_many
            digests = {key: d for key, (_, d, _) in zip(keys, everything, strict=True)}
            errors = [e for t, *_ in results for e in t.errors] + many.errors
            if args.digests:
                errors += _digest_errors(args.digests, scale, digests)
            checked = sum(1 for key in keys if key in stored)
            print(f"summaries checked: {checked}; paths compared with {args.digests or 'no digest file'}")
            if errors:
                for error in errors[:20]:
                    print("ERROR", error)
                status = 1
            elif args.record:
                write_expected(scale, {key: s for key, (_, _, s) in zip(keys, everything, strict=True)})
                print(f"recorded {len(keys)} summaries in {expected_path(scale).name} ({end - start:.0f} s)")
            written_digests += [f"{scale} {key} {d}" for key, d in digests.items()]
            sys.stdout.flush()
    if args.record_digests and not status:
        args.record_digests.write_text("\n".join(written_digests) + "\n")
        print(f"wrote {len(written_digests)} path digests to {args.record_digests}")
    return status


if __name__ == "__main__":
    sys.exit(main())
