"""1846: compiled from the 18xx.games engine; its lays, tokens and game logs checked against
its recorded games (docs/rules/1846.md).

Lays and tokens (``lays``; docs/rules/1846.md §3, §4): two lays a turn, the second no
upgrade after an upgrade; at least $20 a lay; the IC's free yellow lays on its hexes; the
$40 reserved token slots; the Little Miami's lays connecting its two hexes. The privates'
other abilities (free lays, blocked hexes, the C&WI's token, discounts) are their data
(``privates.json``), followed by the shared rules (``trainrun.turn.abilities``).

Game logs (``replay``; docs/rules/1846.md §6): the setup drawn from the game's seed, homes
at par, the draft, the minors and privates bought, the bonus assignments, the events of
the first 5 and 6 trains; the share prices and shares, as far as a corporation closing
as its price reaches the close cell (``shares``; docs/rules/1846.md §6.3); bankruptcy and
receivership (docs/rules/1846.md §6.4).

Runs are scored by the shared rules (``plugins/defaults.py``, ``docs/rules/common.md``). The
engine's game class redefines revenue_for of its base (docs/rules/1846.md §2).

Data: ``data/`` is ``tools/compile_title.py`` output for the 18xx.games engine's 1846
(folder ``g_1846``), a new game with no optional rules; ``python tools/compile_title.py
ENGINE_DIR "1846" --check`` shows what a newer engine changes.
"""
from pathlib import Path

from trainrun.plugins.api import LayRight, Position, Tile, TitleInfo, hookimpl

from . import lays as _lays
from . import replay as _replay


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="1846", data=Path(__file__).parent / "data",
                     description="Midwestern USA; trains 2, 4, 5, 6",
                     lays_and_tokens_one_step=True,
                     # all 324 recorded runs replayed, every one equal to the engine's
                     # (tests/test_gamelog_compiled.py), bankruptcies and receivership
                     # followed (docs/rules/1846.md §6.4)
                     not_modelled=(
                         "game logs: a corporation in receivership with a train and no "
                         "route, and a receivership train purchase (its cash) the log "
                         "leaves open (the replay stops)",
                         "game logs: the two-player variant"))


@hookimpl
def trainrun_tile_lays(position: Position) -> list[LayRight]:
    """Two lays, the second no upgrade after an upgrade (``lays``;
    docs/rules/1846.md §3.1)."""
    return _lays.tile_lays()


@hookimpl
def trainrun_terrain_cost(position: Position, hex_id: str, old: Tile) -> int:
    """At least $20 a lay; the IC's hexes (``lays``; docs/rules/1846.md §3.2, §3.3)."""
    return _lays.terrain_cost(position, hex_id, old)


@hookimpl
def trainrun_token_cost(position: Position, hex_id: str, city: int) -> int | None:
    """$40 on a corporation's reserved hex (``lays``; docs/rules/1846.md §4.2)."""
    return _lays.token_cost(position, hex_id, city)


@hookimpl
def trainrun_token_unreached(position: Position) -> dict[str, int]:
    """PRR's E11 and B&O's H12 unreached, at their teleport prices (``lays``;
    docs/rules/1846.md §4.2)."""
    return _lays.token_unreached(position)


@hookimpl
def trainrun_rotation_refusal(position: Position, hex_id: str, tile: Tile,
                              rotation: int) -> str | None:
    """The Little Miami's second lay connects its two hexes (``lays``;
    docs/rules/1846.md §5.4)."""
    return _lays.little_miami_refusal(position, hex_id, tile, rotation)


@hookimpl
def trainrun_replay_rules(settings: dict) -> _replay.ReplayRules:
    """A home token as its corporation pars (``replay``; docs/rules/1846.md §6)."""
    return _replay.replay_rules(settings)


@hookimpl
def trainrun_replay_action(replay: _replay.ReplayState, action: dict) -> bool | None:
    """The setup drawn from the seed, the draft, the privates bought and assigned, the
    minors bought, the events of the first 5 and 6; the share prices, a corporation closing
    in the close cell (``replay``, ``shares``; docs/rules/1846.md §6)."""
    return _replay.replay_action(replay, action)
