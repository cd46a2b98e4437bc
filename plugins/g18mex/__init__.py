"""18MEX: compiled from the 18xx.games engine, checked against its recorded games
(docs/rules/18mex.md).

Runs are scored by the shared rules (``plugins/defaults.py``, ``docs/rules/common.md``). The
engine's game class redefines none of its base's route and revenue methods
(``ROUTE_METHODS`` in ``tools/engine_export.rb``): the engine scores this title's routes by
its shared rules too. Private companies' abilities are data (``privates.json``) the
shared rules read (``trainrun.turn.abilities``); optional rules (``options.json``) are
not applied, and a game log setting one that changes the board is refused by name.

Data: ``data/`` is ``tools/compile_title.py`` output for the 18xx.games engine's 18MEX
(folder ``g_18_mex``), a new game with no optional rules; ``python tools/compile_title.py
ENGINE_DIR "18MEX" --check`` shows what a newer engine changes.

Lays (docs/rules/18mex.md §3): a corporation lays two yellows or one upgrade, a minor one
yellow (``trainrun_tile_lays``); a lay must add track unless the new tile has a city
(``trainrun_lay_rules``); Copper Canyon's 470 is never upgraded; a lay on Mexico City O10
also lays the paired tile on Puebla P11 (and the other way round), so it pays the terrain
of both hexes (``trainrun_terrain_cost``); a minor whose home is unbuilt lays nothing unless
it can pay that hex's terrain (``trainrun_lay_refusal``). The game-log replay lays the
paired tile on the other hex (``replay.py``); ``apply`` does not (no hook changes a hex
beyond the one laid), which ``trainrun titles`` says (``not_modelled``).
"""
import functools
import json
from pathlib import Path

from trainrun.plugins.api import (
    LayRight,
    LayRules,
    Position,
    Tile,
    TitleInfo,
    hookimpl,
)

from . import replay as _replay

DATA = Path(__file__).parent / "data"


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="18MEX", data=DATA,
                     description="Mexico; trains 2, 3, 3', 4, 5, 6, 6', 4D",
                     not_modelled=(
                         "apply: a lay on Mexico City O10 or Puebla P11 does not also lay "
                         "the paired tile on the other hex (the game-log replay does)",
                         "moves: NdM's token price after its merger (the exchange tokens "
                         "it gains are not in a position)"))


CORPORATION_LAYS = [LayRight(True, True), LayRight("not_if_upgraded", False)]
MINOR_LAYS = [LayRight(True, False)]
COPPER_CANYON_TILE = "470"                    # engine g_18_mex/game.rb upgrades_to?
# engine g_18_mex/step/track.rb MEXICO_CITY_DOUBLE_HEX: a lay on one also lays the other
DOUBLE_HEX = {"O10": "P11", "P11": "O10"}


@functools.cache
def _minors() -> frozenset[str]:
    """The minors' symbols (``data/companies.json``, the engine's ``MINORS``)."""
    data = json.loads((DATA / "companies.json").read_text())
    return frozenset(m["sym"] for m in data.get("minors", ()))


@hookimpl
def trainrun_tile_lays(position: Position) -> list[LayRight]:
    """A minor lays one yellow tile; a corporation a yellow or an upgrade, then a yellow if
    it did not upgrade (engine g_18_mex/game.rb ``tile_lays``; the optional
    ``triple_yellow_first_or`` is not applied; docs/rules/18mex.md §3)."""
    return MINOR_LAYS if position.company in _minors() else CORPORATION_LAYS


@hookimpl
def trainrun_lay_rules(position: Position) -> LayRules:
    """A lay uses new track unless the new tile has a city (engine g_18_mex/game.rb
    ``TRACK_RESTRICTION = :city_permissive``, step/tracker.rb
    ``check_track_restrictions!``; docs/rules/18mex.md §3)."""
    return LayRules(track_restriction="city_permissive")


@hookimpl
def trainrun_upgrades_to(position: Position, hex_id: str, old: Tile,
                         tiles: list[Tile]) -> list[Tile] | None:
    """Copper Canyon's 470 is never upgraded; otherwise the shared rule (engine
    g_18_mex/game.rb ``upgrades_to?``, ``all_potential_upgrades``;
    docs/rules/18mex.md §3)."""
    return [] if old.name == COPPER_CANYON_TILE else None     # None: the shared rule


@hookimpl
def trainrun_lay_refusal(position: Position, hex_id: str) -> str | None:
    """A minor whose home hex is still unbuilt lays only if it can pay that hex's terrain
    (engine g_18_mex/step/track.rb ``can_lay_tile?``: ``upgrade_cost`` of the home tile
    against the minor's cash, else no lay at all; docs/rules/18mex.md §3)."""
    if position.company not in _minors() or position.turn.cash is None:
        return None
    home = position.title.companies[position.company].get("home")
    placed = position.board.get(home) if isinstance(home, str) else None
    if placed is None or placed.tile.color != "white":
        return None
    if placed.tile.terrain_cost > position.turn.cash:
        return (f"minor {position.company} cannot pay the ${placed.tile.terrain_cost} of its "
                f"unbuilt home {home}: no lay")
    return None


@hookimpl
def trainrun_terrain_cost(position: Position, hex_id: str, old: Tile) -> int | None:
    """A lay on Mexico City O10 or Puebla P11 also lays the paired tile on the other hex,
    paying that hex's terrain too (engine g_18_mex/step/track.rb ``process_lay_tile``,
    ``lay_in_other_hex_of_double_hex``: a second ``lay_tile`` charging the upgrade cost of
    the other hex's tile; docs/rules/18mex.md §3). No private of 18MEX discounts terrain
    (data/privates.json: no ``tile_discount``), so the printed costs are paid. Elsewhere
    the shared rule (None)."""
    other = DOUBLE_HEX.get(hex_id)
    if other is None:
        return None
    return old.terrain_cost + position.board[other].tile.terrain_cost


@hookimpl
def trainrun_replay_rules(settings: dict) -> _replay.ReplayRules:
    """Home tokens as each corporation first operates, the minors' printed on the map; no
    export; the optional rules the replay does not follow refused (``replay``)."""
    return _replay.replay_rules(settings)


@hookimpl
def trainrun_replay_action(replay: _replay.ReplayState, action: dict) -> bool | None:
    """The minors' trains at setup, their closing, the paired Mexico City and Puebla tiles
    and the NdM merger (``replay``)."""
    return _replay.replay_action(replay, action)


@hookimpl
def trainrun_replay_round(replay: _replay.ReplayState, action: dict) -> str | None:
    """The NdM merger's decisions open no turn (``replay``)."""
    return _replay.replay_round(replay, action)
