"""The committed corpus: CP-SAT must reproduce the DLX engine's answers."""

from __future__ import annotations

import random

from conftest import DATA, run_cli
from squiggly_cp import Case, read_hdu
from squiggly_cp.make.generate import is_minimal

CORPUS_IN = DATA / "corpus.in"
CORPUS_OUT = DATA / "corpus.out"


def test_solve_reproduces_the_dlx_answers_byte_for_byte() -> None:
    done = run_cli("solve", str(CORPUS_IN))
    assert done.returncode == 0, done.stderr
    assert done.stderr == b""
    assert done.stdout == CORPUS_OUT.read_bytes()


def test_crosscheck_finds_no_disagreement() -> None:
    done = run_cli("crosscheck", str(CORPUS_IN))
    assert done.returncode == 0, done.stdout
    (summary,) = done.stdout.decode().splitlines()
    assert summary.startswith("306 cases, 306 agreements, 0 disagreements; cpsat ")


def _answers() -> list[str]:
    return [block.split("\n")[1] for block in CORPUS_OUT.read_text().split("Case ")[1:]]


def test_corpus_has_the_promised_mix() -> None:
    cases = list(read_hdu(CORPUS_IN))
    assert all(isinstance(c, Case) for c in cases) and len(cases) >= 300
    answers = _answers()
    none = [c.puzzle for c, a in zip(cases, answers, strict=True) if a == "No solution"]
    multiple = [a for a in answers if a == "Multiple Solutions"]
    assert len(none) == len(multiple) == len(cases) - len(none) - len(multiple)
    repeated = [p for p in none if p.repeated_given()]
    assert len(repeated) <= len(none) // 10, "most no-solution cases must need search"


def test_unique_cases_have_minimal_givens() -> None:
    cases = list(read_hdu(CORPUS_IN))
    unique = [c.puzzle for c, a in zip(cases, _answers(), strict=True) if a[0].isdigit()]
    # Each check solves the puzzle once per given; a random sample of twelve
    # keeps the test quick while any systematic failure would show.
    for puzzle in random.Random(1).sample(unique, 12):
        assert is_minimal(puzzle)
