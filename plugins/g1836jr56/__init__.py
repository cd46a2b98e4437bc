"""1836Jr56: compiled from the 18xx.games engine; runs, legal lays and tokens checked against
its recorded games, the diesel variant's included.

Runs are scored by the shared rules (``plugins/defaults.py``, ``docs/rules/common.md``)
and the bonus families (docs/rules/common.md §9) its ``data/bonuses.json`` declares: the
port (docs/rules/common.md §9.6) — a route visiting a port off-board must visit two
other stops and the port pays its value once per city on the route holding the company's
token, not once (engine ``revenue_for``). It inherits 1856's bonuses: +$20 at the hex
assigned the RdP private's marker, where the company holds the assignment, and the
``hex_bonus`` abilities' amounts (stop bonuses).

Private companies' abilities are data (``privates.json``) the shared rules read
(``trainrun.turn.abilities``); the optional rule ``diesel_variant`` (D trains for the 8s,
phase D) plays with the trains and phases ``options.json`` compiles for it, where a
position's ``options`` name it (a game log playing it is replayed with them). Its lays
follow 1856's (the engine's 1836Jr56 game class is 1856's): the hooks of
``trainrun.plugins.g1856`` (docs/rules/1856.md §3), as do its national's token price (MESS,
$100 a token) and its game logs' replay (``trainrun.plugins.g1856.replay``,
docs/rules/1856.md §5: destinations, the RdP port, the MESS formation and its borrowed
trains).

Data: ``data/`` is ``tools/compile_title.py`` output for the 18xx.games engine's 1836Jr56
(folders ``g_1856 g_1836_jr56``), a new game with no optional rules;
``python tools/compile_title.py ENGINE_DIR "1836Jr56" --check`` shows what a newer engine
changes.
"""
from pathlib import Path

from trainrun.plugins.api import TitleInfo, hookimpl
from trainrun.plugins.g1856 import (  # noqa: F401  (registered as this title's hooks)
    NOT_MODELLED,
    trainrun_replay_action,
    trainrun_replay_round,
    trainrun_replay_rules,
    trainrun_token_cost,
    trainrun_track_kept,
    trainrun_upgrades_to,
)


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="1836Jr56", data=Path(__file__).parent / "data",
                     description="Netherlands; trains 2, 3, 4, 5, 6, 8 (or D)",
                     not_modelled=NOT_MODELLED)
