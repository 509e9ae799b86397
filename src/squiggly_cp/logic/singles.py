"""Singles: full house, hidden single, naked single."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import partial
from itertools import chain

from ..core.geometry import COLUMN, EXTRA, REGION, ROW, Layout
from ..core.puzzle import cell_name, digit_char
from .se_houses import BACKSLASH, SLASH, extra_types
from .state import State, lost_cells, where_lost
from .step import Step, Technique

FULL_HOUSE = 1.0
HIDDEN_SINGLE_REGION = 1.2
HIDDEN_SINGLE_LINE = 1.5
NAKED_SINGLE = 2.3


def full_house(state: State) -> Iterator[Step]:
    """The last empty cell of a house."""
    values = state.values
    cands = state.cands
    layout = state.layout
    for index, house in enumerate(layout.houses):
        empty = -1
        for c in house:
            if not values[c]:
                if empty >= 0:
                    break
                empty = c
        else:
            if empty >= 0 and cands[empty].bit_count() == 1:
                yield from full_house_in(state, index)


def hidden_singles(state: State, indices: Iterable[int], difficulty: float) -> Iterator[Step]:
    values = state.values
    cands = state.cands
    layout = state.layout
    n = layout.size
    for index in indices:
        house = layout.houses[index]
        once = 0
        more = 0
        placed = 0
        for c in house:
            m = cands[c]
            more |= once & m
            once |= m
            if values[c]:
                placed |= m
        lone = once & ~more & ~placed
        while lone:
            bit = lone & -lone
            lone ^= bit
            digit = bit.bit_length()
            cell = next(c for c in house if cands[c] & bit)
            yield Step(
                "hidden single",
                difficulty,
                placements=((cell, digit),),
                houses=(index,),
                cells=(cell,),
                text=f"Hidden single in {layout.house_name(index)}: {_placed(cell, digit, n)}",
            )


def hidden_single_region(state: State) -> Iterator[Step]:
    return hidden_singles(state, state.layout.of_kind(REGION), HIDDEN_SINGLE_REGION)


def hidden_single_line(state: State) -> Iterator[Step]:
    """In a row, a column or an extra house (a diagonal, a window...: graded as a line)."""
    layout = state.layout
    return hidden_singles(state, chain(*map(layout.of_kind, (ROW, COLUMN, EXTRA))), HIDDEN_SINGLE_LINE)


def naked_single(state: State) -> Iterator[Step]:
    values = state.values
    n = state.layout.size
    for cell, mask in enumerate(state.cands):
        if not values[cell] and mask and not mask & (mask - 1):
            digit = mask.bit_length()
            yield Step(
                "naked single",
                NAKED_SINGLE,
                placements=((cell, digit),),
                cells=(cell,),
                text=f"Naked single: {cell_name(cell, n)} = {digit_char(digit)}",
            )


def se_singles(state: State) -> Iterator[Step]:
    """Full houses and hidden singles in Sudoku Explainer's order and grades.

    A hidden single is 1.2 only in a true box (a box layout's regions), else
    1.5; full houses are 1.0. On a box layout: full houses in boxes, columns,
    rows, then hidden singles in the same order. Elsewhere SE looks at
    regions last: full houses in columns and rows, hidden singles there,
    then full houses and hidden singles in regions. A variant's extra houses
    (Sukaku Explainer's) come after the rows: full houses, then hidden singles.

    Only in houses that lost a place since the last grid this search found
    nothing on (`State.memo`): a house as it was there has no single.
    """
    return where_lost(state, "se singles", partial(_se_singles, state))


def _se_singles(state: State, lost: Sequence[int] | None) -> Iterator[Step]:
    layout = state.layout
    shrunk = lost_cells(lost)
    cols, rows, regions = (layout.of_kind(kind) for kind in (COLUMN, ROW, REGION))
    if layout.boxes:
        passes: list[tuple[Sequence[int], bool]] = [
            (regions, True), (cols, True), (rows, True), (regions, False), (cols, False), (rows, False)
        ]
    else:
        passes = [(cols, True), (rows, True), (cols, False), (rows, False)]
    passes += _extra_passes(layout)
    if not layout.boxes:
        passes += [(regions, True), (regions, False)]
    houses, house_bits = layout.houses, layout.house_bits
    values = state.values
    for indices, alone in passes:
        for index in indices:
            if not house_bits[index] & shrunk:
                continue
            empty = sum(1 for c in houses[index] if not values[c])
            if (empty == 1) != alone or not empty:
                continue
            if alone:
                yield from full_house_in(state, index)
            else:
                box = layout.boxes and layout.house_kind[index] == REGION
                grade = HIDDEN_SINGLE_REGION if box else HIDDEN_SINGLE_LINE
                yield from hidden_singles(state, (index,), grade)


def _extra_passes(layout: Layout) -> list[tuple[Sequence[int], bool]]:
    """SE's passes over extra houses: the diagonals' full houses, then their
    hidden singles; then each other type's full houses and hidden singles."""
    types = extra_types(layout)
    diagonals = [h for t in types if t.name in (SLASH, BACKSLASH) for h in t.houses]
    passes: list[tuple[Sequence[int], bool]] = [(diagonals, True), (diagonals, False)] if diagonals else []
    for t in types:
        if t.name not in (SLASH, BACKSLASH):
            passes += [(t.houses, True), (t.houses, False)]
    return passes


def full_house_in(state: State, index: int) -> Iterator[Step]:
    layout = state.layout
    for c in layout.houses[index]:
        if not state.values[c] and state.cands[c].bit_count() == 1:
            digit = state.cands[c].bit_length()
            yield Step(
                "full house",
                FULL_HOUSE,
                placements=((c, digit),),
                houses=(index,),
                cells=(c,),
                text=f"Full house in {layout.house_name(index)}: {_placed(c, digit, layout.size)}",
            )


def _placed(cell: int, digit: int, size: int) -> str:
    return f"{cell_name(cell, size)} = {digit_char(digit)}"


FINDERS: tuple[Technique, ...] = (
    Technique("full house", FULL_HOUSE, 4, full_house),
    Technique("hidden single", HIDDEN_SINGLE_REGION, 14, hidden_single_region, variable=True),
    Technique("hidden single", HIDDEN_SINGLE_LINE, 14, hidden_single_line, variable=True),
    Technique("naked single", NAKED_SINGLE, 4, naked_single),
)

SE_FINDERS: dict[str, Technique] = {
    "singles": Technique(
        "hidden single", FULL_HOUSE, 14, se_singles, variable=True, names=("full house", "hidden single")
    ),
    "naked single": FINDERS[3],
}
