"""18GA game logs replayed (``trainrun.replay.gamelog``; docs/rules/18ga.md §6).

The setup's tokens are the map's printed ones (``data/map.json``): the neutral tokens in
the Montgomery (E1) and Tallahassee (J4) off-boards and ACL's flipped token blocking
Jacksonville (J12), which is its home token once ACL floats (engine g_18_ga/game.rb
``setup``, ``place_home_token``); the other home tokens go down as each corporation first
operates (engine base.rb ``HOME_TOKEN_TIMING = :operate``).

The bank's last 2 train (``2-5``) is held at setup for the Ocilla Southern: the
corporation buying the OSR receives it, free, with no train action in the log (engine
g_18_ga/step/buy_company.rb, ``add_free_two_train``), unless the corporation is at its
train limit or the 4 has come, and then never. No train is exported; the privates'
closing on the first 5 changes neither the board nor any company's trains.

The optional rules giving homes, hexes or rusting of their own
(``new_georgia_florida_home``, ``cotton_port``, ``soft_rust_4t``) are refused.
"""
from __future__ import annotations

from trainrun.plugins.api import InputError, ReplayRules, ReplayState

FREE_TRAIN, FREE_TRAIN_PRIVATE = "2-5", "OSR"
# optional rules giving homes, hexes or rusting of their own (engine setup, optional_hexes)
UNFOLLOWED_OPTIONS = ("new_georgia_florida_home", "cotton_port", "soft_rust_4t")


def replay_rules(settings: dict) -> ReplayRules:
    options = settings.get("optional_rules") or ()
    refused = [o for o in UNFOLLOWED_OPTIONS if o in options]
    if refused:
        raise InputError("settings.optional_rules", f"trainrun does not replay 18GA with "
                                                    f"{', '.join(refused)}")
    return ReplayRules()


def replay_action(replay: ReplayState, action: dict) -> bool | None:
    """The OSR bought by a corporation brings it the free 2 train, unless the corporation
    is at its train limit or the 4 has come (engine g_18_ga/step/buy_company.rb); the
    shared replay then records the private's new owner."""
    if (action["type"] == "buy_company" and action.get("company") == FREE_TRAIN_PRIVATE
            and action.get("entity_type") == "corporation"):
        buyer = action["entity"]
        limit = replay.phase.train_limit
        if isinstance(limit, dict):
            raise InputError("phase", "18GA's train limits are one number a phase")
        if (not any(t.id == FREE_TRAIN for ts in replay.trains.values() for t in ts)
                and len(replay.trains.get(buyer, ())) != limit and not _reached(replay, "4")):
            replay.buy_train({**action, "type": "buy_train", "train": FREE_TRAIN})
    return None


def _reached(replay: ReplayState, phase: str) -> bool:
    """Whether phase ``phase`` has come (engine ``phase.available?``)."""
    phases = list(replay.title.phases)
    return phases.index(replay.phase.name) >= phases.index(phase)
