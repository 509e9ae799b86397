"""Naked and hidden subsets (pairs, triples, quads) in every house.

A naked subset: k empty cells of a house whose candidates together are k
digits; those digits leave every other cell of each house all k cells share.
A hidden subset: k digits of a house that fit together in only k cells;
those cells lose every other digit.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import partial
from itertools import combinations

from ..core.geometry import cells_of
from .direct import colex, house_order
from .state import State, digits_of, lost_cells, where_lost
from .step import Step, Technique, cells_text, digits_text, elims_text

NAMES = {2: "pair", 3: "triple", 4: "quad"}
NAKED = {2: 3.0, 3: 3.6, 4: 5.0}
HIDDEN = {2: 3.4, 3: 4.0, 4: 5.4}


def naked_subsets(
    state: State, k: int, se: bool = False, lost: Sequence[int] | None = None
) -> Iterator[Step]:
    """With ``se``, as Sudoku Explainer looks for them: houses in its order,
    subsets in its order, only in houses with at least 2k empty cells, and
    eliminations from the one house only. With ``lost`` (per digit, the
    cells that lost it since some earlier grid that had none), only subsets
    with a cell that lost a candidate; without, the last grid this search
    found nothing on (`State.memo`) gives it."""
    if lost is None:
        return where_lost(state, f"naked {k}{' se' if se else ''}", partial(_naked, state, k, se))
    return _naked(state, k, se, lost)


def _naked(state: State, k: int, se: bool, lost: Sequence[int] | None) -> Iterator[Step]:
    shrunk = lost_cells(lost)
    layout = state.layout
    n = layout.size
    cands = state.cands
    values = state.values
    name = f"naked {NAMES[k]}"
    for index in house_order(state) if se else range(len(layout.houses)):
        house = layout.houses[index]
        small = [c for c in house if not values[c] and 2 <= cands[c].bit_count() <= k]
        if len(small) < k:
            continue
        empty = sum(1 for c in house if not values[c])
        if empty <= k or (se and empty < 2 * k):
            continue
        groups = [tuple(small[i] for i in s) for s in colex(len(small), k)] if se else combinations(small, k)
        for group in groups:
            if lost is not None and not any(shrunk >> c & 1 for c in group):
                continue
            union = 0
            for c in group:
                union |= cands[c]
            if union.bit_count() != k:
                continue
            shared = layout.house_bits[index]
            if not se:
                for c in group:
                    shared &= layout.peer_bits[c] | (1 << c)
            elims: list[tuple[int, int]] = []
            for c in range(n * n):
                if shared >> c & 1 and c not in group and not values[c] and cands[c] & union:
                    elims.extend((c, d) for d in digits_of(cands[c] & union))
            if elims:
                digits = digits_of(union)
                yield Step(
                    name,
                    NAKED[k],
                    eliminations=tuple(elims),
                    houses=(index,),
                    cells=group,
                    text=(
                        f"Naked {NAMES[k]} in {layout.house_name(index)}: {cells_text(group, n)} "
                        f"hold {{{digits_text(digits)}}} -> {elims_text(elims, n)}"
                    ),
                )


def hidden_subsets(
    state: State, k: int, se: bool = False, lost: Sequence[int] | None = None
) -> Iterator[Step]:
    """With ``se``, in Sudoku Explainer's order, in houses of more than 2k empty
    cells. With ``lost`` (per digit, the cells that lost it since some
    earlier grid that had none), only subsets with a digit that lost a place
    in the house; without, the last grid this search found nothing on
    (`State.memo`) gives it."""
    if lost is None:
        return where_lost(state, f"hidden {k}{' se' if se else ''}", partial(_hidden, state, k, se))
    return _hidden(state, k, se, lost)


def _hidden(state: State, k: int, se: bool, lost: Sequence[int] | None) -> Iterator[Step]:
    layout = state.layout
    n = layout.size
    cands = state.cands
    values = state.values
    name = f"hidden {NAMES[k]}"
    places = state.places()
    open_cells = sum(1 << c for c, v in enumerate(values) if not v)
    shrunk = lost_cells(lost)
    for index in house_order(state) if se else range(len(layout.houses)):
        inside = layout.house_bits[index]
        if lost is not None and not inside & shrunk:
            continue
        empty = (inside & open_cells).bit_count()
        if empty <= k or (se and empty <= 2 * k):
            continue
        where: dict[int, int] = {}
        for d in range(n):
            spots = places[d] & inside
            if 2 <= spots.bit_count() <= k:
                where[d] = spots
        if len(where) < k:
            continue
        digits_in = sorted(where)
        groups = (
            [tuple(digits_in[i] for i in s) for s in colex(len(digits_in), k)]
            if se
            else combinations(digits_in, k)
        )
        for group in groups:
            if lost is not None and not any(lost[d] & inside for d in group):
                continue
            spots = 0
            for d in group:
                spots |= where[d]
            if spots.bit_count() != k:
                continue
            keep = sum(1 << d for d in group)
            cells = cells_of(spots)
            elims = [(c, d) for c in cells for d in digits_of(cands[c] & ~keep)]
            if elims:
                digits = [d + 1 for d in group]
                yield Step(
                    name,
                    HIDDEN[k],
                    eliminations=tuple(elims),
                    houses=(index,),
                    cells=tuple(cells),
                    text=(
                        f"Hidden {NAMES[k]} in {layout.house_name(index)}: {{{digits_text(digits)}}} "
                        f"only in {cells_text(cells, n)} -> {elims_text(elims, n)}"
                    ),
                )


FINDERS: tuple[Technique, ...] = (
    Technique("naked pair", NAKED[2], 60, partial(naked_subsets, k=2)),
    Technique("hidden pair", HIDDEN[2], 70, partial(hidden_subsets, k=2)),
    Technique("naked triple", NAKED[3], 80, partial(naked_subsets, k=3)),
    Technique("hidden triple", HIDDEN[3], 100, partial(hidden_subsets, k=3)),
    Technique("naked quad", NAKED[4], 120, partial(naked_subsets, k=4)),
    Technique("hidden quad", HIDDEN[4], 150, partial(hidden_subsets, k=4)),
)

# Each finder above is a partial (hence .func and .keywords, which the
# Technique record's type does not show).
SE_FINDERS: dict[str, Technique] = {
    t.name: Technique(
        t.name,
        t.difficulty,
        t.score,
        partial(t.finder.func, k=t.finder.keywords["k"], se=True),  # type: ignore[attr-defined]
    )
    for t in FINDERS
}
"""The same, looked for in Sudoku Explainer's order and scope."""
