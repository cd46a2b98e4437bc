"""The turn state (``trainrun.board.turnstate.Turn``) of a company just before an action of a
game log, as the replay (``trainrun.replay.gamelog.Replay``) has followed the game to there:
what the turn engine reads to offer that company's moves (``trainrun moves``, ``advise``).

For the company operating there (its turn opened by the action, or earlier), and for one
whose own action it is (1817's home token, chosen as the corporation floats):

* ``lays``, ``upgraded``, ``laid_hexes``: the lays made so far in its turn, as the turn
  engine counted them while the replay laid them; a private's lay in its owner's turn is
  one of the hexes laid (engine tracker.rb ``lay_tile_action``) and one of its lays only
  where the title's replay counts it (1817's ``consume_tile_lay``);
* ``step``: the step the action is taken in, by its type and its entity. ``lay_tile``:
  ``Track``, or ``SpecialTrack`` for a private's ability (``entity``: the private's sym);
  ``place_token``: ``SpecialToken`` for a private's, ``HomeToken`` when it puts back a
  token a lay lifted (``pending_tokens``, engine step/tracker.rb ``update_token!``) or
  chooses the company's home city (engine base.rb ``place_home_token``), else ``Token``.
  Before any other action (the run, a purchase) the step is the company's lay step with
  the turn's lays counted: a turn state has no step past its tokens, so its remaining lay
  allowance, if any, is still offered there;
* ``cash``: the cash the title's replay follows (``ReplayState.cash``): 18NY's minors only.
  Every other company's cash is left out (no limit), never guessed.

Another company (named with ``--company``) is at the start of a turn, with its cash where
it is followed.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from trainrun.board.turnstate import PRIVATE_STEPS, Turn

if TYPE_CHECKING:
    from trainrun.replay.gamelog import Replay

__all__ = ["turn_before"]


def _token_step(replay: Replay, company: str, pending: tuple) -> str:
    """``HomeToken`` when ``company``'s token goes back where a lay lifted it, or is its
    chosen home; else ``Token``."""
    choosing = (replay.rules.home_token_timing == "choose" or company in replay.choosing)
    return "HomeToken" if pending or (choosing and not replay.has_token(company)) else "Token"


def _taken_by(replay: Replay, action: dict, company: str) -> bool:
    """Whether ``action`` is ``company``'s own, or that of a private it owns, or of one a
    player holds (used in the turn of the company named: 18Texas's teleports)."""
    entity = action.get("entity")
    if action.get("entity_type") == "company":
        return isinstance(entity, str) and replay.owners.get(entity, company) == company
    return entity == company


def turn_before(replay: Replay, action: dict, company: str) -> Turn:
    """``company``'s turn state just before ``action`` (the replay stands there, its turn
    begun: ``trainrun.replay.gamelog.replay``)."""
    operating = replay.in_operating_rounds and company == replay.operating
    pending = tuple((hex_id, owner) for actor, hex_id, owner in replay.pending_tokens
                    if actor == company)
    turn = dataclasses.replace(replay.turn if operating else Turn(),
                               cash=replay.state.cash.get(company), pending_tokens=pending,
                               step="Track", entity=None, ability=None, next_lay=None)
    kind = action.get("type")
    if not _taken_by(replay, action, company):
        return turn
    if action.get("entity_type") == "company" and kind in PRIVATE_STEPS:
        return dataclasses.replace(turn, step=PRIVATE_STEPS[kind], entity=action.get("entity"))
    if kind == "place_token":
        return dataclasses.replace(turn, step=_token_step(replay, company, pending))
    return turn
