"""Lay rules of the compiled titles (1830, 1893, 18GA, 18MEX, 18NL, 18Texas, 18AL), one
hand-checked moment per rule, each against the 18xx.games engine's answer there.

Each position is a recorded moment of an 18xx.games game (named ``game#action``, the
engine's legal-move dump of that game) cut down by hand to the tiles and tokens that decide
the hex in question; the lays asserted on that hex are the ones the engine accepted at the
moment (every one of them, at every rotation, with its cost), or, where a test changes the
moment (the phase set back, a token taken off), what the engine's rule cited gives.
"""
import pytest

from trainrun import read_position
from trainrun.errors import InputError
from trainrun.hooks import answers
from trainrun.turn.lay_moves import check_lay, legal_lays


def _on(position, hex_id: str) -> list[tuple[str, int, int]]:
    return sorted((m.tile, m.rotation, m.cost) for m in legal_lays(position) if m.hex == hex_id)


# ---- 1830 ----------------------------------------------------------------------------------

# 1830_game_end_bank#117: PRR (home Altoona H12) with a straight 9 on H14
PRR_H14 = {"title": "1830", "phase": "3", "company": "PRR",
           "trains": [{"id": "2-3", "name": "2"}],
           "tiles": [{"hex": "H14", "tile": "9", "rotation": 1}],
           "tokens": [{"hex": "H12", "city": 0, "company": "PRR"}], "cash": 520}


def test_1830_lays_need_no_new_track():
    # engine g_1830/game.rb TRACK_RESTRICTION = :permissive (docs/rules/1830.md §3): every
    # green upgrade of the 9 that keeps its track is legal, though PRR reaches the 9's
    # straight only; the engine accepted these 16 at #117
    position = read_position(PRR_H14)
    assert answers.lay_rules(position).track_restriction == "permissive"
    assert _on(position, "H14") == [
        ("18", 1, 0), ("18", 4, 0), ("19", 1, 0), ("19", 4, 0), ("20", 0, 0), ("20", 1, 0),
        ("20", 3, 0), ("20", 4, 0), ("23", 1, 0), ("23", 4, 0), ("24", 1, 0), ("24", 4, 0),
        ("26", 1, 0), ("26", 4, 0), ("27", 1, 0), ("27", 4, 0)]


# ---- 18NL ----------------------------------------------------------------------------------

# 135870#132: NCS (home F13) with a 9 on F11
NCS_F11 = {"title": "18NL", "phase": "3", "company": "NCS",
           "trains": [{"id": "2-2", "name": "2"}],
           "tiles": [{"hex": "F11", "tile": "9", "rotation": 1}],
           "tokens": [{"hex": "F13", "city": 0, "company": "NCS"}], "cash": 120}

# 18NL_game_end_bankrupt#449: NRS (token in G8) reaches NZO's home H13, where NZO's home
# token lies in city 0
NRS_H13 = {"title": "18NL", "phase": "6", "company": "NRS", "trains": [],
           "tiles": [{"hex": "F9", "tile": "15", "rotation": 4},
                     {"hex": "G10", "tile": "8", "rotation": 2},
                     {"hex": "G12", "tile": "8", "rotation": 5},
                     {"hex": "G8", "tile": "63", "rotation": 0}],
           "tokens": [{"hex": "G8", "city": 0, "company": "NRS"},
                      {"hex": "H13", "city": 0, "company": "NZO"}], "cash": 127}


def test_18nl_lays_need_no_new_track():
    # engine g_18_nl/game.rb TRACK_RESTRICTION = :permissive (docs/rules/18nl.md §3): the
    # engine accepted these at #132
    assert _on(read_position(NCS_F11), "F11") == [
        ("18", 4, 0), ("19", 1, 0), ("20", 0, 0), ("20", 3, 0), ("23", 1, 0), ("24", 1, 0),
        ("24", 4, 0), ("26", 1, 0), ("26", 4, 0), ("27", 4, 0)]


def test_18nl_h13_waits_for_nzos_home_token():
    # engine g_18_nl/step/track.rb available_hex, game.rb nzo_has_placed_home?
    # (docs/rules/18nl.md §3): with NZO's token down, #449 offers the OO 59 at ƒ80 (water)
    assert _on(read_position(NRS_H13), "H13") == [("59", 0, 80), ("59", 2, 80)]
    before = read_position(dict(NRS_H13, tokens=NRS_H13["tokens"][:1]))
    assert _on(before, "H13") == []
    with pytest.raises(InputError, match="no tile on H13 before NZO's home token"):
        check_lay(before, "H13", "59", 0)


# ---- 1893 ----------------------------------------------------------------------------------

# 1893_game_end_bank#98: minor KBE (O4) reaches N5 (stub on edge 4)
KBE_N5 = {"title": "1893", "phase": "4", "company": "KBE", "trains": [{"id": "3-3", "name": "3"}],
          "tiles": [{"hex": "O4", "tile": "619", "rotation": 0}],
          "tokens": [{"hex": "O4", "city": 0, "company": "KBE"}], "cash": 60}

# 1893_game_end_bank#142: RSE (Bad Godesberg R7) reaches Bonn S6 across the Rhine
RSE_S6 = {"title": "1893", "phase": "4", "company": "RSE", "trains": [{"id": "4-1", "name": "4"}],
          "tiles": [{"hex": "R7", "tile": "14", "rotation": 0}],
          "tokens": [{"hex": "R7", "city": 0, "company": "RSE"}], "cash": 460}

# 1893_game_end_bank#325: DE reaches Leverkusen G6, whose yellow double town is K1
DE_G6 = {"title": "1893", "phase": "6", "company": "DE", "trains": [{"id": "6-2", "name": "6"}],
         "tiles": [{"hex": "G6", "tile": "K1", "rotation": 2},
                   {"hex": "I6", "tile": "9", "rotation": 0},
                   {"hex": "K6", "tile": "144", "rotation": 1},
                   {"hex": "L5", "tile": "K255", "rotation": 0},
                   {"hex": "N5", "tile": "42", "rotation": 4},
                   {"hex": "O4", "tile": "611", "rotation": 2}],
         "tokens": [{"hex": "O4", "city": 0, "company": "DE"}], "cash": 80}


def test_1893_a_stub_must_be_an_exit():
    # engine stubs_are_restricted.rb legal_if_stubbed? (docs/rules/1893.md §3): of the
    # yellow tiles reaching N5 from O4 only the straight 9 also runs to the stub on edge 4;
    # the engine accepted exactly these at #98
    position = read_position(KBE_N5)
    assert _on(position, "N5") == [("9", 1, 0), ("9", 4, 0)]
    with pytest.raises(InputError, match="N5's stub at edge 4 must be an exit"):
        check_lay(position, "N5", "7", 0)


def test_1893_n5_and_p5_wait_for_the_first_3_train():
    # engine g_1893/game.rb TILE_BLOCK, event_remove_tile_block! on the first 3
    # (docs/rules/1893.md §3): the same moment in phase 2 offers nothing on N5
    position = read_position(dict(KBE_N5, phase="2"))
    assert _on(position, "N5") == []
    with pytest.raises(InputError, match="N5 takes no tile until the first 3-train"):
        check_lay(position, "N5", "9", 1)


def test_1893_the_rhine_is_closed_in_phase_2():
    # engine g_1893/game.rb RHINE_PASSAGE, legal_tile_rotation? (docs/rules/1893.md §3):
    # #142 (phase 4) offers these four, each crossing S6's water border (edge 4) from R7;
    # in phase 2 none of them may cross it
    assert _on(read_position(RSE_S6), "S6") == [
        ("K5", 4, 40), ("K57", 1, 40), ("K57", 4, 40), ("K6", 2, 40)]
    position = read_position(dict(RSE_S6, phase="2"))
    assert _on(position, "S6") == []
    with pytest.raises(InputError, match="the Rhine may not be crossed from S6 in phase 2"):
        check_lay(position, "S6", "K57", 1)


def test_1893_leverkusen_becomes_k314_at_rotation_0():
    # engine g_1893/game.rb upgrades_to?, legal_tile_rotation?; step/track.rb
    # leverkusen_only_legal_rotation (docs/rules/1893.md §3): the yellow K1 goes only to the
    # one-city K314, at rotation 0, as DE laid it at #325 (cost 0). The engine's legal-move
    # dump lists no lay on G6 there: the 1893 step turns K314 to rotation 0 without setting
    # its legal rotations, and the dump tries only those, so it reports the recorded lay as
    # "not offered by Track". At rotation 3 K314 has the same exits, but the step offers
    # rotation 0 only
    position = read_position(DE_G6)
    assert _on(position, "G6") == [("K314", 0, 0)]
    with pytest.raises(InputError, match="the track of tile K1 is not kept"):
        check_lay(position, "G6", "K314", 3)


# ---- 18GA ----------------------------------------------------------------------------------

# 18GA_game_end_bank#183: GA (home Augusta D10) with the yellow 57 on D10
GA_D10 = {"title": "18GA", "phase": "3", "company": "GA", "trains": [{"id": "2-4", "name": "2"}],
          "tiles": [{"hex": "D10", "tile": "57", "rotation": 2}],
          "tokens": [{"hex": "D10", "city": 0, "company": "GA"}], "cash": 600}


def test_18ga_augusta_becomes_453a_only():
    # engine g_18_ga/game.rb upgrades_to? (docs/rules/18ga.md §3): yellow Augusta's one
    # green tile is 453a (the engine accepted only 453a at rotation 0 at #183), never the
    # plain 15 the shared rule would give
    position = read_position(GA_D10)
    assert _on(position, "D10") == [("453a", 0, 0)]
    with pytest.raises(InputError, match="tile 15 does not replace 57"):
        check_lay(position, "D10", "15", 5)


# ---- 18MEX ---------------------------------------------------------------------------------

# 13315#257: MC (home I8) reaches Mexico City O10; Puebla P11 shows its printed yellow town
MC_O10 = {"title": "18MEX", "phase": "4", "company": "MC", "trains": [{"id": "3-2", "name": "3"}],
          "tiles": [{"hex": "I8", "tile": "15", "rotation": 0},
                    {"hex": "K8", "tile": "58", "rotation": 3},
                    {"hex": "L9", "tile": "4", "rotation": 2},
                    {"hex": "M10", "tile": "619", "rotation": 0}],
          "tokens": [{"hex": "I8", "city": 0, "company": "MC"}], "cash": 345}

# 17849#318: UdY (home Q14) reaches the green Mexico City 479MC from Puebla's side
UDY_O10 = {"title": "18MEX", "phase": "5", "company": "UdY", "trains": [],
           "tiles": [{"hex": "O10", "tile": "479MC", "rotation": 0},
                     {"hex": "P11", "tile": "479P", "rotation": 0},
                     {"hex": "Q12", "tile": "25", "rotation": 2},
                     {"hex": "S12", "tile": "14", "rotation": 0}],
           "tokens": [{"hex": "Q14", "city": 0, "company": "UdY"}], "cash": 925}


def test_18mex_mexico_city_pays_pueblas_terrain():
    # engine g_18_mex/step/track.rb lay_in_other_hex_of_double_hex
    # (docs/rules/18mex.md §3): the 479MC on O10 lays 479P on P11 too, paying P11's $60
    # mountain; the engine charged 60 at #257
    assert _on(read_position(MC_O10), "O10") == [("479MC", 0, 60)]


def test_18mex_a_city_tile_needs_no_new_track():
    # engine g_18_mex/game.rb TRACK_RESTRICTION = :city_permissive
    # (docs/rules/18mex.md §3): a city tile is legal whatever track it adds; the brown Mexico
    # City tiles cost $40 each, the green 479P's mountain on P11 (the engine accepted these
    # at #318)
    position = read_position(UDY_O10)
    assert answers.lay_rules(position).track_restriction == "city_permissive"
    assert _on(position, "O10") == [("485MC", 0, 40), ("486MC", 0, 40)]


def test_18mex_copper_canyon_is_never_upgraded():
    # engine g_18_mex/game.rb upgrades_to? (docs/rules/18mex.md §3): the KCMO's 470 on F5
    # takes no tile, whatever the phase allows
    position = read_position(dict(MC_O10, tiles=MC_O10["tiles"] + [
        {"hex": "F5", "tile": "470", "rotation": 0}]))
    tiles = list(position.title.tiles.values())
    assert answers.upgrades_to(position, "F5", position.title.tiles["470"], tiles) == []


@pytest.mark.parametrize("company, lays", [("B", [(True, False)]),
                                           ("MC", [(True, True), ("not_if_upgraded", False)])])
def test_18mex_minors_lay_one_yellow_corporations_two(company, lays):
    # engine g_18_mex/game.rb tile_lays (docs/rules/18mex.md §3)
    position = read_position(dict(MC_O10, company=company, tokens=[]))
    assert [(r.lay, r.upgrade) for r in answers.tile_lays(position)] == lays


# ---- 18Texas -------------------------------------------------------------------------------

# hs_hqrmcntr_1641188459#44: the New Orleans Pacific's teleport for MP, J5 unbuilt
NOPR_J5 = {"title": "18Texas", "phase": "3", "company": "MP", "trains": [], "tiles": [],
           "tokens": [], "cash": 275,
           "turn": {"step": "SpecialTrack", "entity": "New Orleans Pacific Railroad",
                    "ability": {"type": "teleport", "hexes": ["J5"], "tiles": ["511"]}}}


def test_18texas_the_new_orleans_pacific_lays_511_on_an_unbuilt_j5():
    # engine g_18_texas/game.rb upgrades_to? with selected_company NOPR
    # (docs/rules/18texas.md §3): the green 511 on the white J5, every rotation, free; the
    # engine accepted these six at #44
    assert _on(read_position(NOPR_J5), "J5") == [("511", r, 0) for r in range(6)]


def test_18texas_only_the_new_orleans_pacific_skips_yellow():
    position = read_position(dict(NOPR_J5, turn={}, tokens=[
        {"hex": "J5", "city": 0, "company": "MP"}]))
    with pytest.raises(InputError, match="tile 511 does not replace J5"):
        check_lay(position, "J5", "511", 0)


def test_18texas_a_second_lay_is_yellow_and_only_after_no_upgrade():
    # engine g_18_texas/game.rb tile_lays (docs/rules/18texas.md §3): with MP's token in San
    # Antonio J5 and one lay made, a yellow lay is left unless that lay was an upgrade
    position = read_position(dict(NOPR_J5, turn={"lays": 1}, tokens=[
        {"hex": "J5", "city": 0, "company": "MP"}]))
    assert [(r.lay, r.upgrade) for r in answers.tile_lays(position)] == [
        (True, True), ("not_if_upgraded", False)]
    second = legal_lays(position)
    assert second and {position.title.tiles[m.tile].color for m in second} == {"yellow"}
    assert all(position.board[m.hex].tile.color == "white" for m in second)
    after_upgrade = read_position(dict(NOPR_J5, turn={"lays": 1, "upgraded": True}, tokens=[
        {"hex": "J5", "city": 0, "company": "MP"}]))
    assert legal_lays(after_upgrade) == []


@pytest.mark.parametrize("cash", [19, 20])
def test_18mex_a_minor_with_an_unbuilt_home_must_pay_its_terrain(cash):
    # engine g_18_mex/step/track.rb can_lay_tile? (docs/rules/18mex.md §3): minor C's home
    # Oaxaca S12 is unbuilt, $20 water; with less cash it may lay nothing at all,
    # with $20 its home tiles (the engine offered these six at 17849#157, with $30)
    position = read_position({"title": "18MEX", "phase": "3", "company": "C",
                              "trains": [{"id": "2-2", "name": "2"}], "tiles": [], "tokens": [],
                              "cash": cash})
    if cash == 20:
        assert _on(position, "S12") == [("5", 3, 20), ("5", 4, 20), ("57", 1, 20), ("57", 4, 20),
                                        ("6", 2, 20), ("6", 4, 20)]
    else:
        assert legal_lays(position) == []
        with pytest.raises(InputError, match=r"cannot pay the \$20 of its unbuilt home S12"):
            check_lay(position, "S12", "5", 3)


# ---- 18AL ----------------------------------------------------------------------------------

# 1446#179, cut down: WRA's home Montgomery L5 (green M 443a) meets the Lumber Terminal 445
# on N5 (edges 3 and 5 at rotation 3)
WRA_N5 = {"title": "18AL", "phase": "3", "company": "WRA", "trains": [{"id": "4-0", "name": "4"}],
          "tiles": [{"hex": "L5", "tile": "443a", "rotation": 0},
                    {"hex": "N5", "tile": "445", "rotation": 3}],
          "tokens": [{"hex": "L5", "city": 0, "company": "WRA"}], "cash": 500}

# 18AL_game_end_bankrupt#165: WRA's yellow 6 on its home Montgomery L5
WRA_L5 = {"title": "18AL", "phase": "4", "company": "WRA", "trains": [{"id": "3-2", "name": "3"}],
          "tiles": [{"hex": "L5", "tile": "6", "rotation": 2}],
          "tokens": [{"hex": "L5", "city": 0, "company": "WRA"}], "cash": 500}


def test_18al_the_lumber_terminal_is_never_upgraded():
    # engine g_18_al/game.rb upgrades_to? (docs/rules/18al.md §3.1): the green towns 142,
    # 143 and 144 keep the 445's track but the engine offers none of them on N5 (1446#179
    # and the 35 lay moments after it)
    position = read_position(WRA_N5)
    assert _on(position, "N5") == []
    with pytest.raises(InputError, match="tile 144 does not replace 445"):
        check_lay(position, "N5", "144", 1)


def test_18al_yellow_montgomery_becomes_only_the_green_m_tile():
    # engine g_18_al/game.rb upgrades_to? (docs/rules/18al.md §3.1): the engine accepted
    # these four at #165
    assert _on(read_position(WRA_L5), "L5") == [("443a", 0, 0), ("443a", 1, 0), ("443a", 2, 0),
                                                ("443a", 4, 0)]


def test_18al_a_first_operating_turn_may_lay_a_second_yellow_tile():
    # optional rule double_yellow_first_or, engine g_18_al/game.rb tile_lays
    # (docs/rules/18al.md §3.2): title_state extra_yellow gives the second, yellow-only lay
    first = read_position(dict(WRA_L5, title_state={"extra_yellow": 1}))
    assert [(r.lay, r.upgrade) for r in answers.tile_lays(first)] == [
        (True, True), ("not_if_upgraded", False)]
    assert [(r.lay, r.upgrade) for r in answers.tile_lays(read_position(WRA_L5))] == [
        (True, True)]
    second = read_position(dict(WRA_L5, title_state={"extra_yellow": 1}, turn={"lays": 1}))
    assert second and {second.title.tiles[m.tile].color for m in legal_lays(second)} == {
        "yellow"}
    with pytest.raises(InputError, match="title_state.extra_yellow"):
        read_position(dict(WRA_L5, title_state={"extra_yellow": 2}))
