"""`logic --html`: the step-through page in a real browser (Chromium from the
system packages, driven by Playwright), checked against `logic --json`.

The page under test is made by the installed `squiggly-cp` from stored
puzzles (tests/data/logic_unique.txt), one for each family of techniques,
plus a 4x4, a 16x16 and a line that is no puzzle. Every position the page
shows is compared with the position worked out here, independently, by
replaying `logic --json`'s steps on the givens.

    python tests/test_page.py        # remake docs/logic-page.png, the README's picture
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser import VIEWPORT, launch, need_browser, png_colours
from conftest import ROOT, run_cli
from logic_check import load_rules, load_unique, replay_json
from squiggly_cp.core.puzzle import DIGIT_CHARS, Puzzle
from squiggly_cp.engines.registry import classify
from squiggly_cp.formats.detect import write_puzzles
from squiggly_cp.formats.fpuzzles import to_fpuzzles_json
from squiggly_cp.formats.sudokupad import parse_sudokupad
from squiggly_cp.logic import solve_logic

# Lines of logic_unique.txt (0-based) whose default-scale path uses each
# family, the shortest such path among the stored puzzles that are not minimal.
FAMILIES = {
    "singles": 1396,
    "direct": 1546,
    "intersections": 1425,
    "subsets and fish": 1676,
    "leftovers": 1429,
    "wings": 1565,
    "uniqueness": 1464,
    "exclusion": 546,
    "forcing and dynamic chains": 1549,
}
SMALL, LARGE = 0, 1976  # a 4x4, and a 16x16 of 164 steps


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """(page file, logic --json's objects by case, the puzzles by case, logic's run)."""
    need_browser()
    unique = list(load_unique())
    chosen = [unique[i][0] for i in FAMILIES.values()] + [unique[SMALL][0], unique[LARGE][0]]
    folder = tmp_path_factory.mktemp("page")
    source = folder / "puzzles.txt"
    source.write_text(write_puzzles(chosen, "line") + "this line is no puzzle\n")
    page = folder / "logic.html"
    done = run_cli("logic", "--json", "--html", str(page), str(source))
    cases = {obj["case"]: obj for obj in map(json.loads, done.stdout.decode().splitlines())}
    puzzles = dict(enumerate(chosen, 1))
    return page, cases, puzzles, done


class Opened:
    """The page open in a tab, with every request and console error it makes."""

    def __init__(self, browser, path: Path):
        self.tab = browser.new_page(viewport=VIEWPORT)
        self.url = path.resolve().as_uri()
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.tab.on("request", lambda r: self.requests.append(r.url))
        self.tab.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.tab.on("pageerror", lambda e: self.errors.append(str(e)))
        # Anything but the page itself going out is refused, and recorded above.
        self.tab.route("**/*", self._only_the_page)
        self.tab.goto(self.url)

    def _only_the_page(self, route) -> None:
        if route.request.url == self.url:
            route.continue_()
        else:
            route.abort()

    def case(self, number: int) -> None:
        self.tab.select_option("select[data-role=case]", str(number))

    def text(self, role: str) -> str:
        return self.tab.locator(f"[data-role={role}]").text_content() or ""

    def cells(self) -> dict[str, dict[str, str | None]]:
        """Every cell's data- attributes, read in one call."""
        return self.position()["cells"]

    def position(self) -> dict:
        """The step line's parts, the list's highlighted step and every cell
        (as `cells`), in one call: the test steps through hundreds of positions."""
        return self.tab.evaluate(
            """() => {
                const one = s => document.querySelector(s), current = one('#steps li.current');
                const cells = [...document.querySelectorAll('[data-cell]')].map(g => [
                    g.getAttribute('data-cell'), {
                    value: g.getAttribute('data-value'), candidates: g.getAttribute('data-candidates'),
                    placed: g.getAttribute('data-placed'), eliminated: g.getAttribute('data-eliminated')}]);
                return {index: one('[data-role=step-index]').textContent, now: one('#now').innerText,
                        text: one('[data-role=step-text]').textContent,
                        current: current ? current.getAttribute('value') : null,
                        cells: Object.fromEntries(cells)};
            }"""
        )

    def close(self) -> None:
        self.tab.close()


@pytest.fixture
def opened(browser, made):
    tab = Opened(browser, made[0])
    yield tab
    tab.close()


def replay(puzzle: Puzzle, steps: list[dict]) -> list[tuple[list[int], list[set[int]]]]:
    """Positions 0..n as (digits, candidates of the empty cells), from the
    givens and the JSON steps alone (`logic_check.replay_json`)."""
    n = puzzle.size
    return [
        (
            digits,
            [
                set() if d else {x + 1 for x in range(n) if m >> x & 1}
                for d, m in zip(digits, cands, strict=True)
            ],
        )
        for digits, cands in replay_json(puzzle, steps)
    ]


def _expected_marks(step: dict | None) -> tuple[dict[str, str], dict[str, str]]:
    """Cell name -> digits placed, and -> digits eliminated (ascending), by the drawn step."""
    placed: dict[str, str] = {}
    gone: dict[str, list[str]] = {}
    for text in step["placements"] if step else []:
        name, digit = text.split("=")
        placed[name] = digit
    for text in step["eliminations"] if step else []:
        name, digit = text.split("-")
        gone.setdefault(name, []).append(digit)
    return placed, {k: "".join(sorted(v, key=DIGIT_CHARS.index)) for k, v in gone.items()}


def check_position(tab: Opened, puzzle: Puzzle, steps: list[dict], k: int, expected) -> None:
    n = puzzle.size
    digits, cands = expected
    shown_now = tab.position()
    assert shown_now["index"] == str(k)
    drawn = steps[k] if k < len(steps) else None
    assert shown_now["text"] == (drawn["text"] if drawn else "")
    # "After k of N steps, step k+1: ...", and the list's step k+1 highlighted (issue 41, as the workbench)
    now = " ".join(shown_now["now"].split())
    if drawn:
        assert now == f"After {k} of {len(steps)} steps, step {k + 1}: {drawn['text']}"
    else:
        assert now.startswith(f"After {k} of {len(steps)} steps: ")  # then how the path ended
    assert shown_now["current"] == str(k + 1)
    placed, gone = _expected_marks(drawn)
    cells = shown_now["cells"]
    assert len(cells) == n * n
    for cell in range(n * n):
        name = f"r{cell // n + 1}c{cell % n + 1}"
        shown = cells[name]
        want_value = DIGIT_CHARS[digits[cell] - 1] if digits[cell] else ""
        want_cands = "".join(DIGIT_CHARS[d - 1] for d in sorted(cands[cell]))
        assert (shown["value"], shown["candidates"]) == (want_value, want_cands), (k, name)
        assert shown["placed"] == placed.get(name), (k, name)
        assert shown["eliminated"] == gone.get(name), (k, name)


def test_logic_run_reports_the_bad_line_and_answers_the_rest(made):
    _, cases, puzzles, done = made
    assert done.returncode == 1
    assert b"case 12" in done.stderr.lower() and done.stderr.count(b"\n") == 1
    assert sorted(cases) == sorted(puzzles)
    assert all(obj["solved"] for obj in cases.values())


@pytest.mark.parametrize("family", list(FAMILIES))
def test_every_step_matches_logic_json(opened, made, family):
    """→ through every step: text, placed and eliminated marks, and the
    digits and candidates after step k, as replayed from `logic --json`."""
    _, cases, puzzles, _ = made
    number = list(FAMILIES).index(family) + 1
    puzzle, steps = puzzles[number], cases[number]["steps"]
    assert len(steps) > 10
    opened.case(number)
    positions = replay(puzzle, steps)
    for k, expected in enumerate(positions):
        if k:
            opened.tab.keyboard.press("ArrowRight")
        check_position(opened, puzzle, steps, k, expected)
    opened.tab.keyboard.press("ArrowRight")  # no step beyond the last position
    assert opened.text("step-index") == str(len(steps))
    assert not opened.errors and opened.requests == [opened.url]


def test_the_family_puzzles_use_their_families(made):
    """Each family's puzzle really has a step of that family (the steps' names)."""
    _, cases, _, _ = made
    names = {family: {s["technique"] for s in cases[k]["steps"]} for k, family in enumerate(FAMILIES, 1)}
    assert "hidden single" in names["singles"]
    assert names["direct"] & {"direct pointing", "direct claiming", "direct hidden pair"}
    assert names["intersections"] & {"pointing", "claiming", "common peers"}
    assert names["subsets and fish"] & {"x-wing", "swordfish", "franken x-wing", "franken swordfish"}
    assert "law of leftovers" in names["leftovers"]
    assert names["wings"] & {"xy-wing", "xyz-wing", "w-wing"}
    assert any(name.startswith(("unique rectangle", "unique loop", "bug")) for name in names["uniqueness"])
    assert names["exclusion"] & {"aligned pair exclusion", "aligned triplet exclusion"}
    assert any("forcing chains" in name for name in names["forcing and dynamic chains"])


def test_buttons_jumps_and_keys(opened, made):
    _, cases, puzzles, _ = made
    number = list(FAMILIES).index("forcing and dynamic chains") + 1
    puzzle, steps = puzzles[number], cases[number]["steps"]
    positions = replay(puzzle, steps)
    opened.case(number)
    opened.tab.click("[data-step='30']")
    check_position(opened, puzzle, steps, 30, positions[30])
    opened.tab.keyboard.press("ArrowLeft")
    check_position(opened, puzzle, steps, 29, positions[29])
    opened.tab.click("[data-role=last]")
    check_position(opened, puzzle, steps, len(steps), positions[-1])
    opened.tab.click("[data-role=prev]")
    check_position(opened, puzzle, steps, len(steps) - 1, positions[-2])
    opened.tab.click("[data-role=first]")
    check_position(opened, puzzle, steps, 0, positions[0])
    opened.tab.keyboard.press("ArrowLeft")  # nothing before position 0
    assert opened.text("step-index") == "0"
    opened.tab.click("[data-role=next]")
    check_position(opened, puzzle, steps, 1, positions[1])
    assert not opened.errors and opened.requests == [opened.url]


def test_cases_sizes_and_the_unread_line(opened, made):
    _, cases, puzzles, _ = made
    values = opened.tab.eval_on_selector_all("select[data-role=case] option", "os => os.map(o => o.value)")
    assert values == [str(k) for k in range(1, len(puzzles) + 2)]
    for number in (len(puzzles) - 1, len(puzzles)):  # the 4x4 and the 16x16
        puzzle, steps = puzzles[number], cases[number]["steps"]
        opened.case(number)
        positions = replay(puzzle, steps)
        check_position(opened, puzzle, steps, 0, positions[0])
        opened.tab.click("[data-role=last]")
        check_position(opened, puzzle, steps, len(steps), positions[-1])
    opened.case(len(puzzles) + 1)
    assert "not a" in (opened.tab.locator("#summary").text_content() or "").lower() or (
        opened.tab.locator("#summary .error").count() == 1
    )
    assert opened.tab.locator("[data-cell]").count() == 0
    assert not opened.errors and opened.requests == [opened.url]


def test_each_case_has_an_open_in_sudokupad_link(opened, made):
    """One `<a data-role="sudokupad">` per case read, in the HTML itself; it
    decodes to the case's puzzle with CP-SAT's solution, and the page shows the
    chosen case's link only."""
    page, _, puzzles, _ = made
    html = page.read_text()
    found = dict(re.findall(r'<a data-role="sudokupad" data-case="(\d+)" href="([^"]+)"', html))
    assert sorted(map(int, found)) == sorted(puzzles)
    for number, puzzle in puzzles.items():
        read = parse_sudokupad(found[str(number)].replace("&amp;", "&"))
        assert read.puzzle == puzzle and read.solution == classify(puzzle).solution
    for number in (1, len(puzzles)):
        opened.case(number)
        visible = opened.tab.locator("[data-role=sudokupad]:visible")
        assert visible.count() == 1 and visible.get_attribute("data-case") == str(number)
    assert not opened.errors and opened.requests == [opened.url]


def test_a_page_with_no_case_says_so(browser, tmp_path):
    page = tmp_path / "none.html"
    done = run_cli("logic", "--html", str(page), str(tmp_path / "missing.txt"))
    assert done.returncode == 1 and page.exists()
    tab = Opened(browser, page)
    try:
        assert "No puzzle could be read" in (tab.tab.locator("#summary").text_content() or "")
        assert not tab.errors and tab.requests == [tab.url]
    finally:
        tab.close()


@pytest.mark.parametrize(
    ("kind", "technique"), [("thermo", "thermometer"), ("killer", "killer cage"), ("renban", "renban line")]
)
def test_a_rule_step_highlights_its_rule(browser, tmp_path, kind, technique):
    # Issue 40: a step with a rule shades the rule's cells (a whole
    # thermometer, cage or line), as the step's "rule" role says.
    found = (
        (p, k, s)
        for p in sorted((p for k, p, _ in load_rules() if k == kind), key=lambda p: -p.size)
        for k, s in enumerate(solve_logic(p).steps)
        if s.technique == technique
    )
    puzzle, k, step = next(found)
    rule_cells = dict((name, items) for name, _, items in step.roles)["rule"]
    assert len(rule_cells) >= 2 and {c for c, _ in step.eliminations} <= set(rule_cells)
    source = tmp_path / "thermo.json"
    source.write_text(json.dumps(to_fpuzzles_json(puzzle)))
    page = tmp_path / "thermo.html"
    done = run_cli("logic", "--html", str(page), str(source))
    assert done.returncode == 0, done.stderr
    tab = Opened(browser, page)
    try:
        tab.tab.click(f"[data-step='{k}']")
        assert tab.text("step-text") == step.text
        shaded = tab.tab.evaluate(
            """() => [...document.querySelectorAll('#shade rect[fill="url(#p-house)"]')]
                .filter(r => r.getAttribute('stroke') === '#555').length"""
        )
        assert shaded == len(rule_cells)
        assert not tab.errors and tab.requests == [tab.url]
    finally:
        tab.close()


def test_drawings_of_fish_leftovers_and_chains(opened, made):
    """The step's parts are drawn: a fish's base and cover, the Law of
    Leftovers' innies and outies, a chain's strong and weak links."""
    _, cases, _, _ = made

    def first(number: int, test) -> int:
        return next(k for k, s in enumerate(cases[number]["steps"]) if test(s["technique"]))

    def at(number: int, k: int) -> dict[str, int]:
        opened.case(number)
        opened.tab.click(f"[data-step='{k}']")
        return opened.tab.evaluate(
            """() => ({
                base: document.querySelectorAll('#shade [fill="url(#p-base)"]').length,
                cover: document.querySelectorAll('#shade [fill="url(#p-cover)"]').length,
                innies: document.querySelectorAll('#shade [fill="url(#p-innies)"]').length,
                outies: document.querySelectorAll('#shade [fill="url(#p-outies)"]').length,
                strong: document.querySelectorAll('#links .strong').length,
                weak: document.querySelectorAll('#links .weak').length})"""
        )

    fish = list(FAMILIES).index("subsets and fish") + 1
    drawn = at(fish, first(fish, lambda t: "wing" in t or "fish" in t))
    assert drawn["base"] > 0 and drawn["cover"] > 0
    leftovers = list(FAMILIES).index("leftovers") + 1
    drawn = at(leftovers, first(leftovers, lambda t: t == "law of leftovers"))
    assert drawn["innies"] > 0 and drawn["outies"] > 0
    chains = list(FAMILIES).index("forcing and dynamic chains") + 1
    drawn = at(chains, first(chains, lambda t: "forcing chain" in t))
    assert drawn["strong"] > 0 and drawn["weak"] > 0
    wings = list(FAMILIES).index("wings") + 1
    drawn = at(wings, first(wings, lambda t: t in ("xy-wing", "xyz-wing", "w-wing")))
    assert drawn["strong"] > 0 and drawn["weak"] > 0


def screenshot(tab: Opened, number: int, position: int, path: Path) -> dict:
    """A picture of case ``number`` at ``position``; the board's box on the page."""
    tab.case(number)
    tab.tab.click(f"[data-step='{position}']")
    tab.tab.screenshot(path=str(path))
    return tab.tab.locator("#grid").bounding_box()


@pytest.mark.parametrize("which", ["9x9", "16x16"])
def test_screenshots_are_drawn_within_the_viewport(opened, made, tmp_path, which):
    _, _, puzzles, _ = made
    number = 1 if which == "9x9" else len(puzzles)
    box = screenshot(opened, number, 5, tmp_path / "page.png")
    assert box["x"] >= 0 and box["y"] >= 0
    assert box["x"] + box["width"] <= VIEWPORT["width"] and box["y"] + box["height"] <= VIEWPORT["height"]
    data = (tmp_path / "page.png").read_bytes()
    assert len(data) > 20_000
    assert png_colours(data) > 20
    assert not opened.errors and opened.requests == [opened.url]


def main() -> None:
    """Remake docs/logic-page.png: the chains puzzle at its first forcing chain."""
    from playwright.sync_api import sync_playwright

    from squiggly_cp.formats.detect import write_puzzles as write

    unique = list(load_unique())
    puzzle = unique[FAMILIES["wings"]][0]
    folder = ROOT / "benchmarks" / ".cache"
    folder.mkdir(parents=True, exist_ok=True)
    source, page = folder / "page.txt", folder / "page.html"
    source.write_text(write([puzzle], "line"))
    done = run_cli("logic", "--json", "--html", str(page), str(source))
    steps = json.loads(done.stdout)["steps"]
    k = next(k for k, s in enumerate(steps) if s["technique"] in ("xy-wing", "w-wing", "xyz-wing"))
    with sync_playwright() as driver:
        launched = launch(driver)
        tab = Opened(launched, page)
        screenshot(tab, 1, k, ROOT / "docs" / "logic-page.png")
        launched.close()
    print(f"docs/logic-page.png: step {k + 1}, {steps[k]['technique']}")


if __name__ == "__main__":
    main()
