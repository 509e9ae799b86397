"""Limits on a search, for every engine: wall-clock time limits and deadlines,
and budgets of CP-SAT's deterministic time.

Two kinds of limit run through the library. A *time limit* is in seconds of
wall time (`check_time_limit`, `Deadline`): it depends on the machine and its
load. A *work limit* is in CP-SAT's deterministic seconds (roughly seconds,
but the same on any machine under any load, with one worker): a search cut by
it stops at the same point on every run (`WorkBudget`; ``work_limit`` in
`squiggly_cp.sat.run.run`). A search stopped by either before it decided
raises `Undecided`, or returns an UNKNOWN verdict.

A long search in pure Python (a chain or exclusion search of the logic
solver) cannot be handed a deadline through every call: its caller runs it
``with enforced(deadline):`` and the search calls `check_enforced` at its
checkpoints, which raises `Undecided` once that deadline has passed.

No OR-Tools here: the DLX engine uses this too.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

__all__ = [
    "Deadline",
    "Undecided",
    "WorkBudget",
    "check_enforced",
    "check_time_limit",
    "enforced",
    "enforced_deadline",
]


class Undecided(TimeoutError):
    """A search stopped at a limit (time or work) before it decided: the one way
    the library says "ran out of time" (a result says it as `Verdict.UNKNOWN`).
    ``found`` is what a count proved before it stopped (a lower bound), where
    the search is a count."""

    def __init__(self, message: str = "", found: int | None = None):
        super().__init__(message)
        self.found = found

    def __reduce__(self) -> tuple:  # crosses to and from worker processes whole
        return (type(self), (str(self), self.found))


def check_time_limit(seconds: float | None) -> float | None:
    """``seconds`` as a time limit: None for none (also for infinity).

    Raises ValueError for NaN or a negative number.
    """
    if seconds is None or seconds == math.inf:
        return None
    if math.isnan(seconds) or seconds < 0:
        raise ValueError(f"a time limit must be a number of seconds >= 0, not {seconds!r}")
    return seconds


class Deadline:
    """The moment a time limit that starts now runs out (``end`` None: never)."""

    def __init__(self, seconds: float | None):
        seconds = check_time_limit(seconds)
        self.end = None if seconds is None else time.monotonic() + seconds

    def left(self) -> float | None:
        """Seconds left (never negative), or None for no limit."""
        return None if self.end is None else max(0.0, self.end - time.monotonic())

    def passed(self) -> bool:
        return self.end is not None and time.monotonic() >= self.end

    def left_or_raise(self) -> float | None:
        """Seconds left (None: no limit); raises `Undecided` when none are."""
        if self.end is None:
            return None
        left = self.end - time.monotonic()
        if left <= 0:
            raise Undecided
        return left


_ENFORCED: ContextVar[Deadline | None] = ContextVar("squiggly_cp_deadline", default=None)


@contextmanager
def enforced(deadline: Deadline | None) -> Iterator[None]:
    """Make ``deadline`` the one `check_enforced` looks at inside the block
    (None: none), in this thread or task only."""
    token = _ENFORCED.set(deadline)
    try:
        yield
    finally:
        _ENFORCED.reset(token)


def enforced_deadline() -> Deadline | None:
    """The deadline of the enclosing `enforced` block (None outside one): for
    a search handed none of its own, which must not outlast its caller's."""
    return _ENFORCED.get()


def check_enforced() -> None:
    """Raise `Undecided` when the deadline of the enclosing `enforced` block
    has passed; nothing outside such a block."""
    deadline = _ENFORCED.get()
    if deadline is not None and deadline.passed():
        raise Undecided("the time limit ran out during a search")


class WorkBudget:
    """CP-SAT's deterministic time left for a series of searches, in
    deterministic seconds (``left`` None: unbounded)."""

    def __init__(self, work_limit: float | None):
        self.left = check_time_limit(work_limit)

    def spent(self) -> bool:
        """Whether nothing is left."""
        return self.left is not None and self.left <= 0

    def charge(self, work: float) -> None:
        """Take ``work`` (a solve's ``response_proto.deterministic_time``) off what is left."""
        if self.left is not None:
            self.left -= work
