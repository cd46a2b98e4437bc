"""18NY: H trains by hex edges, 4DE/5DE best stops doubled, D +100 per red area,
connection and coal bonuses (docs/rules/18ny.md).

* H trains (2H, 4H, 6H, 12H): at most n hex edges crossed. Springfield (E25 with
  F26) and Toronto (E1 with D0) count as one hex each: as in the engine, a route
  whose track touches E25 or E1 gets one edge back (``hex_touch_cost`` -1; every
  path of E25 and E1 runs to the area's other hex, so that is the edge between
  the two hexes). Every visited location scores.
* 4DE / 5DE: unlimited; only stops holding the company's station or on a red
  hex score (others are worth 0), the best 4 / 5 of them, doubled (train rows).
  A station on the route is required; the best stops need not include it (the
  engine's 18NY ``compute_stops`` checks the visited stops only, docs/rules/18ny.md §2.2).
* D: unlimited, every stop scores, +$100 per red-hex stop (a route bonus).
* Red areas with arrows are off-boards with terminal track (tile data: route
  ends only); New Haven and Springfield are one-slot cities on red hexes, so city
  blocking gives "passable by their owner or while untokened"; Toronto is a town.
  Multi-hex areas share a tile ``groups`` tag; A21's halves join Montreal and
  Burlington here (docs/rules/18ny.md §4.3).
* Connection bonuses: each unclaimed location (a hex with the ``connection_bonus``
  marker, widened to its whole red area) pays $10 once per run when a route
  scores it (DE trains: only among the chosen stops). Bonus tokens already held
  and coal tokens pay ``title_state`` ``connection_bonus_revenue`` +
  ``coal_revenue`` once (corpus lines carry both keys).
* Station tokens (engine ``G18NY::Step::Token``): a token costs its charter price ($20)
  per hex from the city to the company's nearest token along track the company may walk,
  the nearest token's hex counted and the city's own not; Springfield E25 and Toronto E1
  are not counted. A token in New York City J20 costs $40 more (the second edition's fee).
  The tokens the NYC gains from merged minors ($20) are placed before its charter's.
* The Stagecoach token is recorded by the engine as a token of its owner in
  Albany's reserved slot, so the shared station rule counts it.
"""
from __future__ import annotations

import math
from pathlib import Path

from trainrun.plugins.api import (
    CompanyBonus,
    InputError,
    LayRight,
    LayRules,
    Node,
    Position,
    ReplayRules,
    ReplayState,
    RouteBonus,
    TitleInfo,
    Train,
    TrainRules,
    answers,
    charter_token_price,
    crossed_borders,
    default_upgrades_to,
    h_train_rules,
    hexes_to_nearest,
    hookimpl,
    is_h_train,
    path_exits,
    tokens_left,
)

from . import money as _money
from . import replay as _replay
from .markers import INCOME_KEYS

CONNECTION_MARKER = "connection_bonus"
CONNECTION_AMOUNT = 10
D_RED_AREA_BONUS = 100
ONE_HEX_AREAS = {"E25": -1, "E1": -1}      # Springfield, Toronto: their second hex
A21_HALVES = {0: "Montreal", 2: "Burlington"}   # docs/rules/18ny.md §4.3: node index -> area
UNCOUNTED_HEXES = frozenset({"E1", "E25"})  # not counted in a token's distance
NEW_YORK_CITY, NEW_YORK_CITY_FEE = "J20", 40
MERGER_TOKEN_PRICE = 20   # a token the NYC gains from a merged minor, placed before its own
NEW_YORK_CITY_FIXED = ("X11", "X22", "X32")   # NYC tiles laid on J20 at rotation 0 only


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="18NY", data=Path(__file__).parent / "data",
                     description="New York railroads 1830-1870; H, DE and D trains",
                     corpus_state=INCOME_KEYS)


def _is_de_train(train: Train) -> bool:
    return train.name.endswith("DE")


@hookimpl
def trainrun_train_rules(position: Position, train: Train) -> TrainRules | None:
    # H trains by hex edges, Springfield and Toronto one hex each; DE rows with a station
    # anywhere on the route; D (99) (None) read as the engine writes it
    if _is_de_train(train):
        return _de_rules(train)
    return h_train_rules(train, ONE_HEX_AREAS)


def _de_rules(train: Train) -> TrainRules:
    """A DE train's one row ``{nodes, pay, visit: 99, multiplier}``: unlimited, the best
    ``pay`` stops scoring, times the multiplier; the paid stops need not hold the station
    the route has (``station_paid`` False: the engine's 18NY ``compute_stops`` checks the
    visited stops, not the paid ones, docs/rules/18ny.md §2.2)."""
    try:
        if not isinstance(train.distance, list) or len(train.distance) != 1:
            raise TypeError
        row = train.distance[0]
        kinds, pay, multiplier = row["nodes"], int(row["pay"]), row.get("multiplier", 1)
    except (KeyError, TypeError, ValueError):
        raise InputError(f"train {train.id}", f"a DE train's distance is one row "
                                              f"{{nodes, pay, visit, multiplier}}, got "
                                              f"{train.distance!r}") from None
    return TrainRules(distance="unlimited", stop_cost=dict.fromkeys(kinds, 0), pay_limit=pay,
                      multiplier=dict.fromkeys(kinds, multiplier), station_paid=False)


def _red(position: Position, hex_id: str) -> bool:
    return position.board[hex_id].tile.color == "red"


@hookimpl
def trainrun_stop_value(position: Position, train: Train, rules: TrainRules, hex_id: str,
                        node: Node) -> int | None:
    if not _is_de_train(train):
        return None
    node_id = position.node_id(hex_id, node.index)
    if not _red(position, hex_id) and node_id not in answers.stations(position):
        return 0
    return None


def _red_stops(position: Position) -> frozenset:
    return frozenset(position.node_id(h, n.index) for h, placed in position.board.items()
                     if placed.tile.color == "red" for n in placed.tile.nodes if n.is_stop)


@hookimpl
def trainrun_route_bonuses(position: Position, train: Train) -> list[RouteBonus]:
    if is_h_train(train) or _is_de_train(train):
        return []
    return [RouteBonus("red area", D_RED_AREA_BONUS, stops=_red_stops(position))]


def _areas(position: Position) -> dict:
    """Area name -> node ids of its stops (tile ``groups`` tags, A21 halves added)."""
    areas: dict = {}
    for hex_id, placed in position.board.items():
        for n in placed.tile.nodes:
            for g in n.groups:
                areas.setdefault(g, set()).add(position.node_id(hex_id, n.index))
    if "A21" in position.board:
        for index, area in A21_HALVES.items():
            areas.setdefault(area, set()).add(position.node_id("A21", index))
    return areas


def _area_of(areas: dict, node_id: str) -> str | None:
    return next((name for name, members in areas.items() if node_id in members), None)


@hookimpl
def trainrun_exclusive_stops(position: Position) -> list[frozenset[str]]:
    """A21's halves belong to Montreal and Burlington (docs/rules/18ny.md §4.3)."""
    areas = _areas(position)
    return [frozenset(areas[area]) for area in A21_HALVES.values() if area in areas]


@hookimpl
def trainrun_company_bonuses(position: Position) -> list[CompanyBonus]:
    """$10 per unclaimed connection-bonus location scored this run (docs/rules/18ny.md §5.1)."""
    areas = _areas(position)
    bonuses = []
    for hex_id, placed in sorted(position.board.items()):
        if CONNECTION_MARKER not in placed.markers:
            continue
        stops: set[str] = set()
        name = position.title.hexes[hex_id].location or hex_id
        for n in placed.tile.nodes:
            if n.is_stop:
                node_id = position.node_id(hex_id, n.index)
                area = _area_of(areas, node_id)
                stops |= areas[area] if area else {node_id}
                name = area or name
        if stops:
            bonuses.append(CompanyBonus(f"connection bonus {name}", CONNECTION_AMOUNT,
                                        stops=frozenset(stops), scored_only=True))
    return bonuses


@hookimpl
def trainrun_prepare_board(position: Position) -> None:
    """Check the income already held (``title_state``): whole dollars, not negative; and
    ``loans_left``, the loans the company may still take (a minor: at most 2)."""
    for key in INCOME_KEYS:
        amount = position.title_state.get(key, 0)
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            raise InputError(f"title_state.{key}", f"expected a whole number of dollars >= 0, "
                                                   f"got {amount!r}")
    left = position.title_state.get("loans_left", 0)
    if isinstance(left, bool) or not isinstance(left, int) or left < 0:
        raise InputError("title_state.loans_left", f"expected a whole number of loans >= 0, "
                                                   f"got {left!r}")


@hookimpl
def trainrun_fixed_income(position: Position) -> int:
    """Connection and coal tokens already held, paid once to the run (docs/rules/18ny.md §5.2)."""
    return sum(position.title_state.get(key, 0) for key in INCOME_KEYS)


@hookimpl
def trainrun_token_cost(position: Position, hex_id: str, city: int) -> int:
    tokened = {h for h, placed in position.board.items()
               if any(position.company in c.holders() for c in placed.tokens.values())}
    first = next(n.index for n in position.board[hex_id].tile.nodes if n.is_stop)
    hexes = hexes_to_nearest(position, position.node_id(hex_id, first), tokened,
                             UNCOUNTED_HEXES)
    if hexes is None:
        raise InputError("token", f"{hex_id} has no track to a token of {position.company}")
    gained = tokens_left(position) > len(position.title.companies[position.company]["tokens"])
    price = MERGER_TOKEN_PRICE if gained else charter_token_price(position)
    cost = price * hexes
    return cost + (NEW_YORK_CITY_FEE if hex_id == NEW_YORK_CITY else 0)


# Lays (engine ``TILE_LAYS``, ``TRACK_RESTRICTION``): two lays at $20 each, at most one an
# upgrade, never the same hex twice (a minor: one); no new-track rule. Terrain replaces
# the fee: a hex with terrain costs its terrain less $20 on top of the $20. A yellow town
# may become a yellow city (3 -> 5, 4 -> 57, 58 -> 6) once green tiles are allowed; tile
# 448 only on a hex with four neighbours; the NYC tiles X11, X22 and X32 (the second
# edition, the engine's only one, adds X32) lie on J20 at rotation 0 only.
FEE = 20
LAYS = [LayRight(True, True, cost=FEE, cannot_reuse_same_hex=True),
        LayRight(True, "not_if_upgraded", cost=FEE, cannot_reuse_same_hex=True)]
TOWN_TO_CITY = {"3": "5", "4": "57", "58": "6"}


@hookimpl
def trainrun_tile_lays(position: Position) -> list[LayRight]:
    return LAYS[:1] if position.title.companies[position.company].get("type") == "minor" else LAYS


@hookimpl
def trainrun_lay_rules(position: Position) -> LayRules:
    return LayRules(track_restriction="permissive")


@hookimpl
def trainrun_lay_colours(position: Position, hex_id: str) -> tuple[str, ...]:
    tile, colours = position.board[hex_id].tile, position.phase.colours
    if (tile.color == "yellow" and any(n.kind == "town" for n in tile.nodes)
            and "green" not in colours):
        return tuple(c for c in colours if c != "yellow")
    return colours


@hookimpl
def trainrun_upgrades_to(position: Position, hex_id: str, old, tiles) -> list:
    four_sides = len(position.title.hexes[hex_id].neighbors) == 4
    return [new for new in tiles if TOWN_TO_CITY.get(old.name) == new.name
            or ((new.name != "448" or four_sides)
                and default_upgrades_to(old, new, position.title.hexes[hex_id].future_label))]


@hookimpl
def trainrun_track_kept(position: Position, hex_id: str, old, old_rotation: int, new,
                        rotation: int) -> bool | None:
    """A town becoming a city keeps the track when each old path has a new path with the
    same exits (the town is replaced, so the shared test, which keeps towns, does not
    apply)."""
    if TOWN_TO_CITY.get(old.name) != new.name:
        return None
    mine = path_exits(new, rotation)
    return all(e in mine for e in path_exits(old, old_rotation))


# The Albany Iron Works private (engine ``G18NY::Step::SpecialTrack``, ``upgrade_cost``,
# ``border_cost_discount``) lays one tile for its company, in place of one of the company's
# lays, only where that lay pays for water: on a hex whose tile has a water cost (each 18NY
# hex has one terrain) or across a water border it first crosses (every costed border of
# 18NY is a river). It takes up to $80 off the water: off the hex's terrain, so the
# terrain no longer replaces the $20 but pays it too, and off each river border crossed.
ALBANY_IRON_WORKS, BRIDGE_DISCOUNT, WATER = "Albany Iron Works", 80, "water"


def _bridging(position: Position) -> bool:
    turn = position.turn
    return turn.step == "SpecialTrack" and turn.entity == ALBANY_IRON_WORKS


@hookimpl
def trainrun_terrain_cost(position: Position, hex_id: str, old) -> int:
    if not old.terrain_cost:
        return 0
    discount = (min(old.terrain_cost, BRIDGE_DISCOUNT)
                if _bridging(position) and WATER in old.terrains else 0)
    return old.terrain_cost - FEE - discount


@hookimpl
def trainrun_border_cost(position: Position, hex_id: str, edge: int, cost: int) -> int:
    return cost - min(cost, BRIDGE_DISCOUNT) if _bridging(position) else cost


@hookimpl
def trainrun_rotation_refusal(position: Position, hex_id: str, tile, rotation: int) -> str | None:
    if hex_id == NEW_YORK_CITY and tile.name in NEW_YORK_CITY_FIXED and rotation != 0:
        return f"tile {tile.name} lies on J20 at rotation 0 only"
    if (_bridging(position) and WATER not in position.board[hex_id].tile.terrains
            and not crossed_borders(position, hex_id, tile, rotation)):
        return f"{ALBANY_IRON_WORKS} lays only a tile that pays for water (a river or bridge)"
    return None


@hookimpl
def trainrun_lay_budget(position: Position) -> float:
    """A company short of cash takes loans to pay for track (engine ``try_take_loan``): it
    may pay its cash plus $50 for each loan it may still take, ``title_state.loans_left``
    (the game-log replay states it for the minors, ``money``); without it, no limit."""
    left = position.title_state.get("loans_left")
    return math.inf if left is None else (position.turn.cash or 0) + left * _money.LOAN


@hookimpl
def trainrun_replay_rules() -> ReplayRules:
    """Home tokens when a company first operates; the connection-bonus and coal markers on
    the board from the start (``replay``)."""
    return ReplayRules(markers=_replay.setup_markers())


@hookimpl
def trainrun_replay_action(replay: ReplayState, action: dict) -> bool | None:
    """Markers claimed, mergers and the NYC formation (``replay`` module)."""
    return _replay.replay_action(replay, action)


@hookimpl
def trainrun_replay_round(replay: ReplayState, action: dict) -> str | None:
    """A corporation's shares issued or redeemed in its president's stock-round turn
    (``replay`` module)."""
    return _replay.round_of(replay, action)
