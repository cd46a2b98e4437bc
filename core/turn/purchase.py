"""What a run would earn if the company first bought the next train from the bank.

Some titles let a company buy a train before it runs (1871's Hunslet). The title
names that train (hook ``trainrun_next_train``); this module builds the position
after the purchase from the title's train and phase data and solves both.

The purchase, as the title data describes it:

* the company needs room under the current phase's train limit;
* if the train starts a later phase (that phase's ``on``), the position moves to that
  phase (new tile colours, so new off-board values) and the company's trains that rust on
  it (``rusts_on``) are gone; a train that starts the current phase or none has been
  bought before, so it changes neither;
* if the new phase's train limit is lower than the trains the company now holds, it
  discards down to the limit, choosing which: every choice is solved and the best kept.
"""
from __future__ import annotations

import dataclasses
import itertools
from dataclasses import dataclass, field

from trainrun.board.position import Position, Train, copy_board
from trainrun.errors import InputError
from trainrun.hooks import answers
from trainrun.routes.result import Run
from trainrun.routes.solve import DEFAULT_TIME_LIMIT, Deadline, solve


@dataclass
class Purchase:
    """Both runs: without buying and after buying ``train`` from the bank. ``named``: the
    position named that train (``title_state.next_train``); else it is the title's guess
    (``trainrun_next_train``; by default the train that started the current phase)."""

    train: str
    phase: str                # the phase after the purchase
    rusted: list              # ids of the company's trains the purchase removes
    without: Run
    with_train: Run
    discarded: list = field(default_factory=list)   # ids discarded down to the train limit
    named: bool = False

    @property
    def gain(self) -> int:
        return self.with_train.total - self.without.total

    def to_dict(self) -> dict:
        return {"train": self.train, "train_named": self.named, "phase": self.phase,
                "rusted": self.rusted, "discarded": self.discarded, "gain": self.gain,
                "without": self.without.to_dict(), "with_train": self.with_train.to_dict()}


def train_limit(position: Position, phase) -> int | None:
    """The operating company's train limit in ``phase``: the phase's number, or its number
    for the company's type where the title sets one per type (18NY minors and majors)."""
    limit = phase.train_limit
    if not isinstance(limit, dict):
        return limit
    kind = position.title.companies.get(position.company, {}).get("type")
    if kind not in limit:
        raise InputError("company", f"phase {phase.name} sets no train limit for "
                                    f"{position.company} (type {kind!r})")
    return limit[kind]


def position_after_purchase(position: Position) -> tuple[Position, list]:
    """The position once the company has bought the next train; and the rusted train ids.
    The title prepares the board again for the new phase (``trainrun_prepare_board``)."""
    name = answers.next_train(position)
    title = position.title
    limit = train_limit(position, position.phase)
    if limit is not None and len(position.trains) >= limit:
        raise InputError("trains", f"{position.company} holds {len(position.trains)} trains, "
                                   f"its limit in phase {position.phase.name}: no room for a "
                                   f"{name}")
    phases = list(title.phases.values())
    now = phases.index(position.phase)
    started = [p for p in phases[now + 1:] if p.on == name]
    phase = started[0] if started else position.phase
    rusted = [t.id for t in position.trains
              if started and title.trains[t.name].rusts_on == name]
    card = title.trains[name]
    ids = {t.id for t in position.trains}
    new_id = next(f"{name}-bank{'' if n == 0 else n}" for n in range(len(ids) + 1)
                  if f"{name}-bank{'' if n == 0 else n}" not in ids)
    trains = [t for t in position.trains if t.id not in rusted]
    trains.append(Train(new_id, name, card.distance, card.multiplier))
    after = dataclasses.replace(position, phase=phase, trains=trains,
                                board=copy_board(position.board))
    if phase is not position.phase:
        answers.prepare_board(after)
    return after, rusted


def solve_buying_next_train(position: Position, time_limit: float = DEFAULT_TIME_LIMIT,
                            workers: int = 1, deadline: Deadline | None = None) -> Purchase:
    """The best run as it stands and the best run after buying the next train first; all
    the solves share the one ``deadline`` (default: ``time_limit`` seconds from now)."""
    deadline = deadline or Deadline(time_limit)
    after, rusted = position_after_purchase(position)
    bought = after.trains[-1].name
    limit = train_limit(after, after.phase)
    keep = len(after.trains) if limit is None else min(limit, len(after.trains))
    choices = list(itertools.combinations(after.trains, keep))
    without = solve(position, workers=workers, deadline=deadline.first_of(1 + len(choices)))
    best, discarded, bound = None, [], 0
    for n, kept in enumerate(choices):
        run = solve(dataclasses.replace(after, trains=list(kept)), workers=workers,
                    deadline=deadline.first_of(len(choices) - n))
        bound = max(bound, run.bound)
        if best is None or run.total > best.total:
            best, discarded = run, [t.id for t in after.trains if t not in kept]
    assert best is not None     # combinations(trains, keep ≤ len(trains)): at least one
    if bound > best.total:   # some choice stopped at the time limit: the best is not proven
        best = dataclasses.replace(best, status="feasible", bound=bound)
    named = position.title_state.get("next_train") == bought
    return Purchase(bought, after.phase.name, rusted, without, best, discarded, named)
