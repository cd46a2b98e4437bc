"""18Chesapeake: the shared engine rules, nothing more (docs/rules/18chesapeake.md).

Trains 2-6 count and score every stop, D is unlimited; the OO hexes are two
cities through green and one from brown (tile data); the Pittsburgh off-board
B2 and the hidden P&LE city A3 share one ``groups`` tag (tile data). No route
bonuses, no company-level income, no title-specific legality checks.

Privates (data/privates.json, the engine's own): while a player holds one of the four canal
and railroad privates, no company may lay on its hexes (``blocks_hexes``, owner a player;
a position says who holds them in ``privates``); C-P and B&S lay two connected tiles on
their hexes, the C&OC a tile and a token on D2 (``tile_lay``, ``teleport``): the shared
rules read them all (docs/rules/18chesapeake.md §8).
"""
from pathlib import Path

from trainrun.plugins.api import ReplayRules, TitleInfo, hookimpl


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="18Chesapeake", data=Path(__file__).parent / "data",
                     description="Mid-Atlantic railroads 1830-style; trains 2-6 and D")


@hookimpl
def trainrun_replay_rules() -> ReplayRules:
    """At the end of each set of operating rounds the bank's next 2, 3 or 4 train is
    exported, as if bought (phase change and rusting follow)."""
    return ReplayRules(exported=("2", "3", "4"))
