"""ask.explain against hand-worked puzzles and the plain brute-force counter.

`bruteforce.first_solutions` shares no code with CP-SAT or DLX; on the small
sizes used here it enumerates every solution quickly, which is what each
claim of `explain` is checked against.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bruteforce import first_solutions
from squiggly_cp.ask import count as count_module
from squiggly_cp.ask import explain as explain_module
from squiggly_cp.ask.count import count, format_candidates, true_candidates
from squiggly_cp.ask.explain import explain
from squiggly_cp.core.limits import Deadline, Undecided
from squiggly_cp.core.propagate import candidates
from squiggly_cp.core.puzzle import DIGIT_CHARS, Puzzle, Verdict, cell_name, standard_regions
from squiggly_cp.engines import cpsat, dlx
from squiggly_cp.make.generate import make_puzzle, random_layout, random_solution
from squiggly_cp.sat.assumptions import OneHotAssumptions
from squiggly_cp.sat.callbacks import Counter

ALL = 10**6


def with_givens(puzzle: Puzzle, givens: list[tuple[int, int]] | tuple[tuple[int, int], ...]) -> Puzzle:
    """``puzzle``'s layout with exactly ``givens`` as (cell, digit) pairs."""
    grid = [0] * (puzzle.size**2)
    for cell, digit in givens:
        grid[cell] = digit
    return puzzle.with_givens(grid)


def add_given(puzzle: Puzzle, cell: int, digit: int) -> Puzzle:
    grid = list(puzzle.givens)
    grid[cell] = digit
    return puzzle.with_givens(grid)


def brute_count(puzzle: Puzzle, limit: int = ALL) -> int:
    return len(first_solutions(puzzle, limit))


def grid_from(rows: str, size: int) -> list[int]:
    digits = rows.split()
    assert len(digits) == size * size
    return [0 if ch == "." else DIGIT_CHARS.index(ch) + 1 for ch in digits]


# ---------------------------------------------------------------- no solution

CLASH_9 = Puzzle.standard(
    grid_from(
        """
        5 3 . . . . . . .
        6 . . . 7 . . . .
        . 9 8 . . . . 6 .
        8 . . . 7 . . . 3
        4 . . 8 . 3 . . 1
        7 . . . 2 . . . 6
        . 6 . . . . 2 8 .
        . . . 4 1 9 . . 5
        . . . . 8 . . 7 9
        """,
        9,
    )
)


def test_two_equal_givens_in_a_column() -> None:
    d = explain(CLASH_9)
    assert d.verdict is Verdict.NONE
    assert d.conflict == ((1 * 9 + 4, 7), (3 * 9 + 4, 7))
    assert d.text == "no solution: r2c5=7 and r4c5=7 are both in column 5"
    assert d.describe() == d.text
    assert d.exhaustive
    assert d.to_json(1) == {"case": 1, "verdict": "none", "conflict": ["r2c5=7", "r4c5=7"]}
    assert brute_count(with_givens(CLASH_9, d.conflict)) == 0


# A 4x4 squiggly layout: regions (1-based) 1 2 2 2 / 1 1 2 3 / 1 4 3 3 / 4 4 4 3.
SQUIGGLY_4 = (0, 1, 1, 1, 0, 0, 1, 2, 0, 3, 2, 2, 3, 3, 3, 2)


@pytest.mark.parametrize(
    ("givens", "text"),
    [
        ({0: 2, 3: 2}, "no solution: r1c1=2 and r1c4=2 are both in row 1"),
        ({7: 4, 10: 4}, "no solution: r2c4=4 and r3c3=4 are both in region 3"),
        ({9: 1, 14: 1}, "no solution: r3c2=1 and r4c3=1 are both in region 4"),
    ],
)
def test_house_names(givens: dict[int, int], text: str) -> None:
    puzzle = Puzzle(4, tuple(givens.get(i, 0) for i in range(16)), SQUIGGLY_4)
    d = explain(puzzle)
    assert d.text == text
    assert d.conflict == tuple(sorted(givens.items()))


def none_puzzles() -> list[Puzzle]:
    rng = random.Random(4069)
    return [make_puzzle(rng, "none", size) for size in (4, 5, 5, 6, 6, 6, 6, 6)]


@pytest.mark.parametrize("puzzle", none_puzzles())
def test_conflict_is_infeasible_and_minimal(puzzle: Puzzle) -> None:
    assert brute_count(puzzle, 1) == 0
    d = explain(puzzle)
    assert d.verdict is Verdict.NONE and d.exhaustive
    conflict = d.conflict
    assert conflict == tuple(sorted(conflict))
    assert all(puzzle.givens[cell] == digit for cell, digit in conflict)
    assert brute_count(with_givens(puzzle, conflict), 1) == 0
    for i in range(len(conflict)):
        assert brute_count(with_givens(puzzle, conflict[:i] + conflict[i + 1 :]), 1) == 1
    names = " ".join(f"{cell_name(c, puzzle.size)}={DIGIT_CHARS[v - 1]}" for c, v in conflict)
    # make_puzzle's no-solution puzzles repeat no given in a house, so the text is the general one.
    assert len(conflict) >= 2
    assert d.text == f"no solution: these {len(conflict)} givens cannot all hold: {names}"
    assert d.to_json(7) == {"case": 7, "verdict": "none", "conflict": names.split()}


# ---------------------------------------------------------------- several solutions

# Rows 1 and 3 can swap their first two digits: exactly two solutions.
DEADLY_4 = Puzzle.standard(grid_from(". . 3 4  3 4 1 2  . . 4 3  4 3 2 1", 4), 4)


def test_two_solutions_hand_worked() -> None:
    d = explain(DEADLY_4)
    assert d.verdict is Verdict.MULTIPLE
    assert set(d.solutions) == {
        tuple(grid_from("1 2 3 4  3 4 1 2  2 1 4 3  4 3 2 1", 4)),
        tuple(grid_from("2 1 3 4  3 4 1 2  1 2 4 3  4 3 2 1", 4)),
    }
    assert d.differ == (0, 1, 8, 9)
    first = d.solutions[0]
    assert d.suggestion == (0, first[0])
    assert (
        d.text
        == f"2+ solutions, differing in r1c1 r1c2 r3c1 r3c2; adding the given r1c1={first[0]} makes it unique"
    )
    assert d.to_json(2) == {
        "case": 2,
        "verdict": "multiple",
        "solutions": ["".join(map(str, s)) for s in d.solutions],
        "differ": ["r1c1", "r1c2", "r3c1", "r3c2"],
        "suggestion": f"r1c1={first[0]}",
    }


def test_empty_4x4_has_no_single_fixing_given() -> None:
    puzzle = Puzzle.standard([0] * 16, 4)
    solutions = first_solutions(puzzle, ALL)
    assert len(solutions) == 288
    # A given (c, d) makes it unique exactly when one solution has d at c; each has 72.
    assert all(sum(s[c] == d for s in solutions) == 72 for c in range(16) for d in range(1, 5))
    d = explain(puzzle)
    assert d.verdict is Verdict.MULTIPLE and d.suggestion is None and d.exhaustive
    cells = " ".join(cell_name(c, 4) for c in d.differ)
    assert d.text == f"2+ solutions, differing in {cells}; no single added given makes it unique"
    assert d.to_json(1)["suggestion"] is None


def fixers(puzzle: Puzzle, solutions: list[tuple[int, ...]]) -> set[tuple[int, int]]:
    """The (cell, digit) givens that leave exactly one of ``solutions``."""
    n = puzzle.size
    return {(c, v) for c in range(n * n) for v in range(1, n + 1) if [s[c] for s in solutions].count(v) == 1}


def test_givens_lacking_three_digits_have_no_fixing_given_with_no_search(monkeypatch) -> None:
    """With three digits absent from the givens, two stay absent after any one
    given more, and swapping them gives a second solution: `explain` says so
    at once (its search for a given is not run), which brute force confirms
    on every such puzzle drawn. Two absent digits are not enough: the search
    runs and finds a given where one exists."""
    def no_search(*args: object) -> object:
        raise AssertionError("the search for a given ran")

    rng = random.Random(41)
    seen = {2: 0, 3: 0}
    while min(seen.values()) < 6:
        size = rng.choice((4, 5))
        layout = random_layout(rng, size)
        solution = random_solution(layout, rng, size)
        assert solution is not None
        kept = rng.sample(range(1, size + 1), size - rng.choice((2, 3)))
        grid = [d if d in kept and rng.random() < 0.6 else 0 for d in solution]
        absent = size - len(set(grid) - {0})
        if absent not in seen:
            continue
        puzzle = Puzzle(size, tuple(grid), layout)
        solutions = first_solutions(puzzle, ALL)
        with monkeypatch.context() as patch:
            if absent >= 3:
                patch.setattr("squiggly_cp.ask.explain._suggest", no_search)
            d = explain(puzzle)
        assert d.verdict is Verdict.MULTIPLE and d.exhaustive
        found = fixers(puzzle, solutions)
        assert (d.suggestion in found) if d.suggestion else not found
        if absent >= 3:
            assert not found and d.text.endswith("; no single added given makes it unique")
        seen[absent] += 1


def multiple_puzzles() -> list[Puzzle]:
    rng = random.Random(20261129)
    return [make_puzzle(rng, "multiple", size) for size in (4, 4, 5, 5, 5, 6, 6, 6, 6, 6, 6, 6)]


@pytest.mark.parametrize("puzzle", multiple_puzzles())
def test_multiple(puzzle: Puzzle) -> None:
    solutions = first_solutions(puzzle, ALL)
    assert len(solutions) >= 2
    d = explain(puzzle)
    assert d.verdict is Verdict.MULTIPLE and d.exhaustive and d.solution is None
    a, b = d.solutions
    assert a != b and a in solutions and b in solutions
    assert puzzle.is_solution(a) and puzzle.is_solution(b)
    assert d.differ == tuple(c for c in range(puzzle.size**2) if a[c] != b[c])
    fixers = {
        (c, v)
        for c in range(puzzle.size**2)
        for v in range(1, puzzle.size + 1)
        if sum(s[c] == v for s in solutions) == 1
    }
    if d.suggestion is None:
        assert not fixers
        assert d.text.endswith("; no single added given makes it unique")
    else:
        assert d.suggestion in fixers
        assert brute_count(add_given(puzzle, *d.suggestion)) == 1
        assert d.text.endswith(f"; adding the given {d.to_json(1)['suggestion']} makes it unique")


def test_several_solutions_come_from_the_engines_search_alone(monkeypatch) -> None:
    # The engine's verdict search found two solutions already: searching the
    # assumption model again for two cost three times as much on a sparse 16x16.
    searches = []
    solve = OneHotAssumptions.solve

    def counted(self, *args, **kwargs):
        searches.append("search")
        return solve(self, *args, **kwargs)

    monkeypatch.setattr(OneHotAssumptions, "solve", counted)
    for puzzle in multiple_puzzles():
        d = explain(puzzle, suggest=False)
        a, b = d.solutions
        assert d.verdict is Verdict.MULTIPLE and a != b and puzzle.is_solution(a) and puzzle.is_solution(b)
    assert searches == []


def test_several_solutions_without_the_fix_search_build_no_assumption_model(monkeypatch) -> None:
    # Nor is the model built then (the page's check: 15 ms of a 9x9 arrow's 100).
    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("the assumption model was built")

    monkeypatch.setattr(explain_module, "OneHotAssumptions", refused)
    for puzzle in multiple_puzzles():
        d = explain(puzzle, suggest=False)
        assert d.verdict is Verdict.MULTIPLE and d.stopped_by == "not asked"


# ---------------------------------------------------------------- unique and unknown


def test_unique_16x16_json_uses_letters() -> None:
    # The pattern grid of the 4x4 boxes, with the main diagonal blanked: each row misses one digit.
    full = [(4 * (r % 4) + r // 4 + c) % 16 + 1 for r in range(16) for c in range(16)]
    puzzle = Puzzle.standard([0 if i % 17 == 0 else v for i, v in enumerate(full)], 16)
    assert puzzle.is_solution(tuple(full))
    d = explain(puzzle)
    assert d.verdict is Verdict.UNIQUE and d.solution == tuple(full) and d.solutions == (d.solution,)
    assert d.text == "unique solution"
    expected = "".join(DIGIT_CHARS[v - 1] for v in full)
    assert "G" in expected
    assert d.to_json(5) == {"case": 5, "verdict": "unique", "solution": expected}


def test_unique_small() -> None:
    puzzle = Puzzle.standard(grid_from("1 . 3 4  3 4 1 2  . . 4 3  4 3 2 1", 4), 4)
    (solution,) = first_solutions(puzzle, ALL)
    d = explain(puzzle)
    assert d.verdict is Verdict.UNIQUE and d.solution == solution
    assert d.to_json(1) == {"case": 1, "verdict": "unique", "solution": "".join(map(str, solution))}


def test_unknown_claims_nothing() -> None:
    d = explain(DEADLY_4, time_limit=0)
    assert d.verdict is Verdict.UNKNOWN
    assert d.solution is None and d.solutions == () and d.differ == () and d.conflict == ()
    assert d.suggestion is None and not d.exhaustive and d.stopped_by == "time limit"
    assert d.to_json(3) == {"case": 3, "verdict": "unknown"}
    assert d.text.startswith("unknown")
    # Two equal givens in a house prove "none" without a search; minimality is then unproved.
    d = explain(CLASH_9, time_limit=0)
    assert d.verdict is Verdict.NONE and d.conflict == ((13, 7), (31, 7)) and not d.exhaustive


def test_a_conflict_cut_by_its_budget_still_cannot_hold_and_says_so() -> None:
    """With no budget for the shrinking, the conflict is the first proof's
    (not proved minimal, said so on the line and in JSON); brute force
    confirms that it admits no solution. With the default budget the same
    puzzles get their minimal sets (each given needed, by brute force)."""
    rng = random.Random(4169)
    seen = 0
    while seen < 20:
        size = rng.choice((4, 5))
        layout = random_layout(rng, size)
        cells = rng.sample(range(size * size), size + 2)
        grid = [0] * (size * size)
        for cell in cells:
            grid[cell] = rng.randint(1, size)
        puzzle = Puzzle(size, tuple(grid), layout)
        if puzzle.repeated_given() is not None or brute_count(puzzle, 1):
            continue
        cut = explain(puzzle, shrink_work_limit=0)
        assert cut.verdict is Verdict.NONE and brute_count(with_givens(puzzle, cut.conflict), 1) == 0
        assert (cut.exhaustive, cut.stopped_by) == (False, "budget")
        assert cut.text.endswith(" (not proved minimal: the search budget ran out)")
        assert (cut.to_json(1)["exhaustive"], cut.to_json(1)["stopped_by"]) == (False, "budget")
        full = explain(puzzle)
        assert full.exhaustive and "exhaustive" not in full.to_json(1)
        assert set(full.conflict) <= set(cut.conflict)  # the shrinking only drops from the first proof's set
        for i in range(len(full.conflict)):
            assert brute_count(with_givens(puzzle, full.conflict[:i] + full.conflict[i + 1 :]), 1) == 1
        seen += 1


def test_suggestion_out_of_time() -> None:
    d = explain(DEADLY_4, suggest_work_limit=0)
    assert d.verdict is Verdict.MULTIPLE and d.suggestion is None and not d.exhaustive
    assert d.text.endswith("; no single added given making it unique was found within the search budget")
    assert d.to_json(1)["suggestion"] is None


# ---------------------------------------------------------------- count


def test_count_empty_4x4() -> None:
    empty = Puzzle.standard([0] * 16, 4)
    assert count(empty, 1000) == 288
    assert count(empty, 288) == 288
    assert count(empty, 100) == 100
    assert count(empty, 0) == 0
    assert count(CLASH_9, 10) == 0


def test_count_progress(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Counter, "PROGRESS_EVERY", 0.0)
    seen: list[int] = []
    assert count(Puzzle.standard([0] * 16, 4), 1000, progress=seen.append) == 288
    assert seen and seen == sorted(seen) and seen[0] >= 1 and seen[-1] <= 288


def test_count_time_limit_gives_a_lower_bound() -> None:
    with pytest.raises(Undecided) as stopped:
        count(Puzzle.standard([0] * 81), 10**12, time_limit=0.3)
    assert stopped.value.found is not None and 0 <= stopped.value.found < 10**12


def test_undecided_crosses_processes_with_what_it_found() -> None:
    import pickle

    again = pickle.loads(pickle.dumps(Undecided("the time limit stopped the count at 7", found=7)))
    assert isinstance(again, Undecided) and again.found == 7 and "at 7" in str(again)


@pytest.mark.parametrize("puzzle", none_puzzles()[:3] + multiple_puzzles() + [DEADLY_4])
def test_count_matches_brute_force(puzzle: Puzzle) -> None:
    total = brute_count(puzzle)
    assert count(puzzle, ALL) == total
    if total > 1:
        assert count(puzzle, total - 1) == total - 1


# ---------------------------------------------------------------- candidates


def brute_candidates(puzzle: Puzzle) -> list[int] | None:
    solutions = first_solutions(puzzle, ALL)
    if not solutions:
        return None
    masks = [0] * (puzzle.size**2)
    for s in solutions:
        for c, v in enumerate(s):
            masks[c] |= 1 << (v - 1)
    return masks


@st.composite
def small_puzzles(draw: st.DrawFn) -> Puzzle:
    size = draw(st.sampled_from((4, 5, 6)))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    layout = random_layout(rng, size)
    solution = random_solution(layout, rng, size)
    assume(solution is not None)
    assert solution is not None
    # Enough givens to keep brute-force enumeration small on 5x5 and 6x6.
    low = {4: 0.0, 5: 0.1, 6: 0.15}[size]
    share = draw(st.floats(low, 0.6))
    keep = set(rng.sample(range(size * size), int(share * size * size)))
    grid: list[int] = [solution[i] if i in keep else 0 for i in range(size * size)]
    if draw(st.booleans()):
        # A wrong digit in an empty cell, repeating no given: often no solution.
        cell = rng.choice([i for i in range(size * size) if not grid[i]] or [0])
        puzzle = Puzzle(size, tuple(grid), layout)
        blocked = {grid[p] for p in puzzle.peers[cell]} | {solution[cell]}
        digits = [v for v in range(1, size + 1) if v not in blocked]
        if digits and not grid[cell]:
            grid[cell] = rng.choice(digits)
    return Puzzle(size, tuple(grid), layout)


@settings(deadline=None, max_examples=100)
@given(small_puzzles())
def test_true_candidates_match_brute_force(puzzle: Puzzle) -> None:
    assert true_candidates(puzzle) == brute_candidates(puzzle)


def test_true_candidates_test_the_first_cell_and_digit_too() -> None:
    # Found by hypothesis: the first solve (nothing assumed) used to stand in
    # for the pair r1c1=1, which then was never asked about on its own.
    givens = (0,) * 12 + (5, 4, 1) + (0,) * 10
    regions = (0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 3, 4, 4, 2, 2, 3, 4, 4, 2, 3, 3, 3, 4)
    puzzle = Puzzle(5, givens, regions)
    assert true_candidates(puzzle) == brute_candidates(puzzle)


@settings(deadline=None, max_examples=60)
@given(small_puzzles())
def test_explain_matches_brute_force(puzzle: Puzzle) -> None:
    solutions = first_solutions(puzzle, ALL)
    d = explain(puzzle)
    assert d.exhaustive
    if not solutions:
        assert d.verdict is Verdict.NONE
        assert brute_count(with_givens(puzzle, d.conflict), 1) == 0
        for i in range(len(d.conflict)):
            assert brute_count(with_givens(puzzle, d.conflict[:i] + d.conflict[i + 1 :]), 1) == 1
    elif len(solutions) == 1:
        assert d.verdict is Verdict.UNIQUE and d.solution == solutions[0]
    else:
        assert d.verdict is Verdict.MULTIPLE and set(d.solutions) <= set(solutions)
        n2 = puzzle.size**2
        fixers = {
            (c, v)
            for c in range(n2)
            for v in range(1, puzzle.size + 1)
            if [s[c] for s in solutions].count(v) == 1
        }
        assert (d.suggestion in fixers) if d.suggestion else not fixers


def test_nine_by_nine_against_the_cpsat_engine() -> None:
    # Too big for the brute-force counter on sparse subsets; the separate CP-SAT
    # engine (integer model, givens as constants) is the second opinion here.
    rng = random.Random(99)
    for kind in ("none", "multiple", "none", "multiple"):
        puzzle = make_puzzle(rng, kind, 9)
        d = explain(puzzle)
        assert d.verdict is cpsat.solve(puzzle).verdict
        if kind == "none":
            assert cpsat.solve(with_givens(puzzle, d.conflict)).verdict is Verdict.NONE
            for i in range(len(d.conflict)):
                assert (
                    cpsat.solve(with_givens(puzzle, d.conflict[:i] + d.conflict[i + 1 :])).verdict
                    is not Verdict.NONE
                )
        else:
            assert all(puzzle.is_solution(s) for s in d.solutions)
            if d.suggestion is not None:
                assert dlx.count_solutions(add_given(puzzle, *d.suggestion), 2) == 1


def test_true_candidates_of_a_unique_puzzle_are_its_solution_in_one_search(monkeypatch) -> None:
    # A unique 16x16 used to take one search per pair that no solution marked
    # (minutes); the one search that lists its solutions (one) proves it.
    puzzle = make_puzzle(random.Random(1), "unique", 16)
    assert sum(mask.bit_count() for mask in candidates(puzzle)) > 256  # singles leave it open
    decided = cpsat.solve(puzzle)  # the engine's own model, not OneHotAssumptions's
    assert decided.verdict is Verdict.UNIQUE and decided.solution is not None
    solution = decided.solution
    searches = []
    solve, listing = OneHotAssumptions.solve, count_module.listed_solutions

    def counted(self, *args, **kwargs):
        searches.append("search")
        return solve(self, *args, **kwargs)

    def counted_listing(*args, **kwargs):
        searches.append("listing")
        return listing(*args, **kwargs)

    monkeypatch.setattr(OneHotAssumptions, "solve", counted)
    monkeypatch.setattr(count_module, "listed_solutions", counted_listing)
    assert true_candidates(puzzle) == [1 << (d - 1) for d in solution]
    assert searches == ["listing"]


def test_true_candidates_past_the_listing_are_exact(monkeypatch) -> None:
    # Puzzles with more solutions than the first search lists go on to the
    # searches for unmarked pairs: checked against brute force, with the
    # listing cut to one solution so that every puzzle with two takes that road.
    monkeypatch.setattr(count_module, "FEW", 0)
    for seed in range(8):
        puzzle = make_puzzle(random.Random(seed), "multiple", 5)
        assert true_candidates(puzzle) == brute_candidates(puzzle)


def test_true_candidates_edge_cases() -> None:
    assert true_candidates(Puzzle.standard([0] * 16, 4)) == [0b1111] * 16
    assert true_candidates(CLASH_9) is None
    masks = true_candidates(DEADLY_4)
    assert masks == brute_candidates(DEADLY_4)
    assert masks is not None and masks[0] == 0b11 and masks[2] == 0b100
    with pytest.raises(TimeoutError):
        true_candidates(DEADLY_4, time_limit=0)


def test_format_candidates() -> None:
    empty = Puzzle.standard([0] * 16, 4)
    assert format_candidates(empty, [0b1111] * 16) == "1234 1234 1234 1234\n" * 4
    masks = true_candidates(DEADLY_4)
    assert masks is not None
    assert format_candidates(DEADLY_4, masks).splitlines() == [
        "12.. 12.. ..3. ...4",
        "..3. ...4 1... .2..",
        "12.. 12.. ...4 ..3.",
        "...4 ..3. .2.. 1...",
    ]
    nine = [0] * 81
    nine[0] = (1 << 0) | (1 << 3) | (1 << 8)
    assert format_candidates(Puzzle(9, (0,) * 81, standard_regions(9)), nine).split("\n")[0].split(" ")[
        :2
    ] == [
        "1..4....9",
        ".........",
    ]
    sixteen = format_candidates(Puzzle.standard([0] * 256, 16), [1 << 15] * 256).splitlines()
    assert len(sixteen) == 16 and sixteen[0].split(" ")[0] == "." * 15 + "G"


def test_conflict_holds_when_cp_sat_names_too_few_givens() -> None:
    # Found by hypothesis: on this 6x6, CP-SAT's sufficient_assumptions_for_
    # infeasibility named r2c4=6 r3c1=2 r6c5=2, which alone admit two
    # solutions (checked by brute force). The conflict must really be one.
    givens = (0, 2, 0, 0, 3, 1, 0, 0, 0, 6, 4, 2, 2, 0, 4, 1, 5, 6,
              0, 4, 0, 3, 0, 5, 0, 0, 2, 5, 1, 3, 3, 1, 5, 0, 2, 0)  # fmt: skip
    regions = (0, 1, 1, 1, 1, 1, 0, 1, 2, 2, 3, 3, 0, 0, 2, 2, 2, 3,
               0, 0, 4, 4, 2, 3, 5, 5, 5, 4, 3, 3, 5, 5, 5, 4, 4, 4)  # fmt: skip
    puzzle = Puzzle(6, givens, regions)
    assert first_solutions(puzzle, 1) == []
    conflict = explain(puzzle).conflict
    only = [0] * 36
    for cell, digit in conflict:
        only[cell] = digit
    assert first_solutions(puzzle.with_givens(only), 1) == []
    for cell, _ in conflict:  # and minimal
        fewer = list(only)
        fewer[cell] = 0
        assert first_solutions(puzzle.with_givens(fewer), 1) != []


def test_a_first_try_that_breaks_the_assumptions_is_not_the_answer() -> None:
    # OR-Tools 9.9 to 9.11 answered such a solve with the hinted grid (CP-SAT's solution hint) itself;
    # without the given r5c2=1 that grid is a solution, with it none is.
    puzzle = Puzzle(
        5,
        (2, 0, 0, 4, 0, 0, 0, 0, 0, 0, 5, 4, 2, 3, 1, 0, 0, 0, 0, 5, 0, 1, 0, 0, 0),
        (0, 1, 2, 2, 2, 0, 1, 1, 3, 2, 0, 4, 1, 3, 2, 0, 4, 1, 3, 3, 0, 4, 4, 4, 3),
    )
    first_try = (2, 3, 5, 4, 1, 4, 5, 2, 1, 3, 5, 4, 1, 3, 2, 3, 1, 4, 2, 5, 1, 2, 3, 5, 4)
    assert puzzle.with_givens((2,) + (0,) * 24).is_solution(first_try)
    assert brute_count(puzzle.with_givens((2,) + (0,) * 20 + (1,) + (0,) * 3), 1) == 0
    onehot = OneHotAssumptions(puzzle)
    assumed = [onehot.lit((0, 2)), onehot.lit((21, 1))]
    assert onehot.solve(assumed, Deadline(None), first_try)[:2] == (False, None)


def test_the_suggestion_search_is_reproducible_under_load() -> None:
    # The same deterministic budget gives the same answer, even with the
    # other core busy; only a wall-clock --time-limit may cut it differently.
    import subprocess
    import sys

    from squiggly_cp.make.generate import random_layout

    rng = random.Random(5)
    layout = random_layout(rng, 12)
    givens = [0] * 144
    givens[0] = 1
    solution = cpsat.solve(Puzzle(12, givens, layout)).solutions[0]
    # A quarter of the cells given: several solutions, whichever solution CP-SAT filled in first.
    puzzle = Puzzle(12, [d if rng.random() < 0.25 else 0 for d in solution], layout)
    quiet = explain(puzzle, suggest_work_limit=0.01)
    busy = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        loaded = explain(puzzle, suggest_work_limit=0.01)
    finally:
        busy.kill()
        busy.wait()
    assert quiet.verdict is Verdict.MULTIPLE
    assert (quiet.text, quiet.suggestion) == (loaded.text, loaded.suggestion)
    assert quiet.stopped_by == loaded.stopped_by
    assert quiet.stopped_by == "budget" and "within the search budget" in quiet.text
