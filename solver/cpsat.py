"""The CP-SAT stage: at most one route per train, no shared track, most revenue.

In the order of the OR-Tools CP-SAT samples:

1. data         the routes pruning kept per type, the path-modelled types, the bonuses;
2. variables    ``run[t, r]``: train type t runs route r (a boolean per kept route); a
                path model's variables per copy of a path-modelled train (``paths``);
                ``bonus[k]``: company bonus k is earned;
3. constraints  ``trains[t]``: at most ``count[t]`` routes of type t; ``track[j]``: at most
                one chosen route or path uses track resource j; ``bonus[k]`` only if some
                chosen route reaching it is (and ``bonus[k] == 1`` for a required one);
4. objective    the sum of route and path values + earned bonuses + fixed income, with the
                best run known as a hint;
5. solve        with the time left (``Options.deadline``) and ``Options.workers``, in a
                child process (``child``) killed at the deadline, each run found sent
                back as it comes;
6. status       OPTIMAL or FEASIBLE: the run read back with CP-SAT's bound; INFEASIBLE: no
                run earns the required bonuses; killed: the last run sent with the bound
                proven then; otherwise stopped without a run.

OR-Tools is imported here only, when the stage runs (a run the branch and bound proves,
and ``import trainrun.solver``, never load it). The model is written with the public
``CpModel`` API; the track constraints, the objective and the hint go straight into its
``CpModel.proto`` fields in one piece, as ``add_at_most_one``, ``maximize`` and
``add_hint`` would write them one Python step per term (on 67,000 routes the model takes
0.6 s so, 1.4 s through those calls).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING

import numpy as np

from . import child
from .budget import cp_sat_stops
from .deadline import Deadline
from .paths import Network, PathVars, add_path_train, read_path
from .problem import Options, Problem, Run

if TYPE_CHECKING:
    from ortools.sat.python import cp_model


class _Expired(Exception):
    """The deadline came while the model was being built."""


@dataclass
class Built:
    """A built model and the variables its answer is read from."""

    model: cp_model.CpModel
    problem: Problem
    run: dict          # (type, route index) -> its run variable, in the order of ``kept``
    copies: list       # (type, PathVars) per copy of a path-modelled train
    bonus: list        # bonus[k] variables


@dataclass
class Answer:
    """What CP-SAT answered: ``status`` "optimal", "feasible", "infeasible" or "stopped";
    for a run found its total and CP-SAT's bound (fixed income included) and the values of
    the variables not 0 (by variable index)."""

    status: str
    total: int = 0
    bound: int = 0
    values: dict = field(default_factory=dict)
    built: Built | None = None

    def value(self, var) -> int:
        """The value of the variable ``var`` in the run found."""
        return self.values.get(var.index, 0)

    def run(self) -> tuple[list, list[int]]:
        """The run found: its picks ((type, route index) or, for a path copy, (type,
        (stops, segments))) and the indices of the bonuses it earns."""
        value, built = self.value, self.built
        assert built is not None, "only a run found is read"
        picks = [key for key, v in built.run.items() if value(v)]
        for t, pv in built.copies:
            path = read_path(value, _network(built.problem), pv)
            if path is not None:
                picks.append((t, path))
        return picks, [k for k, b in enumerate(built.bonus) if value(b)]


def build(problem: Problem, kept: list[np.ndarray], hint: Run,
          deadline: Deadline) -> Built | None:
    """The CP-SAT model over the ``kept`` routes (per type, sorted indices) and the
    path-modelled types, hinted with the run ``hint``; None when the deadline came first."""
    from ortools.sat.python import cp_model  # lazy: start-up time
    model = cp_model.CpModel()
    try:
        run = _run_variables(model, kept, deadline)
        index = np.fromiter((v.index for v in run.values()), dtype=np.int64, count=len(run))
        _trains(model, problem, kept, run)
        earners: list[list] = [[] for _ in problem.amounts]
        copies = _path_copies(model, problem, earners, deadline)
        _track(model, problem, kept, index, copies, deadline)
        bonus = _bonuses(model, problem, kept, run, earners)
    except _Expired:
        return None
    _objective(model, problem, run, index, copies, bonus)
    _hint(model, run, index, hint)
    if deadline.expired():
        return None
    return Built(model, problem, run, copies, bonus)


def solve(built: Built, options: Options) -> Answer:
    """Run CP-SAT on ``built`` in a child process (``child``), told to stop a little
    before the deadline and killed at it (``budget.cp_sat_stops``), each run it finds
    passed to ``options.progress`` as it comes; killed, the answer is the last run it
    found with the bound it had proven then."""
    tell, kill = cp_sat_stops(options.deadline)
    found: list[tuple] = []

    def on_solution(solution: tuple) -> None:
        found.append(solution)
        if options.progress:
            options.progress(solution[0], solution[1])

    final = child.run(partial(_search, built.model, options.workers, tell), kill, on_solution)
    if final is None:
        if not found:
            return Answer("stopped")
        final = ("feasible", *found[-1])
    status, total, bound, values = final
    if status in ("infeasible", "stopped"):
        return Answer(status)
    return Answer(status, total, total if status == "optimal" else bound, values, built)


def _search(model, workers: int, stop: float, send) -> tuple:
    """In the child: CP-SAT on ``model`` until ``stop`` (``time.monotonic()``), each run
    found sent as (total, bound, values); the answer (status, total, bound, values)."""
    from ortools.sat.python import cp_model  # lazy: start-up time
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = max(stop - time.monotonic(), 0.001)
    solver.parameters.num_workers = workers
    solver.parameters.catch_sigint_signal = False   # Ctrl-C is the parent's (``child``)
    status = solver.solve(model, _streamer(send))
    if status == cp_model.INFEASIBLE:
        return "infeasible", 0, 0, {}
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return "stopped", 0, 0, {}
    return ("optimal" if status == cp_model.OPTIMAL else "feasible",
            int(round(solver.objective_value)), int(solver.best_objective_bound),
            _nonzero(solver.response_proto.solution))


def _nonzero(solution) -> dict[int, int]:
    """The values of a CP-SAT solution that are not 0, by variable index."""
    return {i: int(v) for i, v in enumerate(solution) if v}


def _run_variables(model, kept: list[np.ndarray], deadline: Deadline) -> dict:
    """``run[t, i]``, a boolean per kept route i of type t."""
    run = {}
    for t, idx in enumerate(kept):
        for n, i in enumerate(idx):
            if n % 1024 == 1023 and deadline.expired():
                raise _Expired
            run[t, int(i)] = model.new_bool_var(f"run[{t},{i}]")
    return run


def _trains(model, problem: Problem, kept: list[np.ndarray], run: dict) -> None:
    """``trains[t]``: at most ``count`` routes of type t (where more are kept)."""
    from ortools.sat.python import cp_model  # lazy: start-up time
    for t, c in enumerate(problem.candidates):
        chosen = [run[t, int(i)] for i in kept[t]]
        if len(chosen) > c.count:
            model.add(cp_model.LinearExpr.sum(chosen) <= c.count).with_name(f"trains[{t}]")


def _path_copies(model, problem: Problem, earners: list[list], deadline: Deadline) -> list:
    """Each copy of each path-modelled type (``paths.add_path_train``), its bonus literals
    added to ``earners``; identical copies ordered by value (no symmetric twins). A copy
    takes a few hundredths of a second on a large network (1817: 25 ms): none is begun
    when the copies left, at the pace of those built, would not be done by the deadline."""
    copies: list[tuple[int, PathVars]] = []
    total = sum(train.count for train in problem.path_trains.values())
    started = time.monotonic()
    for t, train in problem.path_trains.items():
        previous = None
        for c in range(train.count):
            pace = (time.monotonic() - started) / max(len(copies), 1)
            if deadline.left() <= pace * (total - len(copies)):
                raise _Expired
            pv = add_path_train(model, _network(problem), train, f"path[{t},{c}]", earners)
            if previous is not None:
                model.add(previous.value >= pv.value)
            copies.append((t, pv))
            previous = pv
    return copies


def _track(model, problem: Problem, kept: list[np.ndarray], index: np.ndarray,
           copies: list, deadline: Deadline) -> None:
    """``track[j]``: at most one of the routes (run variables ``index``) and path segments
    using resource j, each written into the proto in one piece (``add_at_most_one`` takes
    a step per literal)."""
    if deadline.expired():
        raise _Expired
    cands = problem.candidates
    track: dict[int, list[int]] = {}   # track resource -> the indices of what uses it
    if len(index):
        words = max(c.bits.shape[1] for c in cands)
        bits = np.concatenate([np.pad(c.bits[k], ((0, 0), (0, words - c.bits.shape[1])))
                               for c, k in zip(cands, kept)])   # the order of ``index``
        users = np.unpackbits(bits.view(np.uint8), axis=1, bitorder="little").astype(bool)
        for n, j in enumerate(np.flatnonzero(users.any(axis=0))):
            if n % 64 == 63 and deadline.expired():
                raise _Expired
            track[int(j)] = index[users[:, j]].tolist()
    for _, pv in copies:
        if deadline.expired():
            raise _Expired
        for k, resources in enumerate(_network(problem).seg_resources):
            for resource in resources:
                track.setdefault(resource, []).extend((pv.fwd[k].index, pv.bwd[k].index))
    constraints = model.proto.constraints
    for resource, literals in track.items():
        if len(literals) > 1:
            constraint = constraints.add()
            constraint.name = f"track[{resource}]"
            constraint.at_most_one.literals.extend(literals)
    if deadline.expired():
        raise _Expired


def _bonuses(model, problem: Problem, kept: list[np.ndarray], run: dict,
             earners: list[list]) -> list:
    """``bonus[k]``, earned only if a chosen route or path copy reaching it is; fixed to 1
    for a required bonus."""
    keys = list(run)
    reach = (np.concatenate([c.reach[k] for c, k in zip(problem.candidates, kept)])
             if keys and len(problem.amounts) else None)
    bonus = []
    for k in range(len(problem.amounts)):
        lits = [run[keys[r]] for r in np.flatnonzero(reach[:, k])] if reach is not None else []
        lits += earners[k]
        b = model.new_bool_var(f"bonus[{k}]")
        if lits:
            model.add_bool_or(lits).only_enforce_if(b)
        else:
            model.add(b == 0)
        bonus.append(b)
    for k in problem.required:
        model.add(bonus[k] == 1)
    return bonus


def _objective(model, problem: Problem, run: dict, index: np.ndarray, copies: list,
               bonus: list) -> None:
    """Maximize route values + path copies' values + earned bonuses + fixed income, written
    into the proto in one piece as ``CpModel.maximize`` writes it (negated, scaling factor
    -1); a variable may come twice, its coefficients are then added."""
    cands = problem.candidates
    merged: dict[int, int] = dict(zip(index.tolist(),
                                      (int(cands[t].values[i]) for t, i in run)))
    terms = [(b.index, int(a)) for b, a in zip(bonus, problem.amounts)]
    terms += [term for _, pv in copies for term in pv.terms]
    for v, c in terms:
        merged[v] = merged.get(v, 0) + c
    model.clear_objective()
    objective = model.proto.objective
    objective.vars.extend(list(merged))
    objective.coeffs.extend([-c for c in merged.values()])
    objective.offset = -problem.fixed
    objective.scaling_factor = -1.0


def _hint(model, run: dict, index: np.ndarray, hint: Run) -> None:
    """Every route's run variable (``index``) hinted: 1 in the run ``hint``, 0 otherwise."""
    picked = set(hint.picks)
    hints = model.proto.solution_hint
    hints.vars.extend(index.tolist())
    hints.values.extend([int(key in picked) for key in run])


def _network(problem: Problem) -> Network:
    """The network the path-modelled types run on (given with them)."""
    assert problem.net is not None, "path-modelled trains come with their network"
    return problem.net


def _streamer(send):
    """A CP-SAT solution callback sending each run found, (total, proven bound, values),
    to ``send``."""
    from ortools.sat.python import cp_model  # lazy: start-up time

    class Streamer(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self) -> None:
            send((int(round(self.objective_value)), int(self.best_objective_bound),
                  _nonzero(self.response_proto.solution)))

    return Streamer()
