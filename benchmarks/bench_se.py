"""Our ratings against Sukaku Explainer's, on the stored reference puzzles.

    python benchmarks/bench_se.py                 # against the stored figures
    python benchmarks/bench_se.py --jar SE.jar    # also re-runs the jar, side by side
    python benchmarks/bench_se.py --write         # writes the section of RESULTS-logic.md
    python benchmarks/bench_se.py --jar SE.jar --group jigsaw-minimal   # one group only

Every puzzle of tests/data/se_reference.txt is decided by CP-SAT and rated
on both scales (``assess``, as ``squiggly-cp rate`` does, one process),
and compared with SE's stored ER/EP/ED, band by band (SE's ER). With a jar,
SE rates each puzzle again right after ours (one JVM per puzzle, SE's own
timer and the wall time with the JVM start-up), cut at ``--timeout``
seconds, which then counts as that many.

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
from pathlib import Path

from se_jar import find_jar, rate_with_jar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from se_reference import SeFigure as Row
from se_reference import load
from squiggly_cp.formats.line import read_line
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
    args = parser.parse_args()
    if args.write and (args.group or args.limit):
        parser.error("--write replaces the whole table: run it on every puzzle (no --group, no --limit)")
    jar = find_jar(args.jar)
    if args.jar and jar is None:
        sys.exit(f"bench_se: no jar at {args.jar}")
    rows = load()
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
    for i, row in enumerate(rows, 1):
        puzzle = read_line(row.line)[0]
        out = {}
        for scale in ("se", "default"):
            start = time.perf_counter()
            found = assess(puzzle, scale=scale)
            out[scale] = (found.rating, time.perf_counter() - start)
        se_time = min(row.seconds, args.timeout)  # a run cut at the time-out counts as the time-out
        if jar is not None:
            again = rate_with_jar(jar, row.line, args.timeout)
            se_time = again.seconds if again.seconds is not None else args.timeout
        results.append((row, out, se_time))
        rating = out["se"][0]
        ours = f"{rating.rating:4.1f}/{rating.pearl:.1f}/{rating.diamond:.1f}"
        print(
            f"{i:4} {row.group:16} SE {row.er:4.1f}/{row.ep:.1f}/{row.ed:.1f} se {ours} "
            f"default {out['default'][0].rating:4.1f} ({out['se'][1]:.2f}s, SE {se_time:.2f}s)",
            flush=True,
        )
    text = report(results, jar is not None)
    print(text)
    if args.write:
        write_section(text)
    return 0


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


def _row(name: str, counts: list[int]) -> str:
    n = counts[0]
    cells = [name, str(n), *(f"{c} ({pct(c, n)})" for c in counts[1:6]), f"{counts[6]} / {counts[7]}"]
    return "| " + " | ".join(cells) + " |"


BEGIN, END = "<!-- bench_se begin -->", "<!-- bench_se end -->"


def write_section(text: str) -> None:
    path = HERE / "RESULTS-logic.md"
    old = path.read_text()
    block = f"{BEGIN}\n{text}{END}"
    if BEGIN in old:
        head, rest = old.split(BEGIN, 1)
        new = head + block + rest.split(END, 1)[1]
    else:
        new = old.rstrip("\n") + "\n\n## Against Sukaku Explainer (issue 18)\n\n" + block + "\n"
    path.write_text(new)


if __name__ == "__main__":
    sys.exit(main())
