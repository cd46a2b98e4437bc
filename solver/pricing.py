"""Resource prices for the branch and bound: the conflicts between trains in its bound.

With a price ``y[j] >= 0`` on every track resource, a run is worth at most ``sum(y)``
plus its routes' reduced values (value less the prices of the route's resources), since
its routes share no resource (``_prices``). The branch and bound then counts reduced
values where it counted values, and its bounds see that two good routes through the
same track cannot both run. Prices are integers in 1/``SCALE`` units, so every bound
stays exact. A route whose best run under these prices cannot beat the known run is
dropped before the search.
"""
from __future__ import annotations

import time

import numpy as np

from ._prices import prices, reduced_values

SCALE = 64   # prices and reduced values are in 1/SCALE of a value unit
# the subgradient steps run over a working set of routes: at first each type's best
# WORKING_ROUTES by value, then per pass at most ADDED more per type; ROUNDS steps per
# pass, at most PASSES passes
WORKING_ROUTES, ROUNDS, PASSES, ADDED = 256, 150, 20, 256


def _top_sums(bound: np.ndarray, starts: np.ndarray, counts: np.ndarray, fewer: int):
    """Per type the sum of its ``counts[t] - fewer`` largest positive bounds."""
    sums = np.zeros(len(counts), dtype=np.int64)
    for t in range(len(counts)):
        b = bound[starts[t]:starts[t + 1]]
        k = min(int(counts[t]) - fewer, len(b))
        if k > 0:
            top = np.partition(b, len(b) - k)[-k:]
            sums[t] = int(top[top > 0].sum())
    return sums


def _type_starts(rows: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """The type starts of the sorted route indices ``rows``."""
    return np.searchsorted(rows, starts).astype(np.int32)


def _outsiders(bound: np.ndarray, rows: np.ndarray, starts: np.ndarray,
               counts: np.ndarray) -> np.ndarray:
    """Routes not in ``rows`` (sorted) whose bound is positive and above the
    ``counts[t]``-th best bound of their type's routes in ``rows`` (those that would
    change the working set's best routes), per type the ``ADDED`` best of them."""
    inside = np.zeros(len(bound), dtype=bool)
    inside[rows] = True
    out = []
    for t in range(len(counts)):
        if counts[t] <= 0:
            continue
        own = bound[starts[t]:starts[t + 1]]
        mine = own[inside[starts[t]:starts[t + 1]]]
        floor = (max(int(np.partition(mine, len(mine) - counts[t])[-counts[t]]), 0)
                 if len(mine) >= counts[t] else 0)
        above = np.flatnonzero((own > floor) & ~inside[starts[t]:starts[t + 1]])
        above = above[np.argsort(-own[above], kind="stable")[:ADDED]]
        out.append(starts[t] + above)
    return np.concatenate(out) if out else np.zeros(0, dtype=np.int64)


def priced_bounds(bits: np.ndarray, starts: np.ndarray, values: np.ndarray,
                  counts: np.ndarray, target: int, deadline: float = 0.0):
    """Prices for routes grouped by type (``starts``) and sorted by value within it,
    found from the route value ``target`` of a known run by ``deadline``
    (``time.monotonic()`` seconds, 0 for none): (each route's bound, i.e. its reduced
    value scaled, and ``room``, the sum of the prices).

    The subgradient steps see only a working set of routes: each type's best by value,
    then, pass after pass, the best routes whose reduced values under the prices found
    would be among their type's best in the set; it stops when there is none. Whatever the
    prices, the bounds are every route's exact reduced values, so they stay bounds."""
    rows = np.concatenate([np.arange(starts[t], min(starts[t] + WORKING_ROUTES,
                                                    starts[t + 1]))
                           for t in range(len(counts))])
    y = None
    for _ in range(PASSES):
        y, _, _ = prices(np.ascontiguousarray(bits[rows]), _type_starts(rows, starts),
                         values[rows], counts, float(target), ROUNDS, deadline, y)
        price = np.round(y * SCALE).astype(np.int64)
        bound = reduced_values(bits, values, SCALE, price)
        more = _outsiders(bound, rows, starts, counts)
        if not len(more) or (deadline and time.monotonic() > deadline):
            break
        rows = np.union1d(rows, more)
    return bound, int(price.sum())


def priced_bound(values: list, bits: list, counts: list, lower: int,
                 deadline: float = 0.0) -> int:
    """An upper bound on the best run (value units) over routes given per type:
    ``values[t]`` their values (int), ``bits[t]`` their uint64 track bitsets,
    ``counts[t]`` the trains of type t; prices aimed from ``lower`` (a known run's value),
    found by ``deadline`` (0: none). The bound a search stopped before its proof answers."""
    words = max((b.shape[1] for b in bits if len(b)), default=0)
    if not words:
        return 0
    order = [np.argsort(-np.asarray(v), kind="stable") for v in values]   # value order
    starts = np.zeros(len(values) + 1, dtype=np.int32)
    starts[1:] = np.cumsum([len(v) for v in values])
    flat_values = np.concatenate([np.asarray(v, dtype=np.int64)[o]
                                  for v, o in zip(values, order)])
    flat_bits = np.ascontiguousarray(np.concatenate(
        [np.pad(b[o], ((0, 0), (0, words - b.shape[1]))) for b, o in zip(bits, order)]
    ).astype(np.uint64))
    n = np.asarray(counts, dtype=np.int32)
    bound, room = priced_bounds(flat_bits, starts, flat_values, n, int(lower), deadline)
    return root_bound(bound, room, starts, n, 0)


def kept_routes(bound: np.ndarray, room: int, starts: np.ndarray, counts: np.ndarray,
                lower: int, extra: int):
    """The routes to search: (their indices, in their order, and the new type starts).
    A route is dropped when
    no run containing it can be worth more than ``lower`` (a known run's total; company
    bonuses add at most ``extra``)."""
    all_top = _top_sums(bound, starts, counts, 0)
    one_less = _top_sums(bound, starts, counts, 1)
    kept, new_starts = [], [0]
    for t in range(len(counts)):
        own = np.arange(starts[t], starts[t + 1])
        best_with = room + bound[own] + int(all_top.sum()) - all_top[t] + one_less[t] \
            + extra * SCALE
        own = own[best_with > lower * SCALE]
        kept.append(own)
        new_starts.append(new_starts[-1] + len(own))
    return np.concatenate(kept), np.asarray(new_starts, dtype=np.int32)


def root_bound(bound: np.ndarray, room: int, starts: np.ndarray, counts: np.ndarray,
               extra: int) -> int:
    """The priced bound of the whole problem: no run is worth more (value units)."""
    return -(-(room + int(_top_sums(bound, starts, counts, 0).sum())) // SCALE) + extra


def aims(lower: int, upper: int):
    """Totals to search above, from just under ``upper`` down to ``lower`` (a known
    run): 1 %, 2 %, 4 %, ... of ``upper`` below it. A search above an aim that finds
    nothing proves the optimum at most that aim; the last aim is ``lower``."""
    gap = max(upper // 100, 1)
    while upper - gap > lower:
        yield upper - gap
        gap *= 2
    yield lower
