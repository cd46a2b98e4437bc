"""18AL: compiled from the 18xx.games engine, its lays, tokens and game-log replay checked
against its recorded games (docs/rules/18al.md).

Runs: the engine's game class redefines ``revenue_for`` of its base (the Warrior Coal
Field's ``hexes_bonus`` and the named-train bonuses, docs/rules/18al.md §2); runs are
scored by the shared rules (``plugins/defaults.py``, ``docs/rules/common.md``) and those
bonuses. Private companies' abilities are data (``privates.json``) the shared rules read
(``trainrun.turn.abilities``); the abilities a corporation gains in play (the historical
objective, the named trains, the Warrior Coal Field bonus) are the position's
``abilities``, as the engine lists them.

Lays (docs/rules/18al.md §3): the shared rules, but the Lumber Terminal 445 is never
upgraded and yellow Montgomery L5 becomes only the green M tile 443a (``upgrades_to``);
with the optional rule ``double_yellow_first_or`` a corporation in its first operating
turn (``title_state`` ``extra_yellow``) lays a second, yellow tile if the first was no
upgrade (``tile_lays``). Tokens: the shared rules (docs/rules/18al.md §4). Game logs:
``replay`` (docs/rules/18al.md §7).

Data: ``data/`` is ``tools/compile_title.py`` output for the 18xx.games engine's 18AL
(folder ``g_18_al``), a new game with no optional rules; ``python tools/compile_title.py
ENGINE_DIR "18AL" --check`` shows what a newer engine changes.
"""
from pathlib import Path

from trainrun.plugins.api import InputError, LayRight, Position, Tile, TitleInfo, hookimpl

from . import replay as _replay


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="18AL", data=Path(__file__).parent / "data",
                     description="Alabama, USA; trains 2, 3, 4, 5, 6, 7, 4D",
                     not_modelled=(
                         "the optional rule LN_home_city_moved (Nashville an off-board, "
                         "L&N's home Decatur C4): its board is not modelled, its game logs "
                         "are refused",))


LUMBER_TERMINAL = "445"                      # engine g_18_al/game.rb upgrades_to?
MONTGOMERY, GREEN_M = "L5", "443a"
# the first-OR lays of the optional rule double_yellow_first_or (engine tile_lays)
EXTRA_YELLOW_LAYS = [LayRight(True, True), LayRight("not_if_upgraded", False)]
TITLE_STATE = {_replay.EXTRA_YELLOW}


@hookimpl
def trainrun_prepare_board(position: Position) -> None:
    """Check the title's ``title_state``: only ``extra_yellow``, 0 or 1."""
    for key, value in position.title_state.items():
        if key not in TITLE_STATE:
            raise InputError(f"title_state.{key}", "18AL knows only extra_yellow")
        if value not in (0, 1) or isinstance(value, float):
            raise InputError(f"title_state.{key}", f"expected 0 or 1, got {value!r}")


@hookimpl
def trainrun_upgrades_to(position: Position, hex_id: str, old: Tile,
                         tiles: list[Tile]) -> list[Tile] | None:
    """The Lumber Terminal 445 is never upgraded; yellow Montgomery L5 becomes only the
    green M tile 443a; otherwise the shared rule (engine g_18_al/game.rb ``upgrades_to?``;
    docs/rules/18al.md §3.1)."""
    if old.name == LUMBER_TERMINAL:
        return []
    if hex_id == MONTGOMERY and old.color == "yellow":
        return [t for t in tiles if t.name == GREEN_M]
    return None                               # the shared rule


@hookimpl
def trainrun_tile_lays(position: Position) -> list[LayRight] | None:
    """Two lays, the second yellow and only when the first was no upgrade, in a
    corporation's first operating turn under ``double_yellow_first_or`` (``title_state``
    ``extra_yellow``); otherwise the shared one lay (engine g_18_al/game.rb ``tile_lays``;
    docs/rules/18al.md §3.2)."""
    return EXTRA_YELLOW_LAYS if position.title_state.get(_replay.EXTRA_YELLOW) else None


@hookimpl
def trainrun_replay_rules(settings: dict) -> _replay.ReplayRules:
    """No export; home tokens as each corporation first operates; ``LN_home_city_moved``
    refused (``replay``)."""
    return _replay.replay_rules(settings)


@hookimpl
def trainrun_replay_action(replay: _replay.ReplayState, action: dict) -> bool | None:
    """Shares and floats, the privates' abilities, the Warrior Coal Field, the named
    trains, the objectives and the train events (``replay``)."""
    return _replay.replay_action(replay, action)


@hookimpl
def trainrun_replay_round(replay: _replay.ReplayState, action: dict) -> str | None:
    """The first-OR second lay's end, obsolete 4s leaving, a player's stock turn
    (``replay``)."""
    return _replay.replay_round(replay, action)
