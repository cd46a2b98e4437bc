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

import numpy as np

from ._prices import prices, reduced_values

SCALE = 64   # prices and reduced values are in 1/SCALE of a value unit


def _top_sums(bound: np.ndarray, starts: np.ndarray, counts: np.ndarray, fewer: int):
    """Per type the sum of its ``counts[t] - fewer`` largest positive bounds."""
    sums = np.zeros(len(counts), dtype=np.int64)
    for t in range(len(counts)):
        b = bound[starts[t]:starts[t + 1]]
        k = min(int(counts[t]) - fewer, len(b))
        if k > 0:
            top = np.sort(b)[-k:]
            sums[t] = int(top[top > 0].sum())
    return sums


def priced_routes(bits: np.ndarray, starts: np.ndarray, values: np.ndarray,
                  counts: np.ndarray, target: int, lower: int, extra: int):
    """Prices for routes grouped by type (``starts``): (kept, bound, room, new starts).

    ``kept`` indexes the routes to search, grouped by type and sorted by ``bound`` (their
    reduced values, scaled) from high to low within a type; ``room`` is the sum of the
    prices. ``target`` is the route value of a known run, ``lower`` that run's total
    with ``extra`` the most company bonuses can add: a route is dropped when no run
    containing it can be worth more than ``lower``.
    """
    y, _ = prices(bits, starts, values, counts, float(target))
    price = np.round(y * SCALE).astype(np.int64)
    room = int(price.sum())
    bound = reduced_values(bits, values, SCALE, price)
    all_top = _top_sums(bound, starts, counts, 0)
    one_less = _top_sums(bound, starts, counts, 1)
    kept, new_starts = [], [0]
    for t in range(len(counts)):
        own = np.arange(starts[t], starts[t + 1])
        best_with = room + bound[own] + int(all_top.sum()) - all_top[t] + one_less[t] \
            + extra * SCALE
        own = own[best_with > lower * SCALE]
        own = own[np.argsort(-bound[own], kind="stable")]
        kept.append(own)
        new_starts.append(new_starts[-1] + len(own))
    kept = np.concatenate(kept)
    return kept, bound[kept], room, np.asarray(new_starts, dtype=np.int32)
