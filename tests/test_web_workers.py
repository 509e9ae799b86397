"""`squiggly_cp.web.workers`: the bounded pool of worker processes behind
`serve`. Cancelled or overrunning work ends with its worker process, a busy
pool refuses, workers are renewed after `max_jobs` jobs, and long work is
demoted so that quick work never waits behind it."""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import AsyncIterator
from typing import Any

import pytest

from squiggly_cp.web.workers import LOW_PRIORITY, Busy, Cut, Stopping, WorkerPool

LINE_4X4 = "1" + "." * 15 + "1122" * 2 + "3344" * 2
"""A 4x4 with one given (in line form, as `convert --to line` writes it)."""
EMPTY_16X16 = "." * 256 + "".join(
    "123456789ABCDEFG"[(r // 4) * 4 + c // 4] for r in range(16) for c in range(16)
)
SLOW = ("steps", {"puzzle": EMPTY_16X16})  # its logic path runs until the time limit


def pids(pool: WorkerPool) -> set[int]:
    return {worker.process.pid for worker in pool._all}


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A killed child the forkserver has not reaped yet is a zombie: gone all the same.
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().rsplit(")", 1)[1].split()[0] != "Z"


@contextlib.asynccontextmanager
async def started(size: int = 1, **options: Any) -> AsyncIterator[WorkerPool]:
    pool = WorkerPool(size, **options)
    pool.start()
    try:
        yield pool
    finally:
        pool.close()


def test_answers_bad_input_and_renewal() -> None:
    async def go() -> None:
        async with started(max_jobs=2) as pool:
            first = pids(pool)
            kind, got = await pool.run("svg", {"puzzle": LINE_4X4}, 10, 20)
            assert kind == "ok" and got["svg"].startswith("<svg")
            kind, got = await pool.run("analyse", {"puzzle": "no puzzle"}, 10, 20)
            assert kind == "bad" and "cannot tell the format" in got
            assert pids(pool) != first  # two jobs: renewed
            assert not any(alive(pid) for pid in first)
            assert await pool.run("convert", {"puzzle": LINE_4X4, "to": "line"}, 10, 20) == (
                "ok",
                {"text": LINE_4X4 + "\n"},
            )

    asyncio.run(go())


def test_cancelled_work_ends_with_its_worker() -> None:
    async def go() -> None:
        async with started() as pool:
            before = pids(pool)
            job = asyncio.ensure_future(pool.run(*SLOW, 60, 90))
            await asyncio.sleep(1.0)
            job.cancel()
            with pytest.raises(asyncio.CancelledError):
                await job
            assert not any(alive(pid) for pid in before)
            assert len(pids(pool)) == 1 and pids(pool) != before
            kind, got = await pool.run("svg", {"puzzle": LINE_4X4}, 10, 20)
            assert kind == "ok" and got["svg"].startswith("<svg")

    asyncio.run(go())


def test_overrunning_work_is_cut() -> None:
    async def go() -> None:
        async with started() as pool:
            before = pids(pool)
            with pytest.raises(Cut):
                await pool.run(*SLOW, 60, 1.0)  # the hard limit comes long before the time limit
            assert not any(alive(pid) for pid in before)

    asyncio.run(go())


def test_closing_stops_the_work_under_way_and_waiting() -> None:
    """The server stopping: the work under way and the requests waiting for
    a worker end at once (`Stopping`), the workers killed, none started."""

    async def go() -> None:
        async with started(quantum=None) as pool:
            before = pids(pool)
            running = asyncio.ensure_future(pool.run(*SLOW, 60, 90))
            waiting = asyncio.ensure_future(pool.run("svg", {"puzzle": LINE_4X4}, 10, 20))
            await asyncio.sleep(0.3)
            pool.close()
            for job in (running, waiting):
                with pytest.raises(Stopping):
                    await asyncio.wait_for(job, 5)
            assert not pids(pool) and not any(alive(pid) for pid in before)
            with pytest.raises(Stopping):
                await pool.run("svg", {"puzzle": LINE_4X4}, 10, 20)

    asyncio.run(go())


def test_a_full_pool_refuses() -> None:
    async def go() -> None:
        async with started(backlog=0, demoted=0) as pool:
            slow = asyncio.ensure_future(pool.run(*SLOW, 1.0, 10))
            await asyncio.sleep(0.3)
            with pytest.raises(Busy):
                await pool.run("svg", {"puzzle": LINE_4X4}, 10, 20)
            assert await slow == ("ok", {"case": 1, "verdict": "unknown"})

    asyncio.run(go())


def nice(pid: int) -> int:
    return os.getpriority(os.PRIO_PROCESS, pid)


def test_long_work_is_demoted_and_quick_work_goes_first() -> None:
    """One worker, no backlog: without demotion the quick job would be
    refused (as above); here the slow one is reniced after the quantum and
    a fresh worker answers the quick one while it goes on."""

    async def go() -> None:
        async with started(backlog=0, demoted=1, quantum=0.3) as pool:
            first = pids(pool)
            assert {nice(pid) for pid in first} == {nice(os.getpid())}
            slow = asyncio.ensure_future(pool.run(*SLOW, 2.0, 10))
            await asyncio.sleep(0.8)
            assert not slow.done()
            (demoted,) = first
            assert nice(demoted) == LOW_PRIORITY
            assert len(pids(pool)) == 2  # the slow one's, and its stand-in
            kind, got = await pool.run("svg", {"puzzle": LINE_4X4}, 10, 20)
            assert kind == "ok" and got["svg"].startswith("<svg")
            assert not slow.done()
            assert await slow == ("ok", {"case": 1, "verdict": "unknown"})
            # A demoted process cannot get its priority back: it ends with its job.
            assert not alive(demoted)
            (fresh,) = pids(pool)
            assert nice(fresh) == nice(os.getpid())

    asyncio.run(go())


def test_demotion_is_bounded() -> None:
    """With one job demoted already (``demoted=1``), a second long job keeps
    its worker, so the pool is full again and refuses."""

    async def go() -> None:
        async with started(backlog=0, demoted=1, quantum=0.3) as pool:
            slow = [asyncio.ensure_future(pool.run(*SLOW, 3.0, 10))]
            await asyncio.sleep(0.8)  # past the quantum (0.3 s), with room for a busy machine
            slow.append(asyncio.ensure_future(pool.run(*SLOW, 3.0, 10)))
            await asyncio.sleep(0.8)
            assert sorted(nice(pid) for pid in pids(pool)) == [nice(os.getpid()), LOW_PRIORITY]
            with pytest.raises(Busy):
                await pool.run("svg", {"puzzle": LINE_4X4}, 10, 20)
            assert await asyncio.gather(*slow) == [("ok", {"case": 1, "verdict": "unknown"})] * 2

    asyncio.run(go())


def test_quick_work_preempts_a_long_job_holding_a_worker() -> None:
    """Issue 41, defect 9: with ``demoted`` long jobs demoted already, the
    next long one kept its full-priority worker, and quick work queued until
    it ended. Now a request that waits preempts it (killed, answered `Busy`)
    and is answered while the demoted one goes on."""

    async def go() -> None:
        async with started(demoted=1, quantum=0.3) as pool:
            demoted = asyncio.ensure_future(pool.run(*SLOW, 30, 40))
            await asyncio.sleep(0.8)  # past the quantum, with room for a busy machine
            holding = asyncio.ensure_future(pool.run(*SLOW, 30, 40))
            await asyncio.sleep(0.8)
            (held,) = {pid for pid in pids(pool) if nice(pid) != LOW_PRIORITY}
            kind, got = await pool.run("svg", {"puzzle": LINE_4X4}, 10, 20)
            assert kind == "ok" and got["svg"].startswith("<svg")
            assert not demoted.done()
            with pytest.raises(Busy):
                await holding
            assert not alive(held)

    asyncio.run(go())


def test_no_quantum_no_demotion() -> None:
    async def go() -> None:
        async with started(backlog=0, quantum=None) as pool:
            slow = asyncio.ensure_future(pool.run(*SLOW, 1.0, 10))
            await asyncio.sleep(0.5)
            assert {nice(pid) for pid in pids(pool)} == {nice(os.getpid())}
            with pytest.raises(Busy):
                await pool.run("svg", {"puzzle": LINE_4X4}, 10, 20)
            await slow

    asyncio.run(go())
