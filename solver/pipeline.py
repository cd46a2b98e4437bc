"""The pipeline: the stages in order against one deadline, each handing on the best run
found and the best bound proven, each able to end the call with a proof.

greedy start -> branch and bound (where it ``fits``) -> priced bound -> pruning -> CP-SAT.
The time budget (``budget``) says what share of the time left each stage gets and
whether a stage is begun at all; stopped before a proof, the answer is the best run
found with the best bound proven ("feasible").
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import cpsat
from .bounds import first_bound, stopped_bound
from .branch import branch_and_bound, fits
from .budget import (
    GREEDY_SHARE,
    PRUNE_SHARE,
    bound_share,
    branch_share,
    time_to_build,
    time_to_prune,
    time_to_start,
)
from .greedy import greedy_start
from .problem import Choice, NoRunFound, Options, Problem, Run, StrategyUnfit
from .prune import prune


def choose_routes(problem: Problem, options: Options) -> Choice | None:
    """The best run of ``problem`` and what is proven about it; None when no run earns
    the required bonuses, ``NoRunFound`` when none was found within the time limit,
    ``StrategyUnfit`` when the "bnb" strategy cannot take the problem."""
    deadline, strategy = options.deadline, options.strategy
    known = _Known(problem, options, greedy_start(problem, deadline.share(GREEDY_SHARE)),
                   first_bound(problem), problem.routes)
    known.report()
    usable = fits(problem)
    if strategy == "bnb" and not usable:
        raise StrategyUnfit("the branch and bound needs every route listed, no negative "
          "bonus, at most 64 bonuses and at least one route")
    if known.reaches_bound():   # the greedy start is optimal: no search finds better
        return known.proven(known.searched)
    if usable and strategy != "cpsat" and not deadline.expired():
        until = deadline.share(branch_share(deadline, strategy, problem.routes))
        search = branch_and_bound(problem, known.best, until)
        known.best, known.searched = Run(search.picks, search.total), search.searched
        if search.finished:
            if problem.required and not search.picks:
                return None
            return known.proven(search.searched)
        known.report()
        if strategy == "bnb":
            return known.stopped()
    if deadline.expired():
        return known.stopped()
    if known.best.total < known.upper and problem.complete:
        until = deadline.share(bound_share(deadline, problem.routes))
        known.upper = min(known.upper, stopped_bound(problem, known.best.total, until))
        known.report(with_bound=True)
    if known.reaches_bound():
        return known.proven(known.searched)
    if not time_to_prune(deadline, problem.routes):
        return known.stopped()
    return _cp_sat(known, options)


def _cp_sat(known: _Known, options: Options) -> Choice | None:
    """Pruning, then CP-SAT over the routes kept and the path-modelled types."""
    problem, deadline = known.problem, options.deadline
    pruned = prune(problem, known.best.total, deadline.share(PRUNE_SHARE))
    known.upper = min(known.upper, pruned.upper)
    kept = [np.zeros(0, dtype=np.int64) if t in problem.path_trains else k
            for t, k in enumerate(pruned.kept)]
    known.listed = sum(len(k) for k in kept)
    if known.reaches_bound():
        return known.proven(known.listed)
    if not time_to_build(deadline, known.listed):
        return known.stopped()
    built = cpsat.build(problem, kept, known.best, deadline)
    if built is None or not time_to_start(deadline, known.listed):
        return known.stopped()
    answer = cpsat.solve(built, options)
    if answer.status == "infeasible":
        return None
    if answer.status == "stopped":
        return known.stopped()
    return known.with_cp_sat(answer)


@dataclass
class _Known:
    """What the stages have found so far: the best run, the proven upper bound (both
    without the fixed income) and the routes the last search was offered."""

    problem: Problem
    options: Options
    best: Run
    upper: int
    listed: int         # routes listed, then kept by pruning
    searched: int = 0   # routes the branch and bound searched

    def found(self) -> bool:
        """A run is known (without required bonuses: at least the empty one)."""
        return bool(self.best.picks) or not self.problem.required

    def reaches_bound(self) -> bool:
        """The run found reaches a proven upper bound: it is optimal, no search needed."""
        return self.found() and self.best.total >= self.upper and self.problem.complete

    def report(self, with_bound: bool = False) -> None:
        """Pass the best total (and, ``with_bound``, the bound) to ``Options.progress``."""
        if self.options.progress:
            fixed = self.problem.fixed
            self.options.progress(self.best.total + fixed if self.found() else None,
                self.upper + fixed if with_bound else None)

    def proven(self, kept: int) -> Choice:
        """The best run, proven optimal."""
        total = self.best.total + self.problem.fixed
        return Choice(self.best.picks, total, total, "optimal",
    self.problem.earned(self.best.picks), kept)

    def stopped(self) -> Choice:
        """The best run at the limit with the bound proven; ``NoRunFound`` when no run
        earning the required bonuses was found in time."""
        if not self.found():
            raise NoRunFound(self.options.deadline.seconds)
        fixed, lower = self.problem.fixed, self.best.total
        return Choice(self.best.picks, lower + fixed, max(self.upper, lower) + fixed,
    "feasible", self.problem.earned(self.best.picks), self.listed)

    def with_cp_sat(self, answer: cpsat.Answer) -> Choice:
        """The better of CP-SAT's run and the one known, with the better bound: a list cut
        short (not path-modelled) proves no more than the bound before the search."""
        problem, fixed, lower = self.problem, self.problem.fixed, self.best.total
        incomplete = any(not c.complete and t not in problem.path_trains
       for t, c in enumerate(problem.candidates))
        if answer.status == "feasible" or incomplete:
            if incomplete:
                bound = max(answer.bound, self.upper + fixed)
            else:
                bound = min(answer.bound, max(self.upper, lower) + fixed)
            if self.found() and lower + fixed >= answer.total:   # no better than known
                return Choice(self.best.picks, lower + fixed, max(bound, lower + fixed),
            "feasible", problem.earned(self.best.picks), self.listed)
            status = "feasible"
        else:
            bound, status = answer.total, "optimal"
        picks, bonuses = answer.run()
        return Choice(picks, answer.total, max(bound, answer.total), status, bonuses,
    self.listed)
