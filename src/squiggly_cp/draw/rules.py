"""A variant's rules drawn: as a list of their names under the text picture,
and as SVG over the board, each rule the way SudokuPad draws it (cages
dashed with their sum, thermometers grey with a bulb, arrows with a circle,
kropki dots on the edge, odd circles and even squares...).

Every rule is one ``<g class="rule" data-rule="KIND" data-cells="r1c1 r1c2">``
(the workbench's test contract), drawn from its `core.rules.Shape` list.
"""

from __future__ import annotations

from collections.abc import Callable
from xml.sax.saxutils import escape

from ..core.puzzle import Puzzle
from ..core.rules import Rule, Shape
from ..core.rules.registry import LOOK_UNIT, line_looks

__all__ = ["outside_clues", "rules_svg", "rules_text"]

Place = Callable[[float, float], tuple[float, float]]
"""(row, column) in cells, fractional, to (x, y) in the picture."""

LINE_LOOKS = {
    name: (look.colour.lower(), look.thickness / LOOK_UNIT, look.opacity)
    for name, look in line_looks().items()
}
"""A line's (colour, width as a share of a cell, opacity) by its style, from
its kind's `Look`: the colour SudokuPad is given too."""
BULBS = {name: look.bulb for name, look in line_looks().items()}
"""Where a line's circles are: ``first`` (a thermometer's bulb), ``ends``."""
ARROWS = {"DR": "↘", "DL": "↙", "UR": "↗", "UL": "↖"}


def rules_text(puzzle: Puzzle) -> str:
    """``Rules:`` and one line per rule, or nothing for a pure jigsaw."""
    if not puzzle.rules:
        return ""
    return "Rules:\n" + "".join(f"  {rule.describe(puzzle.size)}\n" for rule in puzzle.rules)


def outside_clues(puzzle: Puzzle) -> bool:
    """Does a rule draw a clue outside the grid (so the picture needs a margin for it)?"""
    return any(shape.at is not None for rule in puzzle.rules for shape in rule.shapes(puzzle.size))


def rules_svg(puzzle: Puzzle, at: Place, cell: float) -> list[str]:
    """SVG elements for every rule of ``puzzle``; ``at`` places a grid point, ``cell`` is a cell's width."""
    n = puzzle.size
    out: list[str] = []
    for rule in puzzle.rules:
        cells = " ".join(f"r{c // n + 1}c{c % n + 1}" for c in _cells_of(rule, puzzle))
        out.append(f'<g class="rule" data-rule="{rule.kind}" data-cells="{cells}">')
        for shape in rule.shapes(n):
            out += _shape(shape, n, at, cell)
        out.append("</g>")
    return out


def _cells_of(rule: Rule, puzzle: Puzzle) -> tuple[int, ...]:
    """The cells a rule names, draws, or (a diagonal, disjoint groups) makes a house of."""
    cells = rule.cells() or tuple(c for shape in rule.shapes(puzzle.size) for c in shape.cells)
    if cells or not rule.is_house(puzzle.size):
        return cells
    return tuple(sorted({c for _, house in rule.houses(puzzle) for c in house}))


def _centre(c: int, n: int, at: Place) -> tuple[float, float]:
    return at(c // n + 0.5, c % n + 0.5)


def _shape(shape: Shape, n: int, at: Place, cell: float) -> list[str]:
    kind = shape.kind
    if kind == "cage":
        return _cage(shape, n, at, cell)
    if kind == "path":
        colour, width, opacity = LINE_LOOKS.get(shape.style, ("#808080", 0.1, 1.0))
        points = " ".join(f"{x:g},{y:g}" for x, y in (_centre(c, n, at) for c in shape.cells))
        return [
            f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="{width * cell:g}" '
            f'stroke-opacity="{opacity}" stroke-linecap="round" stroke-linejoin="round"/>',
            *(_arrow_head(shape, n, at, cell) if shape.style == "arrow" else []),
        ]
    if kind == "bulb" and shape.style == "arrow" and len(shape.cells) == 2:
        return [_long_bulb(_centre(shape.cells[0], n, at), _centre(shape.cells[1], n, at), cell)]
    if kind == "bulb":
        return [_bulb(shape.style, *_centre(c, n, at), cell) for c in shape.cells]
    if kind == "dot":
        return _dot(shape, n, at, cell)
    if kind == "mark":
        return _mark(shape, n, at, cell)
    if kind == "diagonal":
        start, end = (at(n, 0), at(0, n)) if shape.style == "+" else (at(0, 0), at(n, n))
        return [
            f'<line x1="{start[0]:g}" y1="{start[1]:g}" x2="{end[0]:g}" y2="{end[1]:g}" '
            f'stroke="#4080c0" stroke-width="{cell * 0.04:g}" stroke-opacity="0.7"/>'
        ]
    if kind == "shade":
        return [
            f'<rect x="{at(c // n, c % n)[0]:g}" y="{at(c // n, c % n)[1]:g}" width="{cell:g}" '
            f'height="{cell:g}" fill="#606060" fill-opacity="0.18"/>'
            for c in shape.cells
        ]
    if kind == "clue":
        return _clue(shape, at, cell)
    if kind == "corner":
        rows = [c // n for c in shape.cells]
        cols = [c % n for c in shape.cells]
        x, y = at(max(rows), max(cols))
        return [
            f'<circle cx="{x:g}" cy="{y:g}" r="{cell * 0.28:g}" fill="#ffffff" stroke="#000000"/>',
            _text(x, y, shape.text, cell * 0.18),
        ]
    return []


def _text(x: float, y: float, text: str, size: float, anchor: str = "middle") -> str:
    return (
        f'<text x="{x:g}" y="{y + size * 0.36:g}" text-anchor="{anchor}" font-size="{size:g}">'
        f"{escape(text)}</text>"
    )


def _cage(shape: Shape, n: int, at: Place, cell: float) -> list[str]:
    """Dashed lines inset from each cage edge that faces outside the cage,
    and the sum in the first cell's corner."""
    inside = set(shape.cells)
    inset = 0.1
    out = ['<g stroke="#000000" stroke-width="1" stroke-dasharray="4 3" fill="none">']
    for c in shape.cells:
        r, k = divmod(c, n)
        sides = (
            (r - 1, k, (r + inset, k + inset), (r + inset, k + 1 - inset)),
            (r + 1, k, (r + 1 - inset, k + inset), (r + 1 - inset, k + 1 - inset)),
            (r, k - 1, (r + inset, k + inset), (r + 1 - inset, k + inset)),
            (r, k + 1, (r + inset, k + 1 - inset), (r + 1 - inset, k + 1 - inset)),
        )
        for nr, nk, a, b in sides:
            if not (0 <= nr < n and 0 <= nk < n and nr * n + nk in inside):
                (x1, y1), (x2, y2) = at(*a), at(*b)
                out.append(f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}"/>')
    out.append("</g>")
    if shape.text:
        first = min(shape.cells)
        x, y = at(first // n, first % n)
        size = cell * 0.22
        out.append(
            f'<rect x="{x + 1:g}" y="{y + 1:g}" width="{size * 0.62 * len(shape.text) + 2:g}" '
            f'height="{size + 2:g}" fill="#ffffff"/>'
        )
        out.append(_text(x + 2, y + 1 + size / 2, shape.text, size, anchor="start"))
    return out


def _arrow_head(shape: Shape, n: int, at: Place, cell: float) -> list[str]:
    if len(shape.cells) < 2:
        return []
    (x1, y1), (x2, y2) = _centre(shape.cells[-2], n, at), _centre(shape.cells[-1], n, at)
    colour, width, _ = LINE_LOOKS["arrow"]
    dx, dy = x2 - x1, y2 - y1
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    ux, uy = dx / length, dy / length
    size = cell * 0.2
    left = (x2 - ux * size - uy * size * 0.6, y2 - uy * size + ux * size * 0.6)
    right = (x2 - ux * size + uy * size * 0.6, y2 - uy * size - ux * size * 0.6)
    return [
        f'<polyline points="{left[0]:g},{left[1]:g} {x2:g},{y2:g} {right[0]:g},{right[1]:g}" '
        f'fill="none" stroke="{colour}" stroke-width="{width * cell:g}" stroke-linecap="round"/>'
    ]


def _bulb(style: str, x: float, y: float, cell: float) -> str:
    circle = f'<circle cx="{x:g}" cy="{y:g}" r="{cell * 0.4:g}" '
    bulb = BULBS.get(style, "")
    if style != "arrow" and bulb == "first":  # a thermometer's: filled
        return circle + f'fill="{LINE_LOOKS[style][0]}"/>'
    if style != "arrow" and bulb == "ends":
        return circle + f'fill="none" stroke="{LINE_LOOKS[style][0]}" stroke-width="2"/>'
    return circle + 'fill="#ffffff" fill-opacity="0.6" stroke="#8a8a8a" stroke-width="2"/>'


def _long_bulb(a: tuple[float, float], b: tuple[float, float], cell: float) -> str:
    """An arrow's bulb of two cells, as SudokuPad draws it: one rounded outline round both centres."""
    r = cell * 0.4
    length = ((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5 or 1.0
    vx, vy = -(b[1] - a[1]) / length * r, (b[0] - a[0]) / length * r  # a radius across the bulb
    arc = f"A{r:g},{r:g} 0 0 0"
    path = (
        f"M{a[0] + vx:g},{a[1] + vy:g} L{b[0] + vx:g},{b[1] + vy:g} {arc} {b[0] - vx:g},{b[1] - vy:g} "
        f"L{a[0] - vx:g},{a[1] - vy:g} {arc} {a[0] + vx:g},{a[1] + vy:g} Z"
    )
    return f'<path d="{path}" fill="#ffffff" fill-opacity="0.6" stroke="#8a8a8a" stroke-width="2"/>'


def _dot(shape: Shape, n: int, at: Place, cell: float) -> list[str]:
    a, b = (_centre(c, n, at) for c in shape.cells)
    x, y = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    if shape.style == "text":
        return [
            f'<rect x="{x - cell * 0.14:g}" y="{y - cell * 0.14:g}" width="{cell * 0.28:g}" '
            f'height="{cell * 0.28:g}" fill="#ffffff"/>',
            _text(x, y, shape.text, cell * 0.26),
        ]
    fill = "#000000" if shape.style == "black" else "#ffffff"
    out = [
        f'<circle cx="{x:g}" cy="{y:g}" r="{cell * 0.12:g}" fill="{fill}" stroke="#000000" stroke-width="1"/>'
    ]
    if shape.text:
        colour = "#ffffff" if shape.style == "black" else "#000000"
        out.append(_text(x, y, shape.text, cell * 0.14).replace("<text ", f'<text fill="{colour}" ', 1))
    return out


def _mark(shape: Shape, n: int, at: Place, cell: float) -> list[str]:
    x, y = _centre(shape.cells[0], n, at)
    if shape.style == "odd":
        return [f'<circle cx="{x:g}" cy="{y:g}" r="{cell * 0.38:g}" fill="#d0d0d0"/>']
    if shape.style == "even":
        half = cell * 0.38
        return [
            f'<rect x="{x - half:g}" y="{y - half:g}" width="{2 * half:g}" height="{2 * half:g}" '
            'fill="#d0d0d0"/>'
        ]
    if shape.style == "circle":  # a counting circle: a ring
        ring = 'fill="none" stroke="#7f7f7f" stroke-width="2"'
        return [f'<circle cx="{x:g}" cy="{y:g}" r="{cell * 0.4:g}" {ring}/>']
    word = "min" if shape.style == "min" else "max"
    return [_text(x, y - cell * 0.32, word, cell * 0.16).replace("<text ", '<text fill="#606060" ', 1)]


def _clue(shape: Shape, at: Place, cell: float) -> list[str]:
    assert shape.at is not None
    row, col = shape.at
    x, y = at(row - 0.5, col - 0.5)
    text = shape.text + (ARROWS.get(shape.style, "") if shape.style else "")
    return [_text(x, y, text, cell * 0.3)]
