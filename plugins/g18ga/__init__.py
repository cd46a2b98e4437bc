"""18GA: compiled from the 18xx.games engine, checked against its recorded games
(docs/rules/18ga.md).

Runs are scored by the shared rules (``plugins/defaults.py``, ``docs/rules/common.md``). The
engine's game class redefines none of its base's route and revenue methods
(``ROUTE_METHODS`` in ``tools/engine_export.rb``): the engine scores this title's routes by
its shared rules too. Private companies' abilities are data (``privates.json``) the
shared rules read (``trainrun.turn.abilities``); optional rules (``options.json``) are
not applied, and a game log setting one that changes the board is refused by name.

Data: ``data/`` is ``tools/compile_title.py`` output for the 18xx.games engine's 18GA
(folder ``g_18_ga``), a new game with no optional rules; ``python tools/compile_title.py
ENGINE_DIR "18GA" --check`` shows what a newer engine changes.

Lays (docs/rules/18ga.md §3): the shared rules, but for four cities whose upgrade of one
colour is a tile of their own (``FORCED_UPGRADES``). The privates blocking their hexes while
a player holds them are their data's (``blocks_hexes``), followed by the shared rules. The
optional ``double_yellow_first_or`` (a second yellow lay in the OR a corporation floats in)
is not applied.
"""
from pathlib import Path

from trainrun.plugins.api import Position, Tile, TitleInfo, hookimpl

from . import replay as _replay


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="18GA", data=Path(__file__).parent / "data",
                     description="Georgia, USA; trains 2, 3, 4, 5, 6, 8")


# engine g_18_ga/game.rb upgrades_to?: (hex, colour of the tile there) -> the only tile
# that replaces it (Augusta and Savannah in green, Brunswick and Macon in brown)
FORCED_UPGRADES = {("D10", "yellow"): "453a", ("G13", "yellow"): "454a",
                   ("I11", "green"): "457a", ("F6", "green"): "458a"}


@hookimpl
def trainrun_upgrades_to(position: Position, hex_id: str, old: Tile,
                         tiles: list[Tile]) -> list[Tile] | None:
    """Yellow Augusta D10 becomes only 453a and yellow Savannah G13 only 454a, green
    Brunswick I11 only 457a and green Macon F6 only 458a, whatever the labels (the track
    kept is still checked at each rotation); elsewhere the shared rule (engine
    g_18_ga/game.rb ``upgrades_to?``; docs/rules/18ga.md §3)."""
    forced = FORCED_UPGRADES.get((hex_id, old.color))
    if forced is None:
        return None                       # the shared rule
    return [t for t in tiles if t.name == forced]


@hookimpl
def trainrun_replay_rules(settings: dict) -> _replay.ReplayRules:
    """Home tokens as each corporation first operates, the setup's tokens printed on the
    map; no export (``replay``)."""
    return _replay.replay_rules(settings)


@hookimpl
def trainrun_replay_action(replay: _replay.ReplayState, action: dict) -> bool | None:
    """The OSR's free 2 train to the corporation buying it (``replay``)."""
    return _replay.replay_action(replay, action)
