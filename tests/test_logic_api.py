"""The logic package's public API: results, JSON, ratings, limits and contradictions."""

from __future__ import annotations

import pytest

from logic_check import load_unique
from squiggly_cp.ask.count import format_candidates
from squiggly_cp.core.puzzle import Puzzle, standard_regions
from squiggly_cp.logic import (
    LEVELS,
    SCALES,
    SCORES,
    TECHNIQUES,
    LogicResult,
    Rating,
    Step,
    format_grid,
    level_for,
    rate,
    solve_logic,
)
from squiggly_cp.logic.solver import BASE_DIFFICULTY, FINDERS

UNIQUE = list(load_unique())


def _first(size: int, rating_at_most: float | None = None):
    for puzzle, solution in UNIQUE:
        if puzzle.size == size and (rating_at_most is None or rate(puzzle).rating <= rating_at_most):
            return puzzle, solution
    raise AssertionError("no such stored puzzle")


def test_solve_logic_result_fields():
    puzzle, solution = _first(6)
    result = solve_logic(puzzle)
    assert isinstance(result, LogicResult)
    assert result.solved and result.contradiction is None and not result.stuck
    assert [m.bit_length() for m in result.candidates] == list(solution)
    assert all(isinstance(s, Step) and s.technique in TECHNIQUES for s in result.steps)
    assert all(s.text for s in result.steps)


def test_step_json_uses_letters_above_nine():
    step = Step("naked single", 2.3, placements=((0, 10),), eliminations=((17, 16), (18, 3)), text="t")
    assert step.to_json(16) == {
        "technique": "naked single",
        "difficulty": 2.3,
        "placements": ["r1c1=A"],
        "eliminations": ["r2c2-G", "r2c3-3"],
        "text": "t",
    }


def test_sixteen_by_sixteen_solves_and_names_cells():
    puzzle, solution = _first(16)
    result = solve_logic(puzzle)
    assert result.solved
    assert [m.bit_length() for m in result.candidates] == list(solution)
    texts = " ".join(s.text for s in result.steps)
    assert "r16c" in texts or "r1c16" in texts or "c16" in texts


def test_rate_fields_and_json():
    puzzle, _ = _first(9)
    rating = rate(puzzle)
    assert isinstance(rating, Rating)
    result = rating.result
    assert rating.rating == max(s.difficulty for s in result.steps)
    assert rating.score == sum(SCORES[s.technique] for s in result.steps)
    assert sum(rating.counts.values()) == len(result.steps)
    assert rating.hardest in SCALES["default"].step_names
    assert rating.level in ("easy", "medium", "hard", "fiendish", "beyond")
    assert set(rating.to_json()) >= {"rating", "score", "level", "hardest", "counts"}


@pytest.mark.parametrize(
    ("rating", "trial", "level"),
    [
        (1.0, False, "easy"),
        (2.3, False, "easy"),
        (2.5, False, "easy"),
        (2.6, False, "medium"),
        (3.4, False, "medium"),
        (3.5, False, "hard"),
        (4.6, False, "hard"),
        (5.0, False, "fiendish"),
        (7.2, False, "fiendish"),
        (9.9, False, "fiendish"),
        (10.1, False, "beyond"),
        (10.0, True, "beyond"),
        (20.0, False, "beyond"),
    ],
)
def test_levels(rating, trial, level):
    assert level_for(rating, trial) == level
    assert [name for name, _ in LEVELS] == ["easy", "medium", "hard", "fiendish"]


def test_every_technique_has_a_score_and_a_difficulty():
    # Scores are per step name, on either scale; the default scale's techniques all have one.
    assert set(SCORES) == {name for scale in SCALES.values() for name in scale.step_names}
    assert set(BASE_DIFFICULTY) == set(TECHNIQUES)
    order = [BASE_DIFFICULTY[name] for name in TECHNIQUES]
    assert order == sorted(order)
    # A technique with several finders gives each the same score and variability.
    for technique in FINDERS:
        assert all(SCORES[name] == technique.score for name in technique.step_names)
        assert technique.variable == any(t.variable for t in FINDERS if t.name == technique.name)


def test_format_grid_matches_the_candidates_format():
    puzzle, _ = _first(9)
    result = solve_logic(puzzle, max_steps=10)
    assert format_grid(9, result.candidates) == format_candidates(puzzle, result.candidates)
    line = format_grid(4, [0b1001] * 16).splitlines()[0]
    assert line == "1..4 1..4 1..4 1..4"


def test_max_technique_limits_and_stops():
    for puzzle, _ in UNIQUE:
        if puzzle.size == 9 and rate(puzzle).rating > 2.3:
            break
    result = solve_logic(puzzle, max_technique="naked single")
    assert result.stuck
    assert {s.technique for s in result.steps} <= {"full house", "hidden single", "naked single"}
    with pytest.raises(ValueError, match="unknown technique"):
        solve_logic(puzzle, max_technique="magic")


def test_repeated_given_is_a_contradiction():
    givens = [0] * 81
    givens[0] = givens[1] = 5
    result = solve_logic(Puzzle.standard(givens))
    assert not result.solved
    assert result.contradiction == "r1c1 and r1c2 both hold 5"
    assert result.steps == []


def test_contradiction_reached_by_steps():
    # Row 1 holds 1-8 and r2c9 is 9 in the same box as r1c9: r1c9 has no candidate.
    givens = [0] * 81
    givens[:8] = range(1, 9)
    givens[9 + 8] = 9
    result = solve_logic(Puzzle.standard(givens))
    assert not result.solved
    assert result.contradiction is not None
    assert "r1c9" in result.contradiction or "9" in result.contradiction


def test_empty_grid_is_stuck_not_solved():
    result = solve_logic(Puzzle(4, (0,) * 16, standard_regions(4)))
    assert not result.solved
    assert result.contradiction is None


def test_long_searches_stop_at_an_enforced_deadline() -> None:
    """Each chain, exclusion and trial finder looks at the deadline inside
    its search (issue 30, defect 4: one step ran 30 s past `rate
    --time-limit`): with a deadline already passed, every one of them
    raises `Undecided` before it ends, on a position with work for all
    (each cell holds its solution digit and up to two others)."""
    import random

    from squiggly_cp.core.limits import Deadline, Undecided, enforced
    from squiggly_cp.logic import SCALES
    from squiggly_cp.logic.state import State

    puzzle, solution = next(p for p in load_unique() if p[0].size == 9)
    rng = random.Random(3)
    marks = [(1 << (d - 1)) | (1 << rng.randrange(9)) | (1 << rng.randrange(9)) for d in solution]
    state = State.start(puzzle.with_givens((0,) * 81), marks, unique=True)
    assert state.contradiction() is None
    gone = Deadline(0)
    long = [
        t
        for scale in SCALES.values()
        for t in scale.finders
        if t.difficulty >= 6.2 and not t.name.startswith(("unique", "bug"))
    ]
    names = {"aligned pair exclusion", "forcing chain", "trial", "dynamic forcing chains"}
    assert {t.name for t in long} >= names
    for technique in long:
        with enforced(gone), pytest.raises(Undecided):
            list(technique.finder(state.copy()))
    # Outside an enforced block the same search runs to its end.
    assert list(long[0].finder(state.copy())) is not None


def test_a_result_ends_in_a_position_that_logic_and_hint_take_back() -> None:
    """One position type: `LogicResult.position` is a `core.position.Position`,
    and logic started from it goes on as the whole solve did."""
    from squiggly_cp.core.position import Position

    for puzzle, solution in [p for p in load_unique() if p[0].size == 9][:5]:
        whole = solve_logic(puzzle)
        part = solve_logic(puzzle, max_steps=6)
        assert isinstance(part.position, Position) and part.position.puzzle == puzzle
        assert part.values == list(part.position.digits) and part.candidates == list(part.position.candidates)
        rest = solve_logic(part.position)
        assert [s.text for s in part.steps + rest.steps] == [s.text for s in whole.steps]
        assert rest.solved and tuple(rest.values) == solution
