"""Who holds which shares of each corporation, and who presides it, followed through a game
log from the share actions the 18xx.games engine shares across titles, for an imported
position to name its company's president (``Replay.position_before``).

What it follows (engine action/par.rb, buy_shares.rb, sell_shares.rb; share_pool.rb
``buy_shares``, ``sell_shares``, ``transfer_shares``, ``change_president``,
``handle_partial``; docs/rules/common.md §10):

* ``par`` by a player: the president's certificate (``<corporation>_0``) goes to that
  player, who presides;
* ``buy_shares`` by a player or a corporation and ``sell_shares`` by a player or (an issue)
  a corporation: the logged ``percent`` (else the certificates' percents) moves from the
  certificates' holder to the buyer, or from the seller to the market. Only players count
  for the presidency (engine ``player_share_holders``). After each transfer the presidency
  follows the engine's rule: it stays while the president holds the most; with no
  president, the holder of the president's certificate among those holding the most takes
  it; otherwise the holder of the most with at least the president's percent, nearest in
  seat order after the old president (``trainrun.hooks.presidency``; the seat order the
  title's ``ReplayRules.seat_order`` says, ``trainrun.hooks.seats``). The certificates
  move as the engine moves them (the president's certificate against the first ones of
  the new president, to the old president if still holding as much, else to the market;
  a partial bundle's change back to its seller), so a later purchase from a player is
  read from whoever holds the certificate.

A corporation's certificates are 20% and 10%, or, where the log trades a single ordinary
certificate of another size ``s``, ``2s`` and ``s`` (5-share corporations).

Exact or silent: a corporation's president is known only from its logged ``par`` on, and
becomes unknown for good where the log holds a share event not modelled above: any action
type not known to leave shares alone (``SHARE_NEUTRAL``): for the corporations it names
where it is a conversion, merger, short, split, ``par`` by other than a player or ``bid``
on a corporation (``NAMED_ONLY``), for every corporation where it is anything else (a bankruptcy, a
``choose`` ...) or names none; a corporation parred twice; a private exchanged for
shares (``buy_shares`` by a company); a purchase with a ``swap``, ``purchase_for`` or
``borrow_from``, or by a corporation of another's shares; a sale of shares the seller is
not followed to hold; a president's certificate left with no player holding as much
(receivership); a tie the seat order breaks where it is not known; ordinary
certificates of two sizes; shares a private's ability
gives (``privates.json`` ``shares`` other than a president's certificate the winner pars);
and the corporations the title's ``ReplayRules.shares_unlogged`` names, whose shares its
rules move outside the log (``"*"``: all of them).

A title whose own replay follows its shares (1846, 1871, 18GB) tells the replay its
presidents (``ReplayState.set_president``), which its positions name in place of this
follower's; where both name one they agree (``tests/test_replay_shares.py``).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from trainrun.board.title import Title
from trainrun.hooks.certificates import corporation_of
from trainrun.hooks.presidency import nearest_after
from trainrun.hooks.seats import DEFAULT_ORDER, Seats

__all__ = ["ShareFollower", "SHARE_NEUTRAL"]

# logged action types that move no share of any corporation in the shared engine
SHARE_NEUTRAL = frozenset({
    "pass", "lay_tile", "place_token", "run_routes", "dividend", "buy_train",
    "discard_train", "scrap_train", "message", "log", "undo", "redo", "end_game",
    "take_loan", "payoff_loan", "buy_company", "buy_tokens", "hex_token", "remove_token",
    "borrow_train", "program_buy_shares", "program_share_pass", "program_disable",
    "program_enable", "program_close_pass", "program_merger_pass", "program_auction_bid",
    "view_merge_options", "sell_company", "assign", "choose_ability",
    "destination_connection", "claim_hex_token"})
# share events of the corporations an action names, and of no other (an action of any other
# type not in ``SHARE_NEUTRAL``, a bankruptcy among them, may move any corporation's shares)
NAMED_ONLY = frozenset({"convert", "merge", "short", "bid", "split", "par"})
# a player's logged actions that are no turn of a stock round (nor are ``program_*``)
NO_TURN = frozenset({"message", "log", "end_game", "undo", "redo", "view_merge_options"})
PLAYER = "player"
MARKET = ("market",)    # where sold shares go, as a holder of certificates (not a player)
TREASURY = ("treasury",)   # where a corporation's redeemed shares go


class ShareFollower:
    """Each followed corporation's players' percents, its certificates' player holders and
    its president; the corporations no longer followed."""

    def __init__(self, title: Title, players: Sequence[object], actions: Sequence[dict],
                 unlogged: Sequence[str] = (), seat_order: str = DEFAULT_ORDER):
        self.seats = Seats(players, seat_order)
        self.corporations = set(title.companies)
        self.held: dict[str, dict[object, int]] = {}      # corporation -> player -> percent
        self.certs: dict[str, dict[object, list[str]]] = {}  # corporation -> player -> certs
        self.president: dict[str, object] = {}
        self.unknown: set[str] = set(self.corporations if "*" in unlogged else unlogged)
        self.unknown |= _granted_shares(title, self.corporations)
        self.share_percent: dict[str, int] = {}
        self._size_certificates(actions)

    # ---- what it answers ------------------------------------------------------------

    def president_of(self, corporation: str) -> object | None:
        """The player (id as the log gives it) presiding ``corporation``, or None where it
        is not known (never parred in the log, or an event not followed)."""
        if corporation in self.unknown:
            return None
        return self.president.get(corporation)

    # ---- the log --------------------------------------------------------------------

    def _size_certificates(self, actions: Sequence[dict]) -> None:
        """Each corporation's ordinary certificate size, from the single ones the log trades
        (10 where none is); two sizes: not followed."""
        sizes: dict[str, set[int]] = {}
        for action in actions:
            shares, percent = action.get("shares"), action.get("percent")
            if action.get("type") in ("buy_shares", "sell_shares") and isinstance(
                    shares, list) and len(shares) == 1 and isinstance(shares[0], str) \
                    and not shares[0].endswith("_0") and isinstance(percent, int):
                sizes.setdefault(corporation_of(shares[0]), set()).add(percent)
        for corporation, seen in sizes.items():
            if len(seen) == 1:
                self.share_percent[corporation] = next(iter(seen))
            else:
                self.unknown.add(corporation)

    def seat(self, action: dict, operating: bool) -> None:
        """The seat order as ``action`` (or an automatic action of one) comes up: an
        operating round ends the stock round, a player's action outside one is a turn of it
        (``trainrun.hooks.seats``)."""
        kind = str(action.get("type"))
        if operating:
            self.seats.stock_round_over()
        elif action.get("entity_type") == PLAYER and kind not in NO_TURN and \
                not kind.startswith("program_"):
            self.seats.stock_action(action.get("entity"), kind)

    def follow(self, action: dict) -> None:
        """The holdings and presidencies once ``action`` (or an automatic action of one)
        is taken."""
        kind, entity_type = action.get("type"), action.get("entity_type")
        if kind == "par" and entity_type == PLAYER:
            self._par(action)
        elif kind == "buy_shares" and entity_type in (PLAYER, "corporation"):
            self._buy(action)
        elif kind == "sell_shares" and entity_type in (PLAYER, "corporation"):
            self._sell(action)
        elif kind in ("bid", "offer") and not any(action.get(k) for k in ("corporation",
                                                                         "minor")):
            return      # a private's auction
        elif kind not in SHARE_NEUTRAL:
            self._lose(action)

    def _lose(self, action: dict) -> None:
        """An event not followed: the corporations it names, for a type of
        ``NAMED_ONLY`` or a share action, are followed no more; every one for any other."""
        named = {v for k in ("corporation", "entity", "minor") if isinstance(
            v := action.get(k), str) and v in self.corporations}
        named |= {corporation_of(s) for s in action.get("shares") or () if isinstance(s, str)}
        local = action.get("type") in NAMED_ONLY or action.get("type") in (
            "buy_shares", "sell_shares")
        self.unknown |= named if named and local else self.corporations

    def _par(self, action: dict) -> None:
        corporation = action.get("corporation")
        if not isinstance(corporation, str) or corporation not in self.corporations:
            return
        if corporation in self.held:       # parred again: not the shared rule
            self.unknown.add(corporation)
            return
        player = action["entity"]
        self.held[corporation] = {player: self._president_percent(corporation)}
        self.certs[corporation] = {player: [f"{corporation}_0"]}
        self.president[corporation] = player

    def _bundle(self, action: dict) -> tuple[str, list[str], int] | None:
        """(corporation, certificates, percent) of a share action, None where it is not one
        the follower reads or its corporation was never parred in the log (the corporation
        is then followed no more)."""
        shares = action.get("shares")
        if not isinstance(shares, list) or not shares or not all(
                isinstance(s, str) for s in shares):
            self._lose(action)
            return None
        corporation = corporation_of(shares[0])
        if any(corporation_of(s) != corporation for s in shares) or \
                corporation not in self.corporations:
            self._lose(action)
            return None
        if corporation not in self.held:
            self.unknown.add(corporation)
            return None
        percent = action.get("percent")
        if not isinstance(percent, int) or isinstance(percent, bool):
            percent = sum(self._percent(corporation, s) for s in shares)
        return corporation, shares, percent

    def _buy(self, action: dict) -> None:
        bundle = self._bundle(action)
        if bundle is None:
            return
        corporation, shares, percent = bundle
        if any(action.get(k) for k in ("swap", "purchase_for", "borrow_from")) or (
                action.get("entity_type") == "corporation" and action["entity"] != corporation):
            self.unknown.add(corporation)
            return
        owners = {self._holder(corporation, s) for s in shares}
        if len(owners) > 1:
            self.unknown.add(corporation)
            return
        owner = owners.pop()
        buyer = action["entity"] if action.get("entity_type") == PLAYER else None
        self._transfer(corporation, shares, percent, owner, buyer,
                       MARKET if buyer is not None else TREASURY)

    def _sell(self, action: dict) -> None:
        bundle = self._bundle(action)
        if bundle is None:
            return
        corporation, shares, percent = bundle
        seller = action["entity"] if action.get("entity_type") == PLAYER else None
        if any(self._holder(corporation, s) != seller for s in shares):
            self.unknown.add(corporation)   # shares it is not followed to hold
            return
        self._transfer(corporation, shares, percent, seller, None)

    # ---- the engine's transfer ------------------------------------------------------

    def _transfer(self, corporation: str, shares: list[str], percent: int, owner: object,
                  to: object, market: object = MARKET) -> None:
        """``shares`` (worth ``percent``) of ``corporation`` go from ``owner`` to ``to``
        (None: no player: the market, or the ``market`` holder given, a treasury or the
        IPO, which are not followed), the presidency following (engine share_pool.rb
        ``transfer_shares``)."""
        if corporation in self.unknown:
            return
        held, certs = self.held[corporation], self.certs[corporation]
        if owner is not None:
            held[owner] = held.get(owner, 0) - percent
            if held[owner] < 0:
                self.unknown.add(corporation)
                return
        if to is not None:
            held[to] = held.get(to, 0) + percent
        for share in shares:
            if share in certs.get(owner if owner is not None else MARKET, []):
                certs[owner if owner is not None else MARKET].remove(share)
            certs.setdefault(to if to is not None else market, []).append(share)
        self._change_president(corporation, shares, percent, owner, to)

    def _change_president(self, corporation: str, shares: list[str], percent: int,
                          owner: object, to: object) -> None:
        held, certs = self.held[corporation], self.certs[corporation]
        needed = self._president_percent(corporation)
        presidents = f"{corporation}_0"
        most = max(held.values(), default=0)
        if presidents in shares and to is None and most < needed:
            self.unknown.add(corporation)    # the president's certificate with no president
            return
        majority = [p for p, n in held.items() if n == most and n > 0]
        previous = self.president.get(corporation)
        if previous in majority or not majority:
            return
        eligible = [p for p in majority if held[p] >= needed]
        if not eligible:
            return
        if len(eligible) > 1 and self.seats.order is None:
            self.unknown.add(corporation)   # a tie the seat order breaks, not followed
            return
        president = nearest_after(self.seats.order or (), previous, eligible)
        self.president[corporation] = president
        if to == president and owner == previous and presidents in shares and \
                percent == self._sum(corporation, shares):
            return
        if owner == president:
            return
        # the president's certificate against the new president's first ordinary ones
        # (engine ``change_president``, ``shares_for_presidency_swap``)
        player_to_player = owner is not None and to is not None and presidents in shares
        old_keeps = self._sum(corporation, certs.get(previous, [])) >= needed
        swap_to = to if player_to_player else (previous if old_keeps else MARKET)
        count = needed // self._share(corporation)
        for share in [s for s in certs.get(president, []) if s != presidents][:count]:
            certs[president].remove(share)
            certs.setdefault(swap_to, []).append(share)
        for holder in certs.values():
            if presidents in holder:
                holder.remove(presidents)
        certs.setdefault(president, []).append(presidents)
        change = (self._sum(corporation, shares) - percent) // self._share(corporation)
        if change > 0 and owner is not None:
            # a partial bundle's change back to its seller (engine ``handle_partial``): the
            # first certificates of the buyer, or of the market
            source = to if player_to_player else MARKET
            for share in certs.get(source, [])[:change]:
                certs[source].remove(share)
                certs[owner].append(share)

    # ---- certificates ---------------------------------------------------------------

    def _holder(self, corporation: str, share: str) -> object:
        """The player holding ``share`` (None: no player)."""
        return next((p for p, held in self.certs.get(corporation, {}).items()
                     if share in held and p not in (MARKET, TREASURY)), None)

    def _share(self, corporation: str) -> int:
        return self.share_percent.get(corporation, 10)

    def _president_percent(self, corporation: str) -> int:
        return 2 * self._share(corporation)

    def _percent(self, corporation: str, share: str) -> int:
        return self._president_percent(corporation) if share.endswith("_0") else \
            self._share(corporation)

    def _sum(self, corporation: str, shares: Sequence[str]) -> int:
        return sum(self._percent(corporation, s) for s in shares)


def _granted_shares(title: Title, corporations: set[str]) -> set[str]:
    """The corporations a private's ``shares`` ability gives a share of outside the log:
    every one but a president's certificate, which its holder pars (``random_president``
    alike); a random share, of each corporation it may be; a share not named, of all."""
    granted: set[str] = set()
    for private in title.privates.values():
        for ability in private.get("abilities", ()) if isinstance(private, Mapping) else ():
            if ability.get("type") != "shares":
                continue
            named = ability.get("shares")
            named = [named] if isinstance(named, str) else list(named or ())
            for share in named:
                if share == "random_president" or share.endswith("_0"):
                    continue
                corporation = corporation_of(share)
                if corporation in corporations:
                    granted.add(corporation)
                elif ability.get("corporations"):
                    granted |= set(ability["corporations"]) & corporations
                else:
                    granted |= corporations
    return granted
