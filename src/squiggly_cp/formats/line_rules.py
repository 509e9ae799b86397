"""What a user says SudokuPad lines of a colour mean (the commands'
``--line-rule``, the workbench's line rules): over a link's drawing and its
rules text, for every link read in the context they are set in."""

from __future__ import annotations

import re
from contextvars import ContextVar

from ..core.rules.registry import RULES
from .sudokupad_text import Said, hexed, styles

__all__ = ["LINE_RULES", "line_rule", "told_kinds"]

LINE_RULES: ContextVar[tuple[Said, ...]] = ContextVar("line_rules", default=())
"""What the user says the lines of a colour mean (`line_rule`, the commands'
``--line-rule``), for every SudokuPad link read in this context: over the
drawing and the rules text."""


def told_kinds() -> dict[str, tuple[str, str]]:
    """The kinds a user may say lines of a colour are (`line_rule`): each
    kind's label and what its number is (``gap``, ``total``; ``""``: none)."""
    return {
        name: (style.label, RULES[name].fpuzzles_value)
        for name, style_key, style in styles()
        if style.look.element == "path" and not style_key
    }


def line_rule(spec: str) -> Said:
    """``COLOUR=KIND`` or ``COLOUR=KIND:N``: the lines drawn in ``COLOUR``
    (``#rrggbb``, ``#rgb``) are rules of ``KIND`` (a line kind's name, as
    `RULES` has it: ``whispers``, ``renban``...), ``N`` its gap or total;
    `ValueError` saying what is wrong."""
    colour, equals, meaning = spec.partition("=")
    kind, colon, number = meaning.strip().partition(":")
    kind = kind.strip().lower()
    lines = sorted(told_kinds())
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
