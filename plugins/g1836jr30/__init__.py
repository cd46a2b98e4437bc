"""1836Jr30: compiled from the 18xx.games engine; runs checked against its recorded games
where tests/data has them, and its legal lays and tokens at every recorded moment (new track
need not be reached: the engine's ``TRACK_RESTRICTION`` permissive, in ``data/map.json``).

Runs are scored by the shared rules (``plugins/defaults.py``, ``docs/rules/common.md``)
and the bonus families (docs/rules/common.md §9) its ``data/bonuses.json`` declares: the
port (docs/rules/common.md §9.6) — a route visiting a port off-board must visit two
other stops and the port pays its value once per city on the route holding the company's
token, not once (engine ``revenue_for``).

Private companies' abilities are data (``privates.json``) the shared rules read
(``trainrun.turn.abilities``); optional rules (``options.json``) are not applied. Its game
logs replay by the shared replay's rules alone (``trainrun_replay_rules``): every recorded
run's position equals the engine's (``tests/test_gamelog_compiled.py``).

Data: ``data/`` is ``tools/compile_title.py`` output for the 18xx.games engine's 1836Jr30
(folders ``g_1836_jr30``), a new game with no optional rules;
``python tools/compile_title.py ENGINE_DIR "1836Jr30" --check`` shows what a newer engine
changes.
"""
from pathlib import Path

from trainrun.plugins.api import ReplayRules, TitleInfo, hookimpl


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="1836Jr30", data=Path(__file__).parent / "data",
                     description="Netherlands; trains 2, 3, 4, 5, 6, D")


@hookimpl
def trainrun_replay_rules() -> ReplayRules:
    """The shared replay's rules: home tokens as each corporation first operates, no
    train exported (the engine's ``Game::Base``: ``HOME_TOKEN_TIMING = :operate``, no
    ``or_set_finished``)."""
    return ReplayRules()
