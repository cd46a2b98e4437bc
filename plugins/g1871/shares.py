"""Who holds how much of each 1871 railroad, who presides it and when it floats, for the
game-log replay (engine ``SharePool#transfer_shares``, ``Corporation#floated?`` and
``G1871::Game``).

Holdings are kept in percent per holder: a player (by id) or the Union Bank (``UNION_BANK``,
id -1 in the log, a player for presidency that loses every tie). Shares in the market or a
treasury are not followed, except the Shortline's three exchange shares (``reserved``).

* Floating: a railroad floats when the players, the Union Bank and its exchange shares hold
  its float percent (60, the Mainline 50), checked as a share is bought.
* Presidency, after a transfer that may change it: it stays while the president holds the
  most; otherwise it goes to the holder of the most with at least the president's 20%,
  the nearest in seat order after the old president where several tie (``seat_order``,
  the replay's: ``ReplayState.seat_order``; the Union Bank after every player:
  docs/rules/common.md §10, docs/rules/1871.md §9); where the seat order is not known, a
  tie leaves the railroad's president unknown (None) from then on.
"""
from __future__ import annotations

from collections.abc import Sequence

from trainrun.plugins.api import InputError, nearest_after

UNION_BANK = -1
PRESIDENT_PERCENT = 20
SHARE = 10


class Holdings:
    def __init__(self, float_percent: dict[str, int], seat_order: Sequence[object] | None):
        self.float_percent = dict(float_percent)
        self.seat_order = seat_order     # the players in seat order (None: not known)
        self.unknown: set[str] = set()   # railroads whose president a tie left unknown
        self.held: dict[str, dict[object, int]] = {}   # railroad -> holder -> percent
        self.reserved: dict[str, int] = {}     # railroad -> exchange shares' percent
        self.president: dict[str, object] = {}
        self.floated: set[str] = set()

    def percent(self, railroad: str, holder: object) -> int:
        return self.held.get(railroad, {}).get(holder, 0)

    def move(self, railroad: str, holder: object, percent: int,
             may_change_president: bool = True) -> None:
        """``holder`` gains ``percent`` of ``railroad`` (loses, if negative)."""
        held = self.held.setdefault(railroad, {})
        held[holder] = held.get(holder, 0) + percent
        if held[holder] < 0:
            raise InputError("shares", f"{holder} holds only {held[holder] - percent}% of "
                                       f"{railroad}, not {-percent}%")
        if may_change_president:
            self._new_president(railroad)

    def buy(self, railroad: str, holder: object, percent: int, reserved: bool = False,
            may_change_president: bool = True) -> bool:
        """A purchase (from the market, a treasury or, ``reserved``, an exchange share);
        True when it floats the railroad."""
        was = self.is_floated(railroad)
        if reserved:
            if self.reserved.get(railroad, 0) < percent:
                raise InputError("shares", f"{railroad} has no exchange share left")
            self.reserved[railroad] -= percent
        self.move(railroad, holder, percent, may_change_president)
        return not was and self.is_floated(railroad)

    def is_floated(self, railroad: str) -> bool:
        if railroad in self.floated:
            return True
        held = sum(self.held.get(railroad, {}).values()) + self.reserved.get(railroad, 0)
        if held >= self.float_percent.get(railroad, 60):
            self.floated.add(railroad)
        return railroad in self.floated

    def _new_president(self, railroad: str) -> None:
        held = {h: p for h, p in self.held[railroad].items() if p > 0}
        if not held or railroad in self.unknown:
            return
        old, most = self.president.get(railroad), max(held.values())
        if held.get(old) == most:
            return
        leaders = [h for h, p in held.items() if p == most and p >= PRESIDENT_PERCENT]
        if len(leaders) > 1 and self.seat_order is None:
            self.unknown.add(railroad)       # a tie the seat order breaks, not known
            self.president[railroad] = None
        elif leaders:
            self.president[railroad] = nearest_after(self.seat_order or (), old, leaders,
                                                     last=(UNION_BANK,))
