"""The installed `squiggly-cp solve`, run as a user runs it (a subprocess)."""

from __future__ import annotations

import re

import pytest

from conftest import SAMPLE_IN, SAMPLE_OUT, run_cli, sample_tokens

EXPECTED = SAMPLE_OUT.read_bytes()
# The judge's expected answer for each sample case, keyed by case number.
BLOCKS = {int(m.group(1)): m.group(0) for m in re.finditer(rb"Case (\d+):\n(?:(?!Case ).*\n)*", EXPECTED)}


def test_sample_byte_exact() -> None:
    done = run_cli("solve", str(SAMPLE_IN))
    assert done.returncode == 0, done.stderr
    assert done.stdout == EXPECTED
    assert done.stderr == b""


def test_sample_on_one_line_from_stdin() -> None:
    one_line = " ".join(sample_tokens()).encode()
    done = run_cli("solve", "-", stdin=one_line)
    assert done.returncode == 0
    assert done.stdout == EXPECTED


def test_dlx_engine_gives_the_judge_output_too() -> None:
    done = run_cli("solve", "--engine", "dlx", str(SAMPLE_IN))
    assert (done.returncode, done.stdout) == (0, EXPECTED)


def _with(position: int, token: str) -> bytes:
    """The sample with the token at ``position`` (0 = T) replaced."""
    tokens = sample_tokens()
    tokens[position] = token
    return " ".join(tokens).encode()


def _cell(case: int, row: int, col: int) -> int:
    return 1 + (case - 1) * 81 + (row - 1) * 9 + (col - 1)


def _only_cases(numbers: list[int]) -> bytes:
    return b"".join(BLOCKS[k] for k in numbers)


def _check_bad(data: bytes, pattern: str, answered: list[int]) -> str:
    done = run_cli("solve", "-", stdin=data)
    err = done.stderr.decode()
    assert done.returncode == 1, err
    assert done.stdout == _only_cases(answered)
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    assert re.search(pattern, lines[0]), lines[0]
    return lines[0]


def test_non_numeric_token() -> None:
    _check_bad(_with(_cell(2, 3, 4), "abc"), r"case 2, row 3, column 4: 'abc' is not a number", [1, 3])


def test_number_outside_byte_range() -> None:
    _check_bad(_with(_cell(2, 5, 9), "256"), r"case 2, row 5, column 9: 256 is outside 0–255", [1, 3])
    _check_bad(_with(_cell(1, 1, 1), "-3"), r"case 1, row 1, column 1: -3 is outside 0–255", [2, 3])


def test_digit_part_above_nine() -> None:
    tokens = sample_tokens()
    walls = int(tokens[_cell(3, 2, 2)]) & 0xF0
    _check_bad(
        _with(_cell(3, 2, 2), str(walls | 10)),
        r"case 3, row 2, column 2: .*digit part 10.*above 9",
        [1, 2],
    )


def test_wall_disagreement_between_neighbours() -> None:
    # Case 1, r1c1 is 144 = wall up + wall left: give it a wall on the right
    # that r1c2 (18 = up + digit 2) does not have on its left.
    assert sample_tokens()[_cell(1, 1, 1)] == "144"
    _check_bad(
        _with(_cell(1, 1, 1), str(144 + 32)),
        r"case 1, row 1, column 1: a wall on the right side, but row 1, column 2 has no wall on its left",
        [2, 3],
    )


def test_region_of_wrong_size() -> None:
    # Case 2, r1c1 = 144 (up, left) and r1c2 = 48 (up, right): r1c2's right wall
    # and r1c3's left wall (144) separate two regions; removing both merges
    # them into one region of 18 cells.
    tokens = sample_tokens()
    assert (tokens[_cell(2, 1, 2)], tokens[_cell(2, 1, 3)]) == ("48", "144")
    tokens[_cell(2, 1, 2)] = "16"
    tokens[_cell(2, 1, 3)] = "16"
    _check_bad(" ".join(tokens).encode(), r"case 2, row 1, column 1: .*18 cells, not 9", [1, 3])


def test_truncated_last_case() -> None:
    data = " ".join(sample_tokens()[:-7]).encode()
    _check_bad(data, r"case 3, row 9, column 3: the input ends here: this case has 74 of its 81", [1, 2])


def test_t_larger_than_the_data() -> None:
    _check_bad(_with(0, "4"), r"case 4: T says 4 cases, but the input ends after 3", [1, 2, 3])


def test_t_smaller_than_the_data() -> None:
    # The extra case is still read and answered: nothing that can be read is lost.
    _check_bad(_with(0, "2"), r"case 3: T says 2 cases, but more numbers follow", [1, 2, 3])


def test_t_not_a_number() -> None:
    _check_bad(_with(0, "three"), r"the case count T is 'three', not a whole number", [1, 2, 3])


def test_empty_input() -> None:
    for data in (b"", b"  \n\n "):
        _check_bad(data, r"the input is empty", [])


def test_missing_file(tmp_path) -> None:
    done = run_cli("solve", str(tmp_path / "nope.txt"))
    assert done.returncode == 1
    assert done.stdout == b""
    assert re.fullmatch(
        r"squiggly-cp: error: cannot read '.*nope.txt': No such file or directory\n", done.stderr.decode()
    )


def test_directory_instead_of_file(tmp_path) -> None:
    done = run_cli("solve", str(tmp_path))
    assert done.returncode == 1
    assert "cannot read" in done.stderr.decode() and "Traceback" not in done.stderr.decode()


def test_binary_garbage_never_tracebacks() -> None:
    data = bytes(range(256)) * 40
    done = run_cli("solve", "-", stdin=data)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr.decode()
    assert len(done.stderr.decode().splitlines()) >= 1


def test_two_bad_cases_and_a_good_one_each_reported() -> None:
    tokens = sample_tokens()
    tokens[_cell(1, 9, 9)] = "x"
    tokens[_cell(3, 1, 1)] = "999"
    done = run_cli("solve", "-", stdin=" ".join(tokens).encode())
    assert done.returncode == 1
    assert done.stdout == BLOCKS[2]
    lines = done.stderr.decode().splitlines()
    assert [line.split(":")[1].strip() for line in lines] == ["error", "error"]
    assert "case 1, row 9, column 9" in lines[0] and "case 3, row 1, column 1" in lines[1]


def test_time_limit_reports_and_does_not_answer() -> None:
    # A limit far too short for any search. Cases 1 and 2 are decided by
    # propagation before search (a proof, so they are answered); case 3 needs
    # search, runs out of time, and must not get a verdict.
    done = run_cli("solve", "--time-limit", "0.000001", str(SAMPLE_IN))
    assert done.returncode == 4
    assert done.stdout == BLOCKS[1] + BLOCKS[2]
    assert (
        done.stderr.decode()
        == "squiggly-cp: case 3: not decided within the 1e-06 s time limit; not answered\n"
    )


def test_time_limit_and_bad_input_add_up() -> None:
    done = run_cli("solve", "--time-limit", "0.000001", "-", stdin=_with(_cell(2, 1, 1), "q"))
    assert done.returncode == 5


@pytest.mark.parametrize(
    "args",
    [
        ["solve"],
        ["solve", "--engine", "nope", "x"],
        ["solve", "--time-limit", "0", "x"],
        ["solve", "--time-limit", "soon", "x"],
        ["solve", "--time-limit", "nan", "x"],
        ["rate", "--jobs", "-3", "x"],
        ["generate", "--rating", "..0.5"],
        ["frobnicate"],
    ],
)
def test_usage_errors(args: list[str]) -> None:
    done = run_cli(*args)
    assert done.returncode == 2
    assert done.stdout == b""
    # One line, like every other problem (issue 21, item 15: click's block was 3-4 lines).
    err = done.stderr.decode()
    assert err.startswith("squiggly-cp: error: ") and err.count("\n") == 1 and err.endswith("\n"), err
    assert "--help')" in err


def test_help_documents_exit_statuses() -> None:
    done = run_cli("solve", "--help")
    assert done.returncode == 0
    text = done.stdout.decode()
    for status in ("0", "1", "2", "4", "5", "130"):
        assert re.search(rf"^\s+{status}\s", text, re.M), status


def test_every_command_documents_the_ctrl_c_status() -> None:
    # Issue 21, item 15: crosscheck --help and hatch --help left out 130, which they exit with.
    from squiggly_cp.cli import main as cli

    for name in cli.main.commands:
        text = run_cli(name, "--help").stdout.decode()
        assert re.search(r"^\s+130\s+interrupted", text, re.M), name


def test_reader_going_away_ends_quietly() -> None:
    import subprocess

    from conftest import DATA, console_script

    proc = subprocess.Popen(
        [console_script(), "solve", "--jobs", "1", str(DATA / "corpus.in")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None
    assert proc.stdout.readline() == b"Case 1:\n"
    proc.stdout.close()  # as `| head -1` does
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 1
    assert b"Traceback" not in err
