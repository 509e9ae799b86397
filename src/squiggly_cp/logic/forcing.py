"""Cycles and forcing chains without nesting (Sudoku Explainer's 6.5-7.x).

Built on `potentials`. From every candidate, on and off:

* **cycles** (6.5 single-digit or bivalue-only, 7.0 mixed): an assumption
  that comes back to itself through alternating links; a candidate outside
  the loop that sees an on and an off node of its digit goes;
* **forcing X-chains** (6.6, one digit; a turbot fish when it has four
  links) and **forcing chains** (7.0): "A on leads to A off" removes A, "A
  off leads to A on" places A.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from ..core.geometry import bit_set
from ..core.limits import check_enforced
from .blocked import unit_mates
from .potentials import (
    KEY_X,
    KEY_XY,
    KEY_Y,
    ChainGrid,
    FoundChain,
    Node,
    ancestors,
    best_step,
    chain_text,
    conclusion,
    gc_paused,
    length_bonus,
    pot,
)
from .state import State, bits
from .step import Step, Technique, elims_text

CYCLE = 6.5
CYCLE_MIXED = 7.0
FORCING_X_CHAIN = 6.6
FORCING_CHAIN = 7.0


def _sources(grid: ChainGrid, bivalue_only: bool) -> Iterator[tuple[int, int]]:
    for cell, m in enumerate(grid.cands):
        count = m.bit_count()
        if count >= 2 and (count == 2 or not bivalue_only):
            while m:
                low = m & -m
                m ^= low
                yield cell, low.bit_length() - 1


def _on_chain(node: Node, pot: int) -> bool:
    while True:
        if node[0] == pot:
            return True
        if not node[1]:
            return False
        node = node[1][0]


class _Bound:
    """The best (difficulty, complexity, key) found so far: a search stops once
    nothing it can still find would beat it (ties go to the first found)."""

    __slots__ = ("best",)

    def __init__(self) -> None:
        self.best: tuple[float, int, int] | None = None

    def hopeless(self, base: float, complexity: int, key: int) -> bool:
        return self.best is not None and (base + length_bonus(complexity), complexity, key) > self.best

    def offer(self, hints: list[FoundChain]) -> list[FoundChain]:
        for h in hints:
            if h.placements or h.eliminations:
                mark = (h.difficulty, h.complexity, h.key)
                if self.best is None or mark < self.best:
                    self.best = mark
        return hints


def _cycles(
    grid: ChainGrid,
    source: int,
    x: bool,
    y: bool,
    base: float,
    key: int,
    name: str,
    bound: _Bound,
    reach: list[int] | None = None,
) -> list[FoundChain]:
    """Cycles through ``source`` (an on potential). A search that runs to its
    end and finds nothing appends to ``reach`` the potentials whose links it
    read (a bit set)."""
    root: Node = (source, ())
    ons = {source: root}
    pending_on = [root]
    pending_off: list[Node] = []
    ends: list[Node] = []
    length = 0
    on_next = grid.static_links(y)[0]
    off_next = grid.static_links(y, x)[1]
    while pending_on or pending_off:
        # A cycle closed after this round has length + 2 nodes.
        if length + 2 >= 4 and bound.hopeless(base, length + 2, key):
            reach = None
            break
        length += 1
        for node in pending_on:
            for q in on_next[node[0]]:
                if not _on_chain(node, q):
                    pending_off.append((q, (node,)))
        pending_on = []
        length += 1
        for node in pending_off:
            for r in off_next[node[0]]:
                if length >= 4 and r == source:
                    ends.append((r, (node,)))
                if r not in ons:
                    child = (r, (node,))
                    ons[r] = child
                    pending_on.append(child)
        pending_off = []
    hints = [h for end in ends if (h := _cycle_found(grid, end, source, base, key, name)) is not None]
    if reach is not None and not hints:
        reach.append(_read_by(ons, on_next))
    return hints


def _cycle_found(
    grid: ChainGrid, end: Node, source: int, base: float, key: int, name: str
) -> FoundChain | None:
    """The cycle closed at ``end``, if it eliminates anything."""
    cells, elims = _cycle_eliminations(grid, end, source)
    if not elims:
        return None
    n = grid.size
    complexity = ancestors(end)
    label = "Generalized X-Wing" if key == KEY_X and len(cells) == 4 else name
    return FoundChain(
        base + length_bonus(complexity),
        complexity,
        key,
        label.lower(),
        (),
        elims,
        tuple(sorted(cells)),
        f"{label} ({complexity - 2} nodes): {chain_text(end, n)} -> {elims_text(elims, n)}",
        targets=(end,),
        cycle=True,
    )


def _cycle_eliminations(
    grid: ChainGrid, end: Node, source: int
) -> tuple[set[int], tuple[tuple[int, int], ...]]:
    """The loop's cells, and the candidates outside it seeing an on and an off node of their digit."""
    chain = []
    node = end[1][0]
    while node[1]:
        chain.append(node[0])
        node = node[1][0]
    cells = {p >> 5 for p in chain} | {source >> 5}
    seen_on: set[tuple[int, int]] = set()
    seen_off: set[tuple[int, int]] = set()
    for p in chain:
        cell, d = p >> 5, p >> 1 & 15
        target = seen_on if p & 1 else seen_off
        for h in grid.cell_houses[cell]:
            for c in grid.houses[h]:
                if c not in cells and grid.cands[c] >> d & 1:
                    target.add((c, d + 1))
    return cells, tuple(sorted(seen_on & seen_off))


def _forcing(
    grid: ChainGrid,
    source: int,
    y: bool,
    base: float,
    key: int,
    name: str,
    bound: _Bound,
    reach: list[int] | None = None,
) -> list[FoundChain]:
    """A chain from ``source`` (on or off) to its opposite. A search that runs
    to its end (finding nothing) appends to ``reach`` the off potentials it
    reached (a bit set)."""
    n = grid.size
    opposite = source ^ 1
    root: Node = (source, ())
    ons: dict[int, Node] = {}
    offs: dict[int, Node] = {}
    (ons if source & 1 else offs)[source] = root
    pending_on = [root] if source & 1 else []
    pending_off = [] if source & 1 else [root]
    nodes = source & 1  # an off source's first round has only an off phase
    on_next, off_next = grid.static_links(y)
    while pending_on or pending_off:
        # A chain ending in this round has nodes + 1 nodes or more.
        if bound.hopeless(base, nodes + 1, key):
            break
        nodes += 2
        following: list[Node] = []
        for node in pending_on:
            for q in on_next[node[0]]:
                child = (q, (node,))
                if q == opposite:
                    return [_forcing_found(grid, child, base, key, name, n)]
                if q not in offs:
                    offs[q] = child
                    following.append(child)
        pending_on = []
        pending_off.extend(following)
        following = []
        for node in pending_off:
            for r in off_next[node[0]]:
                child = (r, (node,))
                if r == opposite:
                    return [_forcing_found(grid, child, base, key, name, n)]
                if r not in ons:
                    ons[r] = child
                    following.append(child)
        pending_off = []
        pending_on = following
    else:
        if reach is not None:
            reach.append(bit_set(offs))
    return []


def _forcing_found(grid: ChainGrid, target: Node, base: float, key: int, name: str, n: int) -> FoundChain:
    complexity = ancestors(target)
    placements, elims = conclusion(grid, target[0])
    label = "Turbot Fish" if key == KEY_X and complexity == 6 else name
    return FoundChain(
        base + length_bonus(complexity),
        complexity,
        key,
        label.lower(),
        placements,
        elims,
        (target[0] >> 5,),
        f"{label} ({complexity - 2} nodes): {chain_text(target, n)}",
        targets=(target,),
    )


class _Unbounded(_Bound):
    """No bound: every chain is followed to its end (a nested search needs them all)."""

    def hopeless(self, base: float, complexity: int, key: int) -> bool:
        return False


def _closable(grid: ChainGrid, y: bool, x: bool) -> set[int]:
    """The on potentials some off potential turns on (its links of a pass):
    the candidates of a cell of two (``y``), of a digit with two places in
    a house (``x``). Both a cycle through A and a chain from "A off" to "A
    on" end with such a strong link into A on: without one (three sources in
    four, on hard grids) neither search can find anything. (`_forcing`
    follows the same links as `_cycles` in every pass that has forcing
    chains: x on.)"""
    out: set[int] = set()
    if y:
        for cell, m in enumerate(grid.cands):
            if m.bit_count() == 2:
                out.update(cell << 5 | d << 1 | 1 for d in bits(m))
    if x:
        for d, places in enumerate(grid.where):
            for house in grid.house_bits:
                two = house & places
                if two.bit_count() == 2:
                    out.update(c << 5 | d << 1 | 1 for c in bits(two))
    return out


def static_found(state: State, bounded: bool = True) -> list[FoundChain]:
    """The cycles and forcing (X-)chains of ``state``, in the order SE finds
    them. ``bounded``: a search stops once it cannot beat the best found so
    far, which is enough to pick the easiest (`static_chains`); a bounded
    search also skips, by `_Kept`, the searches that must find nothing again."""
    grid = ChainGrid(state)
    hints: list[FoundChain] = []
    bound = _Bound() if bounded else _Unbounded()
    fresh = _Kept(grid) if bounded else None
    passes = (
        (True, False, CYCLE, KEY_X, "Bidirectional X-Cycle", FORCING_X_CHAIN, "Forcing X-Chain"),
        (False, True, CYCLE, KEY_Y, "Bidirectional Y-Cycle", None, ""),
        (True, True, CYCLE_MIXED, KEY_XY, "Bidirectional Cycle", FORCING_CHAIN, "Forcing Chain"),
    )
    cycles = _Reuse(None, 0, fresh.cycles if fresh else None)
    forcing = _Reuse(None, 0, fresh.forcing if fresh else None)
    kept = state.memo.get(_KEPT) if bounded else None
    if isinstance(kept, _Kept) and kept.layout is state.layout:
        changed, tails = _changes(grid, kept)
        cycles.kept, cycles.stale = kept.cycles, changed
        if tails is not None:
            forcing.kept, forcing.stale = kept.forcing, tails
    with gc_paused():
        for index, (x, y, cycle_base, key, cycle_name, forcing_base, forcing_name) in enumerate(passes):
            closable = _closable(grid, y, x)
            loop = (x, y, cycle_base, key, cycle_name, bound)
            chain = (y, forcing_base, key, forcing_name, bound)
            for cell, d in _sources(grid, bivalue_only=not x):
                check_enforced()
                on = pot(cell, d, 1)
                searches: list[tuple[_Reuse, int, Callable[..., list[FoundChain]], tuple]] = []
                if on in closable:
                    searches.append((cycles, on, _cycles, loop))
                if forcing_base is not None:
                    searches.append((forcing, on, _forcing, chain))
                    if on in closable:
                        searches.append((forcing, on ^ 1, _forcing, chain))
                for reuse, source, search, args in searches:
                    if not reuse.skip((index, source)):
                        found = reuse.run((index, source), search, grid, source, *args)
                        if found:
                            hints += bound.offer(found)
    if fresh is not None:
        state.memo[_KEPT] = fresh
    return hints


_KEPT = "static chains"
"""`State.memo`'s key: the `_Kept` of the last bounded search."""


class _Kept:
    """A bounded search's grid (its candidates, each digit's places) and, for
    each of its searches that ran to its end and found nothing, keyed by
    (pass, source), what `_cycles` read or `_forcing` reached."""

    __slots__ = ("cands", "cycles", "forcing", "layout", "where")

    def __init__(self, grid: ChainGrid):
        self.layout = grid.state.layout
        self.cands = grid.cands.copy()
        self.where = grid.where.copy()
        self.cycles: _Records = {}
        self.forcing: _Records = {}


_Records = dict[tuple[int, int], int]


_CELL = (1 << 32) - 1
"""The potentials of cell 0 (a cell's potentials span 32 indices)."""
_ONS = _CELL // 3 << 1
"""The on potentials of cell 0."""


def _changes(grid: ChainGrid, kept: _Kept) -> tuple[int, int | None]:
    """What changed since ``kept``'s grid, as bit sets of potentials:

    * the potentials whose links may differ (the on potentials of a cell
      whose candidates changed, and of a changed digit in its houses; the
      off ones too where the cell or the digit in a house has, or had, two
      places): a cycle search that read none of them runs as before, and a
      changed candidate its loop sees is seen from an on node of it;
    * the off potentials that now turn on a potential they did not (a cell
      or a digit's places in a house just down to two), or None when a
      candidate came back. A chain on fewer candidates follows old links up
      to its first new one, so a forcing search that ended without reaching
      any of these (nor its opposite) finds nothing again.
    """
    houses, house_bits, cell_houses = grid.houses, grid.house_bits, grid.cell_houses
    mates = unit_mates(grid.state.layout)
    changed = 0
    tails: int | None = 0
    for cell, (now, then) in enumerate(zip(grid.cands, kept.cands, strict=True)):
        diff = now ^ then
        if not diff:
            continue
        if now & ~then:
            tails = None
        # Its candidates' weak links change, and their strong link if it
        # has (or had) two; so do its digits' weak links in its houses, and
        # their strong links in a house where they have (or had) two places.
        pair = now.bit_count() == 2
        changed |= (_CELL if pair or then.bit_count() == 2 else _ONS) << (cell << 5)
        if grid.rule_links:  # what a linked cell's digits turn off here changed too
            for other, _ in grid.rule_links[cell]:
                changed |= _ONS << (other << 5)
            for other in mates[cell]:  # and the links a sum or rule says between the others
                changed |= _ONS << (other << 5)
        if tails is not None and pair:
            for d in bits(now):
                tails |= 1 << (cell << 5 | d << 1)
        for d in bits(diff):
            now_at, then_at = grid.where[d], kept.where[d]
            for h in cell_houses[cell]:
                two, was = house_bits[h] & now_at, house_bits[h] & then_at
                down_to_two = two.bit_count() == 2
                mark = 3 if down_to_two or was.bit_count() == 2 else 2
                for c in houses[h]:
                    changed |= mark << (c << 5 | d << 1)
                if tails is not None and down_to_two and two != was:
                    for c in bits(two):
                        tails |= 1 << (c << 5 | d << 1)
    return changed, tails


class _Reuse:
    """Runs `_cycles` (or `_forcing`) searches, or skips one whose record in
    the last search's `_Kept` shows it must find nothing again (`_changes`),
    and records them in the new `_Kept`."""

    __slots__ = ("fresh", "kept", "stale")

    def __init__(self, kept: _Records | None, stale: int, fresh: _Records | None):
        self.kept = kept
        self.stale = stale
        self.fresh = fresh

    def skip(self, key: tuple[int, int]) -> bool:
        """Whether the search ``key`` must find nothing again (its record is kept)."""
        if self.kept is not None:
            read = self.kept.get(key)
            if read is not None and not read & self.stale:
                assert self.fresh is not None
                self.fresh[key] = read
                return True
        return False

    def run(
        self, key: tuple[int, int], search: Callable[..., list[FoundChain]], *args: object
    ) -> list[FoundChain]:
        """Run the search ``key`` (one `skip` did not skip), keeping its record."""
        if self.fresh is None:
            return search(*args)
        reach: list[int] = []
        found = search(*args, reach)
        if reach:
            self.fresh[key] = reach[0]
        return found


def _read_by(ons: dict[int, Node], on_next: Mapping[int, list[int]]) -> int:
    """The potentials a cycle search that ran to its end read the links of:
    its on nodes and the off nodes they lead to."""
    out = 0
    for r in ons:
        out |= 1 << r
        for q in on_next[r]:
            out |= 1 << q
    return out


def static_chains(state: State) -> Iterator[Step]:
    """Cycles and forcing (X-)chains (SE's 6.5-7.x): the easiest found."""
    best = best_step(static_found(state))
    if best is not None:
        yield best


FINDERS: tuple[Technique, ...] = (
    Technique(
        "forcing chain",
        CYCLE,
        300,
        static_chains,
        variable=True,
        names=(
            "bidirectional x-cycle",
            "generalized x-wing",
            "bidirectional y-cycle",
            "bidirectional cycle",
            "forcing x-chain",
            "turbot fish",
            "forcing chain",
        ),
    ),
)
