"""A rule that no digits keep, through the installed `squiggly-cp`: a puzzle
with no solution, as one whose givens repeat a digit, not bad input.

One file of four cases, written as f-puzzles links by the project's own
writer: a killer cage r1c1-r1c2 of sum 8 on a 4x4 (3 + 4 = 7 at most), the
hand-worked killer of test_cli_variants (unique: its solution checked there
against every 4x4 grid), a thermometer of five cells (five increasing digits
1-4 do not exist) and a sandwich sum of 4 in column 3 (between the 1 and the
4 lie none, one or both of 2 and 3: 0, 2, 3 or 5).
"""

from __future__ import annotations

import json
from pathlib import Path

from conftest import run_cli
from squiggly_cp.core.puzzle import Puzzle, standard_regions
from squiggly_cp.core.rules import KillerCage, Rule, Sandwich, Thermometer
from squiggly_cp.formats.fpuzzles import fpuzzles_link
from test_cli_variants import SOLUTION, _doc

CAGE = "the killer cage r1c1-r1c2 (sum 8)"
THERMO = "the thermometer r1c1-r1c2-r1c3-r1c4-r2c4"
SANDWICH = "the sandwich sum 4 of column 3"
WHY = {
    1: f"{CAGE} cannot hold: no 2 different digits 1-4 sum to 8",
    3: f"{THERMO} cannot hold: 5 cells cannot increase within 1-4",
    4: f"{SANDWICH} cannot hold: digits between 1 and 4 cannot sum to 4",
}


def _link(rule: Rule) -> str:
    return fpuzzles_link(Puzzle(4, (0,) * 16, standard_regions(4), rules=(rule,)))


def _file(tmp_path: Path) -> str:
    lines = [
        _link(KillerCage((0, 1), 8)),
        json.dumps(_doc()),
        _link(Thermometer((0, 1, 2, 3, 7))),
        _link(Sandwich("column", 3, 4)),
    ]
    path = tmp_path / "cannot.txt"
    path.write_text("".join(line + "\n" for line in lines))
    return str(path)


def test_a_rule_no_digits_keep_is_a_puzzle_with_no_solution(tmp_path: Path) -> None:
    file = _file(tmp_path)
    solved = run_cli("solve", file)
    assert (solved.returncode, solved.stderr) == (0, b"")  # no error: a normal run
    lines = solved.stdout.decode().splitlines()
    assert lines[:3] == ["Case 1:", "No solution", "Case 2:"]
    assert "".join(lines[3:7]) == SOLUTION  # the case between is answered as ever
    assert lines[7:] == ["Case 3:", "No solution", "Case 4:", "No solution"]

    told = [json.loads(line) for line in run_cli("solve", "--json", file).stdout.splitlines()]
    assert [answer["verdict"] for answer in told] == ["none", "unique", "none", "none"]
    assert [answer.get("conflict_rules") for answer in told] == [[CAGE], None, [THERMO], [SANDWICH]]

    explained = run_cli("explain", file)
    assert explained.returncode == 0, explained.stderr
    said = explained.stdout.decode().splitlines()
    assert said[0] == f"Case 1: no solution: {WHY[1]}"
    assert said[1] == "Case 2: unique solution"
    assert said[2:] == [f"Case 3: no solution: {WHY[3]}", f"Case 4: no solution: {WHY[4]}"]

    logic = [json.loads(line) for line in run_cli("logic", "--json", file).stdout.splitlines()]
    assert [(answer["verdict"], answer.get("contradiction")) for answer in logic] == [
        ("none", WHY[1]),
        ("unique", None),
        ("none", WHY[3]),
        ("none", WHY[4]),
    ]
    assert logic[1]["solved"] and not logic[0]["steps"]
