"""1871's seat order through a game log, which breaks presidency ties (docs/rules/1871.md §9;
engine ``G1871::Game#reorder_players``, ``Step::BuySellParShares#pass!``, ``Round::Stock``).

* At the auction the players sit in the game file's order.
* After the auction: by cash, the least first (a tie keeps the order).
* After each stock round: in the order of the round's ``pass_order``. A turn ends with a
  ``pass``, or with the next player's action (the engine ends it when nothing is left to
  do, or skips a player who can do nothing); a turn without an action puts its player last
  in the order unless already in it, a turn with one takes its player out. The players
  still out when the round ends (the last turns, skipped) follow in seat order.
* The Union Bank sits after everyone and loses every tie
  (``player_distance_for_president``).

Only the players' own actions in a stock round are turns (a private's exchange, a
branch's choices during a split are within one).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence


class Seats:
    """The players in seat order, and the stock round's turns under way."""

    def __init__(self, players: Sequence[object]):
        self.order = list(players)
        self._round: _StockRound | None = None

    def after_auction(self, cash: Mapping[object, int]) -> None:
        """The auction is over: the least cash first (engine ``sort_by`` [cash, index])."""
        before = list(self.order)
        self.order.sort(key=lambda p: (cash.get(p, 0), before.index(p)))

    def stock_action(self, player: object, kind: str) -> None:
        """A player's action in a stock round (the first one opens the round)."""
        if player not in self.order:
            return
        if self._round is None:
            self._round = _StockRound(self.order)
        self._round.act(player, kind)

    def stock_round_over(self) -> None:
        """The stock round (if one was under way) is over: the order it passed in."""
        if self._round is not None:
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
