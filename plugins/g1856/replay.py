"""1856 game logs replayed (``trainrun.replay.gamelog``), and 1836Jr56's (its engine class
is 1856's: ``Rules56`` says what differs).

Engine ``G1856::Game`` (g_1856/game.rb) and its steps (g_1856/step/):

* Home tokens as each corporation first operates (``HOME_TOKEN_TIMING = :operate``).
* Destinations: the destination icons (a corporation's name on its destination hexes,
  ``create_destinations``; with ``alternate_destinations``, on ``ALTERNATE_DESTINATIONS``'
  hexes) go as it destinates (step/escrow.rb ``destination_connection``: ``destinated!``,
  ``remove_dest_icons``), as the last 4 train (1856's fourth, 1836Jr56's third) makes the
  unparred corporations incremental (``event_no_more_escrow_corps!``) and as it merges into
  the national. (The corpus's engine left these icons on: icons are not compared.)
* The port private (1856's GLSC, 1836Jr56's RdP): bought by a corporation, it is assigned
  to that corporation (ability ``assign_corporation`` when ``sold``: the positions'
  ``company_assignments``); its ``assign`` marks the hex it names (step/assign.rb: the
  hex's marker). The first 6 takes every assignment off (``event_remove_tokens!``), with
  the port icons of ``PORT_HEXES``.
* 1856's tunnel and bridge rights: the Sarnia (+$10 at B13) and Buffalo (+$10 at P17/P19)
  ``hex_bonus`` abilities (``grant_right``), of the corporation buying SCFTC or NFSBC
  (``company_bought``) or buying the right (step/special_buy.rb, the icon taken off
  A14/P19); the first 5 puts the icon of a private a player still holds back
  (``event_close_companies!``). The positions' ``abilities`` carry them.
* The national's formation (the first 6: ``event_nationalization!``): each ``merge``
  (``merge_major``) gives the national the corporation's trains and rights (a right it
  has already goes back to the bank) and takes the corporation's tokens and reservations
  off; once the merges and payoffs are over (``post_corp_nationalization``, the first
  action after them: no lay, token or run lies between) the national's tokens go where
  the merged corporations' were (``national_token_swap``): each one's home first, in merge
  order, then the others in each corporation's token order (its home first, then as they
  were placed), those on a hex holding a home left out and a national token already in a
  city the corporation holds a token in taken away (``remove_duplicate_tokens``), each in
  its city's first free slot (city.rb ``get_slot``); the merged corporations close. Its
  ``remove_token`` actions take its duplicates and the tokens beyond its limit off
  (step/remove_tokens.rb). It holds the larger of 10 and its homes' count in tokens
  (``national_token_limit``), its positions' ``tokens_left``.
* The national without a train borrows one (step/borrow_train.rb, ``borrow_train``): from
  the bank, unbought (no phase change), back to the bank as its turn ends
  (step/buy_train.rb ``pass!``: ``reclaim_train``).
* Loans, interest, escrow and shares change no board or train (read and skipped); a
  ``bankrupt`` stops the replay.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from trainrun.plugins.api import InputError, ReplayRules, ReplayState, Train

# optional rule: the destinations of engine ALTERNATE_DESTINATIONS
ALTERNATE = "alternate_destinations"


@dataclass(frozen=True)
class Right:
    """A tunnel or bridge right: its private, the ``special_buy`` item naming it, the hex
    holding its icon while it is for sale, and the ability it grants (``grant_right``)."""

    private: str
    item: str
    icon_hex: str
    icon: str
    ability: dict


@dataclass(frozen=True)
class Rules56:
    """What 1856 and 1836Jr56 tell apart (engine ``national``, ``port``, ``PORT_HEXES``,
    ``DESTINATIONS``, ``ALTERNATE_DESTINATIONS``, the rights)."""

    national: str
    port: str
    port_hexes: tuple[str, ...]
    destinations: dict[str, tuple[str, ...]]
    no_more_escrow_on: str     # the last 4 train (its event's ``when``)
    alternate: dict[str, tuple[str, ...]] = field(default_factory=dict)
    rights: tuple[Right, ...] = ()
    token_limit: int = 10      # engine national_token_limit


def _bonus(description: str, hexes: list[str]) -> dict:
    return {"type": "hex_bonus", "description": description, "hexes": hexes, "amount": 10}


RULES_1856 = Rules56(
    national="CGR", port="GLSC",
    port_hexes=("C14", "D19", "E18", "F17", "F9", "H17", "H7", "H5", "J17", "J5", "K2",
                "M18", "O18"),
    # the hexes each destination's icons lie on (engine create_destinations: each entry's
    # first hex)
    destinations={"BBG": ("N17",), "CA": ("H15",), "CPR": ("N11",), "CV": ("I14",),
                  "GT": ("K8",), "GW": ("A20",), "LPS": ("F17",), "TGB": ("H5",),
                  "THB": ("J11",), "WGB": ("F9",), "WR": ("L15",)},
    no_more_escrow_on="4-3",
    alternate={"BBG": ("N11",), "CA": ("A20", "F15"), "CPR": ("P9",), "CV": ("M4",),
               "GT": ("L13",), "GW": ("J15",), "LPS": ("F15",), "TGB": ("O2",),
               "THB": ("H15",), "WGB": ("H5",), "WR": ("L15",)},
    rights=(Right("SCFTC", "Tunnel Token", "A14", "tunnel",
                  _bonus("+10 bonus when running to Sarnia", ["B13"])),
            Right("NFSBC", "Bridge Token", "P19", "bridge",
                  _bonus("+10 bonus when running to Buffalo", ["P17", "P19"]))))

RULES_1836JR56 = Rules56(
    national="MESS", port="RdP",
    port_hexes=("A9", "B8", "B10", "D6", "E5", "E11", "F4", "F10", "G7", "H2", "H4", "H6",
                "H10", "I3", "I9", "J6", "J8", "K11"),
    destinations={"NBDS": ("E5",), "HSM": ("E11",), "NFL": ("D6",), "B": ("H10",),
                  "Nord": ("I9",), "GCL": ("K13",)},
    no_more_escrow_on="4-2")

PORT_ICON = "port"
# the trains whose purchase sets their events off (engine game_trains ``events``: each the
# train of index ``when`` - 1, the first where none is given; train.rb, phase.rb
# ``buying_train!``)
CLOSE_COMPANIES_ON, NATIONALIZATION_ON = "5-0", "6-0"
# actions of the nationalization step (step/nationalization_payoff.rb: merge, or pass to
# pay the loans off) before the national forms
NATIONALIZATION_ACTIONS = frozenset({"merge", "pass"})


def replay_rules(settings: dict) -> ReplayRules:
    """Home tokens as each corporation first operates; no train exported."""
    return ReplayRules()


class Game1856:
    """This title's bookkeeping on a replay (``ReplayState.books``); its start sets the
    alternate destinations' icons where the game plays them."""

    def __init__(self, replay: ReplayState):
        self.rules = RULES_1856 if replay.title.name == "1856" else RULES_1836JR56
        self.placed: dict[str, list[str]] = {}      # each corporation's token hexes, in order
        self.parred: set[str] = set()
        self.events: set[str] = set()
        self.closed: set[str] = set()                # privates closed
        self.rights: dict[str, list[Right]] = {}     # the rights each corporation holds
        self.merged: list[tuple[str, list[tuple[str, int]]]] = []   # with their tokens
        self.formed = False
        self.borrowed: tuple[str, Train] | None = None
        if ALTERNATE in (replay.settings.get("optional_rules") or ()):
            for corporation, hexes in self.rules.destinations.items():
                _drop_icon(replay, hexes, corporation)
            for corporation, hexes in self.rules.alternate.items():
                for hex_id in hexes:
                    replay.set_icons(hex_id, replay.board[hex_id].icons + (corporation,))

    def destinations(self, replay: ReplayState) -> dict[str, tuple[str, ...]]:
        alternate = ALTERNATE in (replay.settings.get("optional_rules") or ())
        return self.rules.alternate if alternate and self.rules.alternate else \
            self.rules.destinations


def replay_round(replay: ReplayState, action: dict) -> str | None:
    """As an action comes up: the borrowed train back once another entity acts, and the
    national formed once the merges and payoffs are over."""
    game = replay.books(Game1856)
    if game.borrowed is not None and action.get("entity") != game.borrowed[0]:
        company, train = game.borrowed
        game.borrowed = None
        if train in replay.trains.get(company, ()):
            replay.give_back_train(company, train)
    if game.merged and not game.formed and action["type"] not in NATIONALIZATION_ACTIONS:
        _form_national(replay, game)
    return None


def replay_action(replay: ReplayState, action: dict) -> bool | None:
    game = replay.books(Game1856)
    rules = game.rules
    kind = action["type"]
    if kind == "destination_connection":
        for corporation in action.get("corporations") or ():
            _drop_icon(replay, game.destinations(replay).get(corporation, ()), corporation)
        return True
    if kind == "par":
        game.parred.add(str(action.get("corporation")))
        return None
    if kind == "assign" and action.get("entity") == rules.port:
        hex_id = str(action.get("target"))
        if hex_id not in replay.board:
            raise InputError(f"action {action.get('id')}", f"unknown hex {hex_id!r}")
        replay.set_markers(hex_id, replay.board[hex_id].markers + (rules.port,))
        game.closed.add(rules.port)
        return True
    if kind == "buy_company" and action.get("entity_type") == "corporation":
        _buy_company(replay, game, str(action.get("entity")), str(action.get("company")))
        return True
    if kind == "special_buy":
        right = next((r for r in rules.rights if r.item == action.get("description")), None)
        if right is None:
            raise InputError(f"action {action.get('id')}", f"unknown item "
                                                           f"{action.get('description')!r}")
        placed = replay.board[right.icon_hex]
        icons = list(placed.icons)
        if right.icon in icons:
            icons.remove(right.icon)
            replay.set_icons(right.icon_hex, tuple(icons))
        _grant(replay, game, replay.operator(action), right)
        return True
    if kind == "place_token":
        _place_token(replay, game, action)
        return True
    if kind == "buy_train":
        _buy_train(replay, game, action)
        return True
    if kind == "merge":
        _merge(replay, game, str(action.get("corporation")))
        return True
    if kind == "remove_token" and action.get("entity") == rules.national:
        _remove_token(replay, game, action)
        return True
    if kind == "borrow_train":
        national = replay.operator(action)
        replay.lend_train(national, action)
        game.borrowed = (national, replay.trains[national][-1])
        return True
    return None


def _drop_icon(replay: ReplayState, hexes: tuple[str, ...], icon: str) -> None:
    """The icon ``icon`` off each of ``hexes`` (engine ``remove_dest_icons``)."""
    for hex_id in hexes:
        icons = replay.board[hex_id].icons
        if icon in icons:
            replay.set_icons(hex_id, tuple(i for i in icons if i != icon))


def _buy_company(replay: ReplayState, game: Game1856, corporation: str, private: str) -> None:
    """The private is ``corporation``'s; the port private is assigned to it (and to no one
    else); a right's private grants it its right (engine ``company_bought``)."""
    replay.set_owner(private, corporation)
    if private == game.rules.port:
        for holder, assigned in replay.company_assignments.items():
            if private in assigned:
                replay.set_company_assignments(holder, tuple(a for a in assigned
                                                             if a != private))
        replay.set_company_assignments(corporation, replay.company_assignments.get(
            corporation, ()) + (private,))
    for right in game.rules.rights:
        if right.private == private:
            _grant(replay, game, corporation, right)


def _grant(replay: ReplayState, game: Game1856, corporation: str, right: Right) -> None:
    """``corporation`` holds ``right`` (engine ``grant_right``)."""
    game.rights.setdefault(corporation, []).append(right)
    _set_abilities(replay, game, corporation)


def _set_abilities(replay: ReplayState, game: Game1856, corporation: str) -> None:
    replay.set_abilities(corporation, [r.ability for r in game.rights.get(corporation, ())])


def _place_token(replay: ReplayState, game: Game1856, action: dict) -> None:
    """The shared replay's token, its hex noted in its corporation's token order."""
    company = replay.operator(action) if action.get("entity") in replay.owners or \
        action.get("entity_type") != "company" else str(action.get("tokener"))
    before = {h for h, _ in replay.cities_of(company)}
    replay.place_token(action)
    order = game.placed.setdefault(company, [])
    order += sorted({h for h, _ in replay.cities_of(company)} - before - set(order))


def _buy_train(replay: ReplayState, game: Game1856, action: dict) -> None:
    """The shared purchase, and the events of the train bought, the first time."""
    train = str(action.get("train", ""))
    replay.buy_train(action)
    if train in game.events:
        return
    game.events.add(train)
    if train == game.rules.no_more_escrow_on:
        for corporation, hexes in game.destinations(replay).items():
            if corporation not in game.parred:
                _drop_icon(replay, hexes, corporation)
    elif train == CLOSE_COMPANIES_ON:
        _close_companies(replay, game)
    elif train == NATIONALIZATION_ON:
        _remove_port(replay, game)


def _close_companies(replay: ReplayState, game: Game1856) -> None:
    """Every private closes; a right whose private a player still holds goes back to the
    bank, its icon on its hex (engine ``event_close_companies!``)."""
    for right in game.rules.rights:
        if right.private not in replay.owners and right.private not in game.closed:
            placed = replay.board[right.icon_hex]
            replay.set_icons(right.icon_hex, placed.icons + (right.icon,))
    for private in list(replay.owners):
        replay.release_private(private)
    game.closed |= set(replay.title.privates)


def _remove_port(replay: ReplayState, game: Game1856) -> None:
    """Every assignment off the corporations and hexes, the port icons off the port hexes
    (engine ``event_remove_tokens!``)."""
    port = game.rules.port
    for holder, assigned in replay.company_assignments.items():
        if port in assigned:
            replay.set_company_assignments(holder, tuple(a for a in assigned if a != port))
    for hex_id, placed in replay.board.items():
        if port in placed.markers:
            replay.set_markers(hex_id, tuple(m for m in placed.markers if m != port))
    for hex_id in game.rules.port_hexes:
        replay.set_icons(hex_id, tuple(i for i in replay.board[hex_id].icons
                                       if i != PORT_ICON))


def _token_order(replay: ReplayState, game: Game1856, corporation: str) -> list[tuple[str, int]]:
    """The cities of ``corporation``'s tokens in its token order (engine ``tokens``): its
    home first, then as they were placed."""
    cities = replay.cities_of(corporation)
    home = replay.title.companies[corporation].get("home")
    order = [home] + game.placed.get(corporation, []) + [h for h, _ in cities]
    ranked = {h: i for i, h in reversed(list(enumerate(order)))}
    if not any(h == home for h, _ in cities):
        raise InputError("merge", f"{corporation}'s home token is not on {home}")
    return sorted(cities, key=lambda c: (ranked[c[0]], c[1]))


def _merge(replay: ReplayState, game: Game1856, corporation: str) -> None:
    """``corporation`` merges into the national (engine ``merge_major``): its trains and
    rights go to the national, its tokens and reservations leave the board until the
    national forms."""
    national = game.rules.national
    if corporation not in replay.title.companies or corporation == national or \
            any(c == corporation for c, _ in game.merged):
        raise InputError("corporation", f"{corporation!r} cannot merge into {national}")
    tokens = _token_order(replay, game, corporation)
    replay.take_trains(corporation, national)
    for right in game.rights.pop(corporation, []):
        if right in game.rights.get(national, ()):   # one of each: back to the bank
            placed = replay.board[right.icon_hex]
            replay.set_icons(right.icon_hex, placed.icons + (right.icon,))
        else:
            game.rights.setdefault(national, []).append(right)
    _set_abilities(replay, game, corporation)
    _set_abilities(replay, game, national)
    _drop_icon(replay, game.destinations(replay).get(corporation, ()), corporation)
    for hex_id, city in tokens:
        replay.replace_token(hex_id, city, corporation, None)
    replay.remove_reservations(corporation, [h for h, _ in tokens])
    game.merged.append((corporation, tokens))


def _form_national(replay: ReplayState, game: Game1856) -> None:
    """The national's tokens where the merged corporations' were, the merged corporations
    closed (engine ``post_corp_nationalization``, ``national_token_swap``)."""
    national = game.rules.national
    game.formed = True
    homes = [tokens[0] for _, tokens in game.merged]
    for hex_id, city in homes:
        replay.put_token(hex_id, city, national)
    home_hexes = {h for h, _ in homes}
    for _, tokens in game.merged:
        standing = list(tokens[1:])    # its tokens with a city still (not yet exchanged)
        for token in tokens[1:]:
            if token[0] in home_hexes:
                continue
            for hex_id, city in standing:    # engine remove_duplicate_tokens
                if (hex_id, city) not in homes and national in \
                        replay.board[hex_id].tokens[city].holders():
                    replay.replace_token(hex_id, city, national, None)
            replay.put_token(*token, national)
            standing.remove(token)
    charter = len(replay.title.companies[national].get("tokens", []))
    replay.set_extra_tokens(national, max(len(homes), game.rules.token_limit) - charter)
    for corporation, _ in game.merged:
        for private, owner in list(replay.owners.items()):
            if owner == corporation:
                replay.release_private(private)
                game.closed.add(private)
        replay.close(corporation)
        game.placed.pop(corporation, None)
    game.placed[national] = [h for h, _ in replay.cities_of(national)]


def _remove_token(replay: ReplayState, game: Game1856, action: dict) -> None:
    """A national token off the board: a duplicate on one hex, or one beyond its limit
    (step/remove_tokens.rb ``process_remove_token``)."""
    national = game.rules.national
    hex_id, city = replay.city_of(action)
    tokens = replay.board[hex_id].tokens.get(city)
    if tokens is None or national not in tokens.holders():
        raise InputError(f"action {action.get('id')}", f"{national} has no token in city "
                                                       f"{city} of {hex_id} to take off")
    replay.replace_token(hex_id, city, national, None)
