"""1817: plain n-trains, coal mines, bridges, New York's two cities (docs/rules/1817.md).

* Trains 2, 2+, 3-8 count and score every visited city, town and off-board (the
  shared numeric distance; 2+ has distance 2 in the train data). Off-board values
  by phase, Cleveland's gray city and Toronto (a gray town, docs/rules/1817.md §3) come from
  the tile data through the shared phase-value rule (docs/rules/common.md §5.1).
* New York E22: a route may visit only one of its cities (docs/rules/1817.md §4.1), as it
  may visit one city of any hex with two.
* Coal mines: +$10 per ``mine`` hex whose track the route uses (docs/rules/1817.md §5.1). A
  mine lies on a #7/#8/#9 tile, which has no stop, so a route can never start or
  end there; a ``mine`` marker on a hex with a stop is rejected.
* Ranches (Volatility expansion, docs/rules/1817.md §5.2): like mines,
  +$10 per ``ranch`` hex whose track the route uses.
* Bridges: +$10 per stop at a city on a ``bridge`` hex (Louisville H3,
  Cincinnati G6, Charleston H9: the bridge companies' hexes, ``bridge_hexes``), for every
  company.
* Option ``modern_trains`` (``"options": {"modern_trains": true}``): 7-trains
  earn +$10 and 8-trains +$20 for each visited city holding the company's token.
* Mail contracts are company income, not run revenue (docs/rules/1817.md §5.5): given as
  ``"title_state": {"mail_contracts": ["Mail"]}`` (Minor Mail $10, Mail $15,
  Major Mail $20) they are reported beside the run and never in its total; paid
  only if the company has a train.

Station tokens (engine ``G1817``): a company's tokens come with its size (2, 5 or 10
shares) and cost nothing to place; a new company chooses its home among all the cities
with a slot it may take (engine ``home_token_locations``).

Corpus lines record a mail contract only as an ability without its size, so
they carry none. Other markers do not affect runs.

Game logs replay (``replay``): the rounds told apart, privates put into corporations,
their mine, ranch and bridge markers, sizes and tokens, conversions, mergers,
acquisitions and liquidations; 1817NA and 18DE register the same replay hooks, the
privates read from their own data.
"""
from __future__ import annotations

from pathlib import Path

from trainrun.plugins.api import (
    InputError,
    LayRight,
    LayRules,
    Position,
    ReplayRules,
    ReplayState,
    RouteBonus,
    TitleInfo,
    Train,
    city_circles_by_hex,
    default_company_stations,
    hookimpl,
)

from . import replay as _replay
from . import special_lays

TRACK_MARKERS = {"mine": "coal mine", "ranch": "ranch"}   # +$10 per marked hex used
TRACK_MARKER_BONUS = 10
BRIDGE_BONUS = 10
MODERN_TRAIN_BONUS = {"7": 10, "8": 20}
MAIL_CONTRACTS = {"Minor Mail": 10, "Mail": 15, "Major Mail": 20}
TRAIN_NAMES = ("2", "2+", "3", "4", "5", "6", "7", "8")


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="1817", data=Path(__file__).parent / "data",
                     description="Northeast US; trains 2-8, coal mines, bridges, loans")


def _marked(position: Position, marker: str) -> list[str]:
    return sorted(h for h, placed in position.board.items() if marker in placed.markers)


def bridge_hexes(position: Position) -> list[str]:
    """The hexes a bridge may be on: those the bridge companies' ``assign_hexes`` name
    (1817: Louisville H3, Cincinnati G6, Charleston H9; privates.json)."""
    return sorted({h for private in position.title.privates.values()
                   for a in private.get("abilities", ()) if a.get("type") == "assign_hexes"
                   for h in a.get("hexes", ())})


def _bridge_stops(position: Position) -> list[str]:
    """The city nodes of hexes with a ``bridge`` marker."""
    return [position.node_id(h, n.index) for h in _marked(position, "bridge")
            for n in position.board[h].tile.nodes if n.kind == "city"]


@hookimpl
def trainrun_prepare_board(position: Position) -> None:
    """Check the markers, ``options.modern_trains`` and ``title_state.mail_contracts``: a
    mine or ranch lies on track without a stop (so no route starts or ends there), a
    bridge only in one of the three river cities."""
    for marker, name in TRACK_MARKERS.items():
        for h in _marked(position, marker):
            if any(n.is_stop for n in position.board[h].tile.nodes):
                raise InputError(f"hex {h}", f"a {name} must lie on track without a stop, "
                                             f"but tile {position.board[h].tile.name} has one")
    allowed = bridge_hexes(position)
    for h in _marked(position, "bridge"):
        if h not in allowed:
            names = [f"{position.location(position.node_id(b, 0)) or b} {b}" for b in allowed]
            raise InputError(f"hex {h}", f"a bridge may only be on {', '.join(names)}")
    modern = position.options.get("modern_trains", False)
    if not isinstance(modern, bool):
        raise InputError("options.modern_trains", f"expected true or false, got {modern!r}")
    names = position.title_state.get("mail_contracts", [])
    if not isinstance(names, list) or not all(isinstance(n, str) and n in MAIL_CONTRACTS
                                               for n in names):
        raise InputError("title_state.mail_contracts",
                         f"expected a list of {', '.join(MAIL_CONTRACTS)}, got {names!r}")


@hookimpl
def trainrun_route_bonuses(position: Position, train: Train) -> list[RouteBonus]:
    bonuses = [RouteBonus(name, TRACK_MARKER_BONUS, hexes=frozenset(_marked(position, marker)))
               for marker, name in TRACK_MARKERS.items()]
    bridges = _bridge_stops(position)
    if bridges:
        bonuses.append(RouteBonus("bridge", BRIDGE_BONUS, stops=frozenset(bridges)))
    if position.options.get("modern_trains", False) and train.name in MODERN_TRAIN_BONUS:
        bonuses.append(RouteBonus("modern train", MODERN_TRAIN_BONUS[train.name],
                                  stops=frozenset(default_company_stations(position))))
    return [b for b in bonuses if b.stops or b.hexes]


@hookimpl
def trainrun_exclusive_stops(position: Position) -> list[frozenset[str]]:
    """No hex visited twice (engine ``revenue_for``): a route visits one city of a hex
    with two (New York E22; docs/rules/1817.md §4.1)."""
    return city_circles_by_hex(position)


@hookimpl
def trainrun_company_income(position: Position) -> list[tuple[str, int]]:
    if not position.trains:
        return []
    return [(f"{n} contract", MAIL_CONTRACTS[n])
            for n in position.title_state.get("mail_contracts", [])]


@hookimpl
def trainrun_token_cost(position: Position, hex_id: str, city: int) -> int:
    return 0     # tokens are paid for with the company's size, never when placed


@hookimpl
def trainrun_home_token_hexes(position: Position) -> list[str]:
    return sorted(h for h, placed in position.board.items()
                  if any(n.kind == "city" for n in placed.tile.nodes))


# Lays (engine ``TILE_LAYS``, ``TILE_UPGRADES_MUST_USE_MAX_EXITS``, Track step): two lays,
# the second $20, on another hex and not a second upgrade; a city hex takes only the tiles
# with the most exits of their colour; a mine or ranch hex keeps its tile. The Express
# Track and Efficient privates' fees reach trainrun as the position's ``turn.next_lay``.
# The Ohio and Union Bridge Companies' $10 off water (``tile_discount``) and the privates'
# own lays (``tile_lay``) are their data's (data/privates.json), read by the shared rules.
LAYS = [LayRight(True, True),
        LayRight(True, "not_if_upgraded", cost=20, cannot_reuse_same_hex=True)]


@hookimpl
def trainrun_tile_lays(position: Position) -> list[LayRight]:
    return LAYS


@hookimpl
def trainrun_lay_rules(position: Position) -> LayRules:
    return LayRules(max_exits=("cities",))


@hookimpl
def trainrun_lay_refusal(position: Position, hex_id: str) -> str | None:
    marked = {"mine", "ranch"} & set(position.board[hex_id].markers)
    if marked:
        return f"{hex_id} holds a {sorted(marked)[0]} and is never upgraded"
    return special_lays.hex_refusal(position, hex_id)


@hookimpl
def trainrun_special_lay_reached_sides(position: Position) -> bool:
    """A mine or ranch private lays from the sides the company reaches (``special_lays``)."""
    return special_lays.placing_marker(position)


@hookimpl
def trainrun_special_lay_markers(position: Position, hex_id: str) -> dict[str, tuple[str, ...]]:
    """A mine private leaves a mine, a ranch private a ranch; the city-tile private's lay
    takes the ranches beside it off (``special_lays``)."""
    return special_lays.markers_after(position, hex_id)


@hookimpl
def trainrun_rotation_refusal(position: Position, hex_id: str, tile, rotation: int) -> str | None:
    """A mine or ranch tile points at a neighbouring stop (``special_lays``)."""
    return special_lays.rotation_refusal(position, hex_id, tile, rotation)


@hookimpl
def trainrun_replay_rules() -> ReplayRules:
    """A corporation chooses its home: its first token, in any city with a slot for it;
    after every operating round the bank exports its next train, every 2 left when the
    next is a 2 (engine ``or_round_finished``)."""
    return ReplayRules(home_token_timing="choose", exported=tuple(TRAIN_NAMES),
                       export_each="round", export_all=("2",))


@hookimpl
def trainrun_replay_round(replay: ReplayState, action: dict) -> str | None:
    """Stock, operating, merger and acquisition rounds told apart (``replay`` module)."""
    return _replay.round_of(replay, action)


@hookimpl
def trainrun_replay_action(replay: ReplayState, action: dict) -> bool | None:
    """Privates, markers, sizes, conversions, mergers and acquisitions (``replay``
    module)."""
    return _replay.replay_action(replay, action)
