"""The step solver: always apply the easiest step that makes progress.

Finders are tried in order of the least difficulty they can produce. The
solver keeps the easiest step found so far and stops looking once the next
finder cannot beat it, so a technique whose difficulty varies (Law of
Leftovers, chains) still yields to an easier one that happens to be
listed later. After every step it starts again from the easiest technique.
On the ``se`` scale (`scales`) it does as Sudoku Explainer does instead: the
first finder, in SE's order, that finds a step gives it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import partial

from ..core.limits import Deadline, Undecided, enforced, enforced_deadline
from ..core.position import Position
from ..core.puzzle import Puzzle
from .links import links_of
from .potentials import gc_paused
from .scales import DEFAULT, SCALES, Scale
from .state import State
from .step import Finder, Step, Technique

FINDERS: tuple[Technique, ...] = DEFAULT.finders
"""The default scale's finders, in order of the least difficulty each can produce."""

TECHNIQUES: tuple[str, ...] = DEFAULT.techniques
"""The default scale's technique names, easiest first (``max_technique``
allows a name and every one before it)."""

BASE_DIFFICULTY: dict[str, float] = DEFAULT.base_difficulty



@dataclass
class LogicResult:
    """Where a logic solve ended.

    ``position`` is where it stopped: the digits placed by then (givens
    included) and the candidates left, the `Position` that `hint` reads and
    `position_text` writes; ``candidates`` and ``values`` are its masks and
    digits as lists. ``solved`` is True when every cell is placed without
    contradiction; ``contradiction`` names the contradiction reached (the
    puzzle then has no solution), else None. Not solved and no contradiction
    means the allowed techniques got stuck.
    """

    steps: list[Step]
    position: Position = field(repr=False)
    solved: bool
    contradiction: str | None

    @property
    def candidates(self) -> list[int]:
        return list(self.position.candidates)

    @property
    def values(self) -> list[int]:
        return list(self.position.digits)

    @property
    def size(self) -> int:
        return self.position.puzzle.size

    @property
    def stuck(self) -> bool:
        return not self.solved and self.contradiction is None


def get_scale(scale: str | Scale) -> Scale:
    if isinstance(scale, Scale):
        return scale
    if scale not in SCALES:
        raise ValueError(f"unknown scale {scale!r}; choose from {', '.join(SCALES)}")
    return SCALES[scale]


def _allowed(
    max_technique: str | None, scale: Scale = DEFAULT, max_difficulty: float | None = None
) -> tuple[Technique, ...]:
    """The finders up to ``max_technique``; steps of earlier techniques whose
    difficulty varies are kept only up to ``max_technique``'s difficulty.
    With ``max_difficulty``, no step rated above it."""
    finders = _up_to(max_technique, scale)
    if max_difficulty is None:
        return finders
    return tuple(
        replace(t, finder=partial(_capped, finder=t.finder, cap=max_difficulty + 1e-9)) if t.variable else t
        for t in finders
        if t.difficulty <= max_difficulty + 1e-9
    )


def _up_to(max_technique: str | None, scale: Scale) -> tuple[Technique, ...]:
    if max_technique is None:
        return scale.finders
    techniques = scale.techniques
    if max_technique not in techniques:
        raise ValueError(f"unknown technique {max_technique!r}; choose from {', '.join(techniques)}")
    last = techniques.index(max_technique)
    allowed = set(techniques[: last + 1])
    variable = {t.name for t in scale.finders if t.variable}
    cap = float("inf") if max_technique in variable else scale.base_difficulty[max_technique]
    out = []
    for technique in scale.finders:
        if technique.name not in allowed:
            continue
        if technique.name != max_technique and technique.variable:
            technique = replace(technique, finder=partial(_capped, finder=technique.finder, cap=cap))
        out.append(technique)
    return tuple(out)


def _capped(state: State, finder: Finder, cap: float) -> Iterator[Step]:
    return (step for step in finder(state) if step.difficulty <= cap)


def find_step(
    state: State, finders: Sequence[Technique] = FINDERS, easiest_first: bool = True
) -> Step | None:
    """The easiest step available in ``state`` (or, not ``easiest_first``, the
    first step of the first finder that has one), or None."""
    with gc_paused():
        return _find_step(state, finders, easiest_first)


def _find_step(state: State, finders: Sequence[Technique], easiest_first: bool) -> Step | None:
    if not easiest_first:
        for technique in finders:
            for step in technique.finder(state):
                return step
        return None
    best: Step | None = None
    for technique in finders:
        least = technique.difficulty
        if best is not None and (least >= best.difficulty or technique.last_resort):
            break
        for step in technique.finder(state):
            if best is None or step.difficulty < best.difficulty:
                best = step
            if step.difficulty <= least:
                break
    return best


def solve_logic(
    start: Puzzle | Position,
    *,
    max_technique: str | None = None,
    candidates: Sequence[int] | None = None,
    max_steps: int | None = None,
    scale: str | Scale = "default",
    unique: bool = False,
    max_difficulty: float | None = None,
    deadline: Deadline | None = None,
) -> LogicResult:
    """Solve ``start`` (a puzzle, or a position part way through: its digits
    count as givens) step by step, always with the easiest step available.

    ``max_technique`` names the hardest technique allowed (see `TECHNIQUES`):
    no later technique is used, nor a step of an earlier one rated above it;
    ``candidates`` (one bitmask per cell, bit d-1 for digit d) starts from
    these instead of the givens' consequences (a position brings its own);
    ``max_steps``
    stops after that many steps; ``scale`` names the scale (`SCALES`).
    ``unique`` says the puzzle is proved to have one solution, which lets
    the uniqueness techniques run (they are unsound otherwise);
    ``max_difficulty`` allows no step rated above it (a cheap way to learn
    whether a puzzle is rated at most that: if so, the path is the same).
    Raises `Undecided` when ``deadline`` has passed, between two steps or
    inside a long search (chains, exclusion, trial: `check_enforced`).
    Without a ``deadline`` of its own, an enclosing `enforced` block's is
    kept (the generator's, around the rating of a difficulty target).
    """
    if deadline is None:
        deadline = enforced_deadline()
    scale = get_scale(scale)
    finders = _allowed(max_technique, scale, max_difficulty)
    puzzle, candidates = _opening(start, candidates)
    state = State.start(puzzle, candidates, unique)
    steps: list[Step] = []
    contradiction = state.contradiction()
    while contradiction is None and not all(state.values):
        if max_steps is not None and len(steps) >= max_steps:
            break
        if deadline is not None and deadline.passed():
            raise Undecided("the time limit ran out before the logic path ended")
        with enforced(deadline):
            step = find_step(state, finders, scale.easiest_first)
        if step is None:
            break
        steps.append(step)
        state.apply(step.placements, step.eliminations)
        contradiction = state.contradiction()
    if contradiction is None and all(state.values):
        contradiction = _broken_rule(puzzle, state.values)
    return LogicResult(
        steps=steps,
        position=Position(puzzle, tuple(state.values), tuple(state.cands)),
        solved=contradiction is None and all(state.values),
        contradiction=contradiction,
    )


def _broken_rule(puzzle: Puzzle, grid: Sequence[int]) -> str | None:
    """The first rule a full grid breaks: a step with a rule only runs when
    it is the easiest, so the last digits may be placed before it checks."""
    for rule in puzzle.rules:
        if not rule.holds(grid, puzzle):
            return f"the grid breaks {rule.describe(puzzle.size)}"
    return None


def _opening(
    start: Puzzle | Position, candidates: Sequence[int] | None
) -> tuple[Puzzle, Sequence[int] | None]:
    """The puzzle logic starts from (a position's digits as its givens) and its
    candidates. Raises `Unsupported` for a puzzle with a rule no technique
    reasons with (`links`): a path that ignored one would be wrong."""
    links_of(start.puzzle if isinstance(start, Position) else start)
    if isinstance(start, Position):
        return start.puzzle.with_givens(start.digits), start.candidates if candidates is None else candidates
    return start, candidates


def next_step(
    start: Puzzle | Position,
    candidates: Sequence[int] | None = None,
    max_technique: str | None = None,
    scale: str | Scale = "default",
    unique: bool = False,
    deadline: Deadline | None = None,
) -> Step | None:
    """The step the solver would take next from ``start`` (a puzzle's givens,
    or a position; or from ``candidates``), without applying it. Raises
    `Undecided` when ``deadline`` passes during the search."""
    puzzle, candidates = _opening(start, candidates)
    state = State.start(puzzle, candidates, unique)
    if state.contradiction() is not None:
        return None
    scale = get_scale(scale)
    with enforced(deadline):
        return find_step(state, _allowed(max_technique, scale), scale.easiest_first)
