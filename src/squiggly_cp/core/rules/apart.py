"""Rules over the whole grid that make more cells differ: anti-knight and
anti-king (cells a chess knight's or king's move apart differ) and
non-consecutive (orthogonal neighbours do not differ by 1)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from .base import (
    Board,
    Encoder,
    Look,
    Rule,
    RuleError,
    Style,
    Tool,
    orthogonal_pairs,
    relation,
    support_table,
)

MOVES = {
    "antiknight": ((1, 2), (2, 1), (1, -2), (2, -1)),
    "antiking": ((1, 1), (1, -1)),  # orthogonal king moves share a row or a column already
}
NAMES = {"antiknight": "anti-knight", "antiking": "anti-king", "nonconsecutive": "non-consecutive"}


def move_pairs(moves: Iterable[tuple[int, int]], size: int) -> Iterable[tuple[int, int]]:
    for r in range(size):
        for c in range(size):
            for dr, dc in moves:
                nr, nc = r + dr, c + dc
                if 0 <= nr < size and 0 <= nc < size:
                    yield r * size + c, nr * size + nc


@dataclass(frozen=True)
class Apart(Rule):
    """``style``: ``antiknight``, ``antiking`` or ``nonconsecutive``."""

    style: str

    kind = "apart"
    label = "global constraint"
    styles: ClassVar[dict[str, Style]] = {
        "antiknight": Style(
            "anti-knight",
            "antiknight",
            Look("whole"),
            ("anti-knight", "antiknight", "knight's move"),
            "Cells a chess knight's move apart do not hold the same digit.",
            "anti-knight",
            tool=Tool("antiknight", "Anti-knight"),
        ),
        "antiking": Style(
            "anti-king",
            "antiking",
            Look("whole"),
            ("anti-king", "antiking", "king's move"),
            "Cells a chess king's move apart do not hold the same digit.",
            "anti-king",
            tool=Tool("antiking", "Anti-king"),
            # Orthogonal neighbours differ already (they share a row or a column).
            says=(
                r"\bcells a (?:chess )?king's move apart "
                r"(?:do not|don't|cannot|can't|may not|must not|never) (?:hold|contain|have) the same digit",
                r"\bdiagonally (?:adjacent|neighbou?ring|touching) (?:cells|digits) "
                r"(?:cannot|can't|can not|may not|must not|mustn't|do not|don't|are never|never) "
                r"(?:be|hold|contain|have) (?:the same|equal|identical)(?: digits?| numbers?| values?)?"
                r"(?=\s*(?:[.;,!)]|$))",
            ),
        ),
        "nonconsecutive": Style(
            "non-consecutive",
            "nonconsecutive",
            Look("whole"),
            ("non-consecutive", "nonconsecutive"),
            "Orthogonally neighbouring digits do not differ by 1.",
            "non-consecutive",
            tool=Tool("nonconsecutive", "Non-consecutive"),
        ),
    }

    def describe(self, size: int) -> str:
        return f"the {NAMES.get(self.style, self.style)} constraint"

    def validate(self, size: int) -> None:
        if self.style not in NAMES:
            raise RuleError(f"the constraint {self.style!r}: not a kind of global constraint")

    def pairs(self, size: int) -> Iterable[tuple[int, int]]:
        if self.style == "nonconsecutive":
            return orthogonal_pairs(size)
        return move_pairs(MOVES[self.style], size)

    def _fits(self, x: int, y: int) -> bool:
        return abs(x - y) != 1 if self.style == "nonconsecutive" else x != y

    def encode(self, enc: Encoder, board: Board) -> None:
        table = support_table(self._fits, enc.size)
        for a, b in self.pairs(enc.size):
            relation(enc, a, b, self._fits, table)

    def holds(self, grid: Sequence[int], board: Board) -> bool:
        return all(self._fits(grid[a], grid[b]) for a, b in self.pairs(board.size))
