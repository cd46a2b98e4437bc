"""CP-SAT path model for trains whose routes are too many to list.

Used when enumerating a train's routes would exceed the route budget (long
trains on a large network). Each such train is a circuit through a depot
node: ``depot -> first stop -> ... -> last stop -> depot``, with CP-SAT's
``add_circuit`` ruling out sub-tours; stops left out take their self-loop.

Variables, per copy c of a train type:

* ``active``            the train runs;
* ``visit[s]``          the route visits stop s;
* ``fwd[k]``, ``bwd[k]`` the route uses segment k from its end a to b, or back;
* ``start[s]``, ``end[s]`` depot arcs: s is the first / last stop;
* ``scored[s]``         s is among the stops that score (only with a pay limit; at
                        least one a station where the train's paid stops need one,
                        ``PathTrain.paid_station``); a ``scored_only`` company bonus is
                        earned through ``top[s]``: s is among the first k visited stops
                        in ``scoring_order`` (the first k - 1 and the best station when
                        the first k hold no station and need one);
* ``touch[h]``          the route's track touches hex h (hex bonuses, H distance).

Constraints mirror the enumerator's rules: at most one segment at a stop that
may only end a route (off-boards, full cities, terminal track), one stop per
exclusive group, a station on the route, the minimum stop count, the distance
limit; track resources are shared with the enumerated routes' constraints by
the caller. Knows no title.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:   # the CP-SAT stage (``cpsat``) imports OR-Tools when it runs
    from ortools.sat.python import cp_model


@dataclass
class Network:
    """The stop graph, title-free: stops, segments and what each segment uses (the
    caller's track graph by index, its arrays shared, not copied; per segment its
    resources and hexes as lists, as the path model adds them to its constraints)."""

    n_stops: int
    seg_a: np.ndarray
    seg_b: np.ndarray
    seg_resources: list      # list of resource indices per segment
    seg_sides: np.ndarray    # hex edges crossed per segment
    seg_hexes: list          # hex indices touched per segment
    seg_term_a: np.ndarray
    seg_term_b: np.ndarray
    passable: np.ndarray
    station: np.ndarray
    groups: np.ndarray       # uint64 [stops, words]: bit g set when in exclusive group g
    n_hexes: int


@dataclass
class PathTrain:
    """A train type solved by the path model instead of a route list: the same per-stop
    and per-hex tables its route enumeration would have used, its rules, and which
    company bonuses each stop and hex reaches."""

    count: int
    stop_value: np.ndarray
    stop_cost: np.ndarray
    hex_value: np.ndarray
    hex_touch: np.ndarray
    mode: str                # "stops", "edges" or "unlimited"
    limit: int
    pay_limit: int | None
    requires_token: bool
    min_stops: int
    reach_stops: np.ndarray  # bool [stops, bonuses]
    reach_hexes: np.ndarray  # bool [hexes, bonuses]
    scored_only: np.ndarray | None = None  # bool [bonuses]: earned by a stop only where it scores
    rank: np.ndarray | None = None         # int64 per stop, larger = chosen first under the pay
                                           # limit (``trainrun.hooks.rules.scoring_rank``)
    paid_station: bool = False             # under the pay limit the paid stops include a
                                           # station (``trainrun.hooks.rules.paid_stops``)
    cap: int | None = None                 # the second limit (``TrainRules.cap``) on
    cap_cost: np.ndarray | None = None     # these per-stop costs
    passable: np.ndarray | None = None     # the train's own ``Network.passable`` where it
                                           # differs (a train passing some tokens)


@dataclass
class PathVars:
    """One copy's variables, kept to read the route back; its value as an expression and
    as (variable index, coefficient) terms, merged and sorted by index, for the objective."""

    value: cp_model.LinearExpr | int
    terms: list
    visit: list
    fwd: list
    bwd: list
    start: list
    touch: dict


def add_path_train(model: cp_model.CpModel, net: Network, train: PathTrain, name: str,
                   earners: list) -> PathVars:
    """Add one copy of ``train`` to ``model``; append its bonus literals to ``earners[b]``."""
    n = net.n_stops
    active = model.new_bool_var(f"{name}.active")
    visit = [model.new_bool_var(f"{name}.visit[{s}]") for s in range(n)]
    fwd = [model.new_bool_var(f"{name}.fwd[{k}]") for k in range(len(net.seg_a))]
    bwd = [model.new_bool_var(f"{name}.bwd[{k}]") for k in range(len(net.seg_a))]
    start = [model.new_bool_var(f"{name}.start[{s}]") for s in range(n)]
    end = [model.new_bool_var(f"{name}.end[{s}]") for s in range(n)]
    arcs = [(0, 0, active.negated())]
    pairs: dict = {}
    for k, (a, b) in enumerate(zip(net.seg_a.tolist(), net.seg_b.tolist())):
        pairs.setdefault((a, b), []).append(fwd[k])
        pairs.setdefault((b, a), []).append(bwd[k])
        model.add_bool_or([fwd[k].negated(), bwd[k].negated()])
    for (u, v), lits in pairs.items():
        if len(lits) == 1:
            arcs.append((u + 1, v + 1, lits[0]))
        else:
            arc = model.new_bool_var(f"{name}.arc[{u},{v}]")
            model.add(sum(lits) == arc)
            arcs.append((u + 1, v + 1, arc))
    for s in range(n):
        arcs += [(0, s + 1, start[s]), (s + 1, 0, end[s]), (s + 1, s + 1, visit[s].negated())]
        model.add_implication(visit[s], active)
    model.add_circuit(arcs)

    incident: list[list] = [[] for _ in range(n)]
    for k, (a, b) in enumerate(zip(net.seg_a.tolist(), net.seg_b.tolist())):
        incident[a] += [fwd[k], bwd[k]]
        incident[b] += [fwd[k], bwd[k]]
    passable = net.passable if train.passable is None else train.passable
    for s in range(n):
        if not passable[s]:
            model.add(sum(incident[s]) <= 1)          # may only end a route
    for k in range(len(net.seg_a)):
        for flag, stop in ((net.seg_term_a[k], net.seg_a[k]), (net.seg_term_b[k], net.seg_b[k])):
            if flag:  # terminal track: its stop must end the route
                model.add(sum(incident[stop]) <= 1).only_enforce_if(fwd[k])
                model.add(sum(incident[stop]) <= 1).only_enforce_if(bwd[k])
    for w in range(net.groups.shape[1]):
        masks = net.groups[:, w].tolist()
        for bit in range(64):
            members = [visit[s] for s in range(n) if masks[s] >> bit & 1]
            if len(members) > 1:
                model.add_at_most_one(members)
    if train.requires_token:
        model.add(sum(visit[s] for s in range(n) if net.station[s]) >= active)
    model.add(sum(visit) >= train.min_stops * active)

    touch = {}
    need_touch = train.mode == "edges" or train.hex_value.any() or train.reach_hexes.any()
    if need_touch:
        on_hex: dict = {}
        for k, hexes in enumerate(net.seg_hexes):
            for h in hexes:
                on_hex.setdefault(h, []).append(k)
        for h, segs in on_hex.items():
            touch[h] = model.new_bool_var(f"{name}.touch[{h}]")
            used = [fwd[k] for k in segs] + [bwd[k] for k in segs]
            model.add(touch[h] <= sum(used))
            for lit in used:
                model.add_implication(lit, touch[h])
    if train.mode == "stops":
        model.add(sum(int(train.stop_cost[s]) * visit[s] for s in range(n)) <= train.limit)
        if train.cap is not None and train.cap_cost is not None:
            model.add(sum(int(train.cap_cost[s]) * visit[s] for s in range(n)) <= train.cap)
    elif train.mode == "edges":
        model.add(sum(int(net.seg_sides[k]) * (fwd[k] + bwd[k]) for k in range(len(fwd)))
                  + sum(int(train.hex_touch[h]) * t for h, t in touch.items()) <= train.limit)

    scored: list
    if train.pay_limit:
        # scored[s]: s is among the at most k stops that pay; where they must hold a
        # station, one of them is a station (engine ``compute_stops``), even one worth 0
        paid_station = train.paid_station and train.requires_token
        scored = [model.new_bool_var(f"{name}.scored[{s}]") for s in range(n)]
        for s in range(n):
            model.add_implication(scored[s], visit[s])
            if train.stop_value[s] <= 0 and not (paid_station and net.station[s]):
                model.add(scored[s] == 0)   # a stop worth nothing never scores
        model.add(sum(scored) <= train.pay_limit)
        if paid_station:
            model.add(sum(scored[s] for s in range(n) if net.station[s]) >= active)
        paid = scored
    else:
        scored = [visit[s] if train.stop_value[s] > 0 else None for s in range(n)]
        paid = visit
    value: cp_model.LinearExpr | int = sum(int(train.stop_value[s]) * paid[s] for s in range(n))
    value += sum(int(train.hex_value[h]) * t for h, t in touch.items())
    terms = _terms([(paid[s], int(train.stop_value[s])) for s in range(n)]
                   + [(t, int(train.hex_value[h])) for h, t in touch.items()])
    top = _top_stops(model, name, train, visit, net.station) if train.pay_limit else scored
    for b in range(train.reach_stops.shape[1]):
        by = top if train.scored_only is not None and train.scored_only[b] else visit
        earners[b] += [by[s] for s in np.flatnonzero(train.reach_stops[:, b])
                       if by[s] is not None]
        earners[b] += [touch[h] for h in np.flatnonzero(train.reach_hexes[:, b]) if h in touch]
    return PathVars(value, terms, visit, fwd, bwd, start, touch)


def _terms(weighted: list) -> list:
    """(variable index, coefficient) of a sum of (literal, coefficient) pairs over positive
    literals: each variable once, sorted by index, zero coefficients left out."""
    merged: dict[int, int] = {}
    for literal, coefficient in weighted:
        merged[literal.index] = merged.get(literal.index, 0) + coefficient
    return sorted((v, c) for v, c in merged.items() if c)


def _top_stops(model: cp_model.CpModel, name: str, train: PathTrain, visit: list,
               station: np.ndarray) -> list:
    """Per stop listed by a ``scored_only`` bonus: a literal true only if the stop is among
    the ``pay_limit`` stops chosen in ``trainrun.hooks.rules.scoring_order`` (fewer than k
    visited stops come before it in ``train.rank``); None elsewhere. Where the paid stops
    must hold a station (``train.paid_station``, ``trainrun.hooks.rules.paid_stops``: the
    first k - 1 and the best station when the first k hold none), a stop that is not a
    station needs fewer than k - 1 ahead or a station ahead, and a station fewer than k
    ahead or no station ahead."""
    n = len(visit)
    if train.scored_only is None or not train.scored_only.any():
        return [None] * n
    listed = train.reach_stops[:, train.scored_only].any(axis=1)
    key, limit = train.rank, train.pay_limit
    assert key is not None and limit, "a scored_only bonus is ranked under a pay limit"
    paid_station = train.paid_station and train.requires_token
    top: list = [None] * n
    for s in np.flatnonzero(listed & (train.stop_value > 0)):
        top[s] = model.new_bool_var(f"{name}.top[{s}]")
        model.add_implication(top[s], visit[s])
        ahead_stops = np.flatnonzero(key > key[s])
        ahead = [visit[t] for t in ahead_stops]
        if not paid_station:
            if len(ahead) >= limit:
                model.add(sum(ahead) <= limit - 1).only_enforce_if(top[s])
            continue
        stations_ahead = [visit[t] for t in ahead_stops if station[t]]
        room = limit - 1 if station[s] else limit - 2   # ahead allowed whatever the stations
        if len(ahead) <= room or (station[s] and not stations_ahead):
            continue
        few = model.new_bool_var(f"{name}.few[{s}]")    # few enough stops ahead
        model.add(sum(ahead) <= room).only_enforce_if(few)
        if station[s]:
            # s pays if it is in the first k, or it is the best station visited
            alone = model.new_bool_var(f"{name}.alone[{s}]")   # no station ahead visited
            model.add(sum(stations_ahead) == 0).only_enforce_if(alone)
            model.add_bool_or([few, alone]).only_enforce_if(top[s])
        else:
            # s pays if it is in the first k - 1, or in the first k with a station ahead
            model.add_bool_or([few] + stations_ahead).only_enforce_if(top[s])
            if len(ahead) >= limit:
                model.add(sum(ahead) <= limit - 1).only_enforce_if(top[s])
    return top


def read_path(value, net: Network, pv: PathVars) -> tuple[list[int], list[int]] | None:
    """The route a solved copy runs, as (stops, segments), or None if it stays home;
    ``value(var)`` is a variable's value in the run found."""
    firsts = [s for s in range(net.n_stops) if value(pv.start[s])]
    if not firsts:
        return None
    stops: list[int] = [firsts[0]]
    segs: list[int] = []
    while True:
        u = stops[-1]
        step = [(k, int(net.seg_b[k])) for k in range(len(pv.fwd))
                if net.seg_a[k] == u and value(pv.fwd[k])]
        step += [(k, int(net.seg_a[k])) for k in range(len(pv.bwd))
                 if net.seg_b[k] == u and value(pv.bwd[k])]
        if not step:
            return stops, segs
        segs.append(step[0][0])
        stops.append(step[0][1])
