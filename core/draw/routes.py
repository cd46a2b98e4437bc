"""A run drawn on the board: each train's route in its own colour along the tile paths its
``chains`` name, its stops ringed with what they score, and the legend (train, revenue,
total). Broken rules of a declared run are drawn where they happen: the hex side, the
node or the hex the checker's reason names."""
from __future__ import annotations

import re

from trainrun.board.position import Position, parse_node_id
from trainrun.board.tiles import Path, path_named, split_lane_end
from trainrun.draw.board import BoardFrame, text_lines
from trainrun.draw.colours import train_colour
from trainrun.draw.geometry import R, track_d
from trainrun.draw.placing import Room, place_box, place_text, ring, text_width
from trainrun.draw.svg import el, group
from trainrun.errors import InputError

ROUTE_WIDTH = 0.09 * R
STOP_RING = 0.33 * R     # the radius of the first route's ring around a stop
RING_WIDTH = 3.0
LEGEND_LINE = 0.55 * R
_SIDE = re.compile(r"between ([A-Z]+-?\d+) and ([A-Z]+-?\d+)")
_NODE = re.compile(r"\b([A-Z]+-?\d+)-(\d+)\b")
_HEX = re.compile(r"\b([A-Z]+\d+)\b")


def ring_radii(routes: list[dict]) -> dict[tuple[str, int], float]:
    """The outer radius of the widest ring ``draw_routes`` draws around each stop, by
    (hex, node index): texts are placed clear of it where there is room."""
    out: dict[tuple[str, int], float] = {}
    for k, route in enumerate(routes):
        for node in route["visited"]:
            parsed = parse_node_id(node)
            if parsed is not None:
                out[parsed] = max(out.get(parsed, 0.0), STOP_RING + 2 * k + RING_WIDTH / 2)
    return out


def route_dicts(routes, kept=()) -> list[dict]:
    """``RunRoute``s of a ``Run`` or ``RouteVerdict``s of a verification as dicts with
    ``train``, ``train_name``, ``revenue``, ``visited``, ``stops``, ``chains``, ``legal``,
    ``kept`` (the train's route was given, not chosen), ``bonuses`` (what the route earns
    beyond its stops' face values: name, where, value)."""
    return [{"train": r.train, "train_name": r.train_name or r.train, "revenue": r.revenue,
             "visited": list(r.visited), "stops": list(r.stops), "chains": list(r.chains),
             "legal": getattr(r, "legal", True), "kept": r.train in kept,
             "bonuses": list(getattr(r, "bonuses", ()))} for r in routes]


def draw_routes(position: Position, frame: BoardFrame, routes: list[dict],
                room: Room) -> list[str]:
    """One ``<g class="route" data-train=…>`` per route: its track, then its stops; each
    stop's value and each bonus placed where ``room`` (the board drawn so far) is free."""
    out = []
    for k, route in enumerate(routes):
        colour = train_colour(k)
        parts = [_step(position, frame, step, route["train"], colour)
                 for chain in route["chains"] for step in _chain_paths(chain)]
        parts += _stops(position, frame, route, colour, k, room)
        parts += _bonuses(position, frame, route, colour, room)
        out.append(group(parts, class_="route", data_train=route["train"], data_route=k,
                         data_revenue=route["revenue"],
                         data_kept="true" if route.get("kept") else None))
    return out


def _chain_paths(chain) -> list:
    return chain.get("paths", ()) if isinstance(chain, dict) else chain


def _step(position: Position, frame: BoardFrame, step: dict, train, colour: str) -> str:
    """One tile path of a route, drawn over the track it names (a chain naming track the
    tile does not have is drawn as a dashed straight line between the two ends)."""
    hex_id, a, b = step.get("hex"), str(step.get("a")), str(step.get("b"))
    if not isinstance(hex_id, str) or hex_id not in position.board:
        raise InputError(f"run: train {train}", f"a chain names hex {hex_id!r}, not on the map")
    placed = position.board[hex_id]
    attrs = dict(class_="route-track", data_train=train, data_route_hex=hex_id, data_a=a,
                 data_b=b, fill="none", stroke=colour, stroke_width=f"{ROUTE_WIDTH:.1f}",
                 stroke_linecap="round", opacity=0.9)
    cx, cy = frame.centres[hex_id]
    places = frame.places(placed)
    path = path_named(placed.tile, placed.rotation, a, b)
    if path is None:
        path = Path(split_lane_end(a)[0], split_lane_end(b)[0])
        attrs["stroke_dasharray"] = f"{0.15 * R:.1f},{0.1 * R:.1f}"
    return el("path", d=track_d(frame.layout, places, path, cx, cy), **attrs)


def node_point(position: Position, frame: BoardFrame, node: str) -> tuple[float, float] | None:
    """Where node ``HEX-i`` is drawn; None when the board has no such node."""
    parsed = parse_node_id(node)
    if parsed is None or parsed[0] not in position.board:
        return None
    placed = position.board[parsed[0]]
    cx, cy = frame.centres[parsed[0]]
    dx, dy = frame.places(placed).get(parsed[1], (0.0, 0.0))
    return cx + dx, cy + dy


def _stops(position: Position, frame: BoardFrame, route: dict, colour: str, k: int,
           room: Room) -> list[str]:
    """Each stop ringed (dashed where it does not score), its value in a badge of the
    route's colour beside it, off the track, the value boxes and the other badges."""
    values = {s.get("node"): s for s in route["stops"] if isinstance(s, dict)}
    out = []
    size = 0.2 * R
    for node in route["visited"]:
        at = node_point(position, frame, node)
        if at is None:
            continue
        x, y = at
        stop = values.get(node, {})
        scored = stop.get("scored", True)
        out.append(el("circle", cx=f"{x:.1f}", cy=f"{y:.1f}", r=f"{STOP_RING + 2 * k:.1f}",
                      fill="none", stroke=colour, stroke_width=RING_WIDTH,
                      stroke_dasharray=None if scored else "3,3", class_="stop", data_node=node))
        if "value" in stop:
            text = str(stop["value"])
            w, h = max(0.44 * R, text_width(text, size, True) + 4), 0.28 * R
            spots = ring(x, y, (0.5 * R, 0.65 * R, 0.85 * R, 1.1 * R, 1.4 * R), -45.0, 16)
            box = place_box(room, None, w, h, spots)
            assert box is not None
            tx, ty = (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2
            out.append(group([el("rect", x=f"{box.x0:.1f}", y=f"{box.y0:.1f}", width=f"{w:.1f}",
                                 height=f"{h:.1f}", rx=3, fill=colour, stroke="white",
                                 stroke_width=1),
                              el("text", text, x=f"{tx:.1f}", y=f"{ty + 0.35 * size:.1f}",
                                 fill="white", font_size=f"{size:.1f}", font_weight="bold",
                                 text_anchor="middle")],
                             class_="stop-value", data_node=node, data_value=stop["value"]))
    return out


def _bonuses(position: Position, frame: BoardFrame, route: dict, colour: str,
             room: Room) -> list[str]:
    """Each bonus of the route marked where it is earned: a stop (its node id), the two
    ends of a pair ("A & B") or a hex; a bonus credited to the route as a whole (a company
    bonus) only in the legend."""
    out = []
    for b in route.get("bonuses", ()):
        where = str(b.get("where", ""))
        points = [p for node in where.split(" & ") if (p := node_point(position, frame, node))]
        if not points and where in frame.centres:
            points = [frame.centres[where]]
        for x, y in points:
            spot = place_text(room, None, [[f"★ {b.get('name', '')}"]],
                              ring(x, y, (0.62 * R, 0.85 * R, 1.1 * R, 1.4 * R, 1.8 * R), 90.0, 16),
                              (0.2 * R, 0.16 * R), bold=True)
            box = spot.box
            out.append(group([el("rect", x=f"{box.x0:.1f}", y=f"{box.y0:.1f}",
                                 width=f"{box.x1 - box.x0:.1f}",
                                 height=f"{box.y1 - box.y0:.1f}", rx=2, fill="white",
                                 stroke=colour, stroke_width=0.8),
                              text_lines(spot, fill=colour, font_weight="bold")],
                             class_="route-bonus", data_bonus=b.get("name", ""),
                             data_value=b.get("value")))
    return out


def _earned(route: dict) -> str:
    """The route's bonuses for its legend line: " (E/W +$80, Port +$20)"."""
    named = [f"{b.get('name', '')} +${b.get('value', 0)}" for b in route.get("bonuses", ())]
    return f" ({', '.join(named)})" if named else ""


def legend_height(routes: list[dict], lines: list) -> float:
    return (len(routes) + len(lines) + 1) * LEGEND_LINE + 0.2 * R


LINE_STYLE = {"total": {"font_weight": "bold"}, "note": {}, "violation": {"fill": "#b00000"}}


def draw_legend(routes: list[dict], y: float, heading: str, lines: list) -> str:
    """The heading, then train and revenue per route, then ``lines`` ((text, kind), kind
    one of ``LINE_STYLE``: the total, notes, broken rules), one line each, from ``y`` down."""
    size = f"{0.3 * R:.0f}"
    parts = [el("text", heading, x=f"{0.5 * R:.1f}", y=f"{y + 0.4 * R:.1f}",
                font_size=f"{0.32 * R:.0f}", font_weight="bold", class_="legend-heading")]
    for k, route in enumerate(routes):
        ly = y + (k + 1) * LEGEND_LINE + 0.4 * R
        bad = ("" if route.get("legal", True) else " — illegal") + \
            (" (kept)" if route.get("kept") else "")
        parts.append(el("rect", x=f"{0.5 * R:.1f}", y=f"{ly - 0.28 * R:.1f}",
                        width=f"{0.6 * R:.1f}", height=f"{0.3 * R:.1f}", fill=train_colour(k)))
        parts.append(el("text", f"{route['train_name']} train ({route['train']}): "
                                f"${route['revenue']}{_earned(route)}{bad}",
                        x=f"{1.3 * R:.1f}", y=f"{ly:.1f}", font_size=size,
                        class_="legend-route", data_train=route["train"]))
    for j, (text, kind) in enumerate(lines):
        ly = y + (len(routes) + 1 + j) * LEGEND_LINE + 0.4 * R
        parts.append(el("text", text, x=f"{0.5 * R:.1f}", y=f"{ly:.1f}", font_size=size,
                        class_=f"legend-{kind}", **LINE_STYLE[kind]))
    return group(parts, class_="legend")


def draw_violations(position: Position, frame: BoardFrame, violations: list[str],
                    room: Room) -> list[str]:
    """Each broken rule marked where its reason says it happens, numbered as in the legend:
    the hex side between two hexes, else the nodes it names, else the hexes. The number
    is white on dark red, readable on every tile colour, placed where ``room`` is free."""
    out = []
    size = 0.26 * R
    for n, text in enumerate(violations, 1):
        marks = _places(position, frame, text)
        parts = [el("title", text)]
        label = f"✗{n}"
        w, h = text_width(label, size, True) + 4, 0.36 * R
        for x, y, r in marks:
            parts.append(el("circle", cx=f"{x:.1f}", cy=f"{y:.1f}", r=f"{r:.1f}", fill="none",
                            stroke="#d00000", stroke_width=3.5, stroke_dasharray="6,3"))
            box = place_box(room, None, w, h, ring(x, y, (r + 0.3 * R, r + 0.6 * R), -45.0, 12))
            assert box is not None
            parts.append(group([el("rect", x=f"{box.x0:.1f}", y=f"{box.y0:.1f}",
                                   width=f"{w:.1f}", height=f"{h:.1f}", rx=3, fill="#b00000",
                                   stroke="white", stroke_width=1),
                                el("text", label, x=f"{(box.x0 + box.x1) / 2:.1f}",
                                   y=f"{(box.y0 + box.y1) / 2 + 0.35 * size:.1f}", fill="white",
                                   font_size=f"{size:.1f}", font_weight="bold",
                                   text_anchor="middle")],
                                class_="violation-number"))
        out.append(group(parts, class_="violation", data_violation=n))
    return out


def _places(position: Position, frame: BoardFrame, text: str) -> list[tuple[float, float, float]]:
    marks = []
    for h1, h2 in _SIDE.findall(text):
        if h1 in frame.centres and h2 in frame.centres:
            (x1, y1), (x2, y2) = frame.centres[h1], frame.centres[h2]
            marks.append(((x1 + x2) / 2, (y1 + y2) / 2, 0.3 * R))
    if marks:
        return marks
    for h, i in _NODE.findall(text):
        at = node_point(position, frame, f"{h}-{i}")
        if at:
            marks.append((at[0], at[1], 0.45 * R))
    if marks:
        return marks
    return [(*frame.centres[h], 0.85 * R) for h in dict.fromkeys(_HEX.findall(text))
            if h in frame.centres]
