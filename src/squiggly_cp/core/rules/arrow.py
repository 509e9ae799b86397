"""Arrows: the digits along the arrow sum to the number in its bulb (a
two-cell bulb reads as a two-digit number, its first cell the tens)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .base import Board, Encoder, Rule, RuleError, Shape, cell_list, check_line, relation, touching


@dataclass(frozen=True)
class Arrow(Rule):
    bulb: tuple[int, ...]
    line: tuple[int, ...]

    kind = "arrow"
    label = "arrow"

    def cells(self) -> tuple[int, ...]:
        return self.bulb + self.line

    def describe(self, size: int) -> str:
        return f"the arrow {cell_list(self.bulb, size)}->{cell_list(self.line, size)}"

    def validate(self, size: int) -> None:
        super().validate(size)
        name = self.describe(size)
        if not 1 <= len(self.bulb) <= 2:
            raise RuleError(f"{name}: a bulb has one or two cells")
        if len(self.bulb) == 2 and not touching(*self.bulb, size):
            raise RuleError(f"{name}: the bulb's cells are not neighbours")
        if not self.line:
            raise RuleError(f"{name}: an arrow needs a line")
        check_line(self, (self.leaves_from(size), *self.line), size)
        if set(self.bulb) & set(self.line):
            raise RuleError(f"{name}: the arrow passes its bulb")
        # At most the largest bulb value; at least one per cell of the line.
        top = size if len(self.bulb) == 1 else 10 * size + size
        if len(self.line) > top:
            raise RuleError(f"{name}: {len(self.line)} cells cannot sum to a bulb of {top} or less")

    def leaves_from(self, size: int) -> int:
        """The bulb cell the line leaves from: the last (the units) when it
        touches the line's first cell, else the first (some setters draw it so)."""
        if (
            self.line
            and not touching(self.bulb[-1], self.line[0], size)
            and touching(self.bulb[0], self.line[0], size)
        ):
            return self.bulb[0]
        return self.bulb[-1]

    def number(self, values: Sequence[int]) -> int:
        return values[0] if len(values) == 1 else 10 * values[0] + values[1]

    def encode(self, enc: Encoder, board: Board) -> None:
        if len(self.bulb) == 1:
            # Each line cell leaves room for the others: at least 1 each, or
            # 1, 2, 3... when they all see each other (no digit twice). As a
            # relation with the bulb, which the sum alone prunes only by bounds.
            peers = board.peers
            distinct = all(b in peers[a] for k, a in enumerate(self.line) for b in self.line[k + 1 :])
            others = len(self.line) - 1
            room = others * (others + 1) // 2 if distinct else others
            for cell in self.line:
                relation(enc, self.bulb[0], cell, lambda top, d: d + room <= top)
        bulb = [enc.value(c) for c in self.bulb]
        enc.add(
            sum(enc.value(c) for c in self.line) == (bulb[0] if len(bulb) == 1 else 10 * bulb[0] + bulb[1])
        )

    def holds(self, grid: Sequence[int], board: Board) -> bool:
        return sum(grid[c] for c in self.line) == self.number([grid[c] for c in self.bulb])

    def shapes(self, size: int) -> tuple[Shape, ...]:
        return (
            Shape("bulb", self.bulb, style="arrow"),
            Shape("path", (self.leaves_from(size), *self.line), style="arrow"),
        )
