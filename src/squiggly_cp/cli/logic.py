"""The commands of the human-style solver: `logic` (the steps) and `rate` (how hard)."""

from __future__ import annotations

import difflib
import json
from functools import partial
from typing import Any

import click

from ..core.case import Case, InputError
from ..core.limits import Undecided
from ..core.puzzle import Unsupported
from ..execution.cluster import Address
from ..formats.detect import FORMATS
from ..formats.open import read_cases, read_positions
from .common import (
    CLUSTER,
    FILE,
    JOBS,
    TIME_LIMIT,
    Output,
    SideFile,
    answered,
    dispatched,
    for_each_case,
    format_option,
    import_solvers,
    no_jobs_with_cluster,
    not_empty,
)
from .exits import ANSWERS_CLUSTER_HELP, HINT_HELP, LOGIC_HELP


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


# Other programs' names for our techniques (Sudoku Explainer's and HoDoKu's),
# written as `_key` leaves them: lower case, hyphens and underscores as spaces.
_ALIASES = {
    "direct claiming": "direct pointing",
    "naked triplet": "naked triple",
    "hidden triplet": "hidden triple",
    "naked quadruple": "naked quad",
    "hidden quadruple": "hidden quad",
    "locked candidates type 1 (pointing)": "pointing",
    "locked candidates type 1": "pointing",
    "locked candidates 1": "pointing",
    "locked candidates type 2 (claiming)": "claiming",
    "locked candidates type 2": "claiming",
    "locked candidates 2": "claiming",
    "generalized intersection": "common peers",
    "leftovers": "law of leftovers",
    "unique loop": "unique rectangle",
    **{f"uniqueness test {k}": "unique rectangle" for k in range(1, 5)},
    **{f"unique rectangle type {k}": "unique rectangle" for k in range(1, 5)},
    "bivalue universal grave": "bug",
    "bivalue universal grave + 1": "bug",
    "bug+1": "bug",
    "bug + 1": "bug",
    "forcing chains & cycles": "forcing chain",
    "forcing chains and cycles": "forcing chain",
    "forcing chains": "forcing chain",
    "turbot fish": "forcing chain",
    "nishio": "nishio forcing chains",
    "multiple forcing chains": "cell forcing chains",
    "region forcing chains": "cell forcing chains",
    "nested forcing chains": "dynamic forcing chains (+ forcing chains)",
}


def _key(name: str) -> str:
    return " ".join(name.lower().replace("-", " ").replace("_", " ").split())


class TechniqueName(click.ParamType):
    """A technique's name, in any case, as the README's scale writes it or as
    Sudoku Explainer or HoDoKu do; a miss suggests the closest names."""

    name = "NAME"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        names = {_key(name): name for name in _technique_names()}
        names.update({_key(alias): name for alias, name in _ALIASES.items()})
        found = names.get(_key(str(value)))
        if found is not None:
            return found
        close = difflib.get_close_matches(_key(str(value)), list(names), n=3, cutoff=0.6)
        near = list(dict.fromkeys(names[k] for k in close))
        hint = (
            "did you mean " + " or ".join(repr(n) for n in near) + "?"
            if near
            else "the names are in the README's scale table (e.g. 'x-wing', 'naked single')"
        )
        self.fail(f"{str(value)[:40]!r} is no technique; {hint}", param, ctx)


def _check_technique(scale: str, max_technique: str | None) -> None:
    from ..logic import SCALES

    if max_technique is not None and max_technique not in SCALES[scale].techniques:
        raise click.BadParameter(
            f"{max_technique!r} is not on the {scale} scale", param_hint="--max-technique"
        )


@click.command("logic", epilog=LOGIC_HELP)
@FILE
@format_option()
@click.option("--json", "as_json", is_flag=True, help="JSON Lines: one object per case with its steps.")
@click.option(
    "--max-technique",
    type=TechniqueName(),
    help="Use nothing harder than this technique (names as in the README's scale, e.g. "
    "'x-wing'), to see where a puzzle needs more.",
)
@SCALE
@TIME_LIMIT
@click.option(
    "--html",
    "html_path",
    type=click.Path(dir_okay=False, writable=True),
    callback=not_empty,
    help="Also write one self-contained HTML page (no network; opens from a file) to step through "
    "every case on the grid: candidates, the step about to be taken drawn on them, first/previous/"
    "next/last buttons and the arrow keys.",
)
def logic_command(
    file: str,
    fmt: str | None,
    as_json: bool,
    max_technique: str | None,
    scale: str,
    time_limit: float | None,
    html_path: str | None,
) -> None:
    """Solve FILE's puzzles step by step as a strong human would: the easiest
    technique that makes progress each time, every step explained.

    Per case: the verdict (proved by CP-SAT), the numbered steps, and where
    logic stops the position: givens, regions, digits and candidates (each
    cell N characters wide, digit d at position d), which `squiggly-cp hint`
    reads back. --time-limit bounds the verdict's proof.
    """
    _check_technique(scale, max_technique)
    out = Output(flush_each=True)  # each case takes long enough to be worth its own write
    assess = import_solvers("logic.assess").assess
    work = partial(assess, max_technique=max_technique, time_limit=time_limit, scale=scale)
    page = None if html_path is None else _Page(out, html_path)

    def write(case: Case, found: Any) -> None:
        if page is not None:
            page.add(case.number, found)
        if as_json:
            out.write(json.dumps(found.logic_json(case.number)) + "\n")
        else:
            out.write(found.logic_text(case.number))

    def skipped(item: Case | InputError) -> None:
        if page is None:
            return
        if isinstance(item, Case):
            page.add(item.number, InputError("not decided within the time limit", item.number))
        elif item.case is not None:
            page.add(item.case, item)

    try:
        for_each_case(out, answered(read_cases(file, fmt), work), time_limit, write, skipped)
    except BaseException:
        if page is not None:
            page.file.abandon()
        raise
    if page is not None:
        page.finish()
    out.exit()


class _Page:
    """The `--html` page, written a case at a time as the cases are answered:
    memory does not grow with the input."""

    def __init__(self, out: Output, path: str) -> None:
        self.page = import_solvers("draw.page")
        self.file = SideFile(out, path)
        self.file.write(self.page.page_top())

    def add(self, number: int, found: Any) -> None:
        self.file.write(self.page.case_piece(number, found))

    def finish(self) -> None:
        self.file.write(self.page.page_end())
        self.file.close()


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
    out = Output(flush_each=True)  # each case takes long enough to be worth its own write
    assess = import_solvers("logic.assess").assess
    work = partial(assess, time_limit=time_limit, scale=scale, unique_only=True)

    def write(case: Case, found: Any) -> None:
        if as_json:
            out.write(json.dumps(found.rate_json(case.number)) + "\n")
        else:
            out.write(found.rate_text(case.number))

    for_each_case(out, dispatched(read_cases(file, fmt), work, jobs, cluster), time_limit, write)
    out.exit()


@click.command("hint", epilog=HINT_HELP)
@FILE
@click.option(
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    default=None,
    help="Input format, for a puzzle file. When omitted: a position as `logic` prints it where it "
    "stops, else detected from the input.",
)
@click.option("--json", "as_json", is_flag=True, help="JSON Lines: one object per case.")
@click.option(
    "--max-technique",
    type=TechniqueName(),
    help="Use nothing harder than this technique (names as in the README's scale).",
)
@SCALE
@TIME_LIMIT
def hint_command(
    file: str, fmt: str | None, as_json: bool, max_technique: str | None, scale: str, time_limit: float | None
) -> None:
    """The easiest next step from the position in FILE, for a solver who is
    stuck part way through.

    FILE holds a position: what `squiggly-cp logic` prints where it stops
    (givens, regions, digits and candidates), or an f-puzzles puzzle (JSON
    or link) with entered digits and centre pencil marks as candidates (a
    cell without marks has every digit its houses allow), or any puzzle
    file (the position before any step). The position is first checked
    with CP-SAT: an entered digit the solution does not have, or candidates
    that leave out the solution's digit, is reported as such (cell and
    digit), and no hint is built on it.
    """
    _check_technique(scale, max_technique)
    out = Output(flush_each=True)  # each case takes long enough to be worth its own write
    hint = import_solvers("ask.hint").hint
    for number, item in read_positions(file, fmt):
        if isinstance(item, InputError):
            out.problem(str(item))
            continue
        assert number is not None  # `read_positions` gives None only with an InputError
        try:
            found = hint(item, max_technique=max_technique, scale=scale, time_limit=time_limit)
        except Undecided:
            out.timed_out(number, time_limit)
            continue
        except Unsupported as refused:
            out.problem(f"case {number}: {refused}")
            continue
        if as_json:
            out.write(json.dumps(found.to_json(number)) + "\n")
        else:
            out.write(found.text(number))
    out.exit()
