"""The README's promises, read from the README and checked against the program."""

from __future__ import annotations

import re

import click

from conftest import ROOT, SAMPLE_IN, run_cli
from squiggly_cp.cli.main import main as cli
from squiggly_cp.formats.detect import FORMATS, detect_format, read_puzzles

README = (ROOT / "README.md").read_text(encoding="utf-8")


def _block_after(marker: str) -> str:
    """The first fenced block after ``marker``."""
    rest = README[README.index(marker) :]
    return rest.split("```", 2)[1].split("\n", 1)[1]


def test_the_show_drawing_is_what_show_prints() -> None:
    drawing = _block_after("The whole case, as `squiggly-cp show data/hdu4069-sample.in` draws it")
    printed = run_cli("show", str(SAMPLE_IN)).stdout.decode()
    assert printed.startswith(drawing)


def test_the_time_limit_is_taken_by_the_commands_the_readme_says() -> None:
    sentence = re.search(
        r"`--time-limit SECONDS`, taken by\s+every command that searches \(all but ([^)]*)\)", README
    )
    assert sentence, "the README's --time-limit sentence moved"
    without = set(re.findall(r"`(\w+)`", sentence.group(1)))
    for name, command in cli.commands.items():
        options = {opt for param in command.params if isinstance(param, click.Option) for opt in param.opts}
        assert ("--time-limit" not in options) == (name in without), name


def test_the_format_list_is_every_format() -> None:
    listed = re.search(r"`--format \{([^}]*)\}`", README)
    assert listed and tuple(listed.group(1).split(",")) == FORMATS


def test_the_link_examples_are_one_puzzle() -> None:
    """Each example link of the Formats section reads as the line above it."""
    block = _block_after("One puzzle,\na 4×4, in the link formats")
    rows = dict(line.split(None, 1) for line in block.splitlines() if line.strip())
    puzzle = read_puzzles(rows["line"] + "\n")
    for fmt, text in rows.items():
        assert detect_format(text + "\n") == fmt
        assert read_puzzles(text + "\n") == puzzle
    wiki = _block_after("SudokuWiki's player takes it").split(None, 1)[1]
    first = next(iter(read_puzzles(SAMPLE_IN.read_text())))
    assert read_puzzles(wiki) == [first]


def test_the_exit_statuses_agree_on_a_reader_that_goes_away() -> None:
    """The table and the text below it say the same: quietly, status 1
    (tests/test_cli.py::test_reader_going_away_ends_quietly checks the program)."""
    table = README[README.index("### Exit statuses") :]
    assert "a reader that went away: quietly" in table
    assert "run quietly (no line on standard error) with status 1" in table
    assert "a closed standard output: one line" not in table
