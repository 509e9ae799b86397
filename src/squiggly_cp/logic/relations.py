"""Steps with the rules between two cells, or on one (`links`).

Sudoku Explainer has none of them: the `se` scale rates them with these
figures and says so (`Rating.se_exact`).

* **rule bans** (1.0): a rule forbids a cell some digits outright (an odd
  cell; a thermometer's bulb, which needs room for the cells above it).
* **rule pair** (1.2 when the other cell is placed, else 1.6): no digit left
  in the other cell of a rule goes with a digit here, so it goes ("r1c2 is
  4; the white dot needs 3 or 5 in r1c3").

A link that makes its two cells differ (anti-knight, anti-king) also makes
them peers (`Layout.links`), so every technique sees through it.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from ..core.puzzle import cell_name
from .links import RULE_STEP_NAMES, RuleTag, backward
from .state import State, digits_of
from .step import Step, Technique, digits_text

BANS = 1.0
PAIR_PLACED = 1.2
PAIR = 1.6


@cache
def _differ(n: int) -> tuple[int, ...]:
    full = (1 << n) - 1
    return tuple(full & ~(1 << d) for d in range(n))


def rule_bans(state: State) -> Iterator[Step]:
    """A rule on one cell forbids it some digits (an odd cell, a thermometer's bulb)."""
    layout = state.layout
    cands = state.cands
    for tag, a, b, allowed in layout.links:
        if b >= 0:
            continue
        gone = sum(1 << d for d in range(layout.size) if cands[a] >> d & 1 and not allowed[d])
        if gone:
            assert isinstance(tag, RuleTag)
            yield _step(state, tag, a, gone, BANS, None)


def rule_pairs(state: State) -> Iterator[Step]:
    """A digit of one cell that no digit left in the other cell of a rule goes with."""
    layout = state.layout
    n = layout.size
    cands, values = state.cands, state.values
    differ = _differ(n)
    for tag, a, b, allowed in layout.links:
        if b < 0 or allowed == differ:  # two cells that differ are peers: placing a digit removes it
            continue
        for here, there, table in ((a, b, allowed), (b, a, backward(allowed, n))):
            gone = 0
            for d in digits_of(cands[here]):
                if not table[d - 1] & cands[there]:
                    gone |= 1 << (d - 1)
            if gone:
                assert isinstance(tag, RuleTag)
                grade = PAIR_PLACED if values[there] else PAIR
                yield _step(state, tag, here, gone, grade, there)


def _step(state: State, tag: RuleTag, cell: int, gone: int, grade: float, there: int | None) -> Step:
    n = state.layout.size
    digits = digits_of(gone)
    because = ""
    if there is not None:
        other = digits_text(digits_of(state.cands[there]))
        because = f"{cell_name(there, n)} {'is' if state.values[there] else 'can only be'} {other}, so "
    rule = tag.describe[0].upper() + tag.describe[1:]
    text = f"{rule}: {because}{cell_name(cell, n)} cannot be {digits_text(digits)}"
    return Step(
        tag.name,
        grade,
        eliminations=tuple((cell, d) for d in digits),
        cells=(cell,) if there is None else (cell, there),
        roles=(("rule", "cells", tag.cells or ((cell,) if there is None else (cell, there))),),
        text=text,
    )


FINDERS: tuple[Technique, ...] = (
    # One score per step name: the bans score as the pairs do.
    Technique("rule bans", BANS, 14, rule_bans, names=RULE_STEP_NAMES),
    Technique("rule pair", PAIR_PLACED, 14, rule_pairs, variable=True, names=RULE_STEP_NAMES),
)
