"""Title-free descriptions of how a train runs, what a run earns and how track is laid.

Title plugins answer the hooks in ``trainrun.plugins.hookspecs`` with these
objects; the graph builder turns them into arrays for the enumerator and the
solver. Nothing here knows a title.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class TrainRules:
    """How one train counts distance and which of its stops score.

    distance     ``"stops"``: sum of ``stop_cost`` over visited stops <= limit;
                 ``"edges"``: hex edges crossed plus ``hex_touch_cost`` of each
                 hex the route's track touches <= limit (H trains);
                 ``"unlimited"``.
    stop_cost    cost of a visit by node kind (kinds absent cost 1; 0 = free).
    pay_limit    score only the best ``pay_limit`` stops (DE trains); None = all. A stop
                 that may not score (a DE train's untokened city) has value 0 from
                 ``trainrun_stop_value``, so it is never among the best. Among stops of
                 equal value, stops of a ``scored_only`` company bonus are chosen first,
                 then stops in board order (hex id, node index): see ``scoring_order``.
    multiplier   value multiplier by node kind (3D doubles cities, DE doubles all).
    requires_token  the route must include a city with one of the company's stations.
    min_stops    fewest visited stops a route may have.
    """

    distance: str
    limit: int = 0
    stop_cost: dict = field(default_factory=dict)
    hex_touch_cost: dict = field(default_factory=dict)
    pay_limit: int | None = None
    multiplier: dict = field(default_factory=dict)
    requires_token: bool = True
    min_stops: int = 2


@dataclass(frozen=True)
class RouteBonus:
    """An amount a route earns for each listed stop it scores or hex its track uses.

    Exactly one of ``stops`` (node ids ``HEX-i``) and ``hexes`` is set. A stop
    bonus is paid only where the stop scores: its value for this train is above
    0 and, for a train with a pay limit, it is among the stops chosen (the bonus
    counts in that choice, as in the engine). A hex bonus is paid once for each
    listed hex the route's track touches.
    """

    name: str
    amount: int
    stops: frozenset = frozenset()
    hexes: frozenset = frozenset()


@dataclass(frozen=True)
class CompanyBonus:
    """An amount paid once per run if any route of an eligible train visits a listed stop
    or runs through a listed hex (mining rights, connection bonuses).

    ``scored_only``: a listed stop counts only where it *scores* on the route: its value
    for the train is above 0 and, for a train with a pay limit, it is among the chosen
    stops (18NY connection bonuses on DE trains).
    """

    name: str
    amount: int
    stops: frozenset = frozenset()
    hexes: frozenset = frozenset()
    trains: frozenset | None = None  # train names that can earn it; None = all
    scored_only: bool = False


def scoring_order(value: int, prefer: bool, hex_id: str, index: int) -> tuple:
    """Sort key (ascending = chosen first) of a stop for a train with a pay limit: higher
    value first; among equal values, stops of a ``scored_only`` company bonus
    (``prefer``), then board order (hex id, node index). The route's value does not
    depend on the tie-break, only which bonus stops count as scored. The one statement
    of this rule: ``scored_stops`` applies it to one route,
    ``trainrun.routes.enumeration.scoring_rank`` encodes it for arrays."""
    return (-value, not prefer, hex_id, index)


def scored_stops(values: list[int], order: list[tuple], pay_limit: int | None) -> list[bool]:
    """Which stops of one route score: those worth more than 0 and, for a train with a
    pay limit, only among the first ``pay_limit`` by ``order`` (each stop's
    ``scoring_order`` key)."""
    if not pay_limit:
        return [v > 0 for v in values]
    best = set(sorted(range(len(values)), key=order.__getitem__)[:pay_limit])
    return [j in best and v > 0 for j, v in enumerate(values)]


@dataclass(frozen=True)
class LayRules:
    """A title's track rules for lays: ``track_restriction`` as the 18xx.games engine names
    them (``permissive``; ``semi_restrictive``: new track or a changed city value;
    ``restrictive``: new track; ``city_permissive``: a city tile or new track), and
    ``max_exits``: on which hexes only the tiles with the most exits of each colour may be
    laid (``cities``, ``unlabeled_cities``, ``track``)."""

    track_restriction: str = "semi_restrictive"
    max_exits: tuple[str, ...] = ()
