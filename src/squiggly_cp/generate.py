"""Seeded random squiggly layouts and puzzles of a chosen kind.

Every function takes a `random.Random` (`random_puzzles` a seed), so the
output is reproducible. Every puzzle's kind is verified with the `dlx` engine.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from itertools import islice

from . import dlx
from .puzzle import Grid, Puzzle, PuzzleError, Verdict, box_shape, standard_regions
from .regions import check_layout

__all__ = ["KINDS", "is_minimal", "make_puzzle", "random_layout", "random_puzzles", "random_solution"]

KINDS = ("unique", "minimal", "multiple", "none")

_LAYOUT_TRIES = 200
_PUZZLE_TRIES = 100
_SOLUTION_TRIES = 3
_FILL_RUNS = 4
_FILL_NODES = 2  # node limit of the first run, times the number of cells; grows by half each run


def _neighbours(size: int) -> list[tuple[int, ...]]:
    out = []
    for cell in range(size * size):
        r, c = divmod(cell, size)
        near = [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
        out.append(tuple(nr * size + nc for nr, nc in near if 0 <= nr < size and 0 <= nc < size))
    return out


def _connected(labels: list[int], label: int, start: int, size: int, nbrs: list[tuple[int, ...]]) -> bool:
    seen = {start}
    stack = [start]
    while stack:
        for nxt in nbrs[stack.pop()]:
            if labels[nxt] == label and nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return len(seen) == size


def random_layout(rng: random.Random, size: int = 9) -> Grid:
    """A random layout of ``size`` connected regions of ``size`` cells, labels normalized.

    Starts from the standard boxes (or rows, for sizes without boxes) and
    swaps boundary cells between neighbouring regions while both stay connected.
    """
    labels = list(standard_regions(size) if box_shape(size) else (i // size for i in range(size * size)))
    members = [{i for i, label in enumerate(labels) if label == k} for k in range(size)]
    nbrs = _neighbours(size)
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
        labels[a], labels[b] = region_b, region_a
        if _connected(labels, region_a, b, size, nbrs) and _connected(labels, region_b, a, size, nbrs):
            members[region_a].remove(a)
            members[region_a].add(b)
            members[region_b].remove(b)
            members[region_b].add(a)
            moves += 1
        else:
            labels[a], labels[b] = region_a, region_b
    return check_layout(labels, size)


def random_solution(layout: Grid, rng: random.Random, size: int = 9) -> Grid | None:
    """A random complete filling of ``layout``, or None if there is none or it takes too long."""
    # Any filling can have its digits renamed to put a chosen permutation in the first row,
    # so fixing that row loses nothing and leaves a smaller search.
    first_row = rng.sample(range(1, size + 1), size)
    puzzle = Puzzle(size, (*first_row, *[0] * (size * size - size)), check_layout(layout, size))
    # Search times are heavy-tailed, so several short randomized runs beat one long one.
    limit = _FILL_NODES * size * size
    for _ in range(_FILL_RUNS):
        try:
            return next(dlx.iter_solutions(puzzle, rng, node_limit=limit), None)
        except dlx.SearchLimitReached:
            limit += limit // 2
    return None


def make_puzzle(rng: random.Random, kind: str, size: int = 9, layout: Grid | None = None) -> Puzzle:
    """A random puzzle of ``kind``: "unique", "minimal", "multiple" or "none".

    With ``layout`` the puzzle uses it (raising `PuzzleError` if no filling is
    found for it); otherwise random layouts are drawn until one can be filled.
    "none" puzzles never repeat a given digit in a house.
    """
    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r}; expected one of {', '.join(KINDS)}")
    fixed = None if layout is None else check_layout(layout, size)
    for _ in range(_PUZZLE_TRIES):
        regions, solution = _filled_layout(rng, size, fixed)
        puzzle = _MAKERS[kind](rng, Puzzle(size, solution, regions))
        if puzzle is not None:
            return puzzle
    raise RuntimeError(f"no {kind!r} {size}x{size} puzzle found in {_PUZZLE_TRIES} tries")


def random_puzzles(
    seed: int, count: int, kinds: Iterable[str] = ("unique", "multiple", "none"), size: int = 9
) -> Iterator[Puzzle]:
    """``count`` puzzles from ``seed``, cycling through ``kinds``."""
    rng = random.Random(seed)
    order = tuple(kinds)
    for i in range(count):
        yield make_puzzle(rng, order[i % len(order)], size)


def _filled_layout(rng: random.Random, size: int, fixed: Grid | None) -> tuple[Grid, Grid]:
    for _ in range(_LAYOUT_TRIES if fixed is None else _SOLUTION_TRIES):
        regions = fixed if fixed is not None else random_layout(rng, size)
        solution = random_solution(regions, rng, size)
        if solution is not None:
            return regions, solution
    if fixed is not None:
        raise PuzzleError("no complete filling of this layout was found")
    raise RuntimeError(f"no fillable {size}x{size} layout found in {_LAYOUT_TRIES} tries")


def _is_unique(puzzle: Puzzle, givens: list[int]) -> bool:
    return dlx.count_solutions(puzzle.with_givens(givens), 2) == 1


def _reduce(rng: random.Random, full: Puzzle, stop_at: int) -> list[int]:
    """Remove givens in random order while the puzzle stays unique, down to ``stop_at`` givens.

    If every cell gets tried, the result is minimal: a given whose removal
    broke uniqueness earlier still breaks it with fewer givens around.
    """
    givens = list(full.givens)
    left = len(givens)
    order = list(range(len(givens)))
    rng.shuffle(order)
    for cell in order:
        if left <= stop_at:
            break
        digit = givens[cell]
        givens[cell] = 0
        if _is_unique(full, givens):
            left -= 1
        else:
            givens[cell] = digit
    return givens


def _unique_stop(rng: random.Random, size: int) -> int:
    """A random number of givens to stop removing at, for variety."""
    cells = size * size
    return rng.randint(cells // 4, cells // 2)


def _make_unique(rng: random.Random, full: Puzzle) -> Puzzle | None:
    puzzle = full.with_givens(_reduce(rng, full, _unique_stop(rng, full.size)))
    return puzzle if dlx.solve(puzzle).verdict is Verdict.UNIQUE else None


def _make_minimal(rng: random.Random, full: Puzzle) -> Puzzle | None:
    puzzle = full.with_givens(_reduce(rng, full, 0))
    return puzzle if is_minimal(puzzle) else None


def is_minimal(puzzle: Puzzle) -> bool:
    """True if ``puzzle`` is unique and loses uniqueness when any one given is removed."""
    givens = list(puzzle.givens)
    if dlx.solve(puzzle).verdict is not Verdict.UNIQUE:
        return False
    for cell, digit in enumerate(puzzle.givens):
        if digit:
            givens[cell] = 0
            unique = _is_unique(puzzle, givens)
            givens[cell] = digit
            if unique:
                return False
    return True


def _make_multiple(rng: random.Random, full: Puzzle) -> Puzzle | None:
    # Half of them start from the full grid (many givens), half from a sparser unique puzzle.
    givens = list(full.givens) if rng.random() < 0.5 else _reduce(rng, full, _unique_stop(rng, full.size))
    order = [i for i, d in enumerate(givens) if d]
    rng.shuffle(order)
    steps = iter(order)
    # Removing givens never loses solutions: remove until a second solution appears, then maybe a few more.
    for cell in steps:
        givens[cell] = 0
        if not _is_unique(full, givens):
            break
    for cell in islice(steps, rng.choice((0, 0, 1, 3))):
        givens[cell] = 0
    puzzle = full.with_givens(givens)
    return puzzle if dlx.solve(puzzle).verdict is Verdict.MULTIPLE else None


def _make_none(rng: random.Random, full: Puzzle) -> Puzzle | None:
    n = full.size
    base = _make_unique(rng, full)
    if base is None:
        return None
    givens = list(base.givens)
    solution = full.givens
    peers = base.peers
    # Either change a given or add one, always to a digit that no peer gives. An added wrong
    # digit always leaves no solution; a changed given may not, so the result is checked.
    cells = [i for i in range(n * n) if givens[i]] if rng.random() < 0.5 else []
    rng.shuffle(cells)
    empty = [i for i in range(n * n) if not givens[i]]
    rng.shuffle(empty)
    for cell in cells + empty:
        blocked = {givens[p] for p in peers[cell]}
        digits = [d for d in range(1, n + 1) if d != solution[cell] and d not in blocked]
        if not digits:
            continue
        old = givens[cell]
        givens[cell] = rng.choice(digits)
        puzzle = base.with_givens(givens)
        if puzzle.repeated_given() is None and dlx.solve(puzzle).verdict is Verdict.NONE:
            return puzzle
        givens[cell] = old
    return None


_MAKERS = {
    "unique": _make_unique,
    "minimal": _make_minimal,
    "multiple": _make_multiple,
    "none": _make_none,
}
