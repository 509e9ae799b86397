"""Generate the seeded puzzle sets the logic solver's soundness tests use.

    python benchmarks/make_logic_data.py            # writes tests/data/logic_unique.txt
    python benchmarks/make_logic_data.py multiple   # writes tests/data/logic_multiple.txt
    python benchmarks/make_logic_data.py variants   # writes tests/data/logic_variants.txt
    python benchmarks/make_logic_data.py group 9 minimal   # one group (to run groups in parallel)
    python benchmarks/make_logic_data.py assemble   # joins the groups into logic_unique.txt

Each (size, kind) group has its own seed, so groups can be made in any order
or in parallel and the assembled file is the same.

Every puzzle is the project's own: a random layout, a random filling, then
givens removed. Uniqueness (and the multiple puzzles' true candidates) is
checked with the CP-SAT engine.

Line format, one puzzle per line, fields separated by one space:
``size layout givens solution`` (unique) or ``size layout givens candidates``
(multiple), ``size layout givens solution variant`` (house variants: the
name of `logic_check.variant_rules`). ``layout`` is one character per cell,
region labels 0-9 then a-g;
``givens`` and ``solution`` are one character per cell, digits 1-9 then A-G,
``.`` for empty; ``candidates`` is the true-candidate bitmask of each cell in
hex, cells separated by ``,``.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from logic_check import UNIQUE_PLAN, VARIANTS, variant_rules
from squiggly_cp.ask.count import true_candidates
from squiggly_cp.core.geometry import box_shape
from squiggly_cp.core.puzzle import DIGIT_CHARS, Puzzle, Verdict, standard_regions
from squiggly_cp.engines.registry import classify
from squiggly_cp.make.generate import make_puzzle, random_layout, random_solution

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"
LABELS = "0123456789abcdefg"
SEED = 20240611

MULTIPLE_PLAN = [(4, 20), (5, 20), (6, 30), (7, 30), (8, 30), (9, 60), (10, 10)]


def encode(puzzle: Puzzle) -> str:
    n = puzzle.size
    layout = "".join(LABELS[r] for r in puzzle.regions)
    givens = "".join(DIGIT_CHARS[d - 1] if d else "." for d in puzzle.givens)
    return f"{n} {layout} {givens}"


def unique(puzzle: Puzzle) -> bool:
    return classify(puzzle).verdict is Verdict.UNIQUE


def sparse(rng: random.Random, size: int) -> Puzzle:
    """A unique puzzle with 35-55% givens, removed one by one under CP-SAT checks.

    The first removals (down to 70% givens) are checked once, all together: a
    grid that full is almost always unique, and a rare failure just draws again.
    """
    while True:
        layout = random_layout(rng, size)
        solution = random_solution(layout, rng, size)
        if solution is None:
            continue
        full = Puzzle(size, solution, layout)
        givens = list(solution)
        order = list(range(size * size))
        rng.shuffle(order)
        free = int(size * size * 0.3)
        for cell in order[:free]:
            givens[cell] = 0
        if unique(full.with_givens(givens)):
            break
    target = int(size * size * rng.uniform(0.35, 0.55))
    left = size * size - free
    for cell in order[free:]:
        if left <= target:
            break
        digit, givens[cell] = givens[cell], 0
        if unique(full.with_givens(givens)):
            left -= 1
        else:
            givens[cell] = digit
    return full.with_givens(givens)


def group_path(size: int, kind: str) -> Path:
    return DATA / "logic_unique.d" / f"{size:02d}-{kind}.txt"


def make_group(size: int, kind: str, count: int) -> None:
    rng = random.Random(f"{SEED}-{size}-{kind}")
    lines = []
    start = time.monotonic()
    for _ in range(count):
        while True:
            puzzle = sparse(rng, size) if kind == "sparse" else make_puzzle(rng, kind, size)
            result = classify(puzzle)
            if result.verdict is Verdict.UNIQUE:
                break
        solution = "".join(DIGIT_CHARS[d - 1] for d in result.solutions[0])
        lines.append(f"{encode(puzzle)} {solution}\n")
    path = group_path(size, kind)
    path.parent.mkdir(exist_ok=True)
    path.write_text("".join(lines))
    print(f"{size}x{size} {kind}: {count} in {time.monotonic() - start:.1f}s", file=sys.stderr, flush=True)


def assemble() -> None:
    parts = [group_path(size, kind) for size, kind, _ in UNIQUE_PLAN]
    (DATA / "logic_unique.txt").write_text("".join(p.read_text() for p in parts))
    for p in parts:
        p.unlink()
    parts[0].parent.rmdir()


def main_unique() -> None:
    for size, kind, count in UNIQUE_PLAN:
        make_group(size, kind, count)
    assemble()


def main_multiple() -> None:
    rng = random.Random(20240612)
    lines = []
    for size, count in MULTIPLE_PLAN:
        for _ in range(count):
            puzzle = make_puzzle(rng, "multiple", size)
            masks = true_candidates(puzzle)
            assert masks is not None
            lines.append(f"{encode(puzzle)} {','.join(format(m, 'x') for m in masks)}\n")
        print(f"{size}x{size} multiple: {count}", file=sys.stderr, flush=True)
    (DATA / "logic_multiple.txt").write_text("".join(lines))


def main_variants() -> None:
    """House variants on box and jigsaw layouts, every size 4-9 (minimal and
    unique up to 6x6, unique above): `logic_check.VARIANTS` each where it
    fits the size."""
    rng = random.Random(20261205)
    lines = []
    for size in range(4, 10):
        for name in VARIANTS:
            rules = variant_rules(name, size)
            if not rules:
                continue
            start = time.monotonic()
            count = 24 if size == 9 else 8
            for k in range(count):
                boxes = box_shape(size) is not None and k % 2 == 0
                layout = standard_regions(size) if boxes else None
                # Minimal puzzles up to 6x6 only: a minimal 7x7-9x9 with diagonals can take
                # minutes of forcing chains, which the sweep cannot afford on every one.
                kind = "minimal" if size <= 6 and k % 3 else "unique"
                puzzle = make_puzzle(rng, kind, size, layout, rules=rules)
                result = classify(puzzle)
                assert result.verdict is Verdict.UNIQUE
                solution = "".join(DIGIT_CHARS[d - 1] for d in result.solutions[0])
                lines.append(f"{encode(puzzle)} {solution} {name}\n")
            took = time.monotonic() - start
            print(f"{size}x{size} {name}: {count} in {took:.1f}s", file=sys.stderr, flush=True)
    (DATA / "logic_variants.txt").write_text("".join(lines))


if __name__ == "__main__":
    args = sys.argv[1:]
    if args == ["variants"]:
        main_variants()
    elif args == ["multiple"]:
        main_multiple()
    elif args[:1] == ["group"]:
        size, kind = int(args[1]), args[2]
        make_group(size, kind, next(c for s, k, c in UNIQUE_PLAN if (s, k) == (size, kind)))
    elif args == ["assemble"]:
        assemble()
    else:
        main_unique()
