"""Make tests/data/se_variants.txt: house-variant puzzles rated by Sukaku Explainer.

    python benchmarks/make_se_variants.py generate       # the puzzles (no Java)
    python benchmarks/make_se_variants.py rate --jar PATH/TO/SukakuExplainer.jar

Generates 344 minimal 9x9 puzzles (seeded, the same every time): 43 of each
house variant of `logic_check.VARIANTS` that Sukaku Explainer knows (both
diagonals, either one alone, windoku, disjoint groups, asterisk, centre dot
and girandola), 24 on the 3x3 boxes and 19 each on a random jigsaw layout
of its own. ``rate`` has the jar rate each (ER, EP, ED, the name of
its hardest step where it took under 10 s), one JVM per puzzle, cut at ``--timeout`` seconds; a cut
puzzle is marked TO and the tests leave it out. Both steps run on every core;
``rate`` keeps the figures of a puzzle the file already has.

File format, one puzzle a line, tab-separated: group (variant-layout), the
puzzle (81 givens + 81 region labels), the variant, then ER, EP, ED, SE's
own seconds and its hardest step.
"""

from __future__ import annotations

import argparse
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from se_jar import SE_FLAGS, find_jar, hardest_with_jar, jar_version, rate_with_jar

from logic_check import VARIANTS, variant_rules
from squiggly_cp.core.puzzle import standard_regions
from squiggly_cp.make.generate import make_puzzle

HERE = Path(__file__).resolve().parent
OUT = HERE.parent / "tests" / "data" / "se_variants.txt"
PUZZLES = HERE / "_se_variants.tmp"
SEED = 20261205
PER_VARIANT = 38
MORE_BOXES = 5
"""Then this many more of each variant on the boxes: SE's time-out cuts about
one jigsaw in six (most X and disjoint-group jigsaws), never a box puzzle,
and the set is to hold 300 that SE rated."""
HEADER = (
    "# group, puzzle (81 givens + 81 region labels), variant, ER, EP, ED, SE's own seconds, SE's hardest step"
)


def _line(puzzle_line: tuple[str, int, bool]) -> str:
    """One minimal puzzle of a variant: (variant, number, on the 3x3 boxes)."""
    name, k, boxes = puzzle_line
    rng = random.Random(f"{SEED}-{name}-{k}")
    puzzle = make_puzzle(
        rng, "minimal", 9, standard_regions(9) if boxes else None, rules=variant_rules(name, 9)
    )
    givens = "".join(str(d) if d else "." for d in puzzle.givens)
    labels = "".join(str(r + 1) for r in puzzle.regions)
    return f"{name}-{'box' if boxes else 'jigsaw'}\t{givens}{labels}\t{name}"


def generate() -> None:
    plan = [(name, k, k % 2 == 0) for name in VARIANTS for k in range(PER_VARIANT)]
    plan += [(name, k, True) for name in VARIANTS for k in range(PER_VARIANT, PER_VARIANT + MORE_BOXES)]
    with ProcessPoolExecutor() as pool:
        lines = list(pool.map(_line, plan))
    PUZZLES.write_text("\n".join(lines) + "\n")
    print(f"{len(lines)} puzzles in {PUZZLES}", file=sys.stderr)


def _rate(job: tuple[str, str, float]) -> str:
    jar_name, text, timeout = job
    _, line, name = text.split("\t")
    jar = Path(jar_name)
    flags = SE_FLAGS[name]
    found = rate_with_jar(jar, line, timeout, flags)
    if found.er is None:
        return f"{text}\tTO\tTO\tTO\t{timeout:.0f}\t?"
    # SE's hints run is a second solve: only where the first was quick.
    hardest = hardest_with_jar(jar, line, found.er, timeout, flags) if (found.seconds or 0) < 10 else "?"
    return f"{text}\t{found.er}\t{found.ep}\t{found.ed}\t{found.seconds:.2f}\t{hardest}"


def rate(jar: Path, timeout: float) -> None:
    """Every puzzle; one the file already has (the same line) keeps its figures."""
    texts = PUZZLES.read_text().split("\n")[:-1]
    done = {}
    if OUT.exists():
        kept = [t for t in OUT.read_text().splitlines() if not t.startswith("#")]
        done = {"\t".join(t.split("\t")[:3]): t for t in kept}
    title = f"# Sukaku Explainer {jar_version(jar)} ratings of puzzles made by benchmarks/make_se_variants.py"
    lines = [title, HEADER]
    with ProcessPoolExecutor() as pool:
        jobs = [(str(jar), t, timeout) for t in texts if t not in done]
        fresh = dict(zip((t for _, t, _ in jobs), pool.map(_rate, jobs), strict=True))
    for t in texts:
        lines.append(done.get(t) or fresh[t])
        print(lines[-1], flush=True)
    OUT.write_text("\n".join(lines) + "\n")


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("step", choices=("generate", "rate"))
    parser.add_argument("--jar", help="SukakuExplainer.jar (or set SE_JAR)")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per SE run")
    args = parser.parse_args()
    if args.step == "generate":
        generate()
        return 0
    jar = find_jar(args.jar)
    if jar is None:
        sys.exit("make_se_variants: no jar (give --jar or set SE_JAR)")
    rate(jar, args.timeout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
