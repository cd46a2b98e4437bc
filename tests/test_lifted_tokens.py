"""Tokens a lay lifts (``hexedits.with_tokens_lifted``, ``Turn.pending_tokens``): track laid
on a hex of several cities with none takes their tokens off, and the operator places each
again in a city of that hex, at no cost, in the ``HomeToken`` step (engine
step/tracker.rb ``update_token!``; docs/rules/common.md §8).

Expected values are the engine's: each test applies the lay recorded at a moment of
tests/data/moves_compiled and compares what follows with the engine's legal set at the
next moment, the token placed there."""
from __future__ import annotations

import pytest
from lay_moments import compiled_moment

from trainrun import read_position
from trainrun.errors import InputError
from trainrun.formats.own_format import position_to_own
from trainrun.turn.lays import Lay
from trainrun.turn.moves import apply
from trainrun.turn.token_stock import tokens_left
from trainrun.turn.tokens import TokenMove, legal_tokens, tokens_on_board

# (title, game, the lay's action, the token's action, whose token the lay lifts)
LIFTS = [
    ("18DE", "18DE_game_end_bankrupt", 997, 998, "KM"),   # KM's own home token, B14
    ("18NL", "18NL_game_end_bankrupt", 449, 450, "NZO"),  # NRS lifts NZO's token on H13
]


def _after_lay(title: str, game: str, action: int):
    data = compiled_moment(title, game, action)
    r = data["recorded"]
    return apply(read_position(data), Lay(r["hex"], r["tile"], r["rotation"], r["cost"]))


@pytest.mark.parametrize("title,game,lay,token,holder", LIFTS)
def test_a_lifted_token_goes_back_where_the_engine_lets_it(title, game, lay, token, holder):
    after = _after_lay(title, game, lay)
    hex_id = compiled_moment(title, game, lay)["recorded"]["hex"]
    assert after.turn.step == "HomeToken"
    assert after.turn.pending_tokens == ((hex_id, holder),)
    assert not any(t.holders() for t in after.board[hex_id].tokens.values())
    engine = compiled_moment(title, game, token)
    assert [m.to_dict() for m in legal_tokens(after)] == engine["legal"]
    before = read_position(compiled_moment(title, game, lay))
    # its own token is back in its stock
    assert tokens_left(after) == tokens_left(before) + (holder == after.company)
    placed = apply(after, TokenMove(engine["recorded"]["hex"], engine["recorded"]["city"]))
    assert placed.turn.step == "Track" and placed.turn.pending_tokens == ()
    city = placed.board[hex_id].tokens[engine["recorded"]["city"]]
    assert holder in city.holders()
    assert tokens_on_board(placed) == tokens_on_board(after) + (holder == after.company)


def test_a_lifted_token_goes_back_to_its_own_hex_only():
    after = _after_lay("18DE", "18DE_game_end_bankrupt", 997)
    other = next((h, n.index) for h, placed in sorted(after.board.items()) if h != "B14"
                 for n in placed.tile.nodes if n.kind == "city" and None in
                 placed.tokens[n.index].slots)
    with pytest.raises(InputError, match="KM's token lifted off B14 goes back there"):
        apply(after, TokenMove(*other))


def test_a_lifted_token_is_written_and_read_back():
    after = _after_lay("18NL", "18NL_game_end_bankrupt", 449)
    own = position_to_own(after)
    assert own["turn"]["pending_tokens"] == [{"hex": "H13", "company": "NZO"}]
    assert read_position(own).turn == after.turn
    own["turn"]["pending_tokens"] = [{"hex": "H13"}]
    with pytest.raises(InputError, match=r"turn.pending_tokens\[0\]"):
        read_position(own)
