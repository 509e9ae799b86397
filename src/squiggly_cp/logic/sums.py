"""Steps with sums (`Layout.sums`): killer cages, arrows, little killers and
region-sum lines, and the 45 rule (innies and outies).

Sudoku Explainer has none of them: the `se` scale rates them with these
figures and says so (`Rating.se_exact`).

* **a rule's sum** (1.2 with one cell of it open, 1.6 with two, 2.0 with
  more): the digits a cell can hold in some way of filling the rule's
  cells that adds up, with no digit twice among cells that see each other
  ("the 7-cage in two cells is {1,6}, {2,5} or {3,4}; r4c5 sees 1, 2 and 3,
  so it is 4, 5 or 6"). A placed digit is just a cell with one candidate,
  so "cage sums with placed digits" are the same step.
* **cage locked digits** (2.2): a digit every combination left in a cage
  holds is in the cage, so a cell outside that sees every cell of the cage
  that can hold it loses it.
* **innies and outies** (2.2, 0.2 more per further house, 0.1 more when
  innies and outies meet in one equation): the houses of a union hold
  every digit once each, so their sum is known (45 a house on 9x9); take
  away the cages inside, and what is left (the innies), or what the cages
  that stick out add (the outies), has a known sum. That sum is then a
  rule like a cage (`leftovers.sides` is the set algebra, shared with the
  Law of Leftovers).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache, lru_cache

from ..core.geometry import Layout
from ..core.puzzle import cell_name, digit_char
from .leftovers import sides
from .links import RULE_STEP_NAMES, RuleTag
from .state import State, bits, digits_of
from .step import Role, Step, Technique, elims_text, houses_text

SUM_ONE = 1.2
SUM_TWO = 1.6
SUM_MORE = 2.0
LOCKED = 2.2
INNIES = 2.2
PER_HOUSE = 0.2
MIXED = 0.1
MOST = 3.0
"""The hardest an innies-and-outies step is rated (unions of many lines)."""
MAX_CELLS = 5
"""Innies or outies of more cells are not taken: a person sums a few cells."""
MAX_STATES = 20000
"""Ways of filling part of a sum kept at once; past it the cells' differences are not used (sound, weaker)."""
SHOWN_COMBOS = 6

Combos = tuple[int, ...]


def fillings(
    weights: tuple[int, ...], total: int, masks: tuple[int, ...], groups: tuple[int, ...], n: int
) -> tuple[tuple[int, ...], Combos]:
    """For each cell (in order), the digits it holds in some filling of the
    cells with their ``masks`` whose weighted sum is ``total``, no digit twice
    among cells of one group (-1: no group); and the digit sets (a mask per
    group, packed ``n`` bits each) those fillings use."""
    found = _fillings(weights, total, masks, groups, n)
    if found is None:  # too many ways: forget the groups
        found = _fillings(weights, total, masks, (-1,) * len(masks), n)
        assert found is not None
        return found[0], ()
    return found


@lru_cache(maxsize=1 << 14)
def _fillings(
    weights: tuple[int, ...], total: int, masks: tuple[int, ...], groups: tuple[int, ...], n: int
) -> tuple[tuple[int, ...], Combos] | None:
    m = len(masks)
    order = sorted(range(m), key=lambda i: masks[i].bit_count())
    low, high = [0] * (m + 1), [0] * (m + 1)
    for k in range(m - 1, -1, -1):
        i = order[k]
        values = [weights[i] * d for d in digits_of(masks[i])]
        if not values:
            return (0,) * m, ()
        low[k], high[k] = low[k + 1] + min(values), high[k + 1] + max(values)
    layers: list[set[tuple[int, int]]] = [{(0, 0)}]
    for k, i in enumerate(order):
        ahead: set[tuple[int, int]] = set()
        for s, used in layers[-1]:
            for d, bit in _moves(masks[i], groups[i], n):
                rest = total - s - weights[i] * d
                if not used & bit and low[k + 1] <= rest <= high[k + 1]:
                    ahead.add((s + weights[i] * d, used | bit))
        if len(ahead) > MAX_STATES:
            return None
        layers.append(ahead)
    alive = layers[-1]
    combos = tuple(sorted({used for _, used in alive}))
    support = [0] * m
    for k in range(m - 1, -1, -1):
        i = order[k]
        kept: set[tuple[int, int]] = set()
        for s, used in layers[k]:
            for d, bit in _moves(masks[i], groups[i], n):
                if not used & bit and (s + weights[i] * d, used | bit) in alive:
                    kept.add((s, used))
                    support[i] |= 1 << (d - 1)
        alive = kept
    return tuple(support), combos


@cache
def _moves(mask: int, group: int, n: int) -> tuple[tuple[int, int], ...]:
    """(digit, its bit in the packed digit sets) for each digit of ``mask``."""
    return tuple((d, 0 if group < 0 else 1 << (group * n + d - 1)) for d in digits_of(mask))


@cache
def groups_of(layout: Layout, cells: tuple[int, ...]) -> tuple[int, ...]:
    """Each cell's group: cells that all see each other, each cell in the first that takes it."""
    peers = layout.peer_sets
    members: list[list[int]] = []
    out = []
    for c in cells:
        for g, group in enumerate(members):
            if all(c in peers[x] for x in group):
                group.append(c)
                out.append(g)
                break
        else:
            members.append([c])
            out.append(len(members) - 1)
    return tuple(out)


def rule_sums(state: State) -> Iterator[Step]:
    """A digit of a rule's cell that no filling of its cells adding up uses."""
    layout = state.layout
    for tag, cells, weights, total in layout.sums:
        assert isinstance(tag, RuleTag)
        grade = fill_grade(state, cells)
        head = tag.describe[0].upper() + tag.describe[1:] + ": "
        roles: tuple[Role, ...] = (("rule", "cells", tag.cells or cells),)
        rest, whole = less_houses(layout, cells, weights, total)
        if whole:
            n = layout.size
            head += f"{houses_text(whole, layout)} on it sum{'s' if len(whole) == 1 else ''} to "
            head += f"{len(whole) * n * (n + 1) // 2}; "
        step = _sum_step(state, rest, tag.name, roles, grade, head)
        if step is not None:
            yield step


@cache
def less_houses(
    layout: Layout, cells: tuple[int, ...], weights: tuple[int, ...], total: int
) -> tuple[tuple[tuple[int, ...], tuple[int, ...], int], tuple[int, ...]]:
    """A sum with each whole house among its cells (same weight on each)
    taken out as the constant it is (45 on 9x9), and those houses: a line
    along a whole row is that row's 45 plus the rest."""
    n = layout.size
    weight = dict(zip(cells, weights, strict=True))
    whole: list[int] = []
    for h, members in enumerate(layout.houses):
        if len(members) == n and len({weight.get(c) for c in members}) == 1 and members[0] in weight:
            if any(c in layout.houses[g] for g in whole for c in members):
                continue  # a cell is taken out once
            whole.append(h)
            total -= weight[members[0]] * n * (n + 1) // 2
    gone = {c for h in whole for c in layout.houses[h]}
    kept = [(c, w) for c, w in zip(cells, weights, strict=True) if c not in gone]
    return (tuple(c for c, _ in kept), tuple(w for _, w in kept), total), tuple(whole)


def _sum_step(
    state: State,
    rule: tuple[tuple[int, ...], tuple[int, ...], int],
    name: str,
    roles: tuple[Role, ...],
    difficulty: float,
    head: str,
    houses: tuple[int, ...] = (),
) -> Step | None:
    """The step a sum (cells, weights, total) gives, if any. Its text is
    ``head``, then the combinations left (or the sum, when ``head`` does not
    say it), then what goes."""
    cells, weights, total = rule
    layout = state.layout
    n = layout.size
    masks = tuple(state.cands[c] for c in cells)
    groups = groups_of(layout, cells)
    support, combos = fillings(weights, total, masks, groups, n)
    elims = tuple((c, d) for c, m, ok in zip(cells, masks, support, strict=True) for d in digits_of(m & ~ok))
    if not elims:
        return None
    what = _combos_text(combos, groups, weights) or ("" if houses else _equation(cells, weights, total, n))
    return Step(
        name,
        difficulty,
        eliminations=elims,
        houses=houses,
        cells=cells,
        roles=roles,
        text=f"{head}{what + ', so ' if what else 'so '}{elims_text(elims, n)}",
    )


def fill_grade(state: State, cells: Sequence[int]) -> float:
    """A rule's step by its fillings: 1.2 with one of its cells open, 1.6 with two, 2.0 with more."""
    opened = sum(1 for c in cells if not state.values[c])
    return SUM_MORE if opened > 2 else (SUM_ONE, SUM_TWO)[max(opened, 1) - 1]


def digit_sets_text(sets: Sequence[Sequence[int]], count_many: bool = True) -> str:
    """"its digits are {1,6}, {2,5} or {3,4}" (``sets`` in order); past
    `SHOWN_COMBOS` how many there are, or nothing without ``count_many``."""
    if not sets or (len(sets) > SHOWN_COMBOS and not count_many):
        return ""
    shown = ["{" + ",".join(map(digit_char, ds)) + "}" for ds in sets]
    if len(shown) == 1:
        return f"its digits are {shown[0]}"
    if len(shown) > SHOWN_COMBOS:
        return f"its digits are one of {len(shown)} combinations"
    return f"its digits are {', '.join(shown[:-1])} or {shown[-1]}"


def _combos_text(combos: Combos, groups: tuple[int, ...], weights: tuple[int, ...]) -> str:
    """The combinations left, for cells that all see each other and simply add up."""
    if set(groups) != {0} or set(weights) != {1}:
        return ""
    return digit_sets_text(sorted(digits_of(c) for c in combos))


def _equation(cells: Sequence[int], weights: Sequence[int], total: int, n: int) -> str:
    """``r1c2 + r1c3 = r1c1``, ``r1c1 + r2c2 = 15``: each side's cells with their weights."""

    def side(sign: int, constant: int) -> str:
        parts = [
            (f"{abs(w)}×" if abs(w) != 1 else "") + cell_name(c, n)
            for c, w in zip(cells, weights, strict=True)
            if w * sign > 0
        ]
        if constant or not parts:
            parts.append(str(constant))
        return " + ".join(parts)

    return f"{side(1, max(-total, 0))} = {side(-1, max(total, 0))}"


def cage_locks(state: State) -> Iterator[Step]:
    """A digit every combination left in a cage holds: it is in the cage, so
    a cell outside seeing all the cage's cells that can hold it loses it."""
    layout = state.layout
    n = layout.size
    cands, values = state.cands, state.values
    peers = layout.peer_sets
    for tag, cells, weights, total in layout.sums:
        groups = groups_of(layout, cells)
        if set(groups) != {0} or set(weights) != {1}:
            continue
        _, combos = fillings(weights, total, tuple(cands[c] for c in cells), groups, n)
        if not combos:
            continue
        needed = combos[0]
        for c in combos[1:]:
            needed &= c
        for d in digits_of(needed):
            bit = 1 << (d - 1)
            holders = [c for c in cells if cands[c] & bit]
            if any(values[c] for c in holders):
                continue
            seen = set.intersection(*(set(peers[c]) for c in holders)) - set(cells)
            elims = tuple((c, d) for c in sorted(seen) if cands[c] & bit)
            if elims:
                assert isinstance(tag, RuleTag)
                rule = tag.describe[0].upper() + tag.describe[1:]
                yield Step(
                    "cage locked digits",
                    LOCKED,
                    eliminations=elims,
                    cells=tuple(holders),
                    roles=(("rule", "cells", cells),),
                    text=(
                        f"{rule}: {_combos_text(combos, groups, weights)}, all with {d}; "
                        f"{d} is in {', '.join(cell_name(c, n) for c in holders)}, so {elims_text(elims, n)}"
                    ),
                )


Derived = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int, str, float, int]
"""(houses, cells, weights, total, what they are, difficulty, the cages' sum inside)."""


@cache
def derived_sums(layout: Layout) -> tuple[Derived, ...]:
    """The 45 rule's sums on this layout's unions of houses: innies (the cells
    left when the cages inside are taken away), outies (the cells of the
    cages sticking out, when cages cover the union) and the two together."""
    n = layout.size
    house_sum = n * (n + 1) // 2
    cages = _cages(layout)
    if not cages:
        return ()
    own = {tuple(bits(cage)) for cage, _ in cages}
    found: dict[tuple[tuple[int, ...], tuple[int, ...], int], Derived] = {}
    for houses in _unions(layout):
        union = 0
        for h in houses:
            union |= layout.house_bits[h]
        inside = [(b, t) for b, t in cages if b & union == b]
        partial = [(b, t) for b, t in cages if b & union and b & ~union]
        k = len(houses)
        base = min(MOST, round(INNIES + PER_HOUSE * (k - 1), 1))
        whole = sum(b for b, _ in inside)
        inner = sum(t for _, t in inside)
        out = []
        if inside:
            innies, _ = sides(union, whole)
            out.append((innies, 0, k * house_sum - inner, "innies", base))
        if partial:
            covered = whole | sum(b for b, _ in partial)
            loose, outies = sides(union, covered)
            total = k * house_sum - inner - sum(t for _, t in partial)
            kind = "outies" if not loose else "innies and outies"
            out.append((loose, outies, total, kind, base if not loose else min(MOST, base + MIXED)))
        for plus, minus, total, kind, grade in out:
            cells = tuple(bits(plus | minus))
            if not 0 < len(cells) <= (MAX_CELLS if not (plus and minus) else MAX_CELLS - 1):
                continue
            weights = tuple(-1 if minus >> c & 1 else 1 for c in cells)
            if not plus:
                weights, total = tuple(-w for w in weights), -total
            key = (cells, weights, total)
            if (set(weights) == {1} and cells in own) or (key in found and found[key][5] <= grade):
                continue
            found[key] = (houses, cells, weights, total, kind, grade, inner)
    return tuple(sorted(found.values(), key=lambda x: (x[5], len(x[1]), x[0], x[1])))


def _cages(layout: Layout) -> list[tuple[int, int]]:
    """(cells as a bit set, total) of the killer cages, none sharing a cell."""
    out: list[tuple[int, int]] = []
    taken = 0
    for tag, cells, weights, total in layout.sums:
        cage = sum(1 << c for c in cells)
        killer = isinstance(tag, RuleTag) and tag.name == "killer cage"
        if killer and set(weights) == {1} and not cage & taken:
            out.append((cage, total))
            taken |= cage
    return out


def _unions(layout: Layout) -> list[tuple[int, ...]]:
    """Every house; runs of 2 to size-1 consecutive rows or columns; two regions that touch."""
    n = layout.size
    out: list[tuple[int, ...]] = [(h,) for h in range(len(layout.houses))]
    for kind in (0, 1):
        for k in range(2, n):
            out += [tuple(range(kind * n + first, kind * n + first + k)) for first in range(n - k + 1)]
    region_of = [2 * n + label for label in layout.regions]
    touching = set()
    for c in range(n * n):
        r, col = divmod(c, n)
        for other in ((c + 1) if col + 1 < n else -1, (c + n) if r + 1 < n else -1):
            if other >= 0 and region_of[c] != region_of[other]:
                touching.add((min(region_of[c], region_of[other]), max(region_of[c], region_of[other])))
    return out + sorted(touching)


def innies_outies(state: State) -> Iterator[Step]:
    """A sum the 45 rule gives on a union of houses (`derived_sums`), as a rule's sum."""
    layout = state.layout
    n = layout.size
    for houses, cells, weights, total, kind, grade, inner in derived_sums(layout):
        roles: tuple[Role, ...] = (
            ("houses", "houses", houses),
            ("innies", "cells", tuple(c for c, w in zip(cells, weights, strict=True) if w > 0)),
            ("outies", "cells", tuple(c for c, w in zip(cells, weights, strict=True) if w < 0)),
        )
        head = (
            f"45 rule on {houses_text(houses, layout)} (they sum to {len(houses) * n * (n + 1) // 2}, "
            f"the cages wholly inside to {inner}): the {kind} {_equation(cells, weights, total, n)}; "
        )
        step = _sum_step(state, (cells, weights, total), "innies and outies", roles, grade, head, houses)
        if step is not None:
            yield step



FINDERS: tuple[Technique, ...] = (
    Technique("rule sum", SUM_ONE, 14, rule_sums, variable=True, names=RULE_STEP_NAMES),
    Technique("innies and outies", INNIES, 40, innies_outies, variable=True),
    Technique("cage locked digits", LOCKED, 40, cage_locks),
)
