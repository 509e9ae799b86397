"""A rule read whole inside a dynamic search (`dynamic`): as an assumption
is followed and the grid thins, what no filling of a rule's cells from the
thinner grid keeps goes too ("r1c1 <> 1 and r2c1 <> 1: the 7-cage is {2,5}").

This is how a forcing chain follows a cage with two combinations left, or
an arrow whose bulb has lost its small digits: not candidate by candidate
(`blocked.rule_ons_now`), but as the rule as a whole. A rule of two cells
says no more than its links (`blocked.rule_links_now`), so only rules of
three cells or more are read (`blocked.whole_units`).
"""

from __future__ import annotations

from collections.abc import Sequence

from .blocked import Unit, fillings
from .potentials import ChainGrid, Node


def unit_offs(grid: ChainGrid, dirty: int, offs: dict[int, Node]) -> list[Node]:
    """For the rules ``dirty`` (bits of `ChainGrid.rule_units`), the candidates
    of their cells that no filling of them from the grid as it is now keeps:
    each an off node standing on the candidates the search removed from that
    rule's cells. A dynamic search reads a rule whole this way: a cage of
    {1,6} or {2,5} that has lost its 1s is {2,5}."""
    cands = grid.cands
    out: list[Node] = []
    while dirty:
        low = dirty & -dirty
        dirty ^= low
        k = low.bit_length() - 1
        unit = grid.rule_units[k]
        cells = unit.cells
        if k not in grid.unit_tables:
            masks = tuple(grid.start[c] or grid.fixed[c] for c in cells)
            grid.unit_tables[k] = fillings_table(grid, unit, masks)
        table = grid.unit_tables[k]
        if table is None:
            continue  # too many fillings to list (`blocked.MAX_FILLINGS`): not read whole here
        alive = _alive(table, cells, cands, grid.start)
        parents: tuple[Node, ...] | None = None
        for i, cell in enumerate(cells):
            gone, has, m = 0, table[i], cands[cell]
            while m:
                bit = m & -m
                m ^= bit
                fits = has[bit.bit_length() - 1]
                # A digit no filling of the start grid holds is the rule's own step, not this search's.
                if fits and not fits & alive:
                    gone |= bit
            if gone and parents is None:
                parents = _removed(grid, cells, offs)
            while gone:
                bit = gone & -gone
                gone ^= bit
                q = cell << 5 | (bit.bit_length() - 1) << 1
                if q not in offs:
                    out.append((q, parents))
    return out


def _alive(table: list[list[int]], cells: Sequence[int], cands: list[int], start: list[int]) -> int:
    """The bits of the start grid's fillings (``table``) that fit ``cands``."""
    alive = -1
    for i, cell in enumerate(cells):
        mask = cands[cell]
        if mask != start[cell]:
            has, fit = table[i], 0
            while mask:
                bit = mask & -mask
                mask ^= bit
                fit |= has[bit.bit_length() - 1]
            alive &= fit
    return alive


def fillings_table(grid: ChainGrid, unit: Unit, masks: tuple[int, ...]) -> list[list[int]] | None:
    """The unit's fillings from ``masks`` (`blocked.fillings`) as, for each of
    its cells and each digit, the bits of the fillings that put it there: a
    narrower grid's fillings are those of the start grid's that fit it."""
    found = fillings(unit, masks, grid.state.layout)
    if found is None:
        return None
    table = [[0] * grid.size for _ in unit.cells]
    for f, filling in enumerate(found):
        for i, d in enumerate(filling):
            table[i][d - 1] |= 1 << f
    return table


def _removed(grid: ChainGrid, cells: Sequence[int], offs: dict[int, Node]) -> tuple[Node, ...]:
    """The off nodes of the candidates a dynamic search removed from ``cells``."""
    out = []
    for cell in cells:
        gone = grid.start[cell] & ~grid.cands[cell]
        while gone:
            bit = gone & -gone
            gone ^= bit
            node = offs.get(cell << 5 | (bit.bit_length() - 1) << 1)
            if node is not None:
                out.append(node)
    return tuple(out)


