"""core.signals: Ctrl-C held back, not lost, and the mask restored."""

from __future__ import annotations

import os
import signal

import pytest

from squiggly_cp.core.signals import held_sigint, hold_sigint, release_sigint

pytestmark = pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="no signal masks here")


def _blocked() -> bool:
    return signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, set())


def test_held_sigint_delivers_the_held_signal_afterwards() -> None:
    assert not _blocked()
    reached = []
    with pytest.raises(KeyboardInterrupt), held_sigint():  # the signal arrives as the block ends
        assert _blocked()
        os.kill(os.getpid(), signal.SIGINT)  # held: nothing happens yet
        reached.append(True)
    assert reached
    assert not _blocked()


def test_held_sigint_restores_an_outer_hold() -> None:
    hold_sigint()
    try:
        with held_sigint():
            assert _blocked()
        assert _blocked()  # the mask it found, not an unblocked one
    finally:
        release_sigint()
    assert not _blocked()


def test_held_sigint_holds_after_a_solve_has_started_threads() -> None:
    """The system may hand a process's SIGINT to any thread that does not block
    it, and a CP-SAT solve leaves threads behind (OR-Tools' own, and the
    Ctrl-C watcher of `sat.run`): the hold must not leak through them."""
    from squiggly_cp.core.puzzle import Puzzle, standard_regions
    from squiggly_cp.engines.cpsat import solve

    solve(Puzzle(4, (0,) * 16, standard_regions(4)))
    assert len(os.listdir(f"/proc/{os.getpid()}/task")) > 1 or not os.path.isdir("/proc")
    before = _blocked()
    reached = []
    with pytest.raises(KeyboardInterrupt), held_sigint():
        os.kill(os.getpid(), signal.SIGINT)
        for _ in range(1000):  # bytecodes enough for Python to run a pending handler
            reached.append(True)
    assert len(reached) == 1000
    assert _blocked() is before


def test_noted_sigint_sets_the_flag_and_is_passed_on_as_the_block_ends() -> None:
    import time

    from squiggly_cp.core.signals import Noted

    before = signal.getsignal(signal.SIGINT)
    with pytest.raises(KeyboardInterrupt), Noted() as interrupt:
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.05)  # Python runs the handler between bytecodes
        assert interrupt.noted  # noted, not raised
    assert signal.getsignal(signal.SIGINT) is before
    # Raised by the code that saw the flag: not raised a second time at the end.
    with pytest.raises(KeyboardInterrupt, match="seen"), Noted() as interrupt:
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.05)
        raise KeyboardInterrupt("seen")
