"""1888: compiled from the 18xx.games engine; its runs, legal lays and tokens checked
against its recorded games.

Runs are scored by the shared rules (``plugins/defaults.py``, ``docs/rules/common.md``)
and the bonus families (docs/rules/common.md §9) its ``data/bonuses.json`` declares: the
destination bonuses, each company's own (a route paying its home hex and its destination
earns its bonus, $20 to $40: engine ``G1888::Game#revenue_for``,
``DESTINATION_HEX_NORTH``, ``DESTINATION_BONUS_NORTH``), pair bonuses limited to that
company (docs/rules/common.md §9.1).

The Yanda ferry's tiles link Dalian and Yantai, blue hexes the map does not link (the
shared rule, docs/rules/common.md §2.4). The mine tile L41 is laid only with Heng Shan's
ability: ``trainrun_upgrades_to``. Private companies' abilities are data (``privates.json``)
the shared rules read (``trainrun.turn.abilities``); of the optional rules
(``options.json``), 1888-N's tile counts apply where a position's ``options`` name it
(``"north": true``), its other rules do not; its game logs are not replayed (no replay
rules).

Data: ``data/`` is ``tools/compile_title.py`` output for the 18xx.games engine's 1888
(folders ``g_1888``), a new game with no optional rules;
``python tools/compile_title.py ENGINE_DIR "1888" --check`` shows what a newer engine
changes.
"""
from pathlib import Path

from trainrun.plugins.api import (
    Position,
    Tile,
    TitleInfo,
    default_upgrades_to,
    future_label,
    hookimpl,
    private_sym,
)

MINE_TILE = "L41"        # engine MINE_TILE: laid only with Heng Shan's ability
HENG_SHAN = "HS"
NOT_MODELLED = (
    "moves: the Yanda ferry's and the Terracotta Army's lays (any colour; the ferry's "
    "tiles at rotation 0 only, facing sides not linked yet: engine "
    "G1888::Step::SpecialTrack)",
    "the mine subsidy (+$40 to the company for a route through the mine C5, beside the "
    "run): not reported",
)


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="1888", data=Path(__file__).parent / "data",
                     description="China; trains 2, 3, 4, 5, 6, D",
                     not_modelled=NOT_MODELLED)


@hookimpl
def trainrun_upgrades_to(position: Position, hex_id: str, old: Tile,
                         tiles: list[Tile]) -> list[Tile]:
    """The shared rule, the mine tile L41 left out but for Heng Shan's own lay (engine
    ``G1888::Game#upgrades_to?``, ``MINE_TILE``)."""
    heng_shan = position.turn.step == "SpecialTrack" and position.turn.entity is not None \
        and private_sym(position.title, position.turn.entity) == HENG_SHAN
    return [new for new in tiles if (new.name != MINE_TILE or heng_shan)
            and default_upgrades_to(old, new, future_label(position, hex_id, old))]
