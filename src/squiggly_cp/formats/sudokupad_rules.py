"""The rules drawn in SudokuPad's own ("CTC") JSON, read with the puzzle's
rules text (`drawn_rules`), and the whole-grid rules its metadata switches on
(`flag_rules`).

SudokuPad stores pictures, not rules: a grey line is a thermometer, a
palindrome or decoration as the rules text says. So each drawn element
(`sudokupad_marks`: a line through cells with its bulbs, an arrow with its
circle, a dot, X or V on an edge, a mark in a cell, a clue outside the grid,
a circle where four cells meet, shaded cells, a cage) is matched against the
look every rule kind declares for each of its styles (`Style.look`, and
``Style.also``: how SudokuPad's own f-puzzles converter draws it where that
differs), and given its meaning in this order:

* a style it is drawn in that a sentence of the rules text gives
  (`sudokupad_text`: by what it asserts, its phrases or our own sentence);
* else the style a sentence gives together with a colour word that fits
  the element's colour ("grey lines are renban lines", "digits along green
  lines differ by at least 4": a sentence giving a look another meaning wins);
* else the one style it is drawn in (SudokuPad's conventions: the drawing
  alone fixes odd and even cells, diagonals, kropki dots...).

It is refused, in one line naming it, when two styles remain (one look, two
rules) or none does; a number outside the grid with no arrow that is beside
no row or column, and a word there, are decoration. A sentence naming a
drawn rule by a colour that nothing drawn has is refused (the text and the
drawing disagree), and so is a colour word that fits drawn colours of two
families or meanings; a sentence naming a rule of the whole grid (anti-knight,
all dots given) switches it on ("all possible dots are given", of no colour:
both kropki colours' where the puzzle has dots of both, else refused).
Each element's rule is built through its
f-puzzles entry (`fpuzzles_rules.read_rules`: a line's cells, a dot's value,
a clue's place and arrow), a value a sentence gives that is the rule's
default (a whisper's gap of 5 on a 9x9) dropped.

f-puzzles' cosmetic items, drawn as SudokuPad's converter draws them
(`fpuzzles_cosmetic`), are given their meaning here too (`meant_rules`),
but from a sentence only, beside the rules the document's keys hold.

Whole-grid rules in the metadata (object or cages): f-puzzles' names true
(``antiknight``, ``antiking``, ``nonconsecutive``, ``disjointgroups``), and
``negative`` naming kinds of dots whose every instance is drawn (``white``,
``black``, ``xv``, or f-puzzles' ``difference``, ``ratio``, ``xv``).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Sequence
from typing import Any

from ..core.puzzle import PuzzleError
from ..core.rules import Rule
from ..core.rules.base import Look, Style
from ..core.rules.dots import ALL_DOTS, Dot
from ..core.rules.registry import RULES, grid_rules, whole_rule
from .fpuzzles_rules import NEGATIVES as FPUZZLES_NEGATIVES
from .fpuzzles_rules import RuleProblem, read_rules
from .line_rules import LINE_RULES
from .sudokupad_marks import elements, form
from .sudokupad_shapes import Drawn, empty, items, refused, shown
from .sudokupad_text import (
    Said,
    by_sentence,
    colour_fits,
    colour_name,
    hexed,
    read_text,
    sentence,
    styles,
)

__all__ = ["FLAGS", "NEGATIVES", "drawn_rules", "fits", "flag_rules", "meant_rules"]

NEGATIVES: dict[str, Rule] = {
    key: kind(key)  # type: ignore[call-arg]  # such a rule is built from its style alone
    for kind in RULES.values()
    for key, style in kind.styles.items()
    if style.look.element == "whole" and style.fpuzzles == "negative"
}
"""The negative constraints (all dots of a kind given) by our writer's metadata name."""
FLAGS: dict[str, Rule] = {
    key: rule for key, rule in grid_rules().items() if rule.traits.look.element == "whole"
}
"""Metadata keys (f-puzzles' names) that switch on a whole-grid rule when ``true``."""


def flag_rules(flags: Iterable[tuple[str, Any]]) -> list[Rule]:
    """The whole-grid rules that metadata ``(key, value)`` pairs switch on with
    ``true`` (`FLAGS`), and ``negative`` naming a kind of dot (``white``,
    ``black``, ``xv``, as our writer puts it) whose every instance is drawn."""
    found: list[Rule] = []
    for key, value in flags:
        if key == "negative" and not empty(value):
            names = [str(v).strip().lower() for v in items(value)]
            names = [FPUZZLES_NEGATIVES.get(name, name) for name in names]  # f-puzzles' names too
            if not all(name in NEGATIVES for name in names):
                raise refused(f"the negative constraint {shown(value)}")
            found += [NEGATIVES[name] for name in names if NEGATIVES[name] not in found]
        if key in FLAGS and str(value).strip().lower() == "true" and FLAGS[key] not in found:
            found.append(FLAGS[key])
    return found


def _looks(style: Style) -> tuple[Look, ...]:
    return (style.look, *style.also)


def fits(drawn: Drawn, look: Look, loose: bool = False) -> bool:
    """Is ``drawn`` in ``look`` (a declared style's, or one SudokuPad draws it
    in)? ``loose``: of its form, in any colour and width (a line's bulbs, a
    mark's shape; a dot's colour, which is its meaning, still counts)."""
    if drawn.element != look.element:
        return False
    same = loose or hexed(look.colour) == drawn.colour
    if drawn.element in ("path", "arrow"):
        wide = loose or abs(drawn.thickness - look.thickness) <= 1
        return same and wide and drawn.bulb == look.bulb and drawn.shape in ("", look.shape)
    if drawn.element == "edge":
        text = drawn.shape == "text" and drawn.text.upper() == look.text
        return (
            text if look.shape == "text" else drawn.shape == look.shape and hexed(look.colour) == drawn.colour
        )
    if drawn.element == "cell":
        return drawn.shape == look.shape and same and drawn.text == look.text
    if drawn.element == "outside":
        return drawn.shape == look.shape and _numbers(drawn.text)
    if drawn.element == "corner":
        return drawn.shape == look.shape
    if drawn.element == "shade":
        return same and drawn.shape == look.shape
    if drawn.element == "diagonal":
        return drawn.text == look.text
    # A cage: its flag says whether digits may repeat; only a sentence saying they may overrules it.
    return drawn.element == "cage" and (drawn.shape == look.text or (loose and look.text == "repeat"))


_STYLES = styles()
_ANCHORED = ("path", "arrow", "edge", "cell", "outside", "corner", "shade", "cage", "diagonal")
"""The elements a sentence can point at in the drawing (the others: whole-grid rules, regions)."""


def drawn_rules(doc: dict[str, Any], n: int, text: str | None = None) -> list[Rule]:
    """The rules the cages, lines, arrows, underlays and overlays of ``doc`` draw
    on an ``n``-grid, each given its meaning by the rules ``text`` where it
    says one, else by the one declared style it is drawn in; raises
    `PuzzleError` naming the first element or sentence it refuses."""
    return meant_rules(elements(doc, n), n, read_text(text))


def meant_rules(
    drawn: list[Drawn],
    n: int,
    said: list[Said],
    keyed: Sequence[Rule] | None = None,
) -> list[Rule]:
    """The rules of the ``drawn`` elements, given their meaning by what the
    rules text ``said`` (`read_text`), and the whole-grid rules it names
    (`drawn_rules`). ``keyed``: the elements are f-puzzles' cosmetic items
    beside the rules its keys hold. Each then takes its meaning from a
    sentence only: none from its look alone, none from a sentence naming no
    colour and a kind the keys hold (it names those); and a sentence naming a
    kind the keys hold is accounted for."""
    kinds = None if keyed is None else frozenset(rule.kind for rule in keyed)
    permits = [s for s in said if s.permits]
    said = [s for s in said if not s.permits]
    if any(s.kind == "clone" and re.search(r"\bcages?\b", s.sentence, re.IGNORECASE) for s in said):
        drawn = _cloned(drawn, n)
    for item in drawn:
        _give_meaning(item, said, n, kinds)
        # A permission ("digits may repeat along a diagonal") said of what only a look means: in doubt.
        looks = {(k, key) for k, key, by in item.meaning if by is None}
        doubt = [s for s in permits if (s.kind, s.key) in looks]
        if doubt:
            raise PuzzleError(
                f"SudokuPad: {doubt[0].where()} permits something of {item.where}, whose rule only its look "
                "gives: refused"
            )
    _all_dots(said, drawn, keyed or ())
    _check_sentences(said, drawn, kinds or frozenset())
    for s in said:
        why = RULES[s.kind].misstated(s.sentence, n)
        if why:
            raise PuzzleError(f"SudokuPad: {s.where()} gives a {RULES[s.kind].label} but {why}: refused")
    rules: list[Rule] = []
    for kind, key in dict.fromkeys((s.kind, s.key) for s in said):
        style = RULES[kind].styles[key]
        if style.look.element == "whole":
            rules.append(whole_rule(kind, key))
    return [*_built(drawn, n), *rules]


Meaning = tuple[str, str, Said | None]
"""A style (kind, key) and the sentence that gives it, if one does."""


def _give_meaning(item: Drawn, said: list[Said], n: int, keyed: frozenset[str] | None = None) -> None:
    """Which style ``item`` is: one it is drawn in that a sentence names, else
    what a sentence naming its colour says (of a style of its form), else what
    a sentence naming no colour says (of a style of its form), else the one
    style it is drawn in. ``keyed``: an f-puzzles cosmetic item beside rules
    of these kinds (`meant_rules`): a sentence's meaning only."""
    if item.element == "outline":
        raise refused(item.where)
    if item.element == "outside" and not item.direction and not (_numbers(item.text) and _beside(item.at, n)):
        return  # a word outside the grid, or a number by no row or column and with no arrow: decoration
    told = [s for s in LINE_RULES.get() if item.element == "path" and s.colour == item.colour]
    if told:  # the user says what lines of this colour are: over the drawing and the text
        item.meaning = [(told[-1].kind, told[-1].key, told[-1])]
        return
    same = [
        s
        for s in said
        if RULES[s.kind].styles[s.key].look.element == item.element
        and (s.colour is not None or s.kind not in (keyed or ()))  # else it names the keyed rules
    ]
    # "Digits may repeat in cages" wins over the flag; our own sentence for such cages is about those
    # flagged so ("digits in a cage with a total ... may repeat in it").
    repeat = [s for s in same if RULES[s.kind].styles[s.key].look.text == "repeat" and not _ours(s)]
    if item.element == "cage" and repeat:
        item.meaning = [(repeat[0].kind, repeat[0].key, repeat[0])]
        return
    looking = _candidates(item)
    fitting = {(k, key) for k, key, _ in looking}
    confirmed: list[Meaning] = [
        (s.kind, s.key, s) for s in same if (s.kind, s.key) in fitting and _coloured(s, item) is not False
    ]
    loose = [
        s
        for s in same
        if any(fits(item, look, loose=True) for look in _looks(RULES[s.kind].styles[s.key]))
        and not (item.element == "cage" and _ours(s))
    ]
    coloured: list[Meaning] = [(s.kind, s.key, s) for s in loose if _coloured(s, item)]
    named: list[Meaning] = [(s.kind, s.key, s) for s in loose if s.colour is None]
    options = confirmed or coloured or named or (looking if keyed is None else [])
    if not options and keyed is not None:
        raise PuzzleError(f"{item.where}: no sentence of the rules text says what it means")
    if not options:
        raise refused(_named(item))
    chosen = _one(item, options)
    by = chosen[2]
    # Its sentence may give its colour another meaning ("green lines are whispers and palindromes").
    also: list[Meaning] = [
        (s.kind, s.key, s)
        for s in loose
        if by is not None
        and s.sentence == by.sentence
        and (s.kind, s.key) != chosen[:2]
        and _coloured(s, item)
    ]
    item.meaning = [_one(item, [chosen, *also])]


def _cloned(drawn: list[Drawn], n: int) -> list[Drawn]:
    """``drawn`` with its outlined cages (no sum, not marked unique) of one
    shape, where a sentence names clones and cages ("cages of the same shape
    are clones"), as clones of the first of them: each the first's copy, cell
    for cell in reading order. A cage of no other's shape (turned, mirrored)
    stays an outline, refused."""
    shapes: dict[tuple[tuple[int, int], ...], list[Drawn]] = {}
    for item in drawn:
        if item.element == "outline":
            shapes.setdefault(form(sorted(item.cells), n), []).append(item)
    out = [item for item in drawn if item.element != "outline"]
    for group in shapes.values():
        if len(group) == 1:
            out += group
            continue
        first, name = tuple(sorted(group[0].cells)), group[0].where.split(" (")[0]
        out += [
            Drawn("shade", first, copy=tuple(sorted(item.cells)), where=f"{name} and its clone")
            for item in group[1:]
        ]
    return out


def _coloured(said: Said, item: Drawn) -> bool | None:
    """Is ``item`` of the colour ``said`` names (None: it names none)?"""
    if said.colour is None:
        return None
    seen = item.seen or item.colour  # as it looks over white: a translucent black is a grey
    return bool(seen) and colour_fits(said.colour, seen)


def _ours(said: Said) -> bool:
    """Is ``said`` our own rules sentence for its style, word for word (as our writer writes it)?"""
    return (
        said.sentence.rstrip(". ").lower() == RULES[said.kind].styles[said.key].sentence.rstrip(". ").lower()
    )


def _candidates(item: Drawn) -> list[Meaning]:
    return [(k, key, None) for k, key, style in _STYLES if any(fits(item, look) for look in _looks(style))]


def _one(item: Drawn, options: list[Meaning]) -> Meaning:
    kinds = list(dict.fromkeys((k, key) for k, key, _ in options))
    if len(kinds) > 1:
        names = " or ".join(RULES[k].styles[key].label for k, key in kinds[:3])
        raise PuzzleError(f"SudokuPad: {_named(item)} could be a {names}: the rules text does not say which")
    values = {s.value for _, _, s in options if s is not None and s.value is not None}
    if len(values) > 1:
        raise PuzzleError(f"SudokuPad: {item.where} is given two meanings by the rules text")
    # The sentence that gives a value (a whisper's gap) over one that only names the kind (a heading).
    told = [o for o in options if o[2] is not None]
    return next(
        (o for o in told if o[2] is not None and o[2].value is not None), told[0] if told else options[0]
    )


def _named(item: Drawn) -> str:
    """``item.where``, with a line's colour: what `--line-rule` and the
    workbench's line rules take to say what it means."""
    return f"{item.where} (colour {item.colour})" if item.element == "path" and item.colour else item.where


def _numbers(text: str) -> bool:
    """Is ``text`` a number, or numbers parted by commas (an outside clue's digits past 9)?"""
    return re.fullmatch(r"\d+(?:, ?\d+)*", text) is not None


def _beside(at: tuple[int, int] | None, n: int) -> bool:
    if at is None:
        return False
    r, c = at
    return (r in (0, n + 1) and 1 <= c <= n) or (c in (0, n + 1) and 1 <= r <= n)


def _all_dots(said: list[Said], drawn: list[Drawn], keyed: Sequence[Rule]) -> None:
    """A sentence saying all dots are given, of no colour (`ALL_DOTS`), is
    read (both kropki colours' negative constraints) only where that is plain:
    the puzzle has white and black dots, or none and the sentence says kropki
    dots. With dots of one colour only, setters mean those alone or both."""
    for group in by_sentence(said):
        found = re.fullmatch(ALL_DOTS, group[0].sentence, re.IGNORECASE)
        if found is None or {s.kind for s in group} != {"negative"}:
            continue
        colours = {key for item in drawn for kind, key, _ in item.meaning if kind == "dot"}
        colours |= {rule.style for rule in keyed if isinstance(rule, Dot)}
        colours &= {"white", "black"}
        if colours == {"white", "black"} or (not colours and found.group("kropki")):
            continue
        has = f"only {colours.pop()} dots" if colours else "no kropki dots"
        raise PuzzleError(
            f"SudokuPad: {group[0].where()}: the puzzle has {has}, and the sentence does not say "
            "which kinds of dot are all given: refused"
        )


def _check_sentences(said: list[Said], drawn: list[Drawn], keyed: frozenset[str]) -> None:
    """Each sentence naming a drawn rule by a colour finds something drawn so
    (or names a kind of the ``keyed`` rules, f-puzzles'), and its colour word
    fits drawn colours of one family and meaning."""
    used = {id(s) for item in drawn for _, _, s in item.meaning if s is not None}
    meant = {(k, key) for item in drawn for k, key, _ in item.meaning}
    if any(RULES[k].styles[key].look.text == "repeat" for k, key in meant):
        # A sentence about cages' sums names the cages whose digits may repeat too.
        meant |= {(k, key) for k, key, style in _STYLES if style.look.element == "cage"}
    for group in by_sentence(said):
        anchored = [s for s in group if RULES[s.kind].styles[s.key].look.element in _ANCHORED]
        if not anchored or len(anchored) < len(group):
            continue
        _one_colour(anchored, drawn)
        styles = {(s.kind, s.key) for s in anchored}
        if any(
            id(s) in used or (s.colour is None and (s.kind, s.key) in meant) or s.kind in keyed
            for s in anchored
        ):
            continue
        if any(_coloured(anchored[0], item) and styles & _meanings(item) for item in drawn):
            continue  # another sentence gave those elements the same meaning ("RENBAN", then its rule)
        raise PuzzleError(f"SudokuPad: {anchored[0].where()} names nothing drawn in the puzzle")


def _meanings(item: Drawn) -> set[tuple[str, str]]:
    return {(kind, key) for kind, key, _ in item.meaning}


def _one_colour(group: list[Said], drawn: list[Drawn]) -> None:
    """A sentence's colour word, among the elements of one form its rules
    could be (lines with a bulb, squares...), fits no two drawn colours of
    different families, or given different meanings, or that the drawing
    alone tells apart (SudokuPad's renban and zipper lines, both purple)."""
    said = group[0]
    if said.colour is None:
        return
    looks = [look for s in group for look in _looks(RULES[s.kind].styles[s.key])]
    forms: dict[tuple[str, str, str], dict[str, Drawn]] = {}
    for item in drawn:
        if _coloured(said, item) and any(fits(item, look, loose=True) for look in looks):
            forms.setdefault((item.element, item.shape, item.bulb), {}).setdefault(item.colour, item)
    for by_colour in forms.values():
        items = list(by_colour.values())
        drawn_as = {frozenset((k, key) for k, key, _ in _candidates(item)) for item in items} - {frozenset()}
        if len(items) > 1 and (
            len({colour_name(item.colour) for item in items}) > 1
            or len({frozenset(_meanings(item)) for item in items}) > 1
            or len(drawn_as) > 1
        ):
            raise PuzzleError(
                f"SudokuPad: the colour word {said.colour!r} of {said.where()} fits the drawn colours "
                f"{', '.join(sorted(by_colour))}, which differ: refused"
            )


def _built(drawn: list[Drawn], n: int) -> list[Rule]:
    """The rules of the meant elements, through their f-puzzles entries (`read_rules`)."""
    doc: dict[str, Any] = {}
    for item in drawn:
        for kind, key, said in item.meaning:
            style = RULES[kind].styles[key]
            entry = _entry(item, style, kind, said, n)
            if entry is True:
                doc[style.fpuzzles] = True
            elif entry is not None:
                doc.setdefault(style.fpuzzles, []).append(entry)
    try:
        return [_plain(rule, n) for rule in read_rules(doc, n, shared=False)]
    except RuleProblem as e:
        raise PuzzleError(f"SudokuPad: {e}") from None


def _plain(rule: Rule, n: int) -> Rule:
    """``rule`` without the value a sentence gave it where that is its default
    (a whisper's gap of 5 on a 9x9): the rule our writer wrote."""
    name = type(rule).fpuzzles_value
    if name and getattr(rule, name) is not None:
        default = dataclasses.replace(rule, **{name: None})  # type: ignore[type-var]
        return default if sentence(default, n) == sentence(rule, n) else rule
    return rule


def _closed(cells: tuple[int, ...], kind: type[Rule]) -> list[tuple[int, ...]]:
    """A line whose last cell is its first, of a rule that looks ``reach``
    cells along it (`Line.reach`: whispers, entropic lines...): the open
    line and the piece that closes it, which together keep every run the
    closed one has; any other line as it is (a line passing a cell twice is
    refused when it is built)."""
    reach, ring = getattr(kind, "reach", 0), cells[:-1]
    if cells[0] != cells[-1] or not reach or len(ring) < max(3, 2 * reach) or len(set(ring)) != len(ring):
        return [cells]
    return [ring, ring[-reach:] + ring[:reach]]


def _name(cell: int, n: int) -> str:
    return f"R{cell // n + 1}C{cell % n + 1}"


def _entry(item: Drawn, style: Style, kind: str, said: Said | None, n: int) -> Any:
    """``item`` as the f-puzzles entry of ``style`` (None: a rule of the grid, built apart)."""
    names = [_name(c, n) for c in item.cells]
    element = style.look.element
    if element == "path":
        field_name = RULES[kind].fpuzzles_value
        value = {"value": said.value} if field_name and said is not None and said.value is not None else {}
        return {"lines": [[_name(c, n) for c in line] for line in _closed(item.cells, RULES[kind])], **value}
    if element == "arrow":
        return {"cells": [_name(c, n) for c in item.bulbs], "lines": [names]}
    if element == "edge":
        if style.look.shape == "text":
            return {"cells": names, "value": style.look.text}
        return {"cells": names, **({"value": item.text} if item.text else {})}
    if element == "cell":
        return {"cell": names[0]}
    if element == "outside":
        assert item.at is not None
        cell = f"R{item.at[0]}C{item.at[1]}"
        return {"cell": cell, "value": item.text, **({"direction": item.direction} if item.direction else {})}
    if element == "corner":
        return {"cells": names, "values": [int(d) for d in re.findall(r"\d+", item.text)]}
    if element == "shade":
        if item.copy:  # a clone: a shape and its copy
            return {"cells": names, "cloneCells": [_name(c, n) for c in item.copy]}
        return {"cells": names}
    if element == "cage":
        return {"cells": names, **({"value": item.text} if item.text else {})}
    if element == "diagonal":
        return True
    return None
