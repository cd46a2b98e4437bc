"""Property tests with 18PA scoring: ``solve`` against the brute force under the hooks.

Random small boards of the real 18PA map: around a company's home (PRR Harrisburg, B&O
Baltimore, B&A Boston, ERIE/CNJ Newark, NH New Haven, local #5 in New York next to the
ferry) or on its way to Scranton, a connected region of white hexes gets tiles of the
kind the hex takes (plain: #8, #9, #80-#83, so only a #9 in the ferry landing H23; town:
#4, #58, #141-#143) at rotations whose track stays on the map. Every x2 company's token
lies in its destination; the untokened cities around the region get a second station of
the company or other companies' tokens now and then; a random phase, 1-3 random trains
(mostly two or more: 2, 3, 4, 5, 2R, 3D, 3(NYC)), random active destinations and mining
rights, off-map pass-through on or off. ``bruteforce.best_run(position, hooks=True)``
(exhaustive search that scores through the TITLE's hooks by itself) gives the best total;
``solve`` must prove the same, and ``trainrun.routes.legality`` must accept its run at the same
total.
"""
from __future__ import annotations

from functools import cache

import boards
import bruteforce
from hypothesis import given
from hypothesis import strategies as st

from trainrun import read_position, solve
from trainrun.plugins.g18pa import DESTINATIONS
from trainrun.registry import load_title
from trainrun.routes.legality import check_run

# company -> hexes a region may grow from: its home, and for PRR and ERIE the way to
# Scranton G12 (mining rights)
CENTRES = {"PRR": ["I8", "H11", "I6"], "B&O": ["K10", "K6"], "B&A": ["D27", "D23"],
           "ERIE": ["H17", "G14"], "CNJ": ["H17"], "NH": ["G22", "F21"], "5": ["H21"]}
PLAIN = ["8", "9", "80", "81", "82", "83"]
TOWN = ["4", "58", "141", "142", "143"]
# track already laid when a region grows from there: Harrisburg or Newark to Scranton
SEEDS = {"H11": [("I10", "8", 1), ("H11", "9", 0)], "G14": [("G16", "8", 5), ("G14", "9", 1)]}
TRAINS = ["2", "3", "4", "5", "2R", "3D", "3(NYC)"]


TITLE = load_title("18PA").title


@cache
def _white() -> frozenset:
    return frozenset(h for h, mh in TITLE.hexes.items() if mh.printed.color == "white")


@cache
def _placements(hex_id: str) -> list[tuple[str, int, frozenset]]:
    """(tile, rotation, board edges) for every tile of the hex's kind that fits it."""
    town = any(n.kind == "town" for n in TITLE.hexes[hex_id].printed.nodes)
    return boards.placements(TITLE, hex_id, TOWN if town else PLAIN)


@st.composite
def positions(draw, max_region: int = 8):
    company = draw(st.sampled_from(sorted(CENTRES)))
    centre = draw(st.sampled_from(CENTRES[company]))
    region = boards.region(TITLE, centre, draw(st.integers(5, max_region)), among=_white())
    if company == "5" and "H23" not in region and draw(st.booleans()):
        region.append("H23")
    seeds = SEEDS.get(centre, ())
    tiles, _ = boards.lay_tiles(
        draw, TITLE, region, _placements, skip_one_in=10,
        laid={h: frozenset(TITLE.tiles[t].edges_at(r)) for h, t, r in seeds})
    tiles = [{"hex": h, "tile": t, "rotation": r} for h, t, r in seeds] + tiles
    tokens = [{"hex": hex_id, "company": sym} for sym, hex_id in DESTINATIONS.items()]
    # a second station of the company now and then, other companies' tokens that block,
    # in the untokened cities around the region (every home token is printed)
    board = read_position({"title": "18PA", "phase": "2", "company": company, "trains": [],
                           "tiles": tiles, "tokens": tokens}).board
    tokens += boards.draw_tokens(draw, boards.free_cities(board, boards.near(TITLE, region)),
                                 company, [c for c in sorted(CENTRES) if c != company],
                                 own_one_in=3, home=False)
    active = draw(st.lists(st.sampled_from(sorted(DESTINATIONS)), unique=True, max_size=4))
    mining = [company] if draw(st.booleans()) else []
    names = boards.train_names(draw, TRAINS)
    return {"title": "18PA", "phase": draw(st.sampled_from(sorted(TITLE.phases))),
            "company": company, "trains": boards.train_list(names),
            "tiles": tiles, "tokens": tokens,
            "title_state": {"destinations_active": active, "mining_rights": mining},
            "options": {"offmap_pass_through": draw(st.booleans())}}


def _check(data: dict) -> None:
    position = read_position(data)
    run = solve(position, 60.0, 1)
    boards.note_run(run)
    expected, picks = bruteforce.best_run(position, hooks=True)
    assert run.status == "optimal"
    assert run.total == expected, (data, run.total, expected, picks,
                                   [(r.train, r.visited, r.revenue) for r in run.routes])
    check = check_run(position, run.routes)
    assert check.legal, (data, check.violations)
    assert check.total == run.total


@boards.examples(300)
@given(positions())
def test_solver_matches_brute_force_18pa(data):
    _check(data)


@boards.examples(75)
@given(positions(max_region=9))
def test_solver_matches_brute_force_18pa_larger_regions(data):
    _check(data)
