"""The console script's first code: Ctrl-C is held back while the program loads.

A Ctrl-C during the imports would otherwise end in Python's own traceback.
Held back, it arrives once `cli.run` has its guards in place, which turn it
into one line and exit status 130. (Only the interpreter's own start-up, a
few milliseconds before this module runs, is left unguarded.)
"""

from __future__ import annotations

from ..core.signals import defer_from_launch, sigterm_as_sigint


def main() -> None:
    defer_from_launch()
    sigterm_as_sigint()
    from .main import run  # cli.run lets the held-back signal through inside its guards

    run()
