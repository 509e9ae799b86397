"""The workbench page's defects of issue 41 (item 4: 2 and 15), each in
Chromium against the real server, with test_workbench_page.py's `Bench`.

The pages open at a stored unique puzzle: a blank grid's first check looks
for a fixing given, which is the slow part of opening one.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import pytest
from playwright.sync_api import expect

from conftest import start_serve, stop_serve
from squiggly_cp.core.puzzle import DIGIT_CHARS, Puzzle
from squiggly_cp.engines.registry import classify
from test_workbench_page import (  # noqa: F401 (fixtures)
    WINGS,
    Bench,
    _removable,
    bench_at,
    cell_name,
    line_of,
    unique,
)


@pytest.fixture
def unhurried(browser):
    """A page on a server of its own with no time limit: what Make makes to a
    rating range from a seed is then the seed's, however loaded the machine
    (under the default 10 s, a loaded machine ran out of time)."""
    proc, url = start_serve("--workers", "1", "--time-limit", "inf")
    opened: list[Bench] = []
    yield lambda puzzle: opened.append(Bench(browser, url, puzzle)) or opened[-1]
    for bench in opened:
        bench.close()
    stop_serve(proc)


def test_make_rates_its_range_on_the_scale_shown(unhurried, unique):  # noqa: F811
    """Defect 2: the page headlines SE's rating, so Make's range is on SE's
    scale unless the user picks ours, and the range says which."""
    bench = unhurried(unique[WINGS])
    assert bench.tab.input_value("[data-role=make-scale]") == "se"
    bench.tab.select_option("[data-role=difficulty]", "range")
    assert bench.text("range-label") == "SE's ER"
    bench.tab.fill("[data-role=rating-low]", "4.0")
    bench.tab.fill("[data-role=rating-high]", "5.0")
    bench.tab.uncheck("[data-role=keep-layout]")
    bench.tab.fill("[data-role=seed]", "6")  # ours rates this seed's puzzle 3.5: outside 4..5
    bench.tab.click("[data-role=generate]")
    bench.idle()
    assert "seed 6" in bench.text("make-status") and bench.verdict() == "unique"
    # The SE rating the page shows (`rate --scale se`'s, as test_workbench_page checks).
    assert 4.0 <= float(bench.attr("rating", "data-er") or "nan") <= 5.0
    bench.tab.select_option("[data-role=make-scale]", "default")
    assert bench.text("range-label") == "our ER"
    assert not bench.errors


def test_loading_another_puzzle_clears_what_was_said_of_the_last(bench_at, unique):  # noqa: F811
    """Defect 15: the hint and the notes of one puzzle went on showing beside the next."""
    bench = bench_at(unique[WINGS])

    def say_things() -> None:
        bench.tab.click("[data-role=hint]")
        bench.tab.click("[data-role=copy-line]")
        bench.idle()
        # The copy's note comes when the clipboard's promise settles, which no request waits for.
        expect(bench.tab.locator("[data-role=publish-status]")).not_to_be_empty()
        assert bench.text("hint-text") and bench.text("publish-status")

    say_things()
    bench.load(line_of(unique[0]))  # pasted
    assert (bench.text("hint-text"), bench.text("publish-status")) == ("", "")
    assert bench.text("load-status") == "loaded a 4x4 puzzle"
    say_things()
    bench.tab.evaluate(f"location.hash = '#line={line_of(unique[WINGS])}'")  # a shared address
    bench.idle()
    assert (bench.text("hint-text"), bench.text("publish-status"), bench.text("load-status")) == ("", "", "")
    assert not bench.errors


def test_a_wrong_position_names_each_wrong_digit_once(bench_at, unique):  # noqa: F811
    """Defect 15: the hint's sentences ran together, and each wrong digit's
    knock-on (the digit taken out of its peers' candidates) was listed too."""
    puzzle = unique[WINGS]
    n, peers, givens = puzzle.size, puzzle.layout.peers, puzzle.givens
    solution = classify(puzzle).solution
    assert solution is not None
    first, peer = next((c, p) for c in range(n * n) for p in peers[c] if not givens[c] and not givens[p])
    second = next(c for c in range(n * n) if not givens[c] and c != first and c not in peers[first])
    wrong = {first: solution[peer], second: solution[second] % n + 1}  # the first knocks out peer's digit
    bench = bench_at(puzzle)
    bench.tab.click("[data-mode=solve]")
    for cell, digit in wrong.items():
        bench.cell(cell_name(cell, n))
        bench.tab.keyboard.press(DIGIT_CHARS[digit - 1])
    bench.tab.click("[data-role=hint]")
    bench.idle()
    said = [
        f"{cell_name(c, n)} holds {d}, but the solution has {solution[c]} there."
        for c, d in sorted(wrong.items())
    ]
    assert bench.tab.locator("[data-role=wrong] li").all_text_contents() == said
    assert not bench.errors


def test_many_differing_cells_are_marked_and_summarised(bench_at, unique):  # noqa: F811
    """Defect 15: a sparse grid listed every differing cell (183 on a 16x16);
    the sentence names the first 8 and counts the rest, the board marks all."""
    puzzle = unique[185]  # a 6x6 whose first 4 givens alone leave two solutions far apart
    first = [i for i, g in enumerate(puzzle.givens) if g][:4]
    sparse = Puzzle(6, tuple(g if i in first else 0 for i, g in enumerate(puzzle.givens)), puzzle.regions)
    bench = bench_at(sparse)
    assert bench.verdict() == "multiple"
    marked = [name for name, cell in bench.cells().items() if cell["differs"]]
    assert len(marked) > 8
    said = bench.tab.locator("[data-role=details] div").first.text_content() or ""
    assert said.endswith(f", and {len(marked) - 8} more.") and sum(name in said for name in marked) == 8, said
    assert not bench.errors


def test_the_step_shown_is_the_step_highlighted(bench_at, unique):  # noqa: F811
    """Defect 15: "Position 13 of 66" highlighted item 14 (the step drawn at
    position 13); the line now says it is after 13 steps, at step 14."""
    bench = bench_at(unique[WINGS])
    bench.tab.click("[data-role=steps]")
    bench.idle()
    steps = int(bench.tab.locator("#step-count").text_content() or "0")
    now, current = bench.tab.locator("#now"), bench.tab.locator("#step-list li.current")
    for k in (0, 13, steps):
        bench.tab.click(f"[data-step='{k}']")
        text = bench.text("step-text")
        if k < steps:
            assert now.inner_text() == f"After {k} of {steps} steps, step {k + 1}: {text}"
            assert current.get_attribute("value") == str(k + 1) and current.text_content() == text
        else:  # the end: no step, the list's last line (unnumbered) says how it ended
            ending = current.text_content()
            assert ending and now.inner_text() == f"After {k} of {steps} steps: {ending}"
    assert not bench.errors


def test_the_regions_keep_their_colours_in_the_steps_view(bench_at, unique):  # noqa: F811
    """Defect 15: the steps view tinted the regions as the server's drawing
    does, the edit view with the page's palette order; one colouring now."""
    bench = bench_at(unique[WINGS])
    tints = "gs => gs.map(g => [g.getAttribute('x'), g.getAttribute('y'), g.getAttribute('fill')])"
    editing = bench.tab.eval_on_selector_all("#back rect.cell", tints)
    bench.tab.click("[data-role=steps]")
    bench.idle()
    bench.tab.wait_for_selector("#step-list li.current")
    assert bench.tab.eval_on_selector_all("#back rect.cell", tints) == editing and len(editing) == 81
    assert len({fill for _, _, fill in editing}) == 9
    assert not bench.errors


def test_a_unique_puzzles_candidates_are_not_its_solution_in_pencil(bench_at, unique):  # noqa: F811
    """Defect 15: on a unique puzzle the true candidates are the solution, and
    showing them as pencil marks gave it away; the page says so instead."""
    puzzle = unique[WINGS]
    bench = bench_at(puzzle)
    bench.tab.click("[data-role=candidates]")
    bench.idle()
    assert not any(cell["candidates"] for cell in bench.cells().values())
    assert bench.text("candidates-note").startswith("unique: the candidates are the solution")
    # A given cleared: several solutions, whose candidates are shown.
    bench.cell(cell_name(_removable(puzzle), puzzle.size))
    bench.tab.keyboard.press("Backspace")
    bench.idle()
    assert bench.verdict() == "multiple" and bench.text("candidates-note") == ""
    assert any(len(cell["candidates"] or "") > 1 for cell in bench.cells().values())
    assert not bench.errors


def test_make_out_of_time_says_a_longer_limit_would_help(bench_at, unique):  # noqa: F811
    """Defect 15: Make at "beyond" ran out of the server's time and said no
    more; the page says what would help. The server's answer is the one its
    10 s limit gives (test_web_api checks the answer itself), so the test
    need not wait 10 s."""
    bench = bench_at(unique[0])
    cut = json.dumps({"verdict": "unknown", "reason": "the 10 s time limit ran out before a puzzle was made"})
    bench.tab.route("**/api/generate", lambda route: route.fulfill(content_type="application/json", body=cut))
    bench.tab.select_option("[data-role=difficulty]", "beyond")
    bench.tab.click("[data-role=generate]")
    bench.idle()
    said = bench.text("make-status")
    assert said.startswith("No puzzle: the 10 s time limit ran out"), said
    assert "start squiggly-cp serve with a longer --time-limit" in said
    assert not bench.errors


def test_the_page_says_what_lines_of_a_colour_mean(bench_at):  # noqa: F811
    """The workbench's --line-rule. A link whose line no rules text explains is
    refused naming its colour, and the form opens on that colour; said to be
    whispers of gap 3, the 4x4 has no solution (r1c1-r1c3 would need 1-4-1 or
    4-1-4 in one row); said instead to be renban, a blank 4x4 has several."""
    from test_web_read import _odd_line_link

    bench = bench_at()
    bench.load(_odd_line_link())
    assert "(colour #b7f68c) has no meaning" in bench.text("load-status")
    assert bench.tab.evaluate("document.querySelector('[data-role=line-rules-box]').open")
    assert bench.tab.input_value("[data-role=line-colour]") == "#b7f68c"
    bench.tab.select_option("[data-role=line-kind]", "whispers")
    bench.tab.fill("[data-role=line-number]", "3")
    bench.tab.click("[data-role=line-add]")
    assert bench.tab.locator("[data-rule-spec]").all_text_contents() == ["#b7f68c=whispers:3 remove"]
    bench.load(_odd_line_link())
    assert bench.text("load-status") == "loaded a 4x4 puzzle"
    assert bench.verdict() == "none"
    bench.tab.select_option("[data-role=line-kind]", "renban")
    assert bench.tab.locator("[data-role=line-number]").is_hidden()
    bench.tab.click("[data-role=line-add]")  # the colour's second meaning replaces the first
    assert bench.tab.locator("[data-rule-spec]").all_text_contents() == ["#b7f68c=renban remove"]
    bench.load(_odd_line_link())
    assert bench.verdict() == "multiple"
    bench.tab.click("[data-role=line-remove]")
    assert bench.tab.locator("[data-rule-spec]").count() == 0
