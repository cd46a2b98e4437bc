"""Where things lie on a drawn map: hex centres and corners, edge midpoints, the places of a
tile's nodes, and the curve of each piece of track, in SVG user units (y grows downwards).

Edges are numbered as in ``trainrun.board.hexgrid``: on flat maps edge 0 is the bottom side and
the numbers go clockwise (its outward direction at 90° + 60°·k); on pointy maps edge 0 is
the lower-left side (120° + 60°·k).
"""
from __future__ import annotations

import math

from trainrun.board.tiles import Path, Tile

R = 40.0                          # centre to corner
APOTHEM = R * math.sqrt(3) / 2    # centre to edge midpoint
LANE_GAP = 0.22 * R               # between the centre lines of parallel lanes
# a cubic curve from one edge midpoint to another, its handles along the inward normals:
# the standard circle-arc handle 4/3·tan(θ/4)·r for the sharp (r = R/2, θ = 120°) and
# gentle (r = 1.5R, θ = 60°) curves of 18xx tiles; a straight is a line
HANDLE = {1: 4 / 3 * math.tan(math.radians(30)) * R / 2,
          2: 4 / 3 * math.tan(math.radians(15)) * R * 1.5,
          3: APOTHEM / 2}


class Layout:
    """Pixel geometry of one title's grid (``flat`` or ``pointy``)."""

    def __init__(self, layout: str):
        self.layout = layout
        self.first_edge_angle = 90.0 if layout == "flat" else 120.0
        self.first_corner_angle = 0.0 if layout == "flat" else 30.0

    def centre(self, x: int, y: int) -> tuple[float, float]:
        """Centre of the hex at doubled grid coordinates (x, y)."""
        if self.layout == "flat":
            return (x * 1.5 * R, y * APOTHEM)
        return (x * APOTHEM, y * 1.5 * R)

    def direction(self, edge: int) -> tuple[float, float]:
        """Unit vector from a hex's centre through the midpoint of board edge ``edge``."""
        a = math.radians(self.first_edge_angle + 60 * edge)
        return (math.cos(a), math.sin(a))

    def corners(self, cx: float, cy: float, scale: float = 1.0) -> list[tuple[float, float]]:
        out = []
        for k in range(6):
            a = math.radians(self.first_corner_angle + 60 * k)
            out.append((cx + scale * R * math.cos(a), cy + scale * R * math.sin(a)))
        return out

    def edge_corners(self, edge: int) -> tuple[tuple[float, float], tuple[float, float]]:
        """The two corners (relative to the centre) bounding board edge ``edge``."""
        d = math.degrees(math.atan2(*reversed(self.direction(edge))))
        pts = []
        for s in (-30, 30):
            a = math.radians(d + s)
            pts.append((R * math.cos(a), R * math.sin(a)))
        return pts[0], pts[1]

    def edge_point(self, edge: int, lane: tuple = (1, 0)) -> tuple[float, float]:
        """Where lane ``lane`` (width, index) of track meets board edge ``edge``, relative to
        the centre. Lane i of a side meets lane width-1-i of the neighbour's: the offset is
        along the edge, measured clockwise, so the two hexes see it from opposite sides."""
        dx, dy = self.direction(edge)
        width, index = lane
        off = (index - (width - 1) / 2) * LANE_GAP
        return (dx * APOTHEM - dy * off, dy * APOTHEM + dx * off)


class NodePlaces(dict):
    """Node index -> where it is drawn (relative to the hex centre); ``through`` maps a town
    on track between two edges (a town on a straight or curve) to those two edges: it sits
    on that curve's midpoint, and its two pieces of track are the curve's halves."""

    def __init__(self, *args):
        super().__init__(*args)
        self.through: dict[int, tuple[int, int]] = {}


def _node_edges(tile: Tile, rotation: int) -> dict[int, list[int]]:
    edges: dict[int, list[int]] = {n.index: [] for n in tile.nodes}
    for p in tile.paths_at(rotation):
        for node_end, other in ((p.a, p.b), (p.b, p.a)):
            if node_end[0] == "n" and other[0] == "e" and int(node_end[1:]) in edges:
                edges[int(node_end[1:])].append(int(other[1:]))
    return edges


def node_places(layout: Layout, tile: Tile, rotation: int) -> NodePlaces:
    """Where each node of ``tile`` (at ``rotation``) is drawn, relative to the hex centre.

    A town with track to exactly two edges sits on the curve between them. Otherwise one
    node sits in the centre; with several, each node with track to edges sits halfway out
    towards the mean direction of those edges (a node between opposite edges, or with no
    edge, is spread around the centre instead)."""
    edges = _node_edges(tile, rotation)
    places = NodePlaces()
    for n in tile.nodes:
        ends = edges[n.index]
        if n.kind == "town" and len(ends) == 2 and ends[0] != ends[1]:
            places.through[n.index] = (ends[0], ends[1])
            places[n.index] = _bezier_point(_curve(layout, ends[0], ends[1]), 0.5)
    rest = [n for n in tile.nodes if n.index not in places]
    if len(tile.nodes) <= 1:
        places.update({n.index: (0.0, 0.0) for n in rest})
        return places
    loose = []
    for n in rest:
        if n.kind == "junction":
            places[n.index] = (0.0, 0.0)
            continue
        vx = sum(layout.direction(e)[0] for e in edges[n.index])
        vy = sum(layout.direction(e)[1] for e in edges[n.index])
        norm = math.hypot(vx, vy)
        if norm < 0.3:
            loose.append(n.index)
        else:
            places[n.index] = (vx / norm * APOTHEM * 0.5, vy / norm * APOTHEM * 0.5)
    for k, index in enumerate(loose):
        if len(loose) == 1:
            places[index] = (0.0, 0.0)
            continue
        a = math.radians(layout.first_corner_angle + 180 + 360 * k / len(loose))
        places[index] = (math.cos(a) * APOTHEM * 0.45, math.sin(a) * APOTHEM * 0.45)
    return places


def end_point(layout: Layout, places: dict, end: str, lane: tuple) -> tuple[float, float]:
    """Point (relative to the centre) of a path end ``eN`` (with its lane) or ``nI``."""
    if end[0] == "e":
        return layout.edge_point(int(end[1:]), lane)
    return places.get(int(end[1:]), (0.0, 0.0))


def _curve(layout: Layout, ea: int, eb: int, lane_a: tuple = (1, 0), lane_b: tuple = (1, 0)):
    """The four control points of the track from edge ``ea`` to edge ``eb``: a straight, a
    gentle or a sharp curve (its handles along the inward normals)."""
    a, b = layout.edge_point(ea, lane_a), layout.edge_point(eb, lane_b)
    k = HANDLE[min((ea - eb) % 6, (eb - ea) % 6)]
    (dax, day), (dbx, dby) = layout.direction(ea), layout.direction(eb)
    return (a, (a[0] - dax * k, a[1] - day * k), (b[0] - dbx * k, b[1] - dby * k), b)


def _bezier_point(c, t: float) -> tuple[float, float]:
    u = 1 - t
    return tuple(u ** 3 * c[0][i] + 3 * u * u * t * c[1][i] + 3 * u * t * t * c[2][i]
                 + t ** 3 * c[3][i] for i in (0, 1))


def _first_half(c):
    """The control points of the curve ``c`` from its start to its midpoint."""
    def mid(p, q):
        return ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
    p01, p12, p23 = mid(c[0], c[1]), mid(c[1], c[2]), mid(c[2], c[3])
    p012, p123 = mid(p01, p12), mid(p12, p23)
    return (c[0], p01, p012, mid(p012, p123))


def tangent_angle(layout: Layout, places: NodePlaces, index: int) -> float:
    """Direction (degrees) of the track through town ``index`` of ``places.through``."""
    c = _curve(layout, *places.through[index])
    dx = c[3][0] + c[2][0] - c[1][0] - c[0][0]
    dy = c[3][1] + c[2][1] - c[1][1] - c[0][1]
    return math.degrees(math.atan2(dy, dx))


def _d(c, cx: float, cy: float) -> str:
    if len(c) == 2:
        (x0, y0), (x1, y1) = c
        return f"M{cx + x0:.1f},{cy + y0:.1f} L{cx + x1:.1f},{cy + y1:.1f}"
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = c
    return (f"M{cx + x0:.1f},{cy + y0:.1f} C{cx + x1:.1f},{cy + y1:.1f} "
            f"{cx + x2:.1f},{cy + y2:.1f} {cx + x3:.1f},{cy + y3:.1f}")


def _track_curve(layout: Layout, places: dict, path: Path) -> tuple:
    """The control points of one piece of track, relative to the centre: four of a cubic
    curve, or the two ends of a line."""
    if path.a[0] == "e" and path.b[0] == "e":
        ea, eb = int(path.a[1:]), int(path.b[1:])
        if ea != eb:
            return _curve(layout, ea, eb, path.a_lane, path.b_lane)
    through = getattr(places, "through", {})
    for edge_end, node_end, reverse in ((path.a, path.b, False), (path.b, path.a, True)):
        if edge_end[0] == "e" and node_end[0] == "n" and int(node_end[1:]) in through:
            ea, eb = through[int(node_end[1:])]
            edge = int(edge_end[1:])
            if edge in (ea, eb):
                half = _first_half(_curve(layout, edge, eb if edge == ea else ea))
                return half[::-1] if reverse else half
    return (end_point(layout, places, path.a, path.a_lane),
            end_point(layout, places, path.b, path.b_lane))


def track_d(layout: Layout, places: dict, path: Path, cx: float, cy: float) -> str:
    """SVG path data of one piece of track (already at board edges) in the hex at (cx, cy):
    a straight, a gentle or a sharp curve between edges, half such a curve from an edge to
    a town on it, a line to or between other nodes."""
    return _d(_track_curve(layout, places, path), cx, cy)


def track_points(layout: Layout, places: dict, path: Path, cx: float, cy: float,
                 steps: int = 8) -> list[tuple[float, float]]:
    """Points along the track ``track_d`` draws (a curve sampled at ``steps`` pieces)."""
    c = _track_curve(layout, places, path)
    if len(c) == 2:
        return [(cx + x, cy + y) for x, y in c]
    return [(cx + x, cy + y) for x, y in (_bezier_point(c, k / steps) for k in range(steps + 1))]
