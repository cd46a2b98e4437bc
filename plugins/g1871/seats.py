"""1871's seat order after its auction, which breaks presidency ties (docs/rules/1871.md §9;
engine ``G1871::Game#reorder_players``): by the cash left, the least first, a tie keeping
the order. From there on the replay follows the engine's ``first_to_pass`` order of the
stock rounds, shared by every title (``ReplayRules.seat_order``; docs/rules/common.md §10);
the Union Bank sits after everyone and loses every tie (``player_distance_for_president``).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence


def order_after_auction(order: Sequence[object], cash: Mapping[object, int]) -> list[object]:
    """The players seated once the auction is over: the least cash first (engine
    ``sort_by`` [cash, index])."""
    return sorted(order, key=lambda p: (cash.get(p, 0), list(order).index(p)))
