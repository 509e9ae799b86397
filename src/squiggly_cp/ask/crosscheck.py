"""Deciding each puzzle with every engine and comparing their answers."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from ..core.puzzle import Puzzle, Result, Verdict, grid_lines
from ..engines.registry import ENGINES, Engine, get_engine


@dataclass(frozen=True)
class Comparison:
    """What every engine said about one puzzle."""

    results: dict[str, Result]

    @property
    def undecided(self) -> list[str]:
        """The engines that stopped (time limit) before deciding."""
        return [name for name, r in self.results.items() if r.verdict is Verdict.UNKNOWN]

    @property
    def agree(self) -> bool:
        """Equal verdicts, and for a unique solution equal solutions."""
        first, *others = self.results.values()
        return all(r.verdict is first.verdict and r.solution == first.solution for r in others)

    def describe(self) -> str:
        """``cpsat says unique 5214…, dlx says none``."""
        return ", ".join(f"{name} says {_describe(r)}" for name, r in self.results.items())


@dataclass
class Crosscheck:
    """Runs every engine on each puzzle given to `check`, keeping the tally."""

    time_limit: float | None = None
    engines: dict[str, Engine] = field(default_factory=lambda: {name: get_engine(name) for name in ENGINES})
    cases: int = 0
    agreements: int = 0
    undecided: int = 0
    seconds: dict[str, float] = field(default_factory=dict)

    def check(self, puzzle: Puzzle) -> Comparison:
        results = {}
        for name, engine in self.engines.items():
            start = time.perf_counter()
            results[name] = engine(puzzle, time_limit=self.time_limit)
            self.seconds[name] = self.seconds.get(name, 0.0) + time.perf_counter() - start
        comparison = Comparison(results)
        self.cases += 1
        if comparison.undecided:
            self.undecided += 1
        elif comparison.agree:
            self.agreements += 1
        return comparison

    @property
    def disagreements(self) -> int:
        return self.cases - self.agreements - self.undecided

    def summary(self) -> str:
        """``3 cases, 1 agreement, 2 disagreements; cpsat 0.01 s, dlx 0.02 s``."""
        timing = ", ".join(f"{name} {self.seconds.get(name, 0.0):.2f} s" for name in self.engines)
        extra = f", {self.undecided} undecided" if self.undecided else ""
        return (
            f"{_count(self.cases, 'case')}, {_count(self.agreements, 'agreement')}, "
            f"{_count(self.disagreements, 'disagreement')}{extra}; {timing}"
        )


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _describe(result: Result) -> str:
    if result.verdict is Verdict.UNIQUE:
        return "unique " + grid_lines(result.solutions[0]).replace("\n", "")
    return result.verdict.value
