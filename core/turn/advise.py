"""The lay advisor: which lay (and token) of this operating turn gives the best run now.

::

    from trainrun import read_position
    from trainrun.turn.advise import advise

    advice = advise(read_position(open("position.json").read()), top=3)
    for plan in advice.plans[:3]:
        print(plan.moves, plan.run.total, plan.run.status, plan.gain)

A *plan* is what the company does before it runs this turn. In a lay step (``Track``) the
plans are every legal lay, each lay followed by every legal second lay where the title grants
one (``legal_lays`` asked again after the first) and each lay followed by every legal token
placement, and every token placement without a lay; a private's ``SpecialTrack`` step offers
its lays alone, a token step its tokens. Each plan is applied (``trainrun.turn.moves.apply``) and
the run after it solved by ``trainrun.solve`` with the time limit per candidate: proven
optimal, or ``feasible`` with its proven bound. Plans are ranked by that run (then proven
before not proven, then the cheaper, then the fewer moves), and each gets its gain over not
laying at all (the run of the position as given).

The same board is never solved twice: plans reaching one set of moves in another order are
one plan (the cheaper order kept), and plans whose boards give the solver the same input —
the same track graph of what the company reaches, the same stop values and bonuses, e.g. a
lay of track that leads nowhere the trains can use — share one solve (``board_key``). A
lay adding no usable track (``adds_usable_track``) keeps the track graph as it was, so no
graph is built for it, and a plan following such a lay with a second lay or a token is not
listed: it runs as the first lay alone, or the token alone, for no less money.
"""
from __future__ import annotations

import dataclasses
import sys
import time
from dataclasses import dataclass, field

from tqdm import tqdm

from trainrun.board.hexgrid import opposite
from trainrun.board.position import Position
from trainrun.hooks import answers
from trainrun.routes.enumeration import train_tables
from trainrun.routes.graph import build_graph
from trainrun.routes.solve import Run, solve
from trainrun.turn.lays import Lay, next_right
from trainrun.turn.moves import LAY_STEPS, apply, legal_lays, legal_tokens

ADVISE_TIME_LIMIT = 10.0   # seconds per candidate board


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
    tables = tuple((tuple(t.id for t in table.trains), repr(table.rules),
                    table.stop_value.tobytes(), table.stop_cost.tobytes(),
                    table.cap_cost.tobytes(),
                    table.hex_value.tobytes(), table.hex_touch.tobytes(),
                    repr(sorted(table.bonus_names.items())))
                   for table in train_tables(graph))
    stations = tuple(sorted(answers.stations(position)))
    return (stations, tuple(graph.stop_ids), graph.passable.tobytes(), graph.station.tobytes(),
            graph.groups.tobytes(), tuple(graph.resource_names), tuple(graph.hex_ids),
            segments, tables, bonuses, income)


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


def _move_dict(move) -> dict:
    if isinstance(move, Lay):
        return {"hex": move.hex, "tile": move.tile, "rotation": move.rotation,
                "cost": move.cost}
    return move.to_dict()


def _signature(moves: tuple) -> frozenset:
    """The moves of a plan without their order (the board they leave is the same)."""
    return frozenset((m.hex, m.tile, m.rotation) if isinstance(m, Lay) else (m.hex, m.city)
                     for m in moves)


@dataclass
class Plan:
    """Moves made before the run (``Lay`` and ``TokenMove``, in order), what they cost, the
    proven-best run after them and its gain over not laying at all."""

    moves: tuple
    cost: int
    run: Run
    gain: int

    def to_dict(self, with_run: bool = False) -> dict:
        out = {"moves": [_move_dict(m) for m in self.moves], "cost": self.cost,
               "total": self.run.total, "status": self.run.status, "bound": self.run.bound,
               "gain": self.gain}
        if with_run:
            out["run"] = self.run.to_dict()
        return out


@dataclass
class Advice:
    """Every plan of the turn, best first; the run without laying; how many distinct boards
    were solved (``boards_solved``) for how many plans."""

    title: str
    company: str
    phase: str
    step: str
    no_lay: Run
    plans: list
    boards_solved: int
    seconds: float
    top: int = 3
    proven: bool = field(init=False)

    def __post_init__(self):
        self.proven = self.no_lay.status == "optimal" and all(
            p.run.status == "optimal" for p in self.plans)

    def to_dict(self) -> dict:
        return {"title": self.title, "company": self.company, "phase": self.phase,
                "step": self.step, "candidates": len(self.plans),
                "boards_solved": self.boards_solved, "seconds": self.seconds,
                "proven": self.proven,
                "no_lay": {"total": self.no_lay.total, "status": self.no_lay.status,
                           "bound": self.no_lay.bound, "run": self.no_lay.to_dict()},
                "plans": [p.to_dict(with_run=i < self.top) for i, p in enumerate(self.plans)]}


def _first_moves(position: Position) -> list:
    """The moves the turn offers first: its lays and, in the company's lay step, its
    token placements made without laying; in a token step its tokens."""
    step = position.turn.step
    if step not in LAY_STEPS:
        return legal_tokens(position)
    lays = legal_lays(position)
    return lays + (legal_tokens(position) if step == "Track" else [])


def _follow_ups(position: Position, after: Position, move) -> list:
    """What may follow ``move`` in the company's lay step and can change the run: a second
    lay adding usable track, where the title grants one, or a token placement after a lay
    that added usable track. The others leave the board the trains run on as ``move``
    alone, or as the token alone, did: the same run for no less money."""
    if position.turn.step != "Track" or not isinstance(move, Lay):
        return []
    seconds = legal_lays(after) if next_right(after) is not None else []
    seconds = [lay for lay in seconds if adds_usable_track(after, lay)]
    return seconds + (legal_tokens(after) if adds_usable_track(position, move) else [])


def _rank(plan: Plan) -> tuple:
    return (-plan.run.total, plan.run.status != "optimal", -plan.run.bound, plan.cost,
            len(plan.moves), [sorted(_move_dict(m).items()) for m in plan.moves])


def advise(position: Position, top: int = 3, time_limit: float = ADVISE_TIME_LIMIT,
           workers: int = 1, progress: bool = False) -> Advice:
    """Every plan of this turn ranked by the proven-best run after it (see the module).

    ``time_limit`` is per solved board; ``top`` how many plans carry their whole run in
    ``to_dict``; ``progress`` shows a tqdm bar on stderr over the turn's first moves."""
    start = time.perf_counter()
    runs: dict = {}

    def evaluate(board: Position, parent: tuple | None = None, move=None) -> tuple:
        """(run, graph) of ``board``, reached from ``parent`` (its board and graph) by
        ``move``; the parent's graph is kept for a lay that adds no usable track."""
        graph = None
        if board.trains:
            if parent is not None and isinstance(move, Lay) and not adds_usable_track(
                    parent[0], move):
                graph = dataclasses.replace(parent[1], position=board)
            else:
                graph = build_graph(board)
        key = board_key(board, graph)
        if key not in runs:
            runs[key] = solve(board, time_limit=time_limit, workers=workers)
        return runs[key], graph

    no_lay, graph = evaluate(position)
    root = (position, graph)
    plans: dict = {}   # signature -> Plan

    def consider(moves: tuple, board: Position, parent: tuple) -> tuple:
        run, graph = evaluate(board, parent, moves[-1])
        plans[_signature(moves)] = Plan(moves, sum(m.cost for m in moves), run, 0)
        return board, graph

    def seen(moves: tuple) -> bool:
        """Whether these moves, in another order, were considered already (the cheaper
        order is kept)."""
        known = plans.get(_signature(moves))
        cost = sum(m.cost for m in moves)
        if known is not None and cost < known.cost:
            known.moves, known.cost = moves, cost
        return known is not None

    firsts = _first_moves(position)
    bar = tqdm(firsts, disable=not progress, unit="move", file=sys.stderr, desc="advise")
    for move in bar:
        after = consider((move,), apply(position, move), root)
        for follow in _follow_ups(position, after[0], move):
            if not seen((move, follow)):
                consider((move, follow), apply(after[0], follow), after)
        bar.set_postfix(boards=len(runs), refresh=False)
    bar.close()
    ranked = sorted(plans.values(), key=_rank)
    for plan in ranked:
        plan.gain = plan.run.total - no_lay.total
    return Advice(position.title.name, position.company, position.phase.name,
                  position.turn.step, no_lay, ranked, len(runs),
                  round(time.perf_counter() - start, 6), top)
