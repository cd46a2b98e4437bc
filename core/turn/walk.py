"""The 18xx.games engine's walk over track, for the turn's questions: what the company
reaches for a tile lay (``reach``: track, hex sides, cities), which cities it may token
(``connected_nodes``), how far a city is from its tokens (``hexes_to_nearest``). Off the
solver's path: the run is ``trainrun.routes.graph``'s.

A walk leaves a node along each of its tile paths; a path goes on across each of its
hex sides into the paths of the next hex that meet it there (the same lane), or through
its junction into the junction's other paths; at a path's stop the walk goes on from
that stop unless the path is terminal or the stop ends the company's routes (an
off-board, a city full of other companies' tokens: ``trainrun_city_blocks``). Within one
branch of the walk no path is walked twice and no path leaves its hex over a side the
branch already left that hex by; a node is walked from once per walk, and so is a path,
except after a side where several paths of a tile meet (a converging exit), from where
both are walked afresh (the engine's ``Node#walk`` and ``Path#walk``).

The company's network is what the walks from its stations reach, each station walked
from with the others not walked through again (the engine's ``Graph#compute``).
"""
from __future__ import annotations

import functools
import sys
from collections import defaultdict
from dataclasses import dataclass

from trainrun.board.hexgrid import opposite
from trainrun.board.position import PlacedHex, Position, node_id, split_node_id
from trainrun.board.tiles import Tile
from trainrun.hooks import answers


@dataclass(frozen=True, eq=False)
class _Path:
    hex: str
    index: int          # on its tile, in tile order
    exits: tuple        # (board edge, (width, lane index))
    nodes: tuple        # indices of the stops of the tile it touches
    junction: int | None
    terminal: bool


@dataclass(frozen=True)
class HexTrack:
    """One hex's tile paths as the walk sees them: by (edge, lane), by stop and by junction
    (each in tile order), how many paths leave by each edge, and the stops that end the
    company's routes there."""

    paths: tuple
    by_exit: dict
    by_node: dict
    by_junction: dict
    exit_count: dict
    blocks: frozenset


@functools.lru_cache(maxsize=16384)
def _layout(hex_id: str, tile: Tile, rotation: int) -> tuple[tuple, dict, dict, dict, dict]:
    """The walk's paths of ``tile`` lying on ``hex_id`` at ``rotation`` and their indices
    (``HexTrack``'s fields but ``blocks``), kept per title: a tile's geometry is asked
    once."""
    paths = []
    for k, p in enumerate(tile.paths_at(rotation)):
        exits, nodes, junction = [], [], None
        for end, lane in ((p.a, p.a_lane), (p.b, p.b_lane)):
            if end[0] == "e":
                exits.append((int(end[1:]), lane))
            else:
                node = tile.node(int(end[1:]))
                if node.is_stop:
                    nodes.append(node.index)
                else:
                    junction = node.index
        paths.append(_Path(hex_id, k, tuple(exits), tuple(nodes), junction, p.terminal))
    by_exit: dict[tuple, list[_Path]] = {}
    by_node: dict[int, list[_Path]] = {}
    by_junction: dict[int, list[_Path]] = {}
    exit_count: dict[int, int] = {}
    for path in paths:
        for edge, lane in path.exits:
            by_exit.setdefault((edge, lane), []).append(path)
            exit_count[edge] = exit_count.get(edge, 0) + 1
        for index in path.nodes:
            by_node.setdefault(index, []).append(path)
        if path.junction is not None:
            by_junction.setdefault(path.junction, []).append(path)
    return tuple(paths), by_exit, by_node, by_junction, exit_count


def hex_track(position: Position, placed: PlacedHex) -> HexTrack:
    """The walk's view of ``placed`` (a hex of ``position``'s board, or a tile about to lie
    there) for the operating company."""
    blocks = frozenset(n.index for n in placed.tile.nodes if n.is_stop
                       and answers.ends_routes(position, placed.id, n, placed))
    return HexTrack(*_layout(placed.id, placed.tile, placed.rotation), blocks)


class Tracks(dict[str, HexTrack]):
    """Each hex's ``HexTrack`` on ``position``'s board, made when first looked up: a walk
    sees only the hexes it reaches. ``every()`` gives them all."""

    def __init__(self, position: Position, made=()):
        super().__init__(made)
        self.position = position

    def __missing__(self, hex_id: str) -> HexTrack:
        track = self[hex_id] = hex_track(self.position, self.position.board[hex_id])
        return track

    def every(self) -> list[tuple[str, HexTrack]]:
        """(hex, track) of every hex of the board, in the board's order."""
        return [(h, self[h]) for h in self.position.board]


class Board:
    """The board's tile paths as the walk sees them, for one company: ``hexes`` maps each
    hex to its ``HexTrack`` (``Tracks``)."""

    def __init__(self, position: Position, hexes: Tracks | None = None):
        self.position = position
        self.neighbors = {h: mh.neighbors for h, mh in position.title.hexes.items()}
        self.hexes = hexes if hexes is not None else Tracks(position)

    def with_hex(self, track: HexTrack, hex_id: str) -> Board:
        """This board with ``hex_id``'s track replaced by ``track`` (a tile about to lie)."""
        hexes = Tracks(self.position, self.hexes)
        hexes[hex_id] = track
        return Board(self.position, hexes)

    def across(self, path: _Path, edge: int, lane: tuple) -> list:
        """The paths of the next hex meeting ``path``'s exit ``edge`` in the same lane."""
        other = self.neighbors[path.hex].get(edge)
        if other is None:
            return []
        return self.hexes[other].by_exit.get((opposite(edge), (lane[0], lane[0] - 1 - lane[1])),
                                             [])


class Stop(Exception):
    """Raised by an ``on_path`` callback to end a walk early."""


class Walk:
    """One engine walk from a node: ``on_path(path, walked)`` is called for each path
    reached (``walked``: the paths of the branch so far, this one included; it may raise
    ``Stop`` to end the walk); nodes in ``visited`` (hex, index) are not walked from."""

    def __init__(self, board: Board, on_path, visited=()):
        self.board, self.on_path, self.visited = board, on_path, set(visited)

    def run(self, start: tuple, converging: bool) -> bool:
        """Walk from ``start``; False when ``on_path`` stopped it."""
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 20000))
        try:
            self._node(start, {}, defaultdict(int), converging)
        except Stop:
            return False
        finally:
            sys.setrecursionlimit(limit)
        return True

    def _node(self, node, walked, counter, converging):
        if node in self.visited:
            return
        self.visited.add(node)
        for path in self.board.hexes[node[0]].by_node.get(node[1], ()):
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
        here = board.hexes[path.hex]
        if not path.terminal:
            for index in path.nodes:
                nxt = (path.hex, index)
                if nxt != origin and index not in here.blocks:
                    self._node(nxt, walked, counter, node_converging or converging)
        if junction and path.junction != jskip:
            for other in here.by_junction[path.junction]:
                self._path(other, None, path.junction, walked, counter, converging, origin,
                           node_converging)
        for edge, lane in path.exits:
            if edge == skip:
                continue
            counter[(path.hex, edge, lane)] += 1
            turned = converging or here.exit_count[edge] > 1
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


def stations(position: Position) -> list[tuple]:
    """(hex, node index) of the company's stations, sorted (``answers.stations``)."""
    return sorted(split_node_id(s) for s in answers.stations(position))


def network_walk(track: Board, starts: list[tuple], on_path) -> bool:
    """The walks from each of ``starts`` on ``track``, the other starts not walked through
    again; False when ``on_path`` stopped one (the rest are then not walked)."""
    return all(Walk(track, on_path, set(starts) - {start}).run(start, converging=False)
               for start in starts)


class _Watched(Board):
    """A board noting, per hex, the (edge, lane) by which a walk first tries to enter it."""

    def __init__(self, base: Board):
        super().__init__(base.position, base.hexes)
        self.first: dict[str, tuple | None] = {}

    def across(self, path: _Path, edge: int, lane: tuple) -> list:
        other = self.neighbors[path.hex].get(edge)
        if other is not None and other not in self.first:
            self.first[other] = (opposite(edge), (lane[0], lane[0] - 1 - lane[1]))
        return super().across(path, edge, lane)


def first_entries(position: Position) -> dict[str, frozenset]:
    """Per hex, the (edge, lane) by which the walk from some station first tries to enter
    it (computed once). Until then the walk has not touched the hex, so it walks the same
    whatever tile lies there: on any tile, every path at that edge and lane is reached."""
    def compute():
        starts = stations(position)
        out: dict[str, set] = {}
        for start in starts:
            watched = _Watched(board(position))
            watched.first[start[0]] = None      # entered from its station, not an edge
            Walk(watched, lambda path, walked: None, set(starts) - {start}).run(
                start, converging=False)
            for hex_id, entry in watched.first.items():
                if entry is not None:
                    out.setdefault(hex_id, set()).add(entry)
        return {h: frozenset(e) for h, e in out.items()}
    return position.derived("walk.first_entries", compute)


@dataclass(frozen=True)
class Reach:
    """What the company's network reaches: ``paths`` as (hex, path index on its tile),
    ``nodes`` as (hex, node index) — every city, town and off-board on reached track,
    stations included — and ``sides``: per hex, the board edges open to new track (where
    reached track ends, on both hexes of the side, and every side of a station's hex)."""

    paths: frozenset[tuple[str, int]]
    nodes: frozenset[tuple[str, int]]
    sides: dict[str, frozenset[int]]


def reach(position: Position) -> Reach:
    """What the operating company reaches now (computed once per position)."""
    def compute():
        starts = stations(position)
        neighbors = board(position).neighbors
        paths, nodes = set(), set(starts)
        sides: dict[str, set[int]] = {}
        for hex_id, _ in starts:
            sides.setdefault(hex_id, set()).update(neighbors[hex_id])

        def on_path(path, _):
            paths.add((path.hex, path.index))
            nodes.update((path.hex, i) for i in path.nodes)
            for edge, _ in path.exits:
                sides.setdefault(path.hex, set()).add(edge)
                other = neighbors[path.hex].get(edge)
                if other is not None:
                    sides.setdefault(other, set()).add(opposite(edge))
        network_walk(board(position), starts, on_path)
        return Reach(frozenset(paths), frozenset(nodes),
                     {h: frozenset(e) for h, e in sides.items()})
    return position.derived("walk.reach", compute)


def connected_nodes(position: Position) -> set[str]:
    """Node ids (``HEX-i``) of every stop on a path the walks from the company's stations
    reach, the stations included (the engine's ``connected_nodes``, where a company may
    place a token)."""
    return {node_id(h, i) for h, i in reach(position).nodes}


def hexes_to_nearest(position: Position, start: str, hexes, free=frozenset()) -> int | None:
    """The fewest hexes, less one, that a walk from node ``start`` (``HEX-i``) covers up to a
    path with a stop in one of ``hexes``, hexes in ``free`` not counted; None if no walk
    reaches one (every walk is tried, as the engine's 18NY token price does)."""
    hex_id, index = split_node_id(start)
    best = []

    def on_path(path, walked):
        if path.nodes and path.hex in hexes:
            best.append(len({p.hex for p in walked} - set(free)) - 1)
    Walk(board(position), on_path).run((hex_id, index), converging=True)
    return min(best) if best else None
