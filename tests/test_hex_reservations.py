"""Homes reserving a whole hex (``trainrun.turn.hex_reservations``): 1882's QLL has its home
on J10, a hex of two cities, with no city named, so the engine reserves the hex
(``Tile#add_reservation!``) until QLL's home token lies there; with
``TILE_RESERVATION_BLOCKS_OTHERS`` at ``never`` another company is blocked while those
reservations are as many as the hex's free slots (``Tile#token_blocked_by_reservation?``).
At 1882_game_end_bankrupt#156 (tests/data/moves_compiled/1882) SC chose its home: J10 city 1
held HBR, city 0 was free, and the engine did not offer J10."""
import dataclasses
import json
from pathlib import Path

from lay_moments import compiled_moment

from trainrun import read_position
from trainrun.board.position import CityTokens
from trainrun.turn.hex_reservations import hex_reservation_refusal
from trainrun.turn.tokens import legal_tokens

MOVES = Path(__file__).parent / "data" / "moves_compiled" / "1882"


def _line(game: str, action: int) -> dict:
    return compiled_moment("1882", game, action)


def test_qll_s_waiting_home_blocks_j10_s_last_free_slot():
    line = _line("1882_game_end_bankrupt", 156)
    position = read_position(line)
    cities = [position.board["J10"].tokens[i] for i in (0, 1)]
    assert [c.slots for c in cities] == [[None], ["HBR"]]
    assert hex_reservation_refusal(position, "J10", cities, "SC") == \
        "J10's free slots are reserved for QLL's home"
    assert "J10" not in {m.hex for m in legal_tokens(position)}
    assert "J10" not in {m["hex"] for m in line["legal"]}


def test_the_reservation_ends_with_qll_s_home_token_and_spares_qll():
    position = read_position(_line("1882_game_end_bankrupt", 156))
    assert hex_reservation_refusal(position, "J10", [CityTokens([None]), CityTokens(["HBR"])],
                                   "QLL") is None
    floated = [CityTokens(["QLL"]), CityTokens([None])]
    assert hex_reservation_refusal(position, "J10", floated, "SC") is None
    # two free slots for one waiting reservation: not blocked (``never``)
    assert hex_reservation_refusal(position, "J10", [CityTokens([None]), CityTokens([None])],
                                   "SC") is None


def test_always_blocks_every_other_company_while_it_waits():
    # 1830 (TILE_RESERVATION_BLOCKS_OTHERS = :always): ERIE's home E11 has two cities
    position = read_position(next(
        d for d in map(json.loads, (MOVES.parent / "1830" / "26855.jsonl").read_text()
                       .splitlines()) if d["kind"] == "place_token"))
    assert position.title.tile_reservation_blocks == "always"
    empty = [CityTokens([None]), CityTokens([None])]
    other = next(c for c in position.title.companies if c != "ERIE")
    assert hex_reservation_refusal(dataclasses.replace(position, company=other), "E11", empty,
                                   other) == "E11 is reserved for ERIE's home"
