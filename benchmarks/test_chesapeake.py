"""pytest-benchmark: solve 18Chesapeake corpus positions on one core.

    pytest benchmarks --benchmark-only

The corpus-wide report (median, p99, max, time against the 18xx.games auto-router):
``trainrun bench tests/data/corpus/18Chesapeake/*.jsonl --repeat 3 --report DIR``.
"""
import json
from pathlib import Path

import pytest
from conftest import (
    bench_line,
    bench_whole_corpus,
    corpus_lines,
    line_id,
    named_trains,
    router_slowest,
)

from trainrun import read_position, solve

LINES = corpus_lines("18Chesapeake")
# the hardest positions: the reference auto-router's slowest ones, and every D train
HARD = router_slowest(LINES, 5)
TWO_TRAINS = [d for d in LINES if len(d["trains"]) >= 2][-3:]


@pytest.mark.parametrize("line", HARD + TWO_TRAINS, ids=line_id)
def test_solve_position(benchmark, line):
    run = bench_line(benchmark, line)
    assert run.total >= line["reference_router"]["total"]


def test_solve_whole_corpus(benchmark):
    totals = bench_whole_corpus(benchmark, LINES)
    assert totals == [d["exact_oracle"]["total"] for d in LINES]


STRESS = Path(__file__).parent / "data" / "chesapeake-stress.json"


@pytest.mark.parametrize("trains", [["D"], ["D", "6"], ["D", "6", "5"], ["D", "D"]],
                         ids="+".join)
def test_stress_board(benchmark, trains):
    """A filled-in late-game board: enumeration, exact cuts and CP-SAT."""
    data = json.loads(STRESS.read_text())
    data["trains"] = named_trains(trains)
    position = read_position(data)
    run = benchmark.pedantic(solve, (position, 60.0, 1), rounds=3, iterations=1)
    assert run.status == "optimal"


def test_stress_board_path_model_only(benchmark):
    """The same board with D + D solved by the CP-SAT path model alone (route budget 1)."""
    data = json.loads(STRESS.read_text())
    data["trains"] = named_trains(["D", "D"])
    position = read_position(data)
    run = benchmark.pedantic(solve, (position, 60.0, 1, 1), rounds=1, iterations=1)
    assert run.status == "optimal"
