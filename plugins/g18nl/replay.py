"""18NL game logs replayed (``trainrun.replay.gamelog``; docs/rules/18nl.md §6).

The shared replay follows the whole game: home tokens go down as a corporation first
operates, each in the city its charter names (engine base.rb ``HOME_TOKEN_TIMING =
:operate``), no train is exported, and the privates' closing (the first 5; P5 and P6 on
HIS's and NFL's first train) changes neither the board nor any company's trains.
"""
from __future__ import annotations

from trainrun.plugins.api import ReplayRules


def replay_rules() -> ReplayRules:
    return ReplayRules()
