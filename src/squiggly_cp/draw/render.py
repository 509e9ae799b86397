"""Pictures of a puzzle: box-drawing text for the terminal, and SVG.

Both draw heavy lines on region walls and the outer border and light lines
between cells of one region, for any size from 4 to 16.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from xml.sax.saxutils import escape

from ..core.puzzle import DIGIT_CHARS, Grid, Puzzle
from .rules import outside_clues, rules_svg, rules_text

NONE, LIGHT, HEAVY = 0, 1, 2
Arms = tuple[int, int, int, int]
"""Weights of the (up, down, left, right) arms of a junction."""

_DIRECTIONS = {
    "UP": (0,),
    "DOWN": (1,),
    "LEFT": (2,),
    "RIGHT": (3,),
    "VERTICAL": (0, 1),
    "HORIZONTAL": (2, 3),
}


@cache
def box_chars() -> dict[Arms, str]:
    """Every light/heavy box-drawing character of Unicode, by its arms.

    Built from the character names (``BOX DRAWINGS UP HEAVY AND DOWN HORIZONTAL
    LIGHT`` is ╀): a part of the name between ``AND``s names directions and
    perhaps a weight; a part without one takes the weight of the part before.
    Covers all 80 combinations of none/light/heavy on four arms but the empty one.
    """
    table: dict[Arms, str] = {}
    for code in range(0x2500, 0x2580):
        name = unicodedata.name(chr(code)).removeprefix("BOX DRAWINGS ")
        if any(w in name for w in ("DASH", "DOUBLE", "SINGLE", "ARC", "DIAGONAL")):
            continue
        arms = [NONE] * 4
        weight = NONE
        for part in name.split(" AND "):
            words = part.split()
            if "LIGHT" in words:
                weight = LIGHT
            elif "HEAVY" in words:
                weight = HEAVY
            for word in words:
                for arm in _DIRECTIONS.get(word, ()):
                    arms[arm] = weight
        table[(arms[0], arms[1], arms[2], arms[3])] = chr(code)
    return table


def _check_solution(puzzle: Puzzle, solution: Grid | None) -> None:
    if solution is not None and len(solution) != puzzle.size**2:
        raise ValueError(f"the solution has {len(solution)} cells, not {puzzle.size**2}")


def walled(regions: Grid, a: int, b: int) -> bool:
    """Is there a wall between neighbours ``a`` and ``b``? A cell in no region (-1) is walled all round."""
    return regions[a] != regions[b] or regions[a] < 0


def _vertical(puzzle: Puzzle, r: int, j: int) -> int:
    """Weight of the line left of column ``j`` (0..N) in row ``r`` (NONE off the grid)."""
    n = puzzle.size
    if not 0 <= r < n:
        return NONE
    if j in (0, n) or walled(puzzle.region_map, r * n + j - 1, r * n + j):
        return HEAVY
    return LIGHT


def _horizontal(puzzle: Puzzle, i: int, c: int) -> int:
    """Weight of the line above row ``i`` (0..N) in column ``c`` (NONE off the grid)."""
    n = puzzle.size
    if not 0 <= c < n:
        return NONE
    if i in (0, n) or walled(puzzle.region_map, (i - 1) * n + c, i * n + c):
        return HEAVY
    return LIGHT


def render_text(puzzle: Puzzle, solution: Grid | None = None) -> str:
    """The puzzle drawn with box-drawing characters, three columns a cell.

    Givens are shown; with ``solution``, the other cells show its digits; empty
    cells are blank. A variant's rules are listed under it. Ends with a newline.
    """
    _check_solution(puzzle, solution)
    n = puzzle.size
    chars = box_chars()
    lines = []
    for i in range(n + 1):
        line = []
        for j in range(n + 1):
            arms = (
                _vertical(puzzle, i - 1, j),
                _vertical(puzzle, i, j),
                _horizontal(puzzle, i, j - 1),
                _horizontal(puzzle, i, j),
            )
            line.append(chars[arms])
            if j < n:
                line.append(("━" if _horizontal(puzzle, i, j) == HEAVY else "─") * 3)
        lines.append("".join(line))
        if i < n:
            row = []
            for j in range(n + 1):
                row.append("┃" if _vertical(puzzle, i, j) == HEAVY else "│")
                if j < n:
                    row.append(f" {_shown(puzzle, solution, i * n + j)} ")
            lines.append("".join(row))
    return "\n".join(lines) + "\n" + rules_text(puzzle)


def _shown(puzzle: Puzzle, solution: Grid | None, index: int) -> str:
    digit = puzzle.givens[index] or (solution[index] if solution else 0)
    return DIGIT_CHARS[digit - 1] if digit else " "


# Light tints; the greedy colouring below uses the first ones most.
PALETTE = (
    "#fde2e4",
    "#d8eefe",
    "#e2f5d8",
    "#fff3c4",
    "#ead9f7",
    "#d5f3ef",
    "#fde4cf",
    "#e4e4f7",
    "#f1f7c9",
    "#f7d9ec",
    "#d9ecf2",
    "#efe6d8",
    "#dff7e8",
    "#f5dede",
    "#e0eaf9",
    "#f2f2f2",
)

CELL = 48
MARGIN = 12
CLUE_MARGIN = 40
"""The margin instead of `MARGIN` when a rule has clues outside the grid (little killers, sandwiches)."""
TITLE_HEIGHT = 36
THIN = 1
WALL = 4
GIVEN_COLOUR = "#000000"
NO_REGION_FILL = "#ffffff"
SOLVED_COLOUR = "#1f5fbf"


def region_colours(puzzle: Puzzle) -> list[int]:
    """A palette index per region; regions that share a wall get different ones
    (greedy, most-connected regions first)."""
    n = puzzle.size
    regions = puzzle.region_map
    touching: list[set[int]] = [set() for _ in range(n)]
    for r in range(n):
        for c in range(n):
            here = regions[r * n + c]
            for nr, nc in ((r + 1, c), (r, c + 1)):
                if nr < n and nc < n and (other := regions[nr * n + nc]) != here and min(here, other) >= 0:
                    touching[here].add(other)
                    touching[other].add(here)
    colours = [-1] * n
    for region in sorted(range(n), key=lambda k: -len(touching[k])):
        used = {colours[k] for k in touching[region]}
        colours[region] = next(k for k in range(len(PALETTE)) if k not in used)
    return colours


def render_svg(
    puzzle: Puzzle,
    solution: Grid | None = None,
    title: str | None = None,
    colours: Sequence[int] | None = None,
) -> str:
    """The puzzle as an SVG document: tinted regions, thin cell lines, heavy walls,
    givens in bold black and the other cells of ``solution`` in blue.
    ``colours``: each region's `PALETTE` index (taken modulo its length), as
    the workbench colours them; by default `region_colours`.

    Cells are ``<rect class="cell">``, and each unit of wall (border included)
    is one ``<line class="wall">``. A variant's rules are drawn over the walls
    and under the digits (`draw.rules`).
    """
    _check_solution(puzzle, solution)
    n = puzzle.size
    margin = CLUE_MARGIN if outside_clues(puzzle) else MARGIN
    frame = _Frame(margin + (TITLE_HEIGHT if title else 0), margin)
    width = 2 * margin + n * CELL
    height = frame.top + n * CELL + margin
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
    ]
    if title:
        out.append(
            f'<text x="{width / 2:g}" y="{MARGIN + TITLE_HEIGHT * 0.6:g}" text-anchor="middle" '
            f'font-size="{TITLE_HEIGHT * 0.6:g}" font-weight="bold">{escape(title)}</text>'
        )
    out += _svg_cells(puzzle, frame, colours)
    out += _svg_walls(puzzle, frame)
    out += rules_svg(puzzle, frame.at, CELL)
    out += _svg_digits(puzzle, solution, frame)
    out.append("</svg>")
    return "\n".join(out) + "\n"


def case_svg(
    number: int, puzzle: Puzzle, solution: Grid | None = None, colours: Sequence[int] | None = None
) -> str:
    """`show --svg`'s picture of case ``number``: `render_svg` under a
    "Case k" band (the workbench's ``/api/svg`` draws its puzzle as case 1,
    in its ``colours``)."""
    return render_svg(puzzle, solution, title=f"Case {number}", colours=colours)


def board_svg(puzzle: Puzzle) -> str:
    """The board alone, as SVG elements without the ``<svg>`` around them: the
    tinted cells, the thin lines and the walls of `render_svg`, the grid's
    corner at (MARGIN, MARGIN), cells CELL wide (the logic page draws on it)."""
    frame = _Frame(MARGIN)
    return "\n".join(_svg_cells(puzzle, frame) + _svg_walls(puzzle, frame))


@dataclass(frozen=True)
class _Frame:
    """Where the grid sits in the picture: ``top`` is its upper edge."""

    top: float
    left: float = MARGIN

    def x(self, c: float) -> float:
        return self.left + c * CELL

    def y(self, r: float) -> float:
        return self.top + r * CELL

    def at(self, r: float, c: float) -> tuple[float, float]:
        """The point (x, y) of row ``r`` and column ``c``, in cells from the grid's corner."""
        return self.x(c), self.y(r)


def _svg_cells(puzzle: Puzzle, f: _Frame, colours: Sequence[int] | None = None) -> list[str]:
    """The tinted cells (``colours``: a palette index per region, by default
    `region_colours`), then the thin lines between them."""
    n = puzzle.size
    colours = region_colours(puzzle) if colours is None else colours
    out = ['<g shape-rendering="crispEdges">']
    for i, region in enumerate(puzzle.region_map):
        r, c = divmod(i, n)
        fill = PALETTE[colours[region] % len(PALETTE)] if region >= 0 else NO_REGION_FILL
        out.append(
            f'<rect class="cell" x="{f.x(c):g}" y="{f.y(r):g}" width="{CELL}" height="{CELL}" fill="{fill}"/>'
        )
    out.append("</g>")
    thin = "".join(f"M{f.x(k):g} {f.y(0):g}V{f.y(n):g}M{f.x(0):g} {f.y(k):g}H{f.x(n):g}" for k in range(1, n))
    out.append(f'<path d="{thin}" stroke="#8a8a8a" stroke-width="{THIN}" fill="none"/>')
    return out


def _svg_walls(puzzle: Puzzle, f: _Frame) -> list[str]:
    """One heavy line per unit of wall, border included."""
    n = puzzle.size
    out = [f'<g stroke="#000000" stroke-width="{WALL}" stroke-linecap="square">']
    for r in range(n):
        for j in range(n + 1):
            if _vertical(puzzle, r, j) == HEAVY:
                out.append(_wall_line(f.x(j), f.y(r), f.x(j), f.y(r + 1)))
    for i in range(n + 1):
        for c in range(n):
            if _horizontal(puzzle, i, c) == HEAVY:
                out.append(_wall_line(f.x(c), f.y(i), f.x(c + 1), f.y(i)))
    out.append("</g>")
    return out


def _wall_line(x1: float, y1: float, x2: float, y2: float) -> str:
    return f'<line class="wall" x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}"/>'


def _svg_digits(puzzle: Puzzle, solution: Grid | None, f: _Frame) -> list[str]:
    """Givens in bold black, the other digits of ``solution`` in blue."""
    n = puzzle.size
    font = CELL * 0.6
    out = []
    for i in range(n * n):
        r, c = divmod(i, n)
        given = puzzle.givens[i]
        digit = given or (solution[i] if solution else 0)
        if not digit:
            continue
        style = f'fill="{GIVEN_COLOUR}" font-weight="bold"' if given else f'fill="{SOLVED_COLOUR}"'
        out.append(
            f'<text x="{f.x(c + 0.5):g}" y="{f.y(r + 0.5) + font * 0.36:g}" text-anchor="middle" '
            f'font-size="{font:g}" {style}>{DIGIT_CHARS[digit - 1]}</text>'
        )
    return out
