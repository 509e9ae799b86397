"""Dots between two orthogonal neighbours: kropki white (the digits differ by
``value``, 1 unless said) and black (one is ``value`` times the other, 2
unless said), and X (sum 10) and V (sum 5); and the negative forms, "all
such dots are given": no unmarked pair keeps that relation."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from .base import (
    Board,
    Encoder,
    Look,
    Rule,
    RuleError,
    Shape,
    Sizes,
    Style,
    Table,
    Tool,
    adjacent,
    cell_list,
    orthogonal_pairs,
    relation,
    support_table,
)

Test = Callable[[int, int], bool]


def _tests(kind: str, value: int) -> Test:
    if kind == "white":
        return lambda x, y: abs(x - y) == value
    if kind == "black":
        return lambda x, y: x == value * y or y == value * x
    return lambda x, y: x + y == value


DEFAULTS = {"white": 1, "black": 2, "x": 10, "v": 5}
_BY = r"\b(?:(?:separated|joined|connected|linked) by|(?:on )?either side of|across) an? ['\"\u2018\u2019]?"
"""Where a sentence says an X or a V is, before its letter (perhaps quoted: "a 'V'")."""
LABELS = {"white": "white kropki dot", "black": "black kropki dot", "x": "X", "v": "V"}


@dataclass(frozen=True)
class Dot(Rule):
    """``style``: ``white``, ``black``, ``x`` or ``v``."""

    style: str
    pair: tuple[int, int]
    value: int | None = None

    kind = "dot"
    label = "dot"
    styles: ClassVar[dict[str, Style]] = {
        "white": Style(
            "white kropki dot",
            "difference",
            Look("edge", "#FFFFFF", shape="circle"),
            ("white dot", "white kropki", "white circle"),
            "Digits joined by a white dot differ by 1.",
            "kropki dot",
            tool=Tool("kropki-white", "White dot"),
        ),
        "black": Style(
            "black kropki dot",
            "ratio",
            Look("edge", "#000000", shape="circle"),
            ("black dot", "black kropki", "black circle"),
            "Of two digits joined by a black dot, one is twice the other.",
            "kropki dot",
            tool=Tool("kropki-black", "Black dot"),
        ),
        "x": Style(
            "X",
            "xv",
            Look("edge", shape="text", text="X"),
            ("an x", "x's", "xs", "an x sum to"),
            "Digits joined by an X sum to 10.",
            "XV",
            tool=Tool("x", "X"),
            sizes=Sizes(least=6),
            # Asserted, "an X sum to 10" names no X-sum ("x sum"); "an V" and "a 'V'" are a V.
            says=(rf"{_BY}x['\"\u2018\u2019]? (?:must |always )?sums? to 10\b",),
        ),
        "v": Style(
            "V",
            "xv",
            Look("edge", shape="text", text="V"),
            ("a v", "v's", "vs"),
            "Digits joined by a V sum to 5.",
            "XV",
            tool=Tool("v", "V"),
            sizes=Sizes(least=3),
            says=(rf"{_BY}v['\"\u2018\u2019]? (?:must |always )?sums? to 5\b",),
        ),
    }

    @property
    def amount(self) -> int:
        return DEFAULTS[self.style] if self.value is None else self.value

    def cells(self) -> tuple[int, ...]:
        return self.pair

    def describe(self, size: int) -> str:
        shown = "" if self.value is None or self.value == DEFAULTS.get(self.style) else f" ({self.value})"
        return f"the {LABELS.get(self.style, self.style)}{shown} at {cell_list(self.pair, size)}"

    def validate(self, size: int) -> None:
        if self.style not in DEFAULTS:
            raise RuleError(f"the dot {self.style!r}: not a kind of dot")
        super().validate(size)
        name = self.describe(size)
        if len(self.pair) != 2 or not adjacent(*self.pair, size):
            raise RuleError(f"{name}: the cells are not orthogonal neighbours")

    def impossible(self, size: int) -> str | None:
        test = _tests(self.style, self.amount)
        # Orthogonal neighbours share a row or a column: their digits differ.
        if not any(test(x, y) for x in range(1, size + 1) for y in range(1, size + 1) if x != y):
            return f"no two digits 1-{size} fit it"
        return None

    def encode(self, enc: Encoder, board: Board) -> None:
        relation(enc, *self.pair, _tests(self.style, self.amount))

    def holds(self, grid: Sequence[int], board: Board) -> bool:
        return _tests(self.style, self.amount)(grid[self.pair[0]], grid[self.pair[1]])

    def shapes(self, size: int) -> tuple[Shape, ...]:
        if self.style in ("x", "v"):
            return (Shape("dot", self.pair, style="text", text=self.style.upper()),)
        return (
            Shape("dot", self.pair, style=self.style, text="" if self.value is None else str(self.value)),
        )


NEGATIVE_STYLES = {"white": ("white",), "black": ("black",), "xv": ("x", "v")}

_PAIR = r"\b(?:(?:orthogonally )?(?:adjacent|neighbou?ring) (?:digits|cells)|neighbou?rs)"
_NOT = r"(?:cannot|can't|can not|may not|must not|mustn't|do not|don't|are not|aren't|are never|never)"
_UNMARKED = r"(?:without|not separated by|not joined by|with no)"
_END = r"(?: digits| numbers| values)?(?=\s*(?:[.;!)]|$))"
"""What a sentence stating a negative constraint says of the pairs it forbids (neighbours, without a
dot), and its end: a negative constraint with an exception ("unless...") is another rule."""
ALL_DOTS = r"\s*all (?:possible )?(?P<kropki>kropki )?dots (?:are|have been) (?:given|shown|drawn)\.?\s*"
"""A whole sentence saying every dot is given, of no colour: the negative
constraint of each kind of kropki dot the puzzle has (it reads it)."""


@dataclass(frozen=True)
class NoOtherDots(Rule):
    """Every pair of neighbours that fits a ``white``, ``black`` or ``xv`` dot
    has one: a pair without one does not fit it. A pair with a dot of the
    same family (a kropki dot of either colour; an X or a V) is exempt."""

    style: str

    kind = "negative"
    label = "negative constraint"
    styles: ClassVar[dict[str, Style]] = {
        "white": Style(
            "negative white dots",
            "negative",
            Look("whole"),
            ("all possible white dots", "all white dots"),
            "All white dots are given: neighbours without one do not differ by 1.",
            "negative constraint",
            tool=Tool("negative-difference", "All white dots given"),
            # Only of neighbours without a dot: said of all neighbours, it is the non-consecutive rule.
            says=(
                rf"{_PAIR} {_UNMARKED} (?:one|an? (?:white |kropki )?dot) {_NOT} (?:be )?"
                rf"(?:consecutive|differ by 1){_END}",
                r"\bif two (?:adjacent |neighbou?ring )?cells are not "
                r"(?:marked|separated by a (?:white )?dot),? "
                rf"(?:then )?they {_NOT} (?:contain |hold |have |be )?consecutive{_END}",
            ),
        ),
        "black": Style(
            "negative black dots",
            "negative",
            Look("whole"),
            ("all possible black dots", "all black dots"),
            "All black dots are given: of neighbours without one, neither is twice the other.",
            "negative constraint",
            tool=Tool("negative-ratio", "All black dots given"),
            says=(
                rf"{_PAIR}(?: {_UNMARKED} (?:one|a (?:black |kropki )?dot))? {_NOT} (?:be )?(?:in )?"
                rf"an? (?:1:2|2:1) ratio{_END}",
                rf"\bof neighbou?rs {_UNMARKED} (?:one|a (?:black |kropki )?dot),? "
                rf"neither is (?:twice|double) the other{_END}",
            ),
        ),
        "xv": Style(
            "negative X and V",
            "negative",
            Look("whole"),
            ("all possible x", "all x and v", "all x's and v's", "all xv"),
            "All X and V are given: neighbours without one do not sum to 10 or 5.",
            "negative constraint",
            tool=Tool("negative-xv", "All X/V given"),
            says=(
                rf"{_PAIR}(?: {_UNMARKED} (?:one|an? (?:x or (?:a )?v|v or (?:an )?x|xv)))? {_NOT} "
                rf"sum to (?:5 or 10|10 or 5){_END}",
            ),
        ),
    }

    def describe(self, size: int) -> str:
        names = {"white": "white kropki dots", "black": "black kropki dots", "xv": "X and V"}
        return f"the negative constraint (all {names.get(self.style, self.style)} are given)"

    def validate(self, size: int) -> None:
        if self.style not in NEGATIVE_STYLES:
            raise RuleError(f"the negative constraint {self.style!r}: not a kind of dot")

    def _unmarked(self, board: Board) -> list[tuple[tuple[int, int], Test]]:
        styles = NEGATIVE_STYLES[self.style]
        # A pair with a dot of the same family (kropki: white or black; X or V)
        # is exempt: its own dot says what it is, as f-puzzles reads it.
        family = ("x", "v") if self.style == "xv" else ("white", "black")
        marked = {
            frozenset(rule.pair) for rule in board.rules if isinstance(rule, Dot) and rule.style in family
        }
        tests = [_tests(style, DEFAULTS[style]) for style in styles]
        return [
            (pair, test)
            for pair in orthogonal_pairs(board.size)
            if frozenset(pair) not in marked
            for test in tests
        ]

    def encode(self, enc: Encoder, board: Board) -> None:
        tables: dict[int, Table] = {}
        for pair, test in self._unmarked(board):
            if id(test) not in tables:  # one table for the many pairs of one test
                tables[id(test)] = support_table(lambda x, y, test=test: not test(x, y), enc.size)  # type: ignore[misc]
            relation(enc, *pair, test, tables[id(test)])

    def holds(self, grid: Sequence[int], board: Board) -> bool:
        return not any(test(grid[a], grid[b]) for (a, b), test in self._unmarked(board))
