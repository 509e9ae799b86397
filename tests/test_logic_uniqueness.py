"""`squiggly_cp.logic.uniqueness`: unique loops found again only where what
their search reads has changed (`State.memo`) are the loops a fresh search
finds, from every bivalue cell of every state along the se paths of two
stored puzzles, taken in path order, backwards and shuffled."""

from __future__ import annotations

import random

from logic_check import path_states
from squiggly_cp.logic import uniqueness


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
