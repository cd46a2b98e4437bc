"""18NL: the shared engine rules, nothing more (a compiled title, not yet checked against
recorded games).

Runs are scored by the shared rules (``plugins/defaults.py``, ``docs/rules/common.md``). The
engine's game class redefines none of its base's route and revenue methods
(``ROUTE_METHODS`` in ``tools/engine_export.rb``): the engine scores this title's routes by
its shared rules too. Private companies' abilities, special lays and the set-up are data
here (``privates.json``), not rules; optional rules (``options.json``, if any) are not
applied.

Data: ``data/`` is ``tools/compile_title.py`` output for the 18xx.games engine's 18NL
(folder ``g_18_nl``), a new game with no optional rules; ``python tools/compile_title.py
ENGINE_DIR "18NL" --check`` shows what a newer engine changes.
"""
from pathlib import Path

from trainrun.plugins.api import TitleInfo, hookimpl


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="18NL", data=Path(__file__).parent / "data",
                     description="Netherlands; trains 2, 3, 4, 5, 6, D")
