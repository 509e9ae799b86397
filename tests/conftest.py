"""Shared test helpers: the judge's sample and the installed console script."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import settings

# CI draws the same examples every run, so a red build can be reproduced.
settings.register_profile("ci", derandomize=True, deadline=None)
if os.environ.get("CI"):
    settings.load_profile("ci")

ROOT = Path(__file__).resolve().parent.parent

# The slowest files, longest first (measured on 2 cores, 2026-12-07: 50-280 s
# of a worker's time each, on a loaded machine): pytest-xdist deals whole files
# to its workers in this order (pyproject.toml turns off its own reordering, by
# number of tests), and one of these dealt last kept one worker busy long
# after the others had finished.
SLOW_FIRST = (
    "test_cli_hostile.py",
    "test_logic_soundness.py",
    "test_web_api.py",
    "test_workbench_page.py",
    "test_page.py",
    "test_workbench_tools.py",
    "test_rules.py",
    "test_logic_blocked.py",
    "test_cli_generate.py",
    "test_hint.py",
    "test_cli_tools.py",
    "test_generate.py",
    "test_cli_variants.py",
    "test_logic_forcing.py",
    "test_cli_logic.py",
    "test_explain.py",
    "test_workbench_rules_edit.py",
    "test_cpsat.py",
    "test_local.py",
    "test_workbench_ux.py",
    "test_corpus.py",
    "test_cluster.py",
    "test_engines.py",
    # Mostly waiting, little CPU; its Ctrl-C test wants a stopping server's
    # replies out within uvicorn's 1 s grace, which two runs with it dealt
    # early, beside the soundness samples and test_cli_hostile's bursts of
    # processes, missed on a loaded machine (it passes alone, and did dealt late).
    "test_cli_serve.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    rank = {name: k for k, name in enumerate(SLOW_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))  # stable: the rest keep their order
DATA = ROOT / "data"
SAMPLE_IN = DATA / "hdu4069-sample.in"
SAMPLE_OUT = DATA / "hdu4069-sample.out"
EDITS_16 = (ROOT / "benchmarks" / "workbench16_edits.txt").read_text().split()
"""The grids of benchmarks/bench_workbench_16.py's recorded edits, line form:
a 16x16 jigsaw from 40 givens (all 16 digits among them) to unique."""
SPARSE_16 = EDITS_16[0]


def console_script() -> str:
    """The installed `squiggly-cp`: beside this interpreter first, then on PATH."""
    here = Path(sys.executable).parent / "squiggly-cp"
    found = str(here) if here.exists() else shutil.which("squiggly-cp")
    if not found:
        pytest.fail("the squiggly-cp console script is not installed (pip install '.[test]')")
    return found


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto`` (pyproject.toml): a process more than the cores. About a
    fifth of the suite is waiting (servers, browsers, signals sent on a
    timer, subprocesses starting), which the extra process fills: on 2
    cores, 280 s and 316 s against 314 s and 330 s on two (benchmarks/RESULTS.md)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        cores = os.cpu_count() or 1
    return cores + 1


def cli_env() -> dict[str, str]:
    """The environment for the console script: without PYTHON* variables
    (PYTHONUNBUFFERED would hide how the command buffers its output)."""
    return {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}


def run_cli(
    *args: str, stdin: bytes | None = None, timeout: float = 600
) -> subprocess.CompletedProcess[bytes]:
    """Run the installed console script; stdout and stderr are captured as bytes."""
    return subprocess.run(
        [console_script(), *args],
        input=stdin if stdin is not None else b"",
        capture_output=True,
        timeout=timeout,
        env=cli_env(),
        check=False,
    )


def invoke_cli(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    """`run_cli`'s answer from the command run in this process (click's test
    runner): for tests that take a command's output as the reference they
    compare with, where starting the installed script (0.5 s of imports each
    time) checks nothing more. How the installed script behaves as a process
    is tested by its own tests, with `run_cli`."""
    from click.testing import CliRunner

    from squiggly_cp.cli.main import main

    try:
        runner = CliRunner(mix_stderr=False)  # click 8.1; from 8.2 the two are always apart
    except TypeError:
        runner = CliRunner()
    done = runner.invoke(main, list(args), input=stdin or b"")
    if done.exception is not None and not isinstance(done.exception, SystemExit):
        raise done.exception
    return subprocess.CompletedProcess(list(args), done.exit_code, done.stdout_bytes, done.stderr_bytes)


def sample_tokens() -> list[str]:
    return SAMPLE_IN.read_text().split()


def judge_file(path: Path, copies: int) -> Path:
    """The judge's three sample cases, ``copies`` times over, written to
    ``path``: a run long enough to be stopped."""
    body = " ".join(sample_tokens()[1:]) + "\n"
    path.write_text(f"{3 * copies}\n" + body * copies)
    return path


def start_solve(
    path: Path, out: Path, *args: str, answered: int = 1, sigint_ignored: bool = False
) -> subprocess.Popen[bytes]:
    """`squiggly-cp solve ARGS PATH` in a session of its own, its standard
    output in ``out``, once ``answered`` bytes of it are written (started
    with Ctrl-C ignored, as ``nohup`` starts it, if ``sigint_ignored``)."""
    with out.open("wb") as sink:
        proc = subprocess.Popen(
            [console_script(), "solve", *args, str(path)],
            stdout=sink,
            stderr=subprocess.PIPE,
            start_new_session=True,
            env={**cli_env(), "PYTHONFAULTHANDLER": "1"},  # for `ended`
            preexec_fn=_ignore_sigint if sigint_ignored else None,
        )
    deadline = time.monotonic() + 60
    while out.stat().st_size < answered and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert proc.poll() is None, "still running when the first cases are out"
    return proc


def ended(proc: subprocess.Popen[bytes], timeout: float) -> bytes:
    """The standard error of `start_solve`'s ``proc`` once it ends. One still
    running after ``timeout`` seconds is hung: the test fails with the stack
    of each of its threads (Python's fault handler prints them on SIGABRT)."""
    try:
        return proc.communicate(timeout=timeout)[1]
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGABRT)
        err = proc.communicate(timeout=30)[1].decode(errors="replace")
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)  # its workers, in its session
        pytest.fail(f"the run still went on after {timeout} s; its threads then:\n{err}")


def check_sample_answers(text: str) -> int:
    """Every case in ``text`` (the answers to `judge_file`) is complete and
    right; the number of cases."""
    answers = SAMPLE_OUT.read_text().split("Case ")[1:]
    blocks = text.split("Case ")[1:]
    for k, block in enumerate(blocks, 1):
        assert block == f"{k}:" + answers[(k - 1) % 3].split(":", 1)[1]
    return len(blocks)


def _ignore_sigint() -> None:
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def start_serve(*args: str, sigint_ignored: bool = False) -> tuple[subprocess.Popen[str], str]:
    """Start the installed `squiggly-cp serve --port 0` (a free port) with
    ``args`` (and Ctrl-C ignored, if ``sigint_ignored``); return the process
    and its base URL (``http://127.0.0.1:PORT``), read from the one line it
    writes to standard error when it listens."""
    import re

    proc = subprocess.Popen(
        [console_script(), "serve", "--port", "0", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=cli_env(),
        preexec_fn=_ignore_sigint if sigint_ignored else None,
    )
    assert proc.stderr is not None
    line = proc.stderr.readline()
    found = re.search(r"http://[^\s/]+", line)
    if found is None:
        proc.kill()
        pytest.fail(f"serve did not say where it listens: {line!r}{proc.stderr.read()[:2000]!r}")
    return proc, found.group()


@pytest.fixture(scope="module")
def browser() -> object:
    """A headless Chromium for a module's browser tests: every test opens its
    own tab, in a context of its own. Not shared further: Playwright's sync
    API holds an event loop on the thread while it runs, and the asyncio
    tests of another module (asyncio.run) then fail."""
    from browser import browser_session

    yield from browser_session()


@pytest.fixture(scope="session")
def serve_url() -> object:
    """One `squiggly-cp serve` for the session's browser and HTTP tests: its base URL."""
    proc, url = start_serve("--workers", "2")
    yield url
    stop_serve(proc)


def stop_serve(proc: subprocess.Popen[str]) -> None:
    """Stop a `serve` as Ctrl-C does (killed if it has not stopped in 20 s)."""
    import signal

    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(20)
    except subprocess.TimeoutExpired:
        proc.kill()
