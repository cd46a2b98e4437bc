"""1882: compiled from the 18xx.games engine; runs checked against its recorded games
where tests/data has them, the turn's moves not yet (``trainrun titles`` says so).

Runs are scored by the shared rules (``plugins/defaults.py``, ``docs/rules/common.md``)
and the bonus families (docs/rules/common.md §9) its ``data/bonuses.json`` declares: the
East–Hudson bonus (+$100 for a route from an east off-board, I1 or B2, to Hudson B12:
engine ``G1882::Game#revenue_for``) is a pair bonus of the shared families. Its runs are
answered "not proven": a position names a token's company, not its kind, and CN's
neutral tokens, placed by the other companies, never block, where CN's own do
(``RUNS_NOT_MODELLED``).

Private companies' abilities are data (``privates.json``) the shared rules read
(``trainrun.turn.abilities``); optional rules (``options.json``) are not applied; its game
logs are not replayed (no replay rules).

Data: ``data/`` is ``tools/compile_title.py`` output for the 18xx.games engine's 1882
(folders ``g_1882``), a new game with no optional rules;
``python tools/compile_title.py ENGINE_DIR "1882" --check`` shows what a newer engine
changes.
"""
from pathlib import Path

from trainrun.plugins.api import TitleInfo, hookimpl

UNCHECKED = ("moves", "apply", "advise")   # the turn's rules, not yet compared with the engine
RUNS_NOT_MODELLED = (
    "the neutral tokens: every company but CPR and CN places a CN token that lets every "
    "train through, and a position does not tell them from CN's own tokens, which block "
    "(engine G1882::Game#init_corporations)",
)


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="1882", data=Path(__file__).parent / "data",
                     description="Assiniboia, Canada; trains 2, 3, 4, 5, 6, D",
                     unchecked=UNCHECKED, runs_not_modelled=RUNS_NOT_MODELLED)
