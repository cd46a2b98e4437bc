"""What both position readers check against the title data, field by field.

Each function reads one part of the input (a name, a hex, a laid tile and its
rotation, a city's tokens, the trains, the phase and company) and raises
``InputError`` naming the field at fault; ``make_position`` puts the parts together.
Used by ``trainrun.formats.own_format`` and ``trainrun.formats.corpus_format``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from trainrun.board.position import CityTokens, PlacedHex, Position, Train
from trainrun.board.tiles import Node, Tile
from trainrun.board.title import Phase, Title
from trainrun.board.turnstate import Turn
from trainrun.errors import InputError

if TYPE_CHECKING:
    from trainrun.registry import Ruleset


def need(data: dict, key: str, where: str = ""):
    if not isinstance(data, dict):
        raise InputError(where or "position", "expected a JSON object")
    if key not in data:
        raise InputError(f"{where}.{key}" if where else key, "missing")
    return data[key]


def name_field(value, where: str, what: str) -> str:
    """A name field (hex id, tile, company, train): must be a string."""
    if not isinstance(value, str):
        raise InputError(where, f"{what} must be a name (a string), got {value!r}")
    return value


def symbols(value, where: str) -> list:
    """A list of company symbols (or None for an empty slot)."""
    if not isinstance(value, list) or not all(v is None or isinstance(v, str) for v in value):
        raise InputError(where, f"expected a list of company symbols, got {value!r}")
    return list(value)


def name_list(value, where: str, what: str) -> list[str]:
    """A list of names (icons, markers)."""
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise InputError(where, f"expected a list of {what} names, got {value!r}")
    return list(value)


def hex_field(title: Title, value, where: str) -> str:
    hex_id = name_field(value, where, "hex")
    if hex_id not in title.hexes:
        raise InputError(where, f"unknown hex {hex_id!r} on the {title.name} map")
    return hex_id


def once(seen: set, hex_id: str, where: str) -> str:
    """``hex_id``, listed for the first time (a hex listed twice is an error, not the last
    entry silently winning)."""
    if hex_id in seen:
        raise InputError(where, f"hex {hex_id} is listed twice")
    seen.add(hex_id)
    return hex_id


def company_field(title: Title, value, where: str) -> str:
    """A company symbol of the title."""
    company = name_field(value, where, "company")
    if company not in title.companies:
        raise InputError(where, f"unknown company {company!r} in {title.name}")
    return company


NEUTRAL = "neutral"   # a token of no company, which never blocks (plugins/defaults.py)


@dataclass(frozen=True)
class Holders:
    """Who may hold a token in a city of ``title`` (``tokens``), and who may hold a
    reservation there (``reserved``)."""

    title: str
    tokens: frozenset[str]
    reserved: frozenset[str]

    def check(self, value, where: str, reservation: bool = False) -> str:
        """``value``, a holder of a token (or of a reservation) in this title."""
        holder = name_field(value, where, "company")
        if holder not in (self.reserved if reservation else self.tokens):
            raise InputError(where, f"unknown company {holder!r} in {self.title}")
        return holder


def known_holders(ruleset: Ruleset) -> Holders:
    """Who may hold a token in ``ruleset``'s title: a company of it, a neutral token
    (``neutral``, the title's neutral symbols), a holder printed on its map (1871's ``N``
    on G11) or one its plugin names (``TitleInfo.token_holders``: 18SJ's state railway);
    and a reservation besides: a private company of the title (by symbol or name) or a
    reservation printed on its map (1846's Chicago and Western Indiana on D6)."""
    title = ruleset.title
    return title.derived(("board_input", "holders", ruleset.info.token_holders),
                         lambda: _holders_of(title, ruleset.info.token_holders))


def _holders_of(title: Title, token_holders: tuple[str, ...]) -> Holders:
    printed = [e for mh in title.hexes.values() for e in mh.printed_tokens]
    tokens = (set(title.companies) | {NEUTRAL} | title.neutral
              | set(token_holders)
              | {s for e in printed for s in e.get("slots", []) + e.get("extra", []) if s})
    reserved = (tokens | {s for e in printed for s in e.get("reserved", []) if s}
                | set(title.privates)
                | {str(c["name"]) for c in title.privates.values() if c.get("name")})
    return Holders(title.name, frozenset(tokens), frozenset(reserved))


def rotation_field(value, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 5:
        raise InputError(where, f"rotation must be an integer 0-5, got {value!r}")
    return value


@dataclass(frozen=True)
class Placement:
    """A tile laid on a hex at a rotation, checked: the tile, its rotation on the board,
    and the slots of each of its cities (by node index)."""

    tile: Tile
    rotation: int
    cities: dict[int, int]


def place_tile(title: Title, hex_id, tile_name, rotation, where: str) -> PlacedHex:
    placement = _placement(title, hex_id, tile_name, rotation, where)
    return PlacedHex(hex_id, placement.tile, placement.rotation, icons=placement.tile.icons)


def _placement(title: Title, hex_id, tile_name, rotation, where: str) -> Placement:
    """Tile ``tile_name`` laid on ``hex_id`` at ``rotation``, checked against the map (and
    kept: the title decides it alone)."""
    plain = type(hex_id) is str and type(tile_name) is str and type(rotation) is int
    key, placements = (hex_id, tile_name, rotation), checked_placements(title)
    if plain and key in placements:
        return placements[key]
    hex_id = hex_field(title, hex_id, where)
    tile_name = name_field(tile_name, where, "tile")
    if tile_name != hex_id and tile_name not in title.tiles:
        raise InputError(where, f"unknown tile {tile_name!r} for hex {hex_id}")
    tile = title.tile(tile_name, hex_id)
    rotation = rotation_field(rotation, f"{where}.rotation")
    if tile_name == hex_id:
        rotation = (title.hexes[hex_id].printed_rotation + rotation) % 6
    else:
        _check_geometry(title, hex_id, tile, rotation, where)
    nodes: dict[int, Node] = {}
    for node in tile.nodes:   # the first node of an index is the one ``Tile.node`` finds
        nodes.setdefault(node.index, node)
    placement = Placement(tile, rotation, {i: n.slots for i, n in nodes.items()
                                           if n.kind == "city"})
    if plain:
        placements[key] = placement
    return placement


def checked_placements(title: Title) -> dict[tuple[str, str, int], Placement]:
    """The placements (hex, tile, rotation) of ``title`` checked so far, which
    ``trainrun.board._laid_entries.read_laid`` reads with."""
    return title.derived(("board_input", "placements"), dict)


def _check_geometry(title: Title, hex_id: str, tile: Tile, rotation: int, where: str) -> None:
    """A laid tile's track must lead to a hex of the map, not off it or across a border; it
    may end facing a hex the engine does not link (``MapHex.unlinked``: 1888's ferry)."""
    mh = title.hexes[hex_id]
    blocked = mh.closed_edges
    for edge in sorted(tile.edges_at(rotation)):
        if (edge not in mh.neighbors and edge not in mh.unlinked) or edge in blocked:
            raise InputError(where, f"tile {tile.name} at rotation {rotation} runs track off "
                                    f"the map or across a closed side at edge {edge} of {hex_id}")


def city_tokens(placed: PlacedHex, index, where: str) -> CityTokens:
    try:
        node = placed.tile.node(index) if _whole(index) else None
    except (KeyError, TypeError):
        node = None
    if node is None or node.kind != "city":
        raise InputError(where, f"hex {placed.id} (tile {placed.tile.name}) has no city {index!r}")
    if placed.tokens.get(index) is None:
        placed.tokens[index] = CityTokens(slots=[None] * node.slots)
    return placed.tokens[index]


MAX_DISTANCE = 999      # stops or hex edges of a train: beyond every map of every title
MAX_MULTIPLIER = 100    # a train's value multiplier (x2, 3D, DE: 2 at most in the titles)


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _count(value, most: int | None = None) -> bool:
    return _whole(value) and value >= 0 and (most is None or value <= most)


def _distance(value, where: str):
    """A train distance as the engine writes it: n, or rows {nodes, pay, visit, multiplier}."""
    if _count(value, MAX_DISTANCE):
        return value
    rows_ok = isinstance(value, list) and value and all(
        isinstance(r, dict) and isinstance(r.get("nodes"), list)
        and all(isinstance(k, str) for k in r["nodes"])
        and _count(r.get("pay"), MAX_DISTANCE) and _count(r.get("visit"), MAX_DISTANCE)
        and _count(r.get("multiplier", 1), MAX_MULTIPLIER) for r in value)
    if not rows_ok:
        raise InputError(where, f"expected a number of stops 0-{MAX_DISTANCE} or rows "
                                f"{{nodes, pay, visit, multiplier}} of numbers up to "
                                f"{MAX_DISTANCE} (multiplier {MAX_MULTIPLIER}), got {value!r}")
    return value


def _multiplier(train: dict, card, where: str) -> int:
    """A train's value multiplier: its card's, unless the train gives one (1 to
    ``MAX_MULTIPLIER``; 0 or less would let a wrong run look optimal)."""
    if "multiplier" not in train:
        return card.multiplier
    value = train["multiplier"]
    if not _whole(value) or not 1 <= value <= MAX_MULTIPLIER:
        raise InputError(where, f"expected an integer 1-{MAX_MULTIPLIER}, got {value!r}")
    return value


# trains one position may run: a company holds a handful (its train limit); what-if runs
# ask for more, but every train is read and tabled before the time limit can stop the work
# (20,000 take 0.15 s): beyond this many, refused
MAX_TRAINS = 1000


def trains_field(title: Title, trains) -> list[Train]:
    if not isinstance(trains, list):
        raise InputError("trains", "expected a list of trains")
    if len(trains) > MAX_TRAINS:
        raise InputError("trains", f"{len(trains)} trains: at most {MAX_TRAINS} in one "
                                   f"position")
    out, seen = [], set()
    for i, t in enumerate(trains):
        if isinstance(t, str):
            t = {"name": t}
        where = f"trains[{i}]"
        name = name_field(need(t, "name", where), f"{where}.name", "train")
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
        multiplier = _multiplier(t, card, f"{where}.multiplier")
        out.append(Train(tid, name, _distance(t.get("distance", card.distance),
                                              f"{where}.distance"), multiplier))
    return out


def phase_and_company(title: Title, data: dict) -> tuple[Phase, str]:
    phase = str(need(data, "phase"))
    if phase not in title.phases:
        raise InputError("phase", f"unknown phase {phase!r} in {title.name}")
    # a private's lay (moves lines): the operator pays and runs, the private is turn.entity
    company = data.get("company", data.get("operator", data.get("entity")))
    if company is None:
        raise InputError("company", "missing")
    return title.phases[phase], company_field(title, company, "company")


def printed_board(title: Title, laid: dict[str, PlacedHex] | None = None
                  ) -> dict[str, PlacedHex]:
    """The board of ``title``'s printed map, in map order, each hex a fresh copy that may
    be changed; the hexes of ``laid`` (by hex id) in place of the printed ones."""
    printed = title.derived(("board_input", "printed"), lambda: _printed(title))
    laid = laid or {}
    return {hex_id: laid[hex_id] if hex_id in laid else
            PlacedHex(hex_id, p.tile, p.rotation,
                      {i: CityTokens(list(c.slots), list(c.extra), list(c.reserved))
                       for i, c in p.tokens.items()}, p.markers, p.icons)
            for hex_id, p in printed.items()}


def _printed(title: Title) -> dict[str, PlacedHex]:
    board = {}
    for hex_id, mh in title.hexes.items():
        placed = PlacedHex(hex_id, mh.printed, mh.printed_rotation, icons=mh.printed.icons)
        for entry in mh.printed_tokens:
            fill_city(placed, entry, f"map hex {hex_id}")
        board[hex_id] = placed
    return board


def fill_city(placed: PlacedHex, entry: dict, where: str, known: Holders | None = None) -> None:
    """Fill a city of ``placed`` from a corpus-line ``entry`` (city, slots, extra,
    reserved); ``known``: who may hold them (None: the title's own printed tokens)."""
    if not isinstance(entry, dict):
        raise InputError(where, "expected a JSON object")
    index = entry.get("city", 0)
    city = city_tokens(placed, index, where)
    slots = _holders(entry, "slots", where, known)
    node_slots = placed.tile.node(index).slots
    if len(slots) > max(node_slots, 1):
        raise InputError(f"{where}.slots", f"city {index} of {placed.id} has "
                                           f"{node_slots} slot(s), got {slots!r}")
    city.slots = slots + [None] * (node_slots - len(slots))
    city.extra = _holders(entry, "extra", where, known)
    city.reserved = _holders(entry, "reserved", where, known)


def _holders(entry: dict, key: str, where: str, known: Holders | None) -> list:
    """The list ``entry[key]`` of company symbols (None: an empty slot), each one ``known``
    may hold."""
    value = symbols(entry.get(key, []), f"{where}.{key}")
    for k, holder in enumerate(value):
        if holder is not None and known is not None:
            known.check(holder, f"{where}.{key}[{k}]", reservation=key == "reserved")
    return value


def list_field(data: dict, key: str, required: bool = False) -> list:
    value = need(data, key) if required else data.get(key, [])
    if not isinstance(value, list):
        raise InputError(key, f"expected a list, got {value!r}")
    return value


def object_field(data: dict, key: str) -> dict:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise InputError(key, f"expected a JSON object, got {value!r}")
    return dict(value)


def _tokens_left(data: dict) -> int | None:
    """The company's unplaced tokens; None when not given (null is no number of them)."""
    if "tokens_left" not in data:
        return None
    value = data["tokens_left"]
    if not _count(value):
        raise InputError("tokens_left", f"expected a whole number of at least 0, got {value!r}")
    return value


def _abilities(data: dict) -> tuple:
    """The abilities of the privates the company owns, as 18xx.games records them: each an
    object with a ``type`` (``tile_discount``, ``tile_lay``, ...) and its own keys."""
    value = data.get("abilities", [])
    if not isinstance(value, list) or not all(
            isinstance(a, dict) and isinstance(a.get("type"), str) for a in value):
        raise InputError("abilities", f"expected a list of objects with a type, got {value!r}")
    return tuple(dict(a) for a in value)


PRIVATE_HOLDERS = ("company", "president", "player", "other")


def _privates(data: dict) -> dict:
    """Who holds each open private company: ``company`` (the operating company), ``president``
    (its president), ``player`` (another player), ``other`` (another company). A line
    without ``privates`` that lists the company's own ``companies`` (the harness's older
    corpus lines) holds those."""
    if "privates" not in data and "companies" in data:
        return {name: "company" for name in name_list(data["companies"], "companies",
                                                        "private company")}
    value = object_field(data, "privates")
    for name, holder in value.items():
        if holder not in PRIVATE_HOLDERS:
            raise InputError(f"privates.{name}", f"expected one of {', '.join(PRIVATE_HOLDERS)}, "
                                                 f"got {holder!r}")
    return value


def make_position(ruleset, phase, company, data, board, turn: Turn,
                  title_state=None) -> Position:
    title = ruleset.title
    return Position(title, phase, company, trains_field(title, need(data, "trains")), board,
                    title_state=object_field(data, "title_state") if title_state is None
                    else title_state, options=object_field(data, "options"),
                    source={k: data[k] for k in ("fixture", "action", "entity_type")
                            if k in data}, turn=turn, tokens_left=_tokens_left(data),
                    abilities=_abilities(data), privates=_privates(data),
                    company_assignments=tuple(name_list(data.get("company_assignments", []),
                                                        "company_assignments", "assignment")),
                    ruleset=ruleset)

