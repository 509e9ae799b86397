"""The geometry of a grid: one `Layout` per size and region layout.

A `Layout` holds the tables that no digit changes (houses, peers, their bit
sets). Every engine and the logic solver read them from here; `layout_for`
hands out one cached instance per layout, and each table is computed the
first time it is asked for, so a solve pays only for the tables it uses.
Cells are numbered row-major, ``index = row * size + col``; sets of cells
kept as Python ints have bit ``c`` for cell ``c``.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable
from functools import cache, cached_property, lru_cache

Houses = tuple[tuple[int, ...], ...]
Extra = tuple[tuple[str, tuple[int, ...]], ...]
"""Extra houses (a variant's diagonals, windows...): (name, cells) each, ``size`` cells."""
RuleLink = tuple[Hashable, int, int, tuple[int, ...]]
"""A rule between two cells, or on one: (the rule, as its reader tags it;
cell ``a``; cell ``b``, or -1 for a rule on ``a`` alone; and for each digit
of ``a`` (0-based) the digits ``b`` may then hold, as a mask; alone: the
full mask or 0)."""
Links = tuple[RuleLink, ...]
RuleSum = tuple[Hashable, tuple[int, ...], tuple[int, ...], int]
"""A rule that weighs cells: (the rule, as its reader tags it; the cells;
a whole-number coefficient per cell; the total), the weighted digits of
the cells summing to the total (a killer cage, an arrow: line minus bulb = 0)."""
Sums = tuple[RuleSum, ...]
RuleWhole = tuple[Hashable, tuple[int, ...], Hashable]
"""A rule read whole: (the rule, as its reader tags it; the cells it is
about; the rule itself, whose own check says which fillings keep it)."""
Wholes = tuple[RuleWhole, ...]


KINDS = ("row", "column", "region", "extra")
"""The kinds of house, as `Layout.house_kind` numbers them."""
ROW, COLUMN, REGION, EXTRA = range(4)


def box_shape(size: int) -> tuple[int, int] | None:
    """(height, width) of the standard boxes for ``size``, or None if there are none.

    The height is the largest divisor of ``size`` not above its square root,
    as f-puzzles and most sites use (3x3 for 9, 2 rows x 3 columns for 6).
    """
    height = max(d for d in range(1, math.isqrt(size) + 1) if size % d == 0)
    if height == 1:
        return None
    return height, size // height


def bit_set(positions: Iterable[int]) -> int:
    """The bit set with ``positions`` set (cells as a Python int, bit ``c`` for cell ``c``)."""
    out = 0
    for p in positions:
        out |= 1 << p
    return out


def cells_of(cells: int) -> list[int]:
    """The cells of a bit set of cells, in increasing order."""
    out = []
    while cells:
        low = cells & -cells
        cells ^= low
        out.append(low.bit_length() - 1)
    return out


@cache
def _lines(size: int) -> Houses:
    """The rows, then the columns."""
    rows = [tuple(r * size + c for c in range(size)) for r in range(size)]
    cols = [tuple(r * size + c for r in range(size)) for c in range(size)]
    return tuple(rows + cols)


@cache
def _line_peers(size: int) -> tuple[frozenset[int], ...]:
    """For each cell, the cells of its row and its column (itself included)."""
    lines = _lines(size)
    return tuple(frozenset(lines[i // size] + lines[size + i % size]) for i in range(size * size))


@cache
def _line_peer_lists(size: int) -> Houses:
    """For each cell, the other cells of its row and its column, in increasing order."""
    return tuple(tuple(j for j in sorted(line) if j != i) for i, line in enumerate(_line_peers(size)))


@cache
def _line_house_bits(size: int) -> tuple[int, ...]:
    """For each cell, the bit set of its row house and its column house."""
    return tuple((1 << i // size) | (1 << size + i % size) for i in range(size * size))


class Layout:
    """Everything about a size and region layout that no digit changes.

    Get one with `layout_for` (or `Puzzle.layout`): there is one instance per
    layout, compared and hashed by identity, so per-layout caches key on it
    cheaply. ``regions`` are labels ``0..size-1`` numbered in order of each
    region's first cell, as `Puzzle` keeps them. Houses are numbered as in
    `houses`: ``size`` rows, then ``size`` columns, then ``size`` regions,
    then the ``extra`` houses of a variant's rules (diagonals, windows...),
    which every table here (peers, a cell's houses) counts like the others.
    """

    def __init__(
        self,
        size: int,
        regions: tuple[int, ...],
        extra: Extra = (),
        links: Links = (),
        sums: Sums = (),
        wholes: Wholes = (),
    ):
        self.size = size
        self.regions = regions
        self.extra = extra
        self.links = links
        """Rules between two cells (`RuleLink`), which the logic solver reads; a
        link that makes its two cells differ makes them peers."""
        self.sums = sums
        """Rules that sum cells (`RuleSum`), which the logic solver reads."""
        self.wholes = wholes
        """Rules the logic solver reads whole (`RuleWhole`)."""
        self.full = (1 << size) - 1
        """The candidate mask of every digit."""

    def __reduce__(self) -> tuple[object, tuple[int, tuple[int, ...], Extra, Links, Sums, Wholes]]:
        # Unpickled as the cached instance, not a copy.
        return layout_for, (self.size, self.regions, self.extra, self.links, self.sums, self.wholes)

    def __repr__(self) -> str:
        extra = f", {self.extra!r}" if self.extra else ""
        links = f", links={self.links!r}" if self.links else ""
        sums = f", sums={self.sums!r}" if self.sums else ""
        wholes = f", wholes={self.wholes!r}" if self.wholes else ""
        return f"Layout({self.size}, {self.regions!r}{extra}{links}{sums}{wholes})"

    def house_name(self, house: int) -> str:
        """``"row 3"``, ``"column 4"``, ``"region 2"``, or an extra house's own name."""
        kind = self.house_kind[house]
        if kind == EXTRA:
            return self.extra[house - 3 * self.size][0]
        return f"{KINDS[kind]} {self.house_number[house]}"

    @cached_property
    def house_kind(self) -> tuple[int, ...]:
        """Each house's kind: `ROW`, `COLUMN`, `REGION` or `EXTRA` (an index of `KINDS`)."""
        n = self.size
        return (ROW,) * n + (COLUMN,) * n + (REGION,) * n + (EXTRA,) * len(self.extra)

    @cached_property
    def house_number(self) -> tuple[int, ...]:
        """Each house's number among the houses of its kind, from 1."""
        n = self.size
        return (*range(1, n + 1), *range(1, n + 1), *range(1, n + 1), *range(1, len(self.extra) + 1))

    def of_kind(self, kind: int) -> range:
        """The indices of the houses of ``kind`` (`ROW`... `EXTRA`), in order."""
        n = self.size
        return range(kind * n, (kind + 1) * n) if kind != EXTRA else range(3 * n, 3 * n + len(self.extra))

    @cached_property
    def house_kinds(self) -> tuple[str, ...]:
        """Each house's kind by name: ``row``, ``column``, ``region`` or ``extra``."""
        return tuple(KINDS[kind] for kind in self.house_kind)

    @cached_property
    def _extra_of(self) -> tuple[tuple[int, ...], ...]:
        """For each cell, the indices of the extra houses it is in."""
        found: list[list[int]] = [[] for _ in range(self.size * self.size)]
        for k, (_, cells) in enumerate(self.extra):
            for c in cells:
                found[c].append(3 * self.size + k)
        return tuple(map(tuple, found))

    @cached_property
    def boxes(self) -> bool:
        """Are the regions the ordinary rectangular boxes (3x3 for size 9)?"""
        shape = box_shape(self.size)
        if shape is None:
            return False
        height, width = shape
        n = self.size
        # Labels are numbered in order of first cell, so the box layout has exactly these.
        return all(
            self.regions[r * n + c] == (r // height) * (n // width) + c // width
            for r in range(n)
            for c in range(n)
        )

    @cached_property
    def houses(self) -> Houses:
        """All houses: ``size`` rows, then ``size`` columns, then ``size``
        regions, then the extra ones."""
        return _lines(self.size) + tuple(map(tuple, self._members)) + tuple(cells for _, cells in self.extra)

    def _extra_peers(self, i: int, have: frozenset[int] | set[int]) -> tuple[int, ...]:
        """The cells of ``i``'s extra houses that are not in ``have`` (nor ``i``), ascending."""
        if not self.extra:
            return ()
        more = {c for h in self._extra_of[i] for c in self.houses[h]}
        return tuple(sorted(more.difference(have, (i,))))

    @cached_property
    def _members(self) -> list[list[int]]:
        """The cells of each region, in increasing order."""
        members: list[list[int]] = [[] for _ in range(self.size)]
        for index, label in enumerate(self.regions):
            members[label].append(index)
        return members

    @cached_property
    def peer_lists(self) -> Houses:
        """For each cell, the other cells sharing a house with it: its row and
        column (in increasing order), then the rest of its region. The
        cheapest peer table to build (every CP-SAT solve needs one)."""
        members = self._members
        lines, line_lists = _line_peers(self.size), _line_peer_lists(self.size)
        plain = tuple(
            line_lists[i] + tuple(j for j in members[label] if j not in lines[i])
            for i, label in enumerate(self.regions)
        )
        if not self.extra and not self.links:
            return plain
        apart = self._apart
        return tuple(p + self._extra_peers(i, set(p)) + apart.get(i, ()) for i, p in enumerate(plain))

    @cached_property
    def _apart(self) -> dict[int, tuple[int, ...]]:
        """For each cell, the cells a link makes it differ from that share no house with it, ascending."""
        full = self.full
        pairs: dict[int, set[int]] = {}
        for _, a, b, allowed in self.links:
            if b >= 0 and all(allowed[d] == full & ~(1 << d) for d in range(self.size)):
                pairs.setdefault(a, set()).add(b)
                pairs.setdefault(b, set()).add(a)
        out = {}
        for a, partners in pairs.items():
            housed = {c for h in self.cell_houses[a] for c in self.houses[h]}
            if partners - housed:
                out[a] = tuple(sorted(partners - housed))
        return out

    @cached_property
    def peers(self) -> Houses:
        """`peer_lists` in increasing order (the logic solver's steps follow it)."""
        return tuple(tuple(sorted(p)) for p in self.peer_lists)

    @cached_property
    def peer_sets(self) -> tuple[frozenset[int], ...]:
        """`peer_lists` as frozensets, for membership and subset tests."""
        return tuple(frozenset(p) for p in self.peer_lists)

    @cached_property
    def peer_bits(self) -> tuple[int, ...]:
        """`peers` as bit sets of cells."""
        return tuple(sum(1 << c for c in p) for p in self.peer_lists)

    @cached_property
    def house_bits(self) -> tuple[int, ...]:
        """Each house of `houses` as a bit set of cells."""
        return tuple(sum(1 << c for c in h) for h in self.houses)

    @cached_property
    def cell_houses(self) -> tuple[tuple[int, ...], ...]:
        """(row house, column house, region house, then any extra houses) of each cell."""
        n = self.size
        plain = tuple((c // n, n + c % n, 2 * n + label) for c, label in enumerate(self.regions))
        if not self.extra:
            return plain
        return tuple(p + more for p, more in zip(plain, self._extra_of, strict=True))

    @cached_property
    def cell_house_bits(self) -> tuple[int, ...]:
        """The houses of each cell as a bit set of house indices."""
        region = 2 * self.size
        plain = tuple(
            lines | 1 << region + label
            for lines, label in zip(_line_house_bits(self.size), self.regions, strict=True)
        )
        if not self.extra:
            return plain
        return tuple(
            bits | sum(1 << h for h in more) for bits, more in zip(plain, self._extra_of, strict=True)
        )


def layout_for(
    size: int,
    regions: tuple[int, ...],
    extra: Extra = (),
    links: Links = (),
    sums: Sums = (),
    wholes: Wholes = (),
) -> Layout:
    """The one `Layout` of ``size``, normalized ``regions``, ``extra`` houses,
    ``links``, ``sums`` and ``wholes`` (see `Layout`)."""
    return _layout(size, regions, extra, links, sums, wholes)


@lru_cache(maxsize=256)
def _layout(
    size: int, regions: tuple[int, ...], extra: Extra, links: Links, sums: Sums, wholes: Wholes
) -> Layout:
    return Layout(size, regions, extra, links, sums, wholes)
