"""Real published variant puzzles solve to their published solutions.

Each line of ``data/published_variants.jsonl`` is a puzzle transcribed by hand
from a public source (a championship booklet, a puzzle site, a video), as the
f-puzzles JSON the reader takes, with the solution published for it and where
both were found (``source``). CP-SAT must find that solution and prove it the
only one, and `Puzzle.is_solution` must accept it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from squiggly_cp.core.puzzle import Grid, Puzzle, Verdict
from squiggly_cp.engines.cpsat import solve
from squiggly_cp.formats.fpuzzles import read_fpuzzles

DATA = Path(__file__).resolve().parent / "data" / "published_variants.jsonl"

TIME_LIMIT = 20.0
"""Seconds for one solve: far above what any of these takes, so a slow case fails instead of hanging."""


def _entries() -> list[dict[str, Any]]:
    return [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines() if line.strip()]


ENTRIES = _entries()


def _read(entry: dict[str, Any]) -> Puzzle:
    [puzzle] = read_fpuzzles(json.dumps(entry["puzzle"]))
    assert isinstance(puzzle, Puzzle), f"{entry['kind']}: not read: {puzzle}"
    return puzzle


def _grid(entry: dict[str, Any]) -> Grid:
    return tuple(int(ch) for ch in entry["solution"])


def test_the_file_holds_enough_sourced_puzzles() -> None:
    assert len(ENTRIES) >= 15
    for entry in ENTRIES:
        assert set(entry) == {"source", "kind", "puzzle", "solution"}
        assert entry["source"] and entry["kind"]
        size = entry["puzzle"]["size"]
        assert len(entry["solution"]) == size * size and entry["solution"].isdigit()
    puzzles = [json.dumps(entry["puzzle"], sort_keys=True) for entry in ENTRIES]
    assert len(set(puzzles)) == len(puzzles), "a puzzle is listed twice"


def _name(number: int, entry: dict[str, Any]) -> str:
    return f"{number}-" + re.sub(r"[^a-z0-9]+", "-", entry["kind"].lower()).strip("-")


@pytest.mark.parametrize("entry", ENTRIES, ids=[_name(n, entry) for n, entry in enumerate(ENTRIES, 1)])
def test_published_puzzle_solves_to_its_published_solution(entry: dict[str, Any]) -> None:
    puzzle = _read(entry)
    published = _grid(entry)
    assert puzzle.rules, "the transcription lost the variant's rules"
    assert puzzle.is_solution(published), puzzle.broken_rule(published)
    result = solve(puzzle, time_limit=TIME_LIMIT)
    assert result.verdict is Verdict.UNIQUE, result.verdict
    assert result.solutions[0] == published
