"""Fish: X-Wing, Swordfish, Jellyfish on rows and columns, and their
generalisation with regions in the base or the cover ("franken" fish).

For a digit d: k base houses whose d-candidates are disjoint hold k d's;
if k cover houses contain all those candidates, each cover holds at most one
d, so the covers' d's are exactly the base's and every other cover cell
loses d. Cover houses may overlap (the count still holds).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import partial
from itertools import combinations

from ..core.puzzle import digit_char
from .state import State, where_lost
from .step import Step, Technique, elims_text, houses_text

NAMES = {2: "x-wing", 3: "swordfish", 4: "jellyfish"}
BASIC = {2: 3.2, 3: 3.8, 4: 5.2}
FRANKEN = {2: 3.5, 3: 4.1}


def _positions(state: State) -> list[list[int]]:
    """Per digit (0-based), per house, the bitset of empty cells holding the
    digit as a candidate; 0 where the digit is placed."""
    where = state.places()
    house_bits = state.layout.house_bits
    placed = [state.placed_in(h) for h in range(len(house_bits))]
    return [
        [0 if placed[h] >> d & 1 else spots & bits for h, bits in enumerate(house_bits)]
        for d, spots in enumerate(where)
    ]


def _step(
    state: State, name: str, difficulty: float, d: int, base: Sequence[int], cover: Sequence[int], spots: int
) -> Step | None:
    layout = state.layout
    n = layout.size
    bit = 1 << (d - 1)
    cells_cover = 0
    for h in cover:
        cells_cover |= layout.house_bits[h]
    cands = state.cands
    values = state.values
    elims = tuple(
        (c, d)
        for c in range(n * n)
        if cells_cover >> c & 1 and not spots >> c & 1 and cands[c] & bit and not values[c]
    )
    if not elims:
        return None
    base_cells = tuple(c for c in range(n * n) if spots >> c & 1)
    return Step(
        name,
        difficulty,
        eliminations=elims,
        houses=tuple(base) + tuple(cover),
        cells=base_cells,
        roles=(("base", "houses", tuple(base)), ("cover", "houses", tuple(cover))),
        text=(
            f"{name.title()} on {digit_char(d)}: {houses_text(list(base), layout)} "
            f"covered by {houses_text(list(cover), layout)} -> {elims_text(elims, n)}"
        ),
    )


def basic_fish(state: State, k: int, se: bool = False, lost: Sequence[int] | None = None) -> Iterator[Step]:
    """Rows as base and columns as cover, or the other way round.

    With ``se``, in Sudoku Explainer's order (columns as base first, then
    sets of lines in its order, then digits) and only for digits placed at
    most n - 2k times. With ``lost`` (per digit, the cells that lost it
    since some earlier grid), only fish with a base line that lost a place
    of the digit (exactly the fish of the full search when the earlier grid
    had none: a fish whose base lines lost no place would have been one
    there). Without ``lost``, the last grid this search found nothing on
    (`State.memo`) gives it."""
    if lost is None:
        return where_lost(state, f"fish {k}{' se' if se else ''}", partial(_basic_fish, state, k, se))
    return _basic_fish(state, k, se, lost)


def _basic_fish(state: State, k: int, se: bool, lost: Sequence[int] | None) -> Iterator[Step]:
    if se:
        n = state.layout.size
        placed = [0] * (n + 1)
        for v in state.values:
            placed[v] += 1
        found = [
            ((step.houses[0] < n, tuple(h % n for h in step.houses[:k])[::-1], d), step)
            for d, step in _fish_steps(state, k, lost)
            if placed[d] + 2 * k <= n
        ]
        for _, step in sorted(found, key=lambda pair: pair[0]):
            yield step
        return
    for _, step in _fish_steps(state, k, lost):
        yield step


def _fish_steps(state: State, k: int, lost: Sequence[int] | None = None) -> Iterator[tuple[int, Step]]:
    n = state.layout.size
    positions = _positions(state)
    house_bits = state.layout.house_bits
    for d in range(1, n + 1):
        if lost is not None and not lost[d - 1]:
            continue
        pos = positions[d - 1]
        for kind in (0, 1):
            # As a bitset of line indices of the other kind.
            lines = {}
            for i in range(n):
                spots = pos[kind * n + i]
                if 2 <= spots.bit_count() <= k:
                    index = 0
                    for c in _cells(spots):
                        index |= 1 << (c % n if kind == 0 else c // n)
                    lines[i] = (index, spots)
            if len(lines) < k:
                continue
            for group in combinations(sorted(lines), k):
                if lost is not None and not any(lost[d - 1] & house_bits[kind * n + i] for i in group):
                    continue
                union = 0
                spots = 0
                for i in group:
                    union |= lines[i][0]
                    spots |= lines[i][1]
                if union.bit_count() != k:
                    continue
                other = 1 - kind
                base = [kind * n + i for i in group]
                cover = [other * n + j for j in range(n) if union >> j & 1]
                step = _step(state, NAMES[k], BASIC[k], d, base, cover, spots)
                if step is not None:
                    yield d, step


def _cells(spots: int) -> Iterator[int]:
    while spots:
        low = spots & -spots
        yield low.bit_length() - 1
        spots ^= low


def franken_fish(state: State, k: int) -> Iterator[Step]:
    """Base and cover from any houses (a variant's extra houses too), with at
    least one that is not a row or a column among them."""
    layout = state.layout
    n = layout.size
    cell_houses = layout.cell_houses
    house_bits = layout.house_bits
    name = f"franken {NAMES[k]}"
    positions = _positions(state)
    for d in range(1, n + 1):
        pos = positions[d - 1]
        usable = [h for h in range(len(house_bits)) if 2 <= pos[h].bit_count() <= k]
        if len(usable) < k:
            continue
        for base, spots in _bases(usable, pos, k):
            has_region = base[-1] >= 2 * n
            for cover in _covers(cell_houses, house_bits, spots, base, k):
                if not has_region and cover[-1] < 2 * n:
                    continue
                extra = 0
                for h in cover:
                    extra |= pos[h]
                if extra & ~spots:
                    step = _step(state, name, FRANKEN[k], d, base, cover, spots)
                    if step is not None:
                        yield step


def _bases(usable: list[int], pos: list[int], k: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """k houses of ``usable`` whose candidate sets are disjoint, with their union."""
    count = len(usable)
    for i in range(count):
        a = usable[i]
        pa = pos[a]
        for j in range(i + 1, count):
            b = usable[j]
            pb = pos[b]
            if pa & pb:
                continue
            if k == 2:
                yield (a, b), pa | pb
                continue
            pab = pa | pb
            for m in range(j + 1, count):
                c = usable[m]
                if not pos[c] & pab:
                    yield (a, b, c), pab | pos[c]


def _covers(
    cell_houses: Sequence[Sequence[int]], house_bits: Sequence[int], spots: int, base: tuple[int, ...], k: int
) -> list[tuple[int, ...]]:
    """Every set of k houses outside ``base`` that contains all cells of ``spots`` (k is 2 or 3)."""
    found: set[tuple[int, ...]] = set()
    c0 = (spots & -spots).bit_length() - 1
    for h1 in cell_houses[c0]:
        if h1 in base:
            continue
        left1 = spots & ~house_bits[h1]
        if not left1:
            continue
        c1 = (left1 & -left1).bit_length() - 1
        for h2 in cell_houses[c1]:
            if h2 in base or h2 == h1:
                continue
            left2 = left1 & ~house_bits[h2]
            if k == 2:
                if not left2:
                    found.add((min(h1, h2), max(h1, h2)))
                continue
            if not left2:
                continue
            c2 = (left2 & -left2).bit_length() - 1
            for h3 in cell_houses[c2]:
                if h3 not in base and h3 != h1 and h3 != h2 and not left2 & ~house_bits[h3]:
                    found.add(tuple(sorted((h1, h2, h3))))
    return sorted(found)


FINDERS: tuple[Technique, ...] = (
    Technique("x-wing", BASIC[2], 140, partial(basic_fish, k=2)),
    Technique("franken x-wing", FRANKEN[2], 200, partial(franken_fish, k=2)),
    Technique("swordfish", BASIC[3], 150, partial(basic_fish, k=3)),
    Technique("franken swordfish", FRANKEN[3], 250, partial(franken_fish, k=3)),
    Technique("jellyfish", BASIC[4], 160, partial(basic_fish, k=4)),
)

SE_FINDERS: dict[str, Technique] = {
    NAMES[k]: Technique(NAMES[k], BASIC[k], score, partial(basic_fish, k=k, se=True))
    for k, score in ((2, 140), (3, 150), (4, 160))
}
"""Basic fish in Sudoku Explainer's order."""
