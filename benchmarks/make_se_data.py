"""Make tests/data/se_reference.txt: our own puzzles, rated by Sukaku Explainer.

    python benchmarks/make_se_data.py --jar PATH/TO/SukakuExplainer.jar

Generates 330 puzzles with the installed ``squiggly-cp generate`` (seeded,
so the same puzzles every time): on the classic 3x3-box layout and on random
jigsaw layouts, 30 of each of the levels easy, medium, hard and fiendish
(``--difficulty``) and 40 / 50 minimal-givens ones, which reach SE 9+. Each
is rated with the jar (ER, EP, ED, and the name of its hardest step), one
JVM per puzzle, cut at ``--timeout`` seconds. The file records the jar's
version. Rating takes about an hour, most of it on the minimal jigsaws.
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
    args = parser.parse_args()
    jar = find_jar(args.jar)
    if jar is None:
        sys.exit("make_se_data: no jar (give --jar or set SE_JAR)")
    box = HERE / "_box.txt"
    box.write_text(BOX_GRID)
    lines = [
        f"# Sukaku Explainer {jar_version(jar)} ratings of puzzles made by benchmarks/make_se_data.py",
        "# group, puzzle (81 givens + 81 region labels), ER, EP, ED, SE's own seconds, SE's hardest step",
    ]
    try:
        for group, seed, options in PLAN:
            for line in generate(group, seed, options, box):
                found = rate_with_jar(jar, line, args.timeout)
                if found.er is None:
                    lines.append(f"{group}\t{line}\tTO\tTO\tTO\t{args.timeout:.0f}\t?")
                    continue
                name = hardest_with_jar(jar, line, found.er, args.timeout)
                lines.append(
                    f"{group}\t{line}\t{found.er}\t{found.ep}\t{found.ed}\t{found.seconds:.2f}\t{name}"
                )
                print(lines[-1], flush=True)
    finally:
        box.unlink()
    OUT.write_text("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
