"""Tests for cross-hatching (docs/cross-hatching.md), and the soundness of it and of `candidates`."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from squiggly_cp.ask.hatch import HatchResult, Placement, format_hatch, hatch
from squiggly_cp.core.propagate import candidates
from squiggly_cp.core.puzzle import Grid, Puzzle, box_shape, normalize_labels, standard_regions
from squiggly_cp.formats.plain import read_plain


def lines(rows: str) -> str:
    """The spec lists nine rows separated by spaces; the real text has one row per line."""
    return "".join(row + "\n" for row in rows.split())


def standard(rows: str) -> Puzzle:
    return read_plain(lines(rows))


def run(rows: str, rules: str = "hatch") -> str:
    return format_hatch(hatch(standard(rows), rules))


# --- the spec's examples, byte-exact ------------------------------------------------------------

SPEC_EXAMPLES = [
    (
        "300000000 800000000 200000000 900000000 000000000 600000000 500000000 400000000 100000000",
        "3........ 8........ 2........ 9........ ......... 6........ 5........ 4........ 1........",
    ),
    (
        "370004008 805700300 200008609 908400200 734920800 000073004 003100096 097602000 080009005",
        "379264518 865791342 241538679 958416237 734925861 612873954 523187496 497652183 186349725",
    ),
    (
        "000204510 800791000 200030000 058016200 000020000 000000004 520007090 000600000 106009005",
        "...26451. 8..791..2 2...3.... .58.162.. ....2.... ..2.7...4 52.1.7.9. ...652... 1.63.9.25",
    ),
]


@pytest.mark.parametrize(("given_rows", "expected_rows"), SPEC_EXAMPLES)
def test_spec_examples(given_rows: str, expected_rows: str) -> None:
    assert format_hatch(hatch(read_plain(lines(given_rows)))) == lines(expected_rows)


def test_singles_fill_the_lone_column_gap() -> None:
    # Example 1: the hatch rule leaves r5c1 empty; the column hidden single fills it.
    out = run(SPEC_EXAMPLES[0][0], "singles")
    assert out.splitlines()[4] == "7........"


# --- rule 1: duplicate givens --------------------------------------------------------------------


def test_box_duplicate_is_an_error() -> None:
    # r2c2 and r3c1 hold 6: same box, different rows and columns.
    rows = "000000000 060000000 600000000 000000000 000000000 000000000 000000000 000000000 000000000"
    assert run(rows) == "ERROR\n"
    assert hatch(standard(rows)).error == "r2c2 and r3c1 both hold 6 in region 1"


def test_row_duplicate_is_an_error() -> None:
    rows = "000000000 000000000 000000000 700000070 000000000 000000000 000000000 000000000 000000000"
    assert run(rows) == "ERROR\n"
    assert hatch(standard(rows)).error == "r4c1 and r4c8 both hold 7 in row 4"


def test_column_duplicate_is_an_error() -> None:
    rows = "000200000 000000000 000000000 000000000 000000000 000000000 000000000 000200000 000000000"
    assert run(rows) == "ERROR\n"
    assert hatch(standard(rows), "singles").error == "r1c4 and r8c4 both hold 2 in column 4"


def test_first_duplicate_scanning_rows_then_columns_then_regions() -> None:
    # The column-1 duplicate of 5 is reported before the region-9 duplicate of 3.
    rows = "500000000 000000000 000000000 000000000 000000000 000000000 500000000 000000030 000000003"
    assert hatch(standard(rows)).error == "r1c1 and r7c1 both hold 5 in column 1"


# --- rule 2 and 3 errors -------------------------------------------------------------------------


def test_two_digits_for_one_cell() -> None:
    # In box 1, 1 is ruled out of rows 2 and 3 (r2c4, r3c7) and of columns 2 and 3 (r4c2, r7c3),
    # and 2 likewise (r3c4, r2c7, r8c2, r5c3), so r1c1 is the only cell of box 1 for both.
    rows = "000000000 000100200 000200100 010000000 002000000 000000000 001000000 020000000 000000000"
    for rules in ("hatch", "singles"):
        result = hatch(standard(rows), rules)
        assert result.error == "pass 1 puts both 1 and 2 in r1c1"
        assert result.grid == standard(rows).givens
    assert run(rows) == "ERROR\n"


def test_same_digit_twice_in_a_row_in_one_pass() -> None:
    # Boxes 1 and 2 have rows 2-3 full (with other digits) and 1 is in columns 2, 3, 5 and 6,
    # so r1c1 is box 1's only cell for 1 and r1c4 box 2's: both in row 1.
    rows = "000000000 234567000 567234000 010000000 000010000 000000000 001000000 000001000 000000000"
    assert hatch(standard(rows)).error == "pass 1 puts 1 in both r1c1 and r1c4 of row 1"
    assert run(rows) == "ERROR\n"


def test_same_digit_twice_in_a_column_in_one_pass() -> None:
    # The previous puzzle, transposed.
    rows = "000000000 234567000 567234000 010000000 000010000 000000000 001000000 000001000 000000000"
    rows = " ".join("".join(col) for col in zip(*rows.split(), strict=True))
    assert hatch(standard(rows)).error == "pass 1 puts 1 in both r1c1 and r4c1 of column 1"


def test_region_has_no_cell() -> None:
    # r1c1 is taken; 1 is in rows 2 and 3 (r2c4, r3c7) and columns 2 and 3 (r4c2, r7c3).
    rows = "500000000 000100000 000000100 010000000 000000000 000000000 001000000 000000000 000000000"
    assert hatch(standard(rows)).error == "region 1 has no cell for 1"
    assert run(rows) == "ERROR\n"


def test_cell_can_hold_no_digit() -> None:
    # Row 5 holds 1-4 and 6-9 and column 5 holds 5, so r5c5 is dead; the region rule
    # finds nothing (every region keeps at least two cells for every missing digit),
    # so only rule 3 notices. The "singles" rules see row 5 has nowhere for 5.
    rows = "000050000 000000000 000000000 000000000 123406789 000000000 000000000 000000000 000000000"
    result = hatch(standard(rows))
    assert result.error == "r5c5 can hold no digit"
    assert result.steps == ()
    assert run(rows) == "ERROR\n"
    assert hatch(standard(rows), "singles").error == "row 5 has no cell for 5"


def test_singles_column_has_no_cell() -> None:
    # Column 1 lacks 9 and its only empty cell r5c1 sees a 9 in row 5.
    rows = "100000000 200000000 300000000 400000000 000090000 500000000 600000000 700000000 800000000"
    assert hatch(standard(rows), "singles").error == "column 1 has no cell for 9"


def test_unknown_rules() -> None:
    with pytest.raises(ValueError, match="unknown rule set"):
        hatch(standard(SPEC_EXAMPLES[0][0]), "naked")


# --- steps ---------------------------------------------------------------------------------------


def test_steps_small_standard_case() -> None:
    # 4x4, 2x2 boxes:  1 2 | 3 .      Pass 1: box 1 lacks 4; row 2 and column 2 do not hold 4,
    #                  3 . | . .      so r2c2 is its only cell. Box 2's 4 could still go in
    #                  ----+----      r1c4, r2c3 or r2c4. Pass 2: row 2 now holds 4, leaving r1c4.
    #                  . . | . .      Pass 3 places nothing (every other digit of every box
    #                  . . | . .      has at least two cells).
    puzzle = Puzzle.standard([1, 2, 3, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 4)
    result = hatch(puzzle)
    assert [str(s) for s in result.steps] == [
        "pass 1: r2c2 = 4 (the only cell for 4 in region 1)",
        "pass 2: r1c4 = 4 (the only cell for 4 in region 2)",
    ]
    assert result.steps[0] == Placement(1, 5, 4, "region", 1, 4)
    assert result.error is None
    assert result.grid == (1, 2, 3, 4, 3, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    assert not result.solved
    # With singles, r1c4 = 4 is found in pass 1 already (row 1 lacks only 4); the row is
    # credited before the naked single.
    assert [str(s) for s in hatch(puzzle, "singles").steps] == [
        "pass 1: r1c4 = 4 (the only cell for 4 in row 1)",
        "pass 1: r2c2 = 4 (the only cell for 4 in region 1)",
    ]


SQUIGGLY_5 = (0, 0, 0, 1, 1, 0, 0, 2, 1, 1, 2, 2, 2, 2, 1, 3, 3, 3, 4, 4, 3, 3, 4, 4, 4)


def test_steps_squiggly_case() -> None:
    # Regions:  1 1 1 2 2     givens: . . . . 5
    #           1 1 3 2 2             . . . . .
    #           3 3 3 3 2             2 . . . .
    #           4 4 4 5 5             . 1 . 3 .
    #           4 4 5 5 5             . 4 . . .
    # Pass 1 by hand: region 4 (r4c1 r4c2 r4c3 r5c1 r5c2) holds 1 and 4; its 2 cannot go in
    # column 1, leaving r4c3; its 3 cannot go in row 4, leaving r5c1. Region 5's 4 cannot go
    # in row 5, leaving r4c5. Pass 2: region 4's last empty cell r4c1 gets 5. And so on.
    puzzle = Puzzle(
        5, (0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 1, 0, 3, 0, 0, 4, 0, 0, 0), SQUIGGLY_5
    )
    result = hatch(puzzle)
    assert [str(s) for s in result.steps] == [
        "pass 1: r4c3 = 2 (the only cell for 2 in region 4)",
        "pass 1: r4c5 = 4 (the only cell for 4 in region 5)",
        "pass 1: r5c1 = 3 (the only cell for 3 in region 4)",
        "pass 2: r4c1 = 5 (the only cell for 5 in region 4)",
        "pass 3: r2c2 = 5 (the only cell for 5 in region 1)",
        "pass 4: r1c2 = 2 (the only cell for 2 in region 1)",
        "pass 5: r1c3 = 3 (the only cell for 3 in region 1)",
        "pass 6: r3c2 = 3 (the only cell for 3 in region 3)",
        "pass 7: r2c5 = 3 (the only cell for 3 in region 2)",
        "pass 8: r2c4 = 2 (the only cell for 2 in region 2)",
        "pass 9: r1c4 = 4 (the only cell for 4 in region 2)",
        "pass 9: r5c5 = 2 (the only cell for 2 in region 5)",
        "pass 10: r2c1 = 4 (the only cell for 4 in region 1)",
        "pass 10: r3c5 = 1 (the only cell for 1 in region 2)",
        "pass 11: r1c1 = 1 (the only cell for 1 in region 1)",
        "pass 11: r2c3 = 1 (the only cell for 1 in region 3)",
        "pass 11: r3c3 = 4 (the only cell for 4 in region 3)",
        "pass 12: r3c4 = 5 (the only cell for 5 in region 3)",
        "pass 12: r5c4 = 1 (the only cell for 1 in region 5)",
        "pass 13: r5c3 = 5 (the only cell for 5 in region 5)",
    ]
    assert result.solved
    assert puzzle.is_solution(result.grid)
    assert naive_solutions(puzzle) == [result.grid]


def test_naked_single_step() -> None:
    # Row 5 holds 1-4 and column 5 holds 5-8, so r5c5 can only be 9; no house has a
    # single cell for any digit, so the hatch rule places nothing.
    rows = "000050000 000060000 000000000 000000000 123400000 000000000 000000000 000070000 000080000"
    assert hatch(standard(rows)).steps == ()
    assert [str(s) for s in hatch(standard(rows), "singles").steps] == [
        "pass 1: r5c5 = 9 (the only digit left for r5c5)"
    ]


# --- a naive solver, independent of the module under test ----------------------------------------


def _peers(size: int, regions: Grid) -> list[list[int]]:
    peers = []
    for i in range(size * size):
        r, c = divmod(i, size)
        peers.append(
            [
                j
                for j in range(size * size)
                if j != i and (j // size == r or j % size == c or regions[j] == regions[i])
            ]
        )
    return peers


def naive_solutions(
    puzzle: Puzzle, limit: int = 2, rng: random.Random | None = None, budget: int = 200_000
) -> list[Grid]:
    """Up to ``limit`` solutions by plain backtracking (most constrained empty cell first,
    digits in order, or shuffled when ``rng`` is given). Raises TimeoutError past ``budget`` nodes."""
    n = puzzle.size
    peers = _peers(n, puzzle.regions)
    grid = list(puzzle.givens)
    for i, d in enumerate(grid):
        if d and any(grid[j] == d for j in peers[i]):
            return []
    found: list[Grid] = []
    nodes = 0

    def options(i: int) -> list[int]:
        used = {grid[j] for j in peers[i]}
        return [d for d in range(1, n + 1) if d not in used]

    def search() -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > budget:
            raise TimeoutError
        best, best_options = -1, []
        for i in range(n * n):
            if not grid[i]:
                opts = options(i)
                if best < 0 or len(opts) < len(best_options):
                    best, best_options = i, opts
                    if len(opts) <= 1:
                        break
        if best < 0:
            found.append(tuple(grid))
            return len(found) >= limit
        if rng is not None:
            rng.shuffle(best_options)
        for d in best_options:
            grid[best] = d
            if search():
                return True
        grid[best] = 0
        return False

    search()
    return found


# --- random puzzles ------------------------------------------------------------------------------


def _cyclic(size: int) -> tuple[Grid, Grid]:
    """A solution and layout for odd ``size`` (no standard boxes): digit r+c, region r+2c (mod size)."""
    grid = tuple((r + c) % size + 1 for r in range(size) for c in range(size))
    regions = tuple((r + 2 * c) % size for r in range(size) for c in range(size))
    return grid, regions


def _shuffle_layout(rng: random.Random, grid: Grid, regions: Grid, swaps: int) -> Grid:
    """Swap the regions of random pairs of cells holding the same digit: ``grid`` stays a solution."""
    labels = list(regions)
    n = round(len(grid) ** 0.5)
    for _ in range(swaps):
        a, b = rng.randrange(n * n), rng.randrange(n * n)
        if grid[a] == grid[b]:
            labels[a], labels[b] = labels[b], labels[a]
    return normalize_labels(labels)


def _random_layout(rng: random.Random, size: int) -> Grid | None:
    try:
        from squiggly_cp.make.generate import random_layout  # optional: written by someone else
    except ImportError:
        return None
    return normalize_labels(random_layout(rng, size))


def random_solved(rng: random.Random, size: int, squiggly: bool) -> tuple[Grid, Grid] | None:
    """A random (solution, layout) pair, or None when no solution turned up quickly."""
    if box_shape(size) is None:
        grid, regions = _cyclic(size)
        perm = list(range(1, size + 1))
        rng.shuffle(perm)
        grid = tuple(perm[d - 1] for d in grid)
        return grid, _shuffle_layout(rng, grid, regions, 4 * size * size)
    regions = standard_regions(size)
    # The naive solver rarely fills a random connected 9x9 layout quickly; larger sizes use swaps.
    if squiggly and size <= 6 and rng.random() < 0.5:
        layout = _random_layout(rng, size)
        if layout is not None:
            regions = layout
    empty = Puzzle(size, (0,) * (size * size), regions)
    try:
        found = naive_solutions(empty, 1, rng, budget=20_000)
    except TimeoutError:
        return None
    if not found:
        return None
    grid = found[0]
    if squiggly and regions == standard_regions(size):
        regions = _shuffle_layout(rng, grid, regions, 4 * size * size)
    return grid, regions


def make_puzzle(seed: int, size: int, squiggly: bool, keep: float) -> tuple[Puzzle, Grid] | None:
    rng = random.Random(seed)
    pair = random_solved(rng, size, squiggly)
    if pair is None:
        return None
    grid, regions = pair
    givens = tuple(d if rng.random() < keep else 0 for d in grid)
    return Puzzle(size, givens, regions), grid


def check_agrees(result: HatchResult, puzzle: Puzzle, solution: Grid) -> None:
    assert result.error is None, result.error
    for step in result.steps:
        assert step.digit == solution[step.cell], str(step)
        assert puzzle.givens[step.cell] == 0
    assert all(d in (0, s) for d, s in zip(result.grid, solution, strict=True))


SIZES = st.sampled_from([4, 5, 6, 7, 9])
PROPERTY = settings(deadline=None, max_examples=100, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(seed=st.integers(0, 2**32), size=SIZES, squiggly=st.booleans(), keep=st.floats(0.3, 0.8))
def test_placements_are_forced(seed: int, size: int, squiggly: bool, keep: float) -> None:
    made = make_puzzle(seed, size, squiggly, keep)
    if made is None:
        return
    puzzle, source = made
    try:
        solutions = naive_solutions(puzzle, 2)
    except TimeoutError:
        solutions = [source]
    assert source in solutions or len(solutions) == 2
    # Every placement is forced, so it agrees with every solution; unique or not.
    for rules in ("hatch", "singles"):
        result = hatch(puzzle, rules)
        for solution in solutions:
            check_agrees(result, puzzle, solution)
        if result.solved:
            assert solutions == [result.grid]
    masks = candidates(puzzle)
    assert masks is not None
    for solution in [*solutions, source]:
        assert all(mask >> (d - 1) & 1 for mask, d in zip(masks, solution, strict=True))


@PROPERTY
@given(
    seed=st.integers(0, 2**32),
    size=SIZES,
    squiggly=st.booleans(),
    keep=st.floats(0.3, 0.8),
    changes=st.integers(1, 3),
)
def test_error_only_without_solution(seed: int, size: int, squiggly: bool, keep: float, changes: int) -> None:
    made = make_puzzle(seed, size, squiggly, keep)
    if made is None:
        return
    puzzle, _ = made
    rng = random.Random(seed + 1)
    givens = list(puzzle.givens)
    for _ in range(changes):
        cell = rng.randrange(size * size)
        if rng.random() < 0.2:
            givens[cell] = rng.randint(0, size)  # may well repeat a given (rule 1)
        else:
            # A digit no peer holds, so the contradiction, if any, lies deeper.
            held = {givens[j] for j in puzzle.peers[cell]}
            givens[cell] = rng.choice([0] + [d for d in range(1, size + 1) if d not in held])
    puzzle = puzzle.with_givens(givens)
    try:
        solutions = naive_solutions(puzzle, 2)
    except TimeoutError:
        return
    masks = candidates(puzzle)
    for rules in ("hatch", "singles"):
        result = hatch(puzzle, rules)
        if result.error is not None:
            assert not solutions, result.error
        for solution in solutions:
            check_agrees(result, puzzle, solution)
    if masks is None:
        assert not solutions
    for solution in solutions:
        assert masks is not None
        assert all(mask >> (d - 1) & 1 for mask, d in zip(masks, solution, strict=True))


def test_big_sizes_are_sound() -> None:
    # Sizes 8, 12 and 16 from the pattern solution of their standard boxes (too slow for the
    # naive solver to fill), with random layouts from region swaps.
    rng = random.Random(7)
    for size in (8, 12, 16):
        shape = box_shape(size)
        assert shape is not None
        h, w = shape
        grid = tuple((w * (r % h) + r // h + c) % size + 1 for r in range(size) for c in range(size))
        for squiggly in (False, True):
            regions = standard_regions(size)
            assert Puzzle(size, grid, regions).is_solution(grid)
            if squiggly:
                regions = _shuffle_layout(rng, grid, regions, 4 * size * size)
            for keep in (0.4, 0.6, 0.8):
                puzzle = Puzzle(size, tuple(d if rng.random() < keep else 0 for d in grid), regions)
                for rules in ("hatch", "singles"):
                    check_agrees(hatch(puzzle, rules), puzzle, grid)
                masks = candidates(puzzle)
                assert masks is not None
                assert all(mask >> (d - 1) & 1 for mask, d in zip(masks, grid, strict=True))
