"""Shared helpers of the benchmarks: the tests' corpus loader over the same files, ids,
the hardest corpus positions, and a whole-corpus benchmark."""
import sys
from pathlib import Path

from trainrun import read_position, solve

sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))
# the benchmarks import the corpus loader and the corpus ids from here
from corpus_checks import corpus_lines, line_id  # noqa: E402, F401


def router_slowest(lines: list, n: int) -> list:
    """The ``n`` lines where the 18xx.games auto-router took longest (both its phases; a
    line without its run, where the harness could not run it, is left out: 18GB's)."""
    timed = [d for d in lines if "reference_router" in d]
    return sorted(timed, key=lambda d: -(d["reference_router"]["path_seconds"]
                                         + d["reference_router"]["combo_seconds"]))[:n]


def named_trains(names: list) -> list:
    """Trains ``names`` in position form, ids ``<name>-<i>``."""
    return [{"id": f"{t}-{i}", "name": t} for i, t in enumerate(names)]


def bench_line(benchmark, line: dict):
    """Solve one corpus line (read beforehand) on one worker; the run, proven optimal."""
    run = benchmark(solve, read_position(line), 60.0, 1)
    assert run.status == "optimal"
    return run


def bench_whole_corpus(benchmark, lines: list) -> list:
    """Solve every line (read beforehand), three rounds on one worker; the totals."""
    positions = [read_position(d) for d in lines]

    def all_of_them():
        return [solve(p, 60.0, 1).total for p in positions]

    return benchmark.pedantic(all_of_them, rounds=3, iterations=1)
