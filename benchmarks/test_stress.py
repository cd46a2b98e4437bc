"""pytest-benchmark: the stress suite, the longest train sets on the densest boards, one core.

    taskset -c 0 pytest benchmarks/test_stress.py --benchmark-only

The last two boards of every corpus game, each run by the company that ran there with
the longest sets of three and four trains its title allows (issue 14), and the 18PA
late-game example (no recorded 18PA game exists) with its long sets. Every position
must be proven optimal; ``python benchmarks/stress_report.py`` prints the times by
title and train set (the README table).
"""
import json
from pathlib import Path

import pytest
from conftest import corpus_lines, line_id, named_trains

from trainrun import read_position, solve

# per corpus folder, the train sets to run (issue 14)
TRAIN_SETS = {
    "1817": [["8", "8", "8"], ["8", "8", "6", "6"], ["7", "7", "7", "7"]],
    "18Chesapeake": [["D", "D"], ["D", "6", "6"]],
    "18NY": [["12H", "12H", "D"], ["5DE", "12H", "D"], ["D", "D"]],
    "1871": [["6H", "6H", "4+"], ["7", "7"]],
}
PA_SETS = [["5", "5", "3D", "2R"], ["4", "4", "5", "5"], ["5", "5", "5", "5"],
           ["3D", "3D", "5"]]
PA_BOARD = Path(__file__).parent.parent / "examples" / "18pa-late-game.json"


def last_boards(folder: str) -> list[dict]:
    """The last two corpus lines of every game of ``folder``."""
    by_game: dict = {}
    for line in corpus_lines(folder):
        by_game.setdefault(line["fixture"], []).append(line)
    return [line for game in sorted(by_game) for line in by_game[game][-2:]]


def stress_cases() -> list:
    """(id, position data) of every stress position; the data's trains name the set."""
    cases = []
    for folder, sets in TRAIN_SETS.items():
        for line in last_boards(folder):
            for trains in sets:
                data = dict(line, trains=named_trains(trains))
                cases.append((f"{folder}-{line_id(line)}-{'+'.join(trains)}", data))
    board = json.loads(PA_BOARD.read_text())
    for trains in PA_SETS:
        cases.append((f"18PA-late-game-{'+'.join(trains)}",
                      dict(board, trains=named_trains(trains))))
    return cases


CASES = stress_cases()


@pytest.mark.parametrize("data", [d for _, d in CASES], ids=[i for i, _ in CASES])
def test_stress(benchmark, data):
    position = read_position(data)
    run = benchmark.pedantic(solve, (position, 600.0, 1), rounds=1, iterations=1)
    assert run.status == "optimal"
    assert run.bound == run.total
