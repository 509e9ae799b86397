"""`squiggly_cp.web.workers`: the bounded pool of worker processes behind
`serve`. Cancelled or overrunning work ends with its worker process, a busy
pool refuses, and workers are renewed after `max_jobs` jobs."""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import AsyncIterator

import pytest

from squiggly_cp.web.workers import Busy, Cut, WorkerPool

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
async def started(size: int = 1, **options: int) -> AsyncIterator[WorkerPool]:
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


def test_a_full_pool_refuses() -> None:
    async def go() -> None:
        async with started(backlog=0) as pool:
            slow = asyncio.ensure_future(pool.run(*SLOW, 1.0, 10))
            await asyncio.sleep(0.3)
            with pytest.raises(Busy):
                await pool.run("svg", {"puzzle": LINE_4X4}, 10, 20)
            assert await slow == ("ok", {"case": 1, "verdict": "unknown"})

    asyncio.run(go())
