"""Wings: XY-Wing, XYZ-Wing and W-Wing. "Sees" means shares a row, column or region."""

from __future__ import annotations

from collections.abc import Iterator

from ..core.puzzle import cell_name, digit_char
from .state import State, digits_of
from .step import Link, Step, Technique, cells_text, elims_text

XY_WING = 4.2
XYZ_WING = 4.4
W_WING = 4.4


def _cells(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _digit_cells(state: State, bit: int) -> int:
    cands = state.cands
    values = state.values
    out = 0
    for c, m in enumerate(cands):
        if m & bit and not values[c]:
            out |= 1 << c
    return out


def xy_wing(state: State) -> Iterator[Step]:
    """Pivot {x,y} sees pincers {x,z} and {y,z}: z leaves every cell seeing both pincers."""
    cands = state.cands
    values = state.values
    layout = state.layout
    n = layout.size
    bivalue = [c for c in range(n * n) if not values[c] and cands[c].bit_count() == 2]
    for pivot in bivalue:
        pm = cands[pivot]
        wings = [c for c in layout.peers[pivot] if not values[c] and cands[c].bit_count() == 2]
        for i, a in enumerate(wings):
            am = cands[a]
            shared_a = am & pm
            if shared_a.bit_count() != 1:
                continue
            z = am & ~pm
            for b in wings[i + 1 :]:
                bm = cands[b]
                if bm & ~pm != z or (bm & pm) == shared_a or bm == am:
                    continue
                zcells = _digit_cells(state, z) & layout.peer_bits[a] & layout.peer_bits[b]
                zcells &= ~(1 << pivot)
                elims = tuple((c, z.bit_length()) for c in _cells(zcells))
                if elims:
                    yield Step(
                        "xy-wing",
                        XY_WING,
                        eliminations=elims,
                        cells=(pivot, a, b),
                        links=_wing_links(pivot, (a, am), (b, bm), z, xyz=False),
                        text=(
                            f"XY-Wing: pivot {cell_name(pivot, n)} {{{_ds(pm)}}}, pincers "
                            f"{cell_name(a, n)} {{{_ds(am)}}} and {cell_name(b, n)} {{{_ds(bm)}}}"
                            f" -> {elims_text(elims, n)}"
                        ),
                    )


def xyz_wing(state: State) -> Iterator[Step]:
    """Pivot {x,y,z} sees pincers {x,z} and {y,z}: z leaves every cell seeing all three."""
    cands = state.cands
    values = state.values
    layout = state.layout
    n = layout.size
    for pivot in range(n * n):
        pm = cands[pivot]
        if values[pivot] or pm.bit_count() != 3:
            continue
        wings = [
            c
            for c in layout.peers[pivot]
            if not values[c] and cands[c].bit_count() == 2 and cands[c] & ~pm == 0
        ]
        for i, a in enumerate(wings):
            for b in wings[i + 1 :]:
                am, bm = cands[a], cands[b]
                if am == bm:
                    continue
                z = am & bm
                zcells = _digit_cells(state, z) & layout.peer_bits[a] & layout.peer_bits[b]
                zcells &= layout.peer_bits[pivot]
                elims = tuple((c, z.bit_length()) for c in _cells(zcells))
                if elims:
                    yield Step(
                        "xyz-wing",
                        XYZ_WING,
                        eliminations=elims,
                        cells=(pivot, a, b),
                        links=_wing_links(pivot, (a, am), (b, bm), z, xyz=True),
                        text=(
                            f"XYZ-Wing: pivot {cell_name(pivot, n)} {{{_ds(pm)}}}, pincers "
                            f"{cell_name(a, n)} {{{_ds(am)}}} and {cell_name(b, n)} {{{_ds(bm)}}}"
                            f" -> {elims_text(elims, n)}"
                        ),
                    )


def w_wing(state: State) -> Iterator[Step]:
    """Two cells {x,y} that do not see each other, joined by a strong link on x
    (a house where x has exactly two places, one seeing each cell): y leaves
    every cell seeing both."""
    cands = state.cands
    values = state.values
    layout = state.layout
    n = layout.size
    peer_bits = layout.peer_bits
    bivalue = [c for c in range(n * n) if not values[c] and cands[c].bit_count() == 2]
    by_mask: dict[int, list[int]] = {}
    for c in bivalue:
        by_mask.setdefault(cands[c], []).append(c)
    links: dict[int, list[tuple[int, int, int]]] = {}
    for mask, group in by_mask.items():
        if len(group) < 2:
            continue
        for d in digits_of(mask):
            bit = 1 << (d - 1)
            if bit in links:
                continue
            found = []
            for index, cells in enumerate(layout.houses):
                spots = [c for c in cells if cands[c] & bit]
                if len(spots) == 2 and not values[spots[0]] and not values[spots[1]]:
                    found.append((index, spots[0], spots[1]))
            links[bit] = found
    for mask, group in by_mask.items():
        for i, a in enumerate(group):
            for b in group[i + 1 :]:
                if peer_bits[a] >> b & 1:
                    continue
                for x in digits_of(mask):
                    xbit = 1 << (x - 1)
                    y = (mask & ~xbit).bit_length()
                    for house, p, q in links.get(xbit, ()):
                        if {p, q} & {a, b}:
                            continue
                        if peer_bits[a] >> p & 1 and peer_bits[b] >> q & 1:
                            ends = (p, q)
                        elif peer_bits[a] >> q & 1 and peer_bits[b] >> p & 1:
                            ends = (q, p)
                        else:
                            continue
                        ycells = _digit_cells(state, 1 << (y - 1)) & peer_bits[a] & peer_bits[b]
                        elims = tuple((c, y) for c in _cells(ycells))
                        if elims:
                            yield Step(
                                "w-wing",
                                W_WING,
                                eliminations=elims,
                                houses=(house,),
                                cells=(a, b, *ends),
                                links=_w_links(a, b, ends, x, y),
                                text=(
                                    f"W-Wing: {cells_text((a, b), n)} hold {{{_ds(mask)}}}, joined by the "
                                    f"strong link on {digit_char(x)} {cells_text(ends, n)} in "
                                    f"{layout.house_name(house)} -> {elims_text(elims, n)}"
                                ),
                            )


def _wing_links(
    pivot: int, one: tuple[int, int], two: tuple[int, int], zbit: int, xyz: bool
) -> tuple[Link, ...]:
    """The chain behind a wing, from z in one pincer to z in the other: z false
    in pincer a makes its other digit ``xa`` true, which the pivot then
    cannot hold; likewise for ``b`` and ``xb``. In an XY-wing the pivot's
    two digits are a strong link, so the chain runs through: z false in
    ``a`` makes it true in ``b``. ``one`` and ``two`` are the pincers (cell,
    candidate mask), ``zbit`` the digit z as a mask."""
    (a, am), (b, bm) = one, two
    z, xa, xb = zbit.bit_length(), (am & ~zbit).bit_length(), (bm & ~zbit).bit_length()
    if xyz:
        return (
            (a, z, a, xa, True),
            (a, xa, pivot, xa, False),
            (b, z, b, xb, True),
            (b, xb, pivot, xb, False),
        )
    return (
        (a, z, a, xa, True),
        (a, xa, pivot, xa, False),
        (pivot, xa, pivot, xb, True),
        (pivot, xb, b, xb, False),
        (b, xb, b, z, True),
    )


def _w_links(a: int, b: int, ends: tuple[int, int], x: int, y: int) -> tuple[Link, ...]:
    """y false in ``a`` makes its x true, so x is false at the near end of the
    strong link, true at the far end, false in ``b``, whose y is then true."""
    near, far = ends
    return (
        (a, y, a, x, True),
        (a, x, near, x, False),
        (near, x, far, x, True),
        (far, x, b, x, False),
        (b, x, b, y, True),
    )


def _ds(mask: int) -> str:
    return ", ".join(digit_char(d) for d in digits_of(mask))


FINDERS: tuple[Technique, ...] = (
    Technique("xy-wing", XY_WING, 160, xy_wing),
    Technique("xyz-wing", XYZ_WING, 180, xyz_wing),
    Technique("w-wing", W_WING, 150, w_wing),
)
