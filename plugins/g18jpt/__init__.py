"""18JP-T: compiled from the 18xx.games engine; runs, legal lays and tokens checked against
its recorded games (what is not modelled, ``trainrun titles`` says).

Runs are scored by the shared rules (``plugins/defaults.py``, ``docs/rules/common.md``)
and the bonus families (docs/rules/common.md §9) its ``data/bonuses.json`` declares: a
company's destination hexes (its ``hex_bonus`` ability) pay double, each such paid stop
its value again (engine ``G18JPT::Game#revenue_for``; a stop bonus from an ability,
docs/rules/common.md §9.4). The engine skips the doubling for a company with destination
coordinates; no 18JP-T company has them.

Private companies' abilities are data (``privates.json``) the shared rules read
(``trainrun.turn.abilities``); optional rules (``options.json``) are not applied.

Lays per turn (engine ``G18JPT::Game#tile_lays``): TR, once it has a token on H84, lays or
upgrades twice; TC gains a lay for each lay this turn on a hex with a town (read from the tile
the hex holds now; the engine reads the tile before the lay, which differs only for a
town upgraded to a tile without one): ``trainrun_tile_lays``. Its game logs
replay by the shared replay's rules and its own (``replay``): TR's second home token, the
destination hexes' assignments and the abilities a token there gives, the privates'
holders and closing.

Data: ``data/`` is ``tools/compile_title.py`` output for the 18xx.games engine's 18JP-T
(folders ``g_18_jpt``), a new game with no optional rules;
``python tools/compile_title.py ENGINE_DIR "18JP-T" --check`` shows what a newer engine
changes.
"""
from pathlib import Path

from trainrun.plugins.api import (
    LayRight,
    Position,
    ReplayRules,
    ReplayState,
    Tile,
    TitleInfo,
    default_terrain_cost,
    hookimpl,
)

from . import replay as _replay

# TM's own ability: its "T" hexes' terrain off (engine g_18_jpt/entities.rb, TM tile_discount)
T_HEXES_FREE_FOR, T_HEXES, T_DISCOUNT = "TM", ("F84", "F86", "F88", "G85", "G87", "G89",
                                               "H84"), 80
KAMATA, KAMATA_GREEN_TO = "F92", "611"   # its two green cities merge into one (upgrades_to?)
# TR's two lays once it has tokened Asakusa H84 (engine g_18_jpt/game.rb DOUBLE_TILE_LAYS)
DOUBLE_LAYS_FOR, DOUBLE_LAYS_HEX = "TR", "H84"
DOUBLE_LAYS = [LayRight(True, True), LayRight(True, True)]
TOWN_LAYS_FOR = "TC"     # a lay more for each lay on a town hex (engine ``tile_lays``)


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="18JP-T", data=Path(__file__).parent / "data",
                     description="Greater Tokyo, Japan; trains 2, 3, 4, 5, 6, D",
                     not_modelled=(
                         "import: a private a corporation's president holds is 'player' in a "
                         "replayed position's privates, never 'president'",))


@hookimpl
def trainrun_terrain_cost(position: Position, hex_id: str, old: Tile) -> int | None:
    """TM lays its "T" hexes $80 cheaper, never below $0 (its own ``tile_discount``,
    engine g_18_jpt/entities.rb); otherwise the shared cost."""
    if position.company == T_HEXES_FREE_FOR and hex_id in T_HEXES:
        return max(0, default_terrain_cost(position, hex_id, old) - T_DISCOUNT)
    return None


@hookimpl
def trainrun_upgrades_to(position: Position, hex_id: str, old: Tile,
                         tiles: list[Tile]) -> list[Tile] | None:
    """Green Kamata F92 becomes only 611, its two cities merged (engine g_18_jpt/game.rb
    ``upgrades_to?``); otherwise the shared rule."""
    if hex_id == KAMATA and old.color == "green":
        return [t for t in tiles if t.name == KAMATA_GREEN_TO]
    return None


@hookimpl
def trainrun_tile_lays(position: Position) -> list[LayRight] | None:
    """TR, once it has a token on H84, lays or upgrades twice, on the same hex if it likes
    (``DOUBLE_TILE_LAYS``); TC gains a lay or upgrade for each lay this turn on a hex with
    a town (step/track.rb ``num_additional_lays``); otherwise the shared one lay (engine
    g_18_jpt/game.rb ``tile_lays``)."""
    if position.company == DOUBLE_LAYS_FOR and any(
            DOUBLE_LAYS_FOR in c.holders()
            for c in position.board[DOUBLE_LAYS_HEX].tokens.values()):
        return DOUBLE_LAYS
    if position.company == TOWN_LAYS_FOR:
        towns = sum(1 for h in position.turn.laid_hexes
                    if any(n.kind == "town" for n in position.board[h].tile.nodes))
        return [LayRight(True, True)] * (1 + towns)
    return None


@hookimpl
def trainrun_replay_rules() -> ReplayRules:
    """The shared replay's rules (``replay``)."""
    return _replay.replay_rules()


@hookimpl
def trainrun_replay_round(replay: ReplayState, action: dict) -> str | None:
    """TR's two home tokens as it first operates (``replay``)."""
    return _replay.replay_round(replay, action)


@hookimpl
def trainrun_replay_action(replay: ReplayState, action: dict) -> bool | None:
    """Destinations reached, privates closed or used (``replay``)."""
    return _replay.replay_action(replay, action)
