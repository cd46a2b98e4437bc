"""1871's opening auction of the private companies, as the 18xx.games engine runs it
(``G1871::Step::Auction``), for the game-log replay: who ends up holding each private.

* The privates (all but the King's Mail, the Ice Boat only with four or more players, and
  the five PEIR companies ``P<n>`` of the railroads drawn neither Mainline nor Shortline)
  are shuffled with the game's next random numbers and dealt into piles, five each with
  three players, four with more, in seat order.
* The player to act offers a private of their pile; the next two players in seat order bid
  ($5 above the face value, then $5 above the best bid) or pass, in turn. A player whose
  cash is short of the lowest bid passes without a recorded action. A pass with a bid
  standing sells the private to the best bid. Two passes without a bid force it on the
  player three seats after the offerer (with three players the offerer), at face value, if
  that player can pay, else on the player with the most cash (the first in seat order).
* After each sale the first bidder is to act; a player with one private left in their pile
  offers it without a recorded action.

Cash counts from the starting cash less what was paid; the private income paid out when
nobody can afford a forced private is not followed (the replay stops there).
"""
from __future__ import annotations

from collections.abc import Sequence

from trainrun.plugins.api import InputError

from . import setup

# face values (engine ``G1871::Companies``, since February 2023); a PEIR company is $80
VALUES = {"MC": 40, "VR": 40, "IB": 40, "RA": 110, "RF": 120, "SB": 90, "HSE": 110,
          "ML": 160, "SBC": 100, "SL": 160, "UB": 120}
PEIR_COMPANY_VALUE = 80
FOUR_PLAYERS_ONLY = ("IB",)
STARTING_CASH = {3: 580}          # four or more players: 480
OTHER_STARTING_CASH = 480
INCREMENT = 5


def peir_company(railroad: str) -> str:
    """The PEIR company that exchanges for a share of ``railroad`` (``P5`` for S)."""
    return f"P{setup.NUMBERS[railroad]}"


class Auction:
    """The auction's state: piles, cash, the private on offer, its bids and passes."""

    def __init__(self, seed: object, players: Sequence[object]):
        if len(players) < 3:
            raise InputError("players", f"1871 needs three or more players, got {len(players)}")
        drawn = setup.numbers(seed)
        order = setup.shuffled(setup.RAILROADS, drawn)
        privates = [c for c in VALUES if len(players) >= 4 or c not in FOUR_PLAYERS_ONLY]
        privates += [peir_company(r) for r in setup.RAILROADS if r not in order[:2]]
        dealt = setup.shuffled(privates, drawn)
        size = 5 if len(players) == 3 else 4
        self.players = list(players)
        self.piles = {p: dealt[i * size:(i + 1) * size] for i, p in enumerate(players)}
        self.values = {c: VALUES.get(c, PEIR_COMPANY_VALUE) for c in privates}
        self.cash = dict.fromkeys(players, STARTING_CASH.get(len(players), OTHER_STARTING_CASH))
        self.current = players[0]
        self.lot: str | None = None
        self.sold: list[tuple[object, str]] = []   # (player, private) in the order sold

    @property
    def over(self) -> bool:
        return not any(self.piles.values())

    def take_sold(self) -> list[tuple[object, str]]:
        """The sales since the last call, in order."""
        sold, self.sold = self.sold, []
        return sold

    # ---- the log's actions ------------------------------------------------------------

    def offer(self, player: object, private: object) -> None:
        self._expect(player, "offer")
        if self.lot is not None or not isinstance(private, str) or (
                private not in self.piles[player]):
            raise InputError("company", f"{private!r} is not in {player}'s pile to offer")
        self._offer(player, private)

    def bid(self, player: object, private: object, price: object) -> None:
        self._expect(player, "bid")
        if private != self.lot:
            raise InputError("company", f"{private!r} is not on offer ({self.lot} is)")
        if isinstance(price, bool) or not isinstance(price, int) or price > self.cash[player]:
            raise InputError("price", f"{player} cannot bid {price!r}")
        self.bids[player] = price
        self._next_bidder()

    def pass_(self, player: object) -> None:
        self._expect(player, "pass")
        if self.lot is None:
            raise InputError("pass", "no private is on offer")
        self._pass(player)

    # ---- the engine's steps -----------------------------------------------------------

    def _expect(self, player: object, what: str) -> None:
        if player not in self.cash:
            raise InputError("entity", f"unknown player {player!r}")
        if player != self.current:
            raise InputError("entity", f"{player} may not {what} now: the auction waits for "
                                       f"{self.current}")

    def _seat(self, player: object, step: int) -> object:
        return self.players[(self.players.index(player) + step) % len(self.players)]

    def _offer(self, player: object, private: str) -> None:
        self.lot, self.auctioneer = private, player
        self.bids: dict[object, int] = {}
        self.first, self.second = self._seat(player, 1), self._seat(player, 2)
        self.receiver = self._seat(player, 3)
        self.passed: set[object] = set()
        self.current = self.first
        self._pass_if_short()

    @property
    def _offered(self) -> str:
        """The private on offer (asked only while one is)."""
        if self.lot is None:
            raise InputError("auction", "no private is on offer")
        return self.lot

    def _lowest_bid(self) -> int:
        return (max(self.bids.values()) if self.bids else self.values[self._offered]) + INCREMENT

    def _pass_if_short(self) -> None:
        if self.cash[self.current] < self._lowest_bid():
            self._pass(self.current)

    def _pass(self, player: object) -> None:
        self.passed.add(player)
        if self.bids:
            best = max(self.bids.values())
            winner = next(p for p, price in self.bids.items() if price == best)
            self._sell(winner, best)
        elif {self.first, self.second} <= self.passed:
            self._force()
        else:
            self._next_bidder()

    def _next_bidder(self) -> None:
        self.current = self.second if self.current == self.first else self.first
        self._pass_if_short()

    def _force(self) -> None:
        value = self.values[self._offered]
        if self.cash[self.receiver] >= value:
            self._sell(self.receiver, value)
            return
        richest = max(self.players, key=self.cash.__getitem__)   # the first of the richest
        if self.cash[richest] < value:
            raise InputError("auction", f"nobody can pay {value} for {self.lot}: the engine "
                                        "pays out private income then, which trainrun does "
                                        "not follow")
        self._sell(richest, value)

    def _sell(self, player: object, price: int) -> None:
        private, first = self._offered, self.first
        self.cash[player] -= price
        self.piles[self.auctioneer].remove(private)
        self.sold.append((player, private))
        self.lot = None
        self.current = first
        if len(self.piles[first]) == 1:
            self._offer(first, self.piles[first][0])
