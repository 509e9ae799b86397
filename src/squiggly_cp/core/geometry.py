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
from functools import cache, cached_property, lru_cache

Houses = tuple[tuple[int, ...], ...]


def house_name(house: int, size: int) -> str:
    """``"row 3"``, ``"column 4"`` or ``"region 2"`` for a house index of `Layout.houses`."""
    kind, number = divmod(house, size)
    return f"{('row', 'column', 'region')[kind]} {number + 1}"


def box_shape(size: int) -> tuple[int, int] | None:
    """(height, width) of the standard boxes for ``size``, or None if there are none.

    The height is the largest divisor of ``size`` not above its square root,
    as f-puzzles and most sites use (3x3 for 9, 2 rows x 3 columns for 6).
    """
    height = max(d for d in range(1, math.isqrt(size) + 1) if size % d == 0)
    if height == 1:
        return None
    return height, size // height


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
    `houses`: ``size`` rows, then ``size`` columns, then ``size`` regions.
    """

    def __init__(self, size: int, regions: tuple[int, ...]):
        self.size = size
        self.regions = regions
        self.full = (1 << size) - 1
        """The candidate mask of every digit."""

    def __reduce__(self) -> tuple[object, tuple[int, tuple[int, ...]]]:
        # Unpickled as the cached instance, not a copy.
        return layout_for, (self.size, self.regions)

    def __repr__(self) -> str:
        return f"Layout({self.size}, {self.regions!r})"

    def house_name(self, house: int) -> str:
        return house_name(house, self.size)

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
        """All houses: ``size`` rows, then ``size`` columns, then ``size`` regions."""
        return _lines(self.size) + tuple(map(tuple, self._members))

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
        return tuple(
            line_lists[i] + tuple(j for j in members[label] if j not in lines[i])
            for i, label in enumerate(self.regions)
        )

    @cached_property
    def peers(self) -> Houses:
        """`peer_lists` in increasing order (the logic solver's steps follow it)."""
        return tuple(tuple(sorted(p)) for p in self.peer_lists)

    @cached_property
    def peer_sets(self) -> tuple[frozenset[int], ...]:
        """`peer_lists` as frozensets, for membership and subset tests."""
        members = self._members
        lines = _line_peers(self.size)
        return tuple(lines[i].union(members[label]).difference((i,)) for i, label in enumerate(self.regions))

    @cached_property
    def peer_bits(self) -> tuple[int, ...]:
        """`peers` as bit sets of cells."""
        return tuple(sum(1 << c for c in p) for p in self.peer_lists)

    @cached_property
    def house_bits(self) -> tuple[int, ...]:
        """Each house of `houses` as a bit set of cells."""
        return tuple(sum(1 << c for c in h) for h in self.houses)

    @cached_property
    def cell_houses(self) -> tuple[tuple[int, int, int], ...]:
        """(row house, column house, region house) of each cell."""
        n = self.size
        return tuple((c // n, n + c % n, 2 * n + label) for c, label in enumerate(self.regions))

    @cached_property
    def cell_house_bits(self) -> tuple[int, ...]:
        """The houses of each cell as a bit set of house indices."""
        region = 2 * self.size
        return tuple(
            lines | 1 << region + label
            for lines, label in zip(_line_house_bits(self.size), self.regions, strict=True)
        )


@lru_cache(maxsize=256)
def layout_for(size: int, regions: tuple[int, ...]) -> Layout:
    """The one `Layout` of ``size`` and normalized ``regions`` (see `Layout`)."""
    return Layout(size, regions)
