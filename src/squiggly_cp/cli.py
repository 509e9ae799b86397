"""The `squiggly-cp` command line: a thin layer over the library."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from typing import IO, NoReturn

import click

from .engines import ENGINES, classify
from .formats.hdu import InputError, format_result, read_hdu
from .puzzle import Verdict

PROG = "squiggly-cp"

# Exit statuses; the two problem kinds add up (5 = bad input and a time-out).
EXIT_OK = 0
EXIT_BAD_INPUT = 1
EXIT_USAGE = 2  # click's own status for a bad command line
EXIT_TIME_LIMIT = 4
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141  # as a shell reports a reader that went away

EXIT_STATUS_HELP = """\b
Exit status:
  0  every case was decided
  1  some input was bad (unreadable file, bad case, wrong T); the
     readable cases were still answered
  2  bad command line; nothing was done
  4  some case hit --time-limit and was not answered
  5  both 1 and 4
  130 interrupted (Ctrl-C); standard output holds only complete cases"""


def warn(message: str) -> None:
    """One line on standard error."""
    click.echo(f"{PROG}: {message}", err=True)


def fail(message: str, status: int = EXIT_BAD_INPUT) -> NoReturn:
    warn(f"error: {message}")
    sys.exit(status)


@contextlib.contextmanager
def open_input(path: str) -> Iterator[IO[bytes]]:
    """``path`` opened for binary reading (``-`` is standard input); an error
    opening or reading it ends the command with a one-line message."""
    try:
        if path == "-":
            yield sys.stdin.buffer
        else:
            with open(path, "rb") as stream:
                yield stream
    except OSError as e:
        fail(f"cannot read {path!r}: {e.strerror or e}")


class Output:
    """Standard output written as bytes, so the judge format is byte-exact on
    every platform, one whole case per write."""

    def __init__(self) -> None:
        self.stream = sys.stdout.buffer
        self.interactive = sys.stdout.isatty()

    def write(self, text: str) -> None:
        self.stream.write(text.encode())
        if self.interactive:
            self.stream.flush()


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="squiggly-cp", prog_name=PROG)
def main() -> None:
    """Decide squiggly (jigsaw) sudoku with OR-Tools CP-SAT."""


@main.command(epilog=EXIT_STATUS_HELP)
@click.argument("file", metavar="FILE")
@click.option(
    "--engine",
    type=click.Choice(ENGINES),
    default="cpsat",
    show_default=True,
    help="Which engine decides the cases.",
)
@click.option(
    "--time-limit",
    type=click.FloatRange(min=0, min_open=True),
    metavar="SECONDS",
    help="Give up on a case after this long; it is reported on standard error, not answered.",
)
def solve(file: str, engine: str, time_limit: float | None) -> None:
    """Answer every case of FILE (HDU 4069 judge format; - for standard input).

    Standard output gets exactly the judge's output: for case k, "Case k:"
    then "No solution", "Multiple Solutions" or the nine rows of the unique
    solution. Problems go to standard error, one line each, naming the case,
    row and column; the other cases are still answered.
    """
    status = EXIT_OK
    out = Output()
    with open_input(file) as stream:
        for item in read_hdu(stream):
            if isinstance(item, InputError):
                warn(f"error: {item}")
                status |= EXIT_BAD_INPUT
                continue
            result = classify(item.puzzle, engine, time_limit=time_limit)
            if result.verdict is Verdict.UNKNOWN:
                warn(f"case {item.number}: not decided within the {time_limit:g} s time limit; not answered")
                status |= EXIT_TIME_LIMIT
                continue
            out.write(format_result(item.number, result))
    sys.exit(status)


def run() -> None:
    """Entry point with the process-level guards: Ctrl-C and a closed pipe end
    with a status and one line, never a traceback."""
    try:
        status = main.main(prog_name=PROG, standalone_mode=False)
    except click.ClickException as e:
        e.show()
        status = e.exit_code
    except (KeyboardInterrupt, click.Abort):
        with contextlib.suppress(Exception):
            sys.stdout.flush()
        warn("interrupted")
        status = EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (e.g. `| head`); silence the final flush too.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = EXIT_BROKEN_PIPE
    sys.exit(status if isinstance(status, int) else EXIT_OK)
