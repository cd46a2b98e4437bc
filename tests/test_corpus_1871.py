"""The 1871 (The Old Prince) corpus: a real recorded 18xx.games game, 77 runs.

Every line gets the checks of ``corpus_checks.CorpusChecks`` (the declared run is legal
and scores as recorded, ``solve`` proves the exhaustive search's optimum, the solved run
passes the independent checker) and one more: the board written in trainrun's own
format reads back to the same best run.

1871 follows the rulebook against the engine in one place, the H-train distance
(docs/rules/1871.md §2.1, §6: hex edges crossed; the engine's code raises an arity error).
The corpus revenues and ``exact_oracle`` were computed with the rule as the rulebook
states it (all 133 stored routes recompute with the arity fixed),
so here too the corpus values are the expected values. The game has H, +, 7 and D
runs, PEIR runs from its tokens in other companies' homes, and the neutral G11 token.
"""
from __future__ import annotations

from corpus_checks import CorpusChecks, lines, solved

from trainrun import read_position
from trainrun.formats.own_format import position_to_own
from trainrun.routes.solve import solve


class TestCorpus(CorpusChecks):
    TITLE = "1871"

    def test_own_format_round_trip_keeps_the_best_run(self, key):
        # The board written in trainrun's own format (only G11's neutral token is printed
        # on the map; every other token is listed) reads back to the same best run.
        _, run = solved("1871", key)
        again = solve(read_position(position_to_own(read_position(lines("1871")[key]))),
                      time_limit=30.0)
        assert (again.total, again.status) == (run.total, "optimal")


def test_corpus_present():
    found = lines("1871").values()
    assert len(found) == 77
    trains = {t["name"] for line in found for t in line["trains"]}
    assert {"2H", "3H", "4H", "5H", "6H", "2+", "3+", "4+", "7", "D"} <= trains
    assert any(line["entity"] == "PEIR" for line in found)
