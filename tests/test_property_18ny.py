"""Property tests for 18NY's H, DE and D rules: ``solve`` against the brute force.

Boards are cut from the recorded 18NY game (tests/data/corpus/18NY): the laid tiles
within a few hexes of one of a random company's stations stay, every other hex shows its
printed tile (red areas, Springfield, New Haven, Toronto included). The company runs 1-2
random trains (mostly 2) of 2H, 4H, 6H, 12H, 4DE, 5DE and D in a random phase, with
random connection-bonus markers and held bonus / coal income. The brute force
(``bruteforce.best_run(position, hooks=True)``) applies the real 18NY hooks with the
semantics of ``trainrun.hooks.rules`` written out by itself: hex edges with Springfield and
Toronto touch costs, DE best-k of eligible stops doubled, D +100 per red stop, connection
bonuses once per run among scored stops. ``solve`` (route lists, and the CP-SAT path
model alone) must prove the same total, and each route it returns must be a legal route
of its train with the same revenue and track; the independent checker must agree with the
run's total.
"""
from __future__ import annotations

import json

import boards
import bruteforce
from corpus_checks import corpus_lines
from hypothesis import given
from hypothesis import strategies as st

from trainrun import read_position, solve
from trainrun.registry import load_title
from trainrun.routes.legality import check_run

TRAINS = ["2H", "4H", "6H", "12H", "4DE", "5DE", "D"]
PHASES = ["2H", "4H", "6H", "12H", "4DE", "D"]
LINES = corpus_lines("18NY")


TITLE = load_title("18NY").title


def _near(hex_id: str, radius: int) -> set:
    seen = {hex_id}
    for _ in range(radius):
        seen = boards.near(TITLE, seen)
    return seen


@st.composite
def cut_boards(draw):
    """A corpus board cut down around one station of a random company."""
    data = json.loads(json.dumps(draw(st.sampled_from(LINES))))
    home, company = draw(st.sampled_from(boards.stations(data, "neutral")))
    keep = _near(home, draw(st.integers(1, 3)))
    board = []
    for h in data["board"]:
        if h["hex"] in keep or h["tile"] == h["hex"]:
            h.pop("assignments", None)
            board.append(h)
    stops = sorted(h["hex"] for h in board if h["hex"] in keep)
    for hex_id in draw(st.lists(st.sampled_from(stops), max_size=3, unique=True)):
        next(h for h in board if h["hex"] == hex_id)["assignments"] = ["connection_bonus"]
    data["board"] = board
    data["entity"] = company
    data["trains"] = boards.train_list(boards.train_names(draw, TRAINS, max_trains=2))
    data["phase"] = draw(st.sampled_from(PHASES))
    data["connection_bonus_revenue"] = draw(st.sampled_from([0, 0, 10, 30]))
    data["coal_revenue"] = draw(st.sampled_from([0, 0, 20]))
    return data


def _check(data: dict) -> None:
    position = read_position(data)
    expected, picks = bruteforce.best_run(position, hooks=True)
    for budget in (None, 1):
        run = solve(position) if budget is None else solve(position, route_budget=budget)
        if budget is None:
            boards.note_run(run)
        why = (data["fixture"], data["action"], data["entity"], data["trains"], data["phase"],
               budget, expected, picks, [(r.train, r.visited, r.revenue) for r in run.routes])
        assert run.status == "optimal", why
        assert run.total == expected, why
        boards.assert_brute_force_routes(position, run, bruteforce.hook_routes, why)
        checked = check_run(position, [(r.train, r.visited, r.chains) for r in run.routes])
        assert checked.violations == [], why
        assert checked.total == run.total, why


@boards.examples(200)
@given(cut_boards())
def test_solver_matches_brute_force_on_cut_18ny_boards(data):
    _check(data)
