"""f-puzzles puzzles: JSON, or LZString base64 as in an f-puzzles link.

Reading (`read_fpuzzles`) accepts, for each puzzle, any of:

* a link ``https://f-puzzles.com/?load=N4Ig...`` (anything up to ``load=`` is
  skipped, and anything from a following ``&`` or ``#``);
* the part after ``load=`` alone, i.e. ``LZString.compressToBase64`` of the JSON;
  URL escapes such as ``%2B`` are decoded and a space is read as ``+``;
* the JSON itself, on one line or spread over many.

Several puzzles go one per line (a JSON document may span lines). The JSON is
``{"size": N, "grid": [[cell, ...], ...], ...}``. In a cell, ``"value": d``
with ``"given": true`` is a given; a ``value`` without ``given`` is a solver's
entry, not part of the puzzle, and is ignored. ``"region": k`` (0-based)
puts the cell in region k; where it is absent the cell is in its default box
(`box_shape`: 3x3 for 9x9, 2 rows x 3 columns for 6x6). Sizes without boxes
(5, 7, 11, 13) need a ``region`` in every cell. An explicit ``"region": null``
puts the cell in no region (so f-puzzles' solver and SudokuPad read it): the
puzzle then carries a `NoRegion` rule (a region left with fewer than N cells
only keeps its digits apart), and is written back the same way.

A variant's rules (killer cages, arrows, kropki dots, extra regions... every
key of `fpuzzles_rules.RULE_KEYS`) are read into `Puzzle.rules` by
`fpuzzles_rules.read_rules`, and written back by `fpuzzles_rules.write_rules`.

If a JSON document spanning lines is broken, the lines after its start are
skipped up to a blank line, a line starting with ``{`` or ``[``, or a line
that is a link or base64 string, and reading goes on from there.

f-puzzles' cosmetic keys (``line``, ``rectangle``, ``circle``, ``text``,
``cage``), whose meaning is in the rules text only, are read with it by
`fpuzzles_cosmetic` (SudokuPad's reader of a drawing), and refused, naming
the item, where no sentence gives one; those that are decoration are kept
(`Meta.decoration`) and written back. Constraints this tool does not
understand are refused, naming the key, rather than silently dropped: any
top-level key outside `TOP_LEVEL_KEYS`, `RULE_KEYS` and `COSMETIC_KEYS`
and any cell key outside `CELL_KEYS` makes the puzzle an `InputError`
unless its value is empty (``[]``, ``{}``, ``false``, ``null`` or ``""``),
which constrains nothing. A rule that
cannot be read, or that f-puzzles means otherwise than this tool, is refused
in one line naming the rule.

Writing (`to_fpuzzles_json`, `fpuzzles_link`, `write_fpuzzles`) gives a cell
``value`` + ``given`` for each given and a ``region`` only where the cell is not
in its default box (our regions are numbered to match the boxes they overlap
most); for sizes without boxes every cell gets one, and the rules in the keys
f-puzzles writes. Links hold compact JSON.
Encoding uses the ``lzstring`` package; decoding is `lzcodec`'s, which bounds
the decompressed size.
"""

from __future__ import annotations

import bisect
import json
import re
import urllib.parse
from collections.abc import Iterable, Iterator
from typing import Any

from ..core.case import InputError
from ..core.puzzle import MAX_SIZE, MIN_SIZE, Meta, Puzzle, PuzzleError, box_shape, standard_regions
from ..core.regions import check_regions
from ..core.rules import regions_leaving_cells
from .fpuzzles_cosmetic import COSMETIC_KEYS, cosmetic_rules, decoration, misread
from .fpuzzles_rules import RULE_KEYS, RuleProblem, read_rules, write_rules
from .links import embedded_link
from .lzcodec import DecodeError, decompress_base64
from .text import LINE_CAP, Overlong, Sample, stream_lines

LINK_PREFIX = "https://f-puzzles.com/?load="

TOP_LEVEL_KEYS = frozenset(
    {
        "size",
        "grid",
        # Text shown to the solver.
        "title",
        "author",
        "ruleset",
        # The setter's solution, and settings of f-puzzles' own solver and display.
        "solution",
        "highlightConflicts",
        "disabledlogic",
        "truecandidatesoptions",
    }
)
"""Top-level keys read or harmlessly ignored; any other non-empty key but
the rules' (`RULE_KEYS`) is refused."""

CELL_KEYS = frozenset(
    {"value", "given", "region", "centerPencilMarks", "cornerPencilMarks", "highlight", "c", "cArray"}
)
"""Cell keys read or harmlessly ignored (pencil marks are the solver's notes;
``highlight``, ``c`` and ``cArray`` colour the cell). ``givenPencilMarks``
restricts a cell's digits and is refused."""

_BASE64 = re.compile(r"[A-Za-z0-9+/=]+")
_MIN_BASE64 = 16
MAX_INT_DIGITS = 20


def looks_fpuzzles(sample: Sample) -> bool:
    """The first non-blank line starts with ``{``, contains ``load=`` or
    ``f-puzzles.com``, or is a base64 string that LZString decompresses to text
    starting ``{"`` (a JSON object)."""
    first = sample.lines[0].strip() if sample.lines else ""
    if first.startswith("{") or "load=" in first or "f-puzzles.com" in first:
        return True
    if len(first) < _MIN_BASE64 or not _BASE64.fullmatch(first):
        return False
    try:
        decoded = decompress_base64(first, max_chars=64, prefix=True)  # the start tells
    except DecodeError:
        return False
    return decoded.startswith('{"')


def read_fpuzzles(text: str) -> list[Puzzle | InputError]:
    """Read every puzzle of ``text``; a malformed or refused one comes back as an `InputError`."""
    return list(iter_fpuzzles(stream_lines([text])))


def iter_fpuzzles(lines: Iterable[str]) -> Iterator[Puzzle | InputError]:
    """Each puzzle of ``lines`` (or its problem), as soon as it is read."""
    return (puzzle for puzzle, _ in iter_with_documents(lines))


def read_with_documents(text: str) -> list[tuple[Puzzle | InputError, Any]]:
    """Every puzzle of ``text`` (or its problem) with the decoded JSON it came
    from (an `InputError` where there is none), each document decoded once."""
    return list(iter_with_documents(stream_lines([text])))


def iter_with_documents(lines: Iterable[str]) -> Iterator[tuple[Puzzle | InputError, Any]]:
    """`read_with_documents` for text that arrives a line at a time."""
    for number, item in enumerate(_documents(lines), start=1):
        yield (item, item) if isinstance(item, InputError) else (_from_json(number, item), item)


def decode_item(item: str) -> Any:
    """The JSON value of one link (perhaps inside prose: `embedded_link`), base64
    string or JSON text; raises `ValueError`."""
    item = (embedded_link(item) or item).strip()
    if item.startswith(("{", "[")):
        return _loads(item)
    if "load=" in item:
        item = re.split(r"[&#]", item.split("load=", 1)[1], maxsplit=1)[0]
    elif item.lower().startswith(("http:", "https:")):
        raise ValueError("a link without 'load=': only links that carry the puzzle (?load=...) can be read")
    item = urllib.parse.unquote(item).replace(" ", "+").strip()
    if not _BASE64.fullmatch(item):
        bad = next((ch for ch in item if not _BASE64.fullmatch(ch)), "")
        raise ValueError(
            f"not an f-puzzles link, base64 string or JSON (it holds {bad!r}, which base64 does not use)"
        )
    try:
        decoded = decompress_base64(item)
    except DecodeError as e:
        raise ValueError(f"the base64 string does not decode: {e}") from None
    if not decoded:
        raise ValueError("the base64 string does not decompress (is the link cut short?)")
    return _loads(decoded)


def _bounded_int(text: str) -> int:
    # Python refuses to convert integers of over 4300 digits; no sudoku needs 20.
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise ValueError(f"a number of {len(text)} digits, far more than any sudoku needs")
    return int(text)


_DECODER = json.JSONDecoder(parse_int=_bounded_int)


def _raw_decode(text: str, offset: int = 0) -> tuple[Any, int]:
    """One JSON value from ``text[offset:]`` and where it ends; every failure is a `ValueError`
    whose text starts "not valid JSON"."""
    try:
        return _DECODER.raw_decode(text, offset)
    except RecursionError:
        raise ValueError("not valid JSON for a puzzle: nested too deeply") from None
    except ValueError as e:
        raise ValueError(f"not valid JSON: {e}") from None


def _loads(text: str) -> Any:
    start = len(text) - len(text.lstrip())
    value, end = _raw_decode(text, start)
    if text[end:].strip():
        raise ValueError(f"not valid JSON: unexpected text after the document: {text[end:].strip()[:30]!r}")
    return value


def _documents(lines: Iterable[str]) -> Iterator[Any]:
    """Each puzzle's decoded JSON value, or an `InputError` in its place, read a
    run of lines at a time (`_runs`): memory does not grow with the input."""
    number = 0
    for first, run in _runs(lines):
        if isinstance(run[0], Overlong):
            number += 1
            yield InputError(
                f"line {first} is {run[0].length:,} characters long, more than any f-puzzles puzzle "
                f"(at most {LINE_CAP >> 20} MiB); skipped",
                number,
            )
            continue
        for item in _run_documents("\n".join(run) + "\n", first - 1, number):
            number += 1
            yield item


def _runs(lines: Iterable[str]) -> Iterator[tuple[int, list[str]]]:
    """Runs of lines (with the number of the first), each holding whole documents:
    a run ends before a line that starts a document (an unindented ``{`` or ``[``,
    a link, a base64 string) once its brackets are closed, or once it is over
    `LINE_CAP` characters; an `Overlong` line is a run by itself."""
    run: list[str] = []
    first, depth, size = 1, 0, 0
    for number, line in enumerate(lines, start=1):
        overlong = isinstance(line, Overlong)
        if run and (overlong or size > LINE_CAP or (depth <= 0 and _starts_document(line))):
            yield first, run
            run, depth, size = [], 0, 0
        if overlong:
            yield number, [line]
            continue
        if not run:
            first = number
        run.append(line)
        size += len(line)
        stripped = _JSON_STRING.sub("", line)
        depth += stripped.count("{") + stripped.count("[") - stripped.count("}") - stripped.count("]")
    if run:
        yield first, run


_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


def _starts_document(line: str) -> bool:
    stripped = line.strip()
    return (
        line.startswith(("{", "["))
        or "load=" in stripped
        or (len(stripped) >= _MIN_BASE64 and _BASE64.fullmatch(stripped) is not None)
    )


def _run_documents(text: str, before: int, numbered: int) -> Iterator[Any]:
    """The documents of one run of lines, ``text``, whose first line is line
    ``before + 1`` of the input; ``numbered`` puzzles came before."""
    lines = text.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))
    number = numbered
    k = 0
    while k < len(lines):
        stripped = lines[k].strip()
        if not stripped:
            k += 1
            continue
        number += 1
        if not stripped.startswith(("{", "[")):
            try:
                yield decode_item(stripped)
            except ValueError as e:
                yield InputError(f"{e} (line {before + k + 1})", number)
            k += 1
            continue
        offset = starts[k] + len(lines[k]) - len(lines[k].lstrip())
        try:
            value, end = _raw_decode(text, offset)
        except ValueError as e:
            yield InputError(str(e), number)
            k = _resync(lines, k + 1)
            continue
        last = bisect.bisect_right(starts, end - 1) - 1
        rest = text[end : starts[last + 1]].strip()
        k = last + 1
        if rest:
            yield InputError(
                f"unexpected text after the JSON document: {rest[:30]!r} (line {before + k})", number
            )
        else:
            yield value


def _resync(lines: list[str], k: int) -> int:
    """Skip the rest of a broken JSON document: up to a blank line, an unindented
    ``{`` or ``[``, or a line that is a link or a base64 string by itself."""
    while k < len(lines):
        line = lines[k]
        stripped = line.strip()
        if (
            not stripped
            or line.startswith(("{", "["))
            or "load=" in stripped
            or (len(stripped) >= _MIN_BASE64 and _BASE64.fullmatch(stripped))
        ):
            return k
        k += 1
    return k


def _names(keys: list[str]) -> str:
    """The first few ``keys``, each cut short: an error line stays one short line."""
    quoted = [repr(key[:40]) for key in keys[:_MAX_NAMES]]
    if len(keys) > _MAX_NAMES:
        quoted.append(f"{len(keys) - _MAX_NAMES} more")
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " and " + quoted[-1]


_MAX_NAMES = 5


def _shown(value: Any) -> str:
    """``value`` as JSON, cut to an excerpt for an error message."""
    text = json.dumps(value)
    return text if len(text) <= _EXCERPT else text[: _EXCERPT - 3] + "..."


_EXCERPT = 30


def _constraints(keys: list[str]) -> str:
    return "a constraint" if len(keys) == 1 else "constraints"


def _empty(value: Any) -> bool:
    return value is None or value is False or value in ([], {}, "")


def _from_json(number: int, doc: Any) -> Puzzle | InputError:
    if not isinstance(doc, dict):
        return InputError(f"expected a JSON object, found {type(doc).__name__}", number)
    known = TOP_LEVEL_KEYS | RULE_KEYS | set(COSMETIC_KEYS)
    unknown = [key for key, value in doc.items() if key not in known and not _empty(value)]
    if unknown:
        return InputError(
            f"the puzzle has {_names(unknown)}, {_constraints(unknown)} this tool does not understand",
            number,
        )
    size = doc.get("size")
    if type(size) is not int or not MIN_SIZE <= size <= MAX_SIZE:
        wanted = f"a whole number from {MIN_SIZE} to {MAX_SIZE}"
        return InputError(f"'size' is {_shown(size)}, not {wanted}", number)
    grid = doc.get("grid")
    if not isinstance(grid, list) or len(grid) != size:
        got = f"{len(grid)} rows" if isinstance(grid, list) else _shown(grid)
        return InputError(f"'grid' must be a list of {size} rows, found {got}", number)
    default = standard_regions(size) if box_shape(size) else None
    givens: list[int] = []
    labels: list[int] = []
    for r, row in enumerate(grid, start=1):
        if not isinstance(row, list) or len(row) != size:
            got = f"{len(row)} cells" if isinstance(row, list) else _shown(row)
            return InputError(f"a row of 'grid' must be a list of {size} cells, found {got}", number, r)
        for c, cell in enumerate(row, start=1):
            problem = _cell(cell, size, givens, labels, default)
            if problem:
                return InputError(problem, number, r, c)
    regions, partial = regions_leaving_cells(labels, size)
    try:
        puzzle = Puzzle(
            size, tuple(givens), regions if partial else check_regions(regions, size), rules=partial
        )
    except PuzzleError as e:
        return InputError(f"regions: {e.message}" if e.row else e.message, number, e.row, e.col)
    try:
        rules = partial + tuple(read_rules(doc, size))
        drawn, kept = cosmetic_rules(doc, size, rules)
        puzzle = puzzle.with_rules(rules + tuple(drawn))
    except (RuleProblem, PuzzleError) as e:
        return InputError(str(e), number)
    meta = _meta(doc, size, json.dumps(kept, separators=(",", ":")) if kept else None)
    wrong = misread(puzzle.with_rules(partial + tuple(drawn)), meta.solution) if drawn and meta else None
    return InputError(wrong, number) if wrong else puzzle.with_meta(meta)


def _meta(doc: dict[str, Any], size: int, decoration: str | None = None) -> Meta | None:
    """The document's title, author, rules and solution (a flat list of N²
    digits), where they are well-formed, and its ``decoration``; None when it
    has none of them."""
    texts = [doc.get(key) if isinstance(doc.get(key), str) and doc.get(key) else None for key in _META_KEYS]
    solution = doc.get("solution")
    grid = None
    if (
        isinstance(solution, list)
        and len(solution) == size * size
        and all(type(d) is int and 1 <= d <= size for d in solution)
    ):
        grid = tuple(solution)
    if grid is None and not any(texts) and decoration is None:
        return None
    title, author, rules = texts
    return Meta(title, author, rules, solution=grid, decoration=decoration)


_META_KEYS = ("title", "author", "ruleset")


def _cell(cell: Any, size: int, givens: list[int], labels: list[int], default: tuple[int, ...] | None) -> str:
    """Append the cell's given and region label; return what is wrong, or ``""``."""
    if not isinstance(cell, dict):
        return f"a cell must be a JSON object, found {_shown(cell)}"
    unknown = [key for key, value in cell.items() if key not in CELL_KEYS and not _empty(value)]
    if unknown:
        return f"the cell has {_names(unknown)}, {_constraints(unknown)} this tool does not understand"
    given = 0
    if cell.get("given") is True and "value" in cell:
        value = cell["value"]
        if type(value) is not int or not 1 <= value <= size:
            return f"the given 'value' is {_shown(value)}, not a digit from 1 to {size}"
        given = value
    givens.append(given)
    if "region" in cell and cell["region"] is None:
        labels.append(-1)
    elif "region" in cell:
        region = cell["region"]
        if type(region) is not int or not 0 <= region < size:
            return f"'region' is {_shown(region)}, not a whole number from 0 to {size - 1}"
        labels.append(region)
    elif default is None:
        return f"size {size} has no default boxes, so every cell needs a 'region'"
    else:
        labels.append(default[len(labels)])
    return ""


def to_fpuzzles_json(puzzle: Puzzle, title: str | None = None) -> dict[str, Any]:
    """The puzzle as an f-puzzles JSON object. ``region`` is written only where a
    cell is not in its default box (for sizes without boxes, everywhere; null
    for a cell in no region); the
    rules follow the grid (`write_rules`: `PuzzleError` for one f-puzzles cannot hold)."""
    n = puzzle.size
    default = standard_regions(n) if box_shape(n) else None
    names = _region_names(puzzle.region_map, default, n)
    grid = []
    for r in range(n):
        row = []
        for c in range(n):
            i = r * n + c
            cell: dict[str, Any] = {}
            if puzzle.givens[i]:
                cell["value"] = puzzle.givens[i]
                cell["given"] = True
            label = puzzle.region_map[i]
            region = names[label] if label >= 0 else None
            if default is None or region != default[i]:
                cell["region"] = region
            row.append(cell)
        grid.append(row)
    doc: dict[str, Any] = {"size": n}
    meta = puzzle.meta or Meta()
    title = title if title is not None else meta.title
    if title is not None:
        doc["title"] = title
    for key, text in (("author", meta.author), ("ruleset", meta.rules)):
        if text is not None:
            doc[key] = text
    doc["grid"] = grid
    doc.update(write_rules(puzzle))
    doc.update(decoration(meta.decoration, doc))
    if meta.solution is not None:
        doc["solution"] = list(meta.solution)
    return doc


def _region_names(regions: tuple[int, ...], default: tuple[int, ...] | None, n: int) -> list[int]:
    """An f-puzzles region number for each of our labels, matching the default
    boxes where they overlap most, so that few cells need a ``region``."""
    if default is None:
        return list(range(n))
    overlap: dict[tuple[int, int], int] = {}
    for ours, box in zip(regions, default, strict=True):
        if ours >= 0:  # -1: in no region
            overlap[ours, box] = overlap.get((ours, box), 0) + 1
    names = [-1] * n
    taken: set[int] = set()
    for (ours, box), _count in sorted(overlap.items(), key=lambda kv: -kv[1]):
        if names[ours] < 0 and box not in taken:
            names[ours] = box
            taken.add(box)
    free = iter(sorted(set(range(n)) - taken))
    return [name if name >= 0 else next(free) for name in names]


def fpuzzles_link(puzzle: Puzzle, title: str | None = None) -> str:
    """A full ``https://f-puzzles.com/?load=...`` link to the puzzle."""
    from lzstring import LZString

    text = json.dumps(to_fpuzzles_json(puzzle, title), separators=(",", ":"))
    return LINK_PREFIX + LZString.compressToBase64(text)


def write_fpuzzles(puzzles: Iterable[Puzzle]) -> str:
    """One f-puzzles link per line."""
    return "".join(fpuzzles_link(p) + "\n" for p in puzzles)
