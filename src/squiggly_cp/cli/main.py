"""The `squiggly-cp` command line: a thin layer over the library.

This module holds the command group and the process-level guards (`run`);
the commands live beside it, one module per group of commands.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from typing import Any

import click

from ..core.signals import end_launch_deferral, ignore_sigint, terminated
from ..execution.cluster import ClusterError
from . import generate, logic, serve, setter, solve
from .common import PROG, OneLineError, OutputError, warn
from .exits import EXIT_INTERRUPTED, EXIT_OK, EXIT_PROBLEM, EXIT_TERMINATED


class _Commands(click.Group):
    """The command group; a failing cluster ends a command with one line, status 1."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except ClusterError as e:
            raise OneLineError(str(e)) from None


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="squiggly-cp", prog_name=PROG)
def main() -> None:
    """Decide squiggly (jigsaw) sudoku with OR-Tools CP-SAT."""


for _command in (
    solve.solve,
    solve.crosscheck,
    setter.hatch_command,
    setter.convert,
    setter.show,
    generate.generate,
    setter.layout_command,
    logic.logic_command,
    logic.rate_command,
    logic.hint_command,
    setter.explain_command,
    setter.count_command,
    serve.serve,
):
    main.add_command(_command)


def run() -> None:
    """Entry point with the process-level guards: Ctrl-C, a closed pipe and an
    unwritable standard output end with a status and at most one line, never
    a traceback."""
    try:
        end_launch_deferral()  # `launch` may have deferred Ctrl-C until now
        if sys.stdout is None:
            raise OutputError("standard output is closed")
        status = _invoke(sys.argv[1:])
        sys.stdout.flush()
        # The work is done and written: from here a Ctrl-C is ignored, so it
        # cannot kill the process during Python's shutdown either.
        ignore_sigint()
    except KeyboardInterrupt:
        ignore_sigint()
        warn("terminated" if terminated() else "interrupted")
        status = EXIT_TERMINATED if terminated() else EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): end quietly, as click does.
        _silence_stdout()
        status = EXIT_PROBLEM
    except OutputError as e:
        warn(f"error: {e}")
        status = EXIT_PROBLEM
    except OSError as e:
        _silence_stdout()
        if e.errno != errno.EPIPE:
            # Reading problems are reported case by case; what reaches here
            # is standard output failing (a full disk, say).
            warn(f"error: cannot write standard output: {e.strerror or e}")
        status = EXIT_PROBLEM
    ignore_sigint()  # every way out: nothing is left to interrupt
    sys.exit(status)


def _invoke(args: list[str]) -> int:
    """Run the command line ``args``; its exit status. Unlike click's own
    `main`, Ctrl-C and output errors are left to `run`."""
    try:
        with main.make_context(PROG, args) as ctx:
            main.invoke(ctx)
    except SystemExit as e:  # a command's `Output.exit`
        return e.code if isinstance(e.code, int) else EXIT_OK
    except click.exceptions.Exit as e:  # --help, --version
        return e.exit_code
    except click.ClickException as e:
        # One line, like every other problem (click's own is a usage block, 3-4 lines).
        hint = ""
        if isinstance(e, click.UsageError) and e.ctx is not None:
            hint = f" (see '{e.ctx.command_path} --help')"
        warn(f"error: {' '.join(e.format_message().split())}{hint}")
        return e.exit_code
    return EXIT_OK


def _silence_stdout() -> None:
    """Point standard output at /dev/null, so the interpreter's final flush
    of what could not be written fails silently."""
    if sys.stdout is not None:
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
