"""Positions in text (what `logic` prints where it stops) and in f-puzzles JSON."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from logic_check import load_unique
from squiggly_cp.core.case import InputError
from squiggly_cp.core.position import Position, position_text
from squiggly_cp.core.puzzle import Puzzle, standard_regions
from squiggly_cp.formats.fpuzzles import to_fpuzzles_json
from squiggly_cp.formats.position import has_position_text, read_fpuzzles_positions, read_position_text

STORED = list(load_unique())[::40]


def _random_position(puzzle: Puzzle, solution: tuple[int, ...], rng: random.Random) -> Position:
    """The solution's digits in some cells, and candidates holding the solution elsewhere."""
    n = puzzle.size
    full = (1 << n) - 1
    digits = [d if (puzzle.givens[c] or rng.random() < 0.3) else 0 for c, d in enumerate(solution)]
    cands = [
        1 << (d - 1) if digits[c] else (1 << (d - 1)) | (rng.getrandbits(n) & full)
        for c, d in enumerate(solution)
    ]
    return Position(puzzle, tuple(digits), tuple(cands))


@settings(max_examples=60, deadline=None)
@given(index=st.integers(0, len(STORED) - 1), seed=st.integers(0, 2**32 - 1))
def test_text_round_trips(index, seed):
    puzzle, solution = STORED[index]
    position = _random_position(puzzle, solution, random.Random(seed))
    text = position_text(position, "after step 7")
    assert has_position_text(text)
    [(number, back)] = read_position_text("Case 4: unique; logic stops\n  1. something\n" + text)
    assert number == 4
    assert back == position
    assert position_text(back, "after step 7") == text


def test_start_position_is_the_givens_consequences():
    # r1c1 = 5 given on the standard layout: its row, column and box lose 5.
    puzzle = Puzzle(9, (5,) + (0,) * 80, standard_regions(9))
    start = Position.start(puzzle)
    assert start.digits[0] == 5 and start.candidates[0] == 1 << 4
    for cell in (1, 8, 9, 72, 10, 20):
        assert not start.candidates[cell] >> 4 & 1
    assert start.candidates[80] == 0x1FF


def test_text_errors_name_the_case_row_and_column():
    puzzle, _ = STORED[3]
    text = position_text(Position.start(puzzle))
    lines = text.splitlines()
    n = puzzle.size
    # A digit that contradicts the given in the same cell.
    r = next(r for r in range(n) if any(puzzle.givens[r * n + c] for c in range(n)))
    c = next(c for c in range(n) if puzzle.givens[r * n + c])
    givens, regions, digits = lines[1 + r].split()
    wrong = "1" if digits[c] != "1" else "2"
    lines[1 + r] = f"{givens} {regions} {digits[:c]}{wrong}{digits[c + 1:]}"
    [(number, problem)] = read_position_text("\n".join(lines))
    assert isinstance(problem, InputError)
    assert (number, problem.row, problem.col) == (1, r + 1, c + 1)
    assert "given" in problem.message
    # A candidates row cut short.
    [(_, problem)] = read_position_text("\n".join(lines[: 2 + n]))
    assert isinstance(problem, InputError) and "candidates row" in problem.message


def _fpuzzles(puzzle: Puzzle, entered: dict[int, int], marks: dict[int, list[int]]) -> str:
    doc = to_fpuzzles_json(puzzle)
    n = puzzle.size
    for cell, digit in entered.items():
        doc["grid"][cell // n][cell % n]["value"] = digit
    for cell, digits in marks.items():
        doc["grid"][cell // n][cell % n]["centerPencilMarks"] = digits
    return json.dumps(doc)


def test_fpuzzles_entered_values_and_centre_marks():
    puzzle = Puzzle(9, (5,) + (0,) * 80, standard_regions(9))
    # r1c2 entered 3; r9c9 marked 1, 2; every other cell: what its houses allow.
    [(number, position)] = read_fpuzzles_positions(_fpuzzles(puzzle, {1: 3}, {80: [2, 1]}))
    assert number == 1 and isinstance(position, Position)
    assert position.digits[:2] == (5, 3)
    assert position.entered() == [(1, 3)]
    assert position.candidates[80] == 0b11
    assert position.candidates[2] == 0x1FF & ~(1 << 4) & ~(1 << 2)  # row 1 holds 5 and 3
    assert position.candidates[40] == 0x1FF


@pytest.mark.parametrize(
    ("cell", "patch", "words"),
    [
        (4, {"value": 10}, "entered 'value'"),
        (4, {"centerPencilMarks": [0, 3]}, "centerPencilMarks"),
    ],
)
def test_fpuzzles_bad_notes_are_one_error(cell, patch, words):
    puzzle = Puzzle(9, (0,) * 81, standard_regions(9))
    doc = to_fpuzzles_json(puzzle)
    doc["grid"][0][cell].update(patch)
    [(_, problem)] = read_fpuzzles_positions(json.dumps(doc))
    assert isinstance(problem, InputError)
    assert (problem.row, problem.col) == (1, cell + 1) and words in problem.message


def test_a_cell_with_a_digit_shows_it_even_where_a_clash_emptied_it():
    # Issue 21, item 17: the judge's case 2 (two 1s in row 1) showed given r1c4 as ".........".
    from conftest import SAMPLE_IN
    from squiggly_cp import read_hdu
    from squiggly_cp.logic import solve_logic

    puzzle = list(read_hdu(SAMPLE_IN))[1].puzzle
    result = solve_logic(puzzle)
    assert result.contradiction and result.candidates[3] == 0  # emptied by the clash
    text = position_text(Position(puzzle, tuple(result.values), tuple(result.candidates)), "after step 0")
    first_row = text.split("candidates after step 0:\n")[1].splitlines()[0].split()
    assert first_row[3] == first_row[4] == "1........"
