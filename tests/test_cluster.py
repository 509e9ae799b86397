"""--cluster: Dask gives the same output, order and exit status as one process,
survives a lost worker, and stops cleanly on Ctrl-C or a lost scheduler."""

from __future__ import annotations

import logging
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from conftest import (
    DATA,
    SAMPLE_IN,
    check_sample_answers,
    ended,
    judge_file,
    start_solve,
)
from squiggly_cp import Case, classify, read_hdu, write_hdu
from squiggly_cp.cli import main as cli
from squiggly_cp.execution import cluster
from test_local import _corpus_with_bad_cases

distributed = pytest.importorskip("distributed")

CORPUS_IN = DATA / "corpus.in"
CORPUS_OUT = DATA / "corpus.out"


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a cluster of two one-thread worker processes, shared by the
    in-process tests (which reach it as a remote scheduler)."""
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0", silence_logs=logging.ERROR
    ) as local:
        yield local.scheduler_address


def invoke(*args: str, stdin: bytes | None = None) -> Result:
    return CliRunner().invoke(cli.main, list(args), input=stdin)


def _one_line(result: Result, *words: str) -> None:
    assert result.stderr.count("\n") == 1, result.stderr
    assert "Traceback" not in result.stderr
    for word in words:
        assert word in result.stderr, result.stderr


def _blocks(text: bytes) -> dict[bytes, bytes]:
    """Judge output by case number."""
    return {block.split(b":")[0]: block for block in text.split(b"Case ")[1:]}


def test_corpus_is_answered_as_with_one_process(scheduler: str) -> None:
    done = invoke("solve", "--cluster", scheduler, str(CORPUS_IN))
    assert (done.exit_code, done.stderr) == (0, "")
    assert done.stdout_bytes == CORPUS_OUT.read_bytes()
    # Bad cases stay on the client, reported in their place, with the same status.
    data = _corpus_with_bad_cases()
    one = invoke("solve", "--jobs", "1", "-", stdin=data)
    many = invoke("solve", "--cluster", scheduler, "-", stdin=data)
    assert one.exit_code == 1
    assert (many.exit_code, many.stdout_bytes, many.stderr) == (one.exit_code, one.stdout_bytes, one.stderr)


def test_json_and_count_are_the_same_on_the_cluster(scheduler: str) -> None:
    puzzles = [c.puzzle for c in read_hdu(CORPUS_IN)][:12]
    some = write_hdu(puzzles).encode()
    # count --candidates takes seconds on each sparse one (17 givens or fewer): the others.
    fuller = write_hdu([p for p in puzzles if sum(map(bool, p.givens)) > 17]).encode()
    for args, data in (
        (["solve", "--json"], some),
        (["count", "--limit", "20"], some),
        (["count", "--candidates"], fuller),
    ):
        here = invoke(*args, "-", stdin=data)
        there = invoke(*args, "--cluster", scheduler, "-", stdin=data)
        assert here.exit_code == 0, args
        assert (there.exit_code, there.stdout_bytes, there.stderr) == (0, here.stdout_bytes, here.stderr)


def test_time_limit_holds_on_the_workers(scheduler: str) -> None:
    done = invoke("solve", "--time-limit", "0.000001", "--cluster", scheduler, str(CORPUS_IN))
    assert done.exit_code == 4
    late = {line.split()[2].rstrip(":") for line in done.stderr.splitlines()}
    assert all("not decided within the 1e-06 s time limit" in line for line in done.stderr.splitlines())
    answered = _blocks(done.stdout_bytes)
    assert late and answered, "some cases need search, some only propagation"
    expected = _blocks(CORPUS_OUT.read_bytes())
    assert {k.decode() for k in answered}.isdisjoint(late)
    assert len(answered) + len(late) == len(expected)
    for number, block in answered.items():
        assert block == expected[number]


def test_the_stream_is_not_submitted_whole(scheduler: str) -> None:
    consumed = 0
    case = next(read_hdu(SAMPLE_IN))

    def endless() -> Iterator[Case]:
        nonlocal consumed
        while True:
            consumed += 1
            yield Case(consumed, case.puzzle)

    address = cluster.Address(scheduler=scheduler)
    stream = cluster.decide_stream(endless(), partial(classify, engine="cpsat"), address)
    for _ in zip(range(100), stream, strict=False):
        pass
    stream.close()
    # Two worker threads: a window of 8 batches, and the batch being answered.
    assert consumed <= 100 + (2 * cluster.WINDOW_PER_THREAD + 1) * cluster.BATCH


def test_workers_of_another_version_are_refused(scheduler: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cluster, "installed_version", lambda: "0.0.0")
    done = invoke("solve", "--cluster", scheduler, str(SAMPLE_IN))
    assert (done.exit_code, done.stdout_bytes) == (1, b"")
    _one_line(done, "every worker needs squiggly-cp 0.0.0")


def test_an_unreachable_scheduler_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 0.5)
    done = invoke("count", "--cluster", "tcp://127.0.0.1:9", str(SAMPLE_IN))
    assert (done.exit_code, done.stdout_bytes) == (1, b"")
    _one_line(done, "cannot reach the Dask scheduler at tcp://127.0.0.1:9")


def test_without_dask_cluster_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    for command in ("solve", "count"):
        done = invoke(command, "--cluster", "local:2", str(SAMPLE_IN))
        assert (done.exit_code, done.stdout_bytes) == (2, b"")
        _one_line(done, "pip install 'squiggly-cp[cluster]'")


def test_bad_cluster_options_are_usage_errors() -> None:
    for args in (["--cluster", "local:0"], ["--cluster", "elsewhere"], ["--cluster", "local", "--jobs", "2"]):
        done = invoke("solve", *args, str(SAMPLE_IN))
        assert (done.exit_code, done.stdout_bytes) == (2, b""), args


def test_a_run_without_cluster_never_imports_dask() -> None:
    code = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from squiggly_cp.cli import main as cli\n"
        f"done = CliRunner().invoke(cli.main, ['solve', '--jobs', '2', {str(CORPUS_IN)!r}])\n"
        "assert done.exit_code == 0, done.output\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert (done.returncode, done.stdout) == (0, "[]\n"), done.stderr


# The commands below start their own cluster in a subprocess, as a user would.


def _workers(pid: int) -> list[int]:
    """The Dask worker processes that ``pid`` started (multiprocessing spawns)."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            command = (entry / "cmdline").read_bytes()
        except (OSError, ValueError, IndexError):
            continue
        if ppid == pid and b"spawn_main" in command:
            found.append(int(entry.name))
    return found


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="finds worker processes in /proc")
def test_a_killed_worker_loses_nothing(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    proc = start_solve(judge_file(tmp_path / "in.txt", 600), out, "--cluster", "local:2")
    workers = _workers(proc.pid)
    assert len(workers) == 2
    os.kill(workers[0], signal.SIGKILL)
    err = ended(proc, 120)
    assert (proc.returncode, err.decode()) == (0, "")
    assert check_sample_answers(out.read_text()) == 1800


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="finds worker processes in /proc")
def test_ctrl_c_leaves_only_complete_cases(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    proc = start_solve(judge_file(tmp_path / "in.txt", 10000), out, "--cluster", "local:2")
    workers = _workers(proc.pid)
    os.killpg(proc.pid, signal.SIGINT)  # as a terminal's Ctrl-C reaches the whole group
    err = ended(proc, 60)
    assert (proc.returncode, err) == (130, b"squiggly-cp: interrupted\n")
    assert 0 < check_sample_answers(out.read_text()) < 30000
    assert out.read_text().endswith("\n")
    assert workers and not any(Path(f"/proc/{pid}").exists() for pid in workers)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_a_lost_scheduler_stops_the_run_with_one_line(tmp_path: Path) -> None:
    dask = str(Path(sys.executable).parent / "dask")
    port = str(_free_port())
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "start_new_session": True}
    boss = subprocess.Popen([dask, "scheduler", "--port", port, "--no-dashboard"], **quiet)
    hand = subprocess.Popen(
        [dask, "worker", f"tcp://127.0.0.1:{port}", "--nthreads", "1", "--no-dashboard"], **quiet
    )
    try:
        out = tmp_path / "out.txt"
        proc = start_solve(judge_file(tmp_path / "in.txt", 10000), out, "--cluster", f"tcp://127.0.0.1:{port}")
        boss.kill()
        err = ended(proc, 60)
    finally:
        for daemon in (boss, hand):
            if daemon.poll() is None:
                os.killpg(daemon.pid, signal.SIGTERM)
            daemon.wait(timeout=30)
    assert proc.returncode == 1
    lost = f"lost the Dask scheduler at tcp://127.0.0.1:{port}; the cases written are complete\n"
    assert err.decode().endswith(lost)
    assert err.count(b"\n") == 1
    assert 0 < check_sample_answers(out.read_text()) < 30000


def test_a_ctrl_c_swallowed_inside_dask_still_stops_the_map() -> None:
    # Issue 21, item 19: the map's Ctrl-C is a flag its waiting loop checks, so
    # code that catches KeyboardInterrupt while a result is awaited cannot lose it.
    from squiggly_cp.core.signals import Deferred

    class Swallowing:
        """A future that is never done; Ctrl-C comes while the map waits for it,
        into code that catches KeyboardInterrupt as Dask's waiting code may."""

        def add_done_callback(self, callback: Callable[[object], None]) -> None:
            try:
                os.kill(os.getpid(), signal.SIGINT)
                time.sleep(0.05)
            except KeyboardInterrupt:
                pass
            # Done after 5 s all the same: a lost interrupt fails the test, not hangs it.
            threading.Timer(5.0, callback, (self,)).start()

        def done(self) -> bool:
            return False

        def result(self, timeout: float | None = None) -> list:
            return ["the interrupt was lost"]

    batch = cluster._Batch(0, [1])
    batch.future = Swallowing()
    with pytest.raises(KeyboardInterrupt), Deferred(mask=False) as interrupt:
        cluster._result(object(), batch, str, cluster.parse_address("local:1"), interrupt)


def test_the_map_waits_for_a_result_itself_never_in_dask_with_a_timeout() -> None:
    # Dask's Future.result(timeout=...) can lose a finished result in a race
    # (UnboundLocalError from distributed.utils.sync): it ended a 1,000,000-case
    # run. The map waits on a done-callback and asks for the result only when done.
    from squiggly_cp.core.signals import Deferred

    class Done:
        def add_done_callback(self, callback: Callable[[object], None]) -> None:
            callback(self)

        def done(self) -> bool:
            return True

        def result(self, timeout: float | None = None) -> list:
            assert timeout is None, "waited in Dask with a timeout"
            return [42]

    batch = cluster._Batch(0, [1])
    batch.future = Done()
    with Deferred(mask=False) as interrupt:
        assert cluster._result(object(), batch, str, cluster.parse_address("local:1"), interrupt) == [42]
