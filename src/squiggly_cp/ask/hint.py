"""The easiest next step from a position, once CP-SAT has checked the position.

A person stuck part way through asks "what next?". Before answering, the
position (`core.position.Position`) is checked against the puzzle's
solutions, proved by CP-SAT: an entered digit that no solution has there, or
candidates that leave out the digit the solution has, is reported as exactly
that (cell and digit), and no hint is built on a wrong position. Candidates
that leave it out only because a wrong digit in the cell's houses excludes
it are that digit's knock-on, not a mistake of their own: the wrong digit is
reported, not them (a cell without pencil marks has the candidates its
houses' digits leave it, so one wrong digit would read as many). Otherwise the
answer is the step the logic solver would take next from there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.limits import Deadline, Undecided
from ..core.position import Position
from ..core.puzzle import Puzzle, Verdict, cell_name, digit_char
from ..engines.registry import classify
from ..logic import Step, next_step
from ..sat.assumptions import OneHotAssumptions
from .count import true_candidates


@dataclass(frozen=True)
class Hint:
    """``verdict`` of the puzzle (its givens alone; with no solution there is
    no hint); ``wrong``: what is wrong with the position, one sentence each
    (then no ``step``); ``step``: the easiest next step, None when the
    position is complete or nothing allowed applies (``complete`` tells which)."""

    position: Position
    verdict: Verdict
    wrong: tuple[str, ...] = ()
    step: Step | None = None
    complete: bool = False

    def text(self, number: int) -> str:
        """The `hint` command's answer: one line, or one line per thing wrong."""
        head = f"Case {number}: "
        if self.verdict is Verdict.NONE:
            return f"{head}the puzzle has no solution (proved by CP-SAT), so no hint\n"
        if self.wrong:
            return "".join(f"{head}wrong position: {what}\n" for what in self.wrong)
        several = " (the puzzle has several solutions)" if self.verdict is Verdict.MULTIPLE else ""
        if self.complete:
            return f"{head}the grid is complete and right{several}\n"
        if self.step is None:
            return f"{head}no allowed technique makes progress from here{several}\n"
        step = self.step
        return f"{head}{step.technique} ({step.difficulty:.1f}): {step.text}{several}\n"

    def to_json(self, number: int) -> dict[str, Any]:
        """`hint --json`: case, verdict, and the step (as in `logic --json`; null
        when there is none), or what is wrong with the position."""
        out: dict[str, Any] = {"case": number, "verdict": self.verdict.value}
        if self.wrong:
            out["wrong"] = list(self.wrong)
        else:
            out["complete"] = self.complete
            out["step"] = None if self.step is None else self.step.to_json(self.position.puzzle.size)
        return out


def hint(
    position: Position,
    *,
    max_technique: str | None = None,
    scale: str = "default",
    time_limit: float | None = None,
) -> Hint:
    """Check ``position`` with CP-SAT, then find the easiest step from it
    (nothing harder than ``max_technique``, on ``scale``). Raises `Undecided`
    when ``time_limit`` runs out first."""
    deadline = Deadline(time_limit)
    puzzle = position.puzzle
    result = classify(puzzle, time_limit=deadline.left_or_raise())
    verdict = result.verdict
    if verdict is Verdict.UNKNOWN:
        raise Undecided("the time limit ran out before the puzzle was decided")
    if verdict is Verdict.NONE:
        return Hint(position, verdict)
    if verdict is Verdict.UNIQUE:
        assert result.solution is not None
        wrong = _against_solution(position, result.solution)
    else:
        wrong = _against_solutions(position, deadline)
    if wrong:
        return Hint(position, verdict, tuple(wrong))
    if all(position.digits):
        return Hint(position, verdict, complete=True)
    step = next_step(
        position,
        None,
        max_technique,
        scale,
        unique=verdict is Verdict.UNIQUE,
        deadline=deadline,
    )
    return Hint(position, verdict, step=step)


def _knocked_out(position: Position, wrong: dict[int, int]) -> list[int]:
    """Every cell's digits that the ``wrong`` digits (cell: digit) in its houses exclude."""
    out = [0] * len(position.digits)
    for cell, digit in wrong.items():
        for peer in position.puzzle.layout.peers[cell]:
            out[peer] |= 1 << (digit - 1)
    return out


def _against_solution(position: Position, solution: tuple[int, ...]) -> list[str]:
    n = position.puzzle.size
    wrong = {cell: digit for cell, digit in position.entered() if solution[cell] != digit}
    out = [
        f"{cell_name(cell, n)} holds {digit_char(digit)}, but the solution has {digit_char(solution[cell])} "
        "there"
        for cell, digit in wrong.items()
    ]
    knocked = _knocked_out(position, wrong)
    for cell, mask in enumerate(position.candidates):
        if not position.digits[cell] and not (mask | knocked[cell]) >> (solution[cell] - 1) & 1:
            out.append(
                f"the candidates of {cell_name(cell, n)} leave out {digit_char(solution[cell])}, "
                "the solution's digit there"
            )
    return out


def _against_solutions(position: Position, deadline: Deadline) -> list[str]:
    """For a puzzle with several solutions: entered digits that none has, then
    candidates that leave out every solution's digit (but for those wrong
    digits' knock-on), then whether the position as a whole still admits one."""
    puzzle = position.puzzle
    n = puzzle.size
    possible = true_candidates(puzzle, time_limit=deadline.left_or_raise())
    assert possible is not None
    wrong = {cell: digit for cell, digit in position.entered() if not possible[cell] >> (digit - 1) & 1}
    out = [
        f"{cell_name(cell, n)} holds {digit_char(digit)}, which no solution has there"
        for cell, digit in wrong.items()
    ]
    knocked = _knocked_out(position, wrong)
    out += [
        f"the candidates of {cell_name(cell, n)} leave out every digit a solution has there"
        for cell, mask in enumerate(position.candidates)
        if not position.digits[cell] and not (mask | knocked[cell]) & possible[cell]
    ]
    if not out and not _admits_a_solution(puzzle, position, deadline):
        out.append("the digits and candidates leave no solution together (each cell alone allows one)")
    return out


def _admits_a_solution(puzzle: Puzzle, position: Position, deadline: Deadline) -> bool:
    onehot = OneHotAssumptions(puzzle)
    n = puzzle.size
    assumed: list[Any] = [onehot.lits[c][d] for c, d in enumerate(position.digits) if d]  # and .Not()s
    assumed += [
        onehot.lacks(c, d + 1)
        for c, mask in enumerate(position.candidates)
        for d in range(n)
        if not position.digits[c] and not mask >> d & 1
    ]
    feasible, _, _ = onehot.solve(assumed, deadline)
    return feasible
