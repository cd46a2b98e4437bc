"""Upper bounds on the best run (route values and bonuses, the fixed income left out).

``first_bound`` is what the problem proves before any search: each type's best routes,
bonuses added. ``stopped_bound`` is the tighter priced bound (``pricing``) answered when a
search stops before its proof. A bound that does not hold for the problem (a negative
bonus, a route list cut short) is ``NO_BOUND``, larger than any run.
"""
from __future__ import annotations

import numpy as np

from .pricing import priced_bound
from .problem import Candidates, Problem

NO_BOUND = int(np.iinfo(np.int64).max)


def top_sum(values: np.ndarray, k: int) -> int:
    """The sum of the ``k`` largest ``values`` (a partial sort: only the top k are found)."""
    if k <= 0 or len(values) == 0:
        return 0
    if k >= len(values):
        return int(values.sum())
    if k == 1:
        return int(values.max())
    return int(np.partition(values, len(values) - k)[-k:].sum())


def gross_values(c: Candidates, amounts: list[int]) -> np.ndarray:
    """Each route's value plus every company bonus it reaches, as if it alone earned them."""
    if not len(amounts) or not len(c.values):
        return c.values.astype(np.int64)
    return c.values.astype(np.int64) + c.reach.astype(np.int64) @ np.asarray(amounts, np.int64)


def value_bound(problem: Problem) -> int:
    """No run beats each type's best routes with every positive bonus added."""
    tops = [top_sum(c.values, c.count) if c.complete else c.upper * c.count
            for c in problem.candidates]
    return sum(tops) + sum(max(a, 0) for a in problem.amounts)


def gross_bound(problem: Problem) -> int:
    """Each earned bonus is reached by a chosen route, so no run beats each type's best
    routes with every bonus they reach added to each (valid for bonuses >= 0 and
    complete route lists; otherwise ``NO_BOUND``)."""
    if any(a < 0 for a in problem.amounts) or not problem.complete:
        return NO_BOUND
    return sum(top_sum(gross_values(c, problem.amounts), c.count) for c in problem.candidates)


def first_bound(problem: Problem) -> int:
    """The better of the two bounds that need no search (without company bonuses they are
    one: ``gross_bound`` is ``value_bound`` or ``NO_BOUND``)."""
    if not problem.amounts:
        return value_bound(problem)
    return min(gross_bound(problem), value_bound(problem))


def stopped_bound(problem: Problem, lower: int, until: float) -> int:
    """A bound for a search stopped before its proof: the priced (Lagrangian) bound
    (``pricing.priced_bound``) of the routes with each one's positive bonuses added to it,
    prices aimed from ``lower`` (a known run), found by ``until`` (monotonic seconds);
    ``NO_BOUND`` when a route list is incomplete."""
    if not problem.complete:
        return NO_BOUND
    cands = problem.candidates
    positive = [max(a, 0) for a in problem.amounts]
    return priced_bound([gross_values(c, positive) for c in cands], [c.bits for c in cands],
                        [c.count for c in cands], lower, until)
