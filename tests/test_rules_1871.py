"""1871 rules on hand-built positions of the real map (docs/rules/1871.md).

Each board lays a few tiles on the printed map; every expected total is worked out by
hand beside the test and cross-checked with the brute force (``tests/bruteforce.py``,
hooks mode), ``solve`` and the independent checker (``trainrun.routes.legality``).

The sea line (H trains): Malpeque Shipyard G11 is a gray city (20 to green, 60 from
brown) holding the neutral token ``N``; its track leaves by G11 e4 through the blue hexes
H10 (e1-e2), G9 (e5-e4) and H8 (e1-e3) to the off-board England H6 (60 to green, 70 from
brown). A #5 city (20) laid in G13 at rotation 2 joins G11 by G13 e3. So the route
G13-G11-H6 crosses G13|G11, G11|H10, H10|G9, G9|H8 and H8|H6: five hex edges, three of
them between sea hexes, and touches six hexes.

The plus line: a PEIR token sits in Charlottetown L16 (city 20), the home of company C
(the PEIR starts in the homes of the five companies drawn neither Mainline nor Shortline,
docs/rules/1871.md §4.1). Laid: N20 Belfast #5 (rotation 3, city 20), N18 #8 (rotation 0), K17 #8
(rotation 4), K19 Cornwall PEI2 (rotation 0, city 20, green plain city), J20 Eliot River
#3 (rotation 4, town 10). With the printed gray towns M17 Stratford and K21 North River
(10 each) the track is the line

    N20 -- N18 -- M17 -- L16 -- K17 -- K19 -- K21 -- J20      (and K19 -- J20 directly)

whose stops are N20 (20), M17 (10), L16 (20), K19 (20), K21 (10), J20 (10): 90 in all.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from trainrun import read_position, solve
from trainrun.cli.main import main
from trainrun.errors import InputError
from trainrun.registry import load_title
from trainrun.routes.legality import check_route
from trainrun.turn.purchase import position_after_purchase, solve_buying_next_train

sys.path.insert(0, str(Path(__file__).parent))
import bruteforce  # noqa: E402
from service_client import json_client

SEA_LINE = [("G13", "5", 2)]
PLUS_LINE = [("N20", "5", 3), ("N18", "8", 0), ("K17", "8", 4), ("K19", "PEI2", 0),
             ("J20", "3", 4)]
SUMMERSIDE = [("E15", "8", 2), ("G15", "58", 0)]
SUMMERSIDE_TOKENS = [("D14", "MS"), ("F14", "PEIR")]
PEIR_L16 = [("L16", "PEIR")]


def _pos(phase, company, trains, tiles, tokens=(), **extra) -> dict:
    return {"title": "1871", "phase": phase, "company": company,
            "trains": [{"id": f"{n}-{k}", "name": n} for k, n in enumerate(trains)],
            "tiles": [{"hex": h, "tile": t, "rotation": r} for h, t, r in tiles],
            "tokens": [{"hex": h, "city": 0, "company": c} for h, c in tokens], **extra}


def _best(data) -> tuple[int, list]:
    """solve's proven total (checked against the brute force) and its routes."""
    position = read_position(data)
    run = solve(position)
    assert run.status == "optimal"
    assert bruteforce.best_run_total(position, hooks=True) == run.total
    for r in run.routes:
        rc = check_route(position, r.train, r.visited, r.chains)
        assert rc.violations == [] and rc.revenue == r.revenue, (r.visited, rc.violations)
    return run.total, [sorted((r.visited[0], r.visited[-1])) + [len(r.visited)]
                       for r in run.routes]


def _chains(position, train, visited):
    """The chains of a route as solve finds them for ``train`` (to hand to the checker)."""
    run = solve(position)
    for r in run.routes:
        if r.visited in (visited, visited[::-1]):
            return r.visited, r.chains
    raise AssertionError(f"no route {visited}")


def test_title_aliases():
    assert load_title("1871").info.name == "The Old Prince 1871"
    assert load_title("The Old Prince 1871") is not None


def test_only_the_neutral_token_is_printed():
    # The setup tokens (PEIR, Mainline, Shortline homes) depend on the draw
    # (docs/rules/1871.md §7), so a position lists them; only G11's neutral token is on the map
    # itself.
    title = load_title("1871").title
    printed = {h: mh.printed_tokens for h, mh in title.hexes.items() if mh.printed_tokens}
    assert list(printed) == ["G11"] and printed["G11"][0]["slots"] == ["N"]


# ----------------------------------------------------------- H trains (docs/rules/1871.md §2.1)

def test_h_train_through_sea_hexes_at_its_exact_limit():
    # 5H: G13-G11-H6 crosses 5 edges (sea hexes count: a 6H crosses six and so reaches seven
    # hexes, docs/rules/1871.md §2.1); phase 5H is green: G13 20 + G11 20 (no green value:
    # yellow 20, docs/rules/1871.md §3) + H6 60 (yellow, no green value) = 100. G11's neutral
    # token does not block the pass (docs/rules/1871.md §4.2).
    total, routes = _best(_pos("5H", "S", ["5H"], SEA_LINE, [("G13", "S")]))
    assert total == 100
    assert routes == [["G13-0", "H6-0", 3]]


def test_h_train_one_edge_over_its_limit():
    # 4H: the same route is 5 edges > 4. What is left: G13-G11 (1 edge) = 20 + 20 = 40.
    total, routes = _best(_pos("5H", "S", ["4H"], SEA_LINE, [("G13", "S")]))
    assert total == 40
    assert routes == [["G11-0", "G13-0", 2]]


def test_checker_counts_sea_edges_for_an_h_train():
    # The 5H's route handed to the checker as a 4H's: 5 hex edges, over the limit of 4.
    data = _pos("5H", "S", ["5H", "4H"], SEA_LINE, [("G13", "S")])
    position = read_position(data)
    visited, chains = _chains(position, "5H-0", ["G13-0", "G11-0", "H6-0"])
    assert check_route(position, "5H-0", visited, chains).violations == []
    bad = check_route(position, "4H-1", visited, chains).violations
    assert len(bad) == 1 and bad[0].endswith("crosses 5 hex edges (its limit is 4)")


def test_h_train_scores_towns_and_counts_their_hexes():
    # Plus line, PEIR, 3H: L16-K17-K19-J20 crosses 3 edges: 20 + 20 + 10 = 50. Reaching
    # M17 as well (L16|M17) would be a fourth edge.
    total, _ = _best(_pos("3+", "PEIR", ["3H"], PLUS_LINE, PEIR_L16))
    assert total == 50


def test_6h_on_the_plus_line():
    # 6H: J20-K19-L16-M17-N20 crosses J20|K19, K19|K17, K17|L16, L16|M17, M17|N18, N18|N20:
    # 6 edges, 10 + 20 + 20 + 10 + 20 = 80. Adding K21 (J20|K21, K21|K19) makes 7.
    total, _ = _best(_pos("3+", "PEIR", ["6H"], PLUS_LINE, PEIR_L16))
    assert total == 80


# ----------------------------------------------------------- + trains (docs/rules/1871.md §2.2)

def test_3_plus_with_trailing_towns():
    # 3+: three cities N20, L16, K19, the town M17 between them and the towns K21, J20
    # trailing off K19's end (towns between the cities and trailing off either end,
    # docs/rules/1871.md §2.2); everything scores: 20 + 10 + 20 + 20 + 10 + 10 = 90.
    total, routes = _best(_pos("3+", "PEIR", ["3+"], PLUS_LINE, PEIR_L16))
    assert total == 90
    assert routes == [["J20-0", "N20-0", 6]]


def test_2_plus_takes_two_cities_and_every_town():
    # 2+: two cities. L16 + K19 with M17 trailing at one end, K21 and J20 at the other:
    # 10 + 20 + 20 + 10 + 10 = 70 (N20 + L16 with M17 is only 50).
    total, routes = _best(_pos("3+", "PEIR", ["2+"], PLUS_LINE, PEIR_L16))
    assert total == 70
    assert routes == [["J20-0", "M17-0", 5]]


def test_7_counts_towns_and_d_is_unlimited():
    # 7 (docs/rules/1871.md §2.3): all six stops count, 6 <= 7: 90. D: unlimited, 90.
    assert _best(_pos("7", "PEIR", ["7"], PLUS_LINE, PEIR_L16))[0] == 90
    assert _best(_pos("D", "PEIR", ["D"], PLUS_LINE, PEIR_L16))[0] == 90


def test_plus_route_of_towns_only_is_rejected():
    # Two revenue centres, a city among them for a + train (docs/rules/1871.md §2.4): K21-J20
    # (two towns) is not a route; under the engine's token rule the station a route needs is a
    # city, which is how the rule is enforced.
    data = _pos("3+", "PEIR", ["3+"], PLUS_LINE, PEIR_L16)
    position = read_position(data)
    chains = [{"left": "J20-0", "right": "K21-0",
               "paths": [{"hex": "J20", "a": "n0", "b": "e5"},
                         {"hex": "K21", "a": "e2", "b": "n0"}]}]
    rc = check_route(position, "3+-0", ["J20-0", "K21-0"], chains)
    assert rc.violations == ["no station of PEIR on the route"]
    towns = {"J20-0", "K21-0", "M17-0"}
    rules = bruteforce.HookRules(position)
    scorer = rules.train(position.trains[0])
    legal = bruteforce.hook_routes(position, position.trains[0])
    assert legal and all(not set(v) <= towns for _, _, v, _ in legal)
    assert scorer.legal(("J20-0", "K21-0"), frozenset(), (), frozenset()) is False


# ----------------------------------------------------------- the PEIR (docs/rules/1871.md §4.1)

def test_peir_runs_from_its_token_in_another_company_s_home():
    # A PEIR token in Summerside F14 (home of company S). E15 #8 joins F14 to
    # Wellington D14 (20, MS token there); G15 #58 puts a town (10) beyond F14. PEIR 3H:
    # D14-F14-G15 crosses 3 edges: 20 + 20 + 10 = 50.
    total, routes = _best(_pos("3H", "PEIR", ["3H"], SUMMERSIDE, SUMMERSIDE_TOKENS))
    assert total == 50
    assert routes == [["D14-0", "G15-0", 3]]


def test_peir_token_blocks_other_companies():
    # The same board run by MS (token D14): F14's one slot holds the PEIR token, so MS may end
    # there (D14-F14 = 40) but not pass on to G15 (docs/rules/1871.md §4.1,
    # docs/rules/common.md §3.6).
    total, routes = _best(_pos("3H", "MS", ["3H"], SUMMERSIDE, SUMMERSIDE_TOKENS))
    assert total == 40
    assert routes == [["D14-0", "F14-0", 2]]


# --------------------------------------------------- off-board values (docs/rules/1871.md §3)

@pytest.mark.parametrize("phase, expected", [
    ("3H", 100),   # yellow: 20 + 20 + 60
    ("6H", 100),   # green: no green values on G11 and H6, so yellow again
    ("4+", 150),   # brown: 20 + 60 + 70 (the 6H still runs in this what-if position)
])
def test_off_board_value_falls_back_to_the_nearest_earlier_colour(phase, expected):
    total, _ = _best(_pos(phase, "S", ["6H"], SEA_LINE, [("G13", "S")]))
    assert total == expected


# ------------------------------------------------------------ Hunslet (docs/rules/1871.md §5)

def test_hunslet_buys_the_phase_train_by_default():
    # Phase 5H, nothing said about the depot: the next train is a 5H (the phase's train).
    # Without: the 4H runs G13-G11 = 40. With a 5H: G13-G11-H6 = 100 for the 5H, and the
    # 4H cannot share the G13|G11 side, so 100.
    position = read_position(_pos("5H", "S", ["4H"], SEA_LINE, [("G13", "S")]))
    both = solve_buying_next_train(position)
    assert (both.train, both.phase, both.rusted) == ("5H", "5H", [])
    assert (both.without.total, both.with_train.total, both.gain) == (40, 100, 60)
    assert both.without.status == both.with_train.status == "optimal"


def test_hunslet_buying_a_phase_changing_train():
    # Phase 3+, the depot's next train is the 4+ (title_state.next_train): buying it starts
    # phase 4+ (brown) and rusts the 6H (trains table: 4+ scraps 6H). Without: the 6H runs
    # G13-G11-H6 = 20 + 20 + 60 = 100. With: the 4+ alone, brown values: 20 + 60 + 70 = 150.
    data = _pos("3+", "S", ["6H"], SEA_LINE, [("G13", "S")], title_state={"next_train": "4+"})
    both = solve_buying_next_train(read_position(data))
    assert (both.train, both.phase, both.rusted) == ("4+", "4+", ["6H-0"])
    assert (both.without.total, both.with_train.total) == (100, 150)
    assert [r.train for r in both.with_train.routes] == ["4+-bank"]


def test_hunslet_purchase_over_the_new_train_limit_discards_the_least_useful():
    # Phase 6H (limit 4), S holds 5H, 5H, 6H; the next train is the 2+: it starts phase 2+
    # (limit 3, trains table) and rusts only 4Hs, so S holds four trains and discards one
    # (its choice). Every route on the sea line uses the side G13|G11, so one train runs:
    # a 5H or 6H on G13-G11-H6 = 20 + 20 + 60 = 100 (the 2+ reaches two of those three
    # stops: at most 80); whichever train goes, the best is 100.
    data = _pos("6H", "S", ["5H", "5H", "6H"], SEA_LINE, [("G13", "S")],
                title_state={"next_train": "2+"})
    both = solve_buying_next_train(read_position(data))
    assert (both.train, both.phase, both.rusted) == ("2+", "2+", [])
    assert len(both.discarded) == 1 and len(both.with_train.routes) == 1
    assert (both.without.total, both.with_train.total) == (100, 100)
    assert both.with_train.status == "optimal"


@pytest.mark.parametrize("phase, company, trains, field", [
    ("5H", "PEIR", ["4H"], "company"),            # the PEIR may not buy the Hunslet
    ("3H", "S", ["3H"], "phase"),                 # the Hunslet is buyable from phase 4H
    ("5H", "S", ["4H", "4H", "5H", "5H"], "trains"),   # train limit 4 in phase 5H
])
def test_hunslet_refused(phase, company, trains, field):
    position = read_position(_pos(phase, company, trains, SEA_LINE, [("G13", "S")]))
    with pytest.raises(InputError) as err:
        position_after_purchase(position)
    assert str(err.value).startswith(field)


def test_cli_buy_next_train(tmp_path):
    path = tmp_path / "p.json"
    path.write_text(json.dumps(_pos("5H", "S", ["4H"], SEA_LINE, [("G13", "S")])))
    out = CliRunner().invoke(main, ["solve", "--buy-next-train", str(path)])
    assert out.exit_code == 0, out.output
    assert "Total $40" in out.output and "Total $100" in out.output
    assert "changes the run by +$60" in out.output
    out = CliRunner().invoke(main, ["solve", "--buy-next-train", "--json", str(path)])
    result = json.loads(out.output)
    assert (result["without"]["total"], result["with_train"]["total"]) == (40, 100)


def test_service_buy_next_train():
    client = json_client()
    data = _pos("5H", "S", ["4H"], SEA_LINE, [("G13", "S")])
    res = client.post("/solve?buy_next_train=true", content=json.dumps(data))
    assert res.status_code == 200
    body = res.json()
    assert (body["without"]["total"], body["with_train"]["total"], body["gain"]) == (40, 100, 60)
    data["company"] = "PEIR"
    res = client.post("/solve?buy_next_train=true", content=json.dumps(data))
    assert res.status_code == 400
    assert res.json()["error"] == "company: the PEIR may not buy the Hunslet"
