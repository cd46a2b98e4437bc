"""Tile lays (``trainrun.turn.lays``) against the 18xx.games engine's legal sets, and refusals.

Every ``lay_tile`` line of ``tests/data/moves`` (the company's own lay, step ``Track``)
lists every lay the engine accepts there, with its cost. ``legal_lays`` must give exactly
that set, on every line.

18NY: a minor short of cash may borrow only what its loans left allow: the engine's
``buying_power`` is its cash plus $50 per loan it may still take (a minor: two in all).
The lines give the cash, not the loans held; the loans are taken and repaid automatically
as the cash allows, so the game-log replay follows the minors' cash through every
operating round (``trainrun.plugins.g18ny.money``) and the lines are read with its
``title_state.loans_left`` (``lay_moments.with_loans``). On #150, #365 and #422 the loans
left limit the lays (see ``test_18ny_loans_left_limit_a_minor_short_of_cash``).

Privates held by players block their hexes in 18Chesapeake (K3, H2/I3), and 1871's tile 9
needs the SBC private in the president's hands; who holds them comes from the game log
(``fixture_privates``; for 1871 the replay's auction, shares and presidencies).

What the company reaches and the new-track rule follow the engine's walk
(``trainrun.turn.walk``: a path once, never leaving a hex twice by one side in a branch); a
search of every track reachable differed from it on 18Chesapeake 1905#263, #333, #469,
#502, 2593#458, #466, #484, 1871 #497, #535, #541, #565, #576, #674 and 18NY #843 (D16
not reached), which now match.
"""
import dataclasses

import pytest
from fixture_privates import with_privates
from lay_moments import engine_lays, lay_lines, our_lays, read_moment

from trainrun import read_position
from trainrun.board.position import PlacedHex
from trainrun.errors import InputError
from trainrun.formats.own_format import position_to_own
from trainrun.turn.lay_moves import apply_lay, check_lay, legal_lays
from trainrun.turn.lays import Lay

LINES = lay_lines("Track")



def _read(name):
    return read_moment(LINES[name])



@pytest.mark.parametrize("name", list(LINES))
def test_legal_lays_equal_the_engines(name):
    assert our_lays(_read(name)) == engine_lays(LINES[name])


@pytest.mark.parametrize("name, cash, left", [
    # (line, the minor's cash, loans left): minor 8 ($20, one loan left), minor 10 ($0 and
    # $45, one loan left each); with $50 a loan, no lay above $70, $50 and $95 is legal
    ("18NY/108746#150", 20, 1), ("18NY/108746#365", 0, 1), ("18NY/108746#422", 45, 1)])
def test_18ny_loans_left_limit_a_minor_short_of_cash(name, cash, left):
    position = _read(name)
    assert (position.turn.cash, position.title_state["loans_left"]) == (cash, left)
    engine = engine_lays(LINES[name])
    assert max(cost for *_, cost in engine) <= cash + 50 * left
    # read without the loans left, the minor could borrow without limit: dearer lays too
    unlimited = our_lays(read_position(with_privates(LINES[name])))
    assert unlimited > engine
    assert min(cost for *_, cost in unlimited - engine) > cash + 50 * left


@pytest.mark.parametrize("name", [n for n in LINES if LINES[n]["recorded_in_legal"]])
def test_the_recorded_lay_applies(name):
    data = LINES[name]
    position = _read(name)
    rec = data["recorded"]
    after = apply_lay(position, Lay(rec["hex"], rec["tile"], rec["rotation"], rec["cost"]))
    placed = after.board[rec["hex"]]
    assert (placed.tile.name, placed.rotation) == (rec["tile"], rec["rotation"])
    assert after.turn.lays == position.turn.lays + 1 and rec["hex"] in after.turn.laid_hexes
    assert after.turn.cash == position.turn.cash - rec["cost"]
    assert position.board[rec["hex"]].tile.name != rec["tile"]  # the input is unchanged
    # the company's tokens stay where they were
    for h, p in position.board.items():
        held = sorted(c for city in p.tokens.values() for c in city.holders())
        assert held == sorted(c for city in after.board[h].tokens.values() for c in city.holders())


def _line(name):
    return _read(name), LINES[name]["recorded"]


def test_wrong_rotation_is_refused():
    # 18Chesapeake 1277#47: B&O lays tile 9 on G7 at rotation 1 (legal: 1 and 4 only)
    position, rec = _line("18Chesapeake/1277#47")
    assert (rec["hex"], rec["tile"]) == ("G7", "9")
    with pytest.raises(InputError, match="does not meet B&O's track"):
        check_lay(position, "G7", "9", 0)


def test_colour_too_early_is_refused():
    # phase 2 allows yellow only (phases.json)
    position, _ = _line("18Chesapeake/1277#47")
    with pytest.raises(InputError, match="green tiles are not allowed on G7 in phase 2"):
        check_lay(position, "G7", "24", 4)


def test_tile_out_of_the_box_is_refused():
    # a legal lay of a tile with a count (tiles.json); with every copy laid elsewhere the
    # box holds none
    name, lay = next((n, m) for n in LINES if n.startswith("18Chesapeake/")
                     for m in LINES[n]["legal"]
                     if isinstance(read_position(LINES[n]).title.tiles[m["tile"]].count, int))
    position = read_position(LINES[name])
    tile = position.title.tiles[lay["tile"]]
    bare = [h for h, p in position.board.items() if p.tile.color == "white"
            and not p.tile.nodes and h != lay["hex"]]
    board = dict(position.board)
    for h in bare[:tile.count]:
        board[h] = PlacedHex(h, tile, 0)
    full = dataclasses.replace(position, board=board)
    check_lay(position, lay["hex"], lay["tile"], lay["rotation"])
    with pytest.raises(InputError, match=f"no tile {tile.name} left"):
        check_lay(full, lay["hex"], lay["tile"], lay["rotation"])


def test_unconnected_hex_is_refused():
    position, _ = _line("18Chesapeake/1277#47")
    with pytest.raises(InputError, match="B&O does not reach C7"):
        check_lay(position, "C7", "9", 0)


def test_second_lay_in_a_one_lay_title_is_refused():
    position, rec = _line("18Chesapeake/1277#47")
    after = apply_lay(position, Lay(rec["hex"], rec["tile"], rec["rotation"], rec["cost"]))
    with pytest.raises(InputError, match="lays are used up"):
        check_lay(after, "G7", "9", 4)
    assert legal_lays(after) == []


def test_third_lay_in_1817_is_refused():
    name = next(n for n in LINES if n.startswith("1817/")
                and LINES[n]["allowance"]["laid_this_turn"] == 1 and LINES[n]["legal"])
    position, rec = _line(name)
    after = apply_lay(position, Lay(rec["hex"], rec["tile"], rec["rotation"], rec["cost"]))
    with pytest.raises(InputError, match="lays are used up"):
        check_lay(after, rec["hex"], rec["tile"], rec["rotation"])


def test_cost_more_than_cash_is_refused():
    name = next(n for n in LINES if n.startswith("18Chesapeake/")
                and any(m["cost"] > 0 for m in LINES[n]["legal"]))
    data = LINES[name]
    lay = next(m for m in data["legal"] if m["cost"] > 0)
    poor = read_position(dict(data, cash=lay["cost"] - 1))
    with pytest.raises(InputError, match=f"costs {lay['cost']}, more than"):
        check_lay(poor, lay["hex"], lay["tile"], lay["rotation"])


def test_a_private_held_by_a_player_blocks_its_hexes():
    # 18Chesapeake: Delaware and Raritan blocks K3 while a player holds it (engine
    # blocks_hexes, owner a player; docs/rules/18chesapeake.md section 8). In 2593 no
    # company bought it, so at #191 a player holds it and the engine offers no K3 lay.
    position, _ = _line("18Chesapeake/2593#191")
    assert position.privates["D&R"] == "player"
    assert not any(m["hex"] == "K3" for m in LINES["18Chesapeake/2593#191"]["legal"])
    with pytest.raises(InputError, match="K3 is blocked by D&R, held by a player"):
        check_lay(position, "K3", "7", 0)
    freed = dataclasses.replace(position, privates={**position.privates, "D&R": "other"})
    assert any(lay.hex == "K3" for lay in legal_lays(freed))


def test_bridge_companies_take_ten_dollars_off_water():
    # 1817: the Ohio Bridge Company (a tile_discount ability of the company, $10 water;
    # docs/rules/1817.md section 8) makes H's yellow lay on H9 (water $10) free at #159.
    position, _ = _line("1817/15528#159")
    assert [a["type"] for a in position.abilities].count("tile_discount") == 1
    assert check_lay(position, "H9", "5", 0) == 0
    assert check_lay(dataclasses.replace(position, abilities=()), "H9", "5", 0) == 10


def test_abilities_and_privates_round_trip():
    position, _ = _line("18Chesapeake/2593#191")
    own = position_to_own(dataclasses.replace(position, abilities=({"type": "tile_lay",
                                                                    "count": 2},)))
    again = read_position(own)
    assert again.privates == position.privates and again.abilities == ({"type": "tile_lay",
                                                                        "count": 2},)
    with pytest.raises(InputError, match="privates.D&R"):
        read_position(dict(own, privates={"D&R": "bank"}))


def test_a_future_label_decides_the_green_tile():
    # 18NY: Rochester D8 prints label R for green (engine map future_label): its green tile
    # is X13 (labelled R), never the plain 15 (18NY/108746#239: the engine offers X13 only).
    position, _ = _line("18NY/108746#239")
    assert check_lay(position, "D8", "X13", 4) == 20
    with pytest.raises(InputError, match="tile 15 does not replace 57"):
        check_lay(position, "D8", "15", 4)


def test_a_yellow_town_becomes_a_yellow_city_in_18ny():
    # 18NY: once green is allowed, tile 3 (a town) may become tile 5 (a city) with the same
    # exits (engine town_to_city_upgrade?); 18NY/108746#166 offers D18 5 at rotation 4 only.
    position, _ = _line("18NY/108746#166")
    assert position.board["D18"].tile.name == "3"
    assert {(m.tile, m.rotation) for m in legal_lays(position) if m.hex == "D18"} == {("5", 4)}
