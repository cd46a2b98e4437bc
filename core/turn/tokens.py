"""Station token placements: every city the operating company may token now, and placing one.

The rules, as the 18xx.games engine applies them (its ``Tokener`` and ``City#tokenable?``):

* the company has a token left (``tokens_left``): a normal one, or one of another type
  its charter holds (``trainrun.turn.token_stock``: 1882's neutral token), each listed as
  its own move (``token_type``) at its charter price, never in the ``HomeToken`` step nor
  by a private's ability;
* the city is reached by the company's track from its stations, passing only through
  stops that do not end its routes (``trainrun.turn.walk``, the engine's walk), or lies
  in a hex the title lets it token unreached, at that hex's price
  (``trainrun_token_unreached``: 1846's PRR and B&O); in the
  ``HomeToken`` step the city lies instead in one of the hexes the title offers as home
  (``trainrun_home_token_hexes``), reached or not, and where no slot is free for it the
  home token may take the place of a token the title names
  (``trainrun_home_token_replaces``: 1882's, of CN's); a token a lay lifted
  (``Turn.pending_tokens``) goes back into a city of its own hex, placed by the operator;
* the city has a slot the company may take: one reserved for it, or an empty slot beyond
  those reserved for other companies (a reservation whose company already holds a token
  in the city is spent);
* the company has no token in that hex yet (one token per hex, in any of its cities), and
  no home reserving the whole hex stands in its way (``trainrun.turn.hex_reservations``);
* the cost (``trainrun_token_cost``) is no more than the company's ``cash`` when the
  position states it (a home token is free).

A private placing a token with its ability (step ``SpecialToken``) changes some of these
(``trainrun.turn.special_token``). In the company's own token step a token ability of a
private it holds, timed for that step or its turn, applies by itself where its hexes fit:
it prices the token and is spent (``automatic_token_abilities``; 1847 AE's Weidenthal
halves the price).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from trainrun.board.position import CityTokens, Position
from trainrun.board.turnstate import step_refusal
from trainrun.errors import InputError
from trainrun.hooks import answers
from trainrun.turn.abilities import (
    TokenAbility,
    automatic_token_abilities,
    private_name,
    private_sym,
    with_use,
)
from trainrun.turn.hex_reservations import hex_reservation_refusal
from trainrun.turn.special_token import (
    ability_kind,
    count_after,
    price,
    special_token_step,
    token_ability_of,
    turn_after,
)
from trainrun.turn.token_stock import TokenStock, token_stock, tokens_left
from trainrun.turn.walk import connected_nodes

HOME_STEP = "HomeToken"


@dataclass(frozen=True, order=True)
class TokenMove:
    """A token placed in city ``city`` (node index) of ``hex``, for ``cost``; a token of
    another type than normal names it (``token_type``, the engine's: ``neutral``)."""

    hex: str
    city: int
    cost: int = 0
    token_type: str = ""

    def to_dict(self) -> dict:
        return {"hex": self.hex, "city": self.city, "cost": self.cost,
                **({"token_type": self.token_type} if self.token_type else {})}


def tokens_on_board(position: Position) -> int:
    """How many tokens of the operating company lie on the board."""
    return sum(city.holders().count(position.company) for placed in position.board.values()
               for city in placed.tokens.values())


def _reservations(city: CityTokens) -> list[str]:
    """Reservations still holding a slot: those of companies with no token in the city."""
    holders = city.holders()
    return [r for r in city.reserved if r and r not in holders]


def free_slot(city: CityTokens, company: str, private: str | tuple[str, ...] | None = None
              ) -> int | None:
    """The slot ``company`` would take in ``city`` (one reserved for it, or for the
    ``private`` placing the token for it: its name, or the names it goes by), or None if it
    may take none."""
    free = [i for i, s in enumerate(city.slots) if s is None]
    held = _reservations(city)
    names = (private,) if isinstance(private, str) or private is None else private
    mine = next((r for r in (company, *names) if r is not None and r in held), None)
    index = held.index(mine) if mine is not None else len(held)
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


class _Step:
    """What one token check of a position asks more than once: the step's hexes, the
    cities the company reaches, the private's ability (``trainrun.turn.special_token``)."""

    def __init__(self, position: Position):
        self.position = position
        self.ability = token_ability_of(position) if special_token_step(position) else None
        self.private = position.turn.entity if self.ability else None
        self.names: tuple[str, ...] = ()     # the names a reservation may give the private
        if self.private is not None:
            sym = private_sym(position.title, self.private)
            self.names = tuple(dict.fromkeys(
                [self.private] + ([sym, private_name(position.title, sym)] if sym else [])))
        self.hexes = None
        # the other types are placed in the operating step only, as the company's own
        stock = token_stock(position)
        self.stock = stock if self.ability is None and not _home(position) else TokenStock(
            stock.normal, stock.next_price, {})
        # a home token needs no track (and costs nothing): nothing reached is asked
        self.reached: set[str] = set() if _home(position) else connected_nodes(position)
        self.unreached = answers.token_unreached(position) if self.ability is None and not \
            _home(position) else {}
        self.automatic = automatic_token_abilities(position) if self.ability is None and \
            not _home(position) else []
        self.replaces: frozenset[str] = frozenset()
        # a token a lay lifted, placed again by the operator (``Turn.pending_tokens``)
        self.lifted = position.turn.pending_tokens[0] if _home(position) and \
            position.turn.pending_tokens else None
        if self.lifted is not None:
            self.hexes = [self.lifted[0]]
        elif _home(position):
            self.hexes = [h for h in answers.home_token_hexes(position) if h in position.board]
            self.replaces = answers.home_token_replaces(position)
        elif self.ability and self.ability.hexes:
            self.hexes = [h for h in self.ability.hexes if h in position.board]

    def holder(self) -> str:
        """Whose token is placed: the lifted token's company, else the operator."""
        return self.position.company if self.lifted is None else self.lifted[1]

    def types(self) -> list[str]:
        """The types of the company's own tokens it may place now ("": normal)."""
        if self.lifted is not None:
            return [""]                     # the lifted token itself
        return ([""] if self.stock.normal > 0 else []) + [
            t for t, (left, _, _) in sorted(self.stock.typed.items()) if left]

    def own_token(self) -> bool:
        """The token placed is one of the company's (not one the private brings:
        ``trainrun_special_token_own``)."""
        return self.ability is None or answers.special_token_own(self.position)

    def extra_slot(self) -> bool:
        """The private's token takes a slot of its own beside the city's (engine
        ``City#place_token`` with ``extra_slot``)."""
        return self.ability is not None and self.ability.extra_slot

    def slot(self, tokens: CityTokens, owner: str) -> int | None:
        """The slot ``owner``'s token takes in ``tokens`` (``free_slot``; in the home step
        else the first whose token it may replace), or None; -1 for an extra slot."""
        if self.extra_slot():
            return -1
        free = free_slot(tokens, owner, self.names)
        if free is None:
            free = next((i for i, s in enumerate(tokens.slots) if s in self.replaces), None)
        return free

    def must_reach(self) -> bool:
        return not _home(self.position) and (self.ability is None or self.ability.connected)

    def refusal(self, hex_id: str, index: int, tokens: CityTokens,
                token_type: str = "") -> str | None:
        """Why the company may not token this city with a token of ``token_type`` ("":
        normal) (the rule and the place), or None."""
        position = self.position
        company, where = self.holder(), f"{hex_id} city {index}"
        # a typed token's slot and hex are its owner's (``trainrun.turn.token_stock``)
        owner = self.stock.typed.get(token_type, (0, 0, company))[2]
        names = {owner, token_type} if token_type else {company}
        if self.ability is not None and self.ability.count == 0:
            return f"{self.private} has no tokens left"
        if self.own_token() and not self.types():
            return f"{company} has no token left"
        if self.hexes is not None and hex_id not in self.hexes:
            if self.lifted is not None:
                return f"{company}'s token lifted off {self.lifted[0]} goes back there"
            if self.ability is not None:
                return f"{self.private} may not place a token on {hex_id}"
            return (f"{hex_id} is not a home {company} may choose "
                    f"(it may choose {', '.join(self.hexes) or 'none'})")
        if self.ability is not None and self.ability.city not in (None, index):
            return f"{self.private} may place its token only in {hex_id} city {self.ability.city}"
        if self.ability is not None and (
                why := answers.special_token_refusal(position, hex_id)) is not None:
            return why
        if self.must_reach() and position.node_id(hex_id, index) not in self.reached and \
                hex_id not in self.unreached:
            return f"{where} is not reached by {company}'s track"
        if self.slot(tokens, owner) is None:
            if None in tokens.slots:
                return (f"{where}: its free slots are reserved for "
                        f"{', '.join(_reservations(tokens))}")
            return f"{where} has no free slot (held by {', '.join(tokens.holders())})"
        if any(names & set(c.holders()) for c in position.board[hex_id].tokens.values()):
            return f"{owner if token_type else company} already has a token in {hex_id}"
        if self.ability is None:
            return hex_reservation_refusal(position, hex_id, [
                t for _, _, t in _cities(position, [hex_id])], company)
        return None

    def applied(self, hex_id: str, index: int,
                token_type: str = "") -> tuple[str, TokenAbility] | None:
        """The private's ability the engine applies by itself to the company's normal
        token in this city, where the company reaches it (``automatic_token_abilities``),
        or None."""
        if token_type or self.position.node_id(hex_id, index) not in self.reached:
            return None
        return next(((sym, a) for sym, a in self.automatic if (not a.hexes or hex_id in
                     a.hexes) and a.city in (None, index)), None)

    def cost(self, hex_id: str, index: int, token_type: str = "") -> int:
        position = self.position
        if token_type:
            return self.stock.typed[token_type][1]
        if _home(position):
            return 0
        if self.ability is not None:
            return price(self.ability, position.node_id(hex_id, index) in self.reached,
                         lambda: answers.token_cost(position, hex_id, index))
        if (auto := self.applied(hex_id, index, token_type)) is not None:
            return price(auto[1], True, lambda: answers.token_cost(position, hex_id, index))
        if hex_id in self.unreached and position.node_id(hex_id, index) not in self.reached:
            return self.unreached[hex_id]
        return answers.token_cost(position, hex_id, index)


def legal_tokens(position: Position) -> list[TokenMove]:
    """Every city the operating company may place a token in now (or the private using
    its token ability), with its cost, sorted."""
    if step_refusal(position.turn, position.company, "token") is not None:
        return []
    step = _Step(position)
    if (step.own_token() and not step.types()) or (
            step.ability is not None and step.ability.count == 0):
        return []
    moves = []
    for hex_id, index, tokens in _cities(position, step.hexes):
        for token_type in step.types() if step.own_token() else [""]:
            if step.refusal(hex_id, index, tokens, token_type) is None:
                cost = step.cost(hex_id, index, token_type)
                if position.turn.cash is None or cost <= position.turn.cash:
                    moves.append(TokenMove(hex_id, index, cost, token_type))
    return sorted(moves)


def apply_token(position: Position, move: TokenMove) -> Position:
    """The position after ``move``: the token in its slot, one token fewer left (the
    private's ability one fewer instead when it brings the token), its cost paid from
    ``cash``. Raises ``InputError`` naming the rule broken and the place."""
    placed = position.board.get(move.hex)
    if placed is None:
        raise InputError("token.hex", f"unknown hex {move.hex!r}")
    node = next((n for n in placed.tile.nodes if n.index == move.city), None)
    if node is None or node.kind != "city":
        raise InputError("token.city", f"{move.hex} (tile {placed.tile.name}) has no city "
                                       f"{move.city!r}")
    if (why := step_refusal(position.turn, position.company, "token")) is not None:
        raise InputError("token", why)
    step = _Step(position)
    tokens = placed.tokens.get(move.city) or CityTokens([None] * node.slots)
    types = step.types() if step.own_token() else [""]
    if move.token_type not in types and (move.token_type or types):
        kind = f"{move.token_type} token" if move.token_type else "normal token"
        raise InputError("token.token_type", f"{position.company} has no {kind} to place "
                                             f"now")
    reason = step.refusal(move.hex, move.city, tokens, move.token_type)
    if reason is not None:
        raise InputError("token", reason)
    cost = step.cost(move.hex, move.city, move.token_type)
    cash = position.turn.cash
    if cash is not None and cost > cash:
        raise InputError("token", f"a token in {move.hex} costs ${cost}, more than "
                                  f"{position.company}'s ${cash}")
    board = dict(position.board)   # only the hex tokened changes: it gets its own tokens
    board[move.hex] = dataclasses.replace(placed, tokens={
        i: CityTokens(list(c.slots), list(c.extra), list(c.reserved))
        for i, c in placed.tokens.items()})
    city = board[move.hex].tokens.setdefault(move.city, tokens)
    slot = step.slot(city, step.stock.typed[move.token_type][2] if move.token_type
                     else step.holder())
    assert slot is not None     # refusal() found a free slot
    if slot < 0:
        city.extra.append(step.holder())
    else:
        city.slots[slot] = move.token_type or step.holder()   # a neutral one as neutral
    for holder in (step.holder(), *step.names):
        if holder in city.reserved:
            city.reserved.remove(holder)
            break
    if step.ability is not None:
        turn = turn_after(position, step.ability, cost)
    else:
        turn = dataclasses.replace(position.turn, cash=None if cash is None else cash - cost)
    if step.lifted is not None:   # the next lifted token, or back to the company's lays
        rest = position.turn.pending_tokens[1:]
        turn = dataclasses.replace(turn, pending_tokens=rest,
                                   step="HomeToken" if rest else "Track")
    # stated even for the private's token, which is not one of the charter's
    left = tokens_left(position) - (1 if step.own_token() and step.holder() == position.company
                                    else 0)
    after = dataclasses.replace(position, board=board, tokens_left=left, turn=turn)
    if step.ability is not None:
        after = with_use(position, after, ability_kind(position), count_after(step.ability))
    elif (auto := step.applied(move.hex, move.city, move.token_type)) is not None:
        after = with_use(position, after, "token", count_after(auto[1]), private=auto[0])
    return after
