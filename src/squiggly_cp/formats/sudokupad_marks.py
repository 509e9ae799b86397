"""What SudokuPad's drawing holds that may be a rule, element by element
(`elements`): lines through cells (with their bulbs), arrows (with their
circles), diagonals, a min or max cell's chevrons, marks on an edge, in a
corner or in a cell, clues outside the grid (a little killer's with its
small arrow), and shaded cells (outlined, the windows, or pairs of the same
form); cell colours and shapes that draw nothing are left out, anything
else refused in one line naming it."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any

from ..core.case import excerpt
from ..core.puzzle import PuzzleError
from ..core.rules.houses import windows
from .sudokupad_shapes import (
    FULL,
    NEAR,
    Drawn,
    Shape,
    cell_at,
    cell_list,
    diagonal_line,
    empty,
    items,
    meta_cage,
    nearest,
    path_cells,
    place_name,
    points_of,
    read_cage,
    refused,
    seen_colour,
    shapes_of,
    visible_colour,
)
from .sudokupad_text import colour_name, hexed


def elements(doc: dict[str, Any], n: int) -> list[Drawn]:
    """Everything drawn that may be a rule, as `Drawn` things (cell colours and
    shapes that draw nothing left out; what is no such thing refused)."""
    drawn: list[Drawn] = []
    outlines: list[Drawn] = []
    for cage in items(doc.get("cages")):
        cells = cage.get("cells") if isinstance(cage, dict) else cage
        if not empty(cells) and not meta_cage(cage):
            found = read_cage(cage, n)
            (outlines if found.element == "outline" else drawn).append(found)
    shapes = shapes_of(doc)
    plain, headed = _headed(items(doc.get("lines")))
    arrows, markers = _arrows([*items(doc.get("arrows")), *headed], n)
    lines = _lines(plain, n, shapes)
    drawn += [_arrow(arrow, points, shapes, n) for arrow, points in arrows]
    ending: dict[int, set[str]] = {}  # the colours of the lines ending in each cell
    for line in lines:
        for cell in (line.cells[0], line.cells[-1]) if line.element == "path" else ():
            ending.setdefault(cell, set()).add(line.seen or line.colour)
    for line in lines:
        if line.element == "path":
            _line_bulbs(line, shapes, n, ending)
            _centre_dot(line, shapes, n)
    drawn += lines
    drawn += _marks(shapes, markers, n)
    drawn += _shades(shapes, outlines, n)
    left = next((s for s in shapes if not s.used), None)
    if left is not None:
        shape = left.kind() if not left.text else f"text {excerpt(left.text, 20)}"
        raise refused(f"the {shape} {place_name((left.y, left.x), n)} (an {left.layer[:-1]})")
    return drawn


def _headed(lines: list[Any]) -> tuple[list[Any], list[Any]]:
    """The lines that are not arrows, and those that are: a line whose last
    point is the tip of an arrowhead drawn as a line of its own (three points,
    its two arms short, alike, and pointing back along the line's last
    step, in the line's colour and width), as Sudoku Maker's arrows are."""
    heads: dict[int, int] = {}  # a line's index: its head's
    for k, head in enumerate(lines):
        tip = _head_tip(head)
        if tip is None:
            continue
        for j, line in enumerate(lines):
            if j != k and j not in heads and j not in heads.values() and _heads(line, head, tip):
                heads[j] = k
                break
    plain = [line for k, line in enumerate(lines) if k not in heads and k not in heads.values()]
    return plain, [lines[j] for j in sorted(heads)]


def _head_tip(head: Any) -> tuple[float, float] | None:
    """The tip of what may be an arrowhead: three points, the arms from the middle one short."""
    points = points_of(head.get("wayPoints")) if isinstance(head, dict) else None
    if not points or len(points) != 3:
        return None
    arms = [math.dist(points[1], p) for p in (points[0], points[2])]
    return points[1] if all(0.1 <= a <= 0.5 for a in arms) and abs(arms[0] - arms[1]) < 0.05 else None


def _heads(line: Any, head: dict[str, Any], tip: tuple[float, float]) -> bool:
    """Is ``head`` (with its ``tip``) the arrowhead at the end of ``line``?"""
    points = points_of(line.get("wayPoints")) if isinstance(line, dict) else None
    if not points or len(points) < 2 or math.dist(points[-1], tip) > NEAR:
        return False
    if line.get("color") != head.get("color") or line.get("thickness") != head.get("thickness"):
        return False
    (y0, x0), (y1, x1) = points[-2], points[-1]
    back = math.atan2(y0 - y1, x0 - x1)
    ends = points_of(head.get("wayPoints")) or []
    turns = [math.atan2(y - tip[0], x - tip[1]) - back for y, x in (ends[0], ends[2])]
    turns = [(t + math.pi) % (2 * math.pi) - math.pi for t in turns]  # -pi to pi
    # The arms on either side of the line, each 20 to 70 degrees from it, alike.
    return (
        turns[0] * turns[1] < 0
        and all(0.35 <= abs(t) <= 1.2 for t in turns)
        and (abs(abs(turns[0]) - abs(turns[1])) < 0.1)
    )


def _lines(lines: list[Any], n: int, shapes: list[Shape]) -> list[Drawn]:
    """The lines: diagonals, a min or max cell's chevrons (read with the cell's
    shade), an arrow's circle over two cells corner to corner (a thick line
    under a white one, added to ``shapes``), and lines through cells."""
    out: list[Drawn] = []
    chevrons: dict[int, list[float]] = {}
    sides: dict[int, set[tuple[int, int]]] = {}  # the sides a cell's chevrons are on
    skip = -1
    over = _outlined(lines)
    for k, line in enumerate(lines):
        if k == skip or k in over.values():
            continue
        points = points_of(line.get("wayPoints")) if isinstance(line, dict) else None
        where = f"the line through {cell_list(line.get('wayPoints') if isinstance(line, dict) else None, n)}"
        if not points or not isinstance(line, dict):
            raise refused(where)
        raw, width = visible_colour(line.get("color")), line.get("thickness", 0)
        colour, width = hexed(raw), float(width) if type(width) in (int, float) else 0.0
        diagonal = diagonal_line(points, n)
        if diagonal:
            out.append(Drawn("diagonal", colour=colour, thickness=width, text=diagonal, where=where))
            continue
        small = len(points) == 3 and max(math.dist(points[0], p) for p in points) < 0.35
        if small and width <= 2 and (cell := nearest(*points[1], n, 0.5)) is not None:
            r, c = divmod(cell, n)  # a chevron: its tip's distance from the cell's centre
            dy, dx = points[1][0] - r - 0.5, points[1][1] - c - 0.5
            chevrons.setdefault(cell, []).append(math.hypot(dy, dx))
            side = (round(dy / 0.4), 0) if abs(dy) > abs(dx) else (0, round(dx / 0.4))
            sides.setdefault(cell, set()).add(side)
            continue
        cells = path_cells(points, n, 0.45)
        if cells is None:
            raise refused(where)
        later = lines[k + 1] if k + 1 < len(lines) else None
        twin = isinstance(later, dict) and later.get("wayPoints") == line.get("wayPoints")
        white = (
            twin
            and hexed(visible_colour(later.get("color") if isinstance(later, dict) else None)) == "#ffffff"
        )
        if width >= 30 and len(cells) == 2 and white:
            y, x = (sum(v) / 2 + 0.5 for v in zip(*(divmod(c, n) for c in cells), strict=True))
            shapes.append(Shape(y, x, 0.75, 0.75, "#ffffff", colour, True, "", "lines", cells=cells))
            skip = k + 1
            continue
        if k in over:  # drawn with an outline: the line on top is what is seen
            top = lines[over[k]]
            raw, width = visible_colour(top.get("color")), float(top["thickness"])
            colour, where = hexed(raw), f"{where} (outlined)"
        out.append(Drawn("path", cells, colour, width, seen=seen_colour(raw), where=where))
    extremes = [_extreme(cell, tips, shapes, n) for cell, tips in chevrons.items()]
    _all_sides(extremes, sides, n)
    return out + extremes


def _all_sides(extremes: list[Drawn], sides: dict[int, set[tuple[int, int]]], n: int) -> None:
    """A minimum or maximum cell has a chevron towards each neighbour that
    is not one of its kind (as SudokuPad's converter draws them): a side
    without one is a neighbour the rule does not compare (shaded, say), which
    the rules of this tool would: refused."""
    ways = {item.cells[0]: item.text for item in extremes}
    for item in extremes:
        r, c = divmod(item.cells[0], n)
        for dy, dx in ((-1, 0), (0, 1), (1, 0), (0, -1)):
            y, x = r + dy, c + dx
            inside = 0 <= y < n and 0 <= x < n
            if inside and (dy, dx) not in sides[item.cells[0]] and ways.get(y * n + x) != item.text:
                raise PuzzleError(
                    f"SudokuPad: {item.where}: none points at r{y + 1}c{x + 1}, which has no chevrons "
                    "the same way: refused"
                )


def _outlined(lines: list[Any]) -> dict[int, int]:
    """Lines drawn with an outline: a line's index to that of a narrower one
    drawn later on the same way points in another colour (a white line with
    a grey edge), which is what is seen."""
    by_way: dict[str, list[int]] = {}
    for k, line in enumerate(lines):
        if isinstance(line, dict) and type(line.get("thickness")) in (int, float):
            by_way.setdefault(repr(line.get("wayPoints")), []).append(k)
    out: dict[int, int] = {}
    for same in by_way.values():
        for k, j in itertools.pairwise(same):
            under, top = lines[k], lines[j]
            colours = [hexed(visible_colour(item.get("color"))) for item in (under, top)]
            narrower = 0 < top["thickness"] < under["thickness"] < 30  # (30 and wider: an arrow's circle)
            if k not in out.values() and narrower and colours[1] not in ("", colours[0]):
                out[k] = j
    return out


def _extreme(cell: int, tips: list[float], shapes: list[Shape], n: int) -> Drawn:
    """A cell with chevrons: pointing ``in`` (their tips nearer its centre) or ``out``, on its shade
    (one without a border, as SudokuPad's converter draws it, before any other: a clone's, with a
    border, on the same cell is the clone's)."""
    r, c = divmod(cell, n)
    under = [s for s in shapes if not s.used and not s.rounded and not s.text
             and min(s.width, s.height) >= FULL and cell_at(s.y, s.x, n) == cell]  # fmt: skip
    under.sort(key=lambda s: s.border is not None)
    for s in under[:1]:
        s.used = True
    colour = hexed(under[0].fill) if under else ""
    way = "in" if sum(tips) / len(tips) < 0.415 else "out"
    return Drawn(
        "cell", (cell,), colour, shape="chevrons", text=way, where=f"the chevrons at r{r + 1}c{c + 1}"
    )


def _circle_cells(shape: Shape, n: int) -> tuple[int, ...]:
    """The cells a circle covers (one, or two side by side: 0.75 wide, and a cell more)."""
    if shape.cells:
        return shape.cells
    rows, cols = round(shape.height - 0.8), round(shape.width - 0.8)
    off = max(abs(shape.height - 0.8 - rows), abs(shape.width - 0.8 - cols))
    if rows < 0 or cols < 0 or rows + cols > 1 or off > 0.1:  # 0.7 to 0.9 across a cell
        return ()
    found = [
        cell_at(shape.y + dy, shape.x + dx, n) for dy in (-rows / 2, rows / 2) for dx in (-cols / 2, cols / 2)
    ]
    return tuple(sorted({c for c in found if c is not None})) if None not in found else ()


def _arrows(
    drawn: list[Any], n: int
) -> tuple[list[tuple[Any, list[tuple[float, float]]]], dict[tuple[int, int], str]]:
    """The arrows through cells, and the small arrows by a little killer's
    clue: its direction by the clue's place (1-based, a row or column 0 or N+1)."""
    arrows, markers = [], {}
    for arrow in drawn:
        way = arrow.get("wayPoints") if isinstance(arrow, dict) else None
        points = points_of(way)
        if not points or len(points) < 2:
            raise refused(f"the arrow through {cell_list(way, n)}")
        (y0, x0), (y1, x1) = points[0], points[-1]
        if (
            len(points) == 2
            and math.hypot(y1 - y0, x1 - x0) < 0.35
            and abs(abs(y1 - y0) - abs(x1 - x0)) < NEAR
        ):
            dy, dx = (1 if v > 0 else -1 for v in (y1 - y0, x1 - x0))
            y, x = y0 - 0.3 * dy, x0 - 0.3 * dx  # the clue's centre
            markers[(math.floor(y) + 1, math.floor(x) + 1)] = ("D" if dy > 0 else "U") + (
                "R" if dx > 0 else "L"
            )
            continue
        arrows.append((arrow, points))
    return arrows, markers


def _arrow(arrow: Any, points: list[tuple[float, float]], shapes: list[Shape], n: int) -> Drawn:
    where = f"the arrow through {cell_list(arrow.get('wayPoints'), n)}"
    cells = path_cells(points, n, 0.45)
    if cells is None:
        raise refused(where)
    if len(cells) == 1:  # inside one cell: no arrow of a rule this tool knows
        raise refused(f"the small arrow in {cell_list([[cells[0] // n, cells[0] % n]], n)}")
    around = [s for s in shapes if s.rounded and not s.text and cells[0] in _circle_cells(s, n)]
    raw, width = visible_colour(arrow.get("color")), arrow.get("thickness", 0)
    colour, width = hexed(raw), float(width) if type(width) in (int, float) else 0.0
    circle = max(around, key=lambda s: (hexed(s.border) == colour, hexed(s.fill) == "#ffffff"), default=None)
    found = Drawn("arrow", cells, colour, width, seen=seen_colour(raw), where=where)
    if circle is not None:
        circle.used, circle.owner = True, "arrow"
        found.bulb, found.bulbs = "first", _circle_cells(circle, n)
    return found


def _line_bulbs(line: Drawn, shapes: list[Shape], n: int, ending: dict[int, set[str]]) -> None:
    """A line's circles, of its colour: on its first cell (then ``first``; on
    its last, it is turned round), or both ends. A circle of the very colour
    of a line ending there (``ending``: each cell's) is that line's only; else,
    where the end has no circle of the line's very colour, a circle of its
    colour family is. So a counting circle's ring, or another line's circle,
    on a line's end is not the line's."""
    own = line.seen or line.colour
    family = colour_name(own)
    circles: list[Shape] = []
    for s in shapes:
        cell = cell_at(s.y, s.x, n)
        if not (s.rounded and not s.text and not s.cells and s.owner != "arrow" and cell is not None
                and cell in (line.cells[0], line.cells[-1])
                and min(s.width, s.height) >= 0.78 and max(s.width, s.height) <= 0.9):  # fmt: skip
            continue
        paint = _painted(s)
        if paint == own or (paint not in ending[cell] and colour_name(paint) == family):
            circles.append(s)
    exact = {cell_at(s.y, s.x, n) for s in circles if _painted(s) == own}
    circles = [s for s in circles if cell_at(s.y, s.x, n) not in exact or _painted(s) == own]
    ends = {cell_at(s.y, s.x, n) for s in circles}
    for s in circles:
        s.used = True
    if ends == {line.cells[0], line.cells[-1]}:
        line.bulb = "ends"
    elif ends:
        line.bulb = "first"
        line.cells = line.cells if line.cells[0] in ends else line.cells[::-1]


def _painted(shape: Shape) -> str:
    """The colour a circle is drawn in, as seen: its border's, or its fill's
    where the border is none or white."""
    border = seen_colour(shape.border)
    return border if border and colour_name(border) != "white" else seen_colour(shape.fill)


def _centre_dot(line: Drawn, shapes: list[Shape], n: int) -> None:
    """A small dot of the line's colour on the middle cell of a line of odd
    length (a zipper line's centre, as Penpa draws it): part of the line."""
    if len(line.cells) % 2 == 0 or line.bulb:
        return
    middle = line.cells[len(line.cells) // 2]
    dots = [s for s in shapes if not s.used and s.rounded and not s.text and max(s.width, s.height) <= 0.5
            and s.fill is not None and hexed(s.fill) == line.colour and s.border in (None, s.fill)
            and cell_at(s.y, s.x, n) == middle]  # fmt: skip
    if dots:
        dots[0].used = True
        line.shape = "centre"


def _marks(shapes: list[Shape], markers: dict[tuple[int, int], str], n: int) -> list[Drawn]:
    """Marks on an edge (a dot, X or V), in a corner (a quadruple), in a cell
    (odd, even) and clues outside the grid (a little killer's with its arrow)."""
    out = []
    for s in (s for s in shapes if not s.used):
        found = _mark(s, markers, n)
        if found is not None:
            s.used = True
            out.append(found)
    return out


def _mark(s: Shape, markers: dict[tuple[int, int], str], n: int) -> Drawn | None:
    y, x = s.y, s.x
    half = [abs(v % 1 - 0.5) < NEAR for v in (y, x)]
    whole = [abs(v - round(v)) < NEAR for v in (y, x)]
    inside = 0 < y < n and 0 < x < n
    where = f"{place_name((y, x), n)} (an {s.layer[:-1]})"
    said = f"the text {excerpt(s.text, 20)} {where}"
    if not inside and s.text:
        at = (math.floor(y) + 1, math.floor(x) + 1)
        way = markers.pop(at, "")
        return Drawn("outside", shape="arrow" if way else "", text=s.text, at=at, direction=way, where=said)
    bare = bool(s.text) and s.fill is None and s.border is None  # a text alone: its box is not seen
    small = max(s.width, s.height) <= 0.45 or (bare and max(s.width, s.height) <= 1)
    if small and ((half[0] and whole[1]) or (whole[0] and half[1])) and inside:
        a = nearest(y - 0.5 * whole[0], x - 0.5 * whole[1], n, 0.1)
        b = nearest(y + 0.5 * whole[0], x + 0.5 * whole[1], n, 0.1)
        if a is None or b is None or not (s.rounded or s.text):
            return None
        if s.rounded and (not s.text or s.text.isdigit()):  # a dot, perhaps with its value
            return Drawn(
                "edge", (a, b), hexed(s.fill), shape="circle", text=s.text, where=f"the circle {where}"
            )
        return Drawn(
            "edge", (a, b), shape="text", text=s.text, where=said
        )  # X, V, a letter (on a circle too)
    if all(whole) and inside and s.rounded and "".join(s.text.split()).isdigit():  # a quadruple's digits
        r, c = round(y), round(x)
        cells = ((r - 1) * n + c - 1, (r - 1) * n + c, r * n + c - 1, r * n + c)
        return Drawn("corner", cells, hexed(s.fill), shape="circle", text=s.text, where=f"the circle {where}")
    cell = cell_at(y, x, n)
    if cell is None or s.text or abs(s.width - s.height) >= NEAR or not 0.6 <= s.width <= 0.9:
        return None
    # A ring, a counting circle's look: no fill or a white one (as setters draw them), a border seen.
    blank = s.fill is None or seen_colour(s.fill) == "#ffffff"
    if blank and s.rounded and s.border is not None and seen_colour(s.border) != "#ffffff":
        ring, seen = hexed(s.border), seen_colour(s.border)
        return Drawn("cell", (cell,), ring, shape="ring", seen=seen, where=f"the ring {where}")
    if s.width > 0.8:
        return None
    if s.fill is None or s.border not in (None, s.fill):
        return None
    seen = seen_colour(s.fill)
    return Drawn("cell", (cell,), hexed(s.fill), shape=s.kind(), seen=seen, where=f"the {s.kind()} {where}")


def _shades(shapes: list[Shape], outlines: list[Drawn], n: int) -> list[Drawn]:
    """Shaded cells: an outlined group (an extra region), the four windows,
    and shapes in pairs of the same form (clones); cell colour is ignored."""
    full = [
        s for s in shapes if not s.used and not s.rounded and not s.text and min(s.width, s.height) >= FULL
    ]
    marking: list[Shape] = []
    for s in full:
        cell = cell_at(s.y, s.x, n)
        if cell is None or s.width > 1.05 or s.height > 1.05 or s.border is None:
            s.used = True  # a cell's colour, or a bigger one
        else:
            marking.append(s)
    out = []
    for outline in outlines:
        cover = [_find_shade(full, c, n) for c in outline.cells]
        if any(s is None for s in cover):
            out.append(outline)
            continue
        shades = [s for s in cover if s is not None]
        for s in shades:
            s.used = True
        fill = hexed(shades[0].fill)
        out.append(Drawn("shade", outline.cells, fill, shape="outline", where=outline.where.split(" (")[0]))
    colours: dict[str, list[int]] = {}
    for s in marking:
        if not s.used:
            s.used = True
            colours.setdefault(hexed(s.fill), []).append(cell_at(s.y, s.x, n) or 0)
    panes = [tuple(w) for w in windows(n)] if n == 9 else []
    for colour, cells in colours.items():
        if panes and set(cells) == {c for w in panes for c in w}:
            out += [Drawn("shade", w, colour, shape="windows", where="the shaded windows") for w in panes]
            continue
        out += _pairs(sorted(set(cells)), colour, n)
    return out


def _find_shade(full: list[Shape], cell: int, n: int) -> Shape | None:
    return next(
        (s for s in full if cell_at(s.y, s.x, n) == cell and s.width <= 1.05 and s.height <= 1.05), None
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
        shape = form(first, n)
        twin = next((g for g in groups if form(g, n) == shape), None)
        if twin is None:
            raise refused(f"the shaded cells {cell_list([[c // n, c % n] for c in first], n)}")
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


def form(cells: Sequence[int], n: int) -> tuple[tuple[int, int], ...]:
    """The shape of ``cells`` (in order) as offsets from the first: alike for two groups of one form."""
    r0, c0 = divmod(cells[0], n)
    return tuple((r - r0, c - c0) for r, c in (divmod(x, n) for x in cells))
