"""Loading the logic solver's stored puzzles and checking its steps against the truth.

Shared by tests/test_logic_soundness.py and benchmarks/soundness_logic.py.
See benchmarks/make_logic_data.py for the file format.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import json
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from squiggly_cp.core.geometry import box_shape
from squiggly_cp.core.puzzle import DIGIT_CHARS, Puzzle, Verdict, cell_name
from squiggly_cp.core.rules import Diagonal, DisjointGroups, ExtraRegion, Rule, Windoku
from squiggly_cp.formats.fpuzzles import read_fpuzzles
from squiggly_cp.logic.assess import assess
from squiggly_cp.logic.rating import rate_result
from squiggly_cp.logic.solver import LogicResult, solve_logic
from squiggly_cp.logic.state import State

DATA = Path(__file__).resolve().parent / "data"
LABELS = "0123456789abcdefg"

# (size, kind, count) of logic_unique.txt, in file order (benchmarks/make_logic_data.py
# makes it): weighted to 9x9, many minimal.
UNIQUE_PLAN = [
    (4, "minimal", 50),
    (4, "unique", 30),
    (5, "minimal", 50),
    (5, "unique", 30),
    (6, "minimal", 70),
    (6, "unique", 30),
    (7, "minimal", 70),
    (7, "unique", 30),
    (8, "minimal", 90),
    (8, "unique", 30),
    (9, "minimal", 900),
    (9, "unique", 300),
    (10, "sparse", 80),
    (11, "sparse", 60),
    (12, "sparse", 60),
    (13, "sparse", 40),
    (14, "sparse", 30),
    (15, "sparse", 25),
    (16, "sparse", 25),
]


def minimal_9x9() -> range:
    """Indices of the 9x9 minimal-givens puzzles in logic_unique.txt: random
    jigsaws reduced to a minimal set of givens, the hardest of the stored puzzles."""
    start = 0
    for size, kind, count in UNIQUE_PLAN:
        if (size, kind) == (9, "minimal"):
            return range(start, start + count)
        start += count
    return range(0)


def _grid(text: str) -> tuple[int, ...]:
    return tuple(0 if ch == "." else DIGIT_CHARS.index(ch) + 1 for ch in text)


def _puzzle(size: str, layout: str, givens: str) -> Puzzle:
    return Puzzle(int(size), _grid(givens), tuple(LABELS.index(ch) for ch in layout))


def load_unique(path: Path = DATA / "logic_unique.txt") -> Iterator[tuple[Puzzle, tuple[int, ...]]]:
    """(puzzle, its solution) per line."""
    for line in path.read_text().splitlines():
        size, layout, givens, solution = line.split()
        yield _puzzle(size, layout, givens), _grid(solution)


CHAINED = (392, 991)
"""Stored puzzles whose se paths have many Nishio steps, chains and aligned
triplet exclusion searches (their stored summaries say so: tests/test_logic_state.py)."""


def path_states(chosen: tuple[int, ...] = CHAINED) -> list[State]:
    """The states before each step of the se paths of the ``chosen`` stored
    puzzles: fresh ones each call (tests change them), those of one puzzle
    sharing one empty memo, as they would coming from `State.start`."""
    states = []
    for path in _paths(chosen):
        memo: dict[object, object] = {}
        for kept in path:
            state = kept.copy()
            state.memo = memo
            states.append(state)
    return states


@functools.cache  # 0.7 s a call, and nine tests (29 cases) ask
def _paths(chosen: tuple[int, ...]) -> tuple[tuple[State, ...], ...]:
    paths = []
    for index, (puzzle, _) in enumerate(itertools.islice(load_unique(), max(chosen) + 1)):
        if index in chosen:
            state, path = State.start(puzzle, unique=True), []
            for step in solve_logic(puzzle, scale="se", unique=True).steps:
                path.append(state.copy())
                state.apply(step.placements, step.eliminations)
            paths.append(tuple(path))
    return tuple(paths)


# The house variants of logic_variants.txt (benchmarks/make_logic_data.py variants):
# by name, the rules of each on a size (an empty tuple where the variant has none).
ASTERISK = (13, 20, 24, 37, 40, 43, 56, 60, 67)  # r2c5 r3c3 r3c7 r5c2 r5c5 r5c8 r7c3 r7c7 r8c5
CENTRE_DOT = (10, 13, 16, 37, 40, 43, 64, 67, 70)  # the centre cell of each 3x3 box
GIRANDOLA = (0, 8, 13, 37, 40, 43, 67, 72, 80)  # r1c1 r1c9 r2c5 r5c2 r5c5 r5c8 r8c5 r9c1 r9c9


def variant_rules(name: str, size: int) -> tuple[Rule, ...]:
    nine = size == 9
    table: dict[str, tuple[Rule, ...]] = {
        "x": (Diagonal("+"), Diagonal("-")),
        "diagonal+": (Diagonal("+"),),
        "diagonal-": (Diagonal("-"),),
        "windoku": (Windoku(),) if nine else (),
        "disjoint": (DisjointGroups(),) if box_shape(size) else (),
        "asterisk": (ExtraRegion(ASTERISK),) if nine else (),
        "centredot": (ExtraRegion(CENTRE_DOT),) if nine else (),
        "girandola": (ExtraRegion(GIRANDOLA),) if nine else (),
    }
    return table[name]


VARIANTS = ("x", "diagonal+", "diagonal-", "windoku", "disjoint", "asterisk", "centredot", "girandola")


def load_variants(path: Path = DATA / "logic_variants.txt") -> Iterator[tuple[Puzzle, tuple[int, ...]]]:
    """(puzzle with its extra houses, its solution) per line: a unique puzzle's
    fields, then the variant's name (`variant_rules`)."""
    for line in path.read_text().splitlines():
        size, layout, givens, solution, name = line.split()
        puzzle = _puzzle(size, layout, givens)
        yield puzzle.with_rules(variant_rules(name, puzzle.size)), _grid(solution)


def load_rules(path: Path = DATA / "logic_rules.txt") -> Iterator[tuple[str, Puzzle, tuple[int, ...]]]:
    """(rule kind, puzzle with its rules, its solution) per line (benchmarks/make_rule_data.py)."""
    for line in path.read_text().splitlines():
        kind, solution, document = line.split("\t")
        puzzle = read_fpuzzles(document)[0]
        assert isinstance(puzzle, Puzzle), puzzle
        yield kind, puzzle, _grid(solution)


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
    nested_puzzles: int = 0
    """Puzzles whose path has a nested forcing chain (SE's levels 2 and 3)."""


def check_against(
    puzzle: Puzzle,
    truth: list[int],
    tally: Tally,
    expected: dict | None = None,
    scale: str = "default",
) -> LogicResult:
    """Solve and check every step: a placement must be the only digit any solution
    has there, an elimination must remove no digit any solution has there.
    ``truth`` is per-cell masks (a unique solution gives one bit per cell).
    With ``expected`` (a stored `summary`), the path's summary must be the stored one.

    The solve goes through `assess`, as `rate` and `logic` do: the uniqueness
    techniques run only when CP-SAT proves the puzzle unique. A verdict that
    disagrees with ``truth``, or a uniqueness step on a puzzle with several
    solutions, is an error."""
    unique = all(m and not m & (m - 1) for m in truth)
    found = assess(puzzle, scale=scale)
    result = found.logic
    n = puzzle.size
    if found.verdict is not (Verdict.UNIQUE if unique else Verdict.MULTIPLE):
        tally.errors.append(f"{n}x{n} puzzle #{tally.puzzles + 1}: CP-SAT says {found.verdict.value}")
    assert result is not None
    if expected is not None:
        found_summary = summary(result)
        differ = sorted(
            k for k in expected.keys() | found_summary.keys() if expected.get(k) != found_summary.get(k)
        )
        if differ:
            tally.errors.append(
                f"{n}x{n} puzzle #{tally.puzzles + 1} ({scale} scale): {', '.join(differ)} "
                f"differ from the stored summary: {json.dumps({k: found_summary.get(k) for k in differ})} "
                f"instead of {json.dumps({k: expected.get(k) for k in differ})}"
            )
    tally.puzzles += 1
    tally.solved += result.solved
    tally.trial_puzzles += any(s.technique == "trial" for s in result.steps)
    tally.nested_puzzles += any("(+ " in s.technique for s in result.steps)
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


def summary(result: LogicResult) -> dict:
    """What the stored expectations keep of a path: its rating, pearl and
    diamond, whether it finished, and how often each technique fired. A
    technique change alters the summaries of the puzzles it touches, not
    every stored path."""
    rating = rate_result(result)
    return {
        "rating": rating.rating,
        "pearl": rating.pearl,
        "diamond": rating.diamond,
        "solved": rating.solved,
        "counts": dict(sorted(rating.counts.items())),
    }


EXPECTED_PER_GROUP = {"minimal": 24, "other": 14, "multiple": 50}
"""How many puzzles of each group of `UNIQUE_PLAN` the expectations cover
(``minimal``: the 9x9 minimal ones, the slowest) and how many of those with
several solutions: about 300 puzzles, recorded in a few minutes."""


def expected_choice() -> tuple[list[int], list[int]]:
    """The indices (into logic_unique.txt, logic_multiple.txt) of the puzzles
    whose summaries `benchmarks/soundness_logic.py --record` stores: a
    seeded draw from every group of `UNIQUE_PLAN`."""
    rng = random.Random(29)
    unique: list[int] = []
    start = 0
    for size, kind, count in UNIQUE_PLAN:
        take = EXPECTED_PER_GROUP["minimal" if (size, kind) == (9, "minimal") else "other"]
        unique += sorted(rng.sample(range(start, start + count), min(take, count)))
        start += count
    total_multiple = sum(1 for _ in (DATA / "logic_multiple.txt").open())
    multiple = sorted(rng.sample(range(total_multiple), min(EXPECTED_PER_GROUP["multiple"], total_multiple)))
    return unique, multiple


VARIANTS_PER_KIND = 2
"""Stored summaries per house variant (logic_variants.txt) and per rule kind (logic_rules.txt)."""


def expected_variant_choice() -> list[int]:
    """The indices of the variant puzzles whose summaries are stored too, in
    the list the sweep checks (logic_unique.txt, then logic_variants.txt, then
    logic_rules.txt): a seeded draw of `VARIANTS_PER_KIND` of each variant and
    each rule kind (a kind added to a file changes no other kind's draw)."""
    start = sum(1 for _ in (DATA / "logic_unique.txt").open())
    chosen: list[int] = []
    for name, kind_of in (
        ("logic_variants.txt", lambda line: line.split()[4]),
        ("logic_rules.txt", lambda line: line.split("\t")[0]),
    ):
        lines = (DATA / name).read_text().splitlines()
        by_kind: dict[str, list[int]] = {}
        for k, line in enumerate(lines):
            by_kind.setdefault(kind_of(line), []).append(start + k)
        for kind, indices in sorted(by_kind.items()):
            rng = random.Random(f"{name}-{kind}")
            chosen += sorted(rng.sample(indices, min(VARIANTS_PER_KIND, len(indices))))
        start += len(lines)
    return sorted(chosen)


def expected_path(scale: str = "default") -> Path:
    """Where the stored summaries of ``scale`` live."""
    return DATA / ("logic_expected.jsonl" if scale == "default" else f"logic_expected_{scale}.jsonl")


def expected_key(kind: str, index: int) -> str:
    """A stored summary's key: ``u12`` is line 13 of logic_unique.txt, ``m0``
    line 1 of logic_multiple.txt."""
    return f"{kind[0]}{index}"


def load_expected(scale: str = "default") -> dict[str, dict]:
    """The stored summaries of ``scale`` by `expected_key`."""
    out = {}
    for line in expected_path(scale).read_text().splitlines():
        entry = json.loads(line)
        out[entry.pop("puzzle")] = entry
    return out


def write_expected(scale: str, summaries: dict[str, dict]) -> None:
    lines = [json.dumps({"puzzle": key, **value}, ensure_ascii=False) for key, value in summaries.items()]
    expected_path(scale).write_text("\n".join(lines) + "\n")


def path_digest(result: LogicResult, size: int) -> str:
    """A short digest of everything a logic path shows: each step's JSON form,
    houses and cells, and where the solve ended. Two code versions that give
    the same digest give byte-identical `logic` output. Not stored in the
    repository: `benchmarks/soundness_logic.py --record-digests FILE` at one
    commit and ``--digests FILE`` at another show that a refactor changed
    no path."""
    parts = [
        json.dumps(
            [_shown(step, size), list(step.houses), list(step.cells)], sort_keys=True, ensure_ascii=False
        )
        for step in result.steps
    ]
    parts.append(json.dumps([result.solved, result.contradiction, list(result.candidates)]))
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


def _shown(step, size: int) -> dict:
    """What `logic` prints of a step (the fields of `Step.to_json` that the
    digests are made from; drawing details do not count)."""
    shown = step.to_json(size)
    return {key: shown[key] for key in ("technique", "difficulty", "placements", "eliminations", "text")}


def json_cell(name: str, size: int) -> int:
    """The cell index of a name like ``r3c12``."""
    row, col = name[1:].split("c")
    return (int(row) - 1) * size + int(col) - 1


def replay_json(puzzle: Puzzle, steps: list[dict]) -> list[tuple[list[int], list[int]]]:
    """Positions 0..n of a `logic --json` path as (digits, candidate masks; a
    placed cell keeps just its digit), worked out from the givens and the
    JSON alone, without the solver's code: a placed digit leaves the cell's
    peers (the cells sharing its row, column or region), an elimination its cell."""
    n = puzzle.size
    houses = [(c // n, c % n, puzzle.regions[c]) for c in range(n * n)]
    peers = [
        [o for o in range(n * n) if o != c and any(map(int.__eq__, houses[c], houses[o]))]
        for c in range(n * n)
    ]
    digits = list(puzzle.givens)
    cands = [(1 << n) - 1] * (n * n)

    def place(cell: int, digit: int) -> None:
        digits[cell] = digit
        cands[cell] = 1 << (digit - 1)
        for other in peers[cell]:
            if not digits[other]:
                cands[other] &= ~(1 << (digit - 1))

    for cell, digit in enumerate(puzzle.givens):
        if digit:
            place(cell, digit)
    out = [(digits.copy(), cands.copy())]
    for step in steps:
        for text in step["placements"]:
            name, digit = text.split("=")
            place(json_cell(name, n), DIGIT_CHARS.index(digit) + 1)
        for text in step["eliminations"]:
            name, digit = text.split("-")
            cands[json_cell(name, n)] &= ~(1 << DIGIT_CHARS.index(digit))
        out.append((digits.copy(), cands.copy()))
    return out
