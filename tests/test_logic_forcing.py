"""`squiggly_cp.logic.forcing`: what lets a search skip work changes nothing
static chains find. Along the whole se path of two stored puzzles full of
chains, `static_found` (bounded, as the solver runs it, and unbounded, as
nested chains do) gives the same hints with the sources no strong link leads
into skipped and with every source searched; and a bounded search that
skips what the last one's record (`State.memo`) shows must find nothing again
gives the same hints as one with nothing kept, taking the states in path
order (fewer candidates each time), backwards (candidates come back) and
shuffled."""

from __future__ import annotations

import random
from typing import Any

import pytest

from logic_check import path_states
from squiggly_cp.logic import forcing
from squiggly_cp.logic.potentials import chain_nodes
from squiggly_cp.logic.state import State


class _Everything:
    def __contains__(self, item: object) -> bool:
        return True


def _found(state: State, bounded: bool) -> list[tuple]:
    return [
        (h.difficulty, h.complexity, h.key, h.name, h.placements, h.eliminations, h.text)
        for h in forcing.static_found(state, bounded)
    ]


@pytest.mark.parametrize("bounded", [True, False])
def test_skipped_sources_find_nothing(bounded: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    states = path_states()
    skipping = [_found(s, bounded) for s in states]
    monkeypatch.setattr(forcing, "_closable", lambda grid, y, x: _Everything())
    everything: list[Any] = [_found(s, bounded) for s in states]
    assert skipping == everything
    assert sum(map(bool, skipping)) >= 20  # the states have chains to find


def test_kept_records_skip_only_what_finds_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    states = path_states()
    searches = {"kept": 0, "fresh": 0}
    count = "fresh"
    for name in ("_cycles", "_forcing"):
        search = getattr(forcing, name)

        def counted(*args: Any, search: Any = search) -> list:
            searches[count] += 1
            return search(*args)

        monkeypatch.setattr(forcing, name, counted)
    shuffled = random.Random(7).sample(states, len(states))
    fresh_of: dict[int, list[tuple]] = {}  # a search with nothing kept gives the same in any order
    for order in (states, states[::-1], shuffled):
        memos: dict[int, dict[object, object]] = {}
        for state in order:
            if id(state) not in fresh_of:
                count = "fresh"
                state.memo = {}
                fresh_of[id(state)] = _found(state, True)
            fresh = fresh_of[id(state)]
            count = "kept"
            # a memo is shared by the copies of one state, on one layout
            state.memo = memos.setdefault(id(state.layout), {})
            assert _found(state, True) == fresh
        if order is states:
            # the solver's case: about half the searches are skipped
            assert searches["kept"] < 0.7 * searches["fresh"]


def test_a_candidate_that_comes_back_voids_the_forcing_records() -> None:
    # A forcing chain of a state, with one of its nodes' candidates taken
    # out: that grid's records must not stop the search on the full state
    # (a new weak link can lead where none led before). Some of these
    # cases need the rule (without it, two differ in state 41).
    tried = 0
    for state in path_states():
        state.memo = {}
        chains = [h for h in forcing.static_found(state, True) if not h.cycle]
        if not chains:
            continue
        for node in chain_nodes(chains[0].targets[0])[1:-1]:
            cell, digit = node[0] >> 5, node[0] >> 1 & 15
            if state.cands[cell].bit_count() < 3:
                continue  # keep it from becoming a single
            fewer = state.copy()
            fewer.memo = {}
            fewer.cands[cell] &= ~(1 << digit)
            _found(fewer, True)
            state.memo = fewer.memo
            kept = _found(state, True)
            state.memo = {}
            assert kept == _found(state, True)
            tried += 1
    assert tried > 200
