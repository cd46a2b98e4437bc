"""A title's static facts: map, tile catalogue, trains, phases, companies.

Each title plugin keeps these as JSON data files in its own folder and hands the
folder to ``Title.load``.
"""
from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from trainrun.board.bonus_entries import check_entry
from trainrun.board.hexgrid import HexGrid
from trainrun.board.tiles import Tile, tile_from_dict
from trainrun.board.turnstate import LayRight

T = TypeVar("T")
_UNSET = object()   # a derived value not computed yet


@dataclass(frozen=True)
class MapHex:
    """A hex of the printed map."""

    id: str
    printed: Tile
    neighbors: dict[int, str]
    location: str = ""
    printed_rotation: int = 0
    printed_tokens: tuple = ()
    future_label: tuple[str, str] | None = None   # (label, colour) a later tile must carry
    # board edge -> the hex of the map it faces, which the engine does not link at set-up
    # (map.json ``unlinked``): a tile laid here may link it (``trainrun.board.linking``)
    unlinked: dict[int, str] = field(default_factory=dict)
    # the engine's (x, y) of the hex (map.json ``x``, ``y``; engine ``Hex#x``, ``Hex#y``),
    # None where the data gives none
    xy: tuple[int, int] | None = None

    @property
    def closed_edges(self) -> set[int]:
        """Board edges the printed map closes with an impassable border."""
        return self.printed.impassable_at(self.printed_rotation)


@dataclass(frozen=True)
class Phase:
    """A phase: its tile colours (newest last), train limit, and the train whose first
    purchase starts it (``on``; None for the opening phase)."""

    name: str
    colours: tuple[str, ...]
    train_limit: int | dict | None = None   # a number, or one per company type
    on: str | None = None
    status: tuple[str, ...] = ()   # the engine's phase status flags (18FL hotels_doubled)


@dataclass(frozen=True)
class TrainType:
    """A train card: its name and distance as the title data gives it."""

    name: str
    distance: int | list
    multiplier: int = 1
    price: int | None = None
    rusts_on: str | None = None   # the train whose first purchase removes this one
    count: int | None = None      # copies the bank starts with (None: a variant, or unlimited)
    obsolete_on: str | None = None   # the train whose first purchase makes this one obsolete


LAY_FIELDS = ("lay", "upgrade", "cost", "upgrade_cost", "cannot_reuse_same_hex")


@dataclass
class Title:
    """Everything static about one title."""

    name: str
    grid: HexGrid
    hexes: dict[str, MapHex]
    tiles: dict[str, Tile]
    trains: dict[str, TrainType]
    phases: dict[str, Phase]
    companies: dict[str, dict]
    privates: dict[str, dict] = field(default_factory=dict)   # sym -> the engine's company
    neutral: frozenset[str] = frozenset()   # holders of neutral tokens (engine type :neutral)
    bonuses: tuple = ()   # the bonus families' entries of bonuses.json (trainrun.routes.families)
    track_restriction: str = "semi_restrictive"   # map.json's, the engine's TRACK_RESTRICTION
    # the colours of hexes the engine does not link at set-up (its IMPASSABLE_HEX_COLORS)
    impassable_colours: frozenset[str] = frozenset({"blue", "gray", "red"})
    # the lays a company is granted per turn (map.json ``tile_lays``, the engine's
    # TILE_LAYS: 1882's second, $20, yellow lay), where they are not the one lay
    tile_lays: tuple[LayRight, ...] = ()
    # who a reservation of a whole hex blocks (the engine's TILE_RESERVATION_BLOCKS_OTHERS:
    # never, always, single_slot_cities; ``trainrun.turn.hex_reservations``)
    tile_reservation_blocks: str = "never"
    # optional rule -> the tile counts it sets (options.json ``tiles``: 1888-N's)
    option_tiles: dict[str, dict[str, int]] = field(default_factory=dict)
    # optional rule -> the trains and phases it plays with (options.json ``trains``,
    # ``phases``: 1836Jr56's diesel variant), each list whole
    option_trains: dict[str, dict[str, TrainType]] = field(default_factory=dict)
    option_phases: dict[str, dict[str, Phase]] = field(default_factory=dict)
    _ruled: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    _derived: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    def derived(self, key, compute: Callable[[], T]) -> T:
        """``compute()``, called the first time ``key`` is asked for on this title and kept.

        For facts derived from the title's data alone, which is not changed once loaded
        (``trainrun.board.board_input`` keeps its printed board and checked placements
        here); a title made from it (``with_options``, ``dataclasses.replace``) starts
        empty. Name keys after their user (``("board_input", "printed")``)."""
        value = self._derived.get(key, _UNSET)
        if value is _UNSET:
            value = self._derived[key] = compute()
        return value

    def with_options(self, options: dict) -> Title:
        """The title as the optional rules ``options`` names (each true) set its trains
        and phases; itself where none of them sets any."""
        rules = tuple(sorted(r for r, on in options.items() if on is True
                             and (r in self.option_trains or r in self.option_phases)))
        if not rules:
            return self
        if rules not in self._ruled:
            trains, phases = self.trains, self.phases
            for rule in rules:
                trains = self.option_trains.get(rule, trains)
                phases = self.option_phases.get(rule, phases)
            self._ruled[rules] = dataclasses.replace(self, trains=trains, phases=phases)
        return self._ruled[rules]

    @classmethod
    def load(cls, folder: str | Path) -> Title:
        """Read map.json, tiles.json, trains.json, phases.json, companies.json (corporations,
        minors, and ``neutral``: the symbols of neutral tokens) and, where
        the title has private companies, privates.json (the engine's ``COMPANIES``: ``sym``,
        ``name``, ``value``, ``revenue``, ``abilities``); where its runs earn bonuses of the
        shared families, bonuses.json (``trainrun.routes.families``); where its optional
        rules change tile counts, trains or phases, options.json's ``tiles``, ``trains``,
        ``phases``."""
        folder = Path(folder)

        def read(name):
            return json.loads((folder / name).read_text())

        mp = read("map.json")
        tiles = {name: tile_from_dict(name, t) for name, t in read("tiles.json").items()}
        hexes = {}
        for h in mp["hexes"]:
            if "printed_tile" in h:
                printed = tile_from_dict(h["id"], h["printed_tile"])
            else:
                printed = tiles[h["tile"]]
            hexes[h["id"]] = MapHex(
                id=h["id"], printed=printed,
                neighbors={int(e): n for e, n in h["neighbors"].items()},
                location=h.get("location", ""), printed_rotation=h.get("rotation", 0),
                printed_tokens=tuple(h.get("tokens", ())),
                future_label=(h["future_label"]["label"], h["future_label"]["color"])
                if "future_label" in h else None,
                unlinked={int(e): n for e, n in h.get("unlinked", {}).items()},
                xy=(h["x"], h["y"]) if "x" in h and "y" in h else None)
        trains = _trains(read("trains.json"))
        phases = _phases(read("phases.json"))
        comp = read("companies.json")
        companies = {c["sym"]: c for c in comp.get("corporations", []) + comp.get("minors", [])}
        privates = ({c["sym"]: c for c in read("privates.json")}
                    if (folder / "privates.json").exists() else {})
        bonuses = (tuple(read("bonuses.json")) if (folder / "bonuses.json").exists()
                   else ())
        options = read("options.json") if (folder / "options.json").exists() else []
        option_tiles = {o["sym"]: {n: c for n, c in o["tiles"].items() if isinstance(c, int)}
                        for o in options if o.get("tiles")}
        option_trains = {o["sym"]: _trains(o["trains"]) for o in options if o.get("trains")}
        option_phases = {o["sym"]: _phases(o["phases"]) for o in options if o.get("phases")}
        for i, entry in enumerate(bonuses):
            check_entry(entry, f"bonuses.json[{i}]")
        return cls(name=mp["title"], grid=HexGrid(mp["layout"], mp.get("axes")), hexes=hexes,
                   tiles=tiles, trains=trains, phases=phases, companies=companies,
                   privates=privates, neutral=frozenset(comp.get("neutral", ())),
                   bonuses=bonuses,
                   track_restriction=mp.get("track_restriction", "semi_restrictive"),
                   impassable_colours=frozenset(mp.get("impassable_hex_colors",
                                                       ("blue", "gray", "red"))),
                   option_tiles=option_tiles, option_trains=option_trains,
                   option_phases=option_phases,
                   tile_reservation_blocks=mp.get("tile_reservation_blocks", "never"),
                   tile_lays=tuple(LayRight(**{k: r[k] for k in LAY_FIELDS if k in r})
                                   for r in mp.get("tile_lays", ())))

    def tile(self, name: str, hex_id: str) -> Tile:
        """The tile ``name`` as it can lie in ``hex_id`` (its printed tile or a catalogue tile)."""
        if name == hex_id:
            return self.hexes[hex_id].printed
        return self.tiles[name]


def _trains(rows: list[dict]) -> dict[str, TrainType]:
    """The train types of trains.json (or an optional rule's ``trains``), by name."""
    trains = {}
    for t in rows:
        trains[t["name"]] = TrainType(t["name"], t["distance"], t.get("multiplier") or 1,
                                      t.get("price"), t.get("rusts_on"), t.get("count"),
                                      t.get("obsolete_on"))
        for v in t.get("variants", ()):   # a face names what differs from the card
            trains[v["name"]] = TrainType(v["name"], v.get("distance", t["distance"]),
                                          v.get("multiplier") or t.get("multiplier") or 1,
                                          v.get("price"), t.get("rusts_on"),
                                          obsolete_on=v.get("obsolete_on",
                                                            t.get("obsolete_on")))
    return trains


def _phases(rows: list[dict]) -> dict[str, Phase]:
    """The phases of phases.json (or an optional rule's ``phases``), by name."""
    return {p["name"]: Phase(p["name"], tuple(p["tiles"]), p.get("train_limit"),
                             p.get("on"), tuple(p.get("status", ()))) for p in rows}
