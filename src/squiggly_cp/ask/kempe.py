"""Solutions for free: from one solution, the others that swapping two
digits along a Kempe chain makes (`squiggly_cp.ask.count`'s candidate search
marks them without a search)."""

from __future__ import annotations

from ..core.puzzle import Grid, Puzzle

__all__ = ["mark_kempe"]


def mark_kempe(puzzle: Puzzle, grid: Grid, masks: list[int]) -> None:
    """Mark in ``masks`` the pairs of ``grid`` (a solution) and of the
    solutions reached from it by swapping digits a and b on a Kempe chain: a
    set of a- and b-cells holding, with each cell, the other digit's cell in
    each of its houses. Swapped, every house still holds each digit once; a
    chain without a given gives another solution, when the puzzle's rules
    other than houses still hold (checked)."""
    n = puzzle.size
    checked = any(not rule.is_house(n) for rule in puzzle.rules)
    current = list(grid)
    for c, d in enumerate(current):
        masks[c] |= 1 << (d - 1)
    layout = puzzle.layout
    houses_of, givens = layout.cell_houses, puzzle.givens
    # at[u][d]: the cell of house u holding digit d (kept up to date through the swaps)
    at = [[0] * (n + 1) for _ in layout.houses]
    for u, house in enumerate(layout.houses):
        for c in house:
            at[u][current[c]] = c
    for a in range(1, n + 1):
        for b in range(a + 1, n + 1):
            seen: set[int] = set()
            for start in [at[row][a] for row in range(n)]:  # the a of each row, before any swap
                if start in seen:
                    continue
                chain, stack = {start}, [start]
                while stack:
                    c = stack.pop()
                    other = a + b - current[c]
                    for u in houses_of[c]:
                        partner = at[u][other]
                        if partner not in chain:
                            chain.add(partner)
                            stack.append(partner)
                seen |= chain
                if any(givens[c] for c in chain) or not _swap(puzzle, current, chain, a + b, checked):
                    continue
                for c in chain:
                    masks[c] |= 1 << (current[c] - 1)
                    for u in houses_of[c]:
                        at[u][current[c]] = c


def _swap(puzzle: Puzzle, current: list[int], chain: set[int], total: int, checked: bool) -> bool:
    """Swap the two digits (adding up to ``total``) on ``chain``; undone, and
    False, when ``checked`` finds a variant's rule (a cage's sum...) broken."""
    for c in chain:
        current[c] = total - current[c]
    if checked and not puzzle.is_solution(tuple(current)):
        for c in chain:
            current[c] = total - current[c]
        return False
    return True
