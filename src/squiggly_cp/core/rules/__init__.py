"""The rules of variant puzzles: one module per kind of rule, one entry each
in `registry.RULES` (see `base.Rule` for what a kind holds)."""

from .apart import Apart
from .arrow import Arrow
from .base import Encoder, Rule, RuleError, Shape, cell_list
from .cellmarks import CellMark
from .circles import CountingCircles
from .clues import FrameSum, OutsideClue, Skyscraper, XSum
from .dots import Dot, NoOtherDots
from .groups import Clone, Quadruple
from .houses import Diagonal, DisjointGroups, ExtraRegion, NoRegion, Windoku, regions_leaving_cells
from .killer import KillerCage, SumCage
from .lines import Between, Palindrome, RegionSumLine, Renban, Whispers
from .morelines import EntropicLine, LockoutLine, ModularLine, NabnerLine, ParityLine, SumLine, ZipperLine
from .registry import RULES
from .sums import LittleKiller, Sandwich
from .thermo import SlowThermometer, Thermometer

__all__ = [
    "RULES",
    "Apart",
    "Arrow",
    "Between",
    "CellMark",
    "Clone",
    "CountingCircles",
    "Diagonal",
    "DisjointGroups",
    "Dot",
    "Encoder",
    "EntropicLine",
    "ExtraRegion",
    "FrameSum",
    "KillerCage",
    "LittleKiller",
    "LockoutLine",
    "ModularLine",
    "NabnerLine",
    "NoOtherDots",
    "NoRegion",
    "OutsideClue",
    "Palindrome",
    "ParityLine",
    "Quadruple",
    "RegionSumLine",
    "Renban",
    "Rule",
    "RuleError",
    "Sandwich",
    "Shape",
    "Skyscraper",
    "SlowThermometer",
    "SumCage",
    "SumLine",
    "Thermometer",
    "Whispers",
    "Windoku",
    "XSum",
    "ZipperLine",
    "cell_list",
    "regions_leaving_cells",
]
