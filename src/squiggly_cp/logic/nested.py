"""What a chain follows inside an assumption beyond the on/off rules: SE's
(+) level and its nested levels, for `dynamic`'s searches.

When an assumption has nothing more to follow, the simple techniques
(locked candidates, hidden pairs, naked pairs, X-wings, the first that finds
anything) run on the grid it has thinned; at levels 2 and 3, when those find
nothing, so do cycles and forcing chains, or cell and region forcing chains.
A step counts only if it needs a candidate the assumption removed (its *rule
parents*); what it removes is followed as off potentials whose parents are
those candidates' off nodes. A nested chain's removals also carry the chain
(`potentials.Nested`), whose complexity counts toward the outer chain.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial

from ..core.geometry import cells_of
from . import fish, forcing, intersections, subsets
from .direct import locked_candidates
from .potentials import ChainGrid, FoundChain, Nested, Node, chain_nodes
from .state import State, bits, digits_of
from .step import Step


def advanced(grid: ChainGrid, offs: dict[int, Node], level: int) -> list[Node]:
    """What locked candidates, hidden pairs, naked pairs or X-wings (the first of
    these that finds anything) remove from the thinned grid, for steps that
    need some candidate the assumption removed: each removal as an off node
    whose parents are those candidates' off nodes (SE's level 1). When none
    of them does, levels 2 and 3 try chains inside the assumption: cycles
    and forcing chains (2), or cell and region forcing chains (3), each
    removal carrying the chain it came from (`Nested`)."""
    state = grid.state
    values = state.values
    current = [state.cands[c] if values[c] else m for c, m in enumerate(grid.cands)]
    thin = _Thin(state.layout, current, values)
    thin.where, thin.placed = grid.where.copy(), grid.placed
    out: list[Node] = []
    if grid.locking_free is None:
        grid.locking_free = next(locked_candidates(state), None) is None
    # What the assumption removed: a step needs some of it (`_rule_parents`),
    # so the finders look only where it was. Locked candidates only when the
    # start grid had none (`se_locking`).
    lost = [s & ~w for s, w in zip(grid.start_where, grid.where, strict=True)]
    finders = (
        partial(intersections.se_locking, lost=lost if grid.locking_free else None),
        *(partial(finder, lost=lost) for finder in _ADVANCED),
    )
    for finder in finders:
        for step in finder(thin):
            needed = _rule_parents(grid, step)
            if not needed:
                continue  # the step stands without the assumption
            parents = tuple(offs[p] for p in needed if p in offs)
            for cell, digit in sorted(step.eliminations):
                out.append((cell << 5 | (digit - 1) << 1, parents))
        if out:
            return out
    if level >= 2:
        for hint in _nested_found(thin, level):
            needed = _chain_rule_parents(grid, hint)
            if not needed:
                continue
            parents = tuple(offs[p] for p in needed if p in offs)
            nested = Nested(_chain_key(hint), hint.complexity)
            for cell, digit in _removable(thin, hint):
                out.append((cell << 5 | (digit - 1) << 1, parents, nested))
    return out


class _Thin(State):
    """The grid an assumption has thinned, for the simple techniques: its
    places per digit are the `ChainGrid`'s (kept in step), the placed digits per
    house those of the state searched (no placement happens inside)."""

    __slots__ = ("placed", "where")
    placed: list[int]
    where: list[int]

    def places(self) -> list[int]:
        return self.where.copy()

    def placed_in(self, house: int) -> int:
        return self.placed[house]


def _nested_found(thin: State, level: int) -> list[FoundChain]:
    """The chains a level-``level`` search looks for inside an assumption, in
    SE's order: easiest, then shortest, then by kind."""
    if level == 2:
        hints = forcing.static_found(thin, bounded=False)
    else:
        from .dynamic import multiple_found  # a dynamic search is what calls this

        hints = multiple_found(thin)
    return sorted(hints, key=lambda h: (h.difficulty, h.complexity, h.key))


def _removable(thin: State, hint: FoundChain) -> list[tuple[int, int]]:
    """The candidates a chain step removes from the thinned grid: its
    eliminations, or a placement's other candidates, in cell order."""
    out = list(hint.eliminations)
    for cell, digit in hint.placements:
        out += [(cell, e) for e in digits_of(thin.cands[cell]) if e != digit]
    return sorted(out)


def _chain_targets(hint: FoundChain) -> list[list[tuple[Node, int]]]:
    """Each chain of ``hint`` as SE reads it, target first, breadth first, the
    first node of each potential only: (node, on/off potential in that
    chain). A cycle is read both ways: forward, then reversed (every node
    flipped, the start's potential first)."""
    out = []
    for target in hint.targets:
        nodes = chain_nodes(target)
        out.append([(node, node[0]) for node in nodes])
    if hint.cycle:
        forward = []
        node = hint.targets[0]
        while node[1]:
            forward.append(node)
            node = node[1][0]
        forward.reverse()  # from the start's first successor to the end
        root = node
        back = [(root, root[0] ^ 1)]
        back += [(item, item[0] ^ 1) for item in forward if item[0] != root[0]]
        out.append(back)
    return out


def _chain_key(hint: FoundChain) -> tuple:
    """What makes two nested chains the same (SE's FullChain): their chains."""
    return tuple(tuple(p for _, p in chain) for chain in _chain_targets(hint))


def _cause(grid: ChainGrid, node: Node, p: int) -> int | None:
    """The rule that made potential ``p`` true: ``node``'s own potential, or its
    flip (a cycle read backwards). -1 for the cell rule, else the house: for
    ``node``'s potential the first house of its parent's cell holding the
    digit in just those two cells (the rule that turned it on), for a flip
    the first house the two cells share (the one that turned ``node`` off).
    None when no house holds both cells: a rule linked them, needing nothing gone.
    Read off the thinned grid, where the chain was found; ``node`` has a parent."""
    cell, d = p >> 5, p >> 1 & 15
    other = node[1][0][0] >> 5
    if other == cell:
        return -1
    for h in grid.cell_houses[other]:
        inside = grid.house_bits[h]
        if inside >> cell & 1 and (p != node[0] or (inside & grid.where[d]).bit_count() == 2):
            return h
    return None  # two cells a rule links (a cage, anti-king) without a house: the rule alone


def _chain_rule_parents(grid: ChainGrid, hint: FoundChain) -> list[int]:
    """The candidates present at the start whose removal a nested chain needed
    (off potentials, in SE's order): for every true potential on its chains,
    what its rule needed gone, the cell's other candidates or the digit's
    other places in the house."""
    out: dict[int, None] = {}
    start, cands = grid.start, grid.cands
    for chain in _chain_targets(hint):
        for node, p in chain:
            if not p & 1:
                continue
            cause = _cause(grid, node, p) if node[1] else hint.source
            if cause is None:
                continue  # a single assumption: no rule made it true
            cell, d = p >> 5, p >> 1 & 15
            if cause < 0:
                gone = start[cell] & ~cands[cell]
                for e in bits(gone):
                    out.setdefault(cell << 5 | e << 1, None)
            else:
                gone = grid.house_bits[cause] & grid.start_where[d] & ~grid.where[d]
                for c in bits(gone):
                    out.setdefault(c << 5 | d << 1, None)
    return list(out)


def _rule_parents(grid: ChainGrid, step: Step) -> list[int]:
    """The candidates present at the start whose removal the step needed (off potentials)."""
    n = grid.size
    start, cands = grid.start, grid.cands
    house_bits = grid.house_bits
    out: list[int] = []
    name = step.technique
    if name in ("pointing", "claiming", "generalized intersection", "x-wing"):
        d = step.eliminations[0][1] - 1
        if name == "x-wing":
            k = len(step.houses) // 2
            bases, covers = step.houses[:k], step.houses[k:]
        else:
            bases, covers = step.houses[:1], step.houses[1:]
        outside = 0
        for h in covers:
            outside |= house_bits[h]
        for h in bases:
            gone = house_bits[h] & grid.start_where[d] & ~grid.where[d] & ~outside
            out.extend(c << 5 | d << 1 for c in cells_of(gone))
    elif name.startswith("naked"):
        digits = 0
        for c in step.cells:
            digits |= cands[c]
        for c in step.cells:
            for e in range(n):
                if start[c] >> e & 1 and not digits >> e & 1:
                    out.append(c << 5 | e << 1)
    else:  # hidden pair
        removed = {d - 1 for _, d in step.eliminations}
        digits = 0
        for c in step.cells:
            digits |= cands[c]
        for d in range(n):
            if digits >> d & 1 and d not in removed:
                rest = house_bits[step.houses[0]] & grid.start_where[d]
                for c in cells_of(rest):
                    if c not in step.cells:
                        out.append(c << 5 | d << 1)
    return out


_ADVANCED: tuple[Callable[..., Iterator[Step]], ...] = (
    subsets.SE_FINDERS["hidden pair"].finder,
    subsets.SE_FINDERS["naked pair"].finder,
    fish.SE_FINDERS["x-wing"].finder,
)
"""The techniques a "+" chain may use inside an assumption after locked
candidates (`intersections.se_locking`), in SE's order."""
