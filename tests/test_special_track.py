"""A private company's own lays (step ``SpecialTrack``, ``trainrun.turn.special_track``) against
the 18xx.games engine's legal sets.

Every ``SpecialTrack`` line of ``tests/data/moves`` lists every lay the engine accepts for
the private using its ability, with the cost the operating company pays. ``legal_lays`` must
give exactly that set, on every line: 18Chesapeake's two connected lays, 1817's city-tile
private (any side of its hex) and its mine and ranch privates (only the sides the company
reaches, an exit pointing at a neighbouring stop: ``plugins/g1817/special_lays.py``), 18NY's
Albany Iron Works (only lays paying for water, up to $80 off it: docs/rules/18ny.md §8).
"""

import dataclasses

import pytest
from lay_moments import compiled_moment, engine_lays, lay_lines, our_lays, read_moment

from trainrun.errors import InputError
from trainrun.turn.lay_moves import apply_lay, check_lay, legal_lays
from trainrun.turn.lays import Lay, next_right

LINES = lay_lines("SpecialTrack")


def _read(name):
    return read_moment(LINES[name])


def test_every_title_with_special_lays_is_covered():
    assert len(LINES) == 21


@pytest.mark.parametrize("name", sorted(LINES))
def test_special_lays_equal_the_engines(name):
    assert our_lays(_read(name)) == engine_lays(LINES[name])


def _followed():
    """Each special lay whose game's next action is a lay moment too: (line, next line)."""
    lays = {**LINES, **lay_lines("Track")}
    out = {}
    for name, line in LINES.items():
        game, action = name.split("#")
        following = f"{game}#{int(action) + 1}"
        if following in lays:
            out[name] = (line, lays[following])
    return out


FOLLOWED = _followed()


def test_special_lays_followed_by_another_lay():
    # 18Chesapeake's two-tile privates (their second lay, then the company's), 1817 mines
    # laying once and twice in a row, the city-tile privates
    assert len(FOLLOWED) == 9


def _turn_state(position):
    turn = position.turn
    return (turn.lays, turn.upgraded, turn.laid_hexes, turn.step, turn.entity,
            (turn.ability or {}).get("count"), next_right(position))


@pytest.mark.parametrize("name", sorted(FOLLOWED))
def test_applying_a_special_lay_gives_the_next_moment(name):
    """The recorded lay applied: the ability has one lay fewer (the private keeps acting
    while it has lays left, unless the game's next lay is the company's own), the company's
    lay is spent where the ability consumes it, a mine's hex holds a mine, and the engine's
    legal lays of the next moment are ours after it."""
    line, following = FOLLOWED[name]
    rec = line["recorded"]
    after = apply_lay(_read(name), Lay(rec["hex"], rec["tile"], rec["rotation"], rec["cost"]))
    if following["step"] == "Track" and after.turn.step == "SpecialTrack":
        after = dataclasses.replace(after, turn=dataclasses.replace(
            after.turn, step="Track", entity=None, ability=None))
    expected = read_moment(following)
    assert _turn_state(after) == _turn_state(expected)
    if "cash_delta" not in rec:
        assert after.turn.cash == expected.turn.cash
    assert ({h: p.markers for h, p in after.board.items()}
            == {h: p.markers for h, p in expected.board.items()})
    assert our_lays(after) == engine_lays(following)


def _refusal(name, hex_id, tile, rotation, position=None):
    with pytest.raises(InputError) as caught:
        check_lay(position or _read(name), hex_id, tile, rotation)
    return str(caught.value)


def test_a_mine_lays_only_from_the_sides_the_company_reaches():
    # 1817 15528#149: Bess reaches Major Coal Mine's C20 by side 4 only (engine
    # connected_hexes); the recorded #8 at rotation 4 uses it, at rotation 0 it does not
    # (every side of a mine hex was open before this rule; docs/rules/1817.md §8)
    assert check_lay(_read("1817/15528#149"), "C20", "8", 4) == 20
    assert "does not meet Bess's track" in _refusal("1817/15528#149", "C20", "8", 0)


def test_a_mine_points_an_exit_at_a_neighbouring_stop():
    # 1817 bankrupt#677: the recorded #8 on H11 at rotation 1 faces a city; #7 at rotation 2
    # meets the company's track but faces no city, town or off-board
    assert check_lay(_read("1817/1817_game_end_bankrupt#677"), "H11", "8", 1) == 20
    assert "must point an exit at a neighbouring city" in _refusal(
        "1817/1817_game_end_bankrupt#677", "H11", "7", 2)


def test_a_ranch_never_lies_next_to_a_b_city():
    # 1817 bankrupt#270: E4 is a Country Ranch hex, but Indianapolis F3 beside it holds the
    # B-labelled X00 (engine: no ranch next to a B city; docs/rules/1817.md §8)
    assert "next to the B city on F3" in _refusal("1817/1817_game_end_bankrupt#270", "E4", "9", 0)


def test_a_private_lays_only_on_its_hexes():
    # 1817 15528#149: D19, beside the mine hex C20, is not one of the mine hexes
    assert "not one of its hexes" in _refusal("1817/15528#149", "D19", "9", 0)


def test_a_used_up_ability_lays_nothing():
    position = _read("1817/15528#149")
    used = dataclasses.replace(position, turn=dataclasses.replace(
        position.turn, ability={**position.turn.ability, "count": 0}))
    assert legal_lays(used) == []
    assert "has no lays left" in _refusal("", "C20", "8", 4, used)


def test_albany_iron_works_lays_only_where_water_is_paid():
    # 18NY 108746#434: D16's #7 at rotation 0 crosses the $40 river border to a tile facing
    # it, $40 off (up to $80): $20 left, the lay's fee; at rotation 1 it crosses no river
    # (engine G18NY::Step::SpecialTrack; docs/rules/18ny.md §8)
    assert check_lay(_read("18NY/108746#434"), "D16", "7", 0) == 20
    assert "pays for water" in _refusal("18NY/108746#434", "D16", "7", 1)
    # Albany F20's printed $80 water: the terrain replaces the $20 fee, less $80: nothing
    assert check_lay(_read("18NY/108746#434"), "F20", "X10", 0) == 0


def test_a_special_lay_at_the_wrong_cost_is_refused():
    position = _read("18NY/108746#434")
    with pytest.raises(InputError, match="the lay costs 0, not 80"):
        apply_lay(position, Lay("F20", "X10", 0, 80))


def test_the_city_tile_private_takes_the_ranches_beside_it_off():
    # 1817 bankrupt#222: P24 lays the X00 on Indianapolis F3. With a ranch on E4 beside it
    # (hand-built: no ranch stood there), the lay takes it off (engine G1817 SpecialTrack;
    # docs/rules/1817.md §8); the marker elsewhere stays
    name = "1817/1817_game_end_bankrupt#222"
    position = _read(name)
    board = dict(position.board)
    board["E4"] = dataclasses.replace(board["E4"], markers=("ranch",))
    board["E8"] = dataclasses.replace(board["E8"], markers=("ranch",))
    rec = LINES[name]["recorded"]
    after = apply_lay(dataclasses.replace(position, board=board),
                      Lay(rec["hex"], rec["tile"], rec["rotation"], rec["cost"]))
    assert after.board["E4"].markers == () and after.board["E8"].markers == ("ranch",)
    assert after.board["F3"].tile.name == "X00"


def test_a_lay_of_its_own_pays_no_fee_for_an_upgrade_either():
    """Without ``consume_tile_lay`` a private's lay is its own, yellow or upgrade, with no
    fee (module docstring of trainrun.turn.special_track): the same lays as when it spends
    the company's lay, each cheaper by exactly that lay's fee. 18NY 108746#434 (Albany Iron
    Works) with the flag turned off; an upgrade once failed here on a fee never set."""
    consuming = _read("18NY/108746#434")
    own = dataclasses.replace(consuming, turn=dataclasses.replace(
        consuming.turn, ability={**consuming.turn.ability, "consume_tile_lay": False}))
    right = next_right(consuming)
    paid = {(m.hex, m.tile, m.rotation): m.cost for m in legal_lays(consuming)}
    upgrades = 0
    for lay in legal_lays(own):
        key = (lay.hex, lay.tile, lay.rotation)
        if key not in paid:
            continue
        upgrade = own.board[lay.hex].tile.color != "white"
        upgrades += upgrade
        fee = right.upgrade_cost if upgrade else right.cost
        assert lay.cost == paid[key] - fee, key
    assert upgrades > 0


def test_a_reachable_private_lay_meets_the_companys_track():
    # 1847 AE bankrupt#179: Saar reaches F10 from G9 (side 0) and E11 (side 3) only;
    # Königsbach's ability is `reachable`, and the engine refuses a lay whose track leaves
    # the hex off Saar's network ("Track laid must be connected to one of Saar's
    # stations", Tracker#lay_tile): double town 1 at rotation 0 (exits 0 1 3 4) is laid,
    # at rotation 1 (exits 1 2 4 5) it is refused
    moment = read_moment(compiled_moment("1847AE", "1847AE_game_end_bankrupt", 179))
    assert check_lay(moment, "F10", "1", 0) == 0
    with pytest.raises(InputError, match="the track on F10 must connect to Saar's network"):
        check_lay(moment, "F10", "1", 1)
