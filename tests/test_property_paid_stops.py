"""Property tests for the paid-stop rule: ``solve`` against the brute force where it matters.

The rule (docs/rules/common.md §5.3; 18xx.games engine ``compute_stops`` in
lib/engine/game/base.rb): a train that visits more stops than it pays must pay one of the
company's stations, so where its k best stops hold none it pays its best station and its
k - 1 best others.

Boards are cut from the real 1846 boards of tests/data/corpus_1846_paid (the test-only
1846 title of tests/data/titles/1846): the laid tiles within 1-3 hexes of a random
company's station stay, every other hex shows its printed tile. The company runs 1-3
trains whose rules a test plugin draws so that the rule matters: a pay limit k of 1-4 with
a visit limit of k + 1 to k + 3 stops (now and then unlimited), the company's stations
worth little ($0, $10, $20 or their face value), sometimes doubled values, a stop bonus,
a once-per-run bonus counted only where its stop scores (``scored_only``), now and then a
train with the rule turned off (``station_paid``, as 18NY's DE trains). The brute force
(``bruteforce.best_run(position, hooks=True)``, which picks the paid stops by plain subset
enumeration as the engine does) gives the best total; ``solve`` from route lists and from
the CP-SAT path model alone must prove it, each route must be a brute-force route with the
same revenue, and the independent checker must agree with the run's total.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import boards
import bruteforce
from hypothesis import event, given
from hypothesis import strategies as st

from trainrun import solve
from trainrun.board.title import Title
from trainrun.formats.reading import position_of
from trainrun.hooks import answers
from trainrun.hooks.rules import CompanyBonus, RouteBonus, TrainRules
from trainrun.hooks.titleinfo import TitleInfo
from trainrun.plugins.hookspecs import hookimpl
from trainrun.registry import Ruleset, title_manager
from trainrun.routes.legality import check_run

DATA = Path(__file__).parent / "data"
NAMES = ["2", "4", "3/5", "5", "4/6", "6", "7/8"]
DOUBLE = {"city": 2, "offboard": 2, "town": 2}


@cache
def _title() -> Title:
    return Title.load(DATA / "titles" / "1846")


@cache
def _lines() -> list[dict]:
    return [json.loads(line) for path in sorted((DATA / "corpus_1846_paid").glob("*.jsonl"))
            for line in path.read_text().splitlines()]


@dataclass(frozen=True)
class Params:
    rules: dict                      # train name -> TrainRules
    station_values: dict             # station node id -> its value for every train
    route_bonus: RouteBonus | None = None
    company_bonus: CompanyBonus | None = None
    notes: tuple = field(default_factory=tuple)


class Plugin:
    """The 1846 test title under drawn rules."""

    def __init__(self, params: Params):
        self.p = params

    @hookimpl
    def trainrun_title(self):
        return TitleInfo(name="1846", data=DATA / "titles" / "1846")

    @hookimpl
    def trainrun_train_rules(self, position, train):
        return self.p.rules[train.name]

    @hookimpl
    def trainrun_stop_value(self, position, train, rules, hex_id, node):
        return self.p.station_values.get(position.node_id(hex_id, node.index))

    @hookimpl
    def trainrun_route_bonuses(self, position, train):
        return [self.p.route_bonus] if self.p.route_bonus else []

    @hookimpl
    def trainrun_company_bonuses(self, position):
        return [self.p.company_bonus] if self.p.company_bonus else []


def _ruleset(params: Params) -> Ruleset:
    pm = title_manager(Plugin(params))
    return Ruleset(pm.hook.trainrun_title(), _title(), pm.hook)


def _near(hex_id: str, radius: int) -> set:
    seen = {hex_id}
    for _ in range(radius):
        seen = boards.near(_title(), seen)
    return seen


@st.composite
def train_rules(draw):
    k = draw(st.integers(1, 4))
    multiplier = DOUBLE if boards.one_in(draw, 4) else {}
    station_paid = not boards.one_in(draw, 8)
    if boards.one_in(draw, 6):
        return TrainRules("unlimited", pay_limit=k, multiplier=multiplier,
                          station_paid=station_paid)
    return TrainRules("stops", limit=k + draw(st.integers(1, 3)), pay_limit=k,
                      multiplier=multiplier, station_paid=station_paid)


@st.composite
def cases(draw):
    data = json.loads(json.dumps(draw(st.sampled_from(_lines()))))
    home, company = draw(st.sampled_from(boards.stations(data, "neutral")))
    radius = draw(st.integers(1, 3))
    keep = _near(home, radius)
    data["board"] = [h for h in data["board"] if h["hex"] in keep or h["tile"] == h["hex"]]
    for key in ("abilities", "companies", "company_assignments"):
        data.pop(key, None)
    data["entity"] = company
    names = boards.train_names(draw, NAMES)
    data["trains"] = boards.train_list(names)
    rules = {name: draw(train_rules()) for name in sorted(set(names))}
    if radius == 3:   # unlimited trains on the widest cut take the brute force too long
        rules = {n: r if r.distance != "unlimited" else
                 TrainRules("stops", limit=r.pay_limit + 2, pay_limit=r.pay_limit,
                            multiplier=r.multiplier, station_paid=r.station_paid)
                 for n, r in rules.items()}
    stations = sorted({f"{h['hex']}-{t['city']}" for h in data["board"]
                       for t in h.get("tokens", ()) if company in t["slots"] + t["extra"]})
    values = {s: v for s in stations
              if (v := draw(st.sampled_from([0, 10, 20, None]))) is not None}
    stops = sorted({f"{h['hex']}-0" for h in data["board"] if h["hex"] in keep})
    route_bonus = company_bonus = None
    if stops and boards.one_in(draw, 3):
        route_bonus = RouteBonus("stop bonus", draw(st.sampled_from([10, 40])),
                                 stops=frozenset({draw(st.sampled_from(stops))}))
    if boards.one_in(draw, 3):
        where = draw(st.sampled_from(stations + stops))
        company_bonus = CompanyBonus("scored bonus", draw(st.sampled_from([10, 30])),
                                     stops=frozenset({where}), scored_only=True)
    return data, Params(rules, values, route_bonus, company_bonus)


def _binding(position, run) -> bool:
    """Does the rule change what some route of the run pays (its k best hold no station)?"""
    stations = answers.stations(position)
    trains = {t.id: t for t in position.trains}
    for r in run.routes:
        rules = answers.train_rules(position, trains[r.train])
        if not rules.paid_station or len(r.stops) <= rules.pay_limit:
            continue
        values = sorted((s["value"] for s in r.stops), reverse=True)
        best = values[rules.pay_limit - 1]
        if not any(s["node"] in stations and s["value"] >= best for s in r.stops):
            return True
    return False


def _check(data: dict, params: Params) -> None:
    position = position_of(_ruleset(params), data)
    expected, picks = bruteforce.best_run(position, hooks=True)
    for budget in (None, 1):
        run = solve(position) if budget is None else solve(position, route_budget=budget)
        why = (data["fixture"], data["action"], data["entity"], data["trains"], params, budget,
               expected, picks, [(r.train, r.visited, r.revenue) for r in run.routes],
               run.company_bonuses)
        if budget is None:
            boards.note_run(run)
            event(f"the rule binds on the best run: {_binding(position, run)}")
        assert run.status == "optimal", why
        assert run.total == expected, why
        boards.assert_brute_force_routes(position, run, bruteforce.hook_routes, why)
        checked = check_run(position, [(r.train, r.visited, r.chains) for r in run.routes])
        assert checked.violations == [], why
        assert checked.total == run.total, why


@boards.examples(200)
@given(cases())
def test_solver_matches_brute_force_on_pay_limit_trains(case):
    _check(*case)
