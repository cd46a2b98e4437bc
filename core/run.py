"""Solve a position: build the graph, enumerate each train's routes, let CP-SAT choose.

``solve(position)`` returns a ``Run``: each train's route with its stops and
their values, the chains of track between them (18xx.games form), the total,
and whether it is proven optimal.
"""
from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field

import numpy as np

from trainrun.solver import Candidates, Network, NoRunFound, PathTrain, choose_routes

from .errors import InputError
from .graph import TrackGraph, build_graph
from .routes import RouteSet, enumerate_routes, route_value, train_tables
from .rules import scoring_order

DEFAULT_TIME_LIMIT = 60.0
ROUTE_BUDGET = 1_000_000  # routes per train type before the path model takes over


@dataclass
class StopScore:
    """A visited stop: its node id, what it scores, the place's name on the map ("" for
    an unnamed one) and its kind ("city", "town", "offboard")."""

    node: str
    value: int
    scored: bool = True
    location: str = ""
    kind: str = ""


@dataclass
class RunRoute:
    """One train's route: stops in order, their values, and the track between them."""

    train: str
    train_name: str
    revenue: int
    visited: list
    stops: list
    chains: list
    bonuses: list = field(default_factory=list)   # name, where, value (stop bonuses are
                                                  # part of that stop's value)


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
    # income outside the run, never in ``total`` (1817 mail contracts): {"name", "amount"}
    company_income: list = field(default_factory=list)
    idle_trains: list = field(default_factory=list)   # ids of trains that run no route
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


def _scored_entries(graph: TrackGraph, rs: RouteSet, preferred: np.ndarray,
                    chunk: int = 65536) -> np.ndarray:
    """Per entry of ``rs.stops``: does that stop score on its route (``scoring_order``)?"""
    values = rs.table.stop_value
    scored = values[rs.stops] > 0
    k = rs.table.rules.pay_limit
    if not k or len(rs) == 0:
        return scored
    n = len(graph.stop_ids)
    # one integer per stop ordered as scoring_order: value, preferred, board order
    key = (np.maximum(values, 0).astype(np.int64) * 2 + preferred) * n + (n - 1 - np.arange(n))
    lengths = np.diff(rs.offsets)
    top = np.full(len(rs.stops), False)
    for lo in range(0, len(rs), chunk):   # routes padded to a matrix, a chunk at a time
        hi = min(lo + chunk, len(rs))
        a, b = rs.offsets[lo], rs.offsets[hi]
        route_of = np.repeat(np.arange(hi - lo), lengths[lo:hi])
        pos = np.arange(a, b) - rs.offsets[lo:hi][route_of]
        keys = np.full((hi - lo, int(lengths[lo:hi].max())), -1, dtype=np.int64)
        keys[route_of, pos] = key[rs.stops[a:b]]
        if keys.shape[1] <= k:
            top[a:b] = True
            continue
        kth = -np.partition(-keys, k - 1, axis=1)[:, k - 1]   # k-th largest per route
        top[a:b] = key[rs.stops[a:b]] >= kth[route_of]
    return scored & top


def _reach(graph: TrackGraph, rs: RouteSet, bonuses: list, preferred: np.ndarray) -> np.ndarray:
    """Which company bonuses each route earns (bool [routes, bonuses]); ``preferred`` is
    ``_preferred(graph, bonuses)``."""
    n = len(rs)
    out = np.zeros((n, len(bonuses)), dtype=bool)
    if n == 0:
        return out
    stop_index = graph.stop_index
    seg_starts = rs.offsets[:-1] - np.arange(n)
    hop_counts = np.diff(rs.offsets) - 1
    scored = None
    if any(b.scored_only for b in bonuses):
        scored = _scored_entries(graph, rs, preferred)
    for k, b in enumerate(bonuses):
        if b.trains is not None and rs.table.name not in b.trains:
            continue
        member = np.zeros(len(graph.stop_ids), dtype=np.int32)
        for s in b.stops:
            if s in stop_index:
                member[stop_index[s]] = 1
        counts = member[rs.stops] * scored if b.scored_only else member[rs.stops]
        hit = np.add.reduceat(counts, rs.offsets[:-1]) > 0
        if b.hexes:
            seg_hit = np.array([any(graph.hex_ids[h] in b.hexes for h in seg.hexes)
                                for seg in graph.segments], dtype=np.int32)
            hops = np.add.reduceat(seg_hit[rs.segs], seg_starts) if len(rs.segs) else 0
            hit |= (hops * (hop_counts > 0)) > 0
        out[:, k] = hit
    return out


def _preferred(graph: TrackGraph, bonuses: list) -> np.ndarray:
    """int64 per stop: 1 where a ``scored_only`` company bonus lists it."""
    out = np.zeros(len(graph.stop_ids), dtype=np.int64)
    for b in bonuses:
        if b.scored_only:
            for s in b.stops:
                if s in graph.stop_index:
                    out[graph.stop_index[s]] = 1
    return out


def describe_route(graph: TrackGraph, table, stops: list, segs: list, train,
                   preferred: np.ndarray | None = None) -> RunRoute:
    """A route (stop and segment indices, in running order) in output form, run by ``train``;
    ``preferred`` marks stops chosen first among equal values (``scoring_order``).

    A route ending at one of the company's stations is turned to start there."""
    if graph.station[stops[-1]] and not graph.station[stops[0]]:
        stops, segs = stops[::-1], segs[::-1]
    values = [int(table.stop_value[s]) for s in stops]
    scored = [v > 0 for v in values]
    if table.rules.pay_limit:
        def order(j):
            h, node = graph.stop_nodes[stops[j]]
            return scoring_order(values[j], preferred is not None and bool(preferred[stops[j]]),
                                 h, node.index)
        best = sorted(range(len(stops)), key=order)[:table.rules.pay_limit]
        scored = [j in best and values[j] > 0 for j in range(len(stops))]
    chains = []
    for j, k in enumerate(segs):
        seg = graph.segments[k]
        steps = seg.steps if seg.a == stops[j] else [(h, b, a) for h, a, b in reversed(seg.steps)]
        chains.append({"left": graph.stop_ids[stops[j]], "right": graph.stop_ids[stops[j + 1]],
                       "paths": [{"hex": h, "a": a, "b": b} for h, a, b in steps]})
    bonuses = []
    for j, s in enumerate(stops):
        for name, amount in table.bonus_names.get(("stop", s), ()):
            if scored[j]:   # a stop bonus is part of that stop's value
                bonuses.append({"name": name, "where": graph.stop_ids[s], "value": amount})
    touched = sorted({h for k in segs for h in graph.segments[k].hexes})
    for h in touched:
        for name, amount in table.bonus_names.get(("hex", h), ()):
            bonuses.append({"name": name, "where": graph.hex_ids[h], "value": amount})
    return RunRoute(
        train=train.id, train_name=train.name,
        revenue=route_value(graph, table, stops, segs),
        visited=[graph.stop_ids[s] for s in stops],
        stops=[asdict(StopScore(graph.stop_ids[s], v, sc, _location(graph, s),
                                graph.position.node_kind(graph.stop_ids[s])))
               for s, v, sc in zip(stops, values, scored)],
        chains=chains, bonuses=bonuses)


def _location(graph: TrackGraph, stop: int) -> str:
    return graph.position.title.hexes[graph.stop_nodes[stop][0]].location


def _network(graph: TrackGraph) -> Network:
    return Network(
        n_stops=len(graph.stop_ids), seg_a=graph.seg_a,
        seg_b=np.array([seg.b for seg in graph.segments], dtype=np.int32),
        seg_resources=[sorted(seg.resources) for seg in graph.segments],
        seg_sides=graph.seg_sides, seg_hexes=[sorted(seg.hexes) for seg in graph.segments],
        seg_term_a=graph.seg_term_a, seg_term_b=graph.seg_term_b, passable=graph.passable,
        station=graph.station, groups=graph.groups, n_hexes=len(graph.hex_ids))


def _path_train(graph: TrackGraph, table, bonuses: list, preferred: np.ndarray) -> PathTrain:
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
                     preferred)


def _claimed(bonuses: list, claim) -> tuple:
    """Indices of the company bonuses named in ``claim`` (a bonus name, or a hex or node id
    it lists)."""
    out = []
    for name in claim:
        hits = [k for k, b in enumerate(bonuses) if b.name == name
                or b.name.endswith(f" {name}") or name in b.hexes
                or name in b.stops or any(s.rpartition("-")[0] == name for s in b.stops)]
        if not hits:
            known = ", ".join(b.name for b in bonuses) or "none"
            raise InputError("claim", f"no company bonus {name!r} to earn here (bonuses: "
                                      f"{known})")
        out += hits[:1]
    return tuple(out)


def solve(position, time_limit: float = DEFAULT_TIME_LIMIT, workers: int = 1,
          route_budget: int = ROUTE_BUDGET, claim=()) -> Run:
    """The best run of the operating company in ``position``.

    Each train type's routes are listed by the compiled enumerator; a type with
    more than ``route_budget`` routes is handed to CP-SAT's path model instead,
    so the answer stays exact however long the trains. ``claim`` names company
    bonuses the run must earn (by name, or a hex or node id they list): the
    result is then the best run among those that earn them, e.g. 18NY's "run a
    less valuable route to claim a connection bonus" (docs/rules/18ny.md §5.3).
    """
    start = time.perf_counter()
    deadline = time.monotonic() + time_limit
    hook = position.ruleset.hook
    graph = build_graph(position)
    tables = train_tables(graph)
    bonuses = [b for group in hook.trainrun_company_bonuses(position=position) for b in group]
    preferred = _preferred(graph, bonuses)
    fixed = sum(hook.trainrun_fixed_income(position=position))
    sets = [enumerate_routes(graph, t, max_routes=route_budget, deadline=deadline)
            for t in tables]
    cands = [Candidates(t.count, rs.values.astype(np.int64), rs.bits,
                        _reach(graph, rs, bonuses, preferred), rs.complete, _upper_route_value(t))
             for t, rs in zip(tables, sets)]
    path_trains = {t: _path_train(graph, tables[t], bonuses, preferred)
                   for t, rs in enumerate(sets) if not rs.complete}
    try:
        choice = choose_routes(cands, [b.amount for b in bonuses], fixed,
                               max(deadline - time.monotonic(), 0.05), workers,
                               _network(graph) if path_trains else None, path_trains,
                               _claimed(bonuses, claim))
    except NoRunFound:
        raise InputError("claim", f"no run earning {', '.join(claim)} found within the time "
                                  f"limit (nor proven impossible): allow more time") from None
    if choice is None:
        raise InputError("claim", f"no run earns {', '.join(claim)}")
    routes = []
    for t, table in enumerate(tables):
        mine = [pick if isinstance(pick, tuple) else
                (sets[t].route_stops(pick).tolist(), sets[t].route_segs(pick).tolist())
                for tt, pick in choice.picks if tt == t]
        # identical trains: the best route goes to the first-listed train
        mine.sort(key=lambda route: -route_value(graph, table, *route))
        routes += [describe_route(graph, table, stops, segs, train, preferred)
                   for (stops, segs), train in zip(mine, table.trains)]
    order = {tr.id: n for n, tr in enumerate(position.trains)}
    routes.sort(key=lambda r: order[r.train])
    return Run(
        title=position.title.name, company=position.company, phase=position.phase.name,
        total=choice.total, status=choice.status, bound=choice.bound,
        seconds=round(time.perf_counter() - start, 6), routes=routes,
        company_bonuses=[{"name": bonuses[k].name, "amount": bonuses[k].amount}
                         for k in choice.bonuses],
        fixed_income=fixed,
        company_income=[{"name": name, "amount": amount}
                        for group in hook.trainrun_company_income(position=position)
                        for name, amount in group],
        idle_trains=[tr.id for tr in position.trains if tr.id not in {r.train for r in routes}],
        routes_enumerated={t.name: len(rs) if rs.complete else f"over {len(rs)}: path model"
                           for t, rs in zip(tables, sets)},
        routes_kept=choice.kept)
