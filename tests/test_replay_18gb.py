"""18GB's game logs replayed (plugins/g18gb/replay.py, docs/rules/18gb.md): one rule each,
where a recorded game (tests/data/fixtures/18GB) shows it, against its corpus line
(tests/data/corpus/18GB) or the engine's data the rule cites. That every run's position
equals its corpus line is tests/test_gamelog_compiled.py's."""
from __future__ import annotations

import copy
import functools
import json
from collections import Counter
from pathlib import Path

import pytest

from trainrun.errors import InputError
from trainrun.plugins.g18gb.scenarios import SCENARIOS, corporations
from trainrun.plugins.g18gb.shares import Shares
from trainrun.replay.gamelog import position_at, read_game, replay, run_positions

DATA = Path(__file__).parent / "data"


@functools.cache
def _file(game: str) -> dict:
    return json.loads((DATA / "fixtures" / "18GB" / f"{game}.json").read_text())


def _game(game: str):
    return read_game(copy.deepcopy(_file(game)), f"{game}.json")


@functools.cache
def _lines(game: str) -> dict[int, dict]:
    path = DATA / "corpus" / "18GB" / f"{game}.jsonl"
    return {d["action"]: d for d in map(json.loads, path.read_text().splitlines())}


@functools.cache
def _runs(game: str) -> dict:
    return {p.source["action"]: p for p in run_positions(_game(game))}


def _states(game: str, actions: set[int]) -> dict[int, tuple]:
    """The bank and round just before each of ``actions``."""
    return {a["id"]: (tuple(state.bank), (state.round_set, state.round_in_set))
            for a, state in replay(_game(game)) if a["id"] in actions}


def _line_tokens(line: dict, hex_id: str) -> dict[int, list]:
    placed = next(h for h in line["board"] if h["hex"] == hex_id)
    return {t["city"]: t["slots"] for t in placed.get("tokens", ())}


def _tokens(position, hex_id: str) -> dict[int, list]:
    return {i: list(c.slots) for i, c in position.board[hex_id].tokens.items()}


def test_a_scenario_sets_the_bank_s_trains():
    # docs/rules/18gb.md §1: the 3-player game's bank (engine scenarios.rb '3' train_counts)
    (bank, _), = _states("18gb-3p", {1}).values()
    assert Counter(t.rpartition("-")[0] for t in bank) == {
        "2+1": 5, "3+1": 4, "4+2": 4, "5+2": 1, "4X": 2, "5X": 2, "6X": 7}


def test_the_three_player_game_draws_its_extra_corporation_from_the_seed():
    # docs/rules/18gb.md §1: seed 2 sorts GSWR first of GSWR, GWR, MSLR; the corpus line of
    # the first run has GSWR's home token on F5 and no token on GWR's D23 or MSLR's H17
    assert corporations(SCENARIOS["3"], 2)[-1] == "GSWR"
    line, position = _lines("18gb-3p")[58], _runs("18gb-3p")[58]
    for hex_id, holders in (("F5", ["GSWR"]), ("D23", [None, None]), ("H17", [None, None])):
        assert [s for c in _line_tokens(line, hex_id).values() for s in c] == holders
        assert [s for c in _tokens(position, hex_id).values() for s in c] == holders


def test_a_hex_the_two_player_map_lacks_is_left_as_the_data_prints_it():
    # docs/rules/18gb.md §1: 2EW has no G4; CR, not in play there, keeps the data's home
    # token on it, as the corpus line reads the hex
    position = _runs("18gb-2p-ew")[38]
    assert _tokens(position, "G4") == {0: ["CR"], 1: [None]}
    assert "CR" not in {s for h in ("J25", "D23", "F21") for c in
                        _tokens(position, h).values() for s in c}


def test_a_train_is_exported_only_after_a_round_that_bought_none():
    # docs/rules/18gb.md §2: 18gb-3p's OR 4.2 (actions 268-297) buys 6X-1 and 6X-2 from
    # the bank: no export, 5X-1 is the bank's next at 315 (and the train LNWR leases at 291,
    # corpus); OR 5.1 (315-349) buys none: 5X-1 is exported as OR 5.2 begins (350)
    states = _states("18gb-3p", {291, 315, 349, 350})
    assert states[315][0][0] == "5X-1" and states[315][1] == (5, 1)
    assert states[349][0][0] == "5X-1"
    assert "5X-1" not in states[350][0] and states[350][1] == (5, 2)
    assert [t["id"] for t in _lines("18gb-3p")[291]["trains"]] == ["5X-1"]


def test_a_lay_on_a_trackless_xx_hex_puts_the_layer_s_token_in_the_first_city():
    # docs/rules/18gb.md §2: LYR lays G02 on its home H15 at 41 and its token is in the
    # first city at once (no place_token follows), as the corpus line at 58 has it
    game = _game("18gb-3p")
    assert _tokens(position_at(game, action=42), "H15") == {0: ["LYR"], 1: [None]}
    assert _line_tokens(_lines("18gb-3p")[58], "H15") == {0: ["LYR"], 1: [None]}


def test_the_gn_s_token_is_one_beyond_the_charter_and_gives_a_green_lay():
    # docs/rules/18gb.md §3: LNWR's token on York I14 with the closed GN (action 35): the
    # reservation goes, LNWR keeps 1 of its charter's 2 tokens (its home on F21), and gains
    # the green lay on I14 its corpus lines list
    position = position_at(_game("18gb-3p"), action=63, company="LNWR")
    assert position.board["I14"].tokens[0].reserved == []
    assert position.tokens_left == 1
    green = {"type": "tile_lay", "hexes": ["I14"], "description": "May place a green tile in I14"}
    assert green in _lines("18gb-3p")[423]["abilities"] and green in position.abilities


def test_a_president_s_private_lays_are_its_corporations_abilities_until_used():
    # docs/rules/18gb.md §3: every replayed position names the game's privates, each held by
    # the president or another player, and the president's AF and TV lays, as its line does
    for game in ("18gb-3p", "18gb-2p-ew"):
        for action, position in _runs(game).items():
            line = _lines(game)[action]
            assert position.privates == line["privates"]
            assert sorted(json.dumps(a, sort_keys=True) for a in position.abilities) == \
                sorted(json.dumps(a, sort_keys=True) for a in line.get("abilities") or [])


def test_share_trades_after_an_emergency_conversion_belong_to_the_operating_round():
    # docs/rules/18gb.md §4: NBR converts in a train emergency at 157; its president buys a
    # share at 160; NER's lay at 161 is in the same operating round (3.1)
    assert _states("18gb-3p", {161})[161][1] == (3, 1)


def test_a_corporation_holding_no_train_runs_the_bank_s_next_leased():
    # docs/rules/18gb.md §5: LNWR's trains rusted at 266; at 291 it runs 5X-1, the bank's
    position = _runs("18gb-3p")[291]
    assert position.company == "LNWR" and [t.id for t in position.trains] == ["5X-1"]


def test_a_receivership_purchase_is_the_one_the_rest_of_the_log_allows():
    # docs/rules/18gb.md §5: LNWR, insolvent in receivership, buys 6X-3 unlogged after its
    # run at 291 (its run at 347 names it, as the corpus line has it); in 18gb-2p-ew it
    # converts and buys 4X-0 after its run at 112: the conversion's two tokens are why it
    # may place its third token at 264
    assert [t.id for t in _runs("18gb-3p")[347].trains] == ["6X-3"]
    assert [t["id"] for t in _lines("18gb-3p")[347]["trains"]] == ["6X-3"]
    before = position_at(_game("18gb-2p-ew"), action=264)
    assert before.company == "LNWR" and before.tokens_left == 2


def test_a_receivership_purchase_the_log_leaves_open_stops_the_run_depending_on_it():
    # docs/rules/18gb.md §5: after LNWR's run at 827 of 18gb-leased_train, the last train,
    # 6X-4, is bought or not: nothing after shows which, and LYR's run at 832 depends on it
    with pytest.raises(InputError, match=r"^action 832 \(run_routes\): .*receivership "
                                         r"purchase at action 827"):
        _runs("18gb-leased_train")


def test_a_game_of_seven_players_is_refused_in_one_line():
    data = copy.deepcopy(_file("18gb-3p"))
    data["players"] = [{"id": n, "name": f"p{n}"} for n in range(1, 8)]
    with pytest.raises(InputError, match=r"players: 18GB is played by 2 to 6 players") as exc:
        list(run_positions(read_game(data)))
    assert "\n" not in str(exc.value)


def test_an_unknown_choice_is_refused_in_one_line():
    data = copy.deepcopy(_file("18gb-3p"))
    choose = next(a for a in data["actions"] if a["type"] == "choose")
    choose["choice"] = "merge_NER"
    with pytest.raises(InputError, match=rf"^action {choose['id']} \(choose\): unknown "
                                         r"choice 'merge_NER'$"):
        list(run_positions(read_game(data)))


def test_a_president_changes_only_for_a_player_holding_more():
    # docs/rules/18gb.md §4 (engine share_pool.rb transfer_shares), by hand: players 1-3
    # in seat order; 3 pars LNWR (40%); 1 buys 20% twice (a tie at 40%: 3 stays); LNWR
    # becomes a 10-share corporation (20% each); 3 buys 10% (30%), 1 10% (30%: a tie), 2
    # 30%; 3 sells 10%: 1 and 2 hold more, and 1 sits nearest after 3
    shares = Shares([1, 2, 3])
    shares.par(3, "LNWR")
    shares.trade(1, "LNWR", 20, ["LNWR_1"], bought=True)
    shares.trade(1, "LNWR", 20, ["LNWR_2"], bought=True)
    assert shares.president["LNWR"] == 3
    shares.convert("LNWR")
    shares.trade(3, "LNWR", 10, ["LNWR_4"], bought=True)
    shares.trade(1, "LNWR", 10, ["LNWR_5"], bought=True)
    shares.trade(2, "LNWR", 30, ["LNWR_6", "LNWR_7", "LNWR_8"], bought=True)
    assert shares.president["LNWR"] == 3
    shares.trade(3, "LNWR", 10, ["LNWR_4"], bought=False)
    assert shares.held["LNWR"] == {3: 20, 1: 30, 2: 30}
    assert shares.president["LNWR"] == 1


def test_a_president_s_certificate_sold_to_the_pool_puts_it_in_receivership():
    # docs/rules/18gb.md §4: 1 pars CR and sells its president's certificate while no
    # player holds 40%: receivership; 2 buying it back presides
    shares = Shares([1, 2])
    shares.par(1, "CR")
    shares.trade(2, "CR", 20, ["CR_1"], bought=True)
    shares.trade(1, "CR", 40, ["CR_0"], bought=False)
    assert shares.president["CR"] is None
    shares.trade(2, "CR", 40, ["CR_0"], bought=True)
    assert shares.president["CR"] == 2


def test_certificates_are_worth_their_corporation_s_percentages():
    # docs/rules/18gb.md §4: a 5-share corporation's certificates 40% and 20% (4 of them),
    # a 10-share one's 20% and 10% (9)
    shares = Shares([1])
    assert shares.percent_of("NER", ["NER_0", "NER_3"]) == 60
    assert shares.percent_of("NER", ["NER_4"]) is None
    shares.convert("NER")
    assert shares.percent_of("NER", ["NER_0", "NER_8"]) == 30


def test_a_tie_goes_by_the_seat_order_the_replay_follows_not_the_game_file_s():
    # docs/rules/common.md §10, by hand: 3 pars LNWR, a 10-share corporation, and buys
    # 20% more (40%); 1 and 2 buy 30% each; 3 sells its 20%: 1 and 2 tie, and with the
    # players seated 1, 3, 2 (first_to_pass), not the file's 1, 2, 3, after 3 comes 2
    shares = _tied(seat_order=(1, 3, 2))
    assert shares.held["LNWR"] == {3: 20, 1: 30, 2: 30}
    assert shares.president["LNWR"] == 2
    assert _tied(seat_order=(1, 2, 3)).president["LNWR"] == 1    # round the table


def _tied(seat_order: tuple | None) -> Shares:
    shares = Shares([1, 2, 3])
    shares.seat_order = seat_order
    shares.par(3, "LNWR")
    shares.convert("LNWR")
    shares.trade(3, "LNWR", 20, ["LNWR_7", "LNWR_8"], bought=True)
    shares.trade(1, "LNWR", 30, ["LNWR_1", "LNWR_2", "LNWR_3"], bought=True)
    shares.trade(2, "LNWR", 30, ["LNWR_4", "LNWR_5", "LNWR_6"], bought=True)
    assert shares.president["LNWR"] == 3
    shares.trade(3, "LNWR", 20, ["LNWR_7", "LNWR_8"], bought=False)
    return shares


def test_a_tie_the_seat_order_is_not_known_for_leaves_the_president_unknown():
    # the same trades with the order not known: no president named, not receivership,
    # until one player holds the most (2 buys 10% more: 40% against 1's 30%)
    shares = _tied(seat_order=None)
    assert shares.president["LNWR"] is None and not shares.in_receivership("LNWR")
    shares.trade(2, "LNWR", 10, ["LNWR_7"], bought=True)
    assert shares.president["LNWR"] == 2


# The seat order of 18gb-3p after its auction and its stock rounds (engine
# NEXT_SR_PLAYER_ORDER = :first_to_pass). By hand from the log: the winning bids are SD
# 3 (40), LB 2 (50), GN 2 (80), AF 3 (35), LM 3 (50), LS 3 (40): 3 spent 165, 2 130, 1
# nothing, so the auction (over at 24, all three passed with every private bid) seats the
# least cash first: 3, 2, 1 (engine init_round_finished). The first stock round (25-33):
# 3, 2 and 1 par; 3 and 2 pass without acting (3, 2); 1 pars again, its turn ended by
# 3's pass; 1 passes last: 3, 2, 1. The stock round ending at 237: 2 and 1 pass each
# turn, 3 buys LYR four times, then passes with nothing bought: 2, 1, 3. The engine
# (Game.load at these actions) holds the same.
ORDER_3P = {25: (3, 2, 1), 238: (3, 2, 1), 239: (2, 1, 3), 401: (1, 3, 2)}


def test_the_seat_order_through_a_game_is_the_engine_s_first_to_pass():
    orders = _seat_orders("18gb-3p", set(ORDER_3P))
    assert orders == ORDER_3P


def _seat_orders(game: str, actions: set[int]) -> dict[int, tuple | None]:
    return {a["id"]: state.state.seat_order for a, state in replay(_game(game))
            if a["id"] in actions}


def test_an_auction_leaving_two_players_alike_seats_them_in_no_known_order():
    # 18gb-6p: 1539 won MC for 55, 6573 LB for 55, one private each: the engine's sort_by
    # leaves their order open, so no tie is broken by seat order from then on
    assert _seat_orders("18gb-6p", {44}) == {44: None}
