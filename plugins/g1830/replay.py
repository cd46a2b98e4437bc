"""1830 game logs replayed (``trainrun.replay.gamelog``; docs/rules/1830.md §6).

The shared replay follows the whole game: home tokens go down as a corporation first
operates (engine base.rb ``HOME_TOKEN_TIMING = :operate``), ERIE's reservation of its OO
hex is printed (tile data), no train is exported, and the privates' closing (the first 5,
BO on the B&O's first train) changes neither the board nor any company's trains.
"""
from __future__ import annotations

from trainrun.plugins.api import ReplayRules


def replay_rules() -> ReplayRules:
    return ReplayRules()
