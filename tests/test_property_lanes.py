"""Property tests for parallel lanes and track gauge: ``solve`` against the brute force.

The 18Chesapeake map gets a set of test tiles (``LANE_TILES``, in the 18xx.games tile
conventions: ``lanes: 2`` is two parallel tracks, ``a_lane`` "w.i" one lane of w, ``track``
broad / narrow / dual) beside a few of its own single-lane broad tiles. A small region of
the map is laid with them, the company (B&O) gets a home token and now and then more
stations, other companies fill city slots, and 2-3 trains compete for the track. The
rules under test (18xx.games ``Path#walk``, ``lane_match?``, ``tracks_match?`` with
``dual_ok``): across a hex side lane i of w lanes continues only into lane w - 1 - i of
w lanes, each lane is track of its own, and broad track joins broad or dual, narrow joins
narrow or dual, dual joins either.

For every board: the solver's total equals the brute force's (tests/bruteforce.py, which
walks the tiles' paths itself) and is proven; every route is legal by the independent
checker (``trainrun.routes.legality.check_run``) with the revenue the solver gives; the lanes its
chains name read back (``bruteforce.chain_resources``) as the track of a legal
brute-force route of that train, no lane shared between routes; and the run written as
an 18xx.games ``run_routes`` action (hex ids only) verifies as legal at the same total.
``--hypothesis-show-statistics`` shows how many examples have two or more routes, trains
competing for track, lanes and narrow or dual track in the run.

A hand-made case checks a side where single track and two lanes meet one edge: single
track joins only single track there.
"""
from __future__ import annotations

import dataclasses
from functools import cache

import boards
import bruteforce
import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from trainrun import solve
from trainrun.board.hexgrid import opposite
from trainrun.board.tiles import tile_from_dict
from trainrun.formats.reading import position_of
from trainrun.registry import Ruleset, load_title
from trainrun.routes.legality import check_run
from trainrun.routes.runformat import export_run_routes
from trainrun.routes.verify import verify

COMPANY = "B&O"
OTHERS = ["PRR", "PLE", "SRR", "C&O"]
TRAIN_NAMES = ["2", "2", "3", "4"]


def _city(revenue, slots=1):
    return {"index": 0, "kind": "city", "revenue": revenue, "slots": slots}


def _town(index=0, revenue=10):
    return {"index": index, "kind": "town", "revenue": revenue}


def _p(a, b, **kw):
    return {"a": a, "b": b, **kw}


# test tiles at rotation 0 (name -> tile data); the stops pay 10-40
LANE_TILES = {
    # two lanes straight through, and curving
    "LS": {"paths": [_p("e0", "e3", lanes=2)]},
    "LC": {"paths": [_p("e0", "e2", lanes=2)]},
    # cities and a town on two-lane track; LY has one single-track exit
    "LCITY": {"nodes": [_city(20, 2)], "paths": [_p("e0", "n0", lanes=2),
                                                 _p("e3", "n0", lanes=2)]},
    "LY": {"nodes": [_city(30, 2)], "paths": [_p("e0", "n0", lanes=2), _p("e2", "n0", lanes=2),
                                              _p("e4", "n0")]},
    "LTOWN": {"nodes": [_town()], "paths": [_p("e1", "n0", lanes=2), _p("e4", "n0", lanes=2)]},
    # lane 0 of edge 0 stops at the city, lane 1 runs on past it to edge 3 (as lane 0)
    "LSPLIT": {"nodes": [_city(30)], "paths": [
        _p("e0", "n0", a_lane="2.0"), _p("e0", "e3", a_lane="2.1", b_lane="2.0"),
        _p("e3", "n0", a_lane="2.1"), _p("n0", "e5")]},
    # two towns joined by two lanes inside the tile
    "LTWIN": {"nodes": [_town(0), _town(1, 20)], "paths": [
        _p("e0", "n0"), _p("n0", "n1", lanes=2), _p("n1", "e3", lanes=2)]},
    # narrow gauge
    "NS": {"paths": [_p("e0", "e3", track="narrow")]},
    "NC": {"paths": [_p("e0", "e1", track="narrow")]},
    "NCITY": {"nodes": [_city(20)], "paths": [_p("e0", "n0", track="narrow"),
                                              _p("e2", "n0", track="narrow"),
                                              _p("e4", "n0", track="narrow")]},
    "NTOWN": {"nodes": [_town(0, 20)], "paths": [_p("e0", "n0", track="narrow"),
                                                 _p("e3", "n0", track="narrow")]},
    "NL": {"nodes": [_city(40, 2)], "paths": [_p("e0", "n0", lanes=2, track="narrow"),
                                              _p("e3", "n0", track="narrow")]},
    # dual gauge
    "DS": {"paths": [_p("e0", "e3", track="dual")]},
    "DC": {"paths": [_p("e0", "e2", track="dual")]},
    "DCITY": {"nodes": [_city(30)], "paths": [_p("e0", "n0", track="dual"),
                                              _p("e3", "n0", track="dual")]},
    "DL": {"paths": [_p("e0", "e3", lanes=2, track="dual")]},
    # gauges changing inside a tile: at a city, and at a junction
    "MCITY": {"nodes": [_city(20, 2)], "paths": [_p("e0", "n0"), _p("e2", "n0", track="narrow"),
                                                 _p("e4", "n0", track="dual")]},
    "MJ": {"nodes": [{"index": 0, "kind": "junction"}], "paths": [
        _p("e0", "n0"), _p("e2", "n0", track="narrow"), _p("e4", "n0", track="dual")]},
}
# the map's own single-lane broad tiles among them: cities 57 and 14, town 58, track 9, 8
CATALOGUE = ["57", "14", "58", "9", "8"]

BASE = load_title("18Chesapeake")
RULESET = Ruleset(BASE.info, dataclasses.replace(BASE.title, tiles={
    **BASE.title.tiles,
    **{name: tile_from_dict(name, {"color": "green", **data})
       for name, data in LANE_TILES.items()}}), BASE.hook)
TITLE = RULESET.title


@cache
def _placements(hex_id: str) -> list:
    """(tile, rotation, exits) for every tile of the test at a rotation whose track stays
    on the map."""
    return [(name, r, _exits(TITLE.tiles[name], r))
            for name, r, _ in boards.placements(TITLE, hex_id, sorted(LANE_TILES) + CATALOGUE)]


@cache
def _exits(tile, rotation: int) -> frozenset:
    """(board edge, lane width, gauge) where the tile's track meets its edges."""
    return frozenset((int(end[1:]), lane[0], p.track) for p in tile.paths_at(rotation)
                     for end, lane in ((p.a, p.a_lane), (p.b, p.b_lane)) if end[0] == "e")


def _has_city(name: str) -> bool:
    return any(n.kind == "city" for n in TITLE.tiles[name].nodes)


def _lay(draw, region: list) -> list:
    """Tiles for ``region`` in order, from a palette of a few tile kinds (one with a
    city); most join track already on a neighbour (laid or printed) with the same lane
    width and a gauge that meets, two in three carry a stop."""
    names = sorted(LANE_TILES) + CATALOGUE
    palette = {draw(st.sampled_from([n for n in names if _has_city(n)]))}
    palette |= draw(st.sets(st.sampled_from(names), min_size=2, max_size=6))
    laid, tiles = {}, []
    for h in region:
        choices = [c for c in _placements(h) if c[0] in palette]
        if not choices:
            continue
        facing = set()
        for e, n in TITLE.hexes[h].neighbors.items():
            if n in laid:
                theirs = laid[n]
            else:
                mh = TITLE.hexes[n]
                theirs = _exits(mh.printed, mh.printed_rotation)
            facing |= {(e, w, g) for k, w, g in theirs if k == opposite(e)}
        if not laid:      # the first hex gets a city: the company's home
            choices = [c for c in choices if _has_city(c[0])] or choices
        elif draw(st.integers(0, 2)):
            choices = [c for c in choices if TITLE.tiles[c[0]].nodes] or choices
        joining = [c for c in choices if any(
            e == f and w == v and g in bruteforce.GAUGE_MEETS[t]
            for e, w, g in c[2] for f, v, t in facing)]
        if joining and draw(st.integers(0, 5)) > 0:
            choices = joining
        name, rotation, exits = draw(st.sampled_from(choices))
        tiles.append({"hex": h, "tile": name, "rotation": rotation})
        laid[h] = exits
    return tiles


@st.composite
def lane_positions(draw, max_region: int = 6):
    """A small 18Chesapeake board laid with the lane and gauge test tiles, the company's
    home in the first city laid, other companies' tokens filling slots (a full
    city blocks), 2-3 trains."""
    centre = draw(st.sampled_from(boards.layable(TITLE)))
    region = boards.region(TITLE, centre, draw(st.integers(4, max_region)))
    tiles = _lay(draw, region)
    tokens = []
    cities = boards.cities(TITLE, tiles, {t["hex"] for t in tiles})
    order = [t["hex"] for t in tiles]
    home = min(cities, key=lambda c: order.index(c[0]), default=None)
    for h, i, slots in cities:
        # home in the first city laid, now and then a second station
        own = (h, i, slots) == home or draw(st.integers(0, 3)) == 0
        if own:
            tokens.append({"hex": h, "city": i, "company": COMPANY})
        n = draw(st.integers(0, slots - own))
        tokens += [{"hex": h, "city": i, "company": c}
                   for c in draw(st.lists(st.sampled_from(OTHERS), min_size=n, max_size=n,
                                          unique=True))]
    trains = draw(st.lists(st.sampled_from(TRAIN_NAMES), min_size=2, max_size=3))
    return {"title": "18Chesapeake", "phase": draw(st.sampled_from(["3", "5", "D"])),
            "company": COMPANY, "trains": boards.train_list(trains), "tiles": tiles,
            "tokens": tokens}


def _check(data: dict) -> None:
    position = position_of(RULESET, data)
    run = solve(position)
    expected, picks = bruteforce.best_run(position)
    why = (data, run.total, expected, picks,
           [(r.train, r.visited, r.revenue, r.chains) for r in run.routes])
    assert run.status == "optimal", why
    assert run.total == expected, why
    assert sum(r.revenue for r in run.routes) == run.total, why

    # the independent checker finds the run legal, at the solver's revenues
    check = check_run(position, run.routes)
    assert check.legal, (why, check.violations)
    assert [rc.revenue for rc in check.routes] == [r.revenue for r in run.routes], why

    # the chains' lanes read back as a legal brute-force route's track, no lane shared
    trains = {t.id: t for t in position.trains}
    used = set()
    for r in run.routes:
        track = bruteforce.chain_resources(position, r.chains)
        visited = tuple(r.visited)
        match = [value for value, res, vis in bruteforce.all_routes(position, trains[r.train])
                 if vis in (visited, visited[::-1]) and res == track]
        assert r.revenue in match, (why, r.visited, track, match)
        assert not track & used, (why, r.visited, "track shared between routes")
        used |= track

    # written as an 18xx.games action (hex ids, no lanes) the run reads back, legal
    result = verify(position, export_run_routes(position, run), best=False)
    assert result.legal and result.declared_total == run.total, (why, result.violations)

    _events(position, run, used)


def _events(position, run, used) -> None:
    """What the example exercised (``--hypothesis-show-statistics``): how many routes,
    whether the trains compete (their best routes alone earn more than the best run),
    parallel lanes and which gauges the routes run on."""
    event(f"routes: {min(len(run.routes), 2)}{'+' if len(run.routes) >= 2 else ''}")
    alone = sum(max((v for v, _, _ in bruteforce.all_routes(position, t)), default=0)
                for t in position.trains)
    event("trains compete for track" if alone > run.total else "no conflict")
    lanes = [side for _, side in (r for r in used if r[0] == "side")
             if len(next(iter(side))) == 3]
    if lanes:
        event("the run uses parallel lanes")
    if len(lanes) != len({frozenset(x[:2] for x in side) for side in lanes}):
        event("two lanes of one hex side used")
    for gauge in sorted({p.track for r in run.routes for c in r.chains for step in c["paths"]
                         for p in _tile_paths(position, step)} - {"broad"}):
        event(f"the run uses {gauge} track")


def _tile_paths(position, step) -> list:
    placed = position.board[step["hex"]]
    ends = {step["a"].partition(".")[0], step["b"].partition(".")[0]}
    return [p for p in placed.tile.paths_at(placed.rotation) if {p.a, p.b} == ends]


@boards.examples(300)
@given(lane_positions())
def test_solver_matches_brute_force_with_lanes_and_gauges(data):
    _check(data)


@boards.examples(100)
@given(lane_positions(max_region=10))
def test_solver_matches_brute_force_with_lanes_and_gauges_larger(data):
    _check(data)


# ------------------------------------------------------------------ hand-made cases

def _mixed_width_position(e3_city_lane):
    """D2 and E3 (neighbours: D2 edge 5 = E3 edge 2) each hold a test city worth 20 (B&O
    in D2, one 2-train). At that side D2 has single track to its city and lane 0 of two
    running on to D4; E3 has single track running on to E5 and, to its city, the track
    ``e3_city_lane`` ("2.1": lane 1 of two; None: single track)."""
    def city(paths):
        return tile_from_dict("W", {"color": "green", "nodes": [_city(20, 2)],
                                    "paths": paths})
    to_city = _p("e2", "n0", **({"a_lane": e3_city_lane} if e3_city_lane else {}))
    ruleset = Ruleset(BASE.info, dataclasses.replace(BASE.title, tiles={
        **BASE.title.tiles,
        "WA": city([_p("n0", "e5"), _p("e5", "e0", a_lane="2.0")]),
        "WB": city([to_city, _p("e2", "e0")])}), BASE.hook)
    return position_of(ruleset, {
        "title": "18Chesapeake", "phase": "3", "company": COMPANY, "trains": ["2"],
        "tiles": [{"hex": "D2", "tile": "WA", "rotation": 0},
                  {"hex": "E3", "tile": "WB", "rotation": 0}],
        "tokens": [{"hex": "D2", "company": COMPANY}]})


@pytest.mark.parametrize("lane,expected", [("2.1", 0), (None, 40)])
def test_single_track_does_not_meet_a_lane_of_two(lane, expected):
    """Across a hex side track continues only into a lane of the same width (18xx.games
    ``Path#lane_match?``). D2's single track to its city meets E3's single track, which
    runs past E3's city to E5; E3's city track is lane 1 of two, which meets D2's lane 0
    of two (to D4), not D2's single track: no route, 0. With E3's city on single track
    instead, D2-E3 pays 20 + 20 = 40."""
    position = _mixed_width_position(lane)
    assert bruteforce.best_run_total(position) == expected
    run = solve(position)
    assert run.status == "optimal" and run.total == expected
    if run.routes:
        assert check_run(position, run.routes).legal
