"""Extra houses: cells that hold every digit once, as a row does. The
diagonals, extra regions, windoku's windows and disjoint groups. Being houses,
they reach every engine through `Layout.houses` (peers, the singles kernel,
DLX's columns, hatching) with no rule of their own to encode."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from ..geometry import box_shape
from .base import Board, Encoder, Look, Rule, RuleError, Shape, Sizes, Style, Tool, at_most_once, cell_list

Named = tuple[tuple[str, tuple[int, ...]], ...]


def _all_differ(houses: Named, grid: Sequence[int]) -> bool:
    return all(len({grid[c] for c in cells}) == len(cells) for _, cells in houses)


class _Houses(Rule):
    def is_house(self, size: int) -> bool:
        return True

    def holds(self, grid: Sequence[int], board: Board) -> bool:
        return _all_differ(self.houses(board), grid)


@dataclass(frozen=True)
class Diagonal(_Houses):
    """``direction`` ``+`` (bottom-left to top-right, ╱) or ``-`` (╲)."""

    direction: str

    kind = "diagonal"
    label = "diagonal"
    styles: ClassVar[dict[str, Style]] = {
        "+": Style(
            "diagonal ╱",
            "diagonal+",
            Look("diagonal", "#34BBE6", 2, text="+"),
            ("diagonal",),
            "Digits do not repeat on a marked diagonal.",
            "diagonal",
            tool=Tool("diagonal+", "Diagonal \u2197"),
        ),
        "-": Style(
            "diagonal ╲",
            "diagonal-",
            Look("diagonal", "#34BBE6", 2, text="-"),
            ("diagonal",),
            "Digits do not repeat on a marked diagonal.",
            "diagonal",
            tool=Tool("diagonal-", "Diagonal \u2198"),
        ),
    }

    def variety(self) -> str:
        return self.direction

    def describe(self, size: int) -> str:
        return f"the {'positive' if self.direction == '+' else 'negative'} diagonal"

    def validate(self, size: int) -> None:
        if self.direction not in "+-" or len(self.direction) != 1:
            raise RuleError(f"the diagonal {self.direction!r}: a diagonal is + or -")

    def houses(self, board: Board) -> Named:
        n = board.size
        if self.direction == "-":
            return (("the negative diagonal", tuple(i * n + i for i in range(n))),)
        return (("the positive diagonal", tuple(i * n + n - 1 - i for i in range(n))),)

    def shapes(self, size: int) -> tuple[Shape, ...]:
        return (Shape("diagonal", style=self.direction),)


@dataclass(frozen=True)
class ExtraRegion(_Houses):
    """Its cells differ; with ``size`` cells it is a house (every digit once)."""

    region: tuple[int, ...]

    kind = "extraregion"
    label = "extra region"
    styles: ClassVar[dict[str, Style]] = {
        "": Style(
            "extra region",
            "extraregion",
            Look("shade", "#CFCFCF", shape="outline"),
            ("extra region",),
            "Digits do not repeat in an outlined grey region.",
            "extra region",
        )
    }

    def cells(self) -> tuple[int, ...]:
        return self.region

    def describe(self, size: int) -> str:
        return f"the extra region {cell_list(sorted(self.region), size)}"

    def validate(self, size: int) -> None:
        super().validate(size)
        if not self.region or len(set(self.region)) != len(self.region):
            raise RuleError(f"{self.describe(size)}: an extra region has one or more cells, each once")

    def impossible(self, size: int) -> str | None:
        if len(self.region) > size:
            return f"{len(self.region)} cells cannot hold different digits 1-{size}"
        return None

    def is_house(self, size: int) -> bool:
        return len(self.region) == size

    def houses(self, board: Board) -> Named:
        if len(self.region) != board.size:
            return ()
        return ((self.describe(board.size), tuple(sorted(self.region))),)

    def encode(self, enc: Encoder, board: Board) -> None:
        if len(self.region) != enc.size:
            at_most_once(enc, self.region)

    def holds(self, grid: Sequence[int], board: Board) -> bool:
        return len({grid[c] for c in self.region}) == len(self.region)

    def shapes(self, size: int) -> tuple[Shape, ...]:
        return (Shape("shade", self.region, text="extra"),)


def windows(size: int) -> tuple[tuple[int, ...], ...]:
    """Windoku's windows: the boxes' shape, placed one cell in from the
    corners with one line between them (r2-4, r6-8 by c2-4, c6-8 on a 9x9)."""
    shape = box_shape(size)
    if shape is None:
        return ()
    h, w = shape
    tops = range(1, size - h, h + 1)
    lefts = range(1, size - w, w + 1)
    return tuple(
        tuple((top + r) * size + left + c for r in range(h) for c in range(w))
        for top in tops
        for left in lefts
    )


def implied(size: int) -> tuple[tuple[int, ...], ...]:
    """The five groups windoku's windows imply on a 9x9 (`Windoku.houses`)."""
    if size != 9:
        return ()
    outside, inside = (0, 4, 8), ((1, 2, 3), (5, 6, 7))
    rows = [tuple(r * 9 + c for r in outside for c in cols) for cols in inside]
    cols = [tuple(r * 9 + c for r in rs for c in outside) for rs in inside]
    corner = tuple(r * 9 + c for r in outside for c in outside)
    return (rows[0], rows[1], cols[0], cols[1], corner)


@dataclass(frozen=True)
class Windoku(_Houses):
    kind = "windoku"
    label = "windoku"
    styles: ClassVar[dict[str, Style]] = {
        "": Style(
            "windoku",
            "extraregion",
            Look("shade", "#CFCFCF", shape="windows"),
            ("windoku", "window"),
            "Each of the four grey windows holds the digits 1 to {n} once.",
            "windoku",
            tool=Tool("windoku", "Windoku"),
            sizes=Sizes(only=(9,)),
        )
    }

    def describe(self, size: int) -> str:
        return "the windoku windows"

    def validate(self, size: int) -> None:
        if box_shape(size) != (3, 3):
            raise RuleError(f"{self.describe(size)}: windoku is a 9x9 rule")

    def houses(self, board: Board) -> Named:
        """The four windows, then the five groups they imply (as Sukaku
        Explainer counts them too): rows 1, 5, 9 across columns 2-4 and 6-8,
        columns 1, 5, 9 down rows 2-4 and 6-8, and the nine cells where rows
        1, 5, 9 cross columns 1, 5, 9. Columns 2-4 hold each digit three
        times, two of them in windows, so once in rows 1, 5, 9; likewise the
        rest: every grid keeping the windows keeps them."""
        n = board.size
        named = [(f"window {k + 1} ({cell_list(cells[:1], n)})", cells) for k, cells in enumerate(windows(n))]
        return tuple(named) + tuple(
            (f"window group {k + 1} ({cell_list(cells[:1], n)})", cells) for k, cells in enumerate(implied(n))
        )

    def shapes(self, size: int) -> tuple[Shape, ...]:
        return tuple(Shape("shade", cells, text="window") for cells in windows(size))


@dataclass(frozen=True)
class DisjointGroups(_Houses):
    """The cells at the same place in each box of the box grid hold
    different digits (a house per place). The boxes are the standard ones
    whatever the regions are (as Sukaku Explainer reads it on a jigsaw)."""

    kind = "disjoint"
    label = "disjoint groups"
    styles: ClassVar[dict[str, Style]] = {
        "": Style(
            "disjoint groups",
            "disjointgroups",
            Look("whole"),
            ("disjoint groups", "disjoint subsets"),
            "Cells in the same place in each box hold different digits.",
            "disjoint groups",
            tool=Tool("disjointgroups", "Disjoint groups"),
            sizes=Sizes(boxes=True),
        )
    }

    def describe(self, size: int) -> str:
        return "the disjoint groups"

    def validate(self, size: int) -> None:
        if box_shape(size) is None:
            raise RuleError(f"{self.describe(size)}: a {size}x{size} grid has no boxes")

    def houses(self, board: Board) -> Named:
        n = board.size
        shape = box_shape(n)
        if shape is None:
            return ()
        h, w = shape
        return tuple(
            (
                f"disjoint group {r * w + c + 1}",
                tuple((br + r) * n + bc + c for br in range(0, n, h) for bc in range(0, n, w)),
            )
            for r in range(h)
            for c in range(w)
        )


@dataclass(frozen=True)
class NoRegion(Rule):
    """Regions that leave some cells out (f-puzzles' ``"region": null``, a
    SudokuPad region list that misses cells). ``labels`` gives each cell's
    region, ``-1`` for a cell in none. A puzzle with this rule has its rows as
    its `Puzzle.regions` (so they add nothing, and every table that expects
    ``size`` regions still has them); here, a region of ``size`` cells is a
    house and a smaller one's digits differ. Make one with `regions_leaving_cells`."""

    labels: tuple[int, ...]

    kind = "noregion"
    label = "cells in no region"
    styles: ClassVar[dict[str, Style]] = {
        "": Style(
            "cells in no region",
            "region",
            Look("regions"),
            ("no region", "not in any region"),
            "A cell outside every outlined region is in no region; a region of fewer than {n} cells "
            "holds no digit twice.",
            "cells in no region",
        )
    }

    def _regions(self) -> dict[int, tuple[int, ...]]:
        groups: dict[int, list[int]] = {}
        for cell, label in enumerate(self.labels):
            if label >= 0:
                groups.setdefault(label, []).append(cell)
        return {label: tuple(cells) for label, cells in sorted(groups.items())}

    def _groups(self) -> list[tuple[int, ...]]:
        return list(self._regions().values())

    def cells(self) -> tuple[int, ...]:
        return tuple(c for c, label in enumerate(self.labels) if label < 0)

    def describe(self, size: int) -> str:
        cells = self.cells()
        if not cells:
            return "the regions"
        shown = ", ".join(cell_list(cells[k : k + 1], size) for k in range(min(len(cells), 10)))
        return f"the cells in no region ({shown}{', …' if len(cells) > 10 else ''})"

    def validate(self, size: int) -> None:
        name = self.describe(size)
        if len(self.labels) != size * size:
            raise RuleError(f"{name}: {size * size} labels on a {size}x{size} grid, not {len(self.labels)}")
        if not all(-1 <= label < size for label in self.labels) or -1 not in self.labels:
            raise RuleError(
                f"{name}: each cell's region is -1 (none) to {size - 1}, and some cell is in none"
            )
        for k, cells in self._regions().items():
            if len(cells) > size:
                raise RuleError(f"{name}: region {k + 1} has {len(cells)} cells, more than {size}")

    def is_house(self, size: int) -> bool:
        return all(len(cells) == size for cells in self._groups())

    def houses(self, board: Board) -> Named:
        n = board.size
        return tuple((f"region {k + 1}", cells) for k, cells in self._regions().items() if len(cells) == n)

    def encode(self, enc: Encoder, board: Board) -> None:
        for cells in self._groups():
            if len(cells) < enc.size:
                at_most_once(enc, cells)

    def holds(self, grid: Sequence[int], board: Board) -> bool:
        return all(len({grid[c] for c in cells}) == len(cells) for cells in self._groups())


def regions_leaving_cells(labels: Sequence[int], size: int) -> tuple[tuple[int, ...], tuple[Rule, ...]]:
    """(`Puzzle.regions`, rules) for a layout whose ``labels`` may be -1 (in no
    region): the labels themselves and no rule when every cell is in one, else
    the rows and a `NoRegion` (whose validation names what is wrong), its
    labels renumbered 0, 1, 2... in order of each region's first cell."""
    if -1 not in labels:
        return tuple(labels), ()
    names: dict[int, int] = {-1: -1}
    for label in labels:
        names.setdefault(label, len(names) - 1)  # renumbered as `Puzzle.regions` are: equal maps, equal rules
    return tuple(i // size for i in range(size * size)), (NoRegion(tuple(names[k] for k in labels)),)
