"""The README stays true: its position example reads and solves, its error example is real."""
import json
import re
from pathlib import Path

from click.testing import CliRunner

from trainrun import read_position, solve
from trainrun.cli.main import main

README = (Path(__file__).parent.parent / "README.md").read_text()


def test_position_example_solves():
    block = re.search(r"```json\n(.*?)```", README, re.S).group(1)
    position = read_position(json.loads(block))
    run = solve(position)
    # F2 Harrisburg (#57, 20) and E3 Hagerstown (#57, 20) joined across their shared side,
    # a 3-train of PRR, phase 3: 20 + 20 = 40 (docs/rules/18chesapeake.md §3.3, §2)
    assert run.status == "optimal" and run.total == 40


def test_error_example_is_what_trainrun_prints(tmp_path):
    line = re.search(r"^trainrun: error: .*$", README, re.M).group(0)
    data = {"title": "18Chesapeake", "phase": "2", "company": "B&O", "trains": ["2"],
            "tiles": [{"hex": "G7", "tile": "9", "rotation": 1},
                      {"hex": "F8", "tile": "X1", "rotation": 4},
                      {"hex": "E7", "tile": "58", "rotation": 5},
                      {"hex": "D6", "tile": "9", "rotation": 7}]}
    f = tmp_path / "p.json"
    f.write_text(json.dumps(data))
    res = CliRunner().invoke(main, ["solve", str(f)])
    assert res.exit_code == 2
    assert res.output.strip() == line


def _output_examples():
    """(command, printed lines) of every README output block (one starting with a run's
    "title · company · phase" line), the command being the last `trainrun ...` quoted in
    the prose before it."""
    out, prose, block = [], [], None
    for line in README.splitlines():
        if line.startswith("```"):
            if block is None:
                block = []
                continue
            commands = re.findall(r"`(trainrun (?:solve|verify|advise) [^`]*)`", "\n".join(prose))
            if block and " · phase " in block[0]:
                out.append((" ".join(commands[-1].split()), block))
            prose, block = [], None
        elif block is None:
            prose.append(line)
        else:
            block.append(line)
    return out


def test_output_examples_are_what_trainrun_prints(monkeypatch):
    """Each README output is the command's real output (up to the solve time, and up to a
    "  …" line where the README cuts it short)."""
    monkeypatch.chdir(Path(__file__).parent.parent)
    examples = _output_examples()
    assert len(examples) >= 3
    for command, expected in examples:
        res = CliRunner().invoke(main, command.split()[1:])
        assert res.exit_code in (0, 1), (command, res.output)
        printed = [re.sub(r"— \d+ ms$|solved, [\d.]+ s", "— N ms", ln)
                   for ln in res.output.splitlines()]
        expected = [re.sub(r"— [\d.]+ ms$|solved, [\d.]+ s", "— N ms", ln) for ln in expected]
        if "  …" in expected:
            expected = expected[:expected.index("  …")]
            printed = printed[:len(expected)]
        assert printed == expected, command


def test_example_names_tell_positions_from_runs():
    """examples/NAME-run.json is a declared run, legal on examples/NAME.json; every other
    example is a position."""
    from trainrun.routes.verify import verify
    root = Path(__file__).parent.parent / "examples"
    runs = sorted(root.glob("*-run.json"))
    assert len(runs) >= 2
    for f in sorted(root.glob("*.json")):
        if f in runs:
            position = read_position((root / f.name.replace("-run.json", ".json")).read_text())
            assert verify(position, f.read_text(), best=False).legal, f.name
        else:
            assert read_position(f.read_text()).title.name, f.name
