"""The CP-SAT path model (used when a train has more routes than the route budget) on its own.

With ``route_budget=1`` no train type's list completes, so every train of every
18Chesapeake corpus position is solved by the path model alone. Its optimum
must equal the exhaustive search's (``exact_oracle.total``), be proven, and
every route it returns must pass the independent legality checker.
"""
import pytest

from trainrun import read_position
from trainrun.legality import check_run
from trainrun.run import solve

from conftest import corpus_lines

LINES = corpus_lines("18Chesapeake")


@pytest.mark.parametrize("line", LINES, ids=lambda d: f"{d['fixture'][:-5]}-{d['action']}")
def test_path_model_alone_finds_the_optimum(line):
    position = read_position(line)
    run = solve(position, route_budget=1)
    assert all("path model" in str(v) for v in run.routes_enumerated.values())
    assert run.status == "optimal"
    assert run.total == line["exact_oracle"]["total"]
    check = check_run(position, [(r.train, r.visited, r.chains) for r in run.routes])
    assert check.violations == []
    assert check.total == run.total
