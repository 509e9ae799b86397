"""Seeded random squiggly puzzles of a chosen kind, made one at a time.

How a puzzle is made: a random layout (`squiggly_cp.make.regionmaps.random_layout`,
optionally symmetric) or the caller's; a random completed grid from CP-SAT;
then givens are removed orbit by orbit (an orbit is a set of cells the clue
symmetry maps onto each other; a single cell without symmetry) in random
order, each removal kept only if the puzzle stays unique.

Each uniqueness check is one feasibility question for CP-SAT: with the
givens left, is there a grid that differs from the known solution somewhere
in the removed orbit? (The puzzle before the removal had only that solution,
so any other grid must differ there.) The model holds only the cells and
digits that naked and hidden singles leave open, and a single-cell orbit
becomes a domain cut instead of a constraint. A check that CP-SAT cannot
settle within its work limit (deterministic seconds, `squiggly_cp.core.limits`)
keeps the orbit (sound: a given more never breaks uniqueness); for "minimal"
the orbit is tried again at the end with a larger limit, so every given left
is proved necessary, and a grid
whose checks stay undecided is dropped for a new one (see `_reduce`).

A difficulty target plugs in through `Target`: a predicate that can veto
each removal, and one that accepts or rejects the finished puzzle (then a
new grid is started), as Simon Tatham's Solo does with its grades.

Rules. A variant's rules (`squiggly_cp.core.rules`) given to `make_puzzle`
are kept by the completed grid (CP-SAT fills the layout under them: its
seed and random polarity drawn from the puzzle's generator, a work limit on
random layouts) and carried by every puzzle made, so every uniqueness check
sees them and "minimal" means every given left is needed given the rules.
With ``killer`` the completed grid is cut into killer cages
(`squiggly_cp.make.cages`), each with its sum from the grid. For "unique",
"minimal" and "none" the cages are first asked to make the puzzle unique on
their own (one check, no givens); up to 20 cuts of the grid are drawn until
one does (`killer_cages`), and the puzzle then has no givens (a cage-only
killer; "none" adds one wrong digit to it, or with clue symmetry starts
from an ordinary unique puzzle and changes a given). If none does (or 3
checks stay undecided at their work limit, as on 16x16), the last cut is
kept and givens are removed as above, for "unique" too as far as they go,
so a killer keeps only givens its cages need. "multiple": one cut.

Kinds: "unique"; "minimal" (unique, and removing any orbit of givens breaks
uniqueness: with clue symmetry "none" that is every single given);
"multiple"; "none" (no solution, though no given repeats in a house).

Seeds: puzzle k of `generate(seed, ...)` draws from its own generator seeded
with ``(seed, k)``, so each puzzle depends only on the seed and its number,
and CP-SAT's limits are work limits, so output is the same on every
machine (with the same OR-Tools version). Only the wall-clock ``time_limit`` depends on the machine: a puzzle
that does not get made in time is given up (reported, not retried), and the
other puzzles are unaffected.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import islice
from types import ModuleType

from ..core.limits import Deadline, Undecided, enforced
from ..core.propagate import candidates
from ..core.puzzle import Grid, Puzzle, PuzzleError, Verdict
from ..core.regions import check_regions
from ..core.rules import Rule
from ..core.signals import import_held
from ..core.symmetry import CLUE_SYMMETRIES, LAYOUT_SYMMETRIES, orbits
from .cages import killer_cages
from .regionmaps import fill_layout, random_layout
from .targets import TARGET_TRIES, Target

__all__ = [
    "CLUE_SYMMETRIES",
    "KINDS",
    "LAYOUT_SYMMETRIES",
    "Outcome",
    "Target",
    "generate",
    "is_minimal",
    "make_puzzle",
    "progress_text",
    "random_layout",
    "random_puzzles",
    "random_solution",
]

KINDS = ("unique", "minimal", "multiple", "none")

_PUZZLE_TRIES = 100  # attempts per puzzle when there is no time limit
# Work limits, in CP-SAT's deterministic seconds per 81 cells:
_FILL_WORK = 1.0  # a random layout's completed grid
_UNIQUE_WORK = 0.1  # a uniqueness check for "unique"
_MINIMAL_WORK = 0.5  # the same on the first pass for "minimal"
_NONE_WORK = 2.0  # showing that a "none" candidate has no solution
_RETRY_GROWTH = 4  # how the limit grows on each later pass over undecided orbits (minimal)
_PASSES = 3  # passes before "minimal" gives up on a grid with an orbit still undecided
_HARD_GRID = 6  # undecided orbits on a pass that make "minimal" give up on a grid at once


@dataclass(frozen=True)
class Outcome:
    """Puzzle ``number`` (1-based): the puzzle, or None with the reason it was
    not made; ``seconds`` spent on it."""

    number: int
    puzzle: Puzzle | None
    seconds: float
    reason: str = ""


def random_solution(
    layout: Grid,
    rng: random.Random,
    size: int = 9,
    *,
    work_limit: float | None = None,
    time_limit: float | None = None,
    rules: Sequence[Rule] = (),
) -> Grid | None:
    """A random completed grid of ``layout`` keeping ``rules``; None if there
    is none. Raises `Undecided` when the search passes ``work_limit``
    (CP-SAT's deterministic seconds) or ``time_limit`` (seconds)."""
    regions = check_regions(layout, size)
    if not rules:
        return fill_layout(regions, size, rng, work_limit=work_limit, time_limit=time_limit)
    # A rule need not survive renaming the digits (a cage's sum, a thermometer),
    # so no first row is fixed as `fill_layout` does: CP-SAT's seed and random
    # polarity, drawn from ``rng``, make the grid random.
    blank = Puzzle(size, (0,) * (size * size), regions, rules=tuple(rules))
    domains = candidates(blank)
    if domains is None:
        return None
    model = import_held("squiggly_cp.sat.model")
    sat_run = import_held("squiggly_cp.sat.run")
    parameters: dict[str, object] = dict(sat_run.GENERATOR_PARAMETERS)
    parameters.update(random_seed=rng.randrange(1 << 30), initial_polarity="POLARITY_RANDOM")
    built = model.OneHot(blank, domains)
    grid: Grid | None = built.solution(time_limit=time_limit, work_limit=work_limit, parameters=parameters)
    return grid


def _checks() -> ModuleType:
    """The CP-SAT uniqueness checks, imported on first use: the command line
    imports this module for `KINDS` alone and must not pay for OR-Tools."""
    unique = import_held("squiggly_cp.make.unique")

    return unique


def _work_limit(per_81_cells: float, size: int) -> float:
    return per_81_cells * size * size / 81


def _filled_layout(
    rng: random.Random, size: int, fixed: Grid | None, layout_symmetry: str, job: _Job
) -> tuple[Grid, Grid]:
    """A layout (``fixed``, or a random one) and a random completed grid of it keeping the rules."""
    deadline = job.deadline
    # Random layouts nearly always admit a grid, but rules may rule out every one: a bounded number then.
    for _ in range(_PUZZLE_TRIES) if fixed is None and job.rules else itertools.count():
        regions = fixed if fixed is not None else random_layout(rng, size, layout_symmetry)
        # A fixed layout gets no work limit: there is no other layout to try.
        work = None if fixed is not None else _work_limit(_FILL_WORK, size)
        try:
            solution = random_solution(
                regions, rng, size, work_limit=work, time_limit=deadline.left_or_raise(), rules=job.rules
            )
        except Undecided:
            deadline.left_or_raise()
            continue
        if solution is not None:
            return regions, solution
        if fixed is not None:
            keeping = " keeping its rules" if job.rules else ""
            raise PuzzleError(f"this layout admits no completed grid{keeping} (see the layout command)")
    raise RuntimeError(f"no random layout of {_PUZZLE_TRIES} tried admits a completed grid keeping the rules")


def _reduce(
    rng: random.Random,
    full: Puzzle,
    cells: Sequence[Sequence[int]],
    stop_at: int,
    target: Target | None,
    deadline: Deadline,
    prove_all: bool,
) -> list[int] | None:
    """Remove orbits of givens in random order while the puzzle stays unique
    (and within ``target``), down to ``stop_at`` givens.

    If every orbit gets tried, the result is minimal: an orbit whose removal
    broke uniqueness earlier still breaks it with fewer givens around (the
    other grid found then still fits). With ``prove_all`` orbits left
    undecided at the work limit are retried with growing limits until decided.
    """
    checks = _checks()
    solution = full.givens
    givens = list(solution)
    left = len(givens)
    order = list(cells)
    rng.shuffle(order)
    work = _work_limit(_MINIMAL_WORK if prove_all else _UNIQUE_WORK, full.size)
    for _ in range(_PASSES if prove_all else 1):
        undecided = []
        for orbit in order:
            if left <= stop_at:
                return givens
            trial = list(givens)
            for cell in orbit:
                trial[cell] = 0
            puzzle = full.with_givens(trial)
            try:
                other = checks.other_solution(puzzle, solution, orbit, work, deadline.left_or_raise())
            except Undecided:
                deadline.left_or_raise()
                undecided.append(orbit)
                if prove_all and len(undecided) >= _HARD_GRID:
                    return None
                continue
            if other is None and (target is None or target.within is None or target.within(puzzle)):
                givens = trial
                left -= len(orbit)
        if not undecided:
            return givens
        order = undecided
        work *= _RETRY_GROWTH
    return None if prove_all else givens


def _unique_stop(rng: random.Random, size: int) -> int:
    """A random number of givens to stop removing at, for variety."""
    cells = size * size
    return rng.randint(cells * 3 // 10, cells // 2)


def _cage_only(full: Puzzle, job: _Job) -> Puzzle | None:
    """The puzzle of ``full``'s rules alone, no givens, when they make it unique."""
    if not job.alone:
        return None
    blank = full.with_givens((0,) * (full.size**2))
    target = job.target
    return blank if target is None or target.within is None or target.within(blank) else None


def _make_unique(rng: random.Random, full: Puzzle, job: _Job) -> Puzzle:
    alone = _cage_only(full, job)
    if alone is not None:
        return alone
    # With a difficulty target, removal goes on while the target allows it:
    # stopping early would mostly make puzzles too easy to be accepted. A
    # killer's givens go as far as they can: its cages are the clues.
    stop = _unique_stop(rng, full.size) if job.target is None and not job.killer else 0
    givens = _reduce(rng, full, job.orbits, stop, job.target, job.deadline, False)
    assert givens is not None
    return full.with_givens(givens)


def _make_minimal(rng: random.Random, full: Puzzle, job: _Job) -> Puzzle | None:
    alone = _cage_only(full, job)
    if alone is not None:
        return alone
    givens = _reduce(rng, full, job.orbits, 0, job.target, job.deadline, True)
    return None if givens is None else full.with_givens(givens)


def _make_multiple(rng: random.Random, full: Puzzle, job: _Job) -> Puzzle | None:
    # Half of them start from the full grid (many givens), half from a sparser unique puzzle.
    if rng.random() < 0.5:
        givens = list(full.givens)
    else:
        givens = list(_make_unique(rng, full, replace(job, target=None)).givens)
    order = [orbit for orbit in job.orbits if givens[orbit[0]]]
    rng.shuffle(order)
    steps = iter(order)
    # Removing givens never loses solutions: remove until a second solution appears, then maybe a few more.
    work = _work_limit(_UNIQUE_WORK, full.size)
    checks = _checks()
    for orbit in steps:
        trial = list(givens)
        for cell in orbit:
            trial[cell] = 0
        try:
            other = checks.other_solution(
                full.with_givens(trial), full.givens, orbit, work, job.deadline.left_or_raise()
            )
        except Undecided:
            job.deadline.left_or_raise()
            continue
        givens = trial
        if other is not None:
            break
    else:
        return None
    for orbit in islice(steps, rng.choice((0, 0, 1, 3))):
        for cell in orbit:
            givens[cell] = 0
    return full.with_givens(givens)


def _make_none(rng: random.Random, full: Puzzle, job: _Job) -> Puzzle | None:
    n = full.size
    # With clue symmetry a given can only be changed, so a cage-only base will not do.
    base = _make_unique(rng, full, replace(job, alone=False, killer=False) if job.symmetric else job)
    givens = list(base.givens)
    solution = full.givens
    peers = base.peers
    # Either change a given or add one, always to a digit that no peer gives. An added wrong
    # digit always leaves no solution; a changed given may not, so the result is checked.
    # With clue symmetry, only changes: an added given would break the symmetry.
    cells = [i for i in range(n * n) if givens[i]] if rng.random() < 0.5 or job.symmetric else []
    rng.shuffle(cells)
    empty = [] if job.symmetric else [i for i in range(n * n) if not givens[i]]
    rng.shuffle(empty)
    for cell in cells + empty:
        blocked = {givens[p] for p in peers[cell]}
        digits = [d for d in range(1, n + 1) if d != solution[cell] and d not in blocked]
        if not digits:
            continue
        old = givens[cell]
        givens[cell] = rng.choice(digits)
        puzzle = base.with_givens(givens)
        if puzzle.repeated_given() is None and not _may_have_solution(puzzle, job.deadline):
            return puzzle
        givens[cell] = old
    return None


def _may_have_solution(puzzle: Puzzle, deadline: Deadline) -> bool:
    """False only when no solution is proved."""
    try:
        return _checks().has_solution(puzzle, _work_limit(_NONE_WORK, puzzle.size), deadline.left_or_raise())
    except Undecided:
        deadline.left_or_raise()
        return True


@dataclass
class _Job:
    orbits: tuple[tuple[int, ...], ...]
    target: Target | None
    deadline: Deadline
    symmetric: bool
    rules: tuple[Rule, ...] = ()
    killer: bool = False
    alone: bool = False
    """The puzzle in hand's rules alone make it unique (killer cages, proved)."""


_MAKERS: dict[str, Callable[[random.Random, Puzzle, _Job], Puzzle | None]] = {
    "unique": _make_unique,
    "minimal": _make_minimal,
    "multiple": _make_multiple,
    "none": _make_none,
}


def make_puzzle(
    rng: random.Random,
    kind: str,
    size: int = 9,
    layout: Grid | None = None,
    *,
    symmetry: str = "none",
    layout_symmetry: str = "none",
    target: Target | None = None,
    time_limit: float | None = None,
    rules: Sequence[Rule] = (),
    killer: bool = False,
) -> Puzzle:
    """A random puzzle of ``kind``: "unique", "minimal", "multiple" or "none".

    With ``layout`` the puzzle uses it (raising `PuzzleError` if it admits no
    completed grid); otherwise random layouts with ``layout_symmetry`` are
    drawn. ``symmetry`` is the clue symmetry (`CLUE_SYMMETRIES`). The puzzle
    keeps ``rules`` (a `PuzzleError` if one is malformed or cannot hold), and
    with ``killer`` killer cages cut from its grid besides. Raises
    `Undecided` after ``time_limit`` seconds (the target's ratings keep to it
    too: the logic solver checks it between steps and inside long searches),
    and `RuntimeError` if no try of
    `_PUZZLE_TRIES` succeeds without a time limit, or of `TARGET_TRIES` with
    a ``target`` (one out of reach must not be retried until the time limit).
    """
    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r}; expected one of {', '.join(KINDS)}")
    fixed = None if layout is None else check_regions(layout, size)
    rows = tuple(i // size for i in range(size * size))
    rules = Puzzle(size, (0,) * size**2, fixed or rows, rules=tuple(rules)).keepable_rules()  # checked
    deadline = Deadline(time_limit)
    job = _Job(orbits(symmetry, size), target, deadline, symmetry != "none", rules, killer)
    tries = 0
    limit = _PUZZLE_TRIES if target is None else TARGET_TRIES
    bounded = time_limit is None or target is not None
    with enforced(deadline):  # a target's rating of a sparse 16x16 can outlast the whole limit
        while not bounded or tries < limit:
            tries += 1
            regions, solution = _filled_layout(rng, size, fixed, layout_symmetry, job)
            full, grid_job = Puzzle(size, solution, regions, rules=rules), job
            if killer:
                full, alone = killer_cages(rng, full, deadline, checked=kind != "multiple")
                grid_job = replace(job, alone=alone)
            puzzle = _MAKERS[kind](rng, full, grid_job)
            if puzzle is not None and (target is None or target.accept is None or target.accept(puzzle)):
                return puzzle
    on_target = "" if target is None else " on target"
    raise RuntimeError(f"no {kind!r} {size}x{size} puzzle{on_target} found in {limit} tries")


def puzzle_rng(seed: int, number: int) -> random.Random:
    """The random generator of puzzle ``number`` (1-based) of ``seed``."""
    return random.Random(f"squiggly-cp generate {seed} {number}")


def generate(
    seed: int,
    count: int,
    kinds: Sequence[str] = ("unique",),
    size: int = 9,
    *,
    symmetry: str = "none",
    layout_symmetry: str = "none",
    layout: Grid | None = None,
    time_limit: float | None = None,
    target: Target | None = None,
    rules: Sequence[Rule] = (),
    killer: bool = False,
) -> Iterator[Outcome]:
    """Puzzles 1..``count`` of ``seed``, each yielded as soon as it is made,
    cycling through ``kinds``, keeping ``rules`` and with ``killer`` killer
    cages besides (`make_puzzle`). A puzzle not made within ``time_limit``
    seconds comes back with ``puzzle=None`` and is not retried."""
    for number in range(1, count + 1):
        start = time.monotonic()
        kind = kinds[(number - 1) % len(kinds)]
        try:
            puzzle = make_puzzle(
                puzzle_rng(seed, number),
                kind,
                size,
                layout,
                symmetry=symmetry,
                layout_symmetry=layout_symmetry,
                target=target,
                time_limit=time_limit,
                rules=rules,
                killer=killer,
            )
        except Undecided:
            yield Outcome(number, None, time.monotonic() - start, f"not made within {time_limit:g} s")
            continue
        except RuntimeError as e:
            yield Outcome(number, None, time.monotonic() - start, str(e))
            continue
        yield Outcome(number, puzzle, time.monotonic() - start)


def random_puzzles(
    seed: int, count: int, kinds: Iterable[str] = ("unique", "multiple", "none"), size: int = 9
) -> Iterator[Puzzle]:
    """``count`` puzzles from ``seed``, cycling through ``kinds`` (no time limit)."""
    for outcome in generate(seed, count, tuple(kinds), size):
        if outcome.puzzle is None:
            raise RuntimeError(outcome.reason)
        yield outcome.puzzle


def progress_text(made: int, count: int, seconds: float) -> str:
    """One progress line: how many puzzles are made and how fast."""
    rate = f", {seconds / made:.2f} s each" if made else ""
    return f"generate: {made}/{count} made in {seconds:.0f} s{rate}"


def is_minimal(puzzle: Puzzle, *, time_limit: float | None = None) -> bool:
    """True if ``puzzle`` is unique and loses uniqueness when any one given is removed.
    Raises `Undecided` after ``time_limit`` seconds."""
    solve = import_held("squiggly_cp.engines.cpsat").solve

    checks = _checks()
    deadline = Deadline(time_limit)
    result = solve(puzzle, time_limit=deadline.left_or_raise())
    if result.verdict is Verdict.UNKNOWN:
        raise Undecided
    if result.verdict is not Verdict.UNIQUE:
        return False
    solution = result.solutions[0]
    for cell, digit in enumerate(puzzle.givens):
        if digit:
            givens = list(puzzle.givens)
            givens[cell] = 0
            try:
                other = checks.other_solution(
                    puzzle.with_givens(givens), solution, (cell,), None, deadline.left_or_raise()
                )
                if other is None:
                    return False
            except Undecided:
                raise Undecided from None  # the time limit, not a work limit: there is none
    return True
