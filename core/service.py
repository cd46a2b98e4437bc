"""The HTTP revenue service (FastAPI): positions in, runs out, in 18xx.games conventions.

    trainrun serve --port 8018

``POST /solve`` takes a position (trainrun's own format or a corpus line) as the
JSON body and returns the run as ``trainrun solve --json`` prints it (with
``?buy_next_train=true`` both runs, as ``solve --buy-next-train --json``);
``POST /moves`` takes a position and returns its legal tile lays and token placements as
``trainrun moves --json`` prints them; ``POST /advise`` takes a position and ranks the
turn's lays and tokens by the run after them, as ``trainrun advise --json``
(``?top=``, ``?time_limit=`` per candidate); ``POST /verify`` takes ``{"position": ..., "run": ...}`` (``run`` in any form
``trainrun verify`` reads; without it, a corpus line's declared run) and returns
``trainrun verify --json``'s verdict; ``POST /apply`` takes ``{"position": ..., "moves":
[...]}`` and returns the position after those moves (``trainrun.turn.apply``, one after
the other) in trainrun's own format; ``GET /titles`` lists the installed titles; ``GET /``
is the web page (``trainrun.web``). Bad
input answers 400 with one line naming the field at fault:
``{"error": "trains[0]: unknown train '9'"}``.
"""
from __future__ import annotations

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response

from . import __version__
from .errors import InputError
from .web import router as web_router
from .web import static_files

app = FastAPI(title="trainrun", version=__version__,
              description="Exact best runs for 18xx railway games.")
app.include_router(web_router)
app.mount("/static", static_files(), name="static")


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse(status_code=status, content={"error": message})


@app.exception_handler(InputError)
async def _bad_input(request: Request, exc: InputError) -> JSONResponse:
    return _error(400, str(exc))


@app.exception_handler(RequestValidationError)
async def _bad_parameter(request: Request, exc: RequestValidationError) -> JSONResponse:
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first.get("loc", ())[1:]) or "request"
    return _error(400, f"{where}: {first.get('msg', 'invalid')}")


@app.get("/titles")
def titles() -> dict:
    """The installed titles."""
    from trainrun.plugins import installed_titles
    return {"titles": [{"name": name, "aliases": list(info.aliases),
                        "description": info.description}
                       for name, (_, info) in sorted(installed_titles().items())]}


@app.post("/solve")
async def solve(request: Request,
                time_limit: float = Query(60.0, gt=0, le=3600,
                                          description="Seconds before answering with the "
                                                      "best run found and a proven bound"),
                workers: int = Query(1, ge=1, le=64),
                buy_next_train: bool = Query(False, description="Also the best run after "
                                             "first buying the next train from the bank "
                                             "(1871's Hunslet): answers {without, "
                                             "with_train, train, phase, rusted, discarded, "
                                             "gain}")) -> dict:
    """The best run of the position's operating company. The body is a position, or
    ``{"position": ..., "keep": RUN}`` to keep RUN's routes (any form ``/verify`` reads)
    and find the best for the other trains."""
    from starlette.concurrency import run_in_threadpool

    from trainrun.reading import read_position
    from trainrun.run import solve as solve_position
    body = await request.body()
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError("position", "the body is not UTF-8 text") from None
    keep = None
    if text.lstrip().startswith("{") and '"keep"' in text:   # {"position": ..., "keep": RUN}
        import json
        try:
            wrapped = json.loads(text)
        except json.JSONDecodeError:
            wrapped = None   # read_position names the fault
        if isinstance(wrapped, dict) and "keep" in wrapped and "position" in wrapped:
            text, keep = wrapped["position"], wrapped["keep"]
    position = read_position(text)
    if buy_next_train and keep is not None:
        raise InputError("keep", "not with buy_next_train")
    if buy_next_train:
        from trainrun.purchase import solve_buying_next_train
        both = await run_in_threadpool(solve_buying_next_train, position, time_limit, workers)
        return both.to_dict()
    run = await run_in_threadpool(solve_position, position, time_limit, workers, keep=keep)
    return run.to_dict()


@app.post("/verify")
async def verify(request: Request,
                 time_limit: float = Query(60.0, gt=0, le=3600,
                                           description="Seconds for finding the best run"),
                 workers: int = Query(1, ge=1, le=64)) -> dict:
    """Verify a declared run: legality with reasons, revenue breakdown, gap to the best run."""
    import json

    from starlette.concurrency import run_in_threadpool

    from trainrun.reading import read_position
    from trainrun.verify import verify as verify_run
    try:
        body = json.loads(await request.body())
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise InputError("body", "expected JSON: {\"position\": ..., \"run\": ...}") from None
    if not isinstance(body, dict) or "position" not in body:
        raise InputError("position", "missing: the body is {\"position\": ..., \"run\": ...}")
    position = read_position(body["position"])
    run = body.get("run", body["position"])
    result = await run_in_threadpool(verify_run, position, run, time_limit, workers)
    return result.to_json()


async def _position(request: Request):
    from trainrun.plugins import read_position
    body = await request.body()
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError("position", "the body is not UTF-8 text") from None
    return read_position(text)


@app.post("/moves")
async def moves(request: Request) -> dict:
    """Every legal tile lay and token placement: ``{"lays": [{hex, tile, rotation, cost}],
    "tokens": [{hex, city, cost}]}``."""
    from starlette.concurrency import run_in_threadpool

    from trainrun.turn import legal_moves
    return await run_in_threadpool(legal_moves, await _position(request))


@app.post("/apply")
async def apply_moves(request: Request) -> dict:
    """The position after the body's ``moves`` (each ``{hex, tile, rotation}``, ``{hex,
    city}`` or ``{train}``, applied in order to ``position``), in trainrun's own format;
    an illegal move answers 400 naming the rule broken and the place."""
    import json

    from trainrun.own_format import position_to_own
    from trainrun.reading import read_position
    from trainrun.turn import apply
    try:
        body = json.loads(await request.body())
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise InputError("body", "expected JSON: {\"position\": ..., \"moves\": [...]}") from None
    if not isinstance(body, dict) or "position" not in body:
        raise InputError("position", "missing: the body is {\"position\": ..., \"moves\": [...]}")
    moves = body.get("moves")
    if not isinstance(moves, list):
        raise InputError("moves", f"expected a list of moves, got {moves!r}")
    position = read_position(body["position"])
    for i, move in enumerate(moves):
        try:
            position = apply(position, move)
        except InputError as exc:
            raise InputError(f"moves[{i}]", str(exc)) from None
    return position_to_own(position)


@app.post("/advise")
async def advise(request: Request,
                 top: int = Query(3, ge=0, description="Plans answered with their whole run"),
                 time_limit: float = Query(10.0, gt=0, le=3600,
                                           description="Seconds per candidate board"),
                 workers: int = Query(1, ge=1, le=64)) -> dict:
    """Every plan of the turn (lays, a lay then a second lay or a token, a token alone)
    ranked by the proven-best run after it, as ``trainrun advise --json`` prints it."""
    from starlette.concurrency import run_in_threadpool

    from trainrun.advise import advise as advise_turn
    position = await _position(request)
    result = await run_in_threadpool(advise_turn, position, top, time_limit, workers)
    return result.to_dict()


async def _game(request: Request, name: str):
    from trainrun.gamelog import read_game
    body = await request.body()
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError("game", "the body is not UTF-8 text") from None
    return read_game(text, name)


@app.post("/import")
async def import_game(request: Request,
                      action: int | None = Query(None, description="The position just before "
                                                 "this action id (default: after the last)"),
                      company: str | None = Query(None, description="This company's position "
                                                  "(default: the one acting there)"),
                      runs: bool = Query(False, description="One position per run_routes: "
                                         "answers {\"positions\": [...]}"),
                      name: str = Query("game", description="The game's name, as fixture")) -> dict:
    """Replay an 18xx.games game file (the body) and answer a position of it in trainrun's
    own format, with ``fixture`` and ``action``."""
    from starlette.concurrency import run_in_threadpool

    from trainrun.gamelog import own_record, position_at, run_positions
    game = await _game(request, name)
    if runs:
        def every_run():
            return {"positions": [own_record(p) for p in run_positions(game)]}
        return await run_in_threadpool(every_run)
    return own_record(await run_in_threadpool(position_at, game, action, company))


@app.post("/audit")
async def audit(request: Request,
                time_limit: float = Query(60.0, gt=0, le=3600,
                                          description="Seconds per run for finding the best"),
                name: str = Query("game", description="The game's name, as fixture")) -> dict:
    """Every declared run of an 18xx.games game file (the body) against the proven best,
    and per company the sum left on the table (as ``trainrun audit --json``)."""
    from starlette.concurrency import run_in_threadpool

    from trainrun.audit import audit as audit_game
    report = await run_in_threadpool(audit_game, await _game(request, name), time_limit)
    if report.stopped:
        raise InputError("game", f"the replay stopped at {report.stopped}")
    return report.to_json()


@app.post("/draw", response_class=Response,
          responses={200: {"content": {"image/svg+xml": {}},
                           "description": "The board (and the run) as SVG"}})
async def draw(request: Request,
               verify: bool = Query(False, description="Check the run and draw it beside the "
                                    "best run, each broken rule marked where it happens"),
               time_limit: float = Query(60.0, gt=0, le=3600,
                                         description="Seconds for the best run (verify)"),
               workers: int = Query(1, ge=1, le=64)) -> Response:
    """The position's board as SVG (``image/svg+xml``), from ``{"position": ..., "run":
    ...}``; ``run`` (optional) is a run in any form ``/verify`` reads (a ``/solve`` answer,
    trainrun routes, an 18xx.games ``run_routes``), drawn as the checker reads it with each
    broken rule marked. Each hex is a ``g`` with ``data-hex``, each city and town
    carries ``data-city`` / ``data-town`` (``HEX.i``), each route ``data-train``."""
    import json

    from starlette.concurrency import run_in_threadpool

    from trainrun.draw import draw_input, draw_verification
    from trainrun.reading import read_position
    try:
        body = json.loads(await request.body())
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise InputError("body", "expected JSON: {\"position\": ..., \"run\": ...}") from None
    if not isinstance(body, dict) or "position" not in body:
        raise InputError("position", "missing: the body is {\"position\": ..., \"run\": ...}")
    position = read_position(body["position"])
    run = body.get("run")
    if verify:
        from trainrun.verify import verify as verify_run
        result = await run_in_threadpool(verify_run, position, run if run is not None
                                         else body["position"], time_limit, workers)
        svg = draw_verification(position, result)
    else:
        svg = await run_in_threadpool(draw_input, position, run)
    return Response(content=svg, media_type="image/svg+xml")
