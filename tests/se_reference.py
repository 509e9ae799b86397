"""The stored Sukaku Explainer figures (tests/data/se_reference.txt).

Made by benchmarks/make_se_data.py: our own generated puzzles, classic and
jigsaw, rated by Sukaku Explainer (the version is in the file's first line).
Shared by tests/test_scales.py and benchmarks/bench_se.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data" / "se_reference.txt"


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


def load(path: Path = DATA) -> list[SeFigure]:
    """The puzzles SE finished (those its time-out cut, marked TO, are left out)."""
    out = []
    for text in path.read_text().splitlines():
        if text.startswith("#") or not text.strip():
            continue
        group, line, er, ep, ed, seconds, hardest = text.split("\t")
        if er != "TO":
            out.append(SeFigure(group, line, float(er), float(ep), float(ed), float(seconds), hardest))
    return out


def version(path: Path = DATA) -> str:
    """The SE version named in the file's first line."""
    return path.read_text().split("\n", 1)[0].split()[3]
