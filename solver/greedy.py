"""The greedy start: a good feasible run found fast, the first lower bound of every search.

Each greedy run takes a start route, then the highest-value routes that share no track
and have a train left (compiled ``_prune.greedy_runs``). The best of those started from
each type's best routes is the start; with company bonuses this is done twice, ranking
routes by value and by value plus the bonuses they reach.
"""
from __future__ import annotations

import bisect
import itertools
import time

import numpy as np

from ._prune import greedy_runs
from .bounds import gross_values
from .problem import Problem, Run

# a greedy run may look at every route: the greedy start tries 64 starts per train type,
# fewer (at least 4) where they would look at more routes than this in all
GREEDY_SCANS = 2_000_000


def greedy_start(problem: Problem, until: float = 0.0) -> Run:
    """The best of greedy runs started from each type's best routes (64 each, fewer on
    large boards: about ``GREEDY_SCANS`` route looks in all); no further start is tried
    after ``until`` (monotonic seconds; 0: no limit). With required bonuses the run
    counts only if it earns them: otherwise no run (``Run([], -1)``)."""
    cands, amounts = problem.candidates, problem.amounts
    offsets = [0, *itertools.accumulate(len(c.values) for c in cands)]
    if offsets[-1] == 0:
        best = Run([], 0)
    else:
        starts = max(4, min(64, GREEDY_SCANS // (offsets[-1] * len(cands))))
        rankings = [[c.values for c in cands]]
        if any(c.reach.any() for c in cands if len(c.values)):
            rankings.append([gross_values(c, amounts) for c in cands])
        best = Run([], -1)
        for ranking in rankings:
            if until and best.total >= 0 and time.monotonic() > until:
                break
            picks = _greedy_by(problem, ranking, offsets, starts, until)
            total = (sum(int(cands[t].values[i]) for t, i in picks)
                     + sum(amounts[k] for k in problem.earned(picks)))
            if total > best.total:
                best = Run(picks, total)
    if problem.required and not problem.earns_required(best.picks):
        return Run([], -1)     # no run earning them known yet
    return best


def _best(values: np.ndarray, k: int) -> np.ndarray:
    """The indices of the ``k`` highest ``values``, highest first (ties: the lower index),
    as a stable sort's first ``k``, without sorting them all."""
    if k >= len(values):
        return np.argsort(-values, kind="stable")
    top = np.argpartition(-values, k - 1)[:k]
    cut = values[top].min()
    top = np.flatnonzero(values > cut)                 # every value above the k-th ...
    ties = np.flatnonzero(values == cut)[:k - len(top)]   # ... and the first ties at it
    chosen = np.concatenate([top, ties])
    return chosen[np.lexsort((chosen, -values[chosen]))]


def _greedy_by(problem: Problem, ranking: list, offsets: list[int], starts: int,
               until: float) -> list:
    """Greedy runs ranking routes by ``ranking`` (per type, per route): (type, index) picks;
    type t's routes are ``offsets[t]`` to ``offsets[t + 1]`` of all."""
    cands = problem.candidates
    if len(cands) == 1 and cands[0].count == 1:   # one train: its first best route
        return [(0, int(np.argmax(ranking[0])))]
    kinds = np.repeat(np.arange(len(cands), dtype=np.int32), np.diff(offsets))
    bits = np.zeros((offsets[-1], max(c.bits.shape[1] for c in cands if len(c.values))),
                    dtype=np.uint64)
    for t, c in enumerate(cands):   # each type's track words, zeros after its own
        if len(c.values):
            bits[offsets[t]:offsets[t + 1], :c.bits.shape[1]] = c.bits
    values = np.concatenate(ranking).astype(np.int64)
    order = np.argsort(-values, kind="stable").astype(np.int32)
    firsts = np.concatenate([offsets[t] + _best(np.asarray(r), starts)
                             for t, r in enumerate(ranking)]).astype(np.int32)
    counts = np.array([c.count for c in cands], dtype=np.int32)
    _, chosen = greedy_runs(bits, kinds, values, counts, order, firsts, until)
    picks = []
    for q in chosen.tolist():
        t = bisect.bisect_right(offsets, q) - 1
        picks.append((t, q - offsets[t]))
    return picks
