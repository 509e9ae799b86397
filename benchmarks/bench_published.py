"""Benchmark: how many published SudokuPad and f-puzzles links squiggly-cp reads
and solves right (issue 55: of at least 100 published puzzles, at least 70 read
and solved, none misread; reading adds at most 5 ms a puzzle).

The collection is NOT in this repository (puzzles set by others are never
copied here). It is a JSON-lines file kept elsewhere, one published link a line:

    {"link": "https://sudokupad.app/scl...", "found_in": "where it was published",
     "setter": "...", "title": "...", "size": 9, "solution": "81 digits", "verdict": "unique"}

``solution`` is the expected answer (from the link's own metadata or a published
answer); a line without one is skipped, as nothing can be checked against it.
Give the file with ``--collection PATH`` or the environment variable
``SQUIGGLY_PUBLISHED``.

Each link is read exactly as ``squiggly-cp solve --format sudokupad`` (or
``--format fpuzzles`` for an f-puzzles link) reads it, through
`squiggly_cp.read_puzzles`, and timed; what was read is solved by CP-SAT
(`squiggly_cp.classify`, ``--time-limit`` seconds). Each link is one of:

- ``read``: read, and the unique solution is the expected one;
- ``refused``: the reader's one-line error (kept, and grouped by what it refused);
- ``misread``: read, but no solution, several, or another one (the worst outcome);
- ``unknown``: the solver's time limit passed;
- ``crash``: the reader raised something other than its one-line error (a bug:
  the traceback is printed).

Printed: the counts by class and by grid size, the refusal reasons grouped
(``SudokuPad: the line through r1c1, ...`` is a ``line``), every misread and
crash in full, and the read time per link (median, p95). ``--json OUT`` writes
each link's result; ``--elements OUT`` writes, for the refused SudokuPad links,
a Markdown summary of the drawn elements they carry (line colours and widths,
arrows, shapes, texts, cage flags) and the sentences of their rules text, which
tells which conventions matter most.

    python benchmarks/bench_published.py --collection ~/puzzles/published.jsonl
    SQUIGGLY_PUBLISHED=~/puzzles/published.jsonl python benchmarks/bench_published.py --json out.json
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import statistics
import sys
import time
import traceback
import urllib.parse
from collections import Counter
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from squiggly_cp import InputError, Puzzle, Verdict, classify, read_puzzles
from squiggly_cp.formats import sudokupad
from squiggly_cp.formats.detect import detect_format
from squiggly_cp.formats.lzcodec import DecodeError, decompress_base64
from squiggly_cp.formats.sudokupad import unzip_json

ENV = "SQUIGGLY_PUBLISHED"
CLASSES = ("read", "refused", "misread", "unknown", "crash")


@dataclass
class Outcome:
    """One link's result."""

    link: str
    size: int | None
    setter: str | None
    title: str | None
    fmt: str
    kind: str
    """One of `CLASSES`."""
    read_ms: float
    solve_ms: float | None = None
    message: str | None = None
    """The refusal, the misread's account, or the crash's traceback."""
    reason: str | None = None
    """The refusal grouped (`reason`)."""


def load(path: Path) -> tuple[list[dict[str, Any]], int]:
    """The collection's entries that carry an expected solution, and how many lines had none."""
    entries, skipped = [], 0
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
        except json.JSONDecodeError as e:
            sys.exit(f"{path}, line {number}: not JSON ({e.msg})")
        if not isinstance(entry, dict) or not isinstance(entry.get("link"), str):
            sys.exit(f"{path}, line {number}: expected an object with a 'link'")
        if entry.get("solution"):
            entries.append(entry)
        else:
            skipped += 1
    return entries, skipped


def digits(text: str, n: int) -> tuple[int, ...]:
    """A solution string as digits: one character each, or two each above 9x9."""
    width = 2 if n > 9 and len(text) == 2 * n * n else 1
    return tuple(int(text[i : i + width]) for i in range(0, len(text), width))


def link_format(link: str) -> str:
    """The format ``solve`` is told: ``fpuzzles`` for an f-puzzles link, else ``sudokupad``
    (what detection finds, so a pasted link of either kind is read as the command would)."""
    try:
        found = detect_format(link)
    except InputError:
        return "sudokupad"
    return found if found in ("sudokupad", "fpuzzles") else "sudokupad"


def run_one(entry: dict[str, Any], time_limit: float) -> Outcome:
    link = entry["link"].strip()
    fmt = link_format(link)
    outcome = Outcome(link, entry.get("size"), entry.get("setter"), entry.get("title"), fmt, "crash", 0.0)
    start = time.perf_counter()
    try:
        (item,) = read_puzzles(link + "\n", fmt)
    except Exception:
        outcome.read_ms = 1000 * (time.perf_counter() - start)
        outcome.message = traceback.format_exc()
        return outcome
    outcome.read_ms = 1000 * (time.perf_counter() - start)
    if isinstance(item, InputError):
        outcome.kind, outcome.message = "refused", item.message
        outcome.reason = reason(item.message)
        return outcome
    return judged(outcome, item, str(entry["solution"]).strip(), time_limit)


def judged(outcome: Outcome, puzzle: Puzzle, expected: str, time_limit: float) -> Outcome:
    """``outcome`` classed by CP-SAT's answer to ``puzzle`` against the ``expected`` solution."""
    outcome.size = puzzle.size
    start = time.perf_counter()
    result = classify(puzzle, time_limit=time_limit)
    outcome.solve_ms = 1000 * (time.perf_counter() - start)
    rules = ", ".join(sorted({type(rule).__name__ for rule in puzzle.rules})) or "no rules"
    if result.verdict is Verdict.UNKNOWN:
        outcome.kind = "unknown"
        outcome.message = f"undecided after {time_limit:g} s ({rules})"
    elif result.verdict is not Verdict.UNIQUE:
        outcome.kind = "misread"
        outcome.message = f"read ({rules}), but the solver finds {result.verdict.value}"
    elif result.solution != digits(expected, puzzle.size):
        found = "".join(map(str, result.solution or ()))
        outcome.kind = "misread"
        outcome.message = f"read ({rules}), unique, but {found} is not the published {expected}"
    else:
        outcome.kind = "read"
    return outcome


# Refusal messages grouped by what they refuse: (pattern, group); the first match wins.
_REASONS: list[tuple[str, str]] = [
    (r"SudokuPad: the line through", "line"),
    (r"SudokuPad: the arrow through", "arrow"),
    (r"SudokuPad: the text .* \(an? (underlay|overlay)\)", r"text (\1)"),
    (r"SudokuPad: the (circle|square|rectangle) .* \(an? (underlay|overlay)\)", r"\1 (\2)"),
    (r"SudokuPad: a shape with no place or size", "shape with no place or size"),
    (r"SudokuPad: the cage on .* \((.*)\)", r"cage (\1)"),
    (r"SudokuPad: the cage on .* with ", "cage with a non-numeric value"),
    (r"SudokuPad: the negative constraint", "negative constraint (metadata)"),
    (r"SudokuPad: the puzzle's (.*) has no meaning", r"top-level key \1"),
    (r"the f-puzzles (line|circle|rectangle|text|cage)\b", r"f-puzzles \1 (cosmetic)"),
    (r"f-puzzles (circle|rectangle) \d+: turned", r"f-puzzles \1 (cosmetic, turned)"),
    (r"the puzzle has (.*), (?:a constraint|constraints) this tool does not understand", r"f-puzzles key \1"),
    (
        r"the cell has (.*), (?:a constraint|constraints) this tool does not understand",
        r"f-puzzles cell key \1",
    ),
    (
        r"the killer cage .*: \d+ cells cannot hold different digits",
        "killer cage with more cells than digits",
    ),
    (r"short id", "short id (puzzle on SudokuPad's server)"),
    (r"the grid has \d+ rows", "grid size"),
]


def reason(message: str) -> str:
    """What a refusal refused, without its cells and numbers, so refusals group."""
    for pattern, group in _REASONS:
        found = re.search(pattern, message)
        if found:
            return found.expand(group)
    text = re.sub(r"r\d+c\d+(, r\d+c\d+)*( and \d+ more)?", "<cells>", message)
    return re.sub(r"\d+", "N", text)


def prefix(link: str) -> str:
    """``scl``, ``ctc``, ``fpuz``, ``fpuzzles`` or ``f-puzzles`` (an f-puzzles.com link), else ``other``."""
    if "f-puzzles.com" in link:
        return "f-puzzles"
    found = re.search(r"(?:\.app/(?:sudoku/)?|\.com/sudoku/)(scl|ctc|fpuzzles|fpuz)", link)
    return found.group(1) if found else "other"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def report(outcomes: list[Outcome], skipped: int) -> None:
    kinds = Counter(o.kind for o in outcomes)
    print(f"{len(outcomes)} links with an expected solution ({skipped} lines without one skipped)")
    print("  " + ", ".join(f"{kind} {kinds[kind]}" for kind in CLASSES))
    print("\nby size:")
    for size in sorted({o.size or 0 for o in outcomes}):
        those = Counter(o.kind for o in outcomes if (o.size or 0) == size)
        print(
            f"  {size or '?'}x{size or '?'}: {sum(those.values())}: "
            + ", ".join(f"{k} {those[k]}" for k in CLASSES)
        )
    print("\nby the link's kind (SudokuPad prefix, or f-puzzles):")
    for fmt in sorted({prefix(o.link) for o in outcomes}):
        those = Counter(o.kind for o in outcomes if prefix(o.link) == fmt)
        print(f"  {fmt}: {sum(those.values())}: " + ", ".join(f"{k} {those[k]}" for k in CLASSES))
    reasons = Counter(o.reason for o in outcomes if o.kind == "refused")
    if reasons:
        print("\nrefusals, by what was refused:")
        for why, count in reasons.most_common():
            print(f"  {count:4d}  {why}")
    for kind in ("misread", "unknown", "crash"):
        for o in (o for o in outcomes if o.kind == kind):
            print(f"\n{kind.upper()}: {o.title!r} by {o.setter} ({o.link[:60]}...)\n  {o.message}")
    times = [o.read_ms for o in outcomes]
    if times:
        print(
            f"\nread time a link: median {statistics.median(times):.2f} ms, "
            f"p95 {percentile(times, 0.95):.2f} ms, max {max(times):.2f} ms"
        )
        for kind in ("read", "refused"):
            some = [o.read_ms for o in outcomes if o.kind == kind]
            if some:
                print(
                    f"  {kind}: median {statistics.median(some):.2f} ms, p95 {percentile(some, 0.95):.2f} ms"
                )
    solved = [o.solve_ms for o in outcomes if o.solve_ms is not None]
    if solved:
        print(
            f"solve time a puzzle read: median {statistics.median(solved):.1f} ms, max {max(solved):.1f} ms"
        )


# --- the drawn elements of refused links (--elements) ---------------------------------------


def document(link: str) -> dict[str, Any] | None:
    """The JSON a SudokuPad or f-puzzles link carries, or None where it does not decode."""
    text = link.strip()
    found = re.search(r"(?:load=|puzzleid=|\.app/(?:sudoku/)?|\.com/sudoku/)([^?&#\s]+)", text)
    data = urllib.parse.unquote(found.group(1) if found else text)
    kind = next((k for k in ("fpuzzles", "fpuz", "scl", "ctc") if data.startswith(k)), "")
    try:
        raw = decompress_base64(data[len(kind) :].replace(" ", "+"), prefix=True)
        try:
            doc = json.loads(raw)
        except json.JSONDecodeError:
            doc = unzip_json(raw)
    except (DecodeError, ValueError):
        return None
    return doc if isinstance(doc, dict) else None


def _shape(item: dict[str, Any]) -> str:
    width, height = item.get("width", 1), item.get("height", 1)
    rounded = "circle" if item.get("rounded") else "square" if width == height else "rectangle"
    return f"{rounded} {width}x{height}"


_DRAWN_KEYS = {
    "id",
    "cellSize",
    "cells",
    "regions",
    "cages",
    "lines",
    "arrows",
    "underlays",
    "overlays",
    "metadata",
}
_META_KEYS = {"title", "author", "rules", "solution", "source"}


def sudokupad_elements(doc: dict[str, Any], counts: dict[str, Counter[str]]) -> None:
    """Adds what ``doc`` draws to ``counts`` (each group: a description and how many puzzles have it)."""
    seen: dict[str, set[str]] = {}
    for line in _items(doc.get("lines")):
        seen.setdefault("lines (colour, width)", set()).add(f"{line.get('color')} {line.get('thickness')}")
    for arrow in _items(doc.get("arrows")):
        seen.setdefault("arrows (colour, width, head)", set()).add(
            f"{arrow.get('color')} {arrow.get('thickness')} head {arrow.get('headLength')}"
        )
    for layer in ("underlays", "overlays"):
        for item in _items(doc.get(layer)):
            text = str(item.get("text", "")).strip()
            what = f"{_shape(item)} fill {item.get('backgroundColor')} border {item.get('borderColor')}"
            seen.setdefault(f"{layer} (shape, fill, border)", set()).add(what)
            if text:
                kind = "digits" if text.isdigit() else "letters" if text.isalpha() else "other"
                seen.setdefault(f"{layer}: texts", set()).add(
                    f"{kind} ({text[:12]})" if kind == "other" else kind
                )
    for cage in _items(doc.get("cages")):
        if not cage.get("cells"):
            continue
        value = cage.get("value")
        said = "sum" if re.fullmatch(r"\d+", str(value or "")) else f"value {str(value)[:10]!r}"
        flags = [
            said if value else "no value",
            *(f"{key}={cage[key]}" for key in ("unique", "hidden", "style") if key in cage),
            *(f"{key}" for key in ("outlineC", "fontC", "borderColor", "fill") if key in cage),
        ]
        seen.setdefault("cages (flags)", set()).add(", ".join(flags))
    table = doc.get("metadata") or {}
    extra = [k for k in table if k not in _META_KEYS] if isinstance(table, dict) else []
    for key in extra:
        seen.setdefault("metadata keys", set()).add(key)
    for key in doc:
        if key not in _DRAWN_KEYS:
            seen.setdefault("other top-level keys", set()).add(key)
    for group, found in seen.items():
        counts.setdefault(group, Counter()).update(found)


def fpuzzles_elements(doc: dict[str, Any], counts: dict[str, Counter[str]]) -> None:
    seen: dict[str, set[str]] = {}
    plain = ("size", "grid", "title", "author", "ruleset", "solution")
    for key, value in doc.items():
        if key in plain or value in (None, False, [], {}, ""):
            continue
        seen.setdefault("f-puzzles keys", set()).add(key)
        for item in _items(value):
            if key in ("line", "arrow"):
                seen.setdefault(f"f-puzzles {key} (colour, width)", set()).add(
                    f"{item.get('outlineC')} {item.get('width')}"
                )
            elif key in ("circle", "rectangle", "text"):
                text = str(item.get("value", "")).strip()
                seen.setdefault(f"f-puzzles {key} (fill, border, text)", set()).add(
                    f"{item.get('baseC')} {item.get('outlineC')} {'text' if text else 'no text'}"
                )
    for group, found in seen.items():
        counts.setdefault(group, Counter()).update(found)


def _items(value: Any) -> list[dict[str, Any]]:
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def sentences(rules: str) -> list[str]:
    """The rules text's sentences, digits and cells written N, so that like sentences count together."""
    text = re.sub(r"\s+", " ", rules.replace("\\n", " "))
    found = []
    for sentence in re.split(r"(?<=[.!?])\s+(?=[A-Z(])", text):
        sentence = re.sub(r"[rR]\d+[cC]\d+", "RnCn", sentence.strip())
        sentence = re.sub(r"\d+", "N", sentence)
        if len(sentence) > 3:
            found.append(sentence)
    return found


def rules_text(doc: dict[str, Any]) -> str:
    table = doc.get("metadata") if isinstance(doc.get("metadata"), dict) else {}
    lines = [str(table.get("rules", ""))] if table else []
    lines += [str(doc.get(key, "")) for key in ("rules", "ruleset") if isinstance(doc.get(key), str)]
    for cage in _items(doc.get("cages")) + _items(doc.get("cage")):
        value = cage.get("value")
        if isinstance(value, str) and value.startswith("rules:") and not cage.get("cells"):
            lines.append(value[len("rules:") :])
    return "\n".join(line for line in lines if line.strip())


# What a rules text speaks of: (name, pattern), counted once a puzzle.
_TOPICS: list[tuple[str, str]] = [
    ("normal sudoku rules", r"normal .*sudoku rules|no digit repeats|exactly once"),
    ("thermometer", r"thermo"),
    ("arrow", r"\barrows?\b"),
    ("killer cage", r"\bcages?\b"),
    ("little killer (diagonal clue)", r"little killer|along the (indicated )?diagonal"),
    ("German whispers", r"german whisper|green line.* differ|differ by at least 5"),
    ("Dutch whispers", r"dutch whisper|differ by at least 4"),
    ("renban", r"renban|consecutive.*any order|set of consecutive"),
    ("palindrome", r"palindrome|reads? the same"),
    ("region sum line", r"region sum|sum within each box"),
    ("between line", r"between line|between the .*circles"),
    ("entropic / modular / parity line", r"entropic|modular|parity line|alternate.*odd"),
    ("zipper / nabner / lockout / other line", r"zipper|nabner|lockout|10 lines?|indexing line"),
    ("kropki dots", r"black dot|white dot|kropki|ratio|consecutive"),
    ("XV", r"\bX\b.*sum|\bV\b.*sum"),
    ("sandwich", r"sandwich|between the 1 and (the )?9"),
    ("X-sum / skyscraper / outside clue", r"x-sum|skyscraper|outside the grid|clues? outside"),
    ("quadruple", r"quadruple|circle.*must appear"),
    ("even / odd (shaded cells)", r"\beven\b|\bodd\b"),
    ("anti-knight / anti-king", r"knight|king'?s? move|anti-?king"),
    ("disjoint / diagonal / windoku", r"disjoint|diagonal|window|extra region"),
    ("irregular regions / jigsaw", r"irregular|jigsaw|region"),
    ("min / max / clone / fog / indexing", r"\bminimum\b|\bmaximum\b|clone|\bfog\b|index"),
    ("snake / loop / path / shading", r"snake|loop|\bpath\b|shade|shading|draw"),
    ("nonstandard digits (0, 1-10, colours, letters)", r"\b0-|digits? 0|colou?rs?\b|letters?"),
]


def topics(rules: str) -> set[str]:
    """What the rules text speaks of, from _TOPICS."""
    return {name for name, pattern in _TOPICS if re.search(pattern, rules, re.IGNORECASE)}


def elements_markdown(outcomes: Iterable[Outcome]) -> str:
    outcomes = list(outcomes)
    refused = [o for o in outcomes if o.kind == "refused"]
    counts: dict[str, Counter[str]] = {}
    said: Counter[str] = Counter()
    spoken: Counter[str] = Counter()
    undecoded = 0
    for o in refused:
        doc = document(o.link)
        if doc is None:
            undecoded += 1
            continue
        (fpuzzles_elements if "grid" in doc and "cells" not in doc else sudokupad_elements)(doc, counts)
        said.update(set(sentences(rules_text(doc))))
        spoken.update(topics(rules_text(doc)))
    out = [
        "# Drawn elements and rules sentences of the refused links",
        "",
        f"{len(refused)} refused links ({undecoded} not decoded). Each count is the number of "
        "refused puzzles that have the element (a puzzle counts once per kind).",
        "",
        "## Refusals by what was refused",
        "",
        "| count | refused |",
        "|---:|---|",
        *(f"| {n} | {why} |" for why, n in Counter(o.reason for o in refused).most_common()),
    ]
    for group in sorted(counts):
        out += ["", f"## {group}", "", "| puzzles | element |", "|---:|---|"]
        out += [f"| {n} | `{what}` |" for what, n in counts[group].most_common(40)]
    out += ["", "## What the rules texts speak of (by keyword)", "", "| puzzles | topic |", "|---:|---|"]
    out += [f"| {n} | {name} |" for name, n in spoken.most_common()]
    out += ["", "## Rules-text sentences (more than one puzzle)", "", "| puzzles | sentence |", "|---:|---|"]
    out += [f"| {n} | {text} |" for text, n in said.most_common() if n > 1]
    out += ["", "## Rules-text sentences (one puzzle each)", ""]
    out += [f"- {text}" for text, n in sorted(said.items()) if n == 1]
    wrong = [o for o in outcomes if o.kind == "misread"]
    if wrong:
        out += ["", "## Misread links: what was read, and the rules text that was not", ""]
        for o in wrong:
            doc = document(o.link)
            text = re.sub(r"\s+", " ", rules_text(doc)) if doc else "(not decoded)"
            out += [f"- **{o.title}** by {o.setter} ({o.size}x{o.size}): {o.message}. Rules: {text}"]
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--collection", type=Path, help=f"the collection (JSON lines); else ${ENV}")
    parser.add_argument("--time-limit", type=float, default=20.0, help="seconds for CP-SAT a puzzle (20)")
    parser.add_argument("--json", type=Path, help="write each link's result here")
    parser.add_argument("--elements", type=Path, help="write the refused links' elements here (Markdown)")
    parser.add_argument("--limit", type=int, help="only the first N links")
    parser.add_argument(
        "--blind",
        action="store_true",
        help="read as if no link carried a solution (the reader's check of a carried solution "
        "off): what a link without one would give, so every misreading the check catches shows",
    )
    args = parser.parse_args(argv)
    if args.blind:  # a benchmark's switch, not the product's: the check stays on for users
        sudokupad._checked = lambda read: read
    path = args.collection or (Path(os.environ[ENV]) if os.environ.get(ENV) else None)
    if path is None:
        parser.error(
            f"no collection: give --collection PATH or set {ENV}. The collection of published links "
            "is kept outside this repository (puzzles set by others are not copied here): a JSON-lines "
            "file, one {link, solution, ...} object a line (see this script's docstring)."
        )
    entries, skipped = load(path)
    for entry in entries[:1]:  # the first read imports the readers: keep that out of the times
        with contextlib.suppress(Exception):
            read_puzzles(entry["link"].strip() + "\n", link_format(entry["link"].strip()))
    outcomes = []
    for entry in entries[: args.limit]:
        outcomes.append(run_one(entry, args.time_limit))
        print(".", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    report(outcomes, skipped)
    if args.json:
        args.json.write_text(json.dumps([asdict(o) for o in outcomes], indent=1, ensure_ascii=False) + "\n")
    if args.elements:
        args.elements.write_text(elements_markdown(outcomes), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
