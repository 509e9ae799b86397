"""Steps with a rule read whole (`Layout.wholes`): renban lines, between
lines, quadruples and sandwiches.

Such a rule is a choice (of a run, of which end is low, of where the 1 and
the N are) that no table between two cells or sum says. The step tries
every filling of the rule's cells from their candidates, no digit twice
among cells that see each other, and keeps those the rule's own check
(`Rule.holds`, written from its definition) accepts: a digit no kept
filling puts in a cell goes ("The renban line r1c1-r1c2-r1c3: its digits
are {3,4,5} or {4,5,6}, so r1c1 <> 2"). Graded as a rule's sum (1.2 with
one cell open, 1.6 with two, 2.0 with more).

While the fillings to try are too many (`MAX_FILLINGS`: a sandwich's full
row at the start), the rule waits for its cells' candidates to narrow: the
step is then missing, never wrong.

Sudoku Explainer has none of them (`Rating.se_exact`).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache, lru_cache
from typing import Any

from ..core.geometry import Layout
from .links import RULE_STEP_NAMES, RuleTag
from .state import State, digits_of
from .step import Role, Step, Technique, elims_text
from .sums import SUM_ONE, digit_sets_text, fill_grade, groups_of

MAX_FILLINGS = 20000
"""Fillings (and partial ones) tried for one rule at most; past it, no step."""


def rule_wholes(state: State) -> Iterator[Step]:
    """A digit of a rule's cell that no filling keeping the rule puts there."""
    layout = state.layout
    n = layout.size
    cands = state.cands
    for tag, cells, rule in layout.wholes:
        assert isinstance(tag, RuleTag)
        masks = tuple(cands[c] for c in cells)
        found = kept_fillings(rule, cells, masks, groups_of(layout, cells), layout)
        if found is None:
            continue
        support, sets = found
        pairs = zip(cells, masks, support, strict=True)
        elims = tuple((c, d) for c, m, ok in pairs for d in digits_of(m & ~ok))
        if not elims:
            continue
        grade = fill_grade(state, cells)
        head = tag.describe[0].upper() + tag.describe[1:]
        what = digit_sets_text(sets, count_many=False) if len(cells) <= n else ""
        roles: tuple[Role, ...] = (("rule", "cells", cells),)
        yield Step(
            tag.name,
            grade,
            eliminations=elims,
            cells=cells,
            roles=roles,
            text=f"{head}: {what or 'no way of filling its cells keeps the rule with these digits'}, "
            f"so {elims_text(elims, n)}",
        )


@lru_cache(maxsize=1 << 13)
def kept_fillings(
    rule: Any, cells: tuple[int, ...], masks: tuple[int, ...], groups: tuple[int, ...], layout: Layout
) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]] | None:
    """For each cell, the digits some filling keeping ``rule`` puts there, and
    the digit sets those fillings use (sorted); None past `MAX_FILLINGS`."""
    n = layout.size
    board = board_of(layout)
    order = sorted(range(len(cells)), key=lambda i: masks[i].bit_count())
    grid = [0] * (n * n)
    support = [0] * len(cells)
    sets: set[tuple[int, ...]] = set()
    used: dict[int, int] = {}
    tried = 0

    def fill(k: int) -> bool:
        nonlocal tried
        tried += 1
        if tried > MAX_FILLINGS:
            return False
        if k == len(order):
            if rule.holds(grid, board):
                for i in range(len(cells)):
                    support[i] |= 1 << (grid[cells[i]] - 1)
                sets.add(tuple(sorted({grid[c] for c in cells})))
            return True
        i = order[k]
        g = groups[i]
        for d in digits_of(masks[i]):
            bit = 1 << (d - 1)
            if used.get(g, 0) & bit:
                continue
            used[g] = used.get(g, 0) | bit
            grid[cells[i]] = d
            going = fill(k + 1)
            used[g] &= ~bit
            if not going:
                return False
        return True

    if not fill(0):
        return None
    return tuple(support), tuple(sorted(sets))


@cache
def board_of(layout: Layout) -> _Board:
    """The board a rule's check reads for ``layout``."""
    return _Board(layout)


class _Board:
    """The board a rule's check reads, from the layout (`core.rules.base.Board`)."""

    def __init__(self, layout: Layout):
        self.size = layout.size
        self.regions = self.region_map = layout.regions
        self.peers = layout.peer_sets
        self.rules = ()



FINDERS: tuple[Technique, ...] = (
    Technique("rule whole", SUM_ONE, 14, rule_wholes, variable=True, names=RULE_STEP_NAMES),
)
