"""1871 game logs replayed (``trainrun.replay.gamelog``): the auction, shares, floats, the PEIR and
splits (engine ``G1871::Game``, its ``Auction``, ``Stock`` round and split steps).

* The opening auction (``auction``) decides who holds each private. The Mainline and
  Shortline Concessions bring their railroads' 20% president's certificates, the Royal
  Agricultural Society and the Railcar Ferry a 10% Mainline share each; a PEIR company
  brings its PEIR share. The Union Bank starts with 10% of the Mainline and 10% of the
  railroad drawn third (``setup``).
* Shares (``shares``): ``par`` (the president's 20%), ``buy_shares`` (for the Union Bank
  where the log says ``purchase_for`` -1; a private's exchange for a Shortline exchange
  share, which closes the private), ``sell_shares``; presidencies follow.
* A railroad whose home holds a PEIR token floats: that token gives way to the railroad's,
  the PEIR company closes and its holder receives a 10% share of the railroad, and the PEIR
  goes to the holder of the most PEIR shares (the lowest-numbered share breaks a tie). With
  no PEIR share left the PEIR closes and its trains leave the game.
* ``split`` of a railroad into a branch (``choose`` steps: the branch, the tokens it takes
  over — picked by the engine when there is one — the par, which exchanges two of the
  president's shares for the branch's president's certificate and half of everyone's
  other shares for branch shares, the trains it takes, its cash, the Hunslet).
* The first 4+ train closes the privates but the Union Bank and the PEIR companies (the
  Shortline exchange privates left are exchanged first); a Concession closes when its
  railroad first operates.
* The seat order breaks presidency ties: the replay's, ``first_to_pass`` from the order
  the auction leaves (``seats``; ``ReplayState.seat_order``).
* Each position carries ``privates``: every open private as its company sees it —
  ``company`` (it owns it), ``president`` (its president holds it), ``player`` or
  ``other``; the PEIR's president is its operator. Each company's president (the Union Bank
  by that name) is told to the replay (``ReplayState.set_president``) for its positions to
  name, as the shared follower of shares does not follow 1871's.
"""
from __future__ import annotations

from typing import Any

from trainrun.plugins.api import InputError, ReplayState

from . import setup
from .auction import Auction, peir_company
from .seats import order_after_auction
from .shares import SHARE, UNION_BANK, Holdings

CONCESSIONS = {"ML": 0, "SL": 1}            # -> the draw's Mainline (0) or Shortline (1)
MAINLINE_SHARES = ("RA", "RF")              # each comes with a 10% Mainline share
EXCHANGE_PRIVATES = ("MC", "VR", "SB")      # each exchanges for a Shortline exchange share
NEVER_CLOSE = ("UB",)
CLOSING_TRAIN = "4+"
RESERVED_PERCENT = 30                       # the Shortline's three exchange shares
MAINLINE_FLOAT = 50
PRESIDENT, HUNSLET = 20, "HSE"
UNION_BANK_NAME = "Union Bank"   # the Union Bank presiding, as a position names it

Split = dict[str, Any]   # a split under way: its railroad, its branch (once picked), its step


class Game1871:
    """This title's bookkeeping on a replay (``ReplayState.books``)."""

    def __init__(self, replay: ReplayState):
        seed = replay.settings.get("seed")
        self.order = setup.draw(seed)
        self.mainline, self.shortline = self.order[:2]
        self.auction = Auction(seed, replay.players)
        self.holdings = Holdings({self.mainline: MAINLINE_FLOAT}, replay.seat_order)
        self.holdings.reserved[self.shortline] = RESERVED_PERCENT
        for railroad in (self.mainline, self.order[2]):
            self.holdings.buy(railroad, UNION_BANK, SHARE)
        self.privates: dict[str, object] = {}     # open private -> player id or company
        # PEIR share i (railroads by number) -> its holder, while its railroad has not floated
        self.peir_shares: dict[str, object] = {r: None for r in setup.RAILROADS
                                               if r not in self.order[:2]}
        self.peir_owner: object = None
        self.tokens: dict[str, list[str | None]] = {r: [setup.HOMES[r]]   # charter order
                                                    for r in self.order[:2]}
        self.split: Split | None = None

    # ---- who holds what ---------------------------------------------------------------

    def president(self, company: str) -> object:
        return self.peir_owner if company == setup.PEIR else self.holdings.president.get(company)

    def privates_seen_by(self, company: str) -> dict[str, str]:
        seen = {}
        for private, holder in self.privates.items():
            if _is_peir_company(private):
                continue   # a PEIR company is a PEIR share
            seen[private] = ("company" if holder == company else
                             "president" if holder == self.president(company) else
                             "other" if isinstance(holder, str) else "player")
        return seen

    def choose_peir_operator(self) -> None:
        """The PEIR's operator: the most PEIR shares, the lowest-numbered breaking a tie."""
        counts: dict[object, list[int]] = {}
        for railroad, holder in self.peir_shares.items():
            if holder is not None:
                counts.setdefault(holder, []).append(setup.NUMBERS[railroad])
        if counts:
            most = max(map(len, counts.values()))
            self.peir_owner = min((min(n), h) for h, n in counts.items() if len(n) == most)[1]

    def sold(self, player: object, private: str) -> None:
        """After the auction sells ``private`` to ``player`` (engine ``after_buy_company``)."""
        self.privates[private] = player
        if private in CONCESSIONS:
            railroad = self.order[CONCESSIONS[private]]
            self.holdings.buy(railroad, player, PRESIDENT, may_change_president=False)
            self.holdings.president[railroad] = player
        elif private in MAINLINE_SHARES:
            self.holdings.buy(self.mainline, player, SHARE, may_change_president=False)
        peir_share = next((r for r in self.peir_shares if peir_company(r) == private), None)
        if peir_share is not None:
            self.peir_shares[peir_share] = player
            self.choose_peir_operator()


def _is_peir_company(private: str) -> bool:
    return private.startswith("P") and private[1:].isdigit()


def _state(replay: ReplayState) -> Game1871:
    return replay.books(Game1871)


def replay_action(replay: ReplayState, action: dict) -> bool | None:
    game = _state(replay)
    kind: str = action["type"]
    entity: Any = action.get("entity")   # as logged: a player's id, a company's name
    handled: bool | None = True
    game.holdings.seat_order = replay.seat_order
    if action.get("entity_type") == "player" and not game.auction.over and kind in (
            "offer", "bid", "pass"):
        _auction(replay, game, action)
    elif kind == "buy_shares":
        _buy_shares(replay, game, action)
    elif kind == "sell_shares":
        if action.get("entity_type") == "player":   # a railroad selling its own: no holder
            railroad, percent = _shares(action)
            game.holdings.move(railroad, entity, -percent)
    elif kind == "par":
        railroad = _known_railroad(replay, action.get("corporation"))
        if game.holdings.buy(railroad, entity, PRESIDENT):
            _float(replay, game, railroad)
    elif kind == "split":
        _start_split(replay, game, action)
    elif kind == "choose":
        _choose(replay, game, action)
    elif kind == "buy_train":
        replay.buy_train(action)
        if str(action.get("train", "")).rpartition("-")[0] == CLOSING_TRAIN:
            _close_privates(game)
    elif kind == "buy_company":
        private: Any = action.get("company")   # as logged
        game.privates[private] = entity
        handled = None
    elif kind == "place_token" and action.get("entity_type") == "corporation":
        before = set(replay.cities_of(entity))
        replay.place_token(action)
        _placed(game, entity, *(set(replay.cities_of(entity)) - before))
    else:
        handled = None
    if action.get("entity_type") == "corporation":
        for private, index in CONCESSIONS.items():   # a Concession closes as its railroad
            if entity == game.order[index]:           # first operates
                game.privates.pop(private, None)
    for company in replay.title.companies:
        replay.set_privates(company, game.privates_seen_by(company))
        president = game.president(company)
        replay.set_president(company, UNION_BANK_NAME if president == UNION_BANK else president)
    return handled


def _known_railroad(replay: ReplayState, railroad: object) -> str:
    """``railroad``, a company of the title (else ``InputError``)."""
    if not isinstance(railroad, str) or railroad not in replay.title.companies:
        raise InputError("corporation", f"unknown company {railroad!r} in 1871")
    return railroad


def _auction(replay: ReplayState, game: Game1871, action: dict) -> None:
    kind, player = action["type"], action["entity"]
    if kind == "offer":
        game.auction.offer(player, action.get("company"))
    elif kind == "bid":
        game.auction.bid(player, action.get("company"), action.get("price"))
    else:
        game.auction.pass_(player)
    for buyer, private in game.auction.take_sold():
        game.sold(buyer, private)
    if game.auction.over:   # the stock rounds' order from here (``seats``)
        replay.seated(order_after_auction(replay.seat_order or replay.players,
                                          game.auction.cash))
        game.holdings.seat_order = replay.seat_order


def _shares(action: dict) -> tuple[str, int]:
    """(railroad, percent) of an action's shares (``S_3``: a share of S)."""
    shares, percent = action.get("shares"), action.get("percent")
    if not isinstance(shares, list) or not shares or not all(
            isinstance(s, str) and "_" in s for s in shares):
        raise InputError("shares", f"expected share ids such as 'S_3', got {shares!r}")
    railroads = {s.rpartition("_")[0] for s in shares}
    if len(railroads) != 1 or isinstance(percent, bool) or not isinstance(percent, int):
        raise InputError("shares", f"expected shares of one railroad and their percent, got "
                                   f"{shares!r} ({percent!r}%)")
    return railroads.pop(), percent


def _buy_shares(replay: ReplayState, game: Game1871, action: dict) -> None:
    entity = action.get("entity")
    railroad, percent = _shares(action)
    _known_railroad(replay, railroad)
    if action.get("entity_type") == "company":   # a private exchanged for a share
        if entity not in EXCHANGE_PRIVATES or entity not in game.privates:
            raise InputError("entity", f"{entity!r} is no open private exchanging for a "
                                       "Shortline share")
        floats = game.holdings.buy(railroad, game.privates.pop(entity), percent, reserved=True)
    elif action.get("entity_type") == "player":
        holder = (UNION_BANK if action.get("purchase_for_type") == "player"
                  and action.get("purchase_for") == UNION_BANK else entity)
        floats = game.holdings.buy(railroad, holder, percent)
    else:
        raise InputError("entity_type", "trainrun replays 1871 share purchases by players "
                                        "and privates only")
    if floats:
        _float(replay, game, railroad)


def _float(replay: ReplayState, game: Game1871, railroad: str) -> None:
    """``railroad`` floats (engine ``float_corporation``): its PEIR token and PEIR share."""
    if railroad not in game.peir_shares:
        return
    home = setup.HOMES[railroad]
    city = next(i for i, c in sorted(replay.board[home].tokens.items())
                if setup.PEIR in c.holders())
    replay.replace_token(home, city, setup.PEIR, None)
    replay.put_token(home, city, railroad)
    game.tokens[railroad] = [home]
    holder = game.peir_shares.pop(railroad)
    if holder is None:
        raise InputError(railroad, f"{peir_company(railroad)} was never sold")
    game.privates.pop(peir_company(railroad), None)
    game.holdings.move(railroad, holder, SHARE)
    if game.peir_shares:
        game.choose_peir_operator()
    else:   # no PEIR share left: the PEIR closes
        game.peir_owner = None
        replay.close(setup.PEIR)


def _placed(game: Game1871, company: str, *hexes_cities: tuple[str, int]) -> None:
    """A token of ``company`` placed: it takes the first unused token of its charter."""
    tokens = game.tokens.setdefault(company, [])
    for hex_id, _city in hexes_cities:
        if None in tokens:
            tokens[tokens.index(None)] = hex_id
        else:
            tokens.append(hex_id)


def _close_privates(game: Game1871) -> None:
    for private in EXCHANGE_PRIVATES:
        if private in game.privates:
            game.holdings.buy(game.shortline, game.privates[private], SHARE, reserved=True)
    game.privates = {p: h for p, h in game.privates.items()
                     if p in NEVER_CLOSE or _is_peir_company(p)}


# ---- splits ---------------------------------------------------------------------------

def _start_split(replay: ReplayState, game: Game1871, action: dict) -> None:
    railroad = _known_railroad(replay, action.get("corporation"))
    if game.holdings.president.get(railroad) != action.get("entity"):
        raise InputError("corporation", f"{action.get('entity')} does not preside {railroad}")
    game.split = {"railroad": railroad, "branch": None, "step": "branch"}


def _token_choices(game: Game1871, railroad: str) -> list[int]:
    """The charter indexes of ``railroad``'s tokens a branch may take: all but its home's,
    none when it has fewer than two on the board."""
    placed = [i for i, h in enumerate(game.tokens.get(railroad, [])) if h is not None]
    if len(placed) < 2:
        return []
    return [i for i in placed if game.tokens[railroad][i] != setup.HOMES.get(railroad)]


def _swap_token(replay: ReplayState, game: Game1871, split: Split, index: int) -> None:
    railroad, branch = split["railroad"], split["branch"]
    hex_id = game.tokens[railroad][index]
    if hex_id is None:
        raise InputError("choice", f"{railroad}'s token {index} is not on the board")
    city = next(i for i, c in replay.board[hex_id].tokens.items() if railroad in c.holders())
    replay.replace_token(hex_id, city, railroad, branch)
    game.tokens[railroad][index] = None
    _placed(game, branch, (hex_id, city))
    split["step"] = "tokens" if _token_choices(game, railroad) else "par"


def _choose(replay: ReplayState, game: Game1871, action: dict) -> None:
    if game.split is None:
        raise InputError("choose", "trainrun replays 1871 choices during a split only")
    SPLIT_STEPS[game.split["step"]](replay, game, game.split, action.get("choice"))


def _pick_branch(replay: ReplayState, game: Game1871, split: Split, choice: object) -> None:
    if choice not in replay.title.companies or choice in setup.RAILROADS or choice == setup.PEIR:
        raise InputError("choice", f"{choice!r} is not a branch")
    split["branch"], split["step"] = choice, "tokens"
    choices = _token_choices(game, split["railroad"])
    if len(choices) == 1:   # the engine takes the only token itself
        _swap_token(replay, game, split, choices[0])


def _pick_token(replay: ReplayState, game: Game1871, split: Split, choice: object) -> None:
    if choice == "done":
        split["step"] = "par"
    elif str(choice).isdigit() and int(str(choice)) in _token_choices(game, split["railroad"]):
        _swap_token(replay, game, split, int(str(choice)))
    else:
        raise InputError("choice", f"{split['railroad']} has no token {choice!r} to give")


def _pick_par(replay: ReplayState, game: Game1871, split: Split, choice: object) -> None:
    _exchange_split_shares(game, split["railroad"], split["branch"])
    split["step"] = "trains"
    if not (isinstance(choice, str) and choice.count(",") == 2):   # not a price: the engine
        _pick_train(replay, game, split, choice)                    # chose the only one


def _pick_train(replay: ReplayState, game: Game1871, split: Split, choice: object) -> None:
    railroad = split["railroad"]
    if choice == "done":
        split["step"] = "cash"
        return
    held = [t for t in replay.trains.get(railroad, []) if t.id == choice]
    if not held:
        raise InputError("choice", f"{railroad} holds no train {choice!r}")
    replay.move_train(held[0], railroad, split["branch"])
    if not replay.trains[railroad]:
        split["step"] = "cash"


def _pick_cash(replay: ReplayState, game: Game1871, split: Split, choice: object) -> None:
    if isinstance(choice, bool) or not isinstance(choice, int):
        raise InputError("choice", f"expected the cash the branch takes, got {choice!r}")
    if game.privates.get(HUNSLET) == split["railroad"]:
        split["step"] = "hunslet"
    else:
        game.split = None


def _pick_hunslet(replay: ReplayState, game: Game1871, split: Split, choice: object) -> None:
    if choice == "yes":
        game.privates[HUNSLET] = split["branch"]
        replay.set_owner(HUNSLET, split["branch"])
    game.split = None


SPLIT_STEPS = {"branch": _pick_branch, "tokens": _pick_token, "par": _pick_par,
               "trains": _pick_train, "cash": _pick_cash, "hunslet": _pick_hunslet}


def _exchange_split_shares(game: Game1871, railroad: str, branch: str) -> None:
    """The par of the branch (engine ``exchange_split_shares``): the president gives two
    shares for the branch's president's certificate; every holder then gives half of its
    other shares (rounded down, in whole shares) for branch shares."""
    holdings, president = game.holdings, game.holdings.president[railroad]
    holdings.move(railroad, president, -2 * SHARE, may_change_president=False)
    holdings.move(branch, president, PRESIDENT, may_change_president=False)
    holdings.president[branch] = president
    for holder in list(holdings.held[railroad]):
        others = holdings.percent(railroad, holder) - (PRESIDENT if holder == president else 0)
        exchanged = others // (2 * SHARE) * SHARE
        if exchanged:
            holdings.move(railroad, holder, -exchanged, may_change_president=False)
            holdings.move(branch, holder, exchanged, may_change_president=False)
