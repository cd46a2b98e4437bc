"""The pre-run purchase (``trainrun.turn.purchase``) on titles other than 1871: train limits set
per company type, and a board the title prepares again in the new phase."""
import json
from pathlib import Path

import pytest

from trainrun import read_position, solve_buying_next_train
from trainrun.errors import InputError
from trainrun.turn.purchase import train_limit

ROOT = Path(__file__).parent.parent


def _position(path: Path, **changes):
    data = json.loads(path.read_text())
    data.update(changes)
    return read_position(data)


def test_train_limit_per_company_type():
    # 18NY phase D: minors 1 train, majors 2 (title data); D&H is a major holding a 12H
    # and a D, so it has no room for another D
    position = _position(ROOT / "examples" / "18ny-12h-and-d.json")
    assert train_limit(position, position.phase) == 2
    with pytest.raises(InputError, match="D&H holds 2 trains, its limit in phase D"):
        solve_buying_next_train(position)


def test_phase_change_closes_the_ferry():
    # 18PA tests/data/18pa/14: local #5's 2 over the Fall River ferry in phase 4 earns
    # H19-2 30 + Islip 10 + Providence 20 + $10 ferry + $10 station = 80
    # (docs/rules/18pa.md §5.2, §5.4). Buying the first 5 starts phase 5, which closes the
    # ferry (docs/rules/18pa.md §5.4):
    # only H19-2 30 + Islip 10 + $20 station = 60 remains, for one of its trains.
    position = _position(ROOT / "tests" / "data" / "18pa" / "14-ferry-phase-2.json",
                         phase="4", title_state={"next_train": "5"})
    both = solve_buying_next_train(position)
    assert both.phase == "5"
    assert both.without.total == 80
    assert both.with_train.total == 60 and both.with_train.status == "optimal"
    assert position.phase.name == "4"      # the position itself is left as it was
    assert both.gain == -20
