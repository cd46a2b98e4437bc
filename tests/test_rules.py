"""The shared route rules (docs/rules/common.md §3) on small hand-built 18Chesapeake boards.

The line used by most tests, phase 2 (yellow values):

    H6-0 Baltimore (printed, 30) -- G7 (#9) -- F8-0 Washington DC (#X1, 30)
         -- E7-0 town (#58, 10) -- D8-0 Leesburg (#57, 20)

H6-1 (Baltimore's second city, 30) leads to the town I5-0 (#4, 10), but not
to H6-0: the two OO cities of a yellow Baltimore are separate (docs/rules/18chesapeake.md §3.2).
"""
import dataclasses

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainrun import solve
from trainrun.board.position import Train
from trainrun.board.tiles import Path
from trainrun.errors import InputError
from trainrun.formats.reading import position_of
from trainrun.hooks import answers
from trainrun.hooks.rules import scoring_order
from trainrun.registry import Ruleset
from trainrun.routes.enumeration import enumerate_routes, scoring_rank, train_tables
from trainrun.routes.graph import build_graph

LINE = [
    {"hex": "G7", "tile": "9", "rotation": 1},
    {"hex": "F8", "tile": "X1", "rotation": 4},
    {"hex": "E7", "tile": "58", "rotation": 5},
    {"hex": "D8", "tile": "57", "rotation": 1},
    {"hex": "I5", "tile": "4", "rotation": 1},
]


def position(ruleset, trains, tokens, tiles=LINE, company="B&O", phase="2"):
    return position_of(ruleset, {"title": "18Chesapeake", "phase": phase, "company": company,
                             "trains": trains, "tiles": tiles, "tokens": tokens})


def routes(pos):
    """Visited-stop sequences of every legal route of the first train."""
    graph = build_graph(pos)
    table = train_tables(graph)[0]
    rs = enumerate_routes(graph, table)
    return {tuple(graph.stop_ids[s] for s in rs.route_stops(i)): int(rs.values[i])
            for i in range(len(rs))}


def test_whole_line_with_a_4_train(chesapeake):
    # 30 + 30 + 10 + 20: every stop of a 4-train scores (docs/rules/18chesapeake.md §2)
    run = solve(position(chesapeake, ["4"], [{"hex": "H6", "city": 0, "company": "B&O"}]))
    assert run.status == "optimal"
    assert run.total == 90
    assert run.routes[0].visited in (["H6-0", "F8-0", "E7-0", "D8-0"],
                                     ["D8-0", "E7-0", "F8-0", "H6-0"])


def test_distance_limits_the_stops(chesapeake):
    # a 2-train visits two stops: H6-0 + F8-0 = 60 (numeric distance, docs/rules/common.md §4.1)
    found = routes(position(chesapeake, ["2"], [{"hex": "H6", "city": 0, "company": "B&O"}]))
    assert found == {("F8-0", "H6-0"): 60}


def two_row(ruleset, rows):
    """The line with B&O at H6-0 and one 4-train whose distance is ``rows``."""
    pos = position(ruleset, ["4"], [{"hex": "H6", "city": 0, "company": "B&O"}])
    return dataclasses.replace(pos, trains=[Train("t0", "4", rows)])


TWO_PLUS_TWO = [{"nodes": ["town"], "pay": 2, "visit": 2},
                {"nodes": ["city", "offboard", "town"], "pay": 2, "visit": 2}]


def test_two_row_distance_caps_the_cities(chesapeake):
    # a 2+2 (engine rows: two towns; two cities, off-boards or towns; check_distance fills
    # the town row first) visits at most two cities of the line's three: H6-0 F8-0 E7-0
    # for 30 + 30 + 10, never the whole line a plain 4-train runs for 90
    # (docs/rules/common.md §4.2)
    pos = two_row(chesapeake, TWO_PLUS_TWO)
    rules = answers.train_rules(pos, pos.trains[0])
    assert (rules.limit, rules.cap, rules.cap_kinds) == (4, 2, {"city", "offboard"})
    assert routes(pos) == {("F8-0", "H6-0"): 60, ("E7-0", "F8-0", "H6-0"): 70}
    run = solve(pos)
    assert (run.status, run.total) == ("optimal", 70)


def test_two_row_distance_of_other_rows_is_refused(chesapeake):
    # rows of disjoint kinds (two towns; two cities) are not the nested rows modelled
    rows = [{"nodes": ["town"], "pay": 2, "visit": 2}, {"nodes": ["city"], "pay": 2, "visit": 2}]
    pos = two_row(chesapeake, rows)
    with pytest.raises(InputError, match="nested rows"):
        solve(pos)


def test_route_needs_a_company_station(chesapeake):
    # I5-0 -- H6-1 is track, but neither stop holds a B&O token (docs/rules/common.md §3.2)
    found = routes(position(chesapeake, ["D"], [{"hex": "H6", "city": 0, "company": "B&O"}]))
    assert all("H6-1" not in r and "I5-0" not in r for r in found)
    assert max(found.values()) == 90


def test_full_city_of_others_ends_a_route_but_blocks_passing(chesapeake):
    # C&O fills DC's single slot: B&O may end at F8 (60) but not pass it
    # (docs/rules/common.md §3.6)
    tokens = [{"hex": "H6", "city": 0, "company": "B&O"}, {"hex": "F8", "company": "C&O"}]
    found = routes(position(chesapeake, ["D"], tokens))
    assert found == {("F8-0", "H6-0"): 60}


def test_own_token_or_empty_reserved_slot_lets_trains_pass(chesapeake):
    # B&O's own token in DC does not block it; the whole line pays 90
    tokens = [{"hex": "H6", "city": 0, "company": "B&O"}, {"hex": "F8", "company": "B&O"}]
    assert solve(position(chesapeake, ["D"], tokens)).total == 90


def test_trains_share_a_city_but_not_track(chesapeake):
    # Two 4-trains: H6-0-F8-0 (60) and F8-0-E7-0-D8-0 (30 + 10 + 20 = 60) share only
    # the DC city, which is allowed; one train over the whole line would make 90.
    # (docs/rules/common.md §3.7: trains may share a city, never a hex side.)
    tokens = [{"hex": "H6", "city": 0, "company": "B&O"}, {"hex": "D8", "company": "B&O"}]
    run = solve(position(chesapeake, ["4", "4"], tokens))
    assert run.total == 120
    assert sorted(r.revenue for r in run.routes) == [60, 60]


def test_one_train_may_not_take_track_twice(chesapeake):
    # a 2-train and a 4-train on the same line: 4 takes 90 alone, or 2 takes H6-F8 (60)
    # and the 4 takes F8-E7-D8 (60): 120; the two can't both use G7.
    tokens = [{"hex": "H6", "city": 0, "company": "B&O"}, {"hex": "D8", "company": "B&O"}]
    run = solve(position(chesapeake, ["2", "4"], tokens))
    assert run.total == 120
    by_train = {r.train_name: r for r in run.routes}
    assert sorted(by_train["2"].visited) == ["F8-0", "H6-0"]
    assert sorted(by_train["4"].visited) == ["D8-0", "E7-0", "F8-0"]


PITTSBURGH = [{"hex": "B4", "tile": "3", "rotation": 2}]


def test_one_stop_per_group(chesapeake):
    # A3 (P&LE city, 40) -- B4-0 town (#3, 10) -- B2 Pittsburgh off-board (40): A3 and B2 share
    # the group "Pittsburgh", so only one may be on a route (docs/rules/18chesapeake.md §3.1):
    # best 50.
    pos = position(chesapeake, ["3"], [{"hex": "A3", "company": "PLE"}], tiles=PITTSBURGH,
                   company="PLE")
    found = routes(pos)
    assert found == {("A3-0", "B4-0"): 50}


def test_terminal_path_only_at_a_route_end(chesapeake):
    """Mark E7's track toward D8 terminal: E7 may then only end a route
    (docs/rules/common.md §3.5).

    H6-0 F8-0 E7-0 D8-0 is no longer legal; the best 4-train is H6-0 F8-0 E7-0 = 70.
    """
    title = chesapeake.title
    tile = title.tiles["58"]  # paths e0-n0, n0-e2; at rotation 5, n0-e2 leads to D8 (edge 1)
    marked = dataclasses.replace(tile, paths=(tile.paths[0], Path("n0", "e2", terminal=True)))
    custom = Ruleset(chesapeake.info,
                     dataclasses.replace(title, tiles={**title.tiles, "58": marked}),
                     chesapeake.hook)
    pos = position(custom, ["4"], [{"hex": "H6", "city": 0, "company": "B&O"},
                                   {"hex": "D8", "company": "B&O"}])
    found = routes(pos)
    assert ("D8-0", "E7-0", "F8-0", "H6-0") not in found
    assert ("E7-0", "F8-0", "H6-0") in found and ("D8-0", "E7-0") in found
    assert solve(pos).total == 70


@pytest.mark.parametrize("phase,expected", [("2", 50), ("3", 60), ("5", 70), ("D", 90)])
def test_offboard_value_by_phase(chesapeake, phase, expected):
    # A3 pays 40/50/60/80 by column (docs/rules/18chesapeake.md §3.1); the #3 town pays 10 in
    # every phase
    pos = position(chesapeake, ["3"], [{"hex": "A3", "company": "PLE"}], tiles=PITTSBURGH,
                   company="PLE", phase=phase)
    assert solve(pos).total == expected


def test_parallel_lanes_are_separate_track(chesapeake):
    """A tile path with ``lanes: 2`` is two tracks (18xx.games tile conventions).

    Berlin D2 and Hagerstown E3 are neighbours (D2 edge 5, E3 edge 2). On each lies a
    test city worth 20 whose one exit carries two lanes. Two 2-trains of B&O each run
    D2-E3 on their own lane: 2 x (20 + 20) = 80; with one lane only one could (40).
    """
    assert solve(_lanes_position(chesapeake, 1)).total == 40
    two = solve(_lanes_position(chesapeake, 2))
    assert two.total == 80 and len(two.routes) == 2


def _lanes_position(chesapeake, lanes=2, gauges=("broad", "broad")):
    """D2 and E3 each hold a test city worth 20 whose one exit carries ``lanes`` lanes of
    track of the gauges ``gauges`` (D2's, E3's); B&O has a token in D2 and two 2-trains."""
    from trainrun.board.tiles import tile_from_dict
    title = chesapeake.title

    def city(track):
        return tile_from_dict("L", {"color": "green", "nodes": [
            {"index": 0, "kind": "city", "revenue": 20, "slots": 2}],
            "paths": [{"a": "e0", "b": "n0", "lanes": lanes, "track": track}]})

    custom = Ruleset(chesapeake.info, dataclasses.replace(
        title, tiles={**title.tiles, "L": city(gauges[0]), "M": city(gauges[1])}),
        chesapeake.hook)
    tiles = [{"hex": "D2", "tile": "L", "rotation": 5},
             {"hex": "E3", "tile": "M", "rotation": 2}]
    return position(custom, ["2", "2"], [{"hex": "D2", "company": "B&O"}], tiles=tiles)


@pytest.mark.parametrize("gauges,expected", [
    (("broad", "broad"), 40), (("narrow", "narrow"), 40), (("broad", "dual"), 40),
    (("dual", "narrow"), 40), (("broad", "narrow"), 0), (("narrow", "broad"), 0)])
def test_track_joins_only_where_gauges_meet(chesapeake, gauges, expected):
    """Across a hex side track continues into track of the same gauge, and dual gauge
    meets either (18xx.games ``Path#tracks_match?``). The one route D2-E3 is 20 + 20 = 40
    where D2's track joins E3's, else there is no route: 0."""
    assert solve(_lanes_position(chesapeake, 1, gauges)).total == expected


def test_checker_refuses_broad_into_narrow(chesapeake):
    from trainrun.routes.legality import check_run
    pos = _lanes_position(chesapeake, 1, ("broad", "narrow"))
    chain = {"left": "D2-0", "right": "E3-0", "paths": [
        {"hex": "D2", "a": "n0", "b": "e5"}, {"hex": "E3", "a": "e2", "b": "n0"}]}
    check = check_run(pos, [("2-0", ["D2-0", "E3-0"], [chain])])
    assert check.violations == [
        "route 1: chain 1 (D2-0 to E3-0) crosses the hex side between D2 and E3 from broad "
        "gauge track in D2 to narrow gauge track in E3, which do not join"]


def test_unknown_gauge_is_refused():
    from trainrun.board.tiles import tile_from_dict
    from trainrun.errors import InputError
    with pytest.raises(InputError, match="tile X: malformed tile data .*track 'meter'"):
        tile_from_dict("X", {"color": "yellow", "paths": [{"a": "e0", "b": "e3",
                                                           "track": "meter"}]})


def test_parallel_lanes_in_chains_and_the_checker(chesapeake):
    """The two routes of the lanes board say which lane they use (``e5.0`` / ``e5.1``: lane
    i of D2's edge 5 meets lane 1 - i of E3's edge 2), the independent checker finds the
    run legal, and the run written as an 18xx.games action (hex ids only, no lanes) reads
    back as a legal run of the same total."""
    from trainrun.routes.legality import check_run
    from trainrun.routes.runformat import export_run_routes
    from trainrun.routes.verify import verify
    pos = _lanes_position(chesapeake)
    run = solve(pos)
    assert run.total == 80
    lanes = sorted(tuple(sorted((p["hex"], p["a"], p["b"]) for p in r.chains[0]["paths"]))
                   for r in run.routes)
    assert lanes == [(("D2", "n0.0", "e5.0"), ("E3", "e2.1", "n0.1")),
                     (("D2", "n0.1", "e5.1"), ("E3", "e2.0", "n0.0"))]
    check = check_run(pos, run.routes)
    assert check.legal and check.total == 80, check.violations
    result = verify(pos, export_run_routes(pos, run), best=False)
    assert result.legal and result.declared_total == 80


def test_checker_sees_two_routes_on_one_lane(chesapeake):
    """Both routes on lane 0 of D2's edge 5 share that track; a chain that leaves D2 on
    lane 0 but enters E3 on lane 0 (which meets D2's lane 1) is not connected."""
    from trainrun.routes.legality import check_run
    pos = _lanes_position(chesapeake)
    lane0 = [{"hex": "D2", "a": "n0.0", "b": "e5.0"}, {"hex": "E3", "a": "e2.1", "b": "n0.1"}]
    route = [{"left": "D2-0", "right": "E3-0", "paths": lane0}]
    check = check_run(pos, [("2-0", ["D2-0", "E3-0"], route), ("2-1", ["D2-0", "E3-0"], route)])
    assert check.violations == ["route 2 reuses lane 0 (from D2) of the hex side between D2 "
                                "and E3 already used by route 1"]
    crossed = [{"left": "D2-0", "right": "E3-0", "paths": [
        {"hex": "D2", "a": "n0.0", "b": "e5.0"}, {"hex": "E3", "a": "e2.0", "b": "n0.0"}]}]
    assert not check_run(pos, [("2-0", ["D2-0", "E3-0"], crossed)]).legal


def test_derived_answers_are_kept_per_position(chesapeake):
    # Position.derived computes once per key and position; a replaced position (another
    # phase or trains, as trainrun.turn.purchase makes) starts with nothing kept
    pos = position(chesapeake, ["2"], [{"hex": "H6", "city": 0, "company": "B&O"}])
    calls = []

    def compute():
        calls.append(1)
        return frozenset({"H6-0"})

    assert pos.derived("test.stations", compute) == frozenset({"H6-0"})
    assert pos.derived("test.stations", compute) == frozenset({"H6-0"})
    assert len(calls) == 1
    assert dataclasses.replace(pos, phase=chesapeake.title.phases["3"]).derived(
        "test.stations", compute) == frozenset({"H6-0"})
    assert len(calls) == 2


@given(st.lists(st.tuples(st.integers(-10, 60), st.booleans()), min_size=1, max_size=12))
def test_scoring_rank_is_scoring_order_for_board_ordered_stops(stops):
    """The pay-limit choice has one rule (``scoring_order``); ``scoring_rank`` encodes it
    for stops numbered in board order, as the track graph numbers them."""
    ids = sorted((f"{'ABCDEFGHIJKL'[i]}{i % 3 + 1}", i % 2) for i in range(len(stops)))
    values = np.array([v for v, _ in stops], dtype=np.int32)
    preferred = np.array([p for _, p in stops], dtype=np.int64)
    by_order = sorted(range(len(stops)), key=lambda j: scoring_order(
        int(values[j]), bool(preferred[j]), *ids[j]))
    by_rank = list(np.argsort(-scoring_rank(values, preferred), kind="stable"))
    assert by_rank == by_order
