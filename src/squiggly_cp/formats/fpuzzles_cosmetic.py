"""f-puzzles' cosmetic keys (``line``, ``circle``, ``rectangle``, ``text``,
``cage``), read with the puzzle's rules text (`cosmetic_rules`).

f-puzzles itself gives them no meaning: a setter draws with them and says in
the rules text what they are ("digits along green lines differ by at least
5"). They are read as SudokuPad reads its own drawing, by the same code: each
item becomes the element SudokuPad's f-puzzles converter draws for it (a
``line`` a line through the cells' centres, ``32 * width`` thick, in its
``outlineC``; a ``circle`` or ``rectangle`` a shape at the centre of its
cells, ``baseC`` filled and ``outlineC`` bordered, its ``value`` its text; a
``text`` a text there; a ``cage`` a cage with its ``value``, outlined in
black: SudokuPad's reader gives a cage no colour), which
`sudokupad_marks.elements` finds and `sudokupad_rules.meant_rules` gives a
meaning, only from a sentence (`meant_rules`' ``keyed``), and not from one
that names no colour and a kind of rule the document's keys hold (it names
those: "digits in cages sum to the total" says nothing of a cosmetic cage
beside killer cages). An item no sentence maps is refused in one line
naming it.

A ``line`` f-puzzles drew for a constraint (``fromConstraint`` or
``isNewConstraint``) over the very cells of the lines a rule key holds is
those rules' picture: the keys say its meaning. It, and a text outside the
grid that is no clue, are decoration: kept in the puzzle's `Meta`, and
written back (`decoration`; a picture only while its rule is there).
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from typing import Any

from ..core.puzzle import Grid, Puzzle, PuzzleError
from ..core.rules import Rule
from .fpuzzles_rules import RuleProblem, _entries, _place, _shown
from .sudokupad_marks import elements
from .sudokupad_rules import meant_rules
from .sudokupad_shapes import Drawn, cell_list, empty, visible_colour
from .sudokupad_text import hexed, read_text

__all__ = ["COSMETIC_KEYS", "cosmetic_rules", "decoration", "misread"]

COSMETIC_KEYS = ("line", "circle", "rectangle", "text", "cage")
"""The top-level keys of f-puzzles' drawing tools, read here."""

_PICTURE_FLAGS = ("fromConstraint", "isNewConstraint")
_LINE_UNIT = 32
"""SudokuPad's thickness of a line one cell wide, as its f-puzzles converter draws it."""

Kept = dict[str, list[Any]]
"""Cosmetic items that are decoration, by key."""


def cosmetic_rules(doc: dict[str, Any], size: int, keyed: Sequence[Rule]) -> tuple[list[Rule], Kept]:
    """The rules ``doc``'s cosmetic items draw and its ``ruleset`` names (the
    whole-grid rules it names too), beside the ``keyed`` rules its keys hold,
    and the items that are decoration; `RuleProblem` for an item that is not
    well formed, `PuzzleError` naming an item or a sentence that is refused."""
    ruleset = doc.get("ruleset")
    drawing, kept, texts = _drawing(doc, size)
    try:
        said = read_text(ruleset if isinstance(ruleset, str) else None)
        drawn = elements(drawing, size)
        for item in drawn:
            item.where = _named(item, size)
        found = meant_rules(drawn, size, said, keyed)
    except PuzzleError as e:  # SudokuPad's reader's words, said of f-puzzles' items
        raise PuzzleError(_as_fpuzzles(e.message), e.row, e.col) from None
    words = {(item.at, item.text) for item in drawn if item.element == "outside" and not item.meaning}
    for key, entry, at in texts:
        if (at, str(entry["value"]).strip()) in words:
            kept.setdefault(key, []).append(entry)
    return [rule for rule in found if rule not in keyed], kept


def misread(text_read: Puzzle, solution: Grid | None) -> str | None:
    """Why ``text_read`` (the rules its rules text gave) is a misreading: the
    first of them the ``solution`` the link carries breaks, as SudokuPad's
    reader checks its own; None if none is broken or no solution is carried."""
    broken = text_read.broken_rule(solution) if solution else None
    if broken is None:
        return None
    said = broken.describe(text_read.size)
    return f"the puzzle's solution breaks {said} as read: its rules text is misread"


def decoration(kept: str | None, doc: dict[str, Any]) -> Kept:
    """The decoration a reading kept (`cosmetic_rules`', as JSON text) that
    belongs beside the rule keys of ``doc``: a picture only where its rules still are."""
    if kept is None:
        return {}
    pictures = _pictures(doc)
    out: Kept = {}
    for key, entries in json.loads(kept).items():
        out[key] = [entry for entry in entries if key != "line" or _pictured(entry, pictures)]
    return {key: entries for key, entries in out.items() if entries}


def _named(item: Drawn, n: int) -> str:
    """``item``'s name in messages, as an f-puzzles item."""
    if item.element == "path":
        names = "-".join(cell_list([[c // n, c % n] for c in item.cells], n).split(", "))
        return f"the f-puzzles line {item.colour or 'without a colour'} through {names}"
    return _as_fpuzzles(item.where)


def _as_fpuzzles(message: str) -> str:
    """A message of SudokuPad's reader, naming the f-puzzles items it was given as overlays."""
    message = message.removeprefix("SudokuPad: ").replace(" (an overlay)", "")
    if message.startswith("the ") and not message.startswith(("the f-puzzles ", "the rules sentence ")):
        return "the f-puzzles " + message.removeprefix("the ")
    return message


def _centre(entry: dict[str, Any], size: int, where: str) -> list[float]:
    """The centre of an item's cells (0-based [y, x]), which may be just outside the grid."""
    places = [_place(name, size, where, outside=True) for name in _list(entry.get("cells"), where)]
    return [sum(r for r, _ in places) / len(places) - 0.5, sum(c for _, c in places) / len(places) - 0.5]


def _cell_of(centre: list[float]) -> tuple[int, int]:
    """The 1-based cell (row, column; 0 or N+1 outside the grid) a point is in, as SudokuPad's reader says."""
    return math.floor(centre[0]) + 1, math.floor(centre[1]) + 1


def _pictures(doc: dict[str, Any]) -> set[tuple[str, ...]]:
    """Every line a rule key's entries hold (``{lines}``: thermometers, arrows,
    whispers...), both ways round, in upper case."""
    found: set[tuple[str, ...]] = set()
    for key, value in doc.items():
        if key in COSMETIC_KEYS or not isinstance(value, list):
            continue
        for entry in value:
            lines = entry.get("lines") if isinstance(entry, dict) else None
            for line in lines if isinstance(lines, list) else []:
                if isinstance(line, list) and all(isinstance(name, str) for name in line):
                    names = tuple(name.upper() for name in line)
                    found |= {names, names[::-1]}
    return found


def _pictured(entry: dict[str, Any], pictures: set[tuple[str, ...]]) -> bool:
    """Is a (well-formed) ``line`` entry drawn for rules: flagged so, and over their lines only?"""
    flagged = any(not empty(entry.get(flag)) for flag in _PICTURE_FLAGS)
    return flagged and all(tuple(name.upper() for name in line) in pictures for line in entry["lines"])


Texts = list[tuple[str, dict[str, Any], tuple[int, int]]]
"""Items with a text: key, entry, and the cell its centre is in (`_cell_of`)."""


def _drawing(doc: dict[str, Any], size: int) -> tuple[dict[str, Any], Kept, Texts]:
    """The cosmetic items as SudokuPad's own drawing (``lines``, ``overlays``
    and ``cages``), the lines that are pictures of keyed rules, and the items with a text."""
    lines: list[dict[str, Any]] = []
    overlays: list[dict[str, Any]] = []
    cages: list[dict[str, Any]] = []
    texts: Texts = []
    kept: Kept = {}
    pictures = _pictures(doc)
    for where, entry in _entries(doc, "line", "f-puzzles line"):
        width = entry.get("width", 0)
        thickness = _LINE_UNIT * width if type(width) in (int, float) else 0
        ways = [[_place(name, size, where) for name in line] for line in _lines(entry, where)]
        if _pictured(entry, pictures):
            kept.setdefault("line", []).append(entry)
            continue
        for cells in ways:
            way = [[r - 0.5, c - 0.5] for r, c in cells]
            lines.append({"wayPoints": way, "color": entry.get("outlineC"), "thickness": thickness})
    for key, rounded in (("circle", True), ("rectangle", False)):
        for where, entry in _entries(doc, key, f"f-puzzles {key}"):
            angle = entry.get("angle", 0)
            if type(angle) in (int, float) and angle % 90:
                raise PuzzleError(f"{where}: turned by {angle} degrees, it has no meaning this tool knows")
            text, centre = entry.get("value"), _centre(entry, size, where)
            texts += [] if empty(text) else [(key, entry, _cell_of(centre))]
            shape = {"center": centre, "width": entry.get("width", 1), "height": entry.get("height", 1)}
            colours = {"backgroundColor": entry.get("baseC"), "borderColor": entry.get("outlineC")}
            overlays.append(
                {**shape, **colours, "rounded": rounded, "text": "" if empty(text) else str(text)}
            )
    for where, entry in _entries(doc, "text", "f-puzzles text"):
        if not empty(entry.get("value")):
            centre = _centre(entry, size, where)
            texts.append(("text", entry, _cell_of(centre)))
            overlays.append({"center": centre, "width": 0.25, "height": 0.25, "text": str(entry["value"])})
    for where, entry in _entries(doc, "cage", "f-puzzles cage"):
        cells = [_place(name, size, where) for name in _list(entry.get("cells"), where)]
        outline = hexed(visible_colour(entry.get("outlineC")) or "#000000")
        if outline != "#000000":  # a cage has no colour to SudokuPad's reader: this one may mean another rule
            raise PuzzleError(f"{where}: a cage drawn in {outline} has no meaning this tool knows")
        cage: dict[str, Any] = {"cells": [[r - 1, c - 1] for r, c in cells]}
        cages.append(cage if empty(entry.get("value")) else {**cage, "value": entry["value"]})
    return {"lines": lines, "overlays": overlays, "cages": cages}, kept, texts


def _lines(entry: dict[str, Any], where: str) -> list[list[Any]]:
    return [_list(line, where) for line in _list(entry.get("lines"), where)]


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list) or not value:
        raise RuleProblem(f'{where}: expected a list of cells such as ["R1C1"], found {_shown(value)}')
    return value
