"""An independent exact-cover engine: Knuth's Algorithm X with dancing links.

A filled N x N squiggly sudoku is an exact cover of 4*N*N primary columns,
each of which must be covered exactly once:

* cell (r, c) holds a digit,
* row r holds digit d,
* column c holds digit d,
* region k holds digit d.

Each candidate placement "digit d in cell (r, c)" is one matrix row covering
exactly four columns, one of each kind. Rows exist only for placements the
givens allow (a given cell gets only its given digit, an empty cell only the
digits not given among its peers), and the givens' rows are selected before
the search starts, so the search works on what is left.

The links live in flat integer lists (L, R, U, D, C, S) rather than node
objects, and the search uses an explicit stack instead of recursion.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator

from .deadline import Deadline
from .puzzle import Grid, Puzzle, Result, verdict_for

__all__ = ["SearchLimitReached", "count_solutions", "givens_clash", "iter_solutions", "solve"]

_CLOCK_EVERY = 512  # nodes between clock readings


class SearchLimitReached(Exception):
    """The search stopped at its node limit or deadline before it was finished."""


def givens_clash(puzzle: Puzzle) -> bool:
    """True if some digit is given twice in one row, column or region."""
    return puzzle.repeated_given() is not None


def iter_solutions(
    puzzle: Puzzle, rng: random.Random | None = None, *, node_limit: int | None = None
) -> Iterator[Grid]:
    """Yield every solution of ``puzzle``, lazily.

    With ``rng`` the rows of each chosen column are tried in random order, so
    the first solution is a random one. With ``node_limit`` the search raises
    `SearchLimitReached` after choosing that many rows.
    """
    return _search(puzzle, rng, node_limit, Deadline(None))


def solve(puzzle: Puzzle, *, time_limit: float | None = None) -> Result:
    """Decide ``puzzle``: search up to the second solution or until ``time_limit`` seconds pass."""
    deadline = Deadline(time_limit)
    found: list[Grid] = []
    try:
        for grid in _search(puzzle, None, None, deadline):
            found.append(grid)
            if len(found) == 2:
                break
    except SearchLimitReached:
        return verdict_for(found, complete=False)
    return verdict_for(found, complete=True)


def count_solutions(puzzle: Puzzle, limit: int) -> int:
    """The number of solutions of ``puzzle``, counting no further than ``limit``."""
    if limit <= 0:
        return 0
    count = 0
    for _ in _search(puzzle, None, None, Deadline(None)):
        count += 1
        if count >= limit:
            break
    return count


def _search(
    puzzle: Puzzle, rng: random.Random | None, node_limit: int | None, deadline: Deadline
) -> Iterator[Grid]:
    if givens_clash(puzzle):
        return
    n = puzzle.size
    nn = n * n
    givens = puzzle.givens
    regions = puzzle.regions

    # Digits already given in each house (bit d set for digit d).
    row_used = [0] * n
    col_used = [0] * n
    reg_used = [0] * n
    for i, d in enumerate(givens):
        if d:
            bit = 1 << d
            row_used[i // n] |= bit
            col_used[i % n] |= bit
            reg_used[regions[i]] |= bit

    ncols = 4 * nn
    # Node 0 is the root, nodes 1..ncols the column headers.
    L = [*range(-1, ncols)]
    L[0] = ncols
    R = [*range(1, ncols + 2)]
    R[ncols] = 0
    U = list(range(ncols + 1))
    D = list(range(ncols + 1))
    C = list(range(ncols + 1))
    S = [0] * (ncols + 1)
    row_cell: list[int] = []  # matrix row -> cell index
    row_digit: list[int] = []  # matrix row -> digit
    ROW = [-1] * (ncols + 1)  # node -> matrix row
    given_nodes: list[int] = []

    for cell in range(nn):
        r, c = divmod(cell, n)
        k = regions[cell]
        g = givens[cell]
        if g:
            digits = [g]
        else:
            used = row_used[r] | col_used[c] | reg_used[k]
            digits = [d for d in range(1, n + 1) if not used >> d & 1]
        for d in digits:
            row_id = len(row_cell)
            row_cell.append(cell)
            row_digit.append(d)
            first = len(L)
            cols = (1 + cell, 1 + nn + r * n + d - 1, 1 + 2 * nn + c * n + d - 1, 1 + 3 * nn + k * n + d - 1)
            for offset, col in enumerate(cols):
                x = first + offset
                L.append(first + (offset - 1) % 4)
                R.append(first + (offset + 1) % 4)
                up = U[col]
                U.append(up)
                D.append(col)
                D[up] = x
                U[col] = x
                C.append(col)
                ROW.append(row_id)
                S[col] += 1
            if g:
                given_nodes.append(first)

    def cover(c: int) -> None:
        L[R[c]] = L[c]
        R[L[c]] = R[c]
        i = D[c]
        while i != c:
            j = R[i]
            while j != i:
                U[D[j]] = U[j]
                D[U[j]] = D[j]
                S[C[j]] -= 1
                j = R[j]
            i = D[i]

    def uncover(c: int) -> None:
        i = U[c]
        while i != c:
            j = L[i]
            while j != i:
                S[C[j]] += 1
                U[D[j]] = j
                D[U[j]] = j
                j = L[j]
            i = U[i]
        L[R[c]] = c
        R[L[c]] = c

    # Select the givens' rows for good. No clash means their columns are disjoint.
    for x in given_nodes:
        cover(C[x])
        j = R[x]
        while j != x:
            cover(C[j])
            j = R[j]

    base = list(givens)
    chosen: list[int] = []  # the row node picked at each level
    cands_stack: list[list[int]] = []  # candidate row nodes at each level
    index_stack: list[int] = []
    nodes = 0
    stop_at = sys.maxsize if node_limit is None else node_limit + 1
    check_at = min(_CLOCK_EVERY, stop_at)

    while True:
        # Descend: pick the column with the fewest rows, or report a solution.
        backtrack = True
        if R[0] == 0:
            grid = base[:]
            for x in chosen:
                grid[row_cell[ROW[x]]] = row_digit[ROW[x]]
            yield tuple(grid)
        else:
            best = R[0]
            size = S[best]
            j = R[best]
            while j != 0 and size > 1:
                s = S[j]
                if s < size:
                    best = j
                    size = s
                j = R[j]
            if size > 0:
                cover(best)
                cands = []
                i = D[best]
                while i != best:
                    cands.append(i)
                    i = D[i]
                if rng is not None:
                    rng.shuffle(cands)
                x = cands[0]
                j = R[x]
                while j != x:
                    cover(C[j])
                    j = R[j]
                chosen.append(x)
                cands_stack.append(cands)
                index_stack.append(0)
                backtrack = False
                nodes += 1
        if nodes >= check_at:
            if nodes >= stop_at:
                raise SearchLimitReached(f"node limit {node_limit} reached")
            if deadline.passed():
                raise SearchLimitReached("time limit reached")
            check_at = min(nodes + _CLOCK_EVERY, stop_at)
        if not backtrack:
            continue
        # Backtrack: undo the latest choice and try the next row of its column.
        while chosen:
            x = chosen.pop()
            j = L[x]
            while j != x:
                uncover(C[j])
                j = L[j]
            cands = cands_stack[-1]
            k = index_stack[-1] + 1
            if k < len(cands):
                x = cands[k]
                j = R[x]
                while j != x:
                    cover(C[j])
                    j = R[j]
                chosen.append(x)
                index_stack[-1] = k
                nodes += 1
                break
            uncover(C[x])
            cands_stack.pop()
            index_stack.pop()
        else:
            return
