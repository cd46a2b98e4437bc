"""18SJ's lay and token rules (plugins/g18sj/lays.py), expected values from the engine's
legal-move sets of its recorded games (tests/data/moves_compiled/18SJ/)."""
import json
from pathlib import Path

import pytest

from trainrun import read_position
from trainrun.errors import InputError
from trainrun.turn.lay_moves import legal_lays
from trainrun.turn.tokens import legal_tokens

MOVES = Path(__file__).parent / "data" / "moves_compiled" / "18SJ"


def _line(game: str, action: int) -> dict:
    return next(d for d in map(json.loads, (MOVES / f"{game}.jsonl").read_text().splitlines())
                if d["action"] == action)


def _lays(line: dict) -> set:
    return {(m.hex, m.tile, m.rotation, m.cost) for m in legal_lays(read_position(line))}


def test_a_second_lay_must_improve_a_main_line_if_the_first_did_not():
    # engine G18SJ::Step::Track#process_lay_tile, G18SJ::Game#connects_main_line?: STJ's
    # first lay (E20) improved nothing, so tile 9 on E18 at rotation 2 (not along the
    # line's edges 1 and 4) is refused; only the straights along E22's line are offered
    line = _line("166116", 56)
    lays = _lays(line)
    assert ("E18", "9", 2, 0) not in lays
    assert lays == {("E22", "9", 1, 75), ("E22", "9", 4, 75)}
    assert lays == {(m["hex"], m["tile"], m["rotation"], m["cost"]) for m in line["legal"]}


def test_an_upgrade_that_improved_allows_any_second_lay():
    # engine G18SJ::Game#main_line_improvement: the first lay upgraded D7 (its tile before
    # did not connect the line) and so improved it; stated by
    # title_state.main_line_improved, the second lay may be anything, as the engine offers
    line = _line("167041", 732)
    engine = {(m["hex"], m["tile"], m["rotation"], m["cost"]) for m in line["legal"]}
    assert _lays({**line, "title_state": {"main_line_improved": True}}) == engine
    assert _lays(line) < engine     # unstated: taken as no improvement (not_modelled)


def test_a_requisitioned_company_lays_and_tokens_free():
    # engine G18SJ::Game#requisit_corporation (a free tile_lay ability), Tracker#lay_tile,
    # G18SJ::Step::Token#place_token (bot_corporation?: price 0): UGJ, with no cash, lays
    # on the E22 mountain and tokens for 0
    assert ("E22", "9", 1, 0) in _lays(_line("bot_chooses_fullcap", 157))
    tokens = legal_tokens(read_position(_line("bot_chooses_fullcap", 254)))
    assert {(t.hex, t.cost) for t in tokens} == {("E20", 0), ("F19", 0), ("F23", 0),
                                                ("G10", 0)}


def test_title_state_is_checked():
    with pytest.raises(InputError):
        read_position({**_line("166116", 56), "title_state": {"main_line_improved": 1}})
