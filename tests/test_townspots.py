"""Towns drawn by an edge of their tile stand in the track (``trainrun.board.townspots``,
docs/rules/common.md §3.7), as the 18xx.games engine's ``check_overlap`` has it."""
from trainrun.board.townspots import spot_claims
from trainrun.registry import load_title


def test_18mex_470_paths_past_its_town_exclude_each_other():
    # 18MEX tile 470 (engine g_18_mex/map.rb: town loc 0; paths e0-n0, e3-n0, e3-e4,
    # e4-n0) at rotation 4: the town is drawn at board edge 4, so the paths from it to
    # edges 1 and 2 run over its spot, the one to edge 4 does not, the plain track e1-e2
    # has no town. 13315#367: the engine refused "cannot reuse track on F5" for a route
    # entering F5 at edge 2 and leaving at edge 1 through the town.
    tile = load_title("18MEX").title.tiles["470"]
    ends = [(p.a, p.b) for p in tile.paths_at(4)]
    claims = dict(zip(ends, spot_claims(tile, 4)))
    assert claims == {("e4", "n0"): None, ("e1", "n0"): (0, 0), ("e1", "e2"): None,
                      ("e2", "n0"): (0, 0)}


def test_a_town_at_the_centre_claims_nothing():
    # 18Chesapeake's tile 57 is a city; 1889's tile 3 is a town with two exits drawn at
    # the edge the engine picks (edge 0's bonus keeps the bottom free): only the other
    # path claims its spot, so a route may still pass through it
    tile = load_title("1889").title.tiles["3"]
    claims = spot_claims(tile, 0)
    assert sorted(c is None for c in claims) == [False, True]
    city = load_title("18Chesapeake").title.tiles["57"]
    assert set(spot_claims(city, 0)) == {None}
