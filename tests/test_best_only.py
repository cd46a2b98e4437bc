"""Listing only the routes that can be the best (``enumerate_routes(..., best_only=True)``,
a run of one train earning no company bonus): every route of the best value is listed, in
the order the full listing gives them, with the same stops, segments and value, and the
count of routes met is the full listing's. Over the last board that reads of a game of
every corpus title, each train type as if it ran alone, and the boards whose scoring after the
enumerator is busiest: 18SJ's pair bonuses, 18GB's end distance and each hex's stops
paying once."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from trainrun.errors import InputError
from trainrun.formats.reading import read_position
from trainrun.jsontext import load_json
from trainrun.routes.enumeration import enumerate_routes, train_tables
from trainrun.routes.graph import build_graph
from trainrun.routes.solve import solve

CORPUS = Path(__file__).parent / "data" / "corpus"
BUSY = [("18SJ/18SJ_game_end_stock_market.jsonl", 1123), ("18GB/18gb-3p.jsonl", 420),
        ("18GB/18gb-6p.jsonl", 806)]


def _position(path: Path, action: int | None):
    """The position of ``action`` in the corpus file, or its last one that reads."""
    lines = [t for t in path.read_text().splitlines() if t.strip()]
    if action is not None:
        return read_position(load_json(next(t for t in lines
                                            if json.loads(t).get("action") == action),
                                       "position"))
    for text in reversed(lines):
        try:
            return read_position(load_json(text, "position"))
        except InputError:
            continue
    pytest.skip("no position of the file reads")


def _cases() -> list:
    cases = [(f"{p.parent.name}/{p.name}", None) for p in sorted(CORPUS.glob("*/*.jsonl"))
             if p.name == sorted(p.parent.glob("*.jsonl"))[0].name]
    return cases + BUSY


def _best_routes(rs) -> list:
    top = rs.values.max(initial=0)
    return [(rs.route_stops(i).tolist(), rs.route_segs(i).tolist())
            for i in range(len(rs)) if rs.values[i] == top]


@pytest.mark.parametrize("name,action", _cases(), ids=lambda x: str(x))
def test_best_only_keeps_every_best_route(name, action):
    position = _position(CORPUS / name, action)
    graph = build_graph(position)
    for table in train_tables(graph):
        every = enumerate_routes(graph, table)
        best = enumerate_routes(graph, table, best_only=True)
        assert best.routes_found == every.routes_found == len(every)
        assert len(best) <= len(every)
        assert best.values.max(initial=0) == every.values.max(initial=0)
        assert _best_routes(best) == _best_routes(every)


def test_the_route_budget_counts_every_route_met():
    # a lone 6 train with thousands of routes and a budget of 100: the listing stops at
    # the 100th route met, listed or not, and the path model routes the train, as when
    # every route was listed (review of issue 27)
    position = _position(CORPUS / "1817/15528.jsonl", 1342)
    graph = build_graph(position)
    (table,) = train_tables(graph)
    cut = enumerate_routes(graph, table, max_routes=100, best_only=True)
    assert not cut.complete and cut.routes_found == 100 and len(cut) <= 100
    run = solve(position, route_budget=100)
    assert run.routes_enumerated == {"6": "over 100: path model"}
    assert (run.total, run.status) == (solve(position).total, "optimal")
