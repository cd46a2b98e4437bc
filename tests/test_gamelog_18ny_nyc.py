"""The NYC's treasury through an 18NY game log (docs/rules/18ny.md §10,
``trainrun.plugins.g18ny.nycshares``), and a corporation's share trades in a stock round."""
import copy
import json
from pathlib import Path

import pytest

from trainrun.errors import InputError
from trainrun.plugins.g18ny import nycshares
from trainrun.plugins.g18ny.replay import _new_books
from trainrun.replay.gamelog import read_game, replay

DATA = Path(__file__).parent / "data"
FIXTURE = DATA / "fixtures" / "18NY" / "108746.json"


def _trade(shares, kind, ids, entity=5840, entity_type="player"):
    nycshares.trade(shares, {"type": kind, "shares": ids, "entity": entity,
                             "entity_type": entity_type})


def test_ten_minors_exchange_for_treasury_shares_then_from_the_market():
    # docs/rules/18ny.md §10: ten shares in the treasury (NYC_0 counts two), one an exchange
    shares = nycshares.new_shares()
    assert [nycshares.exchange(shares) for _ in range(10)] == [True] * 10
    _trade(shares, "sell_shares", ["NYC_4"])
    assert nycshares.exchange(shares) is False and shares["market"] == []
    with pytest.raises(InputError, match="^merge: the NYC has no share left"):
        nycshares.exchange(shares)


def test_a_purchase_takes_from_the_market_where_the_share_lies_there():
    shares = nycshares.new_shares()
    for _ in range(7):
        nycshares.exchange(shares)                  # treasury 10 - 7 = 3
    _trade(shares, "sell_shares", ["NYC_1"])        # market: NYC_1
    _trade(shares, "buy_shares", ["NYC_1"])         # from the market: treasury 3
    _trade(shares, "buy_shares", ["NYC_0"])         # from the treasury, two: treasury 1
    assert shares == {"treasury": 1, "market": []}
    _trade(shares, "sell_shares", ["NYC_5"], "NYC", "corporation")   # the NYC issues one
    assert shares == {"treasury": 0, "market": ["NYC_5"]}
    _trade(shares, "buy_shares", ["NYC_5"], "NYC", "corporation")    # and redeems it
    assert shares == {"treasury": 1, "market": []}


def _books_after(game, ids):
    """The NYC's shares as followed just before each action of ``ids``."""
    seen = {}
    for action, state in replay(game):
        if action["id"] in ids:
            seen[action["id"]] = copy.deepcopy(state.state.books(_new_books)["nyc_shares"])
    return seen


def test_108746_the_treasury_through_the_formation_and_the_stock_round_after():
    # 468-475: eight minors exchange (treasury 10 - 8 = 2); 478 NYC_7 sold to the market;
    # 482 NYC_1 bought from the treasury (1 left); 488 NYC_7 from the market; 492 NYC_3 from
    # the treasury (0 left)
    seen = _books_after(read_game(FIXTURE.read_text(), "108746.json"), {476, 479, 483, 489, 493})
    assert seen == {476: {"treasury": 2, "market": []}, 479: {"treasury": 2, "market": ["NYC_7"]},
                    483: {"treasury": 1, "market": ["NYC_7"]},
                    489: {"treasury": 1, "market": []}, 493: {"treasury": 0, "market": []}}


def test_a_corporations_share_trade_in_a_stock_round_opens_no_operating_turn():
    # a redemption by D&H (floated by then) in the stock round after OR set 3 (its president
    # 5840's turn, engine corporate_actions): the replay stays in the stock round
    data = json.loads(FIXTURE.read_text())
    at = next(i for i, a in enumerate(data["actions"]) if a["id"] == 305)
    data["actions"].insert(at, {"type": "buy_shares", "entity": "D&H",
                                "entity_type": "corporation", "id": 10_000,
                                "shares": ["D&H_6"], "percent": 10})
    rounds = {a["id"]: (s.in_operating_rounds, s.round_set)
              for a, s in replay(read_game(data)) if a["id"] in (10_000, 305, 314)}
    assert rounds == {10_000: (False, 3), 305: (False, 3), 314: (True, 4)}


def test_a_minor_exchanging_for_a_market_share_leaves_its_assets_to_the_bank():
    # the treasury is empty after 492; a share sold to the market, then minor 6 (which
    # declined at 470) merges: it takes the market share, its token and trains leave the
    # game, the NYC gains no token (engine exchange_for_bank_share)
    data = json.loads(FIXTURE.read_text())
    at = next(i for i, a in enumerate(data["actions"]) if a["id"] == 493)
    data["actions"][at:at] = [
        {"type": "sell_shares", "entity": 4521, "entity_type": "player", "id": 10_000,
         "shares": ["NYC_3"], "percent": 10},
        {"type": "merge", "entity": "6", "entity_type": "corporation", "id": 10_001,
         "corporation": "6"}]
    del data["actions"][at + 3:]   # to 493: minor 6 lays later (507), which the log cut keeps out
    seen = {}
    for action, state in replay(read_game(data)):
        if action["id"] in (10_001, 493):
            seen[action["id"]] = (state.state.cities_of("6"), state.trains.get("6"),
                                  state.state.extra_tokens.get("NYC"))
        if action["id"] == 493:
            break
    cities, trains, nyc_tokens = seen[10_001]
    assert cities and trains
    assert seen[493] == ([], None, nyc_tokens)
