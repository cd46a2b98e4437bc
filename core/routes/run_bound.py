"""An upper bound on a position's best run from its track graph alone, with no route listed:
what the lay advisor (``trainrun.turn.advise``) ranks plans by before solving them.

``run_bound(position, graph)`` is, per train, the most any one route can pay on the graph
(``trainrun.routes.solver_input.upper_route_value``, the solver's own bound for a route list
cut short), tightened for trains that count stops: a route visits at most ``limit`` stops
costing distance, so only the ``limit`` best of those (and every free stop) can pay; plus
every positive company bonus and the fixed income. No run of the position earns more.
"""
from __future__ import annotations

import dataclasses

import numpy as np

from trainrun.board.position import Position
from trainrun.hooks import answers
from trainrun.routes.enumeration import TrainTable, train_tables
from trainrun.routes.graph import TrackGraph
from trainrun.routes.solver_input import upper_route_value


def _reachable_stops(table: TrainTable) -> TrainTable:
    """``table`` with the value of every stop no route can pay zeroed: of the stops that
    cost distance, a route of a ``"stops"`` train visits at most ``limit``, so at most the
    ``limit`` best of them pay (free stops all may). Unchanged for other trains and for a
    pay limit needing a station, whose stand-in station must keep its value."""
    r = table.rules
    if r.distance != "stops" or (r.pay_limit is not None and r.paid_station):
        return table
    values = table.stop_value
    costly = np.flatnonzero((table.stop_cost > 0) & (values > 0))
    if len(costly) <= r.limit:
        return table
    dropped = costly[np.argsort(-values[costly], kind="stable")[r.limit:]]
    kept = values.copy()
    kept[dropped] = 0
    return dataclasses.replace(table, stop_value=kept)


def run_bound(position: Position, graph: TrackGraph | None) -> int:
    """No run of ``position`` earns more (see the module); ``graph`` is its track graph
    (``None`` only for a company without trains)."""
    routes = 0 if graph is None else sum(
        table.count * min(upper_route_value(graph, table, graph.station),
                          upper_route_value(graph, _reachable_stops(table), graph.station))
        for table in train_tables(graph))
    bonuses = sum(max(b.amount, 0) for b in answers.company_bonuses(position))
    return int(routes + bonuses + answers.fixed_income(position))
