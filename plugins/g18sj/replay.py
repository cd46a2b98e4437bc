"""18SJ game logs replayed (``trainrun.replay.gamelog``; docs/rules/18sj.md §1).

The setup is drawn from the game's seed as the engine draws it (``draws``; engine
g_18_sj/game.rb ``init_companies``, ``init_corporations``, ``select``; base.rb
``init_company_abilities``): one private of each optional pair leaves the game, then one of
the four optional corporations, then the corporation whose president's share Nils Ericsson
brings. The corporation removed loses its home's reservation; a private removed takes its
icons off the map (``close_cleanup``: the GKB icons of Göta kanalbolag, the port icons of
Sveabolaget). The minor KHJ starts with the bank's first 2 train (its home token is on the
map). Home tokens go down as each corporation first operates. Beside the shared replay:

* ``choose``: a player taking the priority deal with Nils Ericsson's first tjing closes it
  (step/choose_priority.rb); in the two-player variant, the corporation A.W. Edelswärd's
  bot requisitions (``bot``);
* ``assign``: Sveabolaget's port token moves to the hex named (step/assign_sveabolaget.rb);
  Göta kanalbolag's owner places its 50, 30, then 20 bonus token
  (step/assign_gotakanalbolaget.rb); after the owner's run the largest of them its routes
  stopped at leaves (step/route.rb);
* ``lay_tile``: a corporation's lay that joins a main-line hex's two main-line edges takes
  the main-line icon off (``main_line_improvement``); while its turn's lays go on, its
  positions state ``title_state.main_line_improved`` (``lays``);
* ``buy_train``: a 5 or 6 traded in for a D or E leaves the game, a 4 goes back to the
  bank, where it rusts (step/buy_train_action.rb); the first 4, 6 and D (or E) each
  nationalise a trainless corporation (``nationalization``); the first 5 closes the
  privates but the first tjing, the port icons, Sveabolaget's token, the GKB icons and
  the minor KHJ with its token (``event_close_companies!``); the first train a corporation
  buys closes the private that brought its president's share;
* ``buy_company``: the KHJ private merges its minor into the buying corporation
  (step/buy_company.rb: docs/rules/18sj.md §1.7);
* Gellivare Company's lay ability is gone after the dividend step of the round it laid in
  (``clean_up_after_dividend``), Motala Verkstad's once its owner bought from the bank
  before its run.

Each company's positions carry the privates as it sees them and the abilities of those it
holds as an engine position lists them (the bot's corporations: their free lay and token,
``lays.requisitioned``).
"""
from __future__ import annotations

from trainrun.plugins.api import InputError, ReplayRules, ReplayState, engine_numbers, game_seed

from . import nationalization as _nationalization
from .bot import Bot
from .depot import Depot
from .lays import IMPROVED_KEY, MAIN_LINE_ICONS, connects_main_line

# engine g_18_sj/game.rb OPTIONAL_PRIVATE_A..D and OPTIONAL_PUBLIC, drawn in this order
OPTIONAL_PRIVATES = (("NE", "AEvR"), ("NOJ", "FRY"), ("NOHAB", "MV"), ("GKB", "SB"))
OPTIONAL_PUBLIC = ("STJ", "TGOJ", "ÖSJ", "MYJ")
# their homes' reservations (engine entities.rb ``coordinates``): the map data lacks the one
# its export game drew away, the replay's setup takes off the one this game draws
OPTIONAL_HOMES = {"STJ": "F19", "TGOJ": "D19", "ÖSJ": "C2", "MYJ": "A2"}
NE, NEFT, GKB, SB, GC, MV = "NE", "NEFT", "GKB", "SB", "GC", "MV"
MINORS = ("KHJ",)                               # engine entities.rb MINORS
# the port icons Sveabolaget's presence leaves on its hexes (engine map.rb; the map data's
# export game drew Sveabolaget away), which its cleanup takes off (``cleanup_sb``)
PORTS = {"A6": 2, "C2": 1, "D5": 1, "F19": 1, "F23": 2, "G26": 1}
PORT, SB_TOKEN, GKB_ICON = "port", "sb_token", "GKB"
GKB_AMOUNTS = {3: 50, 2: 30, 1: 20}             # the ability's count left -> the token's
GC_SPENT = 99                                   # Gellivare's lays counted: none left
CLOSE_ON = "5-0"                                # engine TRAINS: the 5's close_companies
# the ability types an engine position lists for the privates a company holds (the corpus
# lines of tests/data/corpus/18SJ); the others change nothing trainrun answers
LISTED = ("blocks_hexes", "tile_lay", "tile_discount", "assign_hexes", "token", "train_buy")


def replay_rules(settings: dict) -> ReplayRules:
    """Home tokens as each corporation first operates; the four optional corporations'
    homes reserved (the setup takes the drawn one's off)."""
    return ReplayRules(reserved={h: (c,) for c, h in OPTIONAL_HOMES.items()})


def draws(seed: object) -> tuple[list[str], str, int]:
    """The privates the setup removes, the corporation it removes, and the number Nils
    Ericsson's corporation is drawn from (engine ``select``: ``min_by { rand }``, one
    number per candidate; base.rb ``init_company_abilities``: ``rand % corporations``)."""
    drawn = engine_numbers(seed, "18SJ's setup")

    def select(names: tuple[str, ...]) -> str:
        keys = [next(drawn) for _ in names]
        return names[keys.index(min(keys))]
    privates = [select(pair) for pair in OPTIONAL_PRIVATES]
    return privates, select(OPTIONAL_PUBLIC), next(drawn)


class Game:
    """This title's bookkeeping on a replay (``ReplayState.books``); its setup made on the
    board as it begins."""

    def __init__(self, replay: ReplayState):
        title = replay.title
        removed, corporation, ne_draw = draws(game_seed(replay.settings, replay.game_id))
        if NE in removed:
            removed.append(NEFT)
        self.closed: set[str] = set(removed)           # privates closed (or never in play)
        self.gone: set[str] = {corporation}            # corporations out of the game
        corporations = [c for c in title.companies if c not in self.gone
                        and c not in MINORS]
        # the private closing as a corporation buys its first train: AEvR's (privates.json)
        # and Nils Ericsson's, for the corporation drawn (engine ``setup``)
        self.brings = {sym: a["corporation"] for sym, data in title.privates.items()
                       for a in data.get("abilities", ()) if a.get("type") == "close"
                       and a.get("when") == "bought_train" and "corporation" in a}
        if NE not in removed:
            self.brings[NE] = corporations[ne_draw % len(corporations)]
        self.operated: set[str] = set()               # corporations that have operated
        self.bought_train: set[str] = set()            # ... and bought a train
        self.gkb_left = 3                              # Göta kanal tokens still to place
        self.improved: str | None = None               # company whose lays state it
        self.gc_laid = False                           # Gellivare laid this round
        self.gc_lays = 0                               # Gellivare's lays made (GC_SPENT)
        self.ran: tuple | None = None                  # the last turn that ran, ``_turn``
        self.mv_used = False                           # Motala Verkstad's early purchase
        self.fired: set[str] = set()                   # the trains whose events came
        self.bot = Bot(replay)
        self.trains = Depot(replay, len(MINORS))
        replay.remove_reservations(corporation)
        if SB not in removed:
            for hex_id, count in PORTS.items():
                _icons(replay, hex_id, add=(PORT,) * count)
        if GKB in removed:
            for hex_id in _hexes(replay, GKB):
                _icons(replay, hex_id, drop=(GKB_ICON,))
        for minor in MINORS:
            train = self.trains.upcoming()
            replay.buy_train({"type": "buy_train", "entity": minor, "entity_type": "minor",
                              "train": train, "price": 0, "id": 0})
            self.trains.bought(train)


def _game(replay: ReplayState) -> Game:
    return replay.books(Game)


def _hexes(replay: ReplayState, private: str) -> tuple[str, ...]:
    """The hexes ``private`` assigns (its ``assign_hexes`` ability, privates.json)."""
    return next((tuple(a.get("hexes", ())) for a in replay.title.privates[private].get(
        "abilities", ()) if a.get("type") == "assign_hexes"), ())


def _kept_open(replay: ReplayState, private: str) -> bool:
    """``private`` stays open as the first 5 closes the others: its close ability's phase
    never comes (engine base.rb ``event_close_companies!``: the first tjing's ``never``)."""
    future = list(replay.title.phases)
    future = future[future.index(replay.phase.name) + 1:]
    return any(a.get("type") == "close" and (a.get("on_phase") == "never"
                                             or a.get("on_phase") in future)
               for a in replay.title.privates[private].get("abilities", ()))


def _icons(replay: ReplayState, hex_id: str, add: tuple[str, ...] = (),
           drop: tuple[str, ...] = ()) -> None:
    icons = [i for i in replay.board[hex_id].icons if i not in drop]
    replay.set_icons(hex_id, tuple(icons) + add)


# ---- rounds -----------------------------------------------------------------------------

def replay_round(replay: ReplayState, action: dict) -> str | None:
    """The setup as the log begins; a turn's main-line state ends with its lays; the bot's
    corporation takes its trains after a dividend step it did not log."""
    game = _game(replay)
    if game.improved is not None and action["type"] != "lay_tile":
        replay.drop_title_state(game.improved)
        game.improved = None
    acting = _operator(replay, action)
    if acting is not None and acting in game.gone:
        raise InputError("entity", f"{acting} has left the game (nationalised or removed)")
    due = game.bot.turn_changes(acting)
    if due is not None:
        _automa_trains(replay, game, due, action)
    if acting is not None and acting != replay.operating and game.gc_laid:
        _gc_used(replay, game)
    if acting in replay.title.companies and acting not in MINORS:
        game.operated.add(acting)
    _publish(replay, game)
    return None


def _operator(replay: ReplayState, action: dict) -> str | None:
    kind = action.get("entity_type")
    if kind in ("corporation", "minor"):
        return action.get("entity")
    if kind == "company" and action.get("entity") in replay.owners:
        return replay.owners[action["entity"]]
    return None


# ---- actions ----------------------------------------------------------------------------

def replay_action(replay: ReplayState, action: dict) -> bool | None:
    game = _game(replay)
    kind = action["type"]
    done: bool | None = None
    if kind == "choose":
        _choose(replay, game, action)
        done = True
    elif kind == "assign":
        _assign(replay, game, action)
        done = True
    elif kind == "lay_tile":
        _lay(replay, game, action)
        done = True
    elif kind == "buy_train":
        buy(replay, game, action)
        done = True
    elif kind == "buy_company" and action.get("entity_type") == "corporation":
        _buy_company(replay, game, str(action["entity"]), str(action.get("company")))
        done = True
    elif kind == "place_token" and action.get("entity_type") == "corporation":
        replay.place_token(action)
        game.bot.placed_token(replay.operator(action))
        done = True
    elif kind == "discard_train":
        game.trains.returned(str(action.get("train")))
    elif kind == "run_routes":
        game.ran = _turn(replay)
        _gkb_spent(replay, game, action)
    elif kind == "dividend":
        if game.gc_laid:
            _gc_used(replay, game)
        company = replay.operator(action)
        if game.bot.dividend(company):
            _automa_trains(replay, game, company, action)
    _publish(replay, game)
    return done


def _buy_company(replay: ReplayState, game: Game, buyer: str, private: str) -> None:
    """A private to a corporation; the KHJ private merges its minor into the buyer
    (step/buy_company.rb): the buyer's token in the minor's city leaves, else the minor's
    token there becomes the buyer's, a token beyond its charter; its trains go to the
    buyer; minor and private close (a token left to the minor stays, as the engine
    leaves it)."""
    if private not in MINORS:
        replay.set_owner(private, buyer)
        return
    minor = private
    homes = set(replay.cities_of(minor))
    duplicates = [c for c in replay.cities_of(buyer) if c in homes]
    for hex_id, city in duplicates:
        replay.replace_token(hex_id, city, buyer, None)
    replay.remove_reservations(minor)
    if not duplicates:   # the engine makes the buyer a new token for it
        for hex_id, city in sorted(homes):
            if _nationalization.transfer_token(replay, hex_id, city, minor, buyer):
                replay.set_extra_tokens(buyer, replay.extra_tokens.get(buyer, 0) + 1)
    replay.take_trains(minor, buyer)
    game.gone.add(minor)
    game.closed.add(private)


def _choose(replay: ReplayState, game: Game, action: dict) -> None:
    """The first tjing used (or kept), or the bot's requisition."""
    choice = action.get("choice")
    if choice == "activate":
        game.closed.add(NEFT)
    elif choice != "wait":
        game.bot.requisition(replay, game, action)


def _assign(replay: ReplayState, game: Game, action: dict) -> None:
    """Sveabolaget's token moved, or Göta kanalbolag's next token placed, on the hex the
    action names (each private held by a corporation: its ability's ``owner_type``)."""
    target = action.get("target")
    entity = action.get("entity")
    if entity == SB and SB not in game.closed and SB in replay.owners:
        marker = SB
    elif (entity is not None and entity == replay.owners.get(GKB) and GKB not in game.closed
          and game.gkb_left):
        entity = GKB
        marker = f"GKB{GKB_AMOUNTS[game.gkb_left]}"
        if isinstance(target, str) and target in replay.board and any(
                m.startswith("GKB") for m in replay.board[target].markers):
            raise InputError("target", f"{target} holds a Göta kanal token already")
        game.gkb_left -= 1
    else:
        raise InputError("entity", f"{entity!r} has nothing to assign")
    if not isinstance(target, str) or target not in _hexes(replay, entity):
        raise InputError("target", f"{entity} cannot assign {target!r}")
    if marker == SB:
        for hex_id in _hexes(replay, SB):
            if SB in replay.board[hex_id].markers:
                _markers(replay, hex_id, drop=SB)
    replay.set_markers(target, replay.board[target].markers + (marker,))


def _markers(replay: ReplayState, hex_id: str, drop: str) -> None:
    replay.set_markers(hex_id, tuple(m for m in replay.board[hex_id].markers if m != drop))


def _gkb_spent(replay: ReplayState, game: Game, action: dict) -> None:
    """After the GKB owner's run the largest Göta kanal token its routes stop at leaves."""
    if GKB in game.closed or replay.owners.get(GKB) != replay.operator(action):
        return
    stops = {h for route in action.get("routes") or () if isinstance(route, dict)
             for h in route.get("hexes") or () if isinstance(h, str) and h in replay.board}
    held = [(int(m[3:]), h, m) for h in stops for m in replay.board[h].markers
            if m.startswith("GKB") and m[3:].isdigit()]
    if held:
        _, hex_id, marker = max(held)
        _markers(replay, hex_id, drop=marker)


def _lay(replay: ReplayState, game: Game, action: dict) -> None:
    """The lay; a corporation's improving a main line takes the icon off."""
    replay.lay_tile(action)      # a lay on no hex of the map is refused there
    if action.get("entity_type") == "company":
        if action.get("entity") == GC:
            game.gc_laid, game.gc_lays = True, game.gc_lays + 1
        return
    company, hex_id = replay.operator(action), str(action["hex"])
    placed = replay.board[hex_id]      # the icons are sticky: still on the hex
    icons = [i for i in placed.icons if i in MAIN_LINE_ICONS]
    improved = bool(icons) and connects_main_line(hex_id, placed.tile, placed.rotation)
    if improved:
        _icons(replay, hex_id, drop=tuple(icons))
    stated = replay.title_state.get(company, {}).get(IMPROVED_KEY)
    replay.set_title_state(company, {IMPROVED_KEY: bool(stated) or improved})
    game.improved = company


def _automa_trains(replay: ReplayState, game: Game, corporation: str, action: dict) -> None:
    """The bot's ``corporation`` takes the bank's next new trains, free, as it needs them
    (``bot``), in the replay of ``action``."""
    while game.bot.needs_train(replay, corporation):
        train = game.trains.upcoming()
        buy(replay, game, {"type": "buy_train", "entity": corporation,
                           "entity_type": "corporation", "train": train, "price": 0,
                           "variant": game.bot.variant(train.rpartition("-")[0]),
                           "id": action.get("id"), "auto": action.get("auto", 0)},
            automatic=True)


def buy(replay: ReplayState, game: Game, action: dict, automatic: bool = False) -> None:
    """A train bought (``automatic``: by the bot's corporation, unlogged): the train traded
    in, the events of the first of its type, the first train of a corporation closing the
    private that brought its president's share."""
    company = replay.operator(action)
    train = str(action.get("train"))
    exchange = action.get("exchange")
    victim = _nationalization.victim(replay, game, action, train, automatic)
    first = train not in game.fired     # the first of its type: its events come
    game.fired.add(train)
    if exchange is not None:
        traded = next((t for t in replay.trains.get(company, ()) if t.id == exchange), None)
        if traded is None:
            raise InputError("exchange", f"{company} holds no train {exchange!r} to trade in")
        replay.retire_trains(company, [traded])   # a 4 back to the bank rusts there at once
        action = {k: v for k, v in action.items() if k != "exchange"}
    if (company == replay.owners.get(MV) and game.ran != _turn(replay) and not automatic
            and game.trains.in_bank(train)):   # before its run, from the bank
        game.mv_used = True
    replay.buy_train(action)
    game.trains.bought(train)
    if company not in game.bought_train:
        game.bought_train.add(company)
        game.closed |= {p for p, c in game.brings.items() if c == company}
    if first and train == CLOSE_ON:
        _close_companies(replay, game)
    if victim is not None:
        _nationalization.nationalize(replay, game, victim)


def _turn(replay: ReplayState) -> tuple:
    """The operating turn under way."""
    return replay.operating, replay.round_set, replay.round_in_set


def _close_companies(replay: ReplayState, game: Game) -> None:
    """The first 5: the privates close but the first tjing; Sveabolaget's icons and token
    and the GKB icons leave; the minor KHJ closes, its token off the board."""
    for hex_id in _hexes(replay, SB):
        _icons(replay, hex_id, drop=(PORT, SB_TOKEN))
        _markers(replay, hex_id, drop=SB)
    for hex_id in _hexes(replay, GKB):
        _icons(replay, hex_id, drop=(GKB_ICON,))
    game.closed |= {p for p in replay.title.privates if not _kept_open(replay, p)}
    for minor in MINORS:
        if minor not in game.gone:
            replay.close(minor)
            game.gone.add(minor)
    for private in list(replay.owners):
        replay.release_private(private)


def _gc_used(replay: ReplayState, game: Game) -> None:
    """Gellivare Company's lay ability is gone (engine ``clean_up_after_dividend``)."""
    game.gc_laid = False
    game.gc_lays = GC_SPENT


def _publish(replay: ReplayState, game: Game) -> None:
    """Every company's privates as it sees them and the abilities of those it holds."""
    owners = replay.owners
    for company in replay.title.companies:
        seen: dict[str, str] = {}
        abilities: list[dict] = []
        for sym, data in replay.title.privates.items():
            if sym in game.closed:
                continue
            owner = owners.get(sym)
            seen[sym] = ("company" if owner == company else
                         "other" if owner is not None else "player")
            if owner == company:
                abilities += _held_abilities(replay, game, sym, data)
        replay.set_privates(company, seen)
        replay.set_abilities(company, abilities + game.bot.abilities(company))


def _held_abilities(replay: ReplayState, game: Game, sym: str, data: dict) -> list[dict]:
    """The live abilities of ``sym`` as an engine position lists them: Gellivare Company's
    lays and Göta kanalbolag's tokens counted down, each gone once used up (engine
    ability.rb ``use!``) or, Gellivare's, after the dividend step of the round it laid in."""
    out = []
    for ability in data.get("abilities", ()):
        if ability.get("type") not in LISTED:
            continue
        entry = replay.listed_ability(sym, ability)
        if sym == GC and ability.get("type") == "tile_lay":
            entry["count"] = int(ability.get("count") or 0) - game.gc_lays
        elif sym == GKB and ability.get("type") == "assign_hexes":
            entry["count"] = game.gkb_left
        elif sym == MV and game.mv_used:
            continue
        if entry.get("count", 1) > 0:
            out.append(entry)
    return out

