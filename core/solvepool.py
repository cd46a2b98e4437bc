"""A bounded pool of worker processes for the service (``trainrun.servicetasks`` runs in
them): solves never run on the event loop, a full queue is refused at once, a request is
stopped at its deadline, and a client that goes away has its work killed with its process.

``SolvePool(jobs, queue).run(task, args, deadline, gone)`` waits for a free worker (at most
``queue`` requests wait; more raise ``PoolFull``), hands it the task and returns its
answer, unless ``deadline`` (``time.monotonic()``) passes first (``Overran``) or the
``gone`` awaitable completes (the client disconnected: ``Gone``). Either way the worker
is killed and a fresh one started. A worker whose memory grew beyond ``max_rss`` bytes
is retired after its answer, so memory a solve took is given back. A task still running
after ``SPRINT`` seconds has its worker's priority lowered (and the worker replaced
after it), so short requests keep their speed while long ones run.

The pool keeps no asyncio object between calls, so it serves any event loop (a test
client starts one per request).
"""
from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from collections import deque

from .errors import InputError


SPRINT = 0.25               # seconds after which a task counts as long
LONG_TASK_NICENESS = 10     # a long task's worker runs at this niceness


class PoolFull(Exception):
    """Every worker is busy and the queue is full."""


class Overran(Exception):
    """The task did not answer by its deadline (and was killed)."""


class Gone(Exception):
    """The client disconnected (and its task was killed)."""


class TaskFailed(Exception):
    """The task raised something other than bad input (one line)."""


def _context():
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(["trainrun.servicetasks", "trainrun.plugins", "trainrun.run"])
    return ctx


class _Worker:
    def __init__(self, ctx):
        from .servicetasks import serve_worker
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=serve_worker, args=(child,), daemon=True)
        self.process.start()
        child.close()
        self.lowered = False

    def yield_to_short_tasks(self) -> None:
        """Lower the priority of every thread of this worker (its task is a long one), so
        short tasks on the other workers pass it; the worker is replaced after the task
        (priority cannot be raised back without privileges)."""
        self.lowered = True
        for task in os.listdir(f"/proc/{self.process.pid}/task") if os.path.isdir("/proc") \
                else [self.process.pid]:
            try:
                os.setpriority(os.PRIO_PROCESS, int(task), LONG_TASK_NICENESS)
            except OSError:
                pass

    def kill(self) -> None:
        self.process.kill()
        self.conn.close()
        self.process.join(timeout=5)


class SolvePool:
    def __init__(self, jobs: int, queue: int, max_rss: int = 1 << 30):
        self.jobs, self.queue, self.max_rss = jobs, queue, max_rss
        self._ctx = None
        self._idle: list[_Worker] = []
        self._busy = 0
        self._waiting: deque = deque()   # (loop, future) of requests waiting for a worker
        self._lock = threading.Lock()

    @property
    def load(self) -> dict:
        return {"jobs": self.jobs, "busy": self._busy, "waiting": len(self._waiting),
                "queue": self.queue}

    def start(self) -> None:
        """Start the workers now (else on the first request)."""
        with self._lock:
            if self._ctx is None:
                self._ctx = _context()
                self._idle = [_Worker(self._ctx) for _ in range(self.jobs)]

    def close(self) -> None:
        with self._lock:
            for worker in self._idle:
                worker.kill()
            self._idle = []

    async def run(self, task: str, args: tuple, deadline: float, gone):
        self.start()
        worker = await self._acquire(deadline)
        keep = False
        try:
            kind, answer, rss = await self._answer(worker, (task, args), deadline, gone)
            keep = rss <= self.max_rss and not worker.lowered
        finally:
            self._release(worker if keep else None, retire=None if keep else worker)
        if kind == "input":
            raise _input_error(answer)
        if kind == "internal":
            raise TaskFailed(answer)
        return answer

    async def _acquire(self, deadline: float) -> _Worker:
        loop = asyncio.get_running_loop()
        with self._lock:
            if self._idle:
                self._busy += 1
                return self._idle.pop()
            if len(self._waiting) >= self.queue:
                raise PoolFull()
            waiter = (loop, loop.create_future())
            self._waiting.append(waiter)
        try:
            return await asyncio.wait_for(waiter[1], max(deadline - time.monotonic(), 0))
        except (asyncio.TimeoutError, asyncio.CancelledError) as exc:
            with self._lock:
                if waiter in self._waiting:
                    self._waiting.remove(waiter)
            future = waiter[1]
            if future.done() and not future.cancelled():   # handed over as the wait ended
                self._release(future.result())
            if isinstance(exc, asyncio.CancelledError):
                raise
            raise Overran() from None

    def _release(self, worker: _Worker | None, retire: _Worker | None = None) -> None:
        if retire is not None:
            retire.kill()
            worker = _Worker(self._ctx)
        with self._lock:
            while self._waiting:
                loop, future = self._waiting.popleft()
                if not future.done():
                    loop.call_soon_threadsafe(_hand_over, future, worker, self)
                    return
            self._busy -= 1
            self._idle.append(worker)

    async def _answer(self, worker: _Worker, message, deadline: float, gone):
        loop = asyncio.get_running_loop()
        ready = loop.create_future()
        fd = worker.conn.fileno()
        loop.add_reader(fd, lambda: ready.done() or ready.set_result(None))
        watch = asyncio.ensure_future(gone) if gone is not None else None
        try:
            worker.conn.send(message)
            waits = {ready} | ({watch} if watch else set())
            done, _ = await asyncio.wait(waits, timeout=min(max(deadline - time.monotonic(), 0),
                                                            SPRINT),
                                         return_when=asyncio.FIRST_COMPLETED)
            if not done and time.monotonic() < deadline:
                worker.yield_to_short_tasks()
                done, _ = await asyncio.wait(waits, timeout=max(deadline - time.monotonic(), 0),
                                             return_when=asyncio.FIRST_COMPLETED)
            loop.remove_reader(fd)
            if ready in done:
                try:
                    return worker.conn.recv()
                except (EOFError, OSError):
                    return "internal", "the worker process died (out of memory?)", 1 << 62
            worker.kill()
            raise Gone() if done else Overran()
        finally:
            if not worker.conn.closed:
                loop.remove_reader(fd)
            if watch is not None:
                watch.cancel()


def _hand_over(future, worker, pool) -> None:
    if future.done():       # its request gave up meanwhile: the next one gets the worker
        pool._release(worker)
    else:
        future.set_result(worker)


def _input_error(line: str) -> InputError:
    where, _, message = line.partition(": ")
    return InputError(where, message)
