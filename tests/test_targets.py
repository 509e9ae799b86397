"""make.targets: rating targets for the generator."""

from __future__ import annotations

import random

import pytest

from squiggly_cp.make.generate import make_puzzle
from squiggly_cp.make.targets import TARGET_TRIES, rating_target


def test_an_unreachable_target_is_told_early_and_given_up() -> None:
    """Issue 21, item 6: a target no puzzle meets (no 4x4 needs more than the
    simplest steps) was retried until the time limit, in silence. Now one
    warning after the first misses, with the ratings seen, and the puzzle is
    given up after a bounded number of tries even with a time limit."""
    assert TARGET_TRIES == 20
    told: list[str] = []
    target = rating_target(3.5, 4.6, warn=told.append)
    with pytest.raises(RuntimeError, match="no 'unique' 4x4 puzzle on target found in 20 tries"):
        make_puzzle(random.Random(0), "unique", 4, target=target, time_limit=120)
    assert len(told) == 1
    assert told[0].startswith("rating 3.5..4.6: none of the first 3 puzzles rated in range")
    # A target that is met says nothing.
    quiet: list[str] = []
    made = make_puzzle(random.Random(0), "unique", 4, target=rating_target(1.0, 20.0, warn=quiet.append))
    assert 0 in made.givens and quiet == []
