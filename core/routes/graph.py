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
enumerator (``trainrun.routes._enumerate``). What does not depend on the board is
worked out once: a tile's paths per rotation, and per title the paths of each tile
laid on each hex with their vertices named (``_hex_paths``); a board only joins them
across the hex sides where both tiles have track.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from trainrun.board.hexgrid import opposite
from trainrun.board.position import Position, node_id
from trainrun.board.tiles import Node, Tile, lane_end
from trainrun.board.title import Title
from trainrun.board.townspots import spot_claims
from trainrun.hooks import answers
from trainrun.hooks.rules import RouteBonus
from trainrun.routes._segments import segment_resources, walk_segments

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


GAUGE_BITS = {"broad": 1, "narrow": 2, "dual": 3}   # two gauges meet when their bits do
GAUGES = {bits: gauge for gauge, bits in GAUGE_BITS.items()}


def track_hex(hex_id: str, track: str) -> str:
    """The graph's hex id of the ``track`` kind of track on ``hex_id`` (``TrackGraph.
    track_hexes``)."""
    return f"{hex_id}:{track}"


@dataclass(frozen=True)
class _TilePaths:
    """A tile's paths at one rotation in the form ``_Board`` joins across the board:
    ``paths`` holds per path (ends, terminal, track, gauge bits, chain names of its ends,
    the town spot it claims), an end being ("e", board edge, lane, the edge across, the
    lane it meets there) or ("n", node index, Node); ``meets`` maps (board edge, lane) to
    the gauge bits of the track reaching it; ``closed`` the board edges the tile closes
    (``Tile.impassable_at``)."""

    paths: tuple
    meets: dict
    closed: frozenset


@functools.lru_cache(maxsize=8192)
def _tile_paths(tile: Tile, rotation: int) -> _TilePaths:
    """``_TilePaths`` of ``tile`` at ``rotation`` (a title's tiles are immutable objects)."""
    paths: list[tuple] = []
    meets: dict[tuple, int] = {}
    for p, claim in zip(tile.paths_at(rotation), spot_claims(tile, rotation)):
        ends: list[tuple] = []
        names = []
        for end, lane in ((p.a, p.a_lane), (p.b, p.b_lane)):
            k = int(end[1:])
            names.append(lane_end(f"{end[0]}{k}", lane))
            if end[0] == "e":
                ends.append(("e", k, lane, opposite(k), (lane[0], lane[0] - 1 - lane[1])))
                meets[k, lane] = meets.get((k, lane), 0) | GAUGE_BITS[p.track]
            else:
                ends.append(("n", k, tile.node(k)))
        paths.append((tuple(ends), p.terminal, p.track, GAUGE_BITS[p.track], tuple(names),
                       claim))
    return _TilePaths(tuple(paths), meets, frozenset(tile.impassable_at(rotation)))


def _hex_paths(title: Title, hex_id: str, tile: Tile, rotation: int) -> tuple:
    """The paths of ``tile`` laid on ``hex_id`` at ``rotation`` as ``_Board`` joins them,
    kept per title: per path (ends, gauge bits, the rest of ``_Board``'s path entry), an
    end being (None, vertex key, Node) at a node, (False, ...) at an edge no track
    crosses, or (other hex, side vertex key, side info, (its edge, lane)) at a side."""
    cache: dict[tuple, tuple] = title.derived(("routes.graph", "hex paths"), dict)
    entry = cache.get((hex_id, tile, rotation))
    if entry is None:
        entry = cache[hex_id, tile, rotation] = _joinable(title, hex_id, tile, rotation)
    return entry


def _joinable(title: Title, hex_id: str, tile: Tile, rotation: int) -> tuple:
    """``_hex_paths`` worked out."""
    tp = _tile_paths(tile, rotation)
    if not tp.paths:
        return ()
    mh = title.hexes[hex_id]
    # ``Position.closed_edges``: the tile's and the printed map's borders
    blocked = tp.closed | _tile_paths(mh.printed, mh.printed_rotation).closed
    out = []
    for ends_at, terminal, track, gauge, names, claim in tp.paths:
        ends: list[tuple] = []
        for end in ends_at:
            if end[0] == "e":
                _, k, lane, back, across = end
                other = mh.neighbors.get(k)
                if other is None or k in blocked:
                    ends.append((False, None, None, None))
                    continue
                # one vertex per lane (width and index) of the side: lanes of different
                # widths never meet (18xx.games ``lane_match?``)
                key = ("s", hex_id, k, lane) if hex_id < other else ("s", other, back, across)
                ends.append((other, key, (hex_id, k, other, back), (back, across)))
            else:
                ends.append((None, ("n", hex_id, end[1]), end[2], None))
        out.append((tuple(ends), gauge,
                    (terminal, track, gauge, names, claim and (hex_id, *claim))))
    return tuple(out)


class _Board:
    """The board's usable tile paths as numbered vertices and arrays."""

    def __init__(self, position: Position):
        title, board = position.title, position.board
        stops: dict[tuple, Node] = {}
        others: dict[tuple, Any] = {}   # side: (hex, edge, other hex, its edge); else the Node
        raw: list[tuple] = []
        for hex_id, placed in board.items():
            for ends_at, gauge, rest in _hex_paths(title, hex_id, placed.tile, placed.rotation):
                ends: list[tuple] = []
                for other, key, value, meet in ends_at:
                    if other is None:
                        group = stops if value.is_stop else others
                        if key not in group:
                            group[key] = value
                    elif other is False:
                        break
                    else:
                        there = board[other]
                        if not gauge & _tile_paths(there.tile, there.rotation).meets.get(meet, 0):
                            break
                        if key not in others:
                            others[key] = value
                    ends.append(key)
                else:
                    raw.append((hex_id, ends[0], ends[1], *rest))
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
        vertex = self.vertex
        self.path_hex = np.array([hex_index[r[0]] for r in raw], dtype=np.int32)
        self.path_u = np.array([vertex[r[1]] for r in raw], dtype=np.int32)
        self.path_v = np.array([vertex[r[2]] for r in raw], dtype=np.int32)
        self.path_terminal = [r[3] for r in raw]
        self.path_gauge = np.array([r[5] for r in raw], dtype=np.uint8)
        self.path_track = [r[4] for r in raw]
        self.path_names = [r[6] for r in raw]   # chain names of ends u, v
        self.path_spot = [r[7] for r in raw]   # (hex, town, lane) of the spot it passes
        # the paths at each vertex, in path order: a stable sort of their ends by vertex
        at = np.empty(2 * len(raw), dtype=np.int32)
        at[0::2], at[1::2] = self.path_u, self.path_v
        self.at_path = (np.argsort(at, kind="stable") // 2).astype(np.int32)
        self.at_off = np.zeros(n + 1, dtype=np.int32)
        np.cumsum(np.bincount(at, minlength=n), out=self.at_off[1:])


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
    n_hexes = len(bd.hexes)
    path_kind = np.full(len(bd.path_track), -1, dtype=np.int32)
    for pid, (h, track) in enumerate(zip(bd.path_hex.tolist(), bd.path_track) if kinds else ()):
        if (bd.hexes[h], track) in kinds:
            path_kind[pid] = n_hexes + 4 * h + GAUGE_BITS[track]
    spots: dict[tuple, int] = {}
    path_spot = np.array([spots.setdefault(s, len(spots)) if s else -1 for s in bd.path_spot],
                         dtype=np.int32)
    keep_mask = np.zeros(len(all_ids), dtype=np.uint8)
    keep_mask[keep] = 1
    (kept, forward, term_a, term_b, sides, res_off, res, hex_off, seg_hex, bits, res_keys,
     hex_keys) = segment_resources(
        seg_a, seg_b, path_off, seg_paths, keep_mask, bd.is_side, bd.path_u, bd.path_v,
        bd.path_hex, path_kind, path_spot, np.array(bd.path_terminal, dtype=np.uint8),
        len(spots), 5 * n_hexes)

    renumber = np.full(len(all_ids), -1, dtype=np.int32)
    renumber[keep] = np.arange(len(keep), dtype=np.int32)
    new_a, new_b = renumber[seg_a[kept]], renumber[seg_b[kept]]
    ahead = [(bd.hexes[h], u, v) for h, (u, v) in zip(bd.path_hex.tolist(), bd.path_names)]
    back = [(h, v, u) for h, u, v in ahead]
    path_list, forward_list = seg_paths.tolist(), forward.tolist()
    off_list, res_list, hex_list = path_off.tolist(), res.tolist(), seg_hex.tolist()
    ro, ho = res_off.tolist(), hex_off.tolist()
    segments = []
    for k, (j, a, b, n_sides, ta, tb) in enumerate(zip(
            kept.tolist(), new_a.tolist(), new_b.tolist(), sides.tolist(), term_a.tolist(),
            term_b.tolist())):
        steps = [ahead[pid] if f else back[pid] for pid, f in
                 zip(path_list[off_list[j]:off_list[j + 1]],
                     forward_list[off_list[j]:off_list[j + 1]])]
        segments.append(Segment(a, b, steps, frozenset(res_list[ro[k]:ro[k + 1]]), n_sides,
                                frozenset(hex_list[ho[k]:ho[k + 1]]), bool(ta), bool(tb)))

    n_vertices, n_paths = len(bd.is_side), len(bd.path_track)
    spot_list = list(spots)
    names = []
    for key in res_keys.tolist():
        if key < n_vertices:
            h1, _, h2, _ = bd.side_info[key]
            names.append(f"the hex side between {h1} and {h2}")
        elif key >= n_vertices + n_paths:
            spot = spot_list[key - n_vertices - n_paths]
            names.append(f"the track past the town {spot[0]}-{spot[1]}")
        else:
            names.append(f"the track inside {bd.hexes[bd.path_hex[key - n_vertices]]}")
    hex_ids = [bd.hexes[key] if key < n_hexes
               else track_hex(bd.hexes[(key - n_hexes) // 4], GAUGES[(key - n_hexes) % 4])
               for key in hex_keys.tolist()]
    return TrackGraph(
        position=position, stop_ids=stop_ids,
        stop_nodes=[(bd.stop_keys[i][1], bd.stop_nodes[i]) for i in keep],
        passable=np.asarray(~ends_only[keep], dtype=np.uint8),
        station=np.array([s in stations for s in stop_ids], dtype=np.uint8), groups=masks,
        segments=segments, resource_names=names, hex_ids=hex_ids,
        **_adjacency(len(stop_ids), new_a, new_b), seg_a=new_a, seg_b=new_b, seg_bits=bits,
        seg_sides=sides, seg_hex_off=hex_off, seg_hex=seg_hex, seg_term_a=term_a,
        seg_term_b=term_b,
        track_hexes={i: h.split(":")[0] for i, h in enumerate(hex_ids) if ":" in h})


def track_network(position: Position) -> nx.MultiGraph:
    """The operating company's track graph as a networkx graph, for a title's questions
    beyond the route search (18PA's destination check): ``TrackGraph.as_networkx`` of
    ``build_graph(position)``, a new graph each call."""
    return build_graph(position).as_networkx()


def _adjacency(n_stops: int, seg_a: np.ndarray, seg_b: np.ndarray) -> dict:
    """``TrackGraph.adj_off``, ``adj_seg``, ``adj_to``: per stop, in segment order, the
    segments at it and the stop at their other end."""
    at = np.empty(2 * len(seg_a), dtype=np.int32)   # a, b of segment 0, then of 1...
    at[0::2], at[1::2] = seg_a, seg_b
    order = np.argsort(at, kind="stable")
    adj_off = np.zeros(n_stops + 1, dtype=np.int32)
    np.cumsum(np.bincount(at, minlength=n_stops), out=adj_off[1:])
    return {"adj_off": adj_off, "adj_seg": (order // 2).astype(np.int32),
            "adj_to": at[order ^ 1]}
