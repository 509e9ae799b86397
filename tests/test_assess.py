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
