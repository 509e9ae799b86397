"""make.regionmaps: random (and symmetric) layouts, fillability, and the layout command."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bruteforce import first_solutions
from conftest import run_cli
from squiggly_cp.core.puzzle import Puzzle, PuzzleError, standard_regions
from squiggly_cp.core.regions import check_regions
from squiggly_cp.formats.detect import write_puzzles
from squiggly_cp.make.regionmaps import (
    check_layout_fillable,
    digit_placements,
    fill_layout,
    layout_symmetry_sizes,
    leftover_conflict,
    placement_reason,
    random_layout,
)

# Written out by hand. Rows 4-5 and the regions A and E: both hold every digit
# twice, and they share r4c1-r4c5, r5c2-r5c5, so the cells in the rows but
# outside A and E (r4c6, r5c1, r5c6) hold the same three digits as the cells in
# A and E but outside the rows (r1c1, r2c1, r3c1). Those three are all in
# column 1, and so is r5c1: its digit can be none of theirs. No grid exists.
UNFILLABLE = """\
ABBBBC
ADDBBC
ADDDDC
AAEEEC
FAEEEC
FFFFFC
"""

# Also by hand, and no leftover argument of `leftover_conflict` sees why:
# CP-SAT's proof is the reason given.
UNFILLABLE_NO_LEFTOVER = """\
AAAAB
ACDBB
CCDBB
CDDEE
CDEEE
"""


def labels(text: str) -> tuple[int, ...]:
    rows = text.split()
    size = len(rows)
    return check_regions(["".join(rows).index(ch) for ch in "".join(rows)], size)


def grid_text(layout: tuple[int, ...], size: int) -> bytes:
    return write_puzzles([Puzzle(size, (0,) * (size * size), layout)], "grid").encode()


def rotated_region_map(layout: tuple[int, ...], size: int, quarter_turns: int) -> bool:
    """Written apart from `squiggly_cp.core.symmetry`: turning the grid maps each region onto one region."""
    image: dict[int, set[int]] = {}
    for r in range(size):
        for c in range(size):
            rr, cc = r, c
            for _ in range(quarter_turns):
                rr, cc = cc, size - 1 - rr
            image.setdefault(layout[r * size + c], set()).add(layout[rr * size + cc])
    return all(len(targets) == 1 for targets in image.values()) and len(
        {next(iter(t)) for t in image.values()}
    ) == len(image)


def connected_regions(layout: tuple[int, ...], size: int) -> bool:
    for label in range(size):
        cells = {i for i, x in enumerate(layout) if x == label}
        if len(cells) != size:
            return False
        start = min(cells)
        seen, stack = {start}, [start]
        while stack:
            r, c = divmod(stack.pop(), size)
            for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                nxt = nr * size + nc
                if 0 <= nr < size and 0 <= nc < size and nxt in cells and nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
        if seen != cells:
            return False
    return len(set(layout)) == size


def test_symmetry_sizes() -> None:
    assert layout_symmetry_sizes("rot2") == tuple(range(4, 17))
    assert layout_symmetry_sizes("rot4") == (4, 5, 8, 9, 12, 13, 16)
    for size in (6, 7, 10, 11, 14, 15):
        with pytest.raises(ValueError, match="rot4"):
            random_layout(random.Random(0), size, "rot4")


@settings(max_examples=25, deadline=None)
@given(st.integers(4, 12), st.sampled_from(["none", "rot2", "rot4"]), st.integers(0, 10**6))
def test_random_layouts_are_valid_and_symmetric(size: int, symmetry: str, seed: int) -> None:
    if size not in layout_symmetry_sizes(symmetry):
        return
    layout = random_layout(random.Random(seed), size, symmetry)
    assert connected_regions(layout, size)
    assert check_regions(layout, size) == layout
    if symmetry != "none":
        assert rotated_region_map(layout, size, 2)
    if symmetry == "rot4":
        assert rotated_region_map(layout, size, 1)


@pytest.mark.parametrize("size", [13, 16])
def test_large_symmetric_layouts(size: int) -> None:
    for symmetry in ("rot2", "rot4"):
        layout = random_layout(random.Random(size), size, symmetry)
        assert connected_regions(layout, size)
        assert rotated_region_map(layout, size, 2)
        assert rotated_region_map(layout, size, 1) == (symmetry == "rot4")
        assert layout != random_layout(random.Random(size + 1), size, symmetry)


def test_fill_layout_gives_a_completed_grid() -> None:
    for size in (4, 7, 9, 12):
        layout = random_layout(random.Random(size), size)
        grid, reason = check_layout_fillable(layout, size)
        assert reason is None and grid is not None
        assert Puzzle(size, (0,) * (size * size), layout).is_solution(grid)
        random_grid = fill_layout(layout, size, random.Random(1))
        assert random_grid is not None and Puzzle(size, random_grid, layout).is_solution(random_grid)


def test_unfillable_layouts() -> None:
    grid, reason = check_layout_fillable(labels(UNFILLABLE))
    assert grid is None and reason is not None
    assert reason.startswith("law of leftovers on rows 4-5")
    assert "r5c1" in reason
    assert fill_layout(labels(UNFILLABLE), 6) is None  # CP-SAT agrees
    grid, reason = check_layout_fillable(labels(UNFILLABLE_NO_LEFTOVER))
    # By brute force over the 120 orders of the columns (below): 20 placements of a digit.
    assert (grid, reason) == (
        None,
        "a digit can be placed once in every row, column and region in only 20 ways, "
        "and no 5 of them leave each other's cells free (every digit needs one)",
    )


def _placements_by_brute_force(layout: tuple[int, ...], size: int) -> set[tuple[int, ...]]:
    """Every order of the columns whose cells, row by row, meet each region once."""
    return {
        cells
        for columns in itertools.permutations(range(size))
        for cells in [tuple(row * size + col for row, col in enumerate(columns))]
        if len({layout[c] for c in cells}) == size
    }


def test_unfillable_4x4_and_5x5_layouts_are_explained_by_the_placements_of_a_digit() -> None:
    """Issue 21, item 17: every unfillable 4x4 layout was explained only as
    "CP-SAT proves no completed grid exists". Each random layout's placements
    are checked against brute force, and each unfillable one (by the
    brute-force solver) gets a reason counting them."""
    rng = random.Random(17)
    unfillable = 0
    for size in (4, 4, 4, 5):
        for _ in range(60):
            layout = random_layout(rng, size)
            ways = _placements_by_brute_force(layout, size)
            assert set(digit_placements(layout, size) or ()) == ways
            empty = Puzzle(size, (0,) * (size * size), layout)
            grid, reason = check_layout_fillable(layout, size)
            assert (grid is None) == (not first_solutions(empty, 1))
            if grid is None and not reason.startswith("law of leftovers"):
                unfillable += 1
                assert reason == placement_reason(layout, size)
                assert f"in only {len(ways)} ways" in reason or not ways
    assert unfillable >= 5  # the sample holds enough of them to mean something
    assert digit_placements(standard_regions(9), 9, cap=10) is None  # 46,656 of them: over the cap


def test_leftover_check_is_silent_on_fillable_layouts() -> None:
    assert leftover_conflict(standard_regions(9), 9) is None
    for seed in range(20):
        layout = random_layout(random.Random(seed), 6)
        if leftover_conflict(layout, 6) is not None:
            assert fill_layout(layout, 6) is None


def test_malformed_layout_is_an_error() -> None:
    with pytest.raises(PuzzleError):
        check_layout_fillable((0,) * 16, 4)


def test_layout_command(tmp_path) -> None:
    fillable = random_layout(random.Random(3), 6)
    path = tmp_path / "layouts.txt"
    path.write_bytes(grid_text(fillable, 6) + b"\n" + grid_text(labels(UNFILLABLE), 6))
    done = run_cli("layout", str(path))
    assert done.returncode == 0, done.stderr
    first, second = done.stdout.decode().splitlines()
    digits = first.removeprefix("Case 1: ")
    assert Puzzle(6, (0,) * 36, fillable).is_solution(tuple(int(ch) for ch in digits))
    assert second.startswith("Case 2: no completed grid: law of leftovers")
    bad = run_cli("layout", "-", stdin=b"1234\n")
    assert bad.returncode == 1 and bad.stdout == b""


def test_placement_reasons_stay_within_9x9(monkeypatch) -> None:
    # Above 9x9 the search for placements is not bounded by a time limit: it is not run.
    from squiggly_cp.make import regionmaps

    def searched(regions: tuple[int, ...], size: int, cap: int = 0) -> None:
        raise AssertionError(f"placements searched at size {size}")

    monkeypatch.setattr(regionmaps, "digit_placements", searched)
    assert placement_reason(standard_regions(16), 16) is None
    with pytest.raises(AssertionError, match="size 9"):
        placement_reason(standard_regions(9), 9)
