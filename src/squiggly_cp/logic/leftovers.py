"""Law of Leftovers (set equivalence) for irregular regions.

k lines (consecutive rows, or consecutive columns) hold every digit exactly
k times; so do any k regions, and any k houses of a family of extra houses
that tiles the grid (the disjoint groups: `partitions`), which are taken
against the lines, and one by one against the regions, as the regions are.
Take the k regions that overlap the lines most. Removing the overlap from
both sides leaves the *innies* (line cells outside the regions) and the
*outies* (region cells outside the lines), which therefore hold the same
multiset of digits. The rules used are all sound for
multisets (a digit may occur several times on one side):

* union: every innie holds a digit some outie can hold, and the other way
  round (with one cell per side: the two cells are equal);
* count: a digit d occurs equally often on both sides. If one side already
  has p placed d's and the other side has only p cells that can hold d, then
  all of those cells hold d (placement), and the first side has no further d
  (elimination);
* distinct: if all cells of one side see each other, its digits are
  distinct, so the other side's are too: a digit placed there leaves the
  rest of that side.

How it relates to the other techniques: with one line, the union rule is
exactly locked candidates (an innie lacking d means the line's d's all lie in
the region: claiming; an outie lacking d is pointing), and a lone innie
placed d makes the outie a hidden single of its region. So one-line
leftovers never fire first; the technique earns its place with k >= 2
lines, where the union rule is a fish whose base is the k regions and whose
cover is the k lines (or the other way round), and with the count and
distinct rules, which no fish expresses.

Where it sits on the scale, and why: the insight is "these k lines and these
k regions need the same digits, so what sticks out on one side must match
what sticks out on the other". Like claiming it compares lines with regions,
but it counts digits across several houses at once, so it starts just after
claiming, at the level of a naked pair (3.0). Each further line adds 0.2
(k lines and size - k lines give the same sets, so the smaller count is
used), sides of more than one cell add 0.1, the count rule adds 0.2 and the
distinct rule 0.4 (it needs the cells' mutual visibility on top of the
equivalence). Two lines rate 3.2-3.8 and four lines 3.6-4.2: cheaper than
the franken fish the union rule amounts to (3.5 for two houses, 4.1 for
three), because the innie/outie picture is a standard solving habit for
jigsaw puzzles while franken fish are not, and below wings, which need
chains of bivalue cells.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from ..core.geometry import EXTRA, Layout
from ..core.puzzle import cell_name, digit_char
from .state import State, bits, digits_of
from .step import Role, Step, Technique, cells_text, digits_text, elims_text, houses_text

BASE = 3.0
PER_LINE = 0.2
WIDE = 0.1
COUNT = 0.2
DISTINCT = 0.4
MAX_TIES = 4
MAX_SIDE = 1.0
"""Sides larger than this many times the size are skipped: they rarely give anything."""


@dataclass(frozen=True)
class Equivalence:
    lines: tuple[int, ...]
    regions: tuple[int, ...]
    innies: tuple[int, ...]
    outies: tuple[int, ...]
    base: float
    innies_see: bool
    outies_see: bool


def _all_see(layout: Layout, cells: tuple[int, ...]) -> bool:
    return all(b in layout.peers[a] for a, b in combinations(cells, 2))


def overlaps(
    layout: Layout, lines: Sequence[int], family: Sequence[int] | None = None
) -> list[tuple[int, int]]:
    """(cells shared with ``lines``, house) of every house of ``family`` (the
    regions unless given), the most shared first (among equals, the later
    house first)."""
    n = layout.size
    line_cells = 0
    for h in lines:
        line_cells |= layout.house_bits[h]
    houses = range(2 * n, 3 * n) if family is None else family
    overlap = sorted(((layout.house_bits[h] & line_cells).bit_count(), h) for h in houses)
    overlap.reverse()
    return overlap


@lru_cache(maxsize=64)
def partitions(layout: Layout) -> tuple[tuple[int, ...], ...]:
    """Families of ``size`` extra houses that split the grid between them, as
    the disjoint groups do: each holds every digit once per house, as the
    regions do, so the law holds against them too."""
    n = layout.size
    full = (1 << (n * n)) - 1
    extra = [h for h in layout.of_kind(EXTRA) if len(layout.houses[h]) == n]
    found: list[tuple[int, ...]] = []
    for start in extra:
        family, covered = [start], layout.house_bits[start]
        for h in extra:
            if not layout.house_bits[h] & covered:
                family.append(h)
                covered |= layout.house_bits[h]
        if covered == full and tuple(sorted(family)) not in found:
            found.append(tuple(sorted(family)))
    return tuple(found)


def leftover_sides(
    layout: Layout, lines: Sequence[int], regions: Sequence[int]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The law itself: with as many ``regions`` as ``lines`` (house indices),
    the innies (cells of the lines outside the regions) and the outies (cells
    of the regions outside the lines) hold the same digits. Both in cell order."""
    line_cells = region_cells = 0
    for h in lines:
        line_cells |= layout.house_bits[h]
    for h in regions:
        region_cells |= layout.house_bits[h]
    innies, outies = sides(line_cells, region_cells)
    return tuple(bits(innies)), tuple(bits(outies))


def sides(one: int, other: int) -> tuple[int, int]:
    """Two unions of cells (bit sets) with the same digits, or the same sum,
    have the same left over once their overlap is taken away: the cells of
    ``one`` outside ``other`` (innies), and those of ``other`` outside ``one``
    (outies). Here k lines against k regions (same digits), and in `sums`
    houses against cages (same sum)."""
    return one & ~other, other & ~one


@lru_cache(maxsize=256)
def equivalences(layout: Layout) -> tuple[Equivalence, ...]:
    """For k = 1..size-1 consecutive rows and columns, the best-covering k regions
    (every choice among tied regions, up to `MAX_TIES`): the innie/outie pairs.
    Then the same against each family of extra houses that splits the grid
    (`partitions`), and each of its houses against the best-covering region."""
    n = layout.size
    found: dict[tuple[tuple[int, ...], tuple[int, ...]], Equivalence] = {}
    regions = tuple(range(2 * n, 3 * n))
    for family in (None, *partitions(layout)):
        for kind in (0, 1):
            for k in range(1, n):
                for first in range(n - k + 1):
                    lines = tuple(range(kind * n + first, kind * n + first + k))
                    _add(layout, found, lines, family, min(k, n - k))
        if family is not None:
            for h in family:
                _add(layout, found, (h,), regions, 1)
    return tuple(sorted(found.values(), key=lambda q: (q.base, len(q.innies))))


def _add(
    layout: Layout,
    found: dict[tuple[tuple[int, ...], tuple[int, ...]], Equivalence],
    lines: tuple[int, ...],
    family: Sequence[int] | None,
    e: int,
) -> None:
    """The equivalences of ``lines`` against as many best-covering houses of ``family``."""
    n = layout.size
    k = len(lines)
    overlap = overlaps(layout, lines, family)
    cut = overlap[k - 1][0]
    if cut == 0:
        return
    sure = [h for v, h in overlap if v > cut]
    tied = [h for v, h in overlap if v == cut]
    for choice in list(combinations(tied, k - len(sure)))[:MAX_TIES]:
        regions = tuple(sorted(sure + list(choice)))
        innies, outies = leftover_sides(layout, lines, regions)
        if not innies or (innies, outies) in found or len(innies) > MAX_SIDE * n:
            continue
        found[(innies, outies)] = Equivalence(
            lines,
            regions,
            innies,
            outies,
            round(BASE + PER_LINE * (e - 1), 1),
            _all_see(layout, innies),
            _all_see(layout, outies),
        )


def law_of_leftovers(state: State) -> Iterator[Step]:
    cands = state.cands
    values = state.values
    for q in equivalences(state.layout):
        # Cheap screens first: most equivalences give nothing most of the time.
        union_in = union_out = placed_in = placed_out = open_in = open_out = 0
        for c in q.innies:
            union_in |= cands[c]
            if values[c]:
                placed_in |= cands[c]
            else:
                open_in |= cands[c]
        for c in q.outies:
            union_out |= cands[c]
            if values[c]:
                placed_out |= cands[c]
            else:
                open_out |= cands[c]
        if any(cands[c] & ~union_out for c in q.innies if not values[c]) or any(
            cands[c] & ~union_in for c in q.outies if not values[c]
        ):
            yield from _union(state, q)
        if (placed_in | placed_out) & (open_in | open_out):
            yield from _count(state, q)
            if (q.innies_see and placed_out) or (q.outies_see and placed_in):
                yield from _distinct(state, q)


def _head(state: State, q: Equivalence) -> str:
    layout = state.layout
    return f"Law of Leftovers, {houses_text(q.lines, layout)} vs {houses_text(q.regions, layout)}"


def _union(state: State, q: Equivalence) -> Iterator[Step]:
    cands = state.cands
    values = state.values
    n = state.layout.size
    wide = len(q.innies) > 1
    difficulty = round(q.base + (WIDE if wide else 0.0), 1)
    for side, other, side_name, other_name in (
        (q.innies, q.outies, "innies", "outies"),
        (q.outies, q.innies, "outies", "innies"),
    ):
        union = 0
        for c in other:
            union |= cands[c]
        elims = tuple((c, d) for c in side if not values[c] for d in digits_of(cands[c] & ~union))
        if not elims:
            continue
        if wide:
            reason = (
                f"{side_name} {cells_text(side, n)} hold the {other_name}' digits "
                f"{{{digits_text(digits_of(union))}}}"
            )
        else:
            reason = (
                f"{side_name[:-1]} {cell_name(side[0], n)} equals {other_name[:-1]} {cell_name(other[0], n)}"
            )
        yield Step(
            "law of leftovers",
            difficulty,
            eliminations=elims,
            houses=q.lines + q.regions,
            cells=q.innies + q.outies,
            roles=_roles(q),
            text=f"{_head(state, q)}: {reason} -> {elims_text(elims, n)}",
        )


def _roles(q: Equivalence) -> tuple[Role, ...]:
    return (("innies", "cells", q.innies), ("outies", "cells", q.outies))


def _count(state: State, q: Equivalence) -> Iterator[Step]:
    cands = state.cands
    values = state.values
    n = state.layout.size
    difficulty = round(q.base + (WIDE if len(q.innies) > 1 else 0.0) + COUNT, 1)
    for side, other, side_name, other_name in (
        (q.innies, q.outies, "innies", "outies"),
        (q.outies, q.innies, "outies", "innies"),
    ):
        placed_count: dict[int, int] = {}
        open_mask = 0
        for c in side:
            if values[c]:
                placed_count[values[c]] = placed_count.get(values[c], 0) + 1
            else:
                open_mask |= cands[c]
        for c in other:
            if not values[c]:
                open_mask |= cands[c]
        for d, placed in placed_count.items():
            bit = 1 << (d - 1)
            if not open_mask & bit:
                continue
            able = [c for c in other if cands[c] & bit]
            if len(able) != placed:
                continue
            # Both sides hold exactly `placed` d's: the able cells of the other side are all d,
            # and the rest of this side has no more.
            places = tuple((c, d) for c in able if not values[c])
            elims = tuple((c, d) for c in side if not values[c] and cands[c] & bit)
            if places or elims:
                yield Step(
                    "law of leftovers",
                    difficulty,
                    placements=places,
                    eliminations=elims,
                    houses=q.lines + q.regions,
                    cells=q.innies + q.outies,
                    roles=_roles(q),
                    text=(
                        f"{_head(state, q)}: the {side_name} hold {placed} x {digit_char(d)} and only "
                        f"{cells_text(able, n)} of the {other_name} can -> "
                        + "; ".join(
                            [f"{cell_name(c, n)} = {digit_char(d)}" for c, _ in places]
                            + ([elims_text(elims, n)] if elims else [])
                        )
                    ),
                )


def _distinct(state: State, q: Equivalence) -> Iterator[Step]:
    cands = state.cands
    values = state.values
    layout = state.layout
    n = layout.size
    difficulty = round(q.base + WIDE + DISTINCT, 1)
    for side, other, see, other_name, side_name in (
        (q.outies, q.innies, q.innies_see, "innies", "outies"),
        (q.innies, q.outies, q.outies_see, "outies", "innies"),
    ):
        if not see or len(side) < 2:
            continue
        elims: list[tuple[int, int]] = []
        for c in side:
            d = values[c]
            if d:
                bit = 1 << (d - 1)
                elims.extend((x, d) for x in side if x != c and not values[x] and cands[x] & bit)
        if elims:
            elims = sorted(set(elims))
            yield Step(
                "law of leftovers",
                difficulty,
                eliminations=tuple(elims),
                houses=q.lines + q.regions,
                cells=q.innies + q.outies,
                roles=_roles(q),
                text=(
                    f"{_head(state, q)}: the {other_name} {cells_text(other, n)} see each other, so the "
                    f"{side_name} {cells_text(side, n)} hold distinct digits -> {elims_text(elims, n)}"
                ),
            )


FINDERS: tuple[Technique, ...] = (Technique("law of leftovers", BASE, 60, law_of_leftovers, variable=True),)
