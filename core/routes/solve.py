"""Solve a position: build the graph, enumerate each train's routes, let the solver choose.

``solve(position)`` returns a ``Run`` (``trainrun.routes.result``): each train's route with its
stops and their values, the chains of track between them (18xx.games form), the total,
and whether it is proven optimal.

One train from input to answer, stage by stage:

* ``Train`` (``trainrun.board.position``): a train of the company as the position lists it;
* ``TrainRules`` (``trainrun.hooks.rules``): how its type runs, the title's answer
  (``trainrun.hooks.answers.train_rules``);
* ``TrainTable`` (``trainrun.routes.enumeration``): that type on the ``TrackGraph``
  (``trainrun.routes.graph``: stops, segments, track resources), per-stop values and costs,
  per-hex bonuses;
* ``RouteSet`` (``trainrun.routes.enumeration``): every legal route of the type, from the compiled
  enumerator, or those found before the route budget;
* ``Candidates`` (``trainrun.solver``, built by ``trainrun.routes.solver_input``): those routes
  as the solver takes them, with the company bonuses each reaches (``trainrun.routes.bonus_reach``);
  when the list was cut, a ``PathTrain`` instead, which CP-SAT routes itself over the
  ``Network``, the track graph without position or names;
* ``Choice`` (``trainrun.solver``): the route picked for each train;
* ``RunRoute`` (``trainrun.routes.result``): that route in output form, by ``describe_route``.
"""
from __future__ import annotations

import numpy as np

from trainrun.board.trainset import with_trains
from trainrun.errors import InputError
from trainrun.hooks import answers
from trainrun.hooks.rules import end_distance_bonus, first_on_hex, scored_stops, scoring_order
from trainrun.routes.bonus_reach import preferred_stops
from trainrun.routes.claims import claimed_bonuses
from trainrun.routes.enumeration import (
    enumerate_routes,
    hex_once_order,
    route_pairs,
    route_value,
    train_tables,
)
from trainrun.routes.graph import TrackGraph, build_graph
from trainrun.routes.keep import prepare as kept_tables
from trainrun.routes.keep import restrict, with_kept
from trainrun.routes.legality import merged_bonuses
from trainrun.routes.ports import port_revenue
from trainrun.routes.result import Run, RunRoute, StopScore
from trainrun.routes.solver_input import candidates, network, path_train
from trainrun.solver import (
    STRATEGIES,
    Deadline,
    NoRunFound,
    Options,
    Problem,
    StrategyUnfit,
    choose_routes,
)

__all__ = ["DEFAULT_TIME_LIMIT", "SOLVE_STRATEGIES", "Deadline", "Run", "RunRoute",
           "StopScore", "describe_route", "solve"]

DEFAULT_TIME_LIMIT = 60.0
ROUTE_BUDGET = 1_000_000  # routes per train type before the path model takes over
PATH_MODEL_LEAST = 1.0    # seconds left for the path model of a list the deadline cut
# the solver's strategies, and "path": every train routed by CP-SAT's path model
SOLVE_STRATEGIES = STRATEGIES + ("path",)


def describe_route(graph: TrackGraph, table, stops: list, segs: list, train,
                   preferred: np.ndarray | None = None) -> RunRoute:
    """A route (stop and segment indices, in running order) in output form, run by ``train``;
    ``preferred`` marks stops chosen first among equal values (``scoring_order``).

    A route ending at one of the company's stations is turned to start there, unless
    each hex's stops paying once makes the other way earn more (docs/rules/common.md §9.7).
    """
    if graph.station[stops[-1]] and not graph.station[stops[0]]:
        stops, segs = stops[::-1], segs[::-1]
    if hex_once_order(graph, table, stops):
        stops, segs = stops[::-1], segs[::-1]
    values = [int(table.stop_value[s]) for s in stops]
    order = [scoring_order(v, preferred is not None and bool(preferred[s]),
                           graph.stop_nodes[s][0], graph.stop_nodes[s][1].index)
             for s, v in zip(stops, values)]
    station = ([bool(graph.station[s]) for s in stops] if table.rules.paid_station
               else None)
    scored = scored_stops(values, order, table.rules.pay_limit, station)
    pairs: list = []
    if table.pairs:
        paid, pairs = route_pairs(graph, table, stops, order)
        scored = [p and v > 0 for p, v in zip(paid, values)]
    if table.hex_once:   # every stop pays (no pay limit), the first of each hex's scores
        once = first_on_hex([graph.stop_nodes[s][0] for s in stops], [True] * len(stops))
        scored = [sc and keep for sc, keep in zip(scored, once)]
    chains = []
    for j, k in enumerate(segs):
        seg = graph.segments[k]
        steps = seg.steps if seg.a == stops[j] else [(h, b, a) for h, a, b in reversed(seg.steps)]
        chains.append({"left": graph.stop_ids[stops[j]], "right": graph.stop_ids[stops[j + 1]],
                       "paths": [{"hex": h, "a": a, "b": b} for h, a, b in steps]})
    bonuses = []
    for j, s in enumerate(stops):
        for name, amount in table.bonus_names.get(("stop", s), ()):
            if scored[j]:   # a stop bonus is part of that stop's value
                bonuses.append({"name": name, "where": graph.stop_ids[s], "value": amount})
    touched = sorted({h for k in segs for h in graph.segments[k].hexes})
    for h in touched:
        for name, amount in table.bonus_names.get(("hex", h), ()):
            bonuses.append({"name": name, "where": graph.hex_name(h), "value": amount})
    bonuses += [{"name": name, "where": where, "value": amount} for name, where, amount in pairs]
    if table.end_distance is not None:   # docs/rules/common.md §9.9
        bonuses += end_distance_bonus(table.end_distance, [graph.stop_ids[s] for s in stops])
    revenue = route_value(graph, table, stops, segs)
    if table.ports:   # what the port rules changed (docs/rules/common.md §9.6)
        before = route_value(graph, table, stops, segs, ports=False)
        bonuses += [{"name": name, "where": "route", "value": amount}
                    for name, amount in port_revenue(graph, table, stops, before)[1]]
    return RunRoute(
        train=train.id, train_name=train.name, revenue=revenue,
        visited=[graph.stop_ids[s] for s in stops],
        stops=[StopScore(graph.stop_ids[s], v, sc, _location(graph, s),
                         graph.stop_nodes[s][1].kind).to_dict()
               for s, v, sc in zip(stops, values, scored)],
        chains=chains, bonuses=bonuses)


def _location(graph: TrackGraph, stop: int) -> str:
    return graph.position.title.hexes[graph.stop_nodes[stop][0]].location


def solve(position, time_limit: float = DEFAULT_TIME_LIMIT, workers: int = 1,
          route_budget: int = ROUTE_BUDGET, claim=(), trains=None,
          deadline: Deadline | None = None, progress=None, strategy: str = "auto",
          keep=None, graph: TrackGraph | None = None) -> Run:
    """The best run of the operating company in ``position``.

    Each train type's routes are listed by the compiled enumerator; a type with
    more than ``route_budget`` routes is handed to CP-SAT's path model instead,
    so the answer stays exact however long the trains. ``claim`` names company
    bonuses the run must earn (by name, or a hex or node id they list): the
    result is then the best run among those that earn them, e.g. 18NY's "run a
    less valuable route to claim a connection bonus" (docs/rules/18ny.md §5.3).
    ``trains`` (train names, e.g. ``["8", "8", "6"]``) runs those trains instead of the
    company's (``trainrun.board.trainset``).

    The answer comes by ``deadline`` (default: ``time_limit`` seconds from now; make it
    before reading the position to count the reading): every phase stops there, and a
    stopped solve answers its best run found, ``status`` "feasible", with a proven
    ``bound``. ``progress``, if given, is called with (best total or None, bound or
    None, seconds since the start) as they improve.
    ``strategy`` (one of ``SOLVE_STRATEGIES``, for comparing them; "auto" is the fastest)
    chooses how the combination is searched: "bnb" the compiled branch and bound alone,
    "cpsat" CP-SAT on the enumerated routes, "path" CP-SAT routing every train itself.
    ``keep`` (a run in any form ``trainrun verify`` reads) fixes those trains' routes:
    the result is the best run of the other trains around them (``trainrun.routes.keep``).
    ``graph`` is the position's track graph (``build_graph``) when built already.
    """
    deadline = deadline or Deadline(time_limit)
    if strategy not in SOLVE_STRATEGIES:
        raise InputError("strategy", f"unknown strategy {strategy!r}; one of "
                                     f"{', '.join(SOLVE_STRATEGIES)}")
    if strategy == "path":
        route_budget, strategy = 0, "auto"
    if trains is not None:
        position = with_trains(position, trains)
    if graph is None or trains is not None:
        graph = build_graph(position)
    tables, kept = train_tables(graph), {}
    if keep is not None:
        tables, kept, kept_track = kept_tables(graph, tables, keep)
    bonuses = list(answers.company_bonuses(position))
    preferred = preferred_stops(graph, bonuses)
    fixed = answers.fixed_income(position)
    # the listing takes at most 40 % of the time left, each type listed an equal part of
    # what is left of that when its turn comes
    listing = Deadline(deadline.left() * 0.4)
    listed = [t for t in range(len(tables)) if t not in kept]
    # a run of one train earning no company bonus is its best route: list only those (the
    # greedy start takes the first best one listed, as it would from every route)
    best_only = (sum(t.count for t in tables) == 1 and not bonuses and keep is None
                 and strategy == "auto")
    sets = [kept[t] if t in kept else
            enumerate_routes(graph, table, max_routes=route_budget,
                             deadline=listing.first_of(len(listed) - listed.index(t)).at,
                             best_only=best_only)
            for t, table in enumerate(tables)]
    if keep is not None:
        sets = restrict(sets, kept, kept_track, [b.amount for b in bonuses])
    cands = [candidates(graph, rs, bonuses, preferred) for rs in sets]
    # a list cut by the deadline (not the budget) goes to the path model only with a
    # second left (building that model does not look at the clock)
    # the path model routes neither pair bonuses nor company bonuses asking more than one
    # stop or hex (docs/rules/common.md §9.5): without it a cut list proves only a bound
    routed = all(b.any_of for b in bonuses)
    path_trains = {t: path_train(graph, tables[t], bonuses, preferred)
                   for t, rs in enumerate(sets) if not rs.complete and routed
                   and not tables[t].pairs and not tables[t].ports and not tables[t].hex_once
                   and tables[t].end_distance is None
                   and (rs.routes_found >= route_budget or deadline.left() >= PATH_MODEL_LEAST)}
    report = None if progress is None else \
        (lambda best, bound: progress(best, bound, deadline.elapsed()))
    problem = Problem(cands, [b.amount for b in bonuses], fixed, claimed_bonuses(bonuses, claim),
                      network(graph) if path_trains else None, path_trains)
    try:
        choice = choose_routes(problem, Options(deadline, workers, strategy, report))
    except StrategyUnfit as exc:
        raise InputError("strategy", f"bnb does not apply to this position: {exc}") from None
    except NoRunFound:
        raise InputError("claim", f"no run earning {', '.join(claim)} found within the time "
                                  f"limit (nor proven impossible): allow more time") from None
    if choice is None:
        raise InputError("claim", f"no run earns {', '.join(claim)}")
    picks = with_kept(choice.picks, kept)
    routes = []
    for t, table in enumerate(tables):
        mine = [pick if isinstance(pick, tuple) else
                (sets[t].route_stops(pick).tolist(), sets[t].route_segs(pick).tolist())
                for tt, pick in picks if tt == t]
        if len(mine) > 1:   # identical trains: the best route goes to the first-listed train
            mine.sort(key=lambda route: -route_value(graph, table, *route))
        routes += [describe_route(graph, table, stops, segs, train, preferred)
                   for (stops, segs), train in zip(mine, table.trains)]
    order = {tr.id: n for n, tr in enumerate(position.trains)}
    routes.sort(key=lambda r: order[r.train])
    # a rule of the title's runs not modelled: the best under the others, never "optimal"
    # (docs/rules/common.md §9.5)
    unmodelled = answers.runs_not_modelled(position)
    return Run(
        title=position.title.name, company=position.company, phase=position.phase.name,
        total=choice.total, status="not proven" if unmodelled else choice.status,
        bound=choice.bound, not_modelled=unmodelled,
        seconds=round(deadline.elapsed(), 6), routes=routes,
        company_bonuses=merged_bonuses([{"name": bonuses[k].name, "amount": bonuses[k].amount}
                                        for k in choice.bonuses]),
        fixed_income=fixed,
        company_income=[{"name": name, "amount": amount}
                        for name, amount in answers.company_income(position)],
        idle_trains=[tr.id for tr in position.trains if tr.id not in {r.train for r in routes}],
        routes_enumerated={t.name: rs.routes_found if rs.complete
                           else f"over {rs.routes_found}: path model"
                           if n in path_trains else f"{rs.routes_found} before the time limit"
                           for n, (t, rs) in enumerate(zip(tables, sets))},
        routes_kept=choice.kept,
        kept_trains=[tables[t].trains[0].id for t in kept])
