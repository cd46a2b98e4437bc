"""The compact track graph of what the operating company can reach.

Stops (cities, towns, off-boards) are the vertices. A *segment* is one way to
get from a stop to another over track without touching a third stop: a walk
over tile paths through hex sides and junctions that uses no hex side or
junction twice and, at each hex side, crosses into the neighbouring hex. The
track resources a segment uses are its hex sides and its paths that end at no
edge (node-to-node track inside a tile); two routes of one run may share stops
but no resource (docs/rules/common.md §3.7).

``build_graph`` collects the board's usable paths into arrays, lets the
compiled walker (``trainrun.routes._segments``) find the segments, keeps what the
company can reach and packs a ``TrackGraph`` for the compiled route
enumerator (``trainrun.routes._enumerate``).
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from trainrun.board.hexgrid import opposite
from trainrun.board.position import Position, node_id
from trainrun.board.tiles import Node, Tile, gauges_meet, lane_end
from trainrun.board.townspots import spot_claims
from trainrun.hooks import answers
from trainrun.hooks.rules import RouteBonus
from trainrun.routes._segments import walk_segments

if TYPE_CHECKING:
    import networkx as nx


@dataclass
class Segment:
    """Track joining stops ``a`` and ``b``; ``steps`` are (hex, from, to) in walking order a→b."""

    a: int
    b: int
    steps: list
    resources: frozenset
    sides: int
    hexes: frozenset
    terminal_a: bool = False
    terminal_b: bool = False


@dataclass
class TrackGraph:
    """Stops, segments and their resources for one position, as the enumerator takes them.

    Stops are numbered in board order (hex id, node index); ``segments`` keeps each
    segment's walk for output, the arrays the same facts by index for the compiled
    enumerator. ``trainrun.routes.solver_input.network`` gives the path model the same graph
    without position or names; ``as_networkx`` gives it to other questions."""

    position: Position
    stop_ids: list            # "HEX-i" per stop index
    stop_nodes: list          # (hex_id, Node) per stop index
    passable: np.ndarray      # uint8: a route may pass through (not only end at) this stop
    station: np.ndarray       # uint8: the company has a station here
    groups: np.ndarray        # uint64 [stops, words]: bit g set when in exclusive group g
    segments: list
    resource_names: list      # description of each resource index
    hex_ids: list             # hex index -> hex id
    adj_off: np.ndarray       # CSR per stop of (segment, other stop)
    adj_seg: np.ndarray
    adj_to: np.ndarray
    seg_a: np.ndarray         # int32 per segment: its end stops
    seg_b: np.ndarray
    seg_bits: np.ndarray      # uint64 [segments, words]: track resources
    seg_sides: np.ndarray     # int32: hex edges crossed
    seg_hex_off: np.ndarray   # CSR of hex indices touched per segment
    seg_hex: np.ndarray
    seg_term_a: np.ndarray    # uint8: a terminal path touches end a (a must end the route)
    seg_term_b: np.ndarray
    # hex index -> hex id of the entries of ``hex_ids`` that stand for one kind of track on
    # a hex (``HEX:kind``, ``track_hex``), touched by a segment using a path of that kind
    # there: what a route bonus with ``track`` asks (18GB's estuary crossings)
    track_hexes: dict = field(default_factory=dict)

    def hex_name(self, index: int) -> str:
        """The board hex of hex index ``index`` (that of a track entry: its hex)."""
        return self.track_hexes.get(index, self.hex_ids[index])

    @functools.cached_property
    def stop_index(self) -> dict:
        return {s: i for i, s in enumerate(self.stop_ids)}

    def passable_for(self, passes: frozenset) -> np.ndarray:
        """``passable`` for a train whose ``TrainRules.passes`` is ``passes``: a city with
        a slot one of them holds lets it through too (``answers.passes_through``)."""
        if not passes:
            return self.passable
        out = self.passable.copy()
        for i, (hex_id, node) in enumerate(self.stop_nodes):
            if answers.passes_through(self.position, hex_id, node, passes):
                out[i] = 1
        return out

    def group_mask(self, stop: int) -> int:
        """The exclusive groups of stop index ``stop`` as one integer (bit g: group g)."""
        return sum(int(w) << (64 * i) for i, w in enumerate(self.groups[stop]))

    def as_networkx(self) -> nx.MultiGraph:
        """The graph for questions beyond the route search (18PA's destination check): a
        node per stop, named by its id ``HEX-i``, with ``passable`` (a route may pass
        through it, not only end there), ``station`` and ``groups`` (bit g set for
        exclusive group g); an edge per segment, keyed by its index, with ``resources``
        (frozenset of track resource indices: two segments of one route share none),
        ``hexes`` (the ids of the hexes its track touches) and ``sides``. A new graph each
        call: change it freely."""
        import networkx as nx  # lazy: start-up time; the route search never needs networkx
        out: nx.MultiGraph[str] = nx.MultiGraph()
        for i, stop in enumerate(self.stop_ids):
            out.add_node(stop, passable=bool(self.passable[i]), station=bool(self.station[i]),
                         groups=self.group_mask(i))
        for k, seg in enumerate(self.segments):
            out.add_edge(self.stop_ids[seg.a], self.stop_ids[seg.b], key=k,
                         resources=seg.resources,
                         hexes=frozenset(self.hex_ids[h] for h in seg.hexes
                                         if h not in self.track_hexes), sides=seg.sides)
        return out


@functools.lru_cache(maxsize=4096)
def _turned(tile: Tile, rotation: int) -> tuple:
    """(end a, end b, terminal, gauge) of each path, an end being ('e', board edge, lane)
    or ('n', index, lane); a lane is (width, index)."""
    return tuple((((p.a[0], int(p.a[1:]), p.a_lane), (p.b[0], int(p.b[1:]), p.b_lane),
                   p.terminal, p.track)) for p in tile.paths_at(rotation))


@functools.lru_cache(maxsize=4096)
def _edges(tile: Tile, rotation: int) -> frozenset:
    """(board edge, lane, gauge) triples where the tile's track meets its edges."""
    return frozenset((k, lane, track) for a, b, _, track in _turned(tile, rotation)
                     for kind, k, lane in (a, b) if kind == "e")


GAUGE_BITS = {"broad": 1, "narrow": 2, "dual": 3}   # two gauges meet when their bits do


def track_hex(hex_id: str, track: str) -> str:
    """The graph's hex id of the ``track`` kind of track on ``hex_id`` (``TrackGraph.
    track_hexes``)."""
    return f"{hex_id}:{track}"


class _Board:
    """The board's usable tile paths as numbered vertices and arrays."""

    def __init__(self, position: Position):
        title, board = position.title, position.board
        stops: dict[tuple, Node] = {}
        others: dict[tuple, Any] = {}   # side: (hex, edge, other hex, its edge); else the Node
        raw: list[tuple] = []
        for hex_id, placed in board.items():
            if not placed.tile.paths:
                continue
            mh = title.hexes[hex_id]
            blocked = position.closed_edges(hex_id)
            claims = spot_claims(placed.tile, placed.rotation)
            for (a, b, terminal, track), claim in zip(_turned(placed.tile, placed.rotation),
                                                       claims):
                ends: list[tuple] = []
                key: tuple
                for kind, k, lane in (a, b):
                    if kind == "e":
                        other = mh.neighbors.get(k)
                        across = (lane[0], lane[0] - 1 - lane[1])  # the lane it meets
                        if (other is None or k in blocked or not any(
                                (e, w) == (opposite(k), across) and gauges_meet(track, t)
                                for e, w, t in _edges(board[other].tile, board[other].rotation))):
                            break
                        # one vertex per lane (width and index) of the side: lanes of
                        # different widths never meet (18xx.games ``lane_match?``)
                        key = (("s", hex_id, k, lane) if hex_id < other
                               else ("s", other, opposite(k), across))
                        others.setdefault(key, (hex_id, k, other, opposite(k)))
                        ends.append(key)
                    else:
                        node = placed.tile.node(k)
                        key = ("n", hex_id, k)
                        (stops if node.is_stop else others).setdefault(key, node)
                        ends.append(key)
                else:
                    raw.append((hex_id, ends[0], ends[1], terminal, track,
                                lane_end(f"{a[0]}{a[1]}", a[2]), lane_end(f"{b[0]}{b[1]}", b[2]),
                                claim and (hex_id, *claim)))
        # stops in board order (hex id, node index): the stop index is the board-order
        # tie-break of ``trainrun.hooks.rules.scoring_rank``
        self.stop_keys = sorted(stops, key=lambda v: (v[1], v[2]))
        self.stop_nodes = [stops[v] for v in self.stop_keys]
        other_keys = list(others)
        self.keys = self.stop_keys + other_keys
        self.vertex = {v: i for i, v in enumerate(self.keys)}
        self.side_info = {self.vertex[k]: others[k] for k in other_keys if k[0] == "s"}
        n = len(self.vertex)
        self.is_side = np.zeros(n, dtype=np.uint8)
        self.is_side[list(self.side_info)] = 1
        self.hexes = sorted({r[0] for r in raw})
        hex_index = {h: i for i, h in enumerate(self.hexes)}
        self.path_hex = np.array([hex_index[r[0]] for r in raw], dtype=np.int32)
        self.path_u = np.array([self.vertex[r[1]] for r in raw], dtype=np.int32)
        self.path_v = np.array([self.vertex[r[2]] for r in raw], dtype=np.int32)
        self.path_terminal = [r[3] for r in raw]
        self.path_gauge = np.array([GAUGE_BITS[r[4]] for r in raw], dtype=np.uint8)
        self.path_track = [r[4] for r in raw]
        self.path_names = [(r[5], r[6]) for r in raw]   # chain names of ends u, v
        self.path_spot = [r[7] for r in raw]   # (hex, town, lane) of the spot it passes
        incident: list[list[int]] = [[] for _ in range(n)]
        for pid in range(len(raw)):
            incident[self.path_u[pid]].append(pid)
            incident[self.path_v[pid]].append(pid)
        self.at_off = np.zeros(n + 1, dtype=np.int32)
        self.at_off[1:] = np.cumsum([len(x) for x in incident])
        self.at_path = np.array([p for x in incident for p in x], dtype=np.int32)

    def end_name(self, pid: int, vertex: int) -> str:
        """The end of path ``pid`` at ``vertex`` as a chain writes it (``tiles.lane_end``)."""
        return self.path_names[pid][0 if self.path_u[pid] == vertex else 1]


def build_graph(position: Position) -> TrackGraph:
    """Build the track graph of the stops the operating company can reach."""
    bd = _Board(position)
    seg_a, seg_b, path_off, seg_paths = walk_segments(
        len(bd.stop_keys), bd.is_side, bd.path_u, bd.path_v, bd.path_hex, bd.path_gauge,
        bd.at_off, bd.at_path)
    all_ids = [node_id(h, i) for _, h, i in bd.stop_keys]
    stations = answers.stations(position)
    ends_only = np.array([answers.ends_routes(position, k[1], n)
                          for k, n in zip(bd.stop_keys, bd.stop_nodes)], dtype=bool)
    # a city some train of the company passes (``TrainRules.passes``) does not end its reach
    passes = frozenset().union(*(answers.train_rules(position, t).passes
                                 for t in position.trains))
    reach_ends = ends_only & ~np.array([answers.passes_through(position, k[1], n, passes)
                                        for k, n in zip(bd.stop_keys, bd.stop_nodes)],
                                       dtype=bool)

    # stops the company reaches: from its stations, going on only through stops one of its
    # trains may pass
    neighbours: list[list[int]] = [[] for _ in all_ids]
    for a, b in zip(seg_a.tolist(), seg_b.tolist()):
        neighbours[a].append(b)
        neighbours[b].append(a)
    start = [i for i, s in enumerate(all_ids) if s in stations]
    reach, queue = set(start), list(start)
    while queue:
        v = queue.pop()
        if reach_ends[v] and v not in start:
            continue
        for w in neighbours[v]:
            if w not in reach:
                reach.add(w)
                queue.append(w)
    keep = sorted(reach)
    index = {old: new for new, old in enumerate(keep)}
    stop_ids = [all_ids[i] for i in keep]

    # exclusive groups: tile `groups` tags plus the title's extra sets, one bit each
    member_of: list = [[] for _ in keep]
    group_bit: dict = {}
    for new, old in enumerate(keep):
        for g in position.node_groups(bd.stop_keys[old][1], bd.stop_nodes[old]):
            member_of[new].append(group_bit.setdefault(("tag", g), len(group_bit)))
    where = {s: i for i, s in enumerate(stop_ids)}
    for k, members in enumerate(answers.exclusive_stops(position)):
        for s in members:
            if s in where:
                member_of[where[s]].append(group_bit.setdefault(("set", k), len(group_bit)))
    masks = np.zeros((len(keep), max(1, (len(group_bit) + 63) // 64)), dtype=np.uint64)
    for i, bits in enumerate(member_of):
        for g in bits:
            masks[i, g >> 6] |= np.uint64(1) << np.uint64(g & 63)

    # (hex, track kind) of the route bonuses paid only over such track (``RouteBonus.track``)
    kinds = {(h, b.track) for t in position.trains for b in answers.route_bonuses(position, t)
             if isinstance(b, RouteBonus) and b.track for h in b.hexes}
    resources: dict[tuple, int] = {}
    hexes: dict[str, int] = {}
    segments: list[Segment] = []
    for j in range(len(seg_a)):
        a, b = int(seg_a[j]), int(seg_b[j])
        if a not in index or b not in index:
            continue
        steps, res, touched, sides = [], set(), set(), set()
        term_a = term_b = False
        cur = a
        for pid in seg_paths[path_off[j]:path_off[j + 1]].tolist():
            hex_id = bd.hexes[bd.path_hex[pid]]
            u, v = int(bd.path_u[pid]), int(bd.path_v[pid])
            nxt = v if u == cur else u
            steps.append((hex_id, bd.end_name(pid, cur), bd.end_name(pid, nxt)))
            touched.add(hexes.setdefault(hex_id, len(hexes)))
            if (hex_id, bd.path_track[pid]) in kinds:
                touched.add(hexes.setdefault(track_hex(hex_id, bd.path_track[pid]), len(hexes)))
            side_ends = [x for x in (u, v) if x in bd.side_info]
            for x in side_ends:
                sides.add(x)
                res.add(resources.setdefault(("s", x), len(resources)))
            if not side_ends:  # node-to-node track inside a tile
                res.add(resources.setdefault(("p", pid), len(resources)))
            if bd.path_spot[pid]:  # past a town drawn by an edge (board.townspots)
                res.add(resources.setdefault(("t", bd.path_spot[pid]), len(resources)))
            if bd.path_terminal[pid]:
                if a in (u, v):
                    term_a = True
                elif b in (u, v):
                    term_b = True
                else:
                    break  # a terminal path inside a chain can never be at a route end
            cur = nxt
        else:
            segments.append(Segment(index[a], index[b], steps, frozenset(res), len(sides),
                                    frozenset(touched), term_a, term_b))

    names = []
    for key in sorted(resources, key=resources.__getitem__):
        if key[0] == "s":
            h1, _, h2, _ = bd.side_info[key[1]]
            names.append(f"the hex side between {h1} and {h2}")
        elif key[0] == "t":
            names.append(f"the track past the town {key[1][0]}-{key[1][1]}")
        else:
            names.append(f"the track inside {bd.hexes[bd.path_hex[key[1]]]}")
    return _pack(position, stop_ids, [(bd.stop_keys[i][1], bd.stop_nodes[i]) for i in keep],
                 ~ends_only[keep], [s in stations for s in stop_ids], masks, segments, names,
                 sorted(hexes, key=hexes.__getitem__))


def track_network(position: Position) -> nx.MultiGraph:
    """The operating company's track graph as a networkx graph, for a title's questions
    beyond the route search (18PA's destination check): ``TrackGraph.as_networkx`` of
    ``build_graph(position)``, a new graph each call."""
    return build_graph(position).as_networkx()


def _pack(position, stop_ids, stop_nodes, passable, station, masks, segments, names,
          hex_ids) -> TrackGraph:
    """Arrays for the compiled enumerator."""
    words = max(1, (len(names) + 63) // 64)
    bits = np.zeros((len(segments), words), dtype=np.uint64)
    for k, seg in enumerate(segments):
        for r in seg.resources:
            bits[k, r >> 6] |= np.uint64(1) << np.uint64(r & 63)
    n = len(stop_ids)
    adj: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for k, seg in enumerate(segments):
        adj[seg.a].append((k, seg.b))
        adj[seg.b].append((k, seg.a))
    adj_off = np.zeros(n + 1, dtype=np.int32)
    adj_off[1:] = np.cumsum([len(x) for x in adj])
    hex_off = np.zeros(len(segments) + 1, dtype=np.int32)
    hex_off[1:] = np.cumsum([len(seg.hexes) for seg in segments])
    return TrackGraph(
        position=position, stop_ids=stop_ids, stop_nodes=stop_nodes,
        passable=np.asarray(passable, dtype=np.uint8),
        station=np.asarray(station, dtype=np.uint8), groups=masks, segments=segments,
        resource_names=names, hex_ids=hex_ids, adj_off=adj_off,
        adj_seg=np.array([k for x in adj for k, _ in x], dtype=np.int32),
        adj_to=np.array([t for x in adj for _, t in x], dtype=np.int32),
        seg_a=np.array([seg.a for seg in segments], dtype=np.int32),
        seg_b=np.array([seg.b for seg in segments], dtype=np.int32), seg_bits=bits,
        seg_sides=np.array([seg.sides for seg in segments], dtype=np.int32),
        seg_hex_off=hex_off,
        seg_hex=np.array([h for seg in segments for h in sorted(seg.hexes)], dtype=np.int32),
        seg_term_a=np.array([seg.terminal_a for seg in segments], dtype=np.uint8),
        seg_term_b=np.array([seg.terminal_b for seg in segments], dtype=np.uint8),
        track_hexes={i: h.split(":")[0] for i, h in enumerate(hex_ids) if ":" in h})
