"""Arrows: the digits along the arrow sum to the number in its bulb (a
two-cell bulb reads as a two-digit number, its first cell the tens)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from .base import (
    Board,
    Encoder,
    Look,
    Rule,
    RuleError,
    Shape,
    Style,
    Tool,
    cell_list,
    check_line,
    one_of_tuples,
    relation,
    touching,
)

TABLE_MOST = 500
"""An arrow with a one-cell bulb and at most this many ways to fill it is
encoded as its table of ways (`one_of_tuples`), else as a sum. On the
everyday arrows (9x9, lines of 2-4 cells: at most 126 ways) the table
halved CP-SAT's time to prove one unique (p50) and to find the true
candidates of one being set (benchmarks/RESULTS.md)."""


@dataclass(frozen=True)
class Arrow(Rule):
    bulb: tuple[int, ...]
    line: tuple[int, ...]

    kind = "arrow"
    label = "arrow"
    styles: ClassVar[dict[str, Style]] = {
        "": Style(
            "arrow",
            "arrow",
            Look("arrow", "#A1A1A1", 5, bulb="first"),
            ("arrow",),
            "Digits along an arrow sum to the number in its circle (a two-cell circle reads as a two-digit "
            "number).",
            "arrow",
            tool=Tool("arrow", "Arrow"),
            also=(Look("arrow", "#AAAAAA", 3, bulb="first"),),  # SudokuPad's own arrow tool (3 to 3.2 wide)
        )
    }

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

    def impossible(self, size: int) -> str | None:
        # At most the largest bulb value; at least one per cell of the line.
        top = size if len(self.bulb) == 1 else 10 * size + size
        if len(self.line) > top:
            return f"{len(self.line)} cells cannot sum to a bulb of {top} or less"
        return None

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
        # The logic solver's reader (no `tables`) reasons with the sum itself.
        ways = self._ways(enc, board) if len(self.bulb) == 1 and getattr(enc, "tables", False) else None
        if ways is not None:
            one_of_tuples(enc, self.cells(), ways)
            return
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

    def _ways(self, enc: Encoder, board: Board) -> list[tuple[int, ...]] | None:
        """Every (bulb, line...) filling that sums, within the cells' digits,
        no digit twice in cells that see each other; None past `TABLE_MOST`."""
        n, peers, cells = enc.size, board.peers, self.cells()
        ways: list[tuple[int, ...]] = []

        def fits(cell: int, digit: int, before: tuple[int, ...]) -> bool:
            if enc.lit(cell, digit) is False:
                return False
            seen = zip(cells[: len(before)], before, strict=True)
            return not any(d == digit and c in peers[cell] for c, d in seen)

        def extend(way: tuple[int, ...], total: int) -> bool:
            k = len(way)
            if k == len(cells):
                ways.append(way)
                return len(ways) <= TABLE_MOST
            if k == 0:  # the bulb: any digit that leaves each line cell at least 1
                return all(extend((b,), 0) for b in range(len(self.line), n + 1) if fits(cells[0], b, ()))
            room = way[0] - total - (len(cells) - k - 1)  # the largest this cell can take
            if k == len(cells) - 1:
                return room < 1 or not fits(cells[k], room, way) or extend((*way, room), way[0])
            return all(extend((*way, d), total + d) for d in range(1, room + 1) if fits(cells[k], d, way))

        return ways if extend((), 0) else None

    def holds(self, grid: Sequence[int], board: Board) -> bool:
        return sum(grid[c] for c in self.line) == self.number([grid[c] for c in self.bulb])

    def shapes(self, size: int) -> tuple[Shape, ...]:
        return (
            Shape("bulb", self.bulb, style="arrow"),
            Shape("path", (self.leaves_from(size), *self.line), style="arrow"),
        )
