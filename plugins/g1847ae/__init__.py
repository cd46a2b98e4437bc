"""1847 AE: compiled from the 18xx.games engine; runs checked against its recorded games
where tests/data has them, the turn's moves not yet (``trainrun titles`` says so).

Runs are scored by the shared rules (``plugins/defaults.py``, ``docs/rules/common.md``)
and the bonus families (docs/rules/common.md §9) its ``data/bonuses.json`` declares: the
coal bonus (+$70 for a route from a coal hex, G7 or H6, to a Z hex, G21 or I21; never a
6E train) and the local bonus (+$40 from an A hex, B2, B14 or B22, to a B hex, I3 or
I13: engine ``G1847AE::Game#revenue_for``) are pair bonuses of the shared families.

Private companies' abilities are data (``privates.json``) the shared rules read
(``trainrun.turn.abilities``); optional rules (``options.json``) are not applied; its game
logs are not replayed (no replay rules).

Data: ``data/`` is ``tools/compile_title.py`` output for the 18xx.games engine's 1847 AE
(folders ``g_1847_ae``), a new game with no optional rules;
``python tools/compile_title.py ENGINE_DIR "1847 AE" --check`` shows what a newer engine
changes.
"""
from pathlib import Path

from trainrun.plugins.api import TitleInfo, hookimpl

UNCHECKED = ("moves", "apply", "advise")   # the turn's rules, not yet compared with the engine


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="1847 AE", data=Path(__file__).parent / "data",
                     description="Pfalz, Germany; trains 3, 3+3, 4, 4+4, 5, 5+5, 6E, 6+6",
                     unchecked=UNCHECKED, not_modelled=(
                         "the 3+3, 4+4, 5+5 and 6+6 trains (a limit on cities and another on "
                         "towns): a position with one is refused",))
