"""The commands of the human-style solver: `logic` (the steps) and `rate` (how hard)."""

from __future__ import annotations

import json
from functools import partial
from typing import Any

import click

from ..core.case import Case
from ..execution.cluster import Address
from ..formats.open import read_cases
from .common import (
    CLUSTER,
    FILE,
    JOBS,
    TIME_LIMIT,
    Output,
    answered,
    decided,
    for_each_case,
    format_option,
    good_cases,
    import_solvers,
    no_jobs_with_cluster,
)
from .exits import ANSWERS_CLUSTER_HELP, ANSWERS_HELP


def _technique_names() -> list[str]:
    from ..logic import SCALES  # the logic package loads no OR-Tools

    return list(dict.fromkeys(name for scale in SCALES.values() for name in scale.techniques))


SCALE = click.option(
    "--scale",
    type=click.Choice(["default", "se"]),
    default="default",
    show_default=True,
    help="default: Sudoku Explainer's techniques and grades with jigsaw regions counted as boxes, plus "
    "the Law of Leftovers, common peers, franken fish and W-wing; the easiest step first. se: Sudoku "
    "Explainer's techniques, grades and order only, to compare with SE's ER/EP/ED.",
)


def _check_technique(scale: str, max_technique: str | None) -> None:
    from ..logic import SCALES

    if max_technique is not None and max_technique not in SCALES[scale].techniques:
        raise click.BadParameter(
            f"{max_technique!r} is not on the {scale} scale", param_hint="--max-technique"
        )


@click.command("logic", epilog=ANSWERS_HELP)
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
@SCALE
@TIME_LIMIT
def logic_command(
    file: str, fmt: str | None, as_json: bool, max_technique: str | None, scale: str, time_limit: float | None
) -> None:
    """Solve FILE's puzzles step by step as a strong human would: the easiest
    technique that makes progress each time, every step explained.

    Per case: the verdict (proved by CP-SAT), the numbered steps, and where
    logic stops the candidate grid (each cell N characters wide, digit d at
    position d). --time-limit bounds the verdict's proof.
    """
    _check_technique(scale, max_technique)
    out = Output()
    assess = import_solvers("logic.assess").assess
    work = partial(assess, max_technique=max_technique, time_limit=time_limit, scale=scale)

    def write(case: Case, found: Any) -> None:
        if as_json:
            out.write(json.dumps(found.logic_json(case.number)) + "\n")
        else:
            out.write(found.logic_text(case.number))

    for_each_case(out, answered(good_cases(out, file, fmt), work), time_limit, write)
    out.exit()


@click.command("rate", epilog=ANSWERS_CLUSTER_HELP)
@FILE
@format_option()
@click.option("--json", "as_json", is_flag=True, help="JSON Lines: one object per case.")
@SCALE
@TIME_LIMIT
@JOBS
@CLUSTER
def rate_command(
    file: str,
    fmt: str | None,
    as_json: bool,
    scale: str,
    time_limit: float | None,
    jobs: int,
    cluster: Address | None,
) -> None:
    """Rate how hard FILE's puzzles are for a person, one line per case:
    verdict, rating, level, hardest technique, score and steps by technique.

    The rating is Sudoku Explainer's ER (the hardest step), with its pearl
    (EP: the hardest step up to the first placement) and diamond (ED: the
    first step). A puzzle with no solution or several is reported as such,
    not rated. The scales are in the README (squiggly-cp logic shows the steps).
    """
    no_jobs_with_cluster(jobs, cluster)
    out = Output()
    work = partial(import_solvers("logic.assess").assess, time_limit=time_limit, scale=scale)

    def write(case: Case, found: Any) -> None:
        if as_json:
            out.write(json.dumps(found.rate_json(case.number)) + "\n")
        else:
            out.write(found.rate_text(case.number))

    for_each_case(out, decided(read_cases(file, fmt), work, jobs, cluster), time_limit, write)
    out.exit()
