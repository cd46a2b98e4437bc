"""A board people can read (issue 25): on every hex of every title's map, drawn with its
printed tiles and, from the title's recorded corpus, late in a game with tokens and the
declared run, at the default scale and a small one, measured from the SVG's geometry:

* each text of a hex lies inside the hex, where no neighbour covers it, and each token's
  company name inside its token, everywhere;
* no text box (a place name, label, tile number, cost; a badge with its text: a value
  circle, an off-board's value boxes, a marker, a stop's value, a bonus, a broken rule's
  number) overlaps another, a track path, a city, a town or a token: on the printed maps
  of 24 titles of 29 at the default scale none does; elsewhere the share that does is
  held to what is left (``LEFT_OVER``: names in hexes whose track reaches every side).

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
from trainrun.draw import draw_input, draw_position
from trainrun.draw.placing import char_width
from trainrun.errors import InputError

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "data" / "corpus"
NS = "{http://www.w3.org/2000/svg}"
TOUCH = 0.05   # coordinates are written to 0.1: boxes may touch, not overlap
SMALL = 0.4    # the small scale: text is kept at 2 px or more, 5 user units


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
        self.tracks: list[tuple[list, float]] = []
        self.nodes: list[tuple[str | None, tuple]] = []
        self.hexes: dict[str, list] = {}
        self.tokens: list[tuple[tuple, list]] = []
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
        if cls in ("city", "town"):
            self._node(e, hex_id)
            return
        if e.tag == f"{NS}text":
            for box in _box_of_text(e, style):
                self.texts.append((cls or "text", hex_id, box))
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
            self.nodes.append((hex_id, _circle(e)))
        elif e.tag == f"{NS}rect":   # a town's bar, turned: its turned corners' box
            x, y, w, h = (float(e.get(k)) for k in ("x", "y", "width", "height"))
            angle, px, py = map(float, re.findall(r"-?[\d.]+", e.get("transform")))
            a = math.radians(angle)
            pts = [(px + (u - px) * math.cos(a) - (v - py) * math.sin(a),
                    py + (u - px) * math.sin(a) + (v - py) * math.cos(a))
                   for u, v in ((x, y), (x + w, y), (x + w, y + h), (x, y + h))]
            self.nodes.append((hex_id, _union(p * 2 for p in pts)))
        for token in e.findall(f"{NS}g"):
            circle, text = token.find(f"{NS}circle"), token.find(f"{NS}text")
            self.nodes.append((hex_id, _circle(circle)))
            if text is not None:
                self.tokens.append((_circle(circle), _box_of_text(text, {})))
        for child in e.findall(f"{NS}rect") + e.findall(f"{NS}circle"):
            self.nodes.append((hex_id, _rect(child) if child.tag == f"{NS}rect"
                               else _circle(child)))


def _in_hex(box, corners) -> bool:
    """Whether the box's corners lie in the convex hex ``corners`` (0.3 of slack)."""
    cx = sum(x for x, _ in corners) / 6
    cy = sum(y for _, y in corners) / 6
    for (x1, y1), (x2, y2) in zip(corners, corners[1:] + corners[:1]):
        nx, ny = y2 - y1, x1 - x2                      # a normal of the side
        if (cx - x1) * nx + (cy - y1) * ny > 0:        # pointing outward
            nx, ny = -nx, -ny
        norm = math.hypot(nx, ny)
        for px, py in ((box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3])):
            if ((px - x1) * nx + (py - y1) * ny) / norm > 0.3:
                return False
    return True


def _segments(points: list, width: float) -> tuple[tuple, list]:
    """A track's box and its pieces, each with its own box, ``width`` around."""
    pieces = [(a, b, (min(a[0], b[0]) - width, min(a[1], b[1]) - width,
                      max(a[0], b[0]) + width, max(a[1], b[1]) + width))
              for a, b in zip(points, points[1:])]
    return _union(box for *_, box in pieces), pieces


def _problems(svg: str) -> list[str]:
    drawing = Drawing(svg)
    out = []
    texts = drawing.texts
    tracks = [(*_segments(points, width), width / 2) for points, width in drawing.tracks]
    for i, (what, hex_id, box) in enumerate(texts):
        for other, other_hex, other_box in texts[i + 1:]:
            if _meets(box, other_box):
                out.append(f"{what} in {hex_id} meets {other} in {other_hex}")
        for bounds, pieces, half in tracks:
            if _meets(box, bounds) and any(
                    _meets(box, near) and _seg_box(a, b, box) < max(half - TOUCH, 0.01)
                    for a, b, near in pieces):
                out.append(f"{what} in {hex_id} meets track")
                break
        for node_hex, node in drawing.nodes:
            if _meets(box, node):
                out.append(f"{what} in {hex_id} meets a city, town or token in {node_hex}")
                break
        if hex_id is not None and not _in_hex(box, drawing.hexes[hex_id]):
            out.append(f"{what} in {hex_id} leaves its hex")
    for circle, boxes in drawing.tokens:
        r = (circle[2] - circle[0]) / 2
        for box in boxes:
            if box[2] - box[0] > 2 * r:
                out.append(f"token text {box} wider than its token {circle}")
    return out


# Where a hex's track reaches nearly every side (a six-exit green or brown city, 63, 216…)
# no band of it is free for the place name, nor for every badge late in a game: those are
# placed as well as they go. The share of a drawing's texts that may meet something, as
# measured (issue 25; before it, more than a third did): the worst late board has 4.5 %
# at the default scale (18MEX), 8 % at the small one (18GA).
LEFT_OVER = {1.0: 0.05, SMALL: 0.09}
# printed maps with a text that meets something at the default scale (one to four each:
# a terrain cost, a label or a value beside a crowded city; 18MEX's I12 name)
PRINTED_LEFT_OVER = {"1836Jr56", "1846", "1847 AE", "18JP-T", "18MEX"}


def _check(svg: str, scale: float, what: str) -> None:
    problems = _problems(svg)
    # never clipped by a neighbour, never out of its badge or token
    assert [p for p in problems if "leaves its hex" in p or "token text" in p] == [], what
    texts = len(Drawing(svg).texts)
    meeting = {p.split(" meets ")[0] for p in problems}
    assert len(meeting) <= LEFT_OVER[scale] * texts, f"{what}: {sorted(problems)[:12]}"


@pytest.mark.parametrize("scale", [1.0, SMALL], ids=["default", "small"])
@pytest.mark.parametrize("title", sorted(CASES))
def test_texts_clear_of_each_other_the_track_and_tokens(title, scale):
    data, line = CASES[title]
    _check(draw_position(_printed(data), scale=scale), scale, f"{title}, printed map")
    position = read_position(line if line is not None else data)
    _check(draw_input(position, line, scale=scale) if line is not None
           else draw_position(position, scale=scale), scale, f"{title}, late board")


@pytest.mark.parametrize("title", sorted(set(CASES) - PRINTED_LEFT_OVER))
def test_printed_maps_have_no_text_over_anything(title):
    """The printed maps of 24 titles of 29 at the default scale: every text and badge
    clear of every other, of the track, the cities, towns and tokens."""
    assert _problems(draw_position(_printed(CASES[title][0]))) == []


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
