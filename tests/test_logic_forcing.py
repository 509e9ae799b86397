"""`squiggly_cp.logic.forcing`: skipping the sources no strong link leads
into changes nothing static chains find. Along the whole se path of two
stored puzzles full of chains, `static_found` (bounded, as the solver runs
it, and unbounded, as nested chains do) gives the same hints with the skip
and with every source searched."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from logic_check import load_unique
from squiggly_cp.logic import forcing, solve_logic
from squiggly_cp.logic.state import State

CHOSEN = (392, 991)


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
    states = []
    for index, (puzzle, _) in enumerate(itertools.islice(load_unique(), max(CHOSEN) + 1)):
        if index in CHOSEN:
            steps = solve_logic(puzzle, scale="se", unique=True).steps
            state = State.start(puzzle, unique=True)
            for step in steps:
                states.append(state.copy())
                state.apply(step.placements, step.eliminations)
    skipping = [_found(s, bounded) for s in states]
    monkeypatch.setattr(forcing, "_closable", lambda grid, y, x: _Everything())
    everything: list[Any] = [_found(s, bounded) for s in states]
    assert skipping == everything
    assert sum(map(bool, skipping)) >= 20  # the states have chains to find
