"""The CP-SAT models of a puzzle's houses: every CP-SAT search here builds one of these.

Both take per-cell domains, bitmasks (bit d-1 for digit d) of the digits a
cell may still hold, and state that every row, column and region holds each
digit once:

* `OneHot`: a Boolean per (cell, digit in its domain), exactly one per cell
  and exactly one per (house, digit): the exact-cover form of AllDifferent.
* `AllDifferent`: an integer variable per cell over its domain,
  ``add_all_different`` per house.

With ``propagated`` (no cell's domain holds a digit decided in one of its
houses, as `squiggly_cp.core.propagate.candidates` leaves them), decided
cells need no variable: the constraints over a house's open cells say the
same, and nearly solved models stay tiny. Otherwise every cell gets its
variables and decided cells are plain one-digit domains.

Givens can also stay out of the domains and come per solve as assumptions on
`OneHot.lits` (as `squiggly_cp.sat.assumptions` does). The order in which
variables are made is part of the behaviour: CP-SAT's search, and so which
solution it reports first, depends on it.
"""

from __future__ import annotations

import contextlib
import functools
import math
import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from ortools.sat.python import cp_model

from ..core.puzzle import Grid, Puzzle
from ..core.rules import Rule
from .run import ask
from .sums import add_leftover_sums

__all__ = [
    "AllDifferent",
    "Literals",
    "OneHot",
    "RuleEncoder",
    "Solved",
    "digits",
    "scratch_model",
    "sole_digits",
]

Literals = dict[int, dict[int, cp_model.IntVar]]
"""``lits[cell][digit]``: the literal "``cell`` holds ``digit``" (digits 1-based)."""

Solved = cp_model.CpSolver | cp_model.CpSolverSolutionCallback
"""What a solution is read from: a solver after its solve, or a solution callback."""



@functools.cache
def _booleans(power: int) -> tuple[cp_model.CpModel, object]:
    """A model holding ``2 ** power`` 0-1 variables and nothing else, and its proto."""
    model = cp_model.CpModel()
    add_variable = model.proto.variables.add
    for _ in range(1 << power):
        add_variable().domain.extend((0, 1))
    return model, model.proto


def _add_booleans(proto: object, count: int) -> None:
    """Append ``count`` 0-1 variables to ``proto``'s variables: one proto merge
    per bit of ``count`` (merging appends repeated fields), instead of two
    calls into OR-Tools per variable, a third of the one-hot model's cost."""
    # OR-Tools 9.13 and later, or before (an older protobuf message, not in the stubs checked against)
    merge = getattr(proto, "merge_from", None) or proto.MergeFrom  # type: ignore[attr-defined]
    power = 0
    while count:
        if count & 1:
            merge(_booleans(power)[1])
        count >>= 1
        power += 1


def digits(mask: int) -> list[int]:
    """The digits of a domain bitmask, ascending."""
    return [d + 1 for d in range(mask.bit_length()) if mask >> d & 1]


def sole_digits(domains: Sequence[int]) -> list[int]:
    """Per cell, the digit its domain holds alone, or 0 (an open cell, or an empty domain)."""
    return [mask.bit_length() if not mask & (mask - 1) else 0 for mask in domains]


class _Spare(threading.local):
    model: cp_model.CpModel | None = None


_SPARE = _Spare()


@contextlib.contextmanager
def scratch_model() -> Iterator[cp_model.CpModel]:
    """An empty CpModel for a search that builds, solves and drops its model
    within the block: this thread's spare one, emptied, or a new one while
    the spare is in use. Making a CpModel is slow on OR-Tools 9.13 and later
    (it sets up the CamelCase aliases of every method: a good part of an
    easy case, benchmarks/RESULTS.md); emptying one is cheap. Only for
    models without constants (`CpModel.new_constant` keeps a cache beside
    the proto)."""
    model, _SPARE.model = _SPARE.model, None
    if model is None:
        model = cp_model.CpModel()
    else:
        proto = model.proto
        for field in (proto.variables, proto.constraints):
            if hasattr(field, "clear"):  # OR-Tools 9.13 and later: C++ protos
                field.clear()
            else:  # Python protos
                del field[:]
    try:
        yield model
    finally:
        _SPARE.model = model


class OneHot:
    """The one-hot model: ``model``, its literals ``lits`` (`Literals`; with
    ``propagated``, open cells only) and the ``fixed`` digit of each decided
    cell (0 for open ones). Literals are made cell by cell, digits ascending,
    in a new CpModel or in the empty ``model`` given (`scratch_model`).

    The variables and constraints are written into ``model.proto`` directly:
    the same proto that ``new_bool_var`` and ``add_exactly_one`` would make
    (so the same search; tests/test_model.py compares them), at a third of
    the cost on OR-Tools 9.15: the variables are merged in at the end
    (`_add_booleans`), and each house's literals per digit are gathered in
    one pass over the cells.
    The literal objects of ``lits`` are made only when something asks for
    them (`CpModel.get_bool_var_from_proto_index`); `grid` needs none."""

    __slots__ = ("_cells", "_lits", "fixed", "model")

    def __init__(
        self,
        puzzle: Puzzle,
        domains: Sequence[int],
        propagated: bool = True,
        model: cp_model.CpModel | None = None,
        rules: bool = True,
    ):
        n = puzzle.size
        self.model = model = cp_model.CpModel() if model is None else model
        self.fixed = fixed = sole_digits(domains)
        self._lits: Literals | None = None
        proto = model.proto
        add_constraint = proto.constraints.add
        cell_houses = puzzle.layout.cell_houses
        # house -> digit -> the indices of the literals of that digit in that house's cells
        houses = len(puzzle.houses)
        buckets: list[list[list[int]]] = [[[] for _ in range(n + 1)] for _ in range(houses)]
        settled: list[set[int]] = [set() for _ in range(houses)]
        # cell -> {digit: index of its literal's variable}
        cells: dict[int, dict[int, int]] = {}
        self._cells = cells
        k = len(proto.variables)
        for i, mask in enumerate(domains):
            if fixed[i] and propagated:
                for h in cell_houses[i]:
                    settled[h].add(fixed[i])
                continue
            ds = digits(mask)
            cells[i] = lits = dict(zip(ds, range(k, k + len(ds)), strict=True))
            add_constraint().exactly_one.literals.extend(range(k, k + len(ds)))
            k += len(ds)
            for h in cell_houses[i]:
                bucket = buckets[h]
                for d, lit in lits.items():
                    bucket[d].append(lit)
        _add_booleans(proto, k - len(proto.variables))
        for bucket, done in zip(buckets, settled, strict=True):
            for d in range(1, n + 1):
                if d not in done:
                    add_constraint().exactly_one.literals.extend(bucket[d])
        if rules and puzzle.rules:
            encoder = RuleEncoder(self)
            for rule in puzzle.rules:
                encoder.rule(rule, puzzle)
            add_leftover_sums(encoder, puzzle)  # killer cages' innies and outies: sat/sums.py

    @property
    def lits(self) -> Literals:
        if self._lits is None:
            literal = self.model.get_bool_var_from_proto_index
            self._lits = {i: {d: literal(k) for d, k in ds.items()} for i, ds in self._cells.items()}
        return self._lits

    def fix(self, cell: int, digit: int) -> None:
        """``cell`` holds ``digit``, as a constraint."""
        self.model.add(self.lits[cell][digit] == 1)

    def differ_somewhere(self, grid: Grid, cells: Sequence[int]) -> None:
        """Some open cell of ``cells`` holds another digit than ``grid`` has there."""
        self.model.add_bool_or([~self.lits[c][grid[c]] for c in cells if c in self.lits])

    def solution(
        self,
        *,
        time_limit: float | None = None,
        work_limit: float | None = None,
        parameters: Mapping[str, object] | None = None,
    ) -> Grid | None:
        """A solution of the model, or None when none exists; raises
        `Undecided` at a limit (`sat.run.ask`)."""
        solver, feasible = ask(
            self.model, time_limit=time_limit, work_limit=work_limit, parameters=parameters
        )
        return self.grid(solver) if feasible else None

    def grid(self, solved: Solved) -> Grid:
        """The solution ``solved`` holds, read from the response's solution in
        one call (one ``boolean_value`` call per literal costs many times as
        much, benchmarks/RESULTS.md)."""
        grid = list(self.fixed)
        values = list(solved.response_proto.solution)
        for i, ds in self._cells.items():
            for d, k in ds.items():
                if values[k]:
                    grid[i] = d
        return tuple(grid)


class RuleEncoder:
    """`squiggly_cp.core.rules.Encoder` over a `OneHot` model: a rule's
    literals are the model's own, and a decided cell's (or a digit outside
    a cell's domain) are the constants ``True``/``False``, folded here.
    With a ``guard`` literal every constraint holds only when the guard does
    (so a rule can be assumed, and named in an infeasibility proof); the
    variables a rule defines (values, its own Booleans) stay free otherwise."""

    tables = True
    """A rule may write itself as a table of tuples here (`one_of_tuples`)."""

    def __init__(self, built: OneHot, guard: Any = None):
        self.built = built
        self.model = built.model
        self.size = math.isqrt(len(built.fixed))
        self.guard = guard
        self._values: dict[int, cp_model.IntVar] = {}

    def rule(self, rule: Rule, board: Puzzle) -> None:
        """``rule``'s constraints; for one no digits keep (`Rule.impossible`),
        an empty clause instead (under the guard): infeasible at once, and
        nothing built from its data (a sum past any bound, a line longer
        than the digits)."""
        if rule.impossible(self.size) is not None:
            self.clause([])
        else:
            rule.encode(self, board)

    def lit(self, cell: int, digit: int) -> Any:
        fixed = self.built.fixed[cell]
        if cell not in self.built.lits:
            return fixed == digit
        return self.built.lits[cell].get(digit, False)

    def value(self, cell: int) -> Any:
        if cell not in self.built.lits:
            return self.built.fixed[cell]
        if cell not in self._values:
            lits = self.built.lits[cell]
            var = self.model.new_int_var_from_domain(cp_model.Domain.from_values(list(lits)), "")
            self.model.add(var == sum(d * lit for d, lit in lits.items()))
            self._values[cell] = var
        return self._values[cell]

    def neg(self, literal: Any) -> Any:
        return (not literal) if isinstance(literal, bool) else literal.Not()

    def clause(self, literals: Iterable[Any]) -> None:
        kept = []
        for literal in literals:
            if literal is True:
                return
            if literal is not False:
                kept.append(literal)
        if self.guard is not None:
            kept.append(self.guard.Not())
        self.model.add_bool_or(kept)  # empty: unsatisfiable, as it should be

    def at_most_one(self, literals: Iterable[Any]) -> None:
        kept = [literal for literal in literals if literal is not False]
        true = sum(1 for literal in kept if literal is True)
        if true > 1:
            self.clause([])
        elif true:
            for literal in kept:
                if literal is not True:
                    self.clause([literal.Not()])
        elif len(kept) > 1:
            if self.guard is None:
                self.model.add_at_most_one(kept)
            else:
                self.model.add(sum(kept) <= 1).only_enforce_if(self.guard)

    def new_bool(self) -> Any:
        return self.model.new_bool_var("")

    def pair(self, a: int, b: int, table: tuple[tuple[int, ...], tuple[int, ...]]) -> None:
        # Straight into the proto by variable index (a Not object per literal
        # cost most of a kropki puzzle's time); a digit whose supports are all
        # of the other cell's domain needs nothing, and one that forbids fewer
        # digits than it allows says so in binary clauses (the same pruning).
        forward, backward = table
        self._one_way(a, b, forward)
        self._one_way(b, a, backward)

    def _one_way(self, x: int, y: int, masks: tuple[int, ...]) -> None:
        cells, fixed = self.built._cells, self.built.fixed
        add = self.model.proto.constraints.add
        guard = [] if self.guard is None else [-self.guard.index - 1]
        ys = cells.get(y)
        ys_items = list(ys.items()) if ys is not None else [(fixed[y], None)]
        xs_items = list(cells[x].items()) if x in cells else [(fixed[x], None)]
        for d, xi in xs_items:
            allowed = masks[d - 1]
            not_x = [] if xi is None else [-xi - 1]
            support = [(e, yi) for e, yi in ys_items if allowed >> (e - 1) & 1]
            if len(support) == len(ys_items):
                continue
            if ys is None or not support:  # y is decided (against d), or nothing supports d
                add().bool_or.literals.extend(not_x + guard)
                continue
            forbidden = [yi for e, yi in ys_items if not allowed >> (e - 1) & 1]
            if len(forbidden) <= len(support):
                for yi in forbidden:
                    add().bool_or.literals.extend([*not_x, -yi - 1, *guard])  # type: ignore[operator]
            else:
                add().bool_or.literals.extend([*not_x, *(yi for _, yi in support), *guard])

    def new_int(self, low: int, high: int) -> Any:
        return self.model.new_int_var(low, high, "")

    def add(self, constraint: Any, when: Sequence[Any] = ()) -> None:
        enforce = [] if self.guard is None else [self.guard]
        for literal in when:
            if literal is False:
                return
            if literal is not True:
                enforce.append(literal)
        if isinstance(constraint, bool):
            if constraint:
                return
            made = self.model.add_bool_or([])
        else:
            made = self.model.add(constraint)
        if enforce:
            made.only_enforce_if(enforce)


class AllDifferent:
    """The integer model: ``model``, the variable of each cell it has in
    ``cells`` and the ``fixed`` digit of each decided cell (0 for open ones)."""

    __slots__ = ("cells", "fixed", "model")

    def __init__(self, puzzle: Puzzle, domains: Sequence[int], propagated: bool = True):
        self.model = model = cp_model.CpModel()
        from_values, new_var = cp_model.Domain.from_values, model.new_int_var_from_domain
        self.fixed = fixed = sole_digits(domains)
        self.cells: dict[int, cp_model.IntVar] = {
            i: new_var(from_values(digits(mask)), "") for i, mask in enumerate(domains) if not fixed[i]
        }
        cells = self.cells
        if not propagated:
            cells.update((i, model.new_constant(d)) for i, d in enumerate(fixed) if d)
        for house in puzzle.houses:
            open_cells = [cells[i] for i in house if i in cells]
            if len(open_cells) > 1:
                model.add_all_different(open_cells)

    def grid(self, solved: Solved) -> Grid:
        """The solution ``solved`` holds."""
        grid = list(self.fixed)
        for i, var in self.cells.items():
            grid[i] = solved.value(var)
        return tuple(grid)
