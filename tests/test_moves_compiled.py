"""Legal lays and tokens of the titles compiled from the 18xx.games engine against the
engine's complete legal-move sets at every recorded lay and token moment of their games
(tests/data/moves_compiled/<title>/, format as tests/data/moves/FORMAT.md; each line also
says who holds each open private, ``privates``, as the engine had it).

A moment trainrun does not yet answer as the engine does is listed in ``KNOWN`` with the
rule it lacks; those are strict expected failures, so a fix shows up as a failure to
remove from the list.
"""
import json
from pathlib import Path

import pytest
from corpus_checks import optional_rules

from trainrun import read_position
from trainrun.plugins.g18sj.lays import connects_main_line
from trainrun.replay.gamelog import filtered_actions
from trainrun.turn.lay_moves import legal_lays
from trainrun.turn.tokens import legal_tokens

MOVES = Path(__file__).parent / "data" / "moves_compiled"
FIXTURES = Path(__file__).parent / "data" / "fixtures"
# titles whose privates close by a player's choice yet stay in the game (value 0), which
# the harness's ``privates`` does not show: 18GB (engine G18GB::Game#close_company)
CLOSED_STAY = {"18GB"}
# titles whose company's second lay needs its first to have improved a main line, which an
# upgrade did only if the tile before it did not connect the line (``_main_line_state``)
MAIN_LINES = {"18SJ"}


def _stated(line: dict) -> dict:
    """The line without a ``tokens_left`` of null: the harness writes null where the token's
    owner is a player (18FL's Terminal Company), who holds none; the company's count is
    then not stated."""
    return {k: v for k, v in line.items() if not (k == "tokens_left" and v is None)}


def _closings(title: str, game: str) -> list[tuple[int, str]]:
    """(action id, private) of each private a player closed by its ``choose_ability``
    ``close`` in the game's log (tests/data/fixtures), for the titles whose closed privates
    stay in the game (``CLOSED_STAY``)."""
    if title not in CLOSED_STAY:
        return []
    actions = filtered_actions(json.loads((FIXTURES / title / f"{game}.json").read_text())[
        "actions"])     # the log's undos and redos as the engine filters them
    return [(a["id"], a["entity"]) for a in actions
            if a["type"] == "choose_ability" and a.get("choice") == "close"]


def _title_state(closings: list[tuple[int, str]], action: int) -> dict:
    """18GB's ``title_state.closed_privates``: the privates closed before the moment (the
    harness's ``privates`` lists them still, as the engine keeps them, value 0)."""
    closed = sorted({sym for at, sym in closings if at < action})
    return {"title_state": {"closed_privates": closed}} if closed else {}


def _lay_actions(title: str, game: str) -> list[dict]:
    """The log's lays (after its undos), for the titles whose second lay depends on a lay's
    tile before it (``MAIN_LINES``)."""
    if title not in MAIN_LINES:
        return []
    actions = filtered_actions(json.loads((FIXTURES / title / f"{game}.json").read_text())[
        "actions"])
    return [a for a in actions if a["type"] == "lay_tile"]


def _main_line_state(lays: list[dict], line: dict) -> dict:
    """18SJ's ``title_state.main_line_improved`` at a second-lay moment whose first lay was
    an upgrade of a main-line hex: whether that lay improved the line, i.e. its tile
    connects the line and the tile before it, from the log, did not (engine
    ``G18SJ::Game#main_line_improvement``: the icon goes with the first lay that connects;
    the position shows neither the old tile nor when the icon went)."""
    allowance = line.get("allowance") or {}
    if line.get("step") != "Track" or allowance.get("laid_this_turn") != 1 or not (
            allowance.get("upgraded_this_turn")):
        return {}
    hex_id = allowance["laid_hexes"][0]
    on_hex = [a for a in lays if a["hex"] == hex_id and a["id"] < line["action"]]
    if len(on_hex) < 2:
        return {}
    position = read_position(line)
    tiles = position.title.tiles
    old, new = on_hex[-2], on_hex[-1]
    improved = (connects_main_line(hex_id, tiles[new["tile"].rsplit("-", 1)[0]],
                                   new["rotation"])
                and not connects_main_line(hex_id, tiles[old["tile"].rsplit("-", 1)[0]],
                                           old["rotation"]))
    return {"title_state": {"main_line_improved": improved}}


def _lines(path: Path) -> list[dict]:
    """A game's moments, each with the optional rules its log was played with as its
    position's ``options``, as ``corpus_checks.corpus_lines`` gives them (1888-N's tile
    counts), and 18GB's with the privates closed before it (``_title_state``)."""
    rules = optional_rules(path.parent.name, path.stem)
    closings = _closings(path.parent.name, path.stem)
    lays = _lay_actions(path.parent.name, path.stem)
    return [{**({"options": dict.fromkeys(rules, True)} if rules else {}),
             **_title_state(closings, d["action"]), **_main_line_state(lays, d),
             **_stated(d)}
            for d in map(json.loads, path.read_text().splitlines())]


LINES = [(f"{path.parent.name}/{path.stem}#{d['action']}", d)
         for path in sorted(MOVES.glob("*/*.jsonl")) for d in _lines(path)]

# moment -> the rule trainrun lacks there (each also in the title's TitleInfo.not_modelled)
KNOWN: dict[str, str] = {
    "18MEX/13315#379": "NdM's token price after its merger (its exchange tokens are not in "
                       "a position)",
    # 18GB: the two-player East-West map's J11 is a red off-board, the title's data has the
    # standard map only (engine G18GB::Map HEXES_2P_EW)
    "18GB/18gb-2p-ew#300": "18GB's two-player scenario maps (the title's data is the "
                           "standard map)",
    "18GB/18gb-2p-ew#327": "18GB's two-player scenario maps (the title's data is the "
                           "standard map)",
    # 18GB: MSLR, not in this four-player game, holds no reservation of H17 (every home is
    # tokened at the start: engine HOME_TOKEN_TIMING :start; the scenario's corporations)
    "18GB/18GB_final_train_exports_on_last_action_of_game#578":
        "18GB's corporations of the scenario (a home reserved for one not in the game)",
}

# moment -> moves the engine accepts that its legal-move harness does not list: 1893's
# yellow Leverkusen G6 goes only to K314 at rotation 0 (engine g_1893/game.rb
# upgrades_to?; docs/rules/1893.md §3); the engine's Track step turns the tile to that
# rotation without listing it among its legal rotations, so the harness, trying listed
# rotations only, never tries it, while the engine accepted it when it was laid at
# 1893_game_end_bank#325.
LEVERKUSEN = {"hex": "G6", "tile": "K314", "rotation": 0, "cost": 0}
HARNESS_OMITS = {f"1893/1893_game_end_bank#{a}": [LEVERKUSEN]
                 for a in (295, 298, 303, 306, 309, 316, 319, 322, 325)}
# 1882: SC's home token may take the place of a neutral token in any slot of a full city
# (engine G1882::Step::HomeToken); the harness tries each city's first slot only, which
# holds another company's token at G11 and I5 there. The engine accepted both, each tried
# by hand in it at that moment (PlaceToken of SC, slot 1: G11 [HBR, SC], I5 [CPR, SC]).
HARNESS_OMITS["1882/5236#400"] = [{"hex": "G11", "city": 0, "cost": 0},
                                  {"hex": "I5", "city": 0, "cost": 0}]


def _engine(name: str, line: dict) -> set:
    return {json.dumps(m, sort_keys=True)
            for m in line["legal"] + HARNESS_OMITS.get(name, [])}


def _ours(line: dict) -> set:
    position = read_position(line)
    moves = legal_lays(position) if line["kind"] == "lay_tile" else legal_tokens(position)
    return {json.dumps(m.to_dict() if hasattr(m, "to_dict") else
                       {"hex": m.hex, "tile": m.tile, "rotation": m.rotation, "cost": m.cost},
                       sort_keys=True) for m in moves}


@pytest.mark.parametrize("name,line", [
    pytest.param(n, d, marks=pytest.mark.xfail(reason=KNOWN[n], strict=True))
    if n in KNOWN else (n, d) for n, d in LINES], ids=[n for n, _ in LINES])
def test_legal_moves_are_the_engines_exactly(name, line):
    ours, engine = _ours(line), _engine(name, line)
    assert (sorted(engine - ours), sorted(ours - engine)) == ([], [])


def test_the_leverkusen_lay_the_harness_omits_was_laid():
    laid = next(d for n, d in LINES if n == "1893/1893_game_end_bank#325")
    assert {k: laid["recorded"][k] for k in ("hex", "tile", "rotation")} == \
        {k: LEVERKUSEN[k] for k in ("hex", "tile", "rotation")}
    assert laid["recorded_in_legal"] is False


def test_every_title_is_here():
    titles = {name.split("/")[0] for name, _ in LINES}
    assert titles == {"1830", "1889", "1893", "18GA", "18MEX", "18NL", "18Texas",
                      "18ChesapeakeOfftheRails", "18AL", "1846", "1817NA", "18DE", "1817WO",
                      "1856",
                      "1836jr56", "1836Jr30", "1850Jr", "1847AE",
                      "18JPT", "18FL", "1882", "1888", "18GB", "18SJ"}
