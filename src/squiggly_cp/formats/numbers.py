"""A clue's number as a link writes it (a cage's sum, a dot's value, a
quadruple's digit): a JSON number or a string of digits, read alike by every
format that holds rules."""

from __future__ import annotations

import math
from typing import Any

__all__ = ["LARGEST", "TooLarge", "whole_number"]

LARGEST = 999_999
"""The largest number a clue may be (no sum of 16x16 digits comes near):
past it, a number is too large to read, however it is written."""


class TooLarge(ValueError):
    """A whole number past `LARGEST` (``1e308``, a hundred digits)."""


def whole_number(value: Any) -> int | None:
    """``value`` as a whole number: an int, a float with no fraction, or a
    string of ASCII digits (spaces around it allowed); None when it is none
    of these (``"7.5"``, ``true``, ``"abc"``). Raises `TooLarge` past
    `LARGEST`, infinity included (a reader may make a huge integer one),
    before converting a long string of digits."""
    number: float | None = None
    if type(value) is int or (type(value) is float and (value.is_integer() or math.isinf(value))):
        number = value
    elif isinstance(value, str) and (written := value.strip()).isascii() and written.isdigit():
        digits = written.lstrip("0")
        number = int(digits or "0") if len(digits) <= len(str(LARGEST)) else math.inf
    if number is not None and abs(number) > LARGEST:
        raise TooLarge(value)
    return None if number is None else int(number)
