"""1856: compiled from the 18xx.games engine; runs checked against its recorded games
where tests/data has them, the turn's moves not yet (``trainrun titles`` says so).

Runs are scored by the shared rules (``plugins/defaults.py``, ``docs/rules/common.md``)
and the bonus families (docs/rules/common.md §9) its ``data/bonuses.json`` declares: the
Great Lakes Shipping port (+$20 for a route paying the hex assigned GLSC, where GLSC is
assigned to the company) and the ``hex_bonus`` abilities (their amount at each stop on
their hexes: engine ``G1856::Game#revenue_for``) are stop bonuses of the shared
families.

Private companies' abilities are data (``privates.json``) the shared rules read
(``trainrun.turn.abilities``); optional rules (``options.json``) are not applied; its game
logs are not replayed (no replay rules).

Data: ``data/`` is ``tools/compile_title.py`` output for the 18xx.games engine's 1856
(folders ``g_1856``), a new game with no optional rules;
``python tools/compile_title.py ENGINE_DIR "1856" --check`` shows what a newer engine
changes.
"""
from pathlib import Path

from trainrun.plugins.api import TitleInfo, hookimpl

UNCHECKED = ("moves", "apply", "advise")   # the turn's rules, not yet compared with the engine


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="1856", data=Path(__file__).parent / "data",
                     description="Ontario, Canada; trains 2, 3, 4, 5, 6, D",
                     unchecked=UNCHECKED)
