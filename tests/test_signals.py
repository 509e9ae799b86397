"""core.signals: Ctrl-C held back, not lost, and the mask restored."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable

import pytest

from squiggly_cp.core.signals import held_sigint, hold_sigint, import_held, release_sigint

pytestmark = pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="no signal masks here")


def _blocked() -> bool:
    return signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, set())


def _to_main_thread() -> None:
    """SIGINT sent to the main thread itself: it stays pending while held, so
    nothing can deliver it after the test (a process-wide one may wait for a
    busy thread to take it, and arrive once the test is over)."""
    signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGINT)


def _until(seen: Callable[[], bool]) -> None:
    """Wait (up to 10 s, for a loaded machine) until a process-wide SIGINT has
    been taken by some thread: ``seen`` says so, or it is pending here."""
    end = time.monotonic() + 10
    while not seen() and signal.SIGINT not in signal.sigpending() and time.monotonic() < end:
        time.sleep(0.001)


def test_held_sigint_delivers_the_held_signal_afterwards() -> None:
    assert not _blocked()
    reached = []
    with pytest.raises(KeyboardInterrupt), held_sigint():  # the signal arrives as the block ends
        assert _blocked()
        _to_main_thread()  # held: nothing happens yet
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
    held = held_sigint()
    with pytest.raises(KeyboardInterrupt), held:
        os.kill(os.getpid(), signal.SIGINT)  # to the process: any thread may take it
        for _ in range(1000):  # bytecodes enough for Python to run a pending handler
            reached.append(True)
        _until(lambda: held.noted)
    assert len(reached) == 1000
    assert _blocked() is before


def test_noted_sigint_sets_the_flag_and_is_passed_on_as_the_block_ends() -> None:
    from squiggly_cp.core.signals import Deferred

    before = signal.getsignal(signal.SIGINT)
    with pytest.raises(KeyboardInterrupt), Deferred(mask=False) as interrupt:
        os.kill(os.getpid(), signal.SIGINT)
        _until(lambda: interrupt.noted)  # Python runs the handler between bytecodes
        assert interrupt.noted  # noted, not raised
    assert signal.getsignal(signal.SIGINT) is before
    # Raised by the code that saw the flag: not raised a second time at the end.
    with pytest.raises(KeyboardInterrupt, match="seen"), Deferred(mask=False) as interrupt:
        os.kill(os.getpid(), signal.SIGINT)
        _until(lambda: interrupt.noted)
        raise KeyboardInterrupt("seen")


def test_import_held_finishes_the_import_and_delivers_ctrl_c_after(tmp_path, monkeypatch) -> None:
    """A Ctrl-C during the import (here the module sends it itself) waits for
    the import's end, then arrives as KeyboardInterrupt: the module is whole."""
    (tmp_path / "interrupted_mid_import.py").write_text(
        "import signal, threading\nsignal.pthread_kill(threading.main_thread().ident, signal.SIGINT)\n"
        "import time\ntime.sleep(0.05)\nWHOLE = True\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(KeyboardInterrupt):
        import_held("interrupted_mid_import")
    assert sys.modules["interrupted_mid_import"].WHOLE
    assert import_held("interrupted_mid_import") is sys.modules["interrupted_mid_import"]
    assert not _blocked()
    sys.modules.pop("interrupted_mid_import")


def test_ignore_sigint_survives_python_shutdown() -> None:
    """After ignore_sigint a Ctrl-C, even one arriving while Python shuts down
    (which puts the default action back over its own handler), does not kill
    the process."""
    script = textwrap.dedent(
        """
        import os, signal, threading
        from squiggly_cp.core.signals import ignore_sigint
        ignore_sigint()
        os.kill(os.getpid(), signal.SIGINT)
        def late():  # a thread that does not block SIGINT, as OR-Tools' own do
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
            os.kill(os.getpid(), signal.SIGINT)
        threading.Thread(target=late).start()
        print("done")
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (0, b"done\n", b"")
