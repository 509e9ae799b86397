"""Hostile input and hostile surroundings: each failure a fuzz campaign or a new
user found, through the installed command (no traceback, documented status,
nothing lost)."""

from __future__ import annotations

import contextlib
import json
import os
import select
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import IO

import pytest
from lzstring import LZString

from conftest import DATA, SAMPLE_IN, SAMPLE_OUT, SPARSE_16, console_script, run_cli, sample_tokens
from squiggly_cp import read_hdu
from squiggly_cp.core.position import Position, position_text
from squiggly_cp.formats.detect import write_puzzles
from squiggly_cp.formats.fpuzzles import LINK_PREFIX

SAMPLE = SAMPLE_IN.read_bytes()
ANSWERS = SAMPLE_OUT.read_bytes()
PUZZLES = [case.puzzle for case in read_hdu(SAMPLE)]
DEEP = "[" * 1000


def _cases(text: bytes) -> dict[bytes, bytes]:
    """Judge output split by case: ``{b"1": b"Case 1:\\n...", ...}``."""
    return {b"Case " + block.split(b":")[0]: b"Case " + block for block in text.split(b"Case ")[1:]}


def _one_line(done: subprocess.CompletedProcess[bytes], *words: str) -> str:
    err = done.stderr.decode()
    assert "Traceback" not in err
    assert len(err.splitlines()) == 1, err
    for word in words:
        assert word in err, err
    return err


def test_a_case_count_of_thousands_of_digits() -> None:
    data = b"1" + b"0" * 4300 + b"\n" + b" ".join(SAMPLE.split()[1:])
    for command in ("solve", "hatch"):
        done = run_cli(command, "--format", "hdu", "-", stdin=data)
        assert done.returncode == 1
        _one_line(done, "case count T", "too large")
        assert done.stdout.count(b"Case ") == 3
    assert run_cli("solve", "-", stdin=data).stdout == ANSWERS


def test_deeply_nested_json_loses_no_other_puzzle() -> None:
    done = run_cli("solve", "--format", "fpuzzles", "-", stdin=DEEP.encode())
    assert done.returncode == 1 and done.stdout == b""
    _one_line(done, "nested too deeply")
    link = write_puzzles(PUZZLES[:1], "fpuzzles").strip()
    deep_link = LINK_PREFIX + LZString.compressToBase64(DEEP)
    for middle in (DEEP, deep_link):
        text = "\n".join([link, middle, link]) + "\n"
        for command in ("solve", "hatch", "show"):
            done = run_cli(command, "--format", "fpuzzles", "-", stdin=text.encode())
            assert done.returncode == 1, command
            _one_line(done, "case 2:", "nested too deeply")
            assert done.stdout.count(b"Case 1:") == 1 and done.stdout.count(b"Case 3:") == 1


def test_integers_of_thousands_of_digits_in_json() -> None:
    doc = '{"size":' + "1" * 4301 + "}"
    for text in (doc, LINK_PREFIX + LZString.compressToBase64(doc)):
        done = run_cli("show", "-", stdin=text.encode())
        assert done.returncode == 1 and done.stdout == b""
        err = _one_line(done, "4301 digits")
        assert "Exceeds the limit" not in err


@pytest.mark.parametrize("command", ["solve", "count", "crosscheck", "explain"])
def test_time_limit_nan_is_a_usage_error_and_inf_means_none(command: str) -> None:
    for bad in ("nan", "NaN", "-1", "0", "soon"):
        done = run_cli(command, "--time-limit", bad, str(SAMPLE_IN))
        assert done.returncode == 2, (bad, done.stderr)
        assert done.stdout == b"" and b"Traceback" not in done.stderr
    done = run_cli(command, "--time-limit", "inf", str(SAMPLE_IN))
    assert (done.returncode, done.stderr) == (0, b"")
    if command == "solve":
        assert done.stdout == ANSWERS


def test_jobs_is_capped_and_never_exceeds_the_batches() -> None:
    done = run_cli("solve", "--jobs", "99999999999999999999", str(SAMPLE_IN))
    assert done.returncode == 2 and done.stdout == b""
    start = time.monotonic()
    done = run_cli("solve", "--jobs", "64", str(SAMPLE_IN))
    assert done.returncode == 0 and done.stdout == ANSWERS
    # 3 cases are one batch: one process, so no pool of 64 is started.
    assert time.monotonic() - start < 20


def test_lzstring_bomb_is_refused_quickly() -> None:
    bomb = LINK_PREFIX + LZString.compressToBase64("{" + "a" * 3_000_000)
    good = write_puzzles(PUZZLES[:1], "fpuzzles").strip()
    done = run_cli("solve", "--format", "fpuzzles", "-", stdin=f"{bomb}\n{good}\n".encode())
    assert done.returncode == 1
    _one_line(done, "case 1:", "refused")
    assert done.stdout == _cases(ANSWERS)[b"Case 1"].replace(b"Case 1", b"Case 2")


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["solve", str(SAMPLE_IN)],
        ["solve", "--json", str(SAMPLE_IN)],
        ["show", str(SAMPLE_IN)],
        ["hatch", str(SAMPLE_IN)],
        ["convert", "--to", "grid", str(SAMPLE_IN)],
        ["count", str(SAMPLE_IN)],
    ],
)
def test_unwritable_standard_output(args: list[str]) -> None:
    with open("/dev/full", "wb") as full:
        done = subprocess.run([console_script(), *args], stdout=full, stderr=subprocess.PIPE, check=False)
    assert done.returncode == 1
    _one_line(subprocess.CompletedProcess(args, 1, b"", done.stderr), "cannot write standard output")
    closed = subprocess.run(
        [console_script(), *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        check=False,
        preexec_fn=lambda: os.close(1),
    )
    assert closed.returncode == 1
    _one_line(subprocess.CompletedProcess(args, 1, b"", closed.stderr), "standard output is closed")


def test_a_reader_that_goes_away_stops_convert_at_once() -> None:
    many = write_puzzles(PUZZLES * 2000, "line").encode()
    proc = subprocess.Popen(
        [console_script(), "convert", "--to", "line", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdin is not None and proc.stdout is not None
    # Fed from a thread: convert answers as it reads, and may fill the output pipe first.
    feeder = threading.Thread(target=_feed, args=(proc.stdin, many), kwargs={"close": True}, daemon=True)
    feeder.start()
    proc.stdout.readline()
    proc.stdout.close()
    assert proc.wait(timeout=60) == 1
    assert proc.stderr is not None and proc.stderr.read() == b""


def test_unicode_white_space_separates_numbers() -> None:
    tokens = sample_tokens()
    seps = ["\u00a0", "\u3000", "\x1c", "\u2028", " ", "\x85", "\t"]
    text = tokens[0] + "\n" + "".join(t + seps[i % len(seps)] for i, t in enumerate(tokens[1:]))
    done = run_cli("solve", "-", stdin=text.encode())
    assert (done.returncode, done.stdout, done.stderr) == (0, ANSWERS, b"")


def test_bytes_that_are_not_utf8_spoil_only_their_case() -> None:
    data = SAMPLE.replace(b" 18 ", b" 18\xa0 ", 1)  # a Latin-1 no-break space in case 1
    done = run_cli("solve", "-", stdin=data)
    assert done.returncode == 1
    _one_line(done, "case 1, row 1, column 2", "not UTF-8")
    assert done.stdout == _cases(ANSWERS)[b"Case 2"] + _cases(ANSWERS)[b"Case 3"]


@pytest.mark.parametrize(
    "args",
    [["solve"], ["crosscheck"], ["hatch"], ["show"], ["count"], ["explain"], ["convert", "--to", "line"]],
)
def test_a_byte_order_mark_is_accepted_everywhere(args: list[str]) -> None:
    plain = run_cli(*args, "-", stdin=SAMPLE)
    marked = run_cli(*args, "-", stdin=b"\xef\xbb\xbf" + SAMPLE)
    assert plain.returncode == marked.returncode == 0
    assert marked.stderr == b""
    if args != ["crosscheck"]:  # crosscheck prints timings
        assert marked.stdout == plain.stdout
    utf16 = run_cli(*args, "-", stdin=SAMPLE.decode().encode("utf-16"))
    assert utf16.returncode == 1
    _one_line(utf16, "UTF-16", "save it as UTF-8")


@pytest.mark.parametrize("fmt", ["grid", "line", "fpuzzles"])
def test_solve_reads_other_formats_it_can_tell_apart(fmt: str) -> None:
    text = write_puzzles(PUZZLES, fmt).encode()
    done = run_cli("solve", "-", stdin=text)
    assert (done.returncode, done.stdout, done.stderr) == (0, ANSWERS, b"")


def test_solve_json_names_every_case_and_refuses_dlx() -> None:
    tokens = sample_tokens()
    tokens[1 + 81 + 8] = "x"
    done = run_cli("solve", "--json", "-", stdin=" ".join(tokens).encode())
    assert done.returncode == 1
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [line["case"] for line in lines] == [1, 2, 3]
    assert lines[1] == {"case": 2, "error": "case 2, row 1, column 9: 'x' is not a number"}
    assert [line.get("verdict") for line in lines] == ["unique", None, "multiple"]
    _one_line(done, "case 2, row 1, column 9")
    refused = run_cli("solve", "--json", "--engine", "dlx", str(SAMPLE_IN))
    assert refused.returncode == 2 and refused.stdout == b""


def test_zero_padded_numbers_and_a_stray_last_number() -> None:
    tokens = sample_tokens()
    tokens[1] = "0" * 60 + tokens[1]
    done = run_cli("solve", "-", stdin=" ".join(tokens).encode())
    assert (done.returncode, done.stdout, done.stderr) == (0, ANSWERS, b"")
    done = run_cli("solve", "-", stdin=SAMPLE + b"7\n")
    assert done.returncode == 1 and done.stdout == ANSWERS
    _one_line(done, "after the 3 cases that T announces, 1 more number follows")


def test_a_time_limited_count_with_solutions_is_a_lower_bound() -> None:
    # An empty 9x9 on the sample's layout has astronomically many solutions.
    empty = write_puzzles([PUZZLES[0].with_givens((0,) * 81)], "grid").encode()
    done = run_cli("count", "--limit", "100000000", "--time-limit", "1", "-", stdin=empty)
    assert done.returncode == 0, done.stderr
    found = done.stdout.decode()
    assert found.startswith("Case 1: ") and found.endswith(" or more solutions\n")
    assert int(found.split()[2]) >= 1
    _one_line(done, "time limit stopped the count")


def _corpus_times(copies: int) -> tuple[bytes, bytes]:
    """The corpus repeated, and its expected judge output (from the committed DLX answers)."""
    puzzles = [case.puzzle for case in read_hdu(DATA / "corpus.in")]
    blocks = (DATA / "corpus.out").read_bytes().split(b"Case ")[1:]
    answers = [b":" + block.split(b":", 1)[1] for block in blocks]
    data = write_puzzles(puzzles * copies, "hdu").encode()
    expected = b"".join(b"Case %d" % (k + 1) + answer for k, answer in enumerate(answers * copies))
    return data, expected


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_at_any_moment_gives_130_and_complete_cases(tmp_path, jobs: str) -> None:
    data, expected = _corpus_times(3)
    source = tmp_path / "cases.in"
    source.write_bytes(data)
    # From 0.1 s: before that the interpreter itself is starting, before any of our code.
    for delay in (0.1, 0.25, 0.5, 0.8, 1.4):
        out = tmp_path / "out.txt"
        with out.open("wb") as sink:
            proc = subprocess.Popen(
                [console_script(), "solve", "--jobs", jobs, str(source)],
                stdout=sink,
                stderr=subprocess.PIPE,
                start_new_session=True,
            )
            time.sleep(delay)
            os.killpg(proc.pid, signal.SIGINT)  # as a terminal's Ctrl-C reaches the whole group
            _, err = proc.communicate(timeout=60)
        written = out.read_bytes()
        if proc.returncode == 0:  # finished before the signal
            assert written == expected
            continue
        assert proc.returncode == 130, (delay, err)
        assert err == b"squiggly-cp: interrupted\n", (delay, err)
        assert expected.startswith(written), delay
        assert expected[len(written) : len(written) + 5] in (b"Case ", b""), delay


def test_ctrl_c_stops_the_candidate_search_of_both_threads_at_once(tmp_path) -> None:
    """`count --candidates` on a sparse 16x16 (3-4 s on this machine, 6-12 s
    on slower ones) searches in two threads; only the main one gets Ctrl-C,
    and the other must stop too, not go on through its cells. Three copies,
    so that a quicker machine is still searching when the signal comes."""
    source = tmp_path / "sparse.txt"
    source.write_text((SPARSE_16 + "\n") * 3)
    proc = subprocess.Popen(
        [console_script(), "count", "--candidates", str(source)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    time.sleep(3.0)  # past the listing and the logic, into the two threads' searches
    sent = time.monotonic()
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    waited = time.monotonic() - sent
    assert (proc.returncode, err) == (130, b"squiggly-cp: interrupted\n")
    assert out.count(b"\n") == 17 * out.count(b"Case ") < 3 * 17  # whole cases only ("Case k:", 16 rows)
    assert waited < 2.0


@pytest.mark.parametrize(
    "args",
    [
        ["rate", str(SAMPLE_IN)],
        ["logic", str(SAMPLE_IN)],
        ["layout", str(SAMPLE_IN)],
        ["generate", "--count", "2", "--seed", "1"],
    ],
    ids=lambda args: args[0],
)
def test_ctrl_c_while_or_tools_loads_or_as_the_command_ends(args: list[str]) -> None:
    """These commands load OR-Tools late (at their first search, 0.3-0.7 s in)
    and end about 1 s in. A Ctrl-C inside that import once gave a 40-line
    ImportError traceback, and one just as the command ended killed it by the
    signal (status -2, no line). Now: 130 and one line, or, once the work is
    done and written, status 0."""
    for delay in (0.35, 0.6, 0.8, 1.0):
        proc = subprocess.Popen(
            [console_script(), *args],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
        time.sleep(delay)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=120)
        assert (proc.returncode, err) in ((130, b"squiggly-cp: interrupted\n"), (0, b"")), (delay, err[-300:])


_SAMPLE_PUZZLES = [case.puzzle for case in read_hdu(SAMPLE_IN)]
_COMMANDS = {
    "convert": ["convert", "--to", "line"],
    "logic": ["logic"],
    "layout": ["layout"],
    "explain": ["explain"],
    "count": ["count"],
    "solve": ["solve"],
    "rate": ["rate"],
    "show": ["show"],
    "hint": ["hint"],
}


def _puzzles_text(fmt: str, cases: int) -> bytes:
    """``cases`` of the sample's puzzles, over and over, in ``fmt``; in the judge
    format T announces 100,000 whatever ``cases`` is."""
    puzzles = [_SAMPLE_PUZZLES[k % 3] for k in range(cases)]
    if fmt == "position":  # the text form `logic` prints where it stops, read by `hint`
        blocks = (f"Case {k}:\n{position_text(Position.start(p))}" for k, p in enumerate(puzzles, 1))
        return "".join(blocks).encode()
    text = write_puzzles(puzzles, fmt)
    if fmt == "hdu":
        text = "100000\n" + text.split("\n", 1)[1]
    return text.encode() + (b"\n" if fmt == "grid" else b"")


@pytest.mark.parametrize(
    ("command", "fmt"),
    [(command, "hdu") for command in _COMMANDS]
    + [(command, fmt) for fmt in ("line", "grid", "fpuzzles") for command in ("convert", "logic")]
    + [("show", "line"), ("solve", "fpuzzles"), ("hint", "fpuzzles"), ("hint", "position")],
)
def test_every_command_answers_before_its_input_ends(command: str, fmt: str) -> None:
    """Issue 21, item 5: every command read its whole input first (a 150,000-case
    judge file: 1.39 GB, and `logic | head -1` waited 131 s). Now every format
    but plain is read as it comes: the first answer is written while the rest
    of the input has not even been sent (no clock involved). 1,000 cases are
    more than two read chunks in every format, and more than a worker pool
    reads ahead."""
    proc = subprocess.Popen(
        [console_script(), *_COMMANDS[command], "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdin is not None and proc.stdout is not None
    # Fed from a thread: the answers to come may fill the output pipe first.
    feeder = threading.Thread(target=_feed, args=(proc.stdin, _puzzles_text(fmt, 1000)), daemon=True)
    feeder.start()
    try:
        ready, _, _ = select.select([proc.stdout], [], [], 120)
        assert ready, "no answer while the input stays open"
        first = proc.stdout.readline()
        assert first.strip() and proc.poll() is None, first
    finally:
        proc.kill()
        proc.communicate()


def _feed(stdin: IO[bytes], data: bytes, close: bool = False) -> None:
    """Write ``data`` and keep the pipe open unless ``close``; a process that ended
    before reading it all is fine."""
    with contextlib.suppress(OSError):
        stdin.write(data)
        stdin.flush()
        if close:
            stdin.close()


_MEASURED = (
    "import resource, subprocess, sys; "
    "code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL).returncode; "
    "print(code, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
)
"""Runs a command and prints its status and peak RSS (KiB). The command is a child
of this small process: a child of pytest's would count pytest's pages from the fork."""


def _peak_mib(args: list[str], stdin: Path) -> float:
    """The peak resident memory of ``squiggly-cp ARGS < stdin`` (output thrown away)."""
    with stdin.open("rb") as source:
        done = subprocess.run(
            [sys.executable, "-c", _MEASURED, console_script(), *args],
            stdin=source,
            capture_output=True,
            check=True,
        )
    code, peak = map(int, done.stdout.split())
    assert code in (0, 1), done.stderr[-300:]
    return peak / 1024


def test_memory_does_not_grow_with_the_input(tmp_path: Path) -> None:
    """Issue 21, item 5: `convert --to hdu` held every puzzle (285 MB for 150,000)
    and the line format was read whole. Ten times the cases may not cost 10 MB
    more (holding the 9,000 extra puzzles cost about 17 MB)."""
    peaks = []
    for cases in (1000, 10000):
        path = tmp_path / f"{cases}.line"
        path.write_bytes(_puzzles_text("line", cases))
        peaks.append(_peak_mib(["convert", "--to", "hdu", "-"], path))
    assert peaks[1] - peaks[0] < 10, peaks


def test_a_giant_fpuzzles_line_is_refused_without_being_held(tmp_path: Path) -> None:
    """Issue 21, item 5: one 33 MB f-puzzles line used 418 MB. A line over 4 MiB
    is no puzzle: it is named and skipped, and never held whole; the next
    puzzle is still read."""
    link = write_puzzles(_SAMPLE_PUZZLES[:1], "fpuzzles")
    giant = '{"size": 9, "title": "' + "x" * (30 << 20) + '"}\n'
    small, big = tmp_path / "small.txt", tmp_path / "big.txt"
    small.write_text('{"size": 9, "title": "x"}\n' + link)
    big.write_text(giant + link)
    base = _peak_mib(["convert", "--to", "line", "-"], small)
    done = subprocess.run(
        [console_script(), "convert", "--to", "line", str(big)], capture_output=True, check=False
    )
    assert done.returncode == 1
    assert done.stdout == write_puzzles(_SAMPLE_PUZZLES[:1], "line").encode()
    message = f"squiggly-cp: error: case 1: line 1 is {len(giant) - 1:,} characters long"
    assert done.stderr.decode().startswith(message)
    assert len(done.stderr.splitlines()) == 1
    peak = _peak_mib(["convert", "--to", "line", "-"], big)
    assert peak - base < 40, (base, peak)


def test_a_huge_input_named_plain_is_refused_after_its_first_mib(tmp_path: Path) -> None:
    """Plain is the one format read whole (nine lines of nine digits): an input
    named plain is read up to 1 MiB, and one line refuses a longer one."""
    huge = tmp_path / "huge.txt"
    huge.write_bytes(b"123456789\n" * 300_000)  # 3 MB
    done = subprocess.run(
        [console_script(), "hatch", "--format", "plain", str(huge)], capture_output=True, check=False
    )
    assert (done.returncode, done.stdout) == (1, b"")
    assert done.stderr == b"squiggly-cp: error: the input is over 1 MiB, far more than one plain puzzle\n"
