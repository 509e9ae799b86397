"""Nishio, cell and region, dynamic and nested forcing chains (Sudoku Explainer's 7.5-10.x).

Built on `potentials`: every consequence of assuming a candidate on, or off,
is followed to the end (or to a contradiction).

* **Nishio** (7.5): one digit only, the candidates an assumption turns off
  leaving the grid as it is followed; an assumption that leads to a
  potential both on and off is false;
* **cell and region forcing chains** (8.0): whatever every candidate of a
  cell, or every place of a digit in a house, leads to, is true;
* **dynamic forcing chains** (8.5): as the last, plus contradictions and
  "double" chains (what both A on and A off lead to), the grid thinning as
  the assumption is followed, and a variant's rules of three cells or more
  read whole on the thinner grid (`rule_chains`);
* **dynamic forcing chains (+)** (9.0): the same, also following locked
  candidates, pairs and X-wings inside an assumption (SE's first nesting
  level);
* **nested forcing chains** (9.5, 10.0): when those find nothing either,
  also cycles and forcing chains (level 2), or cell and region forcing
  chains (level 3), found inside the assumption; a nested chain's length
  counts toward the chain that uses it. SE's experimental level 4 (dynamic
  chains inside dynamic chains, 10.5) is not built.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial

from ..core.limits import check_enforced
from ..core.puzzle import cell_name, digit_char
from .nested import advanced
from .potentials import (
    KEY_CELL,
    KEY_CONTRADICTION,
    KEY_DOUBLE,
    KEY_REGION,
    ChainGrid,
    FoundChain,
    Links,
    Node,
    ancestors,
    best_step,
    conclusion,
    gc_paused,
    length_bonus,
    nested_complexity,
    pot,
    pot_text,
    rule_offs,
    rule_ons,
)
from .rule_chains import unit_offs
from .state import State
from .step import Step, Technique

NISHIO = 7.5
MULTIPLE = 8.0
DYNAMIC = 8.5

_NISHIO_RUNS = "nishio runs"
"""`State.memo`'s key of the Nishio runs kept per digit: {digit: (places, {start: run})}."""


@dataclass
class _Run:
    """The consequences of one assumption; ``clash`` is (on node, off node) of
    a potential reached both ways, or None."""

    ons: dict[int, Node]
    offs: dict[int, Node]
    clash: tuple[Node, Node] | None


def _follow(
    grid: ChainGrid, start: Node, dynamic: bool, cell_rule: bool, level: int = 0, memo: Links | None = None
) -> _Run:
    """Every consequence of ``start``; stops at the first contradiction.

    Dynamic: an off potential's candidate leaves the grid once its own
    consequences are taken, and the rules read the thinner grid (the grid is
    restored before returning). ``level`` 1: when nothing is left to follow,
    the simple techniques of `_advanced` run on the thinned grid, and what
    they remove is followed too. ``memo``: a static search's `_turned_on`."""
    ons: dict[int, Node] = {start[0]: start} if start[0] & 1 else {}
    offs: dict[int, Node] = {} if start[0] & 1 else {start[0]: start}
    pending_on, pending_off = deque(ons.values()), deque(offs.values())
    saved = grid.save() if dynamic else None
    # This loop is most of the time of every dynamic search: the rules are
    # module functions given the grid's lists, not `ChainGrid`'s methods.
    cands, where, cell_house_bits = grid.cands, grid.where, grid.cell_house_bits
    rule_links, strong, hidden_parents = grid.rule_links, grid.rule_ons, grid.hidden_parents
    # Rules read whole (`_idle`), not in Nishio: its runs read one digit's places only.
    cell_units, dirty = grid.cell_units if dynamic and cell_rule and grid.rule_units else None, 0
    try:
        while pending_on or pending_off:
            if pending_on:
                node = pending_on.popleft()
                for q in _turned_off(node[0], cands, where, cell_house_bits, cell_rule, rule_links):
                    if q | 1 in ons:
                        return _Run(ons, offs, (ons[q | 1], (q, (node,))))
                    if q not in offs:
                        child: Node = (q, (node,))
                        offs[q] = child
                        pending_off.append(child)
            else:
                node = pending_off.popleft()
                p = node[0]
                if memo is None:
                    made = _turned_on(p, cands, where, cell_house_bits, cell_rule, strong)
                else:
                    made = memo[p]
                if dynamic:  # the candidate leaves the grid
                    cands[p >> 5] &= ~(1 << (p >> 1 & 15))
                    where[p >> 1 & 15] &= ~(1 << (p >> 5))
                    if cell_units is not None:
                        dirty |= cell_units[p >> 5]
                for r, house in made:
                    if r ^ 1 in offs or r not in ons:
                        parents = (node, *hidden_parents(r, house, offs)) if dynamic else (node,)
                        if r ^ 1 in offs:
                            return _Run(ons, offs, ((r, parents), offs[r ^ 1]))
                        child = (r, parents)
                        ons[r] = child
                        pending_on.append(child)
            if (dirty or level) and not pending_on and not pending_off:
                clash = _idle(grid, ons, offs, pending_off, dirty, level)
                dirty = 0
                if clash is not None:
                    return _Run(ons, offs, clash)
        return _Run(ons, offs, None)
    finally:
        if saved is not None:
            grid.restore(saved)


def _idle(
    grid: ChainGrid, ons: dict[int, Node], offs: dict[int, Node], pending_off: deque, dirty: int, level: int
) -> tuple[Node, Node] | None:
    """When a run has nothing left to follow: what the rules ``dirty`` read
    whole take (`unit_offs`), else what the techniques of ``level`` take
    (`nested.advanced`), each to be followed; or a potential reached both on
    and off."""
    if dirty:
        for child in unit_offs(grid, dirty, offs):
            if child[0] | 1 in ons:
                return ons[child[0] | 1], child
            if child[0] not in offs:
                offs[child[0]] = child
                pending_off.append(child)
    if level and not pending_off:
        for child in advanced(grid, offs, level):
            if child[0] not in offs:
                offs[child[0]] = child
                pending_off.append(child)
    return None


def _turned_off(
    p: int,
    cands: list[int],
    where: list[int],
    cell_house_bits: tuple,
    cell_rule: bool,
    rule_links: tuple | None = None,
) -> list[int]:
    """`ChainGrid.on_to_off`, without its attribute look-ups (the same potentials, in the same order)."""
    cell, d = p >> 5, p >> 1 & 15
    out = []
    if cell_rule:
        m = cands[cell] & ~(1 << d)
        while m:
            low = m & -m
            m ^= low
            out.append(cell << 5 | (low.bit_length() - 1) << 1)
    spots = where[d] & ~(1 << cell)
    for _, bits in cell_house_bits[cell]:
        m = bits & spots
        spots ^= m
        while m:
            low = m & -m
            m ^= low
            out.append((low.bit_length() - 1) << 5 | d << 1)
    if rule_links:
        out += rule_offs(cell, d, cands, spots, rule_links, out)
    return out


def _turned_on(
    p: int, cands: list[int], where: list[int], cell_house_bits: tuple, cell_rule: bool, strong: dict | None
) -> list[tuple[int, int]]:
    """`ChainGrid.off_to_on`, without its attribute look-ups (the same potentials, in the same order)."""
    cell, d = p >> 5, p >> 1 & 15
    bit = 1 << d
    made: list[tuple[int, int]] = []
    m = cands[cell]
    if cell_rule and m & bit and m.bit_count() == 2:
        made.append((cell << 5 | ((m ^ bit).bit_length() - 1) << 1 | 1, -1))
    spots = where[d]
    cbit = 1 << cell
    if spots & cbit:
        got = 0  # the other cells already made on (two houses can give the same)
        for h, bits in cell_house_bits[cell]:
            m = bits & spots
            if m.bit_count() == 2:
                m ^= cbit
                if not m & got:
                    got |= m
                    made.append(((m.bit_length() - 1) << 5 | d << 1 | 1, h))
    if strong and p in strong:
        made += rule_ons(p, strong, made)
    return made


class _Search:
    """One finder's search: every assumption of every candidate, each run once."""

    def __init__(self, state: State, dynamic: bool, nishio: bool, level: int):
        self.grid = ChainGrid(state)
        self.layout = state.layout
        self.dynamic, self.nishio, self.level = dynamic, nishio, level
        self.runs: dict[int, _Run] = {}
        # A static search's grid never changes, nor then what a potential off turns on.
        self.memo: Links[tuple[int, int]] | None = None
        if not dynamic:
            g = self.grid
            on = partial(_turned_on, cands=g.cands, where=g.where, cell_house_bits=g.cell_house_bits)
            self.memo = Links(partial(on, cell_rule=not nishio, strong=g.rule_ons))
        self.hints: list[FoundChain] = []
        # A Nishio run reads only its digit's places (no cell rule, no other
        # digit), so runs are kept from step to step per digit, for as long
        # as that digit's places stay the same: most steps change one digit.
        self.digit_runs: list[dict[int, _Run]] | None = None
        if nishio:
            kept = state.memo.setdefault(_NISHIO_RUNS, {})
            assert isinstance(kept, dict)
            self.digit_runs = []
            for d, spots in enumerate(self.grid.start_where):
                runs = kept.get(d)
                if runs is None or runs[0] != spots:
                    runs = kept[d] = (spots, {})
                self.digit_runs.append(runs[1])
        if nishio:
            self.base, self.name = NISHIO, "Nishio Forcing Chains"
        elif dynamic:
            self.base, self.name = DYNAMIC + 0.5 * level, "Dynamic"
        else:
            self.base, self.name = MULTIPLE, ""

    def run(self, start: int) -> _Run:
        runs = self.runs if self.digit_runs is None else self.digit_runs[start >> 1 & 15]
        found = runs.get(start)
        if found is None:
            check_enforced()
            found = runs[start] = _follow(
                self.grid, (start, ()), self.dynamic, not self.nishio, self.level, self.memo
            )
        return found

    def add(
        self, kind: str, key: int, target: int, branches: Sequence[Node], why: str, source: int | None = None
    ) -> None:
        placements, elims = conclusion(self.grid, target)
        if not placements and not elims:
            return
        complexity = sum(ancestors(b) for b in branches)
        if self.level >= 2:
            complexity += nested_complexity(branches)
        label = self.name if self.nishio else f"{self.name} {kind}".strip()
        label += _SUFFIX[self.level]
        n = self.grid.size
        self.hints.append(
            FoundChain(
                self.base + length_bonus(complexity),
                complexity,
                key,
                label.lower(),
                placements,
                elims,
                (target >> 5,),
                f"{label} ({complexity - 2} nodes): {why} -> {pot_text(target, n)}",
                targets=tuple(branches),
                source=source,
            )
        )

    def search(self) -> list[FoundChain]:
        grid = self.grid
        n = grid.size
        for cell, mask in enumerate(grid.start):
            count = mask.bit_count()
            if count < 2 or (count == 2 and not self.dynamic):
                continue  # like SE, static cell and region chains start from cells of 3+ candidates
            per_value: list[_Run] = []
            for d in range(n):
                if mask >> d & 1:
                    per_value.append(self.value(cell, d, count))
            if not self.nishio:
                why = f"every candidate of {cell_name(cell, n)}"
                _common(self.add, per_value, "Cell Forcing Chains", KEY_CELL, why, -1)
        return self.hints

    def value(self, cell: int, d: int, count: int) -> _Run:
        """Contradictions, double and region chains from ``cell`` = ``d`` (its run is returned)."""
        grid = self.grid
        n = grid.size
        on, off = pot(cell, d, 1), pot(cell, d, 0)
        on_run, off_run = self.run(on), self.run(off)
        if self.dynamic:
            for run, start, other in ((on_run, on, off), (off_run, off, on)):
                if run.clash is not None:
                    why = f"{pot_text(start, n)} leads to a contradiction"
                    self.add("Contradiction Forcing Chains", KEY_CONTRADICTION, other, run.clash, why)
            if not self.nishio and count >= 3:
                why = f"both {pot_text(on, n)} and {pot_text(off, n)} lead to it"
                for mine, theirs in ((on_run.ons, off_run.ons), (on_run.offs, off_run.offs)):
                    shared = mine.keys() & theirs.keys()
                    if shared:
                        for p, node in mine.items():
                            if p in shared and p not in (on, off):
                                self.add("Double Forcing Chains", KEY_DOUBLE, p, (node, theirs[p]), why)
        if not self.nishio:
            for h in grid.cell_houses[cell]:
                spots = [c for c in grid.houses[h] if grid.start[c] >> d & 1]
                if len(spots) < 2 or spots[0] != cell:
                    continue
                branches = [on_run] + [self.run(pot(c, d, 1)) for c in spots[1:]]
                why = f"every place of {digit_char(d + 1)} in {self.layout.house_name(h)}"
                _common(self.add, branches, "Region Forcing Chains", KEY_REGION, why, h)
        return on_run


def _multiple(state: State, *, dynamic: bool, nishio: bool, level: int = 0) -> list[FoundChain]:
    with gc_paused():
        return _Search(state, dynamic, nishio, level).search()


def multiple_found(state: State) -> list[FoundChain]:
    """Every static cell and region forcing chain of ``state`` (what level 3 nests)."""
    return _multiple(state, dynamic=False, nishio=False)


def _common(
    add: Callable[..., None], branches: Sequence[_Run], kind: str, key: int, why: str, source: int
) -> None:
    """Potentials that every branch reaches (``source``: the rule behind the
    branches, -1 a cell's candidates or the house of a digit's places)."""
    for table in ("ons", "offs"):
        runs: list[dict[int, Node]] = [getattr(b, table) for b in branches]
        shared = runs[0].keys() & runs[1].keys()
        for other in runs[2:]:
            shared &= other.keys()
        if shared:  # in the first branch's order: it breaks the ties between equal chains
            for p in runs[0]:
                if p in shared:
                    add(kind, key, p, [run[p] for run in runs], why, source)


def nishio(state: State) -> Iterator[Step]:
    best = best_step(_multiple(state, dynamic=True, nishio=True))
    if best is not None:
        yield best


def multiple_chains(state: State) -> Iterator[Step]:
    """Cell and region forcing chains, static (8.0+)."""
    best = best_step(_multiple(state, dynamic=False, nishio=False))
    if best is not None:
        yield best


def dynamic_chains(state: State) -> Iterator[Step]:
    """Contradiction, double, cell and region forcing chains, dynamic (8.5+)."""
    best = best_step(_multiple(state, dynamic=True, nishio=False))
    if best is not None:
        yield best


def nested_chains(state: State, level: int) -> Iterator[Step]:
    """Dynamic forcing chains that follow, inside each assumption, cycles and
    forcing chains (level 2, 9.5+) or cell and region forcing chains (level 3,
    10.0+) as well: SE's nested forcing chains. Only on a puzzle proved unique
    (as the uniqueness techniques): on one with several solutions, where logic
    cannot finish anyway, a sparse grid makes each step cost minutes. Nor
    with sums (a cage, an arrow) or rules read whole: the chains nested inside
    an assumption follow them only candidate by candidate, and one step took
    over five minutes on a 7x7 arrow puzzle that trial, which follows every
    rule, finishes at once."""
    if not state.unique or state.layout.sums or state.layout.wholes:
        return
    best = best_step(_multiple(state, dynamic=True, nishio=False, level=level))
    if best is not None:
        yield best


def dynamic_chains_plus(state: State) -> Iterator[Step]:
    """The same, where each assumption is also followed through locked
    candidates, pairs and X-wings (SE's "+" level, 9.0+)."""
    best = best_step(_multiple(state, dynamic=True, nishio=False, level=1))
    if best is not None:
        yield best


_SUFFIX = {0: "", 1: " (+)", 2: " (+ Forcing Chains)", 3: " (+ Multiple Forcing Chains)"}
"""SE's names of the nesting levels."""

_DYNAMIC_NAMES = tuple(
    f"dynamic {kind} forcing chains" for kind in ("contradiction", "double", "cell", "region")
)

FINDERS: tuple[Technique, ...] = (
    Technique("nishio forcing chains", NISHIO, 400, nishio, variable=True),
    Technique(
        "cell forcing chains",
        MULTIPLE,
        500,
        multiple_chains,
        variable=True,
        names=("cell forcing chains", "region forcing chains"),
    ),
    Technique("dynamic forcing chains", DYNAMIC, 600, dynamic_chains, variable=True, names=_DYNAMIC_NAMES),
    Technique(
        "dynamic forcing chains (+)",
        DYNAMIC + 0.5,
        700,
        dynamic_chains_plus,
        variable=True,
        names=tuple(f"{name} (+)" for name in _DYNAMIC_NAMES),
        # As in SE, only when nothing else has a step: a (+) search costs 20-50
        # times a dynamic one and seldom beats the dynamic chain found before it.
        last_resort=True,
    ),
    *(
        Technique(
            f"dynamic forcing chains{_SUFFIX[level].lower()}",
            DYNAMIC + 0.5 * level,
            800 + 100 * level,
            partial(nested_chains, level=level),
            variable=True,
            names=tuple(f"{name}{_SUFFIX[level].lower()}" for name in _DYNAMIC_NAMES),
            last_resort=True,
        )
        for level in (2, 3)
    ),
)
