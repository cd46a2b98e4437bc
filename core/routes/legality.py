"""An independent legality checker and scorer for routes and runs.

It works directly on the board (laid tiles at their rotations, tokens, the
map's neighbours and borders), never on the track graph of ``trainrun.routes.graph``
or on the enumerator, so it can check what they produce. Everything
title-specific comes from the title's hooks, exactly as the graph builder and
the train tables ask them: stations, city blocking, extra exclusive stop
groups, train rules, stop values and route bonuses.

A route is given as the 18xx.games engine records it: ``visited``, the node
ids (``HEX-i``) in order, and ``chains``, one per consecutive pair of nodes,
each ``{left, right, paths: [{hex, a, b}, ...]}`` with ``a``/``b`` a board
edge ``eN`` (rotation applied) or a tile node ``nI``, followed by ``.i`` where
that end is lane i of parallel lanes (``e2.1``, ``trainrun.board.tiles.lane_end``; an
end written without its lane is read as the first such lane the route has not
used). The order of the paths in a chain and of the two ends of a path are not
significant.

Checked (docs/rules/common.md §2, §3, §4): every path lies on the tile at that hex; each chain
is one walk from its left node to its right node that crosses hex sides into
the neighbouring hex (never across an impassable border or off the map),
crosses only into the same lane of track of a gauge that meets its own
(``trainrun.board.tiles.gauges_meet``), touches no other stop and uses no hex side or
junction twice; at least
``min_stops`` nodes; no node twice; a company station when the train needs
one; at most one node of each exclusive group; off-boards, blocking cities and
terminal paths only at the ends; the train's distance; and no track resource
(hex side, node-to-node path) used twice in the route, or, for a run, by two
routes.
"""
from __future__ import annotations

import itertools
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from trainrun.board.hexgrid import opposite
from trainrun.board.position import Position, Train, split_node_id
from trainrun.board.position import node_id as _node_id
from trainrun.board.position import parse_node_id as _parse_node_id
from trainrun.board.tiles import Node, gauges_meet, split_lane_end
from trainrun.board.townspots import spot_claims
from trainrun.hooks import answers
from trainrun.hooks.rules import (
    EndDistance,
    HexOnce,
    PairBonus,
    PortRule,
    best_paid,
    end_distance_bonus,
    first_on_hex,
    paid_stops,
    scoring_order,
)

__all__ = ["RouteCheck", "RunCheck", "check_route", "check_run"]


@dataclass
class RouteCheck:
    """What one route breaks and what it earns."""

    train: str | None
    visited: list
    violations: list = field(default_factory=list)
    revenue: int = 0
    stop_values: list = field(default_factory=list)   # per visited node, stop bonuses included
    scored: list = field(default_factory=list)        # per visited node: does it score
    paid: list = field(default_factory=list)          # per visited node: among the stops a
                                                      # pay limit pays (zero-valued included)
    distance: int = 0                                 # in the train's measure
    hexes: set = field(default_factory=set)           # hexes the route's track touches
    resources: dict = field(default_factory=dict)     # track resource key -> description
    bonuses: list = field(default_factory=list)       # route bonuses earned (name, where, amount)
    steps: list = field(default_factory=list, repr=False)  # the tile paths walked

    @property
    def legal(self) -> bool:
        return not self.violations


@dataclass
class RunCheck:
    """What a whole run breaks and what it earns."""

    routes: list
    violations: list = field(default_factory=list)    # every route's, prefixed, plus cross-route
    conflicts: dict = field(default_factory=dict)     # route number -> its cross-route violations
    revenue: int = 0                                  # sum of the route revenues
    company_bonuses: list = field(default_factory=list)
    fixed_income: int = 0
    total: int = 0

    @property
    def legal(self) -> bool:
        return not self.violations


# --------------------------------------------------------------------------- board access

def _board_node(position: Position, node_id) -> Node | None:
    parsed = _parse_node_id(node_id)
    if parsed is None or parsed[0] not in position.board:
        return None
    try:
        return position.board[parsed[0]].tile.node(parsed[1])
    except KeyError:
        return None


def _side_name(key) -> str:
    """A side vertex ("s", (hex, edge, lane), (hex, edge, lane), lanes) as a player reads it."""
    (h1, _, lane), (h2, _, _), width = key[1], key[2], key[3]
    where = f"the hex side between {h1} and {h2}"
    return f"lane {lane} (from {h1}) of {where}" if width > 1 else where


def _place(position: Position, node_id: str) -> str:
    """A visited node as a player names it: ``H6 (Baltimore, H6-0)``."""
    hex_id = split_node_id(node_id)[0]
    location = position.location(node_id)
    return f"{hex_id} ({location}, {node_id})" if location else f"{hex_id} ({node_id})"


def _train_label(train: Train) -> str:
    return f"{train.name}-train" if not train.name.endswith("train") else train.name


def _block_reason(position: Position, hex_id: str, node: Node) -> str:
    tokens = position.board[hex_id].tokens.get(node.index)
    if tokens is not None and None not in tokens.slots and position.company not in tokens.holders():
        return "whose slots are all held by other companies"
    return f"a city that blocks {position.company}"


# --------------------------------------------------------------------------- one chain

@dataclass
class _Step:
    """A chain path located on its tile."""

    hex: str
    index: int            # index of the path in the tile's path list
    ends: tuple           # (vertex, vertex): ('n', hex, i) or a side ``_side_name`` names
    raw: tuple            # (a, b) as written
    terminal: bool
    inner: bool           # node-to-node track inside the tile
    track: str            # gauge


def _vertex(position: Position, hex_id: str, end: str, lane: tuple, problems: list):
    """The vertex the end ``end`` (lane ``lane``) of a path in ``hex_id`` reaches, or None
    (with a problem noted)."""
    k = int(end[1:])
    if end[0] == "n":
        return ("n", hex_id, k)
    neighbours = position.title.hexes[hex_id].neighbors
    other = neighbours.get(k)
    if other is None or other not in position.board:
        problems.append(f"runs off the map at edge {k} of {hex_id}")
        return None
    if k in position.closed_edges(hex_id) or opposite(k) in position.closed_edges(other):
        problems.append(f"crosses the impassable border between {hex_id} and {other}")
    width, index = lane
    ends = sorted([(hex_id, k, index), (other, opposite(k), width - 1 - index)])
    return ("s", ends[0], ends[1], width)


def _end_fits(tile_end: str, lane: tuple, written: tuple) -> bool:
    """Is a tile path's end (and its lane) the end a chain wrote (``split_lane_end``)?"""
    base, index = written
    return tile_end == base and (index is None or index == lane[1])


def _locate(position: Position, path: dict, taken: set, problems: list, pick: int = 0,
            choices: list | None = None) -> _Step | None:
    """Find a chain path on the tile laid at its hex: of the tile's paths it may be (a
    chain that names no lane fits each parallel lane), the ``pick``-th free one; the
    number of them goes on ``choices``."""
    if not isinstance(path, dict) or not {"hex", "a", "b"} <= set(path):
        problems.append(f"has a malformed path {path!r}")
        return None
    hex_id, a, b = path["hex"], path["a"], path["b"]
    if hex_id not in position.board:
        problems.append(f"uses hex {hex_id!r}, which is not on the map")
        return None
    written = []
    for end in (a, b):
        base, index = split_lane_end(end) if isinstance(end, str) else (end, None)
        if not (isinstance(base, str) and len(base) >= 2 and base[0] in "en"
                and base[1:].isdigit()):
            problems.append(f"has a path end {end!r} in {hex_id} that is neither an edge nor "
                            f"a node")
            return None
        written.append((base, index))
    placed = position.board[hex_id]
    tile_paths = placed.tile.paths_at(placed.rotation)
    matches = []    # (path index, lane at a, lane at b)
    for k, p in enumerate(tile_paths):
        if _end_fits(p.a, p.a_lane, written[0]) and _end_fits(p.b, p.b_lane, written[1]):
            matches.append((k, p.a_lane, p.b_lane))
        elif _end_fits(p.b, p.b_lane, written[0]) and _end_fits(p.a, p.a_lane, written[1]):
            matches.append((k, p.b_lane, p.a_lane))
    if not matches:
        problems.append(f"uses track {a}-{b} in {hex_id}, which tile {placed.tile.name} at "
                        f"rotation {placed.rotation} does not have")
        return None
    options = [m for m in matches if (hex_id, m[0]) not in taken] or matches
    if choices is not None:
        choices.append(len(options))
    k, lane_a, lane_b = options[pick % len(options)]
    tile_path = tile_paths[k]
    va = _vertex(position, hex_id, written[0][0], lane_a, problems)
    vb = _vertex(position, hex_id, written[1][0], lane_b, problems)
    if va is None or vb is None:
        return None
    for v in (va, vb):
        if v[0] == "n":
            try:
                placed.tile.node(v[2])
            except KeyError:
                problems.append(f"uses node n{v[2]} of {hex_id}, which tile {placed.tile.name} "
                                f"does not have")
                return None
    return _Step(hex_id, k, (va, vb), (a, b), tile_path.terminal,
                 va[0] == "n" and vb[0] == "n", tile_path.track)


def _node_name(vertex) -> str:
    return _node_id(vertex[1], vertex[2])


MAX_LANE_CHOICES = 256   # lane readings of one chain tried before its first is reported


def _walk_chain(position: Position, chain: dict, left: str, right: str,
                taken: set) -> tuple[list, list | None, list]:
    """Check one chain; returns (problems, ordered steps or None when broken, all steps).
    A chain naming no lane where a tile has parallel lanes (the engine's own run records)
    is read each way the lanes allow until one is connected track."""
    choices: list = []
    first = _walk_chain_as(position, chain, left, right, taken, (), choices)
    if not first[0] or all(n == 1 for n in choices):
        return first
    ways = [range(n) for n in choices]
    for count, picks in enumerate(itertools.product(*ways)):
        if count >= MAX_LANE_CHOICES:
            break
        tried = _walk_chain_as(position, chain, left, right, taken, picks, None)
        if not tried[0]:
            return tried
    return first


def _walk_chain_as(position: Position, chain: dict, left: str, right: str, taken: set,
                   picks: tuple, choices: list | None) -> tuple[list, list | None, list]:
    """``_walk_chain`` with the ``picks``-th reading of each path (``_locate``)."""
    problems: list = []
    paths = chain.get("paths") if isinstance(chain, dict) else None
    if not isinstance(paths, list) or not paths:
        return ["has no track"], None, []
    steps = []
    for i, path in enumerate(paths):
        step = _locate(position, path, taken, problems, picks[i] if i < len(picks) else 0,
                       choices)
        if step is not None:
            steps.append(step)
    if problems:
        return problems, None, steps
    dup = [s for s, n in Counter((s.hex, s.index) for s in steps).items() if n > 1]
    for hex_id, _ in dup:
        problems.append(f"uses the same track in {hex_id} twice")
    start = ("n",) + split_node_id(left)
    end = ("n",) + split_node_id(right)
    incident = defaultdict(list)
    for j, s in enumerate(steps):
        for v in s.ends:
            incident[v].append(j)
    for v, js in sorted(incident.items(), key=lambda kv: repr(kv[0])):
        deg = len(js)
        if v in (start, end):
            if deg > 1:
                problems.append(f"leaves {_node_name(v)} more than once")
            continue
        if v[0] == "n":
            node = position.board[v[1]].tile.node(v[2])
            if node.is_stop:
                problems.append(f"touches {_node_name(v)}, a stop the route does not visit there")
            elif deg == 1:
                problems.append(f"is not connected track: it dead-ends at junction "
                                f"{_node_name(v)}")
            elif deg > 2:
                problems.append(f"uses junction {_node_name(v)} more than once")
            continue
        name = _side_name(v)
        if deg == 1:
            problems.append(f"is not connected track: it stops at {name}")
        elif deg > 2:
            problems.append(f"uses {name} more than once")
        elif steps[js[0]].hex == steps[js[1]].hex:
            problems.append(f"turns back at {name} instead of crossing into the next hex")
        elif not gauges_meet(steps[js[0]].track, steps[js[1]].track):
            problems.append(f"crosses {name} from {steps[js[0]].track} gauge track in "
                            f"{steps[js[0]].hex} to {steps[js[1]].track} gauge track in "
                            f"{steps[js[1]].hex}, which do not join")
    for v, label in ((start, "start"), (end, "end")):
        if v not in incident:
            problems.append(f"does not {label} at {_node_name(v)}")
    if problems:
        return problems, None, steps
    # every vertex has the right degree: walk from the start
    order, used, cur = [], set(), start
    while cur != end:
        nxt = [j for j in incident[cur] if j not in used]
        if len(nxt) != 1:
            break
        j = nxt[0]
        used.add(j)
        order.append(steps[j])
        a, b = steps[j].ends
        cur = b if a == cur else a
    if cur != end or len(order) != len(steps):
        return ["is not connected track"], None, steps
    return [], order, steps


# --------------------------------------------------------------------------- one route

def check_route(position: Position, train, visited: list, chains: list) -> RouteCheck:
    """Check one route of ``train`` (a Train or a train id of the position) and score it."""
    if not isinstance(train, Train):
        found = [t for t in position.trains if t.id == train]
        if not found:
            out = RouteCheck(None, list(visited))
            out.violations.append(f"the company has no train {train!r}")
            return out
        train = found[0]
    rules = answers.train_rules(position, train)
    out = RouteCheck(train.id, list(visited))
    nodes = _check_stops(position, rules, visited, out.violations)
    ordered = _check_chains(position, visited, chains, out)
    _check_terminals(visited, ordered, out)
    _check_distance(train, rules, nodes, out)
    _score(position, train, rules, nodes, out)
    return out


def _check_stops(position: Position, rules, visited: list, bad: list) -> list:
    """The visited nodes (None where unknown): count, repeats, station, groups, ends."""
    nodes: list = []
    for node_id in visited:
        node = _board_node(position, node_id)
        if node is None:
            bad.append(f"visits {node_id}, which is not a node on the board")
        elif not node.is_stop:
            bad.append(f"visits {node_id}, a {node.kind} and not a stop")
            node = None
        nodes.append(node)

    if len(visited) < rules.min_stops:
        bad.append(f"visits {len(visited)} stop{'s' if len(visited) != 1 else ''}, "
                   f"fewer than the {rules.min_stops} a route needs")
    for node_id, n in Counter(visited).items():
        if n > 1:
            bad.append(f"visits {node_id} {'twice' if n == 2 else f'{n} times'}")

    stations = answers.stations(position)
    if rules.requires_token and not any(v in stations for v in visited):
        bad.append(f"no station of {position.company} on the route")

    # exclusive groups: tile tags, then the title's sets
    tagged: defaultdict[str, list[str]] = defaultdict(list)
    for node_id, node in zip(visited, nodes):
        if node is not None:
            for g in position.node_groups(split_node_id(node_id)[0], node):
                if node_id not in tagged[g]:
                    tagged[g].append(node_id)
    for g, members in tagged.items():
        if len(members) > 1:
            bad.append(f"visits two stops of group {g} ({', '.join(members)})")
    for exclusive in answers.exclusive_stops(position):
        hit = [v for v in dict.fromkeys(visited) if v in exclusive]
        if len(hit) > 1:
            names = {position.title.hexes[split_node_id(v)[0]].location for v in hit} - {""}
            where = f" ({', '.join(sorted(names))})" if names else ""
            listed = ", ".join(hit[:-1]) + f" and {hit[-1]}"
            bad.append(f"visits {'both ' if len(hit) == 2 else ''}{listed}{where}, but a route "
                       f"may visit only one of {', '.join(sorted(exclusive))}")

    # off-boards and blocking cities only at the ends
    for j in range(1, len(visited) - 1):
        node = nodes[j]
        if node is None:
            continue
        hex_id = split_node_id(visited[j])[0]
        if node.kind == "offboard":
            bad.append(f"continues past the off-board {_place(position, visited[j])}, "
                       f"where a route must end")
        elif (answers.city_blocks(position, hex_id, node)
              and not answers.passes_through(position, hex_id, node, rules.passes)):
            bad.append(f"passes through {_place(position, visited[j])}, "
                       f"{_block_reason(position, hex_id, node)}")
    return nodes


def _check_chains(position: Position, visited: list, chains: list, out: RouteCheck):
    """Walk every chain; record the route's track and hexes in ``out``. Returns the route's
    paths in running order, or None when a chain could not be put in order."""
    bad = out.violations
    if len(chains) != max(len(visited) - 1, 0):
        bad.append(f"has {len(chains)} chain{'s' if len(chains) != 1 else ''} for "
                   f"{len(visited)} visited nodes")
    ordered_all: list | None = []
    all_steps: list = []
    taken: set = set()
    used_by: dict = {}
    for k, chain in enumerate(chains):
        if not isinstance(chain, dict):
            bad.append(f"chain {k + 1} is malformed")
            ordered_all = None
            continue
        left, right = chain.get("left"), chain.get("right")
        label = f"chain {k + 1} ({left} to {right})"
        if k + 1 < len(visited):
            want = (visited[k], visited[k + 1])
            if (left, right) != want:
                if (right, left) == want:
                    left, right = right, left
                else:
                    bad.append(f"{label} does not join {want[0]} and {want[1]}, the route's "
                               f"nodes {k + 1} and {k + 2}")
                    ordered_all = None
                    continue
        if (not isinstance(left, str) or not isinstance(right, str)
                or _board_node(position, left) is None or _board_node(position, right) is None):
            bad.append(f"{label} does not join two nodes of the board")
            ordered_all = None
            continue
        if left == right:
            bad.append(f"{label} starts and ends at the same node")
        problems, order, steps = _walk_chain(position, chain, left, right, taken)
        bad.extend(f"{label} {p}" for p in problems)
        all_steps.extend(steps)
        taken.update((s.hex, s.index) for s in steps)
        if order is None or ordered_all is None:
            ordered_all = None
        else:
            ordered_all.extend(order)
        # track exclusivity within the route (across its chains)
        keys = {}
        for s in steps:
            for v in s.ends:
                if v[0] == "s":
                    keys[v] = _side_name(v)
            if s.inner:
                keys[("p", s.hex, s.index)] = (f"the track inside {s.hex} from {s.raw[0]} "
                                               f"to {s.raw[1]}")
            placed = position.board[s.hex]
            spot = spot_claims(placed.tile, placed.rotation)[s.index]
            if spot is not None:   # a town drawn by an edge: docs/rules/common.md §3.7
                keys[("t", s.hex, *spot)] = f"the track past the town {s.hex}-{spot[0]}"
        for key, desc in keys.items():
            if key in used_by:
                bad.append(f"chain {k + 1} reuses {desc} already used by chain {used_by[key]}")
            else:
                used_by[key] = k + 1
                out.resources[key] = desc
    out.hexes = {s.hex for s in all_steps}
    out.steps = all_steps
    return ordered_all


def _check_terminals(visited: list, ordered: list | None, out: RouteCheck) -> None:
    """Terminal paths only at the ends (the route's first and last path)."""
    if ordered is not None:
        middle = ordered[1:-1]
    else:
        ends = set()
        for node_id in (visited[:1] + visited[-1:]):
            parsed = _parse_node_id(node_id)
            if parsed:
                ends.add(("n",) + parsed)
        middle = [s for s in out.steps if not (set(s.ends) & ends)]
    for s in middle:
        if s.terminal:
            out.violations.append(f"uses the terminal track {s.raw[0]}-{s.raw[1]} in {s.hex} "
                                  f"in the middle of the route")


def _check_distance(train: Train, rules, nodes: list, out: RouteCheck) -> None:
    """The train's distance: stops (with per-kind costs), hex edges, or unlimited."""
    label = _train_label(train)
    bad = out.violations
    if rules.distance == "stops":
        if all(n is not None for n in nodes):
            out.distance = sum(n.visit_cost * rules.stop_cost.get(n.kind, 1) for n in nodes)
            if out.distance > rules.limit:
                if out.distance == len(nodes):
                    bad.append(f"a {label} visits {len(nodes)} stops (its limit is "
                               f"{rules.limit})")
                else:
                    bad.append(f"a {label} uses distance {out.distance} on its "
                               f"{len(nodes)} stops (its limit is {rules.limit})")
            capped = sum(n.visit_cost for n in nodes if n.kind in rules.cap_kinds)
            if rules.cap is not None and capped > rules.cap:
                kinds = " or ".join(sorted(rules.cap_kinds))
                bad.append(f"a {label} visits {capped} stops that are {kinds} (its limit "
                           f"for them is {rules.cap})")
    elif rules.distance == "edges":
        sides = {k for k in out.resources if k[0] == "s"}
        touch = sum(rules.hex_touch_cost.get(h, 0) for h in out.hexes)
        out.distance = len(sides) + touch
        if out.distance > rules.limit:
            bad.append(f"a {label} crosses {len(sides)} hex edges"
                       + (f" (+{touch} for the hexes it touches)" if touch else "")
                       + f" (its limit is {rules.limit})")
    elif rules.distance != "unlimited":
        bad.append(f"the {label} has an unknown distance measure {rules.distance!r}")


def _score(position: Position, train: Train, rules, nodes: list, out: RouteCheck) -> None:
    """Stop values, pay limit (a station among the paid stops where the train's rules want
    one, docs/rules/common.md §5.3), stop bonuses on scored stops, hex bonuses once per
    hex, each hex's stops once where the title says so (docs/rules/common.md §9.7)."""
    visited = out.visited
    values = [0 if node is None else
              answers.stop_value(position, train, split_node_id(node_id)[0], node)
              for node_id, node in zip(visited, nodes)]
    stop_bonus = defaultdict(list)
    hex_bonus = []
    pairs, ports = [], []
    hex_once = False
    ends = []
    for bonus in answers.route_bonuses(position, train):
        if isinstance(bonus, HexOnce):
            hex_once = True
            continue
        if isinstance(bonus, EndDistance):
            ends.append(bonus)
            continue
        if isinstance(bonus, PortRule):
            ports.append(bonus)
            continue
        if isinstance(bonus, PairBonus):
            if bonus.trains is None or train.name in bonus.trains:
                pairs.append(bonus)
            continue
        for s in bonus.stops:
            stop_bonus[s].append(bonus)
        for h in bonus.hexes:
            hex_bonus.append((h, bonus))
    paid: list[list] = [[] for _ in visited]
    for j, node_id in enumerate(visited):
        paid[j] = [b for b in stop_bonus.get(node_id, []) if values[j] > 0 or b.on_worthless]
        values[j] += sum(b.amount for b in paid[j])
    order = []   # which stops a pay limit keeps: asked only where there is one
    station = None
    if rules.pay_limit:
        preferred = {s for b in answers.company_bonuses(position) if b.scored_only
                     for s in b.stops}
        order = [scoring_order(v, node_id in preferred, *(_parse_node_id(node_id) or ("", 0)))
                 for node_id, v in zip(visited, values)]
        if rules.paid_station:   # a station among them (docs/rules/common.md §5.3)
            stations = answers.stations(position)
            station = [node_id in stations for node_id in visited]
    if pairs:   # the paid stops chosen with the pairs counted (docs/rules/common.md §9.1)
        if not order:
            order = [(-v, j) for j, v in enumerate(values)]
        terms = [([b.first.get(v) for v in visited], [b.second.get(v) for v in visited],
                  b.amount, b.min_second) for b in pairs]
        out.paid = best_paid(values, order, rules.pay_limit, station, terms)
    else:
        out.paid = paid_stops(values, order, rules.pay_limit, station)
    if hex_once:   # each stop of a hex pays once (docs/rules/common.md §9.7)
        out.paid = first_on_hex([split_node_id(v)[0] for v in visited], out.paid)
    scored = [p and v > 0 for p, v in zip(out.paid, values)]
    revenue = sum(v for v, sc in zip(values, scored) if sc)
    chosen = [v for v, p in zip(visited, out.paid) if p]
    for bonus in pairs:
        amount = bonus.earned(chosen)
        if amount is not None:
            revenue += amount
            out.bonuses.append({"name": bonus.name, "where": bonus.where(chosen),
                                "value": amount})
    for j, node_id in enumerate(visited):
        if scored[j]:
            out.bonuses += [{"name": b.name, "where": node_id, "value": b.amount}
                            for b in paid[j]]
    tracks = {(s.hex, s.track) for s in out.steps}
    for h, bonus in hex_bonus:
        if (h, bonus.track) in tracks if bonus.track else h in out.hexes:
            revenue += bonus.amount
            out.bonuses.append({"name": bonus.name, "where": h, "value": bonus.amount})
    for bonus in ends:   # per hex between the route's ends (docs/rules/common.md §9.9)
        earned = end_distance_bonus(bonus, list(visited))
        revenue += sum(b["value"] for b in earned)
        out.bonuses += earned
    for rule in ports:   # docs/rules/common.md §9.6
        port_values = [v for node_id, v in zip(visited, values) if node_id in rule.stops]
        if not port_values:
            continue
        refusal = rule.refusal(len(visited))
        if refusal:
            out.violations.append(refusal)
        stations = answers.stations(position)
        changed = rule.revenue(revenue, port_values, sum(v in stations for v in visited))
        if changed != revenue:
            out.bonuses.append({"name": rule.name, "where": "route", "value": changed - revenue})
        revenue = changed
    out.stop_values = values
    out.scored = scored
    out.revenue = revenue


# --------------------------------------------------------------------------- a run

def _route_parts(route):
    """(train, visited, chains) from a tuple, a dict or a RunRoute-like object."""
    if isinstance(route, (tuple, list)):
        return route[0], route[1], route[2]
    if isinstance(route, dict):
        return route["train"], route["visited"], route["chains"]
    return route.train, route.visited, route.chains


def check_run(position: Position, routes: list) -> RunCheck:
    """Check a whole run: each route, then what routes may not share.

    ``routes`` holds ``(train_id, visited, chains)`` tuples (or route dicts /
    objects with those attributes).
    """
    checks, bad = [], []
    trains = {t.id: t for t in position.trains}
    seen_train: dict = {}
    owner: dict = {}
    conflicts: dict = {}
    for r, route in enumerate(routes, start=1):
        train_id, visited, chains = _route_parts(route)
        if train_id not in trains:
            bad.append(f"route {r} names train {train_id!r}, which the company does not have")
            checks.append(RouteCheck(None, list(visited),
                                     [f"the company has no train {train_id!r}"]))
            continue
        if train_id in seen_train:
            conflicts.setdefault(r, []).append(f"route {r} runs train {train_id} already run by "
                                               f"route {seen_train[train_id]}")
            bad.append(conflicts[r][-1])
        else:
            seen_train[train_id] = r
        rc = check_route(position, trains[train_id], visited, chains)
        checks.append(rc)
        bad.extend(f"route {r}: {v}" for v in rc.violations)
        for key, desc in rc.resources.items():
            if key in owner:
                conflicts.setdefault(r, []).append(f"route {r} reuses {desc} already used by "
                                                   f"route {owner[key]}")
                bad.append(conflicts[r][-1])
            else:
                owner[key] = r
    revenue = sum(rc.revenue for rc in checks)
    earned: list[dict] = []
    for bonus in answers.company_bonuses(position):
        # a best-route bonus goes to the route visiting the most stops, the greater train
        # id among equals (engine 1846 ``revenue_for``; docs/rules/common.md §9.3)
        order = (sorted(range(1, len(checks) + 1), reverse=True, key=lambda r: (
            len(checks[r - 1].visited), str(checks[r - 1].train)))
            if bonus.min_visited else range(1, len(checks) + 1))
        for r in order:
            rc = checks[r - 1]
            if rc.train is None:
                continue
            name = trains[rc.train].name
            if bonus.trains is not None and name not in bonus.trains:
                continue
            scored = {v for v, sc in zip(rc.visited, rc.scored) if sc}
            stop_hexes = {split_node_id(v)[0] for v in rc.visited}
            if bonus.earned_by(list(rc.visited), scored, set(rc.hexes), stop_hexes):
                earned.append({"name": bonus.name, "amount": bonus.amount, "route": r})
                break
    fixed = answers.fixed_income(position)
    total = revenue + sum(b["amount"] for b in earned) + fixed
    return RunCheck(checks, bad, conflicts, revenue, merged_bonuses(earned), fixed, total)


def merged_bonuses(earned: list[dict]) -> list[dict]:
    """Company bonuses earned, those of one name (the steps of a best-route bonus,
    docs/rules/common.md §9.3) and one route as one entry with their amounts summed."""
    out: dict = {}
    for b in earned:
        key = (b["name"], b.get("route"))
        if key in out:
            out[key] = {**out[key], "amount": out[key]["amount"] + b["amount"]}
        else:
            out[key] = dict(b)
    return list(out.values())
