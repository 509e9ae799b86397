"""The setter's commands: `hatch`, `convert`, `show`, `layout`, `explain` and `count`."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import partial
from itertools import chain, islice
from pathlib import Path
from typing import Any

import click

from ..ask.hatch import RULES, HatchResult, format_hatch, hatch
from ..core.case import Case, InputError
from ..core.limits import Deadline, Undecided
from ..core.puzzle import Grid, Puzzle, Verdict, digit_char
from ..draw.render import case_svg, render_text
from ..execution.cluster import Address
from ..execution.local import answer
from ..formats.detect import FORMATS, iter_write
from ..formats.open import load_cases, read_cases
from ..formats.registry import REGISTRY, write_one
from .common import (
    CLUSTER,
    FILE,
    TIME_LIMIT,
    Output,
    Progress,
    answered,
    dispatched,
    for_each_case,
    format_option,
    good_cases,
    import_solvers,
    not_empty,
    warn,
)
from .exits import ANSWERS_HELP, CONVERT_HELP, COUNT_HELP, HATCH_HELP, SHOW_HELP


@click.command("hatch", epilog=HATCH_HELP)
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
    formats (hdu, grid, line, the links) give "Case k:" and the same per case.
    """
    out = Output()
    fmt, cases = load_cases(file, fmt)

    def write(case: Case, result: HatchResult) -> None:
        text = "".join(f"{step}\n" for step in result.steps) if steps else ""
        if steps and result.error:
            text += result.error + "\n"
        text += format_hatch(result)
        out.write(text if fmt and REGISTRY[fmt].holds_one else f"Case {case.number}:\n{text}")

    for_each_case(out, answered(cases, partial(hatch, rules=rules)), None, write)
    out.exit()


@click.command(epilog=CONVERT_HELP)
@FILE
@format_option()
@click.option("--to", "to", type=click.Choice(FORMATS), required=True, help="Output format.")
def convert(file: str, fmt: str | None, to: str) -> None:
    """Write FILE's puzzles in another format.

    hdu holds only 9x9 puzzles, plain only one classic 9x9 (standard boxes)
    and sudokuwiki only 9x9; fpuzzles gives one https://f-puzzles.com/?load=...
    link per puzzle, sudokupad one https://sudokupad.app/scl... link (with
    the solution when CP-SAT proves it unique within 10 seconds,
    so SudokuPad checks the solver's grid), solo one Solo game id. A puzzle
    that cannot be read or does not fit the output format is reported on
    standard error and left out; the others are converted.
    """
    out = Output()
    fitting: Iterable[Puzzle] = _fitting(out, good_cases(out, file, fmt), to)
    if REGISTRY[to].holds_one:
        fitting = list(fitting)  # plain holds one
        if len(fitting) > 1:
            out.problem(f"the {to} format holds one puzzle; {len(fitting)} were read, none written")
            fitting = []
    texts = iter_write(fitting, to)
    while True:
        try:
            text = next(texts, None)
        except BrokenPipeError:
            raise  # the reader has gone (Output.check_reader)
        except OSError as e:  # the temporary file that holds --to hdu's puzzles
            out.problem(f"cannot hold the puzzles until their count is known: {e.strerror or e}")
            break
        if text is None:
            break
        out.write(text)
    out.exit()


def _fitting(out: Output, cases: Iterable[Case], to: str) -> Iterator[Puzzle]:
    """The puzzles of ``cases`` that format ``to`` can hold, as they come (the
    others are reported on ``out``)."""
    prove = import_solvers("engines.registry").with_proved_solution if REGISTRY[to].carries_solution else None
    for case in cases:
        out.check_reader()
        try:
            write_one(case.puzzle, to)
        except InputError as e:
            out.problem(f"case {case.number}: {e.message}")
            continue
        yield prove(case.puzzle, time_limit=SOLUTION_LIMIT) if prove else case.puzzle


SOLUTION_LIMIT = 10.0
"""Seconds `convert` gives CP-SAT to prove a puzzle unique for a format that carries the solution."""


@click.command(epilog=SHOW_HELP)
@FILE
@format_option()
@click.option("--solve", "with_solution", is_flag=True, help="Fill in the solution when it is unique.")
@click.option(
    "--svg",
    "svg_path",
    type=click.Path(dir_okay=False, writable=True),
    callback=not_empty,
    help="Also write an SVG picture (regions tinted, walls heavy; with --solve the unique solution "
    "in blue, else the puzzle alone, ready to print). With several puzzles, case k's picture "
    "has -k added before the suffix (case 1's has none).",
)
def show(file: str, fmt: str | None, with_solution: bool, svg_path: str | None) -> None:
    """Draw FILE's puzzles in the terminal: heavy lines on the walls between
    regions. (A wall the input draws inside a region divides nothing and is
    not drawn; standard error notes it.)"""
    out = Output()
    items = read_cases(file, fmt)
    # Two items read ahead tell whether there is more than one (then every
    # picture has a "Case k:" header); the rest is drawn as it is read.
    ahead = list(islice(items, 2))
    several = len(ahead) > 1
    for case in chain(ahead, items):
        if isinstance(case, InputError):
            out.problem(str(case))
            continue
        for note in case.notes:
            warn(f"note: case {case.number}, {note}")
        solution, remark = None, ""
        if with_solution:
            result = import_solvers("engines.cpsat").solve(case.puzzle)
            solution = result.solution
            if not solution:
                remark = "(no solution)\n" if result.verdict is Verdict.NONE else "(more than one solution)\n"
        # Numbered as in the input, bad cases included: a file of one puzzle has no header.
        header = f"Case {case.number}:\n" if several else ""
        out.write(header + render_text(case.puzzle, solution) + remark)
        if svg_path:
            _write_svg(out, case, solution, svg_path)
    out.exit()


def _write_svg(out: Output, case: Case, solution: Any, svg_path: str) -> None:
    """The SVG picture of ``case``: ``svg_path`` for case 1, NAME-k.SUFFIX beside it for case k."""
    target = Path(svg_path)
    if case.number > 1:
        target = target.with_name(f"{target.stem}-{case.number}{target.suffix}")
    try:
        target.write_text(case_svg(case.number, case.puzzle, solution))
    except OSError as e:
        out.problem(f"cannot write {str(target)!r}: {e.strerror or e}")


@click.command("layout", epilog=ANSWERS_HELP)
@FILE
@format_option()
@TIME_LIMIT
def layout_command(file: str, fmt: str | None, time_limit: float | None) -> None:
    """Say whether the region layout of each puzzle in FILE admits any
    completed grid at all (the givens are ignored), with the puzzle's variant
    rules (cages, lines, dots, extra houses) when it has any.

    One line per puzzle: "Case k: " then a completed grid, its N*N digits row
    by row (1-9 then A-G, as in the grid format), or "no completed grid: "
    and why, e.g. a law-of-leftovers conflict.
    """
    from ..make.regionmaps import check_layout_fillable, fill_with_rules

    def fillable(puzzle: Puzzle) -> tuple[Grid | None, str | None]:
        deadline = Deadline(time_limit)
        grid, reason = check_layout_fillable(puzzle.regions, puzzle.size, time_limit=deadline.left())
        if grid is None or not puzzle.rules or puzzle.with_givens([0] * puzzle.size**2).is_solution(grid):
            return grid, reason
        # The layout alone can be filled: can it be with the variant's rules as well?
        grid = fill_with_rules(puzzle, time_limit=deadline.left())
        if grid is not None:
            return grid, None
        blank = puzzle.with_givens([0] * puzzle.size**2)
        why = import_solvers("ask.explain").explain(blank, time_limit=deadline.left(), suggest=False)
        return None, why.text.removeprefix("no solution: ")

    def write(case: Case, found: tuple[Grid | None, str | None]) -> None:
        grid, reason = found
        answer = "".join(map(digit_char, grid)) if grid else f"no completed grid: {reason}"
        out.write(f"Case {case.number}: {answer}\n")

    out = Output()
    for_each_case(out, answered(good_cases(out, file, fmt), fillable), time_limit, write)
    out.exit()


@click.command("explain", epilog=ANSWERS_HELP)
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
    out = Output()
    explaining = import_solvers("ask.explain")
    work = partial(explaining.explain, time_limit=time_limit)
    for_each_case(
        out,
        answered(good_cases(out, file, fmt), work),
        time_limit,
        lambda case, explanation: out.write(f"Case {case.number}: {explanation.text}\n"),
    )
    out.exit()


@click.command("count", epilog=COUNT_HELP)
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
    out = Output()
    counting = import_solvers("ask.count")
    cases = good_cases(out, file, fmt)
    work = partial(counting.count_answer, limit=limit, candidates=candidates, time_limit=time_limit)
    answers: Iterator[tuple[Case | InputError, Any]]
    if cluster is None:
        answers = (
            (case, answer(partial(work, progress=Progress(case.number)), case.puzzle))
            for case in cases
        )
    else:
        answers = dispatched(iter(cases), work, 1, cluster)

    def write(case: Case, found: str | int) -> None:
        if isinstance(found, str):
            out.write(f"Case {case.number}:\n{found}")
            return
        exact = found < limit
        amount = f"{found}" if exact else f"{found} or more"
        out.write(f"Case {case.number}: {amount} solution{'' if exact and found == 1 else 's'}\n")

    def lower_bound(case: Case, stopped: Undecided) -> bool:
        """A count the time limit stopped after finding solutions is an answer,
        "N or more"; standard error says why it is not exact."""
        if not stopped.found:
            return False
        warn(f"case {case.number}: the {time_limit:g} s time limit stopped the count at {stopped.found}")
        out.write(f"Case {case.number}: {stopped.found} or more solutions\n")
        return True

    for_each_case(out, _cleared(answers), time_limit, write, partial_answer=lower_bound)
    out.exit()


def _cleared(answers: Any) -> Any:
    """``answers`` as they come, the progress line cleared before each."""
    for item in answers:
        Progress.clear()
        yield item
