"""18SJ's game logs replayed (``plugins/g18sj/replay.py``; docs/rules/18sj.md §1): what the
board comparison of ``test_gamelog_compiled.py`` does not hold, against the corpus lines of
the same games and actions (``tests/data/corpus/18SJ``): each position's board icons, open
privates and abilities; then one rule each, where a recorded game shows it.
"""
from __future__ import annotations

import json

import pytest
from test_gamelog_compiled import DATA, corpus_lines, load, replayed

from trainrun.errors import InputError
from trainrun.plugins.g18sj.replay import draws
from trainrun.replay.gamelog import position_at, run_positions
from trainrun.turn.moves import legal_moves
from trainrun.turn.tokens import tokens_left

GAMES = sorted(p.stem for p in (DATA / "fixtures" / "18SJ").glob("*.json"))


def _position(game: str, action: int):
    return replayed("18SJ", game)[0][action]


def _slots(position, hex_id: str) -> dict[int, list]:
    return {i: list(c.slots) for i, c in position.board[hex_id].tokens.items()}


def _assignments(position) -> dict[str, list]:
    return {h: sorted(p.markers) for h, p in position.board.items() if p.markers}


@pytest.mark.parametrize("game", GAMES)
def test_every_position_has_the_engine_s_icons_privates_and_abilities(game):
    # the engine's board icons (a hex it lists without any has none), the privates open and
    # who holds them (the auction is not followed: a president is a player), and the live
    # abilities of those the company holds, as each corpus line lists them
    wrong = {}
    for action, line in corpus_lines("18SJ", game).items():
        position = _position(game, action)
        icons = {b["hex"]: sorted(b.get("icons", ())) for b in line["board"]}
        held = {s: "player" if h == "president" else h
                for s, h in (line.get("privates") or {}).items()}
        listed = sorted((a["type"], a.get("count"), a.get("owner"))
                        for a in line.get("abilities") or ())
        mine = (
            {h: sorted(p.icons) for h, p in position.board.items() if p.icons},
            position.privates,
            sorted((a["type"], a.get("count"), a.get("owner")) for a in position.abilities))
        theirs = ({h: i for h, i in icons.items() if i}, held, listed)
        if mine != theirs:
            wrong[action] = (mine, theirs)
    assert wrong == {}


def test_the_setup_is_drawn_from_the_seed():
    # 167041's seed: one private of each pair (NE, FRY, NOHAB and GKB leave: its first
    # line lists NOJ, SB, GC, MV, KHJ and AEvR open) and MYJ of the four corporations (A2
    # not reserved, ÖSJ's C2 reserved); GKB gone, its icons leave E8 and C12 (the line's)
    seed = json.loads((DATA / "fixtures" / "18SJ" / "167041.json").read_text())["settings"]["seed"]
    removed, corporation, _ = draws(seed)
    assert (removed, corporation) == (["NE", "FRY", "NOHAB", "GKB"], "MYJ")
    first = _position("167041", 61)
    assert set(first.privates) == {"NOJ", "SB", "GC", "MV", "KHJ", "AEvR"}
    assert first.board["A2"].tokens[0].reserved == []
    assert first.board["C2"].tokens[0].reserved == ["ÖSJ"]
    assert first.board["E8"].icons == ("M-S",) and first.board["C12"].icons == ("G-S",)


def test_the_minor_starts_with_the_bank_s_first_2_train():
    # 166116: KHJ runs 2-0 at its first run, the corporations' first 2 is 2-1
    assert [t.id for t in _position("166116", 32).trains] == ["2-0"]


def test_a_nationalised_corporation_s_tokens_become_the_state_railway_s():
    # 18SJ_game_end_bankrupt: the first 6 (554, ÖKJ's) leaves KFJ trainless (its 3-3, run
    # at 548, rusts on the 6): its four tokens become SJ's in their slots (STJ's run 557).
    # TGOJ, trainless too, is not taken: it lays at 566, which the log's fork settles
    before, after = _position("18SJ_game_end_bankrupt", 548), _position(
        "18SJ_game_end_bankrupt", 557)
    assert [t.id for t in before.trains] == ["3-3"]
    for hex_id in ("C16", "D15", "A16", "F13"):
        assert _slots(after, hex_id) == {i: ["SJ" if s == "KFJ" else s for s in slots]
                                         for i, slots in _slots(before, hex_id).items()}
    # the first D (571, TGOJ's) rusts the 4s: of MÖJ, SWB and ÖSJ, SWB (whose home is G10's
    # city 3 here) is nationalised; the others act later in the log
    assert _slots(_position("18SJ_game_end_bankrupt", 575), "G10")[3] == ["SJ"]


def test_buying_the_khj_private_merges_the_minor_into_the_buyer():
    # 18SJ_game_end_stock_market 206: SNJ buys KHJ; the minor's D15 token becomes SNJ's in
    # its slot (KFJ's beside it stays) and SNJ's positions hold one token beyond its charter
    position = _position("18SJ_game_end_stock_market", 302)
    assert _slots(position, "D15") == {0: ["SNJ", "KFJ"]}
    # 18SJ_game_end_bankrupt 161: KFJ buys KHJ; at 548 its four tokens are on the board,
    # its charter's three and KHJ's, none left
    kfj = _position("18SJ_game_end_bankrupt", 548)
    assert sum(c.holders().count("KFJ") for p in kfj.board.values()
               for c in p.tokens.values()) == 4
    assert tokens_left(kfj) == 0


def test_goeta_kanal_tokens_and_the_largest_reached_leaves_after_the_run():
    # 166116 159-161: ÖKJ places GKB 50, 30, 20 on C12, C16, C8; its run at 275 stops at
    # C12, whose 50 leaves after it (TGOJ's run 300)
    expected = {"C12": ["GKB50"], "C16": ["GKB30"], "C8": ["GKB20"]}
    assert _assignments(_position("166116", 275)) == expected
    del expected["C12"]
    assert _assignments(_position("166116", 300)) == expected


def test_sveabolaget_s_token_moves_to_the_hex_named():
    # bot_chooses_fullcap 112-113: Sveabolaget's token to A6, then to D5: D5 alone at 114
    assert _assignments(_position("bot_chooses_fullcap", 114)) == {"D5": ["SB"]}


def test_the_bot_takes_the_bank_s_next_trains_after_its_dividend_step():
    # bot_chooses_fullcap: the bot requisitions UGJ (73), which lays at 90 and has nothing
    # to run: after its skipped dividend step it takes the last 2 and, that 2 due to rust,
    # the first 3, which starts phase 3; its abilities are the bot's free lay and token
    position = _position("bot_chooses_fullcap", 130)
    assert [(t.id, t.name) for t in position.trains] == [("2-6", "2"), ("3-0", "3")]
    assert position.phase.name == "3"
    assert [a["type"] for a in position.abilities] == ["tile_lay", "token"]


def test_a_main_line_improvement_takes_its_icon_off_and_the_turn_states_it():
    # bot_chooses_fullcap 103: ÖSJ's 8 on D7 at rotation 5 does not join D7's main-line
    # edges (2, 5): its icon stays, and the turn states no improvement while its lays go
    # on; its second lay (104) is allowed as 57 on E8 at rotation 2 joins E8's (2, 5):
    # E8's M-S icon leaves; the statement ends with the lays (ÖSJ's run 114)
    game = load("18SJ", "bot_chooses_fullcap")
    second = position_at(game, action=104)
    assert second.title_state == {"main_line_improved": False}
    assert "M-S" in second.board["D7"].icons and "M-S" in second.board["E8"].icons
    # so the second lays offered are those improving a main line (docs/rules/18sj.md §1.3):
    # the 57 on E8 at either rotation joining its edges 2 and 5, the logged one among them
    assert sorted((m["hex"], m["tile"], m["rotation"]) for m in legal_moves(second)["lays"]) \
        == [("E8", "57", 2), ("E8", "57", 5)]
    run = _position("bot_chooses_fullcap", 114)
    assert run.title_state == {}
    assert "M-S" in run.board["D7"].icons and "M-S" not in run.board["E8"].icons


def test_a_requisition_outside_the_two_player_variant_is_refused_in_one_line():
    game = load("18SJ", "166116")
    next(a for a in game.actions if a["type"] == "choose")["choice"] = "UGJ"
    with pytest.raises(InputError, match=r"^action 13 \(choose\): choice: 'UGJ': only the "
                                         r"two-player variant's bot requisitions"):
        list(run_positions(game))
