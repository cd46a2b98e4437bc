"""18GB's own lay and token rules (plugins/g18gb/lays.py), each at a recorded moment of
tests/data/moves_compiled/18GB/, the expected values the engine's legal-move sets there."""
import copy
import json
from pathlib import Path

import pytest

from trainrun import read_position
from trainrun.errors import InputError
from trainrun.turn.lay_moves import check_lay, legal_lays
from trainrun.turn.tokens import legal_tokens

MOVES = Path(__file__).parent / "data" / "moves_compiled" / "18GB"
FINAL = "18GB_final_train_exports_on_last_action_of_game"


def _moment(game: str, action: int, **changes) -> dict:
    for text in (MOVES / f"{game}.jsonl").read_text().splitlines():
        line = json.loads(text)
        if line["action"] == action:
            return {**copy.deepcopy(line), **changes}
    raise KeyError(f"{game}#{action}")


def _legal(line: dict, hex_id: str) -> set:
    return {(m["tile"], m["rotation"], m["cost"]) for m in line["legal"] if m["hex"] == hex_id}


def _ours(line: dict, hex_id: str) -> set:
    return {(lay.tile, lay.rotation, lay.cost) for lay in legal_lays(read_position(line))
            if lay.hex == hex_id}


def test_a_border_is_paid_by_the_lay_crossing_it_whatever_lies_beyond():
    # E24's mountain border at edge 1: the 7 at rotation 1 crosses it towards an empty hex
    # and pays £50 (engine G18GB::Step::TrackAndToken#remove_border_calculate_cost! asks
    # only hex.targeting?(neighbor), not the neighbour's track)
    line = _moment(FINAL, 55)
    assert ("7", 1, 50) in _legal(line, "E24")
    assert _ours(line, "E24") == _legal(line, "E24")


def test_no_second_city_tile_in_a_turn():
    # LYR laid a city tile on its home H15 first: its second lay is no city tile, so not
    # the XX tiles on Manchester G16 it reaches (engine
    # G18GB::Step::TrackAndToken#lay_tile_action, @laid_city); with nothing laid yet the
    # same position offers them
    line = _moment(FINAL, 89)
    assert _legal(line, "G16") == set() == _ours(line, "G16")
    first = _moment(FINAL, 89)
    first["allowance"] = {**first["allowance"], "laid_this_turn": 0, "laid_hexes": []}
    assert ("G02", 2, 0) in _ours(first, "G16")


def test_a_private_s_extra_lay_is_not_the_company_s_city_tile():
    # CR's laid hexes hold I2, laid by the Arbroath & Forfar's ability: its own lay may
    # still be a city tile, G15 on Glasgow G4 (engine: @laid_city is the TrackAndToken
    # step's, not the SpecialTrack step's)
    line = _moment("18gb-leased_train", 438)
    assert ("G15", 0, 0) in _legal(line, "G4")
    assert check_lay(read_position(line), "G4", "G15", 0) == 0


def test_the_estuary_takes_its_blue_tile_at_rotation_0():
    # FT's G32 over the blue I4 (engine G18GB::Game#upgrades_to_correct_color?: blue to
    # blue; legal_tile_rotation?: rotation 0), £50 for the river
    line = _moment(FINAL, 498)
    assert _legal(line, "I4") == {("G32", 0, 50)} == _ours(line, "I4")


def test_the_gray_tiles_are_in_the_5_and_6_player_games_only():
    # engine G18GB::Game#game_tiles: 'gray-tiles' of scenarios 5 and 6
    six = _moment("18gb-6p", 451)
    assert ("G31", 0, 50) in _legal(six, "H17") and ("G31", 0, 50) in _ours(six, "H17")
    four = _moment(FINAL, 549)
    assert not any(m.get("tile") in ("G31", "G35", "912") for m in four["legal"])
    assert not {lay.tile for lay in legal_lays(read_position(four))} & {"G31", "G35", "912"}


def test_a_corporation_s_tile_lay_ability_lays_green_ahead_of_the_phase():
    # phase 2+1 (yellow only): the corporation's ability names H19 (engine
    # G18GB::Game#special_green_hexes, upgrades_to?; potential_tile_colors)
    line = _moment("18gb-2p-ew", 31)
    assert {t for t, _, _ in _legal(line, "H19")} & {"G36", "G37", "G38"}
    assert _ours(line, "H19") == _legal(line, "H19")


def test_a_closed_private_blocks_nothing():
    # LB blocks Birmingham F21 while open; its owner closed it at action 74 (engine
    # G18GB::Game#abilities: blocks_hexes only while the private's value is positive);
    # the position says so in title_state.closed_privates
    line = _moment(FINAL, 75)
    with pytest.raises(InputError, match="F21 is blocked by LB"):
        check_lay(read_position(line), "F21", "G02", 0)
    closed = {**line, "title_state": {"closed_privates": ["LB"]}}
    assert _ours(closed, "F21") == _legal(line, "F21") != set()


def test_no_private_blocks_from_the_blue_phase():
    # phase 4+2: the SD, open and a player's, no longer blocks I12 (engine
    # G18GB::Game#hex_blocked_by_ability?)
    line = _moment(FINAL, 215)
    assert line["privates"]["SD"] == "player" and "blue" in line["phase_tiles"]
    assert _ours(line, "I12") == _legal(line, "I12") != set()


def test_a_token_in_a_city_without_track_moves_as_the_engine_maps_it():
    # G19 on D23 with GWR's token in its city without track: G28 puts it in the city the
    # engine's city map gives (hex.rb city_map_for), reaching G28's new track
    line = _moment("18gb-2p-ew", 89, options={"two_player_ew": True})
    assert ("G28", 0, 0) in _legal(line, "D23")
    assert check_lay(read_position(line), "D23", "G28", 0) == 0


def test_a_converted_corporation_s_tokens_cost_50():
    # GWR holds 2 tokens on the board and 2 left, its charter [0, 50] having 2: the other
    # two are its conversion tokens, £50 each (engine G18GB::Game#convert_to_ten_share)
    line = _moment(FINAL, 265)
    assert {(m.hex, m.city, m.cost) for m in legal_tokens(read_position(line))} == {
        (m["hex"], m["city"], m["cost"]) for m in line["legal"]}


def test_title_state_names_only_the_title_s_privates():
    line = _moment(FINAL, 75, title_state={"closed_privates": ["XX"]})
    with pytest.raises(InputError, match="title_state.closed_privates"):
        read_position(line)
