"""The workbench as a setter's editor (issue 41, part 3), in Chromium against
the real server, with test_workbench_page.py's `Bench`: the title, author
and rules fields, kept from a pasted link to the exports and the address; a
pasted position's digits and pencil marks; the digit pad on a phone; several
cells selected at once; and the question before a size change wipes the grid.

The pages open at stored unique puzzles (a blank grid's first check looks
for a fixing given, the slow part of opening one).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from urllib.parse import quote

sys.path.insert(0, str(Path(__file__).resolve().parent))

from squiggly_cp.core.puzzle import DIGIT_CHARS, Meta, Puzzle
from squiggly_cp.formats.fpuzzles import fpuzzles_link, read_fpuzzles, to_fpuzzles_json
from squiggly_cp.formats.sudokupad import parse_sudokupad
from test_workbench_page import (  # noqa: F401 (fixtures)
    WAIT,
    Bench,
    bench_at,
    cell_name,
    line_of,
    unique,
)

PHONE = {"width": 390, "height": 844}
META = Meta("Four corners", "A. Setter", "Normal jigsaw sudoku rules apply.\nStart in a corner. Good luck!")


def fields(bench: Bench) -> tuple[str, str, str]:
    return tuple(bench.tab.input_value(f"[data-role={name}]") for name in ("title", "author", "rules"))  # type: ignore[return-value]


def exported(bench: Bench) -> tuple[Meta | None, Meta]:
    """The metadata the f-puzzles link carries, and what the SudokuPad link's says."""
    fp = read_fpuzzles(bench.attr("export-fpuzzles", "href") or "")[0]
    pad = parse_sudokupad(bench.attr("export-sudokupad", "href") or "")
    assert isinstance(fp, Puzzle)
    return fp.meta, Meta(pad.title, pad.author, pad.rules)


def empty_cells(puzzle: Puzzle) -> list[str]:
    return [cell_name(i, puzzle.size) for i, g in enumerate(puzzle.givens) if not g]


def test_title_author_and_rules_survive_load_export_and_reload(bench_at, unique):  # noqa: F811
    from playwright.sync_api import expect

    puzzle = unique[0]  # a 4x4
    bench = bench_at(puzzle)
    bench.load(fpuzzles_link(puzzle.with_meta(META)))
    assert fields(bench) == (META.title, META.author, META.rules)
    fp, pad = exported(bench)
    assert fp is not None and (fp.title, fp.author, fp.rules) == (META.title, META.author, META.rules)
    assert pad == Meta(META.title, META.author, META.rules)
    # Typing a title is one undo step, and the links follow it.
    bench.tab.fill("[data-role=title]", "Renamed")
    bench.idle()
    assert exported(bench)[1].title == "Renamed" and "title=Renamed" in bench.tab.url
    bench.tab.click("[data-role=undo]")
    bench.idle()
    assert fields(bench)[0] == META.title and exported(bench)[1].title == META.title
    # The page's address keeps them, and a pasted SudokuPad link has them too.
    link = bench.attr("export-sudokupad", "href") or ""
    bench.tab.reload()
    bench.idle()
    assert fields(bench) == (META.title, META.author, META.rules)
    bench.tab.fill("[data-role=title]", "")
    bench.load(link)
    assert fields(bench) == (META.title, META.author, META.rules)
    # A link opened by address (#puzzle=LINK), on a fresh page and on the open one.
    for fresh in (True, False):
        if fresh:
            bench.tab.goto("about:blank")
        bench.tab.goto(bench.page_url(f"#puzzle={quote(fpuzzles_link(puzzle.with_meta(META)), safe='')}"))
        expect(bench.tab.locator("[data-role=title]")).to_have_value(META.title or "", timeout=WAIT)
        bench.idle()
        assert bench.shows(puzzle) and fields(bench) == (META.title, META.author, META.rules)
        assert bench.tab.url.split("#", 1)[1].startswith("line=")
        bench.tab.fill("[data-role=title]", "")
    assert not bench.errors


def test_a_pasted_position_keeps_its_digits_and_pencil_marks(bench_at, unique):  # noqa: F811
    puzzle = unique[0]
    entered, marked = empty_cells(puzzle)[:2]
    doc = to_fpuzzles_json(puzzle)
    r, c = (int(x) - 1 for x in entered[1:].split("c"))
    doc["grid"][r][c]["value"] = 3
    r, c = (int(x) - 1 for x in marked[1:].split("c"))
    doc["grid"][r][c]["centerPencilMarks"] = [1, 4]
    bench = bench_at(unique[1])
    bench.load(json.dumps(doc))
    assert bench.tab.get_attribute(f"[data-cell={entered}]", "data-value") == "3"
    assert bench.tab.locator(f"[data-cell={marked}]").get_attribute("data-pencil") == "14"
    assert bench.text("load-status") == "loaded a 4x4 puzzle, with 1 digit and pencil marks in 1 cell"
    assert not bench.errors


def test_the_digit_pad_enters_digits_at_a_phone_viewport(browser, serve_url, unique):  # noqa: F811
    """Tapping a cell, then a pad key, enters the key's digit; the pad fits a
    phone's width (390x844) with no sideways scrolling, 16x16's included."""
    bench = Bench(browser, serve_url, unique[0], viewport=PHONE, has_touch=True, is_mobile=True)
    bench.tab.on("dialog", lambda dialog: dialog.accept())
    try:
        for size in (9, 16):
            # A blank grid of the size: its check need not end, the pad works meanwhile.
            bench.tab.select_option("[data-role=size]", str(size))
            box = bench.tab.locator("[data-role=pad]").bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
            assert bench.tab.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
            keys = bench.tab.locator("[data-role=pad] button[data-digit]")
            assert keys.count() == size
            if size > 9:  # the key of 10 shows it as typed (A) and as a number
                assert keys.nth(9).text_content() == "A10"
            cell = f"r{size}c{size}"
            bench.tab.tap(f"[data-cell={cell}]")
            bench.tab.tap(f"[data-role=pad] button[data-digit='{size}']")
            assert bench.tab.get_attribute(f"[data-cell={cell}]", "data-value") == DIGIT_CHARS[size - 1]
            bench.tab.tap("[data-role=pad] button[data-erase]")
            assert bench.tab.get_attribute(f"[data-cell={cell}]", "data-value") == ""
        assert not bench.errors
    finally:
        bench.close()


def test_several_selected_cells_take_one_digit_as_one_undo_step(bench_at, unique):  # noqa: F811
    puzzle = next(p for p in unique if p.size == 6)
    bench = bench_at(puzzle)
    empty = empty_cells(puzzle)
    bench.tab.click("[data-role=mode][data-mode=solve]")
    a, b, c = empty[:3]
    bench.cell(a)
    bench.tab.click(f"[data-cell={b}]", modifiers=["Shift"])
    bench.tab.click(f"[data-cell={c}]", modifiers=["Control"])
    bench.tab.keyboard.press("5")

    def values(names: list[str]) -> list[str | None]:
        return [bench.tab.get_attribute(f"[data-cell={name}]", "data-value") for name in names]

    assert values([a, b, c]) == ["5"] * 3
    bench.tab.keyboard.press("Control+z")
    assert values([a, b, c]) == [""] * 3
    # A drag selects the cells it crosses: a pad key fills the empty ones, Delete empties them.
    row = next(r for r in range(1, 7) if sum(name.startswith(f"r{r}c") for name in empty) >= 3)
    run = [name for name in empty if name.startswith(f"r{row}c")]
    bench.drag(run[0], run[-1])
    bench.tab.click("[data-role=pad] button[data-digit='4']")
    assert values(run) == ["4"] * len(run)
    bench.tab.keyboard.press("Delete")
    assert values(run) == [""] * len(run)
    # Shift+arrow adds the next cell; the arrow alone moves a selection of one.
    col = run[0].split("c")[1]
    pair = [f"r{r}c{col}" for r in ((row, row + 1) if row < 6 else (row - 1, row))]
    bench.cell(pair[0])
    bench.tab.keyboard.press("Shift+ArrowDown")
    assert bench.tab.locator("[data-selected]").count() == 2
    before = values(pair)
    bench.tab.keyboard.press("2")
    assert values(pair) == ["2" if name in empty else was for name, was in zip(pair, before, strict=True)]
    bench.tab.keyboard.press("ArrowDown")
    assert bench.tab.locator("[data-selected]").count() == 1
    assert not bench.errors


def test_changing_the_size_asks_before_it_wipes_the_grid(bench_at, unique):  # noqa: F811
    puzzle = unique[0]
    bench = bench_at(puzzle)
    asked: list[str] = []

    def answer(yes: bool):
        def handle(dialog) -> None:
            asked.append(dialog.message)
            dialog.accept() if yes else dialog.dismiss()

        return handle

    bench.tab.once("dialog", answer(False))
    bench.tab.select_option("[data-role=size]", "6")
    bench.idle()
    assert len(asked) == 1 and "6x6" in asked[0]
    assert bench.shows(puzzle) and bench.tab.input_value("[data-role=size]") == "4"
    bench.tab.once("dialog", answer(True))
    bench.tab.select_option("[data-role=size]", "6")
    assert len(asked) == 2
    assert len(bench.cells()) == 36 and not any(cell["value"] for cell in bench.cells().values())
    # A blank grid has nothing to lose: no question.
    bench.tab.select_option("[data-role=size]", "4")
    assert len(asked) == 2 and len(bench.cells()) == 16
    assert not bench.errors
