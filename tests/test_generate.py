"""Tests for the generator: every claim it makes is checked by a second
engine (brute force for small sizes, DLX where it is quick), and clue
symmetry by an orbit check written apart from `squiggly_cp.core.symmetry`.
Puzzles with rules (killer cages cut by the generator, or rules it is given)
are checked by `rule_solutions`, a brute force written from the rules'
definitions, and at 9x9 by the CP-SAT counter of `count`."""

from __future__ import annotations

import random
import re
import time
from itertools import islice, pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bruteforce import first_solutions
from squiggly_cp.core.limits import Undecided
from squiggly_cp.core.puzzle import Grid, Puzzle, PuzzleError, Verdict
from squiggly_cp.core.rules import Diagonal, KillerCage, Rule, Thermometer
from squiggly_cp.engines import dlx
from squiggly_cp.formats.detect import iter_write, write_puzzles
from squiggly_cp.make.cages import CAGE_SIZES, random_cages
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
from squiggly_cp.make.targets import rating_target
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


def test_a_targets_rating_keeps_to_the_time_limit() -> None:
    """Issue 41, defect 10: the ratings of a difficulty target had no deadline,
    so a 16x16 made to a level ran seconds past its time limit. Here the
    target's hook lets the 1 s limit pass before it rates: the rating stops
    at once and no puzzle comes back (before, it rated to the end and the
    puzzle came back late). A 6x6 reaches the hook in milliseconds, once
    the solvers are loaded (the first puzzle loads them)."""
    make_puzzle(random.Random(0), "unique", 6)
    target = rating_target(0.0, 20.0)
    assert target.accept is not None
    asked: list[str] = []

    def late(puzzle: Puzzle) -> bool:
        asked.append("asked")
        time.sleep(1.0)
        target.accept(puzzle)  # type: ignore[misc]
        asked.append("rated")
        return True

    with pytest.raises(Undecided):
        make_puzzle(random.Random(0), "unique", 6, target=Target(accept=late), time_limit=1.0)
    assert asked == ["asked"]


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


def rule_solutions(puzzle: Puzzle, limit: int = 2) -> list[Grid]:
    """Up to ``limit`` solutions of a small ``puzzle`` with rules, by plain
    backtracking written from the definitions, apart from the engines and the
    rules' encodings: no digit twice in a row, column or region (found from
    ``regions`` here, nor on a diagonal's cells), a killer cage's digits
    differ and add up to its sum (checked as its cells fill: the sum still
    reachable by the digits left), a thermometer's increase along it (each
    pair of neighbours on it as they fill), and every rule checked by its
    `holds` on each completed grid besides."""
    n = puzzle.size
    cells = range(n * n)
    diagonals = [rule for rule in puzzle.rules if isinstance(rule, Diagonal)]
    groups = [
        *([r * n + c for c in range(n)] for r in range(n)),
        *([r * n + c for r in range(n)] for c in range(n)),
        *([i for i in cells if puzzle.regions[i] == k] for k in range(n)),
        *([r * n + (r if rule.direction == "-" else n - 1 - r) for r in range(n)] for rule in diagonals),
    ]
    seen = [sorted({j for g in groups if i in g for j in g} - {i}) for i in cells]
    cages = [rule for rule in puzzle.rules if isinstance(rule, KillerCage)]
    cages_of = [[cage for cage in cages if i in cage.cage] for i in cells]
    rising = [pair for rule in puzzle.rules if isinstance(rule, Thermometer) for pair in pairwise(rule.line)]
    lower = [[a for a, b in rising if b == i] for i in cells]
    higher = [[b for a, b in rising if a == i] for i in cells]
    grid = [0] * (n * n)
    found: list[Grid] = []

    def fits(cell: int, d: int) -> bool:
        if any(grid[j] == d for j in seen[cell]):
            return False
        if any(grid[j] >= d for j in lower[cell]) or any(0 < grid[j] <= d for j in higher[cell]):
            return False
        for cage in cages_of[cell]:
            held = [grid[j] for j in cage.cage if grid[j] and j != cell]
            if d in held:
                return False
            if cage.total is not None:
                rest = len(cage.cage) - len(held) - 1
                left = cage.total - sum(held) - d
                free = [e for e in range(1, n + 1) if e not in held and e != d]
                if not sum(free[:rest]) <= left <= sum(free[len(free) - rest :]):
                    return False
        return True

    for cell, d in enumerate(puzzle.givens):
        if d:
            if not fits(cell, d):
                return []
            grid[cell] = d

    def search() -> None:
        best: list[tuple[int, int]] | None = None
        for cell in cells:
            if not grid[cell]:
                options = [(cell, d) for d in range(1, n + 1) if fits(cell, d)]
                if best is None or len(options) < len(best):
                    best = options
                    if len(best) <= 1:
                        break
        if best is None:
            if all(rule.holds(grid, puzzle) for rule in puzzle.rules):
                found.append(tuple(grid))
            return
        for cell, d in best:
            grid[cell] = d
            search()
            grid[cell] = 0
            if len(found) >= limit:
                return

    search()
    return found


def check_cages(puzzle: Puzzle, solution: Grid) -> None:
    """The killer cages cut the whole grid, each cell in one cage, each cage
    orthogonally connected, of 2 to 5 cells (1 only for a cell no neighbour
    could take), no digit twice, its sum that of ``solution``."""
    n = puzzle.size
    cages = [rule for rule in puzzle.rules if isinstance(rule, KillerCage)]
    assert sorted(c for cage in cages for c in cage.cage) == list(range(n * n))
    for cage in cages:
        cells = set(cage.cage)
        assert 1 <= len(cells) <= min(5, n)
        assert _orthogonally_connected(cells, n)
        digits = [solution[c] for c in cells]
        assert len(set(digits)) == len(digits) and cage.total == sum(digits)


def _orthogonally_connected(cells: set[int], n: int) -> bool:
    start = min(cells)
    reached, stack = {start}, [start]
    while stack:
        c = stack.pop()
        for x in cells - reached:
            (r, col), (r2, col2) = divmod(c, n), divmod(x, n)
            if abs(r - r2) + abs(col - col2) == 1:
                reached.add(x)
                stack.append(x)
    return reached == cells


def check_rule_claims(puzzle: Puzzle, kind: str) -> Grid | None:
    """Check the kind of a small puzzle with rules by `rule_solutions`; its solution, when unique."""
    solutions = rule_solutions(puzzle)
    assert len(solutions) == {"unique": 1, "minimal": 1, "multiple": 2, "none": 0}[kind]
    if kind == "none":
        assert puzzle.repeated_given() is None
    if kind == "minimal":
        for cell, digit in enumerate(puzzle.givens):
            if digit:
                assert len(rule_solutions(without(puzzle, {cell}))) == 2
    return solutions[0] if len(solutions) == 1 else None


@pytest.mark.parametrize("size", [4, 6])
def test_killers_are_unique_and_minimal_by_brute_force(size: int) -> None:
    cage_only = 0
    for seed in (1, 2):
        for outcome in generate(seed, 3, ("minimal",), size, killer=True):
            puzzle = outcome.puzzle
            assert puzzle is not None and all(isinstance(rule, KillerCage) for rule in puzzle.rules)
            solution = check_rule_claims(puzzle, "minimal")
            assert solution is not None
            check_cages(puzzle, solution)
            cage_only += not any(puzzle.givens)  # no givens: minimal by having none
    assert cage_only >= 4  # most are cage-only killers: 20 cuts of a grid find cages that suffice


@pytest.mark.parametrize("kind", ["unique", "multiple", "none"])
def test_killers_of_every_kind(kind: str) -> None:
    for outcome in generate(3, 3, (kind,), 6, killer=True):
        puzzle = outcome.puzzle
        assert puzzle is not None and puzzle.rules
        check_rule_claims(puzzle, kind)
        full = make_puzzle(random.Random(kind), kind, 5, killer=True, symmetry="rot2")
        check_rule_claims(full, kind)
        clue_orbits(full, "rot2")


def test_a_killer_keeps_the_rules_it_is_given() -> None:
    # The grid keeps the diagonal, the cages are cut from it, and the puzzle has both.
    for seed in range(3):
        puzzle = make_puzzle(random.Random(seed), "minimal", 6, LAYOUT_6, rules=RULES_6, killer=True)
        assert puzzle.rules[:2] == RULES_6 and all(isinstance(rule, KillerCage) for rule in puzzle.rules[2:])
        solution = check_rule_claims(puzzle, "minimal")
        assert solution is not None
        check_cages(puzzle, solution)


def test_9x9_killer_against_the_cpsat_count() -> None:
    from squiggly_cp.ask.count import count as cpsat_count

    layout = random_layout(random.Random(11), 9)
    puzzle = make_puzzle(random.Random(11), "minimal", 9, layout, killer=True)
    assert puzzle.regions == layout and cpsat_count(puzzle, 3) == 1
    from squiggly_cp.engines.cpsat import solve

    (solution,) = solve(puzzle).solutions
    check_cages(puzzle, solution)
    for cell, digit in enumerate(puzzle.givens):
        if digit:
            assert cpsat_count(without(puzzle, {cell}), 2) == 2


def test_a_killer_whose_cages_fall_short_keeps_the_givens_they_need(monkeypatch: pytest.MonkeyPatch) -> None:
    # One cut of cages of five: seldom unique alone, so givens are removed as
    # usual, each one left proved needed (by the CP-SAT counter, not the generator's checks).
    from squiggly_cp.ask.count import count as cpsat_count
    from squiggly_cp.make import cages

    monkeypatch.setattr(cages, "CAGE_TRIES", 1)
    monkeypatch.setattr(cages, "CAGE_SIZES", {5: 1})
    layout = random_layout(random.Random(13), 9)
    puzzle = make_puzzle(random.Random(13), "minimal", 9, layout, killer=True)
    assert any(puzzle.givens) and cpsat_count(puzzle, 2) == 1
    for cell, digit in enumerate(puzzle.givens):
        if digit:
            assert cpsat_count(without(puzzle, {cell}), 2) == 2
    assert cpsat_count(puzzle.with_givens((0,) * 81), 2) == 2  # the cages alone do not do it


def test_killers_same_seed_same_output() -> None:
    first = [o.puzzle for o in generate(7, 3, ("minimal", "unique", "none"), 6, killer=True)]
    assert first == [o.puzzle for o in generate(7, 3, ("minimal", "unique", "none"), 6, killer=True)]
    assert first != [o.puzzle for o in generate(8, 3, ("minimal", "unique", "none"), 6, killer=True)]
    assert all(p is not None and p.rules for p in first)
    grid = random_solution(random_layout(random.Random(2), 7), random.Random(2), 7)
    assert grid is not None
    assert random_cages(random.Random(5), grid, 7) == random_cages(random.Random(5), grid, 7)


def test_random_cages_cut_the_grid() -> None:
    rng = random.Random(0)
    sizes: dict[int, int] = {}
    for size in (4, 5, 6, 7, 8, 9, 12):
        for _ in range(5):
            grid = random_solution(random_layout(rng, size), rng, size)
            if grid is None:
                continue
            cages = random_cages(rng, grid, size)
            puzzle = Puzzle(size, grid, tuple(i // size for i in range(size * size)))
            check_cages(
                puzzle.with_rules([KillerCage(tuple(c), sum(grid[i] for i in c)) for c in cages]), grid
            )
            for cage in cages:
                sizes[len(cage)] = sizes.get(len(cage), 0) + 1
    assert set(sizes) - {1} == set(CAGE_SIZES) and sizes.get(1, 0) <= 2  # a cage of one is rare


LAYOUT_6 = random_layout(random.Random(4), 6)
RULES_6 = (Thermometer((0, 1, 2, 8)), Diagonal("-"))


@pytest.mark.parametrize("kind", KINDS)
def test_given_rules_are_kept(kind: str) -> None:
    for seed in range(2):
        puzzle = make_puzzle(random.Random(seed), kind, 6, LAYOUT_6, rules=RULES_6)
        assert puzzle.rules == RULES_6 and puzzle.regions == LAYOUT_6
        check_rule_claims(puzzle, kind)
    # Random layouts keep them too.
    check_rule_claims(make_puzzle(random.Random(kind), kind, 5, rules=(Diagonal("+"),)), kind)


def test_minimal_with_rules_needs_fewer_givens() -> None:
    # The rules carry clues: the same layout needs more givens without them.
    with_rules = [make_puzzle(random.Random(s), "minimal", 6, LAYOUT_6, rules=RULES_6) for s in range(3)]
    plain = [make_puzzle(random.Random(s), "minimal", 6, LAYOUT_6) for s in range(3)]
    assert sum(sum(map(bool, p.givens)) for p in with_rules) < sum(sum(map(bool, p.givens)) for p in plain)


def test_a_grid_keeping_the_rules() -> None:
    rng = random.Random(3)
    grid = random_solution(LAYOUT_6, rng, 6, rules=RULES_6)
    assert grid is not None and Puzzle(6, grid, LAYOUT_6, rules=RULES_6).is_solution(grid)
    assert random_solution(LAYOUT_6, random.Random(3), 6, rules=RULES_6) == grid
    clash = (KillerCage((0, 1), 3), KillerCage((0, 1), 5))
    assert random_solution(LAYOUT_6, rng, 6, rules=clash) is None
    with pytest.raises(PuzzleError, match="no completed grid keeping its rules"):
        make_puzzle(random.Random(0), "unique", 6, LAYOUT_6, rules=clash)
    with pytest.raises(RuntimeError, match="no random layout of 100 tried"):
        make_puzzle(random.Random(0), "unique", 4, rules=clash)
    with pytest.raises(PuzzleError, match="outside the 4x4 grid"):
        make_puzzle(random.Random(0), "unique", 4, rules=(KillerCage((15, 16), 3),))
    said = "no completed grid keeps the rules: the killer cage r1c1-r1c2 (sum 8) cannot hold: no 2 different"
    with pytest.raises(PuzzleError, match=re.escape(said)):  # 3 + 4 at most: said at once, on no layout
        make_puzzle(random.Random(0), "unique", 4, rules=(KillerCage((0, 1), 8),))


def test_the_rule_brute_force_agrees_with_cpsat() -> None:
    # `rule_solutions` is the reference for the tests above: it counts as the
    # CP-SAT counter does on small puzzles with cages, thermometers and a diagonal,
    # some with no solution or many, and as `first_solutions` without rules.
    from squiggly_cp.ask.count import count as cpsat_count

    rng = random.Random(6)
    counts: list[int] = []
    for size in (4, 5):
        for _ in range(8):
            layout = random_layout(rng, size)
            grid = random_solution(layout, rng, size)
            if grid is None:  # some small layouts admit no grid
                continue
            cages = rng.sample(random_cages(rng, grid, size), 3)
            rules: list[Rule] = []
            for cage in cages:  # a fourth of the sums off by one (kept within reach of the cage's size)
                k, total = len(cage), sum(grid[i] for i in cage) + rng.choice((0, 0, 0, 1))
                rules.append(KillerCage(tuple(cage), min(total, k * (2 * size - k + 1) // 2)))
            for a, b in ((0, 1), (size, 2 * size), (size + 2, size + 1)):  # thermometers the grid keeps
                rules.append(Thermometer((a, b) if grid[a] < grid[b] else (b, a)))
            if rng.random() < 0.3:
                rules.append(Diagonal(rng.choice("+-")))  # this one, the grid may break
            givens = tuple(d if rng.random() < 0.15 else 0 for d in grid)
            puzzle = Puzzle(size, givens, layout, rules=tuple(rules))
            counts.append(cpsat_count(puzzle, 5))
            assert len(rule_solutions(puzzle, 5)) == counts[-1]
            plain = Puzzle(size, givens, layout)
            mine, theirs = rule_solutions(plain, 5), first_solutions(plain, 5)
            assert len(mine) == len(theirs) and (len(mine) == 5 or sorted(mine) == sorted(theirs))
    assert {0, 1} <= set(counts) and max(counts) > 1  # none, one and several solutions among them
