"""The variant benchmark sets' file format: one puzzle a line, as JSON (ours).

    {"name": "killer-box-01", "size": 9, "regions": "box" or N*N labels ("0".."9A.."),
     "givens": N*N characters ("." for an empty cell), "rules": [...],
     "solution": N*N characters}

Each rule is a list, cells 0-based row-major:

    ["killer", total or null, [cells]]
    ["arrow", [bulb cells], [line cells]]
    ["thermo", [line cells]]
    ["dot", "white" | "black" | "x" | "v", [a, b]]
    ["negative", "white" | "black" | "xv"]

`read_set` gives the puzzles; `write_set` writes them (the solution, proved
unique when the set was made, goes with each).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from squiggly_cp.core.puzzle import Grid, Puzzle, standard_regions
from squiggly_cp.core.rules import Arrow, Dot, KillerCage, NoOtherDots, Rule, Thermometer

HERE = Path(__file__).resolve().parent
DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True)
class Entry:
    name: str
    puzzle: Puzzle
    solution: Grid


def rule_from(item: list) -> Rule:
    kind = item[0]
    if kind == "killer":
        return KillerCage(tuple(item[2]), item[1])
    if kind == "arrow":
        return Arrow(tuple(item[1]), tuple(item[2]))
    if kind == "thermo":
        return Thermometer(tuple(item[1]))
    if kind == "dot":
        return Dot(item[1], (item[2][0], item[2][1]))
    if kind == "negative":
        return NoOtherDots(item[1])
    raise ValueError(f"unknown rule {kind!r}")


def rule_to(rule: Rule) -> list:
    if isinstance(rule, KillerCage):
        return ["killer", rule.total, list(rule.cage)]
    if isinstance(rule, Arrow):
        return ["arrow", list(rule.bulb), list(rule.line)]
    if isinstance(rule, Thermometer):
        return ["thermo", list(rule.line)]
    if isinstance(rule, Dot):
        return ["dot", rule.style, list(rule.pair)]
    if isinstance(rule, NoOtherDots):
        return ["negative", rule.style]
    raise ValueError(f"no form for {rule!r}")


def _cells(text: str) -> Grid:
    return tuple(0 if ch == "." else DIGITS.index(ch) for ch in text)


def _text(grid: Iterable[int], empty: str = ".") -> str:
    return "".join(empty if d == 0 else DIGITS[d] for d in grid)


def entry_from(line: str) -> Entry:
    data = json.loads(line)
    n = data["size"]
    regions = standard_regions(n) if data["regions"] == "box" else _cells(data["regions"])
    rules = tuple(rule_from(item) for item in data["rules"])
    puzzle = Puzzle(n, _cells(data.get("givens") or "." * (n * n)), regions, rules=rules)
    return Entry(data["name"], puzzle, _cells(data["solution"]))


def entry_line(entry: Entry) -> str:
    puzzle = entry.puzzle
    n = puzzle.size
    box = puzzle.regions == standard_regions(n)
    data = {
        "name": entry.name,
        "size": n,
        "regions": "box" if box else "".join(DIGITS[r] for r in puzzle.regions),
        "givens": _text(puzzle.givens),
        "rules": [rule_to(rule) for rule in puzzle.rules],
        "solution": _text(entry.solution),
    }
    return json.dumps(data, separators=(",", ":"))


def read_set(path: Path) -> list[Entry]:
    return [entry_from(line) for line in path.read_text().splitlines() if line.strip()]


def read_any(name: str) -> dict[str, list[Entry]]:
    """A set by name (one of ours here, ``everyday`` split by kind and layout,
    ``book`` by kind, layout and level) or a file
    of your own: our format, or a collection of puzzles set by others that
    stays out of this repository, one {"kind", "puzzle" (f-puzzles JSON),
    "solution"} a line ("source" too, if you like)."""
    path = Path(name)
    if path.suffix != ".jsonl":
        path = HERE / f"{name}.jsonl"
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    if lines and "puzzle" in lines[0]:
        return {f"{path.stem} ({len(lines)})": [_collected(k, data) for k, data in enumerate(lines, 1)]}
    entries = [entry_from(json.dumps(data)) for data in lines]
    if path.stem not in ("everyday", "book"):
        return {path.stem: entries}
    kinds: dict[str, list[Entry]] = {}
    for entry in entries:
        kinds.setdefault(entry.name.rsplit("-", 1)[0], []).append(entry)
    return kinds


def _collected(number: int, data: dict) -> Entry:
    from squiggly_cp.formats.fpuzzles import read_fpuzzles

    [puzzle] = read_fpuzzles(json.dumps(data["puzzle"]))
    assert isinstance(puzzle, Puzzle), puzzle
    return Entry(f"{number:02d}-{data['kind']}", puzzle, tuple(map(int, data["solution"])))


def write_set(path: Path, entries: Iterable[Entry]) -> None:
    path.write_text("".join(entry_line(entry) + "\n" for entry in entries))
