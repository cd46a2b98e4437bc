"""Which company bonuses each enumerated route earns, as arrays for the solver.

A company bonus (``trainrun.hooks.rules.CompanyBonus``) is earned once per run by a route of
an eligible train that visits one of its stops or runs through one of its hexes; a
``scored_only`` bonus only where its stop *scores* on the route, so for a train with a
pay limit the route's chosen stops are worked out here in the one pay-limit order
(``trainrun.routes.enumeration.scoring_rank``), with a station among them where the train's
paid stops need one (``trainrun.hooks.rules.paid_stops``).
"""
from __future__ import annotations

import numpy as np

from trainrun.routes.enumeration import RouteSet, scoring_rank
from trainrun.routes.graph import TrackGraph


def preferred_stops(graph: TrackGraph, bonuses: list) -> np.ndarray:
    """int64 per stop: 1 where a ``scored_only`` company bonus lists it."""
    out = np.zeros(len(graph.stop_ids), dtype=np.int64)
    for b in bonuses:
        if b.scored_only:
            for s in b.stops:
                if s in graph.stop_index:
                    out[graph.stop_index[s]] = 1
    return out


def _scored_entries(rs: RouteSet, preferred: np.ndarray, station: np.ndarray,
                    chunk: int = 65536) -> np.ndarray:
    """Per entry of ``rs.stops``: does that stop score on its route (``scoring_rank``; with
    ``TrainRules.paid_station`` a station among the paid stops, ``station`` uint8 per stop,
    as ``trainrun.hooks.rules.paid_stops`` chooses them)?"""
    values = rs.table.stop_value
    scored = values[rs.stops] > 0
    k = rs.table.rules.pay_limit
    if not k or len(rs) == 0:
        return scored
    key = scoring_rank(values, preferred)
    lengths = np.diff(rs.offsets)
    top = np.full(len(rs.stops), False)
    for lo in range(0, len(rs), chunk):   # routes padded to a matrix, a chunk at a time
        hi = min(lo + chunk, len(rs))
        a, b = rs.offsets[lo], rs.offsets[hi]
        route_of = np.repeat(np.arange(hi - lo), lengths[lo:hi])
        pos = np.arange(a, b) - rs.offsets[lo:hi][route_of]
        keys = np.full((hi - lo, int(lengths[lo:hi].max())), -1, dtype=np.int64)
        entry_keys = key[rs.stops[a:b]]
        keys[route_of, pos] = entry_keys
        if keys.shape[1] <= k:
            top[a:b] = True
            continue
        kth = -np.partition(-keys, k - 1, axis=1)[:, k - 1]   # k-th largest per route
        in_top = entry_keys >= kth[route_of]
        if rs.table.rules.paid_station:
            # a route whose first k hold no station pays its first k - 1 and best station
            is_station = station[rs.stops[a:b]].astype(bool)
            skeys = np.full(keys.shape, -1, dtype=np.int64)
            skeys[route_of[is_station], pos[is_station]] = entry_keys[is_station]
            best_station = skeys.max(axis=1)
            swap = (best_station < kth) & (lengths[lo:hi] > k)
            swapped = (entry_keys > kth[route_of]) | (is_station
                                                      & (entry_keys == best_station[route_of]))
            in_top = np.where(swap[route_of], swapped, in_top)
        top[a:b] = in_top
    return scored & top


def bonus_reach(graph: TrackGraph, rs: RouteSet, bonuses: list,
                preferred: np.ndarray) -> np.ndarray:
    """Which company bonuses each route earns (bool [routes, bonuses]); ``preferred`` is
    ``preferred_stops(graph, bonuses)``."""
    n = len(rs)
    out = np.zeros((n, len(bonuses)), dtype=bool)
    if n == 0 or not bonuses:
        return out
    stop_index = graph.stop_index
    seg_starts = rs.offsets[:-1] - np.arange(n)
    hop_counts = np.diff(rs.offsets) - 1
    scored = None
    if any(b.scored_only for b in bonuses):
        scored = _scored_entries(rs, preferred, graph.station)
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
        if not (b.stops or b.hexes):
            hit[:] = True
        if b.all_hexes:
            hit &= _visits_all(graph, rs, b.all_hexes)
        if b.min_visited:
            hit &= np.diff(rs.offsets) >= b.min_visited
        out[:, k] = hit
    return out


def _visits_all(graph: TrackGraph, rs: RouteSet, hexes: frozenset) -> np.ndarray:
    """bool per route: does it visit a stop on every hex of ``hexes``
    (docs/rules/common.md §9.2)?"""
    stop_hex = np.array([h for h, _ in graph.stop_nodes])
    every = np.ones(len(rs), dtype=bool)
    for hex_id in hexes:
        on = (stop_hex == hex_id).astype(np.int32)
        every &= np.add.reduceat(on[rs.stops], rs.offsets[:-1]) > 0
    return every
