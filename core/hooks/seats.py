"""The players' seat order through a game log, which breaks presidency ties
(docs/rules/common.md §10): after each stock round the 18xx.games engine reorders its
players by the title's ``NEXT_SR_PLAYER_ORDER`` (base.rb ``reorder_players``), which a
title's ``ReplayRules.seat_order`` names.

* A rotation (``after_last_to_act``, the engine's default; ``next_clockwise``;
  ``most_cash_keep_order``) changes no seat distance: the game file's order serves
  throughout.
* ``first_to_pass``: the players sit in the order of the last stock round's
  ``pass_order`` (engine step/buy_sell_par_shares.rb ``pass!``). A turn ends with a
  ``pass``, or with the next player's action (the engine ends it when nothing is left to
  do, or skips a player who can do nothing); a turn without an action puts its player
  last in the order unless already in it, a turn with one takes its player out. The
  players still out when the round ends follow in seat order. The players sit in the game
  file's order until the title's replay says how its first round left them (``seated``:
  1871's and 18GB's auctions order them by cash), and the stock rounds are followed from
  there; in a title whose replay never says, the order is not known from the first
  operating round on.
* Any other (``most_cash``, ``least_cash``): by the players' cash, which the replay does
  not follow: not known.
"""
from __future__ import annotations

from collections.abc import Sequence

DEFAULT_ORDER = "after_last_to_act"
ROTATIONS = frozenset({DEFAULT_ORDER, "next_clockwise", "most_cash_keep_order"})
PASS_ORDER = "first_to_pass"


class Seats:
    """The players in seat order (``order``; None: not known), and the stock round's turns
    under way."""

    def __init__(self, players: Sequence[object], rule: str = DEFAULT_ORDER):
        self.rule = rule
        self.order: list[object] | None = list(players) if rule in ROTATIONS | {
            PASS_ORDER} else None
        self._following = False     # the stock rounds' turns (``first_to_pass``)
        self._round: _StockRound | None = None

    def seated(self, order: Sequence[object] | None) -> None:
        """The title's first round is over, the players seated in ``order`` (None: an order
        the replay cannot tell); with ``first_to_pass`` the stock rounds' turns are followed
        from here on."""
        if self.rule == PASS_ORDER:
            self.order = None if order is None else list(order)
            self._following = True
            self._round = None

    def stock_action(self, player: object, kind: str) -> None:
        """A player's action in a stock round (the first one opens the round): ``pass`` ends
        the turn, any other is an action of it."""
        if self.rule != PASS_ORDER or not self._following:
            return
        if self.order is None or player not in self.order:
            return       # not known, or no seat of the order (1871's Union Bank)
        if self._round is None:
            self._round = _StockRound(self.order)
        self._round.act(player, kind)

    def stock_round_over(self) -> None:
        """The stock round (if one was under way) is over: the order it passed in; with
        ``first_to_pass`` not followed (the title never ``seated`` its players), not known."""
        if self.rule == PASS_ORDER and not self._following:
            self.order = None
        elif self._round is not None:
            self.order = self._round.passed_order()
            self._round = None


class _StockRound:
    """The turns of one stock round, in seat order from its first seat."""

    def __init__(self, seats: Sequence[object]):
        self.seats = list(seats)
        self.at = 0
        self.acted = False
        self.pass_order: list[object] = []

    def act(self, player: object, kind: str) -> None:
        while self.seats[self.at] != player:
            self._end_turn()
        if kind == "pass":
            self._end_turn()
        else:
            self.acted = True

    def _end_turn(self) -> None:
        player = self.seats[self.at]
        if self.acted:
            if player in self.pass_order:
                self.pass_order.remove(player)
        elif player not in self.pass_order:
            self.pass_order.append(player)
        self.at, self.acted = (self.at + 1) % len(self.seats), False

    def passed_order(self) -> list[object]:
        """The order after the round: ``pass_order``, then anyone not in it, in turn."""
        if self.acted:
            self._end_turn()
        for step in range(len(self.seats)):
            player = self.seats[(self.at + step) % len(self.seats)]
            if player not in self.pass_order:
                self.pass_order.append(player)
        return self.pass_order
