"""The shared bonus families (docs/rules/common.md §9): what a title declares in its
``bonuses.json``, read for one position into the route bonuses (``RouteBonus``,
``PairBonus``) and company bonuses (``CompanyBonus``) that the route search, the checker
and the solver score. Nothing here knows a title.

Each entry of ``bonuses.json`` names its ``family`` and a ``name`` (the breakdown's); the
rules are docs/rules/common.md §9.1 to docs/rules/common.md §9.4, and
docs/rules/common.md §9.8, in this order:

* ``pair``: ``first`` and ``second`` each select stops by ``group`` (a node's groups
  tag), ``label`` (its tile's label), ``icon`` (an icon its hex shows now) or ``hexes``,
  all that a selection names holding; the route earns ``amount`` (default 0), plus with
  ``icon_values`` the numeric icons of each end's hex; with ``min_second`` n, only where
  n stops of ``second`` pay (18SJ's Bergslagen and Orefields tiers).
* ``all_of``: once a run, ``amount`` for a route visiting a stop on each of ``hexes``;
  with ``ability`` instead, one bonus per ability of that type the company has (its
  ``hexes`` and ``amount``).
* ``best_route``: once a run, ``per_visited_stop`` for each stop the run's route visiting
  the most stops visits.
* ``stop_bonus``: ``amount`` per route for a paid stop on a hex assigned ``assignment``
  while that is assigned to the company too (times the hex's ``per_icon`` icons where
  given); with ``ability`` instead, each ability of that type the company has pays its
  ``amount`` at its ``hexes``, or with ``doubles`` each such stop's own value again
  (with ``tokened`` instead of ``ability``: each stop on a hex where a city holds the
  company's token, 18SJ's E trains); with
  ``icon`` (``@company``: the company's symbol), ``amount`` at each paid stop on a hex
  showing it (worth $0 or not), or ``amount_in_status`` while the phase has that status.
  With ``hex_assignment`` the hex alone carries the assignment and the company earns it by
  holding the private ``holds`` names (18SJ's Sveabolaget and GKB: engine
  ``route.corporation == sveabolaget.owner``); with ``on_worthless`` a stop worth $0 pays
  it too.
* ``hex_bonus`` (docs/rules/common.md §9.8): ``amount`` per route for each of ``hexes``
  whose track it uses; with ``track`` (a path's kind: ``broad``, ``narrow``, ``dual``)
  only where it uses a path of that kind there (18GB's estuary crossings).
* ``port`` (docs/rules/common.md §9.6): a route visiting a stop of ``group`` (or on
  ``hexes``) must visit
  ``min_stops`` (default 3) and is paid by ``pays``: ``half`` or ``per_token``.
* ``hex_once`` (docs/rules/common.md §9.7): each hex's stops pay once a route, the first
  of them in the route's order (18GB).
* ``end_distance`` (docs/rules/common.md §9.9): ``per_hex`` per route for each hex as the
  crow flies between the hexes of its first and last visited stops on a hex with a city or
  an off-board (18GB's express trains).

An entry may say ``holds``: the company must hold that private (``Position.privates``);
``company``: it is that company's only (1888's destinations); ``trains`` or
``except_trains``: which trains earn it (18FL's 3E earns no hotels); ``train_suffix``: the
trains whose name ends so earn it (18GB's express trains: 4X, 5X, 6X).
"""
from __future__ import annotations

from trainrun.board.position import Position, Train
from trainrun.errors import InputError
from trainrun.hooks import answers
from trainrun.hooks.rules import (
    CompanyBonus,
    EndDistance,
    HexOnce,
    PairBonus,
    PortRule,
    RouteBonus,
)

ROUTE_FAMILIES = ("pair", "stop_bonus", "hex_bonus", "port", "hex_once", "end_distance")


def _applies(position: Position, entry: dict) -> bool:
    held = entry.get("holds")
    if entry.get("company", position.company) != position.company:
        return False
    return held is None or position.privates.get(held) == "company"


def _stops_on(position: Position, hexes) -> list[tuple[str, str]]:
    """(hex id, node id) of every stop on ``hexes`` of the board."""
    out = []
    for hex_id in hexes:
        placed = position.board.get(hex_id)
        if placed is not None:
            out += [(hex_id, position.node_id(hex_id, n.index)) for n in placed.tile.nodes]
    return out


def _selected(position: Position, select: dict) -> list[tuple[str, str]]:
    """(hex id, node id) of the stops a pair bonus's set selects."""
    out = []
    for hex_id, placed in position.board.items():
        if "hexes" in select and hex_id not in select["hexes"]:
            continue
        if "label" in select and select["label"] not in placed.tile.labels:
            continue
        if "icon" in select and select["icon"] not in placed.icons:
            continue
        for node in placed.tile.nodes:
            if "group" in select and select["group"] not in position.node_groups(hex_id, node):
                continue
            out.append((hex_id, position.node_id(hex_id, node.index)))
    return out


def _distance_ends(position: Position) -> dict:
    """Node id -> the engine (x, y) of its hex, of each stop on a hex whose tile has a city
    or an off-board (engine ``distance_bonus``: ``visited_stops`` without those on a hex of
    neither)."""
    out = {}
    for hex_id, placed in position.board.items():
        if not any(n.kind in ("city", "offboard") for n in placed.tile.nodes):
            continue
        xy = position.title.hexes[hex_id].xy if hex_id in position.title.hexes else None
        if xy is None:
            raise InputError("bonuses", f"an end_distance bonus needs the hexes' x and y "
                                        f"(map.json), which {hex_id} lacks")
        out.update({position.node_id(hex_id, n.index): xy for n in placed.tile.nodes})
    return out


def _amount(position: Position, entry: dict) -> int:
    """The entry's ``amount``, or its ``amount_in_status`` for a status flag of the current
    phase (18FL's hotels: $20 once ``hotels_doubled``)."""
    for flag, amount in entry.get("amount_in_status", {}).items():
        if flag in position.phase.status:
            return amount
    return entry["amount"]


def _icon_value(position: Position, hex_id: str) -> int:
    """The sum of the hex's numeric icons (engine ``icon.name.to_i``: 1846's east–west)."""
    return sum(int(i) for i in position.board[hex_id].icons if i.isdigit())


def _tokened_hexes(position: Position) -> list[str]:
    """The hexes where a city holds the company's token, in a slot or beside them (engine
    ``City#tokened_by?``, as 18SJ's ``friendly_city?`` asks of each city of the hex)."""
    return [h for h, placed in position.board.items()
            if any(position.company in t.holders() for t in placed.tokens.values())]


def _abilities(position: Position, kind: str) -> list[dict]:
    """The company's abilities of type ``kind``, each checked: a whole-number ``amount``
    of at least 0 and ``hexes`` a list of hex ids (a position's abilities are input)."""
    out = []
    for a in position.abilities:
        if a.get("type") != kind:
            continue
        amount, hexes = a.get("amount", 0), a.get("hexes", [])
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            raise InputError(f"abilities ({kind})", f"expected an amount of at least 0, "
                                                    f"got {amount!r}")
        if not isinstance(hexes, list) or not all(isinstance(h, str) for h in hexes):
            raise InputError(f"abilities ({kind})", f"expected a list of hexes, got {hexes!r}")
        out.append(a)
    return out


def route_bonuses(position: Position, train: Train) -> list:
    """The route bonuses (``RouteBonus``, ``PairBonus``) and route rules (``PortRule``,
    ``HexOnce``) the title's families give ``train`` on this position."""
    out: list = []
    for entry in position.title.bonuses:
        if entry["family"] not in ROUTE_FAMILIES or not _applies(position, entry):
            continue
        trains = frozenset(entry["trains"]) if "trains" in entry else None
        if trains is not None and train.name not in trains:
            continue
        if train.name in entry.get("except_trains", ()):
            continue
        if not train.name.endswith(entry.get("train_suffix", "")):
            continue
        if entry["family"] == "hex_once":
            out.append(HexOnce(entry["name"]))
        elif entry["family"] == "end_distance":
            out.append(EndDistance(entry["name"], entry["per_hex"], _distance_ends(position)))
        elif entry["family"] == "hex_bonus":
            out.append(RouteBonus(entry["name"], entry["amount"],
                                  hexes=frozenset(entry["hexes"]), track=entry.get("track")))
        elif entry["family"] == "port":
            select = {k: entry[k] for k in ("group", "hexes") if k in entry}
            ports = frozenset(n for _, n in _selected(position, select))
            out.append(PortRule(entry["name"], ports, entry.get("min_stops", 3), entry["pays"]))
        elif entry["family"] == "pair":
            sides = []
            for select in (entry["first"], entry["second"]):
                sides.append({node: _icon_value(position, h) if entry.get("icon_values") else 0
                              for h, node in _selected(position, select)})
            out.append(PairBonus(entry["name"], sides[0], sides[1], entry.get("amount", 0),
                                 trains, entry.get("min_second", 1)))
        elif "icon" in entry:
            # each paid stop on a hex showing the icon (18FL's hotels: the company's own)
            icon = position.company if entry["icon"] == "@company" else entry["icon"]
            hexes = [h for h, placed in position.board.items() if icon in placed.icons]
            if hexes:
                out.append(RouteBonus(entry["name"], _amount(position, entry),
                                      stops=frozenset(n for _, n in _stops_on(position, hexes)),
                                      on_worthless=True))
        elif entry.get("doubles"):
            # each stop on the ability's hexes pays its value again (18JP-T), or with
            # ``tokened`` each stop on a hex where a city holds the company's token (18SJ's
            # E trains)
            groups = ([_tokened_hexes(position)] if entry.get("tokened") else
                      [a.get("hexes", ()) for a in _abilities(position, entry["ability"])])
            for hexes in groups:
                for hex_id, node_id in _stops_on(position, hexes):
                    node = position.board[hex_id].tile.node(int(node_id.rsplit("-", 1)[1]))
                    value = answers.stop_value(position, train, hex_id, node)
                    if value > 0:
                        out.append(RouteBonus(entry["name"], value, stops=frozenset({node_id})))
        elif "ability" in entry:
            for a in _abilities(position, entry["ability"]):
                out.append(RouteBonus(entry["name"], int(a.get("amount", 0)),
                                      stops=frozenset(n for _, n in _stops_on(position,
                                                                              a.get("hexes", ())))))
        elif (entry.get("hex_assignment")
              or entry.get("assignment") in position.company_assignments):
            # the company carries the assignment too, or (``hex_assignment``) it holds the
            # private that assigned the hex (``_applies``: ``holds``)
            marker = entry["assignment"]
            for hex_id, placed in position.board.items():
                if marker not in placed.markers:
                    continue
                times = (placed.icons.count(entry["per_icon"]) if "per_icon" in entry else 1)
                if times:
                    out.append(RouteBonus(entry["name"], entry["amount"] * times,
                                          stops=frozenset(n for _, n in
                                                          _stops_on(position, [hex_id])),
                                          on_worthless=bool(entry.get("on_worthless"))))
    return out


def _most_visited(position: Position) -> int:
    """The most stops one of the company's trains could visit: its distance limit, or every
    stop of the board for a train without one."""
    stops = sum(len(p.tile.nodes) for p in position.board.values())
    most = 0
    for train in position.trains:
        d = train.distance
        limit = d if isinstance(d, int) else sum(r.get("visit", 0) for r in d)
        most = max(most, min(limit, stops))
    return most


def company_bonuses(position: Position) -> list[CompanyBonus]:
    """The company bonuses the title's families give on this position. A best-route bonus
    is one step per stop (docs/rules/common.md §9.3): the k-th pays for a route visiting at
    least k stops, so the run earns one step for each stop of its route visiting the
    most."""
    out: list[CompanyBonus] = []
    for entry in position.title.bonuses:
        if not _applies(position, entry):
            continue
        trains = frozenset(entry["trains"]) if "trains" in entry else None
        if entry["family"] == "all_of":
            if "ability" in entry:
                out += [CompanyBonus(entry["name"], int(a.get("amount", 0)), trains=trains,
                                     all_hexes=frozenset(a.get("hexes", ())))
                        for a in _abilities(position, entry["ability"])]
            else:
                out.append(CompanyBonus(entry["name"], entry["amount"], trains=trains,
                                        all_hexes=frozenset(entry["hexes"])))
        elif entry["family"] == "best_route":
            out += [CompanyBonus(entry["name"], entry["per_visited_stop"], trains=trains,
                                 min_visited=k)
                    for k in range(1, _most_visited(position) + 1)]
    return out


def _hex_names(position: Position, hexes) -> str:
    names = []
    for h in sorted(hexes):
        location = position.title.hexes[h].location if h in position.title.hexes else ""
        names.append(f"{h} ({location})" if location else h)
    return ", ".join(names)


def _select_text(select: dict) -> str:
    parts = []
    if "group" in select:
        parts.append(f"group {select['group']}")
    if "label" in select:
        parts.append(f"a {select['label']} hex")
    if "icon" in select:
        parts.append(f"a hex showing {select['icon']}")
    if "hexes" in select:
        parts.append(", ".join(select["hexes"]))
    return " on ".join(parts)


def why_not(position: Position, entry: dict) -> str:
    """Why a run of this position that does not earn the bonus of ``entry`` could not, or
    what a route would need to earn it (for ``verify``)."""
    company = position.company
    if entry.get("company", company) != company:
        return f"it is {entry['company']}'s"
    if not _applies(position, entry):
        return f"{company} does not hold {entry['holds']}"
    family = entry["family"]
    if "ability" in entry:
        found = _abilities(position, entry["ability"])
        if not found:
            return f"{company} has no {entry['ability']} ability"
        hexes = {h for a in found for h in a.get("hexes", ())}
        if family == "all_of":
            return f"no route visits a stop on each of {_hex_names(position, hexes)}"
        return f"no route pays a stop on {_hex_names(position, hexes)}"
    if family == "pair":
        need = entry.get("min_second", 1)
        second = (f"one of {_select_text(entry['second'])}" if need <= 1 else
                  f"{need} stops of {_select_text(entry['second'])}")
        return f"no route pays both a stop of {_select_text(entry['first'])} and {second}"
    if family == "all_of":
        return f"no route visits a stop on each of {_hex_names(position, entry['hexes'])}"
    if family == "best_route":
        return "no route is run"
    if family == "port":
        return f"no route visits a port ({_select_text(entry)})"
    if family == "end_distance":
        suffix = entry.get("train_suffix")
        who = (f"no route of a train whose name ends in {suffix}" if suffix else
               f"no route of a {' or '.join(entry['trains'])} train" if "trains" in entry
               else "no route")
        return f"{who} runs between cities or off-boards on two different hexes"
    if family == "hex_bonus":
        over = f"the {entry['track']} track of" if "track" in entry else "track on"
        return f"no route runs over {over} {_hex_names(position, entry['hexes'])}"
    if entry.get("tokened"):
        trains = " or ".join(entry.get("trains", ()))
        who = f"no {trains} train's route" if trains else "no route"
        return f"{who} pays a stop on a hex where {company} holds a token"
    if "icon" in entry:
        icon = company if entry["icon"] == "@company" else entry["icon"]
        return f"no route pays a stop on a hex showing {icon}"
    marker = entry["assignment"]
    if not entry.get("hex_assignment") and marker not in position.company_assignments:
        return f"{marker} is not assigned to {company}"
    assigned = [h for h, placed in position.board.items() if marker in placed.markers]
    if not assigned:
        return f"no hex is assigned {marker}"
    if "per_icon" in entry and not any(position.board[h].icons.count(entry["per_icon"])
                                       for h in assigned):
        return f"{_hex_names(position, assigned)} shows no {entry['per_icon']} icon now"
    return f"no route pays a stop on {_hex_names(position, assigned)}"


def not_earned(position: Position, earned: set[str]) -> list[dict]:
    """Each bonus the title declares for the company that a run earning the bonuses named
    ``earned`` does not earn, with the reason (``why_not``), in ``bonuses.json`` order."""
    return [{"name": entry["name"], "why": why_not(position, entry)}
            for entry in position.title.bonuses if entry["name"] not in earned
            and entry["family"] != "hex_once"   # a rule of every route, never a bonus
            and entry.get("company", position.company) == position.company]
