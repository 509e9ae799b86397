"""A 16x16 being set in the workbench (issue 41, part 2), in Chromium
against the real server, with test_workbench_page.py's `Bench`: after an
edit the verdict is shown first, the true candidates marked partial, then
complete, and then they are `count --candidates`' (the library's
`true_candidates`).

The grids are the benchmark's recorded edits
(benchmarks/workbench16_edits.txt), near their end, where a check is quick.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from conftest import EDITS_16 as EDITS
from squiggly_cp.ask.count import true_candidates
from squiggly_cp.core.puzzle import DIGIT_CHARS, Puzzle
from squiggly_cp.formats.open import cases_in
from test_workbench_page import bench_at, cell_name  # noqa: F401 (fixtures)

# Each change of the verdict or of the candidates' state, in order.
RECORD = """() => {
  window.__seen = [];
  const note = document.querySelector("[data-role=candidates-note]");
  const verdict = document.querySelector("[data-role=verdict]");
  const look = () => {
    const last = window.__seen[window.__seen.length - 1];
    const now = {verdict: verdict.getAttribute("data-verdict"), complete: note.getAttribute("data-complete")};
    if (!last || last.verdict !== now.verdict || last.complete !== now.complete) window.__seen.push(now);
  };
  const watch = new MutationObserver(look);
  watch.observe(note, {attributes: true});
  watch.observe(verdict, {attributes: true});
}"""


def puzzle_of(line: str) -> Puzzle:
    return next(cases_in(line.encode())).puzzle


def test_the_verdict_comes_before_the_candidates(bench_at):  # noqa: F811
    before, after = puzzle_of(EDITS[51]), puzzle_of(EDITS[52])
    (cell,) = [c for c in range(256) if before.givens[c] != after.givens[c]]
    bench = bench_at(before)
    bench.tab.check("[data-role=candidates]")
    bench.idle()
    assert bench.attr("candidates-note", "data-complete") == "true"
    bench.tab.evaluate(RECORD)
    bench.cell(cell_name(cell, 16))
    bench.tab.keyboard.press(DIGIT_CHARS[after.givens[cell] - 1])
    bench.idle()
    seen = bench.tab.evaluate("window.__seen")
    checking = next(i for i, s in enumerate(seen) if s["verdict"] == "checking")
    shown = [i for i, s in enumerate(seen) if s["verdict"] == "multiple" and i > checking]
    assert shown, seen
    assert seen[shown[0]]["complete"] == "false", seen  # the verdict, the candidates still partial
    assert seen[-1] == {"verdict": "multiple", "complete": "true"}, seen
    masks = true_candidates(after)
    assert masks is not None
    cells = bench.cells()
    for i, mask in enumerate(masks):
        if not after.givens[i]:
            expected = "".join(DIGIT_CHARS[d] for d in range(16) if mask >> d & 1)
            assert cells[cell_name(i, 16)]["candidates"] == expected, cell_name(i, 16)
    assert not bench.errors
