"""18SJ: compiled from the 18xx.games engine; runs checked against its recorded games
where tests/data has them, the turn's moves not yet (``trainrun titles`` says so).

Runs are scored by the shared rules (``plugins/defaults.py``, ``docs/rules/common.md``);
the engine's game class scores them its own way, and these rules of it are not modelled,
so every run is answered "not proven" naming them (docs/rules/common.md §9.5): the icon
bonuses (Lapplandspilen, east–west, Bergslagen, Orefields), Sveabolaget and GKB bonuses,
E trains doubling friendly cities, and no passing a blocked city (engine
G18SJ::Game#revenue_for).

Private companies' abilities are data (``privates.json``) the shared rules read
(``trainrun.turn.abilities``); optional rules (``options.json``) are not applied; its game
logs are not replayed (no replay rules).

Data: ``data/`` is ``tools/compile_title.py`` output for the 18xx.games engine's 18SJ
(folders ``g_18_sj``), a new game with no optional rules;
``python tools/compile_title.py ENGINE_DIR "18SJ" --check`` shows what a newer engine
changes.
"""
from pathlib import Path

from trainrun.plugins.api import TitleInfo, hookimpl

UNCHECKED = ("moves", "apply", "advise")   # the turn's rules, not yet compared with the engine
RUNS_NOT_MODELLED = (
    "the icon bonuses (Lapplandspilen, east\u2013west, Bergslagen, Orefields), "
    "Sveabolaget and GKB bonuses, E trains doubling friendly cities, and no passing"
    " a blocked city (engine G18SJ::Game#revenue_for)",
)


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="18SJ", data=Path(__file__).parent / "data",
                     description="Sweden; trains 2, 3, 4, 5, 6, D",
                     unchecked=UNCHECKED, runs_not_modelled=RUNS_NOT_MODELLED,
                     token_holders=("SJ",))   # the state railway (engine G18SJ::Game @sj)
