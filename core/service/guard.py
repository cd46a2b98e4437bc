"""What the service refuses before any work starts, and the bounds it serves within.

``Limits`` holds the bounds (``trainrun serve`` sets them from its flags). ``Guard`` is an
ASGI middleware refusing, in this order: headers too many or too large (431); a Host not in
``allowed_hosts`` (a web page elsewhere cannot make a local server work by DNS rebinding);
any request but ``/healthz`` and ``/readyz`` while ``max_connections`` requests are in
progress (503); a missing key when one is required (the web page, its files and the API
docs are public: they hold only what the package ships). A POST to a route of the API must
be ``application/json`` (a cross-site form or ``text/plain`` POST is refused); the guard
reads its body itself within ``max_body`` bytes and ``body_timeout`` seconds, so the
routes get it whole, and only while the bodies held at once fit ``body_memory`` bytes: the
declared length is reserved before a byte is read (past the budget: 503 at once), so
however many bodies arrive, the service holds at most that many bytes of them.

``protocol_for(limits)`` is uvicorn's h11 protocol within the limits too: a request's head
must arrive within ``head_timeout`` seconds (uvicorn has a keep-alive timeout, none for a
head that never ends) and ``max_head`` bytes (431); beyond ``max_connections`` a new
connection closes the oldest idle one (no request in progress), so idle sockets cannot lock
requests out; malformed HTTP answers 400. Every refusal is a JSON one-liner
``{"error": ...}``.
"""
from __future__ import annotations

import asyncio
import hmac
import json
import os
import re
from dataclasses import dataclass, field

import h11
from fastapi.responses import JSONResponse
from uvicorn.protocols.http.h11_impl import STATUS_PHRASES, H11Protocol

from trainrun.errors import one_line

OPEN_PATHS = ("/healthz", "/readyz")   # answered without a key, and however busy
PUBLIC_PATHS = ("/", "/docs", "/openapi.json")   # the page and the API docs: no key
PUBLIC_PREFIXES = ("/static/", "/docs/assets/")  # their files: no key


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
    body_memory: int = 0           # bytes of bodies held at once (0: 8 maximal bodies)
    body_timeout: float = 10.0     # seconds to receive a body
    head_timeout: float = 10.0     # seconds to receive a request's head
    max_head: int = 16 << 10       # bytes of a request's header lines
    max_headers: int = 100         # header lines of a request
    max_connections: int = 256     # requests in progress (and connections open) at once
    max_worker_rss: int = 1 << 30  # bytes a worker may grow to before it is replaced
    api_key: str | None = None     # required in X-API-Key (or Authorization: Bearer) if set
    allowed_hosts: tuple = ("127.0.0.1", "localhost", "[::1]")   # "*": any

    def __post_init__(self):
        self.queue = self.queue or 4 * self.jobs
        self.long_jobs = min(self.long_jobs or max(self.jobs // 2, 1), self.jobs)
        self.long_queue = self.long_queue or 2 * self.long_jobs
        self.body_memory = self.body_memory or 8 * self.max_body


class ServiceError(Exception):
    """A refusal with its HTTP status and one line."""

    def __init__(self, status: int, message: str, headers: dict | None = None):
        self.status, self.message, self.headers = status, message, headers or {}


def error_response(status: int, message: str, headers: dict | None = None):
    return JSONResponse(status_code=status, content={"error": one_line(message)},
                        headers=headers)


_HOST = re.compile(r"(\[[0-9a-f:.]*\]|[^\[\]:]*)(?::[0-9]*)?", re.IGNORECASE)


def _host(value: str) -> str | None:
    """The host of a Host header, without its port (``[::1]:8018`` → ``[::1]``); None if
    the header is not ``host[:port]`` (``[::1]evil.com``)."""
    match = _HOST.fullmatch(value)
    return match.group(1).lower() if match else None


def _public(path: str) -> bool:
    return path in OPEN_PATHS or path in PUBLIC_PATHS or path.startswith(PUBLIC_PREFIXES)


def _refusal(limits: Limits, scope, posts, active: int) -> ServiceError | None:
    """Why the request is refused at once (None: it is not), ``active`` requests being in
    progress; ``posts`` are the paths that take a body."""
    raw = scope["headers"]
    if len(raw) > limits.max_headers:
        return ServiceError(431, f"headers: {len(raw)}, more than {limits.max_headers}")
    if sum(len(name) + len(value) + 4 for name, value in raw) > limits.max_head:
        return ServiceError(431, f"headers: more than {limits.max_head} bytes")
    headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in raw}
    if "*" not in limits.allowed_hosts and _host(headers.get("host", "")) \
            not in limits.allowed_hosts:
        return ServiceError(400, f"host: {headers.get('host', '')!r} is not served here "
                                 f"(--allowed-hosts)")
    if active >= limits.max_connections and scope["path"] not in OPEN_PATHS:
        return ServiceError(503, f"busy: {active} requests in progress, the most this server "
                                 f"takes; retry", {"Retry-After": "1"})
    if limits.api_key and not _public(scope["path"]):
        given = headers.get("x-api-key") or headers.get("authorization", "").removeprefix(
            "Bearer ")
        if not hmac.compare_digest(given.encode(), limits.api_key.encode()):
            return ServiceError(401, "key: missing or wrong (send it in X-API-Key)")
    if scope["method"] == "POST" and scope["path"] in posts:
        kind = headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            return ServiceError(415, f"content-type: expected application/json, got "
                                     f"{kind or 'none'!r}")
        size = headers.get("content-length")
        if size is not None and (not size.isdigit() or int(size) > limits.max_body):
            return ServiceError(413, f"body: more than {limits.max_body} bytes")
    return None


def _declared_size(scope, limits: Limits) -> int:
    """The bytes a body will take: its Content-Length (checked already), else the most."""
    size = next((v for k, v in scope["headers"] if k.lower() == b"content-length"), None)
    return int(size) if size is not None else limits.max_body


class Guard:
    """ASGI middleware: the checks above, then the body read within its bounds. ``limits``
    and ``posts`` are callables giving the Limits now and the paths whose POST takes a
    body (a POST elsewhere is the app's 404 or 405)."""

    def __init__(self, app, limits, posts):
        self.app, self.limits, self.posts = app, limits, posts
        self.active = 0   # requests in progress
        self.held = 0     # bytes reserved for the bodies of those

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        limits, posts = self.limits(), self.posts()
        refused = _refusal(limits, scope, posts, self.active)
        reads = refused is None and scope["method"] == "POST" and scope["path"] in posts
        size = _declared_size(scope, limits) if reads else 0
        if self.held + size > limits.body_memory:
            refused, reads, size = ServiceError(
                503, f"busy: the request bodies held would pass {limits.body_memory} "
                     f"bytes, the most this server holds; retry", {"Retry-After": "1"}), \
                False, 0
        self.active += 1
        self.held += size
        try:
            if reads:
                receive, refused = await _read(receive, limits)
            if refused is not None:
                response = error_response(refused.status, refused.message, refused.headers)
                return await response(scope, receive, send)
            return await self.app(scope, receive, send)
        finally:
            self.active -= 1
            self.held -= size


async def _read(receive, limits: Limits):
    """The body read within ``limits``: (a receive channel giving it, None), or (receive,
    the refusal)."""
    try:
        body = await asyncio.wait_for(_body(receive, limits.max_body), limits.body_timeout)
    except ServiceError as exc:
        return receive, exc
    except TimeoutError:
        return receive, ServiceError(408, f"body: not received within "
                                          f"{limits.body_timeout:g} s")
    return _replay(body, receive), None


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


class _Connection(h11.Connection):
    """h11's connection keeping the protocol error it raised (uvicorn's answer drops it)."""

    error: h11.RemoteProtocolError | None = None

    def next_event(self):
        try:
            return super().next_event()
        except h11.RemoteProtocolError as exc:
            self.error = exc
            raise


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol within ``limits`` (a class per server: ``protocol_for``)."""

    limits = Limits()
    idle: dict = {}   # the server's connections with no request in progress, oldest first

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.conn = self.h11 = _Connection(h11.SERVER, self.limits.max_head)

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        self._now_idle()
        open_ = sum(not c.transport.is_closing() for c in self.connections)
        over = open_ - self.limits.max_connections
        for other in [c for c in self.idle if c is not self][:max(over, 0)]:
            del self.idle[other]
            other.transport.close()

    def connection_lost(self, exc) -> None:
        self.idle.pop(self, None)
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.cycle is not None and not self.cycle.response_complete:
            self.idle.pop(self, None)   # a request in progress

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing() and self.cycle.response_complete:
            self._now_idle()   # (not when a pipelined request started meanwhile)

    def _now_idle(self) -> None:
        """No request in progress: the newest idle connection, closed if the next head is
        not in within ``head_timeout`` seconds."""
        self.idle.pop(self, None)
        self.idle[self] = None
        self.loop.call_later(self.limits.head_timeout, self._head_too_slow, self.cycle)

    def _head_too_slow(self, cycle) -> None:
        # still no new request since the timer was armed, and no answer being sent
        if self.cycle is cycle and (cycle is None or cycle.response_complete) \
                and not self.transport.is_closing():
            self.transport.close()

    def send_400_response(self, msg: str) -> None:
        """Malformed HTTP (uvicorn's plain-text 400): the JSON one-liner, 431 for a head
        beyond ``max_head``."""
        error = self.h11.error
        status = error.error_status_hint if error is not None else 400
        message = (f"headers: more than {self.limits.max_head} bytes" if status == 431
                   else f"request: not valid HTTP/1.1 ({str(error or msg).split(':')[0]})")
        body = json.dumps({"error": one_line(message)}, separators=(",", ":")).encode()
        headers = [(b"content-type", b"application/json"),
                   (b"content-length", str(len(body)).encode()), (b"connection", b"close")]
        events = (h11.Response(status_code=status, headers=headers,
                               reason=STATUS_PHRASES[status]),
                  h11.Data(data=body), h11.EndOfMessage())
        self.transport.write(b"".join(self.conn.send(event) or b"" for event in events))
        self.transport.close()


def protocol_for(limits: Limits) -> type[GuardedH11Protocol]:
    """The h11 protocol of a server within ``limits`` (with its own idle connections)."""
    return type("Protocol", (GuardedH11Protocol,), {"limits": limits, "idle": {}})
