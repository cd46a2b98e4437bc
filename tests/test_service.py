"""The HTTP service: a run for a good position, a one-line 400 for bad input, never a 500."""
import json

import pytest
from corpus_checks import corpus_lines
from service_client import json_client
from test_cli import BAD, EXAMPLE

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
