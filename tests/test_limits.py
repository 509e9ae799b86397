"""core.limits: time limits, deadlines, work budgets and the one `Undecided`."""

from __future__ import annotations

import math
import time

import pytest

from squiggly_cp.core.limits import Deadline, Undecided, WorkBudget, check_time_limit


def test_check_time_limit() -> None:
    assert check_time_limit(None) is None
    assert check_time_limit(math.inf) is None
    assert check_time_limit(0) == 0
    assert check_time_limit(2.5) == 2.5
    for bad in (math.nan, -1.0):
        with pytest.raises(ValueError, match="time limit"):
            check_time_limit(bad)


def test_deadline() -> None:
    never = Deadline(None)
    assert never.left() is None and not never.passed() and never.left_or_raise() is None
    soon = Deadline(60)
    left = soon.left()
    assert left is not None and 59 < left <= 60 and not soon.passed()
    assert 59 < (soon.left_or_raise() or 0) <= 60
    gone = Deadline(0)
    time.sleep(0.001)
    assert gone.passed() and gone.left() == 0.0
    with pytest.raises(Undecided):
        gone.left_or_raise()


def test_work_budget() -> None:
    budget = WorkBudget(1.0)
    assert not budget.spent()
    budget.charge(0.4)
    assert budget.left == pytest.approx(0.6) and not budget.spent()
    budget.charge(0.6)
    assert budget.spent()
    unbounded = WorkBudget(None)
    unbounded.charge(10**9)
    assert not unbounded.spent() and unbounded.left is None


def test_undecided_is_a_timeout() -> None:
    assert issubclass(Undecided, TimeoutError)


def test_enforced_deadline_is_seen_only_inside_its_block() -> None:
    from squiggly_cp.core.limits import check_enforced, enforced

    gone = Deadline(0)
    time.sleep(0.001)
    check_enforced()  # no block: nothing to enforce
    with enforced(Deadline(60)):
        check_enforced()
        with enforced(gone), pytest.raises(Undecided):
            check_enforced()
        check_enforced()  # the outer block's deadline again
    with enforced(None):
        check_enforced()
