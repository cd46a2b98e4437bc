"""Solve a position: build the graph, enumerate each train's routes, let CP-SAT choose.

``solve(position)`` returns a ``Run``: each train's route with its stops and
their values, the chains of track between them (18xx.games form), the total,
and whether it is proven optimal.
"""
from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field

import numpy as np

from trainrun.solver import Candidates, choose_routes

from .graph import TrackGraph, build_graph
from .routes import RouteSet, enumerate_routes, train_tables

DEFAULT_TIME_LIMIT = 60.0


@dataclass
class StopScore:
    node: str
    value: int
    scored: bool = True


@dataclass
class RunRoute:
    """One train's route: stops in order, their values, and the track between them."""

    train: str
    train_name: str
    revenue: int
    visited: list
    stops: list
    chains: list
    bonuses: list = field(default_factory=list)


@dataclass
class Run:
    """A company's run and what is proven about it."""

    title: str
    company: str
    phase: str
    total: int
    status: str               # "optimal" or "feasible" (stopped at the time limit)
    bound: int                # proven upper bound on the best total (== total when optimal)
    seconds: float
    routes: list
    company_bonuses: list = field(default_factory=list)
    fixed_income: int = 0
    routes_enumerated: dict = field(default_factory=dict)
    routes_kept: int = 0

    def to_dict(self) -> dict:
        return asdict(self)


def _upper_route_value(table) -> int:
    """A value no route of this table can exceed (used only when enumeration was cut)."""
    values = np.sort(table.stop_value[table.stop_value > 0])[::-1]
    if table.rules.pay_limit:
        values = values[:table.rules.pay_limit]
    return int(values.sum() + table.hex_value[table.hex_value > 0].sum())


def _reach(graph: TrackGraph, rs: RouteSet, bonuses: list) -> np.ndarray:
    """Which company bonuses each route earns (bool [routes, bonuses])."""
    n = len(rs)
    out = np.zeros((n, len(bonuses)), dtype=bool)
    if n == 0:
        return out
    stop_index = graph.stop_index
    seg_starts = rs.offsets[:-1] - np.arange(n)
    hop_counts = np.diff(rs.offsets) - 1
    for k, b in enumerate(bonuses):
        if b.trains is not None and rs.table.name not in b.trains:
            continue
        member = np.zeros(len(graph.stop_ids), dtype=np.int32)
        for s in b.stops:
            if s in stop_index:
                member[stop_index[s]] = 1
        hit = np.add.reduceat(member[rs.stops], rs.offsets[:-1]) > 0
        if b.hexes:
            seg_hit = np.array([any(graph.hex_ids[h] in b.hexes for h in seg.hexes)
                                for seg in graph.segments], dtype=np.int32)
            hops = np.add.reduceat(seg_hit[rs.segs], seg_starts) if len(rs.segs) else 0
            hit |= (hops * (hop_counts > 0)) > 0
        out[:, k] = hit
    return out


def describe_route(graph: TrackGraph, rs: RouteSet, i: int, train) -> RunRoute:
    """The route ``i`` of ``rs`` in output form, run by ``train``."""
    table = rs.table
    stops = [int(s) for s in rs.route_stops(i)]
    segs = [int(k) for k in rs.route_segs(i)]
    values = [int(table.stop_value[s]) for s in stops]
    scored = [True] * len(stops)
    if table.rules.pay_limit:
        best = sorted(range(len(stops)), key=lambda j: -values[j])[:table.rules.pay_limit]
        scored = [j in best for j in range(len(stops))]
    chains = []
    for j, k in enumerate(segs):
        seg = graph.segments[k]
        steps = seg.steps if seg.a == stops[j] else [(h, b, a) for h, a, b in reversed(seg.steps)]
        chains.append({"left": graph.stop_ids[stops[j]], "right": graph.stop_ids[stops[j + 1]],
                       "paths": [{"hex": h, "a": a, "b": b} for h, a, b in steps]})
    bonuses = []
    for j, s in enumerate(stops):
        for name in table.bonus_names.get(("stop", s), ()):
            if scored[j]:
                bonuses.append({"name": name, "where": graph.stop_ids[s]})
    touched = sorted({h for k in segs for h in graph.segments[k].hexes})
    for h in touched:
        for name in table.bonus_names.get(("hex", h), ()):
            bonuses.append({"name": name, "where": graph.hex_ids[h],
                            "value": int(table.hex_value[h])})
    return RunRoute(
        train=train.id, train_name=train.name, revenue=int(rs.values[i]),
        visited=[graph.stop_ids[s] for s in stops],
        stops=[asdict(StopScore(graph.stop_ids[s], v, sc))
               for s, v, sc in zip(stops, values, scored)],
        chains=chains, bonuses=bonuses)


def solve(position, time_limit: float = DEFAULT_TIME_LIMIT, workers: int = 1) -> Run:
    """The best run of the operating company in ``position``."""
    start = time.perf_counter()
    deadline = time.monotonic() + time_limit
    hook = position.ruleset.hook
    graph = build_graph(position)
    tables = train_tables(graph)
    bonuses = [b for group in hook.trainrun_company_bonuses(position=position) for b in group]
    fixed = sum(hook.trainrun_fixed_income(position=position))
    sets = [enumerate_routes(graph, t, deadline=deadline) for t in tables]
    cands = [Candidates(t.count, rs.values.astype(np.int64), rs.bits, _reach(graph, rs, bonuses),
                        rs.complete, _upper_route_value(t)) for t, rs in zip(tables, sets)]
    choice = choose_routes(cands, [b.amount for b in bonuses], fixed,
                           max(deadline - time.monotonic(), 0.05), workers)
    routes, used = [], {t: 0 for t in range(len(tables))}
    for t, i in sorted(choice.picks, key=lambda p: (p[0], -int(sets[p[0]].values[p[1]]))):
        train = tables[t].trains[used[t]]
        used[t] += 1
        routes.append(describe_route(graph, sets[t], i, train))
    order = {tr.id: n for n, tr in enumerate(position.trains)}
    routes.sort(key=lambda r: order[r.train])
    return Run(
        title=position.title.name, company=position.company, phase=position.phase.name,
        total=choice.total, status=choice.status, bound=choice.bound,
        seconds=round(time.perf_counter() - start, 6), routes=routes,
        company_bonuses=[{"name": bonuses[k].name, "amount": bonuses[k].amount}
                         for k in choice.bonuses],
        fixed_income=fixed,
        routes_enumerated={t.name: len(rs) for t, rs in zip(tables, sets)},
        routes_kept=choice.kept)
