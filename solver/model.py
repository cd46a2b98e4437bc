"""The CP-SAT model: at most one route per train, no shared track, most revenue.

Variables and constraints, named after what they mean:

* ``run[t, r]``     train type t runs route r (a boolean per kept route);
* ``trains[t]``     at most ``count[t]`` routes of type t;
* ``track[j]``      at most one chosen route uses track resource j;
* ``bonus[k]``      company bonus k is earned only if some chosen eligible route reaches it
                    (and must be, ``bonus[k] == 1``, for a required bonus);
* objective         sum of route revenues + earned bonuses + fixed income.

Before the model is built, a greedy run gives a feasible total (unless bonuses are
required: the greedy run need not earn them); routes that
cannot be part of any run reaching it are dropped (a safe bound, bonuses
included), and of routes with identical track and bonus reach only the best is
kept. Both cuts are exact. When the greedy total already equals the upper
bound (typically a single train) it is returned as proven optimal without a
search. When every route is listed, no bonus is required and the company bonuses
are few (at most 64) and not negative, a compiled branch and bound (``_combine``)
searches the combinations first and, if it finishes within half the time, its best
run is the proven optimum; CP-SAT takes over otherwise. Knows no title.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import time

import numpy as np
from ortools.sat.python import cp_model

from ._combine import best_combination
from ._prune import greedy_runs, partner_bounds
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
# (track words x routes), about 64 MB
BITMAP_LIMIT = 1 << 23


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


def _greedy(cands: list[Candidates], amounts: list[int], starts: int = 64):
    """A good feasible run: the best of greedy runs started from each type's best routes.

    Each greedy run takes its start route, then the highest-value routes that share no
    track and have a train left (compiled ``greedy_runs``); with company bonuses this is
    done twice, ranking routes by value and by value plus the bonuses they reach.
    """
    offsets = np.cumsum([0] + [len(c.values) for c in cands])
    if offsets[-1] == 0:
        return [], 0
    rankings = [[c.values for c in cands]]
    if any(c.reach.any() for c in cands if len(c.values)):
        rankings.append([_gross(c, amounts) for c in cands])
    best = ([], -1)
    for ranking in rankings:
        picks = _greedy_by(cands, ranking, offsets, starts)
        earned = {k for t, i in picks for k in np.flatnonzero(cands[t].reach[i])}
        total = (sum(int(cands[t].values[i]) for t, i in picks)
                 + sum(amounts[k] for k in earned))
        if total > best[1]:
            best = (picks, total)
    return best


def _greedy_by(cands: list[Candidates], ranking: list, offsets: np.ndarray, starts: int):
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
                            order, firsts)
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


def _cut_by_value(cands: list[Candidates], amounts: list[int], lower: int):
    """Indices of routes (best first) worth enough to be in a run reaching ``lower`` when
    every other train ran its type's best routes, one per distinct track and bonus
    reach; and the upper bound those best routes give."""
    tops = [_top_sum(c.values, c.count) if c.complete else c.upper * c.count for c in cands]
    extra = sum(max(a, 0) for a in amounts)   # negative amounts only lower a run
    upper = sum(tops) + extra
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


def _prune(cands: list[Candidates], amounts: list[int], lower: int):
    """Indices of routes that can belong to a run worth at least ``lower``, and an upper bound.

    First a bound from each type's best values alone (``_cut_by_value``); then,
    repeatedly, the compiled ``partner_bounds`` (best values of routes that share
    no track with the route) until nothing more drops. Both are exact cuts.
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
        bound = partner_bounds(np.ascontiguousarray(bits), starts, values, counts, alive)
        dead = (alive == 1) & (bound + extra < lower)
        if not dead.any():
            break
        alive[dead] = 0
    live = bound[alive == 1]
    if len(live):
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
                      deadline: float, amounts: list[int] = ()):
    """The best run by the compiled branch and bound (route lists complete, company
    bonuses ``amounts`` at most 64 and >= 0): (picks, total, finished, routes searched),
    ``total`` with the earned bonuses. Types with the best routes go first."""
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
    reach = np.concatenate([_reach_masks(cands[t].reach[kept[t]]) for t in order]) \
        if amounts else None
    total, chosen, finished = best_combination(np.ascontiguousarray(bits), starts, values,
                                               counts, lower, deadline, reach,
                                               np.asarray(amounts, dtype=np.int64))
    if total <= lower:
        return greedy_picks, lower, finished, len(values)
    picks = []
    for q in chosen.tolist():
        j = int(np.searchsorted(starts, q, side="right") - 1)
        picks.append((order[j], int(kept[order[j]][q - starts[j]])))
    return picks, int(total), finished, len(values)


def _earned(cands: list[Candidates], picks: list) -> list[int]:
    """The company bonuses the routes ``picks`` (type, route index) earn together."""
    return sorted({int(k) for t, i in picks for k in np.flatnonzero(cands[t].reach[i])})


def choose_routes(cands: list[Candidates], amounts: list[int], fixed: int,
                  time_limit: float, workers: int = 1, net: Network | None = None,
                  path_trains: dict | None = None, required: tuple = (),
                  strategy: str = "auto") -> Choice | None:
    """Solve the combination problem; ``amounts[k]`` is the value of company bonus k.

    ``path_trains`` maps the index of a type whose route list is incomplete to
    its ``PathTrain``: that type is then modelled as paths on ``net`` and the
    answer can still be proven optimal. ``required`` lists bonuses the run must
    earn (the best run among those that do); None when no run earns them, and
    ``NoRunFound`` when none was found within the time limit. ``strategy`` is one of
    ``STRATEGIES``; ``StrategyUnfit`` when "bnb" cannot take the problem.
    """
    path_trains = path_trains or {}
    start = time.monotonic()
    # with required bonuses the greedy run may not earn them: its total bounds nothing
    greedy_picks, lower = _greedy(cands, amounts) if not required else ([], 0)
    few_bonuses = len(amounts) <= 64 and all(a >= 0 for a in amounts)
    words = max((c.bits.shape[1] for c in cands), default=0)
    fits = (not path_trains and not required and few_bonuses and all(c.complete for c in cands)
            and words <= 64 and words * sum(len(c.values) for c in cands) <= BITMAP_LIMIT
            and all(len(c.values) == 0 or c.values.min() >= 0 for c in cands)
            and any(len(c.values) for c in cands))
    if strategy == "bnb" and not fits:
        raise StrategyUnfit("the branch and bound needs every route listed, no required or "
                            "negative bonus, at most 64 bonuses and at least one route")
    if fits and strategy != "cpsat":
        share = 1.0 if strategy == "bnb" else 0.5
        greedy_picks, lower, finished, searched = _branch_and_bound(
            cands, lower, greedy_picks, start + time_limit * share, amounts)
        earned = _earned(cands, greedy_picks)
        if finished:
            return Choice(greedy_picks, lower + fixed, lower + fixed, "optimal", earned,
                          searched)
        if strategy == "bnb":
            bound = max(_gross_bound(cands, amounts), lower)
            return Choice(greedy_picks, lower + fixed, bound + fixed, "feasible", earned,
                          searched)
        time_limit = max(time_limit - (time.monotonic() - start), 0.001)
    kept, upper = _prune(cands, amounts, lower)
    for t in path_trains:
        kept[t] = np.zeros(0, dtype=np.int64)
    n_kept = sum(len(k) for k in kept)
    incomplete = any(not c.complete and t not in path_trains for t, c in enumerate(cands))
    if lower == upper and not required and not any(not c.complete for c in cands):
        # the quick run reaches a proven upper bound: it is optimal, no search needed
        return Choice(greedy_picks, lower + fixed, upper + fixed, "optimal",
                      _earned(cands, greedy_picks), n_kept)

    model = cp_model.CpModel()
    run = {}
    for t, idx in enumerate(kept):
        for i in idx:
            run[t, int(i)] = model.new_bool_var(f"run[{t},{i}]")
    for t, c in enumerate(cands):
        chosen = [run[t, int(i)] for i in kept[t]]
        if len(chosen) > c.count:
            model.add(sum(chosen) <= c.count).with_name(f"trains[{t}]")
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
    track: dict = {}
    keys = list(run)
    if keys:
        bits = np.stack([cands[t].bits[i] for t, i in keys])
        users = np.unpackbits(bits.view(np.uint8), axis=1, bitorder="little").astype(bool)
        for j in np.flatnonzero(users.any(axis=0)):
            track[int(j)] = [run[keys[r]] for r in np.flatnonzero(users[:, j])]
    for _, pv in copies:
        for k, resources in enumerate(net.seg_resources):
            for j in resources:
                track.setdefault(j, []).extend((pv.fwd[k], pv.bwd[k]))
    for j, lits in track.items():
        if len(lits) > 1:
            model.add_at_most_one(lits).with_name(f"track[{j}]")
    bonus = []
    for k in range(len(amounts)):
        lits = [run[t, i] for t, i in keys if cands[t].reach[i, k]] + earners[k]
        b = model.new_bool_var(f"bonus[{k}]")
        if lits:
            model.add_bool_or(lits).only_enforce_if(b)
        else:
            model.add(b == 0)
        bonus.append(b)
    for k in required:
        model.add(bonus[k] == 1)
    model.maximize(sum(int(cands[t].values[i]) * v for (t, i), v in run.items())
                   + sum(pv.value for _, pv in copies)
                   + sum(a * b for a, b in zip(amounts, bonus)) + fixed)
    for (t, i), v in run.items():
        model.add_hint(v, (t, i) in greedy_picks)

    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = max(time_limit, 0.001)
    solver.parameters.num_workers = workers
    status = solver.solve(model)
    if status == cp_model.INFEASIBLE:
        return None
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        if required:   # the greedy run does not stand in for a run that earns them
            raise NoRunFound(time_limit)
        # no solution found within the limit: fall back to the greedy run
        return Choice(greedy_picks, lower + fixed, upper + fixed, "feasible",
                      _earned(cands, greedy_picks), n_kept)
    picks = [key for key, v in run.items() if solver.value(v)]
    for t, pv in copies:
        path = read_path(solver, net, pv)
        if path is not None:
            picks.append((t, path))
    earned = [k for k, b in enumerate(bonus) if solver.value(b)]
    total = int(round(solver.objective_value))
    if status == cp_model.OPTIMAL and not incomplete:
        return Choice(picks, total, total, "optimal", earned, n_kept)
    bound = int(solver.best_objective_bound) if status == cp_model.FEASIBLE else total
    if incomplete:
        bound = max(bound, upper + fixed)
    return Choice(picks, total, bound, "feasible", earned, n_kept)
