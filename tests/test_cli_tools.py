"""The other commands through the installed console script: hatch, crosscheck,
convert, show, generate, explain, count and solve --json."""

from __future__ import annotations

import json
import re
import subprocess

import pytest
from click.testing import CliRunner

from conftest import SAMPLE_IN, SAMPLE_OUT, SPARSE_16, cli_env, console_script, run_cli
from squiggly_cp import Puzzle, Result, Verdict, read_hdu
from squiggly_cp.ask import crosscheck
from squiggly_cp.cli import main as cli
from squiggly_cp.formats.detect import read_puzzles, write_puzzles

# The spec's second cross-hatching example: solved by cross-hatching alone.
SOLVABLE_IN = (
    "370004008\n805700300\n200008609\n908400200\n734920800\n000073004\n003100096\n097602000\n080009005\n"
)
SOLVABLE_OUT = (
    "379264518\n865791342\n241538679\n958416237\n734925861\n612873954\n523187496\n497652183\n186349725\n"
)
# The spec's third example: only partly solved.
PARTIAL_IN = (
    "000204510\n800791000\n200030000\n058016200\n000020000\n000000004\n520007090\n000600000\n106009005\n"
)
PARTIAL_OUT = (
    "...26451.\n8..791..2\n2...3....\n.58.162..\n....2....\n..2.7...4\n52.1.7.9.\n...652...\n1.63.9.25\n"
)


@pytest.mark.parametrize(("given", "expected"), [(SOLVABLE_IN, SOLVABLE_OUT), (PARTIAL_IN, PARTIAL_OUT)])
def test_hatch_plain_detected_and_byte_exact(given: str, expected: str) -> None:
    done = run_cli("hatch", "-", stdin=given.encode())
    assert (done.returncode, done.stdout.decode(), done.stderr) == (0, expected, b"")


def test_hatch_error_and_steps() -> None:
    # Two 5s in the top-left box, sharing neither row nor column.
    rows = ["500000000", "005000000"] + ["000000000"] * 7
    text = ("\n".join(rows) + "\n").encode()
    assert run_cli("hatch", "--format", "plain", "-", stdin=text).stdout == b"ERROR\n"
    done = run_cli("hatch", "--steps", "-", stdin=text)
    assert done.stdout == b"r1c1 and r2c3 both hold 5 in region 1\nERROR\n"


def test_hatch_steps_list_placements_in_pass_order() -> None:
    lines = run_cli("hatch", "--steps", "-", stdin=SOLVABLE_IN.encode()).stdout.decode().splitlines()
    steps, grid = lines[:-9], lines[-9:]
    assert "\n".join(grid) + "\n" == SOLVABLE_OUT
    passes = [
        int(re.fullmatch(r"pass (\d+): r\dc\d = \d \(the only cell for \d in region \d\)", s)[1])
        for s in steps
    ]
    assert passes == sorted(passes) and passes[0] == 1
    assert len(steps) == SOLVABLE_IN.count("0")  # every empty cell placed exactly once


def test_hatch_on_the_judge_format_gives_cases() -> None:
    done = run_cli("hatch", str(SAMPLE_IN))
    out = done.stdout.decode()
    assert done.returncode == 0
    assert re.findall(r"Case \d:", out) == ["Case 1:", "Case 2:", "Case 3:"]
    # Case 1 is solved by the region rule alone: its grid is the judge's answer.
    assert out.split("Case 2:")[0] == SAMPLE_OUT.read_text().split("Case 2:")[0]
    assert "Case 2:\nERROR\n" in out


def test_hatch_rules_singles_fills_at_least_as_much() -> None:
    hatch = run_cli("hatch", "-", stdin=PARTIAL_IN.encode()).stdout.decode()
    singles = run_cli("hatch", "--rules", "singles", "-", stdin=PARTIAL_IN.encode()).stdout.decode()
    assert singles.count(".") <= hatch.count(".")
    for a, b in zip(hatch, singles, strict=True):
        assert a == b or a == "."


def test_hatch_unknown_format_is_a_clear_error() -> None:
    done = run_cli("hatch", "-", stdin=b"hello\nworld\n")
    assert done.returncode == 1 and done.stdout == b""
    assert "name the format with --format" in done.stderr.decode()
    assert len(done.stderr.decode().splitlines()) == 1


def test_crosscheck_reports_a_disagreement(monkeypatch: pytest.MonkeyPatch) -> None:
    real = crosscheck.get_engine

    def fake(name: str):
        engine = real(name)
        if name != "dlx":
            return engine
        return lambda puzzle, time_limit=None: Result(Verdict.NONE)  # a broken engine

    monkeypatch.setattr(crosscheck, "get_engine", fake)
    done = CliRunner().invoke(cli.main, ["crosscheck", str(SAMPLE_IN)])
    assert done.exit_code == 1
    lines = done.output.splitlines()
    assert lines[0] == (
        "case 1: cpsat says unique 521439678763895124984527361346182795157964832812743956"
        "235678419479216583698351247, dlx says none"
    )
    assert lines[1] == "case 3: cpsat says multiple, dlx says none"
    assert re.fullmatch(r"3 cases, 1 agreement, 2 disagreements; cpsat [\d.]+ s, dlx [\d.]+ s", lines[2])


def test_convert_round_trip_keeps_every_puzzle(tmp_path) -> None:
    original = [c.puzzle for c in read_hdu(SAMPLE_IN)]
    current = SAMPLE_IN.read_bytes()
    for fmt in ("grid", "line", "fpuzzles", "hdu"):
        done = run_cli("convert", "--to", fmt, "-", stdin=current)
        assert done.returncode == 0, done.stderr
        current = done.stdout
        assert read_puzzles(current.decode(), fmt) == original
    assert current == b"".join(SAMPLE_IN.read_bytes().split(b"\r"))


def test_convert_fpuzzles_prints_links() -> None:
    done = run_cli("convert", "--to", "fpuzzles", str(SAMPLE_IN))
    links = done.stdout.decode().splitlines()
    assert len(links) == 3 and all(link.startswith("https://f-puzzles.com/?load=") for link in links)


def test_convert_leaves_out_what_does_not_fit() -> None:
    six = run_cli("generate", "--size", "6", "--count", "2", "--to", "line").stdout
    done = run_cli("convert", "--to", "hdu", "-", stdin=six)
    assert done.returncode == 1 and done.stdout == b""
    assert done.stderr.decode().count("only 9x9") == 2


def test_show_draws_walls_and_writes_svg(tmp_path) -> None:
    svg = tmp_path / "case.svg"
    done = run_cli("show", "--solve", "--svg", str(svg), str(SAMPLE_IN))
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode()
    assert out.count("Case ") == 3
    assert "┏" in out and "━" in out and "┃" in out
    assert "(no solution)" in out and "(more than one solution)" in out
    # The unique case is filled in with the judge's solution.
    first = out.split("Case 2:")[0]
    digits = "".join(ch for ch in first.split("\n", 1)[1] if ch.isdigit())
    assert digits == "".join(SAMPLE_OUT.read_text().split()[2:11])
    assert svg.exists() and (tmp_path / "case-2.svg").exists() and (tmp_path / "case-3.svg").exists()
    assert svg.read_text().startswith("<svg")
    solved = svg.read_text()
    # Without --solve the picture holds the puzzle alone: its givens, no solution digits.
    done = run_cli("show", "--svg", str(svg), str(SAMPLE_IN))
    assert done.returncode == 0, done.stderr
    givens = sum(1 for d in next(read_hdu(SAMPLE_IN)).puzzle.givens if d)
    assert svg.read_text().count("</text>") == givens + 1  # and the title
    assert solved.count("</text>") == 81 + 1


def test_show_numbers_pictures_and_headers_by_case(tmp_path) -> None:
    # Issue 21, item 10: with a bad case 2, case 3's picture was NAME-2.svg.
    tokens = SAMPLE_IN.read_text().split()
    tokens[1 + 81 + 4] = "999"  # case 2, row 1, column 5
    svg = tmp_path / "case.svg"
    done = run_cli("show", "--format", "hdu", "--svg", str(svg), "-", stdin=" ".join(tokens).encode())
    assert done.returncode == 1
    assert done.stderr.decode().startswith("squiggly-cp: error: case 2, row 1, column 5")
    out = done.stdout.decode()
    assert out.startswith("Case 1:\n") and "Case 3:\n" in out and "Case 2" not in out
    assert sorted(path.name for path in tmp_path.iterdir()) == ["case-3.svg", "case.svg"]
    assert "Case 3" in (tmp_path / "case-3.svg").read_text()


def test_show_notes_a_wall_inside_a_region() -> None:
    tokens = SAMPLE_IN.read_text().split()
    # r1c1 and r1c2 share a region; give them a wall between them, both sides agreeing.
    tokens[1], tokens[2] = str(int(tokens[1]) | 32), str(int(tokens[2]) | 128)
    data = " ".join(tokens).encode()
    done = run_cli("show", "--format", "hdu", "-", stdin=data)
    assert done.returncode == 0
    assert done.stdout == run_cli("show", str(SAMPLE_IN)).stdout
    assert done.stderr.decode() == (
        "squiggly-cp: note: case 1, row 1, column 1: the wall on its right side lies inside a region "
        "and is ignored\n"
    )
    assert run_cli("solve", "-", stdin=data).stdout == SAMPLE_OUT.read_bytes()


def test_an_empty_input_is_not_a_format_problem() -> None:
    for command in ("show", "hatch", "count"):
        done = run_cli(command, "-", stdin=b"")
        assert done.returncode == 1
        assert done.stderr.decode() == "squiggly-cp: error: the input is empty: no puzzle to read\n"


def test_generate_is_seeded_and_each_kind_is_true() -> None:
    first = run_cli("generate", "--count", "6", "--kind", "mixed", "--seed", "11")
    again = run_cli("generate", "--count", "6", "--kind", "mixed", "--seed", "11")
    assert first.returncode == 0 and first.stdout == again.stdout
    answers = run_cli("solve", "--engine", "dlx", "-", stdin=first.stdout).stdout.decode()
    kinds = [
        ("none" if "No" in b else "multiple" if "Multiple" in b else "unique")
        for b in answers.split("Case ")[1:]
    ]
    assert kinds == ["unique", "multiple", "none"] * 2


def test_solve_json_lines() -> None:
    done = run_cli("solve", "--json", str(SAMPLE_IN))
    assert done.returncode == 0
    rows = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert [r["verdict"] for r in rows] == ["unique", "none", "multiple"]
    assert rows[0] == {
        "case": 1,
        "verdict": "unique",
        "solution": "".join(SAMPLE_OUT.read_text().split()[2:11]),
    }
    # Case 2 of the sample: r1c4 = 17 and r1c5 = 17 hold digit 1 both.
    assert rows[1] == {"case": 2, "verdict": "none", "conflict": ["r1c4=1", "r1c5=1"]}
    a, b = rows[2]["solutions"]
    assert a != b
    assert rows[2]["differ"] == [f"r{i // 9 + 1}c{i % 9 + 1}" for i in range(81) if a[i] != b[i]]


def test_explain_and_count() -> None:
    explained = run_cli("explain", str(SAMPLE_IN)).stdout.decode().splitlines()
    assert explained[0] == "Case 1: unique solution"
    assert explained[1] == "Case 2: no solution: r1c4=1 and r1c5=1 are both in row 1"
    assert explained[2].startswith("Case 3: 2+ solutions, differing in ")
    counted = run_cli("count", "--limit", "100", str(SAMPLE_IN)).stdout.decode().splitlines()
    assert counted[:2] == ["Case 1: 1 solution", "Case 2: 0 solutions"]
    # Case 3's count, checked against the DLX engine's own count.
    from squiggly_cp.engines.dlx import count_solutions

    third = list(read_hdu(SAMPLE_IN))[2].puzzle
    assert counted[2] == f"Case 3: {count_solutions(third, 100)} solutions"
    capped = run_cli("count", "--limit", "2", str(SAMPLE_IN)).stdout.decode().splitlines()
    assert capped[2] == "Case 3: 2 or more solutions"
    one = run_cli("count", "--limit", "1", str(SAMPLE_IN)).stdout.decode().splitlines()
    assert one == ["Case 1: 1 or more solutions", "Case 2: 0 solutions", "Case 3: 1 or more solutions"]


BLANK_16 = "." * 256 + "".join(
    "123456789ABCDEFG"[(r // 4) * 4 + c // 4] for r in range(16) for c in range(16)
)
"""A blank 16x16 on the standard 4x4 boxes, in line form."""


def test_explain_and_solve_json_keep_to_the_budget_on_a_sparse_16x16(tmp_path) -> None:
    """Issue 41, defect 13: on a blank 16x16 the search for a fixing given ran
    100 s (`explain`) and 153 s (`solve --json`): its budget counted CP-SAT's
    deterministic time, none of the loading of its hundreds of models. Now
    each search is charged for that too, and the budget, the same on any
    machine, runs out after about 5 s of work (measured 5-6 s a command).
    A blank grid is now answered without a search (no given fixes a grid
    whose givens lack three digits), so the budget is shown on a sparse
    16x16 with every digit given. The subprocess timeout, a generous 60 s,
    only keeps a regression from holding up the suite: the answer, not the
    time, is what is checked."""
    path = tmp_path / "sparse16.txt"
    path.write_text(SPARSE_16 + "\n")
    explained = run_cli("explain", str(path), timeout=60)
    assert explained.returncode == 0, explained.stderr
    line = explained.stdout.decode().strip()
    assert line.startswith("Case 1: 2+ solutions, differing in ")
    assert line.endswith("; no single added given making it unique was found within the search budget")
    told = run_cli("solve", "--json", str(path), timeout=60)
    assert told.returncode == 0, told.stderr
    row = json.loads(told.stdout)
    assert (row["verdict"], row["suggestion"], row["exhaustive"], row["stopped_by"]) == (
        "multiple", None, False, "budget"
    )
    assert line.split("differing in ")[1].split(";")[0].split() == row["differ"]


def test_a_blank_16x16_has_no_fixing_given_at_once(tmp_path) -> None:
    """Every digit is absent from a blank grid's givens, so no single given
    makes it unique (two digits still absent swap): said with no search."""
    path = tmp_path / "blank16.txt"
    path.write_text(BLANK_16 + "\n")
    row = json.loads(run_cli("solve", "--json", str(path), timeout=60).stdout)
    assert (row["verdict"], row["suggestion"], row["exhaustive"]) == ("multiple", None, True)
    assert "stopped_by" not in row


def test_count_candidates_grid() -> None:
    done = run_cli("count", "--candidates", str(SAMPLE_IN))
    blocks = done.stdout.decode().split("Case ")[1:]
    assert blocks[1] == "2:\nNo solution\n"
    solution = "".join(SAMPLE_OUT.read_text().split()[2:11])
    cells = blocks[0].split("\n", 1)[1].split()
    # A unique puzzle's true candidates are its solution's digits.
    assert ["".join(ch for ch in cell if ch != ".") for cell in cells] == list(solution)


def test_convert_to_plain_refuses_more_than_one_puzzle_and_writes_one() -> None:
    from squiggly_cp import Puzzle, write_puzzles

    two = [Puzzle.standard([0] * 81), Puzzle.standard([1] + [0] * 80)]
    done = run_cli("convert", "--to", "plain", "-", stdin=write_puzzles(two, "line").encode())
    assert done.returncode == 1 and done.stdout == b""
    refusal = b"the plain format holds one puzzle; 2 were read, none written"
    assert done.stderr == b"squiggly-cp: error: " + refusal + b"\n"
    one = run_cli("convert", "--to", "plain", "-", stdin=write_puzzles(two[1:], "line").encode())
    assert one.returncode == 0 and read_puzzles(one.stdout.decode()) == two[1:]


@pytest.mark.parametrize(
    "args",
    [
        ["crosscheck", "--time-limit", "1e-9", "-"],
        ["generate", "--count", "20", "--to", "hdu", "--time-limit", "1e-9"],
        ["convert", "--to", "hdu", "-"],
    ],
    ids=lambda args: args[0],
)
def test_a_reader_gone_before_anything_is_written_stops_the_run_at_once(args) -> None:
    """Issue 30, defect 11: crosscheck and generate --to hdu write at the end,
    so a reader that had gone was noticed only then, after all the work. Each
    case (or puzzle) now first looks whether the pipe's reader is still there.
    Here every case would give a line on standard error (a time-out, or a
    puzzle hdu cannot hold): the run stops at once, with at most one."""
    six = Puzzle(6, [0] * 36, [i // 6 for i in range(36)])
    if args[0] == "convert":
        data = write_puzzles([six] * 600, "line")
    else:
        data = write_puzzles([case.puzzle for case in read_hdu(SAMPLE_IN)] * 200, "hdu")
    run = subprocess.Popen(
        [console_script(), *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=cli_env(),
    )
    assert run.stdout is not None
    run.stdout.close()  # the reader is gone before the first answer
    _, err = run.communicate(data.encode(), timeout=120)
    assert run.returncode == 1 and len(err.splitlines()) <= 1, err[:300]
