"""A board people can read (issue 25): on every hex of every title's map, drawn with its
printed tiles and, from the title's recorded corpus, late in a game with tokens and the
declared run, at the default scale and a small one, measured from the SVG's geometry:

* each text of a hex lies inside the hex, where no neighbour covers it, and each token's
  company name inside its token, everywhere;
* no text box (a place name, label, tile number, cost; a badge with its text: a value
  circle, an off-board's value boxes, a marker, a stop's value, a bonus, a broken rule's
  number) overlaps another, anywhere;
* none meets a track path unless its hex provably has no place for it (``_no_room``:
  at the smallest size, nowhere in the hex clear), where it is printed over the track;
  none meets a city, town or token unless its hex has no place clear of them even over
  the track (at the small scale: a long name or marker beside a big city).

A text's box is its font size times the characters' conservative widths
(``trainrun.draw.placing.char_width``, checked against the font itself below), from
0.8 em above the baseline to 0.25 em below; track is its path sampled, as wide as drawn.
"""
from __future__ import annotations

import json
import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from trainrun import read_position
from trainrun.draw import draw_input, draw_position, placing
from trainrun.draw.board import LEGIBLE_PX, SMALLEST
from trainrun.draw.geometry import R
from trainrun.draw.placing import FINE, GAP, char_width
from trainrun.errors import InputError

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "data" / "corpus"
NS = "{http://www.w3.org/2000/svg}"
TOUCH = 0.05   # coordinates are written to 0.1: boxes may touch, not overlap
SMALL = 0.4    # the small scale: text is kept at 2 px or more, 5 user units
INSET = 1.0    # a text lies this far inside its hex's sides (``HexShape.holds``)
OUTLINE = 0.75  # half the width of a city's, a town's, a token's outline
SLACK = 0.25   # coordinates written to 0.1, curves sampled finer than the drawing places by


def _late_line(directory: Path) -> str:
    """The last corpus line that declares a run, of the title's first game with one
    trainrun reads."""
    for game in sorted(directory.glob("*.jsonl")):
        for line in reversed(game.read_text().splitlines()):
            if json.loads(line).get("declared"):
                try:
                    read_position(line)
                except InputError:
                    break
                return line
    raise AssertionError(f"{directory}: no line with a declared run")


def _title_cases() -> dict[str, tuple[dict, str | None]]:
    """Per title: a late corpus line (the board, its tokens, the declared run)."""
    cases: dict[str, tuple[dict, str | None]] = {}
    for directory in sorted(p for p in CORPUS.iterdir() if p.is_dir()):
        line = _late_line(directory)
        cases.setdefault(json.loads(line)["title"], (json.loads(line), line))
    for name in ("18pa-late-game", "1871-mount-stewart-6h-3plus"):
        data = json.loads((ROOT / "examples" / f"{name}.json").read_text())
        cases.setdefault(data["title"], (data, None))
    return cases


CASES = _title_cases()


def _printed(data: dict):
    """The title's map with nothing laid: every hex shows its printed tile."""
    late = read_position(data)
    return read_position({"title": data["title"], "phase": late.phase.name,
                          "company": late.company, "trains": []})


# ---- geometry read back from the SVG -------------------------------------------------

def _box_of_text(text: ET.Element, inherited: dict) -> list[tuple]:
    """The boxes of one ``<text>`` (one per line: its ``tspan``s)."""
    style = {**inherited, **text.attrib}
    size = float(style["font-size"])
    bold = style.get("font-weight") == "bold"
    anchor = style.get("text-anchor", "start")
    lines = [(float(s.get("x")), float(s.get("y")), s.text or "")
             for s in text.findall(f"{NS}tspan")] or \
        [(float(text.get("x")), float(text.get("y")), text.text or "")]
    out = []
    for x, y, s in lines:
        width = sum(char_width(c, bold) for c in s) * size
        x0 = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
        out.append((x0, y - 0.8 * size, x0 + width, y + 0.25 * size))
    return out


def _rect(e: ET.Element) -> tuple:
    x, y = float(e.get("x")), float(e.get("y"))
    return (x, y, x + float(e.get("width")), y + float(e.get("height")))


def _circle(e: ET.Element) -> tuple:
    x, y, r = float(e.get("cx")), float(e.get("cy")), float(e.get("r"))
    return (x - r, y - r, x + r, y + r)


def _disc(e: ET.Element) -> tuple:
    """A circle as (cx, cy, r)."""
    return (float(e.get("cx")), float(e.get("cy")), float(e.get("r")))


def _union(boxes) -> tuple:
    boxes = list(boxes)
    return (min(b[0] for b in boxes), min(b[1] for b in boxes),
            max(b[2] for b in boxes), max(b[3] for b in boxes))


def _inside(inner, outer) -> bool:
    return (inner[0] >= outer[0] - 0.3 and inner[1] >= outer[1] - 0.3
            and inner[2] <= outer[2] + 0.3 and inner[3] <= outer[3] + 0.3)


def _bezier(p, t):
    u = 1 - t
    return tuple(u ** 3 * p[0][i] + 3 * u * u * t * p[1][i] + 3 * u * t * t * p[2][i]
                 + t ** 3 * p[3][i] for i in (0, 1))


def _track_points(d: str) -> list:
    pts = [tuple(map(float, xy.split(","))) for xy in re.findall(r"-?[\d.]+,-?[\d.]+", d)]
    if "C" in d:
        return [_bezier(pts, k / 16) for k in range(17)]
    return pts


def _point_box(p, box) -> float:
    return math.hypot(max(box[0] - p[0], 0.0, p[0] - box[2]),
                      max(box[1] - p[1], 0.0, p[1] - box[3]))


def _point_segment(p, a, b) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy) if dx or dy else math.dist(p, a)


def _cross(a, b, c, d) -> bool:
    """Whether segments a-b and c-d cross."""
    def side(p, q, r):
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    return side(a, b, c) * side(a, b, d) <= 0 and side(c, d, a) * side(c, d, b) <= 0


def _seg_box(a, b, box) -> float:
    """Distance between segment a-b and a box: 0 where they meet, else the least of the
    ends' distances to the box and the box corners' to the segment."""
    corners = [(box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3])]
    if _point_box(a, box) == 0 or any(_cross(a, b, p, q)
                                      for p, q in zip(corners, corners[1:] + corners[:1])):
        return 0.0
    return min([_point_box(a, box), _point_box(b, box)]
               + [_point_segment(p, a, b) for p in corners])


def _meets(a, b) -> bool:
    return (a[0] < b[2] - TOUCH and b[0] < a[2] - TOUCH
            and a[1] < b[3] - TOUCH and b[1] < a[3] - TOUCH)


class Drawing:
    """What a test reads from a drawing: text boxes (with their hex and what they are),
    track (points and width), the shapes of cities, towns and tokens, hex corners, and
    each token's circle with its text."""

    BADGES = {"revenue": "circle", "offboard": "rects", "marker": "rect",
              "stop-value": "rect", "violation-number": "rect", "terrain": "group",
              "route-bonus": "rect"}
    ON_ROUTES = ("stop-value", "violation-number", "route-bonus")   # in no hex

    def __init__(self, svg: str):
        self.texts: list[tuple[str, str | None, tuple]] = []   # (what, hex, box)
        self.sizes: list[float | None] = []   # each text's font size (None: a badge)
        self.tracks: list[tuple[list, float]] = []
        self.nodes: list[tuple[str | None, tuple]] = []
        self.hexes: dict[str, list] = {}
        self.tokens: list[tuple[tuple, list]] = []
        self.rings: list[tuple] = []        # a route's ring around a stop: (cx, cy, r)
        self.backings: list[tuple] = []     # the white box under a text over the track
        self._walk(ET.fromstring(svg), None, {})

    def _walk(self, e: ET.Element, hex_id, style: dict) -> None:
        cls = e.get("class") or ""
        if cls in ("legend", "hex-ids"):
            return
        if cls == "hex":
            hex_id = e.get("data-hex")
            face = e.find(f"{NS}polygon")
            self.hexes[hex_id] = [tuple(map(float, p.split(",")))
                                  for p in face.get("points").split()]
        kind = self.BADGES.get(cls)
        if kind:
            self.texts.append((cls, None if cls in self.ON_ROUTES else hex_id,
                               self._badge(e, kind)))
            self.sizes.append(None)
            return
        if cls.startswith("track"):
            if e.tag == f"{NS}polygon":
                pts = [tuple(map(float, p.split(","))) for p in e.get("points").split()]
                self.tracks.append((pts + pts[:1], 0.0))
                self.tracks.append(([((pts[0][0] + pts[1][0]) / 2, (pts[0][1] + pts[1][1]) / 2),
                                     pts[2]], 0.0))
            else:
                self.tracks.append((_track_points(e.get("d")), float(e.get("stroke-width"))))
            return
        if cls == "stop":
            self.rings.append(_disc(e))
            return
        if cls == "backing":
            self.backings.append(_rect(e))
            return
        if cls in ("city", "town"):
            self._node(e, hex_id)
            return
        if e.tag == f"{NS}text":
            # a text of several lines is placed as one box
            self.texts.append((cls or "text", hex_id, _union(_box_of_text(e, style))))
            self.sizes.append(float({**style, **e.attrib}["font-size"]))
            return
        inherited = {**style, **{k: v for k, v in e.attrib.items()
                                 if k in ("font-size", "font-weight", "text-anchor")}}
        for child in e:
            self._walk(child, hex_id, inherited)

    def _badge(self, e: ET.Element, kind: str) -> tuple:
        inner = [b for t in e.iter(f"{NS}text") for b in _box_of_text(t, {})]
        if kind == "circle":
            shape = _circle(e.find(f"{NS}circle"))
        elif kind == "group":
            shape = _union(inner + [_union(
                tuple(map(float, p.split(","))) * 2 for p in (poly.get("points") or "").split())
                for poly in e.iter(f"{NS}polygon")])
        else:
            shape = _union(_rect(r) for r in e.iter(f"{NS}rect"))
        assert shape is not None
        for box in inner:   # the badge's text is inside it
            assert _inside(box, shape), (e.get("class"), box, shape)
        return shape

    def _node(self, e: ET.Element, hex_id) -> None:
        if e.tag == f"{NS}circle":
            self.nodes.append((hex_id, _disc(e)))
        elif e.tag == f"{NS}rect":   # a town's bar, turned: its centre line, as wide
            x, y, w, h = (float(e.get(k)) for k in ("x", "y", "width", "height"))
            angle, px, py = map(float, re.findall(r"-?[\d.]+", e.get("transform")))
            a = math.radians(angle)
            ends = [(px + (u - px) * math.cos(a) - (y + h / 2 - py) * math.sin(a),
                     py + (u - px) * math.sin(a) + (y + h / 2 - py) * math.cos(a))
                    for u in (x, x + w)]
            self.nodes.append((hex_id, ("bar", ends[0], ends[1], h / 2)))
        for token in e.findall(f"{NS}g"):
            circle, text = token.find(f"{NS}circle"), token.find(f"{NS}text")
            self.nodes.append((hex_id, _disc(circle)))
            if text is not None:
                self.tokens.append((_circle(circle), _box_of_text(text, {})))
        for child in e.findall(f"{NS}rect") + e.findall(f"{NS}circle"):
            self.nodes.append((hex_id, _rect(child) if child.tag == f"{NS}rect"
                               else _disc(child)))


def _in_hex(box, corners, inset: float = -0.3) -> bool:
    """Whether the box's corners lie in the convex hex ``corners``, ``inset`` inside its
    sides (by default 0.3 of slack outside)."""
    cx = sum(x for x, _ in corners) / 6
    cy = sum(y for _, y in corners) / 6
    for (x1, y1), (x2, y2) in zip(corners, corners[1:] + corners[:1]):
        nx, ny = y2 - y1, x1 - x2                      # a normal of the side
        if (cx - x1) * nx + (cy - y1) * ny > 0:        # pointing outward
            nx, ny = -nx, -ny
        norm = math.hypot(nx, ny)
        for px, py in ((box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3])):
            if ((px - x1) * nx + (py - y1) * ny) / norm > -inset:
                return False
    return True


def _segments(points: list, width: float) -> tuple[tuple, list]:
    """A track's box and its pieces, each with its own box, ``width`` around."""
    pieces = [(a, b, (min(a[0], b[0]) - width, min(a[1], b[1]) - width,
                      max(a[0], b[0]) + width, max(a[1], b[1]) + width))
              for a, b in zip(points, points[1:])]
    return _union(box for *_, box in pieces), pieces


def _meets_node(box, node, outline: float = 0.0) -> bool:
    """Whether a box meets a city, town or token: a disc (cx, cy, r), a box or a town's
    bar ("bar", one end, the other, half its width), with
    ``outline`` (half its outline's width) around it."""
    if node[0] == "bar":
        _, a, b, half = node
        reach = half + outline
        return _meets(box, (min(a[0], b[0]) - reach, min(a[1], b[1]) - reach,
                            max(a[0], b[0]) + reach, max(a[1], b[1]) + reach)) \
            and _seg_box(a, b, box) < reach - TOUCH
    if len(node) == 3:
        return _point_box(node[:2], box) < node[2] + outline - TOUCH
    return _meets(box, (node[0] - outline, node[1] - outline, node[2] + outline,
                        node[3] + outline))


def _meets_track(box, track, gap: float = 0.0) -> bool:
    bounds, pieces, half = track
    reach = max(half - TOUCH, 0.01) + gap
    grown = (box[0] - gap, box[1] - gap, box[2] + gap, box[3] + gap)
    return _meets(grown, bounds) and any(_meets(grown, near) and _seg_box(a, b, box) < reach
                                         for a, b, near in pieces)


def _no_room(drawing: Drawing, i: int, tracks: list, scale: float) -> bool:
    """Whether text ``i`` has provably no free place in its hex: a plain text is at the
    smallest size drawn at ``scale`` (``LEGIBLE_PX`` pixels, at least ``SMALLEST``), and a
    box of its size, centred on any point of its hex on the ``FINE`` grid (1 unit) where
    it lies ``INSET`` inside the sides, meets one of ``tracks``, a city, town or token or
    another of the hex's texts, with ``GAP`` (plus ``SLACK``) around it (and ``OUTLINE``
    around a city, town or token). Given the hex's
    track: the text may meet track (it is printed over it on a white backing, as
    18xx.games prints it); given none: it may meet a city, town or token too."""
    what, hex_id, box = drawing.texts[i]
    size = drawing.sizes[i]
    if hex_id is None or (size is not None
                          and size > max(SMALLEST, LEGIBLE_PX / scale) + TOUCH):
        return False
    corners = drawing.hexes[hex_id]
    cx, cy = sum(x for x, _ in corners) / 6, sum(y for _, y in corners) / 6
    area = _union(p * 2 for p in corners)
    gap = GAP + SLACK
    near_tracks = [t for t in tracks if _meets(t[0], area)]
    near_nodes = [n for h, n in drawing.nodes if h == hex_id]
    near_texts = [b for j, (_, h, b) in enumerate(drawing.texts) if h == hex_id and j != i]
    w, h = box[2] - box[0], box[3] - box[1]
    n = math.ceil(R / FINE)
    for dx in range(-n, n + 1):
        for dy in range(-n, n + 1):
            x0, y0 = cx + dx * FINE - w / 2, cy + dy * FINE - h / 2
            spot = (x0, y0, x0 + w, y0 + h)
            grown = (x0 - gap, y0 - gap, x0 + w + gap, y0 + h + gap)
            if (_in_hex(spot, corners, INSET)
                    and not any(_meets(grown, b) for b in near_texts)
                    and not any(_meets_node(grown, node, OUTLINE) for node in near_nodes)
                    and not any(_meets_track(spot, t, gap) for t in near_tracks)):
                return False
    return True


def _problems(svg: str, scale: float = 1.0) -> list[str]:
    drawing = Drawing(svg)
    out = []
    texts = drawing.texts
    tracks = [(*_segments(points, width), width / 2) for points, width in drawing.tracks]
    for i, (what, hex_id, box) in enumerate(texts):
        for other, other_hex, other_box in texts[i + 1:]:
            if _meets(box, other_box):
                out.append(f"{what} in {hex_id} meets {other} in {other_hex}")
        if any(_meets_track(box, t) for t in tracks) and not _no_room(drawing, i, tracks,
                                                                      scale):
            out.append(f"{what} in {hex_id} meets track where its hex has room")
        if any(_meets_node(box, node) for _, node in drawing.nodes) \
                and not _no_room(drawing, i, [], scale):
            out.append(f"{what} in {hex_id} meets a city, town or token where its hex has room")
        if hex_id is not None and not _in_hex(box, drawing.hexes[hex_id]):
            out.append(f"{what} in {hex_id} leaves its hex")
    for circle, boxes in drawing.tokens:
        r = (circle[2] - circle[0]) / 2
        for box in boxes:
            if box[2] - box[0] > 2 * r:
                out.append(f"token text {box} wider than its token {circle}")
    return out


@pytest.mark.parametrize("scale", [1.0, SMALL], ids=["default", "small"])
@pytest.mark.parametrize("title", sorted(CASES))
def test_texts_clear_of_each_other_the_track_and_tokens(title, scale):
    """No text overlaps another, a city, town or token, or leaves its hex; none meets
    track but where its hex has no room for it (``_no_room``)."""
    data, line = CASES[title]
    assert _problems(draw_position(_printed(data), scale=scale), scale) == [], "printed map"
    position = read_position(line if line is not None else data)
    svg = (draw_input(position, line, scale=scale) if line is not None
           else draw_position(position, scale=scale))
    assert _problems(svg, scale) == [], "late board"


@pytest.mark.parametrize("title", sorted(t for t, (_, line) in CASES.items() if line))
def test_place_names_clear_of_the_rings_around_stops(title):
    """A late board with its declared run: each place name clear of the ring the run
    draws around each stop (3 wide), unless it is on a white backing (no place in its
    hex was free of the track and the rings)."""
    position = read_position(CASES[title][1])
    drawing = Drawing(draw_input(position, CASES[title][1]))
    assert drawing.rings
    covered = [(hex_id, box) for what, hex_id, box in drawing.texts
               if what == "location" and any(_meets_node(box, ring, 1.5)
                                             for ring in drawing.rings)]
    assert [(h, box) for h, box in covered
            if not any(_inside(box, backing) for backing in drawing.backings)] == []


def test_a_kept_placement_draws_what_a_first_one_does():
    """Placements kept per process (``placing.forget``) give the same drawing as a
    first one, after other titles' boards have been drawn too."""
    boards = [read_position(line) for _, line in CASES.values() if line][:6]
    placing.forget()
    first = [draw_position(p) for p in boards]
    assert [draw_position(p) for p in reversed(boards)] == first[::-1]


def test_the_width_of_each_character_is_at_least_the_fonts():
    """``char_width`` is no narrower than DejaVu Sans (regular and bold) draws each
    printable ASCII character and each character of the titles' place names."""
    fonts = pytest.importorskip("PIL.ImageFont")
    paths = [Path("/usr/share/fonts/truetype/dejavu") / f"DejaVuSans{s}.ttf"
             for s in ("", "-Bold")]
    if not all(p.exists() for p in paths):
        pytest.skip("DejaVu Sans is not installed")
    chars = {chr(c) for c in range(32, 127)}
    for data, _ in CASES.values():
        chars |= {c for h in read_position(data).title.hexes.values() for c in h.location}
    for path, bold in zip(paths, (False, True)):
        font = fonts.truetype(str(path), 1000)
        wider = [c for c in sorted(chars) if font.getlength(c) / 1000 > char_width(c, bold)]
        assert wider == [], (path.name, wider)


def test_every_title_is_drawn():
    from trainrun.registry import installed_titles
    assert set(installed_titles()) <= set(CASES)
