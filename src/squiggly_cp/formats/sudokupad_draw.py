"""Drawing a puzzle's rules in SudokuPad's own ("CTC") JSON (`draw_rules`),
and a plain English rules text for a puzzle whose metadata has none
(`rules_text`).

Each rule is drawn from its `Rule.shapes` (`core.rules.base.Shape`), the
way setters draw it in SudokuPad and as SudokuPad's f-puzzles converter
does: killer cages as ``cages`` (cells, ``value`` and ``sum``, ``unique``),
thermometers as a grey line with a grey bulb, arrows as ``arrows`` from a
white bulb with a grey border, kropki dots as small circles between two
cells, X and V as text between them, odd cells as a grey circle and even
cells as a grey square, diagonals
as thin lines corner to corner, palindromes grey, renbans purple, German
whispers green, region-sum lines blue, between lines thin with a circle at
each end, little killers and sandwich sums as text outside the grid (a
little killer with a small arrow), extra regions, windoku's windows and
clones shaded (with a border of the fill's colour, so a reader does not
take them for a cell's colour), minimum and maximum cells shaded with
chevrons, quadruples as a white circle with the digits. The whole-grid
rules go in a metadata cage under f-puzzles' name (``antiknight: true``,
``nonconsecutive: true``, ``disjointgroups: true``, ``negative: white``),
where SudokuPad's converter puts anti-knight and anti-king. Every rule is
in the rules text too (`sudokupad_text.sentence`), and `sudokupad_rules`
reads every rule back from the drawing and that text. What a reader could
not take back is refused in one line: a two-cell arrow circle to be read
against SudokuPad's order (left to right, top to bottom), a clone's shaded
shape touching another (SudokuPad shades them alike), two kinds of clue
drawn as a bare number outside the grid (a sandwich sum and an X-sum);
lines of one kind with two meanings (whispers of two gaps) take spare
colours, each named in its own sentence (`recoloured`).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable
from typing import Any

from ..core.puzzle import Puzzle, PuzzleError
from ..core.rules import Arrow, CellMark, Clone, NoOtherDots, Rule, Shape
from ..core.rules.base import Look
from ..core.rules.registry import line_looks
from ..core.rules.sums import STEPS
from .sudokupad_rules import FLAGS
from .sudokupad_text import recolour
from .sudokupad_text import sentence as _sentence

__all__ = ["draw_rules", "rules_text"]

Element = dict[str, Any]
_GREY = "#CFCFCF"
_WHITE, _BLACK = "#FFFFFF", "#000000"
_LINES = {name: (look.colour, look.thickness) for name, look in line_looks().items()}
_BULBS = {name: look.bulb for name, look in line_looks().items()}
_SHADES = {"clone": Clone.styles[""].look.colour}  # by a shade's text; any other is grey


def _at(y: float, x: float) -> list[float]:
    """A point, rounded (no float noise such as 0.7999999 in the JSON)."""
    return [round(y, 3), round(x, 3)]


def _centre(cell: int, n: int) -> list[float]:
    return [cell // n + 0.5, cell % n + 0.5]


def _mean(cells: Iterable[int], n: int) -> list[float]:
    points = [_centre(c, n) for c in cells]
    return [sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)]


def _rect(centre: list[float], size: float, fill: str, border: str | None = None, **more: Any) -> Element:
    out: Element = {"center": centre, "width": size, "height": size, "backgroundColor": fill}
    return {**out, **({"borderColor": border} if border else {}), "rounded": False, **more}


def draw_rules(puzzle: Puzzle) -> dict[str, list[Element]]:
    """``cages``, ``lines``, ``arrows``, ``underlays`` and ``overlays`` (only those
    with something in them) drawing ``puzzle``'s rules."""
    n = puzzle.size
    out: dict[str, list[Element]] = {"cages": [], "lines": [], "arrows": [], "underlays": [], "overlays": []}
    extremes = {
        r.cell: r.style for r in puzzle.rules if isinstance(r, CellMark) and r.style in ("min", "max")
    }
    colours = recoloured(puzzle)
    _one_kind_of_number_outside(puzzle.rules, n)
    for rule in puzzle.rules:
        if isinstance(rule, Arrow) and list(rule.bulb) != sorted(rule.bulb):
            raise PuzzleError(
                f"{rule.describe(n)}: SudokuPad's circle over two cells reads left to right, top to "
                "bottom, and this arrow reads it the other way"
            )
        if isinstance(rule, Clone):
            _apart(rule, [r for r in puzzle.rules if isinstance(r, Clone)], n)
        for shape in rule.shapes(n):
            if shape.kind == "path" and rule in colours:
                shape = dataclasses.replace(shape, style=colours[rule][1])
            _draw(shape, n, out, extremes)
        flag = next((f"{key}: true" for key, known in FLAGS.items() if known == rule), None)
        if isinstance(rule, NoOtherDots):
            flag = f"negative: {rule.style}"
        out["cages"] += [{"value": flag}] if flag else []
    return {key: value for key, value in out.items() if value}


def _draw(shape: Shape, n: int, out: dict[str, list[Element]], extremes: dict[int, str]) -> None:
    kind, cells = shape.kind, shape.cells
    if kind == "cage":
        total = {"value": shape.text, "sum": int(shape.text)} if shape.text else {}
        unique = shape.style != "repeat"  # SudokuPad's flag: may digits repeat in it?
        out["cages"].append({"cells": [[c // n, c % n] for c in cells], **total, "unique": unique})
    elif kind == "path":
        _path(shape, n, out)
    elif kind == "bulb":
        _bulb(shape, n, out)
    elif kind == "dot":
        _dot(shape, n, out)
    elif kind == "mark":
        _mark(shape, n, out, extremes)
    elif kind == "diagonal":
        ends = [[0, 0], [n, n]] if shape.style == "-" else [[0, n], [n, 0]]
        out["lines"].append({"color": "#34BBE6", "thickness": 2, "wayPoints": ends})
    elif kind == "shade":
        fill = _SHADES.get(shape.text, _GREY)
        out["underlays"] += [_rect(_centre(c, n), 1, fill, fill) for c in cells]
        if shape.text == "extra":
            out["cages"].append({"cells": [[c // n, c % n] for c in cells]})
    elif kind == "clue" and shape.at is not None:
        _clue(shape, out)
    elif kind == "corner":
        text = {"text": shape.text, "fontSize": 14}
        out["overlays"].append({**_rect(_mean(cells, n), 0.7, _WHITE, _BLACK), "rounded": True, **text})


def _path(shape: Shape, n: int, out: dict[str, list[Element]]) -> None:
    points = [_centre(c, n) for c in shape.cells]
    if shape.style == "arrow":
        (y0, x0), (y1, x1) = points[0], points[1]
        dist = math.hypot(y1 - y0, x1 - x0)  # the line starts at the bulb's edge, 0.3 out
        points[0] = _at(y0 + round(3 * (y1 - y0) / dist**2) / 10, x0 + round(3 * (x1 - x0) / dist**2) / 10)
        colour, width = _LINES["arrow"]
        out["arrows"].append({"color": colour, "headLength": 0.3, "thickness": width, "wayPoints": points})
        return
    colour, thickness = _LINES.get(shape.style, (shape.style, _LINES["whispers"][1]))  # else a spare colour
    out["lines"].append({"color": colour, "thickness": thickness, "wayPoints": points})


def _apart(clone: Clone, clones: list[Clone], n: int) -> None:
    """Refuse a clone one of whose shaded shapes touches another (its copy's,
    another clone's): SudokuPad shades them alike, so none could be told apart."""
    parts = [part for other in clones for part in (other.first, other.second)]
    for mine in (clone.first, clone.second):
        near = {c + d for c in mine for d in (-n, n) if 0 <= c + d < n * n}
        near |= {c + d for c in mine for d in (-1, 1) if 0 <= c % n + d < n} | set(mine)
        if sum(1 for part in parts if near & set(part)) > 1:
            raise PuzzleError(
                f"{clone.describe(n)}: its shaded shape touches another, and SudokuPad shades them alike"
            )


def _one_kind_of_number_outside(rules: Iterable[Rule], n: int) -> None:
    """Refuse two kinds of clue drawn as a bare number outside the grid (a
    sandwich sum and an X-sum): each number would be read as either."""
    plain = {rule.kind: rule for rule in rules if rule.traits.look == Look("outside")}
    if len(plain) > 1:
        first, second = list(plain.values())[:2]
        raise PuzzleError(
            f"{first.describe(n)} and {second.describe(n)}: SudokuPad draws both as a number outside the "
            "grid, which a reader could not tell apart"
        )


_SPARE = (("red", "#FF5050"), ("orange", "#FFA040"), ("yellow", "#E8D040"))
"""Colours no declared line has, for lines of one kind that mean two things."""


def recoloured(puzzle: Puzzle) -> dict[Rule, tuple[str, str]]:
    """Lines of one kind whose sentences differ (whispers of two gaps): the
    rules after those of the kind's first sentence, each with a spare colour
    (its word, its ``#RRGGBB``), one a sentence, so the rules text tells them apart."""
    n, out = puzzle.size, {}
    first: dict[str, str] = {}
    given: dict[str, tuple[str, str]] = {}
    for rule in puzzle.rules:
        if rule.traits.look.element != "path" or not type(rule).fpuzzles_value:
            continue
        said = _sentence(rule, n)
        if first.setdefault(rule.kind, said) == said:
            continue
        if said not in given:
            if len(given) == len(_SPARE):
                raise PuzzleError(f"{rule.describe(n)}: SudokuPad has no more colours for this kind of line")
            given[said] = _SPARE[len(given)]
        out[rule] = given[said]
    return out


def _bulb(shape: Shape, n: int, out: dict[str, list[Element]]) -> None:
    colour = _LINES.get(shape.style, (_GREY, 0))[0]
    if shape.style != "arrow" and _BULBS.get(shape.style) == "first":  # a thermometer's: filled
        out["underlays"].append({**_rect(_centre(shape.cells[0], n), 0.85, colour, colour), "rounded": True})
    elif shape.style != "arrow":  # a circle at each end: white, ringed in the line's colour
        for cell in shape.cells:
            out["overlays"].append({**_rect(_centre(cell, n), 0.8, _WHITE, colour), "rounded": True})
    else:
        rows = {c // n for c in shape.cells}
        cols = {c % n for c in shape.cells}
        if len(rows) == 1 or len(cols) == 1:  # one cell, or two in a line: one rounded shape
            bulb = _rect(_mean(shape.cells, n), 0.75, _WHITE, _LINES["arrow"][0], rounded=True, thickness=5)
            out["overlays"].append({**bulb, "width": 0.75 + len(cols) - 1, "height": 0.75 + len(rows) - 1})
        else:  # two cells corner to corner: a thick grey line, white inside
            points = [_centre(c, n) for c in shape.cells]
            out["lines"].append({"color": _LINES["arrow"][0], "thickness": 35, "wayPoints": points})
            out["lines"].append({"color": _WHITE, "thickness": 25, "wayPoints": points})


def _dot(shape: Shape, n: int, out: dict[str, list[Element]]) -> None:
    centre = _mean(shape.cells, n)
    if shape.style == "text":
        out["overlays"].append(_rect(centre, 0.25, _WHITE, _WHITE, text=shape.text, fontSize=21))
        return
    fill = _BLACK if shape.style == "black" else _WHITE
    dot = {**_rect(centre, 0.3, fill, _BLACK), "rounded": True}
    if shape.text:
        dot.update(text=shape.text, color=_WHITE if shape.style == "black" else _BLACK, fontSize=12)
    out["overlays"].append(dot)


def _mark(shape: Shape, n: int, out: dict[str, list[Element]], extremes: dict[int, str]) -> None:
    cell = shape.cells[0]
    if shape.style == "circle":  # a counting circle: a ring, no fill
        out["overlays"].append({**_rect(_centre(cell, n), 0.8, "#FFFFFF00", "#7F7F7F"), "rounded": True})
        return
    if shape.style in ("odd", "even"):
        mark = _rect(_centre(cell, n), 0.7, _GREY, _GREY)
        out["underlays"].append({**mark, "rounded": shape.style == "odd"})
        return
    out["underlays"].append(_rect(_centre(cell, n), 1, "#CCCCCC"))
    drawn = len(out["lines"])
    y, x = _centre(cell, n)
    tip, base = (0.39, 0.44) if shape.style == "min" else (0.44, 0.39)  # pointing in, or out
    for dy, dx in ((-1, 0), (0, 1), (1, 0), (0, -1)):
        r, c = cell // n + dy, cell % n + dx
        if 0 <= r < n and 0 <= c < n and extremes.get(r * n + c) != shape.style:  # as the converter does
            chevron = [
                _at(y + dy * base + 0.1 * dx, x + dx * base + 0.1 * dy),
                _at(y + dy * tip, x + dx * tip),
                _at(y + dy * base - 0.1 * dx, x + dx * base - 0.1 * dy),
            ]
            out["lines"].append({"color": _BLACK, "thickness": 1, "wayPoints": chevron})
    if len(out["lines"]) == drawn:  # no chevron: a shaded cell, which a reader takes for a cell's colour
        name = "minimum" if shape.style == "min" else "maximum"
        raise PuzzleError(
            f"the {name} cell r{cell // n + 1}c{cell % n + 1}: every neighbour is a {name} cell too, and "
            "SudokuPad shows it only by chevrons towards the others"
        )


def _clue(shape: Shape, out: dict[str, list[Element]]) -> None:
    assert shape.at is not None
    y, x = shape.at[0] - 0.5, shape.at[1] - 0.5
    size = 28 if shape.style else 32
    out["overlays"].append(_rect([y, x], 0.25, _WHITE, _WHITE, text=shape.text, fontSize=size))
    if shape.style in STEPS:
        dy, dx = STEPS[shape.style]
        points = [_at(y + 0.3 * dy, x + 0.3 * dx), _at(y + 0.48 * dy, x + 0.48 * dx)]
        out["arrows"].append({"color": _BLACK, "thickness": 2, "headLength": 0.1, "wayPoints": points})


def rules_text(puzzle: Puzzle) -> str | None:
    """Plain English rules, a sentence a line: the grid's, then one for each
    kind of rule in ``puzzle`` (None for a puzzle without rules)."""
    if not puzzle.rules:
        return None
    n = puzzle.size
    lines = [f"Normal sudoku rules apply: every row, column and outlined region holds the digits 1-{n} once."]
    colours = recoloured(puzzle)
    for rule in puzzle.rules:
        sentence = _sentence(rule, n)
        if rule in colours:
            sentence = recolour(sentence, rule.traits.look.colour, colours[rule][0])
        if sentence not in lines:
            lines.append(sentence)
    return "\n".join(lines)
