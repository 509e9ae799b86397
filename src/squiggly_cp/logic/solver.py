"""The step solver: always apply the easiest step that makes progress.

Finders are tried in order of the least difficulty they can produce. The
solver keeps the easiest step found so far and stops looking once the next
finder cannot beat it, so a technique whose difficulty varies (Law of
Leftovers, chains) still yields to an easier one that happens to be
listed later. After every step it starts again from the easiest technique.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial

from ..core.puzzle import Puzzle
from . import chains, fish, intersections, leftovers, singles, subsets, trial, wings
from .state import State
from .step import Step

Finder = Callable[[State], Iterator[Step]]

# (technique, least difficulty, finder), in order of least difficulty.
_FINDERS: tuple[tuple[str, float, Finder], ...] = (
    ("full house", singles.FULL_HOUSE, singles.full_house),
    ("hidden single", singles.HIDDEN_SINGLE_REGION, singles.hidden_single_region),
    ("hidden single", singles.HIDDEN_SINGLE_LINE, singles.hidden_single_line),
    ("naked single", singles.NAKED_SINGLE, singles.naked_single),
    ("pointing", intersections.POINTING, intersections.pointing),
    ("claiming", intersections.CLAIMING, intersections.claiming),
    ("common peers", intersections.COMMON_PEERS, intersections.common_peers),
    ("naked pair", subsets.NAKED[2], partial(subsets.naked_subsets, k=2)),
    ("law of leftovers", leftovers.BASE, leftovers.law_of_leftovers),
    ("x-wing", fish.BASIC[2], partial(fish.basic_fish, k=2)),
    ("hidden pair", subsets.HIDDEN[2], partial(subsets.hidden_subsets, k=2)),
    ("franken x-wing", fish.FRANKEN[2], partial(fish.franken_fish, k=2)),
    ("naked triple", subsets.NAKED[3], partial(subsets.naked_subsets, k=3)),
    ("swordfish", fish.BASIC[3], partial(fish.basic_fish, k=3)),
    ("hidden triple", subsets.HIDDEN[3], partial(subsets.hidden_subsets, k=3)),
    ("franken swordfish", fish.FRANKEN[3], partial(fish.franken_fish, k=3)),
    ("xy-wing", wings.XY_WING, wings.xy_wing),
    ("xyz-wing", wings.XYZ_WING, wings.xyz_wing),
    ("w-wing", wings.W_WING, wings.w_wing),
    ("naked quad", subsets.NAKED[4], partial(subsets.naked_subsets, k=4)),
    ("jellyfish", fish.BASIC[4], partial(fish.basic_fish, k=4)),
    ("hidden quad", subsets.HIDDEN[4], partial(subsets.hidden_subsets, k=4)),
    ("x-chain", chains.X_CHAIN, chains.x_chain),
    ("aic", chains.AIC, chains.aic),
    ("trial", trial.SHALLOW, trial.shallow_trial),
    ("trial", trial.NESTED, trial.nested_trial),
)

TECHNIQUES: tuple[str, ...] = tuple(dict.fromkeys(name for name, _, _ in _FINDERS))
"""Technique names, easiest first. ``max_technique`` allows a name and every one before it."""

BASE_DIFFICULTY: dict[str, float] = {}
for _name, _least, _ in _FINDERS:
    BASE_DIFFICULTY.setdefault(_name, _least)


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


# Techniques whose step difficulty varies (by length, lines, depth); the others have one value.
_VARIABLE = frozenset({"hidden single", "law of leftovers", "x-chain", "aic", "trial"})


def _allowed(max_technique: str | None) -> tuple[tuple[str, float, Finder], ...]:
    """The finders up to ``max_technique``; steps of earlier techniques whose
    difficulty varies are kept only up to ``max_technique``'s difficulty."""
    if max_technique is None:
        return _FINDERS
    if max_technique not in TECHNIQUES:
        raise ValueError(f"unknown technique {max_technique!r}; choose from {', '.join(TECHNIQUES)}")
    last = TECHNIQUES.index(max_technique)
    allowed = set(TECHNIQUES[: last + 1])
    cap = float("inf") if max_technique in _VARIABLE else BASE_DIFFICULTY[max_technique]
    out = []
    for name, least, finder in _FINDERS:
        if name not in allowed:
            continue
        if name != max_technique and name in _VARIABLE:
            finder = partial(_capped, finder=finder, cap=cap)
        out.append((name, least, finder))
    return tuple(out)


def _capped(state: State, finder: Finder, cap: float) -> Iterator[Step]:
    return (step for step in finder(state) if step.difficulty <= cap)


def find_step(state: State, finders: Sequence[tuple[str, float, Finder]] = _FINDERS) -> Step | None:
    """The easiest step available in ``state``, or None."""
    best: Step | None = None
    for _name, least, finder in finders:
        if best is not None and least >= best.difficulty:
            break
        for step in finder(state):
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
