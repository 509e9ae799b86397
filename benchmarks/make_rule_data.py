"""Make tests/data/logic_rules.txt: puzzles with the rules between two cells
and the sums that the logic solver reasons with (`squiggly_cp.logic.links`),
every size 4x4 to 9x9, on box and jigsaw layouts, for the soundness checks.

    python benchmarks/make_rule_data.py            # about a minute on two cores
    python benchmarks/make_rule_data.py --add renban between   # only these (of `LATER`), replacing theirs

Every puzzle is the project's own. The rules are read off a random completed
grid the way setters draw them (every kropki or XV dot with the negative
constraint; thermometers, whispers and palindromes along paths the grid
allows; odd/even and minimum/maximum marks; killer cages grown over the
grid, arrows, little killers and region-sum lines the grid adds up to;
renban and between lines it fits, quadruples, every sandwich sum), or,
for the global ones
(anti-knight, anti-king, non-consecutive), the grid is filled to keep them.
Givens are then removed while CP-SAT proves the puzzle unique with its rules:
up to 7x7 until every given left is needed (minimal, the hardest such a rule
set makes), above it while unique (a minimal 9x9 can take the logic solver
minutes of nested chains, more than a sweep of every puzzle can afford).

One puzzle a line, tab-separated: the rule kind (`KINDS`), the solution (one
character a cell, digits 1-9 then A-G) and the puzzle as compact f-puzzles
JSON.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from itertools import pairwise
from pathlib import Path

from squiggly_cp.core.geometry import box_shape
from squiggly_cp.core.limits import Undecided
from squiggly_cp.core.puzzle import DIGIT_CHARS, Grid, Puzzle, Verdict, standard_regions
from squiggly_cp.core.rules import (
    Apart,
    Arrow,
    Between,
    CellMark,
    Clone,
    Dot,
    KillerCage,
    LittleKiller,
    NoOtherDots,
    Palindrome,
    Quadruple,
    RegionSumLine,
    Renban,
    Rule,
    Sandwich,
    Thermometer,
    Whispers,
)
from squiggly_cp.core.rules.base import orthogonal_pairs
from squiggly_cp.core.rules.cellmarks import neighbours
from squiggly_cp.core.rules.lines import whisper_gap
from squiggly_cp.engines.registry import classify
from squiggly_cp.formats.fpuzzles import to_fpuzzles_json
from squiggly_cp.make.generate import make_puzzle, random_solution
from squiggly_cp.make.regionmaps import random_layout

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "logic_rules.txt"
SEED = 20261206
SIZES = range(4, 10)
PER_SIZE = 2
MINIMAL_UP_TO = 7
"""Puzzles of each kind and size: one on the box layout (where the size has boxes), one on a jigsaw."""

Maker = Callable[[random.Random, int, Grid], list[Rule]]


def _dots(styles: tuple[str, ...], negative: tuple[str, ...]) -> Maker:
    def make(rng: random.Random, n: int, grid: Grid) -> list[Rule]:
        out: list[Rule] = []
        for a, b in orthogonal_pairs(n):
            for style in styles:
                dot = Dot(style, (a, b))
                if dot.holds(grid, Puzzle(n, (0,) * (n * n), tuple(range(n)) * n)):
                    out.append(dot)
                    break
        return out + [NoOtherDots(s) for s in negative]

    return make


def _paths(
    rng: random.Random, n: int, grid: Grid, fits: Callable[[list[int]], bool], count: int
) -> list[list[int]]:
    """Up to ``count`` random paths of king moves, 3 to n cells, sharing no cell, that ``fits`` accepts."""
    used: set[int] = set()
    out: list[list[int]] = []
    for _ in range(400 * count):
        if len(out) == count:
            break
        path = [rng.randrange(n * n)]
        want = rng.randint(3, min(n, 6))
        while len(path) < want:
            r, c = divmod(path[-1], n)
            steps = [
                (r + dr) * n + c + dc
                for dr in (-1, 0, 1)
                for dc in (-1, 0, 1)
                if (dr or dc) and 0 <= r + dr < n and 0 <= c + dc < n
            ]
            free = [s for s in steps if s not in path and s not in used and fits([*path, s])]
            if not free:
                break
            path.append(rng.choice(free))
        if len(path) >= 3 and not used & set(path) and fits(path):
            used |= set(path)
            out.append(path)
    return out


def thermos(rng: random.Random, n: int, grid: Grid) -> list[Rule]:
    def rising(p: list[int]) -> bool:
        return all(grid[a] < grid[b] for a, b in pairwise(p))

    return [Thermometer(tuple(p)) for p in _paths(rng, n, grid, rising, rng.randint(2, 5))]


def whispers(rng: random.Random, n: int, grid: Grid) -> list[Rule]:
    gap = whisper_gap(n)
    def apart(p: list[int]) -> bool:
        return all(abs(grid[a] - grid[b]) >= gap for a, b in pairwise(p))

    return [Whispers(tuple(p)) for p in _paths(rng, n, grid, apart, rng.randint(2, 5))]


def palindromes(rng: random.Random, n: int, grid: Grid) -> list[Rule]:
    """Up to 4 palindromes along random paths the grid happens to read the
    same both ways. Such paths are rare (5 of the 12 "palindrome" puzzles of
    the stored set have one); where none is found, odd/even marks stand in."""

    def mirror(p: list[int]) -> bool:
        return all(grid[a] == grid[b] for a, b in zip(p, reversed(p), strict=True))

    found = [Palindrome(tuple(p)) for p in _paths(rng, n, grid, lambda p: True, 60) if mirror(p)]
    return found[:4] + (odd_even(rng, n, grid) if not found else [])


def clones(rng: random.Random, n: int, grid: Grid) -> list[Rule]:
    """Pairs of single cells holding the same digit, plus odd/even marks to help."""
    out: list[Rule] = []
    cells = list(range(n * n))
    rng.shuffle(cells)
    for a in cells[: n]:
        same = [b for b in range(n * n) if b != a and grid[b] == grid[a]]
        out.append(Clone((a,), (rng.choice(same),)))
    return out


def odd_even(rng: random.Random, n: int, grid: Grid) -> list[Rule]:
    marked = rng.sample(range(n * n), n * n // 3)
    return [CellMark("odd" if grid[c] % 2 else "even", c) for c in sorted(marked)]


def min_max(rng: random.Random, n: int, grid: Grid) -> list[Rule]:
    out: list[Rule] = []
    for c in range(n * n):
        near = [grid[o] for o in neighbours(c, n)]
        if all(grid[c] < v for v in near):
            out.append(CellMark("min", c))
        elif all(grid[c] > v for v in near):
            out.append(CellMark("max", c))
    return out


def _global(style: str) -> Maker:
    def make(rng: random.Random, n: int, grid: Grid) -> list[Rule]:
        return [Apart(style)]

    return make


def mixed(rng: random.Random, n: int, grid: Grid) -> list[Rule]:
    some_dots = _dots(("white",), ())(rng, n, grid)[::3]
    return thermos(rng, n, grid)[:2] + odd_even(rng, n, grid)[: n // 2] + some_dots


def some_kropki(rng: random.Random, n: int, grid: Grid) -> list[Rule]:
    """Half the kropki dots, no negative constraint."""
    return [r for r in _dots(("white", "black"), ())(rng, n, grid) if rng.random() < 0.5]


def _cages(rng: random.Random, n: int, grid: Grid, cover: float) -> list[Rule]:
    """Cages of 1 to 5 cells grown at random, no digit twice in one, over
    about ``cover`` of the grid, each with its sum."""
    free = set(range(n * n))
    out: list[Rule] = []
    while len(free) > (1 - cover) * n * n:
        cage = [rng.choice(sorted(free))]
        want = rng.choice((2, 2, 3, 3, 3, 4, 4, 5)) if n > 4 else rng.choice((1, 2, 2, 3))
        while len(cage) < want:
            near = sorted(
                o
                for c in cage
                for o in (c - n, c + n, c - 1 if c % n else -1, c + 1 if (c + 1) % n else -1)
                if o in free and o not in cage and grid[o] not in {grid[x] for x in cage}
            )
            if not near:
                break
            cage.append(rng.choice(near))
        free -= set(cage)
        out.append(KillerCage(tuple(sorted(cage)), sum(grid[c] for c in cage)))
    return out


def killers(rng: random.Random, n: int, grid: Grid) -> list[Rule]:
    return _cages(rng, n, grid, 1.0)


def some_cages(rng: random.Random, n: int, grid: Grid) -> list[Rule]:
    return _cages(rng, n, grid, 0.4)


def arrows(rng: random.Random, n: int, grid: Grid) -> list[Rule]:
    def adds_up(p: list[int]) -> bool:
        return sum(grid[c] for c in p[1:]) <= grid[p[0]]

    paths = _paths(rng, n, grid, adds_up, 40)
    found = [p for p in paths if sum(grid[c] for c in p[1:]) == grid[p[0]]]
    arrows: list[Rule] = [Arrow((p[0],), tuple(p[1:])) for p in found[: n - 2]]
    return arrows + (odd_even(rng, n, grid) if not found else [])


def little_killers(rng: random.Random, n: int, grid: Grid) -> list[Rule]:
    """Little killers on diagonals of 2 or more cells, from the top and left edges, plus a few cages."""
    clues = [((0, c), "DR") for c in range(n - 1)] + [((r, 0), "DR") for r in range(1, n - 1)]
    clues += [((0, c), "DL") for c in range(2, n + 1)]
    out: list[Rule] = []
    for at, way in rng.sample(clues, min(len(clues), n)):
        probe = LittleKiller(at, way, 1)
        out.append(LittleKiller(at, way, sum(grid[c] for c in probe.diagonal(n))))
    return out + _cages(rng, n, grid, 0.2)


def region_sums(rng: random.Random, n: int, grid: Grid) -> list[Rule]:
    """Region-sum lines along paths the grid happens to fit (pieces in two
    regions or more, equal sums), with a few cages to help."""
    regions = _REGIONS[0]

    def fits(p: list[int]) -> bool:
        line = RegionSumLine(tuple(p))
        pieces = line.pieces(regions)
        return len(pieces) > 1 and len({sum(grid[c] for c in piece) for piece in pieces}) == 1

    found: list[Rule] = []
    used: set[int] = set()
    for _ in range(60):
        for p in _paths(rng, n, grid, lambda p: True, n):
            if len(found) < 4 and fits(p) and not used & set(p):
                found.append(RegionSumLine(tuple(p)))
                used |= set(p)
    return found + _cages(rng, n, grid, 0.3)


def renbans(rng: random.Random, n: int, grid: Grid) -> list[Rule]:
    def run(p: list[int]) -> bool:
        digits = sorted(grid[c] for c in p)
        return digits == list(range(digits[0], digits[0] + len(p)))

    found = [p for p in _paths(rng, n, grid, lambda p: len({grid[c] for c in p}) == len(p), 60) if run(p)]
    return [Renban(tuple(p)) for p in found[:5]] + _cages(rng, n, grid, 0.2)


def betweens(rng: random.Random, n: int, grid: Grid) -> list[Rule]:
    def inside(p: list[int]) -> bool:
        low, high = sorted((grid[p[0]], grid[p[-1]]))
        return all(low < grid[c] < high for c in p[1:-1])

    found = [p for p in _paths(rng, n, grid, lambda p: True, 80) if inside(p)]
    return [Between(tuple(p)) for p in found[:5]] + odd_even(rng, n, grid)[: n // 2]


def quadruples(rng: random.Random, n: int, grid: Grid) -> list[Rule]:
    """A quadruple at about a third of the grid points, with 2 to 4 of its
    cells' digits (none twice: f-puzzles cannot say it)."""
    out: list[Rule] = []
    for r in range(n - 1):
        for c in range(n - 1):
            if rng.random() < 0.35:
                corner = (r * n + c, r * n + c + 1, (r + 1) * n + c, (r + 1) * n + c + 1)
                seen = sorted({grid[x] for x in corner})
                digits = sorted(rng.sample(seen, min(len(seen), rng.randint(2, 4))))
                out.append(Quadruple(corner, tuple(digits)))
    return out


def sandwiches(rng: random.Random, n: int, grid: Grid) -> list[Rule]:
    """The sandwich sum of every row and column (as most sandwich puzzles give)."""
    out: list[Rule] = []
    for line in ("row", "column"):
        for i in range(1, n + 1):
            probe = Sandwich(line, i, 0)
            values = [grid[c] for c in probe.span(n)]
            a, b = sorted((values.index(1), values.index(n)))
            out.append(Sandwich(line, i, sum(values[a + 1 : b])))
    return out


_REGIONS: list[tuple[int, ...]] = [()]
"""The layout `one` is making a puzzle on (region-sum lines depend on it)."""

GLOBAL = ("anti-knight", "anti-king", "non-consecutive")
KINDS: dict[str, Maker] = {
    "kropki": _dots(("white", "black"), ("white", "black")),
    "kropki-some": some_kropki,
    "xv": _dots(("x", "v"), ("xv",)),
    "odd-even": odd_even,
    "min-max": min_max,
    "anti-knight": _global("antiknight"),
    "anti-king": _global("antiking"),
    "non-consecutive": _global("nonconsecutive"),
    "thermo": thermos,
    "whispers": whispers,
    "palindrome": palindromes,
    "clone": clones,
    "mixed": mixed,
    "killer": killers,
    "killer-some": some_cages,
    "arrow": arrows,
    "little-killer": little_killers,
    "region-sum": region_sums,
    "renban": renbans,
    "between": betweens,
    "quadruple": quadruples,
    "sandwich": sandwiches,
}
LATER = (
    *("killer", "killer-some", "arrow", "little-killer", "region-sum"),
    *("renban", "between", "quadruple", "sandwich"),
)
"""The kinds added after the first 13 (sums and rules read whole): ``--add KIND...`` makes just those."""


def one(job: tuple[str, int, int]) -> str | None:
    kind, n, k = job
    rng = random.Random(f"{SEED}-{kind}-{n}-{k}")
    boxes = box_shape(n) is not None and k % 2 == 0
    layout = standard_regions(n) if boxes else random_layout(rng, n)
    maker = KINDS[kind]
    for _ in range(20):
        _REGIONS[0] = tuple(layout)
        given = tuple(maker(rng, n, ())) if kind in GLOBAL else ()
        try:
            grid = random_solution(layout, rng, n, rules=given, time_limit=30)
            rules = () if grid is None else given or tuple(maker(rng, n, grid))
            how = "minimal" if n <= MINIMAL_UP_TO else "unique"
            puzzle = make_puzzle(rng, how, n, layout, rules=rules, time_limit=60) if rules else None
        except Undecided:
            puzzle = None
        if puzzle is None:  # no grid of this layout keeps the rule, or too slow: another layout
            layout = random_layout(rng, n)
            continue
        result = classify(puzzle)
        assert result.verdict is Verdict.UNIQUE
        solution = "".join(DIGIT_CHARS[d - 1] for d in result.solutions[0])
        doc = json.dumps(to_fpuzzles_json(puzzle), separators=(",", ":"))
        return f"{kind}\t{solution}\t{doc}"
    return None


def main() -> int:
    add = sys.argv[1:2] == ["--add"]
    kinds = tuple(sys.argv[2:]) if add else tuple(KINDS)
    assert all(kind in LATER for kind in kinds), f"--add takes kinds of {LATER}"
    jobs = [(kind, n, k) for kind in kinds for n in SIZES for k in range(PER_SIZE)]
    with ProcessPoolExecutor() as pool:
        lines = [line for line in pool.map(one, jobs) if line is not None]
    old = OUT.read_text().splitlines(keepends=True) if add else []
    kept = [x for x in old if x.split("\t")[0] not in kinds]
    OUT.write_text("".join(kept) + "".join(line + "\n" for line in lines))
    print(f"{len(lines)} of {len(jobs)} puzzles in {OUT}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
