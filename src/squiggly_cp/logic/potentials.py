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

import gc
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache, partial
from typing import Generic, TypeVar

from ..core.geometry import Layout
from ..core.puzzle import cell_name, digit_char
from .blocked import rule_links_now, rule_ons_now, whole_units
from .se_houses import cell_house_order
from .state import State
from .step import Link, Step

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
# (candidates a dynamic search removed, which the rule needed). A node a
# nested chain gave (SE's levels 2 and up) has that chain's `Nested` third:
# (potential, parents, nested).
Node = tuple


def pot(cell: int, digit: int, on: int) -> int:
    return cell << 5 | digit << 1 | on


def pot_text(p: int, size: int) -> str:
    cell, digit, on = p >> 5, p >> 1 & 15, p & 1
    return f"{cell_name(cell, size)}{'=' if on else '<>'}{digit_char(digit + 1)}"


def ancestors(node: Node) -> int:
    """How many distinct potentials ``node`` stands on, itself included."""
    return len(chain_nodes(node))


def chain_nodes(node: Node) -> list[Node]:
    """The nodes ``node`` stands on, itself first, breadth first, the first node
    of each potential only (SE's order of a chain's potentials)."""
    seen: set[int] = set()
    out: list[Node] = []
    level = [node]
    while level:
        following = []
        for item in level:
            if item[0] not in seen:
                seen.add(item[0])
                out.append(item)
                following.extend(item[1])
        level = following
    return out


@dataclass(frozen=True)
class Nested:
    """A chain found inside an assumption (a nested chain): what makes two of
    them the same (their targets and chains, potential by potential), and its
    complexity, which counts toward every chain that uses it."""

    key: tuple
    complexity: int


def nested_complexity(targets: Sequence[Node]) -> int:
    """What the nested chains ``targets`` stand on add to their complexity:
    each distinct nested chain's complexity, once."""
    seen: set[tuple] = set()
    total = 0
    for target in targets:
        for node in chain_nodes(target):
            if len(node) > 2 and node[2].key not in seen:
                seen.add(node[2].key)
                total += node[2].complexity
    return total


MAX_LINKS = 120
"""At most this many links of a step's chains are drawn (a dynamic chain can
stand on hundreds of inferences)."""


def chain_links(targets: Sequence[Node]) -> tuple[Link, ...]:
    """Every inference the chains ending in ``targets`` stand on, parent to child,
    as `Step.links`: strong where a candidate off turned another on, weak
    where one on turned another off. The first parents first, breadth first."""
    out: dict[tuple[int, int], None] = {}
    for target in targets:
        for node in chain_nodes(target):
            for parent in node[1]:
                out.setdefault((parent[0], node[0]), None)
    return tuple(
        (p >> 5, (p >> 1 & 15) + 1, q >> 5, (q >> 1 & 15) + 1, bool(q & 1) and not p & 1)
        for p, q in list(out)[:MAX_LINKS]
    )


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


@contextmanager
def gc_paused() -> Iterator[None]:
    """Python's cycle collector off during a chain search. A search makes
    millions of short-lived node tuples; they form no cycles, so reference
    counting frees them, but their numbers set the collector off again and
    again (its cost is measured in benchmarks/RESULTS-logic.md)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


_T = TypeVar("_T")


class Links(dict[int, list[_T]], Generic[_T]):
    """Links of potentials, each list made by ``rule`` when first looked up."""

    __slots__ = ("rule",)

    def __init__(self, rule: Callable[[int], list[_T]]):
        super().__init__()
        self.rule = rule

    def __missing__(self, pot: int) -> list[_T]:
        out = self[pot] = self.rule(pot)
        return out


def rule_offs(
    cell: int, d: int, cands: list[int], spots: int, rule_links: tuple, done: list[int]
) -> list[int]:
    """The potentials digit ``d`` in ``cell`` turns off through a variant's
    rules between two cells (`links.cell_links`), not in ``done``; its own
    digit only in ``spots`` (the places its houses have not turned off)."""
    out = []
    for other, table in rule_links[cell]:
        m = cands[other] & ~table[d]
        if not spots >> other & 1:
            m &= ~(1 << d)
        while m:
            low = m & -m
            m ^= low
            pot = other << 5 | (low.bit_length() - 1) << 1
            if pot not in done and pot not in out:
                out.append(pot)
    return out


RULE = -2
"""The "house" of a potential a sum or rule read whole turned on (`ChainGrid.off_to_on`)."""


def rule_ons(pot: int, ons: dict[int, tuple[int, ...]], done: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """(potential, `RULE`) for each potential a sum's or rule's strong link
    turns on from ``pot`` off (`blocked.rule_ons_now`), not in ``done``."""
    return [(r, RULE) for r in ons.get(pot, ()) if all(o != r for o, _ in done)]


@cache
def _house_order(
    layout: Layout,
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[tuple[int, int], ...], ...]]:
    """Each cell's houses in SE's order (`se_houses.cell_house_order`), and each with its bit set of cells."""
    cell_houses = cell_house_order(layout)
    return cell_houses, tuple(tuple((h, layout.house_bits[h]) for h in hs) for hs in cell_houses)


class ChainGrid:
    """The candidates the rules read (placed cells have none), the house order
    (SE's, `se_houses.cell_house_order`), and the
    start candidates a dynamic search compares against.

    ``where[d]`` is the bit set of cells that can hold digit ``d`` (0-based),
    kept in step with ``cands``; a static search (one that never removes a
    candidate) reads the rules' answers from `static_links`."""

    __slots__ = (
        "_links",
        "_placed",
        "cands",
        "cell_house_bits",
        "cell_houses",
        "cell_units",
        "fixed",
        "house_bits",
        "houses",
        "locking_free",
        "rule_links",
        "rule_ons",
        "rule_units",
        "size",
        "start",
        "start_where",
        "state",
        "unit_tables",
        "where",
    )

    def __init__(self, state: State):
        self.state = state
        layout = state.layout
        self.size = layout.size
        self.cands = [0 if v else m for m, v in zip(state.cands, state.values, strict=True)]
        self.start = self.cands.copy()
        self.where = state.places()
        self.start_where = self.where.copy()
        self.houses = layout.houses
        self.house_bits = layout.house_bits
        self._placed: list[int] | None = None
        self.locking_free: bool | None = None
        """No locked candidates in the start grid (`nested.advanced` sets it)."""
        self.cell_houses, self.cell_house_bits = _house_order(layout)
        self.rule_links = rule_links_now(state)
        self.rule_ons = rule_ons_now(state)
        self.rule_units, self.cell_units = whole_units(layout)
        self.fixed = [m if v else 0 for m, v in zip(state.cands, state.values, strict=True)]
        """Each placed cell's digit (a mask), 0 for the others (whose `cands` say)."""
        self.unit_tables: dict[int, list[list[int]] | None] = {}
        """`rule_chains.fillings_table` of each of `rule_units`, when first needed."""
        self._links: dict[tuple[bool, bool], tuple[Links[int], Links[int]]] = {}

    @property
    def placed(self) -> list[int]:
        """The digits (a mask) placed in each house."""
        if self._placed is None:
            self._placed = [self.state.placed_in(h) for h in range(len(self.houses))]
        return self._placed

    def save(self) -> tuple[list[int], list[int]]:
        return self.cands.copy(), self.where.copy()

    def restore(self, saved: tuple[list[int], list[int]]) -> None:
        self.cands[:], self.where[:] = saved

    def static_links(self, cell_rule: bool, house_rule: bool = True) -> tuple[Links[int], Links[int]]:
        """(on -> off, off -> on): for the potentials of the start grid's
        candidates (indexed by the potential), the potentials `on_to_off` and
        `off_to_on` (without rule and house) give, in their order, each worked
        out when first asked for (a search that is skipped asks for none)."""
        key = (cell_rule, house_rule)
        found = self._links.get(key)
        if found is None:
            on_next = Links(partial(self.on_to_off, cell_rule=cell_rule))
            off_next = Links(partial(self._turned_on, cell_rule=cell_rule, house_rule=house_rule))
            found = self._links[key] = (on_next, off_next)
        return found

    def _turned_on(self, pot: int, cell_rule: bool, house_rule: bool) -> list[int]:
        return [r for r, _ in self.off_to_on(pot, cell_rule, house_rule)]

    def on_to_off(self, pot: int, cell_rule: bool) -> list[int]:
        """The potentials ``pot`` on turns off: its cell's other candidates (the
        cell rule) and its digit's other places in its houses, in order."""
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
        if self.rule_links:
            out += rule_offs(cell, d, self.cands, spots & ~seen, self.rule_links, out)
        return out

    def off_to_on(self, pot: int, cell_rule: bool, house_rule: bool = True) -> list[tuple[int, int]]:
        """(potential, house) for each potential ``pot`` off turns on: house -1
        for the cell rule (the cell's other candidate of two), `RULE` for a
        sum's or rule's strong link, else the house where the digit's other
        place of two is."""
        cell, d = pot >> 5, pot >> 1 & 15
        bit = 1 << d
        m = self.cands[cell]
        first = -1
        out: list[tuple[int, int]] = []
        if cell_rule and m & bit and m.bit_count() == 2:
            first = cell << 5 | ((m ^ bit).bit_length() - 1) << 1 | 1
            out.append((first, -1))
        if house_rule:
            spots = self.where[d]
            cbit = 1 << cell
            house_bits = self.house_bits
            for h in self.cell_houses[cell]:
                m = house_bits[h] & spots
                if m & cbit and m.bit_count() == 2:
                    other = (m ^ cbit).bit_length() - 1 << 5 | d << 1 | 1
                    if other != first and (not out or all(o != other for o, _ in out)):
                        out.append((other, h))
        if self.rule_ons:
            out += rule_ons(pot, self.rule_ons, out)
        return out

    def hidden_parents(self, pot: int, house: int, offs: dict[int, Node]) -> list[Node]:
        """The off nodes of candidates removed since the start that the rule giving
        ``pot`` needed (a dynamic search only): the cell's candidates for the
        cell rule (``house`` -1), else the digit's places in ``house``."""
        cell, d = pot >> 5, pot >> 1 & 15
        if house == RULE:
            return []  # a sum's or rule's strong link holds on the start grid: it needs nothing gone
        if house < 0:
            gone = self.start[cell] & ~self.cands[cell]
            make = cell << 5
            out = []
            while gone:
                low = gone & -gone
                gone ^= low
                node = offs.get(make | (low.bit_length() - 1) << 1)
                if node is not None:
                    out.append(node)
            return out
        gone = self.house_bits[house] & self.start_where[d] & ~self.where[d]
        out = []
        while gone:
            low = gone & -gone
            gone ^= low
            node = offs.get((low.bit_length() - 1) << 5 | d << 1)
            if node is not None:
                out.append(node)
        return out


@dataclass
class FoundChain:
    """A chain step as a family finds it. ``targets`` are the ends of its chains
    and ``source`` the rule behind its assumption (-1 a cell's candidates, a
    house index a digit's places there, None a single assumption): what a
    nested use of the step needs (`dynamic`)."""

    difficulty: float
    complexity: int
    key: int
    name: str
    placements: tuple[tuple[int, int], ...]
    eliminations: tuple[tuple[int, int], ...]
    cells: tuple[int, ...]
    text: str
    targets: tuple[Node, ...] = ()
    source: int | None = None
    cycle: bool = False

    def step(self) -> Step:
        return Step(
            self.name,
            self.difficulty,
            placements=self.placements,
            eliminations=self.eliminations,
            cells=self.cells,
            text=self.text,
            links=chain_links(self.targets),
        )


def conclusion(grid: ChainGrid, pot: int) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
    """(placements, eliminations) that make ``pot`` true; both empty when there is nothing to do."""
    cell, d = pot >> 5, pot >> 1 & 15
    if pot & 1:
        return ((cell, d + 1),), ()
    if grid.start[cell] >> d & 1:
        return (), ((cell, d + 1),)
    return (), ()


def best_step(hints: list[FoundChain]) -> Step | None:
    useful = [h for h in hints if h.placements or h.eliminations]
    if not useful:
        return None
    return min(useful, key=lambda h: (h.difficulty, h.complexity, h.key)).step()
