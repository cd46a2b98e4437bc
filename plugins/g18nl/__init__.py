"""18NL: compiled from the 18xx.games engine, checked against its recorded games
(docs/rules/18nl.md).

Runs are scored by the shared rules (``plugins/defaults.py``, ``docs/rules/common.md``). The
engine's game class redefines none of its base's route and revenue methods
(``ROUTE_METHODS`` in ``tools/engine_export.rb``): the engine scores this title's routes by
its shared rules too. Private companies' abilities are data (``privates.json``) the
shared rules read (``trainrun.turn.abilities``); optional rules (``options.json``) are
not applied.

Data: ``data/`` is ``tools/compile_title.py`` output for the 18xx.games engine's 18NL
(folder ``g_18_nl``), a new game with no optional rules; ``python tools/compile_title.py
ENGINE_DIR "18NL" --check`` shows what a newer engine changes.

Lays (docs/rules/18nl.md §3): no new-track rule (``trainrun_lay_rules``); no lay on NZO's
home H13 before NZO's home token is down (``trainrun_lay_refusal``). The privates blocking
their hexes while a player holds them are their data's (``blocks_hexes``), followed by the
shared rules.
"""
from pathlib import Path

from trainrun.plugins.api import LayRules, Position, TitleInfo, hookimpl

from . import replay as _replay


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="18NL", data=Path(__file__).parent / "data",
                     description="Netherlands; trains 2, 3, 4, 5, 6, D",
                     not_modelled=(
                         "moves: P2's token may not go on a hex with track or one a "
                         "player's private blocks (its SpecialToken step)",))


@hookimpl
def trainrun_lay_rules(position: Position) -> LayRules:
    """No new-track rule: a lay or upgrade need not add track the company reaches, nor
    change a city's value (engine g_18_nl/game.rb ``TRACK_RESTRICTION = :permissive``,
    step/tracker.rb ``check_track_restrictions!``; docs/rules/18nl.md §3)."""
    return LayRules(track_restriction="permissive")


NZO, NZO_HOME_HEX = "NZO", "H13"       # engine g_18_nl/game.rb NZO_HOME_HEX


@hookimpl
def trainrun_lay_refusal(position: Position, hex_id: str) -> str | None:
    """No company lays on H13 until NZO has placed its home token (engine
    g_18_nl/step/track.rb ``available_hex``, game.rb ``nzo_has_placed_home?``: NZO's first
    token is used, i.e. NZO has a token on the board; docs/rules/18nl.md §3)."""
    if hex_id != NZO_HOME_HEX:
        return None
    placed = any(NZO in city.holders() for p in position.board.values()
                 for city in p.tokens.values())
    return None if placed else f"no tile on {hex_id} before {NZO}'s home token is placed"


@hookimpl
def trainrun_replay_rules() -> _replay.ReplayRules:
    """Home tokens as each corporation first operates; no export (``replay``)."""
    return _replay.replay_rules()
