"""Fish: X-Wing, Swordfish, Jellyfish on rows and columns, and their
generalisation with regions in the base or the cover ("franken" fish).

For a digit d: k base houses whose d-candidates are disjoint hold k d's;
if k cover houses contain all those candidates, each cover holds at most one
d, so the covers' d's are exactly the base's and every other cover cell
loses d. Cover houses may overlap (the count still holds).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from ..puzzle import digit_char
from .state import State
from .step import Step, elims_text, houses_text

NAMES = {2: "x-wing", 3: "swordfish", 4: "jellyfish"}
BASIC = {2: 3.2, 3: 3.8, 4: 5.2}
FRANKEN = {2: 3.5, 3: 4.1}


def _positions(state: State, d: int) -> list[int]:
    """Per house, the bitset of empty cells holding candidate d; 0 where d is placed."""
    bit = 1 << (d - 1)
    cands = state.cands
    values = state.values
    out = []
    for house in state.layout.houses:
        spots = 0
        for c in house:
            if cands[c] & bit:
                if values[c]:
                    spots = 0
                    break
                spots |= 1 << c
        out.append(spots)
    return out


def _step(state: State, name: str, difficulty: float, d: int, base, cover, spots: int) -> Step | None:
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
        text=(
            f"{name.title()} on {digit_char(d)}: {houses_text(list(base), n)} "
            f"covered by {houses_text(list(cover), n)} -> {elims_text(elims, n)}"
        ),
    )


def basic_fish(state: State, k: int) -> Iterator[Step]:
    """Rows as base and columns as cover, or the other way round."""
    n = state.layout.size
    for d in range(1, n + 1):
        pos = _positions(state, d)
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
                    yield step


def _cells(spots: int) -> Iterator[int]:
    while spots:
        low = spots & -spots
        yield low.bit_length() - 1
        spots ^= low


def franken_fish(state: State, k: int) -> Iterator[Step]:
    """Base and cover from any houses, with at least one region among them."""
    layout = state.layout
    n = layout.size
    cell_houses = layout.cell_houses
    name = f"franken {NAMES[k]}"
    for d in range(1, n + 1):
        pos = _positions(state, d)
        usable = [h for h in range(3 * n) if 2 <= pos[h].bit_count() <= k]
        for base in combinations(usable, k):
            spots = 0
            total = 0
            for h in base:
                spots |= pos[h]
                total += pos[h].bit_count()
            if spots.bit_count() != total:  # base candidates must be disjoint
                continue
            has_region = any(h >= 2 * n for h in base)
            for cover in _covers(cell_houses, layout.house_bits, spots, set(base), k):
                if not has_region and all(h < 2 * n for h in cover):
                    continue
                step = _step(state, name, FRANKEN[k], d, base, cover, spots)
                if step is not None:
                    yield step


def _covers(cell_houses, house_bits, spots: int, base: set[int], k: int) -> Iterator[tuple[int, ...]]:
    """Every set of at most k houses outside ``base`` that contains all cells of ``spots``."""
    seen: set[tuple[int, ...]] = set()

    def grow(left: int, chosen: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if not left:
            key = tuple(sorted(chosen))
            if key not in seen:
                seen.add(key)
                yield key
            return
        if len(chosen) == k:
            return
        cell = (left & -left).bit_length() - 1
        for h in cell_houses[cell]:
            if h in base or h in chosen:
                continue
            yield from grow(left & ~house_bits[h], (*chosen, h))

    yield from grow(spots, ())
