"""pytest-benchmark: verify declared 18Chesapeake runs on one core.

    pytest benchmarks/test_verify.py --benchmark-only

Checking reads each declared route from its 18xx.games connections (laying the
hex chains back on the board) and checks and scores it; the full verdict also
solves the position for the best run.
"""
from conftest import corpus_lines

from trainrun import read_position
from trainrun.routes.verify import verify

LINES = corpus_lines("18Chesapeake")


def _action(d):
    return {"type": "run_routes", "entity": d["entity"],
            "routes": [{"train": r["train"], "connections": r["connections"]}
                       for r in d["declared"]["routes"]]}


def test_check_every_declared_run(benchmark):
    cases = [(read_position(d), _action(d)) for d in LINES]

    def all_of_them():
        return [verify(p, a, best=False).legal for p, a in cases]

    assert all(benchmark(all_of_them))


def test_full_verdict_of_a_two_train_run(benchmark):
    line = next(d for d in LINES if d["fixture"] == "1905.json" and d["action"] == 353)
    position = read_position(line)
    result = benchmark(verify, position, _action(line))
    assert result.gap == 30
