"""``trainrun batch --jobs 2``: its worker processes end with it, however it ends (Ctrl-C,
SIGTERM, ``kill -9``), and nothing is left holding its stdout and stderr, so a caller
reading its output to the end is not kept waiting. Before, the workers (children of the
fork server, which waits for them) lived on, each waiting for work that would not come.
Real processes, each busy on a line for 30 s when the batch is ended."""
import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from corpus_checks import corpus_lines
from processes import alive, tree

TRAINS = ",".join(["8"] * 200)


def _lines(tmp_path: Path) -> str:
    line = next(d for d in reversed(corpus_lines("1817")) if d["fixture"] == "15528.json")
    path = tmp_path / "four.jsonl"
    path.write_text((json.dumps(line) + "\n") * 4)
    return str(path)


def _read_to_end(process: subprocess.Popen, seconds: float) -> bool:
    """Read the process's stdout and stderr until both are closed by every process
    holding them (True), or ``seconds`` pass (False); the process is not reaped."""
    pipes = [process.stdout, process.stderr]
    end = time.monotonic() + seconds
    while pipes and time.monotonic() < end:
        ready, _, _ = select.select(pipes, [], [], max(end - time.monotonic(), 0))
        for pipe in ready:
            if not os.read(pipe.fileno(), 65536):
                pipes.remove(pipe)
    return not pipes


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM, signal.SIGKILL],
                         ids=["SIGINT", "SIGTERM", "SIGKILL"])
def test_workers_end_with_the_batch(tmp_path, sig):
    process = subprocess.Popen([sys.executable, "-m", "trainrun", "batch", "--jobs", "2",
                                "--no-progress", "--trains", TRAINS, "--time-limit", "30",
                                _lines(tmp_path)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    below: list[int] = []
    try:
        start = time.monotonic()
        # the resource tracker, the fork server and the two workers
        while len(below) < 4 and time.monotonic() - start < 30:
            time.sleep(0.1)
            below = tree(process.pid)
        assert len(below) >= 4, below
        time.sleep(1.0)                 # each worker is solving its line
        below = tree(process.pid)
        process.send_signal(sig)
        assert _read_to_end(process, 5.0), "the output is still held open"
        end = time.monotonic() + 2.0
        while any(alive(p) for p in below) and time.monotonic() < end:
            time.sleep(0.05)
        assert not [p for p in below if alive(p)], "processes outlived the batch"
    finally:
        for pid in [process.pid, *below]:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        process.wait()
        process.stdout.close()
        process.stderr.close()
