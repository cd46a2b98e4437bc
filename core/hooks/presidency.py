"""Who takes a corporation's presidency when its shares move and several players hold the most,
as the 18xx.games engine breaks the tie (share_pool.rb ``transfer_shares``, ``distance``), for
the titles' replay hooks that follow shares (docs/rules/common.md §10).

The players sit in a circle in seat order (engine ``possible_presidents``: the game's
players as the title orders them, the bankrupt left out), which the replay follows by the
title's ``NEXT_SR_PLAYER_ORDER`` (``trainrun.hooks.seats``). Among the holders of the most
shares with at least the president's percent, the one nearest after the previous president
takes the presidency.
"""
from __future__ import annotations

from collections.abc import Collection, Sequence


def seat_distance(seats: Sequence[object], a: object, b: object) -> int:
    """Seats from ``a`` on round to ``b`` (a full round to ``a`` itself; engine
    share_pool.rb ``distance``); 0 where either is None or not seated, as the engine gives
    for nobody."""
    if a is None or b is None or a not in seats or b not in seats:
        return 0
    i, j = seats.index(a), seats.index(b)
    return j - i if i < j else j - (i - len(seats))


def nearest_after(seats: Sequence[object], previous: object, candidates: Sequence[object],
                  last: Collection[object] = ()) -> object:
    """The one of ``candidates`` nearest after ``previous`` in seat order (engine
    ``min_by`` distance: the first of ``candidates`` where several are as near); a holder
    in ``last`` is farther than every player, and after one in ``last`` all are as near
    (1871's Union Bank: engine ``player_distance_for_president``)."""
    if not candidates:
        raise ValueError("no candidate for the presidency")
    far = len(seats) + 1

    def distance(player: object) -> int:
        if previous in last or player in last:
            return far
        return seat_distance(seats, previous, player)
    return min(candidates, key=distance)
