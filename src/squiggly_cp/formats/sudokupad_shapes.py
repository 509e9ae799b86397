"""The elements of SudokuPad's JSON drawing read as `Drawn` things in the
terms of a rule's `Look` (`core.rules.base`): what `sudokupad_marks` finds in
the lines, arrows and shapes, and `sudokupad_rules` gives a meaning; and
the helpers the SudokuPad reader shares (lists, names of cells, colours)."""

from __future__ import annotations

import itertools
import json
import math
import re
from dataclasses import dataclass, field
from typing import Any

from ..core.case import excerpt
from ..core.puzzle import PuzzleError
from .numbers import TooLarge, whole_number
from .sudokupad_text import Said

_META = re.compile(r"([^:\s]+):\s*(.+)", re.DOTALL)  # a metadata cage's value, "title: ...", lines and all
_MARK_SIZE = 0.7
_MARK_FILL = "#cfcfcf"
NEAR = 0.02
FULL = 0.95
_COSMETIC = ("outlineC", "fontC", "fromConstraint")
_PAPER = ("#fff", "#ffffff", "#ffff", "#ffffffff", "white")


def shown(value: Any) -> str:
    try:
        return excerpt(json.dumps(value, ensure_ascii=False), 30)
    except (ValueError, RecursionError):
        return type(value).__name__


def empty(value: Any) -> bool:
    return value is None or value is False or value in ([], {}, "")


def items(value: Any) -> list[Any]:  # a lone value is a list of one
    return value if isinstance(value, list) else [] if empty(value) else [value]


def refused(what: str) -> PuzzleError:
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


def _whole(value: Any, where: str) -> int | None:
    """`whole_number`, or a `PuzzleError` for one too large (the document's
    reader makes an integer of 22 digits or more infinite)."""
    try:
        return whole_number(value)
    except TooLarge:
        raise PuzzleError(f"SudokuPad: {where}: the sum {shown(value)} is too large") from None


def read_cage(cage: Any, n: int) -> Drawn:
    """A killer cage, or an outline (no sum, not marked unique: an extra region's, if shaded)."""
    if not isinstance(cage, dict):
        raise refused(f"the cage {shown(cage)}")
    cells = _cage_cells(cage.get("cells"), n)
    where = f"the cage on {cell_list(cage.get('cells'), n)}"
    said = (cage.get("value"), cage.get("sum"))
    value, total = (_whole(words, where) for words in said)
    for words, number in zip(said, (value, total), strict=True):
        if not empty(words) and number is None:
            raise refused(f"{where} with {excerpt(str(words), 20)}")
    sums = {s for s in (value, total) if s is not None}
    if len(sums) > 1:
        raise PuzzleError(f"SudokuPad: {where} gives two sums, {value} and {total}")
    style, unique = cage.get("style"), cage.get("unique")
    why = (
        "its digits may repeat, and it has no sum" if unique is False and not sums
        else "hidden" if cage.get("hidden")
        else f"style {excerpt(str(style), 12)}" if not empty(style) and style != "killer"
        else "an f-puzzles cosmetic cage" if any(key in cage for key in _COSMETIC)
        else ""
    )  # fmt: skip
    if why:
        raise refused(f"{where} ({why})")
    if not sums and unique is not True:
        return Drawn("outline", cells, where=f"{where} (no sum, and not marked unique)")
    # SudokuPad's unique: false is a cage whose digits may repeat (a sentence may say so of any cage).
    shape = "repeat" if unique is False else ""
    return Drawn("cage", cells, shape=shape, text=str(sums.pop()) if sums else "", where=where)


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


def points_of(value: Any) -> list[tuple[float, float]] | None:
    """``[[y, x], ...]`` as number pairs, or None if it is not one."""
    points = []
    for point in items(value):
        if not (isinstance(point, list) and len(point) == 2):
            return None
        if not all(type(v) in (int, float) and math.isfinite(v) for v in point):
            return None
        points.append((float(point[0]), float(point[1])))
    return points


def visible_colour(value: Any) -> str | None:
    """A visible colour, lower case; None for none or a transparent one."""
    if not isinstance(value, str):
        return None
    text = value.strip().lower()
    transparent = re.fullmatch(r"#(?:[0-9a-f]{3}0|[0-9a-f]{6}00)|rgba\(.*,\s*0(?:\.0*)?\s*\)", text)
    return None if text in ("", "none", "transparent") or transparent else text


def seen_colour(value: str | None) -> str:
    """A colour as it is seen over SudokuPad's white paper, ``#rrggbb``: one
    with an alpha below 1 (``#rgba``, ``#rrggbbaa``, ``rgba()``) blended with
    white, so ``#0003`` is the light grey it looks; ``""`` for none."""
    text = (value or "").strip().lower()
    found = re.fullmatch(r"#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})", text)
    rgba = re.fullmatch(r"rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*(?:,\s*([\d.]+)\s*)?\)", text)
    if found:
        digits = found.group(1)
        digits = "".join(ch * 2 for ch in digits) if len(digits) <= 4 else digits
        channels = [int(digits[k : k + 2], 16) for k in range(0, len(digits), 2)]
        alpha = channels[3] / 255 if len(channels) == 4 else 1.0
    elif rgba:
        channels = [min(int(v), 255) for v in rgba.groups()[:3]]
        alpha = min(float(rgba.group(4)), 1.0) if rgba.group(4) else 1.0
    else:
        return text
    return "#" + "".join(f"{round(v * alpha + 255 * (1 - alpha)):02x}" for v in channels[:3])


def place_name(point: tuple[float, float], n: int) -> str:
    """``at r3c4`` (a cell's centre), ``between r1c1 and r1c2`` (an edge's
    middle), ``outside the grid by r6c3`` (beyond the grid), else ``by r3c4``."""
    y, x = point
    if not (0 < y < n and 0 < x < n):
        return f"outside the grid by {cell_list([[y, x]], n)}"
    half = [abs(v % 1 - 0.5) < NEAR for v in (y, x)]
    whole = [abs(v - round(v)) < NEAR for v in (y, x)]
    if all(half):
        return f"at {cell_list([[y, x]], n)}"
    if all(whole):
        return f"where {cell_list([[y - 1, x - 1]], n)} and {cell_list([[y, x]], n)} meet"
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
    arrow's, ``bulbs`` an arrow's circle; ``seen`` the colour as seen over
    white (`seen_colour`: a translucent one lighter), which a sentence's
    colour word names; ``where`` its name in messages."""

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
    seen: str = ""
    where: str = ""
    meaning: list[tuple[str, str, Said | None]] = field(default_factory=list)


# The elements of the drawing ------------------------------------------------------------------


def cell_at(y: float, x: float, n: int) -> int | None:
    """The cell whose centre ``(y, x)`` is, else None."""
    if all(abs(v % 1 - 0.5) < NEAR for v in (y, x)) and 0 < y < n and 0 < x < n:
        return math.floor(y) * n + math.floor(x)
    return None


def nearest(y: float, x: float, n: int, reach: float) -> int | None:
    """The cell whose centre is within ``reach`` of ``(y, x)``, else None."""
    r, c = min(max(math.floor(y), 0), n - 1), min(max(math.floor(x), 0), n - 1)
    if math.hypot(y - r - 0.5, x - c - 0.5) <= reach + NEAR:
        return r * n + c
    return None


def path_cells(points: list[tuple[float, float]], n: int, ends: float) -> tuple[int, ...] | None:
    """The cells a line through ``points`` passes, corner to corner or side to
    side (a straight run may skip its middle points); its two ends may stop
    ``ends`` short of their cells' centres. None if it is not such a line."""
    if len(points) < 2:
        return None
    first, last = nearest(*points[0], n, ends), nearest(*points[-1], n, ends)
    inner = [cell_at(y, x, n) for y, x in points[1:-1]]
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


def diagonal_line(points: list[tuple[float, float]], n: int) -> str:
    """``-`` or ``+`` for a line corner to corner of the grid along a main diagonal, else ``""``."""
    ends = {points[0], points[-1]} if len(points) >= 2 else set()
    if ends == {(0.0, 0.0), (n, n)} and all(abs(y - x) < 1e-6 for y, x in points):
        return "-"
    if ends == {(0.0, n), (n, 0.0)} and all(abs(y + x - n) < 1e-6 for y, x in points):
        return "+"
    return ""


@dataclass
class Shape:
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
    cells: tuple[int, ...] = ()  # an arrow's circle over two cells corner to corner, drawn as lines
    owner: str = ""  # "arrow": an arrow's circle, no line's bulb

    def kind(self) -> str:
        if self.rounded:
            return "circle"
        return "square" if abs(self.width - self.height) < NEAR else "rectangle"


def shapes_of(doc: dict[str, Any]) -> list[Shape]:
    out = []
    for layer in ("underlays", "overlays"):
        kind = f"(an {layer[:-1]})"
        for item in items(doc.get(layer)):
            if not isinstance(item, dict):
                raise refused(f"the element {shown(item)} {kind}")
            text = item.get("text")
            text = "" if empty(text) else str(text).strip()
            fill, border = (
                visible_colour(item.get("backgroundColor")),
                visible_colour(item.get("borderColor")),
            )
            stroke = visible_colour(item.get("stroke"))
            if not text and all(c in (None, *_PAPER) for c in (fill, border, stroke)):
                continue  # draws nothing on the white paper (at most a background for a text above it)
            centre = points_of([item.get("center")])
            size = [item.get("width", 1), item.get("height", 1)]
            if not centre or not all(type(v) in (int, float) for v in size):
                raise refused(f"a shape with no place or size {shown(item.get('center'))} {kind}")
            (y, x), (width, height) = centre[0], size
            angle = item.get("angle", 0)
            turned = type(angle) not in (int, float) or angle % 90 != 0
            if turned and not (item.get("rounded") and abs(width - height) < NEAR):  # a circle turns alike
                where = f"the shape turned by {str(angle)[:10]} degrees at r{int(y) + 1}c{int(x) + 1} {kind}"
                raise refused(where)  # a diamond is no square: no look of ours is one
            out.append(Shape(y, x, width, height, fill, border, bool(item.get("rounded")), text, layer))
    return out
