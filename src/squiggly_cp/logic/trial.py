"""Trial (bifurcation): the last resort, clearly labelled "trial".

First a shallow trial: assume a candidate and follow singles only (naked and
hidden singles, which include full houses); if that reaches a contradiction
the candidate goes (difficulty 10.0). Candidates of bivalue cells are tried
first. If no shallow trial works, a nested trial on the cell with the fewest
candidates: assume each candidate and search every branch below it (singles,
then nested assumptions); a candidate all of whose branches fail goes
(difficulty 11.0). On a puzzle with one solution, at most one candidate of
that cell survives its search, so the nested trial always makes progress; on
a puzzle with several solutions every candidate may survive, and then the
solver stops there.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..puzzle import cell_name, digit_char
from .state import State, digits_of
from .step import Step

SHALLOW = 10.0
NESTED = 11.0
NODE_LIMIT = 200_000
"""Bound on the nested search's assumptions per candidate (it is not expected to be reached)."""


def propagate(state: State) -> bool:
    """Apply naked and hidden singles until none is left. False on a contradiction."""
    layout = state.layout
    houses = layout.houses
    cands = state.cands
    values = state.values
    full = layout.full
    changed = True
    while changed:
        if state.broken is not None:
            return False
        changed = False
        for cell in range(len(cands)):
            if not values[cell]:
                m = cands[cell]
                if not m:
                    return False
                if not m & (m - 1):
                    state.place(cell, m.bit_length())
                    changed = True
        if state.broken is not None:
            return False
        for house in houses:
            once = 0
            more = 0
            for c in house:
                m = cands[c]
                more |= once & m
                once |= m
            if once != full:
                return False
            lone = once & ~more
            while lone:
                bit = lone & -lone
                lone ^= bit
                for c in house:
                    if cands[c] & bit:
                        if not values[c]:
                            state.place(c, bit.bit_length())
                            changed = True
                        break
    return state.contradiction() is None


def _candidates(state: State) -> list[tuple[int, int]]:
    cands = state.cands
    values = state.values
    empty = [c for c in range(len(cands)) if not values[c]]
    empty.sort(key=lambda c: cands[c].bit_count())
    return [(c, d) for c in empty for d in digits_of(cands[c])]


def shallow_trial(state: State) -> Iterator[Step]:
    n = state.layout.size
    for cell, digit in _candidates(state):
        trial = state.copy()
        trial.place(cell, digit)
        if not propagate(trial):
            reason = trial.contradiction() or "a contradiction"
            yield Step(
                "trial",
                SHALLOW,
                eliminations=((cell, digit),),
                cells=(cell,),
                text=(
                    f"Trial: {cell_name(cell, n)} = {digit_char(digit)} leads by singles to a "
                    f"contradiction ({reason}) -> {cell_name(cell, n)} <> {digit_char(digit)}"
                ),
            )
            return


def search(state: State, budget: list[int]) -> bool | None:
    """Whether some completion of ``state`` (after singles) exists; None if the budget ran out."""
    if not propagate(state):
        return False
    if all(state.values):
        return True
    budget[0] -= 1
    if budget[0] < 0:
        return None
    cands = state.cands
    values = state.values
    cell = min((c for c in range(len(cands)) if not values[c]), key=lambda c: cands[c].bit_count())
    unknown = False
    for digit in digits_of(cands[cell]):
        branch = state.copy()
        branch.place(cell, digit)
        found = search(branch, budget)
        if found:
            return True
        if found is None:
            unknown = True
    return None if unknown else False


def nested_trial(state: State) -> Iterator[Step]:
    n = state.layout.size
    cands = state.cands
    values = state.values
    empty = [c for c in range(len(cands)) if not values[c]]
    if not empty:
        return
    cell = min(empty, key=lambda c: cands[c].bit_count())
    for digit in digits_of(cands[cell]):
        trial = state.copy()
        trial.place(cell, digit)
        if search(trial, [NODE_LIMIT]) is False:
            yield Step(
                "trial",
                NESTED,
                eliminations=((cell, digit),),
                cells=(cell,),
                text=(
                    f"Trial: {cell_name(cell, n)} = {digit_char(digit)} leads to a contradiction in every "
                    f"branch of a nested trial -> {cell_name(cell, n)} <> {digit_char(digit)}"
                ),
            )
            return
