"""Port rules over enumerated routes (docs/rules/common.md §9.6), as arrays: the routes a
port's rule forbids dropped, the others' values changed (``trainrun.hooks.rules.PortRule``
states the rule for one route; this applies it to a whole ``RouteSet`` at once)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from trainrun.routes.enumeration import RouteSet, TrainTable
    from trainrun.routes.graph import TrackGraph


def apply_ports(graph: TrackGraph, table: TrainTable, rs: RouteSet) -> RouteSet:
    """``rs`` with each of the table's port rules applied: a route visiting a port with too
    few stops left out, the revenue of every other route visiting one changed."""
    if not table.ports or len(rs) == 0:
        return rs
    starts = rs.offsets[:-1]
    counts = np.diff(rs.offsets)
    keep = np.ones(len(rs), dtype=bool)
    values = rs.values.copy()
    for rule in table.ports:
        is_port = np.zeros(len(graph.stop_ids), dtype=np.int64)
        for s in rule.stops:
            if s in graph.stop_index:
                is_port[graph.stop_index[s]] = 1
        has = np.add.reduceat(is_port[rs.stops], starts) > 0
        keep &= ~(has & (counts < rule.min_stops))
        if rule.pays == "half":
            values = np.where(has, values + values // 2 // 10 * 10, values)
        else:
            port_value = np.where(is_port > 0, table.stop_value, 0)
            best = np.maximum.reduceat(port_value[rs.stops], starts)
            tokened = np.add.reduceat(graph.station.astype(np.int64)[rs.stops], starts)
            values = np.where(has, values + best * (tokened - 1), values)
    return rs.subset(keep, values)


def port_revenue(graph: TrackGraph, table: TrainTable, stops,
                 revenue: int) -> tuple[int | None, list]:
    """One route's revenue (stop indices ``stops``, ``revenue`` without the port rules)
    with them applied, None where a rule forbids the route; and what each rule changed,
    as (name, amount)."""
    changes: list[tuple[str, int]] = []
    for rule in table.ports:
        ports = [int(table.stop_value[s]) for s in stops if graph.stop_ids[s] in rule.stops]
        if ports and rule.refusal(len(stops)):
            return None, changes
        changed = rule.revenue(revenue, ports, sum(int(graph.station[s]) for s in stops))
        if changed != revenue:
            changes.append((rule.name, changed - revenue))
        revenue = changed
    return revenue, changes


def port_upper(graph: TrackGraph, table: TrainTable, upper: int) -> int:
    """A bound on any route's revenue with the port rules, ``upper`` one without them."""
    for rule in table.ports:
        if rule.pays == "half":
            upper += upper // 2
        else:
            ports = [int(table.stop_value[graph.stop_index[s]]) for s in rule.stops
                     if s in graph.stop_index]
            upper += max(ports, default=0) * int(graph.station.sum())
    return upper
