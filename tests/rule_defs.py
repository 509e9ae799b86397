"""Independent definitions of the variant rules, a brute-force solver and
random puzzle makers, for tests/test_rules.py.

Nothing here calls a rule's ``holds``, ``encode``, ``houses`` or its other
helpers (``diagonal``, ``span``, ``pieces``...): each rule's meaning is
written again from the rules' published meanings (README: Variants; for the
lines of issue 55, the issue's table), reading only the rule's data fields.
The brute force backtracks over rows, columns, regions and extra houses (bit
masks), and checks each rule's condition as soon as every cell it reads is
filled.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import accumulate, combinations, pairwise

from squiggly_cp.core.rules import (
    Apart,
    Arrow,
    Between,
    CellMark,
    Clone,
    CountingCircles,
    Diagonal,
    DisjointGroups,
    Dot,
    EntropicLine,
    ExtraRegion,
    FrameSum,
    KillerCage,
    LittleKiller,
    LockoutLine,
    ModularLine,
    NabnerLine,
    NoOtherDots,
    NoRegion,
    OutsideClue,
    Palindrome,
    ParityLine,
    Quadruple,
    RegionSumLine,
    Renban,
    Rule,
    Sandwich,
    Skyscraper,
    SlowThermometer,
    SumCage,
    SumLine,
    Thermometer,
    Whispers,
    Windoku,
    XSum,
    ZipperLine,
)

Grid = tuple[int, ...]
Check = Callable[[Sequence[int]], bool]
Scope = tuple[tuple[int, ...], Check]
"""The cells a condition reads, and the condition on the whole grid."""

BOXES = {4: (2, 2), 6: (2, 3), 9: (3, 3)}
"""(height, width) of the standard boxes, as f-puzzles draws them."""


# ---------------------------------------------------------------- geometry


def rc(cell: int, n: int) -> tuple[int, int]:
    return divmod(cell, n)


def orthogonal(n: int) -> list[tuple[int, int]]:
    """Every unordered pair of cells sharing an edge."""
    out = []
    for a in range(n * n):
        for b in range(a + 1, n * n):
            (ra, ca), (rb, cb) = rc(a, n), rc(b, n)
            if abs(ra - rb) + abs(ca - cb) == 1:
                out.append((a, b))
    return out


def touches(a: int, b: int, n: int) -> bool:
    (ra, ca), (rb, cb) = rc(a, n), rc(b, n)
    return a != b and abs(ra - rb) <= 1 and abs(ca - cb) <= 1


def near(cell: int, n: int, diagonal: bool = True) -> list[int]:
    """The cells touching ``cell`` (at a corner too with ``diagonal``)."""
    r, c = rc(cell, n)
    out = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dr or dc) and (diagonal or not (dr and dc)) and 0 <= r + dr < n and 0 <= c + dc < n:
                out.append((r + dr) * n + c + dc)
    return out


def box_regions(n: int, transpose: bool = False) -> list[int]:
    h, w = BOXES[n]
    if transpose:
        h, w = w, h
    return [(r // h) * (n // w) + c // w for r in range(n) for c in range(n)]


def connected(cells: Sequence[int], n: int, diagonal: bool = False) -> bool:
    members = set(cells)
    if not members:
        return True
    start = next(iter(members))
    seen, stack = {start}, [start]
    while stack:
        c = stack.pop()
        for d in near(c, n, diagonal):
            if d in members and d not in seen:
                seen.add(d)
                stack.append(d)
    return seen == members


def random_regions(n: int, rng: random.Random) -> tuple[int, ...]:
    """A random jigsaw layout: the boxes (either way round), then none, a few
    or many random swaps of two cells between neighbouring regions that keep
    both connected."""
    labels = box_regions(n, transpose=n == 6 and rng.random() < 0.5)
    for _ in range(rng.choice((0, n, 6 * n * n))):
        a = rng.randrange(n * n)
        others = [x for x in near(a, n, False) if labels[x] != labels[a]]
        if not others:
            continue
        ra, rb = labels[a], labels[rng.choice(others)]
        givers = [
            x
            for x in range(n * n)
            if labels[x] == rb and any(labels[y] == ra and y != a for y in near(x, n, False))
        ]
        if not givers:
            continue
        b = rng.choice(givers)
        labels[a], labels[b] = rb, ra
        if not all(connected([i for i in range(n * n) if labels[i] == k], n) for k in (ra, rb)):
            labels[a], labels[b] = ra, rb
    return tuple(labels)


# ------------------------------------------------ the rules, from their meaning


def little_killer_cells(at: tuple[int, int], direction: str, n: int) -> list[int]:
    """The cells from a 1-based clue just outside the grid along its diagonal."""
    dr = 1 if direction[0] == "D" else -1
    dc = 1 if direction[1] == "R" else -1
    r, c = at[0] + dr, at[1] + dc
    out = []
    while 1 <= r <= n and 1 <= c <= n:
        out.append((r - 1) * n + c - 1)
        r, c = r + dr, c + dc
    return out


def line_cells(line: str, index: int, n: int) -> list[int]:
    if line == "row":
        return [(index - 1) * n + c for c in range(n)]
    return [r * n + index - 1 for r in range(n)]


def line_from(at: tuple[int, int], n: int) -> list[int]:
    """The row or column beside a 1-based clue just outside the grid, read from the clue inwards."""
    r, c = at
    if r == 0:
        return [k * n + c - 1 for k in range(n)]
    if r == n + 1:
        return [k * n + c - 1 for k in reversed(range(n))]
    if c == 0:
        return [(r - 1) * n + k for k in range(n)]
    assert c == n + 1, at
    return [(r - 1) * n + k for k in reversed(range(n))]


def x_sum(values: Sequence[int]) -> int:
    """The sum of the first X values, X the first one."""
    return sum(values[: values[0]])


def framed(at: tuple[int, int], n: int) -> int:
    """How many cells a frame or outside clue at ``at`` reads: a box's width
    beside a row (clue in column 0 or n+1), its height beside a column."""
    height, width = BOXES[n]
    return width if at[1] in (0, n + 1) else height


def skyscrapers(values: Sequence[int]) -> int:
    """How many values are taller than every one before them."""
    seen, tallest = 0, 0
    for v in values:
        if v > tallest:
            seen, tallest = seen + 1, v
    return seen


def sandwiched(values: Sequence[int], n: int) -> int:
    i, j = sorted((list(values).index(1), list(values).index(n)))
    return sum(values[i + 1 : j])


def dot_holds(style: str, value: int | None, x: int, y: int) -> bool:
    if style == "white":
        return abs(x - y) == (1 if value is None else value)
    if style == "black":
        k = 2 if value is None else value
        return x == k * y or y == k * x
    if style == "x":
        return x + y == 10
    return x + y == 5  # "v"


NEGATIVE = {"white": ("white",), "black": ("black",), "xv": ("x", "v")}
"""The relations a negative constraint forbids between unmarked pairs."""
EXEMPT = {"white": ("white", "black"), "black": ("white", "black"), "xv": ("x", "v")}
"""The dots that mark a pair out of a negative constraint: any of its family
(a kropki dot of either colour; an X or a V), as f-puzzles reads it."""


def line_pieces(line: Sequence[int], regions: Sequence[int]) -> list[list[int]]:
    """Maximal runs of consecutive line cells in one region."""
    pieces: list[list[int]] = []
    for k, cell in enumerate(line):
        if k and regions[line[k - 1]] == regions[cell] and regions[cell] >= 0:  # -1: in no region
            pieces[-1].append(cell)
        else:
            pieces.append([cell])
    return pieces


def loop_pieces(loop: Sequence[int], regions: Sequence[int]) -> list[list[int]]:
    """Maximal runs of consecutive cells in one region round a loop (the last
    cell is followed by the first): the pieces of the loop read from a cell
    where a piece starts; one piece when the whole loop is in one region."""
    k = len(loop)
    cuts = [i for i in range(k) if not regions[loop[i - 1]] == regions[loop[i]] >= 0]
    if not cuts:
        return [list(loop)]
    return line_pieces([*loop[cuts[0] :], *loop[: cuts[0]]], regions)


def windoku_windows(n: int) -> list[list[int]]:
    assert n == 9
    return [
        [(top + r) * 9 + left + c for r in range(3) for c in range(3)] for top in (1, 5) for left in (1, 5)
    ]


def disjoint_sets(n: int) -> list[list[int]]:
    h, w = BOXES[n]
    return [
        [(br + i) * n + bc + j for br in range(0, n, h) for bc in range(0, n, w)]
        for i in range(h)
        for j in range(w)
    ]


def pair_scope(a: int, b: int, ok: Callable[[int, int], bool]) -> Scope:
    return (a, b), lambda g: ok(g[a], g[b])


def definition(rule: Rule, n: int, regions: Sequence[int], rules: Sequence[Rule]) -> list[Scope]:
    """The rule's conditions (extra houses not included: see `extra_houses`)."""
    if isinstance(rule, KillerCage):
        cage, total = rule.cage, rule.total
        return [
            (
                cage,
                lambda g: (
                    len({g[c] for c in cage}) == len(cage)
                    and (total is None or sum(g[c] for c in cage) == total)
                ),
            )
        ]
    if isinstance(rule, SumCage):
        cage, total = rule.cage, rule.total
        return [(cage, lambda g: sum(g[c] for c in cage) == total)]
    if isinstance(rule, XSum):
        cells, total = line_from(rule.at, n), rule.total
        return [(tuple(cells), lambda g: x_sum([g[c] for c in cells]) == total)]
    if isinstance(rule, Skyscraper):
        cells, count = line_from(rule.at, n), rule.count
        return [(tuple(cells), lambda g: skyscrapers([g[c] for c in cells]) == count)]
    if isinstance(rule, FrameSum):
        cells, total = line_from(rule.at, n)[: framed(rule.at, n)], rule.total
        return [(tuple(cells), lambda g: sum(g[c] for c in cells) == total)]
    if isinstance(rule, OutsideClue):
        cells, wanted = line_from(rule.at, n)[: framed(rule.at, n)], rule.digits
        return [(tuple(cells), lambda g: all(d in [g[c] for c in cells] for d in wanted))]
    if isinstance(rule, CountingCircles):
        circles = rule.circles
        return [(circles, lambda g: all([g[x] for x in circles].count(g[c]) == g[c] for c in circles))]
    if isinstance(rule, LittleKiller):
        cells, total = little_killer_cells(rule.at, rule.direction, n), rule.total
        return [(tuple(cells), lambda g: sum(g[c] for c in cells) == total)]
    if isinstance(rule, Sandwich):
        cells, total = line_cells(rule.line, rule.index, n), rule.total
        return [(tuple(cells), lambda g: sandwiched([g[c] for c in cells], n) == total)]
    if isinstance(rule, Arrow):
        bulb, line = rule.bulb, rule.line

        def arrow(g: Sequence[int]) -> bool:
            number = g[bulb[0]] if len(bulb) == 1 else 10 * g[bulb[0]] + g[bulb[1]]
            return sum(g[c] for c in line) == number

        return [(bulb + line, arrow)]
    if isinstance(rule, Thermometer):
        return [pair_scope(a, b, lambda x, y: x < y) for a, b in pairwise(rule.line)]
    if isinstance(rule, Dot):
        style, value = rule.style, rule.value
        return [pair_scope(*rule.pair, lambda x, y: dot_holds(style, value, x, y))]
    if isinstance(rule, NoOtherDots):
        styles = NEGATIVE[rule.style]
        marked = {frozenset(r.pair) for r in rules if isinstance(r, Dot) and r.style in EXEMPT[rule.style]}
        return [
            pair_scope(a, b, lambda x, y: not any(dot_holds(s, None, x, y) for s in styles))
            for a, b in orthogonal(n)
            if frozenset((a, b)) not in marked
        ]
    if isinstance(rule, CellMark):
        cell = rule.cell
        if rule.style == "odd":
            return [((cell,), lambda g: g[cell] % 2 == 1)]
        if rule.style == "even":
            return [((cell,), lambda g: g[cell] % 2 == 0)]
        # Fortress: not compared with a neighbour that has the same mark
        smaller, style = rule.style == "min", rule.style
        alike = {r.cell for r in rules if isinstance(r, CellMark) and r.style == style}
        return [
            pair_scope(cell, o, (lambda x, y: x < y) if smaller else (lambda x, y: x > y))
            for o in near(cell, n, diagonal=False)
            if o not in alike
        ]
    if isinstance(rule, Apart):
        if rule.style == "nonconsecutive":
            return [pair_scope(a, b, lambda x, y: abs(x - y) != 1) for a, b in orthogonal(n)]
        jumps = {(1, 2), (2, 1)} if rule.style == "antiknight" else {(1, 1)}
        return [
            pair_scope(a, b, lambda x, y: x != y)
            for a in range(n * n)
            for b in range(a + 1, n * n)
            if (abs(rc(a, n)[0] - rc(b, n)[0]), abs(rc(a, n)[1] - rc(b, n)[1])) in jumps
        ]
    if isinstance(rule, Palindrome):
        line = rule.line
        return [(line, lambda g: [g[c] for c in line] == [g[c] for c in reversed(line)])]
    if isinstance(rule, Renban):
        line = rule.line

        def renban(g: Sequence[int]) -> bool:
            values = {g[c] for c in line}
            return len(values) == len(line) and max(values) - min(values) == len(line) - 1

        return [(line, renban)]
    if isinstance(rule, Whispers):
        gap = (n + 1) // 2 if rule.gap is None else rule.gap
        return [pair_scope(a, b, lambda x, y: abs(x - y) >= gap) for a, b in pairwise(rule.line)]
    if isinstance(rule, Between):
        line = rule.line

        def between(g: Sequence[int]) -> bool:
            low, high = min(g[line[0]], g[line[-1]]), max(g[line[0]], g[line[-1]])
            return all(low < g[c] < high for c in line[1:-1])

        return [(line, between)]
    if isinstance(rule, RegionSumLine):
        drawn = drawn_regions(regions, rules)
        pieces = loop_pieces(rule.line, drawn) if rule.closed else line_pieces(rule.line, drawn)
        return [(rule.line, lambda g: len({sum(g[c] for c in piece) for piece in pieces}) == 1)]
    if isinstance(rule, SlowThermometer):
        return [pair_scope(a, b, lambda x, y: x <= y) for a, b in pairwise(rule.line)]
    if isinstance(rule, EntropicLine | ModularLine):
        tier = (lambda x: 3 * (x - 1) // n) if isinstance(rule, EntropicLine) else (lambda x: x % 3)
        return [
            (run, lambda g, run=run: len({tier(g[c]) for c in run}) == len(run)) for run in runs(rule.line)
        ]
    if isinstance(rule, ParityLine):
        return [pair_scope(a, b, lambda x, y: (x + y) % 2 == 1) for a, b in pairwise(rule.line)]
    if isinstance(rule, ZipperLine):
        line = rule.line

        def zipper(g: Sequence[int]) -> bool:
            values = [g[c] for c in line]
            k = len(values)
            totals = {values[i] + values[k - 1 - i] for i in range(k // 2)}
            if k % 2:
                totals.add(values[k // 2])
            return len(totals) == 1

        return [(line, zipper)]
    if isinstance(rule, NabnerLine):
        return [pair_scope(a, b, lambda x, y: abs(x - y) > 1) for a, b in combinations(rule.line, 2)]
    if isinstance(rule, LockoutLine):
        line, gap = rule.line, n // 2 if rule.gap is None else rule.gap

        def lockout(g: Sequence[int]) -> bool:
            ends = (g[line[0]], g[line[-1]])
            return abs(ends[0] - ends[1]) >= gap and all(
                g[c] < min(ends) or g[c] > max(ends) for c in line[1:-1]
            )

        return [(line, lockout)]
    if isinstance(rule, SumLine):
        line, total = rule.line, rule.total
        # A loop is cut where one of its runs starts: some cell's, read from there round.
        starts = range(len(line)) if rule.closed else range(1)

        def sum_line(g: Sequence[int]) -> bool:
            # Digits are positive, so the runs end exactly where the running
            # sum reaches a multiple of the total: each multiple must be reached.
            if total <= 0:
                return False
            for k in starts:
                prefixes = set(accumulate(g[c] for c in line[k:] + line[:k]))
                whole = max(prefixes)
                if whole % total == 0 and all(m in prefixes for m in range(total, whole + 1, total)):
                    return True
            return False

        return [(line, sum_line)]
    if isinstance(rule, Clone):
        return [pair_scope(a, b, lambda x, y: x == y) for a, b in zip(rule.first, rule.second, strict=True)]
    if isinstance(rule, Quadruple):
        corner, wanted = rule.corner, Counter(rule.digits)

        def quadruple(g: Sequence[int]) -> bool:
            held = Counter(g[c] for c in corner)
            return all(held[d] >= k for d, k in wanted.items())

        return [(corner, quadruple)]
    if isinstance(rule, ExtraRegion) and len(rule.region) != n:  # its cells differ (N of them: a house)
        region = rule.region
        return [(region, lambda g: len({g[c] for c in region}) == len(region))]
    if isinstance(rule, NoRegion):
        small = [cells for cells in labelled_groups(rule.labels) if len(cells) < n]
        return [(cells, lambda g, cells=cells: len({g[c] for c in cells}) == len(cells)) for cells in small]
    if isinstance(rule, Diagonal | ExtraRegion | Windoku | DisjointGroups):
        return []
    raise AssertionError(f"no definition for {rule!r}")


def runs(line: Sequence[int]) -> list[tuple[int, ...]]:
    """Each run of three consecutive cells of ``line`` (the whole line, if shorter)."""
    return [tuple(line[k : k + 3]) for k in range(max(1, len(line) - 2))]


def labelled_groups(labels: Sequence[int]) -> list[tuple[int, ...]]:
    """The cells of each label but -1 (a cell in no region)."""
    return [tuple(i for i, x in enumerate(labels) if x == k) for k in sorted(set(labels) - {-1})]


def drawn_regions(regions: Sequence[int], rules: Sequence[Rule]) -> Sequence[int]:
    """The regions a region-sum line sees: a `NoRegion`'s labels, if the puzzle has one."""
    return next((rule.labels for rule in rules if isinstance(rule, NoRegion)), regions)


def extra_houses(rule: Rule, n: int) -> list[list[int]]:
    """The houses (every digit once) a rule adds."""
    if isinstance(rule, Diagonal):
        if rule.direction == "-":
            return [[i * n + i for i in range(n)]]
        return [[(n - 1 - i) * n + i for i in range(n)]]  # bottom-left to top-right
    if isinstance(rule, ExtraRegion) and len(rule.region) == n:
        return [list(rule.region)]
    if isinstance(rule, Windoku):
        return windoku_windows(n)
    if isinstance(rule, DisjointGroups):
        return disjoint_sets(n)
    if isinstance(rule, NoRegion):
        return [list(cells) for cells in labelled_groups(rule.labels) if len(cells) == n]
    return []


# ------------------------------------------------------------- brute force


class TooLong(Exception):
    """The brute force passed its node limit."""


def brute_force(
    n: int,
    regions: Sequence[int],
    givens: Sequence[int],
    rules: Sequence[Rule],
    cap: int,
    *,
    rng: random.Random | None = None,
    node_limit: int | None = None,
    ignore_rules: bool = False,
) -> tuple[list[Grid], bool]:
    """Up to ``cap`` solutions, and whether they are all of them. With ``rng``
    digits are tried in random order (a random first solution). Raises
    `TooLong` past ``node_limit`` placements."""
    houses = [[r * n + c for c in range(n)] for r in range(n)]
    houses += [[r * n + c for r in range(n)] for c in range(n)]
    houses += [[i for i in range(n * n) if regions[i] == k] for k in sorted(set(regions))]
    scopes: list[Scope] = []
    if not ignore_rules:
        for rule in rules:
            houses += extra_houses(rule, n)
            scopes += definition(rule, n, regions, rules)
    cell_houses: list[list[int]] = [[] for _ in range(n * n)]
    for h, house in enumerate(houses):
        for c in house:
            cell_houses[c].append(h)
    cell_scopes: list[list[int]] = [[] for _ in range(n * n)]
    left = []
    for s, (cells, _) in enumerate(scopes):
        for c in set(cells):
            cell_scopes[c].append(s)
        left.append(len(set(cells)))
    grid = [0] * (n * n)
    used = [0] * len(houses)
    found: list[Grid] = []
    nodes = 0

    def place(c: int, d: int) -> bool:
        """Put ``d`` in ``c`` (houses allowing); False if a condition now complete fails."""
        grid[c] = d
        for h in cell_houses[c]:
            used[h] |= 1 << d
        ok = True
        for s in cell_scopes[c]:
            left[s] -= 1
            if not left[s] and not scopes[s][1](grid):
                ok = False
        return ok

    def unplace(c: int) -> None:
        for h in cell_houses[c]:
            used[h] &= ~(1 << grid[c])
        for s in cell_scopes[c]:
            left[s] += 1
        grid[c] = 0

    for c, d in enumerate(givens):
        if d and (any(used[h] >> d & 1 for h in cell_houses[c]) or not place(c, d)):
            return [], True
    full = sum(1 << d for d in range(1, n + 1))

    def search() -> bool:
        """True to stop (cap passed)."""
        nonlocal nodes
        best, best_mask, best_count = -1, 0, n + 1
        for c in range(n * n):
            if grid[c]:
                continue
            mask = full
            for h in cell_houses[c]:
                mask &= ~used[h]
            count = mask.bit_count()
            if count < best_count:
                best, best_mask, best_count = c, mask, count
                if count <= 1:
                    break
        if best < 0:
            found.append(tuple(grid))
            return len(found) > cap
        digits = [d for d in range(1, n + 1) if best_mask >> d & 1]
        if rng is not None:
            rng.shuffle(digits)
        for d in digits:
            nodes += 1
            if node_limit is not None and nodes > node_limit:
                raise TooLong
            stop = place(best, d) and search()
            unplace(best)
            if stop:
                return True
        return False

    search()
    return found[:cap], len(found) <= cap


def keeps(grid: Sequence[int], n: int, regions: Sequence[int], rules: Sequence[Rule]) -> bool:
    """Does the completed ``grid`` keep the houses and every rule (by `definition`)?"""
    houses = [[r * n + c for c in range(n)] for r in range(n)]
    houses += [[r * n + c for r in range(n)] for c in range(n)]
    houses += [[i for i in range(n * n) if regions[i] == k] for k in set(regions)]
    for rule in rules:
        houses += extra_houses(rule, n)
    whole = set(range(1, n + 1))
    if any({grid[c] for c in house} != whole for house in houses):
        return False
    return all(check(grid) for rule in rules for _, check in definition(rule, n, regions, rules))


def masks_of(grids: Sequence[Grid]) -> list[int] | None:
    """Per cell, bit d-1 for each digit d some grid has there; None for no grids."""
    if not grids:
        return None
    masks = [0] * len(grids[0])
    for grid in grids:
        for c, d in enumerate(grid):
            masks[c] |= 1 << (d - 1)
    return masks


# ----------------------------------------------------- random rules from a filling

STYLES = [
    "killer",
    "killer:nosum",
    "sumcage",
    "littlekiller",
    "sandwich",
    "xsum",
    "skyscraper",
    "framesum",
    "outside",
    "arrow:1",
    "arrow:2",
    "thermo",
    "dot:white",
    "dot:black",
    "dot:x",
    "dot:v",
    "negative:white",
    "negative:black",
    "negative:xv",
    "cellmark:odd",
    "cellmark:even",
    "cellmark:min",
    "cellmark:max",
    "cellmark:fortress",
    "countingcircles",
    "apart:antiknight",
    "apart:antiking",
    "apart:nonconsecutive",
    "palindrome",
    "renban",
    "whispers",
    "between",
    "regionsum",
    "regionsum:loop",
    "slowthermo",
    "entropic",
    "modular",
    "parity",
    "zipper",
    "nabner",
    "lockout",
    "sumline",
    "sumline:loop",
    "clone",
    "quadruple",
    "diagonal:+",
    "diagonal:-",
    "extraregion",
    "disjoint",
    "noregion",
]
"""Each kind (and style) the 4x4 / 6x6 property test draws; windoku is 9x9 only."""

GLOBAL = ("apart", "diagonal", "extraregion", "disjoint")
"""Kinds made before the filling (the filling keeps them)."""

HOUSE_STYLES = ["diagonal:+", "diagonal:-", "extraregion:house", "disjoint"]


def random_path(
    n: int, rng: random.Random, length: int, step: Callable[[int, int], bool] | None = None
) -> list[int]:
    """A path of touching cells, none twice, up to ``length`` long (shorter when stuck);
    ``step(a, b)`` says which moves are allowed."""
    path = [rng.randrange(n * n)]
    while len(path) < length:
        options = [b for b in near(path[-1], n) if b not in path and (step is None or step(path[-1], b))]
        if not options:
            break
        path.append(rng.choice(options))
    return path


def random_loop(n: int, rng: random.Random, length: int) -> list[int] | None:
    """A loop of touching cells, none twice, the last touching the first: a
    random path up to ``length`` long cut after a cell touching its first
    (None when no cell past the second does)."""
    path = random_path(n, rng, length)
    ends = [k for k in range(2, len(path)) if touches(path[k], path[0], n)]
    return path[: rng.choice(ends) + 1] if ends else None


def connected_set(
    n: int, rng: random.Random, size: int, avoid: Callable[[int, list[int]], bool]
) -> list[int]:
    """A set of orthogonally connected cells grown at random, skipping cells ``avoid`` rejects."""
    cells = [rng.randrange(n * n)]
    while len(cells) < size:
        options = [
            b for a in cells for b in near(a, n, diagonal=False) if b not in cells and not avoid(b, cells)
        ]
        if not options:
            break
        cells.append(rng.choice(options))
    return cells


def search(
    rng: random.Random, make: Callable[[], Rule | None], good: Callable[[Rule], bool], honest: bool
) -> Rule:
    """A made rule that ``good`` accepts (up to 300 tries), else the last one made;
    not ``honest``: the first one made."""
    last = None
    for _ in range(300 if honest else 1):
        rule = make()
        if rule is None:
            continue
        last = rule
        if good(rule):
            return rule
    if last is None:
        while last is None:
            last = make()
    return last


def sum_range(count: int, n: int) -> tuple[int, int]:
    """The smallest and largest sums of ``count`` different digits 1..n."""
    return sum(range(1, count + 1)), sum(range(n - count + 1, n + 1))


def perturb(rng: random.Random, total: int, low: int, high: int) -> int:
    moved = total + rng.choice((-2, -1, 1, 2))
    return moved if low <= moved <= high else total


def global_rule(style: str, n: int, rng: random.Random) -> Rule:
    kind, _, how = style.partition(":")
    if kind == "apart":
        return Apart(how)
    if kind == "diagonal":
        return Diagonal(how)
    if kind == "disjoint":
        return DisjointGroups()
    assert kind == "extraregion"
    size = n if how == "house" or rng.random() < 0.6 else rng.randrange(2, n)
    while True:
        cells = connected_set(n, rng, size, lambda b, cells: False)
        if len(cells) == size:
            return ExtraRegion(tuple(cells))


def filling_rules(style: str, n: int, regions: Sequence[int], f: Grid, rng: random.Random) -> list[Rule]:
    """A random rule of ``style`` that the filling ``f`` keeps most of the time
    (sometimes a random one, or a changed sum, that it likely breaks)."""
    kind, _, how = style.partition(":")
    if kind == "noregion":
        return []  # not a rule drawn from the filling: the test moves cells out of their regions
    honest = rng.random() < 0.85
    pairs = orthogonal(n)

    def keeps_f(rule: Rule, others: Sequence[Rule] = ()) -> bool:
        return all(check(f) for _, check in definition(rule, n, regions, [rule, *others]))

    if kind == "killer":
        size = rng.randint(1, min(n, 4))
        cells = connected_set(n, rng, size, lambda b, cells: honest and f[b] in {f[c] for c in cells})
        if how == "nosum":
            return [KillerCage(tuple(cells))]
        total = sum(f[c] for c in cells)
        low, high = sum_range(len(cells), n)
        if not honest:
            total = perturb(rng, total, low, high)
        if not low <= total <= high:  # the cells repeat a digit of the filling
            total = rng.randint(low, high)
        return [KillerCage(tuple(cells), total)]
    if kind == "sumcage":
        cells = connected_set(n, rng, rng.randint(1, 4), lambda b, cells: False)
        total = sum(f[c] for c in cells)
        if not honest:
            total = perturb(rng, total, len(cells), n * len(cells))
        return [SumCage(tuple(cells), total)]
    if kind in ("xsum", "skyscraper"):
        sides = [(0, k) for k in range(1, n + 1)] + [(n + 1, k) for k in range(1, n + 1)]
        at = rng.choice(sides + [(r, c) for c, r in sides])
        # not honest: the clue of a random line (any permutation of 1..n), which f likely breaks
        values = [f[c] for c in line_from(at, n)] if honest else rng.sample(range(1, n + 1), n)
        return [XSum(at, x_sum(values)) if kind == "xsum" else Skyscraper(at, skyscrapers(values))]
    if kind in ("framesum", "outside"):
        sides = [(0, k) for k in range(1, n + 1)] + [(n + 1, k) for k in range(1, n + 1)]
        at = rng.choice(sides + [(r, c) for c, r in sides])
        # not honest: the first cells of a random line, which f likely breaks
        values = [f[c] for c in line_from(at, n)] if honest else rng.sample(range(1, n + 1), n)
        first = values[: framed(at, n)]
        if kind == "framesum":
            return [FrameSum(at, sum(first))]
        return [OutsideClue(at, tuple(rng.sample(first, rng.randint(1, len(first)))))]
    if kind == "countingcircles":
        if not honest:
            return [CountingCircles(tuple(rng.sample(range(n * n), rng.randint(1, 6))))]
        circles: list[int] = []
        for d in rng.sample(range(1, min(n, 4) + 1), rng.randint(1, 3)):
            circles += rng.sample([c for c in range(n * n) if f[c] == d], d)
        return [CountingCircles(tuple(circles))]
    if kind == "cellmark" and how == "fortress":
        # minimum and maximum cells, grown next to each other where the filling allows
        fort: list[Rule] = []
        for _ in range(rng.randint(2, 6)):
            marked = {m.cell for m in fort if isinstance(m, CellMark)}
            touching = {b for c in marked for b in near(c, n, diagonal=False)} - marked
            rest = set(range(n * n)) - marked - touching
            options = [CellMark(style, c) for c in sorted(touching) for style in ("min", "max")]
            rng.shuffle(options)
            others = [CellMark(style, c) for c in sorted(rest) for style in ("min", "max")]
            rng.shuffle(others)
            for mark in options + others:
                if not honest or all(keeps_f(m, [*fort, mark]) for m in [*fort, mark]):
                    fort.append(mark)
                    break
        return fort
    if kind == "littlekiller":
        clues = [
            ((r, c), d)
            for r in range(n + 2)
            for c in range(n + 2)
            if not (1 <= r <= n and 1 <= c <= n)
            for d in ("DR", "DL", "UR", "UL")
            if little_killer_cells((r, c), d, n)
        ]
        at, d = rng.choice(clues)
        cells = little_killer_cells(at, d, n)
        total = sum(f[c] for c in cells)
        if not honest:
            total = perturb(rng, total, len(cells), n * len(cells))
        return [LittleKiller(at, d, total)]
    if kind == "sandwich":
        line, index = rng.choice(("row", "column")), rng.randint(1, n)
        total = sandwiched([f[c] for c in line_cells(line, index, n)], n)
        if not honest:
            total = perturb(rng, total, 0, sum(range(2, n)))
        return [Sandwich(line, index, total)]
    if kind == "arrow":

        def make_arrow() -> Rule | None:
            bulb = [rng.randrange(n * n)]
            if how == "2":
                bulb.append(rng.choice(near(bulb[0], n)))
            number = f[bulb[0]] if len(bulb) == 1 else 10 * f[bulb[0]] + f[bulb[1]]
            line: list[int] = []
            while not line or (sum(f[c] for c in line) < number and rng.random() < 0.9):
                options = [b for b in near((bulb + line)[-1], n) if b not in bulb and b not in line]
                if not options:
                    break
                line.append(rng.choice(options))
            return Arrow(tuple(bulb), tuple(line)) if line else None

        return [search(rng, make_arrow, keeps_f, honest)]
    if kind == "thermo":
        length = rng.randint(2, n)
        return [
            search(
                rng,
                lambda: Thermometer(
                    tuple(random_path(n, rng, length, lambda a, b: not honest or f[a] < f[b]))
                ),
                lambda r: isinstance(r, Thermometer) and len(r.line) >= 2 and keeps_f(r),
                honest,
            )
        ]
    if kind == "dot":
        value = None
        if how == "white" and rng.random() < 0.25:
            value = 2
        if how == "black" and rng.random() < 0.25:
            value = 3
        fitting = [p for p in pairs if dot_holds(how, value, f[p[0]], f[p[1]])]
        pair = rng.choice(fitting if honest and fitting else pairs)
        return [Dot(how, pair, value)]
    if kind == "negative":
        styles = NEGATIVE[how]
        dots: list[Rule] = [Dot(s, p) for p in pairs for s in styles if dot_holds(s, None, f[p[0]], f[p[1]])]
        if dots and not honest:
            dots.remove(rng.choice(dots))
        return [*dots, NoOtherDots(how)]
    if kind == "cellmark":
        marks: list[Rule] = [CellMark(how, c) for c in range(n * n)]
        kept = [m for m in marks if keeps_f(m)]
        return [rng.choice(kept if honest and kept else marks)]
    if kind in ("palindrome", "renban", "between", "regionsum"):
        lines = {"palindrome": Palindrome, "renban": Renban, "between": Between, "regionsum": RegionSumLine}
        make = lines[kind]
        shortest = 3 if kind == "between" else 2

        def make_line() -> Rule | None:
            if how == "loop":
                loop = random_loop(n, rng, min(n, 6))
                return RegionSumLine(tuple(loop), closed=True) if loop else None
            path = random_path(n, rng, rng.randint(shortest, min(n, 6)))
            return make(tuple(path)) if len(path) >= shortest else None

        return [search(rng, make_line, keeps_f, honest)]
    if kind == "whispers":
        gap = None if rng.random() < 0.8 else rng.randint(1, n - 1)
        wide = (n + 1) // 2 if gap is None else gap
        length = rng.randint(2, n)

        def make_whispers() -> Rule | None:
            path = random_path(n, rng, length, lambda a, b: not honest or abs(f[a] - f[b]) >= wide)
            return Whispers(tuple(path), gap) if len(path) >= 2 else None

        return [search(rng, make_whispers, keeps_f, honest)]
    if kind in NEW_LINES:
        return [new_line(kind, n, f, rng, honest, keeps_f, how == "loop")]
    if kind == "clone":

        def make_clone() -> Rule | None:
            first = connected_set(n, rng, rng.randint(1, 3), lambda b, cells: False)
            dr, dc = rng.randint(-n + 1, n - 1), rng.randint(-n + 1, n - 1)
            second = []
            for c in first:
                r, col = rc(c, n)
                if not (0 <= r + dr < n and 0 <= col + dc < n) or (dr, dc) == (0, 0):
                    return None
                second.append((r + dr) * n + col + dc)
            return Clone(tuple(first), tuple(second))

        return [search(rng, make_clone, keeps_f, honest)]
    if kind == "quadruple":
        r, c = rng.randrange(n - 1), rng.randrange(n - 1)
        corner = (r * n + c, r * n + c + 1, (r + 1) * n + c, (r + 1) * n + c + 1)
        if honest:
            digits = rng.sample([f[x] for x in corner], rng.randint(1, 4))
        else:
            digits = [rng.randint(1, n) for _ in range(rng.randint(1, 3))]
            digits = [d for k, d in enumerate(digits) if digits[: k + 1].count(d) <= 2]
        return [Quadruple(corner, tuple(digits))]
    raise AssertionError(style)


NEW_LINES = ("slowthermo", "entropic", "modular", "parity", "zipper", "nabner", "lockout", "sumline")
"""The lines of issue 55 (`new_line` draws them)."""

SHORTEST = {"lockout": 3}
"""A line's fewest cells as drawn here (a two-cell lockout line is a German whisper)."""


def new_line(
    kind: str,
    n: int,
    f: Grid,
    rng: random.Random,
    honest: bool,
    keeps_f: Callable[[Rule], bool],
    loop: bool = False,
) -> Rule:
    """A line of ``kind`` that ``f`` keeps (unless not ``honest``): a random
    path, each step kept when ``f`` allows it there, searched until the whole
    line holds in ``f``; a sum line's total is one its digits in ``f`` split
    into; ``loop``, a sum line that is a loop."""
    steps: dict[str, Callable[[int, int], bool]] = {
        "slowthermo": lambda a, b: f[a] <= f[b],
        "entropic": lambda a, b: 3 * (f[a] - 1) // n != 3 * (f[b] - 1) // n,
        "modular": lambda a, b: f[a] % 3 != f[b] % 3,
        "parity": lambda a, b: (f[a] + f[b]) % 2 == 1,
        "nabner": lambda a, b: abs(f[a] - f[b]) > 1,
    }
    step = steps.get(kind) if honest else None
    longest = {"nabner": (n + 1) // 2, "lockout": 5, "zipper": 5}.get(kind, min(n, 6))
    shortest = SHORTEST.get(kind, 2)

    def make() -> Rule | None:
        if loop:
            ring = random_loop(n, rng, longest)
            path = tuple(ring or ())
        else:
            path = tuple(random_path(n, rng, rng.randint(shortest, longest), step))
        if len(path) < (3 if loop else shortest):
            return None
        if kind == "sumline":
            whole = sum(f[c] for c in path)
            totals = [t for t in range(1, whole + 1) if keeps_f(SumLine(path, t, loop))] if honest else []
            return SumLine(path, rng.choice(totals) if totals else rng.randint(1, n * len(path)), loop)
        lines: dict[str, Callable[[tuple[int, ...]], Rule]] = {
            "slowthermo": SlowThermometer,
            "entropic": EntropicLine,
            "modular": ModularLine,
            "parity": ParityLine,
            "zipper": ZipperLine,
            "nabner": NabnerLine,
            "lockout": LockoutLine,
        }
        return lines[kind](path)

    return search(rng, make, keeps_f, honest)


def filling(
    n: int, rng: random.Random, rules: Sequence[Rule], tries: int = 8
) -> tuple[tuple[int, ...], Grid | None]:
    """Random regions and a random filling of them that keeps ``rules`` (the
    global ones): None when none was found quickly on any of the tries."""
    for _ in range(tries):
        regions = random_regions(n, rng)
        try:
            grids, _ = brute_force(n, regions, [0] * (n * n), rules, 1, rng=rng, node_limit=3000)
        except TooLong:
            continue
        if grids:
            return regions, grids[0]
    return regions, None


def killer_cages(n: int, f: Grid, rng: random.Random, cover: float) -> list[Rule]:
    """Killer cages cutting about ``cover`` of the grid into connected pieces
    of one to ``n`` cells with different digits in ``f``; most with their
    sum in ``f`` (now and then a changed one), some without a sum."""
    free = set(range(n * n))
    cages: list[Rule] = []
    while len(free) > (1 - cover) * n * n:
        start = rng.choice(sorted(free))
        cells = [start]
        size = rng.randint(1, min(n, 5))
        while len(cells) < size:
            options = [
                b
                for a in cells
                for b in near(a, n, diagonal=False)
                if b in free and b not in cells and f[b] not in {f[c] for c in cells}
            ]
            if not options:
                break
            cells.append(rng.choice(options))
        free -= set(cells)
        total: int | None = sum(f[c] for c in cells)
        if rng.random() < 0.15:
            total = None
        elif rng.random() < 0.1:
            assert total is not None
            total = perturb(rng, total, *sum_range(len(cells), n))
        cages.append(KillerCage(tuple(cells), total))
    return cages
