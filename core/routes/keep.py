"""Keep some routes, route the rest: ``solve(position, keep=RUN)`` fixes the given trains'
routes and proves the best run of the other trains around them.

The kept routes are read as ``trainrun verify`` reads a declared run and checked by the
independent checker: a kept route that breaks a rule, or shares track with another kept
route, is refused with the checker's reason. Each kept train then becomes a train type of
its own whose one candidate is its kept route, and every listed route of the other trains
that uses track of a kept route is dropped, so the solver chooses among the others only;
route values and company bonuses being never negative (else the keep is refused), a best
run always holds the kept routes (one worth nothing that the solver leaves out is put
back: adding it cannot change the total).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from trainrun.board.tiles import path_named
from trainrun.errors import InputError
from trainrun.routes.declared import check_declared
from trainrun.routes.enumeration import RouteSet, TrainTable, route_value
from trainrun.routes.graph import TrackGraph


@dataclass
class KeptRoute:
    """A kept route on the track graph: its train, stop and segment indices."""

    train: str
    stops: list
    segs: list


def read_kept(position, keep) -> list[tuple[str, list, list]]:
    """The kept routes of ``keep`` (any form ``trainrun verify`` reads) as (train id,
    visited, chains), each legal and no two sharing track; else an ``InputError``."""
    checked = check_declared(position, keep)
    if not checked.legal:
        more = len(checked.violations) - 1
        raise InputError("keep", checked.violations[0] + (f" (and {more} more)" if more else ""))
    seen = set()
    for r in checked.routes:
        if r.train in seen:
            raise InputError("keep", f"train {r.train} is kept twice")
        seen.add(r.train)
    return [(r.train, list(r.visited), list(r.chains)) for r in checked.routes]


def on_graph(graph: TrackGraph, kept: list) -> list[KeptRoute]:
    """Each kept route as the stops and segments of ``graph`` it runs over."""
    by_ends: dict = {}
    for k, seg in enumerate(graph.segments):
        by_ends.setdefault(frozenset((seg.a, seg.b)), []).append(k)
    board = graph.position.board
    out = []
    for train, visited, chains in kept:
        missing = [v for v in visited if v not in graph.stop_index]
        if missing:
            raise InputError("keep", f"train {train}: {missing[0]} is not a stop the company's "
                                     f"trains can reach")
        stops = [graph.stop_index[v] for v in visited]
        segs = []
        for j, chain in enumerate(chains):
            want = frozenset(canonical_step(board, p["hex"], p["a"], p["b"])
                             for p in chain["paths"])
            found = [k for k in by_ends.get(frozenset((stops[j], stops[j + 1])), ())
                     if frozenset(canonical_step(board, h, a, b)
                                  for h, a, b in graph.segments[k].steps) == want]
            if not found:
                raise InputError("keep", f"train {train}: the track from {visited[j]} to "
                                         f"{visited[j + 1]} is not track the route search runs")
            segs.append(found[0])
        out.append(KeptRoute(train, stops, segs))
    return out


def _one_route(graph: TrackGraph, table: TrainTable, route: KeptRoute) -> RouteSet:
    bits = np.bitwise_or.reduce(graph.seg_bits[route.segs], axis=0).reshape(1, -1)
    return RouteSet(table, np.array([route_value(graph, table, route.stops, route.segs)],
                                    dtype=np.int32),
                    np.array([0, len(route.stops)], dtype=np.int32),
                    np.array(route.stops, dtype=np.int32), np.array(route.segs, dtype=np.int32),
                    bits.astype(np.uint64), True)


def split_tables(graph: TrackGraph, tables: list, kept: list[KeptRoute]):
    """``tables`` with each kept train taken out into a table of its own: (tables, the
    one-route set of each kept table by index, the kept track as one bitset)."""
    by_train = {r.train: r for r in kept}
    out, fixed = [], {}
    for table in tables:
        rest = [t for t in table.trains if t.id not in by_train]
        if rest:
            out.append(replace(table, trains=rest))
        for train in table.trains:
            if train.id in by_train:
                one = replace(table, trains=[train])
                fixed[len(out)] = _one_route(graph, one, by_train[train.id])
                out.append(one)
    words = graph.seg_bits.shape[1]
    used = np.zeros(words, dtype=np.uint64)
    for rs in fixed.values():
        used |= rs.bits[0]
    return out, fixed, used


def avoiding(rs: RouteSet, used: np.ndarray) -> RouteSet:
    """The routes of ``rs`` that use no track in ``used``."""
    ok = ~np.any(rs.bits & used, axis=1)
    lengths = np.diff(rs.offsets)
    offsets = np.concatenate([[0], np.cumsum(lengths[ok])]).astype(rs.offsets.dtype)
    return RouteSet(rs.table, rs.values[ok], offsets, rs.stops[np.repeat(ok, lengths)],
                    rs.segs[np.repeat(ok, lengths - 1)], rs.bits[ok], rs.complete)


def canonical_step(board: dict, hex_id: str, a: str, b: str):
    """A chain's tile path as the same key however it is written (either way round, lanes
    named or not): the hex and the tile path's two ends with their lanes."""
    placed = board.get(hex_id)
    path = path_named(placed.tile, placed.rotation, a, b) if placed else None
    return (hex_id, frozenset(path.lane_ends() if path else (a, b)))


def prepare(graph: TrackGraph, tables: list, keep):
    """For ``solve``: the tables with each kept train on its own, the kept route of each
    such table by index, and the kept track (see ``split_tables``)."""
    return split_tables(graph, tables, on_graph(graph, read_kept(graph.position, keep)))


def restrict(sets: list, fixed: dict, used: np.ndarray, amounts: list) -> list:
    """The route sets the solver gets: each kept table's one route as it is, the others'
    routes that use no kept track. Refused where the rest could not be proven around the
    kept routes: a train type too big to list, a negative company bonus or kept route."""
    if any(a < 0 for a in amounts):
        raise InputError("keep", "a company bonus here is negative: keeping routes needs "
                                 "bonuses that are never negative")
    if any(int(fixed[t].values[0]) < 0 for t in fixed):
        raise InputError("keep", "a kept route earns less than nothing: keeping it needs "
                                 "route values that are never negative")
    out = []
    for t, rs in enumerate(sets):
        if t in fixed:
            out.append(rs)
        elif not rs.complete:
            raise InputError("keep", f"the {rs.table.name} trains are routed by the path model "
                                     f"(their routes are not listed): routes cannot be kept "
                                     f"beside them")
        else:
            out.append(avoiding(rs, used))
    return out


def with_kept(picks: list, fixed: dict) -> list:
    """``picks`` with each kept route in it (the solver may leave out one worth nothing)."""
    chosen = {t for t, _ in picks}
    return picks + [(t, 0) for t in fixed if t not in chosen]
