"""Counting circles: a digit in a circle says how many circles hold it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from .base import Board, Encoder, Look, Rule, RuleError, Shape, Style, Tool, cell_list


@dataclass(frozen=True)
class CountingCircles(Rule):
    """One rule for all the circled ``cells`` of a puzzle: the digit d in a
    circle appears in exactly d circles. Works on any N: the circles hold
    digits each as often as their value, so at most 1 + 2 + ... + N of them.
    f-puzzles has no key for them (SudokuPad draws them as plain circles,
    the rule in its text)."""

    circles: tuple[int, ...]

    kind = "countingcircles"
    label = "counting circles"
    styles: ClassVar[dict[str, Style]] = {
        "": Style(
            "counting circles",
            "countingcircles",
            Look("cell", "#7F7F7F", shape="ring"),
            ("counting circle",),
            "A digit in a circle is the number of circles that hold that digit.",
            "counting circles",
            tool=Tool("counting-circle", "Counting circle"),
            says=(
                r"\b(?:how many|the number of) circles (?:that |which )?(?:contain|hold|have)\b",
                r"\b(?:how many|the number of) circles (?:that|the|this) digit (?:appears|is) in\b",
            ),
        )
    }

    def cells(self) -> tuple[int, ...]:
        return self.circles

    def describe(self, size: int) -> str:
        return f"the counting circles {cell_list(self.circles, size)}"

    def validate(self, size: int) -> None:
        super().validate(size)
        name = self.describe(size)
        if not self.circles:
            raise RuleError(f"{name}: there are no circles")
        if len(set(self.circles)) != len(self.circles):
            raise RuleError(f"{name}: a cell is circled twice")

    def impossible(self, size: int) -> str | None:
        if len(self.circles) > size * (size + 1) // 2:
            return f"{len(self.circles)} circles cannot each count digits 1-{size}"
        return None

    def encode(self, enc: Encoder, board: Board) -> None:
        for d in range(1, enc.size + 1):
            holding = sum(enc.lit(c, d) for c in self.circles)
            used = enc.new_bool()  # some circle holds d: then d of them do
            enc.add(holding == d, [used])
            enc.add(holding == 0, [enc.neg(used)])

    def holds(self, grid: Sequence[int], board: Board) -> bool:
        # (the logic solver calls this on many fillings of the circles: no Counter)
        held = [grid[c] for c in self.circles]
        return all(held.count(d) == d for d in set(held))

    def shapes(self, size: int) -> tuple[Shape, ...]:
        return tuple(Shape("mark", (c,), style="circle") for c in self.circles)
