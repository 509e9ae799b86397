"""Links inside prose: a SudokuPad or f-puzzles link pasted in a sentence,
in markdown, in quotes or angle brackets, or followed by punctuation, is
found and read as the link alone."""

from __future__ import annotations

import re

__all__ = ["embedded_link"]

_LINK = re.compile(
    r"(?<![\w./%-])(?:https?://)?(?:www\.|beta\.)?"
    r"(?:sudokupad\.app|(?:app|test)\.crackingthecryptic\.com|f-puzzles\.com)"
    r"[/?][^\s<>\"'`()\[\]{}]*",
    re.IGNORECASE,
)
_TRAILING = ".,;:!?*_~"
"""What may end a sentence or markdown emphasis after a link; no link data
(base64, a short id, a query) ends with one of these."""


def embedded_link(text: str) -> str | None:
    """The SudokuPad or f-puzzles link inside ``text``, when ``text`` is more
    than the link: words, quotes or brackets before it (then what ends a
    sentence or an emphasis after it is dropped), or a sentence's ``.``,
    ``,``, ``;`` or ``:`` after it. None when ``text`` holds no link, or
    starts with one and goes on past a space: such a line is read whole, as
    before (a link whose ``+`` signs became spaces)."""
    stripped = text.strip()
    found = _LINK.search(stripped)
    if found is None:
        return None
    if found.start() > 0:
        return found.group(0).rstrip(_TRAILING)
    if found.end() < len(stripped):
        return None
    link = found.group(0).rstrip(".,;:")
    return link if link != stripped else None
