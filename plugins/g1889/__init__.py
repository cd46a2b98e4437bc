"""1889: compiled from the 18xx.games engine, checked against its recorded games
(docs/rules/1889.md).

Runs are scored by the shared rules (``plugins/defaults.py``, ``docs/rules/common.md``). The
engine's game class redefines none of its base's route and revenue methods
(``ROUTE_METHODS`` in ``tools/engine_export.rb``): the engine scores this title's routes by
its shared rules too. Private companies' abilities are data (``privates.json``) the
shared rules read (``trainrun.turn.abilities``); optional rules (``options.json``) are
not applied.

Data: ``data/`` is ``tools/compile_title.py`` output for the 18xx.games engine's 1889
(folder ``g_1889``), a new game with no optional rules; ``python tools/compile_title.py
ENGINE_DIR "1889" --check`` shows what a newer engine changes.
"""
from pathlib import Path

from trainrun.plugins.api import TitleInfo, hookimpl

from . import replay as _replay


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="1889", data=Path(__file__).parent / "data",
                     description="Japan; trains 2, 3, 4, 5, 6, D")


@hookimpl
def trainrun_replay_rules() -> _replay.ReplayRules:
    """No export; home tokens as each set of operating rounds begins (``replay``)."""
    return _replay.replay_rules()


@hookimpl
def trainrun_replay_action(replay: _replay.ReplayState, action: dict) -> bool | None:
    """The shares leaving each IPO, for the floats (``replay``)."""
    return _replay.replay_action(replay, action)


@hookimpl
def trainrun_replay_round(replay: _replay.ReplayState, action: dict) -> str | None:
    """Every floated corporation's home token as a set of operating rounds begins
    (``replay``)."""
    return _replay.replay_round(replay, action)
