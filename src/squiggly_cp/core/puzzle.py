"""The puzzle model: one `Puzzle` type and one `Result` type for every engine.

Cells are numbered row-major, ``index = row * size + col`` (0-based inside the
library; messages for people use 1-based rows and columns, ``r1c1``).
Digits are ``1..size``; ``0`` marks an empty cell.
"""

from __future__ import annotations

import enum
import math
import warnings
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field, fields, replace
from functools import cache, cached_property

from .geometry import Layout, box_shape, layout_for
from .rules.base import Rule, RuleError
from .rules.houses import NoRegion

Grid = tuple[int, ...]
"""A row-major tuple of ``size * size`` digits (0 = empty)."""

MIN_SIZE = 4
MAX_SIZE = 16
DIGIT_CHARS = "123456789ABCDEFG"


class PuzzleError(ValueError):
    """A puzzle that is malformed (not merely unsolvable).

    ``row`` and ``col`` are 1-based and name the cell the problem is about,
    where there is one.
    """

    def __init__(self, message: str, row: int | None = None, col: int | None = None):
        super().__init__(message)
        self.message = message
        self.row = row
        self.col = col

    def __str__(self) -> str:
        return f"{cell_phrase(self.row, self.col)}{self.message}"


def cell_phrase(row: int | None, col: int | None) -> str:
    """``"row 3, column 4: "`` for 1-based coordinates, ``""`` when unknown."""
    if row is None:
        return ""
    if col is None:
        return f"row {row}: "
    return f"row {row}, column {col}: "


def cell_name(index: int, size: int) -> str:
    """``r1c1``-style name of a 0-based cell index."""
    return f"r{index // size + 1}c{index % size + 1}"


def digit_char(digit: int) -> str:
    return DIGIT_CHARS[digit - 1] if digit else "."


def grid_lines(grid: Grid) -> str:
    """A grid as rows of digits (1-9, then A-G above 9; ``.`` for empty), each
    ending with a newline."""
    size = math.isqrt(len(grid))
    return "".join("".join(map(digit_char, grid[r * size : (r + 1) * size])) + "\n" for r in range(size))


@cache
def standard_regions(size: int = 9) -> Grid:
    """Region labels of the ordinary box layout."""
    shape = box_shape(size)
    if shape is None:
        raise PuzzleError(f"size {size} has no standard box layout; regions must be given")
    h, w = shape
    return tuple((r // h) * (size // w) + c // w for r in range(size) for c in range(size))


def normalize_labels(labels: Sequence[Hashable]) -> Grid:
    """Renumber region labels 0, 1, 2, ... in order of each region's first cell."""
    mapping: dict[Hashable, int] = {}
    return tuple(mapping.setdefault(label, len(mapping)) for label in labels)


@dataclass(frozen=True)
class Meta:
    """What a link says about a puzzle besides its cells: the setter's title,
    author and rules, and a solution (a link's own, or the one an engine proved
    unique, which SudokuPad checks a finished grid against)."""

    title: str | None = None
    author: str | None = None
    rules: str | None = None
    solution: Grid | None = None
    claimed: Grid | None = field(default=None, compare=False)
    """The solution the link carried, kept even when it is not one of the
    puzzle's (`Puzzle.claim_warning` says so: a sign the link was misread);
    no part of what the metadata says, so equality ignores it."""
    decoration: str | None = None
    """What the link draws that no rule needs (f-puzzles' cosmetic items read
    as such: a word outside the grid, the line it drew for a rule it holds),
    as that format's JSON text, which its writer writes back."""


@dataclass(frozen=True)
class Puzzle:
    """A squiggly sudoku: givens plus a region layout.

    ``givens`` and ``regions`` may be any sequences of ints, row-major.
    ``regions`` may use any labels (``0..size-1`` or others): they are stored
    renumbered 0, 1, 2, ... in order of each region's first cell, so two
    puzzles with the same regions are equal. The constructor checks shapes and
    ranges and that there are ``size`` regions of ``size`` cells; whether each
    region is connected is `squiggly_cp.core.regions.check_regions`'s job.
    ``meta`` travels with the puzzle from a link to a link; it is no part of
    the puzzle (equality ignores it, and it is not sent to worker processes).
    ``rules`` are a variant's rules besides rows, columns and regions
    (`squiggly_cp.core.rules`: cages, lines, dots, extra houses...), each
    checked against the size here; a puzzle without any is a pure jigsaw.
    """

    size: int
    givens: Grid
    regions: Grid
    meta: Meta | None = field(default=None, compare=False, repr=False)
    rules: tuple[Rule, ...] = ()

    def __post_init__(self) -> None:
        # The one place where cells become tuples and labels are renumbered.
        object.__setattr__(self, "givens", tuple(self.givens))
        if type(self.regions) is not tuple or normalize_labels(self.regions) != self.regions:
            object.__setattr__(self, "regions", normalize_labels(self.regions))
        n = self.size
        if not MIN_SIZE <= n <= MAX_SIZE:
            raise PuzzleError(f"size {n} is outside {MIN_SIZE}..{MAX_SIZE}")
        if len(self.givens) != n * n or len(self.regions) != n * n:
            raise PuzzleError(f"a {n}x{n} puzzle needs {n * n} cells")
        for i, d in enumerate(self.givens):
            if not 0 <= d <= n:
                raise PuzzleError(f"digit {d} is outside 0..{n}", i // n + 1, i % n + 1)
        counts = [0] * n
        for i, label in enumerate(self.regions):
            if label >= n:
                raise PuzzleError(f"more than {n} regions", i // n + 1, i % n + 1)
            counts[label] += 1
        for label, count in enumerate(counts):
            if count != n:
                first = self.regions.index(label)
                raise PuzzleError(
                    f"the region of this cell has {count} cells, not {n}",
                    first // n + 1,
                    first % n + 1,
                )
        if type(self.rules) is not tuple:
            object.__setattr__(self, "rules", tuple(self.rules))
        for rule in self.rules:
            try:
                rule.validate(n)
            except RuleError as error:
                raise PuzzleError(str(error)) from None
        partial = [rule for rule in self.rules if isinstance(rule, NoRegion)]
        if partial and (len(partial) > 1 or self.regions != tuple(i // n for i in range(n * n))):
            raise PuzzleError("a puzzle with cells in no region has one such rule, and its rows as regions")

    @classmethod
    def standard(cls, givens: Grid | list[int], size: int = 9) -> Puzzle:
        """A puzzle on the ordinary box layout."""
        return cls(size, tuple(givens), standard_regions(size))

    def __getstate__(self) -> dict[str, object]:
        # The compared fields, whatever they are (not `meta`, nor cached tables:
        # the layout is found again in `layout_for`'s cache).
        return {f.name: getattr(self, f.name) for f in fields(self) if f.compare}

    @cached_property
    def layout(self) -> Layout:
        """The tables of this size, region layout and extra houses (one shared instance per layout)."""
        extra = tuple(house for rule in self.rules for house in rule.houses(self))
        return layout_for(self.size, self.regions, extra)

    @property
    def houses(self) -> tuple[tuple[int, ...], ...]:
        """All houses: ``size`` rows, then ``size`` columns, then ``size`` regions."""
        return self.layout.houses

    @property
    def units(self) -> tuple[tuple[int, ...], ...]:
        """The old name of `houses` (deprecated: "house" is the one word now)."""
        warnings.warn("Puzzle.units is deprecated: use Puzzle.houses", DeprecationWarning, stacklevel=2)
        return self.houses

    @property
    def peers(self) -> tuple[frozenset[int], ...]:
        """For each cell, the other cells sharing a row, column or region with it."""
        return self.layout.peer_sets

    def repeated_given(self) -> tuple[int, int, int] | None:
        """The first digit given twice in one house, scanning `houses` in order:
        (house index, first cell, second cell), or None. Such a puzzle has no
        solution."""
        for index, house in enumerate(self.houses):
            seen: dict[int, int] = {}
            for cell in house:
                digit = self.givens[cell]
                if digit:
                    if digit in seen:
                        return index, seen[digit], cell
                    seen[digit] = cell
        return None

    def impossible_rule(self) -> tuple[int, str] | None:
        """The first rule that no digits keep (`Rule.impossible`), as its
        index in `rules` and the sentence that says so ("the killer cage
        r1c1-r1c2 (sum 8) cannot hold: no 2 different digits 1-4 sum to 8"),
        or None. Such a puzzle has no solution."""
        for index, rule in enumerate(self.rules):
            why = rule.impossible(self.size)
            if why is not None:
                return index, f"{rule.describe(self.size)} cannot hold: {why}"
        return None

    def keepable_rules(self) -> tuple[Rule, ...]:
        """`rules`, for a puzzle to make that keeps them: a `PuzzleError` when
        one cannot hold (`impossible_rule`), as no completed grid keeps it."""
        cannot = self.impossible_rule()
        if cannot is not None:
            raise PuzzleError(f"no completed grid keeps the rules: {cannot[1]}")
        return self.rules

    @property
    def region_map(self) -> Grid:
        """Each cell's region as drawn and written: `regions`, but on a puzzle
        with cells in no region (`NoRegion`), its labels, -1 for none."""
        return next((rule.labels for rule in self.rules if isinstance(rule, NoRegion)), self.regions)

    def with_meta(self, meta: Meta | None) -> Puzzle:
        """This puzzle carrying ``meta``; a solution in it that is not one of this
        puzzle's is left out (a link's word is not taken for it)."""
        if meta is not None and meta.solution is not None and not self.is_solution(meta.solution):
            meta = replace(meta, solution=None, claimed=meta.claimed or meta.solution)
        return Puzzle(self.size, self.givens, self.regions, meta, self.rules)

    def claim_warning(self, verdict: Verdict | None = None) -> str | None:
        """What is wrong with the solution the link carried, if anything: it
        breaks a rule or a house, or (given the ``verdict``) the puzzle as read
        is not unique although the link carries its solution."""
        meta = self.meta
        claimed = None if meta is None else meta.claimed or meta.solution
        if claimed is None:
            return None
        if len(claimed) != self.size**2 or not all(1 <= d <= self.size for d in claimed):
            return "the solution the link carries is not a completed grid"
        check = "is the puzzle read right?"
        broken = self.broken_rule(claimed)
        if broken is not None:
            return f"the solution the link carries breaks {broken.describe(self.size)}: {check}"
        if not self.is_solution(claimed):
            return f"the solution the link carries breaks the givens or a house: {check}"
        if verdict is not None and verdict in (Verdict.NONE, Verdict.MULTIPLE):
            words = "no solution" if verdict is Verdict.NONE else "several solutions"
            return f"the link carries a solution, but the puzzle as read has {words}: {check}"
        return None

    def with_givens(self, givens: Grid | list[int]) -> Puzzle:
        return Puzzle(self.size, tuple(givens), self.regions, rules=self.rules)

    def with_rules(self, rules: Sequence[Rule]) -> Puzzle:
        return Puzzle(self.size, self.givens, self.regions, self.meta, tuple(rules))

    def is_solution(self, grid: Grid) -> bool:
        """True if ``grid`` is complete, keeps the givens and breaks no house and no rule."""
        return self._fits_houses(grid) and all(rule.holds(grid, self) for rule in self.rules)

    def _fits_houses(self, grid: Grid) -> bool:
        n = self.size
        if len(grid) != n * n or any(g and g != v for g, v in zip(self.givens, grid, strict=True)):
            return False
        full = set(range(1, n + 1))
        return all({grid[i] for i in house} == full for house in self.houses)

    def broken_rule(self, grid: Grid) -> Rule | None:
        """The first rule (not house) that the completed ``grid`` breaks, if any;
        None too for a grid that is not complete and valid in its houses."""
        if not self.rules or not self._fits_houses(grid):
            return None
        return next((rule for rule in self.rules if not rule.holds(grid, self)), None)

    def rules_not(self, decided: Callable[[Rule], bool]) -> list[Rule]:
        """The rules for which ``decided(rule)`` is false: what a tool that
        decides only some rules must refuse, naming them."""
        return [rule for rule in self.rules if not decided(rule)]


class Unsupported(ValueError):
    """A tool asked about a rule it does not decide (DLX and a killer cage):
    the message names the tool and the rule."""


def refuse_rules(puzzle: Puzzle, tool: str, houses_ok: bool = True) -> None:
    """Raise `Unsupported` naming the first of ``puzzle``'s rules ``tool``
    cannot take: any rule but extra houses (with ``houses_ok``), else any."""
    for rule in puzzle.rules:
        if not (houses_ok and rule.is_house(puzzle.size)):
            if houses_ok:
                what = "decides rows, columns, regions and extra houses only"
            else:
                what = "knows rows, columns and regions only"
            raise Unsupported(f"{tool} cannot take {rule.describe(puzzle.size)}: it {what}")


class Verdict(enum.Enum):
    NONE = "none"
    UNIQUE = "unique"
    MULTIPLE = "multiple"
    UNKNOWN = "unknown"
    """The engine stopped (time limit) before it could prove any of the others."""


@dataclass(frozen=True)
class Result:
    """What an engine decided. ``solutions`` holds up to two distinct full grids:
    none for NONE, one for UNIQUE, two for MULTIPLE, and for UNKNOWN whatever
    was found before the engine stopped."""

    verdict: Verdict
    solutions: tuple[Grid, ...] = ()

    @property
    def solution(self) -> Grid | None:
        """The solution when it is unique, else None."""
        return self.solutions[0] if self.verdict is Verdict.UNIQUE else None


def verdict_for(solutions: list[Grid] | tuple[Grid, ...], exhausted: bool) -> Result:
    """The result of a search that found ``solutions`` (stopping at two).

    ``exhausted`` says whether the search space was (a search stopped by a
    limit was not: UNKNOWN, unless it found two); two solutions
    decide MULTIPLE either way.
    """
    found = tuple(solutions[:2])
    if len(found) >= 2:
        return Result(Verdict.MULTIPLE, found)
    if not exhausted:
        return Result(Verdict.UNKNOWN, found)
    return Result(Verdict.UNIQUE if found else Verdict.NONE, found)
