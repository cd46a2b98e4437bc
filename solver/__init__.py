"""Choose the best combination of routes across a company's trains: at most one route per
train, no two sharing track, most revenue with the company bonuses earned.

Title-free (arrays and numbers only) and importing nothing else of trainrun. Read it in
the order a call runs:

Data (``problem``)
    ``Problem``: per train type its routes (``Candidates``: values, track bitsets, the
    bonuses each reaches), or for a type with too many routes to list a ``PathTrain`` on
    the ``Network``; the bonus amounts, the fixed income, the bonuses a run must earn.
    ``Options``: the ``Deadline`` (``deadline``) every stage stops at, CP-SAT's workers,
    the strategy (``STRATEGIES``), a progress callback.

Stages (``pipeline.choose_routes`` runs them in order, handing on the best run found and
the best bound proven; ``budget`` gives each its share of the time left)
    1. greedy start (``greedy``): a good run fast, the first lower bound;
    2. branch and bound (``branch``, compiled in ``_combine``): where every route is
       listed and the bonuses are few and not negative, it searches the combinations and,
       finishing, proves the optimum; with resource prices (``pricing``, ``_prices``)
       where the best routes conflict;
    3. priced bound (``bounds``): a search stopped early is still worth a tight bound;
    4. pruning (``prune``, compiled in ``_prune``): exact cuts of routes no run reaching
       the best total can use;
    5. CP-SAT (``cpsat``, path model in ``paths``): the model over the routes left and the
       path-modelled types, solved with the time left. OR-Tools is imported only here.

Status (``Choice``)
    The picks, their total and a proven bound: "optimal" when they meet, "feasible" when
    the time limit came first; None when no run earns the required bonuses,
    ``NoRunFound`` when none was found in time, ``StrategyUnfit`` when "bnb" cannot
    take the problem.
"""
from .deadline import Deadline
from .paths import Network, PathTrain
from .pipeline import choose_routes
from .problem import (
    STRATEGIES,
    Candidates,
    Choice,
    NoRunFound,
    Options,
    Problem,
    Run,
    StrategyUnfit,
)

__all__ = ["STRATEGIES", "Candidates", "Choice", "Deadline", "Network", "NoRunFound",
           "Options", "PathTrain", "Problem", "Run", "StrategyUnfit", "choose_routes"]
