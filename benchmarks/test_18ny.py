"""pytest-benchmark: solve 18NY corpus positions on one core.

    pytest benchmarks/test_18ny.py --benchmark-only

The corpus-wide report (median, p99, max, time against the 18xx.games auto-router):
``trainrun bench tests/data/corpus/18NY/*.jsonl --repeat 3 --report DIR``.
"""
import pytest
from conftest import bench_line, bench_whole_corpus, corpus_lines, line_id, router_slowest

LINES = corpus_lines("18NY")
# the auto-router's slowest positions (4DE, 12H + D, 12H + 5DE) and the exhaustive
# search's slowest
HARD = router_slowest(LINES, 5)
ORACLE_SLOW = sorted(LINES, key=lambda d: -d["exact_oracle"]["seconds"])[:3]


@pytest.mark.parametrize("line", HARD + [d for d in ORACLE_SLOW if d not in HARD], ids=line_id)
def test_solve_position(benchmark, line):
    run = bench_line(benchmark, line)
    assert run.total == line["exact_oracle"]["total"]


def test_solve_whole_corpus(benchmark):
    totals = bench_whole_corpus(benchmark, LINES)
    assert totals == [d["exact_oracle"]["total"] for d in LINES]
