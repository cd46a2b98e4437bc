"""1846 game logs replayed (``trainrun.replay.gamelog``; docs/rules/1846.md §6).

The setup is drawn from the game's seed as the engine draws it (``removals``): the draft's
shuffle first, then the privates and corporations each group loses; a corporation removed
places its home token and loses its reservations, a private removed takes its icons off
the map. The minors start with the bank's first two 2 trains. A home token goes down as
its corporation pars (it floats on its president's share). Then, beside the shared
replay:

* ``bid``: the draft; a player holds the private (or minor) drawn;
* ``buy_company``: the private passes to the corporation; a minor bought brings its train
  (held back until the next operating round if the minor has operated, then in the place
  it was bought in: docs/rules/1846.md §6.2) and its token (the buyer's now, or gone where
  the buyer has one already); the Chicago and
  Western Indiana's reservation goes; Steamboat, Meat Packing and Boomtown are assigned to
  their buyer;
* ``assign``: a private's bonus moves to the hex or the company named;
* the first 5 train: the minors close, every private but a corporation's Mail Contract
  closes, the Lake Shore Line's and Little Miami's icons go, and a Steamboat no
  corporation holds loses its assignments and the port icons; the first 6 train: every
  bonus assignment and the port, meat and boom icons go, and the reserved token slots;
* the Lake Shore Line's lay, or an upgrade on its hexes, takes its icon off that hex;
* each action's share price moves (``shares``: par, dividends, sales, issues, a stock
  round's end); a corporation whose price reaches the close cell closes: its tokens and
  reservations leave the board, its trains the game, its privates close
  (docs/rules/1846.md §6.3);
* ``bankrupt``: the shares (``shares``), the player's minors and privates closing; a
  corporation in receivership buying a train (docs/rules/1846.md §6.4).
* each corporation's president, as ``shares`` follows it (none in receivership), is told
  to the replay for its positions to name (``ReplayState.set_president``).

The obsolete 2s (on the first 5) and 4s and 3/5s (on the first 6) are the shared replay's
(``trainrun.replay.gamelog``, the trains' ``obsolete_on``; docs/rules/1846.md §6.2).
"""
from __future__ import annotations

import copy

from trainrun.plugins.api import (
    InputError,
    ReplayRules,
    ReplayState,
    engine_numbers,
    game_seed,
)

from . import shares as _shares

ORANGE = ("Lake Shore Line", "Michigan Central", "Ohio & Indiana", "Little Miami")
BLUE = ("Steamboat Company", "Meat Packing Company", "Tunnel Blasting Company", "Boomtown")
GREEN = ("C&O", "ERIE", "PRR")
SECOND_EDITION = ("BT", "LM")                     # closed at setup in a first-edition game
MINORS = {"MS": "C15", "BIG4": "G9"}              # minor -> home (engine g_1846/entities.rb)
PRIVATE_COUNT = 12                                # engine COMPANIES, minors' included
# the icons the engine takes off (engine g_1846/game.rb LSL_ICON, LSL_HEXES, STEAMBOAT_HEXES)
LSL_ICON, LSL_HEXES = "lsl", ("D14", "E17")
PORT, PORT_HEXES = "port", ("B8", "C5", "D14", "I1", "G19")
# the tokens a corporation may place unreached, on its reserved hex (engine
# g_1846/step/track_and_token.rb tokener_available_hex)
TELEPORTS = {("B&O", "H12"), ("PRR", "E11")}
ERIE_SLOT = ("D20", 1)                            # ERIE's reserved slot on Erie
# the one icon of the map a lay takes off: the IC's, not sticky (engine g_1846/map.rb)
IC_ICON, IC_HEXES = "ic", ("E5", "F6", "G5", "H6", "J4")
BONUSES = ("SC", "MPC", "BT")                     # the privates assigned to hexes and companies
WAITING = "(minor train waiting)"   # who holds a minor's train until it may run again
MAIL = "MAIL"                                     # never closes once a corporation holds it
CWI = "C&WI"
# the reserved token slots gone in phase IV (engine CORPORATIONS ``reservation`` remove IV)
RESERVED = {"PRR": "E11", "B&O": "H12", "ERIE": "D20", "IC": "I5"}


def replay_rules(settings: dict) -> ReplayRules:
    """A home token as its corporation pars; the optional rules followed."""
    rules = settings.get("optional_rules") or []
    unknown = [r for r in rules if r not in ("first_ed", "second_ed_co")]
    if unknown:
        raise InputError("settings.optional_rules", f"1846's optional rule {unknown[0]!r} is "
                                                    "not followed by trainrun")
    return ReplayRules(home_token_timing="par")


def removals(seed: object, players: int, rules: list) -> list[str]:
    """The privates (by name) and corporations the setup removes (engine g_1846/game.rb
    ``setup``, ``remove_from_group!``, after the draft step's shuffle of every company:
    step/draft_distribution.rb ``setup``)."""
    drawn = engine_numbers(seed, "1846's setup")
    if players == 2:
        raise InputError("players", "1846's two-player variant is not followed by trainrun")

    def rand() -> int:
        return next(drawn)
    first = "first_ed" in rules
    for _ in range(PRIVATE_COUNT - (len(SECOND_EDITION) if first else 0) + players):
        rand()                              # the draft's shuffle, Pass cards included
    out: list[str] = []
    for group, extra in ((ORANGE[:3] if first else ORANGE, 0 if first else 1),
                         (BLUE[:3] if first else BLUE, 0 if first else 1), (GREEN, 0)):
        names = [g for g in group if "second_ed_co" not in rules
                 or g not in ("Boomtown", "Little Miami", "C&O")]
        keys = sorted((rand(), i) for i in range(len(names)))
        out += [names[i] for _, i in keys][:5 - players + extra]
    return out


class Game:
    """Who holds each private (a player's id or a company), the privates closed, what is
    assigned to each company (the books)."""

    def __init__(self, replay: ReplayState):
        self.holder: dict[str, object] = {}
        self.closed: set[str] = set()
        self.assigned: dict[str, str] = {}        # private -> company it is assigned to
        self.removed: set[str] = set()           # the privates the setup removed
        # (minor, buyer, operating round, the buyer's trains then): a minor's train bought
        # after it operated
        self.waiting: list[tuple[str, str, tuple[int, int], frozenset[str]]] = []
        self.fives = self.sixes = False
        title = replay.title
        by_name = {p["name"]: sym for sym, p in title.privates.items()}
        rules = list(replay.settings.get("optional_rules") or [])
        gone = removals(_seed(replay), len(replay.players), rules)
        if "first_ed" in rules:
            gone += [title.privates[s]["name"] for s in SECOND_EDITION]
        for name in gone:
            if name in title.companies:     # a corporation: its home token, no reservations
                replay.put_home_token(name)
                replay.remove_reservations(name)
            elif name in by_name:           # its icons stay: docs/rules/1846.md §6.1
                self.closed.add(by_name[name])
                self.removed.add(by_name[name])
        self.minor_trains: dict[str, str] = {}   # train id -> the minor it started with
        for minor in MINORS:
            train = _first_train(replay)
            self.minor_trains[train] = minor
            replay.buy_train({"type": "buy_train", "entity": minor, "entity_type": "minor",
                              "train": train, "price": 0, "id": 0})

    def share(self, replay: ReplayState) -> None:
        """Each company's positions: the privates as it sees them, what is assigned to it."""
        for company in replay.title.companies:
            seen = {}
            for sym, holder in self.holder.items():
                if sym in self.closed:
                    continue
                seen[sym] = ("company" if holder == company else "other"
                             if holder in replay.title.companies else "player")
            replay.set_privates(company, seen)
            replay.set_company_assignments(company, sorted(
                p for p, c in self.assigned.items() if c == company))


def _seed(replay: ReplayState) -> object:
    """The game's seed (``game_seed``; docs/rules/1846.md §6.1)."""
    return game_seed(replay.settings, replay.game_id)


def _first_train(replay: ReplayState) -> str:
    held = {t.id for trains in replay.trains.values() for t in trains}
    return next(f"2-{i}" for i in range(100) if f"2-{i}" not in held)


def _icons_off(replay: ReplayState, name: str, hexes: tuple[str, ...]) -> None:
    """Icon ``name`` off ``hexes``."""
    for hex_id in hexes:
        placed = replay.board[hex_id]
        kept = tuple(i for i in placed.icons if i != name)
        if kept != placed.icons:
            replay.set_icons(hex_id, kept)


def _unassign_hexes(replay: ReplayState, private: str) -> None:
    for hex_id, placed in replay.board.items():
        if private in placed.markers:
            replay.set_markers(hex_id, tuple(m for m in placed.markers if m != private))


def replay_action(replay: ReplayState, action: dict) -> bool | None:
    game = replay.books(Game)
    market = replay.books(_shares.Market)
    kept = copy.deepcopy(market.__dict__)
    try:
        closing = market.follow(replay, action)
    except Exception:       # a fork (``ReplayState.decide``) takes the action again
        market.__dict__.update(kept)
        raise
    for corporation, train_id in market.purchases:
        _receivership_purchase(replay, game, action, corporation, train_id)
    market.purchases.clear()
    if action["type"] == "bankrupt" and market.bankrupt:
        _bankrupt(replay, game, market.bankrupt[-1])
    for corporation in closing:
        _close(replay, game, corporation)
    for name, held in market.corporations.items():   # its presidents, for its positions
        replay.set_president(name, None if held.president == _shares.RECEIVER
                             else held.president)
    now = (replay.round_set, replay.round_in_set)
    for minor, buyer, bought, before in [w for w in game.waiting if w[2] != now]:
        game.waiting.remove((minor, buyer, bought, before))
        # in the place it was bought in: before the buyer's trains bought since
        place = sum(t.id in before for t in replay.trains.get(buyer, ()))
        for train in [t for t in replay.trains.get(WAITING, ()) if t.id in game.minor_trains]:
            if game.minor_trains[train.id] == minor:
                replay.move_train(train, WAITING, buyer, place)
    kind, entity = action["type"], action.get("entity")
    done: bool | None = None
    if kind == "bid" and action.get("entity_type") == "player":
        company = action.get("company")
        if isinstance(company, str) and company in replay.title.privates:
            game.holder[company] = entity
    elif kind == "buy_company" and action.get("entity_type") == "corporation":
        _buy_company(replay, game, action)
    elif kind == "assign":
        _assign(replay, game, action)
        done = True
    elif kind == "buy_train":
        replay.buy_train(action)
        _phase_events(replay, game)
        done = True
    elif kind == "lay_tile":
        replay.lay_tile(action)
        hex_id = action.get("hex")
        if (action.get("entity_type") != "company" and "LSL" not in game.removed
                and hex_id in LSL_HEXES and replay.upgraded_this_turn):
            _icons_off(replay, LSL_ICON, (hex_id,))
        if hex_id in IC_HEXES:               # not sticky: docs/rules/1846.md §6.2
            _icons_off(replay, IC_ICON, (hex_id,))
        _erie_slot(replay)
        done = True
    elif kind == "place_token":
        done = _place_token(replay, action)
    elif kind == "bankrupt":
        done = True
    game.share(replay)
    return done


def _receivership_purchase(replay: ReplayState, game: Game, action: dict, corporation: str,
                           train: str) -> None:
    """``corporation``, in receivership, buys the bank's ``train`` as its cheapest variant
    (g_1846/round/operating.rb ``receivership_train_buy``): the phase it starts, its
    events."""
    variant = _shares.CHEAPEST_VARIANT.get(train.rpartition("-")[0])
    replay.buy_train({"type": "buy_train", "entity": corporation,
                      "entity_type": "corporation", "train": train, "variant": variant,
                      "price": 0, "id": action.get("id")})
    _phase_events(replay, game)


def _bankrupt(replay: ReplayState, game: Game, player: object) -> None:
    """The bankrupt ``player``'s minors close, their tokens off the board, and its
    privates close: their abilities go, the C&WI's reservation with them; the icons stay
    (g_1846/step/bankrupt.rb ``process_bankrupt``, company.rb ``close!``)."""
    for minor in MINORS:
        if game.holder.get(minor) == player and (replay.cities_of(minor)
                                                 or replay.trains.get(minor)):
            replay.close(minor)
    for private, holder in game.holder.items():
        if holder == player and private not in game.closed:
            game.closed.add(private)
            if private == CWI:
                replay.remove_reservations(replay.title.privates[CWI]["name"])
            if private in BONUSES and private in game.assigned:
                raise InputError("entity", f"the bankrupt player's {private}, assigned, is "
                                           "not followed")


def _close(replay: ReplayState, game: Game, corporation: str) -> None:
    """``corporation``'s share price reached the close cell: it closes (``shares``; engine
    base.rb ``close_corporation``): its tokens and reservations leave the board, its trains
    the game, the privates it holds close."""
    replay.close(corporation)
    replay.forget_extra_tokens(corporation)
    for private, holder in game.holder.items():
        if holder == corporation:
            game.closed.add(private)
            if replay.owners.get(private) == corporation:
                replay.release_private(private)
    game.assigned = {p: c for p, c in game.assigned.items() if c != corporation}


def _erie_slot(replay: ReplayState) -> None:
    """While ERIE's reservation on Erie waits, it holds that city's second slot: a token a lay
    moved into it goes back to the first (engine g_1846/entities.rb ERIE ``reservation``
    ``slot: 1``; docs/rules/1846.md §6.2)."""
    hex_id, slot = ERIE_SLOT
    tokens = replay.board[hex_id].tokens.get(0)
    if (tokens is not None and "ERIE" in tokens.reserved and "ERIE" not in tokens.slots
            and tokens.slots[0] is None and tokens.slots[slot] is not None):
        replay.move_token(hex_id, 0, tokens.slots[slot], 0)


def _place_token(replay: ReplayState, action: dict) -> bool:
    """A corporation's token on its reserved hex, unreached (its teleport:
    docs/rules/1846.md §4.2), placed as logged; any other by the shared replay."""
    try:
        replay.place_token(action)
        if action.get("entity") == CWI:     # a token of its own, beyond the charter's
            owner = replay.owners.get(CWI)
            if owner is None:
                raise InputError("entity", f"{CWI} is owned by no corporation")
            replay.set_extra_tokens(owner, replay.extra_tokens.get(owner, 0) + 1)
    except InputError as exc:
        company = str(action.get("entity"))
        hex_id, city = replay.city_of(action)
        if (company, hex_id) not in TELEPORTS or "not reached" not in str(exc):
            raise
        replay.put_token(hex_id, city, company)
        replay.remove_reservations(company, hexes=(hex_id,))
    return True


def _buy_company(replay: ReplayState, game: Game, action: dict) -> None:
    buyer, company = action["entity"], action.get("company")
    if not isinstance(company, str):
        return
    game.holder[company] = buyer
    if company == CWI:
        replay.remove_reservations(replay.title.privates[CWI]["name"])
    if company in BONUSES:
        game.assigned[company] = buyer
    if company in MINORS:
        hex_id = MINORS[company]
        if company in replay.operated:      # its train runs for the buyer from the next OR
            game.waiting.append((company, buyer, (replay.round_set, replay.round_in_set),
                                 frozenset(t.id for t in replay.trains.get(buyer, ()))))
        for train in list(replay.trains.get(company, ())):
            replay.move_train(train, company, WAITING if company in replay.operated else buyer)
        city = next((c for h, c in replay.cities_of(company) if h == hex_id), None)
        if city is not None:
            has = buyer in replay.board[hex_id].tokens[city].holders()
            replay.replace_token(hex_id, city, company, None if has else buyer)
            if not has:
                replay.set_extra_tokens(buyer, replay.extra_tokens.get(buyer, 0) + 1)
        replay.close(company)


def _assign(replay: ReplayState, game: Game, action: dict) -> None:
    private, target = action.get("entity"), action.get("target")
    if private not in BONUSES or not isinstance(target, str):
        raise InputError("assign", f"{private!r} assigns nothing in 1846")
    if action.get("target_type") == "hex":
        _unassign_hexes(replay, private)
        replay.set_markers(target, replay.board[target].markers + (private,))
    else:
        game.assigned[private] = target


def _phase_events(replay: ReplayState, game: Game) -> None:
    name = replay.phase.name
    if name in ("III", "IV") and not game.fives:      # the first 5: close_companies
        game.fives = True
        for minor in MINORS:
            if replay.title.companies.get(minor) and (replay.cities_of(minor)
                                                     or replay.trains.get(minor)):
                replay.close(minor)
        if "SC" not in game.removed and game.holder.get("SC") not in replay.title.companies:
            _unassign_hexes(replay, "SC")
            game.assigned.pop("SC", None)
            _icons_off(replay, PORT, PORT_HEXES)
        for private, holder in game.holder.items():
            if not (private == MAIL and holder in replay.title.companies):
                game.closed.add(private)
        replay.remove_reservations(replay.title.privates[CWI]["name"])   # closed or sold
        game.assigned = {p: c for p, c in game.assigned.items() if c not in MINORS}
    if name == "IV" and not game.sixes:               # the first 6: remove_bonuses
        game.sixes = True
        for private in BONUSES:
            _unassign_hexes(replay, private)
        game.assigned.clear()
        for corporation, hex_id in RESERVED.items():
            replay.remove_reservations(corporation, hexes=(hex_id,))
