"""What the browser tests share: the system's Chromium, started headless by
Playwright with the flags this machine needs, and a check of a screenshot."""

from __future__ import annotations

import os
import shutil
import struct
import zlib
from collections.abc import Iterator
from typing import Any

import pytest

BROWSER_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""Without the background-networking flags Chromium keeps trying hosts this
closed network refuses."""

VIEWPORT = {"width": 1280, "height": 1000}


def chromium() -> str | None:
    """The system's Chromium (SQUIGGLY_CHROMIUM names another binary)."""
    return os.environ.get("SQUIGGLY_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")


def need_browser() -> None:
    """Browser tests fail, never skip, without Playwright or Chromium
    (.ci/run installs both)."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        pytest.fail("playwright is not installed (pip install '.[test]')")
    if chromium() is None:
        pytest.fail("no Chromium (apt-get install chromium, or SQUIGGLY_CHROMIUM=/path/to/it)")


def launch(driver: Any) -> Any:
    """Chromium, started by Playwright's ``driver``."""
    return driver.chromium.launch(executable_path=chromium(), args=BROWSER_ARGS)


def browser_session() -> Iterator[Any]:
    """A browser for a module's tests (a fixture's body)."""
    need_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        launched = launch(driver)
        yield launched
        launched.close()


def png_colours(data: bytes) -> int:
    """How many distinct colours an 8-bit RGB(A) PNG holds (a blank picture
    has one): the scanlines are inflated and unfiltered here, by the PNG rules."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height, depth, kind = struct.unpack(">IIBB", data[16:26])
    assert depth == 8 and kind in (2, 6)
    bpp = 3 if kind == 2 else 4
    chunks, pos = [], 8
    while pos < len(data):
        length, name = struct.unpack(">I4s", data[pos : pos + 8])
        if name == b"IDAT":
            chunks.append(data[pos + 8 : pos + 8 + length])
        pos += 12 + length
    raw = zlib.decompress(b"".join(chunks))
    stride = width * bpp
    previous = bytearray(stride)
    seen = set()
    for row in range(height):
        kind_of_filter = raw[row * (stride + 1)]
        line = bytearray(raw[row * (stride + 1) + 1 : (row + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - bpp] if i >= bpp else 0
            up, corner = previous[i], previous[i - bpp] if i >= bpp else 0
            if kind_of_filter == 1:
                line[i] = (line[i] + left) & 255
            elif kind_of_filter == 2:
                line[i] = (line[i] + up) & 255
            elif kind_of_filter == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind_of_filter == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                guess = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[i] = (line[i] + guess) & 255
        if row % 8 == 0:
            seen.update(bytes(line[i : i + bpp]) for i in range(0, stride, bpp))
        previous = line
    return len(seen)
