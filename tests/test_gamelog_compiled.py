"""Replaying the 18xx.games game logs of the titles compiled from the engine (1830, 1889,
1893, 18GA, 18MEX, 18NL, 18Texas, 18Chesapeake: Off the Rails, 18AL, 1888, 1850Jr,
1836Jr30, 1882, 18FL, 18JP-T, 1847 AE, 1856, 1836Jr56 on 1856's replay, 1846, 18SJ, 18GB, and
1817NA, 18DE and 1817WO on 1817's) with trainrun's own turn engine and each title's replay rules
(``plugins/g<title>/replay.py``, or the shared rules its ``trainrun_replay_rules`` names).

The oracle is the corpus (``tests/data/corpus/<title>/<game>.jsonl``): for each
``run_routes`` of each recorded game, the board, phase and trains the 18xx.games engine had
just before it. The replay of the same log (``tests/data/fixtures/<title>/<game>.json``)
hands out a position for exactly those runs, each equal to its line by the comparison of
``tests/test_gamelog.py``. A replay goes to the log's end or stops at one action with one
line naming it (``STOPS``: every stop, each after the game's last run). The tests after
the first look at one rule each, where a recorded game shows it.
"""
from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest
from corpus_checks import optional_rules
from test_gamelog import differences

from trainrun import read_position, solve
from trainrun.errors import InputError
from trainrun.hooks import answers
from trainrun.plugins.g1817 import replay as g1817
from trainrun.registry import load_title
from trainrun.replay.gamelog import position_at, read_game, replay, run_positions
from trainrun.turn.token_stock import token_stock
from trainrun.turn.tokens import tokens_left

DATA = Path(__file__).parent / "data"
TITLES = ["1830", "1889", "1893", "18GA", "18MEX", "18NL", "18Texas",
          "18ChesapeakeOfftheRails", "18AL", "1888", "1850Jr", "1836Jr30", "1882", "1817NA",
          "18DE", "1817WO", "18FL", "18JPT", "1847AE", "1856", "1836jr56", "1846", "18SJ",
          "18GB"]
# where a replay stops, by (title folder, game), with one line after the game's last run:
# none, every replay reaches the log's end (a bankruptcy ends the game:
# docs/rules/common.md §11)
STOPS: dict[tuple[str, str], str] = {}
# where a run depends on a choice the engine made from what the log does not show and the
# rest of the log leaves open: the replay stops at that run, in one line naming the choice;
# every run before it equals its line (18GB: whether the last train, unlogged, went to an
# insolvent corporation in receivership, bought with cash trainrun does not follow)
UNSETTLED = {("18GB", "18gb-leased_train"): "action 832 (run_routes): this position depends "
                                            "on receivership purchase at action 827"}


def games() -> list[tuple[str, str]]:
    return [(t, p.stem) for t in TITLES
            for p in sorted((DATA / "fixtures" / t).glob("*.json"))]


def corpus_lines(title: str, game: str) -> dict[int, dict]:
    """The game's corpus lines by action. A line records no optional rules: those of the
    game's log it gets as its ``options``, as the replay's positions name them (1836Jr56's
    diesel variant setting the trains and phases, 18DE's modern trains the run)."""
    path = DATA / "corpus" / title / f"{game}.jsonl"
    if not path.exists():
        pytest.skip(f"no corpus lines for {title}/{game} yet")
    lines = {d["action"]: d for d in map(json.loads, path.read_text().splitlines())}
    options = dict.fromkeys(optional_rules(title, game), True)
    for line in lines.values():
        if options:
            line["options"] = options
    return lines


def load(title: str, game: str):
    return read_game((DATA / "fixtures" / title / f"{game}.json").read_text(), f"{game}.json")


@functools.cache
def replayed(title: str, game: str) -> tuple[dict, str | None]:
    """The position before each run of the log, by action, and the stop's line (None: the
    replay reached the log's end)."""
    positions, stop = {}, None
    try:
        for position in run_positions(load(title, game)):
            positions[position.source["action"]] = position
    except InputError as exc:
        stop = str(exc)
    return positions, stop


def test_every_compiled_title_has_recorded_games():
    assert {t for t, _ in games()} == set(TITLES)


@pytest.mark.parametrize("title,game", games())
def test_every_run_position_equals_the_corpus_line(title, game):
    lines = corpus_lines(title, game)
    positions, stop = replayed(title, game)
    expected, unsettled = STOPS.get((title, game)), UNSETTLED.get((title, game))
    if unsettled is not None:
        assert stop is not None and stop.startswith(unsettled) and "\n" not in stop
        lines = {a: line for a, line in lines.items() if a < int(stop.split()[1])}
    elif expected is None:
        assert stop is None
    else:   # one line naming the action, after the last run
        assert stop is not None and stop.startswith(expected + ":") and "\n" not in stop
        assert int(stop.split()[1]) > max(lines)
    assert set(positions) == set(lines)
    wrong = {a: differences(positions[a], line) for a, line in lines.items()}
    assert {a: d for a, d in wrong.items() if d} == {}


@pytest.mark.parametrize("title,game", games())
def test_every_replayed_position_has_the_engine_position_s_best_run(title, game):
    # what the board comparison above does not hold: the bonuses' inputs (assignments,
    # abilities, privates) as the replay follows them; the proven best run of each replayed
    # position equals that of the engine's position of the same run
    lines = corpus_lines(title, game)
    positions, _ = replayed(title, game)
    totals = {a: (solve(p, time_limit=30).total, solve(read_position(lines[a]),
                                                       time_limit=30).total)
              for a, p in positions.items()}
    assert {a: t for a, t in totals.items() if t[0] != t[1]} == {}


def _position(title: str, game: str, action: int):
    return replayed(title, game)[0][action]


def _holders(position, hex_id: str) -> dict[int, list]:
    return {i: list(c.slots) for i, c in position.board[hex_id].tokens.items()}


# ---- shared rules (trainrun.replay.gamelog) ----------------------------------------------

def test_a_home_reserving_a_whole_hex_is_chosen_with_the_first_token():
    # 1882 5585: QLL's home J10 has two cities and no city named, with track: the engine
    # asks QLL to choose (base.rb place_home_token's pending token); its place_token at 54
    # chose city 1, unreached (a home token), as its position at its run 88 holds
    assert _holders(_position("1882", "5585", 88), "J10") == {0: [None], 1: ["QLL"]}


def test_a_neutral_token_placed_is_no_longer_the_company_s():
    # 1882 5585: HBR places its neutral token (token_type neutral) at 509, on L8 beside
    # GT's: at its run 510 it lies as neutral and HBR has only a normal token left, $100
    # (its charter 0, 40, 100 and the neutral; trainrun.turn.token_stock)
    position = _position("1882", "5585", 510)
    assert _holders(position, "L8") == {0: ["GT", "neutral"]}
    stock = token_stock(position)
    assert (stock.normal, stock.next_price, stock.typed) == (1, 100, {})
    before = _position("1882", "5585", 464)
    assert token_stock(before).typed == {"neutral": (1, 0, "CN")}


def test_the_nwr_private_moving_a_home_token_leaves_a_neutral_one():
    # 1882 10526: HBR, holding the North West Rebellion, takes its home token off G11 at
    # 127 (engine G1882::Step::SpecialNWR#process_remove_token: a neutral token of CN's in
    # its slot), places it on E5 at 128 and lays 59 there at 129
    game = load("1882", "10526")
    assert _holders(position_at(game, action=127), "G11") == {0: ["HBR"]}
    assert _holders(position_at(game, action=128), "G11") == {0: ["neutral"]}
    after = position_at(game, action=131)
    assert after.board["E5"].tile.name == "59"
    assert _holders(after, "E5") == {0: ["HBR"], 1: [None]}


def test_the_north_west_rebellion_takes_the_yellow_tiles_off_its_hexes():
    # 1882 10526: the game's first engine number (seed 10526) picks the 6 of 3, 4, 5, 6
    # (engine G1882::Game#init_train_handler); the first 6, bought at 317, sets the
    # rebellion off (event_nwr!): the yellow 8s on B4 and C5 and the 57 on D4, NWR hexes,
    # give way to their printed tiles, D4's city keeping its slot
    before, after = _position("1882", "10526", 240), _position("1882", "10526", 319)
    assert [before.board[h].tile.name for h in ("B4", "C5", "D4")] == ["8", "8", "57"]
    assert [after.board[h].tile.name for h in ("B4", "C5", "D4")] == ["B4", "C5", "D4"]
    assert _holders(after, "D4") == {0: [None]}


def test_a_lay_with_track_over_a_trackless_oo_hex_lifts_its_tokens():
    # 1830 26855: ERIE's home token goes on E11's first city as ERIE first operates; the
    # lay of 59 at 290 takes it off (engine tracker.rb update_token!) and 291 puts it back
    # in city 0 of the new tile
    game = load("1830", "26855")
    before = position_at(game, action=291)
    assert before.board["E11"].tile.name == "59"
    assert not any("ERIE" in c.holders() for c in before.board["E11"].tokens.values())
    assert _holders(_position("1830", "26855", 296), "E11") == {0: ["ERIE"], 1: [None]}


def test_a_train_traded_in_goes_back_to_the_bank():
    # Off the Rails bank game, action 487/496: LV trades its 5-0 in for D-5
    line = "18ChesapeakeOfftheRails", "18ChesapeakeOfftheRails_game_end_bank"
    assert [t.id for t in _position(*line, 552).trains] == ["D-5"]


def test_obsolete_trains_run_once_more_and_leave_after_their_owners_dividend():
    # 1846 10264: IC's first 5 (action 262, after its run) makes the 2s obsolete: NYC runs
    # its 2-7 and 2-8 at 267 and holds only its 4s at 296; IC runs its 2-1 at 291, not at
    # 347. C&O's first 6 (355) makes the 4s and the 3/5s obsolete: NYC runs them at 359,
    # its 6 alone at 388 (engine step/dividend.rb rust_obsolete_trains!)
    def held(action):
        return [t.id for t in _position("1846", "10264", action).trains]
    assert held(267) == ["2-7", "2-8", "4-0", "4-4"] and held(296) == ["4-0", "4-4"]
    assert held(291) == ["4-1", "4-5", "2-1", "5-0"] and held(347) == ["4-1", "4-5", "5-0"]
    assert held(359) == ["4-0", "4-4"] and held(388) == ["6-1"]


def test_tokens_joining_in_one_city_keep_their_cities_order():
    # Off the Rails bank game: J4's green X5 holds PRR in city 0 and C&A in city 1; the
    # brown X7 (one city) takes PRR first (engine hex.rb city_map_for)
    position = _position("18ChesapeakeOfftheRails", "18ChesapeakeOfftheRails_game_end_bank",
                         329)
    assert _holders(position, "J4") == {0: ["PRR", "C&A"]}


def test_tokens_a_lay_moves_leave_the_reserved_slot_free():
    # 18NL 135870 action 150: HIS's token in G2's city 0 and ZHE's reserved home in city 1
    # join in NL1's one city; ZHE's reservation keeps slot 0
    position = _position("18NL", "135870", 152)
    assert _holders(position, "G2") == {0: [None, "HIS"]}
    assert position.board["G2"].tokens[0].reserved == ["ZHE"]


def test_a_private_held_by_a_corporation_places_its_token_unreached():
    # 18NL 167050 action 144: HIS's P2 token on I4, which HIS's track does not reach
    assert "HIS" in _position("18NL", "167050", 145).board["I4"].tokens[1].holders()


def test_a_hotseat_game_names_its_players_and_their_privates_teleport():
    # 18Texas hotseat game: players without ids; GRRRC, held by a player, lays 511 on I14
    # and places T&P's token beside SP's reserved home (actions 39-40)
    game = load("18Texas", "hs_hqrmcntr_1641188459")
    assert game.players == ["Player 1", "Player 2", "Player 3", "Player 4", "Player 5"]
    position = _position("18Texas", "hs_hqrmcntr_1641188459", 41)
    assert position.board["I14"].tile.name == "511"
    assert _holders(position, "I14") == {0: [None, "T&P"]}


# ---- the titles' replay rules ------------------------------------------------------------

def test_off_the_rails_exports_no_train():
    ruleset = load_title("18Chesapeake: Off the Rails")
    assert answers.replay_rules(ruleset, {}).exported == ()


def test_1889_floated_corporations_place_their_homes_as_the_operating_rounds_begin():
    # 962, run 212 (KO): SR (I2) and AR (K8) floated in the stock round before and have
    # not operated yet; their homes went down as the operating rounds began
    position = _position("1889", "962", 212)
    assert position.company not in ("SR", "AR")
    assert _holders(position, "I2")[0] == ["SR"] and _holders(position, "K8")[0] == ["AR"]


def test_18texas_places_a_home_token_as_its_corporation_floats():
    # 65394: SSW floats in the stock round before run 238 and has not operated yet
    position = _position("18Texas", "65394", 238)
    assert position.company != "SSW" and _holders(position, "D15")[0] == ["SSW"]


def test_18ga_gives_the_free_2_train_to_the_osr_buyer_below_its_train_limit():
    # bank game: GA buys the OSR at 185 and receives 2-5; bankrupt game: CoG buys it at
    # 147 holding four trains, its limit, and receives none
    assert "2-5" in [t.id for t in _position("18GA", "18GA_game_end_bank", 187).trains]
    held = [t.id for t in _position("18GA", "18GA_game_end_bankrupt", 165).trains]
    assert held == ["2-1", "2-3", "2-4", "3-1"]


def test_18ga_refuses_an_optional_rule_moving_a_home():
    with pytest.raises(InputError, match=r"^settings\.optional_rules: .*cotton_port"):
        answers.replay_rules(load_title("18GA"), {"optional_rules": ["cotton_port"]})


def test_18mex_minors_hold_their_trains_from_the_start_and_close_on_the_first_3_prime():
    # 17849: the minors run their setup 2 trains; the first 3' (CHI, action 192) closes
    # them, their tokens leave M12, K6 and S12
    positions, _ = replayed("18MEX", "17849")
    first = positions[min(positions)]
    assert first.company in ("A", "B", "C") and len(first.trains) == 1
    after = _position("18MEX", "17849", 194)
    assert all(not after.board[h].tokens[0].holders() for h in ("M12", "K6", "S12"))


def test_18mex_a_lay_on_mexico_city_lays_the_paired_tile_on_puebla():
    position = _position("18MEX", "17849", 181)
    assert (position.board["O10"].tile.name, position.board["P11"].tile.name) == (
        "479MC", "479P")


def test_18mex_the_ndm_merger():
    # 13315 action 266: MEX merges, its home P13 becomes NdM's; 80226 372-373: MEX merges
    # and NdM keeps its M10 token (assign; beside CHI's); the stock-market game: the
    # floated candidates decline and MC, never parred, merges on its own: NdM takes its
    # home I8
    assert "NdM" in _position("18MEX", "13315", 269).board["P13"].tokens[0].holders()
    assert _holders(_position("18MEX", "80226", 380), "M10") == {0: ["NdM", "CHI"]}
    assert _holders(_position("18MEX", "18MEX_game_end_stock_market", 488), "I8")[0] == [
        "NdM"]


def test_18mex_obsolete_4_trains_run_once_more_after_the_6_prime():
    # 13315: CHI's 6' (action 291) makes the 4s obsolete: NdM's 4-0 runs at 347 and is
    # gone by its next run, UdY's 4-2 runs at 293 and is gone by 371
    assert [t.id for t in _position("18MEX", "13315", 347).trains] == ["4-0", "6-0"]
    assert [t.id for t in _position("18MEX", "13315", 380).trains] == ["6-0", "4D-1"]
    assert [t.id for t in _position("18MEX", "13315", 293).trains] == ["4-2"]
    assert [t.id for t in _position("18MEX", "13315", 371).trains] == ["4D-0"]


def test_18mex_refuses_the_optional_rules_it_does_not_follow():
    with pytest.raises(InputError, match=r"^settings\.optional_rules: .*delay_minor_close"):
        answers.replay_rules(load_title("18MEX"), {"optional_rules": ["delay_minor_close"]})


def test_1893_founding_agv_and_hgk_takes_over_the_minors_tokens():
    # the votes at 111-112 found AGV from EKB (T3), KSZ (P7) and BKB (I2); those at 191-192
    # found HGK from KBE (O4) and KFBE (L3), beside its J5 token from the start
    position = _position("1893", "1893_game_end_bank", max(replayed("1893",
                                                                     "1893_game_end_bank")[0]))
    for company, hexes in (("AGV", ("T3", "P7", "I2")), ("HGK", ("O4", "L3", "J5"))):
        assert all(company in [s for c in position.board[h].tokens.values() for s in c.slots]
                   for h in hexes), company


def test_18al_positions_carry_the_abilities_the_engine_lists():
    # every run of every game: the corporation's abilities (its historical objective, the
    # privates', the named trains, the Warrior Coal Field bonus) as the engine listed them
    # (docs/rules/18al.md §5, §7)
    for game in [g for t, g in games() if t == "18AL"]:
        lines = corpus_lines("18AL", game)
        positions, _ = replayed("18AL", game)
        wrong = {a: ([dict(x) for x in positions[a].abilities], line.get("abilities", []))
                 for a, line in lines.items()
                 if [dict(x) for x in positions[a].abilities] != line.get("abilities", [])}
        assert wrong == {}


def test_18al_the_warrior_coal_field_goes_with_the_first_6():
    # bankrupt game: ABC assigns the SNAR's token to Birmingham G4 (action 106), worth +10
    # there; the first 6 takes marker and bonus away (engine g_18_al/step/assign.rb,
    # game.rb event_remove_tokens!; docs/rules/18al.md §5, §7)
    before = _position("18AL", "18AL_game_end_bankrupt", 160)
    assert before.board["G4"].markers == ("SNAR",)
    assert [a["type"] for a in before.abilities] == ["hexes_bonus"]
    after = _position("18AL", "18AL_game_end_bankrupt", 206)
    assert after.company == "ABC" and after.board["G4"].markers == () and after.abilities == ()


def test_18al_the_memphis_and_charleston_gives_its_buyer_the_named_trains():
    # bankrupt game: M&O buys the M&C at 158 (engine g_18_al/step/buy_company.rb)
    position = _position("18AL", "18AL_game_end_bankrupt", 210)
    assert [(a["type"], a["hexes"], a["amount"]) for a in position.abilities[1:]] == [
        ("atlanta_birmingham", ["G8", "G4"], 20), ("mobile_nashville", ["Q2", "A4"], 40)]


def test_18al_the_4s_run_once_more_after_the_first_7():
    # 1446: WRA's 7 (action 279) makes the 4s obsolete; M&O runs its 4-1 at 287 and holds
    # only its 4D at 322 (engine step/dividend.rb rust_obsolete_trains!)
    assert [t.id for t in _position("18AL", "1446", 287).trains] == ["4-1"]
    assert [t.id for t in _position("18AL", "1446", 322).trains] == ["4D-0"]


def test_18al_a_corporation_lays_two_yellow_tiles_in_its_first_operating_round():
    # bankrupt game, optional rule double_yellow_first_or: M&O, floated in the first stock
    # round, lays P1 (action 22) and N1 (23) in OR 1.1, one tile a turn after it
    # (engine g_18_al/game.rb tile_lays, @recently_floated; docs/rules/18al.md §3.2)
    game = load("18AL", "18AL_game_end_bankrupt")
    second = position_at(game, action=23)
    assert second.title_state == {"extra_yellow": 1} and second.board["P1"].tile.name == "8"
    assert position_at(game, action=34).title_state == {}


def test_18al_refuses_the_moved_ln_home():
    with pytest.raises(InputError, match=r"^settings\.optional_rules: .*LN_home_city_moved"):
        answers.replay_rules(load_title("18AL"), {"optional_rules": ["LN_home_city_moved"]})


# ---- 1817NA, 18DE and 1817WO on 1817's replay (plugins/g1817/replay.py) ------------------

def test_1817_family_an_acquired_token_takes_its_city_s_first_free_slot():
    # 1817NA 25351: WC (D22 slot 0) acquires GT (slot 1) at 1167: WC's own token there
    # leaves (engine TokenMerger#remove_duplicate_tokens) and GT's is swapped for WC's,
    # which City#place_token puts in the city's first free slot (Token#swap!, get_slot)
    assert _holders(_position("1817NA", "25351", 1152), "D22") == {0: ["WC", "GT"]}
    assert _holders(_position("1817NA", "25351", 1197), "D22") == {0: ["WC", None]}


def test_1817_family_the_buyer_s_loans_step_names_an_acquisition_s_buyer():
    # 18DE final phase: 16856 wins BM's auction at 785; MB, won by 2850 at its auction (107)
    # but 16856's by the shares bought since, passes the buyer's loans at 786 (engine
    # G1817::Step::Acquire#acquire_post_loan): MB acquires BM, its 3-7 and its F10 and I9
    # tokens, where MB's own token left (corpus line 798)
    position = _position("18DE", "18DE_game_end_final_phase", 798)
    assert position.company == "MB" and [t.id for t in position.trains] == ["3-3", "3-7"]
    assert _holders(position, "F10") == _holders(position, "I9") == {0: ["MB", None]}


def test_1817_family_the_train_station_gives_its_holder_one_token_more():
    # 18DE final phase: 2850 puts the Train Station (TS, its data's additional_token,
    # count 1) into MB as its auction forms it at 109: a 2-share corporation's token and
    # one more (engine G1817::Game#tokens_needed, TRAIN_STATION_PRIVATE_NAME)
    for action, state in replay(load("18DE", "18DE_game_end_final_phase")):  # noqa: B007
        if action["id"] == 110:                    # (the state at the break is used)
            break
    assert state.owners["TS"] == "MB" and g1817._state(state.state)["tokens"]["MB"] == 2


def test_1817_family_the_coal_mine_privates_leave_a_mine():
    # 18DE bankrupt game: MAJC lays 8 on G11 at 145, MINC 7 on G17 at 224 (engine
    # G1817::Step::SpecialTrack: hex.assign!('mine') for MINE_COMPANIES, which G1817DE and
    # G1817NA inherit); corpus line 226 has both assignments
    position = _position("18DE", "18DE_game_end_bankrupt", 226)
    assert position.board["G11"].markers == position.board["G17"].markers == ("mine",)


def test_1817_family_the_2_plus_runs_once_more_after_the_first_4():
    # 1817NA 25363: GT's 4-0 (390) starts phase 4, on which the 2+ is obsolete (train data
    # obsolete_on): GT runs its 2+-1 at 457 and holds only its 4-0 at 517 (engine
    # step/dividend.rb rust_obsolete_trains!)
    assert [t.id for t in _position("1817NA", "25363", 457).trains] == ["2+-1", "4-0"]
    assert [t.id for t in _position("1817NA", "25363", 517).trains] == ["4-0"]


# ---- 18FL (plugins/g18fl/replay.py) -------------------------------------------------------

def test_18fl_every_home_token_lies_on_the_board_from_the_start():
    # engine G18FL::Game#setup places every corporation's home token; corpus line 43
    # (FECR's first run) has Plant's in B15 though Plant has not operated
    assert _holders(_position("18FL", "18FL_game_end_bank", 43), "B15") == {0: ["Plant"]}


def test_18fl_a_hotel_is_the_corporation_s_icon_and_one_of_its_tokens():
    # engine g_18_fl/step/token.rb process_hex_token (hex.rb place_token: an icon named
    # after the corporation): LN's hotel on B7 (33), SAL's on C24 (27); corpus line 56:
    # LN holds 4 charter tokens, home, hotel, and the Terminal Company's own in K28: 2 left
    position = _position("18FL", "18FL_game_end_bank", 56)
    assert position.board["B7"].icons == ("LN",) and position.board["C24"].icons == ("SAL",)
    assert position.tokens_left == 2


def test_18fl_the_terminal_company_s_token_lies_beside_the_city_s_slots():
    # TC's token ability has extra_slot (engine City#place_token): corpus line 56, K28
    assert _position("18FL", "18FL_game_end_bank", 56).board["K28"].tokens[0].extra == ["LN"]


def test_18fl_the_steamboat_is_assigned_to_the_corporation_whose_turn_it_is():
    # engine g_18_fl/step/assign.rb: POSC assigned to B23 (46) and to current_entity, SAL,
    # whose first action comes next; corpus line 50 (assignments of B23 and of SAL)
    position = _position("18FL", "18FL_game_end_bank", 50)
    assert position.board["B23"].markers == ("POSC",)
    assert position.company_assignments == ("POSC",)


def test_18fl_the_first_5_closes_the_port():
    # engine event_close_port!: the assignments and the steamboat hexes' port icons go
    # (first 5 at 215); corpus line 219
    position = _position("18FL", "18FL_game_end_bank", 219)
    assert position.board["B23"].markers == () and "port" not in position.board["K28"].icons


def test_18fl_the_first_6_starts_phase_6_and_the_hurricane():
    # phase 6 is "on" 6 or 3E (engine PHASES, a list: the shared replay's _bought);
    # event_hurricane! takes the Keys' track off: TR's 58 on M24 (41) gone by line 261
    before = _position("18FL", "18FL_game_end_bank", 240)
    after = _position("18FL", "18FL_game_end_bank", 261)
    assert (before.board["M24"].tile.name, before.phase.name) == ("58", "5")
    assert (after.board["M24"].tile.name, after.phase.name) == ("M24", "6")


# ---- 18JP-T (plugins/g18jpt/replay.py) ----------------------------------------------------

def test_18jpt_tr_places_its_second_home_token_in_h76():
    # engine G18JPT::Game#place_home_token (TR_SECOND_STARTING_TOKEN); corpus line 114
    position = _position("18JPT", "18JPT_game_end_bank", 114)
    assert _holders(position, "A77") == _holders(position, "H76") == {0: ["TR"]}


def test_18jpt_destination_hexes_are_assigned_from_the_start():
    # engine G18JPT::Game#setup: hex.assign!(corporation), named as the corpus names it
    position = _position("18JPT", "18JPT_game_end_bank", 114)
    assert position.board["A81"].markers == ("<Engine::Corporation: SER>",)


def test_18jpt_tr_lays_twice_once_it_has_tokened_h84():
    # engine g_18_jpt/step/token.rb place_token (TR's token on H84 at 264) and game.rb
    # tile_lays (DOUBLE_TILE_LAYS); its marker goes, its ability is the delayed one
    from trainrun.plugins import g18jpt
    before = _position("18JPT", "18JPT_game_end_bank", 114)
    after = _position("18JPT", "18JPT_game_end_bank", 265)
    assert g18jpt.trainrun_tile_lays(before) is None
    assert len(g18jpt.trainrun_tile_lays(after)) == 2 and after.board["H84"].markers == ()
    assert after.abilities == ({"type": "description",
                                "description": "Lay or upgrade two tiles"},)


def test_18jpt_tc_lays_once_more_for_each_lay_on_a_town():
    # engine g_18_jpt/step/track.rb lay_tile_action (num_additional_lays), game.rb
    # tile_lays: TC, having laid on a hex with a town this turn, lays twice
    import dataclasses

    from trainrun.plugins import g18jpt
    position = _position("18JPT", "18JPT_game_end_bank", 594)
    town = next(h for h, p in position.board.items()
                if any(n.kind == "town" for n in p.tile.nodes))
    laid = dataclasses.replace(position, turn=dataclasses.replace(
        position.turn, lays=1, laid_hexes=(town,)))
    assert position.company == "TC" and len(g18jpt.trainrun_tile_lays(position)) == 1
    assert len(g18jpt.trainrun_tile_lays(laid)) == 2


# ---- 1847 AE (plugins/g1847ae/replay.py) --------------------------------------------------

def test_1847ae_hlb_places_both_home_tokens_as_it_floats():
    # engine G1847AE::Game#place_home_token (HLB: D18 and C21), HOME_TOKEN_TIMING :float:
    # HLB floated in the stock round before, L runs first (corpus line 89)
    position = _position("1847AE", "1847AE_game_end_bank", 89)
    assert _holders(position, "C21") == _holders(position, "D18") == {0: ["HLB"]}


def test_1847ae_a_corporation_floats_as_half_its_shares_leave_the_ipo():
    # 1847 AE bank game: HLB parred at 77 (its 20% president's share), HLB_2 and HLB_3
    # bought by the automatic purchases of 81 and 84 (the buy program of 78): 40% sold,
    # its reserved HLB_1 not counted against it (corporation.rb floated?,
    # float_includes_reserved): 50% left, it floats and its home tokens go down at once
    # (base.rb float_corporation); before, none
    def homes(action):
        return position_at(load("1847AE", "1847AE_game_end_bank"), action=action,
                           company="HLB")
    assert _holders(homes(84), "D18") == {0: [None]}
    assert _holders(homes(85), "C21") == _holders(homes(85), "D18") == {0: ["HLB"]}


def test_1847ae_lays_two_yellow_tiles_before_the_first_4():
    # engine G1847AE::Game#tile_lays: TWO_YELLOW while @extra_tile_lay (the phases with
    # two_yellow_tracks); L laid G17 and H16 at 15-16
    from trainrun.plugins import g1847ae
    assert g1847ae.trainrun_tile_lays(_position("1847AE", "1847AE_game_end_bank", 33)) == \
        g1847ae.TWO_YELLOW


def test_1847ae_a_recently_floated_corporation_may_upgrade_then_lay():
    # engine G1847AE::Game#tile_lays: TWO_YELLOW_OR_YELLOW_AND_UPGRADE for @recently_floated,
    # HLB's first operating turn (its lays at 99-100)
    from trainrun.plugins import g1847ae
    position = position_at(load("1847AE", "1847AE_game_end_bank"), action=100)
    assert position.company == "HLB" and position.title_state == {"first_turn": 1}
    assert g1847ae.trainrun_tile_lays(position) == g1847ae.FIRST_TURN_LAYS


def test_1817wo_nieuw_zeeland_opens_with_phase_3():
    # 1817WO 19926: the green token fills L9's one slot (engine G1817WO::Game#setup) until
    # the first 3 leaves the bank, exported after the operating round before run 169
    # (event_nieuw_zeeland_available!)
    assert _holders(_position("1817WO", "19926", 147), "L9") == {0: ["neutral"]}
    assert _holders(_position("1817WO", "19926", 169), "L9") == {0: [None]}


def test_1817wo_a_corporation_homed_in_nieuw_zeeland_places_a_second_token():
    # 1817WO 19926: H chooses L9 as its home at 263, its size at 265, and places its second
    # token on F1 at 266, unreached (engine G1817WO::Game#place_second_token, after
    # BuySellParShares#add_tokens)
    position = _position("1817WO", "19926", 302)
    assert _holders(position, "L9") == {0: ["H"]}
    assert _holders(position, "F1") == {0: ["B&A", "H"]}


# ---- 1846 (plugins/g1846/replay.py, plugins/g1846/shares.py) -----------------------------

def _closes_1846(game: str) -> dict[str, int]:
    """Each corporation the 1846 replay closes, and the action it closes at."""
    from trainrun.plugins.g1846.shares import Market
    closed: dict[str, int] = {}
    before = None
    try:
        for action, state in replay(load("1846", game)):
            for name in state.state.books(Market).closed - set(closed):
                closed[name] = before
            before = action["id"]
    except InputError:
        pass
    return closed


def test_1846_a_president_selling_down_to_the_close_cell_closes_the_corporation():
    # 1846 dnf game: NYC pars at $40 (col 4, action 7); its president sells a share at 24,
    # 29, 34 and 39, each one step left (SELL_MOVEMENT :left_block_pres, base.rb
    # sell_shares_and_change_price): $0 at 39, the close cell (close_corporations_in_close_
    # cell!, close_corporation): its home token leaves D20, as the engine's run 239 shows
    assert _closes_1846("1846_game_end_reason_dnf") == {"NYC": 39, "C&O": 42, "B&O": 51,
                                                       "IC": 185}
    position = _position("1846", "1846_game_end_reason_dnf", 239)
    assert _holders(position, "D20") == {0: [None, None]}
    assert "NYC" not in {c for h in position.board.values() for t in h.tokens.values()
                         for c in t.holders()}


def test_1846_a_silent_turn_withholds_and_can_close():
    # 1846 19962: NYC, at $10 with no route, logs nothing in OR 1.2 (every step skipped:
    # engine round/operating.rb); its dividend step withholds nothing, one step left
    # (g_1846/step/dividend.rb skip!, share_price_change): the close cell, as the operating
    # round ends (its turn is seen from g_1846/game.rb operating_order, last at the lowest
    # price). Its D20 token is gone at the engine's run 146
    assert _closes_1846("19962") == {"NYC": 128, "ERIE": 329}
    assert _holders(_position("1846", "19962", 146), "D20") == {0: [None, "ERIE"]}


def test_1846_all_corporations_but_one_close_in_the_all_closed_game():
    # 1846_game_end_reason_all_closed: B&O's president sells half its president's share at
    # 451 (a step left: $0), ERIE withholds to $0 at 518 ...; B&O's H12 token is gone, so
    # the token placed there at 533 finds its slot free
    assert _closes_1846("1846_game_end_reason_all_closed") == {
        "B&O": 451, "ERIE": 518, "PRR": 540, "NYC": 543, "C&O": 557, "GT": 564}
    assert "B&O" not in _holders(_position("1846", "1846_game_end_reason_all_closed", 539),
                                 "H12")[0]


def test_1846_dividends_move_the_share_price_as_the_engine_does():
    # engine g_1846/step/dividend.rb share_price_change: left below half the price, right
    # once at the price, twice at twice, three times at three times from $165;
    # step/half_pay.rb: half keeps half the revenue rounded down to a multiple of $10
    from trainrun.plugins.g1846.shares import paid_for, price_change
    assert [price_change(100, paid) for paid in (0, 49, 50, 99, 100, 199, 200, 300)] == \
        [-1, -1, 0, 0, 1, 1, 2, 2]
    assert price_change(150, 450) == 2 and price_change(165, 495) == 3
    assert paid_for("half", 130) == 70 and paid_for("half", 120) == 60
    assert paid_for("withhold", 130) == 0 and paid_for("payout", 130) == 130


def test_1846_an_emergency_issue_is_told_from_an_issue_by_its_price():
    # 1846 hs_cvjhogoy: GT ($40, no train) passes its lays at 42 and issues GT_1 at $10 at
    # 43: not an issue ($30, one step left), but its emergency issue after its dividend
    # step (skip!: $30), at two steps left of that (g_1846/game.rb
    # emergency_issuable_bundles), one step left for the share (step/buy_train.rb
    # process_issue_shares): $20
    from trainrun.plugins.g1846.shares import MARKET, Market
    for action, state in replay(load("1846", "hs_cvjhogoy_1599504419")):
        if action["id"] == 50:
            gt = state.state.books(Market).corporations["GT"]
            assert MARKET[gt.col] == 20 and len(gt.held[("pool",)]) == 1
            break


# ---- 1856 and 1836Jr56 (plugins/g1856/replay.py) ----------------------------------------

def test_1856_the_port_private_is_assigned_to_its_buyer_and_marks_its_hex():
    # 1856_game_end_bank: LPS buys GLSC at 65 (engine step/buy_company.rb, ability
    # assign_corporation when sold) and places the port on C14 at 66 (g_1856/step/assign.rb
    # process_assign); corpus line 67 (LPS)
    position = _position("1856", "1856_game_end_bank", 67)
    assert position.company_assignments == ("GLSC",)
    assert position.board["C14"].markers == ("GLSC",)


def test_1856_the_first_6_takes_the_port_off():
    # hotseat006: GLSC's port on J17 at 199; GW buys 6-0 at 658 (engine
    # event_remove_tokens!: every assignment off the hexes and corporations)
    assert _position("1856", "hotseat006", 202).board["J17"].markers == ("GLSC",)
    assert _position("1856", "hotseat006", 663).board["J17"].markers == ()


def test_1856_the_tunnel_right_is_a_hex_bonus_of_its_holder():
    # 1856_game_end_bank: GW buys SCFTC at 88 (engine company_bought -> grant_right), LPS
    # buys the tunnel token at 225 (step/special_buy.rb -> buy_tunnel_token): each holds
    # the +$10 Sarnia bonus at its next run, as corpus lines 118 and 227 list it
    sarnia = {"type": "hex_bonus", "description": "+10 bonus when running to Sarnia",
              "hexes": ["B13"], "amount": 10}
    assert _position("1856", "1856_game_end_bank", 118).abilities == (sarnia,)
    assert _position("1856", "1856_game_end_bank", 227).abilities == (sarnia,)


def test_1856_the_cgr_takes_the_merged_corporations_trains_rights_and_tokens():
    # 1856_game_end_bank: TGB buys 6-0 at 586, seven corporations merge (589-595: engine
    # merge_major), the CGR's tokens go where theirs were (national_token_swap), it takes
    # one off I12's second city at 596 (step/remove_tokens.rb) and discards four 4s; at
    # its first run, 638 (its corpus line), it holds 6-0, both rights and, of the 10 tokens
    # its limit gives it (national_token_limit), none left
    position = _position("1856", "1856_game_end_bank", 638)
    assert [t.id for t in position.trains] == ["6-0", "5-2", "5-1"]
    assert [a["hexes"] for a in position.abilities] == [["B13"], ["P17", "P19"]]
    cgr = sorted(h for h, placed in position.board.items() for c in placed.tokens.values()
                 if "CGR" in c.holders())
    assert cgr == ["C14", "D17", "F15", "F17", "I12", "K8", "L15", "M4", "N11", "P9"]
    assert _holders(position, "I12") == {0: ["CGR"], 1: [None]}
    assert tokens_left(position) == 0 and position.tokens_left == 0


def test_1836jr56_the_national_borrows_a_train_for_its_turn_only():
    # 1836jr56_game_end_bank (diesel variant): MESS, trainless, borrows D-0 at 405 (engine
    # borrow_train: unbought, no phase D) and runs it at 406; it goes back as its turn
    # ends (step/buy_train.rb pass!: reclaim_train), and MESS borrows D-1 at 430
    position = _position("1836jr56", "1836jr56_game_end_bank", 406)
    assert [t.id for t in position.trains] == ["D-0"] and position.phase.name == "6"
    assert [t.id for t in _position("1836jr56", "1836jr56_game_end_bank", 431).trains] == \
        ["D-1"]


def test_1836jr56_a_game_of_the_diesel_variant_plays_its_trains():
    # the game's optional rule diesel_variant sets its trains and phases (options.json:
    # engine G1836Jr56::Game#game_trains, game_phases): the replay plays them and its
    # positions name the rule
    position = _position("1836jr56", "1836jr56_game_end_bank", 500)
    assert position.options == {"diesel_variant": True} and position.phase.name == "D"
    assert "8" not in position.title.trains


def test_1856_a_destination_reached_takes_its_icon_off():
    # hotseat006: CV destinates at 205 (engine step/escrow.rb destination_connection ->
    # destinated!, remove_dest_icons): its icon leaves I14 (icons are not compared with
    # the corpus, whose engine left them on)
    assert "CV" in _position("1856", "hotseat006", 202).board["I14"].icons
    assert "CV" not in _position("1856", "hotseat006", 207).board["I14"].icons


def _market_1846(game: str, action: int):
    """The 1846 replay's share books just before ``action``, and the replay."""
    from trainrun.plugins.g1846.shares import Market
    for logged, state in replay(load("1846", game)):
        if logged["id"] == action:
            return state.state.books(Market), state
    raise AssertionError(f"no action {action}")


def test_1846_a_bankrupt_president_s_corporation_enters_receivership():
    # 1846 bankrupt game, action 221 (engine g_1846/step/bankrupt.rb process_bankrupt):
    # GT ($40, the market holding 50%) issues nothing (emergency_issuable_bundles: players'
    # shares less the market's), Player 1 sells nothing as sales go (the market full:
    # sellable_bundle?), so no price moves; every share goes to the market unmoved, NYC's
    # presidency to Player 3 (share_pool.rb transfer_shares) and GT, with no player at 20%,
    # into receivership
    from trainrun.plugins.g1846.shares import MARKET, RECEIVER
    market, _ = _market_1846("1846_game_end_reason_bankrupt", 222)
    gt, nyc = market.corporations["GT"], market.corporations["NYC"]
    assert (MARKET[gt.col], gt.president, MARKET[nyc.col], nyc.president) == \
        (40, RECEIVER, 20, "Player 3")
    assert market.bankrupt == ["Player 1"]


def test_1846_a_corporation_entering_receivership_last_operates_first_in_the_next_round():
    # 1846 hs_sudambau, action 61: B&O ($50, no train, its players' shares no more than the
    # market's: no emergency issue, g_1846/game.rb emergency_issuable_bundles) goes bankrupt;
    # Player 3's president's share cannot be sold as sales go (no one else holds 20%): it
    # goes to the market unmoved, B&O into receivership, Player 3's minors and privates
    # closing. B&O is last in OR 1.1 and first in OR 1.2 (NYC's lay at 66 shows it): no
    # train, it withholds twice (g_1846/step/dividend.rb skip!): $30, as the engine logs;
    # its cash ($115, not followed) buys no 4 (the log shows nothing either way: pending)
    from trainrun.plugins.g1846.shares import MARKET, POOL, RECEIVER
    market, _ = _market_1846("hs_sudambau_1600037415", 66)
    bo = market.corporations["B&O"]
    assert (MARKET[bo.col], bo.president, bo.percent_of(POOL)) == (50, RECEIVER, 40)
    market, _ = _market_1846("hs_sudambau_1600037415", 67)
    assert MARKET[market.corporations["B&O"].col] == 30 and market.pending == {"B&O": "4-1"}


def test_1846_a_corporation_in_receivership_with_no_train_withholds_twice_and_buys_one():
    # 1846 bankrupt game: GT, in receivership with no train, is first in the operating round
    # that NYC's lay at 237 shows; it logs nothing: withholds twice (g_1846/step/dividend.rb
    # skip!: $40 to $20) and buys the bank's cheapest train, 5-0 as a 4/6
    # (g_1846/round/operating.rb receivership_train_buy). Its cash, not followed, decides,
    # and the log does: bought at 221, a 5 would have run at 237; not bought at 237, 5-1
    # (bought at 270) would have been sold before 5-0. The first 5 starts phase III, as the
    # engine's run 239 shows
    from trainrun.plugins.g1846.shares import MARKET
    market, state = _market_1846("1846_game_end_reason_bankrupt", 238)
    assert MARKET[market.corporations["GT"].col] == 20
    assert [(t.id, t.name) for t in state.state.trains["GT"]] == [("5-0", "4/6")]
    assert state.decisions == {(221, 0, "GT buys 5-0"): False, (237, 0, "GT buys 5-0"): True}
    assert _position("1846", "1846_game_end_reason_bankrupt", 239).phase.name == "III"


def test_1846_a_train_purchase_in_receivership_that_changes_nothing_waits_for_the_log():
    # 1846 19962, action 300: ERIE ($20) enters receivership; the bank's first train, 6-1,
    # starts no phase: whether its cash bought it waits for the log. It runs no train in the
    # next round: not bought; its silent turn withholds twice, to the close cell (it closes
    # as the round ends, 329)
    market, _ = _market_1846("19962", 301)
    assert market.pending == {"ERIE": "6-1"}
    market, _ = _market_1846("19962", 330)
    assert "ERIE" in market.closed and market.pending.get("ERIE") in (None, "6-1")


def test_1846_a_bankruptcy_leaving_one_player_ends_the_game():
    # 1846 bankrupt game, action 273: Player 3 goes bankrupt, Player 2 alone is left
    # (base.rb bankruptcy_limit_reached?, BANKRUPTCY_ENDS_GAME_AFTER :all_but_one;
    # GAME_END_CHECK bankrupt: :immediate): the game is over
    from trainrun.plugins.g1846.shares import Market
    states = [state for _, state in replay(load("1846", "1846_game_end_reason_bankrupt"))]
    market = states[-1].state.books(Market)
    assert market.bankrupt == ["Player 1", "Player 3"] and market.over == 273
