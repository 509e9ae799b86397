"""Trial (bifurcation): the last resort, clearly labelled "trial".

First a shallow trial: assume a candidate and follow singles only (naked and
hidden singles, which include full houses); if that reaches a contradiction
the candidate goes (difficulty 10.0). Every candidate is tried on the same
position and all that fail go in one step: each elimination stands on its
own trial, and fewer trial steps mean fewer full passes over the easier
techniques in between.

If no shallow trial works, a nested trial on the cell with the fewest
candidates: assume each candidate and search every branch below it (singles,
then nested assumptions); a candidate all of whose branches fail goes
(difficulty 11.0). On a puzzle with one solution, at most one candidate of
that cell survives its search, so the nested trial always makes progress; on
a puzzle with several solutions every candidate may survive, and then the
solver stops there.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.puzzle import cell_name, digit_char
from .state import State, digits_of
from .step import Step, elims_text

SHALLOW = 10.0
NESTED = 11.0
NODE_LIMIT = 50_000
"""Bound on the nested search's assumptions per candidate (it is not expected to be reached)."""


def propagate(state: State, seed: int | None = None) -> bool:
    """Apply naked and hidden singles until none is left. False on a contradiction
    (then ``state.broken`` says which).

    With ``seed``, only that cell (its candidates cut down to the assumed digit)
    starts the work: right for a position that had no singles before it.
    """
    if state.broken is not None:
        return False
    layout = state.layout
    n = layout.size
    peers = layout.peers
    cell_houses = layout.cell_houses
    cands = state.cands
    values = state.values
    if seed is None:
        stack = [c for c in range(n * n) if not values[c] and not cands[c] & (cands[c] - 1)]
        dirty = (1 << (3 * n)) - 1
    else:
        stack = [seed]
        a, b, r = cell_houses[seed]
        dirty = (1 << a) | (1 << b) | (1 << r)
    while True:
        while stack:
            c = stack.pop()
            if values[c]:
                continue
            m = cands[c]
            if not m:
                state.broken = f"{cell_name(c, n)} has no candidates left"
                return False
            if m & (m - 1):
                continue
            values[c] = m.bit_length()
            for p in peers[c]:
                pm = cands[p]
                if pm & m:
                    if values[p]:
                        names = f"{cell_name(c, n)} and {cell_name(p, n)}"
                        state.broken = f"{names} both hold {digit_char(values[c])}"
                        return False
                    pm &= ~m
                    cands[p] = pm
                    if not pm & (pm - 1):
                        stack.append(p)
                    a, b, r = cell_houses[p]
                    dirty |= (1 << a) | (1 << b) | (1 << r)
        if not dirty:
            return True
        dirty = _hidden_singles(state, dirty, stack)
        if dirty < 0:
            return False
        if not stack:
            return True


def _hidden_singles(state: State, scan: int, stack: list[int]) -> int:
    """Place every digit that has one cell left in a house of ``scan`` (a bit
    set of house indices): its cell goes on ``stack``. Returns the houses to
    look at again, or -1 on a contradiction (``state.broken`` says which)."""
    layout = state.layout
    houses, cell_houses, full = layout.houses, layout.cell_houses, layout.full
    cands, values = state.cands, state.values
    dirty = 0
    while scan:
        low = scan & -scan
        scan ^= low
        index = low.bit_length() - 1
        house = houses[index]
        once = 0
        more = 0
        for c in house:
            m = cands[c]
            more |= once & m
            once |= m
        if once != full:
            digit = (full & ~once & -(full & ~once)).bit_length()
            state.broken = f"digit {digit_char(digit)} has no place in {layout.house_name(index)}"
            return -1
        lone = once & ~more
        while lone:
            bit = lone & -lone
            lone ^= bit
            for c in house:
                if cands[c] & bit:
                    if not values[c]:
                        cands[c] = bit
                        stack.append(c)
                        a, b, r = cell_houses[c]
                        dirty |= (1 << a) | (1 << b) | (1 << r)
                    break
    return dirty


def _candidates(state: State) -> list[tuple[int, int]]:
    cands = state.cands
    values = state.values
    empty = [c for c in range(len(cands)) if not values[c]]
    empty.sort(key=lambda c: cands[c].bit_count())
    return [(c, d) for c in empty for d in digits_of(cands[c])]


def shallow_trial(state: State) -> Iterator[Step]:
    """One step removing every candidate whose trial by singles fails (each on its own)."""
    n = state.layout.size
    failed = []
    reasons = []
    for cell, digit in _candidates(state):
        trial = state.copy()
        trial.cands[cell] = 1 << (digit - 1)
        if not propagate(trial, cell):
            failed.append((cell, digit))
            reasons.append(trial.contradiction() or "a contradiction")
    if not failed:
        return
    names = [f"{cell_name(c, n)} = {digit_char(d)}" for c, d in failed]
    if len(failed) == 1:
        text = f"Trial: {names[0]} leads by singles to a contradiction ({reasons[0]})"
    else:
        text = f"Trial: each of {', '.join(names)} leads by singles to a contradiction"
    yield Step(
        "trial",
        SHALLOW,
        eliminations=tuple(failed),
        cells=tuple(dict.fromkeys(c for c, _ in failed)),
        text=f"{text} -> {elims_text(failed, n)}",
    )


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
