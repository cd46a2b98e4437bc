"""Hex grid geometry, tile rotation and tile paths."""
import pytest

from trainrun.board.hexgrid import HexGrid, opposite, rotate
from trainrun.errors import InputError
from trainrun.formats.reading import position_of


def test_flat_neighbours_match_the_map(chesapeake):
    """Every neighbour the 18Chesapeake map lists is the one the flat grid computes."""
    title = chesapeake.title
    for hex_id, mh in title.hexes.items():
        for edge, other in mh.neighbors.items():
            assert title.grid.neighbor(hex_id, edge) == other


@pytest.mark.parametrize("layout,axes,hex_id,expected", [
    # 1817 (pointy, default axes): D9 and its six neighbours, from the 18xx.games map data
    ("pointy", None, "D9", {0: "E8", 1: "D7", 2: "C8", 3: "C10", 4: "D11", 5: "E10"}),
    ("pointy", None, "E10", {0: "F9", 1: "E8", 2: "D9", 3: "D11", 4: "E12", 5: "F11"}),
    # 18NY (pointy, axes x=number y=letter): D6's neighbours on the map
    ("pointy", {"x": "number", "y": "letter"}, "D6", {0: "E5", 1: "D4", 4: "D8", 5: "E7"}),
])
def test_pointy_neighbours(layout, axes, hex_id, expected):
    grid = HexGrid(layout, axes)
    for edge, other in expected.items():
        assert grid.neighbor(hex_id, edge) == other


def test_hex_id_round_trip():
    grid = HexGrid("flat")
    for hex_id in ["A1", "B14", "L2", "Z9", "AA3"]:
        assert grid.hex_id(*grid.coords(hex_id)) == hex_id


def test_rotation_turns_edges():
    assert [rotate(e, 2) for e in range(6)] == [2, 3, 4, 5, 0, 1]
    assert opposite(0) == 3 and opposite(4) == 1


def test_tile_paths_at_rotation(chesapeake):
    """Tile 57 (city, straight e0-e3) at rotation 1 runs between board edges 1 and 4."""
    tile = chesapeake.title.tiles["57"]
    assert {frozenset(p.ends()) for p in tile.paths_at(1)} == {
        frozenset({"e1", "n0"}), frozenset({"n0", "e4"})}
    assert tile.edges_at(1) == {1, 4}


def test_off_map_track_is_rejected(chesapeake):
    """C13 Lynchburg has no neighbour at edge 0; a #57 at rotation 0 would run track off the map."""
    with pytest.raises(InputError, match="off the map or across a closed side at edge 0 of C13"):
        position_of(chesapeake, {"title": "18Chesapeake", "phase": "2", "company": "N&W",
                             "trains": ["2"], "tiles": [{"hex": "C13", "tile": "57"}]})


def test_phase_value_falls_back_to_earlier_colour(chesapeake):
    """docs/rules/common.md §5.1: the newest colour the node defines; a fixed number pays in
    every phase."""
    norfolk = chesapeake.title.hexes["H14"].printed.node(0)
    assert norfolk.value_in(["yellow"]) == 30
    assert norfolk.value_in(["yellow", "green", "brown", "gray"]) == 60
    assert norfolk.value_in(["yellow", "green", "purple"]) == 40
