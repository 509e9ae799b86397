"""`squiggly_cp.logic.uniqueness`: unique loops found again only where what
their search reads has changed (`State.memo`) are the loops a fresh search
finds, from every bivalue cell of every state along the se paths of two
stored puzzles, taken in path order, backwards and shuffled."""

from __future__ import annotations

import random

from logic_check import path_states
from squiggly_cp.core.puzzle import Puzzle
from squiggly_cp.core.rules import Diagonal, ExtraRegion
from squiggly_cp.logic import uniqueness
from squiggly_cp.logic.state import State


def test_kept_loops_are_the_loops_found_afresh() -> None:
    states = path_states()
    compared = with_loops = 0
    for order in (states, states[::-1], random.Random(5).sample(states, len(states))):
        memos: dict[int, dict[object, object]] = {}
        for state in order:
            state.memo = memos.setdefault(id(state.layout), {})
            places = state.places()
            for start, pair in enumerate(state.cands):
                if state.values[start] or pair.bit_count() != 2:
                    continue
                fresh = uniqueness._loops(state, start, pair)
                assert uniqueness._kept_loops(state, start, pair, places) == fresh
                compared += 1
                with_loops += bool(fresh)
    assert compared >= 5000 and with_loops >= 500


def test_a_rectangle_is_deadly_only_if_every_house_of_its_cells_survives_the_swap() -> None:
    # 4x4 boxes: r1c1, r1c3, r2c3, r2c1 lie in rows 1-2, columns 1 and 3, boxes 1
    # and 2, each house holding two of them: swapping two digits round the loop
    # keeps every house valid. A diagonal through one corner holds one cell of
    # the loop, so a swap would break it: not a deadly pattern.
    loop = [0, 2, 6, 4]
    plain = State.start(Puzzle.standard([0] * 16, 4))
    assert uniqueness._valid(plain, loop)
    for diagonal in (Diagonal("-"), Diagonal("+")):  # through r1c1, through r2c3
        crossed = State.start(Puzzle.standard([0] * 16, 4).with_rules([diagonal]))
        assert not uniqueness._valid(crossed, loop)
    # A window (an extra region) holding r1c3 and r2c3 keeps two cells of
    # opposite parity: the swap keeps it valid too.
    window = State.start(Puzzle.standard([0] * 16, 4).with_rules([ExtraRegion((2, 3, 6, 7))]))
    assert uniqueness._valid(window, loop)
