"""The 1817 corpus: 160 real positions from three recorded 18xx.games games.

Every line gets the checks of ``corpus_checks.CorpusChecks``: the declared run is legal
and scores as recorded (mines, ranches and bridges included), ``solve`` proves an optimum
never below the declared run, the auto-router or the exhaustive search (``exact_oracle``)
and equal to that search except where noted below (``TestCorpus.expected_total``), and
the solved run passes the independent checker. The solved runs show no company income
(corpus lines carry no mail contract sizes).

Where trainrun is above the exhaustive search. In four positions of game 15528 the best
route passes one junction tile twice, in two different node-to-node chains, on different
track (the brown junction tiles 544-546 and green 80-83 join all their arms at one
junction). The engine's legality accepts this: it checks that no path is used twice
(docs/rules/common.md §3.7) and walks each chain on its own (docs/rules/common.md §2.2), and
the route the president of NYOW declared at 15528#1630 does exactly this through E16 and was
scored by the engine. The exhaustive search behind ``exact_oracle`` (and the auto-router)
walks a whole route without passing any junction twice, so it never lists these routes.
``test_oracle_is_the_best_run_that_passes_each_junction_once`` checks that this is the whole
difference: of trainrun's own listed routes, the best one that passes each junction at most
once earns exactly the oracle's total.
"""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from corpus_checks import CorpusChecks, lines, solved

from trainrun import read_position
from trainrun.routes.enumeration import enumerate_routes, train_tables
from trainrun.routes.graph import build_graph
from trainrun.routes.legality import check_route
from trainrun.routes.solve import solve

LINES = lines("1817")
# best route passes a junction twice (see the module docstring): oracle + 10 each
JUNCTION_TWICE = {"15528-1486": 480, "15528-1578": 410, "15528-1604": 490, "15528-1671": 490}


class TestCorpus(CorpusChecks):
    TITLE = "1817"

    def expected_total(self, key, data):
        """The oracle's total, but $10 more where the best route passes a junction twice."""
        return JUNCTION_TWICE.get(key, data["exact_oracle"]["total"])

    def test_solve_matches_exhaustive_search(self, key):
        super().test_solve_matches_exhaustive_search(key)
        assert solved("1817", key)[1].company_income == []


def test_corpus_present():
    assert len(LINES) == 160
    assert all(d["exact_oracle"]["complete"] for d in LINES.values())


def _junction_passes(position, steps) -> Counter:
    """How many times the track in ``steps`` enters or leaves each junction node."""
    seen = Counter()
    for hex_id, a, b in steps:
        tile = position.board[hex_id].tile
        for end in (a, b):
            if end.startswith("n") and tile.node(int(end[1:])).kind == "junction":
                seen[(hex_id, end)] += 1
    return seen


@pytest.mark.parametrize("key", sorted(JUNCTION_TWICE))
def test_oracle_is_the_best_run_that_passes_each_junction_once(key):
    data = LINES[key]
    position, run = solved("1817", key)
    assert len(position.trains) == 1
    (route,) = run.routes
    steps = [(p["hex"], p["a"], p["b"]) for c in route.chains for p in c["paths"]]
    assert max(_junction_passes(position, steps).values()) == 4   # in and out, twice
    graph = build_graph(position)
    (table,) = train_tables(graph)
    routes = enumerate_routes(graph, table)
    best_once = 0
    for i in np.argsort(-routes.values, kind="stable"):
        steps = [s for k in routes.route_segs(i) for s in graph.segments[k].steps]
        if max(_junction_passes(position, steps).values(), default=0) <= 2:
            best_once = int(routes.values[i])
            break
    assert best_once == data["exact_oracle"]["total"]


def test_a_declared_route_passes_a_junction_twice():
    """15528#1630: the engine scored a declared route through E16's junction twice."""
    data = LINES["15528-1630"]
    position = read_position(data)
    (route,) = data["declared"]["routes"]
    steps = [(p["hex"], p["a"], p["b"]) for c in route["chains"] for p in c["paths"]]
    assert _junction_passes(position, steps)[("E16", "n0")] == 4
    assert check_route(position, route["train"], route["visited"],
                       route["chains"]).violations == []


def test_example_position_is_its_corpus_line():
    """examples/1817-mines-and-bridge.json is 15528#890 in the own format, plus a Mail
    contract ($15, docs/rules/1817.md §5.5) that is shown beside the run and never added to it."""
    example = Path(__file__).parent.parent / "examples" / "1817-mines-and-bridge.json"
    data = json.loads(example.read_text())
    run = solve(read_position(data))
    line = LINES[f"{data['fixture'].removesuffix('.json')}-{data['action']}"]
    assert run.status == "optimal"
    assert run.total == line["exact_oracle"]["total"] == solved("1817", "15528-890")[1].total
    assert run.company_income == [{"name": "Mail contract", "amount": 15}]
