"""Private companies' abilities as data (``trainrun.turn.abilities``): the engine's ability
entries of each title's ``privates.json`` read by the shared rules, against the
18xx.games engine's legal sets.

The moments are the seed titles' ``tests/data/moves`` lines and the 1830 and 1889 lines of
``tests/data/abilities`` (with who holds each private, from the game's log: that folder's
README).
"""
import dataclasses
import json
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner
from lay_moments import engine_lays, lay_lines, our_lays, read_moment
from service_client import json_client

from trainrun import read_position
from trainrun.cli.main import main
from trainrun.errors import InputError
from trainrun.formats.own_format import position_to_own
from trainrun.registry import load_title
from trainrun.turn.abilities import (
    AssignHexes,
    BlocksHexes,
    HexBonus,
    TeleportAbility,
    TileDiscount,
    TileLayAbility,
    TokenAbility,
    blocking_refusal,
    coverage,
    data_abilities,
    held,
    private_sym,
    read_ability,
    unreadable,
    usable,
)
from trainrun.turn.lay_moves import apply_lay, check_lay, legal_lays
from trainrun.turn.lays import Lay
from trainrun.turn.moves import AbilityMove, apply, legal_moves
from trainrun.turn.tokens import TokenMove, legal_tokens, tokens_left

COMPILED = Path(__file__).parent / "data" / "moves_compiled"

ABILITIES = Path(__file__).parent / "data" / "abilities"
MORE = {f"{d['title']}/{d['fixture'].removesuffix('.json')}#{d['action']}": d
        for title in ("1830", "1889")
        for d in map(json.loads, (ABILITIES / f"{title}.jsonl").read_text().splitlines())}
SPECIAL = lay_lines("SpecialTrack")
TRACK = lay_lines("Track")


def _title(name):
    return load_title(name).title


def _ability(title, sym, kind):
    data = next(a for a in data_abilities(_title(title), sym) if a["type"] == kind)
    return read_ability(data, _title(title))


def _set(moves):
    return {(m["hex"], m["tile"], m["rotation"], m["cost"]) for m in moves}


# ---- each ability type read from real title data ---------------------------------------------

@pytest.mark.parametrize("title, sym, kind, expected", [
    ("18Chesapeake", "C-P", "tile_lay", TileLayAbility(
        owner_type="corporation", when=("track",), count=2, hexes=("H2", "I3"),
        tiles=("8", "9"), must_lay_together=True, must_lay_all=True)),
    ("1817", "MAJC", "tile_lay", TileLayAbility(
        owner_type="corporation", when=("track",), count=3,
        hexes=("B25", "C20", "C24", "E18", "F15", "G12", "G14", "H11", "H13", "H15", "I8", "I10"),
        tiles=("7", "8", "9"), discount=15, consume_tile_lay=True, closed_when_used_up=True)),
    ("18NY", "AIW", "tile_lay", TileLayAbility(
        owner_type="corporation", when=("track",), count=1, reachable=True, special=False,
        consume_tile_lay=True, closed_when_used_up=True)),
    ("1889", "MF", "tile_lay", TileLayAbility(
        owner_type="player", when=("stock_round", "owning_player_track", "or_between_turns"),
        count=1, hexes=("B11", "G10", "I12", "J9"), tiles=("437",))),
    ("18Chesapeake", "C&OC", "teleport", TeleportAbility(
        owner_type="corporation", hexes=("D2",), tiles=("57",))),
    ("1830", "DH", "teleport", TeleportAbility(
        owner_type="corporation", hexes=("F16",), tiles=("57",))),
    ("18NY", "SC", "token", TokenAbility(
        owner_type="corporation", when=("owning_corp_or_turn",), hexes=("F20",), price=0,
        teleport_price=0, extra_action=True)),
    ("18Chesapeake", "D&R", "blocks_hexes", BlocksHexes(owner_type="player", hexes=("K3",))),
    ("1830", "BO", "blocks_hexes", BlocksHexes(owner_type="player", hexes=("I13", "I15"))),
    ("1817", "UBC", "assign_hexes", AssignHexes(
        owner_type="corporation", when=("owning_corp_or_turn",), count=2,
        hexes=("H3", "G6", "H9"))),
    ("1817", "OBC", "tile_discount", TileDiscount(
        owner_type="corporation", discount=10, terrain="water")),
    ("1889", "SMR", "tile_discount", TileDiscount(
        owner_type="corporation", discount=80, terrain="mountain")),
])
def test_each_ability_type_is_read_from_the_title_data(title, sym, kind, expected):
    assert _ability(title, sym, kind) == expected


def test_a_teleport_works_in_the_lay_step_and_a_tile_lay_is_special_by_default():
    # engine defaults (Ability::Teleport#setup, Ability::TileLay#setup)
    assert _ability("18Chesapeake", "C&OC", "teleport").when == ("track",)
    assert _ability("18Chesapeake", "C-P", "tile_lay").special is True


def test_hex_bonus_is_read():
    # no title here has one: the 18xx.games engine's 1867 Niagara Falls Bridge
    # (G1867::Entities), read against a map that has its hex
    entry = {"type": "hex_bonus", "owner_type": "corporation", "hexes": ["F18"], "amount": 10}
    title = SimpleNamespace(hexes={"F18": None}, tiles={})
    assert read_ability(entry, title) == HexBonus(owner_type="corporation", hexes=("F18",),
                                                  amount=10)


@pytest.mark.parametrize("entry, field", [
    ({"type": "tile_lay", "hexes": ["Z99"]}, "turn.ability.hexes"),
    ({"type": "tile_lay", "tiles": "8"}, "turn.ability.tiles"),
    ({"type": "tile_lay", "count": -1}, "turn.ability.count"),
    ({"type": "token", "price": "free"}, "turn.ability.price"),
    ({"type": "blocks_hexes", "owner_type": "bank"}, "turn.ability.owner_type"),
    ({"type": "no_buy"}, "turn.ability.type"),
])
def test_a_malformed_ability_names_its_field(entry, field):
    with pytest.raises(InputError) as caught:
        read_ability(entry, _title("18Chesapeake"), "turn.ability")
    assert str(caught.value).startswith(field)


# ---- what the shared rules cannot read -----------------------------------------------------

@pytest.mark.parametrize("title, expected", [
    ("18Chesapeake", []),
    ("1817", [("ME", "tile_income"), ("TS", "additional_token")]),
    ("The Old Prince 1871", [("VR", "blocks_hexes_consent")]),
    ("18NY", []),
    ("18PA", []),
    ("1830", []),
    ("1889", []),
])
def test_unreadable_names_what_the_shared_rules_do_not_follow(title, expected):
    found = unreadable(_title(title))
    assert [(sym, kind) for sym, kind, _ in found] == expected
    assert all(why for _, _, why in found)


def test_coverage_says_what_each_ability_comes_to():
    statuses = {(sym, kind): status for sym, kind, status, _ in coverage(_title("1817"))}
    assert statuses[("MAJC", "tile_lay")] == "applied"
    assert statuses[("OBC", "tile_discount")] == "applied"
    assert statuses[("OBC", "assign_hexes")] == "title"      # 1817's bridge markers
    assert statuses[("MINM", "revenue_change")] == "ignored"
    assert statuses[("ME", "tile_income")] == "unreadable"
    chesapeake = {(sym, kind): status for sym, kind, status, _ in
                  coverage(_title("18Chesapeake"))}
    assert chesapeake[("B&OR", "shares")] == "ignored"


def test_a_field_the_shared_rules_do_not_follow_is_unreadable():
    title = _title("18Chesapeake")
    entry = {"type": "tile_lay", "hexes": ["K3"], "tiles": [], "lay_count": 1,
             "upgrade_count": 1}
    privates = {**title.privates, "X": {"sym": "X", "name": "X", "abilities": [entry]}}
    found = unreadable(dataclasses.replace(title, privates=privates))
    assert found == [("X", "tile_lay", "fields not followed: lay_count=1, upgrade_count=1")]


# ---- blocks_hexes: a shared rule, by who holds the private ----------------------------------

def _with_privates(position, **holders):
    return dataclasses.replace(position, privates={**position.privates, **holders})


@pytest.mark.parametrize("holder, blocked", [
    ("player", True), ("president", True), ("company", False), ("other", False), (None, False)])
def test_18chesapeake_privates_block_while_a_player_holds_them(holder, blocked):
    # 2593#191: no company bought the Delaware and Raritan, so a player holds it and the
    # engine offers no lay on K3 (blocks_hexes, owner_type player)
    position = read_moment(TRACK["18Chesapeake/2593#191"])
    privates = dict(position.privates)
    if holder is None:
        del privates["D&R"]         # closed
    else:
        privates["D&R"] = holder
    position = dataclasses.replace(position, privates=privates)
    assert (blocking_refusal(position, "K3") is not None) is blocked
    assert any(lay.hex == "K3" for lay in legal_lays(position)) is not blocked


def test_a_private_lays_on_its_own_blocked_hexes():
    # 1905#153: the Columbia - Philadelphia lays on H2 and I3, the hexes it blocks while a
    # player holds it (engine ability_blocking_hex skips the private laying)
    position = _with_privates(read_moment(SPECIAL["18Chesapeake/1905#153"]), **{
        "C-P": "president", "B&S": "player"})
    assert our_lays(position) == engine_lays(SPECIAL["18Chesapeake/1905#153"])
    assert blocking_refusal(position, "F4") == "F4 is blocked by B&S, held by a player"


@pytest.mark.parametrize("name", ["1830/1830_game_end_bank#76", "1830/1830_game_end_bank#156",
                                  "1830/1830_game_end_bank#177", "1830/26855#163",
                                  "1889/962#86", "1889/962#126"])
def test_1830_and_1889_privates_block_their_hexes(name):
    """With who holds the privates (Mohawk & Hudson on D18, the B&O private on I15,
    1889's Takamatsu E-Railroad on K4, each held by a player), the lays are the engine's;
    without, the blocked hex is offered."""
    line = MORE[name]
    position = read_position(line)
    assert our_lays(position) == engine_lays(line)
    unknown = read_position({k: v for k, v in line.items() if k != "privates"})
    offered = {m[0] for m in our_lays(unknown) - engine_lays(line)}
    assert offered and all(blocking_refusal(position, h) for h in offered)


def test_1830_mohawk_and_hudson_held_by_the_company_blocks_nothing():
    position = read_position(MORE["1830/1830_game_end_bank#76"])
    assert "D18 is blocked by MH, held by a player" in blocking_refusal(position, "D18")
    assert not any(lay.hex == "D18" for lay in legal_lays(position))
    for holder in ("company", "other"):
        free = _with_privates(position, MH=holder)
        assert blocking_refusal(free, "D18") is None
        assert any(lay.hex == "D18" for lay in legal_lays(free))


# ---- a private's lay read from the data -----------------------------------------------------

def _stated(line, keep):
    """The line with its private's ability stated only as ``keep`` says: its count, or
    nothing at all (then the title's data, and its count, are the ability)."""
    line = json.loads(json.dumps(line))
    ability = line["allowance"].pop("ability")
    if keep == "count":
        line["allowance"]["ability"] = {"count": ability["count"]}
    return line


LAYERS = {**SPECIAL, **{n: d for n, d in MORE.items() if d["step"] == "SpecialTrack"}}
IN_DATA = sorted(n for n, d in LAYERS.items()
                 if private_sym(_title(d["title"]), d["entity"]) is not None)


def test_only_1817s_volatility_privates_are_not_in_the_data():
    # P22 Country Ranch and P24 Indianapolis Market: the engine's VOLATILITY_COMPANIES, not
    # its base COMPANIES (data/privates.json)
    assert sorted(set(LAYERS) - set(IN_DATA)) == ["1817/1817_game_end_bankrupt#222",
                                                  "1817/1817_game_end_bankrupt#270"]
    assert len(IN_DATA) == 22


def _read_line(line):
    return read_position(line) if line["title"] in ("1830", "1889") else read_moment(line)


@pytest.mark.parametrize("keep", ["count", "nothing"])
@pytest.mark.parametrize("name", IN_DATA)
def test_a_special_lay_from_the_data_is_the_engines(name, keep):
    """Every SpecialTrack moment with the private's ability left to the title's data (but
    for the count left, or not even that): the engine's legal lays."""
    line = LAYERS[name]
    assert our_lays(_read_line(_stated(line, keep))) == engine_lays(line)


@pytest.mark.parametrize("name", [n for n in IN_DATA if not n.startswith("18NY")])
def test_the_private_may_be_named_by_its_sym(name):
    line = _stated(LAYERS[name], "count")
    line["entity"] = private_sym(_title(line["title"]), line["entity"])
    assert our_lays(_read_line(line)) == engine_lays(LAYERS[name])


def test_the_stated_fields_win_over_the_data():
    # 1905#142: the B&S stated with only F4 of its two hexes
    line = _stated(SPECIAL["18Chesapeake/1905#142"], "count")
    line["allowance"]["ability"]["hexes"] = ["F4"]
    lays = our_lays(read_moment(line))
    assert lays and {h for h, _, _, _ in lays} == {"F4"}
    assert lays == {m for m in engine_lays(SPECIAL["18Chesapeake/1905#142"]) if m[0] == "F4"}


def test_a_special_lay_records_what_is_left_of_the_ability():
    line = SPECIAL["18Chesapeake/1905#142"]
    rec = line["recorded"]
    after = apply_lay(read_moment(_stated(line, "nothing")),
                      Lay(rec["hex"], rec["tile"], rec["rotation"], rec["cost"]))
    assert after.turn.ability == {"type": "tile_lay", "count": 1}
    assert our_lays(after) == engine_lays(SPECIAL["18Chesapeake/1905#143"])
    assert {"type": "tile_lay", "count": 1} in after.abilities


# ---- tile_discount in the company's own lays ------------------------------------------------

@pytest.mark.parametrize("holders, cost", [
    ({"OBC": "company"}, 0), ({"OBC": "company", "UBC": "company"}, 0),
    ({"OBC": "other"}, 10), ({"OBC": "president"}, 10), ({}, 10)])
def test_1817_bridge_companies_by_who_holds_them(holders, cost):
    # 1817 15528#159: H's yellow lay on H9 ($10 water); the Ohio Bridge Company's $10 off
    # water is its data's, for the company holding it (engine upgrade_cost)
    position = dataclasses.replace(read_moment(TRACK["1817/15528#159"]), abilities=(),
                                   privates=holders)
    assert check_lay(position, "H9", "5", 0) == cost


def test_1889_sumitomo_mines_makes_mountains_free():
    # 962#262: IR holds the Sumitomo Mines Railway ($80 off mountains): every mountain lay
    # the engine offers costs nothing, as ours; without the private they cost $80
    line = MORE["1889/962#262"]
    position = read_position(line)
    assert our_lays(position) == engine_lays(line)
    mountains = [m for m in legal_lays(position)
                 if "mountain" in position.board[m.hex].tile.terrains]
    assert mountains and all(m.cost == 0 for m in mountains)
    without = dataclasses.replace(position, abilities=(), privates={})
    assert all(check_lay(without, m.hex, m.tile, m.rotation) == 80 for m in mountains)


# ---- the company's moves: its privates' abilities beside its own ---------------------------

def _only(moves, sym):
    return next(a for a in moves["abilities"] if a["private"] == sym)


def test_the_company_uses_its_private_after_its_own_lay():
    """18Chesapeake 1905: LV lays K3 (#152), then the Columbia - Philadelphia's two
    connected lays (#153, #154): offered among LV's moves, each the engine's set."""
    position = read_moment(TRACK["18Chesapeake/1905#152"])
    rec = TRACK["18Chesapeake/1905#152"]["recorded"]
    assert _only(legal_moves(position), "C-P")["count"] == 2
    after = apply(position, {k: rec[k] for k in ("hex", "tile", "rotation")})
    cp = _only(legal_moves(after), "C-P")
    assert _set(cp["lays"]) == engine_lays(SPECIAL["18Chesapeake/1905#153"])
    rec = SPECIAL["18Chesapeake/1905#153"]["recorded"]
    move = next(m for m in cp["lays"] if (m["hex"], m["tile"], m["rotation"]) ==
                (rec["hex"], rec["tile"], rec["rotation"]))
    second = apply(after, move)
    # must_lay_together: the private keeps laying
    assert (second.turn.step, second.turn.entity) == ("SpecialTrack",
                                                      "Columbia - Philadelphia Railroad")
    assert our_lays(second) == engine_lays(SPECIAL["18Chesapeake/1905#154"])
    rec = SPECIAL["18Chesapeake/1905#154"]["recorded"]
    done = apply(second, Lay(rec["hex"], rec["tile"], rec["rotation"]))
    assert done.turn.step == "Track" and "abilities" not in legal_moves(done)
    assert {"type": "tile_lay", "count": 0} in done.abilities


def test_the_abilities_a_position_lists_say_which_private_the_company_holds():
    # 18NY 108746#434 as ERIE's own lay step: no privates stated, but its abilities
    # (tile_discount and tile_lay, each with one use) are only the Albany Iron Works'; its
    # lay is offered, the engine's set for that moment
    line = json.loads(json.dumps(SPECIAL["18NY/108746#434"]))
    line.update(entity=line["operator"], entity_type="corporation", step="Track")
    del line["allowance"]["ability"]
    position = read_moment(line)
    assert position.privates == {}
    albany = _only(legal_moves(position), "AIW")
    assert albany["count"] == 1
    assert _set(albany["lays"]) == engine_lays(SPECIAL["18NY/108746#434"])


def test_1830_champlain_and_st_lawrence_after_the_company_s_lay():
    position = read_position(MORE["1830/1830_game_end_bank#256"])
    rec = MORE["1830/1830_game_end_bank#256"]["recorded"]
    after = apply(position, Lay(rec["hex"], rec["tile"], rec["rotation"]))
    offered = _only(legal_moves(after), "CS")["lays"]
    assert _set(offered) == engine_lays(MORE["1830/1830_game_end_bank#261"])


def test_1889_mitsubishi_ferry_of_the_president():
    """962#39: the Mitsubishi Ferry, a player's (owner_type player), lays the port in TR's
    lay step (``owning_player_track``): offered to TR when its president holds it, the
    engine's set; not when another player does."""
    line = json.loads(json.dumps(MORE["1889/962#39"]))
    line.update(entity="TR", entity_type="corporation", step="Track")
    del line["allowance"]["ability"], line["abilities"]
    position = _with_privates(read_position(line), MF="president")
    ferry = _only(legal_moves(position), "MF")
    assert _set(ferry["lays"]) == engine_lays(MORE["1889/962#39"])
    after = apply(position, ferry["lays"][0])
    assert after.turn.step == "Track" and "abilities" not in legal_moves(after)
    assert "abilities" not in legal_moves(_with_privates(position, MF="player"))


def test_the_ehime_railway_lays_only_when_sold():
    # its tile_lay's time is ``sold``: not among the company's moves, but a SpecialTrack
    # moment naming it lays from the data (test_a_special_lay_from_the_data_is_the_engines)
    position = read_position(MORE["1889/962#86"])
    position = dataclasses.replace(position, privates={"ER": "company"})
    assert "abilities" not in legal_moves(position)


@pytest.mark.parametrize("name, sym, hex_id, cost", [
    ("18Chesapeake/1905#148", "C&OC", "D2", 80), ("1830/1830_game_end_bank#236", "DH", "F16", 120)])
def test_a_teleport_lays_its_tile_then_places_its_token(name, sym, hex_id, cost):
    """SRR holds the Chesapeake and Ohio Canal (1905#148); ERIE the Delaware & Hudson
    (1830 #236, as it did in the log before undoing it): the tile on the private's hex,
    reached or not, as the company's lay paying the mountain; then its token there, free."""
    line = TRACK.get(name) or MORE[name]
    position = read_moment(line) if name in TRACK else read_position(line)
    position = _with_privates(position, **{sym: "company"})
    lays = _only(legal_moves(position), sym)["lays"]
    assert lays and {(m["hex"], m["tile"], m["cost"]) for m in lays} == {(hex_id, "57", cost)}
    after = apply(position, lays[0])
    assert after.turn.lays == position.turn.lays + 1 and after.turn.step == "Track"
    assert after.turn.cash == position.turn.cash - cost
    tokens = _only(legal_moves(after), sym)["tokens"]
    assert [(m["hex"], m["cost"]) for m in tokens] == [(hex_id, 0)]
    placed = apply(after, tokens[0])
    assert position.company in placed.board[hex_id].tokens[0].slots
    assert "abilities" not in legal_moves(placed)
    assert tokens_left(placed) == tokens_left(after) - 1     # one of the company's own


def _green_albany():
    """18NY 108746#434 with the Albany Iron Works' lay of the green X10 on F20 made: ERIE's
    token step, F20's second slot reserved for the Stagecoach (test_special_token)."""
    position = read_moment(SPECIAL["18NY/108746#434"])
    after = apply_lay(position, Lay("F20", "X10", 0, 0))
    return dataclasses.replace(after, turn=dataclasses.replace(after.turn, step="Token"))


def test_the_stagecoach_from_the_data():
    # the SC private named by its sym in a SpecialToken step, no ability stated: its data's
    # token (F20, free), the reserved slot (reserved by its name) its own
    position = _green_albany()
    named = dataclasses.replace(position, turn=dataclasses.replace(
        position.turn, step="SpecialToken", entity="SC", ability=None))
    assert legal_tokens(named) == [TokenMove("F20", 0, 0)]
    # offered among ERIE's moves when it holds the Stagecoach
    offered = _only(legal_moves(_with_privates(position, SC="company")), "SC")
    assert offered["tokens"] == [{"hex": "F20", "city": 0, "cost": 0, "private": "SC"}]
    after = apply(_with_privates(position, SC="company"), AbilityMove("SC", TokenMove("F20", 0)))
    assert after.board["F20"].tokens[0].slots == ["1", "ERIE"]
    assert after.turn.step == "Token" and "abilities" not in legal_moves(after)


def test_a_private_the_company_does_not_hold_is_refused():
    position = read_moment(TRACK["18Chesapeake/1905#152"])
    with pytest.raises(InputError, match="^move.private: LV may not use a lay ability of B&S"):
        apply(position, {"hex": "F4", "tile": "8", "rotation": 3, "private": "B&S"})
    with pytest.raises(InputError, match="^move.private: unknown private company"):
        apply(position, {"hex": "F4", "tile": "8", "rotation": 3, "private": "nope"})
    with pytest.raises(InputError, match="^move.private: a private's ability lays a tile"):
        apply(position, {"train": "4", "private": "C-P"})


def test_what_is_left_of_an_ability_survives_the_own_format():
    position = read_moment(TRACK["18Chesapeake/1905#152"])
    rec = TRACK["18Chesapeake/1905#152"]["recorded"]
    after = apply(position, Lay(rec["hex"], rec["tile"], rec["rotation"]))
    again = read_position(json.dumps(position_to_own(after)))
    assert held(again) == held(after)
    assert legal_moves(again) == legal_moves(after)


def test_cli_and_service_list_the_abilities(tmp_path):
    position = read_moment(TRACK["18Chesapeake/1905#152"])
    own = position_to_own(position)
    expected = legal_moves(position)["abilities"]
    f = tmp_path / "pos.json"
    f.write_text(json.dumps(own))
    res = CliRunner().invoke(main, ["moves", "--json", str(f)])
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["abilities"] == expected
    client = json_client()
    assert client.post("/moves", content=json.dumps(own)).json()["abilities"] == expected
    move = expected[0]["lays"][0]
    res = client.post("/apply", content=json.dumps({"position": own, "moves": [move]}))
    assert res.status_code == 200, res.text
    after = read_position(res.json())
    assert after.board[move["hex"]].tile.name == move["tile"]


def test_moves_text_lists_a_private_s_lays():
    """``trainrun moves`` prints the president's Mitsubishi Ferry lays (962#39, as above)
    after the company's own lays and tokens, one line each, with the private named."""
    from trainrun.formats.text import format_moves
    line = json.loads(json.dumps(MORE["1889/962#39"]))
    line.update(entity="TR", entity_type="corporation", step="Track")
    del line["allowance"]["ability"], line["abilities"]
    position = _with_privates(read_position(line), MF="president")
    moves = legal_moves(position)
    text = format_moves(position, moves).splitlines()
    head = next(i for i, t in enumerate(text) if t.startswith("Private MF ("))
    ferry = _only(moves, "MF")["lays"]
    assert text[head + 1:head + 1 + len(ferry)] == [
        f"  {m['hex']:<5} tile {m['tile']:<6} rotation {m['rotation']}  ${m['cost']}"
        for m in ferry]


def test_a_private_of_a_step_of_the_titles_own_is_not_offered():
    # 1882 10526 before action 128: HBR holds the North West Rebellion, whose move is
    # 1882's own step (engine G1882::Step::SpecialNWR: a token taken off, placed again on
    # an NWR hex, a lay there). Its token and tile_lay abilities, taken as the shared
    # steps, would offer a free token and a free lay anywhere: none is offered
    line = next(d for d in map(json.loads, (COMPILED / "1882" / "10526.jsonl").read_text()
                               .splitlines()) if d["action"] == 128)
    line = {**{k: v for k, v in line.items() if k != "operator"}, "step": "Track",
            "entity": "HBR", "entity_type": "corporation", "allowance": {}}
    position = read_position(line)
    assert {a["type"] for a in position.abilities} == {"token", "tile_lay"}
    assert usable(position) == []
    # the moment itself is read as the private's token step, its ability's hexes
    moment = read_position(next(d for d in map(json.loads, (
        COMPILED / "1882" / "10526.jsonl").read_text().splitlines()) if d["action"] == 128))
    assert moment.turn.step == "SpecialToken"
    assert {m.hex for m in legal_tokens(moment)} == {"C3", "D4", "D6", "E5"}
