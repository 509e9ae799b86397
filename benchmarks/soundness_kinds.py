"""The logic solver's soundness on every rule kind: random small puzzles of
each kind and style the rule tests draw (`tests/rule_defs.STYLES`: the rules
read off a random filling of random regions, as `tests/test_rules.make_puzzle`
builds them), every step checked against every solution a brute-force search
finds (`tests/rule_defs.brute_force`, which shares no code with CP-SAT or the
logic solver): a placement must be the only digit any solution has there, an
elimination must remove no digit any solution has there, and the verdict
must be the brute force's (`tests/logic_check.check_against`).

    python benchmarks/soundness_kinds.py                  # 20 puzzles a style and size, both scales
    python benchmarks/soundness_kinds.py --count 5 --sizes 4 --styles entropic framesum

A puzzle whose brute force passes its node budget is skipped (and counted).
`tests/test_logic_kinds.py` runs a fixed sample of this in pytest; this
script is the full sweep, recorded in `benchmarks/RESULTS-logic.md`.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from logic_check import Tally, check_against
from rule_defs import STYLES, TooLong, brute_force, masks_of
from squiggly_cp.core.puzzle import PuzzleError, Unsupported
from test_rules import make_puzzle

NODES = 200_000
"""The brute force's budget a puzzle."""


def check_kind(style: str, n: int, index: int, seed: int, scale: str, tally: Tally) -> str:
    """One puzzle of ``style`` on an ``n``-grid, checked: ``checked``,
    ``skipped`` (the brute force ran past its budget), ``refused`` (the
    logic solver does not take the rule) or ``no such grid``."""
    rnd = random.Random(f"{seed}:{style}:{n}:{index}")
    try:
        puzzle, _ = make_puzzle([style], n, rnd, rnd.randint(n // 2, n * n // 2))
    except PuzzleError:  # a kind no such grid holds (entropic lines on 4x4)
        return "no such grid"
    try:
        grids, complete = brute_force(n, puzzle.regions, puzzle.givens, puzzle.rules, 500, node_limit=NODES)
    except TooLong:
        return "skipped"
    truth = masks_of(grids)
    if not complete or truth is None:
        return "skipped"
    try:
        check_against(puzzle, truth, tally, scale=scale)
    except Unsupported:
        return "refused"
    return "checked"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=20, help="puzzles a style, size and scale (20)")
    parser.add_argument("--sizes", type=int, nargs="+", default=[4, 6])
    parser.add_argument("--styles", nargs="+", default=STYLES, help="of tests/rule_defs.STYLES (all)")
    parser.add_argument("--scales", nargs="+", default=["default", "se"])
    parser.add_argument("--seed", type=int, default=55)
    args = parser.parse_args(argv)
    failed = 0
    for scale in args.scales:
        start = time.perf_counter()
        tally = Tally()
        outcomes: Counter[str] = Counter()
        for style in args.styles:
            for n in args.sizes:
                for k in range(args.count):
                    before = len(tally.errors)
                    outcomes[check_kind(style, n, k, args.seed, scale, tally)] += 1
                    for error in tally.errors[before:]:
                        print(f"{scale} {style} {n}x{n} #{k}: {error}")
        failed += len(tally.errors)
        seconds = time.perf_counter() - start
        print(
            f"{scale}: {len(args.styles)} styles x sizes {args.sizes} x {args.count}: "
            f"checked {outcomes['checked']}, skipped {outcomes['skipped']}, not taken by logic "
            f"{outcomes['refused']}, no such grid {outcomes['no such grid']}; "
            f"solved {tally.solved} of {tally.puzzles}; "
            f"{sum(tally.steps.values())} steps; errors {len(tally.errors)}; {seconds:.0f} s"
        )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
