"""The batch runner on the whole shared corpus (457 positions): one process against a pool of
two (``--jobs 2``; the speed-up is the ratio of the two means), and the Dask path's cost per
position on a two-worker ``LocalCluster`` (Dask's time less one process's, per position).

    pytest benchmarks/test_batch.py --benchmark-only
"""
import json
from functools import partial

import pytest
from conftest import corpus_lines

from trainrun.bench.batch import Line, run_lines, solve_record

TITLES = ("18Chesapeake", "1817", "1871", "18NY")
CORPUS = [Line(n, json.dumps(d)) for n, d in
          enumerate((d for t in TITLES for d in corpus_lines(t)), start=1)]
TASK = partial(solve_record, time_limit=60.0)


def _totals(**how) -> list:
    return [r["total"] for r in run_lines(TASK, CORPUS, **how)]


@pytest.mark.parametrize("jobs", [1, 2])
def test_whole_corpus(benchmark, jobs):
    totals = benchmark.pedantic(_totals, kwargs={"jobs": jobs}, rounds=1, iterations=1)
    oracle = [json.loads(line.text)["exact_oracle"]["total"] for line in CORPUS]
    assert len(totals) == len(oracle) and all(t >= o for t, o in zip(totals, oracle))


def test_whole_corpus_on_dask(benchmark):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        totals = benchmark.pedantic(_totals, kwargs={"dask": cluster.scheduler_address},
                                    rounds=1, iterations=1)
    assert len(totals) == len(CORPUS)
