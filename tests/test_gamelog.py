"""Replaying 18xx.games game logs (tests/data/fixtures) with trainrun's own turn engine.

The oracle is the corpus (tests/data/corpus): for each ``run_routes`` of each recorded game,
the board, phase and trains the 18xx.games engine had just before it. Replaying the same
log to that action must give exactly that: every hex's tile, rotation and tokens (slots,
extras, reservations), markers, the phase, and the company's trains (ids and names).
"""
import copy
import dataclasses
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainrun import read_position
from trainrun.errors import InputError
from trainrun.plugins.g1817 import replay as g1817
from trainrun.plugins.g1871.replay import Game1871
from trainrun.replay.gamelog import filtered_actions, position_at, read_game, replay, run_positions
from trainrun.turn.tokens import tokens_left

DATA = Path(__file__).parent / "data"
REPLAYED = ["18Chesapeake", "18NY", "1871", "1817"]


def board_differences(mine, theirs) -> list[str]:
    """Every hex where two positions' boards differ, with both sides."""
    out = []
    for hex_id in sorted(set(mine.board) | set(theirs.board)):
        a, b = mine.board[hex_id], theirs.board[hex_id]
        if (a.tile.name, a.rotation) != (b.tile.name, b.rotation):
            out.append(f"{hex_id}: tile {a.tile.name}@{a.rotation} vs {b.tile.name}@{b.rotation}")
        # a city with nothing in it may be listed or not (1871's data lists none)
        ta = {i: (c.slots, c.extra, sorted(c.reserved)) for i, c in a.tokens.items()
              if c.holders() or c.reserved}
        tb = {i: (c.slots, c.extra, sorted(c.reserved)) for i, c in b.tokens.items()
              if c.holders() or c.reserved}
        if ta != tb:
            out.append(f"{hex_id}: tokens {ta} vs {tb}")
        if sorted(a.markers) != sorted(b.markers):
            out.append(f"{hex_id}: markers {a.markers} vs {b.markers}")
    return out


def differences(mine, line: dict) -> list[str]:
    theirs = read_position(line)
    out = board_differences(mine, theirs)
    if mine.phase.name != theirs.phase.name:
        out.append(f"phase {mine.phase.name} vs {theirs.phase.name}")
    if mine.company != theirs.company:
        out.append(f"company {mine.company} vs {theirs.company}")
    ours = [(t.id, t.name) for t in mine.trains]
    recorded = [(t.id, t.name) for t in theirs.trains]
    if ours != recorded:
        out.append(f"trains {ours} vs {recorded}")
    return out


def games(titles):
    return [(t, p.stem) for t in titles for p in sorted((DATA / "fixtures" / t).glob("*.json"))]


def corpus_lines(title: str, game: str) -> dict[int, dict]:
    path = DATA / "corpus" / title / f"{game}.jsonl"
    return {d["action"]: d for d in map(json.loads, path.read_text().splitlines())}


def load(title: str, game: str):
    return read_game((DATA / "fixtures" / title / f"{game}.json").read_text(), f"{game}.json")


@pytest.mark.parametrize("title,game", games(REPLAYED))
def test_every_run_position_equals_the_corpus_line(title, game):
    lines = corpus_lines(title, game)
    positions = {}
    try:
        for position in run_positions(load(title, game)):
            positions[position.source["action"]] = position
    except InputError as exc:   # a stop after the last corpus line is allowed (and named)
        assert str(exc).startswith("action "), exc
        assert int(str(exc).split()[1]) > max(lines), exc
    assert set(lines) <= set(positions)
    source = positions[max(lines)].source
    assert (source["fixture"], source["action"]) == (f"{game}.json", max(lines))
    # and its president where the replay follows it (tests/test_replay_shares.py)
    assert set(source) - {"president"} == {"fixture", "action", "round", "declared"}
    wrong = {a: differences(positions[a], line) for a, line in lines.items()}
    assert {a: d for a, d in wrong.items() if d} == {}


def test_position_at_a_run_is_that_runs_corpus_line():
    line = corpus_lines("18Chesapeake", "1277")[63]
    position = position_at(load("18Chesapeake", "1277"), action=63)
    assert position.company == "B&O" and differences(position, line) == []


def test_position_at_for_a_named_company_has_its_trains():
    # 1277 actions 51-52: N&W bought trains 2-1 and 2-2 (corpus line 63 is B&O's run)
    position = position_at(load("18Chesapeake", "1277"), action=63, company="N&W")
    assert [t.id for t in position.trains] == ["2-1", "2-2"]


def test_position_at_an_action_by_a_player_needs_a_company():
    with pytest.raises(InputError, match=r"^--company: action 54 \(pass\) is by a player"):
        position_at(load("18Chesapeake", "1277"), action=54)


def test_position_at_an_unknown_action():
    with pytest.raises(InputError, match="no action 99999"):
        position_at(load("18Chesapeake", "1277"), action=99999)


# ---- undo and redo, as the 18xx.games engine filters them --------------------------------

def _log(*types):
    return [{"id": i + 1, "type": t} for i, t in enumerate(types)]


def _ids(actions):
    return [a["id"] for a in actions]


def test_undo_takes_back_the_last_action_standing():
    assert _ids(filtered_actions(_log("bid", "pass", "undo", "undo", "bid"))) == [5]


def test_redo_puts_back_what_the_undo_before_it_took():
    assert _ids(filtered_actions(_log("bid", "pass", "undo", "undo", "redo"))) == [1]


def test_an_action_after_an_undo_ends_the_redo():
    # the bid undone at 2 is gone once 3 is played: redo 5 puts back only the pass
    assert _ids(filtered_actions(_log("bid", "undo", "pass", "undo", "redo"))) == [3]
    with pytest.raises(InputError, match=r"action 6 \(redo\): nothing to redo"):
        filtered_actions(_log("bid", "undo", "pass", "undo", "redo", "redo"))


def test_undo_to_an_action_takes_back_everything_after_it():
    log = _log("bid", "pass", "bid", "pass") + [{"id": 5, "type": "undo", "action_id": 2}]
    assert _ids(filtered_actions(log)) == [1, 2]
    log.append({"id": 6, "type": "redo"})
    assert _ids(filtered_actions(log)) == [1, 2, 3, 4]


def test_undo_to_zero_takes_back_the_whole_log():
    log = _log("bid", "pass") + [{"id": 3, "type": "undo", "action_id": 0}]
    assert filtered_actions(log) == []


def test_messages_are_never_undone():
    assert _ids(filtered_actions(_log("bid", "message", "undo"))) == [2]


def test_undo_to_an_action_not_in_the_log():
    log = _log("bid") + [{"id": 2, "type": "undo", "action_id": 7}]
    with pytest.raises(InputError, match=r"action 2 \(undo\): undoes to action 7"):
        filtered_actions(log)


def _engine_filtered(actions):
    """Engine game/base.rb ``filtered_actions`` line for line (each undo looking over the
    whole log: quadratic), the model ``filtered_actions`` keeps to in linear time."""
    active_undos, kept = [], [None] * len(actions)
    for index, action in enumerate(actions):
        kind, target = action["type"], action.get("action_id")
        if kind == "undo":
            if target is None:
                undo_to = max((i for i, a in enumerate(kept) if a and a["type"] != "message"),
                              default=0)
            else:
                undo_to = 0 if target == 0 else next(
                    i for i, a in enumerate(actions) if a["id"] == target) + 1
            taken = [(a, i) for i, a in enumerate(kept[undo_to:index], undo_to)
                     if a and a["type"] != "message"]
            for _, i in taken:
                kept[i] = None
            active_undos.append(taken)
        elif kind == "redo":
            for a, i in active_undos.pop():
                kept[i] = a
        else:
            if kind != "message":
                active_undos.clear()
            kept[index] = action
    return [a for a in kept if a]


@st.composite
def _undo_logs(draw):
    """Logs of bids, messages, undos (of the last action, to an earlier one, to the start)
    and redos, each redo with an undo to redo."""
    log, redoable = [], 0
    for n in range(1, draw(st.integers(1, 40)) + 1):
        kind = draw(st.sampled_from(["bid", "message", "undo", "undo to", "redo"]))
        if kind == "redo" and not redoable:
            kind = "bid"
        action = {"id": n, "type": kind.split()[0]}
        if kind == "undo to":
            action["action_id"] = draw(st.integers(0, n - 1))
        redoable = (redoable + 1 if kind.startswith("undo") else redoable - 1 if kind == "redo"
                    else redoable if kind == "message" else 0)
        log.append(action)
    return log


@settings(max_examples=500, deadline=None)
@given(_undo_logs())
def test_undo_and_redo_stand_as_the_engine_filters_them(log):
    assert filtered_actions(log) == _engine_filtered(log)


def test_undo_and_redo_of_the_whole_log_again_and_again():
    # the engine's way looks over the whole log at each undo; here each is a step
    log = _log("bid", "pass", "bid") + [{"id": 4 + n, "type": "redo" if n % 2 else "undo",
                                         **({} if n % 2 else {"action_id": 0})}
                                        for n in range(20_000)]
    assert _ids(filtered_actions(log)) == [1, 2, 3]
    assert filtered_actions(log[:-1]) == []


def test_the_recorded_undos_of_22383_leave_the_actions_the_corpus_ran():
    game = load("18Chesapeake", "22383")
    raw = json.loads((DATA / "fixtures/18Chesapeake/22383.json").read_text())["actions"]
    assert sum(a["type"] == "undo" for a in raw) == 11
    assert not {a["type"] for a in game.actions} & {"undo", "redo"}
    assert len(game.actions) < len(raw) - 11   # each undo took back at least one action


# ---- bad logs: one line naming the action ---------------------------------------------

def _game(title="18Chesapeake", game="1277"):
    return json.loads((DATA / "fixtures" / title / f"{game}.json").read_text())


def _first(data, kind):
    return next(a for a in data["actions"] if a["type"] == kind)


def test_truncated_json():
    text = (DATA / "fixtures/18Chesapeake/1277.json").read_text()
    with pytest.raises(InputError, match="^game: malformed JSON"):
        read_game(text[: len(text) // 2])


def test_unknown_title():
    with pytest.raises(InputError, match="^title: unknown title 'Nope'"):
        read_game({"title": "Nope", "actions": []})


# action 47: B&O lays tile 9 on G7 at rotation 1 (track joining Baltimore H6); at
# rotation 0 the straight track misses B&O's token and the turn engine refuses it
@pytest.mark.parametrize("kind, key, value, error", [
    ("lay_tile", "hex", "Z99", r"^action 47 \(lay_tile\): unknown hex 'Z99'"),
    ("lay_tile", "tile", "9999-0", r"^action 47 \(lay_tile\): unknown tile '9999'"),
    ("lay_tile", "rotation", 0, r"^action 47 \(lay_tile\): lay 9 on G7 at rotation 0"),
    ("buy_train", "train", "9-0", r"^action 48 \(buy_train\): unknown train '9'"),
], ids=["hex not on the map", "unknown tile", "illegal lay", "unknown train"])
def test_a_bad_action_stops_the_replay_naming_it(kind, key, value, error):
    data = _game()
    _first(data, kind)[key] = value
    with pytest.raises(InputError, match=error):
        list(replay(read_game(data)))


def test_a_bankruptcy_ends_the_game():
    # docs/rules/common.md §11: 1277 ends at 424 (bankrupt), which the replay reads
    assert [a["id"] for a, _ in replay(load("18Chesapeake", "1277"))][-1] == 424


def test_an_action_the_replay_cannot_follow_stops_it_there():
    data = _game("18Chesapeake", "1277")
    data["actions"].append({"type": "pass", "entity": "PRR", "entity_type": "corporation",
                            "id": 425})
    with pytest.raises(InputError, match=r"^action 424 \(bankrupt\): the game goes on after "
                                         r"this bankruptcy"):
        list(replay(read_game(data)))
    data = _game("18Chesapeake", "1277")
    data["actions"][-1]["type"] = "nationalize"
    with pytest.raises(InputError, match=r"^action 424 \(nationalize\): trainrun cannot "
                                         r"replay this action yet$"):
        list(replay(read_game(data)))


def _bankrupt_auto(data: dict, *after: dict) -> dict:
    """1905's last action (543, SRR's pass) with a ``bankrupt`` recorded with it, then
    ``after``: automatic actions arrive as new dicts (``Steps``), not the log's own."""
    last = data["actions"][-1]
    last["auto_actions"] = [{"type": "bankrupt", "entity": "SRR",
                             "entity_type": "corporation"}, *after]
    return data


def test_an_automatic_bankruptcy_ends_the_game():
    # docs/rules/common.md §11: a bankruptcy recorded as 543's automatic action is the end
    game = read_game(_bankrupt_auto(_game("18Chesapeake", "1905")))
    assert [a["id"] for a, _ in replay(game)][-1] == 543
    assert position_at(game).company == "SRR"    # the last to operate, 543's entity


def test_an_automatic_bankruptcy_followed_by_more_of_its_action_stops_the_replay():
    data = _bankrupt_auto(_game("18Chesapeake", "1905"),
                          {"type": "pass", "entity": "SRR", "entity_type": "corporation"})
    with pytest.raises(InputError, match=r"^action 543 \(bankrupt\): the game goes on after "
                                         r"this bankruptcy"):
        list(replay(read_game(data)))


def test_replaying_does_not_change_positions_handed_out():
    game = load("18Chesapeake", "1905")
    first = next(run_positions(game))
    before = copy.deepcopy({h: (p.tile.name, p.rotation, p.tokens) for h, p in first.board.items()})
    list(run_positions(game))
    assert {h: (p.tile.name, p.rotation, p.tokens) for h, p in first.board.items()} == before


# ---- 18NY: markers claimed, income held, mergers and the NYC -----------------------------

INCOME = ("connection_bonus_revenue", "coal_revenue")


def test_18ny_income_held_equals_the_corpus_at_every_run():
    # the corpus line's company-level income (bonus and coal tokens claimed before the run):
    # 108746 reaches $40 of connection bonuses (D&H) and $30 of coal (D&H, after its merger
    # with minor 2 and the Pennsylvania Coal Fields' claims at 383)
    lines = corpus_lines("18NY", "108746")
    income = {p.source["action"]: {k: p.title_state.get(k, 0) for k in INCOME}
              for p in run_positions(load("18NY", "108746"))}
    assert {a: income[a] for a in lines} == {a: {k: line[k] for k in INCOME}
                                            for a, line in lines.items()}


def test_18ny_marker_claims_follow_the_runs():
    # run 87 (minor 1: E19-F20-G19) claims G19's connection bonus; the coal of H10, H12 and
    # I13's location (marker on J14) goes with D&H's claims in action 383
    positions = {p.source["action"]: p for p in run_positions(load("18NY", "108746"))}
    assert "connection_bonus" in positions[87].board["G19"].markers
    assert "connection_bonus" not in positions[90].board["G19"].markers
    assert positions[90].title_state.get("connection_bonus_revenue", 0) == 0   # minor 8's
    assert positions[147].title_state["connection_bonus_revenue"] == 10       # minor 1's
    assert all("coal" in positions[366].board[h].markers for h in ("H10", "H12", "J14"))
    assert not any("coal" in positions[384].board[h].markers for h in ("H10", "H12", "J14"))


def test_18ny_nyc_takes_the_merged_minors_tokens():
    # formation round one (actions 468-475): eight minors merge; each home token becomes
    # the NYC's (corpus line 508), minor 6 stays until the minors left are liquidated
    # after the next set of operating rounds (gone by line 777)
    positions = {p.source["action"]: p for p in run_positions(load("18NY", "108746"))}
    nyc = sorted(h for h, p in positions[508].board.items()
                 for c in p.tokens.values() if "NYC" in c.holders())
    assert nyc == ["D12", "D2", "D4", "D8", "E11", "E15", "E5", "F20"]
    assert "6" in positions[707].board["E3"].tokens[0].holders()
    assert "6" not in positions[777].board["E3"].tokens[0].holders()


def test_18ny_a_merge_of_an_unknown_company():
    data = _game("18NY", "108746")
    _first(data, "merge")["corporation"] = "XX"
    with pytest.raises(InputError, match=r"^action 371 \(merge\): corporation: unknown company"):
        list(replay(read_game(data)))


# ---- 1871: the auction, shares and presidencies, floats, the PEIR, splits -----------------

G1871 = "1871_game_end_final_phase"


@dataclasses.dataclass
class Moment1871:
    """The replay just before one action: presidents, the PEIR's operator, open privates and
    their holders, floated railroads, holdings, board, trains, trains gone, and the
    positions' privates per company."""

    presidents: dict
    peir: object
    privates: dict
    floated: set
    held: dict
    board: dict
    trains: dict
    gone: set
    seen: dict

    def percent(self, railroad, holder):
        return self.held.get(railroad, {}).get(holder, 0)

    def cities_of(self, company):
        return [(h, i) for h, p in self.board.items() for i, c in p.tokens.items()
                if company in c.holders()]


def _states_1871(*actions):
    out = {}
    for logged, state in replay(load("1871", G1871)):
        if logged["id"] in actions:
            g = state.state.books(Game1871)
            out[logged["id"]] = Moment1871(
                dict(g.holdings.president), g.peir_owner, dict(g.privates),
                set(g.holdings.floated), copy.deepcopy(g.holdings.held), dict(state.board),
                {c: [t.id for t in ts] for c, ts in state.trains.items()}, set(state.gone),
                copy.deepcopy(dict(state.state.privates)))
    return out


def test_1871_setup_drawn_from_the_seed_and_the_auction_piles():
    # seed 2027948281: Mount Stewart is the Mainline, Alberton the Shortline (their tokens in
    # M13 and D6, corpus line 105), Summerside drawn third (the Union Bank's second share);
    # the next 15 numbers deal the piles, as the log's offers show: player 12729 offers RF,
    # HSE, RA, UB (MC offered for it), 3574 SBC, SL, ML, VR (SB), 13748 P1, P4, P5, P6 (P7)
    from trainrun.plugins.g1871 import setup
    from trainrun.plugins.g1871.auction import Auction
    assert setup.draw(2027948281)[:3] == ("MS", "A", "S")
    piles = Auction(2027948281, [12729, 3574, 13748]).piles
    assert {p: sorted(c) for p, c in piles.items()} == {
        12729: ["HSE", "MC", "RA", "RF", "UB"], 3574: ["ML", "SB", "SBC", "SL", "VR"],
        13748: ["P1", "P4", "P5", "P6", "P7"]}


def test_1871_auction_sales_and_forced_privates():
    # bids then a pass sell to the best bid (SBC to 12729 for $120 at 16-17); RA, offered by
    # 12729 and passed by both others (35-37), is forced on its offerer; P6 (61-62): 12729
    # ($10 left) cannot bid $85, 3574 passes, the offerer 13748 has $45 < $80, so 3574, the
    # richest, must buy it; MC (73), then SB and P7, offered without a recorded action, go
    # to 3574 the same ways. The PEIR goes to the most PEIR shares, the lowest-numbered
    # share breaking a tie: 3574 (P1) ties 12729 (P4) at 34, 12729 leads after P5 (44),
    # 3574 leads again after P6.
    states = _states_1871(35, 45, 75, 81)
    assert states[35].peir == 3574 and states[45].peir == 12729 and states[75].peir == 3574
    privates = states[81].privates
    assert {p: privates[p] for p in ("SBC", "RA", "ML", "SL", "P1", "P4", "P5", "P6", "P7",
                                     "MC", "SB", "VR", "UB")} == {
        "SBC": 12729, "RA": 12729, "ML": 12729, "SL": 13748, "P1": 3574, "P4": 12729,
        "P5": 12729, "P6": 3574, "P7": 3574, "MC": 3574, "SB": 3574, "VR": 13748,
        "UB": 13748}
    # the Mainline floats with 50% held (ML 20, RA 10, RF 10, Union Bank 10)
    assert states[81].presidents == {"MS": 12729, "A": 13748} and states[81].floated == {"MS"}


def test_1871_presidency_follows_the_shares():
    # 116-118: 3574 exchanges MC and SB for Alberton's exchange shares (20%, tying 13748's
    # president's 20%: no change) and buys A_1: 30% > 20%, 3574 presides Alberton, which
    # floats (60% held with the exchange share left); 13748 then sells A_6 and A_7 (158),
    # the shares it received for the president's certificate
    states = _states_1871(118, 119, 158)
    assert states[118].presidents["A"] == 13748 and states[119].presidents["A"] == 3574
    assert "A" in states[119].floated
    assert "MC" not in states[119].privates and "SB" not in states[119].privates


def test_1871_a_float_swaps_the_peir_token_for_the_railroads():
    # S pars at 159 (13748, 20%); with the Union Bank's 10% and 3574's S_1, S_2 and S_3
    # (168) make 60%: S floats, its token replaces the PEIR's in F14, P5 closes and 12729 its
    # holder gets a 10% share of S
    states = _states_1871(168, 169)
    before, after = states[168], states[169]
    assert before.board["F14"].tokens[0].slots[0] == "PEIR" and "S" not in before.floated
    assert after.board["F14"].tokens[0].slots[0] == "S" and "S" in after.floated
    assert "P5" in before.privates and "P5" not in after.privates
    assert (before.percent("S", 12729), after.percent("S", 12729)) == (0, 10)


def test_1871_the_peir_closes_with_its_last_share():
    # Georgetown floats at 493 (Gt_4): the last PEIR share is exchanged, the PEIR closes and
    # its 3+ (3+-1) leaves the game; it never runs again (its last corpus line is 465)
    states = _states_1871(493, 494)
    assert states[493].trains["PEIR"] == ["3+-1"] and states[493].peir == 3574
    assert "PEIR" not in states[494].trains and "3+-1" in states[494].gone
    assert states[494].peir is None


def test_1871_split_gives_the_branch_a_token_and_shares():
    # 337-341: 13748 splits S into the Belfast Branch. S's only token away from home becomes
    # BB's (the engine picks it: one choice). S's holders before: 13748 50% (par 159, S_2,
    # S_3, S_5), the Union Bank 10% (S_8); 12729 sold its float share S_4 (223) and 3574
    # its S_1 (229). At the par 13748 gives two shares for BB's 20% president's certificate;
    # then each holder gives half its other S shares, in whole shares: 13748's 10% and the
    # Union Bank's 10% give none. No train moves ("done"); BB takes $180.
    states = _states_1871(337, 342)
    before, after = states[337], states[342]
    [(hex_id, city)] = [hc for hc in before.cities_of("S") if hc[0] != "F14"]
    assert after.board[hex_id].tokens[city].holders().count("BB") == 1
    assert "S" not in after.board[hex_id].tokens[city].holders()
    assert after.presidents["BB"] == after.presidents["S"] == 13748
    holders = (13748, 3574, 12729, -1)
    assert {h: before.percent("S", h) for h in holders} == {13748: 50, 3574: 0, 12729: 0,
                                                            -1: 10}
    assert {h: after.percent("S", h) for h in holders} == {13748: 30, 3574: 0, 12729: 0,
                                                           -1: 10}
    assert {h: after.percent("BB", h) for h in holders} == {13748: 20, 3574: 0, 12729: 0,
                                                            -1: 0}
    assert after.trains["S"] == before.trains["S"] and "BB" not in after.trains


def test_1871_positions_carry_the_sbc_holder():
    # tile 9 needs the SBC private in the president's hands (docs/rules/1871.md §8): 12729
    # holds it and presides MS, never the PEIR (3574) nor S (13748); it closes with the
    # first 4+ (383)
    states = _states_1871(82, 86, 180, 385)
    assert states[82].seen["MS"]["SBC"] == "president"
    assert states[86].seen["PEIR"]["SBC"] == "player"
    assert states[180].seen["S"]["SBC"] == "player"
    assert "SBC" not in states[385].seen["MS"]
    assert position_at(load("1871", G1871), action=82).privates["SBC"] == "president"


def test_1871_without_a_seed_is_refused():
    data = _game("1871", "1871_game_end_final_phase")
    del data["settings"]["seed"]
    with pytest.raises(InputError, match=r"^settings.seed: 1871's setup .* drawn from the "
                                         r"game's seed"):
        next(replay(read_game(data)))


def _replay_1871_changed(change):
    data = _game("1871", G1871)
    change({a["id"]: a for a in data["actions"]}, data)
    list(replay(read_game(data)))


def test_1871_an_offer_out_of_turn_stops_the_replay():
    def change(actions, data):
        actions[12]["entity"] = 13748   # 3574 offers SBC there
    with pytest.raises(InputError, match=r"^action 12 \(offer\): entity: 13748 may not offer "
                                         r"now: the auction waits for 3574$"):
        _replay_1871_changed(change)


def test_1871_a_choice_outside_a_split_stops_the_replay():
    def change(actions, data):
        data["actions"].remove(actions[337])   # the split the choices belong to
    with pytest.raises(InputError, match=r"^action 338 \(choose\): choose: trainrun replays "
                                         r"1871 choices during a split only$"):
        _replay_1871_changed(change)


def test_1871_needs_the_players():
    def change(actions, data):
        del data["players"]
    with pytest.raises(InputError, match=r"^action 8 \(offer\): players: 1871 needs three or "
                                         r"more players, got 0$"):
        _replay_1871_changed(change)


def test_1871_a_malformed_share_id():
    def change(actions, data):
        actions[171]["shares"] = ["S5"]
    with pytest.raises(InputError, match=r"^action 171 \(buy_shares\): shares: expected share "
                                         r"ids such as 'S_3'"):
        _replay_1871_changed(change)


# 1817: privates, markers, mergers, acquisitions and liquidations. In the bankrupt game,
# player 18003 wins WT's acquisition at 1369 ($320) and no merge names the buyer: the engine
# took the only one of PSNR and UR able to pay (acquire.rb mergeable: buying power >= the
# bid). The replay tries both: with PSNR, C22 (tile 14, two slots) keeps UR's token and
# WT's (now PSNR's), and WT's token there at 1556 has no slot; with UR, UR's own token in
# C22 leaves (a city holding both keeps one), and the rest of the log replays.
def _acquisition_branches(data=None):
    from trainrun.replay.replayfork import Fork, _branch, _contradiction
    game = read_game(data) if data else load("1817", "1817_game_end_bankrupt")
    for action, state in replay(game):  # noqa: B007 (the state at the break is used)
        if action["id"] == 1373:
            break
    state.apply(action)
    at = next(i for i, a in enumerate(game.actions) if a["id"] == 1374)
    fork = Fork((1374, 0, "acquisition"), ("PSNR", "UR"), "who can pay")
    return {c: _contradiction(_branch(state, fork, c), at, 0) for c in ("PSNR", "UR")}


def test_1817_the_acquisition_buyer_the_rest_of_the_log_allows():
    branches = _acquisition_branches()
    assert str(branches["PSNR"]) == ("action 1556 (place_token): token: C22 city 0 has no "
                                     "free slot (held by PSNR, UR)")
    assert branches["UR"] is None
    for action, state in replay(load("1817", "1817_game_end_bankrupt")):
        if action["id"] == 1375:
            assert state.decisions == {(1374, 0, "acquisition"): "UR"}
            assert not state.state.cities_of("WT") and set(state.state.cities_of("UR")) == {
                ("C14", 0), ("C22", 0), ("C26", 0), ("E22", 0), ("G18", 0), ("H3", 0)}
            assert state.board["C22"].tokens[0].slots == ["UR", None]


def _bankrupt_game_changed(change):
    data = _game("1817", "1817_game_end_bankrupt")
    change({a["id"]: a for a in data["actions"]})
    return data


def test_1817_an_acquisition_the_rest_of_the_log_does_not_settle_is_carried_forward():
    # without WT's token in C22 (1556) nothing later tells PSNR from UR: the replay goes on
    # with both and stops at the first run whose position differs (1569, the first run
    # after 1374: UR's and WT's tokens), every run before it handed out
    data = _bankrupt_game_changed(lambda actions: actions[1556].update(type="message"))
    game = read_game(data)
    before = [p.source["action"] for p in run_positions(load("1817", "1817_game_end_bankrupt"))
              if p.source["action"] < 1569]
    handed = []
    with pytest.raises(InputError, match=r"^action 1569 \(run_routes\): this position depends "
                                         r"on acquisition at action 1374 \(bid\) \(trainrun "
                                         r"cannot tell which corporation of player 18003 "
                                         r"acquires WT: .* the rest of the log contradicts "
                                         r"none of PSNR, UR\): with UR its tokens differ$"):
        for position in run_positions(game):
            handed.append(position.source["action"])
    assert handed == before


def test_1817_an_acquisition_the_rest_of_the_log_contradicts_every_way_stops_the_replay():
    # a train no one can buy at 1563: UR's branch breaks there, PSNR's at 1556 already
    data = _bankrupt_game_changed(lambda actions: actions[1563].update(train="9-9"))
    assert set(_acquisition_branches(data)) == {"PSNR", "UR"}
    with pytest.raises(InputError, match=r"^action 1374 \(bid\): acquisition: .* the rest of "
                                         r"the log contradicts each \(PSNR by action 1556 "
                                         r"\(place_token\); UR by action 1563 \(buy_train\)\)$"):
        list(replay(read_game(data)))


def test_a_fork_branch_goes_on_without_changing_the_replay():
    game = load("1817", "1817_game_end_bankrupt")
    for action, state in replay(game):  # noqa: B007 (the state at the break is used)
        if action["id"] == 1374:
            break
    branch = state.copy()
    branch.state.close("UR")
    g1817._state(branch.state)["presidents"].clear()
    assert state.state.cities_of("UR") and state.trains["UR"]
    assert g1817._state(state.state)["presidents"]
    assert branch.title is state.title and branch.game is state.game


def _positions(title, game):
    return {p.source["action"]: p for p in run_positions(load(title, game))}


def test_1817_markers_of_the_privates():
    # 15528: MAJC's lay at 149 puts a mine on C20 (corpus line 213 shows it), OBC's assign
    # at 233 a bridge on H9 (absent at line 230, present at line 236 or later)
    positions = _positions("1817", "15528")
    assert positions[213].board["C20"].markers == ("mine",)
    before = max(a for a in positions if a < 233)
    after = min(a for a in positions if a > 233)
    assert "bridge" not in positions[before].board["H9"].markers
    assert positions[after].board["H9"].markers == ("bridge",)


def test_1817_a_merger_moves_trains_and_tokens():
    # 13707 action 233: GT merges Bess; Bess's trains and tokens become GT's and Bess
    # leaves the board (then GT discards 2-0 at 234, over its train limit)
    game = load("1817", "13707")
    before = after = None
    for action, state in replay(game):  # noqa: B007 (the state at the break is used)
        if action["id"] == 233:
            before = ({t.id for t in state.trains.get("Bess", [])}, state.state.cities_of("Bess"),
                      {t.id for t in state.trains.get("GT", [])})
        if action["id"] == 234:
            after = state
            break
    bess_trains, bess_cities, gt_trains = before
    assert bess_cities and not after.state.cities_of("Bess") and not after.trains.get("Bess")
    assert set(bess_cities) <= set(after.state.cities_of("GT"))
    assert {t.id for t in after.trains["GT"]} == bess_trains | gt_trains


def _tokens_left_before(game, action_id, company):
    for action, state in replay(load("1817", game)):
        if action["id"] == action_id:
            return tokens_left(state.position(company, action_id))


def test_1817_a_single_size_corporation_has_its_tokens_once_its_auction_is_won():
    # phase 4: 5 shares, 2 tokens (engine PHASES corporation_sizes). 15528#724: no one
    # could bid on PLE after 655's $120 (723): the passes 725-727 go round to 655 (728),
    # PLE is won and sized before its home token; the moves line has 2 left. Bankrupt
    # game #1475: after 7791's $240 on A&S (1474), 18003 and 4738 pass it (1476, 1478),
    # and 18003 acts again (1479) before 7791: the auction was open, A&S still holds only
    # its charter's token at its home (1 left), and 2 once won (WT the same at 1503/1556)
    assert _tokens_left_before("15528", 724, "PLE") == 2
    assert _tokens_left_before("1817_game_end_bankrupt", 1475, "A&S") == 1
    assert _tokens_left_before("1817_game_end_bankrupt", 1476, "A&S") == 1   # 2, one home
    assert _tokens_left_before("1817_game_end_bankrupt", 1556, "WT") == 1


def test_1817_home_tokens_are_chosen_cities():
    # 15528 action 86: H places its first token, its home, in H9 city 0 (the turn engine's
    # HomeToken step: any city with a slot for it, reached or not)
    game = load("1817", "15528")
    assert {k: game.action(86)[k] for k in ("type", "entity", "city")} == {
        "type": "place_token", "entity": "H", "city": "H9-2-0"}
    for action, state in replay(game):  # noqa: B007 (the state at the break is used)
        if action["id"] == 87:
            assert state.board["H9"].tokens[0].slots[0] == "H"
            break


def moves_lines(title: str, game: str) -> dict[int, list[dict]]:
    out: dict[int, list[dict]] = {}
    lines = (DATA / "moves" / title / f"{game}.jsonl").read_text().splitlines()
    for line in map(json.loads, lines):
        out.setdefault(line["action"], []).append(line)
    return out


def moment_differences(title: str, game: str, tokens: bool = False
                       ) -> tuple[int, dict, int | None]:
    """The moves lines reached by the replay, those that differ (with ``tokens``, in the
    company's tokens left too), and the action it stopped at (None: it went to the end)."""
    lines = moves_lines(title, game)
    wrong, seen = {}, 0
    try:
        for action, state in replay(load(title, game)):
            for line in lines.get(action["id"], ()):
                seen += 1
                position = state.position(line.get("operator") or line["entity"], action["id"])
                found = differences(position, line)
                laid = line.get("allowance", {}).get("laid_this_turn")
                if line["step"] == "Track" and laid is not None and laid != state.turn.lays:
                    found.append(f"lays this turn {state.turn.lays} vs {laid}")
                if tokens and "tokens_left" in line and tokens_left(position) != line[
                        "tokens_left"]:
                    found.append(f"tokens left {tokens_left(position)} vs {line['tokens_left']}")
                if found:
                    wrong[action["id"]] = found
    except InputError as exc:
        return seen, wrong, int(str(exc).split()[1])
    return seen, wrong, None


@pytest.mark.parametrize("title,game", games(REPLAYED))
def test_every_lay_and_token_moment_equals_the_moves_line(title, game):
    # the legal-move set (tests/data/moves): the board just before each lay or token, and
    # for a corporation's own lays the lays it made earlier in the same turn; 1817: each
    # token moment also with the tokens the company has left, those its size, the Train
    # Station, conversions and mergers gave it (15528#1636: DL&W has 4 left, with R's 2
    # tokens, as R could not buy the 2 of its conversion at 1199 and liquidated)
    lines = moves_lines(title, game)
    seen, wrong, failed = moment_differences(title, game, tokens=title == "1817")
    # a stop past the last moment, or at a recorded move the engine refused too
    # (engine_error: 18Chesapeake 2593#484, where the new track is not reached)
    assert failed is None or failed > max(lines) or any(
        "engine_error" in line["recorded"] for line in lines.get(failed, ())), failed
    assert seen == sum(map(len, lines.values())) and wrong == {}


def test_1817_a_bridge_assigned_to_a_hex_not_on_the_map():
    data = _game("1817", "15528")
    next(a for a in data["actions"] if a["type"] == "assign"
         and a.get("target_type") == "hex")["target"] = "Z99"
    with pytest.raises(InputError, match=r"^action 233 \(assign\): target: unknown hex 'Z99'"):
        list(replay(read_game(data)))


def test_1817_the_bank_liquidates_a_corporation_nobody_bought():
    # engine process_bank_liquidate: its tokens leave the board, its trains the game; here
    # 15528's GT, as if in liquidation offered in the acquisition round before OR 2.1 (309)
    for action, state in replay(load("1817", "15528")):  # noqa: B007 (used after the break)
        if action["id"] == 309:
            break
    trains = [t.id for t in state.trains["GT"]]
    notes = g1817._state(state.state)
    assert state.state.cities_of("GT") and trains
    notes["liquidating"]["GT"] = notes["mergers"]
    g1817._bank_liquidations(state.state, notes)
    assert not state.state.cities_of("GT") and "GT" not in state.trains
    assert set(trains) <= state.gone and "GT" not in notes["liquidating"]
