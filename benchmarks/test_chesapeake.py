"""pytest-benchmark: solve 18Chesapeake corpus positions on one core.

    pytest benchmarks --benchmark-only

``benchmarks/report.py`` gives the corpus-wide summary (median, p99, max, ratio
to the 18xx.games auto-router).
"""
import json
from pathlib import Path

import pytest

from trainrun import read_position, solve

from conftest import corpus_lines

LINES = corpus_lines("18Chesapeake")
# the hardest positions: the reference auto-router's slowest ones, and every D train
HARD = sorted(LINES, key=lambda d: -(d["reference_router"]["path_seconds"]
                                     + d["reference_router"]["combo_seconds"]))[:5]
TWO_TRAINS = [d for d in LINES if len(d["trains"]) >= 2][-3:]


def _id(d):
    return f"{d['fixture'].removesuffix('.json')}-{d['action']}"


@pytest.mark.parametrize("line", HARD + TWO_TRAINS, ids=_id)
def test_solve_position(benchmark, line):
    position = read_position(line)
    run = benchmark(solve, position, 60.0, 1)
    assert run.status == "optimal"
    assert run.total >= line["reference_router"]["total"]


def test_solve_whole_corpus(benchmark):
    positions = [read_position(d) for d in LINES]

    def all_of_them():
        return [solve(p, 60.0, 1).total for p in positions]

    totals = benchmark.pedantic(all_of_them, rounds=3, iterations=1)
    assert totals == [d["exact_oracle"]["total"] for d in LINES]


STRESS = Path(__file__).parent / "data" / "chesapeake-stress.json"


@pytest.mark.parametrize("trains", [["D"], ["D", "6"], ["D", "6", "5"], ["D", "D"]],
                         ids="+".join)
def test_stress_board(benchmark, trains):
    """A filled-in late-game board: enumeration, exact cuts and CP-SAT."""
    data = json.loads(STRESS.read_text())
    data["trains"] = [{"id": f"{t}-{i}", "name": t} for i, t in enumerate(trains)]
    position = read_position(data)
    run = benchmark.pedantic(solve, (position, 60.0, 1), rounds=3, iterations=1)
    assert run.status == "optimal"


def test_stress_board_path_model_only(benchmark):
    """The same board with D + D solved by the CP-SAT path model alone (route budget 1)."""
    data = json.loads(STRESS.read_text())
    data["trains"] = [{"id": "D-0", "name": "D"}, {"id": "D-1", "name": "D"}]
    position = read_position(data)
    run = benchmark.pedantic(solve, (position, 60.0, 1, 1), rounds=1, iterations=1)
    assert run.status == "optimal"
