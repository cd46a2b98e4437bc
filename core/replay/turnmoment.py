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
  Before any other action the step is the one the company is in, as the engine's steps
  pass (round/operating.rb, step/base.rb ``pass!``; ``step_after`` follows them): its lay
  step (``Track``) until it is done, then its token step (``Token``), then ``Route`` (past
  both: the run, the dividend, the purchases). The lay step is done once its allowance is
  spent (step/track.rb ``pass! unless can_lay_tile?``) or passed; the token step at its
  token (step/token.rb) or passed; both once the company has run or bought. Which step a
  ``pass`` ends the log tells by what the company does next in its turn (``_after_pass``):
  a pass may be of a step before the lay step (1846's share issue). Where the title lays
  and tokens in one step (``TitleInfo.lays_and_tokens_one_step``,
  step/track_and_token.rb) a pass of it ends both and a token leaves the lays going on;
* ``cash``: the cash the title's replay follows (``ReplayState.cash``): 18NY's minors only.
  Every other company's cash is left out (no limit), never guessed.

Another company (named with ``--company``) is at the start of a turn, with its cash where
it is followed.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from trainrun.board.turnstate import PRIVATE_STEPS, ROUTE_STEP, Turn
from trainrun.turn.lays import next_right

if TYPE_CHECKING:
    from trainrun.replay.gamelog import Replay

__all__ = ["step_after", "turn_before"]

OPERATORS = ("corporation", "minor")


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


def _one_step(replay: Replay) -> bool:
    return replay.game.ruleset.info.lays_and_tokens_one_step


def _lays_spent(replay: Replay, company: str, turn: Turn) -> bool:
    """Whether ``company`` has made lays this turn and its allowance is spent (the engine's
    lay step passes itself then)."""
    if not turn.lays:
        return False
    right = next_right(replay.position(company, turn=turn))
    return right is None or not (right.lay or right.upgrade)


def _step_now(replay: Replay, company: str, turn: Turn) -> str:
    """The step the operating ``company`` is in between its actions (``turn.step``, the
    replay's record of it, moved on as the engine's steps pass)."""
    if replay.ran:
        return ROUTE_STEP
    if turn.step == "Track" and not _one_step(replay) and _lays_spent(replay, company, turn):
        return "Token"
    return turn.step


def turn_before(replay: Replay, action: dict, company: str) -> Turn:
    """``company``'s turn state just before ``action`` (the replay stands there, its turn
    begun: ``trainrun.replay.gamelog.replay``)."""
    operating = replay.in_operating_rounds and company == replay.operating
    pending = tuple((hex_id, owner) for actor, hex_id, owner in replay.pending_tokens
                    if actor == company)
    turn = dataclasses.replace(replay.turn if operating else Turn(),
                               cash=replay.state.cash.get(company), pending_tokens=pending,
                               entity=None, ability=None, next_lay=None)
    kind = action.get("type")
    if action.get("entity_type") == "company" and kind in PRIVATE_STEPS and \
            _taken_by(replay, action, company):
        return dataclasses.replace(turn, step=PRIVATE_STEPS[kind], entity=action.get("entity"))
    if kind == "place_token" and _taken_by(replay, action, company):
        return dataclasses.replace(turn, step=_token_step(replay, company, pending))
    if kind == "lay_tile" and _taken_by(replay, action, company):
        return dataclasses.replace(turn, step="Track")
    return dataclasses.replace(turn, step=_step_now(replay, company, turn) if operating
                               else "Track")


# the operating company's own actions that end its lay and token steps (it has run or bought)
PAST_TOKENS = ("run_routes", "dividend", "buy_train", "discard_train")


def _before_pass(step: str, one: bool) -> str:
    """The step a ``pass`` is made in, that leaves the turn in ``step``: the token step
    before the run (the lay step where the two are one), the lay step before the token
    step, or a step before the lay step (which the lay step follows)."""
    return ("Track" if one else "Token") if step == ROUTE_STEP else "Track"


def _after_pass(replay: Replay, action: dict, company: str) -> str:
    """The step ``company``'s ``pass`` leaves its turn in, from what it does next in its
    turn (the log says which step a pass ends only by what follows: 1846's share issue is
    passed before its lay step): a lay of its own, its lay step; a token of its own, its
    token step (its lay step where the two are one); its run or purchase, or the turn's
    end, ``Route``; each further pass before that, the step before."""
    one, passes, step = _one_step(replay), 0, ROUTE_STEP
    for later in replay.game.after(action):
        if later.get("entity_type") not in OPERATORS:
            continue                  # a private's move or a player's: not a step of its own
        kind = later.get("type")
        if later.get("entity") != company or kind in PAST_TOKENS:
            break
        if kind == "pass":
            passes += 1
        elif kind in ("lay_tile", "place_token"):
            step = "Track" if kind == "lay_tile" or one else "Token"
            break
    for _ in range(passes):
        step = _before_pass(step, one)
    return step


def step_after(replay: Replay, action: dict) -> dict | None:
    """Where the operating company's own ``action`` (looked at before it is taken) leaves its
    turn, as ``Turn`` fields to set after it (None: as the replay's turn says): a token of
    its token step ends that step (``Route``; where lays and tokens share one step, the
    lays go on, ``tokened``), a ``pass`` the step it is in (``_after_pass``)."""
    company = replay.operating
    if not replay.in_operating_rounds or action.get("entity_type") not in OPERATORS or \
            action.get("entity") != company or company is None:
        return None
    step = turn_before(replay, action, company).step
    kind = action.get("type")
    if kind == "place_token" and step == "Token":
        return {"step": "Track", "tokened": True} if _one_step(replay) else {
            "step": ROUTE_STEP}
    if kind == "pass" and step != ROUTE_STEP:
        return {"step": _after_pass(replay, action, company)}
    return None
