"""A private company's own token (step ``SpecialToken``, ``trainrun.turn.special_token``).

No recorded game in ``tests/data/moves`` uses one (``test_no_recorded_special_token``): of
the five titles' privates only 18NY's Albany-Schenectady Stagecoach Line places a token
(engine ``token`` ability: hexes F20, price 0, teleport price 0, an extra action). These
tests build its moment from a recorded one, 18NY 108746#434: ERIE, owning the Albany Iron
Works, lays the green Albany X10 on F20, whose city holds minor 1's token and a slot
reserved for the Stagecoach. The rule (18NY rulebook section 2.5, private P2;
docs/rules/18ny.md §8): the company owning the Stagecoach "may place the Stagecoach token
in the reserved spot on the green Albany tile if that tile has already been placed", free,
in addition to its own token; it then closes; not if the company already has a station in
Albany.
"""
import dataclasses
import json
from fractions import Fraction

import pytest
from lay_moments import MOVES, compiled_moment, lay_lines, read_moment

from trainrun import read_position
from trainrun.errors import InputError
from trainrun.formats.own_format import position_to_own
from trainrun.turn.lay_moves import apply_lay
from trainrun.turn.lays import Lay
from trainrun.turn.special_token import TokenAbility, price
from trainrun.turn.tokens import TokenMove, apply_token, legal_tokens, tokens_left

STAGECOACH = "Albany-Schenectady Stagecoach Line"
ABILITY = {"type": "token", "hexes": ["F20"], "price": 0, "teleport_price": 0,
           "extra_action": True}


def test_no_recorded_special_token():
    assert all('"SpecialToken"' not in path.read_text() for path in MOVES.glob("*/*.jsonl"))


def _stagecoach(position):
    return dataclasses.replace(position, turn=dataclasses.replace(
        position.turn, step="SpecialToken", entity=STAGECOACH, ability=dict(ABILITY)))


def _yellow_albany():
    return read_moment(lay_lines("SpecialTrack")["18NY/108746#434"])


def _green_albany():
    return apply_lay(_yellow_albany(), Lay("F20", "X10", 0, 0))


def test_the_stagecoach_takes_its_reserved_slot_on_green_albany_free():
    position = _stagecoach(_green_albany())
    assert position.board["F20"].tokens[0].slots == ["1", None]
    assert legal_tokens(position) == [TokenMove("F20", 0, 0)]
    after = apply_token(position, TokenMove("F20", 0, 0))
    city = after.board["F20"].tokens[0]
    assert city.slots == ["1", "ERIE"] and city.reserved == []
    # the token is the Stagecoach's, not one of ERIE's charter; cash untouched
    assert tokens_left(after) == tokens_left(position)
    assert after.turn.cash == position.turn.cash
    # the private is spent: the company's own token step follows
    assert (after.turn.step, after.turn.entity, after.turn.ability) == ("Token", None, None)


def test_no_stagecoach_on_yellow_albany():
    # the yellow F20 has one slot, minor 1's; the reserved spot is on the green tile
    position = _stagecoach(_yellow_albany())
    assert legal_tokens(position) == []
    with pytest.raises(InputError, match="F20 city 1 has no free slot"):
        apply_token(position, TokenMove("F20", 1, 0))


def test_no_stagecoach_where_the_company_has_a_station():
    position = _stagecoach(_green_albany())
    board = dict(position.board)
    placed = board["F20"]
    city = dataclasses.replace(placed.tokens[0], slots=["ERIE", None])
    board["F20"] = dataclasses.replace(placed, tokens={0: city})
    position = dataclasses.replace(position, board=board)
    assert legal_tokens(position) == []
    with pytest.raises(InputError, match="ERIE already has a token in F20"):
        apply_token(position, TokenMove("F20", 0, 0))


def test_the_stagecoach_only_goes_to_albany():
    position = _stagecoach(_green_albany())
    city = next(h for h, p in sorted(position.board.items()) if h != "F20"
                and any(n.kind == "city" for n in p.tile.nodes))
    index = next(n.index for n in position.board[city].tile.nodes if n.kind == "city")
    with pytest.raises(InputError, match=f"may not place a token on {city}"):
        apply_token(position, TokenMove(city, index, 0))


def test_the_reserved_slot_is_no_other_company_s():
    # a company's own token step (ERIE's, as a company not holding the Stagecoach): the free
    # slot of green Albany is the Stagecoach's; without the reservation ERIE could take it
    # for $200
    position = dataclasses.replace(_green_albany(), turn=dataclasses.replace(
        _green_albany().turn, step="Token"))
    assert all(m.hex != "F20" for m in legal_tokens(position))


def test_a_used_ability_places_nothing():
    position = _stagecoach(_green_albany())
    position = dataclasses.replace(position, turn=dataclasses.replace(
        position.turn, ability={**ABILITY, "count": 0}))
    assert legal_tokens(position) == []
    with pytest.raises(InputError, match="has no tokens left"):
        apply_token(position, TokenMove("F20", 0, 0))


# (a single hex written as a string is the engine's own form, 18NL's P1: read as that hex)
@pytest.mark.parametrize("key, value", [("price", -1), ("teleport_price", "0"),
                                        ("hexes", 20), ("connected", 1), ("count", 1.5)])
def test_a_malformed_ability_names_its_field(key, value):
    position = _stagecoach(_green_albany())
    position = dataclasses.replace(position, turn=dataclasses.replace(
        position.turn, ability={**ABILITY, key: value}))
    with pytest.raises(InputError) as caught:
        legal_tokens(position)
    assert f"turn.ability.{key}" in str(caught.value)


def test_the_stagecoach_moment_survives_the_own_format():
    # written out and read back (turn.step, turn.entity, turn.ability), the same token
    position = _stagecoach(_green_albany())
    again = read_position(json.dumps(position_to_own(position)))
    assert again.turn.step == "SpecialToken" and again.turn.entity == STAGECOACH
    assert legal_tokens(again) == legal_tokens(position) == [TokenMove("F20", 0, 0)]


def test_a_discounted_token_costs_the_price_less_its_fraction():
    # 1847 AE game_end_bank action 158: Weidenthal's token (discount 0.5, engine
    # Ability::Token#price) where L reaches the city: half of the charter's next $80
    data = compiled_moment("1847AE", "1847AE_game_end_bank", 158)
    moves = [m.to_dict() for m in legal_tokens(read_position(data))]
    assert moves == data["legal"] and {m["cost"] for m in moves} == {40}
    half = TokenAbility(discount=Fraction(1, 2))
    assert price(half, True, lambda: 80) == 40 and price(half, False, lambda: 80) == 80
    with pytest.raises(InputError, match="not a whole price"):
        price(half, True, lambda: 45)


def test_a_held_token_ability_prices_the_company_own_token_by_itself():
    # 1847 AE game_end_bankrupt action 211: NDB holds Weidenthal (token ability, when
    # "token", discount 0.5); in NDB's own Token step the engine applies it by itself
    # (Tokener#adjust_token_price_ability!): every city costs half the charter's $60, and
    # placing one spends the ability, which closes Weidenthal (closed_when_used_up)
    data = compiled_moment("1847AE", "1847AE_game_end_bankrupt", 211)
    position = read_position(data)
    assert [m.to_dict() for m in legal_tokens(position)] == data["legal"]
    assert {m["cost"] for m in data["legal"]} == {30}
    after = apply_token(position, TokenMove(data["recorded"]["hex"], data["recorded"]["city"]))
    assert after.turn.cash == data["cash"] - 30
    assert "W" in position.privates and "W" not in after.privates
    assert {m.cost for m in legal_tokens(dataclasses.replace(after, tokens_left=1))} == {60}


def test_an_extra_slot_token_goes_beside_the_citys_slots():
    # 18FL game_end_bank action 55: LN uses the Terminal Company (a player's private;
    # token ability extra_action, extra_slot, price 0). K28's one slot holds FECR, yet
    # the engine accepts K28: the token takes a slot of its own (City#place_token with
    # extra_slot) and is a new token, not one of LN's charter (G18FL::Step::SpecialToken
    # #available_tokens). B5, where LN already has a token, is refused (one per hex).
    data = {k: v for k, v in compiled_moment("18FL", "18FL_game_end_bank", 55).items()
            if k != "tokens_left"}          # null: the token's owner is a player
    position = read_position(data)
    moves = [m.to_dict() for m in legal_tokens(position)]
    assert moves == data["legal"] and {"hex": "K28", "city": 0, "cost": 0} in moves
    after = apply_token(position, TokenMove("K28", 0, 0))
    city = after.board["K28"].tokens[0]
    assert (city.slots, city.extra) == (["FECR"], ["LN"])
    assert tokens_left(after) == tokens_left(position)
    with pytest.raises(InputError, match="LN already has a token in B5"):
        apply_token(position, TokenMove("B5", 0, 0))


def test_p2_tokens_no_hex_with_track_nor_one_a_players_private_blocks():
    # 18NL 167050 action 144: of P2's hexes, E4 has track and F9, F19 are blocked by P3
    # and P4, which players hold (engine G18NL::Step::SpecialToken#available_hex); the
    # engine offers F15, H13 city 1, I10, I4, J5, K10
    position = read_position(compiled_moment("18NL", "167050", 144))
    assert {m.hex for m in legal_tokens(position)} == {"F15", "H13", "I10", "I4", "J5", "K10"}
    with pytest.raises(InputError, match="P2 may not place a token on E4: it has track"):
        apply_token(position, TokenMove("E4", 0, 0))
    with pytest.raises(InputError, match="P2 may not place a token on F9: blocked by P3, "
                                         "held by a player"):
        apply_token(position, TokenMove("F9", 0, 0))
