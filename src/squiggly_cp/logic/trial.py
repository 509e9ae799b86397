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
solver stops there. When the searches of the others run out of their budget
(a variant's rule steps at every node make them slow) and one candidate's
search reaches a solution, on a puzzle proved unique the others go.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.limits import check_enforced
from ..core.propagate import singles
from ..core.puzzle import cell_name, digit_char
from .relations import rule_bans, rule_pairs
from .state import State, digits_of
from .step import Step, Technique, elims_text
from .sums import rule_sums
from .wholes import rule_wholes

SHALLOW = 10.0
NESTED = 11.0
RULE_FINDERS = (rule_bans, rule_pairs, rule_sums, rule_wholes)
NODE_LIMIT = 50_000
"""Bound on the nested search's assumptions per candidate (it is not expected to be reached)."""


def propagate(state: State, seed: int | None = None) -> bool:
    """Apply naked and hidden singles until none is left (`core.propagate.singles`),
    and with them the steps of the puzzle's rules (`relations`, `sums`, `wholes`).
    False on a contradiction (then ``state.broken`` says which).

    With ``seed``, only that cell (its candidates cut down to the assumed digit)
    starts the work: right for a position that had no singles before it.
    """
    if state.broken is not None:
        return False
    layout = state.layout
    while True:
        state.broken = singles(layout, state.cands, state.values, layout.peers, seed)
        if state.broken is not None or not (layout.links or layout.sums or layout.wholes):
            return state.broken is None
        # Singles know houses only: a rule's own steps go in between, or a
        # trial could fill the grid against a rule.
        found = [step for finder in RULE_FINDERS for step in finder(state)]
        if not found:
            return True
        for step in found:
            for cell, digit in step.eliminations:
                state.eliminate(cell, digit)
        state.broken = state.broken or state.contradiction()
        if state.broken is not None:
            return False
        seed = None


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
        check_enforced()
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
    check_enforced()
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
    solved = []
    for digit in digits_of(cands[cell]):
        trial = state.copy()
        trial.place(cell, digit)
        found = search(trial, [NODE_LIMIT])
        if found is False:
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
        if found:
            solved.append(digit)
    if state.unique and len(solved) == 1 and cands[cell].bit_count() > 1:
        # Every other search ran out of its budget (a rule's steps at each node
        # make it slow); a solution of every rule with this digit, on a puzzle
        # proved to have one, says the others are wrong.
        digit = solved[0]
        others = tuple((cell, d) for d in digits_of(cands[cell]) if d != digit)
        yield Step(
            "trial",
            NESTED,
            eliminations=others,
            cells=(cell,),
            text=(
                f"Trial: {cell_name(cell, n)} = {digit_char(digit)} leads to a solution, and the puzzle "
                f"has only one -> {elims_text(others, n)}"
            ),
        )


FINDERS: tuple[Technique, ...] = (
    Technique("trial", SHALLOW, 10000, shallow_trial, variable=True, last_resort=True),
    Technique("trial", NESTED, 10000, nested_trial, variable=True, last_resort=True),
)
