"""pytest-benchmark: solve 1817 corpus positions and a stress case on one core.

    taskset -c 0 pytest benchmarks/test_1817.py --benchmark-only

The corpus-wide report (median, p99, max, time against the 18xx.games auto-router):
``trainrun bench tests/data/corpus/1817/*.jsonl --repeat 3 --report DIR``.
"""
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

LINES = corpus_lines("1817")
# the hardest positions: where the 18xx.games auto-router was slowest (late 6- and 8-trains)
HARD = router_slowest(LINES, 6)
# positions where trainrun's best passes a junction twice (tests/test_corpus_1817.py)
JUNCTION_TWICE = {"15528-1486": 480, "15528-1578": 410, "15528-1604": 490, "15528-1671": 490}


@pytest.mark.parametrize("line", HARD, ids=line_id)
def test_solve_position(benchmark, line):
    run = bench_line(benchmark, line)
    assert run.total == JUNCTION_TWICE.get(line_id(line), line["exact_oracle"]["total"])


def test_solve_whole_corpus(benchmark):
    totals = bench_whole_corpus(benchmark, LINES)
    assert totals == [JUNCTION_TWICE.get(line_id(d), d["exact_oracle"]["total"]) for d in LINES]


def stress_position(trains: list[str]):
    """The last position of game 15528 (A&S, phase 8, a dense late board with six coal
    mines and a bridge), the company given ``trains`` instead of its single 8."""
    data = dict(next(d for d in reversed(LINES) if d["fixture"] == "15528.json"))
    data["trains"] = named_trains(trains)
    return read_position(data)


@pytest.mark.parametrize("trains", [["8"], ["8", "6"], ["8", "8"], ["8", "8", "6"]],
                         ids="+".join)
def test_stress_15528_last_position(benchmark, trains):
    position = stress_position(trains)
    run = benchmark.pedantic(solve, (position, 600.0, 1), rounds=1, iterations=1)
    assert run.status == "optimal"
