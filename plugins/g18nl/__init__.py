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

Tokens (docs/rules/18nl.md §5): P2's token goes on no hex with track nor on one a private a
player holds blocks (``trainrun_special_token_refusal``).
"""
from pathlib import Path

from trainrun.plugins.api import (
    LayRules,
    Position,
    TitleInfo,
    blocking_refusal,
    hookimpl,
    private_sym,
)

from . import replay as _replay


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="18NL", data=Path(__file__).parent / "data",
                     description="Netherlands; trains 2, 3, 4, 5, 6, D")


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
def trainrun_special_token_refusal(position: Position, hex_id: str) -> str | None:
    """A private's token (P2's) goes on no hex with track, nor on one a private a player
    holds blocks (engine g_18_nl/step/special_token.rb ``available_hex``;
    docs/rules/18nl.md §5)."""
    private = private_sym(position.title, position.turn.entity) or position.turn.entity
    if position.board[hex_id].tile.paths:
        return f"{private} may not place a token on {hex_id}: it has track"
    blocked = blocking_refusal(position, hex_id)
    return None if blocked is None else f"{private} may not place a token on {hex_id}: " \
                                        f"{blocked.split(' is ', 1)[1]}"


@hookimpl
def trainrun_replay_rules() -> _replay.ReplayRules:
    """Home tokens as each corporation first operates; no export (``replay``)."""
    return _replay.replay_rules()
