"""Links inside prose (`squiggly_cp.formats.links`): found in sentences,
markdown, quotes and brackets, with trailing punctuation, and read by every
command as the link alone."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import SAMPLE_IN, SAMPLE_OUT, run_cli
from squiggly_cp.formats.detect import read_puzzles, write_puzzles
from squiggly_cp.formats.links import embedded_link

SAMPLE = [p for p in read_puzzles(SAMPLE_IN.read_text(), "hdu")]
WRAPS = [
    "Try this one: {}.",
    "See [the puzzle]({}), enjoy!",
    '"{}"',
    "Here: <{}>,",
    "*{}*",
    "  {}.  ",
    "(from the thread: {}) -- thanks",
]


@pytest.mark.parametrize("fmt", ["sudokupad", "fpuzzles"])
@pytest.mark.parametrize("wrap", WRAPS)
def test_a_link_in_prose_is_found_whole(fmt: str, wrap: str) -> None:
    link = write_puzzles(SAMPLE[:1], fmt).strip()
    assert embedded_link(wrap.format(link)) == link


@pytest.mark.parametrize("fmt", ["sudokupad", "fpuzzles"])
def test_a_bare_link_or_no_link_is_left_alone(fmt: str) -> None:
    link = write_puzzles(SAMPLE[:1], fmt).strip()
    assert embedded_link(link) is None
    # A line that starts with a link and goes on past a space is read whole, as
    # before (a link whose + signs became spaces); so is one ending in "!!".
    assert embedded_link(link[:40] + " " + link[40:]) is None
    assert embedded_link(link + "!!") is None
    assert embedded_link(" " + link + "\n") is None
    assert embedded_link("no link here, just words.") is None
    assert embedded_link("sclN4IgzglgXgpiBcAWANCA5gJwgEwQbT1ADcBDAGwFc54BmVNCImAOwQBcMqBf") is None


def test_every_command_reads_links_in_prose(tmp_path: Path) -> None:
    """The judge's three sample cases as links of both sites, each in a
    sentence: `solve` answers them as the judge expects. (A file that starts
    with a SudokuPad link takes other sites' links too.)"""
    lines = []
    for k, puzzle in enumerate(SAMPLE):
        link = write_puzzles([puzzle], "fpuzzles" if k % 2 else "sudokupad").strip()
        lines.append(WRAPS[k].format(link))
    path = tmp_path / "prose.txt"
    path.write_text("\n".join(lines) + "\n")
    done = run_cli("solve", str(path))
    assert done.returncode == 0, done.stderr
    assert done.stdout == SAMPLE_OUT.read_bytes()
