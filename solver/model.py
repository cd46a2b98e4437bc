"""The CP-SAT model: at most one route per train, no shared track, most revenue.

Variables and constraints, named after what they mean:

* ``run[t, r]``     train type t runs route r (a boolean per kept route);
* ``trains[t]``     at most ``count[t]`` routes of type t;
* ``track[j]``      at most one chosen route uses track resource j;
* ``bonus[k]``      company bonus k is earned only if some chosen eligible route reaches it
                    (and must be, ``bonus[k] == 1``, for a required bonus);
* objective         sum of route revenues + earned bonuses + fixed income.

Before the model is built, a greedy run gives a feasible total (with required bonuses
only if it earns them); routes that cannot be part of any run reaching it are dropped
(a safe bound, bonuses included), and of routes with identical track and bonus reach
only the best is kept. Both cuts are exact. When the greedy total already equals the
upper bound (typically a single train) it is returned as proven optimal without a
search. When every route is listed and the company bonuses are few (at most 64) and not
negative, a compiled branch and bound (``_combine``, required bonuses included)
searches the combinations first and, if it finishes within 40 % of the time, its best
run is the proven optimum; otherwise the priced bound (``pricing.py``) tightens the
proven bound and CP-SAT takes over. Everything stops at one ``Deadline``
(``deadline.py``). Knows no title.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import time

import numpy as np
from ortools.sat.python import cp_model
from ortools.sat.python import cp_model_helper as cmh

from ._combine import best_combination, busiest_first
from ._prune import greedy_runs, partner_bounds
from .deadline import Deadline
from .pricing import SCALE, aims, kept_routes, priced_bound, priced_bounds, root_bound
from .paths import Network, add_path_train, read_path


class NoRunFound(Exception):
    """No run earning the required bonuses was found within the time limit (none is
    proven impossible either)."""


class StrategyUnfit(Exception):
    """The requested search strategy cannot solve this problem (its message says why)."""


# how the combination is searched: "auto" (branch and bound first where it applies, then
# CP-SAT), "bnb" (branch and bound only), "cpsat" (CP-SAT only)
STRATEGIES = ("auto", "bnb", "cpsat")


# the branch and bound keeps a bitmap of routes per track resource: at most this many
# (track words x routes), about 64 MB (twice that with resource prices: ``pricing``)
BITMAP_LIMIT = 1 << 23
# CP-SAT is not started with less time than this left (seconds); pruning (whose first
# step, the value cut, does not look at the clock), the model and CP-SAT are not begun
# when the time left would not cover them at these rates (seconds per route on one core,
# measured on the 18PA stress board with five long trains, 67,000 routes: the model
# 0.8 s; CP-SAT reads and presolves it for about 0.25 s before it looks at its limit)
CP_SAT_LEAST = 0.01
PRUNE_SECONDS_PER_ROUTE = 2e-6
BUILD_SECONDS_PER_ROUTE = 1.5e-5
CP_SAT_START_PER_ROUTE = 5e-6
# with less time than this left the branch and bound keeps its 40 %: the bound at the
# limit, priced in the rest, is then worth more than a longer search
LONG_SEARCH = 0.5
# the branch and bound searches without prices first, for at most this many scans (of 64
# routes) per route, about as long as pricing would take (1817 15528's last board: 8 + 8
# finishes in 4 scans per route, 8 + 8 + 6 would need 250)
PLAIN_STEPS_PER_ROUTE = 8
# a greedy run may look at every route: the greedy start tries 64 starts per train type,
# fewer (at least 4) where they would look at more routes than this in all
GREEDY_SCANS = 2_000_000


@dataclass
class Candidates:
    """Routes of one train type offered to the model: per route its revenue, its track
    bitset (bit j: it uses track resource j) and the company bonuses it reaches."""

    count: int             # identical trains of this type
    values: np.ndarray     # int route revenue
    bits: np.ndarray       # uint64 [routes, words] track resources
    reach: np.ndarray      # bool [routes, bonuses] which company bonuses each route earns
    complete: bool = True  # False when the list was cut short (then only a bound is proven)
    upper: int = 0         # an upper bound on any route of this type (used when incomplete)


@dataclass
class Choice:
    """The chosen routes: (type index, route index) pairs, and what is proven about them."""

    picks: list            # (type, route index) or, for path-modelled types, (type, (stops, segs))
    total: int
    bound: int
    status: str            # "optimal" or "feasible"
    bonuses: list = field(default_factory=list)   # indices of earned company bonuses
    kept: int = 0          # routes offered to CP-SAT after the exact cuts


def _top_sum(values: np.ndarray, k: int) -> int:
    if k <= 0 or len(values) == 0:
        return 0
    k = min(k, len(values))
    return int(np.sort(values)[-k:].sum())


def _gross(c: Candidates, amounts: list[int]) -> np.ndarray:
    """Each route's value plus every company bonus it reaches, as if it alone earned them."""
    if not len(amounts) or not len(c.values):
        return c.values.astype(np.int64)
    return c.values.astype(np.int64) + c.reach.astype(np.int64) @ np.asarray(amounts, np.int64)


def _greedy(cands: list[Candidates], amounts: list[int], until: float = 0.0):
    """A good feasible run: the best of greedy runs started from each type's best routes
    (64 each, fewer on large boards: about ``GREEDY_SCANS`` route looks in all).

    Each greedy run takes its start route, then the highest-value routes that share no
    track and have a train left (compiled ``greedy_runs``); with company bonuses this is
    done twice, ranking routes by value and by value plus the bonuses they reach. No
    further start is tried after ``until`` (monotonic seconds; 0: no limit).
    """
    offsets = np.cumsum([0] + [len(c.values) for c in cands])
    if offsets[-1] == 0:
        return [], 0
    starts = int(np.clip(GREEDY_SCANS // (int(offsets[-1]) * len(cands)), 4, 64))
    rankings = [[c.values for c in cands]]
    if any(c.reach.any() for c in cands if len(c.values)):
        rankings.append([_gross(c, amounts) for c in cands])
    best = ([], -1)
    for ranking in rankings:
        if until and best[1] >= 0 and time.monotonic() > until:
            break
        picks = _greedy_by(cands, ranking, offsets, starts, until)
        earned = {k for t, i in picks for k in np.flatnonzero(cands[t].reach[i])}
        total = (sum(int(cands[t].values[i]) for t, i in picks)
                 + sum(amounts[k] for k in earned))
        if total > best[1]:
            best = (picks, total)
    return best


def _greedy_by(cands: list[Candidates], ranking: list, offsets: np.ndarray, starts: int,
               until: float = 0.0):
    """Greedy runs ranking routes by ``ranking`` (per type, per route): (type, index) picks."""
    kinds = [np.full(len(c.values), t, dtype=np.int32) for t, c in enumerate(cands)]
    words = max(c.bits.shape[1] for c in cands if len(c.values))
    bits = np.concatenate([np.pad(c.bits, ((0, 0), (0, words - c.bits.shape[1])))
                           for c in cands]).astype(np.uint64)
    values = np.concatenate(ranking).astype(np.int64)
    order = np.argsort(-values, kind="stable").astype(np.int32)
    firsts = np.concatenate([offsets[t] + np.argsort(-r, kind="stable")[:starts]
                             for t, r in enumerate(ranking)]).astype(np.int32)
    counts = np.array([c.count for c in cands], dtype=np.int32)
    _, chosen = greedy_runs(np.ascontiguousarray(bits), np.concatenate(kinds), values, counts,
                            order, firsts, until)
    picks = []
    for q in chosen.tolist():
        t = int(np.searchsorted(offsets, q, side="right") - 1)
        picks.append((t, q - int(offsets[t])))
    return picks


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


def _value_bound(cands: list[Candidates], amounts: list[int]) -> int:
    """No run beats each type's best routes with every positive bonus added."""
    tops = [_top_sum(c.values, c.count) if c.complete else c.upper * c.count for c in cands]
    return sum(tops) + sum(max(a, 0) for a in amounts)


def _cut_by_value(cands: list[Candidates], amounts: list[int], lower: int):
    """Indices of routes (best first) worth enough to be in a run reaching ``lower`` when
    every other train ran its type's best routes, one per distinct track and bonus
    reach; and the upper bound those best routes give."""
    upper = _value_bound(cands, amounts)
    kept = []
    for c in cands:
        if len(c.values) == 0:
            kept.append(np.zeros(0, dtype=np.int64))
            continue
        kth = int(np.sort(c.values)[-min(c.count, len(c.values))]) if c.complete else c.upper
        keep = np.flatnonzero(c.values >= lower - upper + kth)
        # identical track and bonus reach: only the best such route matters
        keep = keep[np.argsort(-c.values[keep], kind="stable")]
        kept.append(keep[_first_of_each(c.bits[keep], c.reach[keep])])  # still best first
    return kept, upper


def _prune(cands: list[Candidates], amounts: list[int], lower: int, until: float = 0.0):
    """Indices of routes that can belong to a run worth at least ``lower``, and an upper bound.

    First a bound from each type's best values alone (``_cut_by_value``); then,
    repeatedly, the compiled ``partner_bounds`` (best values of routes that share
    no track with the route) until nothing more drops or ``until`` (monotonic seconds;
    0: no limit) has come. Both are exact cuts; a route not reached in time is kept.
    """
    kept, upper = _cut_by_value(cands, amounts, lower)
    extra = sum(max(a, 0) for a in amounts)   # negative amounts only lower a run
    if not all(c.complete for c in cands) or sum(len(k) for k in kept) < 2:
        return [np.sort(k) for k in kept], min(upper, _gross_bound(cands, amounts))
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
    return [np.sort(k[alive[starts[t]:starts[t + 1]] == 1]) for t, k in enumerate(kept)], \
        min(upper, _gross_bound(cands, amounts))


def _gross_bound(cands: list[Candidates], amounts: list[int]) -> int:
    """Each earned bonus is reached by a chosen route, so no run beats each type's best
    routes with every bonus they reach added to each (valid for bonuses >= 0 and
    complete route lists; otherwise no bound: a huge number)."""
    if any(a < 0 for a in amounts) or not all(c.complete for c in cands):
        return np.iinfo(np.int64).max
    return sum(_top_sum(_gross(c, amounts), c.count) for c in cands)


def _reach_masks(reach: np.ndarray) -> np.ndarray:
    """One uint64 per route: bit k set when the route reaches company bonus k (k < 64)."""
    packed = np.packbits(reach, axis=1, bitorder="little")
    padded = np.zeros((len(reach), 8), dtype=np.uint8)
    padded[:, :packed.shape[1]] = packed
    return padded.view(np.uint64).ravel()


def _branch_and_bound(cands: list[Candidates], lower: int, greedy_picks: list,
                      deadline: float, amounts: list[int] = (), required: int = 0):
    """The best run by the compiled branch and bound (route lists complete, company
    bonuses ``amounts`` at most 64 and >= 0): (picks, total, finished, routes searched),
    ``total`` with the earned bonuses; with ``required`` (a bitmask of bonuses) only runs
    earning those count. Types with the best routes go first, the track resources are
    renumbered busiest first (``busiest_first``); with two trains or more
    and nothing required, a search that a few scans per route do not finish starts over
    from its best run with bounds that count resource prices (``pricing``)."""
    amounts = list(amounts)
    kept, _ = _cut_by_value(cands, amounts, lower)
    order = sorted(range(len(cands)), key=lambda t: -int(cands[t].values[kept[t][0]])
                   if len(kept[t]) else 0)
    words = max(c.bits.shape[1] for c in cands)
    bits = np.concatenate([np.pad(cands[t].bits[kept[t]], ((0, 0), (0, words -
                                                                    cands[t].bits.shape[1])))
                           for t in order]).astype(np.uint64)
    values = np.concatenate([cands[t].values[kept[t]] for t in order]).astype(np.int64)
    starts = np.zeros(len(order) + 1, dtype=np.int32)
    starts[1:] = np.cumsum([len(kept[t]) for t in order])
    counts = np.array([cands[t].count for t in order], dtype=np.int32)
    origin = np.concatenate([np.stack([np.full(len(kept[t]), t), kept[t]], axis=1)
                             for t in order]).astype(np.int64)
    reach = np.concatenate([_reach_masks(cands[t].reach[kept[t]]) for t in order]) \
        if amounts else None
    bits = busiest_first(np.ascontiguousarray(bits))
    amounts_np = np.asarray(amounts, dtype=np.int64)
    priceable = counts.sum() >= 2 and len(values) and not required
    # first without prices; with prices to fall back on, only for a few scans per route
    # (most boards need no prices)
    total, chosen, finished = best_combination(
        bits, starts, values, counts, lower, deadline, reach, amounts_np, required=required,
        max_steps=PLAIN_STEPS_PER_ROUTE * len(values) if priceable else 0)
    if total > lower:
        greedy_picks, lower = _picks(origin, chosen), int(total)
    if finished or not priceable or (deadline and time.monotonic() > deadline):
        return greedy_picks, lower, finished, len(values)
    extra = sum(amounts)
    bound, room = priced_bounds(bits, starts, values, counts, lower - extra, deadline)
    upper = root_bound(bound, room, starts, counts, extra)
    searched = 0
    for aim in aims(lower, upper):
        # a run above ``aim``, or the proof that there is none (then the optimum is at
        # most ``aim``): the higher the aim, the more routes the prices rule out
        rows, new_starts = kept_routes(bound, room, starts, counts, aim, extra)
        total, chosen, finished = best_combination(
            np.ascontiguousarray(bits[rows]), new_starts, values[rows], counts, aim,
            deadline, reach[rows] if reach is not None else None, amounts_np,
            bound=bound[rows], room=room, scale=SCALE)
        searched = max(searched, len(rows))
        if total > aim:
            return _picks(origin[rows], chosen), int(total), finished, searched
        if not finished:
            break
    return greedy_picks, lower, finished, searched


def _picks(origin: np.ndarray, chosen: np.ndarray) -> list:
    """(type, route index) of the chosen rows of ``origin``."""
    return [(int(origin[q, 0]), int(origin[q, 1])) for q in chosen.tolist()]


def _earned(cands: list[Candidates], picks: list) -> list[int]:
    return sorted({int(k) for t, i in picks for k in np.flatnonzero(cands[t].reach[i])})


def _stopped_bound(cands: list[Candidates], amounts: list[int], lower: int,
                   until: float) -> int:
    """A bound for a search stopped before its proof: the priced (Lagrangian) bound
    (``pricing.priced_bound``) of the routes with each one's positive bonuses added to it;
    no bound (a huge number) when a route list is incomplete."""
    if not all(c.complete for c in cands):
        return np.iinfo(np.int64).max
    positive = [max(a, 0) for a in amounts]
    return priced_bound([_gross(c, positive) for c in cands], [c.bits for c in cands],
                        [c.count for c in cands], lower, until)


def choose_routes(cands: list[Candidates], amounts: list[int], fixed: int,
                  time_limit: float, workers: int = 1, net: Network | None = None,
                  path_trains: dict | None = None, required: tuple = (),
                  deadline: Deadline | None = None, progress=None,
                  strategy: str = "auto") -> Choice | None:
    """Solve the combination problem; ``amounts[k]`` is the value of company bonus k.

    ``path_trains`` maps the index of a type whose route list is incomplete to
    its ``PathTrain``: that type is then modelled as paths on ``net`` and the
    answer can still be proven optimal. ``required`` lists bonuses the run must
    earn (the best run among those that do); None when no run earns them, and
    ``NoRunFound`` when none was found within the time limit.

    Every phase stops at ``deadline`` (default: ``time_limit`` seconds from now): the
    greedy run, the branch and bound (40 % of the time left), the bound of a stopped
    search (``_stopped_bound``, 60 % of the rest, or 95 % if CP-SAT would not have
    the time to start), pruning, building the CP-SAT model and CP-SAT. Stopped
    there, the answer is the best run found with the best proven bound. ``progress``,
    if given, is called with (best total, bound) as they improve. ``strategy`` is one
    of ``STRATEGIES`` ("bnb": the branch and bound gets all the time); ``StrategyUnfit``
    when "bnb" cannot take the problem.
    """
    path_trains = path_trains or {}
    deadline = deadline or Deadline(time_limit)
    report = progress or (lambda best, bound: None)
    mask = sum(1 << k for k in required)
    greedy_picks, lower = _greedy(cands, amounts, deadline.share(0.25))
    if required and not set(required) <= set(_earned(cands, greedy_picks)):
        greedy_picks, lower = [], -1     # no run earning them known yet

    def known() -> bool:   # a run is known (without required bonuses: the empty one)
        return bool(greedy_picks) or not required

    report(lower + fixed if known() else None, None)
    upper = min(_gross_bound(cands, amounts), _value_bound(cands, amounts))
    n_kept = sum(len(c.values) for c in cands)

    def stopped() -> Choice:
        if not known():   # no run earning the required bonuses found in time
            raise NoRunFound(deadline.seconds)
        return Choice(greedy_picks, lower + fixed, max(upper, lower) + fixed, "feasible",
                      _earned(cands, greedy_picks), n_kept)

    few_bonuses = len(amounts) <= 64 and all(a >= 0 for a in amounts)
    words = max((c.bits.shape[1] for c in cands), default=0)
    searched = 0
    fits = (not path_trains and few_bonuses and all(c.complete for c in cands)
            and words <= 64 and words * sum(len(c.values) for c in cands) <= BITMAP_LIMIT
            and all(len(c.values) == 0 or c.values.min() >= 0 for c in cands)
            and any(len(c.values) for c in cands))
    if strategy == "bnb" and not fits:
        raise StrategyUnfit("the branch and bound needs every route listed, no negative "
                            "bonus, at most 64 bonuses and at least one route")
    # what pruning, the model and CP-SAT's start would take on every listed route
    cp_sat_cost = CP_SAT_LEAST + (PRUNE_SECONDS_PER_ROUTE + BUILD_SECONDS_PER_ROUTE
                                  + CP_SAT_START_PER_ROUTE) * n_kept
    if fits and strategy != "cpsat" and not deadline.expired():
        # the branch and bound gets 40 % of the time, or 80 % where CP-SAT could not
        # follow in the rest and there is time enough for a search to beat a better bound
        # at the limit (the rest goes to that bound)
        longer = deadline.left() >= LONG_SEARCH and deadline.left() * 0.6 < cp_sat_cost
        share = 1.0 if strategy == "bnb" else 0.8 if longer else 0.4
        greedy_picks, lower, finished, searched = _branch_and_bound(
            cands, lower, greedy_picks, deadline.share(share), amounts, mask)
        if finished:
            if required and not greedy_picks:
                return None
            return Choice(greedy_picks, lower + fixed, lower + fixed, "optimal",
                          _earned(cands, greedy_picks), searched)
        report(lower + fixed if known() else None, None)
        if strategy == "bnb":
            return stopped()
    if deadline.expired():
        return stopped()
    if lower < upper and all(c.complete for c in cands):
        # CP-SAT gets 40 % of what is left if that could cover pruning and the model, and
        # the bound all but the last 5 % otherwise
        share = 0.6 if deadline.left() * 0.4 >= cp_sat_cost else 0.95
        upper = min(upper, _stopped_bound(cands, amounts, lower, deadline.share(share)))
        report(lower + fixed if known() else None, upper + fixed)
    if known() and lower >= upper and all(c.complete for c in cands):
        # the run found reaches a proven upper bound: it is optimal, no search needed
        return Choice(greedy_picks, lower + fixed, lower + fixed, "optimal",
                      _earned(cands, greedy_picks), searched)
    if deadline.left() < CP_SAT_LEAST + PRUNE_SECONDS_PER_ROUTE * n_kept:
        return stopped()
    kept, pruned = _prune(cands, amounts, lower, deadline.share(0.4))
    upper = min(upper, pruned)
    for t in path_trains:
        kept[t] = np.zeros(0, dtype=np.int64)
    n_kept = sum(len(k) for k in kept)
    if known() and lower >= upper and all(c.complete for c in cands):
        return Choice(greedy_picks, lower + fixed, lower + fixed, "optimal",
                      _earned(cands, greedy_picks), n_kept)
    if deadline.left() < CP_SAT_LEAST + (BUILD_SECONDS_PER_ROUTE
                                         + CP_SAT_START_PER_ROUTE) * n_kept:
        return stopped()
    built = _build_model(cands, kept, amounts, fixed, net, path_trains, required,
                         greedy_picks, deadline)
    if built is None or deadline.left() < CP_SAT_LEAST + CP_SAT_START_PER_ROUTE * n_kept:
        return stopped()
    model, run, copies, bonus = built
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = max(deadline.left(), 0.001)
    solver.parameters.num_workers = workers
    status = solver.solve(model, _Reporter(report) if progress else None)
    if status == cp_model.INFEASIBLE:
        return None
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return stopped()
    total = int(round(solver.objective_value))
    incomplete = any(not c.complete and t not in path_trains for t, c in enumerate(cands))
    if status == cp_model.FEASIBLE or incomplete:
        bound = int(solver.best_objective_bound) if status == cp_model.FEASIBLE else total
        if incomplete:
            bound = max(bound, upper + fixed)
        else:
            bound = min(bound, max(upper, lower) + fixed)
        if known() and lower + fixed >= total:   # the search did not beat the run found
            return Choice(greedy_picks, lower + fixed, max(bound, lower + fixed), "feasible",
                          _earned(cands, greedy_picks), n_kept)
        status_name = "feasible"
    else:
        bound, status_name = total, "optimal"
    picks = [key for key, v in run.items() if solver.value(v)]
    for t, pv in copies:
        path = read_path(solver, net, pv)
        if path is not None:
            picks.append((t, path))
    earned = [k for k, b in enumerate(bonus) if solver.value(b)]
    return Choice(picks, total, max(bound, total), status_name, earned, n_kept)


def _at_most_one(model: cp_model.CpModel, literals: list[int], name: str) -> None:
    """At most one of ``literals`` (variable indices) true, written into the model's proto
    in one piece (``add_at_most_one`` takes one Python step per literal)."""
    constraint = model.model_proto.constraints.add()
    constraint.name = name
    constraint.at_most_one.literals.extend(literals)


def _maximize(model: cp_model.CpModel, variables: list[int], coefficients: list[int],
              offset: int) -> None:
    """Maximize ``offset`` + the sum of ``coefficients`` times ``variables`` (indices; one
    may come twice), written into the proto in one piece as CP-SAT's ``maximize`` writes
    it (negated, with scaling factor -1); ``maximize`` takes one Python step per term,
    half a second on 70,000 routes."""
    merged: dict[int, int] = {}
    for v, c in zip(variables, coefficients):
        merged[v] = merged.get(v, 0) + int(c)
    model.clear_objective()
    objective = model.model_proto.objective
    objective.vars.extend(list(merged))
    objective.coeffs.extend([-c for c in merged.values()])
    objective.offset = -offset
    objective.scaling_factor = -1.0


class _Reporter(cp_model.CpSolverSolutionCallback):
    """Passes each run CP-SAT finds, with its proven bound, to ``report``."""

    def __init__(self, report):
        super().__init__()
        self.report = report

    def on_solution_callback(self) -> None:
        self.report(int(round(self.objective_value)), int(self.best_objective_bound))


def _build_model(cands, kept, amounts, fixed, net, path_trains, required, greedy_picks,
                 deadline: Deadline):
    """The CP-SAT model over the ``kept`` routes and the path-modelled types: (model, run
    variables, path copies, bonus variables); None when the deadline came first."""
    model = cp_model.CpModel()
    run = {}
    for t, idx in enumerate(kept):
        for n, i in enumerate(idx):
            if n % 1024 == 1023 and deadline.expired():
                return None
            run[t, int(i)] = model.new_bool_var(f"run[{t},{i}]")
    for t, c in enumerate(cands):
        chosen = [run[t, int(i)] for i in kept[t]]
        if len(chosen) > c.count:
            model.add(cp_model.LinearExpr.sum(chosen) <= c.count).with_name(f"trains[{t}]")
    earners = [[] for _ in amounts]
    copies = []  # (type, PathVars)
    for t, train in path_trains.items():
        previous = None
        for c in range(train.count):
            pv = add_path_train(model, net, train, f"path[{t},{c}]", earners)
            if previous is not None:
                model.add(previous.value >= pv.value)  # identical copies: no symmetric twins
            copies.append((t, pv))
            previous = pv
    if deadline.expired():
        return None
    keys = list(run)
    index = np.fromiter((v.index for v in run.values()), dtype=np.int64, count=len(run))
    track: dict = {}   # track resource -> the literal indices of what uses it
    if keys:
        words = max(c.bits.shape[1] for c in cands)
        bits = np.concatenate([np.pad(c.bits[k], ((0, 0), (0, words - c.bits.shape[1])))
                               for c, k in zip(cands, kept)])   # the order of ``keys``
        users = np.unpackbits(bits.view(np.uint8), axis=1, bitorder="little").astype(bool)
        for n, j in enumerate(np.flatnonzero(users.any(axis=0))):
            if n % 64 == 63 and deadline.expired():
                return None
            track[int(j)] = index[users[:, j]].tolist()
    for _, pv in copies:
        for k, resources in enumerate(net.seg_resources):
            for j in resources:
                track.setdefault(j, []).extend((pv.fwd[k].index, pv.bwd[k].index))
    for j, lits in track.items():
        if len(lits) > 1:
            _at_most_one(model, lits, f"track[{j}]")
    if deadline.expired():
        return None
    reach = (np.concatenate([c.reach[k] for c, k in zip(cands, kept)])
             if keys and len(amounts) else None)
    bonus = []
    for k in range(len(amounts)):
        lits = [run[keys[r]] for r in np.flatnonzero(reach[:, k])] if reach is not None else []
        lits += earners[k]
        b = model.new_bool_var(f"bonus[{k}]")
        if lits:
            model.add_bool_or(lits).only_enforce_if(b)
        else:
            model.add(b == 0)
        bonus.append(b)
    for k in required:
        model.add(bonus[k] == 1)
    variables = index.tolist() + [b.index for b in bonus]
    coefficients = [int(cands[t].values[i]) for t, i in keys] + [int(a) for a in amounts]
    offset = fixed
    for _, pv in copies:   # a path copy's value is a sum over its stops and hexes
        flat = cmh.FlatIntExpr(pv.value)
        variables += [v.index for v in flat.vars]
        coefficients += list(flat.coeffs)
        offset += flat.offset
    _maximize(model, variables, coefficients, offset)
    picked = set(greedy_picks)
    hints = model.model_proto.solution_hint   # every route: in the greedy run or not
    hints.vars.extend(index.tolist())
    hints.values.extend([int(key in picked) for key in keys])
    if deadline.expired():
        return None
    return model, run, copies, bonus
