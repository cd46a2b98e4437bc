"""1889 game logs replayed (``trainrun.replay.gamelog``; docs/rules/1889.md §4, §6).

Home tokens go down at the start of an operating round, every floated corporation's at
once, before anyone operates (engine g_1889/game.rb ``HOME_TOKEN_TIMING =
:operating_round``, round/operating.rb ``setup``). Corporations float only in stock rounds,
so this is done as each set of operating rounds begins: a corporation floats once half
its shares have left the IPO (entities.rb ``float_percent: 50``; the president's share
is 20%, every other 10%), followed here from the log's ``par`` and ``buy_shares``.

No train is exported; the privates' closing on the first 5 changes neither the board nor
any company's trains; the Mitsubishi Ferry's lay, in any round, is laid as logged by the
shared replay (a private a player holds).
"""
from __future__ import annotations

from trainrun.plugins.api import ReplayRules, ReplayState

FLOAT_PERCENT = 50
PRESIDENT, SHARE = 20, 10


def replay_rules() -> ReplayRules:
    return ReplayRules()


class Floats:
    """The shares that have left each corporation's IPO, and their percent (the books)."""

    def __init__(self, replay: ReplayState):
        self.sold: dict[str, dict[str, int]] = {}

    def sell(self, share: str, percent: int) -> None:
        corporation = share.rpartition("_")[0]
        self.sold.setdefault(corporation, {}).setdefault(share, percent)

    def floated(self, corporation: str) -> bool:
        return sum(self.sold.get(corporation, {}).values()) >= FLOAT_PERCENT


def replay_action(replay: ReplayState, action: dict) -> bool | None:
    floats = replay.books(Floats)
    kind = action["type"]
    if kind == "par" and isinstance(action.get("corporation"), str):
        floats.sell(f"{action['corporation']}_0", PRESIDENT)
    elif kind == "buy_shares":
        for share in action.get("shares") or ():
            if isinstance(share, str) and "_" in share:
                floats.sell(share, PRESIDENT if share.endswith("_0") else SHARE)
    return None


def replay_round(replay: ReplayState, action: dict) -> str | None:
    """As a set of operating rounds begins, every floated corporation's home token."""
    if not replay.in_operating_rounds and action.get("entity_type") in ("corporation",
                                                                          "minor"):
        floats = replay.books(Floats)
        for corporation in replay.title.companies:
            if floats.floated(corporation) and not replay.cities_of(corporation):
                replay.put_home_token(corporation)
    return None
