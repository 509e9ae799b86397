"""True candidates found a slice at a time (issue 41, part 2): the search
`count --candidates` and the workbench share (`ask.count.candidate_search`),
/api/candidates, and hint and steps on a grid being set.

Candidates are checked against the union of the solutions the DLX engine
enumerates (`engines.dlx.iter_solutions`: no CP-SAT), on puzzles small
enough to enumerate.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

sys.path.insert(0, str(Path(__file__).resolve().parent))

from conftest import SPARSE_16
from squiggly_cp.ask import count as count_module
from squiggly_cp.ask.count import candidate_search
from squiggly_cp.core.limits import Deadline
from squiggly_cp.core.propagate import candidates
from squiggly_cp.core.puzzle import DIGIT_CHARS, Puzzle, Unsupported
from squiggly_cp.engines.dlx import iter_solutions
from squiggly_cp.formats.detect import write_puzzles
from squiggly_cp.formats.open import cases_in
from squiggly_cp.make.generate import make_puzzle
from squiggly_cp.web import answers
from squiggly_cp.web.app import create_app


def several(seed: int, size: int) -> Puzzle:
    """A puzzle of ``size`` with several solutions, from ``seed``."""
    return make_puzzle(random.Random(f"candidate search {seed}"), "multiple", size)


def truth(puzzle: Puzzle) -> list[int]:
    masks = [0] * (puzzle.size**2)
    for grid in iter_solutions(puzzle):
        for c, d in enumerate(grid):
            masks[c] |= 1 << (d - 1)
    return masks


def text(grid: tuple[int, ...]) -> str:
    return "".join(DIGIT_CHARS[d - 1] for d in grid)


@pytest.mark.parametrize("threads", [1, 2, 3])
@pytest.mark.parametrize(("tries", "whole"), [(0, 0.0), (2, 0.0), (0, count_module.WHOLE_WORK)])
@pytest.mark.parametrize(("seed", "size"), [(1, 5), (2, 6), (3, 6), (4, 6), (5, 7)])
def test_search_past_the_listing_finds_the_union_of_the_solutions(
    monkeypatch, seed, size, tries, whole, threads
):
    """With no listing (FEW 0) the pairs are found by random solutions, then
    by searches for any pair left, then one cell at a time (with no random
    solutions and no work for the searches for any pair, all of them that
    way), in one thread or several at once, whatever the cores."""
    monkeypatch.setattr(count_module, "_threads", lambda: threads)
    monkeypatch.setattr(count_module, "FEW", 0)
    monkeypatch.setattr(count_module, "RANDOM_TRIES", tries)
    monkeypatch.setattr(count_module, "WHOLE_WORK", whole)
    puzzle = several(seed, size)
    found = candidate_search(puzzle)
    assert found is not None and found.complete
    assert found.masks == truth(puzzle)
    assert found.solutions and all(puzzle.is_solution(g) for g in found.solutions)


def test_seeds_are_kept_and_strangers_ignored():
    """A seed that solves the puzzle is marked (and returned as a witness)
    before any search; one that does not is ignored. With no time at all the
    progress is the seed's marks, a subset of the truth, not complete."""
    puzzle = several(2, 6)
    true = truth(puzzle)
    solution = next(iter_solutions(puzzle))
    stranger = tuple(reversed(solution))
    assert not puzzle.is_solution(stranger)
    early = candidate_search(puzzle, seeds=[stranger, solution], time_limit=0)
    assert early is not None and not early.complete
    assert early.solutions == [solution]
    assert all(m & t == m for m, t in zip(early.masks, true, strict=True))
    assert all(m >> (d - 1) & 1 for m, d in zip(early.masks, solution, strict=True))
    assert candidate_search(puzzle, seeds=[stranger]).masks == true


def test_exclusions_carry_over_and_a_seed_overrules_them(monkeypatch):
    """The pairs a search proved impossible, passed to the next search of
    the same puzzle or one with a given more, give the same candidates; an
    exclusion a seed disproves (a stale one) is dropped."""
    monkeypatch.setattr(count_module, "FEW", 0)
    monkeypatch.setattr(count_module, "RANDOM_TRIES", 0)
    monkeypatch.setattr(count_module, "WHOLE_WORK", 0.0)
    puzzle = several(3, 6)  # 36 pairs left to the search and proved impossible by it
    first = candidate_search(puzzle)
    assert first is not None and any(first.excluded)
    solution = next(iter_solutions(puzzle))
    givens = list(puzzle.givens)
    givens[givens.index(0)] = solution[givens.index(0)]
    more = puzzle.with_givens(tuple(givens))
    again = candidate_search(more, seeds=first.solutions, excluded=first.excluded)
    assert again is not None and again.complete and again.masks == truth(more)
    stale = [1 << (d - 1) for d in solution]  # this solution's own pairs, "proved impossible"
    assert candidate_search(puzzle, seeds=[solution], excluded=stale).masks == truth(puzzle)


def test_thinning_rules_out_only_pairs_no_solution_holds():
    """The logic that thins the domains before the CP-SAT searches
    (`count.THINNING`, no uniqueness technique: these puzzles have several
    solutions) excludes only pairs outside the DLX engine's union, on 60
    puzzles; and it does exclude some, on many of them."""
    thinned_some = 0
    for seed in range(60):
        puzzle = several(100 + seed, 6 + seed % 2)
        domains = candidates(puzzle)
        assert domains is not None
        marks = count_module._Marks(puzzle)
        thin = count_module._thinned(puzzle, domains, Deadline(None), marks)
        true = truth(puzzle)
        assert thin is not None
        assert all(t & ~m == 0 for t, m in zip(true, thin, strict=True))
        assert all(e & t == 0 for e, t in zip(marks.excluded, true, strict=True))
        assert [d & ~e for d, e in zip(domains, marks.excluded, strict=True)] == thin
        thinned_some += any(marks.excluded)
    assert thinned_some >= 20  # 26 of the 60


def test_only_grids_over_9x9_are_thinned(monkeypatch):
    """`count.THIN_ABOVE`: a 9x9 goes from its listing to the searches, a
    16x16 being set is thinned by logic first (past the listing, made empty here)."""
    class Thinned(Exception):
        pass

    def spy(*args: object) -> object:
        raise Thinned

    monkeypatch.setattr(count_module, "FEW", 0)
    monkeypatch.setattr(count_module, "_thinned", spy)
    found = candidate_search(several(5, 9))
    assert found is not None and found.complete and found.masks == truth(several(5, 9))
    with pytest.raises(Thinned):
        candidate_search(next(cases_in(SPARSE_16.encode())).puzzle)


def test_a_rule_the_logic_cannot_read_leaves_the_domains_to_the_search(monkeypatch):
    """Were the logic solver to refuse a rule (`Unsupported`), the search
    goes on without thinning, with the same candidates."""
    def refuse(*args: object, **kwargs: object) -> object:
        raise Unsupported("the logic solver cannot take this rule")

    monkeypatch.setattr(count_module, "FEW", 0)
    monkeypatch.setattr(count_module, "THIN_ABOVE", 0)
    monkeypatch.setattr(count_module, "solve_logic", refuse)
    puzzle = several(3, 6)
    found = candidate_search(puzzle)
    assert found is not None and found.complete and found.masks == truth(puzzle)


def test_no_solution_is_none():
    puzzle = several(2, 6)
    givens = list(puzzle.givens)
    cell = givens.index(0)
    givens[cell] = next(d for d in range(1, 7) if not truth(puzzle)[cell] >> (d - 1) & 1)
    assert list(iter_solutions(puzzle.with_givens(tuple(givens)))) == []
    assert candidate_search(puzzle.with_givens(tuple(givens))) is None


@pytest.fixture(scope="module")
def client() -> TestClient:
    with TestClient(create_app(workers=1, time_limit=60), base_url="http://localhost") as test_client:
        yield test_client


def test_api_candidates_asked_again_until_complete(client):
    """The page's loop: each answer's solutions, candidates (as found) and
    excluded digits sent back until `complete`;
    the last answer is the truth. The quick analysis leaves candidates out."""
    puzzle = several(3, 6)
    line = write_puzzles([puzzle], "line").strip()
    asked = {"puzzle": line, "fix": False, "rate": False, "candidates": False}
    quick = client.post("/api/analyse", json=asked)
    assert quick.json()["verdict"] == "multiple" and "candidates" not in quick.json()
    known = ["not a grid", "1" * 36, *quick.json()["differences"]["solutions"]]
    sent: dict[str, object] = {"puzzle": line, "solutions": known}
    for _ in range(20):
        got = client.post("/api/candidates", json=sent).json()
        known += got["solutions"]
        sent.update(found=got["candidates"], excluded=got["excluded"])
        if got["complete"]:
            break
    assert got["complete"]
    masks = [sum(1 << (DIGIT_CHARS.index(ch)) for ch in cell) for cell in got["candidates"]]
    assert masks == truth(puzzle)


def test_api_candidates_of_no_solution_are_empty_and_complete(client):
    line = "11" + "." * 14 + "1122112233443344"
    got = client.post("/api/candidates", json={"puzzle": line}).json()
    assert got == {"size": 4, "candidates": [""] * 16, "complete": True, "solutions": [], "excluded": []}


@pytest.mark.parametrize("endpoint", ["hint", "steps"])
def test_a_sparse_16x16_gets_add_givens_not_the_time_limit(endpoint):
    """Hint and steps of a 16x16 being set answer "several solutions: add
    givens first" once their short allowance (``several_within``, which the
    page sends; 0 here, so the answer does not hang on the clock) is spent,
    instead of searching the whole time limit for "unknown" (the old answer,
    after 5 s here)."""
    got = answers.answer(endpoint, {"puzzle": SPARSE_16, "several_within": 0.0}, 5.0)
    assert got["verdict"] == "multiple"
    assert "add givens first" in got["reason"]
    assert next(cases_in(SPARSE_16.encode())).puzzle.size == 16
