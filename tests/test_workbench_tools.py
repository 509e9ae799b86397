"""The workbench's variant tools (issue 41, item 1) in Chromium against the
real server, with test_workbench_page.py's `Bench`: rules drawn on the board,
checked with the puzzle, and carried by its exports, as the commands read them.

The grids are 4x4 (standard 2x2 boxes) to keep each check quick.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from conftest import invoke_cli
from squiggly_cp.core.case import InputError
from squiggly_cp.core.puzzle import Puzzle
from squiggly_cp.core.rules import KillerCage
from squiggly_cp.formats.detect import read_puzzles
from squiggly_cp.formats.fpuzzles import to_fpuzzles_json
from squiggly_cp.web.page import tool_table
from test_workbench_page import (  # noqa: F401 (fixtures)
    Bench,
    _file,
    bench_at,
    cell_name,
)

BOXES = tuple((r // 2) * 2 + c // 2 for r in range(4) for c in range(4))
# Several solutions as a jigsaw, one with the main diagonal (r1c1-r4c4) a house too.
DIAGONAL_FIXES = Puzzle(4, (0, 0, 3, 0, 0, 0, 0, 2, 4, 3, 0, 0, 0, 0, 0, 0), BOXES)
BLANK = Puzzle(4, (0,) * 16, BOXES)
SIX = Puzzle(6, (0,) * 36, tuple((r // 2) * 2 + c // 3 for r in range(6) for c in range(6)))
KIND = {"killercage": "killer", "renban": "renban", "thermometer": "thermo", "arrow": "arrow"}


def tool(bench: Bench, name: str) -> None:
    bench.tab.click(f"[data-role=tool][data-tool='{name}']")


def drawn(bench: Bench) -> list[list[str]]:
    """Each rule the board draws: its kind and its cells."""
    return bench.tab.eval_on_selector_all(
        "#rules-layer [data-rule]",
        "gs => gs.map(g => [g.getAttribute('data-rule'), g.getAttribute('data-cells')])",
    )


def click_edge(bench: Bench, a: str, b: str) -> None:
    """Click the middle of the edge between cells ``a`` and ``b``."""
    (xa, ya), (xb, yb) = bench.centre(a), bench.centre(b)
    bench.tab.mouse.click((xa + xb) / 2, (ya + yb) / 2)


def draw_variant(bench: Bench) -> None:
    """A cage r1c1-r1c2 of sum 3, a thermo up column 1 from r4c1, a white
    dot between r1c3 and r1c4 and an odd mark on r4c4."""
    tool(bench, "cage")
    bench.drag("r1c1", "r1c2")
    bench.tab.keyboard.type("3")
    tool(bench, "thermo")
    bench.drag("r4c1", "r2c1")
    tool(bench, "kropki-white")
    click_edge(bench, "r1c3", "r1c4")
    tool(bench, "odd")
    bench.cell("r4c4")
    bench.idle()


def cli_answers(tmp_path: Path, link: str) -> tuple[str, list[str]]:
    """The commands' verdict and true candidates (a field per cell) for ``link``."""
    file = _file(tmp_path, link + "\n", "link.txt")
    verdict = json.loads(invoke_cli("solve", "--json", file).stdout)["verdict"]
    counted = invoke_cli("count", "--candidates", file).stdout.decode()
    return verdict, [field.replace(".", "") for field in " ".join(counted.splitlines()[1:]).split()]


def test_a_cage_is_drawn_by_dragging_and_its_sum_typed(bench_at):  # noqa: F811
    bench = bench_at(BLANK)
    tool(bench, "cage")
    bench.drag("r1c1", "r4c1")
    bench.tab.keyboard.type("11")
    bench.tab.keyboard.press("Backspace")  # 1
    bench.tab.keyboard.type("0")  # 10
    bench.tab.keyboard.press("Escape")  # the cage is no longer selected ...
    bench.tab.keyboard.type("2")  # ... and a digit edits no cell while the tool is in use
    bench.idle()
    assert drawn(bench) == [["killer", "r1c1 r2c1 r3c1 r4c1"]]
    assert "the killer cage r1c1-r2c1-r3c1-r4c1 (sum 10)" in bench.text("rules-list")
    assert "10" in bench.tab.locator("#rules-layer [data-rule=killer]").text_content()
    assert all(not c["value"] for c in bench.cells().values())
    assert "killercage" in bench.tab.evaluate("decodeURIComponent(location.hash)")
    assert not bench.errors


def refused(puzzle: Puzzle, rules: dict) -> str:
    """Why the library's reader (the commands' and the server's) refuses
    ``puzzle`` with f-puzzles' ``rules`` keys, or why a rule it reads cannot
    hold (the commands' "no solution"); "" when it takes them and each can hold."""
    (read,) = read_puzzles(json.dumps({**to_fpuzzles_json(puzzle), **rules}))
    if isinstance(read, InputError):
        return read.message
    cannot = read.impossible_rule()
    return "" if cannot is None else cannot[1]


def sent(bench: Bench) -> list[str]:
    """The body of every request the page makes from now on."""
    bodies: list[str] = []
    bench.tab.on("request", lambda r: bodies.append(r.post_data or "") if "/api/" in r.url else None)
    return bodies


def test_a_sum_being_typed_that_no_cage_can_have_is_said_and_never_sent(bench_at):  # noqa: F811
    """The 1 of 10 under four cells: however long the setter pauses on it, the
    page says why no digits keep it, in the library's words, and asks the
    server nothing (which would read it, a puzzle with no solution), keeping
    the cage drawn as it was."""
    bench = bench_at(BLANK)
    tool(bench, "cage")
    bench.drag("r1c1", "r4c1")
    bench.idle()
    bodies = sent(bench)
    bench.tab.keyboard.type("1")
    bench.idle()
    cage = {"killercage": [{"cells": ["R1C1", "R2C1", "R3C1", "R4C1"], "value": "1"}]}
    rule = KillerCage((0, 4, 8, 12), 1)
    # Read (not bad input), a puzzle with no solution:
    assert refused(BLANK, cage) == f"{rule.describe(4)} cannot hold: {rule.impossible(4)}"
    reason = f"{rule.describe(4)}: {rule.impossible(4)}"
    assert reason == "the killer cage r1c1-r2c1-r3c1-r4c1 (sum 1): no 4 different digits 1-4 sum to 1"
    assert bench.text("status") == f"Rules: {reason}."
    assert bodies == []
    assert drawn(bench) == [["killer", "r1c1 r2c1 r3c1 r4c1"]]  # the drawing before the digit
    bench.tab.click("[data-role=hint]")  # nor does a hint ask for it
    assert bodies == [] and "a cage's sum is not possible" in bench.text("hint-text")
    tool(bench, "select")
    bench.cell("r2c1")
    bench.tab.keyboard.type("0")
    bench.idle()
    assert refused(BLANK, {"killercage": [{**cage["killercage"][0], "value": "10"}]}) == ""
    assert bench.verdict() == "multiple" and '"value":"10"' in bodies[0].replace("\\", "")
    assert "10" in bench.tab.locator("#rules-layer [data-rule=killer]").text_content()
    assert not bench.errors


def test_a_drag_stops_at_the_most_cells_the_commands_take(bench_at):  # noqa: F811
    """Each dragged along r1, down to r2 and back along it, on a 4x4: a rule
    stops at its limit (an arrow's line after a bulb of one cell: 4 cells),
    which the commands take, and one cell more they refuse."""
    bench = bench_at(BLANK)
    path = ["R1C1", "R1C2", "R1C3", "R1C4", "R2C4", "R2C3"]
    for name, key, most in (("cage", "killercage", 4), ("renban", "renban", 4), ("thermo", "thermometer", 4),
                            ("arrow", "arrow", 5)):  # fmt: skip
        tool(bench, name)
        bench.tab.mouse.move(*bench.centre("r1c1"))
        bench.tab.mouse.down()
        for cell in ("r1c4", "r2c4", "r2c2"):
            bench.tab.mouse.move(*bench.centre(cell), steps=8)
        assert "at most" in bench.text("rule-selected")
        bench.tab.mouse.up()
        bench.idle()
        assert drawn(bench) == [[KIND[key], " ".join(c.lower() for c in path[:most])]], name
        for cells, taken in ((path[:most], True), (path[: most + 1], False)):
            entry = {"cells": cells} if key == "killercage" else {"lines": [cells]}
            if key == "arrow":
                entry["cells"] = cells[:1]
            assert (refused(BLANK, {key: [entry]}) == "") is taken, (name, cells)
        tool(bench, "select")
        bench.cell("r1c2")
        bench.tab.keyboard.press("Delete")
    bench.idle()
    assert drawn(bench) == [] and not bench.text("tools-status") and not bench.errors


def test_a_between_line_of_two_cells_is_not_drawn(bench_at):  # noqa: F811
    bench = bench_at(BLANK)
    tool(bench, "between")
    bench.drag("r1c1", "r1c2")
    bench.idle()
    assert drawn(bench) == [] and "at least 3 cells" in bench.text("rule-selected")
    two = {"betweenline": [{"lines": [["R1C1", "R1C2"]]}]}
    assert refused(BLANK, two).endswith("r1c1-r1c2: a line needs at least 3 cells")
    bench.drag("r1c1", "r1c3")
    bench.idle()
    assert drawn(bench) == [["between", "r1c1 r1c2 r1c3"]] and not bench.errors


def test_only_what_the_grid_can_have_is_offered(bench_at):  # noqa: F811
    """The X needs two different digits summing to 10 (from 6x6); disjoint
    groups need boxes (none on a prime size). Where the commands refuse one,
    its button is off; and a grid made smaller under the X tool drops it."""
    bench = bench_at(SIX)
    x = {"xv": [{"cells": ["R1C1", "R1C2"], "value": "X"}]}
    tool(bench, "x")
    # (size, X the tool in use): dropped once the grid is too small for it
    for size, in_use in ((6, True), (5, False), (4, False), (7, False), (6, False)):
        bench.tab.select_option("[data-role=size]", str(size))
        bench.idle()
        blank = Puzzle(size, (0,) * size * size, tuple(r for r in range(size) for _ in range(size)))
        for key, rules in (("x", x), ("disjointgroups", {"disjointgroups": True})):
            button = bench.tab.locator(f"[data-tool='{key}']")
            assert button.is_enabled() is (refused(blank, rules) == ""), (size, key)
        assert bench.tab.get_attribute("[data-tool='x']", "aria-pressed") == str(in_use).lower()
    # (each button is seen both on and off above)
    columns = {n: Puzzle(n, (0,) * n * n, tuple(range(n)) * n) for n in (5, 6, 7)}
    assert [refused(p, {"disjointgroups": True}) == "" for p in columns.values()] == [False, True, False]
    assert [refused(p, x) == "" for p in columns.values()] == [False, True, True]
    assert not bench.errors


def test_a_thermo_is_drawn_by_dragging(bench_at):  # noqa: F811
    bench = bench_at(BLANK)
    tool(bench, "thermo")
    bench.drag("r1c1", "r3c3")  # diagonally: the cells between are on the line
    bench.idle()
    assert drawn(bench) == [["thermo", "r1c1 r2c2 r3c3"]]
    assert bench.tab.locator("#rules-layer [data-rule=thermo] circle").count() == 1  # the bulb
    assert "thermometer" in bench.text("rules-list")
    assert not bench.errors


def test_a_kropki_dot_goes_on_the_edge_clicked(bench_at):  # noqa: F811
    bench = bench_at(BLANK)
    tool(bench, "kropki-black")
    click_edge(bench, "r2c3", "r3c3")
    bench.idle()
    assert drawn(bench) == [["dot", "r2c3 r3c3"]]
    assert bench.tab.locator("#rules-layer [data-rule=dot] circle").get_attribute("fill") == "#000000"
    tool(bench, "v")  # another mark on the same edge takes the dot's place
    click_edge(bench, "r2c3", "r3c3")
    bench.idle()
    assert drawn(bench) == [["dot", "r2c3 r3c3"]]
    assert bench.tab.locator("#rules-layer text").text_content() == "V"
    click_edge(bench, "r2c3", "r3c3")  # and the same mark again takes it off
    bench.idle()
    assert drawn(bench) == []
    assert not bench.errors


def test_every_tool_draws_its_kind_of_rule(bench_at):  # noqa: F811
    bench = bench_at(SIX)
    lines = ["thermo", "arrow", "palindrome", "renban", "whispers", "between"]
    for row, name in enumerate(lines, start=1):  # a line a row, r1c1-r1c3 to r6c1-r6c3
        tool(bench, name)
        assert bench.tab.get_attribute(f"[data-tool='{name}']", "aria-pressed") == "true"
        bench.drag(f"r{row}c1", f"r{row}c3")
    tool(bench, "region-sum")
    bench.drag("r1c4", "r3c4")
    for row, name in enumerate(["kropki-white", "kropki-black", "x", "v"], start=1):
        tool(bench, name)
        click_edge(bench, f"r{row}c5", f"r{row}c6")
    for cell, name in [("r5c5", "odd"), ("r5c6", "even"), ("r6c5", "min"), ("r6c6", "max")]:
        tool(bench, name)
        bench.cell(cell)
    bench.idle()
    kinds = [kind for kind, _ in drawn(bench)]
    assert sorted(kinds) == sorted([*lines, "regionsum", *["dot"] * 4, *["cellmark"] * 4])
    assert ["regionsum", "r1c4 r2c4 r3c4"] in drawn(bench) and ["arrow", "r2c1 r2c2 r2c3"] in drawn(bench)
    listed = bench.text("rules-list")
    for said in ("German whispers line r5c1", "X at r3c5", "V at r4c5", "minimum cell r6c5", "even cell"):
        assert said in listed, said
    assert not bench.text("tools-status") and not bench.errors


def test_the_rules_drawn_are_checked_as_the_commands_check_the_export(bench_at, tmp_path):  # noqa: F811
    bench = bench_at(BLANK)
    draw_variant(bench)
    assert sorted(drawn(bench)) == [
        ["cellmark", "r4c4"], ["dot", "r1c3 r1c4"], ["killer", "r1c1 r1c2"], ["thermo", "r4c1 r3c1 r2c1"]
    ]  # fmt: skip
    bench.tab.click("[data-role=candidates]")
    bench.idle()
    link, sudokupad = bench.attr("export-fpuzzles", "href"), bench.attr("export-sudokupad", "href")
    assert link and sudokupad
    verdict, fields = cli_answers(tmp_path, link)
    assert bench.verdict() == verdict == "multiple"
    # SudokuPad's link draws the rules (which only f-puzzles' link holds as
    # rules): the command's own drawing of the f-puzzles link.
    drawn_by_command = invoke_cli("convert", "--to", "sudokupad", _file(tmp_path, link, "again.txt")).stdout
    assert drawn_by_command.decode().strip() == sudokupad
    shown = bench.cells()
    assert [shown[cell_name(i, 4)]["candidates"] for i in range(16)] == fields
    assert not bench.errors


def test_a_rule_is_selected_deleted_and_undone(bench_at):  # noqa: F811
    bench = bench_at(BLANK)
    draw_variant(bench)
    tool(bench, "select")
    bench.cell("r3c1")  # on the thermo only
    assert bench.tab.locator("#rules-layer [data-selected]").get_attribute("data-rule") == "thermo"
    bench.tab.keyboard.press("Delete")
    bench.idle()
    assert ["thermo", "r4c1 r3c1 r2c1"] not in drawn(bench) and len(drawn(bench)) == 3
    bench.tab.click("[data-role=undo]")
    bench.idle()
    assert ["thermo", "r4c1 r3c1 r2c1"] in drawn(bench)
    bench.tab.click("[data-role=redo]")
    bench.idle()
    assert len(drawn(bench)) == 3
    click_edge(bench, "r1c3", "r1c4")  # the dot, by its edge
    bench.tab.click("[data-role=delete-rule]")
    bench.idle()
    assert sorted(drawn(bench)) == [["cellmark", "r4c4"], ["killer", "r1c1 r1c2"]]
    assert not bench.errors


def test_a_global_toggle_changes_the_verdict_as_the_commands_say(bench_at, tmp_path):  # noqa: F811
    bench = bench_at(DIAGONAL_FIXES)
    assert bench.verdict() == "multiple"
    toggle = bench.tab.locator("[data-role=tool][data-tool='diagonal-']")
    toggle.click()
    bench.idle()
    assert toggle.get_attribute("aria-pressed") == "true"
    assert drawn(bench) == [["diagonal", "r1c1 r2c2 r3c3 r4c4"]]
    verdict, _ = cli_answers(tmp_path, bench.attr("export-fpuzzles", "href") or "")
    assert bench.verdict() == verdict == "unique"
    toggle.click()
    bench.idle()
    assert toggle.get_attribute("aria-pressed") == "false" and bench.verdict() == "multiple"
    assert not bench.errors


def test_a_conflict_marks_the_rules_involved(bench_at, tmp_path):  # noqa: F811
    bench = bench_at(BLANK)
    tool(bench, "cage")
    bench.drag("r1c1", "r1c2")
    bench.tab.keyboard.type("3")  # 1 and 2 ...
    tool(bench, "thermo")
    bench.drag("r2c1", "r2c4")  # ... and 1234 below them, in the same box
    tool(bench, "even")
    bench.cell("r4c4")  # no part in it
    bench.idle()
    assert bench.verdict() == "none"
    marked = bench.tab.eval_on_selector_all(
        "#rules-layer [data-conflict]", "gs => gs.map(g => g.getAttribute('data-rule'))"
    )
    link = bench.attr("export-fpuzzles", "href") or ""
    told = json.loads(invoke_cli("solve", "--json", _file(tmp_path, link)).stdout)
    assert sorted(marked) == ["killer", "thermo"] and len(told["conflict_rules"]) == 2
    assert not bench.errors


def test_a_conflict_not_proved_minimal_says_so(bench_at):  # noqa: F811
    """A kropki grid whose clashing rules take the shrinking past its budget:
    the page names the rules as the command does, and says the set is not
    proved minimal instead of passing it off as the smallest."""
    path = Path(__file__).resolve().parent / "data" / "kropki_no_solution.txt"
    text = path.read_text().strip()
    bench = bench_at()
    sent: list[dict] = []
    bench.tab.on("request", lambda r: r.url.endswith("/api/analyse") and sent.append(r.post_data_json))
    bench.tab.fill("[data-role=input]", text)
    bench.tab.click("[data-role=load]")  # not bench.load, which waits for the end
    # The verdict first, with the first set found, then the shrinking (issue 41: the
    # check of a kropki grid whose dots are being placed waited a second for it).
    first = bench.tab.wait_for_function(
        """() => document.querySelector('[data-role=verdict]').textContent === 'none'
            && [document.querySelector('[data-role=pending]').textContent,
                document.querySelector('[data-role=details]').textContent]"""
    ).json_value()
    assert first[0] == "looking for a smaller conflict\u2026", first
    assert first[1].endswith("cannot all hold. (the first set found, not yet shrunk)"), first
    bench.idle()
    assert bench.verdict() == "none" and bench.text("pending") == ""
    quick, full = sent
    assert quick["shrink"] is False and "shrink" not in full
    said = bench.text("details")
    assert "cannot all hold. (not proved minimal: the search for a smaller set was cut short)" in said
    told = json.loads(invoke_cli("solve", "--json", str(path)).stdout)
    assert all(rule in said for rule in told["conflict_rules"])


def test_a_cage_whose_digits_repeat_and_counting_circles_are_drawn(bench_at, tmp_path):  # noqa: F811
    """The tools the new kinds declare: a cage whose digits may repeat waits for
    its sum (sent nowhere without one), then is checked as the commands check
    the export; a counting circle is a mark, all of them one rule."""
    bench = bench_at(BLANK)
    tool(bench, "sum-cage")
    bench.drag("r1c1", "r2c1")
    bench.idle()
    bodies = sent(bench)
    assert "type its sum" in bench.text("status") and bodies == []
    bench.tab.keyboard.type("5")
    tool(bench, "counting-circle")
    for cell in ("r3c3", "r4c1"):
        bench.cell(cell)
    bench.idle()
    assert sorted(drawn(bench)) == [["countingcircles", "r3c3 r4c1"], ["sumcage", "r1c1 r2c1"]]
    assert '"sumcage"' in bodies[-1].replace("\\", "")
    verdict, fields = cli_answers(tmp_path, bench.attr("export-fpuzzles", "href"))
    assert bench.verdict() == verdict == "multiple"
    # Two circles: a 1 in one would leave the other's digit d counted once,
    # not d times; so both hold 2 (they share no house).
    assert (fields[10], fields[12]) == ("2", "2") and not bench.errors


def test_every_line_kind_declared_has_a_tool_that_draws_it(bench_at):  # noqa: F811
    """The line tools come from the kinds' declarations (web/page.py's
    tool_table): each draws its own kind, none written into the page by hand."""
    bench = bench_at(Puzzle.standard((0,) * 81))
    kinds = [t for t in tool_table() if t["group"] == "Lines" and t["id"] != "arrow"]
    assert {t["kind"] for t in kinds} >= {"entropic", "modular", "parity", "zipper", "lockout", "sumline"}
    for k, t in enumerate(kinds):  # three cells each, three lines a row
        tool(bench, t["id"])
        row, col = divmod(k, 3)
        bench.drag(f"r{row + 1}c{3 * col + 1}", f"r{row + 1}c{3 * col + 3}")
    bench.idle()
    assert sorted(kind for kind, _ in drawn(bench)) == sorted(t["kind"] for t in kinds)
    assert not bench.errors
