"""The HTTP service: a run for a good position, a one-line 400 for bad input, never a 500."""
import asyncio
import json
import time
from pathlib import Path

import pytest
from corpus_checks import corpus_lines
from service_client import json_client
from test_cli import BAD, EXAMPLE

from trainrun.service import app as service
from trainrun.service.examples import example

client = json_client()


def test_titles():
    res = client.get("/titles")
    assert res.status_code == 200
    assert "18Chesapeake" in [t["name"] for t in res.json()["titles"]]


def test_solve_own_format():
    # H6-0 Baltimore 30 + F8-0 DC 30 (phase 2, 2-train), as in test_cli
    res = client.post("/solve", content=json.dumps(EXAMPLE))
    assert res.status_code == 200
    body = res.json()
    assert body["total"] == 60 and body["status"] == "optimal"


def test_solve_corpus_line_matches_the_oracle():
    line = corpus_lines("18Chesapeake")[-1]
    res = client.post("/solve?time_limit=10", content=json.dumps(line))
    assert res.status_code == 200
    assert res.json()["total"] == line["exact_oracle"]["total"]


@pytest.mark.parametrize("case", BAD, ids=list(BAD))
def test_bad_input_is_a_400_with_one_line(case):
    text, message = BAD[case]
    res = client.post("/solve", content=text)
    assert res.status_code == 400
    assert message in res.json()["error"]
    assert "\n" not in res.json()["error"]


def test_bad_parameter_is_a_400():
    res = client.post("/solve?time_limit=-1", content=json.dumps(EXAMPLE))
    assert res.status_code == 400
    assert res.json()["error"].startswith("time_limit:")


GAME = Path(__file__).parent / "data" / "fixtures" / "18Chesapeake" / "22383.json"


@pytest.mark.parametrize("query, error", [
    ("action=1", "company: action 1 (bid) is by a player: name the company"),
    ("action=999999", "action: the log has no action 999999 (or it was undone)")])
def test_import_errors_name_the_query_field_not_the_command_line_flag(query, error):
    res = client.post(f"/import?{query}", content=GAME.read_bytes())
    assert res.status_code == 400 and res.json() == {"error": error}


def _two_trains(routes: int) -> bytes:
    position = example("18chesapeake-two-trains")
    run = example("18chesapeake-two-trains-run")
    declared = [dict(run["routes"][i % 2], train=f"x{i}") for i in range(routes)]
    return json.dumps({"position": position, "run": {"routes": declared}}).encode()


def test_20000_declared_routes_are_refused_not_checked_past_the_time_limit():
    res = client.post("/verify?time_limit=5", content=_two_trains(20_000))
    assert res.status_code == 400
    assert res.json()["error"] == "routes: 20000 routes for 2 trains: a run has one route " \
                                  "per train"


def test_the_worker_answers_encoded_so_the_event_loop_encodes_nothing():
    # (a large answer encoded on the event loop held /healthz up for 342 ms)
    started = time.monotonic()
    answer = asyncio.run(service.POOL.run("verify", (_two_trains(10), 10.0, started, 1),
                                          started + 30, None))
    assert isinstance(answer, bytes)
    verdict = json.loads(answer)
    assert len(verdict["routes"]) == 10 and verdict["legal"] is False
    over_http = client.post("/verify?time_limit=10", content=_two_trains(10))
    assert over_http.headers["content-type"] == "application/json"
    assert over_http.json()["routes"] == verdict["routes"]   # the same (but its seconds)
