"""Text and SVG pictures of puzzles."""

from __future__ import annotations

import itertools
import struct
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from squiggly_cp import Puzzle, read_hdu
from squiggly_cp.draw.render import PALETTE, box_chars, region_colours, render_svg, render_text
from test_formats_grid import PUZZLE4

DATA = Path(__file__).resolve().parent.parent / "data"
SVG = "{http://www.w3.org/2000/svg}"

# PUZZLE4 is   A A A B   with givens  1 . . .
#              A C B B                . . 2 .
#              C C D B                . 3 . .
#              C D D D                . . . 4
# Drawn by hand, junction by junction: heavy on walls and the border, light inside a region.
EXPECTED4 = """\
┏━━━┯━━━┯━━━┳━━━┓
┃ 1 │   │   ┃   ┃
┠───╆━━━╈━━━╃───┨
┃   ┃   ┃ 2 │   ┃
┣━━━╃───╊━━━╅───┨
┃   │ 3 ┃   ┃   ┃
┠───╆━━━╃───╄━━━┫
┃   ┃   │   │ 4 ┃
┗━━━┻━━━┷━━━┷━━━┛
"""

# Agrees with the givens but is no sudoku solution; the renderer does not check.
SOLUTION4 = (
    1, 4, 3, 2,
    3, 1, 2, 4,
    4, 3, 1, 2,
    2, 1, 3, 4,
)  # fmt: skip


def test_text_of_the_hand_drawn_four_by_four() -> None:
    assert render_text(PUZZLE4) == EXPECTED4


def test_text_with_a_solution_fills_the_other_cells() -> None:
    lines = render_text(PUZZLE4, SOLUTION4).splitlines()
    assert lines[1] == "┃ 1 │ 4 │ 3 ┃ 2 ┃"
    assert lines[7] == "┃ 2 ┃ 1 │ 3 │ 4 ┃"
    # The junction lines are the same as without a solution.
    assert lines[::2] == EXPECTED4.splitlines()[::2]


def test_standard_boxes_and_every_size() -> None:
    text = render_text(Puzzle.standard((0,) * 16, 4))
    assert text.splitlines()[2] == "┠───┼───╂───┼───┨"
    assert text.splitlines()[4] == "┣━━━┿━━━╋━━━┿━━━┫"
    assert text.splitlines()[1] == "┃   │   ┃   │   ┃"
    for n in range(4, 17):
        puzzle = Puzzle(n, (n,) + (0,) * (n * n - 1), tuple(i // n for i in range(n * n)))
        lines = render_text(puzzle).splitlines()
        assert len(lines) == 2 * n + 1 and all(len(line) == 4 * n + 1 for line in lines)
        assert lines[1][2] == "123456789ABCDEFG"[n - 1]
        # Rows are regions: every horizontal line heavy, every vertical inside a row light.
        assert set(lines[2]) == {"┣", "━", "┿", "┫"}


def test_every_junction_is_in_the_table() -> None:
    table = box_chars()
    assert len(table) == 80 and set(table) == set(itertools.product(range(3), repeat=4)) - {(0, 0, 0, 0)}
    assert table[2, 2, 2, 2] == "╋" and table[1, 1, 1, 1] == "┼" and table[0, 2, 0, 2] == "┏"
    assert table[2, 2, 1, 1] == "╂" and table[1, 1, 2, 2] == "┿" and table[2, 2, 0, 1] == "┠"
    assert table[0, 1, 2, 2] == "┯" and table[2, 1, 2, 1] == "╃" and table[1, 2, 1, 2] == "╆"


def _walls(puzzle: Puzzle) -> int:
    n, regions = puzzle.size, puzzle.regions
    inner = sum(
        1
        for r in range(n)
        for c in range(n)
        for nr, nc in ((r + 1, c), (r, c + 1))
        if nr < n and nc < n and regions[r * n + c] != regions[nr * n + nc]
    )
    return inner + 4 * n


def _svg_parts(svg: str) -> tuple[ET.Element, list[ET.Element], list[ET.Element], list[ET.Element]]:
    root = ET.fromstring(svg)
    cells = [e for e in root.iter(f"{SVG}rect") if e.get("class") == "cell"]
    walls = [e for e in root.iter(f"{SVG}line") if e.get("class") == "wall"]
    texts = list(root.iter(f"{SVG}text"))
    return root, cells, walls, texts


def test_svg_structure_of_the_hand_drawn_four_by_four() -> None:
    root, cells, walls, texts = _svg_parts(render_svg(PUZZLE4, SOLUTION4, title="Four & <more>"))
    assert root.tag == f"{SVG}svg" and root.get("viewBox", "").startswith("0 0 ")
    assert root.get("font-family") == "sans-serif"
    assert len(cells) == 16
    # 12 inner wall units in the drawing above (6 across, 6 down), plus 16 border units.
    assert _walls(PUZZLE4) == 28 and len(walls) == 28
    title, *digits = texts
    assert title.text == "Four & <more>"
    assert len(digits) == 16
    bold = [t.text for t in digits if t.get("font-weight") == "bold"]
    assert bold == ["1", "2", "3", "4"]
    assert {t.get("fill") for t in digits if t.get("font-weight") != "bold"} == {"#1f5fbf"}
    # A cell's tint is its region's.
    fills = [c.get("fill") for c in cells]
    for i, j in itertools.combinations(range(16), 2):
        if PUZZLE4.regions[i] == PUZZLE4.regions[j]:
            assert fills[i] == fills[j]


def test_svg_without_solution_shows_only_givens() -> None:
    *_, texts = _svg_parts(render_svg(PUZZLE4))
    assert [t.text for t in texts] == ["1", "2", "3", "4"]


def test_adjacent_regions_get_different_tints() -> None:
    for puzzle in [PUZZLE4, *(case.puzzle for case in read_hdu(DATA / "hdu4069-sample.in"))]:
        colours = region_colours(puzzle)
        n = puzzle.size
        assert all(0 <= k < len(PALETTE) for k in colours)
        for r, c in itertools.product(range(n), repeat=2):
            for nr, nc in ((r + 1, c), (r, c + 1)):
                if nr < n and nc < n:
                    a, b = puzzle.regions[r * n + c], puzzle.regions[nr * n + nc]
                    assert a == b or colours[a] != colours[b]


def test_sample_case_svg_and_png() -> None:
    try:
        import cairosvg
    except (ImportError, OSError) as e:  # OSError: the system's libcairo is missing
        pytest.skip(f"cairosvg cannot run here: {e}")
    case = next(read_hdu(DATA / "hdu4069-sample.in"))
    solution = tuple(int(ch) for ch in "".join((DATA / "hdu4069-sample.out").read_text().split()[2:11]))
    svg = render_svg(case.puzzle, solution, title="Case 1")
    root, cells, walls, texts = _svg_parts(svg)
    assert len(cells) == 81 and len(walls) == _walls(case.puzzle)
    assert len(texts) == 1 + 81
    png = cairosvg.svg2png(bytestring=svg.encode())
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    assert (width, height) == (int(root.get("width")), int(root.get("height")))
    assert 400 <= width <= 1000 and 400 <= height <= 1000
