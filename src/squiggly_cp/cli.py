"""The `squiggly-cp` command line: a thin layer over the library."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator

import click

from .engines import ENGINES, get_engine
from .formats.detect import FORMATS, detect_format, read_puzzles
from .formats.hdu import Case, InputError, format_result, grid_lines, read_hdu
from .formats.plain import format_plain
from .hatch import RULES, hatch
from .puzzle import Result, Verdict

PROG = "squiggly-cp"

# Exit statuses. 1 and 4 add up: 5 = bad input and a time-out.
EXIT_OK = 0
EXIT_PROBLEM = 1
EXIT_USAGE = 2  # click's own status for a bad command line
EXIT_TIME_LIMIT = 4
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141  # as a shell reports a reader that went away

EXIT_STATUS_HELP = """\b
Exit status:
  0    every case was answered
  1    some input was bad (unreadable file, bad case, wrong T);
       every readable case was still answered
  2    bad command line; nothing was done
  4    some case hit --time-limit and was not answered
  5    both 1 and 4
  130  interrupted (Ctrl-C); standard output holds only complete cases"""


class Run:
    """What one command writes and how it will exit: judge output to standard
    output as bytes (byte-exact on every platform, a whole case per write),
    one line per problem to standard error."""

    def __init__(self) -> None:
        self.status = EXIT_OK
        self._out = sys.stdout.buffer
        self._interactive = sys.stdout.isatty()

    def write(self, text: str) -> None:
        self._out.write(text.encode())
        if self._interactive:
            self._out.flush()

    def problem(self, message: str, status: int = EXIT_PROBLEM) -> None:
        warn(f"error: {message}")
        self.status |= status

    def exit(self) -> None:
        sys.exit(self.status)


def warn(message: str) -> None:
    """One line on standard error."""
    click.echo(f"{PROG}: {message}", err=True)


def load_cases(path: str, fmt: str | None) -> tuple[str | None, Iterator[Case | InputError]]:
    """The format and the cases of ``path`` (``-`` = standard input).

    ``fmt`` None means: detect it. The judge format streams; the others are
    read whole. A file that cannot be read, or whose format cannot be told,
    gives one `InputError` as its only item.
    """
    if fmt == "hdu":
        return fmt, _stream_hdu(path)
    try:
        if path == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as stream:
                data = stream.read()
    except OSError as e:
        return fmt, iter([_unreadable(path, e)])
    text = data.decode("utf-8", "replace")
    try:
        fmt = fmt or detect_format(text)
    except InputError as e:
        return None, iter([InputError(f"{e.message}; name the format with --format")])
    if fmt == "hdu":
        return fmt, read_hdu(text)
    items = read_puzzles(text, fmt)
    return fmt, (item if isinstance(item, InputError) else Case(k, item) for k, item in enumerate(items, 1))


def _stream_hdu(path: str) -> Iterator[Case | InputError]:
    try:
        stream = sys.stdin.buffer if path == "-" else open(path, "rb")  # noqa: SIM115
        with stream:
            yield from read_hdu(stream)
    except OSError as e:
        yield _unreadable(path, e)


def _unreadable(path: str, error: OSError) -> InputError:
    return InputError(f"cannot read {path!r}: {error.strerror or error}")


FILE = click.argument("file", metavar="FILE")


def format_option(default: str | None) -> click.Option:
    detected = "" if default else " Detected from the input when omitted."
    return click.option(
        "--format",
        "fmt",
        type=click.Choice(FORMATS),
        default=default,
        show_default=bool(default),
        help=f"Input format.{detected}",
    )


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="squiggly-cp", prog_name=PROG)
def main() -> None:
    """Decide squiggly (jigsaw) sudoku with OR-Tools CP-SAT."""


@main.command(epilog=EXIT_STATUS_HELP)
@FILE
@format_option("hdu")
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
def solve(file: str, fmt: str, engine: str, time_limit: float | None) -> None:
    """Answer every case of FILE (the HDU 4069 judge format unless --format
    says otherwise; - for standard input).

    Standard output gets exactly the judge's output: for case k, "Case k:"
    then "No solution", "Multiple Solutions" or the rows of the unique
    solution. Problems go to standard error, one line each, naming the case,
    row and column; the other cases are still answered.
    """
    run = Run()
    solver = get_engine(engine)
    for item in load_cases(file, fmt)[1]:
        if isinstance(item, InputError):
            run.problem(str(item))
            continue
        result = solver(item.puzzle, time_limit=time_limit)
        if result.verdict is Verdict.UNKNOWN:
            warn(f"case {item.number}: not decided within the {time_limit:g} s time limit; not answered")
            run.status |= EXIT_TIME_LIMIT
            continue
        run.write(format_result(item.number, result))
    run.exit()


@main.command(
    epilog="""\b
Exit status:
  0  every case was decided and both engines agree
  1  some disagreement, or some input was bad
  2  bad command line"""
)
@FILE
@format_option("hdu")
def crosscheck(file: str, fmt: str) -> None:
    """Decide every case of FILE with both engines and compare their answers.

    Prints one line per disagreement (case number and both verdicts), then a
    summary: cases, agreements, disagreements and seconds spent per engine.
    Verdicts agree when they are equal and, for a unique solution, the
    solutions are equal too.
    """
    run = Run()
    engines = {name: get_engine(name) for name in ENGINES}  # imports stay out of the timing
    seconds = dict.fromkeys(ENGINES, 0.0)
    cases = agreements = 0
    for item in load_cases(file, fmt)[1]:
        if isinstance(item, InputError):
            run.problem(str(item))
            continue
        results = {}
        for name, engine in engines.items():
            start = time.perf_counter()
            results[name] = engine(item.puzzle)
            seconds[name] += time.perf_counter() - start
        cases += 1
        first, second = results.values()
        if first.verdict is second.verdict and first.solution == second.solution:
            agreements += 1
            continue
        run.status |= EXIT_PROBLEM
        said = ", ".join(f"{name} says {_describe(r)}" for name, r in results.items())
        run.write(f"case {item.number}: {said}\n")
    timing = ", ".join(f"{name} {secs:.2f} s" for name, secs in seconds.items())
    run.write(f"{cases} cases, {agreements} agreements, {cases - agreements} disagreements; {timing}\n")
    run.exit()


def _describe(result: Result) -> str:
    if result.verdict is Verdict.UNIQUE:
        return "unique " + grid_lines(result.solutions[0]).replace("\n", "")
    return result.verdict.value


@main.command(
    "hatch",
    epilog="""\b
Exit status:
  0  every puzzle was read (ERROR is an answer, not a failure)
  1  some input was bad; the readable puzzles were still answered
  2  bad command line"""
)
@FILE
@format_option(None)
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
        text += format_plain(result)
        run.write(text if fmt == "plain" else f"Case {item.number}:\n{text}")
    run.exit()


def run() -> None:
    """Entry point with the process-level guards: Ctrl-C and a closed pipe end
    with a status and one line, never a traceback."""
    try:
        status = main.main(prog_name=PROG, standalone_mode=False)
    except click.ClickException as e:
        e.show()
        status = e.exit_code
    except (KeyboardInterrupt, click.Abort):
        warn("interrupted")
        status = EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (e.g. `| head`); silence the final flush too.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = EXIT_BROKEN_PIPE
    sys.exit(status if isinstance(status, int) else EXIT_OK)
