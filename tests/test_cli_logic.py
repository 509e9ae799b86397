"""`squiggly-cp logic` and `rate` through the installed command."""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import threading
import time

import pytest

from conftest import SAMPLE_IN, SAMPLE_OUT, cli_env, console_script, run_cli, sample_tokens
from squiggly_cp import read_hdu
from squiggly_cp.formats.detect import write_puzzles
from squiggly_cp.logic import TECHNIQUES

SOLUTION = "".join(SAMPLE_OUT.read_text().split()[2:11])


def test_rate_lines_and_json() -> None:
    done = run_cli("rate", str(SAMPLE_IN))
    assert done.returncode == 0 and done.stderr == b""
    lines = done.stdout.decode().splitlines()
    assert lines[0].startswith("Case 1: unique, rating ")
    assert lines[1:] == ["Case 2: no solution (not rated)", "Case 3: several solutions (not rated)"]
    rows = [json.loads(line) for line in run_cli("rate", "--json", str(SAMPLE_IN)).stdout.splitlines()]
    assert [r["verdict"] for r in rows] == ["unique", "none", "multiple"]
    first = rows[0]
    assert {"case", "verdict", "rating", "score", "level", "hardest", "counts"} <= set(first)
    assert first["level"] in ("easy", "medium", "hard", "fiendish", "beyond")
    assert first["hardest"] in TECHNIQUES and sum(first["counts"].values()) > 0
    assert set(rows[1]) == set(rows[2]) == {"case", "verdict"}
    # The same with worker processes.
    assert run_cli("rate", "--jobs", "2", str(SAMPLE_IN)).stdout == done.stdout


def test_logic_steps_replay_to_the_judges_solution() -> None:
    done = run_cli("logic", "--json", str(SAMPLE_IN))
    assert done.returncode == 0
    first, second, third = (json.loads(line) for line in done.stdout.splitlines())
    assert first["case"] == 1 and first["verdict"] == "unique" and first["solved"] is True
    grid = list(next(read_hdu(SAMPLE_IN)).puzzle.givens)
    for step in first["steps"]:
        assert {"technique", "difficulty", "placements", "eliminations", "text"} <= set(step)
        for placement in step["placements"]:
            cell, digit = placement.split("=")
            r, c = cell[1:].split("c")
            grid[(int(r) - 1) * 9 + int(c) - 1] = int(digit)
        for elimination in step["eliminations"]:
            cell, digit = elimination.split("-")
            r, c = cell[1:].split("c")
            assert SOLUTION[(int(r) - 1) * 9 + int(c) - 1] != digit  # never the solution's digit
    assert "".join(map(str, grid)) == SOLUTION
    assert first["candidates"] == list(SOLUTION)
    assert second["verdict"] == "none" and second["solved"] is False
    # Case 2 gives 1 twice in row 1 (r1c4 and r1c5): said as such.
    assert second["contradiction"] == "r1c4 and r1c5 both hold 1"
    assert third["verdict"] == "multiple" and third["solved"] is False and len(third["candidates"]) == 81


def test_max_technique_stops_early_and_shows_the_candidates() -> None:
    done = run_cli("logic", "--max-technique", "hidden single", str(SAMPLE_IN))
    assert done.returncode == 0
    case3 = done.stdout.decode().split("Case 3:")[1]
    assert "logic stops after" in case3 and "candidates after step" in case3
    capped = run_cli("logic", "--json", "--max-technique", "claiming", str(SAMPLE_IN))
    rows = [json.loads(line) for line in capped.stdout.splitlines()]
    allowed = set(TECHNIQUES[: TECHNIQUES.index("claiming") + 1])
    assert all(step["technique"] in allowed for row in rows for step in row["steps"])
    bad = run_cli("logic", "--max-technique", "guessing", str(SAMPLE_IN))
    assert bad.returncode == 2 and bad.stdout == b""


def test_bad_cases_are_reported_and_the_others_answered() -> None:
    tokens = sample_tokens()
    tokens[1 + 81 + 3] = "x"
    data = " ".join(tokens).encode()
    for command in ("logic", "rate"):
        done = run_cli(command, "--format", "hdu", "-", stdin=data)
        assert done.returncode == 1
        err = done.stderr.decode().splitlines()
        assert err == ["squiggly-cp: error: case 2, row 1, column 4: 'x' is not a number"]
        out = done.stdout.decode()
        assert "Case 1:" in out and "Case 3:" in out and "Case 2:" not in out


def test_every_format_and_size() -> None:
    puzzles = [case.puzzle for case in read_hdu(SAMPLE_IN)]
    expected = run_cli("rate", str(SAMPLE_IN)).stdout
    for fmt in ("grid", "line", "fpuzzles"):
        done = run_cli("rate", "-", stdin=write_puzzles(puzzles, fmt).encode())
        assert (done.returncode, done.stdout) == (0, expected), fmt
    four = "1...\n..2.\n.3..\n...4\nAABB\nAABB\nCCDD\nCCDD\n"
    done = run_cli("logic", "--json", "-", stdin=four.encode())
    row = json.loads(done.stdout)
    assert row["verdict"] in ("unique", "multiple") and len(row["candidates"]) == 16


def test_rate_scale_se_gives_se_figures(tmp_path) -> None:
    # Three stored puzzles (classic, jigsaw, jigsaw with chains) rated by Sukaku
    # Explainer: `rate --scale se --json` gives its ER, EP and ED.
    from se_reference import load

    figures = {f.group: f for f in load() if f.seconds < 1.0}
    chosen = [figures["classic-hard"], figures["jigsaw-medium"], figures["jigsaw-fiendish"]]
    path = tmp_path / "se.txt"
    path.write_text("".join(f.line + "\n" for f in chosen))
    done = run_cli("rate", "--scale", "se", "--json", str(path))
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert [(r["rating"], r["pearl"], r["diamond"]) for r in rows] == [(f.er, f.ep, f.ed) for f in chosen]
    # The text line names all three numbers.
    text = run_cli("rate", "--scale", "se", str(path)).stdout.decode().splitlines()
    f = chosen[0]
    assert f"rating {f.er:.1f} (pearl {f.ep:.1f}, diamond {f.ed:.1f})" in text[0]
    # logic takes the same scale: its steps' hardest is the rating.
    steps = json.loads(run_cli("logic", "--scale", "se", "--json", str(path)).stdout.splitlines()[0])["steps"]
    assert max(s["difficulty"] for s in steps) == f.er


def test_max_technique_must_be_on_the_scale() -> None:
    done = run_cli("logic", "--scale", "se", "--max-technique", "law of leftovers", str(SAMPLE_IN))
    assert done.returncode == 2 and done.stdout == b""
    assert b"not on the se scale" in done.stderr and b"Traceback" not in done.stderr


def test_logic_html_unwritable_is_one_line_and_the_text_still_comes(tmp_path):
    target = tmp_path / "no-such-folder" / "page.html"
    done = run_cli("logic", "--html", str(target), str(SAMPLE_IN))
    assert done.returncode == 1
    lines = done.stderr.decode().splitlines()
    assert len(lines) == 1 and "page.html" in lines[0]
    assert lines[0].startswith("squiggly-cp: error: cannot write")
    assert done.stdout.decode().startswith("Case 1: unique; logic solves it")
    assert not target.exists() and not list(tmp_path.iterdir())


def test_logic_html_page_holds_every_case(tmp_path):
    target = tmp_path / "page.html"
    done = run_cli("logic", "--html", str(target), str(SAMPLE_IN))
    assert done.returncode == 0, done.stderr
    page = target.read_text()
    assert page.startswith("<!DOCTYPE html>") and "__DATA__" not in page and "__CASES__" not in page
    # Self-contained: no address to load anything from.
    # The one kind of link: each case's "Open in SudokuPad", followed only when clicked.
    link = r'<a data-role="sudokupad" data-case="\d+" href="https://sudokupad\.app/scl[^"]*"'
    page = re.sub(link, "", page)
    assert "src=" not in page and "href=" not in page and "@import" not in page
    pieces = re.findall(r'<script type="application/json" data-role="case-data">(.*?)</script>', page)
    cases = [json.loads(piece) for piece in pieces]
    assert [c["case"] for c in cases] == [1, 2, 3]
    assert [len(c["positions"]) for c in cases] == [len(c["steps"]) + 1 for c in cases]


def test_a_fully_given_puzzle_says_so(tmp_path) -> None:
    # Issue 21: "hardest None" and a trailing "; " were printed.
    puzzle = next(read_hdu(SAMPLE_IN)).puzzle
    full = puzzle.with_givens([int(ch) for ch in SOLUTION])
    path = tmp_path / "full.txt"
    path.write_text(write_puzzles([full], "line"))
    rate = run_cli("rate", str(path))
    assert rate.returncode == 0
    assert rate.stdout == b"Case 1: unique, rating 0.0, easy: every cell is given, nothing to solve\n"
    logic = run_cli("logic", str(path))
    assert logic.returncode == 0
    assert logic.stdout.decode().splitlines() == [
        "Case 1: unique; logic solves it in 0 steps; rating 0.0 (easy: every cell is given, nothing to solve)"
    ]
    row = json.loads(run_cli("rate", "--json", str(path)).stdout)
    assert row["rating"] == 0.0 and row["hardest"] is None and row["counts"] == {}


def test_time_limit_bounds_rate_and_logic(tmp_path) -> None:
    # Issue 21, item 3: "Give up on a case after this long" covers the logic path too.
    from logic_check import load_unique

    puzzle, _ = list(load_unique())[850]  # decided in milliseconds, seconds of logic
    path = tmp_path / "hard.txt"
    path.write_text(write_puzzles([puzzle], "line"))
    for command in ("rate", "logic"):
        done = run_cli(command, "--time-limit", "0.5", str(path))
        assert done.returncode == 4 and done.stdout == b"", command
        assert done.stderr == b"squiggly-cp: case 1: not decided within the 0.5 s time limit; not answered\n"


def test_an_empty_html_or_svg_path_is_one_line_and_status_2() -> None:
    """Issue 30, defect 1: `logic --html ""` gave a traceback, `show --svg ""`
    exited 0 having written nothing."""
    for args in (["logic", "--html", ""], ["show", "--svg", ""]):
        done = run_cli(*args, str(SAMPLE_IN))
        lines = done.stderr.decode().splitlines()
        assert done.returncode == 2 and len(lines) == 1 and "needs a file name" in lines[0], done.stderr
        assert done.stdout == b""


def test_the_html_page_is_written_through_a_link_and_into_a_pipe(tmp_path) -> None:
    """Issue 30, defect 2: a symbolic link was replaced by a regular file (and a
    device node too). Now the link's target gets the page and the link stays;
    a named pipe is written into, not replaced."""
    target, link = tmp_path / "target.html", tmp_path / "link.html"
    target.write_text("old")
    link.symlink_to(target)
    done = run_cli("logic", "--html", str(link), str(SAMPLE_IN))
    assert done.returncode == 0, done.stderr
    assert link.is_symlink() and target.read_text().startswith("<!DOCTYPE html>")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.html", "target.html"]

    fifo = tmp_path / "page.fifo"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    done = run_cli("logic", "--html", str(fifo), str(SAMPLE_IN))
    reader.join(60)
    assert done.returncode == 0, done.stderr
    assert stat.S_ISFIFO(fifo.stat().st_mode) and got and got[0].startswith(b"<!DOCTYPE html>")
    assert got[0].rstrip().endswith(b"</html>")


def test_the_html_page_is_written_as_the_cases_are_answered(tmp_path) -> None:
    """Issue 30, defect 6: every case's steps were kept until the end (about
    8 KiB a case). Each case is written to the page's temporary file as it is
    answered: the first case is there while the input is still open."""
    page = tmp_path / "page.html"
    part = tmp_path / ".page.html.part"
    run = subprocess.Popen(
        [console_script(), "logic", "--html", str(page), "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=cli_env(),
    )
    assert run.stdin is not None
    first = write_puzzles([next(iter(read_hdu(SAMPLE_IN))).puzzle], "line")
    # Comment lines fill the first 64 KiB, which is read before the format is told.
    run.stdin.write(first.encode() + b"#\n" * (40 << 10))
    run.stdin.flush()
    deadline = time.monotonic() + 120
    while b'data-role="case-data"' not in (part.read_bytes() if part.exists() else b""):
        assert time.monotonic() < deadline and run.poll() is None
        time.sleep(0.05)
    assert not page.exists()  # put in place only when complete
    run.stdin.write(first.encode())
    run.stdin.close()
    assert run.wait(120) == 0, run.stderr.read() if run.stderr else ""
    assert page.read_text().count('data-role="case-data"') == 2 and not part.exists()


def test_max_technique_takes_any_case_and_other_programs_names() -> None:
    """Issue 30, defect 7: "X-Wing" and "Naked Single" were refused, and the
    error listed about 40 names. Now any case and SE's or HoDoKu's spellings
    are taken, and a miss suggests the closest names, in one line."""
    from squiggly_cp.cli.logic import _ALIASES, TechniqueName

    names = set(TECHNIQUES)
    assert set(_ALIASES.values()) <= names
    convert = TechniqueName().convert
    assert convert("X-Wing", None, None) == "x-wing"
    assert convert("Naked  Single", None, None) == "naked single"
    assert convert("Locked Candidates Type 1 (Pointing)", None, None) == "pointing"  # HoDoKu
    assert convert("Hidden Triplet", None, None) == "hidden triple"  # Sudoku Explainer
    assert convert("Bivalue Universal Grave", None, None) == "bug"
    stuck = run_cli("logic", "--max-technique", "Naked Single", str(SAMPLE_IN))
    assert stuck.returncode == 0, stuck.stderr
    missed = run_cli("logic", "--max-technique", "xwing", str(SAMPLE_IN))
    (line,) = missed.stderr.decode().splitlines()
    assert missed.returncode == 2 and "did you mean 'x-wing'" in line and "jellyfish" not in line


# (`rate` flushes each answer too, but with its default --jobs it reads ahead
# to choose between workers and this process, so its first answer needs more input.)
@pytest.mark.parametrize("command", ["logic", "hint"])
def test_each_answer_leaves_as_soon_as_it_is_made(tmp_path, command) -> None:
    """Issue 30, defect 5: `logic | head -c 1` took 3.8 s to stop, `rate` 0.8 s:
    their answers were held in an 8 KiB buffer, so a reader that had gone was
    noticed only when it filled. Each answer is now written at once: the first
    case's answer arrives while the input is still open."""
    run = subprocess.Popen(
        [console_script(), command, "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=cli_env(),
    )
    assert run.stdin is not None and run.stdout is not None
    first = write_puzzles([next(iter(read_hdu(SAMPLE_IN))).puzzle], "line")
    # Comment lines fill the first 64 KiB, which is read before the format is told.
    run.stdin.write(first.encode() + b"#\n" * (40 << 10))
    run.stdin.flush()
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(run.stdout.readline()), daemon=True)
    reader.start()
    reader.join(60)
    arrived = list(got)  # before the input ends, which would flush any buffer
    run.stdin.close()
    run.wait(120)
    assert arrived and arrived[0].startswith(b"Case 1:"), got
