"""core.geometry: every table of a Layout against its definition, checked cell by cell."""

from __future__ import annotations

import pickle
import random

import pytest

from squiggly_cp.core.geometry import COLUMN, EXTRA, REGION, ROW, layout_for
from squiggly_cp.core.puzzle import Puzzle, standard_regions
from squiggly_cp.make.regionmaps import random_layout


def _layouts() -> list[tuple[int, tuple[int, ...]]]:
    rng = random.Random(17)
    out = [(9, standard_regions(9)), (4, standard_regions(4))]
    for size in (5, 7, 9, 12, 16):
        out.append((size, Puzzle(size, (0,) * size * size, random_layout(rng, size)).regions))
    return out


@pytest.mark.parametrize(("size", "regions"), _layouts())
def test_tables_match_their_definitions(size: int, regions: tuple[int, ...]) -> None:
    layout = layout_for(size, regions)
    cells = range(size * size)
    row, col = (lambda c: c // size), (lambda c: c % size)
    houses = [
        *([c for c in cells if row(c) == r] for r in range(size)),
        *([c for c in cells if col(c) == k] for k in range(size)),
        *([c for c in cells if regions[c] == g] for g in range(size)),
    ]
    assert [list(h) for h in layout.houses] == houses
    for c in cells:
        seen = {
            p for p in cells if p != c and (row(p) == row(c) or col(p) == col(c) or regions[p] == regions[c])
        }
        assert set(layout.peer_lists[c]) == seen and len(layout.peer_lists[c]) == len(seen)
        assert list(layout.peers[c]) == sorted(seen)
        assert layout.peer_sets[c] == frozenset(seen)
        assert layout.peer_bits[c] == sum(1 << p for p in seen)
        mine = [h for h, house in enumerate(houses) if c in house]
        assert layout.cell_houses[c] == tuple(mine)
        assert layout.cell_house_bits[c] == sum(1 << h for h in mine)
    assert layout.house_bits == tuple(sum(1 << c for c in h) for h in houses)
    assert layout.full == (1 << size) - 1


def test_peer_lists_put_row_and_column_first() -> None:
    layout = layout_for(9, standard_regions(9))
    lines = layout.peer_lists[40][:16]
    assert all(c // 9 == 4 or c % 9 == 4 for c in lines)


def test_one_cached_layout_per_size_and_regions() -> None:
    regions = standard_regions(9)
    layout = layout_for(9, regions)
    assert layout_for(9, tuple(regions)) is layout
    assert Puzzle.standard([0] * 81).layout is layout
    assert pickle.loads(pickle.dumps(layout)) is layout
    assert layout_for(4, standard_regions(4)) is not layout


def test_house_names_kinds_and_numbers() -> None:
    nine = layout_for(9, standard_regions(9))
    assert [nine.house_name(h) for h in (0, 9, 26)] == ["row 1", "column 1", "region 9"]
    assert layout_for(4, standard_regions(4)).house_name(5) == "column 2"
    extra = (("the negative diagonal", tuple(i * 4 + i for i in range(4))),)
    four = layout_for(4, standard_regions(4), extra)
    assert four.house_kind == (ROW,) * 4 + (COLUMN,) * 4 + (REGION,) * 4 + (EXTRA,)
    assert four.house_number == (1, 2, 3, 4) * 3 + (1,)
    names = ["row 4", "column 4", "region 4", "the negative diagonal"]
    assert [four.house_name(h) for h in (3, 7, 11, 12)] == names
    cells = [(12, 13, 14, 15), (3, 7, 11, 15), (10, 11, 14, 15), (0, 5, 10, 15)]
    assert [four.houses[h] for h in (3, 7, 11, 12)] == cells
