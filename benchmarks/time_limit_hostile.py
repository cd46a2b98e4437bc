"""The worst overrun of ``time_limit`` over a hostile set: for each input the service
accepts, how far past its limit the answer came, in the API (the whole call, reading
included, the title loaded: the command line less Python's start) and over HTTP (a real
``trainrun serve``, one worker, the request's arrival to its answer).

The set: the hard boards of ``time_limit_report.py``; 1817 15528's last board with 200
and 1,000 8-trains (``MAX_TRAINS``, the most a position holds); ``MUTANTS`` positions of
the position fuzzer (``tests/mutator.py``, seed 26) that trainrun accepts. The promise
is T + 10 % + 50 ms.

    taskset -c 0 python benchmarks/time_limit_hostile.py [--mutants N]
"""
import argparse
import json
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from corpus_checks import corpus_lines  # noqa: E402
from mutator import mutants, sources  # noqa: E402
from test_service_process import KEY, running_service  # noqa: E402

from trainrun import read_position  # noqa: E402
from trainrun.errors import InputError  # noqa: E402
from trainrun.routes.solve import solve  # noqa: E402
from trainrun.solver import Deadline  # noqa: E402

LIMITS = (0.05, 0.2, 1.0)
MUTANTS = 300


def hostile(count: int) -> list[tuple[str, str, str | None]]:
    """(name, position text, trains or None) of the set."""
    late_18pa = (ROOT / "examples" / "18pa-late-game.json").read_text()
    last_1817 = json.dumps(next(d for d in reversed(corpus_lines("1817"))
                                if d["fixture"] == "15528.json"))
    boards = [("18PA late game, 4+4+5+5+5", late_18pa, "4,4,5,5,5"),
              ("1817 last board, 8+8+6+6", last_1817, "8,8,6,6"),
              ("1817 last board, 200 8-trains", last_1817, ",".join(["8"] * 200)),
              ("1817 last board, 1,000 8-trains (the most a position holds)", last_1817,
               ",".join(["8"] * 1000))]
    for n, data in enumerate(mutants(26, count, sources())):
        text = json.dumps(data)
        try:
            read_position(text)
        except InputError:
            continue
        boards.append((f"mutant {n}", text, None))
    return boards


def in_api(text: str, trains: str | None, limit: float) -> float:
    start = time.monotonic()
    deadline = Deadline(limit, start)
    solve(read_position(text), trains=trains.split(",") if trains else None,
          deadline=deadline)
    return time.monotonic() - start


def over_http(port: int, text: str, trains: str | None, limit: float) -> float:
    query = f"time_limit={limit:g}" + (f"&trains={trains}" if trains else "")
    request = urllib.request.Request(f"http://127.0.0.1:{port}/solve?{query}",
                                     data=text.encode(), method="POST",
                                     headers={"Content-Type": "application/json",
                                              "X-API-Key": KEY})
    start = time.monotonic()
    try:
        urllib.request.urlopen(request, timeout=600).read()
    except urllib.error.HTTPError as exc:
        if exc.code != 400:   # refused in one line
            answer = exc.read()[:200]
            raise SystemExit(f"HTTP {exc.code} at a {limit} s limit: {answer!r}") from None
    return time.monotonic() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mutants", type=int, default=MUTANTS)
    count = parser.parse_args().mutants
    boards = hostile(count)
    print(f"{len(boards)} inputs ({len(boards) - 4} accepted mutants of {count})")
    print("| limit | where | worst over the promise | worst input | worst time |")
    print("|---|---|---|---|---|")
    with running_service("--jobs", "1") as (port, _):
        for limit in LIMITS:
            for where, timed in (("API", lambda t, tr, lim: in_api(t, tr, lim)),
                                 ("HTTP", lambda t, tr, lim: over_http(port, t, tr, lim))):
                worst = max(((timed(text, trains, limit), name) for name, text, trains
                             in boards), key=lambda pair: pair[0])
                promise = limit * 1.1 + 0.05
                print(f"| {limit:g} s | {where} | {(worst[0] - promise) * 1000:+.0f} ms | "
                      f"{worst[1]} | {worst[0]:.3f} s |", flush=True)


if __name__ == "__main__":
    main()
