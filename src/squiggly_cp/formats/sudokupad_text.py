"""A SudokuPad puzzle's rules text, read sentence by sentence (`read_text`):
which rule each sentence gives, and on which drawn look it puts it.

A sentence gives a rule by what it asserts (`asserted`: a style's ``says``
patterns, `core.rules.base.Style`, "adjacent digits differ by 5 or more" with
the 5 captured), by naming it (one of its style's ``phrases``, outside what it
asserts), or by being our own rules sentence for it (`Style.sentence`, its
``{n}``, ``{gap}`` and ``{total}`` any number). What it asserts decides: a
name of the rule's family ("thermometer" for "increase or stay the same")
says only where, and a name of another rule is refused (the sentence
contradicts itself). It may say how it is drawn: a colour word ("peach
lines"; `colour_fits` tells whether a word could mean a drawn colour, by hue
or lightness, words overlapping as setters' do) and a number after "at
least" (a whisper's gap). The normal sudoku sentence and its jigsaw forms
are recognised; a sentence that states no constraint (flavour, credits,
hints) is ignored, and so is a permission (`permission`: each constraint it
states permitted, "digits may repeat along a diagonal", "there are no
negative constraints"), which turns no rule off and names none but a rule
that is a permission ("digits in a cage may repeat"; `sudokupad_rules`
refuses one naming what only an element's look gives); one that states a
constraint (must, sum, differ, cannot...) and gives no rule is refused in one
line quoting it, shortened. A sentence naming one rule and asserting
another's meaning is refused, but where a semicolon parts two rules of
different forms ("grey lines are renban lines; cells separated by an X sum
to 10"). What a sentence says is matched against the drawing by
`sudokupad_rules`.
"""

from __future__ import annotations

import colorsys
import itertools
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.case import excerpt
from ..core.puzzle import PuzzleError
from ..core.rules import Dot, Rule
from ..core.rules.base import Style
from ..core.rules.dots import ALL_DOTS, DEFAULTS
from ..core.rules.lines import GapLine
from ..core.rules.registry import RULES

__all__ = [
    "COLOURS",
    "WORDS",
    "Said",
    "asserted",
    "colour_fits",
    "colour_name",
    "permission",
    "read_text",
    "recolour",
    "sentence",
    "styles",
]

COLOURS: dict[str, str] = {
    "grey": "grey", "gray": "grey", "silver": "grey", "black": "black", "white": "white",
    "red": "red", "crimson": "red", "orange": "orange", "brown": "orange", "yellow": "yellow",
    "gold": "yellow", "green": "green", "lime": "green", "blue": "blue", "cyan": "blue",
    "turquoise": "blue", "teal": "blue", "aqua": "blue", "purple": "purple", "pink": "purple",
    "magenta": "purple", "violet": "purple", "lilac": "purple", "lavender": "purple",
}  # fmt: skip
"""The colour words our own sentences use, each by the family `colour_name` gives a drawn colour
(`recolour`); a rules text is read with `WORDS` and `colour_fits`."""

_CONSTRAINT = re.compile(
    r"\b(?:must|mustn't|cannot|can't|may not|sums?|summing|total|differ|difference|equal|increase|decrease"
    r"|repeat|consecutive|odd|even|greater|less|more than|multiple|ratio|once|contain|satisf(?:y|ies)"
    r"|(?<!not )all (?:possible|such))\b",
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
_QUALIFIED = re.compile(r"\bdutch\s+$")
"""A word before a rule's name that makes it another rule (a Dutch whisper's
gap is 4 where none is said): the sentence must state what it means."""
_SPLIT = re.compile(r"(?<=[.!?;])\s+(?=[A-Z0-9\"'(])|(?<=[.!?;:])[ \t]*\n\s*|\n\s*\n\s*|\n+(?=\s*[^\sa-z])")
"""Sentence ends; line breaks, but one inside a sentence (no stop before it, lower case after it)."""


def styles() -> list[tuple[str, str, Style]]:
    """Every (kind, style key, `Style`) of `RULES`."""
    return [(name, key, style) for name, kind in RULES.items() for key, style in kind.styles.items()]


@dataclass(frozen=True)
class Said:
    """What one sentence says: the style it gives (kind, key), the colour
    word of what it names if it gives one (a ``#rrggbb`` for ``--line-rule``),
    the number it asserts or that follows "at least" or comes before "or
    more" (a whisper's gap) if any, and the sentence itself. ``permits``: the
    sentence is a permission (`permission`) that names the style, and gives it
    nothing: an element that is of the style by its look alone is in doubt."""

    kind: str
    key: str
    colour: str | None
    value: int | None
    sentence: str
    permits: bool = False

    def where(self) -> str:
        return f"the rules sentence {excerpt(self.sentence, 60)}"


def _hls(colour: str) -> tuple[float, float, bool] | None:
    """The hue in degrees and the lightness of ``#rrggbb`` (or ``#rgb``, an
    alpha ignored, or ``rgb(...)``), and whether it is a grey (too little
    colour to have a hue); None if unreadable."""
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
    return hue * 360, light, sat < 0.2 or max(r, g, b) - min(r, g, b) < 0.12


def colour_name(colour: str) -> str | None:
    """The colour family (a value of `COLOURS`) of ``#rrggbb`` (or ``#rgb``,
    with an alpha ignored), by hue, lightness and saturation; None if unreadable."""
    hls = _hls(colour)
    if hls is None:
        return None
    degrees, light, grey = hls
    if grey:
        return "black" if light < 0.2 else "white" if light > 0.95 else "grey"
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


_HUES: dict[tuple[str, ...], tuple[int, int]] = {
    ("red", "crimson", "scarlet"): (340, 20),
    ("pink", "rose"): (280, 20),
    ("magenta", "fuchsia"): (280, 335),
    ("purple", "violet", "lilac", "lavender", "mauve", "plum"): (250, 335),
    ("orange", "peach", "apricot", "amber"): (10, 48),
    ("brown", "tan", "beige", "khaki", "bronze"): (15, 52),
    ("yellow", "gold", "golden"): (40, 72),
    ("green", "lime", "olive", "mint", "emerald"): (65, 170),
    ("teal", "turquoise", "cyan", "aqua"): (160, 200),
    ("blue", "navy", "azure", "sky"): (180, 262),
}  # fmt: skip
"""The hues (from, to, in degrees round the wheel) a colour word of a rules
text covers; families overlap, as setters' words do (SudokuPad's #F067F0 is
called purple, pink or magenta; a peach line is light orange)."""
_GREYS: dict[str, tuple[float, float]] = {
    "grey": (0.15, 0.97), "gray": (0.15, 0.97), "silver": (0.5, 0.97),
    "black": (0.0, 0.2), "white": (0.9, 1.0),
}  # fmt: skip
"""The lightness a word for a colour without hue covers."""
WORDS: dict[str, tuple[int, int]] = {word: hues for words, hues in _HUES.items() for word in words}
"""Every chromatic colour word a rules text is read with, by its hues."""


def colour_fits(word: str, colour: str) -> bool:
    """Could a rules text's colour ``word`` ("peach", "grey") mean the drawn
    ``colour``: a hue in the word's family for a word of a hue, a lightness in
    its range for one of a grey?"""
    hls = _hls(colour)
    if hls is None:
        return False
    degrees, light, grey = hls
    if word in _GREYS:
        low, high = _GREYS[word]
        return grey and low <= light <= high
    if word not in WORDS or grey:
        return False
    start, end = WORDS[word]
    return start <= degrees <= end if start < end else degrees >= start or degrees <= end


def _template(sentence: str) -> re.Pattern[str]:
    """Our rules sentence as a pattern, its ``{n}``, ``{gap}`` and ``{total}`` any number, its colour
    colour word a rules text may use."""
    words = "|".join(COLOURS)
    anyword = "|".join(sorted({*COLOURS, *WORDS, *_GREYS}, key=len, reverse=True))
    parts = re.split(r"(\{n\}|\{gap\}|\{total\}|\b(?:" + words + r")\b)", sentence)
    body = "".join(
        r"(?P<gap>\d+)" if p in ("{gap}", "{total}")
        else r"\d+" if p == "{n}"
        else f"(?:{anyword})" if p in COLOURS
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
_PHRASES = [
    (re.compile(rf"(?<![a-z]){re.escape(phrase)}(?:s|es|ed)?(?![a-z])"), name, key)
    for phrase, name, key in sorted(
        ((phrase, name, key) for name, key, style in styles() for phrase in style.phrases),
        key=lambda item: -len(item[0]),
    )
]
"""Each style's naming phrases as patterns (a plural or past form too), the longest first."""
_SAYS = [(re.compile(pattern), name, key) for name, key, style in styles() for pattern in style.says]
_LINE_WORD = re.compile(r"\b(?:lines?|segments?|thermo\w*|" + "|".join([*WORDS, *_GREYS]) + r")\b", re.I)
"""What a sentence stating a line's rule without naming it says of where: a line, a thermometer, a colour."""
_ALL_DOTS = re.compile(ALL_DOTS, re.IGNORECASE)
_LITERAL_BREAK = re.compile(r"(?:\\n)+")
"""A line break written out as backslash and n (a rules text copied from JSON)."""
_UNREAD = re.compile(
    r"\b(?:primes?|products?|multipl(?:y|ied|ies)|divisible|multiples? of|square numbers?|perfect squares?"
    r"|fibonacci|average|digital roots?|no two (?:cages|lines|arrows|circles|regions|boxes)"
    r"|for the purposes? of|counts? as|(?:is|are) treated as|instead of)\b",
    re.IGNORECASE,
)
"""What a sentence may state of a rule it names that no rule of this tool
states ("digits in a cage sum to a prime"): read, the sentence would be taken
for the named rule alone."""
_WAIVED = re.compile(
    r"\b(?:need not|needn't|(?:do|does)(?: not|n't) (?:have|need) to|not necessarily|not always)\b", re.I
)
"""A rule a sentence names said not to hold in full ("digits on a thermometer
need not increase"): read as the rule, the sentence would be contradicted."""
_PERMIT = re.compile(
    r"\b(?:may|can|could|might) or (?:may|can|could|might) not\b|\bcan or cannot\b"
    r"|\b(?:may|can|could|might)\b(?!['\u2019]t)(?!\s+(?:not|never|only)\b)"
    r"|\bneeds? not\b|\bneedn['\u2019]t\b|\b(?:do|does|need) not (?:need|have) to\b"
    r"|\b(?:don|doesn)['\u2019]t (?:need|have) to\b|\bnot necessarily\b|\bno negative constraints?\b",
    re.IGNORECASE,
)
"""What makes a clause a permission: "may", "can", "need not", "not
necessarily", "may or may not", "no negative constraint" (but "may not",
"can't", "may never", "can only" forbid)."""
_BINDING = re.compile(
    r"\b(?:must|mustn['\u2019]t|cannot|can['\u2019]t|can not|may not|may never|never|shall|should|will"
    r"|won['\u2019]t|(?:has|have|need|needs) to|required|only|exactly|at most|no more than)\b"
    r"|^\W*(?:no|none|neither|nothing)\b|\bno (?:two|digits?|cells?|numbers?)\b",
    re.IGNORECASE,
)
"""What binds in a clause, its permission taken out ("no digit may repeat" forbids)."""
_CLAUSE = re.compile(r"[,;:()\[\]\u2013\u2014]|\s-\s|\bbut\b", re.IGNORECASE)
"""Where a sentence's clauses part: punctuation, a dash, "but"."""
_PERMITTING = frozenset(
    (name, key) for name, key, style in styles() if any(_PERMIT.search(p) for p in style.phrases)
)
"""The styles that are themselves a permission ("digits in a cage may repeat")."""


def permission(sentence: str) -> bool:
    """Does ``sentence`` only permit: each of its clauses that states a
    constraint permits ("may", "need not", "no negative constraint") and binds
    nothing ("must", "only", "no digit may"), and none names a rule but in
    what it permits, or asserts one? "Digits may repeat along a diagonal"
    turns no rule off and names none; "digits may repeat, but must sum to 10",
    "renban lines can be in any order" (naming, permitting nothing a rule
    states) and "digits on a thermometer can increase or stay the same" (a
    slow thermometer's rule) are no permission."""
    if not _PERMIT.search(sentence):
        return False
    permits = False
    for clause in _CLAUSE.split(sentence):
        if asserted(clause):
            return False
        if not _CONSTRAINT.search(clause):
            if _named(clause):
                return False
            continue
        rest = _PERMIT.sub(" ", clause)
        if rest == clause or _BINDING.search(rest):
            return False
        permits = True
    return permits


def _sentences(text: str) -> list[str]:
    # NFKC: setters write headings in mathematical bold ("𝗔𝗿𝗿𝗼𝘄") or full-width letters.
    text = _LITERAL_BREAK.sub("\n", unicodedata.normalize("NFKC", text))
    return [" ".join(s.split()) for s in _SPLIT.split(text) if s and s.strip()]


Span = tuple[int, int]


def asserted(sentence: str) -> list[tuple[str, str, int | None, Span]]:
    """What ``sentence`` asserts by the styles' ``says`` patterns: (kind, style
    key, the number it captures, where), the longest of overlapping matches
    kept, none just after a negation."""
    low = sentence.lower()
    found = [
        (match, name, key)
        for pattern, name, key in _SAYS
        for match in pattern.finditer(low)
        if not _NEGATED.search(low, 0, match.start())
    ]
    found.sort(key=lambda item: item[0].start() - item[0].end())
    kept: list[tuple[str, str, int | None, Span]] = []
    for match, name, key in found:
        if not any(a < match.end() and match.start() < b for *_, (a, b) in kept):
            number = next((g for g in match.groupdict().values() if g), None)
            kept.append((name, key, int(number) if number else None, match.span()))
    return sorted(kept, key=lambda item: item[3])


def _named(sentence: str, taken: Sequence[Span] = ()) -> list[tuple[str, str]]:
    """The styles a sentence names by their longest phrases, none wholly
    inside the ``taken`` spans (what it asserts: "one odd and one even digit"
    names no odd cell; "slow thermos: digits ... increase" still names a slow one)."""
    low = sentence.lower()
    found: list[tuple[str, str]] = []
    spans: list[Span] = []
    for phrase, name, key in _PHRASES:
        for match in phrase.finditer(low):
            if _NEGATED.search(low, 0, match.start()) or _QUALIFIED.search(low, 0, match.start()):
                continue  # "not an anti-knight puzzle" names no rule to keep
            if any(a <= match.start() and match.end() <= b for a, b in taken):
                continue
            if not any(a < match.end() and match.start() < b for a, b in spans):
                spans.append(match.span())
                found += [(name, key)] if (name, key) not in found else []
    return found


def _kin(named: tuple[str, str], meant: tuple[str, str]) -> bool:
    """Does ``named`` name the family ``meant`` is of (one of its phrases within
    one of meant's: a "thermometer" may be a "slow thermometer")?"""
    theirs = RULES[meant[0]].styles[meant[1]].phrases
    ours = RULES[named[0]].styles[named[1]].phrases
    return named != meant and any(re.search(rf"(?<![a-z]){re.escape(p)}", q) for p in ours for q in theirs)


def _apart(
    sentence: str, style: tuple[str, str], stated: Sequence[tuple[str, str, int | None, Span]],
    named: Sequence[tuple[str, str]],
) -> bool:
    """Is ``style`` asserted only in clauses (between semicolons) that name no
    rule, and of another form than every rule ``sentence`` names ("grey lines
    are renban lines; cells separated by an X sum to 10": two rules, one
    sentence)?"""
    form = RULES[style[0]].styles[style[1]].look.element
    if any(RULES[k].styles[key].look.element == form for k, key in named):
        return False
    ends = [0, *(m.end() for m in re.finditer(";", sentence)), len(sentence) + 1]
    clauses = list(itertools.pairwise(ends))
    spans = [span for k, key, _, span in stated if (k, key) == style]
    taken = [span for *_, span in stated]
    return all(
        not _named(sentence[a:b], [(s - a, e - a) for s, e in taken])
        for a, b in clauses
        if any(a <= s < b for s, _ in spans)
    )


def _meant(sentence: str) -> list[tuple[str, str, int | None]]:
    """The styles a sentence gives (kind, key, its number if it states one):
    what it asserts, to the look it names; the styles it names otherwise.
    `PuzzleError` when it names a rule but asserts another's meaning."""
    ours = [(name, key) for name, key, pattern in _OURS if pattern.search(sentence)]
    if ours:
        return [(name, key, None) for name, key in ours]
    stated = asserted(sentence)
    named = _named(sentence, [span for *_, span in stated])
    if not named and not _LINE_WORD.search(sentence):  # a line's rule stated of no line
        stated = [said for said in stated if RULES[said[0]].styles[said[1]].look.element != "path"]
    says = list(dict.fromkeys((name, key) for name, key, _, _ in stated))
    alien = [
        s
        for s in says
        if s not in named and not any(_kin(n, s) for n in named) and not _apart(sentence, s, stated, named)
    ]
    if named and alien:
        name, key = named[0]
        other = RULES[alien[0][0]].styles[alien[0][1]].label
        raise PuzzleError(
            f"SudokuPad: the rules sentence {excerpt(sentence, 60)} names a "
            f"{RULES[name].styles[key].label} but says what a {other} is: refused"
        )
    numbers = {(name, key): value for name, key, value, _ in reversed(stated) if value is not None}
    kept = [n for n in named if n not in says and not any(_kin(n, s) for s in says)]
    return [(name, key, numbers.get((name, key))) for name, key in [*says, *kept]]


def read_text(text: str | None) -> list[Said]:
    """What each sentence of a rules text says; `PuzzleError` quoting a
    sentence that states a constraint and names no rule this tool knows, or
    that names one rule and states another's meaning."""
    out: list[Said] = []
    for sentence in _sentences(text or ""):
        if _ALL_DOTS.fullmatch(sentence):  # of the kropki dots the puzzle has: `meant_rules` checks
            out += [Said("negative", key, None, None, sentence) for key in ("white", "black")]
            continue
        if permission(sentence):  # read only as a rule that is a permission, if it names one
            named = _named(sentence)
            meant: list[tuple[str, str, int | None]] = [
                (kind, key, None) for kind, key in named if (kind, key) in _PERMITTING
            ]
            if not meant:
                out += [Said(kind, key, None, None, sentence, permits=True) for kind, key in named]
                continue
        else:
            meant = _meant(sentence)
        if not meant:
            if _NORMAL.search(sentence) or _FLAVOUR.search(sentence) or not _CONSTRAINT.search(sentence):
                continue
            raise PuzzleError(
                f"SudokuPad: the rules sentence {excerpt(sentence, 60)} names no rule this tool knows"
            )
        unread = _UNREAD.search(sentence)
        if unread and any(a <= unread.start() < b for *_, (a, b) in asserted(sentence)):
            unread = None  # a word of what a rule of ours asserts ("the same sum in each box")
        unread = unread or _WAIVED.search(sentence)
        if unread:
            raise PuzzleError(
                f"SudokuPad: the rules sentence {excerpt(sentence, 60)} says something of it "
                f"('{unread.group()}') no rule of this tool states: refused"
            )
        words = {w for w in re.findall(r"[a-z]+", sentence.lower()) if w in WORDS or w in _GREYS}
        words -= {"black", "white"} if any(k == "dot" for k, _, _ in meant) else set()
        value = re.search(r"at least (\d+)|(\d+) or more|each sum to (\d+)", sentence, re.IGNORECASE)
        number = int(next(g for g in value.groups() if g)) if value else None
        colour = words.pop() if len(words) == 1 else None
        out += [Said(kind, key, colour, given or number, sentence) for kind, key, given in meant]
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
