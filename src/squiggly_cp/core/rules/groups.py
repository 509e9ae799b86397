"""Clones (two shapes hold the same digits, cell for cell) and quadruples
(the digits in a circle at a corner all appear among its four cells)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from .base import Board, Encoder, Look, Rule, RuleError, Shape, Style, cell_list, relation


@dataclass(frozen=True)
class Clone(Rule):
    first: tuple[int, ...]
    second: tuple[int, ...]

    kind = "clone"
    label = "clone"
    styles: ClassVar[dict[str, Style]] = {
        "": Style(
            "clone",
            "clone",
            Look("shade", "#D0D0FF"),
            ("clone",),
            "Shaded shapes of the same form hold the same digits in the same places.",
            "clone",
            also=(Look("shade", "#CFCFCF"),),  # SudokuPad's converter: grey, with a grey border
        )
    }

    def cells(self) -> tuple[int, ...]:
        return self.first + self.second

    def describe(self, size: int) -> str:
        return f"the clone {cell_list(self.first, size)} = {cell_list(self.second, size)}"

    def validate(self, size: int) -> None:
        super().validate(size)
        if len(self.first) != len(self.second) or not self.first:
            raise RuleError(f"{self.describe(size)}: the two shapes have different numbers of cells")

    def encode(self, enc: Encoder, board: Board) -> None:
        for a, b in zip(self.first, self.second, strict=True):
            if a != b:
                relation(enc, a, b, lambda x, y: x == y)

    def holds(self, grid: Sequence[int], board: Board) -> bool:
        return all(grid[a] == grid[b] for a, b in zip(self.first, self.second, strict=True))

    def shapes(self, size: int) -> tuple[Shape, ...]:
        return (Shape("shade", self.first, text="clone"), Shape("shade", self.second, text="clone"))


@dataclass(frozen=True)
class Quadruple(Rule):
    """``corner`` is the four cells around a grid point; every digit of
    ``digits`` (repeats count) is among them."""

    corner: tuple[int, ...]
    digits: tuple[int, ...]

    kind = "quadruple"
    label = "quadruple"
    styles: ClassVar[dict[str, Style]] = {
        "": Style(
            "quadruple",
            "quadruple",
            Look("corner", "#FFFFFF", shape="circle"),
            ("quadruple",),
            "The digits in a circle where four cells meet all appear among those four cells.",
            "quadruple",
            says=(
                r"\b(?:digits|numbers) (?:in|inside) (?:the |a |each |every |any )?(?:corner |white )?"
                r"circles?\b[^.;]*?\bappears? (?:in|among) (?:the |those )?"
                r"(?:(?:four|4) (?:surrounding |adjacent |neighbou?ring )?cells"
                r"|(?:surrounding|adjacent|neighbou?ring) (?:four|4) cells)",
            ),
        )
    }

    def cells(self) -> tuple[int, ...]:
        return self.corner

    def describe(self, size: int) -> str:
        return f"the quadruple {''.join(map(str, self.digits))} at {cell_list(self.corner, size)}"

    def validate(self, size: int) -> None:
        super().validate(size)
        name = self.describe(size)
        rows = {c // size for c in self.corner}
        cols = {c % size for c in self.corner}
        square = len(rows) == 2 == len(cols) and max(rows) - min(rows) == 1 == max(cols) - min(cols)
        if len(set(self.corner)) != 4 or not square:
            raise RuleError(f"{name}: a quadruple is on four cells around one corner")
        if not self.digits or min(self.digits) < 1:
            raise RuleError(f"{name}: a quadruple holds one or more digits, each 1 or more")

    def impossible(self, size: int) -> str | None:
        if max(self.digits) > size:
            return f"{max(self.digits)} is not a digit 1-{size}"
        if len(self.digits) > 4:
            return f"{len(self.digits)} digits cannot all be among four cells"
        if any(count > 2 for count in Counter(self.digits).values()):
            return "a digit can be at most twice among four cells around a corner"
        return None

    def encode(self, enc: Encoder, board: Board) -> None:
        for digit, times in Counter(self.digits).items():
            enc.add(sum(enc.lit(c, digit) for c in self.corner) >= times)

    def holds(self, grid: Sequence[int], board: Board) -> bool:
        held = Counter(grid[c] for c in self.corner)
        return all(held[d] >= k for d, k in Counter(self.digits).items())

    def shapes(self, size: int) -> tuple[Shape, ...]:
        return (Shape("corner", self.corner, text=" ".join(map(str, self.digits))),)
