"""An upper bound for a search stopped at its deadline: the Lagrangian (LP) bound.

Every run picks at most ``count[t]`` routes of type t and uses each track resource j at
most once. Price each resource at ``price[j] >= 0`` and drop the "at most once": then no
run earns more than

    sum_j price[j] + sum_t (the count[t] best of max(0, gross[r] - sum_{j in r} price[j]))

for any prices (each resource a run uses once pays back its price), where ``gross[r]`` is
route r's value plus the positive company bonuses it reaches (each earned bonus is reached
by a chosen route). The prices are improved by subgradient steps, each bound found is
kept, and the best is returned: at the best prices this is the bound of the linear
relaxation, far below the bound of each type's best routes on crowded boards (18PA
4+4+5+5: $1590 after 10 steps, $1534 after 25, $1514 after 50, against $1980 from the
best routes alone; the optimum is $1400).
Knows no title; arrays only.
"""
from __future__ import annotations

import math
import time

import numpy as np

# the bound is computed in floating point: a margin far above its rounding error (values
# below 2**31, a few hundred thousand terms) keeps the integer bound valid
_MARGIN = 1e-3


# bit i of byte value v, as a 256 x 8 matrix: a byte's share of the prices is one row
_BYTE_BITS = np.unpackbits(np.arange(256, dtype=np.uint8)[:, None], axis=1,
                           bitorder="little").astype(np.float64)


class _Type:
    """One train type's routes, their track read a byte at a time: the price a route pays
    is the sum, over its track bytes, of that byte's share (a 256-entry table per byte)."""

    def __init__(self, values: np.ndarray, bits: np.ndarray, count: int):
        self.values = values.astype(np.float64)
        self.count = count
        self.bytes = np.ascontiguousarray(bits).view(np.uint8)
        self.columns = np.flatnonzero(self.bytes.any(axis=0))   # bytes some route uses

    def best(self, price: np.ndarray):
        """(the type's part of the bound, the indices of the routes that give it)."""
        reduced = self.values.copy()
        for b in self.columns:
            reduced -= (_BYTE_BITS @ price[8 * b:8 * b + 8])[self.bytes[:, b]]
        k = min(self.count, len(reduced))
        top = np.argpartition(-reduced, k - 1)[:k] if len(reduced) > k else np.arange(k)
        top = top[reduced[top] > 0]
        return float(reduced[top].sum()), top

    def usage(self, top: np.ndarray, n: int) -> np.ndarray:
        """How often the routes ``top`` use each of the ``n`` resources."""
        return np.unpackbits(self.bytes[top], axis=1, bitorder="little")[:, :n].sum(
            axis=0).astype(np.float64)


def lagrangian_bound(values: list, bits: list, counts: list, lower: int, until: float,
                     max_steps: int = 200) -> int:
    """An upper bound on the best run (integer): ``values[t]`` the gross value of each
    route of type t, ``bits[t]`` its uint64 track bitsets, ``counts[t]`` its trains.
    ``lower`` is a run's total (aims the steps); stops at ``until`` (monotonic seconds)
    or after ``max_steps`` steps, whichever comes first; at least one step is made."""
    types = [_Type(v, b, c) for v, b, c in zip(values, bits, counts) if len(v) and c > 0]
    if not types:
        return 0
    n = max(len(b[0]) for b in bits if len(b)) * 64
    price = np.zeros(n)
    best = math.inf
    scale, stale = 0.5, 0        # the step's share of the gap; steps without a better bound
    for step in range(max_steps):
        bound = float(price.sum())
        used = np.zeros(n)
        for t in types:
            part, top = t.best(price)
            bound += part
            used += t.usage(top, n)
        if bound < best:
            best, stale = bound, 0
        else:
            stale += 1
        if stale == 3:           # three steps without progress: shorter steps
            scale, stale = scale / 2, 0
        gap = bound - lower
        slope = 1.0 - used
        slope[(price <= 0) & (slope > 0)] = 0.0      # prices stay >= 0
        norm = float(slope @ slope)
        if gap <= 0 or norm == 0 or time.monotonic() > until:
            break
        price = np.maximum(price - scale * gap / norm * slope, 0.0)
    return int(math.floor(best + _MARGIN))
