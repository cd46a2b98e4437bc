"""18Chesapeake: Off the Rails game logs replayed (``trainrun.replay.gamelog``;
docs/rules/18chesapeakeofftherails.md §6).

18Chesapeake's replay but for the export: the variant's ``or_set_finished`` is empty
(engine g_18_chesapeake_off_the_rails/game.rb), so no train leaves the bank without a
purchase. Home tokens go down as a corporation first operates (engine base.rb
``HOME_TOKEN_TIMING = :operate``). The privates' closing (the first 5; CV when its
corporation buys its first train) changes neither the board nor any company's trains, and
the corporation CV comes with is the log's (its par), not drawn here.
"""
from __future__ import annotations

from trainrun.plugins.api import ReplayRules


def replay_rules() -> ReplayRules:
    return ReplayRules()
