"""Killer cages: the cage's digits differ and, when it has a sum, add up to
it; and cages whose digits may repeat (`SumCage`), only summing."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import ClassVar

from .base import Board, Encoder, Look, Rule, RuleError, Shape, Style, Tool, at_most_once, cell_list, touching


@cache
def combinations_for(size: int, count: int, total: int | None) -> tuple[frozenset[int], ...]:
    """The sets of ``count`` different digits of 1..``size`` that sum to ``total``
    (any sum when None)."""
    return tuple(
        frozenset(combo)
        for combo in combinations(range(1, size + 1), count)
        if total is None or sum(combo) == total
    )


def encode_sum_set(enc: Encoder, cells: Sequence[int], total: int | None) -> None:
    """Distinct digits in ``cells`` summing to ``total``: which digits the
    cells hold is one of the combinations (a Boolean per combination), and the
    sum as a linear constraint besides (it prunes differently).

    A combination's digits are each in the cage (a clause per combination
    and digit); a digit outside it is in no cell, which for all the
    combinations without that digit at once is one at-most-one over them and
    the digit's cells (the combinations exclude each other, as do the cells:
    the same pruning as a clause per combination and cell, in one constraint).
    A digit in every combination, or in none, needs no Boolean."""
    n = enc.size
    combos = combinations_for(n, len(cells), total)
    if total is None or len(cells) == n:
        at_most_once(enc, cells)
        return
    chosen = [enc.new_bool() for _ in combos] if len(combos) > 1 else [True]
    enc.clause(chosen)
    dropped = [enc.neg(pick) for pick in chosen]
    for d in range(1, n + 1):
        holders = [enc.lit(c, d) for c in cells]
        having = [k for k, combo in enumerate(combos) if d in combo]
        if not having:
            for held in holders:
                enc.clause([enc.neg(held)])
            continue
        if len(having) == len(combos):
            enc.clause(holders)
        else:
            for k in having:
                enc.clause([dropped[k], *holders])  # the combination's digit is in the cage
        enc.at_most_one([*(chosen[k] for k in range(len(combos)) if d not in combos[k]), *holders])
    enc.add(sum(enc.value(c) for c in cells) == total)


@dataclass(frozen=True)
class KillerCage(Rule):
    cage: tuple[int, ...]
    total: int | None = None

    kind = "killer"
    label = "killer cage"
    styles: ClassVar[dict[str, Style]] = {
        "": Style(
            "killer cage",
            "killercage",
            Look("cage"),
            ("killer cage", "cage"),
            "Digits in a cage do not repeat, and sum to the small number in its corner if there is one.",
            "killer cage",
            tool=Tool("cage", "Cage"),
        )
    }

    def cells(self) -> tuple[int, ...]:
        return self.cage

    def describe(self, size: int) -> str:
        total = f" (sum {self.total})" if self.total is not None else ""
        return f"the killer cage {cell_list(self.cage, size)}{total}"

    def validate(self, size: int) -> None:
        super().validate(size)
        check_cage(self, self.cage, size)

    def impossible(self, size: int) -> str | None:
        k = len(self.cage)
        if k > size:
            return f"{k} cells cannot hold different digits 1-{size}"
        # k different digits make every sum from 1+...+k to (size-k+1)+...+size (raise one digit
        # at a time), so no combination is listed (nor cached) for a hostile total.
        if self.total is not None and not k * (k + 1) // 2 <= self.total <= k * (2 * size - k + 1) // 2:
            return f"no {k} different digits 1-{size} sum to {self.total}"
        return None

    def encode(self, enc: Encoder, board: Board) -> None:
        encode_sum_set(enc, self.cage, self.total)

    def holds(self, grid: Sequence[int], board: Board) -> bool:
        values = [grid[c] for c in self.cage]
        return len(set(values)) == len(values) and (self.total is None or sum(values) == self.total)

    def shapes(self, size: int) -> tuple[Shape, ...]:
        return (Shape("cage", self.cage, text="" if self.total is None else str(self.total)),)


@dataclass(frozen=True)
class SumCage(Rule):
    """A killer cage whose digits may repeat (SudokuPad's cage with
    ``unique: false``): only its sum. A digit still appears once in each
    house, so cells of the cage that share a house still differ. A kind of
    its own, not a `KillerCage`: what is said of killer cages (the 45 rule's
    cages, their digit combinations) assumes different digits. Works on
    any N and any number of cells."""

    cage: tuple[int, ...]
    total: int

    kind = "sumcage"
    label = "killer cage"
    styles: ClassVar[dict[str, Style]] = {
        "": Style(
            "killer cage whose digits may repeat",
            "sumcage",
            Look("cage", text="repeat"),
            (
                "digits may repeat in cages",
                "may repeat in a cage",
                "cages may contain repeated digits",
                "digits in a cage may repeat",
                "digits in cages may repeat",
                "digits can repeat in cages",
                "digits can repeat in a cage",
            ),
            "Digits in a cage with a total sum to it, and may repeat in it.",
            "killer cage",
            tool=Tool("sum-cage", "Cage (repeats)"),
        )
    }

    def cells(self) -> tuple[int, ...]:
        return self.cage

    def describe(self, size: int) -> str:
        return f"the killer cage {cell_list(self.cage, size)} (sum {self.total}, digits may repeat)"

    def validate(self, size: int) -> None:
        super().validate(size)
        check_cage(self, self.cage, size)

    def impossible(self, size: int) -> str | None:
        if not len(self.cage) <= self.total <= size * len(self.cage):
            return f"{len(self.cage)} digits 1-{size} cannot sum to {self.total}"
        return None

    def encode(self, enc: Encoder, board: Board) -> None:
        enc.add(sum(enc.value(c) for c in self.cage) == self.total)

    def holds(self, grid: Sequence[int], board: Board) -> bool:
        return sum(grid[c] for c in self.cage) == self.total

    def shapes(self, size: int) -> tuple[Shape, ...]:
        return (Shape("cage", self.cage, style="repeat", text=str(self.total)),)


def check_cage(rule: Rule, cage: Sequence[int], size: int) -> None:
    """A cage's cells: one or more, each once, connected (cells touching at a
    corner still make one cage: some setters draw them so)."""
    name = rule.describe(size)
    if not cage:
        raise RuleError(f"{name}: a cage needs cells")
    if len(set(cage)) != len(cage):
        raise RuleError(f"{name}: a cell is in the cage twice")
    if not _connected(cage, size):
        raise RuleError(f"{name}: the cage's cells are not connected")


def _connected(cells: Sequence[int], size: int) -> bool:
    left = set(cells[1:])
    stack = [cells[0]]
    while stack:
        c = stack.pop()
        near = [j for j in left if touching(c, j, size)]
        left.difference_update(near)
        stack.extend(near)
    return not left
