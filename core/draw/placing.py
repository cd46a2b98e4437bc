"""Where the drawing's texts and badges go: each one at the first of its candidate places
where it stays inside its hex and clear of the track, the cities, towns and tokens, and
everything placed before it.

A text's box is measured from its font size and its characters' widths (``EM``: the
advance of each printable ASCII character in DejaVu Sans, the drawing's font, rounded
up to 0.05 em; bold a tenth wider and 0.1 em more; any other letter 0.8 em, any other
character 1 em), from 0.8 em above the baseline to 0.25 em below it. ``Room`` holds what is
already drawn (boxes, circles, track as lines with a width) and answers whether a box is
free of all of it. The drawing tests measure the same boxes back from the SVG.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from trainrun.draw.geometry import APOTHEM, R

EM = {c: w for w, chars in (
    (0.3, "'IJijl"), (0.35, " ,./:;\\|"), (0.4, "()-[]ft"), (0.45, "!r"), (0.5, '"*_`'),
    (0.55, "?csz"), (0.6, "FLkvxy"), (0.65, "$0123456789EPSTYabdeghnopqu{}"),
    (0.7, "ABCKRVXZ"), (0.75, "NU"), (0.8, "&DGHOQ"), (0.85, "#+<=>^w~"), (0.9, "M"),
    (1.0, "%@Wm")) for c in chars}
ASCENT, DESCENT = 0.8, 0.25          # of the font size, above and below the baseline
GAP = 0.4                            # kept between a text and anything else
CELL = R                             # the room's index cell
_HALF_ROOT3 = math.sqrt(3) / 2


@dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle (x0, y0) to (x1, y1), y down."""

    x0: float
    y0: float
    x1: float
    y1: float

    def grown(self, d: float) -> Box:
        return Box(self.x0 - d, self.y0 - d, self.x1 + d, self.y1 + d)

    def meets(self, other: Box) -> bool:
        return (self.x0 < other.x1 and other.x0 < self.x1
                and self.y0 < other.y1 and other.y0 < self.y1)

    def corners(self) -> list[tuple[float, float]]:
        return [(self.x0, self.y0), (self.x1, self.y0), (self.x1, self.y1), (self.x0, self.y1)]


def char_width(c: str, bold: bool = False) -> float:
    """The width of character ``c`` in em (``EM``), conservatively."""
    w = EM.get(c, 0.8 if c.isalpha() else 1.0)
    return 1.1 * w + 0.1 if bold else w


def text_width(text: str, size: float, bold: bool = False) -> float:
    return sum(char_width(c, bold) for c in text) * size


def text_box(lines: Sequence[str], x: float, y: float, size: float, bold: bool = False,
             anchor: str = "middle", leading: float = 1.1) -> Box:
    """The box of ``lines`` with the first baseline at ``y``, anchored at ``x``."""
    width = max(text_width(line, size, bold) for line in lines)
    x0 = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
    return Box(x0, y - ASCENT * size, x0 + width,
               y + (len(lines) - 1) * leading * size + DESCENT * size)


def circle_box(x: float, y: float, r: float) -> Box:
    return Box(x - r, y - r, x + r, y + r)


def _point_segment(px: float, py: float, a, b) -> float:
    (ax, ay), (bx, by) = a, b
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def _crosses(a, b, box: Box) -> bool:
    """Whether segment a-b crosses the box (Liang-Barsky clipping)."""
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    for p, q in ((-dx, a[0] - box.x0), (dx, box.x1 - a[0]), (-dy, a[1] - box.y0),
                 (dy, box.y1 - a[1])):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return True


def segment_box_distance(a, b, box: Box) -> float:
    """The distance between segment a-b and the box (0 when they meet)."""
    if _crosses(a, b, box):
        return 0.0
    d = min(_point_segment(x, y, a, b) for x, y in box.corners())
    for px, py in (a, b):
        dx = max(box.x0 - px, 0.0, px - box.x1)
        dy = max(box.y0 - py, 0.0, py - box.y1)
        d = min(d, math.hypot(dx, dy))
    return d


@dataclass(frozen=True)
class _Line:
    pieces: tuple[tuple[tuple[float, float], tuple[float, float], Box], ...]
    half_width: float
    bounds: Box

    def meets(self, box: Box) -> bool:
        return any(near.meets(box) and segment_box_distance(a, b, box) < self.half_width
                   for a, b, near in self.pieces)


@dataclass(frozen=True)
class _Circle:
    x: float
    y: float
    r: float
    bounds: Box

    def meets(self, box: Box) -> bool:
        dx = max(box.x0 - self.x, 0.0, self.x - box.x1)
        dy = max(box.y0 - self.y, 0.0, self.y - box.y1)
        return dx * dx + dy * dy < self.r * self.r


@dataclass(frozen=True)
class _Rect:
    bounds: Box

    def meets(self, box: Box) -> bool:
        return self.bounds.meets(box)


class Room:
    """What is drawn so far, indexed by cells of the board: a box is free when it meets
    none of it."""

    def __init__(self) -> None:
        self._cells: dict[tuple[int, int], list] = {}

    def _add(self, shape) -> None:
        for cell in self._cells_of(shape.bounds):
            self._cells.setdefault(cell, []).append(shape)

    @staticmethod
    def _cells_of(box: Box) -> Iterable[tuple[int, int]]:
        for i in range(math.floor(box.x0 / CELL), math.floor(box.x1 / CELL) + 1):
            for j in range(math.floor(box.y0 / CELL), math.floor(box.y1 / CELL) + 1):
                yield i, j

    def add_box(self, box: Box) -> None:
        self._add(_Rect(box))

    def add_circle(self, x: float, y: float, r: float) -> None:
        self._add(_Circle(x, y, r, circle_box(x, y, r)))

    def add_line(self, points: Sequence[tuple[float, float]], width: float) -> None:
        """Track (or a route) through ``points``, ``width`` wide."""
        hw = width / 2
        pieces = tuple((a, b, Box(min(a[0], b[0]) - hw, min(a[1], b[1]) - hw,
                                  max(a[0], b[0]) + hw, max(a[1], b[1]) + hw))
                       for a, b in zip(points, points[1:]))
        self._add(_Line(pieces, hw, Box(min(p[2].x0 for p in pieces),
                                        min(p[2].y0 for p in pieces),
                                        max(p[2].x1 for p in pieces),
                                        max(p[2].y1 for p in pieces))))

    def free(self, box: Box, gap: float = GAP) -> bool:
        x0, y0, x1, y1 = box.x0 - gap, box.y0 - gap, box.x1 + gap, box.y1 + gap
        grown = None
        cells = self._cells
        for i in range(math.floor(x0 / CELL), math.floor(x1 / CELL) + 1):
            for j in range(math.floor(y0 / CELL), math.floor(y1 / CELL) + 1):
                for shape in cells.get((i, j), ()):
                    b = shape.bounds
                    if x0 < b.x1 and b.x0 < x1 and y0 < b.y1 and b.y0 < y1:
                        grown = grown or Box(x0, y0, x1, y1)
                        if shape.meets(grown):
                            return False
        return True

    def copy(self) -> Room:
        room = Room()
        room._cells = {k: list(v) for k, v in self._cells.items()}
        return room


class HexShape:
    """The inside of a hex drawn at (cx, cy) on a ``flat`` or ``pointy`` map."""

    def __init__(self, layout: str, cx: float, cy: float):
        self.flat = layout == "flat"
        self.cx, self.cy = cx, cy

    def holds(self, box: Box, inset: float = 1.0) -> bool:
        """Whether the box lies inside the hex, ``inset`` from its sides."""
        # the corner farthest out along every side's normal is the one farthest from the
        # centre in both x and y; flat: sides y = ±APOTHEM and x·√3/2 + y/2 = APOTHEM
        u = max(abs(box.x0 - self.cx), abs(box.x1 - self.cx))
        v = max(abs(box.y0 - self.cy), abs(box.y1 - self.cy))
        if not self.flat:
            u, v = v, u
        return v <= APOTHEM - inset and u * _HALF_ROOT3 + v / 2 <= APOTHEM - inset

    def holds_centred(self, x: float, y: float, width: float, height: float,
                      inset: float = 1.0) -> bool:
        """Whether a ``width`` × ``height`` box centred on (x, y) lies inside the hex."""
        u, v = abs(x - self.cx) + width / 2, abs(y - self.cy) + height / 2
        if not self.flat:
            u, v = v, u
        return v <= APOTHEM - inset and u * _HALF_ROOT3 + v / 2 <= APOTHEM - inset


def wrapped(name: str, max_chars: int) -> list[list[str]]:
    """Ways to print ``name`` on one, two or three lines (18xx.games breaks a long name
    into lines of whole words), fewest lines first."""
    words = name.split()
    options = [[name]]
    if len(words) >= 2:
        best = min(range(1, len(words)), key=lambda k: max(len(" ".join(words[:k])),
                                                           len(" ".join(words[k:]))))
        options.append([" ".join(words[:best]), " ".join(words[best:])])
    if len(words) >= 3:
        splits = [(i, j) for i in range(1, len(words) - 1) for j in range(i + 1, len(words))]
        i, j = min(splits, key=lambda s: max(len(" ".join(words[:s[0]])),
                                             len(" ".join(words[s[0]:s[1]])),
                                             len(" ".join(words[s[1]:]))))
        options.append([" ".join(words[:i]), " ".join(words[i:j]), " ".join(words[j:])])
    return [o for o in options if max(map(len, o)) <= max_chars] or options[-1:]


@dataclass
class Placed:
    """A text placed: its lines, first baseline at (x, y), font size, box."""

    lines: list[str]
    x: float
    y: float
    size: float
    box: Box


def place_text(room: Room, shape: HexShape | None, lines_options: Sequence[Sequence[str]],
               spots: Sequence[tuple[float, float]], sizes: Sequence[float],
               bold: bool = False, leading: float = 1.1) -> Placed:
    """The first font size (largest first), line breaking and spot (a point the text's
    box is centred on) where the text is inside ``shape`` and free in ``room``; failing
    that, the smallest size at the spot that meets the least. The box is added to
    ``room``."""
    fallback: tuple[int, Placed] | None = None
    for size in sizes:
        for lines in lines_options:
            width = max(text_width(line, size, bold) for line in lines)
            height = (ASCENT + DESCENT + (len(lines) - 1) * leading) * size
            last = size == sizes[-1]
            for sx, sy in spots:
                inside = shape is None or shape.holds_centred(sx, sy, width, height)
                if not (inside or last):
                    continue
                box = Box(sx - width / 2, sy - height / 2, sx + width / 2, sy + height / 2)
                if inside and room.free(box):
                    room.add_box(box)
                    return Placed(list(lines), sx, sy - height / 2 + ASCENT * size, size, box)
                if last:
                    cost = (0 if inside else 2) + (0 if room.free(box, 0) else 1)
                    if fallback is None or cost < fallback[0]:
                        fallback = (cost, Placed(list(lines), sx,
                                                 sy - height / 2 + ASCENT * size, size, box))
    assert fallback is not None, "no spot to try"
    room.add_box(fallback[1].box)
    return fallback[1]


def place_box(room: Room, shape: HexShape | None, width: float, height: float,
              spots: Sequence[tuple[float, float]], strict: bool = False) -> Box | None:
    """A ``width`` × ``height`` box centred on the first free spot inside ``shape``, added
    to ``room``; else (``strict``: None) the first inside, else the first."""
    fallback = None
    for x, y in spots:
        if shape is not None and not shape.holds_centred(x, y, width, height):
            continue
        box = Box(x - width / 2, y - height / 2, x + width / 2, y + height / 2)
        if room.free(box):
            room.add_box(box)
            return box
        fallback = fallback or box
    if strict:
        return None
    x, y = spots[0]
    box = fallback or Box(x - width / 2, y - height / 2, x + width / 2, y + height / 2)
    room.add_box(box)
    return box


def ring(x: float, y: float, distances: Sequence[float], start: float = -45.0,
         steps: int = 12) -> list[tuple[float, float]]:
    """Spots around (x, y): at each distance, ``steps`` angles from ``start`` degrees."""
    out = []
    for d in distances:
        for k in range(steps):
            a = math.radians(start + 360 * k / steps)
            out.append((x + d * math.cos(a), y + d * math.sin(a)))
    return out
