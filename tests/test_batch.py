"""The batch runner (trainrun.bench.batch): lines read as JSON lines, records in input order on
one process, a pool of processes and a Dask cluster, worker deaths survived, --resume."""
import json
import os
import signal
import subprocess
import sys
import time
from functools import partial

import pytest
from batch_tasks import echo_or_die
from click.testing import CliRunner
from corpus_checks import corpus_lines

from trainrun.bench.batch import (
    Line,
    completed_records,
    digest,
    read_lines,
    run_lines,
    solve_record,
)
from trainrun.cli.main import main
from trainrun.errors import InputError


def _lines(texts):
    return [Line(n, t) for n, t in enumerate(texts, start=1)]


def _answers(records):
    """Records without their timings, for comparing runs."""
    return [{k: v for k, v in r.items() if k != "seconds"} for r in records]


def test_only_newline_ends_a_line_and_bad_bytes_stay_one_line():
    data = '{"a": "x\u2028y\u0085z"}\n\n  \n'.encode() + b"\xff\n"
    lines = read_lines(data)
    assert [ln.number for ln in lines] == [1, 3, 4]
    assert json.loads(lines[0].text) == {"a": "x\u2028y\u0085z"}
    assert lines[1].text == "  "
    assert lines[2].unreadable == "not UTF-8 text (byte 1)"
    record = next(run_lines(partial(echo_or_die, marker_dir="."), lines[2:]))
    assert record == {"line": 4, "status": "error", "error": "line 4: not UTF-8 text (byte 1)"}


def test_every_record_names_its_line_also_for_errors():
    records = list(run_lines(partial(solve_record, time_limit=10), _lines(["  ", "{", "[1]"])))
    assert [r["line"] for r in records] == [1, 2, 3]
    assert all(r["status"] == "error" for r in records)
    assert records[1]["error"].startswith("position: malformed JSON")


@pytest.fixture(scope="module")
def six_positions():
    lines = [json.dumps(d) for d in corpus_lines("18Chesapeake")[:3] + corpus_lines("18NY")[-3:]]
    return _lines(lines)


def test_a_pool_of_two_gives_the_records_of_one_process_in_order(six_positions):
    task = partial(solve_record, time_limit=30)
    one = list(run_lines(task, six_positions))
    two = list(run_lines(task, six_positions, jobs=2))
    assert _answers(two) == _answers(one)
    assert [r["total"] for r in one] == [json.loads(ln.text)["exact_oracle"]["total"]
                                         for ln in six_positions]


def test_a_killed_worker_loses_no_line(tmp_path):
    texts = ["a", "b", "die-once", "c", "d", "e"]
    records = list(run_lines(partial(echo_or_die, marker_dir=str(tmp_path)), _lines(texts),
                             jobs=2))
    assert [r["echo"] for r in records] == texts
    assert [r["line"] for r in records] == [1, 2, 3, 4, 5, 6]
    assert len({r["pid"] for r in records}) >= 2


def test_a_line_that_always_kills_its_worker_gets_an_error_record(tmp_path):
    records = list(run_lines(partial(echo_or_die, marker_dir=str(tmp_path)),
                             _lines(["a", "die", "b"]), jobs=2))
    assert [records[0]["echo"], records[2]["echo"]] == ["a", "b"]
    assert records[1] == {"line": 2, "status": "error",
                          "error": "line 2: the worker solving it died 3 times"}


def test_resume_keeps_whole_records_and_refuses_another_file(tmp_path):
    lines = read_lines(b"x\ny\nz\n")
    first = json.dumps({"line": 1, "line_digest": lines[0].digest, "echo": "x"}).encode()
    out = tmp_path / "out.jsonl"
    out.write_bytes(first + b'\n{"line": 2, "ec')
    assert completed_records(str(out), lines) == 1
    assert out.read_bytes() == first + b"\n"
    out.write_text(json.dumps({"line": 2, "line_digest": lines[1].digest}) + "\n")
    with pytest.raises(InputError, match="record 1 answers line 2, not line 1"):
        completed_records(str(out), lines)
    out.write_text('{"line": 1, "echo": "x"}\n')    # no line_digest: whose line is it?
    with pytest.raises(InputError, match="record 1 answers another line 1 than this "
                                         "input's [(]line_digest None, not "):
        completed_records(str(out), lines)


def _batch(*args):
    return CliRunner().invoke(main, ["batch", "--no-progress", *args])


def test_every_batch_record_says_what_its_line_held(tmp_path):
    source = tmp_path / "in.jsonl"
    source.write_bytes(b'{"title": "18Chesapeake"}\n\xff\n')
    res = _batch(str(source))
    records = [json.loads(x) for x in res.stdout.splitlines()]
    assert [(r["line"], r["line_digest"]) for r in records] == [
        (1, digest(b'{"title": "18Chesapeake"}')), (2, digest(b"\xff"))]
    assert list(records[0])[:2] == ["line", "line_digest"]


def test_resume_refuses_the_records_of_another_input(tmp_path):
    # the same line numbers, other positions: one line, exit 2, the output left as it was
    first, other = tmp_path / "first.jsonl", tmp_path / "other.jsonl"
    first.write_text("".join(json.dumps(d) + "\n" for d in corpus_lines("18Chesapeake")[:3]))
    other.write_text("".join(json.dumps(d) + "\n" for d in corpus_lines("18Chesapeake")[3:6]))
    out = tmp_path / "out.jsonl"
    assert _batch(str(first), "-o", str(out)).exit_code == 0
    written = out.read_bytes()
    res = _batch(str(other), "-o", str(out), "--resume")
    assert res.exit_code == 2
    assert res.stderr.startswith(f"trainrun: error: --resume: {out} record 1 answers another "
                                 f"line 1 than this input's (line_digest ")
    assert res.stderr.count("\n") == 1
    assert out.read_bytes() == written
    res = _batch(str(first), "-o", str(out), "--resume")     # its own input: kept, done
    assert res.exit_code == 0 and out.read_bytes() == written


def test_resume_after_sigint_completes_the_file_without_duplicates(tmp_path):
    source = corpus_lines("18NY")[-12:]
    positions = tmp_path / "in.jsonl"
    positions.write_text("".join(json.dumps(d) + "\n" for d in source))
    out = tmp_path / "out.jsonl"
    cmd = [sys.executable, "-m", "trainrun", "batch", str(positions), "-o", str(out),
           "--no-progress"]
    proc = subprocess.Popen(cmd)
    while proc.poll() is None and (not out.exists() or out.read_text().count("\n") < 2):
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=60)
    done_before = out.read_text().count("\n")
    assert done_before < len(source), "the batch finished before it could be interrupted"
    subprocess.run(cmd + ["--resume"], check=True, timeout=300)
    records = [json.loads(x) for x in out.read_text().splitlines()]
    assert [r["line"] for r in records] == list(range(1, len(source) + 1))
    assert [r["total"] for r in records] == [d["exact_oracle"]["total"] for d in source]


@pytest.fixture(scope="module")
def dask_cluster():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        yield cluster


def test_dask_gives_the_records_of_one_process_in_order(dask_cluster, six_positions):
    task = partial(solve_record, time_limit=30)
    on_dask = list(run_lines(task, six_positions, dask=dask_cluster.scheduler_address))
    assert _answers(on_dask) == _answers(list(run_lines(task, six_positions)))


def test_dask_survives_a_worker_killed_mid_batch(dask_cluster, tmp_path):
    from distributed import Client
    texts = [f"line{k}" for k in range(20)]
    records = run_lines(partial(echo_or_die, marker_dir=str(tmp_path), pause=0.2),
                        _lines(texts), dask=dask_cluster.scheduler_address)
    first = next(records)
    with Client(dask_cluster.scheduler_address) as client:
        victim = next(iter(client.run(os.getpid).values()))
    os.kill(victim, signal.SIGKILL)
    rest = list(records)
    assert [r["echo"] for r in [first, *rest]] == texts
    assert victim not in {r["pid"] for r in rest[-5:]}, "the batch ended before the kill"


def test_no_dask_scheduler_is_one_line_naming_the_option():
    pytest.importorskip("distributed")
    with pytest.raises(InputError, match="--dask: no Dask scheduler at tcp://127.0.0.1:9"):
        list(run_lines(partial(echo_or_die, marker_dir="."), _lines(["a"]),
                       dask="tcp://127.0.0.1:9"))
