"""18GB game logs replayed (``trainrun.replay.gamelog``).

Engine ``G18GB::Game`` (g_18_gb/game.rb) and its steps (g_18_gb/step/):

* The scenario (``scenarios``) sets the trains in the bank, the corporations and the
  privates in play; every corporation in play has its home token from the start, and the
  homes and private reservations of those not in play are not on the board
  (docs/rules/18gb.md §1).
* A train is exported at the end of each operating round in which none was bought from the
  bank (the shared replay's ``export_unless_bought``); a lay on a trackless hex of several
  cities puts their tokens back at once (docs/rules/18gb.md §2).
* ``choose_ability`` ``close`` closes a private: it stays in the game with value 0 and
  blocks no hex; its positions name it in ``title_state`` ``closed_privates``. A private's
  lay (AF, LS, TV) or token (GN, MC) is the shared replay's, as logged; the token is one
  beyond the corporation's charter and gives it a green lay on that hex; GN's and MC's
  reservations go in phase 4+2 (docs/rules/18gb.md §3).
* Presidents and the privates' holders (``shares``) give each corporation's positions their
  ``privates`` and their president (``ReplayState.set_president``; the shared follower of
  shares leaves 18GB's certificates of two sizes alone); conversions give a corporation
  its conversion tokens; the 3+1, 5+2 and 6X events (docs/rules/18gb.md §4).
* The seat order that breaks presidency ties is the engine's ``first_to_pass``
  (``ReplayRules.seat_order``), from the order the waterfall auction leaves
  (``shares.Shares.auction_order``; docs/rules/common.md §10): a pass passes its player, a
  bid unpasses its bidder; once all have passed the bids are resolved and the privates
  with none discounted (engine ``G18GB::Step::WaterfallAuction#all_passed!``); the auction
  is over once every private has a bid. A forced bid of 0 (a private discounted to
  nothing) is not logged: the auction's end is then not seen, and the first stock round's
  action seats the players in an order not known.
* An insolvent corporation runs the bank's next train, leased; one in receivership then
  buys a train, unlogged, which ``ReplayState.decide`` settles (docs/rules/18gb.md §5).
"""
from __future__ import annotations

from trainrun.plugins.api import InputError, ReplayState, corporation_of, game_seed

from . import lays as _lays
from .scenarios import CONVERSION_TOKENS, GREEN_HOMES, Scenario, corporations, scenario_of
from .shares import Shares

FLOAT_60_ON = "3+1"            # engine TRAINS: the 3+1's float_60 event
FLOAT_10_SHARE_ON = "5+2"      # engine TRAINS: the 5+2's float_10_share event
REMOVE_UNSTARTED_ON = "6X"     # the 6X's remove_unstarted event
CONVERT_CHOICE = "convert_"    # engine BuySellParShares#choices: "convert_<corporation>"
AVAILABLE_ON = {"5X": "4X", "6X": "5X"}   # engine TRAINS: a train sold from that phase on
OWNER_TRACK = "owning_player_track"   # a private ability's time: its owner's track step
CONVERTS, NO_TRAIN = "converts, ", "no train"   # a receivership purchase's choices


class Game18GB:
    """This title's bookkeeping on a replay (``ReplayState.books``); its start sets the
    scenario up (engine ``init_scenario``, ``setup``)."""

    def __init__(self, replay: ReplayState):
        self.scenario: Scenario = scenario_of(replay.players, replay.settings)
        self.corporations = corporations(self.scenario,
                                         game_seed(replay.settings, replay.game_id))
        self.converted: set[str] = set()       # 10-share corporations
        self.special_tokens: dict[str, int] = {}   # tokens placed by GN and MC
        self.green_hexes: dict[str, list[str]] = {}   # special green hexes gained by tokens
        self.closed: set[str] = set()          # privates closed by their owner's choice
        self.used: set[str] = set()            # privates whose lay or token is used
        self.events: set[str] = set()
        self.emergency = False   # converted in a train emergency: its president may buy shares
        self.shares = Shares(replay.players)
        self.auction_over = False
        self.auction_passed: set[object] = set()   # players passed since the last resolution
        self._set_up(replay)

    def _set_up(self, replay: ReplayState) -> None:
        for name, count in self.scenario.train_counts.items():
            for train_id in [t for t in replay.bank if t.rpartition("-")[0] == name][count:]:
                replay.withdraw_train(train_id)
        on_map = [h for h in replay.board if h not in self.scenario.off_map]
        for corporation in replay.title.companies:
            if corporation not in self.corporations:   # the title's data has every home's
                for hex_id, city in replay.cities_of(corporation):
                    if hex_id in on_map:
                        replay.replace_token(hex_id, city, corporation, None)
                replay.remove_reservations(corporation, on_map)
            elif not replay.cities_of(corporation):
                replay.put_home_token(corporation)
        for sym, entry in replay.title.privates.items():
            if sym not in self.scenario.privates:
                replay.remove_reservations(entry.get("name", sym), on_map)
        # a home hex of a corporation not in play: the turn engine would keep it for it
        self.vacant_homes = frozenset(
            h for c, entry in replay.title.companies.items() if c not in self.corporations
            and isinstance(h := entry.get("home"), str) and h in on_map)
        for corporation in self.corporations:
            self.carry(replay, corporation)

    def carry(self, replay: ReplayState, corporation: str) -> None:
        """What ``corporation``'s positions carry: the privates closed, its tokens beyond the
        charter and its abilities (its green lays; its conversion tokens still to come)."""
        replay.set_title_state(corporation, {_lays.CLOSED_KEY: sorted(self.closed)})  # type: ignore[dict-item]
        extra = self.special_tokens.get(corporation, 0) + (
            CONVERSION_TOKENS[corporation] if corporation in self.converted else 0)
        replay.set_extra_tokens(corporation, extra)
        abilities = []
        if corporation not in self.converted:
            count = CONVERSION_TOKENS[corporation]
            abilities.append({"type": "base", "description": f"Conversion tokens: {count}",
                              "count": count})
        for hex_id in ([GREEN_HOMES[corporation]] if corporation in GREEN_HOMES else []) + \
                self.green_hexes.get(corporation, []):
            abilities.append({"type": "tile_lay", "hexes": [hex_id],
                              "description": f"May place a green tile in {hex_id}"})
        president = self.shares.president.get(corporation)
        # the lays of the privates its president holds, in its track step (engine
        # tracker.rb: abilities ``owning_player_track``), until used
        abilities += [replay.listed_ability(p, a) for p in self.scenario.privates
                      if president is not None and self.shares.holder(p) == president
                      and p not in self.used
                      for a in replay.title.privates.get(p, {}).get("abilities", ())
                      if a.get("type") == "tile_lay" and a.get("when") == OWNER_TRACK]
        replay.set_abilities(corporation, abilities)
        replay.set_president(corporation, president)   # None: in receivership
        replay.set_privates(corporation, {
            p: "president" if president is not None and self.shares.holder(p) == president
            else "player" for p in self.scenario.privates})

    def carry_all(self, replay: ReplayState) -> None:
        for corporation in self.corporations:
            self.carry(replay, corporation)


def replay_round(replay: ReplayState, action: dict) -> str | None:
    """The scenario set up as the first action comes up (``Game18GB``); the events of a
    phase an export began, as the next action comes up; a president's share trades after
    an emergency conversion belong to the operating round (``none``); a corporation
    insolvent, ending its turn or running with no train, runs the bank's next one, leased
    (docs/rules/18gb.md §5)."""
    game = replay.books(Game18GB)
    _events(replay, game)
    kind, entity_type = action["type"], action.get("entity_type")
    previous = replay.operating
    if previous is not None and replay.in_operating_rounds and (
            (entity_type == "corporation" and action.get("entity") != previous)
            or (entity_type == "player" and not game.emergency)):
        # its operating turn is over (engine G18GB::Round::Operating#after_operating):
        # insolvent while it has no train
        replay.set_leasing(previous, not replay.trains.get(previous))
    if entity_type == "corporation":
        game.emergency = game.emergency and action.get("entity") == previous
        corporation = replay.operator(action)
        if kind == "run_routes":
            # engine G18GB::Step::Route#actions: a corporation with no train runs only while
            # insolvent (check_insolvency!: one in receivership that cannot buy one); one
            # with a train had it at its last turn's end, so is not
            replay.set_leasing(corporation, not replay.trains.get(corporation))
    elif entity_type == "player" and game.emergency:
        return "none"     # engine G18GB::Step::EMRShareBuying, in the operating turn
    return None


def replay_action(replay: ReplayState, action: dict) -> bool | None:
    """A player's bid, par or share trade and a run (followed, then the shared replay's);
    a private closed; conversions; tokens in a home no corporation in play holds, and the
    privates' tokens; a corporation's lay with the tokens it lifts put back; the trains'
    events on a purchase."""
    game = replay.books(Game18GB)
    kind = action["type"]
    game.shares.seat_order = replay.seat_order
    if action.get("entity_type") == "player" and not game.auction_over:
        _auction_turn(replay, game, action)
    if action.get("entity_type") == "player" and kind in ("bid", "par", "buy_shares",
                                                          "sell_shares"):
        _trade(replay, game, action)
        return None
    if kind == "run_routes" and action.get("entity_type") == "corporation":
        _run(replay, game, action)
        return None
    if kind == "choose_ability":
        _close(replay, game, action)
        return True
    if kind == "choose":
        choice = str(action.get("choice", ""))
        if not choice.startswith(CONVERT_CHOICE):
            raise InputError(_at(action), f"unknown choice {choice!r}")
        _convert(replay, game, choice[len(CONVERT_CHOICE):], action)
        return True
    if kind == "convert":
        _convert(replay, game, replay.operator(action), action)
        game.emergency = True
        return True
    if kind == "place_token" and action.get("entity_type") == "corporation" and \
            replay.city_of(action)[0] in game.vacant_homes:
        # the home hex of a corporation not in play, which the turn engine keeps for it
        # (hexes of several cities): the token goes in the first free slot, as logged
        replay.put_token(*replay.city_of(action), replay.operator(action))
        return True
    if kind == "place_token" and action.get("entity_type") == "company":
        replay.place_token(action)
        corporation = replay.operator(action) if action.get("entity") in replay.owners else \
            str(action.get("tokener"))
        hex_id, _ = replay.city_of(action)
        private = replay.title.privates.get(str(action.get("entity")), {})
        replay.remove_reservations(private.get("name", ""), [hex_id])
        game.used.add(str(action.get("entity")))
        game.special_tokens[corporation] = game.special_tokens.get(corporation, 0) + 1
        game.green_hexes.setdefault(corporation, []).append(hex_id)
        game.carry(replay, corporation)
        return True
    if kind == "lay_tile":
        replay.lay_tile(action)
        if action.get("entity_type") == "corporation":
            _tokens_back(replay, action)
        elif action.get("entity_type") == "company":
            game.used.add(str(action.get("entity")))
            game.carry_all(replay)
        return True
    if kind == "buy_train":
        replay.buy_train(action)
        _events(replay, game)
        return True
    return None


def _auction_turn(replay: ReplayState, game: Game18GB, action: dict) -> None:
    """A player's action while the auction is under way (``Game18GB.auction_over``): its
    end seats the players (``ReplayState.seated``)."""
    kind, player = action["type"], action.get("entity")
    if kind == "bid":
        game.auction_passed.discard(player)
        return
    if kind == "pass":
        game.auction_passed.add(player)
        if not game.auction_passed >= set(replay.players):
            return
        game.auction_passed.clear()
        if any(game.shares.holder(p) is None for p in game.scenario.privates):
            return      # discounted and auctioned on
        order = game.shares.auction_order()
    elif kind in ("message", "log") or kind.startswith("program_"):
        return
    else:
        order = None    # a stock round's action: the auction ended with a bid not logged
    game.auction_over = True
    replay.seated(order)
    game.shares.seat_order = replay.seat_order


def _at(action: dict) -> str:
    """``action 63 (lay_tile)``: the action an error names."""
    return f"action {action.get('id')} ({action.get('type')})"


def _trade(replay: ReplayState, game: Game18GB, action: dict) -> None:
    """A player's bid, par or share trade: the privates' holders, the presidents."""
    kind, player = action["type"], action.get("entity")
    if kind == "bid":
        game.shares.bid(player, str(action.get("company")), int(action.get("price") or 0))
        return
    if kind == "par":
        corporation = str(action.get("corporation"))
        game.shares.par(player, corporation)
    else:
        certificates = [str(c) for c in action.get("shares") or ()]
        corporation = corporation_of(certificates[0]) if certificates else ""
        if corporation not in game.corporations:
            raise InputError(_at(action), f"no shares of a corporation of this game named "
                                          f"in {certificates}")
        worth = game.shares.percent_of(corporation, certificates)
        if worth is None:
            size = 10 if corporation in game.converted else 5
            raise InputError(_at(action), f"{certificates} are not all certificates of "
                                          f"{corporation}, of {size} shares")
        percent = worth if action.get("percent") is None else int(action["percent"])
        # a president's certificate bought from the pool may come in part (engine
        # ShareBundle's partial percent)
        if worth != percent and f"{corporation}_0" not in certificates:
            raise InputError(_at(action), f"{certificates} are not {percent}% of {corporation}")
        game.shares.trade(player, corporation, percent, certificates, kind == "buy_shares")
    game.carry_all(replay)


def _run(replay: ReplayState, game: Game18GB, action: dict) -> None:
    """A run: its trains must be those the corporation runs (its own, or the one it
    leases); an insolvent corporation in receivership then converts to 10 shares if it
    cannot afford the bank's cheapest train, and buys the dearest one it can afford, or
    none (engine ``G18GB::Round::Operating#after_process``), unlogged: which, the rest of
    the log tells (``ReplayState.decide``)."""
    corporation = replay.operator(action)
    # the trains it runs, as its position holds them: the bank's next one while leasing
    running = set(replay.bank[:1]) if corporation in replay.leasing else \
        {t.id for t in replay.trains.get(corporation, ())}
    for route in action.get("routes") or ():
        if route.get("train") not in running:
            raise InputError(_at(action), f"{corporation} runs no train {route.get('train')!r}")
    if corporation not in replay.leasing or not game.shares.in_receivership(corporation):
        return
    phases = list(replay.title.phases)
    on_sale: dict[str, str] = {}
    for train_id in replay.bank:
        name = train_id.rpartition("-")[0]
        available = AVAILABLE_ON.get(name)
        if not on_sale or (available is not None and phases.index(replay.phase.name)
                           >= phases.index(available)):
            on_sale.setdefault(name, train_id)
    by_price = sorted(on_sale.values(), reverse=True, key=lambda t: (
        replay.title.trains[t.rpartition("-")[0]].price or 0))
    # each choice as the line naming an unsettled fork shows it: "6X-3", "converts, 6X-3",
    # "no train", "converts, no train"
    converting = [""] if corporation in game.converted else ["", CONVERTS]
    choices = [f"{convert}{train or NO_TRAIN}" for convert in converting
               for train in [*by_price, None]]
    choice = replay.decide(action, "receivership purchase", choices, f"whether {corporation}, "
                           "insolvent in receivership, converts to 10 shares and which train "
                           "it buys, with cash trainrun does not follow")
    convert, bought = choice.startswith(CONVERTS), choice.removeprefix(CONVERTS)
    if convert:
        _convert(replay, game, corporation, action)
    if bought != NO_TRAIN:
        replay.buy_train({"type": "buy_train", "entity": corporation, "entity_type":
                          "corporation", "train": bought, "id": action.get("id")})
        _events(replay, game)


def _tokens_back(replay: ReplayState, action: dict) -> None:
    """The tokens a corporation's own lay lifted off a trackless tile of several cities go
    back at once: its own in the first city, another's in the second (engine
    ``G18GB::Step::TrackAndToken#update_token!``; a private's lay is the engine's
    SpecialTrack step, whose lifted tokens the shared replay leaves to a ``place_token``)."""
    hex_id, layer = action.get("hex"), replay.operator(action)
    for lifted_hex, holder in replay.lifted_tokens:
        if lifted_hex == hex_id:
            replay.put_lifted_token(hex_id, 0 if holder == layer else 1, holder)


def _close(replay: ReplayState, game: Game18GB, action: dict) -> None:
    """A private closed by its owner (engine ``SpecialChoose#process_choose_ability``)."""
    private, choice = action.get("entity"), action.get("choice")
    if choice != "close" or private not in replay.title.privates:
        raise InputError(_at(action), f"unknown choice {choice!r} of {private!r}")
    game.closed.add(str(private))
    game.carry_all(replay)


def _convert(replay: ReplayState, game: Game18GB, corporation: str, action: dict) -> None:
    """``corporation`` becomes a 10-share corporation (engine ``convert_to_ten_share``)."""
    if corporation not in game.corporations:
        raise InputError(_at(action), f"{corporation!r} is not a corporation of this game")
    if corporation in game.converted:
        raise InputError(_at(action), f"{corporation} is a 10-share corporation already")
    game.converted.add(corporation)
    game.shares.convert(corporation)
    game.carry(replay, corporation)


def _events(replay: ReplayState, game: Game18GB) -> None:
    """The events of the phases begun so far, each once: the unstarted corporations
    converted (5+2) or removed with a 6X train each (6X); the reservations gone in this
    phase."""
    phases = list(replay.title.phases)
    now = phases.index(replay.phase.name)
    game.shares.late_float = now >= phases.index(FLOAT_60_ON)
    if now >= phases.index(FLOAT_10_SHARE_ON) and FLOAT_10_SHARE_ON not in game.events:
        game.events.add(FLOAT_10_SHARE_ON)
        for corporation in set(game.corporations) - game.shares.floated - game.converted:
            game.converted.add(corporation)
            game.shares.convert(corporation)
        game.carry_all(replay)
    if now >= phases.index(REMOVE_UNSTARTED_ON) and REMOVE_UNSTARTED_ON not in game.events:
        game.events.add(REMOVE_UNSTARTED_ON)
        removed = [t for t in replay.bank if t.rpartition("-")[0] == REMOVE_UNSTARTED_ON]
        unstarted = len(set(game.corporations) - game.shares.floated)
        for train_id in removed[len(removed) - min(unstarted, len(removed)):]:
            replay.withdraw_train(train_id)
    for sym, entry in replay.title.privates.items():
        for ability in entry.get("abilities", ()):
            if ability.get("type") == "reservation" and ability.get("remove") in phases \
                    and now >= phases.index(ability["remove"]):
                replay.remove_reservations(entry.get("name", sym))
