"""18PA tile lays, hand-built from the rulebook (no recorded 18PA game exists, no engine to
compare with): the Fall River ferry's hexes (docs/rules/18pa.md §5.4, §8), one city circle
per hex through BOS/NYC upgrades (docs/rules/18pa.md §3, §4.1), the phase's colours and
the minors' limits (docs/rules/18pa.md §2.1, §8), terrain costs as the map data gives them
(docs/rules/18pa.md §8)."""
import pytest

from trainrun import read_position
from trainrun.errors import InputError
from trainrun.turn.moves import Lay, apply, legal_lays

ISLIP = {"hex": "H21", "tile": "4", "rotation": 1}     # Islip's town, joined to NYC's circle 2
LANDING = {"hex": "H23", "tile": "9", "rotation": 1}   # private #5's #9: the ferry open


def _long_island(phase: str, *tiles, company: str = "5", tokens=()) -> dict:
    # private #5 (Long Island RR, home token printed in New York H19 circle 2, exits 4)
    return {"title": "18PA", "phase": phase, "company": company,
            "trains": [{"id": "2-0", "name": "2"}], "tiles": [ISLIP, *tiles],
            "tokens": list(tokens)}


def test_the_ferry_landing_takes_private_5s_9():
    # From Islip, #5 reaches H23, whose only neighbours are H21 (edge 1) and H25 (edge 4):
    # a straight #9 at rotation 1 or 4 is the one tile that fits; phase 2 allows no green
    # upgrade of Islip or NYC (docs/rules/18pa.md §5.4, §8)
    assert legal_lays(read_position(_long_island("2"))) == [Lay("H23", "9", 1, 0),
                                                          Lay("H23", "9", 4, 0)]


def test_only_private_5_lays_the_ferry_landing():
    # the ferry opens only with private #5's #9 in H23 (docs/rules/18pa.md §5.4)
    position = read_position(_long_island("2", company="8"))
    with pytest.raises(InputError, match=r"^lay 9 on H23 at rotation 1: only private #5 "):
        apply(position, {"hex": "H23", "tile": "9", "rotation": 1})


@pytest.mark.parametrize("hex_id", ["H25", "G26"])
def test_the_ferry_s_ocean_hexes_take_no_tile(hex_id):
    # H25 and G26 are ocean hexes with the ferry's dotted track: nothing is laid there
    # (docs/rules/18pa.md §8)
    position = read_position(_long_island("2", LANDING))
    with pytest.raises(InputError, match=rf"^lay 9 on {hex_id} at rotation 1: {hex_id} is "
                                         r"an ocean hex of the Fall River ferry$"):
        apply(position, {"hex": hex_id, "tile": "9", "rotation": 1})


def test_the_open_ferry_carries_building_to_providence_and_boston():
    # phase 3, ferry open: #5 reaches Providence F27 over H23-H25-G26 and Boston D27 beyond
    # it; a minor may upgrade yellow to green at no cost: #15 on Providence, X13 on Boston,
    # X11 on its own New York (docs/rules/18pa.md §5.4, §8)
    assert legal_lays(read_position(_long_island("3", LANDING))) == [
        Lay("D27", "X13", 0, 0), Lay("F27", "15", 0, 0), Lay("H19", "X11", 0, 0)]


def test_the_ferry_closed_carries_no_building():
    # phase 5 (ferry closed): no building beyond H23, and no #9 to lay there
    # (docs/rules/18pa.md §5.4, §8); NYC's green X11 is all a minor may still lay
    position = read_position(_long_island("5", LANDING))
    assert legal_lays(position) == [Lay("H19", "X11", 0, 0)]
    closed = read_position(_long_island("5"))
    with pytest.raises(InputError, match=r"^lay 9 on H23 at rotation 1: the ferry has closed "
                                         r"in phase 5$"):
        apply(closed, {"hex": "H23", "tile": "9", "rotation": 1})


def test_a_green_nyc_keeps_its_three_circles_and_their_tokens():
    # yellow H19 to green X11: three separate circles still (docs/rules/18pa.md §3, §4.1);
    # #8's token stays in circle 1 (exits 2, 3), #5's in circle 2 (exit 4)
    after = apply(read_position(_long_island("3", LANDING)),
                  {"hex": "H19", "tile": "X11", "rotation": 0})
    tokens = after.board["H19"].tokens
    assert after.board["H19"].tile.name == "X11"
    assert {i: t.slots for i, t in tokens.items()} == {0: [None], 1: ["8"], 2: ["5"]}


def test_brown_is_for_public_companies_and_pays_the_water():
    # phase 5, green X11 on New York: the minor #5 may not lay brown
    # (docs/rules/18pa.md §8) and has nothing; the NYC (a token in circle 0) may: brown X21
    # on New York, paying the hex's $40 water cost (map data), and green X10 on Newark H17
    board = _long_island("5", LANDING, {"hex": "H19", "tile": "X11", "rotation": 0})
    assert legal_lays(read_position(board)) == []
    nyc = dict(board, company="NYC", tokens=[{"hex": "H19", "city": 0, "company": "NYC"}])
    assert legal_lays(read_position(nyc)) == [Lay("H17", "X10", 0, 0),
                                              Lay("H19", "X21", 0, 40)]
    with pytest.raises(InputError, match=r"more than the 30 the company can pay"):
        apply(read_position(dict(nyc, cash=30)), {"hex": "H19", "tile": "X21", "rotation": 0})


def test_terrain_costs_from_new_haven():
    # NH from New Haven G22, phase 4: the town hexes take #58; Bridgeport G20 is a water
    # hex ($40), New London G24 lies across G22's river hexside ($20); plain hexes cost
    # nothing (docs/rules/18pa.md §8, map data)
    position = read_position(DATA_NH)
    costs = {(m.hex, m.tile): m.cost for m in legal_lays(position)}
    assert costs[("G20", "58")] == 40 and costs[("G24", "58")] == 20
    assert costs[("F21", "9")] == 0 and costs[("G22", "15")] == 0


DATA_NH = {"title": "18PA", "phase": "4", "company": "NH",
           "trains": [{"id": "4-0", "name": "4"}], "tiles": [], "tokens": []}
