"""18Texas game logs replayed (``trainrun.replay.gamelog``; docs/rules/18texas.md §6).

Home tokens go down as a corporation floats (engine g_18_texas/game.rb
``HOME_TOKEN_TIMING = :float``, step/share_buying.rb ``maybe_place_home_token``), once half
its shares have left the treasury (entities.rb ``float_percent: 50``; the president's share
20%, every other 10%), followed here from the log's ``par`` and ``buy_shares`` and the
privates' shares: Jay Gould brings the president's share of a corporation the engine draws
at setup, which its buyer pars at once (the log's first ``par``), and the International–
Great Northern (4 players or more) and the New Orleans Pacific (5) each the next share of
that corporation (engine ``init_company_abilities``, ``match_share``).

Discarded trains leave the game (``DISCARDED_TRAINS = :remove``): the shared replay puts
them in the bank's discards, from which no later action of a log buys them. No export; the
privates' closing on the first 5 changes neither the board nor any company's trains; the
teleports of the privates a player holds are laid as logged, their tokens placed for the
``tokener`` the action names (the shared replay).
"""
from __future__ import annotations

from trainrun.plugins.api import ReplayRules, ReplayState

FLOAT_PERCENT = 50
PRESIDENT, SHARE = 20, 10
# the privates bringing the next share of Jay Gould's corporation, by the players needed
MATCH_SHARES = (("IGN", 4), ("NOPR", 5))


def replay_rules() -> ReplayRules:
    return ReplayRules()


class Floats:
    """The shares that have left each corporation's treasury, and their percent (the
    books); Jay Gould's corporation once its buyer has parred it."""

    def __init__(self, replay: ReplayState):
        self.sold: dict[str, dict[str, int]] = {}
        self.drawn: str | None = None

    def sell(self, share: str, percent: int) -> None:
        corporation = share.rpartition("_")[0]
        self.sold.setdefault(corporation, {}).setdefault(share, percent)

    def floated(self, corporation: str) -> bool:
        return sum(self.sold.get(corporation, {}).values()) >= FLOAT_PERCENT


def replay_action(replay: ReplayState, action: dict) -> bool | None:
    """Shares leaving the treasury; a corporation floating places its home token."""
    floats = replay.books(Floats)
    kind, corporation = action["type"], action.get("corporation")
    if kind == "par" and isinstance(corporation, str) and corporation in replay.title.companies:
        floats.sell(f"{corporation}_0", PRESIDENT)
        if floats.drawn is None:   # Jay Gould's: the privates' matching shares go with it
            floats.drawn = corporation
            players = len(replay.players)
            for number, (_private, needed) in enumerate(MATCH_SHARES, start=1):
                if players >= needed:
                    floats.sell(f"{corporation}_{number}", SHARE)
        _floating(replay, floats, corporation)
    elif kind == "buy_shares" and action.get("entity_type") == "player":
        for share in action.get("shares") or ():
            if isinstance(share, str) and "_" in share:
                floats.sell(share, PRESIDENT if share.endswith("_0") else SHARE)
                _floating(replay, floats, share.rpartition("_")[0])
    return None


def _floating(replay: ReplayState, floats: Floats, corporation: str) -> None:
    if (corporation in replay.title.companies and floats.floated(corporation)
            and not replay.cities_of(corporation)):
        replay.put_home_token(corporation)
