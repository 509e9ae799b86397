"""Loading the logic solver's stored puzzles and checking its steps against the truth.

Shared by tests/test_logic_soundness.py and benchmarks/soundness_logic.py.
See benchmarks/make_logic_data.py for the file format.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from squiggly_cp.core.puzzle import DIGIT_CHARS, Puzzle, cell_name
from squiggly_cp.logic import solve_logic
from squiggly_cp.logic.solver import LogicResult

DATA = Path(__file__).resolve().parent / "data"
LABELS = "0123456789abcdefg"


def _grid(text: str) -> tuple[int, ...]:
    return tuple(0 if ch == "." else DIGIT_CHARS.index(ch) + 1 for ch in text)


def _puzzle(size: str, layout: str, givens: str) -> Puzzle:
    return Puzzle(int(size), _grid(givens), tuple(LABELS.index(ch) for ch in layout))


def load_unique(path: Path = DATA / "logic_unique.txt") -> Iterator[tuple[Puzzle, tuple[int, ...]]]:
    """(puzzle, its solution) per line; its stored path digest is line k of `GOLDEN`."""
    for line in path.read_text().splitlines():
        size, layout, givens, solution = line.split()
        yield _puzzle(size, layout, givens), _grid(solution)


def load_multiple(path: Path = DATA / "logic_multiple.txt") -> Iterator[tuple[Puzzle, list[int]]]:
    """(puzzle, per-cell bitmask of the digits some solution puts there) per line."""
    for line in path.read_text().splitlines():
        size, layout, givens, masks = line.split()
        yield _puzzle(size, layout, givens), [int(m, 16) for m in masks.split(",")]


@dataclass
class Tally:
    """What a sweep saw: steps per technique, and every unsound step."""

    steps: Counter = field(default_factory=Counter)
    eliminations: Counter = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)
    solved: int = 0
    puzzles: int = 0
    trial_puzzles: int = 0


def check_against(
    puzzle: Puzzle,
    truth: list[int],
    tally: Tally,
    golden: str | None = None,
    scale: str = "default",
) -> LogicResult:
    """Solve and check every step: a placement must be the only digit any solution
    has there, an elimination must remove no digit any solution has there.
    ``truth`` is per-cell masks (a unique solution gives one bit per cell).
    With ``golden`` (a stored `path_digest`), the path must also be the stored one.

    The uniqueness techniques may run only when ``truth`` is a single solution
    (as `rate` and `logic` allow them only after CP-SAT proved uniqueness);
    a uniqueness step on a puzzle with several solutions is an error."""
    unique = all(m and not m & (m - 1) for m in truth)
    result = solve_logic(puzzle, scale=scale, unique=unique)
    n = puzzle.size
    if golden is not None and path_digest(result, n) != golden:
        tally.errors.append(f"{n}x{n} puzzle #{tally.puzzles + 1}: the path differs from the stored one")
    tally.puzzles += 1
    tally.solved += result.solved
    tally.trial_puzzles += any(s.technique == "trial" for s in result.steps)
    if result.contradiction is not None:
        tally.errors.append(f"contradiction on a solvable puzzle: {result.contradiction}")
    for step in result.steps:
        if not unique and step.technique.startswith(UNIQUENESS):
            tally.errors.append(f"{step.technique} on a puzzle with several solutions: {step.text}")
        tally.steps[step.technique] += 1
        tally.eliminations[step.technique] += len(step.eliminations)
        for cell, digit in step.placements:
            if truth[cell] != 1 << (digit - 1):
                tally.errors.append(f"{step.technique} placed {cell_name(cell, n)}={digit}: {step.text}")
        for cell, digit in step.eliminations:
            if truth[cell] >> (digit - 1) & 1:
                tally.errors.append(f"{step.technique} removed {cell_name(cell, n)}-{digit}: {step.text}")
    return result


UNIQUENESS = ("unique rectangle", "unique loop", "bug type")
"""Step names of the techniques that assume a unique solution."""


def solution_masks(solution: tuple[int, ...]) -> list[int]:
    return [1 << (d - 1) for d in solution]


GOLDEN = DATA / "logic_steps.txt"


def path_digest(result: LogicResult, size: int) -> str:
    """A short digest of everything a logic path shows: each step's JSON form,
    houses and cells, and where the solve ended. Two code versions that give
    the same digest give byte-identical `logic` output."""
    parts = [
        json.dumps(
            [step.to_json(size), list(step.houses), list(step.cells)], sort_keys=True, ensure_ascii=False
        )
        for step in result.steps
    ]
    parts.append(json.dumps([result.solved, result.contradiction, list(result.candidates)]))
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


def load_golden() -> list[str]:
    """The stored digests: the unique puzzles' paths, then the multiple ones', in file order."""
    return GOLDEN.read_text().split()


def _digest_unique(item: tuple[Puzzle, tuple[int, ...]]) -> str:
    return path_digest(solve_logic(item[0], unique=True), item[0].size)


def _digest_multiple(item: tuple[Puzzle, list[int]]) -> str:
    return path_digest(solve_logic(item[0]), item[0].size)


def write_golden(processes: int = 2) -> None:
    """Record the current solver's paths (run once, before a change meant to
    keep them; takes about half an hour on two cores)."""
    from multiprocessing import Pool

    with Pool(processes) as pool:
        lines = pool.map(_digest_unique, list(load_unique()), chunksize=4)
        lines += pool.map(_digest_multiple, list(load_multiple()), chunksize=4)
    GOLDEN.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    write_golden()
