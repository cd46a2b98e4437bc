"""Tile lays: their geometry, costs and rules, and ``LayCheck``, the checks of the company's
own lays on one position.

The moves built on them (``legal_lays``, ``check_lay``, ``apply_lay``) are
``trainrun.turn.lay_moves``'s. A lay is legal when (in the order checked):

1. the turn still grants a lay (``trainrun_tile_lays`` or the position's ``turn.next_lay``):
   a yellow lay or an upgrade as that right allows, not on a hex laid this turn when it says
   so;
2. the hex is one the title lets be laid (``trainrun_lay_refusal``), no private blocks it
   (a ``blocks_hexes`` ability of the title's privates while its holder is of the
   ability's ``owner_type``: ``trainrun.turn.abilities.blocking_refusal``) and the company
   reaches one of its sides (``trainrun.turn.walk``);
3. the tile's colour is allowed in the phase (``trainrun_lay_colours``), a copy is left in
   the box (the title's count less the copies on the board) and the title says it replaces
   the hex's tile (``trainrun_upgrades_to``: next colour, old track kept, same label and
   number of towns and cities);
4. at the rotation: no track leads off the map, new track meets a side the company reaches,
   every old path is kept, old cities and towns keep their exits and no city appears from
   nowhere (or what the title says instead, ``trainrun_track_kept``), and, where the title
   says so (``trainrun_lay_rules``), of the tiles a city hex may take only those with the
   most exits of their colour;
5. the track rule of the title (new track or a changed city value) holds for the track the
   company reaches once the tile lies;
6. its cost (terrain of the old tile, costed borders first crossed, the lay's fee, less the
   whole-lay discounts of the privates the company holds) is not more than the cash.
"""
from __future__ import annotations

import dataclasses
import functools
from collections import Counter
from dataclasses import dataclass

from trainrun.board.hexgrid import opposite
from trainrun.board.position import CityTokens, PlacedHex, Position
from trainrun.board.tiles import Tile
from trainrun.board.turnstate import LayRight, Turn
from trainrun.errors import InputError
from trainrun.hooks import answers
from trainrun.hooks.rules import LayRules
from trainrun.turn.abilities import blocking_refusal, lay_discount, terrain_discount
from trainrun.turn.tilereach import reaches_paths
from trainrun.turn.walk import reach

COLOURS = ("white", "yellow", "green", "brown", "gray")


@dataclass(frozen=True, order=True)
class Lay:
    """A tile lay: ``tile`` (catalogue name) on ``hex`` at ``rotation``, costing ``cost``
    (None: whatever it costs, for ``apply_lay`` to find)."""

    hex: str
    tile: str
    rotation: int
    cost: int | None = 0


# ---- tile geometry --------------------------------------------------------------------------

@functools.lru_cache(maxsize=8192)
def exits(tile: Tile, rotation: int) -> frozenset[int]:
    return frozenset(tile.edges_at(rotation))


def _mask(edges) -> int:
    return sum(1 << e for e in edges)


@functools.lru_cache(maxsize=65536)
def placed_rotations(tile: Tile, sides: int, open_sides: int) -> tuple[int, ...]:
    """The rotations at which ``tile``'s track stays on the hex's ``sides`` (bit e: edge e
    has a neighbour) and meets one of its ``open_sides``."""
    return tuple(r for r in range(6) if not _mask(exits(tile, r)) & ~sides
                 and _mask(exits(tile, r)) & open_sides)


def _kind(tile: Tile, index: int) -> str:
    return tile.node(index).kind


@functools.lru_cache(maxsize=4096)
def _parts(tile: Tile, rotation: int) -> tuple:
    """Per path: (its edges with lanes, its node indices, terminal, gauge)."""
    out = []
    for p in tile.paths_at(rotation):
        ends = ((p.a, p.a_lane), (p.b, p.b_lane))
        out.append((tuple((int(e[1:]), lane) for e, lane in ends if e[0] == "e"),
                    tuple(int(e[1:]) for e, _ in ends if e[0] == "n"), p.terminal, p.track))
    return tuple(out)


@functools.lru_cache(maxsize=8192)
def _end_classes(tile: Tile, rotation: int) -> list[tuple[frozenset, str]]:
    """Per path: its ends as ('e', edge) or ('city'|'town'|'offboard', ) — a junction end
    stands for the ends of the junction's other paths — and its gauge."""
    turned = _parts(tile, rotation)
    junction_ends: dict[int, list[int]] = {}
    for k, (_, nodes, _, _) in enumerate(turned):
        for index in nodes:
            if _kind(tile, index) == "junction":
                junction_ends.setdefault(index, []).append(k)
    out = []
    for k, (edges, nodes, _, gauge) in enumerate(turned):
        ends: set[tuple] = {("e", e) for e, _ in edges}
        for index in nodes:
            if _kind(tile, index) == "junction":
                for j in junction_ends[index]:
                    if j != k:
                        ends |= {("e", e) for e, _ in turned[j][0]}
                        ends |= {(_kind(tile, i),) for i in turned[j][1]
                                 if _kind(tile, i) != "junction"}
            else:
                ends.add((_kind(tile, index),))
        out.append((frozenset(ends), gauge))
    return out


def _gauge_kept(old: str, new: str) -> bool:
    return old == new or new == "dual"


def _path_within(path, other) -> bool:
    return path[0] <= other[0] and _gauge_kept(path[1], other[1])


@functools.lru_cache(maxsize=65536)
def paths_kept(old: Tile, old_rotation: int, new: Tile, rotation: int) -> bool:
    """Every path of the old tile (as it lies) lies within a path of the new one."""
    new_paths = _end_classes(new, rotation)
    return all(any(_path_within(p, q) for q in new_paths) for p in _end_classes(old, old_rotation))


@functools.lru_cache(maxsize=8192)
def path_exits(tile: Tile, rotation: int) -> tuple[frozenset[int], ...]:
    """Per path of the tile at ``rotation``: the board edges it reaches."""
    return tuple(frozenset(e for e, _ in edges) for edges, _, _, _ in _parts(tile, rotation))


def _has_junction(tile: Tile) -> bool:
    return any(n.kind == "junction" for n in tile.nodes)


@functools.lru_cache(maxsize=65536)
def paths_kept_somehow(old: Tile, new: Tile) -> bool:
    """The old tile's track fits the new tile at some turn of it (junction tiles: the
    exits)."""
    if _has_junction(old) and _has_junction(new):
        return any(exits(old, 0) <= exits(new, r) for r in range(6))
    return any(paths_kept(old, 0, new, r) for r in range(6))


@functools.lru_cache(maxsize=8192)
def city_town_exits(tile: Tile, rotation: int) -> dict[int, frozenset[int]]:
    """Per city or town with track to an edge: the board edges its paths reach (engine
    ``Tile#city_town_edges``: a path's city, else its town; a city or town whose paths
    reach no edge is not listed)."""
    out: dict[int, set[int]] = {}
    for edges, nodes, _, _ in _parts(tile, rotation):
        stop = next((i for i in nodes if _kind(tile, i) == "city"),
                    next((i for i in nodes if _kind(tile, i) == "town"), None))
        if stop is not None and edges:
            out.setdefault(stop, set()).update(e for e, _ in edges)
    return {k: frozenset(v) for k, v in out.items()}


def _cities(tile: Tile) -> list:
    return [n for n in tile.nodes if n.kind == "city"]


def _towns(tile: Tile) -> list:
    return [n for n in tile.nodes if n.kind == "town"]


def label(tile: Tile) -> str | None:
    return tile.labels[-1] if tile.labels else None


def default_special_upgrades_to(old: Tile, new: Tile) -> bool:
    """The shared rule for a private's ``special`` lay (engine ``upgrades_to?`` with
    ``special``): the next colour and the old track kept at some turn; labels, towns and
    cities are not asked."""
    return (new.color in COLOURS and old.color in COLOURS
            and COLOURS.index(new.color) == COLOURS.index(old.color) + 1
            and paths_kept_somehow(old, new))


def label_required(old: Tile, new: Tile, future_label: tuple[str, str] | None) -> str | None:
    """The label ``new`` must carry to replace ``old``: the hex's future label ``(label,
    colour)`` when ``new`` has that colour (a label printed on the map for a later colour:
    Rochester's R in green, 18NY), else the old tile's."""
    if future_label is not None and new.color == future_label[1]:
        return future_label[0] or None   # "": no label
    return label(old)


def future_label(position: Position, hex_id: str, old: Tile) -> tuple[str, str] | None:
    """The future label in force on ``hex_id`` while ``old`` lies there: the map's (a label
    printed for a later colour) until a tile of that colour is laid, else the one ``old``
    itself asks of a later colour (18MEX 480: no label in gray); engine ``Hex#lay``
    carries a tile's future label over to the next tile until its colour is laid."""
    printed = position.title.hexes[hex_id].future_label
    if printed is not None and old.color in COLOURS and printed[1] in COLOURS \
            and COLOURS.index(printed[1]) > COLOURS.index(old.color):
        return printed
    return old.future_label


@functools.lru_cache(maxsize=65536)
def default_upgrades_to(old: Tile, new: Tile, future_label: tuple[str, str] | None = None) -> bool:
    """The shared rule for replacing ``old`` by ``new``: the next colour, the old track kept
    at some turn, the label required (``label_required``), as many towns, as many cities
    unless the old tile is labelled (18Chesapeake's OO cities merge in brown), multi-city
    exits kept, a labelled city never losing its cities, a white OO hex taking only
    two-city tiles."""
    if (new.color not in COLOURS or old.color not in COLOURS
            or COLOURS.index(new.color) != COLOURS.index(old.color) + 1):
        return False
    if not paths_kept_somehow(old, new) or label_required(old, new, future_label) != label(new):
        return False
    old_cities, new_cities = _cities(old), _cities(new)
    if len(_towns(old)) != len(_towns(new)):
        return False
    if label(old) is None and len(old_cities) != len(new_cities):
        return False
    if len(old_cities) > 1 and len(new_cities) > 1:
        mine = list(city_town_exits(old, 0).values())
        if not any(all(any(e <= other for other in city_town_exits(new, r).values())
                       for e in mine) for r in range(6)):
            return False
    if label(old) and old_cities and not new_cities:
        return False
    return not (old.color == "white" and label(old) == "OO"
                and len(old_cities) != len(new_cities))


def tile_city_map(old: Tile, old_rotation: int, new: Tile, rotation: int) -> dict[int, int]:
    """Which city of ``new`` each city of ``old`` becomes (engine hex.rb ``city_map_for``):
    by place among the cities where the old ones reach no edge and the counts agree; else
    the first new city whose edges hold the old one's; an old city left over takes the new
    city of its place among the cities, or the first not taken."""
    old_cities = [n.index for n in _cities(old)]
    new_cities = [n.index for n in _cities(new)]
    old_exits = city_town_exits(old, old_rotation)
    if not any(old_exits.get(i) for i in old_cities) and len(old_cities) == len(new_cities):
        return dict(zip(old_cities, new_cities))
    new_exits = city_town_exits(new, rotation)
    found: dict[int, int | None] = {
        i: next((j for j in new_cities
                 if old_exits.get(i) and old_exits[i] <= new_exits.get(j, frozenset())), None)
        for i in old_cities}
    taken = [j for j in found.values() if j is not None]
    for place, i in enumerate(old_cities):
        if found[i] is None:
            j = new_cities[place] if place < len(new_cities) else None
            if j is None or j in taken:
                j = next((c for c in new_cities if c not in taken), None)
            found[i] = j
            if j is not None:
                taken.append(j)
    return {i: j for i, j in found.items() if j is not None}


@functools.lru_cache(maxsize=65536)
def city_slots_kept(old: Tile, old_rotation: int, new: Tile, rotation: int) -> bool:
    """Where the old tile's cities differ in slots, each keeps at least its slots in the
    city it becomes (engine tracker.rb ``city_sizes_maintained``: 18JP-T's Shinjuku, whose
    two-slot city may not become a one-slot one)."""
    if len({n.slots for n in _cities(old)}) < 2:
        return True
    return all(new.node(j).slots >= old.node(i).slots
               for i, j in tile_city_map(old, old_rotation, new, rotation).items())


def rotation_keeps_stops(old: Tile, old_rotation: int, new: Tile, rotation: int) -> bool:
    """Old cities and towns keep their exits on the new tile, no city or town appears that
    meets none of the old ones (beyond those added), and on a multi-city upgrade every old
    city maps to exactly one new one."""
    old_ct = list(city_town_exits(old, old_rotation).values())
    new_ct = list(city_town_exits(new, rotation).values())
    added = max(0, len(new_ct) - len(old_ct))
    if added < sum(1 for n in new_ct if all(not (n & o) for o in old_ct)):
        return False
    if len(_cities(new)) > 1 and len(_cities(old)) > 1:
        return all(sum(1 for n in new_ct if o <= n) == 1 for o in old_ct)
    return True


# ---- the turn ---------------------------------------------------------------------------

def default_terrain_cost(position: Position, hex_id: str, old: Tile) -> int:
    """The shared terrain cost of a lay over ``old`` on ``hex_id`` (``trainrun_terrain_cost``):
    the tile's printed terrain costs less the company's terrain discounts (engine
    ``upgrade_cost``)."""
    return old.terrain_cost - terrain_discount(position, hex_id, old.terrains, old.terrain_cost)


def next_right(position: Position) -> LayRight | None:
    """The right of the company's next lay this turn (None: the allowance is used up)."""
    turn = position.turn
    if turn.next_lay is not None:
        return turn.next_lay.resolved(turn.upgraded)
    rights = answers.tile_lays(position)
    return rights[turn.lays].resolved(turn.upgraded) if turn.lays < len(rights) else None


def tile_counts(position: Position) -> dict[str, int]:
    """Copies of each limited catalogue tile in the game: the catalogue's, as the optional
    rules the position plays with set them (``Title.option_tiles``: 1888-N's)."""
    title = position.title
    counts = {name: t.count for name, t in title.tiles.items() if t.count is not None}
    for rule, tiles in title.option_tiles.items():
        if position.options.get(rule) is True:
            counts.update((n, c) for n, c in tiles.items() if n in counts)
    return counts


def tiles_in_box(position: Position) -> Counter:
    """Copies of each catalogue tile not on the board (unlimited tiles: not counted)."""
    title = position.title
    on_board = Counter(p.tile.name for p in position.board.values()
                       if title.tiles.get(p.tile.name) is p.tile)
    return Counter({name: count - on_board[name]
                    for name, count in tile_counts(position).items()})


def _in_box(position: Position, box: Counter, tile: Tile) -> bool:
    return tile.count is None or box[tile.name] > 0


def tiles_left_in_box(position: Position) -> list[Tile]:
    """The catalogue tiles of which a copy is left in the box (``tiles_in_box``; unlimited
    tiles always), in catalogue order, whatever the phase allows."""
    box = tiles_in_box(position)
    return [t for t in position.title.tiles.values() if _in_box(position, box, t)]


def crossed_borders(position: Position, hex_id: str, tile: Tile, rotation: int,
                    alone: bool = False) -> list[tuple[int, int]]:
    """The costed borders this lay first crosses, as (board edge, printed cost):
    each border is paid once, by the lay that joins track on both of its sides (``alone``,
    ``LayRules.borders_paid_alone``: by the hex's first lay whose track crosses it)."""
    placed, mh = position.board[hex_id], position.title.hexes[hex_id]
    new_exits, old_exits = exits(tile, rotation), exits(placed.tile, placed.rotation)
    out = []
    for edge, cost in mh.printed.border_costs:
        edge = (edge + mh.printed_rotation) % 6
        other = mh.neighbors.get(edge)
        if (edge in new_exits and edge not in old_exits and other is not None
                and (alone or opposite(edge) in exits(position.board[other].tile,
                                                      position.board[other].rotation))):
            out.append((edge, cost))
    return out


def lay_cost(position: Position, right: LayRight, hex_id: str, tile: Tile, rotation: int) -> int:
    """Terrain of the tile replaced, costed borders this lay first crosses
    (``crossed_borders``, each as the title prices it) and the lay's fee, less the discounts
    without a terrain of the privates the company holds (engine
    ``tile_cost_with_discount``)."""
    alone = answers.lay_rules(position).borders_paid_alone
    border = sum(answers.border_cost(position, hex_id, edge, cost)
                 for edge, cost in crossed_borders(position, hex_id, tile, rotation, alone))
    fee = right.cost if tile.color == "yellow" else right.upgrade_cost
    assert fee is not None, "an upgrade's fee: a right made by LayRight.resolved"
    cost = answers.terrain_cost(position, hex_id, position.board[hex_id].tile) + border + fee
    return cost - lay_discount(position, hex_id, cost)


# ---- the board after a lay ---------------------------------------------------------------

def _city_map(old: PlacedHex, tile: Tile, rotation: int) -> dict[int, int]:
    """Which city of the new tile each old city with tokens becomes: the first whose exits
    hold its own, else the one the engine's city map gives it (``tile_city_map``)."""
    new_cities = [n.index for n in _cities(tile)]
    if len(new_cities) == 1:
        return {i: new_cities[0] for i in old.tokens}
    old_exits = city_town_exits(old.tile, old.rotation)
    new_exits = city_town_exits(tile, rotation)
    engine = tile_city_map(old.tile, old.rotation, tile, rotation)
    out = {}
    for i in old.tokens:
        mine = old_exits.get(i, frozenset())
        match = [j for j in new_cities if mine and mine <= new_exits.get(j, frozenset())]
        # a city with no exits: where the engine's city map puts it (a city not taken)
        out[i] = match[0] if match else engine.get(i, i if i in new_cities else new_cities[0])
    return out


def placed_after(position: Position, hex_id: str, tile: Tile, rotation: int) -> PlacedHex:
    """The hex once ``tile`` lies there: tokens and reservations moved to its cities."""
    old = position.board[hex_id]
    tokens: dict[int, CityTokens] = {}
    for i, j in _city_map(old, tile, rotation).items():
        slots = tile.node(j).slots
        kept = [s for s in old.tokens[i].slots if s]
        into = tokens.setdefault(j, CityTokens([None] * slots))
        for holder in kept:
            if None in into.slots:
                into.slots[into.slots.index(None)] = holder
            else:
                into.extra.append(holder)
        into.extra += old.tokens[i].extra
        into.reserved += old.tokens[i].reserved
    for node in _cities(tile):
        tokens.setdefault(node.index, CityTokens([None] * node.slots))
    return PlacedHex(hex_id, tile, rotation, tokens, old.markers, kept_icons(old.icons, tile))


def kept_icons(old: tuple[str, ...], tile: Tile) -> tuple[str, ...]:
    """The icons on a hex once ``tile`` lies there: the tile's own, and each of the old
    icons the tile has no copy of (engine hex.rb ``lay``: icons are sticky)."""
    new = list(tile.icons)
    spare = Counter(new)
    for icon in old:
        if spare[icon]:
            spare[icon] -= 1
        else:
            new.append(icon)
    return tuple(new)


def _max_revenue(tile: Tile, index: int) -> int:
    revenue = tile.node(index).revenue
    return max(revenue.values()) if isinstance(revenue, dict) else revenue


@functools.lru_cache(maxsize=65536)
def counting_paths(old: Tile, old_rotation: int, new: Tile, rotation: int) -> tuple:
    """(new track, new track or a changed city value): indices of the paths of ``new`` at
    ``rotation`` replacing ``old`` at ``old_rotation`` that lie within no old path, and
    those and the ones whose cities and towns change value (the old path they lie within:
    the first in tile order)."""
    old_paths = [(ends, gauge, nodes) for (ends, gauge), (_, nodes, _, _)
                 in zip(_end_classes(old, old_rotation), _parts(old, old_rotation))]
    fresh, changed = set(), set()
    for k, ((ends, gauge), (_, nodes, _, _)) in enumerate(zip(_end_classes(new, rotation),
                                                              _parts(new, rotation))):
        op = next((o for o in old_paths if ends <= o[0] and _gauge_kept(gauge, o[1])), None)
        if op is None:
            fresh.add(k)
            changed.add(k)
        elif (sorted(_max_revenue(old, i) for i in op[2])
              != sorted(_max_revenue(new, i) for i in nodes)):
            changed.add(k)
    return frozenset(fresh), frozenset(changed)


@functools.lru_cache(maxsize=65536)
def keeps_stops(old: Tile, old_rotation: int, new: Tile, rotation: int) -> bool:
    """Every old city and town keeps its exits within one new city or town."""
    old_ct = city_town_exits(old, old_rotation)
    new_ct = list(city_town_exits(new, rotation).values())
    return all(new_ct and any(old_ct.get(i, frozenset()) <= n for n in new_ct)
               for i in (n.index for n in old.nodes if n.kind in ("city", "town")))


def track_rule_refusal(position: Position, rules: LayRules, placed: PlacedHex) -> str | None:
    """Why the track the company reaches on the new tile breaks the title's track rule."""
    old = position.board[placed.id]
    if old.tile.name in rules.unchecked_upgrades:
        return None
    title_says = answers.track_kept(position, placed.id, old.tile, old.rotation, placed.tile,
                                    placed.rotation)      # a title's test replaces the shared one
    if title_says is None and not keeps_stops(old.tile, old.rotation, placed.tile,
                                              placed.rotation):
        return "the new track must keep the old cities and towns"
    mode = rules.track_restriction
    if mode == "permissive" or not old.tile.paths or (mode == "city_permissive"
                                                       and _cities(placed.tile)):
        return None
    fresh, changed = counting_paths(old.tile, old.rotation, placed.tile, placed.rotation)
    wanted = changed if mode == "semi_restrictive" else fresh
    if reaches_paths(position, placed, wanted, _city_map(old, placed.tile, placed.rotation)):
        return None
    if mode == "restrictive":
        return "must use new track"
    if mode == "semi_restrictive":
        return "must use new track or change a city's value"
    return "must be a city tile or use new track"


# ---- legal lays -------------------------------------------------------------------------

class LayCheck:
    """The checks of the company's own lays on one position, with everything they ask more
    than once kept (``trainrun.turn.special_track.SpecialLayCheck`` changes them for a
    private's ability)."""

    def __init__(self, position: Position):
        if position.ruleset is None:
            raise InputError("position", "read it with trainrun.read_position first")
        self.position = position
        self.right = next_right(position)
        self.rules = answers.lay_rules(position)
        self.box = tiles_in_box(position)
        self.reach = reach(position)
        self.budget = answers.lay_budget(position)

    def hex_refusal(self, hex_id: str) -> str | None:
        position, right = self.position, self.right
        placed = position.board[hex_id]
        if right is None:
            return f"the turn's lays are used up ({position.turn.lays} made)"
        if placed.tile.color == "white" and not right.lay:
            return "this lay may not be on an empty hex"
        if placed.tile.color != "white" and not right.upgrade:
            return "this lay may not be an upgrade"
        if right.cannot_reuse_same_hex and hex_id in position.turn.laid_hexes:
            return f"{hex_id} was already laid this turn"
        reason = answers.lay_refusal(position, hex_id) or blocking_refusal(
            position, hex_id, self.rules.unblocked)
        if reason:
            return reason
        if hex_id not in self.reach.sides:
            return f"{position.company} does not reach {hex_id}"
        return None

    def tile_refusal(self, hex_id: str, tile: Tile) -> str | None:
        old = self.position.board[hex_id].tile
        reason = self.tile_allowed_refusal(hex_id, tile)
        if reason is None and not self.replacing(hex_id, [tile]):
            return f"tile {tile.name} does not replace {old.name} (colour, track, label, cities)"
        return reason

    def tile_allowed_refusal(self, hex_id: str, tile: Tile) -> str | None:
        """The turn's right, the phase's colours and the box."""
        position = self.position
        if tile.color == "yellow":
            assert self.right is not None       # hex_refusal() passed: a lay is left
            if not self.right.lay:
                return "this lay may not be a yellow tile"
        if tile.color not in answers.lay_colours(position, hex_id):
            return f"{tile.color} tiles are not allowed on {hex_id} in phase {position.phase.name}"
        if tile.blocks_lay and not self.lays_blocking_tile(tile):
            return f"tile {tile.name} is laid only by a private company's ability"
        if not _in_box(position, self.box, tile):
            return f"no tile {tile.name} left"
        return None

    def lays_blocking_tile(self, tile: Tile) -> bool:
        """May this lay use a tile whose icon blocks lays (``Tile.blocks_lay``, engine
        ``Tracker#potential_tiles`` rejects them)? Only a private's ability naming it."""
        return False

    def replacing(self, hex_id: str, tiles: list[Tile]) -> list[Tile]:
        """Those of ``tiles`` the title lets replace the hex's tile."""
        if not tiles:
            return []
        return answers.upgrades_to(self.position, hex_id, self.position.board[hex_id].tile, tiles)

    def rotation_refusal(self, hex_id: str, tile: Tile, rotation: int) -> str | None:
        return (self.placement_refusal(hex_id, tile, rotation)
                or self.kept_refusal(hex_id, tile, rotation))

    def placement_refusal(self, hex_id: str, tile: Tile, rotation: int) -> str | None:
        """Track off the map, or not meeting the company's."""
        new_exits = exits(tile, rotation)
        off = sorted(new_exits - self.sides(hex_id))
        if off:
            return f"track runs off the map or across a closed side at edge {off[0]}"
        if not new_exits & self.reach.sides.get(hex_id, frozenset()):
            return f"the new track does not meet {self.position.company}'s track"
        return None

    def sides(self, hex_id: str) -> set[int]:
        """The board edges a lay's track may reach: those the map links (and those it does
        not link yet where the title's lay rules say so, ``LayRules.unlinked_sides``)."""
        mh = self.position.title.hexes[hex_id]
        return set(mh.neighbors) | (set(mh.unlinked) if self.rules.unlinked_sides else set())

    def kept_refusal(self, hex_id: str, tile: Tile, rotation: int) -> str | None:
        """The old track, cities and towns kept, and the title's own rotation rules."""
        position = self.position
        placed = position.board[hex_id]
        kept = answers.track_kept(position, hex_id, placed.tile, placed.rotation, tile, rotation)
        if kept is False:
            return f"the track of tile {placed.tile.name} is not kept"
        if kept is None and not paths_kept(placed.tile, placed.rotation, tile, rotation):
            return f"the track of tile {placed.tile.name} is not kept"
        if kept is None and not rotation_keeps_stops(placed.tile, placed.rotation, tile,
                                                     rotation):
            return f"the cities and towns of tile {placed.tile.name} are not kept"
        if not city_slots_kept(placed.tile, placed.rotation, tile, rotation):
            return f"a city of tile {placed.tile.name} would lose token slots"
        return answers.rotation_refusal(position, hex_id, tile, rotation)

    def offered(self, hex_id: str) -> dict[str, list[int]]:
        """Tiles with their rotations passing the hex, tile and rotation checks (the most
        exits of each colour only, where the title says so)."""
        fitting: dict[Tile, tuple[int, ...]] = {}
        sides = _mask(self.sides(hex_id))
        open_sides = _mask(self.reach.sides.get(hex_id, ()))
        for tile in self.position.title.tiles.values():
            if self.tile_allowed_refusal(hex_id, tile) is None:
                rotations = placed_rotations(tile, sides, open_sides)
                if rotations:
                    fitting[tile] = rotations
        tiles: dict[str, list[int]] = {}
        for tile in self.replacing(hex_id, list(fitting)):
            kept = [r for r in fitting[tile] if self.kept_refusal(hex_id, tile, r) is None]
            if kept:
                tiles[tile.name] = kept
        old = self.position.board[hex_id].tile
        scope = self.rules.max_exits
        if (_cities(old) and ("cities" in scope or ("unlabeled_cities" in scope
                                                    and not old.labels))) or (
                "track" in scope and not _cities(old) and not _towns(old)):
            title = self.position.title
            most: dict[str, int] = {}
            for name in tiles:
                t = title.tiles[name]
                most[t.color] = max(most.get(t.color, 0), len(exits(t, 0)))
            tiles = {n: r for n, r in tiles.items()
                     if len(exits(title.tiles[n], 0)) == most[title.tiles[n].color]}
        return tiles

    def board_after(self, hex_id: str, tile: Tile, rotation: int) -> dict[str, PlacedHex]:
        """The board once the lay is made (the hex as ``placed_after`` gives it)."""
        board = dict(self.position.board)
        board[hex_id] = placed_after(self.position, hex_id, tile, rotation)
        return board

    def turn_after(self, hex_id: str, upgrade: bool, cost: int) -> Turn:
        """The turn once the company's lay on ``hex_id`` is made: its cost paid, one more
        lay (an ``upgrade`` or not), the hex laid."""
        turn = self.position.turn
        return dataclasses.replace(
            turn, cash=None if turn.cash is None else turn.cash - cost, lays=turn.lays + 1,
            upgraded=turn.upgraded or upgrade, laid_hexes=turn.laid_hexes + (hex_id,),
            next_lay=None)

    def final_refusal(self, hex_id: str, tile: Tile, rotation: int) -> tuple[str | None, int]:
        """The track rule and the cost: (why refused or None, cost)."""
        position = self.position
        placed = placed_after(position, hex_id, tile, rotation)
        reason = track_rule_refusal(position, self.rules, placed)
        if reason:
            return reason, 0
        assert self.right is not None       # hex_refusal() passed: a lay is left
        cost = lay_cost(position, self.right, hex_id, tile, rotation)
        budget = self.budget
        if budget is not None and cost > budget:
            return f"the lay costs {cost}, more than the {budget:g} the company can pay", cost
        return None, cost
