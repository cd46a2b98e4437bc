"""18Chesapeake: the shared engine rules, nothing more (docs/rules/18chesapeake.md).

Trains 2-6 count and score every stop, D is unlimited; the OO hexes are two
cities through green and one from brown (tile data); the Pittsburgh off-board
B2 and the hidden P&LE city A3 share one ``groups`` tag (tile data). No route
bonuses, no company-level income, no title-specific legality checks.

Lays: while a player holds one of the four canal and railroad privates, no company may lay
on its hexes (engine ``blocks_hexes``, owner a player); a position says who holds them in
``privates`` (docs/rules/18chesapeake.md §8).
"""
from pathlib import Path

from trainrun.plugins.api import Position, ReplayRules, TitleInfo, hookimpl


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="18Chesapeake", data=Path(__file__).parent / "data",
                     description="Mid-Atlantic railroads 1830-style; trains 2-6 and D")


# The privates that block their hexes while a player holds them (engine ``blocks_hexes``).
BLOCKING_PRIVATES = {"D&R": ("K3",), "C-P": ("H2", "I3"), "B&S": ("F4", "G5"), "C&OC": ("D2",)}
PLAYER_HOLDERS = ("president", "player")


# The privates that lay tiles on their own hexes (engine ``tile_lay``), by the name a
# moves line gives them (``turn.entity``); their two lays must connect (engine ``connect``).
LAYING_PRIVATES = {"Columbia - Philadelphia Railroad": "C-P",
                   "Baltimore and Susquehanna Railroad": "B&S"}


@hookimpl
def trainrun_lay_refusal(position: Position, hex_id: str) -> str | None:
    acting = LAYING_PRIVATES.get(position.turn.entity or "")   # None: the company lays
    for private, hexes in BLOCKING_PRIVATES.items():
        if private == acting:
            continue   # a private's own lays are not blocked by it
        if hex_id in hexes and position.privates.get(private) in PLAYER_HOLDERS:
            return f"{hex_id} is blocked by {private}, held by a player"
    return None


@hookimpl
def trainrun_special_lay_connects(position: Position) -> bool:
    return position.turn.entity in LAYING_PRIVATES


@hookimpl
def trainrun_replay_rules() -> ReplayRules:
    """At the end of each set of operating rounds the bank's next 2, 3 or 4 train is
    exported, as if bought (phase change and rusting follow)."""
    return ReplayRules(exported=("2", "3", "4"))
