"""Branch and bound: the compiled search over combinations of listed routes (``_combine``).

It applies when every route is listed, the company bonuses are at most 64 and none is
negative (``fits``). Types with the best routes go first and the track resources are
renumbered busiest first (``busiest_first``). It searches without prices first; with two
trains or more and nothing required, a search that a few scans per route do not finish
starts over from its best run with bounds that count resource prices (``pricing``),
aiming ever lower (``pricing.aims``) until a run is found or the optimum is proven.
"""
from __future__ import annotations

import time
from typing import NamedTuple

import numpy as np

from ._combine import best_combination, busiest_first
from .pricing import SCALE, aims, kept_routes, priced_bounds, root_bound
from .problem import Problem, Run
from .prune import by_value

# the branch and bound keeps a bitmap of routes per track resource: at most this many
# (track words x routes), about 64 MB (twice that with resource prices: ``pricing``)
BITMAP_LIMIT = 1 << 23
# the branch and bound searches without prices first, for at most this many scans (of 64
# routes) per route, about as long as pricing would take (1817 15528's last board: 8 + 8
# finishes in 4 scans per route, 8 + 8 + 6 would need 250)
PLAIN_STEPS_PER_ROUTE = 8


class Search(NamedTuple):
    """What a branch and bound returns: the best run's picks and total (bonuses included),
    whether the search finished (then it is the optimum) and how many routes it searched."""

    picks: list
    total: int
    finished: bool
    searched: int


def fits(problem: Problem) -> bool:
    """The branch and bound can take the problem: every route listed, no path model, at
    most 64 bonuses and none negative, no negative route value, at least one route, and
    the route bitmaps within ``BITMAP_LIMIT``."""
    cands, amounts = problem.candidates, problem.amounts
    words = max((c.bits.shape[1] for c in cands), default=0)
    return (not problem.path_trains and len(amounts) <= 64 and all(a >= 0 for a in amounts)
            and problem.complete and words <= 64 and words * problem.routes <= BITMAP_LIMIT
            and all(len(c.values) == 0 or c.values.min() >= 0 for c in cands)
            and problem.routes > 0)


def branch_and_bound(problem: Problem, start: Run, until: float) -> Search:
    """The best run of ``problem`` (``fits``) better than ``start``, or ``start``; only runs
    earning the required bonuses count. Stops at ``until`` (monotonic seconds; 0: no
    limit), then ``finished`` is False and the run is the best found."""
    cands, amounts = problem.candidates, list(problem.amounts)
    required = sum(1 << k for k in problem.required)
    best, lower = start.picks, start.total
    kept, _ = by_value(problem, lower)
    order = sorted(range(len(cands)), key=lambda t: -int(cands[t].values[kept[t][0]])
                   if len(kept[t]) else 0)
    starts = np.zeros(len(order) + 1, dtype=np.int32)
    starts[1:] = np.cumsum([len(kept[t]) for t in order])
    bits = np.zeros((int(starts[-1]), max(c.bits.shape[1] for c in cands)), dtype=np.uint64)
    for n, t in enumerate(order):   # each type's track words, zeros after its own
        bits[starts[n]:starts[n + 1], :cands[t].bits.shape[1]] = cands[t].bits[kept[t]]
    values = np.concatenate([cands[t].values[kept[t]] for t in order]).astype(np.int64)
    counts = np.array([cands[t].count for t in order], dtype=np.int32)
    origin = np.concatenate([np.stack([np.full(len(kept[t]), t), kept[t]], axis=1)
                             for t in order]).astype(np.int64)
    reach = np.concatenate([_reach_masks(cands[t].reach[kept[t]]) for t in order]) \
        if amounts else None
    bits = busiest_first(bits)
    amounts_np = np.asarray(amounts, dtype=np.int64)
    priceable = counts.sum() >= 2 and len(values) and not required
    # first without prices; with prices to fall back on, only for a few scans per route
    # (most boards need no prices)
    total, chosen, finished = best_combination(
        bits, starts, values, counts, lower, until, reach, amounts_np, required=required,
        max_steps=PLAIN_STEPS_PER_ROUTE * len(values) if priceable else 0)
    if total > lower:
        best, lower = _picks(origin, chosen), int(total)
    if finished or not priceable or (until and time.monotonic() > until):
        return Search(best, lower, finished, len(values))
    extra = sum(amounts)
    bound, room = priced_bounds(bits, starts, values, counts, lower - extra, until)
    upper = root_bound(bound, room, starts, counts, extra)
    searched = 0
    for aim in aims(lower, upper):
        # a run above ``aim``, or the proof that there is none (then the optimum is at
        # most ``aim``): the higher the aim, the more routes the prices rule out
        rows, new_starts = kept_routes(bound, room, starts, counts, aim, extra)
        total, chosen, finished = best_combination(
            np.ascontiguousarray(bits[rows]), new_starts, values[rows], counts, aim,
            until, reach[rows] if reach is not None else None, amounts_np,
            bound=bound[rows], room=room, scale=SCALE)
        searched = max(searched, len(rows))
        if total > aim:
            return Search(_picks(origin[rows], chosen), int(total), finished, searched)
        if not finished:
            break
    return Search(best, lower, finished, searched)


def _reach_masks(reach: np.ndarray) -> np.ndarray:
    """One uint64 per route: bit k set when the route reaches company bonus k (k < 64)."""
    packed = np.packbits(reach, axis=1, bitorder="little")
    padded = np.zeros((len(reach), 8), dtype=np.uint8)
    padded[:, :packed.shape[1]] = packed
    return padded.view(np.uint64).ravel()


def _picks(origin: np.ndarray, chosen: np.ndarray) -> list:
    """(type, route index) of the chosen rows of ``origin``."""
    return [(int(origin[q, 0]), int(origin[q, 1])) for q in chosen.tolist()]
