"""Make the generated variant benchmark sets (seeded): published-style
everyday puzzles and killer jigsaws, each proved unique by CP-SAT.

    python benchmarks/variants/make_sets.py            # writes everyday.jsonl, killer_jigsaw.jsonl
    python benchmarks/variants/make_sets.py --book     # writes book.jsonl from everyday.jsonl

* ``everyday.jsonl``: for each of killer, arrow, thermo, kropki and XV, on
  the box layout and on random jigsaw layouts, ``--per-kind`` puzzles (10):
  a random completed grid, the clues read off it the way setters draw them
  (killer: every cell caged, cages of 1-5 cells, no givens; arrow: 5-8
  arrows of 2-4 cells; thermo: 4-7 thermometers of 3-6 cells; kropki: every
  white and black dot, all dots given; XV: every X and V, all given), then
  givens where two solutions differ until unique, then every given that is
  not needed taken out again (so near-minimal, as published puzzles are).
* ``book.jsonl``: the everyday set at a puzzle book's mix of levels, as the
  workbench benchmark's plain jigsaws are (30 % easy, 30 % medium, 25 %
  hard, 15 % fiendish on the default scale: 6, 6, 5 and 3 of each kind's
  20). Near-minimal arrow and thermometer puzzles are all hard (SE 6.7-11);
  so each of those keeps its layout and rules, and the generator
  (`generate` with a rating target) makes a new grid and new givens for it
  at its level. Killer, kropki and XV puzzles are copied unchanged: with
  every cage or every dot drawn, their givens cannot make them harder
  (the killers need none at all).
* ``killer_jigsaw.jsonl``: ``--jigsaw-killers`` (30) killers on random
  jigsaw layouts, every cell caged, larger cages (2-6 cells), no givens.

Puzzles set by others are not kept here: a collection of them outside the
repository can be measured with ``--sets path/to/file.jsonl``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from sets import HERE, Entry, read_set, write_set

from squiggly_cp.core.puzzle import Grid, Puzzle, Verdict, standard_regions
from squiggly_cp.core.rules import Arrow, Dot, KillerCage, NoOtherDots, Rule, Thermometer
from squiggly_cp.engines import cpsat
from squiggly_cp.make.generate import generate
from squiggly_cp.make.regionmaps import fill_layout, random_layout
from squiggly_cp.make.targets import level_range, rating_target

N = 9
Maker = Callable[[random.Random, Grid], list[Rule]]


def neighbours(cell: int, diagonal: bool) -> list[int]:
    r, c = divmod(cell, N)
    out = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dr or dc) and (diagonal or not (dr and dc)) and 0 <= r + dr < N and 0 <= c + dc < N:
                out.append((r + dr) * N + c + dc)
    return out


def cages(rng: random.Random, grid: Grid, sizes: dict[int, float]) -> list[Rule]:
    """Every cell in a cage of different digits, sizes drawn from ``sizes``."""
    free = set(range(N * N))
    out: list[Rule] = []
    while free:
        start = rng.choice(sorted(free))
        want = rng.choices(list(sizes), weights=list(sizes.values()))[0]
        cage = [start]
        free.discard(start)
        while len(cage) < want:
            digits = {grid[c] for c in cage}
            near = sorted(
                {n for c in cage for n in neighbours(c, False) if n in free and grid[n] not in digits}
            )
            if not near:
                break
            pick = rng.choice(near)
            cage.append(pick)
            free.discard(pick)
        out.append(KillerCage(tuple(sorted(cage)), sum(grid[c] for c in cage)))
    return out


def killers(rng: random.Random, grid: Grid) -> list[Rule]:
    return cages(rng, grid, {1: 0.02, 2: 0.3, 3: 0.36, 4: 0.24, 5: 0.08})


def big_killers(rng: random.Random, grid: Grid) -> list[Rule]:
    return cages(rng, grid, {2: 0.15, 3: 0.3, 4: 0.3, 5: 0.17, 6: 0.08})


def _arrow(rng: random.Random, grid: Grid, used: set[int]) -> Arrow | None:
    bulb = rng.choice([c for c in range(N * N) if c not in used and grid[c] >= 3])
    length = rng.choice((2, 3, 3, 4))
    for _ in range(30):
        line, total, at = [], 0, bulb
        while len(line) < length:
            options = [n for n in neighbours(at, True) if n not in used and n != bulb and n not in line]
            if not options:
                break
            at = rng.choice(options)
            line.append(at)
            total += grid[at]
        if len(line) >= 2 and sum(grid[c] for c in line) == grid[bulb]:
            return Arrow((bulb,), tuple(line))
        # A shorter line that already sums right is an arrow too.
        for k in range(2, len(line)):
            if sum(grid[c] for c in line[:k]) == grid[bulb]:
                return Arrow((bulb,), tuple(line[:k]))
    return None


def arrows(rng: random.Random, grid: Grid) -> list[Rule]:
    used: set[int] = set()
    out: list[Rule] = []
    want = rng.randint(5, 8)
    for _ in range(200):
        if len(out) == want:
            break
        arrow = _arrow(rng, grid, used)
        if arrow is not None:
            out.append(arrow)
            used.update(arrow.cells())
    return out


def thermos(rng: random.Random, grid: Grid) -> list[Rule]:
    used: set[int] = set()
    out: list[Rule] = []
    want = rng.randint(4, 7)
    for _ in range(300):
        if len(out) == want:
            break
        at = rng.choice([c for c in range(N * N) if c not in used and grid[c] <= 5])
        line = [at]
        goal = rng.randint(3, 6)
        while len(line) < goal:
            options = [
                n for n in neighbours(at, True) if n not in used and n not in line and grid[n] > grid[at]
            ]
            if not options:
                break
            at = rng.choice(options)
            line.append(at)
        if len(line) >= 3:
            out.append(Thermometer(tuple(line)))
            used.update(line)
    return out


def _pairs() -> list[tuple[int, int]]:
    return [(a, b) for a in range(N * N) for b in neighbours(a, False) if a < b]


def kropki(rng: random.Random, grid: Grid) -> list[Rule]:
    out: list[Rule] = []
    for a, b in _pairs():
        x, y = grid[a], grid[b]
        if abs(x - y) == 1:
            out.append(Dot("white", (a, b)))
        if x == 2 * y or y == 2 * x:
            out.append(Dot("black", (a, b)))
    return [*out, NoOtherDots("white"), NoOtherDots("black")]


def xv(rng: random.Random, grid: Grid) -> list[Rule]:
    out: list[Rule] = []
    for a, b in _pairs():
        total = grid[a] + grid[b]
        if total in (5, 10):
            out.append(Dot("v" if total == 5 else "x", (a, b)))
    return [*out, NoOtherDots("xv")]


def with_givens(rng: random.Random, puzzle: Puzzle, grid: Grid) -> Puzzle | None:
    """Givens where two solutions differ until unique, then the unneeded taken out."""
    givens = list(puzzle.givens)
    for _ in range(N * N):
        result = cpsat.solve(puzzle.with_givens(givens))
        if result.verdict is Verdict.UNIQUE:
            break
        if result.verdict is not Verdict.MULTIPLE:
            return None
        first, second = result.solutions[:2]
        cell = rng.choice([i for i in range(N * N) if first[i] != second[i]])
        givens[cell] = grid[cell]
    else:
        return None
    for cell in rng.sample(range(N * N), N * N):
        if givens[cell]:
            givens[cell] = 0
            if cpsat.solve(puzzle.with_givens(givens)).verdict is not Verdict.UNIQUE:
                givens[cell] = grid[cell]
    return puzzle.with_givens(givens)


def make(rng: random.Random, maker: Maker, jigsaw: bool, givens: bool) -> tuple[Puzzle, Grid]:
    while True:
        regions = random_layout(rng, N) if jigsaw else standard_regions(N)
        grid = fill_layout(regions, N, rng)
        if grid is None:
            continue
        puzzle = Puzzle(N, (0,) * (N * N), regions, rules=tuple(maker(rng, grid)))
        if givens:
            made = with_givens(rng, puzzle, grid)
            if made is not None:
                return made, grid
        elif cpsat.solve(puzzle).verdict is Verdict.UNIQUE:
            return puzzle, grid


EVERYDAY: dict[str, tuple[Maker, bool]] = {
    "killer": (killers, False),
    "arrow": (arrows, True),
    "thermo": (thermos, True),
    "kropki": (kropki, True),
    "xv": (xv, True),
}


BOOK_KINDS = ("arrow", "thermo")
BOOK_LEVELS = {
    "box": ("easy",) * 3 + ("medium",) * 3 + ("hard",) * 3 + ("fiendish",),
    "jigsaw": ("easy",) * 3 + ("medium",) * 3 + ("hard",) * 2 + ("fiendish",) * 2,
}
"""Each everyday number's level: 6 easy, 6 medium, 5 hard and 3 fiendish of a kind's 20."""


def book(seed: int, out: Path) -> None:
    """``book.jsonl`` from ``everyday.jsonl`` (see above)."""
    start = time.perf_counter()
    entries = []
    for entry in read_set(out / "everyday.jsonl"):
        kind, layout, number = entry.name.split("-")
        if kind not in BOOK_KINDS:
            entries.append(entry)
            continue
        level = BOOK_LEVELS[layout][int(number) - 1]
        target = rating_target(*level_range(level))
        puzzle = entry.puzzle
        made = generate(seed + int(number), 1, layout=puzzle.regions, rules=puzzle.rules, target=target)
        for outcome in made:
            assert outcome.puzzle is not None, outcome
            result = cpsat.solve(outcome.puzzle)
            assert result.verdict is Verdict.UNIQUE, entry.name
            entries.append(Entry(f"{kind}-{layout}-{level}-{number}", outcome.puzzle, result.solutions[0]))
        print(f"{entries[-1].name}: {time.perf_counter() - start:.0f} s", file=sys.stderr)
    write_set(out / "book.jsonl", entries)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=2027)
    parser.add_argument("--per-kind", type=int, default=10)
    parser.add_argument("--jigsaw-killers", type=int, default=30)
    parser.add_argument("--out", type=Path, default=HERE)
    parser.add_argument("--book", action="store_true", help="only book.jsonl, from everyday.jsonl")
    args = parser.parse_args()
    if args.book:
        book(args.seed, args.out)
        return
    rng = random.Random(args.seed)
    start = time.perf_counter()
    entries = []
    for kind, (maker, givens) in EVERYDAY.items():
        for layout in ("box", "jigsaw"):
            for k in range(args.per_kind):
                puzzle, grid = make(rng, maker, layout == "jigsaw", givens)
                entries.append(Entry(f"{kind}-{layout}-{k + 1:02d}", puzzle, grid))
            print(f"{kind} {layout}: {time.perf_counter() - start:.0f} s", file=sys.stderr)
    write_set(args.out / "everyday.jsonl", entries)
    hard = []
    for k in range(args.jigsaw_killers):
        puzzle, grid = make(rng, big_killers, True, False)
        hard.append(Entry(f"big-killer-jigsaw-{k + 1:02d}", puzzle, grid))
    print(f"killer jigsaws: {time.perf_counter() - start:.0f} s", file=sys.stderr)
    write_set(args.out / "killer_jigsaw.jsonl", hard)


if __name__ == "__main__":
    main()
