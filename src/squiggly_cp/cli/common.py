"""What every command shares: its output and exit status (`Output`), the options
and parameter types several commands take, and the loop over an input's cases."""

from __future__ import annotations

import contextlib
import math
import os
import select
import stat
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import IO, Any, NoReturn, TypeVar, cast

import click

from ..core.case import Case, InputError
from ..core.limits import Undecided
from ..core.puzzle import Unsupported, Verdict
from ..core.signals import import_held
from ..execution.cluster import INSTALL, Address, DaskMissing, parse_address, require_dask
from ..execution.cluster import decide_stream as on_cluster
from ..execution.local import AUTO_THRESHOLD, BATCH, MAX_JOBS, decide_stream
from ..formats.detect import FORMATS
from ..formats.line_rules import LINE_RULES, line_rule
from ..formats.open import read_cases
from .exits import EXIT_OK, EXIT_PROBLEM, EXIT_TIME_LIMIT

PROG = "squiggly-cp"

R = TypeVar("R")


class Output:
    """What one command writes and how it will exit: judge output to standard
    output as bytes (byte-exact on every platform, a whole case per write),
    one line per problem to standard error."""

    def __init__(self, *, flush_each: bool = False) -> None:
        self.status = EXIT_OK
        if sys.stdout is None:
            raise OutputError("standard output is closed")
        self._out = sys.stdout.buffer
        self._pipe = _pipe_poller(self._out)
        # Flushing each write makes a reader that goes away (`| head -1`) stop
        # a slow producer at once; a fast one fills the buffer soon enough.
        self._flush = flush_each or sys.stdout.isatty()

    def write(self, text: str) -> None:
        self._out.write(text.encode())
        if self._flush:
            self._out.flush()

    def check_reader(self) -> None:
        """Raise `BrokenPipeError` (the run ends quietly, status 1) when standard
        output is a pipe whose reader has gone: a command that writes little or
        only at the end (crosscheck, generate --to hdu) stops then, not after
        all its work. One poll, no write."""
        if self._pipe is not None and self._pipe.poll(0):
            raise BrokenPipeError

    def problem(self, message: str) -> None:
        warn(f"error: {message}")
        self.status |= EXIT_PROBLEM

    def timed_out(self, number: int, time_limit: float | None) -> None:
        within = "" if time_limit is None else f" within the {time_limit:g} s time limit"
        warn(f"case {number}: not decided{within}; not answered")
        self.status |= EXIT_TIME_LIMIT

    def exit(self) -> NoReturn:
        sys.exit(self.status)


class SideFile:
    """A file a command writes besides standard output (`logic --html`), piece
    by piece as the work goes. What PATH names is written: a link's target (the
    link stays), and a device or a pipe directly. A regular file (or a new one)
    is written to a temporary file beside it, put in its place only when
    complete, so a run that fails or is interrupted leaves the old file or
    none, never a page cut short. Each failure is one problem on ``out``;
    the command's other work goes on."""

    def __init__(self, out: Output, path: str) -> None:
        self.out, self.path = out, path
        target = Path(path).resolve()  # through links, to what they name
        self.target: Path | None = None if target.exists() and not target.is_file() else target
        written = target if self.target is None else target.with_name(f".{target.name}.part")
        self.written = written
        try:
            self.handle: IO[str] | None = open(written, "w", encoding="utf-8")  # noqa: SIM115
        except OSError as e:
            self.handle = None
            self._fail(e)

    def write(self, text: str) -> None:
        if self.handle is None:
            return
        try:
            self.handle.write(text)
            self.handle.flush()  # what is written is on disk, not held here
        except OSError as e:
            self._fail(e)

    def close(self) -> None:
        """Finish the file: flushed and, for a regular file, put in place."""
        if self.handle is None:
            return
        try:
            self.handle.close()
            self.handle = None
            if self.target is not None:
                self.written.replace(self.target)
        except OSError as e:
            self._fail(e)

    def abandon(self) -> None:
        """Leave things as they were (the temporary file goes)."""
        if self.handle is not None:
            with contextlib.suppress(OSError):
                self.handle.close()
            self.handle = None
        if self.target is not None:
            self.written.unlink(missing_ok=True)

    def _fail(self, error: OSError) -> None:
        self.out.problem(f"cannot write {self.path!r}: {error.strerror or error}")
        self.abandon()


def not_empty(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """A click callback: a path option given as "" names no file (status 2)."""
    if value is not None and not value.strip():
        raise OneLineUsageError(f"{param.opts[0]} needs a file name, not {value!r}")
    return value


def _pipe_poller(stream: Any) -> select.poll | None:
    """A poll that reports the pipe ``stream`` writes to losing its reader
    (POLLERR on the write end), or None when ``stream`` is no pipe."""
    try:
        fd = stream.fileno()
        if not stat.S_ISFIFO(os.fstat(fd).st_mode):
            return None
    except (OSError, ValueError, AttributeError):
        return None
    poller = select.poll()
    poller.register(fd, 0)  # no events asked for: POLLERR and POLLHUP still come
    return poller


class OutputError(Exception):
    """Standard output cannot be written: the run stops with one line and status 1."""


class OneLineError(click.ClickException):
    """A failure that ends the command with one line on standard error and status 1."""

    exit_code = EXIT_PROBLEM

    def show(self, file: Any = None) -> None:
        warn(f"error: {self.message}")


class OneLineUsageError(click.UsageError):
    """A bad command line told in one line (no usage text), status 2."""

    def show(self, file: Any = None) -> None:
        warn(f"error: {self.message}")


def warn(message: str) -> None:
    """One line on standard error (if there is one)."""
    if sys.stderr is not None:
        click.echo(f"{PROG}: {message}", err=True)


def import_solvers(name: str) -> ModuleType:
    """Import one of the modules that load OR-Tools, with Ctrl-C held back.

    An interrupt inside OR-Tools' own import breaks it with an ImportError;
    held back, it arrives as an ordinary Ctrl-C once the import is done.
    Only the commands that solve pay for the import (benchmarks/RESULTS.md).
    """
    return import_held(f"squiggly_cp.{name}")


def good_cases(out: Output, file: str, fmt: str | None) -> Iterator[Case]:
    """Each readable case of ``file``, as it is read (see `read_cases`); the
    others are reported on ``out`` in their turn."""
    for item in read_cases(file, fmt):
        if isinstance(item, InputError):
            out.problem(str(item))
        else:
            yield item


def answered(
    items: Iterable[Case | InputError], work: Callable[[Any], R]
) -> Iterator[tuple[Any, R | Undecided | Unsupported | None]]:
    """Each item with ``work`` done on its puzzle here, one at a time (None for a bad item)."""
    return decide_stream(items, work, 1)


def dispatched(
    items: Iterable[Case | InputError], work: partial, jobs: int, cluster: Address | None
) -> Iterator[tuple[Case | InputError, Any]]:
    """`decide_stream` on this machine with ``jobs``, or on ``cluster`` when one is given."""
    if cluster is None:
        return decide_stream(items, work, jobs)
    return on_cluster(items, work, cluster)


def for_each_case(
    out: Output,
    answers: Iterable[tuple[Case | InputError, R | Undecided | Unsupported | None]],
    time_limit: float | None,
    handle: Callable[[Case, R], object],
    skipped: Callable[[Case | InputError], object] | None = None,
    partial_answer: Callable[[Case, Undecided], bool] | None = None,
) -> None:
    """Go through ``answers`` (each item with its result): a bad item is
    reported as a problem, a case not decided in time (its work raised
    `Undecided`, or its result's verdict is UNKNOWN) as a time-out, and
    ``handle`` gets every other case and its result. ``partial_answer``, if given,
    gets each `Undecided` first, and answers the case from what it proved
    (returning True) or leaves it a time-out. ``skipped``, if given, also
    gets the items reported."""
    for item, result in answers:
        out.check_reader()
        if isinstance(item, InputError):
            out.problem(str(item))
        elif isinstance(result, Unsupported):
            out.problem(f"case {item.number}: {result}")
        elif isinstance(result, Undecided) and partial_answer is not None and partial_answer(item, result):
            continue
        elif isinstance(result, Undecided) or getattr(result, "verdict", None) is Verdict.UNKNOWN:
            out.timed_out(item.number, time_limit)
        else:
            _claim_check(item, getattr(result, "verdict", None))
            handle(item, cast(R, result))  # a case's result: None comes only with an InputError
            continue
        if skipped is not None:
            skipped(item)


def _claim_check(case: Case, verdict: Verdict | None) -> None:
    """Warn, in one line, when the solution a link carried does not fit the
    puzzle as read (`Puzzle.claim_warning`)."""
    if case.puzzle.meta is not None:
        problem = case.puzzle.claim_warning(verdict)
        if problem is not None:
            warn(f"warning: case {case.number}: {problem}")


class RatingRange(click.ParamType):
    """``MIN..MAX`` on the rating scale; either end may be left out."""

    name = "range"

    def convert(
        self, value: object, param: click.Parameter | None, ctx: click.Context | None
    ) -> tuple[float, float]:
        if isinstance(value, tuple):
            return value
        low, sep, high = str(value).partition("..")
        try:
            bounds = (float(low) if low.strip() else 0.0, float(high) if high.strip() else 20.0)
        except ValueError:
            bounds = (math.nan, math.nan)
        if not sep or any(math.isnan(b) for b in bounds) or bounds[0] > bounds[1]:
            self.fail(f"{value!r} is not a range like 3.0..4.6", param, ctx)
        return bounds


class TimeLimit(click.ParamType):
    """Seconds, more than 0; ``inf`` means no limit (NaN is refused)."""

    name = "seconds"

    def convert(
        self, value: object, param: click.Parameter | None, ctx: click.Context | None
    ) -> float | None:
        if value is None or isinstance(value, float):
            return value
        try:
            seconds = float(str(value))
        except ValueError:
            self.fail(f"{value!r} is not a number of seconds", param, ctx)
        if math.isnan(seconds) or seconds <= 0:
            self.fail(f"{value!r} is not a number of seconds above 0", param, ctx)
        return None if math.isinf(seconds) else seconds


class ClusterAddress(click.ParamType):
    """``local``, ``local:N`` or a scheduler address such as ``tcp://host:8786``.

    Converting also checks that Dask is installed, so a missing extra stops
    the command before it does anything.
    """

    name = "address"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> Address:
        if isinstance(value, Address):
            return value
        try:
            address = parse_address(str(value))
        except ValueError as e:
            self.fail(str(e), param, ctx)
        try:
            require_dask()
        except DaskMissing as e:
            raise OneLineUsageError(str(e)) from None
        return address


FILE = click.argument("file", metavar="FILE")
TIME_LIMIT = click.option(
    "--time-limit",
    type=TimeLimit(),
    metavar="SECONDS",
    help="Give up on a case after this long; it is reported on standard error, not answered. "
    "inf: no limit.",
)
JOBS = click.option(
    "--jobs",
    type=click.IntRange(min=0, max=MAX_JOBS),
    default=0,
    show_default=True,
    help="Worker processes. 0: one per core when the input has more than "
    f"{AUTO_THRESHOLD} cases, else 1. Never more than the batches of {BATCH} cases there are to do. "
    "Output is the same for every value.",
)
CLUSTER = click.option(
    "--cluster",
    type=ClusterAddress(),
    metavar="ADDRESS",
    default=None,
    help="Decide the cases on a Dask cluster: tcp://host:8786 for a running scheduler (its workers "
    "need this version of squiggly-cp), or local[:N] for N worker processes started here (default: "
    f"one per core). Needs Dask: {INSTALL}. Output is the same as without it.",
)


def format_option(judge: bool = False) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The --format option; ``judge``: the judge format is the default."""
    detected = (
        "hdu (the judge format) unless the input clearly is in another format"
        if judge
        else "detected from the input"
    )
    formats = click.option(
        "--format",
        "fmt",
        type=click.Choice(FORMATS),
        default=None,
        help=f"Input format. When omitted: {detected}.",
    )
    lines = click.option(
        "--line-rule",
        "line_rules",
        multiple=True,
        metavar="COLOUR=KIND[:N]",
        expose_value=False,
        callback=_line_rules,
        help="What a SudokuPad link's lines of COLOUR (and f-puzzles' cosmetic lines) mean, where its "
        "rules text does not say (or says "
        "otherwise): '#67f067=whispers', '#f067f0=renban', '#67f067=whispers:4' (N: a gap or total). "
        "Repeatable.",
    )
    return lambda command: formats(lines(command))


def _line_rules(ctx: click.Context, param: click.Parameter, specs: tuple[str, ...]) -> None:
    """--line-rule: what the SudokuPad reader is told of lines, for this command's reading."""
    try:
        told = tuple(line_rule(spec) for spec in specs)
    except ValueError as e:
        raise click.BadParameter(str(e)) from None
    LINE_RULES.set(told)


def no_jobs_with_cluster(jobs: int, cluster: Address | None) -> None:
    """--jobs and --cluster together are a usage error."""
    if cluster is not None and jobs:
        raise click.UsageError("--jobs is for this machine; it cannot be used with --cluster")


class Progress:
    """Progress of a long count on standard error: one line rewritten in place on
    a terminal, an occasional line otherwise."""

    EVERY = 10.0  # seconds between lines when standard error is not a terminal

    def __init__(self, number: int) -> None:
        self.number = number
        self.last = time.monotonic()

    def __call__(self, found: int) -> None:
        text = f"{PROG}: case {self.number}: {found} solutions so far"
        if sys.stderr.isatty():
            click.echo(f"\r{text}", err=True, nl=False)
        elif time.monotonic() - self.last >= self.EVERY:
            click.echo(text, err=True)
            self.last = time.monotonic()

    @staticmethod
    def clear() -> None:
        if sys.stderr.isatty():
            click.echo("\r\033[K", err=True, nl=False)
