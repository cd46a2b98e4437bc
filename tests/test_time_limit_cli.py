"""The time limit and ``--trains`` from the command line, batch and HTTP: exit code 0 for a
proven run, 1 for one stopped at the limit; a chosen train set runs as if the position
held it."""
import json
from pathlib import Path

from click.testing import CliRunner
from service_client import json_client

from trainrun.board.trainset import with_trains
from trainrun.cli.main import main
from trainrun.formats.reading import read_position

EXAMPLES = Path(__file__).parent.parent / "examples"
HARD = str(EXAMPLES / "18pa-late-game.json")
TWO_TRAINS = EXAMPLES / "18chesapeake-two-trains.json"


def _cli(*args):
    return CliRunner().invoke(main, list(args))


def test_stopped_at_the_limit_exits_1_and_says_so():
    res = _cli("solve", "--trains", "4,4,5,5", "--time-limit", "0.05", HARD)
    assert res.exit_code == 1, res.output
    assert "best found at the time limit; the best run is at most $" in res.output
    res = _cli("solve", "--json", "--trains", "4,4,5,5", "--time-limit", "0.05", HARD)
    run = json.loads(res.output)
    assert res.exit_code == 1 and run["status"] == "feasible"
    assert run["bound"] >= 1400 >= run["total"]   # $1400: the proven optimum


def test_proven_exits_0():
    res = _cli("solve", str(TWO_TRAINS))
    assert res.exit_code == 0 and "optimal (proven)" in res.output


def _held_only(tmp_path, names):
    """The two-trains example edited to hold only the trains named ``names``."""
    data = json.loads(TWO_TRAINS.read_text())
    data["trains"] = [t for t in data["trains"] if t["name"] in names]
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data))
    return str(path)


def test_trains_subset_is_the_edited_position(tmp_path):
    # --trains 5 on a position holding a 4 and a 5: the same run as the position edited to
    # hold the 5 alone, the 5 keeping its id
    chosen = json.loads(_cli("solve", "--json", "--trains", "5", str(TWO_TRAINS)).output)
    edited = json.loads(_cli("solve", "--json", _held_only(tmp_path, {"5"})).output)
    assert [r["train"] for r in chosen["routes"]] == ["5-1"]
    assert chosen["total"] == edited["total"] and chosen["routes"] == edited["routes"]


def test_trains_hypothetical_set(tmp_path):
    # two 5 trains where the company holds a 4 (4-0) and a 5 (5-1): the held 5 keeps its
    # id, the new one takes the first free id after its place in the list (5-1 is taken)
    position = with_trains(read_position(TWO_TRAINS.read_text()), "5,5")
    assert [(t.id, t.name) for t in position.trains] == [("5-1", "5"), ("5-2", "5")]
    run = json.loads(_cli("solve", "--json", "--trains", "5,5", str(TWO_TRAINS)).output)
    single = json.loads(_cli("solve", "--json", _held_only(tmp_path, {"5"})).output)
    assert {r["train"] for r in run["routes"]} <= {"5-1", "5-2"}
    assert run["total"] >= single["total"]    # a second train never lowers the best run


def test_trains_unknown_is_one_line():
    res = _cli("solve", "--trains", "4,9", HARD)
    assert res.exit_code == 2
    assert res.output.strip() == "trainrun: error: trains[1]: unknown train '9' in 18PA"
    res = _cli("solve", "--trains", "4,,5", HARD)
    assert res.exit_code == 2 and res.output.startswith("trainrun: error: trains: ")


def test_batch_and_http_take_trains(tmp_path):
    one = json.loads(_cli("solve", "--json", "--trains", "5", str(TWO_TRAINS)).output)
    lines = tmp_path / "batch.jsonl"
    lines.write_text(TWO_TRAINS.read_text().replace("\n", " ") + "\n")
    out = json.loads(_cli("batch", "--no-progress", "--trains", "5", str(lines)).output)
    assert out["total"] == one["total"] and [r["train"] for r in out["routes"]] == ["5-1"]
    res = json_client().post("/solve?trains=5", content=TWO_TRAINS.read_text())
    assert res.status_code == 200 and res.json()["total"] == one["total"]
    res = json_client().post("/solve?trains=9", content=TWO_TRAINS.read_text())
    assert res.status_code == 400 and res.json() == {
        "error": "trains[0]: unknown train '9' in 18Chesapeake"}


def test_progress_shows_the_best_so_far():
    # from half a second on, the line shows the greedy run's total at least; five long
    # trains, as 4 + 4 + 5 + 5 is proven within the second
    res = _cli("solve", "--progress", "--trains", "4,4,5,5,5", "--time-limit", "1.5", HARD)
    assert res.exit_code == 1
    shown = [part for part in res.output.split("\r") if part.startswith("best so far $")]
    assert shown and all(" s of 1.5 s" in part for part in shown)


def test_progress_line():
    from trainrun.cli.progress import SolveProgress
    bar = SolveProgress(3.0)
    assert bar.line().startswith("best so far — · proven at most — · ")
    bar(1290, None, 0.1)
    bar(1340, 1600, 0.5)
    bar(1200, 1700, 0.6)     # a worse run or bound never replaces a better one
    assert bar.line().startswith("best so far $1340 · proven at most $1600 · ")
