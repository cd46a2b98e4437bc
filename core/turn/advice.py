"""What the lay advisor (``trainrun.turn.advise``) answers: the plans of the turn ranked, each
with its proof status, and whether the ranking is proven.

A ``Plan`` is one board after the turn's moves: its moves (the cheapest way to reach it)
and the other ways that reach a board giving the same run (``alternatives``). Its
``status`` says what is proven of it:

* ``optimal``: its run is solved and proven optimal;
* ``best found``: its solve stopped at the time limit: the best run found, with a proven
  ``bound``;
* ``not better``: not solved, its cheap ``bound`` (``trainrun.routes.run_bound``) is below
  the run found for another plan: proven worse than that plan;
* ``bound only``: not solved when the budget ended; only its cheap ``bound`` is known;
* ``not modelled``: its board has a run rule trainrun does not model
  (``answers.runs_not_modelled``, named in ``not_modelled``; docs/rules/common.md §9.5): its
  run, when solved, is the best under the other rules, and neither it nor its ``bound``
  counts that rule's income, so nothing is proven of it and no plan is settled against it;
* ``not reached``: the budget ended before its board was built: no bound.

A plan's ``gain`` is proven (``gain_proven``) only where its run and the run without laying
are both proven optimal.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from trainrun.routes.solve import Run
from trainrun.turn.lays import Lay

OPTIMAL, FOUND, NOT_BETTER, BOUND_ONLY, NOT_MODELLED, NOT_REACHED = (
    "optimal", "best found", "not better", "bound only", "not modelled", "not reached")


def move_dict(move) -> dict:
    """A ``Lay`` or ``TokenMove`` as the advice writes it."""
    if isinstance(move, Lay):
        return {"hex": move.hex, "tile": move.tile, "rotation": move.rotation,
                "cost": move.cost}
    return move.to_dict()


@dataclass
class Plan:
    """Moves made before the run (``Lay`` and ``TokenMove``, in order), what they cost, the
    run after them when solved (else ``None``), its ``gain`` over not laying (``None`` when
    not solved), the proven ``bound`` on that run (``None`` when not reached), the proof
    ``status`` (see the module), the other move lists giving the same run
    (``alternatives``: ``(moves, cost)``, cheapest first), the run rules not modelled on
    its board (``not_modelled``) and whether its gain is proven (``gain_proven``)."""

    moves: tuple
    cost: int
    run: Run | None
    gain: int | None
    bound: int | None
    status: str
    alternatives: list = field(default_factory=list)
    not_modelled: list = field(default_factory=list)
    gain_proven: bool = False

    @property
    def total(self) -> int | None:
        return None if self.run is None else self.run.total

    def to_dict(self, with_run: bool = False) -> dict:
        out = {"moves": [move_dict(m) for m in self.moves], "cost": self.cost,
               "total": self.total, "status": self.status, "bound": self.bound,
               "gain": self.gain, "gain_proven": self.gain_proven,
               "not_modelled": self.not_modelled,
               "alternatives": [{"moves": [move_dict(m) for m in moves], "cost": cost}
                                for moves, cost in self.alternatives]}
        if with_run and self.run is not None:
            out["run"] = self.run.to_dict()
        return out


@dataclass
class Advice:
    """The plans of the turn, best first (solved plans by their run, then the others by
    their bound); the run without laying; how many move lists were weighed
    (``candidates``, alternatives and plans not reached included) and boards solved; the
    first moves whose follow-ups (a second lay, a token) the budget left unlisted
    (``unlisted``). ``boards_solved`` counts the plans' boards solved (the run without
    laying is solved too, and counted only where a plan reaches its board).
    ``proven``: the top plan is proven best (every other plan proven no better, nothing
    unlisted, no board with a rule not modelled). ``lay_improves``: ``False`` when proven
    that no plan beats not laying, ``True`` when a run found beats the proven bound of not
    laying, ``None`` when not known (as where a rule not modelled matters: the run rules
    ``not_modelled`` on any board, the one without laying included)."""

    title: str
    company: str
    phase: str
    step: str
    no_lay: Run
    plans: list
    candidates: int
    boards_solved: int
    unlisted: int
    seconds: float
    time_limit: float
    top: int = 3
    proven: bool = field(init=False)
    lay_improves: bool | None = field(init=False)
    not_modelled: list = field(init=False)

    def __post_init__(self):
        rules = list(self.no_lay.not_modelled)
        rules += [r for p in self.plans for r in p.not_modelled]
        self.not_modelled = list(dict.fromkeys(rules))
        modelled = not self.not_modelled
        settled = modelled and not self.unlisted and all(
            p.status != NOT_REACHED for p in self.plans)
        best = self.plans[0] if self.plans else None
        self.proven = settled and (best is None or best.status == OPTIMAL and all(
            p.bound <= best.run.total for p in self.plans[1:]))
        if modelled and any(p.run is not None and p.run.total > self.no_lay.bound
                            for p in self.plans):
            self.lay_improves = True
        elif settled and all(p.bound <= self.no_lay.total for p in self.plans):
            self.lay_improves = False
        else:
            self.lay_improves = None

    def to_dict(self) -> dict:
        return {"title": self.title, "company": self.company, "phase": self.phase,
                "step": self.step, "candidates": self.candidates, "plans_ranked": len(self.plans),
                "boards_solved": self.boards_solved, "unlisted": self.unlisted,
                "seconds": self.seconds, "time_limit": self.time_limit,
                "proven": self.proven, "lay_improves": self.lay_improves,
                "not_modelled": self.not_modelled,
                "no_lay": {"total": self.no_lay.total, "status": self.no_lay.status,
                           "bound": self.no_lay.bound, "run": self.no_lay.to_dict()},
                "plans": [p.to_dict(with_run=i < self.top) for i, p in enumerate(self.plans)]}
