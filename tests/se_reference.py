"""The stored Sukaku Explainer figures.

tests/data/se_reference.txt, made by benchmarks/make_se_data.py: our own
generated puzzles, classic and jigsaw; tests/data/se_variants.txt, made by
benchmarks/make_se_variants.py: minimal house-variant puzzles (diagonals,
windoku, disjoint groups, asterisk, centre dot, girandola) on boxes and
jigsaws. Rated by Sukaku Explainer (the version is in each file's first
line). Shared by tests/test_scales.py and benchmarks/bench_se.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from logic_check import variant_rules
from squiggly_cp.core.puzzle import Puzzle
from squiggly_cp.formats.line import read_line

DATA = Path(__file__).resolve().parent / "data" / "se_reference.txt"
VARIANTS = DATA.with_name("se_variants.txt")


@dataclass(frozen=True)
class SeFigure:
    group: str
    line: str
    """81 givens then 81 region labels (the line format)."""
    er: float
    ep: float
    ed: float
    seconds: float
    """SE's own solve time."""
    hardest: str
    variant: str = ""
    """The house variant (`logic_check.variant_rules`), or "" for none."""

    def puzzle(self) -> Puzzle:
        """The puzzle with its variant's houses."""
        puzzle = read_line(self.line)[0]
        assert isinstance(puzzle, Puzzle)
        return puzzle.with_rules(variant_rules(self.variant, 9)) if self.variant else puzzle


def load(path: Path = DATA) -> list[SeFigure]:
    """The puzzles SE finished (those its time-out cut, marked TO, are left out)."""
    out = []
    for text in path.read_text().splitlines():
        if text.startswith("#") or not text.strip():
            continue
        fields = text.split("\t")
        variant = fields.pop(2) if len(fields) == 8 else ""
        group, line, er, ep, ed, seconds, hardest = fields
        if er != "TO":
            figures = float(er), float(ep), float(ed), float(seconds)
            out.append(SeFigure(group, line, *figures, hardest, variant))
    return out


def version(path: Path = DATA) -> str:
    """The SE version named in the file's first line."""
    return path.read_text().split("\n", 1)[0].split()[3]
