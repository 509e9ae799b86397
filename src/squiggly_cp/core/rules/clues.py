"""Clues outside a row or column, read from their side of it: X-sums,
skyscrapers, frame sums and outside sudoku's digits.

A clue's place ``at`` is 1-based, as a little killer's: row 0 or N+1 above
or below a column, column 0 or N+1 left or right of a row. The row or
column is read from that side inwards, so the same line may carry a
different clue at each end. Both work on any N: the line is a house, so
its N cells hold 1..N once each.

f-puzzles writes them as ``xsum`` and ``skyscraper``, each ``{cell, value}``
with ``cell`` outside the grid as ``at`` is (``R0C3``: above column 3; the
solver plug-in's reader, dclamage/SudokuSolver, reads the side from it the
same way). Frame sums and outside clues are about the first few cells
(`first_cells`: as many as the standard box spans along the line, three on
a 9x9, which published puzzles state for 9x9 only); f-puzzles has no key
for them, so ours are ``framesum`` and ``outside`` of the same form.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import ClassVar

from ..geometry import box_shape
from .base import Board, Encoder, Look, Rule, RuleError, Shape, Sizes, Style
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

    def text(self, size: int) -> str:
        """The clue, as drawn on a ``size`` grid."""
        raise NotImplementedError

    def shapes(self, size: int) -> tuple[Shape, ...]:
        return (Shape("clue", (), text=self.text(size), at=self.at),)


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

    def text(self, size: int) -> str:
        return str(self.total)

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

    def text(self, size: int) -> str:
        return str(self.count)

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


def first_cells(at: tuple[int, int], size: int) -> int:
    """How many cells a frame or outside clue at ``at`` is about: the
    standard box's extent along its line (a row's box width, a column's box
    height: 3 on a 9x9; on a 6x6 of 2x3 boxes, 3 along a row and 2 down a
    column), so the cells are those of the first box it meets on a grid of
    boxes. A prime size has no boxes: 0."""
    shape = box_shape(size)
    if shape is None:
        return 0
    height, width = shape
    return width if at[1] in (0, size + 1) else height


_FEW = r"(?:(?:two|three|four|2|3|4) )?"
"""How many first cells a rules sentence may say (published ones: "the first three digits")."""
_COUNT = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_SAID_COUNT = re.compile(
    r"\b(?:first|top|bottom|leftmost|rightmost) (one|two|three|four|five|six|\d+) (?:digits|cells|numbers)\b"
)
"""A count of first cells a sentence states."""
_BOX_SPANS = re.compile(r"\bas many as a box spans\b")
"""Our own sentences' count of first cells."""
_ITS_LINE = r"(?:seen |read )?(?:in|of|from|along) (?:(?:that|its|the|this|their|each) )?(?:row|column)\b"
"""Of a row or column ("seen in that row or column", "in column 6"), not of a line or cage."""


class _FirstCells(_Clue):
    """A clue about the first `first_cells` cells of its line (frame sums, outside sudoku)."""

    @classmethod
    def misstated(cls, sentence: str, size: int) -> str | None:
        counts = {first_cells((1, 0), size), first_cells((0, 1), size)}
        said = {_COUNT.get(w) or int(w) for w in _SAID_COUNT.findall(sentence.lower())}
        spans = " or ".join(str(k) for k in sorted(counts))
        if said and (len(counts) > 1 or said != counts):
            counted = " or ".join(map(str, sorted(said)))
            return f"it counts {counted} cells where a {size}x{size} box spans {spans}"
        if not said and len(counts) > 1 and not _BOX_SPANS.search(sentence.lower()):
            # Boxes longer one way than the other: a name alone leaves the count in doubt.
            return f"it does not say how many first cells count where a {size}x{size} box spans {spans}"
        return None

    def first(self, size: int) -> tuple[int, ...]:
        """The cells the clue is about, from its side inwards."""
        return self.scope(size)[: first_cells(self.at, size)]

    def validate(self, size: int) -> None:
        super().validate(size)
        if first_cells(self.at, size) == 0:
            name = self.describe(size)
            raise RuleError(f"{name}: a {size}x{size} grid has no boxes to count the first cells by")


@dataclass(frozen=True)
class FrameSum(_FirstCells):
    """Frame sum: the first cells of the row or column seen from the clue (at
    ``at``), as many as the standard box spans along it (`first_cells`: the
    first three on a 9x9), sum to ``total``. f-puzzles has no key for it;
    ours is ``framesum`` (``{cell: "R0C3", value: "15"}``, as an X-sum)."""

    at: tuple[int, int]
    total: int

    kind = "framesum"
    label = "frame sum"
    styles: ClassVar[dict[str, Style]] = {
        "": Style(
            "frame sum",
            "framesum",
            Look("outside"),
            ("frame sum", "frame sudoku", "frame clue"),
            "A number outside the grid is the sum of the first digits of its row or column seen from it, as "
            "many as a box spans along it.",
            "frame sum",
            sizes=Sizes(boxes=True),
            says=(
                rf"\bsum of the first {_FEW}(?:digits|cells|numbers) {_ITS_LINE}[^.;]*",
                # also an example's "the bottom three cells in column 6 must sum to 11"
                rf"\b(?:first|top|bottom|leftmost|rightmost) {_FEW}(?:digits|cells|numbers) {_ITS_LINE}[^.;]*"
                r"\bsum to\b[^.;]*",
            ),
        )
    }

    def text(self, size: int) -> str:
        return str(self.total)

    def describe(self, size: int) -> str:
        return f"the frame sum {self.total} at {outside_name(self.at)}"

    def impossible(self, size: int) -> str | None:
        k = first_cells(self.at, size)
        # k different digits of 1..size make every total between the smallest k and the largest k.
        if not k * (k + 1) // 2 <= self.total <= k * (2 * size - k + 1) // 2:
            return f"no {k} different digits 1-{size} sum to {self.total}"
        return None

    def encode(self, enc: Encoder, board: Board) -> None:
        enc.add(sum(enc.value(c) for c in self.first(enc.size)) == self.total)

    def holds(self, grid: Sequence[int], board: Board) -> bool:
        return sum(grid[c] for c in self.first(board.size)) == self.total


@dataclass(frozen=True)
class OutsideClue(_FirstCells):
    """Outside sudoku: each of ``digits`` is among the first cells of the row
    or column seen from the clue (at ``at``), as many as the standard box
    spans along it (`first_cells`: the first three on a 9x9). f-puzzles has
    no key for it; ours is ``outside`` (``{cell: "R0C3", value: "157"}``, one
    character a digit up to 9x9; past it, digits parted by commas)."""

    at: tuple[int, int]
    digits: tuple[int, ...]

    kind = "outside"
    label = "outside clue"
    styles: ClassVar[dict[str, Style]] = {
        "": Style(
            "outside clue",
            "outside",
            Look("outside"),
            ("outside sudoku", "outside clue"),
            "The digits outside the grid each appear among the first digits of its row or column seen from "
            "them, as many as a box spans along it.",
            "outside clue",
            sizes=Sizes(boxes=True),
            says=(
                rf"\bdigits? (?:which|that) (?:must )?appear (?:somewhere )?(?:in|among) the first "
                rf"{_FEW}(?:cells|digits)\b[^.;]*",
                r"\b(?:clues?|digits?|numbers?) outside[^.;]*\b(?:must )?appear (?:somewhere )?"
                rf"(?:in|among) the first {_FEW}(?:cells|digits)\b[^.;]*",
            ),
        )
    }

    def text(self, size: int) -> str:
        """The clue as drawn: its digits, run together up to 9x9, else parted by commas."""
        return ("" if size <= 9 else ",").join(map(str, self.digits))

    def describe(self, size: int) -> str:
        return f"the outside clue {self.text(size)} at {outside_name(self.at)}"

    def validate(self, size: int) -> None:
        super().validate(size)
        if not self.digits or len(set(self.digits)) != len(self.digits):
            raise RuleError(f"{self.describe(size)}: the clue must be different digits")

    def impossible(self, size: int) -> str | None:
        k = first_cells(self.at, size)
        if not all(1 <= d <= size for d in self.digits):
            return f"a digit of it is not one of 1-{size}"
        if len(self.digits) > k:
            return f"{len(self.digits)} digits do not fit in {k} cells"
        return None

    def encode(self, enc: Encoder, board: Board) -> None:
        # The line is a house: each digit is in the first cells exactly when it is in none of the others.
        line, k = self.scope(enc.size), first_cells(self.at, enc.size)
        for d in self.digits:
            for cell in line[k:]:
                enc.clause([enc.neg(enc.lit(cell, d))])

    def holds(self, grid: Sequence[int], board: Board) -> bool:
        return set(self.digits) <= {grid[c] for c in self.first(board.size)}
