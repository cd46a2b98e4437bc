"""Token placements (``trainrun.turn.tokens``) against the 18xx.games legal-move set
(tests/data/moves: every ``place_token`` moment, with the complete set of cities the engine
accepted there and what it charged), and mutations of the recorded moves refused."""
import copy
import dataclasses
import json
from pathlib import Path

import pytest

from trainrun import read_position
from trainrun.board.position import CityTokens
from trainrun.errors import InputError
from trainrun.formats.own_format import position_to_own
from trainrun.turn.tokens import TokenMove, apply_token, free_slot, legal_tokens
from trainrun.turn.walk import connected_nodes

MOVES = Path(__file__).parent / "data" / "moves"
TOKEN_LINES = [(f"{path.parent.name}/{path.stem}#{d['action']}", d)
               for path in sorted(MOVES.glob("*/*.jsonl"))
               for d in map(json.loads, path.read_text().splitlines())
               if d["kind"] == "place_token"]
IDS = [name for name, _ in TOKEN_LINES]


def _line(name: str) -> dict:
    return next(d for n, d in TOKEN_LINES if n == name)


def _recorded(data: dict) -> TokenMove:
    return TokenMove(data["recorded"]["hex"], data["recorded"]["city"])


def test_every_title_and_step_is_covered():
    kinds = {(d["title"], d["step"]) for _, d in TOKEN_LINES}
    assert {("18Chesapeake", "Token"), ("1817", "Token"), ("1817", "HomeToken"),
            ("The Old Prince 1871", "Token"), ("18NY", "Token")} <= kinds
    assert len(TOKEN_LINES) == 139


@pytest.mark.parametrize("name,data", TOKEN_LINES, ids=IDS)
def test_legal_tokens_are_the_engines_exactly(name, data):
    assert [m.to_dict() for m in legal_tokens(read_position(data))] == data["legal"]


@pytest.mark.parametrize("name,data", TOKEN_LINES, ids=IDS)
def test_the_recorded_token_applies(name, data):
    position = read_position(data)
    after = apply_token(position, _recorded(data))
    rec = data["recorded"]
    city = after.board[rec["hex"]].tokens[rec["city"]]
    # in a slot of the city (which empty slot the engine's action named is not always the
    # first: 7 of 139 skip one, e.g. 1817 15528#114; slots of one city are alike)
    assert position.company in city.slots
    assert after.tokens_left == data["tokens_left"] - 1
    assert after.turn.cash == data["cash"] - rec["cost"]
    before = position.board[rec["hex"]].tokens.get(rec["city"])
    assert before is None or position.company not in before.holders()   # not changed
    assert rec["hex"] not in {m.hex for m in legal_tokens(after)}        # one per hex


def _refused(position, move, pattern):
    with pytest.raises(InputError, match=pattern):
        apply_token(position, move)


def test_no_token_left_is_refused():
    # 18Chesapeake 1277#125: B&O placed its token in F8 with 2 left; with none left it may not
    data = _line("18Chesapeake/1277#125")
    position = dataclasses.replace(read_position(data), tokens_left=0)
    assert legal_tokens(position) == []
    _refused(position, _recorded(data), r"^token: B&O has no token left$")


def test_a_token_costing_more_than_the_cash_is_refused():
    # 18NY 108746#530: ERIE paid $60 for D8 with $135; with $59 it may not; the engine refused
    # some cities there as above its cash ("cannot spend"): with more cash they are legal
    data = _line("18NY/108746#530")
    position = read_position(data)
    poorer = dataclasses.replace(position, turn=dataclasses.replace(position.turn, cash=59))
    _refused(poorer, _recorded(data), r"a token in D8 costs \$60, more than ERIE's \$59")
    assert all(m.cost <= 59 for m in legal_tokens(poorer))
    rich = dataclasses.replace(position, turn=dataclasses.replace(position.turn, cash=10_000))
    more = [m for m in legal_tokens(rich) if m.to_dict() not in data["legal"]]
    assert more and all(m.cost > data["cash"] for m in more)   # only cash kept them out


@pytest.mark.parametrize("name,data", TOKEN_LINES, ids=IDS)
def test_mutated_tokens_are_refused_with_the_rule_broken(name, data):
    """Every other city of the board: a move to it is refused exactly when the engine did not
    list it, and the reason names the rule and the city."""
    position = read_position(data)
    legal = {(m["hex"], m["city"]) for m in data["legal"]}
    reached = connected_nodes(position)
    home = data["step"] == "HomeToken"
    for hex_id, placed in sorted(position.board.items()):
        for node in placed.tile.nodes:
            if node.kind != "city" or (hex_id, node.index) in legal:
                continue
            where = f"{hex_id} city {node.index}"
            tokens = placed.tokens.get(node.index)
            if not home and position.node_id(hex_id, node.index) not in reached:
                pattern = f"{where} is not reached by"
            elif tokens is not None and free_slot(tokens, position.company) is None:
                pattern = f"{where}(: its free slots are reserved| has no free slot)"
            elif any(position.company in c.holders() for c in placed.tokens.values()):
                pattern = f"already has a token in {hex_id}"
            else:
                pattern = "costs"
            _refused(position, TokenMove(hex_id, node.index), pattern)


def test_a_full_city_names_its_holders():
    # 18Chesapeake 1277#212: SRR reaches Baltimore's city 1 (H6), whose one slot B&O holds;
    # the engine refused two cities there with "no token slots available"
    data = _line("18Chesapeake/1277#212")
    position = read_position(data)
    assert "H6-1" in connected_nodes(position)
    _refused(position, TokenMove("H6", 1), r"^token: H6 city 1 has no free slot \(held by B&O\)$")


@pytest.mark.parametrize("slots,reserved,company,free", [
    # cities as the recorded boards hold them (tests/data/moves)
    ([None, None], ["6", "ERIE"], "6", 0),        # 18NY Buffalo E3 before either home
    ([None, None], ["6", "ERIE"], "ERIE", 1),
    ([None, None], ["6", "ERIE"], "RWO", None),   # both slots kept for their companies
    (["6", None], ["ERIE"], "ERIE", 1),           # 18NY E3 once 6 has its home
    (["6", None], ["ERIE"], "NYC", None),
    (["A", None], ["A"], "MS", 1),                # 1871 D6: A's reservation is spent
    ([None], ["PLE"], "PRR", None),               # 18Chesapeake A3: PLE's home
])
def test_reserved_slots_are_free_only_for_their_company(slots, reserved, company, free):
    assert free_slot(CityTokens(list(slots), reserved=list(reserved)), company) == free


def test_a_slot_reserved_for_another_company_is_refused():
    # 18Chesapeake 1277#125: B&O placed its token in F8, its only legal city; were F8's
    # free slot kept for another company's home, the move is refused and says for whom
    data = copy.deepcopy(_line("18Chesapeake/1277#125"))
    f8 = next(h for h in data["board"] if h["hex"] == "F8")
    assert f8["tokens"] == [{"city": 0, "slots": [None], "extra": [], "reserved": []}]
    f8["tokens"][0]["reserved"] = ["PRR"]
    position = read_position(data)
    assert legal_tokens(position) == []
    _refused(position, _recorded(data), r"^token: F8 city 0: its free slots are reserved for "
                                        r"PRR$")


def test_the_18ny_price_is_20_per_hex_to_the_nearest_token():
    # 18NY 108746#512: D&H (tokens H14 and J20's neighbour? see data) pays $20 per hex; E15
    # is 2 hexes from its token (the token's hex counted, the city's own not): $40, and New
    # York City J20 adds its $40 fee to the distance price (108746#401: HR, one hex away, $80)
    by_hex = {m.hex: m.cost for m in legal_tokens(read_position(_line("18NY/108746#512")))}
    assert by_hex["E15"] == 40
    assert [m.cost for m in legal_tokens(read_position(_line("18NY/108746#401")))] == [80]


def test_1817_home_token_any_city_with_a_free_slot():
    # 1817 15528#86: a new company chooses its home among the cities with a free slot, both
    # of New York's (E22 city 0 and 1) included; a home token is free and needs no track
    data = _line("1817/15528#86")
    position = read_position(data)
    moves = legal_tokens(position)
    assert {(m.hex, m.city) for m in moves} >= {("E22", 0), ("E22", 1)}
    assert all(m.cost == 0 for m in moves)
    after = apply_token(position, TokenMove("E22", 1))
    assert after.board["E22"].tokens[1].slots[0] == "H"
    _refused(dataclasses.replace(after, tokens_left=1), TokenMove("E22", 0),
             "H already has a token in E22")


def test_tokens_left_round_trips_in_the_own_format():
    data = _line("18Chesapeake/1277#125")
    own = position_to_own(read_position(data))
    assert own["tokens_left"] == 2 and own["cash"] == 580
    again = read_position(own)
    assert [m.to_dict() for m in legal_tokens(again)] == data["legal"]


def test_bad_tokens_left_names_the_field():
    data = dict(_line("18Chesapeake/1277#125"), tokens_left=-1)
    with pytest.raises(InputError, match=r"^tokens_left: expected a whole number"):
        read_position(data)


def test_an_unknown_city_is_refused():
    position = read_position(_line("18Chesapeake/1277#125"))
    _refused(position, TokenMove("F8", 3), r"^token.city: F8 \(tile .*\) has no city 3$")
    _refused(position, TokenMove("Z99", 0), r"^token.hex: unknown hex 'Z99'$")
