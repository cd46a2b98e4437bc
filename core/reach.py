"""What the operating company reaches from its station tokens: track, hex sides, cities.

This is the question a tile lay or a token placement asks (not the run's: that is
``trainrun.graph``). The board's tile paths and nodes form a directed graph (networkx):

* a node (city, town, junction) leads into each of its paths;
* a path leads into a node at its end unless the path is terminal or the node stops the
  company (an off-board; a city whose slots all hold other companies' tokens, as
  ``trainrun_city_blocks`` says) — such a path is reached, the node beyond is not passed;
* paths meeting at a hex side (same lane, matching gauge) lead into each other.

Everything reachable from the cities holding the company's tokens is reached. A hex side
is *open* to the company where reached track ends at it (on both hexes of the side) and on
every side of a hex holding one of its tokens: there new track may join its network.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

import networkx as nx

from .hexgrid import opposite
from .position import Position
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
    """Per path of ``tile`` at ``rotation``: (board edges with their lane, node indices,
    terminal, gauge)."""
    out = []
    for p in tile.paths_at(rotation):
        edges, nodes = [], []
        for end, lane in ((p.a, p.a_lane), (p.b, p.b_lane)):
            (edges if end[0] == "e" else nodes).append((int(end[1:]), lane) if end[0] == "e"
                                                       else int(end[1:]))
        out.append((tuple(edges), tuple(nodes), p.terminal, p.track))
    return tuple(out)


def _lanes_meet(a: tuple, b: tuple) -> bool:
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


def _stops_company(position: Position, hex_id: str, index: int) -> bool:
    placed = position.board[hex_id]
    node = placed.tile.node(index)
    if node.kind == "offboard":
        return True
    tokens = placed.tokens.get(index)
    if node.kind != "city" or tokens is None:
        return False
    return bool(position.ruleset.hook.trainrun_city_blocks(
        position=position, hex_id=hex_id, node=node, tokens=tokens))


def track_graph(position: Position) -> nx.DiGraph:
    """The directed path/node graph of the whole board (see the module docstring)."""
    graph = nx.DiGraph()
    board, hexes = position.board, position.title.hexes
    at_side = {}
    for hex_id, placed in board.items():
        for k, (edges, nodes, terminal, gauge) in enumerate(path_ends(placed.tile,
                                                                    placed.rotation)):
            path = ("p", hex_id, k)
            graph.add_node(path)
            for index in nodes:
                node = ("n", hex_id, index)
                graph.add_edge(node, path)
                if not terminal and not _stops_company(position, hex_id, index):
                    graph.add_edge(path, node)
            for edge, lane in edges:
                at_side.setdefault((hex_id, edge), []).append((path, lane, gauge))
    for (hex_id, edge), mine in at_side.items():
        other = hexes[hex_id].neighbors.get(edge)
        if other is None:
            continue
        for path, lane, gauge in mine:
            for their, their_lane, their_gauge in at_side.get((other, opposite(edge)), ()):
                if _lanes_meet(lane, their_lane) and _gauges_meet(gauge, their_gauge):
                    graph.add_edge(path, their)
    return graph


def reach(position: Position) -> Reach:
    """What the operating company reaches now (computed once per position)."""
    return position.derived("trainrun.reach", lambda: _reach(position))


def _reach(position: Position) -> Reach:
    graph = track_graph(position)
    hexes = position.title.hexes
    roots = [("n", h, i) for h, i in company_tokens(position)]
    seen = set(roots)
    for root in roots:
        if root in graph:
            seen |= nx.descendants(graph, root)
    sides: dict[str, set[int]] = {}
    for _, hex_id, _ in roots:
        sides.setdefault(hex_id, set()).update(hexes[hex_id].neighbors)
    paths, nodes = set(), {(h, i) for _, h, i in roots}
    for kind, hex_id, k in seen:
        if kind == "n":
            continue
        paths.add((hex_id, k))
        placed = position.board[hex_id]
        edges, ends, _, _ = path_ends(placed.tile, placed.rotation)[k]
        nodes.update((hex_id, index) for index in ends)
        for edge, _ in edges:
            sides.setdefault(hex_id, set()).add(edge)
            other = hexes[hex_id].neighbors.get(edge)
            if other is not None:
                sides.setdefault(other, set()).add(opposite(edge))
    return Reach(frozenset(paths), frozenset(nodes),
                 {h: frozenset(e) for h, e in sides.items()})
