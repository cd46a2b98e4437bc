"""1888: compiled from the 18xx.games engine; its runs, legal lays and tokens checked
against its recorded games.

Runs are scored by the shared rules (``plugins/defaults.py``, ``docs/rules/common.md``)
and the bonus families (docs/rules/common.md §9) its ``data/bonuses.json`` declares: the
destination bonuses, each company's own (a route paying its home hex and its destination
earns its bonus, $20 to $40: engine ``G1888::Game#revenue_for``,
``DESTINATION_HEX_NORTH``, ``DESTINATION_BONUS_NORTH``), pair bonuses limited to that
company (docs/rules/common.md §9.1).

The Yanda ferry's tiles link Dalian and Yantai, blue hexes the map does not link (the
shared rule, docs/rules/common.md §2.4); the ferry lays them at rotation 0, facing the
sides not linked yet, and the Terracotta Army lays L39 on Xi'an, in any colour: hooks of
the turn below. The mine tile L41 is laid only with Heng Shan's ability. Private companies'
abilities are data (``privates.json``) the shared rules read (``trainrun.turn.abilities``);
of the optional rules (``options.json``), 1888-N's tile counts apply where a position's
``options`` name it (``"north": true``), its other rules do not. Its game logs replay by
the shared replay's rules, the next 2, 3 or 4 train exported at the end of each set of
operating rounds (``trainrun_replay_rules``).

Data: ``data/`` is ``tools/compile_title.py`` output for the 18xx.games engine's 1888
(folders ``g_1888``), a new game with no optional rules;
``python tools/compile_title.py ENGINE_DIR "1888" --check`` shows what a newer engine
changes.
"""
from pathlib import Path

from trainrun.plugins.api import (
    LayRules,
    Position,
    ReplayRules,
    Tile,
    TitleInfo,
    default_lay_colours,
    hookimpl,
    private_sym,
    shared_upgrades_to,
)

MINE_TILE = "L41"        # engine MINE_TILE: laid only with Heng Shan's ability
HENG_SHAN = "HS"
# the privates whose lays the engine's upgrades_to? answers by hex and tile alone (engine
# G1888::Game#upgrades_to?: DALIAN_FERRY_TILE, YANTAI_FERRY_TILE, TERRACOTTA_TILE)
OWN_TILES = {"YRF": {"E17": "L40a", "F16": "L40b"}, "TA": {"H2": "L39"}}
FERRY = "YRF"            # the Yanda ferry: its tiles at rotation 0 only
ANY_COLOUR = ("yellow", "green", "brown", "gray", "white", "blue", "red")
NOT_MODELLED = (
    "the mine subsidy (+$40 to the company for a route through the mine C5, beside the "
    "run): not reported",
)


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="1888", data=Path(__file__).parent / "data",
                     description="China; trains 2, 3, 4, 5, 6, D",
                     not_modelled=NOT_MODELLED)


def _acting(position: Position) -> str | None:
    """The sym of the private laying track in step ``SpecialTrack``, or None."""
    if position.turn.step != "SpecialTrack" or position.turn.entity is None:
        return None
    return private_sym(position.title, position.turn.entity)


@hookimpl
def trainrun_upgrades_to(position: Position, hex_id: str, old: Tile,
                         tiles: list[Tile]) -> list[Tile]:
    """The Yanda ferry's and the Terracotta Army's tiles on their hexes, whatever their
    colours; else the shared rule, the mine tile L41 left out but for Heng Shan's own lay
    (engine ``G1888::Game#upgrades_to?``, ``MINE_TILE``)."""
    acting = _acting(position)
    if acting in OWN_TILES:
        return [t for t in tiles if OWN_TILES[acting].get(hex_id) == t.name]
    return shared_upgrades_to(position, hex_id, old, [
        t for t in tiles if t.name != MINE_TILE or acting == HENG_SHAN])


@hookimpl
def trainrun_lay_colours(position: Position, hex_id: str) -> tuple[str, ...]:
    """A special private lay takes any colour, the phase's or not (engine
    ``G1888::Step::SpecialTrack#potential_tiles``); else the phase's."""
    if _acting(position) in OWN_TILES:
        return ANY_COLOUR
    return default_lay_colours(position, hex_id)


@hookimpl
def trainrun_lay_rules(position: Position) -> LayRules | None:
    """The ferry's tiles face the side of Dalian and Yantai the map does not link yet
    (engine ``G1888::Step::SpecialTrack#legal_tile_rotation?`` asks only their rotation)."""
    if _acting(position) == FERRY:
        return LayRules(track_restriction=position.title.track_restriction,
                        unlinked_sides=True)
    return None


@hookimpl
def trainrun_rotation_refusal(position: Position, hex_id: str, tile: Tile,
                              rotation: int) -> str | None:
    """The ferry's tiles lie at rotation 0 only (engine
    ``G1888::Step::SpecialTrack#legal_tile_rotation?``)."""
    if _acting(position) == FERRY and rotation != 0:
        return f"the Yanda ferry's tile {tile.name} lies at rotation 0 only"
    return None


@hookimpl
def trainrun_replay_rules() -> ReplayRules:
    """Home tokens as each corporation first operates; the bank's next 2, 3 or 4 train
    leaves the game at the end of each set of operating rounds (engine
    ``G1888::Game#or_set_finished``: ``depot.export!``)."""
    return ReplayRules(exported=("2", "3", "4"))
