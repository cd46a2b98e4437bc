"""A pool task's answer streamed as JSON lines (``application/x-ndjson``): the task's progress
lines as they come, then its answer, or the error that ended it.

``ndjson(start, key, message_of)`` yields ``{"progress": <line>}`` for each progress line
the task sends (``start(on_progress)`` starts it: ``SolvePool.run`` with that listener),
then ``{<key>: <the answer>}``, or ``{"error": <one line>}`` (the house's error shape:
bad input is its own line, ``message_of`` gives any other error's). Lines are
written as they come; a client that goes away ends the generator, and the task is
cancelled with it (the pool retires its worker).
"""
from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Awaitable, Callable

from trainrun.errors import InputError


def _line(key: str, body: bytes) -> bytes:
    return b'{"' + key.encode() + b'":' + body + b"}\n"


async def ndjson(start: Callable[[Callable[[bytes], None]], Awaitable[bytes]], key: str,
                 message_of: Callable[[Exception], str]) -> AsyncIterator[bytes]:
    """The lines of one streamed answer (see the module)."""
    lines: asyncio.Queue[bytes] = asyncio.Queue()
    job = asyncio.ensure_future(start(lines.put_nowait))
    getter: asyncio.Future | None = None
    try:
        while not job.done():
            getter = asyncio.ensure_future(lines.get())
            await asyncio.wait({getter, job}, return_when=asyncio.FIRST_COMPLETED)
            if getter.done():
                yield _line("progress", getter.result())
            else:
                getter.cancel()
        while not lines.empty():
            yield _line("progress", lines.get_nowait())
        try:
            answer = job.result()
        except InputError as exc:
            yield (json.dumps({"error": str(exc)}, ensure_ascii=False) + "\n").encode()
            return
        except Exception as exc:
            yield (json.dumps({"error": message_of(exc)}, ensure_ascii=False) + "\n").encode()
            return
        yield _line(key, answer)
    finally:
        for pending in (job, getter):
            if pending is not None and not pending.done():
                pending.cancel()
