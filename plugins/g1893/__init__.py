"""1893: the shared engine rules, and the title's own lay rules (docs/rules/1893.md §3).

Runs are scored by the shared rules (``plugins/defaults.py``, ``docs/rules/common.md``). The
engine's game class redefines none of its base's route and revenue methods
(``ROUTE_METHODS`` in ``tools/engine_export.rb``): the engine scores this title's routes by
its shared rules too. Private companies' abilities, special lays and the set-up are data
here (``privates.json``), not rules; optional rules (``options.json``, if any) are not
applied.

Lays (engine g_1893/game.rb ``legal_tile_rotation?``, ``upgrades_to?``; g_1893/step/track.rb):

* N5 and P5 take no tile until the first 3-train removes the tile block (``TILE_BLOCK``);
* a tile on a hex whose printed tile has a stub (N5) has an exit on the stub's edge
  (``StubsAreRestricted#legal_if_stubbed?``);
* in phase 2 (status ``rhine_impassable``) no tile on L5 or S6 crosses its water border,
  the Rhine (``RHINE_PASSAGE``);
* Leverkusen G6: a yellow double-town tile is upgraded only to the one-city green K314,
  at rotation 0 only, whatever the old track.

The stubs and the Rhine's water borders are the compiled map's (``data/map.json``, the
printed tiles' ``stubs`` and ``borders`` of type ``water``), which the board model does not
keep.

Data: ``data/`` is ``tools/compile_title.py`` output for the 18xx.games engine's 1893
(folder ``g_1893``), a new game with no optional rules; ``python tools/compile_title.py
ENGINE_DIR "1893" --check`` shows what a newer engine changes.
"""
import functools
import json
from pathlib import Path

from trainrun.plugins.api import (
    Position,
    Tile,
    TitleInfo,
    exits,
    hookimpl,
)

from . import replay as _replay

DATA = Path(__file__).parent / "data"

TILE_BLOCK = ("N5", "P5")              # engine g_1893/game.rb TILE_BLOCK
TILE_BLOCK_PHASES = ("2",)             # removed by the first 3 (event remove_tile_block)
RHINE_PASSAGE = ("L5", "S6")           # engine g_1893/game.rb RHINE_PASSAGE
RHINE_IMPASSABLE_PHASES = ("2",)       # engine PHASES: phase 2's status rhine_impassable
LEVERKUSEN_HEX = "G6"                  # engine LEVERKUSEN_HEX_NAME
LEVERKUSEN_GREEN_TILE = "K314"         # engine LEVERKUSEN_GREEN_TILE


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="1893", data=DATA,
                     description="Cologne, Germany; trains 2, 3, 4, 5, 6, 8+x")


@functools.cache
def _printed() -> dict[str, dict]:
    """The printed tile of each hex as the compiled map gives it (``data/map.json``)."""
    hexes = json.loads((DATA / "map.json").read_text())["hexes"]
    return {h["id"]: h.get("printed_tile", {}) for h in hexes}


def stub_edges(hex_id: str) -> frozenset[int]:
    """The edges of the stubs printed on ``hex_id`` (N5: edge 4)."""
    return frozenset(_printed().get(hex_id, {}).get("stubs", ()))


def water_edges(hex_id: str) -> frozenset[int]:
    """The edges of the water borders printed on ``hex_id`` (the Rhine crossings)."""
    return frozenset(b["edge"] for b in _printed().get(hex_id, {}).get("borders", ())
                     if b.get("type") == "water")


def _leverkusen_green(position: Position, hex_id: str, old: Tile) -> bool:
    return hex_id == LEVERKUSEN_HEX and old.color == "yellow"


@hookimpl
def trainrun_lay_refusal(position: Position, hex_id: str) -> str | None:
    """N5 and P5 are blocked until the first 3-train (engine g_1893/game.rb ``TILE_BLOCK``,
    ``upgrades_to?`` refusing while the hex keeps its icon, ``event_remove_tile_block!``
    on the 3's ``remove_tile_block``, the train that starts phase 3;
    docs/rules/1893.md §3)."""
    if hex_id in TILE_BLOCK and position.phase.name in TILE_BLOCK_PHASES:
        return f"{hex_id} takes no tile until the first 3-train (tile block)"
    return None


@hookimpl
def trainrun_upgrades_to(position: Position, hex_id: str, old: Tile,
                         tiles: list[Tile]) -> list[Tile] | None:
    """Leverkusen's yellow double towns become only the green one-city K314, else the shared
    rule, None (engine g_1893/game.rb ``upgrades_to?``: ``LEVERKUSEN_HEX_NAME``,
    ``LEVERKUSEN_GREEN_TILE``; docs/rules/1893.md §3)."""
    if _leverkusen_green(position, hex_id, old):
        return [t for t in tiles if t.name == LEVERKUSEN_GREEN_TILE]
    return None                           # the shared rule


@hookimpl
def trainrun_track_kept(position: Position, hex_id: str, old: Tile, old_rotation: int,
                        new: Tile, rotation: int) -> bool | None:
    """K314 on Leverkusen keeps the old track at rotation 0 whatever it was (engine
    g_1893/game.rb ``legal_tile_rotation?`` true for it, step/track.rb
    ``leverkusen_only_legal_rotation`` turning it to 0; docs/rules/1893.md §3)."""
    if _leverkusen_green(position, hex_id, old) and new.name == LEVERKUSEN_GREEN_TILE:
        return rotation == 0
    return None


@hookimpl
def trainrun_rotation_refusal(position: Position, hex_id: str, tile: Tile,
                              rotation: int) -> str | None:
    """A stub's edge must be an exit of the first tile laid on its hex (engine
    stubs_are_restricted.rb ``legal_if_stubbed?``, the hex's current tile's stubs: a laid
    tile has none); in phase 2 no exit on the Rhine's water border of L5 or S6 (engine
    g_1893/game.rb ``legal_tile_rotation?``, ``RHINE_PASSAGE``); docs/rules/1893.md §3."""
    placed = position.board[hex_id]
    mh = position.title.hexes[hex_id]
    new_exits = exits(tile, rotation)
    if placed.tile is mh.printed:
        stubs = {(e + mh.printed_rotation) % 6 for e in stub_edges(hex_id)}
        if stubs - new_exits:
            return f"{hex_id}'s stub at edge {min(stubs - new_exits)} must be an exit"
    if hex_id in RHINE_PASSAGE and position.phase.name in RHINE_IMPASSABLE_PHASES:
        water = {(e + mh.printed_rotation) % 6 for e in water_edges(hex_id)}
        if water & new_exits:
            return f"the Rhine may not be crossed from {hex_id} in phase {position.phase.name}"
    return None


@hookimpl
def trainrun_replay_rules(settings: dict) -> _replay.ReplayRules:
    """Home tokens as each corporation first operates, the minors' and HGK's printed on the
    map; no export (``replay``)."""
    return _replay.replay_rules(settings)


@hookimpl
def trainrun_replay_action(replay: _replay.ReplayState, action: dict) -> bool | None:
    """The votes founding AGV and HGK, the train events (``replay``)."""
    return _replay.replay_action(replay, action)


@hookimpl
def trainrun_replay_round(replay: _replay.ReplayState, action: dict) -> str | None:
    """The foundings, as their votes end or a merger round begins; the merger rounds'
    actions open no turn (``replay``)."""
    return _replay.replay_round(replay, action)
