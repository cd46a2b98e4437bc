"""The README stays true: its position example reads and solves, its error example is real."""
import json
import re
from pathlib import Path

from click.testing import CliRunner

from trainrun import read_position, solve
from trainrun.cli import main

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
