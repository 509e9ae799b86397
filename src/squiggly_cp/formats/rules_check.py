"""The one refusal of formats that hold no variant rules: a writer calls
`refuse_any_rule` first, so a rule is never dropped silently."""

from __future__ import annotations

from ..core.puzzle import Puzzle, PuzzleError


def refuse_any_rule(puzzle: Puzzle, fmt: str) -> None:
    """Raise `PuzzleError` naming the first of ``puzzle``'s rules, which format
    ``fmt`` cannot hold: "the hdu format cannot hold the killer cage r1c1-r1c2 (sum 3)"."""
    if not puzzle.rules:
        return
    more = len(puzzle.rules) - 1
    others = f" (nor {more} more rule{'s' if more > 1 else ''})" if more else ""
    raise PuzzleError(f"the {fmt} format cannot hold {puzzle.rules[0].describe(puzzle.size)}{others}")
