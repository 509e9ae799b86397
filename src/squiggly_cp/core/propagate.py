"""The propagation core: per-cell candidate bitmasks, narrowed by sound rules.

Bit ``d-1`` of a mask stands for digit ``d``. The engines start from here
(`squiggly_cp.engines.cpsat` hands CP-SAT only what propagation leaves open),
and the logic solver's trials run the same `singles` kernel.
"""

from __future__ import annotations

from collections.abc import Sequence

from .geometry import Layout
from .puzzle import Puzzle, cell_name, digit_char


def candidates(puzzle: Puzzle) -> list[int] | None:
    """Per cell, a bitmask of the digits still possible (bit ``d-1`` for digit ``d``).

    Propagates to a fixpoint: a placed digit leaves its peers, a cell with one
    digit left is placed (naked single), a digit with one cell left in a house
    goes there (hidden single). Returns None when that proves there is no
    solution (a cell or a house runs out of room). Sound: no digit of any
    solution is removed. This is the same reasoning as ``hatch(puzzle,
    "singles")`` without the step bookkeeping, tuned for speed because every
    CP-SAT solve starts with it.
    """
    layout = puzzle.layout
    cells = len(puzzle.givens)
    cands = [layout.full] * cells
    for cell, digit in enumerate(puzzle.givens):
        if digit:
            cands[cell] = 1 << (digit - 1)
    # The fixpoint does not depend on the order of the work: the cheapest peer table will do.
    if singles(layout, cands, [0] * cells, layout.peer_lists) is not None:
        return None
    return cands


def singles(
    layout: Layout,
    cands: list[int],
    values: list[int],
    peers: Sequence[Sequence[int]],
    seed: int | None = None,
) -> str | None:
    """Apply naked and hidden singles until none is left, in place.

    ``values`` holds the digit of each placed cell (0 if none); a placed
    cell's mask is its digit's bit, and that digit must already be gone from
    its peers. A cell left with one
    candidate is placed, its digit removed from ``peers`` (a per-cell table
    of ``layout``, whose order decides which contradiction is found first).
    Returns a contradiction's reason, or None at a fixpoint without one.

    With ``seed``, only that cell (its candidates cut down to one digit)
    starts the work: right for a position that had no singles before it.
    """
    n = layout.size
    house_bits = layout.cell_house_bits
    if seed is None:
        stack = [c for c, m in enumerate(cands) if not values[c] and not m & (m - 1)]
        dirty = (1 << len(layout.houses)) - 1
    else:
        stack = [seed]
        dirty = house_bits[seed]
    while True:
        while stack:
            c = stack.pop()
            if values[c]:
                continue
            m = cands[c]
            if not m:
                return f"{cell_name(c, n)} has no candidates left"
            if m & (m - 1):
                continue
            values[c] = m.bit_length()
            keep = ~m
            for p in peers[c]:
                pm = cands[p]
                if pm & m:
                    pm &= keep
                    if not pm & (pm - 1):
                        if not pm and values[p]:  # a placed peer keeps just its digit
                            digit = digit_char(values[c])
                            return f"{cell_name(c, n)} and {cell_name(p, n)} both hold {digit}"
                        stack.append(p)
                    cands[p] = pm
                    dirty |= house_bits[p]
        if not dirty:
            return None
        found = _hidden_singles(layout, cands, values, dirty, stack)
        if isinstance(found, str):
            return found
        dirty = found
        if not stack:
            return None


def _hidden_singles(
    layout: Layout, cands: list[int], values: list[int], scan: int, stack: list[int]
) -> int | str:
    """Cut down to its digit every cell that is the one place left for a digit
    in a house of ``scan`` (a bit set of house indices), and put it on
    ``stack``. Returns the houses to look at again, or a contradiction's reason."""
    houses, house_bits, full = layout.houses, layout.cell_house_bits, layout.full
    dirty = 0
    while scan:
        low = scan & -scan
        scan ^= low
        index = low.bit_length() - 1
        house = houses[index]
        once = more = placed = 0
        for c in house:
            m = cands[c]
            more |= once & m
            once |= m
            if values[c]:
                placed |= m
        if once != full:
            digit = (full & ~once & -(full & ~once)).bit_length()
            return f"digit {digit_char(digit)} has no place in {layout.house_name(index)}"
        lone = once & ~more & ~placed
        while lone:
            bit = lone & -lone
            lone ^= bit
            for c in house:
                if cands[c] & bit:
                    cands[c] = bit
                    stack.append(c)
                    dirty |= house_bits[c]
                    break
    return dirty
