"""18JP-T: compiled from the 18xx.games engine; runs checked against its recorded games
where tests/data has them, the turn's moves not yet (``trainrun titles`` says so).

Runs are scored by the shared rules (``plugins/defaults.py``, ``docs/rules/common.md``)
and the bonus families (docs/rules/common.md §9) its ``data/bonuses.json`` declares: a
company's destination hexes (its ``hex_bonus`` ability) pay double, each such paid stop
its value again (engine ``G18JPT::Game#revenue_for``; a stop bonus from an ability,
docs/rules/common.md §9.4). The engine skips the doubling for a company with destination
coordinates; no 18JP-T company has them.

Private companies' abilities are data (``privates.json``) the shared rules read
(``trainrun.turn.abilities``); optional rules (``options.json``) are not applied; its game
logs are not replayed (no replay rules).

Data: ``data/`` is ``tools/compile_title.py`` output for the 18xx.games engine's 18JP-T
(folders ``g_18_jpt``), a new game with no optional rules;
``python tools/compile_title.py ENGINE_DIR "18JP-T" --check`` shows what a newer engine
changes.
"""
from pathlib import Path

from trainrun.plugins.api import TitleInfo, hookimpl

UNCHECKED = ("moves", "apply", "advise")   # the turn's rules, not yet compared with the engine


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="18JP-T", data=Path(__file__).parent / "data",
                     description="Greater Tokyo, Japan; trains 2, 3, 4, 5, 6, D",
                     unchecked=UNCHECKED)
