"""Deciding a stream of cases on several worker processes, in input order.

The stream is never read ahead further than a fixed window, so a file of a
million cases runs in bounded memory; answers come back in input order as
soon as each one and all before it are done. Problems in the input (an
`InputError` in the stream) keep their place in that order.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from typing import Any, TypeVar

from ..core.case import Case, InputError
from ..core.limits import Undecided
from ..core.puzzle import Unsupported
from ..core.signals import default_sigterm, held_sigint

R = TypeVar("R")
T = TypeVar("T")

BATCH = 16
"""Cases per task sent to a worker: enough to make the inter-process cost small."""
AUTO_THRESHOLD = 256
"""With ``jobs=0`` (auto), inputs with more cases than this use every core."""
MAX_JOBS = 64
"""More worker processes than this only cost memory and start-up time."""


def _ignore_sigint() -> None:
    # Ctrl-C and SIGTERM are the parent's to handle: it stops the pool (with
    # SIGTERM, which must kill a worker, not reach the parent's handler).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    default_sigterm()


def answer(work: Callable[[Any], R], puzzle: Any) -> R | Undecided | Unsupported:
    """``work`` done on ``puzzle``; when it ran out of time, its `Undecided`
    becomes the answer, so that the case is reported and the run goes on, and
    so does its `Unsupported` when it met a rule it does not decide."""
    try:
        return work(puzzle)
    except (Undecided, Unsupported) as stopped:
        return stopped


def run_batch(work: Callable[[Any], R], puzzles: list[Any]) -> list[R | Undecided | Unsupported]:
    """One task for a worker: ``work`` applied to each puzzle (`answer`)."""
    return [answer(work, p) for p in puzzles]


def puzzles_of(batch: list[Case | InputError]) -> list[Any]:
    """The puzzles of a batch's cases (its `InputError` items stay behind)."""
    return [item.puzzle for item in batch if isinstance(item, Case)]


def paired(
    batch: list[Case | InputError], results: list[R]
) -> Iterator[tuple[Case | InputError, R | Undecided | Unsupported | None]]:
    """A batch's items with the results for its cases (None for an `InputError`)."""
    answers = iter(results)
    for item in batch:
        yield item, (None if isinstance(item, InputError) else next(answers))


def growing_batches(items: Iterable[T], most: int) -> Iterator[list[T]]:
    """``items`` in lists of 1, 2, 4, ... and then ``most`` at a time: the first
    answer waits for one item's work only, and later tasks are big enough that
    their overhead stays small."""
    items = iter(items)
    size = 1
    while batch := list(islice(items, size)):
        yield batch
        size = min(most, 2 * size)


def auto_jobs() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def decide_stream(
    items: Iterable[Case | InputError], work: Callable[[Any], R], jobs: int = 0
) -> Iterator[tuple[Case | InputError, R | Undecided | Unsupported | None]]:
    """Apply ``work`` to each case's puzzle; yield ``(item, result)`` in input
    order (``result`` None for an `InputError`).

    ``jobs`` is the number of worker processes (at most one per `BATCH`
    cases); 1 works in this process, and 0 means one per core when the input
    has more than `AUTO_THRESHOLD` cases.
    ``work`` must be picklable (a module-level function or a
    ``functools.partial`` of one) when ``jobs`` is not 1.
    """
    items = iter(items)
    head: list[Case | InputError] = []
    if jobs == 0:
        head = list(islice(items, AUTO_THRESHOLD + 1))
        jobs = auto_jobs() if len(head) > AUTO_THRESHOLD else 1
    if jobs > 1:
        # Never more workers than batches: read ahead (a bounded amount) to see.
        head += list(islice(items, max(0, jobs * BATCH - len(head))))
        jobs = min(jobs, -(-len(head) // BATCH))
    stream = _chain(head, items)
    if jobs <= 1:
        for item in stream:
            yield item, (None if isinstance(item, InputError) else answer(work, item.puzzle))
        return
    yield from _pooled(stream, work, jobs)


def _chain(head: list[Any], rest: Iterator[Any]) -> Iterator[Any]:
    yield from head
    yield from rest


def _pooled(
    stream: Iterator[Case | InputError], work: Callable[[Any], R], jobs: int
) -> Iterator[tuple[Case | InputError, R | Undecided | Unsupported | None]]:
    # fork (where there is one) starts workers at once with OR-Tools already
    # imported; the parent has solved nothing yet when the pool starts.
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    # Ctrl-C must not reach a worker before its initializer has run, nor the
    # parent before the pool is on the stack to be stopped: hold SIGINT back
    # until then (forked workers keep it blocked for good).
    with contextlib.ExitStack() as stack:
        with held_sigint():
            pool = context.Pool(jobs, initializer=_ignore_sigint)
            stack.callback(_stop, pool)
        window: deque[tuple[list[Case | InputError], Any]] = deque()
        limit = 4 * jobs  # batches in flight
        batches = growing_batches(stream, BATCH)
        while True:
            batch = next(batches, [])
            if batch:
                window.append((batch, pool.apply_async(run_batch, (work, puzzles_of(batch)))))
            while window and (len(window) >= limit or not batch or window[0][1].ready()):
                done_items, pending = window.popleft()
                yield from paired(done_items, pending.get())
            if not batch and not window:
                break
        pool.close()


def _stop(pool: Any) -> None:
    """End the pool's workers (at once, if work is left) and wait for them."""
    pool.terminate()
    pool.join()
