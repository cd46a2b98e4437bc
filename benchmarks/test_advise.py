"""pytest-benchmark: ``advise`` on the median company lay moment of tests/data/moves, one core.

    taskset -c 0 pytest benchmarks/test_advise.py --benchmark-only

The median moment: of the company lay moments with trains (a company without trains has
nothing to rank), ordered by how many legal lays they offer, the middle one. Reports the
plans ranked and the boards solved (``extra_info``). Target ≤ 1 s. The whole corpus is
``benchmarks/advise_corpus.py``.
"""
import json
from pathlib import Path

from trainrun import read_position
from trainrun.turn.advise import advise

MOVES = Path(__file__).parent.parent / "tests" / "data" / "moves"
LINES = [d for path in sorted(MOVES.glob("*/*.jsonl"))
         for d in map(json.loads, path.read_text().splitlines())
         if d["kind"] == "lay_tile" and d["step"] == "Track" and d["trains"]]
MEDIAN = sorted(LINES, key=lambda d: (len(d["legal"]), d["fixture"], d["action"]))[len(LINES) // 2]


def test_advise_median_moment(benchmark):
    position = read_position(MEDIAN)
    advice = benchmark.pedantic(advise, args=(position,), rounds=3, iterations=1)
    benchmark.extra_info.update(moment=f"{MEDIAN['title']} {MEDIAN['fixture']} "
                                       f"#{MEDIAN['action']}", legal_lays=len(MEDIAN["legal"]),
                                candidates=len(advice.plans),
                                boards_solved=advice.boards_solved)
    assert advice.proven and advice.plans
