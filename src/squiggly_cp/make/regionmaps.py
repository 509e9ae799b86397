"""Region layouts: random ones (optionally symmetric), and whether a layout
admits any completed grid at all.

A layout is a tuple of ``size * size`` region labels (row-major), ``size``
connected regions of ``size`` cells, labels numbered by first appearance.

Layout symmetry (`squiggly_cp.core.symmetry.LAYOUT_SYMMETRIES`): ``rot2`` (the
180-degree turn maps every region onto a region) exists for every size;
``rot4`` (the 90-degree turn does) only for sizes 4k and 4k+1 (4, 5, 8, 9,
12, 13, 16). For other sizes no such layout exists: with even size every
cell orbit of the turn has four cells, so a region the turn maps to itself
has a multiple of four cells, and two regions that the turn swaps cannot
both be connected around the centre; with odd size the region holding the
centre cell maps to itself and has 1 + 4j cells.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..core.limits import Undecided
from ..core.puzzle import Grid, Puzzle, box_shape, cell_name, normalize_labels, standard_regions
from ..core.regions import check_regions, flood, neighbours
from ..core.signals import import_held
from ..core.symmetry import LAYOUT_SYMMETRIES, permutations

__all__ = [
    "LAYOUT_SYMMETRIES",
    "check_layout_fillable",
    "fill_layout",
    "layout_symmetry_sizes",
    "leftover_conflict",
    "random_layout",
]


def layout_symmetry_sizes(symmetry: str) -> tuple[int, ...]:
    """The sizes (4..16) for which layouts with ``symmetry`` exist."""
    if symmetry not in LAYOUT_SYMMETRIES:
        raise ValueError(f"unknown layout symmetry {symmetry!r}; choose from {', '.join(LAYOUT_SYMMETRIES)}")
    return tuple(n for n in range(4, 17) if symmetry != "rot4" or n % 4 in (0, 1))


def _connected(labels: list[int], label: int, start: int, size: int) -> bool:
    return len(flood(start, lambda _, b: labels[b] == label, size)) == size


def _rot4_start(size: int) -> list[int]:
    """A layout the 90-degree turn maps onto itself (sizes 4k and 4k+1).

    One quarter block is cut into regions and turned three times. Size 4k:
    the top-left k2 x k2 quadrant (k2 = 2k) in strips of two rows. Size 4k+1:
    a pinwheel of four 2k x (2k+1) blocks around a centre region shaped like a
    plus with arms of k cells; each block, less its arm, is cut along a
    column-by-column snake into k regions.
    """
    k, odd = divmod(size, 4)
    rot = permutations("rot4", size)
    block: dict[int, int] = {}
    if odd:
        m = 2 * k
        centre = m * size + m
        arm = {r * size + m for r in range(k, m)}
        snake = []
        for c in range(m + 1):
            rows = list(range(m if c < m else k))
            snake += [r * size + c for r in (rows if c % 2 == 0 else reversed(rows))]
        block = {cell: 1 + i // size for i, cell in enumerate(snake)}
        block.update(dict.fromkeys(arm, 0))
        block[centre] = 0
    else:
        m = 2 * k
        block = {r * size + c: 1 + r // 2 for r in range(m) for c in range(m)}
    labels = [-1] * (size * size)
    for cell, label in block.items():
        for turn, perm in enumerate(rot):
            labels[perm[cell]] = label if label == 0 and odd else label + turn * (k + 1)
    return list(normalize_labels(labels))


def _start(size: int, symmetry: str) -> list[int]:
    if symmetry == "rot4":
        if size % 4 not in (0, 1):
            raise ValueError(f"no {size}x{size} layout has rot4 symmetry (only sizes 4k and 4k+1 do)")
        return _rot4_start(size)
    # The boxes, or the rows for sizes without boxes: both survive the 180-degree turn.
    return list(standard_regions(size) if box_shape(size) else (i // size for i in range(size * size)))


def random_layout(rng: random.Random, size: int = 9, symmetry: str = "none") -> Grid:
    """A random layout of ``size`` connected regions of ``size`` cells, labels normalized.

    Starts from a layout with the symmetry (the standard boxes, the rows, or a
    pinwheel for rot4) and swaps boundary cells between neighbouring regions,
    each swap together with its images under the symmetry, while every region
    touched stays connected. Without symmetry the draws are those of earlier
    versions, so seeds give the same layouts.
    """
    layout_symmetry_sizes(symmetry)
    labels = _start(size, symmetry)
    perms = permutations(symmetry, size)
    members = [{i for i, label in enumerate(labels) if label == k} for k in range(size)]
    nbrs = neighbours(size)
    cells = range(size * size)
    target = 4 * size * size
    moves = 0
    for _ in range(40 * size * size):
        if moves >= target:
            break
        a = rng.choice(cells)
        region_a = labels[a]
        others = [x for x in nbrs[a] if labels[x] != region_a]
        if not others:
            continue
        region_b = labels[rng.choice(others)]
        # A cell of B touching A (not just at `a`) to give to A in exchange; `a` must touch B too.
        givers = [
            x for x in sorted(members[region_b]) if any(labels[y] == region_a and y != a for y in nbrs[x])
        ]
        if not givers:
            continue
        b = rng.choice(givers)
        if not any(labels[y] == region_b and y != b for y in nbrs[a]):
            continue
        changes = _symmetric_swap(labels, a, b, perms)
        if changes is not None and _apply_if_connected(labels, members, changes, size):
            moves += 1
    return check_regions(labels, size)


def _symmetric_swap(
    labels: list[int], a: int, b: int, perms: Sequence[tuple[int, ...]]
) -> dict[int, int] | None:
    """The new label of each cell when a and b swap regions, and so do their images; None on a clash."""
    changes: dict[int, int] = {}
    for perm in perms:
        pa, pb = perm[a], perm[b]
        for cell, label in ((pa, labels[pb]), (pb, labels[pa])):
            if changes.setdefault(cell, label) != label:
                return None
    return changes


def _apply_if_connected(
    labels: list[int], members: list[set[int]], changes: dict[int, int], size: int
) -> bool:
    old = {cell: labels[cell] for cell in changes}
    touched = set(old.values()) | set(changes.values())
    for cell, label in changes.items():
        labels[cell] = label
    counts = {label: len(members[label]) for label in touched}
    for cell, label in changes.items():
        counts[old[cell]] -= 1
        counts[label] += 1
    if all(counts[label] == size for label in touched):
        starts = {label: cell for cell, label in changes.items()}
        if all(_connected(labels, label, starts[label], size) for label in touched):
            for cell, label in changes.items():
                members[old[cell]].discard(cell)
                members[label].add(cell)
            return True
    for cell, label in old.items():
        labels[cell] = label
    return False


"""The generator's change to `squiggly_cp.sat.run`'s parameters: presolve on,
faster on the hard uniqueness checks of 16x16 puzzles near minimal (benchmarks/RESULTS.md)."""


def fill_layout(
    regions: Grid,
    size: int,
    rng: random.Random | None = None,
    *,
    work_limit: float | None = None,
    time_limit: float | None = None,
) -> Grid | None:
    """A completed grid for ``regions``, or None when none exists (proved).

    With ``rng`` the grid is random (a random first row, random value
    choices in CP-SAT); without, row 1 is 1..N. Raises `Undecided` when
    ``work_limit`` (CP-SAT's deterministic seconds) or ``time_limit`` (seconds)
    stops the search first. Any grid can have its digits renamed so that the
    first row is a chosen permutation, so fixing it loses nothing.
    """
    # OR-Tools is loaded only by what solves.
    OneHot = import_held("squiggly_cp.sat.model").OneHot
    sat_run = import_held("squiggly_cp.sat.run")

    empty = Puzzle(size, (0,) * (size * size), regions)
    built = OneHot(empty, [(1 << size) - 1] * (size * size), propagated=False)
    row = rng.sample(range(size), size) if rng else list(range(size))
    for c, d in enumerate(row):
        built.fix(c, d + 1)
    parameters: dict[str, object] = dict(sat_run.GENERATOR_PARAMETERS)
    if rng:
        parameters.update(random_seed=rng.randrange(1 << 30), initial_polarity="POLARITY_RANDOM")
    return built.solution(time_limit=time_limit, work_limit=work_limit, parameters=parameters)


def _line_name(kind: str, first: int, k: int) -> str:
    return f"{kind} {first + 1}" if k == 1 else f"{kind}s {first + 1}-{first + k}"


def leftover_conflict(regions: Grid, size: int) -> str | None:
    """A Law-of-Leftovers reason that ``regions`` admit no completed grid, or None.

    Take k consecutive rows (or columns) and the k regions that overlap them
    most (`logic.leftovers.overlaps`; among equals the first regions). Each
    holds every digit k times, so the cells in the lines but outside those
    regions (innies) hold the same digits as the cells in the regions but
    outside the lines (outies: `logic.leftovers.leftover_sides`). A cell of
    one side that sees (shares a row, column or region with) every cell of
    the other side can share its digit with none of them: no grid exists.
    Sound, not complete.
    """
    from ..logic.leftovers import leftover_sides, overlaps  # the solver's modules, on first use only

    layout = Puzzle(size, (0,) * (size * size), regions).layout
    peers = layout.peer_sets
    for kind, name in ((0, "row"), (1, "column")):
        for k in range(1, size):
            for first in range(size - k + 1):
                lines = range(kind * size + first, kind * size + first + k)
                most = sorted(overlaps(layout, lines), key=lambda shared: (-shared[0], shared[1]))
                chosen = [house for _, house in most[:k]]
                innies, outies = leftover_sides(layout, lines, chosen)
                for side, other in ((innies, outies), (outies, innies)):
                    for cell in side:
                        if other and peers[cell].issuperset(other):
                            labels = {layout.house_number[house] - 1 for house in chosen}
                            return _leftover_text(
                                name, first, k, labels, list(innies), list(outies), cell, layout.regions, size
                            )
    return None


def _leftover_text(
    kind: str,
    first: int,
    k: int,
    chosen: set[int],
    innies: list[int],
    outies: list[int],
    cell: int,
    regions: Grid,
    size: int,
) -> str:
    names = ", ".join(cell_name(regions.index(label), size) for label in sorted(chosen))
    lines = _line_name(kind, first, k)
    where = f"the regions of {names}" if k > 1 else f"the region of {names}"
    inn = " ".join(cell_name(c, size) for c in innies)
    out = " ".join(cell_name(c, size) for c in outies)
    side = "outside" if cell in innies else "inside"
    return (
        f"law of leftovers on {lines} and {where}: the cells in the {kind}s but outside those regions "
        f"({inn}) must hold the same digits as the cells in the regions but outside the {kind}s "
        f"({out}); yet {cell_name(cell, size)} ({side} the regions) sees every cell of the other side"
    )


def check_layout_fillable(
    regions: Sequence[int], size: int | None = None, *, time_limit: float | None = None
) -> tuple[Grid | None, str | None]:
    """Does the layout admit a completed grid? ``(grid, None)`` with one such
    grid, or ``(None, reason)`` when none exists: a Law-of-Leftovers conflict
    if a cheap one is found, else CP-SAT's proof. Raises `PuzzleError` for a
    malformed layout and `Undecided` when ``time_limit`` (seconds) runs out."""
    if size is None:
        size = round(len(regions) ** 0.5)
    layout = check_regions(regions, size)
    reason = leftover_conflict(layout, size)
    if reason is not None:
        return None, reason
    grid = fill_layout(layout, size, time_limit=time_limit)
    if grid is None:
        return None, placement_reason(layout, size) or "CP-SAT proves no completed grid exists"
    return grid, None


def fill_with_rules(puzzle: Puzzle, *, time_limit: float | None = None) -> Grid | None:
    """A completed grid of ``puzzle``'s layout that keeps its rules (its givens
    ignored), or None when there is none. Raises `Undecided` at the time limit."""
    cpsat = import_held("squiggly_cp.engines.cpsat")
    propagate = import_held("squiggly_cp.core.propagate")
    blank = Puzzle(puzzle.size, (0,) * (puzzle.size**2), puzzle.regions, rules=puzzle.rules)
    domains = propagate.candidates(blank)
    if domains is None:
        return None
    found, finished = cpsat.listed_solutions(blank, domains, 1, time_limit)
    if not found and not finished:
        raise Undecided("the time limit ran out before a completed grid was found")
    return found[0] if found else None


_PLACEMENT_CAP = 20_000  # placements enumerated at most for `placement_reason`
_PLACEMENT_MAX_SIZE = 9  # the largest size `placement_reason` searches


def digit_placements(regions: Grid, size: int, cap: int = _PLACEMENT_CAP) -> list[tuple[int, ...]] | None:
    """Every way to place one digit once in each row, column and region (the
    cells, row by row), or None if there are more than ``cap``. A completed
    grid is ``size`` of them that share no cell, one per digit."""
    found: list[tuple[int, ...]] = []
    cells: list[int] = []

    def place(row: int, columns: int, labels: int) -> bool:
        if row == size:
            found.append(tuple(cells))
            return len(found) <= cap
        for col in range(size):
            cell = row * size + col
            if not columns >> col & 1 and not labels >> regions[cell] & 1:
                cells.append(cell)
                going = place(row + 1, columns | 1 << col, labels | 1 << regions[cell])
                cells.pop()
                if not going:
                    return False
        return True

    return found if place(0, 0, 0) else None


def placement_reason(regions: Grid, size: int) -> str | None:
    """Why no completed grid exists, told through the placements of one digit
    (`digit_placements`), for a layout known to have none; None when there
    are too many placements to tell, or above 9x9, where the search for them
    (up to 9! orders of the columns, well under a second) could outlast a
    time limit it does not check."""
    if size > _PLACEMENT_MAX_SIZE:
        return None
    placements = digit_placements(regions, size)
    if placements is None:
        return None
    if not placements:
        return "no digit can be placed once in every row, column and region"
    covered = set().union(*placements)
    empty = [cell for cell in range(size * size) if cell not in covered]
    if empty:
        return (
            f"no digit can go in {cell_name(empty[0], size)}: none of the {len(placements)} ways to place "
            "a digit once in every row, column and region uses it"
        )
    ways = f"a digit can be placed once in every row, column and region in only {len(placements)} ways"
    if len(placements) < size:
        return f"{ways}, fewer than the {size} digits need"
    return f"{ways}, and no {size} of them leave each other's cells free (every digit needs one)"
