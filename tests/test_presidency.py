"""Presidency ties broken by seat order (docs/rules/common.md §10, trainrun.hooks.presidency)
and the seat order through a game (docs/rules/common.md §10, trainrun.hooks.seats; 1871's:
docs/rules/1871.md §9)."""
from pathlib import Path

import pytest

from trainrun.hooks.presidency import nearest_after, seat_distance
from trainrun.hooks.seats import Seats
from trainrun.plugins.g1871.seats import order_after_auction
from trainrun.plugins.g1871.shares import UNION_BANK, Holdings
from trainrun.replay.gamelog import read_game, replay

DATA = Path(__file__).parent / "data"


def test_seat_distance_goes_round_the_table():
    seats = ["A", "B", "C", "D"]
    # engine share_pool.rb distance: b - a, or b - (a - size) past the last seat
    assert [seat_distance(seats, "C", p) for p in seats] == [2, 3, 4, 1]
    assert seat_distance(seats, None, "B") == 0 == seat_distance(seats, "E", "B")


def test_the_tie_goes_to_the_nearest_after_the_previous_president():
    # B sells its presidency; C and A hold the most: C sits one after B, A three
    assert nearest_after(["A", "B", "C", "D"], "B", ["A", "C"]) == "C"
    # D's: A is one seat after D (round the table), C three
    assert nearest_after(["A", "B", "C", "D"], "D", ["C", "A"]) == "A"
    # as near (no previous president): the first candidate, as the engine's min_by
    assert nearest_after(["A", "B", "C", "D"], None, ["C", "A"]) == "C"


def test_the_union_bank_loses_every_tie():
    # 1871: player_distance_for_president gives the Union Bank players + 1
    assert nearest_after(["A", "B", "C"], "A", [UNION_BANK, "C"], last=(UNION_BANK,)) == "C"
    holdings = Holdings({"So": 50}, ["A", "B", "C"])
    for holder, percent in ((UNION_BANK, 20), ("B", 20), ("C", 30)):
        holdings.move("So", holder, percent, may_change_president=False)
    holdings.president["So"] = "C"
    holdings.move("So", "C", -20)   # C sells 20%: the Union Bank and B hold the most, 20%
    assert holdings.president["So"] == "B"


def test_a_stock_round_leaves_the_order_its_players_passed_in():
    seats = Seats(["A", "B", "C", "D"], "first_to_pass")
    seats.seated(["A", "B", "C", "D"])
    # A buys (turn over unlogged), B passes, C is skipped (D acts next), D buys and passes:
    # B, C are out first; A passes next time round, D's pass after its buy takes it out;
    # then B, C pass again (already in), D passes: B, C, A, D
    for player, kind in (("A", "buy_shares"), ("B", "pass"), ("D", "buy_shares"),
                         ("D", "pass"), ("A", "pass"), ("B", "pass"), ("C", "pass"),
                         ("D", "pass")):
        seats.stock_action(player, kind)
    seats.stock_round_over()
    assert seats.order == ["B", "C", "A", "D"]


def test_the_1871_auction_leaves_the_least_cash_first():
    order = order_after_auction(["A", "B", "C", "D"], {"A": 175, "B": 50, "C": 50, "D": 15})
    assert order == ["D", "B", "C", "A"]   # B before C: the tie keeps the order


# The seat order of 1871_game_end_final_phase after the auction (at 75) and each stock round,
# as the 18xx.games engine (G1871 reorder_players) holds it when that game is played to
# that action (or the first standing after it)
ENGINE_ORDER = {76: [12729, 13748, 3574], 124: [13748, 12729, 3574],
                177: [12729, 3574, 13748], 256: [13748, 12729, 3574],
                370: [3574, 12729, 13748], 499: [12729, 13748, 3574],
                676: [12729, 3574, 13748]}


@pytest.mark.parametrize("at,order", sorted(ENGINE_ORDER.items()))
def test_1871_seat_order_through_a_game_is_the_engines(at, order):
    path = DATA / "fixtures" / "1871" / "1871_game_end_final_phase.json"
    for action, state in replay(read_game(path.read_text(), path.name)):
        if action["id"] >= at:
            assert state.state.seat_order == tuple(order)
            return
    raise AssertionError(f"no action {at}")
