"""Make tests/data/se_reference.txt: our own puzzles, rated by Sukaku Explainer.

    python benchmarks/make_se_data.py --jar PATH/TO/SukakuExplainer.jar

Generates 330 puzzles with the installed ``squiggly-cp generate`` (seeded,
so the same puzzles every time): on the classic 3x3-box layout and on random
jigsaw layouts, 30 of each of the levels easy, medium, hard and fiendish
(``--difficulty``) and 40 / 50 minimal-givens ones, which reach SE 9+. Each
is rated with the jar (ER, EP, ED, and the name of its hardest step), one
JVM per puzzle, cut at ``--timeout`` seconds; a puzzle that time-out cut is
rated again with ``--retry`` seconds (``TO`` if that cuts it too). The file
records the jar's version. Rating takes about an hour and a half, most of it
on the minimal jigsaws.

    python benchmarks/make_se_data.py --jar SE.jar --retry-only   # re-rate the file's TO lines

``generate --difficulty`` picks puzzles by our own ``rate`` (default scale),
so a version of the rater that grades differently makes other puzzles from
the same seeds.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

from se_jar import find_jar, hardest_with_jar, jar_version, rate_with_jar

HERE = Path(__file__).resolve().parent
OUT = HERE.parent / "tests" / "data" / "se_reference.txt"
BOX_GRID = "000000000\n" * 9

PLAN: list[tuple[str, str, list[str]]] = []
"""(group, seed, generate options), in file order."""
_seed = 100
for _layout in ("classic", "jigsaw"):
    for _level in ("easy", "medium", "hard", "fiendish"):
        _seed += 1
        PLAN.append((f"{_layout}-{_level}", str(_seed), ["--count", "30", "--difficulty", _level]))
    _seed += 1
    PLAN.append(
        (
            f"{_layout}-minimal",
            str(_seed),
            ["--count", "40" if _layout == "classic" else "50", "--kind", "minimal"],
        )
    )


def generate(group: str, seed: str, options: list[str], box: Path) -> list[str]:
    layout = ["--layout", str(box)] if group.startswith("classic") else []
    command = [
        "squiggly-cp",
        "generate",
        "--seed",
        seed,
        "--to",
        "line",
        "--time-limit",
        "60",
        *layout,
        *options,
    ]
    return subprocess.run(command, capture_output=True, text=True, check=False).stdout.split()


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--jar", help="SukakuExplainer.jar (or set SE_JAR)")
    parser.add_argument("--timeout", type=float, default=90.0, help="seconds per SE run")
    parser.add_argument("--retry", type=float, default=1800.0, help="seconds for a run after a time-out")
    parser.add_argument("--retry-only", action="store_true", help="only re-rate the stored file's TO lines")
    args = parser.parse_args()
    jar = find_jar(args.jar)
    if jar is None:
        sys.exit("make_se_data: no jar (give --jar or set SE_JAR)")
    if args.retry_only:
        lines = OUT.read_text().splitlines()
        for i, text in enumerate(lines):
            fields = text.split("\t")
            if not text.startswith("#") and len(fields) > 2 and fields[2] == "TO":
                lines[i] = rate_line(jar, fields[0], fields[1], args.retry, args.retry)
                print(lines[i], flush=True)
        OUT.write_text("\n".join(lines) + "\n")
        return 0
    box = HERE / "_box.txt"
    box.write_text(BOX_GRID)
    lines = [
        f"# Sukaku Explainer {jar_version(jar)} ratings of puzzles made by benchmarks/make_se_data.py",
        "# group, puzzle (81 givens + 81 region labels), ER, EP, ED, SE's own seconds, SE's hardest step",
    ]
    try:
        for group, seed, options in PLAN:
            for line in generate(group, seed, options, box):
                lines.append(rate_line(jar, group, line, args.timeout, args.retry))
                print(lines[-1], flush=True)
    finally:
        box.unlink()
    OUT.write_text("\n".join(lines) + "\n")
    return 0


def rate_line(jar: Path, group: str, line: str, timeout: float, retry: float) -> str:
    """The file's line for one puzzle: SE's figures, or TO when even ``retry`` seconds cut it."""
    found = rate_with_jar(jar, line, timeout)
    if found.er is None and retry > timeout:
        timeout = retry
        found = rate_with_jar(jar, line, timeout)
    if found.er is None:
        return f"{group}\t{line}\tTO\tTO\tTO\t{timeout:.0f}\t?"
    name = hardest_with_jar(jar, line, found.er, timeout)
    return f"{group}\t{line}\t{found.er}\t{found.ep}\t{found.ed}\t{found.seconds:.2f}\t{name}"


if __name__ == "__main__":
    sys.exit(main())
