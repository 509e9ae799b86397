"""The chain engine Sudoku Explainer's chain techniques share: potentials,
the rules between them, and how long a chain is.

A *potential* is a candidate assumed true ("on") or false ("off"). Two rules
lead from one potential to others:

* on -> off: a digit on in a cell turns off the cell's other candidates
  (the cell rule) and the same digit in every cell of each of its houses
  (the house rule);
* off -> on: a digit off in a bivalue cell turns the cell's other digit on
  (the cell rule); a digit off in a house where it has exactly two places
  turns the other place on (the house rule).

Following the rules breadth-first from one assumption gives its
consequences, each with the potentials it came from (its *parents*), so the
chain behind any consequence can be read back (`forcing` and `dynamic` use
this). Every step is rated base + a length bonus: with ``L`` the number of
distinct potentials in its chains minus 2, 0.1 for each of the thresholds 4,
6, 8, 12, 16, 24, 32, ... (each alternately times 3/2 and 4/3) that ``L``
exceeds. Among the steps a family finds, the one with the least difficulty,
then the fewest potentials, is taken.

The rules only ever follow sound implications (each on/off is forced by the
assumption), so every conclusion is sound on any puzzle; none of them
assumes the solution is unique.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.puzzle import cell_name, digit_char
from .state import State
from .step import Step

# Sort keys of SE's chain hints: ties in difficulty and length go to the lower key.
KEY_DOUBLE, KEY_X, KEY_Y, KEY_XY, KEY_CELL, KEY_REGION, KEY_CONTRADICTION = range(1, 8)


def length_bonus(complexity: int) -> float:
    """SE's bonus for a chain of ``complexity`` distinct potentials (added 0.1 at
    a time, as SE does, so ties in floating point break as they do there)."""
    length = complexity - 2
    bonus = 0.0
    threshold = 4
    odd = True
    while length > threshold:
        bonus += 0.1
        threshold = threshold * 3 // 2 if odd else threshold * 4 // 3
        odd = not odd
    return bonus


# A potential is an int: cell << 5 | digit (0-based) << 1 | on. A node is a
# potential with the nodes it came from: (potential, parents); parents[0] is
# the one the chain is read back through, the others are "hidden" parents
# (candidates a dynamic search removed, which the rule needed).
Node = tuple[int, tuple]


def pot(cell: int, digit: int, on: int) -> int:
    return cell << 5 | digit << 1 | on


def pot_text(p: int, size: int) -> str:
    cell, digit, on = p >> 5, p >> 1 & 15, p & 1
    return f"{cell_name(cell, size)}{'=' if on else '<>'}{digit_char(digit + 1)}"


def ancestors(node: Node) -> int:
    """How many distinct potentials ``node`` stands on, itself included."""
    seen: set[int] = set()
    level = [node]
    while level:
        following = []
        for pot, parents in level:
            if pot not in seen:
                seen.add(pot)
                following.extend(parents)
        level = following
    return len(seen)


def chain_text(node: Node, size: int, limit: int = 12) -> str:
    """The chain read back through first parents, start first (shortened in the middle)."""
    pots = []
    while True:
        pots.append(node[0])
        if not node[1]:
            break
        node = node[1][0]
    pots.reverse()
    texts = [pot_text(p, size) for p in pots]
    if len(texts) > limit:
        texts = [*texts[: limit // 2], "...", *texts[-limit // 2 :]]
    return " -> ".join(texts)


class Grid:
    """The candidates the rules read (placed cells have none), the house order
    (SE's: boxes first on a box layout, else rows, columns, regions), and the
    start candidates a dynamic search compares against.

    ``where[d]`` is the bit set of cells that can hold digit ``d`` (0-based),
    kept in step with ``cands``; a static search (one that never removes a
    candidate) memoizes the rules' answers."""

    __slots__ = (
        "_memo",
        "cands",
        "cell_houses",
        "house_bits",
        "houses",
        "size",
        "start",
        "start_where",
        "state",
        "where",
    )

    def __init__(self, state: State):
        self.state = state
        layout = state.layout
        n = layout.size
        self.size = n
        self.cands = [0 if v else m for m, v in zip(state.cands, state.values, strict=True)]
        self.start = self.cands.copy()
        self.where = [0] * n
        for c, m in enumerate(self.cands):
            while m:
                low = m & -m
                m ^= low
                self.where[low.bit_length() - 1] |= 1 << c
        self.start_where = self.where.copy()
        self.houses = layout.houses
        self.house_bits = layout.house_bits
        order = (2, 0, 1) if layout.boxes else (0, 1, 2)
        self.cell_houses = tuple(tuple(hs[i] for i in order) for hs in layout.cell_houses)
        self._memo: dict[tuple[int, int], list] = {}

    def remove(self, pot: int) -> None:
        cell, d = pot >> 5, pot >> 1 & 15
        self.cands[cell] &= ~(1 << d)
        self.where[d] &= ~(1 << cell)

    def save(self) -> tuple[list[int], list[int]]:
        return self.cands.copy(), self.where.copy()

    def restore(self, saved: tuple[list[int], list[int]]) -> None:
        self.cands[:], self.where[:] = saved

    def on_to_off(self, pot: int, cell_rule: bool, static: bool = False) -> list[int]:
        if static:
            key = (pot, cell_rule)
            found = self._memo.get(key)
            if found is None:
                found = self._memo[key] = self.on_to_off(pot, cell_rule)
            return found
        cell, d = pot >> 5, pot >> 1 & 15
        out = []
        if cell_rule:
            m = self.cands[cell] & ~(1 << d)
            while m:
                low = m & -m
                m ^= low
                out.append(cell << 5 | (low.bit_length() - 1) << 1)
        spots = self.where[d]
        seen = 1 << cell
        house_bits = self.house_bits
        for h in self.cell_houses[cell]:
            m = house_bits[h] & spots & ~seen
            seen |= m
            while m:
                low = m & -m
                m ^= low
                out.append((low.bit_length() - 1) << 5 | d << 1)
        return out

    def off_to_on(
        self, pot: int, cell_rule: bool, house_rule: bool, static: bool = False
    ) -> list[tuple[int, int, int]]:
        """(potential, rule, house): rule 0 the cell rule, 1 the house rule."""
        if static:
            key = (pot, 2 | cell_rule << 2 | house_rule << 3)
            found = self._memo.get(key)
            if found is None:
                found = self._memo[key] = self.off_to_on(pot, cell_rule, house_rule)
            return found
        cell, d = pot >> 5, pot >> 1 & 15
        out = []
        m = self.cands[cell]
        first = -1
        if cell_rule and m.bit_count() == 2 and m >> d & 1:
            first = cell << 5 | ((m & ~(1 << d)).bit_length() - 1) << 1 | 1
            out.append((first, 0, -1))
        if house_rule:
            spots = self.where[d]
            bit = 1 << cell
            house_bits = self.house_bits
            for h in self.cell_houses[cell]:
                m = house_bits[h] & spots
                if m & bit and m.bit_count() == 2:
                    other = (m ^ bit).bit_length() - 1 << 5 | d << 1 | 1
                    if other != first and all(o != other for o, _, _ in out):
                        out.append((other, 1, h))
        return out

    def hidden_parents(self, pot: int, rule: int, house: int, offs: dict[int, Node]) -> tuple[Node, ...]:
        """The off nodes of candidates removed since the start that the rule
        giving ``pot`` needed (a dynamic search only)."""
        cell, d = pot >> 5, pot >> 1 & 15
        out = []
        if rule == 0:
            gone = self.start[cell] & ~self.cands[cell]
            while gone:
                low = gone & -gone
                gone ^= low
                node = offs.get(cell << 5 | (low.bit_length() - 1) << 1)
                if node is not None:
                    out.append(node)
        else:
            gone = self.house_bits[house] & self.start_where[d] & ~self.where[d]
            while gone:
                low = gone & -gone
                gone ^= low
                node = offs.get((low.bit_length() - 1) << 5 | d << 1)
                if node is not None:
                    out.append(node)
        return tuple(out)


@dataclass
class Hint:
    difficulty: float
    complexity: int
    key: int
    name: str
    placements: tuple[tuple[int, int], ...]
    eliminations: tuple[tuple[int, int], ...]
    cells: tuple[int, ...]
    text: str

    def step(self) -> Step:
        return Step(
            self.name,
            self.difficulty,
            placements=self.placements,
            eliminations=self.eliminations,
            cells=self.cells,
            text=self.text,
        )


def conclusion(grid: Grid, pot: int) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
    """(placements, eliminations) that make ``pot`` true; both empty when there is nothing to do."""
    cell, d = pot >> 5, pot >> 1 & 15
    if pot & 1:
        return ((cell, d + 1),), ()
    if grid.start[cell] >> d & 1:
        return (), ((cell, d + 1),)
    return (), ()


def best_step(hints: list[Hint]) -> Step | None:
    useful = [h for h in hints if h.placements or h.eliminations]
    if not useful:
        return None
    return min(useful, key=lambda h: (h.difficulty, h.complexity, h.key)).step()
