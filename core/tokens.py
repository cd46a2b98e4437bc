"""Station token placements: every city the operating company may token now, and placing one.

The rules, as the 18xx.games engine applies them (its ``Tokener`` and ``City#tokenable?``):

* the company has a token left (``tokens_left``);
* the city is reached by the company's track from its stations, passing only through
  stops that do not end its routes (``trainrun.walk``, the engine's walk); in the
  ``HomeToken`` step the city lies instead in one of the hexes the title offers as home
  (``trainrun_home_token_hexes``), reached or not;
* the city has a slot the company may take: one reserved for it, or an empty slot beyond
  those reserved for other companies (a reservation whose company already holds a token
  in the city is spent);
* the company has no token in that hex yet (one token per hex, in any of its cities);
* the cost (``trainrun_token_cost``) is no more than the company's ``cash`` when the
  position states it (a home token is free).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from . import answers
from .errors import InputError
from .position import CityTokens, Position
from .walk import connected_nodes

HOME_STEP = "HomeToken"


@dataclass(frozen=True, order=True)
class TokenMove:
    """A token placed in city ``city`` (node index) of ``hex``, for ``cost``."""

    hex: str
    city: int
    cost: int = 0

    def to_dict(self) -> dict:
        return {"hex": self.hex, "city": self.city, "cost": self.cost}


def tokens_on_board(position: Position) -> int:
    """How many tokens of the operating company lie on the board."""
    return sum(city.holders().count(position.company) for placed in position.board.values()
               for city in placed.tokens.values())


def tokens_left(position: Position) -> int:
    """The operating company's unplaced tokens: the position's ``tokens_left``, or else its
    charter's tokens less those of them on the board (``trainrun_charter_tokens_placed``)."""
    if position.tokens_left is not None:
        return position.tokens_left
    placed = answers.charter_tokens_placed(position)
    return max(0, len(position.title.companies[position.company].get("tokens", [0])) - placed)


def _reservations(city: CityTokens) -> list[str]:
    """Reservations still holding a slot: those of companies with no token in the city."""
    holders = city.holders()
    return [r for r in city.reserved if r and r not in holders]


def free_slot(city: CityTokens, company: str) -> int | None:
    """The slot ``company`` would take in ``city``, or None if it may take none."""
    free = [i for i, s in enumerate(city.slots) if s is None]
    held = _reservations(city)
    if company in held:
        index = held.index(company)
    else:
        index = len(held)
    return free[index] if index < len(free) else None


def _cities(position: Position, hexes=None):
    """(hex id, node index, tokens) of every city on the board (in ``hexes`` if given)."""
    for hex_id in sorted(position.board if hexes is None else hexes):
        placed = position.board[hex_id]
        for node in placed.tile.nodes:
            if node.kind == "city":
                yield hex_id, node.index, placed.tokens.get(node.index) or CityTokens(
                    [None] * node.slots)


def _home(position: Position) -> bool:
    return position.turn.step == HOME_STEP


def _refusal(position: Position, hex_id: str, index: int, tokens: CityTokens,
             reached: set | None) -> str | None:
    """Why the company may not token this city (the rule and the place), or None."""
    company, where = position.company, f"{hex_id} city {index}"
    if tokens_left(position) == 0:
        return f"{company} has no token left"
    if reached is not None and position.node_id(hex_id, index) not in reached:
        return f"{where} is not reached by {company}'s track"
    if free_slot(tokens, company) is None:
        if None in tokens.slots:
            return (f"{where}: its free slots are reserved for "
                    f"{', '.join(_reservations(tokens))}")
        return f"{where} has no free slot (held by {', '.join(tokens.holders())})"
    if any(company in c.holders() for c in position.board[hex_id].tokens.values()):
        return f"{company} already has a token in {hex_id}"
    return None


def _cost(position: Position, hex_id: str, index: int) -> int:
    if _home(position):
        return 0
    return answers.token_cost(position, hex_id, index)


def _candidates(position: Position):
    """(hexes to look at, reached node ids or None when reach does not matter)."""
    if _home(position):
        hexes = answers.home_token_hexes(position)
        return [h for h in hexes if h in position.board], None
    return None, connected_nodes(position)


def legal_tokens(position: Position) -> list[TokenMove]:
    """Every city the operating company may place a token in now, with its cost, sorted."""
    if tokens_left(position) == 0:
        return []
    hexes, reached = _candidates(position)
    moves = []
    for hex_id, index, tokens in _cities(position, hexes):
        if _refusal(position, hex_id, index, tokens, reached) is None:
            cost = _cost(position, hex_id, index)
            if position.turn.cash is None or cost <= position.turn.cash:
                moves.append(TokenMove(hex_id, index, cost))
    return sorted(moves)


def apply_token(position: Position, move: TokenMove) -> Position:
    """The position after ``move``: the token in its slot, one token fewer left, its cost
    paid from ``cash``. Raises ``InputError`` naming the rule broken and the place."""
    placed = position.board.get(move.hex)
    if placed is None:
        raise InputError("token.hex", f"unknown hex {move.hex!r}")
    node = next((n for n in placed.tile.nodes if n.index == move.city), None)
    if node is None or node.kind != "city":
        raise InputError("token.city", f"{move.hex} (tile {placed.tile.name}) has no city "
                                       f"{move.city!r}")
    hexes, reached = _candidates(position)
    if hexes is not None and move.hex not in hexes:
        raise InputError("token", f"{move.hex} is not a home {position.company} may choose "
                                  f"(it may choose {', '.join(hexes) or 'none'})")
    tokens = placed.tokens.get(move.city) or CityTokens([None] * node.slots)
    reason = _refusal(position, move.hex, move.city, tokens, reached)
    if reason is not None:
        raise InputError("token", reason)
    cost = _cost(position, move.hex, move.city)
    cash = position.turn.cash
    if cash is not None and cost > cash:
        raise InputError("token", f"a token in {move.hex} costs ${cost}, more than "
                                  f"{position.company}'s ${cash}")
    board = dict(position.board)   # only the hex tokened changes: it gets its own tokens
    board[move.hex] = dataclasses.replace(placed, tokens={
        i: CityTokens(list(c.slots), list(c.extra), list(c.reserved))
        for i, c in placed.tokens.items()})
    city = board[move.hex].tokens.setdefault(move.city, tokens)
    city.slots[free_slot(city, position.company)] = position.company
    if position.company in city.reserved:
        city.reserved.remove(position.company)
    return dataclasses.replace(
        position, board=board, tokens_left=tokens_left(position) - 1,
        turn=dataclasses.replace(position.turn, cash=None if cash is None else cash - cost))
