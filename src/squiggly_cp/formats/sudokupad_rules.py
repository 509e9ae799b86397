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

import dataclasses
import itertools
import json
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..core.case import excerpt
from ..core.puzzle import PuzzleError
from ..core.rules import Rule
from ..core.rules.base import Look, Style
from ..core.rules.houses import windows
from ..core.rules.registry import RULES, grid_rules
from .fpuzzles_rules import NEGATIVES as FPUZZLES_NEGATIVES
from .fpuzzles_rules import RuleProblem, read_rules
from .sudokupad_text import Said, colour_name, read_text, sentence, styles

__all__ = ["FLAGS", "cell_list", "drawn_rules", "empty", "flag_rules", "items", "meta_cage", "shown"]

_META = re.compile(r"([^:\s]+):\s*(.+)")  # a metadata cage's value, "title: ..."
_MARK_SIZE = 0.7
_MARK_FILL = "#cfcfcf"
_NEAR = 0.02
_FULL = 0.95
_COSMETIC = ("outlineC", "fontC", "fromConstraint")
NEGATIVES: dict[str, Rule] = {
    key: kind(key)  # type: ignore[call-arg]  # such a rule is built from its style alone
    for kind in RULES.values()
    for key, style in kind.styles.items()
    if style.look.element == "whole" and style.fpuzzles == "negative"
}
"""The negative constraints (all dots of a kind given) by our writer's metadata name."""
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


def flag_rules(flags: Iterable[tuple[str, Any]]) -> list[Rule]:
    """The whole-grid rules that metadata ``(key, value)`` pairs switch on with
    ``true`` (`FLAGS`), and ``negative`` naming a kind of dot (``white``,
    ``black``, ``xv``, as our writer puts it) whose every instance is drawn."""
    found: list[Rule] = []
    for key, value in flags:
        if key == "negative" and not empty(value):
            names = [str(v).strip().lower() for v in items(value)]
            names = [FPUZZLES_NEGATIVES.get(name, name) for name in names]  # f-puzzles' names too
            if not all(name in NEGATIVES for name in names):
                raise _refused(f"the negative constraint {shown(value)}")
            found += [NEGATIVES[name] for name in names if NEGATIVES[name] not in found]
        if key in FLAGS and str(value).strip().lower() == "true" and FLAGS[key] not in found:
            found.append(FLAGS[key])
    return found


def _whole(value: Any) -> int | None:
    if type(value) is int:
        return value
    if isinstance(value, str) and re.fullmatch(r"\s*[0-9]{1,4}\s*", value):
        return int(value)
    return None


def _cage(cage: Any, n: int) -> Drawn:
    """A killer cage, or an outline (no sum, not marked unique: an extra region's, if shaded)."""
    if not isinstance(cage, dict):
        raise _refused(f"the cage {shown(cage)}")
    cells = _cage_cells(cage.get("cells"), n)
    where = f"the cage on {cell_list(cage.get('cells'), n)}"
    value, total = cage.get("value"), cage.get("sum")
    for said in (value, total):
        if not empty(said) and _whole(said) is None:
            raise _refused(f"{where} with {excerpt(str(said), 20)}")
    sums = {s for s in (_whole(value), _whole(total)) if s is not None}
    if len(sums) > 1:
        raise PuzzleError(f"SudokuPad: {where} gives two sums, {_whole(value)} and {_whole(total)}")
    style, unique = cage.get("style"), cage.get("unique")
    why = (
        "its digits may repeat" if unique is False
        else "hidden" if cage.get("hidden")
        else f"style {excerpt(str(style), 12)}" if not empty(style) and style != "killer"
        else "an f-puzzles cosmetic cage" if any(key in cage for key in _COSMETIC)
        else ""
    )  # fmt: skip
    if why:
        raise _refused(f"{where} ({why})")
    if not sums and unique is not True:
        return Drawn("outline", cells, where=f"{where} (no sum, and not marked unique)")
    return Drawn("cage", cells, text=str(sums.pop()) if sums else "", where=where)


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


def _colour(value: Any) -> str | None:
    """A visible colour, lower case; None for none or a transparent one."""
    if not isinstance(value, str):
        return None
    text = value.strip().lower()
    transparent = re.fullmatch(r"#(?:[0-9a-f]{3}0|[0-9a-f]{6}00)|rgba\(.*,\s*0(?:\.0*)?\s*\)", text)
    return None if text in ("", "none", "transparent") or transparent else text


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


# Reading the drawing ----------------------------------------------------------------------------


@dataclass
class Drawn:
    """One drawn thing that may be a rule, in the terms of a `Look`:
    ``element`` (``path``, ``arrow``, ``edge``, ``cell``, ``outside``,
    ``corner``, ``shade``, ``cage``, ``diagonal``; ``outline``: a cage
    without a sum), its ``cells`` in order, ``colour`` (``#rrggbb``, lower
    case), ``thickness``, ``bulb``, ``shape``, ``text``; ``at`` an outside
    clue's place (1-based, a row or column 0 or N+1), ``direction`` its
    arrow's, ``bulbs`` an arrow's circle; ``where`` its name in messages."""

    element: str
    cells: tuple[int, ...] = ()
    colour: str = ""
    thickness: float = 0.0
    bulb: str = ""
    shape: str = ""
    text: str = ""
    at: tuple[int, int] | None = None
    direction: str = ""
    bulbs: tuple[int, ...] = ()
    copy: tuple[int, ...] = ()
    where: str = ""
    meaning: list[tuple[str, str, Said | None]] = field(default_factory=list)


def _hex(colour: str | None) -> str:
    """A colour as ``#rrggbb`` lower case where it is one (``#rgb`` widened), else as given."""
    text = (colour or "").strip().lower()
    if re.fullmatch(r"#[0-9a-f]{3}", text):
        return "#" + "".join(ch * 2 for ch in text[1:])
    return text[:7] if re.fullmatch(r"#[0-9a-f]{8}", text) else text


def _looks(style: Style) -> tuple[Look, ...]:
    return (style.look, *style.also)


def fits(drawn: Drawn, look: Look) -> bool:
    """Is ``drawn`` in ``look`` (a declared style's, or one SudokuPad draws it in)?"""
    if drawn.element != look.element:
        return False
    same = _hex(look.colour) == drawn.colour
    if drawn.element in ("path", "arrow"):
        return same and abs(drawn.thickness - look.thickness) <= 1 and drawn.bulb == look.bulb
    if drawn.element == "edge":
        text = drawn.shape == "text" and drawn.text.upper() == look.text
        return text if look.shape == "text" else drawn.shape == look.shape and same
    if drawn.element == "cell":
        return drawn.shape == look.shape and same and drawn.text == look.text
    if drawn.element in ("outside", "corner"):
        return drawn.shape == look.shape
    if drawn.element == "shade":
        return same and drawn.shape == look.shape
    if drawn.element == "diagonal":
        return drawn.text == look.text
    return drawn.element == "cage"


_STYLES = styles()
_ANCHORED = ("path", "arrow", "edge", "cell", "outside", "corner", "shade", "cage", "diagonal")
"""The elements a sentence can point at in the drawing (the others: whole-grid rules, regions)."""


def drawn_rules(doc: dict[str, Any], n: int, text: str | None = None) -> list[Rule]:
    """The rules the cages, lines, arrows, underlays and overlays of ``doc`` draw
    on an ``n``-grid, each given its meaning by the rules ``text`` where it
    says one, else by the one declared style it is drawn in; raises
    `PuzzleError` naming the first element or sentence it refuses."""
    said = read_text(text)
    drawn = _elements(doc, n)
    for item in drawn:
        _give_meaning(item, said, n)
    _check_sentences(said, drawn)
    rules: list[Rule] = []
    for kind, key in dict.fromkeys((s.kind, s.key) for s in said):
        style = RULES[kind].styles[key]
        if style.look.element == "whole":
            whole: Any = RULES[kind]
            rules.append(whole(key) if key else whole())
    return list(dict.fromkeys([*_built(drawn, n), *rules]))


Meaning = tuple[str, str, Said | None]
"""A style (kind, key) and the sentence that gives it, if one does."""


def _give_meaning(item: Drawn, said: list[Said], n: int) -> None:
    """Which style ``item`` is: one it is drawn in that a sentence names, else
    what a sentence naming its colour says, else the one style it is drawn in."""
    if item.element == "outline":
        raise _refused(item.where)
    colour = colour_name(item.colour) if item.colour else None
    same = [s for s in said if RULES[s.kind].styles[s.key].look.element == item.element]
    looking = _candidates(item)
    fitting = {(k, key) for k, key, _ in looking}
    confirmed: list[Meaning] = [
        (s.kind, s.key, s) for s in same if (s.kind, s.key) in fitting and s.colour in (None, colour)
    ]
    coloured: list[Meaning] = [
        (s.kind, s.key, s) for s in same if s.colour is not None and s.colour == colour
    ]
    options = confirmed or coloured or looking
    if not options:
        if item.element == "outside" and not (item.text.isdigit() and _beside(item.at, n)):
            return  # a word outside the grid, or a number by no row or column: decoration
        raise _refused(item.where)
    item.meaning = [_one(item, options)]


def _candidates(item: Drawn) -> list[Meaning]:
    return [(k, key, None) for k, key, style in _STYLES if any(fits(item, look) for look in _looks(style))]


def _one(item: Drawn, options: list[Meaning]) -> Meaning:
    kinds = list(dict.fromkeys((k, key) for k, key, _ in options))
    if len(kinds) > 1:
        names = " or ".join(RULES[k].styles[key].label for k, key in kinds[:3])
        raise PuzzleError(f"SudokuPad: {item.where} could be a {names}: the rules text does not say which")
    values = {s.value for _, _, s in options if s is not None and s.value is not None}
    if len(values) > 1:
        raise PuzzleError(f"SudokuPad: {item.where} is given two meanings by the rules text")
    return next((o for o in options if o[2] is not None), options[0])


def _beside(at: tuple[int, int] | None, n: int) -> bool:
    if at is None:
        return False
    r, c = at
    return (r in (0, n + 1) and 1 <= c <= n) or (c in (0, n + 1) and 1 <= r <= n)


def _check_sentences(said: list[Said], drawn: list[Drawn]) -> None:
    """Each sentence naming a drawn rule by a colour finds something drawn so."""
    used = {id(s) for item in drawn for _, _, s in item.meaning if s is not None}
    meant = {(k, key) for item in drawn for k, key, _ in item.meaning}
    by_sentence: dict[str, list[Said]] = {}
    for s in said:
        by_sentence.setdefault(s.sentence, []).append(s)
    for group in by_sentence.values():
        anchored = [s for s in group if RULES[s.kind].styles[s.key].look.element in _ANCHORED]
        if not anchored or len(anchored) < len(group):
            continue
        if any(id(s) in used or (s.colour is None and (s.kind, s.key) in meant) for s in anchored):
            continue
        raise PuzzleError(f"SudokuPad: {anchored[0].where()} names nothing drawn in the puzzle")


def _built(drawn: list[Drawn], n: int) -> list[Rule]:
    """The rules of the meant elements, through their f-puzzles entries (`read_rules`)."""
    doc: dict[str, Any] = {}
    for item in drawn:
        for kind, key, said in item.meaning:
            style = RULES[kind].styles[key]
            entry = _entry(item, style, kind, said, n)
            if entry is True:
                doc[style.fpuzzles] = True
            elif entry is not None:
                doc.setdefault(style.fpuzzles, []).append(entry)
    try:
        return [_plain(rule, n) for rule in read_rules(doc, n, shared=False)]
    except RuleProblem as e:
        raise PuzzleError(f"SudokuPad: {e}") from None


def _plain(rule: Rule, n: int) -> Rule:
    """``rule`` without the value a sentence gave it where that is its default
    (a whisper's gap of 5 on a 9x9): the rule our writer wrote."""
    name = type(rule).fpuzzles_value
    if name and getattr(rule, name) is not None:
        default = dataclasses.replace(rule, **{name: None})  # type: ignore[type-var]
        return default if sentence(default, n) == sentence(rule, n) else rule
    return rule


def _name(cell: int, n: int) -> str:
    return f"R{cell // n + 1}C{cell % n + 1}"


def _entry(item: Drawn, style: Style, kind: str, said: Said | None, n: int) -> Any:
    """``item`` as the f-puzzles entry of ``style`` (None: a rule of the grid, built apart)."""
    names = [_name(c, n) for c in item.cells]
    element = style.look.element
    if element == "path":
        field_name = RULES[kind].fpuzzles_value
        value = {"value": said.value} if field_name and said is not None and said.value is not None else {}
        return {"lines": [names], **value}
    if element == "arrow":
        return {"cells": [_name(c, n) for c in item.bulbs], "lines": [names]}
    if element == "edge":
        if style.look.shape == "text":
            return {"cells": names, "value": style.look.text}
        return {"cells": names, **({"value": item.text} if item.text else {})}
    if element == "cell":
        return {"cell": names[0]}
    if element == "outside":
        assert item.at is not None
        cell = f"R{item.at[0]}C{item.at[1]}"
        return {"cell": cell, "value": item.text, **({"direction": item.direction} if item.direction else {})}
    if element == "corner":
        return {"cells": names, "values": [int(d) for d in re.findall(r"\d+", item.text)]}
    if element == "shade":
        if item.copy:  # a clone: a shape and its copy
            return {"cells": names, "cloneCells": [_name(c, n) for c in item.copy]}
        return {"cells": names}
    if element == "cage":
        return {"cells": names, **({"value": item.text} if item.text else {})}
    if element == "diagonal":
        return True
    return None


# The elements of the drawing ------------------------------------------------------------------


def _cell_at(y: float, x: float, n: int) -> int | None:
    """The cell whose centre ``(y, x)`` is, else None."""
    if all(abs(v % 1 - 0.5) < _NEAR for v in (y, x)) and 0 < y < n and 0 < x < n:
        return math.floor(y) * n + math.floor(x)
    return None


def _nearest(y: float, x: float, n: int, reach: float) -> int | None:
    """The cell whose centre is within ``reach`` of ``(y, x)``, else None."""
    r, c = min(max(math.floor(y), 0), n - 1), min(max(math.floor(x), 0), n - 1)
    if math.hypot(y - r - 0.5, x - c - 0.5) <= reach + _NEAR:
        return r * n + c
    return None


def _path_cells(points: list[tuple[float, float]], n: int, ends: float) -> tuple[int, ...] | None:
    """The cells a line through ``points`` passes, corner to corner or side to
    side (a straight run may skip its middle points); its two ends may stop
    ``ends`` short of their cells' centres. None if it is not such a line."""
    if len(points) < 2:
        return None
    first, last = _nearest(*points[0], n, ends), _nearest(*points[-1], n, ends)
    inner = [_cell_at(y, x, n) for y, x in points[1:-1]]
    if first is None or last is None or None in inner:
        return None
    stops = [first, *[c for c in inner if c is not None], last]
    cells = [stops[0]]
    for a, b in itertools.pairwise(stops):
        (ra, ca), (rb, cb) = divmod(a, n), divmod(b, n)
        steps = max(abs(rb - ra), abs(cb - ca))
        if steps and (abs(rb - ra) not in (0, steps) or abs(cb - ca) not in (0, steps)):
            return None
        cells += [
            (ra + (rb - ra) * k // steps) * n + ca + (cb - ca) * k // steps for k in range(1, steps + 1)
        ]
    return tuple(c for k, c in enumerate(cells) if k == 0 or c != cells[k - 1])


def _diagonal_line(points: list[tuple[float, float]], n: int) -> str:
    """``-`` or ``+`` for a line corner to corner of the grid along a main diagonal, else ``""``."""
    ends = {points[0], points[-1]} if len(points) >= 2 else set()
    if ends == {(0.0, 0.0), (n, n)} and all(abs(y - x) < 1e-6 for y, x in points):
        return "-"
    if ends == {(0.0, n), (n, 0.0)} and all(abs(y + x - n) < 1e-6 for y, x in points):
        return "+"
    return ""


@dataclass
class _Shape:
    """An underlay or overlay, read."""

    y: float
    x: float
    width: float
    height: float
    fill: str | None
    border: str | None
    rounded: bool
    text: str
    layer: str
    used: bool = False
    cells: tuple[int, ...] = ()

    def kind(self) -> str:
        if self.rounded:
            return "circle"
        return "square" if abs(self.width - self.height) < _NEAR else "rectangle"


def _shapes(doc: dict[str, Any]) -> list[_Shape]:
    out = []
    for layer in ("underlays", "overlays"):
        kind = f"(an {layer[:-1]})"
        for item in items(doc.get(layer)):
            if not isinstance(item, dict):
                raise _refused(f"the element {shown(item)} {kind}")
            text = item.get("text")
            text = "" if empty(text) else str(text).strip()
            fill, border = _colour(item.get("backgroundColor")), _colour(item.get("borderColor"))
            if fill is None and border is None and not text:
                continue  # draws nothing
            centre = _points([item.get("center")])
            size = [item.get("width", 1), item.get("height", 1)]
            if not centre or not all(type(v) in (int, float) for v in size):
                raise _refused(f"a shape with no place or size {shown(item.get('center'))} {kind}")
            (y, x), (width, height) = centre[0], size
            out.append(_Shape(y, x, width, height, fill, border, bool(item.get("rounded")), text, layer))
    return out


def _elements(doc: dict[str, Any], n: int) -> list[Drawn]:
    """Everything drawn that may be a rule, as `Drawn` things (cell colours and
    shapes that draw nothing left out; what is no such thing refused)."""
    drawn: list[Drawn] = []
    outlines: list[Drawn] = []
    for cage in items(doc.get("cages")):
        cells = cage.get("cells") if isinstance(cage, dict) else cage
        if not empty(cells) and not meta_cage(cage):
            found = _cage(cage, n)
            (outlines if found.element == "outline" else drawn).append(found)
    shapes = _shapes(doc)
    arrows, markers = _arrows(doc, n)
    lines = _lines(doc, n, shapes, drawn)
    drawn += [_arrow(arrow, points, shapes, n) for arrow, points in arrows]
    for line in lines:
        if line.element == "path":
            _line_bulbs(line, shapes, n)
    drawn += lines
    drawn += _marks(shapes, markers, n)
    drawn += _shades(shapes, outlines, n)
    left = next((s for s in shapes if not s.used), None)
    if left is not None:
        shape = left.kind() if not left.text else f"text {excerpt(left.text, 20)}"
        raise _refused(f"the {shape} {_place((left.y, left.x), n)} (an {left.layer[:-1]})")
    return drawn


def _lines(doc: dict[str, Any], n: int, shapes: list[_Shape], drawn: list[Drawn]) -> list[Drawn]:
    """The lines: diagonals, a min or max cell's chevrons (read with the cell's
    shade), an arrow's circle over two cells corner to corner (a thick line
    under a white one, added to ``shapes``), and lines through cells."""
    out: list[Drawn] = []
    lines = items(doc.get("lines"))
    chevrons: dict[int, list[float]] = {}
    skip = -1
    for k, line in enumerate(lines):
        if k == skip:
            continue
        points = _points(line.get("wayPoints")) if isinstance(line, dict) else None
        where = f"the line through {cell_list(line.get('wayPoints') if isinstance(line, dict) else None, n)}"
        if not points or not isinstance(line, dict):
            raise _refused(where)
        colour, width = _hex(_colour(line.get("color"))), line.get("thickness", 0)
        width = float(width) if type(width) in (int, float) else 0.0
        diagonal = _diagonal_line(points, n)
        if diagonal:
            out.append(Drawn("diagonal", colour=colour, thickness=width, text=diagonal, where=where))
            continue
        small = len(points) == 3 and max(math.dist(points[0], p) for p in points) < 0.35
        if small and width <= 1.5 and (cell := _nearest(*points[1], n, 0.5)) is not None:
            r, c = divmod(cell, n)  # a chevron: its tip's distance from the cell's centre
            chevrons.setdefault(cell, []).append(math.hypot(points[1][0] - r - 0.5, points[1][1] - c - 0.5))
            continue
        cells = _path_cells(points, n, 0.45)
        if cells is None:
            raise _refused(where)
        later = lines[k + 1] if k + 1 < len(lines) else None
        twin = isinstance(later, dict) and later.get("wayPoints") == line.get("wayPoints")
        white = twin and _hex(_colour(later.get("color") if isinstance(later, dict) else None)) == "#ffffff"
        if width >= 30 and len(cells) == 2 and white:
            y, x = (sum(v) / 2 + 0.5 for v in zip(*(divmod(c, n) for c in cells), strict=True))
            shapes.append(_Shape(y, x, 0.75, 0.75, "#ffffff", colour, True, "", "lines", cells=cells))
            skip = k + 1
            continue
        out.append(Drawn("path", cells, colour, width, where=where))
    for cell, tips in chevrons.items():
        out.append(_extreme(cell, tips, shapes, n))
    return out


def _extreme(cell: int, tips: list[float], shapes: list[_Shape], n: int) -> Drawn:
    """A cell with chevrons: pointing ``in`` (their tips nearer its centre) or ``out``, on its shade."""
    r, c = divmod(cell, n)
    under = [s for s in shapes if not s.rounded and not s.text and min(s.width, s.height) >= _FULL
             and _cell_at(s.y, s.x, n) == cell]  # fmt: skip
    for s in under:
        s.used = True
    colour = _hex(under[0].fill) if under else ""
    way = "in" if sum(tips) / len(tips) < 0.415 else "out"
    return Drawn(
        "cell", (cell,), colour, shape="chevrons", text=way, where=f"the chevrons at r{r + 1}c{c + 1}"
    )


def _circle_cells(shape: _Shape, n: int) -> tuple[int, ...]:
    """The cells a circle covers (one, or two side by side: 0.75 wide, and a cell more)."""
    if shape.cells:
        return shape.cells
    rows, cols = round(shape.height - 0.75), round(shape.width - 0.75)
    if rows < 0 or cols < 0 or rows + cols > 1:
        return ()
    found = [
        _cell_at(shape.y + dy, shape.x + dx, n)
        for dy in (-rows / 2, rows / 2)
        for dx in (-cols / 2, cols / 2)
    ]
    return tuple(sorted({c for c in found if c is not None})) if None not in found else ()


def _arrows(
    doc: dict[str, Any], n: int
) -> tuple[list[tuple[Any, list[tuple[float, float]]]], dict[tuple[int, int], str]]:
    """The arrows through cells, and the small arrows by a little killer's
    clue: its direction by the clue's place (1-based, a row or column 0 or N+1)."""
    arrows, markers = [], {}
    for arrow in items(doc.get("arrows")):
        way = arrow.get("wayPoints") if isinstance(arrow, dict) else None
        points = _points(way)
        if not points or len(points) < 2:
            raise _refused(f"the arrow through {cell_list(way, n)}")
        (y0, x0), (y1, x1) = points[0], points[-1]
        if (
            len(points) == 2
            and math.hypot(y1 - y0, x1 - x0) < 0.35
            and abs(abs(y1 - y0) - abs(x1 - x0)) < _NEAR
        ):
            dy, dx = (1 if v > 0 else -1 for v in (y1 - y0, x1 - x0))
            y, x = y0 - 0.3 * dy, x0 - 0.3 * dx  # the clue's centre
            markers[(math.floor(y) + 1, math.floor(x) + 1)] = ("D" if dy > 0 else "U") + (
                "R" if dx > 0 else "L"
            )
            continue
        arrows.append((arrow, points))
    return arrows, markers


def _arrow(arrow: Any, points: list[tuple[float, float]], shapes: list[_Shape], n: int) -> Drawn:
    where = f"the arrow through {cell_list(arrow.get('wayPoints'), n)}"
    cells = _path_cells(points, n, 0.45)
    if cells is None:
        raise _refused(where)
    circle = next((s for s in shapes if s.rounded and not s.text and cells[0] in _circle_cells(s, n)), None)
    colour, width = _hex(_colour(arrow.get("color"))), arrow.get("thickness", 0)
    width = float(width) if type(width) in (int, float) else 0.0
    if circle is None:
        return Drawn("arrow", cells, colour, width, where=where)
    circle.used = True
    bulb = _circle_cells(circle, n)
    return Drawn("arrow", cells, colour, width, bulb="first", bulbs=bulb, where=where)


def _line_bulbs(line: Drawn, shapes: list[_Shape], n: int) -> None:
    """A line's circles: on its first cell (then ``first``; on its last, it is turned round), or both ends."""
    circles = [s for s in shapes if s.rounded and not s.text and not s.cells and s.layer != "lines"
               and min(s.width, s.height) >= 0.78 and max(s.width, s.height) <= 0.9
               and _cell_at(s.y, s.x, n) in (line.cells[0], line.cells[-1])]  # fmt: skip
    ends = {_cell_at(s.y, s.x, n) for s in circles}
    for s in circles:
        s.used = True
    if ends == {line.cells[0], line.cells[-1]}:
        line.bulb = "ends"
    elif ends:
        line.bulb = "first"
        line.cells = line.cells if line.cells[0] in ends else line.cells[::-1]


def _marks(shapes: list[_Shape], markers: dict[tuple[int, int], str], n: int) -> list[Drawn]:
    """Marks on an edge (a dot, X or V), in a corner (a quadruple), in a cell
    (odd, even) and clues outside the grid."""
    out = []
    for s in (s for s in shapes if not s.used):
        y, x = s.y, s.x
        half = [abs(v % 1 - 0.5) < _NEAR for v in (y, x)]
        whole = [abs(v - round(v)) < _NEAR for v in (y, x)]
        small = max(s.width, s.height) <= 0.45
        place = f"{_place((y, x), n)} (an {s.layer[:-1]})"
        if (y < 0 or y > n or x < 0 or x > n) and s.text:
            at = (math.floor(y) + 1, math.floor(x) + 1)
            way = markers.pop(at, "")
            shape = "arrow" if way else ""
            out.append(
                Drawn(
                    "outside",
                    shape=shape,
                    text=s.text,
                    at=at,
                    direction=way,
                    where=f"the text {excerpt(s.text, 20)} {place}",
                )
            )
        elif small and ((half[0] and whole[1]) or (whole[0] and half[1])) and 0 < y < n and 0 < x < n:
            a = _nearest(y - 0.5 * whole[0], x - 0.5 * whole[1], n, 0.1)
            b = _nearest(y + 0.5 * whole[0], x + 0.5 * whole[1], n, 0.1)
            if a is None or b is None:
                continue
            if s.rounded:
                out.append(
                    Drawn(
                        "edge", (a, b), _hex(s.fill), shape="circle", text=s.text, where=f"the circle {place}"
                    )
                )
            elif s.text:
                out.append(
                    Drawn(
                        "edge",
                        (a, b),
                        shape="text",
                        text=s.text,
                        where=f"the text {excerpt(s.text, 20)} {place}",
                    )
                )
            else:
                continue
        elif all(whole) and 0 < y < n and 0 < x < n and s.rounded and s.text:
            r, c = round(y), round(x)
            cells = ((r - 1) * n + c - 1, (r - 1) * n + c, r * n + c - 1, r * n + c)
            out.append(
                Drawn("corner", cells, _hex(s.fill), shape="circle", text=s.text, where=f"the circle {place}")
            )
        elif (cell := _cell_at(y, x, n)) is not None and not s.text and abs(s.width - s.height) < _NEAR:
            if not 0.6 <= s.width <= 0.8 or s.border not in (None, s.fill) or s.fill is None:
                continue
            out.append(Drawn("cell", (cell,), _hex(s.fill), shape=s.kind(), where=f"the {s.kind()} {place}"))
        else:
            continue
        s.used = True
    return out


def _shades(shapes: list[_Shape], outlines: list[Drawn], n: int) -> list[Drawn]:
    """Shaded cells: an outlined group (an extra region), the four windows,
    and shapes in pairs of the same form (clones); cell colour is ignored."""
    full = [
        s for s in shapes if not s.used and not s.rounded and not s.text and min(s.width, s.height) >= _FULL
    ]
    by_cell: dict[int, _Shape] = {}
    for s in full:
        cell = _cell_at(s.y, s.x, n)
        if cell is None or s.width > 1.05 or s.height > 1.05 or s.border is None:
            s.used = True  # a cell's colour, or a bigger one
        else:
            by_cell[cell] = s
    out = []
    for outline in outlines:
        cover = [_find_shade(full, c, n) for c in outline.cells]
        if any(s is None for s in cover):
            out.append(outline)
            continue
        shades = [s for s in cover if s is not None]
        for s in shades:
            s.used = True
            by_cell.pop(_cell_at(s.y, s.x, n) or 0, None)
        fill = _hex(shades[0].fill)
        out.append(Drawn("shade", outline.cells, fill, shape="outline", where=outline.where.split(" (")[0]))
    colours: dict[str, list[int]] = {}
    for cell, s in by_cell.items():
        s.used = True
        colours.setdefault(_hex(s.fill), []).append(cell)
    panes = [tuple(w) for w in windows(n)] if n == 9 else []
    for colour, cells in colours.items():
        if panes and set(cells) == {c for w in panes for c in w}:
            out += [Drawn("shade", w, colour, shape="windows", where="the shaded windows") for w in panes]
            continue
        out += _pairs(sorted(cells), colour, n)
    return out


def _find_shade(full: list[_Shape], cell: int, n: int) -> _Shape | None:
    return next(
        (s for s in full if _cell_at(s.y, s.x, n) == cell and s.width <= 1.05 and s.height <= 1.05), None
    )


def _pairs(cells: list[int], colour: str, n: int) -> list[Drawn]:
    """Shaded groups (orthogonally connected) paired with another of the same form."""
    left, groups = set(cells), []
    while left:
        group, todo = set(), [min(left)]
        while todo:
            c = todo.pop()
            if c in left:
                left.discard(c)
                group.add(c)
                col = c % n
                todo += [
                    d for d in (c - n, c + n, c - 1 if col else -1, c + 1 if col < n - 1 else -1) if d in left
                ]
        groups.append(sorted(group))
    out = []
    while groups:
        first = groups.pop(0)
        form = _form(first, n)
        twin = next((g for g in groups if _form(g, n) == form), None)
        if twin is None:
            raise _refused(f"the shaded cells {cell_list([[c // n, c % n] for c in first], n)}")
        groups.remove(twin)
        out.append(
            Drawn(
                "shade",
                tuple(first),
                colour,
                copy=tuple(twin),
                where=f"the shaded cells {cell_list([[c // n, c % n] for c in first], n)}",
            )
        )
    return out


def _form(cells: list[int], n: int) -> tuple[tuple[int, int], ...]:
    r0, c0 = divmod(cells[0], n)
    return tuple((r - r0, c - c0) for r, c in (divmod(x, n) for x in cells))
