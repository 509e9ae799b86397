"""`squiggly_cp.logic.state`: what finders keep from one step to the next
(`State.memo`) changes no step. Nishio keeps its runs per digit while the
digit's places stay the same, and aligned pair and triplet exclusion look
again only at the groups near what changed since they last found nothing;
a solve with all of that forgotten at once must take the very same path."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from logic_check import load_expected, load_unique
from squiggly_cp.logic import solve_logic
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
CHOSEN = (392, 991)


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
