"""The workbench's generate answer: `squiggly-cp generate` to order, on a
layout, keeping rules given as f-puzzles keys."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..core.limits import Undecided
from ..core.puzzle import Puzzle, PuzzleError, Verdict, standard_regions
from ..core.regions import check_regions
from ..core.rules import Rule
from ..formats.detect import write_puzzles
from ..formats.fpuzzles import fpuzzles_link
from ..formats.fpuzzles_rules import RuleProblem, read_rules
from ..formats.registry import GENERATED
from ..make.generate import make_puzzle
from ..make.targets import level_range, rating_target
from .bad_request import BadRequest

__all__ = ["generate_answer"]

UNKNOWN = Verdict.UNKNOWN.value


def generate_answer(request: Mapping[str, Any], time_limit: float | None) -> dict[str, Any]:
    """A unique puzzle (line form) of ``size``, on ``regions`` when given, of
    a ``difficulty`` or ``rating`` range (on ``scale``), with clue ``symmetry``,
    from ``seed``; with ``rules``, also as an f-puzzles link that holds them."""
    size = request["size"]
    layout = None
    if request.get("regions") is not None:
        regions = request["regions"]
        if len(regions) != size * size:
            raise BadRequest(f"regions: {len(regions)} labels, but a {size}x{size} layout has {size * size}")
        try:
            layout = check_regions(regions, size)
        except PuzzleError as e:
            raise BadRequest(f"regions: {e}") from None
    difficulty, rating = request.get("difficulty"), request.get("rating")
    if difficulty is not None and rating is not None:
        raise BadRequest("give difficulty or rating, not both")
    if rating is not None and not rating[0] <= rating[1]:  # NaN fails too
        raise BadRequest(f"rating: {list(rating)} is not a range [low, high] with low <= high")
    target = None
    if difficulty is not None or rating is not None:
        try:
            low, high = rating or level_range(str(difficulty))
            target = rating_target(low, high, scale=request.get("scale") or "default")
        except ValueError as e:
            raise BadRequest(f"rating: {e}") from None
    rules = _kept_rules(request.get("rules"), size)
    seed = request.get("seed")
    rng = random.Random(f"squiggly-cp serve {seed}" if seed is not None else None)
    try:
        puzzle = make_puzzle(
            rng, "unique", size, layout, symmetry=request.get("symmetry") or "none",
            target=target, time_limit=time_limit, rules=rules,
        )  # fmt: skip
    except Undecided:
        limit = "the time limit" if time_limit is None else f"the {time_limit:g} s time limit"
        return {"verdict": UNKNOWN, "reason": f"{limit} ran out before a puzzle was made"}
    except RuntimeError as e:
        return {"verdict": UNKNOWN, "reason": str(e)}
    except PuzzleError as e:  # the layout admits no grid (keeping the rules: the message says so)
        raise BadRequest(f"regions: {e}") from None
    made = {"verdict": Verdict.UNIQUE.value, "puzzle": write_puzzles([puzzle.with_rules(())], GENERATED)}
    if rules:  # the line form holds no rules: the link holds the whole puzzle
        made["link"] = fpuzzles_link(puzzle)
    return made


def _kept_rules(keys: Mapping[str, Any] | None, size: int) -> tuple[Rule, ...]:
    """The rules to keep, from f-puzzles keys; `BadRequest` naming one malformed or that cannot hold."""
    if not keys:
        return ()
    try:
        blank = Puzzle(size, (0,) * size**2, standard_regions(size), rules=read_rules(dict(keys), size))
        return blank.keepable_rules()
    except (RuleProblem, PuzzleError) as e:
        raise BadRequest(f"rules: {e}") from None
