"""The format registry: every format reached through one entry, round trips
from every format to every other, and the link formats through the CLI."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lzstring import LZString

from conftest import SAMPLE_IN, run_cli
from squiggly_cp import Puzzle, read_hdu
from squiggly_cp.core.puzzle import Meta, standard_regions
from squiggly_cp.engines.registry import classify
from squiggly_cp.formats.detect import FORMATS, detect_format, iter_write, read_puzzles, write_puzzles
from squiggly_cp.formats.registry import REGISTRY
from squiggly_cp.formats.sudokupad import parse_sudokupad
from squiggly_cp.make.regionmaps import random_layout

SAMPLE = [case.puzzle for case in read_hdu(SAMPLE_IN)]


def _fits(fmt: str, puzzle: Puzzle) -> bool:
    """Can format ``fmt`` hold ``puzzle``? (Told by the rules, not by the writer.)"""
    if fmt in ("hdu", "sudokuwiki"):
        return puzzle.size == 9
    if fmt == "plain":
        return puzzle.size == 9 and puzzle.regions == standard_regions(9)
    return True


@st.composite
def puzzles(draw: st.DrawFn) -> Puzzle:
    size = draw(st.sampled_from([4, 5, 6, 7, 8, 9, 9, 9, 10, 11, 12, 13, 14, 15, 16]))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    regions = standard_regions(9) if size == 9 and draw(st.booleans()) else random_layout(rng, size)
    givens = [rng.randint(1, size) if rng.random() < 0.3 else 0 for _ in range(size * size)]
    return Puzzle(size, givens, regions)


def test_the_registry_lists_every_format_once() -> None:
    assert sorted(FORMATS) == sorted(REGISTRY)
    for entry in REGISTRY.values():
        readers = [entry.lines, entry.stream, entry.whole]
        assert sum(reader is not None for reader in readers) == 1, entry.name


@settings(max_examples=60, deadline=None)
@given(puzzles(), st.sampled_from(FORMATS), st.sampled_from(FORMATS))
def test_every_format_to_every_other(puzzle: Puzzle, first: str, second: str) -> None:
    """Written in one format, detected and read back, written in another and
    read back: the same puzzle every time."""
    for fmt in (first, second):
        if not _fits(fmt, puzzle):
            continue
        text = write_puzzles([puzzle], fmt)
        assert detect_format(text) == fmt
        assert read_puzzles(text) == [puzzle]


def test_several_puzzles_stream_and_read_back_in_every_format() -> None:
    rng = random.Random(5)
    many = [Puzzle(9, p.givens, random_layout(rng, 9)) for p in SAMPLE * 2]
    for fmt in FORMATS:
        if REGISTRY[fmt].holds_one:
            continue
        text = "".join(iter_write(iter(many), fmt))
        assert text == write_puzzles(many, fmt)
        assert read_puzzles(text, fmt) == many


def test_a_proved_solution_travels_in_a_sudokupad_link() -> None:
    puzzle = SAMPLE[0]
    solution = classify(puzzle).solution
    assert solution is not None and puzzle.is_solution(solution)
    link = write_puzzles(
        [puzzle.with_meta(Meta(title="T", author="A", rules="R", solution=solution))], "sudokupad"
    ).strip()
    read = parse_sudokupad(link)
    assert (read.puzzle, read.title, read.author, read.rules, read.solution) == (
        puzzle,
        "T",
        "A",
        "R",
        solution,
    )
    # A solution that is not the puzzle's is never passed on.
    wrong = tuple(reversed(solution))
    assert puzzle.with_meta(Meta(solution=wrong)).meta == Meta()


def _ctc(puzzle: Puzzle, **extra: object) -> str:
    n = puzzle.size
    doc: dict[str, object] = {
        "cells": [
            [{"value": puzzle.givens[r * n + c]} if puzzle.givens[r * n + c] else {} for c in range(n)]
            for r in range(n)
        ],
        "regions": [[[i // n, i % n] for i in range(n * n) if puzzle.regions[i] == k] for k in range(n)],
    }
    doc.update(extra)
    return "https://sudokupad.app/scl" + LZString.compressToBase64(json.dumps(doc))


def test_cli_reads_and_writes_every_link_and_refuses_extra_rules_one_case_at_a_time() -> None:
    """One file of links: the plain ones are answered, each one with a rule we
    do not solve is one line naming it, and the exit status is 1."""
    puzzle = SAMPLE[0]
    links = [
        _ctc(puzzle),
        # A cage without a sum or SudokuPad's "no repeats" flag: its meaning is in words only.
        _ctc(puzzle, cages=[{"cells": [[0, 0], [0, 1]]}]),
        _ctc(puzzle, lines=[{"wayPoints": [[0.5, 0.5], [1.5, 1.5]], "color": "#CFCFCF", "thickness": 21}]),
        _ctc(puzzle, arrows=[{"wayPoints": [[0.5, 0.5], [0.5, 2.5]], "color": "#000000"}]),
        _ctc(puzzle, overlays=[{"center": [4.5, 4.5], "width": 1, "height": 1, "text": "X"}]),
        "https://sudokupad.app/k4x9q2zt",
        write_puzzles([puzzle], "sudokupad").strip(),
    ]
    done = run_cli("solve", "--format", "sudokupad", "-", stdin="\n".join(links).encode())
    answer = "Case 1:\n" + "".join(
        "".join(str(d) for d in classify(puzzle).solution[r * 9 : (r + 1) * 9]) + "\n" for r in range(9)
    )
    out = done.stdout.decode()
    assert out.startswith(answer) and out.endswith(answer.replace("Case 1", "Case 7"))
    errors = done.stderr.decode().splitlines()
    assert done.returncode == 1 and len(errors) == 5 and b"Traceback" not in done.stderr
    for number, words in zip(range(2, 7), ["cage", "line", "arrow", "text", "short id"], strict=True):
        assert f"case {number}" in errors[number - 2] and words in errors[number - 2]
    assert all(len(line) < 300 for line in errors)  # an excerpt, never the whole link


@pytest.mark.parametrize("fmt", ["sudokupad", "solo", "sudokuwiki"])
def test_convert_to_a_link_and_back_through_the_cli(fmt: str) -> None:
    done = run_cli("convert", "--to", fmt, str(SAMPLE_IN))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.decode().splitlines()
    assert len(lines) == len(SAMPLE) and detect_format(done.stdout.decode()) == fmt
    back = run_cli("convert", "--to", "hdu", "-", stdin=done.stdout)
    assert (back.returncode, back.stdout) == (0, SAMPLE_IN.read_bytes())


def test_convert_to_sudokupad_carries_the_solution_only_of_a_unique_puzzle() -> None:
    done = run_cli("convert", "--to", "sudokupad", str(SAMPLE_IN))
    for puzzle, line in zip(SAMPLE, done.stdout.decode().splitlines(), strict=True):
        assert parse_sudokupad(line).solution == classify(puzzle).solution


def test_convert_to_sudokuwiki_refuses_other_sizes_in_one_line() -> None:
    puzzle = Puzzle(6, [0] * 36, random_layout(random.Random(1), 6))
    text = write_puzzles([SAMPLE[0], puzzle], "line")
    done = run_cli("convert", "--to", "sudokuwiki", "-", stdin=text.encode())
    assert done.returncode == 1 and len(done.stdout.decode().splitlines()) == 1
    (error,) = done.stderr.decode().splitlines()
    assert "case 2" in error and "9x9 only" in error


def test_generate_writes_sudokupad_links_with_the_solution() -> None:
    done = run_cli("generate", "--count", "2", "--size", "6", "--to", "sudokupad")
    assert done.returncode == 0, done.stderr
    for line in done.stdout.decode().splitlines():
        read = parse_sudokupad(line)
        assert read.solution is not None and classify(read.puzzle).solution == read.solution


def test_links_from_several_sites_in_one_file() -> None:
    """A file of links pasted from SudokuPad, Solo, SudokuWiki and f-puzzles:
    each line is read as its own site's link, whichever site the first is."""
    puzzle = SAMPLE[1]
    lines = [write_puzzles([puzzle], fmt).strip() for fmt in ("sudokupad", "solo", "sudokuwiki", "fpuzzles")]
    for first in range(3):
        text = "\n".join(lines[first:] + lines[:first]) + "\n"
        assert read_puzzles(text) == [puzzle] * 4
