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

from collections.abc import Iterator

from ..core.puzzle import digit_char
from .state import State
from .step import Step, Technique, cells_text, elims_text

POINTING = 2.6
CLAIMING = 2.8
COMMON_PEERS = 2.9
MAX_COMMON = 4
"""At most this many candidate cells in the house (more rarely share a peer)."""


def _locked(state: State, sources: range, kind: str, difficulty: float) -> Iterator[Step]:
    layout = state.layout
    n = layout.size
    cands = state.cands
    values = state.values
    houses = layout.houses
    cell_houses = layout.cell_houses
    # Which of (row, column, region) of a cell can be the target of each kind.
    targets = (0, 1) if kind == "pointing" else (2,)
    for source in sources:
        for d, where in state.digit_places(source):
            bit = 1 << d
            if len(where) < 2:
                continue
            for t in targets:
                target = cell_houses[where[0]][t]
                if all(cell_houses[c][t] == target for c in where[1:]):
                    inside = set(where)
                    elims = tuple(
                        (c, d + 1)
                        for c in houses[target]
                        if c not in inside and cands[c] & bit and not values[c]
                    )
                    if elims:
                        yield Step(
                            kind,
                            difficulty,
                            eliminations=elims,
                            houses=(source, target),
                            cells=tuple(where),
                            text=(
                                f"{kind.capitalize()}: in {layout.house_name(source)}, {digit_char(d + 1)} "
                                f"lies only in {cells_text(where, n)}, all in {layout.house_name(target)}"
                                f" -> {elims_text(elims, n)}"
                            ),
                        )


def pointing(state: State) -> Iterator[Step]:
    n = state.layout.size
    return _locked(state, range(2 * n, 3 * n), "pointing", POINTING)


def claiming(state: State) -> Iterator[Step]:
    n = state.layout.size
    return _locked(state, range(0, 2 * n), "claiming", CLAIMING)


def common_peers(state: State) -> Iterator[Step]:
    layout = state.layout
    n = layout.size
    peer_bits = layout.peer_bits
    for index in range(len(layout.houses)):
        for d, where in state.digit_places(index):
            if not 2 <= len(where) <= MAX_COMMON:
                continue
            seen = ~layout.house_bits[index]
            for c in where:
                seen &= peer_bits[c]
            elims = [(c, d + 1) for c in state.open_with(seen, d)]
            if elims:
                yield Step(
                    "common peers",
                    COMMON_PEERS,
                    eliminations=tuple(elims),
                    houses=(index,),
                    cells=tuple(where),
                    text=(
                        f"Common peers: in {layout.house_name(index)}, {digit_char(d + 1)} lies only in "
                        f"{cells_text(where, n)}; {elims_text(elims, n)} (seeing them all)"
                    ),
                )


FINDERS: tuple[Technique, ...] = (
    Technique("pointing", POINTING, 50, pointing),
    Technique("claiming", CLAIMING, 50, claiming),
    Technique("common peers", COMMON_PEERS, 50, common_peers),
)
