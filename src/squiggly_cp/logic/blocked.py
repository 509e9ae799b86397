"""The rule against its houses: a way of filling a rule's cells that would
leave a cell outside it no digit, or a house no place for one of its
digits, is out ("The arrow r2c3->r1c3-r1c4-r1c5: filling it would leave
r1c8 no digit with {1,2,3}, so r2c3 <> 6, r1c4 <> 3").

Every rule with cells of its own takes part: a sum (`Layout.sums`), a rule
read whole (`Layout.wholes`) and a rule of links between its own cells
(`Layout.links`: a thermometer, a whisper, a palindrome, a dot), and two
dots that share a cell, as one. The step lists every filling of the rule's
cells from their candidates that keeps the rule (its sum, its links between
its cells, its own check) and every other rule's links between two of them,
no digit twice among cells that see each other, then drops those that

* take every candidate of a cell outside the rule that sees some of them,
  or that a rule links to them (each cell it sees holds its digit in the
  filling; a linked cell keeps what the link allows), or
* leave a house that meets the rule no place, outside the rule, for a digit
  it still needs and the filling does not hold.

What no filling left puts in a rule's cell goes, and so does a digit of a
cell outside that no filling left lets it keep. The solution's
own filling is never dropped: its digits are all in their candidates, and
it leaves every other cell its digit. A rule with more fillings to try than
`MAX_NODES` waits (the step is missing, never wrong).

Graded 2.6: past a rule's own steps and its locked digits, before pairs.
Sudoku Explainer has no such step (`Rating.se_exact`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from ..core.geometry import Layout
from ..core.puzzle import cell_name, digit_char
from .links import RuleTag, cell_links
from .state import State, bits, digits_of
from .step import Role, Step, Technique, elims_text, houses_text
from .sums import digit_sets_text, groups_of
from .wholes import board_of

BLOCKED = 2.6
MAX_NODES = 20000
"""Partial fillings tried for one rule at most; past it, no step."""
MAX_FILLINGS = 3000
"""Complete fillings kept for one rule at most; past it, no step."""
SHOWN_REASONS = 3


@dataclass(frozen=True)
class Unit:
    """One rule as this step reads it: its cells, the links between them
    (index pairs and table), and its sum or its own check, if any."""

    tag: RuleTag
    cells: tuple[int, ...]
    pairs: tuple[tuple[int, int, tuple[int, ...]], ...]
    weights: tuple[int, ...] | None = None
    total: int = 0
    rule: Any = None


@cache
def units(layout: Layout) -> tuple[Unit, ...]:
    """The layout's rules with cells of their own, each once (a cage's sum and its
    differing cells are one unit)."""
    found: dict[RuleTag, dict[str, Any]] = {}
    for tag, cells, weights, total in layout.sums:
        assert isinstance(tag, RuleTag)
        found[tag] = {"cells": cells, "weights": weights, "total": total}
    for tag, cells, rule in layout.wholes:
        assert isinstance(tag, RuleTag)
        found.setdefault(tag, {"cells": cells})["rule"] = rule
    links: dict[RuleTag, list[tuple[int, int, tuple[int, ...]]]] = {}
    for tag, a, b, table in layout.links:
        assert isinstance(tag, RuleTag)
        if b >= 0 and a in tag.cells and b in tag.cells:
            links.setdefault(tag, []).append((a, b, table))
    for tag in links:
        found.setdefault(tag, {"cells": tag.cells})
    out = []
    for tag, parts in found.items():
        cells = tuple(parts["cells"])
        index = {c: i for i, c in enumerate(cells)}
        pairs = tuple(
            (index[a], index[b], table) for a, b, table in links.get(tag, ()) if a in index and b in index
        )
        if len(cells) > 1:
            summed = parts.get("weights"), parts.get("total", 0)
            out.append(Unit(tag, cells, pairs, *summed, rule=parts.get("rule")))
    return tuple(out) + _dot_chains(out)


def _dot_chains(found: list[Unit]) -> tuple[Unit, ...]:
    """Two rules of links on two cells each (dots) that share a cell, as one
    unit of three: "r4c3 = 3 would need 2 on both sides" is neither dot's alone."""
    pairs = [u for u in found if len(u.cells) == 2 and u.weights is None and u.rule is None]
    out = []
    for k, one in enumerate(pairs):
        for two in pairs[k + 1 :]:
            shared = set(one.cells) & set(two.cells)
            if len(shared) != 1:
                continue
            [middle] = shared
            cells = (*(c for c in one.cells if c != middle), middle, *(c for c in two.cells if c != middle))
            index = {c: i for i, c in enumerate(cells)}
            links = tuple(
                (index[u.cells[a]], index[u.cells[b]], table) for u in (one, two) for a, b, table in u.pairs
            )
            names = one.tag.name if one.tag.name == two.tag.name else f"{one.tag.name} and {two.tag.name}"
            tag = RuleTag(names, f"{one.tag.describe} and {two.tag.describe}", cells)
            out.append(Unit(tag, cells, links))
    return tuple(out)


Fillings = tuple[tuple[int, ...], ...]


@lru_cache(maxsize=1 << 12)
def fillings(unit: Unit, masks: tuple[int, ...], layout: Layout, houses: bool = True) -> Fillings | None:
    """Every filling of the unit's cells from ``masks`` that keeps the rule and every link between
    two of them (`links.cell_links`), no digit twice in two cells that see each other (not ``houses``:
    the rule alone, its links and sum); None past `MAX_NODES` or `MAX_FILLINGS`."""
    m = len(unit.cells)
    order = sorted(range(m), key=lambda i: masks[i].bit_count())
    rank = {i: k for k, i in enumerate(order)}
    checks: list[list[tuple[int, tuple[int, ...], bool]]] = [[] for _ in range(m)]
    index = {c: i for i, c in enumerate(unit.cells)}
    others = cell_links(layout) if layout.links and houses else [()] * (layout.size**2)
    every = [*unit.pairs]  # with what every other rule says between two of its cells (anti-knight...)
    for i, a in enumerate(unit.cells):
        every += [(i, index[b], table) for b, table in others[a] if index.get(b, -1) > i]
    for a, b, table in every:  # checked when the later of the two is filled
        if rank[a] < rank[b]:
            checks[b].append((a, table, True))
        else:
            checks[a].append((b, table, False))
    peers = layout.peer_sets if houses else [frozenset[int]()] * (layout.size**2)
    apart = [[j for j in order[: rank[i]] if unit.cells[j] in peers[unit.cells[i]]] for i in range(m)]
    weights = unit.weights
    low, high = [0] * (m + 1), [0] * (m + 1)
    if weights is not None:
        for k in range(m - 1, -1, -1):
            values = [weights[order[k]] * d for d in digits_of(masks[order[k]])] or [0]
            low[k], high[k] = low[k + 1] + min(values), high[k + 1] + max(values)
    board = board_of(layout) if unit.rule is not None else None
    grid = [0] * (layout.size**2)
    filling = [0] * m
    out: list[tuple[int, ...]] = []
    tried = 0

    def fill(k: int, total: int) -> bool:
        nonlocal tried
        tried += 1
        if tried > MAX_NODES or len(out) > MAX_FILLINGS:
            return False
        if k == m:
            if unit.rule is None or unit.rule.holds(grid, board):
                out.append(tuple(filling))
            return True
        i = order[k]
        for d in digits_of(masks[i]):
            if any(filling[j] == d for j in apart[i]) or not _linked(checks[i], filling, d):
                continue
            rest = total
            if weights is not None:
                rest -= weights[i] * d
                if not low[k + 1] <= rest <= high[k + 1]:
                    continue
            filling[i] = grid[unit.cells[i]] = d
            going = fill(k + 1, rest)
            filling[i] = grid[unit.cells[i]] = 0
            if not going:
                return False
        return True

    if not fill(0, unit.total):
        return None
    return tuple(out)


def _linked(checks: list[tuple[int, tuple[int, ...], bool]], filling: list[int], d: int) -> bool:
    """Whether digit ``d`` here keeps every link to a cell filled before."""
    for j, table, forward in checks:
        e = filling[j]
        if forward and not table[e - 1] >> (d - 1) & 1:
            return False
        if not forward and not table[d - 1] >> (e - 1) & 1:
            return False
    return True


_QUIET = "rule against its houses: quiet"
"""`State.memo`'s key: for each unit (by its index in `units`), what its
`_scope` held (candidates, then digits) when it last gave no step."""


@cache
def _scopes(layout: Layout) -> tuple[tuple[int, ...], ...]:
    """For each unit, every cell whose candidates or digit its step reads:
    its own, those they see or a rule links them to, and the houses meeting them."""
    linked = cell_links(layout) if layout.links else None
    out = []
    for unit in units(layout):
        scope = set(unit.cells)
        for x in unit.cells:
            scope |= layout.peer_sets[x]
            if linked is not None:
                scope.update(c for c, _ in linked[x])
            for h in layout.cell_houses[x]:
                scope.update(layout.houses[h])
        out.append(tuple(sorted(scope)))
    return tuple(out)


def rule_blocks(state: State) -> Iterator[Step]:
    """Fillings of a rule that would leave a cell no digit, or a house no place for one."""
    layout = state.layout
    cands, values = state.cands, state.values
    # A unit's step depends on its scope alone: one that gave none on the same
    # scope gives none again (most steps change nothing near most rules).
    quiet = state.memo.setdefault(_QUIET, {})
    assert isinstance(quiet, dict)
    for k, (unit, scope) in enumerate(zip(units(layout), _scopes(layout), strict=True)):
        if all(values[c] for c in unit.cells):
            continue
        seen = (*(cands[c] for c in scope), *(values[c] for c in scope))
        if quiet.get(k) == seen:
            continue
        masks = tuple(cands[c] for c in unit.cells)
        found = fillings(unit, masks, layout)
        step = None if found is None else _blocked_step(state, unit, masks, found)
        if step is None:
            quiet[k] = seen
        else:
            yield step


def _blocked_step(
    state: State, unit: Unit, masks: tuple[int, ...], found: Sequence[tuple[int, ...]]
) -> Step | None:
    layout = state.layout
    n = layout.size
    outside, houses = _around(state, unit.cells)
    emptied = _emptiable(state.cands, outside)
    kept = []
    reasons: dict[str, None] = {}
    for filling in found:
        reason = _blocker(state, filling, emptied, houses)
        if reason is None:
            kept.append(filling)
        else:
            reasons.setdefault(reason)
    support = [0] * len(unit.cells)
    for filling in kept:
        for i, d in enumerate(filling):
            support[i] |= 1 << (d - 1)
    elims = [(c, d) for c, m, ok in zip(unit.cells, masks, support, strict=True) for d in digits_of(m & ~ok)]
    for cell, ties in outside.items():
        mask, kept_here = state.cands[cell], 0
        for filling in kept:
            kept_here |= _left(mask, filling, ties)
            if kept_here == mask:
                break
        elims += [(cell, d) for d in digits_of(mask & ~kept_here)]
    if not elims:
        return None
    shown = list(reasons)[:SHOWN_REASONS]
    more = f" (and {len(reasons) - len(shown)} more)" if len(reasons) > len(shown) else ""
    why = f"no filling may leave {' or '.join(shown)}{more}" if shown else _why(unit, masks, layout, elims)
    sets = sorted({tuple(sorted(set(f))) for f in kept})
    together = set(groups_of(layout, unit.cells)) == {0}
    what = digit_sets_text(sets, count_many=False) if together else ""
    head = unit.tag.describe[0].upper() + unit.tag.describe[1:]
    roles: tuple[Role, ...] = (("rule", "cells", unit.tag.cells or unit.cells),)
    return Step(
        "rule against its houses",
        BLOCKED,
        eliminations=tuple(elims),
        cells=unit.cells,
        roles=roles,
        text=f"{head}: {why}{'; ' + what if what and kept else ''}, so {elims_text(elims, n)}",
    )


def _why(unit: Unit, masks: tuple[int, ...], layout: Layout, elims: Sequence[tuple[int, int]]) -> str:
    """Why fillings that leave every cell outside a digit still remove
    ``elims``: the rule alone, or cells that see each other (or that another
    rule links) and differ, or both. A cell outside the rule loses a digit
    only because it sees where every filling puts it."""
    see = "cells that see each other differ"
    index = {c: i for i, c in enumerate(unit.cells)}
    if not any(c in index for c, _ in elims):
        return see
    # A rule read whole is checked on completed grids only (a sandwich needs
    # its 1 and N): its fillings without the houses mean nothing.
    alone = None if unit.rule is not None else fillings(unit, masks, layout, houses=False)
    if alone is None:
        return "no filling of its cells keeps both the rule and its houses with these digits"
    own = [(c, d) for c, d in elims if c in index and all(f[index[c]] != d for f in alone)]
    if len(own) == len(elims):
        return "no filling of its cells keeps the rule with these digits"
    return f"by the rule alone {elims_text(own, layout.size)}, and {see}" if own else see


Ties = tuple[tuple[int, tuple[int, ...] | None], ...]
"""How a cell outside a unit hangs on the unit's cells: (index, None) for one
it sees (its digit goes), (index, table) for one a rule links it to (for
each digit there, the digits it may hold)."""
Around = tuple[int, int, tuple[int, ...], list[tuple[int, Ties]]]
"""A house meeting a unit that a filling might leave no place for a digit:
its index, the digits it still needs that its open cells outside the unit
and tied to none of its cells cannot hold, the unit's cells in it, and its
open cells outside the unit tied to some (with their ties)."""


def _around(state: State, cells: tuple[int, ...]) -> tuple[dict[int, Ties], list[Around]]:
    """The open cells outside tied to some of ``cells`` (`Ties`), and each
    house meeting ``cells`` (`Around`)."""
    layout = state.layout
    peers = layout.peer_sets
    inside = set(cells)
    tied: dict[int, list[tuple[int, tuple[int, ...] | None]]] = {}
    for i, x in enumerate(cells):
        for c in peers[x]:
            if c not in inside and not state.values[c]:
                tied.setdefault(c, []).append((i, None))
    if layout.links:
        for i, x in enumerate(cells):
            for c, table in cell_links(layout)[x]:
                if c not in inside and not state.values[c]:
                    tied.setdefault(c, []).append((i, table))
    outside = {c: tuple(ties) for c, ties in sorted(tied.items())}
    full = (1 << layout.size) - 1
    houses = []
    for h in sorted({h for c in cells for h in layout.cell_houses[c]}):
        members = layout.houses[h]
        placed = 0
        for c in members:
            if state.values[c]:
                placed |= 1 << (state.values[c] - 1)
        free = 0  # what the open cells outside, tied to none of ``cells``, hold whatever the filling
        tied_rest = []
        for c in members:
            if c not in inside and not state.values[c]:
                if c in outside:
                    tied_rest.append((c, outside[c]))
                else:
                    free |= state.cands[c]
        maybe = full & ~placed & ~free
        if maybe:
            within = tuple(i for i, c in enumerate(cells) if c in members)
            houses.append((h, maybe, within, tied_rest))
    return outside, houses


def _emptiable(cands: list[int], outside: dict[int, Ties]) -> list[tuple[int, Ties]]:
    """The cells of ``outside`` some filling might leave no digit: a cell tied
    by sight alone loses one digit a tie, so more candidates than ties keep one."""
    return [
        (cell, ties)
        for cell, ties in outside.items()
        if cands[cell].bit_count() <= len(ties) or any(table is not None for _, table in ties)
    ]


def _left(mask: int, filling: tuple[int, ...], ties: Ties) -> int:
    """What a cell outside keeps of ``mask`` beside ``filling``."""
    for i, table in ties:
        mask &= ~(1 << (filling[i] - 1)) if table is None else table[filling[i] - 1]
    return mask


def _blocker(
    state: State,
    filling: tuple[int, ...],
    emptied: list[tuple[int, Ties]],
    houses: list[Around],
) -> str | None:
    """Why ``filling`` cannot be (a cell it empties, a digit a house could not place), or None."""
    n = state.layout.size
    cands = state.cands
    for cell, ties in emptied:
        if not _left(cands[cell], filling, ties):
            return f"{cell_name(cell, n)} no digit"
    for h, maybe, within, rest in houses:
        held = 0
        for i in within:
            held |= 1 << (filling[i] - 1)
        short = maybe & ~held
        for cell, ties in rest:
            if not short:
                break
            short &= ~_left(cands[cell], filling, ties)
        if short:
            digit = digit_char(next(bits(short)) + 1)
            return f"{houses_text((h,), state.layout)} no place for {digit}"
    return None


@cache
def whole_units(layout: Layout) -> tuple[tuple[Unit, ...], tuple[int, ...]]:
    """The rules a dynamic search reads whole (`rule_chains.unit_offs`): those of three
    cells or more (two cells' links say all there is of two), and for each
    cell the bits of those it is in."""
    found = tuple(u for u in units(layout) if len(u.cells) >= 3)
    cell_units = [0] * (layout.size**2)
    for k, unit in enumerate(found):
        for c in unit.cells:
            cell_units[c] |= 1 << k
    return found, tuple(cell_units)


def unit_mates(layout: Layout) -> tuple[tuple[int, ...], ...]:
    """For each cell, the other cells of its sums and rules read whole: a change
    to one changes what `rule_links_now` says between the others."""
    mates: list[set[int]] = [set() for _ in range(layout.size**2)]
    for unit in units(layout):
        if unit.weights is not None or unit.rule is not None:
            for c in unit.cells:
                mates[c].update(x for x in unit.cells if x != c)
    return tuple(tuple(sorted(m)) for m in mates)


def rule_links_now(state: State) -> tuple[tuple[tuple[int, tuple[int, ...]], ...], ...] | None:
    """`links.cell_links` with what each sum and rule read whole says of two
    of its cells on this grid: for a digit here, the digits there some filling
    left (`fillings`) puts with it. A chain follows these as it follows a
    dot; they stay true on every grid narrower than this one."""
    layout = state.layout
    base = cell_links(layout) if layout.links else None
    n = layout.size
    full = (1 << n) - 1
    merged: dict[tuple[int, int], list[int]] = {}
    for unit in units(layout):
        if unit.weights is None and unit.rule is None:
            continue  # a rule of links only: its links are in `cell_links` already
        found = fillings(unit, tuple(state.cands[c] for c in unit.cells), layout)
        if not found:
            continue
        for i, a in enumerate(unit.cells):
            for j, b in enumerate(unit.cells):
                if i == j or state.values[a] or state.values[b]:
                    continue
                with_here = [0] * n
                for filling in found:
                    with_here[filling[i] - 1] |= 1 << (filling[j] - 1)
                kept = merged.setdefault((a, b), [full] * n)
                for x in range(n):
                    if with_here[x]:
                        kept[x] &= with_here[x]
    if not merged:
        return base
    out: list[dict[int, tuple[int, ...]]] = [dict(x) for x in base or [()] * (n * n)]
    for (a, b), kept in sorted(merged.items()):
        table = out[a].get(b)
        out[a][b] = tuple(kept) if table is None else tuple(x & y for x, y in zip(table, kept, strict=True))
    return tuple(tuple(x.items()) for x in out)


def rule_ons_now(state: State) -> dict[int, tuple[int, ...]] | None:
    """The strong links a sum or a rule read whole gives on this grid: for the
    potential "digit x off in cell a" (`potentials.pot`), the potentials "y on
    in b" that every filling left without x in a has (a cage of two
    combinations left, {1,6} or {2,5}, with 1 only in a: a <> 1 puts 2, 5
    in their places). None when there are none. True on every narrower grid."""
    layout = state.layout
    out: dict[int, list[int]] = {}
    for unit in units(layout):
        if unit.weights is None and unit.rule is None:
            continue
        found = fillings(unit, tuple(state.cands[c] for c in unit.cells), layout)
        if not found:
            continue
        m = len(unit.cells)
        for i, a in enumerate(unit.cells):
            if state.values[a]:
                continue
            for x in digits_of(state.cands[a]):
                rest = [f for f in found if f[i] != x]
                if not rest or len(rest) == len(found):
                    continue
                for j in range(m):
                    b, y = unit.cells[j], rest[0][j]
                    if j != i and not state.values[b] and all(f[j] == y for f in rest):
                        ons = out.setdefault(a << 5 | (x - 1) << 1, [])
                        if (b << 5 | (y - 1) << 1 | 1) not in ons:
                            ons.append(b << 5 | (y - 1) << 1 | 1)
    return {k: tuple(v) for k, v in out.items()} or None


FINDERS: tuple[Technique, ...] = (Technique("rule against its houses", BLOCKED, 50, rule_blocks),)
