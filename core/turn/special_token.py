"""A private company's own token (step ``SpecialToken``): what its ability allows.

The position's ``turn.entity`` is the private using its ability (its sym or name) and
``turn.ability`` that ability (the 18xx.games engine's ``token``: ``hexes``, ``city``,
``price``, ``teleport_price``, ``connected``, ``from_owner``, ``count``; or a ``teleport``
whose tile is laid). Where the position states no ability, or only some of its fields, the
rest comes from the title's data for that private (``Title.privates``,
``trainrun.turn.abilities.acting_ability``); the fields the position states win. The token
is the operating company's. Against the company's own token (``trainrun.turn.tokens``) the
ability changes (engine ``Step::SpecialToken``, ``Tokener#place_token``):

* where: a city in its ``hexes`` (any hex when none are listed; only its ``city`` when
  given), reached by the company's track only with ``connected``;
* which slot: a slot reserved for the private is the company's (engine
  ``City#find_reservation``: a reservation by a company its owner holds);
* which token: one the ability brings, not one of the company's (with ``from_owner``: one
  of the company's, so it needs one left);
* cost: ``price`` in a city the company reaches, ``teleport_price`` elsewhere; the title's
  token cost when the ability states neither, less the fraction ``discount`` where the
  company reaches the city (1847 AE's Weidenthal: half);
* afterwards: the ability has one token fewer; with no ``count`` it places one token (the
  18NY Stagecoach closes once placed: docs/rules/18ny.md §8), and the step returns to the
  company's ``Token`` once the ability is spent.

A teleport's token (once its tile lies, ``trainrun.turn.special_track``) goes on its hex,
reached or not, free, one of the company's own unless the ability says ``from_owner``
false (engine ``Tokener#adjust_token_price_ability!``).

The rules that stay: one token per hex, a free slot, no more than the ``cash``.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable

from trainrun.board.position import Position
from trainrun.board.turnstate import Turn
from trainrun.errors import InputError
from trainrun.turn.abilities import TeleportAbility, TokenAbility, acting_ability, read_ability

__all__ = ["STEP", "TokenAbility", "ability_kind", "count_after", "price", "special_token_step",
           "token_ability_of", "turn_after"]

STEP = "SpecialToken"
KINDS = ("token", "teleport")


def token_ability_of(position: Position) -> TokenAbility:
    """The ability of the private using it (``turn.ability`` over the title's data), a
    teleport's read as its token; ``InputError`` naming the field at fault."""
    data = acting_ability(position, KINDS)
    if not isinstance(data, dict) or data.get("type", "token") not in KINDS:
        raise InputError("turn.ability", "a SpecialToken step needs a token ability")
    ability = read_ability({"type": "token", **data}, position.title, "turn.ability")
    if isinstance(ability, TeleportAbility):
        return TokenAbility(hexes=ability.hexes, price=0, teleport_price=0,
                            from_owner=ability.from_owner, count=None)
    assert isinstance(ability, TokenAbility)
    return ability


def ability_kind(position: Position) -> str:
    """The engine type of the acting private's ability: ``token`` or ``teleport``."""
    data = acting_ability(position, KINDS)
    return str(data.get("type", "token")) if isinstance(data, dict) else "token"


def special_token_step(position: Position) -> bool:
    return position.turn.step == STEP


def price(ability: TokenAbility, reached: bool, base: Callable[[], int]) -> int:
    """What the ability's token costs in a city the company reaches or not, ``base()`` the
    title's token cost there, asked only where the ability does not price the token itself
    (engine ``Ability::Token#price``: a ``discount`` takes its fraction of ``base`` off
    where the company reaches the city)."""
    if reached and ability.discount is not None:
        title_price = base()
        cost = title_price - title_price * ability.discount
        if cost.denominator != 1:
            raise InputError("token", f"a discount of {ability.discount} off ${title_price} "
                                      f"is not a whole price")
        return int(cost)
    if reached and ability.price is not None:
        return ability.price
    amount = ability.teleport_price if ability.teleport_price is not None else ability.price
    return base() if amount is None else amount


def turn_after(position: Position, ability: TokenAbility, cost: int) -> Turn:
    """The turn once the private's token is placed (see the module's "afterwards")."""
    turn = position.turn
    after = dataclasses.replace(turn, cash=None if turn.cash is None else turn.cash - cost)
    if ability.count is None or ability.count <= 1:
        return dataclasses.replace(after, step="Token", entity=None, ability=None)
    stated = turn.ability or {"type": "token"}
    return dataclasses.replace(after, ability={**stated, "count": ability.count - 1})


def count_after(ability: TokenAbility) -> int:
    """The ability's tokens left once one is placed (one only, with no count)."""
    return 0 if ability.count is None else max(0, ability.count - 1)
