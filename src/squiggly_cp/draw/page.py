"""`logic --html`: one self-contained page to step through the logic of many puzzles.

The page (``page_template.html``: inline SVG, CSS and JavaScript; no request
leaves it; the board is drawn by ``board.js``, which the `serve` workbench
inlines too) draws each puzzle as `render.render_svg` does, tinted regions and
heavy walls, with its digits and candidates, and the step about to be taken
on top: placements on a disc, eliminations crossed out, the step's houses
hatched (a fish's base and cover in two patterns), innies and outies, and
chains as arrows (strong links solid, weak ones dashed).

Its contract, which the browser tests drive: for a puzzle of n steps there
are positions 0..n; position k shows the grid after steps 1..k and draws
step k+1 (position n, the end, draws none). Every cell is an element with
``data-cell="rRcC"``, ``data-value`` (its digit or empty) and
``data-candidates`` (ascending, empty when it has a digit); the drawn step's
cells also carry ``data-placed`` and ``data-eliminated``. ``[data-role=
step-index]`` holds k, ``[data-role=step-text]`` the drawn step's text;
buttons ``[data-role=first|prev|next|last]`` and the arrow keys move; a list
item ``[data-step=k]`` jumps to position k; ``select[data-role=case]`` picks
the puzzle (its values are the case numbers). Each case has an
``<a data-role="sudokupad" data-case="k">`` link that opens it in SudokuPad
(with CP-SAT's solution when it is unique, so SudokuPad checks the grid),
shown while its case is.

The positions are worked out here, by the same `logic.State` the solver
uses, so the page and `logic --json` cannot disagree.
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterable
from functools import cache
from importlib import resources
from typing import Any

from ..core.case import InputError
from ..core.puzzle import DIGIT_CHARS, Grid, Meta, Puzzle, Verdict
from ..engines.registry import classify
from ..formats.sudokupad import sudokupad_link
from ..logic.assess import Assessment
from ..logic.state import State
from ..logic.step import Step
from .render import CELL, MARGIN, board_svg

Entry = tuple[int, Assessment | InputError]
"""A case number and what `assess` found, or why the case could not be read."""


def logic_page(entries: Iterable[Entry]) -> str:
    """The page for these cases, in the order given."""
    return page_top() + "".join(case_piece(number, found) for number, found in entries) + page_end()


# The page in three parts, so that a writer can hold one case at a time and
# the page's cost does not grow with the input: the top, one piece per case
# (its data and its SudokuPad link), the end.


def page_top() -> str:
    return _template()[0]


def case_piece(number: int, found: Assessment | InputError) -> str:
    return _case_piece(case_data(number, found))


def page_end() -> str:
    return _template()[1].replace("__DATA__", script_json({"cell": CELL, "margin": MARGIN}))


@cache
def board_script() -> str:
    """``board.js``: the board drawing (`squigglyBoard`) that this page and the
    `serve` workbench share, inlined into each."""
    return resources.files(__package__).joinpath("board.js").read_text(encoding="utf-8")


@cache
def _template() -> tuple[str, str]:
    template = resources.files(__package__).joinpath("page_template.html").read_text(encoding="utf-8")
    top, end = template.replace("/*__BOARD_JS__*/", board_script()).split("__CASES__")
    return top, end


def script_json(value: Any) -> str:
    """``value`` as compact JSON safe inside a ``<script>`` element (both
    pages embed their data so)."""
    # Inside <script>, "</script" or "<!--" in a string would change how the
    # page parses: "<" only ever stands inside a JSON string, where \u003c is the same.
    return json.dumps(value, separators=(",", ":")).replace("<", "\\u003c")


def _case_piece(case: dict[str, Any]) -> str:
    """One case's data, and its "Open in SudokuPad" link (shown while the case is)."""
    data = script_json(case)
    piece = f'<script type="application/json" data-role="case-data">{data}</script>'
    if "link" in case:
        number = case["case"]
        piece += (
            f'<a data-role="sudokupad" data-case="{number}" href="{html.escape(case["link"])}" '
            f'target="_blank" rel="noopener" hidden>Open case {number} in SudokuPad</a>'
        )
    return piece + "\n"


def case_data(number: int, found: Assessment | InputError) -> dict[str, Any]:
    """What the page draws of one case (and the workbench's steps view, `web.answers.steps`)."""
    if isinstance(found, InputError):
        return {"case": number, "error": found.message}
    puzzle = found.puzzle
    if found.logic is None:
        return {"case": number, "error": "the time limit ran out before the puzzle was decided"}
    steps = found.logic.steps
    n = puzzle.size
    return {
        "case": number,
        "link": sudokupad_link(puzzle.with_meta(Meta(solution=_solution(found)))),
        "size": n,
        "regions": list(puzzle.region_map),  # -1: a cell in no region
        "houses": [list(house) for house in puzzle.layout.houses],
        "givens": list(puzzle.givens),
        "background": board_svg(puzzle),
        "headline": found.headline(),
        "counts": found.rate_text(number).split(": ", 1)[1].strip() if found.rated else "",
        "ending": found.ending(),
        "steps": [_step(step, n) for step in steps],
        "positions": _positions(puzzle, steps),
    }


def _solution(found: Assessment) -> Grid | None:
    """The solution of a puzzle CP-SAT proved unique: where logic got to when
    it finished (a full grid of a unique puzzle is its solution), else CP-SAT's."""
    if found.verdict is not Verdict.UNIQUE or found.logic is None:
        return None
    if found.logic.solved:
        return found.logic.position.digits
    return classify(found.puzzle).solution


def _step(step: Step, n: int) -> dict[str, Any]:
    return {
        "technique": step.technique,
        "difficulty": round(step.difficulty, 1),
        "text": step.text,
        "placements": [[c, d] for c, d in step.placements],
        "eliminations": [[c, d] for c, d in step.eliminations],
        "houses": list(step.houses),
        "cells": list(step.cells),
        "links": [list(link) for link in step.links],
        "roles": [{"role": name, kind: list(items)} for name, kind, items in step.roles],
    }


def _positions(puzzle: Puzzle, steps: list[Step]) -> list[dict[str, str]]:
    """Every position of the path: digits (one character a cell) and
    candidate masks (hex, a fixed width a cell)."""
    state = State.start(puzzle)
    out = [_position(state)]
    for step in steps:
        state.apply(step.placements, step.eliminations)
        out.append(_position(state))
    return out


def _position(state: State) -> dict[str, str]:
    n = state.layout.size
    width = (n + 3) // 4
    digits = "".join(DIGIT_CHARS[v - 1] if v else "." for v in state.values)
    masks = "".join(f"{0 if v else m:0{width}x}" for m, v in zip(state.cands, state.values, strict=True))
    return {"d": digits, "c": masks}
