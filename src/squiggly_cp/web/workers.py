"""The server's bounded pool of worker processes: puzzle work (CP-SAT, logic,
generation) never runs in the event loop.

Each worker answers one request at a time (`web.answers.answer`). A request
waits for a free worker only while fewer than ``backlog`` others wait, and
then at most ``wait`` seconds; otherwise it is refused (`Busy`, HTTP 503).
Work that is cancelled (its client went away, or sent a newer edit) or that
overruns its hard limit ends with its worker: the process is killed and a
fresh one takes its place, so cancelling frees the core at once. Workers are
forked from a server process that has already imported the solvers
(multiprocessing's forkserver, with those modules preloaded), so a fresh
worker is ready in milliseconds and shares their memory; each worker is
renewed after `MAX_JOBS` jobs. Closing the pool (the server stopping) kills
every worker at once: the work under way and the requests waiting for a
worker end with `Stopping`, not when the work would have.

The work is heavy-tailed: most answers take tens of milliseconds, a few
ratings take seconds. So that quick answers never queue behind slow ones,
the pool schedules by the time a job has had (least attained service): a
job still running after `QUANTUM` seconds is demoted, its process reniced
to the lowest priority (`LOW_PRIORITY`), and a fresh worker takes its place
at full priority. The demoted job goes on, on whatever CPU the others leave
it, and its process is ended with it (an unprivileged process cannot be
given its priority back). At most ``demoted`` jobs run demoted at a time:
past that a long job keeps its full-priority worker, but only while no
request waits for one. A request that finds every worker busy makes room at
once: the newest long job holding a worker is demoted if there is room by
then, else preempted, killed and answered `Busy` (HTTP 503; the page tries
again), and so is a job that reaches the quantum while a request waits. So
a quick answer waits at most a quantum for a worker, never for long work to
end, and the processes stay bounded (``size`` plus ``demoted``).
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import signal
from collections.abc import Callable, Mapping
from multiprocessing.connection import Connection
from typing import Any

from ..core.signals import import_held

__all__ = ["Busy", "Cut", "Stopping", "WorkerPool"]

# What a worker imports before it is forked: the solvers and OR-Tools.
PRELOAD = ["squiggly_cp.web.answers", "squiggly_cp.sat.run", "squiggly_cp.logic.solver"]


Job = tuple[str, Mapping[str, Any], float | None]
"""An endpoint's name, its request, and the time limit of its work."""


MAX_JOBS = 500
"""Jobs a worker answers before a fresh one takes its place, so that what
the solvers keep between jobs (bounded caches, a grown heap) never piles up:
the server's memory stays flat however long it runs."""


QUANTUM = 0.3
"""Seconds of work after which a job is demoted: the workbench's target for
a rating, so a job that can still meet it keeps its full priority (longer
than nearly every check of a 9x9 and than most ratings; 0.15 s did worse
for the ratings of hard puzzles under load, benchmarks/RESULTS.md)."""

LOW_PRIORITY = 19
"""The nice value of a demoted job's process: on Linux it then gets about
1.5 % of a core that a full-priority worker wants (weights 15 and 1024)."""


def _lower_priority(pid: int) -> bool:
    """Renice process ``pid``, and each of its threads (Linux's nice is per
    thread), to `LOW_PRIORITY`; False, nothing changed, when this platform
    or process does not allow it."""
    if not hasattr(os, "setpriority"):
        return False
    try:
        os.setpriority(os.PRIO_PROCESS, pid, LOW_PRIORITY)
    except OSError:
        return False
    with contextlib.suppress(OSError):
        for tid in os.listdir(f"/proc/{pid}/task"):
            with contextlib.suppress(OSError):  # a thread that just ended
                os.setpriority(os.PRIO_PROCESS, int(tid), LOW_PRIORITY)
    return True


class Busy(Exception):
    """Every worker is busy and the backlog is full (HTTP 503)."""


class Cut(Exception):
    """The work overran its hard time limit; its worker was killed."""


class Stopping(Exception):
    """The pool is closed (the server is stopping): its work was killed."""


def _serve(conn: Connection) -> None:
    """A worker's life: answer each job sent on ``conn`` until it closes.
    ("ok", answer), ("bad", one line) or ("fail", one line) go back."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server stops its workers itself
    answers = import_held("squiggly_cp.web.answers")  # preloaded: already imported
    BadRequest, answer = answers.BadRequest, answers.answer

    while True:
        try:
            endpoint, request, time_limit = conn.recv()
        except (EOFError, OSError):
            return
        try:
            reply: tuple[str, Any] = ("ok", answer(endpoint, request, time_limit))
        except BadRequest as e:
            reply = ("bad", str(e))
        except RecursionError:
            reply = ("bad", "the puzzle is nested too deeply to read")
        except Exception as e:  # an answer that fails must not end the worker's service
            reply = ("fail", f"{type(e).__name__}: {e}".splitlines()[0][:300])
        try:
            conn.send(reply)
        except (OSError, ValueError):
            return


class _Worker:
    def __init__(self, context: Any) -> None:
        self.jobs = 0
        parent, child = context.Pipe()
        self.conn: Connection = parent
        self.process = context.Process(target=_serve, args=(child,), daemon=True)
        self.process.start()
        child.close()

    async def ask(
        self,
        job: Job,
        hard_limit: float,
        quantum: float | None = None,
        long: Callable[[], None] | None = None,
    ) -> tuple[str, Any]:
        """Send ``job`` and wait at most ``hard_limit`` seconds for its reply;
        ``long`` is called once the job has run ``quantum`` seconds."""
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[None] = loop.create_future()
        fd = self.conn.fileno()

        def readable() -> None:
            if not ready.done():
                ready.set_result(None)

        loop.add_reader(fd, readable)
        try:
            self.conn.send(job)
            if quantum is not None and quantum < hard_limit:
                done, _ = await asyncio.wait({ready}, timeout=quantum)
                if not done:
                    if long is not None:
                        long()
                    await asyncio.wait_for(ready, hard_limit - quantum)
            else:
                await asyncio.wait_for(ready, hard_limit)
        finally:
            loop.remove_reader(fd)
        reply: tuple[str, Any] = self.conn.recv()
        return reply

    def stop(self) -> None:
        self.process.kill()
        self.process.join(5)
        self.conn.close()


class WorkerPool:
    """``size`` worker processes at full priority; at most ``backlog``
    requests wait for one, each at most ``wait`` seconds. A job that runs
    past ``quantum`` seconds (None: never) goes on at low priority, making
    room for another, while fewer than ``demoted`` (default ``2 * size``)
    already do; past that it holds its worker until a request waits for
    one, and is then preempted."""

    def __init__(
        self,
        size: int,
        *,
        backlog: int | None = None,
        wait: float = 10.0,
        max_jobs: int = MAX_JOBS,
        quantum: float | None = QUANTUM,
        demoted: int | None = None,
    ) -> None:
        self.size, self.max_jobs = size, max_jobs
        self.backlog = 4 * size if backlog is None else backlog
        self.wait = wait
        self.waiting = 0
        self.quantum = quantum
        self.max_demoted = 2 * size if demoted is None else demoted
        self._demoted: set[_Worker] = set()
        self._holding: list[_Worker] = []  # long jobs at full priority, the newest last
        self._preempted: set[_Worker] = set()  # killed to make room, not yet replaced
        self._context = multiprocessing.get_context("forkserver")
        self._context.set_forkserver_preload(PRELOAD)
        self._idle: asyncio.Queue[_Worker | None] = asyncio.Queue()  # None: the pool is closed
        self._all: set[_Worker] = set()
        self._closed = False

    def start(self) -> None:
        """Start the workers (call from inside the event loop)."""
        for _ in range(self.size):
            self._idle.put_nowait(self._new())

    def _new(self) -> _Worker:
        worker = _Worker(self._context)
        self._all.add(worker)
        return worker

    def _replace(self, worker: _Worker) -> _Worker:
        self._all.discard(worker)
        worker.stop()
        return self._new()

    async def run(
        self, endpoint: str, request: Mapping[str, Any], time_limit: float, hard_limit: float
    ) -> tuple[str, Any]:
        """Run one job: ("ok", answer), ("bad", line) or ("fail", line).
        Raises `Busy` when no worker can be had, `Cut` after ``hard_limit``
        seconds of work, `Stopping` once the pool is closed; when the caller
        is cancelled, the work is killed."""
        if self._closed:
            raise Stopping
        if self._idle.empty() and self.waiting >= self.backlog:
            raise Busy
        self.waiting += 1
        if self._idle.empty() and self._holding and self._unserved():
            self._make_room(self._holding.pop())
        try:
            worker = await asyncio.wait_for(self._idle.get(), self.wait)
        except asyncio.TimeoutError:
            raise Busy from None
        finally:
            self.waiting -= 1
        if worker is None:
            raise Stopping
        healthy = False
        try:
            job = (endpoint, dict(request), time_limit)
            reply = await worker.ask(job, hard_limit, self.quantum, lambda: self._long(worker))
            healthy = True
            return reply
        except asyncio.TimeoutError:
            raise Cut from None
        except (EOFError, OSError):
            if self._closed:  # killed by `close`
                raise Stopping from None
            if worker in self._preempted:
                raise Busy from None
            return ("fail", "the worker process ended unexpectedly")
        finally:
            worker.jobs += 1
            if worker in self._holding:
                self._holding.remove(worker)
            preempted = worker in self._preempted  # killed, even if its reply came first
            self._preempted.discard(worker)
            if worker in self._demoted or self._closed:  # its place is taken already, or none is kept
                self._demoted.discard(worker)
                self._all.discard(worker)
                worker.stop()
            else:
                renew = preempted or not healthy or worker.jobs >= self.max_jobs
                self._idle.put_nowait(self._replace(worker) if renew else worker)

    def _long(self, worker: _Worker) -> None:
        """``worker``'s job has run a quantum: it is demoted if it can be,
        else preempted if a request waits for a worker, else holds it."""
        if self._demote(worker):
            return
        if self._unserved():
            self._preempt(worker)
        else:
            self._holding.append(worker)

    def _unserved(self) -> bool:
        """Does a request wait for a worker that no preemption under way frees?"""
        return self.waiting > len(self._preempted)

    def _make_room(self, worker: _Worker) -> None:
        """Free ``worker``, whose long job holds it, for a request that waits:
        its job is demoted if it can be by now, else preempted."""
        if not self._demote(worker):
            self._preempt(worker)

    def _preempt(self, worker: _Worker) -> None:
        """Kill ``worker``'s long job: its `run` raises `Busy` and puts a fresh worker in its place."""
        if not self._closed:
            self._preempted.add(worker)
            worker.process.kill()

    def _demote(self, worker: _Worker) -> bool:
        """Let ``worker``'s long job go on at low priority, and a fresh worker
        take its place; False when it cannot (``demoted`` run so already)."""
        if self._closed or len(self._demoted) >= self.max_demoted or not _lower_priority(worker.process.pid):
            return False
        self._demoted.add(worker)
        self._idle.put_nowait(self._new())
        return True

    def close(self) -> None:
        """Stop every worker now: the work under way ends at once, answered
        `Stopping`, as are the requests waiting for a worker and any later."""
        self._closed = True
        for worker in self._all:
            with contextlib.suppress(Exception):
                worker.process.kill()  # a busy one is then stopped by its `run`
        while not self._idle.empty():
            idle = self._idle.get_nowait()
            if idle is not None:
                self._all.discard(idle)
                with contextlib.suppress(Exception):
                    idle.stop()
        for _ in range(self.waiting):
            self._idle.put_nowait(None)
