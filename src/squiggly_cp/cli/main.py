"""The `squiggly-cp` command line: a thin layer over the library."""

from __future__ import annotations

import contextlib
import errno
import importlib
import json
import math
import os
import signal
import sys
import time
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import Any, BinaryIO

import click

from ..core.case import Case, InputError
from ..core.puzzle import MAX_SIZE, MIN_SIZE, Puzzle, PuzzleError, Verdict, digit_char
from ..core.symmetry import CLUE_SYMMETRIES, LAYOUT_SYMMETRIES
from ..engines.registry import ENGINES, classify
from ..execution.cluster import INSTALL, Address, ClusterAddress
from ..execution.local import AUTO_THRESHOLD, BATCH, MAX_JOBS, decide_stream
from ..formats.detect import FORMATS, detect_format, iter_write, read_puzzles, write_puzzles
from ..formats.hdu import CHUNK, format_result, read_hdu
from ..formats.text import decode, encoding_problem
from ..setter.crosscheck import Crosscheck
from ..setter.generate import KINDS
from ..setter.hatch import RULES, format_hatch, hatch
from ..setter.layouts import layout_symmetry_sizes
from ..setter.render import render_svg, render_text

PROG = "squiggly-cp"


# Exit statuses. 1 and 4 add up: 5 = bad input and a time-out.
EXIT_OK = 0
EXIT_PROBLEM = 1
# 2: a bad command line, reported by click itself.
EXIT_TIME_LIMIT = 4
EXIT_INTERRUPTED = 130

EXIT_STATUS_HELP = """\b
Exit status:
  0    every case was answered
  1    some input was bad (unreadable file, bad case, wrong T);
       every readable case was still answered
  2    bad command line; nothing was done
  4    some case hit --time-limit and was not answered
  5    both 1 and 4
  130  interrupted (Ctrl-C); standard output holds only complete cases"""

COUNT_EXIT_HELP = """\b
Exit status:
  0    every case was answered; a count that --time-limit stopped after
       finding N solutions is answered as "N or more" (a proved lower bound)
  1    some input was bad (unreadable file, bad case); every readable case
       was still answered
  2    bad command line; nothing was done
  4    some case hit --time-limit before any answer was proved; not answered
  5    both 1 and 4
  130  interrupted (Ctrl-C); standard output holds only complete cases"""

CONVERT_EXIT_HELP = """\b
Exit status:
  0    every puzzle was converted
  1    some input was bad or did not fit the output format; the others were
       still converted
  2    bad command line; nothing was done
  130  interrupted (Ctrl-C); standard output holds only complete puzzles"""

CLUSTER_EXIT_HELP = """

\b
With --cluster, 1 also means the cluster failed, with one line saying how:
the scheduler could not be reached or went away (standard output then
holds only complete cases), or a worker lacks this version of squiggly-cp."""

SHOW_EXIT_HELP = """\b
Exit status:
  0    every puzzle was drawn
  1    some input was bad, or an SVG file could not be written; the other
       puzzles were still drawn
  2    bad command line; nothing was done
  130  interrupted (Ctrl-C); standard output holds only complete pictures"""


class Run:
    """What one command writes and how it will exit: judge output to standard
    output as bytes (byte-exact on every platform, a whole case per write),
    one line per problem to standard error."""

    def __init__(self, *, flush_each: bool = False) -> None:
        self.status = EXIT_OK
        if sys.stdout is None:
            raise OutputError("standard output is closed")
        self._out = sys.stdout.buffer
        # Flushing each write makes a reader that goes away (`| head -1`) stop
        # a slow producer at once; a fast one fills the buffer soon enough.
        self._flush = flush_each or sys.stdout.isatty()

    def write(self, text: str) -> None:
        self._out.write(text.encode())
        if self._flush:
            self._out.flush()

    def problem(self, message: str) -> None:
        warn(f"error: {message}")
        self.status |= EXIT_PROBLEM

    def timed_out(self, number: int, time_limit: float | None) -> None:
        within = "" if time_limit is None else f" within the {time_limit:g} s time limit"
        warn(f"case {number}: not decided{within}; not answered")
        self.status |= EXIT_TIME_LIMIT

    def exit(self) -> None:
        sys.exit(self.status)


class OutputError(Exception):
    """Standard output cannot be written: the run stops with one line and status 1."""


def warn(message: str) -> None:
    """One line on standard error (if there is one)."""
    if sys.stderr is not None:
        click.echo(f"{PROG}: {message}", err=True)


def import_solvers(name: str) -> ModuleType:
    """Import one of the modules that load OR-Tools, with Ctrl-C held back.

    An interrupt inside OR-Tools' own import breaks it with an ImportError;
    held back, it arrives as an ordinary Ctrl-C once the import is done.
    Only the commands that solve pay for the import (about 0.4 s).
    """
    masking = hasattr(signal, "pthread_sigmask")
    if masking:
        old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        return importlib.import_module(f"squiggly_cp.{name}")
    finally:
        if masking:
            signal.pthread_sigmask(signal.SIG_SETMASK, old)


def load_cases(
    path: str, fmt: str | None, *, judge_default: bool = False
) -> tuple[str | None, Iterator[Case | InputError]]:
    """The format and the cases of ``path`` (``-`` = standard input).

    ``fmt`` None means: detect it; with ``judge_default`` (solve, crosscheck)
    the judge format is assumed unless the input's beginning is clearly in
    another format. The judge format streams; the others are read whole. A
    file that cannot be read, or whose format or encoding cannot be told,
    gives one `InputError` as its only item.
    """
    if fmt == "hdu":
        return fmt, _stream_hdu(path, b"")
    try:
        stream = sys.stdin.buffer if path == "-" else open(path, "rb")  # noqa: SIM115
    except OSError as e:
        return fmt, iter([_unreadable(path, e)])
    if fmt is None and judge_default:
        try:
            head = stream.read(CHUNK)
        except OSError as e:
            return fmt, iter([_unreadable(path, e)])
        if _sniff(head) == "hdu":
            return "hdu", _stream_hdu(path, head, stream)
    else:
        head = b""
    try:
        with stream:
            data = head + stream.read()
    except OSError as e:
        return fmt, iter([_unreadable(path, e)])
    if problem := encoding_problem(data):
        return fmt, iter([InputError(problem)])
    text = decode(data)
    try:
        fmt = fmt or detect_format(text)
    except InputError as e:
        # Naming a format helps only when there is something to read.
        hint = "; name the format with --format" if e.message.startswith("cannot tell") else ""
        return None, iter([InputError(e.message + hint)])
    if fmt == "hdu":
        return fmt, read_hdu(text)
    items = read_puzzles(text, fmt)
    return fmt, (item if isinstance(item, InputError) else Case(k, item) for k, item in enumerate(items, 1))


def _sniff(head: bytes) -> str:
    """The format the start of an input is clearly in, else ``hdu``."""
    if encoding_problem(head):
        return "hdu"  # the judge reader names the problem
    text = decode(head)
    if len(head) == CHUNK:  # the last line may be cut short
        text = text[: text.rfind("\n") + 1]
    try:
        return detect_format(text)
    except InputError:
        return "hdu"


def _stream_hdu(path: str, head: bytes, stream: BinaryIO | None = None) -> Iterator[Case | InputError]:
    try:
        if stream is None:
            stream = sys.stdin.buffer if path == "-" else open(path, "rb")  # noqa: SIM115
        with stream:
            yield from read_hdu(_Prefixed(head, stream))
    except OSError as e:
        yield _unreadable(path, e)


class _Prefixed:
    """A binary stream whose first bytes were already read: ``head``, then the rest."""

    def __init__(self, head: bytes, rest: BinaryIO):
        self.head, self.rest = head, rest

    def read(self, size: int = -1) -> bytes:
        if self.head:
            head, self.head = self.head, b""
            return head
        return self.rest.read(size)


def _unreadable(path: str, error: OSError) -> InputError:
    return InputError(f"cannot read {path!r}: {error.strerror or error}")


class RatingRange(click.ParamType):
    """``MIN..MAX`` on the rating scale; either end may be left out."""

    name = "range"

    def convert(
        self, value: object, param: click.Parameter | None, ctx: click.Context | None
    ) -> tuple[float, float]:
        if isinstance(value, tuple):
            return value  # type: ignore[return-value]
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
            return value  # type: ignore[return-value]
        try:
            seconds = float(str(value))
        except ValueError:
            self.fail(f"{value!r} is not a number of seconds", param, ctx)
        if math.isnan(seconds) or seconds <= 0:
            self.fail(f"{value!r} is not a number of seconds above 0", param, ctx)
        return None if math.isinf(seconds) else seconds


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


def decided(
    items: Iterator[Case | InputError], work: partial, jobs: int, cluster: Address | None
) -> Iterator[tuple[Case | InputError, object]]:
    """`decide_stream` on this machine with ``jobs``, or on ``cluster`` when one is given."""
    if cluster is None:
        return decide_stream(items, work, jobs)
    from ..execution.cluster import decide_stream as on_cluster

    return on_cluster(items, work, cluster)


def format_option(judge: bool = False) -> click.Option:
    detected = (
        "hdu (the judge format) unless the input clearly is in another format"
        if judge
        else "detected from the input"
    )
    return click.option(
        "--format",
        "fmt",
        type=click.Choice(FORMATS),
        default=None,
        help=f"Input format. When omitted: {detected}.",
    )


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="squiggly-cp", prog_name=PROG)
def main() -> None:
    """Decide squiggly (jigsaw) sudoku with OR-Tools CP-SAT."""


@main.command(epilog=EXIT_STATUS_HELP + CLUSTER_EXIT_HELP)
@FILE
@format_option(judge=True)
@click.option(
    "--engine",
    type=click.Choice(ENGINES),
    default="cpsat",
    show_default=True,
    help="Which engine decides the cases. dlx (pure-Python dancing links) can search for minutes on "
    "a sparse puzzle with several solutions (a 9x9 with 4 or 5 givens): it stops only at a second "
    "solution and its column choice has little to go on there; cpsat decides those in milliseconds.",
)
@TIME_LIMIT
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="JSON Lines instead of the judge format: per case its number and verdict, the solution "
    "(unique), two solutions and the cells where they differ (multiple), or a minimal set of "
    'givens that cannot all hold (none); a bad case gives its number and "error". Uses CP-SAT.',
)
@JOBS
@CLUSTER
def solve(
    file: str,
    fmt: str | None,
    engine: str,
    time_limit: float | None,
    as_json: bool,
    jobs: int,
    cluster: Address | None,
) -> None:
    """Answer every case of FILE (the HDU 4069 judge format unless --format
    says otherwise or the input clearly is in another format; - for standard
    input).

    Standard output gets exactly the judge's output: for case k, "Case k:"
    then "No solution", "Multiple Solutions" or the rows of the unique
    solution. Problems go to standard error, one line each, naming the case,
    row and column; the other cases are still answered.
    """
    if as_json and engine != "cpsat":
        raise click.UsageError("--json explains verdicts with CP-SAT; it cannot be used with --engine dlx")
    if cluster is not None and jobs:
        raise click.UsageError("--jobs is for this machine; it cannot be used with --cluster")
    run = Run()
    if as_json:
        diagnose = import_solvers("setter.diagnose")
        work = partial(diagnose.explain, time_limit=time_limit)
    else:
        import_solvers(f"engines.{engine}")  # imported once here, before any worker process forks
        work = partial(classify, engine=engine, time_limit=time_limit)
    for item, result in decided(load_cases(file, fmt, judge_default=True)[1], work, jobs, cluster):
        if isinstance(item, InputError):
            run.problem(str(item))
            if as_json:
                run.write(json.dumps({"case": item.case, "error": str(item)}) + "\n")
        elif result.verdict is Verdict.UNKNOWN:
            run.timed_out(item.number, time_limit)
            if as_json:
                run.write(json.dumps({"case": item.number, "verdict": "unknown"}) + "\n")
        elif as_json:
            run.write(json.dumps(result.to_json(item.number)) + "\n")
        else:
            run.write(format_result(item.number, result))
    run.exit()


@main.command(
    epilog="""\b
Exit status:
  0  every case was decided and both engines agree
  1  some disagreement, or some input was bad
  2  bad command line
  4  some engine hit --time-limit on some case (5: and 1)"""
)
@FILE
@format_option(judge=True)
@TIME_LIMIT
def crosscheck(file: str, fmt: str, time_limit: float | None) -> None:
    """Decide every case of FILE with both engines and compare their answers.

    Prints one line per disagreement (case number and both verdicts), then a
    summary: cases, agreements, disagreements and seconds spent per engine.
    Verdicts agree when they are equal and, for a unique solution, the
    solutions are equal too. A case that an engine does not decide within
    --time-limit is reported on standard error and counted as undecided.
    """
    run = Run()
    for name in ENGINES:
        import_solvers(f"engines.{name}")  # imports stay out of the timing
    check = Crosscheck(time_limit)
    for item in load_cases(file, fmt, judge_default=True)[1]:
        if isinstance(item, InputError):
            run.problem(str(item))
            continue
        comparison = check.check(item.puzzle)
        if late := comparison.undecided:
            run.status |= EXIT_TIME_LIMIT
            who = " and ".join(late)
            warn(f"case {item.number}: {who} did not decide within the {time_limit:g} s time limit")
        elif not comparison.agree:
            run.status |= EXIT_PROBLEM
            run.write(f"case {item.number}: {comparison.describe()}\n")
    run.write(check.summary() + "\n")
    run.exit()


@main.command(
    "hatch",
    epilog="""\b
Exit status:
  0  every puzzle was read (ERROR is an answer, not a failure)
  1  some input was bad; the readable puzzles were still answered
  2  bad command line""",
)
@FILE
@format_option()
@click.option(
    "--steps", is_flag=True, help="List the placements pass by pass (or why it failed) before each grid."
)
@click.option(
    "--rules",
    type=click.Choice(RULES),
    default="hatch",
    show_default=True,
    help="hatch: only the region rule (the judge's answers need this). "
    "singles: also row/column hidden singles and naked singles.",
)
def hatch_command(file: str, fmt: str | None, steps: bool, rules: str) -> None:
    """Fill what cross-hatching can fill in FILE's puzzles.

    The plain format (nine lines of nine digits, 0 empty, standard boxes)
    gives nine lines of digits and "." for cells still empty, or ERROR. Other
    formats (hdu, grid, line, fpuzzles) give "Case k:" and the same per case.
    """
    run = Run()
    fmt, cases = load_cases(file, fmt)
    for item in cases:
        if isinstance(item, InputError):
            run.problem(str(item))
            continue
        result = hatch(item.puzzle, rules)
        text = "".join(f"{step}\n" for step in result.steps) if steps else ""
        if steps and result.error:
            text += result.error + "\n"
        text += format_hatch(result)
        run.write(text if fmt == "plain" else f"Case {item.number}:\n{text}")
    run.exit()


def good_cases(run: Run, file: str, fmt: str | None) -> tuple[str | None, list[Case]]:
    """Every readable case of ``file``; the others are reported on ``run``."""
    fmt, items = load_cases(file, fmt)
    cases = []
    for item in items:
        if isinstance(item, InputError):
            run.problem(str(item))
        else:
            cases.append(item)
    return fmt, cases


@main.command(epilog=CONVERT_EXIT_HELP)
@FILE
@format_option()
@click.option("--to", "to", type=click.Choice(FORMATS), required=True, help="Output format.")
def convert(file: str, fmt: str | None, to: str) -> None:
    """Write FILE's puzzles in another format.

    hdu holds only 9x9 puzzles and plain only one classic 9x9 (standard
    boxes); fpuzzles gives one https://f-puzzles.com/?load=... link per
    puzzle. A puzzle that cannot be read or does not fit the output format is
    reported on standard error and left out; the others are converted.
    """
    run = Run()
    fitting = []
    for case in good_cases(run, file, fmt)[1]:
        try:
            write_puzzles([case.puzzle], to)
        except InputError as e:
            run.problem(f"case {case.number}: {e.message}")
            continue
        fitting.append(case.puzzle)
    if to == "plain" and len(fitting) > 1:
        run.problem(f"the plain format holds one puzzle; {len(fitting)} were read, none written")
    else:
        for text in iter_write(fitting, to):
            run.write(text)
    run.exit()


@main.command(epilog=SHOW_EXIT_HELP)
@FILE
@format_option()
@click.option("--solve", "with_solution", is_flag=True, help="Fill in the solution when it is unique.")
@click.option(
    "--svg",
    "svg_path",
    type=click.Path(dir_okay=False, writable=True),
    help="Also write an SVG picture (regions tinted, walls heavy; with --solve the unique solution "
    "in blue, else the puzzle alone, ready to print). With several puzzles, -2, -3, ... is added "
    "before the suffix for the second and later ones.",
)
def show(file: str, fmt: str | None, with_solution: bool, svg_path: str | None) -> None:
    """Draw FILE's puzzles in the terminal: heavy lines on the walls between
    regions. (A wall the input draws inside a region divides nothing and is
    not drawn; standard error notes it.)"""
    run = Run()
    cases = good_cases(run, file, fmt)[1]
    for index, case in enumerate(cases):
        for note in case.notes:
            warn(f"note: case {case.number}, {note}")
        solution, remark = None, ""
        if with_solution:
            result = import_solvers("engines.cpsat").solve(case.puzzle)
            solution = result.solution
            if not solution:
                remark = "(no solution)\n" if result.verdict is Verdict.NONE else "(more than one solution)\n"
        header = f"Case {case.number}:\n" if len(cases) > 1 else ""
        run.write(header + render_text(case.puzzle, solution) + remark)
        if svg_path:
            target = Path(svg_path)
            if index:
                target = target.with_name(f"{target.stem}-{index + 1}{target.suffix}")
            try:
                target.write_text(render_svg(case.puzzle, solution, title=f"Case {case.number}"))
            except OSError as e:
                run.problem(f"cannot write {str(target)!r}: {e.strerror or e}")
    run.exit()


@main.command(
    epilog="""\b
Exit status:
  0    every puzzle was made
  1    the --layout file is bad, or its layout admits no completed grid
  2    bad command line; nothing was done
  4    some puzzle was not made within --time-limit and was left out
  130  interrupted (Ctrl-C); standard output holds only complete puzzles"""
)
@click.option(
    "--count", "count", type=click.IntRange(min=1), default=10, show_default=True, help="How many puzzles."
)
@click.option("--seed", type=int, default=0, show_default=True, help="Same seed, same puzzles.")
@click.option(
    "--kind",
    type=click.Choice([*KINDS, "mixed"]),
    default="unique",
    show_default=True,
    help="minimal: unique, and every given is needed (with --symmetry: no orbit of givens can "
    "go). none: no solution, yet no given repeats a digit in a house. mixed: unique, multiple and "
    "none in turn.",
)
@click.option(
    "--size", type=click.IntRange(MIN_SIZE, MAX_SIZE), help="Grid size. [default: 9, or the --layout's]"
)
@click.option(
    "--to",
    "to",
    type=click.Choice([f for f in FORMATS if f != "plain"]),
    help="Output format. [default: hdu for 9x9, else grid]",
)
@click.option(
    "--difficulty",
    type=click.Choice(["easy", "medium", "hard", "fiendish", "beyond"]),
    help="Only puzzles of this level, as `rate` computes it (the README's scale). Givens are "
    "removed while the puzzle stays unique and no harder than the level; a puzzle that ends up "
    "easier is thrown away for a new one.",
)
@click.option(
    "--rating",
    "rating_range",
    type=RatingRange(),
    metavar="MIN..MAX",
    help="Only puzzles rated MIN to MAX by `rate` (e.g. 3.0..4.6; either end may be left out).",
)
@click.option(
    "--symmetry",
    type=click.Choice(CLUE_SYMMETRIES),
    default="none",
    show_default=True,
    help="Symmetry of the clue positions (every size): rot2/rot4 turn by 180/90 degrees; mirror-lr, "
    "mirror-ud mirror left-right, up-down; mirror-both both; diagonal, antidiagonal, diagonal-both "
    "mirror across the diagonals; all: every symmetry of the square.",
)
@click.option(
    "--layout-symmetry",
    type=click.Choice(LAYOUT_SYMMETRIES),
    default="none",
    show_default=True,
    help="Random layouts whose regions map onto regions under a turn: rot2 (180 degrees, every "
    "size) or rot4 (90 degrees; sizes 4, 5, 8, 9, 12, 13, 16 only).",
)
@click.option(
    "--layout",
    "layout_file",
    metavar="FILE",
    help="Use the region layout of the first puzzle in FILE (any format) for every puzzle.",
)
@click.option(
    "--time-limit",
    type=TimeLimit(),
    metavar="SECONDS",
    help="Give up on a puzzle not made in this long: it is reported on standard error and "
    "left out, and the next one is started (the others do not change; with --to hdu the first "
    "line still counts it).",
)
def generate(
    count: int,
    seed: int,
    kind: str,
    size: int | None,
    to: str | None,
    symmetry: str,
    layout_symmetry: str,
    layout_file: str | None,
    time_limit: float | None,
    difficulty: str | None,
    rating_range: tuple[float, float] | None,
) -> None:
    """Make random squiggly puzzles, each written as soon as it is made.

    Layouts are random (N connected regions of N cells) unless --layout
    names one. Every uniqueness claim is proved by CP-SAT. The same --seed
    gives the same puzzles on every machine. Long runs show their progress
    on standard error.
    """
    from ..setter.generate import format_stream
    from ..setter.generate import generate as make

    run = Run(flush_each=True)  # each puzzle leaves as soon as it is made, whole
    layout = None
    if layout_file is not None:
        layout, from_file = _layout_of(run, layout_file)
        if size not in (None, from_file) or layout_symmetry != "none":
            raise click.UsageError("--layout sets the size and the layout: drop --size, --layout-symmetry")
        size = from_file
    size = size or 9
    to = to or ("hdu" if size == 9 else "grid")
    if to == "hdu" and size != 9:
        raise click.UsageError(f"--to {to} cannot hold these puzzles; use grid, line or fpuzzles")
    if size not in layout_symmetry_sizes(layout_symmetry):
        raise click.UsageError(f"no {size}x{size} layout has {layout_symmetry} symmetry")
    outcomes = make(
        seed,
        count,
        ("unique", "multiple", "none") if kind == "mixed" else (kind,),
        size,
        symmetry=symmetry,
        layout_symmetry=layout_symmetry,
        layout=layout,
        time_limit=time_limit,
        target=_rating_target(kind, difficulty, rating_range),
    )
    try:
        for text in format_stream(_made(run, outcomes, count), to, count):
            run.write(text)
    except PuzzleError as e:
        run.problem(f"{layout_file}: {e}")
    _Progress.clear()
    run.exit()


def _layout_of(run: Run, layout_file: str) -> tuple[tuple[int, ...], int]:
    """The regions and size of the first puzzle in ``layout_file`` (exit 1 if there is none)."""
    first = next(load_cases(layout_file, None)[1], None)
    if not isinstance(first, Case):
        run.problem(f"{layout_file}: {first or 'no puzzle to take the layout from'}")
        run.exit()
    return first.puzzle.regions, first.puzzle.size


def _rating_target(kind: str, difficulty: str | None, rating_range: tuple[float, float] | None) -> Any:
    """The generator's `Target` for --difficulty or --rating, or None."""
    if not difficulty and not rating_range:
        return None
    from ..setter.generate import level_range, rating_target

    if difficulty and rating_range:
        raise click.UsageError("give --difficulty or --rating, not both")
    if kind not in ("unique", "minimal"):
        raise click.UsageError("only unique puzzles are rated: use --kind unique or minimal")
    return rating_target(*(rating_range or level_range(difficulty or "")))


def _made(run: Run, outcomes: Iterator[Any], count: int) -> Iterator[Puzzle]:
    """The puzzles made, with progress on standard error; a puzzle not made
    is reported and counts as a time-out."""
    from ..setter.generate import progress_text

    start = last = time.monotonic()
    made = 0
    for outcome in outcomes:
        if outcome.puzzle is None:
            warn(f"puzzle {outcome.number}: {outcome.reason}; left out")
            run.status |= EXIT_TIME_LIMIT
        else:
            made += 1
            yield outcome.puzzle
        now = time.monotonic()
        if sys.stderr.isatty() or now - last >= _Progress.EVERY:
            text = progress_text(made, count, now - start)
            click.echo(f"\r{text}" if sys.stderr.isatty() else text, err=True, nl=not sys.stderr.isatty())
            last = now


@main.command("layout", epilog=EXIT_STATUS_HELP)
@FILE
@format_option()
@TIME_LIMIT
def layout_command(file: str, fmt: str | None, time_limit: float | None) -> None:
    """Say whether the region layout of each puzzle in FILE admits any
    completed grid at all (the givens are ignored).

    One line per puzzle: "Case k: " then a completed grid, its N*N digits row
    by row (1-9 then A-G, as in the grid format), or "no completed grid: "
    and why, e.g. a law-of-leftovers conflict.
    """
    from ..core.limits import Undecided
    from ..setter.layouts import check_layout_fillable

    run = Run()
    for case in good_cases(run, file, fmt)[1]:
        try:
            grid, reason = check_layout_fillable(case.puzzle.regions, case.puzzle.size, time_limit=time_limit)
        except Undecided:
            run.timed_out(case.number, time_limit)
            continue
        answer = "".join(map(digit_char, grid)) if grid else f"no completed grid: {reason}"
        run.write(f"Case {case.number}: {answer}\n")
    run.exit()


def _technique_names() -> list[str]:
    from ..logic import TECHNIQUES  # the logic package loads no OR-Tools

    return list(TECHNIQUES)


@main.command("logic", epilog=EXIT_STATUS_HELP)
@FILE
@format_option()
@click.option("--json", "as_json", is_flag=True, help="JSON Lines: one object per case with its steps.")
@click.option(
    "--max-technique",
    type=click.Choice(_technique_names()),
    metavar="NAME",
    help="Use nothing harder than this technique (names as in the README's scale, e.g. "
    "'x-wing'), to see where a puzzle needs more.",
)
@TIME_LIMIT
def logic_command(
    file: str, fmt: str | None, as_json: bool, max_technique: str | None, time_limit: float | None
) -> None:
    """Solve FILE's puzzles step by step as a strong human would: the easiest
    technique that makes progress each time, every step explained.

    Per case: the verdict (proved by CP-SAT), the numbered steps, and where
    logic stops the candidate grid (each cell N characters wide, digit d at
    position d). --time-limit bounds the verdict's proof.
    """
    run = Run()
    assess = import_solvers("logic.assess").assess
    for case in good_cases(run, file, fmt)[1]:
        found = assess(case.puzzle, max_technique=max_technique, time_limit=time_limit)
        if found.verdict is Verdict.UNKNOWN:
            run.timed_out(case.number, time_limit)
        elif as_json:
            run.write(json.dumps(found.logic_json(case.number)) + "\n")
        else:
            run.write(found.logic_text(case.number))
    run.exit()


@main.command("rate", epilog=EXIT_STATUS_HELP + CLUSTER_EXIT_HELP)
@FILE
@format_option()
@click.option("--json", "as_json", is_flag=True, help="JSON Lines: one object per case.")
@TIME_LIMIT
@JOBS
@CLUSTER
def rate_command(
    file: str, fmt: str | None, as_json: bool, time_limit: float | None, jobs: int, cluster: Address | None
) -> None:
    """Rate how hard FILE's puzzles are for a person, one line per case:
    verdict, rating, level, hardest technique, score and steps by technique.

    A puzzle with no solution or several is reported as such, not rated.
    The scale is in the README (squiggly-cp logic shows the steps).
    """
    if cluster is not None and jobs:
        raise click.UsageError("--jobs is for this machine; it cannot be used with --cluster")
    run = Run()
    work = partial(import_solvers("logic.assess").assess, time_limit=time_limit)
    for item, found in decided(load_cases(file, fmt)[1], work, jobs, cluster):
        if isinstance(item, InputError):
            run.problem(str(item))
        elif found.verdict is Verdict.UNKNOWN:
            run.timed_out(item.number, time_limit)
        elif as_json:
            run.write(json.dumps(found.rate_json(item.number)) + "\n")
        else:
            run.write(found.rate_text(item.number))
    run.exit()


@main.command("explain", epilog=EXIT_STATUS_HELP)
@FILE
@format_option()
@TIME_LIMIT
def explain_command(file: str, fmt: str | None, time_limit: float | None) -> None:
    """Say, case by case, why a puzzle has no solution or several.

    \b
    No solution: a smallest set of givens that cannot all hold, e.g.
      "no solution: r2c5=7 and r4c5=7 are both in column 5".
    Several: the cells where two solutions differ and, when one exists, a
      given that makes the solution unique.
    """
    run = Run()
    diagnose = import_solvers("setter.diagnose")
    for case in good_cases(run, file, fmt)[1]:
        diagnosis = diagnose.explain(case.puzzle, time_limit=time_limit)
        if diagnosis.verdict is Verdict.UNKNOWN:
            run.timed_out(case.number, time_limit)
            continue
        run.write(f"Case {case.number}: {diagnosis.text}\n")
    run.exit()


@main.command("count", epilog=COUNT_EXIT_HELP + CLUSTER_EXIT_HELP)
@FILE
@format_option()
@click.option(
    "--limit",
    type=click.IntRange(min=1),
    default=1000,
    show_default=True,
    help="Stop counting here; the count is then reported as 'K or more'.",
)
@click.option(
    "--candidates",
    is_flag=True,
    help="Instead of counting, show every cell's true candidates: the digits it has in at "
    "least one solution.",
)
@TIME_LIMIT
@CLUSTER
def count_command(
    file: str,
    fmt: str | None,
    limit: int,
    candidates: bool,
    time_limit: float | None,
    cluster: Address | None,
) -> None:
    """Count the solutions of FILE's puzzles exactly, up to --limit.

    Long counts show their progress on standard error. A count that
    --time-limit stops after finding N solutions is printed as "N or more"
    (with a line on standard error saying the time limit stopped it).
    """
    run = Run()
    counting = import_solvers("setter.count")
    cases = good_cases(run, file, fmt)[1]
    work = partial(counting.count_answer, limit=limit, candidates=candidates, time_limit=time_limit)
    if cluster is None:
        answers = ((case, work(case.puzzle, progress=_Progress(case.number))) for case in cases)
    else:
        answers = decided(iter(cases), work, 1, cluster)
    for case, answer in answers:
        _Progress.clear()
        if answer is None:
            run.timed_out(case.number, time_limit)
            continue
        if isinstance(answer, str):
            run.write(f"Case {case.number}:\n{answer}")
            continue
        found, complete = answer
        if not complete:
            # A proved lower bound is an answer; standard error says why it is not exact.
            warn(f"case {case.number}: the {time_limit:g} s time limit stopped the count at {found}")
        exact = complete and found < limit
        amount = f"{found}" if exact else f"{found} or more"
        run.write(f"Case {case.number}: {amount} solution{'' if found == 1 else 's'}\n")
    run.exit()


class _Progress:
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


def run() -> None:
    """Entry point with the process-level guards: Ctrl-C, a closed pipe and an
    unwritable standard output end with a status and at most one line, never
    a traceback."""
    try:
        if hasattr(signal, "pthread_sigmask"):  # `launch` may have held Ctrl-C back until now
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        if sys.stdout is None:
            raise OutputError("standard output is closed")
        status = _invoke(sys.argv[1:])
        sys.stdout.flush()
        # The work is done and written: a Ctrl-C now must not kill the process
        # during Python's shutdown, which restores the default handler.
        _hold_sigint()
    except KeyboardInterrupt:
        _hold_sigint()
        warn("interrupted")
        status = EXIT_INTERRUPTED
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
    sys.exit(status)


def _invoke(args: list[str]) -> int:
    """Run the command line ``args``; its exit status. Unlike click's own
    `main`, Ctrl-C and output errors are left to `run`."""
    try:
        with main.make_context(PROG, args) as ctx:
            main.invoke(ctx)
    except SystemExit as e:  # a command's `Run.exit`
        return e.code if isinstance(e.code, int) else EXIT_OK
    except click.exceptions.Exit as e:  # --help, --version
        return e.exit_code
    except click.ClickException as e:
        e.show()
        return e.exit_code
    return EXIT_OK


def _hold_sigint() -> None:
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})


def _silence_stdout() -> None:
    """Point standard output at /dev/null, so the interpreter's final flush
    of what could not be written fails silently."""
    if sys.stdout is not None:
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
