"""pytest-benchmark: 18PA hand-built positions and a late-game stress board, one core.

    taskset -c 0 pytest benchmarks/test_18pa.py --benchmark-only

``python benchmarks/report.py --positions tests/data/18pa`` gives median, p99 and max
over the hand-built positions.
"""
import json
from pathlib import Path

import pytest
from conftest import named_trains

from trainrun import read_position, solve

HAND = sorted((Path(__file__).parent.parent / "tests" / "data" / "18pa").glob("*.json"))
STRESS = Path(__file__).parent / "data" / "18pa-stress.json"


@pytest.mark.parametrize("path", HAND, ids=lambda p: p.stem)
def test_hand_position(benchmark, path):
    position = read_position(path.read_text())
    run = benchmark(solve, position, 60.0, 1)
    assert run.status == "optimal"


@pytest.mark.parametrize("trains", [["5", "3D", "2R"], ["5", "5", "3D"],
                                    ["5", "5", "3D", "2R"], ["4", "4", "5", "5"]],
                         ids="+".join)
def test_stress_board(benchmark, trains):
    """A filled-in phase-3D board: PRR's 5s, 3D and 2R, x2 active, mining rights."""
    data = json.loads(STRESS.read_text())
    data["trains"] = named_trains(trains)
    position = read_position(data)
    run = benchmark.pedantic(solve, (position, 120.0, 1), rounds=1, iterations=1)
    assert run.status == "optimal"
