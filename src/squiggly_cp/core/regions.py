"""Region extraction: wall bits to region labels, and layout checks."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from .puzzle import Grid, PuzzleError, normalize_labels

WALL_UP = 16
WALL_RIGHT = 32
WALL_DOWN = 64
WALL_LEFT = 128


def check_wall_agreement(walls: Sequence[int], size: int = 9) -> list[PuzzleError]:
    """Every place where two neighbours disagree about the wall between them.

    ``walls`` holds each cell's wall bits (16 up, 32 right, 64 down, 128 left).
    Each disagreement is reported once, at the upper or left cell of the pair.
    """
    problems = []
    for r in range(size):
        for c in range(size):
            w = walls[r * size + c]
            if c + 1 < size:
                other = walls[r * size + c + 1]
                if bool(w & WALL_RIGHT) != bool(other & WALL_LEFT):
                    problems.append(_disagreement(r, c, w & WALL_RIGHT, "right", r, c + 1, "left"))
            if r + 1 < size:
                other = walls[(r + 1) * size + c]
                if bool(w & WALL_DOWN) != bool(other & WALL_UP):
                    problems.append(_disagreement(r, c, w & WALL_DOWN, "lower", r + 1, c, "upper"))
    return problems


def _disagreement(r: int, c: int, here: int, side: str, r2: int, c2: int, other_side: str) -> PuzzleError:
    has, lacks = ("a", "no") if here else ("no", "a")
    return PuzzleError(
        f"{has} wall on the {side} side, but row {r2 + 1}, column {c2 + 1} "
        f"has {lacks} wall on its {other_side} side",
        r + 1,
        c + 1,
    )


@cache
def neighbours(size: int) -> tuple[tuple[int, ...], ...]:
    """For each cell, the cells above, below, left and right of it (inside the grid)."""
    out = []
    for cell in range(size * size):
        r, c = divmod(cell, size)
        near = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
        out.append(tuple(nr * size + nc for nr, nc in near if 0 <= nr < size and 0 <= nc < size))
    return tuple(out)


def flood(start: int, can_step: Callable[[int, int], bool], size: int) -> list[int]:
    """The cells reachable from ``start`` by steps to a neighbour that
    ``can_step(cell, neighbour)`` allows: the one flood fill of the project."""
    seen = {start}
    stack = [start]
    steps = neighbours(size)
    while stack:
        cell = stack.pop()
        for nxt in steps[cell]:
            if nxt not in seen and can_step(cell, nxt):
                seen.add(nxt)
                stack.append(nxt)
    return list(seen)


def _wall_bit(cell: int, nxt: int, size: int) -> int:
    """The wall bit on ``cell``'s side that faces its neighbour ``nxt``."""
    if nxt == cell + 1:
        return WALL_RIGHT
    if nxt == cell - 1:
        return WALL_LEFT
    return WALL_DOWN if nxt > cell else WALL_UP


def regions_from_walls(walls: Sequence[int], size: int = 9) -> Grid:
    """Label the connected areas that the walls enclose (flood fill).

    Labels are numbered in order of each area's first cell, so every area is
    connected by construction. Walls are read from the side of the cell a
    step leaves (``check_wall_agreement`` makes sure both sides agree). The
    result is not checked for size; see `check_regions`.
    """
    labels = [-1] * (size * size)
    count = 0
    for start in range(size * size):
        if labels[start] < 0:
            for cell in flood(start, lambda a, b: not walls[a] & _wall_bit(a, b, size), size):
                labels[cell] = count
            count += 1
    return tuple(labels)


def inner_walls(walls: Sequence[int], regions: Sequence[int], size: int = 9) -> tuple[str, ...]:
    """A note for each wall between two cells of one region (it divides nothing).

    Each is named from its upper or left cell, like ``row 2, column 3: the wall
    on its right side lies inside a region and is ignored``.
    """
    notes = []
    for cell, w in enumerate(walls):
        r, c = divmod(cell, size)
        for bit, side, other in ((WALL_RIGHT, "right", cell + 1), (WALL_DOWN, "lower", cell + size)):
            inside = c + 1 < size if bit == WALL_RIGHT else r + 1 < size
            if w & bit and inside and regions[cell] == regions[other]:
                notes.append(
                    f"row {r + 1}, column {c + 1}: the wall on its {side} side lies inside a region "
                    "and is ignored"
                )
    return tuple(notes)


def check_regions(labels: Sequence[int], size: int, *, known_connected: bool = False) -> Grid:
    """Check that ``labels`` form ``size`` connected regions of ``size`` cells.

    Returns the labels renumbered in order of first appearance; raises
    `PuzzleError` naming the first cell of the first region that is wrong.
    ``known_connected=True`` skips the connectivity check, for labels that
    are connected by construction (`regions_from_walls`).
    """
    if len(labels) != size * size:
        raise PuzzleError(f"a {size}x{size} layout needs {size * size} region labels")
    norm = normalize_labels(tuple(labels))
    cells_of: dict[int, list[int]] = {}
    for index, label in enumerate(norm):
        cells_of.setdefault(label, []).append(index)
    for cells in cells_of.values():
        first = cells[0]
        where = (first // size + 1, first % size + 1)
        if len(cells) != size:
            raise PuzzleError(
                f"the region of this cell has {len(cells)} cells, not {size} "
                f"({len(cells_of)} region{'s' if len(cells_of) != 1 else ''} in all)",
                *where,
            )
        pieces = 1 if known_connected else _component_count(set(cells), size)
        if pieces != 1:
            raise PuzzleError(f"the region of this cell is split into {pieces} separate parts", *where)
    return norm


def _component_count(cells: set[int], size: int) -> int:
    left = set(cells)
    pieces = 0
    while left:
        pieces += 1
        left -= set(flood(next(iter(left)), lambda _, b: b in cells, size))
    return pieces


def walls_from_regions(regions: Sequence[int], size: int = 9) -> Grid:
    """The wall bits of a layout: a wall wherever neighbours differ, and on the border."""
    out = []
    for r in range(size):
        for c in range(size):
            here = regions[r * size + c]
            w = 0
            if r == 0 or regions[(r - 1) * size + c] != here:
                w |= WALL_UP
            if c == size - 1 or regions[r * size + c + 1] != here:
                w |= WALL_RIGHT
            if r == size - 1 or regions[(r + 1) * size + c] != here:
                w |= WALL_DOWN
            if c == 0 or regions[r * size + c - 1] != here:
                w |= WALL_LEFT
            out.append(w)
    return tuple(out)
