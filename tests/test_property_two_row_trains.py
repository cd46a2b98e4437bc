"""Property tests for trains whose distance has two limited rows: ``solve`` against the
brute force where the second limit matters.

The rule (docs/rules/common.md §4.2; 18xx.games engine ``check_distance`` in
lib/engine/game/base.rb): a 3+3 train's rows are three towns and three cities, off-boards
or towns. The engine fills the row of fewer kinds first, so the train visits at most six
stops, at most three of them cities or off-boards, and pays every stop it visits
(``TrainRules.cap``, read from the rows by ``plugins.defaults.rules_from_distance``).

Boards are cut from the real 1847 AE boards of tests/data/corpus/1847AE: the laid tiles
within 1-3 hexes of a random company's station stay, every other hex shows its printed
tile. The company runs 1-3 trains, each an n+m train (rows of n towns and of m cities,
off-boards or towns, 1 <= n, m <= 3; named after 1847 AE's cards 3+3 to 5+5) or a plain
3, 4 or 5, on 1847 AE's own rules, in half the examples without its coal and local pair
bonuses. The brute force (``bruteforce.best_run(position, hooks=True)``) gives the best
total; ``solve`` from route lists must prove it, and so must the CP-SAT path model alone
(a list cut at one route) where there are no pair bonuses, which it does not route (with
them, a proven bound that holds the best total). Each route must be a brute-force route
with the same revenue, and the independent checker must agree. The
statistics say how often the cap changed the best total: the same board solved with each
n+m train as a plain n+m-stop train earns more.
"""
from __future__ import annotations

import json
from dataclasses import replace
from functools import cache
from pathlib import Path

import boards
import bruteforce
from hypothesis import event, given
from hypothesis import strategies as st

from trainrun import solve
from trainrun.formats.reading import position_of, read_position
from trainrun.registry import Ruleset, load_title
from trainrun.routes.legality import check_run

CORPUS = Path(__file__).parent / "data" / "corpus" / "1847AE"
TOWN, WIDE = ["town"], ["city", "offboard", "town"]


@cache
def _lines() -> list[dict]:
    return [json.loads(line) for path in sorted(CORPUS.glob("*.jsonl"))
            for line in path.read_text().splitlines()]


def _two_rows(towns: int, wide: int) -> list[dict]:
    return [{"nodes": TOWN, "pay": towns, "visit": towns},
            {"nodes": WIDE, "pay": wide, "visit": wide}]


@cache
def _ruleset(bonuses: bool) -> Ruleset:
    ruleset = load_title("1847 AE")
    if bonuses:
        return ruleset
    return Ruleset(ruleset.info, replace(ruleset.title, bonuses=()), ruleset.hook)


@st.composite
def trains(draw) -> list[dict]:
    out = []
    for k in range(draw(st.integers(1, 3))):
        name = draw(st.sampled_from(["3", "4", "5", "3+3", "4+4", "5+5"]))
        if "+" in name:
            n, m = draw(st.integers(1, 3)), draw(st.integers(1, 3))
            out.append({"id": f"t{k}", "name": name, "distance": _two_rows(n, m)})
        else:
            out.append({"id": f"t{k}", "name": name, "distance": int(name)})
    return out


@st.composite
def cases(draw):
    data = json.loads(json.dumps(draw(st.sampled_from(_lines()))))
    home, company = draw(st.sampled_from(boards.stations(data, "neutral")))
    title = read_position(data).title
    keep = {home}
    for _ in range(draw(st.integers(1, 3))):
        keep = boards.near(title, keep)
    data["board"] = [h for h in data["board"] if h["hex"] in keep or h["tile"] == h["hex"]]
    data["entity"] = company
    data["trains"] = draw(trains())
    for key in ("declared", "reference_router"):
        data.pop(key, None)
    return data, draw(st.booleans())


def _uncapped(data: dict) -> dict:
    """The same board with each n+m train a plain n+m-stop train."""
    out = json.loads(json.dumps(data))
    for t in out["trains"]:
        if isinstance(t["distance"], list):
            t["distance"] = sum(row["visit"] for row in t["distance"])
    return out


@boards.examples(150)
@given(cases())
def test_solver_matches_brute_force_on_two_row_trains(case):
    data, bonuses = case
    position = position_of(_ruleset(bonuses), data)
    expected, picks = bruteforce.best_run(position, hooks=True)
    for budget in (None, 1):
        run = solve(position) if budget is None else solve(position, route_budget=budget)
        why = (data["fixture"], data["action"], data["entity"], data["trains"], bonuses,
               budget, expected, picks, [(r.train, r.visited, r.revenue) for r in run.routes])
        if budget is None:
            boards.note_run(run)
            uncapped = solve(position_of(_ruleset(bonuses), _uncapped(data))).total
            event(f"the cap changes the best total: {uncapped > run.total}")
            assert uncapped >= run.total, why      # lifting a limit never earns less
        if budget is None or not bonuses:
            assert run.status == "optimal", why
            assert run.total == expected, why
        else:
            assert run.total <= expected <= run.bound, why
        boards.assert_brute_force_routes(position, run, bruteforce.hook_routes, why)
        checked = check_run(position, [(r.train, r.visited, r.chains) for r in run.routes])
        assert checked.violations == [], why
        assert checked.total == run.total, why
