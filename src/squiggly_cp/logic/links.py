"""The rules the logic solver reasons with besides houses, read as links
between two cells, or on one (`Layout.links`).

A rule says what it demands once, in its CP-SAT encoding (`Rule.encode`).
The logic solver reads that same encoding here, through an encoder that
records instead of building a model: a rule written only with tables
between two cells (`relation`) and clauses banning one digit of one cell is
a set of links, each exactly what the rule demands of those cells. That
takes dots (kropki, XV and their negatives), odd, even, minimum and maximum
cells, anti-knight, anti-king and non-consecutive, thermometers, German
whispers, palindromes and clones. The steps these links give are in
`relations`.

A rule that adds up digits in one linear equation (``sum(...) == total``,
no condition on it) is read the same way as a sum (`Layout.sums`): arrows,
little killers and region-sum lines. A killer cage's encoding picks one of
its digit combinations with Booleans of its own, which the recorder cannot
read; what the combinations say is "different digits that add up to the
total", so the cage is read as that: its cells differ, and they sum. The
steps with sums are in `sums`.

A rule written with anything else (renban's choice of runs, a between
line's condition, a quadruple's count, a sandwich) is read whole
(`Layout.wholes`): its cells, and the rule, whose own check (`Rule.holds`)
says which fillings of them keep it (the steps are in `wholes`); what its
encoding said in links before that is kept (a renban's digits differ). A
rule about no cells at all would be refused, naming it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..core.geometry import Layout, RuleLink, RuleSum, RuleWhole, layout_for
from ..core.puzzle import Puzzle, Unsupported
from ..core.rules import RULES, KillerCage, Rule
from ..core.rules.base import Table, at_most_once

LOGIC = "the logic solver (logic, rate, hint)"
"""Its name where it refuses a rule."""


class _Unreasoned(Exception):
    """The rule's encoding uses more than tables between two cells and bans."""


class _Lit(tuple):
    """A recorded literal (sign, cell, digit): arithmetic or an inequality on
    one (a count, a sum of literals) is more than a table between two cells."""

    def _unreasoned(self, *args: Any) -> Any:
        raise _Unreasoned

    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = __neg__ = _unreasoned  # type: ignore[assignment]
    __lt__ = __le__ = __gt__ = __ge__ = _unreasoned  # type: ignore[assignment]


class _Term:
    """A recorded linear expression: a coefficient per cell and a constant."""

    def __init__(self, weights: dict[int, int], constant: int = 0):
        self.weights = weights
        self.constant = constant

    def _plus(self, other: Any, sign: int) -> _Term:
        if isinstance(other, bool) or not isinstance(other, int | _Term):
            raise _Unreasoned
        if isinstance(other, int):
            return _Term(dict(self.weights), self.constant + sign * other)
        weights = dict(self.weights)
        for cell, k in other.weights.items():
            weights[cell] = weights.get(cell, 0) + sign * k
        return _Term(weights, self.constant + sign * other.constant)

    def __add__(self, other: Any) -> _Term:
        return self._plus(other, 1)

    __radd__ = __add__

    def __sub__(self, other: Any) -> _Term:
        return self._plus(other, -1)

    def __rsub__(self, other: Any) -> _Term:
        return _Term({}, 0)._plus(other, 1)._plus(self, -1)

    def __mul__(self, k: Any) -> _Term:
        if isinstance(k, bool) or not isinstance(k, int):
            raise _Unreasoned
        return _Term({c: k * w for c, w in self.weights.items()}, k * self.constant)

    __rmul__ = __mul__

    def __eq__(self, other: Any) -> Any:  # type: ignore[override]
        return _Equation(self._plus(other, -1))

    def _unreasoned(self, *args: Any) -> Any:
        raise _Unreasoned

    __hash__ = None  # type: ignore[assignment]
    __lt__ = __le__ = __gt__ = __ge__ = __ne__ = __neg__ = _unreasoned  # type: ignore[assignment]


class _Equation:
    """``term == 0``, as `_Term.__eq__` records it."""

    def __init__(self, term: _Term):
        self.term = term


class _Recorder:
    """An `Encoder` that records tables between two cells, single bans and
    linear equations."""

    def __init__(self, size: int):
        self.size = size
        self.pairs: list[tuple[int, int, tuple[int, ...]]] = []
        self.banned: dict[int, int] = {}
        self.differ: dict[tuple[int, int], int] = {}
        """(a, b): the digits the two cells cannot both hold."""
        self.sums: list[tuple[tuple[int, ...], tuple[int, ...], int]] = []
        """(cells, coefficients, total) of each linear equation."""

    def lit(self, cell: int, digit: int) -> Any:
        return _Lit((True, cell, digit))

    def neg(self, literal: Any) -> Any:
        if not isinstance(literal, _Lit):  # a constant, or another encoder's variable
            raise _Unreasoned
        sign, cell, digit = literal
        return _Lit((not sign, cell, digit))

    def clause(self, literals: Iterable[Any]) -> None:
        found = _literals(literals)
        if len(found) != 1 or found[0][0]:
            raise _Unreasoned
        _, cell, digit = found[0]
        self.banned[cell] = self.banned.get(cell, 0) | 1 << (digit - 1)

    def pair(self, a: int, b: int, table: Table) -> None:
        self.pairs.append((a, b, table[0]))

    def at_most_one(self, literals: Iterable[Any]) -> None:
        found = _literals(literals)
        if any(not sign for sign, _, _ in found) or len({d for _, _, d in found}) > 1:
            raise _Unreasoned
        cells = sorted({c for _, c, _ in found})
        for i, a in enumerate(cells):
            for b in cells[i + 1 :]:
                self.differ[a, b] = self.differ.get((a, b), 0) | 1 << (found[0][2] - 1)

    def links(self) -> list[tuple[int, int, tuple[int, ...]]]:
        """Every pair's table: the recorded ones, then one per pair of cells that must differ."""
        full = (1 << self.size) - 1
        out = list(self.pairs)
        for (a, b), digits in self.differ.items():
            out.append((a, b, tuple(full & ~(digits & 1 << x) for x in range(self.size))))
        return out

    def value(self, cell: int) -> _Term:
        return _Term({cell: 1})

    def add(self, constraint: Any, when: Sequence[Any] = ()) -> None:
        if when or not isinstance(constraint, _Equation):
            raise _Unreasoned
        weights = {c: k for c, k in sorted(constraint.term.weights.items()) if k}
        self.sums.append((tuple(weights), tuple(weights.values()), -constraint.term.constant))

    def _unreasoned(self, *args: Any, **kwargs: Any) -> Any:
        raise _Unreasoned

    new_bool = new_int = _unreasoned


def _literals(literals: Iterable[Any]) -> list[tuple[bool, int, int]]:
    """The recorder's own literals; a constant or another variable is beyond it."""
    found = list(literals)
    if not all(isinstance(x, _Lit) for x in found):
        raise _Unreasoned
    return found


def step_name(rule: Rule) -> str:
    """What a step with this rule is called (its kind's `Style.step`)."""
    return rule.traits.step


RULE_STEP_NAMES = tuple(dict.fromkeys(s.step for kind in RULES.values() for s in kind.styles.values()))
"""Every name a step with a rule may have, in the order of `RULES`: each
family that names steps by their rule (pairs, sums, rules read whole)
lists them all, so every kind has a score."""


@dataclass(frozen=True)
class RuleTag:
    """What a link says of its rule: the name of its steps, the rule's own
    description, and its cells, which a step highlights (none for a rule
    over the whole grid: a step then highlights its two cells)."""

    name: str
    describe: str
    cells: tuple[int, ...]


Read = tuple[tuple[RuleLink, ...], tuple[RuleSum, ...], tuple[RuleWhole, ...]]


def links_of(puzzle: Puzzle, tool: str = LOGIC) -> tuple[RuleLink, ...]:
    """The puzzle's rules as links (its extra houses are houses, not links);
    `Unsupported` naming the first rule the solver cannot read (`read_rules`)."""
    return read_rules(puzzle, tool)[0]


def read_rules(puzzle: Puzzle, tool: str = LOGIC) -> Read:
    """The puzzle's rules as links, sums and rules read whole; `Unsupported`
    naming the first rule about no cells that is none of them (the givens
    play no part: read once per rule set)."""
    key = (puzzle.layout, puzzle.rules)
    if key not in _READ:
        if len(_READ) > 64:
            _READ.clear()
        _READ[key] = _read(puzzle)
    found = _READ[key]
    if isinstance(found, str):
        raise Unsupported(f"{tool} cannot take {found}: {REASONS}")
    return found


REASONS = (
    "it reasons with houses, rules between two cells (dots, odd/even, anti-knight, thermometers, "
    "whispers...), sums (killer cages, arrows, little killers, region-sum lines) and rules on "
    "cells of their own (renban, between lines, quadruples, sandwiches) only"
)

_READ: dict[object, Read | str] = {}
"""`read_rules`' answers, or the description of the rule it refused."""


def _read(puzzle: Puzzle) -> Read | str:
    links: list[RuleLink] = []
    sums: list[RuleSum] = []
    wholes: list[RuleWhole] = []
    n = puzzle.size
    full = (1 << n) - 1
    for rule in puzzle.rules:
        # A rule no digits keep is nothing to reason with: the state starts broken (`State.start`).
        if rule.is_house(n) or rule.impossible(n) is not None:
            continue
        recorder = _Recorder(n)
        what = RuleTag(step_name(rule), rule.describe(n), tuple(rule.cells()))
        try:
            if isinstance(rule, KillerCage) and rule.total is not None:
                at_most_once(recorder, rule.cage)
                recorder.add(sum((recorder.value(c) for c in rule.cage), _Term({})) == rule.total)
            else:
                rule.encode(recorder, puzzle)
        except _Unreasoned:
            scope = rule.scope(n)
            if not scope:
                return rule.describe(n)
            wholes.append((what, tuple(scope), rule))
        links += [(what, cell, -1, _alone(full & ~mask, n)) for cell, mask in sorted(recorder.banned.items())]
        links += [(what, a, b, forward) for a, b, forward in recorder.links()]
        sums += [(what, cells, weights, total) for cells, weights, total in recorder.sums]
    return tuple(links), tuple(sums), tuple(wholes)


def _alone(allowed: int, n: int) -> tuple[int, ...]:
    full = (1 << n) - 1
    return tuple(full if allowed >> d & 1 else 0 for d in range(n))


def logic_layout(puzzle: Puzzle, tool: str = LOGIC) -> Layout:
    """The puzzle's layout with its links, sums and rules read whole (`read_rules`)."""
    base = puzzle.layout
    links, sums, wholes = read_rules(puzzle, tool)
    if not (links or sums or wholes):
        return base
    return layout_for(base.size, base.regions, base.extra, links, sums, wholes)


@cache
def backward(allowed: tuple[int, ...], n: int) -> tuple[int, ...]:
    """A link's table read from ``b``'s side: for each digit of ``b``, the digits ``a`` may hold."""
    return tuple(sum(1 << x for x in range(n) if allowed[x] >> y & 1) for y in range(n))


@cache
def cell_links(layout: Layout) -> tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]:
    """For each cell, (other cell, for each digit here the digits there may
    hold) of every link between two cells, both ways, merged per pair: what
    a digit placed here turns off elsewhere, which chains follow."""
    n = layout.size
    full = (1 << n) - 1
    merged: dict[tuple[int, int], list[int]] = {}
    for _, a, b, allowed in layout.links:
        if b < 0:
            continue
        for here, there, table in ((a, b, allowed), (b, a, backward(allowed, n))):
            kept = merged.setdefault((here, there), [full] * n)
            for d in range(n):
                kept[d] &= table[d]
    out: list[list[tuple[int, tuple[int, ...]]]] = [[] for _ in range(n * n)]
    for (here, there), kept in sorted(merged.items()):
        out[here].append((there, tuple(kept)))
    return tuple(tuple(x) for x in out)
