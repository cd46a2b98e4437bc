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
    pay_limit    score only the best ``pay_limit`` stops (1846's 4/6, 18NY's DE trains;
                 a station among them, ``station_paid``); None = all. A stop
                 that may not score (a DE train's untokened city) has value 0 from
                 ``trainrun_stop_value``, so it is never among the best. Among stops of
                 equal value, stops of a ``scored_only`` company bonus are chosen first,
                 then stops in board order (hex id, node index): see ``scoring_order``.
    multiplier   value multiplier by node kind (3D doubles cities, DE doubles all).
    requires_token  the route must include a city with one of the company's stations.
    station_paid    with a pay limit and ``requires_token``: the stops that pay must
                 include a station (the engine's ``compute_stops``: of the visited stops
                 the largest set that pays, at most ``pay_limit`` of them, holding a
                 token; 1846's 4/6). False: a station anywhere on the route will do
                 (18NY's DE trains, whose engine ``compute_stops`` checks the visited
                 stops). See ``paid_stops``.
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
    station_paid: bool = True

    @property
    def paid_station(self) -> bool:
        """Must the stops that pay include a station (a pay limit, a station required and
        ``station_paid``)?"""
        return bool(self.pay_limit) and self.requires_token and self.station_paid


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


def paid_stops(values: list[int], order: list[tuple], pay_limit: int | None,
               station: list[bool] | None = None) -> list[bool]:
    """Which stops of one route pay (zero-valued ones included; ``scored_stops`` says which
    of them score): all of them without a pay limit; with a pay limit k, the first k by
    ``order`` (each stop's ``scoring_order`` key), and where ``station`` is given (the
    train's ``TrainRules.paid_station``; True per stop holding one of the company's
    stations) and none of those k is a station, the first k - 1 and the first station by
    ``order``.

    That is the 18xx.games engine's choice (``compute_stops`` in lib/engine/game/base.rb):
    of the largest size that pays more than nothing, at most k, the set of visited stops
    that earns the most among those holding a token. With values of 0 or more the best
    such set of k stops is the best station and the best k - 1 others, and a route that
    earns nothing with k stops earns nothing with fewer; among sets of equal value this
    one is the first by ``order``, as ``scoring_order`` chooses without a station rule."""
    n = len(values)
    if not pay_limit or n <= pay_limit:
        return [True] * n
    ranked = sorted(range(n), key=order.__getitem__)
    best = ranked[:pay_limit]
    if station is not None and not any(station[j] for j in best):
        first = next((j for j in ranked if station[j]), None)
        if first is not None:
            best[-1] = first
    chosen = set(best)
    return [j in chosen for j in range(n)]


def scored_stops(values: list[int], order: list[tuple], pay_limit: int | None,
                 station: list[bool] | None = None) -> list[bool]:
    """Which stops of one route score: those worth more than 0 and, for a train with a
    pay limit, only among those that pay (``paid_stops``: the first ``pay_limit`` by
    ``order``, each stop's ``scoring_order`` key, with a station among them where
    ``station`` is given)."""
    paid = paid_stops(values, order, pay_limit, station)
    return [p and v > 0 for p, v in zip(paid, values)]


def paid_value(values: list[int], pay_limit: int | None,
               station: list[bool] | None = None) -> int:
    """What the stops of one route (``values``, each stop's value for the train) earn under
    ``paid_stops``; ties do not change it, so stops are taken in value order."""
    order = [(-v, j) for j, v in enumerate(values)]
    paid = paid_stops(values, order, pay_limit, station)
    return sum(v for v, p in zip(values, paid) if p and v > 0)


@dataclass(frozen=True)
class LayRules:
    """A title's track rules for lays: ``track_restriction`` as the 18xx.games engine names
    them (``permissive``; ``semi_restrictive``: new track or a changed city value;
    ``restrictive``: new track; ``city_permissive``: a city tile or new track), and
    ``max_exits``: on which hexes only the tiles with the most exits of each colour may be
    laid (``cities``, ``unlabeled_cities``, ``track``)."""

    track_restriction: str = "semi_restrictive"
    max_exits: tuple[str, ...] = ()
