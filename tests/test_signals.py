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
