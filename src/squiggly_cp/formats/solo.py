"""Simon Tatham's Solo (Portable Puzzle Collection): jigsaw game ids, ``9j:…,…``.

A game id (Solo's Game > Specific...) is ``<parameters>:<givens>,<walls>``.
The rules below are those of ``solo.c`` (``encode_params``, ``encode_grid``,
``encode_block_structure_desc`` and their readers); this module is our own
implementation of them.

* Parameters: a jigsaw of size N is ``<N>j``; Solo writes nothing else for a
  plain jigsaw (``9j``, ``12j``). Solo also reads ``<c>x<r>j`` as a jigsaw of
  size c·r, and symmetry and difficulty settings (``a``, ``r2``, ``m4``,
  ``md2``, ``db``, ...) that only steer its generator; those are read and
  ignored. ``x`` after the ``j`` (X diagonals) and ``k`` (killer cages) add
  rules this tool does not decide, and an id without ``j`` is a classic Solo
  sudoku (``3x3:…``): all are refused. Solo plays jigsaws of size 2 to 31;
  this tool reads 4 to 16.
* Givens: the N² cells row by row, r1c1 first. A letter is a run of empty
  cells (``a`` = 1 ... ``z`` = 26; a longer run is several letters, ``zd`` =
  30); a given is its number in decimal (``12`` for 12). ``_`` separates two
  givens that follow each other (``3_12``) and is ignored anywhere else.
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

Solo's writer (``encode_block_structure_desc``) has a quirk: it writes ``z``
for 25 open edges, where its reader takes 26, so Solo refuses its own id when
a layout has 26 open edges in a row (a layout of whole rows, say). Reading
here accepts either meaning of ``z``: only one of them makes the string cover
exactly the 2·N·(N-1) edges and the closing wall. `solo_text` writes ``z`` as
26, the meaning Solo reads, so that Solo loads every id written here.

A random seed (``9j#12345``) is recognised by `looks_solo` but is no puzzle:
`parse_solo` asks for the game id instead.

Every problem is a `PuzzleError`, one line, naming the cell (row, column)
where one is at fault and quoting at most a short excerpt of the input.
"""

from __future__ import annotations

import re

from ..core.case import excerpt
from ..core.puzzle import MAX_SIZE, MIN_SIZE, Puzzle, PuzzleError
from ..core.regions import check_regions

__all__ = ["looks_solo", "parse_solo", "solo_text"]

_CAP = 8000
"""Far longer than any Solo jigsaw id of size 16 (about 1,300 characters)."""
_SHOWN = 30
"""How much of the input an error message quotes."""
_RUN = 26
"""Empty cells in a ``z`` of the givens; open edges in a ``z`` of the walls, as Solo reads it."""
_WRITER_Z = 25
"""Open edges in a ``z`` of the walls as Solo's writer means it."""
_MAX_NUMBER_DIGITS = 3

_LOOKS = re.compile(r"[0-9]{1,3}[a-z][a-z0-9]{0,30}(?::[a-z0-9_,]*|#\S*)", re.ASCII)
_PARAMS = re.compile(r"([0-9]+)(?:x([0-9]+))?([a-z0-9]*)", re.ASCII)
_SETTING = re.compile(r"j|x|k|a|[rm]d?[0-9]*|d[tbieu]?", re.ASCII)
_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def looks_solo(item: str) -> bool:
    """True if the stripped ``item`` is a Solo game id or random seed: a size,
    letters (``9j``, ``3x3``), then ``:`` and a description of lower-case
    letters, digits, ``_`` and ``,``, or ``#`` and a seed. Non-jigsaw ids
    count too, so that `parse_solo` can refuse them by name."""
    return _LOOKS.fullmatch(item.strip()) is not None


def parse_solo(item: str) -> Puzzle:
    """The puzzle of one Solo jigsaw game id (``9j:<givens>,<walls>``);
    raises `PuzzleError` for anything else."""
    text = item.strip()
    if not text:
        raise PuzzleError("empty: no Solo game id to read")
    shown = excerpt(text, _SHOWN)
    if len(text) > _CAP:
        raise PuzzleError(f"{shown} is {len(text):,} characters long, far more than any Solo jigsaw id")
    colon, hash_ = text.find(":"), text.find("#")
    if hash_ >= 0 and (colon < 0 or hash_ < colon):
        raise PuzzleError(
            f"{excerpt(text, 20)} is a Solo random seed, not a puzzle: paste the game id "
            "(Game > Specific...: '9j:…,…') instead"
        )
    if colon < 0:
        raise PuzzleError(f"{shown} is not a Solo game id: no ':' between the parameters and the puzzle")
    n = _size(text[:colon])
    givens_part, comma, rest = text[colon + 1 :].partition(",")
    if not comma:
        raise PuzzleError(
            f"the Solo id has no ',' and so no region walls after the givens ({n}j:<givens>,<walls>)"
        )
    walls, extra, _ = rest.partition(",")
    if extra:
        raise PuzzleError(
            f"unexpected ',' after the region walls (a jigsaw id is {n}j:<givens>,<walls>; "
            "killer cages are not read)"
        )
    givens = _givens(givens_part, n)
    labels = _regions(walls, n)
    try:
        regions = check_regions(labels, n, known_connected=True)
    except PuzzleError as e:
        raise PuzzleError(f"region walls: {e.message}", e.row, e.col) from None
    return Puzzle(n, tuple(givens), regions)


def solo_text(puzzle: Puzzle) -> str:
    """The Solo game id of ``puzzle`` (one line, no newline), as Solo writes it
    (but ``z`` in the walls as 26, which Solo reads)."""
    n = puzzle.size
    return f"{n}j:{_givens_text(puzzle.givens)},{_walls_text(puzzle.regions, n)}"


# Reading.


def _size(params: str) -> int:
    """The size of a jigsaw id's parameters; `PuzzleError` if they are not a plain jigsaw's."""
    shown = excerpt(params, 12)
    if not params:
        raise PuzzleError(
            "nothing before the ':'; a Solo jigsaw id starts with its size, '<N>j:…' (e.g. '9j:…')"
        )
    match = _PARAMS.fullmatch(params)
    if not match:
        raise PuzzleError(
            f"{shown} are not Solo parameters; squiggly-cp reads Solo jigsaw ids, '<N>j:…' (e.g. '9j:…')"
        )
    first, second, settings = match.groups()
    flags: set[str] = set()
    at = 0
    while at < len(settings):
        setting = _SETTING.match(settings, at)
        if not setting:
            raise PuzzleError(
                f"{shown}: {settings[at]!r} is no Solo parameter; squiggly-cp reads jigsaw ids '<N>j:…'"
            )
        flags.add(setting.group()[0])
        at = setting.end()
    if "j" not in flags:
        raise PuzzleError(
            f"{shown} is a classic Solo sudoku, not a jigsaw; squiggly-cp reads Solo jigsaw ids '<N>j:…'"
        )
    if "x" in flags:
        raise PuzzleError(
            f"{shown} is a Solo jigsaw with X diagonals ('x'), a rule this tool does not decide; "
            "it reads plain jigsaw ids '<N>j:…'"
        )
    if "k" in flags:
        raise PuzzleError(
            f"{shown} is a Solo killer jigsaw ('k'), whose cages this tool does not decide; "
            "it reads plain jigsaw ids '<N>j:…'"
        )
    numbers = [first] if second is None else [first, second]
    if any(len(number.lstrip("0")) > _MAX_NUMBER_DIGITS for number in numbers):
        raise PuzzleError(f"{shown}: the size is outside {MIN_SIZE}..{MAX_SIZE}")
    n = int(first) * (1 if second is None else int(second))
    if not MIN_SIZE <= n <= MAX_SIZE:
        raise PuzzleError(
            f"{shown} is a {n}x{n} jigsaw; squiggly-cp reads sizes {MIN_SIZE} to {MAX_SIZE}"
            if n
            else f"{shown}: a size of 0 is no puzzle"
        )
    return n


def _givens(text: str, n: int) -> list[int]:
    """The N² givens of the part between ``:`` and ``,``."""
    area = n * n
    givens: list[int] = []
    at = 0
    while at < len(text):
        start, char = at, text[at]
        if char in _LETTERS:
            givens.extend([0] * (_LETTERS.index(char) + 1))
            at += 1
        elif char == "_":
            at += 1
        elif "1" <= char <= "9":
            end = at + 1
            while end < len(text) and "0" <= text[end] <= "9":
                end += 1
            number = text[at:end]
            cell = len(givens)
            if cell >= area:
                givens.append(0)  # reported below, with the length
            elif len(number) > _MAX_NUMBER_DIGITS or int(number) > n:
                raise PuzzleError(
                    f"the given {number if len(number) <= _MAX_NUMBER_DIGITS else excerpt(number, 6)} "
                    f"is above {n}, the largest digit of a {n}x{n}",
                    *_row_col(cell, n),
                )
            else:
                givens.append(int(number))
            at = end
        else:
            what = (
                "'0' (an empty cell is a letter, a given a number 1-N)"
                if char == "0"
                else f"{excerpt(char, 1)} (empty cells are letters a-z, givens numbers 1-N, '_' a separator)"
            )
            raise PuzzleError(f"the givens hold {what}, at character {at + 1} of {excerpt(text, _SHOWN)}")
        if len(givens) > area:
            raise PuzzleError(
                f"the givens run past the {area} cells of a {n}x{n} grid "
                f"at character {start + 1} of {excerpt(text, _SHOWN)}"
            )
    if len(givens) < area:
        raise PuzzleError(f"the givens describe {len(givens)} cells, not the {area} of a {n}x{n} grid")
    return givens


def _regions(text: str, n: int) -> list[int]:
    """Region labels (any ints) of the walls part: cells joined by open edges share one."""
    for at, char in enumerate(text):
        if char != "_" and char not in _LETTERS:
            raise PuzzleError(
                f"the region walls hold {excerpt(char, 1)}, at character {at + 1}; "
                "they are letters a-z and '_' only"
            )
    edges = 2 * n * (n - 1)
    if not text:
        raise PuzzleError(f"the region walls are empty; a {n}x{n} jigsaw needs its {edges} edges described")
    if text[-1] == "z":
        raise PuzzleError(
            "the region walls end with 'z', which runs on into a next character; "
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
            f"the region walls describe {few}{covered} edges, but a {n}x{n} grid has {edges} "
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


def _givens_text(givens: tuple[int, ...]) -> str:
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
