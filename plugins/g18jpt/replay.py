"""18JP-T game logs replayed (``trainrun.replay.gamelog``).

Engine ``G18JPT::Game`` (g_18_jpt/game.rb, entities.rb) and its steps (g_18_jpt/step/):

* Home tokens go down as each corporation first operates (the engine's default timing);
  TR's second home token goes to H76 with its first (``place_home_token``,
  ``TR_SECOND_STARTING_TOKEN``).
* Destinations (``setup``): each hex of a corporation's ``assign_hexes`` and ``hex_bonus``
  abilities is assigned to it from the start, a marker named as the engine's positions
  name it (``<Engine::Corporation: SER>``). A token of TR on H84 or of TC on A93
  (step/token.rb ``place_token``) takes its marker off and swaps its ``assign_hexes``
  ability for the delayed one (``DELAYED_ABILITIES``: TR's two lays or upgrades a turn,
  TC's train discount). Each corporation's positions carry its abilities (the hex bonuses
  its runs score), after those of the privates it holds (corporation.rb
  ``all_abilities``), and the ``privates`` as it sees them.
* Privates: the TR private closes when TR is parred (its ``close`` ability), every
  private with the first 5 train (``close_companies``); TER's lay uses its ability up.
"""
from __future__ import annotations

from trainrun.plugins.api import ReplayRules, ReplayState

TR, TR_SECOND_HOME = "TR", "H76"     # engine g_18_jpt/game.rb TR_SECOND_STARTING_TOKEN
TC = "TC"
CLOSE_ON = "5"                       # the train whose event closes the privates
CLOSES_ON_PAR = {"TR": "TR"}         # private -> the corporation whose par closes it
# each corporation's own abilities as the engine's positions list them (entities.rb)
TR_DESTINATION = {"type": "assign_hexes", "description": "Double tile lay if H84 was tokened",
                  "count": 1, "hexes": ["H84"]}
TC_DESTINATION = {"type": "assign_hexes",
                  "description": "Buy trains at 20% discount if A93 tokened", "count": 1,
                  "hexes": ["A93"]}
# corporation -> (its destination, the ability a token there gives: DELAYED_ABILITIES)
DESTINATION_HEXES = {TR: "H84", TC: "A93"}
DESTINATIONS = {
    TR: (TR_DESTINATION, {"type": "description", "description": "Lay or upgrade two tiles"}),
    TC: (TC_DESTINATION, {"type": "train_discount",
                          "description": "Buy trains at 20% discount"}),
}


def _bonus(description: str, *hexes: str) -> dict:
    return {"type": "hex_bonus", "description": description, "hexes": list(hexes),
            "amount": 0}


OWN_ABILITIES: dict[str, list[dict]] = {
    TR: [TR_DESTINATION],
    "SER": [_bonus("Double income from Tokorozawa (A81)", "A81"),
            {"type": "description", "description": "¥100 subsidy after laying town tiles"}],
    "OER": [_bonus("Double income from Odawara (A91)", "A91")],
    "KC": [_bonus("Double income from Hachioji (A87)", "A87")],
    TC: [{"type": "description", "description": "Additional tile lays after laying town tiles"},
         TC_DESTINATION],
    "KEER": [_bonus("Double income from D98 and H92", "D98", "H92")],
    "KER": [_bonus("Double income from Narita (L84)", "L84")],
    "TM": [{"type": "tile_discount", "description": 'Place "T" tiles for free',
            "hexes": ["F84", "F86", "F88", "G85", "G87", "G89", "H84"]}],
    "SAR": [_bonus("Double income from Yamato (A95)", "A95")],
    "TX": [_bonus("Double income from Tsukuba (L76)", "L76")],
    "HR": [_bonus("Double income from Shiroi (L80)", "L80")],
}
# the privates' abilities a position lists for their holder (the others change no lay)
LISTED = ("blocks_hexes", "tile_lay", "shares")


def marker(corporation: str) -> str:
    """A hex assigned to ``corporation``, as the engine's positions name it."""
    return f"<Engine::Corporation: {corporation}>"


def replay_rules() -> ReplayRules:
    """Home tokens as each corporation first operates; no train exported; every
    destination hex marked (engine ``setup``)."""
    markers: dict[str, tuple[str, ...]] = {}
    for corporation, abilities in OWN_ABILITIES.items():
        for ability in abilities:
            if ability["type"] in ("assign_hexes", "hex_bonus"):
                for hex_id in ability["hexes"]:
                    markers[hex_id] = markers.get(hex_id, ()) + (marker(corporation),)
    return ReplayRules(markers=markers)


class Game18JPT:
    """This title's bookkeeping on a replay (``ReplayState.books``)."""

    def __init__(self, replay: ReplayState):
        self.own = {c: [dict(a) for a in held] for c, held in OWN_ABILITIES.items()
                    if c in replay.title.companies}
        self.closed: set[str] = set()
        self.used: set[str] = set()        # privates whose lay ability is used up


def replay_round(replay: ReplayState, action: dict) -> str | None:
    """TR's two home tokens as it first operates (before the shared replay's home token);
    each corporation's abilities and privates published."""
    game = replay.books(Game18JPT)
    acting = action.get("entity") if action.get("entity_type") == "corporation" else None
    if acting is None and action.get("entity_type") == "company":
        acting = replay.owners.get(str(action.get("entity")))
    if acting == TR and TR not in replay.homed and not replay.cities_of(TR):
        replay.put_home_token(TR)
        placed = replay.board[TR_SECOND_HOME]
        city = next(n.index for n in placed.tile.nodes if n.kind == "city")
        replay.put_token(TR_SECOND_HOME, city, TR)
    _publish(replay, game)
    return None


def replay_action(replay: ReplayState, action: dict) -> bool | None:
    """Destinations reached by a token; privates closed or used; the rest shared."""
    game = replay.books(Game18JPT)
    kind = action["type"]
    if kind == "par":
        game.closed |= {p for p, c in CLOSES_ON_PAR.items() if c == action.get("corporation")}
    elif kind == "buy_train" and str(action.get("train", "")).rpartition("-")[0] == CLOSE_ON:
        replay.buy_train(action)
        game.closed |= set(replay.title.privates)
        _publish(replay, game)
        return True
    elif kind == "lay_tile" and action.get("entity_type") == "company":
        replay.lay_tile(action)
        game.used.add(str(action.get("entity")))
        _publish(replay, game)
        return True
    elif kind == "place_token" and action.get("entity_type") == "corporation":
        corporation = str(action.get("entity"))
        replay.place_token(action)
        _destination(replay, game, corporation)
        _publish(replay, game)
        return True
    return None


def _destination(replay: ReplayState, game: Game18JPT, corporation: str) -> None:
    """A token on the corporation's destination: the marker off, the delayed ability on
    (engine g_18_jpt/step/token.rb ``place_token``)."""
    if corporation not in DESTINATIONS:
        return
    before, after = DESTINATIONS[corporation]
    if before not in game.own[corporation]:
        return
    hex_id = DESTINATION_HEXES[corporation]
    if hex_id not in {h for h, _ in replay.cities_of(corporation)}:
        return
    game.own[corporation] = [a for a in game.own[corporation] if a != before] + [after]
    replay.set_markers(hex_id, tuple(m for m in replay.board[hex_id].markers
                                     if m != marker(corporation)))


def _publish(replay: ReplayState, game: Game18JPT) -> None:
    """Every corporation's abilities (its privates', then its own) and privates, as its
    positions carry them."""
    owners = replay.owners
    for corporation in replay.title.companies:
        held = [p for p, c in owners.items() if c == corporation and p not in game.closed]
        privates = []
        for sym in held:
            data = replay.title.privates.get(sym, {})
            for ability in data.get("abilities", ()):
                if ability["type"] not in LISTED or (ability["type"] == "tile_lay"
                                                     and sym in game.used):
                    continue
                privates.append(replay.listed_ability(sym, ability))
        replay.set_abilities(corporation, privates + game.own.get(corporation, []))
        replay.set_privates(corporation, {
            sym: ("company" if owners.get(sym) == corporation else
                  "other" if sym in owners else "player")
            for sym in replay.title.privates if sym not in game.closed})
