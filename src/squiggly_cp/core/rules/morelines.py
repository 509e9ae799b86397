"""More lines whose rule is about the digits along them: entropic, modular,
parity, zipper, nabner, lockout and sum lines (issue 55).

Where a published puzzle names them in f-puzzles JSON, the key is given in
the class docstring, as read in dclamage's solver for f-puzzles:
SudokuVariantSolverJS's ``src/solver/Constraint/FPuzzlesInterfaces.ts``
(``entropicline``, ``modularline``, ``nabner``, ``zipperline``) and
``LockoutConstraint.ts`` (``lockout``, its ends ``size // 2`` apart)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, pairwise
from typing import Any, ClassVar

from .base import (
    Board,
    Encoder,
    Look,
    RuleError,
    Shape,
    Sizes,
    Style,
    Tool,
    cell_list,
    relation,
    support_table,
)
from .lines import GapLine, Line


class _Triads(Line):
    """Every run of three consecutive cells holds one digit of each of three
    classes (`group`); a line of two cells, digits of two different classes
    (as dclamage's f-puzzles plug-in says of a two-cell entropic line)."""

    reach = 2

    def group(self, digit: int, size: int) -> int:
        raise NotImplementedError

    def encode(self, enc: Encoder, board: Board) -> None:
        # Three cells of three classes, pairwise different: one of each. So
        # the rule is "different classes" between cells one or two apart.
        n = enc.size

        def apart(x: int, y: int) -> bool:
            return self.group(x, n) != self.group(y, n)

        table = support_table(apart, n)
        for step in (1, 2):
            for a, b in zip(self.line, self.line[step:], strict=False):
                relation(enc, a, b, apart, table)

    def holds(self, grid: Sequence[int], board: Board) -> bool:
        n, line = board.size, self.line
        runs = [line[k : k + 3] for k in range(max(1, len(line) - 2))]
        return all(len({self.group(grid[c], n) for c in run}) == len(run) for run in runs)


@dataclass(frozen=True)
class EntropicLine(_Triads):
    """Every run of three consecutive cells holds a low, a middle and a high
    digit: on a 9x9, one of 1-3, one of 4-6, one of 7-9; on any size
    divisible by 3 the thirds of 1-N (1-2, 3-4, 5-6 on a 6x6); other sizes
    have no thirds and are refused. f-puzzles key ``entropicline``."""

    line: tuple[int, ...]

    kind = "entropic"
    label = "entropic line"
    styles: ClassVar[dict[str, Style]] = {
        "": Style(
            "entropic line",
            "entropicline",
            Look("path", "#FF9E3D", 16, opacity=0.6),
            ("entropic",),
            "Every three consecutive cells on an orange line hold a low, a middle and a high digit (the "
            "digits 1-{n} in thirds).",
            "entropic line",
            tool=Tool("entropic", "Entropic"),
            sizes=Sizes(multiple=3),
            says=(
                r"\blow\b[^.;]*\b(?:middle|medium|mid)\b[^.;]*\bhigh\b",
            ),
        )
    }

    def group(self, digit: int, size: int) -> int:
        return (digit - 1) // (size // 3)

    def validate(self, size: int) -> None:
        super().validate(size)
        if size % 3:
            raise RuleError(f"{self.describe(size)}: the digits 1-{size} do not split into thirds")


@dataclass(frozen=True)
class ModularLine(_Triads):
    """Every run of three consecutive cells holds one digit of each residue
    modulo 3 (on a 9x9: one of 3, 6, 9, one of 1, 4, 7, one of 2, 5, 8), on
    any size (where 3 does not divide N the residues have unequal shares of
    the digits). f-puzzles key ``modularline``."""

    line: tuple[int, ...]

    kind = "modular"
    label = "modular line"
    styles: ClassVar[dict[str, Style]] = {
        "": Style(
            "modular line",
            "modularline",
            Look("path", "#E6C800", 16, opacity=0.6),
            ("modular", "modulo 3", "mod 3"),
            "Every three consecutive cells on a yellow line hold one digit of each remainder modulo 3.",
            "modular line",
            tool=Tool("modular", "Modular"),
        )
    }

    def group(self, digit: int, size: int) -> int:
        return digit % 3


def _parities_differ(x: int, y: int) -> bool:
    return x % 2 != y % 2


def _two_apart(x: int, y: int) -> bool:
    return abs(x - y) >= 2


@dataclass(frozen=True)
class ParityLine(Line):
    """Neighbours on the line alternate odd and even (any size). No
    f-puzzles key for it in dclamage's solver."""

    line: tuple[int, ...]

    kind = "parity"
    label = "parity line"
    reach = 1
    styles: ClassVar[dict[str, Style]] = {
        "": Style(
            "parity line",
            "parityline",
            Look("path", "#FF6B6B", 16, opacity=0.6),
            ("parity line", "parity"),
            "Neighbouring digits on a red line alternate odd and even.",
            "parity line",
            tool=Tool("parity", "Parity"),
            says=(
                r"\balternat\w* (?:between )?(?:odd and even|even and odd|in parity|parity)",
                r"\bone (?:even|odd) (?:digit )?and one (?:odd|even)\b",
                r"\b(?:opposite|different) parit(?:y|ies)\b",
            ),
        )
    }

    def encode(self, enc: Encoder, board: Board) -> None:
        table = support_table(_parities_differ, enc.size)
        for a, b in pairwise(self.line):
            relation(enc, a, b, _parities_differ, table)

    def holds(self, grid: Sequence[int], board: Board) -> bool:
        return all(grid[a] % 2 != grid[b] % 2 for a, b in pairwise(self.line))


@dataclass(frozen=True)
class ZipperLine(Line):
    """Digits the same distance from the line's centre sum to one total; on a
    line of odd length that total is the centre digit (any size).
    f-puzzles key ``zipperline``."""

    line: tuple[int, ...]

    kind = "zipper"
    label = "zipper line"
    styles: ClassVar[dict[str, Style]] = {
        "": Style(
            "zipper line",
            "zipperline",
            Look("path", "#A05AF0", 16, opacity=0.6, shape="centre"),
            ("zipper",),
            "On a violet line, digits the same distance from its centre sum to one total (the centre "
            "digit on a line of odd length).",
            "zipper line",
            tool=Tool("zipper", "Zipper"),
        )
    }

    def pairs(self) -> list[tuple[int, int]]:
        """The cells the same distance from the centre, outermost first."""
        return list(zip(self.line, reversed(self.line), strict=True))[: len(self.line) // 2]

    def encode(self, enc: Encoder, board: Board) -> None:
        sums = [enc.value(a) + enc.value(b) for a, b in self.pairs()]
        if len(self.line) % 2:
            centre = enc.value(self.line[len(self.line) // 2])
            for total in sums:
                enc.add(total == centre)
        else:
            for total in sums[1:]:
                enc.add(total == sums[0])

    def holds(self, grid: Sequence[int], board: Board) -> bool:
        totals = {grid[a] + grid[b] for a, b in self.pairs()}
        if len(self.line) % 2:
            totals.add(grid[self.line[len(self.line) // 2]])
        return len(totals) == 1


@dataclass(frozen=True)
class NabnerLine(Line):
    """No two digits on the line (any two, not only neighbours) are equal or
    consecutive; on an NxN at most (N+1)/2 cells (1, 3, 5...), a longer
    line is refused. f-puzzles key ``nabner``."""

    line: tuple[int, ...]

    kind = "nabner"
    label = "nabner line"
    styles: ClassVar[dict[str, Style]] = {
        "": Style(
            "nabner line",
            "nabner",
            Look("path", "#C8A064", 16, opacity=0.6),
            ("nabner",),
            "No two digits on a brown line are equal or consecutive.",
            "nabner line",
            tool=Tool("nabner", "Nabner"),
            says=(r"\bno two (?:digits|cells)\b[^.;]*\bline\b[^.;]*\bconsecutive\b",),
        )
    }

    def impossible(self, size: int) -> str | None:
        if len(self.line) > (size + 1) // 2:
            return f"{len(self.line)} cells cannot hold digits 1-{size} two apart"
        return None

    def encode(self, enc: Encoder, board: Board) -> None:
        table = support_table(_two_apart, enc.size)
        for a, b in combinations(self.line, 2):
            relation(enc, a, b, _two_apart, table)

    def holds(self, grid: Sequence[int], board: Board) -> bool:
        values = sorted(grid[c] for c in self.line)
        return all(high - low >= 2 for low, high in pairwise(values))


def lockout_gap(size: int) -> int:
    """How far apart a lockout line's ends are at least: 4 on a 9x9, half the
    size rounded down in general (as dclamage's solver has it)."""
    return size // 2


@dataclass(frozen=True)
class LockoutLine(GapLine):
    """The digits at the ends differ by at least ``gap`` (`lockout_gap`
    unless given), and no other digit on the line lies between them,
    inclusive. f-puzzles key ``lockout``."""

    line: tuple[int, ...]
    gap: int | None = None

    kind = "lockout"
    label = "lockout line"
    styles: ClassVar[dict[str, Style]] = {
        "": Style(
            "lockout line",
            "lockout",
            Look("path", "#5A8CC8", 10, bulb="ends"),
            ("lockout",),
            "The digits at the ends of a blue line with circled ends differ by at least {gap}, and no "
            "other digit on it lies between them, inclusive.",
            "lockout line",
            tool=Tool("lockout", "Lockout"),
            says=(
                r"\bdiffer(?:s|ing)? by at least (?P<gap>\d+),? and no other digit[^.;]*\bbetween",
                r"\bbetween\b[^.;]*\b(?:differ(?:s|ing)? by|difference (?:of|is)) "
                r"(?:at least|a minimum of) (?P<gap>\d+)",
            ),
        )
    }

    def default_gap(self, size: int) -> int:
        return lockout_gap(size)

    def impossible(self, size: int) -> str | None:
        gap = self.gap_on(size)
        if gap >= size:
            return f"no digits 1-{size} differ by {gap}"
        if len(self.line) > 2 and gap > size - 2:
            return f"with its ends {gap} apart no digit 1-{size} lies outside them"
        return None

    def encode(self, enc: Encoder, board: Board) -> None:
        n, gap = enc.size, self.gap_on(enc.size)
        first, last = self.line[0], self.line[-1]
        relation(enc, first, last, lambda x, y: abs(x - y) >= gap)
        for cell in self.line[1:-1]:
            for d in range(1, n + 1):
                # Not low <= d <= high, either way round: "cell is d" needs one
                # end above d or the other below it.
                for low, high in ((first, last), (last, first)):
                    enc.clause(
                        [
                            enc.neg(enc.lit(cell, d)),
                            *(enc.lit(low, e) for e in range(d + 1, n + 1)),
                            *(enc.lit(high, e) for e in range(1, d)),
                        ]
                    )

    def holds(self, grid: Sequence[int], board: Board) -> bool:
        low, high = sorted((grid[self.line[0]], grid[self.line[-1]]))
        inside = any(low <= grid[c] <= high for c in self.line[1:-1])
        return high - low >= self.gap_on(board.size) and not inside

    def shapes(self, size: int) -> tuple[Shape, ...]:
        ends = (self.line[0], self.line[-1])
        return (Shape("bulb", ends, style="lockout"), *super().shapes(size))


@dataclass(frozen=True)
class SumLine(Line):
    """The line splits into runs of consecutive cells that each sum to
    ``total`` (any split: the solver finds it); on a loop (``closed``), a
    run may go on from the last cell to the first. 10 unless given, on any
    size: the total is the rule's own number, as an X's 10 is. No f-puzzles
    key for it in dclamage's solver (its C# solver's console name is
    ``sumlines``)."""

    line: tuple[int, ...]
    total: int = 10
    closed: bool = False

    kind = "sumline"
    label = "sum line"
    styles: ClassVar[dict[str, Style]] = {
        "": Style(
            "sum line",
            "sumline",
            Look("path", "#33A1A1", 10, opacity=0.8),
            ("10 line", "sum line", "ten line"),
            "A teal line splits into runs of consecutive cells that each sum to {total}.",
            "sum line",
            tool=Tool("sum-line", "Sum line"),
            says=(r"\b(?:segments?|runs?|pieces?)\b[^.;]*?\beach sums? to (?P<total>\d+)",),
        )
    }

    fpuzzles_value = "total"

    def describe(self, size: int) -> str:
        loop = "a loop, " if self.closed else ""
        return f"the {self.label} {cell_list(self.drawn(), size)} ({loop}runs of sum {self.total})"

    def impossible(self, size: int) -> str | None:
        if not 1 <= self.total <= size * len(self.line):
            return f"{len(self.line)} cells hold no run of sum {self.total}"
        return None

    def encode(self, enc: Encoder, board: Board) -> None:
        # The sum of the run so far at each cell, and whether a run starts
        # there: at the first cell of an open line; on a loop, `_loop_starts`.
        t, k = self.total, len(self.line)
        so_far = [enc.new_int(1, t) for _ in self.line]
        starts = [enc.new_bool() for _ in self.line]
        for i, cell in enumerate(self.line):
            enc.add(so_far[i] == enc.value(cell), [starts[i]])
            if i or self.closed:
                enc.add(so_far[i] == so_far[i - 1] + enc.value(cell), [enc.neg(starts[i])])
            if i + 1 < k or self.closed:
                after = starts[(i + 1) % k]
                enc.add(so_far[i] == t, [after])
                enc.add(so_far[i] < t, [enc.neg(after)])
        if self.closed:
            self._loop_starts(enc, starts)
        else:
            enc.clause(starts[:1])
            enc.add(so_far[-1] == t)

    def _loop_starts(self, enc: Encoder, starts: list[Any]) -> None:
        """Where a loop's runs start, fixed by the digits (a free choice of
        cuts would count one filling more than once). The sums before each
        cell, S_i (S_0 = 0), rise from 0 to below the whole W = m * total, so
        at most m share a remainder r mod total; the cells of a remainder
        that m do (``kept``) start runs that split the loop. The runs start
        at the cells of the least such remainder."""
        t, size = self.total, enc.size
        most = size * len(self.line) // t
        runs = enc.new_int(1, max(1, most))
        enc.add(sum(enc.value(c) for c in self.line) == t * runs)
        hit = []  # hit[i][r]: S_i leaves remainder r
        before: Any = 0
        for cell in self.line:
            row = [enc.new_bool() for _ in range(t)]
            enc.clause(row)
            enc.at_most_one(row)
            enc.add(before == t * enc.new_int(0, most) + sum(r * b for r, b in enumerate(row)))
            hit.append(row)
            before = before + enc.value(cell)
        kept = [enc.new_bool() for _ in range(t)]
        chosen = [enc.new_bool() for _ in range(t)]
        enc.clause(chosen)
        enc.at_most_one(chosen)
        for r, (keep, choose) in enumerate(zip(kept, chosen, strict=True)):
            count = sum(row[r] for row in hit)
            enc.add(count >= runs, [keep])
            enc.add(count < runs, [enc.neg(keep)])
            enc.clause([enc.neg(choose), keep])
            for lower in kept[:r]:
                enc.clause([enc.neg(choose), enc.neg(lower)])
            for start, row in zip(starts, hit, strict=True):
                enc.clause([enc.neg(choose), enc.neg(start), row[r]])
                enc.clause([enc.neg(choose), start, enc.neg(row[r])])

    def holds(self, grid: Sequence[int], board: Board) -> bool:
        values = [grid[c] for c in self.line]

        def splits(row: list[int], start: int) -> bool:
            """Do the cells of ``row`` from ``start`` on split into runs of ``total``?"""
            stops = range(start + 1, len(row) + 1)
            return start == len(row) or any(
                sum(row[start:stop]) == self.total and splits(row, stop)
                for stop in stops
            )

        # A loop splits where one of its runs starts: cut there, it is an open line.
        cuts = range(len(values)) if self.closed else range(1)
        return any(splits(values[cut:] + values[:cut], 0) for cut in cuts)
