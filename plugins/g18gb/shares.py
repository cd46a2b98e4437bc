"""18GB's presidents, followed through a game log for what the board needs of them: who
presides each corporation (the privates its president holds; a corporation in
receivership, with none) and who holds each private (the waterfall auction's highest bid);
docs/rules/18gb.md §3, §4.

The engine's shared share pool (share_pool.rb ``transfer_shares``):
a corporation's president changes after a trade only when another player holds more of
it, among those holding the most the nearest in seat order after the old president
(``seat_order``: the replay's, ``first_to_pass`` from the order the auction leaves,
``auction_order``; docs/rules/common.md §10); a president's certificate sold to the pool
while no player holds as much puts the corporation in receivership
(``PRESIDENT_SALES_TO_MARKET``), and buying it back from the pool makes the buyer
president. A 5-share corporation's certificates are 40% and 20%; a 10-share one's 20% and
10% (g_18_gb/game.rb ``convert_to_ten_share``).

Where the seat order is not known and a tie needs it, the corporation's president is not
known (``unknown``: its positions name none and credit it no private) until a trade leaves
one player holding the most.
"""
from __future__ import annotations

from collections.abc import Sequence

from trainrun.plugins.api import nearest_after

PRESIDENT_PERCENT, TEN_SHARE_PRESIDENT_PERCENT = 40, 20
FLOAT_PERCENT, LATE_FLOAT_PERCENT = 40, 60   # engine entities.rb; event_float_60!


class Shares:
    """Each corporation's players' percentages, president (None: in receivership) and
    whether it floated, and each private's holder."""

    def __init__(self, players: Sequence[object]):
        self.players = list(players)
        self.seat_order: Sequence[object] | None = tuple(players)   # None: not known
        self.held: dict[str, dict[object, int]] = {}
        self.president: dict[str, object] = {}
        self.unknown: set[str] = set()    # a tie the seat order breaks, not known
        self.president_percent: dict[str, int] = {}
        self.bids: dict[str, tuple[int, object]] = {}   # private -> (highest bid, bidder)
        self.floated: set[str] = set()
        self.late_float = False     # unfloated corporations float at 60% (the first 3+1)

    def in_receivership(self, corporation: str) -> bool:
        """Whether ``corporation`` was parred and has no president (not merely unknown)."""
        return corporation in self.president and self.president[corporation] is None \
            and corporation not in self.unknown

    def auction_order(self) -> list[object] | None:
        """The players seated once the auction is over: the least cash left first (all
        start with the scenario's: the most spent on winning bids), then the one holding
        more privates (engine ``init_round_finished``); None where two tie on both (the
        engine's ``sort_by`` leaves their order open)."""
        spent = {p: 0 for p in self.players}
        held = {p: 0 for p in self.players}
        for price, bidder in self.bids.values():
            if bidder in spent:
                spent[bidder] += price
                held[bidder] += 1
        keys = {p: (-spent[p], -held[p]) for p in self.players}
        if len(set(keys.values())) < len(keys):
            return None
        return sorted(self.players, key=keys.__getitem__)

    def holder(self, private: str) -> object:
        """The player holding ``private`` (None: no bid on it is logged)."""
        return self.bids.get(private, (0, None))[1]

    def bid(self, player: object, private: str, price: int) -> None:
        if price >= self.bids.get(private, (-1, None))[0]:
            self.bids[private] = (price, player)

    def par(self, player: object, corporation: str) -> None:
        self.president_percent.setdefault(corporation, PRESIDENT_PERCENT)
        held = self.held.setdefault(corporation, {})
        held[player] = held.get(player, 0) + self.president_percent[corporation]
        self.president[corporation] = player
        self._float(corporation)

    def _float(self, corporation: str) -> None:
        """``corporation`` floats once players hold its float percentage (engine
        ``Corporation#floated?``; 40%, 60% for one not floated when the first 3+1 is
        sold)."""
        needed = LATE_FLOAT_PERCENT if self.late_float else FLOAT_PERCENT
        if sum(self.held.get(corporation, {}).values()) >= needed:
            self.floated.add(corporation)

    def convert(self, corporation: str) -> None:
        """Every certificate of ``corporation`` halves (5 shares become 10)."""
        self.president_percent[corporation] = TEN_SHARE_PRESIDENT_PERCENT
        self.held[corporation] = {p: n // 2 for p, n in self.held.get(corporation, {}).items()}

    def percent_of(self, corporation: str, certificates: Sequence[str]) -> int | None:
        """What ``certificates`` of ``corporation`` are worth, its president's certificate
        (index 0) twice another; None where one is not among its certificates (a 5-share
        corporation has 4, a 10-share one 9: engine entities.rb ``shares``,
        ``convert_to_ten_share``)."""
        president = self.president_percent.get(corporation, PRESIDENT_PERCENT)
        count = 4 if president == PRESIDENT_PERCENT else 9
        total = 0
        for certificate in certificates:
            index = certificate.rpartition("_")[2]
            if not index.isdigit() or int(index) >= count:
                return None
            total += president if int(index) == 0 else president // 2
        return total

    def trade(self, player: object, corporation: str, percent: int, certificates: Sequence[str],
              bought: bool) -> None:
        """``player`` bought (or sold) ``percent`` of ``corporation`` in ``certificates``."""
        held = self.held.setdefault(corporation, {})
        held[player] = held.get(player, 0) + (percent if bought else -percent)
        if bought:
            self._float(corporation)
        needed = self.president_percent.setdefault(corporation, PRESIDENT_PERCENT)
        top = max(held.values(), default=0)
        with_president = f"{corporation}_0" in certificates
        if with_president and not bought:
            # the seller presided (known again, if a tie had left it unknown)
            self.president[corporation] = player
            self.unknown.discard(corporation)
        if with_president and not bought and top < needed:
            self.president[corporation] = None      # receivership
            return
        if with_president and bought and self.in_receivership(corporation):
            self.president[corporation] = player    # out of receivership
            return
        if top < needed:
            return
        leading = [p for p, n in held.items() if n == top]
        previous = self.president.get(corporation)
        if corporation in self.unknown:
            if len(leading) == 1:   # the president holds the most, whoever it was
                self.unknown.discard(corporation)
                self.president[corporation] = leading[0]
            return
        if previous in leading:
            return
        if len(leading) > 1 and self.seat_order is None:
            self.unknown.add(corporation)
            self.president[corporation] = None
            return
        self.president[corporation] = nearest_after(self.seat_order or (), previous, leading)
