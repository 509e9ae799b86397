"""A deliberately plain solution counter, independent of every engine.

Backtracking with bitmasks of the digits each house already holds. At each
step it branches on the smallest choice it can see: the empty cell with the
fewest digits left, or the (house, digit) pair with the fewest cells left,
whichever is smaller; a zero ends the branch. Nothing more clever. Tests use
it as the reference the engines must agree with.
"""

from __future__ import annotations

from squiggly_cp.core.puzzle import Grid, Puzzle


class TooLong(Exception):
    """The search passed its node limit."""


def first_solutions(puzzle: Puzzle, limit: int = 2, node_limit: int | None = None) -> list[Grid]:
    """Up to ``limit`` distinct solutions of ``puzzle``; `TooLong` past
    ``node_limit`` branches (a fixed budget of work, whatever the machine)."""
    n = puzzle.size
    houses = puzzle.houses
    houses_of: list[list[int]] = [[] for _ in range(n * n)]
    for h, house in enumerate(houses):
        for cell in house:
            houses_of[cell].append(h)
    used = [0] * len(houses)
    grid = list(puzzle.givens)
    for cell, d in enumerate(grid):
        if d:
            bit = 1 << d
            if any(used[h] & bit for h in houses_of[cell]):
                return []  # a repeated given: nothing can be a solution
            for h in houses_of[cell]:
                used[h] |= bit
    full = ((1 << (n + 1)) - 1) & ~1
    found: list[Grid] = []
    nodes = [0]

    def free(cell: int) -> int:
        h1, h2, h3 = houses_of[cell]
        return full & ~(used[h1] | used[h2] | used[h3])

    def place(cell: int, d: int) -> None:
        grid[cell] = d
        for h in houses_of[cell]:
            used[h] |= 1 << d

    def unplace(cell: int, d: int) -> None:
        grid[cell] = 0
        for h in houses_of[cell]:
            used[h] &= ~(1 << d)

    def search() -> None:
        nodes[0] += 1
        if node_limit is not None and nodes[0] > node_limit:
            raise TooLong
        # Options are (cell, digit) pairs; pick the shortest list of them.
        best: list[tuple[int, int]] | None = None
        for cell in range(n * n):
            if not grid[cell]:
                options = [(cell, d) for d in range(1, n + 1) if free(cell) >> d & 1]
                if best is None or len(options) < len(best):
                    best = options
                    if len(best) <= 1:
                        break
        if best is None:
            found.append(tuple(grid))
            return
        if len(best) > 1:
            for h, house in enumerate(houses):
                for d in range(1, n + 1):
                    if not used[h] >> d & 1:
                        options = [(c, d) for c in house if not grid[c] and free(c) >> d & 1]
                        if len(options) < len(best):
                            best = options
                            if len(best) <= 1:
                                break
                if len(best) <= 1:
                    break
        for cell, d in best:
            place(cell, d)
            search()
            unplace(cell, d)
            if len(found) >= limit:
                return

    search()
    return found
