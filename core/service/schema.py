"""What the service's OpenAPI document says of request bodies and error answers.

The position is ``position.schema.json`` itself (its ``$defs`` become components beside
it); a corpus line, a run, the wrapped bodies of ``/solve`` with ``keep``, ``/verify``,
``/draw`` and ``/apply``, and a game file are described here. ``ERRORS`` are the refusals
the service really answers, each ``{"error": one line}``; ``openapi(app)`` is the document
with these components and without FastAPI's 422 (a bad parameter answers 400 here).
"""
from __future__ import annotations

import json
from importlib import resources
from typing import Any

from fastapi.openapi.utils import get_openapi

from trainrun.service.examples import example


def _ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def _position_schemas() -> dict:
    """``Position`` and its ``$defs``, their references pointed at the components."""
    text = resources.files("trainrun.formats").joinpath("position.schema.json").read_text()
    schema = json.loads(text.replace('"#/$defs/', '"#/components/schemas/'))
    defs = schema.pop("$defs", {})
    for key in ("$schema", "$id"):
        schema.pop(key, None)
    return {"Position": schema, **defs}


RUN = {
    "type": "object", "required": ["routes"],
    "description": "A run in any form `trainrun verify` reads: `{\"routes\": [...]}` as "
                   "trainrun writes it, a `/solve` answer, or an 18xx.games `run_routes` "
                   "action.",
    "properties": {"routes": {"type": "array", "items": {"anyOf": [
        _ref("route"),
        {"type": "object", "description": "An 18xx.games route (`train`, `connections` "
                                          "or `hexes`)"}]}}}}

CORPUS_LINE = {
    "type": "object", "required": ["title", "board"],
    "description": "A corpus line (tests/data/corpus/FORMAT.md): the board as 18xx.games "
                   "shows it, `entity`, `phase`, `trains`."}

ANY_POSITION = {"anyOf": [_ref("Position"), _ref("CorpusLine")]}

MOVE = {"anyOf": [
    {"type": "object", "required": ["hex", "tile"], "description": "A tile lay",
     "properties": {"hex": {"type": "string"}, "tile": {"type": "string"},
                    "rotation": {"type": "integer", "minimum": 0, "maximum": 5}}},
    {"type": "object", "required": ["hex", "city"], "description": "A token placement",
     "properties": {"hex": {"type": "string"}, "city": {"type": "integer", "minimum": 0}}},
    {"type": "object", "required": ["train"], "description": "A train bought from the bank",
     "properties": {"train": {"type": "string"}}}]}


def _wrapped(second: dict, required: bool, description: str) -> dict:
    name = next(iter(second))
    return {"type": "object", "description": description,
            "required": ["position", name] if required else ["position"],
            "properties": {"position": ANY_POSITION, **second}}


COMPONENTS = {
    **_position_schemas(),
    "CorpusLine": CORPUS_LINE,
    "Run": RUN,
    "KeepBody": _wrapped({"keep": _ref("Run")}, True,
                         "Keep these routes and find the best for the other trains"),
    "VerifyBody": _wrapped({"run": _ref("Run")}, False,
                           "The run to check (without it, a corpus line's declared run)"),
    "DrawBody": _wrapped({"run": _ref("Run"), "moves": {"type": "array", "items": MOVE},
                          "scale": {"type": "number", "minimum": 0.1, "maximum": 10,
                                    "description": "The picture's size, times the default"},
                          "caption": {"type": "string", "maxLength": 80,
                                      "description": "What the run is (\"plan 2\")"}},
                         False, "The board (after `moves`, applied in order, if given), and "
                                "a run drawn on it"),
    "ApplyBody": _wrapped({"moves": {"type": "array", "items": MOVE}}, True,
                          "Moves applied in order to the position"),
    "GameFile": {"type": "object", "required": ["title", "actions"],
                 "description": "An 18xx.games game file",
                 "properties": {"title": {"type": "string"},
                                "settings": {"type": "object"},
                                "players": {"type": "array", "items": {
                                    "type": "object", "required": ["id"]}},
                                "actions": {"type": "array", "items": {"type": "object"}}}},
    "Error": {"type": "object", "required": ["error"], "additionalProperties": False,
              "properties": {"error": {"type": "string",
                                       "description": "One line naming the field at fault"}}},
}

BODIES = {
    "solve": {"anyOf": [_ref("Position"), _ref("CorpusLine"), _ref("KeepBody")]},
    "verify": _ref("VerifyBody"), "draw": _ref("DrawBody"), "apply": _ref("ApplyBody"),
    "moves": ANY_POSITION, "advise": ANY_POSITION,
    "import": _ref("GameFile"), "audit": _ref("GameFile"),
}


EXAMPLE = "18chesapeake-two-trains"   # a shipped example (``trainrun.service.examples``)


def _example(name: str):
    """A body for the POST route ``name`` built from the shipped example (None for a game
    file: none is shipped)."""
    position = example(EXAMPLE)
    run = example(EXAMPLE + "-run")
    return {"solve": position, "moves": position, "advise": position,
            "verify": {"position": position, "run": run},
            "draw": {"position": position, "run": run},
            "apply": {"position": position, "moves": []}}.get(name)


def request_body(name: str, description: str) -> dict:
    """The ``openapi_extra`` of the POST route ``name``: its JSON body (with an example the
    service answers where there is one)."""
    content = {"schema": BODIES[name]}
    if _example(name) is not None:
        content["example"] = _example(name)
    return {"requestBody": {"required": True, "description": description,
                            "content": {"application/json": content}}}


def _error(what: str, headers: dict | None = None) -> dict:
    out = {"description": what, "content": {"application/json": {"schema": _ref("Error")}}}
    if headers:
        out["headers"] = headers
    return out


RETRY_AFTER = {"Retry-After": {"description": "Seconds to wait", "schema": {"type": "string"}}}

# FastAPI's ``responses``: status (int or "default", ...) -> its OpenAPI response object
ERRORS: dict[int | str, dict[str, Any]] = {
    400: _error("Bad input (body, parameter or Host): one line naming the field at fault"),
    401: _error("A key is required (X-API-Key or Authorization: Bearer)"),
    408: _error("The body was not received in time"),
    413: _error("The body is too large"),
    415: _error("The body is not application/json"),
    431: _error("The request's header lines are too many or too large"),
    503: _error("Every worker busy and the queue full, or (a long task) every worker long "
                "tasks may hold busy and their queue full, or the server's most requests "
                "in progress or bytes of bodies held reached (see Retry-After)", RETRY_AFTER),
    504: _error("The work overran the request's deadline and was stopped"),
}

GET_ERRORS: dict[int | str, dict[str, Any]] = {status: ERRORS[status]
                                               for status in (400, 401, 431, 503)}


def openapi(app) -> dict:
    """``app``'s OpenAPI document with the components above and no 422 answers."""
    if app.openapi_schema is None:
        doc = get_openapi(title=app.title, version=app.version,
                          description=app.description, routes=app.routes)
        for operations in doc.get("paths", {}).values():
            for operation in operations.values():
                operation.get("responses", {}).pop("422", None)
        schemas = doc.setdefault("components", {}).setdefault("schemas", {})
        for unused in ("HTTPValidationError", "ValidationError"):
            schemas.pop(unused, None)
        schemas.update(COMPONENTS)
        app.openapi_schema = doc
    return app.openapi_schema
