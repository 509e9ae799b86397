"""The installed `squiggly-cp generate` as a subprocess: options, streaming, --layout,
--killer and the rules a --layout brings."""

from __future__ import annotations

import signal
import subprocess
import time
from pathlib import Path

import pytest

from conftest import cli_env, console_script, invoke_cli, run_cli
from squiggly_cp.core.puzzle import Puzzle
from squiggly_cp.core.rules import KillerCage
from squiggly_cp.formats.detect import detect_format, read_puzzles
from squiggly_cp.formats.registry import write_one
from squiggly_cp.make.generate import generate
from squiggly_cp.make.regionmaps import random_layout
from squiggly_cp.make.targets import rating_target
from test_generate import LAYOUT_6, RULES_6, check_cages, check_claims, check_rule_claims, clue_orbits
from test_regionmaps import UNFILLABLE, grid_text, labels, rotated_region_map


def generated(*args: str) -> list[Puzzle]:
    done = run_cli("generate", "--to", "line", *args)
    assert done.returncode == 0, done.stderr
    puzzles = read_puzzles(done.stdout.decode(), "line")
    assert all(isinstance(p, Puzzle) for p in puzzles)
    return puzzles  # type: ignore[return-value]


def test_options_reach_the_puzzles() -> None:
    args = ("--count", "3", "--size", "6", "--kind", "minimal", "--seed", "4")
    puzzles = generated(*args, "--symmetry", "mirror-lr", "--layout-symmetry", "rot2")
    assert (
        len(puzzles) == 3
        and generated(*args, "--symmetry", "mirror-lr", "--layout-symmetry", "rot2") == puzzles
    )
    for puzzle in puzzles:
        assert puzzle.size == 6 and rotated_region_map(puzzle.regions, 6, 2)
        check_claims(puzzle, "minimal", "mirror-lr")
        clue_orbits(puzzle, "mirror-lr")


def test_layout_file_is_used(tmp_path) -> None:
    layout = random_layout(__import__("random").Random(9), 7)
    path = tmp_path / "drawn.txt"
    path.write_bytes(grid_text(layout, 7))
    puzzles = generated("--layout", str(path), "--count", "2", "--kind", "unique")
    assert [p.regions for p in puzzles] == [layout, layout]
    for puzzle in puzzles:
        check_claims(puzzle, "unique")
    path.write_bytes(grid_text(labels(UNFILLABLE), 6))
    done = run_cli("generate", "--layout", str(path), "--to", "grid")
    assert done.returncode == 1 and b"no completed grid" in done.stderr and done.stdout == b""
    done = run_cli("generate", "--layout", str(tmp_path / "missing.txt"))
    assert done.returncode == 1 and b"cannot read" in done.stderr
    path.write_bytes(b"1234\n")
    done = run_cli("generate", "--layout", str(path))
    assert done.returncode == 1 and b"cannot tell the format" in done.stderr
    assert done.stderr.startswith(b"squiggly-cp: error: --layout '") and done.stderr.count(b"\n") == 1
    # A name with a newline is quoted, not split over two lines (issue 21, item 14).
    missing, bad = tmp_path / "no\nsuch", tmp_path / "two\nlines.txt"
    bad.write_bytes(b"1234\n")
    for name, shown in ((missing, b"no\\nsuch"), (bad, b"two\\nlines")):
        done = run_cli("generate", "--layout", str(name))
        assert done.returncode == 1 and done.stderr.count(b"\n") == 1 and shown in done.stderr, done.stderr


def test_bad_combinations_are_usage_errors() -> None:
    assert run_cli("generate", "--size", "6", "--layout-symmetry", "rot4").returncode == 2
    assert run_cli("generate", "--size", "6", "--to", "hdu").returncode == 2
    assert run_cli("generate", "--to", "plain").returncode == 2
    assert run_cli("generate", "--symmetry", "spiral").returncode == 2


def test_the_default_is_one_puzzle_a_line_for_every_size() -> None:
    for size, length in ((9, 162), (4, 32)):
        done = run_cli("generate", "--count", "2", "--size", str(size))
        lines = done.stdout.decode().splitlines()
        assert done.returncode == 0 and [len(line) for line in lines] == [length, length]
        assert detect_format(done.stdout.decode()) == "line"


def test_a_reader_that_goes_away_ends_generate_at_once() -> None:
    """Issue 30's regression: `generate --count 3000 | head -1` made all 3,000
    puzzles (132 s) and exited 0, as the default (then hdu) was written at the
    end. One line a puzzle now leaves as it is made: the run ends at the next
    write after the reader has gone, with status 1."""
    run = subprocess.Popen(
        [console_script(), "generate", "--count", "3000", "--seed", "3"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=cli_env(),
    )
    assert run.stdout is not None
    first = run.stdout.readline()
    run.stdout.close()
    assert len(first) == 163
    assert run.wait(timeout=60) == 1  # long before the 3,000 puzzles (over 100 s)


def test_a_count_is_bounded() -> None:
    """Issue 30, defect 10: --count 99999999999999999999 was taken."""
    huge = run_cli("generate", "--count", "99999999999999999999")
    assert huge.returncode == 2 and huge.stdout == b""
    counted = run_cli("generate", "--count", "2000000", "--to", "hdu")
    (line,) = counted.stderr.decode().splitlines()[-1:]
    assert counted.returncode == 2 and "at most 1,000,000" in line


def test_time_limit_reports_and_goes_on() -> None:
    args = ("--size", "16", "--count", "2", "--kind", "minimal", "--time-limit", "0.01", "--to", "line")
    done = run_cli("generate", *args)
    assert done.returncode == 4 and done.stdout == b""
    assert done.stderr.decode().count("left out") == 2


def first_line_of_many(size: int) -> tuple[subprocess.Popen[bytes], bytes]:
    """A generate run that would take minutes, and the first line it writes."""
    args = ["generate", "--size", str(size), "--count", "100000", "--to", "line"]
    proc = subprocess.Popen([console_script(), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None
    return proc, proc.stdout.readline()


def test_each_puzzle_is_written_when_made() -> None:
    # The first puzzle reaches the reader while the generator is still at work on
    # the others (a count that would take minutes), and closing the pipe ends the run.
    proc, first = first_line_of_many(9)
    assert len(first) == 2 * 81 + 1
    assert proc.stdout is not None
    proc.stdout.close()
    assert proc.wait(timeout=60) != 0


def _rated(text: bytes, *options: str) -> list[dict]:
    """`rate --json`'s rows for ``text`` (the reference: run in this process)."""
    import json

    done = invoke_cli("rate", "--json", *options, "-", stdin=text)
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_difficulty_and_rating_targets_are_met_as_rate_sees_them() -> None:
    from squiggly_cp.core.puzzle import Verdict
    from squiggly_cp.engines.dlx import solve as dlx_solve

    done = run_cli("generate", "--difficulty", "medium", "--count", "3", "--seed", "5", "--symmetry", "rot2")
    assert done.returncode == 0, done.stderr
    puzzles = read_puzzles(done.stdout.decode(), "line")
    for puzzle in puzzles:
        assert isinstance(puzzle, Puzzle)
        assert dlx_solve(puzzle, time_limit=20).verdict is Verdict.UNIQUE  # a second engine
        clue_orbits(puzzle, "rot2")  # asserts the clue positions are symmetric
    rows = _rated(done.stdout)
    assert [row["level"] for row in rows] == ["medium"] * 3
    ranged = run_cli("generate", "--rating", "3.0..4.0", "--kind", "minimal", "--count", "2", "--seed", "6")
    assert ranged.returncode == 0, ranged.stderr
    assert all(3.0 <= row["rating"] <= 4.0 for row in _rated(ranged.stdout))
    # On SE's scale (seed 3 on ours makes one SE rates 7.2): rated in range by `rate --scale se`.
    se = run_cli("generate", "--rating", "4.0..5.0", "--scale", "se", "--count", "1", "--seed", "3")
    assert se.returncode == 0, se.stderr
    assert [4.0 <= row["rating"] <= 5.0 for row in _rated(se.stdout, "--scale", "se")] == [True]


def test_a_difficulty_with_rules_is_met_as_rate_sees_them(tmp_path: Path) -> None:
    """Killers and a layout's rules, to a level and to a rating range: unique
    by brute force, rated in range by `rate` (which reads the rules too)."""
    done = run_cli("generate", "--killer", "--size", "6", "--difficulty", "medium", "--count=2", "--seed=2")
    assert done.returncode == 0, done.stderr
    killers = read_puzzles(done.stdout.decode())
    assert len(killers) == 2
    for puzzle in killers:
        assert isinstance(puzzle, Puzzle) and puzzle.rules
        assert all(isinstance(rule, KillerCage) for rule in puzzle.rules)
        solution = check_rule_claims(puzzle, "unique")
        assert solution is not None
        check_cages(puzzle, solution)
    assert [row["level"] for row in _rated(done.stdout)] == ["medium", "medium"]
    path = tmp_path / "thermo.txt"
    path.write_text(write_one(Puzzle(6, (0,) * 36, LAYOUT_6, rules=RULES_6), "fpuzzles"))
    ranged = run_cli("generate", "--layout", str(path), "--rating=2.0..3.0", "--scale=se", "--count=1")
    assert ranged.returncode == 0, ranged.stderr
    (puzzle,) = read_puzzles(ranged.stdout.decode())
    assert isinstance(puzzle, Puzzle) and puzzle.rules == RULES_6 and puzzle.regions == LAYOUT_6
    check_rule_claims(puzzle, "unique")
    assert [2.0 <= row["rating"] <= 3.0 for row in _rated(ranged.stdout, "--scale", "se")] == [True]


def test_difficulty_usage_errors() -> None:
    for args in (
        ["--difficulty", "medium", "--kind", "none"],
        ["--difficulty", "medium", "--rating", "1..2"],
        ["--rating", "4..3"],
        ["--rating", "hard"],
    ):
        done = run_cli("generate", *args)
        assert done.returncode == 2 and done.stdout == b"", args


def test_help_describes_every_option_and_offers_only_usable_formats() -> None:
    text = run_cli("generate", "--help").stdout.decode()
    assert "How many puzzles (at most" in text and "Output format." in text
    assert "plain" not in text.split("--to", 1)[1].split("\n  --", 1)[0]


def test_ctrl_c_leaves_whole_puzzles() -> None:
    proc, first = first_line_of_many(10)  # the run is under way, past the OR-Tools import
    time.sleep(0.5)
    proc.send_signal(signal.SIGINT)
    rest, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and b"interrupted" in err
    lines = (first + rest).splitlines(keepends=True)
    assert lines and all(len(line) == 2 * 100 + 1 and line.endswith(b"\n") for line in lines)


def test_progress_lines_carry_the_program_name(monkeypatch) -> None:
    # Issue 21: "problems to standard error, one line each", prefixed like every other line.
    from click.testing import CliRunner

    from squiggly_cp.cli import main as cli
    from squiggly_cp.cli.common import Progress

    monkeypatch.setattr(Progress, "EVERY", 0.0)  # a line per puzzle (standard error is no terminal here)
    done = CliRunner().invoke(cli.main, ["generate", "--size", "4", "--count", "2", "--to", "line"])
    assert done.exit_code == 0
    progress = [line for line in done.output.splitlines() if "made in" in line]
    assert len(progress) == 2
    assert all(line.startswith("squiggly-cp: generate: ") for line in progress)


def test_hdu_first_line_counts_the_puzzles_written(monkeypatch) -> None:
    # Issue 21, item 11: a puzzle given up on left T = --count over fewer cases.
    import dataclasses

    from click.testing import CliRunner

    import squiggly_cp.make.generate as making
    from squiggly_cp import read_hdu
    from squiggly_cp.cli import main as cli

    real = making.generate

    def one_given_up(*args, **kwargs):
        for outcome in real(*args, **kwargs):
            given_up = outcome.number == 2
            yield dataclasses.replace(outcome, puzzle=None, reason="given up") if given_up else outcome

    monkeypatch.setattr(making, "generate", one_given_up)
    done = CliRunner().invoke(cli.main, ["generate", "--count", "3", "--to", "hdu"])
    assert done.exit_code == 4  # the time-limit status: a puzzle was left out
    assert done.stdout.startswith("2\n") and len(list(read_hdu(done.stdout))) == 2


def test_a_rating_below_every_step_is_refused() -> None:
    # Issue 21, item 7: --rating ..0.5 printed a completed grid as its puzzle.
    done = run_cli("generate", "--rating", "..0.5", "--count", "1", "--seed", "1", "--to", "line")
    assert done.returncode == 2 and done.stdout == b""
    assert b"no puzzle rates at most 0.5" in done.stderr
    with pytest.raises(ValueError, match=r"at most 0\.9"):
        rating_target(0.0, 0.9)
    # 1.0 is reachable: a puzzle solved by full houses alone, not a completed grid.
    done = run_cli("generate", "--rating", "..1.0", "--count", "1", "--seed", "1", "--to", "line")
    (puzzle,) = read_puzzles(done.stdout.decode())
    assert isinstance(puzzle, Puzzle) and 0 in puzzle.givens


def test_an_unreachable_target_warns_once_and_gives_up() -> None:
    # Issue 21, item 6: --difficulty hard at --size 4 ran until --time-limit, in silence.
    done = run_cli(
        *("generate", "--difficulty", "hard", "--size", "4"),
        *("--count", "2", "--seed", "1", "--time-limit", "120"),
    )
    lines = done.stderr.decode().splitlines()
    assert done.returncode == 4 and done.stdout == b"", lines
    assert all(line.startswith("squiggly-cp: ") for line in lines), lines
    warnings = [line for line in lines if "looks unreachable" in line]
    assert len(warnings) == 1 and "none of the first 3 puzzles rated in range" in warnings[0]
    assert lines.index(warnings[0]) < min(i for i, line in enumerate(lines) if "puzzle 1:" in line)
    for number in (1, 2):
        given_up = f"puzzle {number}: no 'unique' 4x4 puzzle on target found in 20 tries; left out"
        assert f"squiggly-cp: {given_up}" in lines


def test_killers_are_written_as_links_and_read_back() -> None:
    # --killer writes f-puzzles links by default (the one-a-line default cannot hold
    # cages): the puzzles read back are the library's for the seed, cages and all.
    args = ("generate", "--killer", "--size", "6", "--count", "3", "--seed", "3", "--kind", "minimal")
    done = run_cli(*args)
    assert done.returncode == 0, done.stderr
    text = done.stdout.decode()
    assert detect_format(text) == "fpuzzles" and len(text.splitlines()) == 3
    puzzles = read_puzzles(text)
    made = [o.puzzle for o in generate(3, 3, ("minimal",), 6, killer=True)]
    assert puzzles == made
    for puzzle in puzzles:
        assert isinstance(puzzle, Puzzle) and all(isinstance(rule, KillerCage) for rule in puzzle.rules)
        solution = check_rule_claims(puzzle, "minimal")
        assert solution is not None
        check_cages(puzzle, solution)
    assert run_cli(*args).stdout == done.stdout  # the same seed, the same bytes


def test_a_format_without_rules_is_refused_in_one_line() -> None:
    for args in (["--killer", "--to", "line"], ["--killer", "--to", "hdu"], ["--killer", "--to", "grid"]):
        done = run_cli("generate", "--size", "9", *args)
        lines = done.stderr.decode().splitlines()
        assert done.returncode == 2 and done.stdout == b"" and len(lines) == 1, lines
        assert "cannot hold killer cages (--killer)" in lines[0]
    done = run_cli("generate", "--no-rules")
    assert done.returncode == 2 and b"--no-rules goes with --layout" in done.stderr


def test_the_rules_of_a_layout_are_kept(tmp_path: Path) -> None:
    path = tmp_path / "thermo.txt"
    path.write_text(write_one(Puzzle(6, (0,) * 36, LAYOUT_6, rules=RULES_6), "fpuzzles"))
    done = run_cli("generate", "--layout", str(path), "--count", "2", "--kind", "minimal", "--seed", "2")
    assert done.returncode == 0, done.stderr
    puzzles = read_puzzles(done.stdout.decode())
    assert len(puzzles) == 2 and detect_format(done.stdout.decode()) == "fpuzzles"
    for puzzle in puzzles:
        assert isinstance(puzzle, Puzzle) and puzzle.rules == RULES_6 and puzzle.regions == LAYOUT_6
        check_rule_claims(puzzle, "minimal")
    # --no-rules: the regions only, written one a line as without rules.
    plain = generated("--layout", str(path), "--no-rules", "--count", "1", "--kind", "minimal")
    assert plain[0].rules == () and plain[0].regions == LAYOUT_6
    refused = run_cli("generate", "--layout", str(path), "--to", "line")
    lines = refused.stderr.decode().splitlines()
    assert refused.returncode == 2 and len(lines) == 1 and "cannot hold the --layout's rules" in lines[0]
    # --killer cuts cages of its own: a layout that has some must lose its rules first.
    caged = tmp_path / "caged.txt"
    caged.write_text(write_one(Puzzle(6, (0,) * 36, LAYOUT_6, rules=(KillerCage((0, 1), 3),)), "fpuzzles"))
    done = run_cli("generate", "--killer", "--layout", str(caged))
    assert done.returncode == 2 and b"add --no-rules" in done.stderr
    done = run_cli("generate", "--killer", "--layout", str(caged), "--no-rules", "--count", "1")
    (killer,) = read_puzzles(done.stdout.decode())
    assert isinstance(killer, Puzzle) and killer.regions == LAYOUT_6
    solution = check_rule_claims(killer, "unique")  # the cages it cut, the only rules
    assert solution is not None
    check_cages(killer, solution)
    # Rules no grid of the layout keeps: one line, no traceback.
    clash = tmp_path / "clash.txt"
    rules = (KillerCage((0, 1), 3), KillerCage((0, 1), 5))
    clash.write_text(write_one(Puzzle(6, (0,) * 36, LAYOUT_6, rules=rules), "fpuzzles"))
    done = run_cli("generate", "--layout", str(clash), "--count", "1")
    lines = done.stderr.decode().splitlines()
    assert done.returncode == 1 and len(lines) == 1, lines
    assert "no completed grid keeping its rules" in lines[0]
