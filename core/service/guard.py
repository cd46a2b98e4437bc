"""What the service refuses before any work starts, and the bounds it serves within.

``Limits`` holds the bounds (``trainrun serve`` sets them from its flags). ``Guard`` is an
ASGI middleware: it checks the Host header against ``allowed_hosts`` (a web page elsewhere
cannot make a local server work by DNS rebinding), the key when one is required, that a
POST body is ``application/json`` (a cross-site form or ``text/plain`` POST is refused),
and reads the body itself within ``max_body`` bytes and ``body_timeout`` seconds, so
the routes get it whole. ``HeadTimeoutH11Protocol`` is uvicorn's h11 protocol with a
deadline for a request's head (uvicorn has a keep-alive timeout, none for a head that
never ends). Every refusal is a JSON one-liner ``{"error": ...}``.
"""
from __future__ import annotations

import asyncio
import hmac
import os
from dataclasses import dataclass, field

from fastapi.responses import JSONResponse
from uvicorn.protocols.http.h11_impl import H11Protocol

from trainrun.errors import one_line

OPEN_PATHS = ("/healthz", "/readyz")   # answered without a key


@dataclass
class Limits:
    """What one caller can ask of the service."""

    jobs: int = field(default_factory=lambda: os.cpu_count() or 1)   # worker processes
    queue: int = 0                 # requests waiting for a worker (0: 4 per worker)
    long_jobs: int = 0             # workers long tasks may hold (0: half, at least 1)
    long_queue: int = 0            # long tasks waiting for one of them (0: 2 per long job)
    max_time_limit: float = 60.0   # seconds a request may ask for (and its default)
    max_workers: int = 1           # CP-SAT search workers a request may ask for
    max_body: int = 8 << 20        # bytes of a request body
    body_timeout: float = 10.0     # seconds to receive a body
    head_timeout: float = 10.0     # seconds to receive a request's head
    max_worker_rss: int = 1 << 30  # bytes a worker may grow to before it is replaced
    api_key: str | None = None     # required in X-API-Key (or Authorization: Bearer) if set
    allowed_hosts: tuple = ("127.0.0.1", "localhost", "[::1]")   # "*": any

    def __post_init__(self):
        self.queue = self.queue or 4 * self.jobs
        self.long_jobs = min(self.long_jobs or max(self.jobs // 2, 1), self.jobs)
        self.long_queue = self.long_queue or 2 * self.long_jobs


class ServiceError(Exception):
    """A refusal with its HTTP status and one line."""

    def __init__(self, status: int, message: str, headers: dict | None = None):
        self.status, self.message, self.headers = status, message, headers or {}


def error_response(status: int, message: str, headers: dict | None = None):
    return JSONResponse(status_code=status, content={"error": one_line(message)},
                        headers=headers)


def _host(value: str) -> str:
    """The host of a Host header, without its port (``[::1]:8018`` → ``[::1]``)."""
    if value.startswith("["):
        return value[:value.find("]") + 1]
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


def _refusal(limits: Limits, scope) -> ServiceError | None:
    headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
    if "*" not in limits.allowed_hosts and _host(headers.get("host", "")).lower() \
            not in limits.allowed_hosts:
        return ServiceError(400, f"host: {headers.get('host', '')!r} is not served here "
                                 f"(--allowed-hosts)")
    if limits.api_key and scope["path"] not in OPEN_PATHS:
        given = headers.get("x-api-key") or headers.get("authorization", "").removeprefix(
            "Bearer ")
        if not hmac.compare_digest(given.encode(), limits.api_key.encode()):
            return ServiceError(401, "key: missing or wrong (send it in X-API-Key)")
    if scope["method"] == "POST":
        kind = headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            return ServiceError(415, f"content-type: expected application/json, got "
                                     f"{kind or 'none'!r}")
        size = headers.get("content-length")
        if size is not None and (not size.isdigit() or int(size) > limits.max_body):
            return ServiceError(413, f"body: more than {limits.max_body} bytes")
    return None


class Guard:
    """ASGI middleware: the checks above, then the body read within its bounds."""

    def __init__(self, app, limits):
        self.app, self.limits = app, limits   # limits: a callable giving the Limits now

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        limits = self.limits()
        refused = _refusal(limits, scope)
        if refused is None and scope["method"] == "POST":
            try:
                body = await asyncio.wait_for(_body(receive, limits.max_body),
                                              limits.body_timeout)
            except ServiceError as exc:
                refused = exc
            except TimeoutError:
                refused = ServiceError(408, f"body: not received within "
                                            f"{limits.body_timeout:g} s")
            else:
                receive = _replay(body, receive)
        if refused is not None:
            response = error_response(refused.status, refused.message, refused.headers)
            return await response(scope, receive, send)
        return await self.app(scope, receive, send)


async def _body(receive, most: int) -> bytes:
    parts, size = [], 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            raise ServiceError(499, "the client went away")
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > most:
            raise ServiceError(413, f"body: more than {most} bytes")
        parts.append(chunk)
        if not message.get("more_body", False):
            return b"".join(parts)


def _replay(body: bytes, receive):
    """A receive channel giving ``body`` whole, then what the client sends (its going away)."""
    sent = False

    async def replay():
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()
    return replay


class HeadTimeoutH11Protocol(H11Protocol):
    """uvicorn's h11 protocol closing a connection whose request head is not in after
    ``head_timeout`` seconds (from the connection, or from the previous answer)."""

    head_timeout = 10.0

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        self._arm_head_timer()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._arm_head_timer()

    def _arm_head_timer(self) -> None:
        self.loop.call_later(self.head_timeout, self._head_too_slow, self.cycle)

    def _head_too_slow(self, cycle) -> None:
        # still no new request since the timer was armed, and no answer being sent
        if self.cycle is cycle and (cycle is None or cycle.response_complete) \
                and not self.transport.is_closing():
            self.transport.close()
