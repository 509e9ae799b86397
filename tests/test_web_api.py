"""The workbench's JSON API (`squiggly_cp.web`), with the framework's test client.

Every answer is compared with what the commands print for the same stored
puzzles (`layout`, `explain`, `count --candidates`, `rate --json`, `hint
--json`, `logic --json`, `convert`; run in this process, `invoke_cli`: the
installed script's own tests are test_cli*.py), and the unfillable layout's
verdict with a brute-force count of its completed grids.
"""

from __future__ import annotations

import itertools
import json
import math
import re
import sys
import time
from functools import partial
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fastapi.testclient import TestClient

from conftest import DATA, invoke_cli
from logic_check import load_multiple, load_unique
from squiggly_cp.core.puzzle import Puzzle, Verdict
from squiggly_cp.core.rules import KillerCage
from squiggly_cp.core.symmetry import CLUE_SYMMETRIES
from squiggly_cp.draw.render import PALETTE
from squiggly_cp.engines.cpsat import solve as cpsat_solve
from squiggly_cp.engines.dlx import solve as dlx_solve
from squiggly_cp.formats.detect import read_puzzles, write_puzzles
from squiggly_cp.formats.open import read_cases
from squiggly_cp.formats.sudokupad import parse_sudokupad
from squiggly_cp.make.regionmaps import leftover_conflict
from squiggly_cp.web import answers
from squiggly_cp.web.answers import generate_answer
from squiggly_cp.web.app import create_app, host_name
from squiggly_cp.web.models import GenerateRequest

UNFILLABLE_4X4 = "................" + "2111221423343344"
"""A 4x4 layout no completed grid fits (found by the library, checked below by brute force)."""


def stored_puzzles() -> list[str]:
    """Line forms: the corpus's first cases (unique, none and multiple 9x9s),
    a 4x4 and a 6x6 of the logic store, a stored multiple, the unfillable 4x4."""
    corpus = [c.puzzle for c in read_cases(str(DATA / "corpus.in")) if not isinstance(c, Exception)][:8]
    unique = [puzzle for puzzle, _ in load_unique()]
    small = [next(p for p in unique if p.size == 4), next(p for p in unique if p.size == 6)]
    multiple = next(p for p, _ in load_multiple() if p.size == 9)
    lines = [write_puzzles([p], "line").strip() for p in [*corpus, *small, multiple]]
    return [*lines, UNFILLABLE_4X4]


PUZZLES = stored_puzzles()


@pytest.fixture(scope="module")
def client() -> TestClient:
    # No time limit: the answers compared with the commands must not depend on the clock (a loaded
    # machine once ran the default-scale rating out of 60 s, and it was dropped). No demotion either
    # (quantum None): a rating demoted to nice 19 got next to no CPU beside the suite's other test
    # processes, and the comparison of answers took minutes instead of seconds.
    app = create_app(workers=2, time_limit=math.inf)
    app.pool.quantum = None
    with TestClient(app, base_url="http://localhost") as test_client:
        yield test_client


@pytest.fixture(scope="module")
def puzzle_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("web") / "puzzles.txt"
    path.write_text("\n".join(PUZZLES) + "\n")
    return path


@pytest.fixture(scope="module")
def rated_se(puzzle_file: Path) -> list[dict[str, Any]]:
    """`rate --json --scale se` on the stored puzzles, one answer a puzzle (asked once a module)."""
    return [json.loads(line) for line in cli_lines("rate", "--json", "--scale", "se", str(puzzle_file))]


def cli_lines(*args: str) -> list[str]:
    done = invoke_cli(*args)
    assert done.returncode == 0, done.stderr
    return done.stdout.decode().splitlines()


def post(client: TestClient, endpoint: str, body: dict) -> dict:
    reply = client.post(f"/api/{endpoint}", json=body)
    assert reply.status_code == 200, reply.text
    return reply.json()


def test_a_rating_that_finished_is_kept_when_the_next_scale_runs_out(
    monkeypatch: pytest.MonkeyPatch, rated_se: list[dict[str, Any]]
) -> None:
    """The page asks for both scales; when the time runs out on the second
    (here ours, given no time at all), SE's rating, already made, is still
    answered (it was dropped with the other), and equals `rate --scale se`'s."""
    rated = rated_se
    k = next(k for k, r in enumerate(rated) if r["verdict"] == "unique")
    real = answers.assess

    def starved(puzzle: Puzzle, *, time_limit: float | None, scale: str, **kw: Any) -> Any:
        return real(puzzle, time_limit=0.0 if scale == "default" else time_limit, scale=scale, **kw)

    monkeypatch.setattr(answers, "assess", starved)
    got = answers.analyse({"puzzle": PUZZLES[k], "scale": "se", "scales": ["se", "default"]}, 60.0)
    assert got["verdict"] == "unique"
    assert set(got["ratings"]) == {"se"}
    assert got["rating"] == got["ratings"]["se"]
    assert (got["rating"]["er"], got["rating"]["ep"], got["rating"]["ed"]) == (
        rated[k]["rating"], rated[k]["pearl"], rated[k]["diamond"]
    )
    monkeypatch.setattr(answers, "assess", lambda puzzle, **kw: real(puzzle, **{**kw, "time_limit": 0.0}))
    got = answers.analyse({"puzzle": PUZZLES[k], "scale": "se", "scales": ["se", "default"]}, 60.0)
    assert "rating" not in got and got["ratings"] == {}  # nothing finished: nothing claimed


def test_unfillable_layout_is_unfillable_by_brute_force() -> None:
    regions = [int(ch) for ch in UNFILLABLE_4X4[16:]]
    rows = list(itertools.permutations(range(4)))
    fits = 0
    for grid in itertools.product(rows, repeat=4):
        columns_ok = all(len({grid[r][c] for r in range(4)}) == 4 for c in range(4))
        houses = {}
        for cell in range(16):
            houses.setdefault(regions[cell], set()).add(grid[cell // 4][cell % 4])
        fits += columns_ok and all(len(digits) == 4 for digits in houses.values())
    assert fits == 0


def test_analyse_matches_the_commands(
    client: TestClient, puzzle_file: Path, rated_se: list[dict[str, Any]]
) -> None:
    layout = cli_lines("layout", str(puzzle_file))
    explained = cli_lines("explain", str(puzzle_file))
    rated = [json.loads(line) for line in cli_lines("rate", "--json", str(puzzle_file))]
    candidates = invoke_cli("count", "--candidates", str(puzzle_file)).stdout.decode()
    blocks = re.split(r"^Case \d+:\n", candidates, flags=re.M)[1:]
    verdicts = set()
    for k, text in enumerate(PUZZLES):
        got = post(client, "analyse", {"puzzle": text, "scale": "se", "scales": ["se", "default"]})
        puzzle = read_puzzles(text)[0]
        assert isinstance(puzzle, Puzzle)
        n = puzzle.size
        assert (got["size"], got["regions"]) == (n, list(puzzle.regions))
        assert got["givens"] == text[: n * n].replace("0", ".")
        said = layout[k].split(": ", 1)[1]
        assert got["layout"] == (said.removeprefix("no completed grid: ") if "no completed" in said else "ok")
        assert got["verdict"] == rated_se[k]["verdict"] == rated[k]["verdict"]
        verdicts.add(got["verdict"])
        line = explained[k].split(": ", 1)[1]
        if got["verdict"] == "unique":
            assert got["solution"] == "".join(
                "123456789ABCDEFG"[d - 1] for d in dlx_solve(puzzle).solution or ()
            )
            for scale, cli in (("se", rated_se[k]), ("default", rated[k])):
                want = {key: cli[name] for key, name in
                        (("er", "rating"), ("ep", "pearl"), ("ed", "diamond"), ("level", "level"),
                         ("hardest", "hardest"))}  # fmt: skip
                if scale == "se":  # whether these are SE's own figures: true here, plain jigsaws
                    want["se_exact"] = cli["se_exact"]
                assert got["ratings"][scale] == want
            assert got["rating"] == got["ratings"]["se"]
        elif got["verdict"] == "multiple":
            said = r"2\+ solutions, differing in ([^;]+); adding the given (\S+) makes it unique"
            cells, fix = re.fullmatch(said, line).groups()
            assert got["differences"]["cells"] == cells.split()
            assert got["differences"]["fix"] == fix and got["differences"]["exhaustive"]
            first, second = got["differences"]["solutions"]
            assert [c for c in range(n * n) if first[c] != second[c]] == [
                (int(r) - 1) * n + int(c) - 1 for r, c in re.findall(r"r(\d+)c(\d+)", cells)
            ]
        else:
            assert "no solution" in line
            names = re.findall(r"r\d+c\d+=\w", line)
            assert got["conflict"] == names
        if got["verdict"] == "none":
            assert blocks[k].strip() == "No solution" or got["layout"] != "ok"
            assert got["candidates"] == [""] * (n * n)
        else:
            rows = blocks[k].split()
            assert got["candidates"] == [cell.replace(".", "") for cell in rows]
    assert verdicts == {"unique", "multiple", "none"}


def test_hint_and_steps_match_the_commands(client: TestClient, puzzle_file: Path) -> None:
    hints = [json.loads(line) for line in cli_lines("hint", "--json", "--scale", "se", str(puzzle_file))]
    # The paths of the puzzles with several solutions or an unfillable layout
    # are long (seconds each) and say nothing new: one of them is kept.
    kept = [0, *[k for k, h in enumerate(hints) if h["verdict"] != "multiple"][:-1]]
    path_file = puzzle_file.with_name("paths.txt")
    path_file.write_text("".join(PUZZLES[k] + "\n" for k in kept))
    paths = dict(zip(kept, map(json.loads, cli_lines("logic", "--json", str(path_file))), strict=True))
    for k, text in enumerate(PUZZLES):
        assert post(client, "hint", {"puzzle": text, "scale": "se"}) == {**hints[k], "case": 1}
        if k not in paths:
            continue
        got = post(client, "steps", {"puzzle": text})
        page = got.pop("page")
        assert got == {**paths[k], "case": 1}
        assert len(page["positions"]) == len(page["steps"]) + 1 == len(got["steps"]) + 1


def test_hint_reads_pencil_marks(client: TestClient, tmp_path: Path) -> None:
    # The first stored unique 9x9 as an f-puzzles position: r1c1 entered (its
    # solution digit) and centre marks in r1c2 that leave out its solution digit.
    puzzle = next(
        p for p in map(lambda t: read_puzzles(t)[0], PUZZLES) if dlx_solve(p).verdict.value == "unique"
    )
    assert isinstance(puzzle, Puzzle) and puzzle.size == 9
    solution = dlx_solve(puzzle).solution
    assert solution is not None
    from squiggly_cp.formats.fpuzzles import to_fpuzzles_json

    doc = to_fpuzzles_json(puzzle)
    empty = [c for c in range(81) if not puzzle.givens[c]]
    first, second = empty[0], empty[1]
    doc["grid"][first // 9][first % 9]["value"] = solution[first]
    doc["grid"][second // 9][second % 9]["centerPencilMarks"] = [
        d for d in range(1, 10) if d != solution[second]
    ]
    text = json.dumps(doc)
    (tmp_path / "p.json").write_text(text)
    want = json.loads(invoke_cli("hint", "--json", str(tmp_path / "p.json")).stdout)
    got = post(client, "hint", {"puzzle": text})
    assert got == want
    assert "wrong" in got


def test_convert_round_trips_and_carries_the_solution(client: TestClient) -> None:
    for text in PUZZLES[2:5]:
        puzzle = read_puzzles(text)[0]
        assert isinstance(puzzle, Puzzle)
        for to in ("line", "grid", "fpuzzles", "sudokupad", "hdu", "solo"):
            out = post(client, "convert", {"puzzle": text, "to": to})["text"]
            back = read_puzzles(out)[0]
            assert isinstance(back, Puzzle)
            assert (back.givens, back.regions) == (puzzle.givens, puzzle.regions), to
        link = post(client, "convert", {"puzzle": text, "to": "sudokupad"})["text"].strip()
        assert parse_sudokupad(link).solution == dlx_solve(puzzle).solution
    small = PUZZLES[-3]  # a 6x6
    # A format that cannot hold the puzzle is no link, and the command's reason (not bad input: no 400).
    reply = post(client, "convert", {"puzzle": small, "to": "hdu"})
    cli = invoke_cli("convert", "--to", "hdu", "-", stdin=small.encode()).stderr.decode().strip()
    assert reply["text"] is None and cli == f"squiggly-cp: error: {reply['reason']}"


def test_generate_fills_the_layout_to_order(client: TestClient) -> None:
    regions = [int(ch) - 1 for ch in PUZZLES[-3][36:]]  # the stored 6x6's layout
    body = {"size": 6, "regions": regions, "difficulty": "easy", "symmetry": "rot2", "seed": 7}
    got = post(client, "generate", body)
    assert got == post(client, "generate", body)  # same seed, same puzzle
    puzzle = read_puzzles(got["puzzle"])[0]
    assert isinstance(puzzle, Puzzle) and got["verdict"] == "unique"
    assert list(puzzle.regions) == regions
    assert dlx_solve(puzzle).verdict.value == "unique"
    assert all(bool(puzzle.givens[c]) == bool(puzzle.givens[35 - c]) for c in range(36))
    rated = json.loads(invoke_cli("rate", "--json", "-", stdin=got["puzzle"].encode()).stdout)
    assert rated["level"] == "easy"


def test_generate_keeps_to_a_short_time_limit() -> None:
    """Issue 41, defect 10: a 16x16 made to "fiendish" ran past its time limit
    (its target's ratings had none) until the server killed the worker. Now
    the answer is the generator's own "unknown", a moment after the limit
    (the README: well under a second); the bound checked is the limit plus a
    generous 3 s. Asked here in this process: in the server's pool a job past
    its first 0.3 s runs at nice 19 (`web.workers.QUANTUM`), which on a loaded
    machine (CI's other tests, and a benchmark beside them) delayed even the
    answer to an expired deadline past the server's own cut, at the limit
    plus `GRACE` (seen once, 2026-12-06)."""
    limit = 1.5
    start = time.monotonic()
    got = generate_answer({"size": 16, "difficulty": "fiendish", "seed": 9}, limit)
    took = time.monotonic() - start
    assert got == {"verdict": "unknown", "reason": "the 1.5 s time limit ran out before a puzzle was made"}
    assert took < limit + 3.0


def test_generate_out_of_time_names_the_limit() -> None:
    """Issue 41, defect 15: the page tells a setter a longer --time-limit would
    help, so the answer names the limit that ran out (as a cut request's does)."""
    got = generate_answer({"size": 16, "difficulty": "beyond", "seed": 1}, 0.3)
    assert got == {"verdict": "unknown", "reason": "the 0.3 s time limit ran out before a puzzle was made"}


def test_generate_symmetries_are_the_libraries() -> None:
    field = GenerateRequest.model_fields["symmetry"]
    assert set(field.annotation.__args__) == set(CLUE_SYMMETRIES)  # type: ignore[union-attr]


BAD_PUZZLES = [
    "hello",
    PUZZLES[0][:100] + "x" + PUZZLES[0][101:],  # a region label that is no label
    PUZZLES[0][:161],  # one cell short
    "1\n" + " ".join(["0"] * 80),  # a judge case cut short
    "https://sudokupad.app/not-a-puzzle",
    "https://www.f-puzzles.com/?load=garbage",
    '{"size": 9}',
]


@pytest.mark.parametrize("text", BAD_PUZZLES)
def test_bad_puzzles_get_the_commands_line(client: TestClient, text: str) -> None:
    reply = client.post("/api/analyse", json={"puzzle": text})
    assert reply.status_code == 400
    error = reply.json()["error"]
    assert "\n" not in error and error
    cli = invoke_cli("convert", "--to", "line", "-", stdin=text.encode()).stderr.decode().strip().splitlines()
    assert f"squiggly-cp: error: {error}" in cli


@pytest.mark.parametrize(
    ("endpoint", "body", "says"),
    [
        ("analyse", {}, "puzzle: Field required"),
        ("analyse", {"puzzle": 5}, "puzzle: Input should be a valid string"),
        ("analyse", {"puzzle": PUZZLES[0], "scale": "hard"}, "scale: "),
        ("analyse", {"puzzle": PUZZLES[0], "colour": 1}, "colour: Extra inputs are not permitted"),
        ("convert", {"puzzle": PUZZLES[0], "to": "pdf"}, "unknown format 'pdf'"),
        ("generate", {"size": 3}, "size: Input should be greater than or equal to 4"),
        ("generate", {"size": "9"}, "size: Input should be a valid integer"),
        ("generate", {"size": 4, "regions": [0, 1]}, "regions: 2 labels"),
        ("generate", {"size": 4, "regions": [0] * 16}, "regions: "),
        ("generate", {"difficulty": "easy", "rating": [1, 2]}, "give difficulty or rating, not both"),
        ("hint", {"puzzle": PUZZLES[0] + "\n" + PUZZLES[1]}, "more than one puzzle"),
    ],
)
def test_bad_requests_are_one_line(client: TestClient, endpoint: str, body: dict, says: str) -> None:
    reply = client.post(f"/api/{endpoint}", json=body)
    assert reply.status_code == 400, reply.text
    error = reply.json()["error"]
    assert says in error and "\n" not in error


def test_body_limits(client: TestClient) -> None:
    huge = json.dumps({"puzzle": "." * (1 << 20)})
    assert (
        client.post("/api/analyse", content=huge, headers={"content-type": "application/json"}).status_code
        == 413
    )
    deep = "[" * 100_000 + "]" * 100_000
    reply = client.post("/api/analyse", content=deep, headers={"content-type": "application/json"})
    assert reply.status_code == 400 and "nested too deeply" in reply.json()["error"]
    reply = client.post("/api/analyse", content="puzzle=1", headers={"content-type": "text/plain"})
    assert reply.status_code == 415
    assert (
        client.post("/api/analyse", content="[1]", headers={"content-type": "application/json"}).status_code
        == 400
    )
    assert (
        client.post("/api/analyse", content="{", headers={"content-type": "application/json"}).status_code
        == 400
    )


def test_a_time_limit_is_an_unknown_verdict() -> None:
    empty16 = "." * 256 + "".join(
        "123456789ABCDEFG"[(r // 4) * 4 + c // 4] for r in range(16) for c in range(16)
    )
    with TestClient(create_app(workers=1, time_limit=0.05), base_url="http://localhost") as short:
        got = post(short, "analyse", {"puzzle": empty16, "scale": "se"})
        assert got["verdict"] == "unknown" or "candidates" not in got
        assert post(short, "steps", {"puzzle": empty16})["verdict"] == "unknown"


# An 8x8 layout (random_layout, seed 108) no completed grid fits, which the
# cheap Law-of-Leftovers check does not see: logic on it searched the whole
# time limit for a contradiction (issue 41, defect 10).
UNFILLABLE_8X8 = "0000122234401112344012223400111234445555336665553367677566677777"


def test_steps_on_an_unfillable_layout_says_so_at_once(client: TestClient) -> None:
    regions = tuple(int(ch) for ch in UNFILLABLE_8X8)
    assert leftover_conflict(regions, 8) is None  # past the cheap check
    # By brute force: no order of the columns, row by row, meets every region
    # once and uses r7c4, so no digit can go there.
    placements = [
        cols
        for cols in itertools.permutations(range(8))
        if len({regions[r * 8 + c] for r, c in enumerate(cols)}) == 8
    ]
    assert placements and all(cols[6] != 3 for cols in placements)
    text = "." * 64 + "".join(str(int(ch) + 1) for ch in UNFILLABLE_8X8)
    got = post(client, "steps", {"puzzle": text})
    layout = post(client, "analyse", {"puzzle": text})["layout"]
    assert "r7c4" in layout
    assert got == {
        "case": 1,
        "verdict": "none",
        "layout": layout,
        "reason": f"the layout admits no completed grid: {layout}",
    }


def test_the_page_and_the_docs_need_nothing_from_outside(client: TestClient) -> None:
    docs = client.get("/docs")
    assert docs.status_code == 200
    for url in re.findall(r'(?:src|href)="([^"]+)"', docs.text):
        assert url.startswith("/"), url
        assert client.get(url).status_code == 200
    schema = client.get("/openapi.json").json()
    assert {"/api/analyse", "/api/hint", "/api/steps", "/api/convert", "/api/generate"} <= set(
        schema["paths"]
    )
    assert "default-src 'self'" in docs.headers["content-security-policy"]
    assert client.get("/", headers={"host": "evil.example"}).status_code == 400


def test_the_host_check_reads_every_form_of_the_header(client: TestClient) -> None:
    assert host_name("[::1]") == host_name("[::1]:8000") == host_name("::1") == "::1"
    assert host_name("LocalHost:80") == "localhost" and host_name("127.0.0.1") == "127.0.0.1"
    for host in ("[::1]", "[::1]:8000", "localhost", "127.0.0.1:8000"):
        assert client.get("/", headers={"host": host}).status_code == 200, host
    # the test client's own name is no name of this machine's
    for host in ("testserver", "", "[::2]"):
        assert client.get("/", headers={"host": host}).status_code == 400, host


def test_the_quick_check_leaves_out_only_the_fix_and_the_rating(client: TestClient) -> None:
    for text in PUZZLES:
        full = post(client, "analyse", {"puzzle": text})
        quick = post(client, "analyse", {"puzzle": text, "fix": False, "rate": False})
        full.pop("rating", None)
        if "differences" in full:
            assert full["differences"].pop("fix") is not None
            assert full["differences"].pop("exhaustive") is True
        assert quick == full


def test_a_blank_grid_is_answered_with_every_candidate(client: TestClient) -> None:
    # Every digit is a true candidate of every cell of a blank grid, and no
    # single given makes it unique (it lacks every digit: two absent ones swap).
    blank = "." * 256 + "".join(
        "123456789ABCDEFG"[(r // 4) * 4 + c // 4] for r in range(16) for c in range(16)
    )
    got = post(client, "analyse", {"puzzle": blank})
    assert got["verdict"] == "multiple" and got["layout"] == "ok"
    assert got["candidates"] == ["123456789ABCDEFG"] * 256
    assert got["differences"]["fix"] is None and got["differences"]["exhaustive"] is True


def _variant_file(tmp_path: Path, doc: dict) -> Path:
    path = tmp_path / "variant.txt"
    path.write_text(json.dumps(doc) + "\n")
    return path


# A 4x4 killer (tests/test_cli_variants.py checks it against all 288 grids):
# unique with r1c1 = 1 given, two solutions without it.
KILLER_CAGES = [
    {"cells": cells, "value": value}
    for cells, value in (
        (["R1C1", "R1C2"], "3"), (["R1C3", "R1C4"], "7"), (["R2C1", "R3C1"], "5"),
        (["R2C2", "R2C3"], "5"), (["R2C4", "R3C4"], "5"), (["R3C2", "R3C3"], "5"),
        (["R4C1", "R4C2"], "7"), (["R4C3", "R4C4"], "3"),
    )
]  # fmt: skip


KROPKI_NO_SOLUTION = Path(__file__).resolve().parent / "data" / "kropki_no_solution.txt"
"""A 9x9 kropki of our everyday set, three dots out: with every other dot
ruled out (the negative constraints), it has no solution, and shrinking
the rules that clash to a minimal set took 30 s before it had a budget."""


def test_a_conflict_shrunk_within_its_budget_says_it_is_not_proved_minimal(client: TestClient) -> None:
    """Issue 41 (load with variants): the page's check of this grid waited the
    whole 10 s time limit for the shrinking. It now stops at its budget of
    work, the same on any machine, and says the set is not proved minimal,
    as the command does; the set still admits no solution."""
    line = invoke_cli("explain", str(KROPKI_NO_SOLUTION)).stdout.decode()
    assert line.endswith(" (not proved minimal: the search budget ran out)\n")
    told = json.loads(invoke_cli("solve", "--json", str(KROPKI_NO_SOLUTION)).stdout)
    assert (told["verdict"], told["exhaustive"], told["stopped_by"]) == ("none", False, "budget")
    text = KROPKI_NO_SOLUTION.read_text().strip()
    analysed = post(client, "analyse", {"puzzle": text, "fix": False, "rate": False, "candidates": False})
    assert analysed["verdict"] == "none" and analysed["conflict_minimal"] is False
    assert (analysed["conflict"], analysed["conflict_rules"]) == (told["conflict"], told["conflict_rules"])
    puzzle = read_puzzles(text)[0]
    assert isinstance(puzzle, Puzzle)
    kept = tuple(rule for rule in puzzle.rules if rule.describe(9) in told["conflict_rules"])
    assert len(kept) == len(told["conflict_rules"]) < len(puzzle.rules)
    assert cpsat_solve(puzzle.with_givens((0,) * 81).with_rules(kept)).verdict is Verdict.NONE


def test_a_conflict_not_shrunk_comes_first_and_holds_the_shrunk_one(client: TestClient) -> None:
    """The page's quick check asks for no shrinking (``shrink`` false): the
    verdict comes with the first conflict CP-SAT proved, said not minimal;
    that set admits no solution on its own, and holds the set the shrinking
    (the command's) ends with, which it came from."""
    text = KROPKI_NO_SOLUTION.read_text().strip()
    body = {"puzzle": text, "fix": False, "rate": False, "candidates": False}
    quick = post(client, "analyse", {**body, "shrink": False})
    shrunk = post(client, "analyse", body)
    told = json.loads(invoke_cli("solve", "--json", str(KROPKI_NO_SOLUTION)).stdout)
    assert quick["verdict"] == shrunk["verdict"] == "none" and quick["conflict_minimal"] is False
    assert (shrunk["conflict"], shrunk["conflict_rules"]) == (told["conflict"], told["conflict_rules"])
    assert set(told["conflict_rules"]) < set(quick["conflict_rules"])
    puzzle = read_puzzles(text)[0]
    assert isinstance(puzzle, Puzzle)
    kept = tuple(rule for rule in puzzle.rules if rule.describe(9) in quick["conflict_rules"])
    assert len(kept) == len(quick["conflict_rules"]) < len(puzzle.rules)
    assert cpsat_solve(puzzle.with_givens((0,) * 81).with_rules(kept)).verdict is Verdict.NONE


def test_read_and_analyse_carry_a_variants_rules(client: TestClient, tmp_path: Path) -> None:
    doc = {"size": 4, "grid": [[{} for _ in range(4)] for _ in range(4)], "killercage": KILLER_CAGES}
    read = post(client, "read", {"puzzle": json.dumps(doc)})
    assert read["rule_keys"] == {"killercage": KILLER_CAGES}
    assert [rule["name"] for rule in read["rules"]][:1] == ["the killer cage r1c1-r1c2 (sum 3)"]
    assert read["rules_svg"].count('data-rule="killer"') == 8
    analysed = post(client, "analyse", {"puzzle": json.dumps(doc)})
    told = json.loads(invoke_cli("solve", "--json", str(_variant_file(tmp_path, doc))).stdout)
    assert analysed["verdict"] == told["verdict"] == "multiple"
    assert sorted(analysed["differences"]["solutions"]) == sorted(told["solutions"])
    doc["grid"][0][0] = {"value": 1, "given": True}
    analysed = post(client, "analyse", {"puzzle": json.dumps(doc)})
    assert analysed["solution"] == "1234341221434321"
    # Rated as `rate` rates it; on SE's scale the cage steps are our figures, and it says so.
    variant = str(_variant_file(tmp_path, doc))
    rated = json.loads(invoke_cli("rate", "--json", "--scale", "se", variant).stdout)
    on_se = post(client, "analyse", {"puzzle": json.dumps(doc), "scale": "se"})["rating"]
    assert on_se["er"] == rated["rating"] and on_se["hardest"] == rated["hardest"]
    assert on_se["se_exact"] is rated["se_exact"] is False
    steps = post(client, "steps", {"puzzle": json.dumps(doc)})
    assert steps["verdict"] == "unique" and steps["solved"] is True
    assert "killer cage" in {step["technique"] for step in steps["steps"]}
    # The solution's row 1 is 1 2 3 4: even, odd, even marks agree with it.
    doc["even"] = [{"cell": "R1C2"}, {"cell": "R1C4"}]
    doc["odd"] = [{"cell": "R1C3"}]
    assert post(client, "analyse", {"puzzle": json.dumps(doc)})["verdict"] == "unique"
    doc["even"].append({"cell": "R1C3"})  # r1c3 both odd and even
    analysed = post(client, "analyse", {"puzzle": json.dumps(doc)})
    told = json.loads(invoke_cli("solve", "--json", str(_variant_file(tmp_path, doc))).stdout)
    assert analysed["verdict"] == told["verdict"] == "none" and analysed["conflict_minimal"] is True
    assert (analysed["conflict"], analysed["conflict_rules"]) == (told["conflict"], told["conflict_rules"])
    # The set is the one shrinking CP-SAT's core ends with, which differs between
    # OR-Tools versions (9.9: the cage r1c1-r1c2 with the even marks on r1c3 and
    # r1c4; later: both marks on r1c3). Whichever, it must be minimal, checked
    # on all 288 4x4 grids: none keeps it whole, some keep it less any one rule.
    [puzzle] = read_puzzles(json.dumps(doc))
    assert isinstance(puzzle, Puzzle)
    assert "the even cell r1c3" in analysed["conflict_rules"]  # in every conflict: without it, the solution
    named = [rule for rule in puzzle.rules if rule.describe(4) in analysed["conflict_rules"]]
    assert len(named) == len(analysed["conflict_rules"])
    holds: list[tuple[str, Any]] = [(rule.describe(4), partial(_keeps, rule, puzzle)) for rule in named]
    for given in analysed["conflict"]:  # "r1c1=1"
        cell, digit = (int(given[1]) - 1) * 4 + int(given[3]) - 1, int(given[5])
        holds.append((given, lambda g, cell=cell, digit=digit: g[cell] == digit))
    assert len(holds) >= 2
    grids = _sudoku_grids_4x4()
    assert len(grids) == 288
    assert not any(all(keeps(g) for _, keeps in holds) for g in grids)
    for left_out, _ in holds:
        rest = [keeps for name, keeps in holds if name != left_out]
        assert any(all(keeps(g) for keeps in rest) for g in grids), left_out


def test_analyse_names_a_rule_no_digits_keep(client: TestClient) -> None:
    """A cage of sum 8 on two cells of a 4x4 (4 + 3 at most): no error but no
    solution, the rule named as `explain` names it, on a layout that is fine."""
    doc = {"size": 4, "grid": [[{} for _ in range(4)] for _ in range(4)]}
    doc["killercage"] = [{"cells": ["R1C1", "R1C2"], "value": "8"}]
    name = "the killer cage r1c1-r1c2 (sum 8)"
    assert post(client, "read", {"puzzle": json.dumps(doc)})["rules"][0]["name"] == name
    analysed = post(client, "analyse", {"puzzle": json.dumps(doc)})
    assert (analysed["verdict"], analysed["layout"], analysed["conflict"]) == ("none", "ok", [])
    assert analysed["conflict_rules"] == [name]
    assert analysed["candidates"] == [""] * 16 and analysed["conflict_minimal"] is True
    [puzzle] = read_puzzles(json.dumps(doc))
    assert isinstance(puzzle, Puzzle) and puzzle.rules == (KillerCage((0, 1), 8),)
    assert not any(_keeps(puzzle.rules[0], puzzle, grid) for grid in _sudoku_grids_4x4())


def _keeps(rule: Any, puzzle: Puzzle, grid: list[int]) -> bool:
    return bool(rule.holds(grid, puzzle))


def _sudoku_grids_4x4() -> list[list[int]]:
    """Every 4x4 sudoku grid, as cell lists: rows of 1-4 with no column or box repeat."""
    rows = list(itertools.permutations((1, 2, 3, 4)))
    out = []
    for grid in itertools.product(rows, repeat=4):
        cells = [d for row in grid for d in row]
        columns = all(len({cells[r * 4 + c] for r in range(4)}) == 4 for c in range(4))
        boxes = all(
            len({cells[(br + i) * 4 + bc + j] for i in (0, 1) for j in (0, 1)}) == 4
            for br in (0, 2)
            for bc in (0, 2)
        )
        if columns and boxes:
            out.append(cells)
    return out


def test_svg_is_the_drawing_of_show_svg(client: TestClient, tmp_path: Path) -> None:
    """Issue 41, defect 3: /api/svg lacked the "Case 1" band `show --svg`
    draws above the grid. Now it is the same picture, byte for byte, here of
    a killer (its cages drawn too) and of a stored 9x9."""
    doc = {"size": 4, "grid": [[{} for _ in range(4)] for _ in range(4)], "killercage": KILLER_CAGES}
    for text in (json.dumps(doc), PUZZLES[0]):
        source = tmp_path / "one.txt"
        source.write_text(text + "\n")
        drawn = tmp_path / "one.svg"
        done = invoke_cli("show", "--svg", str(drawn), str(source))
        assert done.returncode == 0, done.stderr
        got = post(client, "svg", {"puzzle": text})["svg"]
        assert got.encode() == drawn.read_bytes()
        assert ">Case 1</text>" in got


def test_svg_colours_the_regions_as_asked(client: TestClient) -> None:
    """Defect noted in issue 41: the SVG the page downloaded coloured the
    regions its own way, not as the page showed them."""
    puzzle = next(p for p in read_puzzles(PUZZLES[0]) if isinstance(p, Puzzle))
    n = puzzle.size
    colours = [(5 * k + 3) % 20 for k in range(n)]  # past the palette's 16: taken modulo, as the page does
    got = post(client, "svg", {"puzzle": PUZZLES[0], "colours": colours})["svg"]
    fills = re.findall(r'<rect class="cell" [^>]*fill="([^"]+)"', got)
    assert fills == [PALETTE[colours[puzzle.regions[i]] % len(PALETTE)] for i in range(n * n)]
    for wrong, said in (([0] * (n - 1), f"colours: {n - 1} entries, but the puzzle has {n} regions"),
                        ([-1] * n, "colours.0: Input should be greater than or equal to 0")):  # fmt: skip
        reply = client.post("/api/svg", json={"puzzle": PUZZLES[0], "colours": wrong})
        assert reply.status_code == 400 and said in reply.json()["error"]


def test_the_workbench_refuses_cells_in_no_region_rather_than_lose_them(client: TestClient) -> None:
    # The page edits full region maps: it would drop "region": null, so /api/read refuses.
    grid: list[list[dict[str, Any]]] = [[{} for _ in range(4)] for _ in range(4)]
    grid[1][2] = {"region": None}
    doc = {"size": 4, "grid": grid}
    reply = client.post("/api/read", json={"puzzle": json.dumps(doc)})
    assert reply.status_code == 400
    assert reply.json()["error"].startswith("the workbench cannot edit the cells in no region (r2c3) yet")
    analysed = post(client, "analyse", {"puzzle": json.dumps(doc)})
    assert analysed["regions"][6] == -1 and analysed["verdict"] == "multiple"
