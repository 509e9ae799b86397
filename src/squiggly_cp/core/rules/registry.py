"""The one list of rule kinds: adding a rule is a module in this package and
an entry here (docs/architecture.md)."""

from __future__ import annotations

from .apart import Apart
from .arrow import Arrow
from .base import Rule
from .cellmarks import CellMark
from .dots import Dot, NoOtherDots
from .groups import Clone, Quadruple
from .houses import Diagonal, DisjointGroups, ExtraRegion, NoRegion, Windoku
from .killer import KillerCage
from .lines import Between, Palindrome, RegionSumLine, Renban, Whispers
from .morelines import EntropicLine, LockoutLine, ModularLine, NabnerLine, ParityLine, SumLine, ZipperLine
from .sums import LittleKiller, Sandwich
from .thermo import SlowThermometer, Thermometer

RULES: dict[str, type[Rule]] = {
    kind.kind: kind
    for kind in (
        KillerCage,
        LittleKiller,
        Sandwich,
        Arrow,
        Thermometer,
        SlowThermometer,
        Dot,
        NoOtherDots,
        CellMark,
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
