"""Clues outside a row or column, read from their side of it: X-sums and
skyscrapers.

A clue's place ``at`` is 1-based, as a little killer's: row 0 or N+1 above
or below a column, column 0 or N+1 left or right of a row. The row or
column is read from that side inwards, so the same line may carry a
different clue at each end. Both work on any N: the line is a house, so
its N cells hold 1..N once each.

f-puzzles writes them as ``xsum`` and ``skyscraper``, each ``{cell, value}``
with ``cell`` outside the grid as ``at`` is (``R0C3``: above column 3; the
solver plug-in's reader, dclamage/SudokuSolver, reads the side from it the
same way). No format reads or writes them yet.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import ClassVar

from .base import Board, Encoder, Look, Rule, RuleError, Shape, Style
from .sums import outside_name


def seen_line(at: tuple[int, int], size: int) -> tuple[int, ...]:
    """The row or column beside ``at``, from that side inwards (empty when
    ``at`` is beside no row or column: inside, a corner or further out)."""
    r, c = at
    if r in (0, size + 1) and 1 <= c <= size:
        cells = [k * size + c - 1 for k in range(size)]
        return tuple(cells if r == 0 else reversed(cells))
    if c in (0, size + 1) and 1 <= r <= size:
        cells = [(r - 1) * size + k for k in range(size)]
        return tuple(cells if c == 0 else reversed(cells))
    return ()


class _Clue(Rule):
    """A clue outside the grid at ``at`` about the line it looks along."""

    at: tuple[int, int]

    def scope(self, size: int) -> tuple[int, ...]:
        return seen_line(self.at, size)

    def validate(self, size: int) -> None:
        if not seen_line(self.at, size):
            raise RuleError(f"{self.describe(size)}: the clue is not beside a row or a column")

    def number(self) -> int:
        """The clue's number, as drawn."""
        raise NotImplementedError

    def shapes(self, size: int) -> tuple[Shape, ...]:
        return (Shape("clue", (), text=str(self.number()), at=self.at),)


@cache
def x_sums(size: int) -> tuple[frozenset[int], ...]:
    """For each X (index X - 1), the totals an X-sum clue can have on a
    ``size`` grid when its first digit is X: X plus X-1 other different digits."""
    out = []
    for x in range(1, size + 1):
        others = [d for d in range(1, size + 1) if d != x]
        out.append(frozenset(x + sum(rest) for rest in combinations(others, x - 1)))
    return tuple(out)


@dataclass(frozen=True)
class XSum(_Clue):
    """X-sum: the first X digits seen from the clue (at ``at``) sum to
    ``total``, X being the digit in the first cell from that side (a 1 there
    makes the clue 1; an N, the whole line's sum). f-puzzles' key:
    ``xsum`` (``{cell: "R0C3", value: "15"}``: from above column 3)."""

    at: tuple[int, int]
    total: int

    kind = "xsum"
    label = "X-sum"
    styles: ClassVar[dict[str, Style]] = {
        "": Style(
            "X-sum",
            "xsum",
            Look("outside"),
            ("x-sum", "x sum", "xsum"),
            "A number outside the grid is the sum of the first X digits of its row or column seen from it, X "
            "being the first of those digits.",
            "X-sum",
        )
    }

    def number(self) -> int:
        return self.total

    def describe(self, size: int) -> str:
        return f"the X-sum {self.total} at {outside_name(self.at)}"

    def impossible(self, size: int) -> str | None:
        if not any(self.total in totals for totals in x_sums(size)):
            return f"no X-sum of a line of digits 1-{size} is {self.total}"
        return None

    def encode(self, enc: Encoder, board: Board) -> None:
        # The first digits that cannot make the total are banned first: the
        # logic solver reads those bans even though it reads the rest whole.
        line = self.scope(enc.size)
        fits = [self.total in totals for totals in x_sums(enc.size)]
        for x in range(1, enc.size + 1):
            if not fits[x - 1]:
                enc.clause([enc.neg(enc.lit(line[0], x))])
        for x in range(1, enc.size + 1):
            if fits[x - 1]:
                enc.add(sum(enc.value(c) for c in line[:x]) == self.total, [enc.lit(line[0], x)])

    def holds(self, grid: Sequence[int], board: Board) -> bool:
        values = [grid[c] for c in self.scope(board.size)]
        return sum(values[: values[0]]) == self.total


@dataclass(frozen=True)
class Skyscraper(_Clue):
    """Skyscraper: ``count`` digits are seen from the clue (at ``at``), each
    digit a building of that height that hides every one no taller behind
    it: a digit is seen when it is larger than every digit before it. A 1
    puts N in the first cell; N, the digits in increasing order. f-puzzles'
    key: ``skyscraper`` (``{cell: "R4C10", value: "3"}`` on a 9x9: from the
    right of row 4)."""

    at: tuple[int, int]
    count: int

    kind = "skyscraper"
    label = "skyscraper"
    styles: ClassVar[dict[str, Style]] = {
        "": Style(
            "skyscraper",
            "skyscraper",
            Look("outside"),
            ("skyscraper",),
            "A number outside the grid is how many digits of its row or column can be seen from it, a larger "
            "digit hiding the smaller ones behind it.",
            "skyscraper",
        )
    }

    def number(self) -> int:
        return self.count

    def describe(self, size: int) -> str:
        return f"the skyscraper {self.count} at {outside_name(self.at)}"

    def impossible(self, size: int) -> str | None:
        if not 1 <= self.count <= size:
            return f"from 1 to {size} buildings can be seen in a line"
        return None

    def encode(self, enc: Encoder, board: Board) -> None:
        # Bans first (the logic solver reads them; see XSum.encode): the
        # cell k steps in holding d leaves at most k + 1 seen up to it and
        # N - d taller ones after it, so d <= N - count + 1 + k; and a clue
        # of 1 sees only the first cell, so it holds N.
        n, line = enc.size, self.scope(enc.size)
        for k, cell in enumerate(line):
            for d in range(1, n + 1):
                if d > n - self.count + 1 + k or (self.count == 1 and k == 0 and d < n):
                    enc.clause([enc.neg(enc.lit(cell, d))])
        # tallest: the tallest digit so far; seen[k]: cell k is taller than all before it.
        tallest = enc.value(line[0])
        seen = [True]
        for cell in line[1:]:
            value, now, tall = enc.value(cell), enc.new_bool(), enc.new_int(1, enc.size)
            enc.add(value > tallest, [now])
            enc.add(tall == value, [now])
            enc.add(value <= tallest, [enc.neg(now)])
            enc.add(tall == tallest, [enc.neg(now)])
            seen.append(now)
            tallest = tall
        enc.add(sum(seen) == self.count)

    def holds(self, grid: Sequence[int], board: Board) -> bool:
        values = [grid[c] for c in self.scope(board.size)]
        return sum(1 for k, v in enumerate(values) if all(v > w for w in values[:k])) == self.count
