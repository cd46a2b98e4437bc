"""pytest-benchmark: ``legal_lays`` over the lay moments of ``tests/data/moves``, one core.

    taskset -c 0 python -m pytest benchmarks/test_lays.py --benchmark-only

``test_legal_lays_every_moment`` times one round per moment (the rounds are the moments,
so the table's median and max are the median and slowest moment). Each round lists the
lays of a position read beforehand, from scratch (``replace`` drops what the position
keeps computed; what a title keeps, its tile geometry, stays). Targets: median moment
≤ 5 ms, slowest ≤ 50 ms.
"""
import dataclasses
import json
from pathlib import Path

import pytest

from trainrun import read_position
from trainrun.turn.lay_moves import legal_lays

MOVES = Path(__file__).parent.parent / "tests" / "data" / "moves"
LINES = [d for path in sorted(MOVES.glob("*/*.jsonl"))
         for d in map(json.loads, path.read_text().splitlines())
         if d["kind"] == "lay_tile" and d["step"] == "Track"]
TITLES = sorted({d["title"] for d in LINES})


def _biggest(title: str) -> dict:
    """The moment of ``title`` with the most laid tiles (the largest network)."""
    return max((d for d in LINES if d["title"] == title),
               key=lambda d: sum(h["tile"] != h["hex"] for h in d["board"]))


@pytest.mark.parametrize("title", TITLES)
def test_legal_lays_biggest_board(benchmark, title):
    position = read_position(_biggest(title))
    lays = benchmark(lambda: legal_lays(dataclasses.replace(position)))
    assert lays == legal_lays(position)


def test_legal_lays_every_moment(benchmark):
    positions = [read_position(d) for d in LINES]
    for p in positions:     # the titles' tile geometry, computed once per title
        legal_lays(dataclasses.replace(p))
    moments = iter(positions)
    found = []
    benchmark.pedantic(lambda p: found.append(len(legal_lays(p))),
                       setup=lambda: ((dataclasses.replace(next(moments)),), {}),
                       rounds=len(positions), iterations=1)
    assert len(found) == len(positions) and sum(found) > 0
