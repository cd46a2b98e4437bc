"""The 18Chesapeake corpus: real positions from recorded 18xx.games games.

Every line gets the checks of ``corpus_checks.CorpusChecks``: the declared run is legal
and scores as recorded, ``solve`` proves the exhaustive search's optimum, and the solved
run passes the independent checker.

18Chesapeake follows the engine throughout (docs/rules/18chesapeake.md §6), so the corpus
values are the expected values with no departures.
"""
from __future__ import annotations

from corpus_checks import CorpusChecks, lines


class TestCorpus(CorpusChecks):
    TITLE = "18Chesapeake"


def test_corpus_present():
    assert len(lines("18Chesapeake")) == 140
