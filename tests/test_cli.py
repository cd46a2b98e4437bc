"""The command line: output, batch mode, and one-line errors with exit code 2 on bad input."""
import json
import subprocess
import sys

import pytest
from click.testing import CliRunner
from corpus_checks import CORPUS

from trainrun.cli.main import main

EXAMPLE = {
    "title": "18Chesapeake", "phase": "2", "company": "B&O",
    "trains": [{"id": "t1", "name": "2"}],
    "tiles": [{"hex": "G7", "tile": "9", "rotation": 1},
              {"hex": "F8", "tile": "X1", "rotation": 4}],
    "tokens": [{"hex": "H6", "city": 0, "company": "B&O"}],
}


def run_cli(tmp_path, args, text=None):
    if text is not None:
        f = tmp_path / "pos.json"
        f.write_text(text)
        args = [a if a != "FILE" else str(f) for a in args]
    return CliRunner().invoke(main, args)


def test_solve_prints_routes_and_proof(tmp_path):
    # H6-0 (30) + F8-0 DC (30) with a 2-train in phase 2: $60, proven
    res = run_cli(tmp_path, ["solve", "FILE"], json.dumps(EXAMPLE))
    assert res.exit_code == 0, res.output
    assert any(ln.split()[:2] == ["H6-0", "Baltimore"] and ln.split()[-1] == "30"
               for ln in res.output.splitlines())
    assert any(ln.split()[:3] == ["F8-0", "Washington", "DC"] and ln.split()[-1] == "30"
               for ln in res.output.splitlines())
    assert "Total $60" in res.output and "optimal" in res.output


def test_solve_json(tmp_path):
    res = run_cli(tmp_path, ["solve", "--json", "FILE"], json.dumps(EXAMPLE))
    out = json.loads(res.output)
    assert out["total"] == 60 and out["status"] == "optimal"
    assert out["routes"][0]["train"] == "t1"
    assert sorted(out["routes"][0]["visited"]) == ["F8-0", "H6-0"]


def test_titles_lists_chesapeake():
    res = CliRunner().invoke(main, ["titles"])
    assert res.exit_code == 0 and "18Chesapeake" in res.output


def test_batch_reads_corpus_lines_and_keeps_going(tmp_path):
    lines = (CORPUS / "18Chesapeake" / "22383.jsonl").read_text().splitlines()[:2]
    f = tmp_path / "batch.jsonl"
    f.write_text("\n".join([lines[0], "{not json", json.dumps({**EXAMPLE, "phase": "9"}),
                           lines[1]]))
    res = CliRunner().invoke(main, ["batch", str(f), "--no-progress"])
    assert res.exit_code == 0
    out = [json.loads(x) for x in res.output.splitlines()]
    assert [o["status"] for o in out] == ["optimal", "error", "error", "optimal"]
    assert out[0]["fixture"] == "22383.json" and out[0]["action"] == json.loads(lines[0])["action"]
    assert out[0]["total"] >= json.loads(lines[0])["declared"]["total"]
    assert "phase" in out[2]["error"]
    for key in ("seconds", "routes"):
        assert key in out[0]
    route = out[0]["routes"][0]
    assert {"train", "revenue", "visited", "chains"} <= set(route)
    assert {"left", "right", "paths"} <= set(route["chains"][0])


def _bad(change):
    data = json.loads(json.dumps(EXAMPLE))
    change(data)
    return json.dumps(data)


BAD = {
    "unknown title": (_bad(lambda d: d.update(title="18Nowhere")),
                      "title: unknown title '18Nowhere'"),
    "unknown hex": (_bad(lambda d: d["tiles"].append({"hex": "Z99", "tile": "9"})),
                    "tiles[2].hex: unknown hex 'Z99'"),
    "unknown tile": (_bad(lambda d: d["tiles"].append({"hex": "D6", "tile": "9999"})),
                     "tiles[2] (D6): unknown tile '9999'"),
    "unknown company": (_bad(lambda d: d.update(company="XYZ")), "company: unknown company 'XYZ'"),
    "unknown train": (_bad(lambda d: d["trains"].append({"name": "9H"})),
                      "trains[1]: unknown train '9H'"),
    "rotation": (_bad(lambda d: d["tiles"][0].update(rotation=6)),
                 "tiles[0] (G7).rotation: rotation must be an integer 0-5"),
    "token city": (_bad(lambda d: d["tokens"].append({"hex": "H6", "city": 2, "company": "C&O"})),
                   "tokens[1]: hex H6 (tile H6) has no city 2"),
    "token no city hex": (_bad(lambda d: d["tokens"].append({"hex": "G7", "company": "C&O"})),
                          "tokens[1]: hex G7 (tile 9) has no city 0"),
    "malformed json": ('{"title": "18Chesapeake",', "position: malformed JSON"),
    "not an object": ("[1, 2]", "position: expected a JSON object"),
    "missing trains": (_bad(lambda d: d.pop("trains")), "trains: missing"),
    "misspelt field": (_bad(lambda d: d.update(tokns=[])), "tokns: unknown field"),
    "misspelt rotation": (_bad(lambda d: d["tiles"][0].update(rotaton=2)),
                          "tiles[0].rotaton: unknown field"),
}


@pytest.mark.parametrize("case", BAD, ids=list(BAD))
def test_bad_input_is_one_line_exit_2(tmp_path, case):
    text, message = BAD[case]
    res = run_cli(tmp_path, ["solve", "FILE"], text)
    assert res.exit_code == 2
    lines = res.output.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in res.output
    assert lines[0].startswith("trainrun: error: ")
    assert message in lines[0], lines[0]


def test_missing_file(tmp_path):
    res = CliRunner().invoke(main, ["solve", str(tmp_path / "nope.json")])
    assert res.exit_code == 2 and "No such file" in res.output


def test_console_script_runs(tmp_path):
    """The installed entry point, as a user calls it, exits 2 with one line on stderr."""
    f = tmp_path / "bad.json"
    f.write_text(_bad(lambda d: d.update(company="XYZ")))
    proc = subprocess.run([sys.executable, "-m", "trainrun", "solve", str(f)],
                          capture_output=True, text=True)
    assert proc.returncode == 2
    assert proc.stderr.strip() == "trainrun: error: company: unknown company 'XYZ' in 18Chesapeake"
    assert proc.stdout == ""


def test_solve_claim_option(tmp_path):
    """--claim: the best run earning a named company bonus, or a one-line error. The 18NY
    example (108746#860) can reach only the Brooklyn connection bonus, which its optimum
    ($1530, the corpus' exhaustive optimum) already earns."""
    from pathlib import Path
    example = (Path(__file__).parent.parent / "examples" / "18ny-12h-and-d.json").read_text()
    res = run_cli(tmp_path, ["solve", "--claim", "Brooklyn", "FILE"], example)
    assert res.exit_code == 0, res.output
    assert "connection bonus Brooklyn: $10" in res.output and "Total $1530" in res.output
    res = run_cli(tmp_path, ["solve", "--claim", "Montreal", "FILE"], example)
    assert res.exit_code == 2
    assert res.output.strip() == "trainrun: error: claim: no run earns Montreal"


def test_batch_progress_bar_on_a_terminal_stderr_with_stdout_redirected(tmp_path):
    """The bar goes to stderr whenever stderr is a terminal, also when the results go to a
    file; the results stay clean JSON lines."""
    import fcntl
    import os
    import pty
    import struct
    import termios
    line = (CORPUS / "18Chesapeake" / "22383.jsonl").read_text().splitlines()[0]
    f = tmp_path / "batch.jsonl"
    f.write_text(line + "\n" + line + "\n")
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))  # 80 columns
    proc = subprocess.run([sys.executable, "-m", "trainrun", "batch", str(f)],
                          stdout=subprocess.PIPE, stderr=slave, text=True)
    os.close(slave)
    chunks = []
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:                  # the terminal's other end is closed: all read
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(master)
    bar = b"".join(chunks).decode()
    assert proc.returncode == 0
    assert [json.loads(x)["status"] for x in proc.stdout.splitlines()] == ["optimal"] * 2
    assert "2/2" in bar and "pos" in bar


def test_unnamed_stop_prints_its_kind(tmp_path):
    """K17, 18NY's red area beside New York, has no name on the map: its stop prints as
    "(off-board)", and the JSON says its kind. 108746#860's best run ends its 12H train
    there ($120 in phase D)."""
    from pathlib import Path
    example = (Path(__file__).parent.parent / "examples" / "18ny-12h-and-d.json").read_text()
    res = run_cli(tmp_path, ["solve", "FILE"], example)
    assert res.exit_code == 0, res.output
    assert [ln.split() for ln in res.output.splitlines() if "K17-0" in ln] \
        == [["K17-0", "(off-board)", "120"]]
    out = json.loads(run_cli(tmp_path, ["solve", "--json", "FILE"], example).output)
    k17 = [s for r in out["routes"] for s in r["stops"] if s["node"] == "K17-0"]
    assert k17 == [{"node": "K17-0", "value": 120, "scored": True, "location": "",
                    "kind": "offboard"}]
    named = [s for r in out["routes"] for s in r["stops"] if s["node"] == "J20-0"]
    assert named[0]["location"] == "New York" and named[0]["kind"] == "city"


def test_convert_one_line_of_a_jsonl_file(tmp_path):
    """convert reads one corpus line of a .jsonl file, by --line or --action: 108746's
    action 860 is examples/18ny-12h-and-d.json, line for line."""
    from pathlib import Path
    corpus = CORPUS / "18NY" / "108746.jsonl"
    rows = corpus.read_text().splitlines()
    k = next(i for i, row in enumerate(rows, 1) if json.loads(row)["action"] == 860)
    example = json.loads((Path(__file__).parent.parent / "examples" / "18ny-12h-and-d.json")
                         .read_text())
    for args in (["--action", "860"], ["--line", str(k)]):
        res = CliRunner().invoke(main, ["convert", *args, str(corpus)])
        assert res.exit_code == 0, res.output
        assert json.loads(res.output) == example
    first = CliRunner().invoke(main, ["convert", "--line", "1", str(corpus)])
    assert json.loads(first.output)["phase"] == json.loads(rows[0])["phase"]


@pytest.mark.parametrize("args, message", [
    ([], "FILE: 80 positions, one per line; choose one with --line N or --action N"),
    (["--line", "81"], "--line: FILE has no position on line 81 (80 lines)"),
    (["--action", "1"], "--action: 0 lines of FILE are action 1, not one"),
    (["--line", "1", "--action", "860"], "--line, --action: give one of them, not both"),
])
def test_convert_jsonl_errors_are_one_line(args, message):
    corpus = str(CORPUS / "18NY" / "108746.jsonl")
    res = CliRunner().invoke(main, ["convert", *args, corpus])
    assert res.exit_code == 2
    assert res.output.strip() == "trainrun: error: " + message.replace("FILE", corpus)


def test_buy_next_train_says_where_the_train_comes_from(tmp_path):
    """The 1871 example (phase 3+, no title_state): the train bought is the title's guess,
    the 3+ that started the phase; named by title_state.next_train, it is a fact."""
    from pathlib import Path
    data = json.loads((Path(__file__).parent.parent / "examples"
                       / "1871-mount-stewart-6h-3plus.json").read_text())
    assert "next_train" not in data.get("title_state", {})
    res = run_cli(tmp_path, ["solve", "--buy-next-train", "FILE"], json.dumps(data))
    assert res.exit_code == 0, res.output
    assert "After buying the next train from the bank (3+: the title's guess, " \
           "title_state.next_train does not name it; phase 3+):" in res.output
    assert json.loads(run_cli(tmp_path, ["solve", "--buy-next-train", "--json", "FILE"],
                              json.dumps(data)).output)["train_named"] is False
    data["title_state"] = {**data.get("title_state", {}), "next_train": "3+"}
    res = run_cli(tmp_path, ["solve", "--buy-next-train", "FILE"], json.dumps(data))
    assert "(3+, as title_state.next_train names it; phase 3+)" in res.output
    assert json.loads(run_cli(tmp_path, ["solve", "--buy-next-train", "--json", "FILE"],
                              json.dumps(data)).output)["train_named"] is True
