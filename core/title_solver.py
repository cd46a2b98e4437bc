"""The solver of one title's positions for programs that solve in a loop, each distinct
board solved once.

A ``TitleSolver`` holds one title loaded and the runs of the boards it has solved, so a
program solving many positions of that title in one process (a bot searching a game tree,
an advisor trying lays, an audit of a whole archive, ``trainrun batch``) reads each
position against the loaded title and solves each distinct board once.

::

    from trainrun import TitleSolver

    solver = TitleSolver("1830")
    for run in solver.solve_many(positions, time_limit=1.0):
        print(run.company, run.total, run.status)

Two boards are the same when the solver would be given the same input
(``trainrun.turn.advise.board_key``: the track graph the company reaches, each train
table's values, the company bonuses and incomes) for the same company in the same phase:
their best run is the same, so the second is answered from the first, timed anew. Only
runs proven optimal are kept, at most ``memo`` of them (the least recently used go
first).
"""
from __future__ import annotations

import dataclasses
import time
from collections import OrderedDict
from collections.abc import Iterable, Iterator

from trainrun.board.position import Position
from trainrun.board.trainset import with_trains
from trainrun.errors import InputError
from trainrun.formats.reading import position_of, titled_object
from trainrun.hooks import answers
from trainrun.registry import load_title
from trainrun.routes.graph import build_graph
from trainrun.routes.solve import DEFAULT_TIME_LIMIT, Deadline, Run, solve
from trainrun.turn.advise import board_key

__all__ = ["TitleSolver"]

MEMO_RUNS = 4096   # proven runs a solver keeps by default


class TitleSolver:
    """The solver of one title's positions (``title``: its name or an alias), keeping the
    title and up to ``memo`` proven runs by board (0: none) between calls."""

    def __init__(self, title: str, memo: int = MEMO_RUNS):
        self.ruleset = load_title(title)
        self.names = (self.ruleset.info.name, *self.ruleset.info.aliases)
        self.memo_size = memo
        self.runs: OrderedDict = OrderedDict()
        self.solved = self.reused = 0

    def read(self, data) -> Position:
        """A position of this title from a dict or JSON text (either input form); one that
        names another title is refused on ``title``."""
        data = titled_object(data, "position", "expected a JSON object")
        if data["title"] not in self.names:
            raise InputError("title", f"{data['title']!r} given to the solver of "
                                      f"{self.names[0]}")
        return position_of(self.ruleset, data)

    def solve(self, position, time_limit: float = DEFAULT_TIME_LIMIT, workers: int = 1,
              trains=None, deadline: Deadline | None = None) -> Run:
        """The best run of ``position`` (a ``Position`` of this title, or a dict or JSON
        text ``read`` takes), as ``trainrun.solve`` answers it (same options); a board
        solved before is answered from its kept run."""
        began = time.perf_counter()
        deadline = deadline or Deadline(time_limit)
        if not isinstance(position, Position):
            position = self.read(position)
        elif position.title.name != self.names[0]:
            raise InputError("title", f"{position.title.name!r} given to the solver of "
                                      f"{self.names[0]}")
        if trains is not None:
            position = with_trains(position, trains)
        if not self.memo_size:
            return solve(position, workers=workers, deadline=deadline)
        graph = build_graph(position) if position.trains else None
        key = (position.company, position.phase.name,
               tuple(answers.runs_not_modelled(position)), board_key(position, graph))
        kept = self.runs.get(key)
        if kept is not None:
            self.runs.move_to_end(key)
            self.reused += 1
            return dataclasses.replace(kept, seconds=round(time.perf_counter() - began, 6))
        run = solve(position, workers=workers, deadline=deadline, graph=graph)
        self.solved += 1
        if run.status == "optimal":
            self.runs[key] = run
            if len(self.runs) > self.memo_size:
                self.runs.popitem(last=False)
        return run

    def solve_many(self, positions: Iterable, time_limit: float = DEFAULT_TIME_LIMIT,
                   workers: int = 1, trains=None) -> Iterator[Run]:
        """The best run of each of ``positions`` in their order, each within ``time_limit``
        seconds (``solve``); a position that cannot be read or solved raises an
        ``InputError`` naming it (``position N``, from 1) and what is wrong."""
        for number, position in enumerate(positions, start=1):
            try:
                yield self.solve(position, time_limit, workers, trains)
            except InputError as exc:
                raise InputError(f"position {number}", str(exc)) from None
