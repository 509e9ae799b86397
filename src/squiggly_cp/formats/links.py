"""Links inside prose: a SudokuPad or f-puzzles link pasted in a sentence,
in markdown, in quotes or angle brackets, or followed by punctuation, is
found and read as the link alone."""

from __future__ import annotations

import re

__all__ = ["embedded_link"]

_LINK = re.compile(
    r"(?:https?://)?(?:www\.|beta\.)?"
    r"(?:sudokupad\.app|(?:app|test)\.crackingthecryptic\.com|f-puzzles\.com)"
    r"[/?][^\s<>\"'`()\[\]{}]*",
    re.IGNORECASE,
)
_TRAILING = ".,;:!?*_~"
"""What may end a sentence or markdown emphasis after a link; no link data
(base64, a short id, a query) ends with one of these."""


def embedded_link(text: str) -> str | None:
    """The SudokuPad or f-puzzles link inside ``text``, when ``text`` is more
    than the link (words around it, quotes, brackets, trailing
    punctuation); None when ``text`` is a link or data by itself, or holds none."""
    stripped = text.strip()
    found = _LINK.search(stripped)
    if found is None:
        return None
    link = found.group(0).rstrip(_TRAILING)
    if found.start() == 0 and link == stripped:
        return None
    return link
