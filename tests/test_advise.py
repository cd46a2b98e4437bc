"""The lay advisor (``trainrun.turn.advise``), ``trainrun advise`` and ``POST /advise`` on recorded
lay moments of tests/data/moves.

The whole corpus is measured by ``benchmarks/advise_corpus.py``; here a deterministic sample:
per title every third company lay moment with trains and 3-20 legal lays (small enough for
the suite, two-lay titles included)."""
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from service_client import json_client

from trainrun import read_position, solve
from trainrun.cli.main import main
from trainrun.routes.graph import build_graph
from trainrun.turn.advise import adds_usable_track, advise
from trainrun.turn.moves import Lay, apply, legal_lays

MOVES = Path(__file__).parent / "data" / "moves"
LINES = [d for p in sorted(MOVES.glob("*/*.jsonl"))
         for d in map(json.loads, p.read_text().splitlines())]


def _sample() -> list[dict]:
    picked = []
    for title in sorted({d["title"] for d in LINES}):
        small = [d for d in LINES if d["title"] == title and d["kind"] == "lay_tile"
                 and d["step"] == "Track" and d["trains"] and 3 <= len(d["legal"]) <= 20
                 and d["recorded_in_legal"]]
        picked += small[::3][:4]
    return picked


SAMPLE = _sample()
IDS = [f"{d['title']}#{d['action']}" for d in SAMPLE]
PLANNED = next(d for d in SAMPLE if d["title"] == "18Chesapeake")


def _recorded(line: dict) -> Lay:
    rec = line["recorded"]
    return Lay(rec["hex"], rec["tile"], rec["rotation"], rec["cost"])


@pytest.mark.parametrize("line", SAMPLE, ids=IDS)
def test_best_plan_is_never_below_the_recorded_lay(line):
    position = read_position(line)
    advice = advise(position)
    after = solve(apply(position, _recorded(line)))      # solved on its own
    mine = next(p for p in advice.plans if p.moves == (_recorded(line),))
    assert advice.proven and after.status == "optimal"
    assert mine.run.total == after.total                  # the advisor's cache is exact
    assert advice.plans[0].run.total >= after.total
    assert advice.no_lay.total == solve(position).total
    totals = [p.run.total for p in advice.plans]
    assert totals == sorted(totals, reverse=True)
    assert all(p.gain == p.run.total - advice.no_lay.total for p in advice.plans)
    # every legal lay is ranked
    assert {p.moves[0] for p in advice.plans if len(p.moves) == 1
            and isinstance(p.moves[0], Lay)} == set(legal_lays(position))


def _segments(graph) -> set:
    return {(graph.stop_ids[s.a], graph.stop_ids[s.b], tuple(s.steps)) for s in graph.segments}


@pytest.mark.parametrize("line", SAMPLE, ids=IDS)
def test_a_lay_adding_no_usable_track_keeps_the_graph(line):
    # the shortcut checked against the graph built from scratch: the same segments
    position = read_position(line)
    before = _segments(build_graph(position))
    unused = [lay for lay in legal_lays(position) if not adds_usable_track(position, lay)]
    for lay in unused:
        assert _segments(build_graph(apply(position, lay))) == before, lay


def test_a_two_lay_title_ranks_second_lays():
    # 1817 grants two lays (docs/rules/1817.md §8): some sampled moment has second lays
    for line in (d for d in SAMPLE if d["title"] == "1817"):
        advice = advise(read_position(line))
        pairs = [p for p in advice.plans if len(p.moves) == 2 and isinstance(p.moves[1], Lay)]
        if pairs:
            break
    assert pairs
    after = apply(apply(read_position(line), pairs[0].moves[0]), pairs[0].moves[1])
    assert solve(after).total == pairs[0].run.total
    assert pairs[0].cost == sum(m.cost for m in pairs[0].moves)


def test_boards_solved_once():
    advice = advise(read_position(PLANNED))
    assert advice.boards_solved < len(advice.plans)


def test_no_trains_no_gain():
    line = next(d for d in LINES if d["kind"] == "lay_tile" and d["step"] == "Track"
                and not d["trains"])
    advice = advise(read_position(line))
    assert advice.boards_solved == 1 and {p.run.total for p in advice.plans} == {0}


def test_cli_advise_json_and_text(tmp_path):
    f = tmp_path / "pos.json"
    f.write_text(json.dumps(PLANNED))
    res = CliRunner().invoke(main, ["advise", "--json", "--top", "2", str(f)])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    advice = advise(read_position(PLANNED))
    assert out["candidates"] == len(advice.plans)
    assert [p["total"] for p in out["plans"]] == [p.run.total for p in advice.plans]
    assert ["run" in p for p in out["plans"][:3]] == [True, True, False]
    assert out["no_lay"]["total"] == advice.no_lay.total
    res = CliRunner().invoke(main, ["advise", "--top", "1", str(f)])
    assert res.exit_code == 0
    best = advice.plans[0]
    assert f"Not laying: ${advice.no_lay.total} (proven)" in res.output
    assert f"run ${best.run.total} (proven), +${best.gain}" in res.output


def test_cli_advise_bad_input_is_one_line(tmp_path):
    f = tmp_path / "pos.json"
    f.write_text(json.dumps(dict(PLANNED, cash=-5)))
    res = CliRunner().invoke(main, ["advise", str(f)])
    assert res.exit_code == 2
    assert res.output.strip() == "trainrun: error: cash: expected a whole number ≥ 0, got -5"


def test_http_advise():
    client = json_client()
    res = client.post("/advise?top=1", content=json.dumps(PLANNED))
    assert res.status_code == 200
    body = res.json()
    cli = advise(read_position(PLANNED), top=1).to_dict()
    for key in ("candidates", "boards_solved", "proven", "step"):
        assert body[key] == cli[key]
    assert [p["total"] for p in body["plans"]] == [p["total"] for p in cli["plans"]]
    bad = client.post("/advise", content=json.dumps(dict(PLANNED, cash=-5)))
    assert bad.status_code == 400
    assert bad.json() == {"error": "cash: expected a whole number ≥ 0, got -5"}
    assert client.post("/advise?top=-1", content=json.dumps(PLANNED)).status_code == 400
