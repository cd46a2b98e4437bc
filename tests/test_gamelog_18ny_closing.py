"""A corporation closing at a share price of $0 in an 18NY game log, settled from the rest of
the log (docs/rules/18ny.md §11, ``trainrun.plugins.g18ny.closing``)."""
import json
from pathlib import Path

import pytest

from trainrun.errors import InputError
from trainrun.plugins.g18ny import closing
from trainrun.replay.gamelog import position_at, read_game, replay

FIXTURE = Path(__file__).parent / "data" / "fixtures" / "18NY" / "108746.json"


def _data() -> dict:
    return json.loads(FIXTURE.read_text())


def _cut_after(data: dict, action_id: int) -> dict:
    at = next(i for i, a in enumerate(data["actions"]) if a["id"] == action_id)
    del data["actions"][at + 1:]
    return data


def test_each_sale_of_108746_leaves_its_corporation_open():
    # the log's sales of share companies' shares: 478 NYC_7 (a player's), 567 RWO, 649 NY&H,
    # 710 D&H, 711 ERIE, 712 HR (each the corporation's own issue); each corporation acts
    # or has its shares traded later, which a closure would not allow
    *_, (_, state) = replay(read_game(FIXTURE.read_text(), "108746.json"))
    assert state.decisions == {
        (478, 0, "NYC closing"): closing.OPEN, (567, 0, "RWO closing"): closing.OPEN,
        (649, 0, "NY&H closing"): closing.OPEN, (710, 0, "D&H closing"): closing.OPEN,
        (711, 0, "ERIE closing"): closing.OPEN, (712, 0, "HR closing"): closing.OPEN}


def test_a_token_only_a_closure_makes_room_for_settles_the_closure():
    # 108746 to 788, without the purchases of HR's issued shares (714-720), ERIE's token of
    # 788 put in H20 (tile #15, two slots: HR and D&H since before 712): only HR's closure at
    # its issue of 712 frees a slot, so it closed there (engine close_corporation): its
    # tokens in H20, J18 and J20 leave the board, its trains 12H-2 and D-0 go back to the
    # bank (reclaim_train), its connection income ends
    data = _cut_after(_data(), 788)
    data["actions"] = [a for a in data["actions"] if a["id"] not in (714, 716, 718, 720)]
    next(a for a in data["actions"] if a["id"] == 788)["city"] = "15-2-0"
    seen = {}
    for action, state in replay(read_game(data)):
        if action["id"] in (712, 713):
            seen[action["id"]] = (state.state.cities_of("HR"), state.board["H20"].tokens[0].slots,
                                  [t.id for t in state.trains.get("HR", [])],
                                  list(state.discarded), "HR" in state.state.title_state)
    assert state.decisions[(712, 0, "HR closing")] == closing.CLOSED
    assert seen[712] == ([("H20", 0), ("J18", 0), ("J20", 0)], ["HR", "D&H"],
                         ["12H-2", "D-0"], [], True)
    assert seen[713] == ([], [None, "D&H"], [], ["12H-2", "D-0"], False)
    assert state.board["H20"].tokens[0].slots == ["ERIE", "D&H"]
    assert state.twins == ()


def test_a_log_ending_before_the_corporation_acts_again_names_the_sale():
    # cut at 712: D&H, ERIE and HR issued shares and have not acted since, so the board
    # after depends on whether they closed: the position is refused, naming the sale
    with pytest.raises(InputError, match=r"^the end of the log: this position depends on "
                                         r"(D&H|ERIE|HR) closing at action 71[012] "):
        position_at(read_game(_cut_after(_data(), 712)))


def test_a_closed_corporation_acting_or_its_shares_traded_refuse_the_closure():
    with pytest.raises(InputError, match="^NH: NH acts after its share price reached \\$0"):
        closing.refuse_if_closed({"NH"}, {"type": "lay_tile", "entity": "NH",
                                          "entity_type": "corporation"})
    with pytest.raises(InputError, match="^shares: NH_3 is traded after"):
        closing.refuse_if_closed({"NH"}, {"type": "buy_shares", "entity": 7,
                                          "entity_type": "player", "shares": ["NH_3"]})
    closing.refuse_if_closed({"NH"}, {"type": "lay_tile", "entity": "HR",
                                      "entity_type": "corporation"})


def test_a_sale_names_its_share_company():
    state = next(s for _, s in replay(read_game(_cut_after(_data(), 5)))).state
    assert closing.sold_corporation(state, {"type": "sell_shares", "shares": ["NH_2"]}) == "NH"
    assert closing.sold_corporation(state, {"type": "sell_shares", "shares": ["1_0"]}) is None
    assert closing.sold_corporation(state, {"type": "buy_shares", "shares": ["NH_2"]}) is None
    with pytest.raises(InputError, match="^shares: unknown corporation of share 'XX_1'$"):
        closing.sold_corporation(state, {"type": "sell_shares", "shares": ["XX_1"]})
    with pytest.raises(InputError, match="^shares: expected a list of share ids"):
        closing.sold_corporation(state, {"type": "sell_shares", "shares": 3})


def test_a_sale_before_the_corporation_first_operates_is_not_asked():
    # B&A pars at 756 ($100, row 0 of its par column 4) and first operates at OR 6.1: a
    # sale of B&A_3 after 762 can move it only down column 4, which holds no $0 cell
    # (row 10 of it is $30): not asked. HR, which has operated, is asked at its issue (712)
    data = _cut_after(_data(), 770)
    at = next(i for i, a in enumerate(data["actions"]) if a["id"] == 762)
    data["actions"].insert(at + 1, {"type": "sell_shares", "entity": 2541,
                                    "entity_type": "player", "id": 10_000,
                                    "shares": ["B&A_3"], "percent": 10})
    *_, (_, state) = replay(read_game(data))
    assert {key[2] for key in state.decisions} == {"NYC closing", "RWO closing",
                                                   "NY&H closing", "D&H closing",
                                                   "ERIE closing", "HR closing"}
