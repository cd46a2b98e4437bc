"""Single-train routes: per-train scoring tables and the enumerator's Python API.

``train_tables`` asks the title's hooks how each train runs and scores, once
per position; ``enumerate_routes`` runs the compiled search
(``trainrun.routes._enumerate``) for one table and returns a ``RouteSet``.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from trainrun.errors import InputError
from trainrun.hooks import answers
from trainrun.hooks.rules import (
    EndDistance,
    HexOnce,
    PairBonus,
    PortRule,
    TrainRules,
    best_paid,
    crow_distance,
    first_on_hex,
    paid_stops,
    paid_value,
)
from trainrun.routes._enumerate import BestOnly
from trainrun.routes._enumerate import enumerate_routes as _enumerate
from trainrun.routes._pairs import pair_gains
from trainrun.routes._route_scores import end_distance_gain as _end_distance_gain
from trainrun.routes._route_scores import hex_once_loss as _hex_once_loss
from trainrun.routes.graph import TrackGraph, track_hex
from trainrun.routes.ports import apply_ports, port_revenue

MODES = {"stops": 0, "edges": 1, "unlimited": 2}


def scoring_rank(values: np.ndarray, preferred: np.ndarray) -> np.ndarray:
    """``trainrun.hooks.rules.scoring_order`` as one int64 per stop, larger = chosen first,
    for ``values`` and ``preferred`` (1 where a ``scored_only`` bonus lists the stop)
    indexed by stop.

    Assumes stop index = board order: a lower index is a stop earlier by (hex id, node
    index), as ``trainrun.routes.graph`` numbers a TrackGraph's stops."""
    n = len(values)
    return (values.astype(np.int64) * 2 + preferred) * n + (n - 1 - np.arange(n))


@dataclass
class TrainTable:
    """How one train type (identical trains together) runs and scores on a graph: its
    ``TrainRules`` and the title's stop values and bonuses as arrays by stop and hex index
    of the ``TrackGraph``. What the enumerator searches with (``enumerate_routes``); the
    stages of one train from input to answer are listed in ``trainrun.routes.solve``."""

    trains: list          # the company's trains of this type
    rules: TrainRules
    stop_value: np.ndarray   # int64 per stop: score when the stop scores, stop bonuses included
    stop_cost: np.ndarray    # int32 per stop: distance used by a visit
    hex_value: np.ndarray    # int64 per hex: bonus once per hex the route's track touches
    hex_touch: np.ndarray    # int32 per hex: added to the edge count when touched (H trains)
    bonus_names: dict        # ("stop"|"hex", index) -> (name, amount) of bonuses above
    pairs: tuple = ()        # the PairBonus the train can earn
    pair_first: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), np.int64))
    pair_second: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), np.int64))
    # int64 [pairs, stops]: the stop's own part of each pair bonus, -1 where it is not in
    # that set (``pair_arrays``)
    ports: tuple = ()        # the PortRule of the title (trainrun.routes.ports)
    cap_cost: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int32))
    # int32 per stop: what a visit uses of the rules' ``cap`` (0 when it has none)
    hex_once: bool = False   # each hex's stops pay once a route (docs/rules/common.md §9.7)
    end_distance: EndDistance | None = None   # docs/rules/common.md §9.9

    @property
    def name(self) -> str:
        return self.trains[0].name

    @property
    def count(self) -> int:
        return len(self.trains)


def train_tables(graph: TrackGraph) -> list[TrainTable]:
    """One table per group of identical trains of the operating company."""
    position = graph.position
    groups: dict = {}
    for train in position.trains:
        groups.setdefault(answers.train_type(train), []).append(train)
    hex_index = {h: i for i, h in enumerate(graph.hex_ids)}
    stop_index = graph.stop_index
    tables = []
    for trains in groups.values():
        train = trains[0]
        rules = answers.train_rules(position, train)
        values = answers.stop_values(position, train, graph.stop_nodes)
        costs = np.array([node.visit_cost * rules.stop_cost.get(node.kind, 1)
                          for _, node in graph.stop_nodes], dtype=np.int32)
        cap_cost = np.array([node.visit_cost if node.kind in rules.cap_kinds else 0
                             for _, node in graph.stop_nodes], dtype=np.int32)
        hex_value = [0] * len(graph.hex_ids)
        hex_touch = np.array([rules.hex_touch_cost.get(h, 0) for h in graph.hex_ids],
                             dtype=np.int32)
        names: dict = {}
        pairs, ports = [], []
        hex_once = False
        end_distance = None
        for bonus in answers.route_bonuses(position, train):
            if isinstance(bonus, HexOnce):
                hex_once = True
                continue
            if isinstance(bonus, EndDistance):
                if end_distance is not None:
                    raise InputError("bonuses", f"two end_distance bonuses for the "
                                                f"{train.name} train: not modelled")
                end_distance = bonus
                continue
            if isinstance(bonus, PortRule):
                ports.append(bonus)
                continue
            if isinstance(bonus, PairBonus):
                if bonus.trains is None or train.name in bonus.trains:
                    pairs.append(bonus)
                continue
            earned = (bonus.name, bonus.amount)
            for s in bonus.stops:
                if s in stop_index and (values[stop_index[s]] > 0 or bonus.on_worthless):
                    values[stop_index[s]] += bonus.amount
                    names.setdefault(("stop", stop_index[s]), []).append(earned)
            for h in bonus.hexes:
                h = track_hex(h, bonus.track) if bonus.track else h   # that track only
                if h in hex_index:
                    hex_value[hex_index[h]] += bonus.amount
                    names.setdefault(("hex", hex_index[h]), []).append(earned)
        if hex_once and (rules.pay_limit or pairs):
            raise InputError("bonuses", f"stops paying once a hex for the {train.name} train, "
                                        f"which has a pay limit or pair bonuses: not modelled")
        first, second = pair_arrays(graph, pairs)
        _within_bounds(values + [b.amount + int(first[p].max(initial=0))
                                 + int(second[p].max(initial=0))
                                 for p, b in enumerate(pairs)]
                       + [end_distance_most(graph, end_distance)], hex_value, len(trains))
        tables.append(TrainTable(trains, rules, np.array(values, dtype=np.int64), costs,
                                 np.array(hex_value, dtype=np.int64), hex_touch, names,
                                 tuple(pairs), first, second, tuple(ports), cap_cost,
                                 hex_once, end_distance))
    return tables


MAX_PAIRS = 64   # pair bonuses one train can earn (the compiled pass's scratch space)


def pair_arrays(graph: TrackGraph, pairs: list) -> tuple[np.ndarray, np.ndarray]:
    """Each pair bonus's two sets as int64 [pairs, stops] arrays: a listed stop's own part
    of the bonus, -1 for a stop not listed."""
    if len(pairs) > MAX_PAIRS:
        raise InputError("bonuses", f"{len(pairs)} pair bonuses for one train; at most "
                                    f"{MAX_PAIRS}")
    first = np.full((len(pairs), len(graph.stop_ids)), -1, dtype=np.int64)
    second = first.copy()
    for p, bonus in enumerate(pairs):
        for side, members in ((first, bonus.first), (second, bonus.second)):
            for node_id, amount in members.items():
                if node_id in graph.stop_index:
                    if amount < 0:
                        raise InputError(f"bonus {bonus.name}",
                                         f"a negative part {amount} at {node_id}")
                    side[p, graph.stop_index[node_id]] = amount
    return first, second


MAX_RUN_VALUE = 2 ** 53 - 1   # what JSON carries exactly to any reader, CP-SAT sums safely


def _within_bounds(values: list, hex_value: list, count: int) -> None:
    """Refuse stop and hex values (Python integers, before they are arrays) that a run of
    ``count`` such trains could add up beyond ``MAX_RUN_VALUE``: never a silent overflow."""
    most = count * (sum(abs(v) for v in values) + sum(abs(v) for v in hex_value))
    if most > MAX_RUN_VALUE:
        raise InputError("trains", f"stop values up to {max(map(abs, values + hex_value))} "
                                   f"could make a run beyond ${MAX_RUN_VALUE}")


@dataclass
class RouteSet:
    """Every legal route of one train table (or those found before a limit, if incomplete),
    as the enumerator writes them: route i visits ``stops[offsets[i]:offsets[i + 1]]``
    over the segments ``route_segs(i)``, earns ``values[i]`` and uses the track bitset
    ``bits[i]``. ``trainrun.routes.solver_input.candidates`` hands it to the solver."""

    table: TrainTable
    values: np.ndarray
    offsets: np.ndarray
    stops: np.ndarray
    segs: np.ndarray
    bits: np.ndarray
    complete: bool
    found: int | None = None   # routes the enumerator met where it listed only the best

    def __len__(self) -> int:
        return len(self.values)

    @property
    def routes_found(self) -> int:
        """The legal routes: those listed, or where the enumerator listed only those that
        can be the best (``enumerate_routes``'s ``best_only``), every one it met."""
        return len(self) if self.found is None else self.found

    def route_stops(self, i: int) -> np.ndarray:
        return self.stops[self.offsets[i]:self.offsets[i + 1]]

    def route_segs(self, i: int) -> np.ndarray:
        a, b = self.offsets[i], self.offsets[i + 1]
        return self.segs[a - i:b - i - 1]

    def subset(self, keep: np.ndarray, values: np.ndarray) -> RouteSet:
        """The routes where ``keep`` (bool per route) holds, with ``values`` (per route of
        this set) as their values."""
        if keep.all():
            return RouteSet(self.table, values, self.offsets, self.stops, self.segs, self.bits,
                            self.complete, self.found)
        lengths = np.diff(self.offsets)
        stop_keep = np.repeat(keep, lengths)
        seg_keep = np.repeat(keep, lengths - 1)
        offsets = np.concatenate(([0], np.cumsum(lengths[keep]))).astype(self.offsets.dtype)
        return RouteSet(self.table, values[keep], offsets, self.stops[stop_keep],
                        self.segs[seg_keep], self.bits[keep], self.complete, self.found)


def enumerate_routes(graph: TrackGraph, table: TrainTable, max_routes: int = 5_000_000,
                     deadline: float | None = None, best_only: bool = False) -> RouteSet:
    """All legal routes of ``table``'s train on ``graph`` under the shared rules; with
    ``best_only`` (the run is this one train, no company bonus), at least every route of
    the best value, in the same order (``BestOnly``)."""
    r = table.rules
    if r.distance not in MODES:
        raise ValueError(f"unknown distance measure {r.distance!r}")
    best = _best_only(graph, table) if best_only else None
    out = _enumerate(
        graph.adj_off, graph.adj_seg, graph.adj_to, graph.seg_a, graph.seg_bits,
        graph.seg_sides, graph.seg_hex_off, graph.seg_hex, graph.seg_term_a, graph.seg_term_b,
        graph.passable_for(r.passes), graph.station, graph.groups,
        table.stop_cost, table.cap_cost, table.stop_value, table.hex_value, table.hex_touch,
        MODES[r.distance], r.limit, -1 if r.cap is None else r.cap, r.pay_limit or 0,
        r.requires_token, r.min_stops, r.paid_station, max_routes, deadline or 0.0, best)
    rs = RouteSet(table, *out[:-1], found=out[-1] if best is not None else None)
    if table.pairs and len(rs):
        gain, _ = pair_gains(rs.offsets, rs.stops, table.stop_value, graph.station,
                             table.pair_first, table.pair_second,
                             np.array([b.amount for b in table.pairs], dtype=np.int64),
                             r.pay_limit or 0, r.paid_station,
                             np.array([b.min_second for b in table.pairs], dtype=np.int64))
        rs.values = rs.values + gain
    if table.hex_once and len(rs):
        rs.values = rs.values - hex_once_loss(graph, table, rs)
    if table.end_distance is not None and len(rs):
        rs.values = rs.values + end_distance_gain(graph, table.end_distance, rs)
    if table.ports:
        rs = apply_ports(graph, table, rs)
    return rs


def _best_only(graph: TrackGraph, table: TrainTable) -> BestOnly | None:
    """The scoring after the enumerator (pair bonuses, the end distance bonus, each hex's
    stops paying once) as the enumerator lists only the routes that can be the best
    (``BestOnly``); None (list every route) where that scoring may take away more than
    each hex's stops paying once does: a port rule, a negative pair or end-distance
    amount."""
    end = table.end_distance
    if table.ports or any(b.amount < 0 for b in table.pairs) \
            or (end is not None and end.per_hex < 0):
        return None
    amount = np.array([b.amount for b in table.pairs], dtype=np.int64)
    slack = (int(amount.sum()) + int(table.pair_first.max(axis=1, initial=0).sum())
             + int(table.pair_second.max(axis=1, initial=0).sum())
             + end_distance_most(graph, end))
    counted, xy = _end_arrays(graph, end) if end is not None else \
        (np.zeros(len(graph.stop_ids), dtype=bool), np.zeros((len(graph.stop_ids), 2), np.int64))
    return BestOnly(table.pair_first, table.pair_second, amount,
                    np.array([b.min_second for b in table.pairs], dtype=np.int64),
                    table.rules.pay_limit or 0, 0 if end is None else end.per_hex,
                    counted.view(np.uint8), xy,
                    stop_hexes(graph) if table.hex_once else np.zeros(0, dtype=np.int64), slack)


def stop_hexes(graph: TrackGraph) -> np.ndarray:
    """int64 per stop: the index of its hex among the graph's stops' hexes."""
    index: dict = {}
    return np.array([index.setdefault(h, len(index)) for h, _ in graph.stop_nodes],
                    dtype=np.int64)


def hex_once_loss(graph: TrackGraph, table: TrainTable, rs: RouteSet) -> np.ndarray:
    """int64 per route of ``rs``: what the shared scoring pays it beyond what it earns where
    each hex's stops pay once, the first of them in the route's order (``HexOnce``), the
    route run the way that loses less (docs/rules/common.md §9.7); compiled
    (``trainrun.routes._route_scores``)."""
    hexes = stop_hexes(graph)
    return _hex_once_loss(rs.offsets, rs.stops, table.stop_value, hexes,
                          int(hexes.max(initial=-1)) + 1)


def _end_arrays(graph: TrackGraph, bonus: EndDistance) -> tuple[np.ndarray, np.ndarray]:
    """(counted, xy): bool per stop, whether it is one of ``bonus.ends``, and int64
    [stops, 2] its hex's (x, y) (0 where not counted)."""
    counted = np.array([sid in bonus.ends for sid in graph.stop_ids], dtype=bool)
    xy = np.array([bonus.ends.get(sid, (0, 0)) for sid in graph.stop_ids],
                  dtype=np.int64).reshape(-1, 2)
    return counted, xy


def end_distance_gain(graph: TrackGraph, bonus: EndDistance, rs: RouteSet) -> np.ndarray:
    """int64 per route of ``rs``: ``bonus.per_hex`` times the hexes as the crow flies
    between its first and last stops among ``bonus.ends`` (``EndDistance``,
    docs/rules/common.md §9.9); symmetric, so the route's order does not matter; compiled
    (``trainrun.routes._route_scores``)."""
    counted, xy = _end_arrays(graph, bonus)
    return _end_distance_gain(rs.offsets, rs.stops, counted.view(np.uint8), xy, bonus.per_hex)


def end_distance_most(graph: TrackGraph, bonus: EndDistance | None) -> int:
    """The most a route on ``graph`` can earn by ``bonus`` (0 without one): its ``per_hex``
    times the greatest crow-flies distance between two of the graph's stops it counts."""
    if bonus is None:
        return 0
    points = sorted({bonus.ends[sid] for sid in graph.stop_ids if sid in bonus.ends})
    return bonus.per_hex * max((crow_distance(a, b) for a in points for b in points),
                               default=0)


def hex_once_order(graph: TrackGraph, table: TrainTable, stops: list) -> bool:
    """Does the route (stop indices, in order) earn more run the other way, each hex's
    stops paying once (``HexOnce``)?"""
    if not table.hex_once:
        return False
    return hex_once_value(graph, table, stops[::-1]) > hex_once_value(graph, table, stops)


def hex_once_value(graph: TrackGraph, table: TrainTable, stops: list) -> int:
    """What the stops of a route (stop indices, in order) pay where each hex's stops pay
    once, the first in this order (no pay limit: every stop pays, ``HexOnce``)."""
    values = [int(table.stop_value[s]) for s in stops]
    hexes = [graph.stop_nodes[s][0] for s in stops]
    paid = first_on_hex(hexes, paid_stops(values, [], None))
    return sum(v for v, p in zip(values, paid) if p and v > 0)


def route_pairs(graph: TrackGraph, table: TrainTable, stops, order: list) -> tuple:
    """(paid, pairs) of one route given as stop indices: which stops pay
    (``trainrun.hooks.rules.best_paid``, ``order`` each stop's ``scoring_order`` key) and
    the pair bonuses earned as (name, where, amount)."""
    r = table.rules
    values = [int(table.stop_value[s]) for s in stops]
    station = [bool(graph.station[s]) for s in stops] if r.paid_station else None
    terms = [([None if table.pair_first[p, s] < 0 else int(table.pair_first[p, s])
               for s in stops],
              [None if table.pair_second[p, s] < 0 else int(table.pair_second[p, s])
               for s in stops], b.amount, b.min_second) for p, b in enumerate(table.pairs)]
    paid = best_paid(values, order, r.pay_limit, station, terms)
    chosen = [graph.stop_ids[s] for s, p in zip(stops, paid) if p]
    earned = [(b.name, b.where(chosen), amount) for b in table.pairs
              if (amount := b.earned(chosen)) is not None]
    return paid, earned


def route_value(graph: TrackGraph, table: TrainTable, stops, segs, ports: bool = True) -> int:
    """Revenue of one route given as stop and segment indices (same scoring as the
    enumerator: under a pay limit the stops ``trainrun.hooks.rules.paid_stops`` pays, or
    with pair bonuses ``best_paid``, docs/rules/common.md §9.1), the port rules applied
    unless ``ports`` is False (docs/rules/common.md §9.6)."""
    r = table.rules
    values = [int(table.stop_value[s]) for s in stops]
    station = [bool(graph.station[s]) for s in stops] if r.paid_station else None
    touched = {h for k in segs for h in graph.segments[k].hexes}
    hexes = sum(int(table.hex_value[h]) for h in touched)
    if table.hex_once:   # the better way round (docs/rules/common.md §9.7)
        revenue = max(hex_once_value(graph, table, list(stops)),
                      hex_once_value(graph, table, list(stops)[::-1])) + hexes
    elif not table.pairs:
        revenue = paid_value(values, r.pay_limit, station) + hexes
    else:
        paid, earned = route_pairs(graph, table, stops, [(-v, j) for j, v in enumerate(values)])
        revenue = (sum(v for v, p in zip(values, paid) if p and v > 0)
                   + sum(a for *_, a in earned) + hexes)
    if table.end_distance is not None:   # docs/rules/common.md §9.9
        revenue += table.end_distance.earned([graph.stop_ids[s] for s in stops])
    if table.ports and ports:
        ported, _ = port_revenue(graph, table, stops, revenue)
        if ported is None:
            raise ValueError("a route a port rule forbids")   # never listed
        revenue = ported
    return revenue
