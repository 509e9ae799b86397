"""`squiggly_cp.logic.exclusion`: aligned pair and triplet exclusion.

`_allowed` (which candidates some way of filling a group keeps) is checked
against trying every way; and a run that looks again only where something
changed since the last run found nothing (`State.memo`) finds exactly what a
run with nothing kept finds, along the se paths of two stored puzzles (in
path order, backwards and shuffled) and where one candidate of a group or of
one of its excluders is all that differs."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from logic_check import path_states
from squiggly_cp.logic import exclusion
from squiggly_cp.logic.state import State
from squiggly_cp.logic.step import Step

FINDERS: dict[str, Callable[[State], Iterator[Step]]] = {
    "pair": exclusion.aligned_pair_exclusion,
    "triplet": exclusion.aligned_triplet_exclusion,
}


def _every_way(
    options: tuple[int, ...], pairs: tuple[tuple[int, int], ...], bad: frozenset[int]
) -> tuple[int, ...]:
    kept = [0] * len(options)
    choices = [[1 << d for d in range(9) if m >> d & 1] for m in options]
    for way in itertools.product(*choices):
        if any(way[i] == way[j] for i, j in pairs):
            continue
        digit_sets = [way[i] | way[j] for i, j in itertools.combinations(range(len(way)), 2)]
        everything = 0
        for b in way:
            everything |= b
        if everything in bad or any(s in bad for s in digit_sets):
            continue
        for i, b in enumerate(way):
            kept[i] |= b
    return tuple(kept)


@st.composite
def _groups(draw: st.DrawFn) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...], frozenset[int]]:
    size = draw(st.sampled_from([2, 3]))
    options = tuple(draw(st.integers(1, 511)) for _ in range(size))
    pairs = tuple(p for p in itertools.combinations(range(size), 2) if draw(st.booleans()))
    union = 0
    for m in options:
        union |= m
    digits = [d for d in range(9) if union >> d & 1]
    bad = set()
    for _ in range(draw(st.integers(0, 4))):
        # An excluder's candidates lie among the group's (or it cannot be emptied).
        most = min(len(digits), 3 if size == 3 else 2)
        if most < 2:
            break
        picked = draw(st.lists(st.sampled_from(digits), min_size=2, max_size=most, unique=True))
        bad.add(sum(1 << d for d in picked))
    return options, pairs, frozenset(bad)


@settings(max_examples=1000, deadline=None)
@given(_groups())
def test_allowed_is_what_some_way_keeps(group: tuple) -> None:
    assert exclusion._allowed.__wrapped__(*group) == _every_way(*group)


def _found(state: State, finder: str, memo: dict[object, object] | None = None) -> list[tuple]:
    state.memo = {} if memo is None else memo
    return [(s.cells, s.eliminations, s.text) for s in FINDERS[finder](state)]


def test_a_kept_run_finds_what_a_fresh_run_finds() -> None:
    states = path_states()
    hits = {"pair": 0, "triplet": 0}
    for finder in FINDERS:
        for order in (states, states[::-1], random.Random(3).sample(states, len(states))):
            memos: dict[int, dict[object, object]] = {}
            for state in order:
                fresh = _found(state, finder)
                # a memo is shared by the states of one layout
                assert _found(state, finder, memos.setdefault(id(state.layout), {})) == fresh
                hits[finder] += bool(fresh) and order is states
    # the paths have groups to find (checked so the test cannot pass empty)
    assert hits["pair"] >= 20 and hits["triplet"] >= 40


def test_a_group_or_an_excluder_changed_or_a_peer_single() -> None:
    # Each state where a group finds something, with a cell of the group or
    # one of its excluders given one candidate more, or one other in place
    # of one it has, or a peer of the group down to a single candidate
    # (each kind of change the look-again rule must see): when that grid
    # finds nothing, its kept run must not stop the search on the state.
    cases = []
    for state in path_states():
        for finder, most in (("pair", 2), ("triplet", 3)):
            found = _found(state, finder)
            if not found:
                continue
            group = found[0][0]
            seeing = ~0
            for c in group:
                seeing &= state.layout.peer_bits[c]
            cands = state.cands
            excluders = [c for c, m in enumerate(cands) if seeing >> c & 1 and 2 <= m.bit_count() <= most]
            for cell in (*group, *excluders):
                mask = state.cands[cell]
                for d in range(state.layout.size):
                    if mask >> d & 1:
                        continue
                    for other in (mask | 1 << d, *(mask & ~low | 1 << d for low in _bits(mask))):
                        cases.append((state, finder, found, cell, other))
            near = 0
            for c in group:
                near |= state.layout.peer_bits[c]
            for cell, mask in enumerate(cands):
                if near >> cell & 1 and cell not in group and mask.bit_count() >= 2:
                    cases.extend((state, finder, found, cell, single) for single in _bits(mask))
    tried = 0
    # a seeded sample keeps the test short (every rule's mutant fails on it)
    for state, finder, found, cell, other in random.Random(11).sample(cases, SAMPLE):
        changed = state.copy()
        changed.cands[cell] = other
        if not _found(changed, finder):
            assert _found(state, finder, changed.memo) == found
            tried += 1
    assert tried >= 200


SAMPLE = 1500


def _bits(mask: int) -> list[int]:
    return [1 << d for d in range(mask.bit_length()) if mask >> d & 1]
