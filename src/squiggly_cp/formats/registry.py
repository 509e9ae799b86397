"""Every puzzle format, one entry each: all a new format needs besides its module.

An entry says how the format is recognised, how it is read (a line at a
time, from a byte stream, or whole), how one puzzle is written, and whether
it can hold a position (entered digits and pencil marks) for `hint`. The
commands, `detect`, `open` and `generate` know formats only through here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from ..core.case import Case, InputError
from ..core.position import Position
from ..core.puzzle import Puzzle, PuzzleError
from . import fpuzzles, grid, hdu, line, plain, position, solo, sudokupad, sudokuwiki
from .links import embedded_link
from .text import Sample, iter_items

LineReader = Callable[[Iterable[str]], Iterator[Puzzle | InputError]]
StreamReader = Callable[..., Iterator[Case | InputError]]
PositionReader = Callable[[Iterable[str]], Iterator[tuple[int, Position | InputError]]]


@dataclass(frozen=True)
class Format:
    """One format. Exactly one of ``lines``, ``stream`` and ``whole`` reads it."""

    name: str
    recognise: Callable[[Sample], bool]
    """True when a text (its beginning, when it streams) is clearly in this format."""
    write: Callable[[Puzzle], str]
    """One puzzle's text, with its last newline; `PuzzleError` when the puzzle does not fit."""
    lines: LineReader | None = None
    """Reads the puzzles a line at a time, as the lines arrive."""
    stream: StreamReader | None = None
    """Reads a byte stream (or the text) as it arrives, numbering the cases itself."""
    whole: Callable[[str], Puzzle] | None = None
    """Reads one puzzle from the whole text (`open.WHOLE_CAP` bytes at most)."""
    positions: PositionReader | None = None
    """Reads positions (entered digits, centre marks as candidates), for `hint`."""
    between: str = ""
    """Written between two puzzles."""
    counted: bool = False
    """The first line counts the puzzles, so the text is complete only at the end."""
    holds_one: bool = False
    """Holds one puzzle, and a command's answer to it has no ``Case k:`` line."""
    carries_solution: bool = False
    """The writer carries a solution proved unique (``puzzle.meta.solution``)."""


def _link_reader(parse: Callable[[str], Puzzle], kind: str) -> LineReader:
    """The reader of a format holding one puzzle a line (a link, an id). Links
    are pasted from several sites into one file, so a line that is clearly
    another site's link is read as that link."""

    def parse_any(item: str) -> Puzzle:
        other = next((other for looks, other in _LINKS if other is not parse and looks(item)), parse)
        return other(item)

    def read(lines: Iterable[str]) -> Iterator[Puzzle | InputError]:
        return (item for _, item in iter_items(lines, parse_any, kind))

    return read


def _fpuzzles_link(item: str) -> Puzzle:
    """The puzzle of one f-puzzles link among other links."""
    (read,) = fpuzzles.read_fpuzzles(item)
    if isinstance(read, InputError):
        raise PuzzleError(read.message, read.row, read.col)
    return read


_LINKS: list[tuple[Callable[[str], bool], Callable[[str], Puzzle]]] = [
    (sudokupad.looks_sudokupad, sudokupad.parse_sudokupad_puzzle),
    (sudokuwiki.looks_sudokuwiki, sudokuwiki.parse_sudokuwiki),
    (solo.looks_solo, solo.parse_solo),
    (lambda item: (embedded_link(item) or item).strip().startswith(fpuzzles.LINK_PREFIX), _fpuzzles_link),
]
"""Each link format's recogniser and parser, for `_link_reader`."""


def _first_line(looks: Callable[[str], bool]) -> Callable[[Sample], bool]:
    return lambda sample: looks(sample.first)


REGISTRY: dict[str, Format] = {
    entry.name: entry
    for entry in (
        # In the order detection tries them: links first, each told by its first line.
        Format(
            "sudokupad",
            _first_line(sudokupad.looks_sudokupad),
            lambda p: sudokupad.sudokupad_link(p) + "\n",
            lines=_link_reader(sudokupad.parse_sudokupad_puzzle, "SudokuPad link"),
            positions=position.iter_sudokupad_positions,
            carries_solution=True,
        ),
        Format(
            "sudokuwiki",
            _first_line(sudokuwiki.looks_sudokuwiki),
            lambda p: sudokuwiki.sudokuwiki_text(p) + "\n",
            lines=_link_reader(sudokuwiki.parse_sudokuwiki, "SudokuWiki link"),
        ),
        Format(
            "solo",
            _first_line(solo.looks_solo),
            lambda p: solo.solo_text(p) + "\n",
            lines=_link_reader(solo.parse_solo, "Solo game id"),
        ),
        Format(
            "fpuzzles",
            fpuzzles.looks_fpuzzles,
            lambda p: fpuzzles.fpuzzles_link(p) + "\n",
            lines=fpuzzles.iter_fpuzzles,
            positions=position.iter_fpuzzles_positions,
        ),
        Format(
            "hdu",
            hdu.looks_hdu,
            hdu.hdu_case,
            stream=hdu.read_hdu,
            between="\n",
            counted=True,
        ),
        Format(
            "line",
            line.looks_line,
            line.line_text,
            lines=line.iter_line,
        ),
        Format(
            "plain",
            plain.looks_plain,
            plain.write_plain,
            whole=plain.read_plain,
            holds_one=True,
        ),
        Format(
            "grid",
            grid.looks_grid,
            grid.grid_text,
            lines=grid.iter_grid,
            between="\n",
        ),
    )
}

JUDGE = "hdu"
"""The judge's format: what `solve` and `crosscheck` read unless told otherwise."""

FORMATS = ("hdu", "grid", "line", "fpuzzles", "plain", "sudokupad", "solo", "sudokuwiki")
"""Every format's name, in the order help texts list them."""
assert sorted(FORMATS) == sorted(REGISTRY)


GENERATED = "line"
"""What `generate` writes unless told: one puzzle a line, each as soon as it is
made, any size (a format that counts its puzzles first can only be written at
the end, so a reader that goes away early could not stop the run)."""


def get_format(name: str) -> Format:
    """The entry of format ``name``; an unknown name is an `InputError`."""
    try:
        return REGISTRY[name]
    except KeyError:
        raise InputError(f"unknown format {name!r}; the formats are {', '.join(FORMATS)}") from None


def write_one(puzzle: Puzzle, fmt: str, number: int | None = None) -> str:
    """One puzzle in format ``fmt``; an `InputError` naming case ``number`` when it does not fit."""
    try:
        return get_format(fmt).write(puzzle)
    except PuzzleError as e:
        raise InputError(e.message, number) from None
