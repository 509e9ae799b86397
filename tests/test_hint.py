"""`hint`: the easiest next step from a position, after CP-SAT has checked it.

Positions come from every input `hint` takes: the position `logic` prints
where it stops, f-puzzles JSON and links with entered digits and centre
marks, and plain puzzle files. The step a hint gives is checked against
`logic --json` (replayed independently here), and a wrong position against
the stored solution.
"""

from __future__ import annotations

import json

import pytest
from lzstring import LZString

from conftest import invoke_cli, run_cli
from logic_check import json_cell, load_multiple, load_unique, replay_json
from squiggly_cp.ask.hint import hint
from squiggly_cp.core.position import Position, open_candidates, position_text
from squiggly_cp.core.puzzle import DIGIT_CHARS, Puzzle, Verdict, cell_name, standard_regions
from squiggly_cp.formats.detect import write_puzzles
from squiggly_cp.formats.fpuzzles import LINK_PREFIX, to_fpuzzles_json
from squiggly_cp.formats.position import read_position_text

UNIQUE = list(load_unique())
PUZZLE, SOLUTION = UNIQUE[1425]  # a 9x9 whose path has pointing, claiming and common peers
WINGS, WINGS_SOLUTION = UNIQUE[1565]  # its path has wings


def replayed(puzzle: Puzzle, steps: list[dict], k: int) -> Position:
    """The position after the first ``k`` of `logic --json`'s steps (`replay_json`)."""
    digits, cands = replay_json(puzzle, steps[:k])[-1]
    return Position(puzzle, tuple(digits), tuple(cands))


def fpuzzles_doc(position: Position) -> dict:
    """``position`` as f-puzzles JSON: the digits that are not givens as entered
    values, every empty cell's candidates as its centre marks."""
    doc = to_fpuzzles_json(position.puzzle)
    n = position.puzzle.size
    for cell, digit in enumerate(position.digits):
        square = doc["grid"][cell // n][cell % n]
        if digit and not position.puzzle.givens[cell]:
            square["value"] = digit
        elif not digit:
            square["centerPencilMarks"] = [d + 1 for d in range(n) if position.candidates[cell] >> d & 1]
    return doc


@pytest.fixture(scope="module")
def path():
    done = run_cli("logic", "--json", "-", stdin=write_puzzles([WINGS], "line").encode())
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)["steps"]


def sudokupad_link_of(position: Position) -> str:
    """``position`` as a SudokuPad link, built by hand from the CTC JSON (not by
    our writer): givens as values, every empty cell's candidates as centre marks
    (CTC has no entered digits: a digit placed by the solver is a one-mark cell)."""
    puzzle, n = position.puzzle, position.puzzle.size
    cells = []
    for r in range(n):
        row = []
        for c in range(n):
            cell = r * n + c
            if puzzle.givens[cell]:
                row.append({"value": puzzle.givens[cell]})
            else:
                row.append({"centremarks": [d + 1 for d in range(n) if position.candidates[cell] >> d & 1]})
        cells.append(row)
    regions = [[[i // n, i % n] for i in range(n * n) if puzzle.regions[i] == k] for k in range(n)]
    doc = {"cells": cells, "regions": regions}
    return "https://sudokupad.app/scl" + LZString.compressToBase64(json.dumps(doc))


@pytest.mark.parametrize("k", [0, 25, 39])
def test_a_sudokupad_position_gives_the_same_hint_as_the_text_form(path, tmp_path, k):
    """The position after step k as a SudokuPad link with centre marks, and the
    same position in `logic`'s text form, get the same `hint --json`."""
    position = replayed(WINGS, path, k)
    # SudokuPad marks: a placed digit is a cell whose only mark is that digit.
    as_marks = Position(position.puzzle, position.puzzle.givens, position.candidates)
    link, text = tmp_path / "link.txt", tmp_path / "text.txt"
    link.write_text(sudokupad_link_of(position) + "\n")
    text.write_text(position_text(as_marks, f"after step {k}"))
    # In this process (`invoke_cli`): what is compared is the reading of the
    # two forms; the installed script's `hint` is run by the tests below.
    from_link, from_text = invoke_cli("hint", "--json", str(link)), invoke_cli("hint", "--json", str(text))
    assert from_link.returncode == from_text.returncode == 0, from_link.stderr + from_text.stderr
    assert json.loads(from_link.stdout) == json.loads(from_text.stdout)
    assert json.loads(from_link.stdout)["case"] == 1


@pytest.mark.parametrize("k", [0, 25, 39])
@pytest.mark.parametrize("form", ["json", "link", "text"])
def test_hint_is_logics_next_step(path, tmp_path, k, form):
    """From the position after step k, in each input form, `hint --json` gives
    `logic --json`'s step k+1, the same object."""
    position = replayed(WINGS, path, k)
    source = tmp_path / "position.txt"
    if form == "json":
        source.write_text(json.dumps(fpuzzles_doc(position)))
    elif form == "link":
        source.write_text(fpuzzles_link_of(position) + "\n")
    else:
        source.write_text(f"Case 1: from somewhere\n{position_text(position, f'after step {k}')}")
    done = invoke_cli("hint", "--json", str(source))  # in this process: the script is run below
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer == {"case": 1, "verdict": "unique", "complete": False, "step": path[k]}


def fpuzzles_link_of(position: Position) -> str:
    """The f-puzzles link, compressed by the `lzstring` package (as the site does)."""
    return LINK_PREFIX + LZString.compressToBase64(json.dumps(fpuzzles_doc(position)))


def test_a_plain_puzzle_file_is_the_start_position(path):
    done = run_cli("hint", "--json", "-", stdin=write_puzzles([WINGS], "grid").encode())
    assert json.loads(done.stdout)["step"] == path[0]


def test_logic_where_it_stops_round_trips_into_hint(tmp_path):
    """`logic --max-technique X > stuck.txt; hint stuck.txt`: the position reads
    back exactly, with that cap nothing more applies, and without it the hint
    is a sound step."""
    source = tmp_path / "puzzle.txt"
    source.write_text(write_puzzles([PUZZLE], "line"))
    stuck = tmp_path / "stuck.txt"
    done = run_cli("logic", "--max-technique", "naked single", str(source))
    stuck.write_bytes(done.stdout)
    [(number, position)] = read_position_text(done.stdout.decode())
    assert number == 1 and isinstance(position, Position)
    block = done.stdout.decode()[done.stdout.decode().index("position after step") :]
    assert position_text(position, block.split("(")[0][len("position ") :].strip()) == block
    capped = run_cli("hint", "--max-technique", "naked single", str(stuck))
    assert capped.stdout.decode() == "Case 1: no allowed technique makes progress from here\n"
    free = run_cli("hint", "--json", str(stuck))
    step = json.loads(free.stdout)["step"]
    assert step["technique"] not in ("full house", "hidden single", "naked single")
    n = PUZZLE.size
    for text in step["placements"]:
        name, digit = text.split("=")
        assert SOLUTION[json_cell(name, n)] == DIGIT_CHARS.index(digit) + 1
    for text in step["eliminations"]:
        name, digit = text.split("-")
        assert SOLUTION[json_cell(name, n)] != DIGIT_CHARS.index(digit) + 1


def _wrong_value(position: Position, solution: tuple[int, ...]) -> tuple[Position, int, int]:
    """``position`` with a wrong digit entered in its first empty cell."""
    cell = position.digits.index(0)
    digit = next(d for d in range(1, position.puzzle.size + 1) if d != solution[cell])
    digits = list(position.digits)
    digits[cell] = digit
    cands = list(position.candidates)
    cands[cell] = 1 << (digit - 1)
    return Position(position.puzzle, tuple(digits), tuple(cands)), cell, digit


def _wrong_marks(position: Position, solution: tuple[int, ...]) -> tuple[Position, int]:
    """``position`` with the solution's digit taken out of an empty cell's marks
    (one with other candidates left)."""
    cell = next(c for c, d in enumerate(position.digits) if not d and position.candidates[c].bit_count() > 1)
    cands = list(position.candidates)
    cands[cell] &= ~(1 << (solution[cell] - 1))
    return Position(position.puzzle, position.digits, tuple(cands)), cell


@pytest.mark.parametrize("form", ["json", "link", "text"])
def test_wrong_entered_value_and_wrong_marks_are_named(path, tmp_path, form):
    start = replayed(WINGS, path, 12)
    bad_value, cell, digit = _wrong_value(start, WINGS_SOLUTION)
    bad_marks, marked = _wrong_marks(start, WINGS_SOLUTION)
    texts = []
    for position in (bad_value, bad_marks):
        if form == "json":
            texts.append(json.dumps(fpuzzles_doc(position)))
        elif form == "link":
            texts.append(fpuzzles_link_of(position))
        else:
            texts.append(position_text(position))
    source = tmp_path / "positions.txt"
    source.write_text("\n".join(texts) + "\n")
    done = run_cli("hint", str(source))
    assert done.returncode == 0, done.stderr
    n = WINGS.size
    right = DIGIT_CHARS[WINGS_SOLUTION[cell] - 1]
    assert done.stdout.decode().splitlines() == [
        f"Case 1: wrong position: {cell_name(cell, n)} holds {digit}, but the solution has {right} there",
        f"Case 2: wrong position: the candidates of {cell_name(marked, n)} leave out "
        f"{WINGS_SOLUTION[marked]}, the solution's digit there",
    ]


def test_wrong_positions_of_a_puzzle_with_several_solutions():
    """With several solutions, a digit or candidate set is wrong when no
    solution has it (the stored true candidates say which)."""
    puzzle, masks = next(item for item in load_multiple() if item[0].size <= 6)
    n = puzzle.size
    start = Position.start(puzzle)
    cell = next(c for c in range(n * n) if not puzzle.givens[c] and masks[c] != start.candidates[c])
    never = next(
        d for d in range(1, n + 1) if start.candidates[cell] >> (d - 1) & 1 and not masks[cell] >> (d - 1) & 1
    )
    digits = list(start.digits)
    digits[cell] = never
    cands = list(start.candidates)
    cands[cell] = 1 << (never - 1)
    found = hint(Position(puzzle, tuple(digits), tuple(cands)))
    assert found.verdict is Verdict.MULTIPLE
    assert found.wrong == (f"{cell_name(cell, n)} holds {never}, which no solution has there",)
    cands = list(start.candidates)
    cands[cell] &= ~masks[cell]
    found = hint(Position(puzzle, start.digits, tuple(cands)))
    assert found.wrong == (
        f"the candidates of {cell_name(cell, n)} leave out every digit a solution has there",
    )
    assert hint(start).step is not None and not hint(start).wrong


def _entered(puzzle: Puzzle, cell: int, digit: int) -> Position:
    """The puzzle with ``digit`` entered in ``cell`` and no pencil marks: every
    empty cell has the candidates its houses' digits leave it."""
    digits = list(puzzle.givens)
    digits[cell] = digit
    return Position(puzzle, tuple(digits), tuple(open_candidates(puzzle, digits)))


def test_a_wrong_digit_is_reported_without_its_knock_on():
    """Issue 41, defect 15: with no pencil marks, a wrong digit takes itself out
    of its peers' candidates; the digit is the mistake, not their candidates."""
    n, peers, givens = WINGS.size, WINGS.layout.peers, WINGS.givens
    cell, peer = next((c, p) for c in range(n * n) for p in peers[c] if not givens[c] and not givens[p])
    digit = WINGS_SOLUTION[peer]  # wrong in `cell`, and the digit `peer` needs
    position = _entered(WINGS, cell, digit)
    said = f"{cell_name(cell, n)} holds {digit}, but the solution has {WINGS_SOLUTION[cell]} there"
    assert hint(position).wrong == (said,)
    # Marks wrong of their own are still said: a cell's away from it, without its solution's digit.
    away = next(c for c in range(n * n) if not givens[c] and c != cell and c not in peers[cell])
    cands = list(position.candidates)
    cands[away] &= ~(1 << (WINGS_SOLUTION[away] - 1))
    right = WINGS_SOLUTION[away]
    assert hint(Position(WINGS, position.digits, tuple(cands))).wrong == (
        said,
        f"the candidates of {cell_name(away, n)} leave out {right}, the solution's digit there",
    )
    # With several solutions: a digit no solution has, where a peer always has it.
    puzzle, masks = next(item for item in load_multiple() if item[0].size <= 6)
    n, peers, givens = puzzle.size, puzzle.layout.peers, puzzle.givens
    fixed = next(y for y in range(n * n) if not givens[y] and masks[y].bit_count() == 1)
    cell = next(x for x in peers[fixed] if not givens[x])
    digit = masks[fixed].bit_length()
    found = hint(_entered(puzzle, cell, digit))
    assert found.wrong == (f"{cell_name(cell, n)} holds {digit}, which no solution has there",)


def test_marks_that_allow_no_solution_together():
    """An empty 4x4 (288 solutions): r1c1 and r1c2 each marked {1} alone allow
    a solution, together none."""
    puzzle = Puzzle(4, (0,) * 16, standard_regions(4))
    cands = [0b1111] * 16
    cands[0] = cands[1] = 0b0001
    found = hint(Position(puzzle, puzzle.givens, tuple(cands)))
    assert found.verdict is Verdict.MULTIPLE and found.step is None
    assert found.wrong == (
        "the digits and candidates leave no solution together (each cell alone allows one)",
    )
    cands[1] = 0b0010
    assert not hint(Position(puzzle, puzzle.givens, tuple(cands))).wrong


def test_complete_grid_and_no_solution():
    done = run_cli("hint", "-", stdin=write_puzzles([PUZZLE.with_givens(SOLUTION)], "line").encode())
    assert done.stdout == b"Case 1: the grid is complete and right\n"
    broken = list(PUZZLE.givens)
    first = broken.index(0)
    row_mate = next(c for c in range(first // 9 * 9, first // 9 * 9 + 9) if broken[c])
    broken[first] = broken[row_mate]
    done = run_cli("hint", "-", stdin=write_puzzles([PUZZLE.with_givens(tuple(broken))], "line").encode())
    assert done.stdout == b"Case 1: the puzzle has no solution (proved by CP-SAT), so no hint\n"


def test_bad_input_is_one_line_and_the_rest_is_answered(tmp_path, path):
    good = position_text(replayed(WINGS, path, 3))
    broken = good.replace("candidates", "candidatez", 1)
    source = tmp_path / "mixed.txt"
    source.write_text(f"Case 1:\n{broken}Case 2:\n{good}")
    done = run_cli("hint", str(source))
    assert done.returncode == 1
    assert done.stderr.decode().count("\n") == 1 and "case 1" in done.stderr.decode()
    assert done.stdout.decode().startswith("Case 2: ")
    assert "Traceback" not in done.stderr.decode()


@pytest.mark.parametrize(
    "change",
    [lambda h: h.replace("position", "Position", 1), lambda h: h.rstrip(":")],
    ids=["capital", "colon"],
)
def test_a_heading_slightly_off_is_named_with_what_was_expected(tmp_path, change):
    """Issue 30, defect 8: a heading with a capital P or no colon gave "cannot
    tell the format: the lines are too long for grid rows". Now the line that
    looked like a heading is named, with the heading expected."""
    position = Position.start(WINGS)
    lines = ["Case 1: from somewhere", *position_text(position).splitlines()]
    heading = next(k for k, line in enumerate(lines) if line.startswith("position"))
    lines[heading] = change(lines[heading])
    source = tmp_path / "off.txt"
    source.write_text("\n".join(lines) + "\n")
    done = run_cli("hint", str(source))
    (error,) = done.stderr.decode().splitlines()
    assert (
        done.returncode == 1 and f"line {heading + 1}" in error and "looks like a position's heading" in error
    )
    assert "(givens, regions, digits):" in error
