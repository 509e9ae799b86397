"""Difficulty targets for the generator: a rating range, or a level's.

A `Target` is asked about each removal of givens and about each finished
puzzle (`squiggly_cp.make.generate.make_puzzle`); `rating_target` makes
one from the logic solver's rating.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..core.puzzle import Puzzle

__all__ = ["RATING_TOP", "TARGET_TRIES", "Target", "level_range", "rating_target"]

TARGET_TRIES = 20  # attempts per puzzle with a target (time limit or not): one may be out of reach
_TARGET_WARN_AFTER = 3  # finished tries, none on target, before a target is said to look unreachable


@dataclass(frozen=True)
class Target:
    """A hook for a difficulty target (for example a rating range lo..hi).

    ``within`` is asked after each removal of givens; a removal whose result
    it rejects is undone (for a rating range: ``rating <= hi``, since removing
    givens makes a puzzle harder). ``accept`` is asked about the finished
    puzzle; a puzzle it rejects is thrown away and a new one started (for a
    range: ``lo <= rating <= hi``). Either may be None.
    """

    within: Callable[[Puzzle], bool] | None = None
    accept: Callable[[Puzzle], bool] | None = None


def rating_target(
    low: float, high: float, warn: Callable[[str], None] | None = None, *, scale: str = "default"
) -> Target:
    """A `Target` for puzzles whose rating (`squiggly_cp.logic.rate` on
    ``scale``: the README's, or ``"se"`` for Sudoku Explainer's) is in
    ``low..high``: a removal that would rate above
    ``high`` is undone, and a finished puzzle rated below ``low`` is thrown
    away for a new one. Raises ValueError if ``high`` is below every step's
    difficulty: only a completed grid rates lower.

    ``warn`` is told once, in one line, when the first few finished puzzles
    all missed the range (with the ratings they had): the target looks
    unreachable, and each puzzle gives up after `TARGET_TRIES` tries."""
    from ..logic import SCALES, rate

    if scale not in SCALES:
        raise ValueError(f"unknown scale {scale!r}; the scales are {', '.join(SCALES)}")
    easiest = min(SCALES[scale].base_difficulty.values())
    if high < easiest:
        raise ValueError(
            f"no puzzle rates at most {high:g}: one with an empty cell rates {easiest:.1f} or more"
        )

    def rating(puzzle: Puzzle) -> float:
        # Asked only of puzzles proved unique; a path above ``high`` is not
        # followed to its end (it is out of range either way).
        cap = None if high >= RATING_TOP else high
        return rate(puzzle, scale=scale, unique=True, max_difficulty=cap).rating

    # Removing givens only makes a puzzle harder (or leaves it): check each step
    # against the top of the range, unless the range is open at the top.
    within = None if high >= RATING_TOP else (lambda puzzle: rating(puzzle) <= high)
    missed: list[float] | None = []  # the ratings of the finished puzzles; None once one is on target

    def accept(puzzle: Puzzle) -> bool:
        nonlocal missed
        value = rating(puzzle)
        if low <= value <= high:
            missed = None
            return True
        if missed is not None:
            missed.append(value)
            if len(missed) == _TARGET_WARN_AFTER and warn is not None:
                lo, hi = min(missed), max(missed)
                seen = f"{lo:.1f}" if lo == hi else f"{lo:.1f} to {hi:.1f}"
                warn(
                    f"rating {low:g}..{high:g}: none of the first {len(missed)} puzzles rated in range "
                    f"(they rated {seen}); the target looks unreachable, "
                    f"so each puzzle gives up after {TARGET_TRIES} tries"
                )
        return False

    return Target(within=within, accept=accept)


def level_range(level: str) -> tuple[float, float]:
    """The ratings of a level of `squiggly_cp.logic.LEVELS` (``beyond``: above them all)."""
    from ..logic import LEVELS

    low = 0.0
    for name, top in LEVELS:
        if name == level:
            return low, top
        low = round(top + 0.1, 1)
    if level == "beyond":
        return low, RATING_TOP
    raise ValueError(f"unknown level {level!r}")


RATING_TOP = 20.0
"""The top of the rating scale (a path that needs a trial step rates 10-11)."""
