"""``trainrun import`` and ``trainrun audit``, and ``POST /import`` and ``POST /audit``."""
import json
import signal
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner
from service_client import json_client
from test_gamelog import corpus_lines, differences

from trainrun import read_position
from trainrun.cli.main import main

GAME = str(Path(__file__).parent / "data" / "fixtures" / "18Chesapeake" / "22383.json")
client = json_client()


def test_import_prints_a_position_solve_reads():
    result = CliRunner().invoke(main, ["import", GAME, "--action", "53", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["fixture"], data["action"], data["company"]) == ("22383.json", 53, "B&O")
    line = corpus_lines("18Chesapeake", "22383")[53]
    assert differences(read_position(data), line) == []


def test_import_runs_gives_one_line_per_run_for_batch(tmp_path):
    result = CliRunner().invoke(main, ["import", GAME, "--runs"])
    assert result.exit_code == 0, result.output
    records = [json.loads(x) for x in result.output.splitlines()]
    assert [r["action"] for r in records] == sorted(corpus_lines("18Chesapeake", "22383"))
    lines = tmp_path / "runs.jsonl"
    lines.write_text(result.output)
    batch = CliRunner().invoke(main, ["batch", str(lines), "--no-progress"])
    totals = [json.loads(x)["total"] for x in batch.output.splitlines()]
    assert totals == [30, 60, 40, 60, 70]   # the corpus lines' declared totals, all optimal


def test_import_bad_action_is_one_line():
    result = CliRunner().invoke(main, ["import", GAME, "--action", "99999"])
    assert result.exit_code == 2
    assert result.output.strip() == ("trainrun: error: --action: the log has no action 99999 "
                                     "(or it was undone)")


def test_audit_prints_every_run_and_the_sum_left():
    result = CliRunner().invoke(main, ["audit", GAME, "--json", "--no-progress"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert [r["declared"] for r in report["runs"]] == [30, 60, 40, 60, 70]
    assert report["total_left_on_table"] == 0 and report["proven"]


def test_service_import_and_audit():
    body = Path(GAME).read_bytes()
    answer = client.post("/import?action=53&name=22383.json", content=body)
    assert answer.status_code == 200 and answer.json()["company"] == "B&O"
    runs = client.post("/import?runs=true", content=body).json()["positions"]
    assert [p["action"] for p in runs] == [44, 53, 64, 70, 75]
    report = client.post("/audit", content=body).json()
    assert report["left_on_table"] == {"SRR": 0, "B&O": 0, "PRR": 0}


def test_service_bad_log_is_a_400_naming_the_action():
    data = json.loads(Path(GAME).read_text())
    lay = next(a for a in data["actions"] if a["type"] == "lay_tile")
    lay["hex"] = "Z99"
    answer = client.post("/import", content=json.dumps(data))
    assert answer.status_code == 400
    assert answer.json()["error"].startswith(f"action {lay['id']} (lay_tile): unknown hex 'Z99'")
    assert client.post("/audit", content=b"{").json()["error"].startswith("game: malformed JSON")


def test_a_closed_output_ends_the_import_quietly():
    # `trainrun import GAME --runs | head -1`: the reader goes after one line; the command
    # ends by SIGPIPE, as other command-line tools do, with nothing on stderr (1905's 67
    # positions are 200 kB, beyond what a pipe holds: a write after the close must fail)
    game = str(Path(GAME).parent / "1905.json")
    proc = subprocess.Popen([sys.executable, "-m", "trainrun", "import", game, "--runs"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = proc.stdout.readline()
    proc.stdout.close()
    stderr = proc.stderr.read()
    assert json.loads(first)["action"] == 72
    assert (proc.wait(timeout=60), stderr) == (-signal.SIGPIPE, b"")
