"""18NY minors' cash and loans through the game-log replay (``trainrun.plugins.g18ny.money``).

The oracle is the legal-move set (tests/data/moves/18NY/108746.jsonl): each line gives the
cash of the company laying just before its lay, as the 18xx.games engine had it, and
``cash_delta`` where the lay's action changed the cash by more than its cost (automatic
loans; a minor without trains pays its interest in the same action).
"""
import json
from pathlib import Path

import pytest

from trainrun.errors import InputError
from trainrun.replay.gamelog import own_record, position_at, read_game, replay

DATA = Path(__file__).parent / "data"
FIXTURE = DATA / "fixtures" / "18NY" / "108746.json"
LINES = {d["action"]: d for d in map(json.loads, (DATA / "moves" / "18NY" / "108746.jsonl")
                                     .read_text().splitlines())}


def _game(data=None):
    return read_game(data or FIXTURE.read_text(), name="108746.json")


def _minor(company: str) -> bool:
    return company.isdigit()      # 18NY's minors are numbered 1-11, majors named


def _moments():
    """(line, cash before the action, cash before the next action) of every minor's lay."""
    out, pending = [], None
    for action, state in replay(_game()):
        if pending:
            out.append((*pending, state.state.cash.get(pending[0]["entity"])))
            pending = None
        line = LINES.get(action["id"])
        if line and _minor(line["entity"]):
            pending = (line, state.position(line["entity"]).turn.cash)
    return out


MOMENTS = _moments()


def test_every_minor_lay_moment_is_replayed():
    minors = [a for a, line in LINES.items() if _minor(line["entity"])]
    assert len(minors) == 35 and [m[0]["action"] for m in MOMENTS] == minors


def test_the_cash_before_each_lay_is_the_engines():
    assert {m[0]["action"]: m[1] for m in MOMENTS} == {m[0]["action"]: m[0]["cash"]
                                                       for m in MOMENTS}


def test_the_cash_after_each_lay_is_the_engines():
    # cash_delta where loans were taken: 89 (minor 8, $5, an $80 lay: two $50 loans, $25
    # left), 365 (minor 10, $0: one loan, $30 left), 361 (minor 4, $45, a $60 lay: one loan,
    # $35, then, with no train to run, $5 interest in the same action: $30)
    after = {m[0]["action"]: m[2] for m in MOMENTS}
    expected = {m[0]["action"]: m[0]["cash"] - m[0]["recorded"].get("cash_delta",
                                                                    m[0]["recorded"]["cost"])
                for m in MOMENTS}
    assert after == expected
    assert sum("cash_delta" in m[0]["recorded"] for m in MOMENTS) == 9
    assert (after[89], after[365], after[361]) == (25, 30, 30)


def test_the_position_states_cash_and_loans_left():
    # the import output of minor 8 before action 150 carries the replay's cash (the line's)
    # and the loans it may still take: one (the second of 89's two loans was repaid at 90)
    record = own_record(position_at(_game(), 150))
    assert (record["company"], record["cash"]) == ("8", LINES[150]["cash"])
    assert record["title_state"]["loans_left"] == 1


def test_loans_left_through_minor_8s_first_turns():
    # 89: minor 8 ($5) lays for $80: two loans (loans_left 0); the run at 90 (routes $40 +
    # $60, D0's connection bonus first claimed in it, so $10 more as the engine pays the
    # income held too) pays it half of $110: $55, so $80; interest $10: $70; one $50 loan
    # repaid: $20 (loans_left 1), the cash the moves line 150 gives at its next lay
    left = {}
    for action, state in replay(_game()):
        if action["id"] in (89, 90, 91):
            left[action["id"]] = (state.state.cash["8"],
                                  state.state.title_state["8"]["loans_left"])
    assert left == {89: (5, 2), 90: (25, 0), 91: (20, 1)}
    assert LINES[150]["cash"] == 20


def test_a_third_loan_of_a_minor_is_refused():
    data = json.loads(FIXTURE.read_text())
    at = next(i for i, a in enumerate(data["actions"]) if a["id"] == 178)
    data["actions"].insert(at + 1, {**data["actions"][at], "id": 100000})
    with pytest.raises(InputError, match=r"^action 100000 \(take_loan\): take_loan: 10 already "
                                         r"holds 2 loans$"):
        list(replay(_game(data)))


@pytest.mark.parametrize("left", [-1, "2", True])
def test_loans_left_must_be_a_whole_number(left):
    from trainrun import read_position
    line = {**LINES[150], "title_state": {"loans_left": left}}
    with pytest.raises(InputError, match=r"^title_state.loans_left: expected a whole number"):
        read_position(line)
