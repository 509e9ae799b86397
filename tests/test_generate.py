"""Tests for the generator: every claim it makes is checked by a second
engine (brute force for small sizes, DLX where it is quick), and clue
symmetry by an orbit check written apart from `squiggly_cp.core.symmetry`."""

from __future__ import annotations

import random
from itertools import islice

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bruteforce import first_solutions
from squiggly_cp.core.puzzle import Puzzle, PuzzleError, Verdict
from squiggly_cp.engines import dlx
from squiggly_cp.formats.detect import iter_write, write_puzzles
from squiggly_cp.make.generate import (
    CLUE_SYMMETRIES,
    KINDS,
    Target,
    generate,
    is_minimal,
    make_puzzle,
    progress_text,
    random_layout,
    random_puzzles,
    random_solution,
)
from test_regionmaps import UNFILLABLE, connected_regions, labels, rotated_region_map


def count(puzzle: Puzzle) -> int:
    """0, 1 or 2 (two or more) solutions, by brute force."""
    return len(first_solutions(puzzle, 2))


def images(r: int, c: int, n: int, symmetry: str) -> set[tuple[int, int]]:
    """The cells a clue at (r, c) asks for under ``symmetry``, from the definitions."""
    m = n - 1
    lr, ud, rot2 = (r, m - c), (m - r, c), (m - r, m - c)
    rot90, rot270 = (c, m - r), (m - c, r)
    diag, anti = (c, r), (m - c, m - r)
    return {
        "none": set(),
        "rot2": {rot2},
        "rot4": {rot90, rot2, rot270},
        "mirror-lr": {lr},
        "mirror-ud": {ud},
        "mirror-both": {lr, ud, rot2},
        "diagonal": {diag},
        "antidiagonal": {anti},
        "diagonal-both": {diag, anti, rot2},
        "all": {lr, ud, rot2, rot90, rot270, diag, anti},
    }[symmetry] | {(r, c)}


def clue_orbits(puzzle: Puzzle, symmetry: str) -> list[set[int]]:
    """The orbits holding givens; asserts that each is all givens."""
    n = puzzle.size
    out = []
    for cell, digit in enumerate(puzzle.givens):
        if digit:
            orbit = {r * n + c for r, c in images(cell // n, cell % n, n, symmetry)}
            assert all(puzzle.givens[i] for i in orbit), (symmetry, cell)
            out.append(orbit)
    return out


def without(puzzle: Puzzle, cells: set[int]) -> Puzzle:
    return puzzle.with_givens([0 if i in cells else d for i, d in enumerate(puzzle.givens)])


def check_claims(puzzle: Puzzle, kind: str, symmetry: str = "none") -> None:
    """Check the kind of a small puzzle by brute force."""
    assert connected_regions(puzzle.regions, puzzle.size)
    solutions = count(puzzle)
    assert solutions == {"unique": 1, "minimal": 1, "multiple": 2, "none": 0}[kind]
    if kind == "none":
        assert puzzle.repeated_given() is None
    orbits = clue_orbits(puzzle, symmetry)
    if kind == "minimal":
        for orbit in orbits:
            assert count(without(puzzle, orbit)) == 2


@pytest.mark.parametrize("size", [4, 5, 6])
@pytest.mark.parametrize("kind", KINDS)
def test_small_puzzles_have_their_kind_by_brute_force(size: int, kind: str) -> None:
    for outcome in generate(size, 4, (kind,), size):
        assert outcome.puzzle is not None and outcome.puzzle.size == size
        check_claims(outcome.puzzle, kind)


@pytest.mark.parametrize("symmetry", CLUE_SYMMETRIES)
def test_clue_symmetry(symmetry: str) -> None:
    rng = random.Random(symmetry)
    for size, kind in ((5, "minimal"), (6, "minimal"), (6, "unique"), (6, "none")):
        puzzle = make_puzzle(rng, kind, size, symmetry=symmetry)
        check_claims(puzzle, kind, symmetry)


@pytest.mark.parametrize("size", [7, 9])
def test_minimal_against_dlx(size: int) -> None:
    for outcome in generate(size, 2, ("minimal",), size):
        puzzle = outcome.puzzle
        assert puzzle is not None
        assert dlx.solve(puzzle).verdict is Verdict.UNIQUE
        for cell, digit in enumerate(puzzle.givens):
            if digit:
                assert dlx.count_solutions(without(puzzle, {cell}), 2) == 2


def test_progress_text() -> None:
    assert progress_text(0, 5, 1.2) == "generate: 0/5 made in 1 s"
    assert progress_text(2, 5, 3.0) == "generate: 2/5 made in 3 s, 1.50 s each"


def test_9x9_unique_against_dlx() -> None:
    for outcome in generate(9, 6, ("unique", "multiple", "none"), 9):
        puzzle = outcome.puzzle
        assert puzzle is not None and connected_regions(puzzle.regions, 9)
        expected = (Verdict.UNIQUE, Verdict.MULTIPLE, Verdict.NONE)[(outcome.number - 1) % 3]
        assert dlx.solve(puzzle).verdict is expected


@pytest.mark.parametrize("size", [10, 12, 16])
def test_large_sizes_work(size: int) -> None:
    # Every size works: a unique puzzle of a large size, verified by the CP-SAT engine,
    # which enumerates solutions rather than asking the generator's question (DLX
    # takes minutes on some of these).
    outcome = next(generate(size, 1, ("unique",), size))
    puzzle = outcome.puzzle
    assert puzzle is not None and connected_regions(puzzle.regions, size)
    from squiggly_cp.engines.cpsat import solve

    assert solve(puzzle).verdict is Verdict.UNIQUE


def test_layout_symmetry() -> None:
    for size, symmetry in ((8, "rot4"), (9, "rot2"), (7, "rot2"), (5, "rot4")):
        outcome = next(generate(size, 1, ("minimal",), size, layout_symmetry=symmetry, symmetry="rot2"))
        puzzle = outcome.puzzle
        assert puzzle is not None
        assert rotated_region_map(puzzle.regions, size, 2)
        assert rotated_region_map(puzzle.regions, size, 1) == (symmetry == "rot4") or size == 5
        if size <= 7:
            check_claims(puzzle, "minimal", "rot2")


def test_same_seed_same_output() -> None:
    first = list(random_puzzles(42, 6, size=6))
    assert first == list(random_puzzles(42, 6, size=6))
    assert first != list(random_puzzles(43, 6, size=6))
    # Puzzle k depends on the seed and k only, not on how many are asked for.
    many = [o.puzzle for o in generate(5, 4, ("minimal",), 7)]
    assert [o.puzzle for o in generate(5, 2, ("minimal",), 7)] == many[:2]
    assert random_layout(random.Random(5), 9) == random_layout(random.Random(5), 9)
    assert make_puzzle(random.Random(1), "minimal", 6) == make_puzzle(random.Random(1), "minimal", 6)


def test_random_solution_fills_the_layout() -> None:
    rng = random.Random(8)
    for size in (4, 6, 9, 11):
        layout = random_layout(rng, size)
        solution = random_solution(layout, rng, size)
        if solution is not None:
            assert Puzzle(size, solution, layout).is_solution(solution)
    assert random_solution(labels(UNFILLABLE), rng, 6) is None


def test_given_layout_is_used() -> None:
    layout = random_layout(random.Random(4), 6)
    for kind in KINDS:
        puzzle = make_puzzle(random.Random(kind), kind, 6, layout=layout)
        assert puzzle.regions == layout
        check_claims(puzzle, kind)
    with pytest.raises(PuzzleError, match="no completed grid"):
        make_puzzle(random.Random(0), "unique", 6, layout=labels(UNFILLABLE))


def test_is_minimal() -> None:
    puzzle = make_puzzle(random.Random(2), "minimal", 5)
    assert is_minimal(puzzle)
    solution = first_solutions(puzzle, 1)[0]
    extra = list(puzzle.givens)
    cell = extra.index(0)
    extra[cell] = solution[cell]
    assert not is_minimal(puzzle.with_givens(extra))
    assert not is_minimal(puzzle.with_givens([0] * 25))


def test_time_limit_gives_up_and_goes_on() -> None:
    outcomes = list(generate(1, 2, ("minimal",), 16, time_limit=0.01))
    assert [(o.number, o.puzzle) for o in outcomes] == [(1, None), (2, None)]
    assert all("within 0.01 s" in o.reason for o in outcomes)


def test_target_hook() -> None:
    # `within` vetoes every removal: the full grid comes back.
    full = make_puzzle(random.Random(0), "unique", 4, target=Target(within=lambda p: False))
    assert all(full.givens)
    # `accept` refuses the first two puzzles: a third is made.
    seen: list[Puzzle] = []

    def third(puzzle: Puzzle) -> bool:
        seen.append(puzzle)
        return len(seen) == 3

    made = make_puzzle(random.Random(0), "minimal", 5, target=Target(accept=third))
    assert made == seen[-1] and len(seen) == 3
    # `within` keeps a floor of 8 givens: removals stop there; the result is still unique.
    floor = make_puzzle(
        random.Random(1), "minimal", 6, target=Target(within=lambda p: sum(map(bool, p.givens)) >= 14)
    )
    assert sum(map(bool, floor.givens)) >= 14 and count(floor) == 1
    with pytest.raises(RuntimeError, match="no 'unique' 4x4 puzzle"):
        make_puzzle(random.Random(0), "unique", 4, target=Target(accept=lambda p: False))


def test_iter_write_matches_write_puzzles() -> None:
    puzzles = list(random_puzzles(3, 3, size=9))
    for fmt in ("hdu", "grid", "line", "fpuzzles"):
        pieces = list(iter_write(iter(puzzles), fmt))
        assert "".join(pieces) == write_puzzles(puzzles, fmt)
    assert "".join(iter_write(iter([]), "hdu")) == ""


def test_iter_write_hdu_counts_the_puzzles_made_before_a_ctrl_c() -> None:
    puzzles = list(random_puzzles(2, 3, size=9))

    def interrupted():
        yield from puzzles
        raise KeyboardInterrupt

    stream = iter_write(interrupted(), "hdu")
    written = ""
    with pytest.raises(KeyboardInterrupt):
        for piece in stream:
            written += piece
    assert written == write_puzzles(puzzles, "hdu")


@settings(max_examples=15, deadline=None)
@given(st.integers(4, 6), st.sampled_from(CLUE_SYMMETRIES), st.integers(0, 10**6))
def test_minimal_claims_hold(size: int, symmetry: str, seed: int) -> None:
    puzzle = make_puzzle(random.Random(seed), "minimal", size, symmetry=symmetry)
    check_claims(puzzle, "minimal", symmetry)


def test_bad_arguments() -> None:
    with pytest.raises(ValueError):
        make_puzzle(random.Random(0), "hard")
    with pytest.raises(ValueError):
        make_puzzle(random.Random(0), "unique", symmetry="spiral")
    with pytest.raises(PuzzleError):
        make_puzzle(random.Random(0), "unique", 4, layout=(0,) * 16)
    assert list(islice(generate(0, 0), 1)) == []

