"""What the operating company reaches from its station tokens: track, hex sides, cities.

This is the question a tile lay or a token placement asks (not the run's: that is
``trainrun.graph``). Track is walked as the 18xx.games engine walks it, a path at a time
and never back the way it came. The walk's states form a directed graph (networkx):

* ``("n", hex, i, k)``: standing on node i (city, town, junction) of the hex's tile,
  arrived by its path k (None: starting there); from there the walk may take any other
  path of the node;
* ``("t", hex, k, end)``: going along path k of the hex's tile towards its ``end`` (0: its
  first end, 1: its second). Reaching a node end leads onto the node unless the path is
  terminal or the node stops the company (an off-board; a city whose slots all hold other
  companies' tokens, as ``trainrun_city_blocks`` says). Reaching an edge end leads into
  each path of the neighbouring hex at that side (same lane, matching gauge), going on
  towards its other end.

Everything reachable from the cities holding the company's tokens is reached. A hex side
is *open* to the company where reached track ends at it (on both hexes of the side) and on
every side of a hex holding one of its tokens: there new track may join its network.
"""
from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import networkx as nx

from . import answers
from .hexgrid import opposite
from .position import PlacedHex, Position
from .tiles import Tile


@dataclass(frozen=True)
class Reach:
    """What the company reaches: ``paths`` as (hex, path index on its tile), ``nodes`` as
    (hex, node index) — every city, town and off-board on reached track, token cities
    included — and ``sides``: per hex, the board edges open to new track."""

    paths: frozenset[tuple[str, int]]
    nodes: frozenset[tuple[str, int]]
    sides: dict[str, frozenset[int]]

    def cities(self, position: Position) -> list[tuple[str, int]]:
        """The reached nodes that are cities, sorted."""
        return sorted((h, i) for h, i in self.nodes
                      if position.board[h].tile.node(i).kind == "city")


@functools.lru_cache(maxsize=4096)
def path_ends(tile: Tile, rotation: int) -> tuple:
    """Per path of ``tile`` at ``rotation``: its two ends, each ('e', board edge, lane) or
    ('n', node index, None), whether it is terminal, and its gauge."""
    def end(name, lane):
        return ("e", int(name[1:]), lane) if name[0] == "e" else ("n", int(name[1:]), None)
    return tuple(((end(p.a, p.a_lane), end(p.b, p.b_lane)), p.terminal, p.track)
                 for p in tile.paths_at(rotation))


@functools.lru_cache(maxsize=4096)
def paths_at_edge(tile: Tile, rotation: int) -> dict:
    """Board edge -> [(path index, end index, lane)] of the paths ending there."""
    out: dict = {}
    for k, (ends, _, _) in enumerate(path_ends(tile, rotation)):
        for j, (kind, value, lane) in enumerate(ends):
            if kind == "e":
                out.setdefault(value, []).append((k, j, lane))
    return out


def lanes_meet(a: tuple, b: tuple) -> bool:
    """Lane ``a`` of one hex meets lane ``b`` across the side (width, index), the narrower
    centred on the wider."""
    (wa, ia), (wb, ib) = sorted((a, b))
    return ia + (wb - wa) // 2 == wb - 1 - ib


def _gauges_meet(a: str, b: str) -> bool:
    return a == b or "dual" in (a, b)


def company_tokens(position: Position) -> list[tuple[str, int]]:
    """(hex, city index) of every city holding one of the company's tokens."""
    return sorted((h, i) for h, placed in position.board.items()
                  for i, city in placed.tokens.items() if position.company in city.holders())


def stops_company(position: Position, placed: PlacedHex, index: int) -> bool:
    """A walk may reach this node but not go on through it (off-board, blocked city)."""
    node = placed.tile.node(index)
    return answers.ends_routes(position, placed.id, node, placed)


def successors(position: Position, at: Callable[[str], PlacedHex], state) -> Iterator:
    """The walk states that follow ``state`` on the board whose hexes ``at`` gives."""
    hex_id = state[1]
    placed = at(hex_id)
    turned = path_ends(placed.tile, placed.rotation)
    if state[0] == "n":
        for k, (ends, _, _) in enumerate(turned):
            for j, (kind, value, _) in enumerate(ends):
                if kind == "n" and value == state[2] and k != state[3]:
                    yield ("t", hex_id, k, 1 - j)
        return
    _, _, k, j = state
    ends, terminal, gauge = turned[k]
    kind, value, lane = ends[j]
    if kind == "n":
        if not terminal and not stops_company(position, placed, value):
            yield ("n", hex_id, value, k)
        return
    other = position.title.hexes[hex_id].neighbors.get(value)
    if other is None:
        return
    there = at(other)
    their = path_ends(there.tile, there.rotation)
    for q, i, their_lane in paths_at_edge(there.tile, there.rotation).get(opposite(value), ()):
        if lanes_meet(lane, their_lane) and _gauges_meet(gauge, their[q][2]):
            yield ("t", other, q, 1 - i)


def walk_graph(position: Position) -> nx.DiGraph:
    """Every walk state of the board and the states that follow it."""
    graph = nx.DiGraph()
    at = position.board.__getitem__
    for hex_id, placed in position.board.items():
        paths = range(len(placed.tile.paths))
        states = [("n", hex_id, n.index, k) for n in placed.tile.nodes for k in (None, *paths)]
        states += [("t", hex_id, k, j) for k in paths for j in (0, 1)]
        for state in states:
            graph.add_node(state)
            graph.add_edges_from((state, nxt) for nxt in successors(position, at, state))
    return graph


def reach(position: Position) -> Reach:
    """What the operating company reaches now (computed once per position)."""
    return position.derived("trainrun.reach", lambda: _reach(position))


def reach_from(position: Position, seen: set, at: Callable[[str], PlacedHex]) -> Reach:
    """The ``Reach`` of the walk states ``seen`` (token nodes included) on the board ``at``."""
    hexes = position.title.hexes
    sides: dict[str, set[int]] = {}
    paths, nodes = set(), set()
    for state in seen:
        hex_id = state[1]
        if state[0] == "n":
            if (hex_id, state[2]) in company_tokens_set(position):
                sides.setdefault(hex_id, set()).update(hexes[hex_id].neighbors)
                nodes.add((hex_id, state[2]))
            continue
        paths.add((hex_id, state[2]))
    for hex_id, k in paths:
        placed = at(hex_id)
        ends = path_ends(placed.tile, placed.rotation)[k][0]
        for kind, value, _ in ends:
            if kind == "n":
                nodes.add((hex_id, value))
                continue
            sides.setdefault(hex_id, set()).add(value)
            other = hexes[hex_id].neighbors.get(value)
            if other is not None:
                sides.setdefault(other, set()).add(opposite(value))
    nodes = {(h, i) for h, i in nodes if at(h).tile.node(i).kind != "junction"}
    return Reach(frozenset(paths), frozenset(nodes), {h: frozenset(e) for h, e in sides.items()})


def company_tokens_set(position: Position) -> frozenset:
    return position.derived("trainrun.company_tokens",
                            lambda: frozenset(company_tokens(position)))


def reached_states(position: Position) -> frozenset:
    """The walk states reachable from the company's token cities (computed once)."""
    def compute():
        graph = walk_graph(position)
        roots = [("n", h, i, None) for h, i in company_tokens(position)]
        seen = set(roots)
        for root in roots:
            seen |= nx.descendants(graph, root)
        return frozenset(seen)
    return position.derived("trainrun.reached_states", compute)


def _reach(position: Position) -> Reach:
    return reach_from(position, reached_states(position), position.board.__getitem__)
