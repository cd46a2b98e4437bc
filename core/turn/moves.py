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
``SpecialToken``) lists tokens only; past both (``Route``: the run, the dividend, the train
purchases) there is neither, ``legal_moves`` says why (``reason``) and ``apply`` refuses a
lay or a token in one line.

Beside its own lays and tokens, in its ``Track`` and ``Token`` steps the company may use
the abilities of the privates it holds, and of those its president holds where they work
in its turn (``trainrun.turn.abilities.usable``, read from the title's privates data):
``legal_moves`` then lists them under ``abilities``, each private's lays and tokens with
its ``private``; such a move (an ``AbilityMove``, or a move dict with ``private``) is made
by the private's step (``SpecialTrack``, ``SpecialToken``), after which the company's step
goes on (a private whose lays must be laid together keeps laying) and the position's
``abilities`` say what is left of it.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from trainrun.board.position import Position
from trainrun.board.turnstate import step_refusal
from trainrun.errors import InputError
from trainrun.turn.abilities import Usable, acting, find_usable, settled, usable
from trainrun.turn.lay_moves import apply_lay, legal_lays
from trainrun.turn.lays import Lay
from trainrun.turn.purchase import position_after_purchase
from trainrun.turn.tokens import TokenMove, apply_token, legal_tokens

__all__ = ["AbilityMove", "BuyTrain", "Lay", "TokenMove", "apply", "legal_lays",
           "legal_moves", "legal_tokens", "move_from_dict"]

LAY_STEPS = ("Track", "SpecialTrack")


@dataclass(frozen=True)
class BuyTrain:
    """Buying the next train from the bank (the train ``trainrun_next_train`` names)."""

    train: str | None = None    # when given, it must be that train


@dataclass(frozen=True)
class AbilityMove:
    """A move made with an ability of ``private`` (its sym or name), one the company may use
    now (``trainrun.turn.abilities.usable``): a ``Lay`` of its ``tile_lay`` or ``teleport``,
    or a ``TokenMove`` of its ``token`` (or of a teleport whose tile lies)."""

    private: str
    move: Lay | TokenMove

    def to_dict(self) -> dict:
        return {**_move_dict(self.move), "private": self.private}


def _move_dict(move: Lay | TokenMove) -> dict:
    if isinstance(move, Lay):
        return {"hex": move.hex, "tile": move.tile, "rotation": move.rotation,
                "cost": move.cost}
    return move.to_dict()


def _ability_moves(position: Position, use: Usable) -> dict:
    """What one usable ability offers: its private, its type, its lays and tokens."""
    there = acting(position, use)
    lays = legal_lays(there) if use.step == "SpecialTrack" else []
    tokens = legal_tokens(there) if use.step == "SpecialToken" else []
    return {"private": use.private, "name": use.held.name, "type": use.held.data["type"],
            "count": use.held.ability.count,
            "lays": [AbilityMove(use.private, m).to_dict() for m in lays],
            "tokens": [AbilityMove(use.private, m).to_dict() for m in tokens]}


def legal_moves(position: Position) -> dict:
    """``{"lays": [...], "tokens": [...]}`` as JSON-ready dicts, shaped like the engine's
    legal sets (``{hex, tile, rotation, cost}``, ``{hex, city, cost}``); where the company
    may use abilities of privates now, ``"abilities"`` too: per ability with a legal move
    ``{private, name, type, count, lays, tokens}``, each move with its ``private``, as
    ``apply`` takes it; where the step takes no lay nor token (``Route``), ``"reason"``
    says so."""
    lays = legal_lays(position) if position.turn.step in LAY_STEPS else []
    out: dict[str, list | str] = {"lays": [_move_dict(m) for m in lays],
                            "tokens": [m.to_dict() for m in legal_tokens(position)]}
    offered = [_ability_moves(position, use) for use in usable(position)]
    offered = [o for o in offered if o["lays"] or o["tokens"]]
    if offered:
        out["abilities"] = offered
    if (why := step_refusal(position.turn, position.company, "lay or token")) is not None:
        out["reason"] = why
    return out


def _int(data: dict, key: str, where: str) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(f"{where}.{key}", f"expected a whole number, got {value!r}")
    return value


def move_from_dict(data) -> Lay | TokenMove | BuyTrain | AbilityMove:
    """A move written as JSON: ``{hex, tile, rotation[, cost]}`` a lay (its cost worked out
    when not given), ``{hex, city}`` a token, ``{train}`` a train bought from the bank; with
    ``private`` (a private's sym or name) a lay or token of that private's ability."""
    if not isinstance(data, dict):
        raise InputError("move", f"expected a JSON object, got {data!r}")
    if "private" in data:
        private = data["private"]
        if not isinstance(private, str):
            raise InputError("move.private", f"expected a private company, got {private!r}")
        move = move_from_dict({k: v for k, v in data.items() if k != "private"})
        if not isinstance(move, (Lay, TokenMove)):
            raise InputError("move.private", "a private's ability lays a tile or places a "
                                             "token")
        return AbilityMove(private, move)
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
        token_type = data.get("token_type") or ""
        if not isinstance(token_type, str):
            raise InputError("move.token_type", f"expected a token type, got {token_type!r}")
        return TokenMove(hex_id, _int(data, "city", "move"), token_type=token_type)
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


def _use(position: Position, move: AbilityMove) -> Position:
    """The position after a move of a private's ability (see the module's docstring)."""
    step = "SpecialTrack" if isinstance(move.move, Lay) else "SpecialToken"
    use = find_usable(position, move.private, step)
    there = acting(position, use)
    after = apply_lay(there, move.move) if isinstance(move.move, Lay) else apply_token(
        there, move.move)
    return settled(position, after, use)


def apply(position: Position, move) -> Position:
    """The position after ``move`` (a ``Lay``, ``TokenMove``, ``BuyTrain``, ``AbilityMove``
    or its dict); an illegal move raises ``InputError`` naming the rule broken and the
    place."""
    if not isinstance(move, (Lay, TokenMove, BuyTrain, AbilityMove)):
        move = move_from_dict(move)
    if isinstance(move, AbilityMove):
        return _use(position, move)
    if isinstance(move, Lay):
        return apply_lay(position, move)
    if isinstance(move, TokenMove):
        return apply_token(position, move)
    return _buy(position, move)
