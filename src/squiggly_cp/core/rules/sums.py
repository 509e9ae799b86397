"""Sums along a line of the grid, clued outside it: little killers and sandwiches."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import ClassVar

from .base import Board, Encoder, Look, Rule, RuleError, Shape, Style

STEPS = {"DR": (1, 1), "DL": (1, -1), "UR": (-1, 1), "UL": (-1, -1)}
"""A little killer's direction, as (row step, column step)."""


def outside_name(at: tuple[int, int]) -> str:
    return f"r{at[0]}c{at[1]}"


@dataclass(frozen=True)
class LittleKiller(Rule):
    """The cells on the diagonal from a clue outside the grid (1-based
    ``at``, a row or column 0 or N+1) in ``direction`` sum to ``total``;
    digits may repeat."""

    at: tuple[int, int]
    direction: str
    total: int

    kind = "littlekiller"
    label = "little killer"
    styles: ClassVar[dict[str, Style]] = {
        "": Style(
            "little killer",
            "littlekillersum",
            Look("outside", shape="arrow"),
            ("little killer", "sum along the indicated diagonal", "diagonal indicated by an arrow sum"),
            "A number outside the grid is the sum of the digits along the diagonal its arrow points along; "
            "digits may repeat there.",
            "little killer",
            says=(
                r"\bsums? (?:of [^.;]*?)?(?:along|of|on) (?:the|each|an?) (?:indicated |marked )?"
                r"diagonal[^.;]*",
                r"\balong (?:the|each|an?) (?:indicated |marked )?diagonal[^.;]*\bsums? to[^.;]*",
            ),
        )
    }

    def diagonal(self, size: int) -> tuple[int, ...]:
        dr, dc = STEPS[self.direction]
        r, c = self.at[0] - 1 + dr, self.at[1] - 1 + dc
        cells = []
        while 0 <= r < size and 0 <= c < size:
            cells.append(r * size + c)
            r, c = r + dr, c + dc
        return tuple(cells)

    def describe(self, size: int) -> str:
        return f"the little killer {self.total} at {outside_name(self.at)} pointing {self.direction}"

    def validate(self, size: int) -> None:
        name = self.describe(size)
        r, c = self.at
        if self.direction not in STEPS:
            raise RuleError(f"{name}: the direction must be one of {', '.join(STEPS)}")
        inside = 1 <= r <= size and 1 <= c <= size
        if inside or not (0 <= r <= size + 1 and 0 <= c <= size + 1):
            raise RuleError(f"{name}: the clue must be just outside the grid")
        cells = self.diagonal(size)
        if not cells:
            raise RuleError(f"{name}: the diagonal misses the grid")

    def impossible(self, size: int) -> str | None:
        cells = len(self.diagonal(size))
        # Digits may repeat on the diagonal, but at most once per row, column and region.
        if not cells <= self.total <= size * cells:
            return f"{cells} cells cannot sum to {self.total}"
        return None

    def cells(self) -> tuple[int, ...]:
        return ()

    def scope(self, size: int) -> tuple[int, ...]:
        return self.diagonal(size)

    def encode(self, enc: Encoder, board: Board) -> None:
        enc.add(sum(enc.value(c) for c in self.diagonal(enc.size)) == self.total)

    def holds(self, grid: Sequence[int], board: Board) -> bool:
        return sum(grid[c] for c in self.diagonal(board.size)) == self.total

    def shapes(self, size: int) -> tuple[Shape, ...]:
        return (Shape("clue", self.diagonal(size), style=self.direction, text=str(self.total), at=self.at),)


@cache
def sandwich_sums(size: int) -> frozenset[int]:
    """Every sum of different digits 2..``size``-1 (none too: 0), all that
    can lie between the 1 and the ``size`` of a row: 1 is none of them, nor
    the largest but one."""
    sums = {0}
    for digit in range(2, size):
        sums |= {total + digit for total in sums}
    return frozenset(sums)


@dataclass(frozen=True)
class Sandwich(Rule):
    """In row (``line`` "row") or column ``index`` (1-based), the digits
    strictly between 1 and N sum to ``total``."""

    line: str
    index: int
    total: int

    kind = "sandwich"
    label = "sandwich sum"
    styles: ClassVar[dict[str, Style]] = {
        "": Style(
            "sandwich sum",
            "sandwichsum",
            Look("outside"),
            ("sandwich",),
            "A number outside the grid is the sum of the digits between 1 and {n} in its row or column.",
            "sandwich sum",
        )
    }

    def span(self, size: int) -> tuple[int, ...]:
        i = self.index - 1
        if self.line == "row":
            return tuple(i * size + c for c in range(size))
        return tuple(r * size + i for r in range(size))

    def scope(self, size: int) -> tuple[int, ...]:
        return self.span(size)

    def describe(self, size: int) -> str:
        return f"the sandwich sum {self.total} of {self.line} {self.index}"

    def validate(self, size: int) -> None:
        name = self.describe(size)
        if self.line not in ("row", "column") or not 1 <= self.index <= size:
            raise RuleError(f"{name}: there is no such {self.line} on a {size}x{size} grid")

    def impossible(self, size: int) -> str | None:
        if self.total not in sandwich_sums(size):
            return f"digits between 1 and {size} cannot sum to {self.total}"
        return None

    def encode(self, enc: Encoder, board: Board) -> None:
        n = enc.size
        cells = self.span(n)
        # seen_low[k]: the 1 is somewhere before position k; seen_high[k]: the N is.
        seen_low, seen_high = enc.new_bool(), enc.new_bool()
        enc.add(seen_low == 0)
        enc.add(seen_high == 0)
        parts = []
        for cell in cells:
            inside = enc.new_bool()
            # inside = (exactly one of 1 and N seen so far) and the cell holds neither.
            enc.add(seen_low + seen_high == 1, [inside])
            enc.clause([enc.neg(inside), enc.neg(enc.lit(cell, 1))])
            enc.clause([enc.neg(inside), enc.neg(enc.lit(cell, n))])
            enc.clause([inside, enc.lit(cell, 1), enc.lit(cell, n), enc.neg(seen_low), seen_high])
            enc.clause([inside, enc.lit(cell, 1), enc.lit(cell, n), seen_low, enc.neg(seen_high)])
            part = enc.new_int(0, n)
            enc.add(part == enc.value(cell), [inside])
            enc.add(part == 0, [enc.neg(inside)])
            parts.append(part)
            low, high = enc.new_bool(), enc.new_bool()
            enc.add(low == seen_low + enc.lit(cell, 1))
            enc.add(high == seen_high + enc.lit(cell, n))
            seen_low, seen_high = low, high
        enc.add(sum(parts) == self.total)

    def holds(self, grid: Sequence[int], board: Board) -> bool:
        values = [grid[c] for c in self.span(board.size)]
        a, b = sorted((values.index(1), values.index(board.size)))
        return sum(values[a + 1 : b]) == self.total

    def shapes(self, size: int) -> tuple[Shape, ...]:
        at = (self.index, 0) if self.line == "row" else (0, self.index)
        return (Shape("clue", (), text=str(self.total), at=at),)
