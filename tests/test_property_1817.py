"""Property tests for 1817: ``solve`` against the hook-driven brute force.

Random small boards of the 1817 map (random catalogue tiles at legal rotations around a
random hex, New York keeping one of its own tiles), with coal mines and ranches on random
laid track without a stop, bridges on the river cities when they are on the board, the
operating company's token and other companies' tokens, 1-3 trains (mostly two or more)
from 2, 2+, 3, 4, 7 and 8, a random phase and Modern Trains on or off. The brute force
(``tests/bruteforce.py`` with ``hooks=True``) scores every route under the plugin's hooks
(per-hex mine bonuses, per-stop bridge and token bonuses, New York's cities as an
exclusive set); the solver's total must equal it and be proven, and every route it
returns must pass the independent checker with the same revenue.
"""
from __future__ import annotations

from functools import cache

import boards
import bruteforce
from hypothesis import given
from hypothesis import strategies as st

from trainrun import read_position, solve
from trainrun.registry import load_title
from trainrun.routes.legality import check_route, check_run

COMPANY = "A&S"
OTHERS = ["GT", "NYOW", "PLE", "Bess"]
TRAIN_NAMES = ["2", "2+", "3", "4", "7", "8"]
BRIDGE_CITIES = {"G6", "H3", "H9"}
NY_TILES = ("54", "62", "X30")
CENTRES = {"G12", "H9", "H11", "G14", "F15", "I8", "G6", "H3", "E20", "D21", "C22", "F13"}


TITLE = load_title("1817").title


@cache
def _placements(hex_id: str) -> list[tuple[str, int, frozenset]]:
    """New York (E22) takes only its own tiles, every other hex only the others."""
    names = NY_TILES if hex_id == "E22" else sorted(n for n in TITLE.tiles if n not in NY_TILES)
    return boards.placements(TITLE, hex_id, names)


@st.composite
def positions(draw, max_region: int = 8):
    """An own-format 1817 position of a small random board, with markers and options."""
    centre = draw(st.sampled_from(sorted(set(boards.layable(TITLE)) & CENTRES)))
    region = boards.region(TITLE, centre, draw(st.integers(4, max_region)))
    tiles, _ = boards.lay_tiles(draw, TITLE, region, _placements, skip_one_in=8,
                                prefer_stops=True)
    markers = []
    for t in tiles:
        tile = TITLE.tiles[t["tile"]]
        if tile.paths and not any(n.is_stop for n in tile.nodes) and draw(st.booleans()):
            markers.append({"hex": t["hex"], "marker": draw(st.sampled_from(["mine", "mine",
                                                                              "ranch"]))})
    near = boards.near(TITLE, region)
    for h in sorted(near & BRIDGE_CITIES):
        if draw(st.booleans()):
            markers.append({"hex": h, "marker": "bridge"})
    tokens = boards.draw_tokens(draw, boards.cities(TITLE, tiles, near), COMPANY, OTHERS,
                                own_one_in=5, home_hexes={t["hex"] for t in tiles})
    trains = boards.train_names(draw, TRAIN_NAMES)
    return {
        "title": "1817",
        "phase": draw(st.sampled_from(sorted(TITLE.phases))),
        "company": COMPANY,
        "trains": boards.train_list(trains),
        "tiles": tiles,
        "tokens": tokens,
        "markers": markers,
        "options": {"modern_trains": draw(st.booleans())},
    }


def _check(data: dict) -> None:
    position = read_position(data)
    run = solve(position)
    boards.note_run(run)
    expected, picks = bruteforce.best_run(position, hooks=True)
    assert run.status == "optimal", (data, run.status)
    assert run.total == expected, (data, run.total, expected, picks,
                                   [(r.train, r.visited, r.revenue) for r in run.routes])
    for r in run.routes:
        rc = check_route(position, r.train, r.visited, r.chains)
        assert rc.violations == [] and rc.revenue == r.revenue, (data, r.visited, rc)
    checked = check_run(position, [(r.train, r.visited, r.chains) for r in run.routes])
    assert checked.violations == [] and checked.total == run.total


@boards.examples(200)
@given(positions())
def test_solver_matches_brute_force_under_1817_rules(data):
    _check(data)


@boards.examples(60)
@given(positions(max_region=11))
def test_solver_matches_brute_force_under_1817_rules_larger_regions(data):
    _check(data)
