"""Tokens of another type than normal (``trainrun.turn.token_stock``): 1882's neutral token,
CN's, which every corporation but CPR and CN places as its own, in any order with its
normal ones (engine ``G1882::Game#init_corporations``), and the home token that takes the
place of one of CN's (``G1882::Step::HomeToken``). Each case is a recorded moment of an
18xx.games fixture (tests/data/moves_compiled/1882/), its expected values those the engine
gave there (``legal``, ``recorded``)."""
import dataclasses
import json
from pathlib import Path

import pytest
from lay_moments import compiled_moment

from trainrun import read_position
from trainrun.errors import InputError
from trainrun.turn.token_stock import token_stock
from trainrun.turn.tokens import TokenMove, apply_token, legal_tokens


def _line(game: str, action: int) -> dict:
    return compiled_moment("1882", game, action)


def test_the_stock_counts_the_normal_tokens_on_the_board():
    # 5236#744: HBR (charter 0, 40, 100 and the neutral 0) has 2 left, its home G11 placed,
    # its neutral one on N6: both left are normal, the next at $40, as the engine charged
    line = _line("5236", 744)
    stock = token_stock(read_position(line))
    assert (stock.normal, stock.next_price, stock.typed) == (2, 40, {})
    assert line["recorded"]["cost"] == 40


def test_a_neutral_token_is_its_own_move_and_lies_as_neutral():
    # 1882_game_end_stock_market#52: the engine offered D6 with a normal token and with
    # the neutral one (free); placed, it lies under "neutral" and one token fewer is left
    line = _line("1882_game_end_stock_market", 52)
    position = read_position(line)
    stock = token_stock(position)
    assert stock.typed == {"neutral": (1, 0, "CN")}
    moves = legal_tokens(position)
    assert TokenMove("D6", 0, 0, "neutral") in moves
    assert [m.to_dict() for m in moves] == sorted(
        line["legal"], key=lambda m: (m["hex"], m["city"], m["cost"], m.get("token_type", "")))
    after = apply_token(position, TokenMove("D6", 0, token_type="neutral"))
    assert "neutral" in after.board["D6"].tokens[0].slots
    assert after.tokens_left == line["tokens_left"] - 1
    assert token_stock(after).typed == {}


def test_only_the_neutral_token_left_refuses_a_normal_one():
    # 5236#711: SC's one token left is its neutral one (its one normal token is its home, J10):
    # the engine offered J12, J8 and L8 only as neutral
    line = _line("5236", 711)
    position = read_position(line)
    assert token_stock(position).normal == 0
    assert {m.token_type for m in legal_tokens(position)} == {"neutral"}
    with pytest.raises(InputError, match=r"^token\.token_type: SC has no normal token to "
                                         r"place now$"):
        apply_token(position, TokenMove("J12", 0))


def test_a_neutral_token_may_not_join_another_of_cns_in_a_hex():
    # engine City#tokenable? asks the token's corporation (CN): 10526#226 has a neutral
    # token on G11 already, so its free slot there is not offered for a second
    line = _line("10526", 226)
    position = read_position(line)
    assert "neutral" in position.board["G11"].tokens[0].holders()
    assert not [m for m in legal_tokens(position) if m.hex == "G11" and m.token_type]
    assert not [m for m in line["legal"] if m["hex"] == "G11" and m.get("token_type")]


def test_sc_s_home_token_takes_the_place_of_a_neutral_one():
    # 5236#400: SC chose J10 city 0, which held a neutral token only; the neutral token
    # leaves the board and SC's takes its slot
    line = _line("5236", 400)
    position = read_position(line)
    assert position.board["J10"].tokens[0].slots == ["neutral"]
    assert TokenMove("J10", 0) in legal_tokens(position)
    after = apply_token(position, TokenMove("J10", 0))
    assert after.board["J10"].tokens[0].slots == ["SC"]


def test_no_other_title_has_typed_tokens_nor_a_replaced_home():
    # 18Chesapeake 1277#125 (tests/data/moves): B&O's stock is its charter's only
    moves = Path(__file__).parent / "data" / "moves" / "18Chesapeake" / "1277.jsonl"
    line = next(d for d in map(json.loads, moves.read_text().splitlines()) if d["action"] == 125)
    position = read_position(line)
    assert token_stock(position).typed == {}
    full = dataclasses.replace(position, tokens_left=0)
    assert legal_tokens(full) == []
