"""The one list of rule kinds: adding a rule is a module in this package and
an entry here (docs/architecture.md)."""

from __future__ import annotations

from .apart import Apart
from .arrow import Arrow
from .base import Rule
from .cellmarks import CellMark
from .circles import CountingCircles
from .clues import Skyscraper, XSum
from .dots import Dot, NoOtherDots
from .groups import Clone, Quadruple
from .houses import Diagonal, DisjointGroups, ExtraRegion, NoRegion, Windoku
from .killer import KillerCage, SumCage
from .lines import Between, Palindrome, RegionSumLine, Renban, Whispers
from .sums import LittleKiller, Sandwich
from .thermo import Thermometer

RULES: dict[str, type[Rule]] = {
    kind.kind: kind
    for kind in (
        KillerCage,
        SumCage,
        LittleKiller,
        Sandwich,
        XSum,
        Skyscraper,
        Arrow,
        Thermometer,
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
