"""The CP-SAT path model (used when a train has more routes than the route budget) on its own.

With ``route_budget=1`` no train type's list completes, so every train of every
18Chesapeake corpus position is solved by the path model alone. Its optimum
must equal the exhaustive search's (``exact_oracle.total``), be proven, and
every route it returns must pass the independent legality checker.
"""
import pytest
from corpus_checks import corpus_lines

from trainrun import read_position
from trainrun.routes.legality import check_run
from trainrun.routes.solve import solve

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


def test_path_model_agrees_with_enumeration_on_a_dense_board():
    """Two D trains on a filled-in late-game board (benchmarks/data): the listed-route model
    and the path model reach the same proven optimum, and both runs are legal."""
    import json
    from pathlib import Path
    data = json.loads((Path(__file__).parent.parent / "benchmarks" / "data" /
                       "chesapeake-stress.json").read_text())
    data["trains"] = [{"id": "D-0", "name": "D"}, {"id": "D-1", "name": "D"}]
    position = read_position(data)
    listed, modelled = solve(position), solve(position, route_budget=1)
    assert listed.status == modelled.status == "optimal"
    assert listed.total == modelled.total
    for run in (listed, modelled):
        check = check_run(position, [(r.train, r.visited, r.chains) for r in run.routes])
        assert check.violations == [] and check.total == run.total
