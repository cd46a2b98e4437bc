"""Pruning: drop the routes that cannot be part of any run reaching a known total.

Two exact cuts. ``by_value``: a route stays only if it, with every other train running
its type's best routes and every positive bonus earned, could reach the total; of routes
with identical track and bonus reach only the best stays. ``prune`` then repeats the
compiled ``_prune.partner_bounds`` (the best values of routes that share no track with
the route) until nothing more drops. Both keep every route of every run at least as good.
"""
from __future__ import annotations

import time
from typing import NamedTuple

import numpy as np

from ._prune import partner_bounds
from .bounds import gross_bound, value_bound
from .problem import Problem


class Pruned(NamedTuple):
    """Per type the indices of the routes kept (sorted), and the upper bound proven."""

    kept: list[np.ndarray]
    upper: int


def by_value(problem: Problem, lower: int) -> tuple[list[np.ndarray], int]:
    """Per type the indices of routes (best first) worth enough to be in a run reaching
    ``lower`` when every other train ran its type's best routes, one per distinct track
    and bonus reach; and the upper bound those best routes give (``value_bound``)."""
    upper = value_bound(problem)
    kept = []
    for c in problem.candidates:
        if len(c.values) == 0:
            kept.append(np.zeros(0, dtype=np.int64))
            continue
        kth = int(np.sort(c.values)[-min(c.count, len(c.values))]) if c.complete else c.upper
        keep = np.flatnonzero(c.values >= lower - upper + kth)
        # identical track and bonus reach: only the best such route matters
        keep = keep[np.argsort(-c.values[keep], kind="stable")]
        kept.append(keep[_first_of_each(c.bits[keep], c.reach[keep])])  # still best first
    return kept, upper


def prune(problem: Problem, lower: int, until: float = 0.0) -> Pruned:
    """The routes that can belong to a run worth at least ``lower``, and an upper bound:
    ``by_value``, then (every list complete) ``partner_bounds`` until nothing more drops
    or ``until`` (monotonic seconds; 0: no limit) has come; a route not reached in time
    is kept."""
    cands, amounts = problem.candidates, problem.amounts
    kept, upper = by_value(problem, lower)
    extra = sum(max(a, 0) for a in amounts)   # negative amounts only lower a run
    if not problem.complete or sum(len(k) for k in kept) < 2:
        return Pruned([np.sort(k) for k in kept], min(upper, gross_bound(problem)))
    bits = np.concatenate([c.bits[k] for c, k in zip(cands, kept)])
    values = np.concatenate([c.values[k] for c, k in zip(cands, kept)]).astype(np.int64)
    starts = np.zeros(len(cands) + 1, dtype=np.int32)
    starts[1:] = np.cumsum([len(k) for k in kept])
    counts = np.array([c.count for c in cands], dtype=np.int32)
    alive = np.ones(len(values), dtype=np.uint8)
    while True:
        bound = partner_bounds(np.ascontiguousarray(bits), starts, values, counts, alive,
                               until)
        dead = (alive == 1) & (bound < lower - extra)
        alive[dead] = 0     # the bounds of the others stay valid, if less tight
        if not dead.any() or (until and time.monotonic() > until):
            break
    live = bound[alive == 1]
    if len(live) and live.max() < np.iinfo(np.int64).max:
        upper = min(upper, int(live.max()) + extra)
    return Pruned([np.sort(k[alive[starts[t]:starts[t + 1]] == 1]) for t, k in enumerate(kept)],
                  min(upper, gross_bound(problem)))


def _first_of_each(bits: np.ndarray, reach: np.ndarray) -> np.ndarray:
    """Sorted positions of the first row of each distinct (bits, reach) row."""
    if len(bits) == 0:
        return np.zeros(0, dtype=np.int64)
    columns = [bits[:, w] for w in range(bits.shape[1])]
    if reach.shape[1]:
        packed = np.packbits(reach, axis=1)
        columns += [packed[:, j] for j in range(packed.shape[1])]
    order = np.lexsort(columns[::-1])       # stable: equal rows keep their order
    ranked = np.stack([col[order] for col in columns], axis=1)
    new = np.ones(len(order), dtype=bool)
    new[1:] = (ranked[1:] != ranked[:-1]).any(axis=1)
    return np.sort(order[new])
