"""1847 AE game logs replayed (``trainrun.replay.gamelog``).

Engine ``G1847AE::Game`` (g_1847_ae/game.rb):

* Lays per turn (``tile_lays``): a corporation floated since the last operating round
  lays a yellow tile or an upgrade, then a yellow tile if it did not upgrade, on another
  hex (``TWO_YELLOW_OR_YELLOW_AND_UPGRADE``, ``@recently_floated``, emptied by
  ``or_round_finished``); the others lay two yellow tiles until the first 4 train
  (``TWO_YELLOW``, event ``only_one_yellow``: the phases with status
  ``two_yellow_tracks``), then one yellow tile or upgrade. A corporation floats once and
  operates in the next operating round: its first operating turn is the turn it is
  recently floated, and its positions carry ``title_state`` ``first_turn`` 1 until that
  turn is over.
* Home tokens go down as a corporation floats (``HOME_TOKEN_TIMING = :float``; L's at
  setup), HLB's in both its homes, D18 and C21 (``place_home_token``). A corporation
  floats in a stock or draft round and operates in the next operating round: as that set
  of operating rounds begins, each corporation acting in it before the next stock or
  draft round that has no token yet places its home tokens (the engine placed them as it
  floated; no run lies between).
"""
from __future__ import annotations

from trainrun.plugins.api import ReplayRules, ReplayState

# a player's action that ends the operating rounds (a stock or draft round's)
STOCK_ACTIONS = frozenset({"par", "buy_shares", "sell_shares", "bid", "pass"})

FIRST_TURN = "first_turn"     # title_state: the corporation's first operating turn


def replay_rules(settings: dict) -> ReplayRules:
    """Home tokens as each corporation first operates (L's at setup), no train exported."""
    return ReplayRules()


class Game1847AE:
    """This title's bookkeeping on a replay (``ReplayState.books``)."""

    def __init__(self, replay: ReplayState):
        self.operated: set[str] = set()       # corporations that have had an operating turn
        self.first: str | None = None          # the corporation in its first operating turn


def replay_round(replay: ReplayState, action: dict) -> str | None:
    """A corporation's first operating turn begins (``first_turn``) or ends."""
    game = replay.books(Game1847AE)
    if not replay.in_operating_rounds and action.get("entity_type") in ("corporation",
                                                                          "company"):
        _floated_homes(replay, action)
    acting = action.get("entity") if action.get("entity_type") == "corporation" else None
    if acting is None and action.get("entity_type") == "company" and \
            action.get("entity") in replay.owners:
        acting = replay.owners[action["entity"]]
    if acting is None and action.get("entity_type") != "player":
        return None
    if game.first is not None and acting != game.first:
        replay.drop_title_state(game.first)
        game.first = None
    if isinstance(acting, str) and acting not in game.operated:
        game.operated.add(acting)
        game.first = acting
        replay.set_title_state(acting, {FIRST_TURN: 1})
    return None


def _floated_homes(replay: ReplayState, action: dict) -> None:
    """The home tokens of the corporations that floated before this set of operating
    rounds (engine base.rb ``float_corporation``, ``place_home_token``; g_1847_ae/game.rb
    ``place_home_token``: HLB's two)."""
    actions = replay.actions
    start = next((i for i, a in enumerate(actions) if a is action), None)
    if start is None:
        return
    operating: list[str] = []
    for later in actions[start:]:
        if later.get("entity_type") == "player" and later["type"] in STOCK_ACTIONS:
            break
        entity = later.get("entity")
        if later.get("entity_type") == "corporation" and isinstance(entity, str) and \
                entity in replay.title.companies and entity not in operating:
            operating.append(entity)
    for corporation in operating:
        if not replay.cities_of(corporation):
            _home_tokens(replay, corporation)


def _home_tokens(replay: ReplayState, corporation: str) -> None:
    """``corporation``'s home token in each of its homes (HLB: two), in the city reserved
    for it, and its reservations gone."""
    homes = replay.title.companies[corporation].get("home")
    if isinstance(homes, str):
        replay.put_home_token(corporation)
        return
    for hex_id in homes or ():
        placed = replay.board[hex_id]
        cities = [n.index for n in placed.tile.nodes if n.kind == "city"]
        reserved = [i for i in cities if i in placed.tokens
                    and corporation in placed.tokens[i].reserved]
        replay.put_token(hex_id, (reserved or cities)[0], corporation)
    replay.remove_reservations(corporation)
