"""Ctrl-C (SIGINT) in the main process: deferred, never lost.

`Deferred` is the one way the program puts a Ctrl-C off: a handler that
notes it (and, with ``mask``, the signal blocked in this thread), delivered
when the deferral ends or checked by a loop. `held_sigint` and
`import_held` defer with the mask, `defer_from_launch` from the console
script's first line until `cli.main.run` has its guards. `hold_sigint`
blocks it in one thread for good (the CP-SAT watcher's, `sat.run`);
`ignore_sigint` ends the story once the answers are written; SIGTERM is
turned into the same Ctrl-C (`sigterm_as_sigint`), even when the program
was started with Ctrl-C ignored (`sigint_ignored`). Without
``pthread_sigmask`` (Windows) the masks do nothing.

Only the standard library's `signal` is imported: the console script uses
this before anything else is loaded.
"""

from __future__ import annotations

import signal

TYPE_CHECKING = False  # typing itself is not imported: this module must load fast
if TYPE_CHECKING:
    from types import ModuleType, TracebackType

_MASKING = hasattr(signal, "pthread_sigmask")


_terminated = False
_sigint_ignored = False


def sigterm_as_sigint() -> None:
    """A SIGTERM (``kill``) stops the run as Ctrl-C does, through the same
    guards: complete cases only, workers stopped, one line; `terminated` then
    tells the two apart (status 143, not 130). Once Ctrl-C is ignored (the work
    is written) SIGTERM changes nothing either.

    A program started with Ctrl-C ignored (by ``nohup``, or as a background
    job of a shell script) goes on ignoring it, but the Ctrl-C a SIGTERM
    sends itself must arrive: its handler raises KeyboardInterrupt for that
    one only (`sigint_ignored`)."""
    global _sigint_ignored
    signal.signal(signal.SIGTERM, _on_sigterm)
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        _sigint_ignored = True
        signal.signal(signal.SIGINT, _after_sigterm)


def _after_sigterm(signum: int, frame: object) -> None:
    if _terminated:
        raise KeyboardInterrupt


def sigint_ignored() -> bool:
    """Was the program started with Ctrl-C ignored? Then a SIGINT stops it
    only when it comes from a SIGTERM (`terminated`)."""
    return _sigint_ignored


def _on_sigterm(signum: int, frame: object) -> None:
    global _terminated
    _terminated = True
    import os  # loaded already by Python's start-up

    os.kill(os.getpid(), signal.SIGINT)


def terminated() -> bool:
    """Did a SIGTERM stop the run?"""
    return _terminated


def default_sigterm() -> None:
    """SIGTERM kills again (worker processes: their parent stops them so)."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def hold_sigint() -> None:
    """Hold Ctrl-C back in this thread until `release_sigint`."""
    if _MASKING:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})


def release_sigint() -> None:
    """Let Ctrl-C through in this thread (one held back arrives now)."""
    if _MASKING:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


class Deferred:
    """Ctrl-C deferred inside the block: the one way the main process puts
    a Ctrl-C off. In the main thread, where Python's handler is in use, the
    block swaps it for one that only notes the signal (``noted``), for the
    code to check where stopping is safe (it then raises KeyboardInterrupt
    itself); one still noted as the block ends goes to the previous handler
    then. Outside the main thread the handler cannot be swapped.

    With ``mask`` the signal is also blocked in this thread (and the mask it
    had is restored afterwards): threads started inside keep it blocked for
    good, and a noted Ctrl-C is passed on even when the block ends with an
    error. The mask alone is not enough once the process has other threads
    (OR-Tools starts some): the system hands a process's SIGINT to any
    thread that does not block it, and Python then runs its handler in the
    main thread all the same, hence the noting handler. Without ``mask``
    nothing is blocked: the signal arrives whichever thread the system hands
    it to, and cannot be swallowed by code that catches KeyboardInterrupt
    (Dask's, say); a noted Ctrl-C is passed on only when the block ends
    without an error (the code that saw it raised its own).
    """

    def __init__(self, mask: bool) -> None:
        self.mask = mask
        self.noted = False
        self._old: set[signal.Signals | int] | None = None
        self._handler: object = None

    def _note(self, signum: int, frame: object) -> None:
        self.noted = True

    def __enter__(self) -> Deferred:
        if self.mask and _MASKING:
            self._old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        handler = signal.getsignal(signal.SIGINT)
        if callable(handler):
            try:
                signal.signal(signal.SIGINT, self._note)
            except ValueError:  # not the main thread: the mask is all there is
                return self
            self._handler = handler
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        # The mask first: a Ctrl-C it held arrives now and is noted. Once the
        # previous handler is back, one not yet handled may raise at any
        # moment, and the mask must be restored by then.
        if self._old is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, self._old)
            self._old = None
        handler, self._handler = self._handler, None
        if handler is not None:
            signal.signal(signal.SIGINT, handler)  # type: ignore[arg-type]
        if handler is not None and self.noted and (self.mask or kind is None):
            self.noted = False
            handler(signal.SIGINT, None)  # type: ignore[operator]


def held_sigint() -> Deferred:
    """``with held_sigint():`` holds Ctrl-C back in this thread for the block,
    then restores the signal mask it had before."""
    return Deferred(mask=True)


_launch: Deferred | None = None


def defer_from_launch() -> None:
    """Defer Ctrl-C (`Deferred` with the mask) from the console script's first
    line until `end_launch_deferral`: across the imports, which no ``with``
    block spans."""
    global _launch
    _launch = Deferred(mask=True)
    _launch.__enter__()


def end_launch_deferral() -> None:
    """End `defer_from_launch`'s deferral (a Ctrl-C noted meanwhile arrives
    now); nothing if there is none."""
    global _launch
    launch, _launch = _launch, None
    if launch is not None:
        launch.__exit__(None, None, None)


def import_held(name: str) -> ModuleType:
    """Import module ``name`` (absolute) with Ctrl-C held back for the import.

    A Ctrl-C inside the initialization of an extension module (OR-Tools',
    numpy's) breaks it with an ImportError; held back, it arrives as an
    ordinary Ctrl-C once the import is done. Every import that loads
    OR-Tools after the program has started goes through here."""
    import sys

    module = sys.modules.get(name)
    if module is not None:
        return module
    import importlib

    with held_sigint():
        return importlib.import_module(name)


def ignore_sigint() -> None:
    """Ctrl-C does nothing from now on, in every thread: for when the work is
    done and only the exit is left. Python's shutdown puts the system's
    default back (a Ctrl-C would kill the process, status -2, no message)
    only over handlers of its own, and leaves an ignored signal ignored."""
    hold_sigint()
    try:  # noqa: SIM105 (contextlib is not loaded: this module must load fast)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread: the mask is all there is
        pass
