"""A puzzle's verdict together with its human-style logic: what the `logic`
and `rate` commands report for each case.

The verdict comes from an engine (proof); the steps and the rating from
`squiggly_cp.logic`. Logic runs on every puzzle, since its steps stay sound,
but only a unique puzzle that logic solves gets a rating.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.limits import Deadline, Undecided
from ..core.position import Position, position_text
from ..core.puzzle import DIGIT_CHARS, Puzzle, Verdict
from ..engines.registry import classify
from . import LogicResult, Rating, rate_result, solve_logic
from .links import links_of

_VERDICT_WORDS = {
    Verdict.UNIQUE: "unique",
    Verdict.MULTIPLE: "several solutions",
    Verdict.NONE: "no solution",
}


_NOTHING = "every cell is given, nothing to solve"


@dataclass(frozen=True)
class Assessment:
    """The verdict (UNKNOWN when ``time_limit`` ran out first) and, when it is
    known, where logic got to and the rating of that path."""

    puzzle: Puzzle
    verdict: Verdict
    logic: LogicResult | None = None
    rating: Rating | None = None

    @property
    def rated(self) -> bool:
        """A rating means something only for a unique puzzle that logic solves."""
        return self.verdict is Verdict.UNIQUE and self.rating is not None and self.rating.solved

    def logic_text(self, number: int) -> str:
        """The `logic` command's text: a headline, the numbered steps, and where
        it stopped the position (`core.position.position_text`: regions,
        givens, digits and candidates, which `hint` reads back)."""
        assert self.logic is not None
        result, n = self.logic, len(self.logic.steps)
        lines = [f"Case {number}: {self.headline()}"]
        lines += [f"  {k}. {step.text}" for k, step in enumerate(result.steps, 1)]
        text = "\n".join(lines) + "\n"
        if not result.solved:
            text += position_text(self.final_position(), f"after step {n}")
        return text

    def headline(self) -> str:
        """The verdict and where logic got to, as `logic`'s first line says it."""
        return f"{_VERDICT_WORDS[self.verdict]}; {self.ending()}"

    def final_position(self) -> Position:
        """Where logic stopped: the digits placed and the candidates left."""
        assert self.logic is not None
        return Position(self.puzzle, self.logic.position.digits, self.logic.position.candidates)

    def ending(self) -> str:
        """How the logic path ends: solved (with the rating), stuck, or a contradiction."""
        assert self.logic is not None and self.rating is not None
        result, steps = self.logic, _count(len(self.logic.steps), "step")
        if result.solved:
            rating = self.rating
            if rating.hardest is None:
                return f"logic solves it in {steps}; rating {rating.rating:.1f} ({rating.level}: {_NOTHING})"
            hardest = f"{rating.level}, hardest: {rating.hardest}"
            return f"logic solves it in {steps}; rating {rating.rating:.1f} ({hardest})"
        if result.contradiction:
            return f"logic reaches a contradiction after {steps}: {result.contradiction}"
        return f"logic stops after {steps}: no allowed technique makes progress"

    def rate_text(self, number: int) -> str:
        """The `rate` command's line."""
        if self.verdict is not Verdict.UNIQUE:
            return f"Case {number}: {_VERDICT_WORDS[self.verdict]} (not rated)\n"
        assert self.rating is not None
        rating = self.rating
        if not rating.solved:
            return f"Case {number}: unique, but logic does not finish (not rated)\n"
        counts = ", ".join(f"{name} {k}" for name, k in rating.counts.items())
        if rating.hardest is None:
            return f"Case {number}: unique, rating {rating.rating:.1f}, {rating.level}: {_NOTHING}\n"
        return (
            f"Case {number}: unique, rating {rating.rating:.1f} (pearl {rating.pearl:.1f}, diamond "
            f"{rating.diamond:.1f}), {rating.level}, hardest {rating.hardest}, score {rating.score}; "
            f"{counts}\n"
        )

    def logic_json(self, number: int) -> dict[str, Any]:
        """`logic --json`: case, verdict, solved, steps, candidates (and the rating when rated)."""
        assert self.logic is not None
        n = self.puzzle.size
        out: dict[str, Any] = {
            "case": number,
            "verdict": self.verdict.value,
            "solved": self.logic.solved,
            "steps": [step.to_json(n) for step in self.logic.steps],
            "candidates": [_digits(mask, n) for mask in self.logic.candidates],
        }
        if self.logic.contradiction:
            out["contradiction"] = self.logic.contradiction
        if self.rated:
            assert self.rating is not None
            out["rating"] = round(self.rating.rating, 1)
            out["level"] = self.rating.level
        return out

    def rate_json(self, number: int) -> dict[str, Any]:
        """`rate --json`: case, verdict, and for a rated puzzle rating, score,
        level, hardest and counts (and on the ``se`` scale ``se_exact``)."""
        out: dict[str, Any] = {"case": number, "verdict": self.verdict.value}
        if self.rated:
            assert self.rating is not None
            out.update(
                rating=round(self.rating.rating, 1),
                pearl=round(self.rating.pearl, 1),
                diamond=round(self.rating.diamond, 1),
                score=self.rating.score,
                level=self.rating.level,
                hardest=self.rating.hardest,
                counts=dict(self.rating.counts),
            )
            if self.rating.se_exact is not None:  # --scale se: are these SE's own figures?
                out["se_exact"] = self.rating.se_exact
        elif self.verdict is Verdict.UNIQUE:
            out["solved"] = False  # logic did not finish (only with a technique cap)
        return out


def assess(
    puzzle: Puzzle,
    *,
    max_technique: str | None = None,
    time_limit: float | None = None,
    scale: str = "default",
    unique_only: bool = False,
) -> Assessment:
    """Decide ``puzzle`` with CP-SAT, then solve it by logic on ``scale`` (never
    using a technique harder than ``max_technique``) and rate the path. The
    uniqueness techniques run only when CP-SAT proved the puzzle unique.
    With ``unique_only`` (what `rate` needs) logic runs only on a unique
    puzzle: on others, an empty grid say, its path can take a minute and is
    never rated. ``time_limit`` bounds the whole: when it runs out, during
    the decision or between two steps of logic, the verdict is UNKNOWN."""
    links_of(puzzle)
    deadline = Deadline(time_limit)
    verdict = classify(puzzle, time_limit=time_limit).verdict
    if verdict is Verdict.UNKNOWN or (unique_only and verdict is not Verdict.UNIQUE):
        return Assessment(puzzle, verdict)
    try:
        unique = verdict is Verdict.UNIQUE
        result = solve_logic(
            puzzle, max_technique=max_technique, scale=scale, unique=unique, deadline=deadline
        )
    except Undecided:
        return Assessment(puzzle, Verdict.UNKNOWN)
    return Assessment(puzzle, verdict, result, rate_result(result, scale))


def _digits(mask: int, size: int) -> str:
    return "".join(DIGIT_CHARS[d] for d in range(size) if mask >> d & 1)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"
