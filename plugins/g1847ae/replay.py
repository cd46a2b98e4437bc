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
  floats once at most half its shares' percent is left in its IPO (corporation.rb
  ``floated?``, ``float_percent`` 50), its reserved investor shares (Saar_1, Saar_2 and
  HLB_1, ``float_includes_reserved``) not counted: the shares leave the IPO as a player
  pars (the president's share), buys them, or buys a private company holding them (its
  ``shares`` ability, all sold in the draft before any share).
"""
from __future__ import annotations

from trainrun.plugins.api import ReplayState

# each corporation's shares by index, in percent (engine g_1847_ae/entities.rb ``shares``)
SHARES = {"L": (20, 10, 10, 10, 10, 10, 10, 10, 10),
          "Saar": (20, 10, 10, 10, 10, 10, 10, 20), "HLB": (20, 10, 10, 10, 10, 10, 10, 20),
          "NDB": (20, 10, 20, 10, 10, 10, 20), "M": (20, 10, 10, 10, 10, 10, 10, 20),
          "N": (20, 10, 20, 10, 10, 10, 20), "RNB": (20, 10, 20, 10, 10, 10, 20)}
FLOAT_PERCENT = 50
# the investor shares reserved for exchange (engine g_1847_ae/game.rb ``setup``), not
# counted against floating (``float_includes_reserved``)
RESERVED = frozenset({"Saar_1", "Saar_2", "HLB_1"})

FIRST_TURN = "first_turn"     # title_state: the corporation's first operating turn


class Game1847AE:
    """This title's bookkeeping on a replay (``ReplayState.books``)."""

    def __init__(self, replay: ReplayState):
        self.operated: set[str] = set()       # corporations that have had an operating turn
        self.first: str | None = None          # the corporation in its first operating turn
        # the shares out of their IPO: the privates' from the start
        self.sold: set[str] = {share for data in replay.title.privates.values()
                               for a in data.get("abilities") or ()
                               if a.get("type") == "shares"
                               for share in ([a["shares"]] if isinstance(a["shares"], str)
                                             else a["shares"])}
        self.floated: set[str] = set()


def replay_action(replay: ReplayState, action: dict) -> bool | None:
    """A player's par or purchase takes shares out of the IPO; a corporation that floats
    places its home tokens (engine base.rb ``float_corporation``, ``place_home_token``)."""
    kind = action["type"]
    if action.get("entity_type") != "player" or kind not in ("par", "buy_shares"):
        return None
    game = replay.books(Game1847AE)
    if kind == "par":
        corporation = action.get("corporation")
        shares = [f"{corporation}_0"]
    else:
        shares = [s for s in action.get("shares") or () if isinstance(s, str)]
    game.sold.update(shares)
    for corporation in {s.rpartition("_")[0] for s in shares} & set(SHARES) - game.floated:
        left = sum(p for i, p in enumerate(SHARES[corporation])
                   if f"{corporation}_{i}" not in game.sold | RESERVED)
        if left <= 100 - FLOAT_PERCENT:
            game.floated.add(corporation)
            if not replay.cities_of(corporation):
                _home_tokens(replay, corporation)
    return None


def replay_round(replay: ReplayState, action: dict) -> str | None:
    """A corporation's first operating turn begins (``first_turn``) or ends."""
    game = replay.books(Game1847AE)
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
