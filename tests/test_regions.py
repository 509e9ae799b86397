"""Region extraction and layout checks, on hand-built layouts."""

from __future__ import annotations

import pytest

from squiggly_cp.core.puzzle import PuzzleError, standard_regions
from squiggly_cp.core.regions import check_regions, inner_walls, regions_from_walls, walls_from_regions


def test_walls_and_regions_round_trip() -> None:
    boxes = standard_regions(9)
    assert regions_from_walls(walls_from_regions(boxes, 9), 9) == boxes


def test_region_counts_are_worded_for_one_and_many() -> None:
    with pytest.raises(PuzzleError, match=r"has 16 cells, not 4 \(1 region in all\)"):
        check_regions([0] * 16, 4)
    with pytest.raises(PuzzleError, match=r"has 8 cells, not 4 \(2 regions in all\)"):
        check_regions([0] * 8 + [1] * 8, 4)


def test_a_split_region_is_named() -> None:
    # Region A is cut in two by B: A A B B / B B A A / ...
    labels = [0, 0, 1, 1, 1, 1, 0, 0, 2, 2, 3, 3, 2, 2, 3, 3]
    with pytest.raises(PuzzleError, match="split into 2 separate parts") as info:
        check_regions(labels, 4)
    assert (info.value.row, info.value.col) == (1, 1)


def test_inner_walls_are_noted_from_their_upper_or_left_cell() -> None:
    boxes = standard_regions(4)  # 2x2 boxes
    walls = list(walls_from_regions(boxes, 4))
    walls[0] |= 32  # r1c1 | r1c2, both in box 1
    walls[1] |= 128
    walls[4] |= 64  # r2c1 over r3c1: that is the wall between boxes 1 and 3 already
    assert inner_walls(walls, boxes, 4) == (
        "row 1, column 1: the wall on its right side lies inside a region and is ignored",
    )
    assert inner_walls(walls_from_regions(boxes, 4), boxes, 4) == ()
