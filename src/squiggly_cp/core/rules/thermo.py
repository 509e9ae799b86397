"""Thermometers: digits strictly increase from the bulb along the line."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import ClassVar

from .base import Board, Encoder, Look, Rule, RuleError, Shape, Style, Tool, cell_list, check_line, relation


@dataclass(frozen=True)
class Thermometer(Rule):
    line: tuple[int, ...]

    kind = "thermo"
    label = "thermometer"
    styles: ClassVar[dict[str, Style]] = {
        "": Style(
            "thermometer",
            "thermometer",
            Look("path", "#CFCFCF", 21, bulb="first"),
            ("thermometer", "thermo"),
            "Digits increase along each thermometer from its bulb.",
            "thermometer",
            tool=Tool("thermo", "Thermo"),
            also=(Look("path", "#CCCCCC", 19, bulb="first"),),  # SudokuPad's own thermometer tool
        )
    }

    def cells(self) -> tuple[int, ...]:
        return self.line

    def describe(self, size: int) -> str:
        return f"the thermometer {cell_list(self.line, size)}"

    def validate(self, size: int) -> None:
        super().validate(size)
        check_line(self, self.line, size)
        if len(self.line) > size:
            raise RuleError(f"{self.describe(size)}: {len(self.line)} cells cannot increase within 1-{size}")

    def encode(self, enc: Encoder, board: Board) -> None:
        n, length = enc.size, len(self.line)
        for k, cell in enumerate(self.line):
            # The k-th cell has k smaller digits before it and length-1-k larger after.
            for d in range(1, n + 1):
                if not k < d <= n - (length - 1 - k):
                    enc.clause([enc.neg(enc.lit(cell, d))])
        for a, b in pairwise(self.line):
            relation(enc, a, b, lambda x, y: x < y)

    def holds(self, grid: Sequence[int], board: Board) -> bool:
        return all(grid[a] < grid[b] for a, b in pairwise(self.line))

    def shapes(self, size: int) -> tuple[Shape, ...]:
        return (Shape("bulb", self.line[:1], style="thermo"), Shape("path", self.line, style="thermo"))
