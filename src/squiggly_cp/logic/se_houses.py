"""Sukaku Explainer's types of house, and the orders its techniques visit them in.

SE keeps each kind of house in a type of its own: blocks (only a box layout's
regions), rows, columns, the "/" diagonal, the "\\" one, disjoint groups,
windoku (four windows and the five groups they imply), asterisk, centre dot,
girandola, and "custom" regions, which is what a jigsaw's regions are. Its
techniques walk the types in fixed orders, and the first step found is the
one rated, so the `se` scale must walk them alike. A variant's extra house
is given its SE type by its cells: an f-puzzles extra region drawn as the
asterisk is SE's asterisk. An extra house SE has no type for goes after
SE's own, before a jigsaw's regions.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..core.geometry import COLUMN, EXTRA, REGION, ROW, Layout, box_shape

SLASH, BACKSLASH, DISJOINT, WINDOKU = "/", "\\", "disjoint", "windoku"
ASTERISK, CENTRE_DOT, GIRANDOLA, OTHER = "asterisk", "centredot", "girandola", "other"
EXTRA_TYPES = (SLASH, BACKSLASH, DISJOINT, WINDOKU, ASTERISK, CENTRE_DOT, GIRANDOLA, OTHER)
"""SE's types of extra house, in its order (`Grid.getRegionTypes`)."""

SHAPES = {
    ASTERISK: frozenset((13, 20, 24, 37, 40, 43, 56, 60, 67)),
    CENTRE_DOT: frozenset((10, 13, 16, 37, 40, 43, 64, 67, 70)),
    GIRANDOLA: frozenset((0, 8, 13, 37, 40, 43, 67, 72, 80)),
}
"""The one-house types, on a 9x9."""


@dataclass(frozen=True)
class HouseType:
    """One of SE's types: its houses (layout indices) in SE's order, and for
    each cell the type's house holding it (-1 for none)."""

    name: str
    houses: tuple[int, ...]
    of_cell: tuple[int, ...]


def _windoku_sets() -> list[frozenset[int]]:
    """SE's nine windoku houses in its order: windows, rows 1/5/9 across, columns 1/5/9 down, corners."""
    inner, outer = ((1, 2, 3), (5, 6, 7)), (0, 4, 8)
    bands = [*((a, b) for a in inner for b in inner), (outer, inner[0]), (outer, inner[1])]
    bands += [(inner[0], outer), (inner[1], outer), (outer, outer)]
    return [frozenset(r * 9 + c for r in rows for c in cols) for rows, cols in bands]


def _classify(layout: Layout, cells: frozenset[int]) -> tuple[str, int]:
    """(SE type, index within the type) of an extra house."""
    n = layout.size
    if cells == frozenset(i * n + n - 1 - i for i in range(n)):
        return SLASH, 0
    if cells == frozenset(i * n + i for i in range(n)):
        return BACKSLASH, 0
    shape = box_shape(n)
    if shape and len(cells) == n:
        h, w = shape
        spots = {(c // n % h, c % n % w) for c in cells}
        if len(spots) == 1:
            (r, c), = spots
            return DISJOINT, r * w + c
    if n == 9:
        if cells in _windoku_sets():
            return WINDOKU, _windoku_sets().index(cells)
        for name, shape_cells in SHAPES.items():
            if cells == shape_cells:
                return name, 0
    return OTHER, 0


def _house_type(layout: Layout, name: str, houses: tuple[int, ...]) -> HouseType:
    of_cell = [-1] * layout.size**2
    for h in reversed(houses):  # houses of type OTHER may share cells: the first one is kept
        for c in layout.houses[h]:
            of_cell[c] = h
    return HouseType(name, houses, tuple(of_cell))


@cache
def extra_types(layout: Layout) -> tuple[HouseType, ...]:
    """The layout's extra houses by SE type, in SE's order of types."""
    found: dict[str, list[tuple[int, int]]] = {}
    for h in layout.of_kind(EXTRA):
        name, index = _classify(layout, frozenset(layout.houses[h]))
        found.setdefault(name, []).append((index, h))
    ordered = [(name, tuple(h for _, h in sorted(found[name]))) for name in EXTRA_TYPES if name in found]
    return tuple(_house_type(layout, name, houses) for name, houses in ordered)


@cache
def plain_types(layout: Layout) -> dict[int, HouseType]:
    """Rows, columns and regions as types, by kind."""
    out = {}
    for kind in (ROW, COLUMN, REGION):
        houses = tuple(layout.of_kind(kind))
        of_cell = tuple(hs[kind] for hs in layout.cell_houses)
        out[kind] = HouseType(("row", "column", "region")[kind], houses, of_cell)
    return out


def region_types(layout: Layout, lines: tuple[int, int]) -> tuple[HouseType, ...]:
    """Every type in SE's order, the lines (`ROW`, `COLUMN`) in the order given:
    blocks first on a box layout, then the lines, the extra houses, and a
    jigsaw's regions last."""
    plain = plain_types(layout)
    first = (plain[REGION],) if layout.boxes else ()
    last = () if layout.boxes else (plain[REGION],)
    return (*first, plain[lines[0]], plain[lines[1]], *extra_types(layout), *last)


@cache
def cell_house_order(layout: Layout) -> tuple[tuple[int, ...], ...]:
    """Each cell's houses in SE's order (`Grid.getRegionTypes`: blocks, rows,
    columns, the extra houses, a jigsaw's regions), which chains and peers follow."""
    order = [h for t in region_types(layout, (ROW, COLUMN)) for h in t.houses]
    return tuple(tuple(h for h in order if h in mine) for mine in map(set, layout.cell_houses))
