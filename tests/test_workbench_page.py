"""The workbench page of `squiggly-cp serve` in a real browser (the system's
Chromium, driven by Playwright), against the real server (`serve_url`:
`squiggly-cp serve --port 0 --workers 2`), checked against the commands.

Puzzles are stored ones (tests/data/logic_unique.txt) and layouts built here.
Each test waits for ``<body data-state="idle">`` (no request in flight, no
check waiting) before it reads the page.

    python tests/test_workbench_page.py   # remake docs/workbench.png, the README's picture
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser import VIEWPORT, launch, png_colours
from conftest import ROOT, invoke_cli, start_serve, stop_serve
from logic_check import load_unique
from squiggly_cp.core.puzzle import DIGIT_CHARS, Puzzle
from squiggly_cp.draw.render import case_svg
from squiggly_cp.engines.registry import classify
from squiggly_cp.formats.detect import read_puzzles, write_puzzles
from squiggly_cp.formats.fpuzzles import LINK_PREFIX as FPUZZLES_PREFIX
from squiggly_cp.formats.fpuzzles import to_fpuzzles_json
from squiggly_cp.formats.sudokupad import LINK_PREFIX as SUDOKUPAD_PREFIX
from squiggly_cp.formats.sudokupad import parse_sudokupad

WINGS = 1565  # the line of logic_unique.txt test_page.py shows for the W-wing (a 9x9 of 64 steps)
WAIT = 60_000  # ms: generous, for a loaded machine
# A 4x4 layout with no completed grid, four cells away from the standard
# boxes (found by trying all 117 layouts of four tetrominoes), and the drags
# that draw it from them: (start, end) cells, each painting `end` into the
# start's region, one region's cell passed on round a cycle.
UNFILLABLE = "0001021122312333"
DRAGS = [("r1c2", "r1c3"), ("r3c2", "r2c2"), ("r4c3", "r4c2"), ("r2c4", "r3c4")]


@pytest.fixture(scope="module")
def unique() -> list[Puzzle]:
    return [puzzle for puzzle, _ in load_unique()]


def line_of(puzzle: Puzzle) -> str:
    return write_puzzles([puzzle], "line").strip()


def with_given(puzzle: Puzzle, cell: int, digit: int) -> Puzzle:
    """The puzzle with ``cell``'s given set to ``digit`` (0: cleared)."""
    givens = list(puzzle.givens)
    givens[cell] = digit
    return Puzzle(puzzle.size, tuple(givens), puzzle.regions)


def cell_name(index: int, n: int) -> str:
    return f"r{index // n + 1}c{index % n + 1}"


class Bench:
    """The workbench open in a tab, with every request and console error it makes."""

    def __init__(
        self, browser, base: str, puzzle: Puzzle | None = None, delay: str | None = "0", **page_options
    ):
        self.base = base.rstrip("/")
        self.delay = delay
        self.tab = browser.new_page(**{"viewport": VIEWPORT, "accept_downloads": True, **page_options})
        self.tab.set_default_timeout(WAIT)
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.tab.on("request", lambda r: self.requests.append(r.url))
        self.tab.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.tab.on("pageerror", lambda e: self.errors.append(str(e)))
        # Anything but the server is refused (and recorded above): nothing leaves this machine.
        self.tab.route("**/*", lambda r: r.continue_() if self.own(r.request.url) else r.abort())
        self.tab.goto(self.page_url(f"#line={line_of(puzzle)}" if puzzle else ""))
        self.idle()

    def page_url(self, fragment: str = "") -> str:
        """The page's address: by default with no pause after an edit before
        the check (the page's 300 ms cost these tests 30 s in all)."""
        return f"{self.base}/{'' if self.delay is None else '?delay=' + self.delay}{fragment}"

    def idle(self) -> None:
        self.tab.wait_for_selector("body[data-state=idle]", state="attached")

    def text(self, role: str) -> str:
        return self.tab.locator(f"[data-role={role}]").text_content() or ""

    def attr(self, role: str, name: str) -> str | None:
        return self.tab.locator(f"[data-role={role}]").get_attribute(name)

    def verdict(self) -> str:
        shown = self.text("verdict")
        assert self.attr("verdict", "data-verdict") == shown
        return shown

    def cells(self) -> dict[str, dict[str, str | None]]:
        """Every cell's data- attributes, read in one call."""
        return self.tab.eval_on_selector_all(
            "[data-cell]",
            """gs => Object.fromEntries(gs.map(g => [g.getAttribute('data-cell'), {
                value: g.getAttribute('data-value'), region: g.getAttribute('data-region'),
                candidates: g.getAttribute('data-candidates'), differs: g.getAttribute('data-differs'),
                conflict: g.getAttribute('data-conflict')}]))""",
        )

    def shows(self, puzzle: Puzzle) -> bool:
        """Does the board hold exactly this puzzle's givens and regions?"""
        n = puzzle.size
        cells = self.cells()
        return len(cells) == n * n and all(
            cells[cell_name(i, n)]["value"] == (DIGIT_CHARS[g - 1] if g else "")
            and cells[cell_name(i, n)]["region"] == str(puzzle.regions[i])
            for i, g in enumerate(puzzle.givens)
        )

    def load(self, text: str) -> None:
        self.tab.fill("[data-role=input]", text)
        self.tab.click("[data-role=load]")
        self.idle()

    def cell(self, name: str) -> None:
        self.tab.click(f"[data-cell={name}]")

    def centre(self, name: str) -> tuple[float, float]:
        box = self.tab.locator(f"[data-cell={name}]").bounding_box()
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def drag(self, start: str, end: str) -> None:
        self.tab.mouse.move(*self.centre(start))
        self.tab.mouse.down()
        self.tab.mouse.move(*self.centre(end), steps=8)
        self.tab.mouse.up()

    def own(self, url: str) -> bool:
        """Is ``url`` the server's (a download's blob: of its origin is its own)?"""
        origin = "{0.scheme}://{0.netloc}".format(urlsplit(self.base))
        return url.startswith((origin + "/", f"blob:{origin}/"))

    def analysed(self) -> int:
        """How many analyses the page has asked for."""
        return sum(url.endswith("/api/analyse") for url in self.requests)

    def outside(self) -> list[str]:
        """Requests to anywhere but the server."""
        return [url for url in self.requests if not self.own(url)]

    def close(self) -> None:
        self.tab.close()


@pytest.fixture
def bench_at(browser, serve_url):
    opened: list[Bench] = []

    def open_(puzzle: Puzzle | None = None) -> Bench:
        opened.append(Bench(browser, serve_url, puzzle))
        return opened[-1]

    yield open_
    for bench in opened:
        bench.close()


def _file(tmp_path: Path, text: str, name: str = "puzzle.txt") -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


@pytest.mark.parametrize("fmt", ["fpuzzles", "sudokupad"])
def test_a_pasted_link_loads_with_the_commands_verdict_and_rating(bench_at, unique, tmp_path, fmt):
    puzzle = unique[WINGS]
    bench = bench_at()
    bench.load(write_puzzles([puzzle], fmt).strip())
    assert bench.shows(puzzle)
    rated = json.loads(invoke_cli("rate", "--json", "--scale", "se", _file(tmp_path, line_of(puzzle))).stdout)
    assert bench.verdict() == rated["verdict"] == "unique"
    assert float(bench.attr("rating", "data-er") or "nan") == rated["rating"]
    assert f"ER {rated['rating']}" in bench.text("rating") and rated["hardest"] in bench.text("rating")
    assert bench.tab.evaluate("location.hash") == f"#line={line_of(puzzle)}"
    assert not bench.errors


def test_ours_is_rated_beside_se_and_a_time_out_there_is_said(bench_at, unique, tmp_path):
    """SE's rating (the full analysis) and ours are asked for at once, in two
    requests, so that neither waits for the other. Ours answered as the
    server answers when its time ran out: SE's is shown, and ours is said to
    be missing, not left out without a word."""
    puzzle = unique[WINGS]
    bench = bench_at()
    sent: list[dict] = []

    def cut(route) -> None:
        body = route.request.post_data_json
        sent.append(body)
        reply = route.fetch()
        data = reply.json()
        if body.get("scale") == "default":
            data.pop("rating", None)
        route.fulfill(response=reply, json=data)

    bench.tab.route("**/api/analyse", cut)
    bench.load(line_of(puzzle))
    rated = json.loads(invoke_cli("rate", "--json", "--scale", "se", _file(tmp_path, line_of(puzzle))).stdout)
    assert float(bench.attr("rating", "data-er") or "nan") == rated["rating"]
    shown = bench.text("rating")
    assert f"Sudoku Explainer: ER {rated['rating']}" in shown
    assert "Ours: not rated within the time limit" in shown
    purposes = sorted(body["client"].split(":")[1] for body in sent if body.get("rate", True))
    assert purposes == ["full", "ours"]
    assert not bench.errors


def test_both_ratings_shown_are_the_commands(bench_at, unique, tmp_path):
    puzzle = unique[WINGS]
    bench = bench_at(puzzle)
    path = _file(tmp_path, line_of(puzzle))
    se = json.loads(invoke_cli("rate", "--json", "--scale", "se", path).stdout)
    ours = json.loads(invoke_cli("rate", "--json", path).stdout)
    lines = bench.tab.locator("[data-role=rating] div").all_text_contents()
    assert lines[0].startswith(f"Sudoku Explainer: ER {se['rating']} / EP {se['pearl']} / ED {se['diamond']}")
    assert lines[1] == f"Ours: ER {ours['rating']}, {ours['level']}; hardest: {ours['hardest']}"
    assert not bench.errors


@pytest.mark.parametrize(("delay", "pause"), [(None, 300), ("1200", 1200), ("abc", 300), ("9999", 300)])
def test_the_pause_before_a_check_is_300_ms_unless_the_address_says(browser, serve_url, unique, delay, pause):
    bench = Bench(browser, serve_url, unique[WINGS], delay=delay)
    try:
        assert bench.tab.get_attribute("body", "data-delay") == str(pause)
        assert bench.verdict() == "unique"
    finally:
        bench.close()


def test_a_bad_paste_shows_the_servers_one_line(bench_at):
    bench = bench_at()
    bench.load("https://f-puzzles.com/?load=notbase64!")
    assert "base64" in bench.text("load-status")
    assert bench.tab.locator("[data-cell]").count() == 81  # the grid is kept


def _removable(puzzle: Puzzle) -> int:
    """The first given whose removal leaves several solutions."""
    for cell, given in enumerate(puzzle.givens):
        if given and classify(with_given(puzzle, cell, 0)).verdict.value == "multiple":
            return cell
    raise AssertionError("every given is redundant")


def test_clearing_a_given_marks_where_two_solutions_differ(bench_at, unique, tmp_path):
    puzzle = unique[WINGS]
    n = puzzle.size
    cell = _removable(puzzle)
    fewer = with_given(puzzle, cell, 0)
    said = invoke_cli("explain", _file(tmp_path, line_of(fewer))).stdout.decode()
    found = re.search(r"differing in ([r0-9c ]+); (?:adding the given (\S+) makes it unique)?", said)
    assert found, said
    bench = bench_at(puzzle)
    assert bench.verdict() == "unique"
    bench.cell(cell_name(cell, n))
    bench.tab.keyboard.press("Backspace")
    bench.idle()
    assert bench.verdict() == "multiple" and bench.shows(fewer)
    cells = bench.cells()
    assert sorted(name for name, c in cells.items() if c["differs"]) == sorted(found.group(1).split())
    if found.group(2):
        assert f"given {found.group(2)} makes it unique" in bench.text("details")
    else:  # none, or (the page's search budget being smaller) none found in time
        assert "no single" in bench.text("details").lower()
    assert bench.tab.locator("#shade .differs").count() == len(found.group(1).split())  # drawn, too
    # The true candidates, shown on request: an empty cell's are the digits of its solutions.
    assert all(not c["candidates"] for c in cells.values())
    bench.tab.click("[data-role=candidates]")
    bench.idle()
    counted = invoke_cli("count", "--candidates", _file(tmp_path, line_of(fewer))).stdout.decode()
    fields = " ".join(counted.splitlines()[1:]).split()  # after "Case 1:", a field per cell
    assert len(fields) == n * n
    shown = bench.cells()
    for i, field in enumerate(fields):
        want = "" if fewer.givens[i] else field.replace(".", "")
        assert shown[cell_name(i, n)]["candidates"] == want, cell_name(i, n)
    # Undo brings the given back; the page says unique again.
    bench.tab.keyboard.press("Control+z")
    bench.idle()
    assert bench.verdict() == "unique" and bench.shows(puzzle)
    assert not bench.errors


def test_drawing_an_unfillable_layout_says_why(bench_at, tmp_path):
    bench = bench_at()
    bench.tab.select_option("[data-role=size]", "4")
    bench.idle()
    assert bench.tab.locator("[data-cell]").count() == 16
    assert "fillable" in bench.text("status")
    bench.tab.click("[data-mode=regions]")
    for start, end in DRAGS:
        bench.drag(start, end)
    bench.idle()
    cells = bench.cells()
    assert "".join(cells[cell_name(i, 4)]["region"] or "" for i in range(16)) == UNFILLABLE
    said = invoke_cli("layout", _file(tmp_path, "." * 16 + UNFILLABLE + "\n")).stdout.decode()
    reason = said.split("no completed grid: ", 1)[1].strip()
    assert reason in bench.text("status")
    assert bench.verdict() == "none"
    # A drag undone: two regions of the wrong size, which the server's one line names.
    bench.tab.keyboard.press("Control+z")
    bench.idle()
    assert bench.verdict() == "unknown" and "cells, not 4" in bench.text("status")
    bench.tab.keyboard.press("Control+y")
    bench.idle()
    assert reason in bench.text("status")
    # Every drag undone: the standard boxes, fillable again.
    for _ in DRAGS:
        bench.tab.click("[data-role=undo]")
    bench.idle()
    assert "fillable" in bench.text("status") and bench.verdict() == "multiple"
    assert bench.tab.is_disabled("[data-role=undo]") is False  # the size change is still there to undo
    # Two regions of the right size, each in two pieces (r1c1 and r4c4 swapped): said, never sent.
    asked = bench.analysed()
    bench.tab.evaluate(f"location.hash = '#line={'.' * 16}3011001122332230'")
    bench.idle()
    assert bench.verdict() == "unknown" and bench.analysed() == asked
    assert bench.text("status") == "Layout: region 1 is in two pieces; region 2 is in two pieces."
    assert not bench.errors  # the server was never asked about a layout it would refuse (a 400)


def test_the_hint_is_hint_json_from_the_digits_and_marks_typed(bench_at, unique, tmp_path):
    puzzle = unique[WINGS]
    n = puzzle.size
    solution = classify(puzzle).solution
    assert solution is not None
    empty = [i for i in range(n * n) if not puzzle.givens[i]]
    typed, marked = empty[0], empty[1]
    marks = sorted({solution[marked], solution[marked] % n + 1})  # the solution's digit and another
    bench = bench_at(puzzle)
    bench.tab.click("[data-mode=solve]")
    bench.cell(cell_name(typed, n))
    bench.tab.keyboard.press(DIGIT_CHARS[solution[typed] - 1])
    bench.tab.click("[data-mode=pencil]")
    bench.cell(cell_name(marked, n))
    for d in marks:
        bench.tab.keyboard.press(DIGIT_CHARS[d - 1])
    bench.idle()
    assert bench.cells()[cell_name(typed, n)]["value"] == DIGIT_CHARS[solution[typed] - 1]
    bench.tab.reload()  # the digits and marks live in the address, as the puzzle does
    bench.idle()
    assert bench.cells()[cell_name(typed, n)]["value"] == DIGIT_CHARS[solution[typed] - 1]
    pencil = "".join(DIGIT_CHARS[d - 1] for d in marks)
    assert bench.tab.get_attribute(f"[data-cell={cell_name(marked, n)}]", "data-pencil") == pencil

    def position(digit: int) -> str:
        """The same position as f-puzzles JSON, for `hint`."""
        doc = to_fpuzzles_json(puzzle)
        doc["grid"][typed // n][typed % n]["value"] = digit
        doc["grid"][marked // n][marked % n]["centerPencilMarks"] = marks
        return json.dumps(doc)

    bench.tab.click("[data-role=hint]")
    bench.idle()
    told = json.loads(invoke_cli("hint", "--json", _file(tmp_path, position(solution[typed]))).stdout)
    step = told["step"]
    shown = bench.text("hint-text")
    assert shown.startswith(step["technique"]) and shown.endswith(step["text"]), (shown, step)
    # A wrong digit: the hint is what is wrong, as `hint` says it.
    wrong = next(d for d in range(1, n + 1) if d != solution[typed])
    bench.tab.click("[data-mode=solve]")
    bench.cell(cell_name(typed, n))
    bench.tab.keyboard.press(DIGIT_CHARS[wrong - 1])
    bench.tab.click("[data-role=hint]")
    bench.idle()
    told = json.loads(invoke_cli("hint", "--json", _file(tmp_path, position(wrong), "wrong.json")).stdout)
    shown = bench.tab.locator("[data-role=wrong] li").all_text_contents()
    assert told["wrong"] and shown == [f"{what}." for what in told["wrong"]]
    assert not bench.errors


def _decoded(link: str) -> Puzzle:
    (read,) = read_puzzles(link + "\n")
    assert isinstance(read, Puzzle), read
    return read


def test_every_export_link_is_the_puzzle_on_the_page(bench_at, unique, tmp_path):
    puzzle = unique[WINGS]
    bench = bench_at(puzzle)
    for shown in (puzzle, None):
        if shown is None:  # after an edit: a new given, still the same layout
            cell = next(i for i, g in enumerate(puzzle.givens) if not g)
            bench.cell(cell_name(cell, puzzle.size))
            bench.tab.keyboard.press("1")
            bench.idle()
            shown = with_given(puzzle, cell, 1)
        pad = bench.attr("export-sudokupad", "href") or ""
        fp = bench.attr("export-fpuzzles", "href") or ""
        assert pad.startswith(SUDOKUPAD_PREFIX) and fp.startswith(FPUZZLES_PREFIX)
        assert _decoded(pad) == shown == _decoded(fp)
        assert bench.tab.input_value("[data-role=line]") == line_of(shown)
    # The SudokuPad link of the unique puzzle carried its solution.
    bench.tab.keyboard.press("Control+z")
    bench.idle()
    read = parse_sudokupad(bench.attr("export-sudokupad", "href") or "")
    assert read.puzzle == puzzle and read.solution == classify(puzzle).solution
    with bench.tab.expect_download() as info:
        bench.tab.click("[data-role=download-svg]")
    drawn = Path(info.value.path()).read_text()
    # show --svg's drawing, band and all, with the regions in the page's colours, cell by cell
    shown = bench.tab.eval_on_selector_all("#board rect.cell", "rs => rs.map(r => r.getAttribute('fill'))")
    assert re.findall(r'<rect class="cell" [^>]*fill="([^"]+)"', drawn) == shown and len(shown) == 81
    assert drawn == case_svg(1, puzzle, colours=range(puzzle.size))  # a new page: region k in colour k
    assert drawn != case_svg(1, puzzle)  # the default picks the fewest colours
    assert not bench.errors


def test_a_session_makes_no_console_error_and_no_outside_request(bench_at, unique):
    puzzle = unique[WINGS]
    bench = bench_at()
    bench.load(line_of(puzzle))
    assert bench.shows(puzzle) and bench.verdict() == "unique"
    n = puzzle.size
    given = next(i for i, g in enumerate(puzzle.givens) if g and i % n < n - 1 and i >= n)
    bench.cell(cell_name(given + 1, n))
    for key in ("ArrowLeft", "ArrowUp", "ArrowDown", "Backspace"):  # to the given, and clear it
        bench.tab.keyboard.press(key)
    bench.idle()
    assert bench.cells()[cell_name(given, n)]["value"] == "" and bench.verdict() != "checking"
    bench.tab.click("[data-role=undo]")
    bench.idle()
    assert bench.shows(puzzle)
    # A region drawn through a wrong layout: one region of 10 cells and one of 8, then back.
    a = next(i for i in range(n * n) if i % n < n - 1 and puzzle.regions[i] != puzzle.regions[i + 1])
    b = a + 1
    near = [b - n, b + n, b - 1, b + 1] if b % n else [b - n, b + n, b + 1]
    home = next(j for j in near if 0 <= j < n * n and j != a and puzzle.regions[j] == puzzle.regions[b])
    asked = bench.analysed()
    bench.tab.click("[data-mode=regions]")
    bench.drag(cell_name(a, n), cell_name(b, n))
    bench.idle()
    assert bench.verdict() == "unknown" and bench.analysed() == asked
    status = bench.text("status")
    assert "has 10 cells, not 9" in status and "has 8 cells, not 9" in status, status
    bench.drag(cell_name(home, n), cell_name(b, n))
    bench.idle()
    assert bench.shows(puzzle) and bench.verdict() == "unique" and bench.analysed() > asked
    bench.tab.click("[data-mode=given]")
    bench.tab.click("[data-role=steps]")
    bench.idle()
    for role in ("next", "next", "last", "prev", "first"):
        bench.tab.click(f"[data-role={role}]")
    bench.tab.keyboard.press("ArrowRight")
    assert bench.text("step-index") == "1" and bench.text("step-text")
    bench.tab.click("[data-role=edit]")
    bench.tab.click("[data-role=hint]")
    bench.idle()
    assert bench.text("hint-text")
    bench.tab.click("[data-role=candidates]")
    with bench.tab.expect_download():
        bench.tab.click("[data-role=download-svg]")
    bench.idle()
    assert not bench.errors
    assert not bench.outside() and len(bench.requests) > 5


def test_steps_are_drawn_as_the_logic_page_draws_them(bench_at, unique, tmp_path):
    """The steps view uses board.js: the position after each step matches `logic --json`."""
    puzzle = unique[0]  # a 4x4
    bench = bench_at(puzzle)
    bench.tab.click("[data-role=steps]")
    bench.idle()
    steps = json.loads(invoke_cli("logic", "--json", _file(tmp_path, line_of(puzzle))).stdout)["steps"]
    assert bench.tab.locator("#step-count").text_content() == str(len(steps))
    for k, step in enumerate(steps):
        assert bench.text("step-index") == str(k) and bench.text("step-text") == step["text"]
        for placed in step["placements"]:
            name, digit = placed.split("=")
            assert bench.tab.get_attribute(f"[data-cell={name}]", "data-placed") == digit
        bench.tab.keyboard.press("ArrowRight")
    solution = classify(puzzle).solution
    assert solution is not None
    values = {name: c["value"] for name, c in bench.cells().items()}
    assert all(values[cell_name(i, 4)] == DIGIT_CHARS[d - 1] for i, d in enumerate(solution))
    bench.tab.keyboard.press("Escape")
    assert bench.shows(puzzle)
    assert not bench.errors


def test_fill_layout_makes_a_unique_puzzle_on_the_regions_drawn(bench_at, tmp_path):
    bench = bench_at()
    bench.tab.select_option("[data-role=size]", "6")
    bench.idle()
    regions = [c["region"] for c in bench.cells().values()]
    bench.tab.select_option("[data-role=difficulty]", "easy")
    bench.tab.select_option("[data-role=symmetry]", "rot2")
    bench.tab.fill("[data-role=seed]", "7")
    bench.tab.click("[data-role=generate]")
    bench.idle()
    assert "seed 7" in bench.text("make-status")
    assert bench.verdict() == "unique" and [c["region"] for c in bench.cells().values()] == regions
    line = bench.tab.input_value("[data-role=line]")
    (made,) = read_puzzles(line + "\n")
    assert isinstance(made, Puzzle) and classify(made).verdict.value == "unique"
    assert all(bool(g) == bool(made.givens[35 - i]) for i, g in enumerate(made.givens))  # rot2
    # The address reopens it, in a new tab too.
    again = bench_at(made)
    assert again.shows(made) and again.verdict() == "unique"
    assert not bench.errors and not again.errors


def test_the_verdict_comes_first_then_the_fix_search(bench_at):
    """Two phases: the quick analysis (no fix, no rating) gives the verdict and
    the cells that differ; the full one, still running then, the fixing given."""
    bench = bench_at()
    sent: list[dict] = []
    bench.tab.on("request", lambda r: r.url.endswith("/api/analyse") and sent.append(r.post_data_json))
    bench.cell("r1c1")
    bench.tab.keyboard.press("5")
    seen = bench.tab.wait_for_function(
        """() => document.querySelector('[data-role=verdict]').textContent === 'multiple'
            && [document.querySelector('[data-role=pending]').textContent, document.body.dataset.state,
                document.querySelectorAll('[data-differs]').length]"""
    ).json_value()
    assert seen[0] == "looking for a fixing given\u2026" and seen[1] == "busy" and seen[2] > 0, seen
    bench.idle()
    assert bench.verdict() == "multiple" and bench.text("pending") == ""
    assert "no single" in bench.text("details").lower()  # a near-blank grid: none, or none found in time
    quick, full = sent
    assert quick["fix"] is False and quick["rate"] is False and quick["client"].endswith(":quick")
    assert "fix" not in full and "rate" not in full and full["client"].endswith(":full")
    assert quick["client"].split(":")[0] == full["client"].split(":")[0]
    assert not bench.errors


def screenshot(bench: Bench, path: Path) -> dict:
    """The page with its puzzle checked and rated; the board's box. (A unique
    puzzle's true candidates are its solution, which the page does not show.)"""
    bench.tab.click("[data-cell=r1c1]")
    bench.idle()
    main = bench.tab.locator("#main").bounding_box()
    height = min(VIEWPORT["height"], main["y"] + main["height"] + 12)  # the page, without the blank below
    bench.tab.screenshot(path=str(path), clip={"x": 0, "y": 0, "width": VIEWPORT["width"], "height": height})
    return bench.tab.locator("#grid").bounding_box()


def test_the_screenshot_of_a_checked_unique_puzzle(bench_at, unique, tmp_path):
    bench = bench_at(unique[WINGS])
    box = screenshot(bench, tmp_path / "workbench.png")
    assert bench.verdict() == "unique"
    assert box["x"] >= 0 and box["y"] >= 0
    assert box["x"] + box["width"] <= VIEWPORT["width"] and box["y"] + box["height"] <= VIEWPORT["height"]
    data = (tmp_path / "workbench.png").read_bytes()
    assert len(data) > 20_000 and png_colours(data) > 20
    assert not bench.errors


def main() -> None:
    """Remake docs/workbench.png: the W-wing puzzle, checked and rated."""
    from playwright.sync_api import sync_playwright

    puzzle = next(p for k, (p, _) in enumerate(load_unique()) if k == WINGS)
    proc, url = start_serve("--workers", "2")
    try:
        with sync_playwright() as driver:
            launched = launch(driver)
            bench = Bench(launched, url, puzzle)
            screenshot(bench, ROOT / "docs" / "workbench.png")
            launched.close()
    finally:
        stop_serve(proc)
    print("docs/workbench.png: the W-wing puzzle of test_page.py, checked and rated")


if __name__ == "__main__":
    main()


# A 4x4 killer worked by hand (rows 1234 / 3412 / 2143 / 4321, eight two-cell
# cages, r1c1 given; tests/test_cli_variants.py checks it by enumeration).
KILLER = {
    "size": 4,
    "grid": [[{"value": 1, "given": True}, {}, {}, {}], [{}] * 4, [{}] * 4, [{}] * 4],
    "killercage": [
        {"cells": cells, "value": value}
        for cells, value in (
            (["R1C1", "R1C2"], "3"), (["R1C3", "R1C4"], "7"), (["R2C1", "R3C1"], "5"),
            (["R2C2", "R2C3"], "5"), (["R2C4", "R3C4"], "5"), (["R3C2", "R3C3"], "5"),
            (["R4C1", "R4C2"], "7"), (["R4C3", "R4C4"], "3"),
        )
    ],
}  # fmt: skip


def test_a_pasted_variant_link_is_drawn_and_checked_with_its_rules(bench_at, tmp_path):
    file = _file(tmp_path, json.dumps(KILLER))
    link = invoke_cli("convert", "--to", "fpuzzles", file).stdout.decode().strip()
    bench = bench_at()
    bench.load(link)
    drawn = bench.tab.eval_on_selector_all(
        "#rules-layer [data-rule]",
        "gs => gs.map(g => [g.getAttribute('data-rule'), g.getAttribute('data-cells')])",
    )
    assert sorted(drawn) == sorted(
        ["killer", " ".join(c.lower() for c in cage["cells"])] for cage in KILLER["killercage"]
    )
    explained = json.loads(invoke_cli("solve", "--json", file).stdout)
    assert bench.verdict() == explained["verdict"] == "unique"
    assert "the killer cage r1c1-r1c2 (sum 3)" in bench.text("rules-list")
    assert "our figures" in bench.text("rating")  # rated, the cages' steps with our figures
    # Clearing the given r1c1 leaves the cages' two solutions: the rules went with the edit.
    bench.cell("r1c1")
    bench.tab.keyboard.press("Delete")
    bench.idle()
    assert bench.verdict() == "multiple"
    assert "&rules=" in bench.tab.evaluate("location.hash")
    assert not bench.errors


def test_the_region_palette_shows_in_regions_mode_only(bench_at):
    bench = bench_at()
    palette = bench.tab.locator("[data-role=palette]")
    assert not palette.is_visible()  # givens mode: hidden, and not drawn all the same
    bench.tab.click("[data-mode=regions]")
    assert palette.is_visible() and bench.tab.locator("[data-role=brush]").count() == 9
    grid_bottom = bench.tab.locator("[data-cell]").last.bounding_box()
    assert grid_bottom is not None and palette.bounding_box()["y"] >= grid_bottom["y"]
    assert "palette below the grid" in bench.tab.locator("#help").inner_text()  # where it is
    bench.tab.click("[data-mode=given]")
    assert not palette.is_visible()


def test_the_api_docs_render_their_operations(bench_at):
    bench = bench_at()
    bench.tab.goto(bench.base + "/docs")
    bench.tab.wait_for_selector(".opblock", state="visible")
    shown = bench.tab.locator(".opblock-summary-path").all_inner_texts()
    assert {"/api/analyse", "/api/hint", "/api/steps", "/api/convert", "/api/generate"} <= {
        text.strip().replace("\u200b", "") for text in shown
    }
    assert not bench.tab.locator(".errors-wrapper").count()  # Swagger UI read the schema
    assert not bench.outside() and not bench.errors
