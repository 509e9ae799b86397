"""SudokuPad links: reading (`parse_sudokupad`) and writing (`sudokupad_link`).

A link is ``https://sudokupad.app/DATA`` (or ``?puzzleid=DATA``, or the old
``app.``/``test.crackingthecryptic.com/sudoku/DATA``), maybe URL-encoded or
with ``//`` collapsed to ``/``; DATA may stand alone. As in SudokuPad, DATA is
URL-decoded when that makes it shorter, a space is a ``+``, and DATA that does
not decode is retried with one or two of its first 16 single ``/`` doubled
(URL tidiers collapse ``//``). By prefix: ``scl``/``ctc`` is LZString
``compressToBase64`` of the "CTC" JSON, plain or zipped by SudokuPad's
PuzzleZipper (`unzip_json` tokenizes, so no text in a string is taken for
structure); ``fpuz``/``fpuzzles`` the same of f-puzzles JSON, read by the
f-puzzles reader (title, author, ruleset, solution are metadata, a ``value``
without ``given`` an entered digit; a cosmetic ``line`` that only draws a line a
rule key holds, as f-puzzles draws its plug-in constraints, is left out).
``scf``/``classic`` (packed classic 9x9s) and short ids (no prefix: a puzzle on
SudokuPad's server) are refused.

CTC JSON: ``cells`` holds N rows of N cells; a cell's ``value`` is a given
(CTC has no entered digits), its centre marks (``centremarks``/``centreMarks``)
its candidates. ``regions``: N lists of N 0-based ``[row, col]``, else the
standard boxes; a cell in none of the lists is in no region (`NoRegion`: a
region of fewer than N cells then only keeps its digits apart). Title,
author, rules and solution: from a ``metadata`` (or ``metaData``) object,
else cages without cells whose value reads ``"title: ..."`` (rules may
repeat, a line each), else top-level strings. A solution is
N² digits, a character each, or two each (``01``..``16``) above 9x9 as
SudokuPad's f-puzzles converter writes it; any other is dropped.

Rules drawn in CTC JSON (`sudokupad_rules`): every element is matched to the
looks the rule kinds declare and given its meaning by the rules text where it
says one (metadata ``rules``), else by the one style it is drawn in; whole-grid
rules are switched on in the metadata or named in the rules text; cell colours
and decoration are ignored; an element or a sentence stating a constraint
that cannot be mapped, an element two rules could mean, and any other
top-level key whose value is not empty, are refused in one line naming it. A
carried solution that breaks a rule as read is a misreading, refused.
A metadata ``bgimage`` (a picture under the grid, which may draw what this
reader cannot see) is refused. Ignored besides: ``cellSize``, ``id``,
``videos``, other metadata, corner marks.

Writing gives plain JSON (``{"value": d}`` for a given, ``{}`` otherwise), the rules drawn as setters
draw them (`sudokupad_draw`), and the metadata (or the puzzle's `Meta`; rules text written for a
puzzle with rules and none) as cages, the classic form, read by every SudokuPad and its converter.
"""

from __future__ import annotations

import itertools
import json
import math
import re
import struct
import urllib.parse
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.case import InputError, excerpt
from ..core.position import open_candidates
from ..core.puzzle import MAX_SIZE, MIN_SIZE, Grid, Meta, Puzzle, PuzzleError, box_shape
from ..core.puzzle import standard_regions as boxes
from ..core.regions import check_regions
from ..core.rules import Rule, regions_leaving_cells
from .fpuzzles import _from_json
from .links import embedded_link
from .lzcodec import MAX_CHARS, DecodeError, decompress_base64
from .sudokupad_draw import draw_rules, rules_text
from .sudokupad_rules import drawn_rules, flag_rules
from .sudokupad_shapes import cell_index, empty, items, meta_cage, shown

LINK_PREFIX = "https://sudokupad.app/scl"
_HOST = re.compile(
    r"(?:https?:/{1,3})?(?:(?:www\.|beta\.)?sudokupad\.app|(?:app|test)\.crackingthecryptic\.com)(?=[/?#]|$)",
    re.IGNORECASE,
)
_ENCODED_LINK = re.compile(r"https?%3A", re.IGNORECASE)
_KINDS = ("fpuzzles", "classic", "fpuz", "scl", "ctc", "scf")  # longest first, as SudokuPad matches
_BARE = re.compile(r"(?:fpuzzles|fpuz|scl|ctc|scf)(?:[A-Za-z0-9+/=]|%[0-9A-Fa-f]{2}){16,}")
_BASE64 = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=")
_PASTE = "paste a link that carries the puzzle itself (sudokupad.app/scl..., ctc... or fpuzzles...) \
or its f-puzzles JSON instead"
_META_KEYS = ("title", "author", "rules", "solution")
_KNOWN = {*_META_KEYS, "cellSize", "id", "videos", "metadata", "metaData", "cells", "regions", "cages"}
_KNOWN |= {"lines", "arrows", "overlays", "underlays"}
_NOT_ZIPPED = "the SudokuPad data is neither JSON nor zipped JSON"


@dataclass(frozen=True)
class SudokuPadPuzzle:
    """What a link holds. ``digits``: givens and entered digits (0: none); ``candidates``: bit masks
    from the centre marks, what the digits leave where a cell has none; None without marks;
    ``marked``: the empty cells that have centre marks."""

    puzzle: Puzzle
    title: str | None
    author: str | None
    rules: str | None
    solution: Grid | None
    digits: Grid
    candidates: tuple[int, ...] | None
    marked: frozenset[int] = frozenset()


def looks_sudokupad(item: str) -> bool:
    """Is the stripped ``item`` a SudokuPad link (perhaps inside prose: `embedded_link`),
    or DATA with a known prefix?"""
    text = (embedded_link(item) or item).strip()
    if _ENCODED_LINK.match(text):
        text = urllib.parse.unquote(text)
    return bool(_HOST.match(text) or _BARE.fullmatch(text))


def parse_sudokupad(item: str) -> SudokuPadPuzzle:
    """The puzzle of one SudokuPad link or DATA; raises `PuzzleError` (one line)."""
    data = _data(item)
    kind = next((k for k in _KINDS if data.startswith(k)), "")
    if kind in ("scf", "classic"):
        raise PuzzleError(f"an {kind!r} link packs a classic 9x9 in a form squiggly-cp cannot read; {_PASTE}")
    if not kind and re.fullmatch(r"[\w\-./]{1,200}", data):
        short = f"a SudokuPad short id ({excerpt(data, 24)}) names a puzzle on SudokuPad's server"
        raise PuzzleError(f"{short}, and squiggly-cp works offline: {_PASTE}")
    if not kind:
        raise PuzzleError(f"not a SudokuPad link or puzzle data: {excerpt(data, 30)}")
    try:
        doc = _decoded(kind, data[len(kind) :])
        if kind.startswith("fpuz") or ("cells" not in doc and "grid" in doc):
            return _read_fpuzzles(doc)
        return _read_ctc(doc)
    except RecursionError:
        raise PuzzleError("the puzzle data is nested too deeply") from None


def parse_sudokupad_puzzle(item: str) -> Puzzle:
    """The puzzle of a link, carrying its title, author, rules and solution as `Meta`."""
    read = parse_sudokupad(item)
    return read.puzzle.with_meta(Meta(read.title, read.author, read.rules, read.solution))


def _data(item: str) -> str:
    """DATA: the part of a link (perhaps inside prose) after the host, or ``item`` itself."""
    text = (embedded_link(item) or item).strip()
    if _ENCODED_LINK.match(text):
        text = urllib.parse.unquote(text)
    host = _HOST.match(text)
    if not host:
        return text
    rest = text[host.end() :]
    query = re.search(r"[?&]puzzleid=([^&#]*)", rest)
    path = query.group(1) if query else re.split(r"[?#]", rest, maxsplit=1)[0].lstrip("/")
    path = path[len("sudoku/") :] if path.lower().startswith("sudoku/") else path
    if not path:
        raise PuzzleError(f"a SudokuPad link with no puzzle in it: {excerpt(text, 40)}")
    return path


def _decoded(kind: str, data: str) -> dict[str, Any]:
    """The JSON object DATA holds (after the prefix), repairing collapsed slashes."""
    shorter = urllib.parse.unquote(data)
    data = (shorter if len(shorter) < len(data) else data).strip()
    if not data:
        raise PuzzleError(f"the link ends after {kind!r}: no puzzle data follows")
    if data.startswith("{"):  # as in SudokuPad, data that does not decompress is the text itself
        return _document(kind, data)
    data = data.replace(" ", "+")  # a form decoder's work undone
    bad = next((ch for ch in data if ch not in _BASE64), None)
    if bad is not None:
        raise PuzzleError(f"the puzzle data after {kind!r} holds {bad!r}, which base64 does not use")
    first = None
    for attempt in _slash_repairs(data):
        try:
            text = decompress_base64(attempt, MAX_CHARS, prefix=True)
            if len(text) > MAX_CHARS:
                raise PuzzleError(f"the SudokuPad data decompresses to more than {MAX_CHARS:,} characters")
            if not text:
                raise PuzzleError("the SudokuPad data decompresses to nothing (is the link cut short?)")
            return _document(kind, text)
        except DecodeError as e:
            first = first or PuzzleError(f"the SudokuPad data does not decode: {e}")
        except PuzzleError as e:
            first = first or e
    raise first  # type: ignore[misc]  # the first attempt is DATA itself


def _slash_repairs(data: str) -> Iterator[str]:
    """DATA, then DATA with one, then two, of its first 16 single slashes doubled."""
    yield data
    spots = [m.start() for m in re.finditer(r"(?<!/)/(?!/)", data[:8192])][:16]  # bounds the time
    for chosen in itertools.chain(itertools.combinations(spots, 1), itertools.combinations(spots, 2)):
        yield "/".join(data[a:b] for a, b in itertools.pairwise([0, *chosen, len(data)]))


def _document(kind: str, text: str) -> dict[str, Any]:
    try:
        doc = json.loads(text, parse_int=lambda s: int(s) if len(s) < 22 else math.inf)  # no int DoS
    except json.JSONDecodeError as e:
        if kind.startswith("fpuz") or text.lstrip().startswith('{"'):  # not zipped, so broken
            raise PuzzleError(f"the puzzle data is not JSON ({e.msg} at character {e.pos + 1})") from None
        doc = unzip_json(text)
    if not isinstance(doc, dict):
        raise PuzzleError(f"the puzzle data is not a JSON object but {type(doc).__name__}")
    return doc


# PuzzleZipper's short keys and the long ones they stand for ("d2" is a newer "d").
_LONG = {
    "c": "color", "ca": "cages", "ct": "center", "c1": "borderColor", "c2": "backgroundColor",
    "ce": "cells", "cs": "cellSize", "a": "arrows", "o": "overlays", "u": "underlays", "w": "width",
    "h": "height", "v": "value", "vd": "videos", "l": "lines", "r": "rounded", "re": "regions",
    "fs": "fontSize", "th": "thickness", "hl": "headLength", "wp": "wayPoints", "t": "title",
    "te": "text", "d": "duration", "d2": "d",
}  # fmt: skip
_KEYED = {"t": True, "f": False, "#0": "#000000", "#F": "#FFFFFF"}  # shorthands after a ':'
_TOKEN = re.compile(  # groups 1-5: a 'string', a "string", punctuation, a bare word, anything else
    r"""\s*(?:('[^'\\]*(?:\\.[^'\\]*)*')|("[^"\\]*(?:\\.[^"\\]*)*")|([{}\[\],:])|([^\s,:\[\]{}'"]+)|(\S))""",
    re.DOTALL,
)
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]{0,19})(\.[0-9]+)?([eE][+-]?[0-9]{1,3})?|true|false|null")
_HEX6 = re.compile(r"[0-9a-fA-F]{6}")
_MAX_DEPTH = 40


def unzip_json(text: str) -> Any:
    """The value of SudokuPad's zipped JSON ``text``: its tokens rewritten as plain
    JSON (quoted long keys, ``{}`` where an array element is left out, the
    value shorthands of `_KEYED` and colours ``rrggbb``), then parsed."""
    tokens = [(g, m.group(g), m.start(g)) for m in _TOKEN.finditer(text) for g in [m.lastindex or 0]]
    out: list[str] = []
    stack: list[str] = []  # the open brackets
    last = ""  # the punctuation just passed, "" after a value
    for k, (kind, token, at) in enumerate(tokens):
        if kind == 3:
            if token in ",]" and last in ("[", ",") and stack[-1:] == ["["]:
                out.append("{}")  # as in SudokuPad, even "[]" holds one
            if token in "{[":
                stack.append(token)
            elif token in "}]" and stack:
                stack.pop()
            if len(stack) > _MAX_DEPTH:
                raise PuzzleError(f"{_NOT_ZIPPED}: nested too deeply (character {at + 1})")
            out.append(token)
            last = token
            continue
        word = _string(token) if kind in (1, 2) else token
        if k + 1 < len(tokens) and tokens[k + 1][1] == ":" and kind != 5:  # a key
            out.append(json.dumps(_LONG.get(word, word)))
        elif kind in (1, 2):  # SudokuPad reads any "rrggbb" as a colour
            out.append(json.dumps("#" + word if _HEX6.fullmatch(word) else word))
        elif kind == 4 and last == ":" and (word in _KEYED or _HEX6.fullmatch(word)):
            out.append(json.dumps(_KEYED.get(word, "#" + word)))  # 123456 too, as in SudokuPad
        elif kind == 4 and _NUMBER.fullmatch(word):
            out.append(word)
        else:
            raise PuzzleError(f"{_NOT_ZIPPED}: unexpected {excerpt(token, 20)} (character {at + 1})")
        last = ""
    try:
        return json.loads("".join(out))
    except json.JSONDecodeError as e:
        raise PuzzleError(f"{_NOT_ZIPPED}: {e.msg}") from None


def _string(token: str) -> str:
    """A quoted token's text; in a ``'`` string, ``\\'`` is ``'`` and ``"`` is itself."""
    if token[0] == "'":
        swap = {"\\'": "'", '"': '\\"'}
        body = re.sub(r'\\.|"', lambda m: swap.get(m.group(), m.group()), token[1:-1], flags=re.DOTALL)
        token = f'"{body}"'
    try:
        return json.loads(token)
    except json.JSONDecodeError as e:
        raise PuzzleError(f"the SudokuPad data has a bad string {excerpt(token, 20)}: {e.msg}") from None


def _digit(value: Any, n: int, what: str) -> int:
    """The digit ``value`` stands for (0 for none); raises `ValueError` naming it."""
    if value is None or value == "":
        return 0
    if isinstance(value, str) and re.fullmatch(r"[0-9]{1,2}", value):
        value = int(value)
    if type(value) is not int or not 1 <= value <= n:
        raise ValueError(f"{what} is {shown(value)}, not a digit from 1 to {n}")
    return value


def _marks(value: Any, n: int) -> int | None:
    if not value:
        return None
    if not isinstance(value, list):
        raise ValueError(f"the centre marks are {shown(value)}, not a list of digits")
    return sum({1 << (_digit(d, n, "a centre mark") - 1) for d in value if d not in (None, "")}) or None


def _read_ctc(doc: dict[str, Any]) -> SudokuPadPuzzle:
    n, givens, marks = _cells(doc.get("cells"))
    meta: dict[str, Any] = _cage_meta(doc.get("cages"))
    unknown = [key for key, value in doc.items() if key not in _KNOWN and not empty(value)]
    if unknown:
        names = ", ".join(excerpt(key, 20) for key in unknown[:3])
        raise PuzzleError(f"SudokuPad: the puzzle's {names} has no meaning this tool knows: refused")
    table = doc.get("metadata", doc.get("metaData"))
    if not isinstance(table, dict) and not empty(table):
        raise PuzzleError(f"'metadata' must be a JSON object, found {shown(table)}")
    picture = next((k for k in ("bgimage", "backgroundImage") if not empty((table or {}).get(k))), None)
    if picture:  # it may draw lines or marks this tool cannot see: reading the rest could miss a rule
        raise PuzzleError(f"SudokuPad: the puzzle is drawn on a background picture ({picture}): refused")
    flags = flag_rules([*meta.items(), *(table or {}).items()])
    meta = {**{k: doc[k] for k in _META_KEYS if isinstance(doc.get(k), str)}, **meta}
    meta.update({k: v for k, v in (table or {}).items() if k in _META_KEYS and v not in (None, "")})
    said = meta.get("rules")
    said = "\n".join(str(line) for line in said) if isinstance(said, list) else said
    rules = drawn_rules(doc, n, said if isinstance(said, str) else None)
    rules += [rule for rule in flags if rule not in rules]
    regions, partial = _regions(doc.get("regions"), n)
    puzzle = Puzzle(n, tuple(givens), regions, rules=partial + tuple(rules))
    return _checked(_finish(puzzle, meta, givens, marks))


def _checked(read: SudokuPadPuzzle) -> SudokuPadPuzzle:
    """``read``, unless the solution it carries breaks a rule as read: a misreading."""
    if read.solution is not None and read.puzzle.rules:
        broken = read.puzzle.broken_rule(read.solution)
        if broken is not None:
            raise PuzzleError(
                f"SudokuPad: the link's solution breaks {broken.describe(read.puzzle.size)} as read: "
                "the drawing or its rules text is misread"
            )
    return read


def _cage_meta(cages: Any) -> dict[str, str]:
    """``key: text`` of the metadata cages (rules may repeat, a line each; else the first wins)."""
    meta: dict[str, str] = {}
    for cage in items(cages):
        if found := meta_cage(cage):
            key, text = found.group(1), found.group(2).strip()
            meta[key] = meta[key] + "\n" + text if key == "rules" and key in meta else meta.get(key, text)
    return meta


def _cells(cells: Any) -> tuple[int, list[int], list[int | None]]:
    if not isinstance(cells, list) or not cells:
        raise PuzzleError("the puzzle has no 'cells' (a list of rows of cells)")
    n = len(cells)
    if not MIN_SIZE <= n <= MAX_SIZE:
        raise PuzzleError(f"the grid has {n} rows; squiggly-cp reads N rows of N cells, N from 4 to 16")
    givens: list[int] = []
    marks: list[int | None] = []
    for r, row in enumerate(cells, start=1):
        if not isinstance(row, list) or len(row) != n:
            got = f"{len(row)} cells" if isinstance(row, list) else shown(row)
            raise PuzzleError(f"a row of 'cells' must be {n} cells (the grid has {n} rows), found {got}", r)
        for c, cell in enumerate(row, start=1):
            try:
                if not isinstance(cell, dict):
                    raise ValueError(f"a cell must be a JSON object, found {shown(cell)}")
                givens.append(_digit(cell.get("value"), n, "the given 'value'"))
                marks.append(_marks(cell.get("centremarks", cell.get("centreMarks")), n))
            except ValueError as e:
                raise PuzzleError(str(e), r, c) from None
    return n, givens, marks


def _regions(regions: Any, n: int) -> tuple[Grid, tuple[Rule, ...]]:
    """`Puzzle.regions` and, where the regions leave cells out, the `NoRegion` rule."""
    if empty(regions):
        if box_shape(n) is None:
            raise PuzzleError(f"the puzzle has no 'regions', and a {n}x{n} grid has no standard boxes")
        return boxes(n), ()
    if not isinstance(regions, list) or len(regions) > n:
        got = f"{len(regions)} regions" if isinstance(regions, list) else shown(regions)
        raise PuzzleError(f"'regions' must list at most {n} regions of at most {n} cells, found {got}")
    labels = [-1] * (n * n)
    for k, region in enumerate(regions, start=1):
        for pair in items(region):
            cell = cell_index(pair, n, f"region {k}")
            r, c = divmod(cell, n)
            if labels[r * n + c] >= 0:
                raise PuzzleError(f"this cell is in regions {labels[r * n + c] + 1} and {k}", r + 1, c + 1)
            labels[r * n + c] = k - 1
    if -1 in labels:
        return regions_leaving_cells(labels, n)  # `Puzzle` validates the sizes
    try:
        return check_regions(labels, n), ()
    except PuzzleError as e:
        raise PuzzleError(f"regions: {e.message}", e.row, e.col) from None


def _read_fpuzzles(doc: dict[str, Any]) -> SudokuPadPuzzle:
    """An f-puzzles document, its metadata (also in cages), entered digits and centre marks."""
    cages = doc.get("cage")
    meta = {k: doc[k] for k in ("title", "author", "solution") if doc.get(k) not in (None, "")}
    if doc.get("ruleset") not in (None, ""):
        meta["rules"] = doc["ruleset"]
    if isinstance(cages, list):
        meta = {**_cage_meta(cages), **meta}
        doc = {**doc, "cage": [c for c in cages if not meta_cage(c)]}
    puzzle = _from_json(1, doc)
    if isinstance(puzzle, InputError):
        raise PuzzleError(puzzle.message, puzzle.row, puzzle.col)
    n = puzzle.size
    digits, marks = list(puzzle.givens), []
    for i, cell in enumerate(c for row in doc["grid"] for c in row):
        try:
            if cell.get("given") is not True and cell.get("value") is not None:
                digits[i] = _digit(cell["value"], n, "the entered 'value'")
            marks.append(_marks(cell.get("centerPencilMarks"), n))
        except ValueError as e:
            raise PuzzleError(str(e), i // n + 1, i % n + 1) from None
    return _checked(_finish(puzzle, meta, digits, marks))


def _finish(puzzle: Puzzle, meta: dict[str, Any], digits: list[int], marks: list[Any]) -> SudokuPadPuzzle:
    candidates = None
    marked = frozenset(cell for cell, mask in enumerate(marks) if mask is not None and not digits[cell])
    if any(mask is not None for mask in marks):
        cands = open_candidates(puzzle, digits)
        candidates = tuple(m if i in marked else c for i, (c, m) in enumerate(zip(cands, marks, strict=True)))
    if isinstance(meta.get("rules"), list):
        meta["rules"] = "\n".join(str(line) for line in meta["rules"])
    text = {k: v.strip() or None if isinstance(v, str) else None for k, v in meta.items()}
    solution = _solution(meta.get("solution"), puzzle.size)
    title, author, rules = (text.get(key) for key in _META_KEYS[:3])
    return SudokuPadPuzzle(puzzle, title, author, rules, solution, tuple(digits), candidates, marked)


def _solution(value: Any, n: int) -> Grid | None:
    """N² digits from a list or a string (a character each, or two above 9x9), else None."""
    if isinstance(value, str):
        text = value.strip()
        pairs = n > 9 and len(text) == 2 * n * n
        value = [text[i : i + 2] for i in range(0, len(text), 2)] if pairs else list(text)
    if not isinstance(value, list) or len(value) != n * n:
        return None
    try:
        digits = tuple(_digit(v, n, "") for v in value)
    except ValueError:
        return None
    return digits if all(digits) else None


def sudokupad_json(
    puzzle: Puzzle, *, title: str | None = None, author: str | None = None, rules: str | None = None,
    solution: Sequence[int] | None = None,
) -> dict[str, Any]:  # fmt: skip
    """SudokuPad's plain CTC JSON, the rules drawn (`sudokupad_draw`), metadata as cages: a line break
    in the title becomes a space (SudokuPad reads a cage to its first), rules take a cage a line (rules
    text written for a puzzle with rules and none in its meta), a digit two digits above 9x9."""
    n, known = puzzle.size, puzzle.meta or Meta()  # what a keyword leaves out, the puzzle's meta says
    title, author = title or known.title, author or known.author
    rules = rules or known.rules or rules_text(puzzle)
    solution = solution if solution is not None else known.solution
    cells = [[{"value": d} if (d := puzzle.givens[r * n + c]) else {} for c in range(n)] for r in range(n)]
    regions: list[list[list[int]]] = [[] for _ in range(n)]
    for cell, label in enumerate(puzzle.region_map):
        if label >= 0:  # SudokuPad leaves a cell in no region out of every list
            regions[label].append([cell // n, cell % n])
    regions = [region for region in regions if region]
    lines = [(k, " ".join((text or "").splitlines())) for k, text in [("title", title), ("author", author)]]
    lines += [("rules", line) for line in (rules or "").splitlines()]
    if solution is not None:
        if len(solution) != n * n or any(type(d) is not int or not 1 <= d <= n for d in solution):
            raise PuzzleError(f"a solution must be {n * n} digits from 1 to {n}")
        lines.append(("solution", "".join(f"{d:02d}" if n > 9 else str(d) for d in solution)))
    drawn = draw_rules(puzzle)
    cages = drawn.pop("cages", []) + [{"value": f"{k}: {text.strip()}"} for k, text in lines if text.strip()]
    return {"cells": cells, "regions": regions, **({"cages": cages} if cages else {}), **drawn}


def sudokupad_link(
    puzzle: Puzzle, *, title: str | None = None, author: str | None = None, rules: str | None = None,
    solution: Sequence[int] | None = None,
) -> str:  # fmt: skip
    """``https://sudokupad.app/scl...``: `sudokupad_json` compressed as SudokuPad does."""
    from lzstring import LZString

    doc = sudokupad_json(puzzle, title=title, author=author, rules=rules, solution=solution)
    text = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
    return LINK_PREFIX + LZString.compressToBase64(utf16_units(text))


def utf16_units(text: str) -> str:
    """``text`` as JavaScript (so SudokuPad's LZString) sees it: astral characters as surrogate pairs."""
    data = text.encode("utf-16-le", "surrogatepass")
    return "".join(map(chr, struct.unpack(f"<{len(data) // 2}H", data)))
