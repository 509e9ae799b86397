"""Symmetries of the square grid, as permutations of cell indices.

Clue symmetry (which cells hold givens) uses the groups of `CLUE_SYMMETRIES`,
the set Simon Tatham's Solo offers: every one exists for every square size,
since it constrains only positions. Layout symmetry (regions map to regions)
uses `LAYOUT_SYMMETRIES`; see `squiggly_cp.make.regionmaps` for which sizes allow which.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

Cell = tuple[int, int]
Transform = Callable[[int, int, int], Cell]


def _identity(r: int, c: int, n: int) -> Cell:
    return r, c


def _rot90(r: int, c: int, n: int) -> Cell:
    return c, n - 1 - r


def _rot180(r: int, c: int, n: int) -> Cell:
    return n - 1 - r, n - 1 - c


def _rot270(r: int, c: int, n: int) -> Cell:
    return n - 1 - c, r


def _left_right(r: int, c: int, n: int) -> Cell:
    return r, n - 1 - c


def _up_down(r: int, c: int, n: int) -> Cell:
    return n - 1 - r, c


def _diagonal(r: int, c: int, n: int) -> Cell:
    return c, r


def _antidiagonal(r: int, c: int, n: int) -> Cell:
    return n - 1 - c, n - 1 - r


_GROUPS: dict[str, tuple[Transform, ...]] = {
    "none": (_identity,),
    "rot2": (_identity, _rot180),
    "rot4": (_identity, _rot90, _rot180, _rot270),
    "mirror-lr": (_identity, _left_right),
    "mirror-ud": (_identity, _up_down),
    "mirror-both": (_identity, _left_right, _up_down, _rot180),
    "diagonal": (_identity, _diagonal),
    "antidiagonal": (_identity, _antidiagonal),
    "diagonal-both": (_identity, _diagonal, _antidiagonal, _rot180),
    "all": (_identity, _rot90, _rot180, _rot270, _left_right, _up_down, _diagonal, _antidiagonal),
}

CLUE_SYMMETRIES = tuple(_GROUPS)
"""Clue symmetries: none; rot2 (180-degree turn); rot4 (90-degree turn);
mirror-lr (left-right mirror: across the vertical axis); mirror-ud (up-down
mirror: across the horizontal axis); mirror-both (both mirrors, so also rot2);
diagonal (across the main diagonal, top-left to bottom-right); antidiagonal
(across the other diagonal); diagonal-both (both diagonals); all (all eight
symmetries of the square)."""

LAYOUT_SYMMETRIES = ("none", "rot2", "rot4")
"""Layout symmetries: under the turn every region maps onto a region."""


def _check(name: str) -> None:
    if name not in _GROUPS:
        raise ValueError(f"unknown symmetry {name!r}; choose from {', '.join(_GROUPS)}")


@cache
def permutations(name: str, size: int) -> tuple[tuple[int, ...], ...]:
    """The group ``name`` as cell permutations: ``perm[cell]`` is the image of ``cell``."""
    _check(name)
    return tuple(
        tuple(r * size + c for r, c in (move(i // size, i % size, size) for i in range(size * size)))
        for move in _GROUPS[name]
    )


@cache
def orbits(name: str, size: int) -> tuple[tuple[int, ...], ...]:
    """The cells grouped into orbits of ``name`` (each sorted, in order of their first cell)."""
    perms = permutations(name, size)
    seen: set[int] = set()
    out = []
    for cell in range(size * size):
        if cell not in seen:
            orbit = tuple(sorted({perm[cell] for perm in perms}))
            seen.update(orbit)
            out.append(orbit)
    return tuple(out)

