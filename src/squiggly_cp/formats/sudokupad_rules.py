"""The rules drawn in SudokuPad's own ("CTC") JSON: what is read, what is
refused, what is ignored (`drawn_rules`); the metadata in cages (`meta_cage`).

SudokuPad stores pictures, not rules: a grey line is a thermometer, a
palindrome or decoration as the rules text says. So only what the picture
itself fixes is read, each in the form SudokuPad's own f-puzzles converter
(sudokutools' ``fpuzzlesdecoder.js``) gives it:

* a killer cage: a ``cages`` entry with cells and a whole-number ``value``
  or ``sum`` (the two agreeing), or with cells, no value and ``unique:
  true`` (SudokuPad's "no digit repeats here"): a cage without a sum. A
  cage with cells is refused when it has any other value, ``unique:
  false``, ``hidden``, a ``style`` but ``killer``, or f-puzzles' cosmetic
  keys (``outlineC``, ``fontC``, ``fromConstraint``); and a cage with
  neither value nor ``unique``, which is how an extra region's outline and
  a cosmetic cage look.
* a diagonal: a ``lines`` entry whose way points all lie on a main
  diagonal and which runs from one grid corner to the opposite one,
  ``[[0, 0], [N, N]]`` (``-``, ╲) or ``[[0, N], [N, 0]]`` (``+``, ╱).
* odd and even cells: an underlay centred on a cell, 0.7 wide and high,
  filled ``#CFCFCF`` (no border, or the same colour), ``rounded`` (a
  circle: odd) or not (a square: even).
* anti-knight, anti-king, non-consecutive and disjoint groups:
  ``antiknight``, ``antiking``, ``nonconsecutive``, ``disjointgroups``
  (f-puzzles' names) true in the ``metadata`` object or in a metadata cage
  (``antiknight: true``), where the converter puts the first two. A
  ``negative`` (all dots given) there is refused, as no dot is read.

Ignored, as they mark nothing: an underlay or overlay that draws nothing
(no text, no fill, no visible border), and pure colour: a shape without
text, not rounded, at least 0.95 of a cell wide and high, filled and with
no border (how SudokuPad draws a cell's colour). A border, even one of the
fill's colour, makes a shape a marking, not colour. Everything else is
refused in one line naming the element: every other line, every arrow,
any text, any other circle, square or dot (kropki dots, counting circles,
thermometer bulbs...).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable
from typing import Any

from ..core.case import excerpt
from ..core.puzzle import PuzzleError
from ..core.rules import CellMark, Diagonal, KillerCage, Rule
from ..core.rules.registry import grid_rules
from .numbers import TooLarge, whole_number

__all__ = ["FLAGS", "cell_list", "drawn_rules", "empty", "flag_rules", "items", "meta_cage", "shown"]

_META = re.compile(r"([^:\s]+):\s*(.+)")  # a metadata cage's value, "title: ..."
_MARK_SIZE = 0.7
_MARK_FILL = "#cfcfcf"
_NEAR = 0.02
_FULL = 0.95
_COSMETIC = ("outlineC", "fontC", "fromConstraint")
FLAGS: dict[str, Rule] = {
    key: rule for key, rule in grid_rules().items() if rule.traits.look.element == "whole"
}
"""Metadata keys (f-puzzles' names) that switch on a whole-grid rule when ``true``."""


def shown(value: Any) -> str:
    try:
        return excerpt(json.dumps(value, ensure_ascii=False), 30)
    except (ValueError, RecursionError):
        return type(value).__name__


def empty(value: Any) -> bool:
    return value is None or value is False or value in ([], {}, "")


def items(value: Any) -> list[Any]:  # a lone value is a list of one
    return value if isinstance(value, list) else [] if empty(value) else [value]


def _refused(what: str) -> PuzzleError:
    return PuzzleError(f"SudokuPad: {what} has no meaning this tool knows: refused")


def cell_list(points: Any, n: int) -> str:
    """``r1c1, r1c2, ...`` (four, then "and N more") of 0-based ``[row, col]`` points."""
    names: list[str] = []
    for point in items(points):
        try:
            y, x = (min(max(math.floor(v), 0), n - 1) for v in point)
        except (TypeError, ValueError, OverflowError):
            continue
        names += [f"r{y + 1}c{x + 1}"] if f"r{y + 1}c{x + 1}" not in names else []
    return ", ".join(names[:4]) + (f" and {len(names) - 4} more" if len(names) > 4 else "") or "no cell"


def meta_cage(cage: Any) -> re.Match[str] | None:
    """``key: text`` of a cage without cells (or, as in SudokuPad, with a lower-case key)."""
    value = cage.get("value") if isinstance(cage, dict) else None
    found = _META.match(value) if isinstance(value, str) else None
    lower = found is not None and re.fullmatch("[a-z]+", found.group(1)) is not None
    return found if found and (empty(cage.get("cells")) or lower) else None


def drawn_rules(doc: dict[str, Any], n: int) -> list[Rule]:
    """The rules the cages, lines, arrows, underlays and overlays of ``doc`` draw
    on an ``n``-grid; raises `PuzzleError` naming the first element it refuses."""
    rules: list[Rule] = []
    for cage in items(doc.get("cages")):
        cells = cage.get("cells") if isinstance(cage, dict) else cage
        if not empty(cells) and not meta_cage(cage):
            rules.append(_cage(cage, n))
    for line in items(doc.get("lines")):
        rules.append(_diagonal(line, n))
    for arrow in items(doc.get("arrows")):
        points = arrow.get("wayPoints") if isinstance(arrow, dict) else None
        raise _refused(f"the arrow through {cell_list(points, n)}")
    for layer in ("underlays", "overlays"):
        for item in items(doc.get(layer)):
            mark = _shape(item, layer, n)
            rules += [mark] if mark else []
    return list(dict.fromkeys(rules))


def flag_rules(flags: Iterable[tuple[str, Any]]) -> list[Rule]:
    """The whole-grid rules that metadata ``(key, value)`` pairs switch on with
    ``true`` (`FLAGS`); a negative constraint is refused, as no dot is read."""
    found: list[Rule] = []
    for key, value in flags:
        if key == "negative" and not empty(value):
            raise _refused(f"the negative constraint {shown(value)} (its dots are not read)")
        if key in FLAGS and str(value).strip().lower() == "true" and FLAGS[key] not in found:
            found.append(FLAGS[key])
    return found


def _whole(value: Any, where: str) -> int | None:
    """`whole_number`, or a `PuzzleError` for one too large (the document's
    reader makes an integer of 22 digits or more infinite)."""
    try:
        return whole_number(value)
    except TooLarge:
        raise PuzzleError(f"SudokuPad: {where}: the sum {shown(value)} is too large") from None


def _cage(cage: Any, n: int) -> Rule:
    if not isinstance(cage, dict):
        raise _refused(f"the cage {shown(cage)}")
    cells = _cage_cells(cage.get("cells"), n)
    where = f"the cage on {cell_list(cage.get('cells'), n)}"
    said = (cage.get("value"), cage.get("sum"))
    value, total = (_whole(words, where) for words in said)
    for words, number in zip(said, (value, total), strict=True):
        if not empty(words) and number is None:
            raise _refused(f"{where} with {excerpt(str(words), 20)}")
    sums = {s for s in (value, total) if s is not None}
    if len(sums) > 1:
        raise PuzzleError(f"SudokuPad: {where} gives two sums, {value} and {total}")
    style, unique = cage.get("style"), cage.get("unique")
    why = (
        "its digits may repeat" if unique is False
        else "hidden" if cage.get("hidden")
        else f"style {excerpt(str(style), 12)}" if not empty(style) and style != "killer"
        else "an f-puzzles cosmetic cage" if any(key in cage for key in _COSMETIC)
        else "no sum, and not marked unique" if not sums and unique is not True
        else ""
    )  # fmt: skip
    if why:
        raise _refused(f"{where} ({why})")
    return KillerCage(cells, sums.pop() if sums else None)


def cell_index(pair: Any, n: int, owner: str, prefix: str = "") -> int:
    """The 0-based index of a ``[row, column]`` pair of a SudokuPad list (a
    region's or a cage's, ``owner`` naming it in a message)."""
    if not (isinstance(pair, list) and len(pair) == 2 and all(type(x) is int for x in pair)):
        raise PuzzleError(f"{prefix}{owner}: a cell must be a [row, column] pair, found {shown(pair)}")
    r, c = pair
    if not (0 <= r < n and 0 <= c < n):
        raise PuzzleError(f"{prefix}{owner} has the cell {shown(pair)}, outside the {n}x{n} grid")
    return r * n + c


def _cage_cells(cells: Any, n: int) -> tuple[int, ...]:
    return tuple(cell_index(pair, n, "a cage", "SudokuPad: ") for pair in items(cells))


def _points(value: Any) -> list[tuple[float, float]] | None:
    """``[[y, x], ...]`` as number pairs, or None if it is not one."""
    points = []
    for point in items(value):
        if not (isinstance(point, list) and len(point) == 2):
            return None
        if not all(type(v) in (int, float) and math.isfinite(v) for v in point):
            return None
        points.append((float(point[0]), float(point[1])))
    return points


def _diagonal(line: Any, n: int) -> Rule:
    points = _points(line.get("wayPoints")) if isinstance(line, dict) else None
    if points and len(points) >= 2:
        ends = {points[0], points[-1]}
        if ends == {(0.0, 0.0), (n, n)} and all(abs(y - x) < 1e-6 for y, x in points):
            return Diagonal("-")
        if ends == {(0.0, n), (n, 0.0)} and all(abs(y + x - n) < 1e-6 for y, x in points):
            return Diagonal("+")
    where = cell_list(line.get("wayPoints") if isinstance(line, dict) else None, n)
    raise _refused(f"the line through {where}")


def _colour(value: Any) -> str | None:
    """A visible colour, lower case; None for none or a transparent one."""
    if not isinstance(value, str):
        return None
    text = value.strip().lower()
    transparent = re.fullmatch(r"#(?:[0-9a-f]{3}0|[0-9a-f]{6}00)|rgba\(.*,\s*0(?:\.0*)?\s*\)", text)
    return None if text in ("", "none", "transparent") or transparent else text


def _shape(item: Any, layer: str, n: int) -> Rule | None:
    """An odd or even cell, None for colour or nothing, else refused."""
    kind = f"(an {layer[:-1]})"
    if not isinstance(item, dict):
        raise _refused(f"the element {shown(item)} {kind}")
    centre = _points([item.get("center")])
    text = item.get("text")
    if not empty(text) and str(text).strip():
        where = _place(centre[0], n) if centre else "somewhere"
        raise _refused(f"the text {excerpt(str(text), 20)} {where} {kind}")
    fill, border = _colour(item.get("backgroundColor")), _colour(item.get("borderColor"))
    if fill is None and border is None:
        return None  # draws nothing
    size = [item.get("width", 1), item.get("height", 1)]
    if not centre or not all(type(v) in (int, float) for v in size):
        raise _refused(f"a shape with no place or size {shown(item.get('center'))} {kind}")
    (y, x), (width, height) = centre[0], size
    rounded = bool(item.get("rounded"))
    if not rounded and border is None and min(width, height) >= _FULL:
        return None  # a cell's colour
    on_cell = all(abs(v % 1 - 0.5) < _NEAR for v in (y, x)) and 0 < y < n and 0 < x < n
    mark = all(abs(v - _MARK_SIZE) < _NEAR for v in (width, height)) and fill == _MARK_FILL
    if layer == "underlays" and on_cell and mark and border in (None, fill):
        return CellMark("odd" if rounded else "even", math.floor(y) * n + math.floor(x))
    shape = "circle" if rounded else "square" if abs(width - height) < _NEAR else "rectangle"
    raise _refused(f"the {shape} {_place((y, x), n)} {kind}")


def _place(point: tuple[float, float], n: int) -> str:
    """``at r3c4`` (a cell's centre), ``between r1c1 and r1c2`` (an edge's middle), else ``by r3c4``."""
    y, x = point
    half = [abs(v % 1 - 0.5) < _NEAR for v in (y, x)]
    whole = [abs(v - round(v)) < _NEAR for v in (y, x)]
    if all(half):
        return f"at {cell_list([[y, x]], n)}"
    if half[0] and whole[1]:
        return f"between {cell_list([[y, x - 1]], n)} and {cell_list([[y, x]], n)}"
    if whole[0] and half[1]:
        return f"between {cell_list([[y - 1, x]], n)} and {cell_list([[y, x]], n)}"
    return f"by {cell_list([[y, x]], n)}"
