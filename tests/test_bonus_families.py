"""Each bonus family (docs/rules/common.md §9) on a real recorded run: ``verify`` names the
bonus and its amount, the total is the engine's (the corpus line's declared run, scored by
the 18xx.games engine), and a bonus the run does not earn is named with the reason.

The amounts are worked out beside each test from the rule and the board (the icons are the
printed ones of plugins/g1846/data/map.json: Windsor C17 "30", Pittsburgh G21 "20",
Chicago Connections C5 "50" and a port, Toledo D14 one port).
"""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from trainrun import read_position
from trainrun.routes.verify import verify

CORPUS = Path(__file__).parent / "data" / "corpus"


@cache
def _line(game: str, action: int) -> dict:
    for line in (CORPUS / f"{game}.jsonl").read_text().splitlines():
        data = json.loads(line)
        if data["action"] == action:
            return data
    raise LookupError(f"{game}#{action}")


def _verified(game: str, action: int):
    data = _line(game, action)
    result = verify(read_position(data), data, best=False)
    assert result.legal
    assert result.declared_total == data["declared"]["total"]
    assert [r.revenue for r in result.routes] == [r["revenue"] for r in data["declared"]["routes"]]
    return result


def _bonuses(result, route: int) -> dict:
    return {b["name"]: (b["where"], b["value"]) for b in result.routes[route - 1].bonuses}


def test_pair_bonus_east_west():
    """docs/rules/common.md §9.1: GT's 5/7 train runs Chicago Connections (C5, a W off-board)
    to Windsor (C17, group E): +$80, the icons of both ends (30 + 50)."""
    result = _verified("1846/10264", 306)
    assert _bonuses(result, 1)["E/W"] == ("C17-0 & C5-0", 80)
    assert result.routes[0].revenue == 40 + 70 + 40 + 60 + 60 + 80


def test_pair_bonus_decides_which_stops_pay():
    """docs/rules/common.md §9.1 with docs/rules/common.md §5.3: GT's 3/5 train visits Windsor
    60, Detroit 50, Chicago 70 and Chicago Connections 40, and pays 3. Its 3 best stops pay
    $180; Windsor, Chicago and Chicago Connections pay 170 + E/W 80 = $250, so Detroit is
    left out (engine ``compute_stops`` with ``revenue_for``); with the Mail Contract's 4
    stops × $10 the route earns $290."""
    result = _verified("1846/12666", 300)
    stops = {s["node"]: s["scored"] for s in result.routes[0].stops}
    assert stops == {"C17-0": True, "C15-0": False, "D6-1": True, "C5-0": True}
    assert _bonuses(result, 1)["E/W"] == ("C17-0 & C5-0", 80)
    assert result.routes[0].revenue == 60 + 70 + 40 + 80 + 40


def test_best_route_bonus_goes_to_the_longest_route_of_the_greater_train_id():
    """docs/rules/common.md §9.3: IC holds the Mail Contract; its 3/5 (4-1) and 4 (4-5) trains
    each visit 4 stops, so the longest route is the greater train id's, 4-5: +$40 (4 × $10)
    there, as the engine credits it."""
    result = _verified("1846/10264", 260)
    assert "Mail Contract" not in _bonuses(result, 1)
    assert _bonuses(result, 2)["Mail Contract"][1] == 40
    assert result.company_bonuses == [{"name": "Mail Contract", "amount": 40, "route": 2}]


def test_stop_bonus_from_an_assignment():
    """docs/rules/common.md §9.4: Meat Packing is assigned to PRR and to Chicago (D6): each of
    PRR's two routes paying Chicago earns +$30 there; Steamboat's port bonus is +$20 per
    port icon of its hex (NYC, Toledo D14: one port); Boomtown +$20 at Cincinnati (H12,
    B&O)."""
    meat = _verified("1846/10264", 113)
    assert _bonuses(meat, 1)["Meat Packing"] == ("D6-1", 30)
    assert _bonuses(meat, 2)["Meat Packing"] == ("D6-1", 30)
    port = _verified("1846/10264", 267)
    assert _bonuses(port, 3)["Port"] == ("D14-0", 20)
    boom = _verified("1846/1846_game_end_reason_all_closed", 249)
    assert _bonuses(boom, 2)["Boomtown"] == ("H12-0", 20)


def test_stop_bonus_from_an_ability():
    """docs/rules/common.md §9.4: ABC's Warrior Coal Field token is on Birmingham (G4): its
    ``hexes_bonus`` ability pays +$10 to the route paying G4 (route 2: G4 20 + H5 30 + 10 =
    $50)."""
    result = _verified("18AL/18AL_game_end_bankrupt", 128)
    assert _bonuses(result, 2)["Coal"] == ("G4-0", 10)
    assert result.routes[1].revenue == 50


def test_all_of_bonus_once_a_run():
    """docs/rules/common.md §9.2: L&N holds Robert E. Lee (Atlanta G8 – Birmingham G4, +$20):
    route 1 visits both and earns it once; route 2 visits Birmingham only. Mobile–Nashville
    is not run: named with the reason."""
    result = _verified("18AL/4714", 249)
    assert _bonuses(result, 1)["ATL>BRM"][1] == 20
    assert "ATL>BRM" not in _bonuses(result, 2)
    assert result.company_bonuses == [{"name": "ATL>BRM", "amount": 20, "route": 1}]
    assert result.bonuses_not_earned == [
        {"name": "MOB>NSH", "why": "no route visits a stop on each of A4 (Nashville), Q2 (Mobile)"}]


@pytest.mark.parametrize("game,action,why", [
    ("1846/10264", 306, {"Meat Packing": "MPC is not assigned to GT",
                         "Mail Contract": "GT does not hold MAIL"}),
    ("1846/10264", 260, {"E/W": "no route pays both a stop of group E and one of a W hex"}),
    ("18AL/18AL_game_end_bankrupt", 128, {"ATL>BRM": "ABC has no atlanta_birmingham ability"}),
])
def test_a_bonus_not_earned_is_named_with_why(game, action, why):
    result = _verified(game, action)
    named = {b["name"]: b["why"] for b in result.bonuses_not_earned}
    for name, reason in why.items():
        assert named[name] == reason


def test_18sj_icon_pairs():
    """docs/rules/common.md §9.1 with stops selected by their hexes' icons (18SJ, engine
    ``G18SJ::Game#revenue_for``). TGOJ's D train (166116#796) runs Narvik B31 (N, m) to
    Stockholms hamn H9 (S, b) through Malmfälten D29 (M) and Bergslagen D19 (B): N/S +$100,
    b/B +$50 and m/M +$50 on 70 + 40 + 30 + 30 + 30 + 60 + 90 + 40 = $390. BJ's 6 train
    (166116#651) runs Göteborg A10 (V, b) to H9 (O, b) through D19: Ö/V +$120 and, with two
    b stops, b/B +$50 and b/B/b +$50 more (``min_second``: the engine's $100 tier) on
    70 + 40 + 30 + 60 + 90 + 40 = $330. STJ's 3 train (166116#403) pays D29 (M) with both
    m stops, Luleå G26 and B31: m/M $50 + m/M/m $50 on 20 + 30 + 30."""
    tgoj = _verified("18SJ/166116", 796)
    assert _bonuses(tgoj, 1) == {"N/S": ("B31-0 & H9-0", 100), "b/B": ("D19-0 & H9-0", 50),
                                 "m/M": ("D29-0 & B31-0", 50)}
    assert tgoj.routes[0].revenue == 390 + 200
    bj = _verified("18SJ/166116", 651)
    assert _bonuses(bj, 1) == {"Ö/V": ("H9-0 & A10-0", 120), "b/B": ("D19-0 & A10-0", 50),
                               "b/B/b": ("D19-0 & A10-0, H9-0", 50)}
    assert bj.routes[0].revenue == 330 + 220
    stj = _verified("18SJ/166116", 403)
    assert _bonuses(stj, 1) == {"m/M": ("D29-0 & G26-0", 50),
                                "m/M/m": ("D29-0 & G26-0, B31-0", 50)}
    assert stj.routes[0].revenue == 80 + 100
    why = {b["name"]: b["why"] for b in tgoj.bonuses_not_earned}
    assert why["b/B/b"] == ("no route pays both a stop of a hex showing B and 2 stops of a "
                            "hex showing b_lower_case")
    assert why["Port"] == "TGOJ does not hold SB"


def test_18sj_stop_bonuses_of_a_private_holder():
    """docs/rules/common.md §9.4 with ``hex_assignment``: the hex alone carries the marker
    and the company holding the private earns it (18SJ). ÖKJ holds Göta kanalbolag
    (166116#275): its 3 train pays Skövde C12 (GKB50) and Karlstad C16 (GKB30), +$50 and
    +$30 on 30 + 30 + 30; Jönköping C8's GKB20 is not run. ÖSJ holds Sveabolaget, whose
    token is on Ystad C2, one port icon (167041#273): each of its two routes paying C2
    earns +$30."""
    gkb = _verified("18SJ/166116", 275)
    assert _bonuses(gkb, 1) == {"GKB50": ("C12-0", 50), "GKB30": ("C16-0", 30)}
    assert gkb.routes[0].revenue == 90 + 80
    named = {b["name"]: b["why"] for b in gkb.bonuses_not_earned}
    assert named["GKB20"] == "no route pays a stop on C8 (Jönköping)"
    assert named["Port"] == "ÖKJ does not hold SB"
    port = _verified("18SJ/167041", 273)
    assert _bonuses(port, 1) == {"Port": ("C2-0", 30)}
    assert _bonuses(port, 2) == {"Port": ("C2-0", 30)}
    assert [r.revenue for r in port.routes] == [20 + 20 + 30, 40 + 20 + 30]


def test_18sj_e_train_doubles_the_company_token_stops_and_passes_the_state_railway():
    """docs/rules/common.md §9.4 with ``tokened`` and ``doubles``, and ``TrainRules.passes``
    (18SJ's E trains: engine ``G18SJ::Game#revenue_for``, ``friendly_city?``,
    ``make_sj_tokens_passable_for_electric_trains``). SWB's E train (167041#975) runs
    Stockholms hamn H9 to Göteborg A10 through Stockholm G10 (SWB's token), Skövde C12
    (SWB's) and Västerås E12, whose two slots SJ and ÖSJ hold: the E train passes it for
    SJ's token. On 40 + 90 + 30 + 30 + 40 + 40 + 30 + 40 + 70 = $410 it earns Ö/V +$120,
    b/B +$50 and b/B/b +$50, and G10 and C12 pay again, +$90 and +$30: $750, the
    engine's. Run by a D train the same route is refused at E12, and earns no doubling."""
    result = _verified("18SJ/167041", 975)
    named = sorted((b["name"], b["where"], b["value"]) for b in result.routes[0].bonuses)
    assert named == [("E train", "C12-0", 30), ("E train", "G10-0", 90),
                     ("b/B", "D19-0 & H9-0", 50), ("b/B/b", "D19-0 & H9-0, A10-0", 50),
                     ("Ö/V", "H9-0 & A10-0", 120)]
    assert result.routes[0].revenue == 410 + 220 + 120 == 750
    diesel = json.loads(json.dumps(_line("18SJ/167041", 975)))
    diesel["trains"] = [{"id": "D-2", "name": "D", "distance": 999}]
    checked = verify(read_position(diesel), diesel, best=False)
    assert not checked.legal
    assert checked.routes[0].violations == [
        "passes through E12 (Västerås, E12-0), whose slots are all held by other companies"]
    assert checked.routes[0].revenue == 410 + 220
    why = {b["name"]: b["why"] for b in checked.bonuses_not_earned}
    assert why["E train"] == "no E train's route pays a stop on a hex where SWB holds a token"


def test_18gb_estuary_crossings_over_dual_track():
    """docs/rules/common.md §9.8, a hex bonus over one kind of track (18GB: engine
    ``G18GB::Game#estuary_bonuses``, each path of the route on I4 or C22 whose track is
    dual). NBR's 5+2 train (18gb-3p#258) runs Aberdeen K0 to Leeds H15 over the dual track
    of the FT tile in I4 (G32): FT +$40 on 40 + 10 + 50 + 10 + 50 + 10 + 60 = $230. GWR's
    3+1 train (18GB_final_train_exports_on_last_action_of_game#315) runs London G26 to
    Cardiff B21 over the S tile's dual track in C22 (G33): S +$30 on 50 + 10 + 20 + 20."""
    nbr = _verified("18GB/18gb-3p", 258)
    assert _bonuses(nbr, 1) == {"FT": ("I4", 40)}
    assert nbr.routes[0].revenue == 230 + 40
    assert {b["name"]: b["why"] for b in nbr.bonuses_not_earned} == {
        "S": "no route runs over the dual track of C22",
        "X": "no route of a train whose name ends in X runs between cities or off-boards "
             "on two different hexes"}
    gwr = _verified("18GB/18GB_final_train_exports_on_last_action_of_game", 315)
    assert _bonuses(gwr, 1) == {"S": ("C22", 30)}
    assert gwr.routes[0].revenue == 100 + 30


def test_18gb_express_trains_earn_the_crow_flies_distance_between_their_ends():
    """docs/rules/common.md §9.9, the end-distance bonus (18GB: engine
    ``G18GB::Game#distance_bonus``, ``hex_crow_distance``). NER's 4X (18gb-3p#187) runs
    Leeds H15 to Edinburgh I6 (x, y 7, 14 and 8, 5: dx 1, dy 9, 1 + (9 - 1) / 2 = 5 hexes):
    X +$50 on 60 + 30 + 50 + 20, the towns Darlington and Berwick free and paying nothing.
    The 4X of 18gb-leased_train#529 runs from the Liverpool off-board E14 to the Plymouth
    one a25 through three towns (their hexes not counted, none being an end): 8 hexes, X
    +$80 on 40 + 50 + 40. Each is the declared run the engine scored, and the best."""
    ner = _verified("18GB/18gb-3p", 187)
    assert _bonuses(ner, 1) == {"X": ("H15-I6", 50)}
    assert ner.routes[0].revenue == 160 + 50
    best = verify(read_position(_line("18GB/18gb-3p", 187)), _line("18GB/18gb-3p", 187))
    assert best.optimal and best.best_status == "optimal"
    leased = _verified("18GB/18gb-leased_train", 529)
    assert _bonuses(leased, 1) == {"X": ("E14-a25", 80)}
    assert leased.routes[0].revenue == 130 + 80
    assert "X" not in {b["name"] for b in leased.bonuses_not_earned}
