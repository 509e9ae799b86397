"""Aligned pair and triplet exclusion (Sudoku Explainer's 6.2 and 7.5).

Take two (or three) cells and every way of filling them from their
candidates. A way is impossible if two of the cells see each other and get
the same digit, or if some cell seeing all of them (an *excluder*) would be
left without a candidate: its candidates are all among the chosen digits. A
candidate of one of the cells that appears in no possible way goes.

As in SE, a cell is a base only if no peer has a single candidate and some
peer (an excluder) has two (three for triplets) candidates or fewer; a set
needs at least two excluders seeing all of its cells.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache, lru_cache

from ..core.geometry import Layout, bit_set
from ..core.limits import check_enforced
from .direct import colex
from .se_houses import cell_house_order
from .state import State, digits_of
from .step import Step, Technique, cells_text, elims_text

PAIR = 6.2
TRIPLET = 7.5


@cache
def _peer_order(layout: Layout) -> tuple[tuple[int, ...], ...]:
    """Each cell's peers in SE's order: house by house (`se_houses.cell_house_order`), cells ascending."""
    out = []
    for cell, houses in enumerate(cell_house_order(layout)):
        seen: dict[int, None] = {}
        for house in houses:
            for c in layout.houses[house]:
                if c != cell:
                    seen.setdefault(c, None)
        out.append(tuple(seen))
    return tuple(out)


def _bases(state: State, most: int) -> tuple[list[int], dict[int, list[int]], list[int]]:
    """(base cells, their excluders, each cell's candidates with placed cells empty)."""
    cands = [0 if v else m for m, v in zip(state.cands, state.values, strict=True)]
    singles = small = 0
    for cell, mask in enumerate(cands):
        count = mask.bit_count()
        if count == 1:
            singles |= 1 << cell
        elif 2 <= count <= most:
            small |= 1 << cell
    peer_bits, order = state.layout.peer_bits, _peer_order(state.layout)
    bases: list[int] = []
    excluders: dict[int, list[int]] = {}
    for cell, mask in enumerate(cands):
        peers = peer_bits[cell]
        if mask.bit_count() >= 2 and not peers & singles and peers & small:
            bases.append(cell)
            excluders[cell] = [p for p in order[cell] if small >> p & 1]
    return bases, excluders, cands


def _exclude(
    state: State, group: list[int], common: list[int], cands: list[int], name: str, difficulty: float
) -> Step | None:
    union = 0
    for c in group:
        union |= cands[c]
    # Only an excluder whose candidates all lie among the group's can empty it.
    blockers = [cands[e] for e in common if cands[e] & ~union == 0]
    peer_bits = state.layout.peer_bits
    pairs = tuple(
        (i, j) for i, j in _INDEX_PAIRS[len(group)] if peer_bits[group[i]] >> group[j] & 1
    )
    if not blockers and len(pairs) < 3:
        # Every cell has two candidates or more: unless all of them see each
        # other, "no two peers alike" alone rules no candidate out.
        return None
    options = tuple(cands[c] for c in group)
    allowed = _allowed(options, pairs, frozenset(blockers))
    if allowed == options:
        return None
    elims = tuple(
        (c, d) for i, c in enumerate(group) for d in digits_of(options[i]) if not allowed[i] >> (d - 1) & 1
    )
    n = state.layout.size
    return Step(
        name,
        difficulty,
        eliminations=elims,
        cells=tuple(group),
        text=(
            f"{name.capitalize()}: {cells_text(group, n)} with excluders {cells_text(common, n)}"
            f" -> {elims_text(elims, n)}"
        ),
    )


_INDEX_PAIRS = {2: ((0, 1),), 3: ((0, 1), (0, 2), (1, 2))}
"""The pairs of a group's indices, in order."""


# Cached: from one step to the next most groups keep their candidates, and the
# same question comes back (nine times in ten on hard puzzles).
@lru_cache(maxsize=1 << 16)
def _allowed(
    options: tuple[int, ...], pairs: tuple[tuple[int, int], ...], bad: frozenset[int]
) -> tuple[int, ...]:
    """Per cell of the group, the candidates (a mask) that appear in some way of
    filling the group: no two peers alike, no excluder's candidates all chosen.
    ``bad`` holds the excluders' masks; a way's digits number at most three, so
    an excluder is emptied exactly when its mask is the way's digit set or one
    of its two-digit parts."""
    # What each digit rules out beside it: bad2[x], the digits y with x|y an
    # excluder's mask; bad3[x|y], the digits z with x|y|z one.
    bad2: dict[int, int] = {}
    bad3: dict[int, int] = {}
    for mask in bad:
        parts = _masks(mask)
        if len(parts) == 2:
            x, y = parts
            bad2[x] = bad2.get(x, 0) | y
            bad2[y] = bad2.get(y, 0) | x
        elif len(parts) == 3:
            for x, y in ((parts[0], parts[1]), (parts[0], parts[2]), (parts[1], parts[2])):
                bad3[x | y] = bad3.get(x | y, 0) | mask & ~(x | y)
    if len(options) == 2:
        m0, m1 = options
        apart = bool(pairs)
        ok0 = ok1 = 0
        for b0 in _masks(m0):
            fit1 = m1 & ~bad2.get(b0, 0) & ~(b0 if apart else 0)
            if fit1:
                ok0 |= b0
                ok1 |= fit1
        return ok0, ok1
    m0, m1, m2 = options
    p01, p02, p12 = ((0, 1) in pairs), ((0, 2) in pairs), ((1, 2) in pairs)
    ok0 = ok1 = ok2 = 0
    for b0 in _masks(m0):
        by0 = bad2.get(b0, 0)
        fit1 = m1 & ~by0 & ~(b0 if p01 else 0)
        fit2 = m2 & ~by0 & ~(b0 if p02 else 0)
        for b1 in _masks(fit1):
            fit = fit2 & ~bad2.get(b1, 0) & ~bad3.get(b0 | b1, 0) & ~(b1 if p12 else 0)
            if fit:
                ok0 |= b0
                ok1 |= b1
                ok2 |= fit
        if ok0 == m0 and ok1 == m1 and ok2 == m2:
            break
    return ok0, ok1, ok2


@cache
def _masks(mask: int) -> tuple[int, ...]:
    """The single-bit parts of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return tuple(out)


def _changed_since_nothing(state: State, key: str, cands: list[int], most: int) -> tuple[int, int] | None:
    """Where groups must be looked at again, when this finder last ran to its
    end on (a copy of) this state and found nothing: (cells, excluders), bit
    sets. A group is decided by its cells' candidates, by which of their
    peers hold a single candidate (no base sees one) and which hold two to
    ``most`` (the excluders), and by what its common excluders hold. So a
    group finds nothing again unless it has a cell among ``cells`` or a
    common excluder among ``excluders``:

    * a cell whose candidates changed is in ``cells``; in ``excluders`` too
      if it is an excluder now (a new one, or one holding other digits);
    * a single candidate gone puts the cell's peers in ``cells`` (they may
      be bases now).

    A cell that became an excluder needs nothing more: a group that uses it
    has it as a common excluder. An excluder or a base lost takes ways out
    of no group, so nothing new is found. None: no such run, every group is
    looked at."""
    last = state.memo.get(key)
    if last is None:
        return None
    assert isinstance(last, list)
    peer_bits = state.layout.peer_bits
    cells = excluders = 0
    for c, (now, then) in enumerate(zip(cands, last, strict=True)):
        if now == then:
            continue
        cells |= 1 << c
        was, role = _role(then, most), _role(now, most)
        if role == 2:
            excluders |= 1 << c
        if was == 1 and role != 1:
            cells |= peer_bits[c]
    return cells, excluders


def _role(mask: int, most: int) -> int:
    """2 for a possible excluder (two to ``most`` candidates), 1 for a single candidate, else 0."""
    count = mask.bit_count()
    return 2 if 2 <= count <= most else int(count == 1)


def aligned_pair_exclusion(state: State) -> Iterator[Step]:
    bases, excluders, cands = _bases(state, 2)
    again, again_excluders = _changed_since_nothing(state, _PAIR_KEY, cands, 2) or (-1, 0)
    seen = {c: bit_set(excluders[c]) for c in bases}
    found = False
    for i, j in colex(len(bases), 2):
        a, b = bases[i], bases[j]
        both = seen[a] & seen[b]
        if both.bit_count() < 2 or not ((again >> a | again >> b) & 1 or both & again_excluders):
            continue
        check_enforced()
        common = [e for e in excluders[a] if both >> e & 1]
        step = _exclude(state, [a, b], common, cands, "aligned pair exclusion", PAIR)
        if step is not None:
            found = True
            yield step
    state.memo[_PAIR_KEY] = None if found else cands


def aligned_triplet_exclusion(state: State) -> Iterator[Step]:
    bases, excluders, cands = _bases(state, 3)
    again, again_excluders = _changed_since_nothing(state, _TRIPLET_KEY, cands, 3) or (-1, 0)
    again_bases = bit_set(bases) & again
    is_base = set(bases)
    seen = {c: bit_set(excluders[c]) for c in bases}
    # A group comes back from each of its pairs; one that found nothing finds nothing again.
    fruitless: set[frozenset[int]] = set()
    found = False
    for i, j in colex(len(bases), 2):
        a, b = bases[i], bases[j]
        both = seen[a] & seen[b]
        if both.bit_count() < 2:
            continue  # the three cells' excluders are among these
        anew = (again >> a | again >> b) & 1
        if not anew and not (seen[a] | seen[b]) & again_bases and not both & again_excluders:
            continue
        check_enforced()
        for c in dict.fromkeys(excluders[a] + excluders[b]):
            if c not in is_base or c in (a, b):
                continue
            all3 = both & seen[c]
            if all3.bit_count() < 2 or not (anew or again >> c & 1 or all3 & again_excluders):
                continue
            group = frozenset((a, b, c))
            if group in fruitless:
                continue
            common = [e for e in excluders[a] if all3 >> e & 1]
            step = _exclude(state, [a, b, c], common, cands, "aligned triplet exclusion", TRIPLET)
            if step is None:
                fruitless.add(group)
            else:
                found = True
                yield step
    state.memo[_TRIPLET_KEY] = None if found else cands


_PAIR_KEY, _TRIPLET_KEY = "aligned pair exclusion", "aligned triplet exclusion"
"""`State.memo`'s keys: the candidates (placed cells empty) of the last run that found nothing."""


FINDERS: tuple[Technique, ...] = (
    Technique("aligned pair exclusion", PAIR, 250, aligned_pair_exclusion),
    Technique("aligned triplet exclusion", TRIPLET, 350, aligned_triplet_exclusion),
)
