"""An independent exact-cover engine: Knuth's Algorithm X with dancing links.

A filled N x N squiggly sudoku is an exact cover of 4*N*N primary columns,
each of which must be covered exactly once:

* cell (r, c) holds a digit,
* row r holds digit d,
* column c holds digit d,
* region k holds digit d,

and N more per extra house of a variant (a diagonal, a window: house h
holds digit d). Other rules (cages, lines, dots) are no exact cover: the
engine refuses them, naming the rule (`refuse_rules`).

Each candidate placement "digit d in cell (r, c)" is one matrix row covering
one column of each of the cell's houses and its cell column. Rows exist only for placements the
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

from ..core.limits import Deadline, Undecided
from ..core.puzzle import Grid, Puzzle, Result, refuse_rules, verdict_for

__all__ = ["count_solutions", "iter_solutions", "solve"]

_CLOCK_EVERY = 512  # nodes between clock readings


def iter_solutions(
    puzzle: Puzzle, rng: random.Random | None = None, *, node_limit: int | None = None
) -> Iterator[Grid]:
    """Yield every solution of ``puzzle``, lazily.

    With ``rng`` the rows of each chosen column are tried in random order, so
    the first solution is a random one. With ``node_limit`` the search raises
    `squiggly_cp.core.limits.Undecided` after choosing that many rows.
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
    except Undecided:
        return verdict_for(found, exhausted=False)
    return verdict_for(found, exhausted=True)


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
    """Every solution of ``puzzle``: the sudoku's exact-cover matrix, searched by `_explore`."""
    refuse_rules(puzzle, "DLX")
    if puzzle.repeated_given() is not None:  # no solution; the matrix cannot even hold it
        return
    matrix, placements, given_nodes = _sudoku_matrix(puzzle)
    # Select the givens' rows for good. No clash means their columns are disjoint.
    for x in given_nodes:
        matrix.cover(matrix.C[x])
        matrix.select(x)
    row_of = matrix.ROW
    for chosen in _explore(matrix, rng, node_limit, deadline):
        grid = list(puzzle.givens)
        for x in chosen:
            cell, digit = placements[row_of[x]]
            grid[cell] = digit
        yield tuple(grid)


def _sudoku_matrix(puzzle: Puzzle) -> tuple[_Matrix, list[tuple[int, int]], list[int]]:
    """The exact-cover matrix of ``puzzle`` (see the module's description).

    Returns the matrix, the (cell, digit) placement of each matrix row, and the
    first node of each given's row.
    """
    n = puzzle.size
    nn = n * n
    givens = puzzle.givens
    # Each cell's houses: row, column, region, then a variant's extra houses.
    cell_houses = puzzle.layout.cell_houses
    # Digits already given in each house (bit d set for digit d).
    used = [0] * len(puzzle.houses)
    for i, d in enumerate(givens):
        if d:
            for h in cell_houses[i]:
                used[h] |= 1 << d

    matrix = _Matrix(nn + len(used) * n)
    placements: list[tuple[int, int]] = []
    given_nodes: list[int] = []
    for cell in range(nn):
        g = givens[cell]
        houses = cell_houses[cell]
        if g:
            digits = [g]
        else:
            taken = 0
            for h in houses:
                taken |= used[h]
            digits = [d for d in range(1, n + 1) if not taken >> d & 1]
        for d in digits:
            # Column order: the cell, then (house, digit) in house order: the
            # row's, the column's, the region's, as Knuth's sudoku matrix has them.
            cols = (1 + cell, *(1 + nn + h * n + d - 1 for h in houses))
            first = matrix.add_row(cols, len(placements))
            placements.append((cell, d))
            if g:
                given_nodes.append(first)
    return matrix, placements, given_nodes


class _Matrix:
    """A sparse 0-1 matrix as dancing links, in flat integer lists indexed by node.

    Node 0 is the root and nodes 1..ncols the column headers; every 1 of the
    matrix is a node, linked left/right (L, R) around its row and up/down
    (U, D) around its column. C gives a node's column header, ROW its matrix
    row, S each column's count of rows still linked in.

    `cover`, `uncover`, `select` and `unselect` are closures over the lists
    (bound per instance), which is what keeps the inner loops fast.
    """

    def __init__(self, ncols: int):
        self.L = L = [*range(-1, ncols)]
        L[0] = ncols
        self.R = R = [*range(1, ncols + 2)]
        R[ncols] = 0
        self.U = U = list(range(ncols + 1))
        self.D = D = list(range(ncols + 1))
        self.C = C = list(range(ncols + 1))
        self.S = S = [0] * (ncols + 1)
        self.ROW = [-1] * (ncols + 1)

        def cover(c: int) -> None:
            """Unlink column ``c`` and every row that has a 1 in it."""
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
            """Undo `cover` (in the exact reverse order)."""
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

        def select(x: int) -> None:
            """Cover the other columns of node ``x``'s row (its own column is covered already)."""
            j = R[x]
            while j != x:
                cover(C[j])
                j = R[j]

        def unselect(x: int) -> None:
            """Undo `select`."""
            j = L[x]
            while j != x:
                uncover(C[j])
                j = L[j]

        self.cover, self.uncover, self.select, self.unselect = cover, uncover, select, unselect

    def add_row(self, columns: tuple[int, ...], row: int) -> int:
        """Append matrix row number ``row`` with 1s in ``columns`` (header nodes); return its first node."""
        L, R, U, D = self.L, self.R, self.U, self.D
        first = len(L)
        width = len(columns)
        for offset, col in enumerate(columns):
            x = first + offset
            L.append(first + (offset - 1) % width)
            R.append(first + (offset + 1) % width)
            up = U[col]
            U.append(up)
            D.append(col)
            D[up] = x
            U[col] = x
            self.C.append(col)
            self.ROW.append(row)
            self.S[col] += 1
        return first

    def rows_of(self, c: int) -> list[int]:
        """The nodes of column ``c``, top to bottom."""
        D = self.D
        nodes = []
        i = D[c]
        while i != c:
            nodes.append(i)
            i = D[i]
        return nodes


def _choose_column(R: list[int], S: list[int]) -> int:
    """The first linked column with the fewest rows (Knuth's S heuristic); one with 0 or 1 ends the scan."""
    best = R[0]
    size = S[best]
    j = R[best]
    while j != 0 and size > 1:
        s = S[j]
        if s < size:
            best = j
            size = s
        j = R[j]
    return best


def _explore(
    matrix: _Matrix, rng: random.Random | None, node_limit: int | None, deadline: Deadline
) -> Iterator[list[int]]:
    """Algorithm X on the columns of ``matrix`` still linked in, with an explicit stack.

    Yields the chosen row nodes at each exact cover (one list, changed as the
    search goes on). With ``rng`` each column's rows are tried in random order.
    Raises `Undecided` once more than ``node_limit`` rows have been
    chosen or the deadline has passed (checked every `_CLOCK_EVERY` rows).
    """
    cover, uncover, select, unselect = matrix.cover, matrix.uncover, matrix.select, matrix.unselect
    R, S, C = matrix.R, matrix.S, matrix.C
    chosen: list[int] = []  # the row node picked at each level
    options: list[list[int]] = []  # the rows of the column covered at each level
    tried: list[int] = []  # which of those rows is chosen
    nodes = 0
    stop_at = sys.maxsize if node_limit is None else node_limit + 1
    check_at = min(_CLOCK_EVERY, stop_at)
    while True:
        # Descend: cover the column with the fewest rows and choose its first row, or report a cover.
        descended = False
        if R[0] == 0:
            yield chosen
        else:
            best = _choose_column(R, S)
            if S[best]:
                cover(best)
                rows = matrix.rows_of(best)
                if rng is not None:
                    rng.shuffle(rows)
                select(rows[0])
                chosen.append(rows[0])
                options.append(rows)
                tried.append(0)
                descended = True
                nodes += 1
        if nodes >= check_at:
            if nodes >= stop_at:
                raise Undecided(f"node limit {node_limit} reached")
            if deadline.passed():
                raise Undecided("time limit reached")
            check_at = min(nodes + _CLOCK_EVERY, stop_at)
        if descended:
            continue
        # Backtrack: undo the latest choice and choose the next row of its column.
        while chosen:
            unselect(chosen.pop())
            rows = options[-1]
            k = tried[-1] + 1
            if k < len(rows):
                select(rows[k])
                chosen.append(rows[k])
                tried[-1] = k
                nodes += 1
                break
            uncover(C[rows[0]])
            options.pop()
            tried.pop()
        else:
            return
