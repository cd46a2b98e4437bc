"""18NY rules on hand-built positions of the real map (docs/rules/18ny.md).

Every expected total is worked out by hand beside its test; each position is also
checked against the brute force (``tests/bruteforce.py``, hooks mode) and every route
``solve`` returns against the independent checker.

Boards (own format, laid tiles; every other hex shows its printed tile):

SPRINGFIELD (phase 2H, yellow): E19 Schenectady #57 and E21 Troy #57 (cities 20, exits
    to E17/E21 and E19/E23), E23 #9 straight (E21-E25); E25 is printed red track to
    F26 Springfield (red city, yellow 20). ERIE's station in E21.
TORONTO (phase 2H): D4 Lockport #57 (exits D2, D6), D2 Niagara Falls #6 (exits D4, E1);
    E1 is printed red track to D0 Toronto (red town, yellow 20). ERIE's station in D4.
LINE (phase D, gray values): D12 Syracuse #5 (20) - D14 Rome #6 (20) - E15 Utica #6 (20)
    - E17 #9 - E19 Schenectady #14 (30) - E21 Troy #63 (40) - E23 #9 - E25 - F26
    Springfield (100) - F24 #7 - G25 Hartford (red off-board, 80, arrows); and a branch
    E21 - F22 #9 - G23 #8 - G25. ERIE's stations: D12, D14, E15, E19, E21, so with
    Springfield and Hartford seven stops are eligible for a DE train.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from trainrun import read_position, solve
from trainrun.errors import InputError
from trainrun.routes.legality import check_route, check_run

sys.path.insert(0, str(Path(__file__).parent))
import bruteforce  # noqa: E402

COMPANY = "ERIE"


def _position(phase, trains, tiles, stations, others=(), markers=(), state=None):
    data = {"title": "18NY", "phase": phase, "company": COMPANY,
            "trains": [{"id": f"t{k}", "name": n} for k, n in enumerate(trains)],
            "tiles": [{"hex": h, "tile": t, "rotation": r} for h, t, r in tiles],
            "tokens": [{"hex": h, "city": c, "company": COMPANY} for h, c in stations]
            + [{"hex": h, "city": c, "company": co} for h, c, co in others],
            "markers": [{"hex": h, "marker": "connection_bonus"} for h in markers]}
    if state:
        data["title_state"] = state
    return data


SPRINGFIELD_TILES = [("E19", "57", 1), ("E21", "57", 1), ("E23", "9", 1)]
TORONTO_TILES = [("D4", "57", 1), ("D2", "6", 4)]
LINE_TILES = [("D12", "5", 4), ("D14", "6", 5), ("E15", "6", 2), ("E17", "9", 1),
              ("E19", "14", 0), ("E21", "63", 0), ("E23", "9", 1), ("F24", "7", 4),
              ("F22", "9", 2), ("G23", "8", 2)]
LINE_STATIONS = [("D12", 0), ("D14", 0), ("E15", 0), ("E19", 0), ("E21", 0)]


def _solve_and_check(data: dict, expected: int):
    position = read_position(data)
    assert bruteforce.best_run_total(position, hooks=True) == expected
    run = solve(position)
    assert run.status == "optimal"
    assert run.total == expected
    checked = check_run(position, [(r.train, r.visited, r.chains) for r in run.routes])
    assert checked.violations == []
    assert checked.total == expected
    return run


# ----------------------------------------------------------- H trains (docs/rules/18ny.md §2.1)

def test_h_route_at_its_limit_springfield_counted_as_one_hex():
    """2H Troy E21 -> Springfield F26 crosses E21|E23, E23|E25, E25|F26 = 3 hex sides, but
    E25 with F26 is one hex, so 3 - 1 = 2: exactly a 2H's limit, three consecutive
    hexes (docs/rules/18ny.md §2.1)."""
    position = read_position(_position("2H", ["2H"], SPRINGFIELD_TILES, [("E21", 0)]))
    chains = solve(read_position(_position("2H", ["4H"], SPRINGFIELD_TILES, [("E21", 0)])))
    route = chains.routes[0]   # the 4H runs Schenectady - Troy - Springfield
    assert route.visited[-1] == "F26-0" or route.visited[0] == "F26-0"
    troy_to_springfield = [c for c in route.chains if {c["left"], c["right"]} == {"E21-0",
                                                                                "F26-0"}]
    rc = check_route(position, "t0", ["E21-0", "F26-0"], troy_to_springfield)
    assert rc.violations == []
    assert rc.distance == 2
    assert rc.revenue == 20 + 20


def test_h_route_one_edge_over():
    """2H Schenectady E19 - Troy E21 - Springfield F26: E19|E21 (1) + the 2 above = 3 > 2."""
    position = read_position(_position("2H", ["2H"], SPRINGFIELD_TILES, [("E21", 0)]))
    run = solve(read_position(_position("2H", ["4H"], SPRINGFIELD_TILES, [("E21", 0)])))
    route = run.routes[0]
    rc = check_route(position, "t0", route.visited, route.chains)
    assert rc.distance == 3
    assert any("crosses 4 hex edges" in v and "its limit is 2" in v for v in rc.violations)
    # the 4H may: 20 + 20 + 20 = 60
    assert run.total == 60


def test_two_2h_trains_use_springfield_as_one_hex():
    """Two 2H: Schenectady-Troy (1 edge, 20 + 20) and Troy-Springfield (2 edges counting
    Springfield as one hex, 20 + 20); they share the Troy station, not track: 80. Counting
    E25 as a hex of its own, Troy-Springfield would be 3 edges and the best run only 40."""
    _solve_and_check(_position("2H", ["2H", "2H"], SPRINGFIELD_TILES, [("E21", 0)]), 80)


def test_toronto_counts_as_one_hex():
    """2H Lockport D4 - Niagara Falls D2 - Toronto D0: D4|D2, D2|E1, E1|D0 = 3 sides, E1
    with D0 one hex = 2 edges; every location scores (docs/rules/18ny.md §2.1):
    20 + 20 + 20 = 60."""
    _solve_and_check(_position("2H", ["2H"], TORONTO_TILES, [("D4", 0)]), 60)


# ---------------------------------------------------------- DE trains (docs/rules/18ny.md §2.2)

def test_5de_scores_the_best_5_of_7_eligible_stops_doubled():
    """5DE on LINE: eligible stops (station or red, docs/rules/18ny.md §2.2) Syracuse 20, Rome 20,
    Utica 20, Schenectady 30, Troy 40, Springfield 100, Hartford 80; best five
    100 + 80 + 40 + 30 + 20 = 270, doubled = 540."""
    _solve_and_check(_position("D", ["5DE"], LINE_TILES, LINE_STATIONS), 540)


def test_4de_scores_the_best_4_doubled():
    """4DE on LINE: 100 + 80 + 40 + 30 = 250, doubled = 500."""
    _solve_and_check(_position("D", ["4DE"], LINE_TILES, LINE_STATIONS), 500)


def test_de_untokened_city_scores_nothing():
    """4DE with stations only in Troy E21: Schenectady, Utica, Rome, Syracuse are not
    eligible; Troy 40 + Springfield 100 + Hartford 80 = 220, doubled = 440."""
    _solve_and_check(_position("D", ["4DE"], LINE_TILES, [("E21", 0)]), 440)


# ----------------------------------------------------------- D trains (docs/rules/18ny.md §2.3)

def test_d_train_with_two_red_areas():
    """D on LINE: every location, 20 + 20 + 20 + 30 + 40 + 100 + 80 = 310, plus $100 for
    each red area (Springfield, Hartford; docs/rules/18ny.md §2.3) = 510."""
    run = _solve_and_check(_position("D", ["D"], LINE_TILES, LINE_STATIONS), 510)
    assert sorted(b["where"] for b in run.routes[0].bonuses) == ["F26-0", "G25-0"]


def test_springfield_blocks_other_companies_once_tokened():
    """docs/rules/18ny.md §4.2: Springfield may be passed through by its owner or while
    untokened. With B&A's token there, a D route may only end in Springfield. Best: Springfield
    - Troy - F22 - G23 - Hartford = 100 + 40 + 80 + 2 x 100 = 420 (Syracuse .. Troy -
    Springfield = 20 + 20 + 20 + 30 + 40 + 100 + 100 = 330; Syracuse .. Troy - branch - Hartford
    = 130 + 80 + 100 = 310), against 510 through Springfield when it is open."""
    _solve_and_check(_position("D", ["D"], LINE_TILES, LINE_STATIONS,
                               others=[("F26", 0, "B&A")]), 420)


def test_springfield_passable_by_its_owner():
    """ERIE's own token in Springfield: passing through is allowed again: 510."""
    _solve_and_check(_position("D", ["D"], LINE_TILES, LINE_STATIONS + [("F26", 0)]), 510)


# -------------------------------------------------------------- bonuses (docs/rules/18ny.md §5)

def test_two_trains_scoring_the_same_bonus_location_count_it_once():
    """Hartford holds an unclaimed connection bonus; D + 5DE on LINE. Best split: the 5DE
    runs Syracuse .. Troy - F22 - G23 - Hartford (eligible 20, 20, 20, 30, 40, 80: best
    five 80 + 40 + 30 + 20 + 20 = 190, x2 = 380), the D runs Troy - Springfield - Hartford
    (40 + 100 + 80 + 2 x 100 = 420). Both score Hartford; the $10 is paid once
    (docs/rules/18ny.md §5.1): 380 + 420 + 10 = 810. (Other splits: 5DE on the Springfield
    line 540 + D on the branch 40 + 80 + 100 = 220 -> 770; D on the whole line 510 + 5DE
    Troy - Hartford by the branch (40 + 80) x 2 = 240 -> 760.)"""
    run = _solve_and_check(_position("D", ["D", "5DE"], LINE_TILES, LINE_STATIONS,
                                     markers=["G25"]), 810)
    assert [b["amount"] for b in run.company_bonuses] == [10]


def test_de_bonus_only_among_scored_stops():
    """A bonus marker on Syracuse D12 (20). A 4DE scores 100, 80, 40, 30 and not Syracuse:
    500, no bonus. A 5DE's fifth stop is one of three 20s and takes the bonus one:
    540 + 10 = 550 (the bonus counts in the choice, docs/rules/18ny.md §2.2)."""
    _solve_and_check(_position("D", ["4DE"], LINE_TILES, LINE_STATIONS, markers=["D12"]), 500)
    _solve_and_check(_position("D", ["5DE"], LINE_TILES, LINE_STATIONS, markers=["D12"]), 550)


def test_held_bonus_and_coal_income_added_once():
    """title_state: $30 of connection tokens and $20 of coal tokens already held
    (docs/rules/18ny.md §5.2): D 510 + 50 = 560."""
    _solve_and_check(_position("D", ["D"], LINE_TILES, LINE_STATIONS,
                               state={"connection_bonus_revenue": 30, "coal_revenue": 20}), 560)


def test_bad_income_names_the_field():
    data = _position("D", ["D"], LINE_TILES, LINE_STATIONS, state={"coal_revenue": "lots"})
    with pytest.raises(InputError, match="title_state.coal_revenue"):
        solve(read_position(data))


# ------------------------------------------------------------- legality (docs/rules/18ny.md §4)

def test_a21_halves_belong_to_montreal_and_burlington():
    """A21's west node is Montreal; a route A19 (Montreal) - B20 - A21-west visits
    Montreal twice (docs/rules/18ny.md §4.3). B20 #7 at rotation 2 joins A19 (edge 2) and
    A21 (edge 3)."""
    position = read_position(_position("D", ["D"], [("B20", "7", 2)], []))
    chain = {"left": "A19-0", "right": "A21-0",
             "paths": [{"hex": "A19", "a": "e5", "b": "n0"}, {"hex": "B20", "a": "e2", "b": "e3"},
                       {"hex": "A21", "a": "e0", "b": "n0"}]}
    rc = check_route(position, "t0", ["A19-0", "A21-0"], [chain])
    assert any("visits both A19-0 and A21-0" in v for v in rc.violations), rc.violations


def test_stagecoach_token_is_a_station():
    """The Stagecoach token sits in Albany's reserved slot as a token of its owner
    (docs/rules/18ny.md §4.4): with it, ERIE runs a 2H Albany F20 - Schenectady E19 (#57 at
    rotation 2: exits D18, F20): 40 + 20 = 60; without it ERIE has no station and earns nothing."""
    tiles = [("E19", "57", 2)]
    _solve_and_check(_position("2H", ["2H"], tiles, [("F20", 1)]), 60)
    _solve_and_check(_position("2H", ["2H"], tiles, []), 0)


# --------------------------------------------------- claiming a bonus (docs/rules/18ny.md §5.3)

def test_claim_a_connection_bonus_with_a_lesser_run():
    """docs/rules/18ny.md §5.3: a company may run for less to claim a connection bonus. A bonus on
    Syracuse D12 (20) and a 4DE on LINE: the best run (Springfield line to Hartford: 100 +
    80 + 40 + 30 = 250, x2 = 500) does not score Syracuse. The best run that does:
    Syracuse .. Troy - Springfield, eligible 20, 20, 20, 30, 40, 100, best four 100 + 40 +
    30 + 20 (the bonus stop first among equal values) = 190, x2 = 380, + 10 = 390
    (by the branch to Hartford: 80 + 40 + 30 + 20 = 170, x2 + 10 = 350)."""
    position = read_position(_position("D", ["4DE"], LINE_TILES, LINE_STATIONS,
                                       markers=["D12"]))
    assert solve(position).total == 500
    run = solve(position, claim=["Syracuse"])
    assert run.status == "optimal"
    assert run.total == 390
    assert [b["name"] for b in run.company_bonuses] == ["connection bonus Syracuse"]
    checked = check_run(position, [(r.train, r.visited, r.chains) for r in run.routes])
    assert checked.violations == [] and checked.total == 390


def test_claim_nothing_can_earn_is_an_input_error():
    position = read_position(_position("D", ["4DE"], LINE_TILES, [("E21", 0)],
                                       markers=["D12"]))
    with pytest.raises(InputError, match="claim: no run earns D12"):
        solve(position, claim=["D12"])
    with pytest.raises(InputError, match="claim: no company bonus 'Ottawa'"):
        solve(position, claim=["Ottawa"])


@pytest.mark.parametrize("folder", ["18NY", "1871"])
def test_an_h_train_runs_a_number_of_hex_edges(folder):
    """One H-train rule for both titles (``defaults.h_train_rules``): a 2H whose distance
    is given as stop rows is refused, naming the train, not read as a stop train."""
    corpus = Path(__file__).parent / "data" / "corpus" / folder
    data = json.loads(next(corpus.glob("*.jsonl")).read_text().splitlines()[0])
    train = next(t for t in data["trains"] if t["name"] == "2H")
    train["distance"] = [{"nodes": ["city", "offboard", "town"], "pay": 2, "visit": 2}]
    with pytest.raises(InputError, match=rf"train {train['id']}: an H train's distance is "
                                         r"a number of hex edges, got \[\{"):
        solve(read_position(data))
