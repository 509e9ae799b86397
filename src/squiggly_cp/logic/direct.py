"""Direct techniques: an intersection or hidden subset that at once gives a hidden single.

Sudoku Explainer rates these below the plain technique because the solver
never has to write the eliminations down: it sees the single they cause.

* **Direct pointing / claiming** (1.7 / 1.9): a digit's places in house A
  all lie in house B, and in another house of A's kind that crosses B the
  digit then has one place left outside B: that place gets the digit. The
  eliminations from B go with it. 1.7 when A is a region that counts as a
  box (every region on the default scale, only true 3x3-style boxes on
  SE's scale), else 1.9.
* **Direct hidden pair / triplet** (2.0 / 2.5): k digits of a house fit in
  only k of its cells; with the other digits gone from those cells, some
  other digit of the house has one place left.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache, partial
from itertools import combinations

from ..core.geometry import COLUMN, REGION, ROW, Layout, cells_of
from ..core.puzzle import cell_name, digit_char
from .se_houses import BACKSLASH, DISJOINT, SLASH, WINDOKU, HouseType, extra_types, plain_types, region_types
from .state import State, lost_cells, where_lost
from .step import Pair, Step, Technique, cells_text, digits_text

DIRECT_POINTING = 1.7
DIRECT_CLAIMING = 1.9
DIRECT_HIDDEN = {2: 2.0, 3: 2.5}
NAMES = {2: "direct hidden pair", 3: "direct hidden triplet"}


@cache
def colex(items: int, k: int) -> tuple[tuple[int, ...], ...]:
    """The k-subsets of ``range(items)`` in SE's order (by largest element, then the next...)."""
    return tuple(sorted(combinations(range(items), k), key=lambda s: s[::-1]))


def house_order(state: State) -> tuple[int, ...]:
    """SE's order of houses (subsets, generalized intersections): boxes,
    columns, rows on a box layout; else columns, rows, regions; a variant's
    extra houses after the rows, in SE's order of types (`se_houses`)."""
    return tuple(h for t in region_types(state.layout, (COLUMN, ROW)) for h in t.houses)


@cache
def locking_pairs(layout: Layout) -> tuple[tuple[HouseType, HouseType], ...]:
    """(type of A, type of B) in the order SE's locked candidates try them
    (`Locking.getHints`): boxes with lines; then each diagonal with boxes and
    lines, both ways; then each other extra type (and a jigsaw's regions,
    last) with boxes, lines and diagonals, and with windoku where SE pairs
    them. SE never pairs rows with columns, nor most extra types together."""
    plain = plain_types(layout)
    regions = plain[REGION]
    base = ((regions,) if layout.boxes else ()) + (plain[COLUMN], plain[ROW])
    extras = {t.name: t for t in extra_types(layout)}
    diagonals = [extras[name] for name in (SLASH, BACKSLASH) if name in extras]
    pairs = [(regions, t) for t in base[1:]] + [(t, regions) for t in base[1:]] if layout.boxes else []
    pairs += [(t, d) for t in base for d in diagonals] + [(d, t) for t in base for d in diagonals]
    others = [t for t in extras.values() if t.name not in (SLASH, BACKSLASH)]
    window = extras.get(WINDOKU)
    for e in others + ([] if layout.boxes else [regions]):
        pairs += [(t, e) for t in base] + [(e, t) for t in base]
        pairs += [(d, e) for d in diagonals] + [(e, d) for d in diagonals]
        if window is not None and e is window and DISJOINT in extras:
            pairs += [(extras[DISJOINT], window), (window, extras[DISJOINT])]
        elif window is not None and e.name not in (DISJOINT, WINDOKU):
            pairs += [(window, e), (e, window)]
    return tuple(pairs)


def box_like(state: State, house: int, se: bool) -> bool:
    """Does ``house`` count as a box (the cheaper grade)?"""
    return state.layout.house_kind[house] == REGION and (state.layout.boxes or not se)


def locked_candidates(
    state: State, lost: Sequence[int] | None = None
) -> Iterator[tuple[HouseType, int, int, int, list[int], tuple[Pair, ...]]]:
    """(type of A, house A, house B, digit (0-based), A's places for it,
    eliminations) for every digit whose places in A all lie in B, with
    something to remove from B: the pairs of types in SE's order
    (`locking_pairs`), then A, then B, then the digit. With ``lost`` (per
    digit, the cells that lost it since some earlier grid), only where A
    lost some place of the digit."""
    layout = state.layout
    n = layout.size
    house_bits = layout.house_bits
    where = state.places()
    digits: Sequence[int] = range(n)
    for type_a, type_b in locking_pairs(layout):
        of_cell = type_b.of_cell
        for a in type_a.houses:
            inside = house_bits[a]
            if lost is not None:
                digits = [d for d in range(n) if lost[d] & inside]
                if not digits:
                    continue
            placed = state.placed_in(a)
            found = []
            for d in digits:
                places = where[d] & inside
                if not places & (places - 1) or placed >> d & 1:
                    continue
                b = of_cell[(places & -places).bit_length() - 1]
                if b < 0 or places & ~house_bits[b]:
                    continue
                gone = house_bits[b] & where[d] & ~places
                if gone:
                    found.append((type_b.houses.index(b), d, b, places, gone))
            found.sort()
            for _, d, b, places, gone in found:
                yield type_a, a, b, d, cells_of(places), tuple((c, d + 1) for c in cells_of(gone))


def direct_locking(state: State, se: bool = False) -> Iterator[Step]:
    layout = state.layout
    n = layout.size
    cands, values = state.cands, state.values
    houses, house_bits = layout.houses, layout.house_bits
    for type_a, a, b, d, where, elims in locked_candidates(state):
        bit = 1 << d
        gone = {c for c, _ in elims}
        for a2 in type_a.houses:  # SE: the other houses of A's type crossing B
            if a2 == a or not house_bits[a2] & house_bits[b]:
                continue
            spots = [c for c in houses[a2] if cands[c] & bit and not values[c]]
            left = [c for c in spots if c not in gone]
            if len(spots) > 1 and len(left) == 1:
                pointing = box_like(state, a, se)
                name = "direct pointing" if pointing else "direct claiming"
                yield Step(
                    name,
                    DIRECT_POINTING if pointing else DIRECT_CLAIMING,
                    placements=((left[0], d + 1),),
                    eliminations=elims,
                    houses=(a, b, a2),
                    cells=tuple(where),
                    text=(
                        f"{name.capitalize()}: in {layout.house_name(a)}, "
                        f"{digit_char(d + 1)} lies only in {cells_text(where, n)}, "
                        f"all in {layout.house_name(b)}; so "
                        f"{layout.house_name(a2)} has {digit_char(d + 1)} only at "
                        f"{cell_name(left[0], n)}"
                    ),
                )
                break


def direct_hidden(state: State, k: int, lost: Sequence[int] | None = None) -> Iterator[Step]:
    """With ``lost`` (per digit, the cells that lost it since some earlier
    grid that had none), only in houses where a place was lost (a house as
    it was finds what it found); without, the last grid this search found
    nothing on (`State.memo`) gives it."""
    if lost is None:
        return where_lost(state, f"direct hidden {k}", partial(_direct_hidden, state, k))
    return _direct_hidden(state, k, lost)


def _direct_hidden(state: State, k: int, lost: Sequence[int] | None) -> Iterator[Step]:
    layout = state.layout
    n = layout.size
    cands, values = state.cands, state.values
    where = state.places()
    shrunk = lost_cells(lost)
    for index in house_order(state):
        if not layout.house_bits[index] & shrunk:
            continue
        house = layout.houses[index]
        empty = [c for c in house if not values[c]]
        if len(empty) <= k:
            continue
        # Each digit's places as a bit set of cells.
        inside = layout.house_bits[index]
        places = [w & inside for w in where]
        # Only digits with 2..k places can be in the set (in SE's order of digit sets).
        fit = [d for d in range(n) if 2 <= places[d].bit_count() <= k]
        for picked in colex(len(fit), k):
            digits = [fit[i] for i in picked]
            union = 0
            for d in digits:
                union |= places[d]
            if union.bit_count() != k:
                continue
            cells = [c for c in empty if union >> c & 1]
            keep = sum(1 << d for d in digits)
            for v in range(n):
                if v in digits or places[v].bit_count() < 2:
                    continue
                rest = places[v] & ~union
                if rest.bit_count() != 1:
                    continue
                left = [rest.bit_length() - 1]
                elims = tuple(
                    (c, e + 1) for c in cells for e in range(n) if cands[c] >> e & 1 and not keep >> e & 1
                )
                yield Step(
                    NAMES[k],
                    DIRECT_HIDDEN[k],
                    placements=((left[0], v + 1),),
                    eliminations=elims,
                    houses=(index,),
                    cells=tuple(cells),
                    text=(
                        f"{NAMES[k].capitalize()}: in {layout.house_name(index)}, "
                        f"{digits_text(d + 1 for d in digits)} fit only in {cells_text(cells, n)}; so "
                        f"{digit_char(v + 1)} has one place left: {cell_name(left[0], n)}"
                    ),
                )
                break


FINDERS: tuple[Technique, ...] = (
    Technique(
        "direct pointing",
        DIRECT_POINTING,
        20,
        direct_locking,
        variable=True,
        names=("direct pointing", "direct claiming"),
    ),
    Technique("direct hidden pair", DIRECT_HIDDEN[2], 30, partial(direct_hidden, k=2)),
    Technique("direct hidden triplet", DIRECT_HIDDEN[3], 40, partial(direct_hidden, k=3)),
)
"""The default scale's: every region counts as a box."""

SE_FINDERS: dict[str, Technique] = {
    "direct locking": Technique(
        "direct pointing",
        DIRECT_POINTING,
        20,
        partial(direct_locking, se=True),
        variable=True,
        names=("direct pointing", "direct claiming"),
    ),
    "direct hidden pair": FINDERS[1],
    "direct hidden triplet": FINDERS[2],
}
