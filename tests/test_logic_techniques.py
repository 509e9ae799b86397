"""Hand-built positions: each technique is the easiest step, with its exact eliminations.

All positions use one irregular 9x9 layout (below, regions numbered 1-9)
and no givens unless stated; every cell starts with all nine candidates and
each test removes some, so that only the pattern under test is left to find.
Cells are named r<row>c<col>, 1-based. The expected eliminations were worked
out by hand from the layout picture; each test's comment gives the reasoning.

    c: 123456789
    r1 112233444
    r2 122334445
    r3 123336645
    r4 122633645
    r5 172666645
    r6 172899695
    r7 178889995
    r8 177788995
    r9 777888955
"""

from __future__ import annotations

import re

import pytest

from squiggly_cp.core.geometry import layout_for
from squiggly_cp.core.puzzle import Puzzle
from squiggly_cp.core.rules import Diagonal, DisjointGroups
from squiggly_cp.logic import (
    direct,
    intersections,
    leftovers,
    next_step,
    potentials,
    singles,
    solve_logic,
    trial,
    uniqueness,
)
from squiggly_cp.logic.leftovers import equivalences, law_of_leftovers, partitions
from squiggly_cp.logic.links import logic_layout
from squiggly_cp.logic.state import State

LAYOUT = """
112233444
122334445
123336645
122633645
172666645
172899695
178889995
177788995
777888955
"""
REGIONS = tuple(int(ch) - 1 for ch in "".join(LAYOUT.split()))
EMPTY = Puzzle(9, (0,) * 81, REGIONS)
EMPTY_LAYOUT = layout_for(9, REGIONS)
FULL = 0x1FF


def cell(name: str) -> int:
    row, col = re.fullmatch(r"r(\d)c(\d)", name).groups()
    return (int(row) - 1) * 9 + int(col) - 1


def cells(names: str) -> list[int]:
    return [cell(name) for name in names.split()]


def row(r: int) -> list[int]:
    return [(r - 1) * 9 + c for c in range(9)]


def col(c: int) -> list[int]:
    return [r * 9 + c - 1 for r in range(9)]


def region(k: int) -> list[int]:
    return [i for i in range(81) if REGIONS[i] == k - 1]


def full() -> list[int]:
    return [FULL] * 81


def remove(cands: list[int], where, digits) -> None:
    for c in where:
        for d in digits:
            cands[c] &= ~(1 << (d - 1))


def only(cands: list[int], house: list[int], digit: int, keep: list[int]) -> None:
    """Digit ``digit`` stays in ``house`` only in ``keep``."""
    remove(cands, [c for c in house if c not in keep], [digit])


def setc(cands: list[int], name: str, digits) -> None:
    cands[cell(name)] = sum(1 << (d - 1) for d in digits)


def elims(spec: str) -> set[tuple[int, int]]:
    """``"r1c1-3 r1c2-3,4"`` -> {(cell, digit)}."""
    out = set()
    for part in spec.split():
        name, digits = part.split("-")
        out.update((cell(name), int(d)) for d in digits.split(","))
    return out


def easiest(cands: list[int], puzzle: Puzzle = EMPTY):
    step = next_step(puzzle, cands)
    assert step is not None
    return step


def test_layout_is_the_pictured_one():
    assert region(1) == cells("r1c1 r1c2 r2c1 r3c1 r4c1 r5c1 r6c1 r7c1 r8c1")
    assert region(5) == cells("r2c9 r3c9 r4c9 r5c9 r6c9 r7c9 r8c9 r9c8 r9c9")


def test_full_house():
    # Row 1 holds 1-8 in c1-c8: r1c9 is the last empty cell of row 1.
    givens = [0] * 81
    for c in range(8):
        givens[c] = c + 1
    step = easiest(full(), EMPTY.with_givens(givens))
    assert (step.technique, step.difficulty, step.placements) == ("full house", 1.0, ((cell("r1c9"), 9),))


def test_hidden_single_in_a_region():
    # 5 leaves every cell of region 5 but r9c8.
    cands = full()
    only(cands, region(5), 5, cells("r9c8"))
    step = easiest(cands)
    assert (step.technique, step.difficulty, step.placements) == ("hidden single", 1.2, ((cell("r9c8"), 5),))


def test_hidden_single_in_a_line():
    # 7 leaves row 5 but r5c5; every region still has several 7s.
    cands = full()
    only(cands, row(5), 7, cells("r5c5"))
    step = easiest(cands)
    assert (step.technique, step.difficulty, step.placements) == ("hidden single", 1.5, ((cell("r5c5"), 7),))


def test_naked_single():
    cands = full()
    setc(cands, "r5c5", [7])
    step = easiest(cands)
    assert (step.technique, step.difficulty, step.placements) == ("naked single", 2.3, ((cell("r5c5"), 7),))


def test_pointing():
    # Region 3's 1s are only in r3c3-r3c5 (row 3): the rest of row 3 loses 1.
    cands = full()
    only(cands, region(3), 1, cells("r3c3 r3c4 r3c5"))
    step = easiest(cands)
    assert (step.technique, step.difficulty) == ("pointing", 2.6)
    assert set(step.eliminations) == elims("r3c1-1 r3c2-1 r3c6-1 r3c7-1 r3c8-1 r3c9-1")


def test_claiming():
    # Row 3's 1s are only in r3c3-r3c5, all in region 3: the rest of region 3 loses 1.
    # No region has its 1s in one line (each region crossing row 3 keeps 1s in two lines).
    cands = full()
    only(cands, row(3), 1, cells("r3c3 r3c4 r3c5"))
    step = easiest(cands)
    assert (step.technique, step.difficulty) == ("claiming", 2.8)
    assert set(step.eliminations) == elims("r1c5-1 r1c6-1 r2c4-1 r2c5-1 r4c5-1 r4c6-1")


def test_naked_pair():
    # r5c1 and r5c9 (regions 1 and 5) hold {1, 2}: the rest of row 5 loses 1 and 2.
    cands = full()
    setc(cands, "r5c1", [1, 2])
    setc(cands, "r5c9", [1, 2])
    step = easiest(cands)
    assert (step.technique, step.difficulty) == ("naked pair", 3.0)
    assert set(step.eliminations) == {(c, d) for c in row(5)[1:8] for d in (1, 2)}


def test_law_of_leftovers_union():
    # Columns 1-3 against regions 1, 2, 7 (the three regions inside them but for
    # r1c4, r8c4): innies r3c3, r7c3, outies r1c4, r8c4, equal multisets. The outies
    # hold 1-3 only, so the innies lose 4-9. (With one line, the one-innie-one-outie
    # case, e.g. column 1 against region 1 here, is always caught earlier by
    # claiming or pointing; see the leftovers module.)
    cands = full()
    setc(cands, "r1c4", [1, 2])
    setc(cands, "r8c4", [1, 3])
    step = easiest(cands)
    assert (step.technique, step.difficulty) == ("law of leftovers", 3.5)
    assert set(step.eliminations) == {(c, d) for c in cells("r3c3 r7c3") for d in range(4, 10)}


def test_law_of_leftovers_count_rule():
    # Columns 1-3 against regions 1, 2, 7: innies r3c3, r7c3, outies r1c4, r8c4.
    # r8c4 is placed 5 (one 5 among the outies); of the innies only r3c3 can hold 5,
    # so r3c3 = 5. Checked on the rule itself: on this layout some locked candidate
    # or smaller leftover always comes first for a position built this way.
    q = next(q for q in equivalences(EMPTY_LAYOUT) if q.innies == tuple(cells("r3c3 r7c3")))
    assert q.outies == tuple(cells("r1c4 r8c4"))
    cands = full()
    remove(cands, cells("r7c3"), [5])
    state = State.start(EMPTY, cands)
    state.place(cell("r8c4"), 5)
    steps = list(leftovers._count(state, q))
    assert [(s.placements, s.eliminations, s.difficulty) for s in steps] == [(((cell("r3c3"), 5),), (), 3.7)]


def test_law_of_leftovers_distinct_rule():
    # Columns 7-9 against regions 4, 5, 9: innies r3c7-r6c7 (all in column 7, so their
    # digits are distinct), outies r2c6, r6c5, r6c6, r7c6 (not one house). The outies
    # hold the innies' digits, so they are distinct too: with r2c6 = 6, r6c5 (which
    # does not see r2c6) loses 6; r6c6 and r7c6 share column 6 with r2c6 already.
    q = next(q for q in equivalences(EMPTY_LAYOUT) if q.innies == tuple(cells("r3c7 r4c7 r5c7 r6c7")))
    assert q.outies == tuple(cells("r2c6 r6c5 r6c6 r7c6"))
    assert q.innies_see and not q.outies_see
    state = State.start(EMPTY)
    state.place(cell("r2c6"), 6)
    steps = list(leftovers._distinct(state, q))
    assert [set(s.eliminations) for s in steps] == [elims("r6c5-6")]
    assert steps[0].difficulty == 3.9


def test_one_line_leftover_is_claiming():
    # Column 1 against region 1: innie r9c1, outie r1c2. r9c1 lacking 4-9 means
    # column 1's 4-9 all lie in region 1: claiming removes them from r1c2 first.
    cands = full()
    setc(cands, "r9c1", [1, 2, 3])
    step = easiest(cands)
    assert step.technique == "claiming"
    assert set(step.eliminations) <= elims("r1c2-4,5,6,7,8,9")


def test_x_wing():
    # 1 in rows 2 and 7 only in columns 2 and 8 (four cells in four regions):
    # columns 2 and 8 lose 1 everywhere else.
    cands = full()
    only(cands, row(2), 1, cells("r2c2 r2c8"))
    only(cands, row(7), 1, cells("r7c2 r7c8"))
    step = easiest(cands)
    assert (step.technique, step.difficulty) == ("x-wing", 3.2)
    assert set(step.eliminations) == {(r * 9 + c, 1) for r in (0, 2, 3, 4, 5, 7, 8) for c in (1, 7)}


def test_hidden_pair():
    # In row 5, 1 and 2 fit only r5c1 and r5c9 (regions 1 and 5): both lose 3-9.
    cands = full()
    only(cands, row(5), 1, cells("r5c1 r5c9"))
    only(cands, row(5), 2, cells("r5c1 r5c9"))
    step = easiest(cands)
    assert (step.technique, step.difficulty) == ("hidden pair", 3.4)
    assert set(step.eliminations) == {(c, d) for c in cells("r5c1 r5c9") for d in range(3, 10)}


def test_franken_x_wing():
    # 1 in region 6 only at r4c4 and r5c7, in row 2 only at r2c4 (region 3) and r2c7
    # (region 4): base {row 2, region 6} (disjoint), cover {column 4, column 7}.
    # Columns 4 and 7 lose 1 outside the base where they still have it: r1c4 r3c4
    # r6c4 r7c4 r8c4 r9c4 and r1c7 r7c7 r8c7 r9c7 (r5c4, r3c7, r4c7, r6c7 are in
    # region 6 and already lack 1). No cell outside region 6 sees both r4c4 and r5c7
    # (r4c7, r5c4 are inside it), none sees both r2c4 and r2c7 outside row 2, and no
    # line or region has its 1s in one other house, so nothing easier applies.
    cands = full()
    only(cands, region(6), 1, cells("r4c4 r5c7"))
    only(cands, row(2), 1, cells("r2c4 r2c7"))
    step = easiest(cands)
    assert (step.technique, step.difficulty) == ("franken x-wing", 3.5)
    assert set(step.eliminations) == elims(
        "r1c4-1 r3c4-1 r6c4-1 r7c4-1 r8c4-1 r9c4-1 r1c7-1 r7c7-1 r8c7-1 r9c7-1"
    )


def test_franken_swordfish():
    # 1 in row 1 only at r1c2, r1c9; in row 3 only at r3c3, r3c9; in region 2 only at
    # r2c2, r4c3. Base {row 1, row 3, region 2}, cover {columns 2, 3, 9}. Cover cells
    # outside the base that still hold 1: column 2 r5c2-r9c2 (r3c2, r4c2 lost it),
    # column 3 r7c3-r9c3 (r1c3, r2c3, r5c3, r6c3 lost it), column 9 r2c9, r4c9-r9c9.
    cands = full()
    only(cands, row(1), 1, cells("r1c2 r1c9"))
    only(cands, row(3), 1, cells("r3c3 r3c9"))
    only(cands, region(2), 1, cells("r2c2 r4c3"))
    step = easiest(cands)
    assert (step.technique, step.difficulty) == ("franken swordfish", 4.1)
    expected = {(cell(f"r{r}c2"), 1) for r in range(5, 10)} | {(cell(f"r{r}c3"), 1) for r in (7, 8, 9)}
    expected |= {(cell(f"r{r}c9"), 1) for r in (2, 4, 5, 6, 7, 8, 9)}
    assert set(step.eliminations) == expected


def test_naked_triple():
    # r5c1 {1,2}, r5c5 {2,3}, r5c9 {1,3} (regions 1, 6, 5): the rest of row 5 loses 1-3.
    cands = full()
    setc(cands, "r5c1", [1, 2])
    setc(cands, "r5c5", [2, 3])
    setc(cands, "r5c9", [1, 3])
    step = easiest(cands)
    assert (step.technique, step.difficulty) == ("naked triple", 3.6)
    assert set(step.eliminations) == {
        (c, d) for c in cells("r5c2 r5c3 r5c4 r5c6 r5c7 r5c8") for d in (1, 2, 3)
    }


def test_swordfish():
    # 1 in row 2 only at c2, c5; row 5 at c5, c8; row 7 at c2, c8 (each pair in two
    # regions; no two rows form an X-Wing or a franken X-Wing, and every line and
    # region keeps 1s in two regions / two lines): columns 2, 5 and 8 lose 1 in rows
    # 1, 3, 4, 6, 8, 9. (Rows 1 and 9 are avoided: removing r1c2's or r9c1's 1 makes
    # region 1 / column 1 a locked candidate.)
    cands = full()
    only(cands, row(2), 1, cells("r2c2 r2c5"))
    only(cands, row(5), 1, cells("r5c5 r5c8"))
    only(cands, row(7), 1, cells("r7c2 r7c8"))
    step = easiest(cands)
    assert (step.technique, step.difficulty) == ("swordfish", 3.8)
    assert set(step.eliminations) == {(r * 9 + c, 1) for r in (0, 2, 3, 5, 7, 8) for c in (1, 4, 7)}


def test_jellyfish():
    # 1 in rows 1, 2, 3, 9 only at (c3, c5), (c5, c7), (c7, c9), (c9, c3): four rows
    # within four columns, no three rows within three columns. Columns 3, 5, 7, 9 lose
    # 1 in rows 4-8 (20 cells, all still holding 1). Cells seeing both cells of a row's
    # pair from outside the row, such as r3c3 (region 3 with r1c5, column 3 with r1c3),
    # have no 1 left, so common peers gives nothing.
    cands = full()
    for r, pair in ((1, "c3 c5"), (2, "c5 c7"), (3, "c7 c9"), (9, "c9 c3")):
        only(cands, row(r), 1, cells(" ".join(f"r{r}{c}" for c in pair.split())))
    step = easiest(cands)
    assert (step.technique, step.difficulty) == ("jellyfish", 5.2)
    assert set(step.eliminations) == {(cell(f"r{r}c{c}"), 1) for r in range(4, 9) for c in (3, 5, 7, 9)}


def test_naked_quad():
    # r5c1 {1,2}, r5c3 {2,3}, r5c5 {3,4}, r5c9 {4,1} (regions 1, 2, 6, 5): four cells,
    # four digits; the rest of row 5 loses 1-4. No three of them hold only three digits,
    # and no XY-Wing: the pincers of each pivot differ in their third digit.
    cands = full()
    for name, digits in (("r5c1", [1, 2]), ("r5c3", [2, 3]), ("r5c5", [3, 4]), ("r5c9", [4, 1])):
        setc(cands, name, digits)
    step = easiest(cands)
    assert (step.technique, step.difficulty) == ("naked quad", 5.0)
    assert set(step.eliminations) == {(c, d) for c in cells("r5c2 r5c4 r5c6 r5c7 r5c8") for d in (1, 2, 3, 4)}


def test_hidden_quad():
    # In row 5, 1-4 fit only r5c1, r5c3, r5c5, r5c9: those cells lose 5-9.
    cands = full()
    for d in (1, 2, 3, 4):
        only(cands, row(5), d, cells("r5c1 r5c3 r5c5 r5c9"))
    step = easiest(cands)
    assert (step.technique, step.difficulty) == ("hidden quad", 5.4)
    assert set(step.eliminations) == {(c, d) for c in cells("r5c1 r5c3 r5c5 r5c9") for d in range(5, 10)}


def test_hidden_triple():
    # In row 5, 1, 2 and 3 fit only r5c1, r5c5, r5c9: those cells lose 4-9.
    cands = full()
    for d in (1, 2, 3):
        only(cands, row(5), d, cells("r5c1 r5c5 r5c9"))
    step = easiest(cands)
    assert (step.technique, step.difficulty) == ("hidden triple", 4.0)
    assert set(step.eliminations) == {(c, d) for c in cells("r5c1 r5c5 r5c9") for d in range(4, 10)}


def test_xy_wing():
    # Pivot r5c5 {1,2}; pincers r5c1 {1,3} (row 5) and r1c5 {2,3} (column 5), which do
    # not see each other. Cells seeing both pincers: r1c1 (row 1, column 1) and r1c2
    # (row 1, region 1); they lose 3.
    cands = full()
    setc(cands, "r5c5", [1, 2])
    setc(cands, "r5c1", [1, 3])
    setc(cands, "r1c5", [2, 3])
    step = easiest(cands)
    assert (step.technique, step.difficulty) == ("xy-wing", 4.2)
    assert set(step.eliminations) == elims("r1c1-3 r1c2-3")


def test_xyz_wing():
    # Pivot r5c5 {1,2,3} (region 6); pincers r5c1 {1,3} (row 5) and r4c4 {2,3} (region 6).
    # Cells seeing all three: the row-5 cells of region 6, r5c4 r5c6 r5c7; they lose 3.
    cands = full()
    setc(cands, "r5c5", [1, 2, 3])
    setc(cands, "r5c1", [1, 3])
    setc(cands, "r4c4", [2, 3])
    step = easiest(cands)
    assert (step.technique, step.difficulty) == ("xyz-wing", 4.4)
    assert set(step.eliminations) == elims("r5c4-3 r5c6-3 r5c7-3")


def test_w_wing():
    # r1c1 and r9c9 hold {1,2} and do not see each other; row 5's 1s are only r5c1
    # (sees r1c1) and r5c9 (sees r9c9). One of r1c1, r9c9 is 2, so r1c9 and r9c1
    # (the only cells seeing both) lose 2.
    cands = full()
    setc(cands, "r1c1", [1, 2])
    setc(cands, "r9c9", [1, 2])
    only(cands, row(5), 1, cells("r5c1 r5c9"))
    step = easiest(cands)
    assert (step.technique, step.difficulty) == ("w-wing", 4.4)
    assert set(step.eliminations) == elims("r1c9-2 r9c1-2")


def test_common_peers():
    # Jigsaw only: column 2's 1s are r1c2 (region 1) and r3c2 (region 2). r3c1 sees
    # r1c2 (region 1) and r3c2 (row 3); r1c3, r1c4 see r1c2 (row 1) and r3c2 (region
    # 2). One of the pair is 1, so those three lose 1. (With 3x3 boxes no cell outside
    # the column sees both cells of a column pair in two boxes.) Column 1's 1s (r3c1,
    # r9c1) are in regions 1 and 7 and nothing sees both, so no other step exists.
    cands = full()
    only(cands, col(1), 1, cells("r3c1 r9c1"))
    only(cands, col(2), 1, cells("r1c2 r3c2"))
    step = easiest(cands)
    assert (step.technique, step.difficulty) == ("common peers", 2.9)
    assert set(step.eliminations) == elims("r1c3-1 r1c4-1 r3c1-1")


@pytest.mark.parametrize("name", ["pointing", "naked pair", "x-wing", "xy-wing"])
def test_max_technique_is_respected(name):
    from squiggly_cp.logic import TECHNIQUES

    cands = full()
    setc(cands, "r5c5", [1, 2])
    setc(cands, "r5c1", [1, 3])
    setc(cands, "r1c5", [2, 3])
    result = solve_logic(EMPTY, candidates=cands, max_technique=name, max_steps=5)
    allowed = set(TECHNIQUES[: TECHNIQUES.index(name) + 1])
    assert all(step.technique in allowed for step in result.steps)


def test_max_technique_caps_variable_difficulties():
    # The three-line leftover of test_law_of_leftovers_union rates 3.5: allowed up to
    # hidden pair (3.4) it is not used, up to franken x-wing (3.5) it is.
    cands = full()
    setc(cands, "r1c4", [1, 2])
    setc(cands, "r8c4", [1, 3])
    assert next_step(EMPTY, cands, max_technique="hidden pair") is None
    assert next_step(EMPTY, cands, max_technique="franken x-wing").technique == "law of leftovers"


def test_state_from_candidates_keeps_givens():
    state = State.start(EMPTY.with_givens([5] + [0] * 80))
    assert state.values[0] == 5
    assert all(not state.cands[p] & (1 << 4) for p in state.layout.peers[0])


# A 7x7 position (reached by the solver on a generated minimal puzzle) where
# nothing short of forcing chains applies. Regions and candidates, row by row:
TRIAL_REGIONS = "1112223 4112223 4112333 4444353 6455555 6667775 6667777"
TRIAL_CANDS = """
1..45.7 .....6. 123.5.7 1.345.7 .2345.7 1234... 12345.7
1..45.7 1234..7 123.5.7 .....6. .2345.7 1234... 12345.7
1..45.7 1234..7 123.5.7 ..345.7 .2345.7 1234... .....6.
.....6. 1234..7 123.5.7 1.3.5.7 ...45.7 .234... 1..45.7
1.....7 .234... 1.3.5.7 1.345.7 .2345.7 .....6. 12345.7
..3.... 1.....7 ...4... .2..... .....6. ....5.. 1.....7
.2..... ....5.. .....6. ..34... 1...... ......7 ..34...
"""
TRIAL_SOLUTION = "5617342 4376215 1425736 6753421 7231564 3142657 2564173"


def test_trial():
    # Every candidate is assumed in turn and followed by singles; those that end in
    # a contradiction go, all in one step. For example r5c7 = 1: region 3's 1 must
    # then be r3c6, region 2's r1c4, region 6's r6c2, region 1's r2c3 (hidden
    # singles), and row 4 is left without a place for 1: r4c2 sees r6c2, r4c3 sees
    # r2c3, r4c4 sees r1c4, r4c5 is in region 3 with r3c6, r4c6 is in region 5 with
    # r5c7, r4c7 is in column 7 with it (r4c1 holds 6). The step's other eliminations
    # are checked against the solution (each is a digit the solution does not have).
    n = 7
    regions = tuple(int(ch) - 1 for ch in TRIAL_REGIONS.replace(" ", ""))
    masks = [sum(1 << (int(ch) - 1) for ch in field if ch != ".") for field in TRIAL_CANDS.split()]
    givens = tuple(m.bit_length() if m.bit_count() == 1 else 0 for m in masks)
    puzzle = Puzzle(n, givens, regions)
    solution = [int(ch) for ch in TRIAL_SOLUTION.replace(" ", "")]
    step = next(trial.shallow_trial(State.start(puzzle, masks)))
    assert (step.technique, step.difficulty) == ("trial", 10.0)
    assert (4 * n + 6, 1) in step.eliminations
    assert all(solution[c] != d for c, d in step.eliminations)
    assert all(masks[c] >> (d - 1) & 1 for c, d in step.eliminations)
    assert len(step.eliminations) == 13
    assert "leads by singles to a contradiction" in step.text
    # The solver itself uses trial only as the last resort: nothing up to aligned
    # triplet exclusion applies here, but a Nishio chain on one digit does, and
    # what it removes the solution lacks.
    assert next_step(puzzle, masks, max_technique="aligned triplet exclusion") is None
    chosen = next_step(puzzle, masks)
    assert chosen.technique == "nishio forcing chains"
    assert all(solution[c] != d for c, d in chosen.eliminations)


def test_a_nested_trial_that_reaches_the_solution(monkeypatch: pytest.MonkeyPatch) -> None:
    # A search out of budget proves nothing (budget 0 here: each stops at its
    # first branch); the one that reaches a solution, on a puzzle proved
    # unique, leaves the other candidates out. The puzzle and its solution
    # (CP-SAT's) are line 97 of logic_unique.txt: r2c3 is 1 or 2, and 2 is right.
    regions = tuple(int(ch) for ch in "0011100121032223344233444")
    givens = tuple(int(ch) if ch != "." else 0 for ch in ".....3......5.31......4..")
    puzzle = Puzzle(5, givens, regions)
    solution = [int(ch) for ch in "2513431245425131435253421"]
    monkeypatch.setattr(trial, "NODE_LIMIT", 0)
    state = State.start(puzzle, unique=True)
    (step,) = list(trial.nested_trial(state))
    assert step.eliminations == ((7, 1),) and solution[7] == 2
    assert "leads to a solution, and the puzzle has only one" in step.text
    state.unique = False  # not proved: no step
    assert list(trial.nested_trial(state)) == []


def test_trial_is_the_last_resort():
    # A chain step rated above trial's 10.0 is still taken before trial; trial runs
    # only when no other technique has a step.
    from squiggly_cp.logic.solver import find_step
    from squiggly_cp.logic.step import Step, Technique

    def hard(state):
        yield Step("hard chain", 10.5, eliminations=((0, 1),))

    def nothing(state):
        return iter(())

    def guess(state):
        yield Step("trial", 10.0, eliminations=((1, 1),))

    state = State.start(EMPTY, full())
    last = Technique("trial", 10.0, 1, guess, variable=True, last_resort=True)
    chain = Technique("hard chain", 9.0, 1, hard, variable=True)
    assert find_step(state, (chain, last)).technique == "hard chain"
    assert find_step(state, (Technique("none", 9.0, 1, nothing, variable=True), last)).technique == "trial"


def test_direct_pointing():
    # Region 1's 5s are only in r2c1, r3c1 (column 1), so r9c1, the one cell of
    # column 1 outside region 1, loses 5. Region 7's 5s were r9c1 and r9c2: r9c2 is
    # left, and the step places it (1.7 on the default scale, where regions are boxes).
    cands = full()
    only(cands, region(1), 5, cells("r2c1 r3c1"))
    only(cands, region(7), 5, cells("r9c1 r9c2"))
    step = next(direct.direct_locking(State.start(EMPTY, cands)))
    assert (step.technique, step.difficulty) == ("direct pointing", 1.7)
    assert step.placements == ((cell("r9c2"), 5),)
    assert set(step.eliminations) == elims("r9c1-5")
    # Sudoku Explainer grades it 1.9 on a jigsaw (its 1.7 is for true boxes only).
    se = next_step(EMPTY, cands, scale="se")
    assert (se.technique, se.difficulty, se.placements) == ("direct claiming", 1.9, ((cell("r9c2"), 5),))


def test_direct_hidden_pair():
    # Row 1's 1s and 2s are only in r1c1, r1c2: a hidden pair, so those cells lose
    # their other digits (r1c1 3-9; r1c2 4-9, 3 being gone from it already). Row 1's
    # 3s were r1c1 and r1c3: r1c3 is left. 1 and 2 are locked in
    # region 1 (claiming, 2.8), but no other row then has a single place for them.
    cands = full()
    only(cands, row(1), 1, cells("r1c1 r1c2"))
    only(cands, row(1), 2, cells("r1c1 r1c2"))
    only(cands, row(1), 3, cells("r1c1 r1c3"))
    step = next_step(EMPTY, cands, scale="se")
    assert (step.technique, step.difficulty) == ("direct hidden pair", 2.0)
    assert step.placements == ((cell("r1c3"), 3),)
    assert set(step.eliminations) == {(cell("r1c1"), d) for d in range(3, 10)} | {
        (cell("r1c2"), d) for d in range(4, 10)
    }


def test_unique_rectangle_type_1():
    # r2c1, r2c2, r3c1, r3c2: rows 2-3, columns 1-2, regions 1-2, all holding 1 and
    # 2, three of them nothing else. If r3c2 were 1 or 2 the four could swap 1 and 2:
    # two solutions. So, on a puzzle proved unique, r3c2 loses 1 and 2.
    cands = full()
    for name in ("r2c1", "r2c2", "r3c1"):
        setc(cands, name, [1, 2])
    setc(cands, "r3c2", [1, 2, 3])
    state = State.start(EMPTY, cands, unique=True)
    step = next(uniqueness.unique_loops(state))
    assert (step.technique, step.difficulty) == ("unique rectangle type 1", 4.5)
    assert set(step.eliminations) == elims("r3c2-1,2")
    # Never on a puzzle not proved unique.
    assert list(uniqueness.unique_loops(State.start(EMPTY, cands))) == []


def test_unique_rectangle_type_3_hidden():
    # The same rectangle with two extra cells: r2c2 {1,2,3} and r3c2 {1,2,4}, both in
    # column 2. Were both 1 or 2, the four cells could swap them: so at least one
    # holds 3 or 4, and together they give column 2 at most one of 1 and 2. Column
    # 2's 1s and 2s are only in r2c2, r3c2 and r7c2: r7c2 must hold the other one,
    # a hidden pair with the two extra cells counted once. r7c2 loses 3-9, at 4.5.
    cands = full()
    for name in ("r2c1", "r3c1"):
        setc(cands, name, [1, 2])
    setc(cands, "r2c2", [1, 2, 3])
    setc(cands, "r3c2", [1, 2, 4])
    for digit in (1, 2):
        only(cands, col(2), digit, cells("r2c2 r3c2 r7c2"))
    step = next(uniqueness.unique_loops(State.start(EMPTY, cands, unique=True)))
    assert (step.technique, step.difficulty) == ("unique rectangle type 3", 4.5)
    assert set(step.eliminations) == {(cell("r7c2"), d) for d in range(3, 10)}
    assert "hidden set 1, 2" in step.text


def test_uniqueness_techniques_need_a_proof_of_uniqueness():
    # The same position through the solver (se scale): with unique=False no step it
    # takes is a uniqueness step (EMPTY has many solutions: the rectangle is not deadly).
    cands = full()
    for name in ("r2c1", "r2c2", "r3c1"):
        setc(cands, name, [1, 2])
    setc(cands, "r3c2", [1, 2, 3])
    result = solve_logic(EMPTY, candidates=cands, max_steps=5, scale="se")
    assert not any(s.technique.startswith(("unique", "bug")) for s in result.steps)
    proved = solve_logic(EMPTY, candidates=cands, max_steps=5, scale="se", unique=True)
    assert any(s.technique.startswith("unique") for s in proved.steps)


def test_chain_length_bonus():
    # SE's steps: nothing up to 6 potentials, then 0.1 more past 4, 6, 8, 12, 16,
    # 24, 32... potentials beyond the first two.
    sizes = (4, 6, 7, 8, 9, 10, 11, 14, 15, 18, 19, 26, 27)
    grades = {n: round(potentials.length_bonus(n), 1) for n in sizes}
    assert grades == {
        4: 0.0,
        6: 0.0,
        7: 0.1,
        8: 0.1,
        9: 0.2,
        10: 0.2,
        11: 0.3,
        14: 0.3,
        15: 0.4,
        18: 0.4,
        19: 0.5,
        26: 0.5,
        27: 0.6,
    }


@pytest.mark.parametrize("scale", ["se", "default"])
def test_turbot_fish(scale):
    # 1 in column 1 only at r2c1, r8c1 (region 1); in column 2 only at r2c2 (region 2)
    # and r7c2 (region 7). Skyscraper: r7c2 = r2c2 - r2c1 = r8c1, so r7c2 or r8c1 is 1.
    # Cells seeing both: r7c1, r8c2, r9c1 and r1c2 have no 1 left; r8c3 and r8c4
    # (row 8 with r8c1, region 7 with r7c2) lose 1. Column 1's and region 1's 1s are
    # locked in each other, but that removes nothing more. SE's forcing X-chain takes
    # one at a time: r8c3 = 1 -> r8c1 <> 1 -> r2c1 = 1 -> r2c2 <> 1 -> r7c2 = 1 ->
    # r8c3 <> 1: six potentials, a turbot fish, 6.6 (on both scales: the default
    # scale's extra techniques find nothing here).
    cands = full()
    only(cands, col(1), 1, cells("r2c1 r8c1"))
    only(cands, col(2), 1, cells("r2c2 r7c2"))
    step = next_step(EMPTY, cands, scale=scale)
    assert (step.technique, step.difficulty) == ("turbot fish", 6.6)
    assert set(step.eliminations) == elims("r8c3-1")
    after = solve_logic(EMPTY, candidates=cands, max_steps=2, scale=scale).steps[1]
    assert (after.technique, set(after.eliminations)) == ("turbot fish", elims("r8c4-1"))


@pytest.mark.parametrize("scale", ["se", "default"])
def test_forcing_chain_through_bivalue_cells(scale):
    # Bivalue cells r1c1 {1,2} - r1c5 {2,3} - r5c5 {3,4} - r5c9 {4,1}, each seeing the
    # next: if r1c1 is not 1 it is 2, so r1c5 is 3, r5c5 is 4 and r5c9 is 1. So r1c1
    # or r5c9 is 1: r1c9 and r5c1 (seeing both) lose 1. As SE: r1c9 = 1 -> r1c1 <> 1
    # -> r1c1 = 2 -> ... -> r5c9 = 1 -> r1c9 <> 1, ten potentials: 7.0 + 0.2.
    cands = full()
    setc(cands, "r1c1", [1, 2])
    setc(cands, "r1c5", [2, 3])
    setc(cands, "r5c5", [3, 4])
    setc(cands, "r5c9", [4, 1])
    step = next_step(EMPTY, cands, scale=scale)
    assert (step.technique, step.difficulty) == ("forcing chain", 7.2)
    assert set(step.eliminations) == elims("r1c9-1")


def test_a_hidden_single_in_a_diagonal() -> None:
    # 4x4 boxes, 1s at r1c2 and r3c1: of the negative diagonal, r1c1 (row 1),
    # r2c2 (column 2) and r3c3 (row 3) cannot hold 1, so r4c4 must. In row 4,
    # column 4 and box 4, 1 still has two places each.
    givens = [0] * 16
    givens[1] = givens[8] = 1
    plain = Puzzle.standard(givens, 4)
    assert not [s for s in singles.hidden_single_line(State.start(plain)) if s.placements == ((15, 1),)]
    assert not [s for s in singles.hidden_single_region(State.start(plain)) if s.placements == ((15, 1),)]
    crossed = State.start(plain.with_rules([Diagonal("-")]))
    found = [s for s in singles.hidden_single_line(crossed) if s.placements == ((15, 1),)]
    assert [s.houses for s in found] == [(12,)]
    assert found[0].text == "Hidden single in the negative diagonal: r4c4 = 1"


def test_locked_candidates_between_a_diagonal_and_a_box() -> None:
    # 4x4 boxes with the negative diagonal, 1 taken from r1c2 and r2c1: box 1's 1
    # is at r1c1 or r2c2, both on the diagonal, so pointing takes 1 from r3c3 and
    # r4c4. Without the diagonal no house but box 1 holds both places.
    cands = [0b1111] * 16
    cands[1] = cands[4] = 0b1110
    crossed = Puzzle.standard([0] * 16, 4).with_rules([Diagonal("-")])
    steps = [s for s in intersections.pointing(State.start(crossed, cands)) if s.houses[0] == 8]
    assert [(s.houses, s.eliminations) for s in steps] == [((8, 12), ((10, 1), (15, 1)))]
    plain = State.start(Puzzle.standard([0] * 16, 4), cands)
    assert not [s for s in intersections.pointing(plain) if s.houses[0] == 8]


def test_law_of_leftovers_against_the_disjoint_groups():
    # The disjoint groups split the grid into 9 houses, as the boxes do: row 1
    # holds the digits that disjoint group 3 (r1c3, r1c6, r1c9, r4c3, ...)
    # holds, so the innies (row 1 outside the group) hold what the outies
    # (the group outside row 1) hold. Worked by hand: r1c1, r1c2, r1c4, r1c5,
    # r1c7, r1c8 against r4c3, r4c6, r4c9, r7c3, r7c6, r7c9.
    puzzle = EMPTY.with_rules([DisjointGroups()])
    layout = logic_layout(puzzle)
    [family] = partitions(layout)
    assert sorted(len(layout.houses[h]) for h in family) == [9] * 9
    outies = cells("r4c3 r4c6 r4c9 r7c3 r7c6 r7c9")
    innies = cells("r1c1 r1c2 r1c4 r1c5 r1c7 r1c8")
    q = next(q for q in equivalences(layout) if q.innies == tuple(innies))
    assert q.outies == tuple(outies) and len(q.regions) == 1 and q.regions[0] in family
    cands = full()
    for c in outies:
        cands[c] = 0b111111  # 1-6
    steps = [s for s in law_of_leftovers(State.start(puzzle, cands)) if s.houses == q.lines + q.regions]
    assert steps and {(c, d) for c in innies for d in (7, 8, 9)} <= set(steps[0].eliminations)
    assert "disjoint group 3" in steps[0].text
