"""1888: compiled from the 18xx.games engine; runs checked against its recorded games
where tests/data has them, the turn's moves not yet (``trainrun titles`` says so).

Runs are scored by the shared rules (``plugins/defaults.py``, ``docs/rules/common.md``)
and the bonus families (docs/rules/common.md §9) its ``data/bonuses.json`` declares: the
destination bonuses, each company's own (a route paying its home hex and its destination
earns its bonus, $20 to $40: engine ``G1888::Game#revenue_for``,
``DESTINATION_HEX_NORTH``, ``DESTINATION_BONUS_NORTH``), pair bonuses limited to that
company (docs/rules/common.md §9.1).

Private companies' abilities are data (``privates.json``) the shared rules read
(``trainrun.turn.abilities``); optional rules (``options.json``) are not applied; its game
logs are not replayed (no replay rules).

Data: ``data/`` is ``tools/compile_title.py`` output for the 18xx.games engine's 1888
(folders ``g_1888``), a new game with no optional rules;
``python tools/compile_title.py ENGINE_DIR "1888" --check`` shows what a newer engine
changes.
"""
from pathlib import Path

from trainrun.plugins.api import TitleInfo, hookimpl

UNCHECKED = ("moves", "apply", "advise")   # the turn's rules, not yet compared with the engine
NOT_MODELLED = (
    "the mine subsidy (+$40 to the company for a route through the mine C5, beside the "
    "run): not reported",
)


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="1888", data=Path(__file__).parent / "data",
                     description="China; trains 2, 3, 4, 5, 6, D",
                     unchecked=UNCHECKED,
                     not_modelled=NOT_MODELLED)
