"""A position: a puzzle part way through being solved.

The digits entered so far (givens included) and every cell's candidates, as a
person has them on paper or in a solving app. `logic` prints one where it
stops, and `hint` reads one to say what to do next.

The text form (`position_text`, read by `squiggly_cp.formats.position`)
stands on its own: a heading, then one line per row with three fields, the
row's givens, its region labels and its digits (givens and entered ones),
then the candidates, one field per cell::

    position after step 12 (givens, regions, digits):
    ..3...... 111223333 ..3..5...
    ...
    candidates after step 12:
    .2.4..... ..3...... ...

Digits are 1-9 then A-G (``.`` for none); region labels are 1-9 then A-G,
numbered in order of each region's first cell; a candidate field is N
characters wide, digit d at position d and ``.`` elsewhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .puzzle import DIGIT_CHARS, Grid, Puzzle, cell_name, digit_char


@dataclass(frozen=True)
class Position:
    """``digits``: every cell's digit (givens and entered ones; 0 for empty);
    ``candidates``: every cell's candidates as a bit mask (bit d-1 for digit
    d; a cell with a digit has just its bit); ``marked``: the cells whose
    candidates are pencil marks the input wrote (the others have what their
    houses allow), or None when every cell's are its own (the text form, a
    solver's state). The candidates say what the position is, so equality
    ignores ``marked``, which only says how it was written."""

    puzzle: Puzzle
    digits: Grid
    candidates: tuple[int, ...]
    marked: frozenset[int] | None = field(default=None, compare=False)

    @classmethod
    def start(cls, puzzle: Puzzle) -> Position:
        """The position before any step: the givens, and every other cell with
        the digits no given in its houses excludes."""
        return cls(puzzle, puzzle.givens, tuple(open_candidates(puzzle, puzzle.givens)), frozenset())

    def entered(self) -> list[tuple[int, int]]:
        """(cell, digit) of the digits that are not givens."""
        givens = self.puzzle.givens
        return [(c, d) for c, d in enumerate(self.digits) if d and not givens[c]]

    def pencil_marks(self) -> list[int]:
        """Each cell's pencil marks as a bit mask, 0 where it has none: the
        candidates of the empty cells the input marked (`marked`)."""
        marked = self.marked
        return [
            mask if not digit and (marked is None or cell in marked) else 0
            for cell, (digit, mask) in enumerate(zip(self.digits, self.candidates, strict=True))
        ]


def open_candidates(puzzle: Puzzle, digits: Sequence[int]) -> list[int]:
    """Every cell's candidates as the ``digits`` (one per cell, 0 for none)
    leave them: a cell with a digit has just that digit; an empty one every
    digit that no digit in its houses excludes."""
    n = puzzle.size
    cands = [(1 << n) - 1] * (n * n)
    for cell, digit in enumerate(digits):
        if digit:
            bit = 1 << (digit - 1)
            for peer in puzzle.layout.peers[cell]:
                cands[peer] &= ~bit
    for cell, digit in enumerate(digits):
        if digit:
            cands[cell] = 1 << (digit - 1)
    return cands


def position_text(position: Position, heading: str = "position") -> str:
    """The text form (module docstring); ``heading`` names it, e.g.
    ``"after step 12"`` gives ``position after step 12 (...)``."""
    puzzle = position.puzzle
    n = puzzle.size
    suffix = f" {heading}" if heading else ""
    lines = [f"position{suffix} (givens, regions, digits):"]
    for r in range(n):
        row = range(r * n, (r + 1) * n)
        givens = "".join(digit_char(puzzle.givens[c]) for c in row)
        regions = "".join(DIGIT_CHARS[puzzle.regions[c]] for c in row)
        digits = "".join(digit_char(position.digits[c]) for c in row)
        lines.append(f"{givens} {regions} {digits}")
    lines.append(f"candidates{suffix}:")
    # A cell's digit is its one candidate, even where a contradiction (two equal
    # givens in a house) has emptied the cell's candidates.
    masks = [1 << (d - 1) if d else m for d, m in zip(position.digits, position.candidates, strict=True)]
    return "\n".join(lines) + "\n" + candidate_grid(n, masks)


def candidate_grid(size: int, masks: Sequence[int]) -> str:
    """The candidates as text: one line per row (each ending with a newline),
    cells separated by one space. Each cell is a field of ``size`` characters;
    position d shows digit d (as in `DIGIT_CHARS`) if it is a candidate, else
    ``.``: for 9x9, a cell with candidates 1, 4 and 9 reads ``1..4....9``."""
    return "".join(
        " ".join(
            "".join(DIGIT_CHARS[d] if masks[r * size + c] >> d & 1 else "." for d in range(size))
            for c in range(size)
        )
        + "\n"
        for r in range(size)
    )


def describe(position: Position, cell: int) -> str:
    """``r3c4 (digit 5)`` or ``r3c4 (candidates 1, 2)``: a cell for a message."""
    n = position.puzzle.size
    digit = position.digits[cell]
    if digit:
        return f"{cell_name(cell, n)} (digit {digit_char(digit)})"
    digits = [digit_char(d + 1) for d in range(n) if position.candidates[cell] >> d & 1]
    return f"{cell_name(cell, n)} (candidates {', '.join(digits)})"
