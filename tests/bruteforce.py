"""A slow, independent brute-force optimizer for test oracles.

Written directly from the shared 18xx.games engine rules (DIGEST §1.1-1.4), walking the
tiles on ``position.board``; it shares no code with ``trainrun.graph``, the compiled
enumerator, ``trainrun.routes`` or ``trainrun.solver``. Only the data model (Position,
PlacedHex, Tile, Node, Path, hexgrid) is used.

The model, spelled out:

* Nodes are the stops of the tiles (cities, towns, off-boards), named ``HEX-i``;
  junctions are not nodes.
* A chain joins two nodes: a walk over tile paths that touches no node in between,
  may pass through junctions, and never uses a hex side or a junction twice. Crossing
  the hex side at edge ``e`` of hex A means leaving A by a path ending at ``e`` and
  entering B = A.neighbors[e] by a path ending at ``opposite(e)``.
* A route is a sequence of >= 2 distinct nodes joined by chains. Its track resources are
  the hex sides it crosses and the node-to-node paths (paths with no edge end) it uses;
  within a route and across the company's routes no resource may be used twice (§1.2.8).
* Legality (§1.2): a city with a company token on the route; at most one node per
  ``groups`` tag; terminal paths only at the route's ends; offboards, and cities with no
  empty slot, no neutral token and no token of the company, only at the ends; numeric
  distance n < 99: sum of visit costs <= n (§1.3).
* Value: every visited node's face value in the phase (§1.4), times the train multiplier.
* Run value: best sum over trains, at most one route per train, routes resource-disjoint.

Everything is exhaustive: every simple route from every node, every combination.
"""
from __future__ import annotations

from trainrun.hexgrid import opposite

UNLIMITED = 99


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
    return placed.tile.impassable_at(placed.rotation) | mh.printed.impassable_at(mh.printed_rotation)


def _paths(position, hex_id):
    """(k, Path) for every path of the hex's tile, edges turned onto board edges."""
    placed = position.board[hex_id]
    return list(enumerate(placed.tile.paths_at(placed.rotation)))


def _cross(position, hex_id, edge):
    """Leaving ``hex_id`` at board ``edge``: (neighbour, its edge, side key) or None."""
    nb = position.title.hexes[hex_id].neighbors.get(edge)
    if nb is None or nb not in position.board:
        return None
    back = opposite(edge)
    if edge in _blocked_edges(position, hex_id) or back in _blocked_edges(position, nb):
        return None
    return nb, back, frozenset({(hex_id, edge), (nb, back)})


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
    """§1.2 blocking: towns pass; offboards never; a city unless it is full of others."""
    if node.kind == "town":
        return True
    if node.kind == "offboard":
        return False
    slots, holders = city_tokens(position, hex_id, node)
    if position.company in holders:
        return True
    if any(s is None for s in slots):
        return True
    return "neutral" in holders


# --------------------------------------------------------------------------- chains

def chains_from(position, hex_id, index):
    """Every chain from node (hex_id, index) to another node.

    Yields (end_hex, end_index, resources, terminal_paths) where resources is a frozenset
    of ('side', frozenset{(A,e),(B,e')}) and ('inner', hex, k), and terminal_paths is a
    tuple of ((hex, k), frozenset of node ids the terminal path touches).
    """
    start = (hex_id, index)
    out = []

    def follow(h, k, path, from_end, used, junctions, terms):
        """Walk path k of hex h from its endpoint ``from_end`` to the other end."""
        to_end = path.b if path.a == from_end else path.a
        used = set(used)
        if from_end[0] == "n" and to_end[0] == "n":
            used.add(("inner", h, k))
        if path.terminal:
            touched = frozenset(f"{h}-{e[1:]}" for e in _ends(path)
                                if e[0] == "n" and is_stop(_node(position.board[h], int(e[1:]))))
            terms = terms + (((h, k), touched),)
        if to_end[0] == "n":
            j = int(to_end[1:])
            node = _node(position.board[h], j)
            if is_stop(node):
                if (h, j) != start:   # a chain joins two different nodes
                    out.append((h, j, frozenset(used), terms))
                return                # a chain touches no node in between
            if (h, j) in junctions:
                return
            junctions = junctions | {(h, j)}
            for k2, p2 in _paths(position, h):
                if k2 != k and to_end in _ends(p2):
                    follow(h, k2, p2, to_end, used, junctions, terms)
            return
        crossing = _cross(position, h, int(to_end[1:]))
        if crossing is None:
            return                    # track running into nothing: a dead end
        nb, back, side = crossing
        if ("side", side) in used:
            return
        used.add(("side", side))
        for k2, p2 in _paths(position, nb):
            if f"e{back}" in _ends(p2):
                follow(nb, k2, p2, f"e{back}", used, junctions, terms)

    me = f"n{index}"
    for k, p in _paths(position, hex_id):
        if me in _ends(p):
            follow(hex_id, k, p, me, frozenset(), frozenset(), ())
    return out


def all_stops(position):
    return [(h, n.index) for h, placed in sorted(position.board.items())
            for n in placed.tile.nodes if is_stop(n)]


# --------------------------------------------------------------------------- routes

def all_walks(position, max_cost=None):
    """Every simple node sequence (>= 2 nodes) joined by chains, with blocking applied.

    Yields (visited node ids, resources frozenset, terminal_paths). Both directions of a
    route appear. ``max_cost`` prunes sequences whose visit cost already exceeds it.
    """
    chain_cache = {}

    def chains(h, i):
        if (h, i) not in chain_cache:
            chain_cache[(h, i)] = chains_from(position, h, i)
        return chain_cache[(h, i)]

    results = []

    def grow(seq, cost, used, terms):
        if len(seq) >= 2:
            results.append((tuple(f"{h}-{i}" for h, i in seq), frozenset(used), terms))
            last_h, last_i = seq[-1]
            if not may_pass_through(position, last_h, _node(position.board[last_h], last_i)):
                return                # the last node would become an intermediate node
        h, i = seq[-1]
        for h2, i2, res, t in chains(h, i):
            if (h2, i2) in seq or (res & used):
                continue
            c = cost + _node(position.board[h2], i2).visit_cost
            if max_cost is not None and c > max_cost:
                continue
            grow(seq + [(h2, i2)], c, used | res, terms + t)

    for h, i in all_stops(position):
        grow([(h, i)], _node(position.board[h], i).visit_cost, frozenset(), ())
    return results


def _node_of(position, node_id):
    h, i = node_id.rsplit("-", 1)
    return h, _node(position.board[h], int(i))


def route_legal(position, train, visited, terms) -> bool:
    """§1.2 checks other than shape, distinctness, blocking and track (done while walking)."""
    nodes = [_node_of(position, v) for v in visited]
    if len(nodes) < 2 or len(set(visited)) != len(visited):
        return False
    if not any(has_company_token(position, h, n) for h, n in nodes):
        return False
    tags = [g for _, n in nodes for g in n.groups]
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
    return [(route_value(position, train, v), res, v) for v, res, terms in walks
            if route_legal(position, train, v, terms)]


def best_run(position):
    """(total, [(train id, visited) ...]) of a best run, by exhaustive search."""
    trains = list(position.trains)
    if not trains:
        return 0, []
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

    search(0, frozenset(), 0, [])
    return best_total, best_pick


def best_run_total(position) -> int:
    return best_run(position)[0]
