"""1817 game logs replayed (``trainrun.replay.gamelog``): privates, markers, sizes, mergers and
acquisitions (engine ``G1817::Game`` and its ``BuySellParShares``, ``SpecialTrack``,
``Assign``, ``Conversion`` and ``Acquire`` steps, ``TokenMerger``). The maps of the 1817
family (1817NA, 18DE: ``G1817::Game`` with their own map, corporations and privates) replay
with it too: the privates are read from the title's data (``Title.privates``) or are the
engine's family lists (``special_lays``), the trains' obsolescence from its train data.

Rounds. A stock round (SR) is followed by operating rounds (OR), each followed by a merger
and conversion round and an acquisition round; the rounds are not in the log, so each
action's round is read from its entity and type (``round_of``): corporations take loans
and buy shares in a stock round too, a corporation's ``pass`` belongs to an operating
turn only when the turn it opens does operating work. After every operating round the
bank exports its next train (every 2 left, when the next is a 2).

* Stock round: a bid on a corporation not on the board starts its auction and its home
  token (the corporation's first ``place_token``, any city with a slot); the winner's
  ``assign`` of a private puts it into the new corporation (a private with an
  ``additional_token`` ability, the Train Station: that many tokens more); ``choose``
  gives its size (else the phase's only size, once the auction is won: before the home
  token if no one else could bid, after it if the others pass it round): 2, 5 or 10
  shares, 1, 2 or 4 tokens.
* A mine private's lay (engine ``MINE_COMPANIES``: Minor Coal, Coal, Major Coal, the same
  syms in 1817NA and 18DE) puts a ``mine`` marker on its hex, a ranch private's
  (``RANCH_COMPANIES``) a ``ranch`` marker; a bridge private's ``assign`` of a hex a
  ``bridge`` marker.
* ``convert``: 2 to 5 shares (one more token, if fewer than 8), 5 to 10 (two more, to 8
  at most).
* ``bankrupt``: the player's corporations go into liquidation (they no longer operate);
  in the acquisition round after the next operating round each is auctioned, and if none
  bids the bank liquidates it: its tokens leave the board, its trains the game. A
  corporation on the board that does not operate in an operating round is in
  liquidation too (it could not pay its interest or its tokens: money the replay does
  not follow), offered in the acquisition round that follows; if it converted in the
  merger round before, it could not buy the conversion's tokens. One still on the board
  at the end of an acquisition round that the log shows acting no more before the next
  merger round went into liquidation in the operating round before (its interest): the
  bank liquidated it there.
* ``merge`` of two corporations (merger round), and an acquisition (acquisition round:
  the highest bid wins, the ``merge`` naming the buying corporation or the corporation
  of the winner acting next, or the only one the winner presides, or the one of them the
  log shows running the acquired trains next (among them a corporation taking the buyer's
  loans step right after the auction, engine ``acquire_post_loan``: the shares may have
  made the winner its president since its auction), or else those of them whose branch
  the rest of the log does not contradict, carried side by side where several are,
  ``trainrun.replay.replayfork``: the engine takes the only one able to pay): the other's
  trains and privates go to the survivor; in each city holding both, the survivor's token
  leaves; each of the other's tokens is swapped for one of the survivor's, which goes in
  the first free slot of its city (engine ``Token#swap!``, ``City#get_slot``); the other
  corporation is reset (off the board, free to start again). The tokens of both add up (8
  at most).
"""
from __future__ import annotations

from typing import Any, TypedDict

from trainrun.plugins.api import InputError, ReplayState

from .special_lays import MINE_PRIVATES, RANCH_PRIVATES

TOKENS_BY_SIZE = {2: 1, 5: 2, 10: 4}
# engine PHASES corporation_sizes (the same in 1817NA's and 18DE's PHASES)
SIZES_BY_PHASE = {"2": (2,), "2+": (2,), "3": (2, 5), "4": (5,), "5": (5, 10), "6": (10,),
                  "7": (10,), "8": (10,)}
TOKEN_LIMIT = 8                    # engine LIMIT_TOKENS_AFTER_MERGER
# work only an operating turn does
OPERATING_WORK = frozenset({"lay_tile", "place_token", "buy_train", "run_routes", "dividend",
                            "buy_company"})
# what follows a conversion or merger in the merger round (engine DiscardTrain,
# PostConversion, PostConversionLoans steps)
POST_CONVERSION = frozenset({"discard_train", "buy_shares", "sell_shares", "pass",
                             "take_loan", "payoff_loan", "message"})
# in any round, never a turn's start or a round's end
NEUTRAL = frozenset({"bankrupt", "take_loan", "payoff_loan", "buy_tokens", "message",
                     "program_buy_shares", "program_share_pass", "program_merger_pass",
                     "program_disable", "program_close_pass", "end_game"})


class Bid(TypedDict):
    """The best bid so far in an acquisition's auction."""

    company: str                  # the corporation offered
    winner: object                # the bidding player's id
    price: object                 # as logged


class Books(TypedDict):
    """This title's bookkeeping on a replay (``ReplayState.books``)."""

    phase: str                    # the round under way: stock, operating or between
    forming: str | None           # the corporation a stock round's auction forms
    sizes: dict[str, int]         # corporation -> its shares: 2, 5 or 10
    tokens: dict[str, int]        # corporation -> the tokens it holds, on the board or not
    presidents: dict[str, object]   # corporation -> the player who won its auction
    auction: Bid | None           # an acquisition's auction under way
    converted: str | None         # the corporation that just converted or merged
    mergers: int                  # the merger rounds so far
    liquidating: dict[str, int]   # corporation -> the merger round it is offered after
    conversions: dict[str, tuple[int, int]]   # corporation -> (merger round, tokens before)
    sized_after_home: str | None  # the corporation sized once its home token is chosen
    index: dict[int, int]         # action id -> its place in the log


def _new_books(replay: ReplayState) -> Books:
    return {"phase": "stock", "forming": None, "sizes": {}, "tokens": {}, "presidents": {},
            "auction": None, "converted": None, "mergers": 0, "liquidating": {},
            "conversions": {}, "sized_after_home": None,
            "index": {a["id"]: i for i, a in enumerate(replay.actions)}}


def _state(replay: ReplayState) -> Books:
    """This title's bookkeeping on the replay."""
    return replay.books(_new_books)


def _on_board(replay: ReplayState, company: str) -> bool:
    return bool(replay.cities_of(company))


def _forming(replay: ReplayState, state: Books, company: str) -> bool:
    """Whether a bid on ``company`` is a stock round's (it is not on the board, or its
    auction is under way) rather than an acquisition's."""
    return company == state["forming"] or not _on_board(replay, company)


def _turn_works(replay: ReplayState, action: dict) -> bool:
    """Whether the run of actions ``action`` opens (its entity's, up to another entity's)
    holds operating work."""
    actions = replay.actions
    start = _state(replay)["index"][action["id"]]
    for later in actions[start:]:
        if later.get("entity") != action.get("entity"):
            return False
        if later["type"] in OPERATING_WORK:
            return True
    return False


def round_of(replay: ReplayState, action: dict) -> str:
    """The kind of round ``action`` belongs to (``trainrun_replay_round``)."""
    state = _state(replay)
    kind, entity_type, entity = action["type"], action.get("entity_type"), action.get("entity")
    auction = state["auction"]
    if auction and _ends_auction(auction, action):
        _acquire(replay, state, auction, action)   # settled before this action's position
    said = _round_of(replay, state, kind, entity_type, entity, action)
    if said in ("operating", "stock", "between"):
        if state["phase"] == "operating" and said == "between":
            state["mergers"] += 1
            _idle_in_liquidation(replay, state)
        elif state["phase"] == "between" and said != "between":
            _idle_from_now(replay, state, action)
            _bank_liquidations(replay, state)
        state["phase"] = said
        if said != "stock":
            state["forming"] = None
    return said


def in_stock_round(replay: ReplayState) -> bool:
    """Whether the replay is in a stock round (as ``round_of`` last told)."""
    return _state(replay)["phase"] == "stock"


def _round_of(replay: ReplayState, state: Books, kind: str, entity_type: str | None,
              entity: Any, action: dict) -> str:
    phase = state["phase"]
    if kind in NEUTRAL:
        return "none"
    if entity_type == "company":
        return "operating" if phase == "operating" else "none"   # a private of its owner
    if entity_type == "corporation":
        if kind in ("convert", "merge"):
            return "between"
        if kind == "place_token" and not _on_board(replay, entity):
            return "none"                       # its home, chosen as its auction starts
        if kind in OPERATING_WORK:
            return "operating"
        if kind == "pass" or kind == "discard_train":
            continuing = phase == "operating" and (entity == replay.operating
                                                   or entity not in replay.operated)
            if continuing or _turn_works(replay, action):
                return "operating"
            return "between" if phase == "operating" else "none"
        return "none"                          # a corporation's shares or loans
    if entity_type != "player":
        return "none"
    if kind == "bid" and action.get("corporation"):
        return "stock" if _forming(replay, state, action["corporation"]) else "between"
    if kind == "assign":
        return "stock" if action.get("target_type") == "company" else "between"
    if kind in ("choose", "short", "par"):
        return "stock"
    if kind == "merge":
        return "between"
    if kind in ("buy_shares", "sell_shares"):
        if state["converted"] and all(str(s).rpartition("_")[0] == state["converted"]
                                      for s in action.get("shares") or ()):
            return "none"                       # shares of a corporation just converted
        if phase == "operating" or kind == "sell_shares":
            return "none"                       # a president raising cash
        return "stock"
    if kind == "pass":
        return "between" if phase == "operating" else "none"
    return "none"


def replay_action(replay: ReplayState, action: dict) -> bool | None:
    state = _state(replay)
    kind, entity_type = action["type"], action.get("entity_type")
    if kind not in POST_CONVERSION:
        state["converted"] = None
    if entity_type == "player" and kind == "bid" and action.get("corporation"):
        _bid(replay, state, action)
    elif kind == "assign":
        _assign(replay, state, action)
    elif kind == "choose":
        _size(replay, state, state["forming"], action.get("choice"))
    elif kind == "lay_tile" and entity_type == "company":
        _private_lay(replay, action)
    elif kind == "merge" and entity_type == "player":
        pass                                    # the acquisition, settled as it came up
    elif kind == "dividend":
        _obsolete_trains_leave(replay, replay.operator(action))
        return None
    elif kind == "place_token" and action.get("entity") == state.get("sized_after_home"):
        replay.place_token(action)              # its home chosen as its open auction starts:
        _size(replay, state, action["entity"],  # the phase's only size once it is won
              SIZES_BY_PHASE[replay.phase.name][0])
        state["sized_after_home"] = None
    elif kind == "bankrupt":
        _bankrupt(replay, state, action["entity"])
    elif kind == "buy_tokens":
        pass                                    # the tokens its size gives, paid for late
    elif kind == "convert":
        _convert(replay, state, action["entity"])
    elif kind == "merge" and entity_type == "corporation":
        _merge(replay, state, action["entity"], action.get("corporation"))
    else:
        return None
    return True



def _set_tokens(replay: ReplayState, state: Books, company: str, count: int) -> None:
    """``company`` holds ``count`` tokens (on the board or not), its charter's one among
    them."""
    state["tokens"][company] = count
    replay.set_extra_tokens(company, count - 1)


def _size(replay: ReplayState, state: Books, company: str | None, size: Any) -> None:
    if company is None or size not in TOKENS_BY_SIZE:
        raise InputError("choice", f"expected a corporation size of 2, 5 or 10, got {size!r}")
    state["sizes"][company] = size
    station = sum(additional_tokens(replay, p) for p, o in replay.owners.items() if o == company)
    _set_tokens(replay, state, company, TOKENS_BY_SIZE[size] + station)


def additional_tokens(replay: ReplayState, private: str) -> int:
    """The tokens ``private`` gives the corporation holding it: its data's
    ``additional_token`` abilities (the Train Station, engine ``TRAIN_STATION_PRIVATE_NAME``
    TS in 1817, 1817NA and 18DE: one)."""
    abilities = replay.title.privates.get(private, {}).get("abilities") or ()
    return sum(a.get("count", 1) for a in abilities if a.get("type") == "additional_token")


def _bid(replay: ReplayState, state: Books, action: dict) -> None:
    company, player = action["corporation"], action["entity"]
    if company not in replay.title.companies:
        raise InputError("corporation", f"unknown company {company!r} in "
                                        f"{replay.title.name}")
    if _forming(replay, state, company):
        sizes = SIZES_BY_PHASE[replay.phase.name]
        state["sized_after_home"] = None
        if len(sizes) == 1 and (_on_board(replay, company) or _won_at_bid(replay, state, action)):
            _size(replay, state, company, sizes[0])   # won: the phase's only size
        else:
            _set_tokens(replay, state, company, 1)    # its charter's token till won
            if len(sizes) == 1:
                state["sized_after_home"] = company
        state["forming"] = company              # a stock round auction: the winner presides
        state["presidents"][company] = player
    else:
        state["auction"] = {"company": company, "winner": player, "price": action.get("price")}


def _won_at_bid(replay: ReplayState, state: Books, action: dict) -> bool:
    """Whether the stock round bid ``action`` won its auction at once (no other player could
    bid: the engine sizes the corporation before its home token is chosen), as the players'
    turns after it show (messages, programmed passes and corporations' actions aside): the
    bidder acts again, or another player does something other than pass, before any player
    acts twice. In an open auction the others pass (or bid) once each, then the stock round
    goes on from the first of them: that player acts twice before the bidder."""
    bidder, first = action["entity"], None
    for later in replay.actions[state["index"][action["id"]] + 1:]:
        if later.get("entity_type") != "player" or later["type"] in NEUTRAL:
            continue
        if later["type"] == "bid" and later.get("corporation") == action["corporation"]:
            return False                        # outbid: the auction was open
        if later["entity"] in (bidder, first) or later["type"] != "pass":
            return later["entity"] != first
        first = first or later["entity"]
    return True                                 # the log ends first: as if won


def _assign(replay: ReplayState, state: Books, action: dict) -> None:
    target: Any = action.get("target")   # as logged: a private, a hex or a corporation
    target_type = action.get("target_type")
    if target_type == "company":
        company = state["forming"]
        if company is None:
            raise InputError("target", f"no corporation is being formed to take {target!r}")
        replay.set_owner(target, company)
        extra = additional_tokens(replay, target)
        if extra:
            _set_tokens(replay, state, company, state["tokens"].get(company, 1) + extra)
    elif target_type == "hex":
        if target not in replay.board:
            raise InputError("target", f"unknown hex {target!r} on the "
                                       f"{replay.title.name} map")
        replay.set_markers(target, replay.board[target].markers + ("bridge",))
    elif target_type != "corporation":   # a corporation offered for sale: its auction follows
        raise InputError("target_type", f"expected company, hex or corporation, got "
                                        f"{target_type!r}")


def _ends_auction(auction: Bid, action: dict) -> bool:
    """An acquisition's auction is over at the first action not a bid on it or a pass."""
    bid_on = action["type"] == "bid" and action.get("corporation") == auction["company"]
    return not (bid_on or (action["type"] == "pass" and action.get("entity_type") == "player"))


def _acquire(replay: ReplayState, state: Books, auction: Bid, action: dict) -> None:
    acquired = auction["company"]
    buyer = _buyer(replay, state, action, acquired, auction["winner"])
    state["auction"] = None
    _absorb(replay, state, buyer, acquired)


def _buyer(replay: ReplayState, state: Books, action: dict, acquired: str,
           winner: object) -> str | None:
    """The corporation of ``winner`` that acquires ``acquired``, as the log shows it from
    ``action`` on (see the module's docstring; None: the player's ``merge`` names none);
    between several, those whose branch the rest of the log does not contradict
    (``ReplayState.decide``: the engine took the only one able to pay, and the replay does
    not follow money)."""
    if action["type"] == "merge" and action.get("entity_type") == "player":
        return action.get("corporation")
    if (action.get("entity_type") == "corporation" and action["type"] in (
            "pass", "take_loan", "payoff_loan", "discard_train")
            and state["presidents"].get(action["entity"]) == winner):
        return action["entity"]                 # the buyer's loans come next
    candidates = sorted(c for c, p in state["presidents"].items()
                        if p == winner and c != acquired and _on_board(replay, c))
    loans = _post_acquisition_loans(replay, action, acquired)
    if loans and loans not in candidates:
        candidates = sorted(candidates + [loans])   # a presidency the shares moved
    runner = _running(replay, state, action, acquired)
    found = [c for c in candidates if runner in (c, None)]
    why = (f"trainrun cannot tell which corporation of player {winner} acquires {acquired}: "
           f"of those it presides ({', '.join(candidates)}) the engine takes the one able to "
           "pay, and trainrun does not follow money")
    if not found:
        raise InputError("acquisition", why)
    return replay.decide(action, "acquisition", found, why)


def _post_acquisition_loans(replay: ReplayState, action: dict, acquired: str) -> str | None:
    """The corporation ``action`` shows taking the buyer's loans step right after the
    auction (engine ``Acquire#acquire_post_loan``: the buyer passes, takes or pays off loans
    before the acquisition round goes on), when its president is not the one the replay
    knows (the stock round's auction winner: shares bought since may have moved the
    presidency, which the replay does not follow). Only a candidate: the acquired trains
    or the fork (``ReplayState.decide``) confirm it."""
    entity = action.get("entity")
    if (action.get("entity_type") != "corporation" or action["type"] not in (
            "pass", "take_loan", "payoff_loan") or entity == acquired
            or not isinstance(entity, str) or not _on_board(replay, entity)):
        return None
    return entity


def _convert(replay: ReplayState, state: Books, company: str) -> None:
    size, tokens = state["sizes"].get(company), state["tokens"].get(company, 1)
    state["conversions"][company] = (state["mergers"], tokens)
    if size == 2:
        state["sizes"][company] = 5
        _set_tokens(replay, state, company, tokens + (1 if tokens < TOKEN_LIMIT else 0))
    elif size == 5:
        state["sizes"][company] = 10
        _set_tokens(replay, state, company, tokens + min(max(TOKEN_LIMIT - tokens, 0), 2))
    else:
        raise InputError("convert", f"{company} has {size} shares: only 2 and 5 convert")
    state["converted"] = company


def _merge(replay: ReplayState, state: Books, company: str, other: object) -> None:
    if not isinstance(other, str) or other not in replay.title.companies or other == company:
        raise InputError("corporation", f"expected another {replay.title.name} "
                                        f"corporation, got {other!r}")
    size = state["sizes"].get(company)
    _absorb(replay, state, company, other)
    state["sizes"][company] = 5 if size == 2 else 10
    state["converted"] = company


def _absorb(replay: ReplayState, state: Books, survivor: str | None, other: str) -> None:
    """``other``'s trains, privates and tokens go to ``survivor``; ``other`` is reset."""
    if (survivor is None or survivor not in replay.title.companies
            or not _on_board(replay, survivor)):
        raise InputError("corporation", f"{survivor!r} is not a corporation on the board")
    mine, theirs = replay.cities_of(survivor), replay.cities_of(other)
    shared_hex = {h for h, _ in mine} & {h for h, _ in theirs}
    if any((h, c) not in mine for h, c in theirs if h in shared_hex) or len(
            set(mine) | set(theirs)) > TOKEN_LIMIT:
        raise InputError("merge", f"trainrun cannot replay {survivor} choosing which tokens "
                                  f"to remove in merging {other} yet")
    for hex_id, city in theirs:
        if (hex_id, city) in mine:
            replay.replace_token(hex_id, city, survivor, None)
        replay.replace_token(hex_id, city, other, None)   # swapped: the new token takes
        replay.put_token(hex_id, city, survivor)          # the city's first free slot
    replay.take_trains(other, survivor)
    for private, owner in list(replay.owners.items()):
        if owner == other:
            replay.set_owner(private, survivor)
    total = state["tokens"].get(survivor, 1) + state["tokens"].get(other, 1)
    _set_tokens(replay, state, survivor, min(total, TOKEN_LIMIT))
    _reset(replay, state, other)


def _reset(replay: ReplayState, state: Books, company: str) -> None:
    """``company`` starts again from nothing (engine ``reset_corporation``)."""
    replay.forget_extra_tokens(company)
    state["sizes"].pop(company, None)
    state["presidents"].pop(company, None)
    state["tokens"].pop(company, None)
    state["liquidating"].pop(company, None)
    state["conversions"].pop(company, None)
    replay.drop_title_state(company)


def _private_lay(replay: ReplayState, action: dict) -> None:
    """A private's lay, as logged: it uses one of the owner's lays (engine
    ``consume_tile_lay``); a mine or ranch private's leaves its marker on the hex."""
    replay.lay_tile(action)
    hex_id, entity = action["hex"], action["entity"]
    replay.count_lay(hex_id)
    marker = "mine" if entity in MINE_PRIVATES else "ranch" if entity in RANCH_PRIVATES else None
    if marker:
        replay.set_markers(hex_id, replay.board[hex_id].markers + (marker,))


def _obsolete_trains_leave(replay: ReplayState, company: str) -> None:
    """After its dividend, the company's obsolete trains leave the game (engine
    ``rust_obsolete_trains!``): those whose ``obsolete_on`` train (the train data's: the 2+
    on the 4) has started its phase."""
    phases = list(replay.title.phases.values())
    now = [p.name for p in phases].index(replay.phase.name)
    started = {p.on for p in phases[:now + 1] if p.on}
    types = replay.title.trains
    trains = replay.trains.get(company, [])
    gone = [t for t in trains if t.name in types and types[t.name].obsolete_on in started]
    if gone:
        replay.retire_trains(company, gone)


def _bankrupt(replay: ReplayState, state: Books, player: object) -> None:
    """The corporations ``player`` presides go into liquidation: offered in the acquisition
    round after the next merger round (engine ``Bankrupt``, ``liquidate!``)."""
    for company, president in list(state["presidents"].items()):
        if president == player and _on_board(replay, company):
            state["liquidating"][company] = state["mergers"] + 1


def _idle_in_liquidation(replay: ReplayState, state: Books) -> None:
    """A corporation on the board that did not operate in the operating round just over is
    in liquidation (engine ``operating_order``): offered in this acquisition round."""
    for company in sorted(set(replay.title.companies) - replay.operated):
        if _on_board(replay, company):
            state["liquidating"].setdefault(company, state["mergers"])
            converted = state["conversions"].get(company)
            if converted and converted[0] == state["mergers"] - 1:
                # it converted in the merger round before: it could not buy the tokens
                _set_tokens(replay, state, company, converted[1])


def _idle_from_now(replay: ReplayState, state: Books, action: dict) -> None:
    """Each corporation on the board that the log shows acting no more before the next
    merger round (nor converting in the last one) went into liquidation in the operating
    round before, for money the replay does not follow (its interest): it was offered in
    this acquisition round, and nobody bought it."""
    start = state["index"][action["id"]]
    acting: set[object] = set()
    for later in replay.actions[start:]:
        if later.get("entity_type") == "corporation" and later["type"] in ("convert", "merge"):
            break
        acting.add(later.get("entity"))
    else:
        return                                  # the log ends first: no evidence
    for company in sorted(set(replay.title.companies) - acting):
        converted = state["conversions"].get(company, (None,))[0] == state["mergers"]
        if _on_board(replay, company) and not converted:
            state["liquidating"].setdefault(company, state["mergers"])


def _bank_liquidations(replay: ReplayState, state: Books) -> None:
    """At the end of an acquisition round, the bank liquidates each corporation in
    liquidation offered there that nobody bought (engine ``process_bank_liquidate``)."""
    for company, offered in list(state["liquidating"].items()):
        if not _on_board(replay, company):
            del state["liquidating"][company]   # acquired
        elif offered <= state["mergers"]:
            del state["liquidating"][company]
            for private, owner in list(replay.owners.items()):
                if owner == company:
                    replay.release_private(private)
            replay.close(company)
            _reset(replay, state, company)


def _running(replay: ReplayState, state: Books, action: dict, acquired: str) -> str | None:
    """The corporation the log shows holding the trains of ``acquired`` next: the first
    run or discard naming one of them (None: none does before one is sold). The engine
    chose the buyer by money the replay does not follow (the only corporation of the
    winner able to pay), and the presidencies the replay knows are those of the stock
    rounds' auctions: the trains confirm the buyer, or name it among several."""
    ids = {t.id for t in replay.trains.get(acquired, [])}
    for later in replay.actions[state["index"][action["id"]]:]:
        named = {r.get("train") for r in later.get("routes") or ()} | {later.get("train")}
        if later["type"] in ("run_routes", "discard_train") and named & ids:
            return later.get("entity")
        if later["type"] == "buy_train" and later.get("train") in ids:
            return None
    return None
