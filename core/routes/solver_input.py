"""What the solver (``trainrun.solver``, title-free, arrays only) is given for a position.

Per train type either ``Candidates`` (its enumerated routes: values, track bitsets and
the company bonuses each reaches) or, when the route list was cut at the route budget,
a ``PathTrain`` (its per-stop tables, for CP-SAT's path model over the ``Network``: the
track graph without position or names).
"""
from __future__ import annotations

import numpy as np

from trainrun.hooks.rules import paid_value
from trainrun.routes.bonus_reach import bonus_reach
from trainrun.routes.enumeration import RouteSet, TrainTable, end_distance_most, scoring_rank
from trainrun.routes.graph import TrackGraph
from trainrun.routes.ports import port_upper
from trainrun.solver import Candidates, Network, PathTrain


def upper_route_value(graph: TrackGraph, table: TrainTable, station: np.ndarray) -> int:
    """A value no route of this table can exceed (used only when enumeration was cut): what
    a route visiting every stop worth more than 0 would pay (``paid_value``: with a pay
    limit its best k, a station among them where the train's paid stops need one, the best
    station of ``station``, uint8 per stop, standing in for the k-th where that is more),
    plus every hex bonus and every pair bonus at its most, the end-distance bonus at the
    greatest distance between two of its stops (docs/rules/common.md §9.9), and the port
    rules at their most (``trainrun.routes.ports.port_upper``)."""
    r = table.rules
    paying = np.flatnonzero((table.stop_value > 0) | (station.astype(bool) & r.paid_station))
    values = table.stop_value[paying].tolist()
    stations = station[paying].astype(bool).tolist() if r.paid_station else None
    pairs = sum(b.amount + int(table.pair_first[p].max(initial=0))
                + int(table.pair_second[p].max(initial=0)) for p, b in enumerate(table.pairs))
    return port_upper(graph, table, int(paid_value(values, r.pay_limit, stations)
                                         + table.hex_value[table.hex_value > 0].sum() + pairs
                                         + end_distance_most(graph, table.end_distance)))


def candidates(graph: TrackGraph, rs: RouteSet, bonuses: list,
               preferred: np.ndarray) -> Candidates:
    """The routes of ``rs`` as the solver takes them; ``preferred`` is
    ``bonus_reach.preferred_stops(graph, bonuses)``. A list cut short comes with
    ``upper_route_value``, which a complete one does not need."""
    return Candidates(rs.table.count, rs.values.astype(np.int64), rs.bits,
                      bonus_reach(graph, rs, bonuses, preferred), rs.complete,
                      0 if rs.complete else upper_route_value(graph, rs.table, graph.station))


def network(graph: TrackGraph) -> Network:
    """The track graph as the path model reads it: stops and segments by index."""
    return Network(
        n_stops=len(graph.stop_ids), seg_a=graph.seg_a, seg_b=graph.seg_b,
        seg_resources=[sorted(seg.resources) for seg in graph.segments],
        seg_sides=graph.seg_sides, seg_hexes=[sorted(seg.hexes) for seg in graph.segments],
        seg_term_a=graph.seg_term_a, seg_term_b=graph.seg_term_b, passable=graph.passable,
        station=graph.station, groups=graph.groups, n_hexes=len(graph.hex_ids))


def path_train(graph: TrackGraph, table: TrainTable, bonuses: list,
               preferred: np.ndarray) -> PathTrain:
    """``table``'s train type for the path model: its per-stop and per-hex tables, which
    company bonuses each stop and hex reaches, and the pay-limit order of its stops."""
    stop_index = graph.stop_index
    hex_index = {h: i for i, h in enumerate(graph.hex_ids)}
    reach_stops = np.zeros((len(graph.stop_ids), len(bonuses)), dtype=bool)
    reach_hexes = np.zeros((len(graph.hex_ids), len(bonuses)), dtype=bool)
    for k, b in enumerate(bonuses):
        if b.trains is not None and table.name not in b.trains:
            continue
        reach_stops[[stop_index[s] for s in b.stops if s in stop_index], k] = True
        reach_hexes[[hex_index[h] for h in b.hexes if h in hex_index], k] = True
    r = table.rules
    return PathTrain(table.count, table.stop_value, table.stop_cost, table.hex_value,
                     table.hex_touch, r.distance, r.limit, r.pay_limit, r.requires_token,
                     r.min_stops, reach_stops, reach_hexes,
                     np.array([b.scored_only for b in bonuses], dtype=bool),
                     scoring_rank(table.stop_value, preferred), r.paid_station, r.cap,
                     table.cap_cost, graph.passable_for(r.passes) if r.passes else None)
