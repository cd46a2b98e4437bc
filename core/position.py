"""Positions: a board (printed map + laid tiles + tokens + markers), a phase, the
operating company and its trains, plus title state.

Two input forms are read, both checked against the title data:

* trainrun's own format (documented in ``position.schema.json``): the laid
  tiles, the tokens and the markers; every other hex shows its printed tile.
* a corpus line (``corpus/<title>/<game>.jsonl``, 18xx.games conventions):
  ``board`` lists every hex with its tile, rotation and tokens.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from .errors import InputError
from .tiles import Tile
from .title import Phase, Title
from .turnstate import Turn, turn_from_moves, turn_from_own, turn_to_own

T = TypeVar("T")


@dataclass
class CityTokens:
    """Tokens in one city: one entry per slot (company or None), extras, reservations."""

    slots: list
    extra: list = field(default_factory=list)
    reserved: list = field(default_factory=list)

    def holders(self) -> list[str]:
        return [s for s in self.slots if s] + list(self.extra)


@dataclass
class PlacedHex:
    """A hex as it lies on the board now."""

    id: str
    tile: Tile
    rotation: int
    tokens: dict[int, CityTokens] = field(default_factory=dict)
    markers: tuple[str, ...] = ()


@dataclass(frozen=True)
class Train:
    """One of the company's trains: ``id`` unique in the position, ``name`` its card."""

    id: str
    name: str
    distance: int | list
    multiplier: int = 1


@dataclass
class Position:
    """Everything a run depends on."""

    title: Title
    phase: Phase
    company: str
    trains: list[Train]
    board: dict[str, PlacedHex]
    title_state: dict = field(default_factory=dict)
    options: dict = field(default_factory=dict)
    source: dict = field(default_factory=dict)
    turn: Turn = field(default_factory=Turn)
    tokens_left: int | None = None   # unplaced tokens of the company (None: from its charter)
    abilities: tuple = ()   # abilities of the privates the company owns ({type, count, ...})
    privates: dict = field(default_factory=dict)   # open private -> who holds it (HOLDERS)
    ruleset: object = field(default=None, repr=False, compare=False)
    _derived: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    @property
    def colours(self) -> list[str]:
        return list(self.phase.colours)

    def derived(self, key: str, compute: Callable[[], T]) -> T:
        """``compute()``, called the first time ``key`` is asked for on this position and kept.

        For answers derived from a read position (board prepared by
        ``trainrun_prepare_board``) that would otherwise be recomputed per stop or per
        route: 18NY's stations in its stop values, the legality checker's company bonuses.
        Name keys after their user (``"g18ny.stations"``) and keep only what the board,
        company, phase, ``title_state`` and ``options`` decide: a position is not changed
        once read, and ``dataclasses.replace`` (another phase or trains) starts empty."""
        if key not in self._derived:
            self._derived[key] = compute()
        return self._derived[key]

    def node_id(self, hex_id: str, index: int) -> str:
        return f"{hex_id}-{index}"

    def location(self, node_id: str) -> str:
        """The place name of the hex of ``node_id`` (``HEX-i``); "" if it has none."""
        mh = self.title.hexes.get(node_id.rpartition("-")[0])
        return mh.location if mh is not None else ""

    def node_kind(self, node_id: str) -> str:
        """"city", "town" or "offboard": the kind of node ``node_id`` (``HEX-i``) on the
        board; "" if the board has no such node."""
        hex_id, _, index = node_id.rpartition("-")
        placed = self.board.get(hex_id)
        kinds = {str(n.index): n.kind for n in placed.tile.nodes} if placed else {}
        return kinds.get(index, "")


def _need(data: dict, key: str, where: str = ""):
    if not isinstance(data, dict):
        raise InputError(where or "position", "expected a JSON object")
    if key not in data:
        raise InputError(f"{where}.{key}" if where else key, "missing")
    return data[key]


def _name(value, where: str, what: str) -> str:
    """A name field (hex id, tile, company, train): must be a string."""
    if not isinstance(value, str):
        raise InputError(where, f"{what} must be a name (a string), got {value!r}")
    return value


def _symbols(value, where: str) -> list:
    """A list of company symbols (or None for an empty slot)."""
    if not isinstance(value, list) or not all(v is None or isinstance(v, str) for v in value):
        raise InputError(where, f"expected a list of company symbols, got {value!r}")
    return list(value)


def _hex(title: Title, value, where: str) -> str:
    hex_id = _name(value, where, "hex")
    if hex_id not in title.hexes:
        raise InputError(where, f"unknown hex {hex_id!r} on the {title.name} map")
    return hex_id


def _rotation(value, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 5:
        raise InputError(where, f"rotation must be an integer 0-5, got {value!r}")
    return value


def _place_tile(title: Title, hex_id, tile_name, rotation, where: str) -> PlacedHex:
    hex_id = _hex(title, hex_id, where)
    tile_name = _name(tile_name, where, "tile")
    if tile_name != hex_id and tile_name not in title.tiles:
        raise InputError(where, f"unknown tile {tile_name!r} for hex {hex_id}")
    tile = title.tile(tile_name, hex_id)
    rotation = _rotation(rotation, f"{where}.rotation")
    if tile_name == hex_id:
        rotation = (title.hexes[hex_id].printed_rotation + rotation) % 6
    else:
        _check_geometry(title, hex_id, tile, rotation, where)
    return PlacedHex(hex_id, tile, rotation)


def _check_geometry(title: Title, hex_id: str, tile: Tile, rotation: int, where: str) -> None:
    """A laid tile's track must lead to a hex of the map, not off it or across a border."""
    mh = title.hexes[hex_id]
    blocked = mh.printed.impassable_at(mh.printed_rotation)
    for edge in sorted(tile.edges_at(rotation)):
        if edge not in mh.neighbors or edge in blocked:
            raise InputError(where, f"tile {tile.name} at rotation {rotation} runs track off "
                                    f"the map or across a closed side at edge {edge} of {hex_id}")


def _city_tokens(placed: PlacedHex, index, where: str) -> CityTokens:
    try:
        node = None if isinstance(index, bool) else placed.tile.node(index)
    except (KeyError, TypeError):
        node = None
    if node is None or node.kind != "city":
        raise InputError(where, f"hex {placed.id} (tile {placed.tile.name}) has no city {index!r}")
    if placed.tokens.get(index) is None:
        placed.tokens[index] = CityTokens(slots=[None] * node.slots)
    return placed.tokens[index]


def _count(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _distance(value, where: str):
    """A train distance as the engine writes it: n, or rows {nodes, pay, visit, multiplier}."""
    if _count(value):
        return value
    rows_ok = isinstance(value, list) and value and all(
        isinstance(r, dict) and isinstance(r.get("nodes"), list)
        and all(isinstance(k, str) for k in r["nodes"])
        and _count(r.get("pay")) and _count(r.get("visit"))
        and _count(r.get("multiplier", 1)) for r in value)
    if not rows_ok:
        raise InputError(where, "expected a number of stops or rows {nodes, pay, visit}, "
                                f"got {value!r}")
    return value


def _trains(title: Title, trains) -> list[Train]:
    if not isinstance(trains, list):
        raise InputError("trains", "expected a list of trains")
    out, seen = [], set()
    for i, t in enumerate(trains):
        if isinstance(t, str):
            t = {"name": t}
        where = f"trains[{i}]"
        name = _name(_need(t, "name", where), f"{where}.name", "train")
        if name not in title.trains:
            raise InputError(where, f"unknown train {name!r} in {title.name}")
        tid = t.get("id", f"{name}-{i}")
        if not isinstance(tid, (str, int)) or isinstance(tid, bool):
            raise InputError(f"{where}.id", f"a train id must be a string, got {tid!r}")
        tid = str(tid)
        if tid in seen:
            raise InputError(where, f"duplicate train id {tid!r}")
        seen.add(tid)
        card = title.trains[name]
        multiplier = t.get("multiplier") or card.multiplier
        if isinstance(multiplier, bool) or not isinstance(multiplier, int):
            raise InputError(f"{where}.multiplier", f"expected an integer, got {multiplier!r}")
        out.append(Train(tid, name, _distance(t.get("distance", card.distance),
                                              f"{where}.distance"), multiplier))
    return out


def _common(title: Title, data: dict) -> tuple[Phase, str]:
    phase = str(_need(data, "phase"))
    if phase not in title.phases:
        raise InputError("phase", f"unknown phase {phase!r} in {title.name}")
    # a private's lay (moves lines): the operator pays and runs, the private is turn.entity
    company = data.get("company", data.get("operator", data.get("entity")))
    if company is None:
        raise InputError("company", "missing")
    company = _name(company, "company", "company")
    if company not in title.companies:
        raise InputError("company", f"unknown company {company!r} in {title.name}")
    return title.phases[phase], company


def _printed_board(title: Title) -> dict[str, PlacedHex]:
    board = {}
    for hex_id, mh in title.hexes.items():
        placed = PlacedHex(hex_id, mh.printed, mh.printed_rotation)
        for entry in mh.printed_tokens:
            _fill_city(placed, entry, f"map hex {hex_id}")
        board[hex_id] = placed
    return board


def _fill_city(placed: PlacedHex, entry: dict, where: str) -> None:
    if not isinstance(entry, dict):
        raise InputError(where, "expected a JSON object")
    index = entry.get("city", 0)
    city = _city_tokens(placed, index, where)
    slots = _symbols(entry.get("slots", []), f"{where}.slots")
    node_slots = placed.tile.node(index).slots
    if len(slots) > max(node_slots, 1):
        raise InputError(f"{where}.slots", f"city {index} of {placed.id} has "
                                           f"{node_slots} slot(s), got {slots!r}")
    city.slots = slots + [None] * (node_slots - len(slots))
    city.extra = _symbols(entry.get("extra", []), f"{where}.extra")
    city.reserved = _symbols(entry.get("reserved", []), f"{where}.reserved")


def _list(data: dict, key: str, required: bool = False) -> list:
    value = _need(data, key) if required else data.get(key, [])
    if not isinstance(value, list):
        raise InputError(key, f"expected a list, got {value!r}")
    return value


def _object(data: dict, key: str) -> dict:
    value = data.get(key) or {}
    if not isinstance(value, dict):
        raise InputError(key, f"expected a JSON object, got {value!r}")
    return dict(value)


def _tokens_left(data: dict) -> int | None:
    value = data.get("tokens_left")
    if value is not None and not _count(value):
        raise InputError("tokens_left", f"expected a whole number of at least 0, got {value!r}")
    return value


def _abilities(data: dict) -> tuple:
    """The abilities of the privates the company owns, as 18xx.games records them: each an
    object with a ``type`` (``tile_discount``, ``tile_lay``, ...) and its own keys."""
    value = data.get("abilities") or []
    if not isinstance(value, list) or not all(
            isinstance(a, dict) and isinstance(a.get("type"), str) for a in value):
        raise InputError("abilities", f"expected a list of objects with a type, got {value!r}")
    return tuple(dict(a) for a in value)


PRIVATE_HOLDERS = ("company", "president", "player", "other")


def _privates(data: dict) -> dict:
    """Who holds each open private company: ``company`` (the operating company), ``president``
    (its president), ``player`` (another player), ``other`` (another company)."""
    value = _object(data, "privates")
    for name, holder in value.items():
        if holder not in PRIVATE_HOLDERS:
            raise InputError(f"privates.{name}", f"expected one of {', '.join(PRIVATE_HOLDERS)}, "
                                                 f"got {holder!r}")
    return value


def _position(title, phase, company, data, board, turn: Turn) -> Position:
    return Position(title, phase, company, _trains(title, _need(data, "trains")), board,
                    title_state=_object(data, "title_state"), options=_object(data, "options"),
                    source={k: data[k] for k in ("fixture", "action", "entity_type")
                            if k in data}, turn=turn, tokens_left=_tokens_left(data),
                    abilities=_abilities(data), privates=_privates(data))


def position_from_corpus(title: Title, data: dict) -> Position:
    """Read a corpus line (18xx.games conventions)."""
    phase, company = _common(title, data)
    board = _printed_board(title)
    for i, h in enumerate(_list(data, "board", required=True)):
        where = f"board[{i}]"
        hex_id = _hex(title, _need(h, "hex", where), f"{where}.hex")
        placed = _place_tile(title, hex_id, _need(h, "tile", where), h.get("rotation", 0),
                             f"{where} ({hex_id})")
        placed.markers = tuple(_symbols(h.get("assignments", []), f"{where}.assignments"))
        tokens = h.get("tokens", [])
        if not isinstance(tokens, list):
            raise InputError(f"{where}.tokens", f"expected a list, got {tokens!r}")
        for j, entry in enumerate(tokens):
            _fill_city(placed, entry, f"{where}.tokens[{j}]")
        board[hex_id] = placed
    return _position(title, phase, company, data, board, turn_from_moves(data, title.hexes))


OWN_FIELDS = {
    "": {"title", "phase", "company", "trains", "tiles", "tokens", "markers", "title_state",
         "options", "fixture", "action", "cash", "turn", "tokens_left", "abilities",
         "privates"},
    "trains": {"id", "name"},
    "tiles": {"hex", "tile", "rotation"},
    "tokens": {"hex", "city", "company", "extra"},
    "markers": {"hex", "marker"},
}


def _known_fields(data: dict) -> None:
    """Own format: a misspelt field is an error, not silently ignored."""
    def check(obj, allowed, where):
        if isinstance(obj, dict):
            for key in obj:
                if key not in allowed:
                    raise InputError(f"{where}{key}" if not where else f"{where}.{key}",
                                     f"unknown field (expected one of {', '.join(sorted(allowed))})")
    check(data, OWN_FIELDS[""], "")
    for section in ("trains", "tiles", "tokens", "markers"):
        if isinstance(data.get(section), list):
            for i, entry in enumerate(data[section]):
                check(entry, OWN_FIELDS[section], f"{section}[{i}]")


def position_from_own(title: Title, data: dict) -> Position:
    """Read trainrun's own position format (see position.schema.json)."""
    _known_fields(data)
    phase, company = _common(title, data)
    board = _printed_board(title)
    for i, t in enumerate(_list(data, "tiles")):
        where = f"tiles[{i}]"
        hex_id = _hex(title, _need(t, "hex", where), f"{where}.hex")
        placed = _place_tile(title, hex_id, _need(t, "tile", where), t.get("rotation", 0),
                             f"{where} ({hex_id})")
        for index, city in board[hex_id].tokens.items():  # reservations stay with the hex
            node = next((n for n in placed.tile.nodes if n.index == index), None)
            if node is not None and node.kind == "city":
                placed.tokens[index] = CityTokens([None] * node.slots, reserved=city.reserved)
        board[hex_id] = placed
    for i, tok in enumerate(_list(data, "tokens")):
        where = f"tokens[{i}]"
        hex_id = _hex(title, _need(tok, "hex", where), f"{where}.hex")
        holder = _name(_need(tok, "company", where), f"{where}.company", "company")
        index = tok.get("city", 0)
        city = _city_tokens(board[hex_id], index, where)
        if holder in city.holders():
            raise InputError(where, f"{holder} already has a token in {hex_id}")
        if tok.get("extra") or None not in city.slots:
            if not tok.get("extra"):
                raise InputError(where, f"city {index} of {hex_id} has no free slot")
            city.extra.append(holder)
        else:
            city.slots[city.slots.index(None)] = holder
            if holder in city.reserved:
                city.reserved.remove(holder)
    for i, m in enumerate(_list(data, "markers")):
        where = f"markers[{i}]"
        hex_id = _hex(title, _need(m, "hex", where), f"{where}.hex")
        board[hex_id].markers += (_name(_need(m, "marker", where), f"{where}.marker", "marker"),)
    return _position(title, phase, company, data, board, turn_from_own(data, title.hexes))


def _printed_holders(mh) -> dict:
    """Holders of the tokens printed on a map hex, by city index."""
    return {e.get("city", 0): [s for s in e.get("slots", []) if s] + list(e.get("extra", []))
            for e in mh.printed_tokens}


def position_to_own(position: Position) -> dict:
    """Write ``position`` in trainrun's own format (laid tiles, tokens, markers only).

    Tokens printed on the map are left out while they lie there; a printed hex that lost
    one of them is written as its printed tile laid again, which clears its tokens, and
    then with all of its tokens. A tile the title made while preparing the board (neither
    printed nor in the catalogue: 18PA's ferry) is not written; reading makes it again."""
    title = position.title
    tiles, tokens, markers = [], [], []
    for hex_id, placed in position.board.items():
        mh = title.hexes[hex_id]
        printed = {} if placed.tile is not mh.printed else _printed_holders(mh)
        kept = all(set(holders) <= set(placed.tokens[i].holders()) if i in placed.tokens
                   else not holders for i, holders in printed.items())
        made = placed.tile is not mh.printed and title.tiles.get(placed.tile.name) is not placed.tile
        if not made and (placed.tile is not mh.printed or placed.rotation != mh.printed_rotation
                         or not kept):
            rotation = placed.rotation
            if placed.tile is mh.printed:
                rotation = (rotation - mh.printed_rotation) % 6
            tiles.append({"hex": hex_id, "tile": placed.tile.name, "rotation": rotation})
            printed = {}
        for index, city in sorted(placed.tokens.items()):
            skip = list(printed.get(index, ()))
            for holder in city.slots:
                if holder and holder in skip:
                    skip.remove(holder)
                elif holder:
                    tokens.append({"hex": hex_id, "city": index, "company": holder})
            for holder in city.extra:
                if holder in skip:
                    skip.remove(holder)
                else:
                    tokens.append({"hex": hex_id, "city": index, "company": holder,
                                   "extra": True})
        markers += [{"hex": hex_id, "marker": m} for m in placed.markers]
    out = {"title": title.name, "phase": position.phase.name, "company": position.company,
           "trains": [{"id": t.id, "name": t.name} for t in position.trains],
           "tiles": tiles, "tokens": tokens}
    if markers:
        out["markers"] = markers
    if position.title_state:
        out["title_state"] = position.title_state
    if position.options:
        out["options"] = position.options
    out.update(turn_to_own(position.turn))
    if position.tokens_left is not None:
        out["tokens_left"] = position.tokens_left
    if position.abilities:
        out["abilities"] = [dict(a) for a in position.abilities]
    if position.privates:
        out["privates"] = dict(position.privates)
    return out


def dump_own(data: dict) -> str:
    """JSON text of an own-format position, one tile, token or train per line."""
    parts = []
    for key, value in data.items():
        if isinstance(value, list):
            items = ",\n    ".join(json.dumps(v) for v in value)
            parts.append(f'  "{key}": [\n    {items}\n  ]' if value else f'  "{key}": []')
        else:
            parts.append(f"  {json.dumps(key)}: {json.dumps(value)}")
    return "{\n" + ",\n".join(parts) + "\n}"
