"""1871 property tests: ``solve`` against the hook-driven brute force on the real map.

The brute force (``bruteforce.best_run(position, hooks=True)``) asks the 1871 plugin's
hooks how each train runs (H: hex edges crossed; +: cities and off-boards, towns free;
7: stops; D: unlimited), who blocks (the neutral G11 token never does) and where the
stations are (the PEIR's tokens), and searches every route and combination by itself.

Random boards: a small connected region of the 1871 map gets random yellow, green and
brown catalogue tiles; the operating company (now and then the PEIR) gets a token; other
companies and the PEIR fill slots to exercise blocking; 1-3 trains (mostly two or more)
of every kind run in a random phase. Recorded boards: the corpus boards of phases 2H-6H
(before the + trains fill the island with track), run by a random company that has a
token there.
"""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import boards
import bruteforce
from corpus_checks import corpus_lines
from hypothesis import given
from hypothesis import strategies as st

from trainrun import read_position, solve
from trainrun.registry import load_title

TRAINS = ["2H", "3H", "4H", "5H", "6H", "2+", "3+", "4+", "7", "D"]
COMPANIES = ["S", "MS", "A", "C", "PEIR"]
OTHERS = ["Gt", "MR", "So", "PEIR", "N"]


TITLE = load_title("1871").title


@cache
def _placements(hex_id: str) -> list[tuple[str, int, frozenset]]:
    return boards.placements(TITLE, hex_id, [
        name for name in sorted(TITLE.tiles)
        if TITLE.tiles[name].color in ("yellow", "green", "brown")])


@st.composite
def positions(draw, max_region: int = 7):
    """An own-format 1871 position on a small random region of the map."""
    region = boards.region(TITLE, draw(st.sampled_from(boards.layable(TITLE))),
                           draw(st.integers(3, max_region)))
    tiles, _ = boards.lay_tiles(draw, TITLE, region, _placements, prefer_stops=True)
    company = draw(st.sampled_from(COMPANIES))
    # free slots from the board as read, so the neutral token printed in G11 counts
    board = read_position({"title": "1871", "phase": "2H", "company": company, "trains": [],
                           "tiles": tiles}).board
    cities = [(h, n.index, n.slots - len(board[h].tokens[n.index].holders())
               if n.index in board[h].tokens else n.slots)
              for h in sorted(boards.near(TITLE, region)) if board[h].tile.paths
              for n in board[h].tile.nodes if n.kind == "city"]
    tokens = boards.draw_tokens(draw, [c for c in cities if c[2] > 0], company,
                                [c for c in OTHERS if c != company], own_one_in=6,
                                home_hexes={t["hex"] for t in tiles})
    trains = boards.train_names(draw, TRAINS)
    return {"title": "1871", "phase": draw(st.sampled_from(sorted(TITLE.phases))),
            "company": company, "trains": boards.train_list(trains),
            "tiles": tiles, "tokens": tokens}


def _check(data: dict) -> None:
    position = read_position(data)
    run = solve(position)
    boards.note_run(run)
    expected, picks = bruteforce.best_run(position, hooks=True)
    why = (data, expected, picks, [(r.train, r.visited, r.revenue) for r in run.routes])
    assert run.status == "optimal", why
    assert run.total == expected, why
    assert sum(r.revenue for r in run.routes) == run.total, why
    boards.assert_brute_force_routes(position, run, bruteforce.hook_routes, why)


@boards.examples(300)
@given(positions())
def test_solver_matches_brute_force_on_1871_boards(data):
    _check(data)


EARLY = [d for d in corpus_lines("1871") if d["phase"] in ("2H", "3H", "4H", "5H", "6H")]


@boards.examples(60)
@given(boards.recorded_variants(EARLY, ["2H", "3H", "4H", "5H", "2+", "3+"], 2,
                                ["2H", "4H", "6H", "3+", "4+", "D"], "N"))
def test_solver_matches_brute_force_on_recorded_1871_boards(data):
    """A recorded early board run by a random company holding a token there, with 1-2
    random H or + trains in the recorded phase or a later one."""
    _check(data)


def test_example_position_agrees_with_the_brute_force():
    root = Path(__file__).parent.parent / "examples"
    files = [f for f in sorted(root.glob("1871*.json")) if not f.stem.endswith("-run")]
    assert files
    for f in files:
        _check(json.loads(f.read_text()))
