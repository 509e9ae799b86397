"""The 45-rule for killer cages: innies and outies as linear constraints.

Every house holds each digit once, so its digits sum to N(N+1)/2 (45 on a
9x9); a killer cage with a total sums to it. Any integer combination of
these sums is a true equation, and a few of them are short: what a solver
of killers calls innies and outies, and the Law of Leftovers applied to sums.
`OneHot` adds them (`add_leftover_sums`) to a model whose puzzle has a cage
with a total; CP-SAT then prunes on them as soon as the search starts, where
the cages' and houses' own constraints each see only their own cells.

The combinations (`leftover_sums`), bounded and cheap to find:

* the bases: each house; each union of consecutive rows, and of consecutive
  columns; each union of two or three regions that touch; and each band of
  consecutive rows (columns) less as many regions, those that overlap it
  most (the Law of Leftovers: the cells of the band outside those regions
  sum to the cells of the regions outside the band);
* each base is then reduced: a cage or a house lying wholly within cells of
  one coefficient is taken out (its total moves to the right-hand side),
  and a cage mostly inside is taken out whole when it leaves fewer cells
  than it removes (its cells outside come in with the opposite sign: outies).

What is left, when it is short (at most `LONGEST` cells) and says more than
one cage or house already does, becomes ``sum(coef * value) == total``. Each
is implied by the houses and cages alone, never by givens or by the search,
so adding them changes no solution (tests/test_sums.py checks this on many
random killers, against the model without them and a brute force).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from ..core.geometry import bit_set, cells_of
from ..core.puzzle import Puzzle
from ..core.rules import KillerCage
from ..core.rules.base import relation
from ..core.rules.killer import combinations_for, encode_sum_set

if TYPE_CHECKING:
    from .model import RuleEncoder

__all__ = ["LONGEST", "add_leftover_sums", "leftover_sums"]

LONGEST = 4
"""The most cells a leftover sum may have: longer ones cost more to add
than they save (benchmarks/RESULTS.md, "Variants")."""

_SHRINK = 4
"""How many cells more than `LONGEST` a combination may keep after the whole
pieces are out and still be tried with outies (cages rarely take out more)."""

Piece = tuple[tuple[int, ...], int]
"""Cells whose digits have a known sum: a cage with a total, or a house."""
Terms = tuple[tuple[int, int], ...]
"""``((cell, coefficient), ...)``, cells ascending."""
Equation = tuple[Terms, int]
"""``(terms, total)``: sum(coefficient * digit) == total."""


def add_leftover_sums(enc: RuleEncoder, puzzle: Puzzle) -> int:
    """Add `leftover_sums` of ``puzzle``'s cages with totals to the model
    behind ``enc``; how many were added (none without such a cage).

    Each is a linear constraint over the cells' value variables, written
    into the model's proto directly (decided cells moved to the right): the
    constraint ``enc.add(sum(...) == total)`` makes, at a tenth of the cost
    of building the expression in Python. Two of them prune more: one over
    two cells is also a relation (a clause per digit: each digit keeps only
    those of the other cell that fit), and one whose cells all see each
    other, all counted once, also a set of digit combinations, as a cage."""
    cages = tuple(
        (rule.cage, rule.total)
        for rule in puzzle.rules
        if isinstance(rule, KillerCage) and rule.total is not None and rule.impossible(puzzle.size) is None
    )
    if not cages:
        return 0
    equations = leftover_sums(puzzle.size, puzzle.layout.houses, cages, LONGEST)
    for terms, total in equations:
        _add_linear(enc, terms, total)
        _add_pruning(enc, puzzle, terms, total)
    return len(equations)


def _add_linear(enc: RuleEncoder, terms: Terms, total: int) -> None:
    variables, coefs = [], []
    for cell, coef in terms:
        value = enc.value(cell)
        if isinstance(value, int):
            total -= coef * value
        else:
            variables.append(value.index)
            coefs.append(coef)
    linear = enc.model.proto.constraints.add().linear
    linear.vars.extend(variables)
    linear.coeffs.extend(coefs)
    linear.domain.extend((total, total))


def _add_pruning(enc: RuleEncoder, puzzle: Puzzle, terms: Terms, total: int) -> None:
    """What prunes more than the linear constraint, where it is cheap."""
    if len(terms) == 2:
        (a, x), (b, y) = terms

        def fits(d: int, e: int) -> bool:
            return x * d + y * e == total

        relation(enc, a, b, fits)
        return
    cells = [cell for cell, _ in terms]
    peers = puzzle.peers
    if (
        all(coef == 1 for _, coef in terms)
        and all(b in peers[a] for a in cells for b in cells if a != b)
        and combinations_for(puzzle.size, len(cells), total)
    ):
        encode_sum_set(enc, cells, total)


@lru_cache(maxsize=256)
def leftover_sums(
    size: int, houses: tuple[tuple[int, ...], ...], cages: tuple[Piece, ...], longest: int = LONGEST
) -> tuple[Equation, ...]:
    """The short equations the 45-rule gives (see the module's description),
    for a ``size`` grid with ``houses`` (rows, columns, regions, then any
    extra houses: `Layout.houses`) and ``cages`` (cells, total), each of
    at most ``longest`` cells.

    A combination is kept as two bit sets of cells, those with coefficient
    +1 and those with -1: no step here makes any other coefficient. A row or
    column lies within no union of other houses here, so only the regions
    and extra houses are taken out whole, besides the cages."""
    whole = size * (size + 1) // 2
    cage_masks = [(bit_set(cells), total) for cells, total in cages]
    pieces = [*cage_masks, *((bit_set(house), whole) for house in houses[2 * size :])]
    known = {mask: total for mask, total in pieces}
    found: dict[tuple[int, int], int] = {}
    for pos, neg, total in _bases(size, houses, whole):
        reduced = _reduce(pos, neg, total, pieces, cage_masks, longest)
        if reduced is None:
            continue
        pos, neg, total = reduced
        count = pos.bit_count() + neg.bit_count()
        if not count or count > longest or (pos, neg) in found or (neg, pos) in found:
            continue
        if not neg and known.get(pos) == total:
            continue  # a cage (or house) itself
        found[pos, neg] = total
    return tuple((_terms(pos, neg), total) for (pos, neg), total in found.items())


def _terms(pos: int, neg: int) -> Terms:
    return tuple(sorted([*((c, 1) for c in cells_of(pos)), *((c, -1) for c in cells_of(neg))]))


def _bases(size: int, houses: tuple[tuple[int, ...], ...], whole: int) -> Iterable[tuple[int, int, int]]:
    """The combinations of houses to start from: (+1 cells, -1 cells, total)."""
    rows, columns = houses[:size], houses[size : 2 * size]
    regions = [bit_set(region) for region in houses[2 * size : 3 * size]]
    for house in houses:
        yield bit_set(house), 0, whole
    for lines in (rows, columns):
        masks = [bit_set(line) for line in lines]
        for first in range(size):
            band = 0
            for last in range(first, size):
                band |= masks[last]
                if last - first + 1 == size:
                    break
                if last > first:
                    yield band, 0, (last - first + 1) * whole
                yield (*_leftover(band, last - first + 1, regions), 0)
    for group in _touching_groups(size, regions):
        cells = 0
        for k in group:
            cells |= regions[k]
        yield cells, 0, len(group) * whole


def _leftover(band: int, k: int, regions: Sequence[int]) -> tuple[int, int]:
    """``band`` (``k`` houses) less the ``k`` regions overlapping it most:
    (cells of the band outside them, cells of them outside the band)."""
    ranked = sorted(regions, key=lambda region: -(region & band).bit_count())
    chosen = 0
    for region in ranked[:k]:
        chosen |= region
    return band & ~chosen, chosen & ~band


def _touching_groups(size: int, regions: Sequence[int]) -> list[tuple[int, ...]]:
    """The sets of two or three regions that touch (side by side), in order."""
    label = [0] * (size * size)
    for k, region in enumerate(regions):
        for c in cells_of(region):
            label[c] = k
    near: list[set[int]] = [set() for _ in regions]
    for c in range(size * size):
        r, col = divmod(c, size)
        for other in (c + 1 if col + 1 < size else -1, c + size if r + 1 < size else -1):
            if other >= 0 and label[other] != label[c]:
                near[label[c]].add(label[other])
                near[label[other]].add(label[c])
    pairs = {(a, b) for a in range(len(regions)) for b in near[a] if a < b}
    triples = {tuple(sorted({*g, x})) for g in pairs for k in g for x in near[k] if x not in g}
    return sorted(pairs | triples)


def _reduce(
    pos: int,
    neg: int,
    total: int,
    pieces: Sequence[tuple[int, int]],
    cages: Sequence[tuple[int, int]],
    longest: int,
) -> tuple[int, int, int] | None:
    """Take out every piece lying within cells of one sign, and then a cage
    with more cells inside cells of one sign than outside (its outies come
    in with the other sign); again while a cage comes in. None when what is
    left is too long for outies to bring it down to ``longest`` cells
    (each cage taken out leaves at least one cell fewer: a cheap bound that
    skips most long combinations without looking at every cage)."""
    while True:
        for mask, amount in pieces:
            if pos & mask == mask:
                pos ^= mask
                total -= amount
            elif neg & mask == mask:
                neg ^= mask
                total += amount
        left = pos.bit_count() + neg.bit_count()
        if left > longest + _SHRINK:
            return None
        taken = _outies(pos, neg, cages)
        if taken is None:
            return pos, neg, total
        mask, amount = taken
        if pos & mask:
            pos, neg, total = pos & ~mask, neg | (mask & ~pos), total - amount
        else:
            pos, neg, total = pos | (mask & ~neg), neg & ~mask, total + amount


def _outies(pos: int, neg: int, cages: Sequence[tuple[int, int]]) -> tuple[int, int] | None:
    """The first cage with cells of one sign only, more of them than cells outside."""
    for mask, amount in cages:
        inside, against = pos & mask, neg & mask
        if (inside and against) or not (inside or against):
            continue
        if 2 * (inside | against).bit_count() > mask.bit_count():
            return mask, amount
    return None
