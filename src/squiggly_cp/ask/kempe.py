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
    houses = puzzle.houses
    houses_of: list[list[int]] = [[] for _ in range(n * n)]
    for u, house in enumerate(houses):
        for c in house:
            houses_of[c].append(u)
    givens = puzzle.givens
    for a in range(1, n + 1):
        for b in range(a + 1, n + 1):
            where: dict[tuple[int, int], int] = {}
            for u, house in enumerate(houses):
                for c in house:
                    if current[c] == a or current[c] == b:
                        where[u, current[c]] = c
            seen: set[int] = set()
            for start in range(n * n):
                if current[start] != a or start in seen:
                    continue
                chain, stack = {start}, [start]
                while stack:
                    c = stack.pop()
                    other = a + b - current[c]
                    for u in houses_of[c]:
                        partner = where[u, other]
                        if partner not in chain:
                            chain.add(partner)
                            stack.append(partner)
                seen |= chain
                if any(givens[c] for c in chain):
                    continue
                for c in chain:
                    current[c] = a + b - current[c]
                if checked and not puzzle.is_solution(tuple(current)):
                    for c in chain:  # a variant's rule (a cage's sum...) broken: undone
                        current[c] = a + b - current[c]
                    continue
                for c in chain:
                    masks[c] |= 1 << (current[c] - 1)
