"""Replaying and auditing a whole recorded game: the largest 18Chesapeake log (1905: 67
runs) and the largest log of all (1817 15528: 1679 actions, 109 runs): import of every run
position (issue target: at most 1 s) and the audit (at most 5 s)."""
from pathlib import Path

import pytest

from trainrun.audit import audit
from trainrun.gamelog import read_game, run_positions

FIXTURES = Path(__file__).parent.parent / "tests" / "data" / "fixtures"
GAMES = {"18Chesapeake/1905": 67, "1817/15528": 109}


def _read(game: str):
    path = FIXTURES / f"{game}.json"
    return read_game(path.read_text(), path.name)


@pytest.mark.parametrize("game", GAMES)
def test_import_a_whole_game(benchmark, game):
    positions = benchmark.pedantic(lambda: list(run_positions(_read(game))), rounds=3,
                                   iterations=1)
    assert len(positions) == GAMES[game]


@pytest.mark.parametrize("game", GAMES)
def test_audit_a_whole_game(benchmark, game):
    report = benchmark.pedantic(audit, args=(_read(game),), rounds=1, iterations=1)
    assert len(report.runs) == GAMES[game] and report.proven
