"""`squiggly_cp.logic.assess`: a verdict from CP-SAT, then logic and its rating."""

from __future__ import annotations

from conftest import SAMPLE_IN
from squiggly_cp import read_hdu
from squiggly_cp.core.puzzle import Verdict
from squiggly_cp.logic.assess import assess


def test_unique_only_skips_logic_where_nothing_is_rated() -> None:
    # Issue 21, item 3: rate ran the whole logic path on an empty grid (about a
    # minute) to print "several solutions (not rated)".
    unique, none, several = (case.puzzle for case in read_hdu(SAMPLE_IN))
    for puzzle, verdict in ((none, Verdict.NONE), (several, Verdict.MULTIPLE)):
        skipped = assess(puzzle, unique_only=True)
        assert skipped.verdict is verdict and skipped.logic is None and skipped.rating is None
        full = assess(puzzle)
        assert full.logic is not None and skipped.rate_text(2) == full.rate_text(2)
        assert skipped.rate_json(2) == full.rate_json(2)
    rated, full = assess(unique, unique_only=True), assess(unique)
    assert rated.rated and rated.rate_text(1) == full.rate_text(1)


def test_the_time_limit_bounds_the_logic_path_too(tmp_path) -> None:
    # Issue 21, item 3: rate --time-limit 5 took 87 s on a 16x16; it bounded
    # only CP-SAT's decision. This minimal jigsaw decides in milliseconds, and
    # its logic path (nested forcing chains) takes seconds.
    from logic_check import load_unique

    puzzle, _ = list(load_unique())[850]
    cut = assess(puzzle, time_limit=0.3)
    assert cut.verdict is Verdict.UNKNOWN and cut.logic is None
    assert assess(puzzle, time_limit=0.3, unique_only=True).verdict is Verdict.UNKNOWN
