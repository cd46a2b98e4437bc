"""1817WO: compiled from the 18xx.games engine; runs checked against its recorded games
where tests/data has them, the turn's moves not yet (``trainrun titles`` says so).

Runs are scored by the shared rules (``plugins/defaults.py``, ``docs/rules/common.md``);
the engine's game class scores them its own way, and these rules of it are not modelled,
so every run is answered "not proven" naming them (docs/rules/common.md §9.5): 1817's
route rules (mines and ranches +$10, bridges +$10, no hex visited twice, modern trains),
not yet applied to this variant (engine G1817::Game#revenue_for).

Private companies' abilities are data (``privates.json``) the shared rules read
(``trainrun.turn.abilities``); optional rules (``options.json``) are not applied; its game
logs are not replayed (no replay rules).

Data: ``data/`` is ``tools/compile_title.py`` output for the 18xx.games engine's 1817WO
(folders ``g_1817 g_1817_wo``), a new game with no optional rules;
``python tools/compile_title.py ENGINE_DIR "1817WO" --check`` shows what a newer engine
changes.
"""
from pathlib import Path

from trainrun.plugins.api import TitleInfo, hookimpl

UNCHECKED = ("moves", "apply", "advise")   # the turn's rules, not yet compared with the engine
RUNS_NOT_MODELLED = (
    "1817's route rules (mines and ranches +$10, bridges +$10, no hex visited "
    "twice, modern trains), not yet applied to this variant (engine "
    "G1817::Game#revenue_for)",
)


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="1817WO", data=Path(__file__).parent / "data",
                     description="Earth; trains 2, 2+, 3, 4, 5, 6, 7, 8",
                     unchecked=UNCHECKED, runs_not_modelled=RUNS_NOT_MODELLED)
