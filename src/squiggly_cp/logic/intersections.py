"""Locked candidates on every line/region intersection.

Pointing: a region's candidates for d all lie in one line, so the rest of
that line loses d. Claiming: a line's candidates for d all lie in one region,
so the rest of that region loses d. Regions are arbitrary shapes; a region
may meet a line in any number of cells.

Common peers (jigsaw only): a house's candidates for d lie in a few cells
that are not all in one other house, yet some cell outside the house sees
them all; that cell loses d. With 3x3 boxes this cannot happen (a cell
seeing two cells of a line in different boxes is in that line), but with
irregular regions a region can wrap around a line's cells. It is the same
"one of these cells is d" insight as pointing and claiming, checked against
three houses of the target cell instead of one, so it is rated just above
claiming.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import partial
from itertools import chain

from ..core.geometry import COLUMN, EXTRA, REGION, ROW, Layout, cells_of
from ..core.puzzle import digit_char
from .direct import box_like, house_order, locked_candidates
from .state import State, where_lost
from .step import Step, Technique, cells_text, elims_text

POINTING = 2.6
CLAIMING = 2.8
COMMON_PEERS = 2.9
MAX_COMMON = 6
"""At most this many candidate cells in the house, as SE's generalized intersection."""


_TARGETS = {
    REGION: (ROW, COLUMN, EXTRA),
    ROW: (REGION, EXTRA),
    COLUMN: (REGION, EXTRA),
    EXTRA: (ROW, COLUMN, REGION, EXTRA),
}
"""The kinds of house a source house's locked digit is looked for in: pointing
from a region into a line or an extra house; claiming from a line into a
region or an extra house, and from an extra house into any other."""


def _targets(layout: Layout, source: int, where: Sequence[int]) -> list[int]:
    """The houses besides ``source`` of the allowed kinds (`_TARGETS`) holding all of ``where``, in order."""
    kinds = _TARGETS[layout.house_kind[source]]
    cell_houses = layout.cell_houses
    if not layout.extra:  # (row, column, region) of each cell: the plain grid's quick way
        first = [cell_houses[where[0]][k] for k in kinds if k != EXTRA]
        return [t for t in first if all(t in cell_houses[c] for c in where[1:])]
    common = set(cell_houses[where[0]]).intersection(*(cell_houses[c] for c in where[1:]))
    return sorted(t for t in common if t != source and layout.house_kind[t] in kinds)


def _locked(state: State, sources: Sequence[int], kind: str, difficulty: float) -> Iterator[Step]:
    layout = state.layout
    cands = state.cands
    values = state.values
    houses = layout.houses
    for source in sources:
        for d, where in state.digit_places(source):
            bit = 1 << d
            if len(where) < 2:
                continue
            inside = set(where)
            for target in _targets(layout, source, where):
                elims = tuple(
                    (c, d + 1) for c in houses[target] if c not in inside and cands[c] & bit and not values[c]
                )
                if elims:
                    yield _locked_step(layout, kind, difficulty, source, target, d, where, elims)


def _locked_step(
    layout: Layout, kind: str, difficulty: float, a: int, b: int, d: int, where: Sequence[int], elims: tuple
) -> Step:
    """Digit ``d``'s places in house ``a`` (``where``) all lie in house ``b``: ``elims`` leave ``b``."""
    n = layout.size
    return Step(
        kind,
        difficulty,
        eliminations=elims,
        houses=(a, b),
        cells=tuple(where),
        text=(
            f"{kind.capitalize()}: in {layout.house_name(a)}, {digit_char(d + 1)} "
            f"lies only in {cells_text(where, n)}, all in {layout.house_name(b)}"
            f" -> {elims_text(elims, n)}"
        ),
    )


def pointing(state: State) -> Iterator[Step]:
    return _locked(state, state.layout.of_kind(REGION), "pointing", POINTING)


def claiming(state: State) -> Iterator[Step]:
    layout = state.layout
    return _locked(state, [*chain(*map(layout.of_kind, (ROW, COLUMN, EXTRA)))], "claiming", CLAIMING)


def common_peers(
    state: State,
    most: int = MAX_COMMON,
    order: Sequence[int] | None = None,
    name: str = "common peers",
    lost: Sequence[int] | None = None,
) -> Iterator[Step]:
    """With ``lost`` (per digit, the cells that lost it since some earlier
    grid), only digits whose house lost some place of it."""
    layout = state.layout
    n = layout.size
    peer_bits = layout.peer_bits
    where = state.places()
    for index in range(len(layout.houses)) if order is None else order:
        inside = layout.house_bits[index]
        placed = state.placed_in(index)
        for d in range(n):
            if lost is not None and not lost[d] & inside:
                continue
            places = where[d] & inside
            if placed >> d & 1 or not 2 <= places.bit_count() <= most:
                continue
            seen = ~inside
            m = places
            while m:
                low = m & -m
                m ^= low
                seen &= peer_bits[low.bit_length() - 1]
            if seen & where[d]:
                cells = cells_of(places)
                elims = [(c, d + 1) for c in cells_of(seen & where[d])]
                yield Step(
                    name,
                    COMMON_PEERS,
                    eliminations=tuple(elims),
                    houses=(index,),
                    cells=tuple(cells),
                    text=(
                        f"{name.capitalize()}: in {layout.house_name(index)}, {digit_char(d + 1)} lies "
                        f"only in {cells_text(cells, n)}; {elims_text(elims, n)} (seeing them all)"
                    ),
                )


def se_locking(state: State, lost: Sequence[int] | None = None) -> Iterator[Step]:
    """Sudoku Explainer's intersections, in its order: a box's digit locked in a
    line is pointing (2.6), any other house's digit locked in another house
    is claiming (2.8; so every intersection on a jigsaw); then, when none
    is found, its "generalized intersection" (2.9): common peers of 2 to 6
    places of a digit in any house.

    ``lost`` (per digit, the cells that lost it since an earlier grid that
    had no locked candidates): only the steps whose house A lost a place of
    the digit (a search inside an assumption needs no other). Exactly those
    of the full search: here a locked digit whose places in A are as they
    were would have been locked in the earlier grid too. Without ``lost``,
    the last grid this search found nothing on (`State.memo`) gives it."""
    if lost is None:
        return where_lost(state, _LOCKING, partial(_se_locking, state))
    return _se_locking(state, lost)


def _se_locking(state: State, lost: Sequence[int] | None) -> Iterator[Step]:
    layout = state.layout
    found = False
    for _, a, b, d, where, elims in locked_candidates(state, lost):
        found = True
        kind = "pointing" if box_like(state, a, se=True) else "claiming"
        yield _locked_step(layout, kind, POINTING if kind == "pointing" else CLAIMING, a, b, d, where, elims)
    if not found:
        yield from common_peers(state, MAX_COMMON, house_order(state), "generalized intersection", lost)


_LOCKING = "se locking"
"""`State.memo`'s key of `se_locking`'s last grid with nothing found."""


FINDERS: tuple[Technique, ...] = (
    Technique("pointing", POINTING, 50, pointing),
    Technique("claiming", CLAIMING, 50, claiming),
    Technique("common peers", COMMON_PEERS, 50, common_peers),
)

SE_FINDERS: dict[str, Technique] = {
    "locking": Technique(
        "pointing",
        POINTING,
        50,
        se_locking,
        variable=True,
        names=("pointing", "claiming", "generalized intersection"),
    ),
}
