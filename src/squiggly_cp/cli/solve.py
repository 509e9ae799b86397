"""The commands that decide cases: `solve` (the judge's answers) and `crosscheck`."""

from __future__ import annotations

import json
from functools import partial
from typing import Any

import click

from ..ask.crosscheck import Comparison, Crosscheck
from ..core.case import Case, InputError
from ..core.puzzle import Result
from ..engines.registry import ENGINES, classify
from ..execution.cluster import Address
from ..formats.hdu import format_result
from ..formats.open import read_cases
from .common import (
    CLUSTER,
    FILE,
    JOBS,
    TIME_LIMIT,
    Output,
    answered,
    dispatched,
    for_each_case,
    format_option,
    import_solvers,
    no_jobs_with_cluster,
    warn,
)
from .exits import ANSWERS_CLUSTER_HELP, CROSSCHECK_HELP, EXIT_PROBLEM, EXIT_TIME_LIMIT


@click.command(epilog=ANSWERS_CLUSTER_HELP)
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
    no_jobs_with_cluster(jobs, cluster)
    out = Output()
    if as_json:
        explaining = import_solvers("ask.explain")
        work = partial(explaining.explain, time_limit=time_limit)
    else:
        import_solvers(f"engines.{engine}")  # imported once here, before any worker process forks
        work = partial(classify, engine=engine, time_limit=time_limit)
    answers = dispatched(read_cases(file, fmt, judge_default=True), work, jobs, cluster)
    if as_json:
        for_each_case(out, answers, time_limit, partial(_write_json, out), partial(_json_skipped, out))
    else:
        for_each_case(out, answers, time_limit, partial(_write_judge, out))
    out.exit()


def _write_judge(out: Output, case: Case, result: Result) -> None:
    out.write(format_result(case.number, result))


def _write_json(out: Output, case: Case, explanation: Any) -> None:
    out.write(json.dumps(explanation.to_json(case.number)) + "\n")


def _json_skipped(out: Output, item: Case | InputError) -> None:
    """The JSON line of a bad case or one not decided in time."""
    if isinstance(item, InputError):
        out.write(json.dumps({"case": item.case, "error": str(item)}) + "\n")
    else:
        out.write(json.dumps({"case": item.number, "verdict": "unknown"}) + "\n")


@click.command(epilog=CROSSCHECK_HELP)
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
    out = Output()
    for name in ENGINES:
        import_solvers(f"engines.{name}")  # imports stay out of the timing
    check = Crosscheck(time_limit)

    def compared(case: Case, comparison: Comparison) -> None:
        if late := comparison.undecided:
            out.status |= EXIT_TIME_LIMIT
            who = " and ".join(late)
            warn(f"case {case.number}: {who} did not decide within the {time_limit:g} s time limit")
        elif not comparison.agree:
            out.status |= EXIT_PROBLEM
            out.write(f"case {case.number}: {comparison.describe()}\n")

    for_each_case(out, answered(read_cases(file, fmt, judge_default=True), check.check), time_limit, compared)
    out.write(check.summary() + "\n")
    out.exit()
