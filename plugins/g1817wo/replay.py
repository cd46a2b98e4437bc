"""1817WO game logs replayed (``trainrun.replay.gamelog``): 1817's replay
(``trainrun.plugins.g1817.replay``), and Nieuw Zeeland (engine ``G1817WO::Game``).

* A neutral token (the engine's 1867-style green token, ``setup``) fills Nieuw Zeeland's
  one city (L9) from the start; the first 3 train to leave the bank, bought or exported,
  takes it off (``event_nieuw_zeeland_available!``) as it starts phase 3: from then on a
  corporation may choose its home there.
* A corporation whose home is Nieuw Zeeland places a second token as its size gives it
  its tokens (``place_second_token``, called by ``BuySellParShares#add_tokens`` and
  ``HomeToken#process_place_token``): having no home hex, it chooses among the cities a
  home may go to, unreached; the log shows it as the corporation's next ``place_token``.
"""
from __future__ import annotations

import dataclasses

from trainrun.plugins import g1817
from trainrun.plugins.api import ReplayRules, ReplayState
from trainrun.plugins.g1817 import replay as g1817_replay

NIEUW_ZEELAND = "L9"
NEUTRAL = "neutral"          # the green token, as a position names it
CLOSED_PHASES = ("2", "2+")  # the first 3 train, starting phase 3, opens it (engine TRAINS)


def replay_rules() -> ReplayRules:
    """1817's rules, with the green token on Nieuw Zeeland."""
    rules = g1817.trainrun_replay_rules()
    return dataclasses.replace(rules, tokens={**rules.tokens, NIEUW_ZEELAND: (NEUTRAL,)})


def round_of(replay: ReplayState, action: dict) -> str:
    """1817's rounds, a second token in the stock round's; as an action comes up, before
    its position is handed out, Nieuw Zeeland opened if the phase it waits for has begun
    (a 3 bought or exported)."""
    tokens = replay.board[NIEUW_ZEELAND].tokens.get(0)
    if replay.phase.name not in CLOSED_PHASES and tokens is not None and \
            NEUTRAL in tokens.slots:
        replay.replace_token(NIEUW_ZEELAND, 0, NEUTRAL, None)
    if _second_token_of(replay, action):
        return "none"
    return g1817_replay.round_of(replay, action)


def replay_action(replay: ReplayState, action: dict) -> bool | None:
    """A Nieuw Zeeland corporation's second token; 1817's replay for the rest."""
    corporation = _second_token_of(replay, action)
    if corporation is not None:
        _second_token(replay, corporation, action)
        return True
    return g1817_replay.replay_action(replay, action)


def _second_token_of(replay: ReplayState, action: dict) -> str | None:
    """The corporation homed in Nieuw Zeeland whose second token ``action`` places: its
    ``place_token`` in the stock round that sized it, with no token but its home yet."""
    entity = action.get("entity")
    if action["type"] == "place_token" and action.get("entity_type") == "corporation" and \
            isinstance(entity, str) and g1817_replay.in_stock_round(replay) and \
            replay.cities_of(entity) == [(NIEUW_ZEELAND, 0)]:
        return entity
    return None


def _second_token(replay: ReplayState, corporation: str, action: dict) -> None:
    """The second token of a corporation homed in Nieuw Zeeland, in the city the log
    names, unreached (engine ``place_second_token``'s pending token)."""
    replay.put_token(*replay.city_of(action), corporation)
