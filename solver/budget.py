"""The time budget: how much of the time left each stage may take, whether a stage is
begun at all, and when CP-SAT is told to stop and when it is stopped.

Every stage stops at the call's ``Deadline`` (``deadline.py``) or at the earlier point
its share gives (``Deadline.share``). A stage that would not finish in the time left is
not begun: its cost is estimated from the routes it would take, at rates measured on one
core on the 18PA stress board with five long trains (67,000 routes: the model 0.8 s;
CP-SAT reads and presolves it for about 0.25 s before it looks at its limit). Some of
CP-SAT's presolve steps never look at it (one took 63 s given 3 s on 1817 with 200
8-trains, 74,000 routes): CP-SAT runs in a child process killed at the deadline.
"""
from __future__ import annotations

import sys

from .deadline import Deadline

# the greedy start stops trying starts after this share of the time left; pruning's
# partner bounds after this share
GREEDY_SHARE = 0.25
PRUNE_SHARE = 0.4
# CP-SAT is not started with less time than this left (seconds); pruning (whose first
# step, the value cut, does not look at the clock), the model and CP-SAT are not begun
# when the time left would not cover them at these rates (seconds per route)
CP_SAT_LEAST = 0.01
PRUNE_SECONDS_PER_ROUTE = 2e-6
BUILD_SECONDS_PER_ROUTE = 1.5e-5
CP_SAT_START_PER_ROUTE = 5e-6
# OR-Tools is imported when the CP-SAT stage first runs in a process (``cpsat``): about
# 0.4 s (it imports pandas), counted until it is loaded
CP_SAT_IMPORT = 0.5
# CP-SAT (in a child process, ``child``) is told to stop this share of the time left
# before the deadline, at most CP_SAT_EARLY seconds before: it overruns its limit by the
# presolve step it is in, and answering itself it gives its last bound. It is killed at
# the deadline less the time to read its answer back (seconds)
CP_SAT_MARGIN = 0.1
CP_SAT_EARLY = 0.5
CP_SAT_ANSWER = 0.005
# with less time than this left the branch and bound keeps its 40 %: the bound at the
# limit, priced in the rest, is then worth more than a longer search
LONG_SEARCH = 0.5


def _least() -> float:
    """What CP-SAT takes before any route: its least time, and OR-Tools' import while it
    is not loaded."""
    loaded = "ortools.sat.python.cp_model" in sys.modules
    return CP_SAT_LEAST + (0.0 if loaded else CP_SAT_IMPORT)


def cp_sat_cost(routes: int) -> float:
    """What pruning, the model and CP-SAT's start would take on ``routes`` routes."""
    return _least() + (PRUNE_SECONDS_PER_ROUTE + BUILD_SECONDS_PER_ROUTE
                       + CP_SAT_START_PER_ROUTE) * routes


def branch_share(deadline: Deadline, strategy: str, routes: int) -> float:
    """The share of the time left the branch and bound gets: all of it with the "bnb"
    strategy; 80 % where CP-SAT could not follow in the rest and there is time enough
    for a search to beat a better bound at the limit (the rest goes to that bound);
    otherwise 40 %."""
    if strategy == "bnb":
        return 1.0
    left = deadline.left()
    return 0.8 if left >= LONG_SEARCH and left * 0.6 < cp_sat_cost(routes) else 0.4


def bound_share(deadline: Deadline, routes: int) -> float:
    """The share of the time left the priced bound of a stopped search gets: 60 %, so
    that CP-SAT gets 40 %, if that could cover pruning and the model; all but the last
    5 % otherwise."""
    return 0.6 if deadline.left() * 0.4 >= cp_sat_cost(routes) else 0.95


def time_to_prune(deadline: Deadline, routes: int) -> bool:
    """Pruning ``routes`` routes could finish in the time left."""
    return deadline.left() >= CP_SAT_LEAST + PRUNE_SECONDS_PER_ROUTE * routes


def time_to_build(deadline: Deadline, routes: int) -> bool:
    """The model of ``routes`` routes could be built and CP-SAT started in the time left."""
    return deadline.left() >= _least() + (BUILD_SECONDS_PER_ROUTE
                                          + CP_SAT_START_PER_ROUTE) * routes


def time_to_start(deadline: Deadline, routes: int) -> bool:
    """CP-SAT could read the model of ``routes`` routes in the time left."""
    return deadline.left() >= _least() + CP_SAT_START_PER_ROUTE * routes


def cp_sat_stops(deadline: Deadline) -> tuple[float, float]:
    """When CP-SAT is told to stop and when it is killed (``time.monotonic()``)."""
    early = min(deadline.left() * CP_SAT_MARGIN, CP_SAT_EARLY)
    return deadline.at - early, deadline.at - CP_SAT_ANSWER
