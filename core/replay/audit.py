"""Auditing a whole game: every run its presidents declared against the proven best.

::

    from trainrun.replay.audit import audit
    from trainrun.replay.gamelog import read_game
    report = audit(read_game(open("game.json").read(), name="game.json"))
    print(report.left_on_table())      # {"B&O": 120, ...}

For each ``run_routes`` of the log in order, the game is replayed to just before it
(``trainrun.replay.gamelog``), the declared run is re-scored and checked
(``trainrun.routes.verify``: legal or not, with every rule broken) and the best run solved.
The gap is what the best earns beyond the declared run; per company, the gaps summed are
what it left on the table.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from trainrun.errors import InputError
from trainrun.replay.actionname import where
from trainrun.replay.gamelog import GameLog, Replay, own_record, replay
from trainrun.replay.replayfork import agreed
from trainrun.routes.declared import Verification
from trainrun.routes.solve import DEFAULT_TIME_LIMIT
from trainrun.routes.verify import verify
from trainrun.title_solver import TitleSolver


@dataclass
class AuditedRun:
    """One declared run: where it is in the game and its verdict."""

    action: int
    round: str                 # "OR 3.2": the second operating round of the third set
    company: str
    verdict: Verification

    def to_json(self) -> dict:
        v = self.verdict
        return {"action": self.action, "round": self.round, "company": self.company,
                "legal": v.legal, "violations": v.violations, "declared": v.declared_total,
                "best": v.best_total, "best_status": v.best_status, "gap": v.gap}


@dataclass
class Audit:
    """Every audited run of a game, and where the replay stopped (None: at the end)."""

    fixture: str
    title: str
    runs: list[AuditedRun] = field(default_factory=list)
    stopped: str | None = None

    def left_on_table(self) -> dict[str, int]:
        """Per company, what its best runs earn beyond its declared ones, summed."""
        out: dict[str, int] = {}
        for run in self.runs:
            out[run.company] = out.get(run.company, 0) + (run.verdict.gap or 0)
        return out

    @property
    def proven(self) -> bool:
        """Every best run proven optimal."""
        return all(r.verdict.best_status == "optimal" for r in self.runs)

    def to_json(self) -> dict:
        return {"fixture": self.fixture, "title": self.title,
                "runs": [r.to_json() for r in self.runs],
                "left_on_table": self.left_on_table(),
                "total_left_on_table": sum(self.left_on_table().values()),
                "proven": self.proven, "stopped": self.stopped}


def run_count(game: GameLog) -> int:
    """How many ``run_routes`` the log holds (for a progress bar)."""
    return sum(a["type"] == "run_routes" for a in game.actions)


def audit(game: GameLog, time_limit: float = DEFAULT_TIME_LIMIT, workers: int = 1,
          progress: Callable[[AuditedRun], object] | None = None) -> Audit:
    """Audit every declared run of ``game``; ``progress`` is called after each one. A log
    the replay cannot follow to its end is audited up to there (``stopped`` says why).
    One ``TitleSolver`` solves every run's board, each distinct board once."""
    report = Audit(game.name, game.ruleset.title.name)
    solver = TitleSolver(game.ruleset.info.name)
    try:
        for action, state in replay(game):
            if action["type"] != "run_routes":
                continue
            company = state.operator(action)
            position = agreed(state, where(action), own_record, Replay.position, company,
                              action["id"])
            try:
                verdict = verify(position, action, time_limit=time_limit, workers=workers,
                                 solver=solver.solve)
            except InputError as exc:
                raise InputError(f"action {action['id']} (run_routes)", str(exc)) from None
            run = AuditedRun(action["id"], state.round_name, company, verdict)
            report.runs.append(run)
            if progress is not None:
                progress(run)
    except InputError as exc:
        report.stopped = str(exc)
    return report
