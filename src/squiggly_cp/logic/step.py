"""One step of a human-style solve, and helpers to phrase steps for people."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.geometry import EXTRA, KINDS, Layout
from ..core.puzzle import cell_name, digit_char

if TYPE_CHECKING:
    from .state import State

Pair = tuple[int, int]
"""(0-based cell index, digit)."""
Link = tuple[int, int, int, int, bool]
"""(cell, digit, cell, digit, strong): an inference from one candidate to
another, drawn as an arrow. Strong: the first candidate false makes the
second true; weak: the first true makes the second false."""
Role = tuple[str, str, tuple[int, ...]]
"""(role, ``"houses"`` or ``"cells"``, which): a part the step's reasoning
gives a name to, such as a fish's ``base`` and ``cover`` houses or the
``innies`` and ``outies`` of the Law of Leftovers."""


@dataclass(frozen=True)
class Step:
    """A deduction: the technique, its difficulty, what it is based on and what it changes.

    ``houses`` are indices into `Puzzle.houses` (rows, then columns, then
    regions); ``cells`` are the cells the reasoning uses. A placement also
    removes its digit from the cell's peers; those removals are not listed in
    ``eliminations``. ``links`` and ``roles`` say how to draw the reasoning
    (`Link`, `Role`); they change nothing the step does.
    """

    technique: str
    difficulty: float
    placements: tuple[Pair, ...] = ()
    eliminations: tuple[Pair, ...] = ()
    houses: tuple[int, ...] = ()
    cells: tuple[int, ...] = ()
    text: str = ""
    links: tuple[Link, ...] = ()
    roles: tuple[Role, ...] = ()

    def to_json(self, size: int) -> dict[str, Any]:
        """``{"technique", "difficulty", "placements": ["r1c2=5"], "eliminations": ["r3c4-7"], "text"}``."""
        return {
            "technique": self.technique,
            "difficulty": self.difficulty,
            "placements": [f"{cell_name(c, size)}={digit_char(d)}" for c, d in self.placements],
            "eliminations": [f"{cell_name(c, size)}-{digit_char(d)}" for c, d in self.eliminations],
            "text": self.text,
        }


Finder = Callable[["State"], Iterator[Step]]


@dataclass(frozen=True)
class Technique:
    """A finder of a technique, as the solver and the rating see it.

    Each family module lists its own in ``FINDERS``. ``difficulty`` is the
    least a step of ``finder`` can be rated (the solver tries finders in that
    order); ``score`` is the technique's base score per step (`rating.SCORES`);
    ``variable`` says its steps' difficulty varies (by length, lines, depth);
    ``names`` are the technique names its steps carry, when not just ``name``;
    a ``last_resort`` runs only when no other technique has a step, however
    hard that step is.
    """

    name: str
    difficulty: float
    score: int
    finder: Finder
    variable: bool = False
    names: tuple[str, ...] = ()
    last_resort: bool = False

    @property
    def step_names(self) -> tuple[str, ...]:
        return self.names or (self.name,)


def cells_text(cells: Iterable[int], size: int) -> str:
    return ", ".join(cell_name(c, size) for c in cells)


def digits_text(digits: Iterable[int]) -> str:
    return ", ".join(digit_char(d) for d in digits)


def houses_text(houses: Sequence[int], layout: Layout) -> str:
    """``"rows 1-2"``, ``"regions 1, 4"``, ``"row 3, column 4"``: same-kind runs merged
    (extra houses go by their own names)."""
    if not houses:
        return ""
    kinds = {layout.house_kind[h] for h in houses}
    if len(kinds) == 1 and EXTRA not in kinds:
        kind = KINDS[layout.house_kind[houses[0]]]
        numbers = sorted(layout.house_number[h] for h in houses)
        if len(numbers) == 1:
            return f"{kind} {numbers[0]}"
        if numbers == list(range(numbers[0], numbers[-1] + 1)) and kind != "region":
            return f"{kind}s {numbers[0]}-{numbers[-1]}"
        return f"{kind}s {', '.join(map(str, numbers))}"
    return ", ".join(layout.house_name(h) for h in houses)


def elims_text(eliminations: Sequence[Pair], size: int) -> str:
    """``"r2c7 <> 7, 9; r3c1 <> 9"``: eliminations grouped by cell, in cell order."""
    by_cell: dict[int, list[int]] = {}
    for cell, digit in sorted(eliminations):
        by_cell.setdefault(cell, []).append(digit)
    return "; ".join(f"{cell_name(c, size)} <> {digits_text(ds)}" for c, ds in by_cell.items())
