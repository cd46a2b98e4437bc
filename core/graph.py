"""The compact track graph of what the operating company can reach.

Stops (cities, towns, off-boards) are the vertices. A *segment* is one way to
get from a stop to another over track without touching a third stop: a walk
over tile paths through hex sides and junctions that uses no hex side or
junction twice and, at each hex side, crosses into the neighbouring hex. The
track resources a segment uses are its hex sides and its paths that end at no
edge (node-to-node track inside a tile); two routes of one run may share stops
but no resource (DIGEST 1.2 item 8).

``build_graph`` returns a ``TrackGraph`` holding plain arrays, ready for the
compiled enumerator (``trainrun._enumerate``).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .hexgrid import opposite
from .position import Position


@dataclass
class Segment:
    """Track joining stops ``a`` and ``b``; ``steps`` are (hex, from, to) in walking order a→b."""

    a: int
    b: int
    steps: list
    sides: frozenset
    inner: frozenset
    hexes: frozenset
    terminal_a: bool = False
    terminal_b: bool = False

    @property
    def resources(self) -> frozenset:
        return self.sides | self.inner


@dataclass
class TrackGraph:
    """Stops, segments and their resources, for one position."""

    position: Position
    stop_ids: list            # "HEX-i" per stop index
    stop_nodes: list          # (hex_id, Node) per stop index
    passable: np.ndarray      # uint8: a route may pass through (not only end at) this stop
    station: np.ndarray       # uint8: the company has a station here
    groups: np.ndarray        # uint64: bit g set when the stop belongs to exclusive group g
    segments: list
    resource_names: list      # description of each resource index
    hex_ids: list             # hex index -> hex id
    adj_off: np.ndarray = field(default=None)
    adj_seg: np.ndarray = field(default=None)
    adj_to: np.ndarray = field(default=None)
    seg_bits: np.ndarray = field(default=None)   # uint64 [segments, words]
    seg_sides: np.ndarray = field(default=None)  # int32 hex edges crossed per segment
    seg_a: np.ndarray = field(default=None)
    seg_hex_off: np.ndarray = field(default=None)  # CSR of hex indices per segment
    seg_hex: np.ndarray = field(default=None)
    seg_term_a: np.ndarray = field(default=None)
    seg_term_b: np.ndarray = field(default=None)

    @property
    def stop_index(self) -> dict:
        return {s: i for i, s in enumerate(self.stop_ids)}


def _bitset(indices, words: int) -> np.ndarray:
    out = np.zeros(words, dtype=np.uint64)
    for i in indices:
        out[i >> 6] |= np.uint64(1) << np.uint64(i & 63)
    return out


class _Track:
    """Every usable tile path on the board, indexed by the vertices it touches."""

    def __init__(self, position: Position):
        title = position.title
        self.paths = []        # (hex, path index, end a, end b, terminal)
        self.at = {}           # vertex -> list of (path id, hex)
        self.stops = {}        # ('n', hex, i) -> Node for stop vertices
        self.junctions = set()
        board = position.board
        edge_track = {h: p.tile.edges_at(p.rotation) for h, p in board.items()}
        for hex_id, placed in board.items():
            mh = title.hexes[hex_id]
            blocked = placed.tile.impassable_at(placed.rotation) | \
                mh.printed.impassable_at(mh.printed_rotation)
            for k, path in enumerate(placed.tile.paths_at(placed.rotation)):
                ends = []
                for end in path.ends():
                    if end[0] == "e":
                        edge = int(end[1:])
                        other = mh.neighbors.get(edge)
                        if (other is None or edge in blocked or other not in board
                                or opposite(edge) not in edge_track[other]):
                            break
                        ends.append(("s",) + tuple(sorted([(hex_id, edge), (other, opposite(edge))])))
                    else:
                        node = placed.tile.node(int(end[1:]))
                        vertex = ("n", hex_id, node.index)
                        if node.is_stop:
                            self.stops[vertex] = node
                        else:
                            self.junctions.add(vertex)
                        ends.append(vertex)
                else:
                    pid = len(self.paths)
                    self.paths.append((hex_id, ends[0], ends[1], path.terminal, path))
                    for v in ends:
                        self.at.setdefault(v, []).append(pid)


def _walks(track: _Track, start):
    """Every walk from stop ``start`` to another stop, as lists of path ids."""
    out = []

    def extend(vertex, came_hex, used_paths, seen):
        for pid in track.at.get(vertex, ()):
            if pid in used_paths:
                continue
            hex_id, a, b, _, _ = track.paths[pid]
            if vertex[0] == "s" and hex_id == came_hex:
                continue  # at a hex side the walk must cross into the other hex
            nxt = b if a == vertex else a
            if nxt in seen:
                continue
            if nxt in track.stops:
                if nxt != start:
                    out.append((nxt, used_paths + [pid]))
                continue
            extend(nxt, hex_id, used_paths + [pid], seen | {nxt})

    extend(start, None, [], {start})
    return out


def build_graph(position: Position) -> TrackGraph:
    """Build the track graph of the stops the operating company can reach."""
    hook = position.ruleset.hook
    track = _Track(position)
    stations = hook.trainrun_company_stations(position=position)
    vertices = sorted(track.stops, key=lambda v: (v[1], v[2]))

    def passable(v) -> bool:
        node = track.stops[v]
        if node.kind == "offboard":
            return False
        if node.kind == "city":
            placed = position.board[v[1]]
            tokens = placed.tokens.get(node.index)
            if tokens is not None and hook.trainrun_city_blocks(
                    position=position, hex_id=v[1], node=node, tokens=tokens):
                return False
        return True

    # reachable stops: from each station, expanding only through passable stops
    walks = {}
    start = [v for v in vertices if f"{v[1]}-{v[2]}" in stations]
    reach, queue = set(start), list(start)
    while queue:
        v = queue.pop()
        walks[v] = _walks(track, v)
        if v not in start and not passable(v):
            continue
        for w, _ in walks[v]:
            if w not in reach:
                reach.add(w)
                queue.append(w)
    for v in reach:
        if v not in walks:
            walks[v] = _walks(track, v)
    stop_vs = sorted(reach, key=lambda v: (v[1], v[2]))
    index = {v: i for i, v in enumerate(stop_vs)}

    # exclusive groups: tile `groups` tags plus the title's extra sets
    group_names = {}
    stop_ids = [f"{v[1]}-{v[2]}" for v in stop_vs]
    masks = np.zeros(len(stop_vs), dtype=np.uint64)
    for i, v in enumerate(stop_vs):
        for g in track.stops[v].groups:
            gi = group_names.setdefault(("tag", g), len(group_names))
            masks[i] |= np.uint64(1) << np.uint64(gi)
    for k, members in enumerate(hook.trainrun_exclusive_stops(position=position)):
        for s in members:
            if s in stop_ids:
                gi = group_names.setdefault(("set", k), len(group_names))
                masks[stop_ids.index(s)] |= np.uint64(1) << np.uint64(gi)
    if len(group_names) > 64:
        raise ValueError("more than 64 exclusive stop groups")

    resources, hexes, segments = {}, {}, []
    for v in stop_vs:
        for w, pids in walks[v]:
            if w not in index or index[w] <= index[v]:
                continue
            steps, sides, inner, touched = [], set(), set(), set()
            term_a = term_b = False
            cur = v
            for pid in pids:
                hex_id, a, b, terminal, path = track.paths[pid]
                nxt = b if a == cur else a
                steps.append((hex_id, _end_name(hex_id, cur), _end_name(hex_id, nxt)))
                touched.add(hexes.setdefault(hex_id, len(hexes)))
                for end in (a, b):
                    if end[0] == "s":
                        sides.add(resources.setdefault(end, len(resources)))
                if a[0] != "s" and b[0] != "s":
                    inner.add(resources.setdefault(("p", hex_id, pid), len(resources)))
                if terminal:
                    if v in (a, b):
                        term_a = True
                    elif w in (a, b):
                        term_b = True
                    else:
                        break
                cur = nxt
            else:
                segments.append(Segment(index[v], index[w], steps, frozenset(sides),
                                        frozenset(inner), frozenset(touched), term_a, term_b))

    graph = TrackGraph(
        position=position, stop_ids=stop_ids,
        stop_nodes=[(v[1], track.stops[v]) for v in stop_vs],
        passable=np.array([passable(v) for v in stop_vs], dtype=np.uint8),
        station=np.array([s in stations for s in stop_ids], dtype=np.uint8),
        groups=masks, segments=segments,
        resource_names=[_resource_name(r) for r in sorted(resources, key=resources.get)],
        hex_ids=sorted(hexes, key=hexes.get))
    _pack(graph, len(resources))
    return graph


def _end_name(hex_id: str, vertex) -> str:
    if vertex[0] == "n":
        return f"n{vertex[2]}"
    (h1, e1), (h2, e2) = vertex[1], vertex[2]
    return f"e{e1}" if h1 == hex_id else f"e{e2}"


def _resource_name(key) -> str:
    if key[0] == "s":
        (h1, _), (h2, _) = key[1], key[2]
        return f"the hex side between {h1} and {h2}"
    return f"the track inside {key[1]}"


def _pack(graph: TrackGraph, n_resources: int) -> None:
    """Arrays for the compiled enumerator."""
    segs = graph.segments
    words = max(1, (n_resources + 63) // 64)
    graph.seg_bits = np.array([_bitset(s.resources, words) for s in segs],
                              dtype=np.uint64).reshape(len(segs), words)
    graph.seg_a = np.array([s.a for s in segs], dtype=np.int32)
    graph.seg_hex_off = np.zeros(len(segs) + 1, dtype=np.int32)
    graph.seg_hex_off[1:] = np.cumsum([len(s.hexes) for s in segs])
    graph.seg_hex = np.array([h for s in segs for h in sorted(s.hexes)], dtype=np.int32)
    graph.seg_sides = np.array([len(s.sides) for s in segs], dtype=np.int32)
    graph.seg_term_a = np.array([s.terminal_a for s in segs], dtype=np.uint8)
    graph.seg_term_b = np.array([s.terminal_b for s in segs], dtype=np.uint8)
    n = len(graph.stop_ids)
    adj = [[] for _ in range(n)]
    for k, s in enumerate(segs):
        adj[s.a].append((k, s.b))
        adj[s.b].append((k, s.a))
    graph.adj_off = np.zeros(n + 1, dtype=np.int32)
    graph.adj_off[1:] = np.cumsum([len(a) for a in adj])
    graph.adj_seg = np.array([k for a in adj for k, _ in a], dtype=np.int32)
    graph.adj_to = np.array([t for a in adj for _, t in a], dtype=np.int32)
