"""Engine registry and the one call that classifies a puzzle with any engine."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..core.puzzle import Meta, Puzzle, Result
from ..core.signals import import_held

Engine = Callable[..., Result]
ENGINES = ("cpsat", "dlx")


def get_engine(name: str) -> Engine:
    """The ``solve(puzzle, *, time_limit=None) -> Result`` function of an engine.

    Engines are imported on first use, so a user of the DLX engine alone never
    pays for loading OR-Tools.
    """
    if name not in ENGINES:
        raise ValueError(f"unknown engine {name!r}; choose from {', '.join(ENGINES)}")
    return import_held(f"squiggly_cp.engines.{name}").solve


def classify(puzzle: Puzzle, engine: str = "cpsat", *, time_limit: float | None = None) -> Result:
    """Decide whether ``puzzle`` has no, one or several solutions.

    ``time_limit`` is in seconds; a puzzle not decided by then gets
    `Verdict.UNKNOWN`, never a verdict that was not proved.
    """
    return get_engine(engine)(puzzle, time_limit=time_limit)


def with_proved_solution(puzzle: Puzzle, *, time_limit: float | None = None) -> Puzzle:
    """``puzzle`` carrying its solution in ``meta`` when CP-SAT proves it unique
    within ``time_limit`` seconds, and no solution otherwise (not even one a
    link brought: only a proved one is passed on)."""
    solution = classify(puzzle, time_limit=time_limit).solution
    return puzzle.with_meta(replace(puzzle.meta or Meta(), solution=solution))
