"""The solution callbacks: one that keeps the solutions, up to a limit (the
engine's stops at the second), and the counter's, which stops at a limit."""

from __future__ import annotations

import time
from collections.abc import Callable

from ortools.sat.python import cp_model

from ..core.puzzle import Grid

Reader = Callable[[cp_model.CpSolverSolutionCallback], Grid]
"""Reads a solution's grid from the callback (a built model's ``grid``)."""


class Solutions(cp_model.CpSolverSolutionCallback):
    """Keeps the grids of the first ``limit`` solutions (``found``), then
    stops the search: the engine's two decide "multiple"; `true_candidates`
    reads every solution of a puzzle that has few."""

    def __init__(self, read: Reader, limit: int = 2):
        super().__init__()
        self._read = read
        self.limit = limit
        self.found: list[Grid] = []

    def on_solution_callback(self) -> None:
        self.found.append(self._read(self))
        if len(self.found) >= self.limit:
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
