"""Replaying an 18xx.games game log with trainrun's own engine.

A game downloaded from 18xx.games is JSON: ``title``, ``settings`` (optional rules),
``players`` and ``actions``, the whole log in order, each action with an ``id``.
``read_game`` reads it, each field the replay reads checked first (``trainrun.replay.gamefile``:
a wrong one is one line naming the action and the field), and keeps the actions that stand
once ``undo`` and ``redo`` are taken into account, as the 18xx.games engine filters them
(in linear time): an ``undo`` takes back the last action standing (or every action after
its ``action_id``), a ``redo`` puts back what the undo just before it took, and any other
action ends the chance to redo. ``replay``, ``position_at`` and ``run_positions`` take a
``deadline`` (``trainrun.solver.Deadline``): past it, ``Overran``.

A game played on one screen (hotseat) names its players without ids: the names are the
ids its actions give.

``replay(game)`` walks those actions with a ``Replay``, the board and trains as they stand
before each one, and ``Replay.position(company)`` is the position of a company there, ready
for ``solve``, ``verify``, ``moves`` and ``advise``::

    from trainrun.replay.gamelog import read_game, position_at, run_positions
    game = read_game(open("game.json").read(), name="game.json")
    before = position_at(game, action=63)      # the acting company, just before action 63
    for position in run_positions(game):       # one per run_routes, source: fixture, action
        ...

Each position handed out this way carries the company's turn state just before the action
(``trainrun.replay.turnmoment``: the lays made this turn, the step, the cash followed), and
one before a ``run_routes`` the run declared there and its operating round in its
``source`` (``declared``, ``round``: ``trainrun.replay.declaredrun``), which ``own_record``
writes.

What moves the board and the trains:

* ``lay_tile`` by a corporation goes through ``trainrun.turn.moves.apply``, which refuses an
  illegal lay; a private company's lay (its own ability, which the turn engine does not
  check yet) is laid as logged (``_lay_as_logged``), among the hexes laid in its owner's
  turn, one a player holds in no company's turn. The tokens a lay moves go in city order,
  leaving the first slots of a city to the homes reserved there (engine hex.rb ``lay``,
  city.rb ``get_slot``); a tile with track laid over a trackless one of several cities
  lifts their tokens, which the laying company's next ``place_token`` puts back where it
  says (engine tracker.rb ``update_token!``: 1830's ERIE on its OO home);
* ``place_token`` goes through ``trainrun.turn.moves.apply``, a token of another type its
  ``token_type`` (1882's neutral one: the company has it no more); a home token goes on
  the board when the title's ``trainrun_replay_rules`` say (when the corporation first
  operates, or at its par), in the city reserved for it, or, for a corporation with no home
  hex or whose home reserves a whole hex of several cities with track, with its first
  ``place_token``, where it chooses (engine base.rb ``place_home_token``: 1882's SC and
  QLL); a private's token (its own ability) is placed as logged, for its owner or, held by
  a player, for the ``tokener`` the action names;
* ``buy_train`` from the bank or another company, the train traded in (``exchange``) back
  to the bank; the first train of a phase's ``on`` starts that phase and trains whose
  ``rusts_on`` it is leave the game, everywhere; those whose ``obsolete_on`` it is go
  obsolete: the bank's leave the game, a company's runs once more and leaves it at its
  owner's next dividend step, paid (``dividend``) or skipped (a run with no ``dividend``
  after it, or a purchase with no run before it that turn) (engine base.rb
  ``rust_trains!``, step/dividend.rb ``rust_obsolete_trains!``); ``discard_train`` puts a
  train back in the bank (an obsolete one leaves the game); at the end of a set of
  operating rounds the title may export the bank's next train (as if bought);
* ``scrap_train`` puts a train back in the bank, as a discard; a train bought from another
  company keeps the variant it was bought as;
* the title's ``trainrun_replay_action`` takes an action first where its game does more:
  markers claimed (18NY's connection bonuses and coal), mergers, tokens replaced and
  companies closed, shares and floats (1871), through the replay's ``ReplayState``
  (``trainrun.hooks.replaystate``: what a title may read and change, never the ``Replay``
  itself), which also keeps what the title gives each company's positions (``cash``,
  ``title_state``, ``privates``, ``abilities``, ``extra_tokens``) and the title's own
  bookkeeping;
* bids, shares, loans, dividends, runs, passes and log lines change neither board nor
  trains and are read and skipped;
* cash: a title's replay hook may follow companies' cash in ``ReplayState.cash`` (18NY:
  the minors'); their positions state it, and their lays and tokens are paid from it through
  the turn engine (which refuses a lay beyond the title's ``trainrun_lay_budget``);
* rounds: a company's action opens an operating turn, a player's bid, par, share trade
  or pass ends the set of operating rounds, unless the title's ``trainrun_replay_round``
  says otherwise (``between``: the operating round is over, the next is of the same set);
  the title's ``ReplayRules`` say whether a train is exported after each set or each
  operating round (18GB: only after one in which no train was bought from the bank).

Where the engine made a choice from what the log does not show (1817: which of a player's
corporations pays for an acquisition), the title asks ``ReplayState.decide``: each choice is
replayed to the end of the log on a copy and those no later action contradicts are kept
(``trainrun.replay.replayfork``): where several are, the replay carries them side by side
(``Replay.twins``) and hands out a position only where they all give it alike. Any other
action stops the replay with one line naming its id, its type and why: the board is never
silently wrong; a ``bankrupt`` ends the game (docs/rules/common.md §11). A title replays
only when its plugin gives replay rules (``trainrun_replay_rules``): 18Chesapeake, 18NY,
1871 and 1817 (rounds told apart by its ``trainrun_replay_round``), and the titles compiled
from the engine:
1830, 1889, 1893, 18GA, 18MEX, 18NL, 18Texas, 18Chesapeake: Off the Rails, 18AL, 18FL,
18JP-T, 1847 AE, 1856, 1836Jr56 and 18GB. A game's optional rules that set its title's
trains and phases (options.json: 1836Jr56's diesel variant) are played, and its positions name every
optional rule of the game in their ``options``, as its corpus lines get them (the title's
hooks read those that change a run: 18DE's and 1817's modern trains). A
title's bookkeeping may also give each company's positions their ``privates``
(``ReplayState.set_privates``; 1871: who holds SBC) and ``abilities``
(``ReplayState.set_abilities``; 18AL: the named trains and the Warrior Coal Field bonus a
corporation gains in play).
"""
from __future__ import annotations

import bisect
import copy
import dataclasses
from collections.abc import Container, Iterator
from typing import Any

from trainrun.board import hexedits
from trainrun.board.hexedits import copy_hex
from trainrun.board.position import CityTokens, PlacedHex, Position, Train
from trainrun.board.tiles import Tile
from trainrun.board.turnstate import Turn
from trainrun.errors import InputError
from trainrun.formats.own_format import position_to_own
from trainrun.formats.reading import position_of, titled_object
from trainrun.hooks import answers
from trainrun.hooks.replayrules import ReplayRules
from trainrun.hooks.replaystate import ReplayState
from trainrun.hooks.seats import Seats
from trainrun.registry import Ruleset, load_title
from trainrun.replay.actionname import Step, Steps, unchecked, where
from trainrun.replay.declaredrun import declared_run
from trainrun.replay.gamefile import SEED_LIMIT, check_game
from trainrun.replay.replayfork import DecisionKey, Fork, Twin, agreed, settled
from trainrun.replay.shares import ShareFollower
from trainrun.replay.turnmoment import step_after, turn_before
from trainrun.solver import Deadline
from trainrun.turn.hex_reservations import hex_homes
from trainrun.turn.lays import placed_after
from trainrun.turn.moves import apply

# by a player while companies operate: the operating rounds are over (a stock round starts)
STOCK_ACTIONS = frozenset({"par", "buy_shares", "bid", "pass"})
# read and skipped: they change neither the board nor any company's trains
SKIPPED = frozenset({"bid", "pass", "par", "buy_shares", "sell_shares", "dividend",
                     "run_routes", "take_loan", "payoff_loan", "message", "short",
                     "program_buy_shares", "program_share_pass", "program_merger_pass",
                     "program_disable", "program_close_pass", "end_game", "offer",
                     "view_merge_options", "log"})
OPERATORS = ("corporation", "minor")


class Overran(Exception):
    """The replay's deadline (``replay(game, deadline)``) passed before it was done. Not an
    ``InputError``: no branch of a fork (``trainrun.replay.replayfork``) is contradicted by
    it, and the log is not at fault."""


@dataclasses.dataclass
class GameLog:
    """A game file read: its title's ruleset, its name, the actions standing and the
    players' ids in seat order."""

    ruleset: Ruleset
    name: str
    actions: list[dict]
    settings: dict
    players: list = dataclasses.field(default_factory=list)
    game_id: object = None   # the game's id (a hotseat game's seed is drawn from it)
    names: dict = dataclasses.field(default_factory=dict)   # each player's name, by id

    def action(self, action_id: int) -> dict:
        """The action standing with id ``action_id``: refused if none is, or if two are (the
        engine lets two actions share an id)."""
        found = [a for a in self.actions if a["id"] == action_id]
        if not found:
            raise InputError("--action", f"the log has no action {action_id} (or it was undone)")
        if len(found) > 1:
            raise InputError("--action", f"{len(found)} actions of the log have the id "
                                         f"{action_id}: name another")
        return found[0]

    def after(self, action: dict) -> list[dict]:
        """What the log holds after ``action``: an action standing, or one of the automatic
        actions recorded with one, as ``Steps`` gives it (a new dict with its parent's
        ``id`` and its number ``auto``), whose parent's later automatic actions come first.
        Where several actions share the id, the one ``action`` is (or is recorded with)."""
        auto = action.get("auto", 0)
        for index, logged in enumerate(self.actions):
            if logged["id"] != action["id"]:
                continue
            autos = logged.get("auto_actions") or []
            if logged is action or (auto and len(autos) >= auto and
                                    {**autos[auto - 1], "id": logged["id"], "auto": auto}
                                    == action):
                return autos[auto:] + self.actions[index + 1:]
        raise InputError(where(action), "is not in the log")


def filtered_actions(actions: list[dict]) -> list[dict]:
    """The actions standing once every ``undo`` and ``redo`` is applied, in log order (engine
    game/base.rb ``filtered_actions``), in time linear in the log's length.

    What an undo takes back is always the last of the actions standing (messages aside,
    never undone): every one after its target, or the last one alone. So the actions
    standing, then those each undo still to redo took, latest undo first, lie in log order
    in ``line``: the first ``cut`` stand, ``redo_cuts`` are where each undo left ``cut``
    (a redo puts it back), and an action played ends every redo (the tail goes)."""
    position = {a["id"]: i for i, a in reversed(list(enumerate(actions)))}
    line: list[int] = []
    cut, redo_cuts = 0, []
    for index, action in enumerate(actions):
        kind = action["type"]
        if kind == "undo":
            target = action.get("action_id")
            redo_cuts.append(cut)
            if target is None:
                cut = max(cut - 1, 0)
            elif target == 0:
                cut = 0
            elif position.get(target, index) >= index:
                raise InputError(where(action), f"undoes to action {target}, which is not "
                                                "in the log before it")
            else:
                cut = bisect.bisect_left(line, position[target] + 1, 0, cut)
        elif kind == "redo":
            if not redo_cuts:
                raise InputError(where(action), "nothing to redo")
            cut = redo_cuts.pop()
        elif kind != "message":
            del line[cut:]
            line.append(index)
            cut, redo_cuts = cut + 1, []
    standing = set(line[:cut])
    return [a for i, a in enumerate(actions) if i in standing or a["type"] == "message"]


def read_game(data, name: str = "game", deadline: Deadline | None = None) -> GameLog:
    """Read a game file (JSON text or a dict) of an installed title, each field the replay
    reads checked (``trainrun.replay.gamefile``); with a ``deadline``, ``Overran`` once it
    has passed (looked at while the text is checked and the actions are)."""
    stop = None if deadline is None else lambda: _in_time(deadline, "the reading of the game")
    data = titled_object(data, "game", "expected a JSON object with title and actions",
                         max_int=SEED_LIMIT, stop=stop)
    actions = filtered_actions(check_game(data, stop))
    ruleset = load_title(data["title"])
    # the trains and phases the game's optional rules set (options.json: 1836Jr56's diesel
    # variant), as a position naming them in its ``options`` plays them
    ruled = ruleset.title.with_options(_rules_on(data.get("settings") or {}))
    if ruled is not ruleset.title:
        ruleset = dataclasses.replace(ruleset, title=ruled)
    players = [p["name"] if p.get("id") is None else p["id"] for p in data.get("players") or []]
    names = {p: str(entry.get("name", p)) for p, entry in zip(
        players, data.get("players") or [])}
    return GameLog(ruleset, name, actions, data.get("settings") or {}, players,
                   game_id=data.get("id"), names=names)


def _rules_on(settings: dict) -> dict[str, bool]:
    """The optional rules ``settings`` names, each true (as a position's ``options``)."""
    return {r: True for r in settings.get("optional_rules") or () if isinstance(r, str) and r}


def _in_time(deadline: Deadline, what: str) -> None:
    """``Overran`` naming ``what`` was stopped, once ``deadline`` has passed."""
    if deadline.expired():
        raise Overran(f"{what} stopped at its time limit ({deadline.seconds:g} s)")


def _free_slot(tokens: CityTokens, company: str, companies: Container[str]) -> int | None:
    """The slot of a city the engine gives a new token of ``company`` (engine part/city.rb
    ``get_slot``): its own reservation's, else the first empty one no reservation holds.
    The homes of ``companies`` waiting hold the first empty slots, in their order (as the
    engine makes them at setup, each in the first slot free then); a private's reservation
    names its slot, which the board does not keep: it is not counted."""
    waiting = [r for r in tokens.reserved if r not in tokens.slots and r in companies]
    empty = [i for i, s in enumerate(tokens.slots) if s is None]
    if company in waiting:
        held = waiting.index(company)
        return empty[held] if held < len(empty) else None
    return empty[len(waiting)] if len(empty) > len(waiting) else None


def _copy_id(copy_id: object, what: str, action: dict) -> str:
    """``copy_id``, checked to be one of the engine's copy ids (``57-0``, ``2-3``)."""
    if not isinstance(copy_id, str) or "-" not in copy_id:
        raise InputError(where(action), f"expected a {what} id such as '57-0', got {copy_id!r}")
    return copy_id


def _name_of(copy_id: object, what: str, action: dict) -> str:
    """A tile or train name from the engine's copy id (``57-0``, ``2-3``)."""
    return _copy_id(copy_id, what, action).rpartition("-")[0]


class Replay:
    """The board, phase, trains and turn as they stand at one point of a game's log; its
    ``state`` is what the title's replay hooks see of it (``ReplayState``)."""

    def __init__(self, game: GameLog, deadline: Deadline | None = None):
        self.game, self.deadline = game, deadline
        ruleset = game.ruleset
        self.title = ruleset.title
        rules = answers.replay_rules(ruleset, game.settings)
        if rules is None:
            raise InputError("title", f"trainrun cannot replay {self.title.name} game logs yet "
                                      "(the title gives no replay rules)")
        self.rules: ReplayRules = rules
        start = position_of(ruleset, {"title": self.title.name,
                                  "phase": next(iter(self.title.phases)),
                                  "company": next(iter(self.title.companies)), "trains": []})
        self.board: dict[str, PlacedHex] = dict(start.board)
        # what the title's hooks see and change, and what it gives each company's positions
        self.state = ReplayState(self)
        for hex_id, markers in self.rules.markers.items():
            self.state.set_markers(hex_id, self.board[hex_id].markers + tuple(markers))
        for hex_id in set(self.rules.tokens) | set(self.rules.reserved):
            self._set_up_city(hex_id, self.rules.tokens.get(hex_id, ()),
                              self.rules.reserved.get(hex_id, ()))
        self.tile_ids: dict[str, str] = {}   # the engine's copy id of each laid tile, per hex
        self.phase = start.phase
        self.trains: dict[str, list[Train]] = {}
        self.bank = [f"{t.name}-{i}" for t in self.title.trains.values() if t.count
                     for i in range(t.count)]
        self.discarded: list[str] = []
        self.gone: set[str] = set()          # rusted or exported train ids
        self.homed: set[str] = set()         # corporations whose home token is placed
        # corporations choosing their home city with their first place_token (engine
        # base.rb place_home_token's pending token: no home hex, or a home reserving a
        # whole hex of several cities with track)
        self.choosing: set[str] = set()
        # tokens of another type than normal each company has placed (1882's neutral one),
        # which lie under their type's name (``trainrun.turn.token_stock``)
        self.typed_placed: dict[str, int] = {}
        self.owners: dict[str, str] = {}     # private company -> corporation owning it
        self.operating: str | None = None
        self.ran = False                     # the operating company is past its lay/token steps
        self.turn = Turn()
        self.in_operating_rounds = False
        self.round_set, self.round_in_set = 0, 0
        self.operated: set[str] = set()      # companies that operated in this operating round
        self.round_ended = False             # this operating round is over, the next not begun
        self.bank_sold = False               # a train was bought from the bank this round
        self.decisions: dict[DecisionKey, object] = {}   # a fork's choice kept
        self.twins: tuple[Twin, ...] = ()   # replays beside it, with choices the log leaves
        # tokens a lay took off a trackless city tile, each (actor, hex, owner): the actor's
        # next place_token puts it back (engine step/tracker.rb update_token!)
        self.pending_tokens: list[tuple[str, str, str]] = []
        # obsolete trains (their type's ``obsolete_on`` bought): each runs once more and
        # leaves its owner at the owner's next dividend step (engine step/dividend.rb
        # ``rust_obsolete_trains!``)
        self.obsolete: set[str] = set()
        self.dividend_due: str | None = None      # ran: its dividend step comes next
        self.dividend_passed: tuple | None = None  # (company, set, round) of the last one
        # who holds each corporation's shares, and presides it (``trainrun.replay.shares``)
        self.shares = ShareFollower(self.title, game.players, game.actions,
                                    self.rules.shares_unlogged, self.rules.seat_order)

    def copy(self) -> Replay:
        """A replay going on from here on its own (a fork's branch): the title, the log and
        the hexes are shared (a hex is never changed in place), all else is copied (the
        title's part with its ``state``)."""
        twin = copy.copy(self)
        shared = (self.game, self.game.ruleset, self.title, self.rules, self.phase, self.turn,
                  *self.board.values())
        memo: dict[int, Any] = {id(self): twin, **{id(s): s for s in shared}}
        for name, value in vars(self).items():
            if isinstance(value, (dict, list, set)):
                setattr(twin, name, copy.deepcopy(value, memo))
        twin.state = self.state.branch(twin, memo)
        twin.shares = copy.deepcopy(self.shares, memo)
        return twin

    def decide(self, action: dict, field: str, choices: list, why: str) -> object:
        """The one of ``choices`` the engine took at ``action`` (``why``: by what): the only
        one, or the one the rest of the log leaves (``trainrun.replay.replayfork``). A title's
        hook asks (``ReplayState.decide``) before it changes anything: the first time this
        raises ``Fork``."""
        if len(choices) == 1:
            return choices[0]
        key = (action["id"], action.get("auto", 0), field)
        if key not in self.decisions:
            raise Fork(key, tuple(choices), why)
        return self.decisions[key]

    def _set_up_city(self, hex_id: str, holders: tuple, reserved: tuple) -> None:
        """The first city of ``hex_id`` as the title's setup leaves it."""
        placed = copy_hex(self.board[hex_id])
        city = next(n for n in placed.tile.nodes if n.kind == "city")
        if len(holders) > city.slots:
            raise InputError("setup", f"{hex_id} has {city.slots} slots, not {len(holders)}")
        tokens = placed.tokens.setdefault(city.index, CityTokens([None] * city.slots))
        tokens.slots[:len(holders)] = list(holders)
        tokens.reserved[:] = list(reserved)
        self.board[hex_id] = placed

    @property
    def seats(self) -> Seats:
        """The players' seat order as the replay follows it (``trainrun.hooks.seats``), kept
        with the shares it breaks presidency ties of."""
        return self.shares.seats

    @property
    def round_name(self) -> str:
        """``OR 3.2``: the second operating round of the third set (``SR`` before the first)."""
        return f"OR {self.round_set}.{self.round_in_set}" if self.round_set else "SR"

    # ---- positions -----------------------------------------------------------------

    def position(self, company: str, action: int | None = None,
                 turn: Turn | None = None) -> Position:
        """The position of ``company`` now (its trains, the board, the phase), at the start
        of a turn with the cash the title follows unless ``turn`` is given."""
        if company not in self.title.companies:
            raise InputError("company", f"unknown company {company!r} in {self.title.name}")
        source: dict[str, object] = {"fixture": self.game.name}
        if action is not None:
            source["action"] = action
        tokens_left, state = None, self.state
        if company in state.extra_tokens or company in self.typed_placed:
            charter = len(self.title.companies[company].get("tokens", []))
            tokens_left = max(0, charter + state.extra_tokens.get(company, 0)
                              - self.typed_placed.get(company, 0)
                              - sum(c.holders().count(company) for p in self.board.values()
                                    for c in p.tokens.values()))
        trains = list(self.trains.get(company, []))
        if company in state.leasing:   # the bank's next train, leased in place of its own
            trains = [self._train(t, {"train": t}) for t in self.bank[:1]]
        position = Position(self.title, self.phase, company, trains,
                            dict(self.board), title_state=dict(state.title_state.get(company, {})),
                            options=self._options(), source=source,
                            tokens_left=tokens_left, privates=dict(state.privates.get(company, {})),
                            abilities=tuple(dict(a) for a in state.abilities.get(company, ())),
                            company_assignments=state.company_assignments.get(company, ()),
                            ruleset=self.game.ruleset,
                            turn=Turn(cash=state.cash.get(company)) if turn is None else turn)
        answers.prepare_board(position)
        return position

    def position_before(self, action: dict, company: str) -> Position:
        """The position of ``company`` just before ``action`` (the replay standing there),
        with its turn state (``trainrun.replay.turnmoment``) and, before a ``run_routes`` of
        ``company``, the run declared there in its ``source["declared"]``
        (``trainrun.replay.declaredrun``) and the operating round in its ``source["round"]``
        (``OR 3.2``)."""
        position = self.position(company, action["id"], turn_before(self, action, company))
        told = self.state.presidents   # the title's own, where it follows shares itself
        president = told[company] if company in told else self.shares.president_of(company)
        if president is not None:
            position.source["president"] = self.game.names.get(president, str(president))
        if action["type"] == "run_routes" and action.get("entity_type") in OPERATORS and \
                self.operator(action) == company:
            position.source["round"] = self.round_name
            position.source["declared"] = declared_run(position, action)
        return position

    def _options(self) -> dict:
        """The game's optional rules, each true: its positions name them, those that set the
        title's trains or phases as the title they play with does (``read_game``), the others
        for the title's hooks (18DE's modern trains)."""
        return _rules_on(self.game.settings)

    def _operator_position(self, company: str, step: str = "Track") -> Position:
        return self.position(company, turn=dataclasses.replace(
            self.turn, step=step, cash=self.state.cash.get(company)))

    def _paid(self, company: str, after: Position) -> None:
        """The turn after a lay or token of ``company``, its cost paid from the cash followed."""
        self.turn = after.turn
        if company in self.state.cash and after.turn.cash is not None:
            self.state.set_cash(company, after.turn.cash)

    # ---- actions -------------------------------------------------------------------

    def operator(self, action: dict) -> str:
        """The corporation acting: the entity, or the owner of the private acting."""
        entity = action.get("entity")
        if action.get("entity_type") == "company":
            if not isinstance(entity, str) or entity not in self.owners:
                raise InputError(where(action), f"private company {entity!r} is not owned by "
                                                "a corporation")
            return self.owners[entity]
        if not isinstance(entity, str) or entity not in self.title.companies:
            raise InputError(where(action), f"unknown company {entity!r} in {self.title.name}")
        return entity

    def begin(self, action: dict) -> None:
        """What happens as ``action`` comes up, before it is taken: the round it belongs to,
        the operating turn it opens and that turn's home token (done once; ``apply`` does
        it too)."""
        self._naming(action, self._begin, action)

    def apply(self, action: dict) -> None:
        """Replay one action (and the automatic actions the engine recorded with it)."""
        for step in self.steps(action)[1:]:
            self.take(action, step)

    @staticmethod
    def steps(action: dict) -> Steps:
        """How ``action`` is replayed, step by step (``trainrun.replay.actionname.Steps``)."""
        return Steps(action)

    def take(self, action: dict, step: Step) -> None:
        """One of ``steps(action)``, its one-line error naming ``action``; ``Overran`` once
        the deadline has passed."""
        if self.deadline is not None and self.deadline.expired():
            raise Overran(f"the replay stopped at its time limit ({self.deadline.seconds:g} s) "
                          f"at {where(action)}")
        kind, what = step
        self._naming(action, self._begin if kind == "begin" else self._apply, what)

    @staticmethod
    def _naming(action: dict, do, *args) -> None:
        """``do(*args)``, its one-line error naming ``action``."""
        try:
            do(*args)
        except InputError as exc:
            if str(exc).startswith("action "):
                raise
            raise InputError(where(action), str(exc)) from None

    def _begin(self, action: dict) -> None:
        kind, entity_type = action["type"], action.get("entity_type")
        said = answers.replay_round(self.game.ruleset, self.state, action)
        if said is None:
            if entity_type in OPERATORS or (entity_type == "company" and kind not in SKIPPED
                                            and action.get("entity") in self.owners):
                # a private's shares or bids are its owner's, not a turn; nor is the lay of
                # a private a player holds (1889's Mitsubishi Ferry, in any round)
                said = "operating"
            elif entity_type == "player" and kind in STOCK_ACTIONS:
                said = "stock"
        if said == "operating":
            self._operating(action)
        elif said == "between" and self.in_operating_rounds:
            self._round_over()
        elif said == "stock" and self.in_operating_rounds:
            self._round_over()
            self.in_operating_rounds = False
            self._end_of_operating_rounds()
        if kind == "par" and self.rules.home_token_timing == "par":
            self._home(action.get("corporation"), action)
        self._dividend_skipped(action)

    def _apply(self, action: dict) -> None:
        self._begin(action)
        self.shares.seat(action, self.in_operating_rounds)
        kind = action["type"]
        stepped = step_after(self, action)   # the step the company's action leaves it in
        if not answers.replay_action(self.game.ruleset, self.state, action):
            handler = getattr(self, f"_do_{kind}", None)
            if handler is not None:
                handler(action)
            elif kind not in SKIPPED:
                raise InputError(where(action), "trainrun cannot replay this action yet")
        if stepped is not None:
            self.turn = dataclasses.replace(self.turn, **stepped)
        if kind == "run_routes" and action.get("entity_type") in OPERATORS:
            self.dividend_due = self.operator(action)
        elif kind == "dividend" and action.get("entity_type") in OPERATORS:
            self._dividend_step(self.operator(action))
        self.shares.follow(action)

    def _dividend_step(self, company: str) -> None:
        """``company``'s dividend step, paid or skipped: its obsolete trains leave the game
        (engine step/dividend.rb ``process_dividend``, ``rust_obsolete_trains!``)."""
        self.dividend_due = None
        self.dividend_passed = (company, self.round_set, self.round_in_set)
        held = self.trains.get(company, [])
        if any(t.id in self.obsolete for t in held):
            self.gone |= {t.id for t in held if t.id in self.obsolete}
            self.obsolete -= self.gone
            self.trains[company] = [t for t in held if t.id not in self.obsolete and
                                    t.id not in self.gone]

    def _dividend_skipped(self, action: dict) -> None:
        """The dividend step of a company that ran and logged no ``dividend`` (its revenue
        nothing: engine step/dividend.rb ``skip!``), or of one buying a train with no run
        this turn (no route to run: the step came before the purchase)."""
        due = self.dividend_due
        if due is not None and not (action["type"] == "dividend"
                                    and action.get("entity_type") in OPERATORS
                                    and action.get("entity") == due):
            self._dividend_step(due)
        if action["type"] == "buy_train" and action.get("entity_type") in OPERATORS:
            company = self.operator(action)
            if self.dividend_passed != (company, self.round_set, self.round_in_set):
                self._dividend_step(company)

    def _operating(self, action: dict) -> None:
        """A new operating turn when another company acts, or when the same one lays again
        after running; its home token first when the title places it on operating."""
        if not self.in_operating_rounds:
            self.in_operating_rounds, self.operated, self.round_ended = True, set(), False
            self.round_set, self.round_in_set = self.round_set + 1, 1
        company = self.operator(action) if action["type"] != "buy_company" else action["entity"]
        # a private's lay or token after the run is still in its owner's turn (1830's C&StL
        # after a train bought, engine step/special_track.rb)
        again = self.ran and action["type"] in ("lay_tile", "place_token") and \
            action.get("entity_type") != "company"
        if self.round_ended or (company in self.operated and (company != self.operating or again)):
            self._round_over()
            self.round_in_set, self.operated, self.round_ended = self.round_in_set + 1, set(), False
        if company != self.operating or again:
            self.operated.add(company)
            self.operating, self.ran, self.turn = company, False, Turn()
        if action["type"] in ("run_routes", "dividend", "buy_train", "discard_train"):
            self.ran = True
        if self.rules.home_token_timing == "operate":
            self._home(company, action)

    def _home(self, company: str | None, action: dict) -> None:
        """The home token of ``company``, in the city reserved for it (or its charter's)."""
        if company is None or company in self.homed or company not in self.title.companies:
            return
        self.homed.add(company)
        charter = self.title.companies[company]
        hexes = charter.get("home")
        if self.has_token(company):
            return
        if not isinstance(hexes, str) or (company in hex_homes(self.title).get(hexes, ())
                                          and self.board[hexes].tile.paths):
            self.choosing.add(company)   # its first place_token is its home
            return
        placed = self.board[hexes]
        cities = [n.index for n in placed.tile.nodes if n.kind == "city"]
        reserved = [i for i in cities if company in placed.tokens.get(i, CityTokens([])).reserved]
        city = (reserved or [charter.get("city", cities[0] if cities else 0)])[0]
        self._token(company, hexes, city, "HomeToken")

    def has_token(self, company: str) -> bool:
        """Whether a token of ``company`` lies on the board."""
        return any(company in c.holders() for p in self.board.values() for c in p.tokens.values())

    def _token(self, company: str, hex_id: str, city: int, step: str,
               token_type: str = "") -> None:
        """A token (of ``token_type``, "": normal) through the turn engine, in the first slot
        it may take (the engine ignores the slot an action names)."""
        after = apply(self._operator_position(company, step), {
            "hex": hex_id, "city": city, **({"token_type": token_type} if token_type else {})})
        tokens = after.board[hex_id].tokens
        self.board[hex_id] = copy_hex(self.board[hex_id], tokens)
        self._paid(company, dataclasses.replace(after, turn=dataclasses.replace(after.turn,
                                                                                step="Track")))

    def hex_of_tile(self, tile_id: str, action: dict) -> str:
        """The hex holding the tile of engine copy id ``tile_id`` (a laid tile, or a printed
        one named after its hex)."""
        found = [h for h, t in self.tile_ids.items() if t == tile_id]
        printed = tile_id.rpartition("-")[0]   # a printed tile is named after its hex
        if not found and printed in self.board and printed not in self.tile_ids:
            found = [printed]
        if not found:
            raise InputError(where(action), f"no hex holds tile {tile_id!r}")
        return found[0]

    def _do_lay_tile(self, action: dict) -> None:
        hex_id = action.get("hex")
        tile_id = _copy_id(action.get("tile"), "tile", action)
        tile = _name_of(tile_id, "tile", action)
        if hex_id not in self.board:
            raise InputError(where(action), f"unknown hex {hex_id!r} on the {self.title.name} map")
        if tile not in self.title.tiles:
            raise InputError(where(action), f"unknown tile {tile!r} in {self.title.name}")
        move = {"hex": hex_id, "tile": tile, "rotation": action.get("rotation")}
        # the old cities' tokens move in city order (engine hex.rb city_map_for): two
        # cities' tokens joining in one city keep it
        placed = self.board[hex_id]
        self.board[hex_id] = copy_hex(placed, dict(sorted(placed.tokens.items())))
        company: str | None = None
        if action.get("entity_type") == "company" and action.get("entity") not in self.owners:
            # a private a player holds lays its own tile (its ability, engine owner_type
            # player): as logged, in no company's turn
            self._lay_as_logged(next(iter(self.title.companies)), move)
        elif action.get("entity_type") == "company":
            company = self.operator(action)
            self._lay_as_logged(company, move)
            # in its owner's turn, a hex laid this turn (engine tracker.rb lay_tile_action)
            if company == self.operating:
                laid = self.turn.laid_hexes + (hex_id,)
                self.turn = dataclasses.replace(self.turn, laid_hexes=laid)
        else:
            company = self.operator(action)
            after = apply(self._operator_position(company), move)
            self.board[hex_id] = after.board[hex_id]
            self._paid(company, after)
            # the tokens the lay lifted (``apply_lay``), for company to place again
            self.pending_tokens += [(company, h, holder)
                                    for h, holder in after.turn.pending_tokens]
        self.tile_ids[hex_id] = tile_id
        self._reservations_first(hex_id)
        if company is not None:
            self._lift_tokens(company, hex_id, placed.tile)   # a lay made as logged

    def _reservations_first(self, hex_id: str) -> None:
        """The tokens a lay moved leave the first slots of each city to the reservations
        waiting there (engine hex.rb ``lay``: each token exchanged in ``get_slot``'s slot)."""
        placed = self.board[hex_id]
        moved = {}
        for city, tokens in placed.tokens.items():
            waiting = [r for r in tokens.reserved if r not in tokens.slots
                       and r in self.title.companies]
            held = [s for s in tokens.slots if s]
            order = [None] * len(waiting) + held
            if waiting and held and len(order) <= len(tokens.slots) and tokens.slots[
                    :len(order)] != order:
                moved[city] = CityTokens(order + [None] * (len(tokens.slots) - len(order)),
                                         list(tokens.extra), list(tokens.reserved))
        if moved:
            self.board[hex_id] = copy_hex(placed, {**placed.tokens, **moved})

    def _lift_tokens(self, company: str, hex_id: str, before: Tile) -> None:
        """The tokens the lay lifts come off (``hexedits.with_tokens_lifted``), and
        ``company`` places each again in the city it picks, its next ``place_token``."""
        self.board[hex_id], lifted = hexedits.with_tokens_lifted(before, self.board[hex_id])
        self.pending_tokens += [(company, hex_id, holder) for holder in lifted]

    def lay_as_logged(self, hex_id: str, tile_id: str, rotation: int) -> None:
        """Tile ``tile_id`` (an engine copy id, ``479P-0``) on ``hex_id`` at ``rotation`` as
        the engine lays it beside a logged lay, unchecked and in no company's turn (a
        title's ``trainrun_replay_action``: 18MEX's paired Mexico City and Puebla tiles)."""
        what = {"type": "lay_tile", "hex": hex_id, "tile": tile_id}
        tile = _name_of(tile_id, "tile", what)
        if hex_id not in self.board or tile not in self.title.tiles:
            raise InputError(where(what), f"no tile {tile!r} for hex {hex_id!r} in "
                                          f"{self.title.name}")
        self._lay_as_logged(next(iter(self.title.companies)),
                            {"hex": hex_id, "tile": tile, "rotation": rotation})
        self.tile_ids[hex_id] = tile_id
        self._reservations_first(hex_id)

    def take_tile_off(self, hex_id: str) -> None:
        """The tile on ``hex_id`` taken off, the printed one back with its tokens (a title's
        ``trainrun_replay_action``: 1882's North West Rebellion)."""
        printed = self.title.hexes[hex_id]
        self.board[hex_id] = hexedits.with_tile_taken_off(
            self.board[hex_id], printed.printed, printed.printed_rotation,
            printed.printed.icons)
        self.tile_ids.pop(hex_id, None)

    def _lay_as_logged(self, company: str, move: dict) -> None:
        """A private company's lay, placed as the log says (the turn engine does not check a
        private's ability yet): the tile, with the hex's tokens moved onto it."""
        tile, rotation = self.title.tiles[move["tile"]], move["rotation"]
        if isinstance(rotation, bool) or not isinstance(rotation, int) or not 0 <= rotation <= 5:
            raise InputError("rotation", f"rotation must be an integer 0-5, got {rotation!r}")
        self.board[move["hex"]] = placed_after(self.position(company), move["hex"], tile, rotation)

    def city_of(self, action: dict) -> tuple[str, int]:
        """(hex, city index) of the city an action names by its engine id (``city``:
        ``57-0-1``, the tile's copy id and the city's index; ``hex`` where it says it)."""
        city_id = _copy_id(action.get("city"), "city", action)
        tile_id = _name_of(city_id, "city", action)
        hex_id = action.get("hex") or self.hex_of_tile(tile_id, action)
        index = city_id.rpartition("-")[2]
        if not index.isdigit():
            raise InputError(where(action), f"expected a city id such as 'X1-0-0', got {city_id!r}")
        return hex_id, int(index)

    def _do_place_token(self, action: dict) -> None:
        company = self._tokener(action)
        hex_id, city = self.city_of(action)
        if action.get("entity_type") == "company":
            # a private's token (its own ability, which the replay does not follow: 18NL's
            # P2, 18Texas's teleports for the president's company), reached or not: as logged
            self._token_as_logged(company, hex_id, city, action.get("entity"))
            return
        pending = next((p for p in self.pending_tokens if p[:2] == (company, hex_id)), None)
        if pending is not None:   # a token a lay took off, put back where the action says
            self.pending_tokens.remove(pending)
            self.board[hex_id] = hexedits.with_token_put(self.board[hex_id], city,
                                                         pending[2])
            return
        chosen = (self.rules.home_token_timing == "choose" or company in self.choosing) and \
            not self.has_token(company)
        self.choosing.discard(company)
        token_type = action.get("token_type") or ""
        self._token(company, hex_id, city, "HomeToken" if chosen else "Token",
                    token_type)
        if token_type:
            self.typed_placed[company] = self.typed_placed.get(company, 0) + 1

    def _token_as_logged(self, company: str, hex_id: str, city: int, private: object) -> None:
        """A token of ``company`` placed by ``private`` in the first slot of that city
        neither held nor reserved for another (``_free_slot``), or beside the city's slots
        where the private's token ability says ``extra_slot`` (engine city.rb
        ``place_token``: 18FL's Terminal Company)."""
        placed = copy_hex(self.board[hex_id])
        slots = next((n.slots for n in placed.tile.nodes if n.index == city), 0)
        tokens = placed.tokens.setdefault(city, CityTokens([None] * slots))
        if company in tokens.holders():
            raise InputError("token", f"{company} already has a token in {hex_id}")
        data = self.title.privates.get(private, {}) if isinstance(private, str) else {}
        if any(a.get("type") == "token" and a.get("extra_slot")
               for a in data.get("abilities", ())):
            tokens.extra.append(company)
            self.board[hex_id] = placed
            return
        tokens.reserved[:] = [r for r in tokens.reserved if r != private]
        slot = _free_slot(tokens, company, self.title.companies)
        if slot is None:
            raise InputError("token", f"no slot for {company} in city {city} of {hex_id}")
        tokens.slots[slot] = company
        self.board[hex_id] = placed

    def _tokener(self, action: dict) -> str:
        """The company whose token ``place_token`` places: the action's entity, the owner of
        the private acting, or for a private a player holds the ``tokener`` the action
        names (the president's company whose turn it is: 18Texas's teleports)."""
        tokener = action.get("tokener")
        if (action.get("entity_type") == "company" and action.get("entity") not in self.owners
                and isinstance(tokener, str) and tokener in self.title.companies):
            return tokener
        return self.operator(action)

    def _do_buy_company(self, action: dict) -> None:
        if action.get("entity_type") in OPERATORS:
            self.owners[unchecked(action, "company")] = action["entity"]

    def _train(self, train_id: str, action: dict, name: str | None = None) -> Train:
        name = name or _name_of(train_id, "train", action)
        card = self.title.trains.get(name)
        if card is None:
            raise InputError(where(action), f"unknown train {name!r} in {self.title.name}")
        return Train(train_id, name, card.distance, card.multiplier)

    def _holder(self, train_id: str) -> str | None:
        for company, trains in self.trains.items():
            if any(t.id == train_id for t in trains):
                return company
        return None

    def _do_buy_train(self, action: dict) -> None:
        company, train_id = self.operator(action), unchecked(action, "train")
        seller = self._holder(train_id)
        held = (next((t for t in self.trains[seller] if t.id == train_id), None)
                if seller is not None else None)
        # a train bought from a company keeps the variant it was bought as
        variant = action.get("variant") or (held.name if held else None)
        train = self._train(train_id, action, variant)
        if seller is not None:
            self.trains[seller] = [t for t in self.trains[seller] if t.id != train_id]
        elif train_id in self.bank:
            self.bank.remove(train_id)
        elif train_id in self.discarded:
            self.discarded.remove(train_id)
        elif train_id in self.gone:
            raise InputError(where(action), f"train {train_id} is not for sale (it has rusted "
                                            "or left the game)")
        self.bank_sold = self.bank_sold or seller is None
        if action.get("exchange") is not None:   # a train traded in goes back to the bank
            self._do_discard_train({**action, "train": action["exchange"]})
        self.trains.setdefault(company, []).append(train)
        self._bought(_name_of(train_id, "train", action))

    def lend_train(self, company: str, action: dict) -> None:
        """The bank's train ``action`` names goes to ``company`` unbought: no phase starts
        and none rusts (a title's ``trainrun_replay_action``: 1856's national borrowing a
        train, engine g_1856/game.rb ``borrow_train``)."""
        train_id = unchecked(action, "train")
        if train_id in self.bank:
            self.bank.remove(train_id)
        elif train_id in self.discarded:
            self.discarded.remove(train_id)
        elif train_id in self.gone or self._holder(train_id) is not None:
            raise InputError(where(action), f"train {train_id} is not in the bank to lend")
        self.trains.setdefault(company, []).append(self._train(train_id, action))

    def put_lifted_token(self, hex_id: str, city: int, holder: str) -> None:
        """The token of ``holder`` a lay lifted on ``hex_id`` goes back in ``city``, placed
        by the title's rule rather than the operator's ``place_token`` (18GB: engine
        G18GB::Step::TrackAndToken ``update_token!``)."""
        pending = next((p for p in self.pending_tokens if p[1:] == (hex_id, holder)), None)
        if pending is None:
            raise InputError("token", f"no token of {holder} was lifted on {hex_id}")
        self.pending_tokens.remove(pending)
        self.board[hex_id] = hexedits.with_token_put(self.board[hex_id], city, holder)
        self.turn = dataclasses.replace(self.turn, pending_tokens=tuple(
            p for p in self.turn.pending_tokens if p != (hex_id, holder)))

    def withdraw_train(self, train_id: str) -> None:
        """The bank's train ``train_id`` leaves the game unbought: no phase starts, none
        rusts (a title's ``trainrun_replay_action``: 18GB's scenario's smaller train set,
        its 6X trains removed with the unstarted corporations, engine depot.rb
        ``remove_train``)."""
        if train_id not in self.bank:
            raise InputError("train", f"train {train_id} is not in the bank to withdraw")
        self.bank.remove(train_id)
        self.gone.add(train_id)

    def give_back_train(self, company: str, train: Train) -> None:
        """``train`` of ``company`` goes back to the bank, among its discarded trains (engine
        depot.rb ``reclaim_train``)."""
        self.trains[company].remove(train)
        self.discarded.append(train.id)

    # a title's ``trainrun_replay_action`` may wrap a purchase, a lay or a token
    buy_train, lay_tile, place_token = _do_buy_train, _do_lay_tile, _do_place_token

    def _do_bankrupt(self, action: dict) -> None:
        """A bankruptcy ends the game at once (engine base.rb ``GAME_END_CHECK`` bankrupt:
        immediate; docs/rules/common.md §11): nothing is left to replay. A title whose game
        goes on (1846's receivership) replays it in its ``trainrun_replay_action``."""
        later = self.game.after(action)
        if any(a["type"] not in ("message", "end_game") for a in later):
            raise InputError(where(action), "the game goes on after this bankruptcy, which "
                                            "trainrun cannot replay in this title yet")

    def _do_discard_train(self, action: dict) -> None:
        company, train_id = self.operator(action), unchecked(action, "train")
        if self._holder(train_id) != company:
            raise InputError(where(action), f"{company} holds no train {train_id!r}")
        self.trains[company] = [t for t in self.trains[company] if t.id != train_id]
        if train_id in self.obsolete:    # not to the bank (engine depot.rb ``reclaim_train``)
            self.obsolete.discard(train_id)
            self.gone.add(train_id)
        else:
            self.discarded.append(train_id)

    def _do_scrap_train(self, action: dict) -> None:
        """A train scrapped goes back to the bank's discarded trains, as one discarded."""
        self._do_discard_train(action)

    def _bought(self, name: str) -> None:
        """A train ``name`` leaves the bank: the phases it starts, the trains it rusts."""
        phases = list(self.title.phases.values())
        now = phases.index(self.phase)
        # a phase's ``on`` may name several trains (engine phase.rb: 18FL's 6 and 3E)
        while now + 1 < len(phases) and (name in on if isinstance(
                on := phases[now + 1].on, (list, tuple)) else on == name):
            now += 1
        self.phase = phases[now]

        def rusts(train_name: str) -> bool:
            return self.title.trains[train_name].rusts_on == name

        def obsolete(train_name: str) -> bool:
            return self.title.trains[train_name].obsolete_on == name
        # obsolete: a company's runs once more (``_dividend_step``), the bank's go (engine
        # base.rb ``rust_trains!``, ``rust?``: the discarded; the others are never for sale)
        self.obsolete |= {t.id for trains in self.trains.values() for t in trains
                          if obsolete(t.name)}
        for pile in (self.bank, self.discarded):
            self.gone |= {t for t in pile if obsolete(t.rpartition("-")[0])}
            pile[:] = [t for t in pile if not obsolete(t.rpartition("-")[0])]
        for company, trains in self.trains.items():
            self.gone |= {t.id for t in trains if rusts(t.name)}
            self.trains[company] = [t for t in trains if not rusts(t.name)]
        for pile in (self.bank, self.discarded):
            self.gone |= {t for t in pile if rusts(t.rpartition("-")[0])}
            pile[:] = [t for t in pile if not rusts(t.rpartition("-")[0])]

    def _round_over(self) -> None:
        """The operating round is over (done once): the title may export a train now."""
        if not self.round_ended:
            self.round_ended = True
            if self.rules.export_each == "round" and not (self.rules.export_unless_bought
                                                          and self.bank_sold):
                self._export()
            self.bank_sold = False

    def _end_of_operating_rounds(self) -> None:
        if self.rules.export_each == "set":
            self._export()

    def _export(self) -> None:
        """The bank's next train leaves the game if the title exports it (with every copy
        of its name left, for a name in ``export_all``), as if bought."""
        name = self.bank[0].rpartition("-")[0] if self.bank else None
        if name in self.rules.exported:
            exported = [t for t in self.bank if t.rpartition("-")[0] == name][
                :None if name in self.rules.export_all else 1]
            self.bank = [t for t in self.bank if t not in exported]
            self.gone.update(exported)
            self._bought(name)


def replay(game: GameLog, deadline: Deadline | None = None) -> Iterator[tuple[dict, Replay]]:
    """Each action standing in the log, with the replay as it stands just before it (its
    operating turn begun: a corporation's home token lies before its first action); with a
    ``deadline``, ``Overran`` once it has passed (looked at before each step)."""
    state = Replay(game, deadline)
    for index, action in enumerate(game.actions):
        settled(state, index, 0)
        yield action, state
        for step in range(1, len(state.steps(action))):
            settled(state, index, step)


def _acting(state: Replay, action: dict | None) -> str | None:
    if action is None or action.get("entity_type") not in OPERATORS + ("company",):
        return None
    return state.operator(action)


def position_at(game: GameLog, action: int | None = None, company: str | None = None,
                deadline: Deadline | None = None) -> Position:
    """The position just before action ``action`` (None: after the last action) of
    ``company`` (None: the company acting there, or the last one that operated), replayed
    by ``deadline`` (``replay``)."""
    if action is not None:
        game.action(action)
    for logged, state in replay(game, deadline):
        if logged["id"] == action:
            company = company or _acting(state, logged)
            if company is None:
                raise InputError("--company", f"{where(logged)} is by a player: name the "
                                              "company")
            return agreed(state, where(logged), own_record, Replay.position_before, logged,
                          company)
    state = Replay(game) if not game.actions else state
    company = company or state.operating
    if company is None:
        raise InputError("--company", "no company has operated in this log: name one")
    return agreed(state, "the end of the log", own_record, Replay.position, company)


def run_positions(game: GameLog, deadline: Deadline | None = None) -> Iterator[Position]:
    """The position before each ``run_routes`` of the log, for the company running, replayed
    by ``deadline`` (``replay``)."""
    for logged, state in replay(game, deadline):
        if logged["type"] == "run_routes":
            yield agreed(state, where(logged), own_record, Replay.position_before, logged,
                         state.operator(logged))


def own_record(position: Position) -> dict:
    """``position`` in trainrun's own format, with the ``fixture`` and ``action`` it is from
    and, before a run, its operating ``round`` and the run ``declared`` there
    (``Replay.position_before``)."""
    return {**position_to_own(position), **{k: position.source[k] for k in (
        "fixture", "action", "round", "president", "declared") if k in position.source}}
