"""18NY game logs replayed (``trainrun.replay.gamelog``): markers, mergers and the NYC (engine
``G18NY::Game``, its ``Route``, ``AcquireCorporation``, ``ReplaceTokens`` and
``MergeWithNYC`` steps).

* Setup: a ``connection_bonus`` marker on the first hex of each bonus location, a ``coal``
  marker on the last hex of each coal location.
* A ``run_routes`` claims the marker of every stop hex of its routes that holds one (a DE
  train: among its paying stops only), each stop once per route, as the engine does: the
  marker leaves the board and the company's ``connection_bonus_revenue`` grows by $10.
* ``claim_hex_token`` (coal, recorded by the engine as an automatic action) takes the coal
  marker off its location; the company's ``coal_revenue`` grows by $10.
* ``buy_train``: a company other than the buyer left without trains loses its connection
  bonuses. The first 12H bought closes the privates: their reservations leave the board.
* ``merge`` of another corporation (a merger or takeover): the acquired company's trains,
  privates and coal income go to the buyer (never its connection bonuses); its tokens in
  cities where the buyer has one are removed; each ``remove_token`` that follows puts a
  buyer's token in place of one of the acquired's; on the buyer's next other action the
  acquired company closes and its remaining tokens leave the board.
* ``sell_shares`` of a share company: whether its price reached $0 and it closed, settled
  from the rest of the log (``closing``, docs/rules/18ny.md §11).
* ``merge`` of a minor into the NYC (the formation rounds, at the end of the set of
  operating rounds in which the first 12H train is bought or track joins Albany and
  Buffalo): the minor's trains, privates and coal income go to the NYC, which gains a
  token, and the minor's home token becomes the NYC's (removed where the NYC already has a
  token on that hex), while the NYC has a treasury share to exchange (``nycshares``); for
  a share from the market its assets go to the bank. At the end of the second formation
  round (the end of the next set of operating rounds) every minor left is liquidated: its
  tokens leave the board. When the formation starts, the minors not yet started (none of
  their tokens placed) close, their reservations with them.
"""
from __future__ import annotations

from typing import Any, TypedDict

from trainrun.plugins.api import InputError, ReplayState, answers

from . import closing, money, nycshares
from .markers import (
    COAL,
    COAL_LOCATIONS,
    CONNECTION_BONUS,
    CONNECTION_BONUS_HEXES,
    INCOME,
    INCOME_KEYS,
)

CLAIM = 10                   # each connection bonus or coal token claimed pays this per run
NYC, FORMATION_TRAIN = nycshares.NYC, "12H"


def setup_markers() -> dict[str, tuple[str, ...]]:
    markers: dict[str, tuple[str, ...]] = {h: (CONNECTION_BONUS,) for h in CONNECTION_BONUS_HEXES}
    for location in COAL_LOCATIONS:
        markers[location[-1]] = markers.get(location[-1], ()) + (COAL,)
    return markers


class Books(TypedDict):
    """This title's bookkeeping on a replay (``ReplayState.books``)."""

    acquisition: tuple[str, str] | None   # (buyer, acquired) while tokens are replaced
    formation_set: int | None     # the set of operating rounds the NYC's formation began in
    nyc_shares: nycshares.NycShares   # the NYC's treasury and market shares
    liquidated: bool              # the minors left are liquidated
    privates_closed: bool         # the first 12H closed the privates
    closings: closing.Closings    # the corporations closed at a share price of $0


def _new_books(replay: ReplayState) -> Books:
    return {"acquisition": None, "formation_set": None, "nyc_shares": nycshares.new_shares(),
            "liquidated": False, "privates_closed": False, "closings": closing.new_closings()}


def _state(replay: ReplayState) -> Books:
    """This title's bookkeeping on the replay."""
    return replay.books(_new_books)


def _earn(replay: ReplayState, company: str, key: str, amount: int = CLAIM) -> None:
    held = replay.title_state.get(company, {}).get(key, 0)
    replay.set_title_state(company, {key: held + amount}, blank=dict.fromkeys(INCOME_KEYS, 0))


def _take_marker(replay: ReplayState, hex_id: str, marker: str) -> None:
    replay.set_markers(hex_id, tuple(m for m in replay.board[hex_id].markers if m != marker))


def replay_action(replay: ReplayState, action: dict) -> bool | None:
    state = _state(replay)
    closes = closing.closing_sale(state["closings"], replay, action)
    kind: str = action["type"]
    company: Any = action.get("entity")   # as logged
    pending = state["acquisition"]
    if pending and not (kind == "remove_token" and company == pending[0]):
        _close(replay, pending[1])
        state["acquisition"] = None
    _formation_events(replay, state, action)
    money.before(replay, action)
    if kind == "run_routes":
        _claim_connection_bonuses(replay, replay.operator(action), action)
        money.run(replay, replay.operator(action), action)
    elif kind == "lay_tile":
        money.lay_tile(replay, action)
    elif kind == "take_loan":
        money.take_loan(replay, replay.operator(action))
    elif kind in ("scrap_train", "buy_company"):
        getattr(money, kind)(replay, action)
        return None
    elif kind == "claim_hex_token":
        _claim_hex_token(replay, replay.operator(action), action)
    elif kind == "merge":
        _merge(replay, state, action)
    elif kind == "remove_token":
        _remove_token(replay, state, action)
    elif kind == "buy_train":
        _buy_train(replay, action)
    elif kind != "destination_connection":
        if kind == "pass" and action.get("entity_type") == "corporation":
            money.track_done(replay, company)
        if kind in ("buy_shares", "sell_shares"):
            nycshares.trade(state["nyc_shares"], action)
        if closes:
            closing.close(state["closings"], replay, closes)
        return None
    return True


def round_of(replay: ReplayState, action: dict) -> str | None:
    """``none`` for a corporation's ``buy_shares`` or ``sell_shares`` (a redemption, an
    issue) in a stock round: its president's turn (engine ``G18NY::Step::BuySellParShares``
    ``corporate_actions``), no operating turn; else the shared replay decides."""
    if (action["type"] in ("buy_shares", "sell_shares") and not replay.in_operating_rounds
            and action.get("entity_type") == "corporation"):
        return "none"
    return None


def _buy_train(replay: ReplayState, action: dict) -> None:
    """A purchase; a company other than the buyer left without trains (rusted, or sold
    its last) loses its connection bonuses."""
    buyer = replay.operator(action)
    had = {c for c, trains in replay.trains.items() if trains and c != buyer}
    money.buy_train(replay, action, lambda: replay.buy_train(action))
    for company in had:
        if not replay.trains.get(company) and company in replay.title_state:
            replay.set_title_state(company, {INCOME[CONNECTION_BONUS]: 0})


def _formation_events(replay: ReplayState, state: Books, action: dict) -> None:
    """The formation starts with the first 12H bought or when track joins Albany and
    Buffalo (``destination_connection``, recorded by the engine); the minors left after the next set
    of operating rounds are liquidated before the stock round that follows it."""
    triggers = action["type"] == "destination_connection" or (
        action["type"] == "buy_train"
        and str(action.get("train", "")).rpartition("-")[0] == FORMATION_TRAIN)
    if action["type"] == "buy_train" and not state["privates_closed"] and str(
            action.get("train", "")).rpartition("-")[0] == FORMATION_TRAIN:
        state["privates_closed"] = True   # the privates close: their reservations go
        money.close_privates(replay)
        for placed in list(replay.board.values()):
            for city in placed.tokens.values():
                for holder in list(city.reserved):
                    if holder not in replay.title.companies:
                        replay.remove_reservations(holder)
    if triggers and state["formation_set"] is None:
        state["formation_set"] = replay.round_set
        for minor in _minors(replay):   # no more minors start: those not started close
            if minor not in replay.homed:
                _close(replay, minor)
    if (state["formation_set"] is not None and not state["liquidated"]
            and action.get("entity_type") == "player" and not replay.in_operating_rounds
            and replay.round_set > state["formation_set"]):
        state["liquidated"] = True
        for minor in _minors(replay):
            _close(replay, minor)


def _minors(replay: ReplayState) -> list[str]:
    return [c for c, charter in replay.title.companies.items() if charter.get("type") == "minor"]


def _paying_stops(replay: ReplayState, company: str, route: dict) -> list[str]:
    nodes = route.get("nodes")
    if not isinstance(nodes, list) or not all(isinstance(n, str) and "-" in n for n in nodes):
        raise InputError("routes", f"expected each route's nodes as 'HEX-i', got {nodes!r}")
    for n in nodes:
        if n.rpartition("-")[0] not in replay.board:
            raise InputError("routes", f"unknown hex in node {n!r}")
    train = next((t for t in replay.trains.get(company, []) if t.id == route.get("train")), None)
    if train is None:
        raise InputError("routes", f"{company} holds no train {route.get('train')!r}")
    if not train.name.endswith("DE"):
        return nodes
    # DE: the stops holding the company's token or on a red hex, the best ``pay`` of them
    # (engine ``compute_stops``; its connection bonuses count in the choice)
    position = replay.position(company)
    stations = answers.stations(position)

    def value(node_id: str) -> int:
        hex_id, _, index = node_id.rpartition("-")
        placed = position.board[hex_id]
        node = next((n for n in placed.tile.nodes if n.index == int(index)), None)
        if node is None:
            raise InputError("routes", f"no node {node_id!r} on the board")
        bonus = CLAIM if CONNECTION_BONUS in placed.markers else 0
        return answers.stop_value(position, train, hex_id, node) + bonus
    counted = [n for n in nodes if n in stations or
               position.board[n.rpartition("-")[0]].tile.color == "red"]
    if not any(n in stations for n in nodes):
        return []
    pay = train.distance[0]["pay"] if isinstance(train.distance, list) else len(counted)
    ranked = sorted(range(len(counted)), key=lambda j: (-value(counted[j]), j))[:pay]
    return [counted[j] for j in sorted(ranked)]


def _claim_connection_bonuses(replay: ReplayState, company: str, action: dict) -> None:
    claims = [n.rpartition("-")[0] for route in action.get("routes") or ()
              for n in dict.fromkeys(_paying_stops(replay, company, route))]
    claims = [h for h in claims if CONNECTION_BONUS in replay.board[h].markers]
    for hex_id in claims:   # every claim pays, as in the engine, even a hex claimed twice
        _take_marker(replay, hex_id, CONNECTION_BONUS)
        _earn(replay, company, INCOME[CONNECTION_BONUS])


def _claim_hex_token(replay: ReplayState, company: str, action: dict) -> None:
    if action.get("token_type") != COAL:
        raise InputError("token_type", f"trainrun replays coal claims only, not "
                                       f"{action.get('token_type')!r}")
    location = next((loc for loc in COAL_LOCATIONS if action.get("hex") in loc), None)
    if location is None or not any(COAL in replay.board[h].markers for h in location):
        raise InputError("hex", f"no coal token to claim at {action.get('hex')!r}")
    for hex_id in location:
        _take_marker(replay, hex_id, COAL)
    _earn(replay, company, INCOME[COAL])


def _transfer(replay: ReplayState, seller: str, buyer: str) -> None:
    """Trains, privates and coal income of ``seller`` to ``buyer``; connection bonuses
    never move."""
    replay.take_trains(seller, buyer)
    for private, owner in list(replay.owners.items()):
        if owner == seller:
            replay.set_owner(private, buyer)
    income = replay.drop_title_state(seller)
    if income.get(INCOME[COAL]):
        _earn(replay, buyer, INCOME[COAL], income[INCOME[COAL]])


def _close(replay: ReplayState, company: str) -> None:
    replay.close(company)
    replay.drop_title_state(company)


def _merge(replay: ReplayState, state: Books, action: dict) -> None:
    company: Any = action.get("entity")   # as logged
    other = action.get("corporation")
    if not isinstance(other, str) or other not in replay.title.companies:
        raise InputError("corporation", f"unknown company {other!r} in 18NY")
    if other == company:
        _merge_into_nyc(replay, state, company)
        return
    _transfer(replay, other, company)
    mine = {city for city in replay.cities_of(company)}
    for hex_id, city in replay.cities_of(other):
        if (hex_id, city) in mine:
            replay.replace_token(hex_id, city, other, None)
    state["acquisition"] = (company, other)


def _remove_token(replay: ReplayState, state: Books, action: dict) -> None:
    company = action.get("entity")
    if not state["acquisition"] or state["acquisition"][0] != company:
        raise InputError("remove_token", "no merger of this company is replacing tokens")
    other = state["acquisition"][1]
    city_id = str(action.get("city"))
    tile_id, _, index = city_id.rpartition("-")
    if not index.isdigit():
        raise InputError("city", f"expected a city id such as '14-0-0', got {city_id!r}")
    replay.replace_token(replay.hex_of_tile(tile_id, action), int(index), other, company)


def _merge_into_nyc(replay: ReplayState, state: Books, minor: str) -> None:
    if replay.title.companies[minor].get("type") != "minor":
        raise InputError("corporation", f"{minor} is not a minor: only minors merge into the NYC")
    if not nycshares.exchange(state["nyc_shares"]):   # a market share: assets to the bank
        _close(replay, minor)
        return
    replay.set_extra_tokens(NYC, replay.extra_tokens.get(NYC, 0) + 1)   # the minor's token
    _transfer(replay, minor, NYC)
    home = replay.title.companies[minor].get("home")
    nyc_there = any(h == home for h, _ in replay.cities_of(NYC))
    for hex_id, city in replay.cities_of(minor):
        replay.replace_token(hex_id, city, minor, None if nyc_there or hex_id != home else NYC)
    _close(replay, minor)
