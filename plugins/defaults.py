"""The shared 18xx.games engine rules (docs/rules/common.md), registered before every title.

A title plugin overrides a ``firstresult`` hook by answering it, and falls back
to these answers by returning ``None``.
"""
from __future__ import annotations

import dataclasses
import math

from trainrun.board.position import CityTokens, Position, Train
from trainrun.board.tiles import Node, Tile
from trainrun.board.turnstate import LayRight
from trainrun.errors import InputError
from trainrun.hooks.replayrules import ReplayRules
from trainrun.hooks.rules import CompanyBonus, TrainRules
from trainrun.routes import families
from trainrun.turn.abilities import border_discount, terrain_discount
from trainrun.turn.lays import (
    LayRules,
    default_special_upgrades_to,
    default_upgrades_to,
    future_label,
)
from trainrun.turn.special_token import token_ability_of
from trainrun.turn.special_track import special_lay
from trainrun.turn.token_stock import token_stock, tokens_left
from trainrun.turn.tokens import tokens_on_board

from .hookspecs import hookimpl

UNLIMITED = 99  # the engine writes unlimited distances as 99 or 999


def rules_from_distance(train: Train) -> TrainRules:
    """Read an engine distance: a number n, or rows ``{nodes, pay, visit, multiplier}``.

    Two limited rows, one's kinds inside the other's and every visited stop paying (1847
    AE's 3+3: three towns, and three cities, off-boards or towns), are a limit on all the
    visits and a ``cap`` on the kinds only the wider row takes (engine ``check_distance``
    fills the rows of fewer kinds first)."""
    distance = train.distance
    if isinstance(distance, int):
        if distance >= UNLIMITED:
            return TrainRules(distance="unlimited")
        return TrainRules(distance="stops", limit=distance)
    stop_cost, multiplier, pay_limit, limited = {}, {}, None, []
    try:
        for row in distance:
            kinds, visit, pay = row["nodes"], row["visit"], row["pay"]
            for kind in kinds:
                multiplier[kind] = row.get("multiplier", 1) if pay > 0 else 0
                stop_cost[kind] = 0 if visit >= UNLIMITED else 1
            if visit < UNLIMITED:
                limited.append((frozenset(kinds), visit, pay))
            if 0 < pay < visit:
                pay_limit = pay
    except (KeyError, TypeError):
        raise InputError(f"train {train.id}", f"malformed distance {distance!r}") from None
    if not limited:
        return TrainRules(distance="unlimited", stop_cost=stop_cost, pay_limit=pay_limit,
                          multiplier=multiplier)
    if len(limited) == 1:
        return TrainRules(distance="stops", limit=limited[0][1], stop_cost=stop_cost,
                          pay_limit=pay_limit, multiplier=multiplier)
    (narrow, v1, p1), (wide, v2, p2) = sorted(limited, key=lambda row: len(row[0]))[:2]
    if len(limited) > 2 or not narrow < wide or p1 != v1 or p2 != v2:
        raise InputError(f"train {train.id}", "a distance whose limited rows are not two "
                         "nested rows that pay every visit is not modelled")
    return TrainRules(distance="stops", limit=v1 + v2, stop_cost=stop_cost,
                      multiplier=multiplier, cap=v2, cap_kinds=wide - narrow)


def is_h_train(train: Train) -> bool:
    """An H train (2H, 12H): its card name is a number followed by H."""
    return train.name.endswith("H") and train.name[:-1].isdigit()


def h_train_rules(train: Train, hex_touch_cost: dict | None = None) -> TrainRules | None:
    """How an H train runs, for titles that have them (1871, 18NY): at most n hex edges
    crossed, n its distance, every visited stop scoring; ``hex_touch_cost`` adds to the
    count for each listed hex the route touches. None for any other train; ``InputError``
    for an H train whose distance is not a number of hex edges."""
    if not is_h_train(train):
        return None
    if isinstance(train.distance, bool) or not isinstance(train.distance, int):
        raise InputError(f"train {train.id}", f"an H train's distance is a number of hex "
                                              f"edges, got {train.distance!r}")
    return TrainRules(distance="edges", limit=train.distance,
                      hex_touch_cost=dict(hex_touch_cost or {}))


def city_circles_by_hex(position: Position, hexes=None) -> list[frozenset[str]]:
    """One set of node ids per hex with two or more city circles (only among ``hexes`` when
    given), for ``trainrun_exclusive_stops``: a route may visit one circle of such a hex
    (18PA's one city circle per hex, 1817's New York)."""
    sets = []
    for hex_id in position.board if hexes is None else hexes:
        circles = [position.node_id(hex_id, n.index)
                   for n in position.board[hex_id].tile.nodes if n.kind == "city"]
        if len(circles) > 1:
            sets.append(frozenset(circles))
    return sets


@hookimpl
def trainrun_train_rules(position: Position, train: Train) -> TrainRules:
    rules = rules_from_distance(train)
    passes = frozenset(holder for name, holder in position.ruleset.info.trains_passing
                       if name == train.name)
    return dataclasses.replace(rules, passes=passes) if passes else rules


def default_stop_value(position: Position, train: Train, rules: TrainRules, hex_id: str,
                       node: Node) -> int:
    """The shared stop value (``trainrun_stop_value``): the node's value in the phase's
    colours (docs/rules/common.md §5.1) — for a D train its ``diesel`` value where it has
    one (engine ``RevenueCenter#route_base_revenue``) — times the train rules' multiplier
    for its kind and the train's own multiplier."""
    diesel = (node.revenue.get("diesel") if isinstance(node.revenue, dict)
              and train.name.upper() == "D" else None)
    value = node.value_in(position.colours) if diesel is None else diesel
    return value * rules.multiplier.get(node.kind, 1) * train.multiplier


def default_company_stations(position: Position) -> set[str]:
    """The shared stations (``trainrun_company_stations``): the node ids of the cities
    holding a token of the operating company."""
    company = position.company
    return {position.node_id(hex_id, index) for hex_id, placed in position.board.items()
            if placed.tokens for index, city in placed.tokens.items()
            if company in city.holders()}


@hookimpl
def trainrun_stop_value(position: Position, train: Train, rules: TrainRules, hex_id: str,
                        node: Node) -> int:
    return default_stop_value(position, train, rules, hex_id, node)


@hookimpl
def trainrun_company_stations(position: Position) -> set[str]:
    return default_company_stations(position)


@hookimpl
def trainrun_city_blocks(position: Position, hex_id: str, node: Node, tokens: CityTokens) -> bool:
    holders = tokens.holders()
    if position.company in holders:
        return False
    if any(slot is None for slot in tokens.slots):
        return False  # an empty slot, reserved or not, lets trains through
    # a neutral token lets every train through (engine City#blocks?, token type :neutral)
    return "neutral" not in holders and position.title.neutral.isdisjoint(holders)


@hookimpl
def trainrun_route_bonuses(position: Position, train: Train) -> list:
    """The route bonuses of the title's bonus families (``bonuses.json``,
    ``trainrun.routes.families``; docs/rules/common.md §9)."""
    return families.route_bonuses(position, train)


@hookimpl
def trainrun_company_bonuses(position: Position) -> list[CompanyBonus]:
    """The company bonuses of the title's bonus families (docs/rules/common.md §9)."""
    return families.company_bonuses(position)


@hookimpl
def trainrun_fixed_income(position: Position) -> int:
    return 0


@hookimpl
def trainrun_next_train(position: Position) -> str:
    named = position.title_state.get("next_train")
    if named is not None:
        if named not in position.title.trains:
            raise InputError("title_state.next_train", f"unknown train {named!r}")
        return named
    return position.phase.on or next(iter(position.title.trains))


def charter_token_price(position: Position) -> int:
    """The price printed on the operating company's charter for its next unplaced token."""
    price = token_stock(position).next_price
    if price is None:
        prices = position.title.companies[position.company].get("tokens", [0])
        raise InputError("tokens_left", f"{position.company}'s charter has {len(prices)} "
                                        f"tokens, so {tokens_left(position)} cannot be left "
                                        f"to place")
    return price


@hookimpl
def trainrun_token_cost(position: Position, hex_id: str, city: int) -> int:
    return charter_token_price(position)


@hookimpl
def trainrun_token_unreached(position: Position) -> dict[str, int]:
    return {}


@hookimpl
def trainrun_charter_tokens_placed(position: Position) -> int:
    return tokens_on_board(position)


@hookimpl
def trainrun_home_token_hexes(position: Position) -> list[str]:
    home = position.title.companies[position.company].get("home")
    return [home] if isinstance(home, str) else list(home or [])


@hookimpl
def trainrun_home_token_replaces(position: Position) -> frozenset[str]:
    return frozenset()


@hookimpl
def trainrun_special_token_own(position: Position) -> bool:
    return token_ability_of(position).from_owner


@hookimpl
def trainrun_tile_lays(position: Position) -> list[LayRight]:
    return list(position.title.tile_lays) or [LayRight()]


@hookimpl
def trainrun_lay_rules(position: Position) -> LayRules:
    return LayRules(track_restriction=position.title.track_restriction)


def default_lay_colours(position: Position, hex_id: str) -> tuple[str, ...]:
    """The shared lay colours (``trainrun_lay_colours``): the phase's colours."""
    return position.phase.colours


@hookimpl
def trainrun_lay_colours(position: Position, hex_id: str) -> tuple[str, ...]:
    return default_lay_colours(position, hex_id)


@hookimpl
def trainrun_upgrades_to(position: Position, hex_id: str, old: Tile,
                         tiles: list[Tile]) -> list[Tile]:
    return shared_upgrades_to(position, hex_id, old, tiles)


def shared_upgrades_to(position: Position, hex_id: str, old: Tile,
                       tiles: list[Tile]) -> list[Tile]:
    """Those of ``tiles`` the shared rule lets replace ``old``: for a private's ``special``
    lay the colour order and the old track only, else ``default_upgrades_to``."""
    if special_lay(position):
        return [new for new in tiles if default_special_upgrades_to(old, new)]
    return [new for new in tiles
            if default_upgrades_to(old, new, future_label(position, hex_id, old))]


@hookimpl
def trainrun_special_lay_connects(position: Position) -> bool:
    return False


@hookimpl
def trainrun_special_lay_reached_sides(position: Position) -> bool:
    return False


@hookimpl
def trainrun_special_lay_markers(position: Position, hex_id: str) -> dict[str, tuple[str, ...]]:
    return {}


# a costed border whose terrain the map does not name (``Tile.border_types``)
BORDER_TERRAIN = "water"


@hookimpl
def trainrun_border_cost(position: Position, hex_id: str, edge: int, cost: int) -> int:
    mh = position.title.hexes[hex_id]
    kind = mh.printed.border_types.get((edge - mh.printed_rotation) % 6, BORDER_TERRAIN)
    return cost - border_discount(position, hex_id, kind, cost)


@hookimpl
def trainrun_terrain_cost(position: Position, hex_id: str, old: Tile) -> int:
    return old.terrain_cost - terrain_discount(position, hex_id, old.terrains, old.terrain_cost)


def default_lay_budget(position: Position) -> float:
    """The shared lay budget (``trainrun_lay_budget``): the turn's cash, ``math.inf``
    when the position states none."""
    return math.inf if position.turn.cash is None else position.turn.cash


@hookimpl
def trainrun_lay_budget(position: Position) -> float:
    return default_lay_budget(position)


@hookimpl
def trainrun_replay_rules() -> ReplayRules | None:
    return None   # a title whose logs trainrun cannot replay faithfully says nothing
