"""The lay advisor: which lay (and token) of this operating turn gives the best run now,
within one time budget for the whole call.

::

    from trainrun import read_position
    from trainrun.turn.advise import advise

    advice = advise(read_position(open("position.json").read()), time_limit=5)
    for plan in advice.plans[:3]:
        print(plan.moves, plan.status, plan.total, plan.bound, plan.gain)
    print(advice.proven, advice.lay_improves)

A *plan* is what the company does before it runs this turn. In a lay step (``Track``) the
plans are every legal lay, each lay followed by every legal second lay where the title grants
one (``legal_lays`` asked again after the first) and each lay followed by every legal token
placement, and every token placement without a lay; a private's ``SpecialTrack`` step offers
its lays alone, a token step its tokens. Each plan is applied (``trainrun.turn.moves.apply``)
and ranked by the run after it, with its gain over not laying (the run of the position as
given). What the answer holds (``Plan``, ``Advice``, the proof statuses) is
``trainrun.turn.advice``.

One ``Deadline`` (``time_limit`` seconds, default ``ADVISE_TIME_LIMIT``; the shares below
are in ``trainrun.turn.advise_budget``) bounds the whole call; the work stops
``ANSWER_SHARE`` of it early, for writing the answer. The run without laying is
solved first (at most ``NO_LAY_SHARE`` of the budget). Then every first move's board is built
and given a cheap upper bound (``trainrun.routes.run_bound``, no route listed); the
follow-ups of the first moves with the highest bounds are listed next. Boards are solved
best-first, highest bound first, each within ``SOLVE_SHARE`` of the time left; a board whose
bound is below the run found for another plan is settled without a solve (proven not
better) unless ``exhaustive``. A board where a run rule of the title is not modelled
(``answers.runs_not_modelled``, docs/rules/common.md §9.5) is never settled so, nor settles
another: its bound and its run leave that rule's income out. Listing and solving take
turns, each half of what is left, until everything is settled or the budget ends; then the
ranking so far is answered, each plan with its proof status, and whether the top plan is
proven best.

The same board is never solved twice: plans reaching one set of moves in another order are
one (the cheaper order kept), and plans whose boards give the solver the same input — the
same track graph of what the company reaches, the same stop values and bonuses, e.g. a lay
of track that leads nowhere the trains can use — are one plan with the others listed as its
alternatives (``board_key``). A lay adding no usable track (``adds_usable_track``) keeps the
track graph as it was, so no graph is built for it, and a plan following such a lay with a
second lay or a token is not listed: it runs as the first lay alone, or the token alone, for
no less money.
"""
from __future__ import annotations

import dataclasses
import heapq
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from trainrun.board.hexgrid import opposite
from trainrun.board.position import Position
from trainrun.hooks import answers
from trainrun.routes.enumeration import train_tables
from trainrun.routes.graph import build_graph
from trainrun.routes.run_bound import run_bound
from trainrun.routes.solve import Deadline, Run, solve
from trainrun.turn.advice import (
    BOUND_ONLY,
    FOUND,
    NOT_BETTER,
    NOT_MODELLED,
    NOT_REACHED,
    OPTIMAL,
    Advice,
    Plan,
    move_dict,
)
from trainrun.turn.advise_budget import (
    ADVISE_TIME_LIMIT,
    ANSWER_SHARE,
    NO_LAY_SHARE,
    SOLVE_SHARE,
)
from trainrun.turn.lays import Lay, next_right
from trainrun.turn.moves import LAY_STEPS, apply, legal_lays, legal_tokens

# progress(solved plans, plans listed, best gain so far or None, seconds since the start)
Progress = Callable[[int, int, int | None, float], None]


def board_key(position: Position, graph=None) -> tuple:
    """Everything ``solve`` reads from ``position``: the track graph of what the company
    reaches (stops, segments with their track, stations, blocking, exclusive groups), each
    train table (its rules, stop and hex values, stop costs, bonus names), the company
    bonuses, the fixed income and the income outside the run. Two positions with equal keys
    have the same best run. Without trains no route runs and the graph is not asked;
    ``graph`` is the position's track graph when known (see ``adds_usable_track``)."""
    bonuses = answers.company_bonuses(position)
    income = (answers.fixed_income(position), repr(answers.company_income(position)))
    if not position.trains:
        return ("no trains", income)
    graph = build_graph(position) if graph is None else graph
    segments = tuple((s.a, s.b, tuple(s.steps), tuple(sorted(s.resources)), s.terminal_a,
                      s.terminal_b) for s in graph.segments)
    tables = tuple(_table_key(table) for table in train_tables(graph))
    stations = tuple(sorted(answers.stations(position)))
    return (stations, tuple(graph.stop_ids), graph.passable.tobytes(), graph.station.tobytes(),
            graph.groups.tobytes(), tuple(graph.resource_names), tuple(graph.hex_ids),
            segments, tables, bonuses, income)


def _table_key(table) -> tuple:
    """Every field of a ``TrainTable``: its trains by id, each array by shape, type and
    bytes, the rest (rules, bonus names, pair bonuses, ports, hex-once, end distance) by
    ``repr``; a field added to the table is in the key without a change here."""
    key: list = []
    for f in dataclasses.fields(table):
        value = getattr(table, f.name)
        if f.name == "trains":
            key.append(tuple(t.id for t in value))
        elif isinstance(value, np.ndarray):
            key.append((value.shape, value.dtype.str, value.tobytes()))
        elif isinstance(value, dict):
            key.append(repr(sorted(value.items())))
        else:
            key.append(repr(value))
    return tuple(key)


def _faces_track(position: Position, hex_id: str, edge: int) -> bool:
    """Whether the hex across ``edge`` of ``hex_id`` has any track at the facing edge."""
    other = position.title.hexes[hex_id].neighbors.get(edge)
    if other is None:
        return False
    placed = position.board[other]
    return opposite(edge) in placed.tile.edges_at(placed.rotation)


def _path_key(path) -> tuple:
    return frozenset(path.lane_ends()), path.terminal, path.track


def adds_usable_track(position: Position, lay: Lay) -> bool:
    """False when ``lay`` only adds track no train can use (or the company has no train),
    so the company's track graph after it is the one before it: the tile (like the one it
    replaces) has no city, town, junction or impassable side, and every path it adds (one
    the old tile lacks) has an end facing a hex with no track at that side. A walk over
    such a path ends there, at no stop, so it is part of no segment
    (``trainrun.routes.graph``)."""
    if not position.trains:
        return False
    old, new = position.board[lay.hex], position.title.tiles[lay.tile]
    if new.nodes or old.tile.nodes or new.impassable:
        return True
    kept = {_path_key(p) for p in old.tile.paths_at(old.rotation)}
    return any(_path_key(p) not in kept and all(
        _faces_track(position, lay.hex, int(end[1:])) for end in p.ends())
        for p in new.paths_at(lay.rotation))


def _signature(moves: tuple) -> frozenset:
    """The moves of a plan without their order (the board they leave is the same)."""
    return frozenset((m.hex, m.tile, m.rotation) if isinstance(m, Lay) else (m.hex, m.city)
                     for m in moves)


def _order(moves: tuple) -> tuple:
    """Among ways to one board: the cheaper, then the fewer moves, then by the moves."""
    return (sum(m.cost for m in moves), len(moves),
            [sorted(move_dict(m).items()) for m in moves])


def _first_moves(position: Position) -> list:
    """The moves the turn offers first: its lays and, in the company's lay step, its
    token placements made without laying; in a token step its tokens."""
    step = position.turn.step
    if step not in LAY_STEPS:
        return legal_tokens(position)
    lays = legal_lays(position)
    return lays + (legal_tokens(position) if step == "Track" else [])


def _may_follow(position: Position, move) -> bool:
    """Whether anything may follow ``move`` (``_follow_ups``): a lay of the company's lay
    step."""
    return position.turn.step == "Track" and isinstance(move, Lay)


def _follow_ups(position: Position, after: Position, move) -> list:
    """What may follow ``move`` in the company's lay step and can change the run: a second
    lay adding usable track, where the title grants one, or a token placement after a lay
    that added usable track. The others leave the board the trains run on as ``move``
    alone, or as the token alone, did: the same run for no less money."""
    if not _may_follow(position, move):
        return []
    seconds = legal_lays(after) if next_right(after) is not None else []
    seconds = [lay for lay in seconds if adds_usable_track(after, lay)]
    return seconds + (legal_tokens(after) if adds_usable_track(position, move) else [])


@dataclass
class _Board:
    """One distinct board: a position reaching it, its cheap bound, the run rules not
    modelled on it, its run once solved, the move lists (by signature) that reach it, and
    whether it is settled (solved, or proven below a run found; ``_Search._settle``)."""

    position: Position
    bound: int
    not_modelled: list
    run: Run | None = None
    plans: list = field(default_factory=list)
    settled: bool = False


@dataclass
class _Expansion:
    """A first move whose follow-ups are being listed: the board after it (position and
    graph), its board's bound (its priority), and the follow-ups (``None`` until listed)
    with how many are done."""

    move: object
    after: tuple
    bound: int
    follows: list | None = None
    done: int = 0


class _Search:
    """One call of ``advise``: the boards, the plans reaching them, the work left."""

    no_lay: Run   # the run of the position as given, solved first (``start``)

    def __init__(self, position: Position, deadline: Deadline, workers: int,
                 exhaustive: bool, progress: Progress | None):
        self.position, self.deadline, self.workers = position, deadline, workers
        self.exhaustive, self.progress = exhaustive, progress
        self.boards: dict = {}          # board key -> _Board
        self.plans: dict = {}           # signature -> [moves, board key]
        self.expansions: list = []      # _Expansion, highest bound first when taken
        self.best: int | None = None    # the best run found for a plan on a modelled board
        self.settled = 0                # plans on settled boards
        self.open: list = []            # heap of (bound, n, key): boards a run may settle
        self.step = 0.0                 # mean seconds to build and key one plan's board
        self.stepped = 0

    # -- boards ------------------------------------------------------------------------
    def _board(self, board: Position, parent: tuple | None = None, move=None) -> tuple:
        """(key, graph) of ``board``, reached from ``parent`` (its board and graph) by
        ``move``; the parent's graph is kept for a lay that adds no usable track. A board
        seen first is recorded with its cheap bound."""
        graph = None
        if board.trains:
            if parent is not None and isinstance(move, Lay) and not adds_usable_track(
                    parent[0], move):
                graph = dataclasses.replace(parent[1], position=board)
            else:
                graph = build_graph(board)
        key = board_key(board, graph)
        if key not in self.boards:
            self.boards[key] = _Board(board, run_bound(board, graph),
                                      answers.runs_not_modelled(board))
            if not self.boards[key].not_modelled:
                heapq.heappush(self.open, (self.boards[key].bound, len(self.boards), key))
                self._settle()
        return key, graph

    def _consider(self, moves: tuple, board: Position, parent: tuple) -> tuple:
        """Record the plan ``moves`` (leaving ``board``); (board, graph) after it."""
        began = time.monotonic()
        key, graph = self._board(board, parent, moves[-1])
        self._add(moves, key)
        self.stepped += 1
        self.step += (time.monotonic() - began - self.step) / self.stepped
        return board, graph

    def room(self, until: float) -> bool:
        """Whether one more plan's board can be built before ``until`` (monotonic
        seconds), at the mean time a board has taken."""
        return time.monotonic() + self.step < until

    def _add(self, moves: tuple, key) -> bool:
        """Record ``moves`` reaching board ``key``; False when these moves in another order
        were recorded already (the cheaper order is kept)."""
        sig = _signature(moves)
        known = self.plans.get(sig)
        if known is not None:
            if _order(moves) < _order(known[0]):
                known[0] = moves
            return False
        self.plans[sig] = [moves, key]
        board = self.boards[key]
        board.plans.append(sig)
        self.settled += board.settled
        if len(board.plans) == 1:
            self._found(board)
        return True

    def _found(self, board: _Board) -> None:
        """Take ``board``'s run, once it is solved and a plan reaches it, into the best run
        found (a modelled board's only), and settle what that run beats."""
        if board.run is None or not board.plans:
            return
        if not board.settled:
            board.settled = True
            self.settled += len(board.plans)
        if not board.not_modelled and (self.best is None or board.run.total > self.best):
            self.best = board.run.total
            self._settle()

    def _settle(self) -> None:
        """Settle every modelled board whose bound is below the best run found (not when
        ``exhaustive``: every board is then solved)."""
        while not self.exhaustive and self.open and self.best is not None \
                and self.open[0][0] < self.best:
            board = self.boards[heapq.heappop(self.open)[2]]
            if not board.settled:
                board.settled = True
                self.settled += len(board.plans)

    def _beaten(self, board: _Board) -> bool:
        """Whether ``board`` is proven below a run found for a plan: it and the board of
        that run have every run rule modelled."""
        return not board.not_modelled and self.best is not None and board.bound < self.best

    def _solve(self, board: _Board, share: float) -> None:
        board.run = solve(board.position, workers=self.workers,
                          deadline=Deadline(self.deadline.left() * share))
        self._found(board)

    def _report(self) -> None:
        if self.progress is None:
            return
        self.progress(self.settled, len(self.plans),
                      None if self.best is None else self.best - self.no_lay.total,
                      self.deadline.elapsed())

    # -- the work ----------------------------------------------------------------------
    def start(self) -> list:
        """Solve not laying, then build every first move's board; the first moves the
        budget did not reach."""
        position = self.position
        key, graph = self._board(position)
        no_lay = self.boards[key]
        self._solve(no_lay, NO_LAY_SHARE)
        self.no_lay = no_lay.run
        root = (position, graph)
        firsts, missed = _first_moves(position), []
        for move in firsts:
            if not self.room(self.deadline.at):
                missed.append(move)
                continue
            after = self._consider((move,), apply(position, move), root)
            if _may_follow(position, move):
                self.expansions.append(_Expansion(move, after, self.boards[self._key_of(
                    (move,))].bound))
            self._report()
        return missed

    def _key_of(self, moves: tuple):
        return self.plans[_signature(moves)][1]

    def expand(self, until: float) -> None:
        """List and build follow-ups of the first moves, highest bound first, until
        ``until`` (monotonic seconds)."""
        self.expansions.sort(key=lambda e: -e.bound)
        while self.expansions and self.room(until):
            exp = self.expansions[0]
            if exp.follows is None:
                exp.follows = _follow_ups(self.position, exp.after[0], exp.move)
            while exp.done < len(exp.follows) and self.room(until):
                follow = exp.follows[exp.done]
                exp.done += 1
                moves = (exp.move, follow)
                if _signature(moves) not in self.plans:
                    self._consider(moves, apply(exp.after[0], follow), exp.after)
                else:
                    self._add(moves, self._key_of(moves))
                self._report()
            if exp.done == len(exp.follows):
                self.expansions.pop(0)

    def unsolved(self) -> list:
        """Boards still to solve, highest bound first: those whose bound is not below a run
        found for a plan (one equal may tie it for less money; every one, when
        ``exhaustive``)."""
        return sorted((b for b in self.boards.values() if b.run is None and b.plans
                       and (self.exhaustive or not self._beaten(b))),
                      key=lambda b: -b.bound)

    def solve_boards(self, until: float) -> None:
        """Solve boards best-first, starting none after ``until`` (monotonic seconds); each
        solve may take ``SOLVE_SHARE`` of what is left of the whole budget."""
        while time.monotonic() < until:
            left = self.unsolved()
            if not left:
                return
            self._solve(left[0], SOLVE_SHARE)
            self._report()

    def advice(self, missed: list, top: int, time_limit: float) -> Advice:
        ranked = []
        solved = 0
        for board in self.boards.values():
            if not board.plans:
                continue
            ways = sorted((self.plans[sig][0] for sig in board.plans), key=_order)
            run = board.run
            solved += run is not None
            if board.not_modelled:
                status = NOT_MODELLED
            elif run is not None:
                status = OPTIMAL if run.status == OPTIMAL else FOUND
            else:
                status = NOT_BETTER if self._beaten(board) else BOUND_ONLY
            ranked.append(Plan(ways[0], sum(m.cost for m in ways[0]), run,
                               None if run is None else run.total - self.no_lay.total,
                               board.bound if run is None else min(run.bound, board.bound),
                               status, [(w, sum(m.cost for m in w)) for w in ways[1:]],
                               board.not_modelled,
                               status == OPTIMAL and self.no_lay.status == OPTIMAL))
        ranked += [Plan((m,), m.cost, None, None, None, NOT_REACHED) for m in missed]
        ranked.sort(key=_rank)
        return Advice(self.position.title.name, self.position.company,
                      self.position.phase.name, self.position.turn.step, self.no_lay, ranked,
                      len(self.plans) + len(missed), solved, len(self.expansions),
                      round(self.deadline.elapsed(), 6), time_limit, top)


def _rank(plan: Plan) -> tuple:
    """Solved plans by their run (proven before not, then the higher bound), then the
    others by their bound; then the cheaper, the fewer moves."""
    total = plan.total
    return (total is None, -((plan.bound or 0) if total is None else total),
            plan.status != OPTIMAL, -(plan.bound or 0), _order(plan.moves))


def advise(position: Position, top: int = 3, time_limit: float = ADVISE_TIME_LIMIT,
           workers: int = 1, progress: Progress | None = None, exhaustive: bool = False,
           deadline: Deadline | None = None) -> Advice:
    """Every plan of this turn ranked by the run after it, within ``time_limit`` seconds
    for the whole call (or by ``deadline``; see the module).

    ``top`` is how many plans carry their whole run in ``to_dict``; ``progress``, if given,
    is called as plans are listed and settled (``Progress``); ``exhaustive`` solves every
    board, even one whose bound cannot beat a run found."""
    deadline = deadline or Deadline(time_limit)
    work = Deadline(deadline.seconds * (1 - ANSWER_SHARE), deadline.start)
    search = _Search(position, work, workers, exhaustive, progress)
    missed = search.start()
    dl = search.deadline
    while not dl.expired():
        listing = bool(search.expansions) and search.room(dl.at)
        solving = bool(search.unsolved())
        if not (listing or solving):
            break
        if listing:
            search.expand(dl.share(0.5) if solving else dl.at)
        if search.unsolved():
            search.solve_boards(dl.share(0.5) if listing else dl.at)
    return search.advice(missed, top, time_limit)
