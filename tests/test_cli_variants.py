"""The commands on variant puzzles (killer cages, dots, extra houses...),
run as the installed `squiggly-cp`, on hand-written f-puzzles documents.

The 4x4 killer below was worked by hand and is checked again here by
enumerating every 4x4 sudoku grid (288 of them) against the cages'
definition, independently of every engine.
"""

from __future__ import annotations

import json
from itertools import permutations
from pathlib import Path
from typing import Any

from conftest import run_cli

# Rows 1 2 3 4 / 3 4 1 2 / 2 1 4 3 / 4 3 2 1, cut into eight two-cell cages.
CAGES = [
    (("R1C1", "R1C2"), 3),
    (("R1C3", "R1C4"), 7),
    (("R2C1", "R3C1"), 5),
    (("R2C2", "R2C3"), 5),
    (("R2C4", "R3C4"), 5),
    (("R3C2", "R3C3"), 5),
    (("R4C1", "R4C2"), 7),
    (("R4C3", "R4C4"), 3),
]
SOLUTION = "1234341221434321"


def _doc(given: bool = True, **extra: Any) -> dict[str, Any]:
    grid: list[list[dict[str, Any]]] = [[{} for _ in range(4)] for _ in range(4)]
    if given:
        grid[0][0] = {"value": 1, "given": True}
    cages = [{"cells": list(cells), "value": str(total)} for cells, total in CAGES]
    return {"size": 4, "grid": grid, "killercage": cages, **extra}


def _write(tmp_path: Path, *docs: dict[str, Any]) -> str:
    path = tmp_path / "variants.txt"
    path.write_text("".join(json.dumps(doc) + "\n" for doc in docs))
    return str(path)


def _latin_squares() -> list[tuple[int, ...]]:
    """Every 4x4 grid whose rows and columns hold 1-4 once (576 of them)."""
    rows = list(permutations(range(1, 5)))
    found = []
    for a in rows:
        for b in rows:
            for c in rows:
                for d in rows:
                    g = a + b + c + d
                    if all(len({g[r * 4 + k] for r in range(4)}) == 4 for k in range(4)):
                        found.append(g)
    return found


def _sudoku_grids() -> list[tuple[int, ...]]:
    boxes = [[(br + i) * 4 + bc + j for i in (0, 1) for j in (0, 1)] for br in (0, 2) for bc in (0, 2)]
    return [g for g in _latin_squares() if all(len({g[c] for c in box}) == 4 for box in boxes)]


def _cell(name: str) -> int:
    return (int(name[1]) - 1) * 4 + int(name[3]) - 1


def _killer_solutions(given: bool) -> list[str]:
    out = []
    for g in _sudoku_grids():
        if given and g[0] != 1:
            continue
        if all(sum(g[_cell(c)] for c in cells) == total for cells, total in CAGES):
            out.append("".join(map(str, g)))
    return out


def test_the_hand_worked_killer_is_what_brute_force_says() -> None:
    assert len(_sudoku_grids()) == 288
    assert _killer_solutions(given=True) == [SOLUTION]
    assert len(_killer_solutions(given=False)) == 2


def test_solve_answers_a_killer_as_the_judge_format_does(tmp_path: Path) -> None:
    file = _write(tmp_path, _doc(), _doc(given=False))
    done = run_cli("solve", file)
    rows = "\n".join(SOLUTION[k : k + 4] for k in range(0, 16, 4))
    assert done.stdout.decode() == f"Case 1:\n{rows}\nCase 2:\nMultiple Solutions\n"
    assert done.returncode == 0, done.stderr
    lines = run_cli("solve", "--json", file).stdout.decode().splitlines()
    first, second = (json.loads(line) for line in lines)
    assert first == {"case": 1, "verdict": "unique", "solution": SOLUTION}
    assert second["verdict"] == "multiple"
    assert sorted(second["solutions"]) == sorted(_killer_solutions(given=False))


def test_dlx_and_crosscheck_name_the_rule_they_cannot_decide(tmp_path: Path) -> None:
    file = _write(tmp_path, _doc(), {"size": 4, "grid": [[{}] * 4] * 4, "diagonal+": True, "diagonal-": True})
    done = run_cli("solve", "--engine", "dlx", file)
    assert done.returncode == 1
    err = done.stderr.decode().splitlines()
    assert err == [
        "squiggly-cp: error: case 1: DLX cannot take the killer cage r1c1-r1c2 (sum 3): "
        "it decides rows, columns, regions and extra houses only"
    ]
    # Case 2 is all houses: DLX decides it (a 4x4 X-sudoku with no givens has several).
    assert done.stdout.decode() == "Case 2:\nMultiple Solutions\n"
    checked = run_cli("crosscheck", file)
    assert checked.returncode == 1
    assert "case 1: DLX cannot take the killer cage r1c1-r1c2 (sum 3)" in checked.stderr.decode()


def test_hatch_refuses_a_rule_in_one_line_and_logic_reasons_with_it(tmp_path: Path) -> None:
    file = _write(tmp_path, _doc())
    done = run_cli("hatch", file)
    err = done.stderr.decode().splitlines()
    assert done.returncode == 1, done.stderr
    assert len(err) == 1 and "the killer cage r1c1-r1c2 (sum 3)" in err[0], err
    assert "Traceback" not in done.stderr.decode()
    # The 4x4 killer with r1c1 = 1 is unique (checked against all 288 grids above).
    path = json.loads(run_cli("logic", "--json", file).stdout)
    assert path["solved"] is True and "killer cage" in {step["technique"] for step in path["steps"]}
    rated = json.loads(run_cli("rate", "--json", file).stdout)
    assert rated["verdict"] == "unique" and rated["hardest"] == "killer cage"
    assert run_cli("hint", file).returncode == 0


def test_hatch_uses_extra_houses(tmp_path: Path) -> None:
    # An X-sudoku 4x4: 1 2 3 4 / 3 4 1 2 / 4 3 2 1 / 2 1 4 3 has both diagonals 1-4.
    # r4c4's row and column leave it 1, 2 or 3... with the negative diagonal
    # holding 1 (r1c1), 4 (r2c2), 2 (r3c3), it is 3 only through the diagonal.
    grid = [[{} for _ in range(4)] for _ in range(4)]
    for r, c, v in ((0, 0, 1), (1, 1, 4), (2, 2, 2)):
        grid[r][c] = {"value": v, "given": True}
    file = _write(tmp_path, {"size": 4, "grid": grid, "diagonal-": True})
    done = run_cli("hatch", "--steps", file)
    assert done.returncode == 0, done.stderr
    assert "r4c4 = 3 (the only cell for 3 in the negative diagonal)" in done.stdout.decode()


def _minimal_conflict(cage: tuple[tuple[str, ...], int]) -> bool:
    """Do the cage and "r1c1 and r1c2 are even" fail together on every grid,
    while any two of the three hold on some grid?"""
    cells, total = cage
    tests = [
        lambda g: sum(g[_cell(c)] for c in cells) == total,
        lambda g: g[0] % 2 == 0,
        lambda g: g[1] % 2 == 0,
    ]
    grids = _sudoku_grids()
    alone = [[t for k, t in enumerate(tests) if k != skip] for skip in range(3)]
    return not any(all(t(g) for t in tests) for g in grids) and all(
        any(all(t(g) for t in kept) for g in grids) for kept in alone
    )


def test_explain_names_the_rules_that_cannot_all_hold(tmp_path: Path) -> None:
    doc = _doc(given=False, even=[{"cell": "R1C1"}, {"cell": "R1C2"}])
    done = run_cli("explain", _write(tmp_path, doc)).stdout.decode()
    # Either cage of row 1 makes a minimal conflict with the two even cells.
    named = [cage for cage in CAGES[:2] if f"the killer cage {_names(cage[0])} (sum {cage[1]})" in done]
    assert len(named) == 1 and _minimal_conflict(named[0])
    cage = f"the killer cage {_names(named[0][0])} (sum {named[0][1]})"
    evens = "the even cell r1c1; the even cell r1c2"
    assert done == f"Case 1: no solution: these rules cannot all hold: {cage}; {evens}\n"


def test_layout_asks_whether_the_rules_can_be_completed(tmp_path: Path) -> None:
    doc = _doc(given=False, even=[{"cell": "R1C1"}, {"cell": "R1C2"}])
    done = run_cli("layout", _write(tmp_path, doc, _doc()))
    lines = done.stdout.decode().splitlines()
    assert lines[0].startswith("Case 1: no completed grid: these rules cannot all hold: the killer cage r1c")
    assert lines[0].endswith("; the even cell r1c1; the even cell r1c2")
    assert lines[1].removeprefix("Case 2: ") in _killer_solutions(given=False)


def test_show_lists_and_draws_the_rules(tmp_path: Path) -> None:
    svg = tmp_path / "p.svg"
    done = run_cli("show", "--svg", str(svg), _write(tmp_path, _doc()))
    text = done.stdout.decode()
    assert text.endswith("Rules:\n" + "".join(f"  the killer cage {_names(c)} (sum {t})\n" for c, t in CAGES))
    drawn = svg.read_text()
    assert drawn.count('data-rule="killer"') == len(CAGES)
    assert 'data-cells="r1c1 r1c2"' in drawn


def _names(cells: tuple[str, ...]) -> str:
    return "-".join(name.lower() for name in cells)


def test_count_and_true_candidates_honour_the_cages(tmp_path: Path) -> None:
    file = _write(tmp_path, _doc(given=False))
    assert run_cli("count", file).stdout.decode() == "Case 1: 2 solutions\n"
    both = _killer_solutions(given=False)
    done = run_cli("count", "--candidates", file).stdout.decode().splitlines()
    digits = [{int(s[k]) for s in both} for k in range(16)]
    cells = [cell for row in done[1:] for cell in row.split()]
    assert [{int(ch) for ch in cell if ch != "."} for cell in cells] == digits


def test_convert_keeps_the_rules_or_refuses_in_one_line(tmp_path: Path) -> None:
    file = _write(tmp_path, _doc())
    refused = run_cli("convert", "--to", "line", file)
    assert refused.returncode == 1
    assert refused.stderr.decode().count("\n") == 1
    assert "cannot hold the killer cage r1c1-r1c2 (sum 3)" in refused.stderr.decode()
    link = run_cli("convert", "--to", "fpuzzles", file).stdout.decode()
    again = tmp_path / "again.txt"
    again.write_text(link)
    assert run_cli("solve", str(again)).stdout.decode().split("\n")[1] == SOLUTION[:4]


def test_a_bad_rule_names_the_case_and_the_rule_and_the_rest_is_answered(tmp_path: Path) -> None:
    bad = _doc(killercage=[{"cells": ["R1C1", "R3C3"], "value": "3"}])  # not connected: malformed
    dot = _doc(difference=[{"cells": ["R1C1", "R2C2"]}])
    done = run_cli("solve", _write(tmp_path, bad, dot, _doc()))
    err = done.stderr.decode().splitlines()
    assert done.returncode == 1
    assert len(err) == 2, err
    assert err[0].startswith("squiggly-cp: error: case 1") and "killer cage r1c1-r3c3 (sum 3)" in err[0]
    assert err[1].startswith("squiggly-cp: error: case 2") and "r1c1-r2c2" in err[1]
    assert done.stdout.decode().startswith("Case 3:\n1234\n")
    assert "Traceback" not in done.stderr.decode()


def test_a_link_whose_solution_breaks_a_rule_is_warned_about(tmp_path: Path) -> None:
    wrong = "2143" + SOLUTION[4:]  # r1c1 and r1c2 swapped: not even the givens
    done = run_cli("solve", _write(tmp_path, _doc(given=False, solution=[int(ch) for ch in wrong])))
    assert "warning: case 1: the solution the link carries breaks" in done.stderr.decode()


def test_a_hostile_rule_is_one_short_line(tmp_path: Path) -> None:
    """A thousand-cell cage, a sum in scientific notation, a rule that is not a
    list: one short line each naming case and rule, no traceback; the good case
    after them is answered."""
    blank: list[list[dict[str, Any]]] = [[{} for _ in range(4)] for _ in range(4)]
    docs = [
        {"size": 4, "grid": blank, "killercage": [{"cells": ["R1C1"] * 1000, "value": "5"}]},
        {"size": 4, "grid": blank, "killercage": [{"cells": ["R1C1", "R1C2"], "value": "1e9"}]},
        {"size": 4, "grid": blank, "thermometer": "garbage"},
        _doc(),
    ]
    done = run_cli("solve", _write(tmp_path, *docs))
    err = done.stderr.decode().splitlines()
    assert done.returncode == 1 and len(err) == 3 and "Traceback" not in done.stderr.decode()
    for k, line in enumerate(err, 1):
        assert line.startswith(f"squiggly-cp: error: case {k}:") and len(line) < 200, line
    assert "(1000 cells)" in err[0]
    assert done.stdout.decode().startswith("Case 4:\n1234\n")


def test_cells_in_no_region_through_solve_count_show_and_links(tmp_path: Path) -> None:
    # r1c1 and r4c4 are in no region ("region": null): boxes 2 and 3 stay houses,
    # boxes 1 and 4 keep three cells whose digits differ.
    grid: list[list[dict[str, Any]]] = [[{} for _ in range(4)] for _ in range(4)]
    grid[0][0] = {"region": None}
    grid[3][3] = {"region": None}
    grid[0][1] = {"value": 2, "given": True}
    doc = {"size": 4, "grid": grid}
    file = _write(tmp_path, doc)
    squares = _latin_squares()
    assert len(squares) == 576
    box1, box2, box3, box4 = (1, 4, 5), (2, 3, 6, 7), (8, 9, 12, 13), (10, 11, 14)
    keep = [
        g
        for g in squares
        if g[1] == 2 and all(len({g[c] for c in box}) == len(box) for box in (box1, box2, box3, box4))
    ]
    assert run_cli("count", file).stdout.decode() == f"Case 1: {len(keep)} solutions\n"
    target, few = keep[0], keep
    for c in range(16):  # give target's digits, cell by cell, until one square is left
        if len({g[c] for g in few}) > 1:
            grid[c // 4][c % 4]["value"], grid[c // 4][c % 4]["given"] = target[c], True
            few = [g for g in few if g[c] == target[c]]
    assert few == [target]
    file = _write(tmp_path, doc)
    answer = json.loads(run_cli("solve", "--json", file).stdout.decode())
    assert answer == {"case": 1, "verdict": "unique", "solution": "".join(map(str, target))}
    shown = run_cli("show", file).stdout.decode()
    top, _, under = shown.splitlines()[:3]
    assert top == "┏━━━┳━━━┳━━━┯━━━┓"  # r1c1 is walled off from r1c2 (box 1), as from r2c1
    assert under.startswith("┣━━━╃───")
    assert "the cells in no region (r1c1, r4c4)" in shown
    link = run_cli("convert", "--to", "sudokupad", file).stdout.decode()
    again = tmp_path / "again.txt"
    again.write_text(link)
    assert run_cli("count", str(again)).stdout.decode() == run_cli("count", file).stdout.decode()
    refused = run_cli("convert", "--to", "line", file)
    assert (
        refused.returncode == 1
        and "cannot hold the cells in no region (r1c1, r4c4)" in refused.stderr.decode()
    )


def _green_line_link(tmp_path: Path) -> str:
    """A blank 4x4 SudokuPad link with one green line r1c1-r1c2-r1c3 and no rules text."""
    from lzstring import LZString

    from squiggly_cp.formats.sudokupad import utf16_units

    line = {"color": "#67f067", "thickness": 9.6, "wayPoints": [[0.5, 0.5], [0.5, 1.5], [0.5, 2.5]]}
    doc = {"cells": [[{} for _ in range(4)] for _ in range(4)], "lines": [line]}
    path = tmp_path / "green.txt"
    data = LZString.compressToBase64(utf16_units(json.dumps(doc)))
    path.write_text(f"https://sudokupad.app/scl{data}\n")
    return str(path)


def test_line_rule_says_what_a_colour_of_line_means(tmp_path: Path) -> None:
    """--line-rule over the drawing: whispers of gap 3 on three cells of a 4x4
    row need 1 and 4 twice (neighbours 3 apart: 1-4-1 or 4-1-4), so no
    solution; as a renban line, the blank grid has many."""
    link = _green_line_link(tmp_path)
    whispers = run_cli("solve", "--format", "sudokupad", "--line-rule", "#67F067=whispers:3", link)
    assert whispers.returncode == 0 and whispers.stdout.decode() == "Case 1:\nNo solution\n"
    renban = run_cli("show", "--line-rule", "#67f067=renban", link)
    assert renban.returncode == 0 and "the renban line r1c1-r1c2-r1c3" in renban.stdout.decode()
    bad = run_cli("solve", "--line-rule", "#67f067=snake", link)
    said = bad.stderr.decode().strip()
    assert bad.returncode == 2 and "'snake' is not a kind of line" in said and "\n" not in said
