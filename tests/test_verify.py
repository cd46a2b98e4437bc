"""Verifying declared runs (``trainrun.routes.verify``) and the 18xx.games run format
(``trainrun.routes.runformat``).

Expected values come from the corpus: each line records the run its president
declared (per-route ``revenue`` and ``total`` as the 18xx.games engine computes
them, and ``connections`` exactly as the engine's run_routes action stored them)
and the exhaustive engine search's optimum (``exact_oracle``). Mutations start
from those real runs and break one rule each.
"""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from corpus_checks import CORPUS, answered_lines, city_tokens, corpus_lines, with_tile
from service_client import json_client

from trainrun import read_position
from trainrun.errors import InputError
from trainrun.formats.text import format_verification
from trainrun.registry import installed_titles, load_title
from trainrun.routes.runformat import export_run_routes, route_readings
from trainrun.routes.solve import solve
from trainrun.routes.verify import verify

EXAMPLES = Path(__file__).parent.parent / "examples"


def _installed(title: str) -> bool:
    try:
        load_title(title)
    except InputError:
        return False
    return True


def _all_lines() -> list:
    """(id, line) for every corpus line with a declared run (a line the current engine
    could not score has ``declared_error`` instead) of every title folder present that
    trainrun answers as the engine does (``corpus_checks.answered_lines``)."""
    out = []
    for folder in sorted(p.name for p in CORPUS.iterdir() if p.is_dir()):
        for data in answered_lines(folder):
            if "declared" not in data:
                continue
            out.append((f"{folder}/{data['fixture'].removesuffix('.json')}-{data['action']}",
                        data))
    return out


LINES = _all_lines()


def _needs_title(data: dict) -> None:
    if not _installed(data["title"]):
        pytest.skip(f"title {data['title']!r} is not installed (installed: "
                    f"{', '.join(sorted(installed_titles()))})")


def line(folder: str, fixture: str, action: int) -> dict:
    for data in corpus_lines(folder):
        if data["fixture"].removesuffix(".json") == fixture and data["action"] == action:
            return copy.deepcopy(data)
    raise LookupError(f"{folder} {fixture} action {action}")


def as_action(data: dict, routes=None) -> dict:
    """A corpus line's declared run as the 18xx.games run_routes action recorded it."""
    routes = data["declared"]["routes"] if routes is None else routes
    return {"type": "run_routes", "entity": data["entity"],
            "routes": [{"train": r["train"], "connections": r["connections"]} for r in routes]}


def same_route(a: list, b: list) -> bool:
    return a == b or a == b[::-1]


def chain_nodes(route: dict) -> list:
    """A recorded route's nodes from its chains (its ``visited`` holds only the scored stops
    of a DE train)."""
    return [route["chains"][0]["left"]] + [c["right"] for c in route["chains"]]


# --------------------------------------------------------------------------- the corpus

@pytest.mark.parametrize("key,data", LINES, ids=[k for k, _ in LINES])
def test_declared_run_verifies_in_both_formats(key, data):
    """Every declared run is legal and earns the recorded route revenues and total, read
    from trainrun's routes and from the engine's own run_routes connections."""
    _needs_title(data)
    position = read_position(data)
    declared = data["declared"]
    own = verify(position, data, best=False)                   # a corpus line: its declared run
    # the engine's run_routes form where the line records it (the compiled titles' lines
    # give the routes' chains only)
    recorded = all("connections" in r for r in declared["routes"])
    engine = verify(position, as_action(data), best=False) if recorded else own
    for result in (own, engine):
        assert result.violations == []
        assert result.legal
        assert [r.revenue for r in result.routes] == [r["revenue"] for r in declared["routes"]]
        assert result.declared_total == declared["total"]
    for got, want in zip(engine.routes, declared["routes"]):
        assert same_route(got.visited, chain_nodes(want)), key
        if recorded:
            assert got.notes == [], key                        # each chain fits one way


def test_corpus_is_there():
    assert any(key.startswith("18Chesapeake/") for key, _ in LINES)


# --------------------------------------------------------------------------- gap to the best

def test_declared_below_the_best_shows_the_gap_and_the_best_run():
    # 1905 action 353, PRR: declared 150 + 210 = $360; the exhaustive search's optimum is $390
    data = line("18Chesapeake", "1905", 353)
    assert data["exact_oracle"]["complete"] and data["exact_oracle"]["total"] == 390
    result = verify(read_position(data), as_action(data))
    assert result.legal
    assert [r.revenue for r in result.routes] == [150, 210]
    assert result.declared_total == 360
    assert result.best_total == 390 and result.best_status == "optimal"
    assert result.gap == 30 and not result.optimal and result.exit_code == 1
    assert result.best.total == 390
    # revenue per stop: K1 Easton 30, J2 Allentown 30, F2 Harrisburg 40, H6 Baltimore 50
    assert [(s["node"], s["value"]) for s in result.routes[0].stops] == [
        ("K1-0", 30), ("J2-0", 30), ("F2-0", 40), ("H6-0", 50)]
    text = format_verification(result)
    assert "Declared $360; best $390 (proven optimal), $30 more" in text
    assert "Best run:" in text


def test_optimal_declaration():
    data = next(d for d in corpus_lines("18Chesapeake")
                if d["exact_oracle"]["complete"]
                and d["declared"]["total"] == d["exact_oracle"]["total"])
    result = verify(read_position(data), data)
    assert result.legal and result.optimal and result.exit_code == 0
    assert result.gap == 0 and result.best is None
    out = result.to_json()
    assert out["legal"] is True and out["declared_total"] == out["best_total"]
    assert {"train", "legal", "revenue", "violations"} <= set(out["routes"][0])
    json.dumps(out)


# --------------------------------------------------------------------------- mutations

def test_two_routes_sharing_hex_sides():
    # 1905 action 168, PRR: route 1 (3-5) runs J2 -> F2 over I3, H2, G1; a second route on
    # the 4-train over the same hexes reads back onto the same track
    data = line("18Chesapeake", "1905", 168)
    first = data["declared"]["routes"][0]
    action = as_action(data, [first])
    action["routes"].append({"train": "4-0", "connections": [["J2", "I3", "H2", "G1", "F2"]]})
    result = verify(read_position(data), action, best=False)
    assert result.routes[0].legal and not result.routes[1].legal and not result.legal
    assert sorted(result.routes[1].violations) == sorted(
        f"route 2 reuses the hex side between {a} and {b} already used by route 1"
        for a, b in (("I3", "J2"), ("H2", "I3"), ("G1", "H2"), ("F2", "G1")))
    assert result.exit_code == 2


def test_route_over_its_trains_distance():
    # 1905 action 353: the 5-train's five-stop route declared on the 4-train and back
    data = line("18Chesapeake", "1905", 353)
    routes = data["declared"]["routes"]
    routes[0]["train"], routes[1]["train"] = routes[1]["train"], routes[0]["train"]
    result = verify(read_position(data), as_action(data, routes), best=False)
    assert result.routes[0].legal                      # 4 stops on the 5-train: fine
    assert result.routes[1].violations == ["a 4-train visits 5 stops (its limit is 4)"]
    assert result.violations == ["route 2: a 4-train visits 5 stops (its limit is 4)"]


def test_two_row_train_limits_its_cities():
    # 1847 AE game_end_bank action 259: the 3+3 (three towns, three cities, off-boards or
    # towns: engine check_distance) ran C T C T C T for $140, at its limit of three cities
    data = line("1847AE", "1847AE_game_end_bank", 259)
    result = verify(read_position(data), data, best=False)
    assert [r.legal for r in result.routes] == [True, True]
    assert result.declared_total == data["declared"]["total"] == 300
    # the 5-train's O C C T C (four cities or off-boards) declared on the 3+3, and back
    routes = data["declared"]["routes"]
    routes[0]["train"], routes[1]["train"] = routes[1]["train"], routes[0]["train"]
    result = verify(read_position(data), {"routes": routes}, best=False)
    assert result.routes[0].violations == [
        "a 3+3-train visits 4 stops that are city or offboard (its limit for them is 3)"]
    assert result.routes[1].violations == ["a 5-train visits 6 stops (its limit is 5)"]


def test_route_through_a_blocked_city_and_without_a_token():
    # 1277 action 309, C&A: route 1 J6 -> H6 -> F8 passes Baltimore H6 (slots B&O, empty)
    data = line("18Chesapeake", "1277", 309)
    city_tokens(data, "H6")["slots"] = ["B&O", "PRR"]
    result = verify(read_position(data), data, best=False)
    assert result.routes[0].violations == [
        "passes through H6 (Baltimore, H6-0), whose slots are all held by other companies"]
    assert result.routes[1].legal
    data = line("18Chesapeake", "1277", 309)
    for hex_id in ("J6", "F8"):                          # C&A's stations
        city = city_tokens(data, hex_id)
        city["slots"] = [None if s == "C&A" else s for s in city["slots"]]
    result = verify(read_position(data), data, best=False)
    assert "no station of C&A on the route" in result.routes[1].violations


def test_offboard_in_the_middle():
    # 1905 action 328, LV: 4-1 runs J2 -> K1 -> K3 -> L2 (New York); carry it on to K3-0
    data = line("18Chesapeake", "1905", 328)
    route = data["declared"]["routes"][1]
    assert route["visited"] == ["J2-0", "K1-0", "K3-1", "L2-0"]
    position = read_position(data)
    action = as_action(data, [route])
    action["routes"][0]["connections"].append(["L2", "L4", "K3"])
    result = verify(position, action, best=False)
    assert "continues past the off-board L2 (New York, L2-0), where a route must end" \
        in result.routes[0].violations


def test_node_visited_twice():
    # 1277 action 309: J6 -> H6 and back to J6 on other track would be needed; reading the
    # same connection twice visits J6-0 twice and reuses its track
    data = line("18Chesapeake", "1277", 309)
    first = data["declared"]["routes"][0]
    hexes = first["connections"][0]
    action = as_action(data, [])
    action["routes"].append({"train": first["train"], "connections": [hexes, hexes[::-1]]})
    result = verify(read_position(data), action, best=False)
    assert any(v.startswith("visits") and "twice" in v for v in result.routes[0].violations)
    assert any("reuses the hex side" in v for v in result.routes[0].violations)
    # the two chains read either way round (J6 H6 J6 or H6 J6 H6): both readings reported
    assert result.routes[0].notes[0].startswith("its connections fit the board in 2 ways, "
                                                "0 of them legal")


def test_connection_that_fits_no_track():
    data = line("18Chesapeake", "1905", 353)
    routes = data["declared"]["routes"]
    action = as_action(data, routes)
    action["routes"][1]["connections"][2] = ["F2", "F4"]   # no track from a stop in F2 to F4
    result = verify(read_position(data), action, best=False)
    assert result.routes[0].legal
    assert result.routes[1].violations == [
        "connection 3 (F2, F4) matches no track on the board that joins two stops"]
    assert result.exit_code == 2


def test_connections_that_do_not_join_up():
    data = line("18Chesapeake", "1905", 353)
    position = read_position(data)
    readings, problems = route_readings(position, [["K1", "J2"], ["J4", "J6"]])
    assert readings == []
    assert problems == ["its connections do not join up: consecutive chains share no stop"]


def test_own_route_listing_only_some_stops_is_reported():
    # 1905 action 353, route 2 in trainrun's form with K3-0 left out of ``visited``: only a
    # corpus line's recorded routes may list fewer nodes than their chains join (the
    # engine's DE routes); a user's route that does so is checked as written
    data = line("18Chesapeake", "1905", 353)
    route = copy.deepcopy(data["declared"]["routes"][1])
    assert route["visited"][1] == "K3-0"
    del route["visited"][1]
    result = verify(read_position(data), {"routes": [route]}, best=False)
    assert not result.legal and result.routes[0].violations


def test_chain_with_a_malformed_node_is_a_violation_not_a_crash():
    data = line("18Chesapeake", "1905", 353)
    run = {"routes": [{"train": "4-0", "visited": ["A7-0"],
                       "chains": [{"left": "A7-0", "right": {}, "paths": []}]}]}
    result = verify(read_position(data), run, best=False)
    assert any("does not join two nodes of the board" in v for v in result.routes[0].violations)


def test_bad_run_input_is_one_line():
    data = line("18Chesapeake", "1905", 353)
    position = read_position(data)
    for run, where in ((dict(as_action(data), entity="B&O"), "run.entity"),
                       ({"routes": [{"train": "4-0"}]}, "routes[0]"),
                       ({"routes": [{"train": "4-0", "connections": [["Q99"]]}]},
                        "routes[0].connections[0]"),
                       ("{not json", "run"),
                       ({"routes": "x"}, "run.routes"),
                       (json.loads((EXAMPLES / "18chesapeake-two-trains.json").read_text()),
                        "run")):
        with pytest.raises(InputError) as exc:
            verify(position, run, best=False)
        assert str(exc.value).startswith(where + ":")
        assert "\n" not in str(exc.value)


def test_one_new_york_city_too_many_1817():
    """1817: "A route may visit only one of New York's cities" (docs/rules/1817.md §4.1).

    15528 action 543, WT: its 2-train runs E22-1 -> D19 (over D21) and its 3-train
    F13 -> D19 -> E22-0 (over E20). One 3-train route E22-1 -> D19 -> E22-0 joining the two
    is legal in every other respect (3 stops; D19 passed as in the declared 3-train route),
    so the only rule it breaks is visiting both NY cities of E22.
    """
    folder = CORPUS / "1817"
    if not folder.is_dir():
        pytest.skip("tests/data/corpus/1817 is not on this branch (it arrives with the 1817 title)")
    data = line("1817", "15528", 543)
    _needs_title(data)
    position = read_position(data)
    declared = verify(position, data, best=False)
    assert declared.legal
    trains = {r["train"]: r for r in data["declared"]["routes"]}
    assert trains["2-8"]["visited"] == ["E22-1", "D19-0"]
    assert trains["3-1"]["visited"] == ["F13-0", "D19-0", "E22-0"]
    run = {"routes": [{"train": "3-1",
                       "connections": [["E22", "D21", "D19"], ["D19", "E20", "E22"]]}]}
    result = verify(position, run, best=False)
    route = result.routes[0]
    assert sorted(route.visited) == ["D19-0", "E22-0", "E22-1"]
    assert len(route.violations) == 1, route.violations
    assert "E22-0" in route.violations[0] and "E22-1" in route.violations[0]
    assert result.exit_code == 2


# --------------------------------------------------------------------------- round trip

ROUND_TRIP = [(k, d) for n, (k, d) in enumerate(LINES) if n % 4 == 0]


@pytest.mark.parametrize("key,data", ROUND_TRIP, ids=[k for k, _ in ROUND_TRIP])
def test_export_and_read_back(key, data):
    """A solved run, exported as an 18xx.games run_routes action and read back, gives the
    same routes and revenues."""
    _needs_title(data)
    position = read_position(data)
    run = solve(position, time_limit=30)
    action = json.loads(json.dumps(export_run_routes(position, run)))
    assert action["type"] == "run_routes" and action["entity"] == data["entity"]
    assert action["entity_type"] == data["entity_type"]
    assert [r["train"] for r in action["routes"]] == [r.train for r in run.routes]
    back = verify(position, action, best=False)
    assert back.legal, back.violations
    for got, want in zip(back.routes, run.routes):
        assert same_route(got.visited, want.visited), key
        # a company bonus shows on the route that first earns it (docs/rules/18ny.md §5.1)
        claimed = sum(b["value"] for b in got.bonuses if b.get("company"))
        assert got.revenue == want.revenue + claimed, key
    assert back.declared_total == run.total


def test_example_declared_run_is_the_recorded_one():
    """examples/18chesapeake-two-trains-run.json is 1905 action 353's declared run, on the
    position of examples/18chesapeake-two-trains.json."""
    position = read_position((EXAMPLES / "18chesapeake-two-trains.json").read_text())
    action = json.loads((EXAMPLES / "18chesapeake-two-trains-run.json").read_text())
    recorded = as_action(line("18Chesapeake", "1905", 353))
    assert action["entity"] == recorded["entity"]
    assert [{k: r[k] for k in ("train", "connections")} for r in action["routes"]] \
        == recorded["routes"]
    result = verify(position, action)
    assert result.legal and result.declared_total == 360 and result.best_total == 390
    assert [r.claimed_revenue for r in result.routes] == [r.revenue for r in result.routes]


def test_example_18ny_declared_run_is_the_recorded_one():
    """examples/18ny-12h-and-d-run.json is 108746 action 860's declared run (12H $440, D
    $890, $70 held bonus and coal income: $1400 as the engine scored it), on the position
    of examples/18ny-12h-and-d.json; the corpus' exhaustive optimum is $1530."""
    data = line("18NY", "108746", 860)
    position = read_position((EXAMPLES / "18ny-12h-and-d.json").read_text())
    action = json.loads((EXAMPLES / "18ny-12h-and-d-run.json").read_text())
    recorded = as_action(data)
    assert action["entity"] == recorded["entity"] == "D&H"
    assert [{k: r[k] for k in ("train", "connections")} for r in action["routes"]] \
        == recorded["routes"]
    result = verify(position, action)
    assert result.legal and result.declared_total == data["declared"]["total"] == 1400
    assert result.best_total == data["exact_oracle"]["total"] == 1530
    assert [r.revenue for r in result.routes] == [r.claimed_revenue for r in result.routes] \
        == [440, 890]


# --------------------------------------------------------------------------- CLI and service

def _cli(*args):
    from click.testing import CliRunner

    from trainrun.cli.main import main
    return CliRunner().invoke(main, [str(a) for a in args])


def _write(tmp_path, name, data) -> Path:
    f = tmp_path / name
    f.write_text(data if isinstance(data, str) else json.dumps(data))
    return f


def test_cli_exit_codes(tmp_path):
    position = EXAMPLES / "18chesapeake-two-trains.json"
    below = _cli("verify", position, EXAMPLES / "18chesapeake-two-trains-run.json")
    assert below.exit_code == 1, below.output
    assert "Declared $360; best $390 (proven optimal), $30 more" in below.output

    data = next(d for d in corpus_lines("18Chesapeake")
                if d["exact_oracle"]["complete"]
                and d["declared"]["total"] == d["exact_oracle"]["total"])
    line_file = _write(tmp_path, "line.json", data)
    best = _cli("verify", line_file)                     # a corpus line: its own declared run
    assert best.exit_code == 0, best.output
    total = data["declared"]["total"]
    assert f"Declared ${total}; best ${total} (proven optimal): the declared run is optimal" \
        in best.output

    bad = copy.deepcopy(data)
    bad["declared"]["routes"][0]["train"] = "9-9"
    illegal = _cli("verify", line_file, _write(tmp_path, "bad.json", bad))
    assert illegal.exit_code == 2
    assert "ILLEGAL" in illegal.output and "no train '9-9'" in illegal.output


def test_cli_json(tmp_path):
    res = _cli("verify", "--json", EXAMPLES / "18chesapeake-two-trains.json",
               EXAMPLES / "18chesapeake-two-trains-run.json")
    out = json.loads(res.output)
    assert out["legal"] is True and out["declared_total"] == 360 and out["best_total"] == 390
    assert [(r["train"], r["legal"], r["revenue"], r["violations"]) for r in out["routes"]] == [
        ("4-0", True, 150, []), ("5-1", True, 210, [])]
    assert out["best"]["total"] == 390


@pytest.mark.parametrize("run,message", [
    ("{oops", "trainrun: error: run: malformed JSON"),
    (json.dumps({"routes": [{"train": "4-0", "connections": [["K1", "Z9"]]}]}),
     "trainrun: error: routes[0].connections[0]: unknown hex 'Z9'"),
    (json.dumps({"type": "run_routes", "entity": "B&O", "routes": []}),
     "trainrun: error: run.entity: the run is declared for 'B&O'"),
])
def test_cli_bad_run_is_one_line(tmp_path, run, message):
    res = _cli("verify", EXAMPLES / "18chesapeake-two-trains.json", _write(tmp_path, "r", run))
    assert res.exit_code == 2
    assert res.output.startswith(message) and res.output.count("\n") == 1


def test_cli_solve_exports_run_routes(tmp_path):
    position = EXAMPLES / "18chesapeake-two-trains.json"
    res = _cli("solve", "--format", "18xx.games", position)
    assert res.exit_code == 0, res.output
    action = json.loads(res.output)
    assert action["type"] == "run_routes" and action["entity"] == "PRR"
    assert action["entity_type"] == "corporation"
    assert sum(r["revenue"] for r in action["routes"]) == 390
    back = _cli("verify", position, _write(tmp_path, "action.json", action))
    assert back.exit_code == 0, back.output


def test_service_verify():
    client = json_client()
    position = json.loads((EXAMPLES / "18chesapeake-two-trains.json").read_text())
    run = json.loads((EXAMPLES / "18chesapeake-two-trains-run.json").read_text())
    res = client.post("/verify?time_limit=10", content=json.dumps({"position": position,
                                                                   "run": run}))
    assert res.status_code == 200
    body = res.json()
    assert body["legal"] is True and body["declared_total"] == 360 and body["best_total"] == 390
    for bad, where in (("{", "body"), (json.dumps({"run": run}), "position"),
                       (json.dumps({"position": position, "run": {"routes": 3}}), "run.routes")):
        res = client.post("/verify", content=bad)
        assert res.status_code == 400
        assert res.json()["error"].startswith(where + ":")


def test_chain_inside_one_hex_both_ways_of_writing_it():
    """The engine names a single node-to-node chain by its hex, or "HEX i.j" when the tile
    has more than one node-to-node path (Tile#ambiguous_connection?); parallel tracks
    make several fits, and each is a reading."""
    import dataclasses

    from trainrun.board.tiles import Path as TilePath
    from trainrun.routes.runformat import chain_hexes, fit_chain
    data = next(d for d in corpus_lines("18Chesapeake") if d["fixture"] == "1905.json")
    read = read_position(data)
    placed = read.board["H6"]                    # the printed OO hex: e1-n0, e4-n1 at rotation 0
    assert placed.rotation == 0 and len(placed.tile.paths) == 2
    link = TilePath("n0", "n1")
    position = with_tile(read, "H6", dataclasses.replace(placed.tile,
                                                         paths=placed.tile.paths + (link,)))
    chain = {"left": "H6-0", "right": "H6-1", "paths": [{"hex": "H6", "a": "n0", "b": "n1"}]}
    assert chain_hexes(position, chain) == ["H6"]
    assert len(fit_chain(position, ["H6"])) == 1
    twin = TilePath("n0", "n1", a_lane=(2, 1), b_lane=(2, 1))
    position = with_tile(read, "H6", dataclasses.replace(
        placed.tile, paths=placed.tile.paths + (link, twin)))
    assert chain_hexes(position, chain) == ["H6 0.1"]
    fits = fit_chain(position, ["H6 0.1"])
    assert [(f.start, f.end) for f in fits] == [("H6-0", "H6-1")] * 2
    readings, problems = route_readings(position, [["H6 0.1"]])
    assert len(readings) == 2 and problems == []
    result = verify(position, {"routes": [{"train": position.trains[0].id,
                                           "connections": [["H6 0.1"]]}]}, best=False)
    assert result.routes[0].notes == [
        "its connections fit the board in 2 ways, 0 of them legal; checked H6-0 - H6-1"]
