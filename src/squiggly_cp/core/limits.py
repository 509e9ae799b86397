"""Time limits in seconds, for every engine: checking them, and deadlines.

No OR-Tools here: the DLX engine uses this too.
"""

from __future__ import annotations

import math
import time

__all__ = ["Deadline", "Undecided", "check_time_limit"]


class Undecided(TimeoutError):
    """A search stopped at a limit (time or work) before it decided: the one way
    the library says "ran out of time"."""


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

    def earliest(self, other: Deadline) -> Deadline:
        """Whichever of the two deadlines comes first."""
        if other.end is None or (self.end is not None and self.end <= other.end):
            return self
        return other
