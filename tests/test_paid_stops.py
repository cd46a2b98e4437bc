"""The paid-stop rule: a train that visits more stops than it pays pays a station.

The rule (18xx.games engine, ``compute_stops`` in lib/engine/game/base.rb;
docs/rules/common.md §5.3): for a train with pay/visit distance rows, the engine tries
every combination of the visited stops, from the most the train pays down to one, keeps
only those holding one of the company's tokens (when the train requires a token), and
returns the first size whose best combination earns more than 0. So where the k most
valuable stops hold no station, the train pays its best station and its k - 1 best other
stops. trainrun's model of it is ``trainrun.hooks.rules.paid_stops``; the brute force
(``tests/bruteforce.py``, ``TrainScorer.paid``) enumerates the combinations itself.

(a) Hand-built: a short line on the 18Chesapeake map, Baltimore H6 ($50) - Strasburg H4
    ($40) - Allentown J2 ($30, PRR's only station) - Trenton & Amboy K3 ($10) - New York L2
    ($80), with Easton K1 ($30) joining J2 to K3's other town, run by a train of distance 5
    and pay limit k (a test plugin). The three most valuable stops hold no station, so a
    k = 3 train pays L2 + H6 + J2 = $160, not the $170 of its three best.
(b) Real 1846 boards from 18xx.games (tests/data/corpus_1846_paid, README there), under a
    test-only 1846 title (tests/data/titles/1846, converted from the engine's export by
    tools/import_title.py; only the shared rules, no 1846 hooks): trainrun's revenue and
    stop choice must be the engine's ``compute_stops`` choice as recorded in the declared
    routes. 1846 adds bonuses trainrun does not model (E/W, Mail Contract, Meat Packing,
    Steamboat, Boomtown): each route below says which applies, and only where a bonus
    does not depend on the stops chosen are the totals compared.
"""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import bruteforce
import pytest

from trainrun import solve
from trainrun.board.title import Title
from trainrun.formats.reading import position_of
from trainrun.hooks import answers
from trainrun.hooks.rules import RouteBonus, TrainRules, paid_stops, scored_stops
from trainrun.hooks.titleinfo import TitleInfo
from trainrun.plugins import defaults
from trainrun.plugins.hookspecs import hookimpl
from trainrun.registry import Ruleset, load_title, title_manager
from trainrun.routes.declared import check_declared
from trainrun.routes.legality import check_route, check_run

DATA = Path(__file__).parent / "data"
CORPUS_1846 = DATA / "corpus_1846_paid"


# --------------------------------------------------------------------------- the rule alone

def _order(values):
    return [(-v, j) for j, v in enumerate(values)]


@pytest.mark.parametrize("values, station, k, paid", [
    # the best k hold a station: the best k
    ([50, 40, 30], [True, False, False], 2, [True, True, False]),
    # they hold none: the best k - 1 and the best station
    ([50, 40, 30, 10], [False, False, True, True], 2, [True, False, True, False]),
    # a station worth nothing still takes a place
    ([80, 50, 0], [False, False, True], 2, [True, False, True]),
    # k = 1: only a station can pay
    ([80, 50, 30], [False, False, True], 1, [False, False, True]),
    # no more stops than k: all pay
    ([80, 50, 30], [False, False, True], 3, [True, True, True]),
    # a station tied with the k-th: the station, same value
    ([80, 40, 40], [False, False, True], 2, [True, False, True]),
])
def test_paid_stops(values, station, k, paid):
    assert paid_stops(values, _order(values), k, station) == paid
    # without the station rule the best k pay
    best = set(sorted(range(len(values)), key=_order(values).__getitem__)[:k])
    assert paid_stops(values, _order(values), k) == [j in best for j in range(len(values))]
    assert scored_stops(values, _order(values), k, station) == [
        p and v > 0 for p, v in zip(paid, values)]


# --------------------------------------------------------------------------- (a) hand-built

CHESAPEAKE = load_title("18Chesapeake")
LINE_TILES = [{"hex": h, "tile": t, "rotation": r} for h, t, r in [
    ("H4", "611", 4), ("H6", "X7", 3), ("I3", "47", 1), ("J2", "15", 4), ("K3", "2", 2),
    ("L4", "7", 2)]]
# the line H6 - H4 - J2 - K3 - L2 (the 5-train route of examples/18chesapeake-two-trains.json)
LINE = ["H6-0", "H4-0", "J2-0", "K3-0", "L2-0"]
LINE_CHAINS = [
    {"left": "H6-0", "right": "H4-0", "paths": [{"hex": "H6", "a": "n0", "b": "e3"},
                                                {"hex": "H4", "a": "e0", "b": "n0"}]},
    {"left": "H4-0", "right": "J2-0", "paths": [{"hex": "H4", "a": "n0", "b": "e4"},
                                                {"hex": "I3", "a": "e1", "b": "e4"},
                                                {"hex": "J2", "a": "e1", "b": "n0"}]},
    {"left": "J2-0", "right": "K3-0", "paths": [{"hex": "J2", "a": "n0", "b": "e5"},
                                                {"hex": "K3", "a": "e2", "b": "n0"}]},
    {"left": "K3-0", "right": "L2-0", "paths": [{"hex": "K3", "a": "n0", "b": "e5"},
                                                {"hex": "L4", "a": "e2", "b": "e3"},
                                                {"hex": "L2", "a": "e0", "b": "n0"}]}]
# H4 - J2 - K1 - K3 (its other town) - L2
EASTON = ["H4-0", "J2-0", "K1-0", "K3-1", "L2-0"]
EASTON_CHAINS = [
    LINE_CHAINS[1],
    {"left": "J2-0", "right": "K1-0", "paths": [{"hex": "J2", "a": "n0", "b": "e4"},
                                                {"hex": "K1", "a": "e1", "b": "n0"}]},
    {"left": "K1-0", "right": "K3-1", "paths": [{"hex": "K1", "a": "n0", "b": "e0"},
                                                {"hex": "K3", "a": "e3", "b": "n1"}]},
    {"left": "K3-1", "right": "L2-0", "paths": [{"hex": "K3", "a": "n1", "b": "e4"},
                                                {"hex": "L2", "a": "e1", "b": "n0"}]}]
DOUBLE = {"city": 2, "offboard": 2, "town": 2}


class PaidLimit:
    """The "4" train visits at most 5 stops and pays its best ``k``; optionally other stop
    values, a multiplier, a stop bonus, a station given by the hook instead of a token,
    no token required, or the station rule turned off (``station_paid``)."""

    def __init__(self, k, values=None, multiplier=None, bonus=None, station=None,
                 requires_token=True, station_paid=True):
        self.k, self.values, self.bonus, self.station = k, values or {}, bonus, station
        self.rules = TrainRules("stops", limit=5, pay_limit=k, multiplier=multiplier or {},
                                requires_token=requires_token, station_paid=station_paid)

    @hookimpl
    def trainrun_train_rules(self, position, train):
        return self.rules

    @hookimpl
    def trainrun_stop_value(self, position, train, rules, hex_id, node):
        return self.values.get(position.node_id(hex_id, node.index))

    @hookimpl
    def trainrun_route_bonuses(self, position, train):
        return [self.bonus] if self.bonus else []

    @hookimpl
    def trainrun_company_stations(self, position):
        if self.station is None:
            return None
        return defaults.trainrun_company_stations(position) | {self.station}


def _line(plugin: PaidLimit, token: bool = True):
    data = {"title": "18Chesapeake", "phase": "5", "company": "PRR",
            "trains": [{"id": "P", "name": "4"}], "tiles": LINE_TILES,
            "tokens": [{"hex": "J2", "city": 0, "company": "PRR"}] if token else []}
    pm = title_manager(plugin)
    return position_of(Ruleset(CHESAPEAKE.info, CHESAPEAKE.title, pm.hook), data)


def _scored(rc) -> set:
    return {v for v, s in zip(rc.visited, rc.scored) if s}


# (name, plugin, token at J2, route, its revenue, the stops that score, the best run)
HAND = [
    # best 3 = L2 80 + H6 50 + H4 40 = 170, no station: L2 + H6 + J2 30
    ("k=3", PaidLimit(3), True, LINE, 160, {"L2-0", "H6-0", "J2-0"}, 160),
    # best 2 = L2 + H6 = 130, no station: L2 + J2
    ("k=2", PaidLimit(2), True, LINE, 110, {"L2-0", "J2-0"}, 110),
    # a 1-train pays its station only
    ("k=1", PaidLimit(1), True, LINE, 30, {"J2-0"}, 30),
    # best 4 = 80 + 50 + 40 + 30 hold J2: nothing changes
    ("k=4", PaidLimit(4), True, LINE, 200, {"L2-0", "H6-0", "H4-0", "J2-0"}, 200),
    # J2 worth nothing still takes a place: L2 + H6 + J2 0
    ("station $0", PaidLimit(3, values={"J2-0": 0}), True, LINE, 130, {"L2-0", "H6-0"}, 130),
    # ... and a 1-train whose only station pays nothing earns nothing: at one stop only J2
    # holds a token and it earns 0, so the engine returns no stops (no positive size)
    ("station $0, k=1", PaidLimit(1, values={"J2-0": 0}), True, LINE, 0, set(), 0),
    # J2 tied with H4 at $40: the station takes the third place, same $170
    ("tie", PaidLimit(3, values={"J2-0": 40}), True, LINE, 170, {"L2-0", "H6-0", "J2-0"}, 170),
    # doubled: L2 160 + H6 100 + J2 60
    ("doubled", PaidLimit(3, multiplier=DOUBLE), True, LINE, 320,
     {"L2-0", "H6-0", "J2-0"}, 320),
    # doubled, +$100 on H4 (not doubled): H4 180 + L2 160 + H6 100 are the best 3, no
    # station: H4 + L2 + J2 60 = 400; the best run runs by Easton (same pay, H6 not needed)
    ("doubled with a stop bonus", PaidLimit(3, multiplier=DOUBLE, bonus=RouteBonus(
        "bonus", 100, stops=frozenset({"H4-0"}))), True, LINE, 400, {"H4-0", "L2-0", "J2-0"}, 400),
    # the station is Easton K1 ($30), a station by the title's hook, no token anywhere: on
    # the Easton route the best 2 are L2 80 + H4 40, so L2 + K1 = 110
    ("hook station", PaidLimit(2, station="K1-0"), False, EASTON, 110, {"L2-0", "K1-0"}, 110),
    # the same with three paid: L2 + H4 + K1 (J2 ties K1 at $30 but holds no station)
    ("hook station, k=3", PaidLimit(3, station="K1-0"), False, EASTON, 150,
     {"L2-0", "H4-0", "K1-0"}, 150),
    # no token required: the best 3
    ("no token required", PaidLimit(3, requires_token=False), True, LINE, 170,
     {"L2-0", "H6-0", "H4-0"}, 170),
    # the rule turned off (as 18NY's DE trains): the best 3
    ("station_paid off", PaidLimit(3, station_paid=False), True, LINE, 170,
     {"L2-0", "H6-0", "H4-0"}, 170),
]


@pytest.mark.parametrize("name, plugin, token, visited, revenue, scored, best", HAND,
                         ids=[h[0] for h in HAND])
def test_hand_built_line(name, plugin, token, visited, revenue, scored, best):
    position = _line(plugin, token)
    chains = LINE_CHAINS if visited == LINE else EASTON_CHAINS
    rc = check_route(position, "P", visited, chains)
    assert rc.legal, rc.violations
    assert rc.revenue == revenue
    assert _scored(rc) == scored
    # the brute force (plain subset enumeration) agrees on this route and on the best run
    scorer = bruteforce.HookRules(position).train(position.trains[0])
    assert scorer.value(tuple(visited), frozenset()) == revenue
    assert scorer.scored(tuple(visited)) == scored
    assert bruteforce.best_run(position, hooks=True)[0] == best
    for strategy in ("auto", "path"):
        run = solve(position, strategy=strategy)
        assert run.status == "optimal" and run.total == best, (strategy, run.routes)
        checked = check_run(position, [(r.train, r.visited, r.chains) for r in run.routes])
        assert checked.legal and checked.total == best


def test_verify_refuses_claimed_stops_without_a_station():
    """A declared route may claim the stops it pays (``stops``); claiming k of them with
    no station, or more than k, is refused with the rule named."""
    position = _line(PaidLimit(3))
    route = {"train": "P", "visited": LINE, "chains": LINE_CHAINS}
    ok = check_declared(position, {"routes": [dict(route, stops=["H6-0", "J2-0", "L2-0"])]})
    assert ok.legal and ok.declared_total == 160
    assert any("3 most valuable stops hold no station of PRR" in n for n in ok.routes[0].notes)
    # the three best: the engine would not pay them
    bad = check_declared(position, {"routes": [dict(route, stops=["H6-0", "H4-0", "L2-0"])]})
    assert not bad.legal
    assert bad.violations == [
        "route 1: it claims that H6-0, H4-0, L2-0 pay, none of which holds a station of PRR: "
        "the 3 stops a 4-train pays must include one (engine compute_stops; it pays H6-0, "
        "J2-0, L2-0)"]
    assert bad.declared_total == 160          # it is scored as the engine scores it
    four = check_declared(position, {"routes": [dict(route, stops=LINE[:4])]})
    assert four.violations == ["route 1: it claims 4 paying stops (H6-0, H4-0, J2-0, K3-0); "
                               "a 4-train pays at most 3"]
    # a solve answer's stops ({node, scored}) read the same way
    answer = solve(position).to_dict()
    again = check_declared(position, {"routes": answer["routes"]})
    assert again.legal and again.declared_total == 160


# --------------------------------------------------------------------------- (b) real 1846

class Title1846:
    """The test-only 1846 title: its data and the shared rules, no 1846 hooks."""

    @hookimpl
    def trainrun_title(self):
        return TitleInfo(name="1846", data=DATA / "titles" / "1846")


@cache
def ruleset_1846() -> Ruleset:
    pm = title_manager(Title1846())
    info = pm.hook.trainrun_title()
    return Ruleset(info, Title.load(info.data), pm.hook)


def corpus_1846() -> list[dict]:
    return [json.loads(line) for path in sorted(CORPUS_1846.glob("*.jsonl"))
            for line in path.read_text().splitlines()]


def line_1846(fixture: str, action: int) -> dict:
    return next(d for d in corpus_1846() if d["fixture"] == fixture and d["action"] == action)


MAIL, MEAT = "Mail Contract ($10 a visited stop)", "Meat Packing (+$30 at St. Louis I1)"
EW = "E/W (the east and west off-boards' icons)"
# (fixture, action, train) -> (bonus the engine adds that does not depend on the stops
# chosen, what it is); None: a bonus (E/W) that changes the engine's choice, so only the
# rule itself is checked on the engine's stops
ROUTES_1846 = {
    # 3/5, IC's station I5 ($10): G9 30 + I5 10 + I1 50 (G7 ties G9 at $30) + Mail 4 x $10
    ("10264.json", 175, "4-1"): (40, MAIL),
    # 3/5, B&O's station I5: D6 70 + I5 10 + I1 70 = 150 (its best three: 170)
    ("10264.json", 303, "4-2"): (0, ""),
    # 4/6 whose best four hold D6-3 (a station in Chicago's group): unchanged, + E/W 70
    ("10264.json", 303, "5-1"): (70, EW),
    # 4/6 whose best four hold no station (it pays E11, the $30 station)
    ("10264.json", 377, "5-4"): (0, ""),
    # 4/6, C5 + D6-1 + C17 + C15, D6-1 a station: + E/W (C5 50, C17 30)
    ("10264.json", 377, "5-3"): (80, EW),
    # 4/6 whose best four hold H12 (a station), + E/W (I1 20, G21 20); the 7/8 pays all six
    ("10264.json", 396, "5-1"): (40, EW),
    ("10264.json", 396, "6-2"): (80, EW),
    # 4/6, C&O's station G19 ($30): 70 + 30 + 60 + 90 = 250 (its best four: 260)
    ("10264.json", 557, "5-3"): (0, ""),
    # 3/5, IC's station I5: G7 30 + I5 10 + I1 50, + Meat Packing at I1
    ("12666.json", 202, "4-1"): (30, MEAT),
    # 3/5, IC's station E11 ($20): E17 60 + E11 20 + I1 70 (+ Meat Packing where assigned)
    ("12666.json", 264, "4-1"): (30, MEAT),
    ("12666.json", 284, "4-1"): (30, MEAT),
    ("12666.json", 315, "4-1"): (0, ""),
    # 3/5, GT's stations D14 ($30) and D6-2 (Chicago, $40): the engine pays C17 + C5 for
    # E/W and GT's Chicago city; without the rule it would pay C17 + C15 + C5 ($240)
    ("1846_game_end_reason_all_closed.json", 345, "4-0"): None,
    ("1846_game_end_reason_all_closed.json", 345, "4-3"): (0, ""),
    # 4/6, PRR's station E11 ($20): C17 + C15 + E11 + C5 (D6 ties C5 at $40) + E/W 80
    ("1846_game_end_reason_all_closed.json", 359, "5-3"): (80, EW),
    ("1846_game_end_reason_all_closed.json", 365, "4-4"): (0, ""),
    # 4/6, B&O's station G19 ($30): C5 + E17 + G19 + G21, + E/W 70 + Mail 5 x $10
    ("1846_game_end_reason_all_closed.json", 365, "5-4"): (120, EW + " and " + MAIL),
    ("1846_game_end_reason_all_closed.json", 539, "5-3"): (80, EW),
    # 4/6, PRR's station E11: the engine pays C5 (west) over E17 for E/W
    ("19962.json", 306, "5-2"): None,
    ("19962.json", 311, "4-0"): (0, ""),
}
# the routes whose k best stops hold no station: without the rule trainrun paid those
BINDING = {("10264.json", 175, "4-1"), ("10264.json", 303, "4-2"), ("10264.json", 377, "5-4"),
           ("10264.json", 557, "5-3"), ("12666.json", 202, "4-1"), ("12666.json", 264, "4-1"),
           ("12666.json", 284, "4-1"), ("12666.json", 315, "4-1"),
           ("1846_game_end_reason_all_closed.json", 359, "5-3"),
           ("1846_game_end_reason_all_closed.json", 365, "5-4"),
           ("1846_game_end_reason_all_closed.json", 539, "5-3"), ("19962.json", 306, "5-2")}


def _declared_1846():
    for data in corpus_1846():
        trains = {t["id"]: t for t in data["trains"]}
        for route in data["declared"]["routes"]:
            if isinstance(trains[route["train"]]["distance"], list):
                yield data, route


def test_every_pay_limit_route_of_the_1846_lines_is_listed():
    listed = {(d["fixture"], d["action"], r["train"]) for d, r in _declared_1846()}
    assert listed == set(ROUTES_1846)


@pytest.mark.parametrize("key", sorted(ROUTES_1846), ids=lambda k: "-".join(map(str, k)))
def test_1846_route_pays_the_engine_stops(key):
    fixture, action, train = key
    data = line_1846(fixture, action)
    route = next(r for r in data["declared"]["routes"] if r["train"] == train)
    position = position_of(ruleset_1846(), data)
    stations = answers.stations(position)
    k = next(t for t in data["trains"] if t["id"] == train)["distance"][0]["pay"]
    rc = check_route(position, train, route["visited"], route["chains"])
    assert rc.legal, rc.violations
    value = dict(zip(rc.visited, rc.stop_values))
    # the engine's stops keep the rule: at most k, a station among them
    assert len(route["stops"]) <= k and set(route["stops"]) & stations
    mine = _scored(rc)
    assert len(mine) <= k and mine & stations
    best_k = sum(sorted(rc.stop_values, reverse=True)[:k])
    assert (best_k > rc.revenue) == (key in BINDING)
    expected = ROUTES_1846[key]
    if expected is None:
        # a bonus (E/W) chose other stops; trainrun pays what it pays without it
        assert rc.revenue < route["revenue"]
        return
    bonus, _ = expected
    assert rc.revenue + bonus == route["revenue"]
    # the same stops, up to stops of equal value
    assert sorted(value[v] for v in mine) == sorted(value[v] for v in route["stops"])


# trainrun's best run on each 1846 board (no 1846 bonuses); in brackets what it claimed
# before the rule, paying the k best stops
BEST_1846 = {
    ("10264.json", 175): 90,     # (110)
    ("10264.json", 303): 560,    # (600; 580 through two Chicago cities, tests/test_city_groups.py)
    ("10264.json", 377): 470,    # (480)
    ("10264.json", 396): 620,    # (630)
    ("10264.json", 557): 250,    # (260)
    ("12666.json", 202): 90,     # (100)
    ("12666.json", 264): 150,    # (160)
    ("12666.json", 284): 150,    # (170)
    ("12666.json", 315): 150,    # (180)
    ("1846_game_end_reason_all_closed.json", 345): 540,    # (550)
    ("1846_game_end_reason_all_closed.json", 359): 190,    # (200)
    ("1846_game_end_reason_all_closed.json", 365): 390,    # (400)
    ("1846_game_end_reason_all_closed.json", 539): 190,    # (200)
    ("19962.json", 306): 690,    # (690, other routes)
    ("19962.json", 311): 420,    # (440)
}


@pytest.mark.parametrize("key", sorted(BEST_1846), ids=lambda k: f"{k[0]}-{k[1]}")
def test_1846_best_run(key):
    data = line_1846(*key)
    position = position_of(ruleset_1846(), data)
    stations = answers.stations(position)
    rows = {t["id"] for t in data["trains"] if isinstance(t["distance"], list)}
    expected, _ = bruteforce.best_run(position, hooks=True)
    assert expected == BEST_1846[key]
    for strategy in ("auto", "path"):
        run = solve(position, strategy=strategy)
        assert run.status == "optimal" and run.total == expected, strategy
        for r in run.routes:
            if r.train in rows and len(r.stops) > len([s for s in r.stops if s["scored"]]):
                assert {s["node"] for s in r.stops if s["scored"]} & stations, r
        checked = check_run(position, [(r.train, r.visited, r.chains) for r in run.routes])
        assert checked.legal and checked.total == run.total


def test_1846_declared_runs_verify():
    """The engine's declared runs, with the stops it paid, are legal under the rule; a
    route claiming its k best stops instead, none a station, is refused."""
    for data in corpus_1846():
        position = position_of(ruleset_1846(), data)
        result = check_declared(position, data)
        assert result.legal, (data["fixture"], data["action"], result.violations)
    data = json.loads(json.dumps(line_1846("10264.json", 303)))
    route = data["declared"]["routes"][0]
    assert route["train"] == "4-2" and route["stops"] == ["D6-0", "I5-0", "I1-0"]
    route["stops"] = ["D6-0", "G7-0", "I1-0"]
    result = check_declared(position_of(ruleset_1846(), data), data)
    assert result.violations == [
        "route 1: it claims that D6-0, G7-0, I1-0 pay, none of which holds a station of B&O: "
        "the 3 stops a 3/5-train pays must include one (engine compute_stops; it pays D6-0, "
        "I5-0, I1-0)"]
