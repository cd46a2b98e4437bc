"""Many positions at once: read the input lines, run one task per line on this process, a
pool of processes or a Dask cluster, and give the records back in input order.

A task is a picklable callable taking one line's text and returning a JSON-ready dict; it
must answer every input (an error record, never an exception). ``read_lines`` numbers the
lines so every record can say which line it answers (``line``, counted from 1); a batch
record also says what that line held (``line_digest``, ``identified``), so that
``--resume`` keeps only records of the same input.

Worker processes can die (killed, out of memory): the pool is restarted and the lines it
held are run again; a line whose worker dies three times is answered with an error record.
On Dask the scheduler re-runs a dead worker's tasks itself. The batch process dying
(Ctrl-C, SIGTERM, ``kill -9``), its workers end with it (``_die_with``), holding neither
memory nor its stdout and stderr.
"""
from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import select
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from trainrun.errors import InputError
from trainrun.formats.reading import titled_object
from trainrun.jsontext import load_json
from trainrun.routes.solve import Deadline
from trainrun.title_solver import TitleSolver

# a line whose worker died this many times is not run again
MAX_ATTEMPTS = 3


@dataclass(frozen=True)
class Line:
    """One input line: its number in the file (from 1) and its text, or why it is
    unreadable; read from a file, the digest of its bytes (``digest``)."""

    number: int
    text: str
    unreadable: str = ""
    digest: str = ""


def digest(raw: bytes) -> str:
    """What identifies a line's bytes in its record (``line_digest``): 16 hex digits of
    BLAKE2b."""
    return hashlib.blake2b(raw, digest_size=8).hexdigest()


def read_lines(data: bytes) -> list[Line]:
    """The lines of a JSON-lines file. Only ``\\n`` ends a line (JSON text may hold U+2028);
    a line that is empty is skipped, one that is not UTF-8 is kept as unreadable."""
    lines = []
    for number, raw in enumerate(data.split(b"\n"), start=1):
        raw = raw.removesuffix(b"\r")
        if not raw:
            continue
        try:
            lines.append(Line(number, raw.decode("utf-8"), digest=digest(raw)))
        except UnicodeDecodeError as exc:
            lines.append(Line(number, "", f"not UTF-8 text (byte {exc.start + 1})",
                              digest(raw)))
    return lines


def identified(records: Iterator[dict], lines: list[Line]) -> Iterator[dict]:
    """The records of ``lines`` (in their order), each with its line's ``line_digest``
    after its ``line``."""
    for line, record in zip(lines, records):
        yield {"line": record["line"], "line_digest": line.digest, **record}


def position_record(text: str, answer: Callable[[object], dict]) -> dict:
    """The record of one line holding a position: its ``fixture`` and ``action``, then
    ``answer(the line's JSON)``, or ``status`` "error" with the one-line ``error``."""
    record: dict = {}
    try:
        data = load_json(text, "position")
        if isinstance(data, dict):
            record = {k: data[k] for k in ("fixture", "action") if k in data}
        return {**record, **answer(data)}
    except InputError as exc:
        return {**record, "status": "error", "error": str(exc)}
    except Exception as exc:  # one bad position must not stop the others
        return {**record, "status": "error",
                "error": f"internal error ({type(exc).__name__}: {exc})"}


# this process's solver of each title met (by the name a line gives), kept between lines
_SOLVERS: dict[str, TitleSolver] = {}


def solve_record(text: str, time_limit: float, workers: int = 1, trains=None) -> dict:
    """The ``trainrun batch`` record of one line (``position_record``): the run
    (``title``, ``company``, ``total``, ``status``, ``bound``, ``seconds``, ``routes``),
    by this process's ``TitleSolver`` of the line's title. ``time_limit`` counts from here
    (reading the line included); ``trains`` runs those trains (``trainrun.board.trainset``)."""
    deadline = Deadline(time_limit)

    def answer(data) -> dict:
        data = titled_object(data, "position", "expected a JSON object")
        name = str(data["title"])
        if name not in _SOLVERS:
            _SOLVERS[name] = TitleSolver(name)
        run = _SOLVERS[name].solve(data, workers=workers, trains=trains, deadline=deadline)
        return {"title": run.title, "company": run.company, "total": run.total,
                "status": run.status, "bound": run.bound, "seconds": run.seconds,
                "routes": [{"train": r.train, "train_name": r.train_name,
                            "revenue": r.revenue, "visited": r.visited, "stops": r.stops,
                            "chains": r.chains} for r in run.routes]}
    return position_record(text, answer)


def run_task(task: Callable[[str], dict], line: Line) -> dict:
    """``task`` on one line, its record numbered; an unreadable line gets an error record."""
    if line.unreadable:
        return {"line": line.number, "status": "error", "error": f"line {line.number}: "
                                                                  f"{line.unreadable}"}
    return {"line": line.number, **task(line.text)}


def _died(line: Line) -> dict:
    return {"line": line.number, "status": "error",
            "error": f"line {line.number}: the worker solving it died {MAX_ATTEMPTS} times"}


def run_lines(task: Callable[[str], dict], lines: list[Line], jobs: int = 1,
              dask: str | None = None) -> Iterator[dict]:
    """The record of every line, in input order: in this process (``jobs`` 1), on ``jobs``
    worker processes (0: one per core), or on the Dask scheduler at address ``dask``."""
    jobs = jobs or os.cpu_count() or 1
    if dask:
        yield from _on_dask(task, lines, dask)
    elif jobs > 1:
        yield from _on_pool(task, lines, jobs)
    else:
        for line in lines:
            yield run_task(task, line)


def _on_pool(task, lines: list[Line], jobs: int) -> Iterator[dict]:
    done: dict[int, dict] = {}
    attempts: Counter = Counter()
    todo = list(range(len(lines)))
    emitted = 0
    # workers forked from a clean server process that has imported the solver once (a
    # plain fork after the solver's threads started is unsafe; spawn re-imports per worker)
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["trainrun.title_solver"])
    while todo:
        alone = [i for i in todo if attempts[i] >= MAX_ATTEMPTS - 1]
        batch = alone[:1] or todo
        pool = ProcessPoolExecutor(max_workers=1 if alone else jobs, mp_context=context,
                                   initializer=_die_with, initargs=(os.getpid(),))
        try:
            futures = {i: pool.submit(run_task, task, lines[i]) for i in batch}
            for i in batch:
                try:
                    done[i] = futures[i].result()
                except BrokenProcessPool:
                    break
                while emitted in done:
                    yield done.pop(emitted)
                    emitted += 1
        except BaseException:
            _stop(pool)
            raise
        pool.shutdown(wait=True, cancel_futures=True)
        for i, future in futures.items():
            if i not in done and future.done() and future.exception() is None:
                done[i] = future.result()
        finished = set(done) | set(range(emitted))
        for i in batch:
            if i not in finished:
                attempts[i] += 1
                if attempts[i] >= MAX_ATTEMPTS:
                    done[i] = _died(lines[i])
        todo = [i for i in todo if i not in done and i >= emitted]
        while emitted in done:
            yield done.pop(emitted)
            emitted += 1


def _die_with(batch: int) -> None:
    """A worker's start: end this process when the batch process ``batch`` ends, however
    it ends. Its parent is the fork server, which waits for its workers, and a worker
    waits for work that will not come: a thread of its own watches ``batch`` through a
    pidfd (Linux 5.3 on; elsewhere the worker is not watched)."""
    try:
        watched = os.pidfd_open(batch)
    except ProcessLookupError:   # it ended already
        os._exit(1)
    except (AttributeError, OSError):
        return

    def watch() -> None:
        select.select([watched], [], [])
        os._exit(1)
    threading.Thread(target=watch, daemon=True).start()


def _stop(pool: ProcessPoolExecutor) -> None:
    """Stop at once (Ctrl-C): cancel what waits, end the workers without waiting."""
    processes = list(getattr(pool, "_processes", {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()


def _on_dask(task, lines: list[Line], address: str) -> Iterator[dict]:
    try:
        from distributed import Client  # lazy: optional (the dask extra)
    except ImportError:
        raise InputError("--dask", "needs the dask extra: pip install 'trainrun[dask]'") from None
    try:
        client = Client(address, timeout=10)
    except (OSError, TimeoutError) as exc:
        raise InputError("--dask", f"no Dask scheduler at {address} ({exc})") from None
    with client:
        futures = client.map(run_task, [task] * len(lines), lines, pure=False,
                             retries=MAX_ATTEMPTS - 1)
        try:
            for line, future in zip(lines, futures):
                try:
                    yield future.result()
                except Exception:  # KilledWorker: every retry's worker died
                    yield _died(line)
        finally:
            client.cancel(futures)


def completed_records(path: str, lines: list[Line]) -> int:
    """How many records an interrupted output file ``path`` already holds for ``lines``
    (``--resume``); a record cut off mid-line is removed from the file."""
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except FileNotFoundError:
        return 0
    except OSError as exc:
        raise InputError("--output", f"{path}: {exc.strerror}") from None
    whole = data[:data.rfind(b"\n") + 1]
    if len(whole) < len(data):
        with open(path, "r+b") as fh:
            fh.truncate(len(whole))
    records = whole.split(b"\n")[:-1]
    for k, raw in enumerate(records):
        try:
            record = json.loads(raw)
            number, held = record.get("line"), record.get("line_digest")
        except (ValueError, AttributeError):
            number = held = None
        expected = lines[k] if k < len(lines) else None
        if expected is None or number != expected.number:
            raise InputError("--resume", f"{path} record {k + 1} answers line {number}, not "
                                         f"line {expected and expected.number} of this "
                                         f"input: not its output")
        if held != expected.digest:
            raise InputError("--resume", f"{path} record {k + 1} answers another line "
                                         f"{number} than this input's (line_digest "
                                         f"{held}, not {expected.digest}): not its output")
    return len(records)
