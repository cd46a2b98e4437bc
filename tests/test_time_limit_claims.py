"""``--claim`` on the fast path (greedy start, branch and bound with the required bonuses):
the same totals as CP-SAT gave before on the corpus (tests/data/claims/18NY.json, see
tests/data/README.md), and "no run earns" exactly where it said so."""
import json
from pathlib import Path

import pytest
from corpus_checks import corpus_lines

from trainrun import read_position
from trainrun.errors import InputError
from trainrun.routes.solve import solve

RECORDED = json.loads((Path(__file__).parent / "data" / "claims" / "18NY.json").read_text())
LINES = {f"{d['fixture']}#{d['action']}": d for d in corpus_lines("18NY")}
# the positions where some claim earns a run: every claim of each is checked
EARNING = sorted(k for k, claims in RECORDED.items() if any(v is not None
                                                           for v in claims.values()))


@pytest.mark.parametrize("line", EARNING)
def test_claims_equal_the_recorded_totals(line):
    position = read_position(LINES[line])
    for name, total in RECORDED[line].items():
        if total is None:
            with pytest.raises(InputError, match="no run earns"):
                solve(position, claim=[name])
        else:
            run = solve(position, claim=[name])
            assert (run.total, run.status) == (total, "optimal"), name
            assert name in {b["name"] for b in run.company_bonuses}


def test_every_position_refuses_what_no_run_earns():
    # on every other position no claim earns a run: the first of each is refused
    for line in sorted(set(RECORDED) - set(EARNING)):
        position = read_position(LINES[line])
        name = min(RECORDED[line])
        with pytest.raises(InputError, match="no run earns"):
            solve(position, claim=[name])
