"""The 18NY corpus: real positions from a recorded 18xx.games game (108746).

For every line (one company's run):

(a) each declared route is legal under ``trainrun.legality`` and earns the revenue
    recorded for it; the declared run is legal and totals ``declared.total``;
(b) ``solve`` proves an optimum equal to the exhaustive engine search
    (``exact_oracle.total``) where that search finished, and never below the
    declared run, the auto-router or the oracle;
(c) every route ``solve`` returns passes the independent checker with the same
    revenue, and the run as a whole is legal with the same total.

Departures from the engine, as the DIGEST tells us (§3, conflict table):

* NY-1: the rulebook pays $10 per newly claimed connection bonus to the company
  total; the engine (and so the corpus) credits it to the route that first scores
  the location. trainrun pays it as a company bonus, so a recorded route value is
  the checker's route revenue plus $10 per location first scored by that route in
  the declared order (and for DE trains only among its scored stops); run totals
  are the same either way.
* NY-2 (A21 grouped with Montreal / Burlington) can only lower a total; it does
  not arise in this game.
* The corpus lists a DE route's ``visited`` as its scored stops only; the route's
  full node sequence is read from its chains.
"""
from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest

from trainrun.legality import check_route, check_run
from trainrun.plugins import read_position
from trainrun.run import solve

CORPUS = Path(__file__).parent / "data" / "corpus" / "18NY"


def _lines() -> dict:
    out = {}
    for path in sorted(CORPUS.glob("*.jsonl")):
        for line in path.read_text().splitlines():
            if line.strip():
                data = json.loads(line)
                key = f"{data['fixture'].removesuffix('.json')}-{data['action']}"
                assert key not in out, f"duplicate corpus id {key}"
                out[key] = data
    return out


LINES = _lines()
IDS = sorted(LINES)


@functools.cache
def _solved(key: str):
    position = read_position(LINES[key])
    return position, solve(position, time_limit=30.0)


def _visited(route: dict) -> list:
    """The route's nodes in order, from its chains (DE routes list only scored stops)."""
    chains = route["chains"]
    return [chains[0]["left"]] + [c["right"] for c in chains]


def _connection_bonuses(position) -> list:
    return [b for group in position.ruleset.hook.trainrun_company_bonuses(position=position)
            for b in group]


def test_corpus_present():
    assert len(LINES) == 80


def test_corpus_income_reaches_the_position():
    """coal_revenue and connection_bonus_revenue are read into title_state (corpus keys)."""
    data = LINES["108746-384"]
    position = read_position(data)
    assert position.title_state == {"connection_bonus_revenue": 10, "coal_revenue": 30}


@pytest.mark.parametrize("key", IDS)
def test_declared_run_is_legal_and_scores_as_recorded(key):
    data = LINES[key]
    position = read_position(data)
    declared = data["declared"]
    claimed: set = set()
    routes = []
    for n, route in enumerate(declared["routes"], start=1):
        visited = _visited(route)
        rc = check_route(position, route["train"], visited, route["chains"])
        assert rc.violations == [], f"declared route {n} {visited}"
        scored = {v for v, sc in zip(rc.visited, rc.scored) if sc}
        assert set(route["stops"]) <= set(visited)
        # NY-1: the engine credits each newly claimed location to the first route scoring it
        new = [b.name for b in _connection_bonuses(position)
               if b.name not in claimed and scored & b.stops]
        claimed.update(new)
        assert rc.revenue + 10 * len(new) == route["revenue"], f"declared route {n} {visited}"
        routes.append((route["train"], visited, route["chains"]))
    run = check_run(position, routes)
    assert run.violations == []
    assert run.total == declared["total"]


@pytest.mark.parametrize("key", IDS)
def test_solve_matches_exhaustive_search(key):
    data = LINES[key]
    _, run = _solved(key)
    oracle = data["exact_oracle"]
    assert run.status == "optimal"
    assert run.bound == run.total
    if oracle["complete"]:
        assert run.total == oracle["total"]
    assert run.total >= max(data["declared"]["total"], data["reference_router"]["total"],
                            oracle["total"])


@pytest.mark.parametrize("key", IDS)
def test_solved_run_passes_the_independent_checker(key):
    position, run = _solved(key)
    for n, route in enumerate(run.routes, start=1):
        rc = check_route(position, route.train, route.visited, route.chains)
        assert rc.violations == [], f"solved route {n} {route.visited}"
        assert rc.revenue == route.revenue, f"solved route {n} {route.visited}"
        assert [s["value"] for s in route.stops] == rc.stop_values
        assert [s["scored"] for s in route.stops] == rc.scored
    checked = check_run(position, [(r.train, r.visited, r.chains) for r in run.routes])
    assert checked.violations == []
    assert checked.total == run.total


def test_example_is_corpus_line_860_in_the_own_format():
    """examples/18ny-12h-and-d.json is ``trainrun convert`` of 108746#860 (markers and
    title_state carried): same optimum as the exhaustive search of that line."""
    path = Path(__file__).parent.parent / "examples" / "18ny-12h-and-d.json"
    data = json.loads(path.read_text())
    assert data["title_state"] == {"connection_bonus_revenue": 40, "coal_revenue": 30}
    run = solve(read_position(data))
    assert run.status == "optimal"
    assert run.total == LINES["108746-860"]["exact_oracle"]["total"]
