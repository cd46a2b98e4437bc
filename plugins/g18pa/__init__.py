"""18PA: the rulebook's revenue rules (docs/rules/18pa.md).

The 18xx.games engine is prealpha and implements none of 18PA's bonuses, so
the rulebook is followed throughout:

* Trains 2, 3, 3(NYC), 4, 5 and 2R count cities and off-map areas; towns are
  free and score (train data, docs/rules/18pa.md §2.1). 3D: as a 3, towns score nothing,
  cities and off-map areas doubled (train data: city row multiplier 2, town pay 0).
  A 2R is just one more train of the company; nothing limits the number of trains.
* x2 destination tokens (docs/rules/18pa.md §5.1): the token of B&O in Columbus K2, B&A
  in Albany D17, ERIE in Buffalo C2, PRR in Pittsburgh I2, a token of its
  company in the destination city on the board. Inactive, it blocks other
  companies (an ordinary token) but is no station of its owner and does not
  block it (docs/rules/18pa.md §4.2). Active (``title_state.destinations_active``),
  it is a station and doubles the location's face value on each of the
  company's routes (x4 with a 3D). ``destination_connected`` says whether an
  unblocked route now links the home token and the destination.
* Station-token bonus (docs/rules/18pa.md §5.2): +$10 (phases 3, 4), $20 (5), $30 (3D) per
  station of the company on the route, never doubled (a stop bonus added after
  the multipliers). Every city on the 18PA map is worth more than 0 in every
  phase, so the bonus is paid for every station on the route.
* Mining rights (docs/rules/18pa.md §5.3): +$40 once per run if the company is listed in
  ``title_state.mining_rights`` and a train other than a 3D visits Scranton G12.
* One city circle per hex on a route (docs/rules/18pa.md §4.1): the circles of BOS, EWR, NYC
  and PHI (yellow, green) form exclusive sets.
* Fall River ferry (docs/rules/18pa.md §5.4): the map data draws it as narrow-gauge track
  G26-H25 with a town on H25 (the engine's model, docs/rules/18pa.md §6). Here H25
  is plain track e1-e3, no stop, and G26 plain track e0-e3, both of the broad
  gauge of H23 and Providence (narrow track would not join them), while the ferry
  is open (H23 holds a #9 and the phase is before 5); otherwise H25 holds no
  track and G26 its printed narrow track, which joins nothing. A ferry route therefore
  always links Islip H21 and Providence F27, the stops on either side, costs no
  distance, and earns +$20 (phase 2) or +$10 (phases 3, 4) as a bonus on hex H25.
* Laying track (docs/rules/18pa.md §8): the ferry's ocean hexes H25 and G26 take no tile;
  H23 takes the #9 of private #5 (company ``5``) only, and only before phase 5, when the
  ferry closes. Pre-NYC and local companies (the minors) lay yellow and upgrade yellow to
  green only, and only where nothing is charged (a lay budget of 0).
* Passing through an off-map area (docs/rules/18pa.md §4.3): by default the engine's model, so a
  route may pass through Washington M8 (a city with two exits) when city blocking
  allows; ``options.offmap_pass_through: false`` lets routes only end at off-map areas.
* Data: ``data/`` is ``tools/compile_title.py`` output of the engine's 18PA but for one
  thing: ``map.json`` leaves out where E22 and H19 draw their towns and cities (``loc``),
  so the engine's overlap check for towns drawn off-centre (docs/rules/common.md §3.7)
  does not stop routes through E22's towns, which the rulebook lets any train pass
  (docs/rules/18pa.md §6).
"""
from __future__ import annotations

from pathlib import Path

from trainrun.plugins.api import (
    CityTokens,
    CompanyBonus,
    InputError,
    Node,
    PlacedHex,
    Position,
    RouteBonus,
    TitleInfo,
    Train,
    TrainRules,
    city_circles_by_hex,
    default_company_stations,
    default_lay_budget,
    default_lay_colours,
    default_stop_value,
    hookimpl,
    node_hex,
    tile_from_dict,
    tokens_on_board,
)

from .destinations import DESTINATIONS, active_destination, destination_connected

__all__ = ["DESTINATIONS", "destination_connected"]

TOKEN_BONUS = {"2": 0, "3": 10, "4": 10, "5": 20, "3D": 30}    # docs/rules/18pa.md §5.2
FERRY_BONUS = {"2": 20, "3": 10, "4": 10}                      # docs/rules/18pa.md §5.4
MINING_RIGHTS = 40                                             # docs/rules/18pa.md §5.3
SCRANTON = "G12-0"
FERRY_HEX, FERRY_LANDING, FERRY_LINE = "H25", "H23", "G26"
FERRY_PRIVATE = "5"                           # lays the #9 in H23 (docs/rules/18pa.md §5.4)
MINOR_COLOURS = ("yellow", "green")           # docs/rules/18pa.md §8
STATE_KEYS = {"destinations_active", "mining_rights", "next_train"}   # next_train: shared
OPTION_KEYS = {"offmap_pass_through"}

_FERRY_OPEN = tile_from_dict(FERRY_HEX, {"color": "blue", "paths": [{"a": "e1", "b": "e3"}]})
_FERRY_CLOSED = tile_from_dict(FERRY_HEX, {"color": "blue"})
_FERRY_LINE_OPEN = tile_from_dict(FERRY_LINE, {"color": "blue", "paths": [{"a": "e0", "b": "e3"}]})


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="18PA", data=Path(__file__).parent / "data",
                     description="Pennsylvania and the North-East; x2 destinations, 3D, "
                                 "station bonuses, mining rights, Fall River ferry")


def ferry_open(position: Position) -> bool:
    """The ferry may be used: a #9 lies in H23 and phase 5 has not begun
    (docs/rules/18pa.md §5.4)."""
    return (position.board[FERRY_LANDING].tile.name == "9"
            and position.phase.name in FERRY_BONUS)


def _state_symbols(position: Position, key: str, allowed) -> frozenset:
    value = position.title_state.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise InputError(f"title_state.{key}", f"expected a list of company symbols, got "
                                               f"{value!r}")
    for sym in value:
        if sym not in allowed:
            raise InputError(f"title_state.{key}", f"{sym!r} is not one of "
                                                   f"{', '.join(sorted(allowed))}")
    return frozenset(value)


@hookimpl
def trainrun_prepare_board(position: Position) -> None:
    unknown = set(position.title_state) - STATE_KEYS
    if unknown:
        raise InputError(f"title_state.{sorted(unknown)[0]}",
                         f"unknown field (expected one of {', '.join(sorted(STATE_KEYS))})")
    active = _state_symbols(position, "destinations_active", DESTINATIONS)
    for sym in sorted(active):
        hex_id = DESTINATIONS[sym]
        if not any(sym in city.holders() for city in position.board[hex_id].tokens.values()):
            raise InputError("title_state.destinations_active",
                             f"{sym} has no x2 token in its destination {hex_id}")
    _state_symbols(position, "mining_rights", set(position.title.companies))
    for key, value in position.options.items():
        if key not in OPTION_KEYS:
            raise InputError(f"options.{key}", f"unknown option (expected one of "
                                               f"{', '.join(sorted(OPTION_KEYS))})")
        if not isinstance(value, bool):
            raise InputError(f"options.{key}", f"expected true or false, got {value!r}")
    if ferry_open(position):
        position.board[FERRY_HEX] = PlacedHex(FERRY_HEX, _FERRY_OPEN, 0)
        position.board[FERRY_LINE] = PlacedHex(FERRY_LINE, _FERRY_LINE_OPEN, 0)
    else:
        position.board[FERRY_HEX] = PlacedHex(FERRY_HEX, _FERRY_CLOSED, 0)


@hookimpl
def trainrun_stop_value(position: Position, train: Train, rules: TrainRules, hex_id: str,
                        node: Node) -> int:
    value = default_stop_value(position, train, rules, hex_id, node)
    if node.kind == "city" and active_destination(position) == position.node_id(hex_id,
                                                                          node.index):
        value *= 2                                  # docs/rules/18pa.md §5.1 (x4 with a 3D)
    return value


@hookimpl
def trainrun_company_stations(position: Position) -> set[str]:
    stations = default_company_stations(position)
    hex_id = DESTINATIONS.get(position.company)
    if hex_id is not None and active_destination(position) is None:
        stations -= {s for s in stations if node_hex(s) == hex_id}  # inactive x2
    return stations


@hookimpl
def trainrun_charter_tokens_placed(position: Position) -> int:
    placed = tokens_on_board(position)
    hex_id = DESTINATIONS.get(position.company)
    if hex_id is not None and any(position.company in city.holders()
                                  for city in position.board[hex_id].tokens.values()):
        placed -= 1             # the x2 token is not one of the charter's (docs/rules/18pa.md §8)
    return placed


def _minor(position: Position) -> bool:
    return position.title.companies.get(position.company, {}).get("type") == "minor"


@hookimpl
def trainrun_lay_refusal(position: Position, hex_id: str) -> str | None:
    if hex_id in (FERRY_HEX, FERRY_LINE):
        return f"{hex_id} is an ocean hex of the Fall River ferry"     # docs/rules/18pa.md §8
    if hex_id == FERRY_LANDING and position.company != FERRY_PRIVATE:
        return f"only private #{FERRY_PRIVATE} lays the ferry's #9 in {hex_id}"
    if hex_id == FERRY_LANDING and position.phase.name not in FERRY_BONUS:
        return f"the ferry has closed in phase {position.phase.name}"
    return None


@hookimpl
def trainrun_lay_colours(position: Position, hex_id: str) -> tuple[str, ...]:
    colours = default_lay_colours(position, hex_id)
    if _minor(position):
        return tuple(c for c in colours if c in MINOR_COLOURS)    # docs/rules/18pa.md §8
    return colours


@hookimpl
def trainrun_lay_budget(position: Position) -> float:
    budget = default_lay_budget(position)
    return 0 if _minor(position) else budget            # no-cost lays only (docs/rules/18pa.md §8)


@hookimpl
def trainrun_city_blocks(position: Position, hex_id: str, node: Node,
                         tokens: CityTokens) -> bool | None:
    if (not position.options.get("offmap_pass_through", True)
            and position.board[hex_id].tile.color == "red"):
        return True                 # an off-map area (a city on a red hex) ends a route
    return None                     # the shared blocking rule


@hookimpl
def trainrun_route_bonuses(position: Position, train: Train) -> list[RouteBonus]:
    bonuses = []
    amount = TOKEN_BONUS.get(position.phase.name, 0)
    if amount:
        stations = trainrun_company_stations(position=position)
        bonuses.append(RouteBonus("station token", amount, stops=frozenset(stations)))
    if ferry_open(position) and FERRY_BONUS[position.phase.name]:
        bonuses.append(RouteBonus("Fall River ferry", FERRY_BONUS[position.phase.name],
                                  hexes=frozenset({FERRY_HEX})))
    return bonuses


@hookimpl
def trainrun_company_bonuses(position: Position) -> list[CompanyBonus]:
    if position.company not in position.title_state.get("mining_rights", []):
        return []
    return [CompanyBonus("mining rights", MINING_RIGHTS, stops=frozenset({SCRANTON}),
                         trains=frozenset(n for n in position.title.trains if n != "3D"))]


@hookimpl
def trainrun_exclusive_stops(position: Position) -> list[frozenset[str]]:
    return city_circles_by_hex(position)


@hookimpl
def trainrun_board_marks(position: Position) -> list[tuple[str, str]]:
    """Each x2 token on the board (docs/rules/18pa.md §5.1), active or not."""
    active = position.title_state.get("destinations_active", [])
    return [(hex_id, f"x2 {sym}" + ("" if sym in active else " (inactive)"))
            for sym, hex_id in sorted(DESTINATIONS.items())
            if any(sym in city.holders() for city in position.board[hex_id].tokens.values())]
