"""18AL game logs replayed (``trainrun.replay.gamelog``; docs/rules/18al.md §7).

Engine ``G18AL::Game`` (g_18_al/game.rb) and its steps (g_18_al/step/):

* Home tokens go down as each corporation first operates (base.rb ``HOME_TOKEN_TIMING``);
  L&N's in Nashville A4, whose city is reserved for it.
* Floats: a corporation floats once 60% of its shares have left its treasury (engine
  corporation.rb ``float_percent`` 60; the president's share 20%, every other 10%),
  followed from the log's ``par`` and ``buy_shares``. With the optional rule
  ``double_yellow_first_or`` a corporation floated in a stock round lays two tiles in its
  first operating turn, the second yellow and only if the first was no upgrade
  (``tile_lays``, ``@recently_floated``): its positions carry ``title_state``
  ``extra_yellow`` 1 until that turn is over (docs/rules/18al.md §3.2).
* Abilities (``ReplayState.set_abilities``), in the engine's order (corporation.rb
  ``all_abilities``: the privates' it holds, in the order bought, then its own):
  each corporation's historical objective (``assign_hexes`` on one hex, left when it places
  a token there: g_18_al/step/token.rb, +$100 to its treasury, company income not
  followed); the Memphis & Charleston bought by a corporation gives it the Robert E. Lee
  (``atlanta_birmingham``) and Pan American (``mobile_nashville``) bonuses
  (step/buy_company.rb), lost when its president changes in a player's stock turn that
  ends with a ``pass`` (step/buy_sell_par_shares.rb ``process_pass``); the South & North
  Alabama's ``assign`` of the Warrior Coal Field puts the ``SNAR`` marker on the hex and
  gives its owner a ``hexes_bonus`` of 10 there (step/assign.rb); the Brown & Sons
  Lumber's lay and the New Decatur Yards' train use their abilities up (the Yards close).
* The first 5 closes the privates (base.rb ``event_close_companies!``); the first 6
  takes the Warrior Coal Field token and its bonus away (``event_remove_tokens!``); the
  first 7 makes the 4s obsolete: each runs once more and leaves the game after its
  company's dividend (base.rb ``rust_trains!``, step/dividend.rb
  ``rust_obsolete_trains!``), or with ``hard_rust_t4`` rusts at once. No train is exported.

The optional rule ``LN_home_city_moved`` (Nashville an off-board, L&N's home Decatur C4)
is refused; ``unlimited_4d`` changes only how many 4Ds the bank holds, which no position
shows. The Warrior Coal Field's ``assign`` takes every icon off its five hexes, as the
engine does (g_18_al/game.rb ``remove_mining_icons``).
"""
from __future__ import annotations

from trainrun.plugins.api import InputError, ReplayRules, ReplayState

FLOAT_PERCENT = 60
PRESIDENT, SHARE = 20, 10
REFUSED_OPTIONS = ("LN_home_city_moved",)
EXTRA_YELLOW = "extra_yellow"      # title_state: the first-OR second yellow lay is due
SNAR, BLC, MC, NDY = "SNAR", "BLC", "M&C", "NDY"
WARRIOR_BONUS = 10
# M&C's bonuses: (ability type, marker name, hexes, amount), engine step/buy_company.rb
NAMED_TRAINS = (("atlanta_birmingham", "Robert E. Lee", ("G8", "G4"), 20),
                ("mobile_nashville", "Pan American", ("Q2", "A4"), 40))
# the corporations' historical objectives (engine g_18_al/entities.rb CORPORATIONS)
OBJECTIVES = {"L&N": "G4", "M&O": "K2", "WRA": "J7", "ATN": "L1", "ABC": "G4", "TAG": "G4"}
CLOSE_ON, REMOVE_TOKENS_ON, OBSOLETE_ON, OBSOLETE = "5", "6", "7", "4"
# the private abilities an engine position lists (the others have none)
PRIVATE_ABILITIES = (SNAR, BLC, NDY)


def replay_rules(settings: dict) -> ReplayRules:
    options = settings.get("optional_rules") or ()
    refused = [o for o in REFUSED_OPTIONS if o in options]
    if refused:
        raise InputError("settings.optional_rules", f"trainrun does not replay 18AL with "
                                                    f"{', '.join(refused)}")
    return ReplayRules()


class Game18AL:
    """This title's bookkeeping on a replay (``ReplayState.books``)."""

    def __init__(self, replay: ReplayState):
        options = replay.settings.get("optional_rules") or ()
        self.double_yellow = "double_yellow_first_or" in options
        self.hard_rust = "hard_rust_t4" in options
        self.sold: dict[str, dict[str, int]] = {}        # shares out of each treasury
        self.floated: set[str] = set()
        self.holdings: dict[str, dict[object, int]] = {}  # corporation -> player -> percent
        self.presidents: dict[str, object] = {}
        self.extra_yellow: set[str] = set()               # its first OR's two lays are due
        self.began: set[str] = set()                      # ... and its turn has begun
        self.own: dict[str, list[dict]] = {c: [_objective(replay, c, h)]
                                           for c, h in OBJECTIVES.items()
                                           if c in replay.title.companies}
        self.bought: dict[str, list[str]] = {}            # corporation -> privates, in order
        self.spent: set[str] = set()                      # privates whose ability is used
        self.closed: set[str] = set()
        self.events: set[str] = set()                     # the trains whose events came
        self.ran: str | None = None                       # ran with obsolete trains
        self.stock_turn: tuple[object, object] | None = None   # (player, M&C's president)
        self.coal_hex: str | None = None


def _game(replay: ReplayState) -> Game18AL:
    return replay.books(Game18AL)


def _location(replay: ReplayState, hex_id: str) -> str:
    mh = replay.title.hexes.get(hex_id)
    return mh.location if mh is not None else hex_id


def _objective(replay: ReplayState, corporation: str, hex_id: str) -> dict:
    """The historical objective ability as the engine describes it (game.rb ``setup``)."""
    return {"type": "assign_hexes", "description": f"Historical objective: "
            f"{_location(replay, hex_id)}", "count": 1, "hexes": [hex_id]}


def _private_abilities(replay: ReplayState, game: Game18AL, sym: str) -> list[dict]:
    """The live abilities of private ``sym`` as an engine position lists them for its
    owner: type, count, hexes and the private's name."""
    if sym not in PRIVATE_ABILITIES or sym in game.spent or sym in game.closed:
        return []
    data = replay.title.privates.get(sym, {})
    return [replay.listed_ability(sym, ability) for ability in data.get("abilities", ())]


def _publish(replay: ReplayState, game: Game18AL) -> None:
    """Every corporation's abilities and privates, as its positions carry them."""
    owners = replay.owners
    for corporation in replay.title.companies:
        held = [p for p in game.bought.get(corporation, ()) if owners.get(p) == corporation]
        abilities = [a for p in held for a in _private_abilities(replay, game, p)]
        replay.set_abilities(corporation, abilities + game.own.get(corporation, []))
        seen = {}
        for sym in replay.title.privates:
            if sym in game.closed:
                continue
            owner = owners.get(sym)
            seen[sym] = ("company" if owner == corporation else
                         "other" if owner is not None else "player")
        replay.set_privates(corporation, seen)


# ---- rounds and turns -------------------------------------------------------------------

def _operator(replay: ReplayState, action: dict) -> str | None:
    kind = action.get("entity_type")
    if kind == "corporation":
        return action.get("entity")
    if kind == "company" and action.get("entity") in replay.owners:
        return replay.owners[action["entity"]]
    return None


def replay_round(replay: ReplayState, action: dict) -> str | None:
    """The first-OR second lay ends with its corporation's turn; a company that ran with
    obsolete trains and no dividend to follow loses them; a player's stock turn begins."""
    game = _game(replay)
    _publish(replay, game)
    if game.ran is not None and not (action["type"] == "dividend"
                                     and action.get("entity") == game.ran):
        _obsolete_trains_leave(replay, game)
    acting = _operator(replay, action)
    if acting is not None:
        for corporation in sorted(game.extra_yellow):
            if corporation in game.began and acting != corporation:
                game.extra_yellow.discard(corporation)
                replay.drop_title_state(corporation)
        if acting in game.extra_yellow:
            game.began.add(acting)
    if action.get("entity_type") == "player" and action["type"] in (
            "buy_shares", "sell_shares", "par", "pass", "bid", "buy_company"):
        player = action.get("entity")
        if game.stock_turn is None or game.stock_turn[0] != player:
            game.stock_turn = (player, _mc_president(game, replay))
    return None


def _mc_holder(game: Game18AL, replay: ReplayState) -> str | None:
    return next((c for c, own in game.own.items()
                 if any(a["type"] == NAMED_TRAINS[0][0] for a in own)), None)


def _mc_president(game: Game18AL, replay: ReplayState) -> object:
    holder = _mc_holder(game, replay)
    return game.presidents.get(holder) if holder is not None else None


# ---- actions ----------------------------------------------------------------------------

def replay_action(replay: ReplayState, action: dict) -> bool | None:
    game = _game(replay)
    kind = action["type"]
    done: bool | None = None
    if kind == "par" and isinstance(action.get("corporation"), str):
        _take(game, action["corporation"], action.get("entity"), f"{action['corporation']}_0",
              PRESIDENT)
        _floats(replay, game, action["corporation"])
    elif kind == "buy_shares" and action.get("entity_type") == "player":
        for share in action.get("shares") or ():
            if isinstance(share, str) and "_" in share:
                corporation = share.rpartition("_")[0]
                _take(game, corporation, action.get("entity"), share,
                      PRESIDENT if share.endswith("_0") else SHARE)
                _floats(replay, game, corporation)
    elif kind == "sell_shares" and action.get("entity_type") == "player":
        for share in action.get("shares") or ():
            if isinstance(share, str) and "_" in share:
                _give(game, share.rpartition("_")[0], action.get("entity"),
                      PRESIDENT if share.endswith("_0") else SHARE)
    elif kind == "pass" and action.get("entity_type") == "player":
        _presidency_checked(replay, game, action)
    elif kind == "buy_company" and action.get("entity_type") == "corporation":
        replay.set_owner(str(action.get("company")), str(action["entity"]))
        _bought(replay, game, str(action["entity"]), str(action.get("company")))
        done = True
    elif kind == "assign":
        _assign(replay, game, action)
        done = True
    elif kind == "lay_tile" and action.get("entity_type") == "company":
        replay.lay_tile(action)
        game.spent.add(str(action.get("entity")))
        done = True
    elif kind == "place_token" and action.get("entity_type") == "corporation":
        corporation = str(action["entity"])
        before = set(replay.cities_of(corporation))
        replay.place_token(action)
        for hex_id, _ in set(replay.cities_of(corporation)) - before:
            _objective_reached(game, corporation, hex_id)
        done = True
    elif kind == "buy_train":
        replay.buy_train(action)
        if action.get("entity_type") == "company" and action.get("entity") == NDY:
            _close(replay, game, NDY)   # its discount used up closes it
        _train_events(replay, game, str(action.get("train", "")).rpartition("-")[0])
        done = True
    elif kind == "run_routes" and OBSOLETE_ON in game.events and not game.hard_rust:
        game.ran = replay.operator(action)
    elif kind == "dividend" and game.ran is not None:
        _obsolete_trains_leave(replay, game)
    _publish(replay, game)
    return done


def _take(game: Game18AL, corporation: str, player: object, share: str, percent: int) -> None:
    game.sold.setdefault(corporation, {}).setdefault(share, percent)
    held = game.holdings.setdefault(corporation, {})
    held[player] = held.get(player, 0) + percent
    _president(game, corporation, player)


def _give(game: Game18AL, corporation: str, player: object, percent: int) -> None:
    held = game.holdings.setdefault(corporation, {})
    held[player] = held.get(player, 0) - percent
    _president(game, corporation, player)


def _president(game: Game18AL, corporation: str, trader: object) -> None:
    """The president after a trade: the current one unless another holds more (the
    trader first, buying; engine share_pool.rb ``change_president``, ties keep it)."""
    held = game.holdings.get(corporation, {})
    current = game.presidents.get(corporation)
    most = max(held.values(), default=0)
    if current is not None and held.get(current, 0) >= most:
        return
    if held.get(trader, 0) == most:
        game.presidents[corporation] = trader
    else:
        game.presidents[corporation] = next(p for p, n in held.items() if n == most)


def _presidency_checked(replay: ReplayState, game: Game18AL, action: dict) -> None:
    """A player's stock turn ending with a pass: where the M&C holder's president changed
    during it, its named-train bonuses leave (g_18_al/step/buy_sell_par_shares.rb)."""
    turn, game.stock_turn = game.stock_turn, None
    holder = _mc_holder(game, replay)
    if turn is None or holder is None or turn[1] is None:
        return
    if turn[0] == action.get("entity") and game.presidents.get(holder) != turn[1]:
        names = {t for t, *_ in NAMED_TRAINS}
        game.own[holder] = [a for a in game.own[holder] if a["type"] not in names]


def _floats(replay: ReplayState, game: Game18AL, corporation: str) -> None:
    if corporation in game.floated or sum(game.sold.get(corporation, {}).values()) < \
            FLOAT_PERCENT:
        return
    game.floated.add(corporation)
    if game.double_yellow and not replay.in_operating_rounds:
        game.extra_yellow.add(corporation)
        replay.set_title_state(corporation, {EXTRA_YELLOW: 1})


def _bought(replay: ReplayState, game: Game18AL, corporation: str, private: str) -> None:
    for others in game.bought.values():
        if private in others:
            others.remove(private)
    game.bought.setdefault(corporation, []).append(private)
    if private == MC:
        for kind, name, hexes, amount in NAMED_TRAINS:
            ends = "-".join(_location(replay, h) for h in hexes)
            game.own.setdefault(corporation, []).append(
                {"type": kind, "description": f"{name}: {ends} (${amount})",
                 "hexes": list(hexes), "amount": amount})


def _assign(replay: ReplayState, game: Game18AL, action: dict) -> None:
    """The Warrior Coal Field token on the hex the SNAR names (g_18_al/step/assign.rb)."""
    if action.get("entity") != SNAR or SNAR not in replay.owners:
        raise InputError("entity", "only the South & North Alabama, held by a corporation, "
                                   "assigns the Warrior Coal Field")
    hexes = next((a.get("hexes", ()) for a in replay.title.privates[SNAR].get("abilities", ())
                  if a.get("type") == "assign_hexes"), ())
    target = action.get("target")
    if not isinstance(target, str) or target not in hexes or SNAR in game.spent:
        raise InputError("target", f"the Warrior Coal Field cannot go on {target!r}")
    owner = replay.owners[SNAR]
    replay.set_markers(target, replay.board[target].markers + (SNAR,))
    for hex_id in hexes:   # the mining icons leave (game.rb ``remove_mining_icons``)
        replay.set_icons(hex_id, ())
    game.spent.add(SNAR)
    game.coal_hex = target
    game.own.setdefault(owner, []).append(
        {"type": "hexes_bonus", "description": f"Warrior Coal Field token: "
         f"{_location(replay, target)}", "hexes": [target], "amount": WARRIOR_BONUS})


def _objective_reached(game: Game18AL, corporation: str, hex_id: str) -> None:
    """A token in its historical objective's hex: the objective is met (+$100 to its
    treasury, not followed) and leaves (g_18_al/step/token.rb ``place_token``)."""
    game.own[corporation] = [a for a in game.own.get(corporation, [])
                             if not (a["type"] == "assign_hexes" and a["hexes"] == [hex_id])]


def _close(replay: ReplayState, game: Game18AL, private: str) -> None:
    game.closed.add(private)
    if private in replay.owners:
        replay.release_private(private)


def _train_events(replay: ReplayState, game: Game18AL, name: str) -> None:
    if name in game.events:
        return
    game.events.add(name)
    if name == CLOSE_ON:
        for private in replay.title.privates:
            _close(replay, game, private)
    elif name == REMOVE_TOKENS_ON:
        for corporation, own in game.own.items():
            game.own[corporation] = [a for a in own if a["type"] != "hexes_bonus"]
        if game.coal_hex is not None:
            hex_id, game.coal_hex = game.coal_hex, None
            replay.set_markers(hex_id, tuple(m for m in replay.board[hex_id].markers
                                             if m != SNAR))
    elif name == OBSOLETE_ON and game.hard_rust:
        for company, trains in replay.trains.items():
            replay.retire_trains(company, [t for t in trains if t.name == OBSOLETE])


def _obsolete_trains_leave(replay: ReplayState, game: Game18AL) -> None:
    """After its run, the dividend paid or skipped, the company's obsolete 4s leave the
    game (engine step/dividend.rb ``rust_obsolete_trains!``)."""
    company, game.ran = game.ran, None
    assert company is not None
    replay.retire_trains(company, [t for t in replay.trains.get(company, ())
                                   if t.name == OBSOLETE])
