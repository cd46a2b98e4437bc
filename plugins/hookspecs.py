"""Every hook a title plugin can implement, in one place.

A title is a module registered under the entry-point group ``trainrun.titles``.
For each title trainrun builds its own plugin manager holding the shared engine
rules (``trainrun.plugins.defaults``, registered first) and the title module;
so for a ``firstresult`` hook the title's answer wins and returning ``None``
falls back to the shared rule. Hooks without ``firstresult`` collect an answer
from every plugin.

All hooks are called while the track graph is built, once per position (and
per train where a ``train`` is passed), never inside the route search.
"""
from __future__ import annotations

import pluggy

from trainrun.position import CityTokens, Position, Train
from trainrun.rules import CompanyBonus, RouteBonus, TrainRules
from trainrun.tiles import Node
from trainrun.titleinfo import TitleInfo

hookspec = pluggy.HookspecMarker("trainrun")
hookimpl = pluggy.HookimplMarker("trainrun")


@hookspec(firstresult=True)
def trainrun_title() -> TitleInfo:
    """Name the title, its aliases and the folder of its data files; called when the title is loaded."""


@hookspec(firstresult=True)
def trainrun_train_rules(position: Position, train: Train) -> TrainRules:
    """Give the distance measure, pay limit and multipliers of ``train`` (H, +, DE, D ...)."""


@hookspec(firstresult=True)
def trainrun_stop_value(position: Position, train: Train, rules: TrainRules, hex_id: str,
                        node: Node) -> int:
    """Give what ``node`` on ``hex_id`` scores for ``train`` in this phase, multipliers applied
    (x2 tokens, 3D doubling, phase columns); 0 for a stop that visits but never scores."""


@hookspec
def trainrun_route_bonuses(position: Position, train: Train) -> list[RouteBonus]:
    """List per-route bonuses ``train`` earns: per scored stop (bridges, D +100 per red area,
    station-token bonus) or per hex its track uses (coal mines, ferry)."""


@hookspec
def trainrun_company_bonuses(position: Position) -> list[CompanyBonus]:
    """List bonuses paid once per run when any eligible route reaches a place
    (mining rights, newly claimed connection bonuses)."""


@hookspec
def trainrun_fixed_income(position: Position) -> int:
    """Give income added once to the run total whatever the routes (held bonus tokens)."""


@hookspec(firstresult=True)
def trainrun_company_stations(position: Position) -> set[str]:
    """Give the node ids (``HEX-i``) of cities where the operating company has a station
    (its own tokens, and e.g. a Stagecoach or PEIR token it runs from)."""


@hookspec(firstresult=True)
def trainrun_city_blocks(position: Position, hex_id: str, node: Node, tokens: CityTokens) -> bool:
    """Say whether the operating company's trains may not pass through this city."""


@hookspec
def trainrun_exclusive_stops(position: Position) -> list[frozenset[str]]:
    """List sets of node ids of which one route may visit at most one, beyond the tiles'
    ``groups`` (one city circle per hex, one of New York's cities)."""
