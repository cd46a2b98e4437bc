"""pytest-benchmark: solve 1871 (The Old Prince) corpus positions on one core.

    taskset -c 0 pytest benchmarks/test_1871.py --benchmark-only

The corpus-wide report (median, p99, max, time against the 18xx.games auto-router):
``trainrun bench tests/data/corpus/1871/*.jsonl --repeat 3 --report DIR``.
"""
import pytest
from conftest import bench_line, bench_whole_corpus, corpus_lines, line_id

from trainrun import read_position, solve_buying_next_train

LINES = corpus_lines("1871")
# the exhaustive oracle's slowest positions (D trains on the final board), and the
# positions with two trains of different kinds (H with +)
HARD = sorted(LINES, key=lambda d: -d["exact_oracle"]["seconds"])[:5]
MIXED = [d for d in LINES if len({t["name"] for t in d["trains"]}) >= 2][-3:]


@pytest.mark.parametrize("line", HARD + MIXED, ids=line_id)
def test_solve_position(benchmark, line):
    run = bench_line(benchmark, line)
    assert run.total == line["exact_oracle"]["total"]


def test_solve_whole_corpus(benchmark):
    totals = bench_whole_corpus(benchmark, LINES)
    assert totals == [d["exact_oracle"]["total"] for d in LINES]


def test_hunslet_both_runs(benchmark):
    """The Hunslet question on the final board: the run with and without a bought D."""
    line = next(d for d in LINES if d["action"] == 749)
    data = dict(line, title_state={"next_train": "D"})
    position = read_position(data)
    both = benchmark(solve_buying_next_train, position, 60.0, 1)
    assert both.without.status == both.with_train.status == "optimal"
    assert both.with_train.total >= both.without.total
