"""Thermometers: digits strictly increase from the bulb along the line; on a
slow thermometer they never decrease."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import ClassVar

from .base import Board, Encoder, Look, Rule, Shape, Style, Tool, cell_list, check_line, relation


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
            says=(
                r"\bincreas(?:e|es|ing)\b(?! or)[^.;]*?\b(?:bulb|thermo)",
                r"\b(?:bulb|thermo\w*)\b[^.;]*?\bincreas(?:e|es|ing)\b(?! or)",
            ),
        )
    }

    def cells(self) -> tuple[int, ...]:
        return self.line

    def describe(self, size: int) -> str:
        return f"the thermometer {cell_list(self.line, size)}"

    def validate(self, size: int) -> None:
        super().validate(size)
        check_line(self, self.line, size)

    def impossible(self, size: int) -> str | None:
        if len(self.line) > size:
            return f"{len(self.line)} cells cannot increase within 1-{size}"
        return None

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


@dataclass(frozen=True)
class SlowThermometer(Rule):
    """Digits never decrease from the bulb: neighbours may be equal, where no
    house (or other rule) forbids it (any size, any length). No f-puzzles key
    for it in dclamage's solver (its C# solver's console name is
    ``slowthermo``)."""

    line: tuple[int, ...]

    kind = "slowthermo"
    label = "slow thermometer"
    styles: ClassVar[dict[str, Style]] = {
        "": Style(
            "slow thermometer",
            "slowthermometer",
            Look("path", "#A0C4E8", 21, bulb="first"),
            ("slow thermometer", "slow thermo"),
            "Digits never decrease along a light blue thermometer from its bulb (neighbours may be equal).",
            "slow thermometer",
            tool=Tool("slow-thermo", "Slow thermo"),
            says=(
                r"\bincreas(?:e|es|ing) or (?:stay|stays|remain|remains|are|is) (?:the same|equal)",
                r"\b(?:never|do not|don't|does not|cannot|can't|may not|must not) decrease",
                r"\bnon-?decreasing\b",
            ),
        )
    }

    def cells(self) -> tuple[int, ...]:
        return self.line

    def describe(self, size: int) -> str:
        return f"the slow thermometer {cell_list(self.line, size)}"

    def validate(self, size: int) -> None:
        super().validate(size)
        check_line(self, self.line, size)

    def encode(self, enc: Encoder, board: Board) -> None:
        for a, b in pairwise(self.line):
            relation(enc, a, b, lambda x, y: x <= y)

    def holds(self, grid: Sequence[int], board: Board) -> bool:
        return all(grid[a] <= grid[b] for a, b in pairwise(self.line))

    def shapes(self, size: int) -> tuple[Shape, ...]:
        return (Shape("bulb", self.line[:1], style=self.kind), Shape("path", self.line, style=self.kind))
