"""``time_limit``: a wall-clock promise for the whole call, with a proven bound at the limit.

On the hardest boards we know, a call given T seconds (reading the position included)
answers ``optimal`` or ``feasible``, the run legal under the independent checker with
the total it claims, and a bound no lower than the proven optimum. The promise is
T + 10 % + 50 ms on one core; the asserts allow far more (other processes share the
machine while the tests run), the real overshoot is measured in the report of issue 14.
"""
import json
import time
from pathlib import Path

import numpy as np
import pytest
from corpus_checks import corpus_lines
from time_promise import allowed

from trainrun.board.trainset import with_trains
from trainrun.formats.reading import read_position
from trainrun.hooks import answers
from trainrun.routes.bonus_reach import preferred_stops
from trainrun.routes.enumeration import enumerate_routes, train_tables
from trainrun.routes.graph import build_graph
from trainrun.routes.legality import check_run
from trainrun.routes.solve import solve
from trainrun.routes.solver_input import candidates
from trainrun.solver import Deadline
from trainrun.solver.pricing import priced_bound

EXAMPLES = Path(__file__).parent.parent / "examples"
LIMITS = [0.05, 0.2, 1.0, 3.0]


def _18pa_late_game() -> str:
    return (EXAMPLES / "18pa-late-game.json").read_text()


def _1817_last_board() -> str:
    return json.dumps(next(d for d in reversed(corpus_lines("1817"))
                           if d["fixture"] == "15528.json"))


# (position text, trains, proven optimum): both optima proven by this solve with a
# 900 s limit (the branch and bound finished: 239 s and 159 s on a shared machine); the
# 18PA one is also the $1400 issue 14 reports
HARD = {
    "18PA 4+4+5+5": (_18pa_late_game, "4,4,5,5", 1400),
    "1817 8+8+6+6": (_1817_last_board, "8,8,6,6", 1260),
}


@pytest.mark.parametrize("limit", LIMITS)
@pytest.mark.parametrize("board", list(HARD))
def test_hard_board_answers_within_the_limit(board, limit):
    text, trains, optimum = HARD[board]
    text = text()
    read_position(text)    # the title loaded once per process, as a service does
    start = time.monotonic()
    deadline = Deadline(limit)
    run = solve(read_position(text), trains=trains, deadline=deadline)
    took = time.monotonic() - start
    assert took <= allowed(limit), f"{board} at {limit} s took {took:.3f} s"
    assert run.status in ("optimal", "feasible")
    assert run.bound >= run.total
    if run.status == "optimal":
        assert run.bound == run.total
    assert run.total <= optimum <= run.bound
    position = with_trains(read_position(text), trains)
    check = check_run(position, [(r.train, r.visited, r.chains) for r in run.routes])
    assert not check.violations and not check.conflicts
    assert check.total == run.total


def test_priced_bound_is_far_below_the_value_bound():
    """The bound a stopped search answers (solver/pricing.py, its price steps, no clock) on
    the 18PA board: still above the $1400 optimum, and far below the $1980 of each type's
    two best routes plus the $40 mining rights, which is what a stopped search gave
    before."""
    text, trains, optimum = HARD["18PA 4+4+5+5"]
    graph = build_graph(with_trains(read_position(text()), trains))
    bonuses = list(answers.company_bonuses(graph.position))
    assert [b.amount for b in bonuses] == [40]
    preferred = preferred_stops(graph, bonuses)
    cands = [candidates(graph, enumerate_routes(graph, t), bonuses, preferred)
             for t in train_tables(graph)]
    gross = [c.values + 40 * c.reach[:, 0] for c in cands]
    assert sum(np.sort(g)[-c.count:].sum() for g, c in zip(gross, cands)) == 2100
    bound = priced_bound(gross, [c.bits for c in cands], [c.count for c in cands], 1290)
    assert optimum <= bound < 1600


def test_deadline_shares():
    d = Deadline(10.0, start=time.monotonic())
    assert 9.0 < d.left() <= 10.0 and not d.expired()
    assert d.share(0.5) - time.monotonic() == pytest.approx(d.left() / 2, abs=0.01)
    part = d.first_of(4)
    assert part.at <= d.at and part.seconds == pytest.approx(2.5, abs=0.01)
    gone = Deadline(0.0)
    assert gone.expired() and gone.left() == 0.0
