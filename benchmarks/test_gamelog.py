"""Replaying and auditing a whole recorded game: the largest 18Chesapeake log (1905: 67 runs),
the 1871 game (77 runs, its auction, shares and floats followed) and the largest log of all
(1817 15528: 1679 actions, 109 runs), and the 1817 game whose acquisition at 1374 the replay
settles by a fork (each buyer replayed to the end of the log): import of every run position
(issue target: at most 1 s) and the audit (at most 5 s)."""
from pathlib import Path

import pytest

from trainrun.replay.audit import audit
from trainrun.replay.gamelog import read_game, run_positions

FIXTURES = Path(__file__).parent.parent / "tests" / "data" / "fixtures"
GAMES = [("18Chesapeake/1905.json", 67), ("1871/1871_game_end_final_phase.json", 77),
         ("1817/15528.json", 109), ("1817/1817_game_end_bankrupt.json", 48)]


def _read(name):
    path = FIXTURES / name
    return read_game(path.read_text(), path.name)


@pytest.mark.parametrize("name,runs", GAMES)
def test_import_a_whole_game(benchmark, name, runs):
    positions = benchmark.pedantic(lambda: list(run_positions(_read(name))), rounds=3,
                                   iterations=1)
    assert len(positions) == runs


@pytest.mark.parametrize("name,runs", GAMES)
def test_audit_a_whole_game(benchmark, name, runs):
    report = benchmark.pedantic(audit, args=(_read(name),), rounds=1, iterations=1)
    assert len(report.runs) == runs and report.proven
