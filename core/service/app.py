"""The HTTP revenue service (FastAPI): positions in, runs out, in 18xx.games conventions.

    trainrun serve --port 8018

``POST /solve`` takes a position (trainrun's own format or a corpus line) as the
JSON body and returns the run as ``trainrun solve --json`` prints it (with
``?buy_next_train=true`` both runs, as ``solve --buy-next-train --json``);
``POST /moves`` takes a position and returns its legal tile lays and token placements as
``trainrun moves --json`` prints them; ``POST /advise`` takes a position and ranks the
turn's lays and tokens by the run after them, as ``trainrun advise --json``
(``?top=``, ``?time_limit=`` for the whole request; ``?stream=true``: progress, then the
answer, as JSON lines); ``POST /verify`` takes ``{"position": ..., "run": ...}``
(``run`` in any form ``trainrun verify`` reads; without it, the position's own
``declared`` run: a corpus line's, or that of a position ``/import`` gave before a run) and
returns ``trainrun verify --json``'s verdict; ``POST /apply`` takes
``{"position": ..., "moves": [...]}`` and returns the position after those moves
(``trainrun.turn.moves.apply``, one after the other) in trainrun's own format; ``POST
/draw`` draws the board (and a run) as SVG; ``GET /titles`` lists the installed titles;
``GET /healthz`` and ``GET /readyz`` (the pool's load) answer at once under any load;
``GET /`` is the web page (``trainrun.service.web``).
Bad input answers 400 with one line naming the field at fault:
``{"error": "trains[0]: unknown train '9'"}``; every other refusal (404, 405, those of
``trainrun.service.guard``) is such a line too.

The work of every POST runs in a worker process of a bounded pool
(``trainrun.service.pool``), never on the event loop, and comes back encoded (the loop
never encodes a large answer); the service's ``Limits`` bound what a caller can ask
(``trainrun.service.guard`` checks each request before it is read on).
"""
from __future__ import annotations

import time

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response, StreamingResponse
from fastapi.routing import APIRoute
from starlette.exceptions import HTTPException

from trainrun import __version__
from trainrun.errors import InputError
from trainrun.service.docs import add_docs
from trainrun.service.guard import Guard, Limits, ServiceError, error_response
from trainrun.service.pool import Gone, Overran, PoolFull, SolvePool, TaskFailed
from trainrun.service.schema import ERRORS, GET_ERRORS, openapi, request_body
from trainrun.service.stream import ndjson
from trainrun.service.web import router as web_router
from trainrun.service.web import static_files
from trainrun.turn.advise_budget import ADVISE_TIME_LIMIT

app = FastAPI(title="trainrun", version=__version__, docs_url=None, redoc_url=None,
              description="Exact best runs for 18xx railway games.")
add_docs(app)
app.include_router(web_router)
app.mount("/static", static_files(), name="static")
LIMITS = Limits()
POOL = SolvePool(LIMITS.jobs, LIMITS.queue, LIMITS.long_jobs, LIMITS.long_queue,
                 LIMITS.max_worker_rss)
app.add_middleware(Guard, limits=lambda: LIMITS, posts=lambda: POST_PATHS)
app.openapi = lambda: openapi(app)  # type: ignore[method-assign]  # FastAPI's documented way


def configure(limits: Limits) -> None:
    """Serve with ``limits`` (``trainrun serve`` sets them from its flags)."""
    global LIMITS, POOL
    POOL.close()
    LIMITS, POOL = limits, SolvePool(limits.jobs, limits.queue, limits.long_jobs,
                                     limits.long_queue, limits.max_worker_rss)


@app.exception_handler(InputError)
async def _bad_input(request: Request, exc: InputError) -> JSONResponse:
    return error_response(400, str(exc))


@app.exception_handler(ServiceError)
async def _refused(request: Request, exc: ServiceError) -> JSONResponse:
    return error_response(exc.status, exc.message, exc.headers)


@app.exception_handler(HTTPException)
async def _not_served(request: Request, exc: HTTPException) -> JSONResponse:
    path = request.url.path
    if exc.status_code == 404:
        message = f"path: {path} is not served here"
    elif exc.status_code == 405:
        message = f"method: {request.method} is not served on {path} (only " \
                  f"{(exc.headers or {}).get('Allow', 'others')})"
    else:
        message = f"request: {exc.detail}"
    return error_response(exc.status_code, message, dict(exc.headers or {}))


@app.exception_handler(RequestValidationError)
async def _bad_parameter(request: Request, exc: RequestValidationError) -> JSONResponse:
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first.get("loc", ())[1:]) or "request"
    return error_response(400, f"{where}: {first.get('msg', 'invalid')}")


def _post(path: str, body: str, name: str):
    """A POST route whose JSON body (``body`` says what it is) is ``serviceschema``'s
    ``name``, with its error answers."""
    return app.post(path, responses=ERRORS, openapi_extra=request_body(name, body),
                    response_model=dict)


def _time_limit(value: float | None) -> float:
    if value is None:
        return LIMITS.max_time_limit
    if not value <= LIMITS.max_time_limit:
        raise InputError("time_limit", f"at most {LIMITS.max_time_limit:g} s on this server, "
                                       f"got {value:g}")
    return value


def _workers(value: int) -> int:
    if value > LIMITS.max_workers:
        raise InputError("workers", f"at most {LIMITS.max_workers} on this server, got {value}")
    return value


async def _run(request: Request, task: str, args: tuple, deadline: float, same_as=None,
               media_type: str = "application/json") -> Response:
    """``task`` done by a worker of the pool, for ``request`` (whose body has been read),
    answered as the worker encoded it; ``same_as`` as ``SolvePool.run`` takes it."""
    try:
        return Response(await POOL.run(task, args, deadline, request.receive(), same_as),
                        media_type=media_type)
    except (PoolFull, Overran, Gone, TaskFailed) as exc:
        raise _refusal(exc) from None


def _refusal(exc: Exception) -> ServiceError:
    """What the pool's ``exc`` answers (a task's failure not its input's: 500)."""
    if isinstance(exc, PoolFull):
        if exc.long:
            return ServiceError(503, "busy: a long task, and the workers for long tasks and "
                                     "their queue are full; retry", {"Retry-After": "5"})
        return ServiceError(503, "busy: every worker is solving and the queue is full; retry",
                            {"Retry-After": "1"})
    if isinstance(exc, Overran):
        return ServiceError(504, "the request overran its time limit and was stopped")
    if isinstance(exc, Gone):
        return ServiceError(499, "the client went away")
    return ServiceError(500, f"internal error ({exc}); please report it with the input")


def _streamed(task: str, args: tuple, deadline: float, key: str,
              same_as=None) -> StreamingResponse:
    """``task`` done by a worker of the pool, answered as JSON lines as it goes
    (``trainrun.service.stream``): its progress, then ``{key: the answer}`` or an error;
    ``same_as`` as ``SolvePool.run`` takes it."""
    return StreamingResponse(ndjson(
        lambda on_progress: POOL.run(task, args, deadline, None, same_as,
                                     on_progress=on_progress),
        key, lambda exc: _refusal(exc).message), media_type="application/x-ndjson")


def _deadline(seconds: float) -> float:
    """When a request given ``seconds`` must be answered: its time limit counts from its
    arrival (waiting in the queue included), with a margin for the answer to travel."""
    return time.monotonic() + seconds * 1.1 + 1.0


async def _text(request: Request) -> bytes:
    return await request.body()   # decoded by the worker: bad bytes are bad input there


TIME_LIMIT = "Seconds before answering with the best run found and a proven bound " \
             "(default and most: the server's --max-time-limit)"


@app.get("/titles", responses=GET_ERRORS)
def titles() -> dict:
    """The installed titles, each with what trainrun does for it (``trainrun titles``):
    the commands that work (``works``) and those that do not yet (``not_yet``, with why),
    rules not modelled, and how its private companies' abilities are read."""
    from trainrun.coverage import title_coverage  # lazy: no title is loaded before /titles asks
    from trainrun.registry import installed_titles  # lazy: as above
    return {"titles": [title_coverage(name).to_dict() for name in sorted(installed_titles())]}


@app.get("/healthz", responses={400: ERRORS[400]})
def healthz() -> dict:
    """The service is up."""
    return {"ok": True}


@app.get("/readyz", responses={400: ERRORS[400], 503: ERRORS[503]})
def readyz():
    """The service takes work now: the pool's load, 503 when its queue is full."""
    load = POOL.load
    if load["waiting"] >= load["queue"]:
        return JSONResponse(status_code=503, content={**load, "ready": False},
                            headers={"Retry-After": "1"})
    return {**load, "ready": True}


@_post("/solve", "A position (trainrun's own format or a corpus line), or "
                 "{\"position\": ..., \"keep\": RUN}", "solve")
async def solve(request: Request,
                time_limit: float | None = Query(None, gt=0, description=TIME_LIMIT),
                workers: int = Query(1, ge=1, description="CP-SAT search workers"),
                trains: str | None = Query(None, description="Run these trains instead of "
                                           "the company's (names, e.g. 8,8,6)"),
                buy_next_train: bool = Query(False, description="Also the best run after "
                                             "first buying the next train from the bank "
                                             "(1871's Hunslet): answers {without, "
                                             "with_train, train, phase, rusted, discarded, "
                                             "gain}")) -> Response:
    """The best run of the position's operating company, answered within ``time_limit``
    seconds of the request (waiting and reading the body included). The body is a position,
    or ``{"position": ..., "keep": RUN}`` to keep RUN's routes (any form ``/verify`` reads)
    and find the best for the other trains."""
    seconds, started = _time_limit(time_limit), time.monotonic()
    text, workers = await _text(request), _workers(workers)
    return await _run(request, "solve", (text, seconds, started, workers, buy_next_train,
                                         trains), _deadline(seconds),
                      same_as=("solve", text, seconds, workers, buy_next_train, trains))


@_post("/verify", "{\"position\": a position, \"run\": the declared run (optional)}", "verify")
async def verify(request: Request,
                 time_limit: float | None = Query(None, gt=0, description=TIME_LIMIT),
                 workers: int = Query(1, ge=1, description="CP-SAT search workers")) -> Response:
    """Verify a declared run: legality with reasons, revenue breakdown, gap to the best run."""
    seconds, started = _time_limit(time_limit), time.monotonic()
    text, workers = await _text(request), _workers(workers)
    return await _run(request, "verify", (text, seconds, started, workers),
                      _deadline(seconds), same_as=("verify", text, seconds, workers))


@_post("/moves", "A position", "moves")
async def moves(request: Request) -> Response:
    """Every legal tile lay and token placement: ``{"lays": [{hex, tile, rotation, cost}],
    "tokens": [{hex, city, cost}]}``."""
    return await _run(request, "moves", (await _text(request),),
                      _deadline(LIMITS.max_time_limit))


@_post("/apply", "{\"position\": a position, \"moves\": [{hex, tile, rotation} | "
                 "{hex, city} | {train}, ...]}", "apply")
async def apply_moves(request: Request) -> Response:
    """The position after the body's ``moves`` (each ``{hex, tile, rotation}``, ``{hex,
    city}`` or ``{train}``, applied in order to ``position``), in trainrun's own format;
    an illegal move answers 400 naming the rule broken and the place."""
    return await _run(request, "apply", (await _text(request),),
                      _deadline(LIMITS.max_time_limit))


@app.post("/advise", response_model=dict, openapi_extra=request_body("advise", "A position"),
          responses={**ERRORS, 200: {"description": "The advice; with stream=true JSON lines",
                                     "content": {"application/x-ndjson": {}}}})
async def advise(request: Request,
                 top: int = Query(3, ge=0, description="Plans answered with their whole run"),
                 time_limit: float | None = Query(
                     None, gt=0, description=f"Seconds for the whole request (default "
                                             f"{ADVISE_TIME_LIMIT:g}, at most the server's "
                                             f"--max-time-limit); then the ranking so far"),
                 workers: int = Query(1, ge=1, description="CP-SAT search workers"),
                 stream: bool = Query(False, description="Answer application/x-ndjson: "
                                      "{\"progress\": {solved, plans, best, elapsed}} lines, "
                                      "then {\"advice\": ...} or {\"error\": ...}")
                 ) -> Response:
    """Every plan of the turn (lays, a lay then a second lay or a token, a token alone)
    ranked by the run after it, as ``trainrun advise --json`` prints it, answered within
    ``time_limit`` seconds of the request with the ranking so far (each plan's proof
    status; ``proven`` when the top plan is proven best)."""
    seconds = _time_limit(min(ADVISE_TIME_LIMIT, LIMITS.max_time_limit)
                          if time_limit is None else time_limit)
    started = time.monotonic()
    text, workers = await _text(request), _workers(workers)
    args = (text, top, seconds, started, workers, stream)
    # the same work whenever it comes and however it is answered (the pool's memory)
    same_as = ("advise", text, top, seconds, workers)
    if stream:
        return _streamed("advise", args, _deadline(seconds), "advice", same_as)
    return await _run(request, "advise", args, _deadline(seconds), same_as)


@_post("/import", "An 18xx.games game file (title, settings, actions)", "import")
async def import_game(request: Request,
                      action: int | None = Query(None, description="The position just before "
                                                 "this action id (default: after the last)"),
                      company: str | None = Query(None, description="This company's position "
                                                  "(default: the one acting there)"),
                      runs: bool = Query(False, description="One position per run_routes: "
                                         "answers {\"positions\": [...]}"),
                      name: str = Query("game", description="The game's name, as fixture"),
                      ) -> Response:
    """Replay an 18xx.games game file (the body) and answer a position of it in trainrun's
    own format, with ``fixture`` and ``action``."""
    try:
        return await _run(request, "import", (await _text(request), action, company, runs,
                                              name), _deadline(LIMITS.max_time_limit))
    except InputError as exc:   # the replay names the command line's --action, --company
        raise InputError(exc.where.removeprefix("--"), exc.message) from None


@_post("/audit", "An 18xx.games game file", "audit")
async def audit(request: Request,
                time_limit: float = Query(10.0, gt=0,
                                          description="Seconds per run for finding the best"),
                name: str = Query("game", description="The game's name, as fixture")) -> Response:
    """Every declared run of an 18xx.games game file (the body) against the proven best,
    and per company the sum left on the table (as ``trainrun audit --json``); the whole
    request is stopped at the server's --max-time-limit."""
    return await _run(request, "audit", (await _text(request), _time_limit(time_limit), name),
                      _deadline(LIMITS.max_time_limit))


@app.post("/draw", response_class=Response,
          responses={**ERRORS, 200: {"content": {"image/svg+xml": {}},
                                     "description": "The board (and the run) as SVG"}},
          openapi_extra=request_body("draw", "{\"position\": a position, \"run\": a run "
                                             "(optional), \"moves\": moves made first "
                                             "(optional), \"scale\": its size, 0.1 to 10 "
                                             "(optional, 1), \"caption\": what the run is "
                                             "(optional)}"))
async def draw(request: Request,
               verify: bool = Query(False, description="Check the run and draw it beside the "
                                    "best run, each broken rule marked where it happens"),
               time_limit: float | None = Query(None, gt=0, description=TIME_LIMIT),
               workers: int = Query(1, ge=1, description="CP-SAT search workers")) -> Response:
    """The position's board as SVG (``image/svg+xml``), from ``{"position": ..., "run":
    ...}``; ``run`` (optional) is a run in any form ``/verify`` reads (a ``/solve`` answer,
    trainrun routes, an 18xx.games ``run_routes``), drawn as the checker reads it with each
    broken rule marked; ``moves`` (optional, as ``/apply`` takes them) are made on the
    board first; ``scale`` (optional, 0.1 to 10) sizes the picture; ``caption`` (optional)
    says what the run is ("plan 2"; else "best run" for a ``/solve`` answer, "declared
    run" for the rest). Each hex is a ``g`` with ``data-hex``, each city and town carries
    ``data-city`` / ``data-town`` (``HEX.i``), each route ``data-train``."""
    seconds, started = _time_limit(time_limit), time.monotonic()
    text, workers = await _text(request), _workers(workers)
    return await _run(request, "draw", (text, verify, seconds, started, workers),
                      _deadline(seconds), same_as=("draw", text, verify, seconds, workers),
                      media_type="image/svg+xml")


POST_PATHS: frozenset[str] = frozenset(   # the paths whose POST takes a body
    route.path for route in app.routes if isinstance(route, APIRoute) and "POST" in (
        route.methods or ()))
