"""The shared CP-SAT set-up: time limits, rejected models, and Ctrl-C during a long solve."""

from __future__ import annotations

import math
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest
from ortools.sat.python import cp_model

from squiggly_cp import Puzzle, Verdict, classify, standard_regions
from squiggly_cp.ask.count import count, true_candidates
from squiggly_cp.ask.explain import explain
from squiggly_cp.core.limits import check_time_limit
from squiggly_cp.engines.cpsat import solve
from squiggly_cp.sat.run import Stopper, run, together

EMPTY = Puzzle(9, (0,) * 81, standard_regions(9))


def test_time_limit_checks() -> None:
    assert check_time_limit(None) is None
    assert check_time_limit(math.inf) is None
    assert check_time_limit(0.5) == 0.5
    assert check_time_limit(0) == 0
    for bad in (math.nan, -1.0, -math.inf):
        with pytest.raises(ValueError, match="time limit"):
            check_time_limit(bad)


@pytest.mark.parametrize(
    "call",
    [
        lambda t: solve(EMPTY, time_limit=t),
        lambda t: classify(EMPTY, "dlx", time_limit=t),
        lambda t: explain(EMPTY, time_limit=t),
        lambda t: explain(EMPTY, suggest_work_limit=t),
        lambda t: count(EMPTY, 0, time_limit=t),
        lambda t: true_candidates(EMPTY, time_limit=t),
    ],
    ids=["cpsat", "dlx", "explain", "explain-suggest", "count", "true_candidates"],
)
def test_nan_time_limit_is_rejected_everywhere(call) -> None:
    with pytest.raises(ValueError, match="time limit"):
        call(math.nan)


def test_infinite_time_limit_is_no_limit() -> None:
    assert solve(EMPTY, time_limit=math.inf).verdict is Verdict.MULTIPLE
    assert classify(EMPTY, "dlx", time_limit=math.inf).verdict is Verdict.MULTIPLE
    assert count(EMPTY, 3, time_limit=math.inf) == 3


def test_rejected_model_raises() -> None:
    model = cp_model.CpModel()
    model.new_int_var(5, 2, "x")  # an empty domain: CP-SAT answers MODEL_INVALID
    with pytest.raises(RuntimeError, match="rejected the model: var #0 has no domain"):
        run(model)


def test_statuses_by_name() -> None:
    model = cp_model.CpModel()
    a, b = model.new_bool_var("a"), model.new_bool_var("b")
    model.add_bool_or([a, b])
    solver, status = run(model)
    assert status in ("OPTIMAL", "FEASIBLE")
    assert solver.boolean_value(a) or solver.boolean_value(b)
    model.add_bool_and([a.Not(), b.Not()])
    assert run(model)[1] == "INFEASIBLE"


def test_run_works_outside_the_main_thread() -> None:
    # Only the main thread may set the wake-up fd; elsewhere run() must not try.
    results: list[str] = []
    thread = threading.Thread(target=lambda: results.append(solve(EMPTY).verdict.value))
    thread.start()
    thread.join()
    assert results == ["multiple"]


# A child process that starts a long CP-SAT search (pigeonhole: 14 pigeons,
# 13 holes, which CP-SAT without symmetry detection cannot refute in minutes;
# no solution callback, so no Python code runs during the search), with a
# wake-up fd of its own already set, prints READY and reports what Ctrl-C did.
PIGEONHOLE = textwrap.dedent(
    """
    from ortools.sat.python import cp_model

    def pigeonhole():
        model = cp_model.CpModel()
        holes = 13
        x = [[model.new_bool_var("") for _ in range(holes)] for _ in range(holes + 1)]
        for pigeon in x:
            model.add_bool_or(pigeon)
        for h in range(holes):
            model.add_at_most_one([pigeon[h] for pigeon in x])
        return model
    """
)
CHILD = PIGEONHOLE + textwrap.dedent(
    """
    import os, signal, sys, time
    from squiggly_cp.sat.run import run

    model = pigeonhole()
    # Python's own SIGINT handling, even if this test was started with SIGINT
    # ignored (as background jobs of a shell are), which children inherit.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    mine_r, mine_w = os.pipe()
    os.set_blocking(mine_w, False)
    signal.set_wakeup_fd(mine_w)
    print("READY", flush=True)
    start = time.monotonic()
    try:
        status = run(model, time_limit=float(sys.argv[1]))[1]
        print("RETURNED", status, flush=True)
    except KeyboardInterrupt:
        print("INTERRUPTED", flush=True)
    print("AFTER", round(time.monotonic() - start, 2))
    print("HANDLER", signal.getsignal(signal.SIGINT) is signal.default_int_handler)
    # Python's record of the handler can be stale; a real SIGINT tests the one installed.
    try:
        signal.raise_signal(signal.SIGINT)
        time.sleep(1)
        print("AGAIN nothing")
    except KeyboardInterrupt:
        print("AGAIN KeyboardInterrupt")
    print("WAKEUP", signal.set_wakeup_fd(-1) == mine_w)
    os.set_blocking(mine_r, False)
    try:
        print("FORWARDED", signal.SIGINT in os.read(mine_r, 100))
    except BlockingIOError:
        print("FORWARDED", False)
    """
)


def _interrupted(*args: str) -> tuple[str, float, str]:
    """Run a child script that prints READY and then searches; send it SIGINT
    1 s later. Its next line, the seconds until that line, and the rest."""
    child = subprocess.Popen(
        [sys.executable, "-c", *args], stdout=subprocess.PIPE, text=True, env=_child_env()
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline() == "READY\n"
        time.sleep(1.0)  # well into the search
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        outcome = child.stdout.readline()
        waited = time.monotonic() - sent
        child.wait(timeout=30)  # the output is small: no pipe fills up
        out = child.stdout.read()  # not communicate(): it would skip what readline buffered
    finally:
        child.kill()
        child.wait()
    assert child.returncode == 0, out
    return outcome, waited, out


def test_ctrl_c_interrupts_a_long_solve_promptly() -> None:
    # Uninterrupted, the child's search runs to its 20 s time limit.
    outcome, waited, out = _interrupted(CHILD, "20")
    assert outcome == "INTERRUPTED\n", outcome + out
    assert waited < 2.0, out
    report = dict(line.partition(" ")[::2] for line in out.splitlines())
    assert report["HANDLER"] == "True"
    assert report["AGAIN"] == "KeyboardInterrupt"
    assert report["WAKEUP"] == "True"
    assert report["FORWARDED"] == "True"


def test_the_long_solve_is_long_without_ctrl_c() -> None:
    # The control for the test above: unstopped, the same search runs to its time limit.
    done = subprocess.run(
        [sys.executable, "-c", CHILD, "2"], capture_output=True, text=True, env=_child_env(), timeout=60
    )
    assert "RETURNED UNKNOWN" in done.stdout, done.stdout + done.stderr
    assert float(done.stdout.split("AFTER ")[1].split()[0]) >= 1.5  # CP-SAT may stop a little early


_SPACE: dict[str, object] = {}
exec(PIGEONHOLE, _SPACE)
pigeonhole = _SPACE["pigeonhole"]


def _long_search(stopper: Stopper, started: threading.Event) -> tuple[str, float]:
    """The pigeonhole search above (20 s unless stopped): its status and seconds."""
    start = time.monotonic()
    started.set()
    status = run(pigeonhole(), time_limit=20.0, stopper=stopper)[1]  # type: ignore[operator]
    return status, time.monotonic() - start


def test_together_runs_the_first_helper_here_and_each_other_in_a_thread_of_its_own() -> None:
    seen: dict[str, threading.Thread] = {}

    def work(name: str) -> None:
        seen[name] = threading.current_thread()

    together([("a", Stopper()), ("b", Stopper()), ("c", Stopper())], work)
    assert seen["a"] is threading.current_thread()
    assert len({id(thread) for thread in seen.values()}) == 3


@pytest.mark.parametrize("raiser", ["here", "there"])
def test_an_error_in_one_thread_stops_the_others_search_and_is_raised_here(raiser: str) -> None:
    """``here``: the calling thread raises while the other searches; ``there``: the other way round."""
    stoppers, started, outcome = {"here": Stopper(), "there": Stopper()}, threading.Event(), []
    searcher = "there" if raiser == "here" else "here"

    def work(job: str) -> None:
        if job == raiser:
            started.wait(10)
            time.sleep(0.5)  # well into the other's search
            raise ValueError(raiser)
        outcome.append(_long_search(stoppers[searcher], started))

    with pytest.raises(ValueError, match=raiser):
        together([("here", stoppers["here"]), ("there", stoppers["there"])], work)
    [(status, took)] = outcome  # together waited for it
    assert status == "UNKNOWN" and took < 10  # unstopped: 20 s, as the test above shows for 2


TEAM_CHILD = PIGEONHOLE + textwrap.dedent(
    """
    import signal, threading, time
    from squiggly_cp.sat.run import Stopper, run, together

    signal.signal(signal.SIGINT, signal.default_int_handler)
    stoppers = [Stopper(), Stopper()]
    print("READY", flush=True)
    start = time.monotonic()
    try:
        work = lambda k: run(pigeonhole(), time_limit=20.0, stopper=stoppers[k])
        together([(k, stoppers[k]) for k in (0, 1)], work)
        print("RETURNED", flush=True)
    except KeyboardInterrupt:
        print("INTERRUPTED", flush=True)
    print("AFTER", round(time.monotonic() - start, 2))
    print("LEFT", [t.name for t in threading.enumerate() if t.name not in ("MainThread", "cp-sat-sigint")])
    """
)


def test_ctrl_c_stops_the_searches_of_every_thread_of_together_promptly() -> None:
    """`candidate_search` asks CP-SAT in two threads; Ctrl-C, which only the
    main thread gets, must stop the other thread's search too."""
    outcome, waited, out = _interrupted(TEAM_CHILD)
    assert outcome == "INTERRUPTED\n", outcome + out
    assert waited < 2.0, out
    assert "LEFT []" in out, out


JOIN_CHILD = textwrap.dedent(
    """
    import signal, threading, time
    from squiggly_cp.sat.run import Stopper, together

    signal.signal(signal.SIGINT, signal.default_int_handler)
    stoppers, returned = [Stopper(), Stopper()], threading.Event()

    def work(k):
        if k == 0:  # here: done at once, then waiting for the other
            returned.set()
            return
        returned.wait(20)
        signal.pthread_kill(threading.main_thread().ident, signal.SIGINT)  # Ctrl-C, to the waiting thread
        give_up = time.monotonic() + 20
        while not stoppers[1].stopped and time.monotonic() < give_up:  # a search heeding its stopper
            time.sleep(0.01)

    try:
        together([(k, stoppers[k]) for k in (0, 1)], work)
        print("RETURNED")
    except KeyboardInterrupt:
        print("INTERRUPTED")
    print("LEFT", [t.name for t in threading.enumerate() if t is not threading.main_thread()])
    """
)


def test_ctrl_c_while_together_waits_for_the_others_stops_them() -> None:
    """A Ctrl-C after this thread's share is done, while it waits for the
    others, stopped nothing: `count --candidates` then left its other thread
    inside CP-SAT at the exit, and the process died of SIGABRT ("terminate
    called without an active exception"). The Ctrl-C is sent only once the
    share here has returned, so it always lands in the wait."""
    done = subprocess.run(
        [sys.executable, "-c", JOIN_CHILD], capture_output=True, text=True, env=_child_env(), timeout=60
    )
    assert done.stdout.split("\n")[:2] == ["INTERRUPTED", "LEFT []"], done.stdout + done.stderr


def _child_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
