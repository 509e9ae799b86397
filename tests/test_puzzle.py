"""The puzzle model: construction, normalised labels, checks."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from squiggly_cp import Puzzle, PuzzleError
from squiggly_cp.core.puzzle import standard_regions
from squiggly_cp.make.generate import random_layout


def test_any_region_labels_are_renumbered_in_order_of_first_cell() -> None:
    boxes = standard_regions(4)  # 0 0 1 1 / 0 0 1 1 / 2 2 3 3 / 2 2 3 3
    reversed_labels = [3 - k for k in boxes]
    letters = ["ABCD"[k] for k in boxes]
    for labels in (reversed_labels, letters, [k + 10 for k in boxes]):
        puzzle = Puzzle(4, [0] * 16, labels)
        assert puzzle.regions == boxes
        assert puzzle == Puzzle.standard([0] * 16, 4)
    assert isinstance(Puzzle(4, [1] + [0] * 15, boxes).givens, tuple)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([4, 6, 9, 12]))
def test_relabelled_layouts_give_equal_puzzles(seed: int, size: int) -> None:
    rng = random.Random(seed)
    layout = random_layout(rng, size)
    names = list(range(size))
    rng.shuffle(names)
    assert Puzzle(size, (0,) * size * size, [names[k] for k in layout]).regions == layout


@pytest.mark.parametrize(
    ("size", "givens", "regions", "words"),
    [
        (3, [0] * 9, [0] * 9, "size 3 is outside"),
        (4, [0] * 15, standard_regions(4)[:15], "needs 16 cells"),
        (4, [5] + [0] * 15, standard_regions(4), "digit 5 is outside"),
        (4, [0] * 16, [0] * 8 + [1] * 4 + [2] * 4, "has 8 cells, not 4"),
        (4, [0] * 16, list(range(16)), "more than 4 regions"),
    ],
)
def test_malformed_puzzles_are_refused(size: int, givens: list[int], regions: list[int], words: str) -> None:
    with pytest.raises(PuzzleError, match=words):
        Puzzle(size, givens, regions)


def test_houses_are_rows_then_columns_then_regions_and_units_is_a_deprecated_alias() -> None:
    puzzle = Puzzle.standard([0] * 16, 4)
    n = 4
    assert puzzle.houses[0] == (0, 1, 2, 3)  # row 1
    assert puzzle.houses[n] == (0, 4, 8, 12)  # column 1
    assert sorted(puzzle.houses[2 * n]) == [0, 1, 4, 5]  # the top-left box
    with pytest.warns(DeprecationWarning, match="Puzzle.houses"):
        assert puzzle.units == puzzle.houses
