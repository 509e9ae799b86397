"""What a reader yields: a case read successfully, or the problem in its place."""

from __future__ import annotations

from dataclasses import dataclass, field

from .puzzle import Puzzle, cell_phrase


def excerpt(text: str, cap: int) -> str:
    """``text`` quoted for an error message: its first ``cap`` characters
    (then ``…``), an unprintable one shown as ``?``, so the line stays short
    and whole."""
    shown = "".join(ch if ch.isprintable() else "?" for ch in text[:cap])
    return f"'{shown}…'" if len(text) > cap else f"'{shown}'"


class InputError(Exception):
    """A problem in the input, located by case (1-based; None for the file as a
    whole) and, where there is one, the 1-based row and column."""

    def __init__(
        self,
        message: str,
        case: int | None = None,
        row: int | None = None,
        col: int | None = None,
        more: int = 0,
    ):
        super().__init__(message)
        self.message = message
        self.case = case
        self.row = row
        self.col = col
        self.more = more
        """How many further problems the same case has."""

    @staticmethod
    def first_of(problems: list[InputError]) -> InputError:
        """The first of a case's problems, counting the others in ``more``."""
        first = problems[0]
        first.more = len(problems) - 1
        return first

    def __str__(self) -> str:
        where = cell_phrase(self.row, self.col)
        if self.case is not None:
            where = f"case {self.case}, {where}" if where else f"case {self.case}: "
        text = where + self.message
        if self.more:
            text += f" (and {self.more} more problem{'s' if self.more > 1 else ''} in this case)"
        return text


@dataclass(frozen=True)
class Case:
    """A case read successfully: its 1-based number and the puzzle."""

    number: int
    puzzle: Puzzle
    walls: tuple[int, ...] = field(default=(), compare=False, repr=False)
    """The wall bits read, where the format has them (the judge format)."""

    @property
    def notes(self) -> tuple[str, ...]:
        """Remarks on the input that are not problems: walls inside a region.
        Worked out only when asked for (by `show`), off the reading hot path."""
        if not self.walls:
            return ()
        from .regions import inner_walls

        return inner_walls(self.walls, self.puzzle.regions, self.puzzle.size)
