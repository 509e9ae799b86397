"""Worker processes: the same output, order and exit status as one process."""

from __future__ import annotations

import os
import signal
import time
from functools import partial

import pytest

from conftest import DATA, SAMPLE_IN, check_sample_answers, ended, judge_file, run_cli, start_solve
from squiggly_cp import Case, InputError, classify, read_hdu, write_hdu
from squiggly_cp.execution.local import AUTO_THRESHOLD, decide_stream

CORPUS_IN = DATA / "corpus.in"
CORPUS_OUT = DATA / "corpus.out"


def _corpus_with_bad_cases() -> bytes:
    """The corpus with a few broken cases scattered through it, and T too small."""
    tokens = CORPUS_IN.read_text().split()
    for case in (3, 150, 299):
        tokens[1 + (case - 1) * 81 + 40] = "oops"
    tokens[0] = "305"
    return " ".join(tokens).encode()


def test_jobs_give_identical_output_and_status() -> None:
    data = _corpus_with_bad_cases()
    runs = [run_cli("solve", "--jobs", str(jobs), "-", stdin=data) for jobs in (1, 2, 3, 0)]
    first = runs[0]
    assert first.returncode == 1
    assert first.stdout.count(b"Case ") == 303
    for other in runs[1:]:
        assert (other.returncode, other.stdout, other.stderr) == (
            first.returncode,
            first.stdout,
            first.stderr,
        )
    # Every answered case is the DLX engine's answer from the committed corpus.
    expected = {block.split(b":")[0]: block for block in CORPUS_OUT.read_bytes().split(b"Case ")[1:]}
    for block in first.stdout.split(b"Case ")[1:]:
        assert block == expected[block.split(b":")[0]]


def test_json_mode_is_the_same_with_workers() -> None:
    some = write_hdu([c.puzzle for c in read_hdu(CORPUS_IN)][:40]).encode()  # over 16: both workers used
    one = run_cli("solve", "--json", "--jobs", "1", "-", stdin=some)
    two = run_cli("solve", "--json", "--jobs", "2", "-", stdin=some)
    assert one.returncode == two.returncode == 0
    assert one.stdout == two.stdout


def test_decide_stream_keeps_order_and_errors_in_place() -> None:
    items = list(read_hdu(_corpus_with_bad_cases()))
    work = partial(classify, engine="cpsat")
    for jobs in (1, 2):
        out = list(decide_stream(iter(items), work, jobs))
        assert [item for item, _ in out] == items
        for item, result in out:
            assert (result is None) == isinstance(item, InputError)
    assert len(items) > AUTO_THRESHOLD  # so jobs=0 chose the pool above


def test_reader_is_not_drained_ahead() -> None:
    # The pool may read a bounded window ahead of what it has answered,
    # never the whole stream.
    consumed = 0
    case = next(read_hdu(SAMPLE_IN))

    def endless():
        nonlocal consumed
        while True:
            consumed += 1
            yield Case(consumed, case.puzzle)

    stream = decide_stream(endless(), partial(classify, engine="cpsat"), jobs=2)
    for _ in zip(range(50), stream, strict=False):
        pass
    assert consumed < 50 + 400
    stream.close()


def test_ctrl_c_leaves_only_complete_cases(tmp_path) -> None:
    # A long input; interrupt it while it runs and check what was written.
    out = tmp_path / "out.txt"
    proc = start_solve(judge_file(tmp_path / "big.txt", 10000), out, "--jobs", "2")
    os.killpg(proc.pid, signal.SIGINT)  # as a terminal's Ctrl-C reaches the whole group
    err = ended(proc, 60)
    assert proc.returncode == 130, err
    assert b"Traceback" not in err
    assert err.decode().strip().endswith("interrupted")
    text = out.read_text()
    assert check_sample_answers(text), "some cases were answered before the interrupt"
    assert text.endswith("\n")


def test_batches_grow_from_one_so_the_first_answer_waits_for_one_case() -> None:
    from squiggly_cp.execution.local import growing_batches

    batches = list(growing_batches(range(40), 16))
    assert [len(b) for b in batches] == [1, 2, 4, 8, 16, 9]
    assert [x for b in batches for x in b] == list(range(40))
    assert list(growing_batches([], 16)) == []


@pytest.mark.parametrize(
    ("args", "ignored"),
    [(["--jobs", "2"], False), ([], False), ([], True)],
    ids=["workers", "one process", "ctrl-c ignored"],
)
def test_sigterm_is_a_ctrl_c_with_status_143(tmp_path, args, ignored) -> None:
    """Issue 30, defect 3: `kill -TERM` of `solve --jobs 2` (or of a run of more
    than 256 cases) ended it with -15 and left its workers writing BrokenPipe
    tracebacks. A SIGTERM to the main process alone now stops the run as
    Ctrl-C does: complete cases only, every worker gone, one line, status 143.
    Issue 41, defect 8: so it does when the run was started with Ctrl-C
    ignored (nohup), where SIGTERM went unheard."""
    out = tmp_path / "out.txt"
    big = judge_file(tmp_path / "big.txt", 10000)
    proc = start_solve(big, out, *args, answered=1000, sigint_ignored=ignored)
    proc.send_signal(signal.SIGTERM)  # the main process only, as `kill PID` does
    err = ended(proc, 60)
    assert proc.returncode == 143, err
    assert err.decode().splitlines() == ["squiggly-cp: terminated"]
    check_sample_answers(out.read_text())
    for _ in range(100):  # the workers, in the run's own session, end with it
        try:
            os.killpg(proc.pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.1)
    else:
        pytest.fail("a worker outlived the run")
