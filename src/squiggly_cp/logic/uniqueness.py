"""Techniques that assume the puzzle has one solution: unique loops and BUG.

They are sound only on a puzzle proved unique, so they never fire unless
the solve was started with ``unique=True`` (the `rate` and `logic`
commands do so only after CP-SAT has proved uniqueness).

* **Unique rectangle / loop** (4.5, longer loops 4.6-5.0): cells holding
  the same two digits, linked alternately through different kinds of house,
  such that every house they touch holds exactly two of them. If only those
  two digits were left, they could be swapped: two solutions. So one of the
  cells with more digits must take another. Type 1: one such cell, which
  loses the two. Type 2: the extra cells share one extra digit, which
  leaves every cell seeing them all. Type 3: two extra cells in one house
  act together as one cell holding one of their extra digits, in a naked
  set with other cells of the house (its digits leave the rest of the
  house), or as one place for the loop's digits in a hidden set (its other
  cells lose every digit outside the set). Type 4: two extra cells in one
  house where one loop digit has no other place: the other loop digit
  leaves both.
* **BUG** (bivalue universal grave, 5.6-5.7+): if every empty cell had two
  candidates and every digit two places in each house, the puzzle would have
  zero or several solutions. Type 1: one cell breaks the pattern, so it must
  hold the digit that breaks it. Type 2: several cells break it with the same
  digit: one of them holds it, so it leaves every cell seeing them all.
  Types 3 and 4: the cells that break it share a house and act as one cell
  of a naked set there (3), or share one more digit (4).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from functools import partial

from ..core.geometry import COLUMN, ROW, cells_of
from ..core.puzzle import digit_char
from .direct import colex
from .se_houses import cell_house_order, region_types
from .state import State, bits, digits_of
from .step import Step, Technique, cells_text, elims_text

UNIQUE_LOOP = 4.5
BUG_1 = 5.6
BUG_2 = 5.7


def _loop_difficulty(length: int) -> float:
    if length >= 10:
        return UNIQUE_LOOP + 0.3 + 0.2
    if length >= 8:
        return UNIQUE_LOOP + 0.2
    if length >= 6:
        return UNIQUE_LOOP + 0.1
    return UNIQUE_LOOP


def _loops(state: State, start: int, pair: int) -> list[list[int]]:
    """Closed paths from ``start`` through cells holding both digits of ``pair``,
    each link in a house of another kind than the link before (at most two
    cells with extra digits, or any number sharing one extra digit)."""
    cands, values = state.cands, state.values
    layout = state.layout
    types = region_types(layout, (ROW, COLUMN))  # SE walks every type of house
    found: list[list[int]] = []
    path = [start]
    on_path = {start}

    def grow(last_kind: int, extra_in: int, allowance: int) -> None:
        extra = extra_in
        here = path[-1]
        for kind, house_type in enumerate(types):
            house = house_type.of_cell[here]
            if kind == last_kind or house < 0:
                continue
            for c in layout.houses[house]:
                if c == start and len(path) >= 4:
                    found.append(path.copy())
                elif c not in on_path and not values[c] and cands[c] & pair == pair:
                    # Like SE, the extra digits seen at this level add up over siblings.
                    extra |= cands[c] & ~pair
                    bivalue = cands[c] == pair
                    if bivalue or extra.bit_count() == 1 or allowance > 0:
                        path.append(c)
                        on_path.add(c)
                        grow(kind, extra, allowance if bivalue else allowance - 1)
                        path.pop()
                        on_path.discard(c)

    grow(-1, 0, 2)
    return found


_LOOPS = "unique loops"
"""`State.memo`'s key: {(start, pair): (what `_loops` read, the loops it found)}."""


def _kept_loops(state: State, start: int, pair: int, places: list[int]) -> list[list[int]]:
    """`_loops`, found again only when what it reads has changed: which empty
    cells hold both digits of ``pair`` (``places``: `State.places`), and what
    else they hold."""
    d1 = (pair & -pair).bit_length() - 1
    d2 = pair.bit_length() - 1
    holding = places[d1] & places[d2]
    cands = state.cands
    read = (holding, tuple(cands[c] for c in cells_of(holding)))
    kept = state.memo.setdefault(_LOOPS, {})
    assert isinstance(kept, dict)
    last = kept.get((start, pair))
    if last is not None and last[0] == read:
        return last[1]
    loops = _loops(state, start, pair)
    kept[start, pair] = (read, loops)
    return loops


def _valid(state: State, loop: list[int]) -> bool:
    """Every house the loop touches holds two of its cells, one of each parity."""
    seen: tuple[set[int], set[int]] = (set(), set())
    for i, c in enumerate(loop):
        parity = i % 2
        for h in state.layout.cell_houses[c]:
            if h in seen[parity]:
                return False
            seen[parity].add(h)
    return seen[0] == seen[1]


def _name(length: int, kind: int) -> str:
    shape = "unique rectangle" if length == 4 else "unique loop"
    return f"{shape} type {kind}"


def deadly_patterns_hold(state: State) -> bool:
    """May a deadly pattern's swap be trusted to give another solution? Only
    with houses alone: a rule between two cells (a dot, a thermometer) or a
    sum (a cage) may tell the two digits of a rectangle apart."""
    layout = state.layout
    return state.unique and not (layout.links or layout.sums or layout.wholes)


def unique_loops(state: State) -> Iterator[Step]:
    if not deadly_patterns_hold(state):
        return
    cands, values = state.cands, state.values
    n = state.layout.size
    steps: list[tuple[float, int, Step]] = []
    done: set[tuple[int, frozenset[int]]] = set()
    places = state.places()
    for start in range(n * n):
        pair = cands[start]
        if values[start] or pair.bit_count() != 2:
            continue
        v1, v2 = digits_of(pair)
        for loop in _kept_loops(state, start, pair, places):
            if len(loop) % 2 or not _valid(state, loop):
                continue
            for kind, elims, why, more in _conclusions(state, loop, pair):
                elims = tuple((c, d) for c, d in elims if cands[c] >> (d - 1) & 1)
                key = (kind, frozenset(loop))
                if not elims or key in done:
                    continue
                done.add(key)
                name = _name(len(loop), kind)
                difficulty = _loop_difficulty(len(loop)) + more
                text = f"{name.capitalize()}: {cells_text(loop, n)} on {v1}, {v2}; {why}"
                text += f" -> {elims_text(elims, n)}"
                steps.append(
                    (
                        difficulty,
                        kind,
                        Step(name, difficulty, eliminations=elims, cells=tuple(loop), text=text),
                    )
                )
    steps.sort(key=lambda s: (s[0], s[1]))
    for _, _, step in steps:
        yield step


Conclusion = tuple[int, tuple[tuple[int, int], ...], str, float]
"""(type, eliminations, why, added difficulty)."""


def _conclusions(state: State, loop: list[int], pair: int) -> list[Conclusion]:
    """What a valid loop on the digits of ``pair`` proves, by type."""
    cands = state.cands
    layout = state.layout
    n = layout.size
    v1, v2 = digits_of(pair)
    extras = [c for c in loop if cands[c] != pair]
    found: list[Conclusion] = []
    if len(extras) == 1:
        c = extras[0]
        found.append((1, ((c, v1), (c, v2)), f"{cells_text([c], n)} must hold another digit", 0.0))
    if len(extras) < 2:
        return found
    union = 0
    for c in extras:
        union |= cands[c] & ~pair
    if len(extras) > 2 or union.bit_count() == 1:
        first = cands[extras[0]] & ~pair
        digit = (first & -first).bit_length()
        seeing = ~0
        for c in extras:
            seeing &= layout.peer_bits[c]
        elims = tuple((c, digit) for c in state.open_with(seeing, digit - 1) if c not in extras)
        found.append((2, elims, f"one of {cells_text(extras, n)} holds {digit_char(digit)}", 0.0))
    if len(extras) == 2:
        if union.bit_count() >= 2:
            found += _type_3(state, extras, union)
        c1, c2 = extras
        locked = {}
        for h in cell_house_order(layout)[c1]:
            if h not in layout.cell_houses[c2]:
                continue
            for v in (v1, v2):
                if not any(cands[c] >> (v - 1) & 1 for c in layout.houses[h] if c not in (c1, c2)):
                    locked[v] = h
        if locked:
            keep = v1 if v1 in locked else v2
            other = v2 if keep == v1 else v1
            why = f"{digit_char(keep)} must go in {cells_text(extras, n)}"
            found.append((4, ((c1, other), (c2, other)), why, 0.0))
    return found


def _type_3(state: State, extras: list[int], extra: int) -> list[Conclusion]:
    """Type 3: the two extra cells, which must hold one of their extra digits
    between them, act as one cell of a naked set with other cells of a house
    they share; the set's digits leave the rest of that house. +0.1 per
    digit of the set beyond the first."""
    cands, values = state.cands, state.values
    layout = state.layout
    n = layout.size
    c1, c2 = extras
    out = []
    for size in range(max(2, extra.bit_count()), n - 1):
        for house_type in region_types(layout, (ROW, COLUMN)):
            house = house_type.of_cell[c1]
            if house < 0 or house_type.of_cell[c2] != house:
                continue
            empty = [c for c in layout.houses[house] if not values[c]]
            if 2 * size > len(empty):
                continue
            others = [c for c in empty if c not in extras and cands[c].bit_count() >= 2]
            for picked in colex(len(others), size - 1):
                group = [others[i] for i in picked]
                union = extra
                for c in group:
                    union |= cands[c]
                if union.bit_count() != size:
                    continue
                elims = tuple(
                    (c, d)
                    for c in empty
                    if c not in extras and c not in group
                    for d in digits_of(cands[c] & union)
                )
                if elims:
                    digits = ", ".join(map(digit_char, digits_of(union)))
                    why = f"with {cells_text(group, n)} they make a naked set of {digits}"
                    out.append((3, elims, why, (size - 1) * 0.1))
            if 2 * size < len(empty):
                out += _type_3_hidden(state, extras, extra, house, size)
    return out


def _type_3_hidden(state: State, extras: list[int], extra: int, house: int, size: int) -> list[Conclusion]:
    """Type 3, hidden: at least one extra cell holds an extra digit, so the
    two of them take at most one digit outside their extras: one place for
    the loop's two digits together. If the loop's digits and ``size`` - 2
    digits the extra cells lack fit, in ``house``, only into the first extra
    cell and ``size`` - 1 other cells, each of those cells holds one of
    them and loses every other digit. +0.1 per cell beyond the first."""
    cands = state.cands
    layout = state.layout
    n = layout.size
    c1, c2 = extras
    pair = cands[c1] & ~extra
    cells = [c for c in layout.houses[house] if not state.values[c] and c != c2]
    rest = [d for d in range(n) if not (pair | extra) >> d & 1]
    out: list[Conclusion] = []
    for picked in colex(len(rest), size - 2):
        digits = pair
        for i in picked:
            digits |= 1 << rest[i]
        spots = [c for c in cells if cands[c] & digits]
        if len(spots) != size or any(not any(cands[c] >> d & 1 for c in cells) for d in bits(digits)):
            continue
        inside = [c for c in spots if c != c1]
        elims = tuple((c, d) for c in inside for d in digits_of(cands[c] & ~digits))
        if elims:
            names = ", ".join(map(digit_char, digits_of(digits)))
            why = f"with {cells_text(inside, n)} they hold the hidden set {names}"
            out.append((3, elims, why, (size - 2) * 0.1))
    return out


def _bug_cells(state: State) -> dict[int, int] | None:
    """The cells breaking the BUG pattern, each with the digits it breaks it
    with (in the order found), or None when there is no BUG."""
    cands, values = state.cands, state.values
    layout = state.layout
    n = layout.size
    scratch = [0 if v else m for m, v in zip(cands, values, strict=True)]
    bug_digits: dict[int, int] = {}
    common = -1
    for house_type in region_types(layout, (ROW, COLUMN)):  # SE: every house, its types in order
        for h in house_type.houses:
            for d in range(n):
                spots = [c for c in layout.houses[h] if not values[c] and cands[c] >> d & 1]
                if len(spots) in (0, 2):
                    continue
                wide = [c for c in spots if cands[c].bit_count() >= 3]
                if not wide:
                    return None
                if len(wide) == 1:
                    c = wide[0]
                    if c not in bug_digits:
                        bug_digits[c] = 0
                        common &= layout.peer_bits[c]
                    bug_digits[c] |= 1 << d
                    scratch[c] &= ~(1 << d)
                    digits = 0
                    for m in bug_digits.values():
                        digits |= m
                    if (
                        len(bug_digits) >= 2
                        and digits.bit_count() >= 2
                        and not _outside(common, list(bug_digits))
                    ):
                        return None
    if not bug_digits or any(m and m.bit_count() != 2 for m in scratch):
        return None
    for house in layout.houses:
        for d in range(n):
            if sum(1 for c in house if scratch[c] >> d & 1) not in (0, 2):
                return None
    return bug_digits


def bug(state: State, se: bool = False) -> Iterator[Step]:
    """BUG types 1-4; types 3 and 4 look in rows, columns and regions (``se``:
    in SE's boxes, rows and columns, so in a jigsaw's regions not at all)."""
    if not deadly_patterns_hold(state):
        return
    found = _bug_cells(state)
    if found is None:
        return
    cands = state.cands
    layout = state.layout
    n = layout.size
    bug_cells, bug_digits = list(found), found
    common = -1
    for c in bug_cells:
        common &= layout.peer_bits[c]
    digits = 0
    for m in bug_digits.values():
        digits |= m
    if len(bug_cells) == 1:
        c = bug_cells[0]
        keep = bug_digits[c]
        elims = tuple((c, d) for d in digits_of(cands[c] & ~keep))
        if elims:
            yield Step(
                "bug type 1",
                BUG_1,
                eliminations=elims,
                cells=(c,),
                text=(
                    f"BUG type 1: every other cell is bivalue; {cells_text([c], n)} must hold "
                    f"{', '.join(map(digit_char, digits_of(keep)))} -> {elims_text(elims, n)}"
                ),
            )
        return
    seeing = _outside(common, bug_cells)
    if digits.bit_count() == 1:
        d = digits.bit_length()
        elims = tuple((c, d) for c in state.open_with(seeing, d - 1))
        if elims:
            yield Step(
                "bug type 2",
                BUG_2,
                eliminations=elims,
                cells=tuple(bug_cells),
                text=(
                    f"BUG type 2: one of {cells_text(bug_cells, n)} holds {digit_char(d)}"
                    f" -> {elims_text(elims, n)}"
                ),
            )
        if len(bug_cells) == 2:
            yield from _bug_4(state, bug_cells, bug_digits, digits, se)
        return
    if not seeing:
        return
    if len(bug_cells) == 2:
        yield from _bug_4(state, bug_cells, bug_digits, digits, se)
    yield from _bug_3(state, bug_cells, digits, se)


def _bug_houses(state: State, se: bool) -> tuple[int, ...]:
    """The kinds of house BUG types 3 and 4 look in: regions, rows, columns (SE:
    boxes, on a box layout only, rows, columns)."""
    return (2, 0, 1) if state.layout.boxes or not se else (0, 1)


def _bug_4(
    state: State, cells: list[int], bug_digits: dict[int, int], digits: int, se: bool
) -> Iterator[Step]:
    """Two BUG cells in one house sharing one more digit ``u``: each keeps only its BUG digits and ``u``."""
    c1, c2 = cells
    cands = state.cands
    layout = state.layout
    n = layout.size
    rest = cands[c1] & cands[c2] & ~digits
    if rest.bit_count() != 1:
        return
    for kind in _bug_houses(state, se):
        if layout.cell_houses[c1][kind] != layout.cell_houses[c2][kind]:
            continue
        elims = tuple((c, d) for c in (c1, c2) for d in digits_of(cands[c] & ~(bug_digits[c] | rest)))
        if elims:
            yield Step(
                "bug type 4",
                BUG_2,
                eliminations=elims,
                cells=(c1, c2),
                text=(
                    f"BUG type 4: {cells_text(cells, n)} in {layout.house_name(layout.cell_houses[c1][kind])}"
                    f" -> {elims_text(elims, n)}"
                ),
            )


def _bug_3(state: State, cells: list[int], digits: int, se: bool) -> Iterator[Step]:
    """The BUG cells, together holding one of ``digits``, act as one cell of a naked set."""
    cands, values = state.cands, state.values
    layout = state.layout
    n = layout.size
    for kind in _bug_houses(state, se):
        house = layout.cell_houses[cells[0]][kind]
        if any(layout.cell_houses[c][kind] != house for c in cells):
            continue
        others = [c for c in layout.houses[house] if c not in cells and not values[c]]
        for size in range(2, 7):
            for picked in colex(len(others), size - 1):
                group = [others[i] for i in picked]
                union = digits
                for c in group:
                    union |= cands[c]
                if union.bit_count() != size or any(cands[c].bit_count() < 2 for c in group):
                    continue
                elims = tuple((c, d) for c in others if c not in group for d in digits_of(cands[c] & union))
                if elims:
                    yield Step(
                        "bug type 3",
                        BUG_2 + (size - 1) * 0.1,
                        eliminations=elims,
                        houses=(house,),
                        cells=tuple(cells) + tuple(group),
                        text=(
                            f"BUG type 3: one of {cells_text(cells, n)} holds one of "
                            f"{', '.join(map(digit_char, digits_of(digits)))}, making a naked set with "
                            f"{cells_text(group, n)} -> {elims_text(elims, n)}"
                        ),
                    )


def _outside(common: int, cells: list[int]) -> int:
    for c in cells:
        common &= ~(1 << c)
    return common


FINDERS: tuple[Technique, ...] = (
    Technique(
        "unique rectangle",
        UNIQUE_LOOP,
        100,
        unique_loops,
        variable=True,
        names=tuple(
            f"{shape} type {k}" for shape in ("unique rectangle", "unique loop") for k in (1, 2, 3, 4)
        ),
    ),
    Technique("bug", BUG_1, 100, bug, variable=True, names=tuple(f"bug type {k}" for k in range(1, 5))),
)
"""The default scale's: BUG types 3 and 4 in regions too."""

SE_FINDERS: dict[str, Technique] = {
    "unique rectangle": FINDERS[0],
    "bug": replace(FINDERS[1], finder=partial(bug, se=True)),
}
