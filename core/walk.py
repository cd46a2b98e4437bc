"""The 18xx.games engine's walk over track, for the turn's questions (which cities a company
reaches, how far a city is from its tokens); off the hot path, never used by the solver.

A walk leaves a node along each of its tile paths; a path goes on across each of its
hex sides into the paths of the next hex that meet it there (the same lane), or through
its junction into the junction's other paths; at a path's stop the walk goes on from
that stop unless the path is terminal or the stop ends the company's routes (an
off-board, a city full of other companies' tokens: ``trainrun_city_blocks``). Within one
branch of the walk no path is walked twice and no path leaves its hex over a side the
branch already left that hex by; a node is walked from once per walk, and so is a path,
except after a side where several paths of a tile meet (a converging exit), from where
both are walked afresh (the engine's ``Node#walk`` and ``Path#walk``).
"""
from __future__ import annotations

import sys
from collections import defaultdict
from dataclasses import dataclass

from . import answers
from .hexgrid import opposite
from .position import Position, node_id, parse_node_id


@dataclass(frozen=True, eq=False)
class _Path:
    hex: str
    exits: tuple        # (board edge, (width, lane index))
    nodes: tuple        # indices of the stops of the tile it touches
    junction: int | None
    terminal: bool


class Board:
    """The board's tile paths as the walk sees them, for one company."""

    def __init__(self, position: Position):
        self.position = position
        self.by_exit = defaultdict(list)      # (hex, edge, lane) -> paths, tile order
        self.by_node = defaultdict(list)      # (hex, index) -> paths, tile order
        self.by_junction = defaultdict(list)  # (hex, index) -> paths
        self.exit_count = defaultdict(int)    # (hex, edge) -> paths leaving there
        self.blocks = {}
        for hex_id, placed in position.board.items():
            for p in placed.tile.paths_at(placed.rotation):
                exits, nodes, junction = [], [], None
                for end, lane in ((p.a, p.a_lane), (p.b, p.b_lane)):
                    if end[0] == "e":
                        exits.append((int(end[1:]), lane))
                    else:
                        node = placed.tile.node(int(end[1:]))
                        if node.is_stop:
                            nodes.append(node.index)
                        else:
                            junction = node.index
                path = _Path(hex_id, tuple(exits), tuple(nodes), junction, p.terminal)
                for edge, lane in exits:
                    self.by_exit[(hex_id, edge, lane)].append(path)
                    self.exit_count[(hex_id, edge)] += 1
                for index in nodes:
                    self.by_node[(hex_id, index)].append(path)
                if junction is not None:
                    self.by_junction[(hex_id, junction)].append(path)
            for node in placed.tile.nodes:
                if node.is_stop:
                    self.blocks[(hex_id, node.index)] = answers.ends_routes(position, hex_id,
                                                                            node)

    def across(self, path: _Path, edge: int, lane: tuple) -> list:
        """The paths of the next hex meeting ``path``'s exit ``edge`` in the same lane."""
        other = self.position.title.hexes[path.hex].neighbors.get(edge)
        if other is None:
            return []
        return self.by_exit.get((other, opposite(edge), (lane[0], lane[0] - 1 - lane[1])), [])


class Walk:
    """One engine walk from a node: ``on_path(path, walked)`` is called for each path
    reached (``walked``: the paths of the branch so far, this one included); nodes in
    ``visited`` (hex, index) are not walked from."""

    def __init__(self, board: Board, on_path, visited=()):
        self.board, self.on_path, self.visited = board, on_path, set(visited)

    def run(self, start: tuple, converging: bool) -> None:
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 20000))
        try:
            self._node(start, {}, defaultdict(int), converging)
        finally:
            sys.setrecursionlimit(limit)

    def _node(self, node, walked, counter, converging):
        if node in self.visited:
            return
        self.visited.add(node)
        for path in self.board.by_node.get(node, ()):
            self._path(path, None, None, walked, counter, converging, node, converging)
        if converging:
            self.visited.discard(node)

    def _path(self, path, skip, jskip, walked, counter, converging, origin, node_converging):
        board = self.board
        junction = None if path.junction is None else ("j", path.hex, path.junction)
        if (path in walked or (junction and counter[junction] > 1)
                or any(counter[(path.hex, edge, lane)] for edge, lane in path.exits)
                or (junction and path.terminal)):
            return
        walked[path] = True
        if junction:
            counter[junction] += 1
        self.on_path(path, walked)
        if not path.terminal:
            for index in path.nodes:
                nxt = (path.hex, index)
                if nxt != origin and not board.blocks[nxt]:
                    self._node(nxt, walked, counter, node_converging or converging)
        if junction and path.junction != jskip:
            for other in board.by_junction[(path.hex, path.junction)]:
                self._path(other, None, path.junction, walked, counter, converging, origin,
                           node_converging)
        for edge, lane in path.exits:
            if edge == skip:
                continue
            counter[(path.hex, edge, lane)] += 1
            turned = converging or board.exit_count[(path.hex, edge)] > 1
            for nxt in board.across(path, edge, lane):
                self._path(nxt, opposite(edge), None, walked, counter, turned, origin,
                           node_converging)
            counter[(path.hex, edge, lane)] -= 1
        if converging:
            walked.pop(path, None)
        if junction:
            counter[junction] -= 1


def board(position: Position) -> Board:
    """The walkable track of ``position`` for its operating company (computed once)."""
    return position.derived("walk.board", lambda: Board(position))


def _stations(position: Position) -> list[tuple]:
    return sorted(parse_node_id(s) for s in answers.stations(position))


def connected_nodes(position: Position) -> set[str]:
    """Node ids (``HEX-i``) of every stop on a path the walks from the company's stations
    reach, the stations included (the engine's ``connected_nodes``, where a company may
    place a token): each station is walked from with the others not walked through again."""
    def compute():
        starts = _stations(position)
        found = {node_id(h, i) for h, i in starts}

        def on_path(path, _):
            found.update(node_id(path.hex, i) for i in path.nodes)
        for start in starts:
            Walk(board(position), on_path, set(starts) - {start}).run(start, converging=False)
        return found
    return position.derived("walk.connected_nodes", compute)


def hexes_to_nearest(position: Position, start: str, hexes, free=frozenset()) -> int | None:
    """The fewest hexes, less one, that a walk from node ``start`` (``HEX-i``) covers up to a
    path with a stop in one of ``hexes``, hexes in ``free`` not counted; None if no walk
    reaches one (every walk is tried, as the engine's 18NY token price does)."""
    hex_id, index = parse_node_id(start)
    best = []

    def on_path(path, walked):
        if path.nodes and path.hex in hexes:
            best.append(len({p.hex for p in walked} - set(free)) - 1)
    Walk(board(position), on_path).run((hex_id, index), converging=True)
    return min(best) if best else None
