"""Where the drawing's texts and badges go: each one at the first of its candidate places
where it stays inside its hex and clear of the track, the cities, towns and tokens, the
rings a run draws around its stops, and everything placed before it; at its smallest size
anywhere in the hex (``FINE`` grid); where no place is free, over the rings, then over
the track (on a white backing, as 18xx.games prints a name over track); a hex's texts
are placed again with the one that found no place first (``place_all``).

A text's box is measured from its font size and its characters' widths (``EM``: the
advance of each printable ASCII character in DejaVu Sans, the drawing's font, rounded
up to 0.05 em; bold a tenth wider and 0.1 em more; any other letter 0.8 em, any other
character 1 em), from 0.8 em above the baseline to 0.25 em below it. ``Room`` holds what is
already drawn (boxes, circles, track as lines with a width) and answers whether a box is
free of all of it. The drawing tests measure the same boxes back from the SVG.

What a search in a hex found is kept per process (``_FOUND``), keyed by everything it
depended on: a board drawn again after a move places its unchanged hexes at once.
"""
from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from trainrun.draw.geometry import APOTHEM, R

EM = {c: w for w, chars in (
    (0.3, "'IJijl"), (0.35, " ,./:;\\|"), (0.4, "()-[]ft"), (0.45, "!r"), (0.5, '"*_`'),
    (0.55, "?csz"), (0.6, "FLkvxy"), (0.65, "$0123456789EPSTYabdeghnopqu{}"),
    (0.7, "ABCKRVXZ"), (0.75, "NU"), (0.8, "&DGHOQ"), (0.85, "#+<=>^w~"), (0.9, "M"),
    (1.0, "%@Wm")) for c in chars}
ASCENT, DESCENT = 0.8, 0.25          # of the font size, above and below the baseline
RING, TRACK = 1, 2                   # what a text may go over where nothing is free
GAP = 0.4                            # kept between a text and anything else
CELL = R                             # the room's index cell
FINE = 1.0                           # the step of the grid a text is looked for on last
_HALF_ROOT3 = math.sqrt(3) / 2
T = TypeVar("T")


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


def circle_box(x: float, y: float, r: float) -> Box:
    return Box(x - r, y - r, x + r, y + r)


def _near_segment(ax: float, ay: float, bx: float, by: float, box: Box, d2: float) -> bool:
    """Whether segment a-b comes nearer the box than ``sqrt(d2)``: it crosses the box
    (Liang-Barsky clipping), or an end lies near the box, or a corner near the segment."""
    dx, dy = bx - ax, by - ay
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, ax - box.x0), (dx, box.x1 - ax), (-dy, ay - box.y0), (dy, box.y1 - ay)):
        if p == 0:
            if q < 0:
                break
            continue
        t = q / p
        if p < 0:
            if t > t0:
                t0 = t
        elif t < t1:
            t1 = t
        if t0 > t1:
            break
    else:
        return True
    for px, py in ((ax, ay), (bx, by)):
        ex = max(box.x0 - px, 0.0, px - box.x1)
        ey = max(box.y0 - py, 0.0, py - box.y1)
        if ex * ex + ey * ey < d2:
            return True
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return False
    for px, py in ((box.x0, box.y0), (box.x1, box.y0), (box.x1, box.y1), (box.x0, box.y1)):
        t = ((px - ax) * dx + (py - ay) * dy) / length2
        t = 0.0 if t < 0 else 1.0 if t > 1 else t
        ex, ey = px - ax - t * dx, py - ay - t * dy
        if ex * ex + ey * ey < d2:
            return True
    return False


@dataclass(frozen=True)
class _Line:
    """Track (``track`` ``TRACK``: a text may be printed over it where no place is free)
    or a town's bar (0), as pieces ``half_width`` either side of their centre line: each
    its ends' x and y and its box's x0, y0, x1, y1."""

    pieces: tuple[tuple[float, float, float, float, float, float, float, float], ...]
    half_width: float
    bounds: Box
    track: int
    _hash: int = field(init=False, repr=False, compare=False)

    def __hash__(self) -> int:   # kept: shapes are keys of ``_FOUND``, hashed often
        return self._hash

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.pieces, self.half_width, self.track)))

    def meets(self, box: Box) -> bool:
        d2 = self.half_width * self.half_width
        bx0, by0, bx1, by1 = box.x0, box.y0, box.x1, box.y1
        for ax, ay, bx, by, x0, y0, x1, y1 in self.pieces:
            if x0 < bx1 and bx0 < x1 and y0 < by1 and by0 < y1 \
                    and _near_segment(ax, ay, bx, by, box, d2):
                return True
        return False


@dataclass(frozen=True)
class _Circle:
    x: float
    y: float
    r: float
    bounds: Box
    track: int = 0

    def meets(self, box: Box) -> bool:
        dx = max(box.x0 - self.x, 0.0, self.x - box.x1)
        dy = max(box.y0 - self.y, 0.0, self.y - box.y1)
        return dx * dx + dy * dy < self.r * self.r


@dataclass(frozen=True)
class _Rect:
    bounds: Box
    track = 0

    def meets(self, box: Box) -> bool:
        return self.bounds.meets(box)


class Room:
    """What is drawn so far, indexed by cells of the board: a box is free when it meets
    none of it (or, ``over`` ``RING``, none of it but the rings around stops; ``TRACK``,
    none but those and the track)."""

    def __init__(self) -> None:
        self._cells: dict[tuple[int, int], list] = {}
        self._added: list = []
        self.clashes = 0   # texts placed over something else than track (none free)
        self.overs = 0     # texts placed over track (nothing else free)

    def _add(self, shape) -> None:
        self._added.append(shape)
        for cell in self._cells_of(shape.bounds):
            self._cells.setdefault(cell, []).append(shape)

    def mark(self) -> int:
        """A mark to ``undo`` to."""
        return len(self._added)

    def undo(self, mark: int) -> None:
        """Take out what was added since ``mark``."""
        while len(self._added) > mark:
            shape = self._added.pop()
            for cell in self._cells_of(shape.bounds):
                self._cells[cell].pop()

    @staticmethod
    def _cells_of(box: Box) -> Iterable[tuple[int, int]]:
        for i in range(math.floor(box.x0 / CELL), math.floor(box.x1 / CELL) + 1):
            for j in range(math.floor(box.y0 / CELL), math.floor(box.y1 / CELL) + 1):
                yield i, j

    def add_box(self, box: Box) -> None:
        self._add(_Rect(box))

    def add_circle(self, x: float, y: float, r: float, ring: bool = False) -> None:
        """A disc; ``ring``: one a text may go over where nothing else is free (the ring
        a route draws around its stop)."""
        self._add(_Circle(x, y, r, circle_box(x, y, r), RING if ring else 0))

    def add_line(self, points: Sequence[tuple[float, float]], width: float,
                 track: bool = True) -> None:
        """Track (or, not ``track``, a town's bar) through ``points``, ``width`` wide."""
        hw = width / 2
        pieces = tuple((a[0], a[1], b[0], b[1], min(a[0], b[0]) - hw, min(a[1], b[1]) - hw,
                        max(a[0], b[0]) + hw, max(a[1], b[1]) + hw)
                       for a, b in zip(points, points[1:]))
        self._add(_Line(pieces, hw, Box(min(p[4] for p in pieces), min(p[5] for p in pieces),
                                        max(p[6] for p in pieces), max(p[7] for p in pieces)),
                        TRACK if track else 0))

    def free(self, box: Box, gap: float = GAP, over: int = 0) -> bool:
        x0, y0, x1, y1 = box.x0 - gap, box.y0 - gap, box.x1 + gap, box.y1 + gap
        grown = None
        cells = self._cells
        for i in range(math.floor(x0 / CELL), math.floor(x1 / CELL) + 1):
            for j in range(math.floor(y0 / CELL), math.floor(y1 / CELL) + 1):
                for shape in cells.get((i, j), ()):
                    b = shape.bounds
                    if x0 < b.x1 and b.x0 < x1 and y0 < b.y1 and b.y0 < y1 \
                            and not 0 < shape.track <= over:
                        grown = grown or Box(x0, y0, x1, y1)
                        if shape.meets(grown):
                            return False
        return True

    def shapes_in(self, area: Box, over: int = 0) -> list:
        """What is drawn within ``area`` (but what a text may go ``over``), each once."""
        found: dict[int, object] = {}
        for cell in self._cells_of(area):
            for shape in self._cells.get(cell, ()):
                if shape.bounds.meets(area) and not 0 < shape.track <= over:
                    found[id(shape)] = shape
        return list(found.values())

    def copy(self) -> Room:
        room = Room()
        room._cells = {k: list(v) for k, v in self._cells.items()}
        room._added = list(self._added)
        return room


class HexShape:
    """The inside of a hex drawn at (cx, cy) on a ``flat`` or ``pointy`` map."""

    def __init__(self, layout: str, cx: float, cy: float):
        self.flat = layout == "flat"
        self.cx, self.cy = cx, cy

    def holds_centred(self, x: float, y: float, width: float, height: float,
                      inset: float = 1.0) -> bool:
        """Whether a ``width`` × ``height`` box centred on (x, y) lies inside the hex,
        ``inset`` from its sides (flat: y = ±APOTHEM and x·√3/2 + y/2 = APOTHEM)."""
        u, v = abs(x - self.cx) + width / 2, abs(y - self.cy) + height / 2
        if not self.flat:
            u, v = v, u
        return v <= APOTHEM - inset and u * _HALF_ROOT3 + v / 2 <= APOTHEM - inset

    def bounds(self) -> Box:
        """The hex's bounding box."""
        u, v = R, APOTHEM
        if not self.flat:
            u, v = v, u
        return Box(self.cx - u, self.cy - v, self.cx + u, self.cy + v)

    def grid(self) -> Iterator[tuple[float, float]]:
        """Every point of the hex ``FINE`` apart, nearest its centre first."""
        cx, cy = self.cx, self.cy
        return ((cx + dx, cy + dy) for dx, dy in _grid_offsets(self.flat))


@functools.cache
def _grid_offsets(flat: bool) -> tuple[tuple[float, float], ...]:
    """The ``FINE`` grid of a hex centred on (0, 0), nearest the centre first."""
    n = math.ceil(R / FINE)
    shape = HexShape("flat" if flat else "pointy", 0.0, 0.0)
    points = [(i * FINE, j * FINE) for i in range(-n, n + 1) for j in range(-n, n + 1)
              if shape.holds_centred(i * FINE, j * FINE, 0.0, 0.0, 0.0)]
    return tuple(sorted(points, key=lambda p: (p[0] * p[0] + p[1] * p[1], p)))


def wrapped(name: str, max_chars: int) -> list[list[str]]:
    """Ways to print ``name`` on one, two or three lines (18xx.games breaks a long name
    into lines of whole words): those with lines of at most ``max_chars`` first, fewest
    lines first."""
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
    return sorted(options, key=lambda o: max(map(len, o)) > max_chars)


@dataclass
class Placed:
    """A text placed: its lines, first baseline at (x, y), font size, box; ``over_track``
    where no place in its hex was free of the track (it is drawn on a white backing)."""

    lines: list[str]
    x: float
    y: float
    size: float
    box: Box
    over_track: bool = False


def _centred(x: float, y: float, width: float, height: float) -> Box:
    return Box(x - width / 2, y - height / 2, x + width / 2, y + height / 2)


_FOUND: dict[tuple, Box | None] = {}   # _first_free's answers in a hex, kept
_FOUND_MAX = 50_000


def forget() -> None:
    """Clear what ``_first_free`` kept (a first drawing in a process)."""
    _FOUND.clear()


def _first_free(room: Room, shape: HexShape | None, width: float, height: float,
                spots: Sequence[tuple[float, float]], over: int,
                grid: bool = False) -> Box | None:
    """The box centred on the first of ``spots`` (then, ``grid``, of the hex's grid)
    where it is inside ``shape`` and free. In a hex the answer depends only on what is
    drawn in it: it is kept per process, as a board is drawn again after every move."""
    reach = max(width, height) + GAP
    if shape is None:
        if not spots:
            return None
        area = Box(min(x for x, _ in spots), min(y for _, y in spots),
                   max(x for x, _ in spots), max(y for _, y in spots))
        return _search(room.shapes_in(area.grown(reach), over), None, width, height,
                       spots)
    near = room.shapes_in(shape.bounds().grown(GAP), over)   # a box inside the hex
    key = (shape.cx, shape.cy, shape.flat, width, height, grid, tuple(spots), tuple(near))
    if key not in _FOUND:
        if len(_FOUND) >= _FOUND_MAX:
            _FOUND.clear()
        _FOUND[key] = _search(near, shape, width, height,
                              itertools.chain(spots, shape.grid()) if grid else spots)
    return _FOUND[key]


def _search(near: list, shape: HexShape | None, width: float, height: float,
            spots: Iterable[tuple[float, float]]) -> Box | None:
    """The box at the first of ``spots`` where it is free (``_free_at``)."""
    for x, y in _free_at(near, shape, width, height, spots):
        return _centred(x, y, width, height)
    return None


def _free_at(near: list, shape: HexShape | None, width: float, height: float,
             spots: Iterable[tuple[float, float]]) -> Iterator[tuple[float, float]]:
    """Those of ``spots`` where a ``width`` × ``height`` box lies inside ``shape``
    (``HexShape.holds_centred``, written out: this is the drawing's inner loop) and
    meets none of ``near``."""
    hw, hh = width / 2 + GAP, height / 2 + GAP
    cx, cy, flat = (shape.cx, shape.cy, shape.flat) if shape is not None else (0, 0, True)
    limit = APOTHEM - 1.0
    for x, y in spots:
        if shape is not None:
            u, v = abs(x - cx) + width / 2, abs(y - cy) + height / 2
            if not flat:
                u, v = v, u
            if v > limit or u * _HALF_ROOT3 + v / 2 > limit:
                continue
        x0, y0, x1, y1 = x - hw, y - hh, x + hw, y + hh
        grown = None
        for other in near:
            b = other.bounds
            if x0 < b.x1 and b.x0 < x1 and y0 < b.y1 and b.y0 < y1:
                grown = grown or Box(x0, y0, x1, y1)
                if other.meets(grown):
                    break
        else:
            yield x, y


def _searches(spots: Sequence[tuple[float, float]], last: bool):
    """Where a box is looked for, in order: (spots, on the hex's grid too?, what it may
    go over). At any size its candidate ``spots``; at the smallest also every point of
    the hex's ``FINE`` grid, then the same where only the rings around stops are in the
    way, then where only those and the track are."""
    if not last:
        return ((spots, False, 0),)
    return ((spots, True, 0), (spots, True, RING), (spots, True, TRACK))


def place_text(room: Room, shape: HexShape | None, lines_options: Sequence[Sequence[str]],
               spots: Sequence[tuple[float, float]], sizes: Sequence[float],
               bold: bool = False, leading: float = 1.1) -> Placed:
    """The first font size (largest first), line breaking and spot (a point the text's
    box is centred on) where the text is inside ``shape`` and free in ``room``; at the
    smallest size anywhere in the hex, then over the track (``Placed.over_track``);
    failing all, the smallest size at the spot that meets the least. The box is added to
    ``room``."""
    fallback: tuple[int, Placed] | None = None
    for size in sizes:
        last = size == sizes[-1]
        for where, grid, over in _searches(spots, last):
            for lines in lines_options:
                width = max(text_width(line, size, bold) for line in lines)
                height = (ASCENT + DESCENT + (len(lines) - 1) * leading) * size
                box = _first_free(room, shape, width, height, where, over, grid)
                if box is not None:
                    room.add_box(box)
                    room.overs += over > 0
                    return Placed(list(lines), (box.x0 + box.x1) / 2, box.y0 + ASCENT * size,
                                  size, box, over > 0)
    size = sizes[-1]
    for lines in lines_options:
        width = max(text_width(line, size, bold) for line in lines)
        height = (ASCENT + DESCENT + (len(lines) - 1) * leading) * size
        for sx, sy in spots:
            inside = shape is None or shape.holds_centred(sx, sy, width, height)
            box = _centred(sx, sy, width, height)
            cost = (0 if inside else 2) + (0 if room.free(box, 0) else 1)
            if fallback is None or cost < fallback[0]:
                fallback = (cost, Placed(list(lines), sx, box.y0 + ASCENT * size, size, box,
                                         True))
    assert fallback is not None, "no spot to try"
    room.add_box(fallback[1].box)
    room.clashes += 1
    return fallback[1]


def place_box(room: Room, shape: HexShape | None, width: float, height: float,
              spots: Sequence[tuple[float, float]], strict: bool = False) -> Box | None:
    """A ``width`` × ``height`` box centred on the first free spot inside ``shape``, added
    to ``room``; not ``strict``: else anywhere in the hex, else over the track, else the
    first spot inside, else the first spot. ``strict``: None when no spot is free."""
    for where, grid, over in _searches(spots, not strict):
        box = _first_free(room, shape, width, height, where, over, grid)
        if box is not None:
            room.add_box(box)
            room.overs += over > 0
            return box
    if strict:
        return None
    room.clashes += 1
    inside = [(x, y) for x, y in spots
              if shape is None or shape.holds_centred(x, y, width, height)]
    box = _centred(*(inside or spots)[0], width, height)
    room.add_box(box)
    return box


def place_all(room: Room, placers: Sequence[Callable[[], T]]) -> list[T]:
    """Each of ``placers`` (each places its texts in ``room``) run in turn; where one had
    to go over something but track (``Room.clashes``), or over track, it is placed first
    and all again, each at most once first; the order where the fewest go over something
    (then over track) is kept. Their results, in the order of ``placers``."""
    order = list(range(len(placers)))
    mark = room.mark()
    best: tuple[tuple[int, int], list[int]] | None = None
    firsts = {0}
    while True:
        clashes, overs = room.clashes, room.overs
        results: dict[int, T] = {}
        worst: tuple[int, int] | None = None
        for k in order:
            before = (room.clashes, room.overs)
            results[k] = placers[k]()
            if worst is None and (room.clashes, room.overs) != before:
                worst = (k, room.clashes - before[0])
        cost = (room.clashes - clashes, room.overs - overs)
        room.clashes, room.overs = clashes, overs
        if best is None or cost < best[0]:
            best = (cost, list(order))
        if worst is None or worst[0] in firsts or (not worst[1] and len(firsts) > 1):
            break
        firsts.add(worst[0])
        order.remove(worst[0])
        order.insert(0, worst[0])
        room.undo(mark)
    if best[1] != order:
        room.undo(mark)
        results = {k: placers[k]() for k in best[1]}
    room.clashes += best[0][0]
    room.overs += best[0][1]
    return [results[k] for k in range(len(placers))]


def ring(x: float, y: float, distances: Sequence[float], start: float = -45.0,
         steps: int = 12) -> list[tuple[float, float]]:
    """Spots around (x, y): at each distance, ``steps`` angles from ``start`` degrees."""
    out = []
    for d in distances:
        for k in range(steps):
            a = math.radians(start + 360 * k / steps)
            out.append((x + d * math.cos(a), y + d * math.sin(a)))
    return out
