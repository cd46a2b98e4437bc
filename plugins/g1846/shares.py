"""1846's share prices followed through a game log, as far as a corporation's closing needs
them (docs/rules/1846.md §6.3): a corporation whose share price reaches the market's close
cell closes (engine base.rb ``close_corporations_in_close_cell!``, after each action).

The market is one row (engine g_1846/game.rb ``MARKET``; stock_movement.rb
``OneDimensionalMovement``: up is right, down is left, the ends hold). A price moves

* at ``par``: it starts where the action says (``price,row,col``);
* at a corporation's dividend step (g_1846/step/dividend.rb ``share_price_change``): left
  when what it pays is below half its price, else right once at its price, twice at twice,
  three times at three times from 165. A run pays its revenue (``payout``), nothing
  (``withhold``), or what ``half`` leaves once the corporation keeps half rounded down to
  a multiple of 10 (step/half_pay.rb); a turn with no dividend (no run, or a run of
  nothing: step/dividend.rb ``skip!``) withholds nothing. The revenue is the run's as the
  action logs it (the engine takes each route's logged ``revenue``: route.rb), else the
  declared run scored (``check_declared``);
* when a player sells, one step left if the seller was its president
  (``SELL_MOVEMENT = :left_block_pres``; base.rb ``sell_shares_and_change_price``), the
  presidency following the shares (share_pool.rb ``transfer_shares``);
* when the corporation issues shares to buy a train (its emergency issue,
  g_1846/step/buy_train.rb ``process_issue_shares``), one step left a share; its other
  issues and redemptions (g_1846/step/issue_shares.rb) move nothing, and their logged
  prices (one step left, one step right) are checked;
* at the end of a stock round (round/stock.rb ``finish_round``): right if the players hold
  every share, left if the market holds any (``POOL_SHARE_DROP = :down_block``).

A turn's dividend step is taken at the first action after it (another company's, a
player's share trade, the corporation's train purchase); a turn that logs nothing is seen
from the operating order (g_1846/game.rb ``operating_order``), the corporations skipped
over withholding nothing.

A corporation closing (base.rb ``close_corporation``) takes its tokens and reservations
off the board, its trains out of the game, and closes the privates it holds.

A ``bankrupt`` (g_1846/step/bankrupt.rb ``process_bankrupt``; docs/rules/1846.md §6.4):
the corporation's emergency issue, the president's sales (a step left where a sale is
allowed), the rest of its shares to the market unmoved; a corporation left with no
president enters receivership (``RECEIVER`` presides); the game ends when one player is
left. A corporation in receivership withholds its run, withholds twice on a silent turn
with no train, and may then buy the bank's cheapest train, as its cash (not followed)
allows: settled by the rest of the log (``ReplayState.decide``) for a train that starts a
phase, else ``pending`` until the log shows it.

What the log shows that these rules do not allow (a logged price other than the one
followed, a run paying nothing with a dividend, a corporation out of its order) stops the
replay with one line.
"""
from __future__ import annotations

from trainrun.plugins.api import InputError, ReplayState, check_declared, nearest_after

# engine g_1846/game.rb MARKET (one row; 0c: the close cell)
MARKET = (0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 112, 124, 137, 150, 165, 180, 195, 212,
          230, 250, 270, 295, 320, 345, 375, 405, 440, 475, 510, 550)
CLOSE = 0                       # the close cell's column
PRESIDENT_SHARE = "_0"          # its 20% share: engine corporation.rb, shares 20 + 8 x 10
TREASURY, POOL = ("treasury",), ("pool",)
# actions of a player that come only after an operating corporation's dividend step: the
# stock round's, or a president's sale to buy its train
PLAYER_TURN_OVER = frozenset({"par", "buy_shares", "sell_shares", "bid", "pass", "bankrupt"})

Holder = tuple     # TREASURY, POOL or ("player", the player's id)
# the president of a corporation in receivership: the market (engine g_1846/step/bankrupt.rb
# ``corporation.owner = @game.share_pool``)
RECEIVER = "(receivership)"
# the variant a corporation in receivership buys, the cheapest (engine g_1846/round/
# operating.rb ``receivership_train_buy``; g_1846/game.rb TRAINS)
CHEAPEST_VARIANT = {"2": "2", "4": "3/5", "5": "4/6", "6": "6"}


def left(col: int, times: int = 1) -> int:
    return max(col - times, 0)


def right(col: int, times: int = 1) -> int:
    return min(col + times, len(MARKET) - 1)


def price_change(price: int, paid: int) -> int:
    """Columns the price moves (negative: left) when a corporation at ``price`` pays
    ``paid`` (engine g_1846/step/dividend.rb ``share_price_change``)."""
    if paid < price // 2:
        return -1
    times = 0
    if paid >= price:
        times = 1
    if paid >= price * 2:
        times = 2
    if paid >= price * 3 and price >= 165:
        times = 3
    return times


def paid_for(kind: str, revenue: int) -> int:
    """What a corporation's shares are paid of ``revenue`` (step/dividend.rb
    ``dividend_options``; ``half``: step/half_pay.rb, 10 shares)."""
    if kind == "payout":
        return revenue
    if kind == "half":
        return revenue - revenue // 2 // 10 * 10
    if kind == "withhold":
        return 0
    raise InputError("kind", f"1846 pays no dividend {kind!r}")


class Corporation:
    """One parred corporation: its share price (a column of ``MARKET``), who holds each of
    its shares (in the order the engine keeps them), its president."""

    def __init__(self, name: str, col: int):
        self.name, self.col = name, col
        self.held: dict[Holder, list[str]] = {
            TREASURY: [f"{name}_{i}" for i in range(9)]}
        self.president: object = None

    @staticmethod
    def percent(share: str) -> int:
        return 20 if share.endswith(PRESIDENT_SHARE) else 10

    def holder_of(self, share: str) -> Holder:
        holder = next((h for h, shares in self.held.items() if share in shares), None)
        if holder is None:
            raise InputError("shares", f"{share} is no share of {self.name}")
        return holder

    def percent_of(self, holder: Holder) -> int:
        return sum(map(self.percent, self.held.get(holder, ())))

    def players(self) -> dict[object, int]:
        return {h[1]: self.percent_of(h) for h in self.held if h[0] == "player"}

    def move(self, share: str, to: Holder) -> None:
        self.held[self.holder_of(share)].remove(share)
        self.held.setdefault(to, []).append(share)

    def transfer(self, shares: list[str], percent: int, to: Holder, seats: list) -> None:
        """``shares`` (a bundle of ``percent``) go to ``to``, the presidency following
        (engine share_pool.rb ``transfer_shares``, ``change_president``,
        ``handle_partial``; no president's share sold to the market)."""
        owner = self.holder_of(shares[0])
        if any(self.holder_of(s) != owner for s in shares):
            raise InputError("shares", f"the shares {shares} of {self.name} have several holders")
        previous = self.president
        for share in shares:
            self.move(share, to)
        held = self.players()
        most = max(held.values(), default=0)
        if most < 20:
            return
        majority = [p for p, n in held.items() if n == most]
        if previous in majority:
            return
        if previous is None:
            president = next((p for p in majority if f"{self.name}{PRESIDENT_SHARE}"
                              in self.held[("player", p)]), None)
        else:
            president = None
        if president is None:
            eligible = [p for p in majority if held[p] >= 20]
            if not eligible:
                return
            president = nearest_after(seats, previous, eligible)
        self.president = president
        presidents = f"{self.name}{PRESIDENT_SHARE}"
        has_presidents = presidents in shares
        partial = sum(map(self.percent, shares)) != percent
        if to == ("player", president) and owner == ("player", previous) and has_presidents \
                and not partial:
            return
        if owner == ("player", president) or previous is None:
            return
        if owner[0] == "player" and to[0] == "player" and has_presidents:
            transfer_to = swap_to = to
        else:
            transfer_to = POOL
            swap_to = (("player", previous) if self.percent_of(("player", previous)) >= 20
                       else transfer_to)
        swapped = [s for s in self.held[("player", president)] if s != presidents]
        for share in swapped[:2]:
            self.move(share, swap_to)
        self.move(presidents, ("player", president))
        if partial:
            for _ in range((sum(map(self.percent, shares)) - percent) // 10):
                self.move(self.held[transfer_to][0], owner)


def _sellable(corporation: Corporation, player: object, current: bool) -> bool:
    """Whether a bankrupt president may sell some of ``corporation``'s shares as any
    sale goes (g_1846/step/bankrupt.rb ``sellable_bundles``, step/emergency_money.rb
    ``sellable_bundle?``: the market holds at most 50%, the president's share goes only
    to a player holding 20%, no presidency changes in the corporation buying the train,
    nor does it sell at $10: g_1846/step/buy_train.rb). The cash it needs is more than
    every sale brings, as it goes bankrupt (``selling_minimum_shares?``)."""
    if current and MARKET[corporation.col] == 10:
        return False
    if corporation.percent_of(POOL) + 10 > 50:
        return False
    mine = corporation.percent_of(("player", player))
    others = max((n for p, n in corporation.players().items() if p != player), default=0)
    plain = any(not s.endswith(PRESIDENT_SHARE)
                for s in corporation.held.get(("player", player), ()))
    if plain and (not current or mine - 10 >= others):
        return True
    return not current and others >= 20


class Market:
    """The share prices and holdings of the parred corporations (the books), each price's
    corporations in the order they came to it, the operating round's order and whose
    turn it is."""

    def __init__(self, replay: ReplayState):
        self.corporations: dict[str, Corporation] = {}
        self.closed: set[str] = set()
        self.cells: dict[int, list[str]] = {}   # a price's corporations, first come first
        self.turn: str | None = None             # the corporation whose dividend step is to come
        self.revenue: int | None = None          # its run's, once it ran
        self.done: str | None = None             # the last one past it, no other since
        # the operating round's corporations in order, and the place of the last to operate
        self.order: list[str] | None = None
        self.place = -1
        self.first_round = True
        self.in_operating_rounds = False
        self.emergency_issued: str | None = None  # the corporation that issued for a train
        self.bankrupt: list = []                  # the bankrupt players, in order
        self.over: int | None = None              # the bankruptcy that ended the game
        self.sold: set[str] = set()               # every train that has left the bank
        self.discarded = False                    # a train went back to the bank
        # a corporation in receivership that may have bought the bank's first train (its
        # cash decides, which trainrun does not follow), until the log shows whether it did
        self.pending: dict[str, str] = {}
        self.purchases: list[tuple[str, str]] = []   # receivership purchases to make

    # ---- the moves -------------------------------------------------------------------

    def corporation(self, name: object, action: dict) -> Corporation:
        if not isinstance(name, str) or name not in self.corporations:
            raise InputError("corporation", f"{name!r} has no share price in this game "
                                            f"(action {action.get('id')})")
        return self.corporations[name]

    def _step(self, name: str, to: int) -> None:
        """``name``'s price moves one step (or none) to column ``to``: last come to it
        (engine stock_market.rb ``move``)."""
        corporation = self.corporations[name]
        if to == corporation.col:
            return
        self.cells[corporation.col].remove(name)
        self.cells.setdefault(to, []).append(name)
        corporation.col = to

    def move(self, name: str, steps: int) -> None:
        """``steps`` steps right (left: negative), one at a time."""
        for _ in range(abs(steps)):
            col = self.corporations[name].col
            self._step(name, right(col) if steps > 0 else left(col))

    def par(self, action: dict) -> None:
        name = action.get("corporation")
        price, _, col = str(action.get("share_price")).split(",")
        if not isinstance(name, str) or name in self.corporations or name in self.closed:
            raise InputError("corporation", f"{name!r} cannot par")
        if not col.isdigit() or int(col) >= len(MARKET) or MARKET[int(col)] != int(price):
            raise InputError("share_price", f"{action.get('share_price')!r} is no price of "
                                            "1846's market")
        corporation = Corporation(name, int(col))
        self.corporations[name] = corporation
        self.cells.setdefault(corporation.col, []).append(name)
        corporation.transfer([f"{name}{PRESIDENT_SHARE}"], 20, ("player", action["entity"]),
                             [])

    def dividend(self, name: str, paid: int) -> None:
        self.move(name, price_change(MARKET[self.corporations[name].col], paid))

    def finish_stock_round(self) -> None:
        """The end of a stock round (round/stock.rb ``finish_round``)."""
        for name, corporation in sorted(self.corporations.items(),
                                        key=lambda c: self._sort_key(c[0])):
            if sum(corporation.players().values()) == 100:
                self.move(name, 1)
            if corporation.held.get(POOL):
                self.move(name, -1)

    # ---- the operating turns ---------------------------------------------------------

    def _sort_key(self, name: str) -> tuple:
        """Operating order (engine corporation.rb ``sort_order_key``: the higher price first,
        then the first come to it)."""
        col = self.corporations[name].col
        return (-MARKET[col], -col, self.cells[col].index(name), name)

    def _operating_order(self) -> list[str]:
        """The corporations in the order they operate in the round starting (engine
        g_1846/game.rb ``operating_order``: the game's first round from the lowest price)."""
        names = list(self.corporations)
        if self.first_round:
            return sorted(names, key=lambda n: (MARKET[self.corporations[n].col],
                                                self.cells[self.corporations[n].col].index(n)))
        return sorted(names, key=self._sort_key)

    def _silent(self, replay: ReplayState, action: dict, names: list[str]) -> None:
        """The turns of ``names``, which logged nothing (no lay, run or train: engine
        round/operating.rb skips every step): each withholds nothing; one in receivership
        may buy a train."""
        for name in names:
            if name in self.corporations:
                self.dividend(name, 0)
                if self.corporations[name].president == RECEIVER:
                    self._receivership_turn(replay, action, name)

    def _receivership_turn(self, replay: ReplayState, action: dict, name: str) -> None:
        """The silent turn of ``name`` in receivership: with no train it withholds once more
        (g_1846/step/dividend.rb ``skip!``), then may buy the bank's cheapest train
        (``_offer``). A train it may have bought before would have run: it did not."""
        self.pending.pop(name, None)
        if replay.trains.get(name):
            raise InputError("entity", f"{name}, in receivership with a train, logs no run "
                                       f"before action {action.get('id')} (a corporation "
                                       "with no route is not followed)")
        if self.corporations[name].col != CLOSE:
            self.move(name, -1)
        self._offer(replay, action, name)

    def bank(self, replay: ReplayState) -> list[str]:
        """The bank's trains not yet sold, in the order they are sold (engine g_1846/game.rb
        ``num_trains``: as many 2s, 4s and 5s as the players say)."""
        players = len(replay.players)
        counts = {"2": players + 4, "4": players + 1, "5": players, "6": 9}
        return [f"{name}-{i}" for name, count in counts.items() for i in range(count)
                if f"{name}-{i}" not in self.sold]

    def _offer(self, replay: ReplayState, action: dict, name: str) -> None:
        """``name``, in receivership with no train, buys the bank's cheapest train if its
        cash allows (g_1846/round/operating.rb ``receivership_train_buy``, after a
        bankruptcy unless it ended the game, and at its train step). trainrun does not
        follow cash: a train that starts a phase or an event is settled by the rest of the
        log (``ReplayState.decide``); any other waits (``pending``) until the log shows
        whether it was bought."""
        if replay.trains.get(name):
            return
        bank = self.bank(replay)
        if not bank:
            return
        if self.discarded:
            raise InputError("entity", f"{name}'s train purchase in receivership, with trains "
                                       f"back in the bank, is not followed (action "
                                       f"{action.get('id')})")
        train = bank[0]
        kind = train.rpartition("-")[0]
        if any(t.rpartition("-")[0] == kind for t in self.sold):
            self.pending[name] = train
            return
        why = (f"{name} in receivership buys {train} if its cash allows, which trainrun does "
               "not follow")
        if replay.decide(action, f"{name} buys {train}", [False, True], why):
            self.purchases.append((name, train))

    def _round_over(self, replay: ReplayState, action: dict) -> None:
        """The operating round under way is over: the corporations it had still to operate
        operated silently."""
        if self.order is not None:
            self._silent(replay, action, self.order[self.place + 1:])
        self.order, self.place = None, -1

    def _take_turn(self, replay: ReplayState, name: str, action: dict) -> None:
        """``name``'s turn begins: those before it in the round's order operated silently;
        if none is left before it, a new operating round began."""
        for attempt in range(2):
            if self.order is None:
                self.order, self.place = self._operating_order(), -1
                self.first_round = False
            later = self.order[self.place + 1:]
            if name in later:
                at = later.index(name)
                self._silent(replay, action, later[:at])
                self.place += at + 1
                return
            if attempt == 0:
                self._round_over(replay, action)
        raise InputError("entity", f"{name} operates out of its turn "
                                   f"(action {action.get('id')})")

    def _end_turn(self, action: dict) -> None:
        """The dividend step of the turn under way, with no ``dividend`` logged: nothing
        paid (step/dividend.rb ``skip!``; in receivership the run is withheld:
        g_1846/round/operating.rb ``after_process``)."""
        if self.turn is None:
            return
        corporation = self.corporations.get(self.turn)
        if self.revenue and (corporation is None or corporation.president != RECEIVER):
            raise InputError("dividend", f"{self.turn} ran for ${self.revenue} and logged "
                                         f"no dividend before action {action.get('id')}")
        name, self.done, self.turn, self.revenue = self.turn, self.turn, None, None
        if name in self.corporations:
            self.dividend(name, 0)

    def _turn(self, replay: ReplayState, action: dict) -> None:
        """The operating turns as ``action`` comes up: the dividend step of the one under way
        when the action comes after it (another company's, a player's share trade, its
        purchase of a train); a corporation's new turn (its first action since another
        company's, or a lay, token or run after its dividend)."""
        kind, entity_type, entity = action["type"], action.get("entity_type"), action.get("entity")
        operator = entity_type in ("corporation", "minor")
        over = not replay.in_operating_rounds or (entity_type == "player"
                                                   and kind in PLAYER_TURN_OVER)
        own = entity_type == "corporation" and entity == self.turn
        if self.turn is not None and (
                over or (operator and not own)
                or (own and self.revenue is not None
                    and kind not in ("dividend", "sell_shares", "buy_shares"))
                or (own and kind in ("buy_train", "bankrupt"))):
            self._end_turn(action)
        if not replay.in_operating_rounds:
            self.done = None
            self._round_over(replay, action)
        elif operator and entity != self.done:
            self.done = None
            if entity_type == "minor" and self.order is not None and self.place >= 0:
                self._round_over(replay, action)      # the minors operate first
        if (entity_type == "corporation" and replay.in_operating_rounds and self.turn is None
                and entity in self.corporations
                and (entity != self.done or kind in ("lay_tile", "place_token", "run_routes"))):
            self._take_turn(replay, entity, action)
            self.turn, self.revenue = entity, None
            if self.emergency_issued != entity:
                self.emergency_issued = None

    def _run(self, replay: ReplayState, action: dict) -> None:
        """The revenue of a corporation's run: the routes' logged revenues, else the
        declared run scored."""
        routes = action.get("routes") or []
        if all(isinstance(r, dict) and isinstance(r.get("revenue"), int) for r in routes):
            total = sum(r["revenue"] for r in routes)
        else:
            verdict = check_declared(replay.position(action["entity"]), action)
            if not verdict.legal:
                raise InputError("routes", "the declared run cannot be scored: "
                                           + "; ".join(verdict.violations[:1]))
            total = verdict.declared_total
        extra = action.get("extra_revenue") or 0
        self.revenue = total + (extra if isinstance(extra, int) else 0)
        if not self.revenue:    # nothing to pay: the dividend step passes at once
            self._end_turn(action)

    def _issue(self, replay: ReplayState, action: dict) -> None:
        """A corporation's ``sell_shares``: an issue (no move; at one step left), or, after
        its dividend step, its emergency issue to buy a train (one step left a share; at one
        step left more than it issues: g_1846/game.rb ``emergency_issuable_bundles``). With
        no run this turn the dividend step comes as the lays end, which the log does not
        show: the price logged tells the two apart."""
        name = action["entity"]
        corporation = self.corporation(name, action)
        shares = list(action.get("shares") or [])
        logged = action.get("share_price")
        if not shares or any(corporation.holder_of(s) != TREASURY for s in shares):
            raise InputError("shares", f"{name} issues only shares of its treasury")
        count = len(shares)
        if self.turn == name and self.revenue is None \
                and logged != MARKET[left(corporation.col)] \
                and logged == MARKET[left(corporation.col, 2 + count)]:
            self._end_turn(action)      # past its lays and its dividend step
        if self.done == name:
            price = MARKET[left(corporation.col, 1 + count)]
            if logged != price or replay.trains.get(name):
                raise InputError("share_price", f"{name}'s emergency issue at {logged!r}, not "
                                                f"${price}")
            corporation.transfer(shares, 10 * count, POOL, [])
            self.move(name, -count)
            self.emergency_issued = name
            return
        if self.turn != name:
            raise InputError("entity", f"{name} issues shares outside its turn")
        if logged != MARKET[left(corporation.col)]:
            raise InputError("share_price", f"{name} issues at {logged!r}, not "
                                            f"${MARKET[left(corporation.col)]}")
        corporation.transfer(shares, 10 * count, POOL, [])

    def _redeem(self, action: dict) -> None:
        name = action["entity"]
        corporation = self.corporation(name, action)
        shares = list(action.get("shares") or [])
        if not shares or any(corporation.holder_of(s) != POOL for s in shares):
            raise InputError("shares", f"{name} redeems only shares of the market")
        if action.get("share_price") != MARKET[right(corporation.col)]:
            raise InputError("share_price", f"{name} redeems at {action.get('share_price')!r}, "
                                            f"not ${MARKET[right(corporation.col)]}")
        corporation.transfer(shares, 10 * len(shares), TREASURY, [])

    def _player_trade(self, replay: ReplayState, action: dict) -> None:
        shares = list(action.get("shares") or [])
        if not shares or not all(isinstance(s, str) for s in shares):
            raise InputError("shares", "names no shares")
        name = shares[0].rpartition("_")[0]
        corporation = self.corporation(name, action)
        percent = action.get("percent")
        if not isinstance(percent, int):
            percent = sum(map(Corporation.percent, shares))
        seats = list(replay.players)
        player = ("player", action["entity"])
        if action["type"] == "buy_shares":
            corporation.transfer(shares, percent, player, seats)
            return
        if any(corporation.holder_of(s) != player for s in shares):
            raise InputError("shares", f"player {action['entity']} sells shares it does not "
                                       "hold")
        was_president = corporation.president == action["entity"]
        corporation.transfer(shares, percent, POOL, seats)
        if was_president:
            self.move(name, -1)

    def _bankrupt(self, replay: ReplayState, action: dict) -> None:
        """The president of ``action``'s corporation goes bankrupt (engine
        g_1846/step/bankrupt.rb ``process_bankrupt``): the corporation's emergency issue,
        the president's sales (a president's price a step left where a sale is allowed),
        every other share of the president's to the market unmoved; a corporation left with
        no president enters receivership (``RECEIVER``; one at $0 closes). The game ends
        when one player is left (base.rb ``declare_bankrupt``, ``bankruptcy_limit_reached?``,
        GAME_END_CHECK ``bankrupt: :immediate``); else the corporation in receivership
        may buy a train (``_offer``)."""
        name = action["entity"]
        corporation = self.corporation(name, action)
        player = corporation.president
        if player in (None, RECEIVER) or replay.trains.get(name):
            raise InputError("entity", f"{name} cannot go bankrupt (no president, or a train)")
        if self.emergency_issued != name:
            self._emergency_issue(name)
        seats = list(replay.players)
        for other, held in list(self.corporations.items()):
            shares = list(held.held.get(("player", player), ()))
            if not shares:
                continue
            sale = held.president == player and _sellable(held, player, other == name)
            held.transfer(shares, sum(map(held.percent, shares)), POOL, seats)
            if sale:
                self.move(other, -1)
            if held.president == player:
                held.president = RECEIVER
        self.bankrupt.append(player)
        if len(replay.players) - len(self.bankrupt) <= 1:
            self.over = action.get("id")
        elif corporation.president == RECEIVER and corporation.col != CLOSE:
            self._offer(replay, action, name)

    def _emergency_issue(self, name: str) -> None:
        """The biggest bundle of treasury shares issuable for a train, none bringing
        nothing (g_1846/game.rb ``emergency_issuable_bundles``: the one a bankruptcy issues,
        as no bundle buys a train), one step left a share."""
        corporation = self.corporations[name]
        treasury = corporation.held.get(TREASURY, [])
        players = sum(corporation.players().values()) // 10
        issuable = min(len(treasury), players - corporation.percent_of(POOL) // 10)
        count = max((n for n in range(1, issuable + 1)
                     if MARKET[left(corporation.col, 1 + n)] > 0), default=0)
        if count:
            corporation.transfer(treasury[:count], 10 * count, POOL, [])
            self.move(name, -count)
            self.emergency_issued = name

    def _watch_trains(self, replay: ReplayState, action: dict) -> None:
        """The trains sold; a train bought from the bank is its first (engine depot.rb
        ``depot_trains``: 1846 has no train for sale early); a pending receivership
        purchase settled as the log shows it, or not followed."""
        self.sold |= {t.id for trains in replay.trains.values() for t in trains}
        kind, entity = action["type"], action.get("entity")
        if kind == "discard_train":
            self.discarded = True
        for name, train in list(self.pending.items()):
            if kind == "buy_train" and action.get("train") == train and entity != name:
                del self.pending[name]          # still in the bank: not bought
            elif entity == name and not (kind == "buy_train" and action.get("train") == train):
                raise InputError("entity", f"whether {name} bought {train} in receivership "
                                           "(its cash) is not followed")
            elif kind == "buy_train" and entity == name:
                del self.pending[name]
        bought = action.get("train")
        if kind == "buy_train" and isinstance(bought, str) and bought not in self.sold \
                and not self.discarded:
            bank = self.bank(replay)
            if bought in bank and bought != bank[0]:
                if bank[0] in self.pending.values():
                    raise InputError("train", f"whether {bank[0]} was bought in receivership "
                                              "(its cash) is not followed")
                raise InputError("train", f"{bought} is bought before {bank[0]}")

    def follow(self, replay: ReplayState, action: dict) -> list[str]:
        """The share prices as ``action`` is taken; the corporations it closes."""
        kind, entity_type = action["type"], action.get("entity_type")
        if self.over is not None:
            raise InputError("type", f"the game ended at action {self.over} (a bankruptcy "
                                     "left one player)")
        self._watch_trains(replay, action)
        if replay.in_operating_rounds and not self.in_operating_rounds:
            self.finish_stock_round()
        self._turn(replay, action)
        self.in_operating_rounds = replay.in_operating_rounds
        if kind == "par" and entity_type == "player":
            self.par(action)
        elif kind in ("buy_shares", "sell_shares") and entity_type == "player":
            self._player_trade(replay, action)
        elif kind == "sell_shares" and entity_type == "corporation":
            self._issue(replay, action)
        elif kind == "buy_shares" and entity_type == "corporation":
            self._redeem(action)
        elif kind == "bankrupt" and entity_type == "corporation":
            self._bankrupt(replay, action)
        elif kind == "run_routes" and entity_type == "corporation" \
                and action.get("entity") in self.corporations:
            self._run(replay, action)
        elif kind == "dividend" and entity_type == "corporation" \
                and action.get("entity") in self.corporations:
            name = action["entity"]
            if self.turn != name or self.revenue is None:
                raise InputError("dividend", f"{name} pays with no run")
            paid = paid_for(str(action.get("kind")), self.revenue)
            self.done, self.turn, self.revenue = name, None, None
            self.dividend(name, paid)
        closing = [n for n, c in self.corporations.items() if c.col == CLOSE]
        for name in closing:
            self.cells[CLOSE].remove(name)
            del self.corporations[name]
            self.closed.add(name)
            if self.turn == name:
                self.turn, self.revenue = None, None
        return closing
