"""The one CP-SAT set-up of this project: parameters, status checks and Ctrl-C.

Every CP-SAT search (`squiggly_cp.engines.cpsat` and the setter's tools) goes
through `run`, on a model from `squiggly_cp.sat.model`, and only documented
OR-Tools calls are made.

Parameters, chosen by measurement (benchmarks/RESULTS.md): one worker (the
parallel portfolio costs more to start than these searches take); presolve,
linearization, symmetry detection and probing off, each of which cost more
than it saved on these small models; SAT inprocessing off too (the parameter
sweep there, benchmarks/sweep_params.py: it spends more on clause database
clean-up than searches this short gain).

Ctrl-C. CP-SAT's own SIGINT handling (``catch_sigint_signal``) is off: it
replaces Python's handler during each solve, so Ctrl-C stops the solve quietly
instead of raising KeyboardInterrupt, and afterwards it leaves the system's
default handler behind (every version from 9.9 to 9.15), so the next Ctrl-C
kills the process. CP-SAT releases the GIL while it searches, but Python runs
its SIGINT handler only between bytecodes of the main thread, so on its own a
Ctrl-C would wait for the solve to end. So, in the main thread, `run` points
Python's signal wake-up fd at a pipe that a daemon thread reads. On SIGINT
that thread stops the search (again every 50 ms until `solve` returns, in case
the stop came before the search began); `solve` returns and Python's handler
runs (the default one raises KeyboardInterrupt). OR-Tools 9.9 to 9.11 run
that handler while converting the response and drop the KeyboardInterrupt it
raises; then `run` raises it itself. The previous wake-up fd is restored after
each solve, and bytes read meanwhile are passed on to it.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TypeVar

from ortools.sat.python import cp_model

from ..core.limits import Undecided, WorkBudget, check_time_limit
from ..core.signals import held_sigint, hold_sigint, sigint_ignored

__all__ = ["DONE", "GENERATOR_PARAMETERS", "LOAD_WORK", "Stopper", "ask", "run", "together"]

DONE = frozenset({"OPTIMAL", "INFEASIBLE"})
"""Statuses (by name) that mean the search finished: every solution was seen, or there is none."""

GENERATOR_PARAMETERS = {"cp_model_presolve": True}
"""What the generator's and the layout checker's searches change: presolve
pays off on the many small one-off models they build."""

LOAD_WORK = 1.5e-6
"""What a search on a work budget is charged, in deterministic seconds, per
variable and constraint of its model, besides CP-SAT's deterministic time.
That time counts the search, not the loading of the model: on the one-hot
16x16 model (5,120 of them) a short search is counted about 1 ms and
takes 8 to 15 ms, so a budget of deterministic time alone let a series of
searches run twenty times as long as it said (`explain`'s on a blank 16x16:
100 s for 5). With this charge (about 8 ms there, 1.6 ms on a 9x9) a
budget is close to seconds, and still the same on any machine."""

_PARAMETERS = {
    "num_workers": 1,
    "cp_model_presolve": False,
    "linearization_level": 0,
    "symmetry_level": 0,
    "cp_model_probing_level": 0,
    "use_sat_inprocessing": False,
    "catch_sigint_signal": False,
}


def ask(
    model: cp_model.CpModel,
    *,
    time_limit: float | None = None,
    work_limit: float | None = None,
    parameters: Mapping[str, object] | None = None,
    budget: WorkBudget | None = None,
    stopper: Stopper | None = None,
) -> tuple[cp_model.CpSolver, bool]:
    """`run` for a yes-or-no question: the solver, and True (a solution exists:
    the solver holds it) or False (none exists); raises `Undecided` when a
    limit ran out first. The one place CP-SAT's status names are read for
    feasibility. With a ``budget`` the model's loading (`LOAD_WORK`) is
    taken off it first, what is left is the work limit, and the search's
    work is taken off it too (decided or not)."""
    if budget is not None:
        proto = model.proto
        budget.charge(LOAD_WORK * (len(proto.variables) + len(proto.constraints)))
        if budget.spent():
            raise Undecided("the work budget ran out")
        work_limit = budget.left
    solver, status = run(
        model, time_limit=time_limit, work_limit=work_limit, parameters=parameters, stopper=stopper
    )
    if budget is not None:
        budget.charge(solver.response_proto.deterministic_time)
    if status not in ("OPTIMAL", "FEASIBLE", "INFEASIBLE"):
        raise Undecided("the CP-SAT search stopped at its time or work limit")
    return solver, status != "INFEASIBLE"


def run(
    model: cp_model.CpModel,
    *,
    time_limit: float | None = None,
    callback: cp_model.CpSolverSolutionCallback | None = None,
    work_limit: float | None = None,
    parameters: Mapping[str, object] | None = None,
    stopper: Stopper | None = None,
) -> tuple[cp_model.CpSolver, str]:
    """Solve ``model`` with this project's parameters; return the solver and the
    status name (``OPTIMAL``, ``FEASIBLE``, ``INFEASIBLE`` or ``UNKNOWN``).

    With a ``callback`` the search enumerates every solution (the callback
    may stop it). ``time_limit`` is in seconds (see `squiggly_cp.core.limits.check_time_limit`);
    ``work_limit`` in CP-SAT's deterministic seconds. ``parameters`` override
    this project's for one kind of search (the generator's, say); an enum value
    is given by name (``"POLARITY_RANDOM"``).
    Raises RuntimeError if CP-SAT rejects the model, and lets Ctrl-C through
    promptly (see the module's description). A ``stopper`` lets another
    thread stop the search (its status is then ``UNKNOWN``).
    """
    solver = cp_model.CpSolver()
    params = solver.parameters
    for name, value in {**_PARAMETERS, **(parameters or {})}.items():
        setattr(params, name, getattr(params, value) if isinstance(value, str) else value)
    params.enumerate_all_solutions = callback is not None
    limit = check_time_limit(time_limit)
    if limit is not None:
        params.max_time_in_seconds = limit
    if work_limit is not None:
        # CP-SAT's deterministic time: the same limit stops the same search at
        # the same point on any machine, under any load (with one worker).
        params.max_deterministic_time = work_limit
    with _stopped_by_sigint(solver), _watched(stopper, solver):
        status = solver.status_name(solver.solve(model, callback))
    if status == "MODEL_INVALID":
        raise RuntimeError(f"CP-SAT rejected the model: {solver.solution_info()}")
    return solver, status


_RESTOP_EVERY = 0.05  # seconds


class Stopper:
    """Stops, from another thread, the search `run` makes with it, and every
    later one (they return at once, undecided)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._solver: cp_model.CpSolver | None = None
        self.stopped = False

    def stop(self) -> None:
        """Stop the search running, if any, and those to come. A stop that
        comes just before a search begins may be lost: repeat it until the
        thread is done (`together` does)."""
        with self._lock:
            self.stopped = True
            if self._solver is not None:
                self._solver.stop_search()

    @contextlib.contextmanager
    def watching(self, solver: cp_model.CpSolver) -> Iterator[None]:
        with self._lock:
            self._solver = solver
            if self.stopped:
                solver.parameters.max_time_in_seconds = 0.0
        try:
            yield
        finally:
            with self._lock:
                self._solver = None


def _watched(stopper: Stopper | None, solver: cp_model.CpSolver) -> contextlib.AbstractContextManager[None]:
    return contextlib.nullcontext() if stopper is None else stopper.watching(solver)


_Helper = TypeVar("_Helper")


def together(helpers: Sequence[tuple[_Helper, Stopper]], work: Callable[[_Helper], None]) -> None:
    """``work(helper)`` for each helper at once: the first in this thread,
    each other in a thread of its own (CP-SAT releases the GIL while it
    searches, so two searches use two cores). Each helper's searches take
    its stopper. When one raises, the others are stopped and waited for
    (Ctrl-C, which only this thread gets, stops them all within a search's
    return), and its exception is raised here: this thread's own, or else
    the first of the others'."""
    errors: list[BaseException] = []
    # Each other thread's end, waited for as an event: a Ctrl-C that interrupts
    # Thread.join leaves the thread marked as stopped while it still runs (Python
    # 3.11's join), and one left running inside CP-SAT at the exit aborts the process.
    ended = [threading.Event() for _ in helpers[1:]]

    def side(helper: _Helper, done: threading.Event) -> None:
        hold_sigint()  # Ctrl-C is the main thread's (see _Watcher._watch)
        try:
            work(helper)
        except BaseException as error:  # raised in the calling thread, below
            errors.append(error)
            for _, stopper in helpers:
                stopper.stop()
        finally:
            done.set()

    threads = [
        threading.Thread(target=side, args=(h, done), daemon=True)
        for (h, _), done in zip(helpers[1:], ended, strict=True)
    ]
    try:
        for thread in threads:
            thread.start()
        work(helpers[0][0])
        for done in ended:  # inside too: a Ctrl-C while waiting stops the others
            done.wait()
    except BaseException as error:
        caused = list(errors)  # the others' errors from before this stop
        with held_sigint():  # a second Ctrl-C waits until they are stopped
            _stop_all(helpers, threads, ended)
        if caused and not isinstance(error, (KeyboardInterrupt, SystemExit)):
            raise caused[0] from None
        raise
    for thread in threads:
        thread.join()  # each has ended its work: a moment at most
    if errors:
        raise errors[0]


def _stop_all(
    helpers: Sequence[tuple[object, Stopper]], threads: list[threading.Thread], ended: list[threading.Event]
) -> None:
    """Stop every other thread's searches (those to come too) until each has
    ended; a thread never started has nothing to wait for."""
    for thread, done in zip(threads, ended, strict=True):
        while True:
            for _, stopper in helpers[1:]:
                stopper.stop()
            if thread.ident is None or done.wait(_RESTOP_EVERY):
                break
        if thread.ident is not None:
            thread.join()


class _Watcher:
    """A daemon thread reading the signal wake-up pipe; on SIGINT it stops the current solver."""

    def __init__(self) -> None:
        self.read_fd, self.write_fd = os.pipe()
        os.set_blocking(self.write_fd, False)  # set_wakeup_fd needs a non-blocking fd
        self.lock = threading.Lock()
        self.solver: cp_model.CpSolver | None = None
        self.interrupted = False  # SIGINT came while self.solver ran
        self.previous = -1  # the wake-up fd to pass signal bytes on to
        threading.Thread(target=self._watch, name="cp-sat-sigint", daemon=True).start()

    def _watch(self) -> None:
        # The system hands a process's SIGINT to any thread that does not block
        # it: were it this one, a Ctrl-C held back in the main thread
        # (`core.signals.held_sigint`) would still get through.
        hold_sigint()
        while True:
            data = os.read(self.read_fd, 512)
            with self.lock:
                # SIGTERM too: its handler (core.signals) runs only once the solver returns.
                # A Ctrl-C ignored from the start stays so (its handler acts on SIGTERM's own).
                stop = signal.SIGTERM in data or (signal.SIGINT in data and not sigint_ignored())
                if self.solver is not None and stop:
                    self.interrupted = True
                if self.previous >= 0:
                    # As Python itself does, ignore a full or closed pipe.
                    with contextlib.suppress(OSError):
                        os.write(self.previous, data)
            # A stop that comes before the search has begun may be lost: repeat it until solve returns.
            while self._stop():
                time.sleep(_RESTOP_EVERY)

    def _stop(self) -> bool:
        """Stop the solver if SIGINT came while it runs; whether it did."""
        with self.lock:
            if self.solver is None or not self.interrupted:
                return False
            self.solver.stop_search()
            return True

    @contextlib.contextmanager
    def watching(self, solver: cp_model.CpSolver) -> Iterator[None]:
        with self.lock:  # the thread acts on nothing read before this is set up
            self.solver = solver
            self.interrupted = False
            self.previous = signal.set_wakeup_fd(self.write_fd)
        try:
            yield
        finally:
            with self.lock:
                signal.set_wakeup_fd(self.previous)
                self.solver = None
                self.previous = -1
        # Reached only if no exception (KeyboardInterrupt included) left the block.
        if self.interrupted and signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            raise KeyboardInterrupt

    def close(self) -> None:
        os.close(self.read_fd)
        os.close(self.write_fd)


_watcher: _Watcher | None = None


def _forget_watcher() -> None:
    # A forked child has no watcher thread (and maybe a lock held by it): start afresh.
    global _watcher
    if _watcher is not None:
        _watcher.close()
        _watcher = None


if hasattr(os, "register_at_fork"):  # POSIX; elsewhere Ctrl-C waits for the solve to end
    os.register_at_fork(after_in_child=_forget_watcher)


@contextlib.contextmanager
def _stopped_by_sigint(solver: cp_model.CpSolver) -> Iterator[None]:
    """Stop ``solver`` on SIGINT while the block runs, if Python handles SIGINT here.

    Only the main thread receives Python's signals and may set the wake-up fd;
    where SIGINT is ignored (worker processes) or left to the system, nothing
    is needed.
    """
    global _watcher
    if (
        not hasattr(os, "register_at_fork")
        or threading.current_thread() is not threading.main_thread()
        or not callable(signal.getsignal(signal.SIGINT))
    ):
        yield
        return
    if _watcher is None:
        _watcher = _Watcher()
    with _watcher.watching(solver):
        yield
