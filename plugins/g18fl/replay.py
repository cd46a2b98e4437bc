"""18FL game logs replayed (``trainrun.replay.gamelog``).

Engine ``G18FL::Game`` (g_18_fl/game.rb) and its steps (g_18_fl/step/):

* Every corporation's home token lies on the board from the start (``setup``), SAL's and
  SR's in Jacksonville B23's two cities.
* Hotels (step/token.rb ``process_hex_token``): a ``hex_token`` puts one of the
  corporation's charter tokens on a town hex as an icon named after it (hex.rb
  ``place_token``), which its runs score; icons stay through upgrades. Its positions
  count the charter tokens the hotels took (``tokens_left``), and the Terminal Company's
  token beside a city's slots (its ``extra_slot``, the shared replay) as a token of its
  own, not the charter's.
* The Steamboat (step/assign.rb): POSC's ``assign`` to a port hex marks the hex ``POSC``
  and assigns POSC to the corporation whose turn it is (``company_assignments``; a
  player's private may act before that corporation's first action: the next corporation
  to act, the assignment waiting for it).
* The first 5 train (``event_close_port!``): every POSC assignment and the port icons of
  the steamboat hexes go. The first 6 or 3E (``event_hurricane!``): the Florida Keys
  M24 and M26 go back to their printed tiles, Key West's hotels gone.
* ``convert`` (5 to 10 shares) changes no board or train.
"""
from __future__ import annotations

from trainrun.plugins.api import ReplayState

STEAMBOAT = "POSC"
STEAMBOAT_HEXES = ("B5", "B23", "G20", "K28")     # engine STEAMBOAT_HEXES
PORT = "port"
CLOSE_PORT_ON, HURRICANE_ON = "5", "6"            # the trains whose events these are
KEY_WEST, KEY_ISLAND = "M24", "M26"


class Game18FL:
    """This title's bookkeeping on a replay (``ReplayState.books``); its start places every
    home token (engine ``setup``)."""

    def __init__(self, replay: ReplayState):
        for corporation in replay.title.companies:
            if not replay.cities_of(corporation):
                replay.put_home_token(corporation)
        self.hotels: dict[str, int] = {}      # charter tokens each corporation's hotels took
        self.terminal: dict[str, int] = {}    # the Terminal Company's tokens it holds
        self.events: set[str] = set()
        self.steamboat_waits = False          # POSC assigned, its corporation not known yet


def replay_round(replay: ReplayState, action: dict) -> str | None:
    """The home tokens at the game's start (the first action); the Steamboat's assignment
    to the next corporation to act, as its action comes up (engine ``current_entity``)."""
    game = replay.books(Game18FL)
    entity = action.get("entity")
    if game.steamboat_waits and action.get("entity_type") == "corporation" and \
            entity in replay.title.companies:
        replay.set_company_assignments(entity, (STEAMBOAT,))
        game.steamboat_waits = False
    return None


def replay_action(replay: ReplayState, action: dict) -> bool | None:
    game = replay.books(Game18FL)
    kind = action["type"]
    if kind == "convert":       # shares only (engine ``convert``)
        return True
    if kind == "hex_token":
        _hotel(replay, game, action)
        return True
    if kind == "assign" and action.get("entity") == STEAMBOAT:
        hex_id = str(action.get("target"))
        replay.set_markers(hex_id, replay.board[hex_id].markers + (STEAMBOAT,))
        game.steamboat_waits = True
        return True
    if kind == "place_token" and action.get("entity_type") == "company":
        replay.place_token(action)
        tokener = replay.operator(action) if action.get("entity") in replay.owners else \
            str(action.get("tokener"))
        game.terminal[tokener] = game.terminal.get(tokener, 0) + 1
        _count_tokens(replay, game, tokener)
        return True
    if kind == "buy_train":
        name = str(action.get("train", "")).rpartition("-")[0]
        replay.buy_train(action)
        if name == CLOSE_PORT_ON and name not in game.events:
            game.events.add(name)
            _close_port(replay)
        elif name == HURRICANE_ON and name not in game.events:
            game.events.add(name)
            _hurricane(replay)
        return True
    return None


def _hotel(replay: ReplayState, game: Game18FL, action: dict) -> None:
    """A hotel: the corporation's icon on the town hex, one charter token used."""
    corporation = replay.operator(action)
    hex_id = str(action.get("hex"))
    replay.set_icons(hex_id, replay.board[hex_id].icons + (corporation,))
    game.hotels[corporation] = game.hotels.get(corporation, 0) + 1
    _count_tokens(replay, game, corporation)


def _count_tokens(replay: ReplayState, game: Game18FL, corporation: str) -> None:
    """The tokens beyond the charter's: the Terminal Company's, less the hotels'."""
    replay.set_extra_tokens(corporation, game.terminal.get(corporation, 0)
                            - game.hotels.get(corporation, 0))


def _close_port(replay: ReplayState) -> None:
    """Engine ``event_close_port!``: the assignments and the steamboat hexes' ports go."""
    for corporation, assigned in replay.company_assignments.items():
        if STEAMBOAT in assigned:
            replay.set_company_assignments(corporation, tuple(a for a in assigned
                                                              if a != STEAMBOAT))
    for hex_id, placed in replay.board.items():
        if STEAMBOAT in placed.markers:
            replay.set_markers(hex_id, tuple(m for m in placed.markers if m != STEAMBOAT))
    for hex_id in STEAMBOAT_HEXES:
        replay.set_icons(hex_id, tuple(i for i in replay.board[hex_id].icons if i != PORT))


def _hurricane(replay: ReplayState) -> None:
    """Engine ``event_hurricane!``: Key West's icons cleared, both Keys hexes printed
    again."""
    replay.set_icons(KEY_WEST, ())
    for hex_id in (KEY_ISLAND, KEY_WEST):
        if replay.board[hex_id].tile is not replay.title.hexes[hex_id].printed:
            replay.take_tile_off(hex_id)
