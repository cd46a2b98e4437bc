"""18PA token placement, hand-built from the rulebook (no recorded 18PA game exists):
docs/rules/18pa.md §8 (tokens: one a step, reached, a circle free of other
companies' tokens, a hex without one of the company's; $40 for a 5-share company's one more
token; home and x2 tokens lie on the board from the start), docs/rules/18pa.md §4.2, §5.1
(the x2 token, inactive: no station of its owner, fills its circle), and
docs/rules/18pa.md §4.1 (one circle per hex)."""
import json
from pathlib import Path

import pytest

from trainrun import read_position
from trainrun.errors import InputError
from trainrun.turn.moves import TokenMove, apply, legal_tokens
from trainrun.turn.tokens import tokens_left
from trainrun.turn.walk import connected_nodes

DATA = Path(__file__).parent / "data" / "18pa"


def _load(name: str, **changes) -> dict:
    data = json.loads((DATA / f"{name}.json").read_text())
    data.update(changes)
    return data


@pytest.mark.parametrize("name", ["20-bo-columbus-inactive-4", "19-bo-columbus-active-4"])
def test_the_x2_token_is_not_one_of_the_charters(name):
    # B&O: home token in K10 (printed), x2 token in Columbus K2; its charter has the home
    # token and one $40 token (5-share), which it still has to place, inactive x2 or active
    # (docs/rules/18pa.md §8). M8 is the one city it reaches with a free circle.
    position = read_position(_load(name))
    assert tokens_left(position) == 1
    assert legal_tokens(position) == [TokenMove("M8", 0, 40)]
    after = apply(position, {"hex": "M8", "city": 0})
    assert tokens_left(after) == 0 and legal_tokens(after) == []


def test_a_home_token_alone_leaves_the_charters_other_token():
    # NH has only its home token (printed in G22): its $40 token goes to Albany's free
    # circle (docs/rules/18pa.md §8)
    position = read_position(_load("13-albany-free-slot"))
    assert tokens_left(position) == 1
    assert legal_tokens(position) == [TokenMove("D17", 0, 40)]


def test_an_inactive_x2_token_fills_its_circle_for_others():
    # Albany's circles: local #1 and B&A's inactive x2 token; NH reaches Albany but may
    # not token it (docs/rules/18pa.md §4.2, §5.1: it occupies its circle)
    position = read_position(_load("12-inactive-x2-blocks-others"))
    assert "D17-0" in connected_nodes(position)
    assert legal_tokens(position) == []
    with pytest.raises(InputError, match=r"^token: D17 city 0 has no free slot \(held by "
                                         r"1, B&A\)"):
        apply(position, {"hex": "D17", "city": 0})


def _albany_with_only_the_x2(company: str) -> dict:
    # Albany laid again as printed (clearing local #1's printed token), so one circle holds
    # B&A's inactive x2 token and the other is free: a hand-built board for the rule
    return _load("11-ba-albany-inactive", company=company,
                 tiles=_load("11-ba-albany-inactive")["tiles"]
                 + [{"hex": "D17", "tile": "D17", "rotation": 0}],
                 tokens=[{"hex": "D17", "company": "B&A"}])


def test_an_inactive_x2_token_is_its_companys_token_in_the_hex():
    # B&A reaches Albany, which has a free circle, but its x2 token lies there: a company
    # places no token on a hex where it has one, and the x2 token is one of its station
    # tokens, inactive or not (docs/rules/18pa.md §8)
    position = read_position(_albany_with_only_the_x2("B&A"))
    assert tokens_left(position) == 1
    assert legal_tokens(position) == []
    with pytest.raises(InputError, match=r"^token: B&A already has a token in D17$"):
        apply(position, {"hex": "D17", "city": 0})


def test_a_free_circle_beside_an_x2_token_is_open_to_others():
    # NH's track to Albany (13-albany-free-slot), Albany laid again with only B&A's x2
    # token: NH may take the free circle (docs/rules/18pa.md §8)
    data = _load("13-albany-free-slot")
    data["tiles"] = data["tiles"] + [{"hex": "D17", "tile": "D17", "rotation": 0}]
    data["tokens"] = [{"hex": "D17", "company": "B&A"}]
    assert legal_tokens(read_position(data)) == [TokenMove("D17", 0, 40)]


def _boston() -> dict:
    # Boston D27 with green X13 (three separate circles), NH's token in circle 1, no other
    # company's token there; NH with one token left to place
    data = _load("18-one-circle-per-hex", tokens_left=1)
    data["tokens"] = [{"hex": "D27", "city": 1, "company": "NH"}]
    return data


def test_one_token_per_hex_across_boston_s_circles():
    # NH holds circle 1 of Boston and reaches circle 2, free: it may not take it
    # (docs/rules/18pa.md §4.1, §8: a hex where it has none)
    position = read_position(_boston())
    assert "D27-2" in connected_nodes(position)
    assert legal_tokens(position) == [TokenMove("F27", 0, 40)]   # Providence, reached too
    with pytest.raises(InputError, match=r"^token: NH already has a token in D27$"):
        apply(position, {"hex": "D27", "city": 2})
