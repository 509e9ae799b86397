"""Tests for seeded layouts and puzzles: validity, reproducibility and kinds."""

from __future__ import annotations

import random

import pytest

from squiggly_cp import dlx
from squiggly_cp.generate import (
    KINDS,
    is_minimal,
    make_puzzle,
    random_layout,
    random_puzzles,
    random_solution,
)
from squiggly_cp.puzzle import Puzzle, PuzzleError, Verdict, box_shape, normalize_labels, standard_regions
from squiggly_cp.regions import check_layout
from test_dlx import naive_count


def connected(cells: set[int], size: int) -> bool:
    start = min(cells)
    seen = {start}
    stack = [start]
    while stack:
        r, c = divmod(stack.pop(), size)
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            nxt = nr * size + nc
            if 0 <= nr < size and 0 <= nc < size and nxt in cells and nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return seen == cells


def assert_valid_layout(layout: tuple[int, ...], size: int) -> None:
    assert len(layout) == size * size
    assert check_layout(layout, size) == layout
    assert normalize_labels(layout) == layout
    assert sorted(set(layout)) == list(range(size))
    for label in range(size):
        cells = {i for i, x in enumerate(layout) if x == label}
        assert len(cells) == size
        assert connected(cells, size)


def repeats_in_a_house(puzzle: Puzzle) -> bool:
    for unit in puzzle.units:
        digits = [puzzle.givens[i] for i in unit if puzzle.givens[i]]
        if len(digits) != len(set(digits)):
            return True
    return False


@pytest.mark.parametrize("size", range(4, 13))
def test_layouts_are_valid(size: int) -> None:
    seeds = range(30) if size <= 9 else range(5)
    layouts = [random_layout(random.Random(seed), size) for seed in seeds]
    for layout in layouts:
        assert_valid_layout(layout, size)
    assert len(set(layouts)) > len(layouts) // 2
    start = standard_regions(size) if box_shape(size) else tuple(i // size for i in range(size * size))
    if size >= 5:
        assert start not in layouts


def test_layouts_are_irregular() -> None:
    # Most regions of a 9x9 layout should differ from every standard box.
    boxes = {frozenset(i for i in range(81) if standard_regions(9)[i] == k) for k in range(9)}
    for seed in range(10):
        layout = random_layout(random.Random(seed), 9)
        regions = {frozenset(i for i in range(81) if layout[i] == k) for k in range(9)}
        assert len(regions - boxes) >= 6


def test_same_seed_same_output() -> None:
    assert random_layout(random.Random(5), 9) == random_layout(random.Random(5), 9)
    assert random_layout(random.Random(5), 9) != random_layout(random.Random(6), 9)
    first = list(random_puzzles(42, 6, size=6))
    assert first == list(random_puzzles(42, 6, size=6))
    assert first != list(random_puzzles(43, 6, size=6))
    assert make_puzzle(random.Random(1), "minimal", 6) == make_puzzle(random.Random(1), "minimal", 6)


def test_random_solution_fills_the_layout() -> None:
    rng = random.Random(8)
    filled = 0
    for size in (4, 5, 6, 7, 8, 9):
        for _ in range(5):
            layout = random_layout(rng, size)
            solution = random_solution(layout, rng, size)
            if solution is not None:
                filled += 1
                assert Puzzle(size, (0,) * (size * size), layout).is_solution(solution)
    assert filled >= 20


def check_kind_naive(puzzle: Puzzle, kind: str) -> None:
    count = naive_count(puzzle, 2)
    if kind in ("unique", "minimal"):
        assert count == 1
    elif kind == "multiple":
        assert count == 2
    else:
        assert count == 0
        assert not repeats_in_a_house(puzzle)
    if kind == "minimal":
        for cell, digit in enumerate(puzzle.givens):
            if digit:
                givens = list(puzzle.givens)
                givens[cell] = 0
                assert naive_count(puzzle.with_givens(givens), 2) == 2


@pytest.mark.parametrize("size", [4, 5, 6])
@pytest.mark.parametrize("kind", KINDS)
def test_small_puzzles_have_their_kind_by_brute_force(size: int, kind: str) -> None:
    rng = random.Random(size * 100 + KINDS.index(kind))
    for _ in range(6):
        puzzle = make_puzzle(rng, kind, size)
        assert puzzle.size == size
        assert_valid_layout(puzzle.regions, size)
        check_kind_naive(puzzle, kind)


VERDICT_OF = {
    "unique": Verdict.UNIQUE,
    "minimal": Verdict.UNIQUE,
    "multiple": Verdict.MULTIPLE,
    "none": Verdict.NONE,
}


@pytest.mark.parametrize("kind", KINDS)
def test_9x9_puzzles_have_their_kind(kind: str) -> None:
    rng = random.Random(9 + KINDS.index(kind))
    for _ in range(2 if kind == "minimal" else 8):
        puzzle = make_puzzle(rng, kind)
        assert_valid_layout(puzzle.regions, 9)
        result = dlx.solve(puzzle)
        assert result.verdict is VERDICT_OF[kind]
        assert all(puzzle.is_solution(s) for s in result.solutions)
        if kind == "none":
            assert not repeats_in_a_house(puzzle)
        if kind == "minimal":
            assert is_minimal(puzzle)
            for cell, digit in enumerate(puzzle.givens):
                if digit:
                    givens = list(puzzle.givens)
                    givens[cell] = 0
                    assert dlx.count_solutions(puzzle.with_givens(givens), 2) == 2


def test_random_puzzles_cycle_through_kinds() -> None:
    kinds = ("none", "unique", "multiple")
    puzzles = list(random_puzzles(7, 9, kinds=kinds, size=5))
    assert len(puzzles) == 9
    for i, puzzle in enumerate(puzzles):
        check_kind_naive(puzzle, kinds[i % 3])


def test_mixed_9x9_batch() -> None:
    puzzles = list(random_puzzles(3, 12))
    verdicts = [dlx.solve(p).verdict for p in puzzles]
    assert verdicts == [Verdict.UNIQUE, Verdict.MULTIPLE, Verdict.NONE] * 4
    assert len({p.regions for p in puzzles}) == 12


def test_given_layout_is_used() -> None:
    rng = random.Random(4)
    layout = random_layout(rng, 6)
    while random_solution(layout, rng, 6) is None:
        layout = random_layout(rng, 6)
    for kind in KINDS:
        puzzle = make_puzzle(rng, kind, 6, layout=layout)
        assert puzzle.regions == layout
        check_kind_naive(puzzle, kind)


def test_is_minimal() -> None:
    puzzle = make_puzzle(random.Random(2), "minimal", 5)
    assert is_minimal(puzzle)
    solution = dlx.solve(puzzle).solution
    assert solution is not None
    extra = list(puzzle.givens)
    cell = extra.index(0)
    extra[cell] = solution[cell]
    assert not is_minimal(puzzle.with_givens(extra))


def test_bad_arguments() -> None:
    with pytest.raises(ValueError):
        make_puzzle(random.Random(0), "hard")
    with pytest.raises(PuzzleError):
        make_puzzle(random.Random(0), "unique", 4, layout=(0,) * 16)
