"""Deciding a stream of cases on a Dask cluster, in input order (``--cluster``).

The same contract as `local.decide_stream`: answers come back in input
order as soon as each one and all before it are done, a bounded window of
batches is in flight (never the whole input), and problems in the input
(`InputError` items) keep their place without ever going to the cluster.

Dask is an optional extra (``pip install 'squiggly-cp[cluster]'``) and is
imported only here, only when ``--cluster`` is given. Workers run the tasks
by importing this package, so every worker needs the same version of
squiggly-cp installed; that is checked on connecting.
"""

from __future__ import annotations

import contextlib
import re
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from ..core.case import Case, InputError
from ..core.limits import Undecided
from ..core.puzzle import Unsupported
from ..core.signals import Deferred, held_sigint
from .local import auto_jobs, growing_batches, paired, puzzles_of, run_batch

if TYPE_CHECKING:
    from distributed import Client, Future

K = TypeVar("K")
T = TypeVar("T")
R = TypeVar("R")

INSTALL = "pip install 'squiggly-cp[cluster]'"
BATCH = 64
"""Cases per task: enough that a Dask task's round trips are a small part of
the work a task carries (the figures: benchmarks/RESULTS-cluster.md)."""
WINDOW_PER_THREAD = 4
"""Batches in flight per worker thread: enough that no worker waits for the client."""
RESUBMITS = 3
"""How often a batch whose workers kept dying (KilledWorker) is submitted afresh."""
CONNECT_TIMEOUT = 10.0
"""Seconds to reach a scheduler before giving up."""
WORKER_WAIT = 60.0
"""Seconds to wait for a scheduler without workers to get one."""
RECHECK = 5.0
"""Seconds between looks at the number of worker threads (workers come and go)."""
_QUIET = 51
"""A logging level above CRITICAL: Dask says nothing on standard error."""


class ClusterError(Exception):
    """The cluster failed (unreachable, gone, another version); the message says how."""


class DaskMissing(Exception):
    """A cluster was asked for, but Dask is not installed."""

    def __init__(self) -> None:
        super().__init__(f"--cluster needs Dask, which is not installed: {INSTALL}")


@dataclass(frozen=True)
class Address:
    """Where to run: a scheduler's address, or (``scheduler`` None) a cluster
    of ``workers`` local processes started for the run (0: one per core)."""

    scheduler: str | None = None
    workers: int = 0

    def __str__(self) -> str:
        if self.scheduler:
            return self.scheduler
        return f"local:{self.workers}" if self.workers else "local"


_SCHEDULER = re.compile(r"[a-z][a-z0-9+.-]*://\S+")


def parse_address(text: str) -> Address:
    """``local``, ``local:N`` or a scheduler address such as ``tcp://host:8786``
    as an `Address`; ValueError says what is wrong with any other ``text``."""
    text = text.strip()
    local, _, count = text.partition(":")
    if local == "local" and (not count or count.isdigit()):
        address = Address(workers=int(count or 0))
        if count and not address.workers:
            raise ValueError("local:N needs N of at least 1")
        return address
    if _SCHEDULER.fullmatch(text):
        return Address(scheduler=text)
    raise ValueError(f"{text!r} is not local, local:N or a scheduler like tcp://host:8786")


def require_dask() -> None:
    """Raise `DaskMissing` unless Dask distributed can be imported.

    The import starts a thread; with Ctrl-C held back, that thread never takes it.
    """
    try:
        with held_sigint():
            import distributed  # noqa: F401
    except ImportError:
        raise DaskMissing() from None


def installed_version() -> str:
    """This process's version of squiggly-cp."""
    from importlib.metadata import version

    return version("squiggly-cp")


@contextlib.contextmanager
def _closed_with_sigint_held() -> Iterator[contextlib.ExitStack]:
    """An exit stack unwound with Ctrl-C held back: a second Ctrl-C must not
    leave worker processes behind."""
    with contextlib.ExitStack() as stack:
        try:
            yield stack
        finally:
            with held_sigint():
                stack.close()


@contextlib.contextmanager
def connect(address: Address) -> Iterator[Client]:
    """A Dask client for ``address``: a local cluster is started (and stopped
    on leaving); a remote scheduler must have workers of this version."""
    from multiprocessing import resource_tracker

    import dask
    from distributed import Client, LocalCluster
    from distributed.utils import silence_logging_cmgr

    # A local cluster's scheduler lives in this process, and Dask's logs of
    # past tasks (10,000s of entries by default) made its memory grow with the
    # input; short logs keep it flat (benchmarks/RESULTS-cluster.md).
    dask.config.set({"distributed.admin.low-level-log-length": 100, "distributed.admin.log-length": 100})

    # Ctrl-C is held back while the client and a local cluster start, so every
    # thread they start, and every worker process those threads spawn, keeps
    # it blocked for good: only this process's main thread takes it. Starting
    # multiprocessing's resource tracker unblocks it in the calling thread, so
    # that is done first, here.
    resource_tracker.ensure_running()
    # Dask's own log lines would break "one line per problem" on standard error.
    with silence_logging_cmgr(_QUIET), _closed_with_sigint_held() as stack:
        with held_sigint():
            if address.scheduler is None:
                # Any free port for its web server: the default 8787 may be taken,
                # and Dask would warn on standard error.
                cluster = LocalCluster(
                    n_workers=address.workers or auto_jobs(),
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=None,
                    silence_logs=_QUIET,
                )
                stack.callback(_quietly, cluster.close)
                # The scheduler, living in this process, hooks a callback into
                # Python's garbage collector to time its pauses; a Ctrl-C that
                # lands inside a gc callback is swallowed ("Exception ignored")
                # and the run would go on to the end. Its reports are silenced
                # anyway, so it is switched off.
                from distributed.gc import disable_gc_diagnosis

                disable_gc_diagnosis(force=True)
                client = Client(cluster, set_as_default=False)
            else:
                try:
                    client = Client(address.scheduler, timeout=CONNECT_TIMEOUT, set_as_default=False)
                except (OSError, TimeoutError) as e:
                    raise ClusterError(f"cannot reach the Dask scheduler at {address}: {e}") from None
            stack.callback(_quietly, client.close)
        if address.scheduler is not None:
            _check_workers(client, address)
        yield client


def _quietly(close: Callable[[], object]) -> None:
    """Close, come what may: a worker that failed to restart (say, on a machine
    too busy to start it in time) must not turn a finished run into a traceback."""
    with contextlib.suppress(Exception):
        close()


def _check_workers(client: Client, address: Address) -> None:
    """Refuse a cluster whose workers lack squiggly-cp or have another version."""
    try:
        client.wait_for_workers(1, timeout=WORKER_WAIT)
    except TimeoutError:
        raise ClusterError(f"the Dask scheduler at {address} has no workers") from None
    from importlib.metadata import version

    mine = installed_version()
    # By value, not by reference to this package, which a worker may lack.
    versions = client.run(version, "squiggly-cp", on_error="return")
    for worker, theirs in sorted(versions.items()):
        if theirs != mine:
            has = "no squiggly-cp" if isinstance(theirs, BaseException) else f"squiggly-cp {theirs}"
            raise ClusterError(f"worker {worker} has {has}; every worker needs squiggly-cp {mine}")


def _threads(client: Client) -> int:
    return max(1, sum(client.nthreads().values()))


class _Batch:
    """One task: its items, their future, and how often it was submitted."""

    def __init__(self, tag: Any, items: list[Any]) -> None:
        self.tag, self.items = tag, items
        self.future: Future | None = None
        self.submits = 0


def ordered_map(
    address: Address, batches: Iterable[tuple[K, list[T]]], work: Callable[[T], R]
) -> Iterator[tuple[K, list[R]]]:
    """For each ``(tag, items)`` of ``batches``, yield ``(tag, [work(x) for x in
    items])`` in order, each batch one task on the cluster at ``address``.

    The cluster is reached (or started) only when a batch has items. At most a
    window of batches, a few per worker thread, is in flight. A batch lost with
    its worker is computed again (by Dask, then by resubmitting it up to
    `RESUBMITS` times); a lost scheduler raises `ClusterError`. Leaving early
    (Ctrl-C, an error, closing the iterator) cancels what is in flight.
    """
    batches = iter(batches)
    window: deque[_Batch] = deque()
    with Deferred(mask=False) as interrupt, contextlib.ExitStack() as stack:
        client: Client | None = None
        limit, looked = 1, 0.0
        exhausted = False
        while True:
            while not exhausted and len(window) < limit:
                try:
                    batch = _Batch(*next(batches))
                except StopIteration:
                    exhausted = True
                    break
                if batch.items and client is None:
                    client = stack.enter_context(connect(address))
                    stack.callback(_cancel, client, window)
                if batch.items:
                    assert client is not None  # connected just above
                    _submit(client, batch, work)
                window.append(batch)
            if client is not None and time.monotonic() - looked > RECHECK:
                limit, looked = WINDOW_PER_THREAD * _threads(client), time.monotonic()
            if not window:
                return
            batch = window.popleft()
            yield batch.tag, _result(client, batch, work, address, interrupt) if batch.items else []


def _submit(client: Client, batch: _Batch, work: Callable[[Any], Any]) -> None:
    batch.future = client.submit(run_batch, work, batch.items, pure=False)
    batch.submits += 1


def _result(
    client: Client | None, batch: _Batch, work: Callable[[T], R], address: Address, interrupt: Deferred
) -> list[R]:
    """The batch's results. Waiting, it looks at ``interrupt`` every
    `_POLL` seconds: a Ctrl-C raises KeyboardInterrupt here, where nothing
    (not even Dask's waiting code) can swallow it."""
    import asyncio
    import concurrent.futures

    from distributed import KilledWorker
    from distributed.utils import CancelledError

    assert client is not None and batch.future is not None
    while True:
        # Waited for here, not in Dask: Dask's own wait with a timeout can
        # lose a result in a race (an UnboundLocalError from distributed.utils.sync,
        # seen about once in a million-case run), and without one it would not
        # look at the Ctrl-C flag.
        done = _finished(batch.future)
        # future.done() too: a callback still queued when the client loses its
        # scheduler and stops may never run.
        while not done.wait(_POLL) and not batch.future.done():
            if interrupt.noted:
                raise KeyboardInterrupt
        if interrupt.noted:
            raise KeyboardInterrupt
        try:
            results = batch.future.result()
        except KilledWorker:
            # Dask already moved the task after each lost worker; it gave up
            # after several. Try afresh, a bounded number of times.
            if batch.submits > RESUBMITS:
                raise
            _submit(client, batch, work)
            continue
        except (CancelledError, concurrent.futures.CancelledError, asyncio.CancelledError, OSError):
            # Only a lost scheduler cancels a future this client still holds;
            # its connection closing while the result is gathered is an
            # OSError (ConnectionResetError), which is not standard output's.
            lost = f"lost the Dask scheduler at {address}; the cases written are complete"
            raise ClusterError(lost) from None
        batch.future = None
        return results


_POLL = 0.1  # seconds between looks at a Ctrl-C while a result is awaited


def _finished(future: Future) -> threading.Event:
    """An event set once ``future`` is done (finished, failed or cancelled)."""
    done = threading.Event()
    future.add_done_callback(lambda _: done.set())
    return done


def _cancel(client: Client, window: deque[_Batch]) -> None:
    """Cancel every task still in flight (nothing to do after a complete run)."""
    futures = [b.future for b in window if b.future is not None]
    if futures and client.status == "running":
        with contextlib.suppress(Exception):
            client.cancel(futures)


def decide_stream(
    items: Iterable[Case | InputError], work: Callable[[Any], R], address: Address
) -> Iterator[tuple[Case | InputError, R | Undecided | Unsupported | None]]:
    """Apply ``work`` to each case's puzzle on the cluster at ``address``; yield
    ``(item, result)`` in input order (``result`` None for an `InputError`).

    ``work`` must be picklable (a module-level function or a
    ``functools.partial`` of one) and importable on the workers.
    """
    batches = ((batch, puzzles_of(batch)) for batch in growing_batches(items, BATCH))
    for batch, results in ordered_map(address, batches, work):
        yield from paired(batch, results)
