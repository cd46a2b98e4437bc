"""1847 AE: compiled from the 18xx.games engine; runs, legal lays and tokens checked against
its recorded games (what is not modelled, ``trainrun titles`` says).

Runs are scored by the shared rules (``plugins/defaults.py``, ``docs/rules/common.md``)
and the bonus families (docs/rules/common.md §9) its ``data/bonuses.json`` declares: the
coal bonus (+$70 for a route from a coal hex, G7 or H6, to a Z hex, G21 or I21; never a
6E train) and the local bonus (+$40 from an A hex, B2, B14 or B22, to a B hex, I3 or
I13: engine ``G1847AE::Game#revenue_for``) are pair bonuses of the shared families. The
3+3 to 6+6 trains visit at most n cities or off-boards and 2n stops, every one paying
(two rows of the shared distance reading, docs/rules/common.md §4.2).

Private companies' abilities are data (``privates.json``) the shared rules read
(``trainrun.turn.abilities``); optional rules (``options.json``) are not applied; its game
logs are not replayed (no replay rules).

Data: ``data/`` is ``tools/compile_title.py`` output for the 18xx.games engine's 1847 AE
(folders ``g_1847_ae``), a new game with no optional rules;
``python tools/compile_title.py ENGINE_DIR "1847 AE" --check`` shows what a newer engine
changes.
"""
from pathlib import Path

from trainrun.plugins.api import LayRules, Position, Tile, TitleInfo, hookimpl

# yellow double towns (and 69) become one green tile only; the two-slot green cities stay
ONLY_UPGRADE = {"1": "88", "55": "88", "56": "87", "69": "204"}
NEVER_UPGRADED = ("14", "15")
LATE_HEX, LATE_HEX_PHASES = "E9", ("5", "5+5", "6E", "6+6")


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="1847 AE", data=Path(__file__).parent / "data",
                     description="Pfalz, Germany; trains 3, 3+3, 4, 4+4, 5, 5+5, 6E, 6+6")


@hookimpl
def trainrun_upgrades_to(position: Position, hex_id: str, old: Tile,
                         tiles: list[Tile]) -> list[Tile] | None:
    """The yellow double towns 1 and 55 become only the green town 88, 56 only 87, 69 only
    204; the two-slot green cities 14 and 15 are never upgraded; otherwise the shared rule
    (engine g_1847_ae/game.rb ``upgrades_to?``, ``DOUBLE_SLOT_GREEN_CITIES``)."""
    if old.name in NEVER_UPGRADED:
        return []
    if old.name in ONLY_UPGRADE:
        return [t for t in tiles if t.name == ONLY_UPGRADE[old.name]]
    return None                               # the shared rule


@hookimpl
def trainrun_lay_rules(position: Position) -> LayRules:
    """The shared semi-restrictive rule, not checked where a double town is upgraded (engine
    g_1847_ae/step/track.rb ``check_track_restrictions!``, ``DOUBLE_TOWN_TILES``)."""
    return LayRules(unchecked_upgrades=tuple(ONLY_UPGRADE))


@hookimpl
def trainrun_lay_refusal(position: Position, hex_id: str) -> str | None:
    """E9 takes track only from phase 5 on (engine g_1847_ae/step/track.rb
    ``available_hex``, game.rb ``can_build_in_e9?``)."""
    if hex_id == LATE_HEX and position.phase.name not in LATE_HEX_PHASES:
        return f"{LATE_HEX} takes track only in phases {', '.join(LATE_HEX_PHASES)}"
    return None
