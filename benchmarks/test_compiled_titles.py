"""pytest-benchmark: solve the corpus of each title compiled from the 18xx.games engine
(1830, 1889, 1893, 18GA, 18MEX, 18NL, 18Texas, 18Chesapeake: Off the Rails, and the titles
scored with the bonus families: 1846, 18AL, 1856, 1850Jr, 1836Jr30, 1836Jr56, 1847 AE,
18JP-T, 1888, 1817NA, 18DE, 18FL, 1882, 1817WO, 18SJ, 18GB) on one core.

    taskset -c 0 pytest benchmarks/test_compiled_titles.py --benchmark-only

Per title: the whole corpus (every recorded run trainrun answers, reading excluded; a line
of a rule the title does not model is refused, not timed) and the position the 18xx.games
auto-router was slowest on. The totals are the engine's scores of trainrun's
runs (tests/data/engine_scores). The report with plots against the auto-router:
``trainrun bench tests/data/corpus/<title>/*.jsonl --repeat 3 --report DIR``.
"""
import pytest
from conftest import bench_line, bench_whole_corpus, corpus_lines, line_id, router_slowest
from corpus_checks import engine_scores

TITLES = ("1830", "1889", "1893", "18GA", "18MEX", "18NL", "18Texas", "18ChesapeakeOfftheRails",
          "1846", "18AL", "1856", "1850Jr", "1836Jr30", "1836jr56", "1847AE", "18JPT", "1888",
          "1817NA", "18DE", "18FL", "1882", "1817WO", "18SJ", "18GB")


def answered(title: str) -> list:
    """The title's corpus lines trainrun answers (those the engine scored)."""
    scores = engine_scores(title)
    return [d for d in corpus_lines(title) if line_id(d) in scores]


@pytest.mark.parametrize("title", TITLES)
def test_solve_whole_corpus(benchmark, title):
    lines = answered(title)
    totals = bench_whole_corpus(benchmark, lines)
    scores = engine_scores(title)
    assert totals == [scores[line_id(d)] for d in lines]


@pytest.mark.parametrize("title", TITLES)
def test_solve_router_slowest(benchmark, title):
    line = router_slowest(answered(title), 1)[0]
    run = bench_line(benchmark, line)
    assert run.total >= line["reference_router"]["total"]
