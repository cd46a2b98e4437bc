"""18Texas: compiled from the 18xx.games engine, checked against its recorded games
(docs/rules/18texas.md).

Runs are scored by the shared rules (``plugins/defaults.py``, ``docs/rules/common.md``). The
engine's game class redefines none of its base's route and revenue methods
(``ROUTE_METHODS`` in ``tools/engine_export.rb``): the engine scores this title's routes by
its shared rules too. Private companies' abilities are data (``privates.json``) the
shared rules read (``trainrun.turn.abilities``); optional rules (``options.json``) are
not applied.

Data: ``data/`` is ``tools/compile_title.py`` output for the 18xx.games engine's 18Texas
(folder ``g_18_texas``), a new game with no optional rules; ``python tools/compile_title.py
ENGINE_DIR "18Texas" --check`` shows what a newer engine changes.

Lays (docs/rules/18texas.md §3): two a turn, the second yellow only and only when the first
was not an upgrade (``tile_lays``); the New Orleans Pacific's teleport lays the green 511 on
an unbuilt San Antonio J5 (``upgrades_to?``). The privates blocking their hexes while a
player holds them are their data's (``blocks_hexes``), followed by the shared rules.
"""
from pathlib import Path

from trainrun.plugins.api import LayRight, Position, Tile, TitleInfo, default_upgrades_to, hookimpl

from . import replay as _replay


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="18Texas", data=Path(__file__).parent / "data",
                     description="Texas, USA; trains 2, 3, 4, 5, 6, 8",
                     not_modelled=(
                         "moves: a private's non-yellow lay counting as the company's "
                         "upgrade",))


# engine g_18_texas/game.rb tile_lays: a yellow lay or an upgrade, then a yellow lay only if
# the first was no upgrade (the second entry states no cost: none)
LAYS = [LayRight(True, True, cost=0), LayRight("not_if_upgraded", False)]
NOPR = "NOPR"                      # New Orleans Pacific Railroad (engine COMPANIES sym)
NOPR_HEX, NOPR_TILE = "J5", "511"  # engine g_18_texas/game.rb upgrades_to?


@hookimpl
def trainrun_tile_lays(position: Position) -> list[LayRight]:
    """Two lays, the second yellow and only when the first was not an upgrade (engine
    g_18_texas/game.rb ``tile_lays``; docs/rules/18texas.md §3)."""
    return LAYS


def _nopr_acting(position: Position) -> bool:
    entity = position.turn.entity
    private = position.title.privates.get(NOPR, {})
    return position.turn.step == "SpecialTrack" and entity in (NOPR, private.get("name"))


@hookimpl
def trainrun_upgrades_to(position: Position, hex_id: str, old: Tile,
                         tiles: list[Tile]) -> list[Tile] | None:
    """The New Orleans Pacific's lay puts its 511 on an unbuilt J5, a white hex taking a
    green tile; otherwise the shared rule (engine g_18_texas/game.rb ``upgrades_to?``,
    ``selected_company`` NOPR; docs/rules/18texas.md §3)."""
    if not (_nopr_acting(position) and hex_id == NOPR_HEX and old.color == "white"):
        return None                       # the shared rule
    future_label = position.title.hexes[hex_id].future_label
    return [t for t in tiles if t.name == NOPR_TILE or default_upgrades_to(old, t, future_label)]


@hookimpl
def trainrun_replay_rules() -> _replay.ReplayRules:
    """No export; a home token as its corporation floats (``replay``)."""
    return _replay.replay_rules()


@hookimpl
def trainrun_replay_action(replay: _replay.ReplayState, action: dict) -> bool | None:
    """The shares leaving each treasury; a corporation floating places its home token
    (``replay``)."""
    return _replay.replay_action(replay, action)
