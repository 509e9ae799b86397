"""What every rule of a variant puzzle is: data, validation, CP-SAT encoding,
grid check, drawing and name, in one frozen dataclass per kind.

A rule never imports OR-Tools: its encoding is written against `Encoder`, a
small vocabulary (literals, values, clauses, linear constraints) that
`squiggly_cp.sat.model` implements over the one one-hot model. So the rules
stay in `core`, and every CP-SAT question (solve, count, explain, true
candidates, generate, layout) sees every rule through that one model.

Cells are 0-based row-major indices; names in messages are ``r1c1``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, ClassVar, Protocol

__all__ = [
    "Board",
    "Encoder",
    "Look",
    "Rule",
    "RuleError",
    "Shape",
    "Sizes",
    "Style",
    "Tool",
    "at_most_once",
    "cell_list",
    "orthogonal_pairs",
    "relation",
    "support_table",
]

Cells = tuple[int, ...]


class RuleError(ValueError):
    """A malformed rule, which cannot even be placed on this grid (a cell
    outside it, a dot between cells that do not touch, a line that jumps):
    the message names the rule. A rule that is well placed but that no
    digits keep (a sum no digits make) is no error: see `Rule.impossible`."""


class Board(Protocol):
    """What a rule may read of the puzzle it is in (a `Puzzle` is one)."""

    @property
    def size(self) -> int: ...

    @property
    def regions(self) -> tuple[int, ...]: ...

    @property
    def region_map(self) -> tuple[int, ...]:
        """Each cell's region, -1 for a cell in no region."""
        ...

    @property
    def rules(self) -> tuple[Rule, ...]: ...

    @property
    def peers(self) -> tuple[frozenset[int], ...]:
        """For each cell, the cells that share a house with it."""
        ...


class Encoder(Protocol):
    """The CP-SAT vocabulary a rule's `Rule.encode` writes in.

    A literal is a CP-SAT Boolean or the Python constant ``True``/``False``
    (a decided cell, or a digit outside a cell's domain); the methods fold
    constants, so a rule need not care which it has. An encoder with a true
    ``tables`` attribute (CP-SAT's) also takes `one_of_tuples`; the logic
    solver's reader has none: it reads a rule's linear sum as a sum."""

    size: int

    def lit(self, cell: int, digit: int) -> Any:
        """ "``cell`` holds ``digit``"."""
        ...

    def value(self, cell: int) -> Any:
        """The digit of ``cell``: an int for a decided cell, else an integer variable."""
        ...

    def neg(self, literal: Any) -> Any: ...

    def clause(self, literals: Iterable[Any]) -> None:
        """At least one of ``literals`` holds."""
        ...

    def at_most_one(self, literals: Iterable[Any]) -> None: ...

    def new_bool(self) -> Any: ...

    def pair(self, a: int, b: int, table: Table) -> None:
        """The relation ``table`` (`support_table`) between the digits of ``a`` and ``b``."""
        ...

    def new_int(self, low: int, high: int) -> Any: ...

    def add(self, constraint: Any, when: Sequence[Any] = ()) -> None:
        """A linear constraint (``sum(...) == k``, ``x < y``...), enforced
        when all of ``when`` hold; a constant ``True``/``False`` is folded."""
        ...


@dataclass(frozen=True)
class Shape:
    """One thing to draw for a rule, in the terms SudokuPad draws it.

    ``kind``: ``cage`` (dashed outline of ``cells``, ``text`` in its corner;
    ``style`` ``repeat`` when its digits may repeat, SudokuPad's ``unique:
    false``),
    ``path`` (a line through the cell centres, ``style`` naming its look:
    ``thermo``, ``arrow``, ``palindrome``, ``renban``, ``whispers``,
    ``between``, ``regionsum``, and each of `morelines` and the slow
    thermometer by its ``kind``), ``bulb`` (a circle on the first cell of a
    thermo or slow thermo, the bulb cells of an arrow, the ends of a between
    line; a lockout line's ends, which SudokuPad draws as diamonds), ``dot`` (between ``cells[0]`` and
    ``cells[1]``: ``style`` ``white``, ``black`` or ``text`` for X/V), ``mark``
    (in a cell: ``style`` ``odd`` circle, ``even`` square, ``min``, ``max``,
    ``circle`` a counting circle), ``diagonal`` (``style`` ``+`` or ``-``),
    ``shade`` (a tinted cell of an extra house, ``text`` its group), ``clue``
    (text outside the grid at ``at``, row and column possibly 0 or N+1,
    ``style`` an arrow direction for a little killer; none for a sandwich, an
    X-sum or a skyscraper, whose ``at`` says the side), ``corner`` (``text``
    in the corner where four cells meet: a quadruple)."""

    kind: str
    cells: Cells = ()
    style: str = ""
    text: str = ""
    at: tuple[int, int] | None = None


@dataclass(frozen=True)
class Look:
    """How one style of a rule is drawn, in SudokuPad's terms: what the
    SudokuPad writer writes, what its reader recognises, and (the same
    colour) what the SVG drawing shows.

    ``element``: ``path`` (a line through the cell centres), ``arrow`` (a
    bulb and a line with a head), ``cage`` (a dashed outline), ``edge`` (a
    mark on the edge between two cells: a circle or a text), ``cell`` (a
    mark in a cell), ``outside`` (a clue outside the grid), ``corner`` (a
    mark where four cells meet), ``shade`` (tinted cells), ``diagonal`` (a
    line corner to corner), ``whole`` (nothing drawn: a rule of the whole
    grid, named in the rules text and a metadata flag), ``regions`` (the
    regions' outlines). ``colour`` is SudokuPad's ``#RRGGBB``; ``thickness``
    a line's width in SudokuPad's units (64 a cell); ``opacity`` the SVG's;
    ``bulb`` ``first`` (a circle on the first cell), ``ends`` (one on each
    end) or ``""``; ``shape`` a cell or edge mark's ``circle``, ``square``,
    ``text`` or ``chevrons``, a shade's ``outline`` (its cells outlined by a
    cage without a sum) or ``windows`` (the four windoku windows), a line's
    ``centre`` (a small dot of its colour may mark its middle cell); ``text``
    the text drawn (``X``)."""

    element: str
    colour: str = ""
    thickness: float = 0.0
    opacity: float = 1.0
    bulb: str = ""
    shape: str = ""
    text: str = ""


@dataclass(frozen=True)
class Sizes:
    """The grid sizes a style of rule has a meaning on (and can hold):
    ``least`` and up, multiples of ``multiple`` only, ``only`` these if any,
    sizes with boxes (not prime) if ``boxes``."""

    least: int = 1
    multiple: int = 1
    only: tuple[int, ...] = ()
    boxes: bool = False

    def allows(self, size: int) -> bool:
        boxed = any(size % d == 0 for d in range(2, math.isqrt(size) + 1))
        return (
            size >= self.least
            and size % self.multiple == 0
            and (not self.only or size in self.only)
            and (boxed or not self.boxes)
        )


ANY_SIZE = Sizes()


@dataclass(frozen=True)
class Tool:
    """The workbench's button that draws a style of rule: ``id`` its
    ``data-tool`` (a rule of the whole grid: its f-puzzles key, or
    ``negative-`` and the name in f-puzzles' ``negative`` list), ``label``
    its text."""

    id: str
    label: str


@dataclass(frozen=True)
class Style:
    """Everything the tool says and draws of one style of a rule kind (a
    kind with one style has it under ``""``), as plain data: every table
    that names kinds (the f-puzzles keys, SudokuPad's drawing, the SVG's
    colours, the rules text, the logic steps' names, the workbench's tools)
    is derived from these (docs/architecture.md: a rule).

    ``label``: what a person calls it ("white kropki dot"); ``fpuzzles``:
    its f-puzzles key (``region`` for cells in no region, which f-puzzles
    marks by a grid cell's ``region``); ``look``: how SudokuPad draws it; ``phrases``: lower-case
    words by which a rules text names it ("renban", "thermo"); ``sentence``:
    our rules text for it (``{n}`` the size, ``{gap}`` a whisper's gap);
    ``step``: what a logic step with it is called; ``tool``: the
    workbench's button for drawing it (None: no tool draws it; a loaded
    one is drawn and deleted all the same); ``sizes``: where it has a
    meaning and can hold; ``also``: other looks a SudokuPad reader takes
    for it (how SudokuPad's own f-puzzles converter draws it, where that
    differs from ``look``); ``says``: what a rules sentence asserts when it
    states this rule without naming it ("adjacent digits differ by 5 or
    more"), as lower-case regular expressions, a number the rule takes
    captured as ``(?P<gap>...)`` or ``(?P<total>...)`` (none: it is known
    by its name and look alone)."""

    label: str
    fpuzzles: str
    look: Look
    phrases: tuple[str, ...]
    sentence: str
    step: str
    tool: Tool | None = None
    sizes: Sizes = ANY_SIZE
    also: tuple[Look, ...] = ()
    says: tuple[str, ...] = ()


class Rule:
    """The base of every rule kind (each a frozen dataclass subclass).

    ``kind`` is the registry key and ``label`` the name a person reads;
    ``styles`` what is said and drawn of each of its styles (`Style`), by
    the name `variety` gives an instance's."""

    kind: ClassVar[str] = ""
    label: ClassVar[str] = ""
    styles: ClassVar[dict[str, Style]] = {}
    fpuzzles_value: ClassVar[str] = ""
    """A line kind's field that an f-puzzles entry's ``value`` holds (whispers' ``gap``)."""

    def variety(self) -> str:
        """The key of this rule's style in ``styles`` (``""`` for a kind of one style)."""
        style = getattr(self, "style", "")
        return style if isinstance(style, str) else ""

    @property
    def traits(self) -> Style:
        """This rule's `Style`."""
        return self.styles[self.variety()]

    def cells(self) -> Cells:
        """The cells the rule is about (for validation and drawing)."""
        return ()

    def scope(self, size: int) -> Cells:
        """The cells whose digits decide the rule: its cells, or the line a
        clue outside the grid reads (which takes the grid's size to know)."""
        return self.cells()

    def validate(self, size: int) -> None:
        """Raise `RuleError` if the rule is malformed on a ``size`` grid."""
        bad = [c for c in self.cells() if not 0 <= c < size * size]
        if bad:
            raise RuleError(f"{self.describe(size)}: a cell is outside the {size}x{size} grid")

    def impossible(self, size: int) -> str | None:
        """Why no digits 1-``size`` keep this well-placed rule (validated:
        `validate` raised nothing), whatever the rest of the grid holds, e.g.
        "no 2 different digits 1-4 sum to 8"; None when some may. A puzzle
        with such a rule has no solution, as one whose givens repeat a digit
        in a house: every model of it is simply infeasible."""
        return None

    @classmethod
    def misstated(cls, sentence: str, size: int) -> str | None:
        """What a rules ``sentence`` that gives this kind states of it that
        the kind does not hold on a ``size`` grid (a frame sum's "the first
        three digits" where a box spans two cells), None if nothing: a
        reader refuses such a sentence rather than read the kind from it."""
        return None

    def describe(self, size: int) -> str:
        """The rule's name in messages, e.g. "the killer cage r1c1-r2c1 (sum 7)"."""
        return f"the {self.label}"

    def houses(self, board: Board) -> tuple[tuple[str, Cells], ...]:
        """Extra houses (named, ``size`` cells each, every digit once) the rule adds."""
        return ()

    def encode(self, enc: Encoder, board: Board) -> None:
        """The rule as CP-SAT constraints (houses are encoded by the model itself)."""

    def holds(self, grid: Sequence[int], board: Board) -> bool:
        """Does the completed ``grid`` keep the rule? Written from the rule's
        definition, apart from `encode`."""
        raise NotImplementedError

    def shapes(self, size: int) -> tuple[Shape, ...]:
        return ()

    def is_house(self, size: int) -> bool:
        """Is the rule nothing but extra houses (which DLX and hatching decide)?"""
        return False


SHOWN_CELLS = 12
"""Cells a rule's name lists in full; a longer list is cut short (a hostile
input's thousand-cell cage still makes a short line)."""


def cell_list(cells: Iterable[int], size: int) -> str:
    """``r1c1-r1c2-r2c2``: the cells of a cage or a line, in order (past
    `SHOWN_CELLS`, the first ten, ``…``, the last one and the count)."""
    names = [f"r{c // size + 1}c{c % size + 1}" for c in cells]
    if len(names) > SHOWN_CELLS:
        return "-".join(names[:10]) + f"-…-{names[-1]} ({len(names)} cells)"
    return "-".join(names)


def orthogonal_pairs(size: int) -> Iterable[tuple[int, int]]:
    """Every pair of orthogonally adjacent cells, (left or upper, right or lower)."""
    for r in range(size):
        for c in range(size):
            i = r * size + c
            if c + 1 < size:
                yield i, i + 1
            if r + 1 < size:
                yield i, i + size


def adjacent(a: int, b: int, size: int) -> bool:
    """Do ``a`` and ``b`` share an edge?"""
    ra, ca = divmod(a, size)
    rb, cb = divmod(b, size)
    return abs(ra - rb) + abs(ca - cb) == 1


def touching(a: int, b: int, size: int) -> bool:
    """Do ``a`` and ``b`` share an edge or a corner (as cells of a line do)?"""
    ra, ca = divmod(a, size)
    rb, cb = divmod(b, size)
    return a != b and max(abs(ra - rb), abs(ca - cb)) == 1


Table = tuple[tuple[int, ...], tuple[int, ...]]
"""A binary relation as support masks: for each digit ``d`` of the first cell
the digits of the second it allows (bit ``e - 1``), and the other way round."""


def support_table(ok: Callable[[int, int], bool], size: int) -> Table:
    """``ok`` as a `Table` over digits 1..``size``."""
    digits = range(1, size + 1)
    forward = tuple(sum(1 << (e - 1) for e in digits if ok(d, e)) for d in digits)
    backward = tuple(sum(1 << (e - 1) for e in digits if ok(e, d)) for d in digits)
    return forward, backward


def relation(
    enc: Encoder, a: int, b: int, ok: Callable[[int, int], bool], table: Table | None = None
) -> None:
    """Digits ``x`` of ``a`` and ``y`` of ``b`` must satisfy ``ok(x, y)``: for
    each digit of either cell, "not this digit, or one of its supports" (arc
    consistency in the one-hot literals). ``table``: ``ok`` as `support_table`
    already made it (a rule that relates many pairs alike makes it once)."""
    enc.pair(a, b, support_table(ok, enc.size) if table is None else table)


def one_of_tuples(enc: Encoder, cells: Sequence[int], tuples: Sequence[Sequence[int]]) -> None:
    """The digits of ``cells`` are one of ``tuples`` (each a digit per cell),
    for an encoder with ``tables`` (CP-SAT's, not the logic solver's reader):
    a literal per tuple, which puts its digits, and for each digit of a cell
    "not this digit, or a tuple that has it". Unit propagation on these
    clauses keeps every cell to the digits of some tuple still possible (a
    table's full pruning), where a linear sum prunes by bounds only."""
    chosen = [enc.new_bool() for _ in tuples]
    enc.clause(chosen)
    for lit, digits in zip(chosen, tuples, strict=True):
        for cell, digit in zip(cells, digits, strict=True):
            enc.clause([enc.neg(lit), enc.lit(cell, digit)])
    for k, cell in enumerate(cells):
        for digit in range(1, enc.size + 1):
            having = [lit for lit, digits in zip(chosen, tuples, strict=True) if digits[k] == digit]
            enc.clause([enc.neg(enc.lit(cell, digit)), *having])


def at_most_once(enc: Encoder, cells: Sequence[int]) -> None:
    """No digit twice among ``cells``."""
    for d in range(1, enc.size + 1):
        enc.at_most_one(enc.lit(c, d) for c in cells)


def check_line(rule: Rule, cells: Sequence[int], size: int, shortest: int = 2, closed: bool = False) -> None:
    """A line's cells: at least ``shortest``, each touching the next, none
    twice; ``closed``, a loop: at least three, the last touching the first too."""
    name = rule.describe(size)
    if closed and len(cells) < 3:
        raise RuleError(f"{name}: a loop needs at least 3 cells")
    if len(cells) < shortest:
        raise RuleError(f"{name}: a line needs at least {shortest} cells")
    if len(set(cells)) != len(cells):
        raise RuleError(f"{name}: the line passes a cell twice")
    for a, b in pairwise([*cells, cells[0]] if closed else cells):
        if not touching(a, b, size):
            raise RuleError(f"{name}: {cell_list((a, b), size)} are not neighbours")
