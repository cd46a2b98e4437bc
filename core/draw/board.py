"""The board drawn: every hex with the tile lying on it (its colour, track, cities with
their slots and tokens, towns, off-board values by phase), the printed terrain, borders,
labels and place names, the position's hex markers, and the hex ids around the edge.

Each hex is one ``<g class="hex" data-hex="E5">``; each city ``data-city="E5.0"``, each
town ``data-town``, each off-board ``data-offboard`` (hex and node index), each of them
also ``data-node="E5-0"`` (the node id routes use), so a page can attach clicks to them.
"""
from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable, Sequence
from typing import TypeVar

from trainrun.board.position import PlacedHex, Position
from trainrun.draw.colours import company_colours, tile_colour
from trainrun.draw.geometry import (
    APOTHEM,
    Layout,
    R,
    node_places,
    tangent_angle,
    track_d,
    track_points,
)
from trainrun.draw.placing import (
    Box,
    HexShape,
    Placed,
    Room,
    place_all,
    place_box,
    place_text,
    ring,
    text_width,
    wrapped,
)
from trainrun.draw.svg import attrs, el, group, points
from trainrun.hooks import answers

TRACK_WIDTH = 0.14 * R
CITY_RADIUS = 0.25 * R
MARGIN = 1.6 * R
LEGIBLE_PX = 2.0        # the smallest text drawn, in pixels of the output at its scale
SMALLEST = 0.1 * R      # the smallest text drawn at scale 1 and above, in user units
NAME_SIZES = tuple(f * R for f in (0.22, 0.2, 0.18, 0.16, 0.14, 0.12, 0.1))
LABEL_SIZES = tuple(f * R for f in (0.32, 0.28, 0.24, 0.2, 0.16, 0.13))
TILE_NAME_SIZES = tuple(f * R for f in (0.18, 0.15, 0.12, 0.1))
REVENUE_RADIUS = 0.17 * R
T = TypeVar("T")
_ENGINE_OBJECT = re.compile(r"#?<Engine::\w+: (.+)>")


class BoardFrame:
    """Where each hex of a title's map is drawn, with room around for the hex ids; what
    is drawn so far (``room``, for placing texts and badges clear of it); the scale the
    drawing is written at (``scale`` × its user units in pixels)."""

    def __init__(self, position: Position, scale: float = 1.0):
        self.title = position.title
        self.layout = Layout(self.title.grid.layout)
        raw = {h: self.layout.centre(*self.title.grid.coords(h)) for h in self.title.hexes}
        min_x = min(x for x, _ in raw.values())
        min_y = min(y for _, y in raw.values())
        self.centres = {h: (x - min_x + MARGIN, y - min_y + MARGIN) for h, (x, y) in raw.items()}
        self.width = max(x for x, _ in self.centres.values()) + MARGIN
        self.height = max(y for _, y in self.centres.values()) + MARGIN
        self.scale = scale
        self.smallest = max(SMALLEST, LEGIBLE_PX / scale)
        self.room = Room()
        self._places: dict = {}

    def places(self, placed: PlacedHex) -> dict:
        """Where the nodes of the tile on ``placed`` are drawn (``node_places``), kept per
        tile and rotation."""
        key = (placed.tile, placed.rotation)
        if key not in self._places:
            self._places[key] = node_places(self.layout, placed.tile, placed.rotation)
        return self._places[key]

    def sizes(self, sizes) -> tuple[float, ...]:
        """The font sizes of ``sizes`` legible at the drawing's scale, down to the
        smallest legible one."""
        return tuple(s for s in sizes if s > self.smallest) + (self.smallest,)

    def shape(self, hex_id: str) -> HexShape:
        return HexShape(self.layout.layout, *self.centres[hex_id])


def draw_board(position: Position, frame: BoardFrame,
               rings: dict[tuple[str, int], float] | None = None) -> list[str]:
    """SVG elements of the whole board: one group per hex, then the hex ids. The track
    and nodes of every hex go into ``frame.room`` first, so that no text is placed over a
    neighbour's track, and the ``rings`` a run will draw around its stops ((hex, node
    index): outer radius), then each hex's texts."""
    marks: dict = {}
    for hex_id, label in answers.board_marks(position):
        marks.setdefault(hex_id, []).append(label)
    frame.room = Room()
    drawn = {h: _hex_track(position, frame, position.board[h]) for h in frame.centres}
    for (hex_id, index), r in (rings or {}).items():
        if hex_id in frame.centres:
            dx, dy = frame.places(position.board[hex_id]).get(index, (0.0, 0.0))
            cx, cy = frame.centres[hex_id]
            frame.room.add_circle(cx + dx, cy + dy, r, ring=True)
    out = [_hex(position, frame, position.board[h], marks.get(h, ()), drawn[h])
           for h in frame.centres]
    out.append(_edge_ids(frame))
    return out


def text_lines(placed: Placed, leading: float = 1.1, **kw) -> str:
    """A placed text as one ``<text>``, one ``<tspan>`` per line; one placed over the
    track on a white backing (its box)."""
    backing = ""
    if placed.over_track:
        box = placed.box
        backing = el("rect", x=f"{box.x0:.1f}", y=f"{box.y0:.1f}", width=f"{box.x1 - box.x0:.1f}",
                     height=f"{box.y1 - box.y0:.1f}", rx=1, fill="white", opacity=0.85,
                     class_="backing")
    if len(placed.lines) == 1:
        return backing + el("text", placed.lines[0], x=f"{placed.x:.1f}", y=f"{placed.y:.1f}",
                            font_size=f"{placed.size:.1f}", text_anchor="middle", **kw)
    spans = [el("tspan", line, x=f"{placed.x:.1f}",
                y=f"{placed.y + k * leading * placed.size:.1f}")
             for k, line in enumerate(placed.lines)]
    return backing + \
        f'<text{attrs(font_size=f"{placed.size:.1f}", text_anchor="middle", **kw)}>' \
        f'{"".join(spans)}</text>'


def _hex_track(position: Position, frame: BoardFrame, placed: PlacedHex) -> list[str]:
    """The hex's track, cities and towns, each put into ``frame.room``."""
    layout, tile, rot = frame.layout, placed.tile, placed.rotation
    cx, cy = frame.centres[placed.id]
    places = frame.places(placed)
    parts = [_track(frame, places, path, cx, cy) for path in tile.paths_at(rot)]
    for node in tile.nodes:
        px, py = cx + places[node.index][0], cy + places[node.index][1]
        ref = f"{placed.id}.{node.index}"
        if node.kind == "city":
            parts.append(_city(position, frame, placed, node, px, py, len(tile.nodes) > 1, ref))
        elif node.kind == "town":
            parts.append(_town(frame, layout, places, node, px, py, ref))
    return parts


def _hex(position: Position, frame: BoardFrame, placed: PlacedHex, marks,
         track: list[str]) -> str:
    """One hex: its face, borders and terrain under its track and nodes, then its texts
    and badges, each placed where it is free (``trainrun.draw.placing``)."""
    layout, tile = frame.layout, placed.tile
    cx, cy = frame.centres[placed.id]
    map_hex = position.title.hexes[placed.id]
    laid = position.title.tiles.get(tile.name) is tile   # a catalogue tile, not the map's
    places = frame.places(placed)
    under = [el("polygon", points=points(layout.corners(cx, cy)), fill=tile_colour(tile.color),
                stroke="#555", stroke_width=1, class_="hex-face")]
    borders, costs = _borders(position, frame, placed, cx, cy)
    under += borders
    shape = frame.shape(placed.id)
    # what goes over the track, each placed by a function: in this order unless one
    # finds no free place, then that one first (``place_all``)
    placers: list[Callable[[], list[str]]] = []
    for node in tile.nodes:
        if node.kind == "offboard" and not node.hidden:
            placers.append(functools.partial(_offboard, position, frame, placed.id, node))
    placers.append(lambda: costs(frame))
    if map_hex.location:
        placers.append(lambda: [_location(frame, placed.id, map_hex.location)])
    if tile.labels:
        placers.append(lambda: [_label(frame, placed.id, " ".join(tile.labels))])
    stops = [n for n in tile.nodes if n.kind in ("city", "town")]
    if len(stops) > 1 and len({n.value_in(position.colours) for n in stops}) == 1:
        stops = stops[:1]   # one value for them all, as 18xx.games prints it
    for node in stops:
        px, py = cx + places[node.index][0], cy + places[node.index][1]
        placers.append(functools.partial(_revenue, position, frame, placed.id, node, px, py))
    terrain = -1
    if not laid:
        terrain = len(placers)
        placers.append(lambda: _terrain(frame, placed.id, map_hex.printed))
    for marker in list(placed.markers) + list(marks):
        placers.append(functools.partial(_marker, frame, placed.id, marker))
    if laid:
        placers.append(lambda: [text_lines(place_text(
            frame.room, shape, [[tile.name]], _corner_spots(frame, placed.id, 60.0),
            frame.sizes(TILE_NAME_SIZES)), class_="tile-name")])
    placed_parts = place_all(frame.room, placers)
    over = [part for k, parts in enumerate(placed_parts) if k != terrain for part in parts]
    if terrain >= 0:
        under += placed_parts[terrain]
    title = f"{placed.id} {map_hex.location}".strip()
    return group([el("title", title)] + under + track + over, class_="hex", data_hex=placed.id,
                 data_tile=tile.name, data_rotation=placed.rotation)


def _corner_spots(frame: BoardFrame, hex_id: str, first: float) -> list[tuple[float, float]]:
    """Spots towards the hex's corners (clear of track, which runs to the sides' middles)
    from the corner at angle ``first`` (degrees, flat maps; pointy maps turned 30°), then
    anywhere in the hex."""
    cx, cy = frame.centres[hex_id]
    start = first + frame.layout.first_corner_angle
    near = ring(cx, cy, (0.62 * R,), start, 1)[0]
    return (ring(cx, cy, (0.62 * R, 0.5 * R, 0.38 * R), start, 6)
            + ring(cx, cy, (0.55 * R, 0.3 * R), start + 30, 6) + _anywhere(frame, hex_id, near))


def _anywhere(frame: BoardFrame, hex_id: str, near: tuple[float, float]
              ) -> list[tuple[float, float]]:
    """Spots all over the hex, 0.12 R apart, nearest ``near`` first: where a text goes
    when its usual places are taken."""
    cx, cy = frame.centres[hex_id]
    return [(cx + dx, cy + dy) for dx, dy in _anywhere_offsets(near[0] - cx, near[1] - cy)]


@functools.lru_cache(maxsize=4096)
def _anywhere_offsets(x: float, y: float) -> tuple[tuple[float, float], ...]:
    """``_anywhere``'s spots relative to the hex centre, nearest (x, y) first."""
    steps = range(-7, 8)
    spots = [(i * 0.12 * R, j * 0.12 * R) for i in steps for j in steps]
    return tuple(sorted(spots, key=lambda p: (p[0] - x) ** 2 + (p[1] - y) ** 2))


def _band_spots(frame: BoardFrame, hex_id: str) -> list[tuple[float, float]]:
    """Where a place name goes, as 18xx.games prints it (``location_name.rb``): in a band
    below or above the city, or across the middle, shifted sideways where track is."""
    cx, cy = frame.centres[hex_id]
    bands = (0.55, -0.55, 0.0, 0.4, -0.4, 0.68, -0.68, 0.25, -0.25, 0.12, -0.12)
    return [(cx + dx * R, cy + dy * R) for dy in bands
            for dx in (0.0, -0.15, 0.15, -0.3, 0.3, -0.45, 0.45)] \
        + ring(cx, cy, (0.5 * R, 0.6 * R), frame.layout.first_corner_angle, 6) \
        + _anywhere(frame, hex_id, (cx, cy + 0.55 * R))


def _location(frame: BoardFrame, hex_id: str, name: str) -> str:
    """The place name, on one to three lines, shrunk to fit its hex."""
    spot = place_text(frame.room, frame.shape(hex_id), wrapped(name, 14),
                      _band_spots(frame, hex_id), frame.sizes(NAME_SIZES))
    return text_lines(spot, class_="location", fill="#111")


def _label(frame: BoardFrame, hex_id: str, label: str) -> str:
    """A tile's label ("OO", "NY", "B"), towards a corner, off the track."""
    spot = place_text(frame.room, frame.shape(hex_id), [[label]],
                      _corner_spots(frame, hex_id, 240.0), frame.sizes(LABEL_SIZES), bold=True)
    return text_lines(spot, class_="label", font_weight="bold")


def _track(frame: BoardFrame, places: dict, path, cx: float, cy: float) -> str:
    layout = frame.layout
    if path.terminal and "e" in (path.a[0], path.b[0]):
        return _terminal(frame, int((path.a if path.a[0] == "e" else path.b)[1:]), cx, cy)
    d = track_d(layout, places, path, cx, cy)
    width = round(TRACK_WIDTH * (0.6 if path.track == "narrow" else 1.0), 1)
    frame.room.add_line(track_points(layout, places, path, cx, cy), width)
    if path.track == "narrow":
        return el("path", d=d, fill="none", stroke="#222", stroke_width=width,
                  stroke_dasharray=f"{0.12 * R:.1f},{0.06 * R:.1f}", class_="track narrow")
    if path.track == "dual":
        return (el("path", d=d, fill="none", stroke="#222", stroke_width=width,
                   class_="track dual")
                + el("path", d=d, fill="none", stroke="white", stroke_width=f"{width * 0.3:.1f}",
                     stroke_dasharray=f"{0.1 * R:.1f},{0.1 * R:.1f}"))
    return el("path", d=d, fill="none", stroke="#222", stroke_width=width, class_="track")


def _terminal(frame: BoardFrame, edge: int, cx: float, cy: float) -> str:
    """Track a route may only end on (into an off-board) as an arrow from the edge in."""
    dx, dy = frame.layout.direction(edge)
    ex, ey = cx + dx * APOTHEM, cy + dy * APOTHEM
    w = 0.22 * R
    tip = (ex - dx * 0.5 * R, ey - dy * 0.5 * R)
    frame.room.add_line([(ex, ey), tip], 2 * w)
    return el("polygon", points=points([(ex - dy * w, ey + dx * w), (ex + dy * w, ey - dx * w),
                                        tip]), fill="#222", class_="track terminal",
              data_edge=edge)


def _town(frame: BoardFrame, layout: Layout, places, node, px: float, py: float,
          ref: str) -> str:
    """A town on through track as a bar across it, any other town as a dot."""
    if node.index in places.through:
        angle = tangent_angle(layout, places, node.index) + 90
        a = math.radians(angle)
        half = (0.25 * R * math.cos(a), 0.25 * R * math.sin(a))
        frame.room.add_line([(px - half[0], py - half[1]), (px + half[0], py + half[1])],
                            0.14 * R, track=False)
        return el("rect", x=f"{px - 0.25 * R:.1f}", y=f"{py - 0.07 * R:.1f}",
                  width=f"{0.5 * R:.1f}", height=f"{0.14 * R:.1f}", fill="#111",
                  transform=f"rotate({angle:.1f} {px:.1f} {py:.1f})", class_="town",
                  data_town=ref, data_node=ref.replace(".", "-"))
    frame.room.add_circle(px, py, 0.12 * R + 0.75)
    return el("circle", cx=f"{px:.1f}", cy=f"{py:.1f}", r=f"{0.12 * R:.1f}", fill="#111",
              stroke="white", stroke_width=1.5, class_="town", data_town=ref,
              data_node=ref.replace(".", "-"))


def _slot_offsets(slots: int, r: float) -> list[tuple[float, float]]:
    if slots <= 1:
        return [(0.0, 0.0)]
    if slots == 2:
        return [(-r, 0.0), (r, 0.0)]
    if slots == 3:
        return [(-r, 0.6 * r), (r, 0.6 * r), (0.0, -1.1 * r)]
    if slots == 4:
        return [(-r, -r), (r, -r), (-r, r), (r, r)]
    return [((k - (slots - 1) / 2) * 2 * r, 0.0) for k in range(slots)]


def _city(position: Position, frame: BoardFrame, placed: PlacedHex, node, px: float,
          py: float, crowded: bool, ref: str) -> str:
    r = CITY_RADIUS * (0.8 if crowded else 1.0)
    tokens = placed.tokens.get(node.index)
    holders = list(tokens.slots) if tokens else []
    slots = max(node.slots, len(holders), 1)
    holders += [None] * (slots - len(holders))
    offsets = _slot_offsets(slots, r)
    parts = []
    xs = [px + dx for dx, _ in offsets]
    ys = [py + dy for _, dy in offsets]
    if slots > 1:
        parts.append(el("rect", x=f"{min(xs) - r:.1f}", y=f"{min(ys) - r:.1f}",
                        width=f"{max(xs) - min(xs) + 2 * r:.1f}",
                        height=f"{max(ys) - min(ys) + 2 * r:.1f}", rx=f"{r:.1f}",
                        fill="white", stroke="#222", stroke_width=1.5))
        frame.room.add_box(Box(min(xs) - r - 0.75, min(ys) - r - 0.75, max(xs) + r + 0.75,
                               max(ys) + r + 0.75))
    else:
        frame.room.add_circle(px, py, r + 0.75)
    reserved = list(tokens.reserved) if tokens else []
    for k, ((dx, dy), holder) in enumerate(zip(offsets, holders)):
        parts.append(_slot(position, holder, reserved[k] if k < len(reserved) and not holder
                           else None, px + dx, py + dy, r, k))
    for k, extra in enumerate(tokens.extra if tokens else ()):
        x, y = px + r * (1.6 + k), py - r * 1.2
        frame.room.add_circle(x, y, r * 0.7 + 0.75)
        parts.append(_slot(position, extra, None, x, y, r * 0.7, -1))
    return group(parts, class_="city", data_city=ref, data_node=ref.replace(".", "-"))


def token_text(name: str, r: float) -> tuple[str, float]:
    """A company's name as it fits in a token of radius ``r``: the font shrunk to fit the
    width across the token (down to a third of the radius), else the name cut short."""
    room = 1.7 * r
    size = min(0.9 * r, room / max(text_width(name, 1.0, True), 1e-6))
    if size >= 0.38 * r:
        return name, size
    size = 0.38 * r
    keep = max(1, int(room / text_width("M", size, True)))
    return name[:keep], size


def _slot(position: Position, holder, reserved, x: float, y: float, r: float, k: int) -> str:
    if holder:
        colour, text = company_colours(position.title.companies, holder)
        shown, size = token_text(str(holder), r)
        return group([el("circle", cx=f"{x:.1f}", cy=f"{y:.1f}", r=f"{r:.1f}", fill=colour,
                         stroke="#222", stroke_width=1.5),
                      el("text", shown, x=f"{x:.1f}", y=f"{y + size * 0.3:.1f}", fill=text,
                         font_size=f"{size:.1f}", font_weight="bold", text_anchor="middle",
                         class_="token-name")],
                     class_="token", data_company=holder, data_slot=k)
    parts = [el("circle", cx=f"{x:.1f}", cy=f"{y:.1f}", r=f"{r:.1f}", fill="white",
                stroke="#222", stroke_width=1.5)]
    if reserved:
        shown, size = token_text(str(reserved), r)
        parts.append(el("text", shown, x=f"{x:.1f}", y=f"{y + size * 0.3:.1f}",
                        fill="#555", font_size=f"{size * 0.8:.1f}", text_anchor="middle",
                        class_="token-name"))
    return group(parts, class_="slot", data_slot=k)


def _revenue(position: Position, frame: BoardFrame, hex_id: str, node, px: float,
             py: float) -> list[str]:
    """A city's or town's value in a circle beside it, off the track."""
    value = node.value_in(position.colours)
    if not value:
        return []
    cx, cy = frame.centres[hex_id]
    reach = (0.25 * R if node.kind == "city" else 0.15 * R) + REVENUE_RADIUS + 1.5
    spots = ([(cx - 0.6 * R, cy + 0.4 * R)] if (px, py) == (cx, cy) else []) \
        + ring(px, py, (reach, reach + 0.3 * R), 135.0, 12) + _anywhere(frame, hex_id, (px, py))
    box, shrink = _fit_box(frame, hex_id, (1.0, 0.85, 0.7, 0.6, 0.5),
                           lambda k: (2 * REVENUE_RADIUS * k, 2 * REVENUE_RADIUS * k), spots)
    r = REVENUE_RADIUS * shrink
    size = min(0.19 * R * shrink, 1.8 * r / text_width(str(value), 1.0))
    x, y = (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2
    return [group([el("circle", cx=f"{x:.1f}", cy=f"{y:.1f}", r=f"{r:.1f}", fill="white",
                      stroke="#222", stroke_width=1),
                   el("text", str(value), x=f"{x:.1f}", y=f"{y + 0.35 * size:.1f}",
                      font_size=f"{size:.1f}", text_anchor="middle")],
                  class_="revenue", data_value=value)]


def _offboard(position: Position, frame: BoardFrame, hex_id: str, node) -> list[str]:
    """An off-board's value boxes (``_phase_values``) as one group."""
    ref = f"{hex_id}.{node.index}"
    return [group(_phase_values(position, frame, hex_id, node), class_="offboard",
                  data_offboard=ref, data_node=ref.replace(".", "-"))]


def _phase_values(position: Position, frame: BoardFrame, hex_id: str, node) -> list[str]:
    """An off-board's value per phase colour as coloured boxes, today's framed: in a row,
    or two rows of three or four values, where they are clear of the track arrows (smaller
    where the hex is full)."""
    revenue = node.revenue if isinstance(node.revenue, dict) else {"": node.revenue}
    current = node.value_in(position.colours)
    now = next((c for c in reversed(position.colours) if c in revenue), None)
    cx, cy = frame.centres[hex_id]
    widest = max(len(str(v)) for v in revenue.values())
    two = (len(revenue) + 1) // 2   # boxes a row of two rows holds

    def layouts():
        """(boxes in a row, shrink), the most legible first."""
        for shrink in (1.0, 0.85, 0.7, 0.6, 0.5):
            yield len(revenue), shrink
            if len(revenue) >= 3 and shrink >= 0.7:
                yield two, shrink

    def measure(layout: tuple[int, float]) -> tuple[float, float]:
        per_row, shrink = layout
        w = max(0.36 * R * shrink, text_width("0" * widest, 0.17 * R * shrink, True) + 2)
        rows = -(-len(revenue) // per_row)
        return w * per_row, 0.3 * R * shrink * rows

    spots = [(cx + dx * R, cy + dy * R) for dy in (-0.3, 0.0, 0.3, -0.5, 0.5)
             for dx in (0.0, -0.15, 0.15)] + _anywhere(frame, hex_id, (cx, cy - 0.3 * R))
    area, (per_row, shrink) = _fit_box(frame, hex_id, tuple(layouts()), measure, spots)
    size, h = 0.17 * R * shrink, 0.3 * R * shrink
    w = (area.x1 - area.x0) / per_row
    parts = []
    for k, (colour, value) in enumerate(revenue.items()):
        x, y = area.x0 + (k % per_row) * w, area.y0 + (k // per_row) * h
        on = colour == now or (not colour and value == current)
        parts.append(el("rect", x=f"{x:.1f}", y=f"{y:.1f}", width=f"{w:.1f}",
                        height=f"{h:.1f}", fill=tile_colour(colour) if colour else "white",
                        stroke="#000", stroke_width=2.5 if on else 0.8, class_="phase-value",
                        data_phase=colour or None))
        parts.append(el("text", str(value), x=f"{x + w / 2:.1f}", y=f"{y + h * 0.72:.1f}",
                        font_size=f"{size:.1f}", text_anchor="middle",
                        font_weight="bold" if on else None, class_="phase-value-text"))
    return parts


def _borders(position: Position, frame: BoardFrame, placed: PlacedHex, cx: float,
             cy: float):
    """Impassable sides as thick dark lines, costed (water) sides in blue; and a function
    that places each side's cost once the track is in the room."""
    layout, out = frame.layout, []
    map_hex = position.title.hexes[placed.id]
    for edge in sorted(position.closed_edges(placed.id)):
        (ax, ay), (bx, by) = layout.edge_corners(edge)
        out.append(el("line", x1=f"{cx + ax:.1f}", y1=f"{cy + ay:.1f}", x2=f"{cx + bx:.1f}",
                      y2=f"{cy + by:.1f}", stroke="#7a0000", stroke_width=5,
                      class_="border impassable", data_edge=edge))
    costed = []
    for edge, cost in map_hex.printed.border_costs:
        edge = (edge + map_hex.printed_rotation) % 6
        (ax, ay), (bx, by) = layout.edge_corners(edge)
        out.append(el("line", x1=f"{cx + ax:.1f}", y1=f"{cy + ay:.1f}", x2=f"{cx + bx:.1f}",
                      y2=f"{cy + by:.1f}", stroke="#1f78d1", stroke_width=4,
                      class_="border water", data_edge=edge))
        costed.append((edge, cost))

    def costs(frame: BoardFrame) -> list[str]:
        texts = []
        for edge, cost in costed:
            dx, dy = layout.direction(edge)
            spots = [(cx + dx * APOTHEM * d - dy * s * R, cy + dy * APOTHEM * d + dx * s * R)
                     for d in (0.72, 0.55) for s in (0.0, 0.25, -0.25, 0.4, -0.4)]
            spots += _anywhere(frame, placed.id, spots[0])
            spot = place_text(frame.room, frame.shape(placed.id), [[f"${cost}"]], spots,
                              frame.sizes((0.16 * R, 0.13 * R)))
            texts.append(text_lines(spot, fill="#1f78d1", class_="border-cost"))
        return texts
    return out, costs


def _fit_box(frame: BoardFrame, hex_id: str, sizes: Sequence[T],
             measure: Callable[[T], tuple[float, float]], spots) -> tuple[Box, T]:
    """The first of ``sizes`` (a font size, a shrink: the largest first) whose box
    (``measure(size)``: width and height) is free inside the hex at one of ``spots``, and
    that box; else the last, placed as well as it goes."""
    for size in sizes:
        width, height = measure(size)
        box = place_box(frame.room, frame.shape(hex_id), width, height, spots,
                        strict=size != sizes[-1])
        if box is not None:
            return box, size
    raise AssertionError("the smallest size is always placed")


def _terrain(frame: BoardFrame, hex_id: str, printed) -> list[str]:
    """The printed terrain (mountain, water, …) and the cost of building over it, as an
    icon over its cost where both are clear of the track (both smaller where the hex is
    full)."""
    if not printed.terrain_cost:
        return []
    kinds = set(printed.terrains)
    label = f"${printed.terrain_cost}"

    def measure(size: float) -> tuple[float, float]:
        k = size / (0.2 * R)
        return max(20.0 * k, text_width(label, size)), 13 * k + (0.8 + 0.25) * size + 2

    box, size = _fit_box(frame, hex_id, frame.sizes((0.2 * R, 0.16 * R, 0.13 * R, 0.1 * R)),
                         measure, _corner_spots(frame, hex_id, 60.0))
    k = size / (0.2 * R)
    x, y = (box.x0 + box.x1) / 2, box.y0 + 9 * k
    if "water" in kinds and "mountain" not in kinds:
        shape = el("path", d=f"M{x - 10 * k:.1f},{y:.1f} q{5 * k:.1f},{-5 * k:.1f} "
                             f"{10 * k:.1f},0 q{5 * k:.1f},{5 * k:.1f} {10 * k:.1f},0",
                   fill="none", stroke="#1f78d1", stroke_width=f"{2.5 * k:.1f}")
    else:
        shape = el("polygon", points=points([(x - 9 * k, y + 4 * k), (x, y - 9 * k),
                                             (x + 9 * k, y + 4 * k)]), fill="#8b5a2b")
    return [group([shape, el("text", label, x=f"{x:.1f}", y=f"{box.y1 - 0.25 * size - 1:.1f}",
                             font_size=f"{size:.1f}", text_anchor="middle",
                             class_="terrain-cost")],
                  class_="terrain", data_terrain=" ".join(sorted(kinds)) or None)]


def _marker(frame: BoardFrame, hex_id: str, marker: str) -> list[str]:
    """A hex marker (1817 mine, 18NY connection bonus, …) or a title's mark as a tag; a
    marker the engine wrote as an object (``<Engine::Corporation: SER>``) shows its name."""
    engine = _ENGINE_OBJECT.fullmatch(marker)
    label = engine.group(1) if engine else marker.replace("_", " ")

    def measure(size: float) -> tuple[float, float]:
        return max(4 * size, text_width(label, size) + 0.1 * R), 1.75 * size

    box, size = _fit_box(frame, hex_id, frame.sizes((0.15 * R, 0.12 * R, 0.1 * R)), measure,
                         _corner_spots(frame, hex_id, 300.0))
    x, y = (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2
    return [group([el("rect", x=f"{box.x0:.1f}", y=f"{box.y0:.1f}",
                      width=f"{box.x1 - box.x0:.1f}", height=f"{box.y1 - box.y0:.1f}", rx=3,
                      fill="#fff7c2", stroke="#8a6d00"),
                   el("text", label, x=f"{x:.1f}", y=f"{y + 0.35 * size:.1f}",
                      font_size=f"{size:.1f}", text_anchor="middle", class_="marker-text")],
                  class_="marker", data_marker=marker)]


def _edge_ids(frame: BoardFrame) -> str:
    """The grid's letters and numbers around the map: the column part of the ids above and
    below, the row part left and right."""
    grid = frame.title.grid
    cols: dict[str, float] = {}
    rows: dict[str, float] = {}
    for hex_id, (cx, cy) in frame.centres.items():
        col, row = grid.parts(hex_id)
        cols.setdefault(col, cx)
        rows.setdefault(row, cy)
    size = f"{0.3 * R:.0f}"
    out = []
    for col, x in cols.items():
        for y in (0.6 * R, frame.height - 0.3 * R):
            out.append(el("text", col, x=f"{x:.1f}", y=f"{y:.1f}", font_size=size,
                          text_anchor="middle", class_="grid-id"))
    for row, y in rows.items():
        for x in (0.5 * R, frame.width - 0.5 * R):
            out.append(el("text", row, x=f"{x:.1f}", y=f"{y + 0.1 * R:.1f}", font_size=size,
                          text_anchor="middle", class_="grid-id"))
    return group(out, class_="hex-ids")
