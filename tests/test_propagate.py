"""The propagation core on hand-worked positions (its soundness on random
puzzles is checked against a naive solver in test_hatch.py)."""

from __future__ import annotations

from squiggly_cp import Puzzle
from squiggly_cp.ask.hatch import hatch
from squiggly_cp.core.propagate import candidates
from test_hatch import SPEC_EXAMPLES, standard


def test_candidates_basic() -> None:
    puzzle = Puzzle.standard([1, 2, 3, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 4)
    masks = candidates(puzzle)
    assert masks is not None
    assert masks[0] == 0b0001 and masks[3] == 0b1000 and masks[5] == 0b1000
    assert masks[6] == 0b0011  # r2c3: 1 or 2
    assert candidates(standard(SPEC_EXAMPLES[1][0])) == [
        1 << (d - 1) for d in hatch(standard(SPEC_EXAMPLES[1][0])).grid
    ]


def test_candidates_none_on_error() -> None:
    dead = "000050000 000000000 000000000 000000000 123406789 000000000 000000000 000000000 000000000"
    assert candidates(standard(dead)) is None
    dup = "000000000 060000000 600000000 000000000 000000000 000000000 000000000 000000000 000000000"
    assert candidates(standard(dup)) is None
