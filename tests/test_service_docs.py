"""The service's OpenAPI document and its ``/docs`` page (issue 16): the request bodies are
described (the position from ``position.schema.json``), the error answers are the ones the
service gives, and the page loads nothing from another host."""
import json
import re
from pathlib import Path

import jsonschema
import pytest
from corpus_checks import corpus_lines
from service_client import json_client

ROOT = Path(__file__).parent.parent
EXAMPLES = {e.stem: json.loads(e.read_text()) for e in sorted((ROOT / "examples").glob("*.json"))}
POSITIONS = [name for name, data in EXAMPLES.items() if "title" in data]
RUNS = [name for name in EXAMPLES if name not in POSITIONS]   # 18xx.games run_routes


@pytest.fixture(scope="module")
def client():
    return json_client()


@pytest.fixture(scope="module")
def document(client):
    return client.get("/openapi.json").json()


def _validator(document, schema):
    """A validator of ``schema`` whose ``#/components/...`` references are the document's."""
    return jsonschema.Draft202012Validator({**schema, "components": document["components"]})


def test_the_docs_page_loads_only_from_this_server(client):
    page = client.get("/docs")
    assert page.status_code == 200
    links = re.findall(r'(?:src|href)="([^"]+)"|url: *\'([^\']+)\'', page.text)
    links = [a or b for a, b in links]
    assert "/openapi.json" in links and any(link.endswith(".js") for link in links)
    for link in links:
        assert link.startswith("/") and not link.startswith("//"), link
        assert client.get(link).status_code == 200, link
    assert not re.search(r"https?://|//cdn", page.text)


def test_the_position_body_is_the_position_schema(document):
    schema = json.loads((ROOT / "core" / "formats" / "position.schema.json").read_text())
    position = document["components"]["schemas"]["Position"]
    assert position["properties"].keys() == schema["properties"].keys()
    assert position["required"] == schema["required"]
    assert not re.search(r'"#/\$defs/', json.dumps(document))


@pytest.mark.parametrize("path", ["/solve", "/verify", "/moves", "/apply", "/advise",
                                  "/import", "/audit", "/draw"])
def test_every_post_declares_its_json_body_and_the_real_errors(document, path):
    post = document["paths"][path]["post"]
    assert post["requestBody"]["required"]
    assert post["requestBody"]["content"]["application/json"]["schema"] != {"type": "object"}
    assert set(post["responses"]) == {"200", "400", "401", "408", "413", "415", "431", "503",
                                     "504"}
    error = post["responses"]["400"]["content"]["application/json"]["schema"]
    assert error == {"$ref": "#/components/schemas/Error"}


def test_no_422_is_declared(document):
    assert '"422"' not in json.dumps(document)


@pytest.mark.parametrize("example", POSITIONS)
def test_the_examples_are_solve_bodies(document, example):
    schema = document["paths"]["/solve"]["post"]["requestBody"]["content"][
        "application/json"]["schema"]
    data = EXAMPLES[example]
    _validator(document, schema).validate(data)
    _validator(document, {"$ref": "#/components/schemas/Position"}).validate(data)
    keep = {"position": data, "keep": {"routes": []}}
    _validator(document, schema).validate(keep)


@pytest.mark.parametrize("example", RUNS)
def test_the_example_runs_are_verify_bodies(document, example):
    position = EXAMPLES[example.removesuffix("-run")]
    _validator(document, {"$ref": "#/components/schemas/VerifyBody"}).validate(
        {"position": position, "run": EXAMPLES[example]})


def test_a_corpus_line_is_a_verify_body(document):
    line = corpus_lines("18Chesapeake")[0]
    _validator(document, {"$ref": "#/components/schemas/VerifyBody"}).validate(
        {"position": line, "run": line["declared"]})


def test_a_bad_body_answers_as_declared(client, document):
    answer = client.post("/solve", content=b'{"title": 1}')
    assert answer.status_code == 400
    _validator(document, {"$ref": "#/components/schemas/Error"}).validate(answer.json())
