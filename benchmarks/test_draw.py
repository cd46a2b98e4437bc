"""pytest-benchmark: drawing the largest map (18NY, 117 hexes) with a 4-train run.

    pytest benchmarks/test_draw.py --benchmark-only

The recorded 18NY position of examples/18ny-12h-and-d.json with a 6H and a second 12H
added to its 12H and D: the run is solved once, then drawn (board, tiles, tokens, four
routes, stops, legend) as SVG text.
"""
import json
from pathlib import Path

from trainrun import read_position, solve
from trainrun.draw import draw_position

EXAMPLE = Path(__file__).parent.parent / "examples" / "18ny-12h-and-d.json"


def test_draw_18ny_with_four_trains(benchmark):
    data = json.loads(EXAMPLE.read_text())
    data["trains"] += [{"id": "6H-9", "name": "6H"}, {"id": "12H-9", "name": "12H"}]
    position = read_position(data)
    run = solve(position, time_limit=30)
    assert len(run.routes) == 4
    svg = benchmark(draw_position, position, run)
    assert svg.count('class="route"') == 4
