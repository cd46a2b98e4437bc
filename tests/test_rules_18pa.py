"""18PA rules on hand-built positions of the real 18PA map (tests/data/18pa/*.json).

Each comment cites the section of docs/rules/18pa.md (18PA's rules as trainrun implements
them) it rests on.
Every expected total below is worked out by hand from the board; the solver must
prove it optimal, and every route it returns must pass ``trainrun.routes.legality``.

Track used by the positions (yellow tiles; values in yellow/green/brown):

    A  Pittsburgh I2 (30/40/60) -- I4 -- I6 -- Harrisburg I8 (20, PRR home)
    B  Harrisburg I8 -- I10 -- Reading I12 (town 10) -- Philadelphia J13 circle 1
       (30, local #4's token: PRR may end there, not pass)
    C  Harrisburg I8 -- I10 -- H11 -- Scranton G12 (town 10) -- G14 -- G16
       -- Newark H17 circle 1 (20, ERIE's home: PRR may only end there)
    S3 Pittsburgh I2 -- I4 -- H5 -- H7 -- H9 -- G10 -- Scranton G12
    BA Boston D27 circle 0 (20, B&A home) -- Worcester D25 (town 10) -- D23 -- D21
       -- D19 -- Albany D17 (20; local #1's token and B&A's x2 token)
    BO Columbus K2 (30/40/60) -- K4 -- K6 -- K8 -- Baltimore K10 (30, B&O home)
       -- L9 -- Washington M8 (10/20/60)
    NH New Haven G22 (20) -- F21 -- Springfield E22-0 (10) -- Hartford E22-1 (10)
       -- D21 -- D19 -- Albany D17 (20) -- Schenectady D15 (town 10)
    FERRY New York H19 circle 2 (30, local #5 = Long Island RR) -- Islip H21 (town 10)
       -- H23 (#9) -- ferry H25, G26 -- Providence F27 (20) -- E28 -- Boston D27
       circle 2 (20, local #6's token)
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from trainrun import read_position, solve
from trainrun.errors import InputError
from trainrun.plugins.g18pa import destination_connected
from trainrun.routes.graph import build_graph
from trainrun.routes.legality import check_run

sys.path.insert(0, str(Path(__file__).parent))
import bruteforce  # noqa: E402

DATA = Path(__file__).parent / "data" / "18pa"

# file stem -> total worked out by hand
HAND = {
    # Phase 2, two 2-trains. A 2 counts only cities and off-map areas; towns are free and score
    # (docs/rules/18pa.md §2.1). I2 holds PRR's inactive x2 token: not doubled, not a station
    # (docs/rules/18pa.md §4.2). No token bonus in phase 2 (docs/rules/18pa.md §5.2). I2-I8 = 30
    # + 20 = 50; I8-I12-J13 = 20 + 10 + 30 = 60. The trains share the stop I8, not track
    # (docs/rules/common.md §3.7). I2-I8-I12 (60) would leave J13 without a train.
    "01-two-2s-towns-free": 110,
    # Phase 3, a 3: I2-I8-I12-J13 = 40 + 20 + 10 + 30 = 100, + $10 for the one station
    # (I8) on the route (docs/rules/18pa.md §5.2); the inactive x2 token earns nothing
    # (docs/rules/18pa.md §4.2).
    "02-3-token-bonus-inactive-x2": 110,
    # The same with PRR's x2 active: Pittsburgh doubled, 80 + 20 + 10 + 30 = 140, and
    # the x2 token is a station: + 2 x $10 (docs/rules/18pa.md §5.1, §5.2).
    "03-3-active-x2": 160,
    # Phase 3D, a 3D, x2 active: I2 brown 60 x2 (x2) x2 (3D) = 240
    # (docs/rules/18pa.md §2.2, §5.1), I8 20 x2 = 40, Reading scores nothing for a 3D, J13 30 x2
    # = 60: 340; + 2 stations x $30, never doubled (docs/rules/18pa.md §5.2): 400.
    "04-3d-active-x2-tokens": 400,
    # Phase 5, a 5 and a 2R (docs/rules/18pa.md §2.3: the 2R is one more train). Splitting at
    # Harrisburg puts I8's station on both routes: 5 on I2-I8 = 120 + 20 + 2 x $20 = 180; 2R on
    # I8-I12-J13 = 20 + 10 + 30 + $20 = 80; 260. One train over the whole line: 120 + 20 + 10 +
    # 30 + 2 x $20 = 220.
    "05-5-and-2r-split": 260,
    # Phase 5, a 3, mining rights: I8-G12-H17 = 20 + 10 + 20 + $20 (I8) = 70, + $40
    # for running through Scranton (docs/rules/18pa.md §5.3): 110.
    "06-mining-3": 110,
    # The same with a 3D: 40 + 0 + 40 + $20 = 100; a 3D earns no mining
    # rights (docs/rules/18pa.md §5.3).
    "07-mining-3d-only": 100,
    # Phase 5, a 3D and a 3, x2 active, mining rights; lines A and C meet at I8.
    # 3D on I2-I8 = 240 + 40 + 2 x $20 = 320; 3 on I8-G12-H17 = 20 + 10 + 20 + $20 = 70
    # and +$40 mining: 430. (3D on all of it: 240 + 40 + 0 + 40 + 2 x $20 = 360; the 3 on
    # I2-I8 and the 3D to Newark: 180 + 100 = 280 with no mining.)
    "08-mining-3d-and-3": 430,
    # Phase 5, two 3s, x2 active, mining rights; Scranton joins three tracks: to I2
    # (S3), to I8 (C) and to H17 (C). Routes: I2-G12-I8 = 120 + 10 + 20 + 2 x $20 = 190,
    # I2-G12-H17 = 150 + $20 = 170, I8-G12-H17 = 50 + $20 = 70, I2-G12 = 130 + $20 = 150,
    # I8-G12 = 30 + $20 = 50. Best pair without shared track: 170 + 50 (or 70 + 150) =
    # 220; both trains reach Scranton, mining is paid once per run
    # (docs/rules/18pa.md §5.3): 260.
    "09-two-trains-scranton": 260,
    # Phase 3, B&A's 2, x2 active in Albany: 20 + 10 + 20 x2 = 70, + 2 stations x $10.
    "10-ba-albany-active": 90,
    # The same, x2 inactive: 20 + 10 + 20 + $10 (Boston only).
    "11-ba-albany-inactive": 60,
    # Phase 3, NH's 2. Albany's two slots hold local #1 and B&A's inactive x2 token,
    # which blocks other companies (docs/rules/18pa.md §4.2): NH ends there.
    # G22-E22-0-E22-1-D17 = 20 + 10 + 10 + 20 + $10 = 70.
    "12-inactive-x2-blocks-others": 70,
    # The same board without B&A's token: Albany has a free slot, NH runs on to
    # Schenectady: 70 + 10 = 80.
    "13-albany-free-slot": 80,
    # Phase 2, local #5's 2 over the ferry (a #9 in H23; docs/rules/18pa.md §5.4): H19-2 30 +
    # Islip 10 + Providence 20 (two cities; the ferry is no stop and counts nothing) + $20 ferry
    # (phase 2): 80.
    "14-ferry-phase-2": 80,
    # Phase 3, a 3: H19-2 30 + Islip 10 + Providence 20 + Boston D27-2 20 + $10 ferry + $10 for
    # the station at H19-2 (locals earn the token bonus, docs/rules/18pa.md §5.2): 100.
    "15-ferry-phase-3": 100,
    # No #9 in H23: no ferry (docs/rules/18pa.md §5.4). H19-2 30 + Islip 10 = 40.
    "16-ferry-without-9": 40,
    # Phase 5: the ferry is closed even though the #9 still lies in H23
    # (docs/rules/18pa.md §5.4). NH (which took over local #5's circle) runs its 2R: H19-2
    # (green, 40) + Islip 10 + $20 token = 70.
    "17-ferry-closed-phase-5": 70,
    # Phase 4, NH's 4 from Boston circle 1 (green X13, 30 each; Providence green #15, 30). C28
    # 30 - D27-1 30 - F27 30 = 90 + $10 = 100. Going on from Providence to Boston circle 2 (+30,
    # 130 in all) would use a second BOS circle (docs/rules/18pa.md §4.1).
    "18-one-circle-per-hex": 100,
    # Phase 4, B&O's 4, x2 active in Columbus: 40 x2 + Baltimore 30 + Washington 20 =
    # 130, + 2 stations x $10: 150.
    "19-bo-columbus-active-4": 150,
    # The same, x2 inactive: 40 + 30 + 20 + $10 = 100.
    "20-bo-columbus-inactive-4": 100,
    # Phase 4: the NYC has formed and local #1's token in Albany is now the NYC's
    # (docs/rules/18pa.md §2.3); Albany was laid again to clear the printed token. The NYC's
    # reserved 3 runs as a 3 (docs/rules/18pa.md §2.3): Albany 20 + Worcester 10 + Boston D27-0
    # 20 (B&A's circle, an end) = 50, + $10 for the NYC station in Albany: 60.
    "21-nyc-reserved-3": 60,
    # Phase 2, local #4 (home token printed in Philadelphia J13 circle 1) runs its built-in
    # 2-train (docs/rules/18pa.md §2.3; its half pay-out is outside the run). Line B is its only
    # track: J13 30 + Reading 10 (a town, free for a 2: docs/rules/18pa.md §2.1) + Harrisburg 20
    # (PRR's one-slot home: a route may end there, docs/rules/18pa.md §4.2) = 60. No
    # station-token bonus in phase 2 (docs/rules/18pa.md §5.2).
    "22-minor-built-in-2": 60,
}
BRUTE = ["05-5-and-2r-split", "08-mining-3d-and-3", "09-two-trains-scranton",
         "15-ferry-phase-3", "18-one-circle-per-hex", "22-minor-built-in-2"]


def load(stem: str, **changes):
    data = json.loads((DATA / f"{stem}.json").read_text())
    data.update(changes)
    return read_position(data)


def test_every_position_has_a_hand_total():
    assert sorted(p.stem for p in DATA.glob("*.json")) == sorted(HAND)


@pytest.mark.parametrize("stem", sorted(HAND))
def test_hand_total_is_proven_and_legal(stem):
    position = load(stem)
    run = solve(position, 60.0, 1)
    assert run.status == "optimal"
    assert run.total == HAND[stem]
    check = check_run(position, run.routes)
    assert check.legal, check.violations
    assert check.total == run.total


@pytest.mark.parametrize("stem", BRUTE)
def test_brute_force_agrees(stem):
    assert bruteforce.best_run_total(load(stem), hooks=True) == HAND[stem]


def test_forbidden_second_circle_is_the_only_better_route():
    # 18: C28-D27-1-F27-D27-2 would earn 130 but uses two BOS circles (docs/rules/18pa.md §4.1)
    run = solve(load("18-one-circle-per-hex"), 60.0, 1)
    assert not {"D27-1", "D27-2"} <= set(run.routes[0].visited)


def test_mining_rights_paid_once_and_not_for_a_3d():
    run = solve(load("09-two-trains-scranton"), 60.0, 1)
    assert all("G12-0" in r.visited for r in run.routes)
    assert run.company_bonuses == [{"name": "mining rights", "amount": 40}]
    assert solve(load("07-mining-3d-only"), 60.0, 1).company_bonuses == []
    # without the token no bonus: 110 - 40
    assert solve(load("06-mining-3", title_state={}), 60.0, 1).total == 70


def test_ferry_is_never_a_stop():
    # H25 is ferry track, never a place to score (docs/rules/18pa.md §5.4)
    for stem in ("14-ferry-phase-2", "16-ferry-without-9", "17-ferry-closed-phase-5"):
        graph = build_graph(load(stem))
        assert not any(s.startswith(("H25", "G26")) for s in graph.stop_ids)


def test_ferry_bonus_by_phase():
    # 14 in phase 4 with a 2: 30 + 10 + 20 + $10 ferry + $10 token
    # (docs/rules/18pa.md §5.2, §5.4)
    assert solve(load("14-ferry-phase-2", phase="4"), 60.0, 1).total == 80
    # and in phase 5 the ferry is closed: 30 + 10 + $20 token
    assert solve(load("14-ferry-phase-2", phase="5"), 60.0, 1).total == 60


def test_2r_is_not_capped_by_the_train_limit():
    # phase 5 allows 2 trains; a 5, a 5 and a 2R all run (docs/rules/18pa.md §2.3). Line A + B:
    # 5 on I2-I8 = 180, 2R on I8-I12-J13 = 80, the other 5 finds no track left.
    run = solve(load("05-5-and-2r-split", trains=["5", "5", "2R"]), 60.0, 1)
    assert run.status == "optimal" and run.total == 260


def test_destination_connected():
    assert destination_connected(load("03-3-active-x2"))          # line A: I8 to I2
    assert not destination_connected(load("06-mining-3"))         # no track to I2
    assert destination_connected(load("11-ba-albany-inactive"))   # Boston to Albany
    with pytest.raises(InputError, match="NH has no destination"):
        destination_connected(load("12-inactive-x2-blocks-others"))


BLOCKED_WAY = [  # Baltimore K10 -- K8 -- J7 -- Harrisburg I8 (#15) -- I6 -- J5 -- K4 -- K2
    {"hex": "K8", "tile": "8", "rotation": 2}, {"hex": "J7", "tile": "8", "rotation": 3},
    {"hex": "I8", "tile": "15", "rotation": 4}, {"hex": "I6", "tile": "8", "rotation": 4},
    {"hex": "J5", "tile": "9", "rotation": 0}, {"hex": "K4", "tile": "8", "rotation": 1}]


@pytest.mark.parametrize("others, connected", [(["PRR"], True), (["PRR", "NH"], False)])
def test_destination_blocked_by_enemy_tokens(others, connected):
    # B&O's only way to Columbus passes Harrisburg: a free slot lets it through, two
    # other companies' tokens block it (docs/rules/18pa.md §5.1)
    tokens = [{"hex": "K2", "company": "B&O"}] + [{"hex": "I8", "company": c} for c in others]
    position = read_position({"title": "18PA", "phase": "3", "company": "B&O",
                              "trains": ["3"], "tiles": BLOCKED_WAY, "tokens": tokens})
    assert destination_connected(position) is connected


@pytest.mark.parametrize("state, field", [
    ({"destinations_active": "PRR"}, "title_state.destinations_active"),
    ({"destinations_active": ["NH"]}, "title_state.destinations_active"),
    ({"destinations_active": ["B&O"]}, "title_state.destinations_active"),  # no K2 token
    ({"mining_rights": ["XYZ"]}, "title_state.mining_rights"),
    ({"mining": ["PRR"]}, "title_state.mining"),
])
def test_bad_title_state_names_the_field(state, field):
    with pytest.raises(InputError, match=f"^{field}"):
        load("01-two-2s-towns-free", title_state=state)


def test_corpus_form_carries_the_title_state():
    # position 04 as a corpus line (tests/data/corpus/FORMAT.md): the board lists the
    # laid hexes with their tokens, title_state the active x2 companies; same 400
    own = json.loads((DATA / "04-3d-active-x2-tokens.json").read_text())
    board = [{"hex": t["hex"], "tile": t["tile"], "rotation": t["rotation"]}
             for t in own["tiles"]]
    board.append({"hex": "I2", "tile": "I2", "rotation": 0,
                  "tokens": [{"city": 0, "slots": ["PRR"]}]})
    line = {"title": "18PA", "fixture": "hand", "action": 1, "phase": "3D", "entity": "PRR",
            "trains": [{"id": "3D-0", "name": "3D"}], "board": board,
            "title_state": {"destinations_active": ["PRR"], "mining_rights": []}}
    run = solve(read_position(line), 60.0, 1)
    assert run.status == "optimal" and run.total == HAND["04-3d-active-x2-tokens"]


def test_offmap_pass_through_switch():
    # docs/rules/18pa.md §4.3: B&O's 4 from Baltimore through Washington M8 (2 exits) on to L7
    # and K6, phase 4, x2 inactive.
    # Board: K10 -- L9 -- M8 -- L7 -- K6 (Columbus line) -- K4 -- K2.
    # By default (engine model) M8 may be passed: K10-M8-K2 = 30 + 20 + 40 + $10 = 100.
    # With the switch off, M8 only ends routes: K10-M8 = 50 + $10 = 60.
    tiles = [{"hex": "L9", "tile": "9", "rotation": 0}, {"hex": "L7", "tile": "9", "rotation": 2},
             {"hex": "K6", "tile": "8", "rotation": 5}, {"hex": "K4", "tile": "9", "rotation": 1}]
    data = {"title": "18PA", "phase": "4", "company": "B&O", "trains": ["4"], "tiles": tiles,
            "tokens": [{"hex": "K2", "company": "B&O"}]}
    assert solve(read_position(data), 60.0, 1).total == 100
    data["options"] = {"offmap_pass_through": False}
    assert solve(read_position(data), 60.0, 1).total == 60
    with pytest.raises(InputError, match="^options.passthrough"):
        read_position({**data, "options": {"passthrough": True}})


def test_every_token_city_scores_in_every_phase():
    # The station-token bonus is a stop bonus, which trainrun pays only where the stop scores
    # (trainrun.hooks.rules.RouteBonus). docs/rules/18pa.md §5.2 pays it for every station on the
    # route; the two agree because every city of the 18PA map and tile set is worth more than 0
    # in every phase (for a 3D too: cities are doubled, never zeroed).
    title = load("01-two-2s-towns-free").title
    tiles = list(title.tiles.values()) + [mh.printed for mh in title.hexes.values()]
    for tile in tiles:
        for node in tile.nodes:
            if node.kind == "city":
                assert all(node.value_in(list(p.colours)) > 0 for p in title.phases.values())


@pytest.mark.parametrize("stem", sorted(HAND))
def test_own_format_round_trip(stem):
    # write the position in the own format (``trainrun convert``) and read it back:
    # printed tokens (the locals', the homes') are not written twice, the ferry stays
    from trainrun.formats.own_format import position_to_own
    own = position_to_own(load(stem))
    # the ferry hex is made by the plugin on reading, never written as a tile
    assert all(t["hex"] != "H25" for t in own["tiles"])
    again = read_position(own)
    assert solve(again, 60.0, 1).total == HAND[stem]


def test_round_trip_of_a_printed_hex_that_lost_its_tokens():
    # New York laid again as its printed tile clears locals #5 and #8; NH takes circle 2
    from trainrun.formats.own_format import position_to_own
    data = {"title": "18PA", "phase": "3", "company": "NH", "trains": ["2"],
            "tiles": [{"hex": "H19", "tile": "H19", "rotation": 0}],
            "tokens": [{"hex": "H19", "city": 2, "company": "NH"}]}
    own = position_to_own(read_position(data))
    again = read_position(own)
    assert [c.holders() for _, c in sorted(again.board["H19"].tokens.items())] == [
        [], [], ["NH"]]
