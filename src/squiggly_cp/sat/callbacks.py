"""The solution callbacks: the engine's, which stops at the second solution,
and the counter's, which stops at a limit."""

from __future__ import annotations

import time
from collections.abc import Callable

from ortools.sat.python import cp_model

from ..core.puzzle import Grid

Reader = Callable[[cp_model.CpSolverSolutionCallback], Grid]
"""Reads a solution's grid from the callback (a built model's ``grid``)."""


class FirstTwo(cp_model.CpSolverSolutionCallback):
    """Keeps the grids of the first two solutions (``found``), then stops the
    search: two decide "multiple"."""

    def __init__(self, read: Reader):
        super().__init__()
        self._read = read
        self.found: list[Grid] = []

    def on_solution_callback(self) -> None:
        self.found.append(self._read(self))
        if len(self.found) >= 2:
            self.stop_search()


class Counter(cp_model.CpSolverSolutionCallback):
    """Counts solutions (``count``), stopping at ``limit``; ``progress`` gets the
    count so far at most every `PROGRESS_EVERY` seconds while solutions come."""

    PROGRESS_EVERY = 0.5

    def __init__(self, limit: int, progress: Callable[[int], None] | None):
        super().__init__()
        self.limit = limit
        self.count = 0
        self._progress = progress
        self._last = time.monotonic()

    def on_solution_callback(self) -> None:
        self.count += 1
        if self.count >= self.limit:
            self.stop_search()
        if self._progress is not None:
            now = time.monotonic()
            if now - self._last >= self.PROGRESS_EVERY:
                self._last = now
                self._progress(self.count)
