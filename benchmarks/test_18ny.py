"""pytest-benchmark: solve 18NY corpus positions on one core.

    pytest benchmarks/test_18ny.py --benchmark-only

``python benchmarks/report.py 18NY`` gives the corpus-wide summary (median, p99, max,
ratio to the 18xx.games auto-router).
"""
import pytest

from trainrun import read_position, solve

from conftest import corpus_lines

LINES = corpus_lines("18NY")
# the auto-router's slowest positions (4DE, 12H + D, 12H + 5DE) and the exhaustive
# search's slowest
HARD = sorted(LINES, key=lambda d: -(d["reference_router"]["path_seconds"]
                                     + d["reference_router"]["combo_seconds"]))[:5]
ORACLE_SLOW = sorted(LINES, key=lambda d: -d["exact_oracle"]["seconds"])[:3]


def _id(d):
    return f"{d['fixture'].removesuffix('.json')}-{d['action']}"


@pytest.mark.parametrize("line", HARD + [d for d in ORACLE_SLOW if d not in HARD], ids=_id)
def test_solve_position(benchmark, line):
    position = read_position(line)
    run = benchmark(solve, position, 60.0, 1)
    assert run.status == "optimal"
    assert run.total == line["exact_oracle"]["total"]


def test_solve_whole_corpus(benchmark):
    positions = [read_position(d) for d in LINES]

    def all_of_them():
        return [solve(p, 60.0, 1).total for p in positions]

    totals = benchmark.pedantic(all_of_them, rounds=3, iterations=1)
    assert totals == [d["exact_oracle"]["total"] for d in LINES]
