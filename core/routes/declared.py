"""A declared run checked: each route read (trainrun's routes, an 18xx.games ``run_routes``
action or a corpus line's declared run), laid on the board and checked by the independent
checker (``trainrun.routes.legality``): is it legal, and if not every rule it breaks, with
the place; what each stop and bonus earns. ``trainrun.routes.verify`` adds the best run to
compare it with; ``trainrun.routes.keep`` reads kept routes with it.
"""
from __future__ import annotations

import itertools
from dataclasses import asdict, dataclass, field

from trainrun.board.position import Position
from trainrun.errors import InputError
from trainrun.hooks import answers
from trainrun.jsontext import load_json
from trainrun.routes import families
from trainrun.routes.legality import RouteCheck, check_route, check_run
from trainrun.routes.result import Run, StopScore
from trainrun.routes.runformat import route_readings

__all__ = ["RouteVerdict", "Verification", "check_declared", "read_declared_routes"]

MAX_RUN_COMBINATIONS = 256   # joint readings of ambiguous routes tried for a legal run
EXTRA_ROUTES = 8   # routes read beyond one per train (each then reported); more are refused

EXIT_OPTIMAL, EXIT_BELOW_BEST, EXIT_ILLEGAL = 0, 1, 2


@dataclass
class RouteVerdict:
    """One declared route: legal or not and why, and what it earns stop by stop."""

    number: int
    train: str
    train_name: str
    legal: bool
    revenue: int
    violations: list
    stops: list                     # {node, location, kind, value, scored}, bonuses in value
    bonuses: list                   # {name, where, value}: route bonuses earned
    visited: list
    chains: list
    claimed_revenue: int | None = None
    notes: list = field(default_factory=list)


@dataclass
class Verification:
    """The verdict on a declared run and its comparison with the best run."""

    title: str
    company: str
    phase: str
    legal: bool
    routes: list
    violations: list                # every route's, prefixed "route N:", and cross-route ones
    company_bonuses: list           # each with the route that first earns it (in its revenue)
    fixed_income: int
    declared_total: int             # what the declared routes earn as checked, illegal ones too
    best_total: int | None          # None when the best run was not asked for
    best_status: str | None         # "optimal", "feasible" (solver stopped at its time limit)
    #                                 or "not proven" (a run rule of the title not modelled)
    best_bound: int | None          # proven upper bound on the best total
    best: Run | None = None         # the best run, when it earns more than the declared one
    # each bonus of the title's families the run does not earn: {name, why}
    bonuses_not_earned: list = field(default_factory=list)

    @property
    def optimal(self) -> bool:
        """Legal and proven to earn as much as any run."""
        return (self.legal and self.best_bound is not None and self.best_status != "not proven"
                and self.declared_total >= self.best_bound)

    @property
    def gap(self) -> int | None:
        """How much more the best run found earns."""
        return None if self.best_total is None else max(self.best_total - self.declared_total, 0)

    @property
    def exit_code(self) -> int:
        """0 legal and optimal, 1 legal but below the best, 2 illegal."""
        if not self.legal:
            return EXIT_ILLEGAL
        return EXIT_OPTIMAL if self.optimal else EXIT_BELOW_BEST

    def to_json(self) -> dict:
        """Plain JSON-able dict: ``legal``, ``routes`` (train, legal, revenue, violations, ...),
        ``declared_total``, ``best_total``, ``gap``, ``optimal`` and ``best`` (or null)."""
        out = {k: v for k, v in asdict(self).items() if k != "best"}
        out["routes"] = [asdict(r) for r in self.routes]
        out["gap"] = self.gap
        out["optimal"] = self.optimal
        out["best"] = self.best.to_dict() if self.best is not None else None
        return out


# --------------------------------------------------------------------------- input

def _load(run_input, where: str):
    if isinstance(run_input, (bytes, str)):
        return load_json(run_input, where)
    return run_input


def _route_list(position: Position, data) -> tuple[list, bool]:
    """The declared routes from any accepted form of run input, and whether they are a
    corpus line's (recorded by the engine)."""
    if isinstance(data, list):
        return data, False
    if not isinstance(data, dict):
        raise InputError("run", "expected a JSON object or a list of routes")
    if "title" in data and "declared" not in data and "routes" not in data:
        # a position; a solve answer (``solve --json``) has its routes
        raise InputError("run", "a position without a declared run: give the run to verify")
    recorded = "declared" in data and "routes" not in data
    if recorded:
        data = data["declared"]
        if not isinstance(data, dict):
            raise InputError("declared", "expected an object with routes")
    if data.get("type", "run_routes") != "run_routes":
        raise InputError("run.type", f"expected a run_routes action, got {data['type']!r}")
    entity = data.get("entity")
    if entity is not None and entity != position.company:
        raise InputError("run.entity", f"the run is declared for {entity!r} but the position's "
                                       f"operating company is {position.company!r}")
    routes = data.get("routes")
    if not isinstance(routes, list):
        raise InputError("run.routes", "missing or not a list")
    return routes, recorded


def _own_route(route: dict, where: str, recorded: bool) -> tuple[list, list]:
    """``visited`` and ``chains`` of a route in trainrun's form. In a ``recorded`` corpus
    route whose ``visited`` lists only some of the chains' nodes in order (the engine
    records a DE train's scored stops only), the route visits every node its chains join."""
    visited, chains = route["visited"], route["chains"]
    if not isinstance(visited, list) or not all(isinstance(v, str) for v in visited):
        raise InputError(f"{where}.visited", f"expected a list of node ids, got {visited!r}")
    if not isinstance(chains, list) or not all(isinstance(c, dict) for c in chains):
        raise InputError(f"{where}.chains", "expected a list of {left, right, paths} objects")
    if recorded and chains and all(isinstance(c.get("left"), str) and
                                   isinstance(c.get("right"), str) for c in chains):
        joined = [chains[0]["left"]] + [c["right"] for c in chains]
        rest = iter(joined)
        if len(visited) < len(joined) and all(v in rest for v in visited):
            visited = joined
    return visited, chains


def read_declared_routes(position: Position, run_input) -> list:
    """Each declared route as (train id, claimed revenue or None, readings, problems).

    A route in trainrun's own form has one reading; an 18xx.games route has one
    per way its connections fit the board (none, with ``problems``, when none fit).
    """
    out = []
    routes, recorded = _route_list(position, _load(run_input, "run"))
    if len(routes) > len(position.trains) + EXTRA_ROUTES:
        raise InputError("routes", f"{len(routes)} routes for {len(position.trains)} trains: "
                                   f"a run has one route per train")
    for n, route in enumerate(routes, start=1):
        where = f"routes[{n - 1}]"
        if not isinstance(route, dict):
            raise InputError(where, "expected an object")
        train = route.get("train")
        if not isinstance(train, str):
            raise InputError(f"{where}.train", f"expected a train id, got {train!r}")
        claimed = route.get("revenue")
        claimed = claimed if isinstance(claimed, int) and not isinstance(claimed, bool) else None
        problems: list[str]
        if "visited" in route and "chains" in route:
            readings, problems = [_own_route(route, where, recorded)], []
        elif "connections" in route:
            found, problems = route_readings(position, route["connections"], n)
            readings = [(r.visited, r.chains) for r in found]
        else:
            raise InputError(where, "needs visited and chains (trainrun) or connections "
                                    "(18xx.games run_routes)")
        out.append((train, claimed, readings, problems))
    return out


# --------------------------------------------------------------------------- choosing readings

def _rank(check: RouteCheck) -> tuple:
    return (len(check.violations), -check.revenue)


def _choose(position: Position, declared: list) -> tuple[list, list]:
    """One reading per route (legal ones first, then a jointly legal run), and notes."""
    trains = {t.id: t for t in position.trains}
    per_route: list[list[tuple]] = []   # per route: (reading, its RouteCheck or None)
    notes: list[str | None] = []
    for train, _, readings, _ in declared:
        if len(readings) == 1:   # nothing to choose: check_run checks it
            per_route.append([(readings[0], None)])
            notes.append(None)
            continue
        checked = []
        for visited, chains in readings:
            rc = (check_route(position, trains[train], visited, chains) if train in trains
                  else None)
            checked.append(((visited, chains), rc))
        checked.sort(key=lambda item: _rank(item[1]) if item[1] else (0, 0))
        per_route.append(checked)
        legal = [item for item in checked if item[1] is not None and item[1].legal]
        notes.append(f"its connections fit the board in {len(checked)} ways, {len(legal)} of "
                     f"them legal; checked" if len(checked) > 1 else None)
    choice = [c[0][0] if c else ([], []) for c in per_route]
    options = [[item[0] for item in c if item[1] is not None and item[1].legal] or
               [c[0][0] if c else ([], [])] for c in per_route]
    count = 1
    for o in options:
        count *= len(o)
    if 1 < count <= MAX_RUN_COMBINATIONS:
        for combo in itertools.product(*options):
            run = check_run(position, [(t, v, c) for (t, *_), (v, c) in zip(declared, combo)])
            if not run.conflicts:
                choice = list(combo)
                break
    notes = [f"{note} {' - '.join(visited)}" if note else None
             for note, (visited, _) in zip(notes, choice)]
    return choice, notes


# --------------------------------------------------------------------------- paid stops

def _claimed_stops(route) -> list | None:
    """The stops a declared route says pay, if it says: a corpus route's ``stops`` (node ids,
    as the engine's ``compute_stops`` chose them) or a solve answer's (``{node, scored}``)."""
    stops = route.get("stops") if isinstance(route, dict) else None
    if not isinstance(stops, list):
        return None
    if all(isinstance(s, str) for s in stops):
        return list(stops)
    if all(isinstance(s, dict) and isinstance(s.get("node"), str) for s in stops):
        return [s["node"] for s in stops if s.get("scored", True)]
    return None


def _paid_stop_checks(position: Position, train_id: str, claimed: list | None,
                      rc: RouteCheck) -> tuple[list, list]:
    """(violations, notes) of the paid-stop rule (docs/rules/common.md §5.3) on one route of
    a train with a pay limit k: a declared route may not claim more than k paying stops,
    nor, where the paid stops must include a station, k of them none a station; a note
    says when the rule makes the route pay less than its k best stops."""
    train = next((t for t in position.trains if t.id == train_id), None)
    if train is None or rc.train is None:
        return [], []
    rules = answers.train_rules(position, train)
    k = rules.pay_limit
    if not k:
        return [], []
    label = f"{train.name}-train"
    company = position.company
    stations = answers.stations(position)
    bad: list[str] = []
    paid = [v for v, p in zip(rc.visited, rc.paid) if p]
    if claimed is not None:
        if len(claimed) > k:
            bad.append(f"it claims {len(claimed)} paying stops ({', '.join(claimed)}); a "
                       f"{label} pays at most {k}")
        elif (rules.paid_station and len(claimed) == k
              and not any(s in stations for s in claimed)):
            bad.append(f"it claims that {', '.join(claimed)} pay, none of which holds a "
                       f"station of {company}: the {k} stops a {label} pays must include one "
                       f"(engine compute_stops; it pays {', '.join(paid)})")
    notes = []
    if rules.paid_station and len(rc.visited) > k:
        best = sum(sorted((max(v, 0) for v in rc.stop_values), reverse=True)[:k])
        pays = sum(v for v, sc in zip(rc.stop_values, rc.scored) if sc)
        station = next((v for v in paid if v in stations), None)
        if best > pays and station is not None:
            value = rc.stop_values[rc.visited.index(station)]
            notes.append(f"its {k} most valuable stops hold no station of {company}, and the "
                         f"stops a {label} pays must include one: it pays {station} (${value}) "
                         f"and its {k - 1} best other stops")
    return bad, notes


# --------------------------------------------------------------------------- checking

def check_declared(position: Position, run_input) -> Verification:
    """The declared run ``run_input`` (any accepted form, dict or JSON text) in ``position``,
    checked route by route and as a run; ``best_total`` and ``best`` are left empty."""
    declared = read_declared_routes(position, run_input)
    claimed_stops = [_claimed_stops(r) for r in _route_list(position, _load(run_input, "run"))[0]]
    choice, notes = _choose(position, declared)
    run = check_run(position, [(train, v, c) for (train, *_), (v, c) in zip(declared, choice)])
    names = {t.id: t.name for t in position.trains}
    routes, violations = [], []
    for n, ((train, claimed, readings, problems), rc, note) in enumerate(
            zip(declared, run.routes, notes), start=1):
        own = problems if not readings else rc.violations
        paid_bad, paid_notes = (_paid_stop_checks(position, train, claimed_stops[n - 1], rc)
                                if readings else ([], []))
        own = own + paid_bad
        bad = own + run.conflicts.get(n, [])
        violations += [f"route {n}: {v}" for v in own] + run.conflicts.get(n, [])
        # a company bonus is shown on the route that first earns it, as the engine credits it
        claims = [{"name": b["name"], "where": "first earned by this route", "value": b["amount"],
                   "company": True} for b in run.company_bonuses if b["route"] == n]
        revenue = rc.revenue + sum(b["value"] for b in claims) if readings else 0
        route_notes = ([note] if note else []) + paid_notes
        if claimed is not None and claimed != revenue:
            route_notes.append(f"declared as ${claimed}, but it earns ${revenue}")
        routes.append(RouteVerdict(
            number=n, train=train, train_name=names.get(train, ""), legal=not bad,
            revenue=revenue, violations=bad,
            stops=[asdict(StopScore(v, value, sc, position.location(v), position.node_kind(v)))
                   for v, value, sc in zip(rc.visited, rc.stop_values, rc.scored)],
            bonuses=list(rc.bonuses) + claims, visited=list(rc.visited),
            chains=[dict(c) for c in choice[n - 1][1]] if readings else [],
            claimed_revenue=claimed, notes=route_notes))
    total = sum(r.revenue for r in routes) + run.fixed_income
    earned = {b["name"] for r in routes for b in r.bonuses}
    return Verification(
        title=position.title.name, company=position.company, phase=position.phase.name,
        legal=not violations, routes=routes, violations=violations,
        company_bonuses=run.company_bonuses, fixed_income=run.fixed_income,
        declared_total=total, best_total=None, best_status=None, best_bound=None,
        bonuses_not_earned=families.not_earned(position, earned))
