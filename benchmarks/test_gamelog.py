"""Replaying and auditing a whole recorded game (the largest 18Chesapeake log, 1905: 67 runs):
import of every run position (issue target: at most 1 s) and the audit (at most 5 s)."""
from pathlib import Path

from trainrun.audit import audit
from trainrun.gamelog import read_game, run_positions

GAME = Path(__file__).parent.parent / "tests" / "data" / "fixtures" / "18Chesapeake" / "1905.json"


def _every_run_position():
    return list(run_positions(read_game(GAME.read_text(), GAME.name)))


def test_import_a_whole_game(benchmark):
    positions = benchmark.pedantic(_every_run_position, rounds=3, iterations=1)
    assert len(positions) == 67


def test_audit_a_whole_game(benchmark):
    game = read_game(GAME.read_text(), GAME.name)
    report = benchmark.pedantic(audit, args=(game,), rounds=1, iterations=1)
    assert len(report.runs) == 67 and report.proven
