"""18GB: compiled from the 18xx.games engine; runs checked against its recorded games
where tests/data has them, the turn's moves not yet (``trainrun titles`` says so).

Runs are scored by the shared rules (``plugins/defaults.py``, ``docs/rules/common.md``);
the engine's game class scores them its own way, and these rules of it are not modelled,
so every run is answered "not proven" naming them (docs/rules/common.md §9.5): its own
route scoring and train rules (engine G18GB::Game#revenue_for, route_trains).

Private companies' abilities are data (``privates.json``) the shared rules read
(``trainrun.turn.abilities``); optional rules (``options.json``) are not applied; its game
logs are not replayed (no replay rules).

Data: ``data/`` is ``tools/compile_title.py`` output for the 18xx.games engine's 18GB
(folders ``g_18_gb``), a new game with no optional rules;
``python tools/compile_title.py ENGINE_DIR "18GB" --check`` shows what a newer engine
changes.
"""
from pathlib import Path

from trainrun.plugins.api import TitleInfo, hookimpl

UNCHECKED = ("moves", "apply", "advise")   # the turn's rules, not yet compared with the engine
RUNS_NOT_MODELLED = (
    "its own route scoring and train rules (engine G18GB::Game#revenue_for, "
    "route_trains)",
)


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="18GB", data=Path(__file__).parent / "data",
                     description="Great Britain; trains 2+1, 3+1, 4+2, 5+2, 4X, 5X, 6X",
                     unchecked=UNCHECKED, runs_not_modelled=RUNS_NOT_MODELLED)
