"""Title rules expressed through the hooks: ``solve`` against the brute force under hooks.

A test-only title plugin (``RulePlugin``) answers the hooks of
``trainrun.plugins.hookspecs`` from parameters chosen by the test: per train name a
distance measure (stops with free towns or a cap on cities, edges with hex touch costs,
unlimited), a pay limit and multipliers (and now and then a zero value for untokened
cities), stop and hex route bonuses, company bonuses with train eligibility, fixed income, an extra
exclusive stop set and an extra station. It is registered after
``trainrun.plugins.defaults`` in a plugin manager of its own, as ``trainrun.plugins``
does for an installed title, on the real 18Chesapeake data.

Random small boards come from ``test_property.positions``. On each, the brute force
(``bruteforce.best_run(position, hooks=True)``, which implements the semantics of
``trainrun.hooks.rules`` by itself) gives the best total; ``solve`` must prove the same total
both with route enumeration and with every train on the CP-SAT path model
(``route_budget=1``), and each route it returns must be a legal route of its train with
the same revenue and track, the claimed company bonuses exactly those its routes earn.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import pluggy
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trainrun import solve
from trainrun.formats.reading import position_of
from trainrun.hooks.rules import CompanyBonus, RouteBonus, TrainRules
from trainrun.plugins import defaults, hookspecs
from trainrun.plugins.hookspecs import hookimpl
from trainrun.registry import Ruleset, load_title

sys.path.insert(0, str(Path(__file__).parent))
import bruteforce
from boards import one_in, route_resources
from test_property import COMPANY, positions
from test_rules import LINE  # the hand-built line of test_rules.py

# ------------------------------------------------------------------ the test title

@dataclass
class Params:
    """What the test title's hooks answer."""

    rules: dict = field(default_factory=dict)          # train name -> TrainRules
    untokened_zero: frozenset = frozenset()            # train names: untokened cities pay 0
    route_bonuses: list = field(default_factory=list)  # (RouteBonus, train names or None)
    company_bonuses: list = field(default_factory=list)
    fixed: int = 0
    exclusive: list = field(default_factory=list)      # extra sets of node ids
    stations: frozenset = frozenset()                  # extra station node ids


class RulePlugin:
    """A title plugin whose rules are ``params``; unanswered hooks fall back to defaults."""

    def __init__(self, params: Params):
        self.p = params

    @hookimpl
    def trainrun_train_rules(self, position, train):
        return self.p.rules.get(train.name)

    @hookimpl
    def trainrun_stop_value(self, position, train, rules, hex_id, node):
        if train.name in self.p.untokened_zero and node.kind == "city":
            tokens = position.board[hex_id].tokens.get(node.index)
            if tokens is None or position.company not in tokens.holders():
                return 0
        return None

    @hookimpl
    def trainrun_route_bonuses(self, position, train):
        return [b for b, names in self.p.route_bonuses if names is None or train.name in names]

    @hookimpl
    def trainrun_company_bonuses(self, position):
        return list(self.p.company_bonuses)

    @hookimpl
    def trainrun_fixed_income(self, position):
        return self.p.fixed

    @hookimpl
    def trainrun_company_stations(self, position):
        if not self.p.stations:
            return None
        return defaults.trainrun_company_stations(position) | set(self.p.stations)

    @hookimpl
    def trainrun_exclusive_stops(self, position):
        return [frozenset(s) for s in self.p.exclusive]


@cache
def _chesapeake():
    return load_title("18Chesapeake")


def ruleset(params: Params) -> Ruleset:
    """18Chesapeake's data under the test title's hooks (defaults registered first)."""
    pm = pluggy.PluginManager("trainrun")
    pm.add_hookspecs(hookspecs)
    pm.register(defaults, name="defaults")
    pm.register(RulePlugin(params), name="title")
    base = _chesapeake()
    return Ruleset(base.info, base.title, pm.hook)


# ------------------------------------------------------------------ random rules

def _some(draw, items, lo, hi):
    items = sorted(items)
    if not items:
        return frozenset()
    return frozenset(draw(st.lists(st.sampled_from(items), min_size=min(lo, len(items)),
                                   max_size=min(hi, len(items)), unique=True)))


@st.composite
def train_rules(draw, hexes):
    kind = draw(st.sampled_from(["stops", "edges", "unlimited"]))
    limit, stop_cost, touch = 0, {}, {}
    if kind == "stops":
        if draw(st.booleans()):
            stop_cost = {"town": 0}                       # towns are free (+ trains)
        limit = draw(st.integers(1 if stop_cost else 2, 4))
    elif kind == "edges":
        limit = draw(st.integers(2, 7))
        touch = {h: draw(st.sampled_from([-1, -1, -1, 1])) for h in _some(draw, hexes, 0, 4)}
    mult = draw(st.sampled_from([{}, {}, {"city": 2, "town": 2, "offboard": 2},
                                 {"city": 2}, {"town": 0}]))
    cap = None
    if kind == "stops" and limit > 2 and one_in(draw, 4):
        cap = draw(st.integers(1, limit - 1))   # a 2+2's rows: at most cap cities
    return TrainRules(distance=kind, limit=limit, stop_cost=stop_cost, hex_touch_cost=touch,
                      pay_limit=draw(st.sampled_from([None, None, 1, 2, 3])), multiplier=mult,
                      min_stops=draw(st.sampled_from([2, 2, 2, 3])), cap=cap,
                      cap_kinds=frozenset({"city", "offboard"}) if cap else frozenset())


def _names(draw, names):
    """None (every train) or a random non-empty set of train names."""
    return None if draw(st.booleans()) else _some(draw, names, 1, len(names))


@st.composite
def rule_params(draw, stops, cities, hexes, names):
    """Random ``Params`` over the given stop ids, city ids, hexes and train names."""
    p = Params()
    p.rules = {n: draw(train_rules(hexes)) for n in sorted(names)}
    p.untokened_zero = _some(draw, names, 0, 1) if draw(st.integers(0, 3)) == 0 else frozenset()
    for k in range(draw(st.integers(0, 3))):
        amount = draw(st.sampled_from([10, 20, 50, 100]))
        if draw(st.booleans()):
            b = RouteBonus(f"stop bonus {k}", amount, stops=_some(draw, stops, 1, 2))
        else:
            b = RouteBonus(f"hex bonus {k}", amount, hexes=_some(draw, hexes, 1, 2))
        p.route_bonuses.append((b, _names(draw, names)))
    for k in range(draw(st.integers(0, 2))):
        where = draw(st.sampled_from(["stops", "hexes", "both"]))
        p.company_bonuses.append(CompanyBonus(
            f"company bonus {k}", draw(st.sampled_from([10, 30, 40, 100])),
            stops=_some(draw, stops, 1, 2) if where != "hexes" else frozenset(),
            hexes=_some(draw, hexes, 1, 2) if where != "stops" else frozenset(),
            trains=_names(draw, names), scored_only=draw(st.booleans())))
    p.fixed = draw(st.sampled_from([0, 0, 10, 40]))
    if draw(st.booleans()):
        p.exclusive = [_some(draw, stops, 2, 3)]
    if draw(st.integers(0, 4)) == 0:
        p.stations = _some(draw, cities, 1, 1)
    return p


@st.composite
def hooked_positions(draw, max_region: int = 8):
    """(position dict, Params): a random small board and random rules over its places."""
    data = draw(positions(max_region=max_region))
    title = _chesapeake().title
    laid = {t["hex"] for t in data["tiles"]} | {t["hex"] for t in data["tokens"]}
    near = laid | {n for h in laid for n in title.hexes[h].neighbors.values()}
    board = position_of(_chesapeake(), data).board
    stops, cities, hexes = set(), set(), set()
    for h in near:
        if board[h].tile.paths:
            hexes.add(h)
            for node in board[h].tile.nodes:
                if node.is_stop:
                    stops.add(f"{h}-{node.index}")
                    if node.kind == "city":
                        cities.add(f"{h}-{node.index}")
    names = {t["name"] for t in data["trains"]}
    return data, draw(rule_params(stops, cities, hexes, names))


# ------------------------------------------------------------------ the check

def _check(data: dict, params: Params) -> None:
    position = position_of(ruleset(params), data)
    expected, picks = bruteforce.best_run(position, hooks=True)
    trains = {t.id: t for t in position.trains}
    legal = {}
    for budget in (None, 1):
        run = solve(position) if budget is None else solve(position, route_budget=budget)
        why = (data, params, budget, expected, picks,
               [(r.train, r.visited, r.revenue) for r in run.routes], run.company_bonuses)
        assert run.status == "optimal", why
        assert run.total == expected, why
        bonus_amounts = {b.name: b.amount for b in params.company_bonuses}
        assert run.total == (sum(r.revenue for r in run.routes) + run.fixed_income
                             + sum(b["amount"] for b in run.company_bonuses)), why
        assert run.fixed_income == params.fixed, why
        # every route is a legal route of its train, same revenue and track, no track shared
        assert len({r.train for r in run.routes}) == len(run.routes), why
        used, reached = set(), set()
        for r in run.routes:
            if r.train not in legal:
                legal[r.train] = bruteforce.hook_routes(position, trains[r.train])
            visited = tuple(r.visited)
            res = route_resources(position, r)
            match = [(v, rs, reach) for v, rs, vis, reach in legal[r.train]
                     if vis in (visited, visited[::-1]) and rs == res]
            assert match, (why, r.visited, "not a legal route with this track")
            assert any(v == r.revenue for v, _, _ in match), (why, r.visited, r.revenue, match)
            assert not (res & used), (why, r.visited, "track shared between routes")
            used |= res
            reached |= {params.company_bonuses[k].name for k in match[0][2]}
        assert sorted(b["name"] for b in run.company_bonuses) == sorted(reached), why
        assert all(b["amount"] == bonus_amounts[b["name"]] for b in run.company_bonuses)


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hooked_positions())
def test_solver_matches_brute_force_under_hooks(case):
    _check(*case)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_hook_brute_force_agrees_with_engine_brute_force(data):
    """Under 18Chesapeake's own hooks (the shared defaults) the hook-driven brute force and
    the hard-coded engine rules give the same best total."""
    position = position_of(_chesapeake(), data)
    assert bruteforce.best_run_total(position, hooks=True) == bruteforce.best_run_total(position)


# ------------------------------------------------------------------ hand-made cases
# The line of tests/test_rules.py, phase 2 (yellow values):
#
#   H6-0 Baltimore (30) -- G7 (#9 straight) -- F8-0 Washington DC (30)
#        -- E7-0 town (10) -- D8-0 Leesburg (20)
#
# Hex sides crossed: H6|G7, G7|F8, F8|E7, E7|D8, so H6-0 .. D8-0 is 4 edges and touches
# the hexes H6, G7, F8, E7, D8. B&O has a token in H6-0 (and in D8-0 where said).



def _line(trains, tokens=("H6",)):
    return {"title": "18Chesapeake", "phase": "2", "company": COMPANY,
            "trains": [{"id": f"t{k}", "name": n} for k, n in enumerate(trains)],
            "tiles": LINE, "tokens": [{"hex": h, "city": 0, "company": COMPANY} for h in tokens]}


def _h(limit, touch=None):
    return TrainRules(distance="edges", limit=limit, hex_touch_cost=touch or {})


HAND_CASES = {
    # An H train at its limit: H6-F8-E7-D8 crosses 4 edges, 30 + 30 + 10 + 20 = 90.
    "H train exactly at its edge limit": (_line(["4"]), Params(rules={"4": _h(4)}), 90),
    # One edge short: the whole line (4) is over 3; best is H6-F8-E7 (3 edges) = 70.
    "H train one edge over": (_line(["4"]), Params(rules={"4": _h(3)}), 70),
    # Touch cost -1 on G7 (18NY Springfield style): the whole line counts 4 - 1 = 3: 90.
    "H train with a hex touch cost": (_line(["4"]), Params(rules={"4": _h(3, {"G7": -1})}), 90),
    # DE-like: unlimited, best 2 stops doubled: 60, 60, 20, 40 -> 60 + 60 = 120.
    "best 2 of 4 doubled": (_line(["D"]), Params(rules={"D": TrainRules(
        "unlimited", pay_limit=2, multiplier={"city": 2, "town": 2, "offboard": 2})}), 120),
    # The same with a +50 stop bonus on D8: D8 is 40 + 50 = 90, among the best two:
    # 90 + 60 = 150 (the bonus counts in the choice of the stops that score).
    "stop bonus counts in the best-k choice": (_line(["D"]), Params(
        rules={"D": TrainRules("unlimited", pay_limit=2,
                               multiplier={"city": 2, "town": 2, "offboard": 2})},
        route_bonuses=[(RouteBonus("bridge", 50, stops=frozenset({"D8-0"})), None)]), 150),
    # Stop bonus on a stop that scores 0 (towns x0) is not paid: D train H6-F8-E7-D8 with
    # the E7 town worth 0 and +100 on E7: 30 + 30 + 0 + 20 = 80.
    "stop bonus on a zero stop is not paid": (_line(["D"]), Params(
        rules={"D": TrainRules("unlimited", multiplier={"town": 0})},
        route_bonuses=[(RouteBonus("x", 100, stops=frozenset({"E7-0"})), None)]), 80),
    # A company bonus on E7-0 or F8-0, reached by both 2-trains (tokens H6, D8):
    # H6-F8 (60) and D8-E7 (30) = 90, plus 100 once = 190.
    "company bonus reached by two trains counted once": (_line(["2", "2"], ("H6", "D8")), Params(
        company_bonuses=[CompanyBonus("mine", 100, stops=frozenset({"F8-0", "E7-0"}))]), 190),
    # The same bonus for 3-trains only: the 2-trains earn nothing of it: 90.
    "company bonus of other trains is not paid": (_line(["2", "2"], ("H6", "D8")), Params(
        company_bonuses=[CompanyBonus("mine", 100, stops=frozenset({"F8-0", "E7-0"}),
                                      trains=frozenset({"3"}))]), 90),
    # Hex bonus +25 on F8 for a 3-train: H6-F8-E7 touches F8 by two chains (G7->F8 and
    # F8->E7) but earns it once: 30 + 30 + 10 + 25 = 95.
    "hex bonus touched twice counted once": (_line(["3"]), Params(
        route_bonuses=[(RouteBonus("coal", 25, hexes=frozenset({"F8"})), None)]), 95),
    # F8-0 and D8-0 exclusive (one city per hex style) and fixed income 15: the D train
    # can't run the whole line; H6-F8-E7 = 70, + 15 = 85.
    "exclusive stop set and fixed income": (_line(["D"]), Params(
        exclusive=[{"F8-0", "D8-0"}], fixed=15), 85),
    # The same set after 70 sets of one stop each (groups that exclude nothing): it is the
    # 71st exclusive group, beyond one 64-bit word, and still holds: 85.
    "exclusive stop set beyond the 64th group": (_line(["D"]), Params(
        exclusive=[{"H6-0"}] * 70 + [{"F8-0", "D8-0"}], fixed=15), 85),
    # An extra station in D8-0 (no token there): a 2-train may run D8-E7 (30) next to
    # H6-F8 (60): 90 with two 2-trains, against 60 without it.
    "extra station": (_line(["2", "2"]), Params(stations=frozenset({"D8-0"})), 90),
    "no extra station": (_line(["2", "2"]), Params(), 60),
}


@pytest.mark.parametrize("name", sorted(HAND_CASES))
def test_hand_made(name):
    data, params, expected = HAND_CASES[name]
    position = position_of(ruleset(params), data)
    assert bruteforce.best_run_total(position, hooks=True) == expected
    _check(data, params)
