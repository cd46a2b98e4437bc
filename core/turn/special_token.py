"""A private company's own token (step ``SpecialToken``): what its ability allows.

The position's ``turn.entity`` is the private using its ability and ``turn.ability`` that
ability (the 18xx.games engine's ``token``: ``hexes``, ``price``, ``teleport_price``,
``connected``, ``from_owner``, ``count``). The token is the operating company's. Against
the company's own token (``trainrun.turn.tokens``) the ability changes (engine
``Step::SpecialToken``, ``Tokener#place_token``):

* where: a city in its ``hexes`` (any hex when none are listed), reached by the company's
  track only with ``connected``;
* which slot: a slot reserved for the private is the company's (engine
  ``City#find_reservation``: a reservation by a company its owner holds);
* which token: one the ability brings, not one of the company's (with ``from_owner``: one
  of the company's, so it needs one left);
* cost: ``price`` in a city the company reaches, ``teleport_price`` elsewhere; the title's
  token cost when the ability states neither;
* afterwards: the ability has one token fewer; with no ``count`` it places one token (the
  18NY Stagecoach closes once placed: docs/rules/18ny.md §8), and the step returns to the
  company's ``Token`` once the ability is spent.

The rules that stay: one token per hex, a free slot, no more than the ``cash``.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from trainrun.board.position import Position
from trainrun.board.turnstate import Turn
from trainrun.errors import InputError

STEP = "SpecialToken"


@dataclass(frozen=True)
class TokenAbility:
    """A private's ``token`` ability, as a position states it."""

    hexes: tuple[str, ...] = ()
    price: int | None = None
    teleport_price: int | None = None
    connected: bool = False
    from_owner: bool = False
    count: int | None = None


def _amount(data: dict, key: str) -> int | None:
    value = data.get(key)
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                              or value < 0):
        raise InputError(f"turn.ability.{key}", f"expected a whole number ≥ 0, got {value!r}")
    return value


def token_ability_of(position: Position) -> TokenAbility:
    """The ability of ``turn.ability``; ``InputError`` naming the field at fault."""
    data = position.turn.ability
    if not isinstance(data, dict) or data.get("type", "token") != "token":
        raise InputError("turn.ability", "a SpecialToken step needs a token ability")
    hexes = data.get("hexes", [])
    if not isinstance(hexes, list) or not all(isinstance(h, str) for h in hexes):
        raise InputError("turn.ability.hexes", f"expected a list of hex ids, got {hexes!r}")
    unknown = [h for h in hexes if h not in position.title.hexes]
    if unknown:
        raise InputError("turn.ability.hexes", f"unknown hex {unknown[0]!r}")
    flags = {}
    for key in ("connected", "from_owner"):
        value = data.get(key, False)
        if not isinstance(value, bool):
            raise InputError(f"turn.ability.{key}", f"expected true or false, got {value!r}")
        flags[key] = value
    return TokenAbility(tuple(hexes), _amount(data, "price"), _amount(data, "teleport_price"),
                        flags["connected"], flags["from_owner"], _amount(data, "count"))


def special_token_step(position: Position) -> bool:
    return position.turn.step == STEP


def price(ability: TokenAbility, reached: bool) -> int | None:
    """What the ability's token costs in a city the company reaches or not (None: the
    title's token cost)."""
    if reached and ability.price is not None:
        return ability.price
    return ability.teleport_price if ability.teleport_price is not None else ability.price


def turn_after(position: Position, ability: TokenAbility, cost: int) -> Turn:
    """The turn once the private's token is placed (see the module's "afterwards")."""
    turn = position.turn
    assert turn.ability is not None     # ``ability`` was read from it (token_ability_of)
    after = dataclasses.replace(turn, cash=None if turn.cash is None else turn.cash - cost)
    if ability.count is None or ability.count <= 1:
        return dataclasses.replace(after, step="Token", entity=None, ability=None)
    return dataclasses.replace(after, ability={**turn.ability, "count": ability.count - 1})
