"""The advisor's cheap bound (``trainrun.routes.run_bound``) is never below the best run, on
every corpus line of every title whose answer is proven.

The best run is the one the corpus records where trainrun is held to it (the exhaustive
search's ``exact_oracle`` where it finished, else the engine's score of trainrun's run,
``tests/data/engine_scores``; 1817's four positions where trainrun's route passes a
junction twice, $10 above the oracle: tests/test_corpus_1817.py), never below the declared
run or the auto-router's; none is solved here. A line where a run rule of its title is not
modelled (``answers.runs_not_modelled``, docs/rules/common.md §9.5) is left out: its bound
leaves that income out, and the advisor does not prune with it there.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from corpus_checks import ENGINE_SCORES, corpus_lines, engine_scores, line_id
from test_corpus_1817 import JUNCTION_TWICE

from trainrun import read_position
from trainrun.hooks import answers
from trainrun.routes.graph import build_graph
from trainrun.routes.run_bound import run_bound

CORPUS = Path(__file__).parent / "data" / "corpus"
TITLES = sorted(p.name for p in CORPUS.iterdir() if p.is_dir())


def _best(title: str, data: dict) -> int:
    """The best run of the line as the corpus records it (see the module)."""
    scores = engine_scores(title) if (ENGINE_SCORES / f"{title}.json").exists() else {}
    key = line_id(data)
    recorded = [data.get(k, {}).get("total", 0) for k in ("declared", "reference_router")]
    oracle = data.get("exact_oracle", {})
    if oracle.get("complete"):
        recorded.append(JUNCTION_TWICE.get(key, oracle["total"]) if title == "1817"
                        else oracle["total"])
    if key in scores:
        recorded.append(scores[key])
    assert oracle.get("complete") or key in scores, f"{key}: no recorded optimum"
    return max(recorded)


@pytest.mark.parametrize("title", TITLES)
def test_run_bound_is_never_below_the_best_run(title):
    below, checked = [], 0
    for data in corpus_lines(title):
        position = read_position(data)
        if answers.runs_not_modelled(position):
            continue
        graph = build_graph(position) if position.trains else None
        bound, best = run_bound(position, graph), _best(title, data)
        checked += 1
        if bound < best:
            below.append((line_id(data), bound, best))
    assert checked and below == []


def test_a_port_adds_its_own_value_to_the_bound():
    # 1836Jr30 2809 #404: the best run ($320) has a 6 train through Harwich, a port paid
    # once per tokened city on the route (docs/rules/common.md §9.6); the 6 train's six
    # best stops leave Harwich out, whose $30 the port rule still pays from
    data = next(d for d in corpus_lines("1836Jr30") if line_id(d) == "2809-404")
    position = read_position(data)
    assert _best("1836Jr30", data) == 320
    assert run_bound(position, build_graph(position)) >= 320
