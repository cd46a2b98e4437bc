"""The 18NY corpus: real positions from a recorded 18xx.games game (108746).

Every line gets the checks of ``corpus_checks.CorpusChecks``: the declared run is legal
and scores as recorded, ``solve`` proves the exhaustive search's optimum, and the solved
run passes the independent checker. Departures from the engine (docs/rules/18ny.md §6) are the two
methods ``TestCorpus`` overrides:

* docs/rules/18ny.md §5.1: the rulebook pays $10 per newly claimed connection bonus to the company
  total; the engine (and so the corpus) credits it to the route that first scores
  the location. trainrun pays it as a company bonus, so a recorded route value is
  the checker's route revenue plus $10 per location first scored by that route in
  the declared order (and for DE trains only among its scored stops); run totals
  are the same either way (``TestCorpus.engine_route_revenues``).
* docs/rules/18ny.md §4.3 (A21 grouped with Montreal / Burlington) can only lower a total; it does
  not arise in this game.
* The corpus lists a DE route's ``visited`` as its scored stops only; the route's
  full node sequence is read from its chains (``TestCorpus.declared_visited``).
"""
from __future__ import annotations

import json
from pathlib import Path

from corpus_checks import CorpusChecks, lines

from trainrun import read_position
from trainrun.routes.solve import solve

LINES = lines("18NY")


class TestCorpus(CorpusChecks):
    TITLE = "18NY"

    def declared_visited(self, route):
        """The route's nodes in order, from its chains (DE routes list only scored stops)."""
        chains = route["chains"]
        visited = [chains[0]["left"]] + [c["right"] for c in chains]
        assert set(route["stops"]) <= set(visited)
        return visited

    def engine_route_revenues(self, position, checks, run):
        """docs/rules/18ny.md §5.1: the engine credits $10 per newly claimed location to the
        first route (in declared order) that scores it."""
        bonuses = [b for group in position.ruleset.hook.trainrun_company_bonuses(
            position=position) for b in group]
        claimed, out = set(), []
        for rc in checks:
            scored = {v for v, sc in zip(rc.visited, rc.scored) if sc}
            new = [b.name for b in bonuses if b.name not in claimed and scored & b.stops]
            claimed.update(new)
            out.append(rc.revenue + 10 * len(new))
        return out


def test_corpus_present():
    assert len(LINES) == 80


def test_corpus_income_reaches_the_position():
    """coal_revenue and connection_bonus_revenue are read into title_state (corpus keys)."""
    data = LINES["108746-384"]
    position = read_position(data)
    assert position.title_state == {"connection_bonus_revenue": 10, "coal_revenue": 30}


def test_example_is_corpus_line_860_in_the_own_format():
    """examples/18ny-12h-and-d.json is ``trainrun convert`` of 108746#860 (markers and
    title_state carried): same optimum as the exhaustive search of that line."""
    path = Path(__file__).parent.parent / "examples" / "18ny-12h-and-d.json"
    data = json.loads(path.read_text())
    assert data["title_state"] == {"connection_bonus_revenue": 40, "coal_revenue": 30}
    run = solve(read_position(data))
    assert run.status == "optimal"
    assert run.total == LINES["108746-860"]["exact_oracle"]["total"]
