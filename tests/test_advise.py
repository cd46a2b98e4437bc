"""The lay advisor (``trainrun.turn.advise``), ``trainrun advise`` and ``POST /advise`` on recorded
lay moments of tests/data/moves.

The whole corpus is measured by ``benchmarks/advise_corpus.py``; here a deterministic sample:
per title every third company lay moment with trains and 3-20 legal lays (small enough for
the suite, two-lay titles included), and moments of the 1817 game 15528 around the issue's
late board (action 1668: A&S with an 8 train, 122 legal lays)."""
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from service_client import json_client

from trainrun import read_position, solve
from trainrun.cli.main import main
from trainrun.routes.graph import build_graph
from trainrun.turn.advice import (
    BOUND_ONLY,
    FOUND,
    NOT_BETTER,
    NOT_MODELLED,
    NOT_REACHED,
    OPTIMAL,
)
from trainrun.turn.advise import adds_usable_track, advise
from trainrun.turn.advise_budget import ADVISE_TIME_LIMIT
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
ROOMY = 120.0   # seconds: a budget every sampled moment is settled well within
IDS = [f"{d['title']}#{d['action']}" for d in SAMPLE]
PLANNED = next(d for d in SAMPLE if d["title"] == "18Chesapeake")


def _recorded(line: dict) -> Lay:
    rec = line["recorded"]
    return Lay(rec["hex"], rec["tile"], rec["rotation"], rec["cost"])


def _ways(plan) -> list[tuple]:
    """Every move list of a (merged) plan: its moves and its alternatives'."""
    return [plan.moves] + [moves for moves, _ in plan.alternatives]


def _moment(fixture: str, action: int) -> dict:
    return next(d for d in LINES if d["fixture"] == fixture and d["action"] == action)


@pytest.mark.parametrize("line", SAMPLE, ids=IDS)
def test_best_plan_is_never_below_the_recorded_lay(line):
    position = read_position(line)
    advice = advise(position, time_limit=ROOMY, exhaustive=True)
    after = solve(apply(position, _recorded(line)))      # solved on its own
    mine = next(p for p in advice.plans if (_recorded(line),) in _ways(p))
    assert advice.proven and after.status == "optimal"
    assert mine.run.total == after.total                  # the advisor's cache is exact
    assert advice.plans[0].run.total >= after.total
    assert advice.no_lay.total == solve(position).total
    totals = [p.run.total for p in advice.plans]
    assert totals == sorted(totals, reverse=True)
    assert all(p.gain == p.run.total - advice.no_lay.total for p in advice.plans)
    # every legal lay is ranked, as a plan or as another way to a plan's board
    assert {w[0] for p in advice.plans for w in _ways(p) if len(w) == 1
            and isinstance(w[0], Lay)} == set(legal_lays(position))


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
        advice = advise(read_position(line), time_limit=ROOMY, exhaustive=True)
        pairs = [p for p in advice.plans if len(p.moves) == 2 and isinstance(p.moves[1], Lay)]
        if pairs:
            break
    assert pairs
    after = apply(apply(read_position(line), pairs[0].moves[0]), pairs[0].moves[1])
    assert solve(after).total == pairs[0].run.total
    assert pairs[0].cost == sum(m.cost for m in pairs[0].moves)


def test_boards_solved_once():
    advice = advise(read_position(PLANNED), time_limit=ROOMY, exhaustive=True)
    assert advice.boards_solved < advice.candidates


def test_no_trains_no_gain():
    line = next(d for d in LINES if d["kind"] == "lay_tile" and d["step"] == "Track"
                and not d["trains"])
    advice = advise(read_position(line), time_limit=ROOMY)
    # every plan leaves a board without a run: one plan, the others its alternatives
    assert advice.boards_solved == 1 and [p.run.total for p in advice.plans] == [0]
    assert advice.lay_improves is False


def test_cli_advise_json_and_text(tmp_path):
    f = tmp_path / "pos.json"
    f.write_text(json.dumps(PLANNED))
    res = CliRunner().invoke(main, ["advise", "--json", "--top", "2", "--time-limit", "60", str(f)])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    advice = advise(read_position(PLANNED), time_limit=60)
    assert out["candidates"] == advice.candidates and out["proven"]
    assert [p["total"] for p in out["plans"]] == [p.total for p in advice.plans]
    assert [p["status"] for p in out["plans"]] == [p.status for p in advice.plans]
    assert ["run" in p for p in out["plans"][:3]] == [True, True, False]
    assert out["no_lay"]["total"] == advice.no_lay.total
    res = CliRunner().invoke(main, ["advise", "--top", "1", "--time-limit", "60", str(f)])
    assert res.exit_code == 0
    assert "ranking proven (the top plan is proven best)" in res.output
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
    res = client.post("/advise?top=1&time_limit=30", content=json.dumps(PLANNED))
    assert res.status_code == 200
    body = res.json()
    cli = advise(read_position(PLANNED), top=1, time_limit=30).to_dict()
    for key in ("candidates", "boards_solved", "proven", "step", "lay_improves"):
        assert body[key] == cli[key]
    assert [p["total"] for p in body["plans"]] == [p["total"] for p in cli["plans"]]
    bad = client.post("/advise", content=json.dumps(dict(PLANNED, cash=-5)))
    assert bad.status_code == 400
    assert bad.json() == {"error": "cash: expected a whole number ≥ 0, got -5"}
    assert client.post("/advise?top=-1", content=json.dumps(PLANNED)).status_code == 400


# -- one budget for the whole call --------------------------------------------------------

LATE = _moment("15528.json", 1668)   # the late 1817 board: A&S, an 8 train, 122 lays


def test_a_budget_too_small_for_every_plan_answers_the_ranking_so_far():
    # the whole advice of this moment takes tens of seconds (1,966 plans, 177 boards);
    # within one second the answer is the ranking so far, each plan with its status
    position = read_position(LATE)
    advice = advise(position, time_limit=1.0)
    assert not advice.proven and advice.lay_improves is None
    statuses = {p.status for p in advice.plans}
    assert statuses <= {OPTIMAL, FOUND, NOT_BETTER, BOUND_ONLY, NOT_REACHED}
    assert NOT_REACHED in statuses or advice.unlisted   # the budget left work undone
    best = max((p.total for p in advice.plans if p.run is not None), default=None)
    for plan in advice.plans:
        if plan.status == OPTIMAL:
            assert plan.bound == plan.total
        elif plan.status == FOUND:
            assert plan.bound >= plan.total
        elif plan.status == NOT_BETTER:
            assert plan.run is None and plan.bound < best
        elif plan.status == BOUND_ONLY:
            assert plan.run is None and (best is None or plan.bound >= best)
        else:
            assert plan.run is None and plan.bound is None
    # a plan said proven is proven: its run solved on its own is the same
    proven = [p for p in advice.plans if p.status == OPTIMAL][:2]
    for plan in proven:
        board = position
        for move in plan.moves:
            board = apply(board, move)
        assert solve(board).total == plan.total
    assert advice.candidates >= sum(len(_ways(p)) for p in advice.plans)
    data = advice.to_dict()
    assert data["proven"] is False and len(data["plans"]) == len(advice.plans)
    assert [p["status"] for p in data["plans"]] == [p.status for p in advice.plans]


@pytest.mark.parametrize("line", SAMPLE[::3], ids=IDS[::3])
def test_a_large_budget_gives_the_exhaustive_top_plan(line):
    position = read_position(line)
    budgeted = advise(position, time_limit=ROOMY)
    exhaustive = advise(position, time_limit=ROOMY, exhaustive=True)
    assert budgeted.proven and exhaustive.proven
    assert budgeted.plans[0].moves == exhaustive.plans[0].moves
    assert budgeted.plans[0].run.total == exhaustive.plans[0].run.total
    assert budgeted.boards_solved <= exhaustive.boards_solved
    # every plan the budgeted advice did not solve is proven below its best
    for plan in budgeted.plans:
        assert plan.status in (OPTIMAL, NOT_BETTER)
        if plan.status == NOT_BETTER:
            assert plan.bound < budgeted.plans[0].run.total


def test_equivalent_plans_are_one_plan_with_its_alternatives():
    # 1817 15528 #1663, NYSW's lay (a 5 train, 14 legal lays; docs/rules/1817.md §8): the
    # ten lays adding no usable track (tiles 7 and 8 on B23, C4 and I6; 7 on D27) leave
    # the board of not laying; tile 9 is a straight (e0-e3), so its rotations 0 and 3 on
    # C4, and 2 and 5 on I6, lay the same track: 14 lays, 3 plans
    position = read_position(_moment("15528.json", 1663))
    advice = advise(position, time_limit=ROOMY)
    assert advice.candidates == 14 and len(advice.plans) == 3
    assert sorted(len(_ways(p)) for p in advice.plans) == [2, 2, 10]
    straight = {frozenset((w[0].hex, w[0].tile, w[0].rotation) for w in _ways(p))
                for p in advice.plans if len(_ways(p)) == 2}
    assert straight == {frozenset({("C4", "9", 0), ("C4", "9", 3)}),
                        frozenset({("I6", "9", 2), ("I6", "9", 5)})}
    unused = next(p for p in advice.plans if len(_ways(p)) == 10)
    assert {(w[0].hex, w[0].tile, w[0].rotation) for w in _ways(unused)} == {
        ("B23", "7", 0), ("B23", "7", 5), ("B23", "8", 4), ("C4", "7", 5), ("C4", "8", 0),
        ("C4", "8", 4), ("I6", "7", 1), ("I6", "7", 2), ("I6", "8", 2), ("D27", "7", 1)}
    assert unused.run.total == advice.no_lay.total
    # the cheapest way first: every lay here costs $20 but D27's $40 (the last)
    assert unused.cost == 20 and unused.alternatives[-1] == ((Lay("D27", "7", 1, 40),), 40)


def test_no_lay_improves_is_said_where_it_holds(tmp_path):
    # the same moment: every plan's proven run is NYSW's $390 without laying
    line = _moment("15528.json", 1663)
    advice = advise(read_position(line), time_limit=ROOMY)
    exhaustive = advise(read_position(line), time_limit=ROOMY, exhaustive=True)
    assert advice.lay_improves is False and advice.no_lay.total == 390
    assert {p.run.total for p in exhaustive.plans} == {390}
    assert advice.to_dict()["lay_improves"] is False
    f = tmp_path / "pos.json"
    f.write_text(json.dumps(line))
    res = CliRunner().invoke(main, ["advise", "--time-limit", "60", str(f)])
    assert res.exit_code == 0
    assert "No lay improves this run: no plan earns more than $390 (proven)" in res.output


def test_cli_default_budget_and_progress():
    limit = next(p for p in main.commands["advise"].params if p.name == "time_limit")
    assert limit.default == ADVISE_TIME_LIMIT
    from trainrun.cli.progress import AdviseProgress
    bar = AdviseProgress(5.0)
    assert bar.line().startswith("plans settled 0 of 0 · best gain so far — · ")
    bar(12, 300, 0, 1.2)
    assert bar.line().startswith("plans settled 12 of 300 · best gain so far +$0 · ")
    bar(40, 300, -20, 1.5)
    assert "best gain so far -$20 · " in bar.line() and bar.line().endswith(" s of 5 s")


def test_http_advise_stream():
    client = json_client()
    res = client.post("/advise?stream=true&time_limit=1.5&top=1", content=json.dumps(LATE))
    assert res.status_code == 200
    assert res.headers["content-type"].startswith("application/x-ndjson")
    lines = [json.loads(ln) for ln in res.text.splitlines()]
    *progress, last = lines
    assert progress and all(set(p) == {"progress"} for p in progress)
    assert all(set(p["progress"]) == {"solved", "plans", "best", "elapsed"} for p in progress)
    assert [p["progress"]["elapsed"] for p in progress] == sorted(
        p["progress"]["elapsed"] for p in progress)
    advice = last["advice"]
    assert advice["proven"] is False and advice["time_limit"] == 1.5
    assert {p["status"] for p in advice["plans"]} <= {OPTIMAL, FOUND, NOT_BETTER, BOUND_ONLY,
                                                      NOT_REACHED}
    # bad input: a final error line in the house's shape
    bad = client.post("/advise?stream=true", content=json.dumps(dict(PLANNED, cash=-5)))
    assert bad.text.splitlines()[-1] == json.dumps(
        {"error": "cash: expected a whole number ≥ 0, got -5"}, ensure_ascii=False)


def test_http_advise_answers_within_its_budget_not_504():
    res = json_client().post("/advise?time_limit=1", content=json.dumps(LATE))
    assert res.status_code == 200
    body = res.json()
    assert body["proven"] is False and body["seconds"] <= 1.5


def test_a_streamed_answer_ends_with_the_pools_refusal_as_one_error_line():
    # the pool's deadline passed (its Overran): the progress sent, then the 504's line
    import asyncio

    from trainrun.service.app import _refusal
    from trainrun.service.pool import Overran
    from trainrun.service.stream import ndjson

    async def overran(on_progress):
        on_progress(b'{"solved": 1, "plans": 2, "best": 0, "elapsed": 0.3}')
        await asyncio.sleep(0)
        raise Overran()

    async def lines():
        return [line async for line in ndjson(overran, "advice",
                                              lambda exc: _refusal(exc).message)]
    assert asyncio.run(lines()) == [
        b'{"progress":{"solved": 1, "plans": 2, "best": 0, "elapsed": 0.3}}\n',
        b'{"error": "the request overran its time limit and was stopped"}\n']


# -- what is proven, and what is not ------------------------------------------------------

def _run(total: int, status: str, bound: int, not_modelled=()):
    from trainrun.routes.result import Run
    return Run("1817", "NYSW", "5", total, status, bound, 0.0, [],
               not_modelled=list(not_modelled))


def test_a_lay_improves_only_past_the_proven_bound_of_not_laying():
    # not laying stopped at the time limit: $100 found, at most $150; a plan's proven $120
    # beats the run found but not what not laying may earn
    from trainrun.turn.advice import Advice, Plan
    plan = Plan((), 0, _run(120, OPTIMAL, 120), 20, 120, OPTIMAL, gain_proven=False)
    unsure = Advice("1817", "NYSW", "5", "Track", _run(100, "feasible", 150), [plan], 1, 1, 0,
                    0.0, 5.0)
    assert unsure.lay_improves is None and unsure.proven
    sure = Advice("1817", "NYSW", "5", "Track", _run(100, "feasible", 110), [plan], 1, 1, 0,
                  0.0, 5.0)
    assert sure.lay_improves is True
    from trainrun.formats.text import format_advice
    assert "run $120 (proven), +$20 (not proven)" in format_advice(unsure)


GB_UNMODELLED = "18GB_final_train_exports_on_last_action_of_game-164"


def test_a_board_with_a_rule_not_modelled_is_neither_pruned_nor_proven(tmp_path):
    # 18GB's compass bonuses (docs/rules/common.md §9.5) can change GWR's run here, on every
    # board: no plan is settled by a bound leaving them out, none is proven, and whether a
    # lay improves the run is not known, though a run found ($140) beats not laying's $120
    from corpus_checks import lines
    line = lines("18GB")[GB_UNMODELLED]
    position = read_position(line)
    advice = advise(position, time_limit=ROOMY)
    assert advice.no_lay.not_modelled and advice.not_modelled == advice.no_lay.not_modelled
    assert {p.status for p in advice.plans} == {NOT_MODELLED}
    assert all(p.run is not None and p.not_modelled and not p.gain_proven
               for p in advice.plans)
    assert advice.boards_solved == len(advice.plans)      # none settled by its bound
    assert not advice.proven and advice.lay_improves is None
    assert advice.plans[0].run.total > advice.no_lay.total
    f = tmp_path / "pos.json"
    f.write_text(json.dumps(line))
    res = CliRunner().invoke(main, ["advise", "--time-limit", "60", str(f)])
    assert res.exit_code == 1                            # not proven, as solve's
    lines_ = res.output.splitlines()
    assert lines_[1].endswith(f"ranking not proven: {len(advice.plans)} not modelled")
    assert lines_[2] == f"Not laying: ${advice.no_lay.total} (not proven: a run rule not " \
                        f"modelled)"
    assert lines_[3].startswith("Not modelled: compass bonuses")
    assert "(not proven: a run rule not modelled), +$20 (not proven)" in res.output


def test_the_counts_say_what_they_are():
    # the boards are those of the plans ranked, the solved ones among them; the progress
    # reported last settles what the answer settles
    reports = []
    position = read_position(PLANNED)
    advice = advise(position, time_limit=ROOMY, progress=lambda *r: reports.append(r))
    from trainrun.formats.text import format_advice
    solved = [p for p in advice.plans if p.run is not None]
    assert advice.boards_solved == len(solved)
    assert format_advice(advice).splitlines()[1].startswith(
        f"{advice.candidates} plans on {len(advice.plans)} boards, {len(solved)} of those "
        f"boards solved, ")
    settled, listed, best, _ = reports[-1]
    assert listed == advice.candidates
    assert settled == sum(len(_ways(p)) for p in advice.plans
                          if p.status in (OPTIMAL, FOUND, NOT_BETTER))
    assert best == max(p.total for p in solved) - advice.no_lay.total
    # a solved plan's bound is no looser than its board's cheap bound
    for plan in solved:
        assert plan.total <= plan.bound


def test_http_advise_is_the_same_work_however_asked(monkeypatch):
    # the pool remembers long work by ``same_as``: the clock and stream=true do not change it
    import trainrun.service.app as app

    seen = []

    class Pool:
        async def run(self, task, args, deadline, gone, same_as=None, on_progress=None):
            seen.append(same_as)
            if gone is not None:
                gone.close()                 # the client's watch, never awaited here
            return json.dumps({"plans": []}).encode()

    monkeypatch.setattr(app, "POOL", Pool())
    client = json_client()
    body = json.dumps(PLANNED)
    for query in ("", "&stream=true", ""):
        assert client.post(f"/advise?top=1&time_limit=2{query}", content=body).status_code == 200
    assert seen[0] == seen[1] == seen[2] == ("advise", body.encode(), 1, 2.0, 1)
