"""pytest-benchmark: solve the corpus of each title compiled from the 18xx.games engine
(1830, 1889, 1893, 18GA, 18MEX, 18NL, 18Texas, 18Chesapeake: Off the Rails) on one core.

    taskset -c 0 pytest benchmarks/test_compiled_titles.py --benchmark-only

Per title: the whole corpus (every recorded run, reading excluded) and the position the
18xx.games auto-router was slowest on. The totals are the engine's scores of trainrun's
runs (tests/data/engine_scores). The report with plots against the auto-router:
``trainrun bench tests/data/corpus/<title>/*.jsonl --repeat 3 --report DIR``.
"""
import pytest
from conftest import bench_line, bench_whole_corpus, corpus_lines, line_id, router_slowest
from corpus_checks import engine_scores

TITLES = ("1830", "1889", "1893", "18GA", "18MEX", "18NL", "18Texas", "18ChesapeakeOfftheRails")


@pytest.mark.parametrize("title", TITLES)
def test_solve_whole_corpus(benchmark, title):
    lines = corpus_lines(title)
    totals = bench_whole_corpus(benchmark, lines)
    scores = engine_scores(title)
    assert totals == [scores[line_id(d)] for d in lines]


@pytest.mark.parametrize("title", TITLES)
def test_solve_router_slowest(benchmark, title):
    line = router_slowest(corpus_lines(title), 1)[0]
    run = bench_line(benchmark, line)
    assert run.total >= line["reference_router"]["total"]
