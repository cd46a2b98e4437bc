"""Imported run positions carry the run declared there (``trainrun.replay.declaredrun``).

The oracle is the corpus (tests/data/corpus): each line's ``declared.total`` is what the
18xx.games engine scores the run declared at that action. For every recorded game of
tests/data/fixtures with corpus lines, the position ``run_positions`` gives before each run
carries ``declared``: its routes' ``connections`` exactly as the log's ``run_routes`` has
them, and, read back by ``verify`` from the position itself (no run given), a total equal
to the corpus line's. Then the same through ``trainrun import`` and ``trainrun verify``
on the command line, and ``POST /import`` then ``POST /verify`` over HTTP. Each carries its
operating ``round`` too, whose set is the engine's ``turn`` (the corpus line's).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from service_client import json_client
from test_gamelog_compiled import replayed

from trainrun.cli.main import main
from trainrun.hooks import answers
from trainrun.replay.gamelog import read_game
from trainrun.routes.declared import check_declared

DATA = Path(__file__).parent / "data"
# games whose imported ``round`` (``OR 3.2``) numbers the sets of operating rounds one more
# than the engine's ``turn`` (its corpus lines' ``turn``): the replay counts a set the
# engine does not (the rounds of these titles' first turns)
OTHER_ROUND_NUMBERS = {("1847AE", "1847AE_game_end_bank"), ("1882", "1882_game_end_bankrupt"),
                       ("1882", "1882_game_end_stock_market"), ("1882", "5236"),
                       ("1882", "5585"), ("18DE", "18DE_game_end_bankrupt")}
GAMES = [(p.parent.name, p.stem) for p in sorted((DATA / "fixtures").glob("*/*.json"))
         if (DATA / "corpus" / p.parent.name / f"{p.stem}.jsonl").exists()]
client = json_client()


def _corpus(title: str, game: str) -> dict[int, dict]:
    path = DATA / "corpus" / title / f"{game}.jsonl"
    return {d["action"]: d for d in map(json.loads, path.read_text().splitlines())}


def _logged_runs(title: str, game: str) -> dict[int, dict]:
    log = read_game((DATA / "fixtures" / title / f"{game}.json").read_text())
    return {a["id"]: a for a in log.actions if a["type"] == "run_routes"}


def _imported(title: str, game: str) -> list:
    """The positions before each run, up to where the replay stops (as the replay test of
    the compiled titles keeps them: one replay a game in a session)."""
    positions, stop = replayed(title, game)
    if stop is not None and "gives no replay rules" in stop:
        pytest.skip(stop)
    return [positions[a] for a in sorted(positions)]


@pytest.mark.parametrize("title,game", GAMES, ids=[f"{t}/{g}" for t, g in GAMES])
def test_every_imported_run_verifies_to_the_corpus_declared_total(title, game):
    # (a corpus line the engine could not score has no ``declared``; 1889/314 logs its
    # routes by ``hexes``, without connections, and its lines have none; a line where a
    # run rule trainrun does not model may pay is not held to it, as tests/corpus_checks.py)
    lines, logged = _corpus(title, game), _logged_runs(title, game)
    wrong, reached, unmodelled, last = {}, [], [], 0
    for position in _imported(title, game):
        action = position.source["action"]
        declared = position.source["declared"]
        assert [r.get("connections") for r in declared["routes"]] == [
            r.get("connections") for r in logged[action]["routes"]], action
        line, last = lines.get(action), action
        if line is None or "declared" not in line:
            continue
        if answers.runs_not_modelled(position):   # one may pay there (18GB's compass bonuses)
            unmodelled.append(action)
            continue
        reached.append(action)
        total = check_declared(position, {"declared": declared}).declared_total
        if (total, declared.get("total")) != (line["declared"]["total"],) * 2:
            wrong[action] = (total, declared.get("total"), line["declared"]["total"])
        round_set = position.source["round"].split()[-1].split(".")[0]
        if (title, game) not in OTHER_ROUND_NUMBERS and round_set != str(line["turn"]):
            wrong[action] = (position.source["round"], line["turn"])   # the engine's set
    assert wrong == {}
    assert sorted(reached + unmodelled) == [a for a in sorted(lines)
                                            if "declared" in lines[a] and a <= last]


GAME = str(DATA / "fixtures" / "18Chesapeake" / "1905.json")


def test_verify_of_an_imported_run_needs_no_declared_run(tmp_path):
    # 1905#537: N&W's D train declared $570 (the corpus line's total); the best is $580
    imported = CliRunner().invoke(main, ["import", GAME, "--action", "537"])
    assert imported.exit_code == 0, imported.output
    path = tmp_path / "nw.json"
    path.write_text(imported.output)
    result = CliRunner().invoke(main, ["verify", str(path), "--json", "--time-limit", "10"])
    assert result.exit_code == 1, result.output
    verdict = json.loads(result.output)
    assert (verdict["legal"], verdict["declared_total"], verdict["best_total"]) == (
        True, _corpus("18Chesapeake", "1905")[537]["declared"]["total"], 580)


def test_imported_runs_over_http_verify_with_no_run():
    body = Path(GAME).read_bytes()
    runs = client.post("/import?runs=true&name=1905.json", content=body).json()["positions"]
    lines = _corpus("18Chesapeake", "1905")
    position = next(p for p in runs if p["action"] == 537)
    answer = client.post("/verify?time_limit=10", content=json.dumps({"position": position}))
    assert answer.status_code == 200, answer.text
    assert answer.json()["declared_total"] == lines[537]["declared"]["total"]
    assert [p["declared"]["total"] for p in runs] == [lines[p["action"]]["declared"]["total"]
                                                     for p in runs]


def test_a_position_imported_before_another_action_has_no_declared_run():
    result = CliRunner().invoke(main, ["import", GAME, "--action", "536", "--json"])
    assert result.exit_code == 0, result.output
    assert "declared" not in json.loads(result.output)
