"""What a worker process of the service does: one request's whole work, from the body's
text to the answer's body, so the service's event loop only reads bodies and writes answers.

``serve_worker(conn)`` says it is ready, then answers ``(task, args)`` messages on a pipe
with ``("ok", the answer's HTTP body)`` (JSON, or a drawing's SVG, encoded here: a large
answer is never encoded on the event loop), ``("input", one line)`` for bad input, or
``("internal", one line)``; with each answer the worker's resident memory in bytes, so
the pool can retire a worker that grew (``trainrun.service.pool``). A task of
``REPORTING`` may send ``("progress", JSON bytes, 0)`` messages before its answer.
``TASKS`` names what it can do.

Lazy imports: each task imports what it uses inside its function. The service's main
process imports this module to start workers (``trainrun.service.pool``) and must stay small
(it holds every connection); the workers have it all imported already
(``trainrun.service.workerstart``).
"""
from __future__ import annotations

import json
import os
from collections.abc import Callable

from trainrun.errors import InputError, one_line
from trainrun.jsontext import load_json


def solve(text: bytes, time_limit: float, started: float, workers: int, buy_next_train: bool,
          trains: str | None) -> dict:
    """``/solve``: the body a position, or ``{"position": ..., "keep": RUN}``, answered
    ``time_limit`` seconds after ``started`` (the request's arrival, ``time.monotonic()``:
    the clock is the system's, the same in every process), its wait for a worker included."""
    from trainrun.board.trainset import with_trains
    from trainrun.formats.reading import read_position
    from trainrun.routes.solve import solve as solve_position
    from trainrun.solver import Deadline
    deadline = Deadline(time_limit, started)
    data, keep = load_json(text, "position"), None
    if isinstance(data, dict) and "keep" in data and "position" in data:
        data, keep = data["position"], data["keep"]
    position = read_position(data)
    if trains is not None:
        position = with_trains(position, trains)
    if buy_next_train and keep is not None:
        raise InputError("keep", "not with buy_next_train")
    if buy_next_train:
        from trainrun.turn.purchase import solve_buying_next_train
        return solve_buying_next_train(position, time_limit, workers, deadline).to_dict()
    return solve_position(position, workers=workers, keep=keep, deadline=deadline).to_dict()


def _wrapped(text: bytes, second: str) -> dict:
    """A body ``{"position": ..., <second>: ...}``."""
    body = load_json(text, "body")
    if not isinstance(body, dict) or "position" not in body:
        raise InputError("position", f"missing: the body is {{\"position\": ..., "
                                     f"\"{second}\": ...}}")
    return body


def _left(time_limit: float, started: float) -> float:
    """What is left of ``time_limit`` seconds counted from ``started`` (the request's
    arrival, ``time.monotonic()``), for a solve that takes a number of seconds."""
    from trainrun.solver import Deadline
    return max(Deadline(time_limit, started).left(), 0.01)


def verify(text: bytes, time_limit: float, started: float, workers: int) -> dict:
    """``/verify``: the best run to compare with is found within ``time_limit`` seconds
    of the request's arrival ``started``."""
    from trainrun.formats.reading import read_position
    from trainrun.routes.verify import verify as verify_run
    body = _wrapped(text, "run")
    position = read_position(body["position"])
    return verify_run(position, body.get("run", body["position"]),
                      _left(time_limit, started), workers).to_json()


def _moved(position, moves):
    """``position`` after ``moves`` (a list of moves, ``trainrun.turn.moves.apply``), in order;
    a refused move is named by its place in the list."""
    from trainrun.turn.moves import apply
    if not isinstance(moves, list):
        raise InputError("moves", f"expected a list of moves, got {moves!r}")
    for i, move in enumerate(moves):
        try:
            position = apply(position, move)
        except InputError as exc:
            raise InputError(f"moves[{i}]", str(exc)) from None
    return position


def apply_moves(text: bytes) -> dict:
    from trainrun.formats.own_format import position_to_own
    from trainrun.formats.reading import read_position
    body = _wrapped(text, "moves")
    return position_to_own(_moved(read_position(body["position"]), body.get("moves")))


def draw(text: bytes, verify_run: bool, time_limit: float, started: float,
         workers: int) -> str:
    """``/draw``: the SVG of the board (after the body's ``moves``, if any) and the run
    (checked beside the best with ``verify_run``, found within ``time_limit`` seconds of
    the arrival ``started``), at the body's ``scale`` and captioned its ``caption``."""
    from trainrun.draw import draw_input, draw_verification
    from trainrun.formats.reading import read_position
    from trainrun.routes.verify import verify
    body = _wrapped(text, "run")
    scale, caption = _drawing_options(body)
    position = _moved(read_position(body["position"]), body.get("moves", []))
    run = body.get("run")
    if verify_run:
        return draw_verification(position, verify(position, run if run is not None
                                                  else body["position"],
                                                  _left(time_limit, started), workers),
                                 scale)
    return draw_input(position, run, scale, caption)


def _drawing_options(body: dict) -> tuple[float, str | None]:
    """A ``/draw`` body's ``scale`` (0.1 to 10, default 1) and ``caption`` (a string up
    to 80 characters: what the run is, "plan 2")."""
    scale, caption = body.get("scale", 1.0), body.get("caption")
    if isinstance(scale, bool) or not isinstance(scale, (int, float)) \
            or not 0.1 <= scale <= 10:
        raise InputError("scale", f"a number from 0.1 to 10, not {json.dumps(scale)[:40]}")
    if caption is not None and (not isinstance(caption, str) or len(caption) > 80):
        raise InputError("caption", "a string of up to 80 characters")
    return float(scale), caption


def moves(text: str) -> dict:
    from trainrun import read_position
    from trainrun.turn.moves import legal_moves
    return legal_moves(read_position(text))


def advise(text: str, top: int, time_limit: float, started: float, workers: int,
           stream: bool, report: Callable[[bytes], None]) -> dict:
    """``/advise``: the ranking of the turn's plans within ``time_limit`` seconds of the
    request's arrival ``started``; with ``stream``, ``{"solved", "plans", "best",
    "elapsed"}`` progress is ``report``-ed (JSON, at most every ``PROGRESS_EVERY`` s)."""
    from trainrun import read_position
    from trainrun.solver import Deadline
    from trainrun.turn.advise import advise as advise_turn
    from trainrun.turn.advise_budget import PROGRESS_EVERY
    sent = 0.0

    def progress(solved: int, plans: int, best: int | None, elapsed: float) -> None:
        nonlocal sent
        if elapsed - sent >= PROGRESS_EVERY:
            sent = elapsed
            report(_encoded({"solved": solved, "plans": plans, "best": best,
                             "elapsed": round(elapsed, 3)}))
    deadline = Deadline(time_limit, started)
    return advise_turn(read_position(text), top, time_limit, workers, deadline=deadline,
                       progress=progress if stream else None).to_dict()


def import_game(text: str, action, company, runs: bool, name: str) -> dict:
    from trainrun.replay.gamelog import own_record, position_at, read_game, run_positions
    game = read_game(text, name)
    if runs:
        return {"positions": [own_record(p) for p in run_positions(game)]}
    return own_record(position_at(game, action, company))


def audit(text: str, time_limit: float, name: str) -> dict:
    from trainrun.replay.audit import audit as audit_game
    from trainrun.replay.gamelog import read_game
    report = audit_game(read_game(text, name), time_limit)
    if report.stopped:
        raise InputError("game", f"the replay stopped at {report.stopped}")
    return report.to_json()


TASKS: dict[str, Callable[..., object]] = {
    "solve": solve, "verify": verify, "apply": apply_moves, "draw": draw, "moves": moves,
    "advise": advise, "import": import_game, "audit": audit}


REPORTING = frozenset({"advise"})   # tasks given ``report``: progress sent before the answer


def _reporter(conn) -> Callable[[bytes], None]:
    """Send a progress line (JSON bytes) on ``conn`` before the task's answer:
    ``("progress", line, 0)``, which the pool hands to the request's listener."""
    return lambda line: conn.send(("progress", line, 0))


def resident_bytes() -> int:
    """This process's resident memory (Linux ``/proc``; 0 where there is none)."""
    try:
        with open("/proc/self/statm") as fh:
            return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return 0


def _encoded(answer) -> bytes:
    """``answer`` as its HTTP body: a drawing's text, or JSON as FastAPI writes it."""
    if isinstance(answer, str):
        return answer.encode()
    return json.dumps(answer, ensure_ascii=False, allow_nan=False,
                      separators=(",", ":")).encode()


def serve_worker(conn) -> None:
    """Say ``"ready"`` on ``conn``, then answer tasks on it until the pipe closes (the
    service went away)."""
    conn.send("ready")   # the titles are loaded already (trainrun.service.workerstart)
    while True:
        try:
            task, args = conn.recv()
        except (EOFError, OSError):
            return
        extra = {"report": _reporter(conn)} if task in REPORTING else {}
        try:
            reply: tuple[str, bytes | str] = ("ok", _encoded(TASKS[task](*args, **extra)))
        except InputError as exc:
            reply = ("input", str(exc))
        except Exception as exc:  # answered as one line, never a traceback
            reply = ("internal", one_line(f"{type(exc).__name__}: {exc}"))
        conn.send((*reply, resident_bytes()))
