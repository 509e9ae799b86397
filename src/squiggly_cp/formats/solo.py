"""Simon Tatham's Solo (Portable Puzzle Collection): game ids, ``9j:…,…``.

A game id (Solo's Game > Specific...) is ``<parameters>:<description>``.
The rules below are those of ``solo.c`` (``decode_params``,
``encode_params``, ``encode_grid``, ``encode_block_structure_desc``,
``encode_puzzle_desc`` and their readers); this module is our own
implementation of them.

* Parameters, as Solo reads them: a number ``c``, then ``x`` and a number
  ``r`` (``r`` is ``c`` when there is no ``x``; an ``x`` with no number is
  ``r`` = 0), then settings. ``j`` makes a jigsaw of size c (c·r after an
  ``x``); an ``r`` of 1 is a jigsaw too. Without ``j``, a classic Solo
  sudoku of size c·r whose boxes are c rows by r columns (``3x3``, ``2x3``;
  both at least 2). ``x`` among the settings (``9jx``, ``3x3x``) adds the X
  rule: both main diagonals hold every digit once. ``k`` (``9jk``,
  ``3x3k``) makes a killer. Symmetry and difficulty settings (``a``,
  ``r2``, ``m4``, ``md2``, ``db``, ...) only steer Solo's generator: read
  and ignored; any other letter is refused. Solo writes ``<N>j``, then
  ``x``, then ``k``, which is how `solo_text` writes. Solo plays sizes 2 to
  31 (jigsaw) or more; this tool reads 4 to 16.
* Description: the givens; for a jigsaw, ``,`` and the region walls; for a
  killer, ``,`` the cage walls and ``,`` the cage sums.
* Givens: the N² cells row by row, r1c1 first. A letter is a run of empty
  cells (``a`` = 1 ... ``z`` = 26; a longer run is several letters, ``zd`` =
  30); a given is its number in decimal (``12`` for 12). ``_`` separates two
  numbers that follow each other (``3_12``) and is ignored anywhere else.
* Walls: the 2·N·(N-1) edges between neighbouring cells, first the vertical
  ones row by row (between r1c1 and r1c2, r1c2 and r1c3, ..., then row 2),
  then the horizontal ones column by column (between r1c1 and r2c1, r2c1 and
  r3c1, ..., then column 2). A wall stands on an edge whose cells are in
  different regions. Each character is a run of edges without a wall and then
  one wall: ``_`` no open edge, ``a`` 1, ... ``y`` 25. ``z`` is 26 open edges
  and no wall, so longer runs go on in the next character (``za`` is 27 open
  edges, then a wall). A last, virtual wall closes the string, which therefore
  ends with ``_`` or a letter ``a``-``y``. Regions are the cells joined by
  open edges, so each is connected by construction; each must have N cells.
* Killer cages: walls in the same code, cutting the whole grid into cages of
  2 to N cells (Solo refuses a cage of one cell); then the sums, a grid of
  N² numbers in the givens' code, each cage's sum in one of its cells (Solo
  writes it in the cage's first cell, row by row) and 0 (a letter) in the
  others. Every cage has one sum (Solo's solver insists), and its digits
  differ.

Solo's writer (``encode_block_structure_desc``) has a quirk: it writes ``z``
for 25 open edges, where its reader takes 26, so Solo refuses its own id when
a layout has 26 open edges in a row (a layout of whole rows, say). Reading
here accepts either meaning of ``z``: only one of them makes the string cover
exactly the 2·N·(N-1) edges and the closing wall. `solo_text` writes ``z`` as
26, the meaning Solo reads, so that Solo loads every id written here.

Writing gives a jigsaw id (``<N>j``, whatever the regions), with ``x`` for a
puzzle with both diagonals and ``k`` for one with killer cages; a puzzle
with any other rule, one diagonal alone, or killer cages Solo cannot hold
(without a sum, of one cell, joined only at a corner, or leaving a cell
out) is refused in one line naming the rule.

A random seed (``9j#12345``) is recognised by `looks_solo` but is no puzzle:
`parse_solo` asks for the game id instead.

Every problem is a `PuzzleError`, one line, naming the cell (row, column)
where one is at fault and quoting at most a short excerpt of the input.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..core.case import excerpt
from ..core.puzzle import MAX_SIZE, MIN_SIZE, Puzzle, PuzzleError
from ..core.regions import check_regions
from ..core.rules import Diagonal, KillerCage, Rule
from ..core.rules.base import adjacent, cell_list

__all__ = ["looks_solo", "parse_solo", "solo_text"]

_CAP = 8000
"""Far longer than any Solo id of size 16 (about 1,300 characters; a killer about 3,000)."""
_SHOWN = 30
"""How much of the input an error message quotes."""
_RUN = 26
"""Empty cells in a ``z`` of the givens; open edges in a ``z`` of the walls, as Solo reads it."""
_WRITER_Z = 25
"""Open edges in a ``z`` of the walls as Solo's writer means it."""
_MAX_NUMBER_DIGITS = 3

_LOOKS = re.compile(r"[0-9]{1,3}[a-z][a-z0-9]{0,30}(?::[a-z0-9_,]*|#\S*)", re.ASCII)
_PARAMS = re.compile(r"([0-9]+)(?:x([0-9]*))?([a-z0-9]*)", re.ASCII)
_SETTING = re.compile(r"j|x|k|a|[rm]d?[0-9]*|d[tbieu]?", re.ASCII)
_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_ONLY = "a Solo id holds X diagonals and killer cages only"
_CANNOT = "the solo format cannot hold"  # as every writer that cannot hold a rule says


class _Params(NamedTuple):
    """What a game id's parameters say: the size, Solo's ``c`` and ``r``
    (boxes c rows by r columns; ``r`` 1 for a jigsaw) and the X and killer rules."""

    n: int
    c: int
    r: int
    xtype: bool
    killer: bool

    @property
    def shape(self) -> str:
        """How an id of this kind is written, e.g. ``9jk:<givens>,<walls>,<cage walls>,<sums>``."""
        head = f"{self.n}j" if self.r == 1 else f"{self.c}x{self.r}"
        parts = [
            "<givens>",
            *(["<walls>"] if self.r == 1 else []),
            *(["<cage walls>", "<sums>"] * self.killer),
        ]
        return f"{head}{'x' * self.xtype}{'k' * self.killer}:{','.join(parts)}"


def looks_solo(item: str) -> bool:
    """True if the stripped ``item`` is a Solo game id or random seed: a size,
    letters (``9j``, ``3x3``), then ``:`` and a description of lower-case
    letters, digits, ``_`` and ``,``, or ``#`` and a seed."""
    return _LOOKS.fullmatch(item.strip()) is not None


def parse_solo(item: str) -> Puzzle:
    """The puzzle of one Solo game id (a jigsaw ``9j:<givens>,<walls>``, a classic
    ``3x3:<givens>``, either with X diagonals or killer cages); raises `PuzzleError`."""
    text = item.strip()
    if not text:
        raise PuzzleError("empty: no Solo game id to read")
    shown = excerpt(text, _SHOWN)
    if len(text) > _CAP:
        raise PuzzleError(f"{shown} is {len(text):,} characters long, far more than any Solo id")
    colon, hash_ = text.find(":"), text.find("#")
    if hash_ >= 0 and (colon < 0 or hash_ < colon):
        raise PuzzleError(
            f"{excerpt(text, 20)} is a Solo random seed, not a puzzle: paste the game id "
            "(Game > Specific...: '9j:…,…') instead"
        )
    if colon < 0:
        raise PuzzleError(f"{shown} is not a Solo game id: no ':' between the parameters and the puzzle")
    params = _params(text[:colon])
    parts = text[colon + 1 :].split(",")
    wanted = 1 + (params.r == 1) + 2 * params.killer
    if len(parts) != wanted:
        names = [
            "givens",
            *(["region walls"] * (params.r == 1)),
            *(["killer cage walls", "cage sums"] * params.killer),
        ]
        if len(parts) > wanted:
            raise PuzzleError(
                f"unexpected ',' after the {names[-1]} (a Solo id of this kind is {params.shape})"
            )
        raise PuzzleError(f"the Solo id has no ',' and so no {names[len(parts)]} ({params.shape})")
    n = params.n
    givens = _numbers(parts[0], n, n, "given")
    if params.r == 1:
        try:
            regions = check_regions(_regions(parts[1], n, "region walls"), n, known_connected=True)
        except PuzzleError as e:
            raise PuzzleError(f"region walls: {e.message}", e.row, e.col) from None
    else:
        regions = tuple((y // params.c) * params.c + x // params.r for y in range(n) for x in range(n))
    rules: list[Rule] = [Diagonal("+"), Diagonal("-")] if params.xtype else []
    if params.killer:
        rules += _cages(parts[-2], parts[-1], n)
    return Puzzle(n, tuple(givens), regions, rules=tuple(rules))


def solo_text(puzzle: Puzzle) -> str:
    """The Solo game id of ``puzzle`` (one line, no newline), as Solo writes it
    (but ``z`` in the walls as 26, which Solo reads); `PuzzleError` for a rule
    Solo cannot hold."""
    n = puzzle.size
    xtype, cages = _solo_rules(puzzle)
    text = (
        f"{n}j{'x' * xtype}{'k' * bool(cages)}:{_givens_text(puzzle.givens)},{_walls_text(puzzle.regions, n)}"
    )
    if not cages:
        return text
    labels = [0] * (n * n)
    sums = [0] * (n * n)
    for k, cage in enumerate(cages):
        for cell in cage.cage:
            labels[cell] = k
        sums[min(cage.cage)] = cage.total or 0
    return f"{text},{_walls_text(tuple(labels), n)},{_givens_text(tuple(sums))}"


# Reading.


def _params(params: str) -> _Params:
    """What a game id's parameters say, as Solo's ``decode_params`` reads them;
    `PuzzleError` for what is no Solo parameter or a size outside 4..16."""
    shown = excerpt(params, 12)
    if not params:
        raise PuzzleError("nothing before the ':'; a Solo id starts with its size, '<N>j:…' (e.g. '9j:…')")
    match = _PARAMS.fullmatch(params)
    if not match:
        raise PuzzleError(f"{shown} are not Solo parameters; a Solo id starts '<N>j:…' or '3x3:…'")
    first, second, settings = match.groups()
    flags: set[str] = set()
    at = 0
    while at < len(settings):
        setting = _SETTING.match(settings, at)
        if not setting:
            raise PuzzleError(f"{shown}: {settings[at]!r} is no Solo parameter")
        flags.add(setting.group()[0])
        at = setting.end()
    if any(len(number.lstrip("0")) > _MAX_NUMBER_DIGITS for number in (first, second or "")):
        raise PuzzleError(f"{shown}: the size is outside {MIN_SIZE}..{MAX_SIZE}")
    c = int(first)
    r = c if second is None else int(second or 0)
    if "j" in flags:
        c, r = (c * r if second is not None else c), 1
    n = c * r if r != 1 else c
    if not MIN_SIZE <= n <= MAX_SIZE:
        what = "jigsaw" if r == 1 else "sudoku"
        raise PuzzleError(
            f"{shown} is a {n}x{n} {what}; squiggly-cp reads sizes {MIN_SIZE} to {MAX_SIZE}"
            if n
            else f"{shown}: a size of 0 is no puzzle"
        )
    if r != 1 and c < 2:
        raise PuzzleError(f"{shown}: Solo's boxes are at least 2 rows by 2 columns")
    return _Params(n, c, r, "x" in flags, "k" in flags)


def _numbers(text: str, n: int, top: int, noun: str) -> list[int]:
    """The N² numbers (0 for none) of a grid in the givens' code, each 1 to ``top``;
    ``noun`` names one in messages ("given", "cage sum")."""
    area, digits = n * n, max(_MAX_NUMBER_DIGITS, len(str(top)))
    what = "givens" if noun == "given" else f"{noun}s"
    numbers: list[int] = []
    at = 0
    while at < len(text):
        start, char = at, text[at]
        if char in _LETTERS:
            numbers.extend([0] * (_LETTERS.index(char) + 1))
            at += 1
        elif char == "_":
            at += 1
        elif "1" <= char <= "9":
            end = at + 1
            while end < len(text) and "0" <= text[end] <= "9":
                end += 1
            number = text[at:end]
            cell = len(numbers)
            if cell >= area:
                numbers.append(0)  # reported below, with the length
            elif len(number) > digits or int(number) > top:
                largest = f"the largest digit of a {n}x{n}" if noun == "given" else "the most Solo allows"
                raise PuzzleError(
                    f"the {noun} {number if len(number) <= digits else excerpt(number, 6)} "
                    f"is above {top}, {largest}",
                    *_row_col(cell, n),
                )
            else:
                numbers.append(int(number))
            at = end
        else:
            why = (
                "'0' (an empty cell is a letter, a number is 1 or more)"
                if char == "0"
                else f"{excerpt(char, 1)} (empty cells are letters a-z, numbers decimal, '_' a separator)"
            )
            raise PuzzleError(f"the {what} hold {why}, at character {at + 1} of {excerpt(text, _SHOWN)}")
        if len(numbers) > area:
            raise PuzzleError(
                f"the {what} run past the {area} cells of a {n}x{n} grid "
                f"at character {start + 1} of {excerpt(text, _SHOWN)}"
            )
    if len(numbers) < area:
        raise PuzzleError(f"the {what} describe {len(numbers)} cells, not the {area} of a {n}x{n} grid")
    return numbers


def _regions(text: str, n: int, what: str) -> list[int]:
    """Labels (any ints) of a walls part (``what``: "region walls", "killer cage
    walls"): cells joined by open edges share one."""
    for at, char in enumerate(text):
        if char != "_" and char not in _LETTERS:
            raise PuzzleError(
                f"the {what} hold {excerpt(char, 1)}, at character {at + 1}; "
                "they are letters a-z and '_' only"
            )
    edges = 2 * n * (n - 1)
    if not text:
        raise PuzzleError(f"the {what} are empty; a {n}x{n} grid needs its {edges} edges described")
    if text[-1] == "z":
        raise PuzzleError(
            f"the {what} end with 'z', which runs on into a next character; "
            "they end with '_' or a letter a-y (the closing wall)"
        )
    runs = [0 if char == "_" else _LETTERS.index(char) + 1 for char in text]
    zs = text.count("z")
    closed = len(text) - zs  # characters that end with a wall
    total = sum(run for run, char in zip(runs, text, strict=True) if char != "z") + closed
    if total + zs * _RUN == edges + 1:
        z_run = _RUN
    elif zs and total + zs * _WRITER_Z == edges + 1:
        z_run = _WRITER_Z  # as Solo's own writer means 'z'
    else:
        covered = total + zs * _RUN - 1
        few = "only " if covered < edges else ""
        raise PuzzleError(
            f"the {what} describe {few}{covered} edges, but a {n}x{n} grid has {edges} "
            f"between neighbouring cells (then a closing wall)"
        )
    parent = list(range(n * n))

    def find(cell: int) -> int:
        while parent[cell] != cell:
            parent[cell] = parent[parent[cell]]
            cell = parent[cell]
        return cell

    position = 0
    for run, char in zip(runs, text, strict=True):
        for _ in range(z_run if char == "z" else run):
            a, b = _edge_cells(position, n)
            parent[find(a)] = find(b)
            position += 1
        if char != "z":
            position += 1  # the wall
    return [find(cell) for cell in range(n * n)]


def _cages(walls: str, sums: str, n: int) -> list[Rule]:
    """The killer cages of the cage walls and sums parts, in the order of their first cells."""
    labels = _regions(walls, n, "killer cage walls")
    totals = _numbers(sums, n, n * n * n, "cage sum")
    groups: dict[int, list[int]] = {}
    for cell, label in enumerate(labels):
        groups.setdefault(label, []).append(cell)
    cages: list[Rule] = []
    for cells in groups.values():
        name = f"the killer cage {cell_list(cells, n)}"
        if not 2 <= len(cells) <= n:
            raise PuzzleError(
                f"{name} has {len(cells)} cell{'s' * (len(cells) > 1)}; Solo's cages have 2 to {n}",
                *_row_col(cells[0], n),
            )
        found = [totals[c] for c in cells if totals[c]]
        if len(found) != 1:
            many = f"{len(found)} sums ({', '.join(map(str, found))})" if found else "no sum"
            raise PuzzleError(f"{name} has {many}; Solo gives each cage one", *_row_col(cells[0], n))
        cages.append(KillerCage(tuple(cells), found[0]))
    return cages


def _edge_cells(position: int, n: int) -> tuple[int, int]:
    """The two cells of edge ``position`` in Solo's order (vertical edges row by
    row, then horizontal edges column by column)."""
    vertical = n * (n - 1)
    if position < vertical:
        row, col = divmod(position, n - 1)
        return row * n + col, row * n + col + 1
    col, row = divmod(position - vertical, n - 1)
    return row * n + col, (row + 1) * n + col


def _row_col(cell: int, n: int) -> tuple[int, int]:
    return cell // n + 1, cell % n + 1


# Writing.


def _solo_rules(puzzle: Puzzle) -> tuple[bool, list[KillerCage]]:
    """Whether ``puzzle`` has the X rule, and its killer cages; `PuzzleError`
    naming a rule a Solo id cannot hold."""
    n = puzzle.size
    directions = {rule.direction for rule in puzzle.rules if isinstance(rule, Diagonal)}
    cages = [rule for rule in puzzle.rules if isinstance(rule, KillerCage)]
    other = next((rule for rule in puzzle.rules if not isinstance(rule, Diagonal | KillerCage)), None)
    if other is not None:
        raise PuzzleError(f"{_CANNOT} {other.describe(n)}: {_ONLY}")
    if len(directions) == 1:
        alone = Diagonal(directions.pop()).describe(n)
        raise PuzzleError(f"{_CANNOT} {alone} alone: Solo's X rule is both diagonals")
    owner: dict[int, KillerCage] = {}
    for cage in cages:
        name = f"{_CANNOT} {cage.describe(n)}"
        if cage.total is None:
            raise PuzzleError(f"{name}: every Solo cage has a sum")
        if len(cage.cage) < 2:
            raise PuzzleError(f"{name}: Solo's cages have 2 to {n} cells")
        if not _joined(cage.cage, n):
            raise PuzzleError(f"{name}: its cells do not all join edge to edge, as Solo's cages do")
        for cell in cage.cage:
            if cell in owner:
                raise PuzzleError(f"{name}: {cell_list([cell], n)} is in two cages")
            owner[cell] = cage
    if cages and len(owner) < n * n:
        left = next(c for c in range(n * n) if c not in owner)
        raise PuzzleError(
            f"{_CANNOT} killer cages that leave {cell_list([left], n)} out: Solo's cover the grid"
        )
    return bool(directions), sorted(cages, key=lambda cage: min(cage.cage))


def _joined(cells: tuple[int, ...], n: int) -> bool:
    """Are ``cells`` one piece, joined edge to edge?"""
    left, stack = set(cells[1:]), [cells[0]]
    while stack:
        cell = stack.pop()
        near = {c for c in left if adjacent(cell, c, n)}
        left -= near
        stack.extend(near)
    return not left


def _givens_text(givens: tuple[int, ...]) -> str:
    """A grid of numbers in the givens' code (also the cage sums')."""
    parts: list[str] = []
    empty = 0
    for digit in givens:
        if not digit:
            empty += 1
            continue
        if empty:
            parts.append(_empty_run(empty))
            empty = 0
        elif parts:
            parts.append("_")  # two givens in a row
        parts.append(str(digit))
    if empty:
        parts.append(_empty_run(empty))
    return "".join(parts)


def _empty_run(count: int) -> str:
    """``count`` empty cells: ``z`` for each whole 26 but the last, then one letter."""
    zs = (count - 1) // _RUN
    return "z" * zs + _LETTERS[count - zs * _RUN - 1]


def _walls_text(regions: tuple[int, ...], n: int) -> str:
    parts: list[str] = []
    open_edges = 0
    for position in range(2 * n * (n - 1) + 1):
        if position < 2 * n * (n - 1):
            a, b = _edge_cells(position, n)
            if regions[a] == regions[b]:
                open_edges += 1
                continue
        zs, last = divmod(open_edges, _RUN)
        parts.append("z" * zs + ("_" if last == 0 else _LETTERS[last - 1]))
        open_edges = 0
    return "".join(parts)
