"""The operating company's unplaced tokens by type: its charter's normal ones, and those of
another type its charter holds (``token_types`` and ``token_owners`` in companies.json,
compiled from the engine: 1882's neutral token, CN's, which every corporation but CPR and
CN places as its own).

A position states one count, ``tokens_left``, as the engine counts them (every unplaced
token, of any type). Where the charter holds only normal tokens the next one is the first
of the last ``tokens_left`` of them. Where it holds tokens of another type, which may be
placed in any order, the company's own tokens on the board (``trainrun_charter_tokens_placed``)
are its normal ones placed: the normal tokens left are the rest of the charter's normal
ones (at most ``tokens_left``), and the others left are those of the other types, the last
of them first. A token of another type lies on the board under its type's name (a neutral
one as ``neutral``, the position's name for a neutral token) and costs its charter price;
a city's slot and the one token a hex may hold of a company are its owner's (engine
``City#tokenable?`` asks them of the token's corporation: a neutral token may join the
placing company's own in a hex, not another of CN's).
"""
from __future__ import annotations

from dataclasses import dataclass

from trainrun.board.position import Position
from trainrun.hooks import answers

NORMAL = "normal"


@dataclass(frozen=True)
class TokenStock:
    """How many normal tokens are left and the next one's charter price (None where the
    position states more left than the charter prints: a title's gained tokens, priced by
    its own rule), and of each other type left how many and at what price."""

    normal: int
    next_price: int | None
    typed: dict[str, tuple[int, int, str]]   # type -> (how many left, price, whose)


def tokens_left(position: Position) -> int:
    """The operating company's unplaced tokens, of every type: the position's
    ``tokens_left``, or else its charter's tokens less those of them on the board
    (``trainrun_charter_tokens_placed``)."""
    if position.tokens_left is not None:
        return position.tokens_left
    placed = answers.charter_tokens_placed(position)
    return max(0, len(position.title.companies[position.company].get("tokens", [0])) - placed)


def token_stock(position: Position) -> TokenStock:
    """The operating company's unplaced tokens by type (the module's rule)."""
    entry = position.title.companies[position.company]
    prices = list(entry.get("tokens", [0]))
    types = entry.get("token_types") or [NORMAL] * len(prices)
    left = tokens_left(position)
    if all(t == NORMAL for t in types):
        return TokenStock(left, prices[len(prices) - left] if 0 < left <= len(prices)
                          else None, {})
    normal = [p for p, t in zip(prices, types) if t == NORMAL]
    normal_left = min(max(len(normal) - answers.charter_tokens_placed(position), 0), left)
    owners = entry.get("token_owners") or [position.company] * len(prices)
    others = [(t, p, o) for p, t, o in zip(prices, types, owners) if t != NORMAL][::-1]
    typed: dict[str, tuple[int, int, str]] = {}
    for token_type, price, owner in others[:left - normal_left]:
        typed[token_type] = (typed.get(token_type, (0,))[0] + 1, price, owner)
    return TokenStock(normal_left, normal[len(normal) - normal_left] if normal_left else None,
                      typed)
