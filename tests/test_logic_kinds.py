"""The logic solver on every rule kind: a fixed sample of
`benchmarks/soundness_kinds.py`'s sweep (one 4x4 and one 6x6 puzzle of each
kind and style the rule tests draw), each step checked against every solution
a brute-force search finds. The full sweep is the benchmark's."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from soundness_kinds import check_kind

from logic_check import Tally
from rule_defs import STYLES


@pytest.mark.parametrize("style", STYLES)
def test_every_step_on_a_puzzle_of_each_kind_keeps_every_solution(style: str) -> None:
    tally = Tally()
    outcomes = [check_kind(style, n, 0, 56, "default", tally) for n in (4, 6)]
    assert not tally.errors, tally.errors
    assert "refused" not in outcomes  # the logic solver takes every kind
    assert "checked" in outcomes  # (seed 56 draws one the brute force finishes, for every kind)
