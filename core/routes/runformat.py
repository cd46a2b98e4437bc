"""Runs in 18xx.games terms: read and write the engine's ``run_routes`` action.

The 18xx.games engine records a run as ``{"type": "run_routes", "entity": ...,
"routes": [{"train": id, "connections": [[hex, ...], ...], "hexes", "revenue",
...}]}`` (``lib/engine/action/run_routes.rb``). Each connection is one chain of
track between two consecutive nodes, written as the ids of the hexes its tile
paths lie on, in walking order from one end; a path that meets a junction
already passed adds no hex, and a chain that is a single node-to-node path on a
tile with more than one such path reads ``"HEX i.j"`` (node indices, sorted).

``route_readings`` turns the connections of a route back into track on the
board: every walk from a node that spells the chain's hex ids and ends at a
node is a *fit*; consecutive chains must share a node. Every combination of
fits is a *reading* of the route. ``export_run_routes`` writes a run the other
way, as an action another program can submit.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from trainrun.board.hexgrid import opposite
from trainrun.board.position import Position, node_hex, node_id
from trainrun.board.tiles import gauges_meet, split_lane_end
from trainrun.errors import InputError

__all__ = ["Reading", "chain_hexes", "export_run_routes", "fit_chain", "route_readings"]

MAX_READINGS = 10_000   # readings of one route before giving up as too ambiguous


@dataclass
class Reading:
    """One way to lay a route's connections on the board: nodes in order and their chains."""

    visited: list
    chains: list                       # [{left, right, paths: [{hex, a, b}]}]


@dataclass
class _Fit:
    start: str                         # node ids
    end: str
    paths: list = field(default_factory=list)


# --------------------------------------------------------------------------- the board's track

def _paths(position: Position, hex_id: str) -> list:
    placed = position.board[hex_id]
    return placed.tile.paths_at(placed.rotation)


def _is_junction(position: Position, hex_id: str, end: str) -> bool:
    end = split_lane_end(end)[0]
    if end[0] != "n":
        return False
    try:
        return not position.board[hex_id].tile.node(int(end[1:])).is_stop
    except (KeyError, ValueError):
        return False


def _across(position: Position, hex_id: str, edge: int, lane: tuple, track: str) -> list:
    """(neighbour hex, path index, the path's end there) of paths continuing over a side
    (the lane it meets, a gauge that meets ``track``)."""
    other = position.title.hexes[hex_id].neighbors.get(edge)
    if other is None or other not in position.board:
        return []
    if edge in position.closed_edges(hex_id) or opposite(edge) in position.closed_edges(other):
        return []
    back = f"e{opposite(edge)}"
    meets = (lane[0], lane[0] - 1 - lane[1])
    out = []
    for k, p in enumerate(_paths(position, other)):
        for end, end_lane in ((p.a, p.a_lane), (p.b, p.b_lane)):
            if end == back and end_lane == meets and gauges_meet(track, p.track):
                out.append((other, k, end))
    return out


# --------------------------------------------------------------------------- one chain

def _parse_intra(token: str):
    """``"HEX i.j"`` as (hex, i, j), or None."""
    hex_id, _, pair = token.partition(" ")
    i, dot, j = pair.partition(".")
    if not dot or not i.isdigit() or not j.isdigit():
        return None
    return hex_id, int(i), int(j)


def fit_chain(position: Position, hexes: list) -> list:
    """Every node-to-node walk on the board whose chain id (see module doc) is ``hexes``.

    A walk starts at a stop in the first hex, never reuses a hex side or a
    junction, crosses sides only into track that continues (lanes matched), and
    ends at the first stop it reaches, which must lie in the last hex.
    """
    if len(hexes) == 1 and " " in hexes[0]:
        parsed = _parse_intra(hexes[0])
        if parsed is None or parsed[0] not in position.board:
            return []
        hex_id, i, j = parsed
        return [_Fit(node_id(hex_id, i), node_id(hex_id, j), [_named(hex_id, p, p.a)])
                for p in _paths(position, hex_id) if {p.a, p.b} == {f"n{i}", f"n{j}"}]
    if not hexes or any(h not in position.board for h in hexes):
        return []
    fits: list = []
    first = position.board[hexes[0]].tile
    for node in first.nodes:
        if not node.is_stop:
            continue
        start = f"n{node.index}"
        for k, p in enumerate(_paths(position, hexes[0])):
            if start in (p.a, p.b):
                _walk(position, hexes, node_id(hexes[0], node.index), hexes[0], k, start,
                      [], [], set(), set(), fits)
    return _distinct(fits)


def _distinct(fits: list) -> list:
    """Drop a fit that is an earlier one walked the other way (a chain within one hex)."""
    seen, out = set(), []
    for f in fits:
        key = (frozenset((f.start, f.end)),
               frozenset((p["hex"], frozenset((p["a"], p["b"]))) for p in f.paths))
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out


def _walk(position, target, start_id, hex_id, k, entered, paths, ids, sides, junctions, fits):
    """Follow path ``k`` of ``hex_id`` in from its end ``entered``; collect complete fits."""
    p = _paths(position, hex_id)[k]
    leave, lane = (p.b, p.b_lane) if entered == p.a else (p.a, p.a_lane)
    meets_seen = any((hex_id, e) in junctions for e in (p.a, p.b))
    ids = ids if meets_seen else ids + [hex_id]      # the engine's chain id rule
    if ids != target[:len(ids)]:
        return
    paths = paths + [_named(hex_id, p, entered)]
    if _is_junction(position, hex_id, leave):
        if (hex_id, leave) in junctions:              # a junction is passed once
            return
        junctions = junctions | {(hex_id, leave)}
        for k2, p2 in enumerate(_paths(position, hex_id)):
            if k2 != k and leave in (p2.a, p2.b):
                _walk(position, target, start_id, hex_id, k2, leave, paths, ids, sides,
                      junctions, fits)
        return
    if leave[0] == "n":                               # a stop: the chain ends here
        end_id = node_id(hex_id, int(leave[1:]))
        if ids == target and end_id != start_id:
            fits.append(_Fit(start_id, end_id, paths))
        return
    edge = int(leave[1:])
    for other, k2, end in _across(position, hex_id, edge, lane, p.track):
        side = tuple(sorted([(hex_id, edge), (other, opposite(edge))]))
        if side not in sides:
            _walk(position, target, start_id, other, k2, end, paths, ids, sides | {side},
                  junctions, fits)


def _named(hex_id: str, path, entered: str) -> dict:
    """A chain path walked from its end ``entered``, its ends as chains write them."""
    a, b = path.lane_ends()
    return {"hex": hex_id, "a": a, "b": b} if entered == path.a else {"hex": hex_id, "a": b, "b": a}


# --------------------------------------------------------------------------- one route

def _where(route_no: int, chain_no: int | None = None) -> str:
    return f"routes[{route_no - 1}]" + ("" if chain_no is None else f".connections[{chain_no}]")


def _hex_list(position: Position, hexes, route_no: int, chain_no: int) -> list:
    where = _where(route_no, chain_no)
    if not isinstance(hexes, list) or not hexes or not all(isinstance(h, str) for h in hexes):
        raise InputError(where, f"expected a list of hex ids, got {hexes!r}")
    for h in hexes:
        hex_id = h.partition(" ")[0]
        if hex_id not in position.board:
            raise InputError(where, f"unknown hex {hex_id!r}")
    return hexes


def route_readings(position: Position, connections, route_no: int = 1) -> tuple[list, list]:
    """Every reading of one route's ``connections`` (its chains in order).

    Returns (readings, problems): a reading joins each chain to the next at a
    shared node and visits the nodes in route order; ``problems`` says which
    chain fits no track, or why no reading joins up (empty when readings exist).
    """
    if not isinstance(connections, list) or not connections:
        raise InputError(_where(route_no) + ".connections", "expected a non-empty list of chains")
    fits = []
    for c, hexes in enumerate(connections):
        found = fit_chain(position, _hex_list(position, hexes, route_no, c))
        if not found:
            return [], [f"connection {c + 1} ({', '.join(hexes)}) matches no track on the board "
                        f"that joins two stops"]
        fits.append(found)
    if len(fits) == 1:
        return [Reading([f.start, f.end], [_chain(f.start, f.end, f.paths)])
                for f in fits[0]], []
    readings: list = []
    total = 1
    for f in fits:
        total *= len(f)
    if total > MAX_READINGS:
        raise InputError(_where(route_no) + ".connections",
                         f"too ambiguous: {total} ways to lay these chains on the board")
    for combo in itertools.product(*fits):
        readings += _join(combo)
    if not readings:
        return [], ["its connections do not join up: consecutive chains share no stop"]
    return readings, []


def _chain(left: str, right: str, paths: list) -> dict:
    return {"left": left, "right": right, "paths": [dict(p) for p in paths]}


def _join(combo: tuple) -> list:
    """The readings of one choice of fits: each chain continues from the last node."""
    out = []
    first, second = combo[0], combo[1]
    for left, middle in ((first.start, first.end), (first.end, first.start)):
        if middle not in (second.start, second.end):
            continue
        visited, chains = [left, middle], [_oriented(first, left)]
        for fit in combo[1:]:
            here = visited[-1]
            if here not in (fit.start, fit.end):
                break
            nxt = fit.end if fit.start == here else fit.start
            visited.append(nxt)
            chains.append(_oriented(fit, here))
        else:
            out.append(Reading(visited, chains))
    return out


def _oriented(fit: _Fit, left: str) -> dict:
    if fit.start == left:
        return _chain(fit.start, fit.end, fit.paths)
    back = [{"hex": p["hex"], "a": p["b"], "b": p["a"]} for p in reversed(fit.paths)]
    return _chain(fit.end, fit.start, back)


# --------------------------------------------------------------------------- writing

def chain_hexes(position: Position, chain: dict) -> list:
    """The engine's id of one chain (``{left, right, paths}``): its hexes in walking order."""
    paths = chain["paths"]
    if len(paths) == 1 and paths[0]["a"][0] == "n" and paths[0]["b"][0] == "n":
        hex_id = paths[0]["hex"]
        tile = position.board[hex_id].tile
        intra = [p for p in tile.paths if p.a[0] == p.b[0] == "n"
                 and not _is_junction(position, hex_id, p.a)
                 and not _is_junction(position, hex_id, p.b)]
        if len(intra) > 1:
            i, j = sorted(int(split_lane_end(e)[0][1:]) for e in (paths[0]["a"], paths[0]["b"]))
            return [f"{hex_id} {i}.{j}"]
    out, junctions = [], set()
    for p in paths:
        ends = [(p["hex"], split_lane_end(e)[0]) for e in (p["a"], p["b"])
                if _is_junction(position, p["hex"], e)]
        if not any(e in junctions for e in ends):
            out.append(p["hex"])
        junctions.update(ends)
    return out


def _node_hexes(visited: list) -> list:
    hexes = [node_hex(v) for v in visited]
    return [h for n, h in enumerate(hexes) if n == 0 or hexes[n - 1] != h]


def export_run_routes(position: Position, run) -> dict:
    """A solved ``Run`` (or anything with ``routes`` of train/visited/chains/revenue) as an
    18xx.games ``run_routes`` action for the position's operating company."""
    routes = []
    for r in run.routes:
        routes.append({"train": r.train,
                       "connections": [chain_hexes(position, c) for c in r.chains],
                       "hexes": _node_hexes(r.visited),
                       "revenue": r.revenue})
    # the engine looks the entity up by its type; a corpus line records it, and a position in
    # trainrun's own format is taken to be a corporation's
    action = {"type": "run_routes", "entity": position.company,
              "entity_type": position.source.get("entity_type", "corporation"),
              "routes": routes, "extra_revenue": 0}
    return action
