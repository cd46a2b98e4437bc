"""Tiles: nodes (cities, towns, off-boards, junctions) and the track paths between them.

A path endpoint is written as in the 18xx.games engine: ``eN`` for tile edge N,
``nI`` for node I of the tile. A tile is stored at rotation 0; ``Tile.paths_at``
gives its paths with edges turned onto board edges.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from trainrun.board.hexgrid import rotate
from trainrun.errors import InputError

STOP_KINDS = ("city", "town", "offboard")
GAUGES = ("broad", "narrow", "dual")


@dataclass(frozen=True)
class Node:
    """A place on a tile: a stop (city, town, off-board) or a junction."""

    index: int
    kind: str
    revenue: int | dict = 0
    slots: int = 0
    groups: tuple[str, ...] = ()
    visit_cost: int = 1
    hidden: bool = False
    loc: float | None = None   # where the tile draws it, a board edge at rotation 0 (engine loc)

    @property
    def is_stop(self) -> bool:
        return self.kind in STOP_KINDS

    def value_in(self, colours: list[str]) -> int:
        """Face value for a phase allowing ``colours`` (newest last).

        Walks the colours from the newest back and takes the first the node
        defines, so a node without a value for the current colour pays the
        nearest earlier one (docs/rules/common.md §5.1).
        """
        if isinstance(self.revenue, int):
            return self.revenue
        for colour in reversed(colours):
            if colour in self.revenue:
                return self.revenue[colour]
        return 0


@dataclass(frozen=True)
class Path:
    """Track between two endpoints of one tile (``eN`` or ``nI``).

    ``a_lane``/``b_lane`` are (width, index) where parallel lanes meet an edge; a
    lane at index i of an edge continues at index width - 1 - i across the side.
    ``track`` is the gauge (``GAUGES``); see ``gauges_meet``.
    """

    a: str
    b: str
    terminal: bool = False
    track: str = "broad"
    a_lane: tuple = (1, 0)
    b_lane: tuple = (1, 0)

    def ends(self) -> tuple[str, str]:
        return (self.a, self.b)

    def lane_ends(self) -> tuple[str, str]:
        """The ends as a route's chain names them (``lane_end``)."""
        return (lane_end(self.a, self.a_lane), lane_end(self.b, self.b_lane))


def gauges_meet(a: str, b: str) -> bool:
    """Does track of gauge ``a`` continue into track of gauge ``b`` across a hex side?
    The same gauge does, and dual gauge meets either (as in 18xx.games)."""
    return a == b or "dual" in (a, b)


def lane_end(end: str, lane: tuple) -> str:
    """A path end as a chain writes it: ``eN`` or ``nI``, followed by ``.i`` where the end
    is lane i of several parallel lanes (width > 1): ``e2.1``."""
    return f"{end}.{lane[1]}" if lane[0] > 1 else end


def split_lane_end(end: str) -> tuple[str, int | None]:
    """``"e2.1"`` as ("e2", 1); an end without a lane as (end, None)."""
    base, dot, index = end.partition(".")
    return (base, int(index)) if dot and index.isdigit() else (end, None)


@dataclass(frozen=True, eq=False)
class Tile:
    """A tile at rotation 0 (compared and hashed by identity: one object per catalogue tile)."""

    name: str
    color: str
    nodes: tuple[Node, ...] = ()
    paths: tuple[Path, ...] = ()
    labels: tuple[str, ...] = ()
    impassable: frozenset[int] = field(default_factory=frozenset)
    count: int | None = None
    terrain_cost: int = 0                 # paid to lay a tile over this one (upgrade_costs)
    terrains: tuple[str, ...] = ()        # the terrain types of those costs (water, mountain)
    border_costs: tuple = ()              # (edge, cost) of costed borders at rotation 0
    border_types: dict = field(default_factory=dict)   # edge at rotation 0 -> its terrain
    blocks_lay: bool = False              # laid only by a private's ability naming it
    future_label: tuple[str, str] | None = None   # (label, colour) it asks of a later tile
    icons: tuple[str, ...] = ()           # the icons it shows (ports, mines, E/W markers)

    def node(self, index: int) -> Node:
        for n in self.nodes:
            if n.index == index:
                return n
        raise KeyError(index)

    def paths_at(self, rotation: int) -> list[Path]:
        """Paths with edge endpoints turned onto board edges."""
        def turn(end: str) -> str:
            return f"e{rotate(int(end[1:]), rotation)}" if end[0] == "e" else end
        return [Path(turn(p.a), turn(p.b), p.terminal, p.track, p.a_lane, p.b_lane)
                for p in self.paths]

    def impassable_at(self, rotation: int) -> set[int]:
        return {rotate(e, rotation) for e in self.impassable}

    def edges_at(self, rotation: int) -> set[int]:
        """Board edges this tile's track reaches."""
        return {rotate(int(end[1:]), rotation) for p in self.paths for end in (p.a, p.b)
                if end[0] == "e"}


def tile_from_dict(name: str, data: dict) -> Tile:
    """Build a Tile from the title-data form (see tools/import_title.py)."""
    try:
        nodes = tuple(
            Node(index=n["index"], kind=n["kind"], revenue=n.get("revenue", 0),
                 slots=n.get("slots", 0), groups=tuple(n.get("groups", ())),
                 visit_cost=n.get("visit_cost", 1), hidden=bool(n.get("hidden", False)),
                 loc=None if n.get("loc") in (None, "center") else float(n["loc"]))
            for n in data.get("nodes", ()))
        paths = tuple(path for p in data.get("paths", ()) for path in _paths_from_dict(p))
        impassable = frozenset(b["edge"] for b in data.get("borders", ())
                               if b.get("type") == "impassable")
        count = data.get("count")
        return Tile(name=name, color=data["color"], nodes=nodes, paths=paths,
                    labels=tuple(data.get("labels", ())), impassable=impassable,
                    count=None if count in (None, "unlimited") else int(count),
                    terrain_cost=sum(int(u["cost"]) for u in data.get("upgrade_costs", ())),
                    terrains=tuple(t for u in data.get("upgrade_costs", ())
                                   for t in u.get("terrains", ())),
                    border_costs=tuple((b["edge"], int(b["cost"])) for b in data.get("borders", ())
                                       if b.get("cost")),
                    border_types={b["edge"]: b["type"] for b in data.get("borders", ())
                                  if b.get("cost") and b.get("type")},
                    blocks_lay=bool(data.get("blocks_lay", False)),
                    future_label=(data["future_label"]["label"], data["future_label"]["color"])
                    if "future_label" in data else None,
                    icons=tuple(data.get("icons", ())))
    except (KeyError, TypeError, ValueError) as exc:
        raise InputError(f"tile {name}", f"malformed tile data ({exc})") from None


def _lane(spec) -> tuple:
    """An engine lane spec "w.i" (width w, index i) as (w, i)."""
    width, _, index = str(spec).partition(".")
    return (int(width), int(index or 0))


def _paths_from_dict(p: dict) -> list[Path]:
    """One path, or ``lanes: n`` parallel ones (18xx.games tile conventions)."""
    terminal, track = bool(p.get("terminal")), p.get("track", "broad")
    if track not in GAUGES:
        raise ValueError(f"path {p.get('a')}-{p.get('b')} has track {track!r}, not one of "
                         f"{', '.join(GAUGES)}")
    lanes = int(p.get("lanes", 0) or 0)
    if lanes > 1:
        both_edges = p["a"][0] == "e" and p["b"][0] == "e"
        return [Path(p["a"], p["b"], terminal, track, (lanes, i),
                     (lanes, lanes - 1 - i) if both_edges else (lanes, i))
                for i in range(lanes)]
    return [Path(p["a"], p["b"], terminal, track, _lane(p.get("a_lane", "1.0")),
                 _lane(p.get("b_lane", "1.0")))]


def path_named(tile: Tile, rotation: int, a: str, b: str) -> Path | None:
    """The path of ``tile`` at ``rotation`` (board edges) that a chain step ``{a, b}``
    names, its ends in that order; an end written without a lane matches any lane there."""
    (a0, al), (b0, bl) = split_lane_end(a), split_lane_end(b)
    for p in tile.paths_at(rotation):
        for (x, xl), (y, yl) in (((p.a, p.a_lane), (p.b, p.b_lane)),
                                 ((p.b, p.b_lane), (p.a, p.a_lane))):
            if x == a0 and y == b0 and al in (None, xl[1]) and bl in (None, yl[1]):
                return p if x == p.a else Path(p.b, p.a, p.terminal, p.track, p.b_lane, p.a_lane)
    return None
