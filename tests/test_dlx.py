"""Tests for the dancing-links engine, including a cross-check against naive backtracking."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from squiggly_cp.core.limits import Deadline, Undecided
from squiggly_cp.core.puzzle import Puzzle, Verdict, standard_regions
from squiggly_cp.engines import dlx
from squiggly_cp.make.generate import random_layout, random_solution


def grid_of(text: str) -> tuple[int, ...]:
    return tuple(0 if ch == "." else int(ch) for ch in text if not ch.isspace())


def naive_count(puzzle: Puzzle, limit: int) -> int:
    """Count solutions up to ``limit`` by plain backtracking, cell by cell in reading order."""
    n = puzzle.size
    grid = list(puzzle.givens)
    peers = [sorted(p) for p in puzzle.peers]
    for i, d in enumerate(grid):
        if d and any(grid[j] == d for j in peers[i]):
            return 0
    empty = [i for i, d in enumerate(grid) if not d]
    count = 0

    def fill(k: int) -> bool:
        nonlocal count
        if k == len(empty):
            count += 1
            return count >= limit
        cell = empty[k]
        used = {grid[j] for j in peers[cell]}
        for d in range(1, n + 1):
            if d not in used:
                grid[cell] = d
                if fill(k + 1):
                    grid[cell] = 0
                    return True
        grid[cell] = 0
        return False

    fill(0)
    return count


# The well-known example puzzle from Wikipedia's "Sudoku" article, with its solution.
CLASSIC = grid_of("""
    53..7.... 6..195... .98....6. 8...6...3 4..8.3..1 7...2...6 .6....28. ...419..5 ....8..79
""")
CLASSIC_SOLUTION = grid_of("""
    534678912 672195348 198342567 859761423 426853791 713924856 961537284 287419635 345286179
""")

# Worked by hand (standard 2x2 boxes): row 1 needs 3,4 and column 4 has a 3, so r1c4=4, r1c3=3;
# then box 2 gives r2c4=2, column 3 gives r3c3=4, column 4 gives r4c4=1; r3c1 cannot be 1
# (column 1) so r3c1=2, r3c2=1; r4c1=4 (given) forces r4c2=3, r2c1=3, r2c2=4.
SMALL = grid_of("12.. ..1. ...3 4.2.")
SMALL_SOLUTION = grid_of("1234 3412 2143 4321")

# A minimal 9x9 squiggly puzzle that takes the engine more than 10,000 search nodes.
SLOW = Puzzle(
    9,
    grid_of("000084000002060000000000007000005000105020400080000010900300500000000000000000000"),
    grid_of("000111122001113222004113332004553322444453326447455366777775566887877556888888666"),
)


def test_classic_sudoku_solution_cell_by_cell() -> None:
    puzzle = Puzzle.standard(CLASSIC)
    result = dlx.solve(puzzle)
    assert result.verdict is Verdict.UNIQUE
    assert result.solution is not None
    for i, (got, want) in enumerate(zip(result.solution, CLASSIC_SOLUTION, strict=True)):
        assert got == want, f"cell r{i // 9 + 1}c{i % 9 + 1}"
    assert dlx.count_solutions(puzzle, 10) == 1
    assert list(dlx.iter_solutions(puzzle)) == [CLASSIC_SOLUTION]


def test_complete_grid_is_its_own_solution() -> None:
    puzzle = Puzzle.standard(CLASSIC_SOLUTION)
    assert dlx.solve(puzzle).solution == CLASSIC_SOLUTION


def test_equal_givens_in_a_region_mean_no_solution() -> None:
    givens = [0] * 81
    givens[0] = givens[10] = 5  # r1c1 and r2c2: same box, different row and column
    puzzle = Puzzle.standard(givens)
    assert puzzle.repeated_given() == (18, 0, 10)  # region 1 (houses: rows, columns, regions)
    assert dlx.solve(puzzle).verdict is Verdict.NONE
    assert dlx.count_solutions(puzzle, 5) == 0
    assert naive_count(puzzle, 5) == 0


def test_equal_givens_in_a_row_mean_no_solution() -> None:
    givens = [0] * 16
    givens[0] = givens[3] = 2
    assert dlx.solve(Puzzle.standard(givens, 4)).verdict is Verdict.NONE


def test_cell_without_candidates_means_no_solution() -> None:
    # r1c1 sees 1,2 in its row and 3,4 in its column, but no two givens clash.
    puzzle = Puzzle.standard(grid_of(".12. .... 3... 4..."), 4)
    assert puzzle.repeated_given() is None
    assert dlx.solve(puzzle).verdict is Verdict.NONE


def test_empty_4x4_has_288_solutions() -> None:
    puzzle = Puzzle.standard([0] * 16, 4)
    assert dlx.count_solutions(puzzle, 1000) == 288
    assert dlx.count_solutions(puzzle, 100) == 100
    assert dlx.count_solutions(puzzle, 0) == 0
    solutions = list(dlx.iter_solutions(puzzle))
    assert len(set(solutions)) == 288
    assert all(puzzle.is_solution(s) for s in solutions)
    shuffled = list(dlx.iter_solutions(puzzle, random.Random(3)))
    assert sorted(shuffled) == sorted(solutions)


def test_hand_worked_4x4() -> None:
    puzzle = Puzzle.standard(SMALL, 4)
    result = dlx.solve(puzzle)
    assert result.verdict is Verdict.UNIQUE
    assert result.solution == SMALL_SOLUTION
    assert puzzle.is_solution(SMALL_SOLUTION)


def test_hand_worked_4x4_without_r4c1_has_two_solutions() -> None:
    # Without r4c1=4, the 3/4 rectangle in r2/r4 x c1/c2 can be swapped.
    givens = list(SMALL)
    givens[12] = 0
    puzzle = Puzzle.standard(givens, 4)
    other = grid_of("1234 4312 2143 3421")
    assert set(dlx.iter_solutions(puzzle)) == {SMALL_SOLUTION, other}
    result = dlx.solve(puzzle)
    assert result.verdict is Verdict.MULTIPLE
    assert set(result.solutions) == {SMALL_SOLUTION, other}


def test_multiple_gives_two_different_valid_solutions() -> None:
    givens = list(CLASSIC)
    for i in range(0, 81, 3):
        givens[i] = 0
    puzzle = Puzzle.standard(givens)
    result = dlx.solve(puzzle)
    assert result.verdict is Verdict.MULTIPLE
    first, second = result.solutions
    assert first != second
    assert puzzle.is_solution(first)
    assert puzzle.is_solution(second)
    assert result.solution is None


def test_empty_grids_of_several_sizes() -> None:
    for size in (4, 6, 8, 9, 12, 16):
        puzzle = Puzzle(size, (0,) * (size * size), standard_regions(size))
        result = dlx.solve(puzzle)
        assert result.verdict is Verdict.MULTIPLE, size
        assert all(puzzle.is_solution(s) for s in result.solutions)


def test_count_stops_at_limit_on_empty_9x9() -> None:
    assert dlx.count_solutions(Puzzle.standard([0] * 81), 5) == 5


def test_time_limit_gives_unknown() -> None:
    result = dlx.solve(SLOW, time_limit=0.0)
    assert result.verdict is Verdict.UNKNOWN
    assert result.solutions == ()
    assert dlx.solve(SLOW).verdict is Verdict.UNIQUE


def test_node_limit_raises() -> None:
    try:
        list(dlx.iter_solutions(SLOW, node_limit=100))
    except Undecided:
        pass
    else:
        raise AssertionError("node limit was not enforced")


def test_random_order_gives_varied_first_solutions() -> None:
    puzzle = Puzzle.standard([0] * 81)
    firsts = {next(dlx.iter_solutions(puzzle, random.Random(seed))) for seed in range(5)}
    assert len(firsts) == 5
    assert all(puzzle.is_solution(s) for s in firsts)


def random_small_puzzle(seed: int, size: int) -> Puzzle:
    """A puzzle on a random layout whose givens may be unique, multiple, none or clashing."""
    rng = random.Random(seed)
    layout = random_layout(rng, size)
    cells = size * size
    solution = random_solution(layout, rng, size)
    if solution is None:
        givens = [0] * cells
        for cell in rng.sample(range(cells), cells // 3):
            givens[cell] = rng.randint(1, size)
    else:
        keep = rng.uniform(0.25, 0.7)
        givens = [d if rng.random() < keep else 0 for d in solution]
        for _ in range(rng.choice((0, 0, 1, 2))):
            givens[rng.randrange(cells)] = rng.randint(1, size)
    return Puzzle(size, tuple(givens), layout)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), size=st.sampled_from([4, 5, 6, 7]))
def test_agrees_with_naive_backtracking(seed: int, size: int) -> None:
    puzzle = random_small_puzzle(seed, size)
    want = naive_count(puzzle, 3)
    assert dlx.count_solutions(puzzle, 3) == want
    result = dlx.solve(puzzle)
    assert result.verdict is {0: Verdict.NONE, 1: Verdict.UNIQUE}.get(want, Verdict.MULTIPLE)
    assert all(puzzle.is_solution(s) for s in result.solutions)
    assert len(set(result.solutions)) == len(result.solutions)


def exact_covers(rows: list[tuple[int, ...]], ncols: int) -> list[set[int]]:
    """Every exact cover of a 0-1 matrix given as its rows' columns (1-based), by the DLX engine."""
    matrix = dlx._Matrix(ncols)
    for number, columns in enumerate(rows):
        matrix.add_row(columns, number)
    return [{matrix.ROW[x] for x in chosen} for chosen in dlx._explore(matrix, None, None, Deadline(None))]


def test_plain_exact_cover_knuths_example() -> None:
    # The matrix of Knuth's "Dancing Links" paper (columns A..G = 1..7): its one
    # exact cover is rows 0 (C E F), 3 (A D) and 4 (B G).
    rows = [(3, 5, 6), (1, 4, 7), (2, 3, 6), (1, 4), (2, 7), (4, 5, 7)]
    assert exact_covers(rows, 7) == [{0, 3, 4}]
    # A row covering every column is a second cover by itself; without row 3 (A D) there is none.
    assert sorted(map(sorted, exact_covers([*rows, tuple(range(1, 8))], 7))) == [[0, 3, 4], [6]]
    assert exact_covers([r for i, r in enumerate(rows) if i != 3], 7) == []
