"""schemathesis against the service's own OpenAPI document (issue 16): the service as a
real process on a loopback port, every operation called with requests generated from its
declared parameters and bodies (``position.schema.json`` among them), at least 2,000 in
all. No answer is a 5xx, and every answer is one the document declares: its status, its
content type, its headers and its body's schema."""
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from test_service_process import KEY, running_service

# requests per operation: generating a whole position (the bodies of /solve, /verify,
# /draw) costs about 0.2 s a request, the others a tenth of it; 2,084 in all, about 100 s
EXAMPLES = {"POST /solve": 60, "POST /verify": 60, "POST /draw": 60,
            "GET /examples/{name}": 400}
OTHERS = 300
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_headers_conformance, response_schema_conformance]


@pytest.fixture(scope="module")
def schema():
    with running_service("--jobs", "2", "--max-time-limit", "2") as (port, _):
        yield schemathesis.openapi.from_url(f"http://127.0.0.1:{port}/openapi.json",
                                            headers={"X-API-Key": KEY})


def test_generated_requests_answer_as_documented(schema):
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 13
    calls = []
    for operation in operations:
        @settings(max_examples=EXAMPLES.get(operation.label, OTHERS), deadline=None,
                  derandomize=True, database=None, suppress_health_check=list(HealthCheck))
        @given(operation.as_strategy())
        def call(case):
            calls.append(case.call_and_validate(headers={"X-API-Key": KEY}, checks=CHECKS,
                                                timeout=30).status_code)
        call()
    assert len(calls) >= 2000
    assert all(status < 500 for status in calls)
    assert 200 in calls and 400 in calls


@pytest.mark.parametrize("path", ["/solve", "/verify", "/moves", "/apply", "/advise",
                                  "/draw"])
def test_the_documented_example_is_answered(schema, path):
    operation = schema[path]["POST"]
    example = operation.definition.raw["requestBody"]["content"]["application/json"][
        "example"]
    query = {"time_limit": 1} if path == "/advise" else {}   # its default 10 s is over 2
    case = operation.Case(body=example, media_type="application/json", query=query)
    answer = case.call_and_validate(headers={"X-API-Key": KEY}, checks=CHECKS, timeout=30)
    assert answer.status_code == 200
    if path == "/solve":   # at least the run declared beside it (150 + 210 in its -run file)
        assert answer.json()["status"] == "optimal" and answer.json()["total"] >= 360
