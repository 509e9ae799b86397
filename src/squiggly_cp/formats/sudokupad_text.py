"""A SudokuPad puzzle's rules text, read sentence by sentence (`read_text`):
which rule each sentence names, and on which drawn look it puts it.

A sentence names a rule by one of its style's ``phrases`` (`core.rules.base.Style`)
or is our own rules sentence for it (`Style.sentence`, its ``{n}`` and
``{gap}`` any number), and may say how it is drawn: a colour word ("green
lines", `colour_name` names a drawn colour alike) and a number after "at
least" (a whisper's gap). The normal sudoku sentence and its jigsaw forms are
recognised; a sentence that states no constraint (flavour, credits, hints) is
ignored; one that states a constraint (must, sum, differ, cannot...) and names
no rule is refused in one line quoting it, shortened. What a sentence says is
matched against the drawing by `sudokupad_rules`.
"""

from __future__ import annotations

import colorsys
import re
from collections.abc import Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from ..core.case import excerpt
from ..core.puzzle import PuzzleError
from ..core.rules import Dot, Rule
from ..core.rules.base import Style
from ..core.rules.dots import DEFAULTS
from ..core.rules.lines import GapLine
from ..core.rules.registry import RULES, whole_rule

__all__ = ["COLOURS", "Said", "colour_name", "read_text", "recolour", "sentence", "styles"]

COLOURS: dict[str, str] = {
    "grey": "grey", "gray": "grey", "silver": "grey", "black": "black", "white": "white",
    "red": "red", "crimson": "red", "orange": "orange", "brown": "orange", "yellow": "yellow",
    "gold": "yellow", "green": "green", "lime": "green", "blue": "blue", "cyan": "blue",
    "turquoise": "blue", "teal": "blue", "aqua": "blue", "purple": "purple", "pink": "purple",
    "magenta": "purple", "violet": "purple", "lilac": "purple", "lavender": "purple",
}  # fmt: skip
"""Colour words a rules text uses, each by the family `colour_name` gives a drawn colour."""

_CONSTRAINT = re.compile(
    r"\b(?:must|mustn't|cannot|can't|may not|sums?|summing|total|differ|difference|equal|increase|"
    r"decrease|repeat|consecutive|odd|even|greater|less|more than|multiple|ratio|once|contain|"
    r"(?<!not )all (?:possible|such))\b",
    re.IGNORECASE,
)
_NORMAL = re.compile(
    r"normal sudoku|standard sudoku|classic sudoku|sudoku rules apply|(?:every|each) row,? (?:and )?column"
    r"|rows?,? columns?,? (?:and|or) (?:boxes|box|regions?|jigsaw)|jigsaw|irregular (?:regions|sudoku)",
    re.IGNORECASE,
)
_FLAVOUR = re.compile(r"\b(?:thanks?|have fun|enjoy|good luck|credit|inspired|tested|testing|video)\b", re.I)
_NEGATED = re.compile(r"\b(?:not|no|without|never)\s+(?:an?\s+|the\s+)?$")
"""A negation just before a rule's name."""
_SPLIT = re.compile(r"(?<=[.!?;])\s+(?=[A-Z0-9\"'(])|\n+")


def styles() -> list[tuple[str, str, Style]]:
    """Every (kind, style key, `Style`) of `RULES`."""
    return [(name, key, style) for name, kind in RULES.items() for key, style in kind.styles.items()]


@dataclass(frozen=True)
class Said:
    """What one sentence says: the style it names (kind, key), the colour
    family of what it names if it gives one, the number after "at least" or
    before "or more" (a whisper's gap) if any, and the sentence itself."""

    kind: str
    key: str
    colour: str | None
    value: int | None
    sentence: str

    def where(self) -> str:
        return f"the rules sentence {excerpt(self.sentence, 60)}"


def colour_name(colour: str) -> str | None:
    """The colour family (a value of `COLOURS`) of ``#rrggbb`` (or ``#rgb``,
    with an alpha ignored), by hue, lightness and saturation; None if unreadable."""
    text = colour.strip().lower()
    found = re.fullmatch(r"#([0-9a-f]{3,8})", text)
    if not found:
        rgba = re.fullmatch(r"rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+).*\)", text)
        if not rgba:
            return None
        r, g, b = (int(v) / 255 for v in rgba.groups())
    else:
        digits = found.group(1)
        digits = "".join(ch * 2 for ch in digits[:3]) if len(digits) in (3, 4) else digits[:6]
        if len(digits) != 6:
            return None
        r, g, b = (int(digits[k : k + 2], 16) / 255 for k in (0, 2, 4))
    hue, light, sat = colorsys.rgb_to_hls(r, g, b)
    if sat < 0.2 or max(r, g, b) - min(r, g, b) < 0.12:
        return "black" if light < 0.2 else "white" if light > 0.95 else "grey"
    degrees = hue * 360
    for upto, name in (
        (15, "red"),
        (45, "orange"),
        (70, "yellow"),
        (165, "green"),
        (260, "blue"),
        (345, "purple"),
    ):
        if degrees < upto:
            return name
    return "red"


def _template(sentence: str) -> re.Pattern[str]:
    """Our rules sentence as a pattern, its ``{n}``, ``{gap}`` and ``{total}`` any number, its colour
    any colour."""
    words = "|".join(COLOURS)
    parts = re.split(r"(\{n\}|\{gap\}|\{total\}|\b(?:" + words + r")\b)", sentence)
    body = "".join(
        r"(?P<gap>\d+)" if p in ("{gap}", "{total}")
        else r"\d+" if p == "{n}"
        else f"(?:{words})" if p in COLOURS
        else re.escape(p)
        for p in parts
    )  # fmt: skip
    return re.compile(body.rstrip(r"\."), re.IGNORECASE)


def recolour(sentence: str, colour: str, word: str) -> str:
    """``sentence`` with the word for ``colour`` (a look's) said as ``word``."""
    family = colour_name(colour)
    return re.sub(
        r"[A-Za-z]+", lambda m: word if COLOURS.get(m.group().lower()) == family else m.group(), sentence
    )


_OURS = [(name, key, _template(style.sentence)) for name, key, style in styles()]
_PHRASES = sorted(
    ((phrase, name, key) for name, key, style in styles() for phrase in style.phrases),
    key=lambda item: -len(item[0]),
)


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in _SPLIT.split(text) if s and s.strip()]


def _named(sentence: str) -> list[tuple[str, str]]:
    """The styles a sentence names: our own sentence for one, else its longest phrases."""
    ours = [(name, key) for name, key, pattern in _OURS if pattern.search(sentence)]
    if ours:
        return ours
    low = sentence.lower()
    found: list[tuple[str, str]] = []
    taken: list[tuple[int, int]] = []
    for phrase, name, key in _PHRASES:
        for match in re.finditer(rf"(?<![a-z]){re.escape(phrase)}(?:s|es|ed)?(?![a-z])", low):
            if _NEGATED.search(low, 0, match.start()):
                continue  # "not an anti-knight puzzle" names no rule to keep
            if not any(a < match.end() and match.start() < b for a, b in taken):
                taken.append(match.span())
                found += [(name, key)] if (name, key) not in found else []
    return found


def read_text(text: str | None) -> list[Said]:
    """What each sentence of a rules text says; `PuzzleError` quoting a
    sentence that states a constraint and names no rule this tool knows."""
    out: list[Said] = []
    for sentence in _sentences(text or ""):
        named = _named(sentence)
        if not named:
            if _NORMAL.search(sentence) or _FLAVOUR.search(sentence) or not _CONSTRAINT.search(sentence):
                continue
            raise PuzzleError(
                f"SudokuPad: the rules sentence {excerpt(sentence, 60)} names no rule this tool knows"
            )
        colours = {COLOURS[w] for w in re.findall(r"[a-z]+", sentence.lower()) if w in COLOURS}
        colours -= {"black", "white"} if any(k == "dot" for k, _ in named) else set()
        value = re.search(r"at least (\d+)|(\d+) or more|each sum to (\d+)", sentence, re.IGNORECASE)
        number = int(next(g for g in value.groups() if g)) if value else None
        colour = colours.pop() if len(colours) == 1 else None
        out += [Said(kind, key, colour, number, sentence) for kind, key in named]
    return out


def sentence(rule: Rule, n: int) -> str:
    """Our rules sentence for ``rule`` on an ``n``-grid (saying a whisper's
    gap, and a dot's value other than its default)."""
    style = getattr(rule, "style", "")
    if isinstance(rule, Dot) and rule.value is not None and rule.value != DEFAULTS[rule.style]:
        v, name = rule.value, {"white": "a white dot"}.get(style, f"an {style.upper()}")
        if style == "black":
            return f"Of two digits joined by a black dot showing {v}, one is {v} times the other."
        return f"Digits joined by {name} showing {v} {'differ by' if style == 'white' else 'sum to'} {v}."
    gap = rule.gap_on(n) if isinstance(rule, GapLine) else None
    return rule.traits.sentence.format(n=n, gap=gap, total=getattr(rule, "total", None))


def by_sentence(said: Sequence[Said]) -> list[list[Said]]:
    """What each sentence says, sentence by sentence (a sentence may name several rules)."""
    groups: dict[str, list[Said]] = {}
    for s in said:
        groups.setdefault(s.sentence, []).append(s)
    return list(groups.values())


def text_rules(text: Any, rules: Sequence[Rule]) -> list[Rule]:
    """What a rules text adds to the rules a document's keys hold (f-puzzles'):
    the rules of the whole grid it names (anti-knight, all white dots given...);
    `PuzzleError` quoting a sentence that states a constraint and names no rule
    this tool knows, or that names only drawn rules the puzzle holds none of."""
    if not isinstance(text, str):
        return []
    held = {rule.kind for rule in rules}
    added: list[Rule] = []
    for group in by_sentence(read_text(text)):
        whole = [s for s in group if RULES[s.kind].styles[s.key].look.element == "whole"]
        for s in whole:
            rule = whole_rule(s.kind, s.key)
            added += [] if rule in rules or rule in added else [rule]
        if not whole and not any(s.kind in held for s in group):
            raise PuzzleError(f"{group[0].where()} names a rule the puzzle holds none of")
    return added


def hexed(colour: str | None) -> str:
    """A colour as ``#rrggbb`` lower case where it is one (``#rgb`` widened,
    an alpha dropped, ``rgba(...)`` in hex), else as given."""
    text = (colour or "").strip().lower()
    rgba = re.fullmatch(r"rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*(?:,[^)]*)?\)", text)
    if rgba:
        return "#" + "".join(f"{min(int(v), 255):02x}" for v in rgba.groups())
    if re.fullmatch(r"#[0-9a-f]{3,4}", text):  # #rgb, #rgba
        return "#" + "".join(ch * 2 for ch in text[1:4])
    return text[:7] if re.fullmatch(r"#[0-9a-f]{8}", text) else text


LINE_RULES: ContextVar[tuple[Said, ...]] = ContextVar("line_rules", default=())
"""What the user says the lines of a colour mean (`line_rule`, the commands'
``--line-rule``), for every SudokuPad link read in this context: over the
drawing and the rules text."""


def line_rule(spec: str) -> Said:
    """``COLOUR=KIND`` or ``COLOUR=KIND:N``: the lines drawn in ``COLOUR``
    (``#rrggbb``, ``#rgb``) are rules of ``KIND`` (a line kind's name, as
    `RULES` has it: ``whispers``, ``renban``...), ``N`` its gap or total;
    `ValueError` saying what is wrong."""
    colour, equals, meaning = spec.partition("=")
    kind, colon, number = meaning.strip().partition(":")
    kind = kind.strip().lower()
    lines = sorted(
        name for name, style_key, style in styles() if style.look.element == "path" and not style_key
    )
    if not equals or not re.fullmatch(r"#[0-9a-f]{6}", hexed(colour)):
        raise ValueError(f"{spec!r}: expected COLOUR=KIND, the colour #rrggbb (#67f067=whispers)")
    if kind not in lines:
        raise ValueError(f"{spec!r}: {kind!r} is not a kind of line; the kinds: {', '.join(lines)}")
    if colon and not number.strip().isdigit():
        raise ValueError(f"{spec!r}: the number after ':' must be a whole number (a gap or a total)")
    if colon and not RULES[kind].fpuzzles_value:
        raise ValueError(f"{spec!r}: a {kind} line takes no number")
    value = int(number) if colon else None
    return Said(kind, "", hexed(colour), value, f"--line-rule {spec.strip()}")
