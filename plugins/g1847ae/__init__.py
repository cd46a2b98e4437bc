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
(``trainrun.turn.abilities``); optional rules (``options.json``) are not applied.

Lays per turn (engine ``G1847AE::Game#tile_lays``): two yellow tiles while the phase says
``two_yellow_tracks`` (before the first 4); in a corporation's first operating turn
(``title_state`` ``first_turn``, the replay's) a yellow tile or upgrade, then a yellow
tile elsewhere if it did not upgrade; otherwise one: ``trainrun_tile_lays``. Its game logs
replay by the shared replay's rules and its own (``replay``): home tokens as a corporation
floats, HLB's two, and each corporation's first turn. Before the first 4, yellow tiles
only in hexes of the corporation's colour (engine ``yellow_tracks_restricted``) is not
checked (``trainrun titles``).

Data: ``data/`` is ``tools/compile_title.py`` output for the 18xx.games engine's 1847 AE
(folders ``g_1847_ae``), a new game with no optional rules;
``python tools/compile_title.py ENGINE_DIR "1847 AE" --check`` shows what a newer engine
changes.
"""
from pathlib import Path

from trainrun.plugins.api import (
    InputError,
    LayRight,
    LayRules,
    Position,
    ReplayRules,
    ReplayState,
    Tile,
    TitleInfo,
    hookimpl,
)

from . import replay as _replay

# yellow double towns (and 69) become one green tile only; the two-slot green cities stay
ONLY_UPGRADE = {"1": "88", "55": "88", "56": "87", "69": "204"}
NEVER_UPGRADED = ("14", "15")
LATE_HEX, LATE_HEX_PHASES = "E9", ("5", "5+5", "6E", "6+6")
# the lays per turn (engine g_1847_ae/game.rb ``tile_lays``)
TWO_YELLOW = [LayRight(True, False), LayRight(True, False)]
FIRST_TURN_LAYS = [LayRight(True, True),
                   LayRight(True, "not_if_upgraded", cannot_reuse_same_hex=True)]
TWO_YELLOW_STATUS = "two_yellow_tracks"


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="1847 AE", data=Path(__file__).parent / "data",
                     description="Pfalz, Germany; trains 3, 3+3, 4, 4+4, 5, 5+5, 6E, 6+6",
                     not_modelled=(
                         "moves: before the first 4 train a corporation lays yellow tiles "
                         "only in hexes of its colour (engine yellow_tracks_restricted); "
                         "not checked",
                         "import: a replayed position carries no privates or abilities"))


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


@hookimpl
def trainrun_prepare_board(position: Position) -> None:
    """Check the title's ``title_state``: only ``first_turn``, 0 or 1."""
    for key, value in position.title_state.items():
        if key != _replay.FIRST_TURN:
            raise InputError(f"title_state.{key}", "1847 AE knows only first_turn")
        if value not in (0, 1) or isinstance(value, float):
            raise InputError(f"title_state.{key}", f"expected 0 or 1, got {value!r}")


@hookimpl
def trainrun_tile_lays(position: Position) -> list[LayRight] | None:
    """In a corporation's first operating turn (``title_state`` ``first_turn``: recently
    floated) a yellow tile or an upgrade, then a yellow tile on another hex if it did not
    upgrade; otherwise two yellow tiles while the phase says ``two_yellow_tracks`` (until
    the first 4 train's ``only_one_yellow``), then the shared one lay (engine
    g_1847_ae/game.rb ``tile_lays``)."""
    if position.title_state.get(_replay.FIRST_TURN):
        return FIRST_TURN_LAYS
    if TWO_YELLOW_STATUS in position.phase.status:
        return TWO_YELLOW
    return None


@hookimpl
def trainrun_replay_rules() -> ReplayRules:
    """The shared replay's rules, no train exported; home tokens as a corporation floats
    and the lays per turn are ``replay``'s; its shares (double shares, investors' shares,
    exchanges) are not the shared ones (``trainrun.replay.shares``)."""
    return ReplayRules(shares_unlogged=("*",))


@hookimpl
def trainrun_replay_action(replay: ReplayState, action: dict) -> bool | None:
    """Shares out of the IPO, home tokens as a corporation floats (``replay``)."""
    return _replay.replay_action(replay, action)


@hookimpl
def trainrun_replay_round(replay: ReplayState, action: dict) -> str | None:
    """A corporation's first operating turn, for its lays (``replay``)."""
    return _replay.replay_round(replay, action)
