"""The command line against hostile files (issue 16): batch answers every line in order
with its number and writes only JSON; convert never shows a traceback; a time limit is a
finite number; Ctrl-C ends a hard solve at once."""
import json
import signal
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner
from test_cli import EXAMPLE
from test_service_process import hard_position

from trainrun.cli.main import main


def _strict(line: str):
    """A JSON value, refusing NaN and Infinity (not JSON)."""
    def refuse(name):
        raise ValueError(f"{name} in the output")
    return json.loads(line, parse_constant=refuse)


def _batch(tmp_path, data: bytes) -> list[dict]:
    f = tmp_path / "batch.jsonl"
    f.write_bytes(data)
    res = CliRunner().invoke(main, ["batch", str(f), "--no-progress", "--time-limit", "10"])
    assert res.exit_code == 0, res.output
    return [_strict(ln) for ln in res.output.splitlines()]


def test_batch_keeps_a_line_holding_u2028_and_u0085_whole(tmp_path):
    # the separators inside a JSON string: one valid line each, solved like EXAMPLE ($60)
    lines = [json.dumps({**EXAMPLE, "fixture": f"a{sep}b"}, ensure_ascii=False)
             for sep in ("\u2028", "\u0085")]
    out = _batch(tmp_path, "\n".join(lines).encode())
    assert [(o["line"], o["total"], o["fixture"]) for o in out] == [
        (1, 60, "a\u2028b"), (2, 60, "a\u0085b")]


def test_batch_answers_every_line_with_its_number(tmp_path):
    good = json.dumps(EXAMPLE).encode()
    data = b"\n".join([good, b"   ", b'{"title": "18Chesapeake\xff"}', good,
                       json.dumps(EXAMPLE)[:-1].encode() + b', "fixture": NaN}', good])
    out = _batch(tmp_path, data)
    assert [o["line"] for o in out] == [1, 2, 3, 4, 5, 6]
    assert [o["status"] for o in out] == ["optimal", "error", "error", "optimal", "error",
                                          "optimal"]
    assert "not UTF-8" in out[2]["error"] and "NaN" in out[4]["error"]
    assert all("internal error" not in o.get("error", "") for o in out)


def test_batch_deep_json_is_an_error_record(tmp_path):
    out = _batch(tmp_path, b"[" * 5000 + b"]" * 5000)
    assert out[0]["status"] == "error" and "nested deeper" in out[0]["error"]


def test_moves_lines_are_numbered_and_a_bad_byte_spoils_one(tmp_path):
    f = tmp_path / "moves.jsonl"
    f.write_bytes(json.dumps(EXAMPLE).encode() + b"\n\xff\n" + json.dumps(EXAMPLE).encode())
    res = CliRunner().invoke(main, ["moves", str(f)])
    out = [_strict(ln) for ln in res.output.splitlines()]
    assert [o["line"] for o in out] == [1, 2, 3]
    assert "lays" in out[0] and "not UTF-8" in out[1]["error"] and "lays" in out[2]


@pytest.mark.parametrize("body", [b"[" * 5000 + b"]" * 5000, b'{"title": 1e999}',
                                  b'{"title": "18Chesapeake", "phase": "2", "company": NaN}',
                                  b"\xff\xfe"])
def test_convert_answers_one_line_not_a_traceback(tmp_path, body):
    f = tmp_path / "pos.json"
    f.write_bytes(body)
    res = CliRunner().invoke(main, ["convert", str(f)])
    assert res.exit_code == 2 and len(res.output.strip().splitlines()) == 1, res.output
    assert "Traceback" not in res.output and "internal error" not in res.output


@pytest.mark.parametrize("limit", ["nan", "inf", "-inf"])
def test_a_time_limit_must_be_finite(tmp_path, limit):
    f = tmp_path / "pos.json"
    f.write_text(json.dumps(EXAMPLE))
    res = CliRunner().invoke(main, ["solve", "--time-limit", limit, str(f)])
    assert res.exit_code == 2 and "finite number of seconds" in res.output


def test_ctrl_c_ends_a_hard_solve_at_once(tmp_path):
    f = tmp_path / "hard.json"
    f.write_bytes(hard_position())
    proc = subprocess.Popen([sys.executable, "-m", "trainrun", "solve", "--time-limit", "300",
                             str(f)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(3)            # reading done, the search under way
    assert proc.poll() is None
    proc.send_signal(signal.SIGINT)
    assert proc.wait(timeout=5) == -signal.SIGINT   # not the 8-14 s the search took to notice
