"""The propagation core: per-cell candidate bitmasks, narrowed by sound rules.

Bit ``d-1`` of a mask stands for digit ``d``. The engines start from here
(`squiggly_cp.engines.cpsat` hands CP-SAT only what propagation leaves open).
"""

from __future__ import annotations

from .puzzle import Puzzle


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
    n = puzzle.size
    full = (1 << n) - 1
    peers = puzzle.peer_lists
    cands = [full] * (n * n)
    todo = []
    for cell, digit in enumerate(puzzle.givens):
        if digit:
            cands[cell] = 1 << (digit - 1)
            todo.append(cell)
    done = [False] * (n * n)
    units = puzzle.units
    while True:
        while todo:
            cell = todo.pop()
            if done[cell]:
                continue
            done[cell] = True
            bit = cands[cell]
            for peer in peers[cell]:
                mask = cands[peer]
                if mask & bit:
                    mask &= ~bit
                    if not mask:
                        return None
                    cands[peer] = mask
                    if not mask & (mask - 1):
                        todo.append(peer)
        # Hidden singles: per house, the digits that appear in exactly one cell.
        for unit in units:
            once = twice = 0
            for cell in unit:
                mask = cands[cell]
                twice |= once & mask
                once |= mask
            if once != full:
                return None
            single = once & ~twice
            if single:
                for cell in unit:
                    mask = cands[cell] & single
                    if mask and not done[cell]:
                        if mask & (mask - 1):
                            return None  # two digits that each need this very cell
                        cands[cell] = mask
                        todo.append(cell)
        if not todo:
            return cands
