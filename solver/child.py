"""Work in a forked child process that the parent stops when it must, whatever the work
is doing: CP-SAT's ``solve()`` does not look at its time limit (nor at Ctrl-C) inside
some presolve steps, which can take a minute on a large model (1817 with 200 8-trains:
74,000 routes, 63 s in one step given 3 s).

``run(work, until, on_message)`` forks; the child calls ``work(send)``, each ``send(m)``
reaching the parent's ``on_message(m)`` as it comes, and returns ``work``'s value to it.
At ``until`` (``time.monotonic()``), on Ctrl-C in the parent or on any exception there,
the child is killed at once; it also dies with the parent (``die_with_parent``), so it
never outlives it holding its memory, its CPU or its stdout.
"""
from __future__ import annotations

import ctypes
import multiprocessing
import os
import queue
import signal
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

PR_SET_PDEATHSIG = 1      # prctl(2): the signal this process gets when its parent dies


class ChildFailed(Exception):
    """The work raised in the child (its one line)."""


def die_with_parent(parent: int) -> None:
    """Have the kernel kill this process when its parent (``parent``, its pid) ends, by
    ``prctl(PR_SET_PDEATHSIG)`` on Linux; gone at once if it ended already. Elsewhere a
    no-op (the caller watches its parent another way)."""
    if sys.platform.startswith("linux"):   # the C library is loaded: no search for it
        ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:
        os._exit(1)


def run(work: Callable[[Callable[[Any], None]], Any], until: float,
        on_message: Callable[[Any], None]):
    """``work(send)``'s value from a forked child, ``on_message`` called in this process
    with each message ``work`` sends meanwhile; None when ``until`` came first or the
    child died without answering (killed, out of memory). Raises ``ChildFailed`` when
    ``work`` raised."""
    reader, writer = multiprocessing.Pipe(duplex=False)
    parent = os.getpid()
    pid = os.fork()
    if pid == 0:
        _child(work, parent, reader, writer)
    writer.close()
    try:
        while True:
            left = until - time.monotonic()
            if left <= 0 or not reader.poll(left):
                return None
            try:
                kind, payload = reader.recv()
            except EOFError:
                return None
            if kind == "done":
                return payload
            if kind == "failed":
                raise ChildFailed(payload)
            on_message(payload)
    finally:
        reader.close()
        _end(pid)


def _end(pid: int) -> None:
    """Kill the child (done or not) and have it reaped off this thread: a large heap
    takes tens of milliseconds to give back."""
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:   # reaped already: not ours any more
        return
    _reaper().put(pid)


_reaping: queue.SimpleQueue = queue.SimpleQueue()
_reaper_of = 0     # the process whose reaper thread takes ``_reaping`` (none after a fork)


def _reaper() -> queue.SimpleQueue:
    """The queue of this process's reaper thread, started on first use: one thread for
    every child (starting a thread per child costs a few milliseconds of switching)."""
    global _reaping, _reaper_of
    if _reaper_of != os.getpid():
        _reaping, _reaper_of = queue.SimpleQueue(), os.getpid()
        threading.Thread(target=_reap, args=(_reaping,), daemon=True).start()
    return _reaping


def _reap(pids: queue.SimpleQueue) -> None:
    while True:
        os.waitpid(pids.get(), 0)


def _child(work, parent: int, reader, writer) -> None:
    """The child's whole life: the work, its answer on ``writer``, then ``os._exit`` (no
    atexit handler, no stdio buffer of the parent's flushed twice)."""
    code = 0
    try:
        reader.close()
        signal.signal(signal.SIGINT, signal.SIG_IGN)   # Ctrl-C is the parent's to act on
        die_with_parent(parent)
        answer = work(lambda message: writer.send(("message", message)))
        writer.send(("done", answer))
    except BaseException as exc:  # reported as one line; the parent decides
        code = 1
        try:
            writer.send(("failed", f"{type(exc).__name__}: {exc}"))
        except BaseException:  # the parent is gone
            pass
    finally:
        os._exit(code)
