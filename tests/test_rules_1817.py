"""1817's own rules on small hand-built boards of the real map (docs/rules/1817.md).

The southern line used by most tests (yellow tiles, every city a #6 worth 20 in
every phase, docs/rules/1817.md §3):

    J7 Atlanta (off-board 30/50/60/80) -- I8 (#9) -- H9-0 Charleston (#6)
         -- H11 (#9) -- H13 (#7) -- I12-0 Blacksburg (#6)

H11, H13 and I8 are mountain hexes where a coal mine may lie (docs/rules/1817.md §5.1), and
Charleston may hold a bridge. A-and-S (``A&S``) has its token in Charleston.

New York's loop (yellow E22: two cities of 40, docs/rules/1817.md §3):

    E22-0 -- F21 (#8) -- F19-0 Philadelphia (#5, 20) -- E20 (#9) -- D21 (#8)
         -- D23 (#7) -- E22-1
"""
import pytest
from test_rules import routes  # every legal route of the first train, with values

from trainrun import solve
from trainrun.errors import InputError
from trainrun.formats.reading import position_of
from trainrun.registry import load_title
from trainrun.routes.legality import check_route

SOUTH = [
    {"hex": "I8", "tile": "9", "rotation": 0},     # edges 0 (J7) and 3 (H9)
    {"hex": "H9", "tile": "6", "rotation": 4},     # edges 4 (H11) and 0 (I8)
    {"hex": "H11", "tile": "9", "rotation": 1},    # edges 1 (H9) and 4 (H13)
    {"hex": "H13", "tile": "7", "rotation": 0},    # edges 0 (I12) and 1 (H11)
    {"hex": "I12", "tile": "6", "rotation": 1},    # edges 1 (I10, empty) and 3 (H13)
]
NY_LOOP = [
    {"hex": "F21", "tile": "8", "rotation": 1},    # edges 1 (F19) and 3 (E22)
    {"hex": "F19", "tile": "5", "rotation": 3},    # edges 3 (E20) and 4 (F21)
    {"hex": "E20", "tile": "9", "rotation": 0},    # edges 0 (F19) and 3 (D21)
    {"hex": "D21", "tile": "8", "rotation": 4},    # edges 4 (D23) and 0 (E20)
    {"hex": "D23", "tile": "7", "rotation": 0},    # edges 0 (E22) and 1 (D21)
]
CHARLESTON = [{"hex": "H9", "company": "A&S"}]


@pytest.fixture(scope="module")
def g1817():
    return load_title("1817")


def position(ruleset, trains, tiles=SOUTH, tokens=CHARLESTON, markers=(), phase="2",
             **extra):
    return position_of(ruleset, {"title": "1817", "phase": phase, "company": "A&S",
                             "trains": trains, "tiles": tiles, "tokens": tokens,
                             "markers": [{"hex": h, "marker": m} for h, m in markers],
                             **extra})


def _checked(pos, run):
    """Each solved route re-scores the same under the independent checker."""
    for r in run.routes:
        rc = check_route(pos, r.train, r.visited, r.chains)
        assert rc.violations == [] and rc.revenue == r.revenue
    return run


def test_plain_line_without_markers(g1817):
    # 2-train, phase 2 (yellow): H9 20 + I12 20 = 40, or H9 20 + Atlanta 30 = 50
    found = routes(position(g1817, ["2"]))
    assert found == {("H9-0", "I12-0"): 40, ("H9-0", "J7-0"): 50}


def test_a_mine_passed_through(g1817):
    # a mine on H11: H9 -- I12 passes through it: 20 + 20 + 10 = 50 (docs/rules/1817.md §5.1)
    pos = position(g1817, ["2"], markers=[("H11", "mine")])
    assert routes(pos)[("H9-0", "I12-0")] == 50
    run = _checked(pos, solve(pos))
    assert run.total == 50   # ties with H9 -- J7 (20 + 30)


def test_two_mines_on_one_route_stack(g1817):
    # mines on H11 and H13: 20 + 20 + 10 + 10 = 60 > H9 -- J7 50 (docs/rules/1817.md §5.1: they
    # add up)
    pos = position(g1817, ["2"], markers=[("H11", "mine"), ("H13", "mine")])
    run = _checked(pos, solve(pos))
    assert run.total == 60
    assert sorted(run.routes[0].visited) == ["H9-0", "I12-0"]
    assert sorted(b["where"] for b in run.routes[0].bonuses) == ["H11", "H13"]


def test_a_mine_pays_each_route_through_it_but_its_track_is_used_once(g1817):
    # mines on H11 and I8, two 2-trains: H9 -- I12 through H11 (20 + 20 + 10 = 50) and
    # H9 -- J7 through I8 (20 + 30 + 10 = 60) share only the Charleston stop: 110
    pos = position(g1817, ["2", "2"], markers=[("H11", "mine"), ("I8", "mine")])
    run = _checked(pos, solve(pos))
    assert run.total == 50 + 60
    assert sorted(r.revenue for r in run.routes) == [50, 60]


def test_a_route_cannot_start_or_end_at_a_mine(g1817):
    # a mine hex has no stop, so no route ends there; a mine marker on a city is refused
    found = routes(position(g1817, ["2"], markers=[("H11", "mine")]))
    assert all(not stop.startswith("H11") for route in found for stop in route)
    with pytest.raises(InputError, match="hex H9.*coal mine"):
        solve(position(g1817, ["2"], markers=[("H9", "mine")]))


def test_a_bridged_stop(g1817):
    # a bridge in Charleston: +10 for the stop at H9 (docs/rules/1817.md §5.3): H9 30 + I12 20 =
    # 50, H9 30 + Atlanta 30 = 60
    pos = position(g1817, ["2"], markers=[("H9", "bridge")])
    assert routes(pos) == {("H9-0", "I12-0"): 50, ("H9-0", "J7-0"): 60}
    assert _checked(pos, solve(pos)).total == 60


def test_a_bridge_helps_a_company_without_a_token_there(g1817):
    # GT-like company with its token in Blacksburg: I12 20 + H9 20 + 10 = 50
    pos = position_of(g1817, {"title": "1817", "phase": "2", "company": "GT", "trains": ["2"],
                          "tiles": SOUTH, "tokens": [{"hex": "I12", "company": "GT"}],
                          "markers": [{"hex": "H9", "marker": "bridge"}]})
    assert routes(pos) == {("H9-0", "I12-0"): 50}


def test_bridges_only_on_the_three_river_cities(g1817):
    with pytest.raises(InputError, match="hex I12.*bridge"):
        solve(position(g1817, ["2"], markers=[("I12", "bridge")]))


def test_bridge_and_mines_together(g1817):
    # 4-train over the whole line, phase 5 (brown: Atlanta 60), bridge on H9, mines on
    # I8, H11, H13: I12 20 + H9 20 + 10 + J7 60 + 3 x 10 = 140
    pos = position(g1817, ["4"], phase="5",
                   markers=[("H9", "bridge"), ("I8", "mine"), ("H11", "mine"),
                            ("H13", "mine")])
    run = _checked(pos, solve(pos))
    assert run.total == 140


@pytest.mark.parametrize("phase, atlanta", [("2", 30), ("3", 50), ("5", 60), ("8", 80)])
def test_off_board_values_by_phase(g1817, phase, atlanta):
    # Atlanta 30/50/60/80 (docs/rules/1817.md §3) + Charleston 20
    found = routes(position(g1817, ["2"], phase=phase))
    assert found[("H9-0", "J7-0")] == 20 + atlanta


def test_toronto_and_cleveland_values(g1817):
    # Toronto B13: town 20/30/40, no gray value, so 40 in phase 8 (docs/rules/common.md §5.1,
    # docs/rules/1817.md §3); Cleveland D9: gray city 30/40/50/60.
    title = g1817.title
    toronto = title.hexes["B13"].printed.node(0)
    cleveland = title.hexes["D9"].printed.node(0)
    assert toronto.kind == "town"
    assert [toronto.value_in(title.phases[p].colours) for p in ("2", "3", "5", "8")] \
        == [20, 30, 40, 40]
    assert [cleveland.value_in(title.phases[p].colours) for p in ("2", "3", "5", "8")] \
        == [30, 40, 50, 60]


def _ny(ruleset, trains, token_hex, token_city=0):
    return position(ruleset, trains, tiles=NY_LOOP,
                    tokens=[{"hex": token_hex, "city": token_city, "company": "A&S"}])


def test_both_new_york_cities_rejected(g1817):
    # token in Philadelphia; E22-0 -- F19 -- E22-1 is track, but a route may visit only
    # one of New York's cities (docs/rules/1817.md §4.1): a 4-train earns 40 + 20 = 60,
    # not 40 + 20 + 40 = 100
    pos = _ny(g1817, ["4"], "F19")
    found = routes(pos)
    assert all(not {"E22-0", "E22-1"} <= set(route) for route in found)
    assert max(found.values()) == 60
    assert solve(pos).total == 60
    bad = check_route(pos, "4-0", ["E22-0", "F19-0", "E22-1"], _loop_chains())
    assert any("visits both E22-0 and E22-1" in v for v in bad.violations), bad.violations


def test_two_trains_may_each_take_one_new_york_city(g1817):
    # two 2-trains from Philadelphia: E22-0 -- F19 (60) and F19 -- E22-1 (60), no track
    # shared: 120
    run = _checked(_ny(g1817, ["2", "2"], "F19"), solve(_ny(g1817, ["2", "2"], "F19")))
    assert run.total == 120


def _loop_chains():
    return [{"left": "E22-0", "right": "F19-0",
             "paths": [{"hex": "E22", "a": "n0", "b": "e0"}, {"hex": "F21", "a": "e3", "b": "e1"},
                       {"hex": "F19", "a": "e4", "b": "n0"}]},
            {"left": "F19-0", "right": "E22-1",
             "paths": [{"hex": "F19", "a": "n0", "b": "e3"}, {"hex": "E20", "a": "e0", "b": "e3"},
                       {"hex": "D21", "a": "e0", "b": "e4"}, {"hex": "D23", "a": "e1", "b": "e0"},
                       {"hex": "E22", "a": "e3", "b": "n1"}]}]


@pytest.mark.parametrize("train, bonus", [("7", 10), ("8", 20), ("6", 0)])
def test_modern_trains(g1817, train, bonus):
    # phase 7, mines on H11 and H13: H9 20 + I12 20 + 20 = 60; with Modern Trains a 7
    # earns +10 and an 8 +20 for each visited city holding the company's token (H9 and
    # I12 here), a 6 nothing (docs/rules/1817.md §5.4)
    tokens = CHARLESTON + [{"hex": "I12", "company": "A&S"}]
    markers = [("H11", "mine"), ("H13", "mine")]
    plain = position(g1817, [train], tokens=tokens, markers=markers, phase="7")
    modern = position(g1817, [train], tokens=tokens, markers=markers, phase="7",
                      options={"modern_trains": True})
    assert routes(plain)[("H9-0", "I12-0")] == 60
    assert routes(modern)[("H9-0", "I12-0")] == 60 + 2 * bonus
    # the whole line J7 (gray 80) -- H9 -- I12: 80 + 20 + 20 + 2 mines + the token bonuses
    assert _checked(modern, solve(modern)).total == 140 + 2 * bonus


def test_modern_trains_pay_only_tokened_cities(g1817):
    # 8-train, token only in Charleston: I12 20 + H9 20 + 20 (H9 tokened) + 2 mines 20 = 80
    pos = position(g1817, ["8"], markers=[("H11", "mine"), ("H13", "mine")], phase="8",
                   options={"modern_trains": True})
    assert routes(pos)[("H9-0", "I12-0")] == 80


def test_modern_trains_option_must_be_a_flag(g1817):
    with pytest.raises(InputError, match="options.modern_trains"):
        solve(position(g1817, ["7"], phase="7", options={"modern_trains": "yes"}))


def test_mail_contract_is_shown_beside_the_run_not_in_it(g1817):
    # Mail $15 is company income (docs/rules/1817.md §5.5), not run revenue: total stays 50
    pos = position(g1817, ["2"], title_state={"mail_contracts": ["Mail"]})
    run = solve(pos)
    assert run.total == 50
    assert run.company_income == [{"name": "Mail contract", "amount": 15}]
    assert sum(r.revenue for r in run.routes) == run.total


def test_mail_contract_needs_a_train_and_a_known_name(g1817):
    run = solve(position(g1817, [], title_state={"mail_contracts": ["Major Mail"]}))
    assert run.total == 0 and run.company_income == []
    with pytest.raises(InputError, match="title_state.mail_contracts"):
        solve(position(g1817, ["2"], title_state={"mail_contracts": ["Pony Express"]}))


def test_1817_is_installed_and_prints_company_income_apart():
    from trainrun.formats.text import format_run
    from trainrun.registry import installed_titles
    assert "1817" in installed_titles()
    run = solve(position(load_title("1817"), ["2"], title_state={"mail_contracts": ["Mail"]}))
    text = format_run(run)
    assert text.splitlines()[-1] == "Not in the run: Mail contract $15 to the company"
    assert "Total $50 " in text
