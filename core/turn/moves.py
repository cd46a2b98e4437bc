"""The turn engine: what the operating company may do in its operating turn, and doing it.

::

    from trainrun import read_position
    from trainrun.turn.moves import apply, legal_lays, legal_tokens

    position = read_position(open("position.json").read())
    for lay in legal_lays(position):          # Lay(hex, tile, rotation, cost)
        ...
    for token in legal_tokens(position):      # TokenMove(hex, city, cost)
        ...
    after = apply(position, legal_lays(position)[0])

``legal_lays`` lists every legal tile lay of the turn's lay step (``trainrun.turn.lays``),
``legal_tokens`` every legal token placement (``trainrun.turn.tokens``), each with what it
costs. ``apply(position, move)`` gives the new position after a ``Lay``, a ``TokenMove`` or
a ``BuyTrain`` (the next train from the bank, as ``trainrun.turn.purchase`` buys it, its
price paid from ``cash`` when the position states it), or a
dict ``{hex, tile, rotation}``, ``{hex, city}`` or ``{train}``; an illegal move raises
``trainrun.errors.InputError`` with one line naming the rule broken and the place. The
position given is never changed.

Which moves a position offers follows its ``turn.step``: the lay step (``Track``, the
default, or a private's ``SpecialTrack``) lists its lays and the tokens of the token step
that follows it on the board as it stands; a token step (``Token``, ``HomeToken``,
``SpecialToken``) lists tokens only.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from trainrun.board.position import Position
from trainrun.errors import InputError
from trainrun.turn.lay_moves import apply_lay, legal_lays
from trainrun.turn.lays import Lay
from trainrun.turn.purchase import position_after_purchase
from trainrun.turn.tokens import TokenMove, apply_token, legal_tokens

__all__ = ["BuyTrain", "Lay", "TokenMove", "apply", "legal_lays", "legal_moves",
           "legal_tokens", "move_from_dict"]

LAY_STEPS = ("Track", "SpecialTrack")


@dataclass(frozen=True)
class BuyTrain:
    """Buying the next train from the bank (the train ``trainrun_next_train`` names)."""

    train: str | None = None    # when given, it must be that train


def legal_moves(position: Position) -> dict:
    """``{"lays": [...], "tokens": [...]}`` as JSON-ready dicts, shaped like the engine's
    legal sets (``{hex, tile, rotation, cost}``, ``{hex, city, cost}``)."""
    lays = legal_lays(position) if position.turn.step in LAY_STEPS else []
    return {"lays": [{"hex": m.hex, "tile": m.tile, "rotation": m.rotation, "cost": m.cost}
                     for m in lays],
            "tokens": [m.to_dict() for m in legal_tokens(position)]}


def _int(data: dict, key: str, where: str) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(f"{where}.{key}", f"expected a whole number, got {value!r}")
    return value


def move_from_dict(data) -> Lay | TokenMove | BuyTrain:
    """A move written as JSON: ``{hex, tile, rotation[, cost]}`` a lay (its cost worked out
    when not given), ``{hex, city}`` a token, ``{train}`` a train bought from the bank."""
    if not isinstance(data, dict):
        raise InputError("move", f"expected a JSON object, got {data!r}")
    if "train" in data:
        train = data["train"]
        if train is not None and not isinstance(train, str):
            raise InputError("move.train", f"expected a train name, got {train!r}")
        return BuyTrain(train)
    hex_id = data.get("hex")
    if not isinstance(hex_id, str):
        raise InputError("move.hex", f"expected a hex id, got {hex_id!r}")
    if "tile" in data:
        tile = data["tile"]
        if not isinstance(tile, str):
            raise InputError("move.tile", f"expected a tile name, got {tile!r}")
        return Lay(hex_id, tile, _int(data, "rotation", "move"),
                   data["cost"] if "cost" in data else None)
    if "city" in data:
        return TokenMove(hex_id, _int(data, "city", "move"))
    raise InputError("move", "expected {hex, tile, rotation}, {hex, city} or {train}")


def _buy(position: Position, move: BuyTrain) -> Position:
    after, _ = position_after_purchase(position)
    bought = after.trains[-1].name
    if move.train is not None and move.train != bought:
        raise InputError("move.train", f"the bank sells a {bought} next, not a {move.train}")
    cash, price = position.turn.cash, position.title.trains[bought].price or 0
    if cash is None:
        return after
    if price > cash:
        raise InputError("move.train", f"a {bought} costs ${price}, more than "
                                       f"{position.company}'s ${cash}")
    return dataclasses.replace(after, turn=dataclasses.replace(after.turn, cash=cash - price))


def apply(position: Position, move) -> Position:
    """The position after ``move`` (a ``Lay``, ``TokenMove``, ``BuyTrain`` or its dict); an
    illegal move raises ``InputError`` naming the rule broken and the place."""
    if not isinstance(move, (Lay, TokenMove, BuyTrain)):
        move = move_from_dict(move)
    if isinstance(move, Lay):
        return apply_lay(position, move)
    if isinstance(move, TokenMove):
        return apply_token(position, move)
    return _buy(position, move)
