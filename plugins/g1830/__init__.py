"""1830: compiled from the 18xx.games engine, checked against its recorded games
(docs/rules/1830.md).

Runs are scored by the shared rules (``plugins/defaults.py``, ``docs/rules/common.md``). The
engine's game class redefines none of its base's route and revenue methods
(``ROUTE_METHODS`` in ``tools/engine_export.rb``): the engine scores this title's routes by
its shared rules too. Private companies' abilities are data (``privates.json``) the
shared rules read (``trainrun.turn.abilities``); optional rules (``options.json``) are
not applied.

Data: ``data/`` is ``tools/compile_title.py`` output for the 18xx.games engine's 1830
(folder ``g_1830``), a new game with no optional rules; ``python tools/compile_title.py
ENGINE_DIR "1830" --check`` shows what a newer engine changes.
"""
from pathlib import Path

from trainrun.plugins.api import LayRules, Position, TitleInfo, hookimpl

from . import replay as _replay


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="1830", data=Path(__file__).parent / "data",
                     description="NE USA and SE Canada; trains 2, 3, 4, 5, 6, D")


@hookimpl
def trainrun_lay_rules(position: Position) -> LayRules:
    """No new-track rule: a lay or upgrade need not add track the company reaches, nor
    change a city's value (engine g_1830/game.rb ``TRACK_RESTRICTION = :permissive``,
    step/tracker.rb ``check_track_restrictions!``; docs/rules/1830.md §3)."""
    return LayRules(track_restriction="permissive")


@hookimpl
def trainrun_replay_rules() -> _replay.ReplayRules:
    """Home tokens as each corporation first operates; no export (``replay``)."""
    return _replay.replay_rules()
