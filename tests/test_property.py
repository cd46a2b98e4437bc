"""Property tests: ``solve`` against an independent brute force (tests/bruteforce.py).

Random small boards of the 18Chesapeake map: a connected region of real hexes gets random
catalogue tiles at legal rotations, the operating company a token, other companies (and
now and then a neutral token) fill city slots to exercise blocking, and the company runs
1-3 trains (two or more in most examples) from 2, 3, 4, D in a random phase. Also the
recorded (dense, whole-map) boards of tests/data/corpus run by a random tokened company
with random trains. The solver's total must equal the brute force's and be proven
optimal, and each route it returns must be a legal route of its train (same stops, same
value, same track) with no track shared between the routes. Hand-made cases check the
rules the brute force encodes.
"""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import boards
import bruteforce
import pytest
from corpus_checks import corpus_lines
from hypothesis import given
from hypothesis import strategies as st

from trainrun import read_position, solve
from trainrun.registry import load_title

COMPANY = "B&O"
OTHERS = ["PRR", "PLE", "SRR", "C&O", "LV", "C&A", "N&W"]
TRAIN_NAMES = ["2", "3", "4", "D"]


TITLE = load_title("18Chesapeake").title


@cache
def _placements(hex_id: str) -> list[tuple[str, int, frozenset]]:
    return boards.placements(TITLE, hex_id, sorted(TITLE.tiles))


@st.composite
def positions(draw, max_region: int = 7):
    """An own-format position dict of a small random 18Chesapeake board: a region around
    a random layable hex, one hex in ten left as printed, half the tiles with a stop."""
    centre = draw(st.sampled_from(boards.layable(TITLE)))
    region = boards.region(TITLE, centre, draw(st.integers(4, max_region)))
    tiles, _ = boards.lay_tiles(draw, TITLE, region, _placements, skip_one_in=10,
                                prefer_stops=True)
    # cities on the board near the region: laid ones plus printed cities around it
    cities = boards.cities(TITLE, tiles, boards.near(TITLE, region))
    tokens = []
    if cities:
        # usually a home token (else the run is worth nothing), most often on a laid tile
        laid = [c for c in cities if c[0] in {t["hex"] for t in tiles}]
        home = None if boards.one_in(draw, 20) else draw(st.sampled_from(laid or cities))
        for h, i, slots in cities:
            # the home city, and now and then a second station of the company
            own = (h, i) == (home[:2] if home else None) or boards.one_in(draw, 4)
            as_extra = own and boards.one_in(draw, 8)   # a token beyond the slots
            free = slots - (own and not as_extra)
            if own and not as_extra:
                tokens.append({"hex": h, "city": i, "company": COMPANY})
            n_others = slots if as_extra else draw(st.integers(0, free))
            holders = draw(st.lists(st.sampled_from(OTHERS + ["neutral"]), min_size=n_others,
                                    max_size=n_others, unique=True))
            tokens += [{"hex": h, "city": i, "company": c} for c in holders]
            if as_extra:
                tokens.append({"hex": h, "city": i, "company": COMPANY, "extra": True})
    trains = boards.train_names(draw, TRAIN_NAMES)
    return {
        "title": "18Chesapeake",
        "phase": draw(st.sampled_from(sorted(TITLE.phases))),
        "company": COMPANY,
        "trains": boards.train_list(trains),
        "tiles": tiles,
        "tokens": tokens,
    }


def _check(data: dict) -> None:
    position = read_position(data)
    run = solve(position)
    expected, picks = bruteforce.best_run(position)
    boards.note_run(run)
    why = (data, run.total, expected, picks, [(r.train, r.visited, r.revenue) for r in run.routes])
    assert run.status == "optimal", why
    assert run.total == expected, why
    assert sum(r.revenue for r in run.routes) == run.total
    # every returned route is a legal route of its train, and no track is shared
    boards.assert_brute_force_routes(position, run, bruteforce.all_routes, why)


@boards.examples(400)
@given(positions())
def test_solver_matches_brute_force(data):
    _check(data)


@boards.examples(100)
@given(positions(max_region=12))
def test_solver_matches_brute_force_larger_regions(data):
    _check(data)


@boards.examples(100)
@given(boards.recorded_variants(corpus_lines("18Chesapeake"), ["2", "3", "4", "5"], 3,
                                sorted(TITLE.phases), "neutral"))
def test_solver_matches_brute_force_on_recorded_boards(data):
    """A recorded 18Chesapeake board (dense, whole map) run by a random company that has a
    token on it, with 1-3 random trains of distance 2-5 in a random phase."""
    _check(data)


def test_routes_on_full_boards_of_the_examples():
    """The example positions (whole-map boards) agree with the brute force as well."""
    root = Path(__file__).parent.parent / "examples"
    files = [f for f in sorted(root.glob("18chesapeake*.json")) if not f.stem.endswith("-run")]
    assert files
    for f in files:
        _check(json.loads(f.read_text()))


# ------------------------------------------------------------------ hand-made cases
# Hexes used: F4, F6 and F8 lie in a column joined by their edges 0/3 (F4 e0 = F6 e3,
# F6 e0 = F8 e3); tile 57 is a 20 city with track e0-n0-e3, tile 9 plain straight track
# e0-e3, tile 14 a two-slot 30 city with exits 0, 1, 3, 4. Hexes around them are bare,
# so the track ends there.

def _pos(trains, tiles, tokens, phase="2"):
    return {"title": "18Chesapeake", "phase": phase, "company": COMPANY,
            "trains": [{"id": f"t{k}", "name": n} for k, n in enumerate(trains)],
            "tiles": [{"hex": h, "tile": t, "rotation": r} for h, t, r in tiles],
            "tokens": [{"hex": h, "city": 0, "company": c} for h, c in tokens]}


HAND_CASES = {
    # docs/rules/common.md §3.6: F6's single slot is held by PRR, so F6 may end a route but not
    # be passed through. F4(B&O, 20) - F6(20) = 40; F4-F6-F8 (60) would pass through F6.
    "full city ends a route but blocks passing": (
        _pos(["3"], [("F4", "57", 0), ("F6", "57", 0), ("F8", "57", 0)],
             [("F4", COMPANY), ("F6", "PRR")]), 40),
    # Same board with a neutral token in F6 instead: neutral tokens never block
    # (docs/rules/common.md §3.6), so the 3-train runs F4-F6-F8 = 60.
    "neutral token does not block": (
        _pos(["3"], [("F4", "57", 0), ("F6", "57", 0), ("F8", "57", 0)],
             [("F4", COMPANY), ("F6", "neutral")]), 60),
    # docs/rules/common.md §3.7: F4(B&O, 20) -straight F6- F8(20) is the only route (40); the
    # second 2-train would need the same hex sides F4|F6 and F6|F8, so the run is 40, not 80.
    "two trains cannot share a hex side": (
        _pos(["2", "2"], [("F4", "57", 0), ("F6", "9", 0), ("F8", "57", 0)],
             [("F4", COMPANY)]), 40),
    # Trains may share a node (docs/rules/common.md §3.7): F6 is a tile-14 city (30, B&O) with
    # exits to F4 (e3) and F8 (e0); 2-trains F6-F4 (50) and F6-F8 (50) share F6 but no side:
    # 100.
    "two trains share a city but no track": (
        _pos(["2", "2"], [("F4", "57", 0), ("F6", "14", 0), ("F8", "57", 0)],
             [("F6", COMPANY)]), 100),
    # docs/rules/common.md §3.4: A3 (city) and B2 (off-board) are both "Pittsburgh" (40 each in
    # yellow). B4 gets tile 14 at rotation 2 (exits 2->A3, 3->B2, 5, 0) with B&O's token
    # (30). One route may hold only one of them: B4-A3 = 70 for the 3-train, not
    # A3-B4-B2 = 110; but two trains may each take one: 70 + 70 = 140.
    "one node per group tag, per route": (
        _pos(["3"], [("B4", "14", 2)], [("B4", COMPANY)]), 70),
    "group tags do not bind across routes": (
        _pos(["2", "2"], [("B4", "14", 2)], [("B4", COMPANY)]), 140),
    # docs/rules/common.md §3.6: an off-board is never passed through. K3 gets tile 57 at
    # rotation 1 (exits 1 and 4; 4 leads to off-board L2), B&O token; L4 gets town tile 58
    # at rotation 1 (exits 1 and 3; 3 leads to L2). Phase 3 (green): L2 = 60. K3-L2 = 80;
    # K3-L2-L4 (90) would pass through L2, and L4-L2 has no B&O token.
    # docs/rules/common.md §3.7, two paths of one tile sharing an edge: gray G1 (printed) has
    # track e1-e0 and e1-e5, both at its side to F2. F2 gets tile 57 at rotation 1 (exits
    # 1 and 4->G1, city 20, B&O), G3 town tile 4 (exits 0 and 3->G1, 10), H2 tile 57 at
    # rotation 2 (exits 2->G1 and 5, city 20). F2-G3 (30) and F2-H2 (40) both cross the
    # F2|G1 side, so only one runs; G3-F2-H2 would cross it twice. The run is 40, not 70.
    "paths sharing a tile edge exclude each other": (
        _pos(["3", "2"], [("F2", "57", 1), ("G3", "4", 0), ("H2", "57", 2)],
             [("F2", COMPANY)]), 40),
    "an off-board is never passed through": (
        _pos(["D"], [("K3", "57", 1), ("L4", "58", 1)], [("K3", COMPANY)], phase="3"), 80),
}


@pytest.mark.parametrize("name", sorted(HAND_CASES))
def test_hand_made(name):
    data, expected = HAND_CASES[name]
    position = read_position(data)
    assert bruteforce.best_run_total(position) == expected
    run = solve(position)
    assert run.status == "optimal"
    assert run.total == expected
    _check(data)
