"""The one list of rule kinds: adding a rule is a module in this package and
an entry here (docs/architecture.md)."""

from __future__ import annotations

from typing import Any

from .apart import Apart
from .arrow import Arrow
from .base import Look, Rule
from .cellmarks import CellMark
from .circles import CountingCircles
from .clues import FrameSum, OutsideClue, Skyscraper, XSum
from .dots import Dot, NoOtherDots
from .groups import Clone, Quadruple
from .houses import Diagonal, DisjointGroups, ExtraRegion, NoRegion, Windoku
from .killer import KillerCage, SumCage
from .lines import Between, Palindrome, RegionSumLine, Renban, Whispers
from .morelines import EntropicLine, LockoutLine, ModularLine, NabnerLine, ParityLine, SumLine, ZipperLine
from .sums import LittleKiller, Sandwich
from .thermo import SlowThermometer, Thermometer

RULES: dict[str, type[Rule]] = {
    kind.kind: kind
    for kind in (
        KillerCage,
        SumCage,
        LittleKiller,
        Sandwich,
        XSum,
        Skyscraper,
        FrameSum,
        OutsideClue,
        Arrow,
        Thermometer,
        SlowThermometer,
        Dot,
        NoOtherDots,
        CellMark,
        CountingCircles,
        Apart,
        Palindrome,
        Renban,
        Whispers,
        Between,
        RegionSumLine,
        EntropicLine,
        ModularLine,
        ParityLine,
        ZipperLine,
        NabnerLine,
        LockoutLine,
        SumLine,
        Clone,
        Quadruple,
        Diagonal,
        ExtraRegion,
        Windoku,
        DisjointGroups,
        NoRegion,
    )
}
"""Each kind of rule by its ``kind`` name."""


def line_looks() -> dict[str, Look]:
    """The look of each kind drawn as a line or an arrow, by kind (the
    ``style`` of its ``path`` shape)."""
    return {
        name: style.look
        for name, kind in RULES.items()
        for style in kind.styles.values()
        if style.look.element in ("path", "arrow")
    }


LOOK_UNIT = 64
"""A cell in SudokuPad's units: a look's thickness over it is the share of a
cell the SVG drawing gives the line."""


def whole_rule(kind: str, key: str) -> Rule:
    """The rule of the whole grid of that kind and style (anti-knight, a
    diagonal, all white dots given...): such a rule is built from its style alone."""
    whole: Any = RULES[kind]
    return whole(key) if key else whole()


def grid_rules() -> dict[str, Rule]:
    """Each rule of the whole grid (a flag: anti-knight, a diagonal...) by its
    f-puzzles key; the negative constraints, a list of names, are not here."""
    out: dict[str, Rule] = {}
    for kind in RULES.values():
        for key, style in kind.styles.items():
            if style.look.element in ("whole", "diagonal") and style.fpuzzles != "negative":
                out[style.fpuzzles] = whole_rule(kind.kind, key)
    return out


def line_kinds() -> dict[str, type[Rule]]:
    """Each kind drawn as a plain line (built from its cells, and its
    `Rule.fpuzzles_value`), by its f-puzzles key."""
    return {
        style.fpuzzles: kind
        for kind in RULES.values()
        for style in kind.styles.values()
        if style.look.element == "path"
    }
