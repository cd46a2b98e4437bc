"""A corporation closing at the $0 cells of 18NY's stock market, settled from the rest of
the log (docs/rules/18ny.md §11; engine base.rb ``close_corporations_in_close_cell!`` after
every action, G18NY::Game ``close_corporation``).

trainrun does not follow 18NY's share prices (they move with corporations' cash: the
engine's automatic loans are not logged), so a sale of a corporation's shares, which moves
its price down, is a choice the replay asks the log (``ReplayState.decide``): the
corporation stays open, or its price reached $0 and it closed. A closed corporation acts
no more and its shares are never traded again, so every later action of it, or trade of
its shares, refuses the choice; a corporation left open keeps its tokens, which a later
token placed in their slot refuses.

Not asked: a sale of a share company other than the NYC that has not yet acted in an
operating turn. Its price has moved only down its par column (sales) or up it (sold out;
right from the top row), and no column right of the second holds a $0 cell; only
dividends, loans and repayments, all in its operating turns, move it left. The NYC's
formation takes loans before it operates.

A corporation that closes loses its tokens and reservations, its trains go back to the
bank (``CLOSED_CORP_TRAINS_REMOVED`` false: the depot's ``reclaim_train``), its private
companies close and its connection and coal income ends.
"""
from __future__ import annotations

from typing import TypedDict

from trainrun.plugins.api import InputError, ReplayState, corporation_of

from .nycshares import NYC

OPEN, CLOSED = "stays open", "closes at $0"
SHARE_TRADES = ("buy_shares", "sell_shares")
WHY = ("a sale moves {0}'s share price down and a price of $0 closes it (trainrun does not "
       "follow 18NY share prices)")


class Closings(TypedDict):
    """The closings at $0 followed on a replay (in ``replay.Books``)."""

    closed: set[str]     # the corporations closed at $0
    moved: set[str]      # the share companies that have acted in an operating turn


def new_closings() -> Closings:
    return {"closed": set(), "moved": set()}


def closing_sale(closings: Closings, replay: ReplayState, action: dict) -> str | None:
    """The corporation whose price ``action``, a sale, brings to $0, as the rest of the log
    settles it (asked before anything of the action is replayed), or None; ``InputError``
    for an action of a corporation closed at $0 or a trade of its shares."""
    refuse_if_closed(closings["closed"], action)
    sold = sold_corporation(replay, action)
    asked = sold is not None and sold not in closings["closed"] and (
        sold == NYC or sold in closings["moved"])
    closes = sold if asked and closes_at_zero(replay, action, str(sold)) else None
    if action.get("entity_type") == "corporation" and action["type"] not in SHARE_TRADES:
        closings["moved"].add(str(action.get("entity")))
    return closes


def sold_corporation(replay: ReplayState, action: dict) -> str | None:
    """The share company whose shares ``action`` sells (a player's sale, or the
    corporation's own issue), or None for a minor's or no sale."""
    if action["type"] != "sell_shares":
        return None
    shares = action.get("shares")
    if not isinstance(shares, list) or not shares or not isinstance(shares[0], str):
        raise InputError("shares", f"expected a list of share ids such as 'NH_3', got "
                                   f"{shares!r}")
    corporation = corporation_of(shares[0])
    charter = replay.title.companies.get(corporation)
    if charter is None:
        raise InputError("shares", f"unknown corporation of share {shares[0]!r}")
    return None if charter.get("type") == "minor" else corporation


def refuse_if_closed(closed: set[str], action: dict) -> None:
    """``InputError`` when ``action`` is one of a corporation closed at $0, or trades its
    shares: the log shows it did not close."""
    entity = action.get("entity")
    if action.get("entity_type") == "corporation" and entity in closed:
        raise InputError(str(entity), f"{entity} acts after its share price reached $0, "
                                      f"which closed it")
    shares = action.get("shares") if action["type"] in SHARE_TRADES else None
    for share in shares if isinstance(shares, list) else ():
        if isinstance(share, str) and corporation_of(share) in closed:
            raise InputError("shares", f"{share} is traded after its corporation's share "
                                       f"price reached $0, which closed it")


def closes_at_zero(replay: ReplayState, action: dict, corporation: str) -> bool:
    """Whether ``corporation``'s price reached $0 with the sale ``action``: asked of the
    log before anything of the action is replayed."""
    return replay.decide(action, f"{corporation} closing", [OPEN, CLOSED],
                         WHY.format(corporation)) == CLOSED


def close(closings: Closings, replay: ReplayState, corporation: str) -> None:
    """``corporation`` closes at $0: its trains back to the bank, its privates closed, then
    its tokens, reservations and income gone."""
    closings["closed"].add(corporation)
    for train in list(replay.trains.get(corporation, ())):
        replay.give_back_train(corporation, train)
    for private, owner in list(replay.owners.items()):
        if owner == corporation:
            replay.release_private(private)
    replay.close(corporation)
    replay.drop_title_state(corporation)
