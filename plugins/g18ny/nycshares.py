"""The NYC's treasury shares through a game log, as far as its formation needs them: whether a
minor merging into the NYC exchanges for a treasury share (docs/rules/18ny.md §10; engine
``G18NY::Game#merge_into_nyc``, ``exchange_for_nyc_share``, ``exchange_for_bank_share``).

Counted in shares of 10%, the president's certificate two:

* the NYC's ten start in its treasury; a minor merging takes one from the treasury while it
  holds any, else one from the market (the first there);
* a player's sale puts the shares sold in the market, in order; a purchase takes each share
  from the market where it lies there, else from the treasury;
* the NYC's own sale (an issue) moves its shares from the treasury to the market, its
  purchase (a redemption) back;
* the first president's certificate swap (engine share_pool.rb ``transfer_shares``: the
  player's two shares for the certificate, while the treasury holds it) changes nothing
  counted.
"""
from __future__ import annotations

from typing import TypedDict

from trainrun.plugins.api import InputError

NYC = "NYC"
TREASURY_SHARES = 10        # NYC_0 (20%, two shares) and NYC_1 to NYC_8 (10% each)
PRESIDENTS_SHARE = f"{NYC}_0"


class NycShares(TypedDict):
    """The NYC's shares as followed: how many the treasury holds, which the market does."""

    treasury: int
    market: list[str]


def new_shares() -> NycShares:
    return {"treasury": TREASURY_SHARES, "market": []}


def _count(share: str) -> int:
    return 2 if share == PRESIDENTS_SHARE else 1


def _nyc_shares(action: dict) -> list[str]:
    shares = action.get("shares")
    if not isinstance(shares, list) or not all(isinstance(s, str) for s in shares):
        raise InputError("shares", f"expected a list of share ids such as 'NYC_3', got "
                                   f"{shares!r}")
    return [s for s in shares if s.startswith(f"{NYC}_")]


def trade(shares: NycShares, action: dict) -> None:
    """A ``buy_shares`` or ``sell_shares`` of ``action``, as far as it moves NYC shares."""
    traded = _nyc_shares(action)
    own = action.get("entity") == NYC and action.get("entity_type") == "corporation"
    for share in traded:
        if action["type"] == "sell_shares":
            shares["market"].append(share)
            shares["treasury"] -= _count(share) if own else 0
        elif share in shares["market"]:
            shares["market"].remove(share)
            shares["treasury"] += _count(share) if own else 0
        elif not own:
            shares["treasury"] -= _count(share)
    if shares["treasury"] < 0:
        raise InputError("shares", f"the NYC's treasury holds no {', '.join(traded)} to sell")


def exchange(shares: NycShares) -> bool:
    """A minor merges into the NYC: True when it exchanges for a treasury share (the NYC
    takes its assets), False for a share from the market (its assets go to the bank)."""
    if shares["treasury"] > 0:
        shares["treasury"] -= 1
        return True
    if not shares["market"]:
        raise InputError("merge", "the NYC has no share left to exchange, in its treasury or "
                                  "the market")
    shares["market"].pop(0)
    return False
