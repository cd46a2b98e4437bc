"""Keeping some routes and routing the rest (``solve(position, keep=...)``, ``solve
--keep``, ``POST /solve`` with ``keep``), against the brute force (tests/bruteforce.py,
``best_run(..., keep=...)``): with one train's route fixed (any legal route of it, not
only the best), the best of the other trains over the track the kept route leaves free
(docs/rules/common.md §3.7: no track used by two routes) plus the kept route, on random
18Chesapeake boards and, under the title's hooks, on cut 18NY boards. Kept routes that
break a rule or share track are refused."""
from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import boards
import bruteforce
import pytest
from click.testing import CliRunner
from hypothesis import assume, given
from hypothesis import strategies as st
from service_client import json_client
from test_property import positions
from test_property_18ny import cut_boards

from trainrun import read_position, solve
from trainrun.cli.main import main
from trainrun.draw import draw_position
from trainrun.errors import InputError
from trainrun.formats.text import format_run
from trainrun.routes.enumeration import enumerate_routes, train_tables
from trainrun.routes.graph import build_graph
from trainrun.routes.solve import describe_route

EXAMPLES = Path(__file__).parent.parent / "examples"
TWO_TRAINS = EXAMPLES / "18chesapeake-two-trains.json"
DECLARED = json.loads((EXAMPLES / "18chesapeake-two-trains-run.json").read_text())


def _some_route(position, data):
    """A route of the first train (any legal one, not only the best), as trainrun writes it."""
    graph = build_graph(position)
    first = position.trains[0]
    table = next(t for t in train_tables(graph) if first in t.trains)
    rs = enumerate_routes(graph, table)
    assume(len(rs) > 0)
    i = data.draw(st.integers(0, len(rs) - 1), label="kept route")
    return describe_route(graph, table, rs.route_stops(i).tolist(), rs.route_segs(i).tolist(),
                          first)


@boards.examples(150)
@given(positions(), st.data())
def test_keep_matches_brute_force(spec, data):
    position = read_position(spec)
    assume(len(position.trains) >= 2)
    kept = _some_route(position, data)
    run = solve(position, keep=[{"train": kept.train, "visited": kept.visited,
                                 "chains": kept.chains}])
    expected, picks = bruteforce.best_run(position, keep=[(kept.train, kept.visited,
                                                           kept.chains)])
    kept_value = bruteforce.route_value(position, position.trains[0], kept.visited)
    why = (spec, kept.visited, run.total, expected, picks)
    assert run.status == "optimal", why
    assert run.total == expected, why
    used = bruteforce.chain_resources(position, kept.chains)
    mine = next(r for r in run.routes if r.train == kept.train)
    assert mine.visited in (kept.visited, kept.visited[::-1]) and mine.revenue == kept_value
    taken = set(used)
    for r in run.routes:
        if r.train != kept.train:
            res = bruteforce.chain_resources(position, r.chains)
            assert not res & taken, why
            taken |= res


@boards.examples(60)
@given(cut_boards(), st.data())
def test_keep_matches_brute_force_with_18ny_rules(spec, data):
    """18NY boards (H trains by hex edges, DE and D trains, connection bonuses once per
    run): a bonus the kept route earns is not earned again by the others."""
    position = read_position(spec)
    assume(len(position.trains) >= 2)
    kept = _some_route(position, data)
    run = solve(position, keep=[{"train": kept.train, "visited": kept.visited,
                                 "chains": kept.chains}])
    expected, picks = bruteforce.best_run(position, hooks=True,
                                          keep=[(kept.train, kept.visited, kept.chains)])
    why = (spec["fixture"], spec["action"], spec["trains"], kept.visited, run.total, picks)
    assert run.status == "optimal", why
    assert run.total == expected, why


def test_keeping_the_declared_route_of_one_train():
    # the PRR president's 4-train route (K1-J2-F2-H6, $150, as recorded) kept: the best
    # 5-train route beside it is the declared one, $210, so $360 (README, verify example)
    position = read_position(TWO_TRAINS.read_text())
    run = solve(position, keep={**DECLARED, "routes": DECLARED["routes"][:1]})
    assert (run.total, run.status) == (360, "optimal")
    assert [(r.train, r.revenue) for r in run.routes] == [("4-0", 150), ("5-1", 210)]
    assert run.routes[0].visited == ["K1-0", "J2-0", "F2-0", "H6-0"]
    assert run.kept_trains == ["4-0"]
    assert "4 train (4-0): $150 (kept)" in format_run(run)
    root = ET.fromstring(draw_position(position, run))
    kept = root.findall(".//{http://www.w3.org/2000/svg}g[@data-kept='true']")
    assert [g.get("data-train") for g in kept] == ["4-0"]


def test_keeping_every_route_gives_that_run():
    position = read_position(TWO_TRAINS.read_text())
    assert solve(position, keep=DECLARED).total == 360


def _best_routes():
    return solve(read_position(TWO_TRAINS.read_text())).to_dict()["routes"]


def test_kept_routes_sharing_track_are_refused():
    first = _best_routes()[0]
    with pytest.raises(InputError, match=r"^keep: route 2 reuses the hex side between"):
        solve(read_position(TWO_TRAINS.read_text()),
              keep=[first, {**first, "train": "5-1"}])


def test_an_illegal_kept_route_is_refused():
    first = _best_routes()[0]
    four = {**first, "visited": first["visited"] + ["L2-0"]}   # a 5th stop for a 4-train
    with pytest.raises(InputError, match=r"^keep: "):
        solve(read_position(TWO_TRAINS.read_text()), keep=[four])


def test_cli_and_http_keep(tmp_path):
    keep = tmp_path / "keep.json"
    keep.write_text(json.dumps({**DECLARED, "routes": DECLARED["routes"][:1]}))
    res = CliRunner().invoke(main, ["solve", str(TWO_TRAINS), "--keep", str(keep), "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["total"] == 360
    answer = json_client().post("/solve", json={
        "position": json.loads(TWO_TRAINS.read_text()), "keep": json.loads(keep.read_text())})
    assert answer.status_code == 200 and answer.json()["total"] == 360
    first = _best_routes()[0]
    keep.write_text(json.dumps([first, {**first, "train": "5-1"}]))
    res = CliRunner().invoke(main, ["solve", str(TWO_TRAINS), "--keep", str(keep)])
    assert res.exit_code == 2 and "keep: route 2 reuses" in res.output
