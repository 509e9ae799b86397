"""Variant rules (squiggly_cp.core.rules), each claim checked against something independent.

* Brute force: random 4x4 and 6x6 jigsaws (and 9x9 windoku) with one to
  three rules, decided by CP-SAT (`engines.cpsat.solve`, `ask.count.count`,
  `ask.count.true_candidates`) and by the backtracking of tests/rule_defs.py,
  whose rule conditions are written again from the rules' meaning
  (README: Variants), never calling a rule's own code.
* Every CP-SAT solution passes each rule's own ``holds`` too.
* Hand-worked grids: each kind holding, and broken, on a completed grid.
* Validation: a rule that cannot stand on its grid is refused, by name.
* DLX decides house-only rules like the brute force, and refuses the rest.
* Pickling keeps a puzzle with rules equal (hash, layout).
"""

from __future__ import annotations

import contextlib
import itertools
import pickle
import random
from collections.abc import Sequence
from unittest.mock import patch

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from rule_defs import (
    GLOBAL,
    HOUSE_STYLES,
    STYLES,
    Grid,
    TooLong,
    brute_force,
    filling,
    filling_rules,
    global_rule,
    keeps,
    killer_cages,
    masks_of,
)
from squiggly_cp.ask import count as count_module
from squiggly_cp.ask.count import count, true_candidates
from squiggly_cp.core.puzzle import Puzzle, PuzzleError, Unsupported, Verdict, standard_regions
from squiggly_cp.core.rules import (
    RULES,
    Apart,
    Arrow,
    Between,
    CellMark,
    Clone,
    CountingCircles,
    Diagonal,
    DisjointGroups,
    Dot,
    EntropicLine,
    ExtraRegion,
    FrameSum,
    KillerCage,
    LittleKiller,
    LockoutLine,
    ModularLine,
    NabnerLine,
    NoOtherDots,
    NoRegion,
    OutsideClue,
    Palindrome,
    ParityLine,
    Quadruple,
    RegionSumLine,
    Renban,
    Rule,
    RuleError,
    Sandwich,
    Skyscraper,
    SlowThermometer,
    SumCage,
    SumLine,
    Thermometer,
    Whispers,
    Windoku,
    XSum,
    ZipperLine,
    regions_leaving_cells,
)
from squiggly_cp.core.rules import arrow as arrow_module
from squiggly_cp.engines import cpsat, dlx
from squiggly_cp.sat import model as model_module

CAP = 40
"""Solutions the brute force lists before it calls a puzzle "many"."""

PROPERTY = settings(
    max_examples=10,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


# ------------------------------------------------------------ making puzzles


def make_puzzle(styles: Sequence[str], n: int, rnd: random.Random, shown: int) -> tuple[Puzzle, Grid]:
    """Random regions, the global rules of ``styles``, a filling keeping
    them (if one is found quickly), the other rules drawn from the filling,
    and ``shown`` of its cells as givens; plus the filling."""
    first = [global_rule(s, n, rnd) for s in styles if s.partition(":")[0] in GLOBAL]
    regions, f = filling(n, rnd, first)
    if f is None:  # the global rules may leave nothing (anti-king on a 4x4): fill the houses only
        regions, f = filling(n, rnd, [], tries=50)
    assert f is not None
    rules: list[Rule] = list(first)
    for style in styles:
        if style.partition(":")[0] not in GLOBAL:
            rules += filling_rules(style, n, regions, f, rnd)
    if "noregion" in styles:
        regions, rules = leave_regions(regions, rules, n, rnd)
    rnd.shuffle(rules)
    order = list(range(n * n))
    rnd.shuffle(order)
    givens = [0] * (n * n)
    for c in order[:shown]:
        givens[c] = f[c]
    return Puzzle(n, tuple(givens), regions, rules=tuple(rules)), f


def leave_regions(regions: Grid, rules: list[Rule], n: int, rnd: random.Random) -> tuple[Grid, list[Rule]]:
    """One to three cells leave their regions (a `NoRegion` rule, rows as regions)."""
    labels = list(regions)
    for c in rnd.sample(range(n * n), rnd.randint(1, 3)):
        labels[c] = -1
    regions, partial = regions_leaving_cells(labels, n)
    return regions, [*partial, *rules]


def brute_solutions(puzzle: Puzzle, f: Grid, rnd: random.Random) -> tuple[Puzzle, list[Grid], bool]:
    """The brute force's solutions (up to `CAP`) and whether they are all;
    when the search runs long, more of the filling's cells are given first."""
    n = puzzle.size
    while True:
        try:
            found, complete = brute_force(
                n, puzzle.regions, puzzle.givens, puzzle.rules, CAP, node_limit=20000
            )
            return puzzle, found, complete
        except TooLong:
            empty = [c for c in range(n * n) if not puzzle.givens[c]]
            givens = list(puzzle.givens)
            for c in rnd.sample(empty, min(len(empty), 3)):
                givens[c] = f[c]
            puzzle = puzzle.with_givens(givens)


def agree(puzzle: Puzzle, found: list[Grid], complete: bool) -> str:
    """Compare CP-SAT's answers with the brute force's; the verdict seen. With
    a killer cage's sum, again without the model's innies and outies
    (sat/sums.py), which would hide a cage's own encoding if it lost its sum."""
    n = puzzle.size
    for grid in found:  # the brute force's own solutions keep the houses and rules, and the rules' holds
        assert keeps(grid, n, puzzle.regions, puzzle.rules)
        assert puzzle.is_solution(grid), (grid, puzzle.broken_rule(grid))
    cpsat_agrees(puzzle, found, complete)
    cages = any(isinstance(rule, KillerCage) and rule.total is not None for rule in puzzle.rules)
    if cages and hasattr(model_module, "add_leftover_sums"):
        with patch.object(model_module, "add_leftover_sums", lambda enc, puzzle: 0):
            cpsat_agrees(puzzle, found, complete)
    if any(isinstance(rule, Arrow) and len(rule.bulb) == 1 for rule in puzzle.rules):
        with patch.object(arrow_module, "TABLE_MOST", 0):  # the arrows as sums, as past their table's size
            cpsat_agrees(puzzle, found, complete)
    many = len(found) if complete else CAP + 1
    return Verdict.NONE.value if not found else "unique" if many == 1 else "multiple"


def cpsat_agrees(puzzle: Puzzle, found: list[Grid], complete: bool) -> None:
    n = puzzle.size
    listed = set(found)
    for propagate, formulation in ((True, "bool"), (False, "bool"), (False, "int")):
        result = cpsat.solve(puzzle, propagate=propagate, formulation=formulation)
        for grid in result.solutions:
            assert puzzle.is_solution(grid), (grid, puzzle.broken_rule(grid))
            assert keeps(grid, n, puzzle.regions, puzzle.rules)
            assert all(g == d for g, d in zip(puzzle.givens, grid, strict=True) if g)
            if complete:
                assert grid in listed
        assert len(set(result.solutions)) == len(result.solutions)
        if not found:
            assert result.verdict is Verdict.NONE
        elif complete and len(found) == 1:
            assert result.verdict is Verdict.UNIQUE
            assert result.solutions == (found[0],)
        else:
            assert result.verdict is Verdict.MULTIPLE
    many = len(found) if complete else CAP + 1
    assert count(puzzle, 3) == min(3, many)
    if complete:
        assert true_candidates(puzzle) == masks_of(found)
        # Past its first listing (FEW solutions), true_candidates marks Kempe swaps and searches.
        with patch.object(count_module, "FEW", 0):
            assert true_candidates(puzzle) == masks_of(found)


def holds_agree(puzzle: Puzzle, f: Grid) -> None:
    """Each rule's own holds (through `Puzzle.is_solution`) against the definitions
    here, on the filling and on fillings of the houses alone (which the rules may break)."""
    n = puzzle.size
    grids = [f]
    with contextlib.suppress(TooLong):
        grids += brute_force(
            n, puzzle.regions, puzzle.givens, puzzle.rules, 30, node_limit=3000, ignore_rules=True
        )[0]
    for grid in grids:
        assert puzzle.is_solution(grid) == keeps(grid, n, puzzle.regions, puzzle.rules), grid


def round_trip(puzzle: Puzzle) -> None:
    layout = puzzle.layout
    back = pickle.loads(pickle.dumps(puzzle))
    assert back == puzzle
    assert hash(back) == hash(puzzle)
    assert back.rules == puzzle.rules
    assert back.layout is layout


# ------------------------------------------------------- 1, 2: brute force


SIX_ONLY = {"dot:x", "entropic"}
"""Styles with no meaning on a 4x4: no two digits 1-4 sum to 10; 1-4 has no thirds."""


def test_the_styles_cover_every_kind() -> None:
    assert {s.partition(":")[0] for s in STYLES} | {"windoku"} == set(RULES)


@pytest.mark.parametrize("first", STYLES)
@PROPERTY
@given(
    size=st.sampled_from([4, 6]),
    others=st.lists(st.sampled_from(STYLES), max_size=2),
    shown=st.integers(0, 12),
    seed=st.integers(0, 2**32 - 1),
)
def test_engines_agree_with_brute_force(
    first: str, size: int, others: list[str], shown: int, seed: int
) -> None:
    rnd = random.Random(seed)
    styles = [first, *others]
    if SIX_ONLY & set(styles):
        size = 6
    if size == 6:
        shown += 8
    puzzle, f = make_puzzle(styles, size, rnd, shown)
    round_trip(puzzle)
    holds_agree(puzzle, f)
    puzzle, found, complete = brute_solutions(puzzle, f, rnd)
    event(agree(puzzle, found, complete))


@settings(max_examples=15, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(
    other=st.sampled_from([None, *STYLES]),
    shown=st.integers(30, 60),
    seed=st.integers(0, 2**32 - 1),
)
def test_windoku_agrees_with_brute_force(other: str | None, shown: int, seed: int) -> None:
    """Windoku is a 9x9 rule: many givens from a filling keep the brute force quick."""
    rnd = random.Random(seed)
    rules: list[Rule] = [Windoku()]
    if other is not None and other.partition(":")[0] in GLOBAL:
        rules.append(global_rule(other, 9, rnd))
    regions, f = filling(9, rnd, rules, tries=4)
    if f is None:
        rules = [Windoku()]
        regions = tuple(standard_regions(9))
        f = brute_force(9, regions, (0,) * 81, rules, 1, rng=rnd)[0][0]
    if other is not None and other.partition(":")[0] not in GLOBAL:
        rules += filling_rules(other, 9, regions, f, rnd)
    if other == "noregion":
        regions, rules = leave_regions(regions, rules, 9, rnd)
    order = list(range(81))
    rnd.shuffle(order)
    givens = tuple(f[c] if c in order[:shown] else 0 for c in range(81))
    puzzle = Puzzle(9, givens, regions, rules=tuple(rules))
    round_trip(puzzle)
    holds_agree(puzzle, f)
    puzzle, found, complete = brute_solutions(puzzle, f, rnd)
    event(agree(puzzle, found, complete))
    if all(rule.is_house(9) for rule in puzzle.rules):
        dlx_agrees(puzzle, found, complete)


R4 = standard_regions(4)
R6 = standard_regions(6)
ROWS4 = tuple(i // 4 for i in range(16))
EDGE: list[tuple[str, int, Grid, list[Rule]]] = [
    # (what, size, regions, rules) on a blank grid
    ("extra region = row 1", 4, R4, [ExtraRegion((0, 1, 2, 3))]),
    ("extra region = box 1, diagonals", 4, R4, [ExtraRegion((0, 1, 4, 5)), Diagonal("+"), Diagonal("-")]),
    ("column 2 extra, diagonal, disjoint", 6, R6, [ExtraRegion(tuple(range(1, 36, 6))), Diagonal("+"),
                                                   DisjointGroups()]),
    ("4-cell cages", 4, R4, [KillerCage((0, 1, 2, 3), 10), KillerCage((0, 4, 8, 12), 10),
                             KillerCage((5, 6, 9, 10), 10)]),
    ("clone overlapping itself", 4, R4, [Clone((0, 1), (1, 2))]),
    ("clone within a box", 4, R4, [Clone((0, 4), (5, 9))]),
    ("full thermo", 4, R4, [Thermometer((12, 9, 6, 3))]),
    ("full renban, whispers gap 5", 6, R6, [Renban((0, 1, 2, 3, 4, 5)), Whispers((6, 13, 20), 5)]),
    ("whispers gap 1, long between", 4, R4, [Whispers((0, 5, 10, 15), 1), Between((12, 9, 6, 3))]),
    ("sandwiches 0 and 5", 4, R4, [Sandwich("row", 1, 0), Sandwich("column", 2, 5)]),
    ("little killers from corners", 6, R6, [Sandwich("row", 3, 14), LittleKiller((0, 0), "DR", 21),
                                            LittleKiller((7, 7), "UL", 21)]),
    ("little killers UR, DL", 4, R4, [LittleKiller((5, 0), "UR", 10), LittleKiller((0, 5), "DL", 10)]),
    ("quadruple 1122", 4, R4, [Quadruple((5, 6, 9, 10), (1, 1, 2, 2))]),
    ("two-digit bulbs", 6, R6, [Arrow((0, 1), (2, 3, 4, 5)), Arrow((35, 34), (33, 32, 31, 30))]),
    ("anti-knight, blank", 4, R4, [Apart("antiknight")]),
    ("negative white, blank", 4, R4, [NoOtherDots("white")]),
    ("negative black, blank", 4, R4, [NoOtherDots("black")]),
    ("negative xv, blank", 4, R4, [NoOtherDots("xv")]),
    ("negative xv and black, an X", 6, R6, [NoOtherDots("xv"), Dot("x", (0, 1)), NoOtherDots("black")]),
    ("negative white, black dots", 6, R6, [NoOtherDots("white"), Dot("black", (0, 1)), Dot("black", (0, 6))]),
    # Fortress: touching minimum cells, touching maximum cells (not compared with each other)
    ("touching minima, touching maxima", 4, R4, [CellMark("min", 0), CellMark("min", 1), CellMark("max", 14),
                                                 CellMark("max", 15), CellMark("max", 11)]),
    ("three minima in a row, a minimum by a maximum", 6, R6, [*(CellMark("min", c) for c in range(6, 9)),
                                                              CellMark("max", 27), CellMark("min", 28)]),
    ("skyscraper 1, X-sums 1 and the whole row", 4, R4, [Skyscraper((1, 0), 1), Skyscraper((0, 2), 3),
                                                        XSum((5, 4), 1), XSum((3, 5), 10)]),
    ("both ends of a row and a column", 6, R6, [XSum((2, 0), 16), XSum((2, 7), 6), Skyscraper((0, 3), 2),
                                                Skyscraper((7, 3), 2)]),  # S6 keeps them
    # 2x3 boxes: a frame or outside clue reads 3 cells along a row, 2 down a column (S6 keeps them)
    ("frame sums and outside clues, 3 along a row, 2 down a column", 6, R6,
     [FrameSum((1, 0), 6), FrameSum((0, 1), 5), OutsideClue((7, 1), (3, 6)), OutsideClue((1, 7), (4,))]),
    ("counting circles", 4, R4, [CountingCircles((0, 5, 10, 3, 6))]),
    ("repeating cages", 4, R4, [SumCage((0, 1, 2, 6, 7), 11), SumCage((9, 14), 8)]),
    ("minima and maxima at corners", 4, R4, [CellMark("min", 0), CellMark("max", 15), CellMark("max", 3),
                                             CellMark("min", 12)]),
    ("odd and even cells", 6, R6, [*(CellMark("odd", c) for c in range(0, 36, 7)),
                                   *(CellMark("even", c) for c in range(5, 31, 5))]),
    ("region sums, rows as regions", 4, ROWS4, [RegionSumLine((0, 4, 1)), RegionSumLine((8, 12, 9, 13))]),
    ("region sum, box 1 twice", 4, R4, [RegionSumLine((0, 1, 2, 3, 7, 6, 5, 4))]),
    ("region sum, box 1 twice, short", 4, R4, [RegionSumLine((1, 2, 6, 5))]),
    ("sum line, row 1 in runs of 5", 4, R4, [SumLine((0, 1, 2, 3), 5)]),
    ("sum line, row 1 in runs of 4: none", 4, R4, [SumLine((0, 1, 2, 3), 4)]),
    ("slow thermo, equal across boxes", 4, R4, [SlowThermometer((3, 6, 9, 12))]),
    ("lockout lines, gaps 2 and 3", 4, R4, [LockoutLine((0, 5, 10)), LockoutLine((12, 13), 3)]),
    ("entropic and modular rows", 6, R6, [EntropicLine(tuple(range(6))), ModularLine(tuple(range(6, 12)))]),
    ("zippers odd and even, nabner", 6, R6, [ZipperLine((0, 1, 2, 3, 4)), ZipperLine((30, 31, 32, 33)),
                                             NabnerLine((12, 19, 26))]),
]  # fmt: skip


def test_a_loop_that_splits_two_ways_is_one_filling() -> None:
    """The sum loop r1c1-r1c2-r1c3-r2c3-r2c2-r2c1 (runs of 7) on a blank 4x4:
    48 grids (brute force), 16 of which split it at two sets of cells (1, 2, 3,
    1, 3, 4 round from r1c1 is 1 + 2 + 3 + 1 | 3 + 4 or 3 + 1 + 3 | 4 + 1 + 2);
    each is counted once."""
    loop = SumLine((0, 1, 2, 6, 5, 4), 7, closed=True)
    puzzle = Puzzle(4, (0,) * 16, R4, rules=(loop,))
    found, complete = brute_force(4, puzzle.regions, puzzle.givens, puzzle.rules, 100)
    assert complete and len(found) == 48
    assert count(puzzle, 100) == 48


def test_a_kropki_dot_of_either_colour_exempts_its_pair_from_a_negative() -> None:
    """As f-puzzles reads "all black dots are given": a pair with a white dot
    may be in ratio 2. On a blank 6x6 with white dots at r1c1-r1c2 and
    r1c3-r1c4 that gives 190 grids; exempting only black-dot pairs would give 180."""
    rules = (NoOtherDots("black"), Dot("white", (0, 1)), Dot("white", (2, 3)))
    puzzle = Puzzle(6, (0,) * 36, R6, rules=rules)
    found, complete = brute_force(6, puzzle.regions, puzzle.givens, puzzle.rules, 400)
    assert complete and len(found) == 190
    assert count(puzzle, 400) == 190


@pytest.mark.parametrize(("what", "size", "regions", "rules"), EDGE, ids=[e[0] for e in EDGE])
def test_edge_cases_agree_with_brute_force(what: str, size: int, regions: Grid, rules: list[Rule]) -> None:
    puzzle = Puzzle(size, (0,) * (size * size), regions, rules=tuple(rules))
    found, complete = brute_force(size, puzzle.regions, puzzle.givens, puzzle.rules, CAP)
    agree(puzzle, found, complete)
    if all(rule.is_house(size) for rule in rules):
        dlx_agrees(puzzle, found, complete)


def arrow_ways(puzzle: Puzzle) -> set[tuple[int, ...]]:
    arrow = puzzle.rules[0]
    assert isinstance(arrow, Arrow)
    domains = [1 << (d - 1) if d else (1 << puzzle.size) - 1 for d in puzzle.givens]
    built = model_module.OneHot(puzzle, domains, propagated=False, rules=False)
    ways = arrow._ways(model_module.RuleEncoder(built), puzzle)
    assert ways is not None
    return set(ways)


def test_an_arrow_s_ways_are_worked_by_hand() -> None:
    """On a blank 4x4, bulb r1c1 and line r2c2-r3c3: the line's two digits
    sum to 2, 3 or 4 (r2c2 shares r1c1's box, so never the bulb's digit;
    r3c3 sees neither); a given on r2c2 or the bulb leaves the ways that
    have it, and a 4 on r2c2 leaves none (the bulb would be 5 or more)."""
    arrow = Arrow((0,), (5, 10))
    blank = Puzzle(4, (0,) * 16, standard_regions(4), rules=(arrow,))
    assert arrow_ways(blank) == {(2, 1, 1), (3, 1, 2), (3, 2, 1), (4, 1, 3), (4, 2, 2), (4, 3, 1)}
    assert arrow_ways(blank.with_givens([0] * 5 + [2] + [0] * 10)) == {(3, 2, 1), (4, 2, 2)}
    assert arrow_ways(blank.with_givens([3] + [0] * 15)) == {(3, 1, 2), (3, 2, 1)}
    assert arrow_ways(blank.with_givens([0] * 5 + [4] + [0] * 10)) == set()
    assert cpsat.solve(blank.with_givens([0] * 5 + [4] + [0] * 10)).verdict is Verdict.NONE
    # r2c2-r2c3 share a row: never 1 + 1 or 2 + 2
    row = Arrow((0,), (5, 6))
    assert arrow_ways(Puzzle(4, (0,) * 16, standard_regions(4), rules=(row,))) == {
        (3, 1, 2), (3, 2, 1), (4, 1, 3), (4, 3, 1)
    }


@settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(
    size=st.sampled_from([4, 6, 6]),
    cover=st.sampled_from([0.5, 0.8, 1.0]),
    other=st.sampled_from([None, *STYLES]),
    shown=st.integers(0, 6),
    seed=st.integers(0, 2**32 - 1),
)
def test_killer_sudokus_agree_with_brute_force(
    size: int, cover: float, other: str | None, shown: int, seed: int
) -> None:
    """Many cages at once (where the model's innies and outies, sat/sums.py, come in)."""
    rnd = random.Random(seed)
    if other in SIX_ONLY:
        size = 6
    first = [global_rule(other, size, rnd)] if other and other.partition(":")[0] in GLOBAL else []
    regions, f = filling(size, rnd, first)
    if f is None:
        regions, f = filling(size, rnd, [], tries=50)
    assert f is not None
    rules = first + killer_cages(size, f, rnd, cover)
    if other and not first:
        rules += filling_rules(other, size, regions, f, rnd)
    order = rnd.sample(range(size * size), shown)
    givens = tuple(f[c] if c in order else 0 for c in range(size * size))
    puzzle = Puzzle(size, givens, regions, rules=tuple(rules))
    round_trip(puzzle)
    holds_agree(puzzle, f)
    puzzle, found, complete = brute_solutions(puzzle, f, rnd)
    event(agree(puzzle, found, complete))


# ------------------------------------------------------------ 4: DLX


def dlx_agrees(puzzle: Puzzle, found: list[Grid], complete: bool) -> None:
    result = dlx.solve(puzzle)
    listed = set(found)
    for grid in result.solutions:
        assert keeps(grid, puzzle.size, puzzle.regions, puzzle.rules)
        if complete:
            assert grid in listed
    if not found:
        assert result.verdict is Verdict.NONE
    elif complete and len(found) == 1:
        assert result.verdict is Verdict.UNIQUE
    else:
        assert result.verdict is Verdict.MULTIPLE
    many = len(found) if complete else CAP + 1
    assert dlx.count_solutions(puzzle, CAP + 1) == many
    if complete:
        assert sorted(dlx.iter_solutions(puzzle)) == sorted(found)


@settings(max_examples=50, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(
    styles=st.lists(st.sampled_from(HOUSE_STYLES), min_size=1, max_size=3),
    size=st.sampled_from([4, 6]),
    shown=st.integers(0, 12),
    seed=st.integers(0, 2**32 - 1),
)
def test_dlx_agrees_with_brute_force_on_houses(styles: list[str], size: int, shown: int, seed: int) -> None:
    rnd = random.Random(seed)
    if size == 6:
        shown += 6
    puzzle, f = make_puzzle(styles, size, rnd, shown)
    assert all(rule.is_house(size) for rule in puzzle.rules)
    puzzle, found, complete = brute_solutions(puzzle, f, rnd)
    dlx_agrees(puzzle, found, complete)
    event("none" if not found else "unique" if complete and len(found) == 1 else "multiple")


NOT_HOUSES: list[Rule] = [
    KillerCage((0, 1), 3),
    KillerCage((0, 1)),
    LittleKiller((0, 0), "DR", 10),
    Sandwich("row", 1, 5),
    Arrow((5,), (4, 0)),
    Thermometer((13, 12, 8)),
    Dot("white", (0, 1)),
    Dot("black", (0, 1)),
    Dot("v", (1, 2)),
    NoOtherDots("white"),
    NoOtherDots("black"),
    NoOtherDots("xv"),
    CellMark("odd", 0),
    CellMark("even", 1),
    CellMark("min", 0),
    CellMark("max", 5),
    Apart("antiknight"),
    Apart("antiking"),
    Apart("nonconsecutive"),
    Palindrome((4, 9)),
    Renban((0, 1, 2)),
    Whispers((0, 4)),
    Between((6, 10, 14)),
    RegionSumLine((5, 6, 2)),
    Clone((0, 1), (6, 7)),
    Quadruple((0, 1, 4, 5), (1, 4)),
    ExtraRegion((0, 5, 10)),  # fewer than 4 cells: not a house
    SlowThermometer((13, 12, 8)),
    ModularLine((0, 1, 2)),
    ParityLine((0, 1)),
    ZipperLine((0, 5, 4)),
    NabnerLine((0, 5)),
    LockoutLine((0, 5, 4)),
    SumLine((0, 1, 2), 3),
    SumCage((4, 9), 6),
    XSum((2, 0), 8),
    Skyscraper((1, 0), 4),
    CountingCircles((0, 1, 7)),
]


@pytest.mark.parametrize("rule", NOT_HOUSES, ids=lambda rule: rule.describe(4))
def test_dlx_refuses_other_rules_by_name(rule: Rule) -> None:
    puzzle = Puzzle(4, (0,) * 16, standard_regions(4), rules=(Diagonal("+"), rule))
    for ask in (dlx.solve, lambda p: dlx.count_solutions(p, 2), lambda p: next(dlx.iter_solutions(p))):
        with pytest.raises(Unsupported) as caught:
            ask(puzzle)
        assert rule.describe(4) in str(caught.value)


# ------------------------------------------------------ 3: hand-worked grids

# Each grid was checked by hand: rows, columns and the regions given with it.


def grid(rows: str) -> Grid:
    """A grid from its rows of digits, separated by spaces."""
    return tuple(int(d) for d in rows.replace(" ", ""))


D4 = grid("1234 3412 4321 2143")  # boxes; both diagonals hold
G4 = grid("1234 3412 2143 4321")  # boxes; both diagonals broken
C4 = grid("1234 2341 3412 4123")  # regions = rows; disjoint groups broken
AK4 = grid("4312 2134 1243 3421")  # boxes; anti-knight
S6 = grid("123456 456123 231564 564231 312645 645312")  # 2x3 boxes
NC6 = grid("135246 462513 624135 351462 513624 246351")  # 2x3 boxes; non-consecutive
KING6 = grid("354621 162345 241563 536214 615432 423156")  # 2x3 boxes; anti-king
PD6 = grid("264513 351426 436152 125634 542361 613245")  # 2x3 boxes; the + diagonal holds, the - one not
W9 = grid(
    "415632798 789451623 623798541 861549372 547213869 932876415 354127986 176985234 298364157"
)  # 3x3 boxes; windoku
P9 = grid(
    "123456789 456789123 789123456 234567891 567891234 891234567 345678912 678912345 912345678"
)  # 3x3 boxes (the pattern (3r + r//3 + c) % 9 + 1); r2-4 c2-4 has two 5s

V_D4 = [Dot("v", p) for p in ((1, 2), (5, 6), (9, 10), (13, 14))]
BLACK_D4 = [
    Dot("black", p)
    for p in ((0, 1), (6, 7), (10, 11), (12, 13), (8, 12), (1, 5), (6, 10), (10, 14), (3, 7), (7, 11))
]
WHITE_D4 = [
    Dot("white", p)
    for p in (
        (0, 1), (1, 2), (2, 3), (4, 5), (6, 7), (8, 9), (9, 10), (10, 11), (12, 13), (14, 15),
        (4, 8), (5, 9), (6, 10), (7, 11),
    )
]  # fmt: skip

WHITE_D4_BUT_V = [dot for dot in WHITE_D4 if dot.pair not in ((1, 2), (9, 10))]

HAND: list[tuple[Grid, Rule, bool, tuple[Rule, ...], Grid | None]] = [
    # (grid, rule, holds?, other rules of the puzzle, regions (None: the boxes))
    (D4, KillerCage((0, 4), 4), True, (), None),
    (D4, KillerCage((0, 4), 5), False, (), None),
    (D4, KillerCage((0, 1, 2, 3), 10), True, (), None),
    (D4, KillerCage((0, 5)), True, (), None),
    (D4, KillerCage((4, 9)), False, (), None),  # 3 twice, the cells touching at a corner
    (D4, SumCage((0, 5), 5), True, (), None),
    (D4, SumCage((4, 9), 6), True, (), None),  # 3 twice: a killer cage would break
    (D4, SumCage((4, 9), 7), False, (), None),
    (D4, XSum((2, 0), 8), True, (), None),  # row 2 from the left: 3 4 1 2, X = 3: 3 + 4 + 1
    (D4, XSum((2, 5), 3), True, (), None),  # from the right: 2 1 4 3, X = 2: 2 + 1
    (D4, XSum((5, 3), 10), True, (), None),  # column 3 from below: 4 2 1 3, X = 4: all four
    (D4, XSum((2, 0), 9), False, (), None),
    (D4, XSum((0, 3), 5), False, (), None),  # column 3 from above: 3 1 2 4, X = 3: 6
    # frame sums and outside clues on 2x2 boxes: the first 2 cells
    (D4, FrameSum((1, 0), 3), True, (), None),  # row 1 from the left: 1 2
    (D4, FrameSum((1, 5), 7), True, (), None),  # from the right: 4 3
    (D4, FrameSum((0, 2), 6), True, (), None),  # column 2 from above: 2 4
    (D4, FrameSum((5, 2), 5), False, (), None),  # from below: 1 3
    (D4, OutsideClue((2, 0), (4, 3)), True, (), None),  # row 2 from the left: 3 4
    (D4, OutsideClue((2, 5), (3,)), False, (), None),  # from the right: 2 1
    (D4, OutsideClue((5, 4), (3,)), True, (), None),  # column 4 from below: 3 1
    # on 2x3 boxes: 3 cells along a row, 2 down a column (S6's column 1: 1 4 2 5 3 6; row 1: 1-6)
    (S6, FrameSum((1, 0), 6), True, (), None),  # 1 + 2 + 3
    (S6, FrameSum((0, 1), 5), True, (), None),  # 1 + 4
    (S6, FrameSum((0, 1), 7), False, (), None),  # 1 + 4 + 2 were it three cells
    (S6, OutsideClue((0, 1), (2,)), False, (), None),  # the 2 is third from above
    (S6, OutsideClue((1, 7), (4, 6)), True, (), None),  # row 1 from the right: 6 5 4
    (D4, Skyscraper((1, 0), 4), True, (), None),  # row 1 from the left: 1 2 3 4, all seen
    (D4, Skyscraper((1, 5), 1), True, (), None),  # from the right: 4 hides the rest
    (D4, Skyscraper((0, 1), 3), True, (), None),  # column 1 from above: 1 3 4 (2 hidden)
    (D4, Skyscraper((5, 1), 2), True, (), None),  # from below: 2 4 (3, 1 hidden)
    (D4, Skyscraper((5, 1), 3), False, (), None),
    (D4, Skyscraper((2, 0), 3), False, (), None),  # row 2 from the left: 3 4 (1, 2 hidden)
    (D4, CountingCircles((0, 1, 7)), True, (), None),  # 1 once (r1c1), 2 twice (r1c2, r2c4)
    (D4, CountingCircles((0, 2, 4, 9)), True, (), None),  # 1 once, 3 three times (r1c3, r2c1, r3c2)
    (D4, CountingCircles((0, 1)), False, (), None),  # 2 once
    (D4, CountingCircles((0, 6)), False, (), None),  # 1 twice (r1c1, r2c3)
    (D4, LittleKiller((0, 0), "DR", 10), True, (), None),
    (D4, LittleKiller((0, 0), "DR", 9), False, (), None),
    (D4, LittleKiller((0, 3), "DL", 5), True, (), None),  # r1c2 + r2c1
    (D4, LittleKiller((5, 2), "UR", 5), True, (), None),  # r4c3 + r3c4
    (D4, LittleKiller((5, 2), "UR", 6), False, (), None),
    (D4, Sandwich("row", 1, 5), True, (), None),
    (D4, Sandwich("row", 2, 0), True, (), None),  # 3 [4 1] 2: nothing between
    (D4, Sandwich("column", 1, 3), True, (), None),
    (D4, Sandwich("column", 1, 2), False, (), None),
    (D4, Arrow((5,), (4, 0)), True, (), None),
    (D4, Arrow((5,), (4,)), False, (), None),
    (D4, Arrow((0, 1), (5, 4, 8, 13)), True, (), None),  # 12 = 4 + 3 + 4 + 1
    (D4, Arrow((1, 0), (5, 4, 8, 13)), False, (), None),  # 21
    (D4, Thermometer((13, 12, 8)), True, (), None),
    (D4, Thermometer((8, 12, 13)), False, (), None),
    (D4, Dot("white", (0, 1)), True, (), None),
    (D4, Dot("white", (0, 4)), False, (), None),
    (D4, Dot("white", (0, 4), 2), True, (), None),
    (D4, Dot("black", (0, 1)), True, (), None),
    (D4, Dot("black", (1, 5)), True, (), None),
    (D4, Dot("black", (2, 3)), False, (), None),
    (D4, Dot("black", (4, 0), 3), True, (), None),
    (D4, Dot("v", (1, 2)), True, (), None),
    (D4, Dot("v", (0, 1)), False, (), None),
    (S6, Dot("x", (16, 17)), True, (), None),  # 6 + 4
    (S6, Dot("x", (15, 16)), False, (), None),
    (D4, NoOtherDots("xv"), True, tuple(V_D4), None),
    (D4, NoOtherDots("xv"), False, tuple(V_D4[:-1]), None),
    (D4, NoOtherDots("black"), True, tuple(BLACK_D4), None),
    (D4, NoOtherDots("black"), False, tuple(BLACK_D4[1:]), None),
    (D4, NoOtherDots("white"), True, tuple(WHITE_D4), None),
    (D4, NoOtherDots("white"), False, tuple(WHITE_D4[1:]), None),
    (D4, NoOtherDots("white"), False, tuple(BLACK_D4), None),  # black dots do not excuse white pairs
    # r1c2-r1c3 (2, 3) and r3c2-r3c3 (3, 2) differ by 1 with a V, not a white dot: not excused
    (D4, NoOtherDots("white"), False, (*WHITE_D4_BUT_V, Dot("v", (1, 2)), Dot("v", (9, 10))), None),
    (D4, CellMark("odd", 0), True, (), None),
    (D4, CellMark("odd", 1), False, (), None),
    (D4, CellMark("even", 1), True, (), None),
    (D4, CellMark("even", 0), False, (), None),
    (D4, CellMark("min", 0), True, (), None),
    (D4, CellMark("min", 5), False, (), None),
    (D4, CellMark("max", 5), True, (), None),
    (D4, CellMark("max", 0), False, (), None),
    # Fortress: r4c3-r4c4 (4, 3) both maxima: r4c4's 3 is above r3c4's 1, not compared with r4c3
    (D4, CellMark("max", 15), True, (CellMark("max", 14),), None),
    (D4, CellMark("max", 15), False, (), None),  # alone, 3 < r4c3's 4
    # r4c1-r4c2 (2, 1) both minima: r4c1's 2 is below r3c1's 4, not compared with r4c2
    (D4, CellMark("min", 12), True, (CellMark("min", 13),), None),
    (D4, CellMark("min", 12), False, (), None),  # alone, 2 > r4c2's 1
    # with r3c1 (4) a maximum too: r4c1 is still compared with it (2 < 4)
    (D4, CellMark("min", 12), True, (CellMark("min", 13), CellMark("max", 8)), None),
    (AK4, Apart("antiknight"), True, (), None),
    (D4, Apart("antiknight"), False, (), None),  # r1c1 = r2c3 = 1
    (KING6, Apart("antiking"), True, (), None),
    (S6, Apart("antiking"), False, (), None),  # r2c4 = r3c3 = 1
    (NC6, Apart("nonconsecutive"), True, (), None),
    (S6, Apart("nonconsecutive"), False, (), None),
    (D4, Palindrome((4, 9)), True, (), None),
    (D4, Palindrome((4, 8, 9)), True, (), None),
    (D4, Palindrome((4, 8, 12)), False, (), None),
    (D4, Renban((0, 1, 2)), True, (), None),
    (D4, Renban((8, 9, 10, 11)), True, (), None),
    (D4, Renban((0, 4, 8)), False, (), None),
    (D4, Renban((6, 10, 14)), False, (), None),
    (D4, Whispers((0, 4)), True, (), None),  # 4x4: at least 2 apart
    (D4, Whispers((0, 4, 8)), False, (), None),
    (D4, Whispers((0, 4), 3), False, (), None),
    (D4, Whispers((8, 9, 10, 11), 1), True, (), None),
    (S6, Whispers((0, 6)), True, (), None),  # 6x6: at least 3 apart (1, 4)
    (S6, Whispers((6, 13)), False, (), None),  # 4, 3
    (W9, Whispers((0, 1)), False, (), None),  # 9x9: at least 5 apart (4, 1)
    (W9, Whispers((1, 11)), True, (), None),  # 1, 9 (r1c2, r2c3)
    (D4, Between((6, 10, 14)), True, (), None),
    (D4, Between((2, 6, 10)), False, (), None),
    (D4, RegionSumLine((5, 6, 2)), True, (), None),  # 4 | 1 + 3
    (D4, RegionSumLine((5, 6, 7)), False, (), None),
    (D4, RegionSumLine((2, 6, 7)), True, (), ROWS4),  # 3 | 1 + 2
    (D4, RegionSumLine((5, 6, 2)), False, (), ROWS4),  # 4 + 1 | 3
    # loops: r2c2-r3c2-r3c1-r2c1 holds 4, 3, 4, 3; the box border cuts it into 4 | 3 + 4 | 3,
    # and round the loop the first and last pieces are one: 3 + 4 (box 1) | 3 + 4 (box 3)
    (D4, RegionSumLine((5, 9, 8, 4), closed=True), True, (), None),
    (D4, RegionSumLine((5, 9, 8, 4)), False, (), None),
    (D4, RegionSumLine((1, 2, 6, 5), closed=True), False, (), None),  # 4 + 2 (box 1) | 3 + 1 (box 2)
    (D4, SlowThermometer((13, 12, 8)), True, (), None),  # 1, 2, 4
    (D4, SlowThermometer((6, 11, 15)), True, (), None),  # 1, 1 (r2c3, r3c4: no house), 3
    (D4, SlowThermometer((15, 11, 6)), False, (), None),  # 3, 1, 1
    # 6x6 thirds 1-2, 3-4, 5-6: 1, 4, 5 and 4, 5, 2 each hold one of each
    (S6, EntropicLine((0, 6, 7, 1)), True, (), None),
    (S6, EntropicLine((0, 1, 2)), False, (), None),  # 1, 2, 3: two low
    (S6, EntropicLine((0, 1)), False, (), None),  # two cells: 1, 2 both low
    (W9, EntropicLine((1, 2, 10, 19)), True, (), None),  # 1, 5, 8, 2: low mid high, mid high low
    (W9, EntropicLine((0, 1, 2)), False, (), None),  # 4, 1, 5: two middle
    (D4, ModularLine((0, 1, 2, 3)), True, (), None),  # 1, 2, 3, 4: residues 1, 2, 0, 1
    (D4, ModularLine((4, 5, 6)), False, (), None),  # 3, 4, 1: residues 0, 1, 1
    (W9, ModularLine((9, 10, 11, 12, 13)), True, (), None),  # 7, 8, 9, 4, 5: 1, 2, 0, 1, 2
    (W9, ModularLine((9, 10, 11, 12, 13, 14)), False, (), None),  # then 4, 5, 1: 1, 2, 1
    (D4, ParityLine((0, 1, 2, 3)), True, (), None),
    (D4, ParityLine((0, 4)), False, (), None),  # 1, 3
    (D4, ZipperLine((0, 5, 4)), True, (), None),  # 1 + 3 = 4, the centre
    (D4, ZipperLine((0, 1, 2, 3)), True, (), None),  # 1 + 4 = 2 + 3
    (D4, ZipperLine((0, 1, 2)), False, (), None),  # 1 + 3 is not 2
    (D4, ZipperLine((0, 1, 5, 4)), False, (), None),  # 1 + 3 is not 2 + 4
    (D4, NabnerLine((0, 5)), True, (), None),  # 1, 4
    (D4, NabnerLine((0, 1)), False, (), None),  # 1, 2
    (S6, NabnerLine((0, 7, 2)), True, (), None),  # 1, 5, 3
    (S6, NabnerLine((0, 6, 1)), False, (), None),  # 1, 4, 2: the ends, not neighbours, are 1 and 2
    (D4, LockoutLine((0, 5, 4)), True, (), None),  # ends 1, 3 (2 apart on a 4x4), 4 outside
    (S6, LockoutLine((9, 4, 3), 4), False, (), None),  # ends 1, 4: not 4 apart
    (D4, LockoutLine((0, 1, 2)), False, (), None),  # 2 between 1 and 3
    (S6, LockoutLine((9, 4, 3)), True, (), None),  # ends 1, 4 (3 apart on a 6x6), 5 outside
    (S6, LockoutLine((3, 9, 14)), False, (), None),  # ends 4, 1: the 1 inside equals an end
    (D4, SumLine((0, 1, 2, 3)), True, (), None),  # 1 + 2 + 3 + 4 = 10, one run
    (D4, SumLine((0, 1, 2), 3), True, (), None),  # 1 + 2 | 3
    (D4, SumLine((0, 1, 2, 3), 5), False, (), None),  # 10 = 5 + 5, but 1 + 2 = 3, 1 + 2 + 3 = 6
    (S6, SumLine((0, 6, 7, 8, 3)), True, (), None),  # 1 + 4 + 5 | 6 + 4
    (S6, SumLine((0, 6, 7, 8)), False, (), None),  # 1 + 4 + 5 | 6
    # the loop r1c2-r1c3-r2c3-r2c2-r2c1-r1c1 holds 2, 3, 1, 4, 3, 1 (sum 14): open, 2 + 3 = 5,
    # 2 + 3 + 1 + 4 = 10 miss 7; round the loop, 1 + 2 + 3 + 1 | 4 + 3
    (D4, SumLine((1, 2, 6, 5, 4, 0), 7, closed=True), True, (), None),
    (D4, SumLine((1, 2, 6, 5, 4, 0), 7), False, (), None),
    (D4, SumLine((1, 2, 6, 5, 4, 0), 14, closed=True), True, (), None),  # the whole loop, one run
    (D4, SumLine((1, 2, 6, 5, 4, 0), 5, closed=True), False, (), None),  # 14 is no multiple of 5
    (W9, Whispers((1, 2), 4), True, (), None),  # Dutch whispers (gap 4): 1, 5
    (W9, Whispers((1, 2)), False, (), None),  # German: 1, 5 are not 5 apart
    (W9, Whispers((0, 1), 4), False, (), None),  # 4, 1
    (D4, Clone((0, 1), (6, 7)), True, (), None),
    (D4, Clone((0, 1), (12, 13)), False, (), None),
    (D4, Clone((0, 1), (13, 14)), False, (), None),  # 1 = 1, 2 != 4
    (D4, Quadruple((0, 1, 4, 5), (1, 4)), True, (), None),
    (D4, Quadruple((0, 1, 4, 5), (1, 1)), False, (), None),
    (D4, Quadruple((4, 5, 8, 9), (3, 3, 4)), True, (), None),
    (D4, Quadruple((4, 5, 8, 9), (1,)), False, (), None),
    (D4, Diagonal("+"), True, (), None),
    (D4, Diagonal("-"), True, (), None),
    (G4, Diagonal("+"), False, (), None),
    (G4, Diagonal("-"), False, (), None),
    (PD6, Diagonal("+"), True, (), None),
    (PD6, Diagonal("-"), False, (), None),
    (D4, ExtraRegion((0, 5, 10, 15)), True, (), None),
    (D4, ExtraRegion((0, 1, 4)), True, (), None),
    (D4, ExtraRegion((4, 9)), False, (), None),
    (D4, ExtraRegion((0, 6, 9, 15)), False, (), None),  # 1 twice
    (W9, Windoku(), True, (), None),
    (P9, Windoku(), False, (), None),
    (D4, DisjointGroups(), True, (), None),
    (C4, DisjointGroups(), False, (), ROWS4),  # r1c3 = r3c1 = 3
    (S6, DisjointGroups(), True, (), None),
    (NC6, DisjointGroups(), False, (), None),  # r1c1 = r3c4 = 1
    # boxes without r1c1: boxes 2-4 are houses, box 1's three cells differ
    (D4, NoRegion((-1, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3)), True, (), ROWS4),
    # C4's boxes each repeat a digit (r1c2 = r2c1 = 2, r1c4 = r2c3 = 4, r3c2 = r4c1 = 4,
    # r3c4 = r4c3 = 2): without r1c2, r1c4, r3c2 and r3c4 no box repeats one
    (C4, NoRegion((0, -1, 1, -1, 0, 0, 1, 1, 2, -1, 3, -1, 2, 2, 3, 3)), True, (), ROWS4),
    (C4, NoRegion((0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, -1)), False, (), ROWS4),  # box 1 has two 2s
]


def test_every_kind_is_worked_by_hand() -> None:
    assert {rule.kind for _, rule, _, _, _ in HAND} == set(RULES)
    for kind in RULES:
        assert {holds for _, rule, holds, _, _ in HAND if rule.kind == kind} == {True, False}, kind


@pytest.mark.parametrize(
    ("grid", "rule", "holds", "others", "regions"),
    HAND,
    ids=[f"{k}-{rule.describe(round(len(g) ** 0.5))}-{h}" for k, (g, rule, h, _, _) in enumerate(HAND)],
)
def test_hand_worked_grid(
    grid: Grid, rule: Rule, holds: bool, others: tuple[Rule, ...], regions: Grid | None
) -> None:
    n = round(len(grid) ** 0.5)
    regions = standard_regions(n) if regions is None else regions
    assert keeps(grid, n, regions, ())  # the grid itself is right
    puzzle = Puzzle(n, (0,) * (n * n), regions, rules=(*others, rule))
    assert all(other.holds(grid, puzzle) for other in others)
    assert rule.holds(grid, puzzle) is holds
    assert keeps(grid, n, regions, puzzle.rules) is holds  # the brute force's definition agrees
    assert puzzle.is_solution(grid) is holds
    if holds:
        assert puzzle.broken_rule(grid) is None
    givens = list(grid)
    givens[0] = 0
    assert count(puzzle.with_givens(givens), 2) == (1 if holds else 0)


# ------------------------------------------------------------ validation

B16 = tuple(range(16))
MALFORMED: list[tuple[int, Rule, str, str]] = [
    # a cell outside the grid
    (4, KillerCage((0, 16), 5), "the killer cage r1c1-r5c1 (sum 5)", "outside the 4x4 grid"),
    (4, Thermometer((15, 16)), "the thermometer r4c4-r5c1", "outside the 4x4 grid"),
    (4, CellMark("odd", 16), "the odd cell r5c1", "outside the 4x4 grid"),
    (4, ExtraRegion((0, 16)), "the extra region r1c1-r5c1", "outside the 4x4 grid"),
    (6, Clone((0,), (36,)), "the clone r1c1 = r7c1", "outside the 6x6 grid"),
    (4, LittleKiller((2, 2), "DR", 5), "the little killer 5 at r2c2 pointing DR", "just outside"),
    (4, LittleKiller((0, 0), "UL", 5), "the little killer 5 at r0c0 pointing UL", "misses the grid"),
    (4, Sandwich("row", 5, 0), "the sandwich sum 0 of row 5", "no such row"),
    # a dot between cells that do not share an edge
    (4, Dot("black", (0, 5)), "the black kropki dot at r1c1-r2c2", "not orthogonal neighbours"),
    (4, Dot("v", (0, 2)), "the V at r1c1-r1c3", "not orthogonal neighbours"),
    (4, Dot("white", (3, 4)), "the white kropki dot at r1c4-r2c1", "not orthogonal neighbours"),
    # lines and cages that are not connected, or pass a cell twice
    (4, Thermometer((0, 2)), "the thermometer r1c1-r1c3", "not neighbours"),
    (4, Renban((0, 1, 3)), "the renban line r1c1-r1c2-r1c4", "not neighbours"),
    (4, Whispers((0, 8)), "the German whispers line r1c1-r3c1", "not neighbours"),
    (4, Palindrome((0, 10)), "the palindrome r1c1-r3c3", "not neighbours"),
    (4, Between((0, 1, 3)), "the between line r1c1-r1c2-r1c4", "not neighbours"),
    (4, RegionSumLine((0, 2)), "the region-sum line r1c1-r1c3", "not neighbours"),
    (4, Arrow((0,), (2,)), "the arrow r1c1->r1c3", "not neighbours"),
    (4, Arrow((0, 2), (1,)), "the arrow r1c1-r1c3->r1c2", "bulb's cells are not neighbours"),
    (4, KillerCage((0, 2), 4), "the killer cage r1c1-r1c3 (sum 4)", "not connected"),
    (4, KillerCage((0, 1, 0), 4), "the killer cage r1c1-r1c2-r1c1 (sum 4)", "in the cage twice"),
    (4, Renban((0, 1, 0)), "the renban line r1c1-r1c2-r1c1", "passes a cell twice"),
    (4, ExtraRegion((0, 0)), "the extra region r1c1-r1c1", "one or more cells, each once"),
    # shapes and words the rule does not have
    (4, Arrow((0, 1, 2), (6,)), "the arrow r1c1-r1c2-r1c3->r2c3", "a bulb has one or two cells"),
    (4, Arrow((0,), ()), "the arrow r1c1->", "an arrow needs a line"),
    (4, Between((0, 1)), "the between line r1c1-r1c2", "at least 3 cells"),
    (4, Quadruple((0, 1, 4, 6), (1,)), "the quadruple 1 at r1c1-r1c2-r2c1-r2c3", "around one corner"),
    (4, Quadruple((0, 1, 4, 5), ()), "the quadruple  at r1c1-r1c2-r2c1-r2c2", "one or more digits"),
    (4, Quadruple((0, 1, 4, 5), (0, 1)), "the quadruple 01 at r1c1-r1c2-r2c1-r2c2", "each 1 or more"),
    (4, Whispers((0, 1), 0), "the German whispers line r1c1-r1c2", "the gap 0 is not 1 or more"),
    (4, LittleKiller((0, 0), "DD", 5), "the little killer 5 at r0c0 pointing DD", "one of DR, DL, UR, UL"),
    (6, Windoku(), "the windoku windows", "a 9x9 rule"),
    (5, DisjointGroups(), "the disjoint groups", "a 5x5 grid has no boxes"),
    # the lines of issue 55
    (4, SlowThermometer((15, 16)), "the slow thermometer r4c4-r5c1", "outside the 4x4 grid"),
    (4, SlowThermometer((0, 2)), "the slow thermometer r1c1-r1c3", "not neighbours"),
    (4, ParityLine((0, 2)), "the parity line r1c1-r1c3", "not neighbours"),
    (4, ZipperLine((0, 1, 3)), "the zipper line r1c1-r1c2-r1c4", "not neighbours"),
    (4, ModularLine((0, 1, 0)), "the modular line r1c1-r1c2-r1c1", "passes a cell twice"),
    # loops: back to the first cell, no other cell twice
    (4, SumLine((0, 1, 2), closed=True), "the sum line r1c1-r1c2-r1c3-r1c1 (a loop, runs of sum 10)",
     "not neighbours"),
    (4, RegionSumLine((0, 1, 5, 1), closed=True), "the region-sum line r1c1-r1c2-r2c2-r1c2-r1c1 (a loop)",
     "passes a cell twice"),
    (4, SumLine((0, 1), closed=True), "the sum line r1c1-r1c2-r1c1 (a loop, runs of sum 10)",
     "a loop needs at least 3 cells"),
    (4, EntropicLine((0, 1, 2)), "the entropic line r1c1-r1c2-r1c3", "1-4 do not split into thirds"),
    (8, EntropicLine((0, 1, 2)), "the entropic line r1c1-r1c2-r1c3", "1-8 do not split into thirds"),
    # clues outside the grid, circles, cages whose digits repeat
    (4, XSum((2, 2), 5), "the X-sum 5 at r2c2", "not beside a row or a column"),
    (4, XSum((0, 0), 1), "the X-sum 1 at r0c0", "not beside a row or a column"),
    (4, Skyscraper((1, 6), 2), "the skyscraper 2 at r1c6", "not beside a row or a column"),
    (4, FrameSum((2, 2), 5), "the frame sum 5 at r2c2", "not beside a row or a column"),
    (5, FrameSum((0, 1), 5), "the frame sum 5 at r0c1", "a 5x5 grid has no boxes"),
    (4, OutsideClue((0, 1), (1, 1)), "the outside clue 11 at r0c1", "must be different digits"),
    (4, OutsideClue((0, 1), ()), "the outside clue  at r0c1", "must be different digits"),
    (4, CountingCircles(()), "the counting circles", "there are no circles"),
    (4, CountingCircles((0, 0)), "the counting circles r1c1-r1c1", "a cell is circled twice"),
    (4, CountingCircles((0, 16)), "the counting circles r1c1-r5c1", "outside the 4x4 grid"),
    (4, SumCage((0, 2), 4), "the killer cage r1c1-r1c3 (sum 4, digits may repeat)", "not connected"),
    (4, SumCage((0, 16), 5), "the killer cage r1c1-r5c1 (sum 5, digits may repeat)", "outside the 4x4"),
    # regions that leave cells out (a region of more than N cells is a malformed layout, as without the rule)
    (
        4,
        NoRegion((0,) * 5 + (-1,) * 11),
        "the cells in no region (r2c2, r2c3",
        "region 1 has 5 cells, more than 4",
    ),
    (4, NoRegion((0,) * 16), "the regions:", "some cell is in none"),
    (4, NoRegion((4,) + (-1,) * 15), "the cells in no region (r1c2, r1c3,", "-1 (none) to 3"),
]


@pytest.mark.parametrize(("size", "rule", "name", "why"), MALFORMED, ids=[v[2] for v in MALFORMED])
def test_a_malformed_rule_is_refused_by_name(size: int, rule: Rule, name: str, why: str) -> None:
    with pytest.raises(RuleError) as direct:
        rule.validate(size)
    regions = standard_regions(size) if size != 5 else tuple(range(5)) * 5
    with pytest.raises(PuzzleError) as caught:
        Puzzle(size, (0,) * (size * size), regions, rules=(rule,))
    message = str(caught.value)
    assert str(direct.value) == message
    assert rule.describe(size) in message
    assert message.startswith(name)
    assert why in message


CANNOT_HOLD: list[tuple[int, Rule, str]] = [
    # 4x4: the brute force below finds no grid keeping each
    (4, XSum((0, 1), 2), "no X-sum of a line of digits 1-4 is 2"),
    (4, XSum((5, 1), 7), "no X-sum of a line of digits 1-4 is 7"),
    (4, Skyscraper((5, 1), 5), "from 1 to 4 buildings can be seen in a line"),
    (4, FrameSum((0, 1), 2), "no 2 different digits 1-4 sum to 2"),
    (4, FrameSum((1, 5), 8), "no 2 different digits 1-4 sum to 8"),
    (4, OutsideClue((0, 1), (1, 2, 3)), "3 digits do not fit in 2 cells"),
    (4, OutsideClue((5, 1), (5,)), "a digit of it is not one of 1-4"),
    (4, CountingCircles(tuple(range(11))), "11 circles cannot each count digits 1-4"),
    (4, SumCage((0, 1), 9), "2 digits 1-4 cannot sum to 9"),
    (4, NabnerLine((0, 1, 2)), "3 cells cannot hold digits 1-4 two apart"),
    (4, LockoutLine((0, 1), 4), "no digits 1-4 differ by 4"),
    (4, LockoutLine((0, 1, 2), 3), "with its ends 3 apart no digit 1-4 lies outside them"),
    (4, SumLine((0, 1), 9), "2 cells hold no run of sum 9"),
    (4, SumLine((0, 1), 0), "2 cells hold no run of sum 0"),
    (9, NabnerLine(tuple(range(5, -1, -1))), "6 cells cannot hold digits 1-9 two apart"),
    (4, KillerCage((0, 1), 8), "no 2 different digits 1-4 sum to 8"),
    (4, KillerCage((0, 1), 2), "no 2 different digits 1-4 sum to 2"),
    (4, KillerCage((0, 1, 2, 3, 7)), "5 cells cannot hold different digits 1-4"),
    (4, LittleKiller((0, 0), "DR", 17), "4 cells cannot sum to 17"),
    (4, LittleKiller((0, 2), "DR", 1), "2 cells cannot sum to 1"),
    (4, Sandwich("row", 1, 6), "digits between 1 and 4 cannot sum to 6"),
    (4, Sandwich("column", 2, 4), "digits between 1 and 4 cannot sum to 4"),  # 2 + 3 = 5: 4 is out of reach
    (4, Sandwich("row", 3, 1), "digits between 1 and 4 cannot sum to 1"),
    (4, Sandwich("row", 2, -1), "digits between 1 and 4 cannot sum to -1"),
    (4, Dot("x", (0, 1)), "no two digits 1-4 fit it"),
    (4, Dot("white", (0, 1), 4), "no two digits 1-4 fit it"),
    (4, Dot("black", (0, 1), 1), "no two digits 1-4 fit it"),  # one digit once the other: the same digit
    (4, Dot("black", (0, 1), 5), "no two digits 1-4 fit it"),
    (4, Whispers((0, 1), 4), "no digits 1-4 differ by 4"),
    (4, Thermometer((0, 1, 2, 3, 7)), "5 cells cannot increase within 1-4"),
    (4, Renban((0, 1, 2, 3, 7)), "5 cells cannot hold different digits 1-4"),
    (4, Arrow((0,), (1, 2, 3, 7, 6)), "5 cells cannot sum to a bulb of 4 or less"),
    (4, Quadruple((0, 1, 4, 5), (5,)), "5 is not a digit 1-4"),
    (4, Quadruple((5, 6, 9, 10), (1, 2, 3, 4, 1)), "5 digits cannot all be among four cells"),
    (4, Quadruple((5, 6, 9, 10), (2, 2, 2)), "a digit can be at most twice among four cells around a corner"),
    (4, ExtraRegion((0, 1, 2, 3, 7)), "5 cells cannot hold different digits 1-4"),
    # 16x16, by hand: two different digits make at most 16 + 15 = 31 and differ by at most 15; 17
    # cells can neither increase within 1-16 nor hold 17 different digits; 16 cells of at most 16
    # make at most 256; between the 1 and the 16 lie at most 2 + ... + 15 = 119; no digit is 17.
    (16, KillerCage((0, 1), 32), "no 2 different digits 1-16 sum to 32"),
    (16, KillerCage((*B16, 31)), "17 cells cannot hold different digits 1-16"),
    (16, Dot("white", (0, 1), 16), "no two digits 1-16 fit it"),
    (16, Whispers((0, 1), 16), "no digits 1-16 differ by 16"),
    (16, Thermometer((*B16, 31)), "17 cells cannot increase within 1-16"),
    (16, Renban((*B16, 31)), "17 cells cannot hold different digits 1-16"),
    (16, LittleKiller((0, 0), "DR", 257), "16 cells cannot sum to 257"),
    (16, Sandwich("column", 1, 120), "digits between 1 and 16 cannot sum to 120"),
    (16, Quadruple((0, 1, 16, 17), (17,)), "17 is not a digit 1-16"),
    # a number past any bound: nothing is built from it
    (16, LittleKiller((0, 0), "DR", 10**40), f"16 cells cannot sum to {10**40}"),
    (16, Sandwich("row", 1, 10**40), f"digits between 1 and 16 cannot sum to {10**40}"),
]


@pytest.mark.parametrize(("size", "rule", "why"), CANNOT_HOLD, ids=[str(v[1])[:60] for v in CANNOT_HOLD])
def test_a_rule_that_cannot_hold_makes_a_puzzle_with_no_solution(size: int, rule: Rule, why: str) -> None:
    """Well placed, so no error; but no digits keep it: the puzzle has no
    solution, which CP-SAT finds (the rule's model is infeasible at once)
    and, on 4x4, the brute force of rule_defs too, by the rule's definition."""
    rule.validate(size)
    assert rule.impossible(size) == why
    regions = standard_regions(size)
    puzzle = Puzzle(size, (0,) * (size * size), regions, rules=(rule,))
    assert puzzle.impossible_rule() == (0, f"{rule.describe(size)} cannot hold: {why}")
    assert cpsat.solve(puzzle).verdict is Verdict.NONE
    assert cpsat.solve(puzzle, propagate=False).verdict is Verdict.NONE
    assert count(puzzle, 2) == 0
    if size == 4:
        assert true_candidates(puzzle) is None
        found, complete = brute_force(4, regions, puzzle.givens, puzzle.rules, 1)
        assert found == [] and complete
        houses_only, complete = brute_force(4, regions, puzzle.givens, (), 300, ignore_rules=True)
        assert len(houses_only) == 288 and complete  # every 4x4 sudoku grid breaks the rule
        assert not any(rule.holds(grid, puzzle) for grid in houses_only)


def test_a_cage_sum_is_impossible_exactly_when_no_digits_make_it() -> None:
    """`KillerCage.impossible` reasons with the least and largest sums; every
    set of different digits, listed here, says which sums there are."""
    for n in (4, 6, 9):
        for k in range(1, n + 1):
            made = {sum(digits) for digits in itertools.combinations(range(1, n + 1), k)}
            for total in range(-1, n * (n + 1) // 2 + 2):
                said = KillerCage(tuple(range(k)), total).impossible(n)
                assert (said is None) is (total in made), (n, k, total)


def test_a_rule_one_step_inside_the_bounds_is_not_said_to_fail() -> None:
    """One step inside each bound, `impossible` says nothing, and on 4x4 the
    brute force finds a grid keeping the rule: the bounds are the digits'."""
    inside = [
        KillerCage((0, 1), 7),
        KillerCage((0, 1), 3),
        KillerCage((0, 1, 2, 3)),
        LittleKiller((0, 1), "DR", 12),
        LittleKiller((0, 1), "DR", 3),
        Sandwich("row", 1, 5),
        Sandwich("row", 1, 0),
        Whispers((0, 1), 3),
        Thermometer((0, 1, 2, 3)),
        Renban((0, 1, 2, 3)),
        Quadruple((5, 6, 9, 10), (4, 4)),
        Quadruple((5, 6, 9, 10), (1, 2, 3, 4)),
        ExtraRegion((0, 1, 2, 3)),
        FrameSum((0, 1), 3),
        FrameSum((1, 5), 7),
        OutsideClue((0, 1), (1, 4)),
    ]
    for rule in inside:
        assert rule.impossible(4) is None, rule
        found, _ = brute_force(4, R4, (0,) * 16, (rule,), 1)
        assert found, rule
    assert Sandwich("column", 1, 119).impossible(16) is None  # 2 + ... + 15
    assert Sandwich("column", 1, 117).impossible(16) is None  # all but the 2
    assert Sandwich("row", 1, 118).impossible(16) == "digits between 1 and 16 cannot sum to 118"


# ------------------------------------------------------------ 5: pickling


def test_puzzles_with_every_kind_of_rule_pickle() -> None:
    on_d4 = [r for g, rule, _, more, regions in HAND if g is D4 and not regions for r in (*more, rule)]
    puzzle = Puzzle(4, (1,) + (0,) * 15, standard_regions(4), rules=tuple(dict.fromkeys(on_d4)))
    assert {rule.kind for rule in puzzle.rules} == set(RULES) - {"windoku", "noregion", "entropic"}
    round_trip(puzzle)
    round_trip(Puzzle(6, (0,) * 36, standard_regions(6), rules=(EntropicLine((0, 6, 7, 1)),)))
    regions, partial = regions_leaving_cells((-1, *standard_regions(4)[1:]), 4)
    round_trip(Puzzle(4, puzzle.givens, regions, rules=(*partial, *puzzle.rules)))
    nine = Puzzle(9, (0,) * 81, standard_regions(9), rules=(Windoku(), Diagonal("-"), KillerCage((0, 1), 3)))
    round_trip(nine)
    assert pickle.loads(pickle.dumps(nine)) != nine.with_rules(nine.rules[:2])
