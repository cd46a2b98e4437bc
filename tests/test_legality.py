"""Mutation tests for the independent route checker (``trainrun.routes.legality``).

Each test starts from a route its president really declared (18Chesapeake
corpus), checks that it is accepted, breaks one rule and checks that the
checker rejects it with a sentence naming the right place.
"""
from __future__ import annotations

import copy
import dataclasses
import json
from collections import Counter
from pathlib import Path

import pytest
from corpus_checks import city_tokens, with_tile

from trainrun import read_position, solve
from trainrun.formats.reading import position_of
from trainrun.plugins.hookspecs import hookimpl
from trainrun.registry import Ruleset, load_title, title_manager
from trainrun.routes.legality import check_route, check_run

CORPUS = Path(__file__).parent / "data" / "corpus" / "18Chesapeake"


def corpus_line(fixture: str, action: int) -> dict:
    for line in (CORPUS / f"{fixture}.jsonl").read_text().splitlines():
        data = json.loads(line)
        if data["action"] == action:
            return data
    raise LookupError(f"{fixture} action {action}")


def load(fixture: str, action: int, edit=None):
    """The position of a corpus line, read after ``edit(data)`` changed the line, and deep
    copies of its declared routes."""
    data = corpus_line(fixture, action)
    if edit:
        edit(data)
    return read_position(data), copy.deepcopy(data["declared"]["routes"])


def train(data: dict, k: int, train_id: str, name: str, distance: int) -> None:
    """Give the company's train ``k`` on a corpus line another name and distance."""
    data["trains"][k] = {"id": train_id, "name": name, "distance": distance}


def has(violations: list, *parts: str) -> bool:
    return any(all(p in v for p in parts) for v in violations)


def reverse_chain(chain: dict) -> dict:
    return {"left": chain["right"], "right": chain["left"],
            "paths": [dict(p) for p in reversed(chain["paths"])]}


# 1277 action 309, C&A (stations in J6 and F8), phase 5:
#   3-0: J6-0 -> H6-0 -> F8-0 through I7 and G7, $150 (H6-0 is X7 with slots B&O, empty)
#   3-3: D12-0 -> E11-0 -> F8-0, $110 (both routes end at F8-0)
# 1905 action 168, PRR (stations in F2 and J2):
#   3-5: J2-0 -> F2-0 -> H6-0 through I3, H2, G1 then F4, G5
#   4-0: L2-0 -> K3-1 -> K1-0 -> J2-0
# 1905 action 328, LV: 4-1: J2-0 -> K1-0 -> K3-1 -> L2-0 (New York off-board)


def test_declared_routes_are_accepted():
    position, routes = load("1277", 309)
    r1, r2 = routes
    rc = check_route(position, r1["train"], r1["visited"], r1["chains"])
    assert rc.violations == []
    assert rc.revenue == 150
    assert rc.stop_values == [30, 50, 70]   # green 15 in J6, brown X7 in H6, X6 in F8
    assert rc.hexes == {"J6", "I7", "H6", "G7", "F8"}
    # two trains may share a city (F8-0), just not track
    run = check_run(position, [(r["train"], r["visited"], r["chains"]) for r in routes])
    assert run.violations == []
    assert run.total == 150 + 110


def test_route_over_its_trains_distance():
    # the same route on a 2-train
    position, routes = load("1277", 309, lambda d: train(d, 0, "3-0", "2", 2))
    r1 = routes[0]
    rc = check_route(position, "3-0", r1["visited"], r1["chains"])
    assert rc.violations == ["a 2-train visits 3 stops (its limit is 2)"]


def test_two_routes_sharing_hex_sides():
    position, routes = load("1905", 168)
    r1 = routes[0]
    # the 4-train runs the 3-train's first chain back from F2 to J2 (paths in reverse order)
    stolen = reverse_chain(r1["chains"][0])
    run = check_run(position, [(r1["train"], r1["visited"], r1["chains"]),
                               ("4-0", ["F2-0", "J2-0"], [stolen])])
    assert run.routes[0].violations == [] and run.routes[1].violations == []
    assert sorted(run.violations) == sorted(
        f"route 2 reuses the hex side between {a} and {b} already used by route 1"
        for a, b in (("I3", "J2"), ("H2", "I3"), ("G1", "H2"), ("F2", "G1")))


def test_routes_sharing_one_hex_side_only():
    position, routes = load("1905", 168)
    r1, r2 = routes
    # the 4-train's last chain K1-0 -> J2-0 is fine; make a 4-train route leave J2 by the
    # 3-train's exit towards I3 instead, reaching F2: one shared side is enough to refuse
    chain = {"left": "J2-0", "right": "F2-0", "paths": r1["chains"][0]["paths"]}
    run = check_run(position, [(r1["train"], r1["visited"], r1["chains"]),
                               ("4-0", ["J2-0", "F2-0"], [chain])])
    assert has(run.violations, "route 2 reuses the hex side between I3 and J2",
               "already used by route 1")


def test_same_train_twice_and_unknown_train():
    position, routes = load("1277", 309)
    r1, r2 = routes
    run = check_run(position, [("3-0", r1["visited"], r1["chains"]),
                               ("3-0", r2["visited"], r2["chains"])])
    assert run.violations == ["route 2 runs train 3-0 already run by route 1"]
    run = check_run(position, [("9-9", r1["visited"], r1["chains"])])
    assert has(run.violations, "route 1 names train '9-9'")


def _h6(slots, reserved=()):
    """1277/309 with Baltimore H6-0's slots and reservations set."""
    def edit(data):
        tokens = city_tokens(data, "H6")
        assert tokens["slots"] == ["B&O", None]
        tokens["slots"], tokens["reserved"] = slots, list(reserved)
    return load("1277", 309, edit)


def test_route_through_a_blocked_city():
    # an empty slot, even reserved for someone else, lets C&A through
    position, routes = _h6(["B&O", None], reserved=["PRR"])
    r1 = routes[0]
    assert check_route(position, "3-0", r1["visited"], r1["chains"]).violations == []
    position, routes = _h6(["B&O", "PRR"])            # now both slots belong to others
    rc = check_route(position, "3-0", r1["visited"], r1["chains"])
    assert rc.violations == [
        "passes through H6 (Baltimore, H6-0), whose slots are all held by other companies"]
    # ... but the same city may still end a route
    rc = check_route(position, "3-0", r1["visited"][:2], r1["chains"][:1])
    assert rc.violations == []


def test_route_without_a_company_station():
    def without_stations(data):                       # take C&A's tokens off the board
        for hex_id in ("J6", "F8"):
            city = city_tokens(data, hex_id)
            city["slots"] = [None if s == "C&A" else s for s in city["slots"]]
    position, routes = load("1277", 309, without_stations)
    r1 = routes[0]
    rc = check_route(position, "3-0", r1["visited"], r1["chains"])
    assert rc.violations == ["no station of C&A on the route"]


def _through_new_york():
    """1905/328, its 4-train a 5-train (enough distance for five stops), and the 4-train's
    route carried on past New York to K3-0 (L2 e0, L4, K3 e5)."""
    position, routes = load("1905", 328, lambda d: train(d, 1, "4-1", "5", 5))
    r = routes[1]
    assert r["visited"] == ["J2-0", "K1-0", "K3-1", "L2-0"]
    extra = {"left": "L2-0", "right": "K3-0",
             "paths": [{"hex": "L2", "a": "n0", "b": "e0"}, {"hex": "L4", "a": "e3", "b": "e2"},
                       {"hex": "K3", "a": "e5", "b": "n0"}]}
    return position, r["visited"] + ["K3-0"], r["chains"] + [extra]


def test_offboard_in_the_middle():
    position, visited, chains = _through_new_york()
    rc = check_route(position, "4-1", visited, chains)
    assert rc.violations == [
        "continues past the off-board L2 (New York, L2-0), where a route must end"]


def test_terminal_track_in_the_middle():
    read, visited, chains = _through_new_york()
    ny = read.board["L2"].tile
    position = with_tile(read, "L2", dataclasses.replace(
        ny, paths=tuple(dataclasses.replace(p, terminal=True) for p in ny.paths)))
    rc = check_route(position, "4-1", visited, chains)
    assert has(rc.violations, "terminal track e1-n0 in L2 in the middle of the route")
    assert has(rc.violations, "terminal track n0-e0 in L2 in the middle of the route")
    # terminal track at the end of a route is fine
    rc = check_route(position, "4-1", visited[:-1], chains[:-1])
    assert rc.violations == []


def test_node_visited_twice():
    position, routes = load("1277", 309)
    r1 = routes[0]
    back = reverse_chain(r1["chains"][0])             # H6-0 back to J6-0 on the same track
    rc = check_route(position, "3-0", ["J6-0", "H6-0", "J6-0"], [r1["chains"][0], back])
    assert "visits J6-0 twice" in rc.violations
    assert has(rc.violations, "chain 2 reuses the hex side between I7 and J6",
               "already used by chain 1")


def test_chain_with_a_gap():
    position, routes = load("1277", 309)
    r1 = routes[0]
    chains = copy.deepcopy(r1["chains"])
    chains[0]["paths"] = [p for p in chains[0]["paths"] if p["hex"] != "I7"]
    rc = check_route(position, "3-0", r1["visited"], chains)
    assert has(rc.violations, "chain 1 (J6-0 to H6-0) is not connected track",
               "the hex side between I7 and J6")


def test_chain_with_track_the_tile_lacks():
    position, routes = load("1277", 309)
    r1 = routes[0]
    chains = copy.deepcopy(r1["chains"])
    chains[1]["paths"][1] = {"hex": "G7", "a": "e1", "b": "e3"}
    rc = check_route(position, "3-0", r1["visited"], chains)
    assert has(rc.violations, "chain 2 (H6-0 to F8-0)", "track e1-e3 in G7", "does not have")


def test_chain_passing_another_stop():
    position, routes = load("1905", 168)
    r2 = routes[1]
    # skip K3-1: one chain L2-0 -> K1-0 over the two chains' track touches K3-1
    merged = {"left": "L2-0", "right": "K1-0",
              "paths": r2["chains"][0]["paths"] + r2["chains"][1]["paths"]}
    rc = check_route(position, "4-0", ["L2-0", "K1-0", "J2-0"], [merged, r2["chains"][2]])
    assert has(rc.violations, "chain 1 (L2-0 to K1-0) touches K3-1")


def test_two_stops_of_one_group():
    position, _ = load("1277", 309)
    rc = check_route(position, "3-0", ["A3-0", "B2-0"], [])
    assert "visits two stops of group Pittsburgh (A3-0, B2-0)" in rc.violations


@pytest.mark.parametrize("visited", [["J6-0"], []])
def test_too_few_stops(visited):
    position, _ = load("1277", 309)
    rc = check_route(position, "3-0", visited, [])
    assert has(rc.violations, f"visits {len(visited)} stop", "fewer than the 2")


class _OneOf:
    """A title plugin adding one exclusive stop set (as 1817 does for New York's cities)."""

    def __init__(self, members):
        self.members = frozenset(members)

    @hookimpl
    def trainrun_exclusive_stops(self, position):
        return [self.members]


def test_two_stops_of_a_title_exclusive_set():
    data = corpus_line("1277", 309)
    base = load_title("18Chesapeake")
    pm = title_manager(_OneOf({"J6-0", "F8-0"}))
    position = position_of(Ruleset(base.info, base.title, pm.hook), data)
    r1 = data["declared"]["routes"][0]
    assert r1["visited"] == ["J6-0", "H6-0", "F8-0"]
    rc = check_route(position, r1["train"], r1["visited"], r1["chains"])
    assert rc.violations == ["visits both J6-0 and F8-0 (Camden, Washington DC), but a route "
                             "may visit only one of F8-0, J6-0"]


def test_each_hook_is_asked_once_per_position():
    """hookspecs.py: each hook once per position (per train type where a train is passed,
    per stop for stop values and city blocking), however often routes are checked and the
    run solved."""
    data = corpus_line("1277", 309)
    base = load_title("18Chesapeake")
    pm = title_manager(_OneOf({"J6-0", "F8-0"}))
    asked = Counter()

    def before(name, impls, kwargs):
        train, node = kwargs.get("train"), kwargs.get("node")
        asked[(name, train and train.name, kwargs.get("hex_id"), node and node.index)] += 1

    pm.add_hookcall_monitoring(before, lambda *args: None)
    position = position_of(Ruleset(base.info, base.title, pm.hook), data)
    routes = [(r["train"], r["visited"], r["chains"]) for r in data["declared"]["routes"]]
    for _ in range(3):
        check_run(position, routes)
    solve(position)
    assert asked[("trainrun_train_rules", "3", None, None)] == 1
    assert asked[("trainrun_stop_value", "3", "H6", 0)] == 1
    assert asked[("trainrun_exclusive_stops", None, None, None)] == 1
    assert max(asked.values()) == 1, [key for key, n in asked.items() if n > 1]
