"""pytest-benchmark: drawing the largest map (18NY, 117 hexes) with a 4-train run.

    pytest benchmarks/test_draw.py --benchmark-only

The recorded 18NY position of examples/18ny-12h-and-d.json with a 6H and a second 12H
added to its 12H and D: the run is solved once, then drawn (board, tiles, tokens, four
routes, stops, legend) as SVG text: drawn again, as the web page does after every move
(what a hex's texts found is kept per process: ``trainrun.draw.placing``), and drawn
for the first time in the process (that kept answer cleared first).
"""
import json
from pathlib import Path

import pytest

from trainrun import read_position, solve
from trainrun.draw import draw_position, placing

EXAMPLE = Path(__file__).parent.parent / "examples" / "18ny-12h-and-d.json"


@pytest.fixture(scope="module")
def position_and_run():
    data = json.loads(EXAMPLE.read_text())
    data["trains"] += [{"id": "6H-9", "name": "6H"}, {"id": "12H-9", "name": "12H"}]
    position = read_position(data)
    run = solve(position, time_limit=30)
    assert len(run.routes) == 4
    return position, run


def test_draw_18ny_with_four_trains(benchmark, position_and_run):
    position, run = position_and_run
    first = draw_position(position, run)
    svg = benchmark(draw_position, position, run)
    assert svg == first
    assert svg.count('class="route"') == 4


def test_draw_18ny_with_four_trains_first_time(benchmark, position_and_run):
    position, run = position_and_run

    def first_draw():
        placing.forget()
        return draw_position(position, run)

    svg = benchmark(first_draw)
    assert svg.count('class="route"') == 4
