"""The corpus of the titles compiled from the 18xx.games engine: real positions of every
recorded game of 1830, 1889, 1893, 18GA, 18MEX, 18NL, 18Texas, 18Chesapeake: Off the
Rails, 1846 and 18AL in the engine's fixtures (tests/data/README.md).

Every line gets the checks of ``corpus_checks.CorpusChecks``. The first eight titles'
routes follow the shared rules alone (the second section of each title's page in
docs/rules: the engine's game classes override no route or revenue method); 1846's and
18AL's runs earn bonuses of the shared families (docs/rules/common.md §9), which their
``bonuses.json`` declare. The recorded values are the expected values with no
departures. No exhaustive search was run on them: the expected
optimum is the total the engine gave the run trainrun returns
(``tests/data/engine_scores``), which the test also holds to be at least the declared run
and the auto-router's.
"""
from __future__ import annotations

import pytest
from corpus_checks import CorpusChecks, engine_scores, lines

# corpus folder -> recorded runs in it
TITLES = {"1830": 166, "1889": 80, "1893": 62, "18GA": 157, "18MEX": 252, "18NL": 240,
          "18Texas": 69, "18ChesapeakeOfftheRails": 183, "1846": 324, "18AL": 114}


class Test1830(CorpusChecks):
    TITLE = "1830"


class Test1889(CorpusChecks):
    TITLE = "1889"


class Test1893(CorpusChecks):
    TITLE = "1893"


class Test18GA(CorpusChecks):
    TITLE = "18GA"


class Test18MEX(CorpusChecks):
    TITLE = "18MEX"


class Test18NL(CorpusChecks):
    TITLE = "18NL"


class Test18Texas(CorpusChecks):
    TITLE = "18Texas"


class Test18ChesapeakeOfftheRails(CorpusChecks):
    TITLE = "18ChesapeakeOfftheRails"


class Test1846(CorpusChecks):
    TITLE = "1846"


class Test18AL(CorpusChecks):
    TITLE = "18AL"


@pytest.mark.parametrize("title,count", TITLES.items())
def test_every_run_is_here_with_its_engine_score(title, count):
    assert len(lines(title)) == count
    assert set(engine_scores(title)) == set(lines(title))
