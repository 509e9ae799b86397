"""Candidate state of a human-style solve (the per-layout tables it uses are
`squiggly_cp.core.geometry.Layout`'s).

Candidates are bitmasks per cell (bit ``d - 1`` for digit ``d``). A placed
cell keeps exactly its digit's bit, so "the digits a house can still hold" is
always the OR of its cells' masks. Sets of cells are Python ints used as
bitsets (bit ``c`` for cell ``c``), which makes "cells seeing both" one AND.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import reduce
from operator import or_
from typing import TypeVar

from ..core.geometry import Layout
from ..core.position import candidate_grid
from ..core.puzzle import Puzzle, cell_name, digit_char
from .links import logic_layout

T = TypeVar("T")


def bits(mask: int) -> Iterator[int]:
    """The set bit positions of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def digits_of(mask: int) -> list[int]:
    """The digits (1-based) in a candidate mask."""
    return [b + 1 for b in bits(mask)]


def lost_since_nothing(state: State, key: str) -> list[int] | None:
    """Per digit (0-based), the cells that lost it since the last grid on
    which the finder ``key`` ran to its end and found nothing (`where_lost`);
    None when there is no such grid, or a candidate came back since. A
    finder whose every find needs some place lost since such a grid (each
    that takes ``lost`` says which) looks only there."""
    last = state.memo.get(key)
    if last is None:
        return None
    assert isinstance(last, list)
    lost = []
    for then, now in zip(last, state.places(), strict=True):
        if now & ~then:
            return None
        lost.append(then & ~now)
    return lost


def lost_cells(lost: Sequence[int] | None) -> int:
    """The cells (a bit set) that lost some digit, per ``lost``; every cell (-1) without it."""
    if lost is None:
        return -1
    out = 0
    for cells in lost:
        out |= cells
    return out


def where_lost(state: State, key: str, find: Callable[[list[int] | None], Iterator[T]]) -> Iterator[T]:
    """What ``find(lost)`` finds, ``lost`` per `lost_since_nothing`; when it
    finds nothing (to its end), this grid becomes the one ``key`` keeps."""
    found = False
    for item in find(lost_since_nothing(state, key)):
        found = True
        yield item
    if not found:
        state.memo[key] = state.places()


class State:
    """Candidates and placements, with the checks that detect a contradiction."""

    __slots__ = ("_places", "broken", "cands", "layout", "memo", "unique", "values")

    def __init__(
        self,
        layout: Layout,
        cands: list[int],
        values: list[int],
        broken: str | None = None,
        unique: bool = False,
    ):
        self.layout = layout
        self.cands = cands
        self.values = values
        self.broken = broken
        self.unique = unique
        """Proved to have exactly one solution: techniques that assume so may run."""
        self.memo: dict[object, object] = {}
        """What a finder keeps from one step to the next, keyed by what it was
        computed from (so the copies of a state can share it)."""
        self._places: tuple[list[int], list[int], list[int]] | None = None
        """`places`' last answer, with the candidates and values it was worked out from."""

    @classmethod
    def start(cls, puzzle: Puzzle, candidates: Sequence[int] | None = None, unique: bool = False) -> State:
        """The state after the givens, each given's digit removed from its peers.

        With ``candidates`` (one mask per cell) the solve starts from that
        position instead: it is intersected with what the givens imply.
        """
        layout = logic_layout(puzzle)
        n = puzzle.size
        full = layout.full
        cands = [full] * (n * n) if candidates is None else [m & full for m in candidates]
        if len(cands) != n * n:
            raise ValueError(f"candidates must have {n * n} masks")
        values = [0] * (n * n)
        state = cls(layout, cands, values, unique=unique)
        repeat = puzzle.repeated_given()
        if repeat is not None:
            _, first, second = repeat
            first, second = sorted((first, second))
            twice = digit_char(puzzle.givens[first])
            state.broken = f"{cell_name(first, n)} and {cell_name(second, n)} both hold {twice}"
        cannot = puzzle.impossible_rule()
        if cannot is not None and state.broken is None:
            state.broken = cannot[1]
        for cell, digit in enumerate(puzzle.givens):
            if digit:
                if not cands[cell] >> (digit - 1) & 1 and state.broken is None:
                    state.broken = f"the given {cell_name(cell, n)}={digit_char(digit)} is not a candidate"
                    cands[cell] = 1 << (digit - 1)
                state.place(cell, digit)
        return state

    def copy(self) -> State:
        twin = State(self.layout, self.cands.copy(), self.values.copy(), self.broken, self.unique)
        twin.memo = self.memo
        return twin

    def place(self, cell: int, digit: int) -> None:
        """Put ``digit`` in ``cell`` and remove it from the cell's peers."""
        bit = 1 << (digit - 1)
        cands = self.cands
        values = self.values
        if self.broken is None and not cands[cell] & bit:
            self.broken = f"{self._name(cell)} cannot hold {digit_char(digit)}"
        values[cell] = digit
        cands[cell] = bit
        for p in self.layout.peers[cell]:
            if cands[p] & bit:
                if values[p] == digit and self.broken is None:
                    self.broken = f"{self._name(cell)} and {self._name(p)} both hold {digit_char(digit)}"
                cands[p] &= ~bit

    def eliminate(self, cell: int, digit: int) -> None:
        self.cands[cell] &= ~(1 << (digit - 1))
        if self.values[cell] == digit and self.broken is None:
            self.broken = f"{self._name(cell)} holds {digit_char(digit)}, which was eliminated"

    def apply(self, placements: Sequence[tuple[int, int]], eliminations: Sequence[tuple[int, int]]) -> None:
        for cell, digit in placements:
            self.place(cell, digit)
        for cell, digit in eliminations:
            self.eliminate(cell, digit)

    def digit_places(self, house: int) -> Iterator[tuple[int, list[int]]]:
        """For each digit (0-based) not yet placed in ``house``, the house's
        cells that can still hold it."""
        cells = self.layout.houses[house]
        cands, values = self.cands, self.values
        placed = 0
        for c in cells:
            if values[c]:
                placed |= cands[c]
        for d in range(self.layout.size):
            bit = 1 << d
            if not placed & bit:
                yield d, [c for c in cells if cands[c] & bit]

    def places(self) -> list[int]:
        """For each digit (0-based), the bit set of the empty cells that can still hold it."""
        # Most finders of a step ask; the lists are compared, not trusted
        # (callers may change `cands` and `values` in place).
        last = self._places
        values = self.values
        if last is not None and last[0] == self.cands and last[1] == values:
            return last[2].copy()
        where = [0] * self.layout.size
        for c, m in enumerate(self.cands):
            if not values[c]:
                while m:
                    low = m & -m
                    m ^= low
                    where[low.bit_length() - 1] |= 1 << c
        self._places = (self.cands.copy(), values.copy(), where.copy())
        return where

    def placed_in(self, house: int) -> int:
        """The digits (a mask) already placed in ``house``."""
        cands, values = self.cands, self.values
        placed = 0
        for c in self.layout.houses[house]:
            if values[c]:
                placed |= cands[c]
        return placed

    def open_with(self, cells: int, digit: int) -> list[int]:
        """The empty cells among ``cells`` (a bit set of cell indices) that can
        still hold ``digit`` (0-based), in increasing order."""
        bit = 1 << digit
        cands, values = self.cands, self.values
        out = []
        while cells:
            low = cells & -cells
            cells ^= low
            c = low.bit_length() - 1
            if cands[c] & bit and not values[c]:
                out.append(c)
        return out

    def contradiction(self) -> str | None:
        """A reason no solution can extend this state, or None if none is evident.

        Two equal digits in a house are caught by `place` (``broken``); here: a
        cell with no candidate, or a digit with no place in a house.
        """
        if self.broken is not None:
            return self.broken
        cands = self.cands
        if 0 in cands:
            return f"{self._name(cands.index(0))} has no candidates left"
        layout = self.layout
        full = layout.full
        get = cands.__getitem__
        for index, house in enumerate(layout.houses):
            union = reduce(or_, map(get, house))
            if union != full:
                missing = (full & ~union & -(full & ~union)).bit_length()
                return f"digit {digit_char(missing)} has no place in {layout.house_name(index)}"
        return None

    def _name(self, cell: int) -> str:
        return cell_name(cell, self.layout.size)


def format_grid(size: int, masks: Sequence[int]) -> str:
    """The candidates as text (`core.position.candidate_grid`)."""
    return candidate_grid(size, masks)
