"""SudokuWiki's Jigsaw player strings: ``…/Jigsaw_Sudoku_Player?bd=J9B…``.

The packed form (what the player's links carry today) is the header ``J9B``
(J = jigsaw sudoku, 9 = the size in base 36, B = the encoding version), then
81 cells row by row, r1c1 first, each three base-36 characters (``0-9`` and
``a-z``; SudokuWiki writes lower case, and reading ignores case, header
included). A cell's value is ``(region << 10) + content``:

* ``region`` is the cell's jigsaw piece, 0..8 (any numbering: the pieces are
  told apart, not ordered);
* ``content`` is 0 for an empty cell, 1-9 for a given, 10-18 for a digit the
  solver placed (9 + digit), and 19-529 for an empty cell showing pencil marks
  (18 + a bit mask, bit 0 = candidate 1). An untouched empty cell shows all
  nine candidates: 18 + 511 = 529, which is what the site writes for it, so
  an empty cell is ``(region << 10) + 529`` as a whole. Placed digits and
  pencil marks are the solver's work, not the puzzle: they are read as empty,
  as an f-puzzles ``value`` without ``given`` is. Values 530-1023 are refused.

For example ``0ep`` is 529, an empty cell of region 0, ``175`` = 1553 =
1024 + 529 an empty cell of region 1, and ``2g1`` = 2 · 1024 + 1 a given 1 in
region 2. (These facts agree with real links the player wrote.)

The older form, from the site's earlier jigsaw solver, is
``…/jigsaw.aspx?shape=33&bd=<givens>&jigmap=<81 region labels>``: ``bd`` is 81
characters (1-9 a given, ``0`` or ``.`` empty) or 162, two base-32 characters
a cell (``0-9a-v``) holding ``(candidate mask << 1) | is-a-given``, a given's
mask having exactly its digit's bit; ``jigmap`` labels may be any letters or
digits (the site uses 1-9). ``shape=N`` without a ``jigmap`` names one of the
site's numbered layouts, which this module does not hold, and is refused.
The parameters may come in any order, with others among them; the part
after ``?`` alone (``shape=33&bd=…&jigmap=…``) is read too.

Links are read with ``http`` or ``https``, with or without ``www.`` or the
scheme, URL-encoded or not (``%3F``, ``%3D``, ``%26``; ``&amp;``). A link to
another SudokuWiki page or a packed string of another puzzle type (``S9B``
sudoku, ``L9B`` killer, ...) is refused by name.

`sudokuwiki_text` writes the packed link, lower-case base 36, each empty cell
as 529 and each region as its 0-based number (`Puzzle` numbers regions in
order of their first cell). SudokuWiki's jigsaw player is 9x9 only: other
sizes are refused.

Every problem is a `PuzzleError`, one line, naming the cell (row, column)
where one is at fault and quoting at most a short excerpt of the input.
"""

from __future__ import annotations

import re
import urllib.parse

from ..core.case import excerpt
from ..core.puzzle import Puzzle, PuzzleError
from ..core.regions import check_regions
from .grid import given_value, label_problem
from .rules_check import refuse_any_rule

__all__ = ["looks_sudokuwiki", "parse_sudokuwiki", "sudokuwiki_text"]

_SIZE = 9
_CELLS = _SIZE * _SIZE
_HEADER = "J9B"
_FIELD = 3
_LINK = "https://www.sudokuwiki.org/Jigsaw_Sudoku_Player?bd="
_EMPTY = 529
"""The content of an empty cell showing all nine candidates: 18 + 0b111111111."""
_PLACED = 9
"""Contents 10-18 are a digit the solver placed (9 + digit)."""
_CONTENT_BITS = 10
_CONTENT_MASK = (1 << _CONTENT_BITS) - 1
_BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"
_BASE36_VALUE = {ch: i for i, ch in enumerate(_BASE36)} | {ch.upper(): i for i, ch in enumerate(_BASE36)}
_BASE32_VALUE = {ch: v for ch, v in _BASE36_VALUE.items() if v < 32}
_CAP = 2000
"""Far longer than any SudokuWiki jigsaw link (about 300 characters)."""
_SHOWN = 30
"""How much of the input an error message quotes."""

_HOST = re.compile(r"(?:https?://)?(?:www\.)?sudokuwiki\.org(?=[/?#:]|$)", re.IGNORECASE | re.ASCII)
_BARE = re.compile(r"J9B[0-9A-Za-z]{243}", re.IGNORECASE | re.ASCII)
_QUERY_JIGMAP = re.compile(r"(?:^|[?&])jigmap=", re.IGNORECASE | re.ASCII)
_QUERY_BD = re.compile(r"(?:^|[?&])bd=", re.IGNORECASE | re.ASCII)
_QUERY_PACKED = re.compile(r"\??bd=J9B", re.IGNORECASE | re.ASCII)
_PACKED_HEADER = re.compile(r"([JDKMLTSXW])([0-9A-Za-z])([A-Z])")

_PUZZLE_TYPES = {
    "J": "jigsaw sudoku",
    "D": "KenDoku",
    "K": "KenKen",
    "M": "killer jigsaw",
    "L": "killer sudoku",
    "T": "Str8ts",
    "S": "classic sudoku",
    "X": "Sudoku X",
    "W": "Windoku",
}


def looks_sudokuwiki(item: str) -> bool:
    """True if the stripped ``item`` is a SudokuWiki link (of any page, so that
    `parse_sudokuwiki` can refuse another player by name), a bare packed
    ``J9B…`` string of exactly 246 characters, or the query part of a jigsaw
    link (``bd=J9B…``, or ``bd=…`` together with ``jigmap=``)."""
    text = item.strip()
    if _HOST.match(_unescape(text[:200])):
        return True
    if _BARE.fullmatch(text):
        # 246 characters: never a line-format puzzle (2·N² is never 246).
        return True
    if any(ch.isspace() for ch in text):
        return False
    return bool(_QUERY_PACKED.match(text) or (_QUERY_JIGMAP.search(text) and _QUERY_BD.search(text)))


def parse_sudokuwiki(item: str) -> Puzzle:
    """The 9x9 puzzle of a SudokuWiki jigsaw link or packed ``J9B…`` string;
    raises `PuzzleError` for anything else."""
    text = item.strip()
    if not text:
        raise PuzzleError("empty: no SudokuWiki link or J9B string to read")
    shown = excerpt(text, _SHOWN)
    if len(text) > _CAP:
        raise PuzzleError(
            f"{shown} is {len(text):,} characters long, far more than any SudokuWiki jigsaw link"
        )
    text = _unescape(text)
    link = _HOST.match(text)
    if link:
        rest = text[link.end() :].split("#", 1)[0]
        path, _, query = rest.partition("?")
        page = path.rstrip("/").rsplit("/", 1)[-1] or None
        return _from_params(page, _params(query), shown)
    if text[: len(_HEADER)].upper() == _HEADER and "=" not in text:
        return _from_packed(text)
    if "=" in text and not any(ch.isspace() for ch in text):
        return _from_params(None, _params(text.removeprefix("?")), shown)
    if _PACKED_HEADER.match(text):
        raise PuzzleError(_other_packed(text))
    raise PuzzleError(
        f"{shown} is not a SudokuWiki jigsaw link (…/Jigsaw_Sudoku_Player?bd=J9B…) or packed J9B string"
    )


def sudokuwiki_text(puzzle: Puzzle) -> str:
    """The SudokuWiki Jigsaw player link of a 9x9 ``puzzle`` (one line, no newline)."""
    refuse_any_rule(puzzle, "sudokuwiki")
    n = puzzle.size
    if n != _SIZE:
        raise PuzzleError(
            f"SudokuWiki's jigsaw player is 9x9 only, and this puzzle is {n}x{n}: "
            "write it as grid, line, fpuzzles, sudokupad or solo instead"
        )
    cells = "".join(
        _base36((region << _CONTENT_BITS) + (digit or _EMPTY))
        for digit, region in zip(puzzle.givens, puzzle.regions, strict=True)
    )
    return _LINK + _HEADER + cells


def _base36(value: int) -> str:
    """``value`` (under 36³) as three lower-case base-36 characters."""
    high, low = divmod(value, 36)
    return _BASE36[high // 36] + _BASE36[high % 36] + _BASE36[low]


def _unescape(text: str) -> str:
    """``text`` with URL escapes (even doubled ones) and HTML's ``&amp;`` undone."""
    for _ in range(3):
        if "%" not in text:
            break
        text = urllib.parse.unquote(text)
    return text.replace("&amp;", "&")


def _params(query: str) -> dict[str, str]:
    """The ``key=value`` pairs of a query (keys lower-cased; the first of a repeated key wins)."""
    params: dict[str, str] = {}
    for part in query.split("&"):
        key, eq, value = part.partition("=")
        if eq:
            params.setdefault(key.strip().lower(), value.strip())
    return params


def _from_params(page: str | None, params: dict[str, str], shown: str) -> Puzzle:
    """The puzzle of a link's parameters; ``page`` is the link's last path
    part (None for a bare query)."""
    where = f"SudokuWiki's {excerpt(page, _SHOWN)} page" if page else "a SudokuWiki link"
    bd = params.get("bd")
    if page and "killer" in page.lower():
        raise PuzzleError(f"{shown} is a link to {where}: killer cages are not read, only jigsaw sudoku")
    if "jigmap" in params or "shape" in params:
        return _from_old_form(params, shown)
    if bd is None:
        if page is None or "jigsaw" in page.lower():
            raise PuzzleError(f"{shown} has no bd= parameter, so it holds no puzzle")
        raise PuzzleError(_not_the_player(shown, where))
    if bd[: len(_HEADER)].upper() == _HEADER:
        return _from_packed(bd)
    if _PACKED_HEADER.match(bd):
        raise PuzzleError(_other_packed(bd))
    if page is None or "jigsaw" in page.lower():
        raise PuzzleError(
            f"{shown}: bd= is not a packed J9B string, and there is no jigmap= (the layout) "
            "that the older jigsaw links carry"
        )
    raise PuzzleError(_not_the_player(shown, where))


def _not_the_player(shown: str, where: str) -> str:
    return f"{shown} is a link to {where}, not to its jigsaw player (…/Jigsaw_Sudoku_Player?bd=J9B…)"


def _other_packed(bd: str) -> str:
    """Why a packed string whose header is not ``J9B`` is refused."""
    kind, size, version = bd[0].upper(), bd[1], bd[2]
    header = excerpt(bd, len(_HEADER))
    if kind != "J":
        return (
            f"{header} is SudokuWiki's packed string of a {_PUZZLE_TYPES[kind]} puzzle; "
            "only jigsaw sudoku (J9B…) is read"
        )
    if size != "9":
        n = _BASE36_VALUE[size]
        return f"{header} is a {n}x{n} SudokuWiki jigsaw; only 9x9 (J9B…) is read"
    return f"{header}: version {version} of SudokuWiki's packed strings is not known; J9B is read"


def _from_packed(packed: str) -> Puzzle:
    """The puzzle of a packed string whose header is ``J9B`` in any case."""
    body = packed[len(_HEADER) :]
    for index, char in enumerate(body):
        if char not in _BASE36_VALUE:
            cell = index // _FIELD
            if cell >= _CELLS:
                break
            raise PuzzleError(
                f"{char!r} in the J9B string is not a base-36 digit (0-9, a-z)", *_row_col(cell)
            )
    if len(body) != _FIELD * _CELLS:
        raise PuzzleError(
            f"the J9B string has {len(body)} characters after 'J9B', not {_FIELD * _CELLS} "
            f"({_FIELD} for each of the {_CELLS} cells)"
        )
    givens: list[int] = []
    regions: list[int] = []
    for cell in range(_CELLS):
        field = body[_FIELD * cell : _FIELD * (cell + 1)]
        value = 0
        for char in field:
            value = value * 36 + _BASE36_VALUE[char]
        region, content = value >> _CONTENT_BITS, value & _CONTENT_MASK
        if region >= _SIZE:
            raise PuzzleError(
                f"{field!r} = {value} puts the cell in region {region}, outside 0..{_SIZE - 1}",
                *_row_col(cell),
            )
        if content > _EMPTY:
            raise PuzzleError(
                f"{field!r} = {value}: cell content {content} is none SudokuWiki writes "
                f"(0 or 19-{_EMPTY} empty, 1-9 a given, 10-18 a placed digit)",
                *_row_col(cell),
            )
        givens.append(content if 0 < content <= _PLACED else 0)
        regions.append(region)
    return _puzzle(givens, regions, "the layout (region numbers) of the J9B string")


def _from_old_form(params: dict[str, str], shown: str) -> Puzzle:
    """The puzzle of an older ``…?shape=33&bd=…&jigmap=…`` link."""
    jigmap = params.get("jigmap")
    if jigmap is None:
        number = excerpt(params.get("shape", ""), 6)
        raise PuzzleError(
            f"{shown} names SudokuWiki's numbered layout {number} (shape=) without a jigmap=; "
            "those layouts are not known here: use a link that spells the layout out "
            "(shape=33&jigmap=…) or the J9B form"
        )
    bd = params.get("bd")
    if bd is None:
        raise PuzzleError(f"{shown} has a jigmap= but no bd= (the givens)")
    if "," in bd:
        raise PuzzleError(f"{shown} is a killer link (bd= holds cages): only jigsaw sudoku is read")
    if len(bd) == _CELLS:
        givens = []
        for index, char in enumerate(bd):
            value = given_value(char, _SIZE)
            if isinstance(value, str):
                raise PuzzleError(f"bd=: {value}", *_row_col(index))
            givens.append(value)
    elif len(bd) == 2 * _CELLS:
        givens = _from_marks(bd)
    else:
        raise PuzzleError(
            f"bd= has {len(bd)} characters; the older jigsaw links have {_CELLS} (the givens, "
            f"0 or . for empty) or {2 * _CELLS} (two base-32 characters a cell, with pencil marks)"
        )
    if len(jigmap) != _CELLS:
        raise PuzzleError(f"jigmap= has {len(jigmap)} characters, not {_CELLS} (a region label a cell)")
    for index, char in enumerate(jigmap):
        problem = label_problem(char)
        if problem:
            raise PuzzleError(f"jigmap=: {problem}", *_row_col(index))
    return _puzzle(givens, [ord(ch) for ch in jigmap], "the layout (jigmap=)")


def _from_marks(bd: str) -> list[int]:
    """The givens of a 162-character ``bd``: per cell ``(candidate mask << 1) | is-a-given``
    in two base-32 characters."""
    givens = []
    for cell in range(_CELLS):
        pair = bd[2 * cell : 2 * cell + 2]
        bad = next((ch for ch in pair if ch not in _BASE32_VALUE), None)
        if bad is not None:
            raise PuzzleError(f"bd=: {bad!r} is not a base-32 digit (0-9, a-v)", *_row_col(cell))
        value = _BASE32_VALUE[pair[0]] * 32 + _BASE32_VALUE[pair[1]]
        mask = value >> 1
        if not value & 1:
            givens.append(0)  # pencil marks, or a digit the solver placed
        elif mask and not mask & (mask - 1) and mask < 1 << _SIZE:
            givens.append(mask.bit_length())
        else:
            raise PuzzleError(
                f"bd=: {pair!r} marks the cell as a given but holds candidate mask {mask}, not one digit",
                *_row_col(cell),
            )
    return givens


def _puzzle(givens: list[int], labels: list[int], what: str) -> Puzzle:
    try:
        regions = check_regions(labels, _SIZE)
    except PuzzleError as e:
        raise PuzzleError(f"{what}: {e.message}", e.row, e.col) from None
    return Puzzle(_SIZE, tuple(givens), regions)


def _row_col(cell: int) -> tuple[int, int]:
    return cell // _SIZE + 1, cell % _SIZE + 1
