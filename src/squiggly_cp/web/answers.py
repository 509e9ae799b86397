"""The workbench's answers: what each endpoint of `squiggly-cp serve` returns
for a request, as plain dicts ready for JSON, with no web framework in sight.

Each answer is the library's own (the same functions the commands call), so
an answer and the command's output for the same puzzle cannot disagree:
`analyse` gathers `layout`, `explain --json`, `count --candidates` and `rate
--json`; `hint` is `hint --json`, `steps` is `logic --json` (plus the case
data `logic --html` draws), `convert` is `convert`, `generate` is `generate`.

They run in the server's worker processes (`web.workers`), one request at a
time each. Bad input raises `BadRequest` with the one line the command would
print after ``error:``; running out of ``time_limit`` is an answer, with the
verdict ``unknown``, never an error.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from ..ask.count import candidate_search, true_candidates
from ..ask.explain import SHRINK_WORK_LIMIT, Explanation, explain
from ..ask.hint import hint
from ..core.case import Case, InputError
from ..core.limits import Deadline, Undecided
from ..core.position import Position
from ..core.puzzle import DIGIT_CHARS, Puzzle, PuzzleError, Unsupported, Verdict
from ..core.rules import NoRegion
from ..draw.page import case_data
from ..draw.render import CELL, MARGIN, case_svg
from ..draw.rules import rules_svg
from ..engines.registry import classify, with_proved_solution
from ..formats.detect import write_puzzles
from ..formats.fpuzzles_rules import rule_entries, write_rules
from ..formats.line_rules import LINE_RULES, line_rule
from ..formats.open import cases_in, positions_in
from ..formats.registry import REGISTRY
from ..logic.assess import Assessment, assess
from ..make.regionmaps import check_layout_fillable, leftover_conflict
from .bad_request import BadRequest
from .making import generate_answer

__all__ = ["ANSWERS", "BadRequest", "answer"]

UNKNOWN = Verdict.UNKNOWN.value



def answer(endpoint: str, request: Mapping[str, Any], time_limit: float | None) -> dict[str, Any]:
    """The answer of ``endpoint`` (a key of `ANSWERS`) to ``request``, the
    request's JSON object already checked for its fields' types. A variant
    rule the answer does not take (logic's, for one) is a `BadRequest` naming it."""
    try:
        return ANSWERS[endpoint](request, time_limit)
    except Unsupported as refused:
        raise BadRequest(str(refused)) from None


def _one_puzzle(text: str) -> Puzzle:
    """The one puzzle of ``text``, in any format the commands read."""
    cases = cases_in(_encoded(text))
    return _first(cases, lambda item: item.puzzle if isinstance(item, Case) else item)


def _one_position(text: str) -> Position:
    """The one position of ``text``: `hint`'s input (a puzzle, f-puzzles or
    SudokuPad with entered digits and pencil marks, or `logic`'s text form)."""
    return _first(positions_in(_encoded(text)), lambda item: item[1])


def _first(items: Iterator[Any], pick: Callable[[Any], Any]) -> Any:
    """The first item's value; a problem or a second item is a `BadRequest`.
    Only two items are ever read, however many the text holds."""
    first = next(items, None)
    if first is None:
        raise BadRequest("the text holds no puzzle")
    value = pick(first)
    if isinstance(value, InputError):
        raise BadRequest(str(value))
    if next(items, None) is not None:
        raise BadRequest("the text holds more than one puzzle; the workbench takes one at a time")
    return value


def _encoded(text: str) -> bytes:
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as e:  # a lone surrogate from a JSON "\ud800"
        raise BadRequest(f"the text is not valid Unicode at character {e.start + 1}") from None


def _grid_text(values: Any) -> str:
    return "".join(DIGIT_CHARS[v - 1] if v else "." for v in values)


def _mask_digits(mask: int, size: int) -> str:
    return "".join(DIGIT_CHARS[d] for d in range(size) if mask >> d & 1)


def _rating(found: Assessment) -> dict[str, Any] | None:
    """`rate --json`'s rating of a rated puzzle, under the workbench's names."""
    rated = found.rate_json(1)
    if "rating" not in rated:
        return None
    return {
        "er": rated["rating"],
        "ep": rated["pearl"],
        "ed": rated["diamond"],
        "level": rated["level"],
        "hardest": rated["hardest"],
        **({"se_exact": rated["se_exact"]} if "se_exact" in rated else {}),
    }


def analyse(request: Mapping[str, Any], time_limit: float | None) -> dict[str, Any]:
    """Everything the page shows of a puzzle: its layout, verdict, solution,
    true candidates, where two solutions differ (and, unless ``fix`` is
    false, a given that fixes it), the conflicting givens (shrunk to a
    minimal set unless ``shrink`` is false), and (unless ``rate`` is false)
    the rating on the scales asked for."""
    puzzle = _one_puzzle(request["puzzle"])
    deadline = Deadline(time_limit)
    n = puzzle.size
    out: dict[str, Any] = {"size": n, "givens": _grid_text(puzzle.givens), "regions": list(puzzle.region_map)}
    out.update(_rules(puzzle))
    reason = leftover_conflict(puzzle.regions, n)  # cheap, and spares CP-SAT a hard proof
    if reason is not None:
        # `explain` says the same of such a puzzle, after proving it again.
        out.update(layout=reason, verdict=Verdict.NONE.value, candidates=[""] * (n * n), conflict=[])
        return out
    shrink = SHRINK_WORK_LIMIT if request.get("shrink", True) else 0
    found = explain(puzzle, time_limit=deadline.left(), suggest=False, shrink_work_limit=shrink)
    out["layout"] = _layout(found, deadline)
    out["verdict"] = found.verdict.value
    told = found.to_json(1)
    if found.verdict is Verdict.UNIQUE:
        out["solution"] = told["solution"]
        out["candidates"] = list(told["solution"])  # the one solution's digits are all there are
        if request.get("rate", True):
            try:
                out.update(_ratings(puzzle, request, deadline))
            except Unsupported as refused:  # a rule the logic solver cannot read
                out["rating_note"] = f"not rated: {refused}"
    elif found.verdict is Verdict.MULTIPLE:
        out["differences"] = {"cells": told["differ"], "solutions": told["solutions"]}
        if request.get("candidates", True):
            try:
                masks = true_candidates(puzzle, time_limit=deadline.left())
                out["candidates"] = None if masks is None else [_mask_digits(m, n) for m in masks]
            except Undecided:
                pass
        if request.get("fix", True):
            # Last, and on `explain`'s budget of work (CP-SAT's deterministic
            # seconds, as the command's), so that the answer is the
            # command's on any machine; only the request's own time limit
            # cuts it by the clock, and then it is not exhaustive.
            fixed = explain(puzzle, time_limit=deadline.left())
            out["differences"]["fix"] = fixed.to_json(1).get("suggestion")
            out["differences"]["exhaustive"] = fixed.exhaustive
    elif found.verdict is Verdict.NONE:
        out["conflict"] = told["conflict"]
        if puzzle.rules:
            out["conflict_rules"] = told["conflict_rules"]
        out["conflict_minimal"] = found.exhaustive  # false: the shrinking's budget or time ran out
        out["candidates"] = [""] * (n * n)
    return out


SLICE = 1.0
"""Seconds of search one /api/candidates request does at most, so that the
page shows the candidates found so far and asks again for the rest."""


def candidates_answer(request: Mapping[str, Any], time_limit: float | None) -> dict[str, Any]:
    """The true candidates found within a `SLICE` of search (`count
    --candidates`' search, `ask.count.candidate_search`), whether they are
    complete, the solutions that witness them and the digits proved
    impossible (``excluded``, beyond propagation's), which the page sends
    back to go on from there: ``solutions`` after an edit too (those that
    still fit the new givens are still solutions; the others are ignored),
    ``excluded`` while the puzzle only gains givens (a digit impossible
    stays impossible), and the ``candidates`` as ``found`` for the same
    puzzle only."""
    puzzle = _one_puzzle(request["puzzle"])
    n = puzzle.size
    seeds = [_grid_of(text, n) for text in request.get("solutions") or ()]
    limit = SLICE if time_limit is None else min(SLICE, time_limit)
    excluded, known = request.get("excluded") or [], request.get("found") or []
    found = candidate_search(
        puzzle,
        seeds=[g for g in seeds if g is not None],
        excluded=[_digits_mask(cell, n) for cell in excluded] if len(excluded) == n * n else [],
        found=[_digits_mask(cell, n) for cell in known] if len(known) == n * n else [],
        time_limit=limit,
    )
    if found is None:
        return {"size": n, "candidates": [""] * (n * n), "complete": True, "solutions": [], "excluded": []}
    return {
        "size": n,
        "candidates": [_mask_digits(m, n) for m in found.masks],
        "complete": found.complete,
        "solutions": [_grid_text(g) for g in found.solutions],
        "excluded": [_mask_digits(m, n) for m in found.excluded],
    }


def _digits_mask(text: str, size: int) -> int:
    """The bitmask of the digits ``text`` names (others ignored)."""
    return sum(1 << d for d in range(size) if DIGIT_CHARS[d] in text.upper())


def _grid_of(text: str, size: int) -> tuple[int, ...] | None:
    """A completed grid from its line form (N² digit characters), or None."""
    digits = tuple(DIGIT_CHARS.find(ch.upper()) + 1 for ch in text)
    if len(digits) != size * size or not all(0 < d <= size for d in digits):
        return None
    return digits


def _rules(puzzle: Puzzle) -> dict[str, Any]:
    """A variant's rules: each one's name and kind, and the board drawing of
    them all (SVG elements placed as the page's board places cells)."""
    if not puzzle.rules:
        return {}
    n = puzzle.size
    return {
        "rules": [
            {"kind": rule.kind, "name": rule.describe(n), "cells": [_cell_name(c, n) for c in rule.cells()]}
            for rule in puzzle.rules
        ],
        "rules_svg": "\n".join(rules_svg(puzzle, lambda r, c: (MARGIN + c * CELL, MARGIN + r * CELL), CELL)),
    }


def _cell_name(cell: int, size: int) -> str:
    return f"r{cell // size + 1}c{cell % size + 1}"


def read(request: Mapping[str, Any], time_limit: float | None) -> dict[str, Any]:
    """The puzzle as the page holds it: size, givens (line form), regions,
    the setter's title, author and rules text, for a variant its rules as
    f-puzzles JSON keys (which the page sends back with the grid), their names
    and their drawing, and the solver's entered digits and pencil marks where
    the text is a position (`_solving`), `logic`'s text form included.
    ``line_rules`` say what SudokuPad lines of a colour mean, as `--line-rule`:
    once read, the rules travel as f-puzzles keys and need them no more."""
    try:
        told = tuple(line_rule(spec) for spec in request.get("line_rules") or ())
    except ValueError as e:
        raise BadRequest(f"line rule {e}") from None
    reset = LINE_RULES.set(told)
    try:
        return _read(request["puzzle"])
    finally:
        LINE_RULES.reset(reset)


def _read(text: str) -> dict[str, Any]:
    try:
        position: Position | None = _one_position(text)
    except BadRequest:
        position = None
    try:
        puzzle = _one_puzzle(text)
    except BadRequest:
        if position is None:
            raise
        puzzle = position.puzzle  # `logic`'s text form: a position, in no puzzle format
    if puzzle.region_map != puzzle.regions:
        partial = next(rule for rule in puzzle.rules if isinstance(rule, NoRegion))
        raise BadRequest(
            f"the workbench cannot edit {partial.describe(puzzle.size)} yet; use the command line"
        )
    try:
        keys = write_rules(puzzle)
    except PuzzleError as e:
        raise BadRequest(str(e)) from None
    listed = _rules(puzzle)
    for item, rule in zip(listed.get("rules", ()), puzzle.rules, strict=True):
        item["keys"] = rule_entries(rule, puzzle.size)  # what the page drops to delete it
    meta = puzzle.meta
    return {
        "size": puzzle.size,
        "givens": _grid_text(puzzle.givens),
        "regions": list(puzzle.regions),
        "rule_keys": keys,
        "title": meta.title if meta else None,
        "author": meta.author if meta else None,
        "rules_text": meta.rules if meta else None,
        **listed,
        **_solving(position, puzzle),
    }


def _solving(position: Position | None, puzzle: Puzzle) -> dict[str, Any]:
    """``digits`` (N² characters: the entered digits, ``.`` elsewhere) and
    ``marks`` (each cell's pencil marks, ``""`` where it has none) of the
    position the text holds (`hint`'s reading: f-puzzles or SudokuPad with
    entered digits and centre marks, or `logic`'s text form); nothing when it
    holds neither."""
    if position is None or position.puzzle != puzzle:
        return {}
    n = puzzle.size
    entered = [digit if not given else 0 for digit, given in zip(position.digits, puzzle.givens, strict=True)]
    marks = [_mask_digits(mask, n) for mask in position.pencil_marks()]
    if not any(entered) and not any(marks):
        return {}
    return {"digits": _grid_text(entered), "marks": marks}


def _layout(found: Explanation, deadline: Deadline) -> str:
    """ "ok", why no completed grid fits the layout, or "unknown". A puzzle
    with a solution, or whose conflict needs a given, has a fillable layout."""
    if found.verdict in (Verdict.UNIQUE, Verdict.MULTIPLE) or (found.conflict and found.exhaustive):
        return "ok"
    try:
        return _unfillable(found.puzzle, deadline) or "ok"
    except Undecided:
        return UNKNOWN


def _unfillable(puzzle: Puzzle, deadline: Deadline) -> str | None:
    """Why no completed grid fits ``puzzle``'s layout (its givens and rules
    aside), or None when one does: `layout`'s check, which raises `Undecided`
    at the deadline."""
    return check_layout_fillable(puzzle.regions, puzzle.size, time_limit=deadline.left())[1]


def _ratings(puzzle: Puzzle, request: Mapping[str, Any], deadline: Deadline) -> dict[str, Any]:
    """``rating`` on the request's scale, ``ratings`` on each of its ``scales`` (that one first):
    those rated before the time ran out (one that finished is kept when the next is cut short)."""
    scale, ratings = request.get("scale") or "default", {}
    for name in dict.fromkeys([scale, *(request.get("scales") or ())]):
        rated = _rating(assess(puzzle, time_limit=deadline.left(), scale=name, unique_only=True))
        if rated is None:
            break
        ratings[name] = rated
    out: dict[str, Any] = {"rating": ratings[scale]} if scale in ratings else {}
    return {**out, "ratings": ratings} if "scales" in request else out


def _several(puzzle: Puzzle, deadline: Deadline) -> bool:
    """Whether ``puzzle`` has several solutions (CP-SAT's verdict, quick)."""
    try:
        return classify(puzzle, time_limit=deadline.left_or_raise()).verdict is Verdict.MULTIPLE
    except Undecided:
        return False


def _several_limit(
    puzzle: Puzzle, request: Mapping[str, Any], deadline: Deadline
) -> tuple[float | None, bool]:
    """The time a hint or a path may take, and whether it is the request's
    ``several_within`` (``puzzle`` has several solutions: a grid being set)
    rather than what is left of ``deadline``."""
    within, left = request.get("several_within"), deadline.left()
    if within is None or not _several(puzzle, deadline):
        return left, False
    return (within if left is None else min(within, left)), True


def _add_givens(what: str, request: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "case": 1,
        "verdict": Verdict.MULTIPLE.value,
        "reason": f"several solutions, and no {what} found within {request['several_within']:g} s: "
        "add givens first",
    }


def hint_answer(request: Mapping[str, Any], time_limit: float | None) -> dict[str, Any]:
    """`hint --json` for the position; for a puzzle with several solutions,
    within the request's ``several_within`` seconds or a reason to add givens first."""
    position = _one_position(request["puzzle"])
    deadline = Deadline(time_limit)
    limit, several = _several_limit(position.puzzle, request, deadline)
    try:
        found = hint(position, scale=request.get("scale") or "default", time_limit=limit)
    except Undecided:
        return _add_givens("step", request) if several else {"case": 1, "verdict": UNKNOWN}
    return found.to_json(1)


def steps(request: Mapping[str, Any], time_limit: float | None) -> dict[str, Any]:
    """`logic --json` for the puzzle, and under ``page`` the case data the
    `logic --html` page draws (the workbench draws it with the same code).

    The layout is checked first (as `analyse` does): on a layout no completed
    grid fits, logic could search the whole time limit for a contradiction
    it need never reach, so the answer is the verdict and the layout's
    reason instead, in milliseconds."""
    puzzle = _one_puzzle(request["puzzle"])
    deadline = Deadline(time_limit)
    try:
        unfillable = _unfillable(puzzle, deadline)
    except Undecided:
        return {"case": 1, "verdict": UNKNOWN}
    if unfillable is not None:
        return {
            "case": 1,
            "verdict": Verdict.NONE.value,
            "layout": unfillable,
            "reason": f"the layout admits no completed grid: {unfillable}",
        }
    limit, several = _several_limit(puzzle, request, deadline)
    found = assess(puzzle, time_limit=limit, scale=request.get("scale") or "default")
    if found.logic is None:
        return _add_givens("path", request) if several else {"case": 1, "verdict": UNKNOWN}
    return {**found.logic_json(1), "page": case_data(1, found)}


def convert(request: Mapping[str, Any], time_limit: float | None) -> dict[str, Any]:
    """The puzzle in format ``to``, with its solution when the format carries one and CP-SAT
    proves it unique (as `convert` does); ``text`` None and the ``reason`` when it cannot hold it."""
    to = request["to"]
    if to not in REGISTRY:
        raise BadRequest(f"unknown format {to!r}; the formats are {', '.join(REGISTRY)}")
    puzzle = _one_puzzle(request["puzzle"])
    if REGISTRY[to].carries_solution:
        puzzle = with_proved_solution(puzzle, time_limit=time_limit)
    try:
        return {"text": write_puzzles([puzzle], to)}
    except InputError as e:  # the format cannot hold it (not bad input): no link, and why
        return {"text": None, "reason": str(e)}


def svg(request: Mapping[str, Any], time_limit: float | None) -> dict[str, Any]:
    """The puzzle drawn as `show --svg` draws a file's one puzzle: the same
    picture, its "Case 1" band included; in the page's ``colours`` when given
    (a palette index per region, regions numbered in order of their first cell)."""
    puzzle, colours = _one_puzzle(request["puzzle"]), request.get("colours")
    if colours is not None and len(colours) != puzzle.size:
        raise BadRequest(f"colours: {len(colours)} entries, but the puzzle has {puzzle.size} regions")
    return {"svg": case_svg(1, puzzle, colours=colours)}


ANSWERS: dict[str, Callable[[Mapping[str, Any], float | None], dict[str, Any]]] = {
    "analyse": analyse,
    "candidates": candidates_answer,
    "hint": hint_answer,
    "steps": steps,
    "convert": convert,
    "read": read,
    "svg": svg,
    "generate": generate_answer,
}
