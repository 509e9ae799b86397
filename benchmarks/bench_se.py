"""Our ratings against Sukaku Explainer's, on the stored reference puzzles.

    python benchmarks/bench_se.py                 # against the stored figures
    python benchmarks/bench_se.py --jar SE.jar    # also re-runs the jar, side by side
    python benchmarks/bench_se.py --write         # writes the section of RESULTS-logic.md
    python benchmarks/bench_se.py --jar SE.jar --group jigsaw-minimal   # one group only
    python benchmarks/bench_se.py --variants --jobs 2 --write   # the house variants (issue 40)

Every puzzle of tests/data/se_reference.txt is decided by CP-SAT and rated
on both scales (``assess``, as ``squiggly-cp rate`` does, one process),
and compared with SE's stored ER/EP/ED, band by band (SE's ER). With a jar,
SE rates each puzzle again right after ours (one JVM per puzzle, SE's own
timer and the wall time with the JVM start-up), cut at ``--timeout``
seconds, which then counts as that many.

``--variants`` takes tests/data/se_variants.txt instead: 300 minimal house-
variant puzzles, where the target (issue 40) is ER, EP and ED within 0.1 on
every one; its table goes to a section of its own. ``--jobs`` rates that
many puzzles at once (without ``--jar``), each timed on its own.

Targets (issue 18): ``se`` within 0.1 of SE's ER on 90% of puzzles and
within 0.5 on 98%, EP and ED the same; ``default`` at most SE's ER + 0.2 on
97%; no trial step where SE rates 9.0 or less; total time on the minimal
jigsaws at most half of SE's, median under 30 ms where SE rates 6.0 or less.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path

from se_jar import SE_FLAGS, find_jar, rate_with_jar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from se_reference import DATA, VARIANTS, load
from se_reference import SeFigure as Row
from squiggly_cp.logic.assess import assess

HERE = Path(__file__).resolve().parent
BANDS = (
    (0.0, 2.5, "<= 2.5"),
    (2.6, 4.0, "2.6-4.0"),
    (4.1, 6.0, "4.1-6.0"),
    (6.1, 7.5, "6.1-7.5"),
    (7.6, 9.0, "7.6-9.0"),
    (9.1, 99.0, "> 9.0"),
)


def band(er: float) -> str:
    for low, high, name in BANDS:
        if low - 0.05 <= er <= high + 0.05:
            return name
    return BANDS[-1][2]


def pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--jar", help="SukakuExplainer.jar (or set SE_JAR): re-run it side by side")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per SE run (default 60)")
    parser.add_argument("--limit", type=int, help="only the first N puzzles of each group")
    parser.add_argument("--group", action="append", help="only this group (repeatable), e.g. jigsaw-minimal")
    parser.add_argument("--write", action="store_true", help="replace the SE section of RESULTS-logic.md")
    parser.add_argument("--variants", action="store_true", help="the house-variant puzzles (se_variants.txt)")
    parser.add_argument("--jobs", type=int, default=1, help="puzzles rated at once (not with --jar)")
    parser.add_argument("--se-only", action="store_true", help="the se scale only (half the time)")
    args = parser.parse_args()
    if args.write and (args.group or args.limit):
        parser.error("--write replaces the whole table: run it on every puzzle (no --group, no --limit)")
    jar = find_jar(args.jar)
    if args.jar and jar is None:
        sys.exit(f"bench_se: no jar at {args.jar}")
    if args.jobs > 1 and jar is not None:
        parser.error("--jobs times our side only: not with --jar")
    rows = load(VARIANTS if args.variants else DATA)
    if args.group:
        rows = [row for row in rows if row.group in args.group]
    if args.limit:
        kept: list[Row] = []
        seen: Counter = Counter()
        for row in rows:
            if seen[row.group] < args.limit:
                kept.append(row)
                seen[row.group] += 1
        rows = kept
    results = []
    with ProcessPoolExecutor(args.jobs) as pool:
        rate = partial(rate_both, scales=("se",) if args.se_only else ("se", "default"))
        ratings = pool.map(rate, rows) if args.jobs > 1 else map(rate, rows)
        for i, (row, out) in enumerate(zip(rows, ratings, strict=True), 1):
            results.append(compare(i, row, out, jar, args.timeout))
    text = report(results, jar is not None) if not args.variants else report_variants(results)
    print(text)
    if args.write:
        write_section(text, VARIANT_MARKS if args.variants else MARKS)
    return 0


def rate_both(row: Row, scales: tuple[str, ...] = ("se", "default")) -> dict:
    """Our rating on each scale, and its seconds."""
    out = {}
    for scale in scales:
        start = time.perf_counter()
        found = assess(row.puzzle(), scale=scale)
        out[scale] = (found.rating, time.perf_counter() - start)
    return out


def compare(i: int, row: Row, out: dict, jar: Path | None, timeout: float) -> tuple:
    """(row, our ratings, SE's seconds): SE's stored time, or the jar's again."""
    se_time = min(row.seconds, timeout)  # a run cut at the time-out counts as the time-out
    if jar is not None:
        again = rate_with_jar(jar, row.line, timeout, SE_FLAGS.get(row.variant, ()))
        se_time = again.seconds if again.seconds is not None else timeout
    rating = out["se"][0]
    ours = f"{rating.rating:4.1f}/{rating.pearl:.1f}/{rating.diamond:.1f}"
    default = f"{out['default'][0].rating:4.1f}" if "default" in out else "-"
    print(
        f"{i:4} {row.group:16} SE {row.er:4.1f}/{row.ep:.1f}/{row.ed:.1f} se {ours} "
        f"default {default} ({out['se'][1]:.2f}s, SE {se_time:.2f}s)",
        flush=True,
    )
    return row, out, se_time


def report(results: list, rerun: bool) -> str:
    lines = [
        "| SE band (ER) | puzzles | se: ER within 0.1 | within 0.5 | EP within 0.1 | ED within 0.1 | "
        "default <= ER + 0.2 | trial (se / default) |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    totals = [0] * 8
    for _, _, name in BANDS:
        chosen = [r for r in results if band(r[0].er) == name]
        if not chosen:
            continue
        counts = [
            len(chosen),
            sum(abs(o["se"][0].rating - r.er) < 0.05 + 0.1 for r, o, _ in chosen),
            sum(abs(o["se"][0].rating - r.er) < 0.05 + 0.5 for r, o, _ in chosen),
            sum(abs(o["se"][0].pearl - r.ep) < 0.15 for r, o, _ in chosen),
            sum(abs(o["se"][0].diamond - r.ed) < 0.15 for r, o, _ in chosen),
            sum(o["default"][0].rating <= r.er + 0.25 for r, o, _ in chosen),
            sum("trial" in o["se"][0].counts for r, o, _ in chosen),
            sum("trial" in o["default"][0].counts for r, o, _ in chosen),
        ]
        totals = [a + b for a, b in zip(totals, counts, strict=True)]
        lines.append(_row(name, counts))
    lines.append(_row("all", totals))
    low = [r for r in results if r[0].er <= 6.0]
    minimal = [r for r in results if r[0].group == "jigsaw-minimal"]
    clock = "re-run side by side, its own timer" if rerun else "stored, its own timer when the file was made"
    lines += ["", "| time | se scale | default scale | SE |", "| --- | ---: | ---: | ---: |"]
    if low:
        lines.append(
            f"| median, puzzles SE rates 6.0 or less ({len(low)}) | "
            f"{statistics.median(o['se'][1] for _, o, _ in low) * 1000:.0f} ms | "
            f"{statistics.median(o['default'][1] for _, o, _ in low) * 1000:.0f} ms | "
            f"{statistics.median(t for _, _, t in low) * 1000:.0f} ms |"
        )
    if minimal:
        ours = [sum(o[scale][1] for _, o, _ in minimal) for scale in ("se", "default")]
        theirs = sum(t for _, _, t in minimal)
        lines.append(
            f"| total, minimal jigsaws ({len(minimal)}) | {ours[0]:.1f} s ({ours[0] / theirs:.2f}x) | "
            f"{ours[1]:.1f} s ({ours[1] / theirs:.2f}x) | {theirs:.1f} s |"
        )
    lines.append("")
    lines.append(f"SE's times: {clock}; a run its time-out cut counts as the time-out.")
    return "\n".join(lines) + "\n"


def report_variants(results: list) -> str:
    """Agreement by variant and layout (issue 40: all three figures within 0.1, every puzzle)."""
    lines = [
        "| variant | layout | puzzles | SE's ER range | ER, EP and ED within 0.1 | ER within 0.1 | "
        "default <= ER + 0.2 | trial (se / default) | time: se / SE |",
        "| --- | --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    groups: dict[str, list] = {}
    for r in results:
        groups.setdefault(r[0].group, []).append(r)
    for name in [*sorted(groups), "all"]:
        chosen = results if name == "all" else groups[name]
        variant, _, layout = name.rpartition("-")
        n = len(chosen)
        exact = sum(_equal(row, o["se"][0]) for row, o, _ in chosen)
        er = sum(abs(o["se"][0].rating - row.er) < 0.15 for row, o, _ in chosen)
        both = all("default" in o for _, o, _ in chosen)
        default = sum(o["default"][0].rating <= row.er + 0.25 for row, o, _ in chosen) if both else -1
        trials = [sum("trial" in o[s][0].counts for _, o, _ in chosen if s in o) for s in ("se", "default")]
        ours, theirs = sum(o["se"][1] for _, o, _ in chosen), sum(t for _, _, t in chosen)
        low, high = min(row.er for row, _, _ in chosen), max(row.er for row, _, _ in chosen)
        lines.append(
            f"| {variant or 'all'} | {layout if variant else ''} | {n} | {low:.1f}-{high:.1f} | "
            f"{exact} ({pct(exact, n)}) | {er} ({pct(er, n)}) | "
            f"{f'{default} ({pct(default, n)})' if default >= 0 else '-'} | "
            f"{trials[0]} / {trials[1] if both else '-'} | {ours:.0f} s / {theirs:.0f} s |"
        )
    misses = [(row, o["se"][0]) for row, o, _ in results if not _equal(row, o["se"][0])]
    lines.append("")
    for row, rating in misses:
        lines.append(
            f"- {row.group} {row.line[:81]}: SE {row.er}/{row.ep}/{row.ed}, "
            f"se scale {rating.rating}/{rating.pearl}/{rating.diamond}"
        )
    lines.append("SE's times: stored, its own timer when the file was made.")
    return "\n".join(lines) + "\n"


def _equal(row: Row, rating: object) -> bool:
    ours = (rating.rating, rating.pearl, rating.diamond)  # type: ignore[attr-defined]
    return all(abs(a - b) < 0.15 for a, b in zip(ours, (row.er, row.ep, row.ed), strict=True))


def _row(name: str, counts: list[int]) -> str:
    n = counts[0]
    cells = [name, str(n), *(f"{c} ({pct(c, n)})" for c in counts[1:6]), f"{counts[6]} / {counts[7]}"]
    return "| " + " | ".join(cells) + " |"


MARKS = ("<!-- bench_se begin -->", "<!-- bench_se end -->", "Against Sukaku Explainer (issue 18)")
VARIANT_MARKS = (
    "<!-- bench_se variants begin -->",
    "<!-- bench_se variants end -->",
    "House variants against Sukaku Explainer (issue 40)",
)


def write_section(text: str, marks: tuple[str, str, str]) -> None:
    begin, end, title = marks
    path = HERE / "RESULTS-logic.md"
    old = path.read_text()
    block = f"{begin}\n{text}{end}"
    if begin in old:
        head, rest = old.split(begin, 1)
        new = head + block + rest.split(end, 1)[1]
    else:
        new = old.rstrip("\n") + f"\n\n## {title}\n\n" + block + "\n"
    path.write_text(new)


if __name__ == "__main__":
    sys.exit(main())
