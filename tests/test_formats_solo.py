"""Simon Tatham's Solo game ids: jigsaws ``<N>j:<givens>,<walls>``, classic
``3x3:<givens>``, X (``9jx``) and killer (``9jk:<givens>,<walls>,<cage walls>,<sums>``).

The hand examples below were encoded by hand from solo.c's rules, then checked
against Solo itself (Debian's sgt-puzzles 20230122: ``sgt-solo --generate 1
<id>`` accepts each). Walls: the 2·N·(N-1) edges, vertical ones row by row,
then horizontal ones column by column; each character is a run of open edges
then a wall (``_`` 0, ``a`` 1 ... ``y`` 25), ``z`` 26 open edges and no wall;
a closing wall ends the string.

The 4x4 layout, its edges (N open, W wall) and their encoding:

    A A A B    vertical   r1: N N W   r2: W W N   r3: N W W   r4: W N N
    C A B B    horizontal c1: W N N   c2: N W W   c3: W W N   c4: N N W
    C C D B
    C D D D    NNW W W NNW W W NNW NNNW W W W NNNW (closing) W
               b   _ _ b   _ _ b   c    _ _ _ c                _
"""

from __future__ import annotations

import functools
import random
import re
import shutil
import subprocess
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from squiggly_cp.core.puzzle import DIGIT_CHARS, Puzzle, PuzzleError, Verdict, standard_regions
from squiggly_cp.core.rules import Diagonal, KillerCage, Rule, Thermometer
from squiggly_cp.engines.cpsat import solve
from squiggly_cp.formats.solo import looks_solo, parse_solo, solo_text
from squiggly_cp.make.regionmaps import random_layout  # what make.generate re-exports


def givens_grid(*rows: str) -> tuple[int, ...]:
    """Rows of cells: ``.`` empty, 1-9 then A-G for 10-16."""
    return tuple(0 if ch == "." else DIGIT_CHARS.index(ch) + 1 for row in rows for ch in row)


def labels_grid(*rows: str) -> tuple[int, ...]:
    """Rows of region labels, one character a cell."""
    return tuple(ord(ch) for row in rows for ch in row)


# ---- 4x4 (layout and walls in the module docstring) ---------------------------
# Givens: 3, 2 empty (b), 1, 2 empty (b), 3, 4 right after (_4), 5 empty (e), 2, 2 empty (b).
ID4 = "4j:3b1b3_4e2b,b__b__bc___c_"
PUZZLE4 = Puzzle(
    4,
    givens_grid("3..1", "..34", "....", ".2.."),
    labels_grid("AAAB", "CABB", "CCDB", "CDDD"),
)

# ---- 9x9: the standard boxes with three pairs of cells swapped -----------------
# Vertical edges, row by row, runs carried across rows:
#   r1 NNNW NW NN | r2 NNW NNW NN | r3 NW NNNW NN | r4 NNW NW NNN | r5 NNW NNW NN
#   r6 NNW NNNW N | r7 NNNW NW NN | r8 NNW NNW NN | r9 NW NNNW NN
#   -> c a  d b  c c  d a  e b  d c  d a  d b  c c        (2 open edges carried)
# Horizontal edges, column by column:
#   c1 NNW NNW NN | c2 NNW NNW NN | c3 NW W NNW NW | c4 W NW NNW W N | c5 NNW NNW NN
#   c6 NNW W NW NN | c7 NNW NW W NN | c8 NNW NNW NN | c9 NNW NNW NN, closing W
#   -> d b  d b  c _ b a  _ a b _  c b  d _ a  d a _  d b  d b  b
# Givens: 5, 6 (_6), 5 empty (e), 4, 3 (_3); 3 empty (c), 7, d, 8; 4 (_4), c, 3,
# e (4 + 1); 8, e, 9, c (1 + 2); 1, a, 6, a, 8, c (2 + 1); 4, e, 6, e (1 + 4); 8, c,
# 5; 8 (_8), b, 6, then 5 + 9 empty (n).
ID9 = (
    "9j:5_6e4_3c7d8_4c3e8e9c1a6a8c4e6e8c5_8b6n,"
    "cadbccdaebdcdadbcc" + "dbdbc_ba_ab_cbd_ada_dbdbb"
)  # fmt: skip
PUZZLE9 = Puzzle(
    9,
    givens_grid(
        "56.....43",
        "...7....8",
        "4...3....",
        ".8.....9.",
        "..1.6.8..",
        ".4.....6.",
        "....8...5",
        "8..6.....",
        ".........",
    ),
    labels_grid(
        "111122333",
        "111222333",
        "112222333",
        "444556666",
        "444555666",
        "444555566",
        "777788999",
        "777888999",
        "778888999",
    ),
)

# ---- 16x16: standard 4x4 boxes, givens 10-16 and runs of empty cells over 26 ----
# Givens: 1, h (8), 10, 11 (_11), 30 empty = z + d (26 + 4), 2, 52 empty = zz, 4,
# 5 (_5), 45 = z + s (26 + 19), 16, 1 (_1), 112 = zzzz + h (104 + 8), 15.
# Walls: each row NNNW NNNW NNNW NNN, runs carried on: c c c, then f c c for rows
# 2-16 and for columns 1-16 alike, then the closing wall after 3 open edges: c.
ID16 = "16j:1h10_11zd2zz4_5zs16_1zzzzh15,ccc" + "fcc" * 31 + "c"
PUZZLE16 = Puzzle(
    16,
    givens_grid(
        "1........AB.....",
        "................",
        ".........2......",
        "................",
        "................",
        "..............45",
        "................",
        "................",
        ".............G1.",
        *["................"] * 6,
        "...............F",
    ),
    standard_regions(16),
)

# ---- 6x6: each row a region, so the walls start with a run of 30 open edges ----
# Vertical: 30 open edges (z = 26, then d = 4 and the first horizontal wall);
# horizontal: all 30 walls, the first already written, then the closing wall: 30 x _.
# Givens: 1, f (6), 3, m (13), 1, f, 3, f, 5.
ID6_ROWS = "6j:1f3m1f3f5,zd" + "_" * 30
PUZZLE6_ROWS = Puzzle(
    6,
    givens_grid("1.....", ".3....", "......", "...1..", "....3.", ".....5"),
    labels_grid("111111", "222222", "333333", "444444", "555555", "666666"),
)
ID6_ROWS_AS_SOLO_WRITES = "6j:1f3m1f3f5,ze" + "_" * 30
"""Solo's writer means 25 by ``z`` (so ``ze`` = 30), which Solo's reader does not accept."""

# A jigsaw that Solo itself wrote (``sgt-solo --generate 1 9j``), and the solution
# its solver gave (``--test-solve --save``: the save file's SOLVE line).
SOLO_WROTE = (
    "9j:3i9b3_6c6_2_5a8e8_7_6f1e5f3_9_7e9a8_2_5c1_6b3i4,"
    "_bcac_ab_baa___c_abdbaa__aaceabe_aa_ca__cb_a_baa___cd__b__agc"
)
SOLO_SOLVED = "371958642194536287625487193487625319213879456568243971746391825952164738839712564"

HAND = [(ID4, PUZZLE4), (ID9, PUZZLE9), (ID16, PUZZLE16), (ID6_ROWS, PUZZLE6_ROWS)]


@pytest.mark.parametrize(("text", "puzzle"), HAND, ids=["4x4", "9x9", "16x16", "6x6-rows-z"])
def test_hand_examples_read_and_written(text: str, puzzle: Puzzle) -> None:
    assert looks_solo(text)
    assert parse_solo(text) == puzzle
    assert solo_text(puzzle) == text


def test_z_in_the_walls_read_as_solo_writes_it_too() -> None:
    assert parse_solo(ID6_ROWS_AS_SOLO_WRITES) == PUZZLE6_ROWS
    assert solo_text(PUZZLE6_ROWS) == ID6_ROWS


def test_an_id_solo_wrote_reads_to_solos_solution() -> None:
    puzzle = parse_solo(SOLO_WROTE)
    assert solo_text(puzzle) == SOLO_WROTE
    assert puzzle.is_solution(tuple(int(ch) for ch in SOLO_SOLVED))


def test_what_solo_reads_besides_its_own_spelling() -> None:
    body = ID4.split(":", 1)[1]
    assert parse_solo(f"  2x2j:{body}\n") == PUZZLE4  # c x r, jigsaw: size c·r
    assert parse_solo(f"4jadbm2:{body}") == PUZZLE4  # symmetry and difficulty: ignored
    assert parse_solo("4j:_3_b_1b3__4e2b_,b__b__bc___c_") == PUZZLE4  # '_' anywhere in the givens
    # A wall inside a region changes nothing (r9c8|r9c9 in the 9x9: cca, then b for d).
    givens9 = ID9.split(",")[0]
    assert parse_solo(givens9 + ",cadbccdaebdcdadbcca" + "bbdbc_ba_ab_cbd_ada_dbdbb") == PUZZLE9


def test_sixteen_digits_and_runs_over_26() -> None:
    assert solo_text(Puzzle(16, (0,) * 256, standard_regions(16))) == (
        "16j:zzzzzzzzzv,ccc" + "fcc" * 31 + "c"  # 9 · 26 + 22 = 256
    )
    full = Puzzle(4, givens_grid("1234", "3412", "2143", "4321"), labels_grid("1122", "1122", "3344", "3344"))
    # Walls of 2x2 boxes: rows N W N, runs carried on: a b b b, columns alike: b b b b, closing: a.
    assert solo_text(full) == "4j:1_2_3_4_3_4_1_2_2_1_4_3_4_3_2_1,abbbbbbba"


# ---- X, killer and classic ids ------------------------------------------------
BOXES4 = labels_grid("1122", "1122", "3344", "3344")
X = (Diagonal("+"), Diagonal("-"))  # as the reader gives them

# A 4x4 X jigsaw on 2x2 boxes (walls "abbbbbbba", as in the 16-given example of
# test_sixteen_digits_and_runs_over_26). Solution 1234/3412/4321/2143; the givens
# r1c1 1, r1c2 2 (_2), 6 empty (f), r3c1 4, 7 empty (g) leave it unique.
ID4_X = "4jx:1_2f4g,abbbbbbba"
PUZZLE4_X = Puzzle(4, givens_grid("12..", "....", "4...", "...."), BOXES4, rules=X)
SOLVED4_X = givens_grid("1234", "3412", "4321", "2143")

# A 4x4 killer jigsaw on the same boxes, solution 1234/3412/2143/4321, cages
#     A B B C    A r1c1+r2c1 = 4, B r1c2+r1c3 = 5, C r1c4+r2c4 = 6, D r2c2+r2c3 = 5,
#     A D D C    E r3c1+r4c1 = 6, F r3c2+r3c3 = 5, G r3c4+r4c4 = 4, H r4c2+r4c3 = 5.
#     E F F G
#     E H H G
# Cage walls (W wall, N open): vertical rows 1-4 each W N W; horizontal columns
# c1 N W N, c2 W W W, c3 W W W, c4 N W N; closing W:
#     W NW W NW W NW W NW NW NW W W W W W NW NW(closing)  ->  _a_a_a_aaa_____aa
# Sums in each cage's first cell: 4 5 . 6 / . 5 . . / 6 5 . 4 / . 5 . .  ->  4_5a6a5b6_5a4a5b
# Givens r1c1 1, 7 empty (g), r3c1 2, 7 empty (g) leave it unique.
ID4_K = "4jk:1g2g,abbbbbbba,_a_a_a_aaa_____aa,4_5a6a5b6_5a4a5b"
CAGES4 = tuple(
    KillerCage(cells, total)
    for cells, total in [((0, 4), 4), ((1, 2), 5), ((3, 7), 6), ((5, 6), 5), ((8, 12), 6), ((9, 10), 5),
                         ((11, 15), 4), ((13, 14), 5)]
)  # fmt: skip
PUZZLE4_K = Puzzle(4, givens_grid("1...", "....", "2...", "...."), BOXES4, rules=CAGES4)
SOLVED4_K = givens_grid("1234", "3412", "2143", "4321")

# A killer jigsaw that Solo wrote (``sgt-solo --generate 1 4jk``), and its solution
# (``--test-solve --save``).
SOLO_WROTE_K = "4jk:p,daab__aa____b,a_a_a_aa_____ac_,6a4_9_3c4a7a7c"
SOLO_SOLVED_K = (4, 2, 1, 3, 2, 1, 3, 4, 1, 3, 4, 2, 3, 4, 2, 1)


def test_x_and_killer_ids_read_and_written() -> None:
    for text, puzzle in [(ID4_X, PUZZLE4_X), (ID4_K, PUZZLE4_K)]:
        assert looks_solo(text)
        assert parse_solo(text) == puzzle
        assert solo_text(puzzle) == text
    assert PUZZLE4_X.is_solution(SOLVED4_X) and PUZZLE4_K.is_solution(SOLVED4_K)
    both = Puzzle(4, PUZZLE4_K.givens, BOXES4, rules=X + CAGES4)
    assert solo_text(both) == ID4_K.replace("4jk", "4jxk")  # Solo writes x before k
    assert parse_solo(ID4_K.replace("4jk", "4jkx")) == both  # and reads either order


def test_a_killer_id_solo_wrote_reads_to_solos_solution() -> None:
    puzzle = parse_solo(SOLO_WROTE_K)
    assert solo_text(puzzle) == SOLO_WROTE_K
    assert puzzle.is_solution(SOLO_SOLVED_K)
    assert puzzle.rules[0] == KillerCage((0, 1), 6)  # the first cage: r1c1, r1c2, sum 6


def test_classic_ids_read_with_solos_boxes() -> None:
    # Solo's classic boxes are c rows by r columns: a 2x3 has boxes 2 high and 3 wide.
    assert parse_solo("2x3:zj") == Puzzle.standard((0,) * 36, 6)
    three_by_two = parse_solo("3x2:zj").regions
    assert three_by_two[:6] == three_by_two[6:12] == three_by_two[12:18]  # three rows a box
    assert three_by_two[:6] == (0, 0, 1, 1, 2, 2)  # two columns a box
    assert parse_solo("2x2x:1_2f4g") == PUZZLE4_X  # the classic form of ID4_X
    assert parse_solo("2x2k:1g2g,_a_a_a_aaa_____aa,4_5a6a5b6_5a4a5b") == PUZZLE4_K
    assert parse_solo("3x3xdb:" + "z" * 3 + "c") == Puzzle.standard((0,) * 81).with_rules(X)
    assert parse_solo("3:" + "z" * 3 + "c") == Puzzle.standard((0,) * 81)  # c = r = 3


K4, WALLS4, SUMS4 = "4jk:p,abbbbbbba", "_a_a_a_aaa_____aa", "4_5a6a5b6_5a4a5b"


@pytest.mark.parametrize(
    ("text", "words", "row", "col"),
    [
        (f"{K4},_a_a_a_aaa_____a__,{SUMS4}", "cage r3c4 has 1 cell; Solo's cages have 2 to 4", 3, 4),
        (f"{K4},{WALLS4},4_5a6a5b6_5a4d", "the killer cage r4c2-r4c3 has no sum", 4, 2),
        (f"{K4},{WALLS4},4_5a6a5b6_5a4a5_1a", "has 2 sums (5, 1)", 4, 2),
        (f"{K4},{WALLS4},4_5a6a5b6_5a4a5a0", "the cage sums hold '0'", None, None),
        (f"{K4},{WALLS4},{SUMS4}1", "the cage sums run past the 16 cells", None, None),
        (f"{K4},{WALLS4},4_5a6a5b6_5a4a99999", "the cage sum '99999' is above 64", 4, 2),
        (f"{K4},ca_a_aaa_____aa,{SUMS4}", "has 6 cells; Solo's cages have 2 to 4", 1, 1),
        (f"{K4},_a_a_a_a?a_____aa,{SUMS4}", "the killer cage walls hold '?'", None, None),
    ],
)  # fmt: skip
def test_killer_refusals(text: str, words: str, row: int | None, col: int | None) -> None:
    with pytest.raises(PuzzleError) as caught:
        parse_solo(text)
    assert words in caught.value.message
    assert (caught.value.row, caught.value.col) == (row, col)


def test_a_cage_sum_no_digits_make_is_read_as_no_solution() -> None:
    """Two different digits make 3 at least: a sum of 2 is no error, but no grid keeps it."""
    puzzle = parse_solo(f"{K4},{WALLS4},4_5a6a5b6_5a4a2b")
    assert puzzle.rules[-1] == KillerCage((13, 14), 2)
    why = "the killer cage r4c2-r4c3 (sum 2) cannot hold: no 2 different digits 1-4 sum to 2"
    assert puzzle.impossible_rule() == (len(puzzle.rules) - 1, why)
    assert solve(puzzle).verdict is Verdict.NONE


@pytest.mark.parametrize(
    ("rules", "words"),
    [
        ((Thermometer((0, 1, 2)),), "the solo format cannot hold the thermometer r1c1-r1c2-r1c3: a Solo id"),
        ((Diagonal("-"),), "cannot hold the negative diagonal alone: Solo's X rule is both diagonals"),
        ((*CAGES4[:-1], KillerCage((13, 14))), "the killer cage r4c2-r4c3: every Solo cage has a sum"),
        (CAGES4[:-1], "killer cages that leave r4c2 out"),
        ((*CAGES4[:-1], KillerCage((13,), 3), KillerCage((14,), 2)), "r4c2 (sum 3): Solo's cages have 2"),
        ((*CAGES4[:-2], KillerCage((9, 14), 5), KillerCage((10, 13), 5)), "do not all join edge to edge"),
        ((*CAGES4, KillerCage((0, 1), 3)), "r1c1 is in two cages"),
    ],
)  # fmt: skip
def test_what_solo_cannot_hold_is_refused_by_name(rules: tuple[Rule, ...], words: str) -> None:
    with pytest.raises(PuzzleError, match=re.escape(words)):
        solo_text(Puzzle(4, (0,) * 16, BOXES4, rules=rules))


def _cages(size: int, solution: tuple[int, ...] | None, rng: random.Random) -> list[KillerCage]:
    """Row-wise dominoes (a tromino ends a row of odd length), summed from
    ``solution`` or given random sums a cage can have."""
    cages = []
    for r in range(size):
        row = [r * size + c for c in range(size)]
        pieces = [row[i : i + 2] for i in range(0, size - 3 if size % 2 else size, 2)]
        pieces += [row[-3:]] if size % 2 else []
        for cells in pieces:
            low, high = sum(range(1, len(cells) + 1)), sum(range(size - len(cells) + 1, size + 1))
            total = sum(solution[c] for c in cells) if solution else rng.randint(low, high)
            cages.append(KillerCage(tuple(cells), total))
    return cages


@settings(max_examples=40, deadline=None)
@given(st.integers(4, 16), st.integers(0, 4), st.randoms(use_true_random=False), st.booleans(), st.booleans())
def test_x_and_killer_round_trip(size: int, kind: int, rng: random.Random, x: bool, killer: bool) -> None:
    givens = [rng.randint(1, size) if rng.random() < 0.2 else 0 for _ in range(size * size)]
    rules: list[Rule] = [*X] if x else []
    rules += _cages(size, None, rng) if killer else []
    puzzle = Puzzle(size, givens, _layout(size, kind), rules=tuple(rules))
    text = solo_text(puzzle)
    assert text.startswith(f"{size}j{'x' * x}{'k' * killer}:") and looks_solo(text)
    assert parse_solo(text) == puzzle


@cache
def _layout(size: int, kind: int) -> tuple[int, ...]:
    if kind == 0:
        return tuple(i // size for i in range(size * size))  # rows: a long run of open edges
    if kind == 1:
        return tuple(i % size for i in range(size * size))  # columns
    return random_layout(random.Random(kind), size)


@settings(max_examples=60, deadline=None)
@given(st.integers(4, 16), st.integers(0, 4), st.randoms(use_true_random=False), st.floats(0, 1))
def test_round_trip(size: int, kind: int, rng: random.Random, density: float) -> None:
    givens = [rng.randint(1, size) if rng.random() < density else 0 for _ in range(size * size)]
    puzzle = Puzzle(size, givens, _layout(size, kind))
    text = solo_text(puzzle)
    assert "\n" not in text and text.startswith(f"{size}j:")
    assert looks_solo(text)
    assert parse_solo(text) == puzzle


@pytest.mark.parametrize(
    ("text", "words", "row", "col"),
    [
        ("", "empty", None, None),
        ("3x3:a1b2,", "unexpected ',' after the givens (a Solo id of this kind is 3x3:<givens>)", None, None),
        ("3x3:a1b2", "the givens describe 5 cells, not the 81", None, None),
        ("9jx:" + SOLO_WROTE[3:] + ",a", "unexpected ',' after the region walls", None, None),
        ("9jk:" + SOLO_WROTE[3:], "no killer cage walls (9jk:<givens>,<walls>,<cage walls>,<s", None, None),
        ("4jk:" + ID4[3:] + ",_,a", "the killer cage walls describe only", None, None),
        ("2x2k:p,abbba", "no ',' and so no cage sums (2x2k:<givens>,<cage walls>,<sums>)", None, None),
        ("1x4:p", "Solo's boxes are at least 2 rows by 2 columns", None, None),
        ("9x:" + "a" * 10, "a size of 0 is no puzzle", None, None),
        ("9:" + "a" * 10, "is a 81x81 sudoku", None, None),
        ("9j#981625340187", "random seed, not a puzzle: paste the game id (Game > Specific...", None, None),
        ("9jdb#981625340187", "random seed", None, None),
        ("3j:" + ID4[3:], "3x3 jigsaw; squiggly-cp reads sizes 4 to 16", None, None),
        ("17j:" + ID4[3:], "17x17 jigsaw", None, None),
        ("99999j:a,a", "outside 4..16", None, None),
        ("0j:a,a", "size of 0", None, None),
        (":3b1b3_4e2b,b__b__bc___c_", "nothing before the ':'", None, None),
        ("4jq:" + ID4[3:], "'q' is no Solo parameter", None, None),
        ("4-j:" + ID4[3:], "not Solo parameters", None, None),
        ("4j", "no ':'", None, None),
        ("4j:3b1b3_4e2b", "no ','", None, None),
        (ID4 + ",a", "unexpected ',' after the region walls", None, None),
        ("4j:3b1b3_4e2,b__b__bc___c_", "describe 14 cells, not the 16", None, None),
        ("4j:3b1b3_4e2c,b__b__bc___c_", "run past the 16 cells", None, None),
        ("4j:3b1b3_4e2b1,b__b__bc___c_", "run past the 16 cells", None, None),
        ("4j:3b5b3_4e2b,b__b__bc___c_", "the given 5 is above 4", 1, 4),
        ("4j:3b1b3_4e12b,b__b__bc___c_", "the given 12 is above 4", 4, 2),
        ("4j:3b1b3_4e2222222b,b__b__bc___c_", "above 4", 4, 2),
        ("4j:0p,b__b__bc___c_", "'0'", None, None),
        ("4j:3B1b3_4e2b,b__b__bc___c_", "the givens hold 'B'", None, None),
        ("4j:3b1b3_4e2b,", "region walls are empty", None, None),
        ("4j:3b1b3_4e2b,b__b__bc___c", "describe only 23 edges, but a 4x4 grid has 24", None, None),
        ("4j:3b1b3_4e2b,b__b__bc___c__", "describe 25 edges", None, None),
        ("4j:3b1b3_4e2b,b__b__bc___cz", "end with 'z'", None, None),
        ("4j:3b1b3_4e2b,b__b__bc__1c_", "region walls hold '1'", None, None),
        ("4j:3b1b3_4e2b,x", "the region of this cell has 16 cells, not 4", 1, 1),
        # r1c3|r1c4 open too (c for b_): regions A and B become one of 8 cells.
        ("4j:3b1b3_4e2b,c_b__bc___c_", "has 8 cells, not 4", 1, 1),
        ("4j:p," + "a" * 24, "describe 47 edges", None, None),
        ("9j:" + "\x00" * 10, "no ','", None, None),
        ("9j:" + "?" * 3000 + ",a", "the givens hold '?'", None, None),
        ("9j:" + "a" * 9000, "far more than any Solo id", None, None),
    ],
)
def test_refusals(text: str, words: str, row: int | None, col: int | None) -> None:
    with pytest.raises(PuzzleError) as caught:
        parse_solo(text)
    err = caught.value
    assert words in err.message
    assert (err.row, err.col) == (row, col)
    assert "\n" not in err.message and len(err.message) < 200


@pytest.mark.parametrize(
    "text",
    [ID4, ID9, ID16, SOLO_WROTE, "3x3:a1b2", "9jx:a,a", "9j#12345", "9jdb#12345", "  9j:a,b  "],
)
def test_looks_solo(text: str) -> None:
    assert looks_solo(text)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "4j",
        "12:34",
        "9j: a,b",
        "." * 81 + "1" * 81,
        "5" + "." * 80 + "111222333" * 9,
        '{"size": 9, "grid": []}',
        "https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwhAJgQRQGEAbCEAHWxAHQJkBYQ",
        "N4IgzglgXgpiBcBOANCA5gJwhAJgQRQGEAbCEAHWxAHQJkBYQ",
        "https://sudokupad.app/scl0abc",
        "https://www.sudokuwiki.org/Jigsaw_Sudoku_Player?bd=J9B" + "0ep" * 81,
        "J9B" + "0ep" * 81,
        "3",
        "Case 1:",
    ],
)
def test_not_solo(text: str) -> None:
    assert not looks_solo(text)


def _expect_puzzle_error(text: str) -> None:
    try:
        parse_solo(text)
    except PuzzleError as e:
        assert "\n" not in e.message


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_garbage_is_a_puzzle_error(text: str) -> None:
    _expect_puzzle_error(text)


_PLAIN_PARAMS = ["4j", "9j", "16j", "2x3j", "9jx", "3x3", "9jdb", "0j", "99j", "9", "j", ""]
_PARAMS = st.sampled_from([*_PLAIN_PARAMS, "4jk", "2x2k", "3x3x", "4jxk", "9x"])


@settings(max_examples=300, deadline=None)
@given(
    _PARAMS,
    st.sampled_from([":", "#", ""]),
    st.text(alphabet="abcdefghijklmnopqrstuvwxyz_0123456789,", max_size=120),
)
def test_near_ids_are_a_puzzle_or_a_puzzle_error(params: str, sep: str, body: str) -> None:
    _expect_puzzle_error(params + sep + body)


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from([ID4, ID9, ID16, ID6_ROWS, SOLO_WROTE, ID4_X, ID4_K, SOLO_WROTE_K]),
    st.lists(st.tuples(st.integers(0, 600), st.sampled_from("az_019,:#x")), min_size=1, max_size=3),
    st.booleans(),
)
def test_damaged_ids_are_a_puzzle_or_a_puzzle_error(text: str, edits: list, delete: bool) -> None:
    for at, char in edits:
        at %= len(text)
        text = text[:at] + ("" if delete else char) + text[at + 1 :]
    _expect_puzzle_error(text)


# ---- Solo itself -----------------------------------------------------------
# CI: apt-get install -y --no-install-recommends sgt-puzzles  (Debian/Ubuntu; no display
# is needed). `sgt-solo --generate 1 --test-solve --save P <id>` validates the id (exit
# 1, "error parsing ...", if Solo refuses it), runs Solo's solver (exit 1 if it finds
# no or several solutions) and saves the game, with the solution, to P0.

# Like the browser tests, these fail rather than skip where Solo is missing
# (.ci/run installs it).
SOLO = shutil.which("sgt-solo") or next((str(p) for p in (Path("/usr/games/sgt-solo"),) if p.exists()), None)


def needs_solo(test):  # type: ignore[no-untyped-def]
    """Fail ``test`` at once, saying how to install Solo, where it is missing."""

    @functools.wraps(test)
    def run(*args, **kwargs):  # type: ignore[no-untyped-def]
        if SOLO is None:
            pytest.fail("sgt-solo is not installed: apt-get install --no-install-recommends sgt-puzzles")
        return test(*args, **kwargs)

    return run


def _solo(tmp_path: Path, text: str) -> tuple[str, tuple[int, ...]]:
    """Solo's DESC and solution of the id ``text``."""
    prefix = tmp_path / f"game-{len(list(tmp_path.iterdir()))}-"
    assert SOLO is not None
    run = subprocess.run(
        [SOLO, "--generate", "1", "--test-solve", "--save", str(prefix), text],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    fields = {}
    for line in Path(f"{prefix}0").read_text().splitlines():
        key, _, value = line.split(":", 2)
        fields[key.strip()] = value
    return fields["DESC"], tuple(int(d) for d in fields["SOLVE"].removeprefix("S").split(","))


@needs_solo
def test_solo_accepts_the_hand_examples() -> None:
    assert SOLO is not None
    for text, _ in HAND:
        run = subprocess.run([SOLO, "--generate", "1", text], capture_output=True, text=True, timeout=60)
        assert run.returncode == 0 and run.stdout.strip() == text, run.stderr


@needs_solo
def test_solo_solves_what_we_write(tmp_path: Path) -> None:
    from squiggly_cp.engines.registry import classify
    from squiggly_cp.make.generate import make_puzzle

    for size in range(4, 17):
        rng = random.Random(size)
        puzzle = make_puzzle(rng, "unique", size)
        solution = classify(puzzle, "cpsat").solution
        assert solution is not None
        # More givens (still one solution), so that Solo's solver needs no long search.
        givens = list(puzzle.givens)
        empty = [i for i, d in enumerate(givens) if not d]
        rng.shuffle(empty)
        while len(empty) > 0.55 * size * size:
            cell = empty.pop()
            givens[cell] = solution[cell]
        text = solo_text(puzzle.with_givens(givens))
        assert _solo(tmp_path, text) == (text.split(":", 1)[1], solution), size


@needs_solo
@pytest.mark.parametrize("size", [9, 16])
@pytest.mark.parametrize("kind", [0, 1], ids=["rows", "columns"])
def test_solo_reads_our_z_runs(tmp_path: Path, size: int, kind: int) -> None:
    layout = _layout(size, kind)
    solution = tuple((i // size + i % size) % size + 1 for i in range(size * size))  # a Latin square
    givens = [0 if i % (size + 1) == 0 else d for i, d in enumerate(solution)]  # the diagonal empty
    text = solo_text(Puzzle(size, givens, layout))
    assert "z" in text.split(",")[1]
    assert _solo(tmp_path, text) == (text.split(":", 1)[1], solution)


@needs_solo
@pytest.mark.parametrize("size", [4, 6, 9])
@pytest.mark.parametrize("variant", ["x", "k", "xk"])
def test_solo_solves_our_x_and_killer_ids(tmp_path: Path, size: int, variant: str) -> None:
    """Ids we write with X diagonals, killer cages or both: Solo reads each and its
    solver finds the one solution CP-SAT proves."""
    from squiggly_cp.engines.registry import classify

    rng = random.Random(size)
    rules: list[Rule] = [*X] if "x" in variant else []
    for kind in range(2, 40):  # a layout whose diagonals can hold every digit
        layout = _layout(size, kind)
        found = classify(Puzzle(size, (0,) * size**2, layout, rules=tuple(rules))).solutions
        if found:
            break
    solution = found[0]
    rules += _cages(size, solution, rng) if "k" in variant else []
    puzzle = Puzzle(size, (0,) * size**2, layout, rules=tuple(rules))
    order = list(range(size * size))
    rng.shuffle(order)
    givens = [0] * size**2
    while classify(puzzle.with_givens(givens)).verdict is not Verdict.UNIQUE:
        for cell in order[:size]:  # a row's worth more givens, until CP-SAT proves it unique
            givens[cell] = solution[cell]
        order = order[size:]
    text = solo_text(puzzle.with_givens(givens))
    assert text.startswith(f"{size}j{variant}:")
    assert _solo(tmp_path, text) == (text.split(":", 1)[1], solution)


@needs_solo
@pytest.mark.parametrize(
    ("text", "solved"),
    [
        (ID4_X, SOLVED4_X),
        ("2x2x:1_2f4g", SOLVED4_X),
        (ID4_K, SOLVED4_K),
        (f"2x2k:1g2g,{WALLS4},{SUMS4}", SOLVED4_K),
    ],
)
def test_solo_solves_the_x_and_killer_hand_examples(tmp_path: Path, text: str, solved: tuple[int, ...]):
    assert _solo(tmp_path, text) == (text.split(":", 1)[1], solved)
    assert parse_solo(text).is_solution(solved)
