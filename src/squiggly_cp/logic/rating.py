"""Puzzle rating: the hardest step of the easiest-first path, plus a score and a level.

* ``rating`` is the largest step difficulty on the path (Sudoku Explainer's
  ER). A path that does not finish (stuck, or a contradiction) is rated 20.0.
* ``pearl`` (SE's EP) is the largest difficulty up to and including the
  first step that places a digit; ``diamond`` (SE's ED) is the difficulty of
  the first step. Both are 0.0 when there is no such step.
* ``score`` sums a per-technique base score over every step, HoDoKu style
  (`SCORES`): many easy steps add up, so two puzzles with the same rating
  can still be told apart.
* ``level`` comes from the rating alone (`LEVELS`): ``beyond`` when the path
  needs a trial step or does not finish.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.puzzle import Puzzle
from .blocked import FINDERS as BLOCK_FINDERS
from .links import RULE_STEP_NAMES
from .scales import SCALES, Scale
from .solver import LogicResult, get_scale, solve_logic
from .sums import FINDERS as SUM_FINDERS
from .wholes import FINDERS as WHOLE_FINDERS

NOT_SE = frozenset(RULE_STEP_NAMES).union(
    *(t.step_names for t in SUM_FINDERS + WHOLE_FINDERS + BLOCK_FINDERS)
)
"""Steps Sudoku Explainer has no technique for (`Rating.se_exact`)."""

SCORES: dict[str, int] = {}
for _scale in SCALES.values():  # the default scale first: its scores win
    for _technique in _scale.finders:
        for _name in _technique.step_names:
            SCORES.setdefault(_name, _technique.score)
"""Per-step base score, from the family modules' technique records: the
values of HoDoKu's scale where it has the technique."""

LEVELS: tuple[tuple[str, float], ...] = (
    ("easy", 2.5),
    ("medium", 3.4),
    ("hard", 4.6),
    ("fiendish", 9.9),
)
"""(level, highest rating in it); anything above, or a trial, is ``beyond``.

easy: singles, and the direct techniques (which amount to singles). medium:
adds locked candidates, pairs, one- and two-line leftovers, X-Wing. hard:
triples, swordfish, larger leftovers, wings. fiendish: quads, jellyfish,
uniqueness, exclusion, forcing chains.
"""

UNFINISHED = 20.0


@dataclass
class Rating:
    """A puzzle's rating; see the module docstring."""

    rating: float
    pearl: float
    diamond: float
    score: int
    level: str
    hardest: str | None
    counts: dict[str, int]
    solved: bool
    contradiction: str | None = None
    result: LogicResult | None = field(default=None, repr=False)
    se_exact: bool | None = None
    """On the ``se`` scale: did every step use a technique Sudoku Explainer
    has (so the figures are SE's own)? False when a rule SE does not know
    (a dot, a thermometer...) was rated with our figure; None on other scales."""

    def to_json(self) -> dict[str, Any]:
        return {
            "rating": self.rating,
            "pearl": self.pearl,
            "diamond": self.diamond,
            "score": self.score,
            "level": self.level,
            "hardest": self.hardest,
            "counts": dict(self.counts),
            "solved": self.solved,
            "contradiction": self.contradiction,
            **({} if self.se_exact is None else {"se_exact": self.se_exact}),
        }


def level_for(rating: float, used_trial: bool = False) -> str:
    if used_trial:
        return "beyond"
    for name, top in LEVELS:
        if rating <= top:
            return name
    return "beyond"


def rate_result(result: LogicResult, scale: str | Scale = "default") -> Rating:
    """The rating of a finished `solve_logic` result on ``scale``."""
    counts: dict[str, int] = {}
    hardest = None
    top = 0.0
    pearl = 0.0
    diamond = result.steps[0].difficulty if result.steps else 0.0
    for step in result.steps:
        if not pearl and step.placements:
            pearl = max(top, step.difficulty)
        counts[step.technique] = counts.get(step.technique, 0) + 1
        if step.difficulty > top:
            top = step.difficulty
            hardest = step.technique
    score = sum(SCORES[step.technique] for step in result.steps)
    rating = top if result.solved else UNFINISHED
    # Chain grades add 0.1 at a time, as SE does; round where SE prints.
    return Rating(
        rating=round(rating, 1),
        pearl=round(pearl, 1),
        diamond=round(diamond, 1),
        score=score,
        level=level_for(rating, "trial" in counts),
        hardest=hardest,
        counts=counts,
        solved=result.solved,
        contradiction=result.contradiction,
        result=result,
        se_exact=not set(counts) & NOT_SE if get_scale(scale).name == "se" else None,
    )


def rate(
    puzzle: Puzzle,
    *,
    max_technique: str | None = None,
    scale: str | Scale = "default",
    unique: bool = False,
    max_difficulty: float | None = None,
) -> Rating:
    """Solve ``puzzle`` by logic on ``scale`` and rate the path (see the module
    docstring); ``unique``, ``max_difficulty``: see `solve_logic`."""
    result = solve_logic(
        puzzle, max_technique=max_technique, scale=scale, unique=unique, max_difficulty=max_difficulty
    )
    return rate_result(result, scale)
