"""A variant's rules in f-puzzles JSON: each key read into `core.rules`
objects (`read_rules`) and written back in the keys f-puzzles writes
(`write_rules`); reading what was written gives the rules in `fpuzzles_order`.

The shapes, checked against f-puzzles' own export code and its solver
plug-in's reader: cells ``"R1C1"``; sums and dot values strings (``"15"``; a
number is read too); ``killercage`` ``{cells, value?}`` (no value: no sum);
``littlekillersum`` ``{cell, direction: DR|DL|UR|UL, value, cells}`` (``cell``
outside the grid; ``cells``, the diagonal, is not read); ``sandwichsum``
``{cell: R0Cc | RrC0, value}``; ``arrow`` ``{cells: bulb, lines: [[bulb cell,
...], ...]}`` (a line, an `Arrow`; a two-cell bulb is a number in ``cells``
order); ``{lines}`` of ``thermometer``, ``palindrome``, ``betweenline`` and
the plug-in's ``renban``, ``whispers`` (``value``: the gap), ``regionsumline``
(a line, a rule); ``difference`` / ``ratio`` ``{cells, value?}``; ``xv``
``{cells, value: X|V}``; ``negative`` (``ratio``, ``difference``, ``xv``);
``odd``, ``even``, ``minimum``, ``maximum`` ``{cell}``; ``clone`` ``{cells,
cloneCells}``; ``quadruple`` ``{cells, values: [numbers]}``; ``extraregion``
``{cells}`` (the four windoku windows read as `Windoku`); and the flags.
Every line kind of `core.rules.registry.line_kinds` by its key (``{lines,
value?}``, the value its `Rule.fpuzzles_value`; a sum or region-sum line back
to its first cell a loop, our convention: `Line.as_drawn`); ``xsum`` and ``skyscraper``
``{cell, value}`` (the cell just outside the grid, as dclamage's solver reads
them); and keys of ours, where f-puzzles has none: ``sumcage`` ``{cells,
value}`` (a cage whose digits may repeat), ``countingcircles`` ``{cells}``,
``framesum`` ``{cell, value}`` and ``outside`` ``{cell, value}`` (``value``
the clue's digits, ``"157"``; parted by commas past 9).

f-puzzles' ``nonconsecutive`` is its negative white-dot rule: neighbours are
not consecutive unless a kropki dot (either colour) is between them. It reads
as `NoOtherDots` ("white") when there are white dots of difference 1, else as
`Apart` ("nonconsecutive"). A kropki dot of either colour exempts its pair
from both kropki negatives, as in f-puzzles (`NoOtherDots`). Where f-puzzles'
meaning and ours part (a negative rule with dots of another value, a dot
beside our strict non-consecutive rule, a repeated quadruple digit), the
rule is refused in one line naming it, when read and when written.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from typing import Any

from ..core.geometry import box_shape
from ..core.puzzle import Puzzle, PuzzleError
from ..core.rules import (
    Apart,
    Arrow,
    CellMark,
    Clone,
    CountingCircles,
    Dot,
    ExtraRegion,
    FrameSum,
    KillerCage,
    LittleKiller,
    NoOtherDots,
    NoRegion,
    OutsideClue,
    Quadruple,
    Rule,
    Sandwich,
    Skyscraper,
    SumCage,
    Windoku,
    XSum,
    cell_list,
)
from ..core.rules.houses import windows
from ..core.rules.lines import Line
from ..core.rules.registry import RULES, grid_rules, line_kinds
from ..core.rules.sums import STEPS, outside_name
from .fpuzzles_meaning import RuleProblem, check_shared_meaning
from .numbers import TooLarge, whole_number

FLAGS = {key: rule for key, rule in grid_rules().items() if key != "nonconsecutive"}
"""The flags (``true``) that are one rule each; ``nonconsecutive`` is read apart."""

LINES = line_kinds()
"""The keys of ``{lines}`` entries whose every line is one rule (with its
`Rule.fpuzzles_value` from the entry's ``value``, if any)."""

DOTS = {style.fpuzzles: key for key, style in Dot.styles.items() if style.fpuzzles != "xv"}
MARKS = {style.fpuzzles: key for key, style in CellMark.styles.items()}
NEGATIVES = {"difference": "white", "ratio": "black", "xv": "xv"}

RULE_KEYS = frozenset(
    {"killercage", "littlekillersum", "sandwichsum", "arrow", "xv", "negative"}
    | {"sumcage", "xsum", "skyscraper", "framesum", "outside", "countingcircles"}
    | {"clone", "quadruple", "extraregion", "nonconsecutive"}
    | set(FLAGS)
    | set(LINES)
    | set(DOTS)
    | set(MARKS)
)
"""Every top-level key `read_rules` reads."""

ORDER = sorted(RULES, key=lambda kind: kind != "noregion")
"""The order of kinds `read_rules` gives (`RULES`' order, but cells in no
region, which the grid's cells say, first; windoku with the extra regions)."""
_SUB = {
    (kind.kind, key): [other.fpuzzles for other in kind.styles.values()].index(style.fpuzzles)
    for kind in RULES.values()
    for key, style in kind.styles.items()
}
"""Within a kind, its styles in their order (those f-puzzles keeps under one key, X and V, as one)."""


def fpuzzles_order(rules: Sequence[Rule]) -> tuple[Rule, ...]:
    """``rules`` in the order `read_rules` gives them back: by kind (`ORDER`),
    then by style, keeping their order within each."""

    def key(rule: Rule) -> tuple[int, int]:
        kind = "extraregion" if rule.kind == "windoku" else rule.kind
        return ORDER.index(kind), _SUB[rule.kind, rule.variety()]

    return tuple(sorted(rules, key=key))


# Reading --------------------------------------------------------------------------------------


def _shown(value: Any) -> str:
    """``value`` as JSON, cut to an excerpt for an error message."""
    text = "".join(ch if ch.isprintable() else "?" for ch in json.dumps(value))
    return text if len(text) <= _EXCERPT else text[: _EXCERPT - 3] + "..."


_EXCERPT = 30


def _empty(value: Any) -> bool:
    return value is None or value is False or value in ([], {}, "")


_CELL = re.compile(r"R(\d{1,2})C(\d{1,2})", re.IGNORECASE)


def _place(name: Any, size: int, where: str, outside: bool = False) -> tuple[int, int]:
    """The 1-based (row, column) of a cell name; ``outside``: row or column may be 0 or N+1."""
    match = _CELL.fullmatch(name) if isinstance(name, str) else None
    low, high = (0, size + 1) if outside else (1, size)
    if match is None or not all(low <= int(part) <= high for part in match.groups()):
        grid = "just outside" if outside else "in"
        raise RuleProblem(f"{where}: {_shown(name)} is not a cell {grid} the {size}x{size} grid (R1C1 style)")
    return int(match[1]), int(match[2])


def _cells(value: Any, size: int, where: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not value:
        raise RuleProblem(f'{where}: expected a list of cells such as ["R1C1"], found {_shown(value)}')
    places = [_place(name, size, where) for name in value]
    return tuple((r - 1) * size + c - 1 for r, c in places)


def _number(value: Any, where: str, what: str) -> int | None:
    """A whole number written as a number or a string of digits; None when absent."""
    if value is None or value == "":
        return None
    try:
        number = whole_number(value)
    except TooLarge:
        raise RuleProblem(f"{where}: the {what} {_shown(value)} is too large") from None
    if number is None:
        raise RuleProblem(f"{where}: the {what} {_shown(value)} is not a whole number")
    return number


def _needed(value: Any, where: str, what: str) -> int:
    number = _number(value, where, what)
    if number is None:
        raise RuleProblem(f"{where}: it has no {what}")
    return number


def _entries(doc: dict[str, Any], key: str, label: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each entry of list ``key``, with the name of its rule by number ("killer cage 2")."""
    value = doc.get(key)
    if _empty(value):
        return
    if not isinstance(value, list):
        raise RuleProblem(f"the {label}s: expected a list, found {_shown(value)}")
    for number, entry in enumerate(value, start=1):
        if not isinstance(entry, dict):
            raise RuleProblem(f"{label} {number}: expected a JSON object, found {_shown(entry)}")
        yield f"{label} {number}", entry


def _lines(entry: dict[str, Any], size: int, where: str) -> list[tuple[int, ...]]:
    lines = entry.get("lines")
    if not isinstance(lines, list) or not lines:
        raise RuleProblem(f"{where}: expected 'lines', a list of lines of cells, found {_shown(lines)}")
    return [_cells(line, size, where) for line in lines]


def _flag(doc: dict[str, Any], key: str, label: str) -> bool:
    value = doc.get(key)
    if _empty(value):
        return False
    if value is not True:
        raise RuleProblem(f"the {label}: {_shown(value)} is neither true nor false")
    return True


def _killers(doc: dict[str, Any], size: int) -> Iterator[Rule]:
    for where, entry in _entries(doc, "killercage", "killer cage"):
        cells = _cells(entry.get("cells"), size, where)
        name = f"the killer cage {cell_list(cells, size)}"
        yield KillerCage(cells, _number(entry.get("value"), name, "sum"))


def _sum_cages(doc: dict[str, Any], size: int) -> Iterator[Rule]:
    for where, entry in _entries(doc, "sumcage", "cage whose digits may repeat"):
        cells = _cells(entry.get("cells"), size, where)
        name = f"the killer cage {cell_list(cells, size)} (digits may repeat)"
        yield SumCage(cells, _needed(entry.get("value"), name, "sum"))


def _outside_clues(doc: dict[str, Any], size: int) -> Iterator[Rule]:
    """X-sums, skyscrapers, frame sums and outside clues: ``{cell, value}``, the
    cell just outside the grid."""
    for kind in (XSum, Skyscraper, FrameSum):
        for at, name, value in _clue_entries(doc, kind, size):
            yield kind(at, _needed(value, name, "value"))
    for at, name, value in _clue_entries(doc, OutsideClue, size):
        yield OutsideClue(at, _digits(value, name, size))


def _clue_entries(
    doc: dict[str, Any], kind: type[Rule], size: int
) -> Iterator[tuple[tuple[int, int], str, Any]]:
    """Each clue of ``kind`` outside the grid: its place, its name and its ``value``."""
    label = kind.styles[""].label
    for where, entry in _entries(doc, kind.styles[""].fpuzzles, label):
        at = _place(entry.get("cell"), size, where, outside=True)
        yield at, f"the {label} at {outside_name(at)}", entry.get("value")


def _digits(value: Any, where: str, size: int) -> tuple[int, ...]:
    """An outside clue's digits: parted by commas or spaces, or else, up to
    9x9, a string of digits one a character ("157")."""
    text = str(value).strip() if isinstance(value, (str, int)) and not isinstance(value, bool) else ""
    parts = re.split(r"[,\s]+", text) if size > 9 or re.search(r"[,\s]", text) else list(text)
    if not parts or not all(p.isascii() and p.isdigit() for p in parts):
        raise RuleProblem(f"{where}: the digits {_shown(value)} are not digits")
    return tuple(int(p) for p in parts)


def _counting_circles(doc: dict[str, Any], size: int) -> Iterator[Rule]:
    """Every ``countingcircles`` entry (``{cell}``, as odd and even cells): one rule, as a digit
    counts the circles of the whole grid."""
    circles = []
    for where, entry in _entries(doc, "countingcircles", "counting circle"):
        r, c = _place(entry.get("cell"), size, where)
        circles.append((r - 1) * size + c - 1)
    if circles:
        yield CountingCircles(tuple(circles))


def _little_killers(doc: dict[str, Any], size: int) -> Iterator[Rule]:
    for where, entry in _entries(doc, "littlekillersum", "little killer"):
        at = _place(entry.get("cell"), size, where, outside=True)
        name = f"the little killer at {outside_name(at)}"
        direction = entry.get("direction")
        if not isinstance(direction, str) or direction not in STEPS:
            raise RuleProblem(f"{name}: the direction {_shown(direction)} is not one of {', '.join(STEPS)}")
        yield LittleKiller(at, direction, _needed(entry.get("value"), name, "sum"))


def _sandwiches(doc: dict[str, Any], size: int) -> Iterator[Rule]:
    for where, entry in _entries(doc, "sandwichsum", "sandwich sum"):
        r, c = _place(entry.get("cell"), size, where, outside=True)
        name = f"the sandwich sum at {outside_name((r, c))}"
        if r in (0, size + 1) and 1 <= c <= size:
            line, index = "column", c
        elif c in (0, size + 1) and 1 <= r <= size:
            line, index = "row", r
        else:
            raise RuleProblem(f"{name}: the clue is not beside a row or a column")
        yield Sandwich(line, index, _needed(entry.get("value"), name, "sum"))


def _arrows(doc: dict[str, Any], size: int) -> Iterator[Rule]:
    for where, entry in _entries(doc, "arrow", "arrow"):
        bulb = _cells(entry.get("cells"), size, where)
        name = f"the arrow {cell_list(bulb, size)}"
        shaftless = RuleProblem(f"the arrow at {cell_list(bulb, size)}: its circle has no arrow")
        if _empty(entry.get("lines")):
            raise shaftless
        for line in _lines(entry, size, name):
            if line[0] not in bulb:
                raise RuleProblem(f"{name}: its line starts at {cell_list(line[:1], size)}, not in its bulb")
            if len(line) == 1:
                raise shaftless
            yield Arrow(bulb, line[1:])


def _line_rules(doc: dict[str, Any], size: int) -> Iterator[Rule]:
    for key, kind in LINES.items():
        label = kind.styles[""].label
        for where, entry in _entries(doc, key, label):
            lines = _lines(entry, size, where)
            value: dict[str, Any] = {}
            if kind.fpuzzles_value:
                name = f"the {label} {cell_list(lines[0], size)}"
                number = _number(entry.get("value"), name, kind.fpuzzles_value)
                value = {} if number is None else {kind.fpuzzles_value: number}
            make = kind.as_drawn if issubclass(kind, Line) else kind  # a loop: `Line.as_drawn`
            yield from (make(line, **value) for line in lines)  # type: ignore[call-arg]


def _dots(doc: dict[str, Any], size: int) -> Iterator[Dot]:
    for key, style in [*DOTS.items(), ("xv", "")]:
        for where, entry in _entries(doc, key, "XV marker" if key == "xv" else f"{style} kropki dot"):
            pair = _cells(entry.get("cells"), size, where)
            name = f"the {where.rsplit(' ', 1)[0]} at {cell_list(pair, size)}"
            if len(pair) != 2:
                raise RuleProblem(f"{name}: a dot is between two cells")
            if key != "xv":
                yield Dot(style, (pair[0], pair[1]), _number(entry.get("value"), name, "value"))
                continue
            value = entry.get("value")
            if not isinstance(value, str) or value.upper() not in ("X", "V"):
                raise RuleProblem(f"{name}: its value {_shown(value)} is neither X nor V")
            yield Dot(value.lower(), (pair[0], pair[1]))


def _marks(doc: dict[str, Any], size: int) -> Iterator[Rule]:
    for key, style in MARKS.items():
        for where, entry in _entries(doc, key, f"{key} cell"):
            r, c = _place(entry.get("cell"), size, where)
            yield CellMark(style, (r - 1) * size + c - 1)


def _groups(doc: dict[str, Any], size: int) -> Iterator[Rule]:
    for where, entry in _entries(doc, "clone", "clone"):
        yield Clone(_cells(entry.get("cells"), size, where), _cells(entry.get("cloneCells"), size, where))
    for where, entry in _entries(doc, "quadruple", "quadruple"):
        corner = _cells(entry.get("cells"), size, where)
        values = entry.get("values")
        if not isinstance(values, list) or not values:
            raise RuleProblem(f"{where}: expected 'values', a list of digits, found {_shown(values)}")
        name = f"the quadruple at {cell_list(corner, size)}"
        yield Quadruple(corner, tuple(_needed(value, name, "digit") for value in values))


def _extra_regions(doc: dict[str, Any], size: int) -> list[Rule]:
    """The extra regions, the four windoku windows (in any order) folded into one `Windoku`."""
    found: list[Rule] = [
        ExtraRegion(_cells(entry.get("cells"), size, where))
        for where, entry in _entries(doc, "extraregion", "extra region")
    ]
    wanted = {frozenset(window) for window in windows(size)} if box_shape(size) == (3, 3) else set()
    for k in range(len(found) - 3):
        shapes = {frozenset(rule.cells()) for rule in found[k : k + 4]}
        if wanted and shapes == wanted:
            return [*found[:k], Windoku(), *found[k + 4 :]]
    return found


def _negatives(doc: dict[str, Any], dots: Sequence[Dot]) -> list[Rule]:
    """The `NoOtherDots` of ``negative``, and f-puzzles' ``nonconsecutive``
    (a white negative where there are white dots of difference 1, else `Apart`)."""
    names = doc.get("negative")
    if _empty(names):
        names = []
    if not isinstance(names, list) or not all(isinstance(n, str) and n in NEGATIVES for n in names):
        wanted = "a list of 'ratio', 'difference' and 'xv'"
        raise RuleProblem(f"the negative constraints: {_shown(names)} is not {wanted}")
    styles = list(dict.fromkeys(NEGATIVES[name] for name in names))
    out: list[Rule] = [NoOtherDots(style) for style in styles]
    if _flag(doc, "nonconsecutive", "non-consecutive constraint") and "white" not in styles:
        white_ones = any(dot.style == "white" and dot.amount == 1 for dot in dots)
        out.append(NoOtherDots("white") if white_ones else Apart("nonconsecutive"))
    return out


def read_rules(doc: dict[str, Any], size: int, shared: bool = True) -> tuple[Rule, ...]:
    """The rules of an f-puzzles document, in `fpuzzles_order`; `RuleProblem`
    for an entry that cannot be read or (``shared``) whose meaning f-puzzles
    and this tool do not share (each rule is validated later, by `Puzzle`)."""
    dots = list(_dots(doc, size))
    rules: list[Rule] = [
        *_killers(doc, size),
        *_sum_cages(doc, size),
        *_outside_clues(doc, size),
        *_counting_circles(doc, size),
        *_little_killers(doc, size),
        *_sandwiches(doc, size),
        *_arrows(doc, size),
        *_line_rules(doc, size),
        *dots,
        *_negatives(doc, dots),
        *_marks(doc, size),
        *_groups(doc, size),
        *(rule for key, rule in FLAGS.items() if _flag(doc, key, rule.describe(size).removeprefix("the "))),
        *_extra_regions(doc, size),
    ]
    if shared:
        check_shared_meaning(rules, size)
    return fpuzzles_order(rules)


# Writing --------------------------------------------------------------------------------------


def _name(cell: int, size: int) -> str:
    return f"R{cell // size + 1}C{cell % size + 1}"


def _names(cells: Sequence[int], size: int) -> list[str]:
    return [_name(cell, size) for cell in cells]


def rule_entries(rule: Rule, n: int) -> list[tuple[str, Any]]:
    """The (key, entry) pairs that write ``rule`` (of a puzzle `write_rules`
    takes); an entry ``True`` is a flag, a ``negative`` one a name in its list."""
    if isinstance(rule, KillerCage):
        cage: dict[str, Any] = {"cells": _names(rule.cage, n)}
        return [("killercage", cage if rule.total is None else {**cage, "value": str(rule.total)})]
    if isinstance(rule, LittleKiller):
        clue = {"cell": f"R{rule.at[0]}C{rule.at[1]}", "cells": _names(rule.diagonal(n), n)}
        return [("littlekillersum", {**clue, "direction": rule.direction, "value": str(rule.total)})]
    if isinstance(rule, SumCage):
        return [("sumcage", {"cells": _names(rule.cage, n), "value": str(rule.total)})]
    if isinstance(rule, OutsideClue):
        return [("outside", {"cell": f"R{rule.at[0]}C{rule.at[1]}", "value": rule.text(n)})]
    if isinstance(rule, (XSum, Skyscraper, FrameSum)):
        value = rule.count if isinstance(rule, Skyscraper) else rule.total
        return [(rule.traits.fpuzzles, {"cell": f"R{rule.at[0]}C{rule.at[1]}", "value": str(value)})]
    if isinstance(rule, CountingCircles):
        return [("countingcircles", {"cell": _name(cell, n)}) for cell in rule.circles]
    if isinstance(rule, Sandwich):
        cell = f"R{rule.index}C0" if rule.line == "row" else f"R0C{rule.index}"
        return [("sandwichsum", {"cell": cell, "value": str(rule.total)})]
    if isinstance(rule, Arrow):
        line = _names((rule.leaves_from(n), *rule.line), n)
        return [("arrow", {"cells": _names(rule.bulb, n), "lines": [line]})]
    if isinstance(rule, Dot):
        return [_dot_entry(rule, n)]
    if isinstance(rule, NoOtherDots):
        key = {v: k for k, v in NEGATIVES.items()}[rule.style]
        return [("negative", key), *([("nonconsecutive", True)] if rule.style == "white" else [])]
    if isinstance(rule, CellMark):
        return [(rule.traits.fpuzzles, {"cell": _name(rule.cell, n)})]
    return _other_entry(rule, n)


def _dot_entry(dot: Dot, n: int) -> tuple[str, Any]:
    cells = _names(dot.pair, n)
    if dot.style in ("x", "v"):
        return "xv", {"cells": cells, "value": dot.style.upper()}
    key = dot.traits.fpuzzles
    return key, {"cells": cells} if dot.value is None else {"cells": cells, "value": str(dot.value)}


def _other_entry(rule: Rule, n: int) -> list[tuple[str, Any]]:
    if rule.traits.fpuzzles in LINES:
        field = type(rule).fpuzzles_value
        value = {} if not field or getattr(rule, field) is None else {"value": getattr(rule, field)}
        drawn = rule.drawn() if isinstance(rule, Line) else rule.cells()
        return [(rule.traits.fpuzzles, {"lines": [_names(drawn, n)], **value})]
    if FLAGS.get(rule.traits.fpuzzles) == rule:
        return [(rule.traits.fpuzzles, True)]
    if isinstance(rule, Apart):  # non-consecutive (the others are flags)
        return [("nonconsecutive", True)]
    if isinstance(rule, Clone):
        return [("clone", {"cells": _names(rule.first, n), "cloneCells": _names(rule.second, n)})]
    if isinstance(rule, Quadruple):
        return [("quadruple", {"cells": _names(rule.corner, n), "values": list(rule.digits)})]
    if isinstance(rule, ExtraRegion):
        return [("extraregion", {"cells": _names(rule.region, n)})]
    if isinstance(rule, Windoku):
        return [("extraregion", {"cells": _names(window, n)}) for window in windows(n)]
    if isinstance(rule, NoRegion):
        return []  # the grid's cells say it (`region` null)
    raise RuleProblem(f"{rule.describe(n)}: f-puzzles has no key for it")


def write_rules(puzzle: Puzzle) -> dict[str, Any]:
    """The puzzle's rules as f-puzzles keys (flags, lists of entries,
    ``negative``); `PuzzleError` naming a rule f-puzzles cannot hold as we mean it."""
    n = puzzle.size
    try:
        check_shared_meaning(puzzle.rules, n)
        pairs = [pair for rule in fpuzzles_order(puzzle.rules) for pair in rule_entries(rule, n)]
    except RuleProblem as e:
        raise PuzzleError(f"the fpuzzles format cannot hold {e}") from None
    out: dict[str, Any] = {}
    for key, entry in pairs:
        if key == "negative":
            out.setdefault("negative", [])
            if entry not in out["negative"]:
                out["negative"].append(entry)
        elif entry is True:
            out[key] = True
        else:
            out.setdefault(key, []).append(entry)
    return out
