"""The shared follower of share holdings and presidents (``trainrun.replay.shares``) and the
``president`` an imported run position carries (docs/rules/common.md §10)."""
from __future__ import annotations

import glob
import json
from pathlib import Path

import pytest

from trainrun.formats.own_format import OWN_FIELDS
from trainrun.formats.reading import read_position
from trainrun.plugins.g1846.shares import Market
from trainrun.plugins.g1871.replay import Game1871
from trainrun.registry import load_title
from trainrun.replay.gamelog import own_record, position_at, read_game, replay, run_positions
from trainrun.replay.shares import ShareFollower

FIXTURES = Path(__file__).parent / "data" / "fixtures"
SEATS = ["A", "B", "C", "D"]


def _follower(actions: list[dict], title: str = "1830") -> ShareFollower:
    follower = ShareFollower(load_title(title).title, SEATS, actions)
    for action in actions:
        follower.follow(action)
    return follower


def par(player: str, corporation: str) -> dict:
    return {"type": "par", "entity": player, "entity_type": "player",
            "corporation": corporation, "share_price": "100,0,6"}


def buy(player: str, *shares: str, percent: int | None = None) -> dict:
    action = {"type": "buy_shares", "entity": player, "entity_type": "player",
              "shares": list(shares)}
    return action if percent is None else {**action, "percent": percent}


def sell(player: str, *shares: str, percent: int) -> dict:
    return {"type": "sell_shares", "entity": player, "entity_type": "player",
            "shares": list(shares), "percent": percent}


# ---- the engine's rule, by hand (share_pool.rb transfer_shares) -------------------------

def test_par_makes_its_player_president():
    follower = _follower([par("B", "NYC"), buy("C", "NYC_1")])
    assert follower.president_of("NYC") == "B"
    assert follower.held["NYC"] == {"B": 20, "C": 10}


def test_a_player_holding_more_takes_the_presidency():
    # B 20%; C buys three 10% shares: 30% > 20%, C presides
    follower = _follower([par("B", "NYC")] + [buy("C", f"NYC_{i}") for i in (1, 2, 3)])
    assert follower.president_of("NYC") == "C"


def test_a_tie_keeps_the_president():
    # B 20%, C 20%: B holds as much as anyone, B stays
    follower = _follower([par("B", "NYC"), buy("C", "NYC_1"), buy("C", "NYC_2")])
    assert follower.president_of("NYC") == "B"


def test_a_dump_goes_to_the_nearest_after_in_seat_order():
    # A presides with 40%; D and C hold 20% each; A sells 30% (the president's certificate
    # and one more): D and C tie, and after A in seat order (A B C D) comes C first
    actions = [par("A", "NYC"), buy("A", "NYC_1"), buy("A", "NYC_2"), buy("D", "NYC_3"),
               buy("D", "NYC_4"), buy("C", "NYC_5"), buy("C", "NYC_6"),
               sell("A", "NYC_0", "NYC_1", percent=30)]
    follower = _follower(actions)
    assert follower.president_of("NYC") == "C"
    assert follower.held["NYC"] == {"A": 10, "D": 20, "C": 20}
    # the certificates went as the engine moves them: C took the president's, gave its two
    # 10% shares to the market, and A kept one share as change (handle_partial)
    assert follower.certs["NYC"]["C"] == ["NYC_0"]
    assert len(follower.certs["NYC"]["A"]) == 1


@pytest.mark.parametrize("order,president", [("after_last_to_act", "C"),
                                              ("next_clockwise", "C"), ("most_cash", None)])
def test_a_tie_follows_the_title_s_seat_order_or_is_not_guessed(order, president):
    # docs/rules/common.md §10: the dump above; a rotation keeps every seat distance, an
    # order by the players' cash (engine NEXT_SR_PLAYER_ORDER = :most_cash) is not followed
    actions = [par("A", "NYC"), buy("A", "NYC_1"), buy("A", "NYC_2"), buy("D", "NYC_3"),
               buy("D", "NYC_4"), buy("C", "NYC_5"), buy("C", "NYC_6"),
               sell("A", "NYC_0", "NYC_1", percent=30)]
    follower = ShareFollower(load_title("1830").title, SEATS, actions, seat_order=order)
    for action in actions:
        follower.follow(action)
    assert follower.president_of("NYC") == president


def test_a_first_to_pass_order_the_title_never_seats_is_not_known_after_a_stock_round():
    # a first_to_pass title whose replay never says how its first round left the players
    # (ReplayState.seated): the game file's order until an operating round, then none
    follower = ShareFollower(load_title("1830").title, SEATS, [], seat_order="first_to_pass")
    follower.seat(par("A", "NYC"), operating=False)
    assert follower.seats.order == SEATS
    follower.seat({"type": "lay_tile", "entity": "NYC", "entity_type": "corporation"},
                  operating=True)
    assert follower.seats.order is None


def test_shares_the_seller_does_not_hold_stop_following():
    follower = _follower([par("A", "NYC"), sell("B", "NYC_1", percent=10)])
    assert follower.president_of("NYC") is None


def test_a_merger_leaves_its_corporations_unknown_and_the_rest_known():
    merge = {"type": "merge", "entity": "NYC", "entity_type": "corporation",
             "corporation": "PRR"}
    follower = _follower([par("A", "NYC"), par("B", "PRR"), par("C", "B&M"), merge])
    assert (follower.president_of("NYC"), follower.president_of("PRR")) == (None, None)
    assert follower.president_of("B&M") == "C"


def test_a_bankruptcy_leaves_every_corporation_unknown():
    bankrupt = {"type": "bankrupt", "entity": "NYC", "entity_type": "corporation"}
    follower = _follower([par("A", "NYC"), par("C", "B&M"), bankrupt])
    assert follower.president_of("B&M") is None


def test_a_private_exchanged_for_a_share_is_not_guessed():
    # 1830's Mohawk & Hudson exchanged for a NYC share: its owner is not followed
    exchange = {"type": "buy_shares", "entity": "MH", "entity_type": "company",
                "shares": ["NYC_1"], "percent": 10}
    follower = _follower([par("A", "NYC"), exchange])
    assert follower.president_of("NYC") is None


def test_a_share_a_private_gives_is_not_guessed():
    # 1830: the Camden & Amboy comes with a 10% PRR share (privates.json), the B&O private
    # with the B&O president's certificate, which its holder pars
    follower = _follower([par("A", "PRR"), par("B", "B&O")])
    assert follower.president_of("PRR") is None
    assert follower.president_of("B&O") == "B"


def test_a_corporation_never_parred_has_no_president():
    assert _follower([buy("A", "NYC_1")]).president_of("NYC") is None


# ---- recorded games, checked by hand against their logs ----------------------------------

def _presidents(game, company: str) -> dict[int, object]:
    """The president of ``company`` before each of its runs, by action id."""
    return {p.source["action"]: p.source.get("president")
            for p in run_positions(game) if p.company == company}


def test_recorded_1830_game_presidents():
    """1830 game 26855 (players 1627 'Player 1', 82 'Player 2', 117 'Player 3', 330
    'Player 4'): Player 3 pars NYC (action 28) and buys NYC_1, _2, _4, _5 (60%); Player 2
    buys NYC_3 and NYC_7 (20%), Player 4 NYC_6; at action 113 Player 3 sells 50% (keeping
    10%): Player 2, with the most, presides. Player 1 pars ERIE (139), buys four shares
    (60%), Player 3 two (20%); at 332 Player 1 sells 50%: Player 3 presides."""
    game = read_game((FIXTURES / "1830" / "26855.json").read_text())
    nyc = _presidents(game, "NYC")
    assert {nyc[a] for a in nyc if a < 113} == {"Player 3"}
    assert {nyc[a] for a in nyc if a > 113} == {"Player 2"}
    erie = _presidents(game, "ERIE")
    assert {erie[a] for a in erie if a < 332} == {"Player 1"}
    assert {erie[a] for a in erie if a > 332} == {"Player 3"}


def test_recorded_1830_unfollowed_events():
    """1830 game 1830_game_end_bank: the C&A private's PRR share and the M&H exchanged for a
    NYC share (action 193) are not followed; Player 3 (id 15688) parred B&O (action 21)
    and Player 1 (15698) NYNH (22)."""
    game = read_game((FIXTURES / "1830" / "1830_game_end_bank.json").read_text())
    presidents = {p.company: p.source.get("president") for p in run_positions(game)}
    assert presidents["PRR"] is None and presidents["NYC"] is None
    assert presidents["B&O"] == "Player 3" and presidents["NYNH"] == "Player 1"


def test_import_action_in_an_operating_turn_names_the_president():
    game = read_game((FIXTURES / "1830" / "26855.json").read_text())
    lay = next(a["id"] for a in game.actions if a["type"] == "lay_tile"
               and a.get("entity") == "NYC" and a["id"] > 113)
    assert position_at(game, lay).source["president"] == "Player 2"


def test_the_own_format_carries_the_president():
    game = read_game((FIXTURES / "1830" / "26855.json").read_text())
    record = own_record(next(p for p in run_positions(game) if p.company == "NYC"))
    assert record["president"] == "Player 3" and "president" in OWN_FIELDS[""]
    assert read_position(json.loads(json.dumps(record))).company == record["company"]


@pytest.mark.parametrize("path", sorted(glob.glob(str(FIXTURES / "1846" / "*.json"))),
                         ids=lambda p: Path(p).stem)
def test_1846_presidents_agree_with_its_own_share_replay(path):
    """Every run of 1846 where the shared follower names a president, 1846's own share
    replay (plugins/g1846/shares.py) names the same."""
    game = read_game(Path(path).read_text())
    for action, state in replay(game):
        if action["type"] != "run_routes":
            continue
        company = state.operator(action)
        mine = state.shares.president_of(company)
        if mine is not None:
            assert state.state.books(Market).corporations[company].president == mine, \
                (action["id"], company)


def test_1871_positions_name_the_presidents_its_own_share_replay_follows():
    """1871 follows its shares itself (plugins/g1871/shares.py: the Union Bank, splits,
    railroads brought by auction), which the shared follower does not: wherever it names
    a president it agrees, and the positions carry 1871's. In game
    1871_game_end_final_phase Player 3 (id 13748) pars S at action 159 and Player 1
    (12729) C at 224, and neither sells out of its presidency."""
    game = read_game((FIXTURES / "1871" / "1871_game_end_final_phase.json").read_text())
    presidents: dict[str, set] = {}
    for action, state in replay(game):
        if action["type"] != "run_routes":
            continue
        company = state.operator(action)
        theirs = state.state.books(Game1871).president(company)
        assert state.shares.president_of(company) in (None, theirs)
        position = state.position_before(action, company)
        presidents.setdefault(company, set()).add(position.source.get("president"))
    assert presidents["S"] == {"Player 3"} and presidents["C"] == {"Player 1"}


def test_1846_positions_after_a_bankruptcy_name_its_own_share_replays_president():
    """1846_game_end_reason_bankrupt: Player 1 pars NYC (action 9); after its trades
    (11-47) Player 1 and Player 3 hold 20% each, Player 2 10%, Player 1 presiding. GT
    goes bankrupt at 221 (its president, Player 1, goes bankrupt): every share of
    Player 1 goes to the market, and Player 3, with the most, presides NYC. The shared
    follower leaves every corporation unknown from the bankruptcy; 1846's own share
    replay tells the replay its presidents."""
    game = read_game((FIXTURES / "1846" / "1846_game_end_reason_bankrupt.json").read_text())
    nyc = _presidents(game, "NYC")
    assert {nyc[a] for a in nyc if a < 221} == {"Player 1"}
    assert {nyc[a] for a in nyc if a > 221} == {"Player 3"}


def test_18gb_positions_name_its_own_share_replays_presidents():
    """18gb-3p: Player 3 pars LYR (action 25), Player 2 LNWR (26), Player 1 MR (27) and
    NER (30); their first runs name them."""
    game = read_game((FIXTURES / "18GB" / "18gb-3p.json").read_text())
    first: dict[str, object] = {}
    for position in run_positions(game):
        first.setdefault(position.company, position.source.get("president"))
    assert {c: first[c] for c in ("LYR", "LNWR", "MR", "NER")} == {
        "LYR": "Player 3", "LNWR": "Player 2", "MR": "Player 1", "NER": "Player 1"}
