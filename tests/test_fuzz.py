"""Seeded mutation fuzzing of every reader and command.

Each run corrupts one case of a clean file and runs a command on it (in
process, through click). It must end with a documented status and one-line
problems on standard error, never a traceback; and when the corruption keeps
the numbers in place (one token or one character replaced), every other
case's output must be byte for byte what it was. The sample sizes here keep
CI quick; `python tests/test_fuzz.py ROUNDS` runs a longer campaign.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from functools import lru_cache

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import DATA
from squiggly_cp import Case, InputError, Puzzle, classify, read_hdu
from squiggly_cp.cli import main as cli
from squiggly_cp.core.position import Position, position_text
from squiggly_cp.formats.detect import FORMATS, read_puzzles, write_puzzles
from squiggly_cp.make.generate import random_layout

CASES = [case.puzzle for case in read_hdu(DATA / "corpus.in")][:8]
HDU = write_puzzles(CASES, "hdu")
STATUSES = {0, 1}

# In-place token corruptions: each keeps the token count, so only its case may change.
JUNK = ["x", "-1", "256", "999", "0" * 50 + "7", "1e3", "0x10", "٣", "\ufffd", "+5", "7" * 5000, "--", "\x00"]


def _token_mutation(rng: random.Random, token: str) -> str:
    kind = rng.randrange(4)
    if kind == 0:
        return rng.choice(JUNK)
    value = int(token)
    if kind == 1:
        return str(value ^ rng.choice((16, 32, 64, 128)))  # flip a wall
    if kind == 2:
        return str(value & 0xF0 | rng.randrange(10, 16))  # digit part above 9
    return str(value & 0xF0 | rng.randrange(10))  # another digit


def _split_cases(output: str) -> dict[str, str]:
    blocks = output.split("Case ")[1:]
    return {block.split(":")[0]: block for block in blocks}


@lru_cache(maxsize=64)
def _clean_run(args: tuple[str, ...], data: str) -> str:
    return _invoke(list(args), data)[1]


def _invoke(args: list[str], data: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli.main, [*args, "-"], input=data.encode("utf-8", "surrogatepass"))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"{args}: {result.exception!r}") from result.exception
    return result.exit_code, result.stdout, result.stderr


def _check(args: list[str], clean: str, dirty: str, case: int | None) -> None:
    """Run ``args`` on both inputs; ``case`` is the only case allowed to differ (None: any)."""
    status, out, err = _invoke(args, dirty)
    assert status in STATUSES, (args, status, err)
    assert "Traceback" not in err
    for line in err.splitlines():
        assert line.startswith("squiggly-cp: "), line
    if case is None:
        return
    clean_out = _clean_run(tuple(args), clean)
    before, after = _split_cases(clean_out), _split_cases(out)
    for number, block in before.items():
        if number != str(case):
            assert after.get(number) == block, (args, number)


HDU_COMMANDS = [
    ["solve"],
    ["solve", "--engine", "dlx"],
    ["hatch", "--format", "hdu"],
    ["show", "--format", "hdu"],
    ["count", "--limit", "3", "--format", "hdu"],
    ["convert", "--to", "line", "--format", "hdu"],
]


def _hdu_rounds(seed: int, rounds: int) -> None:
    rng = random.Random(seed)
    tokens = HDU.split()
    for _ in range(rounds):
        case = rng.randrange(len(CASES))
        index = 1 + case * 81 + rng.randrange(81)
        mutated = list(tokens)
        mutated[index] = _token_mutation(rng, tokens[index])
        args = rng.choice(HDU_COMMANDS)
        same_numbers = args[0] != "convert"  # convert renumbers what is left
        _check(args, HDU, " ".join(mutated), case + 1 if same_numbers else None)
        # Alignment-changing corruptions: only the guarantees of status and messages.
        shifted = list(tokens)
        if rng.random() < 0.5:
            del shifted[index]
        else:
            shifted.insert(index, rng.choice([*JUNK, "5"]))
        _check(rng.choice(HDU_COMMANDS), HDU, " ".join(shifted), None)


def test_judge_format_mutations() -> None:
    _hdu_rounds(seed=4069, rounds=60)


def _mixed_puzzles(seed: int) -> list[Puzzle]:
    rng = random.Random(seed)
    puzzles = []
    for size in (4, 6, 9, 12, 16):
        layout = random_layout(rng, size)
        givens = [0] * (size * size)
        givens[rng.randrange(size * size)] = rng.randrange(1, size + 1)
        filled = classify(Puzzle(size, tuple(givens), layout)).solutions[0]
        # Half the cells given: quick to decide, so the runs stay short.
        puzzles.append(Puzzle(size, tuple(d if rng.random() < 0.5 else 0 for d in filled), layout))
    return puzzles


MIXED = _mixed_puzzles(7)
CHARS = [".", "0", "1", "9", "A", "G", "Z", "#", "{", "}", "=", " ", "\u00a0", "é", "\x00", "%", "\ufeff"]


def _puzzle_spans(text: str, fmt: str) -> list[tuple[int, int]]:
    """(start, end) of each puzzle's characters in ``text``."""
    if fmt == "grid":
        spans, pos = [], 0
        for block in text.split("\n\n"):
            spans.append((pos, pos + len(block)))
            pos += len(block) + 2
        return spans
    spans, pos = [], 0
    for line in text.splitlines(keepends=True):
        spans.append((pos, pos + len(line) - 1))
        pos += len(line)
    return spans


@pytest.mark.parametrize("fmt", ["grid", "line", "fpuzzles"])
def test_text_format_mutations(fmt: str) -> None:
    rng = random.Random(fmt)
    clean = write_puzzles(MIXED, fmt)
    spans = _puzzle_spans(clean, fmt)
    assert len(spans) == len(MIXED)
    commands = [["solve"], ["hatch"], ["show"], ["count", "--limit", "2"], ["convert", "--to", "grid"]]
    for _ in range(40):
        case = rng.randrange(len(MIXED))
        start, end = spans[case]
        where = rng.randrange(start, end)
        dirty = clean[:where] + rng.choice(CHARS) + clean[where + 1 :]
        args = rng.choice(commands)
        args = [*args, "--format", fmt]
        _check(args, clean, dirty, None if args[0] == "convert" else case + 1)
        cut = clean[:where] + clean[where + rng.randrange(1, 40) :]
        _check([*rng.choice(commands), "--format", fmt], clean, cut, None)


def test_position_text_mutations() -> None:
    """`hint` on the positions `logic` prints, one character changed or cut:
    no traceback, one-line messages, and the other positions answered alike."""
    rng = random.Random(19)
    blocks = [f"Case {k}:\n" + position_text(Position.start(p)) for k, p in enumerate(MIXED[:3], 1)]
    clean = "".join(blocks)
    starts = [sum(map(len, blocks[:k])) for k in range(len(blocks) + 1)]
    for _ in range(25):
        case = rng.randrange(len(blocks))
        where = rng.randrange(starts[case] + len(f"Case {case + 1}:\n"), starts[case + 1] - 1)
        dirty = clean[:where] + rng.choice(CHARS) + clean[where + 1 :]
        _check(["hint"], clean, dirty, case + 1)
        cut = clean[:where] + clean[where + rng.randrange(1, 40) :]
        _check(["hint"], clean, cut, None)


def _check_items(items: list[object]) -> None:
    for item in items:
        assert isinstance(item, Case | Puzzle | InputError)
        if isinstance(item, InputError):
            assert str(item) and "\n" not in str(item)


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=3000), st.sampled_from(FORMATS))
def test_readers_never_raise_on_arbitrary_bytes(data: bytes, fmt: str) -> None:
    _check_items(list(read_hdu(data)))
    text = data.decode("utf-8", "replace")
    try:
        items = read_puzzles(text, None if fmt == "plain" else fmt)
    except InputError:
        return  # the format could not be told: one clear error
    _check_items(items)


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=2000), st.sampled_from(["grid", "line", "fpuzzles"]))
def test_readers_never_raise_on_arbitrary_text(text: str, fmt: str) -> None:
    _check_items(read_puzzles(text, fmt))
    try:
        _check_items(read_puzzles(text))
    except InputError as e:
        assert str(e) and "\n" not in str(e)


def main(argv: list[str]) -> None:
    """A longer campaign: ``python tests/test_fuzz.py ROUNDS [SEED]``."""
    rounds = int(argv[0]) if argv else 1000
    seed = int(argv[1]) if len(argv) > 1 else 1
    run: Callable[[int, int], None] = _hdu_rounds
    run(seed, rounds)
    print(f"{rounds} judge-format mutation rounds from seed {seed}: no failure")


if __name__ == "__main__":
    main(sys.argv[1:])
