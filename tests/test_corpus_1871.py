"""The 1871 (The Old Prince) corpus: a real recorded 18xx.games game, 77 runs.

For every line (one company's run in one game):

(a) each declared route is legal under ``trainrun.legality`` and earns the
    revenue recorded for it; the declared run as a whole is legal and totals
    ``declared.total``;
(b) ``solve`` proves an optimum that equals the exhaustive engine search
    (``exact_oracle.total``) where that search finished, and is never below the
    declared run, the 18xx.games auto-router or the oracle;
(c) every route ``solve`` returns passes the independent checker, which gives
    the same revenue the solver recorded, and the run as a whole is legal.

1871 follows the rulebook against the engine in one place, the H-train distance
(DIGEST 71-1: hex edges crossed; the engine's code raises an arity error). The
corpus revenues and ``exact_oracle`` were computed with the rule as the rulebook
states it (DIGEST §5.6 item 1: all 133 stored routes recompute with the arity fixed),
so here too the corpus values are the expected values. The game has H, +, 7 and D
runs, PEIR runs from its tokens in other companies' homes, and the neutral G11 token.
"""
from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest

from trainrun.legality import check_route, check_run
from trainrun.plugins import read_position
from trainrun.position import position_to_own
from trainrun.run import solve

CORPUS = Path(__file__).parent / "data" / "corpus" / "1871"


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


def test_corpus_present():
    assert len(LINES) == 77
    trains = {t["name"] for line in LINES.values() for t in line["trains"]}
    assert {"2H", "3H", "4H", "5H", "6H", "2+", "3+", "4+", "7", "D"} <= trains
    assert any(line["entity"] == "PEIR" for line in LINES.values())


@pytest.mark.parametrize("key", IDS)
def test_declared_run_is_legal_and_scores_as_recorded(key):
    data = LINES[key]
    position = read_position(data)
    declared = data["declared"]
    for n, route in enumerate(declared["routes"], start=1):
        rc = check_route(position, route["train"], route["visited"], route["chains"])
        assert rc.violations == [], f"declared route {n} {route['visited']}"
        assert rc.revenue == route["revenue"], f"declared route {n} {route['visited']}"
    run = check_run(position, [(r["train"], r["visited"], r["chains"])
                               for r in declared["routes"]])
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
    checked = check_run(position, [(r.train, r.visited, r.chains) for r in run.routes])
    assert checked.violations == []
    assert checked.total == run.total


@pytest.mark.parametrize("key", IDS)
def test_own_format_round_trip_keeps_the_best_run(key):
    # The board written in trainrun's own format (only G11's neutral token is printed on
    # the map; every other token is listed) reads back to the same best run.
    _, run = _solved(key)
    again = solve(read_position(position_to_own(read_position(LINES[key]))), time_limit=30.0)
    assert (again.total, again.status) == (run.total, "optimal")
