"""Marks in one cell: odd and even cells, and minimum and maximum cells
(Fortress sudoku, as f-puzzles' ``minimum`` and ``maximum``).

A minimum cell is smaller than each orthogonal neighbour except a
neighbouring minimum cell; a maximum cell is larger than each except a
neighbouring maximum cell. Two touching minimum (or maximum) cells are thus
not compared with each other, only each with its other neighbours; a
minimum beside a maximum is smaller than it. Works on any N. (The f-puzzles
solver plug-in, dclamage/SudokuSolver, compares them so too: a minimum or
maximum cell only with neighbours outside the set of cells with its mark.)"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from .base import Board, Encoder, Look, Rule, RuleError, Shape, Style, Tool, cell_list, relation

STYLES = {"odd": "odd cell", "even": "even cell", "min": "minimum cell", "max": "maximum cell"}


def neighbours(cell: int, size: int) -> list[int]:
    r, c = divmod(cell, size)
    near = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
    return [nr * size + nc for nr, nc in near if 0 <= nr < size and 0 <= nc < size]


@dataclass(frozen=True)
class CellMark(Rule):
    """``style``: ``odd``, ``even``, ``min`` or ``max``."""

    style: str
    cell: int

    kind = "cellmark"
    label = "cell mark"
    styles: ClassVar[dict[str, Style]] = {
        "odd": Style(
            "odd cell",
            "odd",
            Look("cell", "#CFCFCF", shape="circle"),
            ("odd",),
            "A digit in a grey circle is odd.",
            "odd/even cell",
            tool=Tool("odd", "Odd"),
        ),
        "even": Style(
            "even cell",
            "even",
            Look("cell", "#CFCFCF", shape="square"),
            ("even",),
            "A digit in a grey square is even.",
            "odd/even cell",
            tool=Tool("even", "Even"),
        ),
        "min": Style(
            "minimum cell",
            "minimum",
            Look("cell", "#CCCCCC", shape="chevrons", text="in"),
            ("minimum", "minimums"),
            "A digit in a cell with inward chevrons is less than each orthogonal neighbour that is not "
            "one too.",
            "minimum/maximum cell",
            tool=Tool("min", "Min"),
            says=(
                r"\b(?:less|smaller|lower) than "
                r"(?:all |each |every |any )?(?:of )?(?:its |their |the )?(?:digits in )?"
                r"(?:orthogonal(?:ly)? )?"
                r"(?:neighbou?r|adjacent)",
            ),
        ),
        "max": Style(
            "maximum cell",
            "maximum",
            Look("cell", "#CCCCCC", shape="chevrons", text="out"),
            ("maximum", "maximums"),
            "A digit in a cell with outward chevrons is more than each orthogonal neighbour that is not "
            "one too.",
            "minimum/maximum cell",
            tool=Tool("max", "Max"),
            says=(
                r"\b(?:greater|more|larger|higher|bigger) than "
                r"(?:all |each |every |any )?(?:of )?(?:its |their |the )?(?:digits in )?"
                r"(?:orthogonal(?:ly)? )?"
                r"(?:neighbou?r|adjacent)",
            ),
        ),
    }

    def cells(self) -> tuple[int, ...]:
        return (self.cell,)

    def describe(self, size: int) -> str:
        return f"the {STYLES.get(self.style, self.style)} {cell_list((self.cell,), size)}"

    def validate(self, size: int) -> None:
        if self.style not in STYLES:
            raise RuleError(f"the cell mark {self.style!r}: not a kind of mark")
        super().validate(size)

    def _fits(self, digit: int, other: int) -> bool:
        return digit < other if self.style == "min" else digit > other

    def compared(self, board: Board) -> list[int]:
        """The neighbours a minimum or maximum cell is compared with: all but
        those with the same mark."""
        alike = {r.cell for r in board.rules if isinstance(r, CellMark) and r.style == self.style}
        return [o for o in neighbours(self.cell, board.size) if o not in alike]

    def encode(self, enc: Encoder, board: Board) -> None:
        if self.style in ("odd", "even"):
            wrong = 0 if self.style == "odd" else 1
            for d in range(1, enc.size + 1):
                if d % 2 == wrong:
                    enc.clause([enc.neg(enc.lit(self.cell, d))])
            return
        for other in self.compared(board):
            relation(enc, self.cell, other, self._fits)

    def holds(self, grid: Sequence[int], board: Board) -> bool:
        digit = grid[self.cell]
        if self.style in ("odd", "even"):
            return digit % 2 == (1 if self.style == "odd" else 0)
        return all(self._fits(digit, grid[o]) for o in self.compared(board))

    def shapes(self, size: int) -> tuple[Shape, ...]:
        return (Shape("mark", (self.cell,), style=self.style),)
