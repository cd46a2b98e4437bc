"""What a title's replay hooks may read and change of a game-log replay: ``ReplayState``,
handed to ``trainrun_replay_action`` and ``trainrun_replay_round`` in place of the replay
(``trainrun.replay.gamelog.Replay``) itself.

A title reads the log, the board, the trains, who owns each private, the round, and the
data positions carry for it (cash, ``title_state``, ``privates``, tokens beyond the
charter); it changes them only through the named methods here; it keeps its own
bookkeeping in ``books``, of a type of its own. What it reads are read-only views (the
mappings refuse writes; the lists and hexes in them are typed read-only): a title never
changes the replay by changing what it read (``tests/test_replay_state.py`` scans the
titles for it).

The replay makes one ``ReplayState`` for itself and a new one for each copy (a fork's
branch, ``trainrun.replay.replayfork``). The data only titles write (``cash``,
``title_state``, ``privates``, ``abilities``, ``extra_tokens``, the books) is kept here, and
the replay reads it here for the positions it hands out.
"""
from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable, Mapping, Sequence, Set
from types import MappingProxyType
from typing import Any, Protocol, TypeVar, cast

from trainrun.board import hexedits
from trainrun.board.position import PlacedHex, Position, Train
from trainrun.board.title import Phase, Title
from trainrun.board.turnstate import Turn
from trainrun.errors import InputError
from trainrun.hooks.seats import Seats

Books = TypeVar("Books")
Choice = TypeVar("Choice")


class _Log(Protocol):
    """What a title reads of the game file: the actions standing, the settings, the
    players' ids in seat order (``trainrun.replay.gamelog.GameLog``)."""

    @property
    def actions(self) -> list[dict]: ...

    @property
    def settings(self) -> dict: ...

    @property
    def game_id(self) -> object: ...

    @property
    def players(self) -> list: ...


class _Replay(Protocol):
    """What a ``ReplayState`` needs of its replay (``trainrun.replay.gamelog.Replay``)."""

    turn: Turn
    board: dict[str, PlacedHex]
    trains: dict[str, list[Train]]
    owners: dict[str, str]
    gone: set[str]
    bank: list[str]
    pending_tokens: list[tuple[str, str, str]]

    @property
    def seats(self) -> Seats: ...

    @property
    def game(self) -> _Log: ...

    @property
    def title(self) -> Title: ...

    @property
    def phase(self) -> Phase: ...

    @property
    def homed(self) -> set[str]: ...

    @property
    def operating(self) -> str | None: ...

    @property
    def operated(self) -> set[str]: ...

    @property
    def in_operating_rounds(self) -> bool: ...

    @property
    def round_set(self) -> int: ...

    @property
    def round_in_set(self) -> int: ...

    def operator(self, action: dict) -> str: ...

    def position(self, company: str, action: int | None = None) -> Position: ...

    def hex_of_tile(self, tile_id: str, action: dict) -> str: ...

    def city_of(self, action: dict) -> tuple[str, int]: ...

    def decide(self, action: dict, field: str, choices: list, why: str) -> object: ...

    def lay_tile(self, action: dict) -> None: ...

    def place_token(self, action: dict) -> None: ...

    def lay_as_logged(self, hex_id: str, tile_id: str, rotation: int) -> None: ...

    def take_tile_off(self, hex_id: str) -> None: ...

    def buy_train(self, action: dict) -> None: ...

    def lend_train(self, company: str, action: dict) -> None: ...

    def give_back_train(self, company: str, train: Train) -> None: ...

    def withdraw_train(self, train_id: str) -> None: ...

    def put_lifted_token(self, hex_id: str, city: int, holder: str) -> None: ...


class ReplayState:
    """A game-log replay as a title's replay hooks see it: what they read, and the one
    way to change each thing they change."""

    def __init__(self, replay: _Replay):
        self._replay = replay
        self._cash: dict[str, int] = {}
        self._title_state: dict[str, dict[str, int]] = {}
        self._privates: dict[str, dict[str, str]] = {}
        self._abilities: dict[str, tuple[dict, ...]] = {}
        self._assignments: dict[str, tuple[str, ...]] = {}
        self._extra_tokens: dict[str, int] = {}
        self._leasing: set[str] = set()
        self._presidents: dict[str, object] = {}
        self._books: dict[Callable[..., object], object] = {}

    def branch(self, replay: _Replay, memo: dict[int, Any]) -> ReplayState:
        """The state of ``replay``, a copy of this one's replay going on on its own: what is
        kept here copied (``memo``: what the copy shares or has copied already)."""
        twin = ReplayState(replay)
        memo[id(self)] = twin
        for name in ("_cash", "_title_state", "_privates", "_abilities", "_assignments",
                     "_extra_tokens", "_leasing", "_presidents", "_books"):
            setattr(twin, name, copy.deepcopy(getattr(self, name), memo))
        return twin

    # ---- the log and the title ------------------------------------------------------

    @property
    def actions(self) -> Sequence[dict]:
        """The log's actions standing, in order (never changed)."""
        return self._replay.game.actions

    @property
    def settings(self) -> Mapping[str, Any]:
        """The game's settings (optional rules, the seed of its random setup)."""
        return MappingProxyType(self._replay.game.settings)

    @property
    def game_id(self) -> object:
        """The game's id, as its file gives it (engine base.rb ``initialize_seed``: a game
        without a seed draws its setup from the id's first number)."""
        return self._replay.game.game_id

    @property
    def players(self) -> Sequence[object]:
        """The players' ids, in seat order."""
        return tuple(self._replay.game.players)

    @property
    def seat_order(self) -> Sequence[object] | None:
        """The players in seat order now, which breaks presidency ties (as the title's
        ``ReplayRules.seat_order`` says: ``trainrun.hooks.seats``); None where the replay
        cannot tell it."""
        order = self._replay.seats.order
        return None if order is None else tuple(order)

    def seated(self, order: Sequence[object] | None) -> None:
        """The title's first round is over, leaving the players in ``order`` (None: an
        order the replay cannot tell); a ``first_to_pass`` seat order is followed from
        here on (``trainrun.hooks.seats``)."""
        self._replay.seats.seated(order)

    @property
    def title(self) -> Title:
        return self._replay.title

    def operator(self, action: dict) -> str:
        """The company acting in ``action``: its entity, or the owner of the private acting."""
        return self._replay.operator(action)

    # ---- the round ------------------------------------------------------------------

    @property
    def in_operating_rounds(self) -> bool:
        return self._replay.in_operating_rounds

    @property
    def round_set(self) -> int:
        """The set of operating rounds under way or last over (0: none yet)."""
        return self._replay.round_set

    @property
    def round_in_set(self) -> int:
        return self._replay.round_in_set

    @property
    def operating(self) -> str | None:
        """The company whose operating turn it is (or was last)."""
        return self._replay.operating

    @property
    def operated(self) -> Set[str]:
        """The companies that operated in this operating round."""
        return frozenset(self._replay.operated)

    @property
    def homed(self) -> Set[str]:
        """The corporations whose home token is placed (or was due)."""
        return frozenset(self._replay.homed)

    @property
    def upgraded_this_turn(self) -> bool:
        """An upgrade was laid in the operating turn under way (engine round
        ``upgraded_track``)."""
        return self._replay.turn.upgraded

    def count_lay(self, hex_id: str) -> None:
        """A lay on ``hex_id`` the shared replay did not count is one of the operating
        turn's (1817: a private's lay uses one of its owner's, engine ``consume_tile_lay``);
        the hex is among those laid this turn once (the shared replay lists a private's lay
        in its owner's turn already)."""
        turn = self._replay.turn
        laid = turn.laid_hexes if turn.laid_hexes[-1:] == (hex_id,) else (
            turn.laid_hexes + (hex_id,))
        self._replay.turn = dataclasses.replace(turn, lays=turn.lays + 1, laid_hexes=laid)

    def decide(self, action: dict, field: str, choices: list[Choice], why: str) -> Choice:
        """The one of ``choices`` the engine took at ``action`` (``why``: by what), as the
        rest of the log shows it (``trainrun.replay.replayfork``). Ask before changing
        anything: the first time, this raises the replay's ``Fork``."""
        return cast(Choice, self._replay.decide(action, field, choices, why))

    # ---- the board ------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        return self._replay.phase

    @property
    def board(self) -> Mapping[str, PlacedHex]:
        """Every hex as it lies now (a hex is never changed in place: read it only)."""
        return MappingProxyType(self._replay.board)

    def cities_of(self, company: str) -> list[tuple[str, int]]:
        """Every (hex, city index) holding a token of ``company``."""
        return [(h, i) for h, placed in self._replay.board.items()
                for i, c in placed.tokens.items() if company in c.holders()]

    def hex_of_tile(self, tile_id: str, action: dict) -> str:
        """The hex holding the tile of engine copy id ``tile_id`` (``action``: the action
        naming it, for the error)."""
        return self._replay.hex_of_tile(tile_id, action)

    def listed_ability(self, private: str, ability: Mapping[str, Any]) -> dict[str, Any]:
        """``ability`` of ``private`` as an engine position lists it for the corporation
        holding it: its type, count and hexes, and the private's name as its owner."""
        entry: dict[str, Any] = {"type": ability["type"]}
        if ability.get("count") is not None:
            entry["count"] = ability["count"]
        if ability.get("hexes"):
            entry["hexes"] = list(ability["hexes"])
        entry["owner"] = self.title.privates.get(private, {}).get("name", private)
        return entry

    def city_of(self, action: dict) -> tuple[str, int]:
        """(hex, city index) of the city ``action`` names by its engine id (``city``, as
        ``57-0-1``), refused in one line naming the action where it names none."""
        return self._replay.city_of(action)

    def position(self, company: str) -> Position:
        """The position of ``company`` now, as the replay hands it out."""
        return self._replay.position(company)

    def set_markers(self, hex_id: str, markers: tuple[str, ...]) -> None:
        """The markers on ``hex_id`` become ``markers``."""
        self._replay.board[hex_id] = hexedits.with_markers(self._replay.board[hex_id], markers)

    def set_icons(self, hex_id: str, icons: tuple[str, ...]) -> None:
        """The icons on ``hex_id`` become ``icons`` (1846: the privates' icons an event or
        the setup takes off)."""
        self._replay.board[hex_id] = dataclasses.replace(self._replay.board[hex_id],
                                                         icons=tuple(icons))

    def replace_token(self, hex_id: str, city: int, old: str, new: str | None) -> None:
        """The token of ``old`` in that city becomes ``new``'s, in the same slot (None: the
        slot is emptied, an extra token is taken away)."""
        self._replay.board[hex_id] = hexedits.with_token_replaced(self._replay.board[hex_id],
                                                                  city, old, new)

    def move_token(self, hex_id: str, city: int, company: str, slot: int) -> None:
        """The token of ``company`` in that city moves to empty slot ``slot`` (1846: a
        reservation holding a slot of its own, which the board does not keep)."""
        placed = hexedits.copy_hex(self._replay.board[hex_id])
        slots = placed.tokens[city].slots
        if slots[slot] is not None or company not in slots:
            raise InputError("token", f"no token of {company} to move to slot {slot} of city "
                                      f"{city} of {hex_id}")
        slots[slots.index(company)], slots[slot] = None, company
        self._replay.board[hex_id] = placed

    def put_token(self, hex_id: str, city: int, company: str) -> None:
        """A token of ``company`` in the first empty slot of that city, as the engine
        exchanges one in (refused where another company's reservation waits)."""
        self._replay.board[hex_id] = hexedits.with_token_put(self._replay.board[hex_id], city,
                                                             company)

    def put_home_token(self, corporation: str) -> None:
        """``corporation``'s home token in its home hex: the city reserved for it (the
        reservation taken up), else its charter's city, else the hex's first city (engine
        base.rb ``place_home_token``), for a title placing home tokens at a time of its own
        (1889: each operating round; 18Texas: on floating)."""
        charter = self.title.companies[corporation]
        home = charter.get("home")
        if not isinstance(home, str) or home not in self._replay.board:
            return
        placed = self._replay.board[home]
        cities = [n.index for n in placed.tile.nodes if n.kind == "city"]
        reserved = [i for i in cities if i in placed.tokens
                    and corporation in placed.tokens[i].reserved]
        city = (reserved or [charter.get("city", cities[0] if cities else 0)])[0]
        self.put_token(home, city, corporation)
        self.remove_reservations(corporation)   # its home's, the only one it holds

    def remove_reservations(self, holder: str, hexes: Sequence[str] | None = None) -> None:
        """Every reservation of ``holder`` (a company or a private) leaves the board (only
        those on ``hexes`` when given: 1846's reserved token slots, gone in phase IV)."""
        for hex_id, placed in list(self._replay.board.items()):
            if hexes is not None and hex_id not in hexes:
                continue
            kept = hexedits.without_reservations(placed, holder)
            if kept is not placed:
                self._replay.board[hex_id] = kept

    def lay_tile(self, action: dict) -> None:
        """The shared replay's ``lay_tile`` of ``action`` (for a title that does more)."""
        self._replay.lay_tile(action)

    def place_token(self, action: dict) -> None:
        """The shared replay's ``place_token`` of ``action`` (for a title that does more)."""
        self._replay.place_token(action)

    @property
    def lifted_tokens(self) -> Sequence[tuple[str, str]]:
        """The tokens a lay lifted off a trackless city tile, (hex, holder) each, waiting
        to be placed again (by the laying company's next ``place_token``)."""
        return tuple((h, holder) for _, h, holder in self._replay.pending_tokens)

    def put_lifted_token(self, hex_id: str, city: int, holder: str) -> None:
        """The token of ``holder`` a lay lifted on ``hex_id`` goes back in ``city`` by the
        title's rule, not by a ``place_token`` (18GB: the laying corporation's in the first
        city, another's in the second, engine G18GB::Step::TrackAndToken ``update_token!``)."""
        self._replay.put_lifted_token(hex_id, city, holder)

    def lay_as_logged(self, hex_id: str, tile_id: str, rotation: int) -> None:
        """Tile ``tile_id`` (an engine copy id, ``479P-0``) laid on ``hex_id`` at ``rotation``
        as the engine lays it beside a logged lay, unchecked and in no company's turn
        (18MEX: the paired tile of a lay on Mexico City or Puebla); the hex's tokens move
        onto it."""
        self._replay.lay_as_logged(hex_id, tile_id, rotation)

    def take_tile_off(self, hex_id: str) -> None:
        """The tile on ``hex_id`` taken off, the printed one back with the tokens (1882's
        North West Rebellion: engine ``Hex#lay_downgrade``); the tile goes back to the
        supply."""
        self._replay.take_tile_off(hex_id)

    # ---- trains and companies -------------------------------------------------------

    @property
    def trains(self) -> Mapping[str, Sequence[Train]]:
        """Each company's trains."""
        return MappingProxyType(self._replay.trains)

    @property
    def owners(self) -> Mapping[str, str]:
        """The company owning each private that a company owns."""
        return MappingProxyType(self._replay.owners)

    def buy_train(self, action: dict) -> None:
        """The shared replay's ``buy_train`` of ``action`` (for a title that does more)."""
        self._replay.buy_train(action)

    def lend_train(self, company: str, action: dict) -> None:
        """The bank's train ``action`` names goes to ``company`` unbought, for its turn: no
        phase starts, none rusts (1856's national borrowing a train when it has none,
        engine g_1856/game.rb ``borrow_train``); ``give_back_train`` returns it."""
        self._replay.lend_train(company, action)

    def give_back_train(self, company: str, train: Train) -> None:
        """``train`` of ``company`` goes back to the bank, among its discarded trains, no
        phase change (engine depot.rb ``reclaim_train``: a borrowed train returned)."""
        self._replay.give_back_train(company, train)

    def withdraw_train(self, train_id: str) -> None:
        """The bank's train ``train_id`` leaves the game unbought, no phase change (18GB: a
        scenario's smaller train set; a 6X train with each unstarted corporation removed,
        engine depot.rb ``remove_train``)."""
        self._replay.withdraw_train(train_id)

    @property
    def bank(self) -> Sequence[str]:
        """The ids of the trains left in the bank, in the order it sells them."""
        return tuple(self._replay.bank)

    def move_train(self, train: Train, seller: str, buyer: str, index: int | None = None) -> None:
        """``train`` of ``seller`` goes to ``buyer`` (1871: a branch taking its trains at a
        split; no phase change), last among its trains or at ``index`` (1846: a minor's
        train held back, in the place it was bought in)."""
        self._replay.trains[seller].remove(train)
        held = self._replay.trains.setdefault(buyer, [])
        held.insert(len(held) if index is None else index, train)

    def take_trains(self, seller: str, buyer: str) -> None:
        """Every train of ``seller`` goes to ``buyer`` (a merger: no phase change)."""
        self._replay.trains.setdefault(buyer, []).extend(self._replay.trains.pop(seller, []))

    def retire_trains(self, company: str, trains: Sequence[Train]) -> None:
        """``trains`` of ``company`` leave the game (1817: obsolete trains after a
        dividend)."""
        if not trains:
            return
        held = self._replay.trains.get(company, [])
        self._replay.trains[company] = [t for t in held if t not in trains]
        self._replay.gone.update(t.id for t in trains)

    def set_owner(self, private: str, company: str) -> None:
        """``company`` owns ``private`` from now on."""
        self._replay.owners[private] = company

    def release_private(self, private: str) -> None:
        """No company owns ``private`` any more (its owner closed without a buyer)."""
        del self._replay.owners[private]

    def close(self, company: str) -> None:
        """``company`` closes: its tokens and reservations leave the board, its trains the
        game."""
        for hex_id, city in self.cities_of(company):
            self.replace_token(hex_id, city, company, None)
        self.remove_reservations(company)
        self._replay.gone |= {t.id for t in self._replay.trains.pop(company, [])}

    # ---- what a company's positions carry for the title -----------------------------

    @property
    def cash(self) -> Mapping[str, int]:
        """The cash of each company whose cash the title follows (18NY: the minors'): its
        positions state it, and its lays and tokens are paid from it."""
        return MappingProxyType(self._cash)

    def set_cash(self, company: str, amount: int) -> None:
        """``company`` holds ``amount`` now (followed from now on, if it was not)."""
        self._cash[company] = amount

    def pay(self, company: str, amount: int) -> None:
        """``company``, whose cash is followed, receives ``amount``."""
        self._cash[company] += amount

    def charge(self, company: str, amount: int) -> None:
        """``company``, whose cash is followed, pays ``amount``."""
        self._cash[company] -= amount

    @property
    def title_state(self) -> Mapping[str, Mapping[str, int]]:
        """Per company, the ``title_state`` its positions carry (18NY: its connection-bonus
        and coal income, the loans it may still take)."""
        return MappingProxyType(self._title_state)

    def set_title_state(self, company: str, values: Mapping[str, int],
                        blank: Mapping[str, int] = MappingProxyType({})) -> None:
        """``values`` in ``company``'s ``title_state`` (which starts as ``blank`` if the
        company has none yet)."""
        self._title_state.setdefault(company, dict(blank)).update(values)

    def drop_title_state(self, company: str) -> dict[str, int]:
        """``company`` has no ``title_state`` any more: what it had."""
        return self._title_state.pop(company, {})

    @property
    def privates(self) -> Mapping[str, Mapping[str, str]]:
        """Per company, the ``privates`` its positions carry (who holds each open private,
        as that company sees it)."""
        return MappingProxyType(self._privates)

    def set_privates(self, company: str, seen: Mapping[str, str]) -> None:
        """``company``'s positions carry ``seen`` as their ``privates``."""
        self._privates[company] = dict(seen)

    @property
    def abilities(self) -> Mapping[str, Sequence[Mapping[str, Any]]]:
        """Per company, the ``abilities`` its positions carry (the engine's ability entries
        of the company and of the privates it holds, as ``Position.abilities``)."""
        return MappingProxyType({c: tuple(MappingProxyType(a) for a in held)
                                 for c, held in self._abilities.items()})

    def set_abilities(self, company: str, abilities: Sequence[Mapping[str, Any]]) -> None:
        """``company``'s positions carry ``abilities`` (none: it carries none)."""
        self._abilities[company] = tuple(dict(a) for a in abilities)

    @property
    def company_assignments(self) -> Mapping[str, tuple[str, ...]]:
        """Per company, what is assigned to it (``Position.company_assignments``: 1846's
        Steamboat, Meat Packing and Boomtown bonuses)."""
        return MappingProxyType(self._assignments)

    def set_company_assignments(self, company: str, assigned: Sequence[str]) -> None:
        """``company``'s positions carry ``assigned`` as their ``company_assignments``."""
        self._assignments[company] = tuple(assigned)

    @property
    def extra_tokens(self) -> Mapping[str, int]:
        """Per company whose tokens the title counts, the tokens it holds beyond its
        charter's (its positions' ``tokens_left`` counts them)."""
        return MappingProxyType(self._extra_tokens)

    def set_extra_tokens(self, company: str, count: int) -> None:
        """``company`` holds ``count`` tokens beyond its charter's."""
        self._extra_tokens[company] = count

    @property
    def leasing(self) -> Set[str]:
        """The companies that run the bank's next train, leased, in place of their own
        (their positions hold that train only)."""
        return frozenset(self._leasing)

    def set_leasing(self, company: str, leasing: bool) -> None:
        """``company`` runs the bank's next train, leased, in place of its own, or no longer
        (18GB: an insolvent corporation, engine G18GB::Game#route_trains)."""
        if leasing:
            self._leasing.add(company)
        else:
            self._leasing.discard(company)

    @property
    def presidents(self) -> Mapping[str, object]:
        """Per corporation whose president the title's own replay follows, that president
        (a player's id as the log gives it, or a name; None: none), which its positions
        name in place of the shared follower's (``trainrun.replay.shares``)."""
        return MappingProxyType(self._presidents)

    def set_president(self, corporation: str, president: object) -> None:
        """``corporation``'s president is ``president`` as the title's own replay follows
        its shares (1871: the Union Bank and splits; None: none, or not known)."""
        self._presidents[corporation] = president

    def forget_extra_tokens(self, company: str) -> None:
        """``company``'s tokens are its charter's again (its positions count them)."""
        self._extra_tokens.pop(company, None)

    # ---- the title's own ------------------------------------------------------------

    def books(self, start: Callable[[ReplayState], Books]) -> Books:
        """The title's own bookkeeping that ``start`` begins (``start(self)``, the first
        time it is asked for): one per ``start``, of the type it gives, copied with the
        replay; no one else reads it."""
        if start not in self._books:
            self._books[start] = start(self)
        return cast(Books, self._books[start])
