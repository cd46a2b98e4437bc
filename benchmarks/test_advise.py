"""pytest-benchmark: ``advise`` on the median company lay moment of tests/data/moves, and on
the late 1817 board of the issue (game 15528 before action 1668: A&S with an 8 train, 122
legal lays, 1,966 plans), each within the advisor's default budget, one core.

    taskset -c 0 pytest benchmarks/test_advise.py --benchmark-only

The median moment: of the company lay moments with trains (a company without trains has
nothing to rank), ordered by how many legal lays they offer, the middle one. Reports the
plans ranked, the boards solved and the share of plans proven (``extra_info``). Target:
the median moment proven in ≤ 1 s; the late board answered within its budget
(``ADVISE_TIME_LIMIT``), the ranking so far. The whole corpus is
``benchmarks/advise_corpus.py``.
"""
import json
from pathlib import Path

from advise_corpus import ways

from trainrun import read_position
from trainrun.turn.advice import NOT_BETTER, OPTIMAL
from trainrun.turn.advise import advise

MOVES = Path(__file__).parent.parent / "tests" / "data" / "moves"
LINES = [d for path in sorted(MOVES.glob("*/*.jsonl"))
         for d in map(json.loads, path.read_text().splitlines())
         if d["kind"] == "lay_tile" and d["step"] == "Track" and d["trains"]]
MEDIAN = sorted(LINES, key=lambda d: (len(d["legal"]), d["fixture"], d["action"]))[len(LINES) // 2]
LATE = next(d for d in LINES if d["fixture"] == "15528.json" and d["action"] == 1668)


def _report(benchmark, line: dict, advice) -> None:
    proven = sum(len(ways(p)) for p in advice.plans
                 if p.status in (OPTIMAL, NOT_BETTER))
    benchmark.extra_info.update(moment=f"{line['title']} {line['fixture']} #{line['action']}",
                                legal_lays=len(line["legal"]), candidates=advice.candidates,
                                plans=len(advice.plans), boards_solved=advice.boards_solved,
                                plans_proven=proven, ranking_proven=advice.proven)


def test_advise_median_moment(benchmark):
    position = read_position(MEDIAN)
    advice = benchmark.pedantic(advise, args=(position,), rounds=3, iterations=1)
    _report(benchmark, MEDIAN, advice)
    assert advice.proven and advice.plans


def test_advise_late_1817_board_within_its_budget(benchmark):
    position = read_position(LATE)
    advice = benchmark.pedantic(advise, args=(position,), rounds=1, iterations=1)
    _report(benchmark, LATE, advice)
    assert advice.plans and advice.no_lay.total > 0
