"""`squiggly_cp.logic.state`: what finders keep from one step to the next
(`State.memo`) changes no step. Nishio keeps its runs per digit while the
digit's places stay the same, and aligned pair and triplet exclusion look
again only at the groups near what changed since they last found nothing;
a solve with all of that forgotten at once must take the very same path."""

from __future__ import annotations

import itertools
import random
from functools import partial
from typing import Any

import pytest

from logic_check import CHAINED, load_expected, load_unique, path_states
from squiggly_cp.logic import direct, exclusion, fish, intersections, singles, solve_logic, subsets
from squiggly_cp.logic.state import State


class _Forgetful(dict):
    """A memo that keeps nothing."""

    def __setitem__(self, key: Any, value: Any) -> None:
        pass

    def setdefault(self, key: Any, default: Any = None) -> Any:
        return default


def _path(puzzle: Any, scale: str) -> list[tuple]:
    steps = solve_logic(puzzle, scale=scale, unique=True).steps
    return [(s.technique, s.difficulty, s.placements, s.eliminations, s.text, s.links) for s in steps]


# Stored puzzles whose se path has many Nishio steps and aligned triplet
# exclusion searches (their stored summaries say so; checked below).
CHOSEN = CHAINED


@pytest.mark.parametrize("scale", ["se", "default"])
def test_kept_work_changes_no_step(scale: str, monkeypatch: pytest.MonkeyPatch) -> None:
    stored = load_expected("se")
    puzzles = []
    for index, (puzzle, _) in enumerate(itertools.islice(load_unique(), max(CHOSEN) + 1)):
        if index in CHOSEN:
            counts = stored[f"u{index}"]["counts"]
            assert counts["nishio forcing chains"] >= 10 and counts["aligned triplet exclusion"] >= 1
            puzzles.append(puzzle)
    kept = [_path(p, scale) for p in puzzles]

    start = State.__init__

    def forgetting(self: State, *args: Any, **kwargs: Any) -> None:
        start(self, *args, **kwargs)
        self.memo = _Forgetful()

    monkeypatch.setattr(State, "__init__", forgetting)
    assert [_path(p, scale) for p in puzzles] == kept
    assert all(kept)


def test_a_copy_shares_the_memo() -> None:
    ((puzzle, _),) = itertools.islice(load_unique(), 1)
    state = State.start(puzzle)
    state.memo["x"] = 1
    twin = state.copy()
    assert twin.memo is state.memo and twin.cands == state.cands and twin.cands is not state.cands


def test_aligned_exclusion_looks_again_where_a_group_can_change() -> None:
    # Hand-worked: a cell's own groups always, and those it is a common
    # excluder of (the second set) when it is a possible excluder now (2 to
    # 3 candidates for triplets, 2 for pairs); all its peers' groups when
    # it held a single candidate and no longer does.
    ((puzzle, _),) = itertools.islice(load_unique(), 1)
    state = State.start(puzzle)
    peers = state.layout.peer_bits[0]
    for then0, now, most, looked_at in (
        (0b11111, 0b11110, 3, (1, 0)),  # 5 -> 4: no excluder either time
        (0b11111, 0b01110, 3, (1, 1)),  # 5 -> 3: a new excluder of triplets
        (0b11111, 0b01110, 2, (1, 0)),  # ... but not of pairs
        (0b11111, 0b00010, 2, (1, 0)),  # 5 -> 1: its peers are no bases now (nothing new)
        (0b00010, 0b00000, 2, (1 | peers, 0)),  # a single placed: its peers may be bases now
        (0b00010, 0b00110, 3, (1 | peers, 1)),  # a single no more (a candidate came back)
        (0b11111, 0b00000, 3, (1, 0)),  # placed (no candidates left to read)
        (0b00111, 0b00011, 3, (1, 1)),  # 3 -> 2: an excluder of triplets both times
        (0b00111, 0b00011, 2, (1, 1)),  # ... of pairs only now
        (0b00011, 0b00111, 2, (1, 0)),  # 2 -> 3: an excluder of pairs no more
        (0b00110, 0b00011, 2, (1, 1)),  # two other candidates: an excluder of pairs both times
    ):
        then = [0] * len(state.cands)
        then[0] = then0
        state.memo["k"] = then
        cands = then.copy()
        cands[0] = now
        assert exclusion._changed_since_nothing(state, "k", cands, most) == looked_at
    state.memo["k"] = None
    assert exclusion._changed_since_nothing(state, "k", then, 3) is None


def test_places_follow_changes_made_in_place() -> None:
    # `places` keeps its last answer, but a change made to the lists
    # themselves (as trial and nested searches make) is seen.
    ((puzzle, _),) = itertools.islice(load_unique(), 1)
    state = State.start(puzzle)
    cell = state.values.index(0)
    digit = (state.cands[cell] & -state.cands[cell]).bit_length() - 1
    first = state.places()
    assert first[digit] >> cell & 1
    first[digit] = 0  # the caller's copy
    assert state.places()[digit] >> cell & 1
    state.cands[cell] &= ~(1 << digit)
    assert not state.places()[digit] >> cell & 1
    state.cands[cell] |= 1 << digit
    state.values[cell] = digit + 1
    assert not state.places()[digit] >> cell & 1


_LOST_FINDERS = {
    "se locking": intersections.se_locking,
    "se singles": singles.se_singles,
    **{
        f"{kind} {k}{' se' if se else ''}": partial(finder, k=k, se=se)
        for kind, finder in (
            ("fish", fish.basic_fish),
            ("naked", subsets.naked_subsets),
            ("hidden", subsets.hidden_subsets),
        )
        for k in (2, 3, 4)
        for se in (False, True)
    },
    **{f"direct hidden {k}": partial(direct.direct_hidden, k=k) for k in (2, 3)},
}


def _finds(state: State, name: str, memo: dict[object, object]) -> list[tuple]:
    state.memo = memo
    steps = _LOST_FINDERS[name](state)
    return [(s.technique, s.eliminations or s.placements, s.houses, s.text) for s in steps]


@pytest.mark.parametrize("name", sorted(_LOST_FINDERS))
def test_a_finder_that_looks_only_where_places_were_lost_finds_all(name: str) -> None:
    # Singles, locked candidates, fish, subsets and direct hidden subsets
    # look only at houses that lost a place since the last grid they found
    # nothing on. Along the se paths (in order, backwards: candidates come
    # back, and shuffled), and on each state that has a find, with one
    # candidate given back to a cell of its first find's first house (a
    # grid that may have none), the kept run finds what a fresh one finds.
    states = path_states()
    for order in (states, states[::-1], random.Random(2).sample(states, len(states))):
        memos: dict[int, dict[object, object]] = {}
        for state in order:
            assert _finds(state, name, memos.setdefault(id(state.layout), {})) == _finds(state, name, {})
    tried = 0
    for state in states:
        found = _finds(state, name, {})
        if not found:
            continue
        # each candidate the cells of the first find's first house lack, given back
        for cell in state.layout.houses[found[0][2][0]]:
            missing = 0 if state.values[cell] else state.layout.full & ~state.cands[cell]
            for d in range(state.layout.size):
                if not missing >> d & 1:
                    continue
                more = state.copy()
                more.cands[cell] |= 1 << d
                if _finds(more, name, {}):
                    continue
                assert _finds(state, name, more.memo) == found
                tried += 1
    assert tried >= _GIVEN_BACK.get(name, 0)


_GIVEN_BACK = {
    "se singles": 50,
    # half or so of those tried on these paths (SE's jellyfish and quads: none here)
    **{"se locking": 40, "fish 2": 15, "fish 3": 15, "fish 4": 3, "fish 2 se": 5, "fish 3 se": 5},
    **{"direct hidden 2": 40, "direct hidden 3": 40, "hidden 2": 80, "hidden 2 se": 100, "hidden 3": 45},
    **{"hidden 3 se": 70, "hidden 4": 150, "naked 2": 200, "naked 2 se": 180, "naked 3": 180},
    **{"naked 3 se": 120, "naked 4": 200},
}
