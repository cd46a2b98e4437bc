"""1882 game logs replayed (``trainrun.replay.gamelog``): the North West Rebellion.

* The NWR private's move (engine g_1882/step/special_nwr.rb): its ``remove_token`` takes
  one of its corporation's tokens off the board, outside the NWR hexes; the home token
  (the charter's first) leaves a neutral token of CN's in its slot, and the home's
  reservation goes. Its ``place_token`` and ``lay_tile`` are the shared replay's private
  token and lay, as logged (the lay lifting the tokens of a trackless hex of two cities,
  for the corporation to place again).
* The rebellion (engine g_1882/game.rb ``init_train_handler``, ``event_nwr!``): the first
  train of a type drawn at setup, the engine's first random number of the game (of the 3,
  4, 5 and 6), sets it off when it is bought: every yellow tile laid on an NWR hex is taken
  off, the printed hex back with its tokens.
"""
from __future__ import annotations

from trainrun.plugins.api import (
    InputError,
    ReplayState,
    engine_numbers,
    game_seed,
)

NWR = "NWR"                              # the North West Rebellion private
NWR_ICON = "NWR"                         # the icon of the NWR hexes (engine map.rb)
NEUTRAL = "neutral"                      # a neutral token of CN's, as a position names it
REBELLION_TRAINS = ("3", "4", "5", "6")  # engine g_1882/game.rb init_train_handler


class Rebellion:
    """The train whose purchase sets the rebellion off, and whether it has (the books)."""

    def __init__(self, replay: ReplayState):
        drawn = next(engine_numbers(game_seed(replay.settings, replay.game_id),
                                    "1882's North West Rebellion train"))
        self.train = f"{REBELLION_TRAINS[drawn % len(REBELLION_TRAINS)]}-0"
        self.done = False


def replay_action(replay: ReplayState, action: dict) -> bool | None:
    """The NWR private's ``remove_token``; the rebellion on its train's purchase."""
    if action["type"] == "remove_token" and action.get("entity") == NWR:
        _remove_token(replay, action)
        return True
    if action["type"] == "buy_train":
        rebellion = replay.books(Rebellion)
        if not rebellion.done and action.get("train") == rebellion.train:
            replay.buy_train(action)
            rebellion.done = True
            for hex_id, placed in replay.board.items():
                printed = replay.title.hexes[hex_id].printed
                if NWR_ICON in printed.icons and placed.tile.color == "yellow" and \
                        placed.tile is not printed:
                    replay.take_tile_off(hex_id)
            return True
    return None


def _remove_token(replay: ReplayState, action: dict) -> None:
    """One of the corporation's tokens off the board; its home token leaves a neutral one
    in its slot, the home's reservation gone (engine ``process_remove_token``)."""
    owner = replay.operator(action)
    hex_id, city = replay.city_of(action)
    tokens = replay.board[hex_id].tokens.get(city)
    if tokens is None or owner not in tokens.holders():
        raise InputError(f"action {action.get('id')}", f"{owner} has no token in city "
                                                       f"{city} of {hex_id} to take off")
    home = replay.title.companies[owner].get("home")
    if home is None:        # SC: its home is where its first token went
        if len(replay.cities_of(owner)) != 1:
            raise InputError(f"action {action.get('id')}", f"cannot tell whether {owner}'s "
                                                           f"token on {hex_id} is its home")
        home = hex_id
    if hex_id == home:
        replay.replace_token(hex_id, city, owner, NEUTRAL)
        replay.remove_reservations(owner, [hex_id])
    else:
        replay.replace_token(hex_id, city, owner, None)
