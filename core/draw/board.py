"""The board drawn: every hex with the tile lying on it (its colour, track, cities with
their slots and tokens, towns, off-board values by phase), the printed terrain, borders,
labels and place names, the position's hex markers, and the hex ids around the edge.

Each hex is one ``<g class="hex" data-hex="E5">``; each city ``data-city="E5.0"``, each
town ``data-town``, each off-board ``data-offboard`` (hex and node index), each of them
also ``data-node="E5-0"`` (the node id routes use), so a page can attach clicks to them.
"""
from __future__ import annotations

from trainrun.board.position import PlacedHex, Position
from trainrun.draw.colours import company_colours, tile_colour
from trainrun.draw.geometry import APOTHEM, Layout, R, node_places, tangent_angle, track_d
from trainrun.draw.svg import el, group, points
from trainrun.hooks import answers

TRACK_WIDTH = 0.14 * R
CITY_RADIUS = 0.25 * R
MARGIN = 1.6 * R


class BoardFrame:
    """Where each hex of a title's map is drawn, with room around for the hex ids."""

    def __init__(self, position: Position):
        self.title = position.title
        self.layout = Layout(self.title.grid.layout)
        raw = {h: self.layout.centre(*self.title.grid.coords(h)) for h in self.title.hexes}
        min_x = min(x for x, _ in raw.values())
        min_y = min(y for _, y in raw.values())
        self.centres = {h: (x - min_x + MARGIN, y - min_y + MARGIN) for h, (x, y) in raw.items()}
        self.width = max(x for x, _ in self.centres.values()) + MARGIN
        self.height = max(y for _, y in self.centres.values()) + MARGIN
        self._places: dict = {}

    def places(self, placed: PlacedHex) -> dict:
        """Where the nodes of the tile on ``placed`` are drawn (``node_places``), kept per
        tile and rotation."""
        key = (placed.tile, placed.rotation)
        if key not in self._places:
            self._places[key] = node_places(self.layout, placed.tile, placed.rotation)
        return self._places[key]


def draw_board(position: Position, frame: BoardFrame) -> list[str]:
    """SVG elements of the whole board: one group per hex, then the hex ids."""
    marks: dict = {}
    for hex_id, label in answers.board_marks(position):
        marks.setdefault(hex_id, []).append(label)
    out = [_hex(position, frame, position.board[h], marks.get(h, ())) for h in frame.centres]
    out.append(_edge_ids(frame))
    return out


def _hex(position: Position, frame: BoardFrame, placed: PlacedHex, marks) -> str:
    layout, tile, rot = frame.layout, placed.tile, placed.rotation
    cx, cy = frame.centres[placed.id]
    map_hex = position.title.hexes[placed.id]
    laid = position.title.tiles.get(tile.name) is tile   # a catalogue tile, not the map's
    places = frame.places(placed)
    parts = [el("polygon", points=points(layout.corners(cx, cy)), fill=tile_colour(tile.color),
                stroke="#555", stroke_width=1, class_="hex-face")]
    parts += _borders(position, frame, placed, cx, cy)
    if not laid:
        parts += _terrain(map_hex.printed, cx, cy)
    for path in tile.paths_at(rot):
        parts.append(_track(layout, places, path, cx, cy))
    for node in tile.nodes:
        px, py = cx + places[node.index][0], cy + places[node.index][1]
        parts += _node(position, placed, node, px, py, len(tile.nodes) > 1, cx, cy, layout,
                       places)
    if tile.labels:
        parts.append(el("text", " ".join(tile.labels), x=f"{cx - 0.55 * R:.1f}",
                        y=f"{cy - 0.35 * R:.1f}", font_size=f"{0.32 * R:.0f}", font_weight="bold",
                        class_="label", text_anchor="middle"))
    if map_hex.location:
        parts.append(el("text", map_hex.location, x=f"{cx:.1f}", y=f"{cy + 0.75 * R:.1f}",
                        font_size=f"{0.2 * R:.0f}", text_anchor="middle", class_="location",
                        fill="#111"))
    if laid:
        parts.append(el("text", tile.name, x=f"{cx + 0.55 * R:.1f}", y=f"{cy + 0.5 * R:.1f}",
                        font_size=f"{0.18 * R:.0f}", text_anchor="middle", class_="tile-name"))
    for k, marker in enumerate(list(placed.markers) + list(marks)):
        parts.append(_marker(marker, cx + 0.45 * R, cy - 0.5 * R + k * 0.3 * R))
    title = f"{placed.id} {map_hex.location}".strip()
    return group([el("title", title)] + parts, class_="hex", data_hex=placed.id,
                 data_tile=tile.name, data_rotation=rot)


def _track(layout: Layout, places: dict, path, cx: float, cy: float) -> str:
    if path.terminal and "e" in (path.a[0], path.b[0]):
        return _terminal(layout, int((path.a if path.a[0] == "e" else path.b)[1:]), cx, cy)
    d = track_d(layout, places, path, cx, cy)
    if path.track == "narrow":
        return el("path", d=d, fill="none", stroke="#222", stroke_width=TRACK_WIDTH * 0.6,
                  stroke_dasharray=f"{0.12 * R:.1f},{0.06 * R:.1f}", class_="track narrow")
    if path.track == "dual":
        return (el("path", d=d, fill="none", stroke="#222", stroke_width=TRACK_WIDTH,
                   class_="track dual")
                + el("path", d=d, fill="none", stroke="white", stroke_width=TRACK_WIDTH * 0.3,
                     stroke_dasharray=f"{0.1 * R:.1f},{0.1 * R:.1f}"))
    return el("path", d=d, fill="none", stroke="#222", stroke_width=TRACK_WIDTH, class_="track")


def _terminal(layout: Layout, edge: int, cx: float, cy: float) -> str:
    """Track a route may only end on (into an off-board) as an arrow from the edge in."""
    dx, dy = layout.direction(edge)
    ex, ey = cx + dx * APOTHEM, cy + dy * APOTHEM
    w = 0.22 * R
    tip = (ex - dx * 0.5 * R, ey - dy * 0.5 * R)
    return el("polygon", points=points([(ex - dy * w, ey + dx * w), (ex + dy * w, ey - dx * w),
                                        tip]), fill="#222", class_="track terminal",
              data_edge=edge)


def _town(layout: Layout, places, node, px: float, py: float, ref: str) -> str:
    """A town on through track as a bar across it, any other town as a dot."""
    if node.index in places.through:
        angle = tangent_angle(layout, places, node.index) + 90
        return el("rect", x=f"{px - 0.25 * R:.1f}", y=f"{py - 0.07 * R:.1f}",
                  width=f"{0.5 * R:.1f}", height=f"{0.14 * R:.1f}", fill="#111",
                  transform=f"rotate({angle:.1f} {px:.1f} {py:.1f})", class_="town",
                  data_town=ref, data_node=ref.replace(".", "-"))
    return el("circle", cx=f"{px:.1f}", cy=f"{py:.1f}", r=f"{0.12 * R:.1f}", fill="#111",
              stroke="white", stroke_width=1.5, class_="town", data_town=ref,
              data_node=ref.replace(".", "-"))


def _node(position: Position, placed: PlacedHex, node, px: float, py: float, crowded: bool,
          cx: float, cy: float, layout: Layout, places) -> list[str]:
    ref = f"{placed.id}.{node.index}"
    if node.kind == "city":
        return [_city(position, placed, node, px, py, crowded, ref)] + \
            _revenue(position, node, px, py, crowded, cx, cy)
    if node.kind == "town":
        return [_town(layout, places, node, px, py, ref)] + \
            _revenue(position, node, px, py, crowded, cx, cy)
    if node.kind == "offboard" and not node.hidden:
        return [group(_phase_values(position, node, cx, cy), class_="offboard",
                      data_offboard=ref, data_node=ref.replace(".", "-"))]
    return []


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


def _city(position: Position, placed: PlacedHex, node, px: float, py: float, crowded: bool,
          ref: str) -> str:
    r = CITY_RADIUS * (0.8 if crowded else 1.0)
    tokens = placed.tokens.get(node.index)
    holders = list(tokens.slots) if tokens else []
    slots = max(node.slots, len(holders), 1)
    holders += [None] * (slots - len(holders))
    offsets = _slot_offsets(slots, r)
    parts = []
    if slots > 1:
        xs = [px + dx for dx, _ in offsets]
        ys = [py + dy for _, dy in offsets]
        parts.append(el("rect", x=f"{min(xs) - r:.1f}", y=f"{min(ys) - r:.1f}",
                        width=f"{max(xs) - min(xs) + 2 * r:.1f}",
                        height=f"{max(ys) - min(ys) + 2 * r:.1f}", rx=f"{r:.1f}",
                        fill="white", stroke="#222", stroke_width=1.5))
    reserved = list(tokens.reserved) if tokens else []
    for k, ((dx, dy), holder) in enumerate(zip(offsets, holders)):
        parts.append(_slot(position, holder, reserved[k] if k < len(reserved) and not holder
                           else None, px + dx, py + dy, r, k))
    for k, extra in enumerate(tokens.extra if tokens else ()):
        parts.append(_slot(position, extra, None, px + r * (1.6 + k), py - r * 1.2, r * 0.7, -1))
    return group(parts, class_="city", data_city=ref, data_node=ref.replace(".", "-"))


def _slot(position: Position, holder, reserved, x: float, y: float, r: float, k: int) -> str:
    if holder:
        colour, text = company_colours(position.title.companies, holder)
        return group([el("circle", cx=f"{x:.1f}", cy=f"{y:.1f}", r=f"{r:.1f}", fill=colour,
                         stroke="#222", stroke_width=1.5),
                      el("text", holder, x=f"{x:.1f}", y=f"{y + r * 0.3:.1f}", fill=text,
                         font_size=f"{r * (0.9 if len(holder) < 3 else 0.6):.1f}",
                         font_weight="bold", text_anchor="middle")],
                     class_="token", data_company=holder, data_slot=k)
    parts = [el("circle", cx=f"{x:.1f}", cy=f"{y:.1f}", r=f"{r:.1f}", fill="white",
                stroke="#222", stroke_width=1.5)]
    if reserved:
        parts.append(el("text", str(reserved), x=f"{x:.1f}", y=f"{y + r * 0.25:.1f}",
                        fill="#777", font_size=f"{r * 0.6:.1f}", text_anchor="middle"))
    return group(parts, class_="slot", data_slot=k)


def _revenue(position: Position, node, px: float, py: float, crowded: bool, cx: float,
             cy: float) -> list[str]:
    value = node.value_in(position.colours)
    if not value:
        return []
    if crowded:
        dx, dy = px - cx, py - cy
        norm = max((dx * dx + dy * dy) ** 0.5, 1e-6)
        x, y = px + (-dy / norm) * 0.55 * R, py + (dx / norm) * 0.55 * R
        if norm < 1:
            x, y = px + 0.45 * R, py - 0.3 * R
    else:   # below left of the city, clear of two slots side by side
        x, y = cx - 0.6 * R, cy + 0.4 * R
    return [el("circle", cx=f"{x:.1f}", cy=f"{y:.1f}", r=f"{0.17 * R:.1f}", fill="white",
               stroke="#222", stroke_width=1, class_="revenue"),
            el("text", str(value), x=f"{x:.1f}", y=f"{y + 0.07 * R:.1f}",
               font_size=f"{0.19 * R:.1f}", text_anchor="middle")]


def _phase_values(position: Position, node, cx: float, cy: float) -> list[str]:
    """An off-board's value per phase colour as a row of coloured boxes, today's framed."""
    revenue = node.revenue if isinstance(node.revenue, dict) else {"": node.revenue}
    current = node.value_in(position.colours)
    now = next((c for c in reversed(position.colours) if c in revenue), None)
    w, h = 0.36 * R, 0.3 * R
    x0 = cx - w * len(revenue) / 2
    parts = []
    for k, (colour, value) in enumerate(revenue.items()):
        x = x0 + k * w
        on = colour == now or (not colour and value == current)
        parts.append(el("rect", x=f"{x:.1f}", y=f"{cy - 0.45 * R:.1f}", width=f"{w:.1f}",
                        height=f"{h:.1f}", fill=tile_colour(colour) if colour else "white",
                        stroke="#000", stroke_width=2.5 if on else 0.8, class_="phase-value",
                        data_phase=colour or None))
        parts.append(el("text", str(value), x=f"{x + w / 2:.1f}",
                        y=f"{cy - 0.45 * R + h * 0.72:.1f}", font_size=f"{0.17 * R:.1f}",
                        text_anchor="middle",
                        font_weight="bold" if on else None))
    return parts


def _borders(position: Position, frame: BoardFrame, placed: PlacedHex, cx: float,
             cy: float) -> list[str]:
    """Impassable sides as thick dark lines, costed (water) sides in blue with the cost."""
    layout, out = frame.layout, []
    map_hex = position.title.hexes[placed.id]
    for edge in sorted(position.closed_edges(placed.id)):
        (ax, ay), (bx, by) = layout.edge_corners(edge)
        out.append(el("line", x1=f"{cx + ax:.1f}", y1=f"{cy + ay:.1f}", x2=f"{cx + bx:.1f}",
                      y2=f"{cy + by:.1f}", stroke="#7a0000", stroke_width=5,
                      class_="border impassable", data_edge=edge))
    for edge, cost in map_hex.printed.border_costs:
        edge = (edge + map_hex.printed_rotation) % 6
        (ax, ay), (bx, by) = layout.edge_corners(edge)
        dx, dy = layout.direction(edge)
        out.append(el("line", x1=f"{cx + ax:.1f}", y1=f"{cy + ay:.1f}", x2=f"{cx + bx:.1f}",
                      y2=f"{cy + by:.1f}", stroke="#1f78d1", stroke_width=4,
                      class_="border water", data_edge=edge))
        out.append(el("text", f"${cost}", x=f"{cx + dx * APOTHEM * 0.72:.1f}",
                      y=f"{cy + dy * APOTHEM * 0.72 + 0.06 * R:.1f}", font_size=f"{0.16 * R:.1f}",
                      fill="#1f78d1", text_anchor="middle"))
    return out


def _terrain(printed, cx: float, cy: float) -> list[str]:
    """The printed terrain (mountain, water, …) and the cost of building over it."""
    if not printed.terrain_cost:
        return []
    x, y = cx + 0.3 * R, cy + 0.3 * R
    kinds = set(printed.terrains)
    if "water" in kinds and "mountain" not in kinds:
        shape = el("path", d=f"M{x - 10:.1f},{y:.1f} q5,-5 10,0 q5,5 10,0", fill="none",
                   stroke="#1f78d1", stroke_width=2.5)
    else:
        shape = el("polygon", points=points([(x - 9, y + 4), (x, y - 9), (x + 9, y + 4)]),
                   fill="#8b5a2b")
    return [group([shape, el("text", f"${printed.terrain_cost}", x=f"{x:.1f}",
                             y=f"{y + 0.38 * R:.1f}", font_size=f"{0.2 * R:.1f}",
                             text_anchor="middle")],
                  class_="terrain", data_terrain=" ".join(sorted(kinds)) or None)]


def _marker(marker: str, x: float, y: float) -> str:
    """A hex marker (1817 mine, 18NY connection bonus, …) or a title's mark as a tag."""
    label = marker.replace("_", " ")
    width = max(0.6 * R, 0.085 * R * len(label) + 0.1 * R)
    return group([el("rect", x=f"{x - width / 2:.1f}", y=f"{y - 0.13 * R:.1f}",
                     width=f"{width:.1f}", height=f"{0.26 * R:.1f}", rx=3, fill="#fff7c2",
                     stroke="#8a6d00"),
                  el("text", label, x=f"{x:.1f}", y=f"{y + 0.07 * R:.1f}",
                     font_size=f"{0.15 * R:.1f}", text_anchor="middle")],
                 class_="marker", data_marker=marker)


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
