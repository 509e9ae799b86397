"""Holding Ctrl-C (SIGINT) back in the calling thread, where the platform can.

A held-back Ctrl-C is not lost: it arrives once the signal is let through
again. Threads and processes started while it is held keep it blocked for
good. Without ``pthread_sigmask`` (Windows) these do nothing.

Only the standard library's `signal` is imported: the console script uses
this before anything else is loaded.
"""

from __future__ import annotations

import signal

TYPE_CHECKING = False  # typing itself is not imported: this module must load fast
if TYPE_CHECKING:
    from types import TracebackType

_MASKING = hasattr(signal, "pthread_sigmask")


def hold_sigint() -> None:
    """Hold Ctrl-C back in this thread until `release_sigint`."""
    if _MASKING:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})


def release_sigint() -> None:
    """Let Ctrl-C through in this thread (one held back arrives now)."""
    if _MASKING:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


class _Held:
    """Ctrl-C held back inside the block; the previous signal mask restored after it."""

    def __init__(self) -> None:
        self._old: set[signal.Signals] | None = None

    def __enter__(self) -> None:
        if _MASKING:
            self._old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        if self._old is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, self._old)


def held_sigint() -> _Held:
    """``with held_sigint():`` holds Ctrl-C back in this thread for the block,
    then restores the signal mask it had before."""
    return _Held()
