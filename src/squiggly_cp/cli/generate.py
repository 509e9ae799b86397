"""The `generate` command: random squiggly puzzles."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from typing import Any

import click

from ..core.case import Case, InputError
from ..core.puzzle import MAX_SIZE, MIN_SIZE, Puzzle, PuzzleError
from ..core.rules import KillerCage, Rule
from ..core.symmetry import CLUE_SYMMETRIES, LAYOUT_SYMMETRIES
from ..formats.detect import FORMATS, iter_write
from ..formats.open import read_cases
from ..formats.registry import GENERATED, REGISTRY, get_format, write_one
from ..make.generate import KINDS
from ..make.regionmaps import layout_symmetry_sizes
from .common import PROG, Output, Progress, RatingRange, TimeLimit, warn
from .exits import EXIT_TIME_LIMIT, GENERATE_HELP

MAX_COUNT = 10**9
MAX_COUNTED = 10**6
"""Puzzles of a format held until the end (hdu: about 250 bytes each on disk)."""


@click.command(epilog=GENERATE_HELP)
@click.option(
    "--count",
    "count",
    type=click.IntRange(1, MAX_COUNT),
    default=10,
    show_default=True,
    help=f"How many puzzles (at most {MAX_COUNT:,}; {MAX_COUNTED:,} --to hdu, whose first line counts them).",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Same seed, same puzzles.")
@click.option(
    "--kind",
    type=click.Choice([*KINDS, "mixed"]),
    default="unique",
    show_default=True,
    help="minimal: unique, and every given is needed (with --symmetry: no orbit of givens can "
    "go). none: no solution, yet no given repeats a digit in a house. mixed: unique, multiple and "
    "none in turn.",
)
@click.option(
    "--size", type=click.IntRange(MIN_SIZE, MAX_SIZE), help="Grid size. [default: 9, or the --layout's]"
)
@click.option(
    "--to",
    "to",
    type=click.Choice([f for f in FORMATS if not REGISTRY[f].holds_one]),
    help=f"Output format. [default: {GENERATED}: one puzzle a line, each as it is made; with rules "
    "(--killer, or a --layout's) the first format here that holds them, fpuzzles: one link a line. "
    "A format that cannot hold them is refused at once]",
)
@click.option(
    "--difficulty",
    type=click.Choice(["easy", "medium", "hard", "fiendish", "beyond"]),
    help="Only puzzles of this level, as `rate` computes it (on --scale). Givens are "
    "removed while the puzzle stays unique and no harder than the level; a puzzle that ends up "
    "easier is thrown away for a new one.",
)
@click.option(
    "--rating",
    "rating_range",
    type=RatingRange(),
    metavar="MIN..MAX",
    help="Only puzzles rated MIN to MAX by `rate` on --scale (e.g. 3.0..4.6; either end may be left out).",
)
@click.option(
    "--scale",
    type=click.Choice(["default", "se"]),
    default="default",
    show_default=True,
    help="The scale --difficulty and --rating are on, as `rate --scale` rates: default (ours) or se "
    "(Sudoku Explainer's; the same puzzle may rate differently on the two).",
)
@click.option(
    "--symmetry",
    type=click.Choice(CLUE_SYMMETRIES),
    default="none",
    show_default=True,
    help="Symmetry of the clue positions (every size): rot2/rot4 turn by 180/90 degrees; mirror-lr, "
    "mirror-ud mirror left-right, up-down; mirror-both both; diagonal, antidiagonal, diagonal-both "
    "mirror across the diagonals; all: every symmetry of the square.",
)
@click.option(
    "--layout-symmetry",
    type=click.Choice(LAYOUT_SYMMETRIES),
    default="none",
    show_default=True,
    help="Random layouts whose regions map onto regions under a turn: rot2 (180 degrees, every "
    "size) or rot4 (90 degrees; sizes 4, 5, 8, 9, 12, 13, 16 only).",
)
@click.option(
    "--layout",
    "layout_file",
    metavar="FILE",
    help="Use the region layout of the first puzzle in FILE (any format) for every puzzle, and its "
    "rules (a variant's cages, lines, dots, diagonals... as an f-puzzles or SudokuPad link holds them): "
    "every grid keeps them, and every uniqueness proof counts them (minimal: each given left is needed "
    "given them). Its givens are not used.",
)
@click.option(
    "--no-rules",
    is_flag=True,
    help="Take only the regions from --layout, not its rules.",
)
@click.option(
    "--killer",
    is_flag=True,
    help="Killer puzzles: cut each completed grid into cages of 2-5 connected cells, no digit twice "
    "in a cage, each with its sum. unique, minimal and none look for cages that alone make the "
    "grid unique (up to 20 cuts of one grid), so most have no givens at all (none: one wrong "
    "given); otherwise the last cages are kept with the givens they need (minimal: each proved "
    "needed). multiple: one cut.",
)
@click.option(
    "--time-limit",
    type=TimeLimit(),
    metavar="SECONDS",
    help="Give up on a puzzle not made in this long: it is reported on standard error and "
    "left out, and the next one is started (the others do not change; --to hdu, whose first "
    "line counts the puzzles, is written at the end).",
)
def generate(
    count: int,
    seed: int,
    kind: str,
    size: int | None,
    to: str | None,
    symmetry: str,
    layout_symmetry: str,
    layout_file: str | None,
    no_rules: bool,
    killer: bool,
    time_limit: float | None,
    difficulty: str | None,
    rating_range: tuple[float, float] | None,
    scale: str,
) -> None:
    """Make random squiggly puzzles, each written as soon as it is made, one
    a line unless --to says otherwise (--to hdu: all at the end, the first
    line counting those made), so a reader that goes away ends the run.

    Layouts are random (N connected regions of N cells) unless --layout
    names one, whose rules the puzzles keep; --killer cuts killer cages.
    Every uniqueness claim is proved by CP-SAT, rules and all. The same
    --seed gives the same puzzles on every machine. Long runs show their
    progress on standard error.
    """
    from ..engines.registry import with_proved_solution
    from ..make.generate import generate as make

    out = Output(flush_each=True)  # each puzzle leaves as soon as it is made, whole
    layout, size, rules = _layout_and_size(out, layout_file, size, layout_symmetry, no_rules)
    _check_rules(rules, killer)
    to = _output_format(to, count, _probes(size, layout, rules, killer))
    if size not in layout_symmetry_sizes(layout_symmetry):
        raise click.UsageError(f"no {size}x{size} layout has {layout_symmetry} symmetry")
    outcomes = make(
        seed,
        count,
        ("unique", "multiple", "none") if kind == "mixed" else (kind,),
        size,
        symmetry=symmetry,
        layout_symmetry=layout_symmetry,
        layout=layout,
        time_limit=time_limit,
        target=_rating_target(kind, difficulty, rating_range, scale),
        rules=rules,
        killer=killer,
    )
    try:
        made = _made(out, outcomes, count)
        if get_format(to).carries_solution:
            made = (with_proved_solution(puzzle) for puzzle in made)
        for text in iter_write(made, to):
            out.write(text)
    except PuzzleError as e:
        # One line: a layout that admits no grid (keeping its rules), or a puzzle the format cannot hold.
        out.problem(f"--layout {layout_file!r}: {e}" if layout_file else str(e))
    Progress.clear()
    out.exit()


def _layout_and_size(
    out: Output, layout_file: str | None, size: int | None, layout_symmetry: str, no_rules: bool
) -> tuple[tuple[int, ...] | None, int, tuple[Rule, ...]]:
    """The layout to use (None: random ones), the size of the puzzles and the rules they keep."""
    if layout_file is None:
        if no_rules:
            raise click.UsageError("--no-rules goes with --layout (only a --layout file brings rules)")
        return None, size or 9, ()
    first = _first_of(out, layout_file)
    if size not in (None, first.size) or layout_symmetry != "none":
        raise click.UsageError("--layout sets the size and the layout: drop --size, --layout-symmetry")
    return first.regions, first.size, () if no_rules else first.rules


def _first_of(out: Output, layout_file: str) -> Puzzle:
    """The first puzzle in ``layout_file`` (exit 1 if there is none)."""
    first = next(read_cases(layout_file), None)
    if not isinstance(first, Case):
        # The path is quoted (repr): a name with a newline must not split the line.
        problem = str(first or "no puzzle to take the layout from")
        out.problem(problem if problem.startswith("cannot read") else f"--layout {layout_file!r}: {problem}")
        out.exit()
    return first.puzzle


def _probes(
    size: int, layout: tuple[int, ...] | None, rules: tuple[Rule, ...], killer: bool
) -> list[tuple[Puzzle, str]]:
    """Empty puzzles like those to be made, each with what it stands for: the
    output format must hold them all (a format that cannot says so at once).
    More than one: there are rules."""
    blank = Puzzle(size, (0,) * (size * size), layout or tuple(i // size for i in range(size**2)))
    probes = [(blank, "these puzzles")]
    if rules:
        probes.append((blank.with_rules(rules), "the --layout's rules"))
    if killer:
        probes.append((blank.with_rules(_cover(size)), "killer cages (--killer)"))
    return probes


def _cover(size: int) -> tuple[KillerCage, ...]:
    """Cages like --killer's: covering the grid (as Solo's killer ids must),
    each row cut into pairs, and a last triple where the size is odd."""
    cages = []
    for r in range(size):
        row = [r * size + c for c in range(size)]
        cuts = [row[k : k + 2] for k in range(0, size - 3 if size % 2 else size, 2)]
        if size % 2:
            cuts.append(row[-3:])
        cages += [KillerCage(tuple(cut), 3 if len(cut) == 2 else 6) for cut in cuts]
    return tuple(cages)


def _check_rules(rules: tuple[Rule, ...], killer: bool) -> None:
    """A usage error: --killer on a layout with cages."""
    if killer and any(isinstance(rule, KillerCage) for rule in rules):
        raise click.UsageError(
            "--killer cuts new cages, but the --layout puzzle has killer cages: add --no-rules to take "
            "its regions only"
        )


def _output_format(to: str | None, count: int, probes: list[tuple[Puzzle, str]]) -> str:
    """The format to write (--to, or the default for these puzzles), checked
    against the count and against the probes (a usage error when it cannot hold them)."""
    to = to or (_holding(probes) if len(probes) > 1 else GENERATED)
    if get_format(to).counted and count > MAX_COUNTED:
        raise click.UsageError(
            f"--to {to} writes its puzzles at the end (its first line counts them), so at most "
            f"{MAX_COUNTED:,}; a format of one puzzle a line has no such bound"
        )
    for probe, what in probes:
        try:
            write_one(probe, to)
        except InputError as e:
            raise click.UsageError(f"--to {to} cannot hold {what}: {e.message}") from None
    return to


def _holding(probes: list[tuple[Puzzle, str]]) -> str:
    """The output format for puzzles with rules: the first format (in `FORMATS`
    order) of one puzzle a line that holds every probe."""
    for name in FORMATS:
        entry = REGISTRY[name]
        if not entry.holds_one and not entry.counted and all(_holds(name, probe) for probe, _ in probes):
            return name
    raise click.UsageError("no output format holds these rules")


def _holds(fmt: str, puzzle: Puzzle) -> bool:
    try:
        write_one(puzzle, fmt)
    except InputError:
        return False
    return True


def _rating_target(
    kind: str, difficulty: str | None, rating_range: tuple[float, float] | None, scale: str
) -> Any:
    """The generator's `Target` for --difficulty or --rating on --scale, or None."""
    if not difficulty and not rating_range:
        return None
    from ..make.targets import level_range, rating_target

    if difficulty and rating_range:
        raise click.UsageError("give --difficulty or --rating, not both")
    if kind not in ("unique", "minimal"):
        raise click.UsageError("only unique puzzles are rated: use --kind unique or minimal")
    try:
        low, high = rating_range or level_range(difficulty or "")
        return rating_target(low, high, warn=_early_warning, scale=scale)
    except ValueError as e:
        raise click.UsageError(f"--rating: {e}") from None


def _early_warning(message: str) -> None:
    """A warning from the generator, on a line of its own even under a progress line."""
    Progress.clear()
    warn(f"generate: {message}")


def _made(out: Output, outcomes: Iterator[Any], count: int) -> Iterator[Puzzle]:
    """The puzzles made, with progress on standard error; a puzzle not made
    is reported and counts as a time-out."""
    from ..make.generate import progress_text

    start = last = time.monotonic()
    made = 0
    for outcome in outcomes:
        out.check_reader()
        if outcome.puzzle is None:
            warn(f"puzzle {outcome.number}: {outcome.reason}; left out")
            out.status |= EXIT_TIME_LIMIT
        else:
            made += 1
            yield outcome.puzzle
        now = time.monotonic()
        if sys.stderr.isatty() or now - last >= Progress.EVERY:
            text = f"{PROG}: {progress_text(made, count, now - start)}"
            click.echo(f"\r{text}" if sys.stderr.isatty() else text, err=True, nl=not sys.stderr.isatty())
            last = now
