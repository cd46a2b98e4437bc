"""Property tests for the bonus families (docs/rules/common.md §9): ``solve`` against the
brute force on boards where a bonus changes the best run.

Boards are cut from the real 1846 boards of tests/data/corpus/1846 (the laid tiles within
1-3 hexes of a random company's station stay, every other hex shows its printed tile), on
the 1846 plugin's data with a drawn ``bonuses.json`` in place of its own, read by the
shared family reader (``trainrun.routes.families``) as any title's:

* a pair bonus between two drawn sets of the cut's stops (by hexes, or the first by an
  icon drawn onto some hexes), with a drawn amount and each member's own part ($0-$60),
  now and then with ``icon_values`` (the numeric icons of each end's hex), limited to one
  train, or asking 2 or 3 stops of its second set (``min_second``, 18SJ's tiers);
* an all-of bonus over two or three drawn stop hexes, once a run;
* a best-route bonus of $10-$30 per stop of the run's route visiting the most stops,
  earned only while the company holds a drawn private (``holds``);
* a stop bonus on a drawn hex assigned to the company (``assignment``: the hex's marker
  and the company's ``company_assignments``), sometimes per drawn icon, or assigned to the
  hex alone and earned by holding a private (``hex_assignment``, ``holds`` 1846's SC, as
  18SJ's Sveabolaget and GKB), now and then at a stop worth $0 too (``on_worthless``);
* a hotel: a stop bonus at a drawn hex showing the company's icon, paid at a stop worth
  $0 to the train too;
* a port on one or two drawn hexes: a route visiting it needs 3 or 4 stops, and earns half
  again or the port's value once per station it visits;
* a hex bonus on one to three drawn hexes, now and then only over broad track (all of
  1846's) or narrow track (none), once a route for each hex whose track it uses.

The company runs 1-3 of 1846's trains, whose pay limits (3/5, 4/6, 7/8) make the choice of
paid stops with the pair counted matter. The brute force (``bruteforce.best_run(position,
hooks=True)``, every combination of paid stops with the bonuses counted) gives the best
total; ``solve`` from route lists and from the path model's fallback (a list cut at one
route: a family the path model does not route leaves a proven bound, not a wrong optimum)
must agree, each route must be a brute-force route with the same revenue, and the
independent checker must agree with the run's total. The statistics say how often a
bonus was in the best run and how often it changed the best total.

Cut 18SJ boards with 18SJ's own families hold its E trains to the same brute force: each
stop on a hex holding the company's token paying again (``tokened`` and ``doubles``), the
state railway's tokens letting the E trains through and no other (``TrainRules.passes``);
cut 18GB boards hold each hex's stops paying once and its estuary crossings (a hex bonus
for the dual track, ``track``) to it, and its express trains' distance bonus
(``end_distance``: $10 a hex as the crow flies between a route's first and last city or
off-board).
"""
from __future__ import annotations

import itertools
import json
from dataclasses import replace
from functools import cache
from pathlib import Path

import boards
import bruteforce
import numpy as np
from hypothesis import assume, event, given
from hypothesis import strategies as st

from trainrun import read_position, solve
from trainrun.board.title import Title
from trainrun.formats.reading import position_of
from trainrun.hooks import answers
from trainrun.hooks.rules import best_paid, paid_value
from trainrun.hooks.titleinfo import TitleInfo
from trainrun.plugins.hookspecs import hookimpl
from trainrun.registry import Ruleset, load_title, title_manager
from trainrun.routes._pairs import pair_gains
from trainrun.routes.legality import check_run

DATA = Path(__file__).parent / "data"
PLUGIN_DATA = Path(__file__).parents[1] / "plugins" / "g1846" / "data"
NAMES = ["2", "4", "3/5", "5", "4/6", "6", "7/8"]
PAY_LIMITED = ["3/5", "4/6", "7/8"]


@cache
def _title() -> Title:
    return Title.load(PLUGIN_DATA)


@cache
def _lines() -> list[dict]:
    return [json.loads(line) for path in sorted((DATA / "corpus" / "1846").glob("*.jsonl"))
            for line in path.read_text().splitlines()][::4]


class Plugin:
    """1846's data with drawn bonus families, every rule else the shared one."""

    def __init__(self, bonuses: tuple):
        self.title = replace(_title(), bonuses=bonuses)

    @hookimpl
    def trainrun_title(self):
        return TitleInfo(name="1846", data=PLUGIN_DATA)


def _ruleset(bonuses: tuple) -> Ruleset:
    plugin = Plugin(bonuses)
    pm = title_manager(plugin)
    return Ruleset(pm.hook.trainrun_title(), plugin.title, pm.hook)


def _near(hex_id: str, radius: int) -> set:
    seen = {hex_id}
    for _ in range(radius):
        seen = boards.near(_title(), seen)
    return seen


def _stop_hexes(data: dict) -> list[str]:
    title = _title()
    return sorted(h["hex"] for h in data["board"]
                  if title.tile(h["tile"], h["hex"]).nodes)


@st.composite
def cases(draw):
    data = json.loads(json.dumps(draw(st.sampled_from(_lines()))))
    home, company = draw(st.sampled_from(boards.stations(data, "neutral")))
    keep = _near(home, draw(st.integers(1, 3)))
    data["board"] = [h for h in data["board"] if h["hex"] in keep or h["tile"] == h["hex"]]
    for key in ("abilities", "companies", "company_assignments", "privates"):
        data.pop(key, None)
    data["entity"] = company
    # half the time only trains paying fewer stops than they visit, so the pair decides
    # which stops pay
    names = PAY_LIMITED if boards.one_in(draw, 2) else NAMES
    data["trains"] = boards.train_list(boards.train_names(draw, names))
    near = [h for h in _stop_hexes(data) if h in keep] or _stop_hexes(data)
    hexes = st.sampled_from(near)
    bonuses = []
    kinds = draw(st.sets(st.sampled_from(["pair", "all_of", "best_route", "stop", "port",
                                          "hotel", "hex"]), min_size=1))
    if "hex" in kinds:   # 1846's track is all broad: over narrow track it is never earned
        bonuses.append({"family": "hex_bonus", "name": "hex",
                        "hexes": sorted(draw(st.sets(hexes, min_size=1, max_size=3))),
                        "amount": draw(st.sampled_from([20, 40])),
                        **draw(st.sampled_from([{}, {"track": "broad"}, {"track": "narrow"}]))})
    if "hotel" in kinds:
        hotel = draw(hexes)
        bonuses.append({"family": "stop_bonus", "name": "hotel", "icon": "@company",
                        "amount": draw(st.sampled_from([10, 20]))})
        for h in data["board"]:
            if h["hex"] == hotel:
                h["icons"] = [company]
    if "port" in kinds:
        bonuses.append({"family": "port", "name": "port",
                        "hexes": sorted(draw(st.sets(hexes, min_size=1, max_size=2))),
                        "pays": draw(st.sampled_from(["half", "per_token"])),
                        "min_stops": draw(st.sampled_from([3, 4]))})
    if "pair" in kinds:
        first = sorted(draw(st.sets(hexes, min_size=1, max_size=4)))
        second = sorted(draw(st.sets(hexes, min_size=1, max_size=4)))
        pair = {"family": "pair", "name": "pair", "first": {"hexes": first},
                "second": {"hexes": second}, "amount": draw(st.sampled_from([0, 20, 60]))}
        if boards.one_in(draw, 3):
            pair["icon_values"] = True
        if boards.one_in(draw, 4):
            pair["trains"] = [data["trains"][0]["name"]]
        if boards.one_in(draw, 3):   # the first set by an icon its hexes show
            pair["first"] = {"icon": "Q"}
            for h in data["board"]:
                if h["hex"] in first:
                    h["icons"] = [*h.get("icons", []), "Q"]
        if boards.one_in(draw, 2):   # a tier: 2 or 3 stops of the second set
            pair["min_second"] = draw(st.integers(2, 3))
            pair["second"] = {"hexes": sorted(draw(st.sets(hexes, min_size=min(2, len(near)),
                                                           max_size=5)))}
        bonuses.append(pair)
    if "all_of" in kinds:
        bonuses.append({"family": "all_of", "name": "all of",
                        "hexes": sorted(draw(st.sets(hexes, min_size=min(2, len(near)),
                                                     max_size=3))),
                        "amount": draw(st.sampled_from([20, 40, 100]))})
    if "best_route" in kinds:
        bonuses.append({"family": "best_route", "name": "best route", "holds": "MAIL",
                        "per_visited_stop": draw(st.sampled_from([10, 30]))})
        if not boards.one_in(draw, 4):
            data["privates"] = {"MAIL": "company"}
    if "stop" in kinds:
        where = draw(hexes)
        stop = {"family": "stop_bonus", "name": "assigned", "assignment": "MPC",
                "amount": draw(st.sampled_from([20, 30, 50]))}
        if boards.one_in(draw, 3):
            stop["per_icon"] = "port"
        held = boards.one_in(draw, 2)   # the hex alone assigned, earned by holding SB
        if held:
            stop.update(hex_assignment=True, holds="SC")
            if boards.one_in(draw, 2):
                stop["on_worthless"] = True
        bonuses.append(stop)
        for h in data["board"]:
            if h["hex"] == where:
                h["assignments"] = ["MPC"]
                h["icons"] = draw(st.sampled_from([["port"], ["port", "port"], []]))
        if not boards.one_in(draw, 4):
            if held:
                data["privates"] = {**data.get("privates", {}), "SC": "company"}
            else:
                data["company_assignments"] = ["MPC"]
    return data, tuple(bonuses)


def _check(data: dict, bonuses: tuple) -> None:
    position = position_of(_ruleset(bonuses), data)
    expected, picks = bruteforce.best_run(position, hooks=True)
    plain = solve(position_of(_ruleset(()), data)).total
    for budget in (None, 1):
        run = solve(position) if budget is None else solve(position, route_budget=budget)
        why = (data["fixture"], data["action"], data["entity"], data["trains"], bonuses,
               budget, expected, picks, [(r.train, r.visited, r.revenue) for r in run.routes],
               run.company_bonuses)
        if budget is None:
            boards.note_run(run)
            named = {b["name"] for r in run.routes for b in r.bonuses} | {
                b["name"] for b in run.company_bonuses}
            for b in bonuses:
                event(f"{b['family']} in the best run: {b['name'] in named}")
                for variant in ("min_second", "hex_assignment"):
                    if variant in b:
                        event(f"{b['family']} with {variant} in the best run, the bonuses "
                              f"changing its total: {b['name'] in named and run.total != plain}")
                if "icon" in b.get("first", {}):
                    event(f"a pair by icon in the best run: {b['name'] in named}")
            event(f"the bonuses change the best total: {run.total != plain}")
            chose = any(len(r.stops) > sum(s["scored"] for s in r.stops)
                        and any(b["name"] == "pair" for b in r.bonuses) for r in run.routes)
            event(f"a pair is earned on a route paying fewer stops than it visits: {chose}")
            assert run.status == "optimal", why
            assert run.total == expected, why
        else:   # the path model routes none of these families: a bound, never a wrong optimum
            assert run.total <= expected <= run.bound, why
            assert run.status == "optimal" or run.total < run.bound or run.total == expected, why
        boards.assert_brute_force_routes(position, run, bruteforce.hook_routes, why)
        checked = check_run(position, [(r.train, r.visited, r.chains) for r in run.routes])
        assert checked.violations == [], why
        assert checked.total == run.total, why


@boards.examples(250)
@given(cases())
def test_solver_matches_brute_force_with_bonus_families(case):
    _check(*case)


PLUS_TRAINS = ["2+1", "3+1", "4+2", "5+2"]   # 18GB's trains whose rules are all modelled


@cache
def _gb_lines() -> list[dict]:
    return [json.loads(line) for path in sorted((DATA / "corpus" / "18GB").glob("*.jsonl"))
            for line in path.read_text().splitlines()][::3]


@st.composite
def hex_once_cases(draw):
    """A cut 18GB board (its laid tiles within 1-3 hexes of a drawn company's station,
    as ``cases`` cuts 1846's), with 18GB's own ``bonuses.json``: each hex's stops pay once
    a route (docs/rules/common.md §9.7), which its OO and XX cities make matter. Run by
    one to three of its plus trains; a cut where a rule 18GB does not model could matter
    is left out."""
    data = json.loads(json.dumps(draw(st.sampled_from(_gb_lines()))))
    home, company = draw(st.sampled_from(boards.stations(data, "neutral")))
    keep = _near_gb(home, draw(st.integers(1, 3)))
    data["board"] = [h for h in data["board"] if h["hex"] in keep or h["tile"] == h["hex"]]
    data.pop("privates", None)
    data["entity"] = company
    trains = boards.train_names(draw, PLUS_TRAINS)
    data["trains"] = [{"id": f"{n}-{k}", "name": n} for k, n in enumerate(trains)]
    return data


def _near_gb(hex_id: str, radius: int) -> set:
    title = load_title("18GB").title
    seen = {hex_id}
    for _ in range(radius):
        seen = boards.near(title, seen)
    return seen


@boards.examples(150)
@given(hex_once_cases())
def test_solver_matches_brute_force_where_each_hex_pays_once(data):
    position = read_position(data)
    assume(not answers.runs_not_modelled(position))
    expected, picks = bruteforce.best_run(position, hooks=True)
    run = solve(position)
    twice = any(len({v.rsplit("-", 1)[0] for v in r.visited}) < len(r.visited)
                for r in run.routes)
    event(f"a route of the best run visits two stops of one hex: {twice}")
    why = (data["fixture"], data["action"], data["entity"], data["trains"], expected, picks,
           [(r.train, r.visited, r.revenue) for r in run.routes])
    assert run.status == "optimal" and run.total == expected, why
    cut = solve(position, route_budget=1)   # the path model does not route the rule
    assert cut.total <= expected <= cut.bound, why
    for each in (run, cut):
        boards.assert_brute_force_routes(position, each, bruteforce.hook_routes, why)
        checked = check_run(position, [(r.train, r.visited, r.chains) for r in each.routes])
        assert checked.violations == [] and checked.total == each.total, why


EXPRESS_TRAINS = ["4X", "5X", "6X"]   # 18GB's express trains (docs/rules/common.md §9.9)


@st.composite
def express_cases(draw):
    """A cut 18GB board as ``hex_once_cases``, run by one or two of its express trains
    (each with a plus train now and then): each route of an X train earns $10 a hex as the
    crow flies between its first and last city or off-board (``end_distance``,
    docs/rules/common.md §9.9), so a longer route may beat a richer one."""
    data = draw(hex_once_cases())
    trains = draw(st.lists(st.sampled_from(EXPRESS_TRAINS), min_size=1, max_size=2))
    if draw(st.booleans()):
        trains.append(draw(st.sampled_from(PLUS_TRAINS[:2])))
    data["trains"] = [{"id": f"{n}-{k}", "name": n} for k, n in enumerate(trains)]
    return data


@boards.examples(100)
@given(express_cases())
def test_solver_matches_brute_force_with_the_express_distance_bonus(data):
    position = read_position(data)
    assume(not answers.runs_not_modelled(position))
    expected, picks = bruteforce.best_run(position, hooks=True)
    run = solve(position)
    earned = [b["value"] for r in run.routes for b in r.bonuses if b["name"] == "X"]
    event(f"the best run earns an express distance bonus: {bool(earned)}")
    why = (data["fixture"], data["action"], data["entity"], data["trains"], expected, picks,
           [(r.train, r.visited, r.revenue, r.bonuses) for r in run.routes])
    assert run.status == "optimal" and run.total == expected, why
    # without the bonus the best run is less by at most what the bonus earns in it
    plain = bruteforce.best_run(_without_end_distance(position), hooks=True)[0]
    assert plain <= expected, why
    event(f"the bonus changes the best total: {plain + sum(earned) != expected}")
    cut = solve(position, route_budget=1)   # the path model does not route the bonus
    assert cut.total <= expected <= cut.bound, why
    for each in (run, cut):
        boards.assert_brute_force_routes(position, each, bruteforce.hook_routes, why)
        checked = check_run(position, [(r.train, r.visited, r.chains) for r in each.routes])
        assert checked.violations == [] and checked.total == each.total, why


def _without_end_distance(position):
    """``position`` on 18GB's title without its ``end_distance`` entry."""
    bonuses = tuple(b for b in position.title.bonuses if b["family"] != "end_distance")
    return replace(position, title=replace(position.title, bonuses=bonuses))


@st.composite
def routes_with_pairs(draw):
    """One route's stops (values, stations) and one or two pair bonuses over them, each
    (first, second, amount, min_second)."""
    n = draw(st.integers(2, 9))
    values = draw(st.lists(st.sampled_from([0, 10, 20, 30, 50]), min_size=n, max_size=n))
    station = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    station[draw(st.integers(0, n - 1))] = True
    part = st.one_of(st.none(), st.sampled_from([0, 10, 40]))
    pairs = [(draw(st.lists(part, min_size=n, max_size=n)),
              draw(st.lists(part, min_size=n, max_size=n)),
              draw(st.sampled_from([0, 30, 100])), draw(st.sampled_from([1, 1, 2, 3])))
             for _ in range(draw(st.integers(1, 2)))]
    pay_limit = draw(st.one_of(st.none(), st.integers(1, n)))
    return values, station, pairs, pay_limit, draw(st.booleans())


def _combinations_best(values, station, pairs, pay_limit, paid_station) -> int:
    """The best worth over every set of min(k, n) stops (a station among them where the
    train's paid stops need one): an exhaustive statement of the rule."""
    n = len(values)
    size = n if not pay_limit else min(pay_limit, n)
    best = 0
    for combo in itertools.combinations(range(n), size):
        if paid_station and pay_limit and not any(station[j] for j in combo):
            continue
        worth = sum(values[j] for j in combo)
        for first, second, amount, need in pairs:
            a = [first[j] for j in combo if first[j] is not None]
            b = [second[j] for j in combo if second[j] is not None]
            if a and len(b) >= need:
                worth += amount + max(a) + max(b)
        best = max(best, worth)
    return best


@boards.examples(400)
@given(routes_with_pairs())
def test_compiled_pair_pass_and_rule_agree_with_every_combination(case):
    """The compiled pass (``_pairs.pair_gains``) and the rule's statement
    (``trainrun.hooks.rules.best_paid``) give the worth of trying every combination."""
    values, station, pairs, k, paid_station = case
    expected = _combinations_best(values, station, pairs, k, paid_station)
    use_station = station if paid_station and k else None
    paid = best_paid(values, [(-v, j) for j, v in enumerate(values)], k, use_station, pairs)
    worth = sum(v for v, p in zip(values, paid) if p)
    for first, second, amount, need in pairs:
        a = [f for f, p in zip(first, paid) if p and f is not None]
        b = [f for f, p in zip(second, paid) if p and f is not None]
        worth += amount + max(a) + max(b) if a and len(b) >= need else 0
    assert worth == expected, case
    n = len(values)
    arr = np.array([[-1 if x is None else x for x in side] for side in
                    ([p[0] for p in pairs])], dtype=np.int64)
    arr2 = np.array([[-1 if x is None else x for x in side] for side in
                     ([p[1] for p in pairs])], dtype=np.int64)
    gain, _ = pair_gains(np.array([0, n], dtype=np.int32), np.arange(n, dtype=np.int32),
                         np.array(values, dtype=np.int64),
                         np.array(station, dtype=np.uint8), arr, arr2,
                         np.array([p[2] for p in pairs], dtype=np.int64), k or 0,
                         paid_station, np.array([p[3] for p in pairs], dtype=np.int64))
    plain = paid_value(values, k, use_station)
    event(f"the pairs add to the best paid stops' worth: {expected != plain}")
    assert plain + int(gain[0]) == expected, case


@cache
def _sj_lines() -> list[dict]:
    """18SJ's recorded boards on which the state railway holds a token."""
    return [data for path in sorted((DATA / "corpus" / "18SJ").glob("*.jsonl"))
            for data in map(json.loads, path.read_text().splitlines())
            if any("SJ" in t["slots"] for h in data["board"] for t in h.get("tokens", ()))]


def _near_sj(hex_id: str, radius: int) -> set:
    title = load_title("18SJ").title
    seen = {hex_id}
    for _ in range(radius):
        seen = boards.near(title, seen)
    return seen


@st.composite
def electric_cases(draw):
    """A cut 18SJ board on which the state railway (SJ) holds tokens (its laid tiles within
    1-3 hexes of a drawn company's station, as ``cases`` cuts 1846's), with 18SJ's own
    ``bonuses.json``, run by one or two E trains, now and then beside a D or 6 train: each
    stop of an E train on a hex holding the company's token pays again
    (docs/rules/common.md §9.4, ``tokened``), SJ's tokens do not block the E trains
    (``TrainRules.passes``) but block the others. Now and then a free slot of a city near
    the station is given to SJ, so that the city blocks all but the E trains."""
    data = json.loads(json.dumps(draw(st.sampled_from(_sj_lines()))))
    home, company = draw(st.sampled_from([s for s in boards.stations(data, "neutral")
                                          if s[1] != "SJ"]))
    keep = _near_sj(home, draw(st.integers(1, 3)))
    data["board"] = [h for h in data["board"] if h["hex"] in keep or h["tile"] == h["hex"]]
    data["entity"] = company
    if boards.one_in(draw, 2):
        free = [t for h in data["board"] if h["hex"] in keep for t in h.get("tokens", ())
                if None in t["slots"] and company not in t["slots"]]
        if free:
            city = draw(st.sampled_from(free))
            city["slots"] = ["SJ" if s is None else s for s in city["slots"]]
    names = ["E"] * draw(st.integers(1, 2))
    if boards.one_in(draw, 3):
        names.append(draw(st.sampled_from(["D", "6"])))
    data["trains"] = [{"id": f"{n}-{k}", "name": n, "distance": 6 if n == "6" else 999}
                      for k, n in enumerate(names)]
    return data


def _blocks(position, node_id: str) -> bool:
    """Does the city ``node_id`` block the company's trains under the shared rule?"""
    hex_id, index = node_id.rsplit("-", 1)
    return answers.city_blocks(position, hex_id, position.board[hex_id].tile.node(int(index)))


@boards.examples(150)
@given(electric_cases())
def test_solver_matches_brute_force_with_electric_trains(data):
    position = read_position(data)
    expected, picks = bruteforce.best_run(position, hooks=True)
    run = solve(position)
    diesel = json.loads(json.dumps(data))   # the same trains as D trains: no E rule
    for t in diesel["trains"]:
        t["name"] = "D" if t["name"] == "E" else t["name"]
    plain = solve(read_position(diesel)).total
    doubled = any(b["name"] == "E train" for r in run.routes for b in r.bonuses)
    passed = any(_blocks(position, v) for r in run.routes for v in r.visited[1:-1])
    event(f"an E train's stop paid again in the best run: {doubled}")
    event(f"an E train passes a city SJ's token would block: {passed}")
    event(f"the E trains' rules change the best total: {run.total != plain}")
    why = (data["fixture"], data["action"], data["entity"], data["trains"], expected, picks,
           [(r.train, r.visited, r.revenue) for r in run.routes])
    assert run.status == "optimal" and run.total == expected, why
    assert run.total >= plain, why
    cut = solve(position, route_budget=1)   # the path model with the E trains' own rules
    assert cut.total <= expected <= cut.bound, why
    for each in (run, cut):
        boards.assert_brute_force_routes(position, each, bruteforce.hook_routes, why)
        checked = check_run(position, [(r.train, r.visited, r.chains) for r in each.routes])
        assert checked.violations == [] and checked.total == each.total, why
    # without the pairs, which the path model does not route, it routes the E trains with
    # their own passable cities and doubled stops: the optimum, or a bound
    bare = position_of(_sj_without_pairs(), data)
    expected, picks = bruteforce.best_run(bare, hooks=True)
    cut = solve(bare, route_budget=1)
    assert cut.total <= expected <= cut.bound, why
    assert cut.status != "optimal" or cut.total == expected, why
    boards.assert_brute_force_routes(bare, cut, bruteforce.hook_routes, why)


@cache
def _sj_without_pairs() -> Ruleset:
    """18SJ with its bonus families but the pairs."""
    sj = load_title("18SJ")
    return Ruleset(sj.info, replace(sj.title, bonuses=tuple(
        b for b in sj.title.bonuses if b["family"] != "pair")), sj.hook)


@cache
def _estuary_lines() -> list[tuple[dict, str]]:
    """18GB's recorded boards with an estuary tile laid, each with the estuary's hex."""
    out = []
    for path in sorted((DATA / "corpus" / "18GB").glob("*.jsonl")):
        for data in map(json.loads, path.read_text().splitlines()[::2]):
            out += [(data, h["hex"]) for h in data["board"]
                    if h["hex"] in ("I4", "C22") and h["tile"] in ("G32", "G33")]
    return out


@st.composite
def estuary_cases(draw):
    """A cut 18GB board around a laid estuary tile (its laid tiles within 2-3 hexes of I4
    or C22), run by a company with a station there with one to three of its plus trains,
    with 18GB's own ``bonuses.json``: each hex's stops paying once, and a route over the
    estuary tile's dual track earning FT +$40 or S +$30 (``hex_bonus`` with ``track``,
    docs/rules/common.md §9.8), over its other track nothing."""
    data, estuary = draw(st.sampled_from(_estuary_lines()))
    data = json.loads(json.dumps(data))
    keep = _near_gb(estuary, draw(st.integers(2, 3)))
    data["board"] = [h for h in data["board"] if h["hex"] in keep or h["tile"] == h["hex"]]
    owners = [s for s in boards.stations(data, "neutral") if s[0] in keep]
    assume(owners)
    data["entity"] = draw(st.sampled_from(owners))[1]
    data.pop("privates", None)
    trains = boards.train_names(draw, PLUS_TRAINS)
    data["trains"] = [{"id": f"{n}-{k}", "name": n} for k, n in enumerate(trains)]
    return data


@boards.examples(100)
@given(estuary_cases())
def test_solver_matches_brute_force_over_estuary_track(data):
    position = read_position(data)
    assume(not answers.runs_not_modelled(position))
    expected, picks = bruteforce.best_run(position, hooks=True)
    run = solve(position)
    crossed = any(b["name"] in ("FT", "S") for r in run.routes for b in r.bonuses)
    event(f"a route of the best run crosses the estuary: {crossed}")
    why = (data["fixture"], data["action"], data["entity"], data["trains"], expected, picks,
           [(r.train, r.visited, r.revenue) for r in run.routes])
    assert run.status == "optimal" and run.total == expected, why
    cut = solve(position, route_budget=1)   # the path model does not route each hex once
    assert cut.total <= expected <= cut.bound, why
    for each in (run, cut):
        boards.assert_brute_force_routes(position, each, bruteforce.hook_routes, why)
        checked = check_run(position, [(r.train, r.visited, r.chains) for r in each.routes])
        assert checked.violations == [] and checked.total == each.total, why
        for r, rc in zip(each.routes, checked.routes):
            assert sorted(b["name"] for b in r.bonuses) == sorted(
                b["name"] for b in rc.bonuses), why
