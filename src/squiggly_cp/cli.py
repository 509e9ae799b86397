"""The `squiggly-cp` command line: a thin layer over the library."""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import click

from .engines import ENGINES, classify, get_engine
from .formats.detect import FORMATS, detect_format, read_puzzles, write_puzzles
from .formats.hdu import Case, InputError, format_result, grid_lines, read_hdu
from .formats.plain import format_plain
from .generate import KINDS
from .hatch import RULES, hatch
from .layout import layout_symmetry_sizes
from .parallel import AUTO_THRESHOLD, decide_stream
from .puzzle import MAX_SIZE, MIN_SIZE, Puzzle, PuzzleError, Result, Verdict, digit_char
from .render import render_svg, render_text
from .symmetry import CLUE_SYMMETRIES, LAYOUT_SYMMETRIES

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

    def problem(self, message: str) -> None:
        warn(f"error: {message}")
        self.status |= EXIT_PROBLEM

    def timed_out(self, number: int, time_limit: float | None) -> None:
        warn(f"case {number}: not decided within the {time_limit:g} s time limit; not answered")
        self.status |= EXIT_TIME_LIMIT

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
TIME_LIMIT = click.option(
    "--time-limit",
    type=click.FloatRange(min=0, min_open=True),
    metavar="SECONDS",
    help="Give up on a case after this long; it is reported on standard error, not answered.",
)


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
@TIME_LIMIT
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="JSON Lines instead of the judge format: per case its number and verdict, the solution "
    "(unique), two solutions and the cells where they differ (multiple), or a minimal set of "
    "givens that cannot all hold (none). Always uses CP-SAT.",
)
@click.option(
    "--jobs",
    type=click.IntRange(min=0),
    default=0,
    show_default=True,
    help="Worker processes. 0: one per core when the input has more than "
    f"{AUTO_THRESHOLD} cases, else 1. Output is the same for every value.",
)
def solve(file: str, fmt: str, engine: str, time_limit: float | None, as_json: bool, jobs: int) -> None:
    """Answer every case of FILE (the HDU 4069 judge format unless --format
    says otherwise; - for standard input).

    Standard output gets exactly the judge's output: for case k, "Case k:"
    then "No solution", "Multiple Solutions" or the rows of the unique
    solution. Problems go to standard error, one line each, naming the case,
    row and column; the other cases are still answered.
    """
    from . import diagnose  # loads OR-Tools: only the commands that need it pay for it

    get_engine(engine)  # imported once here, before any worker process forks
    run = Run()
    work = (
        partial(diagnose.explain, time_limit=time_limit)
        if as_json
        else partial(classify, engine=engine, time_limit=time_limit)
    )
    for item, result in decide_stream(load_cases(file, fmt)[1], work, jobs):
        if isinstance(item, InputError):
            run.problem(str(item))
        elif result.verdict is Verdict.UNKNOWN:
            run.timed_out(item.number, time_limit)
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
@format_option("hdu")
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
    engines = {name: get_engine(name) for name in ENGINES}  # imports stay out of the timing
    seconds = dict.fromkeys(ENGINES, 0.0)
    cases = agreements = undecided = 0
    for item in load_cases(file, fmt)[1]:
        if isinstance(item, InputError):
            run.problem(str(item))
            continue
        results = {}
        for name, engine in engines.items():
            start = time.perf_counter()
            results[name] = engine(item.puzzle, time_limit=time_limit)
            seconds[name] += time.perf_counter() - start
        cases += 1
        late = [name for name, r in results.items() if r.verdict is Verdict.UNKNOWN]
        first, second = results.values()
        if late:
            undecided += 1
            run.status |= EXIT_TIME_LIMIT
            who = " and ".join(late)
            warn(f"case {item.number}: {who} did not decide within the {time_limit:g} s time limit")
        elif first.verdict is second.verdict and first.solution == second.solution:
            agreements += 1
        else:
            run.status |= EXIT_PROBLEM
            said = ", ".join(f"{name} says {_describe(r)}" for name, r in results.items())
            run.write(f"case {item.number}: {said}\n")
    timing = ", ".join(f"{name} {secs:.2f} s" for name, secs in seconds.items())
    disagreements = cases - agreements - undecided
    extra = f", {undecided} undecided" if undecided else ""
    run.write(f"{cases} cases, {agreements} agreements, {disagreements} disagreements{extra}; {timing}\n")
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
  2  bad command line""",
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


@main.command(epilog=EXIT_STATUS_HELP.replace("answered", "converted").split("  4")[0].rstrip())
@FILE
@format_option(None)
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
    elif fitting:
        run.write(write_puzzles(fitting, to))
    run.exit()


@main.command(epilog=EXIT_STATUS_HELP.split("  4")[0].rstrip())
@FILE
@format_option(None)
@click.option("--solve", "with_solution", is_flag=True, help="Fill in the solution when it is unique.")
@click.option(
    "--svg",
    "svg_path",
    type=click.Path(dir_okay=False, writable=True),
    help="Also write an SVG picture (regions tinted, walls heavy, the unique solution in blue). "
    "With several puzzles, -2, -3, ... is added before the suffix for the second and later ones.",
)
def show(file: str, fmt: str | None, with_solution: bool, svg_path: str | None) -> None:
    """Draw FILE's puzzles in the terminal: heavy lines on region walls."""
    run = Run()
    cases = good_cases(run, file, fmt)[1]
    for index, case in enumerate(cases):
        solution, note = None, ""
        if with_solution or svg_path:
            result = get_engine("cpsat")(case.puzzle)
            solution = result.solution
            if with_solution and not solution:
                note = "(no solution)\n" if result.verdict is Verdict.NONE else "(more than one solution)\n"
        header = f"Case {case.number}:\n" if len(cases) > 1 else ""
        run.write(header + render_text(case.puzzle, solution if with_solution else None) + note)
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
@click.option("--count", "count", type=click.IntRange(min=1), default=10, show_default=True)
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
    type=click.Choice(FORMATS),
    help="Output format. [default: hdu for 9x9, else grid]",
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
    type=click.FloatRange(min=0, min_open=True),
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
) -> None:
    """Make random squiggly puzzles, each written as soon as it is made.

    Layouts are random (N connected regions of N cells) unless --layout
    names one. Every uniqueness claim is proved by CP-SAT. The same --seed
    gives the same puzzles on every machine. Long runs show their progress
    on standard error.
    """
    from .generate import format_stream, progress_text
    from .generate import generate as make

    run = Run()
    layout = None
    if layout_file is not None:
        first = next(load_cases(layout_file, None)[1], None)
        if not isinstance(first, Case):
            run.problem(f"{layout_file}: {first or 'no puzzle to take the layout from'}")
            run.exit()
        if size not in (None, first.puzzle.size) or layout_symmetry != "none":
            raise click.UsageError("--layout sets the size and the layout: drop --size, --layout-symmetry")
        layout, size = first.puzzle.regions, first.puzzle.size
    size = size or 9
    to = to or ("hdu" if size == 9 else "grid")
    if (to == "hdu" and size != 9) or to == "plain":
        raise click.UsageError(f"--to {to} cannot hold these puzzles; use grid, line or fpuzzles")
    if size not in layout_symmetry_sizes(layout_symmetry):
        raise click.UsageError(f"no {size}x{size} layout has {layout_symmetry} symmetry")
    kinds = ("unique", "multiple", "none") if kind == "mixed" else (kind,)
    outcomes = make(
        seed,
        count,
        kinds,
        size,
        symmetry=symmetry,
        layout_symmetry=layout_symmetry,
        layout=layout,
        time_limit=time_limit,
    )
    start = last = time.monotonic()
    made = 0

    def puzzles() -> Iterator[Puzzle]:
        nonlocal made, last
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

    try:
        for text in format_stream(puzzles(), to, count):
            run.write(text)
            sys.stdout.flush()  # each puzzle leaves as soon as it is made, whole
    except PuzzleError as e:
        run.problem(f"{layout_file}: {e}")
    _Progress.clear()
    run.exit()


@main.command("layout", epilog=EXIT_STATUS_HELP)
@FILE
@format_option(None)
@TIME_LIMIT
def layout_command(file: str, fmt: str | None, time_limit: float | None) -> None:
    """Say whether the region layout of each puzzle in FILE admits any
    completed grid at all (the givens are ignored).

    One line per puzzle: "Case k: " then a completed grid, its N*N digits row
    by row (1-9 then A-G, as in the grid format), or "no completed grid: "
    and why, e.g. a law-of-leftovers conflict.
    """
    from .layout import Undecided, check_layout_fillable

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


@main.command("explain", epilog=EXIT_STATUS_HELP)
@FILE
@format_option(None)
@TIME_LIMIT
def explain_command(file: str, fmt: str | None, time_limit: float | None) -> None:
    """Say, case by case, why a puzzle has no solution or several.

    \b
    No solution: a smallest set of givens that cannot all hold, e.g.
      "no solution: r2c5=7 and r4c5=7 are both in column 5".
    Several: the cells where two solutions differ and, when one exists, a
      given that makes the solution unique.
    """
    from . import diagnose  # loads OR-Tools: only the commands that need it pay for it

    run = Run()
    for case in good_cases(run, file, fmt)[1]:
        diagnosis = diagnose.explain(case.puzzle, time_limit=time_limit)
        if diagnosis.verdict is Verdict.UNKNOWN:
            run.timed_out(case.number, time_limit)
            continue
        run.write(f"Case {case.number}: {diagnosis.text}\n")
    run.exit()


@main.command("count", epilog=EXIT_STATUS_HELP)
@FILE
@format_option(None)
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
def count_command(file: str, fmt: str | None, limit: int, candidates: bool, time_limit: float | None) -> None:
    """Count the solutions of FILE's puzzles exactly, up to --limit.

    Long counts show their progress on standard error.
    """
    from . import diagnose  # loads OR-Tools: only the commands that need it pay for it

    run = Run()
    for case in good_cases(run, file, fmt)[1]:
        if candidates:
            try:
                masks = diagnose.true_candidates(case.puzzle, time_limit=time_limit)
            except TimeoutError:
                run.timed_out(case.number, time_limit)
                continue
            body = "No solution\n" if masks is None else diagnose.format_candidates(case.puzzle, masks)
            run.write(f"Case {case.number}:\n{body}")
            continue
        progress = _Progress(case.number)
        found, complete = diagnose.count(case.puzzle, limit, progress=progress, time_limit=time_limit)
        _Progress.clear()
        if not complete:
            warn(f"case {case.number}: counting stopped by the {time_limit:g} s time limit")
            run.status |= EXIT_TIME_LIMIT
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
        # The reader went away (e.g. `| head`): end quietly, as click does when
        # it sees this first; silence the final flush too.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = EXIT_PROBLEM
    sys.exit(status if isinstance(status, int) else EXIT_OK)
