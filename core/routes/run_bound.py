"""An upper bound on a position's best run from its track graph alone, with no route listed:
what the lay advisor (``trainrun.turn.advise``) ranks plans by before solving them.

``run_bound(position, graph)`` is, per train, the most any one route can pay on the graph
(``trainrun.routes.solver_input.upper_route_value``, the solver's own bound for a route list
cut short), tightened for trains that count stops: a route visits at most ``limit`` stops
costing distance, so only the ``limit`` best of those (and every free stop and every
port) can pay; plus every positive company bonus and the fixed income. No run of the
position earns more, family by family (docs/rules/common.md §9): stop bonuses (icons,
assignments, abilities, doubled stops) are in the stop values; hex bonuses, pair bonuses
and the end-distance bonus are counted at their most by ``upper_route_value``; a port's
rule (docs/rules/common.md §9.6) pays from the port's own value, which is never dropped;
stops paying once a hex only lower a route; the company bonuses (all-of, best-route, a
title's connection bonuses) are each paid at most once a run. Where a title's run rules
are not all modelled (``answers.runs_not_modelled``) the bound leaves their income out,
so the advisor does not prune with it there.
"""
from __future__ import annotations

import dataclasses

import numpy as np

from trainrun.board.position import Position
from trainrun.hooks import answers
from trainrun.routes.enumeration import TrainTable, train_tables
from trainrun.routes.graph import TrackGraph
from trainrun.routes.solver_input import upper_route_value


def _reachable_stops(graph: TrackGraph, table: TrainTable) -> TrainTable:
    """``table`` with the value of every stop no route can pay zeroed: of the stops that
    cost distance, a route of a ``"stops"`` train visits at most ``limit``, so at most the
    ``limit`` best of them pay (free stops all may). A port keeps its value: its rule
    pays from it (``trainrun.routes.ports.port_upper``). Unchanged for other trains and
    for a pay limit needing a station, whose stand-in station must keep its value."""
    r = table.rules
    if r.distance != "stops" or (r.pay_limit is not None and r.paid_station):
        return table
    values = table.stop_value
    costly = np.flatnonzero((table.stop_cost > 0) & (values > 0))
    if len(costly) <= r.limit:
        return table
    dropped = costly[np.argsort(-values[costly], kind="stable")[r.limit:]]
    ports = {graph.stop_index[s] for rule in table.ports for s in rule.stops
             if s in graph.stop_index}
    dropped = np.array([s for s in dropped.tolist() if s not in ports], dtype=np.int64)
    kept = values.copy()
    kept[dropped] = 0
    return dataclasses.replace(table, stop_value=kept)


def run_bound(position: Position, graph: TrackGraph | None) -> int:
    """No run of ``position`` earns more (see the module); ``graph`` is its track graph
    (``None`` only for a company without trains)."""
    routes = 0 if graph is None else sum(
        table.count * min(upper_route_value(graph, table, graph.station),
                          upper_route_value(graph, _reachable_stops(graph, table),
                                            graph.station))
        for table in train_tables(graph))
    bonuses = sum(max(b.amount, 0) for b in answers.company_bonuses(position))
    return int(routes + bonuses + answers.fixed_income(position))
