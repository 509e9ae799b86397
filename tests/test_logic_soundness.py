"""Soundness of the logic solver against the CP-SAT engine's answers.

The stored puzzles (tests/data, made by benchmarks/make_logic_data.py with
CP-SAT uniqueness checks) carry their solution, or for puzzles with several
solutions the true candidates. Every step must keep every digit some
solution has, and every placement must be the digit all solutions have.
These tests run a seeded sample; benchmarks/soundness_logic.py sweeps all.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from logic_check import (
    DATA,
    UNIQUENESS,
    VARIANTS,
    Tally,
    check_against,
    expected_choice,
    expected_key,
    expected_variant_choice,
    load_expected,
    load_multiple,
    load_rules,
    load_unique,
    load_variants,
    minimal_9x9,
    solution_masks,
)
from squiggly_cp.logic import SCALES, TECHNIQUES, solve_logic
from squiggly_cp.logic.state import State
from squiggly_cp.make.generate import make_puzzle

UNIQUE = list(load_unique())
MULTIPLE = list(load_multiple())
EXPECTED = {scale: load_expected(scale) for scale in ("default", "se")}
EXPECTED_UNIQUE, EXPECTED_MULTIPLE = expected_choice()
SAMPLE_SEED = 11


def _sample(items, count, seed=SAMPLE_SEED):
    rng = random.Random(seed)
    return rng.sample(items, min(count, len(items)))


def _expected(kind: str, index: int, scale: str = "default") -> dict:
    return EXPECTED[scale][expected_key(kind, index)]


def test_stored_data_is_as_documented():
    assert len(UNIQUE) >= 2000
    assert len(MULTIPLE) >= 200
    # The stored summaries cover the puzzles `expected_choice` names: a few
    # hundred, from every group of the plan.
    keys = {expected_key("unique", i) for i in EXPECTED_UNIQUE + expected_variant_choice()} | {
        expected_key("multiple", k) for k in EXPECTED_MULTIPLE
    }
    assert 300 <= len(keys) <= 450
    for expected in EXPECTED.values():
        assert expected.keys() == keys
    assert {UNIQUE[i][0].size for i in EXPECTED_UNIQUE} == {p.size for p, _ in UNIQUE}
    for puzzle, solution in UNIQUE[::50]:
        assert puzzle.is_solution(solution)


@pytest.mark.parametrize("size", sorted({p.size for p, _ in UNIQUE}))
def test_unique_sample_is_sound_and_solved(size):
    """A seeded sample of each size, drawn from the puzzles with a stored
    summary: every step matches the solution, logic finishes, and the
    path's rating, pearl, diamond and technique counts are the stored ones."""
    # Forcing chains make the minimal 9x9 puzzles slow (seconds each): a few of
    # them here; CI's sample (150 a scale, drawn anew each commit) and the full
    # sweep (benchmarks/soundness_logic.py) have more.
    count = 10 if size == 9 else 6 if size < 9 else 2
    minimal = set(minimal_9x9())
    pool = [i for i in EXPECTED_UNIQUE if UNIQUE[i][0].size == size and i not in minimal]
    hardest = [i for i in EXPECTED_UNIQUE if i in minimal]
    chosen = _sample(pool, count) + _sample(hardest, 3 if size == 9 else 0)
    tally = Tally()
    for i in chosen:
        puzzle, solution = UNIQUE[i]
        result = check_against(puzzle, solution_masks(solution), tally, _expected("unique", i))
        assert result.solved
        final = [c.bit_length() for c in result.candidates]
        assert tuple(final) == solution
    assert not tally.errors, tally.errors[:5]


def test_multiple_sample_removes_no_true_candidate():
    tally = Tally()
    for k in _sample(EXPECTED_MULTIPLE, 12):
        puzzle, masks = MULTIPLE[k]
        result = check_against(puzzle, masks, tally, _expected("multiple", k))
        assert not result.solved
        assert result.contradiction is None
    assert not tally.errors, tally.errors[:5]


def test_se_scale_sample_is_sound():
    """The ``se`` scale (SE's order and scope; its own finders for singles,
    locking, subsets and fish) on a seeded sample, unique and multiple."""
    tally = Tally()
    minimal = set(minimal_9x9())
    pool = [i for i in EXPECTED_UNIQUE if UNIQUE[i][0].size <= 9 and i not in minimal]
    for i in _sample(pool, 12, seed=18) + _sample([i for i in EXPECTED_UNIQUE if i in minimal], 2, seed=18):
        puzzle, solution = UNIQUE[i]
        expected = _expected("unique", i, "se")
        result = check_against(puzzle, solution_masks(solution), tally, expected, scale="se")
        assert result.solved
    # A puzzle with several solutions ends stuck, after every technique has had
    # its try: the slowest case, so fewer of them (CI's sample has 50).
    for k in _sample(EXPECTED_MULTIPLE, 4, seed=18):
        puzzle, masks = MULTIPLE[k]
        result = check_against(puzzle, masks, tally, _expected("multiple", k, "se"), scale="se")
        assert not result.solved and result.contradiction is None
    assert not tally.errors, tally.errors[:5]


def test_a_changed_path_is_caught_by_its_summary():
    """The check is not blind: a summary with one technique's count off by
    one, or another rating, is reported."""
    i = EXPECTED_UNIQUE[0]
    puzzle, solution = UNIQUE[i]
    stored = _expected("unique", i)
    technique = next(iter(stored["counts"]))
    for wrong in (
        {**stored, "counts": {**stored["counts"], technique: stored["counts"][technique] + 1}},
        {**stored, "rating": stored["rating"] + 0.1},
    ):
        tally = Tally()
        check_against(puzzle, solution_masks(solution), tally, wrong)
        assert len(tally.errors) == 1 and "differ from the stored summary" in tally.errors[0]


def test_uniqueness_steps_only_on_unique_puzzles():
    """On the stored puzzles with several solutions the uniqueness techniques
    never fire: `assess` (what `rate` and `logic` run) lets them run only
    when CP-SAT proves the puzzle unique."""
    from squiggly_cp.logic.assess import assess

    wrong = 0
    for puzzle, masks in MULTIPLE[:20]:
        found = assess(puzzle, scale="se")
        assert found.verdict.value == "multiple"
        assert not any(s.technique.startswith(UNIQUENESS) for s in found.logic.steps)
        # Without the proof they would fire, and remove digits some solution has.
        forced = solve_logic(puzzle, scale="se", unique=True)
        wrong += any(
            masks[c] >> (d - 1) & 1
            for s in forced.steps
            if s.technique.startswith(UNIQUENESS)
            for c, d in s.eliminations
        )
    assert wrong >= 3


@pytest.mark.parametrize("size", [4, 5, 6, 7])
def test_no_solution_puzzles_never_claim_a_solution(size):
    rng = random.Random(size)
    for _ in range(6):
        puzzle = make_puzzle(rng, "none", size)
        result = solve_logic(puzzle)
        # Either a contradiction is reached or the solver gets stuck; never "solved".
        assert not result.solved
        assert result.contradiction is not None or result.stuck


# Random positions that still contain the solution: every sound step keeps it.
SMALL = [x for x in UNIQUE if x[0].size <= 9]


def _holding(solution: tuple[int, ...], n: int, rng: random.Random, keep: float) -> list[int]:
    """Candidates holding each cell's solution digit and, with chance ``keep``,
    a random part of the others (else all of them)."""
    full = (1 << n) - 1
    return [(1 << (d - 1)) | (rng.getrandbits(n) & full if rng.random() < keep else full) for d in solution]


def _keeps(step, solution: tuple[int, ...]) -> None:
    """``step`` places only solution digits and removes none."""
    for cell, digit in step.placements:
        assert solution[cell] == digit, step.text
    for cell, digit in step.eliminations:
        assert solution[cell] != digit, step.text


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    index=st.integers(0, len(SMALL) - 1),
    seed=st.integers(0, 2**32 - 1),
    keep=st.floats(0.1, 0.9),
)
def test_random_positions_keep_the_solution(index, seed, keep):
    puzzle, solution = SMALL[index]
    rng = random.Random(seed)
    cands = _holding(solution, puzzle.size, rng, keep)
    givens = tuple(d if rng.random() < 0.15 else 0 for d in solution)
    start = puzzle.with_givens(givens)
    result = solve_logic(start, candidates=cands, max_technique="aligned pair exclusion", max_steps=40)
    assert result.contradiction is None
    for step in result.steps:
        _keeps(step, solution)


CHAIN_FINDERS = [
    t for t in SCALES["default"].finders if t.difficulty >= 6.2 and t.name != "trial"
]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    index=st.integers(0, len(SMALL) - 1),
    seed=st.integers(0, 2**32 - 1),
    keep=st.floats(0.05, 0.6),
    which=st.integers(0, len(CHAIN_FINDERS) - 1),
)
def test_random_positions_chains_keep_the_solution(index, seed, keep, which):
    """Each exclusion and chain finder on its own (the solver would take easier
    steps first), on a random position that still holds the solution."""
    puzzle, solution = SMALL[index]
    n = puzzle.size
    cands = _holding(solution, n, random.Random(seed), keep)
    state = State.start(puzzle.with_givens((0,) * (n * n)), cands)
    if state.contradiction() is not None:
        return
    for step in CHAIN_FINDERS[which].finder(state):
        _keeps(step, solution)
        break


TINY = [x for x in UNIQUE if x[0].size <= 6]


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    index=st.integers(0, len(TINY) - 1),
    seed=st.integers(0, 2**32 - 1),
    keep=st.floats(0.2, 0.7),
    level=st.sampled_from([2, 3]),
)
def test_random_positions_nested_chains_keep_the_solution(index, seed, keep, level):
    """SE's nested forcing chains (run only on puzzles proved unique, so the
    state says so here; they are sound on any position) on small grids."""
    from squiggly_cp.logic import dynamic

    puzzle, solution = TINY[index]
    n = puzzle.size
    cands = _holding(solution, n, random.Random(seed), keep)
    state = State.start(puzzle.with_givens((0,) * (n * n)), cands, unique=True)
    if state.contradiction() is not None:
        return
    for step in dynamic.nested_chains(state, level):
        _keeps(step, solution)


@settings(max_examples=30, deadline=None)
@given(index=st.integers(0, 299), seed=st.integers(0, 2**32 - 1))
def test_trial_steps_keep_the_solution(index, seed):
    small = [x for x in UNIQUE if x[0].size <= 6]
    puzzle, solution = small[index % len(small)]
    rng = random.Random(seed)
    n = puzzle.size
    cands = [(1 << (d - 1)) | rng.getrandbits(n) for d in solution]
    state = State.start(puzzle.with_givens((0,) * (n * n)), cands)
    from squiggly_cp.logic import trial

    for finder in (trial.shallow_trial, trial.nested_trial):
        for step in finder(state.copy()):
            assert all(solution[c] != d for c, d in step.eliminations), step.text


def test_techniques_list_is_ordered_and_complete():
    assert TECHNIQUES[0] == "full house"
    assert TECHNIQUES[-1] == "trial"
    for name in ("hidden single", "naked single", "pointing", "claiming", "naked pair", "hidden triple",
                 "law of leftovers", "x-wing", "swordfish", "jellyfish", "xy-wing", "xyz-wing", "w-wing",
                 "direct pointing", "unique rectangle", "bug", "aligned triplet exclusion", "forcing chain",
                 "nishio forcing chains", "cell forcing chains", "dynamic forcing chains"):
        assert name in TECHNIQUES


VARIANT_PUZZLES = list(load_variants())
VARIANT_NAMES = [line.split()[-1] for line in (DATA / "logic_variants.txt").read_text().splitlines()]


def test_the_variant_set_covers_every_house_variant_on_both_layouts():
    assert set(VARIANT_NAMES) == set(VARIANTS)
    boxed = [p.layout.boxes for p, _ in VARIANT_PUZZLES]
    assert any(boxed) and not all(boxed)
    assert len(VARIANT_PUZZLES) >= 300


@pytest.mark.parametrize("scale", ["default", "se"])
def test_house_variant_sample_is_sound_and_solved(scale):
    """Extra houses (diagonals, windows, disjoint groups, asterisk...) in every
    technique: each step checked against the solution CP-SAT found when the
    puzzle was made; benchmarks/soundness_logic.py sweeps them all."""
    by_name: dict[str, list[int]] = {}
    for i, name in enumerate(VARIANT_NAMES):
        by_name.setdefault(name, []).append(i)
    tally = Tally()
    for name in sorted(by_name):
        # The two 9x9s with the most givens (a minimal one can need trial for
        # minutes), another of the third with the most, and one smaller grid.
        nine = [i for i in by_name[name] if VARIANT_PUZZLES[i][0].size == 9]
        fullest = sorted(nine, key=lambda i: (-sum(map(bool, VARIANT_PUZZLES[i][0].givens)), i))
        small = [i for i in by_name[name] if VARIANT_PUZZLES[i][0].size < 9]
        chosen = fullest[:2] + _sample(fullest[2 : len(fullest) // 3], 1, seed=29)
        chosen += _sample(small, 1, seed=29)
        for i in chosen:
            puzzle, solution = VARIANT_PUZZLES[i]
            result = check_against(puzzle, solution_masks(solution), tally, scale=scale)
            assert result.solved, (name, i)
    assert tally.errors == []
    assert tally.puzzles == 3 * len(by_name) + sum(1 for name in by_name if name in SMALL_TOO)


SMALL_TOO = ("x", "diagonal+", "diagonal-", "disjoint")
"""The variants the set has below 9x9 too."""


RULE_PUZZLES = list(load_rules())
SUM_KINDS = (
    *("killer", "killer-some", "arrow", "little-killer", "region-sum"),
    *("renban", "between", "quadruple"),
)


def test_the_rule_set_covers_every_rule_kind_at_every_size():
    kinds = {kind for kind, _, _ in RULE_PUZZLES}
    assert len(kinds) >= 22
    rules = {type(rule).__name__ for _, puzzle, _ in RULE_PUZZLES for rule in puzzle.rules}
    every = {"Dot", "NoOtherDots", "CellMark", "Apart", "Thermometer", "Whispers", "Palindrome", "Clone"}
    every |= {"KillerCage", "Arrow", "LittleKiller", "RegionSumLine"}
    every |= {"Renban", "Between", "Quadruple", "Sandwich"}
    assert every <= rules
    assert {puzzle.size for _, puzzle, _ in RULE_PUZZLES} == set(range(4, 10))
    boxed = [puzzle.layout.boxes for _, puzzle, _ in RULE_PUZZLES]
    assert any(boxed) and not all(boxed)


@pytest.mark.parametrize("scale", ["default", "se"])
def test_rule_sample_is_sound_and_solved(scale):
    """Rules between two cells (dots, odd/even, anti-knight, thermometers...)
    sums (killer cages, arrows, little killers, region-sum lines) and rules
    read whole (renban, between lines, quadruples, sandwiches):
    each step checked against the solution CP-SAT found when the puzzle was
    made, two puzzles of each kind below 9x9 (below 7x7 with sums or a
    rule read whole: a minimal 7x7 can need trial, seconds);
    benchmarks/soundness_logic.py
    sweeps them all, 9x9 included."""
    tally = Tally()
    by_kind: dict[str, list[int]] = {}
    for i, (kind, puzzle, _) in enumerate(RULE_PUZZLES):
        if puzzle.size < (7 if kind in SUM_KINDS else 9):
            by_kind.setdefault(kind, []).append(i)
    for kind in sorted(by_kind):
        for i in _sample(by_kind[kind], 2, seed=31):
            _, puzzle, solution = RULE_PUZZLES[i]
            result = check_against(puzzle, solution_masks(solution), tally, scale=scale)
            assert result.solved, (kind, i)
    assert tally.errors == []
    assert tally.puzzles == 2 * len(by_kind)
    assert sum(tally.steps[name] for name in ("kropki dot", "thermometer", "odd/even cell")) > 0
    assert tally.steps["killer cage"] > 0 and tally.steps["innies and outies"] > 0
    assert tally.steps["renban line"] > 0 and tally.steps["sandwich sum"] > 0


@pytest.mark.parametrize("scale", ["default", "se"])
def test_stored_variant_summaries_are_the_paths(scale):
    """The stored summaries cover two puzzles of each house variant and rule
    kind (`expected_variant_choice`): the small ones' paths, step by step
    against their solutions, are as stored (the sweep checks them all)."""
    everything = UNIQUE + list(load_variants()) + [(p, s) for _, p, s in RULE_PUZZLES]
    chosen = expected_variant_choice()
    kinds = len(VARIANTS) + len({kind for kind, _, _ in RULE_PUZZLES})
    assert len(chosen) == 2 * kinds and min(chosen) >= len(UNIQUE)
    tally = Tally()
    small = [i for i in chosen if everything[i][0].size <= 6]
    for i in _sample(small, 16, seed=41):
        puzzle, solution = everything[i]
        stored = _expected("unique", i, scale)
        check_against(puzzle, solution_masks(solution), tally, expected=stored, scale=scale)
    assert tally.errors == [] and tally.puzzles == min(16, len(small))
