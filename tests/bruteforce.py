"""A slow, independent brute-force optimizer for test oracles.

Written directly from the shared 18xx.games engine rules
(docs/rules/common.md §2, §3, §4, §5), walking the tiles on ``position.board``; it shares
no code with ``trainrun.routes.graph``, the compiled enumerator, ``trainrun.routes.enumeration`` or
``trainrun.solver``. Only the data model (Position, PlacedHex, Tile, Node, Path, hexgrid)
is used.

The model, spelled out:

* Nodes are the stops of the tiles (cities, towns, off-boards), named ``HEX-i``;
  junctions are not nodes.
* A chain joins two nodes: a walk over tile paths that touches no node in between,
  may pass through junctions, and never uses a hex side (lane) or a junction twice.
  Crossing the hex side at edge ``e`` of hex A means leaving A by a path ending at ``e``
  and entering B = A.neighbors[e] by a path ending at ``opposite(e)``, as the 18xx.games
  engine's path walk allows it:

  - lanes: where a path meets its edge as lane i of w parallel lanes (``a_lane`` /
    ``b_lane`` = (w, i); a single track is (1, 0)), it continues only into a path of B
    meeting B's edge as lane w - 1 - i of w lanes (the same width);
  - gauge: broad track continues into broad or dual track, narrow into narrow or dual,
    dual into any (``GAUGE_MEETS``). Inside a tile (at a junction or a stop) track of any
    gauge joins.
* A route is a sequence of >= 2 distinct nodes joined by chains. Its track resources are
  the hex sides it crosses, each lane of a side with parallel lanes on its own, and the
  node-to-node paths (paths with no edge end) it uses; within a route and across the
  company's routes no resource may be used twice (docs/rules/common.md §3.7).
* Legality (docs/rules/common.md §3): a city with a company token on the route; at most one
  node per ``groups`` tag; terminal paths only at the route's ends; offboards, and cities with no
  empty slot, no neutral token and no token of the company, only at the ends; numeric
  distance n < 99: sum of visit costs <= n (docs/rules/common.md §4.1).
* Value: every visited node's face value in the phase (docs/rules/common.md §5.1), times the
  train multiplier.
* Run value: best sum over trains, at most one route per train, routes resource-disjoint.

Everything is exhaustive: every simple route from every node, every combination.

``best_run(position, hooks=True)`` (and ``hook_routes``) replace the hard-coded rules above
by what the position's Ruleset hooks answer, with the semantics of ``trainrun.hooks.rules``
implemented here from their docstrings:

* stations: ``trainrun_company_stations``; blocking: off-boards never pass, towns always,
  a city with a token entry passes unless ``trainrun_city_blocks`` says it blocks, or
  for a train whose rules' ``passes`` holds a company with a token in its slots;
  exclusive sets: the tiles' ``groups`` tags plus ``trainrun_exclusive_stops``.
* ``trainrun_train_rules`` per train: at least ``max(2, min_stops)`` stops, a station on
  the route if ``requires_token``; distance ``stops``: sum over visited nodes of
  ``visit_cost * stop_cost.get(kind, 1)`` <= limit and, with a ``cap``, the visit costs of
  nodes of ``cap_kinds`` <= cap; ``edges``: hex sides crossed plus
  ``hex_touch_cost`` of every hex the route's track touches (a hex is touched when any
  tile path the route walks lies in it) <= limit; ``unlimited``.
* stop value ``trainrun_stop_value``; a route bonus on a stop adds its amount to that stop
  where the value is > 0; with ``pay_limit`` k only the stops the engine's
  ``compute_stops`` pays count (``TrainScorer.paid``: by plain subset enumeration, the
  largest size up to k whose best combination earns more than 0, a station among them
  when the train requires a token and ``station_paid``); a route bonus on a hex adds its
  amount once per listed hex the route touches.
* ``trainrun_company_bonuses``: each amount once per run when some route of an eligible
  train visits a listed stop or touches a listed hex; ``trainrun_fixed_income`` added once.
  A ``scored_only`` bonus counts a listed stop only where it scores: value > 0 and, with
  ``pay_limit`` k, among the stops paid, of equal-valued combinations the first by
  (higher value, then stops of a ``scored_only`` bonus, then hex id, then node index).
  A bonus with ``all_hexes`` needs a visited stop on each of them, one with
  ``min_visited`` that many visited stops; one listing neither stops nor hexes asks only
  those.
* a port rule (a route bonus with ``pays``): a route visiting one of its stops needs
  ``min_stops`` stops; ``half`` adds half the route's value rounded down to $10,
  ``per_token`` adds the best such port's value once more per visited station beyond one;
* a pair bonus (a route bonus with ``first`` and ``second``): a route whose paid stops
  hold a stop of the first set and ``min_second`` (default 1) of the second earns its
  amount plus the largest part of each set among them;
  under a pay limit the combinations above are ranked with the pair bonuses counted.
"""
from __future__ import annotations

import itertools

from trainrun.board.hexgrid import opposite
from trainrun.board.townspots import spot_claims

UNLIMITED = 99

# gauge of the track a walk leaves by -> gauges it may continue into across a hex side
GAUGE_MEETS = {"broad": {"broad", "dual"}, "narrow": {"narrow", "dual"},
               "dual": {"broad", "narrow", "dual"}}


# --------------------------------------------------------------------------- board

def _node(placed, index):
    for n in placed.tile.nodes:
        if n.index == index:
            return n
    raise KeyError(index)


def _ends(path):
    return (path.a, path.b)


def _blocked_edges(position, hex_id):
    """Board edges of ``hex_id`` that track may not cross (impassable borders)."""
    placed = position.board[hex_id]
    mh = position.title.hexes[hex_id]
    return (placed.tile.impassable_at(placed.rotation)
            | mh.printed.impassable_at(mh.printed_rotation))


def _paths(position, hex_id):
    """(k, Path) for every path of the hex's tile, edges turned onto board edges."""
    placed = position.board[hex_id]
    return list(enumerate(placed.tile.paths_at(placed.rotation)))


def _lane_at(path, end):
    """(width, index) of the lane in which ``path`` meets its endpoint ``end``."""
    return path.a_lane if path.a == end else path.b_lane


def _side(hex_id, edge, nb, back, lane):
    """The track resource of crossing from ``hex_id`` edge ``edge`` on ``lane`` into ``nb``:
    the hex side, or for parallel lanes the lane of it (named from both hexes)."""
    width, index = lane
    if width == 1:
        return ("side", frozenset({(hex_id, edge), (nb, back)}))
    return ("side", frozenset({(hex_id, edge, index), (nb, back, width - 1 - index)}))


def _cross(position, hex_id, path, edge):
    """Leaving ``hex_id`` by ``path`` at board ``edge``: (side resource, neighbour, its
    edge ``back``, [(k, path) of the neighbour's paths the track continues into]) or None."""
    nb = position.title.hexes[hex_id].neighbors.get(edge)
    if nb is None or nb not in position.board:
        return None
    back = opposite(edge)
    if edge in _blocked_edges(position, hex_id) or back in _blocked_edges(position, nb):
        return None
    width, index = _lane_at(path, f"e{edge}")
    meets = (width, width - 1 - index)
    into = [(k, p) for k, p in _paths(position, nb)
            if f"e{back}" in _ends(p) and _lane_at(p, f"e{back}") == meets
            and p.track in GAUGE_MEETS[path.track]]
    return _side(hex_id, edge, nb, back, (width, index)), nb, back, into


def _groups(position, hex_id, node):
    """A node's groups tags; a city laid over a printed city keeps that city's (engine
    ``Hex#lay`` copies them), matched here by city index."""
    if node.groups or node.kind != "city":
        return node.groups
    printed = position.title.hexes[hex_id].printed
    return next((n.groups for n in printed.nodes
                 if n.index == node.index and n.kind == "city"), ())


def is_stop(node) -> bool:
    return node.kind in ("city", "town", "offboard")


def city_tokens(position, hex_id, node):
    """The CityTokens of a city (an untouched city: all slots empty)."""
    placed = position.board[hex_id]
    toks = placed.tokens.get(node.index)
    if toks is None:
        return [None] * node.slots, []
    return list(toks.slots), list(toks.holders())


def has_company_token(position, hex_id, node) -> bool:
    if node.kind != "city":
        return False
    _, holders = city_tokens(position, hex_id, node)
    return position.company in holders


def may_pass_through(position, hex_id, node) -> bool:
    """Blocking (docs/rules/common.md §3.6): towns pass; offboards never; a city unless it
    is full of others."""
    if node.kind == "town":
        return True
    if node.kind == "offboard":
        return False
    slots, holders = city_tokens(position, hex_id, node)
    if position.company in holders:
        return True
    if any(s is None for s in slots):
        return True
    return "neutral" in holders or bool(position.title.neutral & set(holders))


# --------------------------------------------------------------------------- chains

def chains_from(position, hex_id, index):
    """Every chain from node (hex_id, index) to another node.

    Yields (end_hex, end_index, resources, terminal_paths, hexes) where resources is a
    frozenset of ('side', frozenset{(A,e),(B,e')}) (a lane i of w: ('side',
    frozenset{(A,e,i),(B,e',w-1-i)})) and ('inner', hex, k), terminal_paths is
    a tuple of ((hex, k), frozenset of node ids the terminal path touches), and hexes the
    frozenset of hexes holding a path the chain walks, with (hex, track kind) of each path
    it walks beside them (for a hex bonus over one kind of track, ``RouteBonus.track``).
    """
    start = (hex_id, index)
    out = []

    def follow(h, k, path, from_end, used, junctions, terms, hexes):
        """Walk path k of hex h from its endpoint ``from_end`` to the other end."""
        to_end = path.b if path.a == from_end else path.a
        used = set(used)
        hexes = hexes | {h, (h, path.track)}
        if from_end[0] == "n" and to_end[0] == "n":
            used.add(("inner", h, k))
        placed = position.board[h]
        spot = spot_claims(placed.tile, placed.rotation)[k]
        if spot is not None:   # past a town drawn by an edge (docs/rules/common.md §3.7)
            used.add(("spot", h, spot))
        if path.terminal:
            touched = frozenset(f"{h}-{e[1:]}" for e in _ends(path)
                                if e[0] == "n" and is_stop(_node(position.board[h], int(e[1:]))))
            terms = terms + (((h, k), touched),)
        if to_end[0] == "n":
            j = int(to_end[1:])
            node = _node(position.board[h], j)
            if is_stop(node):
                if (h, j) != start:   # a chain joins two different nodes
                    out.append((h, j, frozenset(used), terms, hexes))
                return                # a chain touches no node in between
            if (h, j) in junctions:
                return
            junctions = junctions | {(h, j)}
            for k2, p2 in _paths(position, h):
                if k2 != k and to_end in _ends(p2):
                    follow(h, k2, p2, to_end, used, junctions, terms, hexes)
            return
        crossing = _cross(position, h, path, int(to_end[1:]))
        if crossing is None:
            return                    # track running into nothing: a dead end
        side, nb, back, into = crossing
        if side in used:
            return
        used.add(side)
        for k2, p2 in into:
            follow(nb, k2, p2, f"e{back}", used, junctions, terms, hexes)

    me = f"n{index}"
    for k, p in _paths(position, hex_id):
        if me in _ends(p):
            follow(hex_id, k, p, me, frozenset(), frozenset(), (), frozenset())
    return out


def chain_resources(position, chains) -> frozenset:
    """The track resources (as ``chains_from`` names them) of a route given as 18xx.games
    chains: ``{hex, a, b}`` paths whose ends are ``eN`` / ``nI``, followed by ``.i`` exactly
    where the tile path meets that end as lane i of parallel lanes. Raises AssertionError
    when a path is not on the tile, or names its lanes wrongly."""
    out = set()
    for chain in chains:
        for step in chain["paths"]:
            h = step["hex"]
            written = [_written_end(e) for e in (step["a"], step["b"])]
            found = [(k, p) for k, p in _paths(position, h)
                     if {e for e, _ in written} == set(_ends(p))
                     and all(_names_lane(p, e, i) for e, i in written)]
            assert len(found) == 1, (h, step, "not one tile path", found)
            k, path = found[0]
            for e, _ in written:
                if e[0] == "e":
                    edge = int(e[1:])
                    nb = position.title.hexes[h].neighbors[edge]
                    out.add(_side(h, edge, nb, opposite(edge), _lane_at(path, e)))
            if all(e[0] == "n" for e, _ in written):
                out.add(("inner", h, k))
            placed = position.board[h]
            spot = spot_claims(placed.tile, placed.rotation)[k]
            if spot is not None:
                out.add(("spot", h, spot))
    return frozenset(out)


def _written_end(end):
    """``"e2.1"`` as ("e2", 1), ``"e2"`` as ("e2", None)."""
    base, dot, lane = end.partition(".")
    return (base, int(lane)) if dot else (base, None)


def _names_lane(path, end, index):
    """Does a chain end written with lane ``index`` (None: none written) name ``path``'s
    end ``end``? A lane is written where, and only where, the path has parallel lanes."""
    width, own = _lane_at(path, end)
    return index is None if width == 1 else index == own


def all_stops(position):
    return [(h, n.index) for h, placed in sorted(position.board.items())
            for n in placed.tile.nodes if is_stop(n)]


# --------------------------------------------------------------------------- routes

def all_walks(position, max_cost=None, passable=None, cost=None):
    """Every simple node sequence (>= 2 nodes) joined by chains, with blocking applied.

    Yields (visited node ids, resources frozenset, terminal_paths, touched hexes). Both
    directions of a route appear. ``max_cost`` prunes sequences whose cost (``cost(node)``
    summed, default the visit cost) already exceeds it. ``passable(hex, node)`` says whether
    a route may go on past a node (default: the engine blocking rule).
    """
    if passable is None:
        def passable(h, n):
            return may_pass_through(position, h, n)
    if cost is None:
        def cost(n):
            return n.visit_cost
    chain_cache = {}

    def chains(h, i):
        if (h, i) not in chain_cache:
            chain_cache[(h, i)] = chains_from(position, h, i)
        return chain_cache[(h, i)]

    results = []

    def grow(seq, spent, used, terms, hexes):
        if len(seq) >= 2:
            results.append((tuple(f"{h}-{i}" for h, i in seq), frozenset(used), terms, hexes))
            last_h, last_i = seq[-1]
            if not passable(last_h, _node(position.board[last_h], last_i)):
                return                # the last node would become an intermediate node
        h, i = seq[-1]
        for h2, i2, res, t, hx in chains(h, i):
            if (h2, i2) in seq or (res & used):
                continue
            c = spent + cost(_node(position.board[h2], i2))
            if max_cost is not None and c > max_cost:
                continue
            grow(seq + [(h2, i2)], c, used | res, terms + t, hexes | hx)

    for h, i in all_stops(position):
        grow([(h, i)], cost(_node(position.board[h], i)), frozenset(), (), frozenset())
    return results


def _node_of(position, node_id):
    h, i = node_id.rsplit("-", 1)
    return h, _node(position.board[h], int(i))


def route_legal(position, train, visited, terms) -> bool:
    """The checks of docs/rules/common.md §3 other than shape, distinctness, blocking and track
    (done while walking)."""
    nodes = [_node_of(position, v) for v in visited]
    if len(nodes) < 2 or len(set(visited)) != len(visited):
        return False
    if not any(has_company_token(position, h, n) for h, n in nodes):
        return False
    tags = [g for h, n in nodes for g in _groups(position, h, n)]
    if len(tags) != len(set(tags)):
        return False
    ends = {visited[0], visited[-1]}
    for _, touched in terms:
        if not touched & ends:
            return False
    for h, n in nodes[1:-1]:
        if not may_pass_through(position, h, n):
            return False
    if not isinstance(train.distance, int):
        raise NotImplementedError("brute force handles numeric distances only")
    if train.distance < UNLIMITED and sum(n.visit_cost for _, n in nodes) > train.distance:
        return False
    return True


def route_value(position, train, visited) -> int:
    return sum(_node_of(position, v)[1].value_in(position.colours) for v in visited) \
        * train.multiplier


def _limit(train):
    if not isinstance(train.distance, int):
        raise NotImplementedError("brute force handles numeric distances only")
    return None if train.distance >= UNLIMITED else train.distance


def all_routes(position, train, walks=None):
    """Every legal route of ``train``: list of (value, resources, visited node ids)."""
    if walks is None:
        walks = all_walks(position, _limit(train))
    return [(route_value(position, train, v), res, v) for v, res, terms, _ in walks
            if route_legal(position, train, v, terms)]


def best_run(position, hooks=False, keep=()):
    """(total, [(train id, visited) ...]) of a best run, by exhaustive search.

    ``hooks``: score and check under the position's Ruleset hooks (see the module
    docstring) instead of the hard-coded engine rules. ``keep``: routes (train id,
    visited, chains) fixed for their trains; the others' routes use none of their track
    (resources as ``chain_resources`` names them), and the total includes them."""
    if hooks:
        return _best_run_hooks(position, keep)
    by_id = {t.id: t for t in position.trains}
    kept_total = sum(route_value(position, by_id[t], v) for t, v, _ in keep)
    used = frozenset().union(*(chain_resources(position, c) for _, _, c in keep))
    trains = [t for t in position.trains if t.id not in {k[0] for k in keep}]
    if not trains:
        return kept_total, [(t, v) for t, v, _ in keep]
    limits = [_limit(t) for t in trains]
    walks = all_walks(position, None if None in limits else max(limits))
    options = []
    for t in trains:
        best = {}   # resources -> (value, visited): only the best route per track set matters
        for value, res, visited in all_routes(position, t, walks):
            if value > 0 and (res not in best or value > best[res][0]):
                best[res] = (value, visited)
        options.append(sorted(((v, r, vis) for r, (v, vis) in best.items()),
                              key=lambda x: -x[0]))
    top = [opts[0][0] if opts else 0 for opts in options]
    best_total, best_pick = 0, []

    def search(t, used, total, picks):
        nonlocal best_total, best_pick
        if total > best_total:
            best_total, best_pick = total, list(picks)
        if t == len(trains) or total + sum(top[t:]) <= best_total:
            return
        for value, res, visited in options[t]:
            if total + value + sum(top[t + 1:]) <= best_total:
                break
            if not res & used:
                search(t + 1, used | res, total + value, picks + [(trains[t].id, visited)])
        search(t + 1, used, total, picks)   # this train runs no route

    best_total, best_pick = kept_total, [(t, v) for t, v, _ in keep]
    search(0, used, kept_total, list(best_pick))
    return best_total, best_pick


def best_run_total(position, hooks=False) -> int:
    return best_run(position, hooks)[0]


# --------------------------------------------------------------------------- hook rules

class HookRules:
    """The position's Ruleset hooks, asked once; legality and scoring are worked out here."""

    def __init__(self, position):
        self.position = position
        self.hook = hook = position.ruleset.hook
        self.stations = set(hook.trainrun_company_stations(position=position))
        self.exclusive = [frozenset(s)
                          for answer in hook.trainrun_exclusive_stops(position=position)
                          for s in answer]
        self.company_bonuses = [b for answer in hook.trainrun_company_bonuses(position=position)
                                for b in answer]
        self.fixed = sum(hook.trainrun_fixed_income(position=position))
        # holders some train of the company passes (``TrainRules.passes``)
        self.passes = frozenset().union(*(hook.trainrun_train_rules(
            position=position, train=t).passes for t in position.trains))

    def passable(self, hex_id, node, passes=frozenset()) -> bool:
        """A route may go on past this node (not only end at it); ``passes``: the train's
        ``TrainRules.passes``, holders whose token in a slot lets it through a city."""
        if node.kind == "town":
            return True
        if node.kind == "offboard":
            return False
        tokens = self.position.board[hex_id].tokens.get(node.index)
        if tokens is None:
            return True               # a city nobody ever tokened
        if any(s in passes for s in tokens.slots):
            return True
        return not self.hook.trainrun_city_blocks(position=self.position, hex_id=hex_id,
                                                  node=node, tokens=tokens)

    def walk_passable(self, hex_id, node) -> bool:
        """``passable`` for some train of the company: the walks every train's routes are
        among."""
        return self.passable(hex_id, node, self.passes)

    def train(self, train) -> TrainScorer:
        return TrainScorer(self, train)


class TrainScorer:
    """One train under the hooks: which walks are its legal routes and what they earn."""

    def __init__(self, rules: HookRules, train):
        self.rules, self.train = rules, train
        position = rules.position
        hook = rules.hook
        self.r = hook.trainrun_train_rules(position=position, train=train)
        if self.r.distance not in ("stops", "edges", "unlimited"):
            raise NotImplementedError(f"distance {self.r.distance!r}")
        bonuses = [b for answer in hook.trainrun_route_bonuses(position=position, train=train)
                   for b in answer]
        # pair bonuses (they have two sets of stops) apart from the per-stop and per-hex ones
        self.pairs = [b for b in bonuses if hasattr(b, "first")
                      and (b.trains is None or train.name in b.trains)]
        self.ports = [b for b in bonuses if hasattr(b, "pays")]
        # each hex's stops pay once a route, the first in its order (HexOnce: a rule alone)
        self.hex_once = any(type(b).__name__ == "HexOnce" for b in bonuses)
        # per hex as the crow flies between the route's first and last stops on a hex with
        # a city or an off-board (EndDistance: a rule of the whole route, its own sum here)
        self.ends = [b for b in bonuses if type(b).__name__ == "EndDistance"]
        self.route_bonuses = [b for b in bonuses
                              if type(b).__name__ not in ("HexOnce", "EndDistance")
                              and not hasattr(b, "first") and not hasattr(b, "pays")]
        self.eligible = [k for k, b in enumerate(rules.company_bonuses)
                         if b.trains is None or train.name in b.trains]
        self.preferred = {s for b in rules.company_bonuses if b.scored_only for s in b.stops}
        self._value = {}
        self._paid: dict = {}

    def cost(self, node) -> int:
        return node.visit_cost * self.r.stop_cost.get(node.kind, 1)

    def stop_value(self, node_id) -> int:
        """What the stop scores for this train, stop bonuses included (only if it scores)."""
        if node_id not in self._value:
            h, node = _node_of(self.rules.position, node_id)
            v = self.rules.hook.trainrun_stop_value(position=self.rules.position,
                                                    train=self.train, rules=self.r,
                                                    hex_id=h, node=node)
            v += sum(b.amount for b in self.route_bonuses if node_id in b.stops
                     and (v > 0 or getattr(b, "on_worthless", False)))
            self._value[node_id] = v
        return self._value[node_id]

    def legal(self, visited, resources, terms, hexes) -> bool:
        position, r = self.rules.position, self.r
        nodes = [_node_of(position, v) for v in visited]
        if len(visited) < max(2, r.min_stops) or len(set(visited)) != len(visited):
            return False
        if r.requires_token and not set(visited) & self.rules.stations:
            return False
        tags = [g for h, n in nodes for g in _groups(position, h, n)]
        if len(tags) != len(set(tags)):
            return False
        if any(len(s & set(visited)) > 1 for s in self.rules.exclusive):
            return False
        if any(set(visited) & p.stops and len(visited) < p.min_stops for p in self.ports):
            return False   # a port needs two other stops
        ends = {visited[0], visited[-1]}
        if any(not touched & ends for _, touched in terms):
            return False
        if not all(self.rules.passable(h, n, r.passes) for h, n in nodes[1:-1]):
            return False
        if r.distance == "stops":
            capped = sum(n.visit_cost for _, n in nodes if n.kind in r.cap_kinds)
            return (sum(self.cost(n) for _, n in nodes) <= r.limit
                    and (r.cap is None or capped <= r.cap))
        if r.distance == "edges":
            sides = sum(1 for res in resources if res[0] == "side")
            return sides + sum(r.hex_touch_cost.get(h, 0) for h in hexes) <= r.limit
        return True

    def pair_value(self, stops) -> int:
        """What the pair bonuses add for these paid stops: for each pair with a stop of each
        set among them, its amount plus the largest part of each set among them."""
        total = 0
        for b in self.pairs:
            a = [b.first[v] for v in stops if v in b.first]
            c = [b.second[v] for v in stops if v in b.second]
            if a and len(c) >= max(1, getattr(b, "min_second", 1)):
                total += b.amount + max(a) + max(c)
        return total

    def hex_bonus(self, hexes) -> int:
        """The route bonuses of the hexes the route's track touches (``hexes``, with the
        (hex, track kind) of each path it walks): once a listed hex, with ``track`` only
        where a path of that kind is walked there."""
        return sum(b.amount for b in self.route_bonuses for h in b.hexes
                   if ((h, b.track) if getattr(b, "track", None) else h) in hexes)

    def end_distance(self, visited) -> int:
        """What the ``EndDistance`` bonuses pay a route: the hexes of its first and last
        stops counted (``ends``), dx plus what dy exceeds dx by, halved (engine
        ``hex_crow_distance``), times ``per_hex``."""
        total = 0
        for b in self.ends:
            counted = [b.ends[v] for v in visited if v in b.ends]
            if counted:
                (x1, y1), (x2, y2) = counted[0], counted[-1]
                dx, dy = abs(x1 - x2), abs(y1 - y2)
                total += b.per_hex * (dx + max(0, (dy - dx) // 2))
        return total

    def value(self, visited, hexes) -> int:
        if self.hex_once:   # no pay limit: every stop pays, the first on each hex only;
            #                  a route is run whichever way earns more
            return (max(self._once(list(visited)), self._once(list(visited)[::-1]))
                    + self.hex_bonus(hexes) + self.end_distance(visited))
        paid = self.paid(visited)
        value = (sum(self.stop_value(v) for v in paid) + self.pair_value(paid)
                 + self.hex_bonus(hexes) + self.end_distance(visited))
        for port in self.ports:
            values = [self.stop_value(v) for v in visited if v in port.stops]
            if not values:
                continue
            if port.pays == "half":
                value += (value // 2) - (value // 2) % 10
            else:
                tokened = sum(1 for v in visited if v in self.rules.stations)
                value += max(values) * (tokened - 1)
        return value

    def _once(self, visited) -> int:
        seen, total = set(), 0
        for v in visited:
            h = v.rsplit("-", 1)[0]
            if h not in seen:
                total += max(0, self.stop_value(v))
            seen.add(h)
        return total

    def paid(self, visited) -> tuple:
        """The stops that pay, as the engine's ``compute_stops`` (lib/engine/game/base.rb)
        chooses them for a train with a pay limit k: from min(k, stops visited) stops down
        to 1, every combination of that many visited stops, each holding a station when the
        train requires a token and ``station_paid`` (18NY's DE trains say False: their
        engine ``compute_stops`` checks the visited stops); the first size whose best
        combination earns more than 0 gives it (none: nothing pays). Among combinations
        of equal value the first by the sorted keys (higher value, then stops of a
        ``scored_only`` bonus, then hex id, then node index)."""
        k = self.r.pay_limit
        if not k:
            return tuple(visited)
        stops = frozenset(visited)
        if stops not in self._paid:
            need = self.r.requires_token and getattr(self.r, "station_paid", True)

            def key(v):
                h, i = v.rsplit("-", 1)
                return (-self.stop_value(v), v not in self.preferred, h, int(i))

            chosen: tuple = ()
            for size in range(min(k, len(stops)), 0, -1):
                best = None
                for combo in itertools.combinations(sorted(stops), size):
                    if need and not set(combo) & self.rules.stations:
                        continue
                    worth = (sum(self.stop_value(v) for v in combo)
                             + self.pair_value(combo))
                    rank = (-worth, sorted(map(key, combo)))
                    if best is None or rank < best[0]:
                        best = (rank, combo)
                if best is not None and -best[0][0] > 0:
                    chosen = best[1]
                    break
            self._paid[stops] = chosen
        return self._paid[stops]

    def scored(self, visited) -> set:
        """The stops that score on this route: those that pay worth more than 0."""
        return {v for v in self.paid(visited) if self.stop_value(v) > 0}

    def reach(self, visited, hexes) -> frozenset:
        """Indices of the company bonuses this route earns."""
        bonuses = self.rules.company_bonuses
        scored = self.scored(visited)
        stop_hexes = {v.rsplit("-", 1)[0] for v in visited}

        def earns(b) -> bool:
            listed = b.stops or b.hexes
            if listed and not (b.stops & (scored if b.scored_only else set(visited))
                               or b.hexes & hexes):
                return False
            return (all(h in stop_hexes for h in getattr(b, "all_hexes", ()))
                    and len(visited) >= getattr(b, "min_visited", 0))

        return frozenset(k for k in self.eligible if earns(bonuses[k]))


def _hook_walks(position, scorers, rules):
    """The walks every scorer's legal routes are among, pruned by stop costs if possible."""
    limits = [s.r.limit for s in scorers]
    prune = scorers and all(s.r.distance == "stops" and all(c >= 0 for c in s.r.stop_cost.values())
                            for s in scorers)
    if not prune:
        return all_walks(position, None, rules.walk_passable)
    def cheapest(node):
        return min(s.cost(node) for s in scorers)

    return all_walks(position, max(limits), rules.walk_passable, cheapest)


def hook_routes(position, train, walks=None):
    """Every legal route of ``train`` under the hooks: (value, resources, visited, bonuses)."""
    rules = HookRules(position)
    scorer = rules.train(train)
    if walks is None:
        walks = _hook_walks(position, [scorer], rules)
    return [(scorer.value(v, hx), res, v, scorer.reach(v, hx)) for v, res, terms, hx in walks
            if scorer.legal(v, res, terms, hx)]


def _kept_walk(position, scorer, walks, visited, chains):
    """(value, resources, bonuses reached) of a kept route: its walk among ``walks``."""
    res = chain_resources(position, chains)
    found = [(v, hx, terms) for v, r, terms, hx in walks
             if r == res and list(v) in (list(visited), list(visited)[::-1])]
    assert found and scorer.legal(found[0][0], res, found[0][2], found[0][1]), visited
    v, hx, _ = found[0]
    return scorer.value(v, hx), res, scorer.reach(v, hx)


def _best_run_hooks(position, keep=()):
    rules = HookRules(position)
    by_id = {t.id: t for t in position.trains}
    trains = [t for t in position.trains if t.id not in {k[0] for k in keep}]
    amounts = [b.amount for b in rules.company_bonuses]
    scorers = [rules.train(t) for t in trains]
    kept_scorers = [rules.train(by_id[t]) for t, _, _ in keep]
    walks = _hook_walks(position, scorers + kept_scorers, rules) if by_id else []
    kept = [_kept_walk(position, sc, walks, v, c) for sc, (_, v, c) in zip(kept_scorers, keep)]
    options = []
    for scorer in scorers:
        best = {}   # (resources, bonuses reached) -> (value, visited)
        for v, res, terms, hx in walks:
            if scorer.legal(v, res, terms, hx):
                value, reach = scorer.value(v, hx), scorer.reach(v, hx)
                if (value > 0 or reach) and ((res, reach) not in best
                                             or value > best[(res, reach)][0]):
                    best[(res, reach)] = (value, v)
        options.append(sorted(((val, res, reach, vis) for (res, reach), (val, vis)
                               in best.items()), key=lambda x: -x[0]))
    top = [max(0, opts[0][0]) if opts else 0 for opts in options]
    best_total, best_pick = 0, []

    def search(t, used, total, got, picks):
        nonlocal best_total, best_pick
        score = total + sum(amounts[k] for k in got)
        if score > best_total:
            best_total, best_pick = score, list(picks)
        if t == len(trains):
            return
        missing = sum(max(0, a) for k, a in enumerate(amounts) if k not in got)
        if score + sum(top[t:]) + missing <= best_total:
            return
        for value, res, reach, visited in options[t]:
            if score + value + missing + sum(top[t + 1:]) <= best_total:
                break
            if not res & used:
                search(t + 1, used | res, total + value, got | reach,
                       picks + [(trains[t].id, visited)])
        search(t + 1, used, total, got, picks)   # this train runs no route

    start_total = sum(v for v, _, _ in kept)
    start_used = frozenset().union(*(r for _, r, _ in kept))
    start_got = frozenset().union(*(g for _, _, g in kept))
    best_pick = [(t, v) for t, v, _ in keep]
    best_total = start_total + sum(amounts[k] for k in start_got)
    search(0, start_used, start_total, start_got, list(best_pick))
    return best_total + rules.fixed, best_pick
