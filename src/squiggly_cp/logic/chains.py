"""Chains: single-digit X-chains and alternating inference chains (AIC).

A node is a candidate (cell, digit). A strong link joins two candidates of
which at least one is true: the two digits of a bivalue cell, or the two
places of a digit in a house where it has exactly two (bilocal). A weak link
joins two candidates that cannot both be true: two digits of one cell, or
one digit in two cells that see each other.

A chain A = B - C = D - ... = Z (strong, weak, strong, ..., strong) proves
"A or Z": if A is false, B is true, C false, D true, ..., Z true. So any
candidate weakly linked to both A and Z is false. An X-chain uses one digit
throughout; an AIC mixes cells and digits.

The search is breadth-first from every start at once, one strong link per
round, so the first chains found are the shortest: the easiest by the
length rule. Length counts nodes (twice the strong links); like Sudoku
Explainer, the difficulty grows by 0.1 for each of the lengths 4, 6, 8, 12,
16, 24, 32 the chain exceeds.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.puzzle import cell_name, digit_char
from .state import State
from .step import Step, Technique, elims_text

X_CHAIN = 6.5
AIC = 6.6
THRESHOLDS = (4, 6, 8, 12, 16, 24, 32)
MAX_STRONG = 8
"""At most this many strong links (16 nodes)."""


def length_bonus(nodes: int) -> float:
    return 0.1 * sum(1 for t in THRESHOLDS if nodes > t)


def _strong_links(state: State, single_digit: bool) -> dict[int, list[int]]:
    """Node (cell * size + digit - 1) -> its strong partners."""
    layout = state.layout
    n = layout.size
    cands = state.cands
    values = state.values
    strong: dict[int, list[int]] = {}
    if not single_digit:
        for c in range(n * n):
            m = cands[c]
            if not values[c] and m.bit_count() == 2:
                low = (m & -m).bit_length() - 1
                high = m.bit_length() - 1
                strong.setdefault(c * n + low, []).append(c * n + high)
                strong.setdefault(c * n + high, []).append(c * n + low)
    for house in layout.houses:
        for d in range(n):
            bit = 1 << d
            spots = []
            for c in house:
                if cands[c] & bit:
                    spots.append(c)
                    if values[c] or len(spots) > 2:
                        break
            else:
                if len(spots) == 2:
                    a, b = spots[0] * n + d, spots[1] * n + d
                    if b not in strong.get(a, ()):
                        strong.setdefault(a, []).append(b)
                        strong.setdefault(b, []).append(a)
    return strong


def _weak(state: State, node: int, strong: dict[int, list[int]], single_digit: bool) -> Iterator[int]:
    """Nodes weakly linked to ``node`` that have a strong link."""
    layout = state.layout
    n = layout.size
    cell, d = divmod(node, n)
    cands = state.cands
    values = state.values
    if not single_digit:
        m = cands[cell] & ~(1 << d)
        while m:
            low = m & -m
            m ^= low
            other = cell * n + low.bit_length() - 1
            if other in strong:
                yield other
    bit = 1 << d
    for p in layout.peers[cell]:
        if cands[p] & bit and not values[p]:
            other = p * n + d
            if other in strong:
                yield other


def _eliminations(state: State, a: int, z: int) -> tuple[tuple[int, int], ...]:
    """Candidates weakly linked to both ``a`` and ``z`` (excluding them)."""
    layout = state.layout
    n = layout.size
    cands = state.cands
    ca, da = divmod(a, n)
    cz, dz = divmod(z, n)
    if ca == cz:
        if da == dz:
            return ()
        rest = cands[ca] & ~(1 << da) & ~(1 << dz)
        return tuple((ca, d + 1) for d in range(n) if rest >> d & 1)
    if da == dz:
        both = layout.peer_bits[ca] & layout.peer_bits[cz]
        return tuple((c, da + 1) for c in state.open_with(both, da))
    out = []
    if layout.peer_bits[ca] >> cz & 1:
        if cands[cz] >> da & 1:
            out.append((cz, da + 1))
        if cands[ca] >> dz & 1:
            out.append((ca, dz + 1))
    return tuple(out)


def _node_name(node: int, n: int) -> str:
    cell, d = divmod(node, n)
    return f"({digit_char(d + 1)}){cell_name(cell, n)}"


def _chains(state: State, single_digit: bool) -> Iterator[Step]:
    n = state.layout.size
    strong = _strong_links(state, single_digit)
    if not strong:
        return
    name, base = ("x-chain", X_CHAIN) if single_digit else ("aic", AIC)
    # Per start: parent of each reached "on" node (the off node before it, and that one's on parent).
    parents: dict[int, dict[int, tuple[int, int]]] = {}
    frontier: dict[int, list[int]] = {}
    for a, partners in strong.items():
        parents[a] = {b: (a, -1) for b in partners}
        frontier[a] = list(partners)
    for rounds in range(1, MAX_STRONG + 1):
        best: Step | None = None
        for a in sorted(frontier):
            for z in frontier[a]:
                if z == a:
                    continue
                elims = _eliminations(state, a, z)
                if elims and (best is None or len(elims) > len(best.eliminations)):
                    best = _make_step(name, base, rounds, a, z, parents[a], elims, n)
        if best is not None:
            yield best
            return
        if rounds == MAX_STRONG:
            return
        for a in list(frontier):
            reached = parents[a]
            nxt = []
            for x in frontier[a]:
                for y in _weak(state, x, strong, single_digit):
                    if y == a:
                        continue
                    for z in strong[y]:
                        if z not in reached and z != a:
                            reached[z] = (y, x)
                            nxt.append(z)
            if nxt:
                frontier[a] = nxt
            else:
                del frontier[a]
        if not frontier:
            return


def _make_step(
    name: str, base: float, rounds: int, a: int, z: int, reached: dict[int, tuple[int, int]], elims, n: int
) -> Step:
    path = [z]
    node = z
    while True:
        off, prev_on = reached[node]
        path.append(off)
        if prev_on < 0:
            break
        path.append(prev_on)
        node = prev_on
    path.reverse()
    nodes = len(path)
    text = _node_name(path[0], n)
    for i in range(1, nodes):
        text += ("=" if i % 2 else "-") + _node_name(path[i], n)
    label = "X-Chain" if name == "x-chain" else "AIC"
    cells = tuple(dict.fromkeys(node // n for node in path))
    return Step(
        name,
        round(base + length_bonus(nodes), 1),
        eliminations=elims,
        cells=cells,
        text=f"{label} ({nodes} nodes): {text} -> {elims_text(elims, n)}",
    )


def x_chain(state: State) -> Iterator[Step]:
    return _chains(state, True)


def aic(state: State) -> Iterator[Step]:
    return _chains(state, False)


FINDERS: tuple[Technique, ...] = (
    Technique("x-chain", X_CHAIN, 260, x_chain, variable=True),
    Technique("aic", AIC, 300, aic, variable=True),
)
