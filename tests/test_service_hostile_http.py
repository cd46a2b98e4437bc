"""The service as a real process against hostile HTTP (issue 26): idle sockets beyond
--max-connections do not lock requests out, every refusal is the one-line
``{"error": ...}`` (malformed HTTP, 404, 405, the connection limit's 503), a Host with
anything after its ``]`` is refused, too many or too large header lines answer 431,
concurrent maximal bodies keep the main process within its memory bound, and with a key
the web page still loads while the API needs the key."""
import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from test_service_process import EASY, KEY, call, post_head, raw, running_service

MEMORY_BOUND = 400 << 20   # bytes the main process stays under (README, docs/service.md)


@pytest.fixture(scope="module")
def server():
    with running_service("--jobs", "1", "--max-connections", "20",
                         "--read-timeout", "3") as (port, _):
        yield port


def reply(port: int, request: bytes) -> tuple[int, bytes, dict]:
    """Status, head and JSON body of the answer to ``request`` sent whole."""
    with raw(port, request) as s:
        s.settimeout(30)
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split()[1]), head.lower(), json.loads(body)


def one_line_error(body: dict) -> str:
    assert list(body) == ["error"] and "\n" not in body["error"]
    return body["error"]


def get(path: str, *extra: str, host: str = "localhost") -> bytes:
    lines = [f"GET {path} HTTP/1.1", f"Host: {host}", *extra, "Connection: close", "", ""]
    return "\r\n".join(lines).encode()


def test_idle_connections_beyond_the_limit_are_closed_not_every_request(server):
    idle = [socket.create_connection(("127.0.0.1", server)) for _ in range(60)]
    try:
        time.sleep(0.5)
        status, head, body = reply(server, get("/healthz"))
        assert status == 200 and body == {"ok": True}
        status, run = call(server, "/solve?time_limit=10", EASY)
        assert status == 200 and run["total"] == 60
        closed = 0
        for s in idle:
            s.settimeout(2)
            try:
                closed += s.recv(1) == b""
            except TimeoutError:
                pass
        assert closed >= 60 - 20   # the oldest idle ones, for the new connections
    finally:
        for s in idle:
            s.close()


def test_idle_connections_reopened_as_they_are_closed_do_not_lock_requests_out(server):
    stop, opened = threading.Event(), []

    def flood():   # keeps 40 idle sockets open: each one closed is opened again
        while not stop.is_set():
            opened.append(socket.create_connection(("127.0.0.1", server)))
            if len(opened) > 40:
                opened.pop(0).close()
            time.sleep(0.002)

    attacker = threading.Thread(target=flood)
    attacker.start()
    try:
        time.sleep(0.5)
        for _ in range(5):
            assert reply(server, get("/healthz"))[0] == 200
            status, run = call(server, "/solve?time_limit=10", EASY)
            assert status == 200 and run["total"] == 60
    finally:
        stop.set()
        attacker.join()
        for s in opened:
            s.close()


def test_with_every_request_slot_busy_only_health_answers_and_the_503_is_json():
    with running_service("--jobs", "1", "--max-connections", "2",
                         "--read-timeout", "5") as (port, _):
        # two requests in progress: bodies that never finish (5 s to arrive)
        slow = [raw(port, post_head("/solve", 100), b"{") for _ in range(2)]
        try:
            time.sleep(0.5)
            status, head, body = reply(port, get("/titles", f"X-API-Key: {KEY}"))
            assert status == 503 and b"retry-after: 1" in head
            assert one_line_error(body).startswith("busy: 2 requests in progress")
            assert reply(port, get("/healthz"))[0] == 200
            assert reply(port, get("/readyz", f"X-API-Key: {KEY}"))[0] == 200
        finally:
            for s in slow:
                s.close()


@pytest.mark.parametrize("request_bytes, status, start", [
    (b"GARBAGE\r\n\r\n", 400, "request: not valid HTTP/1.1"),
    (b"GET /healthz HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n", 400,
     "request: not valid HTTP/1.1"),
    (get("/nowhere", f"X-API-Key: {KEY}"), 404, "path: /nowhere is not served here"),
    (get("/static/nowhere.js"), 404, "path: /static/nowhere.js is not served here"),
    (get("/solve", f"X-API-Key: {KEY}"), 405, "method: GET is not served on /solve"),
    (post_head("/titles", 2) + b"{}", 405, "method: POST is not served on /titles"),
    (post_head("/healthz", 2, kind="text/plain") + b"{}", 405, "method: POST"),
    (post_head("/nowhere", 2) + b"{}", 404, "path: /nowhere"),
])
def test_every_refusal_is_one_json_line(server, request_bytes, status, start):
    code, head, body = reply(server, request_bytes)
    assert code == status and b"content-type: application/json" in head
    assert one_line_error(body).startswith(start)


@pytest.mark.parametrize("host, status", [("[::1]evil.com", 400), ("[::1]:80evil", 400),
                                          ("localhost:80:80", 400), ("[::1]:8018", 200),
                                          ("localhost:8018", 200), ("[::1]", 200)])
def test_the_host_is_the_whole_header(server, host, status):
    code, _, body = reply(server, get("/healthz", host=host))
    assert code == status
    if status == 400:
        assert one_line_error(body).startswith("host: ")


def test_header_lines_too_large_or_too_many_are_431(server):
    code, _, body = reply(server, get("/healthz", "X-Big: " + "a" * 20_000))
    assert code == 431 and one_line_error(body) == "headers: more than 16384 bytes"
    code, _, body = reply(server, get("/healthz", *(f"X-{i}: a" for i in range(3000))))
    assert code == 431 and one_line_error(body).startswith("headers: ")
    # a head sent in pieces is refused once it passes the bound, before it ends
    with raw(server, b"GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Big: ") as s:
        try:
            for _ in range(40):
                s.sendall(b"a" * 1000)
                time.sleep(0.005)
        except OSError:   # closed by the server meanwhile
            pass
        s.settimeout(10)
        data = s.recv(65536)
    assert data.startswith(b"HTTP/1.1 431 ")
    assert one_line_error(json.loads(data.partition(b"\r\n\r\n")[2])).startswith("headers:")


def test_with_a_key_the_page_and_its_files_are_public_the_api_is_not(server):
    for path in ("/", "/static/app.js", "/static/style.css", "/docs", "/openapi.json"):
        with raw(server, get(path)) as s:
            s.settimeout(30)
            assert s.recv(12) == b"HTTP/1.1 200", path
    status, _, body = reply(server, get("/titles"))
    assert status == 401 and one_line_error(body).startswith("key:")
    status, body = call(server, "/solve", EASY, key="wrong")
    assert status == 401


# The page's script run by node against the server, its DOM a stand-in that takes anything
# (only the calls to the service matter), the user's answer to the key prompt given
PAGE_IN_NODE = r"""
const vm = require("vm"), fs = require("fs");
const [base, key, script] = process.argv.slice(2);
const store = new Map(), body = {dataset: {}, classList: {add() {}, remove() {}}};
let asked = 0;
const anything = () => new Proxy(function () {}, {
  get: (_, name) => name === Symbol.toPrimitive ? () => "" : name === "then" ? undefined
                                                                : anything(),
  set: () => true, apply: () => anything(), construct: () => anything()});
vm.runInNewContext(fs.readFileSync(script, "utf8"), {
  document: {getElementById: anything, body}, Option: function () {}, DOMParser: anything(),
  window: {prompt: () => { asked += 1; return key; }},
  sessionStorage: {getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v)},
  fetch: (path, init) => fetch(base + path, init), console});
(async () => {
  for (let i = 0; i < 600 && body.dataset.ready !== "true"; i++) {
    await new Promise((done) => setTimeout(done, 50));
  }
  console.log(JSON.stringify({ready: body.dataset.ready === "true", asked,
                              keys: [...store.values()]}));
})();
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="runs the page's script in node")
def test_the_page_asks_for_the_key_once_and_sends_it(server, tmp_path):
    harness = tmp_path / "page.js"
    harness.write_text(PAGE_IN_NODE)
    script = Path(__file__).parent.parent / "core" / "service" / "web" / "static" / "app.js"
    res = subprocess.run(["node", str(harness), f"http://127.0.0.1:{server}", KEY,
                          str(script)], capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stderr
    # the page started: /titles and /examples answered, with the key asked for once
    assert json.loads(res.stdout) == {"ready": True, "asked": 1, "keys": [KEY]}


def _rss(pid: int) -> int:
    with open(f"/proc/{pid}/statm") as fh:
        return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads memory from /proc")
def test_256_concurrent_maximal_bodies_stay_within_the_memory_bound():
    body = b'{"title": "' + b"x" * ((8 << 20) - 13) + b'"}'
    assert len(body) == 8 << 20   # --max-body's default, each at the limit
    with running_service("--jobs", "1") as (port, pid):
        peak, done = [_rss(pid)], threading.Event()

        def watch():
            while not done.is_set():
                peak[0] = max(peak[0], _rss(pid))
                time.sleep(0.01)

        def send():
            try:
                with raw(port, post_head("/solve", len(body)), body) as s:
                    s.settimeout(120)
                    s.recv(100)
            except OSError:   # refused and closed before the whole body was sent
                pass

        watcher = threading.Thread(target=watch)
        watcher.start()
        senders = [threading.Thread(target=send) for _ in range(256)]
        for t in senders:
            t.start()
        for t in senders:
            t.join()
        done.set()
        watcher.join()
        assert peak[0] < MEMORY_BOUND, f"{peak[0] >> 20} MiB"
        status, run = call(port, "/solve?time_limit=10", EASY)
        assert status == 200 and run["total"] == 60


def test_a_port_out_of_range_is_one_line_and_exit_2():
    res = subprocess.run([sys.executable, "-m", "trainrun", "serve", "--port", "99999"],
                         capture_output=True, text=True, timeout=60)
    assert res.returncode == 2 and res.stdout == ""
    assert res.stderr == "trainrun: error: --port: 99999 is not a port (0-65535)\n"
