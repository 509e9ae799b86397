"""Lines whose rule is about the digits along them: palindromes, renban,
German whispers, between lines and region-sum lines."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, ClassVar

from .base import (
    Board,
    Encoder,
    Look,
    Rule,
    RuleError,
    Shape,
    Style,
    Tool,
    at_most_once,
    cell_list,
    check_line,
    relation,
)


class Line(Rule):
    """A rule along a line of touching cells (``line``, in order)."""

    line: tuple[int, ...]
    shortest: int = 2
    reach: ClassVar[int] = 0
    """How many cells along the line the rule looks from a cell (1: each cell
    and the next; 0: the whole line), so a closed line of it is this line and
    the piece that closes it."""
    closed: bool = False
    """A loop: the line goes on from its last cell back to its first (a kind
    whose rule is not read a few cells at a time, sum lines and region-sum
    lines, has it as a field: `may_close`)."""

    @classmethod
    def may_close(cls) -> bool:
        """Is a loop of this kind a rule of its own (a ``closed`` field)?"""
        return "closed" in getattr(cls, "__dataclass_fields__", {})

    @classmethod
    def as_drawn(cls, cells: tuple[int, ...], **fields: Any) -> Line:
        """The line drawn through ``cells``: of a kind that `may_close`, a
        loop when the last cell is the first again."""
        if cls.may_close() and len(cells) > 1 and cells[0] == cells[-1]:
            return cls(cells[:-1], closed=True, **fields)  # type: ignore[call-arg]
        return cls(cells, **fields)  # type: ignore[call-arg]

    def cells(self) -> tuple[int, ...]:
        return self.line

    def drawn(self) -> tuple[int, ...]:
        """The cells as the line is drawn: a loop ends at its first cell again."""
        return (*self.line, self.line[0]) if self.closed else self.line

    def describe(self, size: int) -> str:
        return f"the {self.label} {cell_list(self.drawn(), size)}" + (" (a loop)" if self.closed else "")

    def validate(self, size: int) -> None:
        super().validate(size)
        check_line(self, self.line, size, self.shortest, self.closed)

    def shapes(self, size: int) -> tuple[Shape, ...]:
        return (Shape("path", self.drawn(), style=self.kind),)


class GapLine(Line):
    """A line whose rule has a gap: ``gap``, or `default_gap` on the grid's
    size (German whispers, lockout lines); an f-puzzles entry's ``value``."""

    gap: int | None
    fpuzzles_value = "gap"

    def default_gap(self, size: int) -> int:
        raise NotImplementedError

    def gap_on(self, size: int) -> int:
        """The gap on a ``size`` grid."""
        return self.default_gap(size) if self.gap is None else self.gap

    def validate(self, size: int) -> None:
        super().validate(size)
        if self.gap_on(size) < 1:
            raise RuleError(f"{self.describe(size)}: the gap {self.gap_on(size)} is not 1 or more")


@dataclass(frozen=True)
class Palindrome(Line):
    """The line reads the same from either end."""

    line: tuple[int, ...]

    kind = "palindrome"
    label = "palindrome"
    styles: ClassVar[dict[str, Style]] = {
        "": Style(
            "palindrome",
            "palindrome",
            Look("path", "#CFCFCF", 16, opacity=0.8),
            ("palindrome",),
            "A grey line reads the same from either end.",
            "palindrome",
            tool=Tool("palindrome", "Palindrome"),
            says=(
                r"\breads? the same (?:from|in) (?:either|both|each)",
                r"\breads? the same (?:backwards?|forwards?) (?:and|or|as) (?:backwards?|forwards?)\b",
            ),
        )
    }

    def _pairs(self) -> list[tuple[int, int]]:
        return list(zip(self.line, reversed(self.line), strict=True))[: len(self.line) // 2]

    def encode(self, enc: Encoder, board: Board) -> None:
        for a, b in self._pairs():
            relation(enc, a, b, lambda x, y: x == y)

    def holds(self, grid: Sequence[int], board: Board) -> bool:
        return all(grid[a] == grid[b] for a, b in self._pairs())


@dataclass(frozen=True)
class Renban(Line):
    """The line's digits differ and are a run of consecutive numbers, in any order."""

    line: tuple[int, ...]

    kind = "renban"
    label = "renban line"
    styles: ClassVar[dict[str, Style]] = {
        "": Style(
            "renban line",
            "renban",
            Look("path", "#F067F0", 16, opacity=0.6),
            ("renban",),
            "A purple line holds different consecutive digits, in any order.",
            "renban line",
            tool=Tool("renban", "Renban"),
            also=(Look("path", "#F067F0", 10),),  # SudokuPad's own line tool (9.6 or 10 wide)
            says=(
                r"(?<![\w-])(?<!non )consecutive\b[^.;]*\bin (?:any|some) order",
                r"\bset of (?:[\w-]+,? ){0,2}?(?<!non-)consecutive\b",
            ),
        )
    }

    def impossible(self, size: int) -> str | None:
        if len(self.line) > size:
            return f"{len(self.line)} cells cannot hold different digits 1-{size}"
        return None

    def encode(self, enc: Encoder, board: Board) -> None:
        n, length = enc.size, len(self.line)
        at_most_once(enc, self.line)
        # One Boolean per possible run low..low+length-1; each digit needs its run.
        runs = {low: enc.new_bool() for low in range(1, n - length + 2)}
        enc.clause(runs.values())
        enc.at_most_one(runs.values())
        for d in range(1, n + 1):
            covering = [run for low, run in runs.items() if low <= d < low + length]
            for cell in self.line:
                enc.clause([enc.neg(enc.lit(cell, d)), *covering])

    def holds(self, grid: Sequence[int], board: Board) -> bool:
        values = sorted(grid[c] for c in self.line)
        return values == list(range(values[0], values[0] + len(values)))


def whisper_gap(size: int) -> int:
    """How far apart neighbours on a German whispers line are: 5 on a 9x9,
    half the size rounded up in general (so the middle digit cannot be on it)."""
    return (size + 1) // 2


@dataclass(frozen=True)
class Whispers(GapLine):
    """Neighbours on the line differ by at least ``gap`` (`whisper_gap` unless given)."""

    line: tuple[int, ...]
    gap: int | None = None

    kind = "whispers"
    label = "German whispers line"
    reach = 1
    styles: ClassVar[dict[str, Style]] = {
        "": Style(
            "German whispers line",
            "whispers",
            Look("path", "#67F067", 16, opacity=0.6),
            ("german whisper", "whisper"),
            "Neighbouring digits on a green line differ by at least {gap}.",
            "whispers",
            tool=Tool("whispers", "Whispers"),
            also=(Look("path", "#67F067", 10),),  # SudokuPad's own line tool (9.6 or 10 wide)
            says=(
                r"\b(?:differ(?:s|ing)? by|difference (?:of|is)) (?:at least|a minimum of) (?P<gap>\d+)",
                r"\b(?:differ(?:s|ing)? by|difference (?:of|is)) (?P<gap>\d+) or (?:more|greater)",
            ),
        )
    }

    def default_gap(self, size: int) -> int:
        return whisper_gap(size)

    def describe(self, size: int) -> str:
        if self.gap is None or self.gap < 1 or self.gap == self.default_gap(size):
            return super().describe(size)
        return f"the whispers line {cell_list(self.line, size)} (neighbours differ by at least {self.gap})"

    def impossible(self, size: int) -> str | None:
        if self.gap_on(size) >= size:
            return f"no digits 1-{size} differ by {self.gap_on(size)}"
        return None

    def encode(self, enc: Encoder, board: Board) -> None:
        gap = self.gap_on(enc.size)
        for a, b in pairwise(self.line):
            relation(enc, a, b, lambda x, y: abs(x - y) >= gap)

    def holds(self, grid: Sequence[int], board: Board) -> bool:
        gap = self.gap_on(board.size)
        return all(abs(grid[a] - grid[b]) >= gap for a, b in pairwise(self.line))


@dataclass(frozen=True)
class Between(Line):
    """The digits inside the line lie strictly between the digits at its ends."""

    line: tuple[int, ...]

    kind = "between"
    label = "between line"
    styles: ClassVar[dict[str, Style]] = {
        "": Style(
            "between line",
            "betweenline",
            Look("path", "#CFCFCF", 2, bulb="ends"),
            ("between line", "between"),
            "Digits on a line between two circles lie strictly between the digits in the circles.",
            "between line",
            tool=Tool("between", "Between"),
        )
    }
    shortest = 3

    def encode(self, enc: Encoder, board: Board) -> None:
        first, last = enc.value(self.line[0]), enc.value(self.line[-1])
        rising = enc.new_bool()
        for cell in self.line[1:-1]:
            inner = enc.value(cell)
            enc.add(first < inner, [rising])
            enc.add(inner < last, [rising])
            enc.add(first > inner, [enc.neg(rising)])
            enc.add(inner > last, [enc.neg(rising)])

    def holds(self, grid: Sequence[int], board: Board) -> bool:
        low, high = sorted((grid[self.line[0]], grid[self.line[-1]]))
        return all(low < grid[c] < high for c in self.line[1:-1])

    def shapes(self, size: int) -> tuple[Shape, ...]:
        ends = (self.line[0], self.line[-1])
        return (Shape("bulb", ends, style="between"), *super().shapes(size))


@dataclass(frozen=True)
class RegionSumLine(Line):
    """Region borders cut the line into pieces (runs of cells in one region),
    and every piece has the same sum; on a loop (``closed``), the piece
    through its first cell goes on from its last."""

    line: tuple[int, ...]
    closed: bool = False

    kind = "regionsum"
    label = "region-sum line"
    styles: ClassVar[dict[str, Style]] = {
        "": Style(
            "region-sum line",
            "regionsumline",
            Look("path", "#2ECBFF", 8, opacity=0.8),
            ("region sum", "region-sum"),
            "A blue line has the same sum in each region it passes through.",
            "region-sum line",
            tool=Tool("region-sum", "Region sum"),
            also=(Look("path", "#2ECBFF", 10),),  # SudokuPad's own line tool (9.6 or 10 wide)
            says=(
                r"\b(?:sum|add)s? (?:up )?to the same\b[^.;]*?\b(?:in|within|for) (?:each|every) "
                r"(?:\S+ )?(?:box|region)",
                r"\b(?:in|within) (?:each|every) (?:\S+ )?(?:box|region)[^.;]*?\b(?:sum|add)s? "
                r"(?:up )?to the same",
                r"\b(?:equal|same) sum\b[^.;]*?\b(?:in|within|for) (?:each|every) (?:\S+ )?(?:box|region)",
                # Segments are where the regions' borders cut a line (not, say, its straight runs).
                r"\b(?:divides?|splits?|separates?|cuts?)\b[^.;]*\binto segments\b[^.;]*?"
                r"\b(?:(?:sum|add)s? (?:up )?to the same|(?:the same|equal) sums?\b)",
                r"\beach segment of the same line\b[^.;]*?\bsums? to the same",
                r"\bdifferent segments\b[^.;]*?\bsum (?:individually|separately)",
            ),
        )
    }

    def pieces(self, regions: Sequence[int]) -> list[list[int]]:
        out: list[list[int]] = []
        for cell in self.line:
            if out and regions[out[-1][-1]] == regions[cell] >= 0:  # a cell in no region (-1) is a piece
                out[-1].append(cell)
            else:
                out.append([cell])
        if self.closed and len(out) > 1 and regions[out[-1][-1]] == regions[out[0][0]] >= 0:
            out[0] = out.pop() + out[0]
        return out

    def encode(self, enc: Encoder, board: Board) -> None:
        sums = [sum(enc.value(c) for c in piece) for piece in self.pieces(board.region_map)]
        for other in sums[1:]:
            enc.add(sums[0] == other)

    def holds(self, grid: Sequence[int], board: Board) -> bool:
        return len({sum(grid[c] for c in piece) for piece in self.pieces(board.region_map)}) == 1
