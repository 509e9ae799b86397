"""The step solver: always apply the easiest step that makes progress.

Finders are tried in order of the least difficulty they can produce. The
solver keeps the easiest step found so far and stops looking once the next
finder cannot beat it, so a technique whose difficulty varies (Law of
Leftovers, chains) still yields to an easier one that happens to be
listed later. After every step it starts again from the easiest technique.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from itertools import chain
from operator import attrgetter

from ..core.puzzle import Puzzle
from . import chains, fish, intersections, leftovers, singles, subsets, trial, wings
from .state import State
from .step import Finder, Step, Technique

FINDERS: tuple[Technique, ...] = tuple(
    sorted(
        chain(
            singles.FINDERS,
            intersections.FINDERS,
            subsets.FINDERS,
            leftovers.FINDERS,
            fish.FINDERS,
            wings.FINDERS,
            chains.FINDERS,
            trial.FINDERS,
        ),
        key=attrgetter("difficulty"),
    )
)
"""Every finder, in order of the least difficulty it can produce (ties keep the order above)."""

TECHNIQUES: tuple[str, ...] = tuple(dict.fromkeys(t.name for t in FINDERS))
"""Technique names, easiest first. ``max_technique`` allows a name and every one before it."""

BASE_DIFFICULTY: dict[str, float] = {}
for _technique in FINDERS:
    BASE_DIFFICULTY.setdefault(_technique.name, _technique.difficulty)

# Techniques whose step difficulty varies (by length, lines, depth); the others have one value.
_VARIABLE = frozenset(t.name for t in FINDERS if t.variable)


@dataclass
class LogicResult:
    """Where a logic solve ended.

    ``candidates`` are the masks when it stopped; ``solved`` is True when every
    cell is placed without contradiction; ``contradiction`` names the
    contradiction reached (the puzzle then has no solution), else None. Not
    solved and no contradiction means the allowed techniques got stuck.
    """

    steps: list[Step]
    candidates: list[int]
    solved: bool
    contradiction: str | None
    size: int = field(default=9, repr=False)

    @property
    def stuck(self) -> bool:
        return not self.solved and self.contradiction is None


def _allowed(max_technique: str | None) -> tuple[Technique, ...]:
    """The finders up to ``max_technique``; steps of earlier techniques whose
    difficulty varies are kept only up to ``max_technique``'s difficulty."""
    if max_technique is None:
        return FINDERS
    if max_technique not in TECHNIQUES:
        raise ValueError(f"unknown technique {max_technique!r}; choose from {', '.join(TECHNIQUES)}")
    last = TECHNIQUES.index(max_technique)
    allowed = set(TECHNIQUES[: last + 1])
    cap = float("inf") if max_technique in _VARIABLE else BASE_DIFFICULTY[max_technique]
    out = []
    for technique in FINDERS:
        if technique.name not in allowed:
            continue
        if technique.name != max_technique and technique.variable:
            technique = replace(technique, finder=partial(_capped, finder=technique.finder, cap=cap))
        out.append(technique)
    return tuple(out)


def _capped(state: State, finder: Finder, cap: float) -> Iterator[Step]:
    return (step for step in finder(state) if step.difficulty <= cap)


def find_step(state: State, finders: Sequence[Technique] = FINDERS) -> Step | None:
    """The easiest step available in ``state``, or None."""
    best: Step | None = None
    for technique in finders:
        least = technique.difficulty
        if best is not None and least >= best.difficulty:
            break
        for step in technique.finder(state):
            if best is None or step.difficulty < best.difficulty:
                best = step
            if step.difficulty <= least:
                break
    return best


def solve_logic(
    puzzle: Puzzle,
    *,
    max_technique: str | None = None,
    candidates: Sequence[int] | None = None,
    max_steps: int | None = None,
) -> LogicResult:
    """Solve ``puzzle`` step by step, always with the easiest step available.

    ``max_technique`` names the hardest technique allowed (see `TECHNIQUES`):
    no later technique is used, nor a step of an earlier one rated above it;
    ``candidates`` (one bitmask per cell, bit d-1 for digit d) starts from an
    explicit position instead of the givens' consequences; ``max_steps``
    stops after that many steps.
    """
    finders = _allowed(max_technique)
    state = State.start(puzzle, candidates)
    steps: list[Step] = []
    contradiction = state.contradiction()
    while contradiction is None and not all(state.values):
        if max_steps is not None and len(steps) >= max_steps:
            break
        step = find_step(state, finders)
        if step is None:
            break
        steps.append(step)
        state.apply(step.placements, step.eliminations)
        contradiction = state.contradiction()
    return LogicResult(
        steps=steps,
        candidates=list(state.cands),
        solved=contradiction is None and all(state.values),
        contradiction=contradiction,
        size=puzzle.size,
    )


def next_step(
    puzzle: Puzzle, candidates: Sequence[int] | None = None, max_technique: str | None = None
) -> Step | None:
    """The easiest step from the givens (or from ``candidates``), without applying it."""
    state = State.start(puzzle, candidates)
    if state.contradiction() is not None:
        return None
    return find_step(state, _allowed(max_technique))
