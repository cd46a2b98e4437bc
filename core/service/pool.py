"""A bounded pool of worker processes for the service (``trainrun.service.tasks`` runs in
them), in two lanes: solves never run on the event loop, a full queue is refused at once,
a request is stopped at its deadline, a client that goes away has its work dropped, and
long tasks cannot take the workers short ones need.

``SolvePool(jobs, queue, long_jobs, long_queue).run(task, args, deadline, gone)`` hands
``(task, args)`` to a worker and returns its answer, unless ``deadline``
(``time.monotonic()``) passes first (``Overran``) or the ``gone`` awaitable completes (the
client disconnected: ``Gone``); either way the request leaves its queue at once, or its
worker is killed and a fresh one started.

Every request starts in the short lane: it waits for any free worker (at most ``queue``
wait; more raise ``PoolFull``). The hardness of a task is measured, not guessed: once its
worker has spent ``SPRINT`` seconds of CPU on it (wall time where there is no ``/proc``),
the task is long. A long task keeps its worker if fewer than ``long_jobs`` workers hold long
tasks (its priority is lowered, so short tasks on the other workers pass it); otherwise its
worker is killed and replaced and the request waits in the long lane's own queue (at most
``long_queue``; more raise ``PoolFull``) for a long slot, then starts again at low priority
from the beginning, within the same deadline. So at least ``jobs - long_jobs`` workers are
always left to short tasks, and a long task wastes at most one sprint of work. Work seen
long before (``same_as``; the last ``LONG_MEMORY``) starts in the long lane at once, so a
client retrying after a 503 spends no second sprint.

A worker that held a long task, or whose memory grew beyond ``max_rss`` bytes, is retired
after its answer (priority cannot be raised back without privileges; memory a solve took is
given back). Workers are forked from a fork server that has every title loaded and its
heap frozen (``trainrun.service.workerstart``), so none parses a title on a request, and each says
it is ready before it is given a task.

The pool keeps no asyncio object between calls, so it serves any event loop (a test
client starts one per request).
"""
from __future__ import annotations

import asyncio
import hashlib
import multiprocessing
import os
import pickle
import sys
import threading
import time
from collections import OrderedDict, deque

from trainrun.errors import InputError

SPRINT = 0.1                # CPU seconds after which a task counts as long
TICK = 0.01                 # seconds at least between looks at a short task's CPU time
CORES = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else \
    os.cpu_count() or 1         # where the workers may run
LONG_TASK_NICENESS = 10     # a long task's worker runs at this niceness
LONG_MEMORY = 1024          # requests remembered as long


class PoolFull(Exception):
    """Every worker of the request's lane is busy and the lane's queue is full."""

    def __init__(self, long: bool):
        super().__init__("long" if long else "short")
        self.long = long


class Overran(Exception):
    """The task did not answer by its deadline (and was killed)."""


class Gone(Exception):
    """The client disconnected (and its task was dropped or killed)."""


class TaskFailed(Exception):
    """The task raised something other than bad input (one line)."""


class _Long(Exception):
    """The task ran past its sprint while every long slot was taken (its worker killed)."""


def _context():
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(["trainrun.service.workerstart"])
    return ctx


class _Worker:
    def __init__(self, ctx):
        from trainrun.service.tasks import serve_worker  # lazy: no task's code in the main process
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=serve_worker, args=(child,), daemon=True)
        self.process.start()
        child.close()
        self.conn.recv()            # "ready": its start is not counted in its first task
        self.lowered = False        # runs a long task (holds a long slot)
        self.spent = 0.0            # CPU seconds of its last task
        self.proc = os.path.isdir(f"/proc/{self.process.pid}")   # its CPU time readable
        self.cpu = 0.0              # the last CPU time read

    def cpu_seconds(self) -> float:
        """CPU time this worker has used, every thread and every child process once
        ended (a solve's CP-SAT runs in one); wall time where there is no ``/proc``; the
        last reading once the process is gone: its end is seen on its pipe."""
        if not self.proc:
            return time.monotonic()
        try:
            with open(f"/proc/{self.process.pid}/stat") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
        except OSError:
            return self.cpu
        self.cpu = sum(int(f) for f in fields[11:15]) / os.sysconf("SC_CLK_TCK")
        return self.cpu

    def yield_to_short_tasks(self) -> None:
        """Lower the priority of every thread of this worker (its task is a long one), so
        short tasks on the other workers pass it; the worker is retired after the task."""
        self.lowered = True
        try:
            threads = (os.listdir(f"/proc/{self.process.pid}/task") if self.proc
                       else [self.process.pid])
        except OSError:   # the process is gone: its end is seen on its pipe
            return
        for task in threads:
            try:
                os.setpriority(os.PRIO_PROCESS, int(task), LONG_TASK_NICENESS)
            except OSError:
                pass

    def kill(self) -> None:
        """Kill the process; not waiting for it to end (``join`` does)."""
        self.process.kill()
        self.conn.close()

    def join(self) -> None:
        self.process.join(timeout=5)


class SolvePool:
    def __init__(self, jobs: int, queue: int, long_jobs: int, long_queue: int,
                 max_rss: int = 1 << 30):
        self.jobs, self.queue, self.max_rss = jobs, queue, max_rss
        self.long_jobs, self.long_queue = long_jobs, long_queue
        self._ctx = None
        self._idle: list[_Worker] = []
        self._busy = 0
        self._long = 0                   # long slots taken
        self._waiting: deque = deque()   # (loop, future) of short-lane requests
        self._long_waiting: deque = deque()
        self._ran_long: OrderedDict = OrderedDict()   # digests of work that ran long
        self._lock = threading.Lock()
        self._closed = False

    @property
    def load(self) -> dict:
        return {"jobs": self.jobs, "busy": self._busy, "waiting": len(self._waiting),
                "queue": self.queue, "long_jobs": self.long_jobs, "long_busy": self._long,
                "long_waiting": len(self._long_waiting), "long_queue": self.long_queue}

    def start(self) -> None:
        """Start the workers now (else on the first request)."""
        with self._lock:
            if self._ctx is None:
                self._ctx = _context()
                self._idle = [_Worker(self._ctx) for _ in range(self.jobs)]

    def close(self) -> None:
        with self._lock:
            self._closed = True   # a worker started after this is not handed out
            for worker in self._idle:
                worker.kill()
                worker.join()
            self._idle = []

    async def run(self, task: str, args: tuple, deadline: float, gone, same_as=None,
                  on_progress=None):
        """``task(*args)``'s answer. ``same_as`` is what makes two requests the same work
        (default: ``task`` and ``args``), for the memory of work that ran long;
        ``on_progress`` is called with each progress line the task sends before its answer
        (``trainrun.service.tasks.REPORTING``)."""
        self.start()
        key = _digest((task, args) if same_as is None else same_as)
        watch = asyncio.ensure_future(gone) if gone is not None else None
        try:
            long = key in self._ran_long
            while True:
                worker = await self._acquire(deadline, watch, long)
                try:
                    kind, answer, rss = await self._answer(worker, (task, args), deadline,
                                                           watch, long, key, on_progress)
                except _Long:
                    long = True
                    continue
                except BaseException:
                    self._give(worker, retire=True)
                    raise
                self._remember(key, worker.spent >= SPRINT)
                self._give(worker, retire=rss > self.max_rss or worker.lowered)
                break
        finally:
            if watch is not None:
                watch.cancel()
        if kind == "input":
            raise _input_error(answer)
        if kind == "internal":
            raise TaskFailed(answer)
        return answer

    async def _acquire(self, deadline: float, watch, long: bool) -> _Worker:
        """A worker for a request of the short lane, or with a long slot for the long."""
        loop = asyncio.get_running_loop()
        waiting, most = (self._long_waiting, self.long_queue) if long \
            else (self._waiting, self.queue)
        with self._lock:
            if self._idle and (not long or self._long < self.long_jobs):
                self._busy += 1
                self._long += long
                return self._take(long)
            if len(waiting) >= most:
                raise PoolFull(long)
            waiter = (loop, loop.create_future())
            waiting.append(waiter)
        future = waiter[1]
        try:
            done, _ = await asyncio.wait({future} | ({watch} if watch else set()),
                                         timeout=max(deadline - time.monotonic(), 0),
                                         return_when=asyncio.FIRST_COMPLETED)
        except asyncio.CancelledError:
            self._leave(waiter, waiting, long)
            raise
        if future in done:
            if long:
                future.result().yield_to_short_tasks()
            return future.result()
        self._leave(waiter, waiting, long)
        raise Gone() if done else Overran()

    def _leave(self, waiter, waiting: deque, long: bool) -> None:
        """``waiter`` gives up: out of its queue at once (no worker is spent on it), and a
        worker already handed to it is passed on."""
        with self._lock:
            if waiter in waiting:
                waiting.remove(waiter)
        future = waiter[1]
        if future.done() and not future.cancelled():
            self._give(future.result(), retire=False, freed_long=long)
        else:
            future.cancel()

    def _remember(self, key: bytes, long: bool) -> None:
        with self._lock:
            if long:
                self._ran_long[key] = True
                self._ran_long.move_to_end(key)
                if len(self._ran_long) > LONG_MEMORY:
                    self._ran_long.popitem(last=False)
            else:
                self._ran_long.pop(key, None)

    def _take(self, long: bool) -> _Worker:
        worker = self._idle.pop()
        if long:
            worker.yield_to_short_tasks()
        return worker

    def _give(self, worker: _Worker, retire: bool, freed_long: bool | None = None) -> None:
        """``worker`` is free (replaced first if ``retire``): to a long-lane request if a
        long slot is free, else to a short-lane one, else idle."""
        freed_long = worker.lowered if freed_long is None else freed_long
        if retire:   # off the event loop: a dying process may take a while at low priority
            worker.kill()
            threading.Thread(target=self._replace, args=(worker, freed_long),
                             daemon=True).start()
            return
        with self._lock:
            self._long -= freed_long
            while self._long_waiting and self._long < self.long_jobs:
                loop, future = self._long_waiting.popleft()
                if not future.done():
                    self._long += 1
                    loop.call_soon_threadsafe(_hand_over, future, worker, self, True)
                    return
            while self._waiting:
                loop, future = self._waiting.popleft()
                if not future.done():
                    loop.call_soon_threadsafe(_hand_over, future, worker, self, False)
                    return
            self._busy -= 1
            self._idle.append(worker)

    def _replace(self, worker: _Worker, freed_long: bool) -> None:
        worker.join()
        try:
            fresh = _Worker(self._ctx)
        except Exception as exc:   # the pool is one worker short: say so, keep its count
            print(f"trainrun serve: a worker could not be started ({type(exc).__name__}: "
                  f"{exc}); {self.jobs - 1} left", file=sys.stderr, flush=True)
            with self._lock:
                self._busy -= 1
                self._long -= freed_long
                self.jobs -= 1
            return
        if self._closed:
            fresh.kill()
            fresh.join()
            return
        self._give(fresh, retire=False, freed_long=freed_long)

    def _promote(self, worker: _Worker) -> bool:
        """Take a long slot for ``worker``'s task if one is free."""
        with self._lock:
            if self._long >= self.long_jobs:
                return False
            self._long += 1
        worker.yield_to_short_tasks()
        return True

    async def _answer(self, worker: _Worker, message, deadline: float, watch, long: bool,
                      key: bytes, on_progress=None):
        """``worker``'s reply to ``message`` (progress lines before it go to
        ``on_progress``); a short task that runs past its sprint is remembered as long
        (``key``) and takes a long slot, or (none free) has its worker replaced and raises
        ``_Long``."""
        start = worker.cpu_seconds()
        worker.conn.send(message)
        while True:
            done, ready, long = await self._readable(worker, deadline, watch, long, key,
                                                     start)
            if ready not in done:
                break
            try:
                reply = worker.conn.recv()
            except (EOFError, OSError):
                return "internal", "the worker process died (out of memory?)", 1 << 62
            if reply[0] != "progress":
                worker.spent = worker.cpu_seconds() - start
                return reply
            if on_progress is not None:
                on_progress(reply[1])
        if not long and not done and time.monotonic() < deadline:
            self._give(worker, retire=True, freed_long=False)
            raise _Long()
        raise Gone() if done else Overran()   # the caller retires the worker

    async def _readable(self, worker: _Worker, deadline: float, watch, long: bool,
                        key: bytes, start: float) -> tuple:
        """Wait until ``worker``'s pipe has a message, the client goes away (``watch``) or
        the deadline passes: (what is done, the pipe's future, whether the task is long
        now). A short task past its sprint (CPU since ``start``) is promoted as ``_answer``
        says; unpromoted, the wait ends with nothing done."""
        loop = asyncio.get_running_loop()
        ready = loop.create_future()
        fd = worker.conn.fileno()

        def wake() -> None:
            if not ready.done():
                ready.set_result(None)
        loop.add_reader(fd, wake)
        waits = {ready} | ({watch} if watch else set())
        done: set[asyncio.Future] = set()
        try:
            used = worker.cpu_seconds() - start
            while not done and time.monotonic() < deadline:
                # the task cannot spend its sprint sooner than on every core at once
                left = max(deadline - time.monotonic(), 0)
                done, _ = await asyncio.wait(waits, timeout=left if long else min(
                    left, max((SPRINT - used) / CORES, TICK)),
                    return_when=asyncio.FIRST_COMPLETED)
                used = worker.cpu_seconds() - start
                if not (done or long) and used >= SPRINT:
                    self._remember(key, True)
                    long = self._promote(worker)
                    if not long:
                        break
        finally:
            loop.remove_reader(fd)   # before any kill: a new pipe may reuse the number
        return done, ready, long


def _hand_over(future, worker, pool, long: bool) -> None:
    if future.done():       # its request gave up meanwhile: the next one gets the worker
        pool._give(worker, retire=False, freed_long=long)
    else:
        future.set_result(worker)


def _digest(work) -> bytes:
    return hashlib.blake2b(pickle.dumps(work), digest_size=16).digest()


def _input_error(line: str) -> InputError:
    where, _, message = line.partition(": ")
    return InputError(where, message)
